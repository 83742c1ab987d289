"""When events are cut from the end of a log, the head check names the last version still
stored (and says which are missing), not a version that is not there: the audit page links
each failure to its step, and that step must exist to be shown."""

import re

import pytest
from django.db import connection
from django.test import Client

from games.models import Event
from games.record import triggers
from games.record.audit import verify_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def cut_two_from_the_end(play):
    match = play()
    triggers.remove(connection)
    try:
        Event.objects.filter(stream=match.stream, version__gt=match.version - 2).delete()
    finally:
        triggers.install(connection)
    return match


def test_the_head_check_names_the_last_stored_version(cut_two_from_the_end):
    match = cut_two_from_the_end
    [head] = [f for f in verify_match(match) if f.check == "head"]
    assert (head.ok, head.version) == (False, match.version - 2)
    assert head.message == (
        f"the stream ends at version {match.version - 2}, but its head is recorded at version "
        f"{match.version}: events {match.version - 1} to {match.version} are missing"
    )
    assert Event.objects.filter(stream=match.stream, version=head.version).exists()


def test_the_audit_pages_link_to_the_head_failure_opens_its_step(cut_two_from_the_end, staff):
    match = cut_two_from_the_end
    arbiter = Client()
    arbiter.force_login(staff)
    page = arbiter.get(f"/matches/{match.pk}/audit/").content.decode()
    row = re.search(r'<tr class="check fail" data-check="head">.*?</tr>', page, re.S).group(0)
    link = re.search(r'href="([^"]+)"', row).group(1).replace("&amp;", "&")
    assert link.endswith(f"version={match.version - 2}")
    assert arbiter.get(link).status_code == 200
