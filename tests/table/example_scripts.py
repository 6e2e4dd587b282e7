"""The example scripts (``docs/examples/*.txt``) played through the offline table with
the options they document (``--seed``, ``--dice``, ``--locale``), in the language they
are written in or the other one: a player of the other language reads the buttons in
theirs, so ``press "Esquivar"`` becomes ``press "Dodge"`` (same catalogue key and
parameters, :mod:`tests.table.catalogue_match`). Commands are typed as the script has
them: the offline table reads either language's names."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import catalog
from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from tests.table.catalogue_match import translated

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.txt"))
_PRESS = re.compile(r'^(@\S+\s+)?press\s+"?([^"]+?)"?\s*$')
# What a button's label is rendered from: a result's offers and the board's buttons.
BUTTONS = {k for k in catalog("es") if ".offer." in k or k.endswith((".board.next", ".board.deal"))}


def documented(script: Path, option: str) -> str | None:
    """The value its header gives ``--option`` (quoted or not), if any."""
    found = re.search(rf'--{option}\s+("([^"]*)"|(\S+))', script.read_text("utf-8"))
    if found is None:
        return None
    return found.group(2) if found.group(2) is not None else found.group(3)


def documented_dice(script: Path) -> list[int]:
    """The forced dice its header gives (``--dice "6,2,4"``); the script must give them."""
    dice = documented(script, "dice")
    assert dice, f"{script.name} documents its --dice"
    return [int(d) for d in dice.split(",")]


def written_in(script: Path) -> str:
    return documented(script, "locale") or "es"


def lines(script: Path, locale: str) -> list[str]:
    """Its lines to type (comments and blanks left out), presses in ``locale``."""
    source = written_in(script)
    out: list[str] = []
    for line in script.read_text("utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        press = _PRESS.match(line)
        if press is not None and locale != source:
            label = translated(press.group(2), source, locale, BUTTONS)
            line = f'{press.group(1) or ""}press "{label}"'
        out.append(line)
    return out


async def play(script: Path, db: Path, locale: str) -> list[tuple[str, list[SentMessage]]]:
    """Every line with what the bot sent for it, played as documented in ``locale``."""
    dice = documented(script, "dice")
    seed = documented(script, "seed")
    async with OfflineTable(
        db_path=db,
        seed=int(seed) if seed else 0,
        dice=[int(d) for d in dice.split(",")] if dice else [],
        strict_dice=bool(dice),
        locale=locale,
    ) as table:
        return [(line, await table.run(line)) for line in lines(script, locale)]
