"""Issue 30, "every refusal's advice works".

Every refusal the bot can give (the walk of ``tests/foundation/test_refusals_say_how.py``),
in Spanish and English: each command it names is a command of the tree, with options
that command has, and one the refusal's system answers (no Dread S-20 refusal names a
Savage Worlds command). Then the refusals of a corpus of wrong inputs in each system are
followed: each command a refusal suggests that can be typed as it is shown (or the
refused command itself, completed with what the user had typed) is typed right after
it, on the same table, and must not be refused for the same reason (nor for any other,
unless the case says whom the advice is for)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.i18n import catalog, command_word
from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from tests.foundation.test_refusals_say_how import raised_keys
from tests.table.catalogue_match import find_key
from tests.table.refusal_advice import Commands, Named, answered_by, system_of

# Offline-table syntax errors: their "/command" is the table's placeholder for one.
TABLE_SYNTAX = "play.err."
# Refusals of one system whose key does not say so: those raised only where the
# channel's system rolls from the sheet (or where there is no encounter: cogs/roll.py
# gives the die-only ones elsewhere), and the server's cap on power definitions (only
# /power define reaches it, bot/encounter/service.py).
KEY_SYSTEM = {
    "roll.trait_sheet_decides": "swade",
    "roll.trait_die_or_sheet": "swade",
    "roll.trait_actor_needs_sheet": "swade",
    "bounds.server_definitions": "swade",
}


def refusal_keys() -> set[str]:
    return set(raised_keys())


_COMMANDS: list[Commands] = []


async def tree_commands(tmp_path: Path) -> Commands:
    """The command tree's names, read once (building the bot's tree is the slow part)."""
    if not _COMMANDS:
        async with OfflineTable(db_path=tmp_path / "tree.sqlite3") as table:
            _COMMANDS.append(Commands(table.bot.tree))
    return _COMMANDS[0]


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_every_command_a_refusal_names_exists_in_its_system(
    tmp_path: Path, lang: str
) -> None:
    commands = await tree_commands(tmp_path)
    problems: list[str] = []
    for key in sorted(refusal_keys()):
        text = catalog(lang)[key]
        named, wrong = commands.named(text, lang)
        if not key.startswith(TABLE_SYNTAX):
            problems += [f"{key}: {p}" for p in wrong]
        system = KEY_SYSTEM.get(key) or system_of(key)
        for n in named:
            systems = answered_by(n)
            if systems and (system is None or system not in systems):
                problems.append(f"{key}: `{n.shown}` is only {sorted(systems)}'s")
    assert problems == []


# -- following the advice ----------------------------------------------------------------

SWADE = [
    "@gm /encounter start name:Torre",
    '@ana /character save name:Maga statblock:"Maga (WC)\\nAtributos: Agilidad d6, Astucia d8,'
    " Espíritu d8, Fuerza d4, Vigor d6\\nHabilidades: Hechicería d8, Pelear d6, Atletismo d4\\n"
    'Parada: 5; Dureza: 5\\nTrasfondo arcano: Magia\\nPuntos de Poder: 10\\nPoderes: Descarga (1 PP)"',
    "@ana /join character:Maga",
    '@gm /combatant add name:"Jefe orco" wildcard:true statblock:"Jefe orco\\nAtributos: Agilidad d6,'
    " Astucia d6, Espíritu d8, Fuerza d10, Vigor d8\\nHabilidades: Pelear d8\\nParada: 6; Dureza: 8 (2)\\n"
    'Equipo: Hacha (Fue+d8)\\nBenis: 2"',
    "@gm /bennies session-start",
]
DS20 = [
    "@gm /encounter start system:ds20 name:Bodega",
    '@gm /combatant add name:Ana controller:@ana statblock:"Tipo: PJ | Aptitudes: Pelea 10,'
    ' Armas C.C. 10, Acrobacia 9, Iniciativa 4 | Armas: Cuchillo 3/8 C.C."',
    '@gm /combatant add name:Bruto statblock:"Aptitudes: Pelea 10, Armas C.C. 9, Acrobacia 8,'
    ' Iniciativa 2 | Armas: Machete 5/10 C.C."',
    "@gm /initiative roll",
    "@gm /next",
]
RITUALHEX = [
    "@gm /encounter start system:ritualhex name:Cripta",
    '@gm /combatant add name:"Red Haggar" side:heroes controller:@ana'
    ' statblock:"AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0"',
    '@gm /combatant add name:Goblin side:foes statblock:"AP 9, HP 6, Str 1, Def 1, Per 0, Mag 0,'
    " DR 0\\npartes: cabeza, torso\\nmiembros: mano x2, pies\\nequipo: Escudo; partes: mano;"
    ' costo: 2; mod: Def+1; acciones: Bloqueo"',
    "@gm /hex round",
]


@dataclass
class Case:
    name: str
    setup: list[str]
    wrong: str
    key: str  # the refusal it gives
    dice: list[int] = field(default_factory=list)  # forced, then the seeded dice
    follow_as: str | None = None  # who the advice is for (default: who was refused)
    # Its advice only points to commands (no target to attack is typed for the user):
    # checked by the walk above, nothing to type here.
    pointers: bool = False


CASES = [
    # SW-40: a plain cast short of Power Points: a benny recovers 5 (issue 30).
    Case("swade short plain", [*SWADE, '@gm /combatant edit combatant:Maga statblock:"PP: 0"'],
         '@ana /cast power power:Descarga target:"Jefe orco" actor:Maga',
         "swade.powers.error.short_plain"),
    # SW-41: with modifiers: fewer modifiers, or the benny.
    Case("swade short modifiers", [*SWADE, '@gm /combatant edit combatant:Maga statblock:"PP: 2"'],
         '@ana /cast power power:Descarga target:"Jefe orco" actor:Maga modifiers:"arma pesada"',
         "swade.powers.error.short"),
    # SW-39: a power nobody defined: the GM defines it.
    Case("swade unknown power", SWADE,
         '@ana /cast power power:Rayo target:"Jefe orco" actor:Maga',
         "swade.powers.error.unknown_power", follow_as="gm"),
    # SW-35: a benny's reroll with nothing to reroll; the damage of a missed attack.
    Case("swade nothing to reroll", SWADE, "@ana /bennies spend use:reroll combatant:Maga",
         "swade.combat.error.no_attack_to_reroll", pointers=True),
    Case("swade no damage to reroll",
         [*SWADE, "@gm /deal", '@ana /attack target:"Jefe orco" actor:Maga'],
         "@ana /bennies spend use:damage combatant:Maga",
         "swade.combat.error.no_damage_to_reroll", dice=[2, 1]),
    # A stale button (issue 30: it named another system's command).
    Case("swade stale soak",
         [*SWADE, "@gm /deal", '@gm /attack target:Maga actor:"Jefe orco" weapon:Hacha',
          '@gm /condition add combatant:"Jefe orco" condition:Bendecido'],
         '@ana press "{soak}"', "offer.expired.swade", dice=[8, 4, 1, 6, 4, 3]),
    # Shared commands another system answers otherwise (issue 18).
    Case("swade initiative roll", SWADE, "@gm /initiative roll",
         "command.not_in_system_instead"),
    Case("ds20 deal", DS20[:3], "@gm /deal", "command.not_in_system_instead"),
    # DS-5: a stale defence button while the attack still waits: the command works.
    Case("ds20 stale dodge",
         [*DS20, "@ana /attack target:Bruto weapon:Cuchillo",
          '@gm /combatant edit combatant:Bruto statblock:"Agotamiento: 1"'],
         '@gm press "{dodge}"', "offer.expired.ds20", dice=[6, 3, 5]),
    # RH-8: an attack while a reaction is pending (issue 30).
    Case("ritualhex chain open", [*RITUALHEX, "@ana /attack target:Goblin"],
         '@gm /attack target:"Red Haggar"', "ritualhex.error.chain_open"),
    Case("ritualhex round running", RITUALHEX, "@gm /hex round",
         "ritualhex.error.round_running"),
]  # fmt: skip
# What issue 30 names among the refusals followed.
ISSUE_30 = {
    "swade.powers.error.short_plain",
    "swade.combat.error.no_attack_to_reroll",
    "offer.expired.swade",
    "offer.expired.ds20",
    "ritualhex.error.chain_open",
}
LABELS = {"soak": "swade.combat.offer.soak", "dodge": "ds20.offer.dodge"}


async def _played(
    case: Case, db: Path, lang: str, then: Callable[[str], str | None]
) -> tuple[str, list[SentMessage]]:
    """The case's setup played and its wrong line refused (which changes nothing), then
    the line ``then`` makes of the refusal's text typed on the same table: the
    refusal's text and what that line got."""
    async with OfflineTable(db_path=db, seed=3, dice=list(case.dice), locale=lang) as table:
        for line in case.setup:
            for message in await table.run(line):
                saved = "guardado" in message.text() or "saved" in message.text()
                assert not message.ephemeral or saved, (line, message.text())
        wrong = case.wrong.format(**{k: catalog(lang)[v] for k, v in LABELS.items()})
        [refusal] = await table.run(wrong)
        assert refusal.ephemeral, refusal.text()
        line = then(refusal.text())
        return refusal.text(), (await table.run(line) if line else [])


def _to_follow(named: list[Named], case: Case, commands: Commands) -> list[Named]:
    """The suggestions that can be typed: complete ones, and the refused command itself
    with what was typed filling what the suggestion leaves out."""
    typed = case.wrong.split(" ", 1)[1]
    wrong = commands.read(typed, "en") if typed.startswith("/") else None
    out = []
    for n in named:
        if n.complete:
            out.append(n)
        elif isinstance(wrong, Named) and wrong.path == n.path:
            out.append(Named(n.path, {**wrong.options, **n.options}, True, n.shown))
    return out


def _typed(n: Named, lang: str, commands: Commands) -> str:
    """The line that types ``n`` in ``lang``'s names."""
    words = next(w for w, p in commands.by_words[lang].items() if p == n.path)
    options = " ".join(f'{command_word(k, lang)}:"{v}"' for k, v in n.options.items())
    return f"/{' '.join(words)} {options}".strip()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
async def test_following_a_refusals_advice_works(tmp_path: Path, case: Case, lang: str) -> None:
    commands = await tree_commands(tmp_path)
    keys = refusal_keys()
    user = case.follow_as or case.wrong.split()[0][1:]
    follow: list[Named] = []

    def advice(i: int) -> Callable[[str], str | None]:
        def line(text: str) -> str | None:
            if i == 0:  # the first time: read the refusal and what it suggests
                assert find_key(text, lang, keys) == case.key, text
                named, problems = commands.named(text, lang)
                assert problems == []
                follow.extend(_to_follow(named, case, commands))
                assert bool(follow) != case.pointers, f"{case.key}: what to follow in {text!r}?"
            return f"@{user} {_typed(follow[i], lang, commands)}" if i < len(follow) else None

        return line

    i = 0
    while i == 0 or i < len(follow):
        _, answer = await _played(case, tmp_path / f"follow{i}.sqlite3", lang, advice(i))
        for refused in (m for m in answer if m.ephemeral):
            shown = follow[i].shown
            again = find_key(refused.text(), lang, keys)
            assert again != case.key, f"{case.key}: following `{shown}` is refused again"
            pytest.fail(f"{case.key}: following `{shown}` is refused: {refused.text()}")
        i += 1


def test_the_corpus_follows_what_issue_30_names() -> None:
    assert {c.key for c in CASES} >= ISSUE_30
