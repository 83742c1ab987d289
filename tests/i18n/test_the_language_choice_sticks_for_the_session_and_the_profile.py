"""A first visit follows the browser's Accept-Language; the header's picker changes the language
for this browser (a cookie) and, for a signed-in person, in their profile, so that logging in on
another device brings it back; a newcomer keeps the language they signed up in; ``?lang=``
wins over all of them; a language the site does not offer changes nothing."""

import pytest
from django.test import Client

from games.models import Profile

pytestmark = pytest.mark.django_db


def lang_of(response):
    page = response.content.decode()
    return page[page.index('<html lang="') + 12 :].split('"', 1)[0]


def test_a_first_visit_follows_the_browsers_language():
    assert lang_of(Client(HTTP_ACCEPT_LANGUAGE="tr-TR,tr;q=0.9,en;q=0.5").get("/")) == "tr"
    assert lang_of(Client(HTTP_ACCEPT_LANGUAGE="pt-BR,pt;q=0.9").get("/")) == "pt-br"
    assert lang_of(Client(HTTP_ACCEPT_LANGUAGE="fr-FR").get("/")) == "en"


def test_the_pickers_choice_sticks_for_the_browser_whatever_it_asks_for():
    browser = Client(HTTP_ACCEPT_LANGUAGE="tr")
    response = browser.post("/i18n/setlang/", {"language": "pt-br", "next": "/tournaments/1/"})

    assert response.status_code == 302 and response["Location"] == "/tournaments/1/"
    assert lang_of(browser.get("/")) == "pt-br"
    assert lang_of(browser.get("/?lang=tr")) == "tr"  # a link that names its language wins
    assert lang_of(browser.get("/")) == "pt-br"  # ... for that page only


def test_a_signed_in_persons_choice_follows_them_to_another_device(django_user_model):
    ana = django_user_model.objects.create_user("ana", password="long-enough-pass")
    laptop = Client(HTTP_ACCEPT_LANGUAGE="en")
    laptop.force_login(ana)
    laptop.post("/i18n/setlang/", {"language": "tr", "next": "/"})
    assert Profile.objects.get(user=ana).language == "tr"

    phone = Client(HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert lang_of(phone.get("/")) == "pt-br"  # not signed in yet: the phone's own language
    phone.force_login(ana)
    response = phone.get("/")

    assert lang_of(response) == "tr"
    assert response.cookies["django_language"].value == "tr"  # remembered: no profile query next time
    assert lang_of(phone.get("/")) == "tr"


def test_a_newcomer_keeps_the_language_they_signed_up_in():
    browser = Client(HTTP_ACCEPT_LANGUAGE="tr")
    response = browser.post(
        "/accounts/signup/",
        {"username": "deniz", "password1": "a long club password", "password2": "a long club password"},
    )

    assert response.status_code == 302
    assert Profile.objects.get(user__username="deniz").language == "tr"


@pytest.mark.parametrize("language", ["xx", "", "en-GB-oxendict-and-more-than-twenty", "../../tr"])
def test_a_language_the_site_does_not_offer_changes_nothing(django_user_model, language):
    ana = django_user_model.objects.create_user("ana", password="long-enough-pass")
    browser = Client(HTTP_ACCEPT_LANGUAGE="tr")
    browser.force_login(ana)

    browser.post("/i18n/setlang/", {"language": language, "next": "/"})

    assert not Profile.objects.filter(user=ana).exists()
    assert lang_of(browser.get("/")) == "tr"
    assert lang_of(browser.get(f"/?lang={language}")) == "tr"
