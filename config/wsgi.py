import os

from django.core.servers import basehttp
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

# `make run` serves this application with Django's runserver, whose handler writes a response's
# headers and its body in separate sends: on a keep-alive connection Nagle's algorithm then holds
# the body back until the client's delayed ACK, 40 ms on every request after a connection's
# first (a page's every refresh, a bot's every poll). socketserver's own switch for its handlers
# turns that off; gunicorn, which serves production, does not use this handler.
basehttp.WSGIRequestHandler.disable_nagle_algorithm = True
