"""Issue 29: counts and genders by the catalogue's rules, as the table reads them. Brenna
(``Género: f``) is "Rápida" when she draws and "Testaruda" and "Curiosa" on her card; a
character healing itself "se atiende sus propias heridas"; one wound is "1 herida".

Forced dice, strict: every die a test forces is rolled."""

from __future__ import annotations

from pathlib import Path

from bot.play.table import OfflineTable
from tests.table.swade.test_combat_setup import all_dice_used, force, must
from tests.table.swade.test_powers_cast import power_table

BRENNA = (
    "Brenna (WC)\\nGénero: f\\nAtributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6,"
    " Vigor d6\\nHabilidades: Atletismo d6, Pelear d8, Sanar d6\\nParada: 6; Dureza: 5\\n"
    "Ventajas: Temple, Rápida\\nDesventajas: Testaruda, Curiosa"
)


async def _brenna(tmp_path: Path, lang: str, sheet: str = BRENNA) -> list[str]:
    """Brenna joins from her saved sheet and the GM deals: her card, the deal."""
    async with OfflineTable(db_path=tmp_path / f"{lang}.sqlite3", seed=5, locale=lang) as table:
        await must(table, "@gm /encounter start")
        [saved] = await table.run(f'@ana /character save name:Brenna statblock:"{sheet}"')
        assert "Brenna" in saved.text(), saved.text()
        joined = await must(table, "@ana /join character:Brenna")
        dealt = await must(table, "@gm /deal")
        return ["\n".join(m.text() for m in joined), "\n".join(m.text() for m in dealt)]


async def test_her_edges_and_hindrances_agree_with_her(tmp_path: Path) -> None:
    card, dealt = await _brenna(tmp_path, "es")
    assert "Rápida" in card and "Testaruda" in card and "Curiosa" in card, card
    assert "Rápido" not in card and "Testarudo" not in card and "Curioso" not in card, card
    assert "Brenna (Temple, Rápida) roba" in dealt, dealt


async def test_without_a_gender_they_stay_masculine(tmp_path: Path) -> None:
    card, dealt = await _brenna(tmp_path, "es", BRENNA.replace("Género: f\\n", ""))
    assert "Rápido" in card and "Testarudo" in card and "Curioso" in card, card
    assert "Brenna (Temple, Rápido) roba" in dealt, dealt


async def test_english_names_do_not_change_with_her_gender(tmp_path: Path) -> None:
    card, dealt = await _brenna(tmp_path, "en")
    assert "Quick" in card and "Stubborn" in card and "Curious" in card, card
    assert "Brenna (Level Headed, Quick) draws" in dealt, dealt


async def test_a_healer_tending_itself_reads_naturally(tmp_path: Path) -> None:
    async with power_table(tmp_path) as table:
        await must(table, "@gm /act action:damage target:Fray value:9")  # 1 wound, Shaken
        await must(table, "@gm /condition remove combatant:Fray condition:shaken")
        force(table, 6, 3)  # Healing 6 (wild 3) - 1 (its wound) = 5: a success
        [reply, *_] = await must(table, "@bruno /act action:curar target:Fray actor:Fray")
        assert "Fray se atiende sus propias heridas: " in reply.text(), reply.text()
        assert "Fray atiende las heridas de Fray" not in reply.text()
        all_dice_used(table)


async def test_targeting_herself_names_her_and_the_attack_she_tried(tmp_path: Path) -> None:
    """A combatant cannot be its own target (attack, wild attack, grapple): the refusal
    names her, agrees with her gender, and shows the command she tried with the form that
    acts with another combatant (an attack's once suggested ``/presa empezar``)."""
    said = {}
    for lang, sheet, line in (
        ("es", BRENNA, '@ana /atacar objetivo:"brenna." quien:Brenna'),
        ("es", BRENNA.replace("Género: f\\n", ""), "@ana /ataquesalvaje objetivo:Brenna"),
        ("en", BRENNA, "@ana /grapple start target:Brenna actor:Brenna"),
    ):
        async with OfflineTable(
            db_path=tmp_path / f"self-{len(said)}.sqlite3", seed=5, locale=lang
        ) as table:
            await must(table, "@gm /encounter start")
            await table.run(f'@ana /character save name:Brenna statblock:"{sheet}"')
            await must(table, "@ana /join character:Brenna")
            await must(table, "@gm /deal")
            before = await table.bot.db.fetchone("SELECT state, version FROM encounters")
            [reply] = await table.run(line)
            assert reply.ephemeral, reply.text()
            assert tuple(await table.bot.db.fetchone("SELECT state, version FROM encounters")) == (
                tuple(before)
            )
            said[line] = reply.text()
    her, him, english = said.values()
    assert her.startswith("Brenna no puede elegirse a sí misma como objetivo."), her
    assert '`quien:` junto al objetivo (`/atacar objetivo:"Brenna" quien:`)' in her, her
    assert '(`/ataquesalvaje objetivo:"Brenna" quien:`)' in him, him
    assert him.startswith("Brenna no puede elegirse a sí mismo como objetivo."), him
    assert english.startswith("Brenna cannot target herself."), english
    assert '`actor:` beside the target (`/grapple start target:"Brenna" actor:`)' in english
    assert all("presa" not in text for text in (her, him)), (her, him)
