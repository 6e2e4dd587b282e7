"""Issue 32: the shortcuts the attack path takes answer as the long way does: a
condition looked up on a combatant with none stored (SW-16, SW-20), the declared
modifiers read from one table (SW-10, SW-21..SW-23), the snapshots and a hit's fields
dumped by the serializer (SW-4/SW-35, SW-14), and a copy's list items copied or shared
by their class."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from bot.systems.common import CowList, _copied_item, copied
from bot.systems.swade.conditions import CONDITIONS, effective_conditions, has_condition
from bot.systems.swade.damage import HIT_FIELDS, _hit_fields
from bot.systems.swade.modifiers import AttackOptions, option_modifiers
from bot.systems.swade.rerolls import snapshot_of
from bot.systems.swade.state import (
    SNAPSHOT_EXCLUDE,
    Condition,
    SwadeCombatant,
    SwadeSettings,
    SwadeState,
)

from .test_combat_fixtures import goblin, hero

FLAGS: list[dict[str, Any]] = [
    {},
    {"shaken": True},
    {"fatigue": 1},
    {"fatigue": 2},
    {"on_hold": True},
    {"incapacitated": True},
    {"bleeding_out": True},
    {"defending": True},
]
STORED = [[], ["stunned"], ["entangled"], ["bound"], ["prone"], ["distracted"], ["vulnerable"]]


@pytest.mark.parametrize(
    ("flags", "stored", "entangled_vulnerable"),
    list(itertools.product(FLAGS, STORED, [False, True])),
)
def test_has_condition_answers_as_every_condition_held_does(
    flags: dict[str, Any], stored: list[str], entangled_vulnerable: bool
) -> None:
    # SW-16/SW-20: only stored conditions imply others, so a combatant with none stored
    # is under its fields' conditions alone; the shortcut must agree with the board's
    # reading of every condition, for each condition name.
    c = goblin(**flags, conditions=[Condition(name=n) for n in stored])
    settings = SwadeSettings(entangled_vulnerable=entangled_vulnerable)
    held = effective_conditions(c, settings)
    for name in CONDITIONS:
        assert has_condition(c, name, settings) is (name in held), name


def test_the_declared_modifiers_keep_their_order() -> None:
    # SW-10, SW-21..SW-23, seed 003: every declared modifier, non-zero ones only, in
    # the order the replies list them.
    melee = AttackOptions(
        cover="light", illumination="dim", called_shot="head", gang_up=6, two_weapons=True,
        touch=True, off_hand=True, nonlethal=True, edged=True, target_scale="large",
        speed="97kmh", running=True, improvised=True, the_drop=True, modifier=-1,
    )  # fmt: skip
    assert option_modifiers(melee, melee=True) == [
        ("swade.combat.mod.cover", -2),
        ("swade.combat.mod.illumination", -2),
        ("swade.combat.mod.called_shot", -4),
        ("swade.combat.mod.gang_up", 4),  # SW-21: at most +4
        ("swade.combat.mod.two_weapons", 1),
        ("swade.combat.mod.touch", 2),
        ("swade.combat.mod.off_hand", -2),
        ("swade.combat.mod.nonlethal_edged", -1),
        ("swade.combat.mod.scale", 2),
        ("swade.combat.mod.speed", -1),
        ("swade.combat.mod.running", -2),
        ("swade.combat.mod.improvised", -2),
        ("swade.combat.mod.the_drop", 4),
        ("swade.combat.mod.situational", -1),
    ]
    ranged = AttackOptions(
        range="long", called_shot="unarmored", called_penalty=-3, mounted=True, rof=3,
        shotgun=True, attacker_scale="large",
    )  # fmt: skip
    assert option_modifiers(ranged, melee=False) == [
        ("swade.combat.mod.range", -4),
        ("swade.combat.mod.called_shot", -3),  # SW-22: the GM's penalty
        ("swade.combat.mod.unstable_platform", -2),
        ("swade.combat.mod.recoil", -2),
        ("swade.combat.mod.shotgun", 2),
        ("swade.combat.mod.scale", -2),
    ]
    assert option_modifiers(AttackOptions(), melee=True) == []
    assert option_modifiers(AttackOptions(), melee=False) == []


def test_the_snapshots_are_the_model_dumps() -> None:
    # SW-4/SW-35 and SW-14: what a reroll and a soak put back is the combatant's JSON.
    h = hero(wounds=2, conditions=[Condition(name="prone")], last_hit={"damage": 9})
    h.last_attack = {"params": {"target_id": "g"}}  # left out: it would nest
    g = goblin(shaken=True, injuries=["leg"], injury_log=[{"injury": "leg"}])
    snap = snapshot_of([h, g])
    assert list(snap) == ["h", "g"]
    for c in (h, g):
        dumped = c.model_dump(mode="json", exclude=set(SNAPSHOT_EXCLUDE))
        assert snap[c.id] == dumped and list(snap[c.id]) == list(dumped)
        fields = c.model_dump(mode="json", include=set(HIT_FIELDS))
        assert _hit_fields(c) == fields and list(_hit_fields(c)) == list(fields)
    assert "last_attack" not in snap["h"] and snap["h"]["last_hit"] == {"damage": 9}


class _Loose(BaseModel):
    value: int = 0


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)

    value: int = 0


def test_a_list_item_is_copied_or_shared_by_its_class() -> None:
    # Asked once per class (the class's frozen setting cannot change after it is made):
    # a model is copied, a frozen model and anything else shared, every time.
    for _ in range(2):
        loose, frozen, text = _Loose(value=1), _Frozen(value=1), "x"
        mine = _copied_item(loose)
        assert mine == loose and mine is not loose
        mine.value = 2
        assert loose.value == 1
        assert _copied_item(frozen) is frozen and _copied_item(text) is text


def test_a_reached_combatant_is_its_deep_copy() -> None:
    state = SwadeState(combatants=[hero(conditions=[Condition(name="prone")]), goblin()])
    copy = copied(state)
    assert isinstance(copy.combatants, CowList)
    h = copy.combatants[0]
    original = state.combatants[0]
    assert h is not original and h == original.model_copy(deep=True)
    assert h.model_fields_set == original.model_fields_set
    assert h.weapons[0] is not original.weapons[0] and h.conditions[0] is not original.conditions[0]
    h.weapons[0].shots = 1
    h.conditions[0].turns_left = 3
    h.attributes["vigor"] = h.attributes["agility"]
    assert original.weapons[0].shots is None and original.conditions[0].turns_left == 0
    assert original.attributes["vigor"].die == 6
    assert isinstance(h, SwadeCombatant)
