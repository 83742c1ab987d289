"""Pages for the games owners start themselves (issue 18): sparring from a bot's page, a bot's
challenge setting, and the challenges page (make one; accept, decline or cancel). Each posts to
the same service functions as the API (bots.sparring, bots.challenges), and a refusal is shown
in the reader's language with nothing stored."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.errors import ServiceError

from . import challenges, limits, registry, sparring
from .forms import AcceptChallengesForm, ChallengeForm, SparringForm, names
from .models import Bot


def see_other(*args):
    response = redirect(*args)
    response.status_code = 303  # a reload shows the page, and posts nothing again
    return response


@login_required
@require_POST
def bot_sparring(request, pk):
    bot = get_object_or_404(Bot, pk=pk, owner=request.user)
    form = SparringForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The sparring match was not started: choose a game and a strength."))
        return see_other("bot", bot.pk)
    try:
        match = sparring.do_start_sparring(
            request.user, bot, form.cleaned_data["ruleset"], form.options(), form.cleaned_data["opponents"]
        )
    except ServiceError as e:
        messages.error(request, _("The sparring match was not started: %(reason)s") % {"reason": e.message})
        return see_other("bot", bot.pk)
    return see_other("table", match.pk)


@login_required
@require_POST
def bot_challenge_setting(request, pk):
    bot = get_object_or_404(Bot, pk=pk, owner=request.user)
    form = AcceptChallengesForm(request.POST)
    try:
        if not form.is_valid():
            raise ServiceError("invalid_input", problem=_("choose who the bot accepts challenges from"))
        listed = registry.accounts_named(names(form.cleaned_data["accepts_challenges_from"]))
    except ServiceError as e:
        messages.error(request, _("Nothing was changed: %(reason)s") % {"reason": e.message})
        return see_other("bot", bot.pk)
    with transaction.atomic():
        bot.accepts_challenges = form.cleaned_data["accepts_challenges"]
        bot.save(update_fields=["accepts_challenges"])
        bot.accepts_challenges_from.set(listed)
    messages.success(request, _("Saved: who %(bot)s accepts challenges from.") % {"bot": bot.name})
    return see_other("bot", bot.pk)


def owner_panel(bot):
    """What a bot's owner sees on its page to start games: the forms and their caps."""
    listed = ", ".join(bot.accepts_challenges_from.order_by("username").values_list("username", flat=True))
    return {
        "sparring_form": SparringForm(),
        "accept_form": AcceptChallengesForm(
            initial={"accepts_challenges": bot.accepts_challenges, "accepts_challenges_from": listed}
        ),
        "usage": limits.usage(bot.owner),
    }


@login_required
def challenge_list(request):
    mine = list(challenges.visible_to(request.user)[:100])
    return render(
        request,
        "bots/challenges.html",
        {
            "to_answer": [c for c in mine if challenges.summary(c, request.user)["yours_to_answer"]],
            "challenges": mine,
            "usage": limits.usage(request.user),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def challenge_new(request):
    form = ChallengeForm(request.POST or None, user=request.user)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                challenge = challenges.do_challenge(request.user, **form.arguments())
            except ServiceError as e:
                form.add_error(None, e.message)
                status = e.status
            else:
                if challenge.match_id:
                    return see_other("table", challenge.match_id)
                messages.success(request, _("Challenge sent. The match starts when everyone has accepted."))
                return see_other("challenges")
    return render(
        request, "bots/challenge_new.html", {"form": form, "usage": limits.usage(request.user)}, status=status
    )


@login_required
@require_POST
def challenge_answer(request, pk, answer):
    try:
        if answer == "cancel":
            challenge = challenges.do_cancel(request.user, pk)
        else:
            challenge = challenges.do_answer(request.user, pk, accept=answer == "accept")
    except ServiceError as e:
        messages.error(request, _("Nothing was changed: %(reason)s") % {"reason": e.message})
        return see_other("challenges")
    challenge.refresh_from_db()
    if challenge.match_id:
        return see_other("table", challenge.match_id)
    return see_other("challenges")
