"""SW-45: the GM's session pool gets one benny for each player character in the session,
whenever that character joins: a session opened before the players join grows as they
join, once per character per session; leaving does not take it back. Through the real
commands (``/join``, ``/combatant add|remove``, ``/encounter end|start``), in both orders
of opening the session."""

from __future__ import annotations

from bot.bennies import GM
from bot.play.table import OfflineTable
from tests.bennies.helpers import key, pools

ISOLDA = (
    "Isolda (WC)\\nAtributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
    "Habilidades: Pelear d8, Notar d6\\nParada: 6; Dureza: 5"
)
BRUNO = (
    "Bruno (WC)\\nAtributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8\\n"
    "Habilidades: Pelear d8, Notar d4\\nParada: 6; Dureza: 6"
)


async def ok(table: OfflineTable, line: str) -> None:
    sent = await table.run(line)
    private = [m.text() for m in sent if m.ephemeral and "guardado" not in m.text()]
    assert not private, (line, private)


async def save_both(table: OfflineTable) -> None:
    await ok(table, f'@ana /character save name:Isolda statblock:"{ISOLDA}"')
    await ok(table, f'@bruno /character save name:Bruno statblock:"{BRUNO}"')


async def test_a_session_opened_before_the_players_join_grows_as_they_join(
    table: OfflineTable,
) -> None:
    await ok(table, "@gm /encounter start name:Cripta")
    await ok(table, "@gm /bennies session-start")
    assert (await pools(table))[GM] == 0  # nobody yet
    await save_both(table)
    await ok(table, "@ana /join character:Isolda")
    assert (await pools(table))[GM] == 1
    await ok(table, "@bruno /join character:Bruno")
    assert (await pools(table))[GM] == 2
    assert (await pools(table))[key(table, "ana")] == 3
    # /bennies show and the history say so, naming each character.
    [show] = await table.run("@gm /bennies show")
    assert "DJ: 2" in show.text(), show.text()
    history = (await table.run("@gm /bennies history"))[0].text()
    assert history.count("un personaje jugador en la sesión") == 2
    assert "Motivo: Isolda" in history and "Motivo: Bruno" in history


async def test_opening_it_after_they_joined_gives_the_same(table: OfflineTable) -> None:
    await ok(table, "@gm /encounter start name:Cripta")
    await save_both(table)
    await ok(table, "@ana /join character:Isolda")
    await ok(table, "@bruno /join character:Bruno")
    await ok(table, "@gm /bennies session-start")
    assert (await pools(table))[GM] == 2
    await ok(table, "@gm /bennies show")  # every /bennies command syncs: nothing more
    assert (await pools(table))[GM] == 2


async def test_once_per_character_per_session_and_leaving_takes_nothing_back(
    table: OfflineTable,
) -> None:
    await ok(table, "@gm /encounter start name:Cripta")
    await ok(table, "@gm /bennies session-start")
    await save_both(table)
    await ok(table, "@ana /join character:Isolda")
    await ok(table, "@gm /bennies spend use:story")  # the GM spends the one it got
    assert (await pools(table))[GM] == 0
    # Isolda leaves: the GM keeps what it had. She comes back: nothing more.
    await ok(table, "@gm /combatant remove combatant:Isolda")
    assert (await pools(table))[GM] == 0
    await ok(table, "@ana /join character:Isolda")
    await ok(table, "@gm /bennies show")
    assert (await pools(table))[GM] == 0
    # The next fight of the same session: the same character gives nothing more; a new
    # one (Bruno) gives one, and a hero the GM adds for a player counts like a join.
    await ok(table, "@gm /encounter end")
    await ok(table, "@gm /encounter start name:Torre")
    await ok(table, "@ana /join character:Isolda")
    await ok(table, "@bruno /join character:Bruno")
    assert (await pools(table))[GM] == 1
    await ok(
        table,
        f'@gm /combatant add name:Ciro statblock:"{BRUNO.replace("Bruno", "Ciro")}"'
        " controller:@carla",
    )
    assert (await pools(table))[GM] == 2


async def test_a_new_session_counts_the_characters_again(table: OfflineTable) -> None:
    await ok(table, "@gm /encounter start name:Cripta")
    await save_both(table)
    await ok(table, "@ana /join character:Isolda")
    await ok(table, "@gm /bennies session-start")
    assert (await pools(table))[GM] == 1
    await ok(table, "@gm /bennies session-end")
    await ok(table, "@gm /bennies session-start")
    assert (await pools(table))[GM] == 1
