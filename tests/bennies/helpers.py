"""Building a SWADE encounter for the benny tests: combatants are put on the state through
the encounter service (as ``/combatant add`` would), rules run through it too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.play.table import OfflineTable
from bot.systems.base import Actor, Outcome
from bot.systems.encounter import Encounter
from bot.systems.swade.state import SwadeCombatant, SwadeState, Trait

ATTRIBUTES = ("agility", "smarts", "spirit", "strength", "vigor")


def combatant(cid: str, name: str, **fields: Any) -> SwadeCombatant:
    """d6 in every attribute, Fighting d8, Parry 5, Toughness 5."""
    base: dict[str, Any] = {
        "attributes": {a: Trait(die=6) for a in ATTRIBUTES},
        "skills": {"fighting": Trait(die=8)},
        "parry": 5,
        "toughness": 5,
    }
    return SwadeCombatant(id=cid, name=name, **{**base, **fields})


def hero(cid: str, name: str, controller_id: int | None, **fields: Any) -> SwadeCombatant:
    """A player character: a Wild Card on the heroes' side."""
    return combatant(
        cid,
        name,
        controller_id=controller_id,
        is_pc=True,
        wild_card=True,
        side="heroes",
        **fields,
    )


def villain(cid: str, name: str, **fields: Any) -> SwadeCombatant:
    """A GM Wild Card."""
    return combatant(cid, name, wild_card=True, **fields)


def extra(cid: str, name: str, **fields: Any) -> SwadeCombatant:
    return combatant(cid, name, **fields)


async def start_encounter(table: OfflineTable) -> None:
    await table.run("@gm /encounter start name:Pelea")


async def put(table: OfflineTable, *combatants: SwadeCombatant) -> None:
    """Add combatants to the channel's encounter (one service action)."""

    def add(encounter: Encounter, dice: Any) -> Outcome:
        state = encounter.state.model_copy(deep=True)
        state.combatants.extend(c.model_copy(deep=True) for c in combatants)
        return Outcome(state=state, summary="test: add combatants")

    await table.bot.encounters.act(table.channel_id, table.user("gm").id, add, kind="test.add")


async def run_rules(
    table: OfflineTable, rules: Callable[[SwadeState, Actor, Any], Outcome], user: str = "gm"
) -> Outcome:
    """Run a SWADE rules function on the channel's encounter through the service."""
    who = table.user(user)

    def apply(encounter: Encounter, dice: Any) -> Outcome:
        actor = Actor(user_id=who.id, is_gm=who.id == encounter.gm_id)
        return rules(encounter.state, actor, dice)  # type: ignore[arg-type]

    _, outcome = await table.bot.encounters.act(table.channel_id, who.id, apply, kind="test.rules")
    await table.settle()
    return outcome


async def state(table: OfflineTable) -> SwadeState:
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None
    return encounter.state  # type: ignore[return-value]


async def find(table: OfflineTable, name: str) -> SwadeCombatant:
    return next(c for c in (await state(table)).combatants if c.name == name)


async def pools(table: OfflineTable) -> dict[str, int]:
    return await table.bot.bennies.pools_for_channel(table.channel_id)


def key(table: OfflineTable, name: str) -> str:
    return f"user:{table.user(name).id}"


def force(table: OfflineTable, *values: int) -> None:
    """Queue forced dice (the table is strict: an unforced die is an error)."""
    assert table.dice.forced is not None
    table.dice.forced.push(values)


def dice_left(table: OfflineTable) -> int:
    assert table.dice.forced is not None
    return table.dice.forced.remaining
