"""A Dread S-20 fight through the real commands, with forced dice (strict: a test fails
if the bot rolls one die more or less than the rules say)."""

from __future__ import annotations

from pathlib import Path

from tests.table.ds20.helpers import INITIATIVE, combatant, ds20_table, must, reply, state


async def test_initiative_orders_high_to_low_and_next_starts_round_one(tmp_path: Path) -> None:
    # DS-3: 1d10 + Iniciativa, high to low; DS-4: /next starts the first turn.
    async with ds20_table(tmp_path, INITIATIVE) as table:
        s = await state(table)
        assert [s.get(i).name for i in s.turn_order] == ["Ana", "Bruto"]
        assert s.round == 1 and s.current_id == s.turn_order[0]
        ana = await combatant(table, "Ana")
        assert (ana.init_roll, ana.initiative) == (6, 10)


async def test_a_dodge_with_a_greater_margin_voids_the_attack(tmp_path: Path) -> None:
    # DS-5: Ana's Cuchillo (Armas C.C. 10) rolls 5: margin 5. Bruto dodges (Acrobacia 8)
    # rolling 2: margin 6 > 5, the attack has no effect.
    async with ds20_table(tmp_path, [*INITIATIVE, 5, 2]) as table:
        attack = await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        text = reply(attack).text()
        assert "Ana ataca a Bruto con Cuchillo (3/8): éxito (margen 5)" in text
        assert [b["label"] for b in reply(attack).buttons()] == [
            "Esquivar",
            "Bloquear",
            "No defenderse",
        ]
        assert (await state(table)).pending is not None
        dodge = reply(await must(table, "@gm /react dodge"))
        assert "Bruto esquiva: el ataque no surte efecto." in dodge.text()
        bruto = await combatant(table, "Bruto")
        assert bruto.wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}
        assert bruto.defences == 1
        assert (await state(table)).pending is None


async def test_the_dodge_button_answers_like_the_command(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 5, 2]) as table:
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        pressed = reply(await must(table, "@gm press Esquivar"))
        assert "el ataque no surte efecto" in pressed.text()


async def test_a_block_with_more_margin_hurts_the_attacker_and_armour_rolls(
    tmp_path: Path,
) -> None:
    # DS-5: Bruto's Machete (Armas C.C. 9) rolls 8: margin 1. Ana blocks with Armas C.C.
    # 10 rolling 2: margin 8; 1 - 8 = -7, so Ana deals 7 with her Cuchillo (3/8): 1 HL
    # (DS-6). Bruto's torso armour (8) rolls 12: fails, the HL stays (DS-7).
    async with ds20_table(tmp_path, [*INITIATIVE, 8, 2, 12]) as table:
        await must(table, "@ana /next")
        await must(table, "@gm /attack target:Ana weapon:Machete")
        block = reply(await must(table, "@ana /react block")).text()
        assert "Ana bloquea y devuelve 7 de daño a Bruto." in block
        assert "Bruto recibe 7 de daño (Cuchillo 3/8): 1 HL." in block
        assert "Armadura de Bruto: fallo" in block
        bruto = await combatant(table, "Bruto")
        assert bruto.wounds.model_dump() == {"r": 0, "hl": 1, "hg": 0}
        ana = await combatant(table, "Ana")
        assert ana.wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}


async def test_a_successful_armour_roll_lowers_the_wound_one_level(tmp_path: Path) -> None:
    # A natural 1 on Armas C.C. 10: margin 9, doubled to 18 (DS-2). No defence: 18 with
    # the Cuchillo (MHG 8) is 2 HG (DS-6); the armour rolls 4 <= 8: one level less, 1 HG.
    async with ds20_table(tmp_path, [*INITIATIVE, 1, 4]) as table:
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        hit = reply(await must(table, "@gm /react none")).text()
        assert "Bruto recibe 18 de daño (Cuchillo 3/8): 2 HG." in hit
        assert "Armadura de Bruto: éxito (margen 4); reduce 1 nivel: 1 HG." in hit
        bruto = await combatant(table, "Bruto")
        assert bruto.wounds.model_dump() == {"r": 0, "hl": 0, "hg": 1}
        assert bruto.health == "grave"


async def test_a_disaster_with_a_pistol_jams_it_and_an_action_clears_it(tmp_path: Path) -> None:
    # DS-11: a natural 20 shooting; the disaster table rolls 8: a minor jam.
    async with ds20_table(tmp_path, [*INITIATIVE, 20, 8]) as table:
        shot = await must(table, "@ana /attack target:Bruto weapon:Pistola distance:10")
        text = reply(shot).text()
        assert "¡fallo desastroso!" in text and "Traba menor (8)" in text
        pistol = next(w for w in (await combatant(table, "Ana")).weapons if w.name == "Pistola")
        assert (pistol.jam, pistol.ammo) == ("minor", 14)
        board = [m for m in shot if m.kind == "channel_edit"][-1].text()
        assert "Pistola: traba menor" in board and "Pistola 14/15" in board
        [refused] = await table.run("@ana /attack target:Bruto weapon:Pistola")
        assert refused.ephemeral and "Pistola de Ana tiene una traba" in refused.content
        await must(table, "@ana /next")
        await must(table, "@gm /next")
        cleared = reply(await must(table, '@ana /act action:"desatascar Pistola"')).text()
        assert "Ana destraba Pistola." in cleared
        pistol = next(w for w in (await combatant(table, "Ana")).weapons if w.name == "Pistola")
        assert pistol.jam is None


async def test_agony_roll_at_turn_start_marks_agotamiento_on_a_failure(tmp_path: Path) -> None:
    # DS-8: in Agonía, a Fortaleza roll at the start of each turn; DS-9: its worst wound
    # is HG, two penalty d4s. 11 - 10 - (2 + 3) = -4: a failure, 1 Agotamiento.
    async with ds20_table(tmp_path, [*INITIATIVE, 10, 2, 3]) as table:
        await must(
            table,
            '@gm /combatant edit combatant:Bruto statblock:"Heridas: 0/0/3 | Estado: agonía"',
        )
        turn = reply(await must(table, "@ana /next")).text()
        assert "Turno de Bruto." in turn
        assert "Tirada de agonía de Bruto (Fortaleza): fallo (margen -4)." in turn
        assert "Bruto marca 1 de Agotamiento (1/3)." in turn
        assert (await combatant(table, "Bruto")).fatigue == 1


async def test_a_shot_with_light_cover_says_how_it_was_read(tmp_path: Path) -> None:
    # DS-11: light cover counts as obstructed (one penalty d4): 12 - 6 - 2 = 4, a hit;
    # the damage adds the penalty back (6 with MHL 4: 1 HL), armour 15 fails.
    async with ds20_table(tmp_path, [*INITIATIVE, 6, 2, 15]) as table:
        shot = reply(
            await must(table, "@ana /attack target:Bruto weapon:Pistola cover:light")
        ).text()
        assert shot.startswith("Ataque\nCobertura ligera: el objetivo cuenta como obstruido")
        assert "éxito (margen 4)" in shot
        assert "Bruto recibe 6 de daño (Pistola 4/9): 1 HL." in shot
