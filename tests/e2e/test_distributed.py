"""Two real `comodin run` processes on one PostgreSQL, each running half the shards (issue
20 item 6): 40 channels in 8 servers (one per shard), a burst of attacks, turns, benny
spends and gifts; one process killed with SIGKILL in the middle of it and started again;
then its shards (and the other's) handed to a new process the way Discord documents a
zero-downtime hand-off: the new process connects every shard while the old ones still
run (for a while Discord delivers each command to two processes), then the old ones stop.

What the users must see, and what "safely failed" means here:

- Every command is answered: the one callback the double accepts (one at most), or, past
  Discord's 3 seconds on a loaded machine, its result posted in the channel (the bot's
  fallback) or its error undelivered. Only the burst's commands for the killed process's
  servers may go unanswered ("the application did not respond"): never taken by anyone
  (nothing changed), or taken, committed whole or refused, and the answer lost with the
  process. Every command both processes receive during the hand-off is answered once.
- No command is applied twice: every answered command is marked in
  ``processed_interactions`` (results and errors alike, so nobody applies it later);
  per channel and kind the log holds one row for each applied command and at most one
  for each whose answer was lost; spends and gifts, by their notes, one each; commands
  Discord delivers again change nothing and get no second answer.
- Every encounter's final state equals a replay of its log through the offline table.
- No benny is lost or doubled: each pool equals the sum of its history; each benny spent
  is tied to the one action it paid for, and each action that spends one has one.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bench.e2e import EXTRA_BLOCK, PC_BLOCK
from bot.play.table import FakeUser, OfflineTable
from bot.storage.packed import unpack
from bot.systems.encounter import Encounter
from tests.e2e.conftest import BotProcess, launch, stop
from tests.fakediscord import FakeDiscord, assert_no_violations
from tests.fakediscord.payloads import DEFAULT_OWNER_ID, make_member, make_user

SHARDS = 8
CHANNELS_PER_GUILD = 5
# The GM owns the servers: only a server GM opens a benny session (issue 21).
GM = make_user(DEFAULT_OWNER_ID, "dj")
ANA = make_user(1_400_000_000_000_000_077, "ana")
CALLBACK_TIMEOUT = 40.0  # seconds; generous: a loaded 2-core machine (failures only wait it)
START_TIMEOUT = 40.0  # a process started, its shards connected
LATE = re.compile(r"reply to interaction (\d+) failed .*; posting in the channel")
LATE_ERROR = re.compile(r"could not deliver an error message to interaction (\d+)")


@dataclass
class Sent:
    interaction_id: int
    kind: str
    channel: int
    guild: int
    phase: str
    note: str | None = None


@dataclass
class Run:
    fd: FakeDiscord
    url: str
    tmp: Path
    channels: dict[int, int] = field(default_factory=dict)  # channel -> guild
    sent: list[Sent] = field(default_factory=list)
    processes: list[BotProcess] = field(default_factory=list)

    def shard(self, channel: int) -> int:
        return self.fd.shard_of(self.channels[channel], SHARDS)

    def logged(self, pattern: re.Pattern[str]) -> set[int]:
        """The interaction ids the processes' logs name in lines matching ``pattern``."""
        found: set[int] = set()
        for bot in self.processes:
            text = bot.log_path.read_text(errors="replace") if bot.log_path.exists() else ""
            found.update(int(i) for i in pattern.findall(text))
        return found

    def late(self) -> set[int]:
        """Commands whose result was posted in the channel: applied, but the answer
        came after Discord's 3 seconds (a loaded machine), so the bot's fallback
        (bot/commands/context.py, Ctx.send) said it in the channel instead."""
        return self.logged(LATE)

    def undelivered_errors(self) -> set[int]:
        """Commands refused (nothing applied) whose error message came too late."""
        return self.logged(LATE_ERROR)

    async def start(self, name: str, shards: str) -> BotProcess:
        bot = await launch(
            self.fd,
            self.tmp / "unused.sqlite3",
            self.tmp / f"{name}.log",
            log_level="INFO",  # DEBUG logs every gateway frame: a third of the CPU
            database_url=self.url,
            args=["--shards", shards, "--shard-count", str(SHARDS)],
            dev_guild=False,
        )
        self.processes.append(bot)
        return bot


def _user_option(name: str, user: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    member = {k: v for k, v in make_member(user).items() if k != "user"}
    return (
        {"name": name, "type": 6, "value": user["id"]},
        {"users": {user["id"]: user}, "members": {user["id"]: member}},
    )


def _payload(run: Run, kind: str, channel: int, n: int) -> tuple[dict[str, Any], str | None]:
    fd = run.fd
    if kind == "attack":
        options = {"target": f"Goblin {n % 3 + 1}", "actor": "PJ"}
        return fd.slash("attack", options, user=ANA, channel_id=channel), None
    if kind == "spend":
        note = f"spend-{channel}-{n}"
        options = {"use": "story", "combatant": "PJ", "note": note}
        return fd.slash("bennies spend", options, user=ANA, channel_id=channel), note
    if kind == "next":
        return fd.slash("next", user=GM, channel_id=channel), None
    if kind == "give":
        note = f"give-{channel}-{n}"
        player, resolved = _user_option("player", ANA)
        options = [player, {"name": "reason", "type": 3, "value": note}]
        return fd.slash(
            "bennies give", options, user=GM, channel_id=channel, resolved=resolved
        ), note
    raise ValueError(kind)


async def _send(run: Run, kind: str, channel: int, phase: str) -> Sent:
    payload, note = _payload(run, kind, channel, len(run.sent))
    interaction_id = await run.fd.send_interaction(payload)
    sent = Sent(interaction_id, kind, channel, run.channels[channel], phase, note)
    run.sent.append(sent)
    return sent


async def _answered(run: Run, sent: list[Sent], timeout: float = CALLBACK_TIMEOUT) -> None:
    """Until every one of ``sent`` is answered: its callback, or (past Discord's 3
    seconds on a loaded machine) its result in the channel or its error undelivered."""
    deadline = time.monotonic() + timeout
    while True:
        done = run.late() | run.undelivered_errors()
        waiting = [
            s
            for s in sent
            if run.fd.callback_for(s.interaction_id) is None and s.interaction_id not in done
        ]
        if not waiting:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(
                f"{len(waiting)} commands unanswered after {timeout} s: "
                + ", ".join(
                    f"{s.interaction_id} {s.kind} shard {run.shard(s.channel)}" for s in waiting[:8]
                )
            )
        await asyncio.sleep(0.05)


async def _set_up_channel(run: Run, channel: int) -> None:
    fd = run.fd
    controller, resolved = _user_option("controller", ANA)
    steps = [
        ("encounter start", {"system": "swade", "name": f"mesa {channel % 1000}"}, None),
        (
            "combatant add",
            [
                {"name": "name", "type": 3, "value": "PJ"},
                {"name": "statblock", "type": 3, "value": PC_BLOCK},
                {"name": "wildcard", "type": 5, "value": True},
                {"name": "side", "type": 3, "value": "heroes"},
                controller,
            ],
            resolved,
        ),
        ("combatant add", {"name": "Goblin", "statblock": EXTRA_BLOCK, "count": 3}, None),
        ("bennies session-start", None, None),
        ("deal", None, None),
    ]
    for name, options, extra in steps:
        payload = fd.slash(name, options, user=GM, channel_id=channel, resolved=extra)
        interaction_id = await fd.send_interaction(payload)
        await _answered(run, [Sent(interaction_id, name, channel, run.channels[channel], "set-up")])
        callback = fd.callback_for(interaction_id)
        data = callback.data or {} if callback is not None else {}
        assert not int(data.get("flags") or 0) & 64, (name, data)
        assert interaction_id not in run.undelivered_errors(), name


@pytest.fixture
async def run(pg_url: str, tmp_path: Path) -> AsyncIterator[Run]:
    async with FakeDiscord(shard_count=SHARDS, max_concurrency=SHARDS) as fd:
        state = Run(fd, pg_url, tmp_path)
        for shard in range(SHARDS):
            guild = fd.add_guild(f"Servidor {shard}", shard=shard)
            for _ in range(CHANNELS_PER_GUILD):
                state.channels[fd.new_channel(guild_id=guild)] = guild
        try:
            yield state
        finally:
            for bot in state.processes:
                await stop(bot)
            for bot in state.processes:
                print(f"--- {bot.log_path.name} (tail) ---\n{bot.log_tail(15)}")
        assert_no_violations(fd)


async def test_two_processes_a_kill_and_a_hand_off_lose_and_double_nothing(run: Run) -> None:
    fd = run.fd
    started = time.monotonic()
    first = await run.start("first", "0-3")
    second = await run.start("second", "4-7")
    await first.expect(fd.wait_shards(range(SHARDS), timeout=START_TIMEOUT), "8 shards connected")
    await first.expect(
        fd.wait_request("PUT", "/applications/*/commands", timeout=START_TIMEOUT), "sync"
    )
    assert [r.path for r in fd.requests if r.method == "PUT"] == [
        f"/applications/{fd.application_id}/commands"
    ], "commands are synced once, by the process that runs shard 0"

    room = asyncio.Semaphore(8)

    async def set_up(channel: int) -> None:
        async with room:
            await _set_up_channel(run, channel)

    await asyncio.gather(*(set_up(c) for c in run.channels))
    channels = list(run.channels)

    # The burst: five commands in every channel, sent 4 ms apart without waiting for
    # answers; the process running shards 0-3 is killed (SIGKILL) once it has answered a
    # sixth of its share, and the rest of its share goes to a dead connection.
    plan = [(kind, c) for kind in ("attack", "spend", "next", "give", "attack") for c in channels]
    mine = set(range(4))
    share = sum(1 for _, c in plan if run.shard(c) in mine)
    burst: list[Sent] = []
    killed_at = None

    def answered_mine() -> int:
        return sum(
            1
            for s in burst
            if run.shard(s.channel) in mine and fd.callback_for(s.interaction_id) is not None
        )

    for n, (kind, channel) in enumerate(plan):
        burst.append(await _send(run, kind, channel, "burst"))
        if killed_at is None and n + 1 == len(plan) * 2 // 5:
            # Two fifths sent: on a slow machine, wait for the process to have answered
            # some of its share, so it dies with work done and work in hand.
            await first.expect(
                fd.wait_until(
                    lambda: answered_mine() * 6 >= share, CALLBACK_TIMEOUT, "a sixth answered"
                ),
                "the first process answering its share of the burst",
            )
        if killed_at is None and answered_mine() * 6 >= share:
            first.process.send_signal(signal.SIGKILL)
            killed_at = len(burst)
        await asyncio.sleep(0.004)
    assert killed_at is not None and killed_at < len(plan), "killed during the burst"
    await first.process.wait()
    survivors = [s for s in burst if run.shard(s.channel) not in mine]
    await second.expect(_answered(run, survivors), "the other process answers all of its own")

    # The killed process comes back with the same shards.
    sessions = len(fd.sessions)
    first_again = await run.start("first-again", "0-3")
    await first_again.expect(
        fd.wait_shards(range(4), newer_than=sessions, timeout=START_TIMEOUT), "shards 0-3 again"
    )
    after = [await _send(run, k, c, "after") for k, c in _each(channels, "attack", "spend")]
    await first_again.expect(_answered(run, after), "every command after the restart")

    # The hand-off: a new process connects all 8 shards while both old ones still run;
    # every command now reaches two processes, and is applied and answered once.
    sessions = len(fd.sessions)
    third = await run.start("third", "0-7")
    await third.expect(
        fd.wait_shards(range(SHARDS), newer_than=sessions, timeout=START_TIMEOUT), "hand-off"
    )
    both = [await _send(run, k, c, "both") for k, c in _each(channels, "attack", "give", "next")]
    await third.expect(_answered(run, both), "every command while two processes run each shard")
    assert all(
        sum(1 for session in fd.delivered_to(s.interaction_id) if session.live) == 2 for s in both
    ), "two live processes received each"
    for old in (first_again, second):
        await stop(old, timeout=CALLBACK_TIMEOUT)
        assert old.process.returncode == 0, old.log_tail()
    last = [await _send(run, k, c, "last") for k, c in _each(channels, "spend", "next")]
    await third.expect(_answered(run, last), "every command after the old processes stopped")

    # Discord delivers some commands again, applied ones and refused ones: none is
    # applied (again, or late), and none is answered again.
    again = (after + both)[::9]
    before_replay = await _counts(run.url)
    callbacks = len(fd.callbacks)
    refusals = _refusals(third)
    for sent in again:
        await fd.redeliver(sent.interaction_id)
    await third.expect(_replays_ignored(third, again, refusals), "the replays were refused")
    assert await _counts(run.url) == before_replay
    assert len(fd.callbacks) == callbacks

    shard_line = await _ping(run, channels[0])
    assert f"Shard {run.shard(channels[0])} de 8 (este proceso: 0-7)." in shard_line

    await _check(run, killed_at)
    print(f"distributed e2e: {len(run.sent)} commands, {time.monotonic() - started:.1f} s")


async def _ping(run: Run, channel: int) -> str:
    """What /ping says in ``channel`` (sent again if its answer missed Discord's 3
    seconds: /ping has no late fallback)."""
    for _ in range(3):
        ping = await run.fd.send_interaction(run.fd.slash("ping", user=GM, channel_id=channel))
        await _answered(run, [Sent(ping, "ping", channel, run.channels[channel], "ping")])
        answer = run.fd.callback_for(ping)
        if answer is not None and answer.data:
            return str(answer.data["embeds"][0]["description"])
    raise AssertionError("/ping was never answered in time")


def _each(channels: list[int], *kinds: str) -> list[tuple[str, int]]:
    return [(kind, c) for kind in kinds for c in channels]


REFUSED = re.compile(r"interaction (\d+) was already applied or answered; not answering")


def _refusals(bot: BotProcess) -> Counter[int]:
    """How many times the bot's log says it refused each interaction."""
    text = bot.log_path.read_text(errors="replace")
    return Counter(int(i) for i in REFUSED.findall(text))


async def _replays_ignored(
    bot: BotProcess, sent: list[Sent], before: Counter[int], timeout: float = CALLBACK_TIMEOUT
) -> None:
    """Until the bot's log says it refused each of ``sent`` once more than ``before``."""
    deadline = time.monotonic() + timeout
    while True:
        now = _refusals(bot)
        missing = [s for s in sent if now[s.interaction_id] <= before[s.interaction_id]]
        if not missing:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(
                "replays not refused: "
                + ", ".join(f"{s.interaction_id} {s.kind} {s.phase}" for s in missing)
            )
        await asyncio.sleep(0.05)


async def _counts(url: str) -> tuple[int, int, int]:
    conn = await asyncpg.connect(url)
    try:
        return (
            await conn.fetchval("SELECT COUNT(*) FROM encounter_log"),
            await conn.fetchval("SELECT COUNT(*) FROM benny_history"),
            await conn.fetchval("SELECT COUNT(*) FROM processed_interactions"),
        )
    finally:
        await conn.close()


LOGGED = {"attack": "swade.attack", "spend": "bennies.story", "next": "swade.next"}


async def _check(run: Run, killed_at: int) -> None:
    fd = run.fd
    conn = await asyncpg.connect(run.url)
    try:
        processed = {
            r["interaction_id"]
            for r in await conn.fetch("SELECT interaction_id FROM processed_interactions")
        }
        log = await conn.fetch(
            "SELECT id, channel_id, user_id, kind, payload FROM encounter_log ORDER BY id"
        )
        history = await conn.fetch(
            "SELECT session_id, holder, delta, reason, note, channel_id, action_seq "
            "FROM benny_history ORDER BY id"
        )
        pools = await conn.fetch("SELECT session_id, holder, count FROM bennies")
        states = {
            r["channel_id"]: Encounter.model_validate_json(unpack(r["state"]))
            for r in await conn.fetch("SELECT channel_id, state FROM encounters")
        }
    finally:
        await conn.close()

    # Answered, or safely failed. Answered: the callback Discord accepted (one at most),
    # or, past Discord's 3 seconds on a loaded machine, the result posted in the channel
    # or the error undelivered. Unanswered: only the burst's commands for the killed
    # process's servers.
    callbacks = Counter(c.interaction_id for c in fd.callbacks)
    assert max(callbacks.values()) == 1, "one answer per command"
    late, late_errors = run.late(), run.undelivered_errors()
    answered = {s.interaction_id for s in run.sent} & (set(callbacks) | late | late_errors)
    unanswered = [s for s in run.sent if s.interaction_id not in answered]
    assert unanswered, "the kill left commands without an answer"
    assert all(s.phase == "burst" and run.shard(s.channel) < 4 for s in unanswered), [
        (s.phase, s.kind, run.shard(s.channel)) for s in unanswered
    ]
    # Every answer, a result or an error, is recorded: no process applies it later.
    assert answered <= processed, sorted(answered - processed)[:5]

    def is_result(s: Sent) -> bool:
        callback = fd.callback_for(s.interaction_id)
        if callback is None:
            return s.interaction_id in late
        return not int((callback.data or {}).get("flags") or 0) & 64

    results = [s for s in run.sent if s.interaction_id in answered and is_result(s)]
    refused = [s for s in run.sent if s.interaction_id in answered and not is_result(s)]
    # Applied or refused, its answer lost with the process; or never seen by anyone.
    lost = [s for s in unanswered if s.interaction_id in processed]
    never = [s for s in unanswered if s.interaction_id not in processed]
    print(
        f"{len(run.sent)} commands: {len(results)} applied and answered ({len(late)} late, in"
        f" the channel), {len(refused)} refused ({len(late_errors)} too late to say so);"
        f" killed after {killed_at} of the burst's {len(burst_of(run))}: {len(lost)} taken"
        f" and unanswered, {len(never)} never taken"
    )
    assert any(s.kind == "spend" for s in results), "benny spends went through"
    assert any(s.kind == "give" for s in results), "benny gifts went through"

    # Applied once: per channel and kind, one log row for each result, and at most one
    # for each command whose answer the kill lost; commands with a note (spends and
    # gifts) one by one.
    logged = Counter((r["channel_id"], r["kind"]) for r in log if r["kind"] in LOGGED.values())
    least = Counter((s.channel, LOGGED[s.kind]) for s in results if s.kind in LOGGED)
    most = least + Counter((s.channel, LOGGED[s.kind]) for s in lost if s.kind in LOGGED)
    for key in set(logged) | set(most):
        assert least[key] <= logged[key] <= most[key], (key, least[key], logged[key], most[key])
    noted = Counter(r["note"] for r in history if r["reason"] == "give") + Counter(
        json.loads(r["payload"])["params"]["_options"]["note"]
        for r in log
        if r["kind"] == "bennies.story"
    )
    assert max(noted.values()) == 1, "a spend or a gift applied twice"
    assert {s.note for s in results if s.note} <= set(noted)
    assert set(noted) <= {s.note for s in results + lost if s.note}

    # No benny lost or doubled.
    sums: dict[tuple[int, str], int] = defaultdict(int)
    for row in history:
        sums[(row["session_id"], row["holder"])] += row["delta"]
    for row in pools:
        assert row["count"] == sums[(row["session_id"], row["holder"])], dict(row)
    spends = [r for r in history if r["reason"] == "spend.story"]
    story_rows = [r for r in log if r["kind"] == "bennies.story"]
    assert sorted((r["channel_id"], r["action_seq"]) for r in spends) == sorted(
        (r["channel_id"], _seq(r["payload"])) for r in story_rows
    ), "each benny spent belongs to one applied action, and each such action spent one"

    # Every final state is the replay of its log.
    await _replay(run, log, states)


def burst_of(run: Run) -> list[Sent]:
    return [s for s in run.sent if s.phase == "burst"]


def _seq(payload: str) -> int:
    return int(json.loads(payload)["seed"].rsplit(":", 1)[1])


async def _replay(run: Run, log: list[Any], states: dict[int, Encounter]) -> None:
    names = {int(GM["id"]): "dj", int(ANA["id"]): "ana"}
    rows: dict[int, list[Any]] = defaultdict(list)
    for row in log:
        rows[row["channel_id"]].append(row)
    async with OfflineTable(db_path=run.tmp / "replay.sqlite3", seed=0) as table:
        table.users = {
            "dj": FakeUser("dj", int(GM["id"]), True),
            "ana": FakeUser("ana", int(ANA["id"]), False),
        }
        for channel, guild in run.channels.items():
            final = states[channel]
            table.channel_id, table.guild_id = channel, guild
            table.dice.new_seed = lambda seed=final.seed: seed  # type: ignore[method-assign]
            for line in (
                "@dj /encounter start system:swade",
                f'@dj /combatant add name:PJ statblock:"{PC_BLOCK}" wildcard:true '
                "side:heroes controller:@ana",
                f'@dj /combatant add name:Goblin statblock:"{EXTRA_BLOCK}" count:3',
                "@dj /bennies session-start",
                "@dj /deal",
                "@dj /bennies give player:@ana count:10",
                "@dj /bennies give player:@ana count:10",
            ):
                [answer, *_] = await table.run(line)
                assert not answer.ephemeral, (line, answer.text())
            for row in rows[channel]:
                params = json.loads(row["payload"]).get("params", {})
                if row["kind"] not in LOGGED.values():
                    continue
                [answer, *_] = await table.run_raw(
                    names[row["user_id"]], params["_command"], params["_options"]
                )
                assert not answer.ephemeral, (row["kind"], answer.text())
            rebuilt = await table.bot.encounters.get(channel)
            assert rebuilt is not None
            assert rebuilt.seq == final.seq
            assert rebuilt.state.model_dump() == final.state.model_dump(), channel
