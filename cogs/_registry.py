"""Commands shared by several systems (/attack, /react, /next...) route here: each system's
cog registers a handler for (command, system); the shared command looks up the handler
for the channel's encounter. Offers and board buttons route the same way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.errors import UserError

Handler = Callable[..., Awaitable[Any]]
_HANDLERS: dict[tuple[str, str], Handler] = {}


def handles(command: str, system: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[(command, system)] = fn
        return fn

    return register


def handler_for(command: str, system: str) -> Handler:
    try:
        return _HANDLERS[(command, system)]
    except KeyError:
        shown = command.replace(":", " ")  # "grapple:crush" is shown as "/grapple crush"
        raise UserError("command.not_in_system", command=shown, system=f"system.{system}") from None


def has_handler(command: str, system: str) -> bool:
    return (command, system) in _HANDLERS
