"""``GET me/games/export/`` answers a JSON Lines attachment, streamed: one line a game,
``{"format": "kingrifki-games/1", "game": <its entry of the list>, "seed", "events": [{"version",
"recorded_at", "event"}]}``, with the match's whole log to its end, in order, the same filters as
the list and newest first."""

from games.models import Event
from tests.fixtures.people import body

from .games import bot_of, ended, exported, played, table


def test_each_line_is_one_game_with_its_entry_seed_and_every_event(owners, house):
    ana = owners["ana"]
    mine = bot_of(ana, "ana-bot")
    first = played(table([mine, *house]))
    second = played(table([house[0], mine, house[1], house[2]]))

    answer, lines, _text = exported(ana)
    assert answer.streaming and answer["Content-Type"] == "application/x-ndjson"
    assert answer["Content-Disposition"] == 'attachment; filename="my-games.jsonl"'
    assert (answer["X-Games-Exported"], answer["X-Games-Left-Out"]) == ("2", "0")
    entries = body(ana.api.get("/api/v1/me/games/"))["results"]
    assert [line["game"] for line in lines] == entries
    for line, match in zip(lines, [second, first]):
        assert line["format"] == "kingrifki-games/1" and line["seed"] == match.seed
        rows = Event.objects.filter(stream=match.stream).order_by("version")
        assert [e["version"] for e in line["events"]] == [row.version for row in rows]
        assert [e["event"] for e in line["events"]] == [{"type": row.type, **row.payload} for row in rows]
        assert line["events"][-1]["event"]["type"] == "game_ended"


def test_the_export_takes_the_lists_filters(owners, house):
    ana = owners["ana"]
    mine = bot_of(ana, "ana-bot")
    ended(table([ana, *house]), [0])
    by_bot = played(table([mine, *house]))

    _answer, lines, _text = exported(ana, bot=mine.pk)
    assert [line["game"]["match"] for line in lines] == [by_bot.pk]
    _answer, lines, _text = exported(ana, ruleset="rifki")
    assert lines == []
