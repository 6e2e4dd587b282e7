"""Spanish weapon names are masculine or feminine (la Pistola, el Subfusil, el Revólver)
and a sheet does not say which: a message about a weapon agrees with no adjective of its
own ("Subfusil queda trabada" was wrong), it says "tiene una traba", "sufre daños"."""

from __future__ import annotations

from pathlib import Path

from tests.table.ds20.helpers import ds20_table, must, reply

TIRADOR = (
    "Aptitudes: Armas de Fuego 12, Iniciativa 4 | "
    "Armas: Subfusil 3/8 fuego alcance 30 cargador 30 asalto"
)
BLANCO = "Aptitudes: Fortaleza 10, Acrobacia 8"


async def test_a_masculine_weapon_jams_without_a_feminine_adjective(tmp_path: Path) -> None:
    # DS-11: a natural 20 shooting; the disaster table rolls 1: damaged and major jam.
    async with ds20_table(tmp_path, [20, 1], fight=False) as table:
        await must(table, f'@gm /combatant add name:Tirador statblock:"{TIRADOR}"')
        await must(table, f'@gm /combatant add name:Blanco statblock:"{BLANCO}"')
        shoot = "@gm /attack target:Blanco weapon:Subfusil actor:Tirador"
        [not_auto] = await table.run(f"{shoot} flags:burst3")
        assert not_auto.ephemeral and not_auto.content == (
            "Subfusil no es un arma automática. Dispara sin ráfaga, o elige un arma "
            "automática (`arma:`)."
        )
        [not_jammed] = await table.run('@gm /act action:"desatascar Subfusil" actor:Tirador')
        assert not_jammed.ephemeral and not_jammed.content == (
            "Subfusil no tiene ninguna traba: se puede disparar (`/atacar`)."
        )
        shot = await must(table, shoot)
        text = reply(shot).text()
        assert (
            "Traba mayor (1): Subfusil se encasquilla; hay que desmontar el arma "
            "(5 acciones exitosas)." in text
        )
        assert "Traba mecánica: Subfusil sufre daños." in text
        board = [m for m in shot if m.kind == "channel_edit"][-1].text()
        assert "Subfusil con daños" in board
        [jammed] = await table.run(shoot)
        assert jammed.ephemeral and jammed.content == (
            "Subfusil de Tirador tiene una traba. Quítala primero: `/actuar acción:desatascar`."
        )
        for said in (text, board, not_auto.content, not_jammed.content, jammed.content):
            assert "trabada" not in said and "dañada" not in said
