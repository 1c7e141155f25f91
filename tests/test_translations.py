"""The interface in Portuguese, Spanish and English: complete catalogs, placeholders kept, compiled files
up to date, API sentences and every page following the language.

Two gettext domains: ``messages`` (every interface string of templates/ and web/, and every engine sentence of
dealer/ marked ``N_``; babel.cfg lists the sources) and ``reference`` (the rule reference's own content,
babel-reference.cfg; its completeness test lives in test_reference.py). The placeholder and compiled-file checks
here cover both domains.

Pages are read as a user reads them: the text the server sends (and the tooltips and accessible names), in English,
Portuguese and Spanish, at the same moment of the same table.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_python
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po
from babel.util import pathmatch

from conftest import browser_client
from web import create_app

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "translations"
LANGS = ("pt", "es")
DOMAINS = ("messages", "reference")
# The keywords of the extract command in babel.cfg's header (babel's defaults include _, gettext, ngettext, N_).
KEYWORDS = dict(DEFAULT_KEYWORDS, lazy_gettext=None)
# The rule reference's content: its own domain, never the interface's.
REFERENCE_SOURCES = {"dealer/rulings.py", "dealer/rulebook.py", "dealer/rule_questions.py", "templates/rules.html"}

# Interface strings a translation keeps exactly as in English, on purpose. Everything else must differ.
SAME_AS_ENGLISH = {
    "2-7 Triple Draw",  # the game's name
    "A-5 Triple Draw", "Badugi", "badugi", "Badeucey", "Badacey",  # the other games' names (R21-R25)
    "2-7 Single Draw",  # the game's name (R33)
    "All-in", "all-in", "All-in {amount}",  # the house card says "all-in" in Portuguese and Spanish too
    "Pat", "pat",  # the card's word for drawing none ("stand pat", "fica pat", "queda pat")
    "Small blind", "small blind", "Big blind", "big blind", "SB", "BB",  # the card names the blinds in English
    "PHH",  # the name of a file format (PokerKit's hand histories)
    "blinds %(small)s/%(big)s", "ante %(ante)s", "Add-ons",  # tournament levels: the players. words
}


# --- Catalogs and extraction ----------------------------------------------------------------------------------

def catalog_path(lang: str, domain: str, suffix: str = ".po") -> Path:
    return TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}{suffix}"


@cache
def read_catalog(lang: str, domain: str = "messages") -> Catalog:
    with open(catalog_path(lang, domain), "rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def key(message_id: str | tuple[str, ...]) -> str:
    """Catalogs index plural entries by their singular."""
    return message_id if isinstance(message_id, str) else message_id[0]


def translate(lang: str, message_id: str, domain: str = "messages") -> str:
    message = read_catalog(lang, domain).get(message_id)
    assert message is not None and isinstance(message.string, str), f"{message_id!r} is not in the {lang} catalog"
    return message.string


def mapping(name: str) -> list[tuple[str, str]]:
    with open(ROOT / name, encoding="utf-8") as handle:
        method_map, _options = parse_mapping_cfg(handle)
    return method_map


def listed(path: str, method_map: list[tuple[str, str]]) -> bool:
    return any(pathmatch(pattern, path) for pattern, _method in method_map)


@lru_cache(maxsize=1)
def extracted_messages() -> dict[str, str | tuple[str, ...]]:
    """What `pybabel extract -F babel.cfg` finds (the strings the messages catalogs must translate), by singular."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found: dict[str, str | tuple[str, ...]] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=(), strip_comment_tags=False,
    ):
        found[key(message)] = message if isinstance(message, str) else tuple(message)
    return found


def test_babel_cfg_lists_every_source_of_interface_strings_and_keeps_the_reference_out() -> None:
    messages, reference = mapping("babel.cfg"), mapping("babel-reference.cfg")
    for path in sorted([*ROOT.glob("web/*.py"), *ROOT.glob("dealer/*.py"), ROOT / "app.py"]):
        name = path.relative_to(ROOT).as_posix()
        with open(path, "rb") as handle:
            marked = list(extract_python(handle, KEYWORDS, [], {}))
        if name in REFERENCE_SOURCES:
            assert not listed(name, messages) and listed(name, reference), name
        elif marked:
            assert listed(name, messages), f"{name} has translatable strings but babel.cfg does not list it"
    for path in sorted(ROOT.glob("templates/**/*.html")):
        name = path.relative_to(ROOT).as_posix()
        if name in REFERENCE_SOURCES:
            assert not listed(name, messages) and listed(name, reference), name
        else:
            assert listed(name, messages), f"{name} is not in babel.cfg"


def test_extraction_finds_interface_and_engine_strings() -> None:
    found = extracted_messages()
    assert {"Fold", "Who wins?", "{player} folds", "pair of {rank}", "No such API address."} <= set(found)
    assert {"Serve {player} 1 card", "Serve {player} {count} cards", "Deal plan, draw {number}"} <= set(found)
    assert "House rulings" not in found  # the reference domain's


@pytest.mark.parametrize("lang", LANGS)
def test_messages_catalog_translates_every_extracted_string(lang: str) -> None:
    catalog = read_catalog(lang)
    extracted = extracted_messages()
    entries = {key(message.id): message for message in catalog if message.id}
    missing = sorted(set(extracted) - set(entries))
    assert missing == [], f"not in the {lang} catalog (run the update in babel.cfg's header): {missing[:5]}"
    stale = sorted(set(entries) - set(extracted))
    assert stale == [], f"in the {lang} catalog but no longer in the sources (run the update): {stale[:5]}"
    for name, message in entries.items():
        english = extracted[name]
        assert (message.id if isinstance(message.id, str) else tuple(message.id)) == english, name
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        assert all(forms) and not message.fuzzy, f"untranslated or fuzzy in {lang}: {name!r}"
        if isinstance(english, tuple):
            assert len(forms) == catalog.num_plurals, f"{name!r}: {len(forms)} plural forms"


@pytest.mark.parametrize("lang", LANGS)
def test_only_the_listed_interface_words_stay_english(lang: str) -> None:
    same = {key(message.id) for message in read_catalog(lang) if message.id and message.string == message.id
            and re.search(r"[A-Za-z]{2}", re.sub(r"%\(\w+\)s|\{\w*\}", "", key(message.id)))}
    assert same <= SAME_AS_ENGLISH, f"{lang} keeps these in English: {sorted(same - SAME_AS_ENGLISH)}"


# --- Placeholders ---------------------------------------------------------------------------------------------

PERCENT = re.compile(r"%\((\w+)\)[sd]")
BRACES = re.compile(r"\{(\w*)\}")


def placeholders(text: str) -> tuple[list[str], list[str], str]:
    """The str.format fields, the %-style names, and what is left of braces and percent signs."""
    plain = text.replace("{{", "").replace("}}", "").replace("%%", "")
    rest = BRACES.sub("", PERCENT.sub("", plain))
    return sorted(BRACES.findall(plain)), sorted(PERCENT.findall(plain)), "".join(c for c in rest if c in "{}%")


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_keeps_the_placeholders(lang: str, domain: str) -> None:
    problems = []
    for message in read_catalog(lang, domain):
        if not message.id:
            continue
        if isinstance(message.id, str):
            pairs = [(message.id, message.string, ())]
        else:
            singular, plural = message.id[0], message.id[1]
            pairs = [(plural if index else singular, form, () if index else (plural,))
                     for index, form in enumerate(message.string)]
        for english, translated, also in pairs:
            wanted = [placeholders(text) for text in (english, *also)]
            if placeholders(translated) not in wanted:
                problems.append((english, translated))
    assert problems == [], f"{lang}/{domain}: placeholders differ in {problems[:3]}"


def test_placeholder_reading() -> None:
    assert placeholders("{player} raises to {to}") == (["player", "to"], [], "")
    assert placeholders('Send {{"hands": […]}} with %(n)s') == ([], ["n"], "")
    assert placeholders("50% of {pot") == ([], [], "%{")


# --- Compiled catalogs ----------------------------------------------------------------------------------------

def entries(catalog: Catalog) -> dict[Any, Any]:
    return {message.id if isinstance(message.id, str) else tuple(message.id): message.string for message in catalog}


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_committed_mo_files_are_compiled_from_the_po_files(lang: str, domain: str, tmp_path: Path) -> None:
    fresh = tmp_path / f"{domain}.mo"
    with open(fresh, "wb") as handle:
        write_mo(handle, read_catalog(lang, domain))  # what `make translations` (pybabel compile) writes
    with open(fresh, "rb") as handle:
        compiled = read_mo(handle)
    committed_path = catalog_path(lang, domain, ".mo")
    assert committed_path.is_file(), f"{committed_path} is missing: run `make translations` and commit it"
    with open(committed_path, "rb") as handle:
        committed = read_mo(handle)
    assert entries(committed) == entries(compiled), f"{committed_path} is stale: run `make translations`"
    assert committed.plural_forms == compiled.plural_forms


# --- The JSON API ---------------------------------------------------------------------------------------------

def api_table(client: Any) -> tuple[str, str]:
    answer = client.post("/api/tables", json={"players": ["Ana", "Bia"], "button": "Ana"})
    assert answer.status_code == 201
    return answer.get_json()["table"], answer.get_json()["dealer_token"]


def test_api_refusals_follow_accept_language(client: Any) -> None:
    table, token = api_table(client)
    errors = {}
    for lang in ("en", *LANGS):
        answer = client.post(f"/api/tables/{table}/actions", json={"action": "fold", "player": "Ana"},
                             headers={"Authorization": f"Bearer {token}", "Accept-Language": lang})
        assert answer.status_code == 409
        assert answer.get_json()["rule"] == "03"  # the citation does not depend on the language
        errors[lang] = answer.get_json()["error"]
    template = "No hand is in progress: deal hand {number} first."
    assert errors["en"] == template.format(number=1)
    for lang in LANGS:
        assert errors[lang] == translate(lang, template).format(number=1)
    assert len(set(errors.values())) == 3


@pytest.mark.parametrize("header, lang", [("pt-PT,pt;q=0.9,en;q=0.5", "pt"), ("es-ES,es;q=0.9", "es"),
                                          ("pt-BR", "pt"), ("de-DE,es;q=0.8", "es"), ("fr", "en")])
def test_api_errors_of_every_kind_follow_the_language(client: Any, header: str, lang: str) -> None:
    table, token = api_table(client)

    def say(english: str) -> str:
        return english if lang == "en" else translate(lang, english)

    headers = {"Accept-Language": header}
    bad_json = client.post(f"/api/tables/{table}/actions", data="{", content_type="application/json",
                           headers=dict(headers, Authorization=f"Bearer {token}"))
    assert (bad_json.status_code, bad_json.get_json()["error"]) == (400, say("The request body is not valid JSON."))
    no_token = client.post(f"/api/tables/{table}/actions", json={"action": "deal"}, headers=headers)
    assert no_token.status_code == 401
    assert no_token.get_json()["error"] == say("This needs the table's dealer token (Authorization: Bearer …).")
    unknown = client.get("/api/tables/nosuch", headers=headers)
    assert (unknown.status_code, unknown.get_json()["error"]) == (
        404, say("No table “{table}” on this server.").format(table="nosuch"))
    compared = client.post("/api/compare", json={"hands": ["7h 5c 4d 3s 2c", "Kh Kd 9s 3d 2h"]}, headers=headers)
    assert compared.get_json()["hands"][1]["name"] == say("pair of {rank}").format(rank=say("kings"))
    state = client.get(f"/api/tables/{table}", headers=headers).get_json()
    assert state["log"][0]["text"] == say("First button named by the dealer: {player}").format(player="Ana")


# --- Every page in three languages ----------------------------------------------------------------------------

class Visible(HTMLParser):
    """The text a user sees (scripts and styles left out) and the tooltips and accessible names."""

    ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "data-hand-label")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in self.ATTRIBUTES and value and value.strip():
                self.nodes.append(" ".join(value.split()))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.nodes.append(" ".join(data.split()))


def visible(html: str) -> list[str]:
    parser = Visible()
    parser.feed(html)
    return parser.nodes


NAMES = ("Ana", "Bia", "Caio")
HANDS = {"Ana": "7h 5c 4d 3s 2c", "Bia": "8h 6c 4s 3c 2d", "Caio": "Kh Kd 9s 3d 2h"}
WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
FRAGMENT_SPLIT = re.compile(r"%\(\w+\)s|\{\w*\}")


@cache
def vocabulary(lang: str) -> frozenset[str]:
    """Every word the catalogs use in this language (both domains): such words are the language's own."""
    words: set[str] = set()
    for domain in DOMAINS:
        for message in read_catalog(lang, domain):
            if message.id:
                for form in (message.string,) if isinstance(message.string, str) else message.string:
                    words.update(WORD.findall(FRAGMENT_SPLIT.sub(" ", form)))
    return frozenset(words)


@cache
def translated_texts(lang: str) -> str:
    return "\n".join(FRAGMENT_SPLIT.sub("\n", form) for domain in DOMAINS for message in read_catalog(lang, domain)
                     if message.id
                     for form in ((message.string,) if isinstance(message.string, str) else message.string))


# Cards and hand patterns: 7h, K♦, 7-5-4-3-2, A-A.
CARDS = re.compile(r"(?:10|[2-9TJQKA])[cdhs♣♦♥♠]?(?:[-–](?:10|[2-9TJQKA])[cdhs♣♦♥♠]?)*")


def words_of(nodes: list[str], table: str) -> set[str]:
    """Words of a page, leaving out addresses and file names, cards and hand patterns, player names, the table id
    and the language switch's codes."""
    tokens = [token.strip(".,:;()[]«»“”") for token in " ".join(nodes).split()]
    text = " ".join(token for token in tokens if "/" not in token and "." not in token and not CARDS.fullmatch(token)
                    and not (table and table in token))
    return {word for word in WORD.findall(text)
            if len(word) > 1 and word not in NAMES and word not in ("EN", "PT", "ES")}


def english_left(page: list[str], english_page: list[str], lang: str, table: str) -> list[str]:
    """Words of the page that also read in the English page and are none of this language's catalog words."""
    return sorted(words_of(page, table) & words_of(english_page, table) - vocabulary(lang))


def untranslated_interface_strings(page: list[str], lang: str) -> list[tuple[str, str]]:
    """English pieces of messages-catalog strings (between their placeholders) found in the page as written."""
    text = " ".join(page)
    found = []
    for message in read_catalog(lang):
        if not message.id or message.string == message.id:
            continue
        for english in (message.id,) if isinstance(message.id, str) else message.id:
            for piece in FRAGMENT_SPLIT.split(english):
                piece = piece.strip(" :;,.()")
                if not re.search(r"[A-Za-z]{3}", piece) or piece in translated_texts(lang):
                    continue
                if re.search(r"(?<!\w)" + re.escape(piece) + r"(?!\w)", text):
                    found.append((english, piece))
    return found


def switched_strings_missing(page: list[str], english_page: list[str], lang: str) -> list[str]:
    """Whole interface strings shown in English whose translation (either domain) is missing from the page."""
    english_nodes = set(english_page)
    text = " ".join(page)
    missing = []
    for message in read_catalog(lang):
        if isinstance(message.id, str) and message.id in english_nodes and not FRAGMENT_SPLIT.search(message.id):
            options = {message.string}
            other = read_catalog(lang, "reference").get(message.id)
            if other is not None:
                options.add(other.string)
            if not any(option in text for option in options):
                missing.append(message.id)
    return missing


class Scenario:
    """One table played through the dealer console (its own app and SQLite file); every page captured at each
    moment in English, Portuguese and Spanish."""

    def __init__(self, database: Path) -> None:
        self.app = create_app({"DATABASE": str(database), "TESTING": True})
        self.dealer = browser_client(self.app)
        self.pages: dict[str, dict[str, list[str]]] = {}
        self.table = ""

    def capture(self, name: str, url: str, client: Any = None, method: str = "GET", **kwargs: Any) -> None:
        client = client or self.dealer
        found = {}
        for lang in ("en", *LANGS):
            answer = client.open(url, method=method, headers={"Accept-Language": lang}, **kwargs)
            assert answer.status_code < 500, (url, answer.status_code)
            found[lang] = visible(answer.get_data(as_text=True))
        self.pages[name] = found

    def state(self) -> dict[str, Any]:
        return self.dealer.get(f"/api/tables/{self.table}").get_json()

    def act(self, action: str, **fields: Any) -> None:
        state = self.state()
        data = {"action": action, "seq": str(state["seq"])}
        if state["to_act"] and action not in ("deal", "misdeal"):
            data["player"] = state["to_act"]
        data.update({name: str(value) for name, value in fields.items()})
        answer = self.dealer.post(f"/t/{self.table}/dealer/act", data=data)
        assert answer.status_code == 303, answer.get_data(as_text=True)[:500]

    def both(self, name: str) -> None:
        self.capture(f"console-{name}", f"/t/{self.table}/dealer")
        self.capture(f"player-{name}", f"/t/{self.table}")

    def play(self) -> None:
        self.capture("start-empty", "/")
        self.capture("start-refused", "/new", method="POST", data={
            "name": ["Ana", "Ana", "", "", "", ""], "player_stack": [""] * 6, "button": "lot", "stack": "100"})
        answer = self.dealer.post("/new", data={"name": [*NAMES, "", "", ""], "player_stack": ["", "", "7", "", "", ""],
                                                "button": "0", "stack": "100", "hands": "2"})
        assert answer.status_code == 303
        self.table = answer.headers["Location"].split("/")[2]
        self.both("deal")
        self.capture("start-tables", "/")
        self.capture("tables", "/t/")
        self.capture("locked", f"/t/{self.table}/dealer", client=self.app.test_client())
        self.act("deal")
        self.both("bet")
        self.act("call")  # Ana
        self.act("call")  # Bia completes the small blind
        self.act("check")  # Caio, the big blind: 5 chips left
        self.act("draw", count=2)  # Bia
        self.act("draw", count=0)  # Caio
        self.both("draw")
        self.act("draw", count=5)  # Ana: the deal plan of the draw is shown
        self.both("plan")
        self.capture("console-stale", f"/t/{self.table}/dealer/act", method="POST",
                     data={"action": "check", "player": "Bia", "seq": "1"})
        for _ in range(3):
            self.act("check")
        for _ in range(3):
            self.act("draw", count=0)
        self.act("bet")  # Bia bets 4 (a big bet)
        self.act("raise")  # Caio: all-in for 5, adding less than half a bet
        self.both("complete")  # Ana has not acted yet: she may complete to 8
        self.act("call")  # Ana
        self.both("short-all-in")  # Bia acted at 4: the short all-in does not reopen the betting for her
        self.act("call")
        for _ in range(3):
            self.act("draw", count=0)
        self.act("bet")  # Bia: a side pot between Bia and Ana
        self.act("call")  # Ana
        self.both("showdown")
        self.act("show", typed=HANDS[self.state()["to_act"]])
        self.both("shown")
        while self.state()["phase"] == "showdown":
            self.act("show", typed=HANDS[self.state()["to_act"]])
        self.both("result")
        self.capture("log", f"/t/{self.table}/log")
        self.act("deal")
        while self.state()["phase"] != "over":
            self.act("fold")
        self.both("over")
        self.capture("report", f"/t/{self.table}/report")
        self.capture("start-finished", "/")
        self.capture("rules", "/rules")
        self.capture("compare", "/compare")
        self.capture("compare-ranked", "/compare?hand1=7h+5c+4d+3s+2c&hand2=8h+6c+4s+3c+2d&hand3=Kh+Kd+9s+3d+2h"
                                       "&hand4=7s+5d+4h+3h+2s&hand5=Ts+9h+8d+7d+6s&hand6=Qc+Jc+9c+7c+4c")
        self.capture("compare-refused", "/compare", method="POST", data={"hand1": "7h 5c 4d 3s", "hand2": "7h 6c"})
        self.capture("not-found", "/no/such/page")


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scenario]:
    played = Scenario(tmp_path_factory.mktemp("languages") / "dealer.sqlite3")
    played.play()
    yield played


PAGES = ["start-empty", "start-refused", "start-tables", "start-finished", "tables", "locked", "log", "not-found",
         "report",
         *(f"{view}-{moment}" for moment in ("deal", "bet", "draw", "plan", "complete", "short-all-in", "showdown",
                                              "shown", "result", "over") for view in ("console", "player")),
         "console-stale", "rules", "compare", "compare-ranked", "compare-refused"]


def test_the_scenario_reaches_every_moment(scenario: Scenario) -> None:
    assert set(scenario.pages) == set(PAGES)
    english = {name: " ".join(pages["en"]) for name, pages in scenario.pages.items()}
    assert "Complete to 8" in english["console-complete"]
    assert "Raise not offered" in english["console-short-all-in"]
    assert "Deal plan, draw 1" in english["console-plan"] and "Burn 1" in english["console-plan"]
    assert "to show now" in english["console-showdown"]
    assert "pair of kings" in english["player-result"] and "side pot" in english["player-result"]
    assert "Session over" in english["console-over"] and "Out" in english["player-over"]
    assert "Another tablet recorded" in english["console-stale"]
    assert "Two players are called" in english["start-refused"]
    assert "splits the pot" in english["compare-ranked"] and "straights and flushes count" in english["compare-ranked"]
    assert "pair of kings" in english["compare-ranked"] and "ten-high straight" in english["compare-ranked"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PAGES)
def test_switching_language_changes_every_visible_string(scenario: Scenario, name: str, lang: str) -> None:
    page, english = scenario.pages[name][lang], scenario.pages[name]["en"]
    assert page != english
    assert english_left(page, english, lang, scenario.table) == []
    assert untranslated_interface_strings(page, lang) == []
    assert switched_strings_missing(page, english, lang) == []


def test_the_page_checks_catch_english_left_behind() -> None:
    english = visible('<p>Hand 2 of 10</p><button title="Why: the rule reference">Fold</button><p>Ana</p>')
    assert english_left(visible("<p>Mão 2 de 10</p><button>Fold</button><p>Ana</p>"), english, "pt", "") == ["Fold"]
    found = untranslated_interface_strings(visible("<p>Registo: Hand 2 of 10</p>"), "pt")
    assert ("Hand {number} of {hands}", "Hand") in found
    assert untranslated_interface_strings(visible("<p>Registo: Mão 2 de 10</p><p>Ana: all-in</p>"), "pt") == []
    assert switched_strings_missing(visible("<button>Fold</button>"), english, "es") == [
        "Fold", "Why: the rule reference"]
    assert switched_strings_missing(visible('<button title="Por qué: la referencia de las reglas">Retirarse</button>'),
                                    english, "es") == []
