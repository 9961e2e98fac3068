-- Reiner Knizia's solo game: one player's deal, its moves and, once over, its score. A player has
-- at most one live solo game per channel; `daily` names the day of the day's deal, whose first
-- finished game per player counts in the daily tables.
CREATE TABLE solo_games (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER,                                                -- NULL in direct messages
    channel_id INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    seed       INTEGER NOT NULL,                                       -- the deal's u64 seed, bit for bit
    daily      TEXT,                                                   -- 'YYYY-MM-DD' for the day's deal
    moves      TEXT    NOT NULL DEFAULT '',
    version    INTEGER NOT NULL DEFAULT 0,
    status     TEXT    NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'finished')),
    tiles      INTEGER,                                                -- tiles won, once finished
    value      INTEGER,                                                -- the variant's score, once finished
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK ((status = 'finished') = (tiles IS NOT NULL)),
    CHECK ((tiles IS NULL) = (value IS NULL))
) STRICT;
CREATE UNIQUE INDEX solo_games_one_live_per_player_and_channel ON solo_games (channel_id, player_id)
    WHERE status = 'live';
CREATE INDEX solo_games_daily ON solo_games (daily, player_id) WHERE daily IS NOT NULL AND status = 'finished';
