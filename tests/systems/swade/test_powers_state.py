"""Issue 19's state fields load from states and exports made before them (defaults), and
a state holding powers in play survives the export's JSON round trip."""

from __future__ import annotations

from bot.systems.swade.power_defs import define_power
from bot.systems.swade.powers import cast
from bot.systems.swade.state import SwadeState

from .power_fixtures import mage
from .test_combat_fixtures import GM, PLAYER, dice, get, goblin, hero, state_of

NEW_COMBATANT_FIELDS = ("maintaining", "power_effects", "lingering")


def test_a_state_saved_before_powers_loads_with_empty_defaults() -> None:
    data = state_of(mage(), hero("h")).model_dump(mode="json")
    del data["power_defs"]
    del data["settings"]["failed_cast_full_cost"]
    for c in data["combatants"]:
        for name in NEW_COMBATANT_FIELDS:
            del c[name]
    st = SwadeState.model_validate(data)
    assert st.power_defs == [] and not st.settings.failed_cast_full_cost
    assert all(getattr(c, n) == [] for c in st.combatants for n in NEW_COMBATANT_FIELDS)


def test_powers_in_play_survive_the_json_round_trip() -> None:
    st = define_power(
        state_of(mage(), hero("h"), goblin()),
        GM,
        "name: Ward; cost: 1; duration: until ended; success: parry +1",
    ).state
    st = cast(st, PLAYER, dice(4, 1), "m", "ward", ["h"], ["shroud"]).state
    st = cast(st, PLAYER, dice(5, 1, 1, 1), "m", "bolt", ["g"], ["lingering"]).state
    again = SwadeState.model_validate_json(st.model_dump_json())
    assert again.model_dump() == st.model_dump()
    assert get(again, "h").power_effects and get(again, "g").lingering
    assert get(again, "m").maintaining[0].power_id == "ward"
