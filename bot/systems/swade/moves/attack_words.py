"""The words of ``/attack`` and ``/wildattack`` in Savage Worlds, in Spanish and English:
``flags`` (every declared modifier the bot cannot know, SW-10..SW-12, SW-21..SW-25),
``called`` (SW-22), the shared ``range``/``cover``/``illumination`` choices, and the
``weapon`` option. Pure.

Readings (README "Savage Worlds: combat"):

- ``weapon`` not on the sheet but written as damage (``Str+d6``, ``2d6``) is an
  unarmed-style attack with that damage; "desarmado"/"unarmed" attacks with fists;
  without ``weapon``, the sheet's weapon that fits the attack (SW-44,
  :mod:`bot.systems.swade.weapons`).
- ``called:unarmored-4`` (or ``sin armadura -4``): an unarmoured spot with the GM's
  penalty (SW-22).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from bot.i18n import OptionNames
from bot.systems.base import RuleError
from bot.systems.lookup import first_named
from bot.systems.swade.bounds import ARMOR, WEAPON_AP, WEAPON_ROF
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.state import SwadeCombatant, Weapon
from bot.systems.swade.weapons import fitting_weapon
from bot.systems.words import fold, readings

ILLUMINATION = {"dim": "dim", "dark": "dark", "pitch_black": "pitch_dark"}
UNARMED = {"unarmed", "desarmado", "punos", "fists", "none", "ninguna"}
DAMAGE_TEXT = re.compile(r"^(?:(?:str|fue|fuerza|strength)|\d*d\d+)([+-](?:\d*d\d+|\d+))*$")

# word -> AttackOptions field set to True
BOOL_FLAGS: dict[str, str] = {
    "aim": "aimed", "aimed": "aimed", "apuntar": "aimed", "apuntado": "aimed",
    "nonlethal": "nonlethal", "noletal": "nonlethal", "no_letal": "nonlethal",
    "edged": "edged", "cortante": "edged", "filo": "edged",
    "offhand": "off_hand", "off_hand": "off_hand", "manotorpe": "off_hand",
    "mano_torpe": "off_hand", "torpe": "off_hand",
    "twoweapons": "two_weapons", "two_weapons": "two_weapons", "dosarmas": "two_weapons",
    "dos_armas": "two_weapons",
    "touch": "touch", "toque": "touch", "tocar": "touch",
    "unstable": "unstable_platform", "inestable": "unstable_platform",
    "shotgun": "shotgun", "escopeta": "shotgun",
    "running": "running", "run": "running", "corriendo": "running", "correr": "running",
    "mounted": "mounted", "montado": "mounted", "a_caballo": "mounted",
    "charge": "charge", "carga": "charge",
    "drop": "the_drop", "thedrop": "the_drop", "the_drop": "the_drop",
    "superioridad": "the_drop",
    "improvised": "improvised", "improvisada": "improvised", "improvisado": "improvised",
    "thrown": "thrown", "throw": "thrown", "arrojadiza": "thrown", "lanzar": "thrown",
    "arrojar": "thrown",
    "engaged": "engaged", "trabado": "engaged", "en_melee": "engaged", "cuerpo_a_cuerpo": "engaged",
    "outofmelee": "shoot_out_of_melee", "fuera_de_melee": "shoot_out_of_melee",
    "adjacent": "target_adjacent", "adyacente": "target_adjacent", "cerca": "target_adjacent",
    "disarm": "disarm", "desarmar": "disarm",
    "free": "free_attack", "freeattack": "free_attack", "libre": "free_attack",
    "ataque_libre": "free_attack",
}  # fmt: skip
# word -> AttackOptions field taking the value after ":" (or "=")
VALUE_FLAGS: dict[str, str] = {
    "rof": "rof", "cdf": "rof",
    "ap": "ap", "pa": "ap",
    "obstacle": "obstacle_armor", "obstaculo": "obstacle_armor",
    "damage": "damage", "dano": "damage", "dmg": "damage",
    "scale": "target_scale", "escala": "target_scale", "targetscale": "target_scale",
    "myscale": "attacker_scale", "miescala": "attacker_scale",
    "speed": "speed", "velocidad": "speed",
}  # fmt: skip
SCALES: dict[str, str] = {
    "tiny": "tiny", "diminuto": "tiny", "minusculo": "tiny",
    "very_small": "very_small", "verysmall": "very_small", "muy_pequeno": "very_small",
    "small": "small", "pequeno": "small",
    "normal": "normal", "medium": "normal", "mediano": "normal",
    "large": "large", "grande": "large",
    "huge": "huge", "enorme": "huge",
    "gargantuan": "gargantuan", "gigantesco": "gargantuan", "colosal": "gargantuan",
}  # fmt: skip
SPEEDS: dict[str, str] = {
    "none": "none", "97kmh": "97kmh", "97": "97kmh", "193kmh": "193kmh", "193": "193kmh",
    "385kmh": "385kmh", "385": "385kmh", "mach1": "mach1", "mach_1": "mach1",
    "mach2": "mach2", "mach_2": "mach2", "near_light": "near_light", "casi_luz": "near_light",
}  # fmt: skip
FLAG_LIST = "swade.combat.flag_list"  # the accepted words, in the reader's language
CALLED: dict[str, str] = {
    "limb": "limb", "miembro": "limb", "extremidad": "limb", "arm": "limb", "brazo": "limb",
    "leg": "limb", "pierna": "limb",
    "hand": "hand", "mano": "hand",
    "head": "head", "cabeza": "head",
    "vitals": "vitals", "vitales": "vitals", "organos_vitales": "vitals", "vital": "vitals",
    "unarmored": "unarmored", "unarmoured": "unarmored", "sin_armadura": "unarmored",
    "punto_debil": "unarmored",
}  # fmt: skip


def _key(word: str) -> str:
    return re.sub(r"[\s-]+", "_", fold(word))


# Issue 21: a flag's number has the bound of what it stands for (README "Limits"): a
# weapon's RoF and AP, an obstacle's armour. CALLED_PENALTY: an unarmoured spot's -N is a
# modifier like the ``modifier`` option's.
FLAG_BOUNDS: dict[str, tuple[int, int]] = {
    "rof": WEAPON_ROF,
    "ap": WEAPON_AP,
    "obstacle_armor": ARMOR,
}
CALLED_PENALTY = (0, 20)


def _bounded(flag: str, raw: str, bound: tuple[int, int]) -> int:
    """``raw`` as a number within ``bound``, else ``swade.combat.error.flag_bound``
    naming it."""
    value = int(raw)
    if not bound[0] <= value <= bound[1]:
        raise RuleError(
            "swade.combat.error.flag_bound", flag=flag, value=raw, min=bound[0], max=bound[1]
        )
    return value


def _flag_value(flag: str, field: str, raw: str) -> Any:
    if field in FLAG_BOUNDS:
        if not re.fullmatch(r"\d+", raw.strip()):
            raise RuleError("swade.combat.error.flag_value", flag=flag, value=raw)
        return _bounded(flag, raw.strip(), FLAG_BOUNDS[field])
    if field in ("target_scale", "attacker_scale"):
        scale = SCALES.get(_key(raw))
        if scale is None:
            raise RuleError("swade.combat.error.flag_value", flag=flag, value=raw)
        return scale
    if field == "speed":
        speed = SPEEDS.get(_key(raw))
        if speed is None:
            raise RuleError("swade.combat.error.flag_value", flag=flag, value=raw)
        return speed
    return raw.strip().replace(" ", "")


def parse_flags(text: str | None) -> dict[str, Any]:
    """``flags``: words separated by commas; ``word:value`` for the ones taking a value
    (:data:`BOOL_FLAGS`, :data:`VALUE_FLAGS`). An unknown word is refused, naming it."""
    fields: dict[str, Any] = {}
    for raw in (p.strip() for p in (text or "").split(",")):
        if not raw:
            continue
        match = re.fullmatch(r"([^:=]*?)\s*(?:([:=])\s*(.*))?", raw)
        assert match is not None
        name, sep, value = match.group(1), match.group(2), match.group(3) or ""
        key = _key(name)
        if not sep and key in BOOL_FLAGS:
            fields[BOOL_FLAGS[key]] = True
        elif sep and key in VALUE_FLAGS:
            field = VALUE_FLAGS[key]
            fields[field] = _flag_value(name, field, value)
        else:
            raise RuleError("swade.combat.error.unknown_flag", flag=raw, flags=FLAG_LIST)
    return fields


def parse_called(text: str) -> dict[str, Any]:
    """``called``: limb, hand, head, vitals, or an unarmoured spot with its penalty."""
    match = re.fullmatch(r"(.*?)\s*([+-]\s*\d+)?", fold(text))
    assert match is not None
    word, number = _key(match.group(1)), match.group(2)
    called = CALLED.get(word)
    if called is None:
        raise RuleError("swade.combat.error.called", value=text)
    fields: dict[str, Any] = {"called_shot": called}
    if number is not None:
        if called != "unarmored":
            raise RuleError("swade.combat.error.called", value=text)
        penalty = _bounded(text, number.replace(" ", "").lstrip("+-"), CALLED_PENALTY)
        fields["called_penalty"] = -penalty
    return fields


# The command option that sets each :class:`AttackOptions` field (``flags`` sets the rest).
OPTION_OF_FIELD: dict[str, str] = {
    "range": "range",
    "cover": "cover",
    "illumination": "illumination",
    "called_shot": "called",
    "called_penalty": "called",
    "gang_up": "gangup",
    "modifier": "modifier",
}


def attack_options(
    *,
    flags: str | None = None,
    range: str | None = None,
    cover: str | None = None,
    illumination: str | None = None,
    called: str | None = None,
    gangup: int | None = None,
    modifier: int | None = None,
) -> AttackOptions:
    """The command's options and ``flags`` as the rules' :class:`AttackOptions`."""
    fields: dict[str, Any] = parse_flags(flags)
    if range:
        fields["range"] = range
    if cover:
        fields["cover"] = cover
    if illumination:
        fields["illumination"] = ILLUMINATION.get(illumination, "normal")
    if called:
        fields.update(parse_called(called))
    if gangup is not None:
        fields["gang_up"] = gangup
    if modifier is not None:
        fields["modifier"] = modifier
    try:
        return AttackOptions(**fields)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = str(error["loc"][0]) if error.get("loc") else ""
        # Named as the user typed it: the command's option (in the reader's language),
        # and the value as given there; what no option sets came from ``flags``.
        option = OPTION_OF_FIELD.get(field)
        value = fields.get(field, "") if option is not None else flags
        raise RuleError(
            "swade.combat.error.option_value",
            option=OptionNames([option or "flags"]),
            value=value,
        ) from None


def weapon_of(c: SwadeCombatant, text: str) -> Weapon | None:
    """A weapon on ``c``'s sheet by name (case and accents ignored, as typed or without
    quotes and trailing punctuation: :func:`first_named`) or by the start of one name;
    None when nothing matches."""
    found = first_named(c.weapons, text, lambda w, wanted: fold(w.name) == wanted)
    if found is not None:
        return found
    for wanted in readings(text):
        starts = [w for w in c.weapons if fold(w.name).startswith(wanted)]
        if starts:
            return starts[0] if len(starts) == 1 else None
    return None


def weapon_choice(
    c: SwadeCombatant, text: str | None, *, ranged: bool, thrown: bool = False
) -> tuple[str | None, str | None]:
    """(weapon name on the sheet, damage notation): the option names a weapon, fists, or
    damage written out (``Str+d6``); anything else is left to the rules to refuse.
    Without the option, SW-44: the sheet's first weapon that fits the attack (``ranged``:
    Shooting or throwing; ``thrown``: a throw, the first thrown one), unarmed only when
    it has none."""
    if text is None:
        w = fitting_weapon(c, ranged=ranged, thrown=thrown)
        return (w.name if w is not None else None), None
    folded = fold(text)
    if any(wanted in UNARMED for wanted in readings(text)):
        return None, None
    w = weapon_of(c, text)
    if w is not None:
        return w.name, None
    if DAMAGE_TEXT.match(folded.replace(" ", "")):
        return None, text.replace(" ", "")
    return text, None
