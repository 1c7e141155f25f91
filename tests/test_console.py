"""The dealer console over HTTP (Flask client on a real SQLite file): the dealer cookie guards every change,
the screen's seq stops double taps, forms work with and without htmx, the start form validates."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from conftest import browser_client

HX = {"HX-Request": "true"}


# --- helpers --------------------------------------------------------------------------------------------------

def create(client: Any, names: list[str], button: str | int = 0, stacks: dict[int, int] | None = None,
           **fields: str) -> str:
    """Create a table through the start form; return its id (the client keeps the dealer cookie)."""
    rows = names + [""] * (6 - len(names))
    data: dict[str, Any] = {"name": rows, "player_stack": [str((stacks or {}).get(i, "")) for i in range(6)],
                            "button": str(button), "stack": "100"}
    data.update(fields)
    answer = client.post("/new", data=data)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    match = re.fullmatch(r"/t/([a-z0-9]+)/dealer", answer.headers["Location"])
    assert match, answer.headers["Location"]
    return match.group(1)


def state(client: Any, table: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table}")
    assert answer.status_code == 200
    body: dict[str, Any] = answer.get_json()
    return body


def act(client: Any, table: str, action: str, seq: int | None = None, headers: dict[str, str] | None = None,
        **fields: Any) -> Any:
    current = state(client, table)
    data = {"action": action, "seq": str(current["seq"] if seq is None else seq)}
    if action not in ("deal", "misdeal", "exposed") and "player" not in fields and current["to_act"]:
        data["player"] = current["to_act"]
    data.update({key: value for key, value in fields.items() if value is not None})
    return client.post(f"/t/{table}/dealer/act", data=data, headers=headers or {})


def ok(client: Any, table: str, action: str, **fields: Any) -> dict[str, Any]:
    answer = act(client, table, action, **fields)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:2000]
    return state(client, table)


def text(answer: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True)))


def ids_of(answer: Any) -> list[str]:
    return re.findall(r'data-testid="([^"]+)"', answer.get_data(as_text=True))


def pinned(body: dict[str, Any]) -> str:
    """Everything of the state but language-dependent extras, for before/after comparisons."""
    return json.dumps(body, sort_keys=True)


@pytest.fixture
def other(app: Any) -> Any:
    """A second device on the network: same server, no dealer cookie."""
    return browser_client(app)


def at_showdown(client: Any) -> str:
    """A three-handed table at the showdown: Caio folded the big blind... Ana and Bia checked it down."""
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    ok(client, table, "call")  # Ana
    ok(client, table, "call")  # Bia completes the small blind
    ok(client, table, "check")  # Caio
    for _ in range(3):
        for _ in range(3):
            ok(client, table, "draw", count="0")
        for _ in range(3):
            ok(client, table, "check")
    body = state(client, table)
    assert body["phase"] == "showdown", body
    return table


# --- the dealer cookie ----------------------------------------------------------------------------------------

def test_creating_a_table_sets_an_httponly_samesite_cookie_for_that_table(client: Any) -> None:
    answer = client.post("/new", data={"name": ["Ana", "Bia", "", "", "", ""], "player_stack": [""] * 6,
                                       "button": "lot", "stack": "100"})
    assert answer.status_code == 303
    table = answer.headers["Location"].split("/")[2]
    cookie = next(value for value in answer.headers.getlist("Set-Cookie") if value.startswith(f"dealer_{table}="))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    console = client.get(f"/t/{table}/dealer")
    assert console.status_code == 200
    assert "act-deal" in ids_of(console)
    assert console.headers["Cache-Control"] == "no-store"
    # The first button was drawn by lot and the draw is in the log (R4).
    assert "First button drawn by lot" in text(console)


def test_console_without_the_cookie_shows_no_controls(client: Any, other: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"])
    ok(client, table, "deal")
    page = other.get(f"/t/{table}/dealer")
    assert page.status_code == 403
    html = page.get_data(as_text=True)
    assert "<form" not in html.split('<main id="main">')[1]
    assert not [tid for tid in ids_of(page) if tid.startswith(("act-", "draw-", "undo", "pick-", "exposed-"))]
    assert f'href="/t/{table}"' in html  # the way to the player view
    token = client.get_cookie(f"dealer_{table}").value
    assert token not in html


EVERY_INPUT = [
    ("act", {"action": "deal"}), ("act", {"action": "fold", "player": "Ana"}),
    ("act", {"action": "check", "player": "Ana"}), ("act", {"action": "call", "player": "Ana"}),
    ("act", {"action": "bet", "player": "Ana"}), ("act", {"action": "raise", "player": "Ana"}),
    ("act", {"action": "draw", "player": "Ana", "count": "2"}),
    ("act", {"action": "show", "player": "Ana", "typed": "7h 5c 4d 3s 2c"}),
    ("act", {"action": "muck", "player": "Ana"}), ("act", {"action": "misdeal"}),
    ("act", {"action": "exposed", "player": "Ana"}), ("undo", {}),
]


@pytest.mark.parametrize("how", ["no cookie", "wrong cookie", "another table's cookie", "token in the form",
                                 "htmx without cookie"])
def test_every_state_changing_request_without_the_dealer_cookie_is_refused_and_changes_nothing(
        app: Any, client: Any, how: str) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)  # three-handed, the button acts first
    ok(client, table, "deal")
    token = client.get_cookie(f"dealer_{table}").value
    intruder = browser_client(app)
    if how == "wrong cookie":
        intruder.set_cookie(f"dealer_{table}", token[:-2] + "xx")
    elif how == "another table's cookie":
        second = create(intruder, ["Dani", "Eva"])
        intruder.set_cookie(f"dealer_{table}", intruder.get_cookie(f"dealer_{second}").value)
    before = pinned(state(client, table))
    seq = state(client, table)["seq"]
    for path, fields in EVERY_INPUT:
        data = dict(fields, seq=str(seq))
        if how == "token in the form":
            data["token"] = token
        headers = HX if how == "htmx without cookie" else {}
        query = f"?token={token}" if how == "token in the form" else ""
        answer = intruder.post(f"/t/{table}/dealer/{path}{query}", data=data, headers=headers)
        assert answer.status_code == 403, (path, fields, answer.status_code)
        assert "nothing was changed" in text(answer)
        if how != "token in the form":
            assert token not in answer.get_data(as_text=True)
    assert pinned(state(client, table)) == before
    # The dealer's own device still works afterwards: the refusals left no trace.
    assert ok(client, table, "call")["seq"] == seq + 1


def test_a_cross_site_post_is_refused_even_with_the_cookie(client: Any) -> None:
    table = create(client, ["Ana", "Bia"])
    seq = state(client, table)["seq"]
    answer = client.post(f"/t/{table}/dealer/act", data={"action": "deal", "seq": str(seq)},
                         headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403
    assert state(client, table)["seq"] == seq
    same = client.post(f"/t/{table}/dealer/act", data={"action": "deal", "seq": str(seq)},
                       headers={"Origin": "http://localhost"})
    assert same.status_code == 303


def test_only_post_changes_state(client: Any) -> None:
    table = create(client, ["Ana", "Bia"])
    before = pinned(state(client, table))
    for path in ("act?action=deal&seq=0", "undo?seq=0"):
        assert client.get(f"/t/{table}/dealer/{path}").status_code == 405
    assert client.get(f"/t/{table}/dealer").status_code == 200
    assert pinned(state(client, table)) == before


def test_unknown_table_is_404_for_everyone(client: Any, other: Any) -> None:
    assert client.get("/t/zzzzzz/dealer").status_code == 404
    assert other.post("/t/zzzzzz/dealer/act", data={"action": "deal", "seq": "0"}).status_code == 404


# --- continue on another tablet -------------------------------------------------------------------------------

def test_the_join_link_moves_the_console_to_another_device(client: Any, other: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"])
    console = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    link = re.search(r'href="(http://[^"]+/t/' + table + r'/join\?token=[^"]+)"', console)
    assert link, "the console offers the dealer link"
    path = link.group(1).split("localhost", 1)[1].replace("&amp;", "&")
    assert '<svg class="qr"' in console
    assert other.post(f"/t/{table}/dealer/act", data={"action": "deal", "seq": "0"}).status_code == 403
    joined = other.get(path)
    assert joined.status_code == 303 and joined.headers["Location"] == f"/t/{table}/dealer"
    cookie = next(value for value in joined.headers.getlist("Set-Cookie") if value.startswith(f"dealer_{table}="))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert other.get(f"/t/{table}/dealer").status_code == 200
    assert ok(other, table, "deal")["hand"] == 1


def test_a_wrong_join_token_sets_nothing(other: Any, client: Any) -> None:
    table = create(client, ["Ana", "Bia"])
    answer = other.get(f"/t/{table}/join?token=guess")
    assert answer.status_code == 403
    assert not [value for value in answer.headers.getlist("Set-Cookie") if value.startswith("dealer_")]
    assert other.get(f"/t/{table}/dealer").status_code == 403


# --- seq: double taps and second tablets ----------------------------------------------------------------------

def test_a_stale_screen_gets_the_fresh_console_and_a_notice_never_a_second_application(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    seq = state(client, table)["seq"]
    first = act(client, table, "call", seq=seq, player="Ana", headers=HX)
    assert first.status_code == 200
    again = act(client, table, "call", seq=seq, player="Ana", headers=HX)  # the double tap
    assert again.status_code == 409
    # The stale tap says in words what the other tap recorded meanwhile.
    assert "Another tablet recorded “Ana calls 2” meanwhile; here is the table now." in text(again)
    assert 'data-testid="notice"' in again.get_data(as_text=True)
    assert "<html" not in again.get_data(as_text=True)  # the htmx fragment, swapped in place
    assert f'data-seq="{seq + 1}"' in again.get_data(as_text=True)
    body = state(client, table)
    assert body["seq"] == seq + 1 and body["to_act"] == "Bia"
    assert [line["text"] for line in body["log"]].count("Ana calls 2") == 1
    # Without htmx the refusal is the full page with the same notice and status.
    plain = act(client, table, "call", seq=seq, player="Ana")
    assert plain.status_code == 409 and "<html" in plain.get_data(as_text=True) and "Another tablet" in text(plain)


def test_a_form_without_seq_is_refused(client: Any) -> None:
    table = create(client, ["Ana", "Bia"])
    answer = client.post(f"/t/{table}/dealer/act", data={"action": "deal"})
    assert answer.status_code == 400 and "seq" in text(answer)
    assert state(client, table)["seq"] == 0


def test_undo_says_what_it_undoes_and_can_be_repeated(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    ok(client, table, "raise")  # Ana raises to 4
    page = client.get(f"/t/{table}/dealer")
    assert "Undo: Ana raises to 4" in text(page)
    undone = client.post(f"/t/{table}/dealer/undo", data={"seq": str(state(client, table)["seq"])})
    assert undone.status_code == 303
    body = state(client, table)
    assert body["to_act"] == "Ana" and body["players"][0]["bet"] == 0
    # Undoing the deal crosses a boundary: the first tap only asks, in the engine's words.
    asked = client.post(f"/t/{table}/dealer/undo", data={"seq": str(body["seq"])}, headers=HX)
    assert asked.status_code == 200 and 'data-testid="confirm"' in asked.get_data(as_text=True)
    assert "Undo the deal of hand 1: the blinds go back to Bia and Caio" in text(asked)
    assert state(client, table)["seq"] == body["seq"] and state(client, table)["phase"] == "bet"
    client.post(f"/t/{table}/dealer/undo", data={"seq": str(body["seq"]), "confirm": "yes"})
    assert state(client, table)["phase"] == "deal"
    nothing = client.post(f"/t/{table}/dealer/undo", data={"seq": str(state(client, table)["seq"])}, headers=HX)
    assert nothing.status_code == 409 and "Nothing to undo" in text(nothing)


# --- forms with and without htmx ------------------------------------------------------------------------------

def test_htmx_taps_get_the_console_state_and_its_zones_out_of_band(client: Any) -> None:
    table = create(client, ["Ana", "Bia"])
    answer = act(client, table, "deal", headers=HX)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="console-state"') and "<html" not in html
    assert answer.headers["X-Console-Seq"] == str(state(client, table)["seq"])
    zones = re.findall(r'<div id="zone-([a-z_]+)" class="zone" data-keep="[^"]+" hx-swap-oob="true">', html)
    assert {"top", "seats", "pots", "turn", "controls", "log"} <= set(zones)  # a console that showed none: all
    assert re.fullmatch(r"app;dur=\d+(\.\d+)?", answer.headers["Server-Timing"])
    assert "HX-Request" in answer.headers["Vary"]
    plain = act(client, table, "fold")
    assert plain.status_code == 303 and "Server-Timing" in plain.headers


def test_buttons_come_from_the_legal_actions_with_their_labels(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    page = client.get(f"/t/{table}/dealer")
    assert {"act-fold", "act-call", "act-raise", "act-misdeal", "undo"} <= set(ids_of(page))
    words = text(page)
    assert "Call 2" in words and "Raise to 4" in words and "3 raises left" in words
    ok(client, table, "raise")
    ok(client, table, "raise")  # Bia to 6
    ok(client, table, "raise")  # Caio to 8: capped
    page = client.get(f"/t/{table}/dealer")
    assert "act-raise" not in ids_of(page)
    assert "capped" in text(page) and "Raise not offered: betting is capped" in text(page)
    assert 'href="/rules#r08"' in page.get_data(as_text=True)


def test_the_draw_offers_pat_to_five_and_fold(client: Any) -> None:
    table = create(client, ["Ana", "Bia"], button=0)
    ok(client, table, "deal")
    ok(client, table, "call")
    ok(client, table, "check")
    page = client.get(f"/t/{table}/dealer")
    ids = ids_of(page)
    assert [tid for tid in ids if tid.startswith("draw-")] == [f"draw-{count}" for count in range(6)]
    assert "act-fold" in ids and "act-misdeal" not in ids
    body = ok(client, table, "draw", count="3")
    assert body["players"][1]["draws"] == [3]


def test_showdown_with_picked_and_typed_cards_and_a_refusal_that_keeps_the_picks(client: Any) -> None:
    table = at_showdown(client)
    body = state(client, table)
    first = body["to_act"]
    page = client.get(f"/t/{table}/dealer")
    assert "shows first" in text(page) and "act-show" in ids_of(page) and "act-muck" in ids_of(page)
    picks = [tid for tid in ids_of(page) if tid.startswith("pick-")]
    assert len(picks) == 52
    short = client.post(f"/t/{table}/dealer/act", data={"action": "show", "player": first, "seq": str(body["seq"]),
                                                         "card": ["7h", "5c", "4d", "3s"]}, headers=HX)
    assert short.status_code == 400 and "exactly 5 cards" in text(short)
    assert re.search(r'value="7h"\s+checked', short.get_data(as_text=True)), "the picks survive the refusal"
    shown = client.post(f"/t/{table}/dealer/act", data={"action": "show", "player": first, "seq": str(body["seq"]),
                                                         "card": ["7h", "5c", "4d", "3s"], "typed": "2c"})
    assert shown.status_code == 303
    page = client.get(f"/t/{table}/dealer")
    assert re.search(r'value="7h"\s+disabled', page.get_data(as_text=True)), "a shown card cannot be picked again"
    second = state(client, table)
    clash = client.post(f"/t/{table}/dealer/act", data={"action": "show", "player": second["to_act"],
                                                         "seq": str(second["seq"]), "typed": "7h 6c 4s 3c 2d"})
    assert clash.status_code == 409 and "already showed" in text(clash)
    ok(client, table, "show", typed="8h 6c 4s 3c 2d")
    ok(client, table, "muck")
    result = client.get(f"/t/{table}/dealer")
    words = text(result)
    assert "Hand 1 result" in words and f"{first}" in words and "7-5" in words
    assert "at the second card" in words or "beats" in words


def test_a_split_pot_names_the_odd_chip_and_why(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    ok(client, table, "call")  # Ana 2
    ok(client, table, "fold")  # Bia leaves her small blind: the pot is 5
    ok(client, table, "check")  # Caio
    for _ in range(3):
        ok(client, table, "draw", count="0")
        ok(client, table, "draw", count="0")
        ok(client, table, "check")
        ok(client, table, "check")
    ok(client, table, "show", typed="7h 5c 4d 3s 2c")
    ok(client, table, "show", typed="7d 5h 4s 3c 2h")
    words = text(client.get(f"/t/{table}/dealer"))
    assert "split" in words and "Caio 3" in words and "Ana 2" in words
    assert "Odd chip to Caio: the first tied player left of the button." in words


def test_misdeal_and_exposed_card_are_dealer_tools(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    asked = act(client, table, "misdeal", headers=HX)  # a rare input: the first tap only asks
    assert asked.status_code == 200 and 'data-testid="confirm-yes"' in asked.get_data(as_text=True)
    assert state(client, table)["misdeals"] == 0
    body = ok(client, table, "misdeal", confirm="yes")
    assert body["hand"] == 1 and body["misdeals"] == 1
    assert "Misdeal recorded: shuffle all 52 and deal again." in text(client.get(f"/t/{table}/dealer"))
    ok(client, table, "call")
    assert "act-misdeal" not in ids_of(client.get(f"/t/{table}/dealer"))
    ok(client, table, "call")
    ok(client, table, "check")
    for _ in range(3):
        ok(client, table, "draw", count="2")
    page = client.get(f"/t/{table}/dealer")
    assert {"exposed-Ana", "exposed-Bia", "exposed-Caio"} <= set(ids_of(page))
    assert "Deal plan, draw 1" in text(page) and "Serve Bia 2 cards" in text(page)
    assert act(client, table, "exposed", player="Caio").status_code == 200  # asks first
    body = ok(client, table, "exposed", player="Caio", confirm="yes")
    assert body["deck"]["burned"] == 2
    assert "Exposed card recorded" in text(client.get(f"/t/{table}/dealer"))


# --- the start screen -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("names, fields, sentence", [
    (["Ana"], {}, "A table has 2 to 6 players."),
    (["Ana", "ana"], {}, "Two players are called"),
    (["Ana", "Bia"], {"sb": "3", "bb": "2"}, "The small blind cannot be larger than the big blind."),
    (["Ana", "Bia"], {"hands": "ten"}, "must be a whole number"),
    (["Ana", "x" * 21], {}, "Player names have 1 to 20 characters"),
])
def test_start_form_shows_the_engines_sentence(client: Any, names: list[str], fields: dict[str, str],
                                               sentence: str) -> None:
    rows = names + [""] * (6 - len(names))
    data = {"name": rows, "player_stack": [""] * 6, "button": "lot", "stack": "100", **fields}
    answer = client.post("/new", data=data)
    assert answer.status_code == 400
    assert sentence in text(answer)
    assert 'data-testid="form-error"' in answer.get_data(as_text=True)
    assert f'value="{names[0]}"' in answer.get_data(as_text=True)  # the form keeps what was typed
    assert not [value for value in answer.headers.getlist("Set-Cookie") if value.startswith("dealer_")]


def test_start_form_per_player_stacks_and_chosen_button(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=1, stacks={2: 37})
    body = state(client, table)
    assert [player["stack"] for player in body["players"]] == [100, 100, 37]
    assert body["total"] == 237
    # The dealer chose the button, so nothing was drawn by lot: the log says who was named, citing R4.
    assert [(line["text"], line["ruling"]) for line in body["log"]] == [("First button named by the dealer: Bia", "R4")]
    body = ok(client, table, "deal")
    assert body["button"] == "Bia"


def test_seats_reorder_without_javascript(client: Any) -> None:
    data = {"name": ["Ana", "Bia", "Caio", "", "", ""], "player_stack": ["", "", "50", "", "", ""],
            "button": "2", "stack": "100", "move": "2:up"}
    answer = client.post("/new", data=data)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    names = re.findall(r'name="name" value="([^"]*)"', html)
    assert names[:3] == ["Ana", "Caio", "Bia"]
    assert re.findall(r'name="player_stack" value="([^"]*)"', html)[:3] == ["", "50", ""]
    assert re.search(r'name="button" value="1" checked', html), "the chosen button moves with its player"


def test_start_screen_lists_tables_in_progress_and_resumes_only_with_the_cookie(client: Any, other: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"])
    ok(client, table, "deal")
    mine = client.get("/")
    assert f"resume-{table}" in ids_of(mine) and "Hand 1 of 10" in text(mine)
    theirs = other.get("/")
    assert f"resume-{table}" not in ids_of(theirs) and f"watch-{table}" in ids_of(theirs)
    assert "Ana, Bia, Caio" in text(theirs)


def test_the_manifest_and_icons_are_served_locally(client: Any) -> None:
    manifest = client.get("/static/manifest.webmanifest")
    assert manifest.status_code == 200
    data = json.loads(manifest.get_data(as_text=True))
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes and data["display"] == "standalone"
    for icon in data["icons"]:
        answer = client.get(icon["src"])
        assert answer.status_code == 200, icon["src"]
        if icon["type"] == "image/png":
            assert answer.data[:8] == b"\x89PNG\r\n\x1a\n"
    page = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in page and "http://" not in re.sub(r'(href|src)="/', "", page).split("<main")[0] \
        .replace("http://www.w3.org", "")


def test_an_undone_input_stays_in_every_log_struck_through_with_its_time(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    ok(client, table, "raise")  # Ana raises to 4
    client.post(f"/t/{table}/dealer/undo", data={"seq": str(state(client, table)["seq"])})
    struck = re.compile(r'<li class="undone"[^>]*><s>Ana raises to 4</s> <span class="undone-mark">'
                        r'undone at \d\d:\d\d:\d\d</span>(?: <a class="to-step"[^>]*>▸</a>)?</li>')
    for page in (f"/t/{table}/dealer", f"/t/{table}", f"/t/{table}/log"):  # console, phones, every hand's log
        assert struck.search(client.get(page).get_data(as_text=True)), page
    assert "Redo: Ana raises to 4" in text(client.get(f"/t/{table}/dealer"))
    client.post(f"/t/{table}/dealer/redo", data={"seq": str(state(client, table)["seq"])})
    body = state(client, table)
    assert [line["text"] for line in body["log"]][-2:] == ["Ana raises to 4", "Ana raises to 4"]
    assert [line["undone"] is None for line in body["log"]][-2:] == [False, True] and body["redo"] is None


def test_a_console_tap_naming_a_player_in_decomposed_form_acts_for_that_player(client: Any) -> None:
    table = create(client, ["Jos\u00e9", "Bia"], button=0)
    ok(client, table, "deal")  # heads-up: José, on the button, posts the small blind and acts first
    after = ok(client, table, "fold", player="Jose\u0301")
    assert [line["text"] for line in after["log"]][-3:] == ["Jos\u00e9 folds", "1 uncalled returned to Bia",
                                                          "Bia wins the pot of 2"]
