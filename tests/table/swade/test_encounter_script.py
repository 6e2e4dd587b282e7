"""docs/examples/swade-three-rounds.txt runs as documented (--seed 7): every line is
accepted except the three refusals it shows, and the rounds go as its comments say."""

from __future__ import annotations

import re
from pathlib import Path

from bot.play.table import OfflineTable

SCRIPT = Path(__file__).resolve().parents[3] / "docs" / "examples" / "swade-three-rounds.txt"


async def test_the_three_rounds_run_as_documented(tmp_path: Path) -> None:
    match = re.search(r"--seed (\d+)", SCRIPT.read_text("utf-8"))
    assert match, "the script documents its seed"
    async with OfflineTable(db_path=tmp_path / "x.sqlite3", seed=int(match.group(1))) as table:
        said: list[str] = []
        refused: list[str] = []
        for line in SCRIPT.read_text("utf-8").splitlines():
            for message in await table.run(line):
                private = message.ephemeral and "guardado" not in message.content
                (refused if private else said).append(message.text())
    text = "\n".join(said)
    assert refused == [
        "Solo el DJ puede hacer eso. Pídeselo al DJ, o a alguien con Gestionar servidor (`/servidor rol-dj` nombra un rol de DJ).",
        "Ana no es tuyo: solo el DJ o quien lo controla puede hacer eso. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`.",
        "«aturdido» es un estado de las reglas y dura lo que ellas dicen: quita `duración:`"
        " (o dale otro nombre para un efecto propio, p. ej. `estado:Bendecido duración:3`).",
    ]
    for highlight in (
        "Turno de Beto (8♠).",
        "Goblin 1: distraído (hasta el final de su próximo turno)",
        "Beto se pone en espera.",
        "Beto no logra interrumpir a Gruk: actuará justo después.",
        "Beto actúa desde la espera.",
        "Deshecho: siguiente turno (Goblin).",
        "Goblin 1 deja de estar distraído.\nRonda 2.",
        "Ronda 3.",
        "Rondas: 3.",
    ):
        assert highlight in text, highlight
    assert text.index("Deshecho") < text.index("Goblin 1 deja de estar distraído")
