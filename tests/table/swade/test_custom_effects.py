"""Custom effects (issue 18, item 6): ``/condition add`` with a name that is no rule's
condition keeps it as free text with a duration, shows it on the board, reminds its
controller (and only them) at the start of the turn it ends, ends it then, and
``/condition remove`` takes it away. Cards are forced so turns come in a known order."""

from __future__ import annotations

from pathlib import Path

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import must, swade_table

ANA_FIRST = "@gm /initiative set combatant:Ana card:KS"
JEFE_SECOND = '@gm /initiative set combatant:"Jefe orco" card:3C'
GOBLINS_LAST = "@gm /initiative set combatant:Goblin card:2D"


async def _state(table: OfflineTable):  # type: ignore[no-untyped-def]
    encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
    assert encounter is not None
    return encounter.state


def _board(messages: list[SentMessage]) -> str:
    return next(m.text() for m in reversed(messages) if m.kind in ("channel_edit", "channel"))


async def _deal(table: OfflineTable) -> list[SentMessage]:
    for line in (ANA_FIRST, JEFE_SECOND, GOBLINS_LAST):
        await must(table, line)
    return await must(table, "@gm /deal")


async def test_an_effect_for_rounds_is_reminded_to_its_player_alone_then_ends(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path, strict=False) as table:
        added = await must(
            table, "@ana /condition add combatant:Ana condition:Bendecido duration:2"
        )
        assert "Ana: ✨Bendecido, durante 2 de sus turnos" in added[0].text()
        assert "✨Bendecido (2 de sus turnos)" in _board(added)
        dealt = await _deal(table)  # round 1: Ana's turn (1 of 2)
        assert "✨Bendecido (hasta el final de su próximo turno)" in _board(dealt)
        assert not any("termina al final de este turno" in m.text() for m in dealt)
        await must(table, "@gm /next")  # Jefe
        await must(table, "@gm /next")  # the goblins
        await must(table, "@gm /next")  # round 2 is dealt; cards forced again below
        state = await _state(table)
        ana = next(c for c in state.combatants if c.name == "Ana")
        assert [(e.name, e.turns_left) for e in ana.effects] == [("Bendecido", 1)]


async def test_the_reminder_pings_only_the_controller(tmp_path: Path) -> None:
    async with swade_table(tmp_path, strict=False) as table:
        await _deal(table)  # Ana's turn is in progress
        # "End of turn" during its own turn: the end of its next turn (as SW-17).
        [added, *_] = await must(
            table, '@ana /condition add combatant:Ana condition:"Fe ciega" duration:"fin del turno"'
        )
        assert "✨Fe ciega, hasta el final de su próximo turno" in added.text()
        await must(table, "@gm /next")
        await must(table, "@gm /next")
        for line in (ANA_FIRST, JEFE_SECOND, GOBLINS_LAST):
            await must(table, line)
        # The goblins' turn ends; round 2 starts with Ana's: the reminder.
        messages = await must(table, "@gm /next")
        ana_id = table.user("ana").id
        [reminder] = [
            m for m in messages if (m.payload.get("content") or "").startswith(f"<@{ana_id}>: ✨")
        ]
        assert reminder.payload["content"] == (
            f"<@{ana_id}>: ✨Fe ciega de Ana termina al final de este turno."
        )
        mentions = reminder.payload["allowed_mentions"]
        assert mentions["users"] == [str(ana_id)] or mentions["users"] == [ana_id]
        assert mentions.get("parse", []) == [] and not mentions.get("roles")
        # Issue 30: the end is announced once, by the reminder: the turn's result leaves
        # the line out (before, both said it).
        said = [m.text() for m in messages]
        assert sum(text.count("Fe ciega de Ana termina") for text in said) == 1
        # No other message of the bot may ping anyone but Ana: her turn's announcement
        # (issue 18's turn pings) mentions her too, and nobody else.
        others = [m for m in messages if m is not reminder and m.payload.get("content")]
        for m in others:
            allowed = m.payload.get("allowed_mentions")
            assert allowed == {"parse": []} or (
                [int(u) for u in allowed["users"]] == [ana_id] and allowed.get("parse") == []
            ), allowed
        ended = await must(table, "@gm /next")
        assert "Termina ✨Fe ciega de Ana." in ended[0].text()
        ana = next(c for c in (await _state(table)).combatants if c.name == "Ana")
        assert ana.effects == []


async def test_a_gm_combatants_effect_reminds_the_gm(tmp_path: Path) -> None:
    async with swade_table(tmp_path, strict=False, locale="en") as table:
        await must(table, '@gm /condition add combatant:"Jefe orco" condition:flying duration:1')
        messages = await _deal(table)
        messages += await must(table, "@gm /next")  # the Jefe's turn
        gm = table.user("gm").id
        [reminder] = [m for m in messages if f"<@{gm}>" in (m.payload.get("content") or "")]
        assert reminder.payload["content"] == (
            f"<@{gm}>: Jefe orco's ✨flying ends at the end of this turn."
        )
        ended = await must(table, "@gm /next")
        assert "✨flying ends for Jefe orco." in ended[0].text()


async def test_until_removed_shown_on_the_board_and_removed_by_name(tmp_path: Path) -> None:
    async with swade_table(tmp_path, locale="en") as table:
        added = await must(table, '@gm /condition add combatant:"Jefe orco" condition:Volando')
        assert "Jefe orco: ✨Volando, until removed" in added[0].text()
        assert "✨Volando" in _board(added)
        removed = await must(table, '@gm /condition remove combatant:"Jefe orco" condition:VOLANDO')
        assert "Jefe orco no longer has ✨Volando." in removed[0].text()
        assert "Volando" not in _board(removed)


async def test_remove_suggests_the_effects_of_the_combatant(tmp_path: Path) -> None:
    from bot.systems.plugin import Asker
    from bot.systems.swade.moves.suggest import conditions

    async with swade_table(tmp_path) as table:
        await must(table, "@ana /condition add combatant:Ana condition:Bendecido")
        await must(table, "@gm /condition add combatant:Ana condition:vulnerable")
        asker = Asker(
            table.user("gm").id, True, None, "es", command="condition:remove",
            options={"combatant": "Ana"},
        )  # fmt: skip
        assert conditions(await _state(table), asker, "") == [
            ("vulnerable", "vulnerable"),
            ("Bendecido", "Bendecido"),
        ]


async def test_refusals_say_how_to_fix(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        [bad] = await table.run("@ana /condition add combatant:Ana condition:Rezo duration:pronto")
        assert bad.ephemeral and "No entiendo la duración «pronto»" in bad.text()
        assert "duración:3" in bad.text()
        [rule] = await table.run("@gm /condition add combatant:Ana condition:aturdido duration:3")
        assert rule.ephemeral and "«aturdido» es un estado de las reglas" in rule.text()
        [mention] = await table.run('@gm /condition add combatant:Ana condition:"<@1> hola"')
        assert mention.ephemeral and "escríbelo sin ese carácter" in mention.text()
        [long] = await table.run("@gm /condition add combatant:Ana condition:" + "x" * 41)
        assert long.ephemeral and "el máximo es 40" in long.text()
        [rounds] = await table.run("@gm /condition add combatant:Ana condition:Rezo duration:101")
        assert rounds.ephemeral and "de 1 a 100 rondas" in rounds.text()
        for i in range(10):
            await must(table, f"@gm /condition add combatant:Ana condition:Efecto{i}")
        [full] = await table.run("@gm /condition add combatant:Ana condition:Otro")
        assert full.ephemeral and "ya tiene 10 efectos propios" in full.text()
        [absent] = await table.run("@gm /condition remove combatant:Ana condition:Nada")
        assert absent.ephemeral and "no tiene ningún estado ni efecto «Nada»" in absent.text()
        [foreign] = await table.run("@bruno /condition add combatant:Ana condition:Maldito")
        assert foreign.ephemeral
        ana = next(c for c in (await _state(table)).combatants if c.name == "Ana")
        assert len(ana.effects) == 10
    (tmp_path / "en").mkdir()
    async with swade_table(tmp_path / "en", locale="en") as table:
        [bad] = await table.run("@ana /condition add combatant:Ana condition:Pray duration:soon")
        assert bad.ephemeral and "I don't understand the duration “soon”" in bad.text()
