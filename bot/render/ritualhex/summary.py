"""What ``/encounter end`` says of a Ritual Hex fight: the rounds fought, then each
combatant's damage against HP, who is down, and its inactive limbs (RH-4); a hidden
one's in words only (issue 27: as the board says it, never its HP)."""

from __future__ import annotations

from bot.i18n import say, t
from bot.render.board import hidden_health
from bot.systems.ritualhex.state import RitualHexState
from bot.systems.ritualhex.words import part_term


def summary(state: RitualHexState, lang: str) -> str:
    lines = [t("ritualhex.summary.rounds", lang, rounds=state.round)]
    for c in state.combatants:
        down = [say(part_term(p.key, p.kind), lang) for p in c.limbs if not c.part_active(p.key)]
        if c.hidden:
            words = hidden_health(
                lang, out=not c.active, wounded=c.total_damage > 0, gender=c.gender
            )
            line = t("board.hidden.summary_line", lang, name=c.name, words=words)
            if down:
                line += " · " + t("ritualhex.summary.limbs", lang, limbs=", ".join(down))
            lines.append(line)
            continue
        key = "ritualhex.summary.line" if c.active else "ritualhex.summary.down"
        line = t(key, lang, name=c.name, damage=c.total_damage, hp=c.stat("hp"), gender=c.gender)
        if down:
            line += " · " + t("ritualhex.summary.limbs", lang, limbs=", ".join(down))
        lines.append(line)
    return "\n".join(lines)
