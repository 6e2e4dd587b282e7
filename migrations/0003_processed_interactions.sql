-- Interactions already applied: a replayed INTERACTION_CREATE (gateway resume, a retry)
-- must never apply an action twice. Ids are snowflakes, so old rows are pruned by id.
CREATE TABLE processed_interactions (
    interaction_id INTEGER PRIMARY KEY,
    channel_id     INTEGER NOT NULL
);
