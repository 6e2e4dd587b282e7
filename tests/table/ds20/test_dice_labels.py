"""DS-1: the d4s an attack rolls are shown beside what gave them; the ones the
``bonus:``/``penalty:`` options give are the situation's (the poor light, the GM's call),
labelled so in both languages, not "given"/"indicados". Forced dice, through the
commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ds20.helpers import INITIATIVE, ds20_table, must


@pytest.mark.parametrize(
    ("locale", "line", "shown"),
    [
        (
            "es",
            "@ana /atacar objetivo:Bruto arma:Puños bonos:2 penalizadores:3",
            "d20: **6** / 10 + bonos: situacional 2,2 − penalizadores: situacional 3,4,4"
            " → margen -3 — fallo",
        ),
        (
            "en",
            "@ana /attack target:Bruto weapon:Puños bonus:2 penalty:3",
            "d20: **6** / 10 + bonus: situational 2,2 − penalties: situational 3,4,4"
            " → margin -3 — failure",
        ),
    ],
)
async def test_the_options_bonus_and_penalty_dice_are_the_situations(
    tmp_path: Path, locale: str, line: str, shown: str
) -> None:
    # Pelea 10 - d20 6 + 2+2 - (3+4+4) = -3 (DS-1).
    async with ds20_table(tmp_path, [*INITIATIVE, 6, 2, 2, 3, 4, 4], locale=locale) as table:
        [reply, *_] = await must(table, line)
        assert shown in reply.text(), reply.text()
