"""Signing up and logging in, in the browser: Django's own forms and views, so passwords get its
validators and hashing, with the API's rules around them: usernames that cannot pass for an
existing one (games/accounts/users.py) and rate limits on attempts (games/accounts/throttles.py)."""

import functools

from django import forms
from django.contrib import admin
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from config import language
from games.accounts import throttles, users
from games.errors import ServiceError

LOGIN_BACKEND = "games.accounts.users.CanonicalNameBackend"


def safe_next(request, default="home"):
    """Where to go after signing up: the ``next`` the form carried, if it is one of our pages."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return default


def too_many_attempts(request, retry_after):
    """The 429 a refused log-in or sign-up gets, with its Retry-After header: a page, except
    under /api/ (the browsable API's log-in), where it is the API's own answer to the same
    refusal (the catalogue's ``throttled``, with games.accounts.throttles.TooManyAttempts's problem)."""
    if request.path_info.startswith("/api/"):
        refused = ServiceError("throttled", problem=throttles.TooManyAttempts.problem, retry_after=retry_after)
        response = JsonResponse(refused.as_json(), status=429)
    else:
        response = render(request, "registration/throttled.html", {"retry_after": retry_after}, status=429)
    response["Retry-After"] = str(retry_after)
    return response


class SignUpForm(UserCreationForm):
    def clean_username(self):
        """Refuse a name that is an existing one in another case or Unicode form, or that looks
        like one (UTS #39 confusables), instead of Django's case-only check."""
        username = self.cleaned_data.get("username")
        if not username:
            return username
        try:
            users.check_username_available(username)
        except users.UsernameTaken as e:
            raise forms.ValidationError(taken_message(e), code="username_taken") from None
        return username


def taken_message(error):
    if error.reason == "confusable":
        return _("That name looks too much like %(existing)s, who is already signed up. Please choose another.") % {
            "existing": error.existing
        }
    return _("That name is taken. Please choose another.")


def signup(request):
    if request.user.is_authenticated:
        return redirect(safe_next(request))
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        tally = throttles.do_count_signup(request, request.POST.get("username", ""))
        if not tally.allowed:
            return too_many_attempts(request, tally.retry_after)
        if form.is_valid():
            try:
                user = users.do_create_account(form.cleaned_data["username"], form.cleaned_data["password1"])
            except users.UsernameTaken as e:  # registered by someone else since the form checked
                form.add_error("username", ValidationError(taken_message(e), code="username_taken"))
            else:
                # The language the newcomer signed up in is theirs on every device from now on.
                language.remember_for(user, translation.get_language())
                login(request, user, backend=LOGIN_BACKEND)
                return redirect(safe_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": safe_next(request, "")})


def rate_limited_login(view):
    """Wrap a Django log-in view (ours, the browsable API's, the admin's): each failed attempt
    counts per client address and per account name; past the limits the page answers 429
    without checking the password, and a successful log-in gives its attempt back."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        tally = throttles.do_count_login(request, request.POST.get("username", ""))
        if not tally.allowed:
            return too_many_attempts(request, tally.retry_after)
        response = view(request, *args, **kwargs)
        if response.status_code in (301, 302, 303) and request.user.is_authenticated:
            throttles.do_refund(tally)
        return response

    return wrapper


login_page = rate_limited_login(auth_views.LoginView.as_view())
api_login_page = rate_limited_login(auth_views.LoginView.as_view(template_name="rest_framework/login.html"))
admin_login_page = rate_limited_login(admin.site.login)
