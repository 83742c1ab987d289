"""A stream re-checks the credentials that opened it at every keep-alive interval (one second
on this server): once a person's API token is revoked, or a bot's token rotated, the stream
stops showing that seat's cards and ends with ``reconnect``; asking again with the old token is
a 401."""

import pytest
from django.contrib.auth import get_user_model

from bots.models import Bot
from bots.registry import register, rotate
from games.accounts.tokens import issue_token
from games.models import ApiToken
from tests.streams.conftest import board_match

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_revoking_a_token_ends_its_streams(stream_site):
    users = [get_user_model().objects.create_user(f"rv{i}") for i in range(4)]
    match = board_match(users)
    person = {"Authorization": f"Token {issue_token(users[0])}"}
    poller, token, _ = register(users[1], "revoked-poller", Bot.Kind.POLLING)
    bot = {"Authorization": f"Bot {token}"}
    followed = stream_site.stream(f"/api/v1/matches/{match.pk}/stream/", person)
    turns = stream_site.stream("/api/v1/bot/stream/", bot)
    assert followed.message()["type"] == "snapshot" and turns.status == 200

    ApiToken.objects.filter(user=users[0]).delete()
    rotate(poller)
    assert followed.message() == {"type": "reconnect", "after": match.version}
    assert turns.message() == {"type": "reconnect"}
    assert followed.at_eof() and turns.at_eof()
    assert stream_site.get(f"/api/v1/matches/{match.pk}/stream/", person)[0] == 401
    assert stream_site.get("/api/v1/bot/stream/", bot)[0] == 401
    followed.close()
    turns.close()
