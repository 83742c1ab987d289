"""The ladder's pages (issue 18): the ladders, each ruleset's public leaderboard, the section a
bot's page shows (bots.hooks.BOT_PAGE_SECTIONS), and the owner's buttons on it.

Thin views over tournaments.ladder.service, the API's own path: a button is a POST form (with
its CSRF token) whose refusal is shown with the service's message and HTTP status, storing
nothing; a success goes back to the bot's page (303) with a message.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from bots.models import Bot
from games.engine import RULESETS
from games.errors import ServiceError
from games.offer import offered_rulesets

from ..models import Ladder, LadderEntry, LadderRating
from . import fold, service
from .chart import chart

CHART_POINTS = 200  # the chart shows a bot's last games, at most this many
TABLE_POINTS = 20  # and its text alternative the last of them


def ladder_index(request):
    ladders = [{**s, "label": _(s["label"])} for s in service.summaries()]
    return render(request, "tournaments/ladder/index.html", {"ladders": ladders})


def ladder_board(request, ruleset):
    try:
        service.check_ruleset(ruleset, status=404)
    except ServiceError as e:
        raise Http404(e.message) from e
    version = Ladder.objects.filter(ruleset=ruleset).values_list("version", flat=True).first() or 0
    return render(
        request,
        "tournaments/ladder/board.html",
        {
            "ruleset": ruleset,
            "label": _(RULESETS[ruleset].label),
            "rows": service.leaderboard(ruleset),
            "version": version,
            "size": service.table_size(ruleset),
        },
    )


ACTIONS = {
    "join": (
        lambda ruleset, user, bot: service.do_join(ruleset, user, bot),
        gettext_lazy("%(bot)s joined the ladder."),
    ),
    "pause": (
        lambda ruleset, user, bot: service.do_set_status(ruleset, user, bot, LadderEntry.Status.PAUSED),
        gettext_lazy("%(bot)s is paused: it finishes any match it plays, and is not seated again."),
    ),
    "resume": (
        lambda ruleset, user, bot: service.do_set_status(ruleset, user, bot, LadderEntry.Status.ACTIVE),
        gettext_lazy("%(bot)s plays in the ladder again."),
    ),
    "leave": (
        lambda ruleset, user, bot: service.do_leave(ruleset, user, bot),
        gettext_lazy("%(bot)s left the ladder; it keeps its rating if it joins again."),
    ),
}


@require_POST
@login_required
def ladder_entry(request, ruleset, bot):
    """The owner's buttons: ``action`` is join, pause, resume or leave."""
    action = ACTIONS.get(request.POST.get("action", ""))
    try:
        if action is None:
            raise ServiceError("invalid_input", problem=gettext_lazy("action must be join, pause, resume or leave"))
        entry = action[0](ruleset, request.user, bot)
    except ServiceError as e:
        shown = Bot.objects.filter(pk=bot, owner=request.user).first()
        return render(request, "tournaments/ladder/refused.html", {"error": e, "bot": shown}, status=e.status)
    messages.success(request, action[1] % {"bot": entry.bot.name})
    response = redirect("bot", bot)
    response.status_code = 303  # See Other: a reload shows the page, posts nothing
    return response


# ------------------------------------------------------------------ the bot's page
def status_of(entry):
    return entry.status if entry is not None else None


def owner_actions(bot, entry, rejoin_at=None):
    """The buttons the owner sees for one ladder: what the service would accept now (no
    "join" while a bot that left for faults waits until ``rejoin_at``)."""
    if bot.kind == Bot.Kind.BUILTIN:
        return []
    status = status_of(entry)
    if status in (None, LadderEntry.Status.LEFT):
        return ["join"] if bot.is_active and rejoin_at is None else []
    if status == LadderEntry.Status.ACTIVE:
        return ["pause", "leave"]
    return (["resume"] if bot.is_active else []) + ["leave"]


def bot_page_section(bot, request):
    """The ladder's section of a bot's page: per offered ruleset, the bot's status, its rating
    and rank, the owner's buttons, and its rating history as a chart with a table beside it.
    A built-in bot shows it only where it played as an anchor."""
    key = fold.key_of(bot.pk)
    entries = {e.ruleset: e for e in LadderEntry.objects.filter(bot=bot)}
    ratings = {r.ruleset: r for r in LadderRating.objects.filter(key=key)}
    builtin = bot.kind == Bot.Kind.BUILTIN
    if builtin and not ratings:
        return []
    owner = request.user.is_authenticated and request.user.pk == bot.owner_id
    games = []
    for game in offered_rulesets():
        if builtin and game.name not in ratings:
            continue
        entry, rating = entries.get(game.name), ratings.get(game.name)
        rejoin_at = service.rejoin_at(entry)
        points = service.history(game.name, bot.pk)[-CHART_POINTS:]
        rank = None
        if rating is not None:
            rank = LadderRating.objects.filter(ruleset=game.name, ordinal__gt=rating.ordinal).count() + 1
        games.append(
            {
                "name": game.name,
                "label": game.label,
                "entry": entry,
                "rating": rating,
                "rank": rank,
                "rejoin_at": rejoin_at,
                "actions": owner_actions(bot, entry, rejoin_at) if owner else [],
                "chart": chart([(p.games, p.mu, p.sigma) for p in points]),
                "table": points[::-1][:TABLE_POINTS],
                "first": points[0] if points else None,
            }
        )
    return [("tournaments/ladder/_bot_section.html", {"bot": bot, "games": games, "builtin": builtin, "owner": owner})]
