"""The site as an ASGI application: what uvicorn serves (the live streams, games/live/streams.py;
the compose file's ``streams`` service), and it serves every other page too.

Django runs each ASGI request inside a ThreadSensitiveContext of its own, so that the
synchronous parts of the request (this site's middleware, DRF views) run in a thread of that
request's own, which lives as long as the request does. A stream lives up to an hour: 500
streams would keep 500 idle threads. So stream requests skip that context: their synchronous
parts (the middleware and the view's checks before the stream starts, a few short queries) run
in asgiref's one shared thread, one request after another, and the stream itself holds no thread
at all (its database reads run on games.live.streams' small pool). Every other path is served as
Django serves it.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

django_application = get_asgi_application()

from games.live.streams import is_stream_path  # noqa: E402  (after Django is set up)


async def application(scope, receive, send):
    if scope["type"] == "http" and is_stream_path(scope.get("path", "")):
        await django_application.handle(scope, receive, send)
    else:
        await django_application(scope, receive, send)
