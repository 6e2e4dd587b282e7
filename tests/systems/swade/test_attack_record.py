"""Issue 32: what an attack keeps for a benny reroll (SW-35) is made faster, never
different: its options as their JSON dump (kept by value, a new dict each time), and
the attacker and target as they were (dumped from the combatants at hand)."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from bot.systems.swade.combat import attack, reroll_attack
from bot.systems.swade.modifiers import AttackOptions, options_json
from bot.systems.swade.rerolls import snapshot, snapshot_of
from bot.systems.swade.state import SNAPSHOT_EXCLUDE

from .test_combat_fixtures import PLAYER, dice, goblin, hero, state_of


def _other_value(name: str) -> Any:
    """A valid value of option ``name`` other than its default."""
    field = AttackOptions.model_fields[name]
    default = field.default
    if isinstance(default, bool):
        return not default
    if name == "damage":
        return "Str+d10"
    if isinstance(default, int):
        return default + 1 if name != "called_penalty" else -2
    choices = [a for a in get_args(field.annotation) if a != default]
    return choices[0]


def _every_options() -> list[AttackOptions]:
    out = [AttackOptions()]
    for name in AttackOptions.model_fields:
        out.append(AttackOptions(**{name: _other_value(name)}))
    out.append(AttackOptions().model_copy(update={"damage": "2d6+1"}))  # as /attack makes it
    return out


@pytest.mark.parametrize(
    "options", _every_options(), ids=lambda o: ",".join(sorted(o.model_fields_set)) or "defaults"
)
def test_the_options_kept_are_their_json_dump(options: AttackOptions) -> None:
    assert options_json(options) == options.model_dump(mode="json")
    assert options_json(options) == options.model_dump(mode="json")  # kept: the same again


def test_each_record_gets_its_own_options() -> None:
    """A record's options changed (an import's, say) never reach another attack's."""
    first = options_json(AttackOptions(cover="light"))
    first["cover"] = "total"
    assert options_json(AttackOptions(cover="light"))["cover"] == "light"


def test_an_int_option_and_a_bool_one_are_told_apart() -> None:
    """``True == 1``: the options are kept by their values and their types."""
    one = AttackOptions(gang_up=1)
    flagged = AttackOptions().model_copy(update={"gang_up": True})
    assert options_json(one)["gang_up"] == 1
    assert options_json(flagged) == flagged.model_dump(mode="json")


def test_the_snapshot_of_the_combatants_at_hand_is_the_one_by_id() -> None:
    st = state_of(hero(), goblin())
    new = st.model_copy(deep=True)
    h, g = (next(c for c in new.combatants if c.id == cid) for cid in ("h", "g"))
    assert snapshot_of([h, g]) == snapshot(new, ["h", "g"])
    assert list(snapshot_of([h, g])) == ["h", "g"]
    assert not SNAPSHOT_EXCLUDE & set(snapshot_of([h])["h"])


def test_an_attack_records_its_options_and_a_reroll_reads_them_back() -> None:
    """SW-35: the reroll redoes the attack with the options it was made with: light
    cover -2 and a called shot to the head -4 (SW-22, SW-23), and the head's +4 damage."""
    options = AttackOptions(cover="light", called_shot="head")
    out = attack(
        state_of(hero(), goblin()), PLAYER, dice(6, 3), attacker_id="h", target_id="g",
        weapon="Espada", options=options,
    )  # fmt: skip
    record = next(c for c in out.state.combatants if c.id == "h").last_attack
    assert record["params"]["options"] == options.model_dump(mode="json")
    assert record["roll"]["total"] == 6 - 6  # a miss against Parry 5
    # The reroll: d8 8 and 5 (an ace), wild die 2: 13 - 6 = 7; damage d8 3 + d8 2 + 4.
    again = reroll_attack(out.state, PLAYER, dice(8, 5, 2, 3, 2), "h")
    roll = next(e for e in again.events if e.key.startswith("swade.combat.attack.roll"))
    assert roll.params["total"] == 7
    assert dict(map(tuple, roll.params["modifiers"])) == {
        "swade.combat.mod.cover": -2,
        "swade.combat.mod.called_shot": -4,
    }
    damage = next(e for e in again.events if e.key == "swade.combat.damage.roll")
    assert damage.params["damage"] == 3 + 2 + 4


def test_a_reroll_copies_only_the_combatants_it_puts_back() -> None:
    """SW-35 through :func:`restore`: the attacker and target are put back as they were;
    every other combatant stays the very object of the state before (copied on write,
    so the encounter reuses its JSON), and the state given is left as it was."""
    st = state_of(hero(), goblin(), goblin("g2"), goblin("g3"))
    out = attack(
        st, PLAYER, dice(8, 4, 3, 2, 2, 2), attacker_id="h", target_id="g", weapon="Espada"
    )
    committed = out.state.model_copy(update={"combatants": list(out.state.combatants)})
    assert committed.combatants[1].shaken  # 2 + 2 + 2 (the raise die) against Toughness 5
    before = committed.model_dump_json()
    again = reroll_attack(committed, PLAYER, dice(1, 1), "h")  # a critical failure stands
    after = list(again.state.combatants.raw())
    assert [c.id for c in after] == ["h", "g", "g2", "g3"]
    assert after[2] is committed.combatants[2] and after[3] is committed.combatants[3]
    assert after[0] is not committed.combatants[0] and after[1] is not committed.combatants[1]
    assert after[1].wounds == 0 and not after[1].shaken  # the goblin as before the attack
    assert committed.model_dump_json() == before
