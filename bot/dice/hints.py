"""A refusal that teaches (N-2): a form ``/roll`` cannot read is answered with why, and
with the closest form it does read, never with a bare position.

:func:`refusal` tries the rules below in order on what was typed; each says why the
form is not read (an i18n key, ``dice.why.*``) and, when there is one, rewrites it into
a form that reads (checked by reading it). The forms of other bots come first (Fate and
Carcosa dice, WEG's wild die, success counts, limits, ranges, raise steps, savagebot's
``tn10:``, batches, variables, quoted comments; a trait roll added to dice), then
slips (the bot's command name typed in, decimals, ``x`` for ``*``, a space inside a
die, a keep without its count, unbalanced parentheses, a trailing sign), then the
longest start of the text that reads. The refusal is ``dice.did_you_mean`` (why and the
suggestion) or ``dice.cannot_read`` (why and examples); a limit or a bad die
(``dice.bad_sides``...) that no rule rewrites keeps its own message, which already
says how to fix it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.dice.source import DiceError

Rule = Callable[[str], tuple[str, str | None] | None]
# Errors that say a text is no notation (the rest are bounds and bad dice).
NOTATION_ERRORS = frozenset(
    {"dice.syntax", "dice.bad_trait_notation", "dice.bad_damage_notation", "dice.bad_rh_damage"}
)
SHOWN = 60  # characters of the typed text a refusal repeats


def _reads(text: str) -> bool:
    """Whether every space-separated roll of ``text`` reads (its ``#`` label aside)."""
    from bot.dice.dispatch import read_roll, split_label

    body = split_label(text)[0]
    parts = [p for p in re.split(r"\s+(?![^(]*\))", body.strip()) if p]
    if not parts:
        return False
    try:
        if len(parts) > 1 and _one(body):
            return True
        for part in parts:
            read_roll(part)
    except DiceError:
        return False
    return True


def _one(body: str) -> bool:
    from bot.dice.dispatch import read_roll

    try:
        read_roll(body)
    except DiceError:
        return False
    return True


# -- other bots' forms ---------------------------------------------------------------------


def _quoted(text: str) -> tuple[str, str | None] | None:
    quotes = re.findall(r'"([^"]*)"', text)
    if not quotes:
        return None
    bare = re.sub(r'"[^"]*"\s*', "", text)
    return "dice.why.quoted", f"{bare} # {', '.join(quotes)}"


def _fate(text: str) -> tuple[str, str | None] | None:
    if not re.search(r"(?<![a-wyz])\d*d[f]\b", text, re.IGNORECASE):
        return None

    def equal(m: re.Match[str]) -> str:
        n = int(m.group(1) or 4)
        return f"{n}d3-{2 * n}"

    return "dice.why.fate", re.sub(r"(\d*)d[f]\b", equal, text, flags=re.IGNORECASE)


def _carcosa(text: str) -> tuple[str, str | None] | None:
    if re.search(r"\d*d[c]\b", text, re.IGNORECASE):
        return "dice.why.carcosa", None
    return None


def _weg(text: str) -> tuple[str, str | None] | None:
    m = re.fullmatch(r"(\d+x)?(\d+)w(.*)", text.strip(), re.IGNORECASE)
    if m is None or not re.fullmatch(r"(?:\s*[-+*/]\s*\d+)*", m.group(3)):
        return None
    n = int(m.group(2))
    if n < 1:
        return "dice.why.weg", None
    dice = (f"{n - 1}d6+" if n > 1 else "") + "1d6!"
    if n > 1 and re.search(r"[*/]", m.group(3)):
        dice = f"({dice})"
    return "dice.why.weg", f"{m.group(1) or ''}{dice}{m.group(3)}"


def _successes(text: str) -> tuple[str, str | None] | None:
    m = re.fullmatch(r"(\d*)d(\d+)(!?)(?:s(\d+)(?:f\d+)?|f\d+s(\d+))", text.strip(), re.IGNORECASE)
    if m is None:
        return None
    count = int(m.group(1) or 1)
    at_least = m.group(4) or m.group(5)
    return "dice.why.successes", f"{count}x 1d{m.group(2)}{m.group(3)} >= {at_least}"


def _bounded(text: str) -> tuple[str, str | None] | None:
    if re.search(r"\[[^\]]*:[^\]]*\]", text):
        return "dice.why.bounded", re.sub(r"\[[^\]]*:[^\]]*\]", "", text)
    return None


_STANDARD_DICE = (4, 6, 8, 10, 12, 20)


def _gygax(text: str) -> tuple[str, str | None] | None:
    """savagebot's ``5--15``: the fewest standard dice (and a constant, or a multiplier
    of 10 or 100) that give exactly that range, as savagebot reads it."""
    m = re.fullmatch(r"(\d+)--(\d+)", text.strip())
    if m is None:
        return None
    low, high = int(m.group(1)), int(m.group(2))
    for mult in (1, 10, 100):
        if low % mult or high % mult or high <= low:
            continue
        a, b = low // mult, high // mult
        for n in range(1, 13):
            sides, rest = divmod(b - a, n)
            if rest == 0 and sides + 1 in _STANDARD_DICE and a - n >= 0:
                form = f"{n}d{sides + 1}" + (f"+{a - n}" if a > n else "")
                return "dice.why.gygax", form + (f"*{mult}" if mult > 1 else "")
    return "dice.why.gygax", None


def _other_systems(text: str) -> tuple[str, str | None] | None:
    stripped = text.strip().lower()
    if re.fullmatch(r"p\d+.*", stripped):
        return "dice.why.sword_world", None
    m = re.fullmatch(r"i(\s*[+-]\s*\d+)?", stripped)
    if m:
        return "dice.why.ironsworn", f"1d6{(m.group(1) or '').replace(' ', '')} 1d10 1d10"
    if "@" in stripped:
        return "dice.why.variables", None
    return None


def _batch(text: str) -> tuple[str, str | None] | None:
    m = re.fullmatch(r"(\d+|\(.*?\))x\s*\[(.*)\]", text.strip(), re.IGNORECASE | re.S)
    if m is None:
        return None
    if not m.group(1).isdigit():
        return "dice.why.batch", None
    rolls = [r for r in re.split(r"[;\s]+", m.group(2)) if r and not r.startswith('"')]
    return "dice.why.batch", " ".join(f"{m.group(1)}x{r}" for r in rolls)


# s8r3 is our rate of fire (a bound of its own when out of 1..6), not a raise step.
_OUR_RATE_OF_FIRE = re.compile(r"\s*[se](?:\d+|u)(?:w\d+|x)?r\d+", re.IGNORECASE)


def _raise_step(text: str) -> tuple[str, str | None] | None:
    found = (
        re.search(r"tr\d+", text, re.IGNORECASE)
        or re.search(r"(?<=t\d)\s*r\d+|(?<=t\d\d)\s*r\d+", text, re.IGNORECASE)
        or re.search(r"(?<![a-z])r\d+\s*(?=t\d)", text, re.IGNORECASE)
        or (not _OUR_RATE_OF_FIRE.match(text) and re.search(r"(?<=[\d!])r\d+", text, re.I))
    )
    if not found:
        return None
    fixed = re.sub(r"tr(\d+)", r"t\1", text, flags=re.IGNORECASE)
    fixed = re.sub(r"(t\d+)\s*r\d+", r"\1", fixed, flags=re.IGNORECASE)
    fixed = re.sub(r"(?<![a-z])r\d+\s*(t\d+)", r"\1", fixed, flags=re.IGNORECASE)
    if fixed == text:
        fixed = re.sub(r"(?<=[\d!])r\d+", "", text, flags=re.IGNORECASE)
    return "dice.why.raise_step", fixed


def _generic_tn(text: str) -> tuple[str, str | None] | None:
    m = re.search(r"tn\d+[+-]?\s*:", text, re.IGNORECASE)
    if m is None:
        return None
    return "dice.why.generic_tn", (text[: m.start()] + text[m.end() :]).strip()


def _trait_plus_dice(text: str) -> tuple[str, str | None] | None:
    trait = r"(?:t\d+:)?\d*[se](?:\d+|u)(?:w\d+|x)?(?:t\d+)?"
    if not re.search(rf"(?<![a-z]){trait}", text, re.IGNORECASE):
        return None
    parts = re.split(rf"\+(?=\s*(?:\d*d\d|{trait}))", text, flags=re.IGNORECASE)
    parts = [p for p in (re.sub(r"^\+", "", p.strip()) for p in parts) if p]
    if len(parts) < 2:
        return None
    return "dice.why.trait_plus_dice", " ".join(parts)


def _extra_wild(text: str) -> tuple[str, str | None] | None:
    m = re.match(r"(\s*\d*)e(\d+w\d+.*)", text, re.IGNORECASE)
    if m is None:
        return None
    return "dice.why.extra_wild", f"{m.group(1)}s{m.group(2)}"


def _many_extras(text: str) -> tuple[str, str | None] | None:
    """savagebot's ``10e6``: ten Extras' rolls; here 1 to 6 trait dice a roll."""
    m = re.fullmatch(r"\s*(\d+)(e\S*)", text, re.IGNORECASE)
    if m is None or int(m.group(1)) <= 6:
        return None
    return "dice.why.many_extras", f"{m.group(1)}x{m.group(2)}"


def _rof_twice(text: str) -> tuple[str, str | None] | None:
    m = re.match(r"(\s*\d+[se]\d+(?:w\d+|x)?)r\d+(.*)", text, re.IGNORECASE)
    if m is None:
        return None
    return "dice.why.rof_twice", m.group(1) + m.group(2)


def _expression_count(text: str) -> tuple[str, str | None] | None:
    if re.match(r"\s*\(.*\)\s*x", text, re.IGNORECASE):
        return "dice.why.dice_count", None  # savagebot's (2d6)x2d6
    if re.search(r"\)\s*d\s*\d|d\s*\(", text, re.IGNORECASE):
        fixed = re.sub(r"d\s*\(\s*(\d+)\s*\)", r"1d\1", text, flags=re.IGNORECASE)
        return "dice.why.dice_count", fixed if fixed != text else None
    return None


def _glued(text: str) -> tuple[str, str | None] | None:
    """``d6d6`` (savagebot: two rolls written together)."""
    parts = re.findall(r"\d*d\d+!?", text, re.IGNORECASE)
    if len(parts) > 1 and "".join(parts).lower() == text.strip().lower():
        return "dice.why.glued", " ".join(parts)
    return None


OTHER_BOTS: tuple[Rule, ...] = (
    _batch, _quoted, _fate, _carcosa, _weg, _successes, _bounded, _gygax, _other_systems,
    _raise_step, _generic_tn, _extra_wild, _many_extras, _rof_twice, _trait_plus_dice, _expression_count,
    _glued,
)  # fmt: skip


# -- slips ---------------------------------------------------------------------------------


def _command_name(text: str) -> tuple[str, str | None] | None:
    m = re.match(r"\s*(?:!|/?(?:roll|tirar|r)\s*(?=[\dds]))", text, re.IGNORECASE)
    if m is None or not m.group(0).strip():
        return None
    return "dice.why.command_name", text[m.end() :]


def _decimals(text: str) -> tuple[str, str | None] | None:
    if re.search(r"\d*\.\d+", text):
        return "dice.why.decimals", re.sub(r"(\d*)\.\d+", lambda m: m.group(1) or "0", text)
    return None


def _times(text: str) -> tuple[str, str | None] | None:
    if re.search(r"(?<=[\d)!])\s*[x×]\s*(?=\d)", text) and not re.match(r"\s*\d+x", text):
        return "dice.why.times", re.sub(r"(?<=[\d)!])\s*[x×]\s*(?=\d)", "*", text)
    return None


def _spaced_die(text: str) -> tuple[str, str | None] | None:
    fixed = re.sub(r"(\d)\s+d\s*(\d)", r"\1d\2", text, flags=re.IGNORECASE)
    fixed = re.sub(r"(?<![a-z])d\s+(\d)", r"d\1", fixed, flags=re.IGNORECASE)
    return ("dice.why.spaced_die", fixed) if fixed != text else None


def _advantage_words(text: str) -> tuple[str, str | None] | None:
    fixed = re.sub(r"\s*(advantage|ventaja)\b", "adv", text, flags=re.IGNORECASE)
    fixed = re.sub(r"\s*(disadvantage|desventaja)\b", "dis", fixed, flags=re.IGNORECASE)
    return ("dice.why.advantage_word", fixed) if fixed != text else None


def _bare_keep(text: str) -> tuple[str, str | None] | None:
    fixed = re.sub(r"(k[hl]?|d[hl]|p[hl]?)(?![\dhl<>a-z])", r"\g<1>1", text, flags=re.IGNORECASE)
    fixed = re.sub(r"(\d)k1\b", r"\1kh1", fixed)
    return ("dice.why.keep_count", fixed) if fixed != text else None


def _parentheses(text: str) -> tuple[str, str | None] | None:
    opened, closed = text.count("("), text.count(")")
    if opened > closed:
        return "dice.why.parentheses", text + ")" * (opened - closed)
    if closed > opened:
        fixed = text
        for _ in range(closed - opened):
            i = fixed.rfind(")")
            fixed = fixed[:i] + fixed[i + 1 :]
        return "dice.why.parentheses", fixed
    return None


def _trailing_sign(text: str) -> tuple[str, str | None] | None:
    m = re.search(r"[\s+\-*/%,(]+$", text)
    if m is None or m.start() == 0:
        return None
    return "dice.why.trailing_sign", text[: m.start()]


SLIPS: tuple[Rule, ...] = (
    _command_name, _decimals, _times, _spaced_die, _advantage_words, _bare_keep,
    _parentheses, _trailing_sign,
)  # fmt: skip


# -- the refusal ---------------------------------------------------------------------------


LONGEST_START_TRIES = 24  # a slip near the end; bounds a refusal's work (~1 ms a try)


def _longest_start(text: str) -> str | None:
    """The longest start of ``text`` that reads (at least a die), for a slip at the end
    (within its last :data:`LONGEST_START_TRIES` characters)."""
    for end in range(len(text) - 1, max(1, len(text) - 1 - LONGEST_START_TRIES), -1):
        head = text[:end].rstrip()
        if re.search(r"\d*d\d|[se]\d", head, re.IGNORECASE) and _one(head):
            return head
    return None


def _number_and_words(text: str) -> str | None:
    """Words around a roll that needs no die (``bla bla 1234``): the roll and a label."""
    words = text.split()
    rolls = [w for w in words if _one(w)]
    if len(rolls) == 1 and len(words) > 1:
        rest = " ".join(w for w in words if w != rolls[0])
        return f"{rolls[0]} # {rest}"
    return None


def closest(text: str, *, slips: bool = True) -> tuple[str, str | None]:
    """Why ``text`` is not read (an i18n key) and the closest form that reads, if any.
    ``slips=False``: only other bots' forms (for a text refused by a bound)."""
    why: str | None = None
    for rule in (*OTHER_BOTS, *(SLIPS if slips else ())):
        found = rule(text)
        if found is None:
            continue
        key, suggestion = found
        why = why or key
        if suggestion is None:
            return why, None
        if _reads(suggestion):
            return why, suggestion.strip()
        second = closest(suggestion) if suggestion != text else (why, None)
        if second[1] is not None:
            return why, second[1]
    head = _longest_start(text) if slips else None
    if head is not None:
        return why or "dice.why.rest_unread", head
    return why or "dice.why.unknown", _number_and_words(text)


def _shown(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def refusal(text: str, error: DiceError, *, line: str | None = None) -> DiceError:
    """The error to show for ``text`` that did not read (``error`` is what reading it
    said): the closest form with why, or ``error`` itself when it is a limit or a bad
    die no rule rewrites. ``line``: the whole line ``text`` stands in."""
    notation = error.key in NOTATION_ERRORS
    why, suggestion = closest(text.strip(), slips=notation)
    if not notation and why == "dice.why.unknown":
        return error  # a bound (d10001, s8r7): its own message says how to fix it
    if suggestion is not None and line is not None and text.strip() != line.strip():
        suggestion = line.replace(text, suggestion, 1).strip()
    key = "dice.did_you_mean" if suggestion is not None else "dice.cannot_read"
    return DiceError(key, text=_shown(text), why=why, suggestion=suggestion or "")
