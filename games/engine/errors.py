"""Engine errors. Each carries a machine-readable ``code`` and an English ``message`` for
programmers; what people read is made from the code where they read it (games.refusals)."""


class EngineError(ValueError):
    """Base class: something the caller asked for is not allowed."""

    code = "engine_error"

    def __init__(self, message, code=None, **params):
        super().__init__(message)
        self.message = message
        # Values a sentence for people may name (an option's name), beside the code.
        self.params = params
        if code is not None:
            self.code = code

    @property
    def reason(self):
        return self.message


class IllegalAction(EngineError):
    """An action that the rules do not allow in the current position.

    The state is left exactly as it was before the call. ``rule``, for a card that the rules of
    trick play forbid, is the rule alone ("you must follow the suit led"), without the card or
    the legal cards: a display string the pages translate (``games.engine.text``).
    """

    code = "illegal_action"

    def __init__(self, message, code=None, rule=None, **params):
        super().__init__(message, code, **params)
        self.rule = rule


class InvalidOptions(EngineError):
    """Unknown ruleset, unknown option flag, or a flag with a value it cannot take."""

    code = "invalid_options"


class InvalidBoard(EngineError):
    """A fixed deal (board) that is malformed: missing, repeated or extra cards, bad seats."""

    code = "invalid_board"


class InvalidCard(EngineError):
    """A string that is not a card in the shared notation (rank 23456789TJQKA + suit SHDC)."""

    code = "invalid_card"


class InvalidEvents(EngineError):
    """An event log that the engine cannot replay (out of order, tampered, or truncated).

    ``index`` is the position in the replayed list of the first event found wrong, when one is;
    ``expected``, where the log holds another event than the rules produce (or ends before it),
    the event the rules produce there. It may hold cards: a verifier that reads the whole log
    anyway shows it beside the log's (tools/verify_export.py); the site's reports do not.
    """

    code = "invalid_events"

    def __init__(self, message, code=None, index=None, expected=None):
        super().__init__(message, code)
        self.index = index
        self.expected = expected
