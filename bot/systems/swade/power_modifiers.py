"""Power modifiers (RULES-NOTES SW-41; seed 003 "Modificadores de poder"): the eight, with
their Power Point costs, their names in both languages, which powers each suits, and the
pure list autocomplete offers. Pure. What each does to a target is applied by
:mod:`bot.systems.swade.powers` and :mod:`bot.systems.swade.power_effects`.

Ids and costs (seed 003):

=====================  ====  ===============================================================
id                     cost  effect
=====================  ====  ===============================================================
``heavy_weapon``        +2   the damage counts as a Heavy Weapon (listed)
``glow``                +1   Glow: the target's Stealth -2, attackers ignore 1 point of
                             illumination penalty against it
``shroud``              +1   Shroud: -1 to attacks against the target, +1 to its Stealth
``lingering_damage``    +2   the victim takes the base damage one die type lower at the
                             start of its next turn (d4 dice: one die fewer), once
``range_double``        +1   the range doubles (not for touch or self)
``range_triple``        +2   the range triples (not for touch or self)
``fatigue``             +2   a victim affected also takes a level of Fatigue, which never
                             incapacitates
``hinder``              +1   the target's Pace -2 until the power ends
``hasten``              +1   the target's Pace +2 until the power ends
``armor_piercing_2/4/6`` +1/+2/+3  AP 2 per Power Point, at most AP 6
``selective``           +1   the caster picks who in the area is affected (listed)
=====================  ====  ===============================================================

Readings (the seed is silent), checked by :func:`validate_modifiers` with an error that
says how to fix the choice:

- Heavy Weapon, Lingering Damage and Armour Piercing need a power that deals damage;
  Fatigue one that deals damage or is resisted (seed 003: "poderes que causen daño o
  deban ser resistidos"); Selective an area power.
- Hinder/Hasten last "until the power ends" (seed 003), and Glow/Shroud light or darken
  the target while the power lasts: all four need a power with a duration (not instant).
- Only one of Glow/Shroud, Hinder/Hasten, each Range step and each AP step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.systems.base import RuleError
from bot.systems.swade.names import fold
from bot.systems.swade.power_models import PowerDef

Needs = Literal["any", "damage", "damage_or_resisted", "area", "lasting", "ranged"]


@dataclass(frozen=True, slots=True)
class PowerModifier:
    """One power modifier of seed 003: its id, cost, names and what it needs."""

    id: str
    cost: int
    name_es: str
    name_en: str
    needs: Needs = "any"
    exclusive: str | None = None  # modifiers sharing this tag exclude each other
    ap: int = 0  # armour piercing it adds
    aliases: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The catalogue key of its name (``swade.powers.modifier.<id>``)."""
        return f"swade.powers.modifier.{self.id}"


POWER_MODIFIERS: dict[str, PowerModifier] = {
    m.id: m
    for m in (
        PowerModifier(
            "heavy_weapon", 2, "Arma pesada", "Heavy Weapon", "damage", aliases=("arma pesada",)
        ),
        PowerModifier(
            "glow", 1, "Brillo", "Glow", "lasting", "light", aliases=("brillo", "luz", "glow")
        ),
        PowerModifier(
            "shroud", 1, "Sudario", "Shroud", "lasting", "light", aliases=("sudario", "shroud")
        ),
        PowerModifier(
            "lingering_damage",
            2,
            "Daño residual",
            "Lingering Damage",
            "damage",
            aliases=("dano residual", "residual", "lingering"),
        ),
        PowerModifier(
            "range_double",
            1,
            "Distancia superior (x2)",
            "Range (x2)",
            "ranged",
            "range",
            aliases=("distancia superior", "distancia x2", "range", "range x2", "alcance x2"),
        ),
        PowerModifier(
            "range_triple",
            2,
            "Distancia superior (x3)",
            "Range (x3)",
            "ranged",
            "range",
            aliases=("distancia x3", "range x3", "alcance x3", "distancia superior x3"),
        ),
        PowerModifier("fatigue", 2, "Fatiga", "Fatigue", "damage_or_resisted", aliases=("fatiga",)),
        PowerModifier(
            "hinder", 1, "Molestia", "Hinder", "lasting", "pace", aliases=("molestia", "hinder")
        ),
        PowerModifier(
            "hasten",
            1,
            "Impulso",
            "Hasten",
            "lasting",
            "pace",
            aliases=("impulso", "mejora", "hurry", "hasten"),
        ),
        PowerModifier(
            "armor_piercing_2",
            1,
            "Perforación de armadura (PA 2)",
            "Armor Piercing (AP 2)",
            "damage",
            "ap",
            ap=2,
            aliases=("pa 2", "ap 2", "pa2", "ap2", "perforacion de armadura", "armor piercing"),
        ),
        PowerModifier(
            "armor_piercing_4",
            2,
            "Perforación de armadura (PA 4)",
            "Armor Piercing (AP 4)",
            "damage",
            "ap",
            ap=4,
            aliases=("pa 4", "ap 4", "pa4", "ap4"),
        ),
        PowerModifier(
            "armor_piercing_6",
            3,
            "Perforación de armadura (PA 6)",
            "Armor Piercing (AP 6)",
            "damage",
            "ap",
            ap=6,
            aliases=("pa 6", "ap 6", "pa6", "ap6"),
        ),
        PowerModifier("selective", 1, "Selectivo", "Selective", "area", aliases=("selectivo",)),
    )
}


def _words(text: str) -> str:
    """A modifier's name folded, brackets and punctuation dropped: ``"Range (x2)"`` ->
    ``"range x2"``, ``"PA-4"`` -> ``"pa 4"``."""
    plain = "".join(ch if ch.isalnum() else " " for ch in fold(text))
    return " ".join(plain.split())


_BY_NAME: dict[str, str] = {}
for _m in POWER_MODIFIERS.values():
    for _name in (_m.id, _m.id.replace("_", " "), _m.name_es, _m.name_en, *_m.aliases):
        _BY_NAME.setdefault(_words(_name), _m.id)


def parse_power_modifier(text: str) -> PowerModifier:
    """A power modifier by id or by name in either language, case, accents and
    punctuation ignored ("Perforación de armadura (PA 4)", "ap 4", "Glow"). Unknown:
    ``swade.powers.error.unknown_modifier`` listing the known ones."""
    found = _BY_NAME.get(_words(text))
    if found is None:
        raise RuleError(
            "swade.powers.error.unknown_modifier",
            modifier=text,
            known=[m.key for m in POWER_MODIFIERS.values()],
        )
    return POWER_MODIFIERS[found]


def power_modifier_choices(lang: str, typed: str = "", limit: int = 25) -> list[tuple[str, str]]:
    """SW-41 for autocomplete: ``(label, id)`` pairs, the label the name in ``lang`` ("es"
    or "en") with its cost (``"Arma pesada (+2)"``), those whose name in either language
    contains ``typed`` (folded), at most ``limit`` (Discord's 25)."""
    wanted = _words(typed)
    out: list[tuple[str, str]] = []
    for m in POWER_MODIFIERS.values():
        names = [_words(n) for n in (m.name_es, m.name_en, *m.aliases)]
        if wanted and not any(wanted in n for n in names):
            continue
        name = m.name_es if lang == "es" else m.name_en
        out.append((f"{name} (+{m.cost})", m.id))
    return out[:limit]


def modifiers_cost(mods: list[PowerModifier]) -> int:
    """SW-41: what the modifiers add to a power's cost."""
    return sum(m.cost for m in mods)


def modifiers_ap(mods: list[PowerModifier]) -> int:
    """SW-41 Armour Piercing: AP 2 per Power Point, at most AP 6 (one step is chosen)."""
    return min(6, sum(m.ap for m in mods))


def validate_modifiers(power: PowerDef | None, texts: list[str]) -> list[PowerModifier]:
    """The modifiers ``texts`` name (:func:`parse_power_modifier`), checked against
    ``power`` (module docstring); ``None`` is a generic power (its effects are the
    GM's, so any modifier goes, its cost counted). Each refusal is a ``RuleError``
    naming the modifier and what it needs."""
    mods: list[PowerModifier] = []
    for text in texts:
        m = parse_power_modifier(text)
        if any(x.id == m.id for x in mods):
            raise RuleError("swade.powers.error.modifier_twice", modifier=m.key)
        clash = next((x for x in mods if m.exclusive and x.exclusive == m.exclusive), None)
        if clash is not None:
            raise RuleError("swade.powers.error.modifier_clash", modifier=m.key, other=clash.key)
        mods.append(m)
    if power is None:
        return mods
    kinds = power.kinds()
    for m in mods:
        ok = {
            "any": True,
            "damage": "damage" in kinds,
            "damage_or_resisted": "damage" in kinds or power.opposed is not None,
            "area": power.template is not None,
            "lasting": power.lasting,
            "ranged": power.range not in ("touch", "self"),
        }[m.needs]
        if not ok:
            raise RuleError(
                f"swade.powers.error.modifier_needs_{m.needs}", modifier=m.key, power=power.label()
            )
    return mods
