# Comodín in a small image: the Python slim base, the wheel built from these files and
# installed (without the test extras), run as a user without privileges.
# Configuration and secrets come from the environment only (DISCORD_TOKEN,
# COMODIN_DATABASE_URL...): nothing secret is copied in (see .dockerignore).
# README, "Hosting": `docker compose up -d` runs it with PostgreSQL (compose.yaml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY migrations ./migrations
# The same install as tests/foundation/test_wheel.py, which copies what the COPY lines above
# name, builds the wheel with `pip wheel --no-deps` and installs it, then runs
# `comodin db upgrade` and `comodin play` from an empty folder: everything the bot reads
# (catalogues, migrations for both engines) travels inside the wheel as package data. Only
# the dependencies differ: here they come from PyPI, there from the test environment.
RUN pip wheel --no-deps --wheel-dir /tmp/wheel . \
    && pip install /tmp/wheel/comodin-*.whl \
    && cd / && rm -rf /src /tmp/wheel

RUN useradd --create-home --uid 10001 comodin \
    && mkdir /data && chown comodin /data
USER comodin
WORKDIR /data
# Without COMODIN_DATABASE_URL the bot keeps an SQLite file here: mount a volume on /data.
ENV COMODIN_DB_PATH=/data/comodin.sqlite3

ENTRYPOINT ["comodin"]
CMD ["run"]
