"""Issue 16, property: a sheet the card shows, written back as a block (``to_block``), reads
as the same sheet, in Spanish and English, as written and flattened to one line. Sheets
are drawn at random in the shape the readers make them."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import catalog
from bot.systems.ds20.sheet_text import to_block as ds20_block
from bot.systems.ds20.state import DSArmor, DSCombatant, DSWeapon, Technique, WoundTrack
from bot.systems.ds20.statline import read_statline, skill_key
from bot.systems.ritualhex.actions import EXAMPLE_ACTIONS
from bot.systems.ritualhex.sheet import HERO_LIMBS, HERO_PARTS, read_sheet
from bot.systems.ritualhex.sheet_text import to_block as rh_block
from bot.systems.ritualhex.state import (
    STATS,
    ActionDef,
    Amount,
    CheckDef,
    EffectDef,
    Equipment,
    LimbNeed,
    Part,
    RHCombatant,
)
from bot.systems.swade.names import ARCANE_SKILL_OF, ARCANE_SKILLS, ATTRIBUTE_IDS, edge_id
from bot.systems.swade.sheet_text import edge_name
from bot.systems.swade.sheet_text import to_block as swade_block
from bot.systems.swade.statblock import read_statblock
from bot.systems.swade.state import Power, SwadeCombatant, Trait, Weapon
from tests.systems.sheets.forms import flat

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LANGS = st.sampled_from(["es", "en"])
WORDS = [
    "Ash",
    "Bram",
    "Cora",
    "Dusk",
    "Ember",
    "Fenn",
    "Gale",
    "Holt",
    "Iva",
    "Juno",
    "Kestrel",
    "Lark",
    "Moss",
    "Nim",
    "Orrin",
    "Pike",
    "Quill",
    "Rook",
    "Sable",
    "Thorn",
]
LOWER = [w.lower() for w in WORDS]


def name(words: list[str] = WORDS) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(words), min_size=1, max_size=3).map(" ".join)


# -- Savage Worlds --------------------------------------------------------------------------

TRAITS = st.builds(Trait, die=st.sampled_from([4, 6, 8, 10, 12]), bonus=st.just(0)) | st.builds(
    Trait, die=st.just(12), bonus=st.integers(1, 3)
)
SKILL_IDS = [
    "athletics",
    "fighting",
    "shooting",
    "notice",
    "stealth",
    "intimidation",
    "persuasion",
    "healing",
    "common_knowledge",
    "battle",
    "repair",
    "occult",
    *ARCANE_SKILLS,
]
EDGE_IDS = [
    "quick",
    "level_headed",
    "improved_level_headed",
    "combat_reflexes",
    "hard_to_kill",
    "improved_hard_to_kill",
    "nerves_of_steel",
    "improved_nerves_of_steel",
    "alertness",
    "brawny",
    "marksman",
    "command",
    "block",
    "dodge",
    "frenzy",
    "sweep",
    "berserk",
    "luck",
    "power_points",
    "bruiser",  # "Matona": a feminine masculine() cannot undo
]
HINDRANCE_IDS = [
    "ugly",  # "Fea": too short for masculine()
    "greedy",
    "hesitant",
    "loyal",
    "heroic",
    "cautious",
    "curious",
    "stubborn",
    "arrogant",
    "mean",
    "vow",
]
DAMAGES = ["Str+d4", "Str+d6", "Str+d8", "Fue+d10", "2d6", "2d8+1", "3d6", "1d10"]


def weapons() -> st.SearchStrategy[Weapon]:
    return st.builds(
        Weapon,
        name=name(),
        damage=st.sampled_from(DAMAGES),
        ap=st.integers(0, 4),
        rof=st.integers(1, 3),
        range=st.sampled_from(["", "12/24/48", "3/6/12"]),
        shots=st.none() | st.integers(1, 30),
        reach=st.integers(0, 2),
        notes=st.sampled_from(["", "two hands", "silver"]),
    )


@st.composite
def swade_sheets(draw: st.DrawFn) -> SwadeCombatant:
    skills = draw(st.dictionaries(st.sampled_from(SKILL_IDS), TRAITS, max_size=6))
    background = draw(st.none() | st.sampled_from(list(ARCANE_SKILL_OF)))
    edges = draw(st.lists(st.sampled_from(EDGE_IDS), unique=True, max_size=4))
    if background is not None and draw(st.booleans()):
        edges.insert(0, "arcane_background")
    pp = draw(st.none() | st.integers(1, 40))
    gear = draw(
        st.lists(
            st.sampled_from(LOWER) | st.sampled_from(LOWER).map(lambda w: f"{w} coat (+1)"),
            unique=True,
            max_size=3,
        )
    )
    arcane = ARCANE_SKILL_OF.get(background or "") or next(
        (s for s in ARCANE_SKILLS if s in skills), None
    )
    hindrances = draw(st.lists(st.sampled_from(HINDRANCE_IDS), unique=True, max_size=3))
    severity = {h: draw(st.sampled_from(["major", "minor"])) for h in hindrances}
    severity = {h: v for h, v in severity.items() if draw(st.booleans())}  # issue 31
    return SwadeCombatant(
        id="",
        name=draw(name()),
        wild_card=draw(st.booleans()),
        attributes={a: draw(TRAITS) for a in ATTRIBUTE_IDS},
        skills=skills,
        pace=draw(st.integers(1, 12)),
        parry=draw(st.integers(2, 12)),
        toughness=draw(st.integers(2, 20)),
        armor=draw(st.integers(0, 6)),
        size=draw(st.integers(-2, 6)),
        edges=edges,
        hindrances=hindrances,
        hindrance_severity=severity,
        weapons=draw(st.lists(weapons(), max_size=3)),
        powers=draw(
            st.lists(
                st.builds(
                    Power,
                    name=st.sampled_from(LOWER),
                    cost=st.none() | st.integers(1, 10),
                    notes=st.sampled_from(["", "fire", "cold"]),
                ),
                max_size=4,
            )
        ),
        power_points=pp,
        max_power_points=pp,
        arcane_background=background,
        arcane_skill=arcane,
        bennies=draw(st.integers(0, 5)),
        max_wounds=draw(st.integers(3, 5)),
        gear=gear,
        abilities=draw(st.lists(name(), unique=True, max_size=3)),
        note=draw(st.sampled_from(["", "an old soldier", "Seasoned Male Human, Caravan Guard"])),
        gender=draw(st.sampled_from([None, "f", "m"])),  # the edges' names agree with it
    )


@SETTINGS
@given(sheet=swade_sheets(), lang=LANGS, one_line=st.booleans())
def test_a_swade_sheet_written_back_reads_the_same(
    sheet: SwadeCombatant, lang: str, one_line: bool
) -> None:
    block = swade_block(sheet, lang)
    reading = read_statblock(flat(block) if one_line else block)
    assert reading.sheet.model_dump() == sheet.model_dump(), block
    assert reading.unused == [] and reading.defaults == [], block


@pytest.mark.parametrize(
    ("lang", "gender", "words"),
    [
        ("es", "f", ["Género: femenino", "Ventajas: Rápida, Tiradora", "Desventajas: Fea (Mayor)"]),
        ("es", "m", ["Género: masculino", "Ventajas: Rápido, Tirador", "Desventajas: Feo (Mayor)"]),
        ("es", None, ["Ventajas: Rápido, Tirador"]),
        ("en", "f", ["Gender: female", "Edges: Quick, Marksman", "Hindrances: Ugly (Major)"]),
    ],
)
def test_a_swade_sheet_written_back_names_its_edges_in_its_gender(
    lang: str, gender: str | None, words: list[str]
) -> None:
    """Issue 18/29: ``Género: f`` makes the written-back edges "Rápida", "Tiradora", as
    the card names them (the one vocabulary, ``sheet.swade.edge.*``), and it reads back."""
    c = read_statblock(
        "Vira\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\n"
        f"Género: {gender or '-'}\nVentajas: Rápido, Tirador\nDesventajas: Feo (Mayor)"
    ).sheet
    block = swade_block(c, lang)
    assert all(w in block for w in words), block
    assert read_statblock(block).sheet.model_dump() == c.model_dump(), block


def test_every_edge_name_the_card_shows_reads_back_to_its_edge() -> None:
    """Each edge and hindrance the catalogue names, in both languages and genders, is
    read back by the stat block reader as that edge ("Matona", "Fea" included)."""
    names = [
        k.removeprefix("sheet.swade.edge.")
        for k in catalog("es")
        if k.startswith("sheet.swade.edge.")
    ]
    assert len(names) > 50
    for edge in names:
        for lang in ("es", "en"):
            for gender in ("f", "m", None):
                assert edge_id(edge_name(edge, lang, gender)) == edge, (edge, lang, gender)


# -- Ritual Hex -----------------------------------------------------------------------------

AMOUNTS = st.builds(
    Amount, count=st.integers(1, 3), minus=st.integers(-2, 2), minimum=st.integers(0, 2)
)
CHECK_STATS = st.none() | st.sampled_from(["str", "def", "per", "mag"])


@st.composite
def rh_actions(draw: st.DrawFn) -> ActionDef:
    reaction = draw(st.booleans())
    if reaction:
        effects = [EffectDef(kind="cancel")]
        reacts = draw(
            st.lists(
                st.sampled_from(["attack", "spell", "defense", "act"]), min_size=1, unique=True
            )
        )
        trigger = draw(st.sampled_from(["any", "self"]))
        targets, self_target = 1, False
    else:
        kind = draw(st.sampled_from(["damage", "heal", "waiting"]))
        effects = [EffectDef(kind=kind, amount=draw(AMOUNTS))]
        reacts, trigger = None, "any"
        targets = draw(st.integers(1, 3))
        self_target = False
    check = draw(
        st.none()
        | st.builds(CheckDef, co=CHECK_STATS, difficulty=st.integers(6, 14), cd=CHECK_STATS)
    )
    return ActionDef(
        name=draw(st.sampled_from(WORDS)) + " " + draw(st.sampled_from(LOWER)),
        kind=draw(st.sampled_from(["attack", "spell", "defense", "act"])),
        cost=draw(st.integers(0, 8)),
        limbs=draw(
            st.lists(
                st.builds(
                    LimbNeed,
                    kind=st.sampled_from(["mano", "pies", "cola"]),
                    count=st.integers(1, 2),
                    free=st.booleans(),
                ),
                max_size=2,
            )
        ),
        targets=targets,
        self_target=self_target,
        check=check,
        effects=effects,
        reacts_to=reacts,
        trigger=trigger,
    )


def _parts(kinds: list[tuple[str, int]], *, limb: bool) -> list[Part]:
    out = []
    for kind, count in kinds:
        for i in range(count):
            out.append(Part(key=f"{kind}{i + 1}" if count > 1 else kind, kind=kind, limb=limb))
    return out


@st.composite
def rh_sheets(draw: st.DrawFn) -> RHCombatant:
    hero = draw(st.booleans())
    if hero:
        parts = [Part(key=k, kind=t) for k, t in HERO_PARTS]
        parts += [Part(key=k, kind=t, limb=True) for k, t in HERO_LIMBS]
        advantages = draw(
            st.dictionaries(
                st.sampled_from(
                    [
                        "velocidad",
                        "salud",
                        "fortaleza",
                        "esquivar",
                        "atencion",
                        "mistica",
                        "resistencia",
                        "multiataque",
                    ]
                ),
                st.integers(1, 3),
                max_size=3,
            )
        )
    else:
        body = draw(st.lists(st.sampled_from(["cabeza", "torso", "ala"]), unique=True, max_size=3))
        limbs = draw(st.lists(st.sampled_from(["mano", "pies", "cola"]), unique=True, max_size=3))
        parts = _parts([(k, draw(st.integers(1, 2))) for k in body], limb=False)
        parts += _parts([(k, draw(st.integers(1, 2))) for k in limbs], limb=True)
        advantages = {}
    limb_keys = [p.key for p in parts if p.limb]
    equipment = []
    if limb_keys and draw(st.booleans()):
        key = draw(st.sampled_from(limb_keys))
        kind = next(p.kind for p in parts if p.key == key)
        equipment.append(
            Equipment(
                name=draw(st.sampled_from(WORDS)),
                needs=[kind],
                worn_on=[key],
                cost=draw(st.integers(0, 4)),
                mods=draw(
                    st.dictionaries(
                        st.sampled_from(["str", "def"]), st.integers(-2, 2).filter(bool), max_size=2
                    )
                ),
                actions=draw(st.lists(st.sampled_from(EXAMPLE_ACTIONS[:1]), max_size=1)),
            )
        )
    actions = draw(st.lists(rh_actions(), max_size=3, unique_by=lambda a: a.name))
    actions += draw(
        st.lists(st.sampled_from(EXAMPLE_ACTIONS), unique_by=lambda a: a.name, max_size=2)
    )
    return RHCombatant(
        id="",
        name=draw(name()),
        is_pc=hero,
        side="hero" if hero else "minion",
        base={s: draw(st.integers(1 if s in ("ap", "hp") else 0, 15)) for s in STATS},
        advantages=advantages,
        parts=parts,
        equipment=equipment,
        actions=actions,
    )


@SETTINGS
@given(sheet=rh_sheets(), lang=LANGS, one_line=st.booleans())
def test_a_ritual_hex_sheet_written_back_reads_the_same(
    sheet: RHCombatant, lang: str, one_line: bool
) -> None:
    block = rh_block(sheet, lang)
    reading = read_sheet(flat(block) if one_line else block, kind=sheet.side)
    assert reading.sheet == sheet, block
    no_parts = sheet.side == "minion" and not sheet.parts  # named as a default
    assert [n.key for n in reading.defaults] == (
        ["sheet.ritualhex.default.no_parts"] if no_parts else []
    )


# -- Dread S-20 -----------------------------------------------------------------------------

SCORE_NAMES = [
    "Fortaleza",
    "Destreza",
    "Pelea",
    "Armas C.C.",
    "Armas de Fuego",
    "Acrobacia",
    "Primeros Auxilios",
    "Iniciativa",
    "Intimidar",
    "Sigilo",
]


@st.composite
def ds_weapons(draw: st.DrawFn) -> DSWeapon:
    kind = draw(st.sampled_from(["pelea", "cc", "fuego"]))
    mhl = draw(st.integers(1, 8))
    fields: dict[str, object] = {}
    if kind == "fuego":
        fields["range_m"] = draw(st.none() | st.integers(5, 80))
        magazine = draw(st.none() | st.integers(1, 30))
        if magazine is not None:
            fields["magazine"] = magazine
            fields["ammo"] = draw(st.integers(0, magazine))
        fields["fire_class"] = draw(
            st.sampled_from(["sniper", "revolver", "shotgun", "pistol", "assault", "other"])
        )
        fields["automatic"] = draw(st.booleans())
    return DSWeapon(
        name=draw(name()),
        kind=kind,
        mhl=mhl,
        mhg=mhl + draw(st.integers(1, 8)),
        **fields,
    )


@st.composite
def ds_sheets(draw: st.DrawFn) -> DSCombatant:
    names = draw(st.lists(st.sampled_from(SCORE_NAMES), unique=True, min_size=1, max_size=6))
    scores = {skill_key(n): draw(st.integers(1, 18)) for n in names}
    covered = draw(
        st.lists(st.sampled_from(["cabeza", "brazos", "torso", "piernas"]), unique=True, max_size=3)
    )
    score = {"cabeza": 2, "brazos": 4, "torso": 8, "piernas": 4}
    extra = draw(st.integers(0, 2))
    armor = draw(
        st.sampled_from(
            [
                None,
                DSArmor(parts=[], score=draw(st.integers(1, 16)), extra=extra),
                *(
                    [DSArmor(parts=covered, score=sum(score[p] for p in covered), extra=extra)]
                    if covered
                    else []
                ),
            ]
        )
    )
    is_pc = draw(st.booleans())
    return DSCombatant(
        id="",
        name=draw(name()),
        is_pc=is_pc,
        side=draw(st.sampled_from(["heroes", "foes"])),
        group=draw(st.none() | name()),
        scores=scores,
        score_names={skill_key(n): n for n in names},
        capacity=WoundTrack(
            r=draw(st.integers(1, 6)), hl=draw(st.integers(1, 4)), hg=draw(st.integers(1, 4))
        ),
        armor=armor,
        fatigue_max=draw(st.integers(1, 5)),
        weapons=draw(st.lists(ds_weapons(), max_size=3)),
        techniques=draw(
            st.lists(
                st.builds(
                    Technique,
                    name=st.sampled_from(WORDS),
                    skill=st.sampled_from(SCORE_NAMES).map(skill_key),
                    bonus=st.integers(0, 3),
                    damage=st.integers(0, 3),
                ),
                max_size=2,
            )
        ),
    )


@SETTINGS
@given(sheet=ds_sheets(), lang=LANGS, one_line=st.booleans())
def test_a_dread_s20_sheet_written_back_reads_the_same(
    sheet: DSCombatant, lang: str, one_line: bool
) -> None:
    block = ds20_block(sheet, lang)
    reading = read_statline(flat(block) if one_line else block)
    assert reading.sheet == sheet, block
    assert reading.defaults == [], block
