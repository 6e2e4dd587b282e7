"""Ritual Hex (seed 002): heroes against the Dark Lord's minions, AP levels under a
falling needle, reaction chains, limbs and equipment. Pure rules; see RULES-NOTES
RH-1..RH-11.

Public API (all pure; the ones taking a state return an :class:`~bot.systems.base.Outcome`
with a new state and never touch the input):

- :func:`parse_sheet`, :func:`parse_action` — the GM's text formats.
- :func:`board` — plain data for the board renderer.
- :func:`add_combatant`, :func:`remove_combatant`, :func:`start_round`, :func:`define_action`,
  :func:`grant_action` — setting up (the GM's actions live in ``state.library``).
- :func:`opportunity` — who may act now; :func:`declare`, :func:`wait`,
  :func:`prepare`, :func:`end_opportunity` — acting at an opportunity.
- :func:`react`, :func:`pass_reaction`, :func:`pass_all`, :func:`next_reactors`,
  :func:`usable_reactions` — the chain.
- :func:`equip`, :func:`stow`, :func:`drop`, :func:`pick_up`, :func:`take_from` — equipment.
"""

from bot.systems.ritualhex.actions import BASE_ACTIONS, EXAMPLE_ACTIONS, parse_action
from bot.systems.ritualhex.available import available_actions
from bot.systems.ritualhex.chain import declare, end_opportunity, pass_all, pass_reaction, react
from bot.systems.ritualhex.equipment import drop, equip, pick_up, stow, take_from
from bot.systems.ritualhex.rounds import (
    add_combatant,
    define_action,
    grant_action,
    opportunity,
    prepare,
    remove_combatant,
    start_round,
    wait,
)
from bot.systems.ritualhex.sheet import parse_sheet
from bot.systems.ritualhex.state import RHCombatant, RitualHexState
from bot.systems.ritualhex.view import board, combatant_view
from bot.systems.ritualhex.window import eligible, next_reactors, offers_for, usable_reactions

__all__ = [
    "BASE_ACTIONS",
    "EXAMPLE_ACTIONS",
    "RHCombatant",
    "RitualHexState",
    "add_combatant",
    "available_actions",
    "board",
    "combatant_view",
    "declare",
    "define_action",
    "drop",
    "eligible",
    "end_opportunity",
    "equip",
    "grant_action",
    "next_reactors",
    "offers_for",
    "opportunity",
    "parse_action",
    "parse_sheet",
    "pass_all",
    "pass_reaction",
    "pick_up",
    "prepare",
    "react",
    "remove_combatant",
    "start_round",
    "stow",
    "take_from",
    "usable_reactions",
    "wait",
]
