"""Name each existing tournament match's event and the cards it shares with other tables
(games.Match.event, cards_group), as tournaments.service.rounds.create_table_match now does."""
from django.db import migrations


def name_groups(apps, schema_editor):
    Table = apps.get_model("tournaments", "TournamentTable")
    Match = apps.get_model("games", "Match")
    for table in Table.objects.select_related("tournament"):
        tournament = table.tournament
        stream = f"tournament/{tournament.pk}"
        if tournament.boards:
            group = f"{stream}/fixed/{(table.round - 1) % len(tournament.boards)}"
        elif table.board:
            group = f"{stream}/board/{table.board}"
        else:
            group = ""
        Match.objects.filter(pk=table.match_id).update(event=stream, cards_group=group)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_translated_choice_labels"),
        ("games", "0006_match_event_cards_group_to_act"),
    ]

    operations = [migrations.RunPython(name_groups, migrations.RunPython.noop)]
