"""Fuzz: no request body, however odd, ever produces a 500 (Flask test client on a real SQLite file)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web import create_app


@pytest.fixture
def app(tmp_path: Any) -> Any:
    """One table per example: more than one server's limit of tables in progress."""
    return create_app({"DATABASE": str(tmp_path / "dealer.sqlite3"), "TESTING": True, "MAX_TABLES_IN_PLAY": 10_000})

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
actions = st.sampled_from(["deal", "fold", "check", "call", "bet", "raise", "draw", "show", "muck", "misdeal",
                           "exposed", "", "DEAL", None, 3])
action_bodies = st.fixed_dictionaries(
    {"action": actions},
    optional={"player": st.sampled_from(["Ana", "Bia", "Caio", "", None, 7, "Zed"]) | st.text(max_size=25),
              "count": st.integers(-3, 9) | st.none() | st.text(max_size=3) | st.booleans(),
              "cards": st.text(max_size=25) | st.sampled_from(["7h5c4d3s2c", "7h 7h 4d 3s 2c", "Ah Kh"]),
              "seq": st.integers(-2, 50) | st.text(max_size=3) | st.none() | st.booleans()},
)
create_bodies = st.fixed_dictionaries(
    {},
    optional={"players": st.lists(st.text(max_size=22) | st.fixed_dictionaries(
        {"name": st.text(max_size=22)}, optional={"stack": json_values}), max_size=8) | json_values,
              "stack": json_values, "hands": json_values, "blinds": json_values, "limits": json_values,
              "raises": json_values, "button": json_values},
)
raw_bodies = st.binary(max_size=200) | json_values.map(lambda value: json.dumps(value).encode())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=action_bodies | json_values, raw=raw_bodies, create=create_bodies)
def test_no_body_ever_produces_a_server_error(client: Any, body: Any, raw: bytes, create: Any) -> None:
    created = client.post("/api/tables", json={"players": ["Ana", "Bia", "Caio"], "button": "Ana"}).get_json()
    table, token = created["table"], created["dealer_token"]
    headers = {"Authorization": f"Bearer {token}"}
    client.post(f"/api/tables/{table}/actions", json={"action": "deal"}, headers=headers)
    answers = [
        client.post(f"/api/tables/{table}/actions", json=body, headers=headers),
        client.post(f"/api/tables/{table}/actions", data=raw, headers=headers, content_type="application/json"),
        client.post(f"/api/tables/{table}/undo", data=raw, headers=headers, content_type="application/json"),
        client.post("/api/tables", json=create),
        client.post("/api/tables", data=raw, content_type="application/json"),
        client.post("/api/compare", json=body),
        client.post("/api/compare", json={"hands": body}),
    ]
    for answer in answers:
        assert answer.status_code < 500, answer.get_data(as_text=True)
        assert answer.status_code in (200, 201, 400, 401, 404, 409)
        if answer.status_code >= 400:
            assert isinstance(answer.get_json()["error"], str)
