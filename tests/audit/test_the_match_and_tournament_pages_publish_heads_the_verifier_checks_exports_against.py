"""The audit page publishes its match's head, the tournament page its tournament's, written as
``verify_export.py --head`` takes them: the export of each contains the head its page showed."""

import html
import re

import pytest
from django.test import Client

from games.service.access import public_export
from tests.fixtures.verifier import write_lines
from tournaments.export import tournament_export_lines

pytestmark = pytest.mark.django_db


def published(page, element_id):
    return html.unescape(re.search(rf'<code id="{element_id}">([^<]+)</code>', page).group(1))


def test_the_audit_page_publishes_the_matchs_head(play, tmp_path, verifier):
    match = play()
    page = Client().get(f"/matches/{match.pk}/audit/").content.decode()
    assert published(page, "head-hash") == match.head_hash
    head = f"{match.stream}:{match.version}:{match.head_hash}"
    assert f"--head {head}" in page
    path = write_lines(tmp_path / "match.jsonl", public_export(match))
    code, text = verifier(path, "--head", head)
    assert code == 0 and "PASS  published head" in text


def test_the_tournament_page_publishes_the_tournaments_head(finished_tournament, tmp_path, verifier):
    tournament, _ = finished_tournament
    head = published(Client().get(f"/tournaments/{tournament.pk}/").content.decode(), "tournament-head")
    assert head == f"{tournament.stream}:{tournament.version}:{tournament.head_hash}"
    path = write_lines(tmp_path / "tournament.jsonl", tournament_export_lines(tournament))
    code, text = verifier(path, "--head", head)
    assert code == 0 and "PASS  published head" in text
