"""The discord.py Translator: localizes command names, descriptions, options and choices.

A command string ``locale_str("roll")`` is looked up as ``cmd.roll`` in the catalogue of
the client's language (es-ES and es-419 -> Spanish), a description followed by the
systems it is for as its text and theirs (:func:`bot.i18n.catalog.command_text`).
Unknown strings stay as written.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n.catalog import command_text, language_of


class ComodinTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language_of(locale)
        if lang is None:
            return None
        return command_text(string.message, lang)
