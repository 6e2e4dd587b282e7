"""Reading the advice in a refusal (issue 30: "every refusal's advice works"): the
commands it names, as the command tree knows them in the reader's language, with the
options given; which game systems answer each; and, for a suggestion complete enough
to type, the offline-table line that follows it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from discord import app_commands

from bot.bennies.holders import uses_bennies
from bot.commands import pending_pings, turn_pings
from bot.commands.help_pages import leaves, shown_path
from bot.i18n import command_word
from bot.play.lines import LineError, parse_line
from bot.systems import catalogue
from bot.systems.heroes import is_heroes_setting
from bot.systems.words import fold

ROOT = Path(__file__).resolve().parents[2]
QUOTES = str.maketrans({"«": '"', "»": '"', "“": '"', "”": '"'})
BACKTICKED = re.compile(r"`(/[^`]+)`")
# A command named in running text (as tests/foundation/test_refusals_say_how.py reads it).
MENTION = re.compile(r"(?<![\w/.<`])/[a-zñ][\w-]*")
PLACEHOLDER = re.compile(r"\{\w+(?::key)?\}")


@dataclass
class Named:
    """A command a refusal names: its English path ("react soak"), the options it
    gives (by English name), whether every required option is given with a value (so
    it can be typed as it is), and the text as the refusal shows it."""

    path: str
    options: dict[str, str] = field(default_factory=dict)
    complete: bool = False
    shown: str = ""


class Commands:
    """The tree's commands by the words a reader of each language types."""

    def __init__(self, tree: app_commands.CommandTree) -> None:  # type: ignore[type-arg]
        self.leaves = dict(leaves(tree))
        self.by_words: dict[str, dict[tuple[str, ...], str]] = {
            lang: {tuple(shown_path(p, lang)[1:].split()): p for p in self.leaves}
            for lang in ("es", "en")
        }
        self.top = {lang: {words[0] for words in table} for lang, table in self.by_words.items()}

    def read(self, suggestion: str, lang: str) -> Named | str:
        """``suggestion`` (``/benis gastar uso:"…"``) as a :class:`Named`, or what is wrong
        with it (no such command, an option the command does not have)."""
        text = PLACEHOLDER.sub("X", suggestion.translate(QUOTES))
        try:
            line = parse_line(text)
        except LineError as exc:
            return f"cannot be typed ({exc.key})"
        assert line is not None
        words = tuple(line.words)
        for k in range(len(words), 0, -1):
            path = self.by_words[lang].get(words[:k])
            if path is not None:
                break
        else:
            return "names no command"
        if words[k:]:
            return f"words after the command: {' '.join(words[k:])}"
        leaf = self.leaves[path]
        names = {command_word(p.name, lang).lower(): p.name for p in leaf.parameters}
        options: dict[str, str] = {}
        for name, value in line.options.items():
            if name not in names:
                return f"{path} has no option {name}"
            options[names[name]] = value
        complete = all(
            options.get(p.name, "").strip(" …X") for p in leaf.parameters if p.required
        ) and all(v.strip(" …X") for v in options.values())
        return Named(path, options, complete and "X" not in text, suggestion)

    def named(self, text: str, lang: str) -> tuple[list[Named], list[str]]:
        """The commands ``text`` names (backticked ones in full, others by their first
        word), and the problems found."""
        found: list[Named] = []
        problems: list[str] = []
        for suggestion in BACKTICKED.findall(text):
            read = self.read(suggestion, lang)
            if isinstance(read, str):
                problems.append(f"`{suggestion}` {read}")
            else:
                found.append(read)
        for mention in MENTION.findall(BACKTICKED.sub("", text)):
            if mention[1:].lower() not in self.top[lang]:
                problems.append(f"{mention} is no command")
        return found, problems


def _shared_form(named: Named) -> bool:
    """Forms the cogs answer the same way in every system, before any system's move:
    ``/combatant edit hidden:`` (``cogs/roster.py``), ``/encounter settings`` for heroes
    per player, turn pings and reminders (``cogs/encounter.py``), ``/trait die:`` (a roll with no
    sheet, ``cogs/roll.py``)."""
    options = set(named.options)
    setting = fold(named.options.get("setting", ""))
    return (
        (
            named.path == "combatant edit"
            and options <= {"combatant", "hidden"}
            and "hidden" in options
        )
        or (
            named.path == "encounter settings"
            and (
                is_heroes_setting(setting)
                or setting in turn_pings.SETTING_NAMES | pending_pings.SETTING_NAMES
            )
        )
        or (named.path == "trait" and "trait" not in options and "actor" not in options)
    )


def answered_by(named: Named) -> set[str]:
    """The systems that answer this command with these options; empty for one every
    channel takes the same way (``/help``, ``/roll``, :func:`_shared_form`). A system
    answers it when its move for the command takes every option given. ``/bennies`` is
    the systems' that use bennies."""
    systems = catalogue.systems()
    if named.path.split()[0] == "bennies":
        return {s for s in systems if uses_bennies(s)}
    if _shared_form(named):
        return set()
    answering = set()
    for plugin in catalogue.plugins():
        move = plugin.move(named.path.replace(" ", ":"))
        if move is not None and set(named.options) <= set(move.options.model_fields):
            answering.add(plugin.system)
    every = all(p.move(named.path.replace(" ", ":")) is None for p in catalogue.plugins())
    return set() if every or answering == set(systems) else answering


def dice_owner(key: str) -> str | None:
    """The system whose dice module raises ``key`` (``bot/dice/<system>.py``: the
    Strength die of Savage Worlds' ``Str+d6``), if one does."""
    for system in catalogue.systems():
        module = ROOT / "bot" / "dice" / f"{system}.py"
        if module.exists() and f'"{key}"' in module.read_text("utf-8"):
            return system
    return None


def system_of(key: str) -> str | None:
    """The system a refusal belongs to, by its key (``swade.combat.…``: Savage Worlds;
    ``bennies.…``: the systems with bennies; ``offer.expired.<system>``) or by the dice
    module that raises it; None for a refusal every system may give."""
    if key.startswith("offer.expired."):
        return key.rsplit(".", 1)[1]
    owner = dice_owner(key)
    if owner is not None:
        return owner
    head = key.split(".", 1)[0]  # a system's texts are <system>.* (docs/COGS.md, "Keys")
    if head in catalogue.systems():
        return head
    if head == "bennies":
        return next(s for s in catalogue.systems() if uses_bennies(s))
    return None
