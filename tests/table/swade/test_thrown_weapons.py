"""SW-10 "Shooting (or Athletics to throw)": a weapon on the sheet that is thrown (a
grenade by name, seed 003 "Desvío": "1d6 en armas arrojadas, como granadas, y 2d6 en
proyectiles"; Strength damage with a range; "arrojadiza"/"throwing" in its notes) rolls
Athletics, and an area attack with it that misses deviates 1d6; bows and launchers
shoot (Shooting) and deviate 2d6. Forced dice, Spanish and English, through the real
command tree (``bot.systems.swade.weapons.is_thrown``).

Vera (a Wild Card) has Shooting d8 and Athletics d6, so the die rolled says the skill:
a d8 is Shooting, a d6 Athletics (her wild die is a d6 too, struck through or kept). The
Orc has Toughness 6."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import all_dice_used, must, shots, swade_table

SHEETS = {
    "es": {
        "vera": (
            "Vera\\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\n"
            "Habilidades: Atletismo d6, Pelear d6, Disparar d8, Notar d6\\n"
            "Parada: 5; Dureza: 5\\n"
            "Equipo: Pistola (Distancia 12/24/48, Daño 2d6, CdF 1, Disparos 6), "
            "Granada (Distancia 5/10/20, Daño 3d6, PAP), Daga (FUE+d4, Distancia 3/6/12), "
            "Arco (Distancia 12/24/48, Daño 2d6), "
            "Lanzagranadas (Distancia 24/48/96, Daño 4d8, Disparos 6), "
            "Chakram (Daño 2d4, Distancia 3/6/12, arrojadiza)"
        ),
        "orc": (
            "Orco\\nAtributos: Agilidad d6, Astucia d4, Espíritu d6, Fuerza d8, Vigor d8\\n"
            "Habilidades: Pelear d6, Notar d6\\nParada: 5; Dureza: 6"
        ),
    },
    "en": {
        "vera": (
            "Vera\\nAttributes: Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6\\n"
            "Skills: Athletics d6, Fighting d6, Shooting d8, Notice d6\\n"
            "Parry: 5; Toughness: 5\\n"
            "Gear: Pistol (Range 12/24/48, Damage 2d6, RoF 1, Shots 6), "
            "Grenade (Range 5/10/20, Damage 3d6, SBT), Dagger (Str+d4, Range 3/6/12), "
            "Bow (Range 12/24/48, Damage 2d6), "
            "Grenade Launcher (Range 24/48/96, Damage 4d8, Shots 6), "
            "Chakram (Damage 2d4, Range 3/6/12, throwing)"
        ),
        "orc": (
            "Orc\\nAttributes: Agility d6, Smarts d4, Spirit d6, Strength d8, Vigor d8\\n"
            "Skills: Fighting d6, Notice d6\\nParry: 5; Toughness: 6"
        ),
    },
}
ORC = {"es": "Orco", "en": "Orc"}
AREA = {
    "es": '@gm /actuar acción:"ataque de área pequeña {weapon}" objetivo:Orco quien:Vera',
    "en": '@gm /act action:"area attack small {weapon}" target:Orc actor:Vera',
}
ATTACK = {
    "es": "@gm /atacar objetivo:Orco quien:Vera arma:{weapon} alcance:corto",
    "en": "@gm /attack target:Orc actor:Vera weapon:{weapon} range:short",
}
THROWN_NOTE = {
    "es": "{weapon} es un arma arrojadiza: el ataque tira Atletismo.",
    "en": "{weapon} is a thrown weapon: the attack rolls Athletics.",
}


@asynccontextmanager
async def _table(tmp_path: Path, locale: str, dice: list[int]) -> AsyncIterator[OfflineTable]:
    async with swade_table(tmp_path, dice, fight=False, locale=locale) as table:
        vera, orc = SHEETS[locale]["vera"], SHEETS[locale]["orc"]
        await must(table, f'@gm /combatant add name:Vera wildcard:true statblock:"{vera}"')
        await must(table, f'@gm /combatant add name:{ORC[locale]} statblock:"{orc}"')
        yield table


@pytest.mark.parametrize(
    ("locale", "weapon", "line", "deviates"),
    [
        (
            "es",
            "Granada",
            "Vera lanza un ataque de área sobre Orco con Granada (3d6): 2 contra 4.",
            "Falla: la plantilla se desvía 3 pasos hacia las 5 en punto.",
        ),
        (
            "en",
            "Grenade",
            "Vera makes an area attack on Orc with Grenade (3d6): 2 against 4.",
            "Miss: the template deviates 3 steps toward 5 o'clock.",
        ),
    ],
)
async def test_a_grenade_is_thrown_with_athletics_and_deviates_1d6(
    tmp_path: Path, locale: str, weapon: str, line: str, deviates: str
) -> None:
    # Athletics d6 2 (wild d6 1): a miss against 4. Thrown: one deviation d6 (3, times
    # 1 at short range) and the d12 clock 5. Strict dice: a second deviation die (2d6,
    # launched) would run out of dice; a d8 (Shooting) would show "d8: 2".
    async with _table(tmp_path, locale, [2, 1, 3, 5]) as table:
        [reply, *_] = await must(table, AREA[locale].format(weapon=weapon))
        text = reply.text()
        assert THROWN_NOTE[locale].format(weapon=weapon) in text, text
        assert line in text and "**d6: 2** · ~~🎲 d6: 1~~ → **2**" in text, text
        assert deviates in text, text
        all_dice_used(table)


@pytest.mark.parametrize(
    ("locale", "weapon", "line", "deviates"),
    [
        (
            "es",
            "Lanzagranadas",
            "Vera lanza un ataque de área sobre Orco con Lanzagranadas (4d8): 2 contra 4.",
            "Falla: la plantilla se desvía 7 pasos hacia las 5 en punto.",
        ),
        (
            "en",
            "Grenade Launcher",
            "Vera makes an area attack on Orc with Grenade Launcher (4d8): 2 against 4.",
            "Miss: the template deviates 7 steps toward 5 o'clock.",
        ),
    ],
)
async def test_a_grenade_launcher_shoots_and_deviates_2d6(
    tmp_path: Path, locale: str, weapon: str, line: str, deviates: str
) -> None:
    # Shooting d8 2 (wild d6 1): a miss. Launched: 2d6 deviation, 3 + 4 = 7 steps, and
    # the clock 5; one round spent (6 -> 5). No "thrown" note.
    async with _table(tmp_path, locale, [2, 1, 3, 4, 5]) as table:
        [reply, *_] = await must(table, AREA[locale].format(weapon=weapon))
        text = reply.text()
        assert line in text and "**d8: 2** · ~~🎲 d6: 1~~ → **2**" in text, text
        assert deviates in text, text
        assert "Athletics" not in text and "Atletismo" not in text, text
        left = await shots(table, "Vera")
        assert left[weapon] == 5
        all_dice_used(table)


@pytest.mark.parametrize(
    ("locale", "weapon", "shown", "die", "thrown"),
    [
        ("es", "Daga", "Daga (FUE+d4)", 6, True),  # Strength damage with a range
        ("en", "Dagger", "Dagger (Str+d4)", 6, True),
        ("es", "Chakram", "Chakram (2d4)", 6, True),  # "arrojadiza" in its notes
        ("en", "Chakram", "Chakram (2d4)", 6, True),  # "throwing" in its notes
        # Guards (they pass on main too): a bow and a pistol shoot, Shooting d8.
        ("es", "Arco", "Arco (2d6)", 8, False),
        ("en", "Bow", "Bow (2d6)", 8, False),
        ("en", "Pistol", "Pistol (2d6)", 8, False),
    ],
)
async def test_a_weapon_thrown_at_range_rolls_athletics_a_bow_shooting(
    tmp_path: Path, locale: str, weapon: str, shown: str, die: int, thrown: bool
) -> None:
    # The trait die 5 (wild d6 1): 5 against TN 4, a hit; damage 1 + 1 (each weapon
    # rolls two dice: Strength d6 + d4, 2d4 or 2d6) = 2 against Toughness 6: nothing.
    async with _table(tmp_path, locale, [5, 1, 1, 1]) as table:
        [reply, *_] = await must(table, ATTACK[locale].format(weapon=weapon))
        text = reply.text()
        orc = ORC[locale]
        verb = {"es": f"Vera ataca a {orc} con", "en": f"Vera attacks {orc} with"}[locale]
        against = {"es": "5 contra 4.", "en": "5 against 4."}[locale]
        assert f"{verb} {shown}: {against}" in text, text
        assert f"**d{die}: 5** · ~~🎲 d6: 1~~ → **5**" in text, text
        assert (THROWN_NOTE[locale].format(weapon=weapon) in text) is thrown, text
        # Thrown spends no rounds; the pistol's shot spends one (seed 003).
        left = await shots(table, "Vera")
        assert left[{"es": "Pistola", "en": "Pistol"}[locale]] == (5 if weapon == "Pistol" else 6)
        all_dice_used(table)


@pytest.mark.parametrize(
    ("locale", "line", "shown"),
    [
        ("es", "@gm /atacar objetivo:Orco quien:Vera opciones:arrojadiza", "con Granada (3d6)"),
        ("en", "@gm /attack target:Orc actor:Vera flags:thrown", "with Grenade (3d6)"),
        ("es", "@gm /atacar objetivo:Orco quien:Vera habilidad:atletismo", "con Granada (3d6)"),
        ("en", "@gm /attack target:Orc actor:Vera skill:Athletics", "with Grenade (3d6)"),
    ],
)
async def test_a_throw_without_weapon_takes_the_first_thrown_weapon(
    tmp_path: Path, locale: str, line: str, shown: str
) -> None:
    # SW-44: the first ranged weapon printed is the pistol; a throw takes the grenade.
    # Athletics d6 3 (wild 1) against 4: a miss; no round spent.
    async with _table(tmp_path, locale, [3, 1]) as table:
        [reply, *_] = await must(table, line)
        text = reply.text()
        assert shown in text and "**d6: 3** · ~~🎲 d6: 1~~ → **3**" in text, text
        left = await shots(table, "Vera")
        assert left[{"es": "Pistola", "en": "Pistol"}[locale]] == 6
        all_dice_used(table)


@pytest.mark.parametrize(
    ("locale", "line", "said"),
    [
        ("en", "@gm /attack target:Orc actor:Archer flags:thrown", "has nothing on the sheet"),
        ("en", "@gm /attack target:Orc actor:Archer skill:Athletics", "has nothing on the sheet"),
        ("es", "@gm /atacar objetivo:Orc quien:Archer habilidad:atletismo", "no tiene en la hoja"),
    ],
)
async def test_a_throw_with_nothing_to_throw_is_refused(
    tmp_path: Path, locale: str, line: str, said: str
) -> None:
    """The bow was thrown with Athletics (the first ranged weapon when none is thrown)."""
    async with swade_table(tmp_path, fight=False, locale=locale) as table:
        archer = "Archer: Shooting d8, Athletics d6, Parry 5, Toughness 5, bow 2d6 range 12/24/48"
        await must(table, f'@gm /combatant add name:Archer statblock:"{archer}"')
        await must(table, '@gm /combatant add name:Orc statblock:"Orc: Fighting d6, Parry 5"')
        [reply] = await table.run(line)
        assert reply.ephemeral and said in reply.text(), reply.text()


@pytest.mark.parametrize(
    ("locale", "line", "shown"),
    [
        ("es", "@gm /atacar objetivo:Orco quien:Vera arma:Fue+d4 alcance:corto", "con daño Fue+d4"),
        ("en", "@gm /attack target:Orc actor:Vera weapon:Str+d4 range:short", "with damage Str+d4"),
    ],
)
async def test_strength_damage_written_out_at_range_is_thrown(
    tmp_path: Path, locale: str, line: str, shown: str
) -> None:
    """As the same weapon on the sheet is (is_thrown): it rolled Shooting (a d8 here)."""
    # Athletics d6 3 (wild 1) against 4: a miss.
    async with _table(tmp_path, locale, [3, 1]) as table:
        [reply, *_] = await must(table, line)
        text = reply.text()
        assert shown in text and "**d6: 3**" in text, text
        all_dice_used(table)
