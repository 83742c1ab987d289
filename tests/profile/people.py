"""What the profile's tests share (plain helpers; fixtures live in tests/fixtures/): a person's
profile page as anyone reads it, and the figures it shows."""

import html
import re

from django.test import Client


def profile_page(username, reader=None):
    """(status, the page's text) of ``/people/<username>/``, read by ``reader`` (else anonymously)."""
    client = Client()
    if reader is not None:
        client.force_login(reader)
    answer = client.get(f"/people/{username}/")
    return answer.status_code, html.unescape(answer.content.decode())


def games_row(page, ruleset):
    """(played, won, first place shared) in the games table's row of ``ruleset``; None if no row."""
    row = re.search(rf'<tr id="games-{ruleset}">(.*?)</tr>', page, re.S)
    if row is None:
        return None
    cells = dict(re.findall(r'<td class="num (\w+)">(\d+)</td>', row.group(1)))
    return int(cells["played"]), int(cells["won"]), int(cells["shared"])


def stat(page, name):
    return re.search(rf'<dd id="stat-{name}">([^<]*)</dd>', page).group(1)
