-- Issue 28: every encounter has a stable id, and every row kept beside it says which
-- encounter it belongs to. Before, benny history rows were tied to an action by the
-- channel and the encounter's ``seq``, which starts again at 0 with each encounter: an
-- /undo in a later encounter of the channel reversed an earlier encounter's spends and
-- Joker bennies. An id is never reused: a started or imported encounter gets a new one
-- (``encounter_ids``), an /undo of an import brings back the old encounter's.
CREATE TABLE encounter_ids (
    id            INTEGER PRIMARY KEY,
    channel_id    INTEGER NOT NULL,
    created_at    TEXT NOT NULL
);

ALTER TABLE encounters ADD COLUMN encounter_id INTEGER;
-- What the GM defined for the encounter (Savage Worlds powers), counted against the
-- server's bound (README "Limits"); a running encounter's is counted from its next change.
ALTER TABLE encounters ADD COLUMN definitions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE encounter_undo ADD COLUMN encounter_id INTEGER;
ALTER TABLE encounter_log ADD COLUMN encounter_id INTEGER;
ALTER TABLE encounter_archive ADD COLUMN encounter_id INTEGER;
ALTER TABLE benny_history ADD COLUMN encounter_id INTEGER;

-- The encounters running now get their ids, and so do their undo snapshots.
INSERT INTO encounter_ids (channel_id, created_at) SELECT channel_id, created_at FROM encounters;
UPDATE encounters SET encounter_id = (
    SELECT MAX(e.id) FROM encounter_ids e WHERE e.channel_id = encounters.channel_id
);
UPDATE encounter_undo SET encounter_id = (
    SELECT n.encounter_id FROM encounters n WHERE n.channel_id = encounter_undo.channel_id
);
-- A running encounter's history rows: those of its channel since its start (or import).
-- Rows of encounters that ended keep no encounter id: no /undo reaches them any more.
UPDATE benny_history SET encounter_id = (
    SELECT n.encounter_id FROM encounters n
    WHERE n.channel_id = benny_history.channel_id
    AND benny_history.created_at >= COALESCE((
        SELECT MAX(l.created_at) FROM encounter_log l
        WHERE l.channel_id = n.channel_id AND l.kind IN ('encounter.start', 'encounter.import')
    ), '')
) WHERE channel_id IS NOT NULL AND action_seq IS NOT NULL;

DROP INDEX benny_history_action;
CREATE INDEX benny_history_action ON benny_history (encounter_id, action_seq);
CREATE INDEX encounters_guild_definitions ON encounters (guild_id, definitions);
