"""/character save without a stat block opens a form (a modal); its submit is routed by the
form's custom_id, so a form left open while the bot restarts still saves (issue 15 item 6)."""

from __future__ import annotations

from pathlib import Path

from bot.play.table import OfflineTable
from bot.render import limits as L

SHEET = "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6"
NAME = "Doña Remedios de la Orden del Grial Negro y Guardiana del Paso Helado de Montes"


async def test_the_form_saves_the_character(table: OfflineTable) -> None:
    [form] = await table.run(f'@ana /character save name:"{NAME}" system:swade')
    assert form.kind == "modal"
    assert len(form.data["title"]) <= L.MODAL_TITLE and len(form.data["custom_id"]) <= 100
    [saved] = await table.run(f'@ana submit statblock:"{SHEET}"')
    assert saved.ephemeral and NAME in saved.content
    [listed] = await table.run("@ana /character list")
    assert NAME in listed.text()


async def test_a_form_open_across_a_restart_still_saves(tmp_path: Path) -> None:
    db = tmp_path / "restart.sqlite3"
    async with OfflineTable(db_path=db) as before:
        [form] = await before.run(f'@ana /character save name:"{NAME}" system:swade')
    async with OfflineTable(db_path=db) as after:  # a new process: nothing in memory
        after.user("ana")
        after.recorder.sent.append(form)  # the form is still open in Ana's client
        [saved] = await after.run(f'@ana submit statblock:"{SHEET}"')
        assert saved.ephemeral and NAME in saved.content
        [shown] = await after.run(f'@ana /character show name:"{NAME}"')
        assert "Agilidad d8" in shown.text()


async def test_a_bad_stat_block_in_the_form_is_refused_privately(table: OfflineTable) -> None:
    await table.run("@ana /character save name:Zed system:swade")
    [refused] = await table.run('@ana submit statblock:"nada de nada"')
    assert refused.ephemeral and "Atributos" in refused.content
    [listed] = await table.run("@ana /character list")
    assert "Zed" not in listed.text()
