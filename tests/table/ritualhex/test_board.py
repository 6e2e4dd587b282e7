"""The Ritual Hex board: what it shows (the needle, AP levels, preparation and waiting
points on the body and the limbs, damage against HP, inactive limbs, equipment, the
open chain and who reacts next), and that it fits Discord with 1, 10 and 40
combatants; and the dice views with their exact odds."""

from __future__ import annotations

import pytest

import bot.render.ritualhex  # noqa: F401  (registers the board)
from bot.render.board import render_board
from bot.render.dice import format_dice
from bot.render.limits import within_limits
from bot.systems.encounter import Encounter
from bot.systems.ritualhex import parse_sheet
from bot.systems.ritualhex.state import ActionDef, ChainLink, RitualHexState
from tests.systems.ritualhex.helpers import GOBLIN

LONG_GOBLIN = GOBLIN.replace(
    "equipo: Escudo; partes: mano; costo: 2; mod: Def+1; acciones: Bloqueo",
    "equipo: Escudo de torre remachado del Señor Oscuro; partes: mano; costo: 2; "
    "mod: Def+1; acciones: Bloqueo\nequipo: Yelmo con cuernos; partes: cabeza; costo: 3",
)


def encounter(n: int) -> Encounter:
    """``n`` minions with 40-character names, limb damage and waiting points, prep,
    body waiting, a dead shield, a chain three links deep, items on the ground."""
    state = RitualHexState(phase="round", round=3, needle=7)
    for i in range(n):
        c = parse_sheet(LONG_GOBLIN, kind="minion")
        c.name = f"{'Goblin de nombre larguísimo':.<34}{i:05d}"
        c.id = f"c{i + 1}"
        c.ap_level, c.prep, c.waiting, c.damage = 9 - i % 9, i % 3, i % 2, 1
        c.parts[-3].damage = 3  # mano1: inactive (ceil(6 / 2))
        c.parts[-2].waiting = 2
        state.combatants.append(c)
    state.acting = ["c1"]
    if n > 1:
        strike = ActionDef(name="Piña", kind="attack", cost=5)
        state.chain = [
            ChainLink(author="c1", action=strike, targets=["c2"], limb="mano2"),
            ChainLink(author="c2", action=strike, targets=["c1"], answers=0, cancelled=True),
        ]
        state.awaiting = [c.id for c in state.combatants[2:]]
        state.acting = []
    state.ground = [parse_sheet(GOBLIN, kind="minion").equipment[0]]
    return Encounter(channel_id=1, guild_id=2, gm_id=3, name="Cripta", state=state)


@pytest.mark.parametrize("n", [1, 10, 40])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_board_fits_discord_and_names_everyone(n: int, lang: str) -> None:
    enc = encounter(n)
    embed, buttons = render_board(enc, lang)
    assert within_limits(embed)
    text = embed["description"] + "".join(f["name"] + f["value"] for f in embed.get("fields", []))
    for i in range(n):
        assert f"{i:05d}" in text  # every combatant is on the board
    # "Nadie reacciona" is under the result, not on the board too: one button per action.
    assert buttons == []


def test_the_full_board_shows_every_number() -> None:
    embed, _ = render_board(encounter(3), "es")
    description = embed["description"]
    assert "Ronda 3 · aguja **7**" in description
    assert "1. Goblin de nombre larguísimo.......00000: Piña → mano2 de Goblin" in description
    assert "2. Goblin de nombre larguísimo.......00001: Piña → " in description
    assert "(anulada)" in description
    assert "⏳ Pueden reaccionar: Goblin de nombre larguísimo.......00002" in description
    assert "En el suelo: Escudo" in description
    first = embed["fields"][0]
    assert first["name"] == "☠ Goblin de nombre larguísimo.......00000 · AP 9/9"
    # damage 1 + 3 on mano1 = 4 of 6; mano1 inactive with 3 damage; mano2 waiting 2; the
    # shield on the dead hand does not work; the helmet does.
    assert first["value"].splitlines() == [
        "daño 4/6",
        "mano1✗💢3 mano2⏳2 pies",
        "~~Escudo de torre remachado del Señor Oscuro~~ (mano1, sin uso) · "
        "Yelmo con cuernos (cabeza)",
    ]
    second = embed["fields"][1]["value"]
    assert second.splitlines()[0] == "daño 4/6 · prep. 1 · espera 1"
    assert embed["fields"][2]["name"].startswith("⏳ ")  # the one who answers next


def test_the_compact_board_keeps_the_numbers_on_one_line() -> None:
    embed, _ = render_board(encounter(40), "en")
    assert "fields" not in embed
    lines = embed["description"].splitlines()
    line = next(x for x in lines if "00001" in x and x.startswith("☠"))
    assert line == (
        "☠ **Goblin de nom….00001** 8/9 · damage 4/6 · prep 1 · waiting 1 · "
        "hand1✗💢3 hand2⏳2 · unusable: Escudo de torre remachado del Señor Oscuro"
    )


def test_before_the_round_the_board_offers_to_start_it() -> None:
    state = RitualHexState()
    hero = parse_sheet("nombre: Ana\nAP 5, HP 8", kind="hero")
    hero.id = "c1"
    goblin = parse_sheet(GOBLIN, kind="minion")
    goblin.id = "c2"
    state.combatants = [hero, goblin]
    embed, buttons = render_board(Encounter(channel_id=1, guild_id=2, gm_id=3, state=state), "es")
    assert "Aún no hay ronda" in embed["description"]
    assert buttons == [("ritualhex.board.start_round", "rh_round")]


def test_a_check_shows_its_dice_and_exact_odds() -> None:
    # <Mag>[10]<Per> with Mag 3, Per 0: success iff 3d6 (RH-1) > 7.
    view = {
        "kind": "rh_check", "dice": [{"faces": [6, 2]}, {"faces": [4]}, {"faces": [1]}],
        "co": 3, "difficulty": 10, "cd": 0, "total": 15, "target": 10, "success": True, "s": 5,
    }  # fmt: skip
    text = format_dice(view, "es")
    # RH-1: the 6 is shown as the 5 it counts (issue 30): 5 + 2 + 4 + 1 + 3 = 15.
    assert text.startswith("3d6: [5💥+2, 4, 1] +3 = **15** vs 10 — éxito, <S> = 5 · ")
    assert "83.8% de éxito · <S> medio 6.2" in text


def test_a_damage_roll_shows_the_minimum() -> None:
    view = {
        "kind": "rh_damage",
        "dice": [{"faces": [2]}],
        "minus": 2,
        "minimum": 1,
        "raw": 0,
        "value": 1,
    }
    assert format_dice(view, "es") == "1d: [2] -2 = 0 (mín. 1) → **1**"
