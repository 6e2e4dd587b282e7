"""Answers typed as people type them at a Ritual Hex table, in both languages: the GM's
``/react with`` names a reaction, not a combatant, so it is the one of the GM's
combatants that has it (RH-8: it still waits for whoever decides first); an English
refusal's example is an English command that works.

Cast: Jade Mistress (@bea, AP 12) holds the opportunity at needle 11; Red Haggar (@ana,
AP 11) decides before the Goblin (AP 10, a shield with Bloqueo) in RH-6 order."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ritualhex.helpers import (
    acting,
    add_line,
    awaiting,
    combatant,
    levels,
    must,
    refused,
    reply,
    rh_table,
)

JADE = "nombre: Jade Mistress\nAP 12, HP 8, Str 0, Def 1, Per 1, Mag 3, DR 0\ngénero: f"
HAGGAR = "nombre: Red Haggar\nAP 11, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0"
GOBLIN = (
    "nombre: Goblin\nAP 10, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0\n"
    "partes: cabeza, torso\nmiembros: mano x2, pies\n"
    "equipo: Escudo; partes: mano; costo: 2; mod: Def+1; acciones: Bloqueo"
)
CAST = [
    ("Jade Mistress", JADE, "heroes", "@bea"),
    ("Red Haggar", HAGGAR, "heroes", "@ana"),
    ("Goblin", GOBLIN, "foes", None),
]

WAIT_FOR_HAGGAR = {
    "es": "Goblin debe esperar: antes decide Red Haggar. Antes Red Haggar reacciona "
    "(`/reaccionar con`) o pasa (`/reaccionar pasar`).",
    "en": "Goblin must wait: Red Haggar decides first. Red Haggar reacts (`/react with`) "
    "or passes (`/react pass`) first.",
}
BLOCKED = {
    "es": "Goblin reacciona a Piña de Jade Mistress con Bloqueo",
    "en": "Goblin reacts to Jade Mistress's Punch with Block",
}


@pytest.mark.parametrize(
    ("lang", "block"), [("es", "Bloqueo"), ("en", "Block"), ("es", "bloqueo."), ("en", "block")]
)
async def test_the_gms_reaction_is_the_minions_that_has_it(
    tmp_path: Path, lang: str, block: str
) -> None:
    """It was Red Haggar's, who decides first: "Red Haggar has no action “Bloqueo”"."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        for name, sheet, side, controller in CAST:
            await must(table, add_line(name, sheet, side, controller))
        await must(table, "@gm /hex round")
        await must(table, "@bea /attack target:Goblin weapon:Punch")
        assert await awaiting(table) == ["Red Haggar", "Goblin"]
        said = await refused(table, f'@gm /react with reaction:"{block}"')
        assert said == WAIT_FOR_HAGGAR[lang]
        await must(table, "@ana /react pass")
        messages = await must(table, f'@gm /react with reaction:"{block}"')
        assert BLOCKED[lang] in reply(messages).text()
        assert (await levels(table))["Goblin"] == 7  # Bloqueo costs 3 (RH-11 example)


UNKNOWN = {
    "es": "Red Haggar no tiene la acción «Volar». Acciones: Piña, Patada, Curar. "
    "P. ej. `/actuar acción:Esperar`.",
    "en": "Red Haggar has no action “Volar”. Actions: Punch, Kick, Heal. E.g. `/act action:Wait`.",
}
WAITED = {"es": "Red Haggar espera", "en": "Red Haggar waits"}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_an_unknown_action_gives_an_example_in_the_sessions_language(
    tmp_path: Path, lang: str
) -> None:
    """The English example was `/act action:Esperar`, a Spanish word in an English
    session; the example it gives is then typed as given and works (RH-7's Wait)."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        for name, sheet, side, controller in CAST:
            await must(table, add_line(name, sheet, side, controller))
        await must(table, "@gm /hex round")
        await must(table, "@bea /act action:Prepare")  # Jade 11, prep 1: Red Haggar's turn
        await must(table, "@bea /act action:Wait")
        said = await refused(table, "@ana /act action:Volar")
        assert said == UNKNOWN[lang]
        example = said.split("`")[-2]
        messages = await must(table, f"@ana {example}")
        assert WAITED[lang] in reply(messages).text()


DAGGER_HERO = (
    "nombre: Lía\nAP 12, HP 8, Str 1, Def 1, Per 1, Mag 2, DR 0\ngénero: f\n"
    "equipo: Daga; partes: mano; costo: 1; acciones: Puñalada\n"
    "acción: Puñalada; tipo: ataque; costo: 3; miembros: mano equipada; objetivo: 1; "
    "chequeo: <Str>[9]<Def>; efecto: daño 1d|1"
)
STOWED = {
    "es": "Lía guarda Daga (costo 1, nivel AP 11)",
    "en": "Lía stows Daga (cost 1, AP level 11)",
}


@pytest.mark.parametrize(
    ("lang", "typed"),
    [
        ("es", "guardar daga."),
        ("en", "stow daga."),
        ("es", "guardar «Daga»"),
        ("en", 'stow "Daga"!'),
    ],
)
async def test_an_item_is_found_without_its_trailing_punctuation(
    tmp_path: Path, lang: str, typed: str
) -> None:
    """RH-9 stowing costs half the equip cost, rounded up (RH-1): 1. "guardar daga." was
    refused as "Lía no tiene daga. a mano para eso", the dagger in her hand."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        await must(table, add_line("Lía", DAGGER_HERO, "heroes", "@bea"))
        await must(table, add_line("Goblin", GOBLIN, "foes", None))
        await must(table, "@gm /hex round")
        typed = typed.replace('"', '\\"')
        messages = await must(table, f'@bea /act action:"{typed}"')
        assert STOWED[lang] in reply(messages).text()
        lia = await combatant(table, "Lía")
        assert [(i.name, i.worn_on) for i in lia.equipment] == [("Daga", [])]


OUT_OF_TURN = {
    "es": "No es la oportunidad de Red Haggar; ahora actúa: Jade Mistress. Actúa con uno de "
    "ellos (`quien:`), o espera a que actúen: el bot avisa a quien tenga la siguiente "
    "oportunidad (`/siguiente` dice de quién es ahora).",
    "en": "It is not Red Haggar's opportunity; acting now: Jade Mistress. Act as one of them "
    "(`actor:`), or wait until they have acted: the bot then calls whoever holds the next "
    "opportunity (`/next` says who holds it now).",
}
NOTHING_TO_END = {
    "es": "No hay ningún multi-ataque que terminar: una oportunidad termina al hacer su "
    "acción (`/actuar acción:Esperar` es la más barata, 1 AP). `/siguiente` dice de quién "
    "es la oportunidad.",
    "en": "There is no multi-attack to end: an opportunity ends when its action is taken "
    "(`/act action:Wait` takes the cheapest, 1 AP). `/next` says whose opportunity it is.",
}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_out_of_turn_the_refusal_does_not_promise_next_ends_the_opportunity(
    tmp_path: Path, lang: str
) -> None:
    """It said "`/next` ends the opportunity"; `/next` only says whose it is (README), so
    the player who tries it, or the GM, still sees Jade Mistress holding it."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        for name, sheet, side, controller in CAST:
            await must(table, add_line(name, sheet, side, controller))
        await must(table, "@gm /hex round")
        assert await refused(table, "@ana /attack target:Goblin") == OUT_OF_TURN[lang]
        for who in ("@ana", "@gm"):
            await table.run(f"{who} /next")
            assert await acting(table) == ["Jade Mistress"]
        assert await refused(table, "@bea /act action:end") == NOTHING_TO_END[lang]


BRUNO = "nombre: Bruno\nAP 12, HP 10, Str 2, Def 0, Per 0, Mag 0, DR 1\ngénero: m"
LIA = DAGGER_HERO.replace("AP 12", "AP 6")
CONSENT = {
    "es": "Lía no es tuya: tomar su Daga necesita el permiso de su jugador. Si está de "
    "acuerdo, el DJ hace la entrega: "
    '`/actuar acción:"tomar Daga" objetivo:"Lía" quien:"Bruno"`.',
    "en": "Lía is not yours: taking her Daga needs her player's consent. When they agree, "
    'the GM makes the hand-over: `/act action:"take Daga" target:"Lía" actor:"Bruno"`.',
}
TAKEN = {
    "es": "Bruno toma Daga de un aliado (costo 1, nivel AP 11)",
    "en": "Bruno takes Daga from an ally (cost 1, AP level 11)",
}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_taking_another_players_item_says_who_agrees_and_how(
    tmp_path: Path, lang: str
) -> None:
    """RH-9: an item is taken from a *willing* ally. It said "You don't control Lía ...
    have the GM give it to you with `/combatant edit controller:`": handing the hero
    over for a dagger. The example it gives, typed by the GM, hands the Daga over."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        await must(table, add_line("Bruno", BRUNO, "heroes", "@ana"))
        await must(table, add_line("Lía", LIA, "heroes", "@bea"))
        await must(table, add_line("Goblin", GOBLIN, "foes", None))
        await must(table, "@gm /hex round")
        verb = "tomar" if lang == "es" else "take"
        said = await refused(table, f'@ana /act action:"{verb} Daga" target:Lia')
        assert said == CONSENT[lang]
        example = said.split("`")[-2].replace('"', '\\"')
        command, _, rest = example.partition(" ")
        line = "@gm " + command + " " + rest.replace('\\"', '"')
        messages = await must(table, line)
        assert TAKEN[lang] in reply(messages).text()
        assert [i.name for i in (await combatant(table, "Bruno")).equipment] == ["Daga"]


GM_NAMES_THE_HERO = {
    "es": "Quienes responden ahora son héroes de jugadores (",
    "en": "Those who answer now are players' heroes (",
}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_gm_answers_for_a_players_hero_only_naming_it(tmp_path: Path, lang: str) -> None:
    """Issue 17 as ``acting`` has it: the GM's ``/react pass`` answers for the GM's own
    (the Goblin); with only players' heroes left it passed for the first of them, unsaid.
    It is refused until the GM names one, and then it answers for the one named."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        for name, sheet, side, controller in CAST:
            await must(table, add_line(name, sheet, side, controller))
        brute = HAGGAR.replace("Red Haggar", "Brute").replace("AP 11", "AP 13")
        await must(table, add_line("Brute", brute, "heroes", None))  # nobody's: the GM's
        await must(table, "@gm /hex round")
        assert await acting(table) == ["Brute"]
        await must(table, '@gm /attack target:"Jade Mistress" weapon:Punch')
        waiting = await awaiting(table)
        assert waiting[-1] == "Goblin" and set(waiting[:-1]) == {"Jade Mistress", "Red Haggar"}
        await must(table, "@gm /react pass")  # the GM's Goblin, not a player's hero
        heroes = await awaiting(table)
        assert heroes == waiting[:-1]
        said = await refused(table, "@gm /react pass")
        assert said.startswith(GM_NAMES_THE_HERO[lang]), said
        assert await awaiting(table) == heroes
        actor = "quien" if lang == "es" else "actor"
        await must(table, f'@gm /react pass {actor}:"{heroes[0]}"')
        assert await awaiting(table) == heroes[1:]


@pytest.mark.parametrize(("lang", "said"), [("es", "Acciones: —."), ("en", "Actions: —.")])
async def test_a_minion_without_actions_is_told_so(tmp_path: Path, lang: str, said: str) -> None:
    """The list of its actions was empty: "Actions: ."."""
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        for name, sheet, side, controller in CAST:
            await must(table, add_line(name, sheet, side, controller))
        rat = HAGGAR.replace("Red Haggar", "Rat").replace("AP 11", "AP 13")
        await must(table, add_line("Rat", rat, "foes", None))
        await must(table, "@gm /hex round")
        text = await refused(table, '@gm /attack target:"Jade Mistress" weapon:Punch')
        assert said in text and ": ." not in text, text
