"""DS-3/DS-4 through the commands, es and en: once initiative is rolled nobody acts until
the GM starts round 1 with ``/next``; an attack in between is refused, privately, saying
how to go on, and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ds20.helpers import ANA, BRUTO, INITIATIVE, ds20_table, must, reply, seq, state

REFUSAL = {
    "es": "La iniciativa está tirada, pero la ronda 1 aún no ha empezado, así que Ana todavía"
    " no puede actuar. El DJ la empieza con `/siguiente` (o el botón «Siguiente turno» del"
    " tablero); después cada uno actúa en orden de iniciativa.",
    "en": "Initiative is rolled, but round 1 has not started, so Ana cannot act yet. The GM"
    " starts it with `/next` (or the “Next turn” button on the board); then everyone acts in"
    " initiative order.",
}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_an_attack_before_round_1_is_refused_and_says_to_start_it(
    tmp_path: Path, lang: str
) -> None:
    # Initiative 6+4 and 3+2 (Ana first); then Ana's knife, d20 5 against Armas C.C. 10.
    async with ds20_table(tmp_path, [*INITIATIVE, 5], fight=False, locale=lang) as table:
        await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{ANA}"')
        await must(table, f'@gm /combatant add name:Bruto statblock:"{BRUTO}"')
        await must(table, "@gm /initiative roll")
        before = await seq(table)
        [refused] = await table.run("@ana /attack target:Bruto weapon:Cuchillo")
        assert refused.ephemeral and refused.text() == REFUSAL[lang]
        assert await seq(table) == before and (await state(table)).pending is None
        # The advice works: the GM starts round 1, then Ana's attack goes through.
        await must(table, "@gm /next")
        attacked = reply(await must(table, "@ana /attack target:Bruto weapon:Cuchillo"))
        assert "Bruto" in attacked.text()
        assert (await state(table)).pending is not None
