"""The dice notation table (N-1, N-2): every form ``/roll`` reads, what it means, and where
d20 (Avrae's library) and savagebot read it otherwise. One source for the README's table
(:func:`markdown_table`, English; a test checks the README holds it) and for ``/help
command:roll`` (:func:`help_lines`, in the reader's language, fitted like every reply).

The forms are notation and read the same in both languages; what they mean is in the
catalogue (``help.notation.<row>``, ``.d20``, ``.savagebot``; an empty text is "the same").
"""

from __future__ import annotations

from bot.i18n import t

# (row id, the forms as typed)
ROWS: tuple[tuple[str, str], ...] = (
    ("arithmetic", "`2d6+1`, `d20`, `d%`, `1d20 >= 10`"),
    ("keep", "`4d6k3`, `4d6kh3`, `2d20kl1`"),
    ("drop", "`4d6dl1`, `dh1`, `ph1`, `p3`"),
    ("advantage", "`d20adv`, `d20dis+2`, `3d6adv`"),
    ("aces", "`3d6!`, `1d10!>8`"),
    ("rerolls", "`rr1`, `ro<2`, `ra6`, `e6`, `mi2`, `ma5`, `k>3`"),
    ("sets", "`(1d8!, 1d6!)kh1`"),
    ("repeat", "`6x 4d6k3`, `10xs10`"),
    ("d66", "`d66`, `d666`"),
    ("wild_card", "`s8`, `s8+1-2`, `s12w8`"),
    ("extra", "`e8`, `e8-2`, `s8x`, `su`"),
    ("rate_of_fire", "`3s8`, `s8r3`, `3e6`"),
    ("target", "`s10t6`, `s8+2 vs 6`, `t6:s8`"),
    ("toughness", "`2d6!t6`, `d8!t6+2d6`, `t6:2d6+1`"),
    ("several", "`s8 2d6!+1 d6!`, `Huey s8 damage 2d6+1`"),
    ("labels", "`1d20 to hit`, `2d6 # fire`, `1d20 [fire] + 2`"),
    ("ritual_hex", "`1d-2|1`"),
    ("dread", "`ds15+1-2`"),
    ("refused", "`4dF`, `dC`, `3w`, `12d10s7`, `5--15`, `5d10[6:30]`, `p10`, `i+2`"),
)


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
