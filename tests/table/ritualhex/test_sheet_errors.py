"""A Ritual Hex sheet the bot cannot read is refused in the reader's language, lists and
all: the advantages it knows, the fields of a sheet, an action and an item by the names
the reader writes them (either language is read; the refusal shows one). Through
/combatant add and /hex define, es and en."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable

LINES = {
    "advantage": '@gm /combatant add name:Ana side:heroes statblock:"AP 12, HP 10\\nadvantages: Speed, Flying"',
    "sheet": '@gm /combatant add name:Gob side:foes statblock:"AP 6, HP 4\\ncolour: green"',
    "action": '@gm /hex define text:"name: Bite; kind: attack; cost: 3; colour: red"',
    "item": '@gm /combatant add name:Gob side:foes statblock:"AP 6, HP 4\\nparts: head, torso\\n'
    'equipment: Shield; parts: head; weight: 3"',
}
SAID = {
    "es": {
        "advantage": "Ventajas: Velocidad, Salud, Fortaleza, Esquivar, Atención, Mística, Resistencia, Multi-ataque.",
        "sheet": "Esperaba uno de: nombre, AP, HP, Str, Def, Per, Mag, DR, partes, miembros, ventajas, equipo, acción, acciones, género.",
        "action": "Esperaba uno de: nombre, tipo, costo, miembros, objetivo, chequeo, efecto, reacciona a, disparador.",
        "item": "Esperaba uno de: partes, costo, mod, acciones.",
    },
    "en": {
        "advantage": "Advantages: Speed, Health, Strength, Dodge, Awareness, Mystic, Toughness, Multi-attack.",
        "sheet": "Expected one of: name, AP, HP, Str, Def, Per, Mag, DR, parts, limbs, advantages, equipment, action, actions, gender.",
        "action": "Expected one of: name, kind, cost, limbs, target, check, effect, reacts to, trigger.",
        "item": "Expected one of: parts, cost, mod, actions.",
    },
}


@pytest.mark.parametrize("locale", ["es", "en"])
@pytest.mark.parametrize("what", sorted(LINES))
async def test_a_sheet_refusal_lists_in_the_readers_language(
    tmp_path: Path, locale: str, what: str
) -> None:
    async with OfflineTable(db_path=tmp_path / "rh.sqlite3", locale=locale) as table:
        await table.run("@gm /encounter start system:ritualhex name:Cripta")
        [refused] = await table.run(LINES[what])
        assert refused.ephemeral
        assert SAID[locale][what] in (refused.content or ""), refused.content
        assert "/" not in (refused.content or "").split("(`")[0], "one language, not name/nombre"
