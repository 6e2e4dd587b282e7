"""Dread S-20's game words in Spanish and English: the scores the rules read and the
armour's parts (DS-6, DS-7, seed 004). Pure.

The state keeps them by their Spanish ids, as the seed names them (``armas c.c.``,
``brazos``); a reader sees the catalogue's label in their language (``ds20.skill.*``,
``ds20.armor.*``) and a sheet may be written with either (``Initiative 5``, ``Melee 9``,
``Armour: torso, arms``), accents or not (issue 29). A score the sheet invents keeps the
name it was written with.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.i18n import LANGUAGES, catalog, term, written
from bot.systems.ds20.state import (
    ACROBACIA,
    ARMAS_CC,
    ARMAS_FUEGO,
    ARMOR_PART_SCORE,
    DESTREZA,
    FORTALEZA,
    INICIATIVA,
    PELEA,
    PRIMEROS_AUXILIOS,
)
from bot.systems.words import fold

SKILL_IDS: dict[str, str] = {
    FORTALEZA: "fortaleza",
    DESTREZA: "destreza",
    PELEA: "pelea",
    ARMAS_CC: "armas_cc",
    ARMAS_FUEGO: "armas_fuego",
    ACROBACIA: "acrobacia",
    PRIMEROS_AUXILIOS: "primeros_auxilios",
    INICIATIVA: "iniciativa",
}
"""The scores the rules read, by their Spanish keys, and their catalogue ids."""

# Spellings besides each language's label ("Armas CC", "Melee weapons").
SKILL_SPELLINGS: dict[str, tuple[str, ...]] = {
    ARMAS_CC: ("armas cc", "armas c. c.", "armas c.c", "armas cuerpo a cuerpo", "melee weapons",
               "melee weapon", "cc"),
    ARMAS_FUEGO: ("armas fuego", "firearm", "fire arms", "guns"),
    PELEA: ("brawling", "fight", "fighting"),
    PRIMEROS_AUXILIOS: ("primeros auxilios",),
}  # fmt: skip
ARMOR_SPELLINGS: dict[str, tuple[str, ...]] = {
    "cabeza": ("head",),
    "brazos": ("brazo", "arm", "arms"),
    "torso": ("chest", "body"),
    "piernas": ("pierna", "leg", "legs"),
}


@cache
def _skill_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for key, ref in SKILL_IDS.items():
        labels = {catalog(lang).get(f"ds20.skill.{ref}", key) for lang in LANGUAGES}
        for spelling in {key, *labels, *SKILL_SPELLINGS.get(key, ())}:
            names.setdefault(fold(spelling), key)
    return names


def skill_key(name: str) -> str:
    """The key of a characteristic or skill as the rules read it, written in either
    language ("Armas CC", "Melee", "Initiative" -> ``armas c.c.``, ``iniciativa``); a
    score the sheet invents, folded."""
    folded = fold(name)
    return _skill_names().get(folded, folded)


def skill_term(key: str, written_as: str | None = None) -> dict[str, Any]:
    """A score for a ``:key`` parameter: one the rules read in the reader's language, an
    invented one as the sheet wrote it."""
    ref = SKILL_IDS.get(key)
    return term(f"ds20.skill.{ref}") if ref else written(written_as or key)


def skill_name(key: str, lang: str) -> str:
    ref = SKILL_IDS.get(key)
    return catalog(lang).get(f"ds20.skill.{ref}", key) if ref else key


@cache
def _armor_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for part in ARMOR_PART_SCORE:
        labels = {catalog(lang).get(f"ds20.armor.{part}", part) for lang in LANGUAGES}
        for spelling in {part, *labels, *ARMOR_SPELLINGS.get(part, ())}:
            names.setdefault(fold(spelling), part)
    return names


def armor_part(text: str) -> str | None:
    """The armour part a word names in either language ("arms" -> ``brazos``)."""
    return _armor_names().get(fold(text))


def armor_name(part: str, lang: str) -> str:
    return catalog(lang).get(f"ds20.armor.{part}", part)
