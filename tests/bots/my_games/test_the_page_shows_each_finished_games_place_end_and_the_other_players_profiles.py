"""On ``/me/games/`` a finished game says, beside its result and score, the place the seat came
to at its table by the game's scores (tied seats share the better place; where the lowest score
wins, the fewest points come first), when it finished, and every person at the table by a link
to their profile; its score sheet, replay and audit links open. A game with no result yet
(live, or a board other tables still play) shows neither place nor end."""

import html
import re

from games.engine import RULESETS

from .games import ended, table


def card(person, match):
    text = html.unescape(person.browser.get("/me/games/").content.decode())
    return re.search(rf'<li id="game-{match.pk}">(.*?)</ul>\s*<p class="seats">(.*?)</li>', text, re.S)


def test_a_finished_game_shows_the_place_its_end_and_the_players_profiles(owners, house):
    ana, bob = owners["ana"], owners["bob"]
    match = ended(table([bob, ana, *house[:2]]), [0], scores=[40, 12, 12, -64])
    found = card(ana, match)
    played, rest = found.group(1), found.group(2)
    assert "You played seat 2:" in played and "lost</strong>, score 12, " in played
    assert '<span class="place">place 2 of 4</span>' in played  # tied with seat 3: both second
    assert "finished " in played
    assert 'href="/people/bob/">bob</a>' in rest and 'href="/people/ana/">ana</a>' in rest
    for link in (f"/matches/{match.pk}/sheet/", f"/matches/{match.pk}/replay/", f"/matches/{match.pk}/audit/"):
        assert f'href="{link}"' in rest
        assert ana.browser.get(link).status_code == 200


def test_where_the_lowest_score_wins_the_fewest_points_take_first_place(owners, house):
    ana = owners["ana"]
    lowest = next(name for name, ruleset in RULESETS.items() if ruleset.lowest_wins({}))
    others = house[: RULESETS[lowest].num_seats({}) - 1]
    match = ended(table([ana, *others], ruleset=lowest), [0], scores=[0] + [5] * len(others))
    assert f'<span class="place">place 1 of {len(others) + 1}</span>' in card(ana, match).group(1)


def test_a_game_with_no_result_yet_shows_no_place_and_no_end(owners, house):
    ana = owners["ana"]
    live = table([ana, *house])
    played = card(ana, live).group(1)
    assert "place" not in played and "finished" not in played
