"""Every limit refuses with a sentence and changes nothing: JSON depth, number size, form numbers in ASCII digits
only, body types, requests per client on the public pages (Flask test client on a real SQLite file)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from conftest import browser_client
from web import create_app


def new_table(client: Any) -> tuple[str, dict[str, str]]:
    created = client.post("/api/tables", json={"players": ["Ana", "Bia", "Caio"], "button": "Ana"}).get_json()
    return created["table"], {"Authorization": f"Bearer {created['dealer_token']}"}


def error(answer: Any) -> str:
    return str(answer.get_json()["error"])


@pytest.mark.parametrize("raw", [b"[" * 50_000, b'{"a":' * 10_000 + b"1" + b"}" * 10_000,
                                 b'{"action": "deal", "x": ' + b"[" * 17 + b"]" * 17 + b"}"])
def test_deeply_nested_json_is_refused_with_a_sentence(client: Any, raw: bytes) -> None:
    table, auth = new_table(client)
    for path in ("/api/tables", f"/api/tables/{table}/actions", f"/api/tables/{table}/undo", "/api/compare"):
        answer = client.post(path, data=raw, content_type="application/json", headers=auth)
        assert answer.status_code == 400, path
        assert error(answer) == "The request body nests deeper than 16 levels."
    assert client.get(f"/api/tables/{table}").get_json()["seq"] == 0


def test_brackets_inside_strings_do_not_count_as_nesting(client: Any) -> None:
    # (a name holds a letter or digit: issue 22)
    answer = client.post("/api/tables", json={"players": ["A" + "[" * 19, "B" + "{" * 18, "C" + "\\\"[" * 6]})
    assert answer.status_code == 201


@pytest.mark.parametrize("number", ["9" * 4301, "9" * 21, "1" + "0" * 400 + ".5", "1e99999999999999999999"])
def test_numbers_longer_than_20_characters_are_refused(client: Any, number: str) -> None:
    answer = client.post("/api/tables", data=f'{{"players": ["Ana", "Bia"], "stack": {number}}}',
                         content_type="application/json")
    assert answer.status_code == 400
    assert error(answer) == "Numbers in the body may have at most 20 characters."


def test_nan_and_infinity_are_not_json(client: Any) -> None:
    for constant in ("NaN", "Infinity", "-Infinity"):
        answer = client.post("/api/tables", data=f'{{"players": ["Ana", "Bia"], "stack": {constant}}}',
                             content_type="application/json")
        assert answer.status_code == 400 and error(answer) == "The request body is not valid JSON."


def start_form(**fields: Any) -> dict[str, Any]:
    form = {"name": ["Ana", "Bia", "", "", "", ""], "player_stack": [""] * 6, "button": "lot"}
    form.update(fields)
    return form


@pytest.mark.parametrize("digits", ["²", "⑨", "٣", "１２", "-3", "3.5", "5,00", "0x10", "1e9"])
def test_form_numbers_take_ascii_digits_only(client: Any, digits: str) -> None:
    for field in ("stack", "sb", "hands", "raises"):
        answer = client.post("/new", data=start_form(**{field: digits}))
        assert answer.status_code == 400, (field, digits)
        assert "must be a whole number." in answer.get_data(as_text=True)
    answer = client.post("/new", data=start_form(player_stack=[digits, "", "", "", "", ""]))
    assert answer.status_code == 400
    assert "must be a whole number." in answer.get_data(as_text=True)


@pytest.mark.parametrize("digits", ["9" * 4301, "1234567890123456", "5,000,000,000,000,000"])
def test_form_numbers_too_big_for_any_field_get_the_fields_maximum(client: Any, digits: str) -> None:
    for field in ("stack", "hands"):
        answer = client.post("/new", data=start_form(**{field: digits}))
        assert answer.status_code == 400, (field, digits)
        assert "must be a positive whole number up to" in answer.get_data(as_text=True)


@pytest.mark.parametrize("digits", ["²", "⑨", "٣"])
def test_console_numbers_take_ascii_digits_only(client: Any, digits: str) -> None:
    answer = client.post("/new", data=start_form())
    table = answer.headers["Location"].split("/t/")[1].split("/")[0]
    page = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    for fields in ({"action": "deal", "seq": digits}, {"action": "draw", "seq": "0", "count": digits}):
        refused = client.post(f"/t/{table}/dealer/act", data={**fields, "csrf_token": csrf})
        assert refused.status_code == 400, fields
    assert client.post(f"/t/{table}/dealer/undo", data={"seq": digits, "csrf_token": csrf}).status_code == 400
    moved = client.post("/new", data=start_form(move=f"{digits}:up"))
    assert moved.status_code == 200  # a seat move with a nonsense index moves nothing
    huge = client.post(f"/t/{table}/dealer/act", data={"action": "deal", "seq": "9" * 4301, "csrf_token": csrf})
    assert huge.status_code == 409 and "out of date" in huge.get_data(as_text=True)  # no such screen
    assert client.get(f"/api/tables/{table}").get_json()["seq"] == 0


def test_json_routes_refuse_other_body_types_with_415(client: Any) -> None:
    table, auth = new_table(client)
    for path in ("/api/tables", f"/api/tables/{table}/actions", f"/api/tables/{table}/undo", "/api/compare"):
        for kind in ("text/plain", "application/x-www-form-urlencoded"):
            answer = client.post(path, data='{"action": "deal"}', content_type=kind, headers=auth)
            assert answer.status_code == 415, (path, kind)
            assert error(answer).startswith("This address reads only JSON bodies (Content-Type: application/json)")
    empty = client.post(f"/api/tables/{table}/undo", headers=auth)  # no body, no type: nothing to misread
    assert empty.status_code == 409
    assert client.get(f"/api/tables/{table}").get_json()["seq"] == 0


@pytest.fixture
def limited(tmp_path: Any) -> Any:
    return create_app({"DATABASE": str(tmp_path / "rates.sqlite3"), "TESTING": True, "CLIENT_RATE": (0.5, 3),
                       "CLIENT_RATE_EXEMPT": ()})


def test_a_device_reading_too_fast_is_slowed_down_with_a_sentence(limited: Any) -> None:
    dealer = browser_client(limited)
    table, _ = new_table(dealer)
    phone = limited.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.50"
    statuses = [phone.get(f"/api/tables/{table}").status_code for _ in range(5)]
    assert statuses[:3] == [200, 200, 200] and statuses[3:] == [429, 429]
    refused = phone.get(f"/api/tables/{table}")
    assert refused.headers["Retry-After"] == "1"
    assert error(refused) == "Too many requests from this device; wait a second and try again."
    poll = phone.get(f"/t/{table}/live?seq=0")
    assert poll.status_code == 204, "a throttled phone's poll changes nothing on its screen"
    other_phone = limited.test_client()
    other_phone.environ_base["REMOTE_ADDR"] = "192.168.1.51"
    assert other_phone.get(f"/t/{table}").status_code == 200, "each device has its own allowance"


def test_the_dealers_console_and_writes_are_never_throttled(limited: Any) -> None:
    dealer = browser_client(limited)
    dealer.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    answer = dealer.post("/new", data=start_form())
    table = answer.headers["Location"].split("/t/")[1].split("/")[0]
    assert all(dealer.get(f"/t/{table}/dealer").status_code == 200 for _ in range(8))


def test_the_laptop_itself_is_not_throttled_by_default(client: Any) -> None:
    table, _ = new_table(client)
    assert {client.get(f"/t/{table}").status_code for _ in range(80)} == {200}
