"""Refusals: localized, ephemeral, and nothing changes (the encounter's seq stays).
A player answers only for their own combatants; the GM may pass for anyone (RH-8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ritualhex.helpers import (
    awaiting,
    labels,
    must,
    refused,
    rh_table,
    state,
)


async def test_a_player_cannot_react_for_the_dark_lords_minion(tmp_path: Path) -> None:
    async with rh_table(tmp_path, []) as table:
        await must(table, "@ana /attack target:Goblin")
        assert (
            await refused(table, "@ana /react pass actor:Goblin")
            == "No controlas a Goblin. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
        )
        text = await refused(table, "@ana /react with reaction:Bloqueo actor:Goblin")
        assert (
            text
            == "No controlas a Goblin. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
        )
        assert await awaiting(table) == ["Goblin", "Thrall"]


async def test_a_player_cannot_press_a_minions_button(tmp_path: Path) -> None:
    async with rh_table(tmp_path, []) as table:
        await must(table, "@ana /attack target:Goblin")
        assert (
            await refused(table, "@ana press Goblin: no reacciona")
            == "Ese botón no es para ti. Lo pulsa el jugador de su combatiente (o el DJ); `/encuentro mostrar` dice de quién es cada uno."
        )
        assert (
            await refused(table, "@ana press Nadie reacciona")
            == "Ese botón no es para ti. Lo pulsa el jugador de su combatiente (o el DJ); `/encuentro mostrar` dice de quién es cada uno."
        )
        assert await awaiting(table) == ["Goblin", "Thrall"]


async def test_a_player_with_nobody_eligible_is_told_who_may(tmp_path: Path) -> None:
    """And to wait: it said "`/reaccionar pasar` si no tienes nada que añadir", the very
    command just refused."""
    async with rh_table(tmp_path, []) as table:
        await must(table, "@ana /attack target:Goblin")
        text = await refused(table, "@bea /react pass")
        assert (
            text
            == "Ninguno de tus combatientes puede reaccionar ahora; pueden: Goblin, Thrall. Espera a que reaccionen o pasen: el bot avisa luego a quien decide (`/encuentro mostrar` muestra la cadena)."
        )


async def test_the_gm_may_pass_for_a_players_hero(tmp_path: Path) -> None:
    async with rh_table(tmp_path, []) as table:
        await must(table, "@ana /attack target:Goblin")
        await must(table, "@gm /react with reaction:Bloqueo actor:Goblin")
        assert await awaiting(table) == ["Thrall", "Jade Mistress"]
        # Jade Mistress is @bea's; the GM passes for her, then for the Thrall.
        await must(table, '@gm /react pass actor:"Jade Mistress"')
        assert await awaiting(table) == ["Thrall"]
        assert (await state(table)).chain[-1].passed == [(await state(table)).combatants[3].id]


async def test_the_gm_passes_for_everyone_with_the_button(tmp_path: Path) -> None:
    # Bloqueo: Def 2 (1 + Escudo) + 1+1+1 = 5 vs 10 + Str 2: fails. Then the Thrall is
    # asked about the attack; everyone passes again; Piña: 2 + 1+1+1 = 5 vs 11 + 2: miss.
    async with rh_table(tmp_path, [1, 1, 1, 1, 1, 1]) as table:
        await must(table, "@ana /attack target:Goblin")
        await must(table, "@gm press Goblin: Bloqueo")
        out = await must(table, "@gm press Nadie reacciona")
        text = "\n".join(m.text() for m in out)
        assert "Goblin, Bloqueo: 5 contra 12: fallo" in text
        assert await awaiting(table) == ["Thrall"]
        # One waits: its own pass is the one button (pass-all would be the same action).
        await must(table, "@gm press Thrall: no reacciona")
        s = await state(table)
        assert s.chain == [] and s.awaiting == []


async def test_a_player_cannot_act_out_of_their_opportunity(tmp_path: Path) -> None:
    async with rh_table(tmp_path, []) as table:
        text = await refused(table, "@bea /attack target:Goblin")
        assert (
            text
            == "No es la oportunidad de Jade Mistress; ahora actúa: Red Haggar. Actúa con uno de ellos (`quien:`), o espera a que actúen: el bot avisa a quien tenga la siguiente oportunidad (`/siguiente` dice de quién es ahora)."
        )
        text = await refused(table, '@bea /attack target:Goblin actor:"Red Haggar"')
        assert (
            text
            == "No controlas a Red Haggar. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
        )


async def test_a_player_cannot_run_the_gms_commands(tmp_path: Path) -> None:
    async with rh_table(tmp_path, [], start=False) as table:
        gm_only = "Solo el Señor Oscuro (el DJ) puede hacer eso. Pídeselo al DJ, o a alguien con Gestionar servidor (`/servidor rol-dj` nombra un rol de DJ)."
        assert await refused(table, "@ana /hex round") == gm_only
        assert await refused(table, "@ana /hex grant combatant:Goblin action:Proteger") == gm_only
        text = await refused(table, '@ana /hex define text:"nombre: Mordisco; efecto: daño 1d"')
        assert text == gm_only


@pytest.mark.parametrize(
    ("line", "option"),
    [
        # The option as a Spanish Discord names it.
        ("@ana /attack target:Goblin gangup:2", "superioridad_numérica"),
        ("@ana /attack target:Goblin modifier:1", "modificador"),
        ("@ana /attack target:Goblin skill:Pelea", "habilidad"),
        ("@ana /attack target:Goblin bonus:1", "bonos"),
        ("@ana /attack target:Goblin distance:5", "distancia"),
        ("@ana /act action:Piña target:Goblin value:2", "valor"),
    ],
)
async def test_another_systems_option_is_refused_and_changes_nothing(
    tmp_path: Path, line: str, option: str
) -> None:
    async with rh_table(tmp_path, []) as table:
        assert (
            await refused(table, line)
            == f"La opción «{option}» no existe en Ritual Hex. `/ayuda orden:` muestra las opciones de cada orden."
        )
        assert (await state(table)).chain == []


async def test_other_systems_commands_are_refused(tmp_path: Path) -> None:
    async with rh_table(tmp_path, []) as table:
        assert "no existe en Ritual Hex" in await refused(table, "@ana /react dodge")
        assert "no existe en Ritual Hex" in await refused(table, "@ana /grapple escape")


async def test_refusals_and_buttons_are_in_the_users_language(tmp_path: Path) -> None:
    async with rh_table(tmp_path, [], locale="en") as table:
        out = await must(table, "@ana /attack target:Goblin")
        assert "Goblin: no reaction" in [b.get("label") for m in out for b in m.buttons()]
        text = await refused(table, "@ana /attack target:Goblin gangup:2")
        assert "gangup" in text and "Ritual Hex" in text and "no existe" not in text
        assert (
            await refused(table, "@ana /react pass actor:Goblin")
            == "You don't control Goblin. Act with one of yours (`actor:`), or have the GM give it to you with `/combatant edit controller:`."
        )


async def test_hex_commands_need_a_ritual_hex_encounter(tmp_path: Path) -> None:
    async with rh_table(tmp_path, [], cast=False) as table:
        await must(table, "@gm /encounter end")
        await must(table, "@gm /encounter start system:ds20")
        text = await refused(table, "@gm /hex round")
        assert "hex" in text and "Dread S-20" in text


@pytest.mark.parametrize(
    ("locale", "block", "nobody", "thrall_passes"),
    [
        ("es", "Goblin: Bloqueo", "Nadie reacciona", "Thrall: no reacciona"),
        ("en", "Goblin: Block", "Nobody reacts", "Thrall: no reaction"),
    ],
)
async def test_each_answer_to_the_chain_has_one_button_in_the_channel(
    tmp_path: Path, locale: str, block: str, nobody: str, thrall_passes: str
) -> None:
    """RH-8: under the attack, every answer once (no "Nobody reacts" on the board
    too); with one reactor left, its pass is the only pass button."""
    async with rh_table(tmp_path, [1, 1, 1, 1, 1, 1], locale=locale) as table:
        out = await must(table, "@ana /attack target:Goblin")
        shown = [label for m in out for label in labels(m)]
        assert shown.count(nobody) == 1, shown
        assert len(shown) == len(set(shown)), shown
        await must(table, f"@gm press {block}")
        out = await must(table, f"@gm press {nobody}")
        assert await awaiting(table) == ["Thrall"]
        shown = [label for m in out for label in labels(m)]
        assert nobody not in shown and shown.count(thrall_passes) == 1, shown
        await must(table, f"@gm press {thrall_passes}")
