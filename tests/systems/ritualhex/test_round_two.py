"""Issue 17, Ritual Hex: each target's check line says which target it is for (RH-2);
the missing-limb error says the hand must be *free* (seed: "Si una acción requiere un
miembro libre..."), in both languages."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.render.text import event_line, translate_value
from bot.systems.base import RuleError
from bot.systems.ritualhex import declare, pass_reaction, start_round
from bot.systems.ritualhex.state import RitualHexState
from tests.systems.ritualhex.helpers import (
    GM,
    GOBLIN,
    JADE_MISTRESS,
    PLAYER_A,
    PLAYER_B,
    RED_HAGGAR,
    THRALL,
    add,
    by_name,
    dice,
    no_dice,
)
from tests.systems.ritualhex.test_combat import SWORD_HERO, duel, punch


def cid(state: RitualHexState, name: str) -> str:
    return by_name(state, name).id


def test_rh2_a_multi_target_check_line_names_its_target() -> None:
    sweeper = RED_HAGGAR + (
        "acción: Barrido; tipo: ataque; costo: 5; miembros: pies; objetivo: 2;"
        " chequeo: <Str>[11]<Def>; efecto: daño 1d\n"
    )
    state = RitualHexState()
    state = add(state, sweeper, "hero", PLAYER_A.user_id)
    state = add(state, GOBLIN, "minion")
    state = add(state, THRALL, "minion")
    state = add(state, JADE_MISTRESS, "hero", PLAYER_B.user_id)
    state = start_round(state, GM).state
    gob, thr = cid(state, "Goblin"), cid(state, "Thrall")
    state = declare(
        state, PLAYER_A, no_dice(), actor_id=cid(state, "Red Haggar"), action="Barrido",
        targets=[gob, thr],
    ).state  # fmt: skip
    state = pass_reaction(state, GM, no_dice(), reactor_id=gob).state
    # The Thrall's pass closes the window: Goblin 2 + 1+1+1 = 5, not above 11 + 2 (shield);
    # Thrall 2 + 5+5+5 = 17 > 12, damage 1d = 3.
    out = pass_reaction(state, GM, dice(1, 1, 1, 5, 5, 5, 3), reactor_id=thr)
    checks = [e for e in out.events if e.key.startswith("ritualhex.check_")]
    assert [e.key for e in checks] == ["ritualhex.check_failure_on", "ritualhex.check_success_on"]
    assert "Red Haggar, Barrido sobre Goblin: 5 contra 13: fallo" in event_line(checks[0], "es")
    assert "Red Haggar, Barrido on Thrall: 17 against 12: success!" in event_line(checks[1], "en")


def test_rh2_a_single_target_check_line_is_unchanged() -> None:
    out = punch(duel(), (5, 5, 5, 1))
    assert "ritualhex.check_success" in [e.key for e in out.events]


def _message(err: RuleError, lang: str) -> str:
    return t(err.key, lang, **{k: translate_value(v, lang) for k, v in err.params.items()})


def test_rh9_the_hands_error_says_a_free_hand_is_needed_in_both_languages() -> None:
    hero = (
        SWORD_HERO.replace("partes: mano;", "partes: mano1;")
        + "equipo: Daga; partes: mano2; costo: 1"
    )
    with pytest.raises(RuleError) as err:
        punch(duel(hero=hero), ())
    es, en = _message(err.value, "es"), _message(err.value, "en")
    assert es == (
        "Piña necesita 1 miembro «mano» libre: activo, sin puntos de espera y sin nada"
        " equipado; Ana no lo tiene. Usa otra acción (`/ayuda orden:actuar`), o corrige su hoja:"
        " quítalo y añádelo de nuevo (`/combatiente quitar`, `/combatiente añadir bloque:`)."
    ), es
    assert "free: active, with no waiting points and holding nothing" in en, en
