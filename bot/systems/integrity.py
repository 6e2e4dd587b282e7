"""What an encounter must mean before the bot plays it (issue 21: ``/encounter import``).
Pure.

Pydantic checks the types; this checks the meaning: every value within its bound
(``bot.systems.bounds``, and the system's own checks, ``Plugin.state_problems``), ids
unique, of the internal form (``c5``) and below ``next_id`` (so the next one added is
new: :class:`~bot.systems.common.StateCore`), every id the state refers to a
combatant's, names plain and unique by their folded form, ``seq`` bounded. The first
problem is what the importer is told (its path in the file, what was expected).
"""

from __future__ import annotations

import re
from typing import Any

from bot.systems import catalogue
from bot.systems.bounds import (
    COMBATANTS_MAX,
    ENCOUNTER_NAME_MAX,
    EXPECT_BELOW_NEXT_ID,
    EXPECT_ID_FORM,
    EXPECT_NOT_ID,
    EXPECT_UNIQUE_NAME,
    NEXT_ID_MAX,
    SEQ_MAX,
    Problem,
    Problems,
    count,
    discord_id,
    first,
    number,
    present,
    shown,
    text,
)
from bot.systems.encounter import Encounter
from bot.systems.plain_names import looks_like_id, name_fold

_ID = re.compile(r"c([1-9]\d{0,6})")


def _combatant_ids(state: Any, path: str) -> Problems:
    yield from present(number(f"{path}.next_id", state.next_id, 1, NEXT_ID_MAX))
    yield from present(count(f"{path}.combatants", state.combatants, COMBATANTS_MAX))
    names: dict[str, str] = {}
    for i, c in enumerate(state.combatants):
        at = f"{path}.combatants[{i}]"
        found = _ID.fullmatch(c.id)
        if found is None:
            yield Problem(f"{at}.id", EXPECT_ID_FORM, shown(c.id))
        elif int(found[1]) >= state.next_id:
            yield Problem(f"{at}.id", EXPECT_BELOW_NEXT_ID, shown(c.id))
        if looks_like_id(c.name):
            yield Problem(f"{at}.name", EXPECT_NOT_ID, shown(c.name))
        yield from present(discord_id(f"{at}.controller_id", c.controller_id))  # issue 27
        folded = name_fold(c.name)
        if folded in names:
            yield Problem(f"{at}.name", EXPECT_UNIQUE_NAME, shown(c.name))
        names[folded] = c.name


def encounter_problems(encounter: Encounter) -> Problems:
    """Everything wrong with ``encounter``, the first first."""
    yield from present(number("seq", encounter.seq, 0, SEQ_MAX))
    if encounter.name:
        yield from present(text("name", encounter.name, ENCOUNTER_NAME_MAX))
    state = encounter.state
    yield from _combatant_ids(state, "state")
    yield from catalogue.plugin(state.system).problems_of(state, "state")


def first_problem(encounter: Encounter) -> Problem | None:
    return first(encounter_problems(encounter))
