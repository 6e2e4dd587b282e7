"""Spending a benny, each use by its rule (SW-4, SW-14, SW-15, SW-31, SW-35), from the
right pool: a hero's player, a GM Wild Card's own then the GM's, an Extra the GM's."""

from __future__ import annotations

from bot.bennies import GM
from bot.play.table import OfflineTable
from bot.systems.swade import combat, damage, turns
from tests.bennies.helpers import (
    dice_left,
    extra,
    find,
    force,
    hero,
    key,
    pools,
    put,
    run_rules,
    start_encounter,
    villain,
)


async def fight(table: OfflineTable, **ana: object) -> None:
    """Ana (Bob's friend) against a Goblin and the GM's Jefe, in an open session."""
    await start_encounter(table)
    await put(
        table,
        hero("c1", "Ana", table.user("ana").id, **ana),
        hero("c2", "Bruno", table.user("bob").id),
        extra("c3", "Goblin"),
        villain("c4", "Jefe", bennies=1),
    )
    await table.run("@gm /bennies session-start")


async def ana_attacks_goblin(table: OfflineTable, trait: int, wild: int, *damage_dice: int) -> None:
    force(table, trait, wild, *damage_dice)
    await run_rules(
        table, lambda s, a, d: combat.attack(s, a, d, attacker_id="c1", target_id="c3"), "ana"
    )


# --- SW-4: reroll a trait roll --------------------------------------------------------------


async def test_a_reroll_keeps_the_better_roll_and_costs_the_players_benny(
    table: OfflineTable,
) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)  # 3 against Parry 5: a miss
    force(table, 7, 1, 2)  # reroll: 7 hits; Strength d6 damage 2
    sent = await table.run("@ana /bennies spend use:reroll")
    assert dice_left(table) == 0
    text = sent[0].text()
    assert "gasta un beni (le quedan 2)" in text
    last = (await find(table, "Ana")).last_attack
    assert last is not None and last["roll"]["total"] == 7
    assert (await pools(table))[key(table, "ana")] == 2


async def test_a_worse_reroll_keeps_the_first_roll(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 4, 2)  # 4: a miss
    force(table, 2, 1)  # reroll total 2: the 4 stands
    await table.run("@ana /bennies spend use:reroll")
    last = (await find(table, "Ana")).last_attack
    assert last is not None and last["roll"]["total"] == 4
    assert (await pools(table))[key(table, "ana")] == 2


async def test_a_critical_failure_cannot_be_rerolled_and_costs_nothing(
    table: OfflineTable,
) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 1, 1)  # both dice show 1: critical failure (SW-3)
    sent = await table.run("@ana /bennies spend use:reroll")
    assert sent[0].ephemeral
    assert (await pools(table))[key(table, "ana")] == 3
    history = await table.bot.bennies.history(table.channel_id)
    assert all(e.delta > 0 for e in history)


async def test_a_critical_failure_on_the_reroll_must_be_accepted(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)  # a miss, not a critical failure
    force(table, 1, 1)  # the reroll is a critical failure: it stands
    await table.run("@ana /bennies spend use:reroll")
    last = (await find(table, "Ana")).last_attack
    assert last is not None and last["roll"]["critical_failure"]
    assert (await pools(table))[key(table, "ana")] == 2
    again = await table.run("@ana /bennies spend use:reroll")
    assert again[0].ephemeral  # and cannot be rerolled again
    assert (await pools(table))[key(table, "ana")] == 2


async def test_the_reroll_button_on_a_result_spends_the_benny(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)
    force(table, 7, 1, 2)
    await table.run("@ana /bennies spend use:reroll")  # its reply offers the buttons
    force(table, 5)  # damage rerolled: 5 against Toughness 5, Shaken
    sent = await table.run('@ana press "Repetir daño (beni)"')
    assert not sent[0].ephemeral
    assert (await find(table, "Goblin")).shaken
    assert (await pools(table))[key(table, "ana")] == 1


async def test_only_the_rolls_owner_or_the_gm_may_press_its_reroll(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)
    force(table, 7, 1, 2)
    await table.run("@ana /bennies spend use:reroll")
    sent = await table.run('@bob press "Repetir daño (beni)"')
    assert sent[0].ephemeral
    assert (await pools(table))[key(table, "bob")] == 3
    assert (await pools(table))[key(table, "ana")] == 2


async def test_a_player_cannot_spend_for_another_players_hero(table: OfflineTable) -> None:
    await fight(table, shaken=True)
    refused = await table.run("@bob /bennies spend use:unshake combatant:Ana")
    story = await table.run("@bob /bennies spend use:story combatant:Ana")
    assert refused[0].ephemeral and story[0].ephemeral
    assert (await find(table, "Ana")).shaken
    assert (await pools(table))[key(table, "bob")] == 3
    assert (await pools(table))[key(table, "ana")] == 3


# --- SW-35 reroll damage ------------------------------------------------------------------


async def test_damage_reroll_keeps_the_better_total(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 7, 2, 3)  # hit; damage 3 against Toughness 5: nothing
    force(table, 5)  # rerolled damage 5: Shaken
    await table.run("@ana /bennies spend use:damage")
    assert (await find(table, "Goblin")).shaken
    assert (await pools(table))[key(table, "ana")] == 2


# --- SW-14 soak ---------------------------------------------------------------------------


async def test_soak_cancels_the_wound_and_its_shaken(table: OfflineTable) -> None:
    await fight(table)
    await run_rules(table, lambda s, a, d: damage.apply_damage(s, a, d, target_id="c1", damage=9))
    hurt = await find(table, "Ana")
    assert (hurt.wounds, hurt.shaken) == (1, True)
    force(table, 4, 2)  # Vigor 4: one success cancels the one wound
    await table.run("@ana /bennies spend use:soak")
    soaked = await find(table, "Ana")
    assert (soaked.wounds, soaked.shaken) == (0, False)
    assert (await pools(table))[key(table, "ana")] == 2


async def test_nothing_to_soak_costs_nothing(table: OfflineTable) -> None:
    await fight(table)
    sent = await table.run("@ana /bennies spend use:soak")
    assert sent[0].ephemeral
    assert (await pools(table))[key(table, "ana")] == 3


# --- SW-15 remove Shaken ------------------------------------------------------------------


async def test_a_benny_removes_shaken_at_once(table: OfflineTable) -> None:
    await fight(table, shaken=True)
    await table.run("@ana /bennies spend use:unshake")
    assert not (await find(table, "Ana")).shaken
    assert (await pools(table))[key(table, "ana")] == 2


async def test_an_extra_spends_the_gms_pool(table: OfflineTable) -> None:
    await fight(table)
    await run_rules(table, lambda s, a, d: damage.apply_damage(s, a, d, target_id="c3", damage=5))
    assert (await find(table, "Goblin")).shaken
    await table.run("@gm /bennies spend use:unshake combatant:Goblin")
    assert not (await find(table, "Goblin")).shaken
    assert (await pools(table))[GM] == 1  # two heroes present: 2, one spent


async def test_a_gm_wild_card_spends_its_own_pool_first_then_the_gms(
    table: OfflineTable,
) -> None:
    await fight(table)
    for _ in range(2):
        await run_rules(
            table, lambda s, a, d: damage.apply_damage(s, a, d, target_id="c4", damage=5)
        )
        await table.run("@gm /bennies spend use:unshake combatant:Jefe")
        assert not (await find(table, "Jefe")).shaken
    after = await pools(table)
    assert after["wc:c4"] == 0  # its own one went first
    assert after[GM] == 1  # then the GM's


async def test_an_empty_pool_refuses_and_changes_nothing(table: OfflineTable) -> None:
    await fight(table, shaken=True)
    for _ in range(3):
        await table.run("@ana /bennies spend use:story")
    sent = await table.run("@ana /bennies spend use:unshake")
    assert sent[0].ephemeral and "No quedan benis" in sent[0].text()
    assert (await find(table, "Ana")).shaken
    assert (await pools(table))[key(table, "ana")] == 0


# --- SW-31 a new action card ---------------------------------------------------------------


async def test_a_benny_draws_a_new_action_card(table: OfflineTable) -> None:
    await fight(table)
    await run_rules(
        table,
        lambda s, a, d: turns.deal(s, a, d, cards={"c1": "3H", "c2": "9S", "c3": "KS", "c4": "QS"}),
    )
    await table.run("@ana /bennies spend use:card")
    ana = await find(table, "Ana")
    assert ana.card is not None and (ana.card.rank, ana.card.suit) != (3, "H")
    assert (await pools(table))[key(table, "ana")] == 2


# --- SW-35 power points and the story ---------------------------------------------------------


async def test_a_benny_recovers_five_power_points_up_to_the_maximum(table: OfflineTable) -> None:
    await fight(table, power_points=3, max_power_points=10)
    await table.run("@ana /bennies spend use:power")
    assert (await find(table, "Ana")).power_points == 8
    await table.run("@ana /bennies spend use:power")
    assert (await find(table, "Ana")).power_points == 10
    full = await table.run("@ana /bennies spend use:power")
    assert full[0].ephemeral
    assert (await pools(table))[key(table, "ana")] == 1


async def test_power_points_need_a_sheet_that_tracks_them(table: OfflineTable) -> None:
    await fight(table)
    sent = await table.run("@ana /bennies spend use:power")
    assert sent[0].ephemeral
    assert (await pools(table))[key(table, "ana")] == 3


async def test_influencing_the_story_is_spent_and_logged(table: OfflineTable) -> None:
    await fight(table)
    sent = await table.run('@ana /bennies spend use:story note:"encuentro una pista"')
    assert "encuentro una pista" in sent[0].text()
    last = (await table.bot.bennies.history(table.channel_id))[-1]
    assert (last.holder, last.delta, last.reason, last.note) == (
        key(table, "ana"),
        -1,
        "spend.story",
        "encuentro una pista",
    )


async def test_a_spend_names_the_roll_it_was_for_in_the_history(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)
    force(table, 7, 1, 2)
    await table.run("@ana /bennies spend use:reroll")
    last = (await table.bot.bennies.history(table.channel_id))[-1]
    assert last.reason == "spend.reroll" and last.roll_ref is not None
    assert last.roll_ref.startswith("Ana #")


async def test_undo_gives_a_gm_wild_card_its_own_benny_back_with_the_action(
    table: OfflineTable,
) -> None:
    await fight(table)
    await run_rules(table, lambda s, a, d: damage.apply_damage(s, a, d, target_id="c4", damage=5))
    await table.run("@gm /bennies spend use:unshake combatant:Jefe")
    assert (await find(table, "Jefe")).bennies == 0
    await table.run("@gm /undo")
    jefe = await find(table, "Jefe")
    assert (jefe.shaken, jefe.bennies) == (True, 1)


async def test_a_soak_roll_rerolled_with_another_benny_keeps_the_best(
    table: OfflineTable,
) -> None:
    """SW-14: 13 damage against Toughness 5 is two wounds; Vigor 4 soaks one; the soak
    reroll button, Vigor 6 acing into 2 (8: a raise), soaks both, Shaken included."""
    await fight(table)
    await run_rules(table, lambda s, a, d: damage.apply_damage(s, a, d, target_id="c1", damage=13))
    assert (await find(table, "Ana")).wounds == 2
    force(table, 4, 2)
    await table.run("@ana /bennies spend use:soak")
    assert (await find(table, "Ana")).wounds == 1
    force(table, 6, 2, 1)
    await table.run('@ana press "Repetir absorción (beni)"')
    assert dice_left(table) == 0
    ana = await find(table, "Ana")
    assert (ana.wounds, ana.shaken) == (0, False)
    assert (await pools(table))[key(table, "ana")] == 1


async def test_react_unshake_spends_the_players_benny(table: OfflineTable) -> None:
    await fight(table, shaken=True)
    sent = await table.run("@ana /react unshake")
    assert not sent[0].ephemeral
    assert not (await find(table, "Ana")).shaken
    assert (await pools(table))[key(table, "ana")] == 2


async def test_react_soak_spends_the_players_benny(table: OfflineTable) -> None:
    await fight(table)
    await run_rules(table, lambda s, a, d: damage.apply_damage(s, a, d, target_id="c1", damage=9))
    force(table, 4, 2)
    await table.run("@ana /react soak")
    assert (await find(table, "Ana")).wounds == 0
    assert (await pools(table))[key(table, "ana")] == 2
