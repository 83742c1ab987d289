"""What people read when the engine refuses something, in their language.

The engine knows no Django: its errors carry a machine-readable ``code`` and an English
``message`` written for programmers (which card, which legal actions). People, and the API's
``message``, get the sentence for the code, translated where it is read: the codes every game
shares below, a game's own in its descriptor's ``refusals`` (msgids the engine marks with
``N_``, registered beside the game's code); a card refused by a rule of trick play gets that
rule (``IllegalAction.rule``). tests/plugin_game/test_every_registered_game_keeps_the_plug_in_contract.py
holds every code a game's module raises to a sentence.
"""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import engine
from games.engine.records import TALLY_LABELS

REFUSALS = {
    # A move refused by the rules (IllegalAction).
    "not_in_hand": _("that card is not in your hand"),
    "malformed_card": _("that is not a card"),
    "malformed_action": _("that action could not be read"),
    "wrong_phase": _("the table is deciding something else now"),
    "not_allowed": _("that choice is not open now"),
    "game_over": _("the game is over; no more moves are possible"),
    # A game that cannot be set up (InvalidOptions, InvalidBoard, InvalidCard).
    "unknown_ruleset": _("there is no game by that name"),
    "invalid_options": _("the game's options must be a mapping of option names to values"),
    "unknown_option": _("the game has no option %(option_label)s"),
    "invalid_option_value": _("the option %(option_label)s cannot take that value"),
    "unsupported_option": _("the option %(option_label)s can only keep its default value"),
    "conflicting_options": _("these options cannot be used together"),
    "invalid_players": _("this game is played by %(least)s to %(most)s players"),
    "invalid_key": _("the game's key must be a non-empty text"),
    "seed_and_board": _("give either a seed for a whole game or a board for one deal, not both"),
    "invalid_seed": _("the seed must be text, bytes or a non-negative whole number"),
    "invalid_seat": _("there is no such seat"),
    "invalid_board": _("the board is not a valid deal for this game"),
    "repeated_card": _("the board holds a card twice"),
    "missing_cards": _("the board must hold the whole pack"),
    "invalid_card": _("that is not a card"),
    "unknown_bot": _("there is no such bot strategy"),
    # An event log that does not replay (InvalidEvents): verify, the audit page, imports.
    "invalid_events": _("the log cannot be replayed"),
    "invalid_start": _("the log does not start with a valid game"),
    "invalid_deal": _("a deal in the log is not the one its seed deals"),
    "wrong_seed": _("the log was dealt from another seed"),
    "seed_required": _("the log cannot be dealt on without its seed"),
    "truncated_log": _("the log stops in the middle of a deal"),
    "mismatch": _("an event does not match what the rules derive"),
    "unexpected_event": _("an event comes where the rules expect another"),
    "illegal_event": _("an event records a move the rules forbid"),
    "out_of_turn": _("an event records a move out of turn"),
    # A score table's entry (docs/architecture.md §3.9) the rules cannot produce.
    "not_a_score_table": _("deals are entered only at a score table"),
    "not_for_score_tables": _("a score table cannot follow the option %(option_label)s"),
    "tally_malformed": _("each count is a whole number from 0 for every player"),
    "tally_missing": _("the count of %(field_label)s is missing"),
    "tally_unexpected": _("this contract is not scored by %(field_label)s"),
    "tally_total": _("the %(field_label)s add up to %(entered)s; a deal has %(total)s"),
    "tally_inconsistent": _(
        "player %(seat_number)s cannot have taken that many %(field_label)s with those %(other_label)s"
    ),
    "contract_used_up": _("player %(seat_number)s has no such contract left"),
    "not_the_chooser": _("this deal is chosen by player %(seat_number)s"),
    "deal_out_of_turn": _("deal %(deal)s cannot be entered now: the next deal is %(expected)s"),
    "all_deals_entered": _("every deal of the game is entered"),
    "nothing_to_undo": _("no deal has been entered yet"),
    "undo_not_last": _("only the last deal entered (deal %(deal)s) can be withdrawn"),
    "deals_missing": _("deal %(deal)s of %(deals)s is still to be entered"),
    "game_not_decided": _("the game goes on until a total reaches its target"),
    "correction_unknown_deal": _("only a deal already entered can be corrected"),
    "correction_reason": _("say why the deal is corrected, in at most %(most)s characters"),
    "correction_breaks_later_deal": _("with this correction, deal %(deal)s would be impossible"),
    "engine_error": _("the rules engine refused this"),
    "illegal_action": _("that move is not allowed now"),
}


def sentence(code):
    """The sentence for a refusal code, translated where it is read: the games' shared one, else
    the first registered game's that has one (a game's codes are its own, or say the same
    words), else None."""
    shared = REFUSALS.get(code)
    if shared is not None:
        return shared
    own = next((game.refusals[code] for game in engine.RULESETS.values() if code in game.refusals), None)
    return None if own is None else _(own)


# The engine error's params a sentence may name, handed on as they are (numbers: data too).
SENTENCE_PARAMS = ("least", "most", "total", "entered", "deal", "deals", "expected")
# Params a sentence names in people's words: a seat as its number from 1 (docs/pages.md "Seat
# numbers"), a score table's count by its label.
LABELLED_PARAMS = {"field": "field_label", "other": "other_label"}


def reason(error):
    """The sentence for an engine error, as (msgid, params): the rule of trick play a refused
    card broke, else the code's sentence, else (a code no table has) the engine's words. The
    params are data for clients as well: an option's name as the engine knows it (``option``),
    and beside it the label people read (``option_label``), which the sentence quotes."""
    rule = getattr(error, "rule", None)
    if rule:
        return rule, {}
    msgid = sentence(error.code)
    if msgid is None:
        return error.message, {}
    params = {name: error.params[name] for name in SENTENCE_PARAMS if name in error.params}
    if isinstance(error.params.get("seat"), int):
        params["seat_number"] = error.params["seat"] + 1
    for name, label in LABELLED_PARAMS.items():
        if name in error.params:
            field = TALLY_LABELS.get(error.params[name])
            params[label] = gettext(field) if field else str(error.params[name])
    option = error.params.get("option")
    if option is not None:
        params.update(option=option, option_label=option_label(option))
    return msgid, params


def option_label(name):
    """An engine flag as the organiser's form names it (its label, translated, in quotes),
    never its slug; a name no ruleset has (a mistyped option) is quoted as it was given."""
    for game in engine.RULESETS.values():
        flag = game.flags.get(name)
        if flag is not None and flag.label:
            return "“%s”" % gettext(flag.label)
    return "“%s”" % name


# Why a bot's turn got the fallback action (the ``reason`` of an ``action_fallback`` event and
# a faulted turn's ``fault``), as the bot's page and the audit page say it.
FAULT_REASONS = {
    "timeout": _("no answer in time"),
    "not_picked_up": _("the bot did not pick the turn up in time"),
    "connection_error": _("the bot's server could not be reached"),
    "http_error": _("the bot's server answered with an error"),
    "not_json": _("the answer was not JSON"),
    "no_action": _("the answer held no action"),
    "oversized": _("the answer was too large"),
    "unsafe_url": _("the bot's address is not allowed"),
    "illegal_action": _("the action was not legal"),
}


def fault_reason(code):
    """A fault's code in words (a code the table lacks is shown as it is)."""
    return FAULT_REASONS.get(code, code)
