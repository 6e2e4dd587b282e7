"""Savage Worlds stat blocks written for these tests in the published layouts (book,
savaged.us exports, Foundry importer style, the quick Extra), Spanish and English. No
text is copied from any book: the creatures, numbers and wording are the project's own.

Each case gives the block as published (with line breaks) and the sheet it must give,
field by field. ``test_corpus`` reads each block as published, flattened to one line,
and with PDF wraps.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SwadeCase:
    id: str
    text: str
    name: str
    wild: bool = False
    attrs: str = "d4 d4 d4 d4 d4"  # agility smarts spirit strength vigor
    skills: str = ""  # "fighting d8, shooting d6" (ids)
    pace: int = 6
    parry: int = 2
    toughness: int = 4
    armor: int = 0
    size: int = 0
    edges: tuple[str, ...] = ()
    hindrances: tuple[str, ...] = ()
    severity: tuple[tuple[str, str], ...] = ()  # issue 31: (hindrance, "major"/"minor")
    # (name, damage, ap, range, rof, reach)
    weapons: tuple[tuple[str, str, int, str, int, int], ...] = ()
    powers: tuple[tuple[str, int | None], ...] = ()
    pp: int | None = None
    ab: str | None = None
    arcane_skill: str | None = None
    bennies: int = 0
    max_wounds: int = 3
    gear: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    note: str = ""  # issue 31: what describes the character (a line after the name)
    unused: tuple[str, ...] = ()  # as published
    given_name: str | None = None  # the name the command passes (blocks without one)
    quick: bool = False  # a one-line quick Extra (no flattened or wrapped form)


SWADE_CASES: list[SwadeCase] = [
    SwadeCase(
        id="en-book-bog-goblin",
        text="""\
Bog Goblin
Attributes: Agility d8, Smarts d6, Spirit d6, Strength d4, Vigor d6
Skills: Athletics d6, Fighting d6, Intimidation d8, Notice d6, Shooting d8, Stealth d10
Pace: 5; Parry: 5; Toughness: 5 (1)
Hindrances: Greedy (Minor)
Edges: Alertness
Gear: Reed spear (Str+d4, Reach 1), sling (Range 4/8/16, Damage Str+d4), hide vest (+1)
Special Abilities:
• Swamp Sight: Ignores penalties for fog and murky water.""",
        name="Bog Goblin",
        attrs="d8 d6 d6 d4 d6",
        skills="athletics d6, fighting d6, intimidation d8, notice d6, shooting d8, stealth d10",
        pace=5,
        parry=5,
        toughness=5,
        armor=1,
        edges=("alertness",),
        hindrances=("greedy",),
        severity=(("greedy", "minor"),),
        weapons=(("Reed spear", "Str+d4", 0, "", 1, 1), ("sling", "Str+d4", 0, "4/8/16", 1, 0)),
        gear=("hide vest (+1)",),
        abilities=("Swamp Sight",),
    ),
    SwadeCase(
        id="en-book-warlord",
        text="""\
Grask the Tusked (WC)
Attributes: Agility d6, Smarts d6, Spirit d8, Strength d12+1, Vigor d10
Skills: Athletics d8, Battle d6, Fighting d10, Intimidation d10, Notice d6, Persuasion d4
Pace: 6; Parry: 9; Toughness: 11 (3)
Hindrances: Arrogant (Major), Mean
Edges: Command, Improved Level Headed, Quick, Combat Reflexes
Gear: Great axe (Str+d10, AP 2, Parry -1), plate corselet (+3), medium shield (+2 Parry)
Bennies: 3""",
        name="Grask the Tusked",
        wild=True,
        attrs="d6 d6 d8 d12+1 d10",
        skills="athletics d8, battle d6, fighting d10, intimidation d10, notice d6, persuasion d4",
        parry=9,
        toughness=11,
        armor=3,
        edges=("command", "improved_level_headed", "quick", "combat_reflexes"),
        hindrances=("arrogant", "mean"),
        severity=(("arrogant", "major"),),
        weapons=(("Great axe", "Str+d10", 2, "", 1, 0),),
        gear=("plate corselet (+3)", "medium shield (+2 Parry)"),
        bennies=3,
    ),
    SwadeCase(
        id="en-book-highway-bandit",
        text="""\
Highway Bandit
Attributes: Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6
Skills: Athletics d6, Fighting d6, Notice d6, Riding d6, Shooting d8, Stealth d6, Thievery d6
Pace: 6; Parry: 5; Toughness: 6 (1)
Hindrances: Wanted (Minor)
Edges: Marksman
Gear: Cutlass (Str+d6), heavy crossbow (Range 15/30/60, Damage 2d8, AP 2, RoF 1), leather jack (+1), 20 bolts.""",
        name="Highway Bandit",
        attrs="d8 d6 d6 d6 d6",
        skills="athletics d6, fighting d6, notice d6, riding d6, shooting d8, stealth d6, thievery d6",
        parry=5,
        toughness=6,
        armor=1,
        edges=("marksman",),
        hindrances=("wanted",),
        severity=(("wanted", "minor"),),
        weapons=(
            ("Cutlass", "Str+d6", 0, "", 1, 0),
            ("heavy crossbow", "2d8", 2, "15/30/60", 1, 0),
        ),
        gear=("leather jack (+1)", "20 bolts"),
    ),
    SwadeCase(
        id="en-book-cult-sorcerer",
        text="""\
Cult Sorcerer (WC)
Attributes: Agility d6, Smarts d10, Spirit d8, Strength d4, Vigor d6
Skills: Fighting d4, Intimidation d8, Notice d6, Occult d10, Spellcasting d10, Stealth d6
Pace: 6; Parry: 4; Toughness: 5
Hindrances: Vengeful (Major)
Edges: Arcane Background (Magic), Level Headed, Power Points
Powers: bolt (1 PP), deflection (3 PP), fear (2 PP), confusion (1 PP)
Power Points: 20
Gear: Ritual dagger (Str+d4), robes""",
        name="Cult Sorcerer",
        wild=True,
        attrs="d6 d10 d8 d4 d6",
        skills="fighting d4, intimidation d8, notice d6, occult d10, spellcasting d10, stealth d6",
        parry=4,
        toughness=5,
        edges=("arcane_background", "level_headed", "power_points"),
        hindrances=("vengeful",),
        severity=(("vengeful", "major"),),
        weapons=(("Ritual dagger", "Str+d4", 0, "", 1, 0),),
        powers=(("bolt", 1), ("deflection", 3), ("fear", 2), ("confusion", 1)),
        pp=20,
        ab="magic",
        arcane_skill="spellcasting",
        gear=("robes",),
    ),
    SwadeCase(
        id="en-book-field-chaplain",
        text="""\
Field Chaplain (WC)
Attributes: Agility d6, Smarts d6, Spirit d10, Strength d6, Vigor d8
Skills: Faith d10, Fighting d6, Healing d8, Notice d6, Persuasion d8
Pace: 6; Parry: 5; Toughness: 7 (1)
Hindrances: Vow (Major)
Edges: Arcane Background (Miracles), Healer
Powers: healing (3 PP), protection (1 PP), smite (2 PP), relief (1 PP)
Power Points: 15
Gear: Mace (Str+d6), leather coat (+1)""",
        name="Field Chaplain",
        wild=True,
        attrs="d6 d6 d10 d6 d8",
        skills="faith d10, fighting d6, healing d8, notice d6, persuasion d8",
        parry=5,
        toughness=7,
        armor=1,
        edges=("arcane_background", "healer"),
        hindrances=("vow",),
        severity=(("vow", "major"),),
        weapons=(("Mace", "Str+d6", 0, "", 1, 0),),
        powers=(("healing", 3), ("protection", 1), ("smite", 2), ("relief", 1)),
        pp=15,
        ab="miracles",
        arcane_skill="faith",
        gear=("leather coat (+1)",),
    ),
    SwadeCase(
        id="en-book-dire-hound",
        text="""\
Dire Hound
Attributes: Agility d8, Smarts d6 (A), Spirit d6, Strength d8, Vigor d8
Skills: Athletics d8, Fighting d8, Intimidation d8, Notice d10, Stealth d8
Pace: 8; Parry: 6; Toughness: 7
Edges: Alertness
Special Abilities:
• Bite: Str+d6.
• Fleet-Footed: Dire hounds roll a d10 when running.
• Go for the Throat: Hits to an unarmored throat on a raise.
• Size +1: Dire hounds are as big as ponies.""",
        name="Dire Hound",
        attrs="d8 d6 d6 d8 d8",
        skills="athletics d8, fighting d8, intimidation d8, notice d10, stealth d8",
        pace=8,
        parry=6,
        toughness=7,
        size=1,
        edges=("alertness",),
        weapons=(("Bite", "Str+d6", 0, "", 1, 0),),
        abilities=("Fleet-Footed", "Go for the Throat"),
    ),
    SwadeCase(
        id="en-book-hill-ogre",
        text="""\
Hill Ogre
Attributes: Agility d6, Smarts d4, Spirit d6, Strength d12+3, Vigor d12
Skills: Athletics d8, Fighting d8, Intimidation d10, Notice d4
Pace: 7; Parry: 6; Toughness: 12 (1)
Gear: Tree-trunk club (Str+d10)
Special Abilities:
• Armor +1: Thick, warty skin.
• Size +3: Ogres stand about three times the height of a man.
• Sweep: May attack all adjacent foes at -2.""",
        name="Hill Ogre",
        attrs="d6 d4 d6 d12+3 d12",
        skills="athletics d8, fighting d8, intimidation d10, notice d4",
        pace=7,
        parry=6,
        toughness=12,
        armor=1,
        size=3,
        weapons=(("Tree-trunk club", "Str+d10", 0, "", 1, 0),),
        abilities=("Sweep",),
    ),
    SwadeCase(
        id="en-book-grave-walker",
        text="""\
Grave Walker
Attributes: Agility d6, Smarts d4, Spirit d4, Strength d6, Vigor d6
Skills: Fighting d6, Intimidation d6, Notice d4
Pace: 4; Parry: 5
Special Abilities:
• Armor +2: Leathery, dried flesh.
• Claws: Str+d4.
• Fearless: Immune to Fear and Intimidation.
• Undead: +2 Toughness; +2 to recover from being Shaken.""",
        name="Grave Walker",
        attrs="d6 d4 d4 d6 d6",
        skills="fighting d6, intimidation d6, notice d4",
        pace=4,
        parry=5,
        toughness=2 + 3 + 2,
        armor=2,
        weapons=(("Claws", "Str+d4", 0, "", 1, 0),),
        abilities=("Fearless", "Undead"),
    ),
    SwadeCase(
        id="en-book-mind-thief",
        text="""\
Mind Thief (WC)
Attributes: Agility d6, Smarts d10, Spirit d10, Strength d4, Vigor d6
Skills: Notice d8, Persuasion d8, Psionics d10, Shooting d6, Stealth d8
Pace: 6; Parry: 2; Toughness: 5
Edges: Arcane Background (Psionics), Mentalist
Powers: mind reading (2 PP), puppet (3 PP), stun (2 PP)
Power Points: 15
Gear: Derringer (Range 3/6/12, Damage 2d4, RoF 1, Shots 2)""",
        name="Mind Thief",
        wild=True,
        attrs="d6 d10 d10 d4 d6",
        skills="notice d8, persuasion d8, psionics d10, shooting d6, stealth d8",
        parry=2,
        toughness=5,
        edges=("arcane_background", "mentalist"),
        weapons=(("Derringer", "2d4", 0, "3/6/12", 1, 0),),
        powers=(("mind reading", 2), ("puppet", 3), ("stun", 2)),
        pp=15,
        ab="psionics",
        arcane_skill="psionics",
    ),
    SwadeCase(
        id="en-book-gearwright",
        text="""\
Doctor Vossberg (WC)
Attributes: Agility d6, Smarts d12, Spirit d6, Strength d4, Vigor d6
Skills: Electronics d8, Repair d10, Research d8, Shooting d8, Weird Science d10
Pace: 6; Parry: 2; Toughness: 6 (1)
Hindrances: Delusional (Minor), Quirk (Minor)
Edges: Arcane Background (Weird Science), Gadgeteer, McGyver
Powers: blast (2 PP), barrier (2 PP), speed (1 PP)
Power Points: 15
Gear: Lightning gun (Range 12/24/48, Damage 2d6, AP 2, RoF 1, Shots 12), lab coat with plates (+1)""",
        name="Doctor Vossberg",
        wild=True,
        attrs="d6 d12 d6 d4 d6",
        skills="electronics d8, repair d10, research d8, shooting d8, weird_science d10",
        parry=2,
        toughness=6,
        armor=1,
        edges=("arcane_background", "gadgeteer", "mcgyver"),
        hindrances=("delusional", "quirk"),
        severity=(("delusional", "minor"), ("quirk", "minor")),
        weapons=(("Lightning gun", "2d6", 2, "12/24/48", 1, 0),),
        powers=(("blast", 2), ("barrier", 2), ("speed", 1)),
        pp=15,
        ab="weird_science",
        arcane_skill="weird_science",
        gear=("lab coat with plates (+1)",),
    ),
    SwadeCase(
        id="en-book-gifted-kid",
        text="""\
Pip Larkin
Attributes: Agility d8, Smarts d6, Spirit d8, Strength d4, Vigor d6
Skills: Athletics d6, Focus d8, Notice d8, Stealth d8
Pace: 6; Parry: 2; Toughness: 5
Hindrances: Young (Minor)
Edges: Arcane Background (Gifted)
Powers: speed (1 PP), boost trait (2 PP)
Power Points: 10""",
        name="Pip Larkin",
        attrs="d8 d6 d8 d4 d6",
        skills="athletics d6, focus d8, notice d8, stealth d8",
        parry=2,
        toughness=5,
        edges=("arcane_background",),
        hindrances=("young",),
        severity=(("young", "minor"),),
        powers=(("speed", 1), ("boost trait", 2)),
        pp=10,
        ab="gifted",
        arcane_skill="focus",
    ),
    SwadeCase(
        id="en-savaged-plain",
        text="""\
Mira Quell
Human Female Hedge Witch

Attributes: Agility d6, Smarts d10, Spirit d8, Strength d4, Vigor d6
Skills: Athletics d4, Common Knowledge d6, Healing d6, Notice d6, Persuasion d4, Spellcasting d10, Stealth d6
Pace: 6; Running Die: d6; Parry: 2; Toughness: 5
Hindrances: Cautious (Minor), Curious (Major)
Edges: Arcane Background (Magic), Alertness
Weapons: Staff (Str+d4, Parry +1, Reach 1)
Gear: Herb pouch, lantern
Languages: Common, Sylvan
Current Wealth: $75
Arcane Background: Magic (SWADE)
Power Points: 10
Powers: Bolt (1 PP), Healing (3 PP), Light (1 PP)
Special Abilities
Keen Nose: +2 to Notice by smell.
------------------
Validity: Character appears valid and optimal""",
        name="Mira Quell",
        given_name="Mira Quell",
        attrs="d6 d10 d8 d4 d6",
        skills=(
            "athletics d4, common_knowledge d6, healing d6, notice d6, persuasion d4,"
            " spellcasting d10, stealth d6"
        ),
        parry=2,
        toughness=5,
        edges=("arcane_background", "alertness"),
        hindrances=("cautious", "curious"),
        severity=(("cautious", "minor"), ("curious", "major")),
        weapons=(("Staff", "Str+d4", 0, "", 1, 1),),
        powers=(("Bolt", 1), ("Healing", 3), ("Light", 1)),
        pp=10,
        ab="magic",
        arcane_skill="spellcasting",
        gear=("Herb pouch", "lantern"),
        abilities=("Keen Nose",),
        note="Human Female Hedge Witch",
        unused=(
            "Running Die: d6",
            "Languages: Common, Sylvan",
            "Current Wealth: $75",
            "Validity: Character appears valid and optimal",
        ),
    ),
    SwadeCase(
        id="en-savaged-markdown",
        text="""\
# Captain Ilse Varga

**Attributes**: Agility d8, Smarts d6, Spirit d8, Strength d6, Vigor d8
**Skills**: Athletics d6, Battle d6, Fighting d8, Notice d6, Shooting d10
**Pace**: 6; **Parry**: 6; **Toughness**: 8 (2)
**Hindrances**: Loyal (Minor), Heroic (Major)
**Edges**: Command, Marksman, Level Headed
**Armor**: Flak vest (+2)
**Weapons**: Service pistol (Range 12/24/48, Damage 2d6, AP 1, RoF 1, Shots 15), Knife (Str+d4)
**Starting Bennies**: 4""",
        name="Captain Ilse Varga",
        attrs="d8 d6 d8 d6 d8",
        skills="athletics d6, battle d6, fighting d8, notice d6, shooting d10",
        parry=6,
        toughness=8,
        armor=2,
        edges=("command", "marksman", "level_headed"),
        hindrances=("loyal", "heroic"),
        severity=(("loyal", "minor"), ("heroic", "major")),
        weapons=(("Service pistol", "2d6", 1, "12/24/48", 1, 0), ("Knife", "Str+d4", 0, "", 1, 0)),
        gear=("Flak vest (+2)",),
        bennies=4,
    ),
    SwadeCase(
        id="en-savaged-bbcode",
        text="""\
[SIZE=22px]Brother Aldo[/SIZE]
[B]Attributes[/B]: Agility d6, Smarts d6, Spirit d10, Strength d8, Vigor d8
[B]Skills[/B]: Faith d10, Fighting d8, Healing d6, Notice d6
[B]Pace[/B]: 6; [B]Parry[/B]: 6; [B]Toughness[/B]: 8 (2)
[B]Edges[/B]: Arcane Background (Miracles), Brawny
[B]Gear[/B]: Flail (Str+d6), chain shirt (+2)
[B]Arcane Background[/B]: Miracles
[LIST]
[*][B]Power Points[/B]: 10
[*][B]Powers[/B]: Healing (3 PP), Smite (2 PP)
[/LIST]""",
        name="Brother Aldo",
        attrs="d6 d6 d10 d8 d8",
        skills="faith d10, fighting d8, healing d6, notice d6",
        parry=6,
        toughness=8,
        armor=2,
        edges=("arcane_background", "brawny"),
        weapons=(("Flail", "Str+d6", 0, "", 1, 0),),
        powers=(("Healing", 3), ("Smite", 2)),
        pp=10,
        ab="miracles",
        arcane_skill="faith",
        gear=("chain shirt (+2)",),
    ),
    SwadeCase(
        id="en-foundry-importer-style",
        text="""\
Marsh Troll
Attributes: Agility d6, Smarts d4, Spirit d6, Strength d12+2, Vigor d12
Skills: Athletics d6, Fighting d8, Intimidation d10, Notice d6, Stealth d4
Pace: 6; Parry: 6; Toughness: 13 (2)
Edges: Brawler
Special Abilities:
• Armor +2: Rubbery hide.
• Claws/Bite: Str+d8, AP 1.
• Regeneration: May make a natural healing roll every round.
• Size +2: Marsh trolls are twice the height of a man.
• Weakness (Fire): Takes +4 damage from fire.
Treasure: Worthwhile, in its lair.""",
        name="Marsh Troll",
        attrs="d6 d4 d6 d12+2 d12",
        skills="athletics d6, fighting d8, intimidation d10, notice d6, stealth d4",
        parry=6,
        toughness=13,
        armor=2,
        size=2,
        edges=("brawler",),
        weapons=(("Claws/Bite", "Str+d8", 1, "", 1, 0),),
        abilities=("Regeneration", "Weakness (Fire)"),
        unused=("Treasure: Worthwhile, in its lair",),
    ),
    SwadeCase(
        id="en-quick-extra",
        text="Goblin: Fighting d6, Parry 5, Toughness 5, spear Str+d4",
        name="Goblin",
        skills="fighting d6",
        parry=5,
        toughness=5,
        weapons=(("spear", "Str+d4", 0, "", 1, 0),),
        quick=True,
    ),
    SwadeCase(
        id="en-quick-extra-archer",
        text="Skeleton Archer: Shooting d6, Fighting d4, Vigor d6, Toughness 7 (2), bow 2d6 AP 1 range 12/24/48, Quick",
        name="Skeleton Archer",
        attrs="d4 d4 d4 d4 d6",
        skills="shooting d6, fighting d4",
        parry=4,
        toughness=7,
        armor=2,
        edges=("quick",),
        weapons=(("bow", "2d6", 1, "12/24/48", 1, 0),),
        quick=True,
    ),
    SwadeCase(
        id="en-no-name-semicolons",
        text=(
            "Attributes: Agility d6, Smarts d6, Spirit d6, Strength d8, Vigor d8\n"
            "Skills: Fighting d8, Intimidation d6, Notice d6\n"
            "Pace 6; Parry 6; Toughness 8 (2)\n"
            "Gear: axe (Str+d8)"
        ),
        name="Hired Blade",
        given_name="Hired Blade",
        attrs="d6 d6 d6 d8 d8",
        skills="fighting d8, intimidation d6, notice d6",
        parry=6,
        toughness=8,
        armor=2,
        weapons=(("axe", "Str+d8", 0, "", 1, 0),),
    ),
    # -- Spanish ------------------------------------------------------------------------
    SwadeCase(
        id="es-libro-trasgo",
        text="""\
Trasgo de las cuevas
Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d4, Vigor d6
Habilidades: Atletismo d6, Disparar d8, Notar d6, Pelear d6, Sigilo d10
Paso: 5; Parada: 5; Dureza: 5 (1)
Desventajas: Avaricioso (Menor)
Ventajas: Alerta
Equipo: Lanza corta (Fue+d4, Alcance 1), honda (Distancia 4/8/16, Daño Fue+d4), jubón de cuero (+1)
Capacidades especiales:
• Visión en la penumbra: Ignora los penalizadores por luz tenue.""",
        name="Trasgo de las cuevas",
        attrs="d8 d6 d6 d4 d6",
        skills="athletics d6, shooting d8, notice d6, fighting d6, stealth d10",
        pace=5,
        parry=5,
        toughness=5,
        armor=1,
        edges=("alertness",),
        hindrances=("greedy",),
        severity=(("greedy", "minor"),),
        weapons=(("Lanza corta", "Fue+d4", 0, "", 1, 1), ("honda", "Fue+d4", 0, "4/8/16", 1, 0)),
        gear=("jubón de cuero (+1)",),
        abilities=("Visión en la penumbra",),
    ),
    SwadeCase(
        id="es-libro-caudilla",
        text="""\
Urka la Rompehuesos (Comodín)
Atributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d10, Vigor d10
Habilidades: Atletismo d8, Intimidar d10, Notar d6, Pelear d10, Persuadir d6
Paso: 6; Parada: 8; Dureza: 10 (3)
Desventajas: Sanguinaria, Testaruda
Ventajas: Temple, Rápida, Reflejos de combate, Dura de pelar
Equipo: Hacha de batalla (Fue+d10, PA 2), cota de mallas (+3), escudo mediano (+2 Parada)
Benis: 2""",
        name="Urka la Rompehuesos",
        wild=True,
        attrs="d8 d6 d8 d10 d10",
        skills="athletics d8, intimidation d10, notice d6, fighting d10, persuasion d6",
        parry=8,
        toughness=10,
        armor=3,
        edges=("level_headed", "quick", "combat_reflexes", "hard_to_kill"),
        hindrances=("bloodthirsty", "stubborn"),
        weapons=(("Hacha de batalla", "Fue+d10", 2, "", 1, 0),),
        gear=("cota de mallas (+3)", "escudo mediano (+2 Parada)"),
        bennies=2,
    ),
    SwadeCase(
        id="es-libro-tiradora",
        text="""\
Saeta Morales (Comodín)
Atributos: Agilidad d10, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6
Habilidades: Atletismo d6, Disparar d10, Notar d8, Pelear d6, Sigilo d8
Paso: 6; Parada: 5; Dureza: 5
Desventajas: Titubeante, Leal
Ventajas: Tiradora, Nivel de mando, Manos firmes
Equipo: Rifle de caza (Distancia 24/48/96, Daño 2d8, PA 2, CdF 1, Disparos 5), cuchillo (Fue+d4), cuerda""",
        name="Saeta Morales",
        wild=True,
        attrs="d10 d6 d6 d6 d6",
        skills="athletics d6, shooting d10, notice d8, fighting d6, stealth d8",
        parry=5,
        toughness=5,
        edges=("marksman", "level_headed", "steady_hands"),
        hindrances=("hesitant", "loyal"),
        weapons=(
            ("Rifle de caza", "2d8", 2, "24/48/96", 1, 0),
            ("cuchillo", "Fue+d4", 0, "", 1, 0),
        ),
        gear=("cuerda",),
    ),
    SwadeCase(
        id="es-libro-hechicera",
        text="""\
Nerea la Gris (Comodín)
Atributos: Agilidad d6, Astucia d10, Espíritu d8, Fuerza d4, Vigor d6
Habilidades: Hechicería d10, Notar d6, Ocultismo d8, Pelear d4, Persuadir d6
Paso: 6; Parada: 4; Dureza: 5
Desventajas: Curiosa, Cauta
Ventajas: Trasfondo arcano (Magia), Puntos de poder
Poderes: descarga (1 PP), protección (1 PP), explosión (2 PP), enredar (2 PP)
Puntos de poder: 20
Equipo: Bastón (Fue+d4, Alcance 1), grimorio""",
        name="Nerea la Gris",
        wild=True,
        attrs="d6 d10 d8 d4 d6",
        skills="spellcasting d10, notice d6, occult d8, fighting d4, persuasion d6",
        parry=4,
        toughness=5,
        edges=("arcane_background", "power_points"),
        hindrances=("curious", "cautious"),
        weapons=(("Bastón", "Fue+d4", 0, "", 1, 1),),
        powers=(("descarga", 1), ("protección", 1), ("explosión", 2), ("enredar", 2)),
        pp=20,
        ab="magic",
        arcane_skill="spellcasting",
        gear=("grimorio",),
    ),
    SwadeCase(
        id="es-libro-sanadora",
        text="""\
Madre Alba
Atributos: Agilidad d6, Astucia d6, Espíritu d10, Fuerza d6, Vigor d8
Habilidades: Fe d10, Notar d6, Pelear d6, Persuadir d8, Sanar d8
Paso: 6; Parada: 5; Dureza: 6
Ventajas: Trasfondo arcano (Milagros), Curandera
Poderes: curación (3 PP), alivio (1 PP), golpe (2 PP)
Puntos de poder: 15
Equipo: Maza (Fue+d6), vendas""",
        name="Madre Alba",
        attrs="d6 d6 d10 d6 d8",
        skills="faith d10, notice d6, fighting d6, persuasion d8, healing d8",
        parry=5,
        toughness=6,
        edges=("arcane_background", "healer"),
        weapons=(("Maza", "Fue+d6", 0, "", 1, 0),),
        powers=(("curación", 3), ("alivio", 1), ("golpe", 2)),
        pp=15,
        ab="miracles",
        arcane_skill="faith",
        gear=("vendas",),
    ),
    SwadeCase(
        id="es-libro-lobo",
        text="""\
Lobo gris
Atributos: Agilidad d8, Astucia d6 (A), Espíritu d6, Fuerza d6, Vigor d6
Habilidades: Atletismo d8, Intimidar d6, Notar d10, Pelear d6, Sigilo d8
Paso: 8; Parada: 5; Dureza: 4
Capacidades especiales:
• Mordisco: Fue+d4.
• Tamaño -1: Los lobos son algo más pequeños que un hombre.
• Veloz: Tira d10 al correr.""",
        name="Lobo gris",
        attrs="d8 d6 d6 d6 d6",
        skills="athletics d8, intimidation d6, notice d10, fighting d6, stealth d8",
        pace=8,
        parry=5,
        toughness=4,
        size=-1,
        weapons=(("Mordisco", "Fue+d4", 0, "", 1, 0),),
        abilities=("Veloz",),
    ),
    SwadeCase(
        id="es-libro-gigante",
        text="""\
Gigante de las colinas
Atributos: Agilidad d6, Astucia d4, Espíritu d6, Fuerza d12+4, Vigor d12
Habilidades: Atletismo d6, Intimidar d10, Notar d6, Pelear d8
Paso: 8; Parada: 6; Dureza: 15 (2)
Equipo: Garrote enorme (Fue+d12)
Capacidades especiales:
• Armadura +2: Pieles curtidas.
• Tamaño +5: Mide cerca de cinco metros.
• Barrido: Puede atacar a todos los adyacentes con -2.
Tesoro: Abundante.""",
        name="Gigante de las colinas",
        attrs="d6 d4 d6 d12+4 d12",
        skills="athletics d6, intimidation d10, notice d6, fighting d8",
        pace=8,
        parry=6,
        toughness=15,
        armor=2,
        size=5,
        weapons=(("Garrote enorme", "Fue+d12", 0, "", 1, 0),),
        abilities=("Barrido",),
        unused=("Tesoro: Abundante",),
    ),
    SwadeCase(
        id="es-libro-zombi",
        text="""\
Zombi del pantano
Atributos: Agilidad d6, Astucia d4, Espíritu d4, Fuerza d8, Vigor d6
Habilidades: Intimidar d6, Notar d4, Pelear d6
Paso: 4; Parada: 5; Dureza: 7
Capacidades especiales:
• Garras: Fue+d4.
• No muerto: +2 Dureza; +2 para recuperarse del aturdimiento.
• Sin miedo: Inmune al miedo y a la intimidación.""",
        name="Zombi del pantano",
        attrs="d6 d4 d4 d8 d6",
        skills="intimidation d6, notice d4, fighting d6",
        pace=4,
        parry=5,
        toughness=7,
        weapons=(("Garras", "Fue+d4", 0, "", 1, 0),),
        abilities=("No muerto", "Sin miedo"),
    ),
    SwadeCase(
        id="es-libro-psionica",
        text="""\
Iria Sombra (Comodín)
Atributos: Agilidad d6, Astucia d8, Espíritu d10, Fuerza d4, Vigor d6
Habilidades: Notar d8, Persuadir d6, Psiónica d10, Sigilo d8
Paso: 6; Parada: 2; Dureza: 5
Ventajas: Trasfondo arcano (Psiónica), Mentalista
Poderes: leer la mente (2 PP), aturdir (2 PP), telequinesis (5 PP)
Puntos de poder: 15""",
        name="Iria Sombra",
        wild=True,
        attrs="d6 d8 d10 d4 d6",
        skills="notice d8, persuasion d6, psionics d10, stealth d8",
        parry=2,
        toughness=5,
        edges=("arcane_background", "mentalista"),
        powers=(("leer la mente", 2), ("aturdir", 2), ("telequinesis", 5)),
        pp=15,
        ab="psionics",
        arcane_skill="psionics",
    ),
    SwadeCase(
        id="es-libro-inventora",
        text="""\
Profesora Quintana (Comodín)
Atributos: Agilidad d6, Astucia d12, Espíritu d6, Fuerza d4, Vigor d6
Habilidades: Ciencia extraña d10, Disparar d8, Investigar d8, Reparar d10
Paso: 6; Parada: 2; Dureza: 6 (1)
Desventajas: Manazas
Ventajas: Trasfondo arcano (Ciencia extraña)
Poderes: barrera (2 PP), velocidad (1 PP)
Puntos de poder: 10
Equipo: Pistola de rayos (Distancia 12/24/48, Daño 2d6, PA 2, CdF 1, Disparos 10), bata reforzada (+1)""",
        name="Profesora Quintana",
        wild=True,
        attrs="d6 d12 d6 d4 d6",
        skills="weird_science d10, shooting d8, research d8, repair d10",
        parry=2,
        toughness=6,
        armor=1,
        edges=("arcane_background",),
        hindrances=("clumsy",),
        weapons=(("Pistola de rayos", "2d6", 2, "12/24/48", 1, 0),),
        powers=(("barrera", 2), ("velocidad", 1)),
        pp=10,
        ab="weird_science",
        arcane_skill="weird_science",
        gear=("bata reforzada (+1)",),
    ),
    SwadeCase(
        id="es-libro-dotado",
        text="""\
Nico Vela
Atributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6
Habilidades: Atletismo d8, Concentración d8, Notar d6, Pelear d6
Paso: 6; Parada: 5; Dureza: 5
Ventajas: Trasfondo arcano (Dotado), Rápido
Poderes: velocidad (1 PP), desvío (3 PP)
Puntos de poder: 10""",
        name="Nico Vela",
        attrs="d8 d6 d8 d6 d6",
        skills="athletics d8, focus d8, notice d6, fighting d6",
        parry=5,
        toughness=5,
        edges=("arcane_background", "quick"),
        powers=(("velocidad", 1), ("desvío", 3)),
        pp=10,
        ab="gifted",
        arcane_skill="focus",
    ),
    SwadeCase(
        id="es-rapida-extra",
        text="Esqueleto: Pelear d6, Parada 5, Dureza 7 (2), espada Fue+d6",
        name="Esqueleto",
        skills="fighting d6",
        parry=5,
        toughness=7,
        armor=2,
        weapons=(("espada", "Fue+d6", 0, "", 1, 0),),
        quick=True,
    ),
    SwadeCase(
        id="es-sin-dos-puntos",
        text="""\
Guardia de la muralla
Atributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8
Habilidades: Atletismo d6, Disparar d6, Notar d6, Pelear d8
Paso 6, Parada 7, Dureza 8 (2)
Ventajas: Bloqueo
Equipo: Alabarda (Fue+d8, Alcance 1), escudo grande (+3 Parada), cota (+2)""",
        name="Guardia de la muralla",
        attrs="d6 d6 d6 d8 d8",
        skills="athletics d6, shooting d6, notice d6, fighting d8",
        parry=7,
        toughness=8,
        armor=2,
        edges=("block",),
        weapons=(("Alabarda", "Fue+d8", 0, "", 1, 1),),
        gear=("escudo grande (+3 Parada)", "cota (+2)"),
    ),
    SwadeCase(
        id="es-tamano-benis-derivadas",
        text="""\
Bruto mercenario (Comodín)
Atributos: Agilidad d6, Astucia d4, Espíritu d6, Fuerza d10, Vigor d10
Habilidades: Atletismo d8, Intimidar d8, Pelear d10
Tamaño: 1
Benis: 3
Ventajas: Fornido, Nervios de acero
Equipo: Mandoble (Fue+d10), coraza (+3)""",
        name="Bruto mercenario",
        wild=True,
        attrs="d6 d4 d6 d10 d10",
        skills="athletics d8, intimidation d8, fighting d10",
        parry=2 + 5,
        toughness=2 + 5 + 1 + 3,
        armor=3,
        size=1,
        edges=("brawny", "nerves_of_steel"),
        weapons=(("Mandoble", "Fue+d10", 0, "", 1, 0),),
        gear=("coraza (+3)",),
        bennies=3,
    ),
]
