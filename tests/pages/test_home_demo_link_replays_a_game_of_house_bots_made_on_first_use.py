"""The home page's demo: a link per game to the replay of a finished game of house bots, played
in this process on first use and reused afterwards (issue 19: a watchable game, not a text dump)."""

from games.engine import RULESETS
from games.models import Match
from games.offer import offered_rulesets
from tests.pages.tables import browser


def test_the_home_page_links_each_game_to_its_watchable_demo(db):
    page = browser().get("/").content.decode()
    for game in offered_rulesets():
        assert f'href="/demo/{game.name}/watch/"' in page


def test_the_first_visit_plays_a_short_game_of_house_bots_and_the_next_reuses_it(db):
    client = browser()
    first = client.get("/demo/king/watch/")
    match = Match.objects.get()
    assert first.status_code == 302 and first["Location"] == f"/matches/{match.pk}/replay/"
    assert match.status == Match.Status.OVER and match.public_when_over and match.event == ""
    assert match.options == {**match.options, **RULESETS["king"].short_game}
    assert {s.bot.owner.username for s in match.seats.select_related("bot__owner")} == {"house"}
    assert client.get("/demo/king/watch/")["Location"] == first["Location"]
    assert Match.objects.count() == 1
    assert client.get(first["Location"]).status_code == 200


def test_an_unknown_game_has_no_demo(db):
    assert browser().get("/demo/bridge/watch/").status_code == 404
    assert not Match.objects.exists()


def test_make_run_plays_every_demo_before_the_first_visit_and_only_once(db, capsys):
    from django.core.management import call_command

    call_command("ensure_demo_matches")
    played = {m.ruleset: m.pk for m in Match.objects.filter(status=Match.Status.OVER)}
    assert sorted(played) == sorted(game.name for game in offered_rulesets())
    said = capsys.readouterr().out
    assert all(f"demo game of {ruleset}: /matches/{pk}/replay/" in said for ruleset, pk in played.items())
    call_command("ensure_demo_matches")
    assert Match.objects.count() == len(played)  # the second run reuses them
    assert browser().get("/demo/king/watch/")["Location"] == f"/matches/{played['king']}/replay/"
    for pk in played.values():  # every game's replay shows its table at each step
        version = Match.objects.get(pk=pk).version
        for step in (1, version // 2, version):
            page = browser().get(f"/matches/{pk}/replay/?v={step}")
            assert page.status_code == 200 and 'id="table"' in page.content.decode(), (pk, step)
