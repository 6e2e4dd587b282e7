"""The Savage Worlds board (``bot.render.swade``): what it shows, and that it fits
Discord's limits at 1, 10 and 40 combatants without clipping anyone."""

from __future__ import annotations

import pytest

from bot.bennies import GM, user_key
from bot.dice.source import RandomSource
from bot.render.board import BoardContext, render_board
from bot.render.limits import FIELDS, embed_size, within_limits
from bot.render.swade.board import render
from bot.systems.base import Actor
from bot.systems.encounter import Encounter
from bot.systems.swade import add_combatants, add_condition, card_label, deal, join
from bot.systems.swade.state import SwadeState

GM_ACTOR = Actor(user_id=1, is_gm=True)
PLAYER = 2_000_000_000_000_000_002


def encounter_with(state: SwadeState) -> Encounter:
    return Encounter(channel_id=10, guild_id=20, gm_id=1, name="Cripta", state=state)


def fight(wild_cards: int, goblins: int = 0) -> SwadeState:
    """``wild_cards`` lone Wild Cards with long names (the first a player's), wounded,
    fatigued, Shaken and Distracted; and ``goblins`` Extras as one group; dealt."""
    state = SwadeState()
    for n in range(wild_cards):
        name = f"Capitana Esmeralda de los Mares del Sur número {n + 1}"
        if n == 0:
            state = join(state, Actor(user_id=PLAYER), name=name).state
        else:
            state = add_combatants(state, GM_ACTOR, name=name, wild_card=True).state
        c = state.combatants[-1]
        c.wounds, c.fatigue, c.shaken, c.bennies = 2, 1, True, 2
        state = add_condition(state, GM_ACTOR, c.id, "distracted").state
    if goblins:
        state = add_combatants(state, GM_ACTOR, name="Goblin", count=goblins).state
    return deal(state, GM_ACTOR, RandomSource(7)).state


@pytest.mark.parametrize("count", [1, 10, 40])
def test_the_board_fits_discord_at_1_10_and_40_combatants(count: int) -> None:
    encounter = encounter_with(fight(count))
    context = BoardContext(pools={GM: 3, user_key(PLAYER): 4})
    embed, buttons = render_board(encounter, "es", context)
    assert within_limits(embed) and embed_size(embed) <= 6000
    assert len(embed.get("fields", [])) <= FIELDS
    text = embed["description"] + "".join(f["name"] + f["value"] for f in embed.get("fields", []))
    assert "…" not in text[-3:]  # nothing clipped at the end
    for c in encounter.state.combatants:
        assert c.name[:15] in text, c.name
    assert [action for _, action in buttons] == ["next", "deal"]
    # the renderer's own layout fits, with no help from clipping
    compact = render(encounter, "es", True, context).to_dict()
    assert within_limits(compact)


def test_forty_extras_as_groups_and_wild_cards_fit() -> None:
    encounter = encounter_with(fight(16, goblins=24))
    embed, _ = render_board(encounter, "es", BoardContext())
    assert within_limits(embed)
    text = embed["description"] + "".join(f["name"] + f["value"] for f in embed.get("fields", []))
    assert text.count("Goblin ×24") == 1 and "Goblin 1" not in text


def test_what_a_full_board_shows() -> None:
    """Round, whose turn (▶), each card, wounds ●●○, bennies from the ledger's pools for a
    player and from the state for a GM Wild Card, conditions with when they end, the
    owner, and a group of Extras as one line."""
    state = fight(2, goblins=6)
    encounter = encounter_with(state)
    context = BoardContext(pools={GM: 3, user_key(PLAYER): 4})
    board = render(encounter, "es", False, context)
    assert "**Ronda 1**" in board.description and "Benis del DJ: 3" in board.description
    names = [name for name, _, _ in board.fields]
    assert sum(name.startswith("▶") for name in names) == 1
    assert any("Goblin ×6" in name for name in names)
    assert len(board.fields) == 3
    pc = next(v for n, v, _ in board.fields if "número 1" in n)
    villain = next(v for n, v, _ in board.fields if "número 2" in n)
    assert "Heridas ●●○" in pc and "Benis 4" in pc and f"<@{PLAYER}>" in pc
    assert "Heridas ●●○" in villain and "Benis 2" in villain
    assert "aturdido" in pc and "fatigado" in pc
    assert "distraído (hasta el final de" in pc
    goblins = next(v for n, v, _ in board.fields if "Goblin" in n)
    assert "En pie: 6 de 6" in goblins
    by_id = {c.id: c for c in state.combatants}
    expected = [card_label(by_id[lid].card) for lid in state.turn_order]
    assert [n.split(" · ")[0].lstrip("▶✓ ") for n in names] == expected  # card order


def test_before_the_first_deal_the_board_says_so_in_english_too() -> None:
    state = add_combatants(SwadeState(), GM_ACTOR, name="Goblin", count=3).state
    board = render(encounter_with(state), "en", False, BoardContext())
    assert "No cards dealt yet" in board.description
    [(name, value, _)] = board.fields
    assert name == "Goblin ×3" and "Standing: 3 of 3" in value
