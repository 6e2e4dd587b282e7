import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.play.lines import LineError, parse_line
from bot.play.table import OfflineTable

ROOT = Path(__file__).resolve().parents[2]


async def test_ping_goes_through_the_real_tree(table: OfflineTable) -> None:
    [reply] = await table.run("/ping")
    assert reply.kind == "reply"
    assert reply.embeds[0]["title"] == "¡Pong!"
    assert reply.payload["allowed_mentions"] == {"parse": []}


async def test_ping_in_english(table_en: OfflineTable) -> None:
    [reply] = await table_en.run("@ana /ping")
    assert reply.embeds[0]["title"] == "Pong!"
    assert reply.user == "ana"


async def test_help_lists_commands_and_is_ephemeral(table: OfflineTable) -> None:
    [reply] = await table.run("/help")
    assert reply.ephemeral
    # The overview spans as many embeds as its sections need (issue 18: every command).
    assert "/ping" in "\n".join(e["description"] for e in reply.embeds)


async def test_spanish_command_names_are_accepted(table: OfflineTable) -> None:
    [reply] = await table.run("/ayuda")
    assert reply.embeds[0]["title"] == "Comodín: órdenes"


async def test_unknown_command_and_option_are_line_errors(table: OfflineTable) -> None:
    with pytest.raises(LineError) as err:
        await table.run("/nope")
    assert err.value.key == "play.err.unknown_command"
    with pytest.raises(LineError) as err:
        await table.run("/ping extra:1")
    assert err.value.key == "play.err.unknown_option"


def test_first_user_is_the_gm() -> None:
    table = OfflineTable(db_path=":memory:")
    assert table.user("ana").is_gm
    assert not table.user("bob").is_gm
    assert table.user("gm").is_gm


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('/roll "x', "play.err.quotes"),
        ("@ ping", "play.err.at"),
        ("ping", "play.err.expected_command"),
        ("/roll a:1 a:2", "play.err.option_twice"),
    ],
)
def test_bad_lines(text: str, key: str) -> None:
    with pytest.raises(LineError) as err:
        parse_line(text)
    assert err.value.key == key


def test_line_with_user_options_and_quotes() -> None:
    line = parse_line('@Ana /encounter start name:"La cripta" system:swade')
    assert line is not None
    assert line.user == "ana"
    assert line.words == ["encounter", "start"]
    assert line.options == {"name": "La cripta", "system": "swade"}


def _play(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", *args],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(cwd)},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_json_script_in_both_languages(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("/ping\n@ana /help\n/ping\n")
    outputs = {}
    for locale in ("es", "en"):
        result = _play("--json", "--script", str(script), "--locale", locale, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        rows = [json.loads(line) for line in result.stdout.splitlines()]
        assert len(rows) == 3
        assert all(row["embeds"] for row in rows)
        outputs[locale] = rows[0]["embeds"][0]["title"]
    assert outputs == {"es": "¡Pong!", "en": "Pong!"}


def test_cli_stdin_ping_and_bad_line_goes_on(tmp_path: Path) -> None:
    result = _play(cwd=tmp_path, stdin="/nope\n/ping\n")
    assert result.returncode == 0
    assert "¡Pong!" in result.stdout
    assert "línea 1" in result.stderr


@pytest.mark.parametrize("typed", ["/quit", "exit", "/salir", "Salir.", "/exit"])
def test_quit_words_end_the_table(tmp_path: Path, typed: str) -> None:
    """They answered "no such command /quit" and the table went on."""
    result = _play(cwd=tmp_path, stdin=f"/ping\n{typed}\n/ping\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("¡Pong!") == 1 and "quit" not in result.stderr
    assert "línea" not in result.stderr


def test_run_without_token_prints_hint_and_opens_table(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)},
        input="/ping\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert "DISCORD_TOKEN" in result.stderr
    assert "¡Pong!" in result.stdout


def _leaves(commands: list) -> list:
    """Every slash command of the tree, subcommands included."""
    from discord import app_commands

    found = []
    for command in commands:
        if isinstance(command, app_commands.Group):
            found += _leaves(command.commands)
        else:
            found.append(command)
    return found


@pytest.mark.parametrize("locale", ["es", "en"])
async def test_a_bad_option_value_shows_an_example_of_that_option_that_works(
    tmp_path: Path, locale: str
) -> None:
    """A value that is none of an option's choices, not a number or not yes/no: the line
    error names the option and gives an example of that same option, in the reader's
    language, that the table then reads (not `system:swade` under `range:`)."""
    from discord import AppCommandOptionType as Kind

    from bot.i18n import command_word, shown, t

    checked = 0
    async with OfflineTable(db_path=tmp_path / "e.sqlite3", locale=locale) as table:
        assert table.bot is not None
        for command in _leaves(table.bot.tree.get_commands()):
            for param in command.parameters:
                if not param.choices and param.type not in (
                    Kind.integer, Kind.number, Kind.boolean
                ):  # fmt: skip
                    continue
                with pytest.raises(LineError) as err:
                    await table.run(f"/{command.qualified_name} {param.name}:zzz")
                said = t(
                    err.value.key,
                    locale,
                    **{k: shown(v, locale) for k, v in err.value.params.items()},
                )
                example = said.rsplit("`", 2)[-2]
                assert example.startswith(command_word(param.name, locale) + ":"), said
                try:
                    await table.run(f"/{command.qualified_name} {example}")
                except LineError as again:  # only other options missing
                    assert again.key == "play.err.missing", (said, again.key)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    ("locale", "line", "said"),
    [
        ("es", "/attack", "/atacar necesita: objetivo (p. ej. `/atacar objetivo:…`)"),
        ("en", "/attack", "/attack needs: target (e.g. `/attack target:…`)"),
        ("es", "/bennies", "(p. ej. `/benis empezar-sesión`)"),
        ("en", "/bennies", "(e.g. `/bennies session-start`)"),
        ("es", "/bennies take", "no es una suborden de /benis"),
        ("en", "/bennies take", "(e.g. `/bennies session-start`)"),
        ("es", "/join character:x statblock:y", "(`/ayuda orden:unirse` las describe)"),
        ("en", "/combatant edit combatant:x bogus:1", '(`/help command:"combatant edit"`'),
    ],
)
async def test_a_missing_or_unknown_option_or_subcommand_is_shown_with_that_command(
    tmp_path: Path, locale: str, line: str, said: str
) -> None:
    from bot.i18n import shown, t

    async with OfflineTable(db_path=tmp_path / "m.sqlite3", locale=locale) as table:
        with pytest.raises(LineError) as err:
            await table.run(line)
    params = {k: shown(v, locale) for k, v in err.value.params.items()}
    assert said in t(err.value.key, locale, **params)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('pulsa "Siguiente turno"', "press"),
        ('@ana Pulsar "Repartir"', "press"),
        ("espera 15m", "wait"),
        ("enviar campo:valor", "submit"),
        ('press "Next turn"', "press"),
    ],
)
def test_the_tables_own_words_are_read_in_spanish_too(text: str, kind: str) -> None:
    """The banner and its errors taught "press" and "wait" to a Spanish GM."""
    line = parse_line(text)
    assert line is not None and line.kind == kind
