"""Hidden stats (issue 18, item 7): the GM hides a combatant with ``/combatant edit
hidden:true``; every system's board then shows it in words only, results against it
still resolve, and ``/combatant show`` gives the GM its numbers privately."""

from __future__ import annotations

import re
from pathlib import Path

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.render.board import BoardContext, render_board
from tests.cogs.ds20.helpers import INITIATIVE, ds20_table
from tests.cogs.ritualhex.helpers import rh_table
from tests.cogs.swade.encounter_helpers import must, swade_table


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
