"""SW-39 powers as data: the GM's definition format in Spanish and English, the shipped
examples, and which definition a caster's power uses."""

from __future__ import annotations

import pytest

from bot.i18n import written
from bot.systems.base import RuleError
from bot.systems.swade.power_defs import define_power, forget_power, parse_power_definition
from bot.systems.swade.power_lookup import EXAMPLES, find_definition, known_powers, resolve_power
from bot.systems.swade.power_models import EffectDef

from .power_fixtures import mage, with_powers
from .test_combat_fixtures import GM, PLAYER, state_of

BOLT_ES = (
    "nombre: Descarga / Bolt; coste: 1; alcance: astucia; duración: instantánea;"
    " éxito: daño 2d6; aumento: daño 3d6"
)
BOLT_EN = (
    "name: Descarga / Bolt; cost: 1; range: smarts; duration: instant;"
    " success: damage 2d6; raise: damage 3d6"
)


def test_the_same_power_in_spanish_and_in_english_is_the_same_definition() -> None:
    es, en = parse_power_definition(BOLT_ES), parse_power_definition(BOLT_EN)
    assert es == en
    assert (es.name_es, es.name_en, es.cost, es.range, es.duration) == (
        "Descarga",
        "Bolt",
        1,
        "smarts",
        "instant",
    )
    assert es.success == (EffectDef(kind="damage", dice=(6, 6)),)
    assert es.raise_effects == (EffectDef(kind="damage", dice=(6, 6, 6)),)


def test_accents_case_and_trailing_punctuation_do_not_matter() -> None:
    text = (
        "NOMBRE: Descarga / Bolt;  Coste: 1 PP.; ALCANCE: Astucia,; Duracion: INSTANTANEA.;"
        " Exito: Daño 2d6.; Aumento: DAÑO 3d6."
    )
    assert parse_power_definition(text) == parse_power_definition(BOLT_ES)


def test_one_field_per_line_and_the_same_flattened_to_one_line() -> None:
    lines = (
        "nombre: Escudo arcano\ncoste: 2\nalcance: toque\nduración: 5 rondas\n"
        "éxito: armadura +2, parada +1\naumento: armadura +4\nnotas: un brillo azul"
    )
    flat = lines.replace("\n", " ")
    power = parse_power_definition(lines)
    assert parse_power_definition(flat) == power
    assert power.range == "touch" and (power.duration, power.rounds) == ("rounds", 5)
    assert power.success == (
        EffectDef(kind="armor", value=2),
        EffectDef(kind="parry", value=1),
    )
    assert power.notes == "un brillo azul"


def test_every_field_and_effect_kind_is_read() -> None:
    power = parse_power_definition(
        "name: Storm; cost: 4; range: 12 steps; duration: until ended; template: large;"
        " opposed: vigor; evasion: yes; success: damage 2d8+1 ap 2, distracted;"
        " raise: damage 3d8 ap 2, stunned"
    )
    assert (power.range, power.range_steps, power.duration) == ("steps", 12, "until_ended")
    assert (power.template, power.opposed, power.evasion) == ("large", "vigor", True)
    assert power.success == (
        EffectDef(kind="damage", dice=(8, 8), bonus=1, ap=2),
        EffectDef(kind="condition", condition="distracted"),
    )
    assert power.raise_effects is not None
    assert power.raise_effects[1] == EffectDef(kind="condition", condition="stunned")


def test_trait_effects_take_a_chosen_or_a_fixed_trait() -> None:
    chosen = parse_power_definition(
        "nombre: Bendición; coste: 2; duración: 3 rondas; éxito: rasgo +1"
    )
    fixed = parse_power_definition(
        "nombre: Furia; coste: 2; duración: 3 rondas; éxito: rasgo pelear +1, paso +2"
    )
    assert chosen.success == (EffectDef(kind="trait", value=1),)
    assert fixed.success == (
        EffectDef(kind="trait", value=1, trait="fighting"),
        EffectDef(kind="pace", value=2),
    )


@pytest.mark.parametrize(
    ("text", "key", "field"),
    [
        ("nombre: X; coste: dos; éxito: curación", "swade.powers.def.bad_value", "cost"),
        ("nombre: X; coste: 100; éxito: curación", "swade.powers.def.bad_value", "cost"),
        ("name: X; cost: 1; range: far; success: heal", "swade.powers.def.bad_value", "range"),
        (
            "name: X; cost: 1; duration: forever; success: heal",
            "swade.powers.def.bad_value",
            "duration",
        ),
        (
            "nombre: X; coste: 1; área: enorme; éxito: daño 2d6",
            "swade.powers.def.bad_value",
            "template",
        ),
        (
            "name: X; cost: 1; evasion: maybe; success: heal",
            "swade.powers.def.bad_value",
            "evasion",
        ),
        ("name: X; cost: 1; targets: 0; success: heal", "swade.powers.def.bad_value", "targets"),
        ("nombre: X; coste: 1; éxito: bailar", "swade.powers.def.bad_effect", "success"),
        ("nombre: X; coste: 1; éxito: daño Fue+d6", "swade.powers.def.bad_effect", "success"),
        (
            "name: X; cost: 1; success: heal; raise: trait +9",
            "swade.powers.def.bad_effect",
            "raise",
        ),
        ("coste: 1; éxito: curación", "swade.powers.def.missing", "name"),
        ("name: X; success: heal", "swade.powers.def.missing", "cost"),
        ("nombre: X; coste: 1", "swade.powers.def.missing", "success"),
    ],
)
def test_a_bad_definition_names_the_field_and_what_it_expects(
    text: str, key: str, field: str
) -> None:
    with pytest.raises(RuleError) as err:
        parse_power_definition(text)
    assert err.value.key == key
    assert err.value.params["field"] == f"swade.powers.def.field.{field}"
    if key != "swade.powers.def.bad_effect":
        assert err.value.params["expected"] == f"swade.powers.def.expect.{field}"


def test_bad_value_errors_give_the_segment_and_the_text() -> None:
    with pytest.raises(RuleError) as err:
        parse_power_definition("nombre: X; coste: dos; éxito: curación")
    assert err.value.params["line"] == 2 and err.value.params["text"] == "dos"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("nombre X; coste: 1; éxito: curación", "swade.powers.def.missing_colon"),
        ("nombre: X; color: rojo; coste: 1; éxito: curación", "swade.powers.def.unknown_field"),
        ("nombre: X; coste: 1; cost: 2; éxito: curación", "swade.powers.def.repeated_field"),
        # SW-42: a lasting effect needs a duration
        ("nombre: X; coste: 1; éxito: armadura +2", "swade.powers.def.needs_duration"),
        (
            "name: X; cost: 1; range: self; template: small; success: damage 2d6",
            "swade.powers.def.self_with_targets",
        ),
    ],
)
def test_bad_shapes_are_refused(text: str, key: str) -> None:
    with pytest.raises(RuleError) as err:
        parse_power_definition(text)
    assert err.value.key == key


def test_the_shipped_examples_are_marked_and_cover_the_generic_powers() -> None:
    assert {p.id for p in EXAMPLES} == {
        "bolt",
        "blast",
        "healing",
        "protection",
        "boost_trait",
        "lower_trait",
    }
    assert all(p.example for p in EXAMPLES)
    blast = next(p for p in EXAMPLES if p.id == "blast")
    assert blast.template == "medium" and blast.evasion
    assert blast.label() == "swade.powers.power.blast"


@pytest.mark.parametrize("name", ["bolt", "Descarga", "DESCARGA", "descarga."])
def test_a_power_is_found_by_name_in_either_language(name: str) -> None:
    found = find_definition(state_of(mage()), name)
    assert found is not None and found.id == "bolt"


def test_a_sheet_power_uses_its_definition_and_the_sheet_cost_wins() -> None:
    c = mage(powers=with_powers(("Bolt", 2), ("curación", None)))
    st = state_of(c)
    bolt = resolve_power(st, c, "descarga")
    assert bolt.definition is not None and bolt.definition.id == "bolt" and bolt.cost == 2
    healing = resolve_power(st, c, "Healing")
    assert healing.definition is not None and healing.cost == 3  # the definition's


def test_an_unknown_sheet_power_is_generic_with_its_cost() -> None:
    c = mage(powers=with_powers(("Mano del trueno", 4)))
    resolved = resolve_power(state_of(c), c, "mano del trueno")
    assert resolved.generic and resolved.cost == 4 and resolved.label == "Mano del trueno"


def test_a_generic_sheet_power_without_a_cost_is_refused() -> None:
    c = mage(powers=with_powers(("Mano del trueno", None)))
    with pytest.raises(RuleError) as err:
        resolve_power(state_of(c), c, "Mano del trueno")
    assert err.value.key == "swade.powers.error.generic_needs_cost"


def test_a_sheet_listing_powers_limits_the_caster_to_them() -> None:
    c = mage(powers=with_powers(("bolt", 1)))
    with pytest.raises(RuleError) as err:
        resolve_power(state_of(c), c, "healing")
    assert err.value.key == "swade.powers.error.unknown_power"
    assert err.value.params["known"] == [written("bolt")]  # a name, never looked up


def test_a_sheet_entry_for_two_powers_answers_to_both() -> None:
    c = mage(powers=with_powers(("Boost/Lower Trait", 3)))
    st = state_of(c)
    assert resolve_power(st, c, "potenciar rasgo").cost == 3
    lower = resolve_power(st, c, "lower trait")
    assert lower.definition is not None and lower.definition.id == "lower_trait"


def test_the_gm_defines_a_power_for_the_encounter_and_it_wins_over_the_example() -> None:
    c = mage(powers=with_powers(("bolt", None)))
    st = state_of(c)
    out = define_power(st, GM, "nombre: Descarga / Bolt; coste: 2; éxito: daño 3d6")
    assert out.events[0].key == "swade.powers.defined.new"
    resolved = resolve_power(out.state, c, "bolt")
    assert resolved.cost == 2 and resolved.definition is not None
    assert resolved.definition.success[0].dice == (6, 6, 6) and not resolved.definition.example
    again = define_power(out.state, GM, "name: Bolt; cost: 3; success: damage 2d6")
    assert again.events[0].key == "swade.powers.defined.replaced"
    assert len(again.state.power_defs) == 1
    back = forget_power(again.state, GM, "bolt")
    assert resolve_power(back.state, c, "bolt").definition == find_definition(st, "bolt")


def test_a_gm_power_is_castable_by_anyone_and_only_the_gm_defines() -> None:
    st = define_power(state_of(mage(powers=with_powers(("bolt", 1)))), GM, BOLT_ES).state
    st = define_power(st, GM, "nombre: Aliento ígneo; coste: 2; éxito: daño 2d8").state
    c = st.combatants[0]
    assert resolve_power(st, c, "aliento igneo").cost == 2
    with pytest.raises(RuleError) as err:
        define_power(st, PLAYER, BOLT_ES)
    assert err.value.key == "swade.perm.gm_only"


def test_known_powers_mark_the_examples() -> None:
    st = state_of(mage())
    known = known_powers(st, st.combatants[0])
    assert "swade.powers.power_choice.bolt" in known and len(known) == len(EXAMPLES)
