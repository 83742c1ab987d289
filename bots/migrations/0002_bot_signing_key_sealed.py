"""Bots' webhook signing keys move from a plain column to a sealed one (bots/signing.py).

``secret_hash`` held sha256(secret) in the clear, and that digest IS the HMAC key of the
webhook signature: a copy of the database could sign turns for every bot. Each existing key
is sealed under the settings' key (BOT_SECRET_ENCRYPTION_KEY) and the plain column dropped; the
bots keep their secrets, since the wire scheme is unchanged. Going back opens each seal again.
"""
from django.db import migrations, models


def seal_existing(apps, schema_editor):
    from bots.signing import seal

    Bot = apps.get_model("bots", "Bot")
    for bot in Bot.objects.only("pk", "secret_hash").iterator():
        Bot.objects.filter(pk=bot.pk).update(signing_key_sealed=seal(bot.secret_hash))


def unseal_existing(apps, schema_editor):
    from bots.signing import unseal

    Bot = apps.get_model("bots", "Bot")
    for bot in Bot.objects.only("pk", "signing_key_sealed").iterator():
        Bot.objects.filter(pk=bot.pk).update(secret_hash=unseal(bot.signing_key_sealed))


class Migration(migrations.Migration):

    dependencies = [
        ("bots", "0001_bot_turn"),
    ]

    operations = [
        migrations.AddField(
            model_name="bot",
            name="signing_key_sealed",
            field=models.CharField(default="", max_length=200),
            preserve_default=False,
        ),
        migrations.RunPython(seal_existing, unseal_existing),
        # A default only so that migrating back can add the column to a table with rows in it
        # (the seals are then opened into it).
        migrations.AlterField(
            model_name="bot",
            name="secret_hash",
            field=models.CharField(default="", max_length=64),
        ),
        migrations.RemoveField(
            model_name="bot",
            name="secret_hash",
        ),
    ]
