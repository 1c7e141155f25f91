"""No-limit and pot-limit play on the dealer's console, the phones and the TV (Flask client on a real SQLite file):
the start form's structure per game and ante, the amount form (presets, the total typed, the confirm button's words),
a refused amount said by its field with nothing else changed, and fixed-limit tables exactly as before."""

from __future__ import annotations

import re
from typing import Any

from test_console import HX, act, create, ids_of, ok, state, text


def big_bet_table(client: Any, game: str = "2-7-single-draw", structure: str = "", **fields: str) -> str:
    """Ana, Bia and Caio (Ana on the button, blinds 1/2, stacks 100 unless given) at a table of ``game`` played
    with ``structure`` (a code prefix, or empty for the game's usual one), hand 1 dealt."""
    table = create(client, ["Ana", "Bia", "Caio"], button=0, games=game, **{f"structure-{game}": structure},
                   **fields)
    ok(client, table, "deal")
    return table


def amount_form(page: str) -> str:
    found = re.search(r'<form class="act-form amount-form".*?</form>', page, re.S)
    assert found, "no amount form"
    return found.group(0)


def by_testid(page: str, testid: str) -> str:
    """The text of the element with that test id (its own tags stripped)."""
    found = re.search(rf'<(\w+)[^>]*data-testid="{re.escape(testid)}"[^>]*>(.*?)</\1>', page, re.S)
    assert found, f"no {testid}"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(2)).split())


# --- the start form ---------------------------------------------------------------------------------------------

def test_the_start_form_sends_each_games_structure_as_its_code_prefix_and_the_ante(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0, games=["badugi", "2-7-single-draw"],
                   choice="dealer", **{"structure-badugi": "pl-", "structure-2-7-single-draw": ""},
                   ante="1", ante_by="big-blind")
    body = state(client, table)
    assert body["games"] == ["pl-badugi", "2-7-single-draw"]
    assert body["stakes"]["ante"] == 1 and body["stakes"]["ante_by"] == "big-blind"


def test_the_start_form_offers_single_draw_and_a_structure_per_game_with_the_usual_one_first_chosen(
        client: Any) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'data-testid="game-2-7-single-draw"' in page
    single = re.search(r'<select name="structure-2-7-single-draw".*?</select>', page, re.S)
    triple = re.search(r'<select name="structure-2-7-triple-draw".*?</select>', page, re.S)
    assert single and triple
    # The usual structure sends the plain code: the house card's table is created exactly as before.
    assert re.search(r'<option value="" selected>No-limit</option>', single.group(0))
    assert re.search(r'<option value="" selected>Fixed limit</option>', triple.group(0))
    assert 'value="pl-"' in triple.group(0) and 'value="nl-"' in triple.group(0)


def test_a_house_card_table_is_created_without_games_or_ante(client: Any) -> None:
    table = create(client, ["Ana", "Bia"], button=0)
    body = state(client, table)
    assert body["games"] == ["2-7-triple-draw"]
    assert "ante" not in body["stakes"]


# --- the console ------------------------------------------------------------------------------------------------

def test_pot_limit_console_has_the_amount_form_with_the_engines_presets_and_words(client: Any) -> None:
    table = big_bet_table(client, "2-7-triple-draw", "pl-")
    page = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    form = amount_form(page)
    assert 'name="to"' in form and 'inputmode="numeric"' in form
    assert by_testid(form, "preset-min") == "Min" and by_testid(form, "preset-pot") == "Pot"
    assert 'data-preset="7" data-testid="preset-pot"' in form  # the pot-limit maximum, 1 + 2 + 2 called + 2
    assert by_testid(form, "act-raise") == "Raise to 4"
    assert 'data-confirm-template="Raise to {to}"' in form
    assert {"act-call", "act-fold"} <= set(re.findall(r'data-testid="([^"]+)"', page))
    assert "<script>" not in page  # the form's words come from static/js/amount.js (CSP)


def test_the_typed_total_is_what_the_player_raises_to(client: Any) -> None:
    table = big_bet_table(client, "2-7-triple-draw", "pl-")
    after = ok(client, table, "raise", to="6")
    assert after["to_act"] == "Bia"
    assert next(seat for seat in after["players"] if seat["name"] == "Ana")["bet"] == 6


def test_a_refused_amount_is_said_by_its_field_and_nothing_else_changes(client: Any) -> None:
    table = big_bet_table(client, "2-7-triple-draw", "pl-")
    before = state(client, table)
    page = client.get(f"/t/{table}/dealer", headers=HX).get_data(as_text=True)
    keys = ",".join(re.findall(r'data-keep="([^"]+)"', page))
    answer = act(client, table, "raise", to="99", headers={**HX, "X-Console-Keep": keys})
    assert answer.status_code == 409
    html = answer.get_data(as_text=True)
    assert state(client, table) == before
    refusal = by_testid(html, "amount-refusal")
    assert refusal.startswith("Between 4 and 7") and "R31" in refusal, refusal
    assert 'name="to" value="99"' in html  # the typed amount stays in the field
    assert 'data-testid="notice"' not in html  # said by the field, not in the console's notice
    # Only the controls (and the console's own state) are sent again: the rest of the console stays as it was.
    assert re.findall(r'id="zone-([a-z_]+)"', html) == ["controls"]


def test_an_amount_that_is_no_number_is_refused_by_its_field(client: Any) -> None:
    table = big_bet_table(client)
    before = state(client, table)
    answer = act(client, table, "raise", to="ten", headers=HX)
    assert answer.status_code == 400
    assert "must be a whole number" in by_testid(answer.get_data(as_text=True), "amount-refusal")
    assert state(client, table) == before


def test_without_javascript_a_refused_amount_comes_back_on_the_whole_console_by_its_field(client: Any) -> None:
    table = big_bet_table(client)
    answer = act(client, table, "raise", to="3")
    assert answer.status_code == 409
    html = answer.get_data(as_text=True)
    assert by_testid(html, "amount-refusal").startswith("Between 4 and 100")
    assert 'name="to" value="3"' in html and 'data-testid="notice"' not in html


def test_a_fixed_limit_table_keeps_its_buttons(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    page = client.get(f"/t/{table}/dealer")
    assert "amount-form" not in ids_of(page)
    assert by_testid(page.get_data(as_text=True), "act-raise") == "Raise to 4"
    # A total other than the one amount is refused in the console's notice, as every refusal there.
    answer = act(client, table, "raise", to="5")
    assert answer.status_code == 409 and by_testid(answer.get_data(as_text=True), "notice")


# --- the phones and the TV --------------------------------------------------------------------------------------

def test_the_phone_and_the_tv_show_the_pot_and_the_engines_hint(client: Any) -> None:
    table = big_bet_table(client, "2-7-triple-draw", "pl-")
    phone = text(client.get(f"/t/{table}"))
    assert "Pot 3" in phone and "Pot-size raise: to 7" in phone
    tv = text(client.get(f"/t/{table}/tv"))
    assert "Pot 3" in tv and "Pot-size raise: to 7" in tv
    no_limit = big_bet_table(client)
    assert "Min raise: to 4" in text(client.get(f"/t/{no_limit}"))


def test_r29_chips_pushed_without_a_word_in_one_tap_say_what_they_count_as(client: Any) -> None:
    """TDA 43-A: under half the minimum raise over the call, a call and the rest returned; half or more, a raise
    made at least the minimum."""
    table = big_bet_table(client)  # no-limit, blinds 1/2
    ok(client, table, "raise", to="10")  # Ana: the next full raise is to 18
    answer = act(client, table, "raise", to="12", pushed="yes", headers=HX)  # Bia (1 in) pushes 12: 3 over the call
    assert answer.status_code == 200
    said = by_testid(answer.get_data(as_text=True), "notice")
    assert "so Bia calls 9" in said and "3 go back to Bia" in said, said
    body = state(client, table)
    assert body["to_act"] == "Caio" and next(p for p in body["players"] if p["name"] == "Bia")["bet"] == 10
    answer = act(client, table, "raise", to="12", pushed="yes", headers=HX)  # Caio (2 in) pushes 12: 4 over, half
    said = by_testid(answer.get_data(as_text=True), "notice")
    assert "Raise to 18" in said, said
    assert next(p for p in state(client, table)["players"] if p["name"] == "Caio")["bet"] == 18
