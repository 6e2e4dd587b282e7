"""Spanish and English text; the app_commands Translator lives in ``bot.i18n.translator``."""

from bot.i18n.catalog import LANGUAGES, CommandName, catalog, has, language_of, t

__all__ = ["LANGUAGES", "CommandName", "catalog", "has", "language_of", "t"]
