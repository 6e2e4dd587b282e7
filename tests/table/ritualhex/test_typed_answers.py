"""Answers typed as people type them at a Ritual Hex table, in both languages: the GM's
``/react with`` names a reaction, not a combatant, so it is the one of the GM's
combatants that has it (RH-8: it still waits for whoever decides first); an English
refusal's example is an English command that works.

Cast: Jade Mistress (@bea, AP 12) holds the opportunity at needle 11; Red Haggar (@ana,
AP 11) decides before the Goblin (AP 10, a shield with Bloqueo) in RH-6 order."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ritualhex.helpers import (
    add_line,
    awaiting,
    levels,
    must,
    refused,
    reply,
    rh_table,
)

JADE = "nombre: Jade Mistress\nAP 12, HP 8, Str 0, Def 1, Per 1, Mag 3, DR 0\ngénero: f"
HAGGAR = "nombre: Red Haggar\nAP 11, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0"
GOBLIN = (
    "nombre: Goblin\nAP 10, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0\n"
    "partes: cabeza, torso\nmiembros: mano x2, pies\n"
    "equipo: Escudo; partes: mano; costo: 2; mod: Def+1; acciones: Bloqueo"
)
CAST = [
    ("Jade Mistress", JADE, "heroes", "@bea"),
    ("Red Haggar", HAGGAR, "heroes", "@ana"),
    ("Goblin", GOBLIN, "foes", None),
]

WAIT_FOR_HAGGAR = {
    "es": "Goblin debe esperar: antes decide Red Haggar. Antes Red Haggar reacciona "
    "(`/reaccionar con`) o pasa (`/reaccionar pasar`).",
    "en": "Goblin must wait: Red Haggar decides first. Red Haggar reacts (`/react with`) "
    "or passes (`/react pass`) first.",
}
BLOCKED = {
    "es": "Goblin reacciona a Piña de Jade Mistress con Bloqueo",
    "en": "Goblin reacts to Jade Mistress's Punch with Block",
}


@pytest.mark.parametrize(
    ("lang", "block"), [("es", "Bloqueo"), ("en", "Block"), ("es", "bloqueo."), ("en", "block")]
)
async def test_the_gms_reaction_is_the_minions_that_has_it(
    tmp_path: Path, lang: str, block: str
) -> None:
    """It was Red Haggar's, who decides first: "Red Haggar has no action “Bloqueo”"."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        for name, sheet, side, controller in CAST:
            await must(table, add_line(name, sheet, side, controller))
        await must(table, "@gm /hex round")
        await must(table, "@bea /attack target:Goblin weapon:Punch")
        assert await awaiting(table) == ["Red Haggar", "Goblin"]
        said = await refused(table, f'@gm /react with reaction:"{block}"')
        assert said == WAIT_FOR_HAGGAR[lang]
        await must(table, "@ana /react pass")
        messages = await must(table, f'@gm /react with reaction:"{block}"')
        assert BLOCKED[lang] in reply(messages).text()
        assert (await levels(table))["Goblin"] == 7  # Bloqueo costs 3 (RH-11 example)


UNKNOWN = {
    "es": "Red Haggar no tiene la acción «Volar». Acciones: Piña, Patada, Curar. "
    "P. ej. `/actuar acción:Esperar`.",
    "en": "Red Haggar has no action “Volar”. Actions: Punch, Kick, Heal. "
    "E.g. `/act action:Wait`.",
}
WAITED = {"es": "Red Haggar espera", "en": "Red Haggar waits"}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_an_unknown_action_gives_an_example_in_the_sessions_language(
    tmp_path: Path, lang: str
) -> None:
    """The English example was `/act action:Esperar`, a Spanish word in an English
    session; the example it gives is then typed as given and works (RH-7's Wait)."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        for name, sheet, side, controller in CAST:
            await must(table, add_line(name, sheet, side, controller))
        await must(table, "@gm /hex round")
        await must(table, "@bea /act action:Prepare")  # Jade 11, prep 1: Red Haggar's turn
        await must(table, "@bea /act action:Wait")
        said = await refused(table, "@ana /act action:Volar")
        assert said == UNKNOWN[lang]
        example = said.split("`")[-2]
        messages = await must(table, f"@ana {example}")
        assert WAITED[lang] in reply(messages).text()
