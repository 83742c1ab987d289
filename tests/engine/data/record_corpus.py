"""Record event streams, and what replaying them gives, with the engine of another checkout.

The corpus ``streams_before_issue_16.jsonl.gz`` was made with the engine of commit 2fd6fe4::

    git worktree add /tmp/base16 2fd6fe4 && cd /tmp/base16
    KINGRIFKI_ENGINE=python PYTHONPATH=/tmp/base16 python /path/to/tests/engine/data/record_corpus.py \
        /path/to/tests/engine/data/streams_before_issue_16.jsonl.gz

Each line: {"ruleset", "options", "seed", "events", "expect"}, where "expect" is what that
engine's replay of the events gives. Three seeded random games per flag set, the first cut
short at a random step.
"""

import gzip
import json
import random
import sys

from games.engine import new_game, replay

FLAG_SETS = {
    "king": [
        {},
        {"quick_game_combined_negatives": True},
        {"hearts_lead_rule": "after_broken"},
        {"kh_forced_play": "discard_only", "must_discard_penalty_when_void": True},
        {"kh_forced_play": "none", "positive_must_ruff": True, "positive_must_overtrump": True},
        {"allow_down": False, "auction_pass_is_final": False, "auction_preference_matching": False},
        {"auction_allow_down_bids": False, "auction_max_value": 150, "ultimatum_timing": "after_bidding"},
        {
            "ultimatum_enabled": False,
            "beneficiary_counteroffer": True,
            "up_payment_mode": "capped_at_tricks",
            "down_payment_mode": "fixed",
        },
        {"foiled_auction_forfeit": False, "forfeit_without_auction": True, "tie_policy": "positive_phase_total"},
        {"first_dealer_method": "kh_holder_nominates", "hand_order": "dealer_choice"},
        {"first_dealer_method": "random", "early_end_when_penalties_exhausted": False},
        {"positive_first_lead": "declarer"},
        {"first_lead": "left_of_dealer", "positive_first_lead": "declarer"},
    ],
    "rifki": [
        {},
        {"short_mode": True},
        {"first_declarer": "holder_2d"},
        {"first_declarer": "holder_7d"},
        {"opening_negative_hands": 4, "trump_suit_limit_per_game": 2},
        {"trump_must_ruff": False, "trump_must_overruff": True, "must_head_plain_suit": True},
        {
            "trump_must_head_when_trump_led": False,
            "trump_lead_restriction": "none",
            "declarer_may_lead_top_trumps": True,
        },
        {"rifki_void_discard": "king_else_any_heart", "kupa_forced_highest_heart_lead": True},
        {"early_end_when_penalties_exhausted": False, "misdeal_trump_no_high_cards": "forced_trump_declarer_only"},
        {"misdeal_trump_no_high_cards": "off", "misdeal_rifki_unguarded": False, "kiz_split_cancels": False},
        {"king_slam": "10"},
        {"king_slam": "11_or_10_consecutive", "king_slam_requires_declaration": True},
        {"king_slam": "13", "win_threshold": "positive"},
    ],
}


def expect(state):
    hands = [state.hand(s) for s in range(4)]
    return {
        "scores": list(state.scores),
        "deal_scores": [list(r) for r in state.deal_scores],
        "phase": state.phase,
        "is_over": state.is_over,
        "to_act": state.to_act,
        "deal": state.deal_no,
        "hands": hands,
        "legal": [dict(a) for a in state.legal_actions()] if not state.is_over else [],
    }


def main(out):
    lines = 0
    with gzip.open(out, "wt", encoding="utf-8") as f:
        for ruleset, flag_sets in FLAG_SETS.items():
            for i, options in enumerate(flag_sets):
                for game in range(3):
                    seed = f"corpus/{ruleset}/{i}/{game}".encode()
                    rng = random.Random(seed)
                    state = new_game(ruleset, seed=seed, options=options)
                    # a random game, with a prefix cut at a random point for the first of three
                    cut = rng.randrange(5, 400) if game == 0 else None
                    steps = 0
                    while not state.is_over and (cut is None or steps < cut):
                        state.apply(rng.choice(state.legal_actions()))
                        steps += 1
                    events = [dict(e) for e in state.events]
                    again = replay(events, seed=seed)
                    assert expect(again) == expect(state)
                    f.write(
                        json.dumps(
                            {
                                "ruleset": ruleset,
                                "options": options,
                                "seed": seed.decode(),
                                "events": events,
                                "expect": expect(state),
                            },
                            separators=(",", ":"),
                            sort_keys=True,
                        )
                        + "\n"
                    )
                    lines += 1
    print(lines, "streams")


if __name__ == "__main__":
    main(sys.argv[1])
