"""Sentences the engine produces, kept translatable.

The engine never imports Flask or Babel: it builds :class:`Msg` values whose English template is marked
with :func:`N_` (so `pybabel extract` finds it) and the web layer renders them with its own gettext.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Union

Translate = Callable[[str], str]


def N_(text: str) -> str:
    """Mark a string for extraction into the gettext catalog; translation happens at render time."""
    return text


def _identity(text: str) -> str:
    return text


Arg = Union[str, int, "Msg"]


@dataclass(slots=True)  # not frozen: built for every input, and frozen dataclasses are slow to build
class Msg:
    """An English sentence template with named arguments, and the house-card section or ruling it rests on."""

    text: str
    args: Mapping[str, Arg] = field(default_factory=dict)
    rule: str | None = None  # house-card section, "01".."10"
    ruling: str | None = None  # house ruling, "R1".."R20", where one decides it

    def render(self, translate: Translate = _identity) -> str:
        """The sentence in the language of ``translate``; nested sentences are translated too."""
        args = self.args
        if not args:
            return translate(self.text)
        # Rendered for every new line of a log: str.format turns names and numbers into text; only a sentence with
        # a sentence inside (a raise "— all-in") needs its arguments rendered first.
        for value in args.values():
            if isinstance(value, Msg):
                break
        else:
            return translate(self.text).format_map(args)
        values = {key: value.render(translate) if isinstance(value, Msg) else value for key, value in args.items()}
        return translate(self.text).format_map(values)

    def __str__(self) -> str:
        return self.render()


_new = object.__new__


def msg(text: str, /, rule: str | None = None, ruling: str | None = None, **args: Arg) -> Msg:
    """Shorthand: ``msg(N_("{player} folds"), rule="04", ruling="R10", player="Ana")``."""
    # Filled slot by slot rather than through Msg(...): the class call runs the dataclass's __init__ as a second
    # Python call, and the rules build a few sentences for every input. Every field of Msg is set here.
    made = _new(Msg)
    made.text, made.args, made.rule, made.ruling = text, args, rule, ruling
    return made
