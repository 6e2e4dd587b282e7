"""SWADE rounds and turns: dealing (SW-30..SW-33), the turn order, Hold and interrupts
(SW-34), surprise, and what the rules ask at the start and end of a turn (SW-15..SW-17).
Pure. One module per rule:

- :mod:`.slots`: who acts on a card, whose turn it is (SW-31).
- :mod:`.rolls`: the trait rolls of the turn sequence and their events.
- :mod:`.start`: the start and end of a turn, and the benny reroll of its Vigor rolls.
- :mod:`.deal`: dealing a round (SW-30..SW-34).
- :mod:`.sequence`: the GM's deal, the next turn, what follows a turn's end.
- :mod:`.hold`: Hold and interrupts (SW-34).
- :mod:`.cards`: cards given by hand and redrawn with a benny (SW-31/SW-35).

The round's bookkeeping on :class:`SwadeState`: ``turn_order`` lists the leaders of the
round's slots (a combatant, or the first member of a group of Extras sharing a card,
SW-31) in card order; ``current`` is the last slot reached; ``active`` the slot whose turn
is in progress (a holder acting included); ``suspended`` a turn a holder interrupted;
``hold_queue`` holders that act when the active turn ends; ``acted`` the slots whose turn
has come this round.

Readings (not settled by the seeds or RULES-NOTES):

- Who is dealt a card: everyone able to act; the dead get none, nor the incapacitated,
  except those bleeding out, who get one card with no edge draws so that their Vigor
  roll has its place in the order (core SWADE). A Joker dealt to them still counts.
- A Hold lasts this round or the next (SW-34, seed 003: "esta ronda o la siguiente"): a
  combatant on Hold when a round is dealt keeps its card and gets no new one (nor a
  place in the new order: if it loses the Hold it has no turn that round); a Hold from
  two rounds back lapses and it is dealt normally. Joker +2 applies only in the
  round the Joker was dealt.
- Going on Hold does not end the turn (nothing expires); the turn ends when the holder
  has acted. Losing a Hold (Shaken, Stunned) before its card comes up means it acts on
  its card; after, it has no more turn this round.
- Interrupting (SW-34 with SW-7): the holder is the initiator and rolls Athletics first,
  the interrupted combatant defends with Athletics and wins ties. If the holder loses,
  it acts right after the interrupted turn.
- Surprise (SW-34): only on the first deal. Ambushers are dealt cards and start on Hold;
  each victim rolls Notice (a group of Extras makes one group roll, SW-8) and on a
  failure gets no card in the first round. Victims default to every combatant on a side
  none of the ambushers is on.
- Start of a turn, for each member of the slot: Defend ends (SW-21); bleeding out rolls
  Vigor (core SWADE: failure dies, success keeps bleeding, a raise stabilises; Hard to
  Kill ignores wound penalties on it); Stunned rolls Vigor (SW-16; being Stunned it is
  Distracted, so the roll takes the -2 of SW-6); then Shaken rolls Spirit (SW-15). Combat Reflexes adds +2 to the Shaken and Stunned recovery rolls (core
  SWADE). A slot with nobody able to act after these rolls ends its turn at once.
  Before those rolls, Lingering Damage due (SW-41, ``power_effects.fire_lingering``);
  at the end of a turn, its members' maintained powers count down (SW-42).
- The Stunned and bleeding-out Vigor rolls may be rerolled with a benny (SW-4/SW-35,
  :func:`reroll_turn_start`): in that round (a Stunned roll while its turn is in
  progress), as long as nothing has changed what the roll decided.
- When the last card has acted: if holders remain the round waits for them (or for the
  next ``next_turn``); otherwise the next round is dealt.
"""

from bot.systems.swade.turns.cards import redraw_card, set_card
from bot.systems.swade.turns.deal import DRAW_EDGES
from bot.systems.swade.turns.hold import act_from_hold, hold, interrupt
from bot.systems.swade.turns.rolls import roll_trait
from bot.systems.swade.turns.sequence import deal, next_turn, settle_holds
from bot.systems.swade.turns.slots import (
    can_act,
    current_combatant,
    dealable,
    interrupt_target,
    slot_members,
    slot_name,
    whose_turn,
)
from bot.systems.swade.turns.start import reroll_turn_start

__all__ = [
    "DRAW_EDGES",
    "act_from_hold",
    "can_act",
    "current_combatant",
    "deal",
    "dealable",
    "hold",
    "interrupt",
    "interrupt_target",
    "next_turn",
    "redraw_card",
    "reroll_turn_start",
    "roll_trait",
    "set_card",
    "settle_holds",
    "slot_members",
    "slot_name",
    "whose_turn",
]
