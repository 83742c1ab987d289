"""`python -m bench` drives OpenSpiel's hearts by the loop it drives the engine with (issue 36):
``legal_actions()`` at every node, chance nodes included (never ``chance_outcomes()``), a random
choice among them, ``apply_action``, until the game is over."""

from bench.__main__ import hearts_round


class _CountingGame:
    """An OpenSpiel stand-in: each game is two chance nodes and two decisions, each offering two actions."""

    def __init__(self):
        self.calls = []

    def new_initial_state(self):
        return _State(self.calls)


class _State:
    def __init__(self, calls):
        self.calls = calls
        self.node = 0

    def is_terminal(self):
        return self.node == 4

    def is_chance_node(self):
        return self.node < 2

    def legal_actions(self):
        self.calls.append(("legal_actions", self.node))
        return [10 * self.node, 10 * self.node + 1]

    def chance_outcomes(self):
        raise AssertionError("the benchmark's loop never asks for chance_outcomes()")

    def apply_action(self, action):
        assert action in (10 * self.node, 10 * self.node + 1)
        self.calls.append(("apply_action", self.node))
        self.node += 1


def test_every_node_chance_nodes_too_is_played_from_its_legal_actions():
    game = _CountingGame()
    seconds = hearts_round(game, 2, seed=7)
    assert seconds >= 0
    one_game = [(call, node) for node in range(4) for call in ("legal_actions", "apply_action")]
    assert game.calls == one_game * 2
