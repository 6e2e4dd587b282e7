"""Names typed as people type them: a full stop, comma or "!" after a name, quotes around
it (``target:orc.``, ``weapon:"Espada corta."``, ``reaction:«Bloqueo»``). Every option
that names a combatant, a weapon, a skill, a condition, a power, an action, a reaction or
a body part reads it as typed first, then without the quotes and the punctuation
(:func:`bot.systems.words.readings`), so a combatant really called "Orco!" is still the
one ``target:"Orco!"`` finds. Through the real command tree, in Spanish and English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from tests.systems.ritualhex.helpers import GOBLIN, RED_HAGGAR
from tests.table.ritualhex.helpers import block

SW = {
    "es": {
        "hero": (
            "Atributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
            "Habilidades: Pelear d8, Notar d6, Hechicería d8\\nParada: 6; Dureza: 5\\n"
            "Equipo: Espada corta (Fue+d6)\\nPuntos de Poder: 10\\nPoderes: Descarga (1 PP)"
        ),
        "orc": (
            "Atributos: Agilidad d6, Astucia d4, Espíritu d6, Fuerza d8, Vigor d8\\n"
            "Habilidades: Pelear d6, Notar d4\\nParada: 5; Dureza: 6"
        ),
        "distracted": "distraído",
        "vulnerable": "Vulnerable",
        "sword": "Espada corta",
        "notice": "Notar",
        "bolt": "Descarga",
        "defend": "defender",
    },
    "en": {
        "hero": (
            "Attributes: Agility d8, Smarts d6, Spirit d8, Strength d6, Vigor d6\\n"
            "Skills: Fighting d8, Notice d6, Spellcasting d8\\nParry: 6; Toughness: 5\\n"
            "Gear: Short sword (Str+d6)\\nPower Points: 10\\nPowers: Bolt (1 PP)"
        ),
        "orc": (
            "Attributes: Agility d6, Smarts d4, Spirit d6, Strength d8, Vigor d8\\n"
            "Skills: Fighting d6, Notice d4\\nParry: 5; Toughness: 6"
        ),
        "distracted": "distracted",
        "vulnerable": "Vulnerable",
        "sword": "Short sword",
        "notice": "Notice",
        "bolt": "Bolt",
        "defend": "defend",
    },
}


def answer(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in messages if m.kind in ("reply", "followup"))


async def said(table: OfflineTable, line: str) -> str:
    """The answer to a line that must not be refused."""
    reply = answer(await table.run(line))
    assert not reply.ephemeral, f"{line!r} was refused: {reply.text()}"
    return reply.text()


async def combatants(table: OfflineTable) -> dict[str, Any]:
    assert table.bot is not None
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None
    return {c.name: c for c in encounter.state.combatants}


@pytest.mark.parametrize("locale", ["es", "en"])
async def test_savage_worlds_names_with_punctuation_and_quotes(tmp_path: Path, locale: str) -> None:
    w = SW[locale]
    async with OfflineTable(db_path=tmp_path / "sw.sqlite3", seed=3, locale=locale) as table:
        await said(table, "@gm /encounter start name:Cripta")
        await said(table, f'@gm /combatant add name:Ana wildcard:true statblock:"{w["hero"]}"')
        await said(table, f'@gm /combatant add name:Orco statblock:"{w["orc"]}"')
        await said(table, f'@gm /combatant add name:"Orco!" statblock:"{w["orc"]}"')
        # A name that really ends in "!" is found as typed, before "Orco".
        await said(table, f'@gm /condition add combatant:"Orco!" condition:{w["distracted"]}.')
        await said(table, f'@gm /condition add combatant:orco. condition:"{w["vulnerable"]}!"')
        await said(table, f"@gm /condition add combatant:«Orco», condition:{w['distracted']}")
        people = await combatants(table)
        assert [c.name for c in people["Orco!"].conditions] == ["distracted"]
        assert sorted(c.name for c in people["Orco"].conditions) == ["distracted", "vulnerable"]
        attack = await said(table, f'@gm /attack target:orco. actor:Ana. weapon:"{w["sword"]}."')
        assert f"{w['sword']} (" in attack and "Orco!" not in attack, attack
        assert "Ana" in await said(table, f"@gm /trait trait:{w['notice']}! actor:“Ana”")
        cast = await said(table, f"@gm /cast power power:{w['bolt']}! target:orco, actor:ana")
        assert w["bolt"] in cast and "Orco!" not in cast, cast
        await said(table, f"@gm /act action:{w['defend']}. actor:Ana,")
        assert (await combatants(table))["Ana"].defending


RH = {
    "es": {
        "punch": "Piña", "hand": "mano1", "block": "Bloqueo", "wait": "Esperar",
        "bite": "nombre: Mordisco; tipo: ataque; costo: 3; miembros: ninguno; objetivo: 1; "
        "chequeo: <Str>[9]<Def>; efecto: daño 1d-1|1",
    },
    "en": {
        "punch": "Punch", "hand": "hand1", "block": "Block", "wait": "Wait",
        "bite": "name: Mordisco; kind: attack; cost: 3; limbs: none; target: 1; "
        "check: <Str>[9]<Def>; effect: damage 1d-1|1",
    },
}  # fmt: skip


@pytest.mark.parametrize("locale", ["es", "en"])
async def test_ritual_hex_actions_reactions_and_parts_with_punctuation(
    tmp_path: Path, locale: str
) -> None:
    w = RH[locale]
    async with OfflineTable(db_path=tmp_path / "rh.sqlite3", seed=3, locale=locale) as table:
        await said(table, "@gm /encounter start system:ritualhex name:Cripta")
        for name, sheet, side in (("Red Haggar", RED_HAGGAR, "heroes"), ("Goblin", GOBLIN, "foes")):
            await said(
                table, f'@gm /combatant add name:"{name}" side:{side} statblock:"{block(sheet)}"'
            )
        await said(table, "@gm /hex grant combatant:goblin. action:Proteger.")
        await said(table, f'@gm /hex define text:"{w["bite"]}"')
        await said(table, "@gm /hex grant combatant:goblin action:«Mordisco».")
        goblin = (await combatants(table))["Goblin"]
        assert [a.name for a in goblin.actions] == ["Proteger", "Mordisco"]
        await said(table, "@gm /hex round")
        attack = await said(
            table,
            f'@gm /attack target:"Goblin." weapon:"{w["punch"]}." called:{w["hand"]}. '
            'actor:"Red Haggar,"',
        )
        assert w["punch"] in attack and w["hand"] in attack, attack
        react = await said(table, f'@gm /react with reaction:"«{w["block"]}»!" actor:goblin,')
        assert w["block"] in react, react
        await said(table, f"@gm /act action:{w['wait']}. actor:red.")


DS = {
    "es": {"head": "cabeza", "said": "Ana ataca a Bruto con Cuchillo (3/8)"},
    "en": {"head": "head", "said": "Ana attacks Bruto with Cuchillo (3/8)"},
}


@pytest.mark.parametrize("locale", ["es", "en"])
async def test_dread_s20_weapons_and_body_parts_with_punctuation(
    tmp_path: Path, locale: str
) -> None:
    from tests.table.ds20.helpers import ANA, BRUTO

    async with OfflineTable(db_path=tmp_path / "ds.sqlite3", seed=3, locale=locale) as table:
        await said(table, "@gm /encounter start system:ds20 name:Bodega")
        await said(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{ANA}"')
        await said(table, f'@gm /combatant add name:Bruto statblock:"{BRUTO}"')
        await said(table, "@gm /initiative roll")
        await said(table, "@gm /next")
        text = await said(
            table,
            f'@gm /attack target:bruto. actor:"Ana," weapon:"Cuchillo." '
            f"called:{DS[locale]['head']}!",
        )
        assert DS[locale]["said"] in text, text
