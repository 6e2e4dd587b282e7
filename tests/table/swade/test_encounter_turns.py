"""/deal, /next, /hold, /react interrupt, /initiative set and the board buttons for a
Savage Worlds encounter, through the real command tree with forced dice.

Table seed 2 deals round 1 as Ana (4♠), Jefe orco (4♦), Goblin ×6 (2♠); each test
checks that order first, so a change in the shuffle shows up as such."""

from __future__ import annotations

from pathlib import Path

from bot.bennies import user_key
from bot.play.table import OfflineTable, user_id_for
from bot.systems.swade.deck import card_label
from tests.table.swade.encounter_helpers import (
    all_dice_used,
    current,
    must,
    named,
    order,
    refused,
    state,
    swade_table,
)

SEED = 2


async def deal_round_one(table: OfflineTable) -> None:
    await must(table, "@gm /deal")
    s = await state(table)
    assert order(s) == ["Ana", "Jefe orco", "Goblin"]
    assert [card_label(named(s, n).card) for n in ("Ana", "Jefe orco", "Goblin 1")] == [
        "4♠",
        "4♦",
        "2♠",
    ]
    assert current(s) == "Ana"


async def test_next_is_for_the_current_combatants_controller_and_the_gm(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path, seed=SEED) as table:
        await deal_round_one(table)
        assert "Ana no es tuyo" in await refused(table, "@bruno /next")
        [reply, *_] = await must(table, "@ana /next")
        assert "Turno de Jefe orco (4♦)" in reply.text()
        assert "Jefe orco no es tuyo" in await refused(table, "@ana /next")
        await must(table, "@gm /next")
        assert current(await state(table)) == "Goblin"
        assert "Goblin no es tuyo" in await refused(table, '@ana press "Siguiente turno"')
        [reply, *_] = await must(table, '@gm press "Siguiente turno"')
        assert "Ronda 2." in reply.text()
        assert (await state(table)).round == 2


async def test_only_the_gm_deals(tmp_path: Path) -> None:
    async with swade_table(tmp_path, seed=SEED) as table:
        assert "Solo el DJ" in await refused(table, "@ana /deal")
        assert "Solo el DJ" in await refused(table, '@ana press "Repartir"')
        [reply, *_] = await must(table, '@gm press "Repartir"')
        assert "Ronda 1." in reply.text()


async def test_undo_after_deal_and_after_next_restores_exactly(tmp_path: Path) -> None:
    async with swade_table(tmp_path, seed=SEED) as table:
        before = await state(table)
        await deal_round_one(table)
        await must(table, "@gm /undo")
        assert await state(table) == before
        await must(table, "@gm /deal")
        dealt = await state(table)
        await must(table, "@gm /next")
        assert await state(table) != dealt
        await must(table, "@gm /undo")
        assert await state(table) == dealt
        assert "Solo el DJ" in await refused(table, "@ana /undo")


async def test_surprise_by_side_holds_the_ambushers_and_a_caught_victim_has_no_card(
    tmp_path: Path,
) -> None:
    """SW-34: the ambushers start on Hold; Ana fails Notice (d6 2, wild d6 3) and gets no
    card in the first round, so no card turn comes and the round waits for the holders."""
    async with swade_table(tmp_path, [2, 3], seed=SEED) as table:
        [reply, *_] = await must(table, "@gm /deal surprise:enemigos")
        text = reply.text()
        assert "La sorpresa pilla a Ana (tirada de Notar: 3)" in text
        assert "quedan en espera: Goblin, Jefe orco" in text
        assert text.count("empieza en espera") == 2  # the group once, not each Goblin
        s = await state(table)
        assert named(s, "Ana").card is None
        assert all(c.on_hold for c in s.combatants if c.side == "foes")
        assert s.active is None
        text = await refused(table, "@gm /deal surprise:Goblin")
        assert "solo se aplica al repartir la primera ronda" in text
        all_dice_used(table)


async def test_surprise_by_names(tmp_path: Path) -> None:
    """Ambushers by name, a group by its name; the victims (Ana) roll Notice: 5 succeeds."""
    async with swade_table(tmp_path, [5, 1], seed=SEED) as table:
        [reply, *_] = await must(table, '@gm /deal surprise:"Goblin, Jefe orco"')
        assert "Ana se da cuenta de la emboscada (tirada de Notar: 5)" in reply.text()
        s = await state(table)
        assert named(s, "Ana").card is not None and not named(s, "Ana").on_hold
        assert all(c.on_hold for c in s.combatants if c.side == "foes")
        assert current(s) == "Ana"
        all_dice_used(table)


async def test_hold_then_interrupt_won(tmp_path: Path) -> None:
    """SW-34: Ana holds on her turn; during Jefe's turn she interrupts: Athletics d6 5
    (wild 2) against Jefe's 3 (wild 1): she acts now, Jefe's turn resumes after hers."""
    async with swade_table(tmp_path, [5, 2, 3, 1], seed=SEED) as table:
        await deal_round_one(table)
        [reply, *_] = await must(table, "@ana /hold")
        assert "Ana se pone en espera" in reply.text() and "Turno de Jefe orco" in reply.text()
        assert named(await state(table), "Ana").on_hold
        [reply, *_] = await must(table, "@ana /react interrupt")
        assert "Ana interrumpe a Jefe orco y actúa primero" in reply.text()
        s = await state(table)
        assert current(s) == "Ana" and not named(s, "Ana").on_hold
        assert s.suspended == named(s, "Jefe orco").id
        [reply, *_] = await must(table, "@ana /next")
        assert "Jefe orco continúa su turno" in reply.text()
        assert current(await state(table)) == "Jefe orco"
        all_dice_used(table)


async def test_interrupt_lost_acts_right_after(tmp_path: Path) -> None:
    """Ana 2 (wild 1) against Jefe 4 (wild 3): she acts right after Jefe's turn."""
    async with swade_table(tmp_path, [2, 1, 4, 3], seed=SEED) as table:
        await deal_round_one(table)
        await must(table, "@ana /hold")
        [reply, *_] = await must(table, '@ana /react interrupt target:"Jefe orco" actor:Ana')
        assert "Ana no logra interrumpir a Jefe orco" in reply.text()
        assert current(await state(table)) == "Jefe orco"
        [reply, *_] = await must(table, "@gm /next")
        assert "Ana actúa desde la espera" in reply.text()
        assert current(await state(table)) == "Ana"
        all_dice_used(table)


async def test_hold_rules_through_the_commands(tmp_path: Path) -> None:
    async with swade_table(tmp_path, seed=SEED) as table:
        await deal_round_one(table)
        text = await refused(table, '@gm /hold actor:"Jefe orco"')
        assert "solo puede ponerse en espera en su propio turno" in text
        assert "no es tuyo" in await refused(table, '@ana /hold actor:"Jefe orco"')
        await must(table, "@ana /hold")
        encounter = await table.bot.encounters.get(table.channel_id)
        board = table.recorder.messages[encounter.board_message_id].text()
        assert "⏳ 4♠ · Ana (PJ)" in board and "▶ 4♦ · Jefe orco" in board
        await must(table, "@gm /next")  # Jefe's turn ends; the Goblins' starts
        [reply, *_] = await must(table, "@ana /hold now:true")
        assert "Ana actuará en cuanto termine Goblin" in reply.text()
        [reply, *_] = await must(table, "@gm /next")
        assert "Ana actúa desde la espera" in reply.text()


async def test_a_condition_ends_at_the_end_of_its_owners_next_turn(tmp_path: Path) -> None:
    """SW-17: Distracted put on Goblin 1 before its turn lasts until that turn ends."""
    async with swade_table(tmp_path, seed=SEED) as table:
        await deal_round_one(table)
        text = await refused(table, '@ana /condition add combatant:"Goblin 1" condition:distraído')
        assert "Goblin 1 no es tuyo" in text
        [reply, *_] = await must(
            table, '@gm /condition add combatant:"Goblin 1" condition:distraído'
        )
        assert "Goblin 1: distraído" in reply.text()
        board = table.recorder.messages[
            (await table.bot.encounters.get(table.channel_id)).board_message_id
        ]
        assert "distraído (hasta el final de su próximo turno)" in board.text()
        await must(table, "@ana /next")
        await must(table, "@gm /next")
        assert any(c.name == "distracted" for c in named(await state(table), "Goblin 1").conditions)
        [reply, *_] = await must(table, "@gm /next")
        assert "Goblin 1 deja de estar distraído" in reply.text()
        assert named(await state(table), "Goblin 1").conditions == []
        await must(table, "@ana /condition add combatant:Ana condition:vulnerable")
        # Issue 21: a player does not clear a condition the rules end; the GM may.
        text = await refused(table, "@ana /condition remove combatant:Ana condition:vulnerable")
        assert "Ana no puede dejar de estar vulnerable" in text
        await must(table, "@gm /condition remove combatant:Ana condition:vulnerable")
        assert named(await state(table), "Ana").conditions == []


async def test_cards_set_by_hand_are_the_gms(tmp_path: Path) -> None:
    async with swade_table(tmp_path, seed=SEED) as table:
        await deal_round_one(table)
        assert "Solo el DJ" in await refused(table, "@ana /initiative set combatant:Ana card:AS")
        text = await refused(table, "@gm /initiative set combatant:Goblin card:ZZ")
        assert "No entiendo la carta «ZZ»" in text
        [reply, *_] = await must(table, "@gm /initiative set combatant:Goblin card:KS")
        assert "Goblin recibe la carta K♠" in reply.text()
        s = await state(table)
        assert order(s) == ["Ana", "Goblin", "Jefe orco"]
        assert {card_label(c.card) for c in s.combatants if c.group == "Goblin"} == {"K♠"}


async def test_a_players_joker_without_a_bennies_session_gives_nothing_and_says_so(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path, seed=SEED) as table:
        await deal_round_one(table)
        messages = await must(table, "@gm /initiative set combatant:Ana card:JOKER-R")
        assert any("no hay ninguna sesión de benis" in m.text() for m in messages)


async def test_a_players_joker_gives_every_player_a_benny(tmp_path: Path) -> None:
    """SW-33: a Joker dealt to a player character: one benny to every player."""
    async with swade_table(tmp_path, seed=SEED) as table:
        await must(table, "@gm /bennies session-start")
        ana = user_key(user_id_for("ana"))
        assert (await table.bot.bennies.pools(table.channel_id))[ana] == 3
        await deal_round_one(table)
        messages = await must(table, "@gm /initiative set combatant:Ana card:JOKER-R")
        assert any("cada jugador recibe un beni" in m.text() for m in messages)
        assert (await table.bot.bennies.pools(table.channel_id))[ana] == 4
        await table.settle()
        assert (await table.bot.bennies.pools(table.channel_id))[ana] == 4  # never twice


async def test_the_villains_joker_with_the_setting(tmp_path: Path) -> None:
    """SW-33 setting: a villain's Joker gives the GM a benny and each GM Wild Card one
    (table seed 7 deals Jefe orco a Joker)."""
    from bot.systems.swade.state import SwadeState

    async with swade_table(tmp_path, seed=7) as table:
        await must(table, "@gm /bennies session-start")
        encounter = await table.bot.encounters.get(table.channel_id)
        s = encounter.state
        assert isinstance(s, SwadeState)
        s.settings.villain_jokers = True
        await table.bot.encounters.replace(encounter.model_copy(update={"state": s}), 0)
        gm_before = (await table.bot.bennies.pools(table.channel_id))["gm"]
        jefe_before = named(await state(table), "Jefe orco").bennies
        messages = await must(table, "@gm /deal")
        assert named(await state(table), "Jefe orco").card.joker
        assert any("el DJ recibe un beni, y también Jefe orco" in m.text() for m in messages)
        assert (await table.bot.bennies.pools(table.channel_id))["gm"] == gm_before + 1
        assert named(await state(table), "Jefe orco").bennies == jefe_before + 1
