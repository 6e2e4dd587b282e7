"""Seed 002's worked example ('Ejemplo') played through the COMMANDS and BUTTONS with
forced dice (RH-5, RH-6, RH-8, RH-11): every AP level and eligibility the seed states,
asserted on the state the bot saved and on the buttons it posted."""

from __future__ import annotations

from pathlib import Path

from tests.table.ritualhex.helpers import (
    acting,
    awaiting,
    combatant,
    labels,
    levels,
    must,
    reply,
    rh_table,
    state,
)

# Parálisis' check (Mag 3 + 4+4+4 = 15 > 10 + Per 0); then Piña against the Thrall
# (Str 2 + 5+4+3 = 14 > 11 + Def 1) and its damage 1d-2|1 with a 4 = 2, minus DR 1.
DICE = [4, 4, 4, 5, 4, 3, 4]


async def test_the_seeds_worked_example_through_commands(tmp_path: Path) -> None:
    async with rh_table(tmp_path, DICE) as table:
        # Round 1: the needle fell from 15 to 11; only Red Haggar (12) is above it.
        s = await state(table)
        assert s.round == 1 and s.needle == 11
        assert await levels(table) == {
            "Red Haggar": 12, "Goblin": 9, "Thrall": 8, "Jade Mistress": 7,
        }  # fmt: skip
        assert await acting(table) == ["Red Haggar"]

        # @ana attacks the Goblin (Piña by default, 5 AP): AP level 7. The Goblin and
        # the Thrall may react, the Goblin first (9 > 8); the buttons say so.
        out = reply(await must(table, "@ana /attack target:Goblin"))
        assert (
            "Red Haggar usa Piña (daño 1d-2|1) contra Goblin (costo 5, nivel AP 7)." in out.text()
        )
        assert "Pueden reaccionar a Piña de Red Haggar: Goblin, Thrall." in out.text()
        assert labels(out)[:2] == ["Goblin: Bloqueo", "Goblin: no reacciona"]
        assert await awaiting(table) == ["Goblin", "Thrall"]

        # The Dark Lord presses the Goblin's Bloqueo (3 AP): AP level 6. The Thrall (8)
        # and Jade Mistress (7) may react to it; Red Haggar is in the chain.
        out = reply(await must(table, "@gm press Goblin: Bloqueo"))
        assert (await combatant(table, "Goblin")).ap_level == 6
        assert await awaiting(table) == ["Thrall", "Jade Mistress"]
        assert "Thrall: no reacciona" in labels(out)

        # The Thrall passes (typed); @bea casts Parálisis on the block (4 AP): 3.
        await must(table, "@gm /react pass actor:Thrall")
        assert await awaiting(table) == ["Jade Mistress"]
        out = reply(await must(table, "@bea /react with reaction:Parálisis"))
        assert (await combatant(table, "Jade Mistress")).ap_level == 3
        assert await awaiting(table) == ["Thrall"]
        assert await levels(table) == {
            "Red Haggar": 7, "Goblin": 6, "Thrall": 8, "Jade Mistress": 3,
        }  # fmt: skip
        assert [link.action.name for link in (await state(table)).chain] == [
            "Piña", "Bloqueo", "Parálisis",
        ]  # fmt: skip

        # The Thrall passes (button): Parálisis resolves and succeeds, annulling the
        # block, which reopens: the Thrall is asked again about it.
        out = reply(await must(table, "@gm press Thrall: no reacciona"))
        text = out.text()
        assert "Jade Mistress, Parálisis: 15 contra 10: ¡éxito!" in text
        assert "3d6: [4, 4, 4] +3 (Mag) = **15** vs 10 (10 + Per 0)" in text
        assert "Parálisis de Jade Mistress anula Bloqueo de Goblin." in text
        s = await state(table)
        assert [link.action.name for link in s.chain] == ["Piña", "Bloqueo"]
        assert s.chain[-1].cancelled
        assert await awaiting(table) == ["Thrall"]

        # He passes again: the block fails with no roll; now the Thrall (8 > 7) may
        # react to the attack, and Proteger is offered.
        out = reply(await must(table, "@gm /react pass"))
        assert "Bloqueo de Goblin falla automáticamente." in out.text()
        assert [link.action.name for link in (await state(table)).chain] == ["Piña"]
        assert await awaiting(table) == ["Thrall"]
        assert "Thrall: Proteger" in labels(out)

        # Proteger (3 AP): the Thrall is at 5; the Goblin (6 > 5), out of the chain now,
        # may react to it; Jade Mistress (3) may not.
        await must(table, "@gm /react with reaction:Proteger actor:Thrall")
        assert (await combatant(table, "Thrall")).ap_level == 5
        assert await awaiting(table) == ["Goblin"]

        # The Goblin passes: Proteger resolves, the attack now aims at the Thrall and
        # hits (14 > 12); 1d-2|1 with a 4 = 2, minus DR 1: 1 damage to the Thrall.
        out = reply(await must(table, "@gm press Goblin: no reacciona"))
        text = out.text()
        assert "Thrall protege a Goblin: Piña de Red Haggar pasa a apuntarle a él." in text
        assert "Red Haggar, Piña: 14 contra 12: ¡éxito!" in text
        assert "Thrall recibe 1 de daño (2 menos RD 1); daño 1/8." in text
        assert (await combatant(table, "Thrall")).damage == 1
        assert (await combatant(table, "Goblin")).damage == 0
        assert (await state(table)).chain == []

        # Nobody is above the needle: it falls to 10 (the seed's last table), and on,
        # one step at a time, until Red Haggar (7) is above it at 6.
        assert "La aguja baja a 10." in text
        assert text.index("La aguja baja a 10.") < text.index("La aguja baja a 6.")
        assert await levels(table) == {
            "Red Haggar": 7, "Goblin": 6, "Thrall": 5, "Jade Mistress": 3,
        }  # fmt: skip
        assert (await state(table)).needle == 6
        assert await acting(table) == ["Red Haggar"]
