-- Encounter states (encounters.state, encounter_undo.state, encounter_archive.state) are
-- now written as zlib-compressed JSON BLOBs (bot/storage/packed.py); rows still holding
-- JSON text are read as before, so nothing is rewritten here. The version bump keeps an
-- older Comodín, which cannot read packed states, from opening this database.
SELECT 1;
