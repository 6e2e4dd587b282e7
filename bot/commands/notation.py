"""The dice notation table (N-1, N-2): every form ``/roll`` reads, what it means, and where
d20 (Avrae's library) and savagebot read it otherwise. One source for the README's table
(:func:`markdown_table`, English; a test checks the README holds it) and for ``/help
command:roll`` (:func:`help_lines`, in the reader's language, fitted like every reply).

The forms are notation and read the same in both languages (the dice's table,
:data:`bot.dice.rolls.NOTATION`: every system's notation is the dice's to know); what
they mean is in the catalogue (``help.notation.<row>``, ``.d20``, ``.savagebot``; an
empty text is "the same").
"""

from __future__ import annotations

from bot.dice.rolls import NOTATION
from bot.i18n import t

ROWS = NOTATION  # (row id, the forms as typed): the dice's own table


def row_texts(row: str, lang: str) -> tuple[str, str, str]:
    """What the row's forms mean, and how d20 and savagebot read them ("" = the same)."""
    key = f"help.notation.{row}"
    return t(key, lang), t(f"{key}.d20", lang), t(f"{key}.savagebot", lang)


def markdown_table(lang: str = "en") -> str:
    """The README's notation table."""
    heads = [t(f"help.notation.head.{h}", lang) for h in ("form", "meaning", "d20", "savagebot")]
    lines = ["| " + " | ".join(heads) + " |", "|---|---|---|---|"]
    same = t("help.notation.same", lang)
    for row, forms in ROWS:
        meaning, d20, savagebot = row_texts(row, lang)
        cells = [forms, meaning, d20 or same, savagebot or same]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def help_lines(lang: str) -> list[str]:
    """``/help command:roll``'s table: a line per row, with d20's and savagebot's reading
    where it is not the same."""
    lines = [t("help.notation.title", lang)]
    for row, forms in ROWS:
        meaning, d20, savagebot = row_texts(row, lang)
        line = f"{forms} — {meaning}"
        if d20:
            line += f" · *d20*: {d20}"
        if savagebot:
            line += f" · *savagebot*: {savagebot}"
        lines.append(line)
    return lines
