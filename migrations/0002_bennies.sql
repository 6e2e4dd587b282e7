-- Bennies (SW-35), version 2: sessions per scope, thread links, Joker award cursor.

-- At most one open session per scope (a channel; a thread uses its parent channel).
CREATE UNIQUE INDEX benny_sessions_one_open ON benny_sessions (scope_id) WHERE ended_at IS NULL;

-- A thread's scope is its parent channel: remembered so the board and the SWADE cogs,
-- which know only the thread id, find the parent's session after a restart too.
CREATE TABLE benny_channels (
    channel_id    INTEGER PRIMARY KEY,
    scope_id      INTEGER NOT NULL
);

-- SW-33 Joker awards are read from encounter_log; the last log row read per channel.
CREATE TABLE benny_log_cursor (
    session_id    INTEGER NOT NULL REFERENCES benny_sessions (id),
    channel_id    INTEGER NOT NULL,
    last_log_id   INTEGER NOT NULL,
    PRIMARY KEY (session_id, channel_id)
);

CREATE INDEX benny_history_session ON benny_history (session_id, id);

-- The free text a GM or player gave (/bennies give reason, a story use); ``reason`` is a code.
ALTER TABLE benny_history ADD COLUMN note TEXT;
