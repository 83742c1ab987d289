"""Deals played at a real table: checked whole through the engine, then stored as a match whose
every decision is appended through the same path as a deal played here."""

import typing

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games import engine, refusals
from games.errors import EngineRefusal, ServiceError
from games.models import Match
from games.service import creating, playing

MAX_PAPER_ACTIONS = 400


def check_paper_deal(ruleset, options, board, actions):
    """Replay a deal written on paper through the engine; a ServiceError names the first entry
    the rules refuse (its index, the seat and the reason: a revoke reads "must follow suit")."""
    try:
        state = engine.new_game(ruleset, options=options, board=board)
    except engine.EngineError as e:
        raise playing.engine_refusal(e) from e
    if not isinstance(actions, list) or not 1 <= len(actions) <= MAX_PAPER_ACTIONS:
        raise ServiceError("invalid_actions", most=MAX_PAPER_ACTIONS)
    for index, entry in enumerate(actions):
        if (
            not isinstance(entry, dict)
            or entry.get("seat") not in range(state.num_seats)
            or isinstance(entry.get("seat"), bool)
        ):
            raise ServiceError("entry_seat_out_of_range", index=index, last=state.num_seats - 1)
        if state.is_over:
            raise ServiceError("deal_already_over", index=index)
        if entry["seat"] != state.to_act:
            raise ServiceError("out_of_turn", index=index, seat=entry["seat"], to_act=state.to_act)
        try:
            state.apply({k: v for k, v in entry.items() if k != "seat"})
        except engine.EngineError as e:
            refusal, _params = refusals.reason(e)
            raise EngineRefusal(
                422,
                e.code,
                _("entry %(index)s (seat %(seat)s): %(refusal)s"),
                index=index,
                seat=entry["seat"],
                refusal=refusal,
                reason=e.reason,
            ) from e
    if not state.is_over:
        raise ServiceError("deal_not_finished", to_act=state.to_act)
    return state


class PaperDeal(typing.NamedTuple):
    """A deal entered from a real table: its match, and the receipt of its last decision (the
    stream's head, which the chain ties to every decision before it)."""

    match: Match
    receipt: dict


def do_enter_paper_deal(by, ruleset, options, board, actions):
    """A deal played with physical cards: its cards as dealt (a board) and its decisions in
    order. Checked whole first, then stored as a match of open seats whose every decision is
    appended through playing.do_act, as the person entering it: the same log, verification and
    scores as a deal played here. Returns the PaperDeal."""
    checked = check_paper_deal(ruleset, options, board, actions)
    actor = playing.actor_key(by)
    with transaction.atomic():
        # Open seats, as many as the deal's table has (a Kings in the Corner board may have 2 to 6).
        match = creating.do_create_match(ruleset, options, (None,) * checked.num_seats, board, created_by=by)
        version = match.version
        for entry in actions:
            seat = entry["seat"]
            answer = playing.do_act(
                match.pk,
                actor,
                lambda m, seat=seat: seat,
                {k: v for k, v in entry.items() if k != "seat"},
                version,
                announce=False,
            )
            version = answer["version"]
    match.refresh_from_db()
    return PaperDeal(match, answer["receipt"])
