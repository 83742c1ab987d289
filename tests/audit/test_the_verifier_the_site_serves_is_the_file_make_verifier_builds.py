"""Anyone downloads the single-file verifier from the site (``GET /api/v1/verifier/``, signed in
or not; the audit page links it beside its SHA-256), and anyone with a clone builds it with
``make verifier``: the same bytes, whose SHA-256 the download's ETag carries, and the downloaded
file runs as it is."""

import hashlib
import subprocess
import sys

import pytest
from django.urls import reverse

from tests.audit.conftest import ROOT
from tests.fixtures.verifier import run_alone

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The bytes ``make verifier`` writes (to a path of the test's, not var/build/)."""
    path = tmp_path_factory.mktemp("make") / "verify_export.pyz"
    subprocess.run(
        ["make", "-s", "verifier", f"VERIFIER_PYZ={path}", f"PYTHON={sys.executable}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    return path.read_bytes()


def test_the_download_is_the_file_make_builds_and_names_its_sha256(client, made):
    response = client.get(reverse("api-verifier"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response["Content-Disposition"] == 'attachment; filename="verify_export.pyz"'
    assert response.content == made
    assert response["ETag"] == f'"{hashlib.sha256(made).hexdigest()}"'
    assert made.startswith(b"#!/usr/bin/env python3\n")


def test_credentials_change_nothing(client, django_user_model, made):
    """No credentials are read: a bad token is no refusal, and a signed-in user gets the same file."""
    assert client.get(reverse("api-verifier"), HTTP_AUTHORIZATION="Token nonsense").content == made
    client.force_login(django_user_model.objects.create_user("reader", password="long-enough-pass"))
    assert client.get(reverse("api-verifier")).content == made


def test_the_downloaded_file_runs_alone(client, tmp_path):
    downloaded = tmp_path / "verify_export.pyz"
    downloaded.write_bytes(client.get(reverse("api-verifier")).content)
    result = run_alone(downloaded, "--help", cwd=tmp_path)
    assert result.returncode == 0 and "kingrifki-log/2" in result.stdout, result.stderr


def test_the_audit_page_links_the_download_beside_its_sha256(client, finished_match_export, made):
    match, _ = finished_match_export
    page = client.get(reverse("audit", args=[match.pk])).content.decode()
    assert f'href="{reverse("api-verifier")}" download' in page
    assert f'<code id="verifier-sha256">{hashlib.sha256(made).hexdigest()}</code>' in page
    assert "python3 verify_export.pyz EXPORT.jsonl --head" in page
