"""The Dread S-20 sheet card: scores, wound capacity, armour, Agotamiento, side, gender,
weapons (MHL/MHG, skill, range, magazine, class) and techniques."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render.plain import plain
from bot.render.sheets import Card
from bot.systems.ds20.sheet_text import technique_text, weapon_text
from bot.systems.ds20.state import DSCombatant
from bot.systems.ds20.words import armor_name


def render(c: DSCombatant, lang: str) -> Card:
    kind = t("sheet.ds20.pc" if c.is_pc else "sheet.ds20.npc", lang)
    card = Card(
        title=t("sheet.title", lang, name=c.name, system=t("system.ds20", lang)) + f" · {kind}",
    )
    lines = []
    if c.scores:
        scores = " · ".join(f"{plain(c.score_names.get(k, k))} {v}" for k, v in c.scores.items())
        lines.append(f"**{t('sheet.ds20.scores', lang)}**: {scores}")
    lines.append(t("sheet.ds20.wounds", lang, r=c.capacity.r, hl=c.capacity.hl, hg=c.capacity.hg))
    if c.armor is not None:
        covered = ", ".join(armor_name(p, lang) for p in c.armor.parts) or "—"
        lines.append(
            t("sheet.ds20.armor", lang, parts=covered, score=c.armor.score, extra=c.armor.extra)
        )
    lines.append(t("sheet.ds20.fatigue", lang, n=c.fatigue_max))
    side = t(f"sheet.side.{c.side}", lang) if c.side in ("heroes", "foes") else c.side
    lines.append(
        t("sheet.ds20.side", lang, side=side)
        + (f" · {t('sheet.ds20.group', lang, group=plain(c.group))}" if c.group else "")
    )
    if c.gender is not None:  # what DS-20's messages agree with (her/his, -o/-a)
        lines.append(t(f"ds20.sheet.gender.{c.gender}", lang))
    card.description = "\n".join(lines)
    if c.weapons:
        card.fields.append(
            (
                t("sheet.ds20.weapons", lang),
                "\n".join(plain(weapon_text(w, lang)) for w in c.weapons),
            )
        )
    if c.techniques:
        card.fields.append(
            (
                t("sheet.ds20.techniques", lang),
                "\n".join(plain(technique_text(x, lang)) for x in c.techniques),
            )
        )
    return card


def card(sheet: DSCombatant | dict[str, Any], lang: str) -> Card:
    """The card of a combatant or its saved sheet (``Renderers.card``)."""
    return render(DSCombatant.model_validate(sheet), lang)
