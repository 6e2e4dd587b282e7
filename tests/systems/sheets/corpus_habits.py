"""Issue 31: the shapes players paste from their tools and books, written for these
tests (the characters, numbers and wording are the project's own): savaged.us's rank
and race line, its Markdown and BBCode exports with British spellings and its footer
glued to the last power, hindrances with their severity, every bullet style in Special
Abilities, "A or B" weapon lists, names that start with a digit or a point, a block whose
name starts with the name given, description lines; and Ritual Hex and Dread S-20 sheets
broken by a PDF between a trait and its value. Each is read as printed, flattened to one
line and PDF-wrapped (``tests/systems/sheets/forms.py``)."""

from __future__ import annotations

from tests.systems.sheets.corpus_other import DSCase, RHCase
from tests.systems.sheets.corpus_swade import SwadeCase

HABIT_SWADE: list[SwadeCase] = [
    SwadeCase(
        id="en-savaged-rank-race",
        text="""\
Jory Vance
Seasoned Male Human, Caravan Guard
Attributes: Agility d8, Smarts d6, Spirit d6, Strength d8, Vigor d8
Skills: Athletics d6, Fighting d8, Intimidation d6, Notice d8, Riding d6, Shooting d8
Pace: 6; Parry: 6; Toughness: 8 (2)
Hindrances: Vengeful (Major), Greedy (Minor), Loyal (Minor)
Edges: Alertness, Brawny
Weapons: Short sword (Str+d6), .45 pistol (Range 12/24/48, Damage 2d6+1, AP 1, RoF 1)
Armor: Leather jacket (+2)
Starting Bennies: 3""",
        name="Jory Vance",
        attrs="d8 d6 d6 d8 d8",
        skills="athletics d6, fighting d8, intimidation d6, notice d8, riding d6, shooting d8",
        parry=6,
        toughness=8,
        armor=2,
        edges=("alertness", "brawny"),
        hindrances=("vengeful", "greedy", "loyal"),
        severity=(("vengeful", "major"), ("greedy", "minor"), ("loyal", "minor")),
        weapons=(
            ("Short sword", "Str+d6", 0, "", 1, 0),
            (".45 pistol", "2d6+1", 1, "12/24/48", 1, 0),
        ),
        gear=("Leather jacket (+2)",),
        bennies=3,
        note="Seasoned Male Human, Caravan Guard",
    ),
    SwadeCase(
        id="en-savaged-markdown-footer",
        text="""\
# Sister Maelis
*Veteran Female Half-Elf, Wandering Healer*
**Attributes**: Agility d6, Smarts d8, Spirit d10, Strength d6, Vigour d6
**Skills**: Athletics d4, Faith d10, Healing d8, Notice d6, Persuasion d8
**Pace**: 6; **Parry**: 4; **Toughness**: 6 (1)
**Hindrances**: Pacifist (Minor), Vow (Major)
**Edges**: Arcane Background (Miracles), Healer
**Armor**: Padded robe (+1)
**Arcane Background**: Miracles (SWADE)
**Power Points**: 15
**Powers**: Healing (3 PP), Relief (1 PP), Sanctuary (2 PP)Created with Savaged.us""",
        name="Sister Maelis",
        attrs="d6 d8 d10 d6 d6",
        skills="athletics d4, faith d10, healing d8, notice d6, persuasion d8",
        parry=4,
        toughness=6,
        armor=1,
        edges=("arcane_background", "healer"),
        hindrances=("pacifist", "vow"),
        severity=(("pacifist", "minor"), ("vow", "major")),
        powers=(("Healing", 3), ("Relief", 1), ("Sanctuary", 2)),
        pp=15,
        ab="miracles",
        arcane_skill="faith",
        gear=("Padded robe (+1)",),
        note="Veteran Female Half-Elf, Wandering Healer",
    ),
    SwadeCase(
        id="en-savaged-bbcode-british",
        text="""\
[SIZE=22px]Captain Edric Hale[/SIZE]
[I]Novice Male Human, Marine Officer[/I]
[B]Attributes[/B]: Agility d6, Smarts d8, Spirit d8, Strength d6, Vigour d8
[B]Skills[/B]: Battle d8, Fighting d6, Notice d6, Shooting d8, Swimming d6
[B]Pace[/B]: 6; [B]Parry[/B]: 5; [B]Toughness[/B]: 8 (2)
[B]Hindrances[/B]: Code of Honour (Major), Cautious (Minor)
[B]Edges[/B]: Command, Level Headed
[B]Armour[/B]: Breastplate (+2)
[B]Weapons[/B]: Sabre (Str+d6), Flintlock pistol (Range 5/10/20, Damage 2d6+1, AP 1, RoF 1)""",
        name="Captain Edric Hale",
        attrs="d6 d8 d8 d6 d8",
        skills="battle d8, fighting d6, notice d6, shooting d8, swimming d6",
        parry=5,
        toughness=8,
        armor=2,
        edges=("command", "level_headed"),
        hindrances=("code_of_honor", "cautious"),
        severity=(("code_of_honor", "major"), ("cautious", "minor")),
        weapons=(
            ("Sabre", "Str+d6", 0, "", 1, 0),
            ("Flintlock pistol", "2d6+1", 1, "5/10/20", 1, 0),
        ),
        gear=("Breastplate (+2)",),
        note="Novice Male Human, Marine Officer",
    ),
    SwadeCase(
        id="en-book-dash-bullets",
        text="""\
Cave Bear
Attributes: Agility d6, Smarts d6 (A), Spirit d8, Strength d12+2, Vigor d12
Skills: Athletics d8, Fighting d8, Intimidation d10, Notice d6
Pace: 8; Parry: 6; Toughness: 12 (1)
Special Abilities:
- Armor +1: Shaggy fur over thick fat.
- Bite/Claws: Str+d8.
- Hug: A raise on Fighting means the bear grapples its foe.
- Size +2: Cave bears weigh over half a ton.""",
        name="Cave Bear",
        attrs="d6 d6 d8 d12+2 d12",
        skills="athletics d8, fighting d8, intimidation d10, notice d6",
        pace=8,
        parry=6,
        toughness=12,
        armor=1,
        size=2,
        weapons=(("Bite/Claws", "Str+d8", 0, "", 1, 0),),
        abilities=("Hug",),
    ),
    SwadeCase(
        id="en-book-en-dash-bullets-british",
        text="""\
Fen Lurker
Attributes: Agility d8, Smarts d4 (A), Spirit d6, Strength d8, Vigour d8
Skills: Athletics d8, Fighting d6, Notice d8, Stealth d10
Pace: 4; Parry: 5; Toughness: 9 (2)
Special Abilities:
– Amphibious: Breathes water and swims at full Pace.
– Armour +2: Slick, scaled hide.
– Bite: Str+d6, AP 1.
– Size +1: As long as a rowing boat.""",
        name="Fen Lurker",
        attrs="d8 d4 d6 d8 d8",
        skills="athletics d8, fighting d6, notice d8, stealth d10",
        pace=4,
        parry=5,
        toughness=9,
        armor=2,
        size=1,
        weapons=(("Bite", "Str+d6", 1, "", 1, 0),),
        abilities=("Amphibious",),
    ),
    SwadeCase(
        id="es-libro-rayas-largas",
        text="""\
Lagarto de ciénaga
Atributos: Agilidad d6, Astucia d4 (A), Espíritu d6, Fuerza d10, Vigor d10
Habilidades: Atletismo d6, Notar d6, Pelear d8, Sigilo d8
Paso: 6; Parada: 6; Dureza: 10 (2)
Capacidades especiales:
— Acuático: Nada a Paso completo.
— Armadura +2: Escamas duras.
— Mordisco: Fue+d6.
— Tamaño +1: Más largo que un caballo.""",
        name="Lagarto de ciénaga",
        attrs="d6 d4 d6 d10 d10",
        skills="athletics d6, notice d6, fighting d8, stealth d8",
        parry=6,
        toughness=10,
        armor=2,
        size=1,
        weapons=(("Mordisco", "Fue+d6", 0, "", 1, 0),),
        abilities=("Acuático",),
    ),
    SwadeCase(
        id="en-book-star-bullets",
        text="""\
Giant Spider
Attributes: Agility d10, Smarts d4 (A), Spirit d6, Strength d10, Vigor d8
Skills: Athletics d10, Fighting d8, Intimidation d10, Notice d8, Stealth d10
Pace: 8; Parry: 6; Toughness: 7
Special Abilities
* Bite: Str+d4.
* Poison (-2): A bitten foe resists with Vigor at -2.
* Size +1: As wide as a cart wheel.
* Wall Walker: Walks on walls and ceilings at full Pace.""",
        name="Giant Spider",
        attrs="d10 d4 d6 d10 d8",
        skills="athletics d10, fighting d8, intimidation d10, notice d8, stealth d10",
        pace=8,
        parry=6,
        toughness=7,
        size=1,
        weapons=(("Bite", "Str+d4", 0, "", 1, 0),),
        abilities=("Poison (-2)", "Wall Walker"),
    ),
    SwadeCase(
        id="es-libro-hacha-o-lanza",
        text="""\
Sargento Brenda Ulloa (Comodín)
Experimentada Mujer Humana, Guardia de caravanas
Atributos: Agilidad d6, Astucia d6, Espíritu d8, Fuerza d8, Vigor d8
Habilidades: Atletismo d6, Disparar d6, Intimidar d8, Notar d6, Pelear d8
Paso: 6; Parada: 6; Dureza: 8 (2)
Desventajas: Vengativa (Mayor), Avariciosa (Menor)
Ventajas: Temple, Fornida
Equipo: hacha corta (FUE+d6) o lanza (FUE+d6, Alcance 1), ballesta (Distancia 15/30/60, Daño 2d6, PA 2), cota de cuero (+2)
Benis: 2""",
        name="Sargento Brenda Ulloa",
        wild=True,
        attrs="d6 d6 d8 d8 d8",
        skills="athletics d6, shooting d6, intimidation d8, notice d6, fighting d8",
        parry=6,
        toughness=8,
        armor=2,
        edges=("level_headed", "brawny"),
        hindrances=("vengeful", "greedy"),
        severity=(("vengeful", "major"), ("greedy", "minor")),
        weapons=(
            ("hacha corta", "FUE+d6", 0, "", 1, 0),
            ("lanza", "FUE+d6", 0, "", 1, 1),
            ("ballesta", "2d6", 2, "15/30/60", 1, 0),
        ),
        gear=("cota de cuero (+2)",),
        bennies=2,
        note="Experimentada Mujer Humana, Guardia de caravanas",
    ),
    SwadeCase(
        id="es-libro-descripcion",
        text="""\
Cabo Ruiz
Una veterana de mil escaramuzas, cansada y desconfiada.
Atributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d6, Vigor d8
Habilidades: Disparar d8, Notar d8, Pelear d6
Paso: 6; Parada: 5; Dureza: 6
Desventajas: Leal, Cauta (Menor)
Equipo: 9mm carabina (Distancia 12/24/48, Daño 2d6, PA 1), .38 revólver (Distancia 12/24/48, Daño 2d6), 20 balas""",
        name="Cabo Ruiz",
        given_name="Cabo Ruiz",
        attrs="d6 d6 d6 d6 d8",
        skills="shooting d8, notice d8, fighting d6",
        parry=5,
        toughness=6,
        hindrances=("loyal", "cautious"),
        severity=(("cautious", "minor"),),
        weapons=(
            ("9mm carabina", "2d6", 1, "12/24/48", 1, 0),
            (".38 revólver", "2d6", 0, "12/24/48", 1, 0),
        ),
        gear=("20 balas",),
        note="Una veterana de mil escaramuzas, cansada y desconfiada.",
    ),
    SwadeCase(
        id="en-name-is-a-prefix",
        text="""\
Orcish Brute
Attributes: Agility d6, Smarts d4, Spirit d6, Strength d10, Vigor d8
Skills: Fighting d8, Intimidation d8, Notice d4
Pace: 6; Parry: 6; Toughness: 7 (1)
Gear: Heavy club (Str+d8), hide armor (+1)""",
        name="Orc",
        given_name="Orc",
        attrs="d6 d4 d6 d10 d8",
        skills="fighting d8, intimidation d8, notice d4",
        parry=6,
        toughness=7,
        armor=1,
        weapons=(("Heavy club", "Str+d8", 0, "", 1, 0),),
        gear=("hide armor (+1)",),
        unused=("Orcish Brute",),
    ),
]

HABIT_RH: list[RHCase] = [
    RHCase(
        id="rh-es-heroina-mag-partida",
        text="""\
nombre: Lira Sauce
AP 10, HP 8, Str 0, Def 1, Per 2, Mag 3, DR 0
ventajas: Mística x2, Atención""",
        kind="hero",
        name="Lira Sauce",
        base={"ap": 10, "hp": 8, "str": 0, "def": 1, "per": 2, "mag": 3, "dr": 0},
        advantages={"mistica": 2, "atencion": 1},
        wrap_at="Mag ",
    ),
    RHCase(
        id="rh-en-minion-per-wrapped",
        text="""\
name: Bog Wight
AP 8, HP 6, Str 2, Def 1, Per 1, Mag 0, DR 1
parts: head, torso
limbs: claw x2
action: Rake; kind: attack; cost: 4; limbs: claw; target: 1; check: <Str>[9]<Def>; effect: damage 1d|1""",
        kind="minion",
        name="Bog Wight",
        base={"ap": 8, "hp": 6, "str": 2, "def": 1, "per": 1, "mag": 0, "dr": 1},
        parts=("cabeza", "torso"),  # the shipped "head" keeps its id; shown as head
        limbs=("claw1", "claw2"),
        actions=("Rake",),
        wrap_at="Per ",
    ),
]

HABIT_DS: list[DSCase] = [
    DSCase(
        id="ds-es-armas-de-fuego-partida",
        text="""\
Nombre: Tomás Ibarra
Tipo: PJ
Bando: héroes
Aptitudes: Fortaleza 11, Destreza 12, Pelea 9, Armas C.C. 8, Armas de Fuego 13, Acrobacia 10, Iniciativa 4
Heridas: 4 R, 3 HL, 3 HG
Armas: Pistola 4/9 fuego alcance 20 cargador 15 semiautomática""",
        name="Tomás Ibarra",
        is_pc=True,
        side="heroes",
        scores={
            "fortaleza": 11,
            "destreza": 12,
            "pelea": 9,
            "armas c.c.": 8,
            "armas de fuego": 13,
            "acrobacia": 10,
            "iniciativa": 4,
        },
        weapons=(("Pistola", "fuego", 4, 9, 20, 15, 15, "pistol", False),),
        defaults=("sheet.ds20.default.fatigue",),
        wrap_at="Armas de Fuego ",
    ),
    DSCase(
        id="ds-en-acrobacia-wrapped",
        text="""\
Name: Night Porter
Type: NPC
Skills: Fortaleza 12, Destreza 11, Pelea 10, Armas C.C. 9, Acrobacia 11, Iniciativa 2
Wounds: 3/2/2
Weapons: Cudgel 3/8 melee""",
        name="Night Porter",
        is_pc=False,
        side="foes",
        scores={
            "fortaleza": 12,
            "destreza": 11,
            "pelea": 10,
            "armas c.c.": 9,
            "acrobacia": 11,
            "iniciativa": 2,
        },
        capacity=(3, 2, 2),
        weapons=(("Cudgel", "cc", 3, 8, None, None, None, None, False),),
        defaults=("sheet.ds20.default.side", "sheet.ds20.default.fatigue"),
        wrap_at="Acrobacia ",
    ),
]
