"""Savage Worlds' sample sheets and command lines, for the tests and benchmarks that try
every system (:mod:`bot.systems.examples`)."""

from __future__ import annotations

from bot.systems.examples import Examples, Named, Naming

FOE = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8\\n"
    "Habilidades: Pelear d8, Atletismo d6\\nParada: 6; Dureza: 6"
)
HERO = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
    "Habilidades: Pelear d8, Atletismo d8\\nParada: 6; Dureza: 5"
)
# Every number the reader reads: trait dice and their bonuses, the derived numbers, power
# points, bennies, wounds, weapons' damage, AP and rate of fire.
FULL = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d12+1, Vigor d8\\n"
    "Habilidades: Pelear d8+2, Atletismo d6, Disparar d6\\n"
    "Parada: 6; Dureza: 7 (1); Paso: 6; Tamaño: 1; Benis: 2; Puntos de poder: 10; "
    "Heridas: 1\\nEquipo: Espada (Fue+d8), Pistola (Daño 2d6, PA 1, CdF 1), "
    "Cañón (Daño 2d6, PA 4), Ametralladora (Daño 2d8, CdF 3), Arma**rara** (Fue+d4)"
)

# The names test's table (tests/table/test_names.py).
PC = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\nHabilidades: "
    "Pelear d8, Disparar d8, Atletismo d6, Notar d6\\nParada: 6; Dureza: 5\\n"
    "Equipo: Espada corta (Fue+d6)"
)
GOBLIN = (
    "Atributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\nHabilidades: "
    "Pelear d6, Disparar d6, Atletismo d6, Notar d6\\nParada: 5; Dureza: 5\\n"
    "Equipo: Lanza (Fue+d6), Arco (Distancia 12/24/48, Daño 2d6)"
)
CASTER = GOBLIN.replace("Notar d6", "Notar d6, Hechicería d8") + (
    "\\nPuntos de Poder: 10\\nPoderes: Descarga (1 PP)"
)
# Every card set by hand: Mónica's turn first, then the Ogro's.
CARDS = (
    "@gm /initiative set combatant:c1 card:AS",
    "@gm /initiative set combatant:Ogro card:KS",
    "@gm /initiative set combatant:Orco card:4C",
    '@gm /initiative set combatant:"Goblin Arquero" card:2C',
    '@gm /initiative set combatant:"Goblin Brujo" card:3C',
    "@gm /deal",
)
HOLDING = (*CARDS, "@gm /hold actor:c1")
NAMING = Naming(
    cast=(
        f'@gm /combatant add name:"Mónica Ruiz" controller:@ana statblock:"{PC}"',
        f'@gm /combatant add name:"Goblin Arquero" statblock:"{GOBLIN}"',
        f'@gm /combatant add name:"Goblin Brujo" statblock:"{GOBLIN}"',
        f'@gm /combatant add name:Ogro wildcard:true statblock:"{CASTER}"',
        f'@gm /combatant add name:Orco count:2 statblock:"{GOBLIN}"',
        "@gm /bennies session-start",
    ),
    lines=(
        Named("@gm /attack target:{name} actor:Ogro"),
        Named("@gm /attack target:Ogro actor:{name}"),
        Named("@gm /wildattack target:{name} actor:Ogro"),
        Named("@gm /wildattack target:Ogro actor:{name}"),
        Named("@gm /act action:defender actor:{name}"),
        Named("@gm /act action:fatiga target:{name}"),
        Named('@gm /act action:"ataque de área Arco" target:{name} actor:Ogro'),
        Named("@gm /grapple start target:{name} actor:Ogro"),
        Named("@gm /grapple start target:Ogro actor:{name}"),
        Named("@gm /grapple escape actor:{name}"),
        Named("@gm /grapple crush actor:{name}"),
        Named("@gm /react evade actor:{name}"),
        Named("@gm /trait trait:Notar actor:{name}"),
        Named("@gm /react soak actor:{name}"),
        Named("@gm /react unshake actor:{name}"),
        Named("@gm /hold actor:{name}", before=CARDS),
        Named("@gm /hold actor:{name} now:true", before=HOLDING),
        Named("@gm /react interrupt actor:{name}", before=HOLDING),
        # Mónica holds, the Ogro acts: she is not the one to interrupt.
        Named("@gm /react interrupt target:{name}", before=HOLDING),
        Named("@gm /initiative set combatant:{name} card:KH"),
        Named("@gm /deal surprise:{name}"),
        Named("@gm /condition add combatant:{name} condition:distraído"),
        Named(
            "@gm /condition remove combatant:{name} condition:distraído",
            before=("@gm /condition add combatant:c1 condition:distraído",),
        ),
        Named('@gm /combatant edit combatant:{name} statblock:"Fatiga: 1"'),
        Named("@gm /combatant remove combatant:{name}"),
        Named("@gm /bennies spend use:soak combatant:{name}"),
        # A player character's bennies are its player's (SW-35): not an action; an
        # Extra's are the GM's.
        Named("@gm /bennies give combatant:{name}", shows="@ana", group_shows="DJ"),
        # Issue 19: a bolt (6: a success; 1+1 damage, no effect) and ending a power.
        Named("@gm /cast power power:Descarga target:{name} actor:Ogro", dice=(6, 2, 1, 1)),
        Named("@gm /cast end actor:{name}"),
        Named("@gm /cast power power:Descarga target:Ogro actor:{name}"),
    ),
    group="Orco",  # Orco 1 and Orco 2 share a card
    own=("bennies:give", "bennies:spend"),
)

EXAMPLES = Examples(
    foe=FOE,
    hero=HERO,
    fight=("@gm /bennies session-start", "@gm /deal"),
    sheets=(FULL,),
    corrections=(
        "Heridas: 1",
        "Fatiga: 1",
        "Benis: 2",
        "Paso: 6",
        "Parada: 6",
        "Dureza: 6",
        "Armadura: 2",
        "Tamaño: 1",
        "PP: 10",
        "PP máx: 10",
        "Heridas máx: 3",
        "Grupo: {name}",
    ),
    hostile=(
        "/attack target:{who} actor:{who} flags:rof:{n}",
        "/attack target:{who} actor:{who} flags:ap:{n}",
        "/attack target:{who} actor:{who} flags:obstacle:{n}",
        "/attack target:{who} actor:{who} flags:damage:{n}d{n}",
        "/attack target:{who} actor:{who} flags:free",
        "/act action:defend actor:{who}",
        "/act action:multi-action actor:{who} value:{int}",
        "/act action:fatigue target:{who} value:{int}",
        "/act action:damage target:{who} value:{int}",
        "/condition add combatant:{who} condition:aturdido",
        "/condition add combatant:{who} condition:inmovilizado",
        "/bennies give combatant:{who} count:{int}",
        "/initiative set combatant:{who} card:KS",
        "/initiative set combatant:{who} card:ZZ",
        "/initiative set combatant:{who} card:JOKER-R",
        "/initiative set combatant:{who} card:99H",
        "/deal surprise:{who}",
        "/deal surprise:enemigos",
        # issue 28: power definitions with hostile names and numbers, cast by a hostile
        # name; a story benny (never undone); a session handed to an id Discord did not
        # resolve (no user data in the payload)
        '/power define text:"nombre: {name}; coste: {n}; objetivos: {n}; duración: {n} rondas;'
        ' éxito: daño {n}d6"',
        "/cast power power:{name} actor:{who}",
        "/bennies spend use:story note:{name}",
        "/bennies session-gm member:{id}",
    ),
    past_bound=("parry", 999999, "0..30"),
    refused_state={"deck": [{"rank": 5, "suit": "Z"}]},
    naming=NAMING,
)
