"""Issue 18 item 1: a turn's announcement pings the player whose turn it is (exactly that
user), names who is on deck, pings nobody on the GM's turns; ``/encounter settings
setting:pings`` turns the pings off or adds the on-deck player. Nothing else pings.
Through the offline table, in Spanish and English, in the three systems."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems.swade.state import SwadeState
from tests.table.ds20.helpers import INITIATIVE, ds20_table
from tests.table.ritualhex.helpers import rh_table
from tests.table.swade.encounter_helpers import BRUNO, must, state, swade_table

LANGS = ["es", "en"]


def pinged(messages: list[SentMessage]) -> list[list[int]]:
    """The users each message may ping (empty lists included)."""
    return [m.pinged() for m in messages]


def reply(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in messages if m.kind in ("reply", "followup"))


async def _players(table: OfflineTable) -> dict[str, int | None]:
    """Each SWADE slot's leader id -> the player who controls it (None: the GM)."""
    s = await state(table)
    gm = table.user("gm").id
    return {c.id: (c.controller_id if c.controller_id != gm else None) for c in s.combatants}


async def _with_bruno(table: OfflineTable) -> None:
    await must(table, f'@gm /combatant add name:Bruno controller:@beto statblock:"{BRUNO}"')


@pytest.mark.parametrize("lang", LANGS)
async def test_three_swade_rounds_ping_each_player_on_their_turn(tmp_path: Path, lang: str) -> None:
    async with swade_table(tmp_path, seed=5, strict=False, locale=lang, goblins=2) as table:
        await _with_bruno(table)
        controllers = await _players(table)
        ana, beto = table.user("ana").id, table.user("beto").id
        seen_players: set[int] = set()
        gm_turns = 0
        messages = await must(table, "@gm /deal")
        for _ in range(40):
            s: SwadeState = await state(table)
            if s.round > 3:
                break
            answer = reply(messages)
            player = controllers[s.active] if s.active else None
            if player is None:
                assert answer.pinged() == [], answer.content
                assert "<@" not in answer.content
                gm_turns += 1
            else:
                assert answer.pinged() == [player]
                assert answer.payload["allowed_mentions"] == {"parse": [], "users": [player]}
                assert answer.content.startswith(f"▶ <@{player}>")
                seen_players.add(player)
            # nothing else in the exchange (board edits, follow-ups) may ping
            assert all(m.pinged() == [] for m in messages if m is not answer)
            who = "gm" if player is None else ("ana" if player == ana else "beto")
            messages = await must(table, f"@{who} /next")
        assert s.round > 3, "three rounds were played"
        assert seen_players == {ana, beto} and gm_turns >= 3


@pytest.mark.parametrize("lang", LANGS)
async def test_the_on_deck_combatant_is_named(tmp_path: Path, lang: str) -> None:
    async with swade_table(tmp_path, seed=5, strict=False, locale=lang, goblins=2) as table:
        messages = await must(table, "@gm /deal")
        s = await state(table)
        names = {c.id: c.group or c.name for c in s.combatants}
        deck = names[s.turn_order[1]]
        word = "A continuación" if lang == "es" else "On deck"
        assert f"{word}: {deck}." in reply(messages).content


@pytest.mark.parametrize("lang", LANGS)
async def test_pings_off_pings_nobody_and_deck_adds_the_next_player(
    tmp_path: Path, lang: str
) -> None:
    async with swade_table(tmp_path, seed=5, strict=False, locale=lang, goblins=2) as table:
        await _with_bruno(table)
        await must(table, "@gm /encounter settings setting:pings value:off")
        played: list[SentMessage] = await must(table, "@gm /deal")
        for _ in range(6):
            s = await state(table)
            ctl = (await _players(table))[s.active] if s.active else None
            who = "gm" if ctl is None else ("ana" if ctl == table.user("ana").id else "beto")
            played += await must(table, f"@{who} /next")
        assert all(p == [] for p in pinged(played))
        assert any("<@" not in m.content and "▶" in m.content for m in played)

        await must(table, "@gm /encounter settings setting:pings value:deck")
        controllers = await _players(table)
        for _ in range(8):
            s = await state(table)
            ctl = controllers[s.active] if s.active else None
            who = "gm" if ctl is None else ("ana" if ctl == table.user("ana").id else "beto")
            answer = reply(await must(table, f"@{who} /next"))
            s = await state(table)
            later = [i for i in s.turn_order[s.current + 1 :] if i not in s.acted]
            now = controllers.get(s.active) if s.active else None
            nxt = controllers.get(later[0]) if later else None
            expected = [u for u in (now, nxt) if u is not None]
            assert answer.pinged() == list(dict.fromkeys(expected)), answer.content


@pytest.mark.parametrize("lang", LANGS)
async def test_the_ping_setting_is_the_gms_and_refuses_a_bad_value_saying_how(
    tmp_path: Path, lang: str
) -> None:
    async with swade_table(tmp_path, locale=lang, fight=False) as table:
        [refusal] = await table.run("@ana /encounter settings setting:pings value:off")
        assert refusal.ephemeral
        [bad] = await table.run("@gm /encounter settings setting:pings value:maybe")
        fix = "valor:siguiente" if lang == "es" else "value:deck"
        command = "/encuentro ajustes" if lang == "es" else "/encounter settings"
        assert bad.ephemeral and fix in bad.content and command in bad.content
        encounter = await table.bot.encounters.get(table.channel_id)
        assert encounter is not None and encounter.pings == "turn"
        [listed] = await table.run("@gm /encounter settings")
        assert "pings" in listed.text() and "wound_cap" in listed.text() and listed.ephemeral
        mode = "siguiente" if lang == "es" else "deck"
        [done] = await table.run(f"@gm /encounter settings setting:pings value:{mode}")
        assert not done.ephemeral and done.pinged() == []
        encounter = await table.bot.encounters.get(table.channel_id)
        assert encounter is not None and encounter.pings == "deck"


@pytest.mark.parametrize("lang", LANGS)
async def test_ds20_pings_the_player_and_names_the_next(tmp_path: Path, lang: str) -> None:
    # Ana's turn starts when the fixture's /next runs; the next /next is Bruto's (the GM's)
    async with ds20_table(tmp_path, [*INITIATIVE], locale=lang) as table:
        messages = await must(table, "@ana /next")
        answer = reply(messages)
        assert answer.pinged() == [] and "Bruto" in answer.content
        messages = await must(table, "@gm /next")
        answer = reply(messages)
        ana = table.user("ana").id
        assert answer.pinged() == [ana] and f"<@{ana}>" in answer.content
        assert "Bruto" in answer.content  # on deck: the next round's first after Ana


@pytest.mark.parametrize("lang", LANGS)
async def test_ritualhex_pings_the_player_at_their_opportunity(tmp_path: Path, lang: str) -> None:
    async with rh_table(tmp_path, [], start=False, locale=lang) as table:
        messages = await must(table, "@gm /hex round")
        answer = reply(messages)
        assert answer.pinged() == [table.user("ana").id]  # Red Haggar's opportunity
        assert "Red Haggar" in answer.content


@pytest.mark.parametrize("lang", LANGS)
async def test_a_turn_not_started_pings_nobody(tmp_path: Path, lang: str) -> None:
    async with swade_table(tmp_path, seed=5, strict=False, locale=lang) as table:
        await must(table, "@gm /deal")
        s = await state(table)
        actor = "ana" if (await _players(table))[s.active] else "gm"
        messages = await table.run(f"@{actor} /hold")
        messages += await table.run("@gm /roll expression:2d6")
        answers = [m for m in messages if m.pinged()]
        # /hold starts the next turn: only its announcement may ping
        for m in answers:
            assert m.content.startswith("▶ <@")
