"""What the move framework adds for Ritual Hex (issue 22, phase B): ``/next`` during a
round only says where the fight stands (a Notice: nothing saved, the buttons under the
last result stay valid and are posted again), ``/act`` reads a verb unless the actor has
an action of that name, and ``/hex grant action`` suggests the encounter's actions."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.commands.autocomplete import suggestions
from tests.table.ritualhex.helpers import labels, must, refused, reply, rh_table, seq


async def test_next_during_a_round_changes_nothing_and_its_buttons_still_work(
    tmp_path: Path,
) -> None:
    # The Goblin blocks Red Haggar's Piña from the buttons /next posted again.
    async with rh_table(tmp_path, []) as table:
        await must(table, "@ana /attack target:Goblin")
        before = await seq(table)
        out = reply(await must(table, "@gm /next"))
        assert out.embeds[0]["title"] == "Cómo va el combate"
        assert labels(out)[:2] == ["Goblin: Bloqueo", "Goblin: no reacciona"]
        assert await seq(table) == before  # not an action: nothing saved or logged
        out = reply(await must(table, "@gm /undo"))
        assert out.text() == "Deshecho: Red Haggar: Piña."  # the attack, not the /next
        await must(table, "@ana /attack target:Goblin")
        await must(table, "@gm /next")
        out = reply(await must(table, '@gm press "Goblin: Bloqueo"'))
        assert "Goblin reacciona a Piña de Red Haggar con Bloqueo" in out.text()


async def test_an_action_called_like_a_verb_is_the_action(tmp_path: Path) -> None:
    # The GM defines "Esperar" as an attack and gives it to the Goblin: for the Goblin,
    # "/act action:Esperar" is that attack; for Red Haggar it is still waiting (RH-7).
    esperar = (
        "nombre: Esperar; tipo: ataque; costo: 3; miembros: ninguno; objetivo: 1; "
        "chequeo: <Str>[9]<Def>; efecto: daño 1"
    )
    async with rh_table(tmp_path, []) as table:
        await must(table, f'@gm /hex define text:"{esperar}"')
        await must(table, "@gm /hex grant combatant:Goblin action:Esperar")
        # The Goblin's Esperar is declared (and it is not its opportunity); as the verb,
        # the target would have been refused first.
        text = await refused(table, '@gm /act action:Esperar actor:Goblin target:"Red Haggar"')
        assert (
            text
            == "No es la oportunidad de Goblin; ahora actúa: Red Haggar. Actúa con uno de ellos (`quien:`), o espera a que actúen: el bot avisa a quien tenga la siguiente oportunidad (`/siguiente` dice de quién es ahora)."
        )
        text = await refused(table, "@ana /act action:Esperar target:Goblin")
        assert (
            text
            == "Esperar no usa la opción «objetivo». Quítala; `/ayuda orden:actuar` muestra las opciones."
        )
        out = reply(await must(table, "@ana /act action:Esperar"))
        assert out.embeds[0]["title"] == "Esperar" and "Red Haggar espera" in out.text()


async def test_hex_grant_suggests_the_defined_actions_and_the_shipped_reactions(
    tmp_path: Path,
) -> None:
    async with rh_table(tmp_path, []) as table:
        await must(
            table,
            '@gm /hex define text:"nombre: Mordisco; tipo: ataque; costo: 3; objetivo: 1; efecto: daño 1"',
        )
        assert table.bot is not None

        async def offered(typed: str) -> list[str]:
            interaction: Any = SimpleNamespace(
                client=table.bot, channel_id=table.channel_id, user=SimpleNamespace(id=1),
                namespace=SimpleNamespace(), command=None, data={}, locale=None, guild_id=None,
            )  # fmt: skip
            return [c.value for c in await suggestions("grant")(interaction, typed)]

        assert await offered("") == ["Mordisco", "Bloqueo", "Parálisis", "Proteger"]
        assert await offered("PRO") == ["Proteger"]
