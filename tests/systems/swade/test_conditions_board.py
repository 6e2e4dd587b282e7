"""Issue 32: the board's list of a combatant's conditions (``effective_conditions``),
worked out at once, says of every combination exactly what asking ``has_condition``
condition by condition says (SW-16, SW-17, SW-20 and the conditions kept as fields)."""

from __future__ import annotations

import itertools

import pytest

from bot.systems.swade.conditions import CONDITIONS, effective_conditions, has_condition
from bot.systems.swade.state import Condition, SwadeCombatant, SwadeSettings

STORED = ("stunned", "distracted", "vulnerable", "entangled", "bound", "prone", "shaken")


def _one_by_one(c: SwadeCombatant, settings: SwadeSettings) -> list[str]:
    return [name for name in CONDITIONS if has_condition(c, name, settings)]


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
                assert names == _one_by_one(c, settings), (stored, shaken, fatigue, flags)
                seen.add(tuple(names))
    assert len(seen) > 100  # the combinations do give different lists


def test_a_stored_shaken_is_not_shaken_the_field_says() -> None:
    """The field decides a condition kept as a field, whatever the stored list holds."""
    c = SwadeCombatant(id="c1", name="Ana", conditions=[Condition(name="shaken")])
    assert effective_conditions(c, SwadeSettings()) == []
    assert effective_conditions(c.model_copy(update={"shaken": True}), SwadeSettings()) == [
        "shaken"
    ]
