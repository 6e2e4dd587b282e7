"""The expression language with forced dice: every operator, the order of dice, limits."""

from __future__ import annotations

import pytest

from bot.dice.expr import divide, parse, roll
from bot.dice.source import DiceError, ForcedSource


def forced(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


def total(text: str, *values: int, rounding: str = "floor") -> int:
    src = forced(*values)
    result = roll(text, src, rounding=rounding)
    assert src.remaining == 0, "every forced die must be consumed"
    return result.total


def error(text: str) -> DiceError:
    with pytest.raises(DiceError) as e:
        roll(text, forced(*([1] * 50)))
    return e.value


# basics ------------------------------------------------------------------------------


def test_sum_of_dice_and_integers() -> None:
    assert total("2d6+3", 4, 5) == 12
    assert total("d20", 17) == 17
    assert total("1D8", 8) == 8


def test_percentile_is_a_d100() -> None:
    src = forced(100)
    assert roll("d%", src).total == 100


def test_precedence_and_parentheses() -> None:
    assert total("2+3*4") == 14
    assert total("(2+3)*4") == 20
    assert total("-1d6+10", 4) == 6
    assert total("10-2-3") == 5


def test_comparisons_give_one_or_zero() -> None:
    assert total("1d20>=10", 10) == 1
    assert total("1d20>=10", 9) == 0
    assert total("1d6!=3", 3) == 0


@pytest.mark.parametrize(
    ("a", "b", "floor", "up", "nearest", "trunc"),
    [
        (7, 2, 3, 4, 4, 3),
        (-7, 2, -4, -3, -3, -3),
        (5, 3, 1, 2, 2, 1),
        (6, 3, 2, 2, 2, 2),
        (7, -2, -4, -3, -3, -3),
    ],
)
def test_division_rounding(a: int, b: int, floor: int, up: int, nearest: int, trunc: int) -> None:
    assert [divide(a, b, r) for r in ("floor", "up", "nearest", "trunc")] == [
        floor,
        up,
        nearest,
        trunc,
    ]


def test_division_uses_the_system_rounding() -> None:
    assert total("1d6/2", 5) == 2
    assert total("1d6/2", 5, rounding="up") == 3  # Ritual Hex, RH-1
    assert total("7//2", rounding="up") == 3  # // always floors
    assert total("-7%3") == 2


def test_division_by_zero_points_at_the_operator() -> None:
    e = error("1d6/(1-1)")
    assert e.key == "dice.division_by_zero" and e.params["position"] == 3


# keep / drop ------------------------------------------------------------------------


def test_keep_highest() -> None:
    r = roll("4d6kh3", forced(6, 1, 5, 5))
    assert r.total == 16
    assert [d.kept for d in r.dice] == [True, False, True, True]


def test_keep_lowest_and_drop() -> None:
    assert total("2d20kl1", 15, 4) == 4
    assert total("4d6dl1", 6, 1, 5, 5) == 16
    assert total("4d6dh1", 6, 1, 5, 5) == 11
    assert total("4d6ph1", 6, 1, 5, 5) == 11  # d20's spelling


def test_keep_literal_and_comparison_selectors() -> None:
    assert total("4d6k3", 3, 3, 5, 1) == 11  # N-1: the three highest (d20: the 3s)
    assert total("4d6p3", 3, 3, 5, 1) == 6  # p3 drops the dice showing 3, as in d20
    assert total("4d6k>3", 3, 4, 5, 1) == 9
    assert total("4d6p<3", 3, 4, 5, 1) == 12


def test_consecutive_same_operators_join_their_selections() -> None:
    assert total("4d6kh1kl1", 2, 6, 4, 1) == 7  # as d20: highest and lowest kept


def test_operators_apply_in_order() -> None:
    assert total("4d6kh3dl1", 2, 6, 4, 1) == 10  # keep 6,4,2, then drop the lowest of them


# rerolls, explosions, min/max ---------------------------------------------------------


def test_reroll_once_replacement_follows_the_die() -> None:
    r = roll("2d6ro1", forced(1, 1, 1, 5))
    assert r.total == 6
    assert [d.replaced for d in r.dice] == [[1], [1]]


def test_reroll_until() -> None:
    assert total("1d6rr<3", 1, 2, 2, 5) == 5


def test_reroll_and_add_once() -> None:
    r = roll("2d6ra6", forced(6, 6, 3))
    assert r.total == 15 and len(r.dice) == 3 and r.dice[2].origin == "explosion"


def test_d20_explode_adds_dice_to_the_pool() -> None:
    r = roll("2d6e6kh2", forced(6, 2, 6, 3))
    assert [d.value for d in r.dice] == [6, 2, 6, 3]
    assert r.total == 12  # the exploded dice are separate dice that keep/drop can take


def test_min_and_max() -> None:
    assert total("2d20mi10", 3, 15) == 25
    assert total("2d6ma3", 5, 1) == 4


# aces (SW-2) ---------------------------------------------------------------------------


def test_ace_adds_to_the_same_die_and_chain_comes_before_next_die() -> None:
    r = roll("2d6!", forced(6, 6, 2, 3))
    assert [d.faces for d in r.dice] == [[6, 6, 2], [3]]
    assert r.total == 17


def test_ace_on_faces_above_n() -> None:
    r = roll("1d10!>8", forced(9, 10, 1))
    assert r.dice[0].faces == [9, 10, 1] and r.total == 20


def test_aces_count_as_one_die_for_keep() -> None:
    assert total("(1d8!, 1d6!)kh1", 8, 3, 6, 6, 1) == 13
    assert total("(1d8!, 1d6!)kh1", 2, 5) == 5


def test_d1_never_aces() -> None:
    assert total("3d1!", 1, 1, 1) == 3


def test_ace_chain_limit_is_an_error_with_position() -> None:
    with pytest.raises(DiceError) as e:
        roll("1+1d2!", ForcedSource([2] * 200, strict=True))
    assert e.value.key == "dice.ace_chain_too_long" and e.value.params["position"] == 2


def test_rerolled_die_aces_too() -> None:
    assert total("1d6!ro1", 1, 6, 2) == 8


# sets, repetition, labels, annotations ------------------------------------------------


def test_set_of_one_and_empty_set() -> None:
    assert total("(1d6,)kh1", 4) == 4
    assert total("()") == 0
    assert total("(1,2,3)dl1") == 5


def test_repetition_rolls_each_in_order() -> None:
    r = roll("3x 2d6kh1", forced(1, 2, 3, 4, 5, 6))
    assert r.totals == [2, 4, 6]


def test_label_after_hash() -> None:
    r = roll("1d20+5 # Ataque con espada", forced(10))
    assert r.label == "Ataque con espada" and r.total == 15


def test_annotation_is_kept_and_does_not_count() -> None:
    r = roll("1d6[fuego]+2", forced(3))
    assert r.total == 5 and r.to_view()["parts"][0]["operands"][0]["annotation"] == "fuego"


def test_view_marks_dropped_aced_rerolled() -> None:
    v = roll("3d6!ro1kh2", forced(6, 2, 1, 4, 3)).to_view()
    dice = v["parts"][0]["dice"]
    assert dice[0]["aced"] and dice[0]["faces"] == [6, 2]
    assert dice[1]["rerolled"] == [1] and dice[1]["value"] == 3
    assert [d["kept"] for d in dice] == [True, False, True]


# limits and errors ------------------------------------------------------------------


def test_too_long() -> None:
    e = error("1+" * 150 + "1")
    assert e.key == "dice.expr_too_long" and e.params["position"] == 300


def test_too_many_dice_static_points_at_term() -> None:
    e = error("1+1001d6")
    assert e.key == "dice.too_many_dice" and e.params["position"] == 2


def test_too_many_dice_counted_with_rerolls() -> None:
    with pytest.raises(DiceError) as e:
        roll("1000d6ro<7", ForcedSource([3] * 1500, strict=True))
    assert e.value.key == "dice.too_many_dice"


def test_too_many_dice_across_repetitions() -> None:
    assert error("3x 400d6").key == "dice.too_many_dice"


def test_sides_limits() -> None:
    e = error("2+d0")
    assert e.key == "dice.bad_sides" and e.params["position"] == 2
    assert error("d10001").key == "dice.bad_sides"
    assert total("d10000", 10000) == 10000


def test_nesting_limit_points_at_the_parenthesis() -> None:
    assert total("(" * 50 + "1" + ")" * 50) == 1
    e = error("(" * 51 + "1" + ")" * 51)
    assert e.key == "dice.too_deep" and e.params["position"] == 50


def test_unary_nesting_limit() -> None:
    assert total("-" * 50 + "1") == 1
    assert error("-" * 51 + "1").key == "dice.too_deep"


def test_never_ending_rerolls_and_explosions_are_errors() -> None:
    assert error("1d6rr<7").key == "dice.rerolls_always"
    assert error("1d6e>0").key == "dice.explodes_always"
    assert error("1d6rrh1").key == "dice.rerolls_always"
    assert error("1d6!>0").key == "dice.explodes_always"


def test_bad_set_operator() -> None:
    e = error("(1d6, 2)rr1")
    assert e.key == "dice.bad_set_operator" and e.params["position"] == 8


@pytest.mark.parametrize(
    ("text", "position"),
    [("1d6+", 4), ("1d6 3", 4), ("2d6kk", 3), ("", 0), ("1.5", 1), ("(1d6", 4), ("1d6)", 3)],
)
def test_syntax_errors_carry_position(text: str, position: int) -> None:
    e = error(text)
    assert e.key == "dice.syntax" and e.params["position"] == position


def test_parse_is_cached_and_reusable() -> None:
    expr = parse("4d6kh3")
    assert parse("4d6kh3") is expr
    assert roll(expr, forced(1, 2, 3, 4)).total == 9


def test_operators_on_a_parenthesis_act_inside_it_as_in_d20() -> None:
    assert total("(2d4)kh1", 2, 3) == 3
    assert total("((1d6, 1d4))kh1", 2, 3) == 3
    assert total("(1+2d4)kh1", 2, 2) == 5
    assert total("(2d4,)kh1", 2, 3) == 5  # a set of one keeps its only member


# -- issue 31: savagebot's and Foundry's habits (N-1, N-2) ----------------------------------


def test_k_keeps_the_highest_on_sets_too() -> None:
    assert total("(1, 2, 3, 4, 5)k3") == 12
    assert total("(1, 2, 3, 4, 5)k<3") == 3  # other selectors as in d20


def test_advantage_rolls_one_more_and_keeps_the_count_written() -> None:
    assert total("d20adv", 3, 15) == 15
    assert total("d20dis", 3, 15) == 3
    assert total("d20adv2", 3, 17, 9) == 17  # two more dice
    assert total("3d6adv", 1, 2, 3, 4) == 9  # 4d6kh3
    assert total("3d8dis", 3, 4, 6, 8) == 13  # 4d8kl3
    assert total("d20adv+2", 12, 5) == 14


def test_advantage_shows_as_typed_with_the_dropped_die_struck() -> None:
    r = roll("d20adv", forced(3, 15))
    [part] = r.to_view()["parts"]
    assert part["text"] == "d20adv"
    assert [d["kept"] for d in part["dice"]] == [False, True]


def test_d66_reads_tens_then_units() -> None:
    assert total("d66", 3, 5) == 35
    assert total("d666", 1, 5, 2) == 152
    assert total("1d66", 40) == 40  # a count written: a die of 66 sides
    r = roll("d66", forced(6, 1))
    assert r.to_view()["parts"][0]["kind"] == "d66"


def test_reroll_and_add_on_a_d1_adds_as_in_d20() -> None:
    assert total("1d1ra1", 1, 1) == 2
