"""Savage Worlds as a plugin (seeds 000-003, SW-1..SW-41): its state, its stat-block
reader, its moves (:mod:`bot.systems.swade.moves`), its suggestions and its renderers
(:mod:`bot.render.swade`)."""

from __future__ import annotations

from bot.systems.bennies import JOINED, JOKER, SYNC, BennyRules
from bot.systems.plugin import Plugin
from bot.systems.swade.benny_pools import (
    give_wild_card_bennies,
    seed_wild_card_pools,
    take_wild_card_benny,
)
from bot.systems.swade.bounds import state_problems
from bot.systems.swade.examples import EXAMPLES
from bot.systems.swade.moves import MOVES
from bot.systems.swade.moves.bennies import SPENDS, spend
from bot.systems.swade.moves.roster import read_sheet
from bot.systems.swade.moves.suggest import SUGGEST
from bot.systems.swade.moves.who import find_named, own_combatant
from bot.systems.swade.pending import pending
from bot.systems.swade.state import SwadeState
from bot.systems.swade.turns import whose_turn

# SW-33, SW-35: what the bennies service asks of Savage Worlds.
BENNIES = BennyRules(
    uses=frozenset(SPENDS),
    spend=spend,
    spender=own_combatant,
    named=find_named,
    take=take_wild_card_benny,
    give=give_wild_card_bennies,
    seed=seed_wild_card_pools,
    events={
        "swade.joker.award": JOKER,
        "swade.combatant.joined": JOINED,
        "swade.combatant.added": SYNC,
        "swade.combatant.edited": SYNC,
    },
)

PLUGIN: Plugin[SwadeState] = Plugin(
    system="swade",
    title="Savage Worlds",
    state=SwadeState,
    read_sheet=read_sheet,
    moves=MOVES,
    suggest=SUGGEST,
    renderers="bot.render.swade",
    turn=whose_turn,
    pending=pending,
    instead={"initiative:roll": "deal"},
    definitions=lambda state: len(state.power_defs),
    state_problems=state_problems,
    examples=EXAMPLES,
    bennies=BENNIES,
    target_rolls=frozenset({"swade.combat.soak.result"}),  # SW-14: the one hit soaks
)
