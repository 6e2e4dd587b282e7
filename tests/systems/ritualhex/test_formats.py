"""The GM's text formats: sheets (seed 002 'Combatientes', 'Héroes', RH-10) and action
definitions (RH-11), in Spanish and English, with errors that name the bad line."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.systems.base import RuleError
from bot.systems.ritualhex import BASE_ACTIONS, EXAMPLE_ACTIONS, parse_action, parse_sheet
from tests.systems.ritualhex.helpers import GOBLIN


def test_a_hero_has_the_rh10_body_parts_and_limbs() -> None:
    hero = parse_sheet("nombre: Ana\nAP 10, HP 9", kind="hero")
    assert [(p.key, p.limb) for p in hero.parts] == [
        ("cabeza", False),
        ("cuello", False),
        ("torso", False),
        ("brazo1", False),
        ("brazo2", False),
        ("pierna1", False),
        ("pierna2", False),
        ("mano1", True),
        ("mano2", True),
        ("pies", True),
    ]
    assert hero.is_pc and hero.side == "hero"


def test_advantages_stack_linearly_rh10() -> None:
    hero = parse_sheet(
        "nombre: Ana\nAP 10, HP 9, Str 1, Def 1, Per 0, Mag 0, DR 0\n"
        "ventajas: Velocidad x2, Salud, Fortaleza x3, Resistencia",
        kind="hero",
    )
    assert hero.stat("ap") == 12
    assert hero.stat("hp") == 12
    assert hero.stat("str") == 4
    assert hero.stat("dr") == 1
    assert hero.stat("def") == 1


def test_english_field_names_give_the_same_sheet() -> None:
    es = parse_sheet(
        "nombre: Ana\nAP: 10; HP: 9; Fue: 2\nventajas: Esquivar x2, Mística", kind="hero"
    )
    en = parse_sheet(
        "name: Ana\nstats: AP 10, HP 9, Str 2\nadvantages: Dodge x2, Mystic", kind="hero"
    )
    assert es == en


def test_minion_sheet_with_equipment_on_a_hand() -> None:
    goblin = parse_sheet(GOBLIN, kind="minion")
    assert [p.key for p in goblin.limbs] == ["mano1", "mano2", "pies"]
    shield = goblin.equipment[0]
    assert shield.worn_on == ["mano1"] and shield.needs == ["mano"] and shield.cost == 2
    assert [a.name for a in shield.actions] == ["Bloqueo"]
    # the shield's modifier applies while it is equipped on an active hand
    assert goblin.stat("def") == 2
    assert goblin.side == "minion" and not goblin.is_pc


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        ("nombre: X\nAP 5, HP 5\ncolor: rojo", "ritualhex.sheet.unknown_field", 3),
        ("nombre: X\nAP 5, HP cinco", "ritualhex.sheet.bad_stat", 2),
        ("nombre: X\nAP 5, HP 5\n\nacciones: Volar", "ritualhex.sheet.unknown_action", 4),
        ("nombre: X\nAP 5, HP 5\nventajas: Suerte", "ritualhex.sheet.bad_advantage", 3),
        ("nombre: X\nAP 5, HP 5\nequipo: Lanza; partes: cola", "ritualhex.sheet.no_such_part", 3),
        ("nombre: X\nAP 5, HP 5\nacción: Golpe; costo: mucho", "ritualhex.format.bad_number", 3),
        ("nombre: X\nsin dos puntos", "ritualhex.format.missing_colon", 2),
    ],
)
def test_a_bad_sheet_line_is_reported_with_its_number(text: str, key: str, line: int) -> None:
    with pytest.raises(RuleError) as err:
        parse_sheet(text, kind="hero")
    assert err.value.key == key
    assert err.value.params["line"] == line


def test_the_unknown_field_error_says_what_was_expected() -> None:
    with pytest.raises(RuleError) as err:
        parse_sheet("nombre: X\ncolor: rojo", kind="hero")
    expected = err.value.params["expected"]  # the field names, in the reader's language
    assert ", ventajas, " in t(expected, "es") and ", advantages, " in t(expected, "en")


def test_two_items_cannot_share_a_part_rh9() -> None:
    text = (
        "nombre: X\nAP 5, HP 5\nmiembros: mano\n"
        "equipo: Escudo; partes: mano; costo: 2\nequipo: Espada; partes: mano; costo: 2"
    )
    with pytest.raises(RuleError) as err:
        parse_sheet(text, kind="minion")
    assert err.value.key == "ritualhex.sheet.part_taken"
    assert err.value.params["line"] == 5


def test_heroes_parts_are_fixed_and_minions_have_no_advantages() -> None:
    with pytest.raises(RuleError) as err:
        parse_sheet("nombre: X\nAP 5, HP 5\nmiembros: cola", kind="hero")
    assert err.value.key == "ritualhex.sheet.hero_parts_fixed"
    with pytest.raises(RuleError) as err:
        parse_sheet("nombre: X\nAP 5, HP 5\nventajas: Salud", kind="minion")
    assert err.value.key == "ritualhex.sheet.advantages_hero_only"


def test_missing_hp_is_an_error() -> None:
    with pytest.raises(RuleError) as err:
        parse_sheet("nombre: X\nAP 5", kind="hero")
    assert err.value.key == "ritualhex.sheet.missing_stat"


def test_base_actions_are_the_seeds() -> None:
    pina, patada, curar = BASE_ACTIONS
    assert (pina.name, pina.kind, pina.cost) == ("Piña", "attack", 5)
    assert pina.limbs[0].kind == "mano" and pina.limbs[0].free
    assert (pina.check.co, pina.check.difficulty, pina.check.cd) == ("str", 11, "def")
    assert pina.effects[0].amount.model_dump() == {"count": 1, "minus": 2, "minimum": 1}
    assert (patada.cost, patada.limbs[0].kind) == (6, "pies")
    assert patada.effects[0].amount.model_dump() == {"count": 1, "minus": 1, "minimum": 1}
    assert (curar.kind, curar.cost, curar.check.co, curar.check.difficulty, curar.check.cd) == (
        "spell",
        4,
        "mag",
        12,
        None,
    )
    assert curar.effects[0].kind == "heal"


def test_the_example_reactions_behave_as_rh11_says() -> None:
    bloqueo, paralisis, proteger = EXAMPLE_ACTIONS
    assert (bloqueo.cost, bloqueo.reacts_to, bloqueo.trigger) == (3, ["attack"], "self")
    assert [e.kind for e in bloqueo.effects] == ["cancel"]
    assert paralisis.cost == 4 and len(paralisis.reacts_to or []) == 4
    assert [e.kind for e in paralisis.effects] == ["cancel"]
    assert (proteger.cost, proteger.trigger, proteger.check) == (3, "ally", None)
    assert [e.kind for e in proteger.effects] == ["retarget"]


def test_action_format_spanish_and_english_are_equivalent() -> None:
    es = parse_action(
        "nombre: Zarpazo\ntipo: ataque\ncosto: 4\nmiembros: 2 garra libre\n"
        "objetivo: 2 combatientes\nchequeo: <Fue>[10]<Def>\nefecto: daño 2d+1|2, espera 1"
    )
    en = parse_action(
        "name: Zarpazo; kind: attack; cost: 4; limbs: 2 garra free; targets: 2;"
        " check: <Str>[10]<Def>; effects: damage 2d+1|2, waiting 1"
    )
    assert es == en
    assert es.limbs[0].count == 2 and es.targets == 2
    assert es.effects[0].amount.model_dump() == {"count": 2, "minus": -1, "minimum": 2}


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("nombre: A; chequeo: [x]; efecto: daño 1d", "ritualhex.actiondef.bad_check"),
        ("nombre: A; chequeo: <Suerte>[10]; efecto: daño 1d", "ritualhex.actiondef.bad_check_stat"),
        ("nombre: A; efecto: anular", "ritualhex.actiondef.reaction_only_effect"),
        (
            "nombre: A; reacciona a: ataque; efecto: redirigir",
            "ritualhex.actiondef.retarget_needs_ally",
        ),
        ("tipo: ataque; efecto: daño 1d", "ritualhex.actiondef.missing_name"),
        ("nombre: A; tipo: baile; efecto: daño 1d", "ritualhex.actiondef.bad_kind"),
        ("nombre: A; efecto: daño mucho", "ritualhex.format.bad_amount"),
        ("nombre: A; tipo: ataque", "ritualhex.actiondef.no_effect"),
        (
            "nombre: A; objetivo: ninguno; efecto: daño 1d",
            "ritualhex.actiondef.effect_needs_target",
        ),
    ],
)
def test_invalid_action_definitions_are_refused(text: str, key: str) -> None:
    with pytest.raises(RuleError) as err:
        parse_action(text)
    assert err.value.key == key


def test_an_unknown_action_field_names_its_line_and_the_expected_fields() -> None:
    with pytest.raises(RuleError) as err:
        parse_action("nombre: A\ntipo: ataque\nalcance: 3\nefecto: daño 1d")
    assert err.value.key == "ritualhex.format.unknown_field"
    assert err.value.params["line"] == 3
    expected = err.value.params["expected"]
    assert ", chequeo, " in t(expected, "es") and ", check, " in t(expected, "en")


def test_rh11_the_gm_defines_an_action_and_grants_it_or_names_it_in_a_sheet() -> None:
    from bot.systems.ritualhex import define_action, grant_action
    from bot.systems.ritualhex.state import RitualHexState
    from tests.systems.ritualhex.helpers import GM, PLAYER_A, add, by_name, cid

    state = define_action(
        RitualHexState(),
        GM,
        "nombre: Mordisco; tipo: ataque; costo: 4; miembros: ninguno; objetivo: 1;"
        " chequeo: <Str>[10]<Def>; efecto: daño 1d",
    ).state
    assert [a.name for a in state.library] == ["Mordisco"]
    with pytest.raises(RuleError) as err:
        define_action(state, PLAYER_A, "nombre: X; efecto: daño 1d")
    assert err.value.key == "ritualhex.error.gm_only"
    # A sheet may name it...
    wolf = parse_sheet(
        "nombre: Lobo\nAP 6, HP 6\nacciones: Mordisco", kind="minion", library=state.library
    )
    assert [a.name for a in wolf.actions] == ["Mordisco"]
    # ...or the GM grants it to someone already in the encounter.
    state = add(state, "nombre: Rata\nAP 4, HP 3", "minion")
    state = grant_action(state, GM, combatant_id=cid(state, "Rata"), action="mordisco").state
    assert [a.name for a in by_name(state, "Rata").actions] == ["Mordisco"]
    with pytest.raises(RuleError) as err:
        grant_action(state, GM, combatant_id=cid(state, "Rata"), action="Vuelo")
    assert err.value.key == "ritualhex.error.unknown_library_action"


def test_an_action_line_with_only_a_name_refers_to_a_shipped_action() -> None:
    thrall = parse_sheet("nombre: Thrall\nAP 8, HP 8\naction: Proteger", kind="minion")
    assert [a.name for a in thrall.actions] == ["Proteger"]
