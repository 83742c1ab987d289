"""The webhook signing key (sha256 of the bot's secret, the HMAC key of every turn's signature)
is stored sealed: nothing in the bot's row equals it or signs with it, and the platform, which
holds the settings key, still signs turns that the bot verifies with its secret."""

import hashlib
import hmac

from bots import registry, runner
from bots.models import Bot
from bots.signing import seal
from tests.bots.webhook_turns import match_where_it_acts_first, signed_by


def test_nothing_in_the_bots_row_is_or_signs_like_its_signing_key(django_user_model):
    owner = django_user_model.objects.create_user("author", password="long-enough-pass")
    bot, token, secret = registry.register(owner, "deepking", Bot.Kind.WEBHOOK, url="https://bots.example.org/turn")
    key = hashlib.sha256(secret.encode()).hexdigest()
    row = Bot.objects.filter(pk=bot.pk).values().get()
    stored = [str(v) for v in row.values()]
    assert not any(key in v or key.upper() in v or secret in v for v in stored)
    body = b'{"request_id": "r1"}'
    forged = {hmac.new(v.encode(), b"1." + body, hashlib.sha256).hexdigest() for v in stored}
    assert hmac.new(key.encode(), b"1." + body, hashlib.sha256).hexdigest() not in forged
    assert row["signing_key_sealed"].startswith("aesgcm1$")
    assert Bot.objects.get(pk=bot.pk).signing_key() == key  # only with the settings key


def test_sealing_the_same_key_twice_stores_different_values(make_bot):
    one, two = make_bot(kind="webhook", name="one"), make_bot(kind="webhook", name="two")
    assert seal(one.signing_key()) != seal(one.signing_key()) != one.signing_key_sealed
    assert one.signing_key() != two.signing_key()


def test_the_platform_signs_a_webhook_turn_that_the_bot_verifies_with_its_secret(
    make_bot, bot_server, private_webhooks_allowed
):
    server = bot_server()
    hook = make_bot(kind="webhook", url=server.url, name="hook")
    match = match_where_it_acts_first(make_bot, hook)
    runner.run_turns(match.pk, match.version)
    assert len(server.requests) >= 1
    assert all(signed_by(hook.secret, headers, raw) for headers, raw in server.requests)
    assert not signed_by("krs_another-secret", *server.requests[0])
