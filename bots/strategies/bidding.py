"""Heuristic decisions before the first card: contracts, King's positive hands and auction,
Rifki's misdeal claims and slam call.

Every choice compares what the hand is expected to score (``evaluate``) with what the
alternative brings, in the same points the engine scores; the thresholds are stated once below.
"""

from games.engine import king, rifki
from games.engine.king import DOWN_VALUE, KING_UNITS, POSITIVE, POSITIVE_TOTAL, TRUMP_CHOICES, UP_VALUE
from games.engine.rifki import RIFKI_UNITS, TRUMP, TRUMP_TRICK
from games.engine.scoring import negative_total

from .contract import negative_contract
from .evaluate import points_in_negative, tricks_when_ducking, tricks_when_winning

# What a bidder expects from a positive hand that someone else decides: about three tricks up.
DEFENDER_SHARE = 3 * UP_VALUE
# The Beneficiary plays a hand this good himself at once instead of auctioning it.
PLAY_IT_MYSELF = 150
# A hand that expects this much playing down dares the others to take 8 up (the ultimatum).
ULTIMATUM_DOWN_SCORE = 175
# The King slam must be sure: the call is made only with this many tricks to spare.
SLAM_MARGIN = 1.0
# A Rifki trump hand is worth 650 in all: a quarter of it is an even share.
EVEN_TRUMP_SHARE = 13 * TRUMP_TRICK / 4


def find(legal, kind, **fields):
    """The entry of ``legal`` of this type with these fields, or None."""
    for action in legal:
        if action["type"] == kind and all(action.get(k) == v for k, v in fields.items()):
            return action
    return None


def decide(view):
    """The heuristic's action in any phase before the play (the view's seat is to act)."""
    return PHASES[view["ruleset"]][view["phase"]](view)


# ----------------------------------------------------------------------------- contracts
def _negative_advantage(hand, parts, units):
    """Expected points above a quarter of what the contract costs the table."""
    return points_in_negative(hand, negative_contract(parts, units)) - negative_total(parts, units) / 4


def _choose_king_contract(view):
    """Dealer's choice: the contract this hand does best in, compared with an even share."""
    hand = view["hand"]

    def advantage(action):
        if action["name"] == POSITIVE:
            return _best_own_positive(hand, view["options"])[0] - POSITIVE_TOTAL / 4
        return _negative_advantage(hand, king.contract_parts(action["name"]), KING_UNITS)

    return max(view["legal_actions"], key=advantage)


def _choose_rifki_contract(view):
    """The declarer's choice among what the quotas leave: the trump suit or negative that suits the hand."""
    hand = view["hand"]

    def advantage(action):
        if action["name"] == TRUMP:
            return TRUMP_TRICK * tricks_when_winning(hand, action["suit"]) - EVEN_TRUMP_SHARE
        return _negative_advantage(hand, (action["name"],), RIFKI_UNITS)

    return max(view["legal_actions"], key=advantage)


def _nominate_first_dealer(view):
    """Make this seat the dealer of the last deal: the last positive hand is decided knowing the scores."""
    last = view["deals_in_game"]
    return find(view["legal_actions"], "nominate", dealer=(view["seat"] - last + 1) % view["num_seats"])


# ----------------------------------------------------------------------------- King positive hands
def _best_own_positive(hand, options, up_only=False):
    """(expected score, choose fields) of the best way for this hand to play the positive hand itself."""
    ways = [(UP_VALUE * tricks_when_winning(hand, trump), {"mode": "up", "trump": trump}) for trump in TRUMP_CHOICES]
    if options["allow_down"] and not up_only:
        ways.append((_down_score(hand), {"mode": "down"}))
    return max(ways, key=lambda way: way[0])


def _down_score(hand):
    return POSITIVE_TOTAL - DOWN_VALUE * tricks_when_ducking(hand)


def _play_it_myself(view, up_only=False):
    _, fields = _best_own_positive(view["hand"], view["options"], up_only)
    return find(view["legal_actions"], "choose", **fields)


def _positive_choice(view):
    legal = view["legal_actions"]
    score, _ = _best_own_positive(view["hand"], view["options"])
    ultimatum = find(legal, "ultimatum")
    if ultimatum and _down_score(view["hand"]) >= ULTIMATUM_DOWN_SCORE:
        return ultimatum  # either someone pays 8 up, or this good down hand is played down
    if score >= PLAY_IT_MYSELF:
        return _play_it_myself(view)
    forfeit = find(legal, "forfeit")  # the table agreed that the hand may be given up unplayed
    if forfeit and _forfeit_score(view) > score:
        return forfeit
    # Otherwise hear the bids: one that is too low can still be declined.
    return find(legal, "open_auction")


def _bid_worth(hand, tricks, direction):
    """What winning the auction at this bid is expected to bring the bidder."""
    if direction == "up":
        best_up = max(tricks_when_winning(hand, t) for t in TRUMP_CHOICES)
        return UP_VALUE * (best_up - tricks)
    return POSITIVE_TOTAL - DOWN_VALUE * (tricks_when_ducking(hand) + tricks)  # pays for up to its bid


def _auction_turn(view):
    legal = view["legal_actions"]
    hand = view["hand"]
    standing = view["table"]["auction"]["standing_bid"]
    match = find(legal, "match")
    if match and _bid_worth(hand, standing["tricks"], standing["direction"]) >= DEFENDER_SHARE:
        return match  # the same terms with preference: cheaper than a raise
    for action in legal:  # cheapest first, as legal_actions() lists them
        if action["type"] == "bid" and _bid_worth(hand, action["tricks"], action["direction"]) >= DEFENDER_SHARE:
            return action
    return find(legal, "pass")


def _beneficiary_after_auction(view):
    """Accept the standing bid, play the hand himself, forfeit it or issue the ultimatum."""
    legal = view["legal_actions"]
    hand = view["hand"]
    bid = view["table"]["auction"]["standing_bid"]
    ultimatum = find(legal, "ultimatum")
    if ultimatum and _down_score(hand) >= ULTIMATUM_DOWN_SCORE:
        return ultimatum
    if bid["direction"] == "up":
        accepted = bid["value"] + UP_VALUE * tricks_when_winning(hand, None)
    else:  # the bidder takes over the Beneficiary's tricks up to the bid
        accepted = POSITIVE_TOTAL - DOWN_VALUE * max(0.0, tricks_when_ducking(hand) - bid["tricks"])
    choices = [
        (accepted, find(legal, "accept")),
        (_best_own_positive(hand, view["options"])[0], find(legal, "decline")),
        (_forfeit_score(view), find(legal, "forfeit")),
    ]
    return max((c for c in choices if c[1] is not None), key=lambda c: c[0])[1]


def _forfeit_score(view):
    return UP_VALUE * view["options"]["forfeit_scores"][0]


def _nobody_bid(view):
    forfeit = find(view["legal_actions"], "forfeit")
    if forfeit and _forfeit_score(view) > _best_own_positive(view["hand"], view["options"])[0]:
        return forfeit
    return _play_it_myself(view)


def _counteroffer(view):
    counter = view["table"]["auction"]["counteroffer"]
    worth = _bid_worth(view["hand"], counter["tricks"], counter["direction"])
    return find(view["legal_actions"], "accept" if worth >= DEFENDER_SHARE else "decline")


def _eight_up_or_down(view):
    """The ultimatum: take the hand at the highest up bid, or let the Beneficiary play down."""
    top = view["options"]["auction_max_value"] // UP_VALUE
    worth = _bid_worth(view["hand"], top, "up")
    return find(view["legal_actions"], "take" if worth >= DEFENDER_SHARE else "pass")


# ----------------------------------------------------------------------------- Rifki
def _misdeal_claim(view):
    """A hand without a card above a ten may cancel a trump deal: do so unless it still expects its share."""
    cancel = find(view["legal_actions"], "cancel")
    expected = TRUMP_TRICK * tricks_when_winning(view["hand"], view["table"]["contract"]["trump"])
    if cancel and expected < EVEN_TRUMP_SHARE:
        return cancel
    return find(view["legal_actions"], "pass")


def slam_is_likely(view):
    """Call the King slam (when the rules ask for a call) only with tricks to spare."""
    needed = {"10": 10, "11": 11, "11_or_10_consecutive": 11, "13": 13}[view["options"]["king_slam"]]
    return tricks_when_winning(view["hand"], view["table"]["contract"]["trump"]) >= needed + SLAM_MARGIN


KING_PHASES = {
    king.NOMINATE: _nominate_first_dealer,
    king.CONTRACT: _choose_king_contract,
    king.POSITIVE_CHOICE: _positive_choice,
    king.AUCTION: _auction_turn,
    king.AUCTION_WON: _beneficiary_after_auction,
    king.NO_BIDS: _nobody_bid,
    king.DECLINED: _play_it_myself,
    king.NAME_TRUMP: lambda view: _play_it_myself(view, up_only=True),
    king.COUNTEROFFER: _counteroffer,
    king.ULTIMATUM: _eight_up_or_down,
    king.FINAL_OFFER: _eight_up_or_down,
}
RIFKI_PHASES = {
    rifki.CONTRACT: _choose_rifki_contract,
    rifki.MISDEAL_CLAIM: _misdeal_claim,
}

# The phases this strategy knows, per game it plays: the engine's own modules name the games.
PHASES = {king.KingState.ruleset: KING_PHASES, rifki.RifkiState.ruleset: RIFKI_PHASES}
