"""The language a request is answered in, and the picker that changes it.

In order: ``?lang=`` (an API client, or a link that names its language), the language cookie
(this browser's choice from the header's picker), the signed-in person's profile (their choice
on another device, which the cookie then remembers), and last the browser's
``Accept-Language``, as Django's LocaleMiddleware does; English when none is offered.
"""

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.views.i18n import set_language as django_set_language


def supported(code):
    """The offered language ``code`` names (``pt-BR``, ``pt_br`` and ``pt-br`` alike), or None."""
    if not isinstance(code, str) or not code or len(code) > 20:
        return None
    try:
        return translation.get_supported_language_variant(code.replace("_", "-").lower())
    except LookupError:
        return None


def profile_language(user):
    if not user.is_authenticated:
        return None
    from games.models import Profile

    chosen = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    return supported(chosen) if chosen else None


class LanguageMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, with ``?lang=`` first and a signed-in person's own choice
    before their browser's. Placed after AuthenticationMiddleware, to know who is asking."""

    def process_request(self, request):
        chosen = supported(request.GET.get("lang"))
        remember = None
        if chosen is None and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
            # Only when the browser has no choice of its own: one query, once per browser.
            chosen = remember = profile_language(request.user)
        if chosen is None:
            return super().process_request(request)
        translation.activate(chosen)
        request.LANGUAGE_CODE = translation.get_language()
        request.remember_language = remember

    def process_response(self, request, response):
        response = super().process_response(request, response)
        remember = getattr(request, "remember_language", None)
        if remember:
            set_cookie(response, remember)
        return response


def set_cookie(response, language):
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def set_language(request):
    """The header's picker: Django's ``set_language`` (the cookie, then back to the page), and
    for a signed-in person their profile too, so the choice follows them to other devices."""
    chosen = supported(request.POST.get("language"))
    if chosen is None and "language" in request.POST:
        # Not a language the site offers: nothing changes (Django would still store a variant
        # such as "en-GB-..." in the cookie), and the reader goes back to their page.
        request.POST = request.POST.copy()
        del request.POST["language"]
    response = django_set_language(request)
    if request.method == "POST" and chosen and request.user.is_authenticated:
        remember_for(request.user, chosen)
    return response


def remember_for(user, language):
    from games.models import Profile

    Profile.objects.update_or_create(user=user, defaults={"language": language})
