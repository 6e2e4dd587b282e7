"""SW-38: /undo restores everything the undone action changed, bennies included: a
benny spent by that action goes back to the pool it came from, and the reply says so;
the end summary and /bennies show agree after any undo. The ledger lives outside the
encounter state, so the undo reverses that action's ledger rows."""

from __future__ import annotations

from bot.bennies import GM
from bot.play.table import OfflineTable
from tests.bennies.helpers import find, force, key, pools
from tests.bennies.test_spending import ana_attacks_goblin, fight


async def test_sw38_undoing_a_reroll_gives_the_players_benny_back_and_says_so(
    table: OfflineTable,
) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)  # a miss
    force(table, 7, 1, 2)  # the reroll hits; Strength d6 damage 2
    await table.run("@ana /bennies spend use:reroll")
    assert (await pools(table))[key(table, "ana")] == 2
    [reply, *_] = await table.run("@gm /undo")
    text = reply.text()
    assert "vuelve a <@" in text and "(ahora 3)" in text, text
    assert (await pools(table))[key(table, "ana")] == 3
    last = (await find(table, "Ana")).last_attack
    assert last is not None and last["roll"]["total"] == 3  # the state before the reroll
    [shown, *_] = await table.run("@gm /bennies show")
    assert f"<@{table.user('ana').id}>: 3" in shown.text()


async def test_sw38_the_end_summary_agrees_after_an_undo(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)
    force(table, 7, 1, 2)
    await table.run("@ana /bennies spend use:reroll")  # spent, and kept
    force(table, 2)
    await table.run('@ana press "Repetir daño (beni)"')  # spent, then undone
    await table.run("@gm /undo")
    assert (await pools(table))[key(table, "ana")] == 2
    [*_, end] = await table.run("@gm /encounter end")
    ana = f"<@{table.user('ana').id}>"
    assert f"Benis gastados: 1 ({ana} 1)." in end.text(), end.text()


async def test_sw38_a_fully_undone_fight_spent_no_benny(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)
    force(table, 7, 1, 2)
    await table.run("@ana /bennies spend use:reroll")
    await table.run("@gm /undo")
    [*_, end] = await table.run("@gm /encounter end")
    assert "No se gastó ningún beni." in end.text(), end.text()


async def test_sw38_undoing_a_gm_wild_cards_spend_gives_its_own_benny_back(
    table: OfflineTable,
) -> None:
    await fight(table)
    force(table, 3, 2)  # the Jefe misses Ana (3 against Parry 5)
    await table.run("@gm /attack target:Ana actor:Jefe")
    force(table, 2, 1)  # the reroll is no better
    await table.run("@gm /bennies spend use:reroll combatant:Jefe")
    assert (await find(table, "Jefe")).bennies == 0
    [reply, *_] = await table.run("@gm /undo")
    assert "El beni gastado vuelve a Jefe" in reply.text(), reply.text()
    assert (await find(table, "Jefe")).bennies == 1
    history = await table.bot.bennies.history(table.channel_id)
    assert [(e.reason, e.delta) for e in history if e.holder == "wc:c4"][-2:] == [
        ("spend.reroll", -1),
        ("undo.spend", 1),
    ]


async def test_sw38_an_undo_gives_back_only_that_actions_benny_and_only_once(
    table: OfflineTable,
) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)
    force(table, 7, 1, 2)
    await table.run("@ana /bennies spend use:reroll")  # action 1 with a benny
    force(table, 2)  # the damage reroll: 2, no better
    await table.run('@ana press "Repetir daño (beni)"')  # action 2 with a benny
    assert (await pools(table))[key(table, "ana")] == 1
    await table.run("@gm /undo")  # undoes the damage reroll only
    assert (await pools(table))[key(table, "ana")] == 2
    await table.run("@gm /undo")  # then the attack reroll
    assert (await pools(table))[key(table, "ana")] == 3
    await table.run("@gm /undo")  # the attack itself spent nothing
    assert (await pools(table))[key(table, "ana")] == 3
    assert (await pools(table))[GM] == 2


async def test_sw38_undoing_a_jokers_card_takes_the_jokers_bennies_back(
    table: OfflineTable,
) -> None:
    await fight(table)
    await table.run("@gm /deal")
    [reply, *_] = await table.run("@gm /initiative set combatant:Ana card:JOKER-R")
    assert (await pools(table))[key(table, "ana")] == 4  # SW-33: every player gets one
    assert (await pools(table))[key(table, "bob")] == 4
    [reply, *_] = await table.run("@gm /undo")
    assert "El beni del Joker se retira de" in reply.text(), reply.text()
    assert (await pools(table))[key(table, "ana")] == 3
    assert (await pools(table))[key(table, "bob")] == 3


async def test_sw38_an_undo_in_english_says_the_benny_went_back(table: OfflineTable) -> None:
    await fight(table)
    await ana_attacks_goblin(table, 3, 2)
    force(table, 7, 1, 2)
    await table.run("@ana /bennies spend use:reroll")
    table.locale = "en"
    [reply, *_] = await table.run("@gm /undo")
    assert "The benny spent goes back to <@" in reply.text(), reply.text()
