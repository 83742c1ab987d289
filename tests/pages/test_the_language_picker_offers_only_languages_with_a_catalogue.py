"""The header's language picker offers English and each language whose catalogue the site
ships (locale/<code>/LC_MESSAGES/django.po); with English alone there is nothing to pick, and
no picker. Portuguese and Turkish join as their catalogues arrive."""

import pytest

from config.settings import NEXT_LANGUAGES, offered_languages

pytestmark = pytest.mark.django_db


def test_a_language_is_offered_once_its_catalogue_is_there(tmp_path):
    assert offered_languages(tmp_path) == [("en", "English")]

    (tmp_path / "pt_BR" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "pt_BR" / "LC_MESSAGES" / "django.po").write_text('msgid ""\nmsgstr ""\n')

    assert offered_languages(tmp_path) == [("en", "English"), ("pt-br", "Português (Brasil)")]
    assert ("tr", "Türkçe") in NEXT_LANGUAGES


def test_with_english_alone_the_pages_have_no_picker(client, settings):
    settings.LANGUAGES = [("en", "English")]
    page = client.get("/").content.decode()
    assert '<html lang="en">' in page
    assert 'name="language"' not in page and "/i18n/setlang/" not in page


def test_with_a_second_catalogue_the_picker_switches_the_pages_language(client, settings):
    settings.LANGUAGES = [("en", "English"), ("tr", "Türkçe")]
    page = client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in page and '<option value="tr" lang="tr">Türkçe</option>' in page

    response = client.post("/i18n/setlang/", {"language": "tr", "next": "/"})

    assert response.status_code == 302 and response["Location"] == "/"
    assert '<html lang="tr">' in client.get("/").content.decode()
