import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in (
        "DISCORD_TOKEN",
        "COMODIN_DB_PATH",
        "COMODIN_DATABASE_URL",
        "COMODIN_DEFAULT_LOCALE",
        "COMODIN_DEV_GUILD_ID",
    ):
        monkeypatch.delenv(var, raising=False)
    settings = load_settings(None)
    assert settings.token is None
    assert settings.db_path == Path("./comodin.sqlite3")
    assert settings.database() == Path("./comodin.sqlite3"), "SQLite unless told otherwise"
    assert settings.default_locale == "es"


def test_bad_value_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMODIN_DEV_GUILD_ID", "not-a-number")
    with pytest.raises(ConfigError, match="COMODIN_DEV_GUILD_ID"):
        load_settings(None)


def test_bad_log_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMODIN_LOG_LEVEL", "loud")
    with pytest.raises(ConfigError, match="COMODIN_LOG_LEVEL"):
        load_settings(None)


def test_token_is_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def.secret")
    settings = load_settings(None)
    assert settings.token == "abc.def.secret"
    assert "secret" not in repr(settings)
    assert "secret" not in str(settings.model_dump())


def test_env_file_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMODIN_DEFAULT_LOCALE", raising=False)
    env = tmp_path / ".env"
    env.write_text("COMODIN_DEFAULT_LOCALE=en\n")
    assert load_settings(env).default_locale == "en"


def _cli(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_malformed_env_exits_2_with_one_line(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("COMODIN_DEFAULT_LOCALE=klingon\n")
    result = _cli("db", "version", env={}, cwd=tmp_path)
    assert result.returncode == 2
    assert "COMODIN_DEFAULT_LOCALE" in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_database_url_chooses_postgresql_and_is_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    url = "postgresql://comodin:hunter2@db:5432/comodin"
    monkeypatch.setenv("COMODIN_DATABASE_URL", f"  {url} ")
    settings = load_settings(None)
    assert settings.database() == url
    assert "hunter2" not in repr(settings) and "hunter2" not in str(settings.model_dump())
    monkeypatch.setenv("COMODIN_DATABASE_URL", "")
    assert load_settings(None).database() == load_settings(None).db_path


def test_database_url_of_another_engine_names_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COMODIN_DATABASE_URL", "mysql://x@y/z")
    with pytest.raises(ConfigError, match=r"COMODIN_DATABASE_URL: .*postgresql://"):
        load_settings(None)
