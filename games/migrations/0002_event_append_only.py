"""Make games_event append-only with triggers (games/record/triggers.py has the SQL and the why)."""
from django.db import migrations


def install(apps, schema_editor):
    from games.record import triggers

    triggers.install(schema_editor.connection)


def remove(apps, schema_editor):
    from games.record import triggers

    triggers.remove(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_event_match_seat")]
    operations = [migrations.RunPython(install, remove)]
