"""Each export may carry up to 500 whole games, so it has a limit of its own (``exports``),
counted per person whatever token or session asks; over it the answer is the catalogue's 429
with Retry-After, and the list (a poll) is not held back by it."""

from tests.fixtures.people import body


def test_the_export_is_refused_over_its_limit_and_the_list_still_answers(owners, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "exports": "2/m"}
    ana = owners["ana"]
    assert [ana.api.get("/api/v1/me/games/export/").status_code for _ in range(2)] == [200, 200]
    refused = ana.browser.get("/api/v1/me/games/export/")  # her session counts with her token
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert body(refused)["error"]["code"] == "throttled"
    assert ana.api.get("/api/v1/me/games/").status_code == 200
    assert owners["bob"].api.get("/api/v1/me/games/export/").status_code == 200  # per person
