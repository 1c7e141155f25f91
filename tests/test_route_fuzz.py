"""Fuzz every route of ``app.url_map``: no input, however odd, gets a 500 (Flask test client, real SQLite file).

Each example sends one request to every route with every method it takes: JSON bodies (deep nesting, Unicode and
huge numbers, nulls, wrong types, unknown fields) under several Content-Types, form bodies with the console's
fields and odd values, with and without the dealer's cookie, the CSRF token and the Bearer token, and odd query
strings. The test counts the requests and needs at least 5,000: 100 examples, each sending one to three requests to
each of the 44 routes (about 6,000), the same examples every run. It took 420 when there were fewer routes; at 44
routes that was 25,000 requests and the slowest test of the suite (docs/TESTING.md).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import browser_client
from web import create_app

MIN_REQUESTS = 5000

odd_numbers = st.sampled_from(["²", "⑨", "٣", "１２", "9" * 5000, "-0", "+3", "1e9", "0x10", " 7 ", "", "-", "3.5",
                               "NaN", "∞", "\u0000", "9" * 12])
odd_texts = st.text(max_size=12) | odd_numbers | st.sampled_from(["deal", "call", "raise", "draw", "show", "Ana",
                                                                   "lot", "0", "1:up", "9:down", "²:up", "7h5c4d3s2c"])
json_leaves = (st.none() | st.booleans() | st.integers() | st.integers(10**20, 10**40) | st.floats()
               | st.text(max_size=12) | odd_numbers)
json_values = st.recursive(json_leaves, lambda children: st.lists(children, max_size=4)
                           | st.dictionaries(st.text(max_size=8) | st.sampled_from(
                               ["players", "action", "player", "count", "seq", "cards", "hands", "stack", "name"]),
                               children, max_size=4), max_leaves=12)
deep = st.integers(10, 60_000).map(lambda depth: ("[" * depth).encode())
deep_objects = st.integers(10, 20_000).map(lambda depth: ('{"a":' * depth + "1" + "}" * depth).encode())
huge_number = st.integers(20, 20_000).map(lambda digits: ('{"players": ["Ana", "Bia"], "stack": ' + "9" * digits
                                                          + "}").encode())
raw_bodies = (json_values.map(lambda value: json.dumps(value).encode()) | deep | deep_objects | huge_number
              | st.binary(max_size=60))
content_types = st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded",
                                 "multipart/form-data", "application/json; charset=utf-16", None])
form_fields = st.dictionaries(
    st.sampled_from(["name", "player_stack", "sb", "bb", "small", "big", "raises", "hands", "stack", "button", "move",
                     "seq", "action", "player", "count", "card", "typed", "csrf_token", "hand1", "hand2", "token"]),
    odd_texts, max_size=8)
credentials = st.fixed_dictionaries({"cookie": st.booleans(), "csrf": st.sampled_from(["right", "wrong", None]),
                                     "bearer": st.booleans(),
                                     "origin": st.sampled_from(["http://localhost", "null", "http://evil.test", None]),
                                     "fetch_site": st.sampled_from(["same-origin", "cross-site", "same-site", None])})
queries = st.dictionaries(st.sampled_from(["seq", "token", "next", "hand1", "hand2", "lang"]), odd_texts, max_size=3)


@pytest.fixture
def fuzz_app(tmp_path: Any) -> Any:
    return create_app({"DATABASE": str(tmp_path / "dealer.sqlite3"), "TESTING": True, "MAX_TABLES_IN_PLAY": 10_000})


def route_urls(app: Any, table: str) -> list[tuple[str, str]]:
    """(method, url) for every route, its arguments filled with the real table (or a real static file)."""
    values = {"table_id": table, "filename": "css/app.css", "code": "pt", "name": "SUMMARY-en.md"}
    found = []
    for rule in app.url_map.iter_rules():
        url = rule.rule
        for argument in rule.arguments:
            url = url.replace(f"<{argument}>", values.get(argument, "x")).replace(f"<path:{argument}>",
                                                                                    values.get(argument, "x"))
        for method in sorted((rule.methods or set()) - {"OPTIONS", "HEAD"}):
            found.append((method, url))
    return found


def test_no_route_ever_answers_500(fuzz_app: Any) -> None:
    dealer = browser_client(fuzz_app)
    answer = dealer.post("/new", data={"name": ["Ana", "Bia", "Caio"], "player_stack": ["", "", ""], "button": "0",
                                       "csrf_token": "x"}, headers={"Origin": "http://localhost"})
    created = dealer.post("/api/tables", json={"players": ["Ana", "Bia", "Caio"], "button": "Ana"}).get_json()
    table, token = created["table"], created["dealer_token"]
    dealer.get(f"/t/{table}/join?token={token}")
    console = dealer.get(f"/t/{table}/dealer").get_data(as_text=True)
    csrf = console.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    assert answer.status_code in (303, 403)
    routes = route_urls(fuzz_app, table)
    assert len(routes) >= 15
    sent = [0]

    @settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(raw=raw_bodies, value=json_values, kind=content_types, form=form_fields, who=credentials, query=queries)
    def fuzz(raw: bytes, value: Any, kind: str | None, form: dict[str, str], who: dict[str, Any],
             query: dict[str, str]) -> None:
        device = dealer if who["cookie"] else fuzz_app.test_client()
        headers: dict[str, str] = {}
        if who["origin"]:
            headers["Origin"] = who["origin"]
        if who["fetch_site"]:
            headers["Sec-Fetch-Site"] = who["fetch_site"]
        if who["bearer"]:
            headers["Authorization"] = f"Bearer {token}"
        if who["csrf"]:
            headers["X-CSRF-Token"] = csrf if who["csrf"] == "right" else csrf[::-1]
        for method, url in routes:
            if method == "GET":
                answers = [device.get(url, query_string=query, headers=headers)]
            elif url.startswith("/api/"):
                answers = [device.post(url, data=raw, headers=headers, content_type=kind),
                           device.post(url, json=value, headers=headers)]
            else:
                answers = [device.post(url, data=form, headers=headers),
                           device.post(url, data=raw, headers=headers, content_type=kind)]
            for got in answers:
                sent[0] += 1
                assert got.status_code < 500, (method, url, got.status_code, got.get_data(as_text=True)[:400])
                if url.startswith("/api/") and got.status_code >= 400:
                    assert isinstance(got.get_json()["error"], str), (method, url)

    fuzz()
    assert sent[0] >= MIN_REQUESTS, sent[0]
