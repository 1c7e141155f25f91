"""The room display over HTTP: what the TV shows at each moment, that it is read-only and public, that it stays
live as cheaply as the phones, and that the console gives its address and QR code."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from conftest import browser_client
from test_console import create
from test_player import Table, decode, odd_chip_hand, side_pot_hand, svg_to_image, text_of

PUBLIC = "http://192.168.1.20:8765"


@pytest.fixture
def tv_app(tmp_path: Any) -> Flask:
    from web import create_app

    return create_app({"DATABASE": str(tmp_path / "dealer.sqlite3"), "TESTING": True, "PUBLIC_URL": PUBLIC})


@pytest.fixture
def tv(tv_app: Flask) -> FlaskClient:
    return tv_app.test_client()  # no dealer cookie: any device on the network


def screen(tv: FlaskClient, table: Table, language: str = "en") -> str:
    answer = tv.get(f"/t/{table.id}/tv", headers={"Accept-Language": language})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def part(page: str, testid: str) -> str:
    """The visible text of the element with that data-testid (up to its closing tag's depth, roughly)."""
    start = page.index(f'data-testid="{testid}"')
    tag = page.rfind("<", 0, start)
    name = re.match(r"<(\w+)", page[tag:]).group(1)  # type: ignore[union-attr]
    depth, position = 0, tag
    for found in re.finditer(rf"<(/?){name}\b[^>]*>", page[tag:]):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            position = tag + found.end()
            break
    return text_of(page[tag:position])


def svg_after(page: str, marker: str) -> str:
    svg = page[page.index("<svg", page.index(marker)):]
    return svg[:svg.index("</svg>") + 6]


def test_tv_shows_turn_call_cap_pots_and_every_seat(tv_app: Flask, tv: FlaskClient) -> None:
    table = Table(tv_app, ["Ana", "Bia", "Caio"], button="Ana")
    table.act("deal")
    table.act("raise", player="Ana")
    page = screen(tv, table)
    assert part(page, "tv-turn").startswith("Bia to act")
    assert "to call: 3" in part(page, "tv-to-call") and "2 raises left" in part(page, "tv-cap")
    assert "Hand 1 of 10" in part(page, "tv-status") and "small bet: 2" in part(page, "tv-status")
    assert part(page, "tv-pots") == "pot 7"
    assert part(page, "tv-seat-Ana").startswith("Ana D") and "bet 4" in part(page, "tv-seat-Ana")
    assert "Bia SB" in part(page, "tv-seat-Bia") and "bet 1" in part(page, "tv-seat-Bia")
    assert "Caio BB" in part(page, "tv-seat-Caio") and "stack 98" in part(page, "tv-seat-Caio")


def test_tv_shows_the_draws_as_announced_and_the_seats_draws_of_the_hand(tv_app: Flask, tv: FlaskClient) -> None:
    table = Table(tv_app, ["Ana", "Bia", "Caio"], button="Ana")
    table.act("deal")
    for action in ("call", "call", "check"):
        table.auto(action)
    table.auto("draw", count=2)
    page = screen(tv, table)
    assert part(page, "tv-turn").endswith("how many cards?")
    announced = part(page, "tv-announce")
    assert "Draw 1 of 3" in announced and "Bia 2" in announced and "Caio" in announced
    # in the order they announce, from the first left of the button (R12), not in seat order
    assert re.search(r"Bia 2\s+Caio …\s+Ana\s*$", announced), announced
    table.auto("draw", count=0)
    table.auto("draw", count=1)
    page = screen(tv, table)
    assert "Deal plan, draw 1" in part(page, "tv-plan")
    assert "drew 2" in part(page, "tv-draws-Bia") and "drew pat" in part(page, "tv-draws-Caio")


def test_tv_shows_who_gets_the_odd_chip(tv_app: Flask, tv: FlaskClient) -> None:
    table = Table(tv_app, ["Ana", "Bia", "Caio"], button="Ana")
    odd_chip_hand(table)
    page = screen(tv, table)
    assert part(page, "tv-odd-chip-0") == "Odd chip to Caio: the first tied player left of the button."
    assert part(screen(tv, table, "pt"), "tv-odd-chip-0").startswith("Ficha indivisível para Caio")


def test_tv_shows_the_showdown_then_each_pots_winner_and_reason_and_the_standings(tv_app: Flask,
                                                                                  tv: FlaskClient) -> None:
    table = Table(tv_app, [{"name": "Ana", "stack": 10}, {"name": "Bia", "stack": 30}, {"name": "Caio", "stack": 100}],
                  button="Caio")
    side_pot_hand(table)
    page = screen(tv, table)
    assert "7-5" in part(page, "tv-seat-Ana") and "8-6" in part(page, "tv-seat-Bia")
    result = part(page, "tv-result")
    assert "Hand 1 result" in result and "main pot 30 → Ana" in result and "side pot 8 → Bia 4, Caio 4" in result
    assert "beats" in part(page, "tv-award-0")
    assert part(page, "tv-standings") == "Chips now 1 Caio 90 2 Ana 30 3 Bia 20"
    assert 'data-testid="tv-pots"' not in page  # between hands: the result, not the (empty) pots


def test_tv_is_read_only_public_and_shares_the_phones_qr_code(tv_app: Flask, tv: FlaskClient) -> None:
    table = Table(tv_app, ["Ana", "Bia"], button="Ana")
    table.act("deal")
    page = screen(tv, table)
    assert not re.search(r"<(form|button|input|select|textarea)\b|hx-(post|put|patch|delete)", page)
    assert table.token not in page and "/dealer" not in page
    player_url = f"{PUBLIC}/t/{table.id}"
    assert player_url in part(page, "tv-player-url")
    assert decode(svg_to_image(svg_after(page, 'class="tv-qr"'))) == [player_url]
    assert tv.get("/t/nosuch/tv").status_code == 404


def test_tv_live_part_answers_204_while_nothing_changed_then_the_new_part(tv_app: Flask, tv: FlaskClient) -> None:
    table = Table(tv_app, ["Ana", "Bia"], button="Ana")
    page = screen(tv, table)
    url = re.search(r'id="tv-live"[^>]*hx-get="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    assert re.search(r'hx-trigger="every \d+ms', page)
    assert tv.get(url.replace("&amp;", "&")).status_code == 204
    table.act("deal")
    answer = tv.get(url.replace("&amp;", "&"))
    assert answer.status_code == 200
    fresh = answer.get_data(as_text=True)
    assert fresh.lstrip().startswith('<section id="tv-live"') and 'data-seq="1"' in fresh
    assert "<html" not in fresh and "tv-corner" not in fresh  # only the live part: the QR code stays put
    assert tv.get(f"/t/{table.id}/tv/live?seq=1").status_code == 204
    assert tv.get("/t/nosuch/tv/live?seq=0").status_code == 404


def test_tv_speaks_portuguese_and_spanish(tv_app: Flask, tv: FlaskClient) -> None:
    table = Table(tv_app, ["Ana", "Bia"], button="Ana")
    table.act("deal")
    assert "Siga no telemóvel" in screen(tv, table, "pt") and 'lang="pt"' in screen(tv, table, "pt")
    assert "Síguela en tu móvil" in screen(tv, table, "es")


def test_console_links_to_the_tv_with_its_url_and_qr_code(tv_app: Flask) -> None:
    dealer = browser_client(tv_app)  # the dealer's browser on this server's page
    table = create(dealer, ["Ana", "Bia"])
    page = dealer.get(f"/t/{table}/dealer").get_data(as_text=True)
    url = f"{PUBLIC}/t/{table}/tv"
    assert "Show on the TV" in part(page, "tv-link")
    assert re.search(rf'<a href="{re.escape(url)}"[^>]*data-testid="tv-link"', page)
    assert url in part(page, "tv-url")
    assert decode(svg_to_image(svg_after(page, 'data-testid="share-tv"'))) == [url]


def test_tv_says_the_phase_in_the_engine_words_the_console_uses(tv_app: Flask, tv: FlaskClient) -> None:
    table = Table(tv_app, ["Ana", "Bia"], button="Ana")
    table.act("deal")
    table.auto("call")
    table.auto("check")
    for _ in range(3):
        for action in ("draw", "draw", "check", "check"):
            table.auto(action, **({"count": 0} if action == "draw" else {}))
    assert part(screen(tv, table, "pt"), "tv-turn").endswith("mostra ou abandona")  # the showdown, translated
    night = Table(tv_app, ["Ana", "Bia"], button="Ana", format="open")
    night.act("end")
    assert part(screen(tv, night), "tv-turn") == "The night is over"  # the stage's words, not a session's
