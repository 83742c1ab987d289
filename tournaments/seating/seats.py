"""Seat order within tables. Seats matter: they fix who deals, declares and leads first, so over
an event each player should hold each seat of the table about equally."""

from itertools import permutations


def balance_seats(rounds):
    """``rounds`` with each table's seats reordered so that every player holds each seat equally
    often, give or take one.

    That is always possible: it is an equitable k-edge-colouring (k seats a table) of the
    bipartite graph joining each player to the tables they sit at (a seat is a colour; a table
    needs its k edges in k colours), which de Werra's theorem guarantees. The proof is the algorithm: while a player
    holds seat s at least twice more than seat t, recolour all the s/t edges so that every player's
    s and t counts differ by at most one (``_even_out_two_seats``). Each pass lowers the sum of
    squared seat counts, so it ends.
    """
    tables = [list(table) for round_ in rounds for table in round_]
    while (seats := _unbalanced_seat_pair(tables)) is not None:
        _even_out_two_seats(tables, *seats)
    position = iter(tables)
    return [[tuple(next(position)) for _ in round_] for round_ in rounds]


def fairest_seat_order(players, seat_history):
    """The seat order of one table's ``players`` that best evens out their seats so far
    (``seat_history``: {player: one count a seat}).

    A player given seat s is charged how many more times they have held s than their least-held
    seat (0 for a least-held seat); the order with the lowest total charge wins, ties going to the
    first order among the permutations of ``players`` as given. So whenever some order gives
    everyone one of their least-held seats, that order is chosen. Charging against each player's
    own least-held seat, not their raw counts, keeps a player who missed rounds (byes, late
    entry) from being treated as better balanced than they are."""
    never_seated = (0,) * len(players)

    def charge(seat, player):
        held = seat_history.get(player, never_seated)
        return held[seat] - min(held)

    return min(permutations(players), key=lambda order: sum(charge(seat, player) for seat, player in enumerate(order)))


def _unbalanced_seat_pair(tables):
    """(s, t) for the first player, in seating order, who holds seat s at least twice more than
    seat t; None when every player is balanced."""
    counts = {}
    for table in tables:
        for seat, player in enumerate(table):
            counts.setdefault(player, [0] * len(table))[seat] += 1
    for seats in counts.values():
        most, least = max(seats), min(seats)
        if most - least >= 2:
            return seats.index(most), seats.index(least)
    return None


def _even_out_two_seats(tables, s, t):
    """Swap seats s and t at some tables so that every player holds s and t equally often, give
    or take one.

    Take the graph with a node per table and per player and an edge from each table to its
    seat-s and seat-t players; give every player of odd degree an edge to one extra "spare" node,
    so that all degrees are even. Walk each connected part as an Euler circuit (starting at the
    spare node, if it is in that part) and label its edges s, t, s, t, …: each pass through a node
    takes one s and one t, and without the spare node a circuit has even length, as the graph is
    bipartite. So every table gets one s and one t and every player is even to within the one
    spare edge."""
    spare = ("spare",)
    adjacency = {spare: []}
    edges = []  # (table index, player); spare edges have table index None

    def connect(node_a, node_b, edge):
        adjacency.setdefault(node_a, []).append(edge)
        adjacency.setdefault(node_b, []).append(edge)

    for index, table in enumerate(tables):
        for player in (table[s], table[t]):
            edges.append((index, player))
            connect(("table", index), ("player", player), len(edges) - 1)
    for node, incident in list(adjacency.items()):
        if len(incident) % 2:
            edges.append((None, node[1]))
            connect(spare, node, len(edges) - 1)

    used = [False] * len(edges)
    for start in adjacency:
        for position, edge in enumerate(_euler_circuit(start, adjacency, edges, used)):
            index, player = edges[edge]
            if index is not None:
                tables[index][s if position % 2 == 0 else t] = player


def _euler_circuit(start, adjacency, edges, used):
    """The unused edges of ``start``'s connected part, in the order of an Euler circuit from
    ``start`` (Hierholzer's algorithm; the circuit comes out reversed, which is still one)."""

    def other_end(edge, node):
        index, player = edges[edge]
        ends = [("player", player), ("table", index) if index is not None else ("spare",)]
        return ends[1] if ends[0] == node else ends[0]

    circuit, stack = [], [(start, None)]
    while stack:
        node, arrived_by = stack[-1]
        incident = adjacency[node]
        while incident and used[incident[-1]]:
            incident.pop()
        if incident:
            edge = incident.pop()
            used[edge] = True
            stack.append((other_end(edge, node), edge))
        else:
            stack.pop()
            if arrived_by is not None:
                circuit.append(arrived_by)
    return circuit
