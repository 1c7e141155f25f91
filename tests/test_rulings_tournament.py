"""Rulings R35-R37 (the tournament) in the rule reference and its search, in three languages."""

from __future__ import annotations

from typing import Any

import pytest
from babel.support import NullTranslations, Translations

from dealer.reference.rule_search import search_rules
from dealer.reference.rulings import ruling
from test_reference import ROOT

TITLES = {
    "en": ("Eliminations and places in a tournament", "Levels and the tournament clock",
           "Prize money, rebuys, add-ons and chops"),
    "pt": ("Eliminações e lugares num torneio", "Níveis e o relógio do torneio",
           "Prémios, recompras, add-ons e acordos"),
    "es": ("Eliminaciones y puestos en un torneo", "Niveles y el reloj del torneo",
           "Premios, recompras, add-ons y repartos"),
}


@pytest.mark.parametrize("lang", sorted(TITLES))
def test_r35_r36_r37_are_house_rulings_on_the_rules_page(client: Any, lang: str) -> None:
    client.set_cookie("lang", lang)
    page = client.get("/rules").get_data(as_text=True)
    for anchor, title in zip(("r35", "r36", "r37"), TITLES[lang], strict=True):
        assert f'id="{anchor}"' in page and title in page, (lang, anchor)
    # Each is linked from the card's sections it belongs to.
    assert ruling("R35").sections == ("08",) and ruling("R36").sections == ("01", "03")
    assert ruling("R37").sections == ("01", "08")
    assert "TDA 21" in ruling("R35").text and "TDA 23" in ruling("R36").text
    assert "Malmuth-Harville" in ruling("R37").text


@pytest.mark.parametrize(("lang", "question", "anchor"), [
    ("en", "what if two players are knocked out in the same hand", "r35"),
    ("en", "when do the blinds go up", "r36"), ("en", "next level", "r36"), ("en", "break", "r36"),
    ("en", "ICM", "r37"), ("en", "chop", "r37"), ("en", "prize pool", "r37"), ("en", "rebuy", "r26"),
    ("pt", "eliminado", "r35"), ("pt", "próximo nível", "r36"), ("pt", "acordo", "r37"), ("pt", "recompra", "r26"),
    ("es", "eliminado", "r35"), ("es", "siguiente nivel", "r36"), ("es", "reparto", "r37"), ("es", "recompra", "r26"),
])
def test_r37_rule_search_finds_the_tournament_rulings_by_everyday_words(lang: str, question: str,
                                                                        anchor: str) -> None:
    catalog = NullTranslations() if lang == "en" else Translations.load(str(ROOT / "translations"), [lang],
                                                                        "reference")
    hits = search_rules(question, catalog.gettext) or []
    assert hits and hits[0].anchor == anchor, (question, [hit.anchor for hit in hits][:4])
