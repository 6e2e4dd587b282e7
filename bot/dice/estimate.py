"""A labelled estimate of P(total >= TN) when the exact odds would cost too much.

The expression is rolled many times with the real roller (the same code as ``/roll``,
so the estimate means exactly what the roll means) and a :class:`RandomSource` with a
fixed seed made from the expression and the TN: the same question always gets the same
answer. The interval is Wilson's score interval at 99% (z = 2.576): with N rolls and a
share p of them reaching the TN, the true probability lies in it 99 times in 100 (it
stays inside 0..1 and is not empty at p = 0 or 1, unlike the normal approximation).

Work is counted like the exact methods' (:class:`~bot.dice.budget.Budget` units, about
0.1 microsecond each): a roll costs :data:`ROLL_UNITS` plus :data:`DIE_UNITS` for each
die it rolled (aces, explosions and rerolls included; measured in ``bench/dice.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.dice.budget import Budget
from bot.dice.expr import Expr, Rounding, roll
from bot.dice.source import DiceError, RandomSource

Z_99 = 2.5758293035489004  # the 99.5% quantile of the standard normal
MAX_SAMPLES = 20_000  # +-0.9 percentage points at worst (p = 1/2)
MIN_SAMPLES = 200  # below this the interval says little: not worth giving
ROLL_UNITS = 60
DIE_UNITS = 10


@dataclass(frozen=True, slots=True)
class Estimate:
    """``hits`` of ``samples`` rolls reached the TN; ``low``..``high`` is the 99% interval."""

    hits: int
    samples: int
    low: float
    high: float

    @property
    def p(self) -> float:
        return self.hits / self.samples


def wilson_interval(hits: int, samples: int, z: float = Z_99) -> tuple[float, float]:
    """Wilson's score interval for a proportion (``z`` = 2.576 for 99%)."""
    p = hits / samples
    z2 = z * z
    centre = (p + z2 / (2 * samples)) / (1 + z2 / samples)
    spread = z * math.sqrt(p * (1 - p) / samples + z2 / (4 * samples * samples))
    spread /= 1 + z2 / samples
    low = 0.0 if hits == 0 else max(0.0, centre - spread)
    high = 1.0 if hits == samples else min(1.0, centre + spread)
    return low, high


def estimate_at_least(
    expr: Expr,
    tn: int,
    *,
    rounding: Rounding | str = "floor",
    budget: Budget,
    max_samples: int = MAX_SAMPLES,
) -> Estimate | None:
    """Roll ``expr`` until ``budget`` or ``max_samples`` runs out; None when fewer than
    :data:`MIN_SAMPLES` rolls fit, or when a roll fails (a division by zero, a
    reroll that would never stop): the estimate would then not be about this roll."""
    source = RandomSource(f"odds-estimate:{expr.text}:{tn}:{rounding}")
    hits = samples = 0
    per_roll = ROLL_UNITS + DIE_UNITS * max(1, expr.dice_count)
    while samples < max_samples and budget.fits(per_roll):
        try:
            result = roll(expr, source, rounding=rounding)
        except DiceError:
            return None
        budget.charge(ROLL_UNITS + DIE_UNITS * result.dice_rolled)
        samples += 1
        hits += result.parts[0].value >= tn
    if samples < MIN_SAMPLES:
        return None
    low, high = wilson_interval(hits, samples)
    return Estimate(hits, samples, low, high)
