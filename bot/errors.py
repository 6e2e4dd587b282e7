"""User-facing errors raised outside the pure layers (cogs, service)."""

from __future__ import annotations

from typing import Any

from bot.systems.base import RuleError


class UserError(RuleError):
    """A localized error for the user who caused it (ephemeral, changes nothing)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key, **params)


class ReplayedInteraction(Exception):
    """An interaction already applied was delivered again (a gateway replay): the first
    delivery answered it, so this one stops without a word."""
