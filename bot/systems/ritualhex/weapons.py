"""Which attack ``/attack`` makes when it names none, and how a reply names an attack
(the care of SW-44 in Ritual Hex). Pure.

- Without ``weapon``, the first attack its sheet or its equipped items give (the sheet's
  own actions, then each item in the order the sheet lists them, RH-9); the heroes'
  base attacks (Piña, then Patada, RH-10) only when there is none.
- A reply names the attack with its damage and the item it comes from: "Tajo (Espada,
  daño 1d)", "Piña (daño 1d-2|1)".
"""

from __future__ import annotations

from typing import Any

from bot.i18n import term
from bot.systems.ritualhex.actions import BASE_ACTIONS, action_term
from bot.systems.ritualhex.state import ActionDef, Equipment


def is_attack(action: ActionDef) -> bool:
    return action.kind == "attack" and not action.is_reaction


def default_attack(
    available: list[tuple[ActionDef, Equipment | None]],
) -> ActionDef | None:
    """The attack an attacker makes when it names none (the module's order), from
    :func:`~bot.systems.ritualhex.available.available_actions`' list; None without any."""
    base = {id(a) for a in BASE_ACTIONS}
    attacks = [a for a, _ in available if is_attack(a)]
    given = [a for a in attacks if id(a) not in base]
    return (given or attacks or [None])[0]


def damage_text(action: ActionDef) -> str | None:
    """The action's damage as the seed writes it (RH-3: ``1d-2|1``), or None when it
    deals none."""
    amount = next(
        (e.amount for e in action.effects if e.kind == "damage" and e.amount is not None), None
    )
    if amount is None:
        return None
    text = amount.text()
    return f"1{text}" if text.startswith("d") else text


def action_phrase(action: ActionDef, item: Equipment | None) -> dict[str, Any]:
    """How a reply names an action, for a ``:key`` parameter: an attack as a phrase with
    its damage and its item ("Piña (daño 1d-2|1)", "Punch (damage 1d-2|1)"), any other
    action by its name; a shipped action in the reader's language
    (:func:`~bot.systems.ritualhex.actions.action_term`)."""
    name = action_term(action)
    damage = damage_text(action) if is_attack(action) else None
    if damage is None:
        return name
    if item is not None:
        return term("ritualhex.attack_named_item", action=name, damage=damage, item=item.name)
    return term("ritualhex.attack_named", action=name, damage=damage)
