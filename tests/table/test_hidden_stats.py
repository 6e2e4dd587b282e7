"""Hidden stats (issue 18, item 7): the GM hides a combatant with ``/combatant edit
hidden:true``; every system's board then shows it in words only, results against it
still resolve, and ``/combatant show`` gives the GM its numbers privately."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.render.board import BoardContext, render_board
from tests.table.ds20.helpers import INITIATIVE, ds20_table
from tests.table.ritualhex.helpers import rh_table
from tests.table.swade.encounter_helpers import must, swade_table


async def _hide(table: OfflineTable, name: str, hidden: bool = True) -> list[SentMessage]:
    """The GM's /combatant edit hidden: a private confirmation, then the board."""
    messages = await table.run(
        f'@gm /combatant edit combatant:"{name}" hidden:{str(hidden).lower()}'
    )
    assert messages[0].ephemeral and messages[0].embeds, messages[0].text()
    return messages


def _board(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in reversed(messages) if m.kind in ("channel_edit", "channel"))


def _field(board: SentMessage, name: str) -> str:
    """The board's text for ``name``: its field (name and value), or its compact line."""
    embed = board.embeds[0]
    for f in embed.get("fields", []):
        if name in f["name"]:
            return f"{f['name']}\n{f['value']}"
    return next(line for line in embed["description"].splitlines() if name in line)


async def test_a_hidden_villain_on_the_savage_worlds_board(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        [hidden, *rest] = await _hide(table, "Jefe orco")
        assert hidden.ephemeral and "solo dice cómo está en palabras" in hidden.text()
        assert _field(_board(rest), "Jefe orco") == "Jefe orco ★\nileso"
        # A result against it still resolves (SW-12: 12 against Toughness 8, one wound).
        dealt = await must(table, '@gm /act action:daño target:"Jefe orco" value:12')
        assert "Jefe orco sufre 1 herida" in dealt[0].text()
        line = _field(_board(dealt), "Jefe orco")
        assert line == "Jefe orco ★\nherido\naturdido"
        assert not re.search(r"\d|●|Benis", line)
        # The GM sees the numbers, privately.
        card, board = await table.run('@gm /combatant show combatant:"Jefe orco"')
        assert card.ephemeral and board.ephemeral
        assert "Dureza 8" in card.text()
        assert "Heridas ●○○ · Benis 2" in _field(board, "Jefe orco")
        # Shown again.
        shown = await _hide(table, "Jefe orco", hidden=False)
        assert "Heridas ●○○ · Benis 2" in _field(_board(shown), "Jefe orco")


async def test_hidden_in_english_and_the_refusals(tmp_path: Path) -> None:
    async with swade_table(tmp_path, locale="en", strict=False) as table:
        [player] = await table.run('@ana /combatant edit combatant:"Jefe orco" hidden:true')
        assert player.ephemeral and player.text() == (
            "Only the GM hides or shows a combatant's numbers. Ask the GM"
            " (`/combatant edit hidden:true`)."
        )
        [mixed] = await table.run('@gm /combatant edit combatant:"Jefe orco" hidden:true name:Gruk')
        assert mixed.ephemeral and "`/combatant edit combatant:Gruk hidden:true`" in mixed.text()
        [peek] = await table.run('@ana /combatant show combatant:"Jefe orco"')
        assert peek.ephemeral
        await _hide(table, "Jefe orco")
        messages = await must(table, '@gm /act action:damage target:"Jefe orco" value:30')
        # The channel's board is in the language of the GM who started it (English here).
        line = _field(_board(messages), "Jefe orco")
        assert line.startswith("Jefe orco ★\nout\n"), line
        encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert encounter is not None
        embed, _ = render_board(encounter, "en", BoardContext())
        words = next(f["value"] for f in embed["fields"] if "Jefe orco" in f["name"])
        assert words.startswith("out\n") and "Incapacitated" in words
        assert not re.search(r"\d|●|Bennies", words)


async def test_a_hidden_foe_on_the_dread_s20_board(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, list(INITIATIVE)) as table:
        await _hide(table, "Bruto")
        messages = await table.run('@gm /combatant edit combatant:Bruto statblock:"Heridas: 2/1/0"')
        # The sheet card after an edit holds its numbers: the GM's alone when hidden.
        [card] = [m for m in messages if m.embeds and "Dread S-20 · PNJ" in m.text()]
        assert card.ephemeral and not messages[0].ephemeral
        line = _field(_board(messages), "Bruto")
        assert line == "Bruto · 5\nherido", line
        assert "▮" not in line and "Agotamiento" not in line
        ana = _field(_board(messages), "Ana")
        assert "R ▯▯▯▯" in ana  # the others keep their numbers


async def test_a_hidden_minion_on_the_ritual_hex_board(tmp_path: Path) -> None:
    async with rh_table(tmp_path, [], locale="en") as table:
        messages = await _hide(table, "Goblin")
        line = _field(_board(messages), "Goblin")
        assert line.endswith("Goblin\nunhurt"), line  # the GM's language: English here
        assert "AP" not in line and "💔" not in line
        assert "AP " in _field(_board(messages), "Thrall")
        cached = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert cached is not None
        encounter = cached.model_copy(deep=True)
        goblin = next(c for c in encounter.state.combatants if c.name == "Goblin")
        goblin.damage = 2  # as an attack would leave it (the renderer reads it)
        embed, _ = render_board(encounter, "en", BoardContext())
        words = next(f["value"] for f in embed["fields"] if "Goblin" in f["name"])
        assert words == "wounded"
        embed, _ = render_board(encounter, "en", BoardContext(reveal=True))
        numbers = next(f["value"] for f in embed["fields"] if "Goblin" in f["name"])
        assert "2/6" in numbers


# -- issue 27: hidden from the start and everywhere (README "Hidden combatants") ----------

README = Path(__file__).resolve().parents[2] / "README.md"
JEFE = {
    "swade": (
        "Attributes: Agility d6, Smarts d6, Spirit d8, Strength d10, Vigor d8\\n"
        "Skills: Fighting d8\\nParry: 11; Toughness: 23 (7)\\nBennies: 9\\nGear: Axe (Str+d8)"
    ),
    "ritualhex": "AP 13, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0",
    "ds20": "Skills: Pelea 10, Iniciativa 2 | Weapons: Puños 2/6 pelea",
}
ANA = {
    "swade": (
        "Ana (WC)\\nAttributes: Agility d8, Smarts d6, Spirit d8, Strength d6, Vigor d6\\n"
        "Skills: Fighting d8\\nParry: 6; Toughness: 5"
    ),
    "ritualhex": "AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0",
    "ds20": "Type: PC | Skills: Pelea 10, Acrobacia 9, Iniciativa 4 | Weapons: Puños 2/6 pelea",
}
# "all" in the README's table: the systems whose sheets are written here (a hidden
# combatant's rolls are each system's own: a new one adds its Jefe and Ana).
SYSTEMS = ("swade", "ritualhex", "ds20")
ADD_JEFE = {
    "swade": "/combatant add name:Jefe wildcard:true hidden:true statblock:SHEET",
    "ritualhex": "/combatant add name:Jefe side:foes hidden:true statblock:SHEET",
    "ds20": "/combatant add name:Jefe hidden:true statblock:SHEET",
}


@dataclass(frozen=True)
class Row:
    where: str
    command: str  # as in the README (SHEET: Jefe's sheet in the system)
    note: str
    systems: tuple[str, ...]
    public: str  # in a message everyone sees
    secret: str  # only in a private one


def read_hidden_table() -> list[Row]:
    text = README.read_text("utf-8").split("<!-- hidden:start -->")[1]
    lines = [
        line for line in text.split("<!-- hidden:end -->")[0].splitlines() if line.startswith("|")
    ]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header == ["Where", "Systems", "Command", "Players see", "Only the GM sees"], header
    rows = []
    for line in lines[2:]:
        where, systems, command, public, secret = (c.strip() for c in line.strip("|").split(" | "))
        found = re.match(r"`([^`]+)`\s*(.*)", command)
        assert found, command
        chosen = SYSTEMS if systems == "all" else tuple(s.strip() for s in systems.split(","))
        rows.append(Row(where, found[1], found[2], chosen, public.strip("`"), secret.strip("`")))
    return rows


HIDDEN_ROWS = read_hidden_table()


async def _hidden_table(tmp_path: Path, system: str, row: Row) -> OfflineTable:
    table = OfflineTable(db_path=tmp_path / "h.sqlite3", seed=3, locale="en")
    await table.__aenter__()
    lines = [
        f"@gm /encounter start system:{system} name:Crypt",
        f'@ana /character save name:Ana system:{system} statblock:"{ANA[system]}"',
        "@ana /join character:Ana",
    ]
    if "/combatant add" not in row.command:
        lines.append("@gm " + ADD_JEFE[system].replace("SHEET", f'"{JEFE[system]}"'))
    if system == "swade" and "(none open)" not in row.note:
        lines.append("@gm /bennies session-start")
    if system == "ds20" and "/attack" in row.command:
        lines += ["@gm /initiative roll", "@gm /next", "@gm /next"]  # Ana, then Jefe
    for line in lines:
        sent = await table.run(line)
        refused = [m.text() for m in sent if m.ephemeral and line.startswith("@gm /encounter")]
        assert not refused, (line, refused)
    return table


@pytest.mark.parametrize(
    ("row", "system"),
    [pytest.param(r, s, id=f"{s}:{r.where}") for r in HIDDEN_ROWS for s in r.systems],
)
async def test_every_row_of_the_hidden_table(tmp_path: Path, row: Row, system: str) -> None:
    table = await _hidden_table(tmp_path, system, row)
    try:
        command = row.command.replace("SHEET", f'"{JEFE[system]}"')
        sent = await table.run(f"@gm {command}")
        public = [m.text() for m in sent if not m.ephemeral]
        private = [m.text() for m in sent if m.ephemeral]
        assert any(row.public in text for text in public), (row.public, public)
        assert any(row.secret in text for text in private), (row.secret, private)
        assert not any(row.secret in text for text in public), (row.secret, public)
    finally:
        await table.close()


def test_the_hidden_table_covers_what_issue_27_names() -> None:
    where = " ".join(r.where + " " + r.command for r in HIDDEN_ROWS)
    for needed in (
        "board",
        "rolls",
        "/bennies show",
        "session's start",
        "spends",
        "/bennies history",
        "/hex round",
        "end summary",
        "hidden:true",
    ):
        assert needed in where, needed
    assert {s for r in HIDDEN_ROWS if "end summary" in r.where for s in r.systems} == {
        "ritualhex",
        "ds20",
    }
