"""What ``/encounter end`` says of a Dread S-20 fight: the rounds fought, then each
combatant's health, wound boxes and Agotamiento."""

from __future__ import annotations

from bot.i18n import t
from bot.systems.ds20.state import DS20State
from bot.systems.ds20.wounds import wound_boxes


def summary(state: DS20State, lang: str) -> str:
    lines = [t("ds20.cog.summary.rounds", lang, rounds=state.round)]
    for c in state.combatants:
        lines.append(
            t(
                "ds20.cog.summary.line",
                lang,
                name=c.name,
                health=t(f"ds20.state.{c.health}", lang),
                wounds=wound_boxes(c),
                fatigue=c.fatigue,
                max=c.fatigue_max,
            )
        )
    return "\n".join(lines)
