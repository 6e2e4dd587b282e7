"""docs/examples/ritualhex-fight.txt runs as documented: with its --dice (strict), every
line is accepted except the one refusal it shows, and the fight has its highlights."""

from __future__ import annotations

from pathlib import Path

from bot.play.table import OfflineTable
from bot.systems.ritualhex.state import RitualHexState
from tests.table.example_scripts import documented_dice

SCRIPT = Path(__file__).resolve().parents[3] / "docs" / "examples" / "ritualhex-fight.txt"


async def test_the_example_fight_runs_as_documented(tmp_path: Path) -> None:
    dice = documented_dice(SCRIPT)
    lines = SCRIPT.read_text("utf-8").splitlines()
    before_end = [x for x in lines if "/encuentro terminar" not in x]
    async with OfflineTable(db_path=tmp_path / "x.sqlite3", dice=dice, strict_dice=True) as table:
        said: list[str] = []
        refused: list[str] = []
        for line in before_end:
            for message in await table.run(line):
                (
                    refused if message.ephemeral and "guardado" not in message.content else said
                ).append(message.text())
        text = "\n".join(said)
        assert table.bot is not None
        encounter = await table.bot.encounters.get(table.channel_id)
        assert encounter is not None and isinstance(encounter.state, RitualHexState)
        state = encounter.state
    assert refused == [
        "No controlas a Thrall. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
    ]
    for highlight in (
        "Parálisis de Jade Mistress anula Bloqueo de Goblin.",
        "Bloqueo de Goblin falla automáticamente.",
        "Thrall protege a Goblin: Piña de Red Haggar pasa a apuntarle a él.",
        "Thrall recibe 1 de daño (2 menos RD 1); daño 1/8.",
        "Red Haggar usa Piña (daño 1d-2|1) contra mano1 de Goblin (costo 6, nivel AP 1).",
        "mano1 de Goblin queda inactivo.",
        "Escudo de Goblin cae al suelo.",
        "Goblin recoge Escudo del suelo (costo 2, nivel AP 4).",
        "Jade Mistress recibe 2 de daño (2 menos RD 0); daño 2/8.",
        "Oportunidad (aguja 3): Goblin, nivel AP 4.",
        # RH-1: a 6 is shown as the 5 it counts, so the sums add up (issue 30).
        "3d6: [5💥+2, 4, 4] +1 (Str) = **16** vs 10 (9 + Def 1)",
        "1d: [5💥+1] -1 = 5 (mín. 1) → **5**",
        "Jade Mistress recibe 5 de daño (5 menos RD 0); daño 7/8.",
    ):
        assert highlight in text, highlight
    levels = {c.name: c.ap_level for c in state.combatants}
    assert levels == {"Red Haggar": 1, "Goblin": 1, "Thrall": 3, "Rata": 3, "Jade Mistress": 3}
    assert table.dice.forced is not None and table.dice.forced.remaining == 0  # all used
