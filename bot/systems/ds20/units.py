"""Where a Dread S-20 roll's bonus and penalty units come from (DS-1: each unit is 1d4).

A roll keeps its units by source, ``(("ds20.unit.wounds_hg", 2), ("ds20.unit.defences",
2))``, so the result shows each source beside its dice and the player can add them up.
The labels are catalogue keys (``ds20.unit.*``). Pure.
"""

from __future__ import annotations

from bot.dice.ds20 import Units

GIVEN = "ds20.unit.given"  # "situational": the bonus:/penalty: options (the poor light...)
BEHIND = "ds20.unit.behind"  # DS-10: right after an attack from the opposite side
GRAPPLED = "ds20.unit.grappled"  # DS-10: the target is held (counts as from behind)
PRONE_TARGET = "ds20.unit.prone_target"  # DS-10: melee against someone on the floor
TECHNIQUE = "ds20.unit.technique"  # DS-4: the active technique's bonus
EXTRA_ACTIONS = "ds20.unit.extra_actions"  # DS-4
CALLED = "ds20.unit.called"  # DS-10: a called attack
PRONE = "ds20.unit.prone"  # DS-10: acting from the floor
HEADBUTT = "ds20.unit.headbutt"  # DS-10
WOUNDS_HL = "ds20.unit.wounds_hl"  # DS-9
WOUNDS_HG = "ds20.unit.wounds_hg"  # DS-9
DEFENCES = "ds20.unit.defences"  # DS-5: two per defence after the first
AIM = "ds20.unit.aim"  # DS-11
RANGE = "ds20.unit.range"  # DS-11: one per doubling of the effective range
COVER = "ds20.unit.cover"  # DS-11
EMPTY = "ds20.unit.empty"  # DS-11: emptying the magazine, or a burst


def units(*sources: tuple[str, int]) -> Units:
    """The sources that give at least one unit, in the order given."""
    return tuple((label, n) for label, n in sources if n > 0)


def count(given: Units) -> int:
    return sum(n for _, n in given)
