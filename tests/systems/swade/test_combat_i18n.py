"""Every swade_combat key the combat rules use exists in Spanish and English, and the
events of typical actions fill every placeholder of their text."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.i18n.message import placeholders
from bot.systems.swade.combat import area_attack, attack, suppressive_fire
from bot.systems.swade.damage import apply_damage, soak
from bot.systems.swade.grapple import crush, escape, grapple
from bot.systems.swade.maneuvers import LINKED_ATTRIBUTE, push, support, trick
from bot.systems.swade.modifiers import AttackOptions, option_modifiers
from bot.systems.swade.state import Weapon

from .test_combat_fixtures import GM, PLAYER, dice, goblin, hero, state_of, villain

ROOT = Path(__file__).resolve().parents[3]
MODULES = ["combat", "damage", "fatigue", "grapple", "injury", "maneuvers", "modifiers", "rerolls"]


def _source(name: str) -> str:
    """A rules module's text, or every module's of a package split by rule."""
    base = ROOT / "bot" / "systems" / "swade"
    package = base / name
    paths = sorted(package.glob("*.py")) if package.is_dir() else [base / f"{name}.py"]
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def _catalogue(lang: str) -> dict[str, str]:
    path = ROOT / "bot" / "i18n" / "locales" / lang / "swade.combat.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _literal_keys() -> set[str]:
    found: set[str] = set()
    for name in MODULES:
        text = _source(name)
        found |= set(re.findall(r'"(swade\.combat\.[a-z_0-9.]+[a-z_0-9])"', text))
    return found


def _generated_keys() -> set[str]:
    keys = {f"swade.combat.hit.{o}" for o in ("no_effect", "shaken", "wounded", "incapacitated")}
    keys |= {
        f"swade.combat.incapacitation.{o}"
        for o in ("dead", "bleeding_out", "injured", "injured_24h")
    }
    keys |= {
        f"swade.combat.injury.{i}"
        for i in (
            "unmentionables",
            "arm_left",
            "arm_right",
            "guts_broken",
            "guts_battered",
            "guts_busted",
            "leg",
            "head_scar",
            "head_blinded",
            "head_brain_damage",
        )
    }
    keys |= {f"swade.combat.skill.{s}" for s in [*LINKED_ATTRIBUTE, "fighting", "shooting"]}
    keys |= {"swade.combat.grapple.entangled", "swade.combat.grapple.bound"}
    keys |= {"swade.combat.condition.distracted", "swade.combat.condition.vulnerable"}
    every = AttackOptions(
        range="long",
        cover="light",
        illumination="dim",
        called_shot="limb",
        gang_up=1,
        unstable_platform=True,
        off_hand=True,
        two_weapons=True,
        touch=True,
        nonlethal=True,
        edged=True,
        target_scale="large",
        speed="97kmh",
        running=True,
        rof=2,
        shotgun=True,
        improvised=True,
        the_drop=True,
    )
    for melee in (True, False):
        keys |= {k for k, _ in option_modifiers(every, melee=melee)}
    return keys


def test_both_languages_have_the_same_keys() -> None:
    assert set(_catalogue("es")) == set(_catalogue("en"))


def test_every_key_used_is_in_both_catalogues() -> None:
    used = _literal_keys() | _generated_keys()
    assert "swade.combat.attack.roll" in used
    for lang in ("es", "en"):
        missing = used - set(_catalogue(lang))
        assert not missing, (lang, sorted(missing))


def _scenarios() -> list[Any]:
    grenade = Weapon(name="Granada", damage="3d6", range="5/10/20")
    h = hero(weapons=[*hero().weapons, grenade])
    st = state_of(h, goblin(), villain(), goblin("g2"))
    outs = [
        attack(st, PLAYER, dice(8, 1, 1, 6, 4, 1), attacker_id="h", target_id="v", weapon="Espada"),
        attack(st, PLAYER, dice(1, 2), attacker_id="h", target_id="g", weapon="Pistola"),
        apply_damage(state_of(hero(wounds=3)), GM, dice(3, 2, 1, 2, 1), target_id="h", damage=10),
        apply_damage(
            state_of(hero(wounds=3)), GM, dice(4), target_id="h", damage=10, nonlethal=True
        ),
        grapple(st, PLAYER, dice(6, 1, 2, 2), attacker_id="h", target_id="g"),
        trick(
            st,
            PLAYER,
            dice(6, 3, 1, 3),
            actor_id="h",
            target_id="g",
            skill="athletics",
            effect="vulnerable",
        ),
        push(st, PLAYER, dice(8, 1, 1, 3, 5), actor_id="h", target_id="g"),
        support(st, PLAYER, dice(4, 1), actor_id="h", ally_id="g", skill="fighting"),
        area_attack(
            st,
            PLAYER,
            dice(2, 1, 3, 7),
            attacker_id="h",
            target_ids=["g"],
            template="small",
            weapon="Granada",
            options=AttackOptions(thrown=True),
        ),
        suppressive_fire(
            st,
            PLAYER,
            dice(8, 2, 1, 1, 1, 1, 1),
            attacker_id="h",
            target_ids=["g", "g2"],
            weapon="Subfusil",
        ),
    ]
    wounded = apply_damage(state_of(hero()), GM, dice(), target_id="h", damage=14).state
    outs.append(soak(wounded, PLAYER, dice(4, 2), "h"))
    held = grapple(st, PLAYER, dice(5, 1, 3), attacker_id="h", target_id="g").state
    outs.append(escape(held, GM, dice(6, 2, 3, 2), combatant_id="g"))
    outs.append(crush(held, PLAYER, dice(5, 1, 3, 5), attacker_id="h"))
    return outs


@pytest.mark.parametrize("lang", ["es", "en"])
def test_event_params_fill_every_placeholder(lang: str) -> None:
    cat = _catalogue(lang)
    seen = 0
    for out in _scenarios():
        for e in out.events:
            if not e.key.startswith("swade.combat."):
                continue
            fields = placeholders(cat[e.key])
            assert fields <= set(e.params), (e.key, fields - set(e.params))
            seen += 1
        for o in out.offers:
            assert o.label_key in cat
    assert seen > 30


def test_rule_error_texts_use_only_the_params_given() -> None:
    pattern = re.compile(r'RuleError\(\s*"(swade\.combat\.[a-z_.]+)"((?:[^()]|\([^()]*\))*)\)')
    used: dict[str, set[str]] = {}
    for name in MODULES:
        text = _source(name)
        for m in pattern.finditer(text):
            used.setdefault(m[1], set()).update(re.findall(r"\b([a-z_]+)=", m[2]))
    assert "swade.combat.error.out_of_ammo" in used
    for lang in ("es", "en"):
        cat = _catalogue(lang)
        for key, params in used.items():
            fields = placeholders(cat[key])
            assert fields <= params, (lang, key, fields - params)
