"""The record around the night in a real browser (Debian's Chromium) against a real server on 127.0.0.1: a finished
session carries its dates, leaves the lists for "Archived sessions" and comes back; importing a session already here
says so; the TV lists a draw in the order players announce."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import Api, ServerProcess
from web.tablet import cookie_name

pytestmark = pytest.mark.browser

WAIT = 15_000  # ms an outcome may take to show before the test gives up (not a speed goal)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


def finished_table(api: Api) -> tuple[str, str]:
    table, token, _ = api.create(["Ana", "Bia"], button="Ana", hands=1)
    api.ok(table, token, "deal")
    api.ok(table, token, "fold", player="Ana")
    return table, token


def hold_key(page: Any, server: ServerProcess, table: str, token: str) -> None:
    """This browser is the table's dealer device (as after "Start the table" or "Continue on another tablet")."""
    page.context.add_cookies([{"name": cookie_name(table), "value": token, "url": server.base}])


def test_a_finished_session_shows_its_dates_is_archived_and_comes_back(page: Any, server: ServerProcess,
                                                                       api: Api) -> None:
    table, token = finished_table(api)
    hold_key(page, server, table, token)
    page.goto(f"{server.base}/")
    row = page.get_by_test_id(f"finished-{table}")
    row.wait_for(timeout=WAIT)
    assert re.fullmatch(r"Started .+ · ended .+", page.get_by_test_id(f"dates-{table}").inner_text().strip())
    page.get_by_test_id(f"archive-{table}").click()
    archived = page.get_by_test_id("tables-archived").get_by_test_id(f"archived-{table}")
    archived.wait_for(timeout=WAIT)
    assert page.get_by_test_id(f"finished-{table}").count() == 0
    assert "Started" in archived.inner_text()
    button = page.get_by_test_id(f"unarchive-{table}")
    assert button.inner_text() == "Un-archive"
    button.click()
    page.get_by_test_id("tables-finished").get_by_test_id(f"finished-{table}").wait_for(timeout=WAIT)
    assert page.get_by_test_id(f"archived-{table}").count() == 0


def test_importing_a_session_already_here_says_so_and_creates_nothing(page: Any, server: ServerProcess, api: Api,
                                                                      tmp_path: Path) -> None:
    table, token = finished_table(api)
    status, document = api.request("GET", f"/api/tables/{table}/export", token=token)
    assert status == 200
    upload = tmp_path / "night.json"
    upload.write_text(json.dumps(document))
    page.goto(f"{server.base}/")
    listed = page.locator("[data-testid^=finished-], [data-testid^=table-]").count()
    page.get_by_test_id("import-file").set_input_files(str(upload))
    page.get_by_test_id("import-button").click()
    error = page.get_by_test_id("form-error")
    error.wait_for(timeout=WAIT)
    assert f"This session is already on this server, as table {table}: nothing was imported." in error.inner_text()
    assert page.locator("[data-testid^=finished-], [data-testid^=table-]").count() == listed


def test_the_tv_lists_a_draw_from_the_first_left_of_the_button_not_seat_one(page: Any, server: ServerProcess,
                                                                             api: Api) -> None:
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
    api.ok(table, token, "deal")
    for action, player in (("call", "Ana"), ("call", "Bia"), ("check", "Caio")):
        api.ok(table, token, action, player=player)
    page.goto(f"{server.base}/t/{table}/tv")
    names = page.get_by_test_id("tv-announce").locator("li .name")
    names.first.wait_for(timeout=WAIT)
    assert names.all_inner_texts() == ["Bia", "Caio", "Ana"]  # Ana holds the button: she announces last
    api.ok(table, token, "draw", player="Bia", count=2)
    page.get_by_test_id("tv-announce").get_by_text("2", exact=True).wait_for(timeout=WAIT)
    assert names.all_inner_texts() == ["Bia", "Caio", "Ana"]
