"""Property tests (hypothesis): errors are always DiceError, results lie in the exact
support, forced dice give exactly the expected total."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.dice.dist import distribution
from bot.dice.expr import parse, roll
from bot.dice.source import DiceError, ForcedSource, RandomSource

ALPHABET = "0123456789d%+-*/()!khlpreomiax<>=,# []D.\n"


def _roll_or_dice_error(text: str, seed: int) -> None:
    try:
        result = roll(text, ForcedSource(fallback=RandomSource(seed)))
    except DiceError as e:
        assert e.key.startswith("dice.")
        assert isinstance(e.params.get("position", 0), int)
        assert 0 <= e.params.get("position", 0) <= max(len(text), 300)
    else:
        assert isinstance(result.total, int)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=40), st.integers(0, 2**32))
def test_any_dice_like_string_rolls_or_gives_a_dice_error(text: str, seed: int) -> None:
    _roll_or_dice_error(text, seed)


TOKENS = [
    "1",
    "2",
    "20",
    "0",
    "d6",
    "4d6",
    "2d20",
    "1d1",
    "d%",
    "d0",
    "1001d6",
    "d10001",
    "kh1",
    "kl2",
    "dh1",
    "dl1",
    "k3",
    "p>2",
    "k<4",
    "!",
    "!>3",
    "!>0",
    "ro1",
    "rr<3",
    "rr<7",
    "ra6",
    "e6",
    "e>0",
    "mi2",
    "ma3",
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "==",
    "!=",
    ">",
    "<=",
    "(",
    ")",
    ",",
    "3x ",
    "#label",
    "[fire]",
    " ",
    "D8",
    "6x",
    "kk",
    "1.5",
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=25), st.integers(0, 2**32))
def test_any_token_soup_rolls_or_gives_a_dice_error(tokens: list[str], seed: int) -> None:
    _roll_or_dice_error("".join(tokens), seed)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=320), st.integers(0, 2**32))
def test_any_string_at_all_rolls_or_gives_a_dice_error(text: str, seed: int) -> None:
    _roll_or_dice_error(text, seed)


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 400), st.sampled_from(["(", "-", "+("]))
def test_deep_nesting_never_recursion_error(depth: int, opener: str) -> None:
    text = opener * depth + "1" + ")" * (depth * opener.count("("))
    _roll_or_dice_error(text, 0)


# --- structured expressions ----------------------------------------------------------

sides = st.sampled_from([1, 2, 3, 4, 6, 8])
dice_op = st.sampled_from(
    ["", "kh1", "kl1", "dh1", "dl1", "!", "ro1", "mi2", "ma3", "k>2", "p<2", "e>3", "ra1"]
)


@st.composite
def small_expr(draw: st.DrawFn, depth: int = 0) -> str:
    kind = draw(st.integers(0, 4 if depth < 2 else 1))
    if kind == 0:
        return str(draw(st.integers(-5, 9)))
    if kind == 1:
        n, s = draw(st.integers(1, 3)), draw(sides)
        op = draw(dice_op)
        if s == 1 and op in ("k>2",):
            op = ""
        return f"{n}d{s}{op}"
    if kind == 2:
        a, b = draw(small_expr(depth + 1)), draw(small_expr(depth + 1))
        return f"{a}{draw(st.sampled_from(['+', '-', '*']))}{b}"
    if kind == 3:
        a, b = draw(small_expr(depth + 1)), draw(small_expr(depth + 1))
        return f"({a}, {b}){draw(st.sampled_from(['', 'kh1', 'kl1', 'dl1']))}"
    return f"-({draw(small_expr(depth + 1))})"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_expr(), st.integers(0, 2**32))
def test_result_lies_in_the_exact_support(text: str, seed: int) -> None:
    try:
        d = distribution(text)
    except DiceError as e:
        assert e.key == "dice.odds_too_complex"
        return
    total = roll(text, RandomSource(seed)).total
    assert total in d.probs
    assert abs(sum(d.probs.values()) + d.tail - 1) == 0


@st.composite
def forced_keep(draw: st.DrawFn) -> tuple[str, list[int], int]:
    n = draw(st.integers(1, 12))
    s = draw(st.integers(2, 20))
    values = draw(st.lists(st.integers(1, s - 1), min_size=n, max_size=n))  # no aces
    op = draw(st.sampled_from(["", "kh", "kl", "dh", "dl"]))
    k = draw(st.integers(0, n))
    mod = draw(st.integers(-20, 20))
    ordered = sorted(values, reverse=True)
    expected = {
        "": sum(values),
        "kh": sum(ordered[:k]),
        "kl": sum(sorted(values)[:k]),
        "dh": sum(ordered[k:]),
        "dl": sum(sorted(values)[k:]),
    }[op]
    text = f"{n}d{s}{op}{k if op else ''}!{mod:+d}"
    return text, values, expected + mod


@settings(max_examples=200, deadline=None)
@given(forced_keep())
def test_forced_dice_give_exactly_the_expected_total(case: tuple[str, list[int], int]) -> None:
    text, values, expected = case
    src = ForcedSource(values, strict=True)
    assert roll(text, src).total == expected
    assert src.remaining == 0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=8), st.integers(-3, 3))
def test_forced_aces_add_into_one_die(chain_tail: list[int], mod: int) -> None:
    # A d6 that aces k times then stops: faces 6,6,...,x; total is their sum.
    last = chain_tail[-1] if chain_tail[-1] < 6 else 5
    faces = [6] * (len(chain_tail) - 1) + [last]
    assert roll(f"1d6!{mod:+d}", ForcedSource(faces, strict=True)).total == sum(faces) + mod


def test_parse_positions_are_within_text() -> None:
    for text in ["1d6+", "((1d6", "1d6kk1", "2d0"]:
        try:
            parse(text)
        except DiceError as e:
            assert 0 <= e.params["position"] <= len(text)
