-- A challenge may leave the colours to the Japanese rule: on acceptance one player, drawn by
-- lot, decides whether a tie counts for black or for white, and the other picks a colour.
-- SQLite cannot change a CHECK in place, so the table is made again with the same rows.
CREATE TABLE challenges_japanese (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER,                                             -- NULL in direct messages
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    target_id     INTEGER REFERENCES players (id),                     -- NULL: open to anyone
    color         TEXT    NOT NULL CHECK (color IN ('black', 'white', 'random', 'japanese')),  -- the challenger's
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rules         TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'pending'
                          CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'expired')),
    accepted_by   INTEGER REFERENCES players (id),
    message_id    INTEGER,                                             -- the message with the buttons
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;
INSERT INTO challenges_japanese SELECT * FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_japanese RENAME TO challenges;
CREATE UNIQUE INDEX challenges_one_pending_per_channel ON challenges (channel_id) WHERE status = 'pending';
CREATE INDEX challenges_pending_by_expiry ON challenges (expires_at) WHERE status = 'pending';
