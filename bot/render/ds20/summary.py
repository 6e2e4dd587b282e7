"""What ``/encounter end`` says of a Dread S-20 fight: the rounds fought, then each
combatant's health, wound boxes and Agotamiento; a hidden one's health in words only
(issue 27: the board's words, never its boxes)."""

from __future__ import annotations

from bot.i18n import t
from bot.render.ds20.board import health_text, hidden_word
from bot.systems.ds20.state import DS20State
from bot.systems.ds20.wounds import wound_boxes


def summary(state: DS20State, lang: str) -> str:
    lines = [t("ds20.summary.rounds", lang, rounds=state.round)]
    for c in state.combatants:
        if c.hidden:
            lines.append(
                t("board.hidden.summary_line", lang, name=c.name, words=hidden_word(c, lang))
            )
            continue
        lines.append(
            t(
                "ds20.summary.line",
                lang,
                name=c.name,
                health=health_text(c, lang),
                wounds=wound_boxes(c),
                fatigue=c.fatigue,
                max=c.fatigue_max,
            )
        )
    return "\n".join(lines)
