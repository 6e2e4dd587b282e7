"""Dread S-20's sample sheets and command lines, for the tests and benchmarks that try
every system (:mod:`bot.systems.examples`)."""

from __future__ import annotations

from bot.systems.examples import Examples, Named, Naming

FOE = "Aptitudes: Fortaleza 11, Pelea 10, Iniciativa 2 | Armas: Puños 2/6 pelea"
HERO = (
    "Tipo: PJ | Aptitudes: Fortaleza 12, Pelea 10, Armas de Fuego 12, Acrobacia 9, "
    "Iniciativa 4 | Armas: Puños 2/6 pelea; Pistola 4/9 fuego alcance 20 cargador 15 "
    "semiautomática"
)
# Every number the reader reads: aptitudes, wound boxes, fatigue, armour, weapons'
# damage, range and magazine, techniques.
FULL = (
    "Aptitudes: Fortaleza 11, Pelea 10, Acrobacia 8, Iniciativa 2 | Heridas: 2/3/1 | "
    "Armas: Puños 2/6 pelea; Pistola 4/9 fuego alcance 20 cargador 15; Machete 5/10 C.C. | "
    "Agotamiento: 3 | Armadura: torso +2 | Técnicas: Estocada (Pelea) +1 daño +2"
)

# The names test's table (tests/table/test_names.py).
PC = (
    "Tipo: PJ | Aptitudes: Fortaleza 12, Destreza 11, Pelea 10, Acrobacia 9, Iniciativa 4 "
    "| Armas: Puños 2/6 pelea"
)
GOBLIN = (
    "Aptitudes: Fortaleza 9, Destreza 9, Pelea 8, Acrobacia 8, Iniciativa 1 | Armas: Puños "
    "2/6 pelea"
)
HITS_MONICA = ('@gm /attack target:"Mónica Ruiz"',)
NAMING = Naming(
    cast=(
        f'@gm /combatant add name:"Mónica Ruiz" controller:@ana statblock:"{PC}"',
        f'@gm /combatant add name:"Goblin Arquero" statblock:"{GOBLIN}"',
        f'@gm /combatant add name:"Goblin Brujo" statblock:"{GOBLIN}"',
        f'@gm /combatant add name:Ogro statblock:"{GOBLIN}"',
        "@gm /initiative roll",
        "@gm /next",
    ),
    lines=(
        Named("@gm /attack target:{name}"),
        Named("@gm /attack target:Ogro actor:{name}"),
        Named("@gm /act action:apuntar actor:{name}"),
        Named('@gm /act action:"primeros auxilios" target:{name}'),
        # A Goblin's Pelea 8 rolls 2: a hit awaiting Mónica's defence.
        Named("@gm /react dodge actor:{name}", before=HITS_MONICA, dice=(2,)),
        Named("@gm /react block actor:{name}", before=HITS_MONICA, dice=(2,)),
        Named("@gm /react none actor:{name}", before=HITS_MONICA, dice=(2,)),
        Named("@gm /grapple start target:{name}"),
        Named("@gm /grapple start target:Ogro actor:{name}"),
        Named("@gm /grapple escape actor:{name}"),
        Named("@gm /grapple headbutt actor:{name}"),
        Named("@gm /initiative roll combatant:{name}"),
        Named("@gm /combatant remove combatant:{name}"),
        Named('@gm /combatant edit combatant:{name} statblock:"Agotamiento: 1"'),
    ),
)

EXAMPLES = Examples(
    foe=FOE,
    hero=HERO,
    fight=("@gm /initiative roll", "@gm /next"),
    sheets=(FULL,),
    corrections=(
        "Heridas: 1/3/1",
        "Agotamiento: 2",
        "Munición Pistola: 10",
        "Apuntar: 1",
        "Grupo: {name}",
    ),
    hostile=(
        "/attack target:{who} actor:{who} flags:empty:{n}",
        "/attack target:{who} actor:{who} flags:burst:{n}",
        "/attack target:{who} actor:{who} flags:free",
        "/act action:aim actor:{who}",
        "/act action:declare target:{who} actor:{who} value:{int}",
        "/act action:technique target:{who} actor:{who} value:{int}",
        "/act action:reload actor:{who}",
        "/condition add combatant:{who} condition:aturdido",
        "/initiative roll",
    ),
    past_bound=("fatigue_max", 500, "1..10"),
    refused_state={"turn_order": ["c9"]},
    naming=NAMING,
)
