"""When the entrants do not fill whole tables: byes (some sit a round out) or house
bots (the caller adds entrants; this only says how many)."""

from collections.abc import Iterable, Mapping

from . import _validation


def house_bots_needed(n_entrants, *, table_size):
    """How many house bots fill ``n_entrants`` up to whole tables of ``table_size`` (0 to
    table_size − 1)."""
    _validation.whole_number("n_entrants", n_entrants, 0)
    return -n_entrants % _validation.table_size(table_size)


def with_byes(players, round_no, bye_history, owners=None, *, table_size):
    """(players who play round ``round_no``, players on a bye in it), both in standing order.

    * ``players``: the player ids, best first; at least a table's worth (``table_size``).
    * ``round_no``: the round being seated, counting from 1.
    * ``bye_history``: {player: the earlier round numbers in which they had a bye}; players
      missing from it have had none.
    * ``owners``: {player: owner}, as ``swiss_round`` takes it: players of one owner never share
      a table, so an owner with more players than the round has tables has the extra ones sit
      out first (chosen among them by the rules below).

    Just enough players sit out to leave a multiple of ``table_size`` (0 to table_size − 1). Who: first anyone
    who did not sit out the previous round (so nobody sits out twice in a row unless there is no
    one else), then the fewest byes so far, then the lowest standing. Lowest standing first
    because a bye costs a chance to climb, which matters least at the bottom; and the fewest-byes
    rule rotates the byes through the field. Raises ValueError for a bad player list, round
    number, bye history or owners, and OwnersTogether (a ValueError) when the byes cannot leave
    every owner at most one player per table.
    """
    players = _validation.distinct_players("players", players)
    _validation.table_size(table_size)
    if len(players) < table_size:
        raise ValueError(f"players must hold at least {table_size} players to seat a table, got {len(players)}")
    _validation.whole_number("round_no", round_no, 1)
    byes_so_far = _checked_bye_history(bye_history, round_no)

    def sits_out_first(position):
        player = players[position]
        rounds_out = byes_so_far.get(player, ())
        return (round_no - 1) in rounds_out, len(rounds_out), -position

    n_byes = len(players) % table_size
    n_tables = len(players) // table_size
    first_out = sorted(range(len(players)), key=sits_out_first)
    owner_of = _validation.owners("owners", owners)
    # An owner's players beyond one per table must sit out, whoever would otherwise.
    by_owner = {}
    for position in first_out:
        if players[position] in owner_of:
            by_owner.setdefault(owner_of[players[position]], []).append(position)
    crowded = {owner: positions for owner, positions in by_owner.items() if len(positions) > n_tables}
    on_bye = {position for positions in crowded.values() for position in positions[: len(positions) - n_tables]}
    if len(on_bye) > n_byes:
        counts = ", ".join(f"{owner!r} has {len(positions)}" for owner, positions in crowded.items())
        most, positions = max(crowded.items(), key=lambda item: (len(item[1]), repr(item[0])))
        raise _validation.OwnersTogether(
            f"owners: {counts} players for {n_tables} table(s), and players of one "
            f"owner never share a table; only {n_byes} player(s) can sit out",
            owner=most,
            players=len(positions),
            tables=n_tables,
        )
    on_bye.update([position for position in first_out if position not in on_bye][: n_byes - len(on_bye)])
    return (
        [player for position, player in enumerate(players) if position not in on_bye],
        [player for position, player in enumerate(players) if position in on_bye],
    )


def _checked_bye_history(bye_history, round_no):
    """{player: set of earlier rounds with a bye}, if every entry is a list of distinct rounds
    from 1 to round_no − 1."""
    if not isinstance(bye_history, Mapping):
        raise ValueError(f"bye_history must map each player to the rounds they sat out, got {bye_history!r}")
    checked = {}
    for player, rounds in bye_history.items():
        if isinstance(rounds, (str, bytes)) or not isinstance(rounds, Iterable):
            raise ValueError(f"bye_history: {player!r} must have a list of round numbers, got {rounds!r}")
        rounds = list(rounds)
        for earlier in rounds:
            _validation.whole_number(f"bye_history: a bye round of {player!r}", earlier, 1)
            if earlier >= round_no:
                raise ValueError(
                    f"bye_history: {player!r} has a bye in round {earlier}, which is not before round {round_no}"
                )
        if len(set(rounds)) != len(rounds):
            raise ValueError(f"bye_history: {player!r} lists a round more than once: {rounds!r}")
        checked[player] = set(rounds)
    return checked
