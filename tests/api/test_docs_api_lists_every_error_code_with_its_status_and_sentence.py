"""docs/api.md, "Error codes", lists the catalogue (games.errors.CATALOGUE) as it is: every code
with its status and its English sentence, and no code the catalogue does not hold."""

import re

from django.conf import settings
from django.utils import translation

from games.errors import CATALOGUE, as_written

ROW = re.compile(r"^\| `(?P<code>\w+)` \| (?P<status>\d{3}) \| `(?P<sentence>[^`]+)` \|$")


def documented():
    text = (settings.BASE_DIR / "docs" / "api.md").read_text()
    section = text.split("\n## Error codes\n", 1)[1].split("\n## ", 1)[0]
    rows = [ROW.match(line) for line in section.splitlines() if line.startswith("| `")]
    assert all(rows), "a row of the table is not | `code` | status | `sentence` |"
    return {row["code"]: (int(row["status"]), row["sentence"]) for row in rows}


def test_the_documented_codes_are_the_catalogues_with_the_same_status_and_sentence():
    with translation.override(None):
        catalogue = {code: (status, as_written(sentence)) for code, (status, sentence) in CATALOGUE.items()}
    listed = documented()
    assert sorted(set(catalogue) - set(listed)) == [], "in the catalogue, not in docs/api.md"
    assert sorted(set(listed) - set(catalogue)) == [], "in docs/api.md, not in the catalogue"
    assert {code: row for code, row in listed.items() if row != catalogue[code]} == {}
