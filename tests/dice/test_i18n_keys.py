"""Every DiceError key raised in bot/dice exists in both catalogues with its params."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.i18n.message import placeholders

ROOT = Path(__file__).resolve().parents[2]
DICE = ROOT / "bot" / "dice"
LOCALES = ROOT / "bot" / "i18n" / "locales"


def _catalogue(lang: str) -> dict[str, str]:
    return json.loads((LOCALES / lang / "dice.json").read_text(encoding="utf-8"))


def _used_keys() -> dict[str, set[str]]:
    used: dict[str, set[str]] = {}
    pattern = re.compile(
        r'(?:DiceError|super\(\)\.__init__)\(\s*"(dice\.[a-z_]+)"((?:[^()]|\([^()]*\))*)\)'
    )
    for path in DICE.glob("*.py"):
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            params = set(re.findall(r"\b([a-z_]+)=", m[2]))
            used.setdefault(m[1], set()).update(params)
    return used


def test_keys_found() -> None:
    assert "dice.too_many_dice" in _used_keys()


def test_every_used_key_in_both_languages_with_known_placeholders() -> None:
    for lang in ("es", "en"):
        cat = _catalogue(lang)
        for key, params in _used_keys().items():
            assert key in cat, (lang, key)
            fields = placeholders(cat[key])
            assert fields <= params, (lang, key, fields - params)


def test_both_languages_have_the_same_keys() -> None:
    assert set(_catalogue("es")) == set(_catalogue("en"))
