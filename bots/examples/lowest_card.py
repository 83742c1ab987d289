"""An example strategy: keep out of tricks with low cards, except when tricks are worth having.

Most contracts of King and Rifki punish tricks (or the cards in them), so it leads its lowest
card, follows with the highest card that still ducks under the trick, and when it cannot follow
throws away its highest. In a positive hand (King's "up", Rifki's "trump") it plays its highest
card. Bids, contracts and every other decision take the first choice the rules list. It beats
the house's random bots and loses to the heuristic: see for yourself, then improve a copy.

    python -m bots.arena bots/examples/lowest_card.py --ruleset king --games 100 --short
    BOT_TOKEN=krb_... python bots/sdk/kingrifki_bot.py poll --strategy bots/examples/lowest_card.py

``turn`` is the platform's turn request (bots/sdk/kingrifki_bot.py shows it whole); the answer is
one of ``turn["legal_actions"]``.
"""

RANKS = "23456789TJQKA"


def rank(action):
    return RANKS.find(action["card"][0])


def choose(turn):
    legal = turn["legal_actions"]
    plays = [action for action in legal if action.get("type") == "play" and "card" in action]
    if not plays:
        return legal[0]
    table = turn["view"].get("table") or {}
    contract = table.get("contract") or {}
    if contract.get("mode") == "up" or contract.get("name") == "trump":
        return max(plays, key=rank)
    trick = table.get("trick") or []
    if not trick:
        return min(plays, key=rank)
    led = trick[0]["card"][1]
    if plays[0]["card"][1] != led:  # void in the suit led: throw away the most dangerous card
        return max(plays, key=rank)
    highest = max(RANKS.find(play["card"][0]) for play in trick if play["card"][1] == led)
    under = [action for action in plays if rank(action) < highest]
    return max(under, key=rank) if under else min(plays, key=rank)
