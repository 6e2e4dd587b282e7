"""The Ritual Hex sheet card: characteristics (with what advantages and equipment add),
body parts and limbs, advantages, equipment and actions."""

from __future__ import annotations

from typing import Any

from bot.i18n import say, t
from bot.render.plain import plain
from bot.render.sheets import Card
from bot.systems.ritualhex.actions import BASE_ACTIONS, action_term
from bot.systems.ritualhex.sheet_text import STAT_NAMES, action_text
from bot.systems.ritualhex.state import STATS, RHCombatant
from bot.systems.ritualhex.words import limb_term, part_term


def _stats(c: RHCombatant) -> str:
    parts = []
    for stat in STATS:
        base, total = c.base.get(stat, 0), c.stat(stat)
        parts.append(f"{STAT_NAMES[stat]} {total}" + (f" ({base})" if total != base else ""))
    return " · ".join(parts)


def render(c: RHCombatant, lang: str) -> Card:
    card = Card(
        title=t("sheet.title", lang, name=c.name, system=t("system.ritualhex", lang))
        + f" · {t('sheet.ritualhex.' + c.side, lang)}",
        description=_stats(c),
    )
    parts = ", ".join(plain(say(part_term(p.key, p.kind), lang)) for p in c.parts if not p.limb)
    limbs = ", ".join(plain(say(part_term(p.key, p.kind), lang)) for p in c.parts if p.limb)
    card.fields.append(
        (
            t("sheet.ritualhex.parts", lang),
            t("sheet.ritualhex.parts_value", lang, parts=parts or "—", limbs=limbs or "—"),
        )
    )
    if c.advantages:
        card.fields.append(
            (t("sheet.ritualhex.advantages", lang),
             ", ".join(t(f"sheet.ritualhex.adv.{a}", lang) + (f" ×{n}" if n > 1 else "")
                       for a, n in c.advantages.items()))
        )  # fmt: skip
    if c.equipment:
        card.fields.append(
            (t("sheet.ritualhex.equipment", lang),
             "\n".join(t("sheet.ritualhex.item", lang, name=e.name, parts=", ".join(plain(say(limb_term(c, k), lang)) for k in e.worn_on) or "—",
                         cost=e.cost,
                         mods=", ".join(f"{STAT_NAMES[s]}{v:+d}" for s, v in e.mods.items()) or "—",
                         actions=", ".join(say(action_term(a), lang) for a in e.actions) or "—")
                       for e in c.equipment))
        )  # fmt: skip
    actions = ([*BASE_ACTIONS] if c.is_pc else []) + list(c.actions)
    if actions:
        card.fields.append(
            (
                t("sheet.ritualhex.actions", lang),
                "\n".join(
                    f"**{plain(say(action_term(a), lang))}**: "
                    f"{plain(action_text(a, lang).split('; ', 1)[1])}"
                    for a in actions
                ),
            )
        )
    return card


def card(sheet: RHCombatant | dict[str, Any], lang: str) -> Card:
    """The card of a combatant or its saved sheet (``Renderers.card``). Its footer says
    how to correct it in Ritual Hex, where ``/combatant edit`` does not take a sheet
    (:mod:`bot.systems.ritualhex.edit`)."""
    drawn = render(RHCombatant.model_validate(sheet), lang)
    drawn.footer = t("ritualhex.sheet.footer", lang)
    return drawn
