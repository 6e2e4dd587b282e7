"""SW-44: the weapon an attack uses when the command names none, and how every attack
reply names it. Pure.

- A Fighting attack uses the first melee weapon on the sheet (one without a range, or a
  hand weapon that can be thrown: :func:`strikes`), as printed; a Shooting or throwing
  attack the first ranged one (with a range). Strength alone (unarmed) only when the
  sheet has no such weapon.
- A weapon that strikes and can be thrown (a dagger with ``3/6/12``) strikes unless the
  command says it throws; ``skill:`` decides for any weapon: ``skill:fighting`` with it
  is Fighting against Parry (it was a throw at TN 4), with a weapon that cannot strike
  (a pistol) it is refused, and ``skill:fighting`` with a range band or a ranged-only
  flag is refused too (the band was dropped unsaid).
- Which kind of attack a command without ``weapon:`` makes is read from what it says:
  ``skill`` (Shooting or Athletics: ranged; any other: melee), a range band, the flags
  that only a ranged attack takes (``thrown``, ``shotgun``, ``rof:N`` above 1, ``aim``,
  ``engaged``, ``outofmelee``), or an attacker that aimed (SW-24). Nothing of that: a
  Fighting attack. So an archer's ``/attack`` without ``weapon:`` punches unless it says
  it shoots; the reply names "unarmed (Str)" and the player adds ``weapon:`` or
  ``range:``.
- A command that says it shoots or throws (:func:`asks_ranged`: not an aim alone) is
  never turned into a punch: a melee weapon named (not thrown) is refused, and so is an
  attacker with no ranged weapon on its sheet and none named (nothing to shoot with:
  the reply says to give the damage, ``weapon:2d6``, or to leave ``range:`` out). Damage
  written out shoots with Shooting (Athletics when thrown) at TN 4 and the range band,
  where it used to roll Fighting against Parry and drop the band unsaid.
- Every attack reply names the weapon and its damage as the sheet prints it ("with
  Battle axe (Str+d10)"), damage written out (``weapon:Str+d6``) as "with damage
  Str+d6", and an unarmed attack as "unarmed (Str)": a wrong default is seen at once.
- SW-10 "Athletics to throw": which ranged weapons are thrown, :func:`is_thrown`.
"""

from __future__ import annotations

import re
from typing import Any

from bot.dice.swade import strength_based
from bot.i18n import term
from bot.systems.base import RuleError
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.state import SwadeCombatant, Weapon
from bot.systems.words import fold

RANGED_SKILLS = frozenset({"shooting", "athletics"})


def is_ranged(w: Weapon) -> bool:
    """A weapon with a range (``12/24/48``) shoots or is thrown; any other is melee."""
    return bool(w.range)


THROWN_WORDS = frozenset(
    {
        "thrown", "throwing", "throwable", "throw",
        "arrojadiza", "arrojadizas", "arrojadizo", "arrojadizos", "arrojable", "arrojables",
        "lanzable", "lanzables", "arrojar",
    }
)  # fmt: skip
THROWN_PHRASES = ("para lanzar", "de lanzar", "para arrojar", "de arrojar", "de lanzamiento")
GRENADE_WORDS = frozenset({"grenade", "grenades", "granada", "granadas"})
LAUNCHER_WORDS = frozenset(
    {
        "launcher", "launchers", "launched", "rocket", "propelled", "rifle",
        "lanzador", "lanzadores", "lanzadora", "cohete", "propulsada", "fusil",
    }
)  # fmt: skip


def is_thrown(w: Weapon) -> bool:
    """SW-10 "Shooting (or Athletics to throw)": whether a ranged weapon (one with a
    range, :func:`is_ranged`) is thrown, so an attack with it rolls Athletics, spends no
    ammunition, and an area attack's miss deviates 1d6 (thrown), not 2d6 (seed 003
    "Desvío": "1d6 en armas arrojadas, como granadas, y 2d6 en proyectiles"). A weapon
    without a range is melee (SW-44) and never thrown here: ``flags:thrown`` throws it.

    The reading, on the sheet's text as people type it (:func:`bot.systems.words.fold`:
    any case, with or without accents), whole words only:

    - its name or notes say so: "thrown", "throwing", "throwable"; "arrojadiza(s)",
      "arrojadizo(s)", "arrojable", "lanzable(s)", "para lanzar", "de lanzamiento"
      ("Throwing axe", "Cuchillo arrojadizo", "Hacha (FUE+d6, Distancia 3/6/12, arrojadiza)");
    - it is a grenade by name ("Grenade", "Granadas de mano"; the seed names grenades
      as thrown weapons), but not what fires one: a name that also says launcher,
      rocket or rifle ("Grenade Launcher", "Lanzador de granadas", "Rocket-propelled
      grenade", "Granada de fusil"); "Lanzagranadas" is one word, not "granadas";
    - its damage is Strength-based (``Str+d4``, ``Fue+d6``, ``FUERZA+d6`` as the sheet
      prints it): muscle-powered, so a dagger, spear, javelin or throwing axe with a
      range is thrown, and so is a sling (``Str+d4``) though it is whirled, not thrown
      by hand: its range comes from the arm, as the book's Athletics for it does.

    Bows, crossbows, guns and launchers (fixed damage: ``2d6``, ``2d8``) stay Shooting.
    ``skill:`` on the command still names another skill."""
    if not is_ranged(w):
        return False
    if _says_thrown(w):
        return True
    name = set(_words(w.name))
    if name & GRENADE_WORDS and not name & LAUNCHER_WORDS:
        return True
    return strength_based(w.damage)


# Weapons whirled or thrown, never held to strike with, though their damage is
# Strength's: slings and nets, and the ones made to be thrown (SWADE's thrown weapons).
NOT_IN_HAND = frozenset(
    {"sling", "slings", "slingshot", "honda", "hondas", "tirachinas", "bola", "bolas",
     "boleadoras", "net", "red", "shuriken", "shurikens", "boomerang", "boomerangs",
     "bumeran", "bumerang", "dart", "darts", "dardo", "dardos", "javelin", "javelins",
     "jabalina", "jabalinas", "chakram", "chakrams"}
)  # fmt: skip


def strikes(w: Weapon) -> bool:
    """Whether a weapon strikes in melee (SW-10, Fighting against Parry): one without a
    range, and a hand weapon that can also be thrown, whose range comes from the arm
    (Strength damage: a dagger, spear or axe with ``3/6/12``); not one made to be thrown
    (a shuriken, dart, javelin, boomerang, or a name or notes that say "thrown"/
    "throwing"/"arrojadiza"/"para lanzar"), not a sling or a net, not a grenade, bow or
    gun. A weapon that strikes and has a range is a melee weapon unless the command says
    it throws (a range band, ``flags:thrown``,
    ``skill:athletics``): SW-44's "a weapon's range says whether it shoots" read for the
    weapons the book lists among the melee ones with a range to throw them."""
    if not is_ranged(w):
        return True
    if set(_words(w.name)) & NOT_IN_HAND or _says_thrown(w):
        return False  # a sling, a shuriken, a "throwing axe": made to be thrown
    return strength_based(w.damage)


def _says_thrown(w: Weapon) -> bool:
    """Its name or notes say it is thrown: a word (:data:`THROWN_WORDS`) or a phrase
    (:data:`THROWN_PHRASES`, "para lanzar")."""
    said = " ".join(_words(f"{w.name} {w.notes}"))
    return bool(set(said.split()) & THROWN_WORDS) or any(
        f" {p} " in f" {said} " for p in THROWN_PHRASES
    )


def _words(text: str) -> list[str]:
    """``text``'s words, folded (:func:`bot.systems.words.fold`), in order."""
    return re.findall(r"[a-z]+", fold(text))


def wants_ranged(
    c: SwadeCombatant, skill: str | None, declared: AttackOptions, *, band: bool
) -> bool:
    """SW-44: whether an attack that names no weapon is Shooting or throwing (the
    module's list: the skill, a range band ``band`` given, a ranged-only flag, aiming)."""
    return asks_ranged(skill, declared, band=band) or (skill is None and c.aiming)


def asks_ranged(skill: str | None, declared: AttackOptions, *, band: bool) -> bool:
    """SW-44: whether the command itself says the attack shoots or throws (what
    :func:`wants_ranged` reads, but an attacker's aim: that one only picks the weapon)."""
    if skill is not None:
        return skill in RANGED_SKILLS
    return (
        band
        or declared.thrown
        or declared.shotgun
        or declared.rof > 1
        or declared.aimed
        or declared.engaged
        or declared.shoot_out_of_melee
    )


def ranged_skill(
    c: SwadeCombatant,
    weapon: Weapon | None,
    damage: str | None,
    *,
    thrown: bool,
    unarmed: bool = False,
) -> str | None:
    """SW-44, for a command that :func:`asks_ranged`: the skill a ranged attack with
    damage written out rolls (Shooting; Athletics when thrown or Strength-based), None
    when the weapon says it; refused (``RuleError``) when there is nothing to shoot with: a melee weapon
    not thrown, fists named (``unarmed``), or no weapon at all (the sheet has no ranged
    one and none was named)."""
    if weapon is not None:
        if not is_ranged(weapon) and not thrown:
            raise RuleError("swade.combat.error.melee_weapon_at_range", weapon=weapon.name)
        return None
    if damage is None:
        if unarmed:
            raise RuleError("swade.combat.error.unarmed_at_range")
        raise RuleError("swade.combat.error.nothing_to_shoot", name=c.name)
    # SW-10: Strength damage written out is thrown by the arm, as on a sheet (is_thrown)
    return "athletics" if thrown or strength_based(damage) else "shooting"


def fitting_weapon(c: SwadeCombatant, *, ranged: bool, thrown: bool = False) -> Weapon | None:
    """SW-44: the first weapon on ``c``'s sheet, in the order printed, that fits the
    attack (a ranged one for Shooting or throwing, one that :func:`strikes` for
    Fighting: a dagger with a range is both); None when
    it has none (unarmed: Strength alone). An attack that says it throws (``thrown``:
    ``flags:thrown`` or ``skill:athletics``) takes the first thrown one (:func:`is_thrown`),
    not a pistol printed before the grenade; None when none is (a bow is not thrown with
    Athletics: the command is refused, ``moves.attack``)."""
    if ranged and thrown:
        return next((w for w in c.weapons if is_thrown(w)), None)
    return next((w for w in c.weapons if (is_ranged(w) if ranged else strikes(w))), None)


def weapon_phrase(w: Weapon | None, damage: str | None) -> dict[str, Any]:
    """How a reply names the weapon of an attack (SW-44), as a phrase the renderer
    writes in the reader's language (:func:`bot.i18n.term`). The weapon's name
    and damage are the sheet's text, shown as written."""
    if w is not None:
        shown = damage or w.damage
        if shown:
            return term("swade.combat.weapon.named", name=w.name, damage=shown)
        return term("swade.combat.weapon.named_bare", name=w.name)
    if damage:
        return term("swade.combat.weapon.damage_only", damage=damage)
    return term("swade.combat.weapon.unarmed")
