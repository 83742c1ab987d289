"""``python manage.py ensure_demo_tournament``: a Swiss event of built-in bots, under way.

``make run`` calls it so that a newcomer finds a tournament filling up on the home page. It
creates the demo bots (owned by the house account), registers them, and starts round 1 of an
autopilot tournament; the worker plays the tables and runs the later rounds. If a demo is
already under way (say ``make run`` was stopped mid-event), it is left to carry on.

With ``--every-demo`` (what ``make run`` passes) it also starts a short event of each other
demo ruleset beside the main one: ``settings.DEMO_OTHER_RULESETS`` where the site lists them,
else the engine's first ruleset of the other kind than the main demo's (trick-taking or not,
asked of the descriptor), played as the ruleset's short game (``short_game``).
"""

from django.conf import settings
from django.core.management.base import BaseCommand

from bots.house import ensure_builtin_bot, house_account
from games.engine import RULESETS
from tournaments.models import Tournament
from tournaments.service import creation, entries, rounds

DEMO_NAME = "Demo: Swiss event of built-in bots"
OTHER_DEMO_NAME = "Demo: %(game)s, a short Swiss event of built-in bots"  # a stored name, in English
OTHER_DEMO_ENTRANTS, OTHER_DEMO_ROUNDS = 8, 3


def demo_ruleset():
    """The game the demo plays: settings.DEMO_RULESET where the site names one, else the
    engine's first ruleset (the one it lists first, the platform's main game). Asked of the
    engine, so no game is spelled here and a new engine ruleset can be the demo by setting."""
    name = getattr(settings, "DEMO_RULESET", None) or next(iter(RULESETS))
    if name not in RULESETS:
        raise ValueError(f"DEMO_RULESET is {name!r}; the engine plays {', '.join(RULESETS)}")
    return RULESETS[name]


def other_demo_rulesets():
    """The rulesets of the short demos beside the main one: settings.DEMO_OTHER_RULESETS where
    the site lists them (an empty list: none), else the engine's first ruleset of the other
    kind than the main demo's (a trick-taking game beside a shedding game, or the reverse)."""
    main = demo_ruleset()
    names = getattr(settings, "DEMO_OTHER_RULESETS", None)
    if names is None:
        other = next((r for r in RULESETS.values() if r.trick_taking != main.trick_taking), None)
        return [] if other is None else [other]
    unknown = [name for name in names if name not in RULESETS]
    if unknown:
        raise ValueError(f"DEMO_OTHER_RULESETS names {unknown}; the engine plays {', '.join(RULESETS)}")
    return [RULESETS[name] for name in names if name != main.name]


def other_demo_name(ruleset):
    return OTHER_DEMO_NAME % {"game": ruleset.label}


def ensure_demo_tournament(entrants=16, round_count=4, ruleset=None):
    """The demo tournament under way: the existing one, or a new one started now. Without
    ``ruleset``, the main demo (demo_ruleset, its full game); with one, that ruleset's short
    demo (its short game)."""
    name = DEMO_NAME if ruleset is None else other_demo_name(ruleset)
    demo = Tournament.objects.filter(name=name).exclude(status=Tournament.Status.FINISHED).first()
    if demo is not None:
        return demo, False
    house = house_account()
    options = {} if ruleset is None else dict(ruleset.short_game or {})
    ruleset = ruleset or demo_ruleset()
    tournament = creation.do_create_tournament(
        house, name, ruleset.name, options, "swiss", round_count, rated=False, autopilot=True
    )
    # A mixed field of every built-in strategy that plays the game, so that the standings mean
    # something: the strongest should end on top.
    mix = ruleset.policies
    for i in range(entrants):
        strategy = mix[i % len(mix)]
        bot, _ = ensure_builtin_bot(
            f"demo-{strategy}-{i // len(mix) + 1}", strategy, f"a demo entrant playing the built-in {strategy} strategy"
        )
        entries.do_register(tournament.pk, house, bot=bot)
    rounds.do_start_round(tournament.pk, house)
    return Tournament.objects.get(pk=tournament.pk), True


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--entrants", type=int, default=16)
        parser.add_argument("--rounds", type=int, default=4)
        parser.add_argument(
            "--every-demo", action="store_true", help="also a short event of each other demo ruleset (make run)"
        )

    def handle(self, *args, **options):
        table = demo_ruleset().num_seats()
        if options["entrants"] < table or not 1 <= options["rounds"] <= 50:
            self.stderr.write(f"a demo needs at least {table} entrants (a table) and 1 to 50 rounds")
            raise SystemExit(2)
        demos = [ensure_demo_tournament(options["entrants"], options["rounds"])]
        if options["every_demo"]:
            demos += [
                ensure_demo_tournament(OTHER_DEMO_ENTRANTS, OTHER_DEMO_ROUNDS, ruleset)
                for ruleset in other_demo_rulesets()
            ]
        for demo, created in demos:
            verb = "started" if created else "already under way:"
            self.stdout.write(
                f"demo tournament {verb} {demo.name!r}, round {demo.current_round} of {demo.rounds}; "
                f"watch it at /tournaments/{demo.pk}/"
            )
