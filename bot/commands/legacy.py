"""The old string-keyed handlers: a system's cog registers a handler for (command,
system) and the dispatcher (:mod:`bot.commands.dispatch`) calls it when the channel's
system has no move for the command. No system answers this way since phase B of issue
22 gave every one moves (:mod:`bot.systems.plugin`); phase C removes this module."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.errors import UserError
from bot.i18n import CommandName

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
        shown = CommandName(command.replace(":", " "))  # "grapple:crush": "/grapple crush"
        raise UserError("command.not_in_system", command=shown, system=f"system.{system}") from None


def has_handler(command: str, system: str) -> bool:
    return (command, system) in _HANDLERS


def given(options: dict[str, Any]) -> dict[str, Any]:
    """The options the user actually gave."""
    return {k: v for k, v in options.items() if v is not None}


def reject_foreign(options: dict[str, Any], allowed: set[str], system: str) -> None:
    """Refuse options that belong to another system (hostile-input rule: never ignore).
    A move's options model does this itself (``extra="forbid"``)."""
    for name in given(options):
        if name not in allowed:
            raise UserError("command.option_not_in_system", option=name, system=f"system.{system}")
