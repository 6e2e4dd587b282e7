# Comodín in a small image: the Python slim base, installed with `pip install .` (the
# README's and CI's install, without the test extras), run as a user without privileges.
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
RUN pip install . && cd / && rm -rf /src

RUN useradd --create-home --uid 10001 comodin \
    && mkdir /data && chown comodin /data
USER comodin
WORKDIR /data
# Without COMODIN_DATABASE_URL the bot keeps an SQLite file here: mount a volume on /data.
ENV COMODIN_DB_PATH=/data/comodin.sqlite3

ENTRYPOINT ["comodin"]
CMD ["run"]
