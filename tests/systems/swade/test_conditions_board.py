"""Issue 32: the board's list of a combatant's conditions (``effective_conditions``),
worked out at once, and ``has_condition`` asked condition by condition say of every
combination what the rules say (SW-16, SW-20 and the conditions kept as fields): both
are checked against the rules written out here."""

from __future__ import annotations

import itertools

import pytest

from bot.systems.swade.conditions import CONDITIONS, effective_conditions, has_condition
from bot.systems.swade.state import Condition, SwadeCombatant, SwadeSettings

STORED = ("stunned", "distracted", "vulnerable", "entangled", "bound", "prone", "shaken")


FIELDS = {"shaken", "fatigued", "exhausted", "on_hold", "incapacitated", "bleeding_out"}


def _one_by_one(c: SwadeCombatant, settings: SwadeSettings) -> list[str]:
    return [name for name in CONDITIONS if has_condition(c, name, settings)]


def _by_the_rules(
    stored: tuple[str, ...], shaken: bool, fatigue: int, flags: tuple[str, ...], ev: bool
) -> list[str]:
    """The rules, one at a time: a condition kept as a field only from its field; SW-16
    Stunned and SW-20 Bound are Distracted and Vulnerable; SW-20 Entangled is Distracted,
    or Vulnerable with ``entangled_vulnerable``."""
    held = {name for name in stored if name not in FIELDS | {"defending"}}
    held |= {"shaken"} if shaken else set()
    held |= {"fatigued"} if fatigue == 1 else {"exhausted"} if fatigue >= 2 else set()
    held |= set(flags) | ({"bleeding_out"} if "incapacitated" in flags else set())
    if "stunned" in stored or "bound" in stored:
        held |= {"distracted", "vulnerable"}
    if "entangled" in stored:
        held.add("vulnerable" if ev else "distracted")
    return [name for name in CONDITIONS if name in held]


@pytest.mark.parametrize("entangled_vulnerable", [False, True])
def test_every_combination_reads_as_condition_by_condition(entangled_vulnerable: bool) -> None:
    settings = SwadeSettings(entangled_vulnerable=entangled_vulnerable)
    seen = set()
    for n in range(len(STORED) + 1):
        for stored in itertools.combinations(STORED, n):
            for shaken, fatigue, flags in itertools.product(
                (False, True), (0, 1, 2, 3), ((), ("on_hold", "defending"), ("incapacitated",))
            ):
                c = SwadeCombatant(
                    id="c1",
                    name="Ana",
                    conditions=[Condition(name=name) for name in stored],
                    shaken=shaken,
                    fatigue=fatigue,
                    bleeding_out="incapacitated" in flags,
                    **{flag: True for flag in flags},
                )
                names = effective_conditions(c, settings)
                rules = _by_the_rules(stored, shaken, fatigue, flags, entangled_vulnerable)
                assert names == rules, (stored, shaken, fatigue, flags)
                assert _one_by_one(c, settings) == rules, (stored, shaken, fatigue, flags)
                seen.add(tuple(names))
    assert len(seen) > 100  # the combinations do give different lists


def test_a_stored_shaken_is_not_shaken_the_field_says() -> None:
    """The field decides a condition kept as a field, whatever the stored list holds."""
    c = SwadeCombatant(id="c1", name="Ana", conditions=[Condition(name="shaken")])
    assert effective_conditions(c, SwadeSettings()) == []
    assert effective_conditions(c.model_copy(update={"shaken": True}), SwadeSettings()) == [
        "shaken"
    ]
