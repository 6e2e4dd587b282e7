"""Issue 27: the table never waits on a silent bot. Through the offline table, in Spanish
and English, in the three systems:

- the reply that opens a pending decision mentions exactly the player who controls the
  combatant that decides (nobody for the GM's), allows mentions of exactly that user,
  and says what to press or type;
- the board says "Waiting on: @Ana (...)" while it is pending;
- with ``/encounter settings setting:reminders value:1h`` the owner is reminded after an
  hour on the table's clock (never a sleep), once more an hour later, and never again;
  the reminder pings only them; taking the decision, ``/undo`` or ending the encounter
  cancels what was not sent; ``pings:off`` mentions nobody.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.storage import reminders
from tests.table.ds20.helpers import INITIATIVE, ds20_table
from tests.table.ritualhex.helpers import rh_table
from tests.table.swade.encounter_helpers import must, swade_table

LANGS = ["es", "en"]
MINUTE = timedelta(minutes=1)
HOUR = timedelta(hours=1)
WAITING = {"es": "⏳ Esperando a: ", "en": "⏳ Waiting on: "}
GM_WORD = {"es": "el DJ", "en": "the GM"}
LAST = {"es": "(Último recordatorio.)", "en": "(Last reminder.)"}
# The GM's Wild Card hits Ana (Parry 6, Toughness 5): Fighting 6 (wild die 1), damage
# Strength d10 10 (aces) + 2 = 12, a raise: one wound; she may soak it (SW-14).
JEFE_HITS_ANA = [6, 1, 10, 2]
SOAK = {
    "es": ("«Absorber (beni)»", "`/reaccionar absorber`"),
    "en": ("“Soak (benny)”", "`/react soak`"),
}


def reply(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in messages if m.kind in ("reply", "followup"))


def board(messages: list[SentMessage]) -> str:
    """The newest board's description (posted or edited in the exchange)."""
    boards = [m for m in messages if m.kind in ("channel", "channel_edit") and m.embeds]
    assert boards, "the board was redrawn"
    return str(boards[-1].embeds[0].get("description", ""))


def reminders_in(messages: list[SentMessage]) -> list[SentMessage]:
    return [m for m in messages if m.kind == "channel" and m.content.startswith("⏰")]


async def rows(table: OfflineTable) -> list[dict[str, object]]:
    assert table.bot is not None
    return [dict(r) for r in await reminders.of_channel(table.bot.db, table.channel_id)]


async def hourly(table: OfflineTable, lang: str) -> None:
    value = "1 hora" if lang == "es" else "1 hour"
    [said] = await must(table, f'@gm /encounter settings setting:reminders value:"{value}"')
    assert "1 h" in said.content and "`1h`" in said.content


def calls(messages: list[SentMessage], lang: str, user: int | None, name: str) -> SentMessage:
    """The reply opened ``name``'s decision mentioning exactly ``user`` (None: the GM's
    combatant, nobody), nothing else in the exchange pings, and the board's first line
    waits on them for it. Returns the reply."""
    opener = reply(messages)
    if user is None:
        assert opener.pinged() == [] and "<@" not in opener.content, opener.content
        owner = GM_WORD[lang]
    else:
        assert opener.pinged() == [user]
        assert opener.payload["allowed_mentions"] == {"parse": [], "users": [user]}
        lines = opener.content.splitlines()  # after the turn's announcement, if any
        assert any(line.startswith(f"⏳ <@{user}>") for line in lines), opener.content
        owner = f"<@{user}>"
    assert f"{name}: " in opener.content
    assert all(m.pinged() == [] for m in messages if m is not opener), "nothing else pings"
    line = board(messages).splitlines()[0]
    assert line.startswith(f"{WAITING[lang]}{owner} ({name}: "), line
    return opener


# -- Savage Worlds ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_swade_soak_calls_its_player_the_board_waits_and_reminders_come_twice(
    tmp_path: Path, lang: str
) -> None:
    async with swade_table(tmp_path, [*JEFE_HITS_ANA], locale=lang) as table:
        ana = table.user("ana").id
        await hourly(table, lang)
        messages = await must(table, '@gm /attack target:Ana actor:"Jefe orco"')
        opener = calls(messages, lang, ana, "Ana")
        button, command = SOAK[lang]
        assert button in opener.content and command in opener.content
        assert button.strip("«»“”") in [b["label"] for b in opener.buttons()]

        assert await table.wait(59 * MINUTE) == []
        [first] = reminders_in(await table.wait(2 * MINUTE))
        assert first.pinged() == [ana] and first.content.startswith(f"⏰ <@{ana}>")
        assert "1 h 1 min" in first.content and command in first.content
        assert LAST[lang] not in first.content
        [last] = reminders_in(await table.wait(HOUR))
        assert last.pinged() == [ana] and LAST[lang] in last.content and "2 h 1 min" in last.content
        assert await table.wait(24 * HOUR) == [], "never a third"


@pytest.mark.parametrize("lang", LANGS)
async def test_swade_only_the_owner_or_the_gm_answers(tmp_path: Path, lang: str) -> None:
    async with swade_table(tmp_path, [*JEFE_HITS_ANA], locale=lang) as table:
        await must(table, '@gm /attack target:Ana actor:"Jefe orco"')
        button = SOAK[lang][0].strip("«»“”")
        [refused] = await table.run(f'@bruno press "{button}"')
        assert refused.ephemeral
        encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert encounter is not None and [o.key for o in encounter.waiting] == ["soak:c8"]


@pytest.mark.parametrize("lang", LANGS)
async def test_swade_a_gm_combatants_decision_mentions_nobody_and_reminds_the_gm(
    tmp_path: Path, lang: str
) -> None:
    # Ana (Fighting d8) hits the Jefe (Parry 6, Toughness 8 (2)): 6 (wild 1); damage
    # Strength d6 6+6+1 = 13 (aces): one wound.
    async with swade_table(tmp_path, [6, 1, 6, 6, 1], locale=lang) as table:
        gm = table.user("gm").id
        await hourly(table, lang)
        messages = await must(table, '@ana /attack target:"Jefe orco" actor:Ana')
        opener = calls(messages, lang, None, "Jefe orco")
        decides = "⏳ Decide el DJ. " if lang == "es" else "⏳ The GM decides. "
        assert opener.content.startswith(decides), opener.content
        [first] = reminders_in(await table.wait(61 * MINUTE))
        assert first.pinged() == [gm] and first.content.startswith(f"⏰ <@{gm}>")


@pytest.mark.parametrize("lang", LANGS)
async def test_swade_taking_the_decision_cancels_its_reminders(tmp_path: Path, lang: str) -> None:
    # Ana soaks at once: Vigor d6 4 (wild 1), a success: the wound is gone (SW-14).
    async with swade_table(tmp_path, [*JEFE_HITS_ANA, 4, 1], locale=lang) as table:
        await hourly(table, lang)
        await must(table, "@gm /bennies session-start")
        await must(table, '@gm /attack target:Ana actor:"Jefe orco"')
        assert [r["nth"] for r in await rows(table)] == [1, 2]
        assert await table.wait(30 * MINUTE) == []
        messages = await must(table, f'@ana press "{SOAK[lang][0].strip("«»“”")}"')
        assert WAITING[lang] not in board(messages)
        assert await rows(table) == []
        assert await table.wait(5 * HOUR) == []


@pytest.mark.parametrize("lang", LANGS)
async def test_swade_undo_and_the_end_cancel_the_reminders(tmp_path: Path, lang: str) -> None:
    async with swade_table(tmp_path, [*JEFE_HITS_ANA, *JEFE_HITS_ANA], locale=lang) as table:
        await hourly(table, lang)
        await must(table, '@gm /attack target:Ana actor:"Jefe orco"')
        assert len(await rows(table)) == 2
        messages = await must(table, "@gm /undo")
        assert WAITING[lang] not in board(messages)
        assert await rows(table) == []
        assert await table.wait(3 * HOUR) == []

        await must(table, '@gm /attack target:Ana actor:"Jefe orco"')
        assert len(await rows(table)) == 2
        await must(table, "@gm /encounter end")
        assert await rows(table) == []
        assert await table.wait(3 * HOUR) == []


@pytest.mark.parametrize("lang", LANGS)
async def test_swade_pings_off_mentions_nobody_in_openers_and_reminders(
    tmp_path: Path, lang: str
) -> None:
    async with swade_table(tmp_path, [*JEFE_HITS_ANA], locale=lang) as table:
        await hourly(table, lang)
        await must(table, "@gm /encounter settings setting:pings value:off")
        messages = await must(table, '@gm /attack target:Ana actor:"Jefe orco"')
        opener = reply(messages)
        assert opener.pinged() == [] and "<@" not in opener.content
        assert SOAK[lang][1] in opener.content
        [first] = reminders_in(await table.wait(61 * MINUTE))
        assert first.pinged() == [] and "<@" not in first.content and "Ana:" in first.content


@pytest.mark.parametrize("lang", LANGS)
async def test_swade_a_turn_that_waits_reminds_its_player(tmp_path: Path, lang: str) -> None:
    async with swade_table(tmp_path, seed=5, strict=False, locale=lang, goblins=2) as table:
        await hourly(table, lang)
        await must(table, "@gm /deal")
        for _ in range(6):  # to Ana's turn
            encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
            assert encounter is not None
            active = next(c for c in encounter.state.combatants if c.id == encounter.state.active)
            if active.name == "Ana":
                break
            await must(table, "@gm /next")
        else:
            raise AssertionError("Ana's turn never came")
        ana = table.user("ana").id
        assert await table.wait(59 * MINUTE) == []
        [first] = reminders_in(await table.wait(2 * MINUTE))
        assert first.pinged() == [ana] and "**Ana**" in first.content
        await must(table, "@ana /next")  # her turn ends: its last reminder never comes
        later = reminders_in(await table.wait(HOUR - MINUTE))
        assert all(f"<@{ana}>" not in m.content for m in later)


# -- Dread S-20 ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_ds20_a_defence_calls_its_player_and_then_the_turn_waits_on_the_gm(
    tmp_path: Path, lang: str
) -> None:
    # Bruto's Machete (Armas C.C. 9): d20 4, margin 5. Ana dodges (Acrobacia 9): d20 15,
    # a failure: the hit stands (Machete 5/10: an HL).
    async with ds20_table(tmp_path, [*INITIATIVE, 4, 15], locale=lang) as table:
        ana, gm = table.user("ana").id, table.user("gm").id
        await hourly(table, lang)
        await must(table, "@ana /next")  # Bruto's turn (the GM's)
        messages = await must(table, "@gm /attack target:Ana weapon:Machete")
        opener = calls(messages, lang, ana, "Ana")
        command = "`/reaccionar esquivar`" if lang == "es" else "`/react dodge`"
        assert command in opener.content
        [first] = reminders_in(await table.wait(61 * MINUTE))
        assert first.pinged() == [ana]

        messages = await must(table, "@ana /react dodge")
        assert WAITING[lang] not in board(messages)
        assert await table.wait(59 * MINUTE) == [], "the turn waits from the answer"
        [turn] = reminders_in(await table.wait(2 * MINUTE))
        assert turn.pinged() == [gm] and "**Bruto**" in turn.content


# -- Ritual Hex ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_ritualhex_a_reaction_window_calls_whoever_answers_now(
    tmp_path: Path, lang: str
) -> None:
    async with rh_table(tmp_path, [], locale=lang) as table:
        bea = table.user("bea").id
        await hourly(table, lang)
        calls(await must(table, "@ana /attack target:Goblin"), lang, None, "Goblin")
        block = "Bloqueo" if lang == "es" else "Block"  # a shipped reaction, in the reader's words
        await must(table, f'@gm press "Goblin: {block}"')
        messages = await must(table, "@gm /react pass actor:Thrall")
        calls(messages, lang, bea, "Jade Mistress")
        [first] = reminders_in(await table.wait(61 * MINUTE))
        assert first.pinged() == [bea] and "Jade Mistress" in first.content


# -- the setting -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_the_reminders_setting_is_the_gms_and_a_bad_value_says_how(
    tmp_path: Path, lang: str
) -> None:
    async with swade_table(tmp_path, locale=lang, fight=False) as table:
        [refusal] = await table.run("@ana /encounter settings setting:reminders value:1h")
        assert refusal.ephemeral
        for bad in ("maybe", "3m", "8d", "1 hora y media"):
            [said] = await table.run(f'@gm /encounter settings setting:reminders value:"{bad}"')
            fix = "valor:1h" if lang == "es" else "value:1h"
            assert said.ephemeral and fix in said.content, said.content
        encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert encounter is not None and encounter.reminders == 0
        [listed] = await table.run("@gm /encounter settings")
        assert "`reminders`" in listed.text() and "`off`" in listed.text()
        word = "recordatorios" if lang == "es" else "reminders"
        [done] = await table.run(f"@gm /encounter settings setting:{word} value:12h")
        assert not done.ephemeral and done.pinged() == [] and "12 h" in done.content
        encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert encounter is not None and encounter.reminders == 12 * 3600
        off = "no" if lang == "es" else "off"
        await must(table, f"@gm /encounter settings setting:reminders value:{off}")
        encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert encounter is not None and encounter.reminders == 0


@pytest.mark.parametrize("lang", LANGS)
async def test_reminders_set_late_remind_at_once_and_once_more_later(
    tmp_path: Path, lang: str
) -> None:
    async with swade_table(tmp_path, [*JEFE_HITS_ANA], locale=lang) as table:
        ana = table.user("ana").id
        await must(table, '@gm /attack target:Ana actor:"Jefe orco"')
        assert await table.wait(3 * HOUR) == [] and await rows(table) == []  # off
        await hourly(table, lang)  # it has waited more than that already
        [first] = reminders_in(await table.wait(MINUTE))
        assert first.pinged() == [ana] and LAST[lang] not in first.content
        assert "3 h 1 min" in first.content, "it says how long the table has waited"
        assert await table.wait(58 * MINUTE) == []
        [last] = reminders_in(await table.wait(2 * MINUTE))
        assert LAST[lang] in last.content
        await must(table, "@gm /encounter settings setting:reminders value:30m")
        assert await table.wait(5 * HOUR) == [], "a new delay reminds no wait twice more"


@pytest.mark.parametrize("lang", LANGS)
async def test_a_shorter_delay_moves_the_reminders_not_yet_sent(tmp_path: Path, lang: str) -> None:
    async with swade_table(tmp_path, [*JEFE_HITS_ANA], locale=lang) as table:
        await must(table, "@gm /encounter settings setting:reminders value:12h")
        await must(table, '@gm /attack target:Ana actor:"Jefe orco"')
        await hourly(table, lang)
        assert await table.wait(59 * MINUTE) == []
        [first] = reminders_in(await table.wait(2 * MINUTE))
        assert LAST[lang] not in first.content


@pytest.mark.parametrize("lang", LANGS)
async def test_an_imported_encounter_waits_from_its_import(tmp_path: Path, lang: str) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 4], locale=lang) as table:
        ana = table.user("ana").id
        await hourly(table, lang)
        await must(table, "@ana /next")
        await must(table, "@gm /attack target:Ana weapon:Machete")  # Ana must defend
        await table.run("@gm /encounter export")
        filename, blob = table.recorder.files[-1]
        (tmp_path / filename).write_bytes(blob)
        assert await table.wait(50 * MINUTE) == []
        messages = await must(table, f"@gm /encounter import file:{tmp_path / filename}")
        assert board(messages).startswith(f"{WAITING[lang]}<@{ana}> (Ana: ")
        assert [r["nth"] for r in await rows(table)] == [1, 2]
        assert await table.wait(59 * MINUTE) == [], "it waits from the import, not before"
        [first] = reminders_in(await table.wait(2 * MINUTE))
        assert first.pinged() == [ana]


@pytest.mark.parametrize("lang", LANGS)
async def test_swade_shaken_at_the_start_of_her_turn_one_reply_calls_her_once(
    tmp_path: Path, lang: str
) -> None:
    # SW-15: Ana starts her turn Shaken and fails Spirit (d8 2, wild die 3): a benny
    # would end it. The turn's announcement and the decision mention her, once.
    async with swade_table(tmp_path, [2, 3], seed=5, strict=False, locale=lang) as table:
        ana = table.user("ana").id
        await must(table, "@gm /condition add combatant:Ana condition:shaken")
        messages = await must(table, "@gm /deal")
        for _ in range(8):
            encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
            assert encounter is not None
            if encounter.state.active == next(
                c.id for c in encounter.state.combatants if c.name == "Ana"
            ):
                break
            messages = await must(table, "@gm /next")
        else:
            raise AssertionError("Ana's turn never came")
        opener = calls(messages, lang, ana, "Ana")
        turn, decision = opener.content.split("\n")
        assert turn.startswith(f"▶ <@{ana}>") and decision.startswith(f"⏳ <@{ana}>")
        command = "`/reaccionar recuperarse`" if lang == "es" else "`/react unshake`"
        assert command in decision


@pytest.mark.parametrize("lang", LANGS)
async def test_an_undone_import_brings_back_its_encounters_wait_from_then(
    tmp_path: Path, lang: str
) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 4], locale=lang) as table:
        ana = table.user("ana").id
        await hourly(table, lang)
        await table.run("@gm /encounter export")
        filename, blob = table.recorder.files[-1]  # an encounter waiting on nobody
        (tmp_path / filename).write_bytes(blob)
        await must(table, "@ana /next")
        await must(table, "@gm /attack target:Ana weapon:Machete")  # Ana must defend
        await must(table, f"@gm /encounter import file:{tmp_path / filename}")
        assert [r["decision"] for r in await rows(table)] != [], "the imported one's turn"
        assert await table.wait(30 * MINUTE) == []
        messages = await must(table, "@gm /undo")
        assert board(messages).startswith(f"{WAITING[lang]}<@{ana}> (Ana: ")
        assert {str(r["decision"]).split(":")[0] for r in await rows(table)} == {"defence"}
        assert await table.wait(59 * MINUTE) == [], "it waits from the undo"
        [first] = reminders_in(await table.wait(2 * MINUTE))
        assert first.pinged() == [ana] and "1 h 1 min" in first.content
