"""docs/examples/bennies.txt runs as documented: with its --seed and --dice (strict),
every forced die is rolled; the session starts with 3 bennies a player, the GM's 2 and
the Jefe orco's own 2; Ana's Joker gives each player one (SW-33); her rerolled attack
keeps the better roll (SW-35); Bruno's critical failure cannot be rerolled and costs
nothing (SW-4); Bruno soaks his wound (SW-14); Ana stops being Shaken on the goblin's
turn (SW-15); and the history lists exactly those gains and spends."""

from __future__ import annotations

import re
from pathlib import Path

from bot.bennies import GM
from bot.play.table import OfflineTable
from bot.systems.swade.state import SwadeState

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bennies.txt"

# After the line containing the key: (Ana's player, Bruno's player, the GM, the Jefe orco).
POOLS_AFTER = {
    "/benis empezar-sesion": (3, 3, 2, 2),
    "/repartir": (4, 4, 2, 2),  # SW-33: Ana's Joker, one to every player, none to the GM
    'press "Repetir ataque (beni)"': (3, 4, 2, 2),
    "/benis gastar": (3, 4, 2, 2),  # SW-4: refused, nothing spent
    'press "Absorber (beni)"': (3, 3, 2, 2),
    "/reaccionar recuperarse": (2, 3, 2, 2),
}

REFUSAL = "Una pifia no se puede repetir con un beni. Sigue con el turno (`/siguiente`), o actúa otra vez si le quedan acciones (`/actuar`)."


def documented(option: str) -> str:
    match = re.search(rf'--{option} "?([\d,]+)"?', SCRIPT.read_text("utf-8"))
    assert match, f"the script documents its --{option}"
    return match.group(1)


async def swade(table: OfflineTable) -> SwadeState:
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and isinstance(encounter.state, SwadeState)
    return encounter.state


async def test_the_bennies_example_runs_as_documented(database: str | Path, tmp_path: Path) -> None:
    """On each engine (the ledger's SQL is the same on SQLite and PostgreSQL)."""
    dice = [int(d) for d in documented("dice").split(",")]
    seed = int(documented("seed"))
    async with OfflineTable(
        db_path=tmp_path / "x.sqlite3",
        seed=seed,
        dice=dice,
        strict_dice=True,
        database_url=database if isinstance(database, str) else None,
    ) as table:
        said: list[str] = []
        refused: list[str] = []
        seen: list[str] = []
        for line in SCRIPT.read_text("utf-8").splitlines():
            if not line.startswith("@"):  # comments and blank lines
                continue
            messages = await table.run(line)
            for message in messages:
                private = message.ephemeral and "guardado" not in message.content
                (refused if private else said).append(message.text())
            state = await swade(table)
            by_name = {c.name: c for c in state.combatants}

            if "/repartir" in line:
                # --seed 75 deals Ana the Joker; the order is Ana, Bruno, Jefe orco, Goblin.
                order = [
                    next(c.name for c in state.combatants if c.id == i) for i in state.turn_order
                ]
                assert order == ["Ana", "Bruno", "Jefe orco", "Goblin"]
                ana_card = by_name["Ana"].card
                assert ana_card is not None and ana_card.joker
            if 'press "Repetir ataque (beni)"' in line:
                last = by_name["Ana"].last_attack
                assert last is not None and last["roll"]["total"] == 7  # the better of 4 and 7
            if "/benis gastar" in line:
                assert [m.ephemeral for m in messages] == [True]
                last = by_name["Bruno"].last_attack
                assert last is not None and last["roll"]["critical_failure"]
            if "/atacar objetivo:Bruno" in line:
                assert (by_name["Bruno"].wounds, by_name["Bruno"].shaken) == (1, True)
            if 'press "Absorber (beni)"' in line:
                assert (by_name["Bruno"].wounds, by_name["Bruno"].shaken) == (0, False)
            if "/atacar objetivo:Ana" in line:
                assert by_name["Ana"].shaken
            if "/reaccionar recuperarse" in line:
                assert not by_name["Ana"].shaken
                # spent on somebody else's turn: the goblin's, which is still going on
                assert state.turn_order[state.current] == by_name["Goblin"].id

            for key, expected in POOLS_AFTER.items():
                if key in line:
                    seen.append(key)
                    pools = await table.bot.bennies.pools_for_channel(table.channel_id)
                    got = (
                        pools[f"user:{table.user('ana').id}"],
                        pools[f"user:{table.user('bruno').id}"],
                        pools[GM],
                        pools[f"wc:{by_name['Jefe orco'].id}"],
                    )
                    assert got == expected, (line, got)

        forced = table.dice.forced
        assert forced is not None and forced.remaining == 0
        assert seen == list(POOLS_AFTER)

        ana, bruno = f"user:{table.user('ana').id}", f"user:{table.user('bruno').id}"
        jefe = f"wc:{by_name['Jefe orco'].id}"
        history = await table.bot.bennies.history(table.channel_id)
        assert [(e.holder, e.delta, e.reason) for e in history] == [
            (ana, 3, "session_start"),
            (bruno, 3, "session_start"),
            (GM, 1, "pc_joined"),  # SW-45: one per player character, each named
            (GM, 1, "pc_joined"),
            (jefe, 2, "session_start"),
            (ana, 1, "joker"),
            (bruno, 1, "joker"),
            (ana, -1, "spend.reroll"),
            (bruno, -1, "spend.soak"),
            (ana, -1, "spend.unshake"),
        ]
        assert [e.note for e in history if e.reason == "joker"] == ["Ana", "Ana"]
        assert [e.note for e in history if e.reason == "pc_joined"] == ["Ana", "Bruno"]
        spends = [e.roll_ref or "" for e in history if e.delta < 0]
        assert [ref.split(" #")[0] for ref in spends] == ["Ana", "Bruno", "Ana"]

    assert refused == [REFUSAL]
    text = "\n".join(said)
    for highlight in (
        "Joker de Ana: se reparten benis.",
        "🃏 Joker de Ana: cada jugador recibe un beni.",
        "Ana ataca a Jefe orco con Espada corta (Fue+d6): 4 contra 6.",
        "Ana ataca a Jefe orco con Espada corta (Fue+d6): 7 contra 6.",
        "gasta un beni (le quedan 3).",
        "Bruno ataca a Goblin con Maza (Fue+d6): 1 contra 5.",
        "13 contra Dureza 6: Bruno sufre 1 herida.",
        "Bruno absorbe 1 herida; quedan 0.",
        "7 contra Dureza 5: aturdimiento para Ana",
        "Ana gasta un beni y se sacude el aturdimiento",
    ):
        assert highlight in text, highlight
    history_text = said[-1]
    assert history_text.startswith("Historial de benis\n")
    rows = history_text.splitlines()[1:]
    assert len(rows) == 10
    assert [r.split(" · ")[1] for r in rows[2:4]] == ["un personaje jugador en la sesión"] * 2
    assert rows[2].endswith("Motivo: Ana") and rows[3].endswith("Motivo: Bruno")
    for row, reason in zip(
        rows[-5:],
        ["Joker", "Joker", "repetir una tirada de rasgo", "absorción", "quitarse el aturdimiento"],
        strict=True,
    ):
        assert reason in row, (row, reason)
