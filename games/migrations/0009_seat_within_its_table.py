"""Hold every seat within its own match's table (index < Match.num_seats) with a trigger; the
seat table's CHECK bounds it only by the largest table of any ruleset (games/record/triggers.py)."""

from django.db import migrations


def install_seat_guard(apps, schema_editor):
    from games.record import triggers

    triggers.install_seat_guard(schema_editor.connection)


def remove_seat_guard(apps, schema_editor):
    from games.record import triggers

    triggers.remove_seat_guard(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_match_num_seats"),
    ]

    operations = [
        migrations.RunPython(install_seat_guard, remove_seat_guard),
    ]
