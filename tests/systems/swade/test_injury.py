"""SW-13 injury table (seed 003) with forced dice."""

from __future__ import annotations

import pytest

from bot.systems.swade.injury import apply_injury, injury_roll
from bot.systems.swade.state import Trait

from .test_combat_fixtures import dice, hero


@pytest.mark.parametrize(
    ("rolls", "injury"),
    [
        ((1, 1), "unmentionables"),
        ((1, 2, 1), "arm_left"),
        ((2, 2, 2), "arm_right"),
        ((2, 3, 1), "guts_broken"),
        ((4, 5, 2), "guts_broken"),
        ((3, 3, 3), "guts_battered"),
        ((3, 3, 4), "guts_battered"),
        ((3, 3, 5), "guts_busted"),
        ((3, 3, 6), "guts_busted"),
        ((5, 5), "leg"),
        ((5, 6), "leg"),
        ((6, 6, 3), "head_scar"),
        ((6, 6, 4), "head_blinded"),
        ((6, 6, 5), "head_blinded"),
        ((6, 6, 6), "head_brain_damage"),
    ],
)
def test_injury_table(rolls: tuple[int, ...], injury: str) -> None:
    d = dice(*rolls)
    assert injury_roll(d).id == injury
    assert d.remaining == 0


def test_attribute_injuries_lower_one_die_step_never_below_d4() -> None:
    h = hero(
        attributes={
            "agility": Trait(die=6),
            "smarts": Trait(die=4),
            "vigor": Trait(die=12, bonus=1),
        }
    )
    apply_injury(h, injury_roll(dice(1, 4, 2)), "until_healed")  # broken
    assert h.attributes["agility"] == Trait(die=4)
    apply_injury(h, injury_roll(dice(6, 6, 6)), "permanent")  # brain damage
    assert h.attributes["smarts"] == Trait(die=4)
    apply_injury(h, injury_roll(dice(3, 3, 3)), "24h")  # battered
    assert h.attributes["vigor"] == Trait(die=12)


def test_leg_twice_is_lame_major_and_the_second_eye_is_blindness() -> None:
    h = hero()
    for _ in range(2):
        apply_injury(h, injury_roll(dice(5, 5)), "permanent")
    assert h.hindrances == ["lame_major"]
    for _ in range(2):
        apply_injury(h, injury_roll(dice(6, 6, 4)), "permanent")
    assert h.hindrances == ["lame_major", "blind"]
    apply_injury(h, injury_roll(dice(6, 6, 1)), "permanent")
    apply_injury(h, injury_roll(dice(1, 2, 2)), "permanent")
    assert h.hindrances == ["lame_major", "blind", "ugly", "one_arm"]
