"""What a Savage Worlds table waits on (issue 27, :mod:`bot.systems.pending`). Pure.

Savage Worlds' choices are made with a benny, on the buttons under the result that
opened them (valid until the next action): the table waits on the combatant they are
for when the choice is theirs to make about something that happened to them:

- soaking a hit that wounded a Wild Card, or rerolling the soak (SW-14);
- shaking off Shaken with a benny after the Spirit roll at the start of its turn failed
  (SW-15);
- rerolling a Vigor roll it had to make: incapacitated (SW-13), or at the start of its
  turn, Stunned or bleeding out (SW-16);
- rerolling its side of an opposed roll another combatant started (a grapple, a push,
  a resisted power: SW-7, SW-37).

Rerolling one's own attack, damage, trait or maneuver roll is not waited on: it belongs
to the turn of whoever rolled, which the table waits on anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.systems.base import Offer
from bot.systems.pending import Decision
from bot.systems.swade.state import SwadeState

# Offer action -> (the decision's kind, its "what" key, its "how" key)
_CHOICES: dict[str, tuple[str, str, str]] = {
    "soak": ("soak", "swade.pending.soak", "swade.pending.how.soak"),
    "swade.unshake": ("unshake", "swade.pending.unshake", "swade.pending.how.unshake"),
    "reroll_incapacitation": ("vigor", "swade.pending.vigor", "swade.pending.how.press"),
    "reroll_turn_start": ("vigor", "swade.pending.vigor", "swade.pending.how.press"),
    "reroll_maneuver": ("opposed", "swade.pending.opposed", "swade.pending.how.press"),
}


def pending(state: SwadeState, offers: Sequence[Offer]) -> list[Decision]:
    """The decisions the buttons under the last result leave to their combatants
    (module docstring), one per combatant and kind."""
    found: dict[str, Decision] = {}
    for offer in offers:
        choice = _CHOICES.get(offer.action)
        cid = offer.combatant_id
        if choice is None or cid is None:
            continue
        if offer.action == "reroll_maneuver" and offer.data.get("owner_id") == cid:
            continue  # its own maneuver's roll: part of its turn
        kind, what, how = choice
        key = f"{kind}:{cid}"
        if key not in found:
            found[key] = Decision(
                key=key,
                combatant_id=cid,
                what=what,
                how=how,
                button=offer.label_key,
                button_params={**offer.data, **offer.label},
            )
    return list(found.values())
