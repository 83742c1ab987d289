from django.core.management import call_command

from bots.models import Bot


def test_the_house_has_one_built_in_bot_per_strategy_and_a_rerun_adds_nothing(db):
    from bots.strategies import STRATEGIES

    call_command("ensure_house_bots", verbosity=0)
    call_command("ensure_house_bots", verbosity=0)
    bots = Bot.objects.filter(owner__username="house")
    assert sorted(b.name for b in bots) == sorted(f"house-{s}" for s in STRATEGIES)
    assert all(b.kind == "builtin" and b.strategy for b in bots)
    assert not bots[0].owner.has_usable_password()
