"""The limits of the dice language (README "Limits", "Dice"): what one expression may
be and roll. Each is a :class:`~bot.dice.source.DiceError` when passed (see
:mod:`bot.dice.expr`)."""

from __future__ import annotations

MAX_LENGTH = 300


MAX_DICE = 1000


MAX_DEPTH = 50


MAX_REPEATS = 100


LOG_MAX_DICE = 60  # dice shown one by one in a log row (about 110 bytes each)
