"""Issue 21: /roll, /odds and /trait options fuzzed through the offline table (a seeded
soup of dice tokens, big numbers and TNs at and past their bounds). Every command gets
a reply: a result, or a localized ephemeral error; never the internal-error message;
every logged roll stays under 8 KB. Timing is the benchmark's job (bench/rules.py)."""

from __future__ import annotations

import random

from bot.play.table import OfflineTable
from tests.dice.test_properties import TOKENS

BIG = ["1000", "999", "1001", "10000", "10001", "1000000", "1000001", "99999999999999"]
SOUP = [*TOKENS, *BIG, "d", "kh", "kl", "!", "x", "r", "s8", "s12w8", "su", "ds15", "|1", "d-2"]
TNS = [*[""] * 10, " tn:0", " tn:7", " tn:1000", " tn:-1000", " tn:1001", " tn:-1001"]


COUNTS = ["", "1", "2", "10", "30", "100", "500", "1000", "1001"]
SIDES = ["2", "6", "20", "100", "1000", "10000", "10001"]
OPS = ["", "kh3", "kl2", "dh1", "dl1", "!", "!>5", "ro1", "mi2", "kh1000001", "e6", "rr1"]


def _term(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return rng.choice(BIG)
    return f"{rng.choice(COUNTS)}d{rng.choice(SIDES)}{rng.choice(OPS)}"


def _expression(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.3:  # a soup of tokens
        text = "".join(rng.choice(SOUP) for _ in range(rng.randint(1, 12))).strip()
    elif roll < 0.45:  # a set
        text = "(" + ",".join(_term(rng) for _ in range(rng.randint(1, 6))) + ")kh2"
    else:  # terms and operators
        text = _term(rng)
        for _ in range(rng.randint(0, 3)):
            text += rng.choice(["+", "-", "*", "/"]) + _term(rng)
    return text.replace('"', "") or "1"


async def test_fuzzed_dice_commands_always_answer_within_their_bounds(
    table: OfflineTable,
) -> None:
    rng = random.Random("dice-fuzz")
    internal = ("Algo ha fallado", "Something went wrong")
    answered = refused = 0
    for i in range(100):
        expression = _expression(rng)
        kind = i % 4
        if kind == 3:
            line = f'/odds expression:"{expression}"{rng.choice(TNS)}'
        elif kind == 2 and i % 8 == 2:
            line = f"/trait die:{rng.choice([4, 6, 8, 10, 12])} modifier:{rng.randint(-25, 25)}"
        else:
            line = f'/roll expression:"{expression}"{rng.choice(TNS)}'
        sent = await table.run(line)
        assert sent, line
        reply = sent[-1]
        assert not any(word in reply.text() for word in internal), (line, reply.text())
        if reply.ephemeral:
            refused += 1
        else:
            answered += 1
            assert reply.embeds, line
    assert answered > 20 and refused > 20  # the soup reaches both sides
    rows = await table.bot.db.fetchall("SELECT payload FROM encounter_log WHERE kind = 'roll'")
    assert rows
    assert max(len(r["payload"]) for r in rows) < 8_192
