"""Rules copy a state's combatants on write (bot.systems.common.CowList), and the service
reuses the JSON of the combatants an action left untouched (encounter_json)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from pydantic import Field, ValidationError

from bot.encounter.cache import encounter_json
from bot.play.lines import LineError
from bot.play.table import OfflineTable
from bot.storage.packed import unpack
from bot.systems.common import CowList, StateCore, own_item, owned_by_id, owned_where, raw_items
from bot.systems.encounter import Encounter
from bot.systems.swade.deck import full_deck
from bot.systems.swade.injury import Injury, apply_injury
from bot.systems.swade.state import Card, SwadeCombatant, SwadeState, Trait
from tests.table.stored_golden import fight


def shared_items(items: CowList[SwadeCombatant]) -> list[SwadeCombatant]:
    """The items still the original state's (never reached through the list)."""
    return [item for item in items.raw() if items.is_shared(item)]


def _state(n: int = 4) -> SwadeState:
    return SwadeState(combatants=[SwadeCombatant(id=f"c{i}", name=f"C{i}") for i in range(n)])


def test_a_copy_shares_combatants_until_one_is_reached() -> None:
    state = _state()
    copy = state.model_copy(deep=True)
    assert isinstance(copy.combatants, CowList)
    assert all(a is b for a, b in zip(raw_items(copy.combatants), state.combatants, strict=True))
    assert len(shared_items(copy.combatants)) == 4

    copy.combatants[1].shaken = True  # reached by index: copied first
    assert state.combatants[1].shaken is False
    assert copy.combatants[1].shaken is True
    assert copy.combatants[1] is copy.combatants[1]  # copied once, then kept
    assert len(shared_items(copy.combatants)) == 3


def test_every_way_of_reaching_an_item_copies_it() -> None:
    state = _state()
    for reach in (
        lambda c: list(c.combatants),
        lambda c: c.combatants[:],
        lambda c: list(reversed(c.combatants)),
        lambda c: [c.combatants.pop()],
        lambda c: c.combatants.copy(),
    ):
        copy = state.model_copy(deep=True)
        for item in reach(copy):
            item.wounds = 2
        assert [c.wounds for c in state.combatants] == [0, 0, 0, 0]


def test_raw_reads_without_copying_and_own_copies_one() -> None:
    state = _state()
    copy = state.model_copy(deep=True)
    names = [c.name for c in raw_items(copy.combatants)]
    assert names == ["C0", "C1", "C2", "C3"]
    assert len(shared_items(copy.combatants)) == 4
    mine = own_item(copy.combatants, 2)
    mine.name = "Z"
    assert state.combatants[2].name == "C2"
    assert len(shared_items(copy.combatants)) == 3
    picked = owned_where(copy.combatants, lambda c: c.id in ("c0", "c3"))
    assert [c.id for c in picked] == ["c0", "c3"]
    assert len(shared_items(copy.combatants)) == 1
    assert owned_by_id(copy.combatants, "nobody") is None
    assert len(shared_items(copy.combatants)) == 1  # looking copied nothing
    found = owned_by_id(copy.combatants, "c1")
    assert found is not None and found is not state.combatants[1]
    assert shared_items(copy.combatants) == []


def test_a_copy_of_a_copy_never_changes_the_first() -> None:
    state = _state()
    first = state.model_copy(deep=True)
    first.combatants[0].wounds = 1
    second = first.model_copy(deep=True)
    second.combatants[0].wounds = 3
    assert (state.combatants[0].wounds, first.combatants[0].wounds) == (0, 1)


def test_serialised_copy_equals_the_plain_one() -> None:
    state = _state()
    copy = state.model_copy(deep=True)
    copy.combatants[0].wounds = 1
    assert SwadeState.model_validate_json(copy.model_dump_json()) == copy
    assert json.loads(copy.model_dump_json())["combatants"][0]["wounds"] == 1


def _encounter(state: SwadeState) -> Encounter:
    return Encounter(channel_id=1, guild_id=2, gm_id=3, state=state)


def test_saved_json_reuses_untouched_combatants_and_is_the_encounter() -> None:
    before = _encounter(_state())
    text, fragments, _ = encounter_json(before, {}, {})
    assert json.loads(text) == json.loads(before.model_dump_json())
    assert len(fragments) == 4

    new_state = before.state.model_copy(deep=True)
    new_state.combatants[1].wounds = 2
    new_state.round = 3
    after = before.model_copy(update={"state": new_state, "seq": 1})
    # A stale fragment for an untouched combatant would show here: mark them.
    marked = {k: (obj, js.replace('"C0"', '"MARK0"')) for k, (obj, js) in fragments.items()}
    text2, fragments2, _ = encounter_json(after, marked, {})
    assert fragments2[id(new_state.combatants[0])][1] == marked[id(new_state.combatants[0])][1]
    parsed = json.loads(text2)
    assert parsed["state"]["combatants"][0]["name"] == "MARK0"  # reused, not re-serialized
    parsed["state"]["combatants"][0]["name"] = "C0"
    assert parsed == json.loads(after.model_dump_json())
    assert parsed["state"]["combatants"][1]["wounds"] == 2  # touched: serialized afresh
    assert parsed["state"]["round"] == 3
    assert type(after.state.combatants) is list  # committed: nothing shared any more
    assert Encounter.model_validate_json(text) == before


def test_a_copy_shares_records_and_cards_but_not_what_changes_in_place() -> None:
    import pytest
    from pydantic import ValidationError

    from bot.systems.swade.state import Card

    c = SwadeCombatant(id="c1", name="A", last_attack={"roll": {"total": 9}}, injury_log=[])
    state = SwadeState(combatants=[c], deck=[Card(rank=5, suit="S")], discard=[])
    copy = state.model_copy(deep=True)
    mine = copy.combatants[0]
    assert mine.last_attack is c.last_attack  # replaced whole, never changed in place
    assert mine.injury_log is not c.injury_log  # appended to: copied
    assert copy.deck is not state.deck and copy.deck[0] is state.deck[0]
    copy.deck.pop()
    assert len(state.deck) == 1
    with pytest.raises(ValidationError):
        state.deck[0].rank = 7  # cards are frozen, so sharing them is safe


def test_validated_combatants_share_equal_traits_and_cards_and_a_change_stays_local() -> None:
    """Traits and cards are frozen and shared (``state.shared``: fewer objects for the
    garbage collector to walk); a changed trait is a new object, so an SW-13 injury that
    steps down one goblin's Vigor leaves the other, who shared that d6, as it was."""
    data = {
        "combatants": [
            {"id": f"c{i}", "name": f"Goblin {i}", "attributes": {"vigor": {"die": 6}}}
            for i in (1, 2)
        ]
    }
    state = SwadeState.model_validate_json(json.dumps(data))
    one, two = state.combatants
    assert one.attributes["vigor"] is two.attributes["vigor"]
    with pytest.raises(ValidationError):
        one.attributes["vigor"].die = 4  # type: ignore[misc]

    apply_injury(one, Injury("guts_battered", (5, 6), 2), "until_healed")  # Vigor down
    assert one.attributes["vigor"] == Trait(die=4)
    assert two.attributes["vigor"] == Trait(die=6)

    first, second = full_deck(), full_deck()
    assert all(a is b for a, b in zip(first, second, strict=True))
    dealt = state.model_copy(update={"deck": first}).model_dump_json()
    again = SwadeState.model_validate_json(dealt)
    assert all(a is b for a, b in zip(again.deck, second, strict=True))


def test_a_copy_is_equal_and_shares_nothing_that_changes_in_place() -> None:
    from bot.systems.swade.state import Condition, SwadeSettings, Weapon

    c = SwadeCombatant(
        id="c1",
        name="A",
        attributes={"vigor": Trait(die=8)},
        edges=["brawny"],
        weapons=[Weapon(name="Espada", damage="Fue+d8")],
        conditions=[Condition(name="distracted", ends="turn_end", turns_left=1)],
        injury_log=[{"injury": "leg"}],
    )
    state = SwadeState(combatants=[c], settings=SwadeSettings(wound_cap=True), acted=["c1"])
    copy = state.model_copy(deep=True)
    mine = copy.combatants[0]
    assert copy == state and mine == c
    assert mine.attributes["vigor"] is c.attributes["vigor"]  # frozen: shared
    mine.attributes["vigor"] = Trait(die=4)
    mine.edges.append("quick")
    mine.weapons[0].damage = "Fue+d4"
    mine.conditions[0].turns_left = 0
    mine.injury_log[0]["injury"] = "arm"
    copy.settings.wound_cap = False
    copy.acted.append("c2")
    assert c.attributes["vigor"].die == 8 and c.edges == ["brawny"]
    assert c.weapons[0].damage == "Fue+d8" and c.conditions[0].turns_left == 1
    assert c.injury_log == [{"injury": "leg"}]
    assert state.settings.wound_cap is True and state.acted == ["c1"]


def test_a_touched_combatant_reuses_the_json_of_the_records_it_kept() -> None:
    # Records (last_attack...) are only ever replaced whole (__copy_shares__): a
    # combatant the action touched keeps the JSON of those it did not replace.
    record = {"params": {"target_id": "c1"}, "before": {"c1": {"name": "C1", "wounds": 0}}}
    state = _state(2)
    state.combatants[0].last_attack = record
    before = _encounter(state)
    _, fragments, _ = encounter_json(before, {}, {})
    assert fragments[id(record)][0] is record
    marked = {
        k: (obj, js.replace('"C1"', '"MARK"') if obj is record else js)
        for k, (obj, js) in fragments.items()
    }
    new_state = before.state.model_copy(deep=True)
    new_state.combatants[0].wounds = 1  # touched: copied, its record shared
    after = before.model_copy(update={"state": new_state, "seq": 1})
    text, _, _ = encounter_json(after, marked, {})
    parsed = json.loads(text)
    mine = parsed["state"]["combatants"][0]
    assert mine["wounds"] == 1  # serialized afresh
    assert mine["last_attack"]["before"]["c1"]["name"] == "MARK"  # the record's JSON reused
    mine["last_attack"]["before"]["c1"]["name"] = "C1"
    assert parsed == json.loads(after.model_dump_json())
    assert Encounter.model_validate(parsed) == after


class Side(StrEnum):
    FOES = "foes"


@pytest.mark.parametrize(
    "record",
    [
        {"params": {"weapon": "Ñandú «¿?» 🃏", "rof": 3, "ap": -1.5, "flags": [True, None]}},
        {"before": {"c1": {"name": "C1", "wounds": 0, "injuries": []}}, "roll": {"total": 1e300}},
        {"when": datetime(2026, 11, 28, 8, 0, tzinfo=UTC)},  # a date: pydantic's way
        {"huge": 2**70},  # past 64 bits: orjson refuses it
        {"trait": Trait(die=8)},  # a model inside
        {"side": Side.FOES},  # a subclass of str
        {"nan": float("nan"), "inf": float("inf")},
    ],
    ids=["plain", "snapshots", "date", "huge", "model", "str subclass", "nan"],
)
def test_a_new_record_is_saved_as_pydantic_saves_it(record: dict[object, object]) -> None:
    # Issue 32: a record an action made (last_attack...) goes through orjson when it
    # holds only what JSON has, else through pydantic; either way the saved JSON reads
    # back as the encounter's own.
    state = _state(2)
    state.combatants[0].last_attack = record
    encounter = _encounter(state)
    text, _, _ = encounter_json(encounter, {}, {})
    assert json.loads(text) == json.loads(encounter.model_dump_json())


def _dealt(deck: list[Card], discard: list[Card]) -> Encounter:
    state = _state(2).model_copy(update={"deck": deck, "discard": discard})
    return _encounter(state)


def test_the_decks_json_is_reused_only_while_it_holds_the_very_same_cards() -> None:
    """Issue 32: rules copy the deck and the discard pile as new lists of the same
    frozen cards (``__copy_lists__``); the saved JSON reuses a pile's JSON while it holds
    the very cards it was made from, in the same order, and makes it afresh otherwise."""
    cards = full_deck()
    before = _dealt(cards[:40], cards[40:])
    text, fragments, lists = encounter_json(before, {}, {})
    assert json.loads(text) == json.loads(before.model_dump_json())
    assert set(lists) == {"deck", "discard", "power_defs"}
    # Marked: what is reused shows as the mark.
    marked = {k: (items, js.replace('"rank":', '"MARK":')) for k, (items, js) in lists.items()}

    copy = before.state.model_copy(deep=True)  # new lists, the same cards
    assert copy.deck is not before.state.deck
    same = before.model_copy(update={"state": copy, "seq": 1})
    text2, _, lists2 = encounter_json(same, fragments, marked)
    parsed = json.loads(text2)["state"]
    assert "MARK" in parsed["deck"][0] and "MARK" in parsed["discard"][0]  # reused
    assert lists2["deck"] is marked["deck"]

    moved = before.state.model_copy(deep=True)
    moved.discard.append(moved.deck.pop(0))  # a card dealt: both piles change
    dealt = before.model_copy(update={"state": moved, "seq": 2})
    text3, _, lists3 = encounter_json(dealt, fragments, marked)
    assert json.loads(text3) == json.loads(dealt.model_dump_json())  # made afresh
    assert lists3["deck"][0] == tuple(moved.deck)

    swapped = before.state.model_copy(deep=True)
    swapped.deck[0], swapped.deck[1] = swapped.deck[1], swapped.deck[0]  # same cards, reordered
    reordered = before.model_copy(update={"state": swapped, "seq": 3})
    text4, _, _ = encounter_json(reordered, fragments, marked)
    parsed4, whole = json.loads(text4)["state"], json.loads(reordered.model_dump_json())["state"]
    assert parsed4["deck"] == whole["deck"]  # made afresh
    assert "MARK" in parsed4["discard"][0]  # the untouched pile still reused


def test_a_piles_json_is_kept_with_the_cards_it_was_made_from_not_the_list() -> None:
    """The reused JSON is kept with a copy of the pile's items, not the list itself: a
    list changed in place afterwards (nothing should, but) never makes it stale."""
    cards = full_deck()
    before = _dealt(cards[:2], [])
    _, fragments, lists = encounter_json(before, {}, {})
    before.state.deck.append(cards[2])  # the list the JSON was made from, changed in place
    after = before.model_copy(update={"seq": 1})
    text, _, _ = encounter_json(after, fragments, lists)
    assert len(json.loads(text)["state"]["deck"]) == 3
    assert json.loads(text) == json.loads(after.model_dump_json())


def test_only_lists_of_frozen_models_have_their_json_reused() -> None:
    from bot.encounter.cache import _frozen_lists

    names = _frozen_lists(SwadeState)
    assert names == ("deck", "discard", "power_defs")
    assert all(
        SwadeState.model_fields[n].annotation.__args__[0].model_config["frozen"] for n in names
    )


def test_the_saved_state_is_written_byte_for_byte_as_before() -> None:
    """The stored state is the bytes it always was (tests/table/test_stored_golden.py):
    the piles' JSON, reused or not, goes where the state's own JSON has them."""
    cards = full_deck()
    before = _dealt(cards[:30], cards[30:])
    expected = _written_as_before(before)
    text, fragments, lists = encounter_json(before, {}, {})
    assert text == expected
    copy = before.state.model_copy(deep=True)
    same = before.model_copy(update={"state": copy, "seq": 1})
    text2, _, lists2 = encounter_json(same, fragments, lists)
    assert lists2["deck"] is lists["deck"]  # reused
    assert text2 == _written_as_before(same)


def _written_as_before(encounter: Encounter) -> str:
    """The saved JSON as the service wrote it before the piles' JSON was reused: the
    encounter's, with the state's combatants last."""
    state = encounter.state
    envelope = encounter.model_dump_json(exclude={"state"})
    rest = state.model_dump_json(exclude={"combatants"})
    parts = ",".join(c.model_dump_json() for c in state.combatants)
    return f'{envelope[:-1]},"state":{rest[:-1]},"combatants":[{parts}]}}}}'


class _Noted(StateCore):
    """A state whose notes may hold a key named as its pile."""

    system: str = "noted"
    notes: dict[str, Any] = Field(default_factory=dict)
    deck: list[Card] = Field(default_factory=list)

    __copy_lists__ = ("deck",)


def test_a_pile_named_inside_another_value_leaves_the_state_written_whole() -> None:
    """``"deck":[]`` found twice (a key of the same name inside another value): which
    one is the state's is not guessed; the state is written whole, as it always was."""
    from bot.encounter.cache import _rest_json

    cards = full_deck()[:3]
    plain = _Noted(deck=cards, notes={"a": 1})
    lists: dict[str, Any] = {}
    assert _rest_json(plain, {}, lists) == plain.model_dump_json(exclude={"combatants"})
    assert lists["deck"][0] == tuple(cards)  # spliced, and kept for next time

    twice = _Noted(deck=cards, notes={"deck": []})
    lists = {}
    assert _rest_json(twice, {}, lists) == twice.model_dump_json(exclude={"combatants"})
    assert lists == {}  # written whole


def _long_way(encounter: Encounter) -> str:
    """The encounter's JSON in the order :func:`encounter_json` writes it, made the long
    way: every part by ``model_dump_json`` afresh, nothing reused, no state changed
    while it is written, no record through orjson."""
    envelope = encounter.model_dump_json(exclude={"state"})
    state = encounter.state
    rest = state.model_dump_json(exclude={"combatants"})
    combatants = ",".join(_combatant_long_way(c) for c in raw_items(state.combatants))
    return f'{envelope[:-1]},"state":{rest[:-1]},"combatants":[{combatants}]}}}}'


def _combatant_long_way(combatant: Any) -> str:
    shares = [
        name
        for name in type(combatant).__copy_shares__
        if combatant.__dict__.get(name) not in (None, [], {})
    ]
    rest = combatant.model_dump_json(exclude=set(shares))
    records = ",".join(combatant.model_dump_json(include={name})[1:-1] for name in shares)
    return f"{rest[:-1]}{',' if len(rest) > 2 and records else ''}{records}}}"


@pytest.mark.parametrize(("locale", "seed"), [("es", 3), ("en", 11)])
async def test_the_json_saved_after_every_action_is_the_long_way_s_byte_for_byte(
    tmp_path: Path, locale: str, seed: int
) -> None:
    """Issue 32: what an action saves (the combatants' JSON reused, the state written
    with its piles emptied in place, records through orjson, the models by their
    serializer) is byte for byte the JSON made the long way, after every line of the
    bench's fight: attacks that hit and miss, wild attacks, benny rerolls of attacks and
    damage, a soak, /next and /undo (the undo's state, read afresh, then saved again by
    the next action)."""
    compared = 0
    async with OfflineTable(db_path=tmp_path / "t.db", seed=seed, locale=locale) as table:
        assert table.bot is not None
        service, db = table.bot.encounters, table.bot.db
        for line in fight(locale):
            try:
                await table.run(line)
            except LineError:  # a press of a button the last result did not offer
                continue
            entry = service._cache.get(table.channel_id)
            if entry is None or not entry.fragments:  # not saved by an action
                continue
            row = await db.fetchone(
                "SELECT state, version FROM encounters WHERE channel_id = ?", (table.channel_id,)
            )
            assert row is not None and row["version"] == entry.version
            assert unpack(row["state"]) == entry.json == _long_way(entry.encounter), line
            compared += 1
    assert compared >= 60  # every kind of action in the fight, not a few
