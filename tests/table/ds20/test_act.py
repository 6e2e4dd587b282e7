"""/act (names in Spanish and English), /grapple, and the autocompletes."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.commands.autocomplete import system_choices
from bot.systems.ds20.moves.act import split_action
from bot.systems.ds20.moves.attack import parse_flags
from tests.table.ds20.helpers import INITIATIVE, combatant, ds20_table, must, reply, state

action_autocomplete = partial(system_choices, "action")
weapon_autocomplete = partial(system_choices, "weapon")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("declarar", ("declare", "")),
        ("declare", ("declare", "")),
        ("aguantar", ("endure", "")),
        ("endure pain", ("endure", "")),
        ("Técnica Estocada", ("technique", "Estocada")),
        ("technique Estocada", ("technique", "Estocada")),
        ("derribar", ("knock_down", "")),
        ("knock down", ("knock_down", "")),
        ("desarmar Pistola", ("disarm", "Pistola")),
        ("disarm", ("disarm", "")),
        ("empujar", ("push", "")),
        ("push", ("push", "")),
        ("levantarse acrobacia", ("stand", "acrobacia")),
        ("stand", ("stand", "")),
        ("apuntar", ("aim", "")),
        ("aim", ("aim", "")),
        ("recargar Pistola", ("reload", "Pistola")),
        ("reload", ("reload", "")),
        ("desatascar Pistola", ("clear_jam", "Pistola")),
        ("clear jam Pistola", ("clear_jam", "Pistola")),
        ("primeros auxilios", ("first_aid", "")),
        ("first aid", ("first_aid", "")),
        ("soltar", ("release", "")),
        ("release", ("release", "")),
    ],
)
def test_action_names_in_both_languages(text: str, expected: tuple[str, str]) -> None:
    assert split_action(text) == expected


async def test_declared_actions_penalise_and_aim_bonus_is_spent_on_the_shot(
    tmp_path: Path,
) -> None:
    # DS-4: one extra action declared, one penalty d4 on each. DS-11: one aim, one bonus
    # d4 on the shot. 12 - 10 + 3 - 2 = 3, a hit; damage adds the penalty back: 5 with
    # the Pistola (MHL 4): 1 HL; the armour rolls 15 and fails.
    async with ds20_table(tmp_path, [*INITIATIVE, 10, 3, 2, 15]) as table:
        declared = reply(await must(table, "@ana /act action:declarar value:1")).text()
        assert "Ana declara 2 acciones este turno (1 penalización a cada una)." in declared
        await must(table, "@ana /act action:apuntar")
        assert (await combatant(table, "Ana")).aim == 1
        shot = reply(await must(table, "@ana /attack target:Bruto weapon:Pistola")).text()
        assert "éxito (margen 3)" in shot and "Bruto recibe 5 de daño (Pistola 4/9): 1 HL." in shot
        assert (await combatant(table, "Ana")).aim == 0
        [spent] = await table.run("@ana /act action:apuntar")
        assert (
            spent.ephemeral
            and spent.content
            == "Ana ya usó sus 2 acciones este turno. Termina el turno con `/siguiente`."
        )


async def test_a_technique_adds_its_bonus_die_and_damage(tmp_path: Path) -> None:
    # Estocada (Armas C.C.) +1 daño +2: the roll 3 activates it; the Cuchillo then rolls
    # 5 with a bonus d4 of 2: margin 7; no defence: 7 + 2 = 9 >= MHG 8: 1 HG.
    async with ds20_table(tmp_path, [*INITIATIVE, 3, 5, 2, 15]) as table:
        await must(table, '@ana /act action:"técnica Estocada"')
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        hit = reply(await must(table, "@gm /react none")).text()
        assert "Bruto recibe 9 de daño (Cuchillo 3/8): 1 HG." in hit


async def test_grapple_escape_headbutt_and_release(tmp_path: Path) -> None:
    # DS-10: Ana grapples (Pelea 10 rolls 4: margin 6), Bruto takes it. Bruto's escape:
    # Fortaleza 11 rolls 12 (fails) against Ana's 12 rolling 5: still held. His
    # headbutt: Pelea with one penalty (3, d4 1): margin 6; Ana cannot defend: Puños
    # 2/6 deal 6: 1 HG.
    async with ds20_table(tmp_path, [*INITIATIVE, 4, 12, 5, 3, 1]) as table:
        await must(table, "@ana /grapple start target:Bruto")
        await must(table, "@gm /react none")
        assert (await combatant(table, "Bruto")).grappled_by == "c1"
        await must(table, "@ana /next")
        [refused] = await table.run("@gm /attack target:Ana weapon:Machete")
        assert refused.ephemeral and "está en una presa" in refused.content
        escape = reply(await must(table, "@gm /grapple escape")).text()
        assert "Bruto no se libera: sigue en la presa de Ana." in escape
        await must(table, "@gm /next")
        await must(table, "@gm /next")
        # a new round: Bruto's turn again
        butt = reply(await must(table, "@gm /grapple headbutt")).text()
        assert "Ana recibe 6 de daño (Puños 2/6): 1 HG." in butt
        await must(table, "@gm /next")
        await must(table, "@ana /act action:soltar")
        assert (await combatant(table, "Bruto")).grappled_by is None


async def test_english_action_names_work_for_an_english_user(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE, locale="en") as table:
        aimed = reply(await must(table, "@ana /act action:aim")).text()
        assert aimed == "Aim\nAna aims (bonuses so far: 1)."


def _interaction(table, user: str, actor: str | None = None) -> SimpleNamespace:  # type: ignore[no-untyped-def]
    return SimpleNamespace(
        client=table.bot,
        locale="es-ES",
        guild_id=table.guild_id,
        user=SimpleNamespace(id=table.user(user).id),
        namespace=SimpleNamespace(actor=actor),
    )


async def test_autocomplete_offers_the_actors_weapons_and_actions(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        assert table.bot is not None
        encounter = await table.bot.encounters.get(table.channel_id)
        assert encounter is not None
        weapons = await weapon_autocomplete(_interaction(table, "ana"), encounter, "")
        assert [c.value for c in weapons] == ["Puños", "Cuchillo", "Pistola"]
        bruto = await weapon_autocomplete(_interaction(table, "gm", "Bruto"), encounter, "mach")
        assert [c.value for c in bruto] == ["Machete"]
        actions = await action_autocomplete(_interaction(table, "ana"), encounter, "")
        names = [c.value for c in actions]
        assert "técnica Estocada" in names and "recargar Pistola" in names
        assert "primeros auxilios" in names and "declarar" in names
        assert (await state(table)).pending is None


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        ("burst3", {"burst3": True, "burst": False, "empty": 0}),
        ("rafaga3", {"burst3": True, "burst": False, "empty": 0}),
        ("burst:3", {"burst3": False, "burst": True, "empty": 3}),
        ("empty:2, back", {"burst3": False, "burst": False, "empty": 2, "back": True}),
        ("vaciar=2 sorpresa", {"empty": 2, "surprise": True}),
    ],
)
def test_attack_flags(flags: str, expected: dict[str, object]) -> None:
    parsed = parse_flags(flags)
    for name, value in expected.items():
        assert getattr(parsed, name) == value, name


async def test_emptying_the_magazine_adds_d4s_and_the_bullets_can_be_dodged(
    tmp_path: Path,
) -> None:
    # DS-11: empty:2 on a semiautomatic: 2 penalty d4s (1, 1): 12 - 5 - 2 = 5, a hit;
    # the shot's damage adds them back: 7; 2d4 extra (2 + 3 = 5 bullets and damage) may
    # be dodged: Bruto takes them whole: 12 with MHG 9 is 1 HG; armour 15 fails.
    async with ds20_table(tmp_path, [*INITIATIVE, 5, 1, 1, 2, 3, 15]) as table:
        shot = reply(await must(table, "@ana /attack target:Bruto weapon:Pistola flags:empty:2"))
        assert "+5 de daño, 5 balas extra" in shot.text()
        assert [b["label"] for b in shot.buttons()] == ["Esquivar", "No defenderse"]
        [refused] = await table.run("@gm /react block")
        assert (
            refused.ephemeral
            and refused.content
            == "Los disparos no se pueden bloquear. Esquívalos (`/reaccionar esquivar`) o recíbelos (`/reaccionar ninguna`)."
        )
        hit = reply(await must(table, "@gm press No defenderse")).text()
        assert "Bruto recibe 12 de daño (Pistola 4/9): 1 HG." in hit
        pistol = next(w for w in (await combatant(table, "Ana")).weapons if w.name == "Pistola")
        assert pistol.ammo == 9


async def test_the_gm_applies_outside_damage_and_cancels_an_attack(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 5]) as table:
        hurt = reply(
            await must(table, '@gm /act action:"daño 7 3/8 sin armadura" target:Bruto')
        ).text()
        assert "Bruto recibe 7 de daño (- 3/8): 1 HL." in hurt and "Armadura" not in hurt
        [refused] = await table.run('@ana /act action:"daño 7 3/8" target:Bruto')
        assert (
            refused.ephemeral
            and refused.content
            == "Solo quien dirige la partida puede hacer eso. Pídeselo al DJ, o a alguien con Gestionar servidor (`/servidor rol-dj` nombra un rol de DJ)."
        )
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        await must(table, "@gm /act action:anular")
        assert (await state(table)).pending is None


async def test_a_player_rolls_initiative_for_their_own_only(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [6, 3], fight=False) as table:
        await must(table, '@gm /combatant add name:Ana controller:@ana statblock:"Tipo: PJ"')
        await must(table, '@gm /combatant add name:Bruto statblock:"Aptitudes: Iniciativa 2"')
        await must(table, "@ana /initiative roll")
        s = await state(table)
        assert [c.initiative for c in s.combatants] == [6, None]
        [again] = await table.run("@ana /initiative roll")
        assert again.ephemeral
        await must(table, "@gm /initiative roll")
        assert [c.initiative for c in (await state(table)).combatants] == [6, 5]


async def test_the_boards_next_button_starts_the_round(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE, fight=False) as table:
        await must(table, '@gm /combatant add name:Ana controller:@ana statblock:"Tipo: PJ"')
        await must(table, '@gm /combatant add name:Bruto statblock:"Aptitudes: Iniciativa 2"')
        await must(table, "@gm /initiative roll")
        pressed = reply(await must(table, '@gm press "Siguiente turno"')).text()
        assert "Ronda 1." in pressed and "Turno de Ana." in pressed


async def test_the_gm_gets_the_weapons_of_whoever_has_the_turn(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        assert table.bot is not None
        await must(table, "@ana /next")
        encounter = await table.bot.encounters.get(table.channel_id)
        assert encounter is not None
        weapons = await weapon_autocomplete(_interaction(table, "gm"), encounter, "")
        assert [c.value for c in weapons] == ["Puños", "Machete"]
        assert await weapon_autocomplete(_interaction(table, "bob"), encounter, "") == []
