"""Replies at Discord's limits (issue 15), through the offline table: the real command tree
and cogs, a real SQLite file, and the recorder refusing what Discord refuses (a refusal
fails the test when the table closes). Names are the longest the commands accept today:
80 characters for a saved character, 60 for a combatant (40 in Ritual Hex), numbered
"… 40" by ``count``."""

from __future__ import annotations

import re
from pathlib import Path

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.render import limits as L

ATTRIBUTES = "Atributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6"


def long_name(prefix: str, size: int) -> str:
    """``prefix`` padded with words to exactly ``size`` characters."""
    words = " de la Orden del Grial Negro y Guardiana del Paso Helado de Montenegro"
    return (prefix + words * 3)[:size].rstrip().ljust(size, "x")


def everything(messages: list[SentMessage]) -> str:
    return "\n".join(m.text() for m in messages)


def times_named(name: str, text: str) -> int:
    """How often ``name`` appears as itself ("Goblin 1", not inside "Goblin 12")."""
    return len(re.findall(re.escape(name) + r"(?!\d)", text))


def assert_within_limits(messages: list[SentMessage]) -> None:
    """Belt and braces: the recorder refuses these already (and the table would fail)."""
    for m in messages:
        assert len(m.content) <= L.CONTENT
        assert sum(L.embed_size(e) for e in m.embeds) <= L.TOTAL
        assert all(L.within_limits(e) for e in m.embeds)


async def test_character_list_with_fifty_characters_of_eighty_character_names(
    table: OfflineTable,
) -> None:
    names = [long_name(f"{i:02d} Sir", 80) for i in range(50)]
    assert all(len(n) == 80 for n in names)
    for name in names:
        saved = await table.run(
            f'@ana /character save name:"{name}" system:swade statblock:"{ATTRIBUTES}"'
        )
        assert saved[0].ephemeral and "guard" in saved[0].content.lower()
    listed = await table.run("@ana /character list")
    assert_within_limits(listed)
    assert all(m.ephemeral for m in listed)
    shown = everything(listed)
    assert all(name in shown for name in names), "every saved character is listed"
    assert len(listed) == 1, "fifty characters fit one message (in fields)"


async def _forty_fallen_wild_cards(table: OfflineTable) -> list[str]:
    base = long_name("Campeón", 57)
    await table.run("@gm /encounter start system:swade")
    add = await table.run(
        f'@gm /combatant add name:"{base}" count:40 wildcard:true '
        f'statblock:"{ATTRIBUTES}\\nHabilidades: Pelear d6\\nBenis: 1"'
    )
    assert not add[0].ephemeral, add[0].text()
    names = [f"{base} {i}" for i in range(1, 41)]
    assert all(len(n) <= 60 for n in names)
    started = await table.run("@gm /bennies session-start")
    assert not started[0].ephemeral, started[0].text()
    for name in names:
        spent = await table.run(f'@gm /bennies spend use:story combatant:"{name}"')
        assert not spent[0].ephemeral, spent[0].text()
        down = await table.run(f'@gm /condition add combatant:"{name}" condition:incapacitado')
        assert not down[0].ephemeral, down[0].text()
    return names


async def test_swade_encounter_end_with_forty_wild_cards_keeps_the_whole_summary(
    tmp_path: Path,
) -> None:
    async with OfflineTable(db_path=tmp_path / "end.sqlite3", seed=1) as table:
        names = await _forty_fallen_wild_cards(table)
        ended = await table.run("@gm /encounter end")
        assert_within_limits(ended)
        summary = everything(ended)
        # Each name twice: among the fallen and among the bennies spent.
        assert all(times_named(name, summary) == 2 for name in names), "nothing is lost"
        assert re.search(r"\b40\b", summary), "the bennies total (40) is there"
        assert table.bot is not None
        assert await table.bot.encounters.get(table.channel_id) is None, "the encounter ended"


async def test_bennies_show_and_history_with_forty_wild_card_pools(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "pools.sqlite3", seed=1) as table:
        names = await _forty_fallen_wild_cards(table)
        shown = await table.run("@gm /bennies show")
        assert_within_limits(shown)
        assert all(times_named(name, everything(shown)) >= 1 for name in names)
        history = await table.run("@gm /bennies history")  # the newest 20 entries
        assert_within_limits(history)
        assert times_named(names[-1], everything(history)) >= 1


MINION = "AP 11, HP 4, Str 1, Def 0, Per 1, Mag 0, DR 0"


async def test_ritualhex_next_status_with_eighty_minions_names_them_all(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "rh.sqlite3", seed=3) as table:
        await table.run("@gm /encounter start system:ritualhex")
        hero = await table.run(
            '@gm /combatant add name:"Red Haggar" side:heroes controller:@ana '
            'statblock:"AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0"'
        )
        assert not hero[0].ephemeral, hero[0].text()
        bases = [long_name("Esbirro", 37), long_name("Acólito", 37)]  # Ritual Hex: 40 at most
        for base in bases:
            added = await table.run(
                f'@gm /combatant add name:"{base}" side:foes count:40 statblock:"{MINION}"'
            )
            assert not added[0].ephemeral, added[0].text()
        minions = [f"{base} {i}" for base in bases for i in range(1, 41)]
        await table.run("@gm /hex round")
        attacked = await table.run(f'@ana /attack target:"{minions[0]}"')
        assert not attacked[0].ephemeral, attacked[0].text()
        status = await table.run("@gm /next")
        assert_within_limits(status)
        shown = everything(status)
        assert all(times_named(name, shown) >= 1 for name in minions), "every minion is named"


async def test_an_error_echoing_a_4000_character_line_fits_and_keeps_both_ends(
    table: OfflineTable,
) -> None:
    line = "Zorro veloz " * 333 + "abcd"
    assert len(line) == 4000
    for system in ("ritualhex", "ds20"):
        refused = await table.run(
            f'@ana /character save name:Zed system:{system} statblock:"{line}"'
        )
        assert len(refused) == 1 and refused[0].ephemeral
        text = refused[0].content
        assert len(text) <= L.CONTENT
        assert "Zorro veloz Zorro" in text and "abcd" in text, "the start and the end stay"
        assert "caracteres más" in text, "what was left out is said"


async def test_a_long_hex_definition_echoed_in_its_error_fits(table: OfflineTable) -> None:
    await table.run("@gm /encounter start system:ritualhex")
    [refused] = await table.run('@gm /hex define text:"nombre: ' + "x" * 1990 + '"')
    assert refused.ephemeral and len(refused.content) <= L.CONTENT
    assert refused.content.startswith("Línea 1")


async def test_a_saved_character_of_4000_characters_is_shown_whole(table: OfflineTable) -> None:
    name = long_name("Sir", 80)
    sheet = ATTRIBUTES + "\\nVentajas: " + ", ".join(["Alerta"] * 489)
    assert 3900 < len(sheet) <= 4000  # the option's limit, as typed
    saved = await table.run(f'@ana /character save name:"{name}" system:swade statblock:"{sheet}"')
    assert saved[0].ephemeral and "guardado" in saved[0].content
    shown = await table.run(f'@ana /character show name:"{name}"')
    assert_within_limits(shown)
    text = everything(shown)
    assert name in text and text.count("Alerta") == 489, "the whole stat block is shown"


async def test_a_roll_with_the_longest_expression_and_label_fits(table: OfflineTable) -> None:
    expression = "1d6+" * 74 + "1d6"
    assert len(expression) <= 300
    rolled = await table.run(f"@ana /roll expression:{expression} label:{'L' * 100}")
    assert_within_limits(rolled)
    assert not rolled[0].ephemeral and rolled[0].embeds[0]["title"] == "L" * 100
