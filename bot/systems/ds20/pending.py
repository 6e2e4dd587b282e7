"""What a Dread S-20 table waits on (issue 27, :mod:`bot.systems.pending`). Pure.

An attack that hit and can be defended waits for its target's answer (DS-5): dodge,
block or no defence (the extra bullets of an emptied magazine: dodge or nothing,
DS-11). Nothing else goes on until it is answered (``/next`` is refused). The agony
roll (DS-8) and waking up (DS-10) are rolled by the bot at the start of the turn: they
wait on nobody.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.systems.base import Offer
from bot.systems.ds20.state import DS20State
from bot.systems.pending import Decision

# The defence buttons' labels, named in what to press (DS-5).
_BUTTONS = {"dodge": "ds20.offer.dodge", "block": "ds20.offer.block", "none": "ds20.offer.none"}


def pending(state: DS20State, offers: Sequence[Offer]) -> list[Decision]:
    """The attack awaiting its defender's answer, if any."""
    attack = state.pending
    if attack is None:
        return []
    if attack.maneuver == "bullets":  # DS-11: extra bullets are dodged or taken
        what, how = "ds20.pending.dodge", "ds20.pending.how.dodge"
    else:
        what, how = "ds20.pending.defend", "ds20.pending.how.defend"
    return [
        Decision(
            key=f"defence:{attack.target_id}:{attack.attacker_id}:{attack.maneuver}",
            combatant_id=attack.target_id,
            what=what,
            how=how,
            params=_BUTTONS,
        )
    ]
