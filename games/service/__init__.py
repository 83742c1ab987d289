"""The match service: the one path by which people and bots change a match, and the one door
by which anyone looks at one.

In the manner of Zulip's actions, one module per subject: ``check_*`` functions validate and
raise ``ServiceError`` (a status, a machine-readable code, a message, and details); ``do_*``
functions change the database and announce the change only once the transaction has committed.
A match's state is always the engine's replay of its event stream; nothing here edits a stored
event. Each module imports only those listed before it:

- ``states``: a match's state, replayed from its log, and the writers' per-process cache of it
  (``match_state``, ``current_state``, ``taken_state``); ``PLATFORM_EVENTS``, the events the
  engine never sees.
- ``access``: who may look at a match and what they see: ``enter`` (the door of every view)
  and ``Entry``, closed rooms (``is_public``, ``cards_still_in_play``, ``closed_cards_groups``),
  ``visible_state``, ``visible_events``, ``seat_view``, ``seat_replay``, ``room_progress``.
- ``announcement``: ``announce_after_commit``, the one emitter of a match's announcement.
- ``playing``: the one path that changes a match, ``do_act`` (``submit_action`` for a person,
  ``check_seat``), a run of built-in bots' moves (``do_play_run``), the row lock
  (``locked_match``), ``FALLBACK``, ``engine_refusal``, ``actor_key``.
- ``creating``: ``check_new_match``, ``check_table_size``, ``do_create_match``; ``bot_model``.
- ``paper_deals``: a deal played at a real table, ``check_paper_deal``, ``do_enter_paper_deal``.
- ``score_tables``: games played with real cards, entered deal by deal (docs/architecture.md §3.9):
  ``do_open_score_table``, ``door`` (a key's table), ``do_table_action``, ``preview``, ``sheet``.
- ``hand_overs``: seats handed to a house bot and back: ``do_leave_seat``, ``do_return_seat``,
  ``seat_taken_over``, ``seats_taken_over``, ``do_append_platform``.
"""
