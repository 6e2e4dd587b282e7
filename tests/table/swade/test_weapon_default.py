"""SW-44: an attack without ``weapon:`` uses the attacker's weapon that fits it (the first
melee weapon on the sheet for Fighting, the first ranged one for Shooting), unarmed only
when the sheet has none, and every reply names the weapon and its damage. Forced dice,
in Spanish and English, through the real command tree.

The Caudillo (a Wild Card, Fighting d8, Shooting d6, Strength d10) carries a bow printed
before his battle axe, so a Fighting attack that took "the first weapon" would shoot.
Isolda (Parry 6, Toughness 5) carries nothing: an armed attacker gets +2 (SW-21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import all_dice_used, must, named, save, state

SHEETS = {
    "es": {
        "armed": (
            "Caudillo\\nAtributos: Agilidad d6, Astucia d6, Espíritu d8, Fuerza d10, Vigor d8\\n"
            "Habilidades: Pelear d8, Disparar d6, Notar d6\\nParada: 6; Dureza: 8 (2)\\n"
            "Equipo: Arco (Distancia 12/24/48, Daño 2d6), Hacha de batalla (FUE+d10)"
        ),
        "bare": (
            "Caudillo\\nAtributos: Agilidad d6, Astucia d6, Espíritu d8, Fuerza d10, Vigor d8\\n"
            "Habilidades: Pelear d8, Notar d6\\nParada: 6; Dureza: 8 (2)"
        ),
        "isolda": (
            "Isolda (WC)\\nAtributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
            "Habilidades: Pelear d8, Notar d6\\nParada: 6; Dureza: 5"
        ),
    },
    "en": {
        "armed": (
            "Caudillo\\nAttributes: Agility d6, Smarts d6, Spirit d8, Strength d10, Vigor d8\\n"
            "Skills: Fighting d8, Shooting d6, Notice d6\\nParry: 6; Toughness: 8 (2)\\n"
            "Gear: Bow (Range 12/24/48, Damage 2d6), Battle axe (Str+d10)"
        ),
        "bare": (
            "Caudillo\\nAttributes: Agility d6, Smarts d6, Spirit d8, Strength d10, Vigor d8\\n"
            "Skills: Fighting d8, Notice d6\\nParry: 6; Toughness: 8 (2)"
        ),
        "isolda": (
            "Isolda (WC)\\nAttributes: Agility d8, Smarts d6, Spirit d8, Strength d6, Vigor d6\\n"
            "Skills: Fighting d8, Notice d6\\nParry: 6; Toughness: 5"
        ),
    },
}
ATTACK = {
    "es": "@gm /atacar objetivo:Isolda quien:Caudillo",
    "en": "@gm /attack target:Isolda actor:Caudillo",
}


async def _table(tmp_path: Path, locale: str, sheet: str, dice: list[int]) -> OfflineTable:
    table = OfflineTable(
        db_path=tmp_path / f"{locale}-{sheet}.sqlite3", dice=dice, strict_dice=True, locale=locale
    )
    await table.__aenter__()
    await must(table, "@gm /encounter start name:Cripta")
    block = SHEETS[locale][sheet]
    await must(table, f'@gm /combatant add name:Caudillo wildcard:true statblock:"{block}"')
    await save(table, "ana", "Isolda", SHEETS[locale]["isolda"])
    await must(table, "@ana /join character:Isolda")
    return table


@pytest.mark.parametrize(
    ("locale", "named_line", "damage_line", "shaken"),
    [
        (
            "es",
            "Caudillo ataca a Isolda con Hacha de batalla (FUE+d10): 8 contra 6.",
            "Daño a Isolda: 7 (PA 0).",
            "7 contra Dureza 5: aturdimiento para Isolda.",
        ),
        (
            "en",
            "Caudillo attacks Isolda with Battle axe (Str+d10): 8 against 6.",
            "Damage to Isolda: 7 (AP 0).",
            "7 against Toughness 5: Isolda is Shaken.",
        ),
    ],
)
async def test_a_fighting_attack_without_weapon_uses_the_first_melee_weapon(
    tmp_path: Path, locale: str, named_line: str, damage_line: str, shaken: str
) -> None:
    # Fighting d8 6 (wild die 1) + 2 against an unarmed defender = 8 against Parry 6: a
    # hit. Damage Str+d10: the Strength d10 4, the axe's d10 3 = 7 against Toughness 5.
    table = await _table(tmp_path, locale, "armed", [6, 1, 4, 3])
    try:
        [reply, *_] = await must(table, ATTACK[locale])
        text = reply.text()
        assert named_line in text, text
        assert damage_line in text and "d10: 4 + d10: 3 = **7**" in text, text
        assert shaken in text, text
        assert named(await state(table), "Isolda").shaken
        all_dice_used(table)
    finally:
        await table.close()


@pytest.mark.parametrize(
    ("locale", "unarmed_line", "no_effect"),
    [
        ("es", "Caudillo ataca a Isolda sin arma (FUE): 6 contra 6.", "4 contra Dureza 5"),
        ("en", "Caudillo attacks Isolda unarmed (Str): 6 against 6.", "4 against Toughness 5"),
    ],
)
async def test_a_sheet_with_no_weapon_attacks_unarmed_and_says_so(
    tmp_path: Path, locale: str, unarmed_line: str, no_effect: str
) -> None:
    # Fighting 6 against Parry 6 (no +2: the Caudillo is unarmed too); Strength d10 4.
    table = await _table(tmp_path, locale, "bare", [6, 1, 4])
    try:
        [reply, *_] = await must(table, ATTACK[locale])
        text = reply.text()
        assert unarmed_line in text and "d10: 4 = **4**" in text, text
        assert no_effect in text
        all_dice_used(table)
    finally:
        await table.close()


@pytest.mark.parametrize(
    ("locale", "line", "shot"),
    [
        (
            "es",
            ATTACK["es"] + " alcance:corto",
            "Caudillo ataca a Isolda con Arco (2d6): 5 contra 4.",
        ),
        (
            "en",
            ATTACK["en"] + " range:short",
            "Caudillo attacks Isolda with Bow (2d6): 5 against 4.",
        ),
        # Damage written out with a range band shoots too (it rolled Fighting d8 against
        # Parry 6 before: "5 contra 6").
        (
            "es",
            ATTACK["es"] + " arma:2d6 alcance:corto",
            "Caudillo ataca a Isolda con daño 2d6: 5 contra 4.",
        ),
        (
            "en",
            ATTACK["en"] + " weapon:2d6 range:short",
            "Caudillo attacks Isolda with damage 2d6: 5 against 4.",
        ),
    ],
)
async def test_a_shot_without_weapon_uses_the_first_ranged_weapon(
    tmp_path: Path, locale: str, line: str, shot: str
) -> None:
    # A range band makes it Shooting: d6 5 (wild die 2) against TN 4; 2d6: 3 + 2.
    table = await _table(tmp_path, locale, "armed", [5, 2, 3, 2])
    try:
        [reply, *_] = await must(table, line)
        text = reply.text()
        assert shot in text and "d6: 3 + d6: 2 = **5**" in text, text
        all_dice_used(table)
    finally:
        await table.close()


async def test_unarmed_said_by_name_and_a_benny_reroll_keep_the_weapon(tmp_path: Path) -> None:
    table = await _table(tmp_path, "es", "armed", [6, 1, 2, 6, 1, 4, 3, 5, 1])
    try:
        await must(table, "@gm /bennies session-start")
        # weapon:desarmado still punches, with the axe on the sheet: Strength d10 2.
        [reply, *_] = await must(table, ATTACK["es"] + " arma:desarmado")
        assert "Caudillo ataca a Isolda sin arma (FUE): 6 contra 6." in reply.text()
        assert "d10: 2 = **2**" in reply.text()
        # The default weapon stays the attack's for its benny reroll (SW-35): the damage
        # reroll rolls Str+d10 again (5 + 1 = 6; the first 7 stands).
        [axe, *_] = await must(table, ATTACK["es"])
        assert "con Hacha de batalla (FUE+d10): 8 contra 6." in axe.text()
        [again, *_] = await must(table, '@gm press "Repetir daño (beni)"')
        assert "d10: 5 + d10: 1" in again.text(), again.text()
        all_dice_used(table)
    finally:
        await table.close()


@pytest.mark.parametrize(
    ("locale", "sheet", "line", "refusal"),
    [
        (
            "es",
            "bare",
            ATTACK["es"] + " alcance:corto",
            "Caudillo no tiene en su ficha ningún arma a distancia con que disparar o lanzar."
            " Da su daño en `arma:` (p. ej. `arma:2d6`), o quita `alcance:`",
        ),
        (
            "en",
            "bare",
            ATTACK["en"] + " range:short",
            "Caudillo has no ranged weapon on the sheet to shoot or throw with. Give its"
            " damage in `weapon:` (e.g. `weapon:2d6`), or leave out `range:`",
        ),
        (
            "es",
            "armed",
            ATTACK["es"] + ' arma:"hacha de batalla" alcance:medio',
            "Hacha de batalla es un arma cuerpo a cuerpo: `alcance:` y las opciones de"
            " disparo son para disparar o lanzar.",
        ),
        (
            "en",
            "armed",
            ATTACK["en"] + " weapon:battle range:medium",
            "Battle axe is a melee weapon: `range:` and the shooting options are for"
            " shooting or throwing.",
        ),
        # Fists named at a range, with a bow on the sheet: not "no ranged weapon".
        (
            "es",
            "armed",
            ATTACK["es"] + " arma:puños alcance:corto",
            "Un ataque sin arma es cuerpo a cuerpo: `alcance:` y las opciones de disparo"
            " son para disparar o lanzar.",
        ),
        (
            "en",
            "armed",
            ATTACK["en"] + " weapon:Unarmed range:short",
            "An unarmed attack is a melee attack: `range:` and the shooting options are for"
            " shooting or throwing.",
        ),
    ],
)
async def test_a_shot_with_nothing_to_shoot_is_refused_not_punched(
    tmp_path: Path, locale: str, sheet: str, line: str, refusal: str
) -> None:
    """SW-44: a range band says the attack shoots; a sheet with no ranged weapon has
    nothing to shoot with, and a melee weapon named is not one to shoot, so the attack
    is refused (it used to strike, Fighting against Parry, and drop the band unsaid).
    No die is rolled, nothing changes."""
    table = await _table(tmp_path, locale, sheet, [])
    try:
        before = await state(table)
        [reply] = await table.run(line)
        assert reply.ephemeral and refusal in reply.text(), reply.text()
        assert await state(table) == before
        all_dice_used(table)
    finally:
        await table.close()
