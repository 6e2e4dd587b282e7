"""Issue 16 through the offline table (the real command tree, a real SQLite file): the
sheet card after save, add, edit and join and on /character show, in Spanish and English;
the form /combatant add opens without a stat block; nothing pasted is dropped silently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.render.limits import within_limits
from bot.systems.swade.state import SwadeState, Trait

# A Wild Card with edges, weapons, armour and powers, pasted as one line.
VIRA_ES = (
    "Vira la Roja (Comodín) Atributos: Agilidad d8, Astucia d10, Espíritu d8, Fuerza d6,"
    " Vigor d6 Habilidades: Atletismo d6, Hechicería d10, Notar d8, Pelear d8, Disparar d6"
    " Paso: 6; Parada: 6; Dureza: 7 (2) Desventajas: Curiosa Ventajas: Trasfondo arcano"
    " (Magia), Rápida, Temple Poderes: descarga (1 PP), curación (3 PP), protección (1 PP)"
    " Puntos de poder: 15 Equipo: Espada corta (Fue+d6), Arco (Distancia 12/24/48, Daño 2d6,"
    " PA 1), cota ligera (+2), cuerda. Notas: odia a los trasgos"
)
VIRA_EN = (
    "Vira the Red (WC) Attributes: Agility d8, Smarts d10, Spirit d8, Strength d6, Vigor d6"
    " Skills: Athletics d6, Spellcasting d10, Notice d8, Fighting d8, Shooting d6 Pace: 6;"
    " Parry: 6; Toughness: 7 (2) Hindrances: Curious Edges: Arcane Background (Magic), Quick,"
    " Level Headed Powers: bolt (1 PP), healing (3 PP), protection (1 PP) Power Points: 15"
    " Gear: Short sword (Str+d6), Bow (Range 12/24/48, Damage 2d6, AP 1), light mail (+2),"
    " rope. Notes: hates goblins"
)


def fields(message: SentMessage) -> dict[str, str]:
    [embed] = message.embeds
    assert within_limits(embed)
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


def card_of(messages: list[SentMessage]) -> dict[str, Any]:
    cards = [
        m
        for m in messages
        if m.embeds
        and (m.embeds[0].get("footer") or {})
        .get("text", "")
        .startswith(("This is what the bot understood.", "Así lo ha entendido el bot."))
    ]
    assert cards, [m.text() for m in messages]
    return cards[-1].embeds[0]


async def swade_state(table: OfflineTable) -> SwadeState:
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and isinstance(encounter.state, SwadeState)
    return encounter.state


async def test_saving_a_one_line_wild_card_shows_its_card_in_spanish(table: OfflineTable) -> None:
    [reply] = await table.run(f'@ana /character save name:"Vira la Roja" statblock:"{VIRA_ES}"')
    assert reply.ephemeral and "guardado" in reply.content
    card = fields(reply)
    embed = reply.embeds[0]
    assert embed["title"] == "Vira la Roja · Comodín · Savage Worlds"
    assert "Hechicería d10" in embed["description"]
    assert "Parada 6 · Dureza 7 (2 de armadura)" in embed["description"]
    assert card["Armas"] == (
        "**Espada corta**: Fue+d6\n**Arco**: 2d6 · PA 1 · Distancia 12/24/48 · CdF 1"
    )
    assert "**Rápido**: cambia las cartas de 5 o menos" in card["Ventajas"]
    assert "**Temple**: roba 2 cartas de acción y se queda la mejor" in card["Ventajas"]
    assert card["Poderes"] == (
        "Trasfondo arcano: Magia\nHabilidad arcana: Hechicería d10\nPuntos de poder: 15/15\n"
        "descarga (1 PP), curación (3 PP), protección (1 PP)"
    )
    assert card["Desventajas"] == "Guardadas (el bot no las aplica): Curioso"
    assert card["Equipo"] == "cota ligera (+2), cuerda"
    assert "📝 odia a los trasgos" in embed["description"]  # issue 31: used, as the note
    assert not any(name.startswith("⚠") for name in card)


async def test_saving_a_one_line_wild_card_shows_its_card_in_english(
    table_en: OfflineTable,
) -> None:
    [reply] = await table_en.run(f'@ana /character save name:"Vira the Red" statblock:"{VIRA_EN}"')
    assert reply.ephemeral and "saved" in reply.content
    card = fields(reply)
    assert reply.embeds[0]["title"] == "Vira the Red · Wild Card · Savage Worlds"
    assert "Parry 6 · Toughness 7 (2 armour)" in reply.embeds[0]["description"]
    assert card["Weapons"] == (
        "**Short sword**: Str+d6\n**Bow**: 2d6 · AP 1 · Range 12/24/48 · RoF 1"
    )
    assert "**Quick**: redraws cards of 5 or lower" in card["Edges"]
    assert card["Powers"].startswith("Arcane Background: Magic\nArcane skill: Spellcasting d10")
    assert "Power Points: 15/15" in card["Powers"]
    assert "📝 hates goblins" in reply.embeds[0]["description"]
    assert not any(name.startswith("⚠") for name in card)


async def test_show_reads_the_saved_text_again_into_the_card(table_en: OfflineTable) -> None:
    await table_en.run(f'@ana /character save name:"Vira the Red" statblock:"{VIRA_EN}"')
    [shown] = await table_en.run('@ana /character show name:"Vira the Red"')
    assert (
        shown.ephemeral and shown.embeds[0]["title"] == "Vira the Red · Wild Card · Savage Worlds"
    )
    assert "📝 hates goblins" in shown.embeds[0]["description"]


async def test_add_without_a_block_opens_the_form_and_a_quick_extra_names_its_defaults(
    table: OfflineTable,
) -> None:
    """Was: two blank combatants (Parry 2, Toughness 4, d4 everything) without a word."""
    await table.run("@gm /encounter start name:Cripta")
    [form] = await table.run("@gm /combatant add name:Bandido count:2")
    assert form.kind == "modal" and form.data["title"] == "Ficha de Bandido"
    assert (await swade_state(table)).combatants == []
    messages = await table.run(
        '@gm submit statblock:"Bandido: Pelear d6, Parada 5, Dureza 5, espada Fue+d6"'
    )
    card = card_of(messages)
    assert card["title"] == "Bandido ×2 · Savage Worlds"
    values = {f["name"]: f["value"] for f in card["fields"]}
    assert values["⚠ Puesto por el bot"] == (
        "Atributos no dados: d4 (Agilidad, Astucia, Espíritu, Fuerza, Vigor)\nPaso 6 (no se indica)"
    )
    state = await swade_state(table)
    assert [c.name for c in state.combatants] == ["Bandido 1", "Bandido 2"]
    assert all(c.skills == {"fighting": Trait(die=6)} for c in state.combatants)
    assert {(c.parry, c.toughness) for c in state.combatants} == {(5, 5)}
    assert {w.damage for c in state.combatants for w in c.weapons} == {"Fue+d6"}


async def test_the_form_speaks_english_and_refuses_text_it_cannot_read(
    table_en: OfflineTable,
) -> None:
    await table_en.run("@gm /encounter start name:Crypt")
    [form] = await table_en.run("@gm /combatant add name:Ghoul")
    assert form.data["title"] == "Ghoul's sheet"
    [refused] = await table_en.run('@gm submit statblock:"just a ghoul"')
    assert refused.ephemeral and "quick Extra on one line" in refused.content
    assert (await swade_state(table_en)).combatants == []


async def test_unknown_lines_reach_the_card_not_the_void(table: OfflineTable) -> None:
    """No input reaches a combatant with a silently dropped line."""
    await table.run("@gm /encounter start name:Cripta")
    block = (
        "Orco\\nUn orco viejo y tuerto.\\nAtributos: Agilidad d6, Astucia d4, Espíritu d6,"
        " Fuerza d8, Vigor d8\\nHabilidades: Pelear d8, Intimidar d6 y algo más\\n"
        "Paso 6; Parada 6; Dureza 8 (2)\\nIdiomas: orco\\nBotín: 3 monedas\\n"
        "Equipo: Hacha (Fue+d8)."
    )
    messages = await table.run(f'@gm /combatant add name:Orco statblock:"{block}"')
    assert not any(m.ephemeral for m in messages)
    card = card_of(messages)
    values = {f["name"]: f["value"] for f in card["fields"]}
    assert values["⚠ Sin usar (3)"] == "«y algo más» · «Idiomas: orco» · «Botín: 3 monedas»"
    assert "📝 Un orco viejo y tuerto." in card["description"]  # issue 31: the note
    [orco] = (await swade_state(table)).combatants
    assert [(w.name, w.damage) for w in orco.weapons] == [("Hacha", "Fue+d8")]


async def test_edit_and_join_show_the_card(table: OfflineTable) -> None:
    await table.run("@gm /encounter start name:Cripta")
    await table.run(f'@ana /character save name:"Vira la Roja" statblock:"{VIRA_ES}"')
    joined = await table.run('@ana /join character:"Vira la Roja"')
    assert card_of(joined)["title"] == "Vira la Roja · Comodín · Savage Worlds"
    edited = await table.run('@gm /combatant edit combatant:"Vira la Roja" statblock:"Heridas: 1"')
    card = card_of(edited)
    assert card["title"] == "Vira la Roja · Comodín · Savage Worlds"
    assert not any(f["name"].startswith("⚠") for f in card["fields"])


async def test_ritual_hex_and_dread_s20_cards_from_flattened_sheets(table: OfflineTable) -> None:
    await table.run("@gm /encounter start system:ritualhex name:Cripta")
    added = await table.run(
        '@gm /combatant add name:Goblin side:foes statblock:"nombre: Goblin AP 9, HP 6, Str 1'
        ' partes: cabeza, torso miembros: mano x2, pies"'
    )
    card = card_of(added)
    assert card["title"] == "Goblin · Ritual Hex · esbirro"
    assert card["description"].startswith("AP 9 · HP 6 · Str 1 · Def 0")
    values = {f["name"]: f["value"] for f in card["fields"]}
    assert values["⚠ Puesto por el bot"] == "Características no dadas: 0 (Def, Per, Mag, DR)"
    await table.run("@gm /encounter end")
    await table.run("@gm /encounter start system:ds20 name:Callejón")
    added = await table.run(
        '@gm /combatant add name:Matón statblock:"Nombre: Matón Aptitudes: Pelea 10,'
        ' Armas C.C. 9 Heridas: 2/1/1 Armas: Machete 5/10 C.C."'
    )
    card = card_of(added)
    assert card["title"] == "Matón · Dread S-20 · PNJ"
    values = {f["name"]: f["value"] for f in card["fields"]}
    assert values["Armas"] == "Machete 5/10 C.C."
    assert "Heridas: 2 R · 1 HL · 1 HG" in card["description"]


async def test_a_huge_block_still_fits_and_keeps_its_warning(table: OfflineTable) -> None:
    skills = ", ".join(f"Saber ({'x' * 20}{i}) d6" for i in range(40))
    gear = ", ".join(f"Objeto {'y' * 30} {i}" for i in range(40))
    block = (
        f"Erudito Atributos: Agilidad d6, Astucia d12, Espíritu d6, Fuerza d4, Vigor d6"
        f" Habilidades: {skills} Equipo: {gear} Idiomas: {'z' * 60}"
    )
    [reply] = await table.run(f'@ana /character save name:Erudito statblock:"{block}"')
    card = fields(reply)  # within Discord's limits
    assert card["⚠ Sin usar (1)"].startswith("«Idiomas: zzz")


def test_a_card_too_big_for_one_embed_is_paged_whole_with_its_warning_last() -> None:
    """The card is fitted by the one module every reply goes through (bot.render.fit):
    pages within Discord's limits, nothing cut, the warning line whole on the last page."""
    from bot.render.fit import fit_embed
    from bot.render.sheets import Card, as_embed

    card = Card(
        title="T" * 300,
        description="d" * 5000,
        fields=[(f"F{i}", "v" * 1500) for i in range(30)],
        warnings=[("⚠ Sin usar (1)", "«" + "w" * 900 + "»"), ("⚠ Puesto por el bot", "x" * 200)],
    )
    pages = fit_embed(as_embed(card), "es")
    assert len(pages) > 1 and all(within_limits(p) for p in pages)
    values = "".join(f["value"] for p in pages for f in p.get("fields", []))
    values += "".join(p.get("description", "") for p in pages)
    assert values.count("v") == 30 * 1500 and values.count("d") >= 5000, "nothing is cut"
    assert pages[-1]["fields"][-2:] == [
        {"name": "⚠ Sin usar (1)", "value": "«" + "w" * 900 + "»", "inline": False},
        {"name": "⚠ Puesto por el bot", "value": "x" * 200, "inline": False},
    ]


async def test_the_card_shows_each_hindrances_severity_and_the_note(
    table: OfflineTable, table_en: OfflineTable
) -> None:
    """Issue 31: "Vengeful (Major)" was shown as "Vengeful", with no warning."""
    es = (
        "Brenda Ulloa\\nExperimentada Mujer Humana, Guardia de caravanas\\nAtributos: Agilidad"
        " d6, Astucia d6, Espíritu d8, Fuerza d8, Vigor d8\\nDesventajas: Vengativa (Mayor),"
        " Avariciosa (Menor)"
    )
    [reply] = await table.run(f'@ana /character save name:"Brenda Ulloa" statblock:"{es}"')
    assert fields(reply)["Desventajas"] == (
        "Guardadas (el bot no las aplica): Vengativo (Mayor), Avaricioso (Menor)"
    )
    assert "📝 Experimentada Mujer Humana, Guardia de caravanas" in reply.embeds[0]["description"]
    en = (
        "Jory Vance Seasoned Male Human, Caravan Guard Attributes: Agility d8, Smarts d6,"
        " Spirit d6, Strength d8, Vigour d8 Hindrances: Vengeful (Major), Greedy (Minor)"
    )
    [reply] = await table_en.run(f'@ana /character save name:"Jory Vance" statblock:"{en}"')
    assert fields(reply)["Hindrances"] == (
        "Kept (the bot does not apply them): Vengeful (Major), Greedy (Minor)"
    )
    assert "📝 Seasoned Male Human, Caravan Guard" in reply.embeds[0]["description"]
    assert "Vigor d8" in reply.embeds[0]["description"]


@pytest.mark.parametrize(
    ("locale", "effect", "base"),
    [
        ("es", "efecto: daño 1d-1|1", ("daño 1d-2|1", "cura 1d")),
        ("en", "effect: damage 1d-1|1", ("damage 1d-2|1", "heal 1d")),
    ],
)
async def test_ritual_hex_amounts_are_shown_as_the_sheet_writes_them(
    tmp_path: Path, locale: str, effect: str, base: tuple[str, str]
) -> None:
    """RH-3: ``1d-1|1`` on the sheet is ``1d-1|1`` on the card (not ``d-1|1``), and the
    heroes' base actions read as the rules write them (Piña ``1d-2|1``, Curar ``1d``)."""
    async with OfflineTable(db_path=tmp_path / "rh.sqlite3", locale=locale) as t:
        await t.run("@gm /encounter start system:ritualhex name:Cripta")
        added = await t.run(
            '@gm /combatant add name:Rata side:foes statblock:"AP 6, HP 4, Str 1\\n'
            "partes: cabeza\\nmiembros: patas\\nacción: Mordisco; tipo: ataque; costo: 3; "
            f'objetivo: 1; chequeo: <Str>[9]<Def>; {effect}"'
        )
        text = "\n".join(f["value"] for f in card_of(added)["fields"])
        assert effect.split(": ", 1)[1] in text and " d-1|1" not in text, text
        hero = await t.run('@gm /combatant add name:Ana side:heroes statblock:"AP 12, HP 10"')
        text = "\n".join(f["value"] for f in card_of(hero)["fields"])
        assert all(amount in text for amount in base), text
