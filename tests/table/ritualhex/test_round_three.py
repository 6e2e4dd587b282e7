"""Issue 30, Ritual Hex through the commands in Spanish and English, with forced dice:
a rolled 6 is shown as the 5 it counts so the sum adds up (RH-1); the chain shows the
ally a Proteger protects (RH-11); an attack while a reaction is pending is refused with
the chain's own advice, never "who acts?" naming someone at AP 0 (RH-8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from tests.table.ritualhex.helpers import must, refused, reply, rh_table


@pytest.mark.parametrize(
    ("lang", "line", "note"),
    [("es", "1d: [5💥+3] -1 = 7 → **7**", "💥 = un 6: cuenta 5 y se vuelve a tirar"),
     ("en", "1d: [5💥+3] -1 = 7 → **7**", "💥 = a 6: counts 5 and is rolled again")],
)  # fmt: skip
async def test_rh1_a_six_is_shown_as_the_five_it_counts(
    tmp_path: Path, lang: str, line: str, note: str
) -> None:
    async with rh_table(tmp_path, [6, 3], cast=False, locale=lang) as table:
        text = reply(await must(table, "@gm /roll expression:1d-1")).text()
        assert line in text and note in text, text
        assert "6💥" not in text


async def _up_to_proteger(table: OfflineTable) -> None:
    """Seed 002's example through the commands, up to the Thrall's Proteger."""
    await must(table, "@ana /attack target:Goblin")
    await must(table, "@gm /react with reaction:Bloqueo actor:Goblin")
    await must(table, "@gm /react pass actor:Thrall")
    await must(table, "@bea /react with reaction:Parálisis")
    await must(table, "@gm /react pass actor:Thrall")  # Parálisis: 4+4+4
    await must(table, "@gm /react pass actor:Thrall")
    await must(table, "@gm /react with reaction:Proteger actor:Thrall")


@pytest.mark.parametrize(
    ("lang", "link", "wrong"),
    [("es", "2. Thrall: Proteger → Goblin", "Proteger → Red Haggar"),
     ("en", "2. Thrall: Protect → Goblin", "Protect → Red Haggar")],
)  # fmt: skip
async def test_rh11_the_board_chain_names_the_protected_ally(
    tmp_path: Path, lang: str, link: str, wrong: str
) -> None:
    async with rh_table(tmp_path, [4, 4, 4], locale=lang) as table:
        await _up_to_proteger(table)
        messages = await table.run("@gm /encounter show")
        shown = "\n".join(m.text() for m in messages)
        assert link in shown and wrong not in shown, shown


@pytest.mark.parametrize(
    ("lang", "said"),
    [("es", "Hay una cadena de reacciones abierta: antes cada uno en ella reacciona o pasa"
            " (`/reaccionar con`, `/reaccionar pasar`)."),
     ("en", "A reaction chain is open: each one in it reacts or passes first"
            " (`/react with`, `/react pass`).")],
)  # fmt: skip
async def test_rh8_an_attack_while_a_reaction_is_pending_says_to_answer_the_chain(
    tmp_path: Path, lang: str, said: str
) -> None:
    async with rh_table(tmp_path, [], locale=lang) as table:
        await must(table, "@ana /attack target:Goblin")
        for line in ('@gm /attack target:"Red Haggar"', "@ana /attack target:Goblin"):
            text = await refused(table, line)
            assert text == said, text
            assert 'Red Haggar"`' not in text
