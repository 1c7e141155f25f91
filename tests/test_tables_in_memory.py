"""Finished tables do not stay in memory without need (issue 22): the games of tables in progress stay, and of the
finished ones only the few opened last; the lists show every table from a small summary, and a finished table
opened again is read back from SQLite with the right content."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web import create_app
from web.service import TableService
from web.store import Store

KEEP = 2


def finished_in_memory(tables: TableService) -> list[str]:
    return [table_id for table_id, over in tables.games_in_memory().items() if over]


def make_app(tmp_path: Path) -> Any:
    return create_app({"DATABASE": str(tmp_path / "dealer.sqlite3"), "TESTING": True, "KEEP_FINISHED_TABLES": KEEP})


def create(client: Any, name: str) -> tuple[str, dict[str, str]]:
    created = client.post("/api/tables", json={"players": ["Ana", name], "button": "Ana", "hands": 1}).get_json()
    return created["table"], {"Authorization": f"Bearer {created['dealer_token']}"}


def finish(client: Any, table: str, headers: dict[str, str]) -> None:
    for move in ({"action": "deal"}, {"action": "fold", "player": "Ana"}):
        assert client.post(f"/api/tables/{table}/actions", json=move, headers=headers).status_code == 200


def test_listing_and_opening_many_finished_tables_keeps_only_a_few_games_and_every_one_still_opens(
        tmp_path: Path) -> None:
    app = make_app(tmp_path)
    client = app.test_client()
    tables: TableService = app.extensions["tables"]
    running, running_headers = create(client, "Rui")
    client.post(f"/api/tables/{running}/actions", json={"action": "deal"}, headers=running_headers)
    done = {}
    for number in range(6):
        table, headers = create(client, f"Guest{number}")
        finish(client, table, headers)
        done[table] = f"Guest{number}"
        assert len(finished_in_memory(tables)) <= KEEP
    start = client.get("/").get_data(as_text=True)
    phones = client.get("/t/").get_data(as_text=True)
    for table, name in done.items():
        assert f'data-testid="finished-{table}"' in start and name in start and table in phones
    assert f'data-testid="table-{running}"' in start and "Rui" in start
    assert len(finished_in_memory(tables)) <= KEEP and tables.games_in_memory()[running] is False
    for table, name in done.items():
        report = client.get(f"/t/{table}/report")
        assert report.status_code == 200 and name in report.get_data(as_text=True)
        history = client.get(f"/api/tables/{table}/hands/1.txt").get_data(as_text=True)
        assert "Ana: folds" in history and f"{name} collected 2 from pot" in history, history
        assert client.get(f"/api/tables/{table}").get_json()["phase"] == "over"
        assert len(finished_in_memory(tables)) <= KEEP
        assert tables.games_in_memory()[running] is False  # a table in progress is never let go
    assert client.get(f"/api/tables/{running}").get_json()["phase"] == "bet"


def test_a_server_started_on_many_finished_tables_lists_them_without_keeping_their_games(tmp_path: Path) -> None:
    path = str(tmp_path / "dealer.sqlite3")
    first = TableService(Store(path))
    ids = []
    for number in range(5):
        table, token, _ = first.create({"players": ["Ana", f"Guest{number}"], "button": "Ana", "hands": 1})
        first.act(table, token, {"action": "deal"})
        first.act(table, token, {"action": "fold", "player": "Ana"})
        ids.append(table)
    first.store.close()
    again = TableService(Store(path), keep_finished=KEEP)
    assert again.warm_up() == []  # none in progress
    listed = dict(again.tables())
    assert sorted(listed) == sorted(ids) and all(summary.over for summary in listed.values())
    assert {listed[table].players[1] for table in ids} == {f"Guest{number}" for number in range(5)}
    assert all(listed[table].ended is not None and listed[table].hand_number == 1 for table in ids)
    assert finished_in_memory(again) == [] and again.in_play() == 0
    for table in ids:
        assert again.access(table).record().hands[0].number == 1
        assert len(finished_in_memory(again)) <= KEEP


def test_a_request_holding_a_finished_table_that_leaves_memory_changes_the_table_the_server_holds(
        tmp_path: Path) -> None:
    path = str(tmp_path / "dealer.sqlite3")
    tables = TableService(Store(path), keep_finished=1)
    made = []
    for number in range(3):
        table, token, _ = tables.create({"players": ["Ana", f"Guest{number}"], "button": "Ana", "hands": 1})
        tables.act(table, token, {"action": "deal"})
        tables.act(table, token, {"action": "fold", "player": "Ana"})
        made.append((table, token))
    (table, token), (other, _), (third, _) = made
    held = tables.access(table, token)  # a request has the table ...
    tables.access(other)
    tables.access(third)  # ... while two other finished tables are opened: it leaves memory
    assert table not in tables.games_in_memory()
    assert held.record().hands[0].number == 1  # the request reads on from what it holds
    held.undo()  # and its change goes to the table as the server holds it, from SQLite
    assert tables.access(table).game.over is False and tables.seq(table) == 3
    for _ in range(3):  # back in progress: never let go, however many finished tables are opened
        tables.access(other)
        tables.access(third)
        assert tables.games_in_memory()[table] is False
    tables.act(table, token, {"action": "fold", "player": "Ana"})
    tables.store.close()
    reread = TableService(Store(path))
    assert reread.seq(table) == 4 and reread.game(table).over


def test_an_imported_table_is_listed_from_the_import_process_and_replayed_here_when_first_opened(
        tmp_path: Path) -> None:
    path = str(tmp_path / "dealer.sqlite3")
    tables = TableService(Store(path), keep_finished=KEEP)
    documents = []
    for hands in (1, 2):  # one finished, one still in progress
        table, token, _ = tables.create({"players": ["Ana", "Bia"], "button": "Ana", "hands": hands})
        tables.act(table, token, {"action": "deal"})
        tables.act(table, token, {"action": "fold", "player": "Ana"})
        documents.append(tables.access(table, token).export())
        tables.remove(table)
    made = [tables.import_session(document)[0] for document in documents]
    assert not set(made) & set(tables.games_in_memory())  # imported, not replayed here
    listed = dict(tables.tables())
    tables.store.close()
    fresh = dict(TableService(Store(path)).tables())  # a server that replays them to list them
    assert [listed[table] for table in made] == [fresh[table] for table in made]
    assert [listed[table].over for table in made] == [True, False]
