"""Helpers for tests of webhook turns: a match whose first decision is a webhook bot's, and
the check a bot makes of the platform's signature (docs/bots.md "Webhook signatures")."""

import hashlib
import hmac

from bots.webhook import SIGNATURE_HEADER
from games import engine
from games.service import creating

QUICK_KING = {"quick_game_combined_negatives": True}


def match_where_it_acts_first(make_bot, hook, timeout=5.0, seed=b"webhook first"):
    """A quick King match with ``hook`` in the seat of the first decision, built-in bots elsewhere."""
    first = engine.new_game("king", seed=seed, options=QUICK_KING).to_act
    seats = [make_bot(name=f"{hook.name}-r{i}") for i in range(3)]
    seats.insert(first, hook)
    return creating.do_create_match("king", QUICK_KING, seats, seed=seed, bot_turn_timeout=timeout)


def signed_by(secret, headers, raw):
    """Whether the request carries a valid v1 signature for ``secret``: what a bot checks."""
    fields = dict(part.split("=", 1) for part in headers[SIGNATURE_HEADER].split(","))
    key = hashlib.sha256(secret.encode()).hexdigest().encode()
    expected = hmac.new(key, f"{fields['t']}.".encode() + raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields["v1"])
