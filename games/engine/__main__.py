"""Command line: ``python -m games.engine play king --seed 7 --bots random``."""

import argparse
import json
import sys

from . import RULESETS
from .errors import EngineError
from .playout import BOTS, play_out, score_sheet


def _option(text):
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"options are name=value, not {text!r}")
    return name, value


def _options(ruleset, pairs):
    """Values as the flags expect them: text for choice flags (king_slam=10 is "10"), JSON otherwise."""
    flags = RULESETS[ruleset].flags
    out = {}
    for name, raw in pairs:
        flag = flags.get(name)
        if flag is not None and flag.kind is str:
            out[name] = raw
            continue
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw  # refused with a clear message by the engine
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m games.engine", description="King, Rifki and Kings in the Corner rules engine"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a whole game with bots and print the score sheet")
    play.add_argument("ruleset", choices=sorted(RULESETS))
    play.add_argument("--seed", default="7", help="the game's seed (text or number); the same seed, the same game")
    play.add_argument(
        "--bots",
        default="random",
        choices=BOTS,
        help="who plays every seat: random, or (Kings in the Corner) the demo's greedy heuristic",
    )
    play.add_argument("--players", type=int, help="the table size, for a ruleset played by several")
    play.add_argument(
        "--option",
        "-o",
        action="append",
        type=_option,
        default=[],
        metavar="NAME=VALUE",
        help="a rule flag of docs/rules.md, e.g. -o hand_order=dealer_choice -o short_mode=true",
    )
    play.add_argument("--events", action="store_true", help="print the event log (JSON lines) instead")
    args = parser.parse_args(argv)
    seed = int(args.seed) if args.seed.isdigit() else args.seed
    options = _options(args.ruleset, args.option)
    if args.players is not None:
        seats = RULESETS[args.ruleset].seats
        if args.players not in seats:
            print(
                f"error: {args.ruleset} is played by {seats.start} to {seats.stop - 1} players, not {args.players}",
                file=sys.stderr,
            )
            return 2
        if len(seats) > 1:
            options["players"] = args.players
    try:
        state = play_out(args.ruleset, seed, args.bots, options)
    except EngineError as e:
        print(f"error: {e.message}", file=sys.stderr)
        return 2
    if args.events:
        for ev in state.events:
            print(json.dumps(ev))
    else:
        print(score_sheet(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
