"""What the seat to act decides besides which card to play (a contract, a bid, an answer to an
offer, the misdeal question), made into words and buttons for the table page
(templates/games/_decision.html).

Pure presentation of ``service.visible_state``: the legal actions are the viewer's own, and
every button posts one of them back through the one legality path (service.submit_action).
"""

import json

from django.utils.translation import gettext as _

from .templatetags.cards import action_label, bid_words


def decision_context(view, names):
    """The template's ``choices`` (the viewer's legal non-card actions, each a label and its
    JSON) and ``auction`` (the King auction so far, or None)."""
    table = view["table"]
    auction = table.get("auction")
    return {
        "choices": [
            {"label": choice_label(view, a), "json": json.dumps(a, sort_keys=True)}
            for a in view["legal_actions"]
            if a["type"] != "play"
        ],
        "auction": auction_lines(view["ruleset"], auction, names) if auction and auction["bidders"] else None,
    }


def choice_label(view, action):
    if view["phase"] == "misdeal_claim":
        # Every seat is asked, so that asking tells nobody who is weak; a person's "play on" is
        # the clock's, at the same delay for every hand (docs/misdeal-question.md).
        return _("Claim a misdeal") if action["type"] == "cancel" else _("Play on")
    return action_label(view["ruleset"], action)


def auction_lines(ruleset, auction, names):
    """The King auction as sentences: the standing bid, and each call so far in order."""
    high = auction["standing_bid"]
    standing = high and _("%(bid)s, by %(name)s") % {"bid": bid_words(high), "name": names[high["bidder"]]}
    return {
        "standing": standing,
        "calls": [{"name": names[e["seat"]], "label": action_label(ruleset, e)} for e in auction["history"]],
    }
