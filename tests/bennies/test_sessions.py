"""/bennies session-start|session-end|give|show|history through the offline table
(SW-35, seed 001: 3 per player, 1 per hero for the GM, GM Wild Cards their own)."""

from __future__ import annotations

from bot.bennies import GM
from bot.play.table import OfflineTable
from tests.bennies.helpers import extra, find, hero, key, pools, put, start_encounter, villain


async def heroes_and_villains(table: OfflineTable) -> None:
    await start_encounter(table)
    await put(
        table,
        hero("c1", "Ana", table.user("ana").id),
        hero("c2", "Bruno", table.user("bob").id),
        hero("c3", "Ciro", table.user("bob").id),  # Bob plays two heroes
        villain("c4", "Jefe"),
        villain("c5", "Bruja", bennies=3),  # her stat block says "Benis: 3"
        extra("c6", "Goblin"),
    )


async def test_session_start_gives_three_per_player_one_per_hero_to_the_gm(
    table: OfflineTable,
) -> None:
    await heroes_and_villains(table)
    sent = await table.run("@gm /bennies session-start")
    assert not sent[0].ephemeral
    assert await pools(table) == {
        key(table, "ana"): 3,
        key(table, "bob"): 3,
        GM: 3,  # three player characters present
        "wc:c4": 2,  # a GM Wild Card without a number gets the default 2
        "wc:c5": 3,  # one with "Benis: 3" keeps its own number
    }
    assert (await find(table, "Goblin")).bennies == 0  # Extras use the GM's pool


async def test_only_the_gm_starts_a_session(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    sent = await table.run("@ana /bennies session-start")
    assert sent[0].ephemeral and "DJ" in sent[0].text()
    assert await table.bot.bennies.session(table.channel_id) is None


async def test_a_second_session_start_is_refused_while_one_is_open(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await table.run("@ana /bennies spend use:story")
    sent = await table.run("@gm /bennies session-start")
    assert sent[0].ephemeral and "/benis terminar-sesión" in sent[0].text()
    assert (await pools(table))[key(table, "ana")] == 2


async def test_a_player_whose_hero_arrives_later_gets_three_once(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await put(table, hero("c7", "Dana", table.user("dana").id))
    await table.run("@dana /bennies show")  # any command brings the session up to date
    assert (await pools(table))[key(table, "dana")] == 3
    await table.run("@dana /bennies spend use:story")
    await table.run("@dana /bennies show")
    assert (await pools(table))[key(table, "dana")] == 2
    # SW-45: Dana's hero gave the GM one more when it came in (3 at the start).
    assert (await pools(table))[GM] == 4


async def test_a_gm_wild_card_arriving_later_gets_its_own_pool(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await put(table, villain("c8", "Ogro"))
    await table.run("@gm /bennies show")
    assert (await find(table, "Ogro")).bennies == 2


async def test_the_gm_gives_bennies_with_a_reason_and_players_cannot(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    sent = await table.run('@gm /bennies give player:@ana count:2 reason:"gran idea"')
    assert "5" in sent[0].text()
    assert (await pools(table))[key(table, "ana")] == 5
    refused = await table.run("@ana /bennies give player:@ana")
    assert refused[0].ephemeral
    assert (await pools(table))[key(table, "ana")] == 5
    history = (await table.run("@ana /bennies history"))[0].text()
    assert "gran idea" in history and "+2" in history


async def test_giving_to_a_gm_wild_card_fills_its_own_pool_and_to_an_extra_the_gms(
    table: OfflineTable,
) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await table.run("@gm /bennies give combatant:Jefe")
    await table.run("@gm /bennies give combatant:Goblin")
    await table.run("@gm /bennies give gm:true count:2")
    after = await pools(table)
    assert after["wc:c4"] == 3
    assert after[GM] == 3 + 1 + 2


async def test_give_needs_exactly_one_target(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    sent = await table.run("@gm /bennies give player:@ana gm:true")
    assert sent[0].ephemeral
    assert (await pools(table))[key(table, "ana")] == 3


async def test_show_lists_every_pool(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    text = (await table.run("@ana /bennies show"))[0].text()
    assert f"<@{table.user('ana').id}>: 3" in text
    assert "DJ: 3" in text
    assert "Jefe (Comodín del DJ): 2" in text


async def test_the_board_gets_the_pools(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await table.run("@ana /bennies spend use:story")
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None
    context = await table.bot.boards.context(encounter)
    assert context.pools[key(table, "ana")] == 2
    assert context.pools["wc:c4"] == 2


async def test_pools_carry_across_encounters_of_the_session(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await table.run("@ana /bennies spend use:story")
    await table.run("@gm /encounter end")
    await start_encounter(table)
    await put(table, hero("c1", "Ana", table.user("ana").id))
    await table.run("@ana /bennies show")
    assert (await pools(table))[key(table, "ana")] == 2


async def test_session_end_shows_what_was_left_and_closes_the_pools(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await table.run("@ana /bennies spend use:story")
    refused = await table.run("@ana /bennies session-end")
    assert refused[0].ephemeral
    ended = await table.run("@gm /bennies session-end")
    assert f"<@{table.user('ana').id}>: 2" in ended[0].text()
    assert await table.bot.bennies.session(table.channel_id) is None
    spend = await table.run("@ana /bennies spend use:story")
    assert spend[0].ephemeral and "/benis empezar-sesión" in spend[0].text()


async def test_pools_survive_a_restart_of_the_bot(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await table.run("@ana /bennies spend use:story")
    path = table.settings.db_path
    await table.close()
    async with OfflineTable(db_path=path, seed=1) as again:
        again.user("gm")
        assert (await pools(again))[key(again, "ana")] == 2


async def test_history_says_who_when_why_and_on_which_roll(table: OfflineTable) -> None:
    await heroes_and_villains(table)
    await table.run("@gm /bennies session-start")
    await table.run('@ana /bennies spend use:story note:"el guardia nos deja pasar"')
    text = (await table.run("@gm /bennies history"))[0].text()
    last = text.splitlines()[-1]
    ana = f"<@{table.user('ana').id}>"
    assert last.startswith("<t:") and ana in last and "-1" in last
    assert "influir en la historia" in last and "el guardia nos deja pasar" in last
    assert f"por {ana}" in last
