"""docs/examples/swade-combat.txt runs as documented: with its --seed and --dice
(strict), every line is accepted except the one refusal it shows, every forced die is
rolled, and the fight has its highlights."""

from __future__ import annotations

import re
from pathlib import Path

from bot.play.table import OfflineTable
from bot.systems.swade.state import SwadeState

SCRIPT = Path(__file__).resolve().parents[3] / "docs" / "examples" / "swade-combat.txt"


def documented(option: str) -> str:
    match = re.search(rf'--{option} "?([\d,]+)"?', SCRIPT.read_text("utf-8"))
    assert match, f"the script documents its --{option}"
    return match.group(1)


async def test_the_example_fight_runs_as_documented(tmp_path: Path) -> None:
    dice = [int(d) for d in documented("dice").split(",")]
    seed = int(documented("seed"))
    async with OfflineTable(
        db_path=tmp_path / "x.sqlite3", seed=seed, dice=dice, strict_dice=True
    ) as table:
        said: list[str] = []
        refused: list[str] = []
        lines = SCRIPT.read_text("utf-8").splitlines()
        for line in lines[:-1]:  # all but /encuentro terminar
            for message in await table.run(line):
                private = message.ephemeral and "guardado" not in message.content
                (refused if private else said).append(message.text())
        encounter = await table.bot.encounters.get(table.channel_id)
        assert encounter is not None and isinstance(encounter.state, SwadeState)
        by_name = {c.name: c for c in encounter.state.combatants}
        forced = table.dice.forced
        assert forced is not None and forced.remaining == 0
    text = "\n".join(said)
    assert refused == [
        "Ana no es tuyo: solo su jugador o el DJ pueden hacerle actuar. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
    ]
    for highlight in (
        "Ana apresa a Goblin 1: queda aferrado.",
        "9 contra Dureza 5: 1 herida; Goblin 2 cae fuera de combate (incapacitación).",
        "Jefe orco lanza un ataque salvaje contra Bruno con Hacha (Fue+d8): 7 contra 6.",
        "Bruno absorbe 2 heridas; quedan 0.",
        "Goblin 1 se libera.",
        "8 contra Dureza 8: aturdimiento para Jefe orco.",
        "7 contra Dureza 7: Jefe orco sufre 1 herida.",
        "Modificadores: Múltiples acciones -2, Cobertura -2 (total -4)",
        "22 contra Dureza 7: 3 heridas; Jefe orco cae fuera de combate (incapacitación).",
        "Jefe orco se está desangrando",
    ):
        assert highlight in text, highlight
    assert by_name["Goblin 2"].incapacitated
    assert by_name["Bruno"].wounds == 0 and not by_name["Bruno"].shaken
    jefe = by_name["Jefe orco"]
    assert jefe.incapacitated and jefe.bleeding_out and jefe.wounds == 3
