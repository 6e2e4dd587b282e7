"""The bennies service (SW-33, SW-35, SW-38): what the bot does with bennies around an
encounter's actions. Below the cogs and with no Discord: the commands layer
(:mod:`bot.commands.benny_spending`, :mod:`bot.commands.benny_follow_ups`) says who acts
and renders what this returns.

Every change that touches the encounter state and the ledger is one transaction:

- a benny paying for an action (:func:`paying`: the benny buttons and rerolls, ``/react
  soak|unshake``, ``/bennies spend``, every move with a benny ``Cost``) is spent in the
  action's own transaction, from the ledger (:meth:`BennyLedger.spending`) or from a GM
  Wild Card's own pool in the state with its history row (:meth:`BennyLedger.recording`):
  when the rules refuse nothing is spent, and a crash cannot keep one without the other;
- bennies given to a GM Wild Card (:func:`give`) and the pools GM Wild Cards get for the
  session (:func:`sync_session`) are written with their history rows;
- ``/undo`` gives back what the undone action spent, and takes back the Joker bennies it
  gave, with the undo (:func:`undo`, SW-38).

What follows an action outside the state is read from its events, not from the database
after every command (:mod:`bot.commands.benny_follow_ups`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any

from bot.bennies.holders import (
    GM,
    benny_rules,
    combatant_of,
    holder_for,
    is_gm_wild_card,
    player_characters,
    players_present,
    user_key,
    uses_bennies,
    wc_key,
)
from bot.bennies.ledger import BennyLedger, Returned, Session
from bot.dice.source import DiceSource
from bot.encounter.service import Undone
from bot.errors import UserError
from bot.systems.base import Actor, Event, Offer, Outcome
from bot.systems.bennies import BennyRules
from bot.systems.encounter import Encounter
from bot.systems.words import fold

# Who has bennies: a combatant of a system with them (its plugin's ``bennies``): its
# ``id``, ``name``, ``is_pc``, ``controller_id``, and a GM Wild Card its own ``bennies``.
Combatant = Any

# A rules call as moves make them: (state, actor, dice) -> Outcome.
Rules = Callable[[Any, Actor, DiceSource], Outcome]
# How a pool is named to the reader ("DJ", a mention, a Wild Card's name).
Label = Callable[[str], str]
# /encounter end reads this many of the newest log and benny-history rows to find the
# encounter's start and the spends since (a longer encounter counts the whole session).
HISTORY_ROWS = 10_000


@contextmanager
def named_pool(holder: str, label: str) -> Iterator[None]:
    """The ledger names an empty pool by its key; the reader gets its label."""
    try:
        yield
    except UserError as exc:
        if exc.key == "bennies.error.empty" and exc.params.get("holder") == holder:
            raise UserError("bennies.error.empty", holder=label) from None
        raise


def with_event(outcome: Outcome, event: Event) -> Outcome:
    return outcome.model_copy(update={"events": [event, *outcome.events]})


# --- spending -------------------------------------------------------------------------------


def rules_of(encounter: Encounter) -> BennyRules:
    """How bennies work in ``encounter``'s system (``bennies.error.no_bennies_in_system`` for a
    system without them)."""
    found = benny_rules(encounter.system)
    if found is None:
        raise UserError("bennies.error.no_bennies_in_system")
    return found


def ledger_pool(combatant: Combatant) -> str | None:
    """The ledger pool a benny of ``combatant`` comes from (:func:`holder_for`'s last), or
    None when it comes from its own pool in the state (a GM Wild Card with bennies left),
    as :func:`paying` chooses."""
    holders = holder_for(combatant)
    if combatant_of(holders[0]) is not None and combatant.bennies > 0:
        return None
    return holders[-1]


@asynccontextmanager
async def paying(
    ledger: BennyLedger,
    channel_id: int,
    combatant: Combatant,
    bennies: BennyRules,
    *,
    user_id: int,
    use: str,
    note: str | None,
    roll_ref: str,
    label: Label,
) -> AsyncIterator[Callable[[Rules], Rules]]:
    """SW-35: one benny of ``combatant``'s pool pays for the encounter action the block
    runs (one :meth:`EncounterService.act` in ``channel_id``); the block gets ``pay``, which
    turns the action's rules into the paid rules (the spend said first in its events).

    The pool is :func:`holder_for`'s: a player character's controller, a GM Wild Card's
    own (in the state, taken by the paid rules, its history row written with the action)
    and then the GM's, an Extra the GM's. The benny is spent in the action's transaction:
    the rules refusing (a critical failure cannot be rerolled, SW-4; nothing to soak...)
    spend nothing, and the spend is tied to the action, so ``/undo`` gives it back (SW-38).
    ``bennies.error.empty`` (naming the pool by ``label``) before the action when the
    pool is empty. ``bennies``: how the encounter's system keeps a GM Wild Card's pool."""
    reason = f"spend.{use}"
    holder = ledger_pool(combatant)
    if holder is None:  # a GM Wild Card's own pool, in the state
        own, name = combatant.id, combatant.name

        def from_own_pool(rules: Rules) -> Rules:
            def paid(state: Any, actor: Actor, dice: DiceSource) -> Outcome:
                outcome = rules(state, actor, dice)
                after = bennies.take(outcome.state, own)
                left = next(c.bennies for c in after.combatants if c.id == own)
                spent = Event(key="bennies.spent", params={"holder": name, "left": left})
                return with_event(outcome.model_copy(update={"state": after}), spent)

            return paid

        # No session, or an encounter not sharing it (issue 21): the pool is only the state's.
        session = await ledger.shared_session(channel_id)
        if session is None:
            yield from_own_pool
            return
        row = (wc_key(own), -1, reason, user_id, note, roll_ref)
        with ledger.recording(session, channel_id, lambda: [row]):
            yield from_own_pool
        return
    shown = label(holder)
    with named_pool(holder, shown):
        async with ledger.spending(
            channel_id, holder, reason=reason, user_id=user_id, note=note, roll_ref=roll_ref
        ) as spent:

            def from_ledger(rules: Rules) -> Rules:
                def paid(state: Any, actor: Actor, dice: DiceSource) -> Outcome:
                    said = Event(key="bennies.spent", params={"holder": shown, "left": spent.left})
                    return with_event(rules(state, actor, dice), said)

                return paid

            yield from_ledger


def story(note: str, name: str) -> Rules:
    """SW-35 influence the story: nothing changes in the fight; the note is said."""

    def story(state: Any, actor: Actor, dice: DiceSource) -> Outcome:
        return Outcome(
            state=state,
            events=[Event(key="bennies.story", params={"note": note})],
            summary=Event(key="log.bennies.story", params={"name": name}),
        )

    return story


def undone_by_undo(use: str) -> bool:
    """SW-38: whether ``/undo`` gives back a benny spent on ``use``: every use but the
    story, which changes nothing in the fight (README "Bennies"), with a combatant named
    or not. A story spend is logged with the fight but leaves no undo snapshot, so an
    ``/undo`` after it undoes the action before it and leaves the story benny spent."""
    return use != "story"


def rules_for(
    encounter: Encounter,
    use: str,
    combatant: Combatant,
    note: str = "",
    offers: Sequence[Offer] = (),
) -> Rules:
    """The rules a benny use runs, for one combatant (SW-35): the system's
    (``BennyRules.uses``; a reroll the last result offers that combatant, its
    ``offers``) and the story."""
    bennies = rules_of(encounter)
    if use in bennies.uses:
        return bennies.spend(use, combatant.id, offers)
    if use == "story":
        return story(note, combatant.name)
    raise UserError("bennies.error.bad_use", use=use)


def spender(encounter: Encounter, actor: Actor, name: str | None) -> Combatant:
    """Who spends a benny: the one ``name`` names (the one resolver), else the one
    combatant the user controls (``BennyRules.spender``)."""
    return rules_of(encounter).spender(encounter.state, actor, name)


def named(encounter: Encounter, name: str) -> Combatant:
    """The combatant ``name`` names (the one resolver, groups of Extras included)."""
    return rules_of(encounter).named(encounter.state, name)


# --- giving ---------------------------------------------------------------------------------


async def give(
    ledger: BennyLedger,
    channel_id: int,
    holder: str,
    count: int,
    *,
    user_id: int,
    note: str | None,
) -> tuple[Encounter | None, int]:
    """``count`` bennies to ``holder``: a player's or the GM's pool in the ledger, or a GM
    Wild Card's own pool in the encounter state, written with its history row in one
    transaction. Returns the encounter after it (None when untouched) and the pool."""
    own = combatant_of(holder)
    if own is None:
        left = await ledger.award(
            channel_id, holder, count, reason="give", user_id=user_id, note=note
        )
        return None, left
    session = await ledger.require_session(channel_id)
    encounters = ledger.encounters
    assert encounters is not None
    row = (holder, count, "give", user_id, note, None)
    with ledger.recording(session, channel_id, lambda: [row]):
        encounter, _outcome = await encounters.act(
            channel_id,
            user_id,
            lambda e, d: Outcome(
                state=rules_of(e).give(e.state, own, count),
                summary=Event(key="log.bennies.give", params={"count": count}),
            ),
            kind="bennies.give",
            params={"combatant": own, "count": count},
        )
    left = next(c.bennies for c in encounter.state.combatants if c.id == own)
    return encounter, left


def holder_of(player_id: int | None, gm: bool, combatant: Combatant | None) -> str:
    """The pool ``/bennies give`` fills: a player's, the GM's, or a character's
    (a GM Wild Card keeps its own)."""
    if player_id is not None:
        return user_key(player_id)
    if gm or combatant is None:
        return GM
    return holder_for(combatant)[0]


# --- the session's players and Wild Cards ---------------------------------------------------


async def sync_session(
    ledger: BennyLedger, channel_id: int, user_id: int, encounter: Encounter | None = None
) -> bool:
    """Bring the open session up to date with the channel's encounter: every player
    controlling a player character has had their 3 (seed 001, once per session), and
    every GM Wild Card its own pool (SW-35: its sheet's number, default 2; once per
    session and encounter, written with its history rows in one transaction). Returns
    whether anything changed. Run on the events that bring someone in (an added, joined
    or edited combatant, an import) and by every ``/bennies`` command. Nothing when the
    encounter does not share the session: its GM is not the session's (issue 21,
    :meth:`~bot.bennies.ledger.Session.shared_with`). ``encounter``: the channel's, when
    the caller has it (after an action), so it is not read again."""
    encounters = ledger.encounters
    if encounter is None and encounters is not None:
        encounter = await encounters.get(channel_id)
    session = await ledger.shared_session(channel_id, encounter)
    if session is None or encounter is None or not uses_bennies(encounter.system):
        return False
    assert encounters is not None
    changed = False
    for player in players_present(encounter):
        changed = await ledger.join(channel_id, player, user_id=user_id) is not None or changed
    changed = await gm_bennies_for_characters(ledger, channel_id, encounter, user_id) or changed
    ref = f"encounter:{encounter.seed}"
    new_wild_cards = [
        c.id
        for c in encounter.state.combatants
        if is_gm_wild_card(c)
        and not await ledger.has_record(channel_id, wc_key(c.id), "session_start", ref)
    ]
    if not new_wild_cards:
        return changed
    bennies = rules_of(encounter)
    planned, seeded = bennies.seed(encounter.state, new_wild_cards)
    if planned == encounter.state:
        # Every one had its number already: only the history rows are new.
        for cid, count in seeded.items():
            await ledger.record(
                channel_id,
                wc_key(cid),
                count,
                reason="session_start",
                user_id=user_id,
                roll_ref=ref,
            )
        return True
    # Some Wild Card had no number: give it the default in the state. Only then is this
    # an encounter action (it moves the dice sequence, so it is not done needlessly).
    given: dict[str, int] = {}

    def seed(e: Encounter, dice: DiceSource) -> Outcome:
        state, pools = bennies.seed(e.state, new_wild_cards)
        given.clear()
        given.update(pools)
        return Outcome(state=state, summary=Event(key="log.bennies.wild_card_pools"))

    def rows() -> list[tuple[str, int, str, int | None, str | None, str | None]]:
        return [(wc_key(c), n, "session_start", user_id, None, ref) for c, n in given.items()]

    with ledger.recording(session, channel_id, rows):
        await encounters.act(channel_id, user_id, seed, kind="bennies.wild_cards", undoable=False)
    return True


PC_JOINED = "pc_joined"  # the reason of the GM's benny for a player character (SW-45)


async def gm_bennies_for_characters(
    ledger: BennyLedger, channel_id: int, encounter: Encounter, user_id: int
) -> bool:
    """SW-45: the GM's pool gets one benny for each player character in the session,
    whenever it joins (at the session's start or later), once per character per
    session: each is a history row naming the character (:func:`character_ref`), read
    back before another is given. Leaving takes nothing back. Called at the session's
    start for the characters present (as their players get their 3) and by
    :func:`sync_session`, which checks first that the encounter shares the session.
    Returns whether any was given."""
    given = False
    for c in player_characters(encounter):
        ref = character_ref(c)
        if await ledger.has_record(channel_id, GM, PC_JOINED, ref):
            continue
        await ledger.award(
            channel_id, GM, 1, reason=PC_JOINED, user_id=user_id, note=c.name, roll_ref=ref
        )
        given = True
    return given


def character_ref(c: Any) -> str:
    """A player character as one character of the session (SW-45): its player and its
    name as compared (folded), the same in every encounter of the session; a character
    removed and joined again is the same one."""
    return f"pc:{c.controller_id or 'gm'}:{fold(c.name)}"


async def unshared_session(
    ledger: BennyLedger, channel_id: int, encounter: Encounter | None = None
) -> Session | None:
    """Issue 21: the open session when the channel's encounter (of a system with bennies;
    ``encounter``, when the caller has it) does not share it (its GM is not the
    session's, :meth:`~bot.bennies.ledger.Session.shared_with`), so that the reply can
    say the encounter plays without it; None otherwise."""
    session = await ledger.session(channel_id)
    encounters = ledger.encounters
    if encounter is None and encounters is not None:
        encounter = await encounters.get(channel_id)
    if session is None or encounter is None or not uses_bennies(encounter.system):
        return None
    return None if session.shared_with(encounter) else session


# --- /undo ----------------------------------------------------------------------------------


async def undo(ledger: BennyLedger, channel_id: int, user_id: int) -> tuple[Undone, list[Returned]]:
    """``/undo`` (SW-38): the channel's last change undone and, in the same transaction,
    the bennies ledger rows that action made reversed (a benny it spent back to its
    pool, the Joker bennies it gave taken back): a crash cannot restore the state
    without the benny. Returns what was undone and what changed in the ledger (nothing
    in a system without bennies, or without a session)."""
    encounters = ledger.encounters
    assert encounters is not None
    encounter = await encounters.get(channel_id)
    session = None
    if encounter is not None and uses_bennies(encounter.system):
        session = await ledger.session(channel_id)
    if session is None:
        return await encounters.undo_last(channel_id, user_id), []
    await ledger.collect_joker_awards(channel_id)  # an award not yet read is reversed too
    with ledger.undoing(session, channel_id, user_id) as work:
        undone = await encounters.undo_last(channel_id, user_id)
    return undone, work.changes


# --- what an encounter spent ----------------------------------------------------------------


async def spent_since_start(ledger: BennyLedger, channel_id: int) -> dict[str, int] | None:
    """The bennies each pool spent in the channel's current encounter: the ledger's
    spends since it started, less those an ``/undo`` gave back (SW-38); None without an
    open session."""
    session = await ledger.session(channel_id)
    encounters = ledger.encounters
    if session is None or encounters is None:
        return None
    log = await encounters.history(channel_id, limit=HISTORY_ROWS)
    starts = [row["created_at"] for row in log if row["kind"] == "encounter.start"]
    since = starts[-1] if starts else ""
    spent: dict[str, int] = {}
    for entry in await ledger.history(channel_id, limit=HISTORY_ROWS):
        if entry.created_at < since:
            continue
        # SW-38: a spend that /undo gave back is not counted (its "undo.spend" row).
        if entry.reason.startswith("spend.") or entry.reason == "undo.spend":
            spent[entry.holder] = spent.get(entry.holder, 0) - entry.delta
    return {holder: n for holder, n in spent.items() if n > 0}
