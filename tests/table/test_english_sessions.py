"""Issue 29: a Ritual Hex fight (the seed's worked example, RH-8) and a Dread S-20 fight
played entirely in English, every part, limb, action, reaction, score, weapon kind and
armour part named in English, end exactly as the Spanish ones do: the same state, bar
the names the scripts invent (a "Rata" is a "Rat"), after the same forced dice, with the
same refusals."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.play.table import OfflineTable
from tests.table.example_scripts import documented_dice

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
PAIRS = [
    pytest.param(
        "ritualhex-fight.txt",
        "ritualhex-fight-en.txt",
        {
            "La cripta": "The crypt",
            "Rata": "Rat",
            "Escudo": "Shield",
            "Mordisco": "Bite",
            "cuerpo": "body",
            "patas": "paws",
        },
        id="ritualhex",
    ),
    pytest.param(
        "ds20-fight.txt",
        "ds20-fight-en.txt",
        {
            "La bodega": "The cellar",
            "Matón": "Thug",
            "Puños": "Fists",
            "Cuchillo": "Knife",
            "Pistola": "Pistol",
            "Bate": "Bat",
        },
        id="ds20",
    ),
]
# As each sheet wrote its scores ("Fortaleza 12", "Fortitude 12"): shown, never read.
WRITTEN = {"score_names"}


def _same_names(value: Any, names: dict[str, str]) -> Any:
    """``value`` with the Spanish script's invented names as the English one calls them."""
    if isinstance(value, dict):
        return {k: _same_names(v, names) for k, v in value.items() if k not in WRITTEN}
    if isinstance(value, list):
        return [_same_names(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


async def _play(tmp_path: Path, script: Path, lang: str) -> tuple[dict[str, Any], list[str]]:
    """The state at the end of the fight (before ``/encounter end``), and what was refused."""
    text = script.read_text("utf-8")
    lines = [
        x for x in text.splitlines() if not re.search(r"/(encuentro terminar|encounter end)", x)
    ]
    refused: list[str] = []
    async with OfflineTable(
        db_path=tmp_path / f"{lang}.sqlite3",
        dice=documented_dice(script),
        strict_dice=True,
        locale=lang,
    ) as table:
        for line in lines:
            for message in await table.run(line):
                if message.ephemeral and not re.search(r"guardad|saved", message.text()):
                    refused.append(message.text())
        encounter = await table.bot.encounters.get(table.channel_id)
        assert table.dice.forced is not None and table.dice.forced.remaining == 0
    assert encounter is not None
    return encounter.state.model_dump(mode="json"), refused


@pytest.mark.parametrize(("spanish", "english", "names"), PAIRS)
async def test_the_english_fight_ends_as_the_spanish_one(
    tmp_path: Path, spanish: str, english: str, names: dict[str, str]
) -> None:
    (tmp_path / "es").mkdir()
    (tmp_path / "en").mkdir()
    es_state, es_refused = await _play(tmp_path / "es", EXAMPLES / spanish, "es")
    en_state, en_refused = await _play(tmp_path / "en", EXAMPLES / english, "en")
    assert len(es_refused) == len(en_refused) == 1, (es_refused, en_refused)
    es_seen, en_seen = _same_names(es_state, names), _same_names(en_state, {})
    assert es_seen == en_seen, "\n".join(_diff(es_seen, en_seen))


def _diff(a: Any, b: Any, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in a.keys() | b.keys() for d in _diff(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [
            d
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for d in _diff(x, y, f"{path}[{i}]")
        ]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]
