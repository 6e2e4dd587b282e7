"""Issue 30, "a result shows its arithmetic": every roll in the example scripts
(``docs/examples/*.txt``), played through the offline table in Spanish and in English,
adds up from what its message shows (:mod:`tests.table.shown_arithmetic`): counted
values (Ritual Hex's 6 as 5, RH-1), doubled margins (DS-2), each bonus and penalty
with its source (DS-1, SW-6), the Extra's critical-failure check die named (SW-3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.example_scripts import EXAMPLES, play
from tests.table.shown_arithmetic import check_message


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.stem)
async def test_every_roll_in_the_examples_adds_up(tmp_path: Path, script: Path, lang: str) -> None:
    rolls, problems = 0, []
    for line, messages in await play(script, tmp_path / "x.sqlite3", lang):
        for message in messages:
            found, wrong = check_message(message.text())
            rolls += found
            problems += [f"{line}: {p}" for p in wrong]
    assert problems == []
    assert rolls > 0, f"{script.name} shows no roll"


# The checker fails on what issue 30 found (so the walk above can fail).
@pytest.mark.parametrize(
    "wrong",
    [
        "1d: [6💥+3] -1 = 7 → **7**",  # RH-1: the 6 counts 5
        "3d6: [6💥+2, 4, 4] +2 = **17** vs 12",
        "d20: **20** / 8 → margen -24 — 💀 ¡fallo desastroso!",  # DS-2 unsaid
        "d20: **1** / 11 → margin 20 — ✨ spectacular success!",
        "d20: **10** / 9 − penalizadores 2,2 → margen -5 — fallo",  # DS-1: no sources
        "d20: **10** / 9 − penalties: 2,2 → margin -5 — failure",
        "**d8: 1** · d6 extra: 6 -2 → **-1** (VO 4) — fallo",  # SW-3: read as added
        "**d8: 5** · ~~🎲 d6: 2~~ -1 → **4** (VO 4) — éxito",  # SW-6: -1 from where?
        "d4: 3 + d6: 5 = **9**",
        "Iniciativa de Ana: 1d10 (6) + 4 = 11.",
    ],
)
def test_the_checker_finds_what_does_not_add_up(wrong: str) -> None:
    rolls, problems = check_message(wrong)
    assert rolls == 1 and problems, wrong


def test_the_checker_reads_named_modifiers() -> None:
    shown = "Modificadores: Heridas -1, Defensor desarmado +2 (total +1)\n**d6: 2** +1 → **3** (VO 4) — fallo"
    assert check_message(shown) == (1, [])
    assert check_message(shown.replace("+1 →", "+2 →").replace("**3**", "**4**"))[1]
