"""A tournament's root hash changes when any of its streams moves on, and only then."""

from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tournaments import read
from tournaments.models import TournamentTable
from tournaments.service import entries, rounds


def test_the_root_hash_is_over_the_tournament_head_and_each_match_head(tournament, make_bot):
    for i in range(4):
        entries.do_register(tournament.pk, tournament.organiser, bot=make_bot(name=f"e{i}"))
    before = read.root_hash(tournament)
    rounds.do_start_round(tournament.pk, tournament.organiser)
    tournament.refresh_from_db()
    started = read.root_hash(tournament)
    assert started != before
    match = TournamentTable.objects.get(tournament=tournament).match
    heads = [
        (tournament.stream, tournament.version, tournament.head_hash),
        (match.stream, match.version, match.head_hash),
    ]
    assert started == eventlog.root_hash(heads) == eventlog.root_hash(heads[::-1])  # order does not matter
    run_until_over(match)
    match.refresh_from_db()
    tournament.refresh_from_db()
    assert (
        read.root_hash(tournament)
        == eventlog.root_hash(
            [
                (tournament.stream, tournament.version, tournament.head_hash),
                (match.stream, match.version, match.head_hash),
            ]
        )
        != started
    )


def test_root_hash_is_sha256_of_sorted_canonical_heads():
    import hashlib

    heads = [("tournament/1", 3, "a" * 64), ("match/2", 10, "b" * 64)]
    expected = hashlib.sha256(b'[["match/2",10,"' + b"b" * 64 + b'"],["tournament/1",3,"' + b"a" * 64 + b'"]]')
    assert eventlog.root_hash(heads) == expected.hexdigest()
