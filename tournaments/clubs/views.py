"""The club pages (issue 34, docs/clubs.md): your clubs, a club's page, its invitation links,
the join page of a link, a member's rating history, a season's page and its projector.

Thin views over tournaments.clubs.service (every change, a POST form with its CSRF token) and
tournaments.clubs.read (what is shown, the API's read path). A refusal is shown with the
service's message and HTTP status, and nothing is stored; a change done goes back to the page
(303) with a message.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games.accounts import throttles
from games.errors import ServiceError

from ..models import ClubMember, Season
from . import read, service
from .forms import ClubForm, InvitationForm, SeasonEventForm, SeasonForm

JOIN_SCOPE = "club_joins"  # the API's scope for joining by a link (config/settings.py THROTTLE_RATES)


def refused(request, error, back, status=None):
    """The refusal's page: its message, that nothing changed, and the way back."""
    return render(
        request, "tournaments/clubs/refused.html", {"error": error, "back": back}, status=status or error.status
    )


def done(request, text, to, *args):
    messages.success(request, text)
    response = redirect(to, *args)
    response.status_code = 303  # See Other: a reload shows the page and posts nothing
    return response


def club_or_404(pk):
    try:
        return service.get_club(pk)
    except ServiceError as e:
        raise Http404(e.message) from e


def season_or_404(pk):
    try:
        return service.get_season(pk)
    except ServiceError as e:
        raise Http404(e.message) from e


# ------------------------------------------------------------------ your clubs
@login_required
def club_list(request):
    form = ClubForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                club = service.do_create_club(request.user, form.cleaned_data["name"])
            except ServiceError as e:
                form.add_error("name", e.message)
                status = e.status
            else:
                return done(request, _("The club is created: you are its organiser."), "club", club.pk)
    clubs = [
        {"club": m.club, "role": m.role, "members": m.club.members.count()}
        for m in ClubMember.objects.filter(user=request.user).select_related("club").order_by("club__name")
    ]
    return render(request, "tournaments/clubs/list.html", {"clubs": clubs, "form": form}, status=status)


# ------------------------------------------------------------------ a club's page
def club_context(request, club):
    coming, past = read.events_of(club)
    member = service.membership(club, request.user)
    organiser = member is not None and member.role == ClubMember.Role.ORGANISER
    members = read.members_of(club)
    return {
        "club": club,
        "members": members,
        "organisers": sum(m.role == ClubMember.Role.ORGANISER for m in members),
        "coming": coming,
        "past": past,
        "seasons": club.seasons.order_by("pk"),
        "ratings": read.ratings_tables(club),
        "me": member,
        "organiser": organiser,
        "season_form": SeasonForm() if organiser else None,
    }


def club_page(request, pk):
    club = club_or_404(pk)
    return render(request, "tournaments/clubs/detail.html", club_context(request, club))


@require_POST
@login_required
def leave(request, pk):
    club = club_or_404(pk)
    try:
        service.do_leave(club.pk, request.user)
    except ServiceError as e:
        return refused(request, e, club)
    return done(request, _("You left %(club)s.") % {"club": club.name}, "clubs")


@require_POST
@login_required
def member_role(request, pk, user_id):
    club = club_or_404(pk)
    role = request.POST.get("role", "")
    try:
        member = service.do_set_role(club.pk, request.user, user_id, role)
    except ServiceError as e:
        return refused(request, e, club)
    if member.role == ClubMember.Role.ORGANISER:
        text = _("%(name)s is an organiser of the club.")
    else:
        text = _("%(name)s is a member of the club.")
    return done(request, text % {"name": member.user.username}, "club", club.pk)


@require_POST
@login_required
def member_remove(request, pk, user_id):
    club = club_or_404(pk)
    name = get_user_model().objects.filter(pk=user_id).values_list("username", flat=True).first() or ""
    try:
        service.do_remove_member(club.pk, request.user, user_id)
    except ServiceError as e:
        return refused(request, e, club)
    if user_id == request.user.pk:
        return done(request, _("You left %(club)s.") % {"club": club.name}, "clubs")
    return done(request, _("%(name)s is no longer a member.") % {"name": name}, "club", club.pk)


def member_page(request, pk, user_id):
    """A member's rating history in the club (the reusable include a profile page can show too)."""
    club = club_or_404(pk)
    member = ClubMember.objects.select_related("user").filter(club=club, user_id=user_id).first()
    if member is None:
        raise Http404("No such member.")
    games = read.history_of(club, f"user:{user_id}")
    return render(
        request,
        "tournaments/clubs/member.html",
        {"club": club, "member": member, "history": {"name": member.user.username, "games": games}},
    )


# ------------------------------------------------------------------ invitation links
def invitations_page(request, club, form=None, created=None, status=200):
    invitations = club.invitations.select_related("created_by").order_by("-pk")[:100]
    rows = [read.invitation_row(i) | {"invitation": i} for i in invitations]
    return render(
        request,
        "tournaments/clubs/invitations.html",
        {"club": club, "form": form or InvitationForm(), "invitations": rows, "created": created},
        status=status,
    )


@login_required
def invitations(request, pk):
    """The organisers' links: make one (shown once, on the answer to its POST), revoke one."""
    club = club_or_404(pk)
    if not service.is_organiser(club, request.user):
        return refused(request, ServiceError("club_organiser_only"), club)
    if request.method != "POST":
        return invitations_page(request, club)
    form = InvitationForm(request.POST)
    if not form.is_valid():
        return invitations_page(request, club, form, status=400)
    try:
        invitation, token = service.do_create_invitation(club.pk, request.user, form.cleaned_data["expires_in_days"])
    except ServiceError as e:
        form.add_error(None, e.message)
        return invitations_page(request, club, form, status=e.status)
    link = request.build_absolute_uri(f"/clubs/join/{token}/")
    # Not a redirect: the link's secret is in this answer only (the database keeps its hash).
    return invitations_page(request, club, created={"invitation": invitation, "link": link}, status=201)


@require_POST
@login_required
def revoke(request, pk, invitation_id):
    club = club_or_404(pk)
    try:
        service.do_revoke_invitation(club.pk, request.user, invitation_id)
    except ServiceError as e:
        return refused(request, e, club)
    return done(request, _("The link is revoked: it no longer lets anyone join."), "club-invitations", club.pk)


# ------------------------------------------------------------------ joining through a link
def throttled(request, tally):
    response = render(request, "registration/throttled.html", {"retry_after": tally.retry_after}, status=429)
    response["Retry-After"] = str(tally.retry_after)
    return response


@never_cache
def join(request, token):
    """A link's page: the club it invites to and the button that joins it (signed in). Every
    look-up of a link, shown or posted, counts against the caller's ``club_joins`` limit, as the
    API's joins do: a link's secret cannot be guessed by trying."""
    tally = throttles.do_count((JOIN_SCOPE, throttles.caller(request)))
    if not tally.allowed:
        return throttled(request, tally)
    invitation = service.find_invitation(token)
    error, status = None, 200
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.path)
        try:
            member = service.do_join(request.user, token)
        except ServiceError as e:
            error, status = e, e.status
        else:
            return done(request, _("Welcome to %(club)s!") % {"club": member.club.name}, "club", member.club_id)
    else:
        try:
            service.check_join(invitation, request.user if request.user.is_authenticated else None)
        except ServiceError as e:
            error, status = e, e.status
    # The club is named to a holder of a link that works (or to its member already).
    shown = error is None or error.code == "already_member"
    club = invitation.club if invitation is not None and shown else None
    back = urlencode({"next": request.path})
    context = {
        "club": club,
        "error": error,
        "token": token,
        "login_url": f"{reverse('login')}?{back}",
        "signup_url": f"{reverse('signup')}?{back}",
    }
    return render(request, "tournaments/clubs/join.html", context, status=status)


# ------------------------------------------------------------------ seasons
@require_POST
@login_required
def season_new(request, pk):
    club = club_or_404(pk)
    form = SeasonForm(request.POST)
    if not form.is_valid():
        context = club_context(request, club) | {"season_form": form}
        return render(request, "tournaments/clubs/detail.html", context, status=400)
    try:
        season = service.do_create_season(club.pk, request.user, **form.arguments())
    except ServiceError as e:
        return refused(request, e, club)
    return done(request, _("The season is created: add the club's events to it."), "season", season.pk)


def season_context(request, season):
    standing = read.season_standings(season)
    organiser = service.is_organiser(season.club, request.user)
    in_season = [e.tournament for e in season.events.select_related("tournament").order_by("position")]
    addable = season.club.tournaments.exclude(pk__in=[t.pk for t in in_season]).order_by("-pk")
    return {
        "season": season,
        "club": season.club,
        "standing": standing,
        "in_season": in_season,
        "organiser": organiser,
        "event_form": SeasonEventForm(events=addable) if organiser and addable else None,
        "best": season.scoring == Season.Scoring.BEST,
    }


def season_page(request, pk):
    season = season_or_404(pk)
    return render(request, "tournaments/clubs/season.html", season_context(request, season))


@require_POST
@login_required
def season_add(request, pk):
    season = season_or_404(pk)
    try:
        tournament = int(request.POST.get("tournament", ""))
    except ValueError:
        return refused(request, ServiceError("invalid_input", problem=_("choose an event")), season.club)
    try:
        service.do_add_event(season.pk, request.user, tournament)
    except ServiceError as e:
        return refused(request, e, season.club)
    return done(request, _("The event is in the season."), "season", season.pk)


@require_POST
@login_required
def season_remove(request, pk, tournament_id):
    season = season_or_404(pk)
    try:
        service.do_remove_event(season.pk, request.user, tournament_id)
    except ServiceError as e:
        return refused(request, e, season.club)
    return done(request, _("The event is no longer in the season."), "season", season.pk)


def projector_context(season):
    # The version first: a screen never claims a newer version than what it shows.
    version = read.season_version(season)
    return {"season": season, "club": season.club, "standing": read.season_standings(season), "version": version}


@require_GET
def season_projector(request, pk):
    """The season's standings in big type for a wall screen; its part refreshes itself."""
    return render(request, "tournaments/clubs/projector.html", projector_context(season_or_404(pk)))


@never_cache
@require_GET
def season_projector_live(request, pk):
    """The projector's part, or 204 when the screen shows this version already (?v=)."""
    season = season_or_404(pk)
    if request.GET.get("v") == read.season_version(season):
        return HttpResponse(status=204)
    return render(request, "tournaments/clubs/_projector.html", projector_context(season))
