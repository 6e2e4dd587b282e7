"""Ritual Hex and Dread S-20 sheets written for these tests in each game's sheet format
(one field a line; Dread S-20 also with ``|``), Spanish and English. The creatures and
numbers are the project's own."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class RHCase:
    id: str
    text: str
    kind: str  # "hero" or "minion"
    name: str
    base: dict[str, int]
    advantages: dict[str, int] = field(default_factory=dict)
    limbs: tuple[str, ...] = ()  # a minion's limb keys
    parts: tuple[str, ...] = ()  # a minion's other part keys
    # (name, worn_on, cost, mods, action names)
    equipment: tuple[tuple[str, tuple[str, ...], int, dict[str, int], tuple[str, ...]], ...] = ()
    actions: tuple[str, ...] = ()
    defaults: tuple[str, ...] = ()
    wrap_at: str | None = None  # issue 31: the PDF wrap goes between this trait and its value


RH_CASES: list[RHCase] = [
    RHCase(
        id="rh-es-heroina",
        text="""\
nombre: Brisa Ceniza
AP 11, HP 9, Str 1, Def 2, Per 2, Mag 1, DR 0
ventajas: Velocidad x2, Atención, Esquivar""",
        kind="hero",
        name="Brisa Ceniza",
        base={"ap": 11, "hp": 9, "str": 1, "def": 2, "per": 2, "mag": 1, "dr": 0},
        advantages={"velocidad": 2, "atencion": 1, "esquivar": 1},
    ),
    RHCase(
        id="rh-en-hero-mystic",
        text="""\
name: Tomas Vell
stats: AP 9, HP 10, Str 0, Def 1, Per 1, Mag 3, DR 1
advantages: Mystic x2, Health
actions: Parálisis, Proteger""",
        kind="hero",
        name="Tomas Vell",
        base={"ap": 9, "hp": 10, "str": 0, "def": 1, "per": 1, "mag": 3, "dr": 1},
        advantages={"mistica": 2, "salud": 1},
        actions=("Parálisis", "Proteger"),
    ),
    RHCase(
        id="rh-es-esbirro-escudo",
        text="""\
nombre: Centinela de hueso
AP 8, HP 7, Str 2, Def 1, Per 0, Mag 0, DR 1
partes: cabeza, torso
miembros: mano x2, pies
equipo: Rodela; partes: mano; costo: 2; mod: Def+1; acciones: Bloqueo
acción: Tajo; tipo: ataque; costo: 5; miembros: mano libre; objetivo: 1; chequeo: <Str>[10]<Def>; efecto: daño 1d|1""",
        kind="minion",
        name="Centinela de hueso",
        base={"ap": 8, "hp": 7, "str": 2, "def": 1, "per": 0, "mag": 0, "dr": 1},
        parts=("cabeza", "torso"),
        limbs=("mano1", "mano2", "pies"),
        equipment=(("Rodela", ("mano1",), 2, {"def": 1}, ("Bloqueo",)),),
        actions=("Tajo",),
    ),
    RHCase(
        id="rh-en-minion-reaction",
        text="""\
name: Marsh Crawler
AP 7, HP 5, Str 1, Per 2
parts: head, body
limbs: tentacle x3
action: Lash; kind: attack; cost: 4; limbs: tentacle; target: 1; check: <Str>[9]<Def>; effect: damage 1d-1|1
action: Recoil; kind: defense; cost: 2; limbs: none; reacts to: attack; trigger: target; check: <Per>[9]<Str>; effect: cancel""",
        kind="minion",
        name="Marsh Crawler",
        base={"ap": 7, "hp": 5, "str": 1, "def": 0, "per": 2, "mag": 0, "dr": 0},
        parts=("cabeza", "body"),  # the shipped "head" keeps its id; an English card says head
        limbs=("tentacle1", "tentacle2", "tentacle3"),
        actions=("Lash", "Recoil"),
        defaults=("sheet.ritualhex.default.stats",),
    ),
    RHCase(
        id="rh-es-esbirro-dos-puntos",
        text="""\
nombre: Rata gigante
AP: 6; HP: 4; Str: 1; Def: 0; Per: 2; Mag: 0; DR: 0
partes: cabeza, cuerpo
miembros: patas
acción: Mordisco; tipo: ataque; costo: 3; miembros: ninguno; objetivo: 1; chequeo: <Str>[9]<Def>; efecto: daño 1d-1|1""",
        kind="minion",
        name="Rata gigante",
        base={"ap": 6, "hp": 4, "str": 1, "def": 0, "per": 2, "mag": 0, "dr": 0},
        parts=("cabeza", "cuerpo"),
        limbs=("patas",),
        actions=("Mordisco",),
    ),
    RHCase(
        id="rh-es-heroe-caracteristicas",
        text="""\
nombre: Oria de la Torre
características: AP 10, HP 8, Fue 2, Def 1
ventajas: Fortaleza, Resistencia x2, Multi-ataque
acciones: Bloqueo""",
        kind="hero",
        name="Oria de la Torre",
        base={"ap": 10, "hp": 8, "str": 2, "def": 1, "per": 0, "mag": 0, "dr": 0},
        advantages={"fortaleza": 1, "resistencia": 2, "multiataque": 1},
        actions=("Bloqueo",),
        defaults=("sheet.ritualhex.default.stats",),
    ),
]


@dataclass(frozen=True)
class DSCase:
    id: str
    text: str
    name: str
    is_pc: bool
    side: str
    scores: dict[str, int]
    capacity: tuple[int, int, int] = (4, 3, 3)
    armor: tuple[tuple[str, ...], int, int] | None = None  # parts, score, extra
    fatigue_max: int = 3
    group: str | None = None
    # (name, kind, mhl, mhg, range, magazine, ammo, fire class, automatic)
    weapons: tuple[
        tuple[str, str, int, int, int | None, int | None, int | None, str | None, bool], ...
    ] = ()
    techniques: tuple[tuple[str, str, int, int], ...] = ()  # name, skill, bonus, damage
    defaults: tuple[str, ...] = ()
    wrap_at: str | None = None  # issue 31: the PDF wrap goes between this trait and its value


DS_CASES: list[DSCase] = [
    DSCase(
        id="ds-es-pj-detective",
        text="""\
Nombre: Inés Roldán
Tipo: PJ
Aptitudes: Fortaleza 11, Destreza 12, Pelea 9, Armas C.C. 8, Armas de Fuego 13, Acrobacia 10, Primeros Auxilios 9, Iniciativa 5
Heridas: 4 R, 3 HL, 2 HG
Armadura: torso +1
Armas: Puños 2/6 pelea; Revólver 4/9 fuego alcance 15 cargador 6 revólver
Técnicas: Disparo certero (Armas de Fuego) +2""",
        name="Inés Roldán",
        is_pc=True,
        side="heroes",
        scores={
            "fortaleza": 11,
            "destreza": 12,
            "pelea": 9,
            "armas c.c.": 8,
            "armas de fuego": 13,
            "acrobacia": 10,
            "primeros auxilios": 9,
            "iniciativa": 5,
        },
        capacity=(4, 3, 2),
        armor=(("torso",), 8, 1),
        weapons=(
            ("Puños", "pelea", 2, 6, None, None, None, None, False),
            ("Revólver", "fuego", 4, 9, 15, 6, 6, "revolver", False),
        ),
        techniques=(("Disparo certero", "armas de fuego", 2, 0),),
        defaults=("sheet.ds20.default.side", "sheet.ds20.default.fatigue"),
    ),
    DSCase(
        id="ds-es-pnj-tuberias",
        text="Nombre: Sicario | Grupo: Sicarios | Aptitudes: Pelea 10, Armas C.C. 10, Acrobacia 8, Iniciativa 3 | Heridas: 3/2/1 | Armas: Navaja 3/8 C.C.",
        name="Sicario",
        is_pc=False,
        side="foes",
        group="Sicarios",
        scores={"pelea": 10, "armas c.c.": 10, "acrobacia": 8, "iniciativa": 3},
        capacity=(3, 2, 1),
        weapons=(("Navaja", "cc", 3, 8, None, None, None, None, False),),
        defaults=(
            "sheet.ds20.default.npc",
            "sheet.ds20.default.side",
            "sheet.ds20.default.fatigue",
        ),
    ),
    DSCase(
        id="ds-en-pc",
        text="""\
Name: Walt Hargrove
Type: PC
Side: heroes
Skills: Fortaleza 13, Destreza 10, Pelea 11, Armas C.C. 9, Armas de Fuego 10, Acrobacia 8, Iniciativa 3
Wounds: 5/3/3
Armor: head, torso
Fatigue: 4
Weapons: Crowbar 3/9 melee; Shotgun 5/11 firearm range 10 magazine 2 shotgun""",
        name="Walt Hargrove",
        is_pc=True,
        side="heroes",
        scores={
            "fortaleza": 13,
            "destreza": 10,
            "pelea": 11,
            "armas c.c.": 9,
            "armas de fuego": 10,
            "acrobacia": 8,
            "iniciativa": 3,
        },
        capacity=(5, 3, 3),
        armor=(("cabeza", "torso"), 10, 0),
        fatigue_max=4,
        weapons=(
            ("Crowbar", "cc", 3, 9, None, None, None, None, False),
            ("Shotgun", "fuego", 5, 11, 10, 2, 2, "shotgun", False),
        ),
    ),
    DSCase(
        id="ds-es-soldado-automatico",
        text="""\
Nombre: Mercenario
Bando: enemigos
Aptitudes: Fortaleza 12, Destreza 11, Pelea 10, Armas de Fuego 12, Acrobacia 9, Iniciativa 4
Heridas: 4/3/3
Armadura: 12 +1
Armas: Fusil 5/10 fuego alcance 50 cargador 25/30 asalto automática; Pistola 4/9 fuego alcance 20 cargador 15 semiautomática""",
        name="Mercenario",
        is_pc=False,
        side="foes",
        scores={
            "fortaleza": 12,
            "destreza": 11,
            "pelea": 10,
            "armas de fuego": 12,
            "acrobacia": 9,
            "iniciativa": 4,
        },
        armor=((), 12, 1),
        weapons=(
            ("Fusil", "fuego", 5, 10, 50, 30, 25, "assault", True),
            ("Pistola", "fuego", 4, 9, 20, 15, 15, "pistol", False),
        ),
        defaults=("sheet.ds20.default.npc", "sheet.ds20.default.fatigue"),
    ),
    DSCase(
        id="ds-en-npc-group",
        text="""\
Name: Cultist
Type: NPC
Group: Cult
Skills: Fortaleza 9, Destreza 9, Pelea 8, Armas C.C. 9, Iniciativa 1
Wounds: 2/1/1
Weapons: Ritual knife 3/8 melee""",
        name="Cultist",
        is_pc=False,
        side="foes",
        group="Cult",
        scores={"fortaleza": 9, "destreza": 9, "pelea": 8, "armas c.c.": 9, "iniciativa": 1},
        capacity=(2, 1, 1),
        weapons=(("Ritual knife", "cc", 3, 8, None, None, None, None, False),),
        defaults=("sheet.ds20.default.side", "sheet.ds20.default.fatigue"),
    ),
    DSCase(
        id="ds-es-esgrimista-tecnicas",
        text="""\
Nombre: Dama Ortega
Tipo: PJ
Bando: héroes
Aptitudes: Fortaleza 10, Destreza 13, Pelea 9, Armas C.C. 13, Acrobacia 12, Iniciativa 5
Heridas: 4 R, 3 HL, 3 HG
Armadura: brazos, piernas
Agotamiento: 3
Armas: Sable 4/9 C.C.; Daga 3/8 C.C.
Técnicas: Estocada (Armas C.C.) +1 daño +2; Finta (Acrobacia) +2""",
        name="Dama Ortega",
        is_pc=True,
        side="heroes",
        scores={
            "fortaleza": 10,
            "destreza": 13,
            "pelea": 9,
            "armas c.c.": 13,
            "acrobacia": 12,
            "iniciativa": 5,
        },
        armor=(("brazos", "piernas"), 8, 0),
        weapons=(
            ("Sable", "cc", 4, 9, None, None, None, None, False),
            ("Daga", "cc", 3, 8, None, None, None, None, False),
        ),
        techniques=(("Estocada", "armas c.c.", 1, 2), ("Finta", "acrobacia", 2, 0)),
    ),
]
