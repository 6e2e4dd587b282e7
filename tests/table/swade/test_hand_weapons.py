"""SW-44 with SW-10: a hand weapon that can also be thrown (a dagger with ``3/6/12``, a
spear, a throwing axe: Strength damage and a range) strikes with Fighting against Parry
unless the command says it throws (a range band, ``flags:thrown``, ``skill:athletics``);
it was always a throw at TN 4, even with ``skill:fighting``. ``skill:`` decides for any
weapon: Fighting with a pistol is refused, and so is Fighting with a range band (the band
was dropped without a word). A Fighting attack without ``weapon:`` takes the first weapon
that strikes (a dagger), not Strength alone; a sling never strikes.

Kai (a Wild Card) has Fighting d10, Athletics d6 and Shooting d8: the die rolled says the
skill. The Orc has Parry 5: "against 5" is Parry, "against 4" a ranged TN."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import all_dice_used, must, swade_table

KAI = {
    "es": (
        "Kai\\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\n"
        "Habilidades: Atletismo d6, Pelear d10, Disparar d8, Notar d6\\nParada: 7; Dureza: 5\\n"
        "Equipo: Pistola (Distancia 12/24/48, Daño 2d6, Disparos 6), Honda (Fue+d4,"
        " Distancia 4/8/16), Daga (FUE+d4, Distancia 3/6/12), Hacha (FUE+d6)"
    ),
    "en": (
        "Kai\\nAttributes: Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6\\n"
        "Skills: Athletics d6, Fighting d10, Shooting d8, Notice d6\\nParry: 7; Toughness: 5\\n"
        "Gear: Pistol (Range 12/24/48, Damage 2d6, Shots 6), Sling (Str+d4, Range 4/8/16),"
        " Dagger (Str+d4, Range 3/6/12), Axe (Str+d6)"
    ),
}
ORC = {"es": "Orco", "en": "Orc"}
ORC_SHEET = "Orc: Fighting d6, Parry 5, Toughness 12, club Str+d4"
DAGGER = {"es": "Daga", "en": "Dagger"}
PISTOL = {"es": "Pistola", "en": "Pistol"}


@asynccontextmanager
async def _table(tmp_path: Path, locale: str, dice: list[int]) -> AsyncIterator[OfflineTable]:
    async with swade_table(tmp_path, dice, fight=False, locale=locale) as table:
        await must(table, f'@gm /combatant add name:Kai wildcard:true statblock:"{KAI[locale]}"')
        await must(table, f'@gm /combatant add name:{ORC[locale]} statblock:"{ORC_SHEET}"')
        yield table


def _attack(locale: str, rest: str) -> str:
    if locale == "es":
        return f"@gm /atacar objetivo:Orco quien:Kai {rest}"
    return f"@gm /attack target:Orc actor:Kai {rest}"


@pytest.mark.parametrize("locale", ["es", "en"])
async def test_a_dagger_strikes_with_fighting_against_parry(tmp_path: Path, locale: str) -> None:
    # d10 (Fighting) 6 and the wild die 1 against Parry 5: a hit; damage d6 + d4 = 2 + 1.
    async with _table(tmp_path, locale, [6, 1, 2, 1]) as table:
        weapon = "arma" if locale == "es" else "weapon"
        [reply, *_] = await must(table, _attack(locale, f"{weapon}:{DAGGER[locale]}"))
        text = reply.text()
        assert (
            "**d10: 6**" in text
            and "6 " + ("contra" if locale == "es" else "against") + " 5" in text
        ), text
        all_dice_used(table)


@pytest.mark.parametrize("locale", ["es", "en"])
async def test_a_dagger_with_a_range_band_is_thrown(tmp_path: Path, locale: str) -> None:
    async with _table(tmp_path, locale, [5, 1, 2, 1]) as table:
        rest = "arma:Daga alcance:corto" if locale == "es" else "weapon:Dagger range:short"
        [reply, *_] = await must(table, _attack(locale, rest))
        text = reply.text()
        assert "**d6: 5**" in text and ("5 contra 4" if locale == "es" else "5 against 4") in text
        all_dice_used(table)


async def test_skill_fighting_with_a_dagger_is_fighting_against_parry(tmp_path: Path) -> None:
    async with _table(tmp_path, "en", [6, 1, 2, 1]) as table:
        [reply, *_] = await must(table, _attack("en", "weapon:Dagger skill:fighting"))
        assert "**d10: 6**" in reply.text() and "6 against 5" in reply.text(), reply.text()
        all_dice_used(table)


@pytest.mark.parametrize(
    ("locale", "rest", "said"),
    [
        ("en", "weapon:Pistol skill:fighting", "Pistol is not a melee weapon"),
        ("es", "arma:Pistola habilidad:pelear", "Pistola no es un arma cuerpo a cuerpo"),
        ("en", "skill:fighting range:short", "Fighting neither shoots nor throws: `range:`"),
        ("es", "habilidad:pelear alcance:corto", "Pelear no dispara ni lanza: `alcance:`"),
        ("en", "skill:fighting flags:thrown", "Fighting neither shoots nor throws"),
    ],
)
async def test_fighting_that_cannot_strike_is_refused(
    tmp_path: Path, locale: str, rest: str, said: str
) -> None:
    async with _table(tmp_path, locale, []) as table:
        [reply] = await table.run(_attack(locale, rest))
        assert reply.ephemeral and said in reply.text(), reply.text()


async def test_fighting_without_a_weapon_takes_the_first_that_strikes(tmp_path: Path) -> None:
    """Pistol and sling first on the sheet: the dagger, not Strength alone or the sling."""
    async with _table(tmp_path, "en", [6, 1, 2, 1]) as table:
        [reply, *_] = await must(table, _attack("en", ""))
        assert "with Dagger (Str+d4)" in reply.text() and "**d10: 6**" in reply.text()
        all_dice_used(table)


async def test_a_wild_attack_with_a_dagger_strikes(tmp_path: Path) -> None:
    """It was refused: "a wild attack must be a melee attack"."""
    async with _table(tmp_path, "en", [6, 1, 2, 1]) as table:
        [reply, *_] = await must(table, "@gm /wildattack target:Orc actor:Kai weapon:Dagger")
        assert "**d10: 6**" in reply.text(), reply.text()
        all_dice_used(table)
