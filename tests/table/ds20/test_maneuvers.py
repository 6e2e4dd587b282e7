"""DS-10 maneuvers and DS-8 care through /act: each name reaches its rule."""

from __future__ import annotations

from pathlib import Path

from tests.table.ds20.helpers import INITIATIVE, combatant, ds20_table, must, reply


async def test_derribar_throws_the_target_down_when_it_does_not_defend(tmp_path: Path) -> None:
    # Pelea 10 rolls 4: margin 6; no defence: Bruto is on the floor.
    async with ds20_table(tmp_path, [*INITIATIVE, 4]) as table:
        await must(table, "@ana /act action:derribar target:Bruto")
        down = reply(await must(table, "@gm /react none")).text()
        assert "Ana bota al piso a Bruto." in down
        assert (await combatant(table, "Bruto")).prone


async def test_desarmar_drops_the_weapon_unless_fortaleza_keeps_it(tmp_path: Path) -> None:
    # A called attack with Puños (Pelea 10, one penalty): 3 and d4 1: margin 6. Bruto's
    # Fortaleza 11 rolls 9: margin 2; 6 - 2 >= 0: the Machete falls.
    async with ds20_table(tmp_path, [*INITIATIVE, 3, 1, 9]) as table:
        done = await must(table, '@ana /act action:"desarmar Machete" target:Bruto')
        assert "Bruto suelta Machete: cae al piso." in reply(done).text()
        board = [m for m in done if m.kind == "channel_edit"][-1].text()
        assert "Machete en el suelo" in board


async def test_empujar_against_a_wall_turns_the_rest_into_fall_damage(tmp_path: Path) -> None:
    # Pelea 10 rolls 2: margin 8; Bruto's Fortaleza 11 rolls 10: margin 1; 7 metres,
    # the wall at 2: 5 points of fall damage; 7 > half Destreza 9 (5): on the floor.
    async with ds20_table(tmp_path, [*INITIATIVE, 2, 10]) as table:
        pushed = reply(await must(table, "@ana /act action:empujar target:Bruto value:2")).text()
        assert "Bruto retrocede 2 m." in pushed
        assert "Bruto choca contra un obstáculo: 5 puntos de daño de caída." in pushed
        assert (await combatant(table, "Bruto")).prone


async def test_standing_up_with_an_action_rolls_acrobacia(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 5]) as table:
        await must(table, '@gm /combatant edit combatant:Ana statblock:"Suelo: sí"')
        up = reply(await must(table, '@ana /act action:"levantarse acrobacia"')).text()
        assert "Ana se pone de pie de un salto (Acrobacia, margen 4)." in up
        assert not (await combatant(table, "Ana")).prone


async def test_first_aid_on_a_grave_character_stops_its_grave_rolls(tmp_path: Path) -> None:
    # DS-8: Primeros Auxilios 8 rolls 5: Bruto is treated; the GM's grave roll is refused.
    async with ds20_table(tmp_path, [*INITIATIVE, 5]) as table:
        await must(
            table, '@gm /combatant edit combatant:Bruto statblock:"Heridas: 0/0/1 | Estado: grave"'
        )
        aid = reply(await must(table, '@ana /act action:"primeros auxilios" target:Bruto')).text()
        assert "Bruto recibe primeros auxilios y comienza a sanar." in aid
        [refused] = await table.run('@gm /act action:"tirada grave" target:Bruto')
        assert refused.ephemeral and "no está Grave sin atender" in refused.content


async def test_the_gm_asks_for_the_hourly_grave_roll(tmp_path: Path) -> None:
    # DS-8 once an hour while Grave: Fortaleza 11 with two penalty d4s (HG): 5, 1, 1.
    async with ds20_table(tmp_path, [*INITIATIVE, 5, 1, 1]) as table:
        await must(
            table, '@gm /combatant edit combatant:Bruto statblock:"Heridas: 0/0/1 | Estado: grave"'
        )
        roll = reply(await must(table, '@gm /act action:"tirada grave" target:Bruto')).text()
        assert "Tirada de agonía de Bruto (Fortaleza): éxito (margen 4)." in roll


async def test_endure_pain_marks_agotamiento_and_lifts_the_wound_penalty(tmp_path: Path) -> None:
    # DS-9: Ana with an HL would roll one penalty d4; enduring, her Cuchillo rolls the d20
    # alone (5: margin 5).
    async with ds20_table(tmp_path, [*INITIATIVE, 5]) as table:
        await must(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: 0/1/0"')
        endured = reply(await must(table, "@ana /act action:aguantar")).text()
        assert "Ana marca 1 de Agotamiento (1/3)." in endured
        attack = reply(await must(table, "@ana /attack target:Bruto weapon:Cuchillo")).text()
        assert "éxito (margen 5)" in attack
