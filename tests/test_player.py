"""The players' view: what a phone shows, how it stays live cheaply, and its QR codes."""

from __future__ import annotations

import html
import re
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web import qr
from web.service import service

EVIL = "<script>alert(1)"  # names are 1-20 characters: the classic payload, cut to fit
EVIL_TAGS = "<b>Bo</b>&amp;\"'"


class Table:
    """A table driven through the same service the API and the console use."""

    def __init__(self, app: Flask, players: list[Any], **settings: Any) -> None:
        self.app = app
        with app.app_context():
            self.id, self.token, _ = service().create(dict(settings, players=players))

    def act(self, action: str, **fields: Any) -> dict[str, Any]:
        with self.app.test_request_context():
            service().act(self.id, self.token, dict(fields, action=action))
            return self.state()

    def state(self) -> dict[str, Any]:
        with self.app.test_request_context():
            return service().json_state(self.id, lambda text: text)

    def auto(self, action: str, **fields: Any) -> dict[str, Any]:
        """Act for whoever is to act."""
        return self.act(action, player=self.state()["to_act"], **fields)


def odd_chip_hand(table: Table) -> None:
    """Ana, Bia, Caio, Ana on the button: Bia folds her small blind, Ana and Caio check it down and split a pot of
    5 with the same 7-5 low: one chip is odd."""
    table.act("deal")
    table.act("call", player="Ana")
    table.act("fold", player="Bia")  # the small blind's 1 stays in: pot 5 between Ana and Caio
    table.act("check", player="Caio")
    for _ in range(3):
        for action in ("draw", "draw", "check", "check"):
            table.auto(action, **({"count": 0} if action == "draw" else {}))
    table.auto("show", cards="7h 5c 4d 3s 2c")
    table.auto("show", cards="7c 5d 4s 3h 2h")


def side_pot_hand(table: Table, ana: str = "Ana", bia: str = "Bia", caio: str = "Caio") -> None:
    """Ana (10 chips), Bia (30), Caio (100), Caio on the button: a capped first round, Ana all-in in round 2,
    a side pot between Bia and Caio, every draw, and a showdown where Ana wins the main pot and Bia and Caio
    split the side pot."""
    table.act("deal")
    for name in (caio, ana, bia):
        table.act("raise", player=name)  # to 4, 6, 8: capped (the big blind is the bet)
    table.act("call", player=caio)
    table.act("call", player=ana)
    for name, count in ((ana, 1), (bia, 2), (caio, 0)):
        table.act("draw", player=name, count=count)
    table.act("bet", player=ana)  # all-in for 2
    table.act("raise", player=bia)
    table.act("raise", player=caio)
    table.act("call", player=bia)
    for action in ("draw", "draw", "draw", "check", "check", "draw", "draw", "draw", "check", "check"):
        table.auto(action, **({"count": 0} if action == "draw" else {}))
    table.act("show", player=ana, cards="7h 5c 4d 3s 2c")
    table.act("show", player=bia, cards="8c 6d 4s 3h 2h")
    table.act("show", player=caio, cards="8h 6c 4c 3d 2d")


@pytest.fixture
def phone_app(tmp_path: Any) -> Flask:
    from web import create_app

    return create_app({"DATABASE": str(tmp_path / "dealer.sqlite3"), "TESTING": True,
                       "PUBLIC_URL": "http://192.168.1.20:8765"})


@pytest.fixture
def phone(phone_app: Flask) -> FlaskClient:
    return phone_app.test_client()


def text_of(markup: str) -> str:
    """The visible text, roughly: tags dropped, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def live(phone: FlaskClient, table: Table, seq: int | None = None) -> tuple[int, str]:
    url = f"/t/{table.id}/live" + (f"?seq={seq}" if seq is not None else "")
    answer = phone.get(url)
    return answer.status_code, answer.get_data(as_text=True)


# --- what the phone shows --------------------------------------------------------------------------------------

def test_player_view_shows_turn_call_amount_unit_cap_pots_and_seats(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, [{"name": "Ana", "stack": 10}, {"name": "Bia", "stack": 30}, "Caio"], button="Caio")
    table.act("deal")
    table.act("raise", player="Caio")
    page = phone.get(f"/t/{table.id}").get_data(as_text=True)
    seen = text_of(page)
    assert "Hand 1 of 10" in seen and "Betting round 1" in seen
    assert "Ana to act" in seen and "to call: 3" in seen  # Ana posted the small blind 1; Caio made it 4
    assert "small bet: 2" in seen and "2 raises left" in seen
    assert "Fold" in seen and "Call 3" in seen and "Raise to 6" in seen
    assert re.search(r"pot\s*7\s*can win it:\s*Ana, Bia, Caio", seen)
    for name, stack, bet in (("Ana", 9, 1), ("Bia", 28, 2), ("Caio", 96, 4)):
        assert re.search(rf'data-testid="stack-{name}">{stack}<', page)
        assert re.search(rf'data-testid="bet-{name}">{bet}<', page)
    assert 'href="/rules"' in page  # the rule reference


def test_the_phone_lists_the_players_options_not_the_dealers_inputs(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, ["Ana", "Bia", "Caio"], button="Ana")
    state = table.act("deal")
    assert {"action": "misdeal"} in state["legal"]  # open to the dealer before anyone acts (R19)
    page = phone.get(f"/t/{table.id}").get_data(as_text=True)
    options = text_of(page[page.index('<p class="options"'):].split("</p>")[0])
    assert options == "Can: Fold Call 2 Raise to 4", options


def test_player_view_through_capped_round_draws_side_pots_and_result(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, [{"name": "Ana", "stack": 10}, {"name": "Bia", "stack": 30}, "Caio"], button="Caio")
    table.act("deal")
    for name in ("Caio", "Ana", "Bia"):
        table.act("raise", player=name)
    seen = text_of(phone.get(f"/t/{table.id}").get_data(as_text=True))
    assert "capped" in seen and "Caio to act" in seen and "to call: 4" in seen
    assert "Raise to" not in seen  # nobody may raise: the option is not shown to the players either

    table.act("call", player="Caio")
    table.act("call", player="Ana")
    table.act("draw", player="Ana", count=1)
    table.act("draw", player="Bia", count=2)
    table.act("draw", player="Caio", count=0)
    table.act("bet", player="Ana")
    table.act("raise", player="Bia")
    page = phone.get(f"/t/{table.id}").get_data(as_text=True)
    seen = text_of(page)
    assert "drew 1" in seen and "drew 2" in seen and "drew pat" in seen  # the first draw's counts, per player
    assert re.search(r"main pot\s*28\s*can win it:\s*Ana, Bia, Caio", seen)  # Caio has not called yet
    assert re.search(r"side pot\s*2\s*can win it:\s*Bia, Caio", seen)
    assert "All-in" in seen and "heads-up: no cap" in seen  # only Bia and Caio can still bet (R9)

    table.act("raise", player="Caio")
    table.act("call", player="Bia")
    for count in (0, 1, 1):
        table.auto("draw", count=count)
    seen = text_of(phone.get(f"/t/{table.id}").get_data(as_text=True))
    assert "drew 1 · pat" in seen and "drew 2 · 1" in seen and "drew pat · 1" in seen

    for action in ("check", "check", "draw", "draw", "draw", "check", "check"):
        table.auto(action, **({"count": 0} if action == "draw" else {}))
    seen = text_of(phone.get(f"/t/{table.id}").get_data(as_text=True))
    assert "Showdown" in seen and "Ana shows first" in seen

    table.act("show", player="Ana", cards="7h 5c 4d 3s 2c")
    table.act("show", player="Bia", cards="8c 6d 4s 3h 2h")
    table.act("show", player="Caio", cards="8h 6c 4c 3d 2d")
    page = phone.get(f"/t/{table.id}").get_data(as_text=True)
    seen = text_of(page)
    assert "Hand 1 result" in seen
    assert re.search(r"main pot 30 → Ana", seen)
    assert re.search(r"side pot 8 → split: Bia 4\s*,\s*Caio 4", seen)
    assert "7-5" in seen and "8-6" in seen  # the hands shown, by name
    assert "7♥" in seen and "2♣" in seen
    assert 'data-testid="standing-Ana"' in page and 'data-testid="stacks-chart"' in page
    assert "Ready to deal hand 2" in seen

    table.act("deal")
    seen = text_of(phone.get(f"/t/{table.id}").get_data(as_text=True))
    assert "Hand 2 of 10" in seen and "Hand 1 result" in seen  # the last hand's result stays in view


def test_odd_chip_is_shown_with_its_receiver(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, ["Ana", "Bia", "Caio"], button="Ana")
    odd_chip_hand(table)
    seen = text_of(phone.get(f"/t/{table.id}").get_data(as_text=True))
    assert re.search(r"pot 5 → split: Ana 2\s*,\s*Caio 3", seen)
    assert "Odd chip to Caio" in seen  # the first tied player left of the button (R17)


def test_every_hands_log_page(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, [{"name": "Ana", "stack": 10}, {"name": "Bia", "stack": 30}, "Caio"], button="Caio")
    side_pot_hand(table)
    table.act("deal")
    table.act("fold", player="Ana")
    page = phone.get(f"/t/{table.id}/log").get_data(as_text=True)
    assert 'data-testid="log-hand-1"' in page and 'data-testid="log-hand-2"' in page
    assert page.index('data-testid="log-hand-2"') < page.index('data-testid="log-hand-1"')  # latest first
    assert "Ana folds" in text_of(page)


def test_tables_list_links_each_table(phone_app: Flask, phone: FlaskClient) -> None:
    empty = text_of(phone.get("/t/").get_data(as_text=True))
    assert "No table in play yet" in empty
    table = Table(phone_app, ["Ana", "Bia"])
    page = phone.get("/t/").get_data(as_text=True)
    assert f'href="/t/{table.id}"' in page and "Ana, Bia" in text_of(page)


# --- live and cheap ----------------------------------------------------------------------------------------------

def test_live_fragment_answers_204_until_the_seq_changes(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, ["Ana", "Bia", "Caio"], button="Ana")
    status, body = live(phone, table)
    assert status == 200 and 'data-seq="0"' in body and f'hx-get="/t/{table.id}/live?seq=0"' in body
    assert body.lstrip().startswith('<section id="live"')  # only the fragment: no page around it
    status, body = live(phone, table, seq=0)
    assert status == 204 and body == ""

    table.act("deal")
    status, body = live(phone, table, seq=0)
    assert status == 200 and 'data-seq="1"' in body and "/live?seq=1" in body
    assert live(phone, table, seq=1)[0] == 204
    assert live(phone, table, seq=1)[0] == 204


def test_live_fragment_is_rendered_once_per_seq_and_language(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, ["Ana", "Bia"], button="Ana")
    table.act("deal")
    first = phone.get(f"/t/{table.id}/live?seq=0").get_data(as_text=True)
    second = phone.get(f"/t/{table.id}/live?seq=0").get_data(as_text=True)
    assert first is not None and first == second
    with phone_app.app_context():
        from web.player import fragments

        assert fragments().get(table.id, 1, "en") == first
        assert fragments().get(table.id, 0, "en") is None


def test_full_page_answers_304_to_its_etag(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, ["Ana", "Bia"], button="Ana")
    first = phone.get(f"/t/{table.id}")
    assert first.status_code == 200 and first.headers["ETag"]
    again = phone.get(f"/t/{table.id}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    table.act("deal")
    changed = phone.get(f"/t/{table.id}", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]


def test_polling_setup_catches_up_after_sleep_or_lost_wifi(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, ["Ana", "Bia"])
    body = phone.get(f"/t/{table.id}").get_data(as_text=True)
    trigger = re.search(r'hx-trigger="([^"]+)"', body)
    assert trigger is not None
    every = re.search(r"\bevery (\d+)ms\b", trigger.group(1))
    assert every is not None  # a change reaches the phone within half a second, at most 4 polls a second
    assert 250 <= int(every.group(1)) <= 500
    assert "pagevisible from:document" in trigger.group(1) and "online from:window" in trigger.group(1)
    assert 'hx-swap="outerHTML"' in body and "hx-config=\"timeout:4s\"" in body


def test_unknown_table(phone: FlaskClient) -> None:
    assert phone.get("/t/nosuch").status_code == 404
    answer = phone.get("/t/nosuch/live?seq=3")
    assert answer.status_code == 404
    body = answer.get_data(as_text=True)
    assert 'id="live"' in body and "hx-get" not in body  # replaces the live part and stops polling
    assert phone.get("/t/nosuch/log").status_code == 404


def test_player_pages_carry_no_token_and_no_controls(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, ["Ana", "Bia", "Caio"], button="Ana")
    table.act("deal")
    pages = [phone.get(url).get_data(as_text=True)
             for url in (f"/t/{table.id}", f"/t/{table.id}/live", f"/t/{table.id}/log", "/t/")]
    for page in pages:
        assert table.token not in page
        assert "<form" not in page and "hx-post" not in page and "/dealer" not in page and "token" not in page
    for name in phone.get(f"/t/{table.id}").headers.getlist("Set-Cookie"):
        assert table.token not in name


# --- QR codes ----------------------------------------------------------------------------------------------------

def decode(image: Any) -> list[str]:
    import zxingcpp

    return [result.text for result in zxingcpp.read_barcodes(image)]


def svg_to_image(svg: str, scale: int = 8) -> Any:
    """Rasterise the QR SVG (a white square and one path of unit squares) with Pillow."""
    from PIL import Image, ImageDraw

    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))  # type: ignore[union-attr]
    image = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(image)
    path = re.search(r'<path[^>]* d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    for x, y, right, bottom in re.findall(r"M([\d.]+),([\d.]+)H([\d.]+)V([\d.]+)", path):
        draw.rectangle((float(x) * scale, float(y) * scale, float(right) * scale - 1, float(bottom) * scale - 1),
                       fill=0)
    return image


def terminal_to_image(text: str, scale: int = 8) -> Any:
    """Rasterise the terminal rendering: blocks are light modules, spaces dark, two module rows per line."""
    from PIL import Image

    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    lines = text.splitlines()
    width = max(len(line) for line in lines)
    image = Image.new("L", (width, 2 * len(lines)), 0)
    halves = {" ": (0, 0), "▀": (255, 0), "▄": (0, 255), "█": (255, 255)}
    for row, line in enumerate(lines):
        for column, char in enumerate(line):
            top, bottom = halves[char]
            image.putpixel((column, 2 * row), top)
            image.putpixel((column, 2 * row + 1), bottom)
    return image.resize((width * scale, 2 * len(lines) * scale), Image.NEAREST)


def test_svg_qr_decodes_to_its_url_and_escapes_its_label() -> None:
    url = "http://192.168.1.20:8765/t/abc234"
    svg = str(qr.svg(url, label=f"Scan {EVIL}"))
    assert svg.startswith("<svg") and "<script" not in svg and "&lt;script&gt;" in svg
    assert 'fill="white"' in svg and 'id="' not in svg  # light background on the dark page; no duplicate ids
    assert decode(svg_to_image(svg)) == [url]


@pytest.mark.parametrize("ansi", [True, False])
def test_terminal_qr_decodes_to_its_url(ansi: bool) -> None:
    url = "http://192.168.1.20:8765/t/"
    text = qr.terminal(url, ansi=ansi)
    assert ("\x1b[" in text) is ansi
    assert decode(terminal_to_image(text)) == [url]


def test_player_page_shares_the_public_url_as_a_qr_code(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, ["Ana", "Bia"])
    page = phone.get(f"/t/{table.id}", base_url="http://127.0.0.1:8765").get_data(as_text=True)
    url = f"http://192.168.1.20:8765/t/{table.id}"  # PUBLIC_URL, not the address this request came in on
    assert f'data-player-url style="color:var(--text,#f2f5f8)">{url}<' in page
    svg = page[page.index("<svg", page.index("data-player-qr")):]
    svg = svg[:svg.index("</svg>") + 6]
    assert decode(svg_to_image(svg)) == [url]


def test_app_announces_dealer_url_players_url_and_qr(tmp_path: Any) -> None:
    import app as app_module
    from web import create_app

    served = create_app({"DATABASE": str(tmp_path / "a.sqlite3")})
    text = app_module.announcement(served, "http://192.168.1.20:8765", ansi=False)
    assert "http://192.168.1.20:8765/ " in text and "http://192.168.1.20:8765/t/ " in text
    code = "\n".join(line for line in text.splitlines() if line and set(line) <= set(" ▀▄█"))
    assert decode(terminal_to_image(code)) == ["http://192.168.1.20:8765/t/"]

    with served.app_context():
        table_id, _, _ = service().create({"players": ["Ana", EVIL]})
    # The tables in play are listed once they are replayed, after the server listens (never before it).
    text = app_module.tables_in_play(served, "http://192.168.1.20:8765", threading.Event())
    assert f"http://192.168.1.20:8765/t/{table_id}" in text and "hand 0 of 10" in text


# --- names are text -----------------------------------------------------------------------------------------------

def test_names_are_escaped_on_the_player_pages(phone_app: Flask, phone: FlaskClient) -> None:
    table = Table(phone_app, [{"name": EVIL, "stack": 10}, {"name": EVIL_TAGS, "stack": 30}, "Caio"], button="Caio")
    table.act("deal")
    table.act("raise", player="Caio")
    table.act("raise", player=EVIL)
    for url in (f"/t/{table.id}", f"/t/{table.id}/live", f"/t/{table.id}/log", "/t/"):
        page = phone.get(url).get_data(as_text=True)
        assert EVIL not in page and "<b>Bo</b>" not in page, url
        assert "&lt;script&gt;alert(1)" in page, url
        assert EVIL in text_of(page) and EVIL_TAGS in text_of(page), url


def test_stream_of_bytes_is_small_when_nothing_changes(phone_app: Flask, phone: FlaskClient) -> None:
    """Thirty phones polling an unchanged table get empty answers: the Wi-Fi carries headers only."""
    table = Table(phone_app, ["Ana", "Bia", "Caio"])
    seq = table.state()["seq"]
    sizes = {len(phone.get(f"/t/{table.id}/live?seq={seq}").data) for _ in range(30)}
    assert sizes == {0}


def test_names_are_escaped_on_every_page(phone_app: Flask) -> None:
    """Every HTML page of the app (start screen, console with and without the dealer cookie, player view, rule
    reference...) shows the names as text: the walk covers routes added later too."""
    table = Table(phone_app, [{"name": EVIL, "stack": 10}, {"name": EVIL_TAGS, "stack": 30}, "Caio"], button="Caio")
    side_pot_hand(table, EVIL, EVIL_TAGS)
    table.act("deal")
    table.auto("raise")
    dealer = phone_app.test_client()
    if "console.join" in phone_app.view_functions:  # the console's "continue on another tablet" link
        assert dealer.get(f"/t/{table.id}/join?token={table.token}").status_code in (302, 303)
    pages = 0
    for device in (phone_app.test_client(), dealer):
        for rule in phone_app.url_map.iter_rules():
            if "GET" not in (rule.methods or set()) or rule.endpoint == "static":
                continue
            values = {name: table.id if name == "table_id" else "x" for name in rule.arguments}
            with phone_app.test_request_context():
                path = phone_app.url_map.bind("localhost").build(rule.endpoint, values)
            answer = device.get(path, follow_redirects=True)
            if not answer.content_type.startswith("text/html"):
                continue
            page = answer.get_data(as_text=True)
            assert EVIL not in page and "<b>Bo</b>" not in page, path
            pages += 1
    shown = [phone_app.test_client().get(path).get_data(as_text=True) for path in ("/", f"/t/{table.id}")]
    shown.append(dealer.get(f"/t/{table.id}/dealer").get_data(as_text=True))
    for page in shown:
        assert "&lt;script&gt;alert(1)" in page and "&lt;b&gt;Bo&lt;/b&gt;" in page
    assert pages >= 10
