"""Issue 18 item 2: one language per reader. No English in Spanish text and no Spanish in
English text, no raw ids and no untranslated keys: in every catalogue string, and in
everything the bot says when the documented examples (docs/examples) are played through
the offline table in each language.

What counts as a leak is a small word list per language (the issue's cases: "el DJ usa
/deal", "actualizado (wounds)", "B (quick) roba", "/character save necesita: name",
raw edge ids, «gangup»), a /command or an `option:` written in the other language, a
snake_case id (level_headed) or a catalogue key (swade.x) shown as it is. Text in
backticks is code the reader types, checked for its names only; words the script itself
typed (a combatant called "El puente") are the user's, not the bot's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import catalog, shown, t
from bot.play.lines import LineError
from bot.play.table import OfflineTable
from bot.systems.words import fold

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.txt"))
LANGS = ["es", "en"]

# Words of one language that never belong in the other's text.
FOREIGN: dict[str, frozenset[str]] = {
    "es": frozenset(
        [
            "the",
            "and",
            "with",
            "needs",
            "need",
            "wounds",
            "quick",
            "name",
            "target",
            "actor",
            "statblock",
            "character",
            "value",
            "option",
            "weapon",
            "flags",
            "gangup",
            "turn",
            "updated",
            "draws",
            "shaken",
            "stunned",
            "bennies",
            "benny",
            "your",
            "you",
            "is",
            "of",
            "to",
            # option values (issue 29: /ayuda listed "aim, nonlethal, offhand")
            "aim",
            "nonlethal",
            "offhand",
            "twoweapons",
            "unstable",
            "touch",
            # Ritual Hex and Dread S-20 words in English (issue 29)
            "hand",
            "feet",
            "punch",
            "kick",
            "block",
            "paralysis",
            "protect",
            "initiative",
            "firearms",
        ]
    ),
    "en": frozenset(
        [
            "el",
            "los",
            "las",
            "del",
            "que",
            "con",
            "turno",
            "heridas",
            "personaje",
            "objetivo",
            "quien",
            "bloque",
            "actualizado",
            "roba",
            "necesita",
            "arma",
            "aturdido",
            "benis",
            "beni",
            "tirada",
            "usa",
            # Ritual Hex and Dread S-20 words in Spanish (issue 29)
            "mano",
            "pies",
            "piña",
            "patada",
            "bloqueo",
            "parálisis",
            "proteger",
            "libre",
            "fortaleza",
            "acrobacia",
            "agotamiento",
            "agonía",
            "brazos",
        ]
    ),
}
WORD = re.compile(r"[a-záéíóúñü_]+")
SNAKE_ID = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
RAW_KEY = re.compile(r"\b[a-z_]+(?:\.[a-z_0-9]+){2,}\b")
COMBATANT_ID = re.compile(r"\(c\d+\)")  # issue 29: "entra en combate (c1)"
SLASH = re.compile(r"(?<![\w/<])/([a-zñé][\w-]*)")
CODE = re.compile(r"`([^`]*)`")
OPTION = re.compile(r"(?:^|\s)([a-zñé_]+):(?=[^\s])")


def _names(lang: str) -> tuple[set[str], set[str]]:
    """The command and option names a reader of ``lang`` types."""
    es = catalog("es")
    english = {k[4:] for k in es if k.startswith("cmd.") and " " not in k[4:]}
    spanish = {v for k, v in es.items() if k.startswith("cmd.") and " " not in v}
    return (spanish, english) if lang == "es" else (english, spanish)


def leaks(text: str, lang: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """What in ``text`` is not in ``lang``: other-language words, commands and options."""
    found: list[str] = []
    own, _other = _names(lang)
    prose = re.sub(r"\{[^}]*\}", " ", re.sub(r"`[^`]*`", " ", text))
    for word in set(WORD.findall(prose.lower())) & FOREIGN[lang]:
        if fold(word) not in allowed:
            found.append(word)
    code = re.sub(r"\{[^}]*\}", " ", text)
    found += [f"/{c}" for c in SLASH.findall(code) if c not in own and fold(c) not in allowed]
    options = [o for span in CODE.findall(code) for o in OPTION.findall(span)]
    found += [f"{o}:" for o in options if o not in own and fold(o) not in allowed]
    return found


def raw(text: str, allowed: frozenset[str]) -> list[str]:
    """Ids and keys shown as they are (outside backticks, not typed by the user)."""
    prose = re.sub(r"`[^`]*`|<[^>]*>|https?://\S+|\S+\.(?:json|gz|txt)\b", " ", text)
    found = [m for m in SNAKE_ID.findall(prose) if fold(m) not in allowed]
    return found + RAW_KEY.findall(prose) + COMBATANT_ID.findall(prose)


# Placeholders in the text that teaches the line syntax: no option is called that.
SYNTAX = frozenset({"option", "opcion"})


def _reader_text(key: str, text: str) -> bool:
    """What a reader sees: every message, the offline table's banner and errors, command
    and option descriptions (not the command names themselves, checked elsewhere)."""
    return not key.startswith("cmd.") or " " in text


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_string_is_in_its_language(lang: str) -> None:
    found = {
        key: problems
        for key, text in catalog(lang).items()
        if _reader_text(key, text) and (problems := leaks(text, lang, SYNTAX))
    }
    assert found == {}


def test_the_word_lists_find_the_issues_leaks() -> None:
    assert leaks("Aún no se han repartido cartas: el DJ usa /deal.", "es") == ["/deal"]
    assert leaks("Ana: actualizado (wounds).", "es") == ["wounds"]
    assert leaks("/personaje guardar necesita: name", "es") == ["name"]
    assert leaks("Ana's turn (heridas).", "en") == ["heridas"]
    assert raw("Ventajas: level_headed, quick", frozenset()) == ["level_headed"]
    assert raw("swade.board.turn", frozenset()) == ["swade.board.turn"]
    assert leaks("«{option}» debe estar entre 0 y 4: `gangup:2`", "es") == ["gangup:"]
    assert raw("Tom entra en combate (c1).", frozenset()) == ["(c1)"]
    assert sorted(leaks("Otras opciones: aim, nonlethal, offhand", "es")) == [
        "aim",
        "nonlethal",
        "offhand",
    ]
    assert sorted(leaks("Red Haggar uses Piña on Goblin (mano hand)", "en")) == ["mano", "piña"]


def _typed(script: Path) -> frozenset[str]:
    """Every word the script types (names, stat blocks, options): the user's text."""
    return frozenset(fold(w) for w in WORD.findall(script.read_text("utf-8").lower()))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.stem)
async def test_every_rendered_example_is_in_its_language(
    tmp_path: Path, script: Path, lang: str
) -> None:
    allowed = _typed(script)
    found: list[str] = []
    async with OfflineTable(db_path=tmp_path / "x.sqlite3", seed=7, locale=lang) as table:
        for number, line in enumerate(script.read_text("utf-8").splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                messages = await table.run(line)
            except LineError:
                continue  # a button pressed by its label in the script's language
            for message in messages:
                text = message.text()
                problems = leaks(text, lang, allowed) + raw(text, allowed)
                if problems:
                    found.append(f"line {number}: {problems}: {text[:160]!r}")
    assert found == [], "\n".join(found[:20])


async def _help_pages(table: OfflineTable, lang: str) -> list[tuple[str, str]]:
    """``/help``, then ``/help command:`` for every command and subcommand of the tree, as
    a reader of ``lang`` sees them."""
    help_line = "/ayuda orden:" if lang == "es" else "/help command:"
    names: list[str] = []
    for command in table.bot.tree.get_commands():
        children = getattr(command, "commands", None)
        names += [f"{command.name} {c.name}" for c in children] if children else [command.name]
    pages = []
    for line in ["/ayuda" if lang == "es" else "/help", *(f'{help_line}"{n}"' for n in names)]:
        pages += [(line, message.text()) for message in await table.run(line)]
    return pages


@pytest.mark.parametrize("lang", LANGS)
async def test_every_help_page_and_the_banner_are_in_their_language(
    tmp_path: Path, lang: str
) -> None:
    """Issue 29: /help and each command's page, with their option values and examples,
    and the offline table's banner: no other-language word, no raw key or id."""
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", locale=lang) as table:
        pages = await _help_pages(table, lang)
    pages.append(("banner", t("play.banner", lang)))
    assert len(pages) > 40
    found = [
        f"{line}: {problems}"
        for line, text in pages
        if (problems := leaks(text, lang, SYNTAX) + raw(text, frozenset()))
    ]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(
    ("lang", "said"),
    [("es", "/personaje guardar necesita: nombre"), ("en", "/character save needs: name")],
)
async def test_a_line_missing_an_option_names_it_in_the_readers_language(
    tmp_path: Path, lang: str, said: str
) -> None:
    async with OfflineTable(db_path=tmp_path / "x.sqlite3", locale=lang) as table:
        with pytest.raises(LineError) as refused:
            await table.run("@gm /character save")
    error = refused.value
    text = t(error.key, lang, **{k: shown(v, lang) for k, v in error.params.items()})
    assert text.startswith(said) and not leaks(text, lang)
