"""Dice for Comodín: pure, every die through one :class:`~bot.dice.source.DiceSource`.

Modules:

- :mod:`bot.dice.source` — the dice source (random, forced) and :class:`DiceError`.
- :mod:`bot.dice.chain` — one die with its ace chain (SW-2), limits.
- :mod:`bot.dice.swade` — trait tests, opposed rolls, damage, SWADE notation (SW-1..SW-11).
- :mod:`bot.dice.ritualhex` — RH-1 dice, RH-2 checks, RH-3 damage.
- :mod:`bot.dice.ds20` — Dread S-20 roll-under (DS-1, DS-2).
- :mod:`bot.dice.odds` — exact odds and distributions; P(total >= TN) of expressions.
- :mod:`bot.dice.dist`, :mod:`bot.dice.pools` — exact distributions; keep/drop pools by
  order statistics.
- :mod:`bot.dice.budget` — the work budget every exact method charges (no clock).
- :mod:`bot.dice.estimate` — the seeded, labelled estimate past the budget.
- :mod:`bot.dice.expr` — the expression language (``4d6kh3``, ``(1d8!, 1d6!)kh1``...).

Order in which dice are consumed (a forced list must follow it):

- Expressions: left to right; within ``NdX`` die after die, each die's ace chain
  (``!``) right after it; a reroll (``ro``/``rr``) consumes its replacement right after
  the die it replaces, before the next die. Set members left to right. ``6x E`` rolls
  E six times in order.
- SWADE trait test: each trait die with its ace chain, then the wild die with its chain,
  then (Extra showing the critical-failure pattern) the extra d6 (SW-3).
- SWADE damage: Strength die, weapon dice left to right, then the raise d6, each with
  its ace chain (SW-11).
- Ritual Hex: each d6 with its whole 6-chain before the next (RH-1); checks roll 3 dice.
- Dread S-20: the d20, then the bonus d4s, then the penalty d4s (DS-1).
- Shuffles never consume forced values.
"""
