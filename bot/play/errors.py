"""Discord errors the offline table raises where Discord would."""

from __future__ import annotations

import discord


class _Response:
    status = 404
    reason = "Not Found"


def not_found() -> discord.NotFound:
    return discord.NotFound(_Response(), {"code": 10008, "message": "Unknown Message"})  # type: ignore[arg-type]
