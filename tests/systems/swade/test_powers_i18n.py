"""Every key the powers rules use exists in Spanish and English, and the events and
errors of typical casts fill every placeholder of their text (issue 19)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.dice.source import ForcedSource
from bot.i18n import catalog
from bot.i18n.message import placeholders
from bot.render.text import event_line
from bot.systems.base import Event, RuleError
from bot.systems.swade.healing import heal
from bot.systems.swade.power_defs import FIELD_NAMES, define_power, parse_power_definition
from bot.systems.swade.power_lookup import EXAMPLES
from bot.systems.swade.power_modifiers import POWER_MODIFIERS
from bot.systems.swade.powers import cast, end_power, recover_power_points

from .power_fixtures import mage
from .test_combat_fixtures import GM, PLAYER, goblin, hero, state_of, villain

ROOT = Path(__file__).resolve().parents[3]
MODULES = [
    "powers",
    "power_defs",
    "power_lookup",
    "power_modifiers",
    "power_effects",
    "healing",
    "modifiers",
]


def _source(name: str) -> str:
    """A rules module's text, or every module's of a package split by rule."""
    base = ROOT / "bot" / "systems" / "swade"
    package = base / name
    paths = sorted(package.glob("*.py")) if package.is_dir() else [base / f"{name}.py"]
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def _literal_keys() -> set[str]:
    found: set[str] = set()
    for name in MODULES:
        text = _source(name)
        found |= set(re.findall(r'"(swade\.powers\.[a-z_0-9.]+[a-z_0-9])"', text))
    return found


def _generated_keys() -> set[str]:
    keys = {m.key for m in POWER_MODIFIERS.values()}
    keys |= {f"swade.powers.error.modifier_needs_{m.needs}" for m in POWER_MODIFIERS.values()}
    keys |= {f"swade.powers.modifier.{x}_effect" for x in ("heavy_weapon", "selective")}
    keys |= {f"swade.powers.def.field.{f}" for f in FIELD_NAMES}
    keys |= {f"swade.powers.def.expect.{f}" for f in FIELD_NAMES}
    keys |= {f"swade.powers.power.{p.id}" for p in EXAMPLES}
    keys |= {f"swade.powers.power_choice.{p.id}" for p in EXAMPLES}
    keys |= {
        f"swade.powers.effect.{k}"
        for k in ("armor", "toughness", "parry", "pace", "glow", "shroud", "trait")
    }
    keys |= {f"swade.powers.ended.{r}" for r in ("expired", "ended", "backlash")}
    keys |= {f"swade.powers.maintained.{d}" for d in ("rounds", "until_ended")}
    keys |= {"swade.powers.cast.roll_critical", "swade.powers.heal.roll_critical"}
    return keys


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_powers_key_exists(lang: str) -> None:
    missing = sorted((_literal_keys() | _generated_keys()) - set(catalog(lang)))
    assert missing == []


def _check(key: str, params: dict[str, Any]) -> None:
    for lang in ("es", "en"):
        text = catalog(lang)[key]
        assert placeholders(text) <= set(params), (key, lang)


def dice(*values: int) -> ForcedSource:
    """Forced dice, then the seeded fallback (these runs check text, not dice)."""
    return ForcedSource(values)


def _outcomes() -> list[Event]:
    events: list[Event] = []
    st = state_of(mage(), hero("h", wounds=2), villain(), goblin())
    runs = [
        cast(st, PLAYER, dice(5, 2, 6, 3, 4), "m", "bolt", ["v"], ["heavy weapon", "range"]),
        cast(st, PLAYER, dice(1, 1), "m", "bolt", ["v"]),
        cast(st, PLAYER, dice(4, 2, 1, 1), "m", "bolt", ["g"], ["lingering", "fatigue"]),
        cast(st, PLAYER, dice(8, 1, 2), "m", "protection", ["h"], ["hasten", "shroud"]),
        cast(st, PLAYER, dice(4, 1, 3, 1), "m", "lower trait", ["v"], trait="fighting"),
        cast(st, PLAYER, dice(4, 1, 8, 1), "m", "blast", ["g", "v"], ["selective"]),
        cast(st, PLAYER, dice(6, 2), "m", "healing", ["h"]),
        heal(st, PLAYER, dice(6, 1, 2), "m", "h"),
        heal(st, PLAYER, dice(1, 1), "m", "h"),
        define_power(st, GM, "nombre: Rayo; coste: 1; éxito: daño 2d6"),
        recover_power_points(state_of(mage(power_points=1)), PLAYER, "m"),
    ]
    protected = runs[3].state
    runs.append(end_power(protected, PLAYER, "m", "1"))
    for out in runs:
        events += out.events
    return events


def test_typical_events_fill_every_placeholder_in_both_languages() -> None:
    events = _outcomes()
    assert len({e.key for e in events}) > 25
    for e in events:
        _check(e.key, e.params)
        for lang in ("es", "en"):
            assert "swade.powers." not in event_line(e, lang), (e.key, lang)


@pytest.mark.parametrize(
    "text",
    [
        "nombre: X; coste: dos; éxito: curación",
        "nombre: X; coste: 1; éxito: bailar",
        "nombre: X; coste: 1",
        "nombre X",
        "nombre: X; color: rojo",
        "nombre: X; coste: 1; éxito: armadura +2",
    ],
)
def test_definition_errors_fill_their_placeholders(text: str) -> None:
    with pytest.raises(RuleError) as err:
        parse_power_definition(text)
    _check(err.value.key, err.value.params)
