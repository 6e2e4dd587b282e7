"""SW-44's care in Ritual Hex: ``/attack`` without ``weapon:`` uses the first attack the
sheet or an equipped item gives, the base Piña (RH-10) only when there is none, and the
reply names the attack with its item and its damage. In Spanish and English; then the
chain resolves with forced dice and the chosen attack's damage is the one rolled."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ritualhex.helpers import must, rh_table, state

TAJO = (
    "nombre: Tajo; tipo: ataque; costo: 4; miembros: mano equipada; chequeo: <Str>[11]<Def>;"
    " efecto: daño 1d+1"
)
ARMED = (
    "AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0\\nequipo: Espada; partes: mano; acciones: Tajo"
)
BARE = "AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0"
GOBLIN = "AP 9, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0"


async def _fight(table, sheet: str) -> None:  # type: ignore[no-untyped-def]
    await must(table, f'@gm /hex define text:"{TAJO}"')
    await must(
        table, f'@gm /combatant add name:Kara side:heroes controller:@ana statblock:"{sheet}"'
    )
    await must(table, f'@gm /combatant add name:Goblin side:foes statblock:"{GOBLIN}"')
    await must(table, "@gm /next")  # round 1: Kara (AP 12) has the opportunity


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("es", "Kara usa Tajo (Espada, daño 1d+1) contra Goblin (costo 4, nivel AP 8)."),
        ("en", "Kara uses Tajo (Espada, damage 1d+1) on Goblin (cost 4, AP level 8)."),
    ],
)
async def test_an_attack_without_weapon_takes_the_equipped_items_attack(
    tmp_path: Path, locale: str, said: str
) -> None:
    # The check: Str 2 + 5+5+3 = 15 > 11 + Def 1; damage 1d+1 with a 2 = 3 (not Piña's
    # 1d-2|1, which would give 1).
    async with rh_table(tmp_path, [5, 5, 3, 2], cast=False, locale=locale) as table:
        await _fight(table, ARMED)
        [reply, *_] = await must(table, "@ana /attack target:Goblin")
        assert said in reply.text(), reply.text()
        await must(table, "@gm /react pass actor:Goblin")
        goblin = next(c for c in (await state(table)).combatants if c.name == "Goblin")
        assert goblin.damage == 3


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("es", "Kara usa Piña (daño 1d-2|1) contra Goblin (costo 5, nivel AP 7)."),
        ("en", "Kara uses Punch (damage 1d-2|1) on Goblin (cost 5, AP level 7)."),
    ],
)
async def test_a_hero_with_no_attack_of_its_own_throws_a_punch(
    tmp_path: Path, locale: str, said: str
) -> None:
    async with rh_table(tmp_path, [], cast=False, locale=locale) as table:
        await _fight(table, BARE)
        [reply, *_] = await must(table, "@ana /attack target:Goblin")
        assert said in reply.text(), reply.text()


async def test_the_base_attack_by_name_with_the_sword_equipped(tmp_path: Path) -> None:
    async with rh_table(tmp_path, [], cast=False) as table:
        await _fight(table, ARMED)
        [reply, *_] = await must(table, "@ana /atacar objetivo:Goblin arma:Piña")
        assert "Kara usa Piña (daño 1d-2|1) contra Goblin" in reply.text()
