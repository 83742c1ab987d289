"""The bot author's pages: register a bot (its token and secret shown once), rotate them, and
see a bot's matches, faults and rating.

A bot's page is public, like a player's record: its kind, description, matches, faults and
ratings. Only its owner sees the token management (the token's prefix, the webhook URL and
the rotate button); rotating someone else's bot is a 404, as in the API.
"""
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from games.engine import RULESETS
from games.service import ServiceError
from tournaments.leaderboards import leaderboard

from . import registry
from .forms import BotForm
from .models import Bot


def credentials_page(request, bot, token, secret, status=200):
    """The only response that ever shows the token and secret: not cached, not stored."""
    return render(request, "bots/credentials.html", {"bot": bot, "token": token, "secret": secret}, status=status)


@never_cache
@login_required
def bot_list(request):
    form = BotForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                bot, token, secret = registry.register(request.user, **form.cleaned_data)
            except ServiceError as e:
                form.add_error("name", e.message)
                status = e.status
            else:
                return credentials_page(request, bot, token, secret, status=201)
    return render(request, "bots/list.html", {"bots": request.user.bots.order_by("pk"), "form": form}, status=status)


def ratings(bot):
    """The bot's rating and rank on each ruleset's leaderboard (None where it is not rated)."""
    key = f"bot:{bot.pk}"
    return [(ruleset, next((row for row in leaderboard(ruleset) if row.key == key), None)) for ruleset in RULESETS]


def bot_detail(request, pk):
    bot = get_object_or_404(Bot.objects.select_related("owner"), pk=pk)
    matches = registry.matches(bot)
    return render(request, "bots/detail.html", {
        "bot": bot, "owner": request.user == bot.owner, "matches": matches, "faults": registry.faults(bot),
        "ratings": ratings(bot)})


@never_cache
@require_POST
@login_required
def bot_rotate(request, pk):
    bot = get_object_or_404(Bot, pk=pk, owner=request.user)
    token, secret = registry.rotate(bot)
    return credentials_page(request, bot, token, secret)
