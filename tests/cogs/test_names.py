"""One name resolver (issue 22): the same names, typed in every command that takes a
combatant, get the same answer from each: an exact name, the id, the name without its
accent or case, the start of one name, any of them with quotes around it or a full stop
after it, all find Mónica Ruiz; a start shared by two names is refused listing both; a
name nobody has is refused; where a system groups Extras into one figure (Savage Worlds,
SW-31), the group's name finds its first member.
Autocomplete offers what the resolver accepts.

Parametrized by system: each system lists its setup and its commands that take a
combatant (``{name}`` where the name goes); a test checks that every option offering
combatant names (autocomplete) of every command the system answers is in its list.
Every command runs on the same table; what it changed is undone before the next."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot.commands.autocomplete import combatant_autocomplete
from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems import catalogue

# As people type it too: a full stop after it, quotes around a start and a comma after.
FOUND = [
    '"Mónica Ruiz"',
    "c1",
    '"monica ruiz"',
    '"MÓNICA  RUIZ"',
    "Món",
    "mon",
    '"Mónica Ruiz."',
    "«Món»,",
]
AMBIGUOUS = '«Goblin» puede ser varios combatientes: Goblin Arquero, Goblin Brujo. Escribe el nombre completo, o elígelo de la lista de la opción (p. ej. `objetivo:"Goblin 2"`).'
UNKNOWN = "No hay ningún combatiente «Nadie». Elige uno de la lista que ofrece la opción, o míralos todos con `/encuentro mostrar`."


@dataclass(frozen=True)
class Names:
    setup: list[str]  # Mónica Ruiz (c1), Goblin Arquero, Goblin Brujo and an Ogro
    # (lines before it, with the dice they roll forced; the command with {name})
    commands: list[tuple[list[str], list[int], str]]
    group: str | None = None  # a group of Extras whose name is no combatant's
    # what a command's answer says for Mónica when not her name ("@ana": her player)
    shows: dict[str, str] = field(default_factory=dict)
    group_shows: dict[str, str] = field(default_factory=dict)  # the same for the group
    # commands the system answers that are not its moves (the bennies ledger's)
    own: tuple[str, ...] = ()


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
SW_PC = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\nHabilidades: "
    "Pelear d8, Disparar d8, Atletismo d6, Notar d6\\nParada: 6; Dureza: 5\\n"
    "Equipo: Espada corta (Fue+d6)"
)
SW_FOE = (
    "Atributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\nHabilidades: "
    "Pelear d6, Disparar d6, Atletismo d6, Notar d6\\nParada: 5; Dureza: 5\\n"
    "Equipo: Lanza (Fue+d6), Arco (Distancia 12/24/48, Daño 2d6)"
)
SW_CASTER = SW_FOE.replace("Notar d6", "Notar d6, Hechicería d8") + (
    "\\nPuntos de Poder: 10\\nPoderes: Descarga (1 PP)"
)
# Every card set by hand: Mónica's turn first, then the Ogro's.
SW_CARDS = [
    "@gm /initiative set combatant:c1 card:AS",
    "@gm /initiative set combatant:Ogro card:KS",
    "@gm /initiative set combatant:Orco card:4C",
    '@gm /initiative set combatant:"Goblin Arquero" card:2C',
    '@gm /initiative set combatant:"Goblin Brujo" card:3C',
    "@gm /deal",
]
SW_HOLDING = [*SW_CARDS, "@gm /hold actor:c1"]
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
            ([], [], "@gm /grapple start target:Ogro actor:{name}"),
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
            (OGRO_BITES_MONICA, [], "@gm /react with reaction:Parálisis actor:c1 target:{name}"),
            (OGRO_HOLDS, [], "@gm /attack target:{name}"),
            ([], [], "@gm /hex grant combatant:{name} action:Proteger"),
            ([], [], "@gm /combatant edit combatant:{name} controller:@ana"),
            ([], [], "@gm /combatant remove combatant:{name}"),
        ],
    ),
    "swade": Names(
        setup=[
            "@gm /encounter start system:swade",
            f'@gm /combatant add name:"Mónica Ruiz" controller:@ana statblock:"{SW_PC}"',
            f'@gm /combatant add name:"Goblin Arquero" statblock:"{SW_FOE}"',
            f'@gm /combatant add name:"Goblin Brujo" statblock:"{SW_FOE}"',
            f'@gm /combatant add name:Ogro wildcard:true statblock:"{SW_CASTER}"',
            f'@gm /combatant add name:Orco count:2 statblock:"{SW_FOE}"',
            "@gm /bennies session-start",
        ],
        commands=[
            ([], [], "@gm /attack target:{name} actor:Ogro"),
            ([], [], "@gm /attack target:Ogro actor:{name}"),
            ([], [], "@gm /wildattack target:{name} actor:Ogro"),
            ([], [], "@gm /wildattack target:Ogro actor:{name}"),
            ([], [], "@gm /act action:defender actor:{name}"),
            ([], [], "@gm /act action:fatiga target:{name}"),
            ([], [], '@gm /act action:"ataque de área Arco" target:{name} actor:Ogro'),
            ([], [], "@gm /grapple start target:{name} actor:Ogro"),
            ([], [], "@gm /grapple start target:Ogro actor:{name}"),
            ([], [], "@gm /grapple escape actor:{name}"),
            ([], [], "@gm /grapple crush actor:{name}"),
            ([], [], "@gm /react evade actor:{name}"),
            ([], [], "@gm /trait trait:Notar actor:{name}"),
            ([], [], "@gm /react soak actor:{name}"),
            ([], [], "@gm /react unshake actor:{name}"),
            (SW_CARDS, [], "@gm /hold actor:{name}"),
            (SW_HOLDING, [], "@gm /hold actor:{name} now:true"),
            (SW_HOLDING, [], "@gm /react interrupt actor:{name}"),
            # Mónica holds, the Ogro acts: she is not the one to interrupt.
            (SW_HOLDING, [], "@gm /react interrupt target:{name}"),
            ([], [], "@gm /initiative set combatant:{name} card:KH"),
            ([], [], "@gm /deal surprise:{name}"),
            ([], [], "@gm /condition add combatant:{name} condition:distraído"),
            (
                ["@gm /condition add combatant:c1 condition:distraído"],
                [],
                "@gm /condition remove combatant:{name} condition:distraído",
            ),
            ([], [], '@gm /combatant edit combatant:{name} statblock:"Fatiga: 1"'),
            ([], [], "@gm /combatant remove combatant:{name}"),
            ([], [], "@gm /bennies spend use:soak combatant:{name}"),
            # A player character's bennies are its player's (SW-35): not an action.
            ([], [], "@gm /bennies give combatant:{name}"),
            # Issue 19: a bolt (6: a success; 1+1 damage, no effect) and ending a power.
            ([], [6, 2, 1, 1], "@gm /cast power power:Descarga target:{name} actor:Ogro"),
            ([], [], "@gm /cast end actor:{name}"),
            ([], [], "@gm /cast power power:Descarga target:Ogro actor:{name}"),
        ],
        group="Orco",  # Orco 1 and Orco 2 share a card
        shows={"@gm /bennies give combatant:{name}": "@ana"},
        group_shows={"@gm /bennies give combatant:{name}": "DJ"},  # an Extra's: the GM's
        own=("bennies:give", "bennies:spend"),
    ),
}


def answer(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in messages if m.kind in ("reply", "followup"))


async def undo_rows(table: OfflineTable) -> int:
    """The newest undo snapshot's id (0 with none)."""
    row = await table.bot.db.fetchone(
        "SELECT COALESCE(MAX(id), 0) AS n FROM encounter_undo WHERE channel_id = ?",
        (table.channel_id,),
    )
    assert row is not None
    return int(row["n"])


async def run_and_undo(
    table: OfflineTable, before: list[str], dice: list[int], command: str
) -> SentMessage:
    """The answer to ``command`` (after ``before``, rolling ``dice``); then the table as
    it was (every undoable action they made undone)."""
    assert table.dice.forced is not None
    table.dice.forced.push(dice)
    newest = await undo_rows(table)
    for line in before:
        assert not answer(await table.run(line)).ephemeral, line
    said = answer(await table.run(command))
    done = await table.bot.db.fetchone(
        "SELECT COUNT(*) AS n FROM encounter_undo WHERE channel_id = ? AND id > ?",
        (table.channel_id, newest),
    )
    assert done is not None
    for _ in range(int(done["n"])):
        assert not answer(await table.run("@gm /undo")).ephemeral
    return said


@pytest.mark.parametrize("system", sorted(SYSTEMS))
async def test_every_command_reads_a_name_the_same_way(system: str, tmp_path: Path) -> None:
    names = SYSTEMS[system]
    async with OfflineTable(db_path=tmp_path / "names.sqlite3", seed=1, dice=[]) as table:
        for line in names.setup:
            assert not answer(await table.run(line)).ephemeral, line
        for before, dice, command in names.commands:
            shows = names.shows.get(command, "Mónica Ruiz").replace(
                "@ana", f"<@{table.user('ana').id}>"
            )
            for name in FOUND:
                said = await run_and_undo(table, before, dice, command.format(name=name))
                text = said.text()
                assert shows in text, (command, name, text)
                assert "puede ser varios" not in text and UNKNOWN[:25] not in text, text
            refused = await run_and_undo(table, before, dice, command.format(name="Goblin"))
            assert refused.ephemeral and refused.content == AMBIGUOUS, command
            refused = await run_and_undo(table, before, dice, command.format(name="Nadie"))
            assert refused.ephemeral and refused.content == UNKNOWN, command
            if names.group is not None:  # its name is one figure: no ambiguity
                said = await run_and_undo(table, before, dice, command.format(name=names.group))
                text = said.text()
                assert names.group_shows.get(command, names.group) in text, (command, text)
                assert "puede ser varios" not in text and UNKNOWN[:25] not in text, text


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
        assert await offered("«Món».") == ["Mónica Ruiz"]


def slash_commands(commands: list[Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for command in commands:
        if isinstance(command, app_commands.Group):
            yield from slash_commands(command.commands, f"{prefix}{command.name}:")
        else:
            yield f"{prefix}{command.name}", command


def named(lines: list[tuple[list[str], list[int], str]]) -> set[tuple[str, str]]:
    """(command, option) of each line that puts ``{name}`` in an option."""
    found = set()
    for _before, _dice, line in lines:
        words = line.split()[1:]
        path = [w.lstrip("/") for w in words[: next(i for i, w in enumerate(words) if ":" in w)]]
        found |= {(":".join(path), o) for o in re.findall(r"(\w+):\{name\}", line)}
    return found


async def test_every_option_taking_a_combatant_is_in_the_lists(tmp_path: Path) -> None:
    """Every option that offers combatant names, of every command a system answers (its
    moves, and its own commands), is run by the test above for that system."""
    async with OfflineTable(db_path=tmp_path / "names.sqlite3") as table:
        assert table.bot is not None
        takes = {
            (name, option)
            for name, command in slash_commands(table.bot.tree.get_commands())
            for option, p in command._params.items()
            if p.autocomplete is combatant_autocomplete
        }
    assert ("attack", "target") in takes and ("bennies:give", "combatant") in takes
    for plugin in catalogue.plugins():
        names = SYSTEMS[plugin.system]

        def answers(command: str, option: str) -> bool:
            move = plugin.move(command)  # noqa: B023
            if move is not None:
                return option in move.options.model_fields
            return command in names.own  # noqa: B023

        wanted = {(c, o) for c, o in takes if answers(c, o)}
        assert wanted - named(names.commands) == set(), plugin.system
