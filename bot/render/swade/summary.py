"""What ``/encounter end`` says of a Savage Worlds fight: the rounds played and who fell
(the bennies spent in it are the ledger's, added by the bot)."""

from __future__ import annotations

from bot.i18n import t
from bot.systems.swade.state import SwadeState


def summary(state: SwadeState, lang: str) -> str:
    lines = [t("swade.summary.rounds", lang, rounds=state.round)]
    dead = [c.name for c in state.combatants if c.dead]
    down = [c.name for c in state.combatants if c.incapacitated and not c.dead]
    if dead:
        lines.append(t("swade.summary.dead", lang, names=", ".join(dead)))
    if down:
        lines.append(t("swade.summary.down", lang, names=", ".join(down)))
    if not dead and not down:
        lines.append(t("swade.summary.nobody_fell", lang))
    return "\n".join(lines)
