"""What a SWADE stat block says before its first label: the name, the Wild Card marker,
and what describes the character. Pure. (The reader: :mod:`bot.systems.swade.statblock`.)

Issue 31: nothing there is lost. The first line is the name; a description (the lines
after it, book or builder text such as savaged.us's ``Seasoned Male Human, Caravan
Guard``) becomes the sheet's note, as does a ``Notes:`` or ``Description:`` section. Flattened to one line the two run together, so the
name ends before a rank word (Novice/Novato...) or a Wild Card marker followed by more
text, or at the name the command gives. A given name replaces the block's; the block's
own name, when it is another one (``name:Orc`` on a block of "Orcish Brute"), is named
as not used. A note longer than :data:`~bot.systems.swade.bounds.NOTE_MAX` keeps its
start, and the rest is named as not used.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from bot.systems.sheets import SheetReading
from bot.systems.swade.bounds import NOTE_MAX
from bot.systems.swade.names import ATTRIBUTES, SKILL_IDS, fold, skill_id
from bot.systems.swade.statblock_items import BULLETS, SheetParts
from bot.systems.swade.state import SwadeCombatant

WC_RE = re.compile(
    r"[(\[]\s*(?:wc|wild\s*card|comod[ií]n)\s*[)\]]|\bwild\s*card\b|\bcomod[ií]n\b|\bwc\b|☠️?|💀",
    re.IGNORECASE,
)
# SWADE's ranks, capitalised as character builders print them before race and concept
# ("Seasoned Male Human"); "una veterana de..." in a sentence is no rank line.
_RANK = re.compile(
    r"\b(?:Novice|Seasoned|Veteran|Heroic|Legendary|Novat[oa]|Experimentad[oa]|"
    r"Veteran[oa]|Heroic[oa]|Legendari[oa])\b"
)


def _name_and_rest(line: str) -> tuple[str, str]:
    """A name line that may hold a description after a Wild Card marker or from a rank
    word on (a flattened block)."""
    marker = WC_RE.search(line)
    if marker is not None and line[marker.end() :].strip(" :-|"):
        return line[: marker.start()], line[marker.end() :]
    rank = _RANK.search(line, 1)
    if rank is not None and line[: rank.start()].strip():
        return line[: rank.start()], line[rank.start() :]
    return line, ""


def _clean_name(text: str) -> str:
    return re.sub(r"\s+", " ", WC_RE.sub(" ", text)).strip(" :-|*_")


def read_header(
    reading: SheetReading[SwadeCombatant], sheet: SheetParts, preamble: str, name: str | None
) -> None:
    """The name, the Wild Card marker and the note (module docstring)."""
    sheet.wild = WC_RE.search(preamble) is not None
    lines = [x for x in (ln.strip(" " + BULLETS + "_") for ln in preamble.split("\n")) if x]
    if not lines:
        return
    first, rest = _name_and_rest(lines[0])
    first = _clean_name(first)
    note = [rest] if rest.strip() else []
    if name:
        given = fold(name)
        folded = fold(first)
        if folded != given and folded.startswith(given) and not folded[len(given)].isalnum():
            note.insert(0, first[len(name) :])  # "Goblin Chief, the last of them"
        elif folded != given:
            reading.leave(first)  # the block's own name; the command's replaces it
        first = name
    sheet.header = first
    note += [WC_RE.sub(" ", x) for x in lines[1:]]
    add_note(reading, sheet, " ".join(note))


def add_note(reading: SheetReading[SwadeCombatant], sheet: SheetParts, text: str) -> None:
    """Add ``text`` to the sheet's note (the description lines, a ``Notes:`` or
    ``Description:`` section); past :data:`NOTE_MAX` characters the rest is named as not
    used."""
    text = re.sub(r"\s+", " ", text).strip(" :-|,;*_")
    if not text:
        return
    text = f"{sheet.note} {text}" if sheet.note else text
    if len(text) > NOTE_MAX:
        cut = text.rfind(" ", 0, NOTE_MAX)
        cut = cut if cut > 0 else NOTE_MAX
        reading.leave(text[cut:])
        text = text[:cut]
    sheet.note = text


def quick_header(sheet: SheetParts, src: str, labels: Collection[str], die: re.Pattern[str]) -> str:
    """A quick Extra's name (``Goblin: Fighting d6, ...``: what comes before the colon,
    unless it is a label in ``labels`` or holds a ``die``), into ``sheet.header`` with its
    Wild Card marker; returns the rest. Without the colon ("Cara (WC) Agility d8, ..."),
    a marker in brackets is taken out and the name is read with the first trait
    (:func:`name_before_trait`)."""
    head = re.match(r"^\s*([^:\n,;()]{1,60}?(?:\([^()]*\))?)\s*:\s*(.*)$", src, flags=re.S)
    if head and fold(head.group(1)) not in labels and not die.search(head[1]):
        sheet.header = re.sub(r"\s+", " ", WC_RE.sub(" ", head.group(1))).strip(" -")
        sheet.wild = WC_RE.search(head.group(1)) is not None
        return head.group(2)
    marked = re.match(r"^\s*([^:\n,;()\[\]]{1,60}?)\s*([(\[][^()\[\]]*[)\]])\s*", src)
    if marked and WC_RE.fullmatch(marked[2]):
        sheet.wild = True
        return f"{marked[1]} {src[marked.end() :]}"
    return src


def name_before_trait(sheet: SheetParts, name: str) -> str:
    """A quick Extra pasted without the colon after its name ("Cara WC Agility d8,
    Smarts d6..."): the first trait's name ends with an attribute or a skill the tables
    know and has words before it, which are the name (and its Wild Card marker). Returns
    the trait's name; the words before it go to ``sheet.header``."""
    words = name.split()
    if _known_trait(name):  # "Common Knowledge d6" stays
        return name
    for cut in range(1, len(words)):
        trait = " ".join(words[cut:])
        if _known_trait(trait):
            head = " ".join(words[:cut])
            sheet.header = re.sub(r"\s+", " ", WC_RE.sub(" ", head)).strip(" -") or None
            sheet.wild = sheet.wild or WC_RE.search(head) is not None
            return trait
    return name


def _known_trait(name: str) -> bool:
    """An attribute or a skill the tables know, in Spanish or English."""
    return fold(name) in ATTRIBUTES or skill_id(name) in SKILL_IDS
