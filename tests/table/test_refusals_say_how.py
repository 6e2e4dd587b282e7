"""Issue 18 item 3 through the offline table: the refusals the issue names say how to
fix them, in both languages, and change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.swade.encounter_helpers import must, refused, swade_table


@pytest.mark.parametrize(
    ("lang", "fix"),
    [("es", "`quien:`"), ("en", "`actor:`")],
)
async def test_targeting_yourself_says_to_act_as_someone_else(
    tmp_path: Path, lang: str, fix: str
) -> None:
    async with swade_table(tmp_path, seed=5, strict=False, locale=lang) as table:
        await must(table, "@gm /deal")
        text = await refused(table, '@gm /grapple start target:"Jefe orco" actor:"Jefe orco"')
        assert fix in text
        assert ("/presa empezar" if lang == "es" else "/grapple start") in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "/iniciativa tirar no existe en Savage Worlds: usa `/repartir`"),
        ("en", "/initiative roll does not exist in Savage Worlds: use `/deal`"),
    ],
)
async def test_initiative_roll_in_savage_worlds_says_deal(
    tmp_path: Path, lang: str, said: str
) -> None:
    async with swade_table(tmp_path, locale=lang) as table:
        assert said in await refused(table, "@gm /initiative roll")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("es", "/repartir no existe en Dread S-20: usa `/iniciativa tirar`"),
     ("en", "/deal does not exist in Dread S-20: use `/initiative roll`")],
)  # fmt: skip
async def test_deal_in_dread_says_initiative_roll(tmp_path: Path, lang: str, said: str) -> None:
    async with swade_table(tmp_path, locale=lang, fight=False) as table:
        await table.run("@gm /encounter end")
        await must(table, "@gm /encounter start system:ds20")
        [reply] = await table.run("@gm /deal")
        assert reply.ephemeral and said in reply.text()


@pytest.mark.parametrize(("lang", "fix"), [("es", "/servidor rol-dj"), ("en", "/server gm-role")])
async def test_a_gm_only_command_says_whom_to_ask(tmp_path: Path, lang: str, fix: str) -> None:
    async with swade_table(tmp_path, locale=lang) as table:
        assert fix in await refused(table, "@ana /encounter end")
