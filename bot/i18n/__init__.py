"""Spanish and English text; the app_commands Translator lives in ``bot.i18n.translator``."""

from bot.i18n.catalog import (
    LANGUAGES,
    CommandName,
    HelpPage,
    OptionExample,
    OptionNames,
    catalog,
    command_word,
    has,
    language_of,
    say,
    shown,
    t,
    term,
    written,
)

__all__ = [
    "LANGUAGES",
    "CommandName",
    "HelpPage",
    "OptionExample",
    "OptionNames",
    "catalog",
    "command_word",
    "has",
    "language_of",
    "say",
    "shown",
    "t",
    "term",
    "written",
]
