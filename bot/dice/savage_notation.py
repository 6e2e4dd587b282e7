"""The Savage Worlds trait notation, ours and savagebot's (N-2), read into a
:class:`~bot.dice.swade.TraitSpec` (SW-1..SW-5).

=================  ===================================================================
``s8``             a Wild Card's trait roll: d8 and a d6 wild die, both acing (SW-1)
``s8w10``          the wild die is a d10 (savagebot's and ours)
``s8x``, ``e8``    an Extra's trait roll: no wild die (``e`` is savagebot's)
``su``, ``eu``     unskilled: d4 and -2 (SW-5)
``3s8``, ``s8r3``  rate of fire: three d8 trait dice and one wild die (``3e8``: three,
                   no wild die); 1 to 6 trait dice
``s8+1-2``         modifiers, added up
``s10t6``          a target number (savagebot's ``t`` suffix; TN 4 when not given);
``s8 vs 6``        also ``s8 tn6``, ``s8 vo6``, ``s8 contra 6`` (as the replies say it in
                   Spanish), and savagebot's ``t6:s8`` prefix
=================  ===================================================================

Read as savagebot writes them: the TN before the modifiers (``s12w10t8+2``) or after
them (``s8+2t6``); ``(s8+2)``, ``(s8)+2`` and ``s8+(2)`` are ``s8+2``. Not read, each
refused with the closest form (:mod:`bot.dice.hints`): savagebot's raise step
(``s8t6r5``, ``tr6``: raises always come every 4 here, SW-1; our ``s8r3`` is rate of
fire), a trait roll added to dice or to another trait roll (``e8+2d6``, ``s8t4+s8t6``),
an Extra with a wild die (``e8w10``).

``wild_card=False`` makes a bare ``s8`` an Extra's roll unless a ``w`` size is given (a
sheet's Extra rolling through the same notation).
"""

from __future__ import annotations

import re

from bot.dice.chain import check_number, check_sides
from bot.dice.source import DiceError
from bot.dice.swade import MAX_ROF, UNSKILLED_DIE, TraitSpec

# Words that put a target number after a roll (``s8 vs 6``); the last three are plain
# words too ("contra el orco"), so a line reads them as a target only at its end.
TN_WORDS: tuple[str, ...] = ("vs", "tn", "vo", "contra", "target", "objetivo")
SPELLED_TN_WORDS = frozenset({"contra", "target", "objetivo"})
_TN_ALTERNATION = "|".join(TN_WORDS)

_TRAIT_RE = re.compile(
    r"""^(?:t(?P<pre>\d+)\s*:\s*)?
        (?P<count>\d+)?
        (?P<kind>[se])(?P<die>\d+|u)
        (?:w(?P<wild>\d+)|(?P<extra>x))?
        (?:r(?P<rof>\d+))?
        (?:t(?P<tn1>\d+))?
        (?P<mods>(?:\s*[+-]\s*\d+)*)
        (?:\s*(?:t|"""
    + _TN_ALTERNATION
    + r""")\s*(?P<tn2>-?\d+))?$""",
    re.IGNORECASE | re.VERBOSE,
)
# What starts a trait roll: s8, su, 3s8, e6, t6:s8 (the expression language has none).
TRAIT_START = re.compile(r"^\s*\(?\s*(?:t\d+\s*:\s*)?\d*[se](?:\d|u)", re.IGNORECASE)


def looks_like_trait(text: str) -> bool:
    """Whether ``text`` starts like a trait roll (then it is read as one or refused)."""
    return TRAIT_START.match(text) is not None


def _unwrap(text: str) -> str:
    """savagebot's parentheses: ``s8+(2)`` -> ``s8+2``; ``(s8+2)`` and ``(s8)+2`` ->
    ``s8+2``."""
    text = re.sub(r"([+-])\s*\(\s*(\d+)\s*\)", r"\1\2", text.strip())
    m = re.fullmatch(r"\(\s*([^()]+?)\s*\)(.*)", text, flags=re.S)
    return m[1] + m[2] if m else text


def parse_trait(text: str, *, wild_card: bool = True) -> TraitSpec:
    """Read the trait notation (module docstring). Errors: ``dice.bad_trait_notation``
    (with the text), ``dice.bad_trait_dice`` (rate of fire outside 1..6),
    ``dice.bad_sides``, ``dice.number_too_big``."""
    m = _TRAIT_RE.match(_unwrap(text))
    if m is None:
        raise DiceError("dice.bad_trait_notation", text=text.strip(), position=0)
    extra_kind = m["kind"].lower() == "e"
    tns = [x for x in (m["pre"], m["tn1"], m["tn2"]) if x is not None]
    if (extra_kind and m["wild"]) or (m["count"] and m["rof"]) or len(tns) > 1:
        raise DiceError("dice.bad_trait_notation", text=text.strip(), position=0)
    unskilled = m["die"].lower() == "u"
    die = UNSKILLED_DIE if unskilled else int(m["die"])
    check_sides(die)
    wild: int | None
    if m["wild"]:
        wild = int(m["wild"])
        check_sides(wild)
    elif extra_kind or m["extra"] or not wild_card:
        wild = None
    else:
        wild = 6
    rof = int(m["count"] or m["rof"] or 1)
    if not 1 <= rof <= MAX_ROF:
        raise DiceError("dice.bad_trait_dice", count=rof, limit=MAX_ROF, position=0)
    mods = sum(
        check_number(int(x[0].replace(" ", "")))
        for x in re.finditer(r"[+-]\s*\d+", m["mods"] or "")
    )
    tn = check_number(int(tns[0])) if tns else 4
    return TraitSpec(
        die=die, modifier=mods, tn=tn, wild_die=wild, unskilled=unskilled, trait_dice=rof
    )
