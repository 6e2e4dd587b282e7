"""Ritual Hex's shipped words in Spanish and English: the heroes' body parts and limbs
(RH-10); the base actions and example reactions are named the same way
(:mod:`bot.systems.ritualhex.actions`). Pure.

The state keeps a shipped word by its Spanish id, as it always has (a part of kind
``mano`` keyed ``mano1``; the action ``Piña``); what a reader sees is the catalogue's
label in their language (``ritualhex.part.mano``: "mano{number}" / "hand{number}";
``ritualhex.action.punch``: "Piña" / "Punch"), and what a user types is read in either
language, with or without accents (:func:`part_kind`, :func:`names`). A name the GM or a
sheet invents (a ``cola``, a ``Mordisco``) is not looked up: it is shown as written
(``ritualhex.named``), whatever the reader's language (issue 29).

"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.i18n import LANGUAGES, catalog, term, written
from bot.systems.ritualhex.state import RHCombatant
from bot.systems.words import fold

PART_KINDS: tuple[str, ...] = ("cabeza", "cuello", "torso", "brazo", "pierna", "mano", "pies")
"""RH-10: the kinds of the heroes' parts and limbs, by their Spanish ids."""

# Spellings besides each language's label and its plural ("hand", "hands", "manos").
PART_SPELLINGS: dict[str, tuple[str, ...]] = {"pies": ("pie", "foot")}


def _label(key: str, lang: str) -> str:
    return catalog(lang).get(key, "")


@cache
def _part_names() -> dict[str, str]:
    """Every folded name of a shipped part kind, in both languages and their plurals."""
    names: dict[str, str] = {}
    for kind in PART_KINDS:
        spellings = {kind, *PART_SPELLINGS.get(kind, ())}
        for lang in LANGUAGES:
            label = _label(f"ritualhex.part.{kind}", lang).replace("{number}", "")
            spellings |= {label, label + "s", label + "es"}
        for spelling in spellings:
            if fold(spelling):
                names.setdefault(fold(spelling), kind)
    return names


def part_kind(text: str) -> str:
    """The kind a typed word names: a shipped kind's id ("hand", "Manos" -> ``mano``), or
    the word itself, folded (a kind the sheet invents: ``cola``)."""
    folded = fold(text.replace("_", " "))
    return _part_names().get(folded, folded)


def part_key(text: str) -> str:
    """A part key as typed, in either language, as the state keys it ("hand1", "Mano 1"
    -> ``mano1``; "cola2" stays ``cola2``)."""
    compact = fold(text).replace(" ", "").replace("_", "")
    digits = len(compact) - len(compact.rstrip("0123456789"))
    word, number = (compact[:-digits], compact[-digits:]) if digits else (compact, "")
    kind = _part_names().get(word)
    if kind is None:
        return fold(text).replace(" ", "_")
    return kind.replace(" ", "_") + number


def kind_name(kind: str, lang: str) -> str:
    """A part kind as a reader of ``lang`` writes it ("hand"); an invented one as is."""
    if kind not in PART_KINDS:
        return kind
    return catalog(lang).get(f"ritualhex.part.{kind}", kind).replace("{number}", "")


def _number(key: str, kind: str) -> str | None:
    """The number of a shipped kind's part ("1" of ``mano1``, "" of ``pies``); ``None``
    for a part of an invented kind."""
    base = kind.replace(" ", "_")
    number = key[len(base) :]
    shipped = kind in PART_KINDS and key.startswith(base)
    return number if shipped and (number == "" or number.isdigit()) else None


def part_name(key: str, kind: str, lang: str) -> str:
    """A part key as a reader of ``lang`` writes it ("hand1"); an invented one as is."""
    number = _number(key, kind)
    return key if number is None else kind_name(kind, lang) + number


def part_term(key: str, kind: str) -> dict[str, Any]:
    """A part for a ``:key`` parameter: a shipped kind in the reader's language with its
    number ("mano1" is "hand1"), any other part as written."""
    number = _number(key, kind)
    return as_written(key) if number is None else term(f"ritualhex.part.{kind}", number=number)


def as_written(name: str) -> dict[str, Any]:
    """A name the GM or a sheet invented, for a ``:key`` parameter: shown as written in
    every language, never looked up (issue 21)."""
    return written(name)


def limb_term(c: RHCombatant, key: str) -> dict[str, Any]:
    """``c``'s part ``key`` for a ``:key`` parameter (:func:`part_term` with its kind)."""
    part = c.part(key)
    return part_term(key, part.kind if part is not None else key)


def limb_terms(c: RHCombatant, keys: list[str]) -> list[dict[str, Any]]:
    return [limb_term(c, key) for key in keys]
