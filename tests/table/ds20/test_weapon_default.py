"""SW-44's care in Dread S-20: ``/attack`` without ``weapon:`` uses the first weapon in
hand the sheet lists, fists (a Pelea weapon) only when there is no other, and the reply
names the weapon and its damage (MHL/MHG, DS-6). Dread S-20 has no damage without a
weapon: a sheet with none is refused, saying how to give it fists. Forced dice, es/en.

Ana: ``Puños 2/6 pelea; Cuchillo 3/8 C.C.; Pistola 4/9 fuego`` (Armas C.C. 10, Armas de
Fuego 12); the initiative puts her first (``INITIATIVE``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ds20.helpers import INITIATIVE, ds20_table, must

FISTS_AND_PISTOL = (
    "Tipo: PJ | Aptitudes: Pelea 10, Armas de Fuego 12, Iniciativa 4 | "
    "Armas: Puños 2/6 pelea; Pistola 4/9 fuego alcance 20"
)
NO_WEAPON = "Tipo: PJ | Aptitudes: Pelea 10, Iniciativa 4"


@pytest.mark.parametrize(
    ("locale", "line", "said"),
    [
        (
            "es",
            "@ana /atacar objetivo:Bruto",
            "Ana ataca a Bruto con Cuchillo (3/8): éxito (margen 5).",
        ),
        (
            "en",
            "@ana /attack target:Bruto",
            "Ana attacks Bruto with Cuchillo (3/8): success (margin 5).",
        ),
    ],
)
async def test_a_melee_attack_without_weapon_takes_the_knife_before_the_fists(
    tmp_path: Path, locale: str, line: str, said: str
) -> None:
    # Armas C.C. 10 against a d20 of 5: margin 5 (DS-1); Bruto must then defend.
    async with ds20_table(tmp_path, [*INITIATIVE, 5], locale=locale) as table:
        [reply, *_] = await must(table, line)
        assert said in reply.text(), reply.text()


async def test_fists_and_a_pistol_shoot_and_fists_alone_punch(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [6, 3, 2, 4], fight=False) as table:
        await must(
            table, f'@gm /combatant add name:Ana controller:@ana statblock:"{FISTS_AND_PISTOL}"'
        )
        await must(
            table, '@gm /combatant add name:Bruto statblock:"Aptitudes: Pelea 10, Iniciativa 2"'
        )
        await must(table, "@gm /initiative roll")
        await must(table, "@gm /next")
        # The first weapon that is not fists is the pistol: a shot (Armas de Fuego 12, d20 2).
        [shot, *_] = await must(table, "@ana /atacar objetivo:Bruto")
        assert "Ana dispara a Bruto con Pistola (4/9): éxito (margen 10)." in shot.text()
        await must(table, "@ana /siguiente")
        # Bruto has no weapon at all: refused, saying how to give it fists.
        [refusal] = await table.run("@gm /atacar objetivo:Ana")
        assert refusal.ephemeral
        assert (
            "no hay daño sin arma" in refusal.text()
            and "`Armas: Puños 2/6 pelea`" in refusal.text()
        )
        assert "de tipo pelea" in refusal.text()
        # Ana's fists, named: Pelea 10 against a d20 of 4.
        await must(table, "@gm /siguiente")
        [punch, *_] = await must(table, "@ana /atacar objetivo:Bruto arma:Puños")
        assert "Ana ataca a Bruto con Puños (2/6): éxito (margen 6)." in punch.text()


async def test_the_refusal_names_the_kind_in_english(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [6, 3], fight=False, locale="en") as table:
        await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{NO_WEAPON}"')
        await must(
            table, '@gm /combatant add name:Bruto statblock:"Aptitudes: Pelea 10, Iniciativa 2"'
        )
        await must(table, "@gm /initiative roll")
        await must(table, "@gm /next")
        [refusal] = await table.run("@ana /attack target:Bruto")
        assert refusal.ephemeral
        assert refusal.text() == (
            "Ana has no brawl weapon in hand, and Dread S-20 has no damage without a weapon:"
            " fists are a weapon on the sheet like any other (`Weapons: Fists 2/6 brawl`)."
            " Pick one of its weapons with `weapon:`."
        )
