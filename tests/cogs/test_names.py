"""One name resolver (issue 22): the same names, typed in every command that takes a
combatant, get the same answer from each: an exact name, the id, the name without its
accent or case, the start of one name all find Mónica Ruiz; a start shared by two names
is refused listing both; a name nobody has is refused. Autocomplete offers what the
resolver accepts.

Parametrized by system: each system lists its setup and its commands that take a
combatant (``{name}`` where the name goes). Every command runs on the same table; what
it changed is undone before the next."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.commands.autocomplete import combatant_autocomplete
from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable

FOUND = ['"Mónica Ruiz"', "c1", '"monica ruiz"', '"MÓNICA  RUIZ"', "Món", "mon"]
AMBIGUOUS = "«Goblin» puede ser varios combatientes: Goblin Arquero, Goblin Brujo. Escribe el nombre completo."
UNKNOWN = "No hay ningún combatiente «Nadie»."


@dataclass(frozen=True)
class Names:
    setup: list[str]  # Mónica Ruiz (c1), Goblin Arquero, Goblin Brujo and an Ogro
    # (lines before it, with the dice they roll forced; the command with {name})
    commands: list[tuple[list[str], list[int], str]]


DS20_PC = "Tipo: PJ | Aptitudes: Fortaleza 12, Destreza 11, Pelea 10, Acrobacia 9, Iniciativa 4 | Armas: Puños 2/6 pelea"
DS20_FOE = "Aptitudes: Fortaleza 9, Destreza 9, Pelea 8, Acrobacia 8, Iniciativa 1 | Armas: Puños 2/6 pelea"
HITS_MONICA = '@gm /attack target:"Mónica Ruiz"'
RH_HERO = "AP 12, HP 10, Str 2, Def 1, Per 1, Mag 2, DR 0\\nacciones: Parálisis"
RH_MINION = "AP 6, HP 6, Str 1, Def 1\\npartes: cabeza, torso\\nmiembros: mano x2, pies"
RH_OGRO = (
    "AP 10, HP 12, Str 3, Def 1\\npartes: cabeza, torso\\nmiembros: mano x2, pies\\n"
    "acción: Mordisco; tipo: ataque; costo: 3; objetivo: 1; chequeo: <Str>[9]<Def>; efecto: daño 1d-1|1"
)
# Mónica prepares three times (AP level 9, preparation 3): the Ogro (10) has the opportunity.
OGRO_HOLDS = ["@gm /act action:Preparar actor:c1"] * 3
OGRO_BITES_MONICA = [*OGRO_HOLDS, "@gm /attack target:c1"]
SYSTEMS = {
    "ds20": Names(
        setup=[
            "@gm /encounter start system:ds20",
            f'@gm /combatant add name:"Mónica Ruiz" controller:@ana statblock:"{DS20_PC}"',
            f'@gm /combatant add name:"Goblin Arquero" statblock:"{DS20_FOE}"',
            f'@gm /combatant add name:"Goblin Brujo" statblock:"{DS20_FOE}"',
            f'@gm /combatant add name:Ogro statblock:"{DS20_FOE}"',
            "@gm /initiative roll",
            "@gm /next",
        ],
        commands=[
            ([], [], "@gm /attack target:{name}"),
            ([], [], "@gm /attack target:Ogro actor:{name}"),
            ([], [], "@gm /act action:apuntar actor:{name}"),
            ([], [], '@gm /act action:"primeros auxilios" target:{name}'),
            # A Goblin's Pelea 8 rolls 2: a hit awaiting Mónica's defence.
            ([HITS_MONICA], [2], "@gm /react dodge actor:{name}"),
            ([HITS_MONICA], [2], "@gm /react block actor:{name}"),
            ([HITS_MONICA], [2], "@gm /react none actor:{name}"),
            ([], [], "@gm /grapple start target:{name}"),
            ([], [], "@gm /grapple escape actor:{name}"),
            ([], [], "@gm /grapple headbutt actor:{name}"),
            ([], [], "@gm /initiative roll combatant:{name}"),
            ([], [], "@gm /combatant remove combatant:{name}"),
            ([], [], '@gm /combatant edit combatant:{name} statblock:"Agotamiento: 1"'),
        ],
    ),
    "ritualhex": Names(
        setup=[
            "@gm /encounter start system:ritualhex",
            f'@gm /combatant add name:"Mónica Ruiz" side:heroes controller:@ana statblock:"{RH_HERO}"',
            f'@gm /combatant add name:"Goblin Arquero" side:foes statblock:"{RH_MINION}"',
            f'@gm /combatant add name:"Goblin Brujo" side:foes statblock:"{RH_MINION}"',
            f'@gm /combatant add name:Ogro side:foes statblock:"{RH_OGRO}"',
            "@gm /hex round",  # Mónica's opportunity (AP 12, needle 11)
        ],
        commands=[
            ([], [], "@gm /attack target:Ogro actor:{name}"),
            ([], [], "@gm /act action:Esperar actor:{name}"),
            ([], [], "@gm /act action:Curar target:{name} actor:c1"),
            # The Ogro bites Mónica, who may react (AP level 9 + preparation 3 > 7).
            (OGRO_BITES_MONICA, [], "@gm /react with reaction:Parálisis actor:{name}"),
            (OGRO_BITES_MONICA, [], "@gm /react pass actor:{name}"),
            (OGRO_HOLDS, [], "@gm /attack target:{name}"),
            ([], [], "@gm /hex grant combatant:{name} action:Proteger"),
            ([], [], "@gm /combatant remove combatant:{name}"),
        ],
    ),
}


def answer(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in messages if m.kind in ("reply", "followup"))


async def run_and_undo(
    table: OfflineTable, before: list[str], dice: list[int], command: str
) -> SentMessage:
    """The answer to ``command`` (after ``before``, rolling ``dice``); then the table as
    it was."""
    assert table.dice.forced is not None
    table.dice.forced.push(dice)
    done = 0
    for line in before:
        assert not answer(await table.run(line)).ephemeral, line
        done += 1
    said = answer(await table.run(command))
    done += 0 if said.ephemeral else 1
    for _ in range(done):
        assert not answer(await table.run("@gm /undo")).ephemeral
    return said


@pytest.mark.parametrize("system", sorted(SYSTEMS))
async def test_every_command_reads_a_name_the_same_way(system: str, tmp_path: Path) -> None:
    names = SYSTEMS[system]
    async with OfflineTable(db_path=tmp_path / "names.sqlite3", seed=1, dice=[]) as table:
        for line in names.setup:
            assert not answer(await table.run(line)).ephemeral, line
        for before, dice, command in names.commands:
            for name in FOUND:
                said = await run_and_undo(table, before, dice, command.format(name=name))
                text = said.text()
                assert "Mónica Ruiz" in text, (command, name, text)
                assert "puede ser varios" not in text and UNKNOWN[:25] not in text, text
            refused = await run_and_undo(table, before, dice, command.format(name="Goblin"))
            assert refused.ephemeral and refused.content == AMBIGUOUS, command
            refused = await run_and_undo(table, before, dice, command.format(name="Nadie"))
            assert refused.ephemeral and refused.content == UNKNOWN, command


@pytest.mark.parametrize("system", sorted(SYSTEMS))
async def test_autocomplete_offers_what_the_resolver_accepts(system: str, tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "names.sqlite3", seed=1) as table:
        for line in SYSTEMS[system].setup:
            await table.run(line)

        async def offered(typed: str) -> list[str]:
            interaction = SimpleNamespace(client=table.bot, channel_id=table.channel_id)
            return [c.value for c in await combatant_autocomplete(interaction, typed)]  # type: ignore[arg-type]

        assert await offered("mon") == ["Mónica Ruiz"]
        assert await offered("MÓNICA") == ["Mónica Ruiz"]
        assert await offered("gob") == ["Goblin Arquero", "Goblin Brujo"]
        assert await offered("nadie") == []
