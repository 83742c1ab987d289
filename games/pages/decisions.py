"""What the seat to act decides besides which card to play (a contract, a bid, an answer to an
offer, the misdeal question), made into words and buttons for the table page
(templates/games/_decision.html, _auction.html, _quotas.html, or a game's own
templates/games/<ruleset>/_decision.html: ``decision_template``).

Pure presentation of ``games.service.access.visible_state``: the legal actions are the viewer's
own, and every button posts one of them back through the one legality path
(games.service.playing.submit_action).
What to show is read from the view's shape, never from a ruleset's name: a table with an
``auction`` gets the bid ladder, a table with ``quotas`` the quota table. The numbers (a bid's
points, a quota, a cap) come from the view, its options and the game's own pure rules, which
its descriptor hands over (``auction``: where a bid's value is defined, docs/rules.md §1.8.1;
``contracts``: every contract a declarer may name).
"""

import json

from django.template.loader import select_template
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import RULESETS
from games.templatetags.cards import SUIT_NAMES, action_label, bid_words, hand_name

# The engine allows each penalty contract at most twice a game, counting every declarer
# (docs/rules.md §2.3), but its view does not carry that number; a view that does wins. The test
# test_the_greys_match_the_engine_at_every_choice_of_a_whole_game holds it to the engine's refusals.
NEGATIVE_USE_LIMIT = 2


def decision_context(view, names):
    """The template to show them with (``decision_template``), its ``choices`` (the viewer's
    non-card actions, each a label, what it commits to, and its JSON; spent Rifki contracts come
    disabled with the reason), ``auction`` (the ladder, the preference and the calls, while a
    positive hand is being settled) and ``quotas`` (what each player has left to declare, while
    a contract is being chosen)."""
    table = view["table"]
    auction = table.get("auction")
    # A fixed deal (one deal in the game) has no quotas to spend: every contract is open.
    choosing = "quotas" in table and table.get("contract") is None and view["to_act"] is not None
    choosing = choosing and view["deals_in_game"] > 1
    return {
        "decision_template": decision_template(view["ruleset"]),
        "choices": choice_buttons(view, names),
        "auction": auction_panel(view, names) if auction and auction["bidders"] and unsettled(view) else None,
        "quotas": quota_table(view, names) if choosing else None,
    }


def decision_template(ruleset):
    """The template of a game's decisions, found by convention: ``games/<ruleset>/_decision.html``
    where the game has its own (in any template directory, a plug-in's too), else the shared
    ``games/_decision.html`` (the buttons, the auction and the quotas, by the view's shape)."""
    return select_template([f"games/{ruleset}/_decision.html", "games/_decision.html"])


def choice_label(view, action):
    if view["phase"] == "misdeal_claim":
        # Every seat is asked, so that asking tells nobody who is weak; a person's "play on" is
        # the clock's, at the same delay for every hand (docs/misdeal-question.md).
        return _("Claim a misdeal") if action["type"] == "cancel" else _("Play on")
    return action_label(view["ruleset"], action)


def choice_buttons(view, names):
    legal = [a for a in view["legal_actions"] if a["type"] != "play"]
    if "quotas" in view["table"] and any(a["type"] == "contract" for a in legal):
        return contract_buttons(view, legal)
    buttons = []
    for action in legal:
        label, detail = commitment(view, action, names) or (choice_label(view, action), "")
        buttons.append(button(label, action, detail))
    return buttons


def auction_rules(view):
    """The pure rules of the view's game's auction (``Ruleset.auction``)."""
    return RULESETS[view["ruleset"]].auction


def button(label, action, detail="", disabled=False):
    return {"label": label, "detail": detail, "disabled": disabled, "json": json.dumps(action, sort_keys=True)}


# ------------------------------------------------------------------ the King auction
def unsettled(view):
    """Whether the positive hand is still being settled (its contract has no mode yet)."""
    contract = view["table"].get("contract")
    return contract is not None and contract.get("mode") is None


def ladder(view, names):
    """Every bid this game allows, one rung per value, cheapest at the bottom: each rung its
    points and its bids, the standing bid marked, the rungs it has put out of reach marked."""
    options = view["options"]
    standing = view["table"]["auction"]["standing_bid"]
    above = standing["value"] if standing else 0
    rungs = {}
    rules = auction_rules(view)
    for tricks, direction in rules.legal_bids(options):
        value = rules.bid_value(tricks, direction)
        rung = rungs.setdefault(value, {"points": value, "bids": [], "standing": False, "open": value > above})
        held = bool(standing) and (standing["tricks"], standing["direction"]) == (tricks, direction)
        rung["bids"].append({"words": bid_words({"tricks": tricks, "direction": direction}), "standing": held})
        if held:
            rung["standing"] = True
            rung["holder"] = names[standing["bidder"]]
    return sorted(rungs.values(), key=lambda r: -r["points"])


def preference(view, names):
    """The bidders in preference order (the first wins a tie), each with where they stand."""
    auction = view["table"]["auction"]
    standing = auction["standing_bid"]
    last = {}
    for call in auction["history"]:
        last[call["seat"]] = call["type"]
    rows = []
    for seat in auction["bidders"]:
        if standing and standing["bidder"] == seat:
            state = _("holds the bid")
        elif view["to_act"] == seat:
            state = _("to call")
        elif last.get(seat) == "pass":
            state = _("out") if seat not in auction["active"] else _("passed")
        else:
            state = _("waiting")
        rows.append({"name": names[seat], "state": state, "holds": bool(standing) and standing["bidder"] == seat})
    return rows


def calls(ruleset, auction, names):
    """Each call so far in words, in order: a match names the bid it repeats."""
    said, standing = [], None
    for call in auction["history"]:
        if call["type"] == "bid":
            standing = call
            label = _("Bid %(bid)s") % {"bid": bid_words(call)}
        elif call["type"] == "match" and standing is not None:
            label = _("Match %(bid)s") % {"bid": bid_words(standing)}
        else:
            label = action_label(ruleset, call)
        said.append({"name": names[call["seat"]], "label": label})
    return said


def auction_lines(ruleset, auction, names):
    """The King auction as sentences: the standing bid, and each call so far in order."""
    high = auction["standing_bid"]
    standing = high and _("%(bid)s, by %(name)s") % {"bid": bid_words(high), "name": names[high["bidder"]]}
    return {"standing": standing, "calls": calls(ruleset, auction, names)}


def auction_panel(view, names):
    auction = view["table"]["auction"]
    panel = auction_lines(view["ruleset"], auction, names)
    panel.update(
        ladder=ladder(view, names),
        preference=preference(view, names),
        matching=view["options"].get("auction_preference_matching", False),
        counteroffer=None,
    )
    counter = auction.get("counteroffer")
    if counter:  # the dealer's price, put to the standing bidder
        panel["counteroffer"] = _("%(name)s asks for %(bid)s (%(points)s points)") % {
            "name": names[view["table"]["dealer"]],
            "bid": bid_words(counter),
            "points": auction_rules(view).bid_value(counter["tricks"], counter["direction"]),
        }
    return panel


def pays(rules, options, tricks, direction):
    """What the winner of an accepted bid pays the dealer, in words (docs/rules.md §1.8.5)."""
    value = rules.bid_value(tricks, direction)
    if direction == "up":
        if options.get("up_payment_mode") == "capped_at_tricks":
            return _("%(unit)s for each trick you take, at most %(points)s") % {"unit": rules.UP_VALUE, "points": value}
        return ngettext(
            "%(points)s; %(tricks)s trick earns it back", "%(points)s; %(tricks)s tricks earn it back", tricks
        ) % {"points": value, "tricks": tricks}
    if options.get("down_payment_mode") == "fixed":
        return str(value)
    return _("%(unit)s for each trick the dealer takes, at most %(points)s") % {
        "unit": rules.DOWN_VALUE,
        "points": value,
    }


def commitment(view, action, names):
    """(label, what it commits to) for a positive hand's choices, or None for any other action."""
    table = view["table"]
    if "auction" not in table:
        return None
    options, kind, auction = view["options"], action["type"], table["auction"]
    rules = auction_rules(view)
    bid_value, up_value = rules.bid_value, rules.UP_VALUE
    standing = auction["standing_bid"]
    dealer = names[table["dealer"]]
    top = options["auction_max_value"] // up_value  # the ultimatum's "8 up": the highest up bid
    if kind == "choose":
        hand = {"name": table["contract"]["name"], "mode": action["mode"], "trump": action.get("trump")}
        if action["mode"] == "up":
            detail = _("Every trick is worth %(points)s to whoever takes it.") % {"points": up_value}
        else:
            detail = _("Each player scores %(total)s, less %(points)s for each trick they take.") % {
                "total": rules.POSITIVE_TOTAL,
                "points": rules.DOWN_VALUE,
            }
        return _("Play %(hand)s") % {"hand": hand_name(view["ruleset"], hand, names)}, detail
    if kind == "bid":
        words = bid_words(action)
        value = bid_value(action["tricks"], action["direction"])
        if action["direction"] == "up":
            what = _("%(points)s points: you name trumps and pay %(dealer)s %(pay)s.")
        else:
            what = _("%(points)s points: the hand is played down and you pay %(dealer)s %(pay)s.")
        return _("Bid %(bid)s") % {"bid": words}, what % {
            "points": value,
            "dealer": dealer,
            "pay": pays(rules, options, action["tricks"], action["direction"]),
        }
    if kind == "match" and standing:
        return _("Match %(bid)s") % {"bid": bid_words(standing)}, _(
            "You take %(name)s's bid over on the same terms: you come first in the preference order."
        ) % {"name": names[standing["bidder"]]}
    if kind == "pass" and any(a["type"] == "take" for a in view["legal_actions"]):
        return _("Pass"), _("If nobody takes it, %(dealer)s plays the hand down.") % {"dealer": dealer}
    if kind == "pass":
        if options.get("auction_pass_is_final"):
            return _("Pass"), _("You drop out of this auction.")
        return _("Pass"), _("You may still bid when your turn comes round again.")
    if kind == "take":
        return _("Take it: %(tricks)s up") % {"tricks": top}, _(
            "%(points)s points: you name trumps and pay %(dealer)s %(pay)s."
        ) % {"points": bid_value(top, "up"), "dealer": dealer, "pay": pays(rules, options, top, "up")}
    if kind == "ultimatum":
        label = _("Ultimatum: %(tricks)s up, or I play down") % {"tricks": top}
        if standing:
            detail = _("%(name)s must raise to %(tricks)s up (%(points)s points) or you play the hand down.")
            return label, detail % {"name": names[standing["bidder"]], "tricks": top, "points": bid_value(top, "up")}
        return label, _(
            "The first to take it plays %(tricks)s up and pays you %(points)s points; if nobody does, "
            "you play the hand down."
        ) % {"tricks": top, "points": bid_value(top, "up")}
    if kind == "open_auction":
        return _("Open the auction"), _(
            "The others bid for the right to choose how the hand is played; you then accept or decline the best bid."
        )
    if kind == "counteroffer" and standing:
        return _("Ask for %(bid)s") % {"bid": bid_words(action)}, _(
            "%(name)s accepts and pays you %(points)s points, or refuses."
        ) % {"name": names[standing["bidder"]], "points": bid_value(action["tricks"], action["direction"])}
    if kind in ("accept", "decline") and standing:
        return answer_to_bid(view, kind, standing, names)
    if kind == "forfeit":
        mine, theirs = options["forfeit_scores"]
        return _("Forfeit the hand"), _("Nobody plays it: you score %(mine)s, each other player %(theirs)s.") % {
            "mine": mine * up_value,
            "theirs": theirs * up_value,
        }
    return None


def answer_to_bid(view, kind, standing, names):
    """Accept or decline: the dealer answering the winning bid, or the bidder answering the
    dealer's counter-offer."""
    options, counter = view["options"], view["table"]["auction"].get("counteroffer")
    rules = auction_rules(view)
    bidder, dealer = names[standing["bidder"]], names[view["table"]["dealer"]]
    if view["seat"] == standing["bidder"] and counter:  # the bidder, asked for more
        words = bid_words(counter)
        if kind == "accept":
            return _("Accept %(bid)s") % {"bid": words}, _("You play %(bid)s and pay %(dealer)s %(pay)s.") % {
                "bid": words,
                "dealer": dealer,
                "pay": pays(rules, options, counter["tricks"], counter["direction"]),
            }
        return _("Refuse"), _("%(dealer)s then accepts your %(bid)s or plays the hand.") % {
            "dealer": dealer,
            "bid": bid_words(standing),
        }
    words = bid_words(standing)
    if kind == "accept":
        return _("Accept %(bid)s by %(name)s") % {"bid": words, "name": bidder}, _(
            "%(name)s decides how the hand is played and pays you %(pay)s."
        ) % {"name": bidder, "pay": pays_dealer(rules, options, standing)}
    return _("Decline the bid"), _("You play the hand yourself, up or down, and nobody pays.")


def pays_dealer(rules, options, bid):
    value = rules.bid_value(bid["tricks"], bid["direction"])
    if bid["direction"] == "down" and options.get("down_payment_mode") != "fixed":
        return _("up to %(points)s") % {"points": value}
    if bid["direction"] == "up" and options.get("up_payment_mode") == "capped_at_tricks":
        return _("up to %(points)s") % {"points": value}
    return str(value)


# ------------------------------------------------------------------ Rifki's contract choice
def contract_buttons(view, legal):
    """One button per contract: the legal ones to press, the spent ones greyed with the reason."""
    offered = {json.dumps(a, sort_keys=True) for a in legal}
    buttons = []
    for contract in RULESETS[view["ruleset"]].contracts:
        action = dict(contract, type="contract")
        label = action_label(view["ruleset"], action)
        if json.dumps(action, sort_keys=True) in offered:
            buttons.append(button(label, action))
        else:
            buttons.append(button(label, action, why_spent(view, contract), disabled=True))
    return buttons


def why_spent(view, contract):
    """Why the declarer may not name ``contract`` now (a trump contract has a ``suit``), from
    the public quotas."""
    table, options = view["table"], view["options"]
    quotas, seat = table["quotas"], view["seat"]
    if "suit" not in contract:
        if table.get("must_declare") is not None:  # a trump contract, after a misdeal
            return _("After the misdeal the declarer names trumps again.")
        quota = quotas["negative_quota"]
        if quotas["negatives_declared"][seat] >= quota:
            return ngettext(
                "You have named your %(quota)s penalty contract.",
                "You have named all %(quota)s of your penalty contracts.",
                quota,
            ) % {"quota": quota}
        used = quotas["negative_uses"].get(contract["name"], 0)
        limit = quotas.get("negative_use_limit", NEGATIVE_USE_LIMIT)
        if used >= limit:
            return ngettext(
                "Named %(count)s time already, the most a game allows.",
                "Named %(count)s times already, the most a game allows.",
                used,
            ) % {"count": used}
    else:
        quota = quotas["trump_quota"]
        if quotas["trumps_declared"][seat] >= quota:
            return ngettext(
                "You have named your %(quota)s trump contract.",
                "You have named all %(quota)s of your trump contracts.",
                quota,
            ) % {"quota": quota}
        limit = options.get("trump_suit_limit_per_game")
        used = quotas["trump_suit_uses"].get(contract["suit"], 0)
        if limit is not None and used >= limit:
            return ngettext(
                "%(suit)s were trumps %(count)s time already, the most a game allows.",
                "%(suit)s were trumps %(count)s times already, the most a game allows.",
                used,
            ) % {"suit": capfirst(SUIT_NAMES[contract["suit"]]), "count": used}
        opening = options.get("opening_negative_hands", 0)
        if view["deal"] <= opening:
            return ngettext(
                "The first deal is a penalty contract.",
                "The first %(count)s deals are penalty contracts.",
                opening,
            ) % {"count": opening}
    return _("Not available now.")


def quota_table(view, names):
    """What each player has left to declare, and how often each penalty contract was named:
    public facts, the same for every viewer."""
    table, ruleset = view["table"], view["ruleset"]
    contracts = RULESETS[ruleset].contracts
    quotas = table["quotas"]
    declarer = table.get("declarer")
    limit = quotas.get("negative_use_limit", NEGATIVE_USE_LIMIT)
    players = [
        {
            "name": name,
            "declarer": seat == declarer,
            "trumps": quotas["trump_quota"] - quotas["trumps_declared"][seat],
            "negatives": quotas["negative_quota"] - quotas["negatives_declared"][seat],
        }
        for seat, name in enumerate(names)
    ]
    penalties = []
    for name in (c["name"] for c in contracts if "suit" not in c):
        used = quotas["negative_uses"].get(name, 0)
        penalties.append(
            {
                "label": action_label(ruleset, {"type": "contract", "name": name}),
                "used": used,
                "left": max(0, limit - used),
                "spent": used >= limit,
            }
        )
    suit_limit = view["options"].get("trump_suit_limit_per_game")
    suits = None
    if suit_limit is not None:
        suits = [
            {
                "label": action_label(ruleset, dict(c, type="contract")),
                "used": quotas["trump_suit_uses"].get(c["suit"], 0),
                "spent": quotas["trump_suit_uses"].get(c["suit"], 0) >= suit_limit,
            }
            for c in contracts
            if "suit" in c
        ]
    return {
        "players": players,
        "trump_quota": quotas["trump_quota"],
        "negative_quota": quotas["negative_quota"],
        "limit": limit,
        "penalties": penalties,
        "suits": suits,
        "suit_limit": suit_limit,
        "must_declare_trumps": table.get("must_declare") is not None,
    }
