"""What the bot stores and sends, played from scripts with fixed dice, to compare with a
golden captured before a speed-up (issue 32: an attack's CPU cut in the rules and
rendering layers must leave every stored byte and every message as they were).

Each script is played through the offline table; after every line the state as stored
(its JSON, byte for byte), the undo rows (their order and summaries, and the newest one's
JSON: the one ``/undo`` reads; the script's undos read the others), the log rows' payloads
(not their times), every message sent (not its ids) and the export document are hashed (times read from the wall clock left out: a log row's ``created_at``, the
benny history's). ``python -m tests.table.stored_golden`` writes the golden
(``stored_golden.json``) from the code as it is: run it only on the commit the golden
is meant to pin (it was captured at main 127bf34: ``git archive 127bf34 | tar -x -C
/tmp/base``, this module copied in, run there with ``PYTHONPATH=/tmp/base``). Captured
again at 33c8c51, once, for a change of behaviour: a command's board edit comes after its
own messages (:mod:`bot.board`); eleven SWADE lines' ``sent`` hashes changed (a /join's
or a /deal's follow-up now before the edit, the same messages), nothing else.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import re
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.clock import ManualClock
from bot.play import recorder
from bot.play.lines import LineError
from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.storage.packed import unpack, unpack_against
from tests.table.example_scripts import EXAMPLES, documented, lines, written_in

GOLDEN = Path(__file__).with_name("stored_golden.json")
# The bench's sheets as they were at 127bf34 (bench.e2e's PC_BLOCK, bench.storage's
# TOUGH_EXTRA), written here so a change to the benches leaves the golden as it is.
PC_BLOCK = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8\\n"
    "Habilidades: Pelear d8, Disparar d6, Atletismo d6, Notar d6\\nParada 6, Dureza 6\\n"
    "Equipo: Espada (Fue+d8)"
)
TOUGH_EXTRA = (
    "Atributos: Agilidad d6, Astucia d4, Espíritu d4, Fuerza d6, Vigor d6\\n"
    "Habilidades: Pelear d6, Notar d4\\nParada 5, Dureza 12\\nEquipo: Lanza (Fue+d6)"
)
START = datetime(2026, 11, 28, 4, 0, tzinfo=UTC)

# Attacks through the bench's fight (tough Extras, Wild Card PCs), with every benny
# reroll an attack offers (SW-35), wild attacks (SW-18), the GM's soak (SW-14) and an
# /undo, in Spanish and English: the paths issue 32 made faster.
_FIGHT = [
    "@gm /encounter start system:swade",
    *(
        f'@gm /combatant add name:"PJ {i}" statblock:"{PC_BLOCK}" wildcard:true side:heroes'
        for i in range(1, 5)
    ),
    f'@gm /combatant add name:Goblin statblock:"{TOUGH_EXTRA}" count:4',
    '@gm /combatant add name:"Jefe orco" wildcard:true statblock:"Atributos: Agilidad d6, '
    "Astucia d6, Espíritu d8, Fuerza d10, Vigor d8\\nHabilidades: Pelear d8, Notar d6\\n"
    'Parada: 6; Dureza: 8 (2)\\nBenis: 2\\nEquipo: Hacha (Fue+d8)"',
    "@gm /bennies session-start",
    "@gm /deal",
]
_ROUND = [
    '@gm /attack target:"Goblin {g}" actor:"PJ {p}"',
    '@gm press "{reroll_attack}"',
    '@gm press "{reroll_damage}"',
    "@gm /next",
    '@gm /wildattack target:"Jefe orco" actor:"PJ {p}"',
    '@gm press "{reroll_damage}"',
    '@gm press "{soak}"',
    "@gm /next",
    '@gm /attack target:"PJ {p}" actor:"Jefe orco"',
    "@gm /undo",
    '@gm /attack target:"PJ {p}" actor:"Goblin {g}" modifier:-1',
    "@gm /next",
]
_LABELS = {
    "es": {
        "reroll_attack": "Repetir ataque (beni)",
        "reroll_damage": "Repetir daño (beni)",
        "soak": "Absorber (beni)",
    },
    "en": {
        "reroll_attack": "Reroll attack (benny)",
        "reroll_damage": "Reroll damage (benny)",
        "soak": "Soak (benny)",
    },
}


def fight(locale: str) -> list[str]:
    """The bench's fight, six rounds of :data:`_ROUND`, then an export."""
    out = list(_FIGHT)
    for r in range(6):
        out += [line.format(g=r % 4 + 1, p=r % 4 + 1, **_LABELS[locale]) for line in _ROUND]
    out.append("@gm /encounter export")
    return out


def _sha(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()[:20]


# The wall clock's times (not the table's clock): a log row's ``created_at`` (in the
# export) and the benny history's Discord timestamps.
_WALL_TIMES = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00|(?<=<t:)\d+(?=:)")


def _timeless(text: str) -> str:
    return _WALL_TIMES.sub("T", text)


def _message(m: SentMessage) -> dict[str, Any]:
    seen = m.to_json()
    del seen["message_id"]
    return seen


async def _stored(table: OfflineTable) -> dict[str, Any]:
    """The state as stored and the newest undo snapshot, as JSON text (unpacked: how
    they are packed is the storage's business, not what they say), the undo rows' order
    and summaries, and the log rows' payloads."""
    db = table.bot.db  # type: ignore[union-attr]
    state = await db.fetchone(
        "SELECT state, version FROM encounters WHERE channel_id = ?", (table.channel_id,)
    )
    undo = await db.fetchall("SELECT version, summary, state FROM encounter_undo ORDER BY id")
    log = await db.fetchall("SELECT kind, version, user_id, payload FROM encounter_log ORDER BY id")
    text = None if state is None else unpack(state["state"])
    # The newest snapshot reads against the state stored now (what /undo reads).
    newest = unpack_against(undo[-1]["state"], text) if undo and text is not None else None
    rows = [[r["version"], r["summary"]] for r in undo]
    return {
        "state": None if text is None else [_sha(text), state["version"]],
        "undo": _sha(json.dumps([rows, newest])),
        "log": [[r["kind"], r["version"], _sha(r["payload"])] for r in log],
    }


async def play(
    script: list[str], db: Path, *, seed: int, dice: list[int] | None, locale: str
) -> dict[str, Any]:
    """Every line's stored rows and messages (hashed), and the files the bot sent."""
    steps: list[dict[str, Any]] = []
    # The fake message ids count from 1 in each play, whatever ran before in this
    # process: the board's message id is in the state.
    recorder._ids = itertools.count(1)
    table = OfflineTable(db_path=db, seed=seed, dice=dice, strict_dice=bool(dice), locale=locale)
    table.clock = ManualClock(START)  # what waits is stamped with the time (issue 27)
    async with table:
        for line in script:
            try:
                sent = await table.run(line)
            except LineError as e:  # a press of a button the last result did not offer
                sent, refused = [], e.key
            else:
                refused = None
            stored = await _stored(table)
            steps.append(
                {
                    **({"line_error": refused} if refused else {}),
                    "sent": _sha(
                        _timeless(json.dumps([_message(m) for m in sent], ensure_ascii=False))
                    ),
                    "state": stored["state"],
                    "undo": stored["undo"],
                    "log": stored["log"][-1] if stored["log"] else None,
                    "logs": len(stored["log"]),
                }
            )
        files = [[name, _sha(_timeless(data.decode()))] for name, data in table.recorder.files]
    return {"steps": steps, "files": files}


def plays() -> list[tuple[str, list[str], int, list[int] | None, str]]:
    """(name, lines, seed, forced dice, locale) of every script the golden pins."""
    out: list[tuple[str, list[str], int, list[int] | None, str]] = []
    for script in EXAMPLES:
        dice = documented(script, "dice")
        seed = documented(script, "seed")
        locale = written_in(script)
        out.append(
            (
                script.name,
                lines(script, locale),
                int(seed) if seed else 0,
                [int(d) for d in dice.split(",")] if dice else None,
                locale,
            )
        )
    for seed in (3, 11):
        for locale in ("es", "en"):
            out.append((f"fight-{locale}-{seed}", fight(locale), seed, None, locale))
    return out


async def capture(tmp: Path) -> dict[str, Any]:
    return {
        name: await play(script, tmp / f"{name}.sqlite3", seed=seed, dice=dice, locale=locale)
        for name, script, seed, dice, locale in plays()
    }


def written(got: dict[str, Any]) -> str:
    """The golden as written: a line per step."""
    out = ["{"]
    for i, (name, played) in enumerate(got.items()):
        out.append(f"{json.dumps(name)}: {{")
        out.append(f' "files": {json.dumps(played["files"])},')
        out.append(' "steps": [')
        steps = [json.dumps(s, ensure_ascii=False) for s in played["steps"]]
        out.append(",\n".join(f"  {s}" for s in steps))
        out.append(" ]")
        out.append("}," if i < len(got) - 1 else "}")
    out.append("}")
    return "\n".join(out) + "\n"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        got = asyncio.run(capture(Path(tmp)))
    GOLDEN.write_text(written(got), "utf-8")
    print(f"wrote {GOLDEN} ({sum(len(p['steps']) for p in got.values())} lines)", file=sys.stderr)


if __name__ == "__main__":
    main()
