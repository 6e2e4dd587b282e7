"""Issue 21, no spoofing: what a user types is shown as typed. A name that reads like a
catalogue key (``encounter.none``) is never replaced by the bot's own text, in results
or in errors; only parameters a template marks ``{param:key}`` are looked up."""

from __future__ import annotations

import json
from pathlib import Path

from bot.i18n import catalog, t
from bot.i18n.message import marked
from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import GOBLIN, must

KEY_NAME = "encounter.none"  # a real catalogue key, typed as a name


def _text(messages: list) -> str:
    return "\n".join(m.text() for m in messages)


async def test_a_name_equal_to_a_catalogue_key_is_shown_as_typed(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "s.sqlite3", seed=1) as table:
        await must(table, "@gm /encounter start")
        added = await must(table, f'@gm /combatant add name:"{KEY_NAME}" statblock:"{GOBLIN}"')
        text = _text(added)
        assert KEY_NAME in text
        assert t(KEY_NAME, "es") not in text


async def test_an_error_echoing_typed_text_does_not_look_it_up(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "s.sqlite3", seed=1) as table:
        await must(table, "@gm /encounter start")
        [reply] = await table.run('@gm /combatant remove combatant:"word.yes"')
        assert reply.ephemeral
        assert "word.yes" in reply.text()
        assert t("word.yes", "es") + "»" not in reply.text()


async def test_marked_parameters_are_still_translated(tmp_path: Path) -> None:
    """``{system:key}``: the code's catalogue key becomes the system's name."""
    async with OfflineTable(db_path=tmp_path / "s.sqlite3", seed=1) as table:
        await must(table, "@gm /encounter start system:ds20")
        [reply] = await table.run("@gm /deal")
        assert t("system.ds20", "es") in reply.text()
        assert "system.ds20" not in reply.text()


def test_key_markers_match_across_languages() -> None:
    es, en = catalog("es"), catalog("en")
    assert [k for k in es if k in en and marked(es[k]) != marked(en[k])] == []


def test_t_looks_up_only_marked_parameters() -> None:
    assert json.dumps(t("command.not_in_system", "en", command="/deal", system="system.ds20"))
    assert t("command.not_in_system", "en", command="/deal", system="system.ds20") == (
        f"/deal does not exist in {t('system.ds20', 'en')}: `/help` lists each system's commands."
    )
    assert t("encounter.undone", "en", what="encounter.none") == "Undone: encounter.none."


# -- names are plain text, unique by their folded form, never an id's form ------------


async def _combatants(table: OfflineTable) -> list[str]:
    encounter = await table.bot.encounters.get(table.channel_id)
    return [c.name for c in encounter.state.combatants]


async def _refused(table: OfflineTable, user: str, path: list[str], values: dict) -> str:
    before = await _combatants(table)
    messages = await table.run_raw(user, path, values)
    assert len(messages) == 1 and messages[0].ephemeral, [m.text() for m in messages]
    assert await _combatants(table) == before
    return messages[0].text()


async def test_markup_links_and_mentions_in_a_name_are_refused_naming_the_character(
    tmp_path: Path,
) -> None:
    async with OfflineTable(db_path=tmp_path / "s.sqlite3", seed=1) as table:
        await must(table, "@gm /encounter start")
        add = ["combatant", "add"]
        text = await _refused(
            table, "gm", add, {"name": "[Beni gratis](https://x.example)", "statblock": GOBLIN}
        )
        assert "U+005B" in text and "[" in text
        text = await _refused(table, "gm", add, {"name": "<@123456789>", "statblock": GOBLIN})
        assert "U+003C" in text
        text = await _refused(table, "gm", add, {"name": "# Ana ha muerto", "statblock": GOBLIN})
        assert "U+0023" in text
        text = await _refused(table, "gm", add, {"name": "**Jefe**", "statblock": GOBLIN})
        assert "U+002A" in text


async def test_line_breaks_and_invisible_characters_never_reach_the_name(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "s.sqlite3", seed=1) as table:
        await must(table, "@gm /encounter start")
        messages = await table.run_raw(
            "gm",
            ["combatant", "add"],
            {"name": "\u200b\u202eOrco\nJefe\u2066", "statblock": GOBLIN.replace("\\n", "\n")},
        )
        assert not messages[0].ephemeral, messages[0].text()
        assert await _combatants(table) == ["Orco Jefe"]


async def test_a_look_alike_name_is_the_same_name(tmp_path: Path) -> None:
    """``Jefe orco`` + a zero-width space, or with other case and accents, is taken."""
    async with OfflineTable(db_path=tmp_path / "s.sqlite3", seed=1) as table:
        await must(table, "@gm /encounter start system:ritualhex")
        sheet = "AP 9, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0"
        await must(table, f'@gm /combatant add name:"Jefe orco" statblock:"{sheet}"')
        add = ["combatant", "add"]
        text = await _refused(table, "gm", add, {"name": "Jefe orco\u200b", "statblock": sheet})
        assert "Jefe orco" in text
        text = await _refused(table, "gm", add, {"name": "JEFE ÓRCO", "statblock": sheet})
        assert "Jefe orco" in text


async def test_a_name_in_the_form_of_an_id_is_refused(tmp_path: Path) -> None:
    """``c5`` is looked up as an id first: a combatant called so could not be named."""
    async with OfflineTable(db_path=tmp_path / "s.sqlite3", seed=1, locale="en") as table:
        await must(table, "@gm /encounter start system:ds20")
        sheet = "Aptitudes: Fortaleza 11, Pelea 10 | Armas: Puños 2/6 pelea"
        text = await _refused(table, "gm", ["combatant", "add"], {"name": "C5", "statblock": sheet})
        assert "internal id" in text


async def test_character_and_encounter_names_are_plain(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "s.sqlite3", seed=1) as table:
        [reply] = await table.run('@gm /encounter start name:"[Pulsa](https://x.example)"')
        assert reply.ephemeral and "U+005B" in reply.text()
        assert await table.bot.encounters.get(table.channel_id) is None
        [reply] = await table.run(f'@ana /character save name:"Ana`s" statblock:"{GOBLIN}"')
        assert reply.ephemeral and "U+0060" in reply.text()
