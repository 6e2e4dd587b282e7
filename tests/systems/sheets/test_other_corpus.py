"""Issue 16: every Ritual Hex and Dread S-20 sheet of the corpus, as written, flattened to
one line and with PDF wraps, gives its sheet field by field, with the defaults named."""

from __future__ import annotations

import pytest

from bot.systems.ds20.statline import read_statline
from bot.systems.ritualhex.sheet import read_sheet
from tests.systems.sheets.corpus_habits import HABIT_DS, HABIT_RH
from tests.systems.sheets.corpus_other import DS_CASES, RH_CASES, DSCase, RHCase
from tests.systems.sheets.forms import FORMS, form


@pytest.mark.parametrize(
    ("case", "which"),
    [pytest.param(c, w, id=f"{c.id}-{w}") for c in RH_CASES + HABIT_RH for w in FORMS],
)
def test_ritual_hex_sheet_in_every_form(case: RHCase, which: str) -> None:
    text = form(case.text, which, wrap_at=case.wrap_at)
    reading = read_sheet(text, kind=case.kind)  # type: ignore[arg-type]
    c = reading.sheet
    assert (c.name, c.side, c.is_pc) == (case.name, case.kind, case.kind == "hero")
    assert c.base == case.base
    assert c.advantages == case.advantages
    if case.kind == "minion":
        assert [p.key for p in c.parts if not p.limb] == list(case.parts)
        assert [p.key for p in c.parts if p.limb] == list(case.limbs)
    assert [
        (e.name, tuple(e.worn_on), e.cost, e.mods, tuple(a.name for a in e.actions))
        for e in c.equipment
    ] == list(case.equipment)
    assert [a.name for a in c.actions] == list(case.actions)
    assert [n.key for n in reading.defaults] == list(case.defaults)
    assert reading.unused == []


@pytest.mark.parametrize(
    ("case", "which"),
    [pytest.param(c, w, id=f"{c.id}-{w}") for c in DS_CASES + HABIT_DS for w in FORMS],
)
def test_dread_s20_sheet_in_every_form(case: DSCase, which: str) -> None:
    reading = read_statline(form(case.text, which, wrap_at=case.wrap_at))
    c = reading.sheet
    assert (c.name, c.is_pc, c.side, c.group) == (case.name, case.is_pc, case.side, case.group)
    assert c.scores == case.scores
    assert (c.capacity.r, c.capacity.hl, c.capacity.hg) == case.capacity
    armor = (tuple(c.armor.parts), c.armor.score, c.armor.extra) if c.armor else None
    assert armor == case.armor
    assert c.fatigue_max == case.fatigue_max
    assert [
        (w.name, w.kind, w.mhl, w.mhg, w.range_m, w.magazine, w.ammo, w.fire_class, w.automatic)
        for w in c.weapons
    ] == [(*w[:7], w[7] or ("other" if w[1] == "fuego" else None), w[8]) for w in case.weapons]
    assert [(t.name, t.skill, t.bonus, t.damage) for t in c.techniques] == list(case.techniques)
    assert [n.key for n in reading.defaults] == list(case.defaults)


def test_the_corpus_counts_forty_blocks_across_the_three_systems() -> None:
    from tests.systems.sheets.corpus_swade import SWADE_CASES

    assert len(SWADE_CASES) + len(RH_CASES) + len(DS_CASES) >= 40
    assert len(SWADE_CASES) > len(RH_CASES) + len(DS_CASES)
