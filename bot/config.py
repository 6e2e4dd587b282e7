"""Configuration: one pydantic-settings model read from ``.env`` and the environment.

A bad value is reported as one line naming the variable (``ConfigError``), and the CLI
exits with code 2. The token is a ``SecretStr``: it never appears in logs or reprs.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DATABASE_SCHEMES = ("postgresql://", "postgres://", "sqlite:///")


class ConfigError(Exception):
    """A configuration value is malformed; the message names the variable."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    db_path: Path = Field(default=Path("./comodin.sqlite3"), alias="COMODIN_DB_PATH")
    # postgresql://user:password@host:5432/dbname (or sqlite:///path); without it, the
    # SQLite file of COMODIN_DB_PATH. Secret: it may hold a password.
    database_url: SecretStr | None = Field(default=None, alias="COMODIN_DATABASE_URL")
    dev_guild_id: int | None = Field(default=None, alias="COMODIN_DEV_GUILD_ID")
    log_level: str = Field(default="INFO", alias="COMODIN_LOG_LEVEL")
    default_locale: Literal["es", "en"] = Field(default="es", alias="COMODIN_DEFAULT_LOCALE")
    # Points the client at another Discord API root (the test double). Not for production.
    discord_api_url: str | None = Field(default=None, alias="COMODIN_DISCORD_API_URL")
    # A file the benchmarks read the event loop's figures from (bot.loopwatch; SIGUSR1
    # writes them). Not for production.
    loop_stats: Path | None = Field(default=None, alias="COMODIN_LOOP_STATS")

    @field_validator("discord_token", mode="before")
    @classmethod
    def _empty_token_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _known_engine(cls, value: object) -> object:
        if isinstance(value, str):
            value = value.strip()
            if not value:
                return None
            if not value.startswith(DATABASE_SCHEMES):
                raise ValueError(
                    "must start with postgresql:// (PostgreSQL) or sqlite:/// (an SQLite file)"
                )
        return value

    @field_validator("dev_guild_id", "discord_api_url", "loop_stats", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("default_locale", mode="before")
    @classmethod
    def _locale_prefix(cls, value: object) -> object:
        if isinstance(value, str):
            return value.strip().lower()[:2]
        return value

    @property
    def token(self) -> str | None:
        return self.discord_token.get_secret_value() if self.discord_token else None

    def database(self) -> str | Path:
        """Where the data lives: the ``COMODIN_DATABASE_URL``, else ``COMODIN_DB_PATH``."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return self.db_path

    def logging_level(self) -> int:
        return getattr(logging, self.log_level)


def load_settings(env_file: str | Path | None = ".env", **overrides: object) -> Settings:
    """Read the settings; raise :class:`ConfigError` with one line naming the variable."""
    try:
        return Settings(_env_file=env_file, **overrides)  # type: ignore[call-arg]
    except ValidationError as exc:
        error = exc.errors()[0]
        field = str(error["loc"][0]) if error["loc"] else "?"
        alias = Settings.model_fields[field].alias if field in Settings.model_fields else field
        raise ConfigError(f"{alias or field}: {error['msg']}") from None
