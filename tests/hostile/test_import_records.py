"""Issue 28: an import smuggled unbounded state through the records a benny reroll or a
soak restores (``last_attack.before``, ``last_hit``...), which the import's check never
read. One crafted file, imported by a plain member into a channel of their own (no
session needed: a GM Wild Card pays with its own benny), then gave a combatant 2×10^7
wound boxes through a reroll (54 s of CPU, the whole bot frozen 67 s, every board after
it 41-44 s), a markup name (``[Free bennies](…) @everyone``), 999,998 bennies, Fighting
d12+10^12, and rewrote a neighbour as dead. Every value that can reach the state now
passes the bounds of the command that would make it: the import refuses each record,
naming where; and a restore never trusts a record, so a state saved before this check
is refused at the reroll. On both engines, through the offline table."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.play.table import OfflineTable
from bot.systems.encounter import Encounter
from tests.hostile.test_bounds import SWADE, refused
from tests.table.swade.encounter_helpers import must

MALLORYS = 1_100_000_000_000_000_555  # a channel of Mallory's, a plain member
MARKUP = "[Free bennies](https://x.example) @everyone"


@pytest.fixture
def table(engine_table: OfflineTable) -> OfflineTable:
    """The offline table on each engine; the GM (Manage Server) types first."""
    return engine_table


async def exported(table: OfflineTable) -> dict[str, Any]:
    """A fight with a record of each kind to craft from: the Jefe (a GM Wild Card with
    2 bennies, c2) attacked Ana (c1); Vecino (c3) stands by."""
    await must(table, "@gm /encounter start name:Cripta")
    await must(table, f'@gm /combatant add name:Ana statblock:"{SWADE}"')
    await must(table, f'@gm /combatant add name:Jefe wildcard:true statblock:"{SWADE}\\nBenis: 2"')
    await must(table, f'@gm /combatant add name:Vecino statblock:"{SWADE}"')
    await must(table, "@gm /initiative set combatant:Jefe card:AS")
    await must(table, "@gm /deal")
    await must(table, "@gm /attack target:Ana actor:Jefe")
    await table.run("@gm /encounter export")
    _, blob = table.recorder.files[-1]
    return json.loads(blob)


def jefe(data: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in data["encounter"]["state"]["combatants"] if c["name"] == "Jefe")


def crafted(data: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    change(data)
    return data


def in_jefes_copy(**fields: Any) -> Callable[[dict[str, Any]], None]:
    """The Jefe's copy of itself in its last attack (what a reroll puts back)."""

    def change(data: dict[str, Any]) -> None:
        jefe(data)["last_attack"]["before"]["c2"].update(fields)

    return change


def fighting(data: dict[str, Any]) -> None:
    jefe(data)["last_attack"]["before"]["c2"]["skills"]["fighting"] = {"die": 12, "bonus": 10**12}


def neighbour_dead(data: dict[str, Any]) -> None:
    vecino = data["encounter"]["state"]["combatants"][2]
    jefe(data)["last_attack"]["before"]["c3"] = {**vecino, "dead": True, "incapacitated": True}


def huge_hit(data: dict[str, Any]) -> None:
    """A hit on the Jefe (a Wild Card, who may soak with its own benny)."""
    jefe(data)["last_hit"] = {
        "attacker_id": "c2", "damage": 9, "toughness": 6, "wounds": 20_000_000,
        "shaken": True, "outcome": "wounded", "soaked": 0, "before": {"wounds": 0},
    }  # fmt: skip


def hit_copy_of_max_wounds(data: dict[str, Any]) -> None:
    huge_hit(data)
    jefe(data)["last_hit"].update(wounds=1, before={"max_wounds": 20_000_000})


def many_trait_dice(data: dict[str, Any]) -> None:
    jefe(data)["last_trait"] = {
        "roll": 1, "trait": "swade.combat.skill.notice", "label": None, "modifiers": [],
        "hook": {"kind": "trait", "die": 6, "modifier": 0, "bonus": 0, "tn": 4, "wild_die": 6,
                 "trait_dice": 10_000_000, "previous_total": 3, "rerollable": True},
    }  # fmt: skip


def many_results(data: dict[str, Any]) -> None:
    roll = jefe(data)["last_attack"]["roll"]
    roll["results"] = roll["results"] * 100


def huge_record(data: dict[str, Any]) -> None:
    jefe(data)["last_attack"]["params"]["padding"] = [list(range(1000)) for _ in range(30)]


def huge_power_damage(data: dict[str, Any]) -> None:
    """Issue 30: a power's damage, which a benny's damage reroll keeps when it is better."""
    jefe(data)["last_maneuver"] = {
        "action": "cast", "params": {}, "involved": ["c2"], "before": {}, "rolls": [],
        "damage": [{"who": "c2", "total": 10**9, "view": {}}],
    }  # fmt: skip


CASES = [
    ("2×10^7 wound boxes", in_jefes_copy(max_wounds=20_000_000), "c2.max_wounds", "0..10"),
    ("a markup name", in_jefes_copy(name=MARKUP), "before.c2.name", "Discord"),
    ("999,998 bennies", in_jefes_copy(bennies=999_998), "c2.bennies", "0..99"),
    ("Fighting d12+10^12", fighting, "skills.fighting.bonus", "-4..20"),
    ("a neighbour rewritten as dead", neighbour_dead, "last_attack.before.c3", "esa tirada"),
    ("a hit of 2×10^7 wounds", huge_hit, "last_hit.wounds", "0..999"),
    ("a hit putting back max_wounds", hit_copy_of_max_wounds, "last_hit.before.max_wounds", ""),
    ("10^7 trait dice to reroll", many_trait_dice, "last_trait.hook.trait_dice", "1..6"),
    ("100 attack dice", many_results, "last_attack.roll.results", "≤ 6"),
    ("a record of 30,000 values", huge_record, "last_attack ", "≤ 20000"),
    ("a power's damage of 10^9", huge_power_damage, "last_maneuver.damage[0].total", "10000"),
]


async def imported_by_mallory(table: OfflineTable, tmp_path: Path, data: dict[str, Any]) -> str:
    """Mallory imports ``data`` into a channel of her own: one private reply."""
    table.channel_id = MALLORYS
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(data))
    messages = await table.run(f"@mallory /encounter import file:{path}")
    assert len(messages) == 1 and messages[0].ephemeral, [m.text() for m in messages]
    assert await table.bot.encounters.get(MALLORYS) is None
    return messages[0].text()


@pytest.mark.parametrize(("what", "change", "path", "expected"), CASES, ids=[c[0] for c in CASES])
async def test_an_import_carrying_a_crafted_record_is_refused(
    table: OfflineTable, tmp_path: Path, what: str, change: Any, path: str, expected: str
) -> None:
    data = await exported(table)
    text = await imported_by_mallory(table, tmp_path, crafted(data, change))
    assert "no es un encuentro válido" in text and path in text and expected in text, text


async def test_the_unchanged_file_imports(table: OfflineTable, tmp_path: Path) -> None:
    """The control: the same file, not crafted, is an encounter (its records pass)."""
    data = await exported(table)
    table.channel_id = MALLORYS
    path = tmp_path / "fine.json"
    path.write_text(json.dumps(data))
    await must(table, f"@mallory /encounter import file:{path}")
    await must(table, "@mallory /bennies spend use:reroll combatant:Jefe")  # its own benny


async def stored_before_the_check(table: OfflineTable, data: dict[str, Any]) -> None:
    """``data``'s encounter put in Mallory's channel as an import did before issue 28
    (nothing read its records), as if it had been saved then."""
    encounter = Encounter.model_validate(
        {**data["encounter"], "channel_id": MALLORYS, "gm_id": table.user("mallory").id}
    )
    await table.bot.encounters.replace(encounter, table.user("mallory").id)
    table.channel_id = MALLORYS


@pytest.mark.parametrize(
    ("what", "change", "path"),
    [
        ("2×10^7 wound boxes", in_jefes_copy(max_wounds=20_000_000), "max_wounds"),
        ("a markup name, 999,998 bennies", in_jefes_copy(bennies=999_998), "bennies"),
        ("Fighting d12+10^12", fighting, "fighting"),
        ("a neighbour rewritten as dead", neighbour_dead, "before.c3"),
    ],
    ids=["boxes", "bennies", "fighting", "neighbour"],
)
async def test_a_reroll_never_restores_a_crafted_record_saved_before(
    table: OfflineTable, what: str, change: Any, path: str
) -> None:
    data = await exported(table)
    await stored_before_the_check(table, crafted(data, change))
    text = await refused(table, "@mallory /bennies spend use:reroll combatant:Jefe")
    assert "No se puede repetir la tirada de Jefe" in text and path in text, text


async def test_a_soak_never_restores_a_crafted_hit_saved_before(table: OfflineTable) -> None:
    data = await exported(table)
    await stored_before_the_check(table, crafted(data, huge_hit))
    text = await refused(table, "@mallory /react soak actor:Jefe")
    assert "last_hit.wounds" in text and "0..999" in text, text


async def test_the_refusal_is_in_english_too(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "en.sqlite3", seed=5, locale="en") as table:
        table.user("gm")
        data = await exported(table)
        await stored_before_the_check(table, crafted(data, in_jefes_copy(bennies=999_998)))
        text = await refused(table, "@mallory /bennies spend use:reroll combatant:Jefe")
        assert text.startswith("Jefe's roll cannot be rerolled"), text
        assert "0..99" in text and "999998" in text
