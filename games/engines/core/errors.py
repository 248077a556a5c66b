"""The one exception an engine raises for a move the rules forbid."""


class IllegalAction(Exception):
    """A move the rules forbid, with a stable machine code and a sentence for people.

    ``code`` is short and stable (tests and clients match on it); ``message`` is what the
    player reads. Raising it must leave the input state untouched, which engines guarantee
    by never mutating their input.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
