"""Round robins for player counts with no exact schedule: rounds whose pair meetings are spread
as evenly as possible.

The search minimises a cost summed over pairs: meeting once is free, a second meeting costs 1,
and each further meeting costs ``_STEEPNESS`` times the one before. With the total number of
meetings fixed by the number of rounds, the cost is lowest when meetings are as even as possible,
and the steep growth makes it put the most meetings of any pair first and the number of repeated
pairs second. When the ideal spread (every pair meets ⌊M/P⌋ or ⌈M/P⌉ times, M meetings over P
pairs) is reached the search stops: nothing can beat it.

How: build each round greedily (each table takes the players who have met its members least),
then run a tabu search that swaps two players between tables of one round, as the local searches
for the social golfer problem do: pick up to two dozen players seated with someone they have met
too often, try every swap that moves one of them, and take the best swap that does not send a
player back to a table they just left. After a long stall it restarts from the best schedule
found, with a few random swaps. It stops after a fixed amount of work (swap evaluations), so it
takes about the same time, a fraction of a second, whatever the number of players. All random
choices come from a seeded generator: the same arguments always give the same schedule.
"""

import random
from itertools import combinations

_STEEPNESS = 4
_WORK_LIMIT = 250_000  # swap evaluations
_PLAYERS_TRIED = 24  # conflicted players whose swaps one iteration evaluates
_STALL_LIMIT = 100  # iterations without a new best before restarting from the best
_SHAKE_SWAPS = 3  # random swaps applied on a restart
_TABU_TENURE = (3, 10)  # iterations a player may not go back to the table they left (random in range)


def even_meetings(n_players, n_rounds, seed, table_size):
    """``n_rounds`` rounds of tables of ``table_size`` (tuples of player indexes
    0..n_players−1, seats unordered)."""
    search = _MeetingSearch(n_players, n_rounds, random.Random(seed), table_size)
    search.run()
    return search.best_rounds


class _MeetingSearch:
    def __init__(self, n_players, n_rounds, rng, table_size):
        self.rng = rng
        self.table_size = table_size
        self.players = list(range(n_players))
        # next_meeting_cost[m]: what a pair's next meeting costs when it has met m times
        self.next_meeting_cost = [0] + [_STEEPNESS ** (m - 1) for m in range(1, n_rounds + 1)]
        self.met = [[0] * n_players for _ in self.players]
        self.rounds = []  # each a list of tables, each a list of players
        self.table_of = []  # per round: player → index of their table
        for _ in range(n_rounds):
            self._add_greedy_round()
        self.cost = sum(self._pair_cost(self.met[a][b]) for a, b in combinations(self.players, 2))
        pairs = len(self.players) * (len(self.players) - 1) // 2
        pairs_per_table = table_size * (table_size - 1) // 2
        low, at_high = divmod(n_rounds * (n_players // table_size) * pairs_per_table, pairs)
        self.ideal_cost = at_high * self._pair_cost(low + 1) + (pairs - at_high) * self._pair_cost(low)
        self.too_often = max(2, low + 1)  # meetings from which a pair is a conflict
        self.best_cost, self.best_rounds = self.cost, self._snapshot()

    def _pair_cost(self, meetings):
        return sum(self.next_meeting_cost[:meetings])

    def _add_greedy_round(self):
        waiting = self.players[:]
        self.rng.shuffle(waiting)
        tables = []
        while waiting:
            table = [waiting.pop(0)]
            while len(table) < self.table_size:
                newcomer = min(waiting, key=lambda player: sum(self.met[player][seated] for seated in table))
                waiting.remove(newcomer)
                table.append(newcomer)
            for a, b in combinations(table, 2):
                self._meet(a, b, +1)
            tables.append(table)
        self.rounds.append(tables)
        self.table_of.append({player: index for index, table in enumerate(tables) for player in table})

    def run(self):
        tabu_until = {}  # (round, player, table) → iteration until which the player may not go back
        stalled = iteration = work = 0
        while self.best_cost > self.ideal_cost and work < _WORK_LIMIT:
            iteration += 1
            if stalled >= _STALL_LIMIT:
                self._restart_from_best()
                tabu_until, stalled = {}, 0
            conflicted = self._conflicted_players()
            tried = self.rng.sample(conflicted, min(_PLAYERS_TRIED, len(conflicted)))
            work += len(tried) * len(self.players)
            move = self._best_swap(tried, tabu_until, iteration)
            stalled += 1
            if move is None:
                continue
            delta, round_no, mover, other = move
            table_of = self.table_of[round_no]
            tenure = iteration + self.rng.randint(*_TABU_TENURE)
            tabu_until[round_no, mover, table_of[mover]] = tabu_until[round_no, other, table_of[other]] = tenure
            self._swap(round_no, mover, other)
            self.cost += delta
            if self.cost < self.best_cost:
                self.best_cost, self.best_rounds, stalled = self.cost, self._snapshot(), 0

    def _conflicted_players(self):
        """(round, player) for every player seated with someone they have met too often."""
        found = {}
        for round_no, tables in enumerate(self.rounds):
            for table in tables:
                for a, b in combinations(table, 2):
                    if self.met[a][b] >= self.too_often:
                        found[round_no, a] = found[round_no, b] = True
        return list(found)

    def _best_swap(self, movers, tabu_until, iteration):
        """(cost change, round, mover, other) for the best swap of one of ``movers`` (round,
        player) with a player at another table, skipping swaps that send a player back to a table
        they recently left unless the result beats the best cost so far; ties are broken at
        random."""
        best, best_delta = [], None
        for round_no, mover in movers:
            table_of = self.table_of[round_no]
            for other in self.players:
                if table_of[other] == table_of[mover]:
                    continue
                delta = self._swap_delta(round_no, mover, other)
                if best_delta is not None and delta > best_delta:
                    continue
                returns = max(
                    tabu_until.get((round_no, mover, table_of[other]), 0),
                    tabu_until.get((round_no, other, table_of[mover]), 0),
                )
                if returns > iteration and self.cost + delta >= self.best_cost:
                    continue
                if best_delta is None or delta < best_delta:
                    best, best_delta = [(delta, round_no, mover, other)], delta
                else:
                    best.append((delta, round_no, mover, other))
        return self.rng.choice(best) if best else None

    def _swap_delta(self, round_no, a, b):
        """Change in cost if a and b swap tables in ``round_no``."""
        tables, table_of, cost = self.rounds[round_no], self.table_of[round_no], self.next_meeting_cost
        met_a, met_b = self.met[a], self.met[b]
        delta = 0
        for x in tables[table_of[a]]:
            if x != a:
                delta += cost[met_b[x]] - cost[met_a[x] - 1]
        for y in tables[table_of[b]]:
            if y != b:
                delta += cost[met_a[y]] - cost[met_b[y] - 1]
        return delta

    def _swap(self, round_no, a, b):
        index_a, index_b = self.table_of[round_no][a], self.table_of[round_no][b]
        table_a, table_b = self.rounds[round_no][index_a], self.rounds[round_no][index_b]
        for x in table_a:
            if x != a:
                self._meet(a, x, -1)
                self._meet(b, x, +1)
        for y in table_b:
            if y != b:
                self._meet(b, y, -1)
                self._meet(a, y, +1)
        table_a[table_a.index(a)], table_b[table_b.index(b)] = b, a
        self.table_of[round_no][a], self.table_of[round_no][b] = index_b, index_a

    def _restart_from_best(self):
        """Go back to the best schedule found and shake it with a few random swaps."""
        self.rounds = [[list(table) for table in tables] for tables in self.best_rounds]
        self.table_of = [
            {player: index for index, table in enumerate(tables) for player in table} for tables in self.rounds
        ]
        self.met = [[0] * len(self.players) for _ in self.players]
        for tables in self.rounds:
            for table in tables:
                for a, b in combinations(table, 2):
                    self._meet(a, b, +1)
        self.cost = self.best_cost
        for _ in range(_SHAKE_SWAPS):
            round_no = self.rng.randrange(len(self.rounds))
            a, b = self.rng.sample(self.players, 2)
            if self.table_of[round_no][a] != self.table_of[round_no][b]:
                self.cost += self._swap_delta(round_no, a, b)
                self._swap(round_no, a, b)

    def _meet(self, a, b, change):
        self.met[a][b] += change
        self.met[b][a] += change

    def _snapshot(self):
        return [[tuple(sorted(table)) for table in tables] for tables in self.rounds]
