"""Catalogue keys are named after features, not after code (issue 33, docs/COGS.md
"Texts"): a system's texts are ``<system>.<feature>.*`` (``swade.combat.error.x``), a
file is named after the namespace it holds (``swade.combat.json``). A namespace named
after a cog (``*_cog.*``, ``*.cog.*``, a ``*_cog.json`` file) or a feature glued to a
system's name (``<system>_<feature>.*``) is a fossil: it outlives the module it named,
and the next reader looks for a cog that does not exist.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import catalog, renamed, say, t
from bot.i18n.catalog import LANGUAGES, LOCALES_DIR
from bot.i18n.renamed import current
from bot.systems import catalogue
from bot.systems.swade.power_models import ActivePower, PowerEffect
from tests.table.swade.encounter_helpers import must
from tests.table.swade.test_combat_setup import force, named
from tests.table.swade.test_powers_cast import power_table

ROOT = Path(__file__).resolve().parents[2]
# A namespace named after a cog: a segment "cog" or ending in "_cog".
COG = re.compile(r"(?:^|\.)(?:cog|\w+_cog)\.")
# The same in code: a key (or a key's start) in any literal or f-string.
COG_IN_CODE = re.compile(r"(?:(?<![\w.])|(?<=\\n))[a-z0-9_]*(?:\.cog|_cog)\.(?:[a-z{]|$)")
# A renamed key's old name (bot/i18n/renamed.json) in code: t() would still show its
# text (stored data needs that), so no test of what is shown would see it come back.
START = r"(?:(?<![\w.])|(?<=\\n))"
OLD_IN_CODE = re.compile(
    "|".join(
        [
            *(START + re.escape(key) + r"(?!\w)" for key in renamed.KEYS),
            *(START + re.escape(old) for old, _new in renamed.PREFIXES),
            *(START + re.escape(old.replace(".", "\\.")) for old, _new in renamed.PREFIXES),
        ]
    )
)
# Where old keys are kept on purpose: what stored states and exports still hold.
RENAMED = "bot/i18n/renamed.py"


def glued(key: str) -> str | None:
    """The system whose name a segment of ``key`` glues a feature to
    (``<system>_combat.x``, ``sheet.default.<system>_npc``), if any."""
    return next(
        (
            system
            for segment in key.split(".")
            for system in catalogue.systems()
            if segment.startswith(system + "_")
        ),
        None,
    )


def fossils(keys: list[str]) -> list[str]:
    return [k for k in keys if COG.search(k) or glued(k)]


def test_no_key_is_in_a_fossil_namespace() -> None:
    for lang in LANGUAGES:
        assert fossils(sorted(catalog(lang))) == [], lang


def test_no_catalogue_file_is_named_after_a_cog_or_a_glued_feature() -> None:
    files = sorted(p.name for p in LOCALES_DIR.glob("*/*.json"))
    assert len(files) > 20
    bad = [n for n in files if n.endswith("_cog.json") or glued(n.removesuffix(".json"))]
    assert bad == []


def test_no_code_names_a_cog_namespace_or_a_renamed_key() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for folder in ("bot", "cogs", "tests", "bench", "docs")
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in {".py", ".md", ".txt"}
        and path.relative_to(ROOT).as_posix()
        not in {RENAMED, "tests/foundation/" + Path(__file__).name}
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if COG_IN_CODE.search(line) or OLD_IN_CODE.search(line)
    ]
    assert found == []


def test_the_checks_find_what_they_look_for() -> None:
    """Each shape of fossil is found; feature names are not."""
    old = ["x_cog.title.a", "ds20.cog.error.b", "swade_combat.hit", "ritualhex_cog.verb.x"]
    old += ["sheet.default.ds20_npc"]
    new = ["swade.combat.hit", "ds20.title.a", "ritualhex.offer.named.pass", "bennies.joker.gm"]
    new += ["sheet.ds20.default.npc", "help.notation.ritual_hex.d20", "offer.expired.ds20"]
    assert fossils(old) == old
    assert fossils(new) == []
    assert glued("swade_powers") == "swade"
    for line in (
        'title=f"{SYSTEM}_cog.title.{kind}"',
        '"swade.cog.board.next"',
        r'"a\nds20_cog.x"',
    ):
        assert COG_IN_CODE.search(line)
    for line in ("await bot.add_cog(Meta(bot))", "cogs.swade", "discover_cogs()"):
        assert not COG_IN_CODE.search(line)
    for line in ('f"swade_powers.list.{x}"', r're.compile(r"swade_combat\.hit")'):
        assert OLD_IN_CODE.search(line)
    for line in ('"sheet.default.parry"', '"sheet.default.rh_stats"', '"bennies.error.not_swade"'):
        assert OLD_IN_CODE.search(line)
    for line in ('"swade.combat.hit"', '"sheet.defaults"', "my_swade_powers.x", '"a.sheet.rh.x"'):
        assert not OLD_IN_CODE.search(line)


def test_a_key_stored_before_the_rename_is_read_as_named_now() -> None:
    """An undo row, a button kept in a state or an export from before the rename
    (``bot/i18n/renamed.py``) still shows its text, and a shipped power in play keeps its
    name: nothing old is written, what is read is the key's name now."""
    assert current("swade_combat.hit.wounded") == "swade.combat.hit.wounded"
    assert current("swade.cog.summary.bennies") == "bennies.summary.spent"
    assert current("ritualhex_cog.offer.pass") == "ritualhex.offer.named.pass"
    assert current("sheet.default.rh_stats") == "sheet.ritualhex.default.stats"
    assert current("swade.condition.name.bound") == "swade.condition.name.bound"
    for lang in LANGUAGES:
        assert t("ds20.cog.title.attack", lang) == t("ds20.title.attack", lang)
        assert t("ds20.title.attack", lang) != "ds20.title.attack"
        said = say(["swade_powers.power.bolt", "Rayo casero"], lang)
        assert said == f"{t('swade.powers.power.bolt', lang)}, Rayo casero"
    stored = {"source": "c1:1", "power": "swade_powers.power.boost_trait", "kind": "trait"}
    assert PowerEffect.model_validate(stored).power == "swade.powers.power.boost_trait"
    kept = {"id": "1", "power_id": "x", "power": "swade_powers.power.bolt"}
    assert ActivePower.model_validate(kept).power == "swade.powers.power.bolt"
    assert ActivePower.model_validate({**kept, "power": "Rayo casero"}).power == "Rayo casero"


async def test_an_export_from_before_the_rename_imports_and_shows_its_power(
    tmp_path: Path,
) -> None:
    """A real export, its shipped power named as before the rename: the import accepts
    it (the power's name is checked as the key it is now) and the board names the power
    in words, not as a key."""
    async with power_table(tmp_path) as table:
        force(table, 6, 2)  # Protection on herself: a success
        await must(table, "@ana /cast power power:Protección target:Maga actor:Maga")
        await table.run("@gm /encounter export")
        _, blob = table.recorder.files[-1]
        text = blob.decode("utf-8")
        assert "swade.powers.power.protection" in text
        old = tmp_path / "before.json"
        old.write_text(text.replace("swade.powers.power.", "swade_powers.power."), "utf-8")
        table.channel_id += 1
        said = await table.run(f"@gm /encounter import file:{old}")
        assert not any(m.ephemeral for m in said), [m.text() for m in said]
        board = "\n".join(m.text() for m in said)
        assert "Protección" in board and "swade_powers" not in board, board
        maga = await named(table, "Maga")
        assert [a.power for a in maga.maintaining] == ["swade.powers.power.protection"]
