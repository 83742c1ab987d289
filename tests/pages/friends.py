"""Helpers for the tables-with-friends tests: opening a table through its form, and a snapshot
of everything a lobby stores (so a refusal can be shown to store nothing)."""

import re

from bots.models import FriendsTable, FriendsTableSeat
from games.models import Match
from tests.pages.tables import browser


def open_table(owner, ruleset="king", **extra):
    client = browser(owner)
    response = client.post("/tables/new/", {"ruleset": ruleset, **extra})
    table = FriendsTable.objects.order_by("-pk").first()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/", response.content
    return client, table


def link_of(client, table):
    """The invitation link as the owner's lobby shows it (a path)."""
    page = client.get(f"/tables/{table.pk}/").content.decode()
    return re.search(r'id="invite-link" type="text" readonly value="https?://[^/"]+(/[^"]+)"', page).group(1)


def stored():
    """Everything the lobbies and matches hold, to compare before and after a refusal."""
    return (
        list(FriendsTable.objects.order_by("pk").values_list("pk", "status", "link_nonce", "match_id")),
        list(
            FriendsTableSeat.objects.order_by("pk").values_list(
                "table_id", "index", "user_id", "invited", "house_strategy"
            )
        ),
        Match.objects.count(),
    )


def seats_of(table):
    return [
        (s.user.username if s.user_id else None, s.invited, s.house_strategy)
        for s in table.seats.select_related("user").order_by("index")
    ]
