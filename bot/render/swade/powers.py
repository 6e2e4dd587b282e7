"""Powers on the Savage Worlds board (SW-42): where each maintained power acts.

A caster's line says what it maintains, on whom and for how long; each target's line
says which power of whose it is under and what that power changes on it (armour +2,
Fighting d10...), so a power cast on someone shows on that someone's line. A hidden
combatant's line names the power only (issue 18: no numbers).
"""

from __future__ import annotations

from bot.i18n import t
from bot.systems.swade.power_effects import die_text, trait_label
from bot.systems.swade.power_models import ActivePower, PowerEffect
from bot.systems.swade.state import SwadeCombatant, SwadeState

MARK = "🔮"


def _rounds(active: ActivePower, lang: str, gender: str | None) -> str:
    """The rounds ``active`` has left ("until she ends it": ``gender``, its caster's)."""
    if active.rounds_left is None:
        return t("swade.powers.board.left_until_ended", lang, gender=gender)
    return t("swade.powers.board.left", lang, rounds=active.rounds_left)


def _names(state: SwadeState, ids: tuple[str, ...]) -> str:
    by_id = {c.id: c.name for c in state.combatants}
    return ", ".join(by_id.get(i, i) for i in ids)


def maintained_lines(c: SwadeCombatant, state: SwadeState, lang: str) -> list[str]:
    """The powers ``c`` maintains: each with its id, its targets and the rounds left."""
    return [
        t(
            "swade.powers.board.maintains",
            lang,
            power=a.power,
            id=a.id,
            targets=_names(state, a.target_ids),
            own=str(a.target_ids == (c.id,)).lower(),
            gender=c.gender,
            left=_rounds(a, lang, c.gender),
        )
        for a in c.maintaining
    ]


def effect_text(c: SwadeCombatant, effect: PowerEffect, lang: str) -> str:
    """What one lasting effect changes on ``c``, as the board says it."""
    if effect.kind == "trait" and effect.trait:
        table = c.attributes if effect.trait in c.attributes else c.skills
        return f"{t(trait_label(effect.trait), lang)} {die_text(table.get(effect.trait))}"
    return t(f"swade.powers.board.effect.{effect.kind}", lang, value=f"{effect.value:+d}")


def under_lines(
    c: SwadeCombatant, state: SwadeState, lang: str, *, numbers: bool = True
) -> list[str]:
    """The maintained powers acting on ``c`` (cast by anyone, itself included): whose
    power, what it changes on ``c`` (``numbers=False``: the power's name only) and the
    rounds left."""
    lines: list[str] = []
    for caster in state.combatants:
        for active in caster.maintaining:
            if c.id not in active.target_ids:
                continue
            source = active.source(caster.id)
            changes = [effect_text(c, e, lang) for e in c.power_effects if e.source == source]
            key = (
                "swade.powers.board.under"
                if changes and numbers
                else "swade.powers.board.under_plain"
            )
            lines.append(
                t(
                    key,
                    lang,
                    power=active.power,
                    caster=caster.name,
                    effects=", ".join(changes),
                    left=_rounds(active, lang, caster.gender),
                )
            )
    return lines


def under_marks(c: SwadeCombatant, state: SwadeState, lang: str, limit: int) -> list[str]:
    """The compact board's marks: 🔮 and each power acting on ``c``, its name cut."""
    marks: list[str] = []
    for caster in state.combatants:
        for active in caster.maintaining:
            if c.id in active.target_ids:
                name = t(active.power, lang)
                marks.append(MARK + (name if len(name) <= limit else name[: limit - 1] + "…"))
    return marks
