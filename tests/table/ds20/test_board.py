"""The Dread S-20 board: what it shows, and that it fits Discord with 1, 10 and 40
combatants (the compact layout keeps every name)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.render.ds20.board as board
from bot.render.board import BoardContext, render_board
from bot.render.limits import within_limits
from bot.systems.ds20.state import DS20State, PendingAttack, WoundTrack
from bot.systems.ds20.statline import parse_statline
from bot.systems.encounter import Encounter
from tests.table.ds20.helpers import ANA, INITIATIVE, ds20_table, must

LONG = (
    "Aptitudes: Fortaleza 11, Iniciativa 2 | Armadura: torso | "
    "Armas: Puños 2/6 pelea; Rifle de asalto reglamentario 5/10 fuego alcance 100 "
    "cargador 30 asalto automática; Pistola de bolsillo 3/8 fuego alcance 10 cargador 6 "
    "pistola; Escopeta recortada 6/12 fuego alcance 10 cargador 2 escopeta"
)


def encounter(n: int) -> Encounter:
    """``n`` combatants with 60-character names, wounds, conditions, jams, a grapple and
    a pending attack: the worst case the board has to draw."""
    state = DS20State()
    for i in range(n):
        c = parse_statline(
            f"Nombre: {'Combatiente de nombre larguísimo número':.<55}{i:05d}|{LONG}"
        )
        c.id = f"c{i + 1}"
        c.capacity = WoundTrack(r=9, hl=9, hg=9)
        c.wounds = WoundTrack(r=3, hl=2, hg=1)
        c.health, c.fatigue, c.defences, c.aim = "grave", 2, 3, 2
        c.prone = c.unconscious = c.enduring_pain = c.treated = True
        c.weapons[1].jam, c.weapons[2].jam, c.weapons[3].dropped = "major", "minor", True
        c.initiative = 30 - i
        state.combatants.append(c)
    for a, b in zip(state.combatants[::2], state.combatants[1::2], strict=False):
        a.grappling, b.grappled_by = b.id, a.id
    state.turn_order = [c.id for c in state.combatants]
    state.current, state.round = 0, 3
    if n > 1:
        state.pending = PendingAttack(
            maneuver="attack", attacker_id="c1", target_id="c2", weapon="Puños", kind="pelea",
            margin=4,
        )  # fmt: skip
    return Encounter(channel_id=1, guild_id=2, gm_id=3, name="Bodega", state=state)


@pytest.mark.parametrize("n", [1, 10, 40])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_board_fits_discord_and_names_everyone(n: int, lang: str) -> None:
    enc = encounter(n)
    embed, buttons = render_board(enc, lang)
    assert within_limits(embed)
    assert buttons == [("ds20.board.next", "next")]
    text = embed["description"] + "".join(f["name"] for f in embed.get("fields", []))
    for c in enc.state.combatants:
        assert c.name in text or board.short_name(c.name) in text


@pytest.mark.parametrize("n", [1, 10, 40])
def test_the_compact_layout_alone_fits(n: int) -> None:
    # fit() would clip an oversized board; the compact layout must not need it.
    drawn = board.render(encounter(n), "es", True, BoardContext()).to_dict()
    assert within_limits(drawn)
    lines = drawn["description"].split("\n")
    assert len(lines) == n + (2 if n > 1 else 1)  # turn, pending, one line each
    assert len({board.short_name(c.name) for c in encounter(n).state.combatants}) == n


def test_the_full_layout_shows_boxes_health_agotamiento_defences_and_ammo() -> None:
    drawn = board.render(encounter(2), "es", False, BoardContext()).to_dict()
    assert "Ronda 3 · turno de" in drawn["description"]
    assert "⏳" in drawn["description"] and "margen 4" in drawn["description"]
    first = drawn["fields"][0]
    assert first["name"].startswith("▶ ")
    value = first["value"]
    assert "R ▮▮▮▯▯▯▯▯▯ · HL ▮▮▯▯▯▯▯▯▯ · HG ▮▯▯▯▯▯▯▯▯" in value
    for shown in ("Grave", "Agotamiento 2/3", "Defensas: 3", "Rifle de asalto reglamentario 30/30",
                  "traba mayor", "traba menor", "en el suelo", "Inconsciente", "Apuntando +2"):  # fmt: skip
        assert shown in value, shown


async def test_forty_rats_through_the_table_fit(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE, fight=False) as table:
        await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{ANA}"')
        messages = await must(
            table, '@gm /combatant add name:Rata count:40 statblock:"Aptitudes: Iniciativa 1"'
        )
        edits = [m for m in messages if m.kind == "channel_edit"]
        embed = edits[-1].embeds[0]
        assert within_limits(embed)
        assert all(f"Rata {i}" in embed["description"] for i in range(1, 41))
        # DS-3: copies share one roll (group "Rata"): 2 d10s for 41 combatants.
        rolled = await must(table, "@gm /initiative roll")
        assert "Iniciativa de Rata: 1d10 (3) + 1 = 4." in rolled[0].text()
