-- Comodín schema, version 1 (DESIGN.md "Data").
CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    locale        TEXT,
    gm_role_id    INTEGER,
    settings      TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE encounters (
    channel_id    INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    system        TEXT NOT NULL,
    state         TEXT NOT NULL,
    version       INTEGER NOT NULL DEFAULT 1,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);
CREATE INDEX encounters_guild ON encounters (guild_id);

-- Ended encounters are moved here so the live table stays small.
CREATE TABLE encounter_archive (
    id            INTEGER PRIMARY KEY,
    channel_id    INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    system        TEXT NOT NULL,
    state         TEXT NOT NULL,
    ended_at      TEXT NOT NULL
);
CREATE INDEX encounter_archive_channel ON encounter_archive (channel_id);

-- Snapshots for /undo: the state before each change, newest last.
CREATE TABLE encounter_undo (
    id            INTEGER PRIMARY KEY,
    channel_id    INTEGER NOT NULL REFERENCES encounters (channel_id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,
    summary       TEXT NOT NULL,
    state         TEXT NOT NULL
);
CREATE INDEX encounter_undo_channel ON encounter_undo (channel_id, id);

-- Append-only log of every action and roll.
CREATE TABLE encounter_log (
    id            INTEGER PRIMARY KEY,
    created_at    TEXT NOT NULL,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    version       INTEGER,
    payload       TEXT NOT NULL
);
CREATE INDEX encounter_log_channel ON encounter_log (channel_id, id);

CREATE TABLE characters (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    owner_id      INTEGER NOT NULL,
    name          TEXT NOT NULL,
    system        TEXT NOT NULL,
    source        TEXT NOT NULL,
    sheet         TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    UNIQUE (guild_id, owner_id, name COLLATE NOCASE)
);

-- Bennies (SW-35): one pool per (guild, session scope, holder).
CREATE TABLE benny_sessions (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    scope_id      INTEGER NOT NULL,
    gm_id         INTEGER NOT NULL,
    started_at    TEXT NOT NULL,
    ended_at      TEXT
);
CREATE INDEX benny_sessions_scope ON benny_sessions (scope_id, ended_at);

CREATE TABLE bennies (
    session_id    INTEGER NOT NULL REFERENCES benny_sessions (id),
    holder        TEXT NOT NULL,
    count         INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (session_id, holder)
);

CREATE TABLE benny_history (
    id            INTEGER PRIMARY KEY,
    session_id    INTEGER NOT NULL REFERENCES benny_sessions (id),
    created_at    TEXT NOT NULL,
    holder        TEXT NOT NULL,
    delta         INTEGER NOT NULL,
    reason        TEXT NOT NULL,
    user_id       INTEGER,
    roll_ref      TEXT
);

CREATE TABLE meta (
    key           TEXT PRIMARY KEY,
    value         TEXT NOT NULL
);
