"""Rotation. A new BOT_SECRET_ENCRYPTION_KEY, with the old one in BOT_SECRET_ENCRYPTION_OLD_KEYS,
keeps every bot signing; `manage.py reseal_bot_keys` moves the sealed keys to the new key, after
which the old one can go. Rotating a bot's own credentials seals its new key and the old secret
stops verifying."""

import pytest
from django.core.management import CommandError, call_command

from bots import registry, runner
from bots.models import Bot
from bots.signing import SealedKeyError
from tests.bots.webhook_turns import match_where_it_acts_first, signed_by


def test_a_new_settings_key_with_the_old_one_listed_opens_old_seals_until_resealed(make_bot, settings, capsys):
    hooks = [make_bot(kind="webhook", name=f"hook{i}") for i in range(3)]
    keys = {h.pk: h.signing_key() for h in hooks}
    old = settings.BOT_SECRET_ENCRYPTION_KEY
    settings.BOT_SECRET_ENCRYPTION_KEY, settings.BOT_SECRET_ENCRYPTION_OLD_KEYS = "the new key", [old]
    assert {b.pk: b.signing_key() for b in Bot.objects.filter(kind="webhook")} == keys

    call_command("reseal_bot_keys")
    assert "3 signing key(s) resealed" in capsys.readouterr().out
    settings.BOT_SECRET_ENCRYPTION_OLD_KEYS = []
    assert {b.pk: b.signing_key() for b in Bot.objects.filter(kind="webhook")} == keys
    call_command("reseal_bot_keys")
    assert "0 signing key(s) resealed" in capsys.readouterr().out


def test_resealing_without_the_old_key_refuses_clearly_and_changes_nothing(make_bot, settings):
    hook = make_bot(kind="webhook", name="hook")
    settings.BOT_SECRET_ENCRYPTION_KEY = "the new key"
    with pytest.raises(CommandError, match="BOT_SECRET_ENCRYPTION_OLD_KEYS"):
        call_command("reseal_bot_keys")
    assert Bot.objects.get(pk=hook.pk).signing_key_sealed == hook.signing_key_sealed


def test_a_rotated_bot_secret_signs_its_turns_and_the_old_one_does_not(make_bot, bot_server, private_webhooks_allowed):
    server = bot_server()
    hook = make_bot(kind="webhook", url=server.url, name="hook")
    old_sealed = hook.signing_key_sealed
    token, secret = registry.rotate(hook)
    assert Bot.objects.get(pk=hook.pk).signing_key_sealed != old_sealed
    match = match_where_it_acts_first(make_bot, Bot.objects.get(pk=hook.pk))
    runner.run_turns(match.pk, match.version)
    headers, raw = server.requests[0]
    assert signed_by(secret, headers, raw) and not signed_by(hook.secret, headers, raw)


def test_an_empty_settings_key_is_refused(make_bot, settings):
    settings.BOT_SECRET_ENCRYPTION_KEY = ""
    with pytest.raises(SealedKeyError, match="empty"):
        make_bot(kind="webhook", name="hook")
