"""The hand histories on the API (public, like the STATE), the night's report, and the past sessions on the start
screen: export, import, archive, delete."""

from __future__ import annotations

import io
import json
import re
import time
from typing import Any

import pytest

from conftest import Api

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit reads the PHH files back")


def short_session(api: Api, hands: int = 2) -> tuple[str, str]:
    """Two hands: Ana raises and Bia folds, then a showdown after checks."""
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana", hands=hands)
    api.ok(table, token, "deal")
    for player, action in (("Ana", "raise"), ("Bia", "fold"), ("Caio", "fold")):
        api.ok(table, token, action, player=player)
    api.ok(table, token, "deal")  # button Bia: Caio small blind, Ana big blind
    api.ok(table, token, "call", player="Bia")
    api.ok(table, token, "call", player="Caio")
    api.ok(table, token, "check", player="Ana")
    while (state := api.state(table))["phase"] in ("draw", "bet"):
        name = state["to_act"]
        api.ok(table, token, "draw", player=name, count=1) if state["phase"] == "draw" else \
            api.ok(table, token, "check", player=name)
    cards = iter(("7h 5c 4d 3s 2c", "8h 6c 4c 3d 2d", "9h 7c 5d 4s 3h"))
    while (state := api.state(table))["phase"] == "showdown":
        api.ok(table, token, "show", player=state["to_act"], cards=next(cards))
    return table, token


def get_text(api: Api, path: str) -> tuple[int, str, Any]:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(api.base + path, timeout=10) as answer:
            return answer.status, answer.read().decode(), answer.headers
    except urllib.error.HTTPError as failure:
        return failure.code, failure.read().decode(), failure.headers


def test_each_hand_and_the_session_as_text_and_as_phh_are_public(api: Api) -> None:
    table, _ = short_session(api)
    status, first, headers = get_text(api, f"/api/tables/{table}/hands/1.txt")
    assert status == 200 and headers["Content-Type"].startswith("text/plain")
    assert first.startswith("Triple Draw Dealer Hand #1:  Triple Draw 2-7 Lowball Limit (2/4) - ")
    assert "Uncalled bet (2) returned to Ana" in first and "Ana collected 5 from pot" in first
    _, second, _ = get_text(api, f"/api/tables/{table}/hands/2.txt")
    assert "*** SHOW DOWN ***" in second and "Seat #2 is the button" in second
    _, whole, _ = get_text(api, f"/api/tables/{table}/hands.txt")
    assert whole == first + "\n\n" + second  # hands separated by blank lines, as PokerStars files are
    status, one, _ = get_text(api, f"/api/tables/{table}/hands/2.phh")
    history = pokerkit.HandHistory.loads(one)
    assert status == 200 and history.variant == "F2L3D" and history.hand == 2
    _, session, _ = get_text(api, f"/api/tables/{table}/hands.phhs")
    assert [h.hand for h in pokerkit.HandHistory.loads_all(session)] == [1, 2]
    stacks = {player["name"]: player["stack"] for player in api.state(table)["players"]}
    assert history.finishing_stacks == [stacks[name] for name in history.players]
    status, body = api.request("GET", f"/api/tables/{table}/hands/3.txt")
    assert status == 404 and "no hand 3" in body["error"]
    assert api.request("GET", "/api/tables/zzzzzz/hands.txt")[0] == 404


def test_the_report_shows_each_players_night_and_links_every_hand(client: Any) -> None:
    created = client.post("/api/tables", json={"players": ["Ana", "Bia"], "button": "Ana", "hands": 2}).get_json()
    table, headers = created["table"], {"Authorization": f"Bearer {created['dealer_token']}"}
    for move in ({"action": "deal"}, {"action": "fold", "player": "Ana"}, {"action": "deal"},
                 {"action": "fold", "player": "Bia"}):
        assert client.post(f"/api/tables/{table}/actions", json=move, headers=headers).status_code == 200
    page = client.get(f"/t/{table}/report").get_data(as_text=True)
    assert re.search(r'data-testid="played-Ana">2<', page) and re.search(r'data-testid="won-Bia">1<', page)
    assert re.search(r'data-testid="showdowns-Bia">0<', page) and re.search(r'data-testid="biggest-Bia">2<', page)
    assert re.search(r'data-testid="change-Ana">±0<', page)
    assert f"/api/tables/{table}/hands/1.txt" in page and f"/api/tables/{table}/hands/2.txt" in page
    assert 'data-testid="standing-Ana"' in page and "1=" in page  # equal stacks share the first place (R20)


def dealer_client(client: Any, hands: int = 1) -> tuple[str, str]:
    created = client.post("/api/tables", json={"players": ["Ana", "Bia"], "button": "Ana", "hands": hands}).get_json()
    client.set_cookie(f"dealer_{created['table']}", created["dealer_token"])
    return created["table"], created["dealer_token"]


def finish(client: Any, table: str, token: str) -> None:
    for move in ({"action": "deal"}, {"action": "fold", "player": "Ana"}):
        client.post(f"/api/tables/{table}/actions", json=move, headers={"Authorization": f"Bearer {token}"})


def test_the_start_screen_lists_tables_in_progress_and_finished_apart_and_archives_a_finished_one(client: Any) -> None:
    running, _ = dealer_client(client)
    done, token = dealer_client(client)
    finish(client, done, token)
    page = client.get("/").get_data(as_text=True)
    progress, finished = page.split('data-testid="tables-finished"')
    assert f'data-testid="table-{running}"' in progress and f'data-testid="finished-{done}"' in finished
    assert client.post(f"/t/{running}/archive").status_code == 409  # only a finished session
    assert client.post(f"/t/{done}/archive").status_code == 303
    page = client.get("/").get_data(as_text=True)
    lists, archived = page.split('data-testid="tables-archived"')
    assert done not in lists and running in lists
    assert f'data-testid="archived-{done}"' in archived and f'data-testid="unarchive-{done}"' in archived
    assert done not in client.get("/t/").get_data(as_text=True)
    assert client.get(f"/t/{done}/report").status_code == 200  # still reachable by link
    assert client.get(f"/api/tables/{done}/hands/1.txt").status_code == 200
    assert client.application.test_client().post(f"/t/{done}/unarchive").status_code == 403  # the dealer's
    assert client.post(f"/t/{done}/unarchive").status_code == 303
    lists, archived = client.get("/").get_data(as_text=True).split('data-testid="tables-archived"')
    assert f'data-testid="finished-{done}"' in lists and done not in archived


def test_sessions_carry_the_date_they_started_and_finished_ones_when_they_ended(client: Any) -> None:
    running, _ = dealer_client(client)
    done, token = dealer_client(client)
    finish(client, done, token)
    page = client.get("/").get_data(as_text=True)
    started = re.search(rf'data-testid="dates-{running}">Started ([^<]+)<', page)
    ended = re.search(rf'data-testid="dates-{done}">Started ([^<]+) · ended ([^<]+)<', page)
    assert started and ended, page
    year = str(time.localtime().tm_year)
    assert year in started[1] and year in ended[1] and year in ended[2]
    report = client.get(f"/t/{done}/report").get_data(as_text=True)
    assert re.search(r'data-testid="report-dates">Started [^<]+ · ended [^<]+<', report)
    log = client.get(f"/t/{done}/log").get_data(as_text=True)
    assert re.search(r'data-testid="log-dates">Started [^<]+ · ended [^<]+<', log)
    assert re.search(r'data-testid="log-dates">Started [^<]+<', client.get(f"/t/{running}/log/1").get_data(as_text=True)
                     ) is None  # a hand not dealt: no log, no dates
    assert "ended" not in re.search(r'data-testid="log-dates">([^<]+)<',
                                    client.get(f"/t/{running}/log").get_data(as_text=True))[1]
    portuguese = client.get("/", headers={"Accept-Language": "pt"}).get_data(as_text=True)
    assert re.search(rf'data-testid="dates-{done}">Começou [^<]+ de {year}', portuguese), portuguese


def test_delete_asks_first_and_needs_the_dealers_key(client: Any) -> None:
    table, _ = dealer_client(client)
    confirm = client.get(f"/t/{table}/delete")
    assert confirm.status_code == 200 and "Delete for good" in confirm.get_data(as_text=True)
    assert client.post(f"/t/{table}/delete").status_code == 200  # no confirm: still asks, nothing deleted
    assert client.get(f"/api/tables/{table}").status_code == 200
    stranger = client.application.test_client()
    assert stranger.post(f"/t/{table}/delete", data={"confirm": "yes"}).status_code == 403
    assert client.post(f"/t/{table}/delete", data={"confirm": "yes"}).status_code == 303
    assert client.get(f"/api/tables/{table}").status_code == 404


def test_export_and_import_through_the_start_screen(client: Any) -> None:
    table, token = dealer_client(client, hands=3)
    finish(client, table, token)
    download = client.get(f"/t/{table}/export")
    assert download.status_code == 200 and "attachment" in download.headers["Content-Disposition"]
    document = download.get_json()
    twice = client.post("/import", data={"session": (io.BytesIO(json.dumps(document).encode()), "night.json")},
                        content_type="multipart/form-data")
    assert twice.status_code == 409
    assert f"This session is already on this server, as table {table}" in twice.get_data(as_text=True)
    assert client.post(f"/t/{table}/delete", data={"confirm": "yes"}).status_code == 303
    moved = client.post("/import", data={"session": (io.BytesIO(json.dumps(document).encode()), "night.json")},
                        content_type="multipart/form-data")
    assert moved.status_code == 303
    copy_id = moved.headers["Location"].split("/")[2]
    assert copy_id == table  # its code was free again: the phones' QR code stays the same
    assert client.get(moved.headers["Location"]).status_code == 200  # this device holds the new table's key
    assert client.get(f"/api/tables/{copy_id}").get_json()["seq"] == document["seq"]
    document["log"][-1]["player"] = "Bia"
    refused = client.post("/import", data={"session": (io.BytesIO(json.dumps(document).encode()), "night.json")},
                          content_type="multipart/form-data")
    assert refused.status_code == 400 and "changed or cut short" in refused.get_data(as_text=True)
    assert client.application.test_client().get(f"/t/{table}/export").status_code == 403
