"""The offline table's line syntax (DESIGN.md):

[@name] /command [subcommand ...] option:value option:"two words"
[@name] press "Button label"
[@name] submit field:"text"        (answers the newest modal)
wait 1h                            (time passes: the reminders due by then are sent)
# comment
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from bot.systems.words import duration


class LineError(Exception):
    """A line that can't be understood; the session goes on. ``key`` is an i18n key."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass
class Line:
    user: str | None
    kind: str  # "command", "press", "submit", "wait"
    words: list[str] = field(default_factory=list)  # command path: ["encounter", "start"]
    options: dict[str, str] = field(default_factory=dict)
    label: str = ""
    seconds: int = 0  # "wait": how long


# The table's own words, in both languages (a Spanish GM types "pulsa", "espera").
KEYWORDS = {
    "pulsa": "press", "pulsar": "press", "press": "press",
    "espera": "wait", "esperar": "wait", "wait": "wait",
    "envia": "submit", "envía": "submit", "enviar": "submit", "submit": "submit",
}  # fmt: skip


def parse_line(text: str) -> Line | None:
    """Parse one line; ``None`` for blank lines and comments."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    try:
        tokens = shlex.split(stripped, posix=True)
    except ValueError:
        raise LineError("play.err.quotes") from None
    user = None
    if tokens and tokens[0].startswith("@"):
        user = tokens.pop(0)[1:].lower()
        if not user:
            raise LineError("play.err.at")
    if not tokens:
        raise LineError("play.err.empty")
    head = tokens[0]
    word = KEYWORDS.get(head.lower(), head.lower())
    if word == "press":
        if len(tokens) < 2:
            raise LineError("play.err.press")
        return Line(user, "press", label=" ".join(tokens[1:]))
    if word == "wait":
        seconds = duration(" ".join(tokens[1:])) if user is None else None
        if not seconds:
            raise LineError("play.err.wait")
        return Line(None, "wait", seconds=seconds)
    if word == "submit":
        return Line(user, "submit", options=_options(tokens[1:], allow_words=False)[1])
    if not head.startswith("/") or len(head) < 2:
        raise LineError("play.err.expected_command", got=head)
    words, options = _options([head[1:], *tokens[1:]], allow_words=True)
    return Line(user, "command", words=[w.lower() for w in words], options=options)


def _options(tokens: list[str], *, allow_words: bool) -> tuple[list[str], dict[str, str]]:
    words: list[str] = []
    options: dict[str, str] = {}
    for token in tokens:
        name, sep, value = token.partition(":")
        if sep and name and " " not in name:
            if name.lower() in options:
                raise LineError("play.err.option_twice", option=name)
            options[name.lower()] = value
        elif allow_words and not options:
            words.append(token)
        else:
            raise LineError("play.err.expected_option", got=token)
    return words, options
