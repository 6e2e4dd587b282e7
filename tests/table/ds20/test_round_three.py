"""Issue 30, Dread S-20 through the commands in Spanish and English, with forced dice:
first aid takes the hero out of Grave and the board says so (DS-12); a tie between
opponents shows its roll-off (DS-3); the board never says "unhurt" beside marked boxes;
a roll shows a doubled margin and where each bonus and penalty comes from (DS-1, DS-2);
a stale button names this system's commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.recorder import SentMessage
from tests.table.ds20.helpers import ANA, BRUTO, INITIATIVE, ds20_table, must, reply

GRAVE_BRUTO = '@gm /combatant edit combatant:Bruto statblock:"Heridas: 0/0/1 | Estado: grave"'


def board(messages: list[SentMessage]) -> str:
    return next(m.text() for m in reversed(messages) if m.kind in ("channel_edit", "channel"))


def folder(tmp_path: Path, name: str) -> Path:
    (tmp_path / name).mkdir(exist_ok=True)
    return tmp_path / name


@pytest.mark.parametrize(
    ("lang", "line", "said", "wounded", "healing"),
    [
        ("es", '@ana /act action:"primeros auxilios" target:Bruto',
         "Bruto recibe primeros auxilios y comienza a sanar.", "Con heridas",
         "Sanando (primeros auxilios)"),
        ("en", '@ana /act action:"first aid" target:Bruto',
         "Bruto gets first aid and starts to heal.", "Wounded", "Healing (first aid)"),
    ],
)  # fmt: skip
async def test_ds12_first_aid_takes_the_hero_out_of_grave_on_the_board(
    tmp_path: Path, lang: str, line: str, said: str, wounded: str, healing: str
) -> None:
    # Primeros Auxilios 8, d20 4: margin 4, a success (seed 004: "sale del estado grave").
    async with ds20_table(tmp_path, [*INITIATIVE, 4], locale=lang) as table:
        await must(table, GRAVE_BRUTO)
        messages = await must(table, line)
        assert said in reply(messages).text()
        field = board(messages).split("Bruto · 5")[1].split("\n_")[0]
        exhaustion = "Agotamiento" if lang == "es" else "Exhaustion"  # in the reader's words
        health = next(x for x in field.splitlines() if exhaustion in x)
        assert health.startswith(f"{wounded} ·") and healing in field, field
        assert "Grave" not in health, field


@pytest.mark.parametrize(
    ("lang", "tie"),
    [("es", "Empate a 9 entre bandos: desempate con 1d10 por bando (el más alto actúa antes), Ana 1d10 (2) · Bruto 1d10 (6)."),
     ("en", "Tie at 9 between sides: a 1d10 tie-break per side (the higher acts first), Ana 1d10 (2) · Bruto 1d10 (6).")],
)  # fmt: skip
async def test_ds3_a_tie_between_opponents_shows_its_roll(
    tmp_path: Path, lang: str, tie: str
) -> None:
    # Ana 5 + 4 = 9, Bruto 7 + 2 = 9; the roll-off: Ana 2, Bruto 6, so Bruto first.
    async with ds20_table(tmp_path, [5, 7, 2, 6], fight=False, locale=lang) as table:
        await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{ANA}"')
        await must(table, f'@gm /combatant add name:Bruto statblock:"{BRUTO}"')
        text = reply(await must(table, "@gm /initiative roll")).text()
        assert tie in text, text
        assert text.index(tie) < text.index("Bruto, Ana")


@pytest.mark.parametrize(("lang", "wounded"), [("es", "Con heridas"), ("en", "Wounded")])
async def test_marked_boxes_are_never_shown_as_unhurt(
    tmp_path: Path, lang: str, wounded: str
) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE], locale=lang) as table:
        messages = await must(
            table, '@gm /combatant edit combatant:Bruto statblock:"Heridas: 1/0/0"'
        )
        field = board(messages).split("Bruto · 5")[1].split("\n•")[0]
        assert "R ▮▯▯▯" in field and f"{wounded} ·" in field, field
        assert "Sin heridas" not in field and "Healthy" not in field


@pytest.mark.parametrize(
    ("lang", "doubled", "sources"),
    [
        ("es", "d20: **1** / 10 → margen 9 ×2 = 18 (un 1 natural dobla el margen)",
         "d20: **2** / 8 − penalizadores: herida HL 3 → margen 3"),
        ("en", "d20: **1** / 10 → margin 9 ×2 = 18 (a natural 1 doubles the margin)",
         "d20: **2** / 8 − penalties: HL wound 3 → margin 3"),
    ],
)  # fmt: skip
async def test_ds2_a_doubled_margin_and_ds1_each_penalty_source_are_shown(
    tmp_path: Path, lang: str, doubled: str, sources: str
) -> None:
    # Ana's knife, d20 1: Armas C.C. 10, margin 9 doubled (DS-2). Bruto, with an HL
    # (DS-9: one penalty, 3), dodges: Acrobacia 8 - 2 - 3 = 3 < 18. The blow lands: 18
    # with the Cuchillo (3/8) is 2 HG; Bruto's torso armour rolls 15 and fails.
    async with ds20_table(tmp_path, [*INITIATIVE, 1, 2, 3, 15], locale=lang) as table:
        await must(table, '@gm /combatant edit combatant:Bruto statblock:"Heridas: 0/1/0"')
        attacked = reply(await must(table, "@ana /attack target:Bruto weapon:Cuchillo")).text()
        assert doubled in attacked, attacked
        dodged = reply(await must(table, "@gm /react dodge")).text()
        assert sources in dodged, dodged


@pytest.mark.parametrize(
    ("lang", "own", "other"),
    [("es", "`/reaccionar esquivar`", "/reaccionar absorber"),
     ("en", "`/react dodge`", "/react soak")],
)  # fmt: skip
async def test_a_stale_button_names_this_systems_commands(
    tmp_path: Path, lang: str, own: str, other: str
) -> None:
    # Ana's knife, d20 5: margin 5, a hit; Bruto takes it (no defence): 5 with the
    # Cuchillo (3/8) is one HL; its armour rolls 20 and fails.
    async with ds20_table(tmp_path, [*INITIATIVE, 5, 20], locale=lang) as table:
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        await must(table, "@gm /react none")
        [stale] = await table.run(f"@gm press {'Esquivar' if lang == 'es' else 'Dodge'}")
        assert stale.ephemeral and own in stale.text(), stale.text()
        assert other not in stale.text()
