-- Issue 32, eighth round: encounter states (and the undo snapshots, the very bytes a
-- state's row held) are now packed as zstd frames with the same preset dictionary
-- (bot/storage/packed.py); rows packed with zlib before are read as they are, so
-- nothing is rewritten here. The version bump keeps an older Comodín, which cannot read
-- a zstd frame, from opening this database (it says the schema is newer than it knows)
-- instead of failing on the first encounter it reads.
SELECT 1;
