"""``/me/games/`` shows the list to a signed-in person, in English by default: each game with the
seat they or their bot played, its result and score, its seats, and links to its table, score
sheet, audit, and its replay and export once public; the filters are a GET form, a refused one
is said at its field (400) and lists nothing; "Older games" pages on; the bots page links here."""

import html

from .games import bot_of, ended, played, table


def page(person, **params):
    answer = person.browser.get("/me/games/", params)
    return answer.status_code, html.unescape(answer.content.decode())


def test_the_page_shows_each_game_with_its_result_and_links(owners, house):
    ana = owners["ana"]
    mine = bot_of(ana, "ana-bot")
    over = played(table([house[0], mine, house[1], house[2]]))
    won = ended(table([ana, *house]), [0], scores=[31, 2, 3, 4])
    live = table([ana, *house])

    status, text = page(ana)
    assert status == 200 and '<html lang="en">' in text
    assert "Your games" in text and "Brazilian King" in text
    for match in (over, won, live):
        assert f'id="game-{match.pk}"' in text
        assert f'href="/matches/{match.pk}/sheet/"' in text and f'href="/matches/{match.pk}/audit/"' in text
    assert "ana-bot played seat 2" in text and "You played seat 1" in text  # from 1, as every page numbers them
    assert "won</strong>, score 31" in text and "in progress" in text
    assert f'href="/matches/{over.pk}/replay/"' in text and f'href="/api/v1/matches/{over.pk}/export/"' in text
    assert f'href="/matches/{live.pk}/replay/"' not in text and f'href="/api/v1/matches/{live.pk}/export/"' not in text
    assert 'href="/api/v1/me/games/export/"' in text


def test_the_filters_narrow_the_page_and_keep_the_download_to_them(owners, house):
    ana = owners["ana"]
    mine = bot_of(ana, "ana-bot")
    by_bot = table([mine, *house])
    in_person = table([ana, *house])

    status, text = page(ana, bot=mine.pk, result="in_progress", ruleset="", since="")
    assert status == 200
    assert f'id="game-{by_bot.pk}"' in text and f'id="game-{in_person.pk}"' not in text
    assert f'<option value="{mine.pk}" selected>ana-bot</option>' in text
    assert f'href="/api/v1/me/games/export/?bot={mine.pk}&result=in_progress"' in text


def test_a_refused_filter_is_said_at_its_field_and_lists_nothing(owners, house):
    ana, bob = owners["ana"], owners["bob"]
    match = table([ana, *house])
    status, text = page(ana, since="2025-02-30")
    assert status == 400 and 'id="id_since_error"' in text and "YYYY-MM-DD" in text
    assert f'id="game-{match.pk}"' not in text
    status, text = page(ana, bot=bot_of(bob, "bob-bot").pk)
    assert status == 400 and "you have no bot" in text


def test_older_games_are_a_link_away(owners, house, monkeypatch):
    from bots import views_my_games

    monkeypatch.setattr(views_my_games, "PER_PAGE", 2)
    ana = owners["ana"]
    games = [table([ana, *house]).pk for _ in range(3)]
    _status, text = page(ana)
    assert f'id="game-{games[0]}"' not in text
    assert f'href="/me/games/?before={games[1]}" id="older-games"' in text
    _status, text = page(ana, before=games[1])
    assert f'id="game-{games[0]}"' in text and 'id="older-games"' not in text and "Newest games" in text


def test_the_bots_page_links_here(owners):
    answer = owners["ana"].browser.get("/bots/")
    assert answer.status_code == 200 and b'href="/me/games/" id="my-games-link"' in answer.content
