"""The bot author's pages: register a bot (its token and secret shown once), rotate them, and
see a bot's matches, faults and rating.

A bot's page is public, like a player's record: its kind, description, matches, faults and
ratings. Only its owner sees the token management (the token's prefix, the webhook URL and
the link to rotate); rotating someone else's bot is a 404, as in the API.

The token and secret are shown once, on the POST response that issued them (never cached, see
``credentials_page``), and never kept anywhere in plain text. So that a reload of that response
(which the browser re-POSTs) cannot silently issue yet another token:

- rotating goes through a confirmation page (``GET /bots/{id}/rotate/``) whose form sends a
  ``confirm`` key derived from the bot's *current* token hash (``rotation_key``); a POST without
  it is refused (400), and one whose key no longer matches (the token was replaced since the form
  was shown: a reload) is refused too (409). Neither rotates anything;
- registering again a name one already owns says so and links to that bot's page.

Built-in bots run on the site and never use a token or secret, so their pages show none.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from games.accounts.throttles import limit_posts
from games.errors import ServiceError

from . import events, registry
from .forms import STRATEGY_CHOICES, BotForm
from .hooks import bot_page_sections, bot_ratings
from .house import house_account
from .models import Bot, BotEvent
from .views_games import owner_panel


def credentials_page(request, bot, token, secret, status=200):
    """The only response that ever shows the token and secret: not cached, not stored."""
    return render(request, "bots/credentials.html", {"bot": bot, "token": token, "secret": secret}, status=status)


@never_cache
@login_required
def bot_list(request):
    form = BotForm(request.POST if request.method == "POST" else None)
    status, already_yours = 200, None
    if request.method == "POST":
        status = 400
        if form.is_valid():
            name = form.cleaned_data["name"]
            already_yours = request.user.bots.filter(name__iexact=name).first()
            if already_yours is not None:
                # Most often a reload of the page that showed the new bot's credentials.
                status = 409
            else:
                try:
                    bot, token, secret = registry.register(request.user, **form.cleaned_data)
                except ServiceError as e:
                    if e.code == "name_taken":
                        form.add_error(
                            "name", _("The bot name %(name)s is taken; please choose another.") % {"name": name}
                        )
                    else:
                        form.add_error("name", e.message)
                    status = e.status
                else:
                    if not registry.needs_credentials(bot):
                        # The site runs it: nothing to show once, so the usual redirect after a POST.
                        messages.success(
                            request,
                            _(
                                "The built-in bot %(name)s is registered. The site runs it, "
                                "so it needs no token or secret."
                            )
                            % {"name": bot.name},
                        )
                        response = redirect("bot", bot.pk)
                        response.status_code = 303  # See Other: a reload shows the page, posts nothing
                        return response
                    return credentials_page(request, bot, token, secret, status=201)
    return render(
        request,
        "bots/list.html",
        {"bots": request.user.bots.order_by("pk"), "form": form, "already_yours": already_yours},
        status=status,
    )


def bot_detail(request, pk):
    bot = get_object_or_404(Bot.objects.select_related("owner"), pk=pk)
    is_owner = request.user == bot.owner
    matches = registry.matches(bot)
    return render(
        request,
        "bots/detail.html",
        {
            "bot": bot,
            "owner": request.user == bot.owner,
            "matches": matches,
            # Each faulted turn with the facts its owner may read now (none for anyone else).
            "faults": [
                (turn, registry.shown_facts(turn) if request.user == bot.owner else {}) for turn in registry.faults(bot)
            ],
            "house": bot.owner_id == house_account().pk,
            "strategy_label": dict(STRATEGY_CHOICES).get(bot.strategy, bot.strategy),
            "ratings": bot_ratings(bot),
            "needs_credentials": registry.needs_credentials(bot),
            "sections": bot_page_sections(bot, request),
            # What the bot was told lately (its events, and for a webhook bot how each call went).
            "told": BotEvent.objects.filter(bot=bot).order_by("-pk")[:RECENT_EVENTS] if is_owner else (),
            **(owner_panel(bot) if request.user == bot.owner and bot.is_active else {}),
        },
    )


RECENT_EVENTS = 10


@login_required
@require_POST
@limit_posts("pings")
def bot_ping(request, pk):
    """The owner's "Ping it now" (bots.events.request_ping): the answer shows on the page."""
    bot = get_object_or_404(Bot, pk=pk, owner=request.user)
    try:
        events.request_ping(bot)
    except ServiceError as e:
        messages.error(request, e.message)
    else:
        messages.success(request, _("Ping sent: reload this page in a few seconds to see its answer."))
    response = redirect("bot", bot.pk)
    response.status_code = 303  # a reload shows the page, and posts nothing again
    return response


def rotation_key(bot):
    """The confirmation form's ``confirm`` value: bound to the bot's current token, so a form (or
    a reloaded POST) from before the last rotation no longer matches. Keyed with SECRET_KEY; it
    reveals nothing of the token."""
    return salted_hmac("bots.views.rotation_key", f"{bot.pk}:{bot.token_hash}").hexdigest()[:32]


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def bot_rotate(request, pk):
    bot = get_object_or_404(Bot, pk=pk, owner=request.user)
    refusal, status = None, 200
    if not registry.needs_credentials(bot):
        refusal = _("Nothing was changed: a built-in bot runs on the site and has no token or secret to replace.")
        return render(
            request,
            "bots/rotate.html",
            {"bot": bot, "refusal": refusal, "key": None, "bot_url": reverse("bot", args=[bot.pk])},
            status=400,
        )
    if request.method == "POST":
        confirm = request.POST.get("confirm", "")
        with transaction.atomic():  # two submissions of one form: the second sees the first's new token
            bot = Bot.objects.select_for_update().get(pk=bot.pk)
            if not confirm:
                refusal, status = (
                    _(
                        "Nothing was changed: a new token is issued only from this confirmation form. "
                        "Your current token and secret still work."
                    ),
                    400,
                )
            elif not constant_time_compare(confirm, rotation_key(bot)):
                refusal, status = (
                    _(
                        "Nothing was changed: the token was already replaced after this form was "
                        "shown (perhaps the page showing the new token was reloaded). The token issued "
                        "then is the one that works; if you did not copy it, issue another below."
                    ),
                    409,
                )
            else:
                token, secret = registry.rotate(bot)
                return credentials_page(request, bot, token, secret)
    return render(
        request,
        "bots/rotate.html",
        {"bot": bot, "refusal": refusal, "key": rotation_key(bot), "bot_url": reverse("bot", args=[bot.pk])},
        status=status,
    )
