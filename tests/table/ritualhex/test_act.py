"""/attack with a called shot, /act's verbs (Esperar, Preparar, equipment, terminar),
/hex define|grant, /character save + /join, /next, through the commands with forced
dice (RH-4, RH-5, RH-6, RH-7, RH-9, RH-10, RH-11)."""

from __future__ import annotations

from pathlib import Path

from tests.systems.ritualhex.helpers import GOBLIN
from tests.table.ritualhex.helpers import (
    acting,
    block,
    combatant,
    labels,
    must,
    refused,
    reply,
    rh_table,
    state,
)

KARA = """
nombre: Kara
AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0
ventajas: Multi-ataque
"""
MORDISCO = "nombre: Mordisco; tipo: ataque; costo: 4; miembros: ninguno; objetivo: 1; chequeo: <Str>[10]<Def>; efecto: daño 1d"


async def test_a_called_shot_disables_the_limb_and_drops_its_shield(tmp_path: Path) -> None:
    # Piña on the Goblin's shield hand: 5 + 1 AP (RH-4); Str 2 + 5+5+5 = 17 > 11 + 2 +
    # Def 2 (1 + Escudo) = 15; damage 1d-2|1 with a 5 = 3 on mano1 = ceil(6 / 2): the hand
    # is inactive and the shield (AP cost 2) falls to the ground (RH-9).
    async with rh_table(tmp_path, [5, 5, 5, 5]) as table:
        out = reply(await must(table, "@ana /attack target:Goblin called:mano1 limb:mano2"))
        assert (
            "Red Haggar usa Piña (daño 1d-2|1) contra mano1 de Goblin (costo 6, nivel AP 6)."
            in out.text()
        )
        out = reply(await must(table, "@gm press Nadie reacciona"))
        text = out.text()
        assert "Red Haggar, Piña: 17 contra 15: ¡éxito!" in text
        assert "Goblin recibe 3 de daño en mano1" in text
        assert "mano1 de Goblin queda inactivo." in text
        goblin = await combatant(table, "Goblin")
        assert goblin.part("mano1").damage == 3 and not goblin.part_active("mano1")  # type: ignore[union-attr]
        assert goblin.total_damage == 3
        assert [e.name for e in (await state(table)).ground] == ["Escudo"]
        # Red Haggar used his second hand: the first stays free.
        assert (await state(table)).needle == 8 and await acting(table) == ["Goblin"]

        # The Goblin picks the shield up with its other hand (2 AP): 9 -> 7.
        out = reply(await must(table, '@gm /act action:"recoger Escudo" limb:mano2'))
        assert "Goblin recoge Escudo del suelo (costo 2, nivel AP 7)." in out.text()
        goblin = await combatant(table, "Goblin")
        assert [e.worn_on for e in goblin.equipment] == [["mano2"]]
        assert (await state(table)).ground == []

        # The Thrall (8) acts at needle 7: it prepares (1 AP, +1 preparation point).
        assert await acting(table) == ["Thrall"]
        out = reply(await must(table, "@gm /act action:Preparar"))
        assert "Thrall se prepara (nivel AP 7, preparación 1)." in out.text()
        # RH-6: Goblin, Thrall and Jade Mistress tie at 7; the Thrall's preparation
        # point puts it first at needle 6.
        assert (await state(table)).needle == 6 and await acting(table) == ["Thrall"]
        await must(table, "@gm /act action:Esperar")
        thrall = await combatant(table, "Thrall")
        assert thrall.ap_level == 6 and thrall.prep == 0
        # Then the Goblin (AP 9) before Jade Mistress (AP 7), both at level 7.
        assert await acting(table) == ["Goblin"]


async def test_dropping_is_free_and_keeps_the_opportunity(tmp_path: Path) -> None:
    # Piña: 2 + 1+1+1 = 5 vs 11 + 2: miss. Then the Goblin's opportunity (needle 8).
    async with rh_table(tmp_path, [1, 1, 1]) as table:
        await must(table, "@ana /attack target:Goblin")
        # The Piña waits for the Goblin and the Thrall: no equipment now.
        assert await refused(table, '@gm /act action:"soltar Escudo" actor:Goblin') == (
            "Hay una cadena de reacciones abierta: antes cada uno en ella reacciona o pasa (`/reaccionar con`, `/reaccionar pasar`)."
        )
        await must(table, "@gm press Nadie reacciona")
        assert await acting(table) == ["Goblin"]
        out = reply(await must(table, '@gm /act action:"soltar Escudo"'))
        assert "Goblin suelta Escudo al suelo." in out.text()
        goblin = await combatant(table, "Goblin")
        assert goblin.ap_level == 9 and goblin.equipment == []
        assert await acting(table) == ["Goblin"]  # RH-9: free, the opportunity goes on
        assert [e.name for e in (await state(table)).ground] == ["Escudo"]
        await must(table, '@gm /act action:"recoger Escudo"')
        assert (await combatant(table, "Goblin")).ap_level == 7


async def test_hex_define_and_grant_then_a_minion_attacks_with_it(tmp_path: Path) -> None:
    # Kara (AP 12, Multi-ataque) against a Goblin given Mordisco by the GM.
    # Kara's Piña: 2 + 1+1+1 = 5 vs 11 + 2: miss; she ends her opportunity (RH-10).
    # The Goblin's Mordisco (default attack: its only one): 1 + 5+5+5 = 16 > 10 + 1;
    # damage 1d = 4.
    async with rh_table(tmp_path, [1, 1, 1, 5, 5, 5, 4], cast=False) as table:
        await must(table, f'@gm /hex define text:"{MORDISCO}"')
        await must(
            table,
            f'@gm /combatant add name:Kara side:heroes controller:@ana statblock:"{block(KARA)}"',
        )
        await must(table, f'@gm /combatant add name:Goblin statblock:"{block(GOBLIN)}"')
        await must(table, "@gm /hex grant combatant:Goblin action:Mordisco")
        assert [a.name for a in (await combatant(table, "Goblin")).actions] == ["Mordisco"]

        out = reply(await must(table, "@gm /next"))  # no round yet: /next starts it
        assert "Ronda 1." in out.text() and await acting(table) == ["Kara"]
        await must(table, "@ana /attack target:Goblin")
        out = reply(await must(table, "@gm /react pass actor:Goblin"))
        assert "Multi-ataque: Kara puede atacar 1 vez más" in out.text()
        assert "Kara: terminar" in labels(out)
        await must(table, "@ana /act action:terminar")
        assert (await state(table)).multi_attack is None
        assert await acting(table) == ["Goblin"]

        out = reply(await must(table, "@gm /attack target:Kara"))
        assert "Goblin usa Mordisco (daño 1d) contra Kara (costo 4, nivel AP 5)." in out.text()
        # Kara (7 > 5) may react; she has no reaction and passes.
        assert "Pueden reaccionar a Mordisco de Goblin: Kara." in out.text()
        await must(table, "@ana /react pass")
        kara = await combatant(table, "Kara")
        assert kara.damage == 4


async def test_a_saved_character_joins_as_the_players_hero(tmp_path: Path) -> None:
    async with rh_table(tmp_path, [], cast=False) as table:
        await must(table, f'@gm /combatant add name:Goblin statblock:"{block(GOBLIN)}"')
        saved = await table.run(
            f'@ana /character save name:Kara system:ritualhex statblock:"{block(KARA)}"'
        )
        assert saved[0].ephemeral and "Kara" in saved[0].content
        await must(table, "@ana /join character:Kara")
        kara = await combatant(table, "Kara")
        assert kara.side == "hero" and kara.controller_id == table.user("ana").id
        assert kara.advantages == {"multiataque": 1}


async def test_next_tells_whose_opportunity_and_who_reacts(tmp_path: Path) -> None:
    async with rh_table(tmp_path, []) as table:
        out = reply(await must(table, "@bea /next"))
        assert "Ronda 1 · aguja 11." in out.text()
        assert "Tiene la oportunidad: Red Haggar." in out.text()
        await must(table, "@ana /attack target:Goblin")
        out = reply(await must(table, "@bea /next"))
        assert "Pueden reaccionar: Goblin, Thrall; decide ahora: Goblin." in out.text()
        assert labels(out)[:2] == ["Goblin: Bloqueo", "Goblin: no reacciona"]


async def test_mistakes_are_explained(tmp_path: Path) -> None:
    async with rh_table(tmp_path, []) as table:
        assert await refused(table, "@ana /attack target:Nadie") == (
            "No hay ningún combatiente «Nadie». Elige uno de la lista que ofrece la opción, o míralos todos con `/encuentro mostrar`."
        )
        assert await refused(table, "@ana /attack target:Goblin called:cola") == (
            "Goblin no tiene «cola». Miembros: mano1, mano2, pies. P. ej. «mano»."
        )
        assert await refused(table, "@ana /attack target:Goblin called:mano") == (
            "Goblin tiene varios «mano»: mano1, mano2. ¿Cuál? Nómbralo con `miembro:`."
        )
        assert await refused(table, "@ana /attack target:Goblin weapon:Curar") == (
            "Curar no es un ataque: úsala con /actuar."
        )
        assert await refused(table, "@ana /act action:equipar") == (
            "¿Qué quieres equipar? Escribe el objeto después: «equipar Escudo». (`/actuar acción:`)"
        )
        assert await refused(table, "@ana /act action:Esperar target:Goblin") == (
            "Esperar no usa la opción «objetivo». Quítala; `/ayuda orden:actuar` muestra las opciones."
        )
        assert (await refused(table, "@ana /act action:Bailar target:Goblin")).startswith(
            "Red Haggar no tiene la acción «Bailar». Acciones: Piña, Patada, Curar"
        )


async def test_stow_and_equip_pay_half_and_full_cost(tmp_path: Path) -> None:
    # Piña: 2 + 1+1+1 = 5 vs 11 + 2: miss. Then the Goblin's opportunity (needle 8).
    async with rh_table(tmp_path, [1, 1, 1]) as table:
        await must(table, "@ana /attack target:Goblin")
        await must(table, "@gm press Nadie reacciona")
        out = reply(await must(table, '@gm /act action:"guardar Escudo"'))
        assert "Goblin guarda Escudo (costo 1, nivel AP 8)." in out.text()  # ceil(2 / 2)
        goblin = await combatant(table, "Goblin")
        assert goblin.equipment[0].worn_on == [] and goblin.stat("def") == 1
        # Needle 7: the Goblin (8, AP 9) before the Thrall (8, AP 8).
        assert (await state(table)).needle == 7 and await acting(table) == ["Goblin"]
        out = reply(await must(table, '@gm /act action:"equipar Escudo" limb:mano2'))
        assert "Goblin equipa Escudo (costo 2, nivel AP 6)." in out.text()
        goblin = await combatant(table, "Goblin")
        assert goblin.equipment[0].worn_on == ["mano2"] and goblin.stat("def") == 2


async def test_the_board_button_starts_the_round(tmp_path: Path) -> None:
    async with rh_table(tmp_path, [], start=False) as table:
        assert await refused(table, "@ana press Empezar la ronda") == (
            "Solo el Señor Oscuro (el DJ) puede hacer eso. Pídeselo al DJ, o a alguien con Gestionar servidor (`/servidor rol-dj` nombra un rol de DJ)."
        )
        await must(table, "@gm press Empezar la ronda")
        s = await state(table)
        assert s.phase == "round" and s.needle == 11 and await acting(table) == ["Red Haggar"]


async def test_a_multi_attack_follow_up_uses_another_hand(tmp_path: Path) -> None:
    # RH-10 reading: Kara's Piña (mano1 first free hand) misses: 2 + 1+1+1 vs 13; the
    # follow-up with mano2 pays 5 more (12 - 5 - 5 = 2), its hand takes 5 waiting points
    # and the difficulty rises by 1: 2 + 5+5+5 = 17 > 11 + 1 + 2; damage 1d-2|1: 5 - 2.
    async with rh_table(tmp_path, [1, 1, 1, 5, 5, 5, 5], cast=False) as table:
        await must(
            table,
            f'@gm /combatant add name:Kara side:heroes controller:@ana statblock:"{block(KARA)}"',
        )
        await must(table, f'@gm /combatant add name:Goblin statblock:"{block(GOBLIN)}"')
        await must(table, "@gm /hex round")
        await must(table, "@ana /attack target:Goblin")
        await must(table, "@gm /react pass")
        assert await refused(table, "@ana /attack target:Goblin limb:mano1") == (
            "Kara no puede usar mano1 para Piña. Usa otro (`miembro:`)."
        )
        await must(table, "@ana /attack target:Goblin limb:mano2")
        kara = await combatant(table, "Kara")
        assert kara.ap_level == 2 and kara.part("mano2").waiting == 5  # type: ignore[union-attr]
        out = reply(await must(table, "@gm /react pass"))
        assert "Kara, Piña: 17 contra 14: ¡éxito!" in out.text()
        assert (await combatant(table, "Goblin")).damage == 3
