"""Issue 17, Dread S-20 through the commands in both languages: running (DS-12), an
Aguantar el dolor that would kill asks for confirmation (DS-9, DS-8), the extra-bullets
prompt and board offer only what can answer it (DS-5, DS-11)."""

from __future__ import annotations

from pathlib import Path

from bot.render.board import BoardContext, render_board
from tests.table.ds20.helpers import INITIATIVE, combatant, ds20_table, must, reply


def folder(tmp_path: Path, name: str) -> Path:
    (tmp_path / name).mkdir(exist_ok=True)
    return tmp_path / name


async def test_ds12_act_run_moves_acrobacia_metres_in_either_language(tmp_path: Path) -> None:
    for locale, line, words in (
        ("es", "@ana /act action:correr", "Ana corre: se desplaza 9 m (su Acrobacia)."),
        ("en", "@ana /act action:run", "Ana runs: it moves 9 m (its Acrobatics)."),
    ):
        async with ds20_table(folder(tmp_path, locale), [*INITIATIVE], locale=locale) as table:
            text = reply(await must(table, line)).text()
            assert words in text, text
            assert "ds20.title" not in text, text  # the reply has a real title
            assert (await combatant(table, "Ana")).actions_used == 1


async def test_ds12_running_with_an_hg_is_refused(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE], locale="en") as table:
        await must(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: 0/0/1"')
        [refusal] = await table.run("@ana /act action:run")
        assert refusal.ephemeral and "Ana has an HG: it cannot run." in refusal.text()


async def test_ds9_an_endure_that_would_kill_asks_for_confirmation(tmp_path: Path) -> None:
    for locale, asks, confirm in (
        ("es", "le costaría la vida", '@ana /act action:"aguantar confirmar"'),
        ("en", "and kill it", '@ana /act action:"endure confirm"'),
    ):
        async with ds20_table(folder(tmp_path, locale), [*INITIATIVE], locale=locale) as table:
            await must(
                table,
                '@gm /combatant edit combatant:Ana statblock:"Heridas: 0/0/1 | Estado: grave'
                ' | Agotamiento: 2"',
            )
            [refusal] = await table.run("@ana /act action:aguantar")
            assert refusal.ephemeral and asks in refusal.text(), refusal.text()
            assert (await combatant(table, "Ana")).health == "grave"
            await must(table, confirm)
            assert (await combatant(table, "Ana")).health == "dead"


async def test_ds11_the_board_asks_only_for_dodge_or_no_defence_against_extra_bullets(
    tmp_path: Path,
) -> None:
    for locale, words, wrong in (
        ("es", "Bruto debe esquivar o no defenderse", "bloquear"),
        ("en", "Bruto must dodge or not defend", "block"),
    ):
        # Ana shoots emptying the magazine: d20 8, penalties 1 and 1; damage 2d4 3 and 3.
        dice = [*INITIATIVE, 8, 1, 1, 3, 3]
        async with ds20_table(folder(tmp_path, locale), dice, locale=locale) as table:
            answer = reply(
                await must(table, "@ana /attack target:Bruto weapon:Pistola flags:empty:2")
            )
            labels = [b.get("label") for b in answer.buttons()]
            assert len(labels) == 2, labels
            encounter = await table.bot.encounters.get(table.channel_id)
            embed, _ = render_board(encounter, locale, BoardContext())
            assert words in str(embed) and wrong not in str(embed["description"]), embed
