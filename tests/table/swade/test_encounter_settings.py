"""/encounter settings (the ``encounter:settings`` handler), /encounter end's summary and
the condition autocomplete for a Savage Worlds encounter."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.commands.autocomplete import system_choices
from bot.commands.dispatch import answer
from bot.dice.source import RandomSource
from bot.i18n import t
from bot.systems.base import Actor, RuleError
from bot.systems.encounter import Encounter
from bot.systems.swade.state import SwadeState
from tests.table.swade.encounter_helpers import must, named, state, swade_table


class RecordingCtx:
    """The part of ``Ctx`` the settings handler uses, applying rules to one encounter."""

    def __init__(self, encounter: Encounter, user_id: int) -> None:
        self.encounter = encounter
        self.user_id = user_id
        self.lang = "es"
        self.sent: list[dict[str, Any]] = []
        self.bot = SimpleNamespace()

    def t(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    async def act(self, rules: Any, **kwargs: Any) -> tuple[Encounter, Any]:
        actor = Actor(user_id=self.user_id, is_gm=self.user_id == self.encounter.gm_id)
        outcome = rules(self.encounter.state, actor, RandomSource(1))
        self.encounter = self.encounter.model_copy(update={"state": outcome.state})
        self.sent.append({"title_key": kwargs.get("title_key"), "events": outcome.events})
        return self.encounter, outcome

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append({"content": content, **kwargs})


def swade_encounter() -> Encounter:
    return Encounter(channel_id=1, guild_id=2, gm_id=7, state=SwadeState())


async def test_settings_listed_for_anyone_and_changed_by_the_gm() -> None:
    settings = partial(answer, command="encounter:settings")
    player = RecordingCtx(swade_encounter(), user_id=8)
    await settings(player, player.encounter)
    [listing] = player.sent
    assert listing["ephemeral"]
    text = listing["embed"].description
    assert "Los Jokers de los villanos dan benis al DJ** (`villain_jokers`): no" in text
    assert "`wound_cap`" in text and "`entangled_vulnerable`" in text
    with pytest.raises(RuleError) as refused:
        await settings(player, player.encounter, setting="villain_jokers", value="sí")
    assert refused.value.key == "swade.perm.gm_only"
    gm = RecordingCtx(swade_encounter(), user_id=7)
    await settings(gm, gm.encounter, setting="tope de heridas", value="sí")
    assert gm.encounter.state.settings.wound_cap
    await settings(gm, gm.encounter, setting="wound_cap", value=False)
    assert not gm.encounter.state.settings.wound_cap
    with pytest.raises(RuleError) as bad:
        await settings(gm, gm.encounter, setting="tope", value="sí")
    assert bad.value.key == "swade.error.setting"
    with pytest.raises(RuleError) as bad:
        await settings(gm, gm.encounter, setting="wound_cap", value="quizá")
    assert bad.value.key == "swade.error.switch"


async def test_the_summary_counts_rounds_the_fallen_and_bennies_spent(tmp_path: Path) -> None:
    async with swade_table(tmp_path, seed=2) as table:
        await must(table, "@gm /bennies session-start")
        await must(table, "@gm /deal")
        await must(table, '@gm /condition add combatant:"Goblin 3" condition:incapacitado')
        await must(table, '@gm /combatant edit combatant:"Goblin 3" statblock:"Heridas: 1"')
        await table.bot.bennies.spend(table.channel_id, "gm", reason="spend.story", user_id=1)
        [ended] = await must(table, "@gm /encounter end")
        summary = ended.embeds[0]["description"]
        assert "Rondas: 1." in summary
        assert "Incapacitados: Goblin 3." in summary
        assert "Benis gastados: 1 (DJ 1)." in summary


async def test_the_summary_without_a_bennies_session(tmp_path: Path) -> None:
    async with swade_table(tmp_path, seed=2) as table:
        [ended] = await must(table, "@gm /encounter end")
        summary = ended.embeds[0]["description"]
        assert "Rondas: 0." in summary and "No cayó nadie." in summary
        assert "no había sesión de benis" in summary


def _interaction(table: Any, command: str, **namespace: str) -> Any:
    return SimpleNamespace(
        client=table.bot,
        user=SimpleNamespace(id=table.user("gm").id),
        locale="es-ES",
        guild_id=table.guild_id,
        command=SimpleNamespace(
            name=command, parent=SimpleNamespace(name="condition", parent=None)
        ),
        namespace=SimpleNamespace(**namespace),
    )


async def test_condition_autocomplete_in_spanish_and_only_present_ones_to_remove(
    tmp_path: Path,
) -> None:
    complete = partial(system_choices, "condition")
    async with swade_table(tmp_path, seed=2) as table:
        await must(table, "@gm /deal")
        await must(table, "@gm /condition add combatant:Ana condition:vulnerable")
        encounter = await table.bot.encounters.get(table.channel_id)
        choices = await complete(_interaction(table, "add", combatant="Ana"), encounter, "dis")
        assert [(c.name, c.value) for c in choices] == [("distraído", "distracted")]
        choices = await complete(_interaction(table, "remove", combatant="Ana"), encounter, "")
        assert [c.value for c in choices] == ["vulnerable"]
        assert named(await state(table), "Ana").conditions[0].name == "vulnerable"
