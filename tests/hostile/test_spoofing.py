"""Issue 21, no spoofing: what a user types is shown as typed. A name that reads like a
catalogue key (``encounter.none``) is never replaced by the bot's own text, in results
or in errors; only parameters a template marks ``{param:key}`` are looked up."""

from __future__ import annotations

import json
import string
from pathlib import Path

from bot.i18n import catalog, t
from bot.play.table import OfflineTable
from tests.cogs.swade.encounter_helpers import GOBLIN, must

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


def _marked(text: str) -> set[str]:
    return {name for _, name, spec, _ in string.Formatter().parse(text) if name and spec == "key"}


def test_key_markers_match_across_languages() -> None:
    es, en = catalog("es"), catalog("en")
    assert [k for k in es if k in en and _marked(es[k]) != _marked(en[k])] == []


def test_t_looks_up_only_marked_parameters() -> None:
    assert json.dumps(t("command.not_in_system", "en", command="deal", system="system.ds20"))
    assert t("command.not_in_system", "en", command="deal", system="system.ds20") == (
        f"/deal does not exist in {t('system.ds20', 'en')}."
    )
    assert t("encounter.undone", "en", what="encounter.none") == "Undone: encounter.none."
