"""The console's taps that end a player's night or the table's ask once, like a misdeal: the first tap shows what
it would do and records nothing; "Yes" records it (through the Flask app on a real SQLite file)."""

from __future__ import annotations

from typing import Any

from test_console import act, create, state


def test_r26_leave_and_the_nights_end_ask_once_on_the_console(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], format="open", chip_value="", currency="", max_buy_in="")
    seq = state(client, table)["seq"]
    for action, fields, asked in (("leave", {"player": "Ana"}, "takes their chips away"),
                                  ("end", {}, "who pays whom are final")):
        page = act(client, table, action, **fields).get_data(as_text=True)
        assert asked in page and 'data-testid="confirm-yes"' in page
        assert state(client, table)["seq"] == seq  # the first tap records nothing
    act(client, table, "leave", player="Ana", confirm="yes")
    assert state(client, table)["seq"] == seq + 1
    act(client, table, "end", confirm="yes")
    assert state(client, table)["seq"] == seq + 2 and state(client, table)["phase"] == "over"
