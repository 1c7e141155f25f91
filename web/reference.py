"""The rule reference (/rules), the original seed documents (/rules/seeds/<name>) and "Who wins?" (/compare).

The reference content lives in its own gettext domain, ``reference`` (dealer/rulings.py, dealer/rulebook.py
and the strings of templates/rules.html): it is long and changes with the rules, not with the interface.
Everything else here (the comparator's labels, the engine's sentences) uses the default ``messages`` domain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, jsonify, render_template, request
from flask_babel import Domain, get_locale, gettext

from dealer import (
    ALL_GAMES,
    CARD_EXAMPLE_HANDS,
    DEFAULT_GAME,
    GLOSSARY,
    HAND_EXAMPLES,
    QUESTIONS,
    RULINGS,
    RULINGS_INTRO,
    SEARCH_WORDS,
    SECTIONS,
    BadInput,
    Cards,
    Comparison,
    GameRules,
    Msg,
    Section,
    comparator,
    compare_game,
    game_hand,
    game_of,
    parse_cards,
    parse_hand,
    rank_hand,
    ruling,
    rulings_for_section,
    search_rules,
    seed_description,
    shared_cards,
)

from .card_display import CardView, card_view, deck_grid
from .citations import link_citations
from .paths import ROOT

bp = Blueprint("reference", __name__)

SEEDS_DIR = ROOT / "seeds"
REFERENCE_DOMAIN = Domain(domain="reference")
HAND_FIELDS = tuple(f"hand{number}" for number in range(1, 7))
MIN_HANDS, MAX_HANDS = 2, len(HAND_FIELDS)
MAX_FIELD_LENGTH = 80  # five cards typed generously ("10♥, 10♠, …") stay far below this



# --- The reference domain ------------------------------------------------------------------------------------

def ref_gettext(text: str) -> str:
    """Translate a string of the reference content (the ``reference`` domain), in the request's language."""
    if not text:
        return text  # gettext("") would return the catalog header
    return REFERENCE_DOMAIN.gettext(text)


# --- /rules ---------------------------------------------------------------------------------------------------

def seed_names() -> list[str]:
    """The documents in seeds/, by name: the only files /rules/seeds/<name> will serve."""
    return sorted(path.name for path in SEEDS_DIR.iterdir() if path.is_file() and not path.name.startswith("."))


@bp.get("/rules")
def rules() -> str:
    """The rule reference: the engine's content (sections, rulings, questions, glossary, examples, the seeds) and
    the helpers its template calls to print cards, links, citations and the reference's own translations."""
    return render_template(
        "rules.html", sections=SECTIONS, sections_by_number=SECTIONS_BY_NUMBER, rulings=RULINGS,
        rulings_for_section=rulings_for_section, rulings_intro=RULINGS_INTRO, questions=QUESTIONS, glossary=GLOSSARY,
        hand_examples=HAND_EXAMPLES, card_example=CARD_EXAMPLE_HANDS,
        seeds=[(name, seed_description(name)) for name in seed_names()],
        ruling_of=ruling, ref_=ref_gettext, search_words=search_words, cite=link_citations, card_view=card_view,
        cards_from_text=cards_from_text, compare_link=compare_link, is_cards=lambda cell: isinstance(cell, Cards))


SECTIONS_BY_NUMBER: dict[str, Section] = {section.number: section for section in SECTIONS}


def search_words(anchor: str) -> str:
    """The everyday words that find an entry in the page's language (its ``data-words``), beside its own text."""
    return " ; ".join(ref_gettext(phrase) for phrase in SEARCH_WORDS.get(anchor, ()))


MAX_QUESTION_LENGTH = 200  # a question asked at the table is a line; longer text is cut, never refused


@bp.get("/rules/search")
def search() -> Response:
    """The engine's answer to a question typed in the rule search, best first, in the page's language: each
    entry's anchor, title and mark ("§05", "R13"); ``results`` is null when the question has no word to search for
    (every entry is shown)."""
    question = (request.args.get("q") or "")[:MAX_QUESTION_LENGTH]
    hits = search_rules(question, ref_gettext, str(get_locale() or "en"))
    results = None if hits is None else [{"anchor": hit.anchor, "title": hit.title, "mark": hit.mark} for hit in hits]
    return jsonify({"q": question, "results": results})


@bp.get("/rules/seeds/<name>")
def seed_document(name: str) -> Response:
    """A seed document exactly as it is stored (bytes unchanged), as UTF-8 plain text."""
    if name not in seed_names():  # a whitelist: no path from the URL ever reaches the file system
        abort(404)
    data = (SEEDS_DIR / name).read_bytes()
    response = Response(data, mimetype="text/plain")
    response.headers["Content-Type"] = "text/plain; charset=utf-8"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


# --- Cards as the pages show them -----------------------------------------------------------------------------

def cards_from_text(text: str) -> list[CardView]:
    """The cards of a typed example hand, for display; the examples are ours and always readable."""
    return [card_view(card) for card in parse_hand(text)]


def compare_link(*hands: str) -> str:
    """A link that opens "Who wins?" with these hands filled in and compared, scrolled to the answer."""
    # Two to six hands: the fields past the last hand stay empty (not strict).
    return "/compare?" + urlencode(dict(zip(HAND_FIELDS, hands, strict=False))) + "#ranking"


# --- /compare: "Who wins?" ------------------------------------------------------------------------------------

@dataclass
class HandField:
    name: str  # "hand1"
    number: int  # 1
    text: str
    error: str = ""
    invalid: bool = False


@dataclass(frozen=True)
class RankedRow:
    number: int  # the hand's field number, as the user typed it
    place: int  # the engine's: tied hands share a place and the next place is skipped (1, 1, 3)
    tied: bool
    cards: list[CardView]
    name: str
    category: str
    pattern: str


@dataclass
class CompareResult:
    rows: list[RankedRow] = field(default_factory=list)
    explanation: Msg | None = None
    steps: list[Msg] = field(default_factory=list)
    title: Msg | None = None  # a split game's half ("2-7 lowball", "badugi")


def read_game(source: Mapping[str, str]) -> GameRules:
    """The game the comparator ranks in (2-7 unless the form names another known game)."""
    try:
        return game_of({"game": source.get("game") or None})
    except BadInput:
        return DEFAULT_GAME


def read_hand_fields(source: Mapping[str, str]) -> list[HandField]:
    return [
        HandField(name, number, (source.get(name) or "").strip()[:MAX_FIELD_LENGTH])
        for number, name in enumerate(HAND_FIELDS, start=1)
    ]


def mark_unreadable_hands(fields: list[HandField], game: GameRules = DEFAULT_GAME) -> bool:
    """Put the engine's reason on each hand that is not the game's distinct readable cards; True if any was."""
    found = False
    for hand_field in fields:
        if not hand_field.text:
            continue
        try:
            game_hand(game, hand_field.text)
        except BadInput as refusal:
            hand_field.error = refusal.message.render(gettext)
            hand_field.invalid = found = True
    return found


def mark_shared_cards(fields: list[HandField]) -> None:
    """Mark every hand holding a card that another hand holds too (the engine finds the card)."""
    filled = [hand_field for hand_field in fields if hand_field.text]
    for hand_field, card in zip(filled, shared_cards([parse_cards(one.text) for one in filled]), strict=True):
        if card is not None:
            hand_field.invalid = True
            hand_field.error = gettext("The card %(card)s is in another hand too.", card=card_view(card).label)


def ranked_result(fields: list[HandField], game: GameRules = DEFAULT_GAME) -> list[CompareResult]:
    """Rank the filled-in hands with the engine, each half of a split game on its own; raises BadInput (wrong
    count, a card used twice)."""
    filled = [hand_field for hand_field in fields if hand_field.text]
    compared = compare_game(game, [hand_field.text for hand_field in filled], MIN_HANDS, MAX_HANDS)
    return [result_of(filled, comparison, half.name if game.split else None)
            for half, comparison in zip(game.halves, compared.halves, strict=True)]


def result_of(filled: list[HandField], comparison: Comparison, title: Msg | None = None) -> CompareResult:
    rows = [RankedRow(
        number=filled[placed.given].number,
        place=placed.place,
        tied=placed.tied,
        cards=[card_view(card) for card in placed.hand.compared_order],
        name=placed.hand.name.render(gettext),
        category=gettext(placed.hand.category.label),
        pattern=placed.hand.pattern,
    ) for placed in comparison.placed]
    return CompareResult(rows, comparison.explanation, list(comparison.steps), title)


def compare_fields(fields: list[HandField], game: GameRules = DEFAULT_GAME) -> tuple[list[CompareResult], str]:
    """The ranking (one per half of a split game), or the reason the hands cannot be compared."""
    if mark_unreadable_hands(fields, game):
        return [], gettext("Some hands cannot be read; the reason is under each marked hand.")
    try:
        return ranked_result(fields, game), ""
    except BadInput as refusal:
        mark_shared_cards(fields)
        return [], refusal.message.render(gettext)


def example_links() -> list[tuple[str, str]]:
    """Ready-made comparisons (the card's examples and the classic traps): label and link."""
    links: list[tuple[str, str]] = []
    for example in HAND_EXAMPLES:
        label = f"{rank_hand(parse_hand(example.first)).pattern} · {rank_hand(parse_hand(example.second)).pattern}"
        links.append((label, compare_link(example.first, example.second)))
    return links


@bp.route("/compare", methods=["GET", "POST"])
def compare() -> tuple[str, int]:
    """Who wins? A POST (or a GET carrying hands, as the rule reference links) ranks the hands.

    Bad input answers 400 with the same page, the reason shown and the typed hands kept: htmx 4 swaps 4xx
    responses, so the dealer sees what to fix without losing what was typed.
    """
    source = request.form if request.method == "POST" else request.args
    fields = read_hand_fields(source)
    asked = request.method == "POST" or any(hand_field.text for hand_field in fields)
    game = read_game(source)
    results, error = compare_fields(fields, game) if asked else ([], "")
    words = comparator(game)
    visible = max(MIN_HANDS, max((f.number for f in fields if f.text), default=0))
    page = render_template(
        "compare.html", fields=fields, visible_hands=visible, results=results, error=error, game=game,
        games=tuple(ALL_GAMES.values()), picker=deck_grid(),
        lead=words.lead, reminders=words.reminders, examples=example_links() if words.card_examples else [])
    return page, 400 if error else 200

