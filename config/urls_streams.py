"""Live streams of matches, bot turns and bots' own events (games/live/streams.py,
bots/api_stream.py, bots/api_events.py).

Served live by an ASGI server (config/asgi.py; the compose file's ``streams`` service, which
the proxy routes these paths to), and as bounded long polls by a WSGI server (docs/api.md
"Where they are live").
"""

from django.urls import path
from rest_framework.authentication import SessionAuthentication

from bots.api import BotTokenAuthentication
from bots.api_events import BotEventsView
from bots.api_stream import BotStreamView
from games.accounts.tokens import HashedTokenAuthentication
from games.live.streams import MatchStreamView

urlpatterns = [
    path(
        "api/v1/matches/<id:pk>/stream/",
        # A person's token or session, or a bot's token (which games cannot name: it never imports bots).
        MatchStreamView.as_view(
            authentication_classes=[HashedTokenAuthentication, SessionAuthentication, BotTokenAuthentication]
        ),
        name="api-match-stream",
    ),
    path("api/v1/bot/stream/", BotStreamView.as_view(), name="api-bot-stream"),
    path("api/v1/bot/events/", BotEventsView.as_view(), name="api-bot-events"),
]
