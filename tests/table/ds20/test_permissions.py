"""Refusals: localized, ephemeral, and nothing changes (the encounter's seq stays)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ds20.helpers import ANA, INITIATIVE, ds20_table, must, seq, state


async def test_a_player_cannot_answer_for_someone_elses_defence(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 5]) as table:
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        before = await seq(table)
        [refused] = await table.run("@ana /react dodge")
        assert (
            refused.ephemeral
            and refused.content
            == "No controlas a Bruto. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
        )
        assert await seq(table) == before
        assert (await state(table)).pending is not None


async def test_a_player_cannot_press_the_defenders_button(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 5]) as table:
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        [refused] = await table.run("@ana press Esquivar")
        assert (
            refused.ephemeral
            and refused.content
            == "Ese botón no es para ti. Lo pulsa el jugador de su combatiente (o el DJ); `/encuentro mostrar` dice de quién es cada uno."
        )
        assert (await state(table)).pending is not None


async def test_another_player_cannot_act_with_ana(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        before = await seq(table)
        [refused] = await table.run("@bob /attack target:Bruto actor:Ana")
        assert (
            refused.ephemeral
            and refused.content
            == "No controlas a Ana. Actúa con uno de los tuyos (`quien:`), o que el DJ te lo asigne con `/combatiente editar jugador:`."
        )
        [which] = await table.run("@bob /attack target:Bruto")
        assert which.ephemeral and "¿Quién actúa?" in which.content
        assert await seq(table) == before


async def test_a_player_cannot_add_combatants(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        before = await seq(table)
        [refused] = await table.run(f'@ana /combatant add name:Otra statblock:"{ANA}"')
        assert (
            refused.ephemeral
            and refused.content
            == "Solo el DJ del encuentro puede hacer eso. Pídeselo al DJ, o a alguien con Gestionar servidor (`/servidor rol-dj` nombra un rol de DJ)."
        )
        assert len((await state(table)).combatants) == 2
        assert await seq(table) == before


async def test_a_player_cannot_pass_someone_elses_turn(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        await must(table, "@ana /next")
        [refused] = await table.run("@ana /next")
        assert (
            refused.ephemeral
            and refused.content
            # It is Bruto's turn: "No es el turno de Bruto ... termina este con /siguiente"
            # was false, and named the command just refused.
            == "Es el turno de Bruto, que no es tuyo: lo termina quien lo controla o el DJ con `/siguiente`. Espera a tu turno (`/encuentro mostrar` dice el orden)."
        )


@pytest.mark.parametrize(
    ("line", "option"),
    [
        # The option as a Spanish Discord names it.
        ("@ana /attack target:Bruto gangup:2", "superioridad_numérica"),
        ("@ana /attack target:Bruto modifier:1", "modificador"),
        ("@ana /attack target:Bruto skill:Pelea", "habilidad"),
        ("@ana /attack target:Bruto range:short", "alcance"),
        ("@ana /attack target:Bruto limb:brazo", "miembro"),
        ("@ana /act action:apuntar limb:brazo", "miembro"),
        ("@ana /grapple escape modifier:2", "modificador"),
    ],
)
async def test_another_systems_option_is_refused_and_changes_nothing(
    tmp_path: Path, line: str, option: str
) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        before = await seq(table)
        [refused] = await table.run(line)
        assert refused.ephemeral
        assert (
            refused.content
            == f"La opción «{option}» no existe en Dread S-20. `/ayuda orden:` muestra las opciones de cada orden."
        )
        assert await seq(table) == before


async def test_the_refusal_is_in_the_users_language(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, INITIATIVE, locale="en") as table:
        [refused] = await table.run("@ana /attack target:Bruto gangup:2")
        assert refused.ephemeral and "gangup" in refused.content
        assert "Dread S-20" in refused.content and "no existe" not in refused.content


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("@ana /attack target:Bruto cover:medium", "La cobertura «media» no existe"),
        ("@ana /attack target:Bruto flags:aim", "apuntar es una acción"),
        ("@ana /attack target:Bruto flags:volar", "Opción desconocida: «volar»"),
        ("@ana /attack target:Bruto weapon:Cuchillo distance:5", "solo para armas de fuego"),
        ("@ana /attack target:Bruto weapon:Pistola flags:stun", "no sirve con armas de fuego"),
        ("@ana /attack target:Bruto called:cola", "no es una parte del cuerpo"),
        ("@ana /attack target:Nadie", "No hay ningún combatiente «Nadie»"),
        ("@ana /act action:bailar", "No conozco la acción «bailar». Acciones: declarar"),
        ("@ana /act action:apuntar target:Bruto", "apuntar no usa la opción «objetivo»"),
        ("@ana /act action:declarar", "declarar necesita un número"),
        ("@ana /grapple crush", "/presa aplastar no existe en Dread S-20"),
    ],
)
async def test_mistakes_are_explained(tmp_path: Path, line: str, expected: str) -> None:
    async with ds20_table(tmp_path, INITIATIVE) as table:
        before = await seq(table)
        [refused] = await table.run(line)
        assert refused.ephemeral and expected in refused.content, refused.content
        assert await seq(table) == before
