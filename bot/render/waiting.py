"""What the table waits on, in words (issue 27): the board's "Waiting on" line, the line
that opens a decision in the reply of the action that opened it, and a reminder.

The encounter says what waits and since when (``Encounter.waiting``); the channel's
system says what each decision is (:func:`bot.systems.pending.waited`), read again here
on the state as it is, so a rename or a change of controller shows at once. Whom a text
mentions (:class:`Said`) follows the encounter's ``pings`` setting, as turn pings do:
``off`` mentions nobody. A decision of a combatant the GM controls names the GM and
mentions nobody when it opens (the GM is there); its reminder mentions the GM.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.clock import read_stamp
from bot.i18n import t
from bot.systems import catalogue
from bot.systems.encounter import Encounter
from bot.systems.pending import Decision, Opened, Waited, owners, waited


@dataclass(frozen=True)
class Said:
    """A text and the users it mentions (and so may ping: ``allowed_mentions``)."""

    text: str
    users: tuple[int, ...] = ()


def live(encounter: Encounter) -> list[tuple[Opened, Waited]]:
    """What the encounter waits on, with what its system says of each now."""
    plugin = catalogue.plugin(encounter.system)
    now = {w.key: w for w in waited(plugin, encounter.state, encounter.offers)}
    return [(o, now[o.key]) for o in encounter.waiting if o.key in now]


def _names(encounter: Encounter, ids: Iterable[str]) -> str:
    by_id = {c.id: c.name for c in encounter.state.combatants}
    return ", ".join(by_id[i] for i in ids if i in by_id)


def _what(decision: Decision, lang: str) -> str:
    return t(decision.what, lang, **decision.params)


def _item(encounter: Encounter, item: Waited, lang: str) -> str:
    """A decision as the board and the texts name it: "Isolda: soak the wounds..."."""
    assert item.decision is not None
    name = _names(encounter, item.combatants)
    return t("pending.item", lang, name=name, what=_what(item.decision, lang))


def _how(item: Waited, lang: str) -> str:
    decision = item.decision
    assert decision is not None
    button = t(decision.button, lang, **decision.button_params) if decision.button else ""
    return t(decision.how, lang, button=button, **decision.params)


def _players(encounter: Encounter, item: Waited) -> list[int]:
    return owners(encounter.state.combatants, item.combatants, encounter.gm_id)


def _mention(users: Iterable[int]) -> str:
    return " ".join(f"<@{u}>" for u in users)


# -- the board ----------------------------------------------------------------------------


def board_line(encounter: Encounter, lang: str) -> str | None:
    """The board's line of the pending decisions, by owner and combatant: "⏳ Waiting
    on: @Ana (Isolda: soak the wounds with a benny or take them)" (the turn is on the
    board already); None when none is pending. A mention in an embed pings nobody; it
    shows the name."""
    if all(o.is_turn for o in encounter.waiting):
        return None  # the usual case, read without asking the system
    by_owner: dict[str, dict[str, list[str]]] = {}
    for _, item in live(encounter):
        if item.decision is None:
            continue
        players = _players(encounter, item)
        owner = _mention(players) if players else t("pending.gm", lang)
        name = _names(encounter, item.combatants)
        by_owner.setdefault(owner, {}).setdefault(name, []).append(_what(item.decision, lang))
    if not by_owner:
        return None
    who = " · ".join(
        t(
            "pending.owner",
            lang,
            owner=owner,
            items="; ".join(
                t("pending.item", lang, name=name, what="; ".join(whats))
                for name, whats in names.items()
            ),
        )
        for owner, names in by_owner.items()
    )
    return t("pending.board", lang, who=who)


# -- the reply that opens a decision ------------------------------------------------------


def opened(encounter: Encounter, lang: str) -> Said | None:
    """What the decisions the encounter's last action opened wait for, by who decides:
    the player, mentioned (with ``pings`` on), or the GM; None when it opened none."""
    if not any(o.seq == encounter.seq and not o.is_turn for o in encounter.waiting):
        return None  # the usual case, read without asking the system
    by_owner: dict[tuple[int, ...], list[str]] = {}
    for o, item in live(encounter):
        if item.decision is None or o.seq != encounter.seq:
            continue
        line = t("pending.open.item", lang, item=_item(encounter, item, lang), how=_how(item, lang))
        by_owner.setdefault(tuple(_players(encounter, item)), []).append(line)
    if not by_owner:
        return None
    lines: list[str] = []
    users: list[int] = []
    for players, items in by_owner.items():
        if not players:
            form, mention = "gm", ""
        elif encounter.pings == "off":
            form, mention = "plain", ""
        else:
            form, mention = "player", _mention(players)
            users += [u for u in players if u not in users]
        if len(items) == 1:
            lines.append(t(f"pending.open.{form}", lang, mention=mention, items=items[0]))
        else:
            head = t(f"pending.open.{form}.many", lang, mention=mention)
            lines.append("\n".join([head, *(f"• {i}" for i in items)]))
    return Said("\n".join(lines), tuple(users))


# -- a reminder -------------------------------------------------------------------------


def duration(seconds: int, lang: str) -> str:
    """``5400`` → "1 h 30 min" (days, hours, minutes; the largest first)."""
    days, rest = divmod(max(0, int(seconds)), 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes = rest // 60
    parts = [
        t(f"pending.duration.{unit}", lang, n=n)
        for unit, n in (("d", days), ("h", hours), ("min", minutes))
        if n
    ]
    return " ".join(parts) or t("pending.duration.min", lang, n=0)


def reminder(
    encounter: Encounter, decision: str, nth: int, now: datetime, lang: str
) -> Said | None:
    """The reminder of the opening ``decision`` (``Opened.id``), the ``nth`` (2: the
    last); None when the encounter no longer waits on it. It mentions the players who
    decide, or the GM for a combatant of the GM's (nobody with ``pings`` off)."""
    found = next(((o, w) for o, w in live(encounter) if o.id == decision), None)
    if found is None:
        return None
    o, item = found
    users = _players(encounter, item) or [encounter.gm_id]
    if encounter.pings == "off":
        users = []
    since = duration(int((now - read_stamp(o.at)).total_seconds()), lang)
    form = "to" if users else "plain"
    who = _mention(users)
    if item.is_turn:
        plugin = catalogue.plugin(encounter.system)
        turn = plugin.turn(encounter.state) if plugin.turn is not None else None
        names = (turn.name if turn is not None else "") or _names(encounter, item.combatants)
        text = t(f"pending.remind.turn.{form}", lang, who=who, since=since, names=names)
    else:
        item_text, how = _item(encounter, item, lang), _how(item, lang)
        text = t(
            f"pending.remind.decision.{form}", lang, who=who, since=since, item=item_text, how=how
        )
    if nth >= 2:
        text = t("pending.remind.last", lang, text=text)
    return Said(text, tuple(users))


# -- the setting ---------------------------------------------------------------------------


def delay_code(seconds: int) -> str:
    """The value that sets ``seconds`` as one types it: ``1h``, ``90m``, ``1d``."""
    for unit, size in (("d", 86_400), ("h", 3_600)):
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds // 60}m"


def reminders_line(encounter: Encounter, lang: str) -> str:
    """The setting in words: "Reminders (`reminders`): after 1 h of waiting and once
    more 1 h later (`1h`)."."""
    seconds = encounter.reminders
    if not seconds:
        value = t("pending.setting.off", lang)
    else:
        value = t(
            "pending.setting.on", lang, delay=duration(seconds, lang), code=delay_code(seconds)
        )
    return t("pending.setting", lang, value=value)
