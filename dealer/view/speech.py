"""What the console and the TV may say aloud when the dealer turns spoken announcements on: the lines the
last input wrote to the log ("Bia draws 2", "Main pot to Caio …"), then whose turn it is and what it costs ("Ana to
act, 4 to call"). Sentences only: the browser speaks them in the page's language."""

from __future__ import annotations

from collections.abc import Sequence

from ..messages import N_, Msg, msg
from ..rules.table_state import BETTING, DRAWING, Phase


def speech(last_lines: Sequence[Msg], phase: Phase, acting: str | None, to_call: int | None) -> tuple[Msg, ...]:
    said = list(last_lines)
    if acting is not None:
        said.append(_turn(acting, phase, to_call))
    return tuple(said)


def _turn(name: str, phase: Phase, to_call: int | None) -> Msg:
    if phase is BETTING and to_call:
        return msg(N_("{player} to act, {amount} to call"), player=name, amount=to_call)
    if phase is BETTING:
        return msg(N_("{player} to act, may check"), player=name)
    if phase is DRAWING:
        return msg(N_("{player}: how many cards?"), player=name)
    return msg(N_("{player} shows or mucks"), player=name)
