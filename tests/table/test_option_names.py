"""A refusal that names an option names it as the reader's Discord shows it: ``bloque``
and ``distancia`` in Spanish, ``statblock`` and ``distance`` in English, never the
English name in a Spanish reply. Every system's "option does not exist here", the /act
verbs' "does not use the option", and the value Discord would have refused (a payload
out of an option's choices or range). Through the real command tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable

SW_ORC = (
    "Attributes: Agility d6, Smarts d4, Spirit d6, Strength d8, Vigor d8\\n"
    "Skills: Fighting d6\\nParry: 5; Toughness: 6"
)
RH_GOB = "AP 6, HP 4, Str 1\\nparts: head, torso\\nlimbs: hand x2, feet"
DS_THUG = "Aptitudes: Pelea 10, Iniciativa 2 | Armas: Puños 2/6 pelea"

CASES = [
    # (system setup, line, Spanish words, English words)
    (
        ["@gm /encounter start name:C", f'@gm /combatant add name:Orc statblock:"{SW_ORC}"'],
        "@gm /attack target:Orc actor:Orc distance:5",
        "La opción «distancia» no existe en Savage Worlds.",
        "The option “distance” does not exist in Savage Worlds.",
    ),
    (
        [
            "@gm /encounter start system:ritualhex name:C",
            f'@gm /combatant add name:Gob side:foes statblock:"{RH_GOB}"',
        ],
        "@gm /attack target:Gob gangup:2",
        "La opción «superioridad_numérica» no existe en Ritual Hex.",
        "The option “gangup” does not exist in Ritual Hex.",
    ),
    (
        [
            "@gm /encounter start system:ritualhex name:C",
            f'@gm /combatant add name:Gob side:foes statblock:"{RH_GOB}"',
            "@gm /hex round",
        ],
        "@gm /act action:Esperar target:Gob actor:Gob",
        "Esperar no usa la opción «objetivo».",
        "Wait does not use the option “target”.",
    ),
    (
        [
            "@gm /encounter start system:ds20 name:C",
            f'@gm /combatant add name:Thug statblock:"{DS_THUG}"',
        ],
        "@gm /attack target:Thug actor:Thug range:short",
        "La opción «alcance» no existe en Dread S-20.",
        "The option “range” does not exist in Dread S-20.",
    ),
]


@pytest.mark.parametrize("locale", ["es", "en"])
@pytest.mark.parametrize(("setup", "line", "es", "en"), CASES)
async def test_a_refused_option_is_named_in_the_readers_language(
    tmp_path: Path, locale: str, setup: list[str], line: str, es: str, en: str
) -> None:
    async with OfflineTable(db_path=tmp_path / "o.sqlite3", locale=locale) as table:
        for before in setup:
            await table.run(before)
        [refused] = await table.run(line)
        assert refused.ephemeral
        assert (es if locale == "es" else en) in (refused.content or ""), refused.content


@pytest.mark.parametrize(
    ("locale", "values", "said"),
    [
        ("es", {"expression": "s8", "tn": 5000}, "«vo» debe estar entre -1000 y 1000."),
        ("en", {"expression": "s8", "tn": 5000}, "“tn” must be between -1000 and 1000."),
    ],
)
async def test_a_value_discord_would_refuse_names_the_option_as_shown(
    tmp_path: Path, locale: str, values: dict[str, object], said: str
) -> None:
    async with OfflineTable(db_path=tmp_path / "r.sqlite3", locale=locale) as table:
        [refused] = await table.run_raw("gm", ["roll"], values)
        assert refused.ephemeral and said in (refused.content or ""), refused.content


@pytest.mark.parametrize(
    ("locale", "command", "values", "page"),
    [
        ("es", ["roll"], {"expression": "s8", "tn": 5000}, "/ayuda orden:tirar"),
        ("en", ["roll"], {"expression": "s8", "tn": 5000}, "/help command:roll"),
        ("es", ["character", "save"], {"name": "x" * 81}, '/ayuda orden:"personaje guardar"'),
        ("en", ["character", "save"], {"name": "x" * 81}, '/help command:"character save"'),
    ],
)
async def test_a_value_discord_would_refuse_points_to_its_commands_help_page(
    tmp_path: Path, locale: str, command: list[str], values: dict[str, object], page: str
) -> None:
    """Not a bare `/help command:`: the page of the command it was refused in, as the
    reader types it, and that page opens."""
    async with OfflineTable(db_path=tmp_path / "r.sqlite3", locale=locale) as table:
        [refused] = await table.run_raw("gm", command, values)
        assert refused.ephemeral and f"`{page}`" in (refused.content or ""), refused.content
        [shown] = await table.run(f"@gm {page}")
        assert shown.embeds, shown.text()
