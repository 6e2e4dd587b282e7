"""docs/examples/ds20-fight.txt runs as documented: with its --dice (strict), every
line is accepted except the one refusal it shows, and the fight has its highlights."""

from __future__ import annotations

from pathlib import Path

from bot.play.table import OfflineTable
from tests.table.example_scripts import documented_dice

SCRIPT = Path(__file__).resolve().parents[3] / "docs" / "examples" / "ds20-fight.txt"


async def test_the_example_fight_runs_as_documented(tmp_path: Path) -> None:
    dice = documented_dice(SCRIPT)
    async with OfflineTable(db_path=tmp_path / "x.sqlite3", dice=dice, strict_dice=True) as table:
        said: list[str] = []
        refused: list[str] = []
        for line in SCRIPT.read_text("utf-8").splitlines():
            for message in await table.run(line):
                (
                    refused if message.ephemeral and "guardado" not in message.content else said
                ).append(message.text())
        text = "\n".join(said)
    assert refused == [
        "No controlas a Beto. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
    ]
    for highlight in (
        "Matón esquiva: el ataque no surte efecto.",
        "Beto bloquea y devuelve 8 de daño a Matón.",
        "Armadura de Matón: éxito (margen 4); reduce 1 nivel: 1 HG.",
        "Traba menor (7)",
        "Matón entra en Agonía.",
        "Tirada de agonía de Matón (Fortaleza): fallo (margen -2).",
        "**Matón**: Agonía",
    ):
        assert highlight in text, highlight
    assert table.dice.forced is not None and table.dice.forced.remaining == 0  # all used
