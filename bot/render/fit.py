"""Every outgoing message fitted to Discord's limits: the one place that does it (DESIGN.md,
"Discord's limits are one module's job").

Two ways to fit, both visible to the reader:

- **Cut** (:func:`fit_text`, :func:`fit_single`): for text that must stay one message (a
  reply's content, an error, the board, a title). Whole lines are kept and the rest is
  replaced by "… (+N more lines)"; when even the first line is too long, its middle is
  replaced by "… (+N more characters) …", so the start and the end stay (an error that
  echoes a long input still says what was expected).
- **Pages** (:func:`fit_message`): for results whose every line matters (a summary, a list,
  the events of an action). A description past 4,096 characters goes on in fields; a
  line past a field's 1,024 is broken at a list separator (", ", "; ") or a space; what does
  not fit one message's 6,000 goes to the next message ("Title (2/3)"). Nothing is lost
  up to :data:`MAX_PAGES` messages; past that the last one ends with the count left out.
  The pages are separate messages rather than one message with page buttons: every list
  the bot sends is a snapshot (a summary, a status) that a later press could not
  reproduce once the encounter moved on, and the longest (50 saved characters) fits one.

A cut never falls inside markdown the bot uses (``**bold**``, ``__underline__``,
``~~strike~~``, ``||spoiler||``), an inline code span or a ```` ``` ```` block (a block cut
between lines is closed and reopened), nor a mention, channel, role, emoji or timestamp
(``<@123>``, ``<#1>``, ``<:name:1>``, ``<t:1:R>``). Single ``*`` and ``_`` are not treated
as markdown (they appear in names and dice expressions); an unmatched delimiter is literal.
If no balanced cut exists, the cut closes what is open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.render import limits as L

MAX_PAGES = 10
BLANK = "\u200b"  # a field's name when it only continues the text above it
_ATOM = re.compile(
    r"<(?:@[!&]?\d+|#\d+|a?:\w+:\d+|t:-?\d+(?::[tTdDfFR])?|/[^<>\n]+:\d+|https?://[^<>\s]+)>"
)
_DELIMITERS = ("**", "__", "~~", "||")
_SEPARATORS = (", ", "; ", " · ", " ")
_FENCE = "```"


# -- where a cut may fall ---------------------------------------------------------------------


@dataclass
class _Scan:
    """For each position ``i`` of a text (a cut before ``i``): ``safe``, markdown is
    balanced there and it is outside any token; ``inside``, it falls inside a code span,
    a ``` block, a mention or an escape; ``open_at``, the delimiters open there;
    ``fenced``, inside a ``` block with nothing else open (a cut between lines there is
    fine once the block is closed)."""

    safe: list[bool]
    inside: list[str]  # "" outside a token, else the token's kind: "`", "```", "<", "\\"
    open_at: list[tuple[str, ...]]
    fenced: list[bool]


def _scan(text: str) -> _Scan:
    n = len(text)
    safe = [False] * (n + 1)
    inside = [""] * (n + 1)
    fenced = [False] * (n + 1)
    open_at: list[tuple[str, ...]] = [()] * (n + 1)
    stack: list[str] = []
    safe[0] = True
    i = 0
    while i < n:
        start = i
        kind = ""
        if text.startswith(_FENCE, i) and (end := text.find(_FENCE, i + 3)) != -1:
            i, kind = end + 3, _FENCE
        elif text[i] == "`" and (end := text.find("`", i + 1)) != -1:
            i, kind = end + 1, "`"
        elif text[i] == "<" and (m := _ATOM.match(text, i)):
            i, kind = m.end(), "<"
        elif text[i] == "\\":
            i, kind = min(n, i + 2), "\\"
        else:
            delimiter = next((d for d in _DELIMITERS if text.startswith(d, i)), None)
            if delimiter is not None and stack and stack[-1] == delimiter:
                stack.pop()
                i += 2
            elif delimiter is not None and text.find(delimiter, i + 2) != -1:
                stack.append(delimiter)
                i += 2
            else:
                i += 1
        opened = tuple(stack)
        for j in range(start + 1, i):
            inside[j] = kind
            fenced[j] = kind == _FENCE and not stack
            open_at[j] = opened
        safe[i] = not stack
        open_at[i] = opened
    return _Scan(safe, inside, open_at, fenced)


def _best_cut(text: str, scan: _Scan, limit: int) -> int:
    """The position at most ``limit`` to cut ``text`` before: a safe one, preferring a list
    separator or a space in the last fifth; 0 when there is none."""
    if limit >= len(text):
        return len(text)
    floor = max(0, limit - max(1, limit // 5))
    for separator in _SEPARATORS:
        at = text.rfind(separator, floor, limit)
        while at > floor:
            if scan.safe[at + len(separator)]:
                return at + len(separator)
            if scan.safe[at]:
                return at
            at = text.rfind(separator, floor, at)
    for cut in range(limit, 0, -1):
        if scan.safe[cut]:
            return cut
    return 0


def _forced_cut(text: str, scan: _Scan, limit: int) -> tuple[str, int]:
    """No balanced cut fits: cut outside a mention (a code span is cut and closed) and
    close the delimiters still open. Returns the head and where the rest starts."""
    for cut in range(min(limit, len(text)), 0, -1):
        kind = scan.inside[cut]
        if kind in ("<", "\\"):
            continue
        closing = {"`": "`", _FENCE: "\n" + _FENCE}.get(kind, "")
        closing += "".join(reversed(scan.open_at[cut]))
        if cut + len(closing) <= limit:
            return text[:cut] + closing, cut
    return "", 0


# -- cutting ------------------------------------------------------------------------------------


def more_lines(n: int, lang: str) -> str:
    return t("render.fit.more_lines", lang, n=n)


def more_chars(n: int, lang: str) -> str:
    return t("render.fit.more_chars", lang, n=n)


def more_items(n: int, lang: str) -> str:
    return t("render.fit.more_items", lang, n=n)


def fit_text(text: str, limit: int, lang: str) -> str:
    """``text`` within ``limit`` characters: whole lines and "… (+N more lines)", or, when
    the first line alone is too long, its start and end around "… (+N more characters) …"."""
    if len(text) <= limit:
        return text
    scan = _scan(text)
    kept = _whole_lines(text, scan, limit, lang)
    if kept is not None:
        return kept
    return _elide_middle(text, scan, limit, lang)


def _whole_lines(text: str, scan: _Scan, limit: int, lang: str) -> str | None:
    """As many whole lines as fit with the marker, cut where markdown is balanced (or
    inside a ``` block, which is then closed)."""
    total = text.count("\n") + 1
    best: str | None = None
    end = text.find("\n")
    count = 1
    while end != -1 and end <= limit:
        closing = "\n" + _FENCE if scan.fenced[end] else ""
        marker = "\n" + more_lines(total - count, lang)
        if (scan.safe[end] or scan.fenced[end]) and end + len(closing) + len(marker) <= limit:
            best = text[:end] + closing + marker
        end = text.find("\n", end + 1)
        count += 1
    return best


def _elide_middle(text: str, scan: _Scan, limit: int, lang: str) -> str:
    marker_room = len(more_chars(len(text), lang)) + 2
    if limit <= marker_room + 2:
        head, _ = _forced_cut(text, scan, limit - 1)
        return head + L.ELLIPSIS
    budget = limit - marker_room
    head_end = _best_cut(text, scan, budget * 2 // 3)
    if head_end > 0:
        head = text[:head_end].rstrip()
    else:
        head, head_end = _forced_cut(text, scan, budget * 2 // 3)
    tail_start = max(head_end, len(text) - (budget - len(head)))
    while tail_start < len(text) and not scan.safe[tail_start]:
        tail_start += 1
    tail = text[tail_start:].lstrip()
    marker = more_chars(len(text) - head_end - len(tail), lang)
    return f"{head} {marker} {tail}" if tail else f"{head} {marker}"


# -- breaking into pieces (nothing lost) ---------------------------------------------------------


def chunks(text: str, size: int, first: int | None = None) -> list[str]:
    """``text`` in pieces of at most ``size`` characters (the first at most ``first``),
    broken between lines, else at a separator or a space; a ``` block broken between
    pieces is closed and reopened."""
    pieces: list[str] = []
    lines: list[str] = []
    fence: str | None = None  # the line that opened the ``` block we are in

    def room() -> int:
        limit = first if first is not None and not pieces else size
        used = len("\n".join(lines)) + (1 if lines else 0)
        closing = len(_FENCE) + 1 if fence is not None else 0
        return limit - used - closing

    def flush() -> None:
        body = "\n".join(lines)
        pieces.append(body + ("\n" + _FENCE if fence is not None else ""))
        lines.clear()
        if fence is not None:
            lines.append(fence)

    def fresh_room() -> int:
        opening = len(fence) + 1 if fence is not None else 0
        closing = len(_FENCE) + 1 if fence is not None else 0
        return size - opening - closing

    for line in text.split("\n"):
        # A line that fits a piece of its own starts one; a longer one fills this first.
        if len(line) > room() and lines and lines != [fence] and len(line) <= fresh_room():
            flush()
        while len(line) > room():
            if lines and lines != [fence] and room() < 40:  # too little left to bother
                flush()
                continue
            part, line = _split_line(line, max(1, room()))
            lines.append(part)
            flush()
        lines.append(line)
        if line.lstrip().startswith(_FENCE) and line.count(_FENCE) == 1:
            fence = None if fence is not None else line.strip()
    if lines and lines != [fence]:
        pieces.append("\n".join(lines))
    return pieces or [""]


def _split_line(line: str, room: int) -> tuple[str, str]:
    """The start of ``line`` that fits ``room`` (cut at a separator, outside markdown and
    mentions) and the rest (reopening what the cut closed)."""
    scan = _scan(line)
    cut = _best_cut(line, scan, room)
    if cut > 0:
        return line[:cut].rstrip(), line[cut:].lstrip()
    head, cut = _forced_cut(line, scan, room)
    reopen = "".join(scan.open_at[cut]) + ("`" if scan.inside[cut] == "`" else "")
    rest = reopen + line[cut:]
    if cut <= 0 or len(rest) >= len(line):  # one token longer than the room
        return line[:room], line[room:]
    return head, rest


# -- embeds and messages ------------------------------------------------------------------------


@dataclass
class Page:
    """One message: its content and embeds (Discord dicts)."""

    content: str | None = None
    embeds: list[dict[str, Any]] = field(default_factory=list)


def fit_message(content: str | None, embeds: list[dict[str, Any]], lang: str) -> list[Page]:
    """A message as one or more messages within every limit: the content cut (it is the
    short part of a reply), each embed paged. The first page carries the content."""
    pages: list[Page] = []
    text = fit_text(content, L.CONTENT, lang) if content else content
    for embed in embeds:
        pages += [Page(embeds=[e]) for e in fit_embed(embed, lang)]
    if not pages:
        return [Page(content=text)]
    pages[0].content = text
    return _join(pages)


def _join(pages: list[Page]) -> list[Page]:
    """Several single-embed pages in one message while they fit together."""
    joined: list[Page] = []
    for page in pages:
        last = joined[-1] if joined else None
        if (
            last is not None
            and page.content is None
            and len(last.embeds) + len(page.embeds) <= L.EMBEDS
            and sum(L.embed_size(e) for e in [*last.embeds, *page.embeds]) <= L.TOTAL
        ):
            last.embeds += page.embeds
        else:
            joined.append(page)
    return joined


def fit_embed(embed: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """One embed as one or more embeds (pages), each within Discord's limits, losing
    nothing up to :data:`MAX_PAGES`. The footer (cut to 512 characters, so a page always
    has room for a full description) goes on the last page only."""
    if L.within_limits(embed):
        return [embed]
    base = {k: v for k, v in embed.items() if k not in ("description", "fields", "title")}
    if base.get("footer"):
        base["footer"] = {**base["footer"], "text": fit_text(base["footer"]["text"], 512, lang)}
    if base.get("author"):
        base["author"] = {**base["author"], "name": fit_text(base["author"]["name"], 256, lang)}
    title = fit_text(embed.get("title") or "", L.TITLE - len(" (10/10)"), lang)
    description = embed.get("description") or ""
    parts = chunks(description, L.FIELD_VALUE, L.DESCRIPTION) if description else []
    fields = [{"name": BLANK, "value": p, "inline": False} for p in parts[1:]]
    for f in embed.get("fields") or []:
        name = fit_text(f.get("name") or BLANK, L.FIELD_NAME, lang)
        values = chunks(f.get("value") or BLANK, L.FIELD_VALUE)
        fields.append({"name": name, "value": values[0], "inline": f.get("inline", False)})
        fields += [{"name": BLANK, "value": v, "inline": False} for v in values[1:]]
    fixed = L.embed_size(base) + len(title) + len(" (10/10)")
    first: dict[str, Any] = dict(base)
    if parts and parts[0]:
        first["description"] = parts[0]
    pages = [first]
    used = fixed + len(first.get("description", ""))
    for f in fields:
        size = len(f["name"]) + len(f["value"])
        if len(pages[-1].get("fields", [])) >= L.FIELDS or used + size > L.TOTAL:
            pages.append(dict(base))
            used = fixed
        pages[-1].setdefault("fields", []).append(f)
        used += size
    if len(pages) > MAX_PAGES:
        pages = _drop_pages(pages, lang)
    for number, page in enumerate(pages, start=1):
        page["title"] = title if len(pages) == 1 else f"{title} ({number}/{len(pages)})"
        if number < len(pages):
            page.pop("footer", None)
    return pages


def _drop_pages(pages: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The first :data:`MAX_PAGES` pages, the last ending with how many lines are left out."""
    left_out = [f for p in pages[MAX_PAGES:] for f in p.get("fields", [])]
    pages = pages[:MAX_PAGES]
    last = pages[-1].setdefault("fields", [])
    while last and (len(last) >= L.FIELDS or L.embed_size(pages[-1]) + 100 > L.TOTAL):
        left_out.insert(0, last.pop())
    lines = sum(f["value"].count("\n") + 1 for f in left_out)
    last.append({"name": BLANK, "value": more_lines(lines, lang), "inline": False})
    return pages


def fit_single(embed: dict[str, Any], lang: str) -> dict[str, Any]:
    """One embed cut to fit one message (the board, edited in place): every part within
    its limit and the whole within 6,000, ending with how many fields were left out."""
    out = dict(embed)
    out["title"] = fit_text(embed.get("title") or "", L.TITLE, lang)
    if embed.get("description"):
        out["description"] = fit_text(embed["description"], L.DESCRIPTION, lang)
    if embed.get("footer"):
        text = embed["footer"].get("text") or ""
        out["footer"] = {**embed["footer"], "text": fit_text(text, L.FOOTER, lang)}
    if embed.get("author"):
        name = embed["author"].get("name") or ""
        out["author"] = {**embed["author"], "name": fit_text(name, L.AUTHOR, lang)}
    if embed.get("fields"):
        out["fields"] = _fit_fields(out, embed["fields"], lang)
    if L.embed_size(out) > L.TOTAL and out.get("description"):
        room = L.TOTAL - L.embed_size({**out, "description": ""})
        out["description"] = fit_text(out["description"], max(1, room), lang)
    return out


def _fit_fields(
    out: dict[str, Any], fields: list[dict[str, Any]], lang: str
) -> list[dict[str, Any]]:
    fitted = [
        {
            **f,
            "name": fit_text(f.get("name") or BLANK, L.FIELD_NAME, lang),
            "value": fit_text(f.get("value") or BLANK, L.FIELD_VALUE, lang),
        }
        for f in fields
    ]
    size = L.embed_size({**out, "fields": fitted})
    if len(fitted) <= L.FIELDS and size <= L.TOTAL:
        return fitted
    marker = {"name": BLANK, "value": more_items(len(fitted), lang), "inline": False}
    budget = L.TOTAL - L.embed_size({**out, "fields": [marker]})
    kept: list[dict[str, Any]] = []
    for f in fitted:
        grows = len(f["name"]) + len(f["value"])
        if len(kept) >= L.FIELDS - 1 or grows > budget:
            break
        kept.append(f)
        budget -= grows
    marker["value"] = more_items(len(fitted) - len(kept), lang)
    return [*kept, marker]
