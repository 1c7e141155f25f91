"""Read-only by construction: walk every route of the app and prove that nothing without the dealer token
changes a table, and that the player routes answer GET only.

The walk is over ``app.url_map``, so a route added later (by anyone) is checked without touching this file.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from web.service import service

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
READS = {"GET", "HEAD", "OPTIONS"}
TABLE_ARGUMENTS = ("table_id", "table")


@pytest.fixture
def tables(app: Flask) -> dict[str, Any]:
    """Two tables mid-hand: A is the target, B's token is "a token, but not this table's"."""
    found: dict[str, Any] = {}
    with app.test_request_context():
        for key, players in (("A", ["Ana", "Bia", "Caio"]), ("B", ["Davi", "Eva"])):
            table_id, token, _ = service().create({"players": players, "button": players[0]})
            service().act(table_id, token, {"action": "deal"})
            found[key] = (table_id, token)
    return found


def snapshot(app: Flask) -> dict[str, Any]:
    """Every table's seq, STATE and stored log length: anything a write could have changed."""
    with app.test_request_context():
        svc = service()
        return {table_id: (game.seq, json.dumps(svc.json_state(table_id, lambda text: text), sort_keys=True),
                           len(svc.store.entries(table_id)))
                for table_id, game in svc.tables()}


def arguments(rule: Rule, table_id: str) -> dict[str, str]:
    values = {}
    for name in rule.arguments:
        if name in TABLE_ARGUMENTS:
            values[name] = table_id
        elif name == "filename":
            values[name] = "css/app.css"
        elif name == "code":
            values[name] = "en"
        else:
            values[name] = "x"
    return values


def url(app: Flask, rule: Rule, table_id: str) -> str:
    with app.test_request_context():
        adapter = app.url_map.bind("localhost")
        return adapter.build(rule.endpoint, arguments(rule, table_id), method=sorted(rule.methods or [])[0])


def write_rules(app: Flask) -> list[Rule]:
    return [rule for rule in app.url_map.iter_rules() if (rule.methods or set()) & WRITES]


def dealer_cookie_name(app: Flask, table_id: str) -> str:
    """The name of the dealer cookie for ``table_id``, learnt from the Set-Cookie header of a real table creation
    on the start screen (no private name of the console module), so the cookie variants below can never be
    dropped silently: if the start screen stops setting a per-table cookie, this fails."""
    device = app.test_client()
    created = device.post("/new", data={"name": ["Gil", "Hana", "", "", "", ""], "player_stack": [""] * 6,
                                        "button": "0", "stack": "100"}, headers={"Origin": "http://localhost"})
    assert created.status_code == 303, created.get_data(as_text=True)[:500]
    new_table = created.headers["Location"].rstrip("/").split("/")[-2]
    names = [header.split("=", 1)[0].strip() for header in created.headers.getlist("Set-Cookie")]
    per_table = [name for name in names if new_table in name]
    assert len(per_table) == 1, f"creating table {new_table} set the cookies {names}: which one is the dealer's?"
    return per_table[0].replace(new_table, table_id)


def credentials(cookie: str, other_token: str) -> list[tuple[str, dict[str, str], dict[str, str]]]:
    """(label, headers, cookies) of requests that do not hold this table's token (``cookie``: its dealer cookie)."""
    return [
        ("nothing", {}, {}),
        ("another table's bearer token", {"Authorization": f"Bearer {other_token}"}, {}),
        ("a made-up bearer token", {"Authorization": "Bearer not-the-token"}, {}),
        ("an empty bearer token", {"Authorization": "Bearer "}, {}),
        ("another table's token in the dealer cookie", {}, {cookie: other_token}),
        ("a made-up dealer cookie", {}, {cookie: "not-the-token"}),
        ("an empty dealer cookie", {}, {cookie: ""}),
    ]


def bodies(app: Flask, table_id: str) -> list[dict[str, Any]]:
    """Bodies that the dealer's own device would send successfully right now (JSON and form)."""
    with app.test_request_context():
        state = service().json_state(table_id, lambda text: text)
    action = {"action": "call", "player": state["to_act"], "seq": state["seq"]}
    return [{"json": action}, {"data": {key: str(value) for key, value in action.items()}}]


def send(client: FlaskClient, method: str, path: str, headers: dict[str, str], cookies: dict[str, str],
         body: dict[str, Any]) -> Any:
    jar = client._cookies  # private, but there is no public way to forget every cookie of a test client
    assert jar is not None, "the test client keeps cookies"
    jar.clear()  # every variant starts from a device with no cookie at all
    for name, value in cookies.items():
        client.set_cookie(name, value)
    return client.open(path, method=method, headers=dict(headers, Origin="http://localhost"), **body)


def test_there_are_write_routes_to_check(app: Flask) -> None:
    endpoints = {rule.endpoint for rule in write_rules(app)}
    assert {"api.act", "api.undo"} <= endpoints  # the walk below really walks something


def test_every_write_without_the_token_is_refused_and_changes_nothing(app: Flask, client: FlaskClient,
                                                                       tables: dict[str, Any]) -> None:
    target, _ = tables["A"]
    _, other_token = tables["B"]
    cookie = dealer_cookie_name(app, target)
    before = snapshot(app)
    checked = 0
    for rule in write_rules(app):
        path = url(app, rule, target)
        for method in sorted((rule.methods or set()) & WRITES):
            for label, headers, cookies in credentials(cookie, other_token):
                for body in bodies(app, target):
                    answer = send(client, method, path, headers, cookies, body)
                    where = f"{method} {path} with {label} ({rule.endpoint})"
                    if any(name in rule.arguments for name in TABLE_ARGUMENTS):
                        assert 400 <= answer.status_code < 500, f"{where}: {answer.status_code}"
                    after = snapshot(app)
                    changed = {table_id for table_id in before if after.get(table_id) != before[table_id]}
                    assert not changed, f"{where} changed {changed}"
                    checked += 1
    assert checked >= 2 * 7 * 2  # at least the API's act and undo, every credential, JSON and form


def test_the_same_write_with_the_token_works(app: Flask, client: FlaskClient, tables: dict[str, Any]) -> None:
    """The control for the test above: its requests were refused for the token alone, not for their body."""
    target, token = tables["A"]
    body = bodies(app, target)[0]
    answer = client.post(f"/api/tables/{target}/actions", headers={"Authorization": f"Bearer {token}"}, **body)
    assert answer.status_code == 200
    assert snapshot(app)[target][0] == 2


def test_the_same_console_write_with_the_dealer_cookie_works(app: Flask, client: FlaskClient,
                                                             tables: dict[str, Any]) -> None:
    """The control for the cookie variants: the learnt name with this table's token is the dealer's device."""
    target, token = tables["A"]
    cookie = dealer_cookie_name(app, target)
    body = bodies(app, target)[1]
    answer = send(client, "POST", f"/t/{target}/dealer/act", {}, {cookie: token}, body)
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)[:500]
    assert snapshot(app)[target][0] == 2


def test_every_get_route_changes_nothing(app: Flask, client: FlaskClient, tables: dict[str, Any]) -> None:
    target, _ = tables["A"]
    before = snapshot(app)
    seen = 0
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or set()):
            continue
        path = url(app, rule, target)
        for query in ("", "?seq=0", "?token=not-the-token&next=/"):
            answer = client.get(path + query)
            assert answer.status_code < 500, f"GET {path}{query}: {answer.status_code}"
            seen += 1
    assert seen > 10
    assert snapshot(app) == before


def test_player_routes_accept_only_get(app: Flask, client: FlaskClient, tables: dict[str, Any]) -> None:
    target, _ = tables["A"]
    rules = [rule for rule in app.url_map.iter_rules() if rule.endpoint.startswith("player.")]
    assert {rule.endpoint for rule in rules} >= {"player.table", "player.live", "player.tables", "player.log"}
    before = snapshot(app)
    for rule in rules:
        assert (rule.methods or set()) <= READS, rule
        path = url(app, rule, target)
        for method in sorted(WRITES):
            assert client.open(path, method=method, json={"action": "deal"}).status_code == 405, (method, path)
    assert snapshot(app) == before


def test_player_pages_are_served_under_t_and_never_under_the_dealer_paths(app: Flask) -> None:
    for rule in app.url_map.iter_rules():
        if rule.endpoint.startswith("player."):
            assert rule.rule.startswith("/t/") and "dealer" not in rule.rule and "join" not in rule.rule
