"""The rule search: whole questions in English, Portuguese and Spanish, ranked by the engine (dealer/reference).

The engine reads the reference through the compiled catalog the server uses, so each language is searched in its
own words, stop words and synonyms; /rules/search serves the same ranking to the page.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.support import NullTranslations, Translations

from dealer import search_rules

ROOT = Path(__file__).resolve().parent.parent


def translate(lang: str):
    catalog = NullTranslations() if lang == "en" else Translations.load(str(ROOT / "translations"), [lang], "reference")
    return catalog.gettext


def anchors(question: str, lang: str = "en") -> list[str]:
    hits = search_rules(question, translate(lang))
    assert hits is not None, question
    return [hit.anchor for hit in hits]


@pytest.mark.parametrize(("lang", "question", "first"), [
    ("en", "who gets the odd chip", {"r17"}),
    ("en", "What happens if the deck runs out?", {"s05", "r13"}),
    ("en", "rebuy", {"r26"}), ("en", "top up", {"r26"}), ("en", "cash out", {"r27"}), ("en", "settle up", {"r27"}),
    ("pt", "quem fica com a ficha ímpar", {"r17"}), ("pt", "o que acontece se o baralho acaba", {"s05", "r13"}),
    ("pt", "quantas cartas posso trocar", {"s05", "r12"}), ("pt", "recompra", {"r26"}), ("pt", "cobrar", {"r27"}),
    ("es", "quién se lleva la ficha impar", {"r17"}), ("es", "qué pasa si se acaba el mazo", {"s05", "r13"}),
    ("es", "cuántas cartas puedo cambiar", {"s05", "r12"}), ("es", "recompra", {"r26"}), ("es", "saldar", {"r27"}),
])
def test_a_question_finds_its_section_or_ruling_first(lang, question, first):
    found = anchors(question, lang)
    assert found and found[0] in first, (question, found)


def test_stop_words_alone_search_nothing_and_show_every_entry():
    assert search_rules("what is the", translate("en")) is None
    assert search_rules("   ", translate("en")) is None


def test_unknown_words_find_nothing():
    assert anchors("zzzzqqq") == []


def test_a_hand_is_one_word_however_it_is_written():
    for typed in ("A2345", "a-2-3-4-5", "Ah 2c 3d 4s 5h", "5 4 3 2 A"):
        assert anchors(typed)[0] == "faq-1", typed
    assert "faq-1" not in anchors("7 6 4 3 2")


def test_a_common_word_alone_does_not_make_an_answer():
    """"ficha" is on most entries in Portuguese: what decides is the rare word of the question."""
    found = anchors("ficha ímpar", "pt")
    assert found[:1] == ["r17"] and "r07" not in found


def test_the_scores_are_best_first():
    hits = search_rules("deck runs out", translate("en")) or []
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)


@pytest.mark.parametrize(("lang", "question", "first"), [
    ("en", "who gets the odd chip", "r17"), ("pt", "recompra", "r26"), ("es", "saldar", "r27"),
])
def test_the_search_route_serves_the_engines_ranking_in_the_pages_language(client, lang, question, first):
    client.set_cookie("lang", lang)
    answer = client.get("/rules/search", query_string={"q": question})
    assert answer.status_code == 200
    results = answer.get_json()["results"]
    assert results[0]["anchor"] == first and results[0]["title"] and results[0]["mark"] == first.upper()


def test_the_search_route_takes_any_text_without_failing(client):
    for odd in ("", "%", "a" * 5000, "<script>", "\u0000"):
        answer = client.get("/rules/search", query_string={"q": odd})
        assert answer.status_code == 200, odd
    assert client.get("/rules/search").get_json() == {"q": "", "results": None}
