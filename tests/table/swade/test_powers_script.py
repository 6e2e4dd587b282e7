"""docs/examples/swade-powers.txt and its English twin swade-powers-en.txt run as
documented (issue 19): with their --seed, --dice (strict) and --locale, every line is
accepted except the two refusals they show, every forced die is rolled, and the fight
has its highlights in each language (SW-39..SW-43)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.play.table import OfflineTable
from bot.systems.swade.state import SwadeState

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
SPANISH = EXAMPLES / "swade-powers.txt"
ENGLISH = EXAMPLES / "swade-powers-en.txt"


def documented(script: Path, option: str) -> str:
    match = re.search(rf'--{option} "?([\w,]+)"?', script.read_text("utf-8"))
    assert match, f"{script.name} documents its --{option}"
    return match.group(1)


async def play(script: Path, tmp_path: Path) -> tuple[str, list[str], SwadeState]:
    """The public replies, the private ones that refuse something, and the final state."""
    dice = [int(d) for d in documented(script, "dice").split(",")]
    locale = "en" if script == ENGLISH else "es"
    async with OfflineTable(
        db_path=tmp_path / "x.sqlite3",
        seed=int(documented(script, "seed")),
        dice=dice,
        strict_dice=True,
        locale=locale,
    ) as table:
        said: list[str] = []
        refused: list[str] = []
        for line in script.read_text("utf-8").splitlines():
            for message in await table.run(line):
                text = message.text()
                private = message.ephemeral and not re.search(
                    r"guardado|saved|Poderes de este|Powers of this", text
                )
                (refused if private else said).append(text)
        encounter = await table.bot.encounters.get(table.channel_id)
        assert encounter is not None and isinstance(encounter.state, SwadeState)
        forced = table.dice.forced
        assert forced is not None and forced.remaining == 0, "every forced die is rolled"
    return "\n".join(said), refused, encounter.state


def check_state(state: SwadeState) -> None:
    by_name = {c.name: c for c in state.combatants}
    maga, fray, brujo = by_name["Maga"], by_name["Fray"], by_name["Brujo"]
    assert maga.power_points == 9 and maga.maintaining == [] and maga.toughness == 5
    assert fray.power_points == 9 and fray.maintaining == [] and fray.wounds == 0
    assert brujo.power_points == 11 and brujo.fatigue == 1 and brujo.maintaining == []
    assert brujo.wounds == 1
    assert by_name["Goblin 3"].incapacitated and by_name["Goblin 2"].shaken


async def test_the_spanish_example_runs_as_documented(tmp_path: Path) -> None:
    said, refused, state = await play(SPANISH, tmp_path)
    assert refused == [
        "«Rayo» no es un poder que pueda lanzar. Sus poderes: Descarga, Explosión,"
        " Escarcha / Frost. Lanza uno de ellos (`poder:`), o que el DJ lo defina para este"
        ' encuentro, p. ej. `/poder definir texto:"nombre: Rayo; coste: 1; éxito: daño 2d6"`.',
        "Maga necesita 9 PP (2 del poder y 7 de modificadores) y tiene 8: elige menos"
        " modificadores (`modificadores:`) o recupera Puntos de Poder (un beni recupera 5:"
        ' `/benis gastar uso:"Recuperar 5 Puntos de Poder"`).',
    ]
    for highlight in (
        "Poder Escarcha / Frost definido para este encuentro (2 PP).",
        "Brujo mantiene Protección [1] sobre sí mismo durante 5 rondas",
        "Mantiene Protección [1] sobre sí mismo: quedan 4 rondas",
        "🔮 Protección de Fray: armadura +2 (quedan 4 rondas)",
        "Puntos de Poder 14/15",
        "Modificadores de poder: +1 PP en total.\n• Perforación de armadura (PA 2) (+1 PP).",
        "9 contra Dureza 5: Brujo sufre 1 herida.",
        "Brujo absorbe 1 herida; quedan 0.",
        "Goblin 1 evade el ataque (tirada de Agilidad: 5).",
        "9 contra Dureza 5: 1 herida; Goblin 3 cae fuera de combate (incapacitación).",
        "5 contra Dureza 7: sin efecto en Maga.",
        "Fray se cura 1 herida (le quedan 0).",
        "Modificadores: Poderes mantenidos -1 (total -1)",
        "¡Contragolpe! Brujo sufre un nivel de fatiga y terminan todos los poderes que mantiene.",
        "Termina Protección [1] de Brujo (contragolpe).",
        "Modificadores: Fatiga -1 (total -1)",
        "Maga recupera 4 PP (ahora 10).",
        "Maga lanza Descarga (Hechicería): 6 contra 4; cuesta 1 PP.",
        "Fray deja de mantener Protección [1].",
    ):
        assert highlight in said, highlight
    check_state(state)


async def test_the_english_example_runs_as_documented(tmp_path: Path) -> None:
    assert documented(ENGLISH, "dice") == documented(SPANISH, "dice")
    said, refused, state = await play(ENGLISH, tmp_path)
    assert refused == [
        "“Ray” is not a power its caster can cast. Its powers: Bolt, Blast, Escarcha / Frost."
        " Cast one of them (`power:`), or have the GM define it for this encounter, e.g."
        ' `/power define text:"name: Ray; cost: 1; success: damage 2d6"`.',
        "Maga needs 9 Power Points (2 for the power and 7 for modifiers) and has 8: choose"
        " fewer modifiers (`modifiers:`) or recover Power Points (a benny recovers 5:"
        ' `/bennies spend use:"Recover 5 power points"`).',
    ]
    for highlight in (
        "Power Escarcha / Frost defined for this encounter (2 PP).",
        "Brujo maintains Protection [1] on itself for 5 rounds",
        "Power modifiers: +1 PP in all.\n• Armor Piercing (AP 2) (+1 PP).",
        "9 against Toughness 5: Brujo takes 1 wound.",
        "Goblin 1 evades the attack (Agility roll: 5).",
        "5 against Toughness 7: no effect on Maga.",
        "Fray is healed of 1 wound (0 left).",
        "Modifiers: Powers maintained -1 (total -1)",
        "Backlash! Brujo takes a level of Fatigue and every power it maintains ends.",
        "Maga recovers 4 Power Points (now 10).",
        "Fray stops maintaining Protection [1].",
    ):
        assert highlight in said, highlight
    check_state(state)


def test_both_examples_play_the_same_fight() -> None:
    """The twins have the same 38 lines (comments aside), said by the same users."""

    def who(script: Path) -> list[str]:
        lines = script.read_text("utf-8").splitlines()
        return [x.split()[0] for x in lines if x and not x.startswith("#")]

    assert who(SPANISH) == who(ENGLISH) and len(who(SPANISH)) == 38
