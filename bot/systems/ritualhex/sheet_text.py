"""A Ritual Hex sheet written back in the sheet format (:mod:`bot.systems.ritualhex.sheet`),
Spanish or English field names (issue 16: what the card shows, written back, reads as the
same sheet). Pure.

``read_sheet(to_block(c), kind=c.side)`` gives ``c`` again for any sheet the reader made:
the characteristics are all written, a minion's parts and limbs by kind and count, the
equipment on the part keys it is worn on, each action either by name (a shipped one,
unchanged) or as a full ``acción:`` definition.
"""

from __future__ import annotations

from itertools import groupby

from bot.i18n import catalog
from bot.systems.ritualhex.actions import shipped_id
from bot.systems.ritualhex.state import STATS, ActionDef, LimbNeed, RHCombatant
from bot.systems.ritualhex.words import kind_name, part_name

STAT_NAMES = {"ap": "AP", "hp": "HP", "str": "Str", "def": "Def", "per": "Per", "mag": "Mag",
              "dr": "DR"}  # fmt: skip
WORDS = {
    "es": {
        "name": "nombre", "parts": "partes", "limbs": "miembros", "advantages": "ventajas",
        "equipment": "equipo", "action": "acción", "actions": "acciones", "cost": "costo",
        "mod": "mod", "kind": "tipo", "target": "objetivo", "check": "chequeo",
        "effect": "efecto", "reacts": "reacciona a", "trigger": "disparador",
        "attack": "ataque", "spell": "hechizo", "defense": "defensa", "act": "acción",
        "free": "libre", "equipped": "equipada", "none": "ninguno", "self": "yo",
        "any": "cualquiera", "trigger_self": "objetivo", "trigger_ally": "aliado",
        "damage": "daño", "heal": "cura", "waiting": "espera", "cancel": "anular",
        "retarget": "redirigir",
    },
    "en": {
        "name": "name", "parts": "parts", "limbs": "limbs", "advantages": "advantages",
        "equipment": "equipment", "action": "action", "actions": "actions", "cost": "cost",
        "mod": "mod", "kind": "kind", "target": "target", "check": "check",
        "effect": "effect", "reacts": "reacts to", "trigger": "trigger",
        "attack": "attack", "spell": "spell", "defense": "defense", "act": "act",
        "free": "free", "equipped": "equipped", "none": "none", "self": "self",
        "any": "any", "trigger_self": "target", "trigger_ally": "ally",
        "damage": "damage", "heal": "heal", "waiting": "waiting", "cancel": "cancel",
        "retarget": "retarget",
    },
}  # fmt: skip
ALL_KINDS = ["attack", "spell", "defense", "act"]


def _limb(need: LimbNeed, w: dict[str, str], lang: str) -> str:
    kind = kind_name(need.kind, lang)
    text = kind if need.count == 1 else f"{need.count} {kind}"
    if need.free:
        text += f" {w['free']}"
    elif need.equipped:
        text += f" {w['equipped']}"
    return text


def action_text(action: ActionDef, lang: str = "es") -> str:
    """One action in the action format, fields separated by ``;`` (name first, as an
    ``acción:`` line of a sheet takes it)."""
    w = WORDS.get(lang, WORDS["es"])
    fields = [action_name(action, lang), f"{w['kind']}: {w[action.kind]}"]
    fields.append(f"{w['cost']}: {action.cost}")
    limbs = ", ".join(_limb(n, w, lang) for n in action.limbs) or w["none"]
    fields.append(f"{w['limbs']}: {limbs}")
    target = w["self"] if action.self_target else str(action.targets or w["none"])
    fields.append(f"{w['target']}: {target}")
    if action.check is not None:
        co = f"<{STAT_NAMES[action.check.co]}>" if action.check.co else ""
        cd = f"<{STAT_NAMES[action.check.cd]}>" if action.check.cd else ""
        fields.append(f"{w['check']}: {co}[{action.check.difficulty}]{cd}")
    effects = [
        w[e.kind] + (f" {e.amount.text()}" if e.amount is not None else "") for e in action.effects
    ]
    fields.append(f"{w['effect']}: {', '.join(effects)}")
    if action.reacts_to is not None:
        kinds = (
            w["any"] if action.reacts_to == ALL_KINDS else ", ".join(w[k] for k in action.reacts_to)
        )
        fields.append(f"{w['reacts']}: {kinds}")
    if action.trigger != "any":
        fields.append(f"{w['trigger']}: {w['trigger_' + action.trigger]}")
    return "; ".join(fields)


def _shipped(action: ActionDef) -> bool:
    return shipped_id(action) is not None


def action_name(action: ActionDef, lang: str) -> str:
    """A shipped action by its name in ``lang`` ("Punch"), the GM's own as written."""
    ref = shipped_id(action)
    return action.name if ref is None else catalog(lang).get(f"ritualhex.action.{ref}", action.name)


def _counted(parts: list[tuple[str, str]], lang: str) -> str:
    return ", ".join(
        kind if (n := len(list(group))) == 1 else f"{kind} x{n}"
        for kind, group in groupby(kind_name(k, lang) for k, _ in parts)
    )


def _part(c: RHCombatant, key: str, lang: str) -> str:
    part = c.part(key)
    return part_name(key, part.kind, lang) if part is not None else key


def to_block(c: RHCombatant, lang: str = "es") -> str:
    """The sheet in the sheet format (module docstring)."""
    w = WORDS.get(lang, WORDS["es"])
    lines = [f"{w['name']}: {c.name}"]
    lines.append(", ".join(f"{STAT_NAMES[s]} {c.base.get(s, 0)}" for s in STATS))
    if c.side == "minion":
        parts = [(p.kind, p.key) for p in c.parts if not p.limb]
        limbs = [(p.kind, p.key) for p in c.parts if p.limb]
        if parts:
            lines.append(f"{w['parts']}: {_counted(parts, lang)}")
        if limbs:
            lines.append(f"{w['limbs']}: {_counted(limbs, lang)}")
    if c.advantages:
        names = catalog(lang)  # the card's names (sheet.ritualhex.adv.*), which the reader reads
        advantages = ", ".join(
            names.get(f"sheet.ritualhex.adv.{a}", a) + (f" x{n}" if n > 1 else "")
            for a, n in c.advantages.items()
        )
        lines.append(f"{w['advantages']}: {advantages}")
    defined: list[ActionDef] = []
    for item in c.equipment:
        worn = ", ".join(_part(c, key, lang) for key in item.worn_on)
        fields = [item.name, f"{w['parts']}: {worn}"]
        fields.append(f"{w['cost']}: {item.cost}")
        if item.mods:
            mods = ", ".join(f"{STAT_NAMES[s]}{v:+d}" for s, v in item.mods.items())
            fields.append(f"{w['mod']}: {mods}")
        if item.actions:
            names = ", ".join(action_name(a, lang) for a in item.actions)
            fields.append(f"{w['actions']}: {names}")
            defined.extend(a for a in item.actions if not _shipped(a))
        lines.append(f"{w['equipment']}: {'; '.join(fields)}")
    named = [action_name(a, lang) for a in c.actions if _shipped(a)]
    defined.extend(a for a in c.actions if not _shipped(a))
    lines.extend(f"{w['action']}: {action_text(a, lang)}" for a in defined)
    if named:
        lines.append(f"{w['actions']}: {', '.join(named)}")
    return "\n".join(lines)
