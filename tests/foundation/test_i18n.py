import re

import discord
import pytest
from discord import app_commands

from bot.i18n import catalog, language_of, t
from bot.i18n.catalog import arguments
from bot.i18n.translator import ComodinTranslator


def test_every_key_exists_in_both_languages() -> None:
    es, en = set(catalog("es")), set(catalog("en"))
    assert sorted(es - en) == [], "keys only in Spanish"
    assert sorted(en - es) == [], "keys only in English"


def _fields(key: str, lang: str) -> set[str]:
    """The parameters a text shows or counts; a gender select may be one language's
    alone (English "Quick" agrees with nobody)."""
    return {name for name, how in arguments(key, lang).items() if how != "select"}


def test_placeholders_match_across_languages() -> None:
    es, en = catalog("es"), catalog("en")
    mismatched = [k for k in es if k in en and _fields(k, "es") != _fields(k, "en")]
    assert mismatched == []


def test_command_names_are_valid_discord_names() -> None:
    # Names (not descriptions) must be lower case, no spaces, 1..32 chars.
    pattern = re.compile(r"^[-_\w]{1,32}$")
    for lang in ("es", "en"):
        for key, value in catalog(lang).items():
            if key.startswith("cmd.") and re.fullmatch(r"[a-z0-9_]+", key[4:]):
                assert pattern.match(value) and value == value.lower(), (lang, key, value)


def test_t_fills_parameters_and_falls_back() -> None:
    assert (
        t("play.err.unknown_command", "en", command="x") == "unknown command /x; `/help` lists them"
    )
    assert (
        t("play.err.unknown_command", "es", command="x")
        == "no existe la orden /x; `/ayuda` las muestra"
    )
    assert t("no.such.key", "en") == "no.such.key"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (discord.Locale.spain_spanish, "es"),
        (discord.Locale.latin_american_spanish, "es"),
        (discord.Locale.american_english, "en"),
        (discord.Locale.french, None),
    ],
)
def test_language_of_locale(locale: discord.Locale, expected: str | None) -> None:
    assert language_of(locale) == expected


async def test_translator_localizes_command_names() -> None:
    translator = ComodinTranslator()
    ctx = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, None
    )
    assert (
        await translator.translate(
            app_commands.locale_str("help"), discord.Locale.latin_american_spanish, ctx
        )
        == "ayuda"
    )
    assert (
        await translator.translate(app_commands.locale_str("help"), discord.Locale.french, ctx)
        is None
    )
