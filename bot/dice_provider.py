"""Where the running bot gets its dice (the app side of the dice-source contract).

Every action rolls through a fresh seeded ``RandomSource``: encounter actions with the
encounter's seed and sequence number (replayable from the log), stand-alone rolls with a
seed that is logged with the roll. ``comodin play --seed`` fixes the seeds; ``--dice``
forces values first (a shared queue across actions, in the order they are consumed).
"""

from __future__ import annotations

import itertools
import secrets

from bot.dice.source import DiceSource, ForcedSource, RandomSource


class DiceProvider:
    def __init__(self, seed: int | None = None, forced: ForcedSource | None = None) -> None:
        self.seed = seed
        self.forced = forced
        self._counter = itertools.count(1)

    def new_seed(self) -> int:
        """A seed for a new encounter or a stand-alone roll."""
        if self.seed is None:
            return secrets.randbits(63)
        return (self.seed * 1_000_003 + next(self._counter)) % (2**63)

    def source(self, seed: str | int) -> DiceSource:
        base = RandomSource(str(seed))
        return self.forced.over(base) if self.forced is not None else base
