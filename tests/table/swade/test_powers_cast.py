"""Savage Worlds powers through the real command tree (issue 19 phase 2, RULES-NOTES
SW-39..SW-43): ``/cast power|end``, ``/power define|list|forget``, ``/act heal``, the
benny that recovers Power Points, the benny reroll of an activation and ``/undo``.

@ana plays Maga (Spellcasting d8, 10 PP: Bolt, Blast, Protection on her sheet), @bruno
plays Fray (Faith d8, Healing d8, 10 PP: Healing); the GM runs three goblins (Extras)
and Brujo (a Wild Card caster with 15 PP and a benny). No cards are dealt unless a test
deals them, so each command names its ``actor``. Dice are forced and strict: each test
fails if a die it forces is not rolled."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bot.commands.autocomplete import system_choices
from bot.play.table import OfflineTable
from bot.render.board import BoardContext
from bot.render.swade.board import compact_line
from tests.table.swade.test_combat_setup import (
    all_dice_used,
    buttons,
    force,
    must,
    named,
    refused,
    state,
)

MAGA = (
    "Maga (WC)\\nAtributos: Agilidad d6, Astucia d8, Espíritu d8, Fuerza d4, Vigor d6\\n"
    "Habilidades: Hechicería d8, Notar d6, Atletismo d4\\nParada: 4; Dureza: 5\\n"
    "Trasfondo arcano: Magia\\nPuntos de Poder: 10\\n"
    "Poderes: Descarga (1 PP), Explosión (2 PP), Protección (1 PP)"
)
FRAY = (
    "Fray (WC)\\nAtributos: Agilidad d6, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
    "Habilidades: Fe d8, Sanar d8, Pelear d6\\nParada: 5; Dureza: 5\\n"
    "Trasfondo arcano: Milagros\\nPuntos de Poder: 10\\nPoderes: Curación (3 PP)"
)
GOBLIN = (
    "Goblin\\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d4, Vigor d6\\n"
    "Habilidades: Pelear d6, Atletismo d6\\nParada: 5; Dureza: 5\\nEquipo: Lanza (Fue+d6)"
)
BRUJO = (
    "Brujo\\nAtributos: Agilidad d6, Astucia d8, Espíritu d8, Fuerza d6, Vigor d6\\n"
    "Habilidades: Hechicería d10, Pelear d6\\nParada: 5; Dureza: 5\\n"
    "Trasfondo arcano: Magia\\nPuntos de Poder: 15\\n"
    "Poderes: Descarga (1 PP), Protección (1 PP)\\nBenis: 1"
)


@asynccontextmanager
async def power_table(tmp_path: Path, *, locale: str = "es") -> AsyncIterator[OfflineTable]:
    async with OfflineTable(
        db_path=tmp_path / "powers.sqlite3", seed=3, dice=[], strict_dice=True, locale=locale
    ) as table:
        await must(table, "@gm /encounter start name:Torre")
        for user, name, sheet in (("ana", "Maga", MAGA), ("bruno", "Fray", FRAY)):
            [saved] = await table.run(f'@{user} /character save name:{name} statblock:"{sheet}"')
            assert saved.ephemeral and name in saved.text(), saved.text()
            await must(table, f"@{user} /join character:{name}")
        await must(table, f'@gm /combatant add name:Goblin count:3 statblock:"{GOBLIN}"')
        await must(table, f'@gm /combatant add name:Brujo wildcard:true statblock:"{BRUJO}"')
        yield table


async def complete(
    table: OfflineTable, kind: str, user: str, command: str, current: str = "", **typed: Any
) -> list[tuple[str, str]]:
    """What the ``kind`` autocomplete offers ``user`` typing ``command`` ("cast power")."""
    encounter = await table.bot.encounters.get(table.channel_id)
    who = table.user(user)
    node: Any = None
    for name in command.split():
        node = SimpleNamespace(name=name, parent=node)
    interaction = SimpleNamespace(
        client=table.bot,
        user=SimpleNamespace(id=who.id, roles=[]),
        permissions=discord.Permissions.none(),
        guild_id=None,
        channel_id=table.channel_id,
        locale=discord.Locale.spain_spanish,
        namespace=SimpleNamespace(**typed),
        command=node,
    )
    choices = await system_choices(kind, interaction, encounter, current)  # type: ignore[arg-type]
    return [(c.name, str(c.value)) for c in choices]


# --- SW-40: the activation, its cost, its refusals -----------------------------------------


async def test_a_bolt_pays_its_cost_and_its_damage_goes_through_the_attack_path(
    tmp_path: Path,
) -> None:
    async with power_table(tmp_path) as table:
        # Spellcasting 5 (wild 6💥+1 = 7) against 4; damage 6💥+3 + 2 = 11 with AP 2 and
        # Heavy Weapon (+3 PP): Brujo's Toughness 5, a wound and Shaken; a Wild Card, so
        # the soak button, and the benny reroll of the activation.
        force(table, 5, 6, 1, 6, 3, 2)
        [reply, *_] = await must(
            table,
            '@ana /cast power power:Descarga target:Brujo actor:Maga modifiers:"ap 2, arma pesada"',
        )
        text = reply.text()
        assert "Maga lanza Descarga (Hechicería): 7 contra 4; cuesta 4 PP." in text
        # SW-41: each modifier with its own cost (issue 30), then their total.
        assert "Modificadores de poder: +3 PP en total." in text
        assert "• Perforación de armadura (PA 2) (+1 PP)." in text
        assert "• Arma pesada (+2 PP): el daño cuenta como arma pesada." in text
        assert "Maga gasta 4 PP (le quedan 6 de 10)." in text
        assert "Descarga causa 11 de daño a Brujo (PA 2)." in text
        assert "Brujo sufre 1 herida" in text
        assert buttons(reply) == [  # SW-35: the power's damage too (issue 30)
            "Repetir tirada de Maga (beni)",
            "Repetir daño (beni)",
            "Absorber (beni)",
        ]
        brujo = await named(table, "Brujo")
        assert brujo.wounds == 1 and brujo.shaken
        assert (await named(table, "Maga")).power_points == 6
        all_dice_used(table)


async def test_a_failure_costs_one_power_point_or_the_full_cost_with_the_setting(
    tmp_path: Path,
) -> None:
    async with power_table(tmp_path) as table:
        force(table, 2, 3)  # 3 against 4: a failure
        [reply, *_] = await must(table, "@ana /cast power power:Explosión target:Goblin actor:Maga")
        assert "Maga no logra activar el poder." in reply.text()
        assert (await named(table, "Maga")).power_points == 9  # SW-40: 1 PP
        await must(table, "@gm /encounter settings setting:failed_cast_full_cost value:yes")
        force(table, 2, 3)
        await must(table, "@ana /cast power power:Explosión target:Goblin actor:Maga")
        assert (await named(table, "Maga")).power_points == 7  # the full cost, 2
        all_dice_used(table)


async def test_backlash_fatigues_the_caster_and_ends_what_it_maintains(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        force(table, 6, 2)  # Protection on herself: 6, a success
        await must(table, "@ana /cast power power:Protección target:Maga actor:Maga")
        maga = await named(table, "Maga")
        assert [a.power_id for a in maga.maintaining] == ["protection"]
        toughness = maga.toughness
        force(table, 1, 1)  # snake eyes: Backlash (SW-40)
        [reply, *_] = await must(table, "@ana /cast power power:Descarga target:Brujo actor:Maga")
        text = reply.text()
        assert "Contragolpe" in text
        assert "Termina Protección [1] de Maga (contragolpe)." in text
        maga = await named(table, "Maga")
        assert maga.fatigue == 1 and maga.maintaining == []
        assert maga.toughness == toughness - 2  # the armour went with the power
        assert maga.power_points == 8  # 1 for Protection, 1 for the failed Bolt
        assert "Repetir tirada de Maga (beni)" not in buttons(reply)  # SW-4
        all_dice_used(table)


async def test_short_power_points_and_unknown_powers_are_refused_with_how_to_fix(
    tmp_path: Path,
) -> None:
    async with power_table(tmp_path) as table:
        text = await refused(
            table,
            '@ana /cast power power:Descarga target:Brujo actor:Maga modifiers:"pa 6, arma pesada"'
            " count:1",
        )
        assert "cantidad" in text and "grupo" in text
        await must(table, '@gm /combatant edit combatant:Maga statblock:"PP: 3"')
        text = await refused(
            table,
            '@ana /cast power power:Descarga target:Brujo actor:Maga modifiers:"pa 6, arma pesada"',
        )
        assert "Maga necesita 6 PP (1 del poder y 5 de modificadores) y tiene 3" in text
        assert "un beni recupera 5" in text
        text = await refused(table, "@ana /cast power power:Rayo target:Brujo actor:Maga")
        assert "«Rayo» no es un poder que pueda lanzar" in text
        assert "Descarga, Explosión, Protección" in text
        text = await refused(table, "@ana /cast power power:Descarga target:Brujo actor:Brujo")
        assert text == (
            "Brujo no es tuyo: solo su jugador o el DJ pueden hacerle actuar. Actúa con uno"
            " de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
        )
        all_dice_used(table)


# --- SW-25 area powers, SW-42 maintaining ----------------------------------------------------


async def test_an_area_power_takes_a_count_of_a_group_and_each_may_evade(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        # 3, wild 6💥+2 = 8 (a raise); Goblin 1 evades (Agility 7 - 2), Goblin 2 does
        # not (4 - 2) and takes 3d6 (2d6 + the raise die) = 9: out. Goblin 3 is not under
        # the template.
        force(table, 3, 6, 2, 7, 4, 4, 3, 2)
        [reply, *_] = await must(
            table, "@ana /cast power power:Explosión target:Goblin count:2 actor:Maga"
        )
        text = reply.text()
        assert "éxito con 1 aumento" in text
        assert "Goblin 1 evade el ataque (tirada de Agilidad: 5)." in text
        assert "Explosión causa 9 de daño a Goblin 2" in text
        assert "Repetir tirada de Goblin 1 (beni)" in buttons(reply)
        assert not (await named(table, "Goblin 1")).incapacitated
        assert (await named(table, "Goblin 2")).incapacitated
        assert not (await named(table, "Goblin 3")).incapacitated
        all_dice_used(table)


async def test_a_power_maintained_on_oneself_reads_naturally(tmp_path: Path) -> None:
    """Issue 29: a caster maintaining a power on herself reads "sobre sí misma" (her
    gender from the sheet), on himself "sobre sí mismo", on another by name; English
    "on itself", as healing's "tends its own wounds"."""
    async with power_table(tmp_path) as table:
        bruja = BRUJO.replace("Brujo", "Bruja") + "\\nGénero: f"
        await must(table, f'@gm /combatant add name:Bruja wildcard:true statblock:"{bruja}"')
        force(table, 6, 2)
        messages = await must(table, "@gm /cast power power:Protección target:Bruja actor:Bruja")
        assert "Bruja mantiene Protección [1] sobre sí misma durante 5 rondas" in messages[0].text()
        assert "Mantiene Protección [1] sobre sí misma: quedan 5 rondas" in messages[-1].text()
        force(table, 6, 2)
        messages = await must(table, "@gm /cast power power:Protección target:Maga actor:Brujo")
        assert "Brujo mantiene Protección [1] sobre Maga durante 5 rondas" in messages[0].text()
        assert "Mantiene Protección [1] sobre Maga: quedan 5 rondas" in messages[-1].text()
        all_dice_used(table)
    (tmp_path / "en").mkdir()
    async with power_table(tmp_path / "en", locale="en") as table:
        force(table, 6, 2)
        messages = await must(table, "@gm /cast power power:Protection target:Brujo actor:Brujo")
        assert "Brujo maintains Protection [1] on itself for 5 rounds" in messages[0].text()
        assert "Maintains Protection [1] on itself: 5 rounds left" in messages[-1].text()
        all_dice_used(table)


async def test_maintained_powers_are_on_the_board_penalise_and_end_with_the_casters_turn(
    tmp_path: Path,
) -> None:
    async with power_table(tmp_path) as table:
        await must(table, "@gm /deal")
        force(table, 6, 2)
        messages = await must(table, "@gm /cast power power:Protección target:Brujo actor:Brujo")
        board = messages[-1].text()
        assert "Puntos de Poder 14/15" in board
        assert "Mantiene Protección [1] sobre sí mismo: quedan 5 rondas" in board
        assert "🔮 Protección de Brujo: armadura +2 (quedan 5 rondas)" in board
        assert "✨ Puntos de Poder · 🔮 rondas de los poderes mantenidos" in board
        encounter = await table.bot.encounters.get(table.channel_id)
        brujo = await named(table, "Brujo")
        assert "✨14/15 🔮5" in compact_line(brujo.id, encounter.state, "es", BoardContext())  # type: ignore[union-attr, arg-type]
        force(table, 4, 1)  # the next activation: 4 - 1 (maintaining one) = 3, a failure
        [reply, *_] = await must(table, "@gm /cast power power:Descarga target:Maga actor:Brujo")
        assert "Poderes mantenidos -1 (total -1)" in reply.text()
        assert "Brujo no logra activar el poder." in reply.text()
        # /cast end: the only power it maintains.
        [reply, *_] = await must(table, "@gm /cast end actor:Brujo")
        assert "Brujo deja de mantener Protección [1]." in reply.text()
        assert (await named(table, "Brujo")).maintaining == []
        text = await refused(table, "@gm /cast end actor:Brujo")
        assert "Brujo no mantiene ningún poder." in text


async def test_a_maintained_power_runs_out_at_the_end_of_its_casters_turn(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        force(table, 8, 2)
        await must(table, "@gm /cast power power:Protección target:Brujo actor:Brujo")
        brujo_id = (await named(table, "Brujo")).id
        await must(table, "@gm /deal")
        # Each end of Brujo's turn takes a round off; the fifth ends the power (SW-42),
        # and no other turn's end touches it.
        brujo_turns = 0
        for _ in range(40):
            ending_brujos_turn = (await state(table)).active == brujo_id
            text = "\n".join(m.text() for m in await must(table, "@gm /next"))
            brujo = await named(table, "Brujo")
            brujo_turns += ending_brujos_turn
            if brujo_turns < 5:
                assert [a.rounds_left for a in brujo.maintaining] == [5 - brujo_turns]
                assert "Termina Protección" not in text
            else:
                assert ending_brujos_turn
                assert "Termina Protección [1] de Brujo: se acabaron sus rondas." in text
                assert brujo.maintaining == [] and brujo.toughness == 5
                break
        assert brujo_turns == 5
        all_dice_used(table)


async def test_lingering_damage_strikes_at_the_start_of_the_victims_next_turn(
    tmp_path: Path,
) -> None:
    async with power_table(tmp_path) as table:
        # 6: a success; 3+2 = 5 against Toughness 5: Shaken, and 2d4 more due (SW-41).
        force(table, 6, 2, 3, 2)
        line = '@ana /cast power power:Descarga target:Brujo actor:Maga modifiers:"daño residual"'
        [reply, *_] = await must(table, line)
        assert "Modificadores de poder: +2 PP en total.\n• Daño residual (+2 PP)." in reply.text()
        assert "Brujo sufrirá 2d4 más de Descarga al empezar su siguiente turno." in reply.text()
        assert (await named(table, "Maga")).power_points == 7
        for who, card in (("Brujo", "AS"), ("Maga", "KS"), ("Fray", "QS"), ("Goblin", "2C")):
            await must(table, f"@gm /initiative set combatant:{who} card:{card}")
        # Brujo's turn starts: 3+2 = 5 on a Shaken Brujo, a wound (the soak button);
        # then its Spirit roll, 5 - 1 = 4, ends Shaken.
        force(table, 3, 2, 5, 2)
        [reply, *_] = await must(table, "@gm /deal")
        text = reply.text()
        assert "Daño residual de Descarga a Brujo: 5 (PA 0)." in text
        assert "5 contra Dureza 5: Brujo sufre 1 herida." in text
        assert "Absorber (beni)" in buttons(reply)
        brujo = await named(table, "Brujo")
        assert brujo.wounds == 1 and not brujo.shaken and brujo.lingering == []
        all_dice_used(table)


# --- SW-43 healing -------------------------------------------------------------------------


async def test_act_heal_stabilises_a_bleeding_out_character(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        # 25 against Toughness 5: incapacitated; Vigor 5 - 3 = 2 fails: Bleeding Out
        # (the injury table 3+3, subtable 3).
        force(table, 5, 4, 3, 3, 3)
        await must(table, "@gm /act action:damage target:Maga value:25")
        assert (await named(table, "Maga")).bleeding_out
        force(table, 8, 3, 2)  # Healing 8💥+3 = 11 - 3 (Maga's wounds) = 8: a raise
        [reply, *_] = await must(table, "@bruno /act action:curar target:Maga actor:Fray")
        text = reply.text()
        assert "Fray atiende las heridas de Maga: 8." in text
        assert "Heridas del paciente -3" in text
        assert "Maga se estabiliza: ya no se desangra." in text
        maga = await named(table, "Maga")
        assert not maga.bleeding_out
        all_dice_used(table)


async def test_the_healing_power_removes_a_wound_per_success_and_raise(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        await must(table, '@gm /combatant edit combatant:Maga statblock:"Heridas: 2"')
        force(table, 8, 3, 1)  # Faith 8💥+3 = 11 - 2 (Maga's wounds) = 9: a raise, two
        [reply, *_] = await must(table, "@bruno /cast power power:Curación target:Maga actor:Fray")
        assert "Maga se cura 2 heridas (le quedan 0)." in reply.text()
        fray = await named(table, "Fray")
        assert fray.power_points == 7
        assert (await named(table, "Maga")).wounds == 0
        all_dice_used(table)


async def test_act_heal_with_a_healing_power_casts_it(tmp_path: Path) -> None:
    async with power_table(tmp_path, locale="en") as table:
        await must(table, '@gm /combatant edit combatant:Maga statblock:"Wounds: 1"')
        force(table, 5, 2)  # Faith 5 - 1 (Maga's wound) = 4: a success, one wound
        [reply, *_] = await must(table, '@bruno /act action:"heal Healing" target:Maga actor:Fray')
        assert "Fray casts Healing (Faith): 4 against 4; it costs 3 PP." in reply.text()
        assert (await named(table, "Maga")).wounds == 0
        text = await refused(table, "@bruno /act action:heal target:Maga actor:Fray")
        assert text == (
            "Maga has no wounds to heal and is not incapacitated. Choose another target (`target:`)."
        )
        all_dice_used(table)


# --- bennies and /undo ---------------------------------------------------------------------


async def test_a_benny_recovers_five_power_points_and_undo_returns_it(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        await must(table, '@gm /combatant edit combatant:Maga statblock:"PP: 2"')
        [reply, *_] = await must(table, "@ana /bennies spend use:power combatant:Maga")
        assert "Maga recupera 5 PP (ahora 7)." in reply.text()
        assert (await named(table, "Maga")).power_points == 7
        [reply, *_] = await must(table, "@gm /undo")
        assert "Deshecho: Maga recupera Puntos de Poder con un beni." in reply.text()
        assert "El beni gastado vuelve a" in reply.text()
        assert (await named(table, "Maga")).power_points == 2


async def test_a_benny_rerolls_the_activation_and_undo_restores_the_cast(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 2, 3)  # 3: a failure, 1 PP
        line = '@ana /cast power power:Descarga target:Brujo actor:Maga modifiers:"ap 2"'
        [reply, *_] = await must(table, line)
        assert "Repetir tirada de Maga (beni)" in buttons(reply)
        assert (await named(table, "Maga")).power_points == 9
        # The benny: 6 (wild 2), a success now, so the full cost, 2 (SW-40), instead of
        # the 1 the failure paid; the bolt's 4+3 = 7 (AP 2) against Toughness 5: Shaken.
        force(table, 6, 2, 4, 3)
        [reply, *_] = await must(table, '@ana press "Repetir tirada de Maga (beni)"')
        assert "Descarga causa 7 de daño a Brujo (PA 2)." in reply.text()
        assert "gasta un beni" in reply.text()
        assert (await named(table, "Maga")).power_points == 8
        assert (await named(table, "Brujo")).shaken
        # /undo the reroll, then the cast: Power Points, conditions, wounds come back.
        await must(table, "@gm /undo")
        assert not (await named(table, "Brujo")).shaken
        assert (await named(table, "Maga")).power_points == 9
        await must(table, "@gm /undo")
        assert (await named(table, "Maga")).power_points == 10
        all_dice_used(table)


async def test_undo_of_a_damaging_cast_restores_wounds_and_points(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        force(table, 5, 6, 1, 6, 3, 2)
        await must(
            table,
            '@ana /cast power power:Descarga target:Brujo actor:Maga modifiers:"ap 2, arma pesada"',
        )
        assert (await named(table, "Brujo")).wounds == 1
        [reply, *_] = await must(table, "@gm /undo")
        assert "Deshecho" in reply.text()
        brujo, maga = await named(table, "Brujo"), await named(table, "Maga")
        assert brujo.wounds == 0 and not brujo.shaken and maga.power_points == 10
        all_dice_used(table)


# --- GM definitions, autocomplete, English -------------------------------------------------


async def test_the_gm_defines_lists_and_forgets_a_power(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        text = await refused(
            table, '@ana /power define text:"nombre: Rayo; coste: 2; éxito: daño 2d8"'
        )
        assert "DJ" in text
        [reply, *_] = await must(
            table,
            '@gm /power define text:"nombre: Rayo / Ray; coste: 2; éxito: daño 2d8; aumento: daño 3d8"',
        )
        assert "Poder Rayo / Ray definido para este encuentro (2 PP)." in reply.text()
        [listing] = await table.run("@ana /power list")
        assert listing.ephemeral
        assert "**Rayo / Ray**: 2 PP, alcance Astucia, instantánea" in listing.text()
        assert "**Descarga** (ejemplo): 1 PP" in listing.text()
        # Maga has powers on her sheet, yet a GM definition is castable (SW-39).
        force(table, 6, 2, 5, 4)  # 6: a success; 2d8 = 9 against Toughness 5
        [reply, *_] = await must(table, "@ana /cast power power:Rayo target:Brujo actor:Maga")
        assert "Rayo / Ray causa 9 de daño a Brujo" in reply.text()
        await must(table, "@gm /power forget power:Rayo")
        text = await refused(table, "@ana /cast power power:Rayo target:Brujo actor:Maga")
        assert "«Rayo» no es un poder" in text
        all_dice_used(table)


async def test_powers_and_modifiers_autocomplete(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        await must(table, '@gm /power define text:"nombre: Rayo / Ray; coste: 2; éxito: daño 2d8"')
        offered = await complete(table, "power", "ana", "cast power", actor="Maga")
        assert offered == [
            ("Descarga", "Descarga"),
            ("Explosión", "Explosión"),
            ("Protección", "Protección"),
            ("Rayo / Ray", "Rayo"),
        ]
        # The GM's Brujo-less view: a combatant with no powers on its sheet gets the
        # examples, each with its cost.
        offered = await complete(table, "power", "gm", "cast power", "cur", actor="Goblin 1")
        assert offered == [("Curación (ejemplo, 3 PP)", "Curación")]
        mods = await complete(table, "power_modifier", "ana", "cast power", "arma pe")
        assert mods == [("Arma pesada (+2)", "heavy_weapon")]
        mods = await complete(table, "power_modifier", "ana", "cast power", "heavy_weapon, bri")
        assert mods == [("heavy_weapon, Brillo (+1)", "heavy_weapon, glow")]
        force(table, 6, 2)
        await must(table, "@gm /cast power power:Protección target:Brujo actor:Brujo")
        ending = await complete(table, "power", "gm", "cast end", actor="Brujo")
        assert ending == [("[1] Protección", "1")]
        all_dice_used(table)


async def test_casting_in_english(tmp_path: Path) -> None:
    async with power_table(tmp_path, locale="en") as table:
        force(table, 5, 6, 1, 6, 3, 2)
        [reply, *_] = await must(
            table,
            '@ana /cast power power:Bolt target:Brujo actor:Maga modifiers:"ap 2, heavy weapon"',
        )
        text = reply.text()
        assert "Maga casts Bolt (Spellcasting): 7 against 4; it costs 4 PP." in text
        assert "Power modifiers: +3 PP in all." in text
        assert "• Armor Piercing (AP 2) (+1 PP)." in text
        assert "• Heavy Weapon (+2 PP): the damage counts as a Heavy Weapon." in text
        text = await refused(table, "@ana /cast power power:Ray target:Brujo actor:Maga")
        assert "“Ray” is not a power its caster can cast." in text
        all_dice_used(table)
