"""Input checks shared by the seating functions. Every bad input is a ValueError whose message
names the argument and what was wrong with it, so an organiser-facing caller can show it as is."""

from collections.abc import Iterable, Mapping

# A table seats at least two: a game is played against someone.
FEWEST_SEATS = 2


def whole_number(name, value, minimum):
    """``value`` if it is an int (not a bool) of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value


def table_size(value):
    """``value``, the seats of every table (the ruleset's, which the caller asks the engine
    for), if it is a whole number of at least two."""
    return whole_number("table_size", value, FEWEST_SEATS)


def player_count(n_players, size):
    """``n_players`` if it fills whole tables of ``size``."""
    table_size(size)
    whole_number("n_players", n_players, size)
    if n_players % size:
        missing = -n_players % size
        raise ValueError(
            f"n_players must be a multiple of {size} (every table seats "
            f"{size}), got {n_players}: add {missing} house bot(s) or give byes"
        )
    return n_players


def distinct_players(name, players):
    """``players`` as a list, if it is a collection of distinct hashable player ids."""
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
        raise ValueError(f"{name} must be a list of player ids, got {players!r}")
    players = list(players)
    seen, repeated = set(), []
    for player in players:
        hashable(name, player)
        if player in seen and player not in repeated:
            repeated.append(player)
        seen.add(player)
    if repeated:
        raise ValueError(f"{name} lists these players more than once: {repeated!r}")
    return players


def hashable(name, player):
    try:
        hash(player)
    except TypeError:
        raise ValueError(f"{name}: a player id must be hashable, got {player!r}") from None
    return player


def schedule(name, rounds, size):
    """``rounds`` as a list of rounds of tuples, if every table seats ``size`` distinct players
    and nobody sits at two tables in one round."""
    table_size(size)
    if isinstance(rounds, (str, bytes, Mapping)) or not isinstance(rounds, Iterable):
        raise ValueError(f"{name} must be a list of rounds, got {rounds!r}")
    checked = []
    for round_no, round_ in enumerate(rounds):
        if isinstance(round_, (str, bytes, Mapping)) or not isinstance(round_, Iterable):
            raise ValueError(f"{name}: round {round_no} must be a list of tables, got {round_!r}")
        seated, tables = set(), []
        for table in round_:
            if isinstance(table, (str, bytes, Mapping)) or not isinstance(table, Iterable):
                raise ValueError(f"{name}: round {round_no} has a table that is not a list of players: {table!r}")
            table = tuple(table)
            if len(table) != size:
                raise ValueError(
                    f"{name}: round {round_no} has a table of {len(table)} players {table!r}; every table seats {size}"
                )
            for player in table:
                if hashable(name, player) in seated:
                    raise ValueError(f"{name}: player {player!r} has two seats in round {round_no}")
                seated.add(player)
            tables.append(table)
        checked.append(tables)
    return checked


class OwnersTogether(ValueError):
    """Players of one owner cannot all be seated at different tables: one owner has more
    players than the round has tables. A ValueError like every other refusal here; a caller
    that wants to tell this one apart (it is the organiser's field, not a bad argument) can.

    Where one owner is to blame, ``owner``, ``players`` (how many they have in the round) and
    ``tables`` (how many the round has) say so as data, for a caller to tell people in their
    own words; otherwise they are None."""

    def __init__(self, message, owner=None, players=None, tables=None):
        super().__init__(message)
        self.owner, self.players, self.tables = owner, players, tables


def owners(name, owners_by_player):
    """{player: owner} from ``owners_by_player`` (None: nobody, e.g. the house's built-in
    bots), without the players who have no owner."""
    if owners_by_player is None:
        return {}
    if not isinstance(owners_by_player, Mapping):
        raise ValueError(f"{name} must map players to their owners, got {owners_by_player!r}")
    checked = {}
    for player, owner in owners_by_player.items():
        hashable(name, player)
        if owner is None:
            continue
        try:
            hash(owner)
        except TypeError:
            raise ValueError(f"{name}: an owner must be hashable, got {owner!r} for {player!r}") from None
        checked[player] = owner
    return checked


def owners_fit(owner_of, players, n_tables):
    """Refuse (OwnersTogether) an owner with more of ``players`` than there are tables."""
    counts = {}
    for player in players:
        if player in owner_of:
            counts[owner_of[player]] = counts.get(owner_of[player], 0) + 1
    crowded = [(owner, count) for owner, count in counts.items() if count > n_tables]
    if crowded:
        owner, count = max(crowded, key=lambda item: (item[1], repr(item[0])))
        raise OwnersTogether(
            f"owners: {owner!r} has {count} players in this round but there are only {n_tables} "
            f"table(s), and players of one owner never share a table",
            owner=owner,
            players=count,
            tables=n_tables,
        )
