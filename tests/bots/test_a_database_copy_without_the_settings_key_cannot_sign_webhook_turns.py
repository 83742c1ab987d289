"""A copy of the database moved to a site with another BOT_SECRET_ENCRYPTION_KEY cannot sign a
turn for any bot: opening the sealed key fails with a message that says so, and no request
leaves (a turn signed with a wrong key would be worse than none)."""

import pytest

from bots import runner
from bots.models import Bot, Turn
from bots.signing import SealedKeyError, unseal
from tests.bots.webhook_turns import match_where_it_acts_first


def test_another_settings_key_cannot_open_the_sealed_key(make_bot, settings):
    hook = make_bot(kind="webhook", name="hook")
    settings.BOT_SECRET_ENCRYPTION_KEY = "the key of another site"
    with pytest.raises(SealedKeyError, match="neither BOT_SECRET_ENCRYPTION_KEY nor one of"):
        Bot.objects.get(pk=hook.pk).signing_key()


def test_a_sealed_key_altered_in_the_database_does_not_open(make_bot):
    hook = make_bot(kind="webhook", name="hook")
    scheme, kid, blob = hook.signing_key_sealed.split("$")
    flipped = blob[:20] + ("A" if blob[20] != "A" else "B") + blob[21:]
    with pytest.raises(SealedKeyError, match="does not open"):
        unseal(f"{scheme}${kid}${flipped}")
    with pytest.raises(SealedKeyError, match="not a sealed value"):
        unseal("0" * 64)  # a plain digest, as the old column held


def test_a_webhook_turn_on_the_copy_fails_loudly_and_calls_nobody(
    make_bot, bot_server, private_webhooks_allowed, settings
):
    server = bot_server()
    hook = make_bot(kind="webhook", url=server.url, name="hook")
    match = match_where_it_acts_first(make_bot, hook)
    version = match.version
    settings.BOT_SECRET_ENCRYPTION_KEY = "the key of another site"
    with pytest.raises(SealedKeyError):
        runner.run_turns(match.pk, match.version)
    assert server.requests == []
    # Not the bot's fault: no fallback is charged to it, and the turn waits for a fixed site.
    assert list(Turn.objects.values_list("status", flat=True)) == [Turn.Status.PENDING]
    match.refresh_from_db()
    assert match.version == version
