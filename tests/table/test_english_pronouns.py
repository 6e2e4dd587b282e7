"""English says "her"/"his" of a combatant the sheet gives a gender (issue 18's ``gender``:
``f``, ``m`` or none), and "its" of one without: "Ana defends: Parry 10 until her next
turn", "Gruk defends: … until its next turn". The catalogue's rule chooses the word
(``{gender, select, f {her} m {his} other {its}}``, ``bot.i18n.message``), never the code.

Savage Worlds and Ritual Hex sheets take a gender (``Gender: female``, ``gender: m``), so
their replies are read through the real command tree. A Dread S-20 stat line has no gender
field (``ds20.statline.unknown_field``), so its combatants are "it" at the table
(``tests/table/ds20/test_round_two.py`` pins "Ana runs: it moves 9 m (its Acrobatics)");
the rules are read here with a gender set on the state, as an imported encounter may."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import catalog, t
from bot.i18n.message import compile_message, samples
from bot.render.text import event_line, summary_text
from bot.systems.base import Event, RuleError, stored_summary
from bot.systems.ds20.turns import run
from tests.systems.ds20.helpers import PLAYER, dice, in_turn, two
from tests.systems.ritualhex.helpers import RED_HAGGAR
from tests.table.ritualhex.helpers import CAST, add_line, refused, rh_table
from tests.table.ritualhex.helpers import must as rh_must
from tests.table.swade.encounter_helpers import must, swade_table

# --- Savage Worlds, through the commands ------------------------------------------------

SHEET = (
    "{name} (WC)\\n{gender}Attributes: Agility d8, Smarts d6, Spirit d8, Strength d6, "
    "Vigor d6\\nSkills: Athletics d6, Fighting d8\\nParry: 6; Toughness: 5"
)


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("Gender: female\\n", "Cara defends: Parry 10 until her next turn."),
        ("gender: m\\n", "Cara defends: Parry 10 until his next turn."),
        ("Género: femenino\\n", "Cara defends: Parry 10 until her next turn."),
        ("", "Cara defends: Parry 10 until its next turn."),
    ],
)
async def test_a_swade_defender_is_her_his_or_its(tmp_path: Path, given: str, said: str) -> None:
    async with swade_table(tmp_path, fight=False, locale="en") as table:
        sheet = SHEET.format(name="Cara", gender=given)
        await must(table, f'@gm /combatant add name:Cara controller:@ana statblock:"{sheet}"')
        await must(table, "@gm /deal")
        [answer, *_] = await must(table, "@ana /act action:defend")
        assert said in answer.text().splitlines()


async def test_a_swade_gender_given_later_changes_the_pronoun(tmp_path: Path) -> None:
    """/combatant edit statblock:"Gender: male" (issue 18) is read by the next reply."""
    async with swade_table(tmp_path, fight=False, locale="en") as table:
        sheet = SHEET.format(name="Cara", gender="")
        await must(table, f'@gm /combatant add name:Cara controller:@ana statblock:"{sheet}"')
        await must(table, '@ana /combatant edit combatant:Cara statblock:"Gender: male"')
        await must(table, "@gm /deal")
        [answer, *_] = await must(table, "@ana /act action:defend")
        assert "Cara defends: Parry 10 until his next turn." in answer.text().splitlines()


async def test_spanish_reads_the_same_whatever_the_gender(tmp_path: Path) -> None:
    """The Spanish text ("su próximo turno") does not read the new parameter."""
    texts = []
    for i, given in enumerate(("Gender: female\\n", "")):
        (tmp_path / str(i)).mkdir()
        async with swade_table(tmp_path / str(i), fight=False, locale="es") as table:
            sheet = SHEET.format(name="Cara", gender=given)
            await must(table, f'@gm /combatant add name:Cara controller:@ana statblock:"{sheet}"')
            await must(table, "@gm /repartir")
            [answer, *_] = await must(table, "@ana /act action:defender")
            texts.append(answer.text().splitlines()[-1])
    assert texts[0] == texts[1] == "Cara se defiende: Parada 10 hasta su siguiente turno."


# --- Ritual Hex, through the commands ---------------------------------------------------


@pytest.mark.parametrize(
    ("given", "word"),
    [("gender: female\n", "her"), ("género: m\n", "him"), ("", "it")],
)
async def test_a_ritual_hex_hero_is_her_him_or_it(tmp_path: Path, given: str, word: str) -> None:
    """Refusals that name Red Haggar: @bea does not control her, and she has no Shield."""
    async with rh_table(tmp_path, [], cast=False, locale="en") as table:
        for name, sheet, side, controller in CAST:
            if name == "Red Haggar":
                sheet = RED_HAGGAR + given
            await rh_must(table, add_line(name, sheet, side, controller))
        await rh_must(table, "@gm /hex round")
        text = await refused(table, '@bea /attack target:Goblin actor:"Red Haggar"')
        assert f"or have the GM give {word} to you with" in text
        text = await refused(table, '@ana /act action:"equip Shield"')
        its = {"her": "her", "him": "his", "it": "its"}[word]
        assert text.startswith(f"Red Haggar has no Shield at hand for that. See {its} sheet")


# --- Dread S-20, the rules (its stat line has no gender) --------------------------------


@pytest.mark.parametrize(
    ("gender", "said"),
    [
        ("f", "Ana runs: she moves 9 m (her Acrobatics)."),
        ("m", "Ana runs: he moves 9 m (his Acrobatics)."),
        (None, "Ana runs: it moves 9 m (its Acrobatics)."),
    ],
)
def test_a_ds20_runner_is_she_he_or_it(gender: str | None, said: str) -> None:
    state = in_turn(two(), "c1")
    state.get("c1").gender = gender
    out = run(state, PLAYER, dice(), "c1")
    assert event_line(out.events[0], "en") == said
    with pytest.raises(RuleError) as err:  # DS-12: her one action is spent
        run(out.state, PLAYER, dice(), "c1")
    words = {"f": "her", "m": "his", None: "its"}[gender]
    refusal = t(err.value.key, "en", **err.value.params)
    assert refusal.startswith(f"Ana has used {words} one action this turn.")


# --- rows stored before the parameter ---------------------------------------------------


def test_a_log_row_stored_without_a_gender_still_reads_its() -> None:
    """Events and summaries stored before the parameter was given (issue 18's log rows,
    the undo table's summaries) render with the select's ``other``: "its"."""
    old = Event.model_validate_json(
        '{"key": "swade.combat.defend", "params": {"name": "Cara", "parry": 10}}'
    )
    assert event_line(old, "en") == "Cara defends: Parry 10 until its next turn."
    assert event_line(old, "es") == "Cara se defiende: Parada 10 hasta su siguiente turno."
    joker = Event(key="swade.joker.dealt", params={"combatant": "Cara", "combatant_id": "c1"})
    assert "acts whenever it likes" in event_line(joker, "en")
    summary = stored_summary(Event(key="log.swade.powers_end_of_turn", params={"name": "Cara"}))
    assert summary_text(summary, "en") == "powers maintained by Cara at the end of its turn"
    ends = Event(
        key="swade.effect.added_next_turn",
        params={"combatant": "Cara", "effect": "Blessed", "ends": "swade.condition.ends.next_turn"},
    )
    assert "until the end of its next turn" in event_line(ends, "en")
    new = ends.model_copy(
        update={
            "params": {
                **ends.params,
                "ends": {"key": "swade.condition.ends.next_turn", "params": {"gender": "f"}},
            }
        }
    )
    assert "until the end of her next turn" in event_line(new, "en")


# --- every message this change gave a gender --------------------------------------------

# Each English message that speaks of a combatant by a pronoun, and the parameter that
# carries that combatant's gender (``target_gender``, ``grappler_gender``: the second
# combatant of a message that names two).
GENDERED: dict[str, str] = {
    key: "gender"
    for key in (
        "bennies.error.no_power_points",
        "bennies.error.pool_full",
        "combatant.hidden_off",
        "combatant.hidden_on",
        "ds20.error.bad_wounds",
        "ds20.error.cannot_run_hg",
        "ds20.error.endure_at_turn_start",
        "ds20.error.endure_would_kill",
        "ds20.error.grappled",
        "ds20.error.no_actions_left",
        "ds20.error.no_fatigue_left",
        "ds20.error.no_score",
        "ds20.error.no_weapon_of_kind",
        "ds20.error.not_your_combatant",
        "ds20.error.not_your_turn",
        "ds20.error.run_prone",
        "ds20.error.self_target",
        "ds20.error.unknown_technique",
        "ds20.error.unknown_weapon",
        "ds20.first_aid.failure",
        "ds20.first_aid.success",
        "ds20.run",
        "log.swade.powers_end_of_turn",
        "ritualhex.error.body_waiting",
        "ritualhex.error.follow_up_attack_only",
        "ritualhex.error.needs_no_limb_while_waiting",
        "ritualhex.error.no_limb",
        "ritualhex.error.no_such_item",
        "ritualhex.error.not_your_combatant",
        "ritualhex.error.trigger_ally",
        "ritualhex.error.trigger_self",
        "ritualhex.multi_attack_offer",
        "ritualhex.opportunity_ended",
        "swade.card.no_redraw",
        "swade.card.not_dealable",
        "swade.combat.aim",
        "swade.combat.defend",
        "swade.combat.disarm.drops",
        "swade.combat.disarm.holds",
        "swade.combat.error.actions_used_up",
        "swade.combat.error.actions_used_up_max",
        "swade.combat.error.already_grappled",
        "swade.combat.error.bound",
        "swade.combat.error.grapple_too_big",
        "swade.combat.error.multi_action_below_taken",
        "swade.combat.error.multi_action_not_your_turn",
        "swade.combat.error.not_fatigued",
        "swade.combat.error.not_yours",
        "swade.combat.error.self_target",
        "swade.combat.error.unknown_weapon",
        "swade.combat.grapple.bound",
        "swade.combat.incapacitation.injured",
        "swade.combat.push.keeps_footing",
        "swade.combat.support.result",
        "swade.combat.warning.acted_already",
        "swade.combatant.next_round",
        "swade.combatant.with_group",
        "swade.condition.absent",
        "swade.condition.ends.next_turn",
        "swade.condition.renewed",
        "swade.effect.added_turns",
        "swade.effect.ends.turns",
        "swade.hold.lost",
        "swade.hold.not_on_hold",
        "swade.hold.not_your_turn",
        "swade.interrupt.lost",
        "swade.joker.dealt",
        "swade.perm.not_yours",
        "swade.powers.backlash",
        "swade.powers.board.left_until_ended",
        "swade.powers.board.maintains",
        "swade.powers.effect.glow",
        "swade.powers.effect.shroud",
        "swade.powers.error.no_arcane_skill",
        "swade.powers.error.no_power_points",
        "swade.powers.error.not_maintaining",
        "swade.powers.fatigue.capped",
        "swade.powers.heal.failure",
        "swade.powers.heal.roll",
        "swade.powers.heal.roll_critical",
        "swade.powers.lingering.pending",
        "swade.powers.maintained.rounds",
        "swade.powers.maintained.until_ended",
        "swade.stunned.still",
        "swade.trait.error.reroll_stale",
        "swade.trait.unknown",
        "swade.turn.resume",
    )
} | {
    "swade.combat.escape.uncontested": "grappler_gender",
    "swade.interrupt.uncontested": "target_gender",
}
FEMININE = re.compile(r"\b(she|her|herself)\b", re.IGNORECASE)
MASCULINE = re.compile(r"\b(he|his|him|himself)\b", re.IGNORECASE)
NEUTER = re.compile(r"\b(it|its|itself)\b", re.IGNORECASE)


@pytest.mark.parametrize(("key", "param"), sorted(GENDERED.items()))
def test_each_gendered_message_says_her_his_or_its(key: str, param: str) -> None:
    """Every way through the message (:func:`samples`): where the gender changes the text,
    ``f`` reads she/her/herself, ``m`` he/his/him/himself, none it/its/itself, and no
    other word changes."""
    message = compile_message(catalog("en")[key])
    assert message.arguments().get(param) == "select", (key, param)
    reached = 0
    for params in samples(message):
        said = {g: message.format({**params, param: g}, "en", str) for g in ("f", "m", None)}
        if said["f"] == said[None]:
            continue
        reached += 1
        assert FEMININE.search(said["f"]) and not MASCULINE.search(said["f"]), said["f"]
        assert MASCULINE.search(said["m"]) and not FEMININE.search(said["m"]), said["m"]
        assert not FEMININE.search(said[None]) and not MASCULINE.search(said[None])
        assert len(NEUTER.findall(said[None])) > len(NEUTER.findall(said["f"])), said[None]
        words = [FEMININE.sub("_", said["f"]), MASCULINE.sub("_", said["m"])]
        assert words[0] == words[1], (key, said)
    assert reached, f"{key}: no gender changes the text"
