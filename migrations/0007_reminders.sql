-- Issue 27: play-by-post reminders. A row is one reminder of one thing the table waits
-- on (a pending decision or a turn): the encounter's stable id, the decision (its key and
-- the action after which it opened: ``soak:c3@12``), which reminder it is (1, then 2:
-- the last), and when it is due (UTC ISO text). The process that runs the channel's
-- shard claims a due row (``claimed_at`` set where it was NULL: one process wins) and
-- sends it; rows go when the decision is taken or undone and when the encounter ends.
CREATE TABLE reminders (
    id            INTEGER PRIMARY KEY,
    encounter_id  INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    decision      TEXT NOT NULL,
    nth           INTEGER NOT NULL,
    due_at        TEXT NOT NULL,
    claimed_at    TEXT,
    claimed_by    TEXT,
    sent_at       TEXT,
    UNIQUE (encounter_id, decision, nth)
);
CREATE INDEX reminders_due ON reminders (due_at) WHERE claimed_at IS NULL;
CREATE INDEX reminders_channel ON reminders (channel_id);
