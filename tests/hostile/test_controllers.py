"""Issue 27, pings only for people who are in the fight: a combatant's controller (whom
its turns mention) must be a member of the server and not a bot; a member who is not a
server GM may name only themselves (a server GM names anyone); an id outside Discord's
range (``0``, ``10**23``) is refused wherever it enters: the command, the form, an
import (``tests/hostile/test_import.py``). Every refusal is private, says how to go on,
and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable, user_id_for
from bot.systems.bounds import DISCORD_ID_MAX, DISCORD_ID_MIN, is_discord_id
from tests.hostile.test_bounds import SWADE

SHEET = SWADE.replace("\\n", "\n")


async def _table(tmp_path: Path, locale: str = "es") -> OfflineTable:
    table = OfflineTable(db_path=tmp_path / f"c-{locale}.sqlite3", seed=1, locale=locale)
    await table.__aenter__()
    table.user("boss")  # the first user: a server GM (Manage Server)
    started = await table.run("@dj /encounter start name:Hilo")  # dj: only its GM
    assert not any(m.ephemeral for m in started)
    return table


async def _state(table: OfflineTable) -> str:
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None
    return encounter.state.model_dump_json()


async def _refused(table: OfflineTable, line: str) -> str:
    before = await _state(table)
    sent = await table.run(line)
    assert len(sent) == 1 and sent[0].ephemeral, [m.text() for m in sent]
    assert await _state(table) == before
    return sent[0].text()


async def _controllers(table: OfflineTable) -> dict[str, int | None]:
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None
    return {c.name: c.controller_id for c in encounter.state.combatants}


@pytest.mark.parametrize(
    ("locale", "line", "words"),
    [
        (
            "es",
            '@dj /combatiente añadir nombre:Amiga bloque:"{sheet}" jugador:@ana',
            "Solo un DJ del servidor puede dar un combatiente a otro jugador (<@{ana}>)",
        ),
        (
            "en",
            '@dj /combatant add name:Amiga statblock:"{sheet}" controller:@ana',
            "Only a server GM may give a combatant to another player (<@{ana}>)",
        ),
    ],
)
async def test_an_encounter_gm_names_only_themselves(
    tmp_path: Path, locale: str, line: str, words: str
) -> None:
    table = await _table(tmp_path, locale)
    try:
        ana = user_id_for("ana")
        text = await _refused(table, line.format(sheet=SWADE, ana=ana))
        assert words.format(ana=ana) in text and ("/join" in text or "/unirse" in text)
        await table.run(f'@dj /combatant add name:Yo statblock:"{SWADE}" controller:@dj')
        # The same rule for /combatant edit: giving "Yo" to Ana is refused, to oneself not.
        await _refused(table, "@dj /combatant edit combatant:Yo controller:@ana")
        assert await _controllers(table) == {"Yo": user_id_for("dj")}
    finally:
        await table.close()


async def test_a_server_gm_names_any_member(tmp_path: Path) -> None:
    table = await _table(tmp_path)
    try:
        await table.run(f'@boss /combatant add name:Amiga statblock:"{SWADE}" controller:@ana')
        await table.run("@boss /combatant edit combatant:Amiga controller:@bea")
        assert await _controllers(table) == {"Amiga": user_id_for("bea")}
    finally:
        await table.close()


def _user(uid: int, *, bot: bool = False) -> dict[str, object]:
    return {"id": str(uid), "username": f"u{uid}", "discriminator": "0", "avatar": None, "bot": bot}


MEMBER = {"roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "flags": 0, "permissions": "0"}


async def test_someone_outside_the_server_or_a_bot_is_refused(tmp_path: Path) -> None:
    table = await _table(tmp_path, "en")
    try:
        stranger = 1 << 55
        before = await _state(table)
        options = {"name": "Amiga", "statblock": SHEET, "controller": str(stranger)}
        [reply] = await table.run_raw(
            "boss", ["combatant", "add"], options, {"users": {str(stranger): _user(stranger)}}
        )
        assert reply.ephemeral and reply.text() == (
            f"<@{stranger}> is not a member of this server: only someone at the table may"
            " control a combatant (and get its mentions). Pick a member in `controller:`."
        )
        robot = stranger + 1
        resolved = {"users": {str(robot): _user(robot, bot=True)}, "members": {str(robot): MEMBER}}
        options["controller"] = str(robot)
        [reply] = await table.run_raw("boss", ["combatant", "add"], options, resolved)
        assert reply.ephemeral and "is a bot" in reply.text()
        assert await _state(table) == before
    finally:
        await table.close()


@pytest.mark.parametrize("bad", [0, 1, DISCORD_ID_MIN - 1, DISCORD_ID_MAX + 1, 10**23])
async def test_ids_outside_discords_range_are_refused_in_the_command(
    tmp_path: Path, bad: int
) -> None:
    table = await _table(tmp_path)
    try:
        before = await _state(table)
        resolved = {"users": {str(bad): _user(bad)}, "members": {str(bad): MEMBER}}
        options = {"name": "Amiga", "statblock": SHEET, "controller": str(bad)}
        [reply] = await table.run_raw("boss", ["combatant", "add"], options, resolved)
        assert reply.ephemeral, reply.text()
        assert f"«{bad}» no es un usuario de Discord" in reply.text(), reply.text()
        assert "`jugador:@ana`" in reply.text()
        assert await _state(table) == before
    finally:
        await table.close()


@pytest.mark.parametrize("bad", ["0", str(10**23)])
async def test_a_forged_form_with_a_bad_controller_is_refused(tmp_path: Path, bad: str) -> None:
    table = await _table(tmp_path)
    try:
        before = await _state(table)
        [reply] = await table.submit_raw(
            "boss", f"cmd:m:ca:1:-:-:n:{bad}:Amiga", {"statblock": SHEET}
        )
        assert reply.ephemeral and "no es un usuario de Discord" in reply.text(), reply.text()
        # A plain member's forged form for someone else: the same rule as the command.
        ana = user_id_for("ana")
        [reply] = await table.submit_raw(
            "dj", f"cmd:m:ca:1:-:-:n:{ana}:Amiga", {"statblock": SHEET}
        )
        assert reply.ephemeral and "Solo un DJ del servidor" in reply.text()
        assert await _state(table) == before
    finally:
        await table.close()


async def test_the_form_keeps_the_controller_and_hidden(tmp_path: Path) -> None:
    table = await _table(tmp_path)
    try:
        [form] = await table.run("@boss /combatant add name:Amiga controller:@ana hidden:true")
        assert form.kind == "modal"
        assert form.data["custom_id"] == f"cmd:m:ca:1:-:-:y:{user_id_for('ana')}:Amiga"
        await table.run(f'@boss submit statblock:"{SWADE}"')
        encounter = await table.bot.encounters.get(table.channel_id)
        [amiga] = encounter.state.combatants
        assert amiga.controller_id == user_id_for("ana") and amiga.hidden
    finally:
        await table.close()


def test_the_range() -> None:
    assert not is_discord_id(0) and not is_discord_id(10**23) and not is_discord_id(True)
    assert is_discord_id(user_id_for("ana")) and is_discord_id(DISCORD_ID_MAX)
