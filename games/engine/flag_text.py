"""What the King and Rifki flags are called and what they change, for the organiser's forms.

Each entry is (label, help, {choice: label}) as msgids, written from docs/rules.md (the sections
named in the help). ``label_flags`` puts them on the rulesets' ``Flag`` objects; a test holds
every flag of every ruleset to a label and a help, and every choice to a label.
"""

from .text import N_

DEALER, LEFT = N_("The dealer"), N_("The player left of the dealer")

KING = {
    "first_dealer_method": (
        N_("First dealer"),
        N_("How the first dealer is found (docs/rules.md §1.2)."),
        {
            "kh_deal": N_("Deal cards until the king of hearts turns up"),
            "kh_holder_nominates": N_("The holder of the king of hearts names the dealer"),
            "random": N_("Drawn at random"),
        },
    ),
    "first_lead": (
        N_("First lead"),
        N_("Who leads the first trick of a deal (docs/rules.md §1.3)."),
        {"dealer": DEALER, "left_of_dealer": LEFT},
    ),
    "positive_first_lead": (
        N_("First lead of a positive hand"),
        N_("Who leads a positive hand: as in the other hands, or the winner of the auction (docs/rules.md §1.3)."),
        {"dealer": N_("As in the other hands"), "declarer": N_("The auction's winner")},
    ),
    "hand_order": (
        N_("Order of the hands"),
        N_("The six negative hands in the fixed order, or each dealer chooses the hand he deals (docs/rules.md §1.4)."),
        {"fixed": N_("Fixed order"), "dealer_choice": N_("Dealer's choice")},
    ),
    "quick_game_combined_negatives": (
        N_("Quick game"),
        N_("The negative hands are played two at a time: 7 deals instead of 10 (docs/rules.md §1.4)."),
        {},
    ),
    "hearts_lead_rule": (
        N_("Leading hearts"),
        N_("When a heart may be led in the hands that count hearts (docs/rules.md §1.5)."),
        {
            "only_if_no_other_suit": N_("Only by a player who has nothing else"),
            "after_broken": N_("Once hearts have been played"),
        },
    ),
    "kh_forced_play": (
        N_("King of hearts forced"),
        N_(
            "In the King hand, whether its holder must discard it when void and lead it with hearts "
            "(docs/rules.md §1.5)."
        ),
        {
            "discard_and_heart_lead": N_("Discard it when void, and play it on a heart lead"),
            "discard_only": N_("Discard it when void"),
            "none": N_("Never forced"),
        },
    ),
    "must_discard_penalty_when_void": (
        N_("Discard penalty cards when void"),
        N_("A player who cannot follow suit must discard a card that scores in the hand (docs/rules.md §1.5)."),
        {},
    ),
    "early_end_when_penalties_exhausted": (
        N_("End a hand early"),
        N_("A negative hand stops once all its penalties have been taken; the score is the same (docs/rules.md §1.6)."),
        {},
    ),
    "positive_must_ruff": (
        N_("Must ruff"),
        N_("In a positive hand with trumps, a player who cannot follow suit must trump (docs/rules.md §1.7)."),
        {},
    ),
    "positive_must_overtrump": (
        N_("Must overtrump"),
        N_("In a positive hand, a player who trumps must beat a trump already played (docs/rules.md §1.7)."),
        {},
    ),
    "allow_down": (
        N_("Playing down"),
        N_("A positive hand may be played down, with no trumps (docs/rules.md §1.7)."),
        {},
    ),
    "auction_pass_is_final": (
        N_("A pass is final"),
        N_("A player who passes in the auction drops out (docs/rules.md §1.8.2)."),
        {},
    ),
    "auction_preference_matching": (
        N_("Preference matches"),
        N_("A player with preference may match the standing bid instead of beating it (docs/rules.md §1.8.2)."),
        {},
    ),
    "auction_allow_down_bids": (
        N_("Down bids"),
        N_("Bids to play the hand down are allowed in the auction (docs/rules.md §1.8.1)."),
        {},
    ),
    "auction_max_value": (
        N_("Highest bid"),
        N_("The most a bid may be worth, a multiple of 25 (200 is 8 tricks up; docs/rules.md §1.8.1)."),
        {},
    ),
    "ultimatum_enabled": (
        N_("Ultimatum"),
        N_('The Beneficiary may say "8 up or I play down" (docs/rules.md §1.8.4).'),
        {},
    ),
    "ultimatum_timing": (
        N_("When the ultimatum comes"),
        N_("Instead of the auction, or after the bidding (docs/rules.md §1.8.4)."),
        {"instead_of_auction": N_("Instead of the auction"), "after_bidding": N_("After the bidding")},
    ),
    "beneficiary_counteroffer": (
        N_("Counteroffer"),
        N_("The Beneficiary may name a higher price to the standing bidder (docs/rules.md §1.8.3)."),
        {},
    ),
    "up_payment_mode": (
        N_("Payment for an up bid"),
        N_("What the Beneficiary is paid when an up bid is played (docs/rules.md §1.8.5)."),
        {"full": N_("The whole bid"), "capped_at_tricks": N_("No more than the tricks the bidder won")},
    ),
    "down_payment_mode": (
        N_("Payment for a down bid"),
        N_("What moves when a down bid is played (docs/rules.md §1.8.5)."),
        {"absorb_up_to_bid": N_("Up to the bid"), "fixed": N_("Always 75 per trick")},
    ),
    "foiled_auction_forfeit": (
        N_("Forfeit after a foiled auction"),
        N_("After a foiled auction the Beneficiary may forfeit the hand, scoring 4-3-3-3 (docs/rules.md §1.8.6)."),
        {},
    ),
    "foiled_auction_max_bids": (
        N_("Bids in a foiled auction"),
        N_("The most bids an auction may have to count as foiled (docs/rules.md §1.8.6)."),
        {},
    ),
    "forfeit_without_auction": (
        N_("Forfeit without an auction"),
        N_("The Beneficiary may forfeit a hand without an auction, scoring 4-3-3-3 (docs/rules.md §1.8.6)."),
        {},
    ),
    "forfeit_scores": (
        N_("Forfeit scores"),
        N_(
            "Tricks counted for the Beneficiary and for each other player in a forfeit, e.g. 4, 3 "
            "(docs/rules.md §1.8.6)."
        ),
        {},
    ),
    "tie_policy": (
        N_("Ties"),
        N_("How a tie for first place is settled (docs/rules.md §1.9)."),
        {"shared": N_("Shared"), "positive_phase_total": N_("Broken on the positive hands' total")},
    ),
}

RIFKI = {
    "first_declarer": (
        N_("First declarer"),
        N_("Who declares the first deal (docs/rules.md §2.2)."),
        {
            "random": N_("Drawn at random"),
            "holder_2d": N_("The holder of the two of diamonds"),
            "holder_7d": N_("The holder of the seven of diamonds"),
        },
    ),
    "short_mode": (N_("Short mode"), N_("12 deals instead of 20 (docs/rules.md §2.3)."), {}),
    "opening_negative_hands": (
        N_("Opening negative hands"),
        N_("How many deals open the game with every negative contract in turn (docs/rules.md §2.3)."),
        {},
    ),
    "trump_suit_limit_per_game": (
        N_("Uses of a trump suit"),
        N_("The most times one suit may be trumps in a game; empty for no limit (docs/rules.md §2.3)."),
        {},
    ),
    "trump_must_ruff": (N_("Must ruff"), N_("A player who cannot follow suit must trump (docs/rules.md §2.4)."), {}),
    "trump_must_overruff": (
        N_("Must overtrump"),
        N_("A player who trumps must beat a trump already played (docs/rules.md §2.4)."),
        {},
    ),
    "trump_must_head_when_trump_led": (
        N_("Head a trump lead"),
        N_("When trumps are led, a player must beat the highest trump if he can (docs/rules.md §2.4)."),
        {},
    ),
    "must_head_plain_suit": (
        N_("Head a plain suit"),
        N_("A player must beat the highest card of the suit led if he can (docs/rules.md §2.4)."),
        {},
    ),
    "trump_lead_restriction": (
        N_("Leading trumps"),
        N_("When trumps may be led (docs/rules.md §2.4)."),
        {"until_broken": N_("Once trumps have been played, or with nothing else"), "none": N_("At any time")},
    ),
    "declarer_may_lead_top_trumps": (
        N_("Declarer leads top trumps"),
        N_("The declarer may lead his top trumps before trumps are broken (docs/rules.md §2.4)."),
        {},
    ),
    "rifki_void_discard": (
        N_("Void in Rifki"),
        N_("What a player void in the suit led must discard in the Rifki contract (docs/rules.md §2.5)."),
        {
            "king_only": N_("The king of hearts, if he holds it"),
            "king_else_any_heart": N_("The king of hearts, else any heart"),
        },
    ),
    "kupa_forced_highest_heart_lead": (
        N_("Highest heart lead"),
        N_("In Kupa, a leader with only hearts before any heart is played must lead his highest (docs/rules.md §2.5)."),
        {},
    ),
    "early_end_when_penalties_exhausted": (
        N_("End a deal early"),
        N_("A penalty deal stops once all its penalties have been taken; the score is the same (docs/rules.md §2.5)."),
        {},
    ),
    "misdeal_trump_no_high_cards": (
        N_("Misdeal without high cards"),
        N_("Who may cancel a trump deal for holding no card above a ten (docs/rules.md §2.6)."),
        {
            "any_player": N_("Any player"),
            "forced_trump_declarer_only": N_("Only a declarer forced to name trumps"),
            "off": N_("Nobody"),
        },
    ),
    "misdeal_rifki_unguarded": (
        N_("Unguarded king of hearts"),
        N_(
            "In Rifki, a deal where another player holds the king or ace of hearts unguarded is redealt "
            "(docs/rules.md §2.6)."
        ),
        {},
    ),
    "kiz_split_cancels": (
        N_("Queens split"),
        N_("In Kiz, a deal where each player takes one queen is void (docs/rules.md §2.6)."),
        {},
    ),
    "king_slam": (
        N_("King slam"),
        N_("How many trump tricks win the whole game at once (docs/rules.md §2.7)."),
        {
            "off": N_("None"),
            "10": N_("10 tricks"),
            "11": N_("11 tricks"),
            "11_or_10_consecutive": N_("11 tricks, or 10 in a row"),
            "13": N_("All 13 tricks"),
        },
    ),
    "king_slam_requires_declaration": (
        N_("Declare the slam"),
        N_("A slam counts only when declared before the first lead (docs/rules.md §2.7)."),
        {},
    ),
    "win_threshold": (
        N_("Winning score"),
        N_("The final score a player needs to win (docs/rules.md §2.8)."),
        {"nonnegative": N_("Zero or more"), "positive": N_("More than zero")},
    ),
}


def label_flags(flags, texts):
    """Put each flag's label, help and choice labels on it (in place); returns ``flags``."""
    for name, (label, doc, choice_labels) in texts.items():
        flag = flags[name]
        flag.label, flag.doc, flag.choice_labels = label, doc, dict(choice_labels)
    return flags
