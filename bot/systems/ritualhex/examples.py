"""Ritual Hex's sample sheets and command lines, for the tests and benchmarks that try
every system (:mod:`bot.systems.examples`)."""

from __future__ import annotations

from bot.systems.examples import Examples, Named, Naming

FOE = "AP 9, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0"
HERO = "AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0"
# Every number the reader reads: characteristics, body parts and limbs and their counts,
# advantages, equipment.
FULL = (
    "AP 9, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0\\npartes: cabeza, torso, cola x2\\n"
    "miembros: mano x2, pies\\nventajas: salud x1\\n"
    "equipo: Escudo; partes: mano; costo: 2; mod: Def+1; acciones: Bloqueo\\n"
    "acciones: Proteger"
)

# The names test's table (tests/table/test_names.py).
MONICA = "AP 12, HP 10, Str 2, Def 1, Per 1, Mag 2, DR 0\\nacciones: Parálisis"
MINION = "AP 6, HP 6, Str 1, Def 1\\npartes: cabeza, torso\\nmiembros: mano x2, pies"
OGRO = (
    "AP 10, HP 12, Str 3, Def 1\\npartes: cabeza, torso\\nmiembros: mano x2, pies\\n"
    "acción: Mordisco; tipo: ataque; costo: 3; objetivo: 1; chequeo: <Str>[9]<Def>; "
    "efecto: daño 1d-1|1"
)
# Mónica prepares three times (AP level 9, preparation 3): the Ogro (10) has the opportunity.
OGRO_HOLDS = ("@gm /act action:Preparar actor:c1",) * 3
OGRO_BITES_MONICA = (*OGRO_HOLDS, "@gm /attack target:c1")
NAMING = Naming(
    cast=(
        f'@gm /combatant add name:"Mónica Ruiz" side:heroes controller:@ana statblock:"{MONICA}"',
        f'@gm /combatant add name:"Goblin Arquero" side:foes statblock:"{MINION}"',
        f'@gm /combatant add name:"Goblin Brujo" side:foes statblock:"{MINION}"',
        f'@gm /combatant add name:Ogro side:foes statblock:"{OGRO}"',
        "@gm /hex round",  # Mónica's opportunity (AP 12, needle 11)
    ),
    lines=(
        Named("@gm /attack target:Ogro actor:{name}"),
        Named("@gm /act action:Esperar actor:{name}"),
        Named("@gm /act action:Curar target:{name} actor:c1"),
        # The Ogro bites Mónica, who may react (AP level 9 + preparation 3 > 7).
        Named("@gm /react with reaction:Parálisis actor:{name}", before=OGRO_BITES_MONICA),
        Named("@gm /react pass actor:{name}", before=OGRO_BITES_MONICA),
        Named(
            "@gm /react with reaction:Parálisis actor:c1 target:{name}", before=OGRO_BITES_MONICA
        ),
        Named("@gm /attack target:{name}", before=OGRO_HOLDS),
        Named("@gm /hex grant combatant:{name} action:Proteger"),
        Named("@gm /combatant edit combatant:{name} controller:@ana"),
        Named("@gm /combatant remove combatant:{name}"),
    ),
)

EXAMPLES = Examples(
    foe=FOE,
    hero=HERO,
    add="side:foes",
    fight=("@gm /hex round",),
    sheets=(FULL,),
    corrections=("Heridas: 1", "AP: 9"),
    hostile=(
        "/act action:Preparar actor:{who}",
        "/act action:Esperar actor:{who}",
        '/hex define text:"nombre: {name}; tipo: ataque; costo: {n}; miembros: mano x{n}; '
        'objetivo: {n}; chequeo: <Str>[{n}]<Def>; efecto: daño {n}d-{n}|{n}"',
        "/hex round",
    ),
    past_bound=("Str 1", "Str 5000", "99"),
    refused_state={"acting": ["c9"]},
    naming=NAMING,
    words={"Block": "ritualhex.action.block"},  # /help's example of /react with
)
