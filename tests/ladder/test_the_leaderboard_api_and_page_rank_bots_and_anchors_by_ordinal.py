"""The ladder's public leaderboard, in the API (``GET /api/v1/ladder/<ruleset>/``) and on its page
(``/ladder/<ruleset>/``): every rated bot with its owner, mu, sigma, ordinal (mu − 3 sigma),
games and status, anchors marked, ranked by ordinal with equal ordinals sharing a rank.
``GET /api/v1/ladder/`` lists the ladders with their counts; a bot's rating history is
``GET /api/v1/ladder/<ruleset>/bots/<id>/history/``. A ruleset with no ladder is a 404."""

import pytest

from bots.models import Bot
from tests.fixtures.people import body, client_for
from tests.ladder.conftest import RULESET, play_out
from tests.ladder.helpers import assert_read_models_equal_a_rebuild
from tournaments.ladder import service as ladder_service
from tournaments.ladder.fold import key_of
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import LadderRating, LadderRatingPoint, LadderTable

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(owners, bots):
    """ana, bo and cem's bots and one anchor played a match, and it is rated; dia's is paused."""
    for owner, bot in zip(owners[:4], bots[:4]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    ladder_service.do_set_status(RULESET, owners[3], bots[3].pk, "paused")
    ladder_tick()
    (table,) = LadderTable.objects.all()
    play_out(table.match)
    ladder_service.do_rate_match(table.match_id)
    return table


def test_the_api_board(played, bots):
    anchor = played.anchors[0]
    r = client_for().get(f"/api/v1/ladder/{RULESET}/")
    assert r.status_code == 200
    board = body(r)
    assert (board["ruleset"], board["label"]) == (RULESET, "Brazilian King")
    rows = board["rows"]
    ratings = {r.bot_id: r for r in LadderRating.objects.all()}
    assert len(rows) == 4
    assert [row["ordinal"] for row in rows] == sorted((r.ordinal for r in ratings.values()), reverse=True)
    for row in rows:
        rating = ratings[row["bot"]]
        assert (row["mu"], row["sigma"], row["ordinal"], row["games"]) == (rating.mu, rating.sigma, rating.ordinal, 1)
        assert row["anchor"] == (row["bot"] == anchor)
        assert row["status"] == (None if row["anchor"] else "active")
    by_bot = {row["bot"]: row for row in rows}
    assert (by_bot[bots[0].pk]["name"], by_bot[bots[0].pk]["owner"]) == ("ana-bot", "ana")
    assert by_bot[anchor]["owner"] == "house"
    assert bots[3].pk not in by_bot  # paused before it ever played: not rated, not listed
    assert_read_models_equal_a_rebuild(RULESET)
    assert body(client_for().get(f"/api/v1/ladder/{RULESET}/entries/"))[3]["status"] == "paused"


def test_equal_ordinals_share_a_rank(owners, bots):
    for i, bot in enumerate(bots[:4]):
        LadderRating.objects.create(
            ruleset=RULESET, key=key_of(bot.pk), bot=bot, mu=30.0 - (i > 1), sigma=5.0, ordinal=15.0 - (i > 1), games=3
        )
    rows = body(client_for().get(f"/api/v1/ladder/{RULESET}/"))["rows"]
    assert [(row["rank"], row["name"]) for row in rows] == [
        (1, "ana-bot"),
        (1, "bo-bot"),
        (3, "cem-bot"),
        (3, "dia-bot"),
    ]


def test_the_list_of_ladders_and_a_bots_history(played, bots):
    ladders = body(client_for().get("/api/v1/ladder/"))
    ours = next(item for item in ladders if item["ruleset"] == RULESET)
    assert ours == {
        "ruleset": RULESET,
        "label": "Brazilian King",
        "playing": 3,
        "paused": 1,
        "rated": 4,
        "live_tables": 0,
        "matches_rated": 1,
    }
    history = body(client_for().get(f"/api/v1/ladder/{RULESET}/bots/{bots[0].pk}/history/"))
    point = LadderRatingPoint.objects.get(key=key_of(bots[0].pk))
    assert history == [
        {
            "games": 1,
            "match": played.match_id,
            "mu": point.mu,
            "sigma": point.sigma,
            "ordinal": point.ordinal,
            "at": point.at.isoformat(),
        }
    ]
    assert body(client_for().get(f"/api/v1/ladder/{RULESET}/bots/{bots[4].pk}/history/")) == []
    for path in (
        "/api/v1/ladder/poker/",
        "/api/v1/ladder/nonsense/entries/",
        f"/api/v1/ladder/{RULESET}/bots/987654/history/",
        "/api/v1/ladder/nonsense/bots/1/history/",
    ):
        r = client_for().get(path)
        assert (r.status_code, body(r)["error"]["code"]) == (404, "not_found"), path


def test_the_pages(client, played, bots):
    page = client.get(f"/ladder/{RULESET}/")
    assert page.status_code == 200
    html = page.content.decode()
    for bot in bots[:3]:
        assert f'<a href="/bots/{bot.pk}/">{bot.name}</a>' in html
    anchor = Bot.objects.get(pk=played.anchors[0])
    assert f'<a href="/bots/{anchor.pk}/">{anchor.name}</a>' in html and "anchor (house bot)" in html
    rating = LadderRating.objects.get(key=key_of(bots[0].pk))
    assert f"{rating.mu:.2f} ± {rating.sigma:.2f}" in html
    index = client.get("/ladder/").content.decode()
    assert f'href="/ladder/{RULESET}/"' in index and "Brazilian King" in index
    assert client.get("/ladder/poker/").status_code == 404
    pt = client.get(f"/ladder/{RULESET}/?lang=pt-br").content.decode()
    assert f"{rating.mu:.2f}".replace(".", ",") in pt  # numbers in the reader's locale
