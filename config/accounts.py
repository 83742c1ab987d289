"""Signing up, in the browser: Django's own forms and views, so passwords get its validators
and hashing. Logging in and out are django.contrib.auth's views (config/urls.py)."""
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme


def safe_next(request, default="home"):
    """Where to go after signing up: the ``next`` the form carried, if it is one of our pages."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return default


def signup(request):
    if request.user.is_authenticated:
        return redirect(safe_next(request))
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(safe_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": safe_next(request, "")})
