"""Nobody else on the network can steer a table: every cross-site path is refused, with raw requests and in Chromium,
while the dealer's own console keeps working. A real server on 127.0.0.1; the "other site" is a second small
server on another port of the same host (same-site for the browser, so the dealer's SameSite=Lax cookie goes
along, exactly the case the Origin check alone missed)."""

from __future__ import annotations

import html
import http.client
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar
from urllib.parse import urlencode, urlsplit

import pytest

from conftest import Api, ServerProcess

HX = {"HX-Request": "true"}


class Dealer:
    """A device holding a table's dealer cookie (through the join link) and its console's CSRF token."""

    def __init__(self, server: ServerProcess, api: Api) -> None:
        self.server = server
        self.api = api
        self.table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
        status, headers, _ = self.raw("GET", f"/t/{self.table}/join?token={token}")
        assert status == 303
        self.cookie = headers["Set-Cookie"].split(";", 1)[0]
        status, _, page = self.raw("GET", f"/t/{self.table}/dealer", headers={"Cookie": self.cookie})
        assert status == 200
        found = re.search(r'name="csrf_token" value="([^"]+)"', page)
        assert found, "every console form carries the CSRF token"
        self.csrf = found.group(1)

    def raw(self, method: str, path: str, body: str | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            answer = connection.getresponse()
            return answer.status, dict(answer.getheaders()), html.unescape(answer.read().decode())
        finally:
            connection.close()

    def seq(self) -> int:
        return int(self.api.state(self.table)["seq"])

    def deal(self, headers: dict[str, str], token: str | None = None) -> tuple[int, str]:
        fields = {"action": "deal", "seq": str(self.seq())}
        if token is not None:
            fields["csrf_token"] = token
        sent = {"Cookie": self.cookie, "Content-Type": "application/x-www-form-urlencoded", **headers}
        status, _, page = self.raw("POST", f"/t/{self.table}/dealer/act", urlencode(fields), sent)
        return status, page


@pytest.fixture
def dealer(server: ServerProcess, api: Api) -> Dealer:
    return Dealer(server, api)


FOREIGN = {
    "Origin: null (after a redirect, or from a sandboxed frame)": ({"Origin": "null"}, None),
    "no Origin at all": ({}, None),
    "another port of the same host": ({"Origin": "http://127.0.0.1:1"}, None),
    "another host": ({"Origin": "http://evil.example"}, None),
    "the browser says cross-site, even with the token": ({"Sec-Fetch-Site": "cross-site"}, "right"),
    "the browser says same-site (another port), even with the token": ({"Sec-Fetch-Site": "same-site"}, "right"),
    "a wrong token with this server's Origin": ({"Origin": "same"}, "wrong"),
}


@pytest.mark.parametrize("path", FOREIGN)
def test_a_foreign_post_with_the_dealer_cookie_is_refused_and_changes_nothing(dealer: Dealer, path: str) -> None:
    headers, token = FOREIGN[path]
    headers = {name: f"http://127.0.0.1:{dealer.server.port}" if value == "same" else value
               for name, value in headers.items()}
    sent = {"right": dealer.csrf, "wrong": dealer.csrf[::-1], None: None}[token]
    before = dealer.seq()
    for extra in ({}, HX):
        status, page = dealer.deal({**headers, **extra}, sent)
        assert status == 403, (path, status)
        assert "nothing was changed" in page
    assert dealer.seq() == before


@pytest.mark.parametrize("headers", [{"Origin": "null"}, {}, {"Sec-Fetch-Site": "same-origin"}, HX],
                         ids=["Origin null", "no Origin", "Sec-Fetch-Site same-origin", "htmx"])
def test_the_console_token_lets_the_dealer_tap_whatever_the_origin_says(dealer: Dealer,
                                                                         headers: dict[str, str]) -> None:
    before = dealer.seq()
    status, _ = dealer.deal(headers, dealer.csrf)
    assert status in (200, 303)
    assert dealer.seq() == before + 1


def test_the_token_also_counts_as_a_header(dealer: Dealer) -> None:
    before = dealer.seq()
    status, _ = dealer.deal({"Origin": "null", "X-CSRF-Token": dealer.csrf, **HX})
    assert status == 200 and dealer.seq() == before + 1


def test_table_creation_from_a_foreign_page_is_refused(dealer: Dealer, api: Api) -> None:
    form = urlencode({"name": ["Eve", "Mal"], "player_stack": ["", ""], "button": "lot"}, doseq=True)
    for headers in ({"Origin": "null"}, {}, {"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        status, _, page = dealer.raw("POST", "/new", form, {"Content-Type": "application/x-www-form-urlencoded",
                                                            **headers})
        assert status == 403, headers
        assert "must be sent from this server's own page" in page
    status, _, _ = dealer.raw("POST", "/new", form, {"Content-Type": "application/x-www-form-urlencoded",
                                                     "Origin": f"http://127.0.0.1:{dealer.server.port}"})
    assert status == 303


def test_json_routes_refuse_bodies_a_foreign_page_can_send_without_preflight(api: Api) -> None:
    body = b'{"players": ["Eve", "Mal"]}'
    for kind in ("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                 "multipart/form-data; boundary=x"):
        status, answer = api.request("POST", "/api/tables", raw=body, headers={"Content-Type": kind})
        assert status == 415, kind
        assert "application/json" in answer["error"]
    status, answer = api.request("POST", "/api/tables", raw=body, headers={"Content-Type": ""})
    assert status == 415


def test_json_body_without_a_content_type_is_refused(dealer: Dealer) -> None:
    """A fetch() of a Blob sends a body with no Content-Type and no preflight: refused too."""
    status, _, page = dealer.raw("POST", "/api/tables", '{"players": ["Eve", "Mal"]}')
    assert status == 415 and "Content-Type: application/json" in page


def test_every_page_forbids_framing_and_inline_script(dealer: Dealer) -> None:
    paths = ["/", "/t/", f"/t/{dealer.table}", f"/t/{dealer.table}/live", f"/t/{dealer.table}/log",
             f"/t/{dealer.table}/dealer", "/api/health", f"/api/tables/{dealer.table}", "/static/css/app.css",
             "/nowhere"]
    # the rule reference opens over the console in a frame of this server's own pages, and only then may be framed
    reference = ["/rules", "/compare", "/rules/seeds/SUMMARY-en.md"]
    framed = {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "same-origin"}
    for path, extra in [(path, {}) for path in paths + reference] + [(path, framed) for path in reference]:
        _, headers, _ = dealer.raw("GET", path, headers={"Cookie": dealer.cookie, **extra})
        policy = headers.get("Content-Security-Policy", "")
        framing = "'self'" if extra else "'none'"
        assert f"frame-ancestors {framing}" in policy, path
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        assert headers.get("X-Frame-Options") == ("SAMEORIGIN" if extra else "DENY"), path
    cross_site = {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "cross-site"}
    _, headers, _ = dealer.raw("GET", "/rules", headers=cross_site)
    assert headers.get("X-Frame-Options") == "DENY" and "frame-ancestors 'none'" in headers["Content-Security-Policy"]


# --- in Chromium: the other site is a page on another port ---------------------------------------------------

class OtherSite(ThreadingHTTPServer):
    """A page a guest might open: it auto-posts to the dealer console, through a redirect, or frames it."""

    target = ""
    fields: ClassVar[dict[str, str]] = {}

    def page(self, path: str) -> tuple[int, dict[str, str], str]:
        target = self.target
        fields = "".join(f'<input name="{name}" value="{value}">' for name, value in self.fields.items())
        form = f'<form id="f" method="post" action="{{action}}">{fields}</form><script>f.submit()</script>'
        if path == "/post":
            return 200, {}, form.replace("{action}", target)
        if path == "/via-redirect":
            return 200, {}, form.replace("{action}", "/bounce")
        if path == "/bounce":
            return 307, {"Location": target}, ""
        if path == "/sandboxed":  # a frame with an opaque origin: its POST says Origin: null
            return 200, {}, '<iframe sandbox="allow-forms allow-scripts" src="/inner"></iframe>'
        if path == "/inner":
            return 200, {}, form.replace("{action}", target)
        if path == "/frame":
            console = target.rsplit("/act", 1)[0]
            return 200, {}, f'<iframe id="console" src="{console}" width="800" height="600"></iframe>'
        return 404, {}, "no"


class OtherSiteHandler(BaseHTTPRequestHandler):
    server: OtherSite

    def do_GET(self) -> None:
        self.answer()

    def do_POST(self) -> None:
        self.answer()

    def answer(self) -> None:
        status, headers, body = self.server.page(urlsplit(self.path).path)
        self.send_response(status)
        for name, value in {"Content-Type": "text/html", **headers}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body.encode())

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def other_site() -> Iterator[OtherSite]:
    site = OtherSite(("127.0.0.1", 0), OtherSiteHandler)  # port 0: the system picks one, read back when used
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield site
    site.shutdown()
    site.server_close()


@pytest.mark.browser
def test_in_chromium_every_cross_site_path_is_refused_and_the_console_still_works(
        browser: Any, server: ServerProcess, api: Api, other_site: OtherSite) -> None:
    context = browser.new_context(locale="en-US", extra_http_headers={"Accept-Language": "en"})
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        for index, name in enumerate(["Ana", "Bia", "Caio"]):
            page.get_by_test_id(f"name-{index}").fill(name)
        page.get_by_test_id("create-table").click()
        page.wait_for_url(re.compile(r"/t/[a-z0-9]+/dealer$"))
        table = page.url.split("/t/")[1].split("/")[0]
        act_url = f"{server.base}/t/{table}/dealer/act"
        other_site.target = act_url
        other_site.fields = {"action": "deal", "seq": str(api.state(table)["seq"])}
        other = f"http://127.0.0.1:{other_site.server_address[1]}"
        guest = context.new_page()  # the same browser, so the dealer's cookie goes along with each attempt
        for path in ("/post", "/via-redirect", "/sandboxed"):
            with guest.expect_response(lambda answer: answer.url == act_url) as refused:
                guest.goto(other + path)
            assert refused.value.status == 403, path
            assert api.state(table)["seq"] == 0, path
        with guest.expect_console_message(lambda message: "frame-ancestors 'none'" in message.text):
            guest.goto(other + "/frame")  # Chromium reports the blocked frame on the console
        framed = guest.frames[-1]
        assert framed is not guest.main_frame and not framed.url.startswith(server.base)
        assert framed.locator("[data-testid=console]").count() == 0, "the console must not render inside a frame"
        # the dealer's own console, unchanged and working
        page.get_by_test_id("act-deal").click()
        page.get_by_test_id("undo").wait_for()
        assert api.state(table)["seq"] == 1
    finally:
        context.close()
