"""Issue 18 item 4: /help lists the commands in the order of play, and /help command:<name>
gives one command's page (its options, who may use it, an example), in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands import help_pages, notation
from bot.i18n import catalog
from bot.i18n.catalog import command_text
from bot.play.table import OfflineTable

LANGS = ["es", "en"]
ORDER = ["start", "add", "deal", "act", "react", "bennies", "end"]


@pytest.mark.parametrize("lang", LANGS)
async def test_help_lists_the_commands_in_the_order_of_play(tmp_path: Path, lang: str) -> None:
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale=lang) as table:
        messages = await table.run("@gm /help")
        assert all(m.ephemeral for m in messages)
        text = "\n".join(m.text() for m in messages)
        strings = catalog(lang)
        at = [text.index(strings[f"help.section.{s}"]) for s in ORDER]
        assert at == sorted(at)
        first = [
            text.index(help_pages.shown_path(p, lang) + "**")
            for p in ("encounter start", "combatant add", "deal", "attack", "react soak")
        ]
        assert first == sorted(first)
        for path, _command in help_pages.leaves(table.bot.tree):
            assert help_pages.shown_path(path, lang) + "**" in text, path


@pytest.mark.parametrize("lang", LANGS)
async def test_every_command_has_a_page_with_its_options_who_and_an_example(
    tmp_path: Path, lang: str
) -> None:
    strings = catalog(lang)
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale=lang) as table:
        for path, command in help_pages.leaves(table.bot.tree):
            [page] = await table.run(f'@ana /help command:"{path}"')
            text = page.text()
            assert page.ephemeral and text.startswith(help_pages.shown_path(path, lang)), text
            for p in command.parameters:
                assert f"`{strings.get(f'cmd.{p.name}', p.name)}`" in text, (path, p.name)
            who = help_pages.WHO.get(path, help_pages.CONTROLLER)
            assert strings[who] in text, path
            example = help_pages.example(path, command, lang)
            assert f"`{example}`" in text and example.startswith(help_pages.shown_path(path, lang))
            assert path in help_pages.EXAMPLES, f"/{path} has no example"


@pytest.mark.parametrize(
    ("lang", "lines"),
    [("es", ["• `objetivo` (obligatoria) — A quién agarras",
             "• `quien` (opcional) — Cuál de tus combatientes actúa"]),
     ("en", ["• `target` (required) — Who you grab",
             "• `actor` (optional) — Which of your combatants acts"])],
)  # fmt: skip
async def test_every_option_says_what_it_is_in_both_languages(
    tmp_path: Path, lang: str, lines: list[str]
) -> None:
    """Issue 30: no option of any command is listed bare (``/grapple start``, ``/react
    interrupt``, ``/react soak`` had none); each description is in both catalogues."""
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale=lang) as table:
        bare = [
            f"{path} {p.name}"
            for path, command in help_pages.leaves(table.bot.tree)
            for p in command.parameters
            if p.description in ("", "…") or command_text(p.description, lang) is None
        ]
        assert bare == []
        [page] = await table.run('@ana /help command:"grapple start"')
        assert all(line in page.text() for line in lines), page.text()
        for path in ("react interrupt", "react soak"):
            [page] = await table.run(f'@ana /help command:"{path}"')
            assert "(" in page.text() and " — " in page.text().split("\n\n", 2)[1], page.text()


async def test_a_page_is_found_by_its_spanish_name_too(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale="es") as table:
        [page] = await table.run('@ana /help command:"/presa empezar"')
        assert page.text().startswith("/presa empezar")
        assert "`/presa empezar objetivo:" in page.text()


@pytest.mark.parametrize("lang", LANGS)
async def test_an_unknown_command_says_how_to_find_one(tmp_path: Path, lang: str) -> None:
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale=lang) as table:
        [reply] = await table.run("@ana /help command:frobnicate")
        assert reply.ephemeral and "frobnicate" in reply.text()
        assert ("/ayuda orden:atacar" if lang == "es" else "/help command:attack") in reply.text()


@pytest.mark.parametrize(("lang", "typed", "label"), [("es", "pres", "/presa empezar"),
                                                      ("en", "grap", "/grapple start")])  # fmt: skip
async def test_help_autocomplete_in_the_readers_language(
    tmp_path: Path, lang: str, typed: str, label: str
) -> None:
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale=lang) as table:
        found = help_pages.suggestions(table.bot.tree, typed, lang)
        assert (label, "grapple start") in found
        assert all(typed in lbl.lower() or typed in path for lbl, path in found)


async def test_spanish_examples_name_spanish_powers_and_skills(tmp_path: Path) -> None:
    # The bot reads either language, but a Spanish page shows the Spanish words.
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale="es") as table:
        pages = {
            command: (await table.run(f'@gm /help command:"{command}"'))[0].text()
            for command in ("cast", "cast end", "trait", "power forget")
        }
    assert '`/lanzar poder poder:Descarga objetivo:"Goblin 1"`' in pages["cast"]
    assert "`/lanzar terminar poder:Protección`" in pages["cast end"]
    assert "`/rasgo rasgo:Notar`" in pages["trait"]
    assert "`/poder olvidar poder:Escarcha`" in pages["power forget"]


# -- issue 31: /help command:roll shows the notation table ----------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_the_roll_page_shows_the_notation_table(tmp_path: Path, lang: str) -> None:
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale=lang) as table:
        messages = await table.run("@ana /help command:roll")
        assert all(m.ephemeral for m in messages)
        text = "\n".join(m.text() for m in messages)
    for row, forms in notation.ROWS:
        meaning, d20, savagebot = notation.row_texts(row, lang)
        assert f"{forms} — {meaning}" in text, row
        assert (d20 or "") in text and (savagebot or "") in text
    assert catalog(lang)["help.notation.title"] in text


def test_the_readme_holds_the_notation_table() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    assert notation.markdown_table("en") in readme
