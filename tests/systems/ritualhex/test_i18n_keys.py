"""Every Ritual Hex key is in both catalogues, and every event fills its text."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import catalog
from bot.i18n.message import placeholders
from bot.systems.base import Event
from bot.systems.ritualhex import (
    declare,
    drop,
    pass_all,
    pass_reaction,
    pick_up,
    prepare,
    react,
    start_round,
    wait,
)
from bot.systems.ritualhex.state import RitualHexState
from tests.systems.ritualhex.helpers import (
    GM,
    PLAYER_A,
    add,
    cid,
    dice,
    example_cast,
    no_dice,
)

SOURCE = Path(__file__).resolve().parents[3] / "bot" / "systems" / "ritualhex"


def test_every_key_in_the_code_is_in_both_catalogues() -> None:
    used: set[str] = set()
    for path in SOURCE.glob("*.py"):
        used |= set(re.findall(r'"(ritualhex\.[a-z_.]+)"', path.read_text("utf-8")))
    assert used, "no keys found"
    for lang in ("es", "en"):
        missing = sorted(k for k in used if k not in catalog(lang))
        assert missing == [], (lang, missing)


def _events() -> list[Event]:
    events: list[Event] = []
    # The seed's example.
    state = example_cast()
    out = start_round(state, GM)
    events += out.events
    state = out.state
    rh, gob, thr, jade = (
        cid(state, n) for n in ("Red Haggar", "Goblin", "Thrall", "Jade Mistress")
    )
    steps = [
        lambda s: declare(s, PLAYER_A, no_dice(), actor_id=rh, action="Piña", targets=[gob]),
        lambda s: react(s, GM, no_dice(), reactor_id=gob, reaction="Bloqueo"),
        lambda s: pass_reaction(s, GM, no_dice(), reactor_id=thr),
        lambda s: react(s, GM, no_dice(), reactor_id=jade, reaction="Parálisis"),
        lambda s: pass_reaction(s, GM, dice(4, 4, 4), reactor_id=thr),
        lambda s: pass_reaction(s, GM, no_dice(), reactor_id=thr),
        lambda s: react(s, GM, no_dice(), reactor_id=thr, reaction="Proteger"),
        lambda s: pass_reaction(s, GM, dice(5, 4, 3, 4), reactor_id=gob),
    ]
    for step in steps:
        out = step(state)
        events += out.events
        state = out.state
    # Limb damage, equipment falling, healing, waiting, round end, combat end.
    duel = RitualHexState()
    duel = add(
        duel,
        "nombre: Ana\nAP 12, HP 10, Str 2, Mag 2\nequipo: Espada; partes: mano2; costo: 2\n"
        "acción: Red; tipo: hechizo; costo: 1; objetivo: 1; miembros: pies; efecto: espera 1",
        "hero",
        PLAYER_A.user_id,
    )
    duel = add(
        duel,
        "nombre: Orco\nAP 3, HP 6, DR 0\nmiembros: mano\nequipo: Escudo; partes: mano; costo: 2",
        "minion",
    )
    ana = cid(duel, "Ana")
    orc = cid(duel, "Orco")
    flow = [
        lambda s: start_round(s, GM),
        lambda s: prepare(s, PLAYER_A, actor_id=ana),
        lambda s: drop(s, PLAYER_A, actor_id=ana, item="Espada"),
        lambda s: pick_up(s, PLAYER_A, actor_id=ana, item="Espada"),
        lambda s: declare(s, PLAYER_A, dice(5, 5, 5), actor_id=ana, action="Red", targets=[orc]),
        lambda s: wait(s, PLAYER_A, actor_id=ana),
        lambda s: declare(
            s,
            PLAYER_A,
            dice(5, 5, 5, 6, 1),
            actor_id=ana,
            action="Piña",
            targets=[orc],
            limb="mano",
        ),
        lambda s: pass_all(s, GM, dice(5, 5, 5, 6, 1)) if s.awaiting else None,
    ]
    for step in flow:
        out = step(duel)
        if out is None:
            continue
        events += out.events
        duel = out.state
    return events


def test_every_event_fills_its_placeholders_in_both_languages() -> None:
    events = _events()
    assert len({e.key for e in events}) > 20
    for event in events:
        for lang in ("es", "en"):
            text = catalog(lang)[event.key]
            assert placeholders(text) <= set(event.params), (lang, event.key, event.params)
