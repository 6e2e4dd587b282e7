"""Discord's embed limits, and trimming to fit them."""

from __future__ import annotations

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
TOTAL = 6000
ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending in an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def embed_size(embed: dict) -> int:
    """The characters Discord counts toward the 6000 total."""
    size = len(embed.get("title", "")) + len(embed.get("description", ""))
    size += len((embed.get("footer") or {}).get("text", ""))
    size += len((embed.get("author") or {}).get("name", ""))
    for field in embed.get("fields", []):
        size += len(field.get("name", "")) + len(field.get("value", ""))
    return size


def within_limits(embed: dict) -> bool:
    return (
        len(embed.get("title", "")) <= TITLE
        and len(embed.get("description", "")) <= DESCRIPTION
        and len(embed.get("fields", [])) <= FIELDS
        and all(
            len(f.get("name", "")) <= FIELD_NAME and len(f.get("value", "")) <= FIELD_VALUE
            for f in embed.get("fields", [])
        )
        and len((embed.get("footer") or {}).get("text", "")) <= FOOTER
        and embed_size(embed) <= TOTAL
    )
