"""Issue 30, Savage Worlds through the commands in Spanish and English, with forced
dice: a power's damage rerolled with a benny, by its button and by ``/bennies spend
use:damage`` (SW-35); ``/bennies spend use:reroll`` after a failed activation; an
Extra's critical-failure check die shown as such (SW-3) and an evasion's total not read
as Agility; Protection shown on its target's board line (SW-42); each power modifier
with its cost (SW-41); a plain cast short of Power Points told how to get them (SW-40);
a custom effect's end announced once."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.recorder import SentMessage
from tests.table.swade.encounter_helpers import swade_table
from tests.table.swade.test_combat_setup import all_dice_used, buttons, force, must, named, refused
from tests.table.swade.test_powers_cast import power_table

WORDS = {
    "es": {
        "reroll_damage": "Repetir daño (beni)",
        "spend_damage": '@ana /bennies spend use:"Repetir el daño"',
        "spend_reroll": '@ana /bennies spend use:"Repetir una tirada de rasgo"',
    },
    "en": {
        "reroll_damage": "Reroll damage (benny)",
        "spend_damage": '@ana /bennies spend use:"Reroll damage"',
        "spend_reroll": '@ana /bennies spend use:"Reroll a trait roll"',
    },
}


def board(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in reversed(messages) if m.kind in ("channel_edit", "channel"))


def field(shown: SentMessage, name: str) -> str:
    """One combatant's field of the full board: its value's lines."""
    fields = shown.embeds[0].get("fields", [])
    return next(f["value"] for f in fields if name in f["name"])


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_sw35_a_powers_damage_is_rerolled_by_its_button(tmp_path: Path, lang: str) -> None:
    async with power_table(tmp_path, locale=lang) as table:
        await must(table, "@gm /bennies session-start")
        # Spellcasting 5 (wild 2): Bolt 2d6 on Brujo (Toughness 5): 1 + 2 = 3, nothing.
        force(table, 5, 2, 1, 2)
        [cast, *_] = await must(table, "@ana /cast power power:Descarga target:Brujo actor:Maga")
        assert WORDS[lang]["reroll_damage"] in buttons(cast)
        # The benny rerolls the damage only: 6 aces +3, 4 = 13 against 5: two wounds.
        force(table, 6, 3, 4)
        [again, *_] = await must(table, f'@ana press "{WORDS[lang]["reroll_damage"]}"')
        assert "d6: 6💥+3 + d6: 4 = **13**" in again.text()
        assert (await named(table, "Brujo")).wounds == 2
        assert (await named(table, "Maga")).power_points == 9  # paid once
        all_dice_used(table)


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_sw35_bennies_spend_damage_rerolls_a_powers_damage(tmp_path: Path, lang: str) -> None:
    async with power_table(tmp_path, locale=lang) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 5, 2, 1, 2)
        await must(table, "@ana /cast power power:Descarga target:Brujo actor:Maga")
        force(table, 6, 3, 4)
        await must(table, WORDS[lang]["spend_damage"])
        assert (await named(table, "Brujo")).wounds == 2
        all_dice_used(table)


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_sw35_bennies_spend_reroll_after_a_failed_activation(
    tmp_path: Path, lang: str
) -> None:
    async with power_table(tmp_path, locale=lang) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 2, 3)  # 3 against 4: a failure, 1 PP
        await must(table, "@ana /cast power power:Descarga target:Brujo actor:Maga")
        force(table, 6, 2, 1, 2)  # the reroll: 6, a success; damage 1 + 2
        [reply, *_] = await must(table, WORDS[lang]["spend_reroll"])
        assert ("Maga activa Descarga." if lang == "es" else "Maga activates Bolt.") in reply.text()
        assert (await named(table, "Maga")).power_points == 9
        all_dice_used(table)


@pytest.mark.parametrize(
    ("lang", "check", "evade"),
    [("es", "d6 de pifia (se tira cuando el dado de rasgo saca 1; no se suma): 6, no hay pifia",
      "Goblin 1 no logra evadirlo (tirada de Agilidad: -1)."),
     ("en", "critical-failure check d6 (rolled when the trait die shows 1; not added): 6, no critical failure",
      "Goblin 1 fails to evade (Agility roll: -1).")],
)  # fmt: skip
async def test_sw3_an_extras_check_die_is_named_and_an_evasion_total_is_a_roll(
    tmp_path: Path, lang: str, check: str, evade: str
) -> None:
    async with power_table(tmp_path, locale=lang) as table:
        # Blast on Goblin 1: Spellcasting 5; its evasion: Agility d8 shows 1, the check
        # d6 shows 6 (no critical failure): 1 - 2 = -1. Damage 2d6: 1 + 1.
        force(table, 5, 2, 1, 6, 1, 1)
        [cast, *_] = await must(
            table, '@ana /cast power power:Explosión target:"Goblin 1" actor:Maga'
        )
        text = cast.text()
        assert "**d8: 1** -2 → **-1** (" in text and check in text, text
        assert evade in text, text
        assert "d6 extra" not in text and "extra d6" not in text
        all_dice_used(table)


@pytest.mark.parametrize(
    ("lang", "on_target", "on_caster"),
    [("es", "🔮 Protección de Brujo: armadura +2 (quedan 5 rondas)",
      "Mantiene Protección [1] sobre Maga: quedan 5 rondas"),
     ("en", "🔮 Brujo's Protection: armor +2 (5 rounds left)",
      "Maintains Protection [1] on Maga: 5 rounds left")],
)  # fmt: skip
async def test_sw42_protection_shows_on_its_targets_line(
    tmp_path: Path, lang: str, on_target: str, on_caster: str
) -> None:
    async with power_table(tmp_path, locale=lang) as table:
        force(table, 5, 2)  # Spellcasting 5: Protection on Maga
        messages = await must(table, "@gm /cast power power:Protección target:Maga actor:Brujo")
        shown = board(messages)
        assert on_target in field(shown, "Maga"), shown.text()
        assert on_caster in field(shown, "Brujo"), shown.text()
        assert "🔮" not in field(shown, "Fray")
        all_dice_used(table)


@pytest.mark.parametrize(
    ("lang", "total", "each"),
    [("es", "Modificadores de poder: +4 PP en total.",
      ["• Perforación de armadura (PA 4) (+2 PP).",
       "• Arma pesada (+2 PP): el daño cuenta como arma pesada."]),
     ("en", "Power modifiers: +4 PP in all.",
      ["• Armor Piercing (AP 4) (+2 PP).",
       "• Heavy Weapon (+2 PP): the damage counts as a Heavy Weapon."])],
)  # fmt: skip
async def test_sw41_each_modifier_shows_its_cost(
    tmp_path: Path, lang: str, total: str, each: list[str]
) -> None:
    async with power_table(tmp_path, locale=lang) as table:
        force(table, 5, 2, 1, 1)
        line = (
            '@ana /cast power power:Descarga target:Brujo actor:Maga modifiers:"pa 4, arma pesada"'
        )
        text = (await must(table, line))[0].text()
        assert total in text and all(x in text for x in each), text
        all_dice_used(table)


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [("es", 'Maga necesita 2 PP para este poder y tiene 1. Un beni recupera 5'
            ' (`/benis gastar uso:"Recuperar 5 Puntos de Poder"`)', "modificadores"),
     ("en", 'Maga needs 2 Power Points for this power and has 1. A benny recovers 5'
            ' (`/bennies spend use:"Recover 5 power points"`)', "modifiers")],
)  # fmt: skip
async def test_sw40_a_plain_cast_short_of_points_says_how_to_get_them(
    tmp_path: Path, lang: str, said: str, not_said: str
) -> None:
    async with power_table(tmp_path, locale=lang) as table:
        await must(table, '@gm /combatant edit combatant:Maga statblock:"Puntos de Poder: 1"')
        text = await refused(table, '@ana /cast power power:Explosión target:"Goblin 1" actor:Maga')
        assert said in text and not_said not in text, text
        assert "/help" not in text and "/ayuda" not in text


@pytest.mark.parametrize(
    ("lang", "ends_soon", "ended"),
    [("es", "Bendecido de Ana termina al final de este turno", "Termina ✨Bendecido de Ana."),
     ("en", "Ana's ✨Blessed ends at the end of this turn", "✨Blessed ends for Ana.")],
)  # fmt: skip
async def test_a_custom_effects_end_is_announced_once(
    tmp_path: Path, lang: str, ends_soon: str, ended: str
) -> None:
    async with swade_table(tmp_path, strict=False, locale=lang) as table:
        name = "Bendecido" if lang == "es" else "Blessed"
        await must(table, "@gm /initiative set combatant:Ana card:KS")
        await must(table, '@gm /initiative set combatant:"Jefe orco" card:3C')
        await must(table, "@gm /initiative set combatant:Goblin card:2D")
        await must(table, "@gm /deal")  # Ana's turn
        await must(table, f"@ana /condition add combatant:Ana condition:{name} duration:1")
        said: list[str] = []
        for _ in range(4):  # round 2 comes round: Ana's next turn starts, then ends
            said += [m.text() for m in await must(table, "@gm /next")]
        # Once before (the reminder to her player), once when it ends; never twice.
        assert sum(text.count(ends_soon) for text in said) == 1, said
        assert sum(text.count(ended) for text in said) == 1, said
