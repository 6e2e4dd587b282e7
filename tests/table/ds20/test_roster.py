"""/character save, /join, /combatant add|edit|remove for Dread S-20."""

from __future__ import annotations

from pathlib import Path

from tests.table.ds20.helpers import (
    ANA,
    BRUTO,
    INITIATIVE,
    combatant,
    ds20_table,
    must,
    reply,
    state,
)


async def test_a_saved_character_joins_as_the_players_pc(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [], fight=False) as table:
        saved = await table.run(f'@ana /character save name:Ana system:ds20 statblock:"{ANA}"')
        assert saved[0].ephemeral and "Ana" in saved[0].content
        joined = reply(await must(table, "@ana /join character:Ana")).text()
        assert "Ana entra en combate." in joined and "(c1)" not in joined
        ana = await combatant(table, "Ana")
        assert ana.is_pc and ana.side == "heroes"
        assert ana.controller_id == table.user("ana").id
        assert ana.scores["armas de fuego"] == 12
        [again] = await table.run("@ana /join character:Ana")
        assert again.ephemeral and "ya" in again.content


async def test_a_bad_stat_line_names_the_line_and_what_was_expected(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [], fight=False) as table:
        [refused] = await table.run(
            '@ana /character save name:Ana system:ds20 statblock:"Aptitudes: Fortaleza doce"'
        )
        assert refused.ephemeral
        assert refused.content == (
            "Ficha, línea 1, campo Aptitudes: «Fortaleza doce» no es válido; "
            "se esperaba algo como «Fortaleza 12». Corrígelo y pega la línea de la ficha otra vez "
            "(`/combatiente añadir bloque:`)."
        )


async def test_copies_are_numbered_and_share_one_initiative_roll(tmp_path: Path) -> None:
    # DS-3: similar foes may share one roll; /combatant add count:3 makes them a group.
    async with ds20_table(tmp_path, [7], fight=False) as table:
        await must(table, f'@gm /combatant add name:Matón count:3 statblock:"{BRUTO}"')
        await must(table, "@gm /initiative roll")
        s = await state(table)
        assert [c.name for c in s.combatants] == ["Matón 1", "Matón 2", "Matón 3"]
        assert {c.initiative for c in s.combatants} == {9}


async def test_a_combatant_added_after_initiative_rolls_its_own(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 10]) as table:
        added = reply(
            await must(table, f'@gm /combatant add name:Tercero side:heroes statblock:"{BRUTO}"')
        ).text()
        assert "Iniciativa de Tercero: 1d10 (10) + 2 = 12." in added
        s = await state(table)
        assert [s.get(i).name for i in s.turn_order] == ["Tercero", "Ana", "Bruto"]
        assert s.get(s.current_id).name == "Ana"  # the turn in course is kept


async def test_the_gm_corrects_wounds_and_hands_a_combatant_to_a_player(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        [bad] = await table.run('@gm /combatant edit combatant:Bruto statblock:"Balas: Machete 1"')
        assert (
            bad.ephemeral
            and bad.content
            # It sent the GM to correct the magazine with this very command, which
            # cannot correct weapons: a dead end (and a machete holds no bullets).
            == 'Machete no es un arma de fuego: no lleva balas. `Balas:` corrige las de un arma de fuego, p. ej. `/combatiente editar bloque:"Balas: Pistola 7"`.'
        )
        await must(
            table,
            '@gm /combatant edit combatant:Bruto controller:@bob statblock:"Heridas: 1/1/0 | '
            'Agotamiento: 1 | Suelo: sí"',
        )
        bruto = await combatant(table, "Bruto")
        assert bruto.wounds.model_dump() == {"r": 1, "hl": 1, "hg": 0}
        assert (bruto.fatigue, bruto.prone) == (1, True)
        assert bruto.controller_id == table.user("bob").id
        await must(table, "@ana /next")
        await must(table, "@bob /act action:levantarse")  # bob now controls Bruto
        assert not (await combatant(table, "Bruto")).prone


async def test_an_unknown_correction_lists_the_fields(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        [refused] = await table.run('@gm /combatant edit combatant:Bruto statblock:"Suerte: 3"')
        assert refused.ephemeral and refused.content.startswith("No se puede corregir «Suerte»")


async def test_remove_takes_the_combatant_out_of_the_order(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        await must(table, "@gm /combatant remove combatant:bruto")
        s = await state(table)
        assert [c.name for c in s.combatants] == ["Ana"] and len(s.turn_order) == 1


async def test_add_without_a_sheet_opens_the_form(tmp_path: Path) -> None:
    """Issue 16: /combatant add with neither a stat line nor a character opens the same
    form as /character save (it used to refuse with "Falta la ficha"); what is typed in
    the form is read like the statblock option."""
    async with ds20_table(tmp_path, [], fight=False) as table:
        [form] = await table.run("@gm /combatant add name:Nadie")
        assert form.kind == "modal" and form.data["title"] == "Ficha de Nadie"
        [refused] = await table.run('@gm submit statblock:"Poderes: volar"')
        assert refused.ephemeral and "Poderes" in refused.content
        await table.run("@gm /combatant add name:Nadie")
        await must(table, '@gm submit statblock:"Aptitudes: Pelea 9\nArmas: Puños 2/6 pelea"')
        assert [c.name for c in (await state(table)).combatants] == ["Nadie"]
        [wild] = await table.run(f'@gm /combatant add name:X wildcard:true statblock:"{BRUTO}"')
        assert wild.ephemeral and "«comodín»" in wild.content


async def test_summary_at_the_end_lists_health_and_wounds(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        [ended] = await must(table, "@gm /encounter end")
        text = ended.text()
        assert "Rondas: 1." in text
        assert "**Ana**: Sin heridas · R ▯▯▯▯ · HL ▯▯▯ · HG ▯▯▯ · Agotamiento 0/3" in text


async def test_the_summary_never_says_unhurt_beside_a_marked_box(tmp_path: Path) -> None:
    """Issue 30 (DS-8): a box marked without a change of health state reads "Con heridas"
    at the end as on the board, not "Sin heridas" beside ▮."""
    async with ds20_table(tmp_path, INITIATIVE) as table:
        await must(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: 1/0/0"')
        [ended] = await must(table, "@gm /encounter end")
        text = ended.text()
        assert "**Ana**: Con heridas · R ▮▯▯▯ · HL ▯▯▯ · HG ▯▯▯ · Agotamiento 0/3" in text
        assert "Sin heridas · R ▮" not in text


async def test_a_sheet_without_tipo_joins_on_the_heroes_side(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [], fight=False) as table:
        await table.run(f'@beto /character save name:Beto system:ds20 statblock:"{BRUTO}"')
        await must(table, "@beto /join character:Beto")
        beto = await combatant(table, "Beto")
        assert (beto.is_pc, beto.side) == (True, "heroes")


async def test_the_gm_adds_copies_of_a_saved_character(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [], fight=False) as table:
        await table.run(f'@gm /character save name:Sicario system:ds20 statblock:"{BRUTO}"')
        await must(table, "@gm /combatant add name:Sicario character:Sicario count:2 side:foes")
        s = await state(table)
        assert [(c.name, c.side, c.group) for c in s.combatants] == [
            ("Sicario 1", "foes", "Sicario"),
            ("Sicario 2", "foes", "Sicario"),
        ]
        assert s.combatants[0].weapons[1].name == "Machete"
        [both] = await table.run(f'@gm /combatant add name:X character:Sicario statblock:"{BRUTO}"')
        assert both.ephemeral and "no ambos" in both.content


async def test_corrections_speak_the_readers_language(tmp_path: Path) -> None:
    """The refusal's field list and its examples were Spanish in an English session
    ("Fields: Heridas, Agotamiento...", "expected sí | no")."""
    async with ds20_table(tmp_path, INITIATIVE, locale="en") as table:
        [refused] = await table.run('@gm /combatant edit combatant:Bruto statblock:"Luck: 3"')
        assert refused.ephemeral
        assert refused.content == (
            "“Luck” cannot be corrected. Fields: Wounds, Exhaustion, Health, Treated, Prone,"
            " Unconscious, Aim, Side, Group, Ammo, Gender."
            ' E.g. `/combatant edit statblock:"Wounds: 2/1/0"`.'
        )
        for line, expected in (
            ("Prone: maybe", "“yes | no”"),
            ("Health: fine", "“healthy | grave | agony | dead”"),
            ("Ammo: lots", "“Pistol 7”"),
            ("Gender: x", "“f | m”"),
        ):
            [refused] = await table.run(f'@gm /combatant edit combatant:Bruto statblock:"{line}"')
            assert refused.ephemeral and expected in refused.content, (line, refused.content)
        await must(table, '@gm /combatant edit combatant:Bruto statblock:"Exhaustion: 1"')
        assert (await combatant(table, "Bruto")).fatigue == 1


async def test_a_gender_on_the_stat_line_or_corrected(tmp_path: Path) -> None:
    """Issue 18's agreement and the English pronouns need DS-20 combatants to have a
    gender: the stat line takes ``Género``/``Gender`` and ``/combatant edit`` corrects it."""
    async with ds20_table(tmp_path, [], fight=False) as table:
        await must(
            table,
            '@gm /combatant add name:Rata statblock:"Aptitudes: Pelea 9 | Género: femenino"',
        )
        assert (await combatant(table, "Rata")).gender == "f"
        await must(table, '@gm /combatant edit combatant:Rata statblock:"Gender: male"')
        assert (await combatant(table, "Rata")).gender == "m"
        [refused] = await table.run(
            '@gm /combatant add name:Gato statblock:"Aptitudes: Pelea 9 | Género: gato"'
        )
        assert refused.ephemeral and "Género" in refused.content and "f | m" in refused.content
