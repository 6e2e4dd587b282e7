"""The Savage Worlds sheet card: attributes, skills, Pace/Parry/Toughness (armour), Size,
weapons with damage, AP, range and RoF, edges and hindrances (what the bot applies from
each), the arcane background, skill, powers and Power Points, special abilities and gear."""

from __future__ import annotations

from typing import Any

from bot.i18n import has, t
from bot.render.plain import plain
from bot.render.sheets import Card
from bot.systems.swade.names import APPLIED_EDGES, ATTRIBUTE_IDS
from bot.systems.swade.sheet_text import die, edge_name, power_text
from bot.systems.swade.state import SwadeCombatant, Weapon


def skill_label(skill: str, lang: str) -> str:
    key = f"swade.combat.skill.{skill}"
    return t(key, lang) if has(key, lang) else plain(skill.replace("_", " ").capitalize())


def edge_label(edge: str, lang: str, gender: str | None = None) -> str:
    """An edge or hindrance by its name in ``lang``, agreeing with the character's
    ``gender`` ("Rápida"; issue 29): the stat block's name for it
    (:func:`~bot.systems.swade.sheet_text.edge_name`), escaped where it is the sheet's."""
    return plain(edge_name(edge, lang, gender))


def weapon_line(w: Weapon, lang: str) -> str:
    parts = [f"**{w.name}**: {plain(w.damage)}"]
    if w.ap:
        parts.append(t("sheet.swade.ap", lang, n=w.ap))
    if w.range:
        parts.append(t("sheet.swade.range", lang, range=plain(w.range)))
    if w.rof != 1 or w.range:
        parts.append(t("sheet.swade.rof", lang, n=w.rof))
    if w.shots is not None:
        parts.append(t("sheet.swade.shots", lang, n=w.shots))
    if w.reach:
        parts.append(t("sheet.swade.reach", lang, n=w.reach))
    if w.notes:
        parts.append(plain(w.notes))
    return " · ".join(parts)


def _traits(c: SwadeCombatant, lang: str) -> list[str]:
    attributes = " · ".join(
        f"{t('sheet.swade.attr.' + a, lang)} {die(c.attributes[a])}"
        for a in ATTRIBUTE_IDS
        if a in c.attributes
    )
    lines = [f"**{t('sheet.swade.attributes', lang)}**: {attributes}"]
    if c.skills:
        skills = " · ".join(f"{skill_label(s, lang)} {die(d)}" for s, d in c.skills.items())
        lines.append(f"**{t('sheet.swade.skills', lang)}**: {skills}")
    derived = [
        t("sheet.swade.pace", lang, n=c.pace),
        t("sheet.swade.parry", lang, n=c.parry),
        t("sheet.swade.toughness_armor" if c.armor else "sheet.swade.toughness", lang,
          n=c.toughness, armor=c.armor),
    ]  # fmt: skip
    if c.size:
        derived.append(t("sheet.swade.size", lang, n=f"{c.size:+d}"))
    if c.bennies:
        derived.append(t("sheet.swade.bennies", lang, n=c.bennies))
    if c.max_wounds != 3:
        derived.append(t("sheet.swade.max_wounds", lang, n=c.max_wounds))
    if c.gender is not None:  # issue 18
        derived.append(t(f"sheet.swade.gender.{c.gender}", lang))
    lines.append(" · ".join(derived))
    if c.note:  # issue 31: what describes the character
        lines.append(t("sheet.swade.note", lang, note=plain(c.note)))
    return lines


def _edges(
    ids: list[str],
    lang: str,
    severity: dict[str, str] | None = None,
    gender: str | None = None,
) -> str:
    """Edges or hindrances: each one the bot applies with what it does, then the rest;
    a hindrance with its severity (issue 31: "Vengeful (Major)")."""

    def label(e: str) -> str:
        level = (severity or {}).get(e)
        name = edge_label(e, lang, gender)
        return f"{name} ({t(f'sheet.swade.severity.{level}', lang)})" if level else name

    applied = [
        t("sheet.swade.applied", lang, name=label(e), effect=t(f"sheet.swade.applies.{e}", lang))
        for e in ids
        if e in APPLIED_EDGES
    ]
    kept = [label(e) for e in ids if e not in APPLIED_EDGES]
    if kept:
        applied.append(t("sheet.swade.kept", lang, names=", ".join(kept)))
    return "\n".join(applied)


def _powers(c: SwadeCombatant, lang: str) -> str:
    lines = []
    if c.arcane_background:
        key = f"sheet.swade.ab.{c.arcane_background}"
        name = t(key, lang) if has(key, lang) else plain(c.arcane_background.replace("_", " "))
        lines.append(t("sheet.swade.arcane_background", lang, name=name))
    if c.arcane_skill:
        trait = c.skills.get(c.arcane_skill)
        lines.append(
            t("sheet.swade.arcane_skill", lang, skill=skill_label(c.arcane_skill, lang),
              die=die(trait) if trait else t("sheet.swade.unskilled", lang))
        )  # fmt: skip
    if c.max_power_points is not None:
        lines.append(t("sheet.swade.power_points", lang, n=c.power_points, max=c.max_power_points))
    if c.powers:
        lines.append(", ".join(plain(power_text(p)) for p in c.powers))
    return "\n".join(lines)


def render(c: SwadeCombatant, lang: str) -> Card:
    name = f"{c.name} · {t('sheet.wild_card', lang)}" if c.wild_card else c.name
    card = Card(
        title=t("sheet.title", lang, name=name, system=t("system.swade", lang)),
        description="\n".join(_traits(c, lang)),
    )
    if c.weapons:
        card.fields.append(
            (t("sheet.swade.weapons", lang), "\n".join(weapon_line(w, lang) for w in c.weapons))
        )
    if c.edges:
        card.fields.append((t("sheet.swade.edges", lang), _edges(c.edges, lang, gender=c.gender)))
    if c.hindrances:
        hindrances = _edges(c.hindrances, lang, c.hindrance_severity, c.gender)
        card.fields.append((t("sheet.swade.hindrances", lang), hindrances))
    powers = _powers(c, lang)
    if powers:
        card.fields.append((t("sheet.swade.powers", lang), powers))
    if c.abilities:
        card.fields.append((t("sheet.swade.abilities", lang), ", ".join(map(plain, c.abilities))))
    if c.gear:
        card.fields.append((t("sheet.swade.gear", lang), ", ".join(map(plain, c.gear))))
    return card


def card(sheet: SwadeCombatant | dict[str, Any], lang: str) -> Card:
    """The card of a combatant or its saved sheet (``Renderers.card``)."""
    return render(SwadeCombatant.model_validate(sheet), lang)
