"""The club's own bots: the "house" account and its built-in bots, one per strategy.

They belong to an account that cannot log in, are named ``house-<strategy>`` and can fill any
number of seats. ``manage.py ensure_house_bots``, the "play the house" page and tournaments that
fill tables with house bots all come here (a module never imports a management command).
"""

from django.contrib.auth import get_user_model

from bots.house_names import HOUSE_USERNAME, house_bot_name
from bots.models import Bot
from bots.registry import new_credentials
from bots.strategies import STRATEGIES


def house_account():
    """The account that owns the club's own bots and demo events; nobody can log in as it."""
    owner, created = get_user_model().objects.get_or_create(username=HOUSE_USERNAME)
    if created:
        owner.set_unusable_password()
        owner.save()
    return owner


def ensure_builtin_bot(name, strategy, description):
    """The house's built-in bot ``name`` (created if missing); returns (bot, created)."""
    bot = Bot.objects.filter(name=name).first()
    if bot is not None:
        return bot, False
    _, _, hashes = new_credentials()  # never shown: built-in bots need no credentials
    return Bot.objects.create(
        owner=house_account(), name=name, kind=Bot.Kind.BUILTIN, strategy=strategy, description=description, **hashes
    ), True


def ensure_house_bots():
    """Every strategy's house bot; returns the strategies whose bot was created now."""
    return [
        strategy
        for strategy in sorted(STRATEGIES)
        if ensure_builtin_bot(house_bot_name(strategy), strategy, f"the house's built-in {strategy} bot")[1]
    ]


def house_bot(strategy):
    """The house's bot of ``strategy`` (every house bot is made on first use)."""
    ensure_house_bots()
    return Bot.objects.get(name=house_bot_name(strategy))
