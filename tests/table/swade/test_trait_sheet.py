"""/trait from the sheet (issue 18, item 5): a skill or attribute of the acting
combatant, named in Spanish or English, rolled with its die and the wild die (SW-1),
unskilled when missing (SW-5), with its wounds, fatigue and Distracted by name (SW-6);
logged and undoable like any action. Forced dice, strict: every die is accounted for."""

from __future__ import annotations

from pathlib import Path

from tests.table.swade.encounter_helpers import must, swade_table
from tests.table.swade.test_combat_setup import all_dice_used, force


def _text(messages: list) -> str:  # type: ignore[type-arg]
    return "\n".join(m.text() for m in messages)


async def test_a_skill_on_the_sheet_with_wounds_and_distracted(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        await must(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: 1"')
        await must(table, "@gm /condition add combatant:Ana condition:distraído")
        # Notar d6: 6 aces +2 = 8; the wild die 3. 8 -1 (wounds) -2 (Distracted) = 5.
        force(table, 6, 2, 3)
        [reply, *_] = await must(table, "@ana /trait trait:NOTAR")
        text = reply.text()
        assert "Ana tira Notar." in text
        assert "Heridas -1, Distraído -2 (total -3)" in text
        assert "**d6: 6💥+2**" in text and "~~🎲 d6: 3~~" in text
        assert "→ **5** (VO 4) — éxito" in text
        all_dice_used(table)


async def test_a_missing_skill_is_unskilled_with_the_wild_die(tmp_path: Path) -> None:
    """SW-5: d4 -2, and a Wild Card still rolls the wild die (which is kept here)."""
    async with swade_table(tmp_path) as table:
        force(table, 3, 5)
        [reply, *_] = await must(table, '@ana /trait trait:"Fe # curación!"')
        text = reply.text()
        assert "Ana tira Fe — curación!" in text
        assert "Sin entrenar -2" in text
        assert "~~d4: 3~~" in text and "**🎲 d6: 5**" in text
        assert "→ **3** (VO 4) — fallo" in text
        all_dice_used(table)


async def test_an_extra_rolls_without_the_wild_die_and_the_tn_and_modifier_count(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path) as table:
        force(table, 5)  # Pelear d6: 5 +1 = 6 against TN 6, no wild die
        [reply, *_] = await must(
            table, '@gm /trait trait:fighting actor:"Goblin 1" tn:6 modifier:1 label:"¿Aguanta?"'
        )
        text = reply.text()
        assert "Goblin 1 tira Pelear — ¿Aguanta?" in text
        assert "Situacional +1" in text and "🎲" not in text
        assert "→ **6** (VO 6) — éxito" in text
        all_dice_used(table)


async def test_english_reader_names_in_either_language(tmp_path: Path) -> None:
    async with swade_table(tmp_path, locale="en") as table:
        await must(table, '@gm /combatant edit combatant:Ana statblock:"Fatigue: 1"')
        force(table, 4, 2)  # Pelear d8: 4, wild 2; -1 Fatigued = 3
        [reply, *_] = await must(table, "@ana /trait trait:pelear")
        text = reply.text()
        assert "Ana rolls Fighting." in text
        assert "Fatigue -1" in text
        assert "→ **3** (TN 4) — failure" in text
        force(table, 2, 6, 1)  # Agility d8: 2, wild 6 aces +1 = 7, -1 Fatigued = 6
        [reply, *_] = await must(table, "@ana /trait trait:Agilidad label:dodge.")
        assert "Ana rolls Agility — dodge." in reply.text()
        assert "→ **6** (TN 4) — success" in reply.text()
        all_dice_used(table)


async def test_it_is_logged_and_undone_like_an_action(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        force(table, 4, 2)
        await must(table, "@ana /trait trait:Atletismo")
        history = await table.bot.encounters.encounter_history(table.channel_id)  # type: ignore[union-attr]
        assert history[-1]["kind"] == "swade.trait"
        [undone, *_] = await must(table, "@gm /undo")
        assert "Ana: Atletismo" in undone.text()


async def test_refusals_say_how_to_fix_in_both_languages(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        [wrong] = await table.run("@ana /trait trait:Pelaer")
        assert wrong.ephemeral
        assert "«Pelaer» no es un atributo ni una habilidad que Ana pueda tirar" in wrong.text()
        assert "/rasgo rasgo:Notar" in wrong.text()
        [both] = await table.run("@ana /trait trait:Notar die:8")
        assert both.ephemeral and "quita la opción «dado»" in both.text()
        [none] = await table.run("@ana /trait")
        assert none.ephemeral and "/rasgo dado:8" in none.text()
        [actor] = await table.run("@ana /trait die:8 actor:Ana")
        assert actor.ephemeral and "quita «quien»" in actor.text()
    (tmp_path / "en").mkdir()
    async with swade_table(tmp_path / "en", locale="en") as table:
        [wrong] = await table.run("@ana /trait trait:Pelaer")
        assert (
            wrong.ephemeral and "“Pelaer” is not an attribute or skill Ana can roll" in wrong.text()
        )
        [both] = await table.run("@ana /trait trait:Notice wild:false")
        assert both.ephemeral and "remove the `wild` option" in both.text()


async def test_the_die_form_keeps_working_with_a_label(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        force(table, 3, 4)
        [reply] = await table.run('@ana /trait die:8 modifier:-1 label:"Fe, curación."')
        assert not reply.ephemeral
        assert "Fe, curación." in reply.text() and "→ **3**" in reply.text()
        all_dice_used(table)


async def test_autocomplete_lists_the_actors_skills_and_attributes_in_the_readers_language(
    tmp_path: Path,
) -> None:
    from bot.systems.plugin import Asker
    from bot.systems.swade.moves.suggest import traits

    async with swade_table(tmp_path) as table:
        encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert encounter is not None
        ana = table.user("ana").id
        es = traits(encounter.state, Asker(ana, False, "Ana", "es"), "")
        assert [label for label, _ in es][:3] == ["Atletismo", "Pelear", "Notar"]
        assert ("Agilidad", "Agilidad") in es
        en = traits(encounter.state, Asker(ana, False, "Ana", "en"), "not")
        assert en == [("Notice", "Notice")]
