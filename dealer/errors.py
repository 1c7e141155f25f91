"""Error types of the engine. Every refusal carries a sentence and, where one applies, its rule."""

from __future__ import annotations

from .messages import Arg, Msg


class DealerError(Exception):
    """Base class: the input was refused and nothing changed."""

    def __init__(self, text: str, /, rule: str | None = None, ruling: str | None = None, **args: Arg) -> None:
        self.message = Msg(text, args, rule, ruling)
        super().__init__(self.message.render())

    @property
    def rule(self) -> str | None:
        return self.message.rule

    @property
    def ruling(self) -> str | None:
        return self.message.ruling


class BadInput(DealerError):
    """Malformed input: unknown action, unreadable cards, count out of range, bad table settings (HTTP 400)."""


class NotAllowed(DealerError):
    """Well-formed input the rules do not allow now: wrong turn, not a legal action, stale screen (HTTP 409)."""


class StaleSeq(NotAllowed):
    """The input was made on an older state than the current one (double tap, second tablet)."""


class NothingToUndo(NotAllowed):
    """Undo asked at the very start of a table."""


class NothingToRedo(NotAllowed):
    """Redo asked when no undone input waits to be re-applied (nothing undone, or a new input since)."""
