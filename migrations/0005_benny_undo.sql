-- SW-38: /undo gives back the bennies an undone action spent (and takes back the Joker
-- bennies a dealt round gave). Each history row of an encounter action says which one:
-- the channel and the encounter's ``seq`` before the action (the undo snapshot's
-- ``version``); ``undone`` marks a row /undo has reversed (its reversal is a new row,
-- reason ``undo.spend`` or ``undo.award``), so it is never reversed twice.
ALTER TABLE benny_history ADD COLUMN channel_id INTEGER;
ALTER TABLE benny_history ADD COLUMN action_seq INTEGER;
ALTER TABLE benny_history ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
CREATE INDEX benny_history_action ON benny_history (channel_id, action_seq);
