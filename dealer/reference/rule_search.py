"""The rule search: a whole question, in the reader's language, ranked against the rule reference's entries.

The reader types what they would ask at the table ("who gets the odd chip", "qué pasa si se acaba el mazo"). The
question loses its stop words, gains each word's synonyms, and every entry (section, ruling, question, glossary
term) is scored by the words it shares with it: a word in an entry's everyday phrases (search_words.py) or title
counts more than one in its text, a rare word more than a common one, and a phrase found whole in the question
most of all. Everything is read through ``translate`` (the page's catalog), so each language searches its own text,
stop words and synonyms. Accents and case are ignored; a hand written any way ("A2345", "a-2-3-4-5", "Ah 2c 3d 4s
5h") is one word, its ranks high to low.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from .rule_questions import GLOSSARY, QUESTIONS
from .rulebook import SECTIONS, Cards, Section
from .rulings import RULINGS
from .search_words import SEARCH_WORDS, STOP_WORDS, SYNONYMS

Translate = Callable[[str], str]

_RANK = r"(?:10|[2-9tjqka1])"
_SUIT = "[cdhs\u2660-\u2667]?"
_HAND = re.compile(rf"(?<![a-z0-9]){_RANK}{_SUIT}(?:[\s,./\-\u2013]*{_RANK}{_SUIT}){{4}}(?![a-z0-9])")
_VALUE = {"a": 14, "1": 14, "k": 13, "q": 12, "j": 11, "t": 10, "10": 10}
_NAME = {14: "a", 13: "k", 12: "q", 11: "j", 10: "t"}
_WORD = re.compile(r"hand:[0-9akqjt]+|[0-9a-z]+")

WORDS_WEIGHT, TITLE_WEIGHT, TEXT_WEIGHT = 3.0, 2.0, 1.0
PHRASE_BONUS = 4.0  # an entry's everyday phrase found whole in the question: what the reader meant
SYNONYM_SHARE = 0.7  # a synonym's match counts a little less than the word typed
MIN_COVERAGE = 0.5  # an entry must share at least half of the question's (weighted) known words
MIN_SHARE_OF_BEST = 0.3  # and score at least this share of the best entry, so stray matches stay out


@dataclass(frozen=True)
class SearchHit:
    """One entry the search found: its anchor on the rules page, its title (translated), its mark ("§05", "R13",
    "" for a question or a term) and its score."""

    anchor: str
    title: str
    score: float
    mark: str = ""


@dataclass(frozen=True)
class _Words:
    """A field's words, sorted, so a word and the longer words it begins are found by bisection."""

    sorted: tuple[str, ...]

    @classmethod
    def of(cls, words: Iterable[str]) -> _Words:
        return cls(tuple(sorted(set(words))))

    def match(self, word: str) -> float:
        """1 for the word itself, 0.8 for a longer word it begins ("reab" in "reabertura"), else 0."""
        at = bisect_left(self.sorted, word)
        found = self.sorted[at] if at < len(self.sorted) else ""
        if found == word:
            return 1.0
        return 0.8 if len(word) >= 3 and not word.startswith("hand:") and found.startswith(word) else 0.0


@dataclass(frozen=True)
class _Entry:
    anchor: str
    mark: str
    title: str
    title_words: _Words
    text_words: _Words
    phrase_words: _Words
    phrases: tuple[frozenset[str], ...]


def fold(text: str) -> str:
    """Lower case without accents: "Preparação" reads "preparacao"."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).lower()


def _hand_word(found: str) -> str:
    values = [_VALUE.get(rank) or int(rank) for rank in re.findall(r"10|[2-9tjqka1]", found)]
    return "hand:" + "".join(_NAME.get(value) or str(value) for value in sorted(values, reverse=True))


def _stem(word: str) -> str:
    """A plural and its singular are one word ("chips", "cartas", "mazos")."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def words_of(text: str) -> list[str]:
    """The words of a text, folded and stemmed, each hand written as its one hand word."""
    folded = _HAND.sub(lambda found: f" {_hand_word(found.group())} ", fold(text))
    return [_stem(word) for word in _WORD.findall(folded)]


def _entry(anchor: str, title: str, texts: Iterable[str], translate: Translate, stop: set[str],
           mark: str = "") -> _Entry:
    phrases = tuple(frozenset(words_of(phrase)) - stop for key in SEARCH_WORDS.get(anchor, ())
                    for phrase in translate(key).split(";") if phrase.strip())
    shown = translate(title)
    return _Entry(anchor, mark, shown, _Words.of(words_of(shown)),
                  _Words.of(word for text in texts for word in words_of(translate(text))),
                  _Words.of(word for phrase in phrases for word in phrase), phrases)


def _section_texts(section: Section) -> Iterable[str]:
    yield from section.paragraphs
    for table in section.tables:
        yield from (table.caption, table.note, *table.headers)
        for row in table.rows:
            yield from (cell.text if isinstance(cell, Cards) else cell for cell in row)
    for example in section.hand_examples:
        yield from (example.first, example.second, example.outcome)


def _entries(translate: Translate, stop: set[str]) -> list[_Entry]:
    """Every searchable entry of the rules page, in the page's order, read in the page's language."""
    entries = [_entry(section.anchor, section.title, _section_texts(section), translate, stop, f"§{section.number}")
               for section in SECTIONS]
    entries += [_entry(item.anchor, item.title, (item.id, item.text, item.reason), translate, stop, item.id)
                for item in RULINGS]
    entries += [_entry(f"faq-{number}", question.question, (question.answer,), translate, stop)
                for number, question in enumerate(QUESTIONS, start=1)]
    entries += [_entry(term.anchor, term.term, (term.definition,), translate, stop) for term in GLOSSARY]
    return entries


def _synonyms(translate: Translate) -> list[list[tuple[str, ...]]]:
    """The catalog's groups of words meaning the same, each word or phrase as its words."""
    groups = [[tuple(words_of(member)) for member in group.split("=")] for group in translate(SYNONYMS).split(";")]
    return [[member for member in group if member] for group in groups]


Synonyms = dict[str, list[frozenset[str]]]


def _question_words(typed: list[str], translate: Translate, stop: set[str]) -> Synonyms:
    """The question's own words without stop words, each with the synonyms (each a set of words, all needed) that
    it, or a phrase it is in, brings: "mazo" brings {"baraja"}, "top up" brings {"rebuy"} and {"add", "chip"}."""
    own: Synonyms = {word: [] for word in typed if word not in stop}
    joined = f" {' '.join(typed)} "
    for group in _synonyms(translate):
        found = [member for member in group if f" {' '.join(member)} " in joined]
        others = [frozenset(member) - stop for member in group if member not in found]
        for word in {word for member in found for word in member if word in own}:
            own[word] += [other for other in others if other]
    return own


def _field_score(word: str, entry: _Entry) -> float:
    """A word in the entry's everyday phrases, its title and its text: each place adds (the title says most)."""
    return (entry.phrase_words.match(word) * WORDS_WEIGHT + entry.title_words.match(word) * TITLE_WEIGHT
            + entry.text_words.match(word) * TEXT_WEIGHT)


@dataclass(frozen=True)
class _Catalog:
    """The reference read in one language: its entries and stop words."""

    entries: tuple[_Entry, ...]
    stop: frozenset[str]


def _catalog(translate: Translate) -> _Catalog:
    stop = set(words_of(translate(STOP_WORDS)))
    return _Catalog(tuple(_entries(translate, stop)), frozenset(stop))


@lru_cache(maxsize=8)
def _catalog_of(language: str, translate: Translate) -> _Catalog:
    """One language's catalog, read once: the reference's text only changes with a new version of the app."""
    return _catalog(translate)


def search_rules(query: str, translate: Translate, language: str | None = None) -> list[SearchHit] | None:
    """The entries that answer the question, best first; None when it has no word to search for (show all).
    ``language`` names the catalog ``translate`` reads, so its entries are read once (none: read now)."""
    catalog = _catalog_of(language, translate) if language else _catalog(translate)
    own = _question_words(words_of(query), translate, set(catalog.stop))
    if not own:
        return None
    asked = set(own).union(*(other for brought in own.values() for other in brought))
    weight = {word: _rarity(word, catalog.entries) for word in asked}
    # A word no entry has counts through its synonyms ("mazo" through "baraja"), or not at all.
    known = {word: max([weight[word], *(min(weight[one] for one in other) for other in brought)])
             for word, brought in own.items()}
    total = sum(known.values()) or 1.0
    scored = [(score, entry) for entry in catalog.entries
              for score, covered in [_score(entry, own, weight, known, asked)]
              if score > 0 and covered / total >= MIN_COVERAGE]
    best = max((score for score, _ in scored), default=0.0)
    hits = [SearchHit(entry.anchor, entry.title, round(score, 3), entry.mark)
            for score, entry in scored if score >= MIN_SHARE_OF_BEST * best]
    return sorted(hits, key=lambda hit: -hit.score)  # stable: equal scores keep the page's order


def _score(entry: _Entry, own: Synonyms, weight: dict[str, float], known: dict[str, float],
           asked: set[str]) -> tuple[float, float]:
    """An entry's score for the question, and how much of the question's weight it covers."""
    matched = {word: _field_score(word, entry) * weight[word] for word in asked}
    score = covered = 0.0
    for word, brought in own.items():
        found = max([matched[word], *(SYNONYM_SHARE * min(matched[one] for one in other) for other in brought)])
        score += found
        covered += known[word] if found > 0 else 0.0
    score += PHRASE_BONUS * sum(1 for phrase in entry.phrases if phrase and phrase <= asked)
    return score, covered


def _rarity(word: str, entries: tuple[_Entry, ...]) -> float:
    """How much finding this word says: more for a word few entries have (0 for a word none has)."""
    having = sum(1 for entry in entries if _field_score(word, entry) > 0)
    return math.log(1 + len(entries) / having) if having else 0.0
