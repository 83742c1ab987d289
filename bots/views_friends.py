"""Tables with friends (bots/friends.py): the form that opens one, and its lobby, which htmx
refreshes every two seconds until the match starts (then it sends everyone to the table)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.accounts import throttles
from games.errors import ServiceError

from . import friends
from .forms import FillForm, FriendsTableForm, InviteForm
from .models import FriendsTable

ACTIONS = ("invite", "fill", "join", "leave", "free", "start", "new-link", "cancel")


@login_required
@require_http_methods(["GET", "POST"])
@throttles.limit_posts("games")
def table_new(request):
    form = FriendsTableForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            table = friends.do_create_table(request.user, form.cleaned_data["ruleset"], form.options())
        except ServiceError as e:
            form.add_error(None, e.message)
            status = e.status
        else:
            return redirect("friends-table", table.pk)
    return render(request, "bots/friends_new.html", {"form": form}, status=status)


def lobby_context(request, table, token=None, error=None):
    seats = list(table.seats.select_related("user").order_by("index"))
    me = next((s for s in seats if s.user_id == request.user.pk), None)
    owner = table.owner_id == request.user.pk
    return {
        "table": table,
        "seats": seats,
        "owner": owner,
        "my_seat": me,
        "token": token,
        "error": error,
        "full": all(s.is_taken for s in seats),
        "any_open": any(s.is_open for s in seats),
        "link": request.build_absolute_uri(reverse("friends-table-link", args=[table.pk, friends.link_token(table)]))
        if owner
        else None,
        "invite_form": InviteForm(),
        "fill_form": FillForm(),
    }


def show(request, pk, token=None, error=None, status=200, fragment=False):
    table = friends.get_for(request.user, pk, token)
    if table.status == FriendsTable.Status.STARTED:
        if fragment:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = reverse("table", args=[table.match_id])
            return response
        return redirect("table", table.match_id)
    template = "bots/_friends_lobby.html" if fragment else "bots/friends_lobby.html"
    return render(request, template, lobby_context(request, table, token, error), status=status)


def refused(error):
    return HttpResponse(error.message, status=error.status, content_type="text/plain; charset=utf-8")


@login_required
@require_GET
def table_lobby(request, pk):
    try:
        return show(request, pk)
    except ServiceError as e:
        return refused(e)


@never_cache
@login_required
@require_GET
def table_lobby_live(request, pk):
    try:
        return show(request, pk, request.GET.get("t") or None, fragment=True)
    except ServiceError as e:
        return refused(e)


@login_required
@require_GET
def table_join_link(request, pk, token):
    """The invitation link: the lobby, with a button that sits the visitor down."""
    try:
        return show(request, pk, token)
    except ServiceError as e:
        return refused(e)


@login_required
@require_POST
@throttles.limit_posts("games")
def table_action(request, pk, action):
    token = request.POST.get("token") or None
    try:
        if action == "invite":
            friends.do_invite(request.user, pk, request.POST.get("username", ""))
        elif action == "fill":
            friends.do_fill(request.user, pk, request.POST.get("strategy", ""))
        elif action == "join":
            friends.do_join(request.user, pk, token)
        elif action == "leave":
            friends.do_leave(request.user, pk)
        elif action == "free":
            raw = request.POST.get("seat", "")
            friends.do_free_seat(request.user, pk, int(raw) if raw.isdigit() and len(raw) < 3 else None)
        elif action == "start":
            friends.do_start(request.user, pk)
        elif action == "new-link":
            friends.do_new_link(request.user, pk)
        elif action == "cancel":
            friends.do_cancel(request.user, pk)
    except ServiceError as e:
        if e.status == 404:
            return refused(e)
        try:  # the lobby again, saying why (as the viewer may see it)
            return show(request, pk, token if action == "join" else None, error=e.message, status=e.status)
        except ServiceError:
            return refused(e)
    if action == "cancel" or action == "leave":
        return redirect("home")
    return redirect("friends-table", pk)
