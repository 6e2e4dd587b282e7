"""Autocomplete for a Ritual Hex encounter: /act offers the actor's actions and verbs,
/react with the reactor's reactions, /attack's weapon its attacks, ``called`` the
target's limbs; and the chain's buttons name who presses them (RH-8)."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace
from typing import Any

from bot.commands.autocomplete import system_choices
from bot.systems.encounter import Encounter
from bot.systems.ritualhex import declare, start_round
from bot.systems.ritualhex.moves import who as cog
from bot.systems.ritualhex.state import RitualHexState
from tests.systems.ritualhex.helpers import GM, PLAYER_A, cid, example_cast, no_dice

action_autocomplete = partial(system_choices, "action")
limb_autocomplete = partial(system_choices, "limb")
weapon_autocomplete = partial(system_choices, "weapon")


def fight(*, attacked: bool) -> Encounter:
    state = start_round(example_cast(), GM).state
    if attacked:
        state = declare(
            state, PLAYER_A, no_dice(), actor_id=cid(state, "Red Haggar"), action="Piña",
            targets=[cid(state, "Goblin")],
        ).state  # fmt: skip
    return Encounter(channel_id=1, guild_id=2, gm_id=GM.user_id, state=state)


def interaction(
    user: int, command: str, parent: str | None = None, focused: str = "action", **values: Any
) -> Any:
    return SimpleNamespace(
        user=SimpleNamespace(id=user),
        namespace=SimpleNamespace(**values),
        command=SimpleNamespace(
            name=command, parent=SimpleNamespace(name=parent) if parent else None
        ),
        data={"options": [{"name": focused, "focused": True, "value": ""}]},
        client=SimpleNamespace(language_for=lambda _i: "es"),
    )


def names(choices: list[Any]) -> list[str]:
    return [c.value for c in choices]


async def test_act_offers_the_actors_actions_and_verbs() -> None:
    enc = fight(attacked=False)
    got = await action_autocomplete(interaction(PLAYER_A.user_id, "act"), enc, "")
    assert names(got) == ["Piña", "Patada", "Curar", "Esperar", "Preparar"]
    # The Goblin (named) has no actions of its own but its shield: stow or drop it.
    i = interaction(GM.user_id, "act", actor="Goblin")
    assert names(await action_autocomplete(i, enc, "")) == [
        "Esperar", "Preparar", "guardar Escudo", "soltar Escudo",
    ]  # fmt: skip


async def test_react_with_offers_the_reactors_usable_reactions() -> None:
    enc = fight(attacked=True)
    i = interaction(GM.user_id, "with", parent="react", focused="reaction")
    assert names(await action_autocomplete(i, enc, "")) == ["Bloqueo"]
    i = interaction(GM.user_id, "with", parent="react", focused="reaction", actor="Thrall")
    # Proteger needs an ally of the Thrall targeted: the Goblin is.
    assert names(await action_autocomplete(i, enc, "pro")) == ["Proteger"]


async def test_weapon_and_limb_autocomplete() -> None:
    enc = fight(attacked=False)
    i = interaction(PLAYER_A.user_id, "attack", focused="weapon")
    assert names(await weapon_autocomplete(i, enc, "")) == ["Piña", "Patada"]
    i = interaction(PLAYER_A.user_id, "attack", focused="called", target="Goblin")
    assert names(await limb_autocomplete(i, enc, "")) == ["mano1", "mano2", "pies"]
    i = interaction(PLAYER_A.user_id, "attack", focused="limb", target="Goblin")
    assert names(await limb_autocomplete(i, enc, "man")) == ["mano1", "mano2"]


def test_the_chain_buttons_name_the_reactor_and_the_reaction() -> None:
    state = fight(attacked=True).state
    assert isinstance(state, RitualHexState)
    offers = cog.offers(state)
    labels = [(o.action, o.data.get("name"), o.data.get("reaction")) for o in offers]
    assert labels == [
        ("rh_react", "Goblin", "Bloqueo"),
        ("rh_pass", "Goblin", None),
        ("rh_pass_all", None, None),
        ("rh_pass", "Thrall", None),
    ]
    # The minions' buttons are the GM's (user None); nobody else may press them.
    assert all(o.user_id is None for o in offers)


def test_limb_names_in_both_languages() -> None:
    goblin = fight(attacked=False).state.combatants[1]
    assert goblin.name == "Goblin"
    assert cog.find_part(goblin, "hand2") == "mano2"
    assert cog.find_part(goblin, "feet") == "pies"
    assert cog.find_part(goblin, "Mano 1") == "mano1"
    assert cog.find_part(goblin, "torso", limbs_only=False) == "torso"
