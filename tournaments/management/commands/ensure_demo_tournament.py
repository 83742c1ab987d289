"""``python manage.py ensure_demo_tournament``: a Swiss King event of built-in bots, under way.

``make run`` calls it so that a newcomer finds a tournament filling up on the home page. It
creates the demo bots (owned by the house account), registers them, and starts round 1 of an
autopilot tournament; the worker plays the tables and runs the later rounds. If a demo is
already under way (say ``make run`` was stopped mid-event), it is left to carry on.
"""
from django.core.management.base import BaseCommand

from bots.management.commands.ensure_house_bots import ensure_builtin_bot, house_account
from tournaments import service
from tournaments.models import Tournament

DEMO_NAME = "Demo: Swiss King of built-in bots"
# A mixed field, so that the standings mean something: the search bot should end on top.
STRATEGY_MIX = ("random", "heuristic", "montecarlo")


def ensure_demo_tournament(entrants=16, rounds=4):
    """The demo tournament under way: the existing one, or a new one started now."""
    demo = Tournament.objects.filter(name=DEMO_NAME).exclude(status=Tournament.Status.FINISHED).first()
    if demo is not None:
        return demo, False
    house = house_account()
    tournament = service.do_create_tournament(house, DEMO_NAME, "king", {}, "swiss", rounds, rated=False,
                                              autopilot=True)
    for i in range(entrants):
        strategy = STRATEGY_MIX[i % len(STRATEGY_MIX)]
        bot, _ = ensure_builtin_bot(f"demo-{strategy}-{i // len(STRATEGY_MIX) + 1}", strategy,
                                    f"a demo entrant playing the built-in {strategy} strategy")
        service.do_register(tournament.pk, house, bot=bot)
    service.do_start_round(tournament.pk, house)
    return Tournament.objects.get(pk=tournament.pk), True


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--entrants", type=int, default=16)
        parser.add_argument("--rounds", type=int, default=4)

    def handle(self, *args, **options):
        if options["entrants"] < 4 or not 1 <= options["rounds"] <= 50:
            self.stderr.write("a demo needs at least 4 entrants and 1 to 50 rounds")
            raise SystemExit(2)
        demo, created = ensure_demo_tournament(options["entrants"], options["rounds"])
        verb = "started" if created else "already under way:"
        self.stdout.write(f"demo tournament {verb} {demo.name!r}, round {demo.current_round} of {demo.rounds}; "
                          f"watch it at /tournaments/{demo.pk}/")
