"""Exact round robins: schedules in which every pair of players meets exactly once.

Such a schedule for 4-player tables is a resolvable (n, 4, 1) design; they exist exactly when
n ≡ 4 (mod 12). This module builds the single table of 4 and, for n = 3q + 1 with q a prime
or the square of a prime and q ≡ 1 (mod 4), the classical 1-rotational design (16, 28, 40, …
players; ``EXACT_ROUNDS`` lists them):

* The players are the points (x, c) with x in the field GF(q) and c in {0, 1, 2}, plus one
  fixed point ∞: 3q + 1 players.
* Round 0 is the table {∞, (0, 0), (0, 1), (0, 2)} plus the tables h·S for every "starter"
  table S and every h in a multiplicative subgroup H of GF(q)*.
* Round t is round 0 with t added to every x (∞ stays put), for the q values of t.

Each starter holds two points {a1, a2} of one class and two {b1, b2} of the next. The starters
come in threes: one base starter in classes 0 and 1, and its copies shifted to classes 1, 2 and
2, 0. With that symmetry every pair meets exactly once when, over the base starters:

* the points a and b together take one element from each coset of H (so each round seats
  every player once);
* the differences ±(a1 − a2) and ±(b1 − b2) hit each coset of H once (pairs within a class);
* the differences b − a hit each coset of H once (pairs across classes; 0 is taken by ∞'s
  table).

The base starters are found by a small deterministic backtracking search, fast because H and
the class symmetry shrink it: a few hundredths of a second at most, once per process.
"""

from functools import lru_cache
from itertools import combinations, product

from ._fields import FiniteField

# q → (p, power) of the field GF(q); each gives an exact schedule of 3q + 1 players in q rounds.
# q = 17 (52 players) is left out: its search has no multiplier subgroup to shrink it and
# takes close to a minute, so 52 players get the heuristic schedule instead.
_FIELDS = {5: (5, 1), 9: (3, 2), 13: (13, 1), 25: (5, 2), 29: (29, 1), 37: (37, 1), 41: (41, 1)}

# The designs below are resolvable (n, 4, 1) designs: schedules of tables of this size only.
DESIGN_TABLE_SIZE = 4
# Every player count with an exact schedule here, mapped to its number of rounds.
EXACT_ROUNDS = {DESIGN_TABLE_SIZE: 1, **{3 * q + 1: q for q in _FIELDS}}


def exact_round_robin(n_players, table_size):
    """The exact schedule for ``n_players`` at tables of ``table_size`` as rounds of tables of
    player indexes (seats not yet balanced), or None when this module has none for them: a single
    table of any size, or one of the designs for tables of four."""
    if n_players == table_size:
        return [[tuple(range(n_players))]]
    if table_size != DESIGN_TABLE_SIZE:
        return None
    q, remainder = divmod(n_players - 1, 3)
    if remainder or q not in _FIELDS:
        return None
    return [list(round_) for round_ in _developed_design(q)]


@lru_cache(maxsize=None)
def _developed_design(q):
    """The design's rounds, as tuples so that no caller can change the cached copy. Table 0 of
    each round is ∞'s."""
    field = FiniteField(*_FIELDS[q])
    subgroup = _multiplier_subgroup(field)
    base_tables = [((0, 0), (0, 1), (0, 2))]
    for (a1, a2, b1, b2), shift, h in product(_find_base_starters(field, len(subgroup)), range(3), subgroup):
        low, high = shift, (shift + 1) % 3
        base_tables.append(tuple((field.mul[h][x], c) for x, c in ((a1, low), (a2, low), (b1, high), (b2, high))))

    infinity = 3 * q
    rounds = []
    for t in range(q):
        tables = [tuple(sorted(c * q + field.add[x][t] for x, c in table)) for table in base_tables]
        tables[0] = (*tables[0], infinity)
        rounds.append(tuple(tables))
    return tuple(rounds)


def _multiplier_subgroup(field):
    """The subgroup H of GF(q)* the starters are multiplied by: of odd order, so that it does
    not contain −1 (which would put d and −d in one coset, and the differences ±d of a pair
    within a class could not hit different cosets), and as large as possible, to make the
    search small."""
    order = (field.order - 1) // 4
    while order % 2 == 0:
        order //= 2
    cosets = (field.order - 1) // order
    return [field.powers[cosets * k] for k in range(order)]


def _find_base_starters(field, subgroup_order):
    """Base starters (a1, a2, b1, b2) meeting the three conditions in the module docstring.

    Backtracking: the lowest coset not yet taken starts the next starter, as its a1 or its b1.
    That point may be the coset's representative (a power of the primitive element below the
    number of cosets), because multiplying a starter by any h in H gives the same tables."""
    cosets = (field.order - 1) // subgroup_order

    def coset(x):
        return field.log[x] % cosets

    def members(index):
        return [field.powers[index + cosets * k] for k in range(subgroup_order)]

    free = set(range(cosets))
    used_within, used_across = set(), set()
    starters = []

    def difference_cosets(a1, a2, b1, b2):
        """The cosets hit by the starter's differences within and across classes, or None when
        two of them coincide or a difference is 0."""
        within = [field.sub(a1, a2), field.sub(a2, a1), field.sub(b1, b2), field.sub(b2, b1)]
        across = [field.sub(b, a) for a in (a1, a2) for b in (b1, b2)]
        if 0 in across:
            return None
        within, across = [coset(d) for d in within], [coset(d) for d in across]
        if (
            len(set(within)) < 4
            or len(set(across)) < 4
            or used_within.intersection(within)
            or used_across.intersection(across)
        ):
            return None
        return within, across

    def search():
        if not free:
            return True
        lowest = min(free)
        representative = field.powers[lowest]
        for others in combinations(sorted(free - {lowest}), 3):
            for x, y, z in product(*(members(o) for o in others)):
                for partner, (u, v) in ((x, (y, z)), (y, (x, z)), (z, (x, y))):
                    for starter in ((representative, partner, u, v), (u, v, representative, partner)):
                        hit = difference_cosets(*starter)
                        if hit is None:
                            continue
                        taken = {lowest, *others}
                        free.difference_update(taken)
                        used_within.update(hit[0])
                        used_across.update(hit[1])
                        starters.append(starter)
                        if search():
                            return True
                        starters.pop()
                        used_across.difference_update(hit[1])
                        used_within.difference_update(hit[0])
                        free.update(taken)
        return False

    if not search():
        raise AssertionError(f"no base starters found for GF({field.order})")
    return starters
