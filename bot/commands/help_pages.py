"""``/help`` (issue 18 item 4): the commands in the order a fight is played (start → add
→ deal → act → react → bennies → end), and ``/help command:<name>``: one command's page
with its options, who may use it and an example, in the reader's language.

Names, descriptions and options are read from the command tree and translated as Discord
shows them (``cmd.<text>`` keys, :mod:`bot.i18n.translator`), so a page never lists an
option the command does not have. What the tree does not say — who may use a command and
an example — is here: :data:`WHO` (an ``help.who.*`` key) and :data:`EXAMPLES` (written
with the English names, shown with the reader's: ``attack target:Goblin`` is
``/atacar objetivo:Goblin`` in Spanish).
"""

from __future__ import annotations

from collections.abc import Iterator

from discord import app_commands

from bot.commands import notation
from bot.i18n import command_word, t
from bot.systems import catalogue
from bot.systems.words import fold

Leaf = app_commands.Command  # type: ignore[type-arg]

# The order of play; a command not listed goes under "more" (help.section.more).
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("start", ("encounter start", "server language", "server gm-role", "character save")),
    ("add", ("combatant add", "join", "combatant edit", "combatant remove", "hex define",
             "hex grant", "power define", "power list", "power forget")),
    ("deal", ("deal", "initiative roll", "initiative set", "hex round", "next", "hold")),
    ("act", ("attack", "wildattack", "act", "grapple start", "grapple escape", "grapple crush",
             "grapple headbutt", "cast power", "cast end", "trait", "roll", "odds", "condition add",
             "condition remove")),
    ("react", ("react soak", "react unshake", "react interrupt", "react evade", "react dodge",
               "react block", "react with", "react none", "react pass")),
    ("bennies", ("bennies session-start", "bennies give", "bennies spend", "bennies show",
                 "bennies history", "bennies session-gm", "bennies session-end")),
    ("end", ("encounter end", "undo", "encounter show", "encounter settings",
             "encounter export", "encounter import", "combatant show", "character show",
             "character list",
             "character delete")),
)  # fmt: skip

GM, ANYONE, CONTROLLER, TURN, MANAGE, PLAYER = (
    "help.who.gm",
    "help.who.anyone",
    "help.who.controller",
    "help.who.turn",
    "help.who.manage_server",
    "help.who.player",
)
WHO: dict[str, str] = {
    "encounter start": ANYONE, "encounter end": GM, "encounter show": ANYONE,
    "encounter export": GM, "encounter import": GM, "encounter settings": GM, "undo": GM,
    "server language": MANAGE, "server gm-role": MANAGE,
    "character save": ANYONE, "character show": ANYONE, "character list": ANYONE,
    "character delete": ANYONE, "join": PLAYER,
    "combatant add": GM, "combatant edit": GM, "combatant remove": GM,
    "hex define": GM, "hex grant": GM, "hex round": GM, "combatant show": GM,
    "power define": GM, "power forget": GM, "power list": ANYONE,
    "deal": GM, "initiative roll": GM, "initiative set": GM, "next": TURN, "hold": TURN,
    "condition add": CONTROLLER, "condition remove": CONTROLLER,
    "bennies session-start": GM, "bennies session-end": GM, "bennies give": GM,
    "bennies session-gm": GM, "bennies spend": PLAYER, "bennies show": ANYONE, "bennies history": ANYONE,
    "roll": ANYONE, "trait": ANYONE, "odds": ANYONE, "ping": ANYONE, "help": ANYONE,
}  # fmt: skip
# Every other command (attack, act, grapple..., react...): the combatant's controller.

EXAMPLES: dict[str, str] = {
    "encounter start": "encounter start name:Tortuga",
    "encounter end": "encounter end",
    "encounter show": "encounter show",
    "encounter export": "encounter export",
    "encounter import": "encounter import file:encounter.json",
    "encounter settings": "encounter settings setting:pings value:deck",
    "undo": "undo",
    "server language": "server language language:en",
    "server gm-role": "server gm-role role:@GM",
    "character save": 'character save name:Ana statblock:"Ana (WC) …"',
    "character show": "character show name:Ana",
    "character list": "character list",
    "character delete": "character delete name:Ana",
    "join": "join character:Ana",
    "combatant add": 'combatant add name:Goblin count:4 statblock:"Goblin …"',
    "combatant edit": "combatant edit combatant:Ana controller:@ana",
    "combatant remove": 'combatant remove combatant:"Goblin 2"',
    "hex define": 'hex define text:"…"',
    "hex grant": 'hex grant combatant:"Red Haggar" action:Block',
    "hex round": "hex round",
    "deal": "deal",
    "initiative roll": "initiative roll",
    "initiative set": "initiative set combatant:Ana card:Q♠",
    "next": "next",
    "hold": "hold",
    "attack": 'attack target:"Goblin 1"',
    "wildattack": 'wildattack target:"Goblin 1"',
    "act": "act action:Defend",
    "grapple start": 'grapple start target:"Goblin 1"',
    "grapple escape": "grapple escape",
    "grapple crush": "grapple crush",
    "grapple headbutt": "grapple headbutt",
    "trait": "trait trait:Notice",
    "cast power": 'cast power power:Bolt target:"Goblin 1"',
    "cast end": "cast end power:Protection",
    "power define": 'power define text:"…"',
    "power list": "power list",
    "power forget": "power forget power:Frost",
    "combatant show": 'combatant show combatant:"Jefe orco"',
    "roll": "roll expression:2d6+1",
    "odds": "odds expression:1d8 tn:4",
    "condition add": "condition add combatant:Ana condition:Distracted",
    "condition remove": "condition remove combatant:Ana condition:Distracted",
    "react soak": "react soak",
    "react unshake": "react unshake",
    "react interrupt": 'react interrupt target:"Goblin 1"',
    "react evade": "react evade",
    "react dodge": "react dodge",
    "react block": "react block",
    "react with": "react with reaction:Block",
    "react none": "react none",
    "react pass": "react pass",
    "bennies session-start": "bennies session-start",
    "bennies session-end": "bennies session-end",
    "bennies give": "bennies give player:@ana",
    "bennies spend": "bennies spend use:reroll",
    "bennies show": "bennies show",
    "bennies history": "bennies history",
    "bennies session-gm": "bennies session-gm member:@dana",
    "ping": "ping",
    "help": "help command:attack",
}


# Example values that are words: shown in the reader's language (the bot reads both); a
# system's game word by its catalogue key, as its plugin's examples say (Examples.words;
# issue 29: Ritual Hex's Block is "Bloqueo").
VALUE_WORDS: dict[str, dict[str, str]] = {
    "Defend": {"es": "Defender"},
    "Distracted": {"es": "Distraído"},
    "Notice": {"es": "Notar"},
    "Bolt": {"es": "Descarga"},
    "Protection": {"es": "Protección"},
    "Frost": {"es": "Escarcha"},
}


def game_words() -> dict[str, str]:
    """Every system's words its examples use, by their catalogue key (Examples.words)."""
    return {
        word: key
        for plugin in catalogue.plugins()
        if plugin.examples is not None
        for word, key in plugin.examples.words.items()
    }


def leaves(tree: app_commands.CommandTree) -> Iterator[tuple[str, Leaf]]:  # type: ignore[type-arg]
    """Every command a user types, by its English path ("grapple start")."""

    def walk(command: object, path: str) -> Iterator[tuple[str, Leaf]]:
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                yield from walk(sub, f"{path} {sub.name}")
        elif isinstance(command, app_commands.Command):
            yield path, command

    for command in tree.get_commands():
        yield from walk(command, command.name)


def shown_path(path: str, lang: str) -> str:
    return "/" + " ".join(command_word(part, lang) for part in path.split())


def example(path: str, command: Leaf, lang: str) -> str:
    """The example, its command and option names in the reader's language."""
    written = EXAMPLES.get(path, path)
    rest = written[len(path) :]
    params = {p.name: p for p in command.parameters}
    words = []
    for chunk in rest.split(" "):
        option, colon, value = chunk.partition(":")
        if not colon or option not in params:
            words.append(chunk)
            continue
        choice = next((c for c in params[option].choices if c.value == value), None)
        if choice is not None:
            value = command_word(choice.name, lang)
        keys = game_words()
        if value in keys:
            value = t(keys[value], lang)
        value = VALUE_WORDS.get(value, {}).get(lang, value)
        words.append(f"{command_word(option, lang)}:{value}")
    return shown_path(path, lang) + " ".join(words)


def overview(tree: app_commands.CommandTree, lang: str) -> list[tuple[str, list[str]]]:  # type: ignore[type-arg]
    """The sections in the order of play, each a title and its commands' lines."""
    found = dict(leaves(tree))
    placed: set[str] = set()
    sections: list[tuple[str, list[str]]] = []
    for section, paths in SECTIONS:
        lines = [_line(p, found[p], lang) for p in paths if p in found]
        placed.update(paths)
        sections.append((t(f"help.section.{section}", lang), lines))
    rest = [_line(p, c, lang) for p, c in sorted(found.items()) if p not in placed]
    if rest:
        sections.append((t("help.section.more", lang), rest))
    return sections


def packed(blocks: list[str], limit: int) -> list[str]:
    """The overview's blocks (the intro, then one per section) joined by blank lines into
    as few texts of at most ``limit`` characters as they fit, never splitting a section:
    one embed each, so a section is never cut in the middle (a block longer than
    ``limit`` is left to the one fitter)."""
    texts: list[str] = []
    for block in blocks:
        if texts and len(texts[-1]) + 2 + len(block) <= limit:
            texts[-1] += "\n\n" + block
        else:
            texts.append(block)
    return texts


def _line(path: str, command: Leaf, lang: str) -> str:
    return f"**{shown_path(path, lang)}** — {command_word(command.description, lang)}"


def find(tree: app_commands.CommandTree, typed: str) -> tuple[str, Leaf] | None:  # type: ignore[type-arg]
    """The command ``typed`` names: its English path or its name in either language,
    with or without the slash; a group alone names its first command."""
    wanted = fold(typed).lstrip("/").strip()
    for path, command in leaves(tree):
        for lang in ("en", "es"):
            shown = fold(shown_path(path, lang)).lstrip("/")
            if wanted in (fold(path), shown):
                return path, command
    for path, command in leaves(tree):
        for lang in ("en", "es"):
            if fold(shown_path(path, lang)).lstrip("/").split(" ")[0] == wanted:
                return path, command
    return None


def page(path: str, command: Leaf, lang: str) -> tuple[str, list[str]]:
    """One command's page: its title and lines (description, options, who, example)."""
    lines = [command_word(command.description, lang), "", t("help.options", lang)]
    if not command.parameters:
        lines.append(t("help.no_options", lang))
    for p in command.parameters:
        need = t("help.required" if p.required else "help.optional", lang)
        about = command_word(p.description, lang) if p.description not in ("", "…") else ""
        lines.append(
            f"• `{command_word(p.name, lang)}` ({need})" + (f" — {about}" if about else "")
        )
    lines += ["", t("help.who", lang, who=WHO.get(path, CONTROLLER))]
    lines.append(t("help.example", lang, example=example(path, command, lang)))
    return shown_path(path, lang), lines


def tables(path: str, lang: str) -> list[str]:
    """Tables a command's page shows after its options: ``/roll``'s notation (issue 31,
    the README's table in the reader's language)."""
    if path == "roll":
        return ["\n".join(notation.help_lines(lang))]
    return []


def suggestions(
    tree: app_commands.CommandTree,  # type: ignore[type-arg]
    typed: str,
    lang: str,
) -> list[tuple[str, str]]:
    """``/help command:`` autocomplete: (label in the reader's language, English path)."""
    wanted = fold(typed).lstrip("/")
    found = []
    for path, _command in leaves(tree):
        label = shown_path(path, lang)
        if wanted in fold(label) or wanted in fold(path):
            found.append((label, path))
    return found[:25]
