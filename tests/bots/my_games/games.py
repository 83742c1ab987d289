"""Games for the tests of "Your bots' games": tables of the owners, their bots and the house,
played out by the bots in this process, or ended with the ending a test chooses.

The list's results are read from a finished match's recorded ending alone (its ``game_ended``
event: scores and winners), so ``ended`` writes that event itself to give a test each result it
needs; ``played`` has the engine play a whole game, for what a real ending looks like."""

import json

from bots import registry
from games.models import Match
from games.record import eventlog
from games.service import creating
from tests.fixtures.bots import run_until_over
from tests.fixtures.matches import QUICK_KING
from tests.fixtures.people import body


def bot_of(owner, name):
    """A built-in bot of ``owner``'s: the site plays it, so its games can be played here."""
    return registry.register(owner, name, "builtin", strategy="random")[0]


def table(holders, ruleset="king", **kwargs):
    """A live match of ``holders`` (the short King game unless told)."""
    options = QUICK_KING if ruleset == "king" else {}
    return creating.do_create_match(ruleset, options, holders, **kwargs)


def played(match):
    """``match`` played to its end by its (built-in) bots."""
    return run_until_over(match)


def ended(match, winners, scores=None):
    """``match`` ended now with ``winners`` (seats; none: cancelled), as its last event records it."""
    match.refresh_from_db()
    scores = scores if scores is not None else [10 if seat in winners else 0 for seat in range(match.num_seats)]
    ending = {
        "type": "game_ended",
        "scores": scores,
        "winners": winners,
        "result": "complete" if winners else "cancelled",
    }
    rows = eventlog.append(match.stream, match.version, [ending])
    Match.objects.filter(pk=match.pk).update(
        version=rows[-1].version, head_hash=rows[-1].hash, status=Match.Status.OVER, to_act=None
    )
    match.refresh_from_db()
    return match


def listed(person, **params):
    """The match ids of ``person``'s list with ``params``, in its order."""
    answer = person.api.get("/api/v1/me/games/", params)
    assert answer.status_code == 200, answer.content
    return [game["match"] for game in body(answer)["results"]]


def exported(person, **params):
    """(the response, its lines as JSON, its whole text) of ``person``'s export with ``params``."""
    answer = person.api.get("/api/v1/me/games/export/", params)
    assert answer.status_code == 200, answer.content
    text = b"".join(answer.streaming_content).decode()
    return answer, [json.loads(line) for line in text.splitlines()], text
