"""Every ds20 key the rules can emit is in both catalogues, with the same placeholders (a
gender select may be one language's alone, as ``tests/foundation/test_i18n.py`` says:
English "her turn", Spanish "su turno")."""

from __future__ import annotations

import json
import re
from itertools import product
from pathlib import Path

from bot.i18n.message import compile_message, placeholders

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "bot" / "systems" / "ds20"
LOCALES = ROOT / "bot" / "i18n" / "locales"

# What each f-string part can become.
EXPANSIONS = {
    "result_suffix": ["success", "failure", "spectacular", "disaster"],
    "'success'": ["success", "failure"],
    "kind": ["dodge", "block", "none"],
    "maneuver": ["grapple", "knock_down"],
    "ref": ["fortaleza", "armas_cc", "iniciativa"],  # bot.systems.ds20.words.SKILL_IDS
    "part": ["cabeza", "brazos"],  # ds20.armor.{part}
    "field": ["nombre", "armas"],  # ds20.statline.field.{field}
    "expected": ["score", "weapon"],  # ds20.statline.example.{expected}
    "weapon_kind": ["pelea", "cc", "fuego"],
}
NOT_TEXT = {"ds20.defend"}  # an Offer action id, not a message


def _expand(template: str) -> list[str]:
    parts = re.split(r"\{([^}]*)\}", template)
    options: list[list[str]] = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            options.append([part])
        else:
            head = next(k for k in EXPANSIONS if part.startswith(k))
            options.append(EXPANSIONS[head])
    return ["".join(combo) for combo in product(*options)]


def emitted_keys() -> set[str]:
    keys: set[str] = set()
    for path in RULES.glob("*.py"):
        for f, text in re.findall(r"(f?)\"(ds20\.[^\"]*)\"", path.read_text("utf-8")):
            keys.update(_expand(text) if f else [text])
    # "none" is answered without a roll: no ds20.defence.none.<result>
    return {k for k in keys - NOT_TEXT if not k.startswith("ds20.defence.none.")}


def catalogue(lang: str) -> dict[str, str]:
    """The system's texts: ds20.json and its feature files (ds20.pending.json...)."""
    found: dict[str, str] = {}
    for path in sorted((LOCALES / lang).glob("ds20*.json")):
        found.update(json.loads(path.read_text("utf-8")))
    return found


def test_every_emitted_key_is_in_both_languages() -> None:
    keys = emitted_keys()
    assert len(keys) > 100
    for lang in ("es", "en"):
        missing = sorted(k for k in keys if k not in catalogue(lang))
        assert missing == [], lang


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    es, en = catalogue("es"), catalogue("en")
    assert set(es) == set(en)
    for key in es:
        assert _fields(es[key]) == _fields(en[key]), key


def _fields(text: str) -> set[str]:
    """What a text shows or counts (:func:`placeholders` less its selects)."""
    selects = {k for k, how in compile_message(text).arguments().items() if how == "select"}
    return placeholders(text) - selects
