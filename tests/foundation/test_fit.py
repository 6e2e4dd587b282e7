"""The one place that fits outgoing messages to Discord's limits (``bot/render/fit.py``)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render import limits as L
from bot.render.discord_rules import check_message
from bot.render.fit import (
    BLANK,
    MAX_PAGES,
    _scan,
    chunks,
    fit_embed,
    fit_message,
    fit_single,
    fit_text,
)

NO_PINGS = {"parse": []}


def balanced(text: str) -> bool:
    """Every ``**``, ``~~``, ``||`` and backtick paired, no mention cut open."""
    return (
        all(text.count(d) % 2 == 0 for d in ("**", "~~", "||"))
        and text.count("`") % 2 == 0
        and text.count("<") == text.count(">")
    )


# -- cutting -----------------------------------------------------------------------------------


def test_short_text_is_untouched() -> None:
    assert fit_text("hola\nadiós", 2000, "es") == "hola\nadiós"


def test_whole_lines_are_kept_and_the_rest_counted() -> None:
    lines = [f"línea {i} " + "x" * 90 for i in range(50)]
    text = fit_text("\n".join(lines), 2000, "es")
    assert len(text) <= 2000
    kept = text.split("\n")[:-1]
    assert kept == lines[: len(kept)]
    assert text.endswith(f"… (+{50 - len(kept)} líneas más)")


def test_the_marker_is_in_the_readers_language() -> None:
    text = fit_text("\n".join("x" * 100 for _ in range(40)), 500, "en")
    assert re.search(r"… \(\+\d+ more lines\)$", text)


def test_one_long_line_keeps_its_start_and_end() -> None:
    line = "Línea 1: no entiendo «" + "palabra " * 600 + "»; se esperaba «Atributos: …»."
    text = fit_text(line, 2000, "es")
    assert len(text) <= 2000
    assert text.startswith("Línea 1: no entiendo «palabra")
    assert text.endswith("se esperaba «Atributos: …».")
    dropped = int(re.search(r"\(\+(\d+) caracteres más\)", text)[1])  # type: ignore[index]
    assert dropped > 0


def test_a_cut_never_falls_inside_bold_strike_a_mention_or_code() -> None:
    pieces = ["**negrita larga**", "~~tachado~~", "<@123456789012345678>", "`código`", "||ojo||"]
    line = " ".join(pieces * 200)
    for limit in range(200, 260):
        cut = fit_text(line, limit, "es")
        assert len(cut) <= limit
        head, _, tail = cut.partition(" … ")
        assert balanced(head), head
        assert balanced(tail.split(" … ", 1)[-1]), tail


def test_with_no_balanced_cut_the_cut_closes_what_is_open() -> None:
    text = fit_text("**" + "palabra " * 400 + "**", 300, "es")
    head = text.split(" … ")[0]
    assert head.startswith("**palabra") and head.endswith("**")
    assert len(text) <= 300


def test_an_open_code_block_is_closed_at_a_line_cut() -> None:
    text = "```\n" + "\n".join(f"Pelear d{i}" for i in range(500)) + "\n```"
    cut = fit_text(text, 1000, "es")
    assert len(cut) <= 1000
    body, marker = cut.rsplit("\n", 1)
    assert body.endswith("\n```") and body.count("```") == 2
    assert "líneas más" in marker


# -- pieces (nothing lost) -----------------------------------------------------------------------


def test_pieces_lose_nothing_and_respect_their_sizes() -> None:
    names = ", ".join(f"Goblin **{i}** <@{i}>" for i in range(400))
    pieces = chunks("Rondas: 3\n" + names, 1024, 4096)
    assert len(pieces[0]) <= 4096 and all(len(p) <= 1024 for p in pieces[1:])
    joined = " ".join(pieces)
    assert all(f"Goblin **{i}** <@{i}>" in joined for i in range(400))
    assert all(balanced(p) for p in pieces)


def test_a_code_block_split_across_pieces_is_closed_and_reopened() -> None:
    text = "```\n" + "\n".join(f"Habilidad {i}: d8" for i in range(300)) + "\n```"
    pieces = chunks(text, 1024)
    assert len(pieces) > 1
    for piece in pieces:
        assert piece.startswith("```") and piece.endswith("```"), piece[:20]
    assert all(f"Habilidad {i}: d8" in "\n".join(pieces) for i in range(300))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["palabra", "**fuerte**", "~~no~~", "`d6`", "<@1234>", "<t:1:R>", ",", "\n", "x" * 300]
        ),
        min_size=1,
        max_size=400,
    )
)
def test_any_text_fits_balanced(tokens: list[str]) -> None:
    text = " ".join(tokens)
    for limit in (100, 1024, 2000):
        cut = fit_text(text, limit, "es")
        assert len(cut) <= limit
        head = cut.split(" … ")[0]
        assert _scan(head).safe[len(head)]
    pieces = chunks(text, 1024, 4096)
    assert all(len(p) <= 1024 for p in pieces[1:]) and len(pieces[0]) <= 4096
    squeezed = re.sub(r"\s+", "", "".join(pieces))
    assert squeezed == re.sub(r"\s+", "", text), "pieces lose nothing"


# -- embeds and messages --------------------------------------------------------------------------


def test_a_long_description_goes_on_in_fields_then_pages() -> None:
    lines = [f"• {'N' * 80} ({i})" for i in range(200)]
    embed = {"title": "Personajes", "description": "\n".join(lines), "footer": {"text": "pie"}}
    pages = fit_embed(embed, "es")
    assert len(pages) > 1
    for number, page in enumerate(pages, start=1):
        assert L.within_limits(page)
        assert page["title"] == f"Personajes ({number}/{len(pages)})"
    assert [("footer" in p) for p in pages] == [False] * (len(pages) - 1) + [True]
    shown = "\n".join(
        [pages[0]["description"]] + [f["value"] for p in pages for f in p.get("fields", [])]
    )
    assert all(line in shown for line in lines)


def test_pages_stop_at_the_maximum_and_say_how_much_was_left_out() -> None:
    embed = {"title": "t", "description": "\n".join("x" * 1000 for _ in range(200))}
    pages = fit_embed(embed, "en")
    assert len(pages) == MAX_PAGES
    last = pages[-1]["fields"][-1]
    assert last["name"] == BLANK and re.fullmatch(r"… \(\+\d+ more lines\)", last["value"])
    assert all(L.within_limits(p) for p in pages)


def test_a_message_is_valid_for_discord_page_by_page() -> None:
    embed = {
        "title": "x" * 300,
        "description": "y " * 9000,
        "fields": [{"name": "n", "value": "v " * 800}],
    }
    pages = fit_message("z" * 2500, [embed], "es")
    for page in pages:
        body = {"content": page.content, "embeds": page.embeds, "allowed_mentions": NO_PINGS}
        assert check_message(body) == []
    assert len(pages[0].content or "") <= L.CONTENT


def test_a_fitting_embed_is_left_alone() -> None:
    embed = {"title": "t", "description": "d", "fields": [{"name": "a", "value": "b"}]}
    assert fit_embed(embed, "es") == [embed]


def test_the_board_is_cut_to_one_message_with_a_count_of_what_is_left_out() -> None:
    fields = [{"name": f"Goblin {i}", "value": "●●○ " * 100, "inline": True} for i in range(40)]
    board = fit_single({"title": "Tablero", "description": "d" * 5000, "fields": fields}, "es")
    assert L.within_limits(board)
    assert board["fields"][-1]["value"].startswith("… (+")
    kept = len(board["fields"]) - 1
    assert board["fields"][-1]["value"] == f"… (+{40 - kept} más)"
