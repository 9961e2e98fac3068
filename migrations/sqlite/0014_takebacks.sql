-- Takebacks in friendly games: every request and its answer, kept as the game's history (the
-- transcript itself only ever holds the moves that stand). `game_version` is the game's version
-- when asked: one request per version, and an answer applies only while the game is still there.
CREATE TABLE takebacks (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game_version INTEGER NOT NULL,
    asked_by     INTEGER NOT NULL REFERENCES players (id),
    moves        TEXT    NOT NULL,                                      -- the moves taken back
    status       TEXT    NOT NULL CHECK (status IN ('asked', 'accepted', 'declined')),
    answered_by  INTEGER REFERENCES players (id),
    asked_at     INTEGER NOT NULL,
    answered_at  INTEGER,
    UNIQUE (game_id, game_version)
) STRICT;

-- Whether the bot at levels 4 and 5 grants a takeback (levels 1 to 3 always do).
ALTER TABLE guild_settings ADD COLUMN strong_bot_takebacks INTEGER NOT NULL DEFAULT 0
    CHECK (strong_bot_takebacks IN (0, 1));
