"""A /roll line as other bots' players type it (N-2): several rolls, words around them."""

from __future__ import annotations

import pytest

from bot.dice.dispatch import RepeatSpec
from bot.dice.expr import MAX_DICE, Expr
from bot.dice.line import MAX_ROLLS, read_line, roll_line
from bot.dice.source import DiceError, ForcedSource
from bot.dice.swade import TraitSpec
from bot.dice.toughness import ToughnessSpec


def forced(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


def shape(text: str) -> list[tuple[str, str | None, str]]:
    return [(r.text, r.label, type(r.spec).__name__) for r in read_line(text).rolls]


def test_one_roll_that_reads_whole_is_one_roll() -> None:
    assert shape("1d20 + 5") == [("1d20 + 5", None, "Expr")]
    assert shape("s8 vs 6") == [("s8 vs 6", None, "TraitSpec")]
    assert shape("(1d8!, 1d6!)kh1") == [("(1d8!, 1d6!)kh1", None, "Expr")]


def test_several_rolls_each_on_its_own() -> None:
    line = read_line("s8 2d6!+1 d6!")
    assert [r.text for r in line.rolls] == ["s8", "2d6!+1", "d6!"]
    assert isinstance(line.rolls[0].spec, TraitSpec) and isinstance(line.rolls[1].spec, Expr)
    results = roll_line(line, forced(4, 2, 3, 6, 2, 1))
    assert [r.total for r in results] == [4, 12, 1]


def test_words_before_a_roll_are_its_label() -> None:
    assert shape("shooting at vampire s8 damage 2d6+1") == [
        ("s8", "shooting at vampire", "TraitSpec"),
        ("2d6+1", "damage", "Expr"),
    ]


def test_savagebots_roll_marker() -> None:
    assert shape("The assassin shoots at Huey !s8 Damage: !2d6!+1") == [
        ("s8", "The assassin shoots at Huey", "TraitSpec"),
        ("2d6!+1", "Damage:", "Expr"),
    ]


@pytest.mark.parametrize(
    ("text", "comment"),
    [("1d20 please save me", "please save me"), ("1d20 keep something", "keep something"),
     ("1d20 **bold**", "**bold**"), ("2d6 # fuego", "fuego"), ("2d6 fire # to hit", "fire — to hit"),
     ("1d20 attack with 2 swords", "attack with 2 swords")],
)  # fmt: skip
def test_trailing_words_are_the_comment(text: str, comment: str) -> None:
    line = read_line(text)
    assert line.single and line.comment == comment


def test_semicolons_separate_rolls() -> None:
    assert [r.text for r in read_line("d6;d6").rolls] == ["d6", "d6"]


def test_repeated_savage_forms() -> None:
    [roll] = read_line("10xs10").rolls
    assert isinstance(roll.spec, RepeatSpec) and roll.spec.count == 10
    [roll] = read_line("4xd6!t6").rolls
    assert isinstance(roll.spec, ToughnessSpec) and roll.spec.expr.repeat == 4


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [("2 d6", "2d6"), ("d20 advantage", "d20adv"), ("2d6 kh", "2d6 kh1"), ("s8 3s8x9", "")],
)
def test_notation_is_never_a_label(text: str, suggestion: str) -> None:
    with pytest.raises(DiceError) as err:
        read_line(text)
    assert err.value.key in ("dice.did_you_mean", "dice.cannot_read")
    if suggestion:
        assert err.value.params["suggestion"] == suggestion


def test_at_most_ten_rolls() -> None:
    read_line(" ".join(["d6"] * MAX_ROLLS))
    with pytest.raises(DiceError) as err:
        read_line(" ".join(["d6"] * (MAX_ROLLS + 1)))
    assert err.value.key == "dice.too_many_rolls"


def test_the_dice_of_every_roll_count_against_one_limit() -> None:
    line = read_line(f"{MAX_DICE}d2 1d2")
    with pytest.raises(DiceError) as err:
        roll_line(line, ForcedSource())
    assert err.value.key == "dice.too_many_dice"


def test_a_limit_of_one_roll_keeps_its_own_message() -> None:
    with pytest.raises(DiceError) as err:
        read_line("d0")
    assert err.value.key == "dice.bad_sides"


@pytest.mark.parametrize("text", [" ", "   ", "\t", "# ataque", "  #  attack  "])
def test_a_line_with_no_roll_is_refused_as_empty_not_as_unreadable(text: str) -> None:
    with pytest.raises(DiceError) as err:
        read_line(text)
    assert (err.value.key, err.value.params) == ("dice.empty", {})


@pytest.mark.parametrize(
    ("text", "tn", "roll"),
    [
        ("d8+1 vs 6", 6, "d8+1"),
        ("2d6 tn7", 7, "2d6"),
        ("1d20+5 contra 15", 15, "1d20+5"),
        ("1d20+5 VS 15", 15, "1d20+5"),
        ("d8 vs -1", -1, "d8"),
        ("2d6 objetivo 8", 8, "2d6"),
        ("shoot d8 vs 5 at the door", 5, "d8"),
        ("1d20 to hit vs 15", 15, "1d20"),
        ("1d20 para impactar contra 15", 15, "1d20"),
    ],
)
def test_a_target_typed_after_a_plain_roll_is_the_lines(text: str, tn: int, roll: str) -> None:
    """It was the roll's label: "d8+1 vs 6" showed a total, no success or failure."""
    line = read_line(text)
    assert line.single and line.rolls[0].text == roll and line.tn == tn
    assert "vs" not in (line.comment or "") and "contra" not in (line.comment or "")


def test_a_trait_roll_keeps_its_own_target_in_both_languages() -> None:
    for text in ("s8 vs 6", "s8 contra 6", "s8+1 target 6", "s8 objetivo 6"):
        line = read_line(text)
        assert line.tn is None and isinstance(line.rolls[0].spec, TraitSpec)
        assert line.rolls[0].spec.tn == 6, text


@pytest.mark.parametrize("text", ["d8+1 vs 6 2d6", "s8 vs 6 2d6 vs 4", "d6 vs 3 d6 vs 4"])
def test_a_plain_rolls_target_in_a_line_of_several_is_refused(text: str) -> None:
    with pytest.raises(DiceError) as err:
        read_line(text)
    assert err.value.key == "dice.tn_in_a_line"


@pytest.mark.parametrize(
    "text", ["1d20 contra 2 orcos", "d8 target 3 goblins", "d6 objetivo 2 orcos"]
)
def test_a_number_in_the_words_after_a_roll_is_narration(text: str) -> None:
    """ "1d20 contra 2 orcos" compared the roll with 2."""
    line = read_line(text)
    assert line.tn is None and line.comment is not None and line.comment.endswith(text[-5:])


def test_contra_in_narration_is_a_word() -> None:
    line = read_line("disparo contra el orco s8 daño 2d6")
    assert [(r.label, r.text) for r in line.rolls] == [
        ("disparo contra el orco", "s8"),
        ("daño", "2d6"),
    ]
