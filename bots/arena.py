"""The local arena: your bot against the house's built-in bots, with no server and no database.

    python -m bots.arena mybot.py --ruleset king --games 100
    python -m bots.arena bots/examples/lowest_card.py --ruleset rifki --games 40 --short --opponents montecarlo

``mybot.py`` defines ``choose(turn)``, exactly as for ``bots/sdk/kingrifki_bot.py``. Every game is
dealt from a seed derived from ``--seed``, so a run repeats (as long as the bot does). The bot
sits in seat ``game % seats``, every seat in turn, and the house strategy ``--opponents`` plays
the others. The bot gets the turn the platform would send: the same JSON, its view made by the
platform's own redaction (``games.engine.redact.redact_view``, as ``games.service.access.seat_view``
does for a live match), so a strategy that works here works on the site.

A fault is counted as the platform counts it: when ``choose`` raises, or returns something that
is not one of the legal actions, the game's fallback move is played instead (the first legal
action, or the end of the turn where the ruleset says so). (The platform also
hands a seat to a house bot after 3 faults in a match; the arena keeps asking your bot, so that
every decision in its score is its own or a counted fault.)

It prints the bot's mean game score with a 95% confidence interval (Student's t), the house
bots' mean score beside it, the bot's mean place at the table, and its faults.
"""

import argparse
import json
import math
import random
import statistics
import sys
import time
import traceback
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from games.engine import RULESETS, EngineError, new_game
from games.engine.redact import redact_view

from .sdk.kingrifki_bot import StrategyError, load_strategy
from .strategies import choose_action, strategies_for

TURN_TIMEOUT_SECONDS = 2  # a match's default bot turn timeout: the turn's deadline, and a warning
# Student's t, 97.5% quantile, for 1-30 degrees of freedom; past 30 a series in 1/df is exact
# to three decimals.
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131)
T975 += (2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t975(df):
    if df <= len(T975):
        return T975[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def interval(values):
    """(mean, half width of its 95% confidence interval, or None for a single value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    return mean, t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


@dataclass
class Tally:
    bot_scores: list = field(default_factory=list)
    house_scores: list = field(default_factory=list)  # per game, the mean of the house seats
    places: list = field(default_factory=list)
    faults: Counter = field(default_factory=Counter)
    turns: int = 0
    slow_turns: int = 0
    first_fault: str = ""


def turn_request(state, seat, game_no, version, seed):
    """What the platform would send for this turn (bots.runner.turn_request), as JSON."""
    view = json.loads(json.dumps(redact_view(state, seat, reveal_finished=True)))
    deadline = datetime.now(UTC) + timedelta(seconds=TURN_TIMEOUT_SECONDS)
    return {
        "request_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"arena/{seed}/{game_no}/{version}")),
        "match": game_no,
        "seat": seat,
        "version": version,
        "deadline": deadline.isoformat(),
        "view": view,
        "legal_actions": view["legal_actions"],
        "previous_receipt": None,  # the site signs receipts (games.record.receipts); the arena has nothing to sign
    }


def bot_turn(choose, state, turn, tally):
    """Play the bot's action, or the ruleset's fallback for a fault (and count it)."""
    started = time.monotonic()
    try:
        action = json.loads(json.dumps(choose(turn)))  # it travels as JSON on the platform
    except Exception:
        return fault(state, tally, "exception", traceback.format_exc())
    finally:
        tally.slow_turns += time.monotonic() - started > TURN_TIMEOUT_SECONDS
    if not isinstance(action, dict):
        return fault(state, tally, "illegal_action", f"{action!r} is not an action (a JSON object)")
    try:
        state.apply(action)  # an illegal action leaves the state as it was
    except EngineError as e:
        return fault(state, tally, "illegal_action", f"{action!r}: {e}")
    return False


def fault(state, tally, reason, detail):
    tally.faults[reason] += 1
    tally.first_fault = tally.first_fault or f"{reason}: {detail}"
    state.apply(RULESETS[state.ruleset].fallback(state.legal_actions()))
    return True


def place(state, seat):
    """The seat's place at the table (1 is best, ties share the better place), or None. Which way
    is better comes from the game itself: its winners hold the best score."""
    ended = next((ev for ev in reversed(state.events) if ev.get("type") == "game_ended"), None)
    scores = list(state.scores)
    if not ended or not ended.get("winners"):
        return None
    sign = 1 if scores[ended["winners"][0]] == max(scores) else -1
    return 1 + sum(1 for s in scores if sign * s > sign * scores[seat])


def play_game(choose, ruleset, options, opponents, seed, game_no, tally):
    seats = RULESETS[ruleset].num_seats(options)
    bot_seat = game_no % seats
    state = new_game(ruleset, seed=f"arena/{seed}/{game_no}", options=options)
    rng = random.Random(f"arena/{seed}/{game_no}/house")
    platform_events = 0  # the fallbacks the platform would log: the match version counts them
    while not state.is_over:
        seat = state.to_act
        if seat == bot_seat:
            tally.turns += 1
            turn = turn_request(state, seat, game_no, len(state.events) + platform_events, seed)
            platform_events += bot_turn(choose, state, turn, tally)
        else:
            state.apply(choose_action(opponents, redact_view(state, seat, reveal_finished=True), rng))
    scores = list(state.scores)
    tally.bot_scores.append(scores[bot_seat])
    tally.house_scores.append(statistics.fmean(s for i, s in enumerate(scores) if i != bot_seat))
    tally.places.append(place(state, bot_seat))


def show(mean, half):
    if half is None:
        return f"{mean:9.2f}          (one game: no interval)"
    return f"{mean:9.2f} ± {half:.2f}  (95% interval {mean - half:.2f} to {mean + half:.2f})"


def report(args, ruleset, seats, tally):
    game = RULESETS[ruleset]
    short = " (short game)" if args.short else ""
    lines = [
        f"{args.bot} at {game.label}{short}, {seats} seats, against {args.opponents} house bots: "
        f"{args.games} games, seed {args.seed}",
        f"  your bot    mean score {show(*interval(tally.bot_scores))}",
        f"  house bots  mean score {show(*interval(tally.house_scores))}",
    ]
    if None not in tally.places:
        lines.append(f"  mean place  {statistics.fmean(tally.places):.2f} of {seats} (1 is best)")
    reasons = ", ".join(f"{n} {reason}" for reason, n in sorted(tally.faults.items()))
    faults = sum(tally.faults.values())
    lines.append(f"  faults      {faults} in {tally.turns} turns" + (f" ({reasons})" if faults else ""))
    return "\n".join(lines)


def parse(argv):
    parser = argparse.ArgumentParser(
        prog="python -m bots.arena",
        description="Play a bot (a file defining choose(turn)) against the house's built-in bots, "
        "on this machine, and print its mean score with a 95%% confidence interval.",
    )
    parser.add_argument("bot", help="a Python file that defines choose(turn)")
    parser.add_argument("--ruleset", required=True, help=f"one of {', '.join(RULESETS)}")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--opponents", default="heuristic", help="the house strategy (default heuristic)")
    parser.add_argument("--options", default="{}", help="the ruleset's options as JSON, e.g. '{\"players\": 3}'")
    parser.add_argument("--seed", default="0", help="the seed the games' seeds derive from (default 0)")
    parser.add_argument("--short", action="store_true", help="play the ruleset's short game")
    args = parser.parse_args(argv)
    house = strategies_for(args.ruleset)
    if args.ruleset not in RULESETS or not house:
        playable = [name for name in RULESETS if strategies_for(name)]
        parser.error(f"unknown ruleset {args.ruleset!r}; rulesets: {', '.join(playable)}")
    game = RULESETS[args.ruleset]
    if args.opponents not in game.policies or args.opponents not in house:
        parser.error(f"unknown opponents {args.opponents!r}; house strategies: {', '.join(game.policies)}")
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    try:
        options = json.loads(args.options)
    except ValueError as e:
        parser.error(f"--options is not JSON: {e}")
    if not isinstance(options, dict):
        parser.error("--options must be a JSON object, e.g. '{\"players\": 3}'")
    if args.short:
        if not game.short_game:
            parser.error(f"{args.ruleset} has no short game; leave out --short")
        options = {**game.short_game, **options}
    try:
        args.options = game.resolve_options(options)
        args.seats = game.num_seats(args.options)
    except EngineError as e:
        parser.error(f"--options: {e}")
    try:
        args.choose = load_strategy(args.bot)
    except StrategyError as e:
        parser.error(str(e))
    return args


def main(argv=None):
    args = parse(argv)
    tally = Tally()
    for game_no in range(args.games):
        play_game(args.choose, args.ruleset, args.options, args.opponents, args.seed, game_no, tally)
    print(report(args, args.ruleset, args.seats, tally))
    if tally.first_fault:
        print(f"the first fault: {tally.first_fault}", file=sys.stderr)
    if tally.slow_turns:
        print(
            f"{tally.slow_turns} turns took the bot over {TURN_TIMEOUT_SECONDS} s: on the platform each "
            "would get the fallback (a timeout fault)",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
