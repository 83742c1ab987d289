"""A person's public profile, ``/people/<username>/`` (issue 35; docs/pages.md, "A person's
profile"): anyone may read it, signed in or not; tournaments/profile.py reads what it shows."""

from django.http import Http404
from django.shortcuts import redirect, render

from games.accounts import users

from . import profile


def person_page(request, username):
    person = users.find_account(username)
    if person is None or not person.is_active:
        raise Http404("No such person.")
    if person.get_username() != username:  # another spelling of the name: the page has one address
        return redirect("person", person.get_username(), permanent=True)
    return render(
        request,
        "tournaments/profile.html",
        {"person": person, "yours": request.user == person, **profile.of(person)},
    )
