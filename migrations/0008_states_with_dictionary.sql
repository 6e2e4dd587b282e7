-- Issue 32, third round: encounter states are now packed with a preset dictionary
-- (bot/storage/states.zdict) and undo snapshots in pieces (bot/storage/packed.py);
-- states and snapshots written before are read as they are, so nothing is rewritten
-- here. The version bump keeps an older Comodín, which cannot read either, from opening
-- this database (it says the schema is newer than it knows) instead of failing on the
-- first encounter it reads.
SELECT 1;
