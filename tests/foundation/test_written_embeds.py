"""Issue 32: a reply's embeds reach discord.py already written as Discord's dict
(``bot.replies``): an action's result is written at once (``replies.embed``), and a page
that fitting left whole goes as the reply's own ``to_dict()``. Both are the very dicts
discord.py's ``Embed`` writes, and a page cut to fit is still rebuilt from its dict."""

from __future__ import annotations

import discord
import pytest

from bot import replies
from bot.render.fit import Page, fit_message
from bot.render.limits import DESCRIPTION

RED = 0xC0392B


@pytest.mark.parametrize(
    ("title", "description", "colour"),
    [
        ("Ataque", "Ñandú ataca a Goblin 1: 6 contra 5.\n**d8: 6** → **6**", RED),
        ("Attack", "", RED),  # no description: none written
        ("", "Hecho.", 0),  # no title, no colour
        ("T" * 256, "x" * DESCRIPTION, RED),  # the longest an embed takes
    ],
)
def test_an_embed_written_at_once_is_discord_pys(title: str, description: str, colour: int) -> None:
    ours = replies.embed(title=title, description=description, colour=colour)
    theirs = discord.Embed(title=title, description=description, colour=colour)
    assert ours.to_dict() == theirs.to_dict()
    assert list(ours.to_dict()) == list(theirs.to_dict())  # the same fields, in order


def test_a_whole_page_goes_as_written_and_a_cut_one_is_rebuilt() -> None:
    whole = discord.Embed(title="Ataque", description="corta", colour=RED).to_dict()
    long = discord.Embed(title="Ataque", description="línea\n" * 1200, colour=RED).to_dict()
    written = [whole, long]
    pages = fit_message(None, written, "es")
    assert pages[0].embeds[0] is whole and len(pages) > 1
    sent = [replies._message(p, None, None, written)["embeds"] for p in pages]
    assert type(sent[0][0]) is not discord.Embed and sent[0][0].to_dict() is whole
    rebuilt = [e for embeds in sent for e in embeds if e.to_dict() is not whole]
    assert rebuilt and all(type(e) is discord.Embed for e in rebuilt)
    # What was sent as written is what discord.py would write of the same page rebuilt.
    assert sent[0][0].to_dict() == discord.Embed.from_dict(whole).to_dict()


def test_a_page_not_the_replys_own_is_rebuilt() -> None:
    page = Page(embeds=[{"title": "Ataque", "description": "x", "type": "rich"}])
    [embed] = replies._message(page, None, None, [])["embeds"]
    assert type(embed) is discord.Embed and embed.title == "Ataque"
