"""A file holds only what a dealer could have entered (§01, R26): every entry of an imported log is checked as the
API checks a request, so a forged file is refused with 400 and the entry's number, and no table is created; no file
makes the server answer 500. Look-alike names are refused at creation, at a join and in a file. Through a real
server."""

from __future__ import annotations

import copy
import html
import http.client
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest

from conftest import Api, ServerProcess
from dealer import Game, export_document
from dealer.formats.session_file import digest
from dealer.rules.entries import parse_create, parse_input

AT = 1764622800.0
RLO = "\u202e"


def open_game() -> dict[str, Any]:
    """An open game's file: Ana and Bia seated, Ana adds 20 chips before hand 1 (entry 1)."""
    game = Game(parse_create({"players": ["Ana", "Bia"], "button": "Ana", "format": "open", "chip_value": "0.10"}))
    game.push(parse_input({"action": "add_chips", "player": "Ana", "amount": 20}))
    return export_document(game, [AT] * len(game.entries), "forged")


def forged(change: Any) -> dict[str, Any]:
    """The file with its log changed by ``change`` and its digest computed again (as a forger would)."""
    document = copy.deepcopy(open_game())
    change(document["log"])
    document["settings"] = document["log"][0]
    document["digest"] = digest(document["log"], document["times"], document["seq"])
    return document


def set_input(**fields: Any) -> Any:
    return lambda log: log[1].update(fields)


def set_player(index: int, **fields: Any) -> Any:
    return lambda log: log[0]["players"][index].update(fields)


FORGERIES = {
    "add_chips of -200": (set_input(amount=-200), 1),
    "add_chips of 2.5": (set_input(amount=2.5), 1),
    "add_chips of true": (set_input(amount=True), 1),
    "add_chips of 10**19": (set_input(amount=10**19), 1),
    "a join with 0 chips": (set_input(action="join", player="Caio", amount=0), 1),
    "a join with -5 chips": (set_input(action="join", player="Caio", amount=-5), 1),
    "an empty name": (set_input(action="join", player="", amount=10), 1),
    "a name of 5000 characters": (set_input(action="join", player="x" * 5000, amount=10), 1),
    "a right-to-left override": (set_input(action="join", player=f"Caio{RLO}", amount=10), 1),
    "a look-alike join": (set_input(action="join", player="Аna", amount=10), 1),
    "a stack of 2.5 chips with a chip value": (set_player(0, stack=2.5), 0),
    "10**19 chips at 999999.9999 a chip": (lambda log: (log[0].update(chip_value="999999.9999"),
                                                        log[0]["players"][0].update(stack=10**19)), 0),
    "a chip value written 1E+2": (lambda log: log[0].update(chip_value="1E+2"), 0),
    "a chip value in Arabic-Indic digits": (lambda log: log[0].update(chip_value="\u0661"), 0),
    "a blind of 2.5": (lambda log: log[0]["stakes"].update(blinds=[1, 2.5]), 0),
}


@pytest.mark.parametrize("name", list(FORGERIES))
def test_a_forged_file_is_refused_with_its_entrys_number_and_creates_no_table(api: Api, name: str) -> None:
    change, entry = FORGERIES[name]
    document = forged(change)
    status, body = api.request("POST", "/api/tables/import", document)
    assert status == 400, (name, status, body)
    assert f"Entry {entry} " in body["error"] or (entry == 0 and "settings" in body["error"]), body
    assert api.request("GET", "/api/tables/forged")[0] == 404


def test_the_unforged_file_imports(api: Api) -> None:
    status, body = api.request("POST", "/api/tables/import", open_game())
    assert status == 201, body
    assert body["state"]["chip_value"] == "0.10"
    api.request("POST", f"/t/{body['table']}/delete", headers={"Authorization": f"Bearer {body['dealer_token']}"})


@pytest.mark.parametrize("players", [["Ana", "Аna"], ["Bia", "Βia"], ["Ana", "Ａｎａ"], ["Ana", "a" + "\u0301" * 19]],
                         ids=["cyrillic", "greek", "fullwidth", "combining"])
def test_look_alike_names_are_refused_at_creation_naming_the_player(api: Api, players: list[str]) -> None:
    status, body = api.request("POST", "/api/tables", {"players": players, "button": players[0]})
    assert status == 400, body
    assert players[0] in body["error"] or "accents" in body["error"] or "alphabets" in body["error"], body


@pytest.mark.parametrize("name", ["Аna", "Ａｎａ", "ANA"])
def test_a_join_that_looks_like_a_seated_player_is_refused(api: Api, name: str) -> None:
    table, token, _ = api.create(["Ana", "Bia"], button="Ana", format="open")
    status, body = api.act(table, token, "join", player=name, stack=50, after="Bia")
    assert status in (400, 409), body
    assert "Ana" in body["error"], body
    assert api.state(table)["seq"] == 0


def test_a_greek_capital_beside_its_latin_twin_is_refused_naming_it(api: Api) -> None:
    """"Βia" alone in Greek-and-Latin is refused for mixing alphabets; "ΒΙΑ" all Greek looks like "BIA": refused as
    looking the same as Bia."""
    table, token, _ = api.create(["Ana", "Bia"], button="Ana", format="open")
    status, body = api.act(table, token, "join", player="ΒΙΑ", stack=50, after="Bia")
    assert status in (400, 409) and "looks the same as Bia" in body["error"], body


def test_a_chip_value_is_kept_in_plain_decimal(api: Api) -> None:
    for written, kept in (("1E+2", "100"), ("0.10", "0.10"), (" 2.5 ", "2.5")):
        _, _, state = api.create(["Ana", "Bia"], button="Ana", format="open", chip_value=written)
        assert state["chip_value"] == kept
    for wrong in ("\u0661", "1E+9", "0.00001", "-1", "NaN"):
        status, body = api.request("POST", "/api/tables", {"players": ["Ana", "Bia"], "format": "open",
                                                           "chip_value": wrong})
        assert status == 400 and "chip_value" in body["error"], (wrong, body)


def start_form(server: ServerProcess, **fields: str) -> tuple[int, str]:
    form = {"name": ["Ana", "Bia", "", "", "", ""], "player_stack": [""] * 6, "button": "lot", **fields}
    request = urllib.request.Request(server.base + "/new", data=urllib.parse.urlencode(form, doseq=True).encode(),
                                     method="POST", headers={"Origin": server.base, "Accept-Language": "en"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as failure:
        return failure.code, failure.read().decode()


@pytest.mark.parametrize(("fields", "sentence"), [
    ({"format": "bogus"}, "“format” is “session”, “open” or “tournament”."),
    ({"format": "session", "chip_value": "0.10"}, "A chip value, a currency and a maximum buy-in belong to an open "
                                                  "game"),
    ({"format": "open", "chip_value": "\u0661"}, "“chip_value” is the money one chip is worth"),
    ({"format": "open", "max_buy_in": "\u0661\u0660"}, "must be a whole number."),
], ids=["unknown-format", "session-with-chip-value", "arabic-indic-chip-value", "arabic-indic-buy-in"])
def test_the_start_form_refuses_what_the_api_refuses_with_its_sentence(server: ServerProcess, api: Api,
                                                                        fields: dict[str, str],
                                                                        sentence: str) -> None:
    status, page = start_form(server, **fields)
    assert status == 400 and html.escape(sentence, quote=False) in page.replace("&#34;", '"'), (status, fields)
    if "chip_value" in fields or fields.get("format") == "bogus":
        body = {"players": ["Ana", "Bia"], **{key: value for key, value in fields.items()}}
        refused = api.request("POST", "/api/tables", body)
        assert refused[0] == 400 and refused[1]["error"].startswith(sentence[:30]), refused


def test_the_start_form_keeps_a_chip_value_in_plain_decimal(server: ServerProcess, api: Api) -> None:
    form = {"name": ["Ana", "Bia"], "player_stack": ["", ""], "button": "lot", "format": "open", "chip_value": "1E+2"}
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("POST", "/new", urllib.parse.urlencode(form, doseq=True), {
        "Origin": server.base, "Content-Type": "application/x-www-form-urlencoded"})
    answer = connection.getresponse()
    assert answer.status == 303, answer.read()
    table = re.search(r"/t/([a-z0-9]+)/dealer", answer.headers["Location"])
    connection.close()
    assert table is not None
    state = api.state(table.group(1))
    assert state["chip_value"] == "100" and state["format"] == "open"
