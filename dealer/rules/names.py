"""Player names (§01): the shape every name has wherever it comes from (a request, the start form, a file's log), and
when two names are the same name.

A name is text of 1-20 characters, trimmed, in Unicode's composed form (NFC), holding a letter or digit, with no
control, format or bidirectional-override character (a right-to-left override makes a name read backwards on every
screen), and at most :data:`MAX_MARKS` combining marks on one character (:func:`check_name`, run on every name a log
holds). A new name (at creation, at a join, in a file's log as it is replayed) must also not look like a player's
already at the table (:func:`refuse_look_alike`): two names are the same name when they read the same, equal once
folded for compatibility and case (NFKC + casefold: "Ａｎａ" is "ana") or with the same confusables skeleton
(Unicode's UTS #39 data, shipped by the ``confusable-homoglyphs`` package: "ΒΙΑ" in Greek capitals looks like
"BIA"); nor mix alphabets inside a word ("Аna" with a Cyrillic А).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from ..errors import BadInput
from ..messages import N_
from .stakes import MAX_NAME_LENGTH

MAX_MARKS = 2  # combining marks on one character: Vietnamese stacks two; "a" with 19 accents spills over the row
# Scripts a single word may mix: Japanese writes kanji with both kana; Korean may mix hangul and hanja.
SHARED_WORDS = frozenset({"HAN", "HIRAGANA", "KATAKANA", "HANGUL"})
NEUTRAL = frozenset({"COMMON", "INHERITED", "UNKNOWN", "ZINH", "ZYYY", "ZZZZ"})


def clean_name(value: Any) -> str:
    """A player name in its one spelling (see the module), or BadInput with the sentence of what is wrong."""
    if not isinstance(value, str):
        raise BadInput(N_("Each player needs a name (text)."), rule="01")
    name = unicodedata.normalize("NFC", " ".join(value.split()))
    check_name(name)
    return name


def check_name(name: str) -> None:
    """Refuse a name that is not in its one spelling already (a file's log holds names as they were made)."""
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise BadInput(N_("Player names have 1 to {maximum} characters: “{name}”."), rule="01",
                       maximum=MAX_NAME_LENGTH, name=_shown(name))
    if name != unicodedata.normalize("NFC", " ".join(name.split())):
        raise BadInput(N_("Player names are written once, trimmed and composed: “{name}” is not."), rule="01",
                       name=_shown(name))
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise BadInput(N_("Player names cannot contain control characters."), rule="01")
    if not any(char.isalnum() for char in name):
        raise BadInput(N_("Player names need at least one letter or digit: “{name}”."), rule="01", name=_shown(name))
    if _marks_in_a_row(name) > MAX_MARKS:
        raise BadInput(N_("Player names may put at most {maximum} accents on one letter."), rule="01",
                       maximum=MAX_MARKS)


def name_key(name: str) -> str:
    """What a name is compared by: folded for compatibility and case ("Ａｎａ", "ANA" and "Ana" are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def looks_like(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that ``name`` reads as: the same key, or the same confusables skeleton."""
    key, shape = name_key(name), skeleton(name)
    for other in others:
        if name_key(other) == key or skeleton(other) == shape:
            return other
    return None


def refuse_look_alike(name: str, others: Iterable[str]) -> None:
    """A new name beside ``others`` (the players already at the table): BadInput naming the player it looks like,
    or saying that one of its words mixes alphabets ("Аna" with a Cyrillic А, beside no Ana yet)."""
    found = looks_like(name, others)
    if found is not None:
        raise BadInput(N_("“{name}” looks the same as {player}, already at the table: names must tell players "
                          "apart."), rule="01", name=_shown(name), player=found)
    mixed = next((word for word in _words(name) if _mixes_scripts(word)), None)
    if mixed is not None:
        raise BadInput(N_("“{name}” mixes alphabets in one word (letters that look alike but are not): type it "
                          "in one alphabet."), rule="01", name=_shown(mixed))


def skeleton(name: str) -> str:
    """UTS #39's idea of a skeleton: each character replaced by one representative of the characters it is
    confusable with (an ASCII letter when the set has one), before and after case folding (a capital Greek Β looks
    like B, its small β like no Latin letter), so "ΒΙΑ" reads as "bia"."""
    table = _prototypes()
    text = unicodedata.normalize("NFKC", name)
    text = "".join(table.get(char, char) for char in text).casefold()
    return unicodedata.normalize("NFD", "".join(table.get(char, char) for char in text)).casefold()


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's representative, read once from the package's copy of Unicode's data."""
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    found: dict[str, str] = {}
    for char, entries in data.items():
        group = {char, *(entry["c"] for entry in entries if len(entry["c"]) == 1)}
        if len(char) == 1:
            found[char] = min(group, key=_plainest)
    return found


def _plainest(char: str) -> tuple[bool, bool, str]:
    """ASCII letters first, then other ASCII, then by code point."""
    return not (char.isascii() and char.isalpha()), not char.isascii(), char


def _words(name: str) -> list[str]:
    """The runs of letters and marks: "Ana-Мария" is two words, each in one alphabet."""
    words, current = [], []
    for char in name:
        if unicodedata.category(char)[0] in "LM":
            current.append(char)
        elif current:
            words.append("".join(current))
            current = []
    if current:
        words.append("".join(current))
    return words


def _mixes_scripts(word: str) -> bool:
    found = {script for script in map(_script, word) if script not in NEUTRAL}
    return len(found) > 1 and not found <= SHARED_WORDS


def _script(char: str) -> str:
    """The script of ``char`` (Unicode's Scripts.txt, as the package ships it): "LATIN", "CYRILLIC", "COMMON"…"""
    from confusable_homoglyphs import categories  # type: ignore[import-untyped]  # its data loads on first use

    return str(categories.alias(char)).upper()


def _marks_in_a_row(name: str) -> int:
    longest = run = 0
    for char in name:
        run = run + 1 if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me") else 0
        longest = max(longest, run)
    return longest


def _shown(name: str) -> str:
    """A refused name as a sentence may quote it: cut short, its controls taken out."""
    return "".join(char for char in name[:40] if not unicodedata.category(char).startswith("C"))
