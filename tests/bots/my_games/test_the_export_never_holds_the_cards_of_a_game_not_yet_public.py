"""Only games whose cards are public are exported: a live game, a tournament's game held back
until its round closes, and a finished table of a board another table still plays are left out
whole (counted in ``X-Games-Left-Out``), never with their cards: neither their log nor their
seed is anywhere in the file. Once public, the same game is exported."""

from games.models import Match

from .games import bot_of, ended, exported, played, table


def test_games_not_yet_public_are_left_out_with_their_cards(owners, house):
    ana, bob = owners["ana"], owners["bob"]
    public = played(table([bot_of(ana, "ana-bot"), *house]))
    live = table([ana, *house])
    held_back = ended(table([ana, *house], event="tournament/9", public_when_over=False), [0])
    board = ended(table([ana, *house], cards_group="board/7"), [0])
    still_playing = table([bob, *house], cards_group="board/7")

    answer, lines, text = exported(ana)
    assert [line["game"]["match"] for line in lines] == [public.pk]
    assert (answer["X-Games-Exported"], answer["X-Games-Left-Out"]) == ("1", "3")
    for hidden in (live, held_back, board, still_playing):
        assert hidden.seed not in text
        assert f'"match":{hidden.pk},' not in text
    assert public.seed in text  # the check above would see a seed written out

    ended(still_playing, [0])
    Match.objects.filter(pk=held_back.pk).update(public_when_over=True)  # the round closed
    _answer, lines, text = exported(ana)
    assert [line["game"]["match"] for line in lines] == [board.pk, held_back.pk, public.pk]
    assert live.seed not in text
