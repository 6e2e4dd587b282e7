"""``/attack`` in Dread S-20: melee (DS-5..DS-7, DS-10) or a shot (DS-11), chosen by the
weapon. Readings of the shared options:

- ``cover``: ``light`` counts as obstructed (1 penalty), ``heavy`` as heavily covered
  (2, DS-11); ``medium`` and ``near_total`` do not exist in Dread S-20 and are refused.
- ``called``: a body part in Spanish or English (DS-7 coverage).
- ``flags``: ``back, surprise, stun, burst3, burst:N, empty:N`` (or their Spanish names).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, field_validator

from bot.dice.source import DiceSource
from bot.i18n import OptionNames
from bot.systems import ds20
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.ds20._common import named_weapon
from bot.systems.ds20.moves.who import acting, find_combatant, play, with_notes
from bot.systems.ds20.state import BodyPart, DS20State, DSCombatant
from bot.systems.plugin import Move, Options, Play
from bot.systems.words import fold, looked_up

COVER = {"light": "obstructed", "heavy": "heavy"}
BODY_PARTS: dict[str, BodyPart] = {
    "cabeza": "cabeza", "head": "cabeza",
    "brazos": "brazos", "brazo": "brazos", "arms": "brazos", "arm": "brazos",
    "torso": "torso", "chest": "torso",
    "piernas": "piernas", "pierna": "piernas", "legs": "piernas", "leg": "piernas",
}  # fmt: skip
FLAG_WORDS = {
    "back": "back", "espalda": "back", "detras": "back",
    "surprise": "surprise", "sorpresa": "surprise",
    "stun": "stun", "aturdir": "stun",
    "burst3": "burst3", "rafaga3": "burst3", "threeround": "burst3",
    "burst": "burst", "rafaga": "burst",
    "empty": "empty", "vaciar": "empty",
}  # fmt: skip
FLAG_LIST = "back, surprise, stun, burst3, burst:N, empty:N"


class Flags(BaseModel):
    model_config = ConfigDict(frozen=True)

    back: bool = False
    surprise: bool = False
    stun: bool = False
    burst3: bool = False
    burst: bool = False
    empty: int = 0

    def firearm_only(self) -> list[str]:
        return [n for n in ("burst3", "burst") if getattr(self, n)] + (
            ["empty"] if self.empty else []
        )


def parse_flags(text: str | None) -> Flags:
    """``back, surprise, stun, burst3, burst:N, empty:N`` (or their Spanish names)."""
    flags: dict[str, bool | int] = {}
    for token in re.split(r"[,\s]+", text or ""):
        if not token:
            continue
        word, _, number = fold(token).partition(":")
        if not number and word not in FLAG_WORDS:
            m = re.fullmatch(r"([a-z]+?)=?(\d+)", word)
            if m and m.group(1) in ("empty", "vaciar", "burst", "rafaga"):
                word, number = m.group(1), m.group(2)
        if word in ("aim", "apuntar"):
            raise RuleError("ds20.error.flag_aim")
        name = FLAG_WORDS.get(word)
        if name is None or (number and name not in ("empty", "burst")):
            raise RuleError("ds20.error.unknown_flag", flag=token, flags=FLAG_LIST)
        if number:
            if not number.isdigit():
                raise RuleError("ds20.error.unknown_flag", flag=token, flags=FLAG_LIST)
            if not 1 <= int(number) <= 10:  # issue 21: the refusal names the bound
                raise RuleError("ds20.error.flag_bound", flag=token, min=1, max=10)
            flags["empty"] = int(number)
        if name == "empty" and not number:
            raise RuleError("ds20.error.empty_needs_n", flag=token)
        if name != "empty":
            flags[name] = True
    if flags.get("burst") and flags.get("burst3"):
        raise RuleError("ds20.error.bad_burst")
    return Flags.model_validate(flags)


def body_part(called: str) -> BodyPart:
    part = looked_up(BODY_PARTS, called)
    if part is None:
        raise RuleError("ds20.error.body_part", part=called)
    return part


def is_firearm(c: DSCombatant, weapon: str | None, wants_firearm: bool) -> bool:
    """Whether the attack is a shot: the named weapon's kind; without a weapon, a
    firearm-only option asks for a shot, else the first weapon in hand that is not
    Pelea (fists) decides, as the sheet lists them (SW-44's care: unarmed only without
    one)."""
    if weapon:
        w = named_weapon(c, weapon)
        return w is not None and w.kind == "fuego"
    if wants_firearm:
        return True
    first = next((w for w in c.weapons if not w.dropped and w.kind != "pelea"), None)
    return first is not None and first.kind == "fuego"


class AttackOptions(Options):
    target: str
    weapon: str | None = None
    actor: str | None = None
    bonus: int = 0
    penalty: int = 0
    flags: Flags = Flags()
    called: BodyPart | None = None
    cover: str | None = None
    distance: int | None = None

    @field_validator("flags", mode="before")
    @classmethod
    def _flags(cls, text: object) -> object:
        return parse_flags(text) if isinstance(text, str) else text

    @field_validator("called", mode="before")
    @classmethod
    def _called(cls, text: object) -> object:
        return body_part(text) if isinstance(text, str) else text

    @field_validator("cover")
    @classmethod
    def _cover(cls, word: str | None) -> str | None:
        if word is not None and word not in COVER:
            raise RuleError("ds20.error.cover", cover=f"ds20.cover.{word}")
        return word

    def firearm_options(self) -> list[str]:
        """The options only a shot takes, as given."""
        given = [n for n in ("distance", "cover") if getattr(self, n) is not None]
        return self.flags.firearm_only() + given


def attack(o: AttackOptions) -> Play[DS20State]:
    """Melee (DS-5..DS-7, DS-10) or a shot (DS-11) depending on the weapon."""
    notes = [Event(key=f"ds20.note.cover_{o.cover}")] if o.cover else []
    cover = COVER[o.cover] if o.cover else "none"
    flags, firearm_options = o.flags, o.firearm_options()

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        attacker = acting(state, actor, o.actor)
        target = find_combatant(state, o.target)
        if is_firearm(attacker, o.weapon, bool(firearm_options)):
            if flags.stun:
                raise RuleError("ds20.error.not_for_firearm", option="stun")
            return ds20.shoot(
                state, actor, dice, attacker_id=attacker.id, target_id=target.id,
                weapon=o.weapon, bonus=o.bonus, penalty=o.penalty, range_m=o.distance,
                cover=cover, called=o.called, empty=flags.empty,
                burst="three" if flags.burst3 else "full" if flags.burst else None,
                back=flags.back, surprise=flags.surprise,
            )  # fmt: skip
        if firearm_options:
            raise RuleError("ds20.error.not_for_melee", option=OptionNames(firearm_options[:1]))
        return ds20.attack(
            state, actor, dice, attacker_id=attacker.id, target_id=target.id, weapon=o.weapon,
            bonus=o.bonus, penalty=o.penalty, called=o.called, back=flags.back,
            surprise=flags.surprise, stun=flags.stun,
        )  # fmt: skip

    return play("attack", with_notes(run, notes))


MOVES = (Move("attack", AttackOptions, attack),)
