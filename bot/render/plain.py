"""User text shown as typed (issue 21). Pure (no Discord import: the rules of Discord's
markdown are written here, as ``discord.utils.escape_markdown(as_needed=True)`` and
``escape_mentions`` apply them in discord.py 2.7).

Names are refused when they hold markup (:mod:`bot.systems.plain_names`), but the free
text of a sheet (gear, notes, a weapon's damage, an unknown skill or edge, the words the
parser did not use) is kept as written, so where a card shows it, it is escaped: Discord
markdown that would format it (``**``, ``~~``, ``||``...), a masked link
(``[Free bennies](https://...)``), a heading, list or quote at a line's start, and
mentions (``<@id>``, ``@everyone``). What is escaped shows as typed in Discord.
"""

from __future__ import annotations

import re

# A formatting character escaped only when another of its kind follows (it could pair).
_PAIRED = "|".join(rf"\{c}(?=([\s\S]*((?<!\{c})\{c})))" for c in ("*", "`", "_", "~", "|"))
# A quote, masked link, heading or list item.
_BLOCK = r"^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-"
_MARKDOWN = re.compile(rf"(?P<markdown>{_PAIRED}|{_BLOCK})", re.MULTILINE)
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")


def plain(text: str) -> str:
    """``text`` on one line with its markdown and mentions escaped (as needed: a lone
    ``|`` or ``_`` that formats nothing stays as it is)."""
    one_line = " ".join(text.splitlines())
    escaped = _MARKDOWN.sub(r"\\\1", one_line.replace("\\", "\\\\"))
    return _MENTION.sub("@\u200b\\1", escaped)
