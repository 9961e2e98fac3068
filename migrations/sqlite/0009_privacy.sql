-- Players' data in their own hands, and servers the bot has left.
--
-- A player who deletes their data (/privacy delete) is replaced in every game they played by an
-- anonymous player: a row of its own with no name (anonymous = 1), one per deletion, so that their
-- opponents' histories, head-to-heads and rating changes still add up. Anonymous ids are counted
-- down from the largest signed 64-bit integer (9223372036854775807), a snowflake Discord will not
-- issue before the 2080s; the text layer calls such a player "deleted player" in every language.
ALTER TABLE players ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1));

-- Servers the bot was removed from (Discord's GUILD_DELETE without `unavailable`), and when.
-- Their settings are kept for a grace period (SERVER_DATA_GRACE_DAYS); a server that adds the bot
-- back within it loses nothing. After it, the sweep removes the server's settings, its language,
-- its challenges and its games' channel references, in one transaction that claims the row.
CREATE TABLE departed_guilds (
    guild_id INTEGER PRIMARY KEY,
    left_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX departed_guilds_by_time ON departed_guilds (left_at);

-- A game or solo game may outlive its channel (NULL once its server's data is removed): the games
-- stay in their players' histories. SQLite cannot drop a NOT NULL in place, so both tables are made
-- again with the same rows. The tables that refer to games (rating_changes, game_reviews) are
-- set aside and made again around it, since a table others refer to cannot be dropped inside the
-- migration's transaction while foreign keys are on.
CREATE TEMP TABLE kept_rating_changes AS SELECT * FROM rating_changes;
CREATE TEMP TABLE kept_game_reviews AS SELECT * FROM game_reviews;
DROP TABLE rating_changes;
DROP TABLE game_reviews;

CREATE TABLE games_with_optional_channel (
    id                   INTEGER PRIMARY KEY,
    guild_id             INTEGER,                                      -- NULL in direct messages
    channel_id           INTEGER,                                      -- NULL once the server's data is removed
    black_id             INTEGER NOT NULL REFERENCES players (id),
    white_id             INTEGER NOT NULL REFERENCES players (id),
    bot_level            INTEGER,                                      -- the bot's level when it plays
    rated                INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rules                TEXT    NOT NULL,
    moves                TEXT    NOT NULL DEFAULT '',
    version              INTEGER NOT NULL DEFAULT 0,
    status               TEXT    NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'finished', 'aborted')),
    winner               TEXT    CHECK (winner IN ('black', 'white')),  -- NULL: a draw (or not over)
    black_count          INTEGER,
    white_count          INTEGER,
    end_reason           TEXT    CHECK (end_reason IN ('normal', 'resignation', 'timeout', 'aborted')),
    created_at           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL,
    deadline_at          INTEGER,                                      -- the player to move forfeits after it
    reminded_at          INTEGER,                                      -- reminder for the current move sent
    board_channel_id     INTEGER,                                      -- the message showing the board
    board_message_id     INTEGER,
    to_move_id           INTEGER,
    bot_lease_owner      TEXT,
    bot_lease_until      INTEGER,
    forfeit_announced_at INTEGER,
    CHECK ((status = 'live') = (end_reason IS NULL)),
    CHECK ((status = 'finished') = (end_reason IN ('normal', 'resignation', 'timeout'))),
    CHECK (end_reason IS NOT 'aborted' OR winner IS NULL)
) STRICT;
INSERT INTO games_with_optional_channel (id, guild_id, channel_id, black_id, white_id, bot_level, rated, rules, moves,
        version, status, winner, black_count, white_count, end_reason, created_at, updated_at, deadline_at,
        reminded_at, board_channel_id, board_message_id, to_move_id, bot_lease_owner, bot_lease_until,
        forfeit_announced_at)
    SELECT id, guild_id, channel_id, black_id, white_id, bot_level, rated, rules, moves, version, status, winner,
        black_count, white_count, end_reason, created_at, updated_at, deadline_at, reminded_at, board_channel_id,
        board_message_id, to_move_id, bot_lease_owner, bot_lease_until, forfeit_announced_at
    FROM games;
DROP TABLE games;
ALTER TABLE games_with_optional_channel RENAME TO games;
CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status = 'live';
CREATE INDEX games_live_by_deadline ON games (deadline_at) WHERE status = 'live';
CREATE INDEX games_by_black ON games (black_id, updated_at);
CREATE INDEX games_by_white ON games (white_id, updated_at);
CREATE INDEX games_live_by_to_move ON games (to_move_id) WHERE status = 'live';
CREATE INDEX games_unannounced_forfeits ON games (updated_at) WHERE end_reason = 'timeout' AND forfeit_announced_at IS NULL;
-- The servers' games, for removing a server's channel references.
CREATE INDEX games_by_guild ON games (guild_id);

CREATE TABLE rating_changes (
    id               INTEGER PRIMARY KEY,
    game_id          INTEGER NOT NULL REFERENCES games (id),
    player_id        INTEGER NOT NULL REFERENCES players (id),
    scope            INTEGER NOT NULL,
    rating_before    REAL    NOT NULL,
    rating_after     REAL    NOT NULL,
    deviation_before REAL    NOT NULL,
    deviation_after  REAL    NOT NULL,
    created_at       INTEGER NOT NULL,
    ladder           TEXT    NOT NULL DEFAULT 'othello-8',
    UNIQUE (game_id, player_id, scope)
) STRICT;
INSERT INTO rating_changes (id, game_id, player_id, scope, rating_before, rating_after, deviation_before,
        deviation_after, created_at, ladder)
    SELECT id, game_id, player_id, scope, rating_before, rating_after, deviation_before, deviation_after, created_at,
        ladder
    FROM kept_rating_changes;
CREATE INDEX rating_changes_by_player ON rating_changes (player_id, scope, created_at);

CREATE TABLE game_reviews (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    format     INTEGER NOT NULL,
    review     TEXT    NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
INSERT INTO game_reviews (game_id, format, review, created_at)
    SELECT game_id, format, review, created_at FROM kept_game_reviews;
DROP TABLE kept_rating_changes;
DROP TABLE kept_game_reviews;

CREATE TABLE solo_games_with_optional_channel (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER,                                                -- NULL in direct messages
    channel_id INTEGER,                                                -- NULL once the server's data is removed
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
INSERT INTO solo_games_with_optional_channel (id, guild_id, channel_id, player_id, seed, daily, moves, version, status,
        tiles, value, created_at, updated_at)
    SELECT id, guild_id, channel_id, player_id, seed, daily, moves, version, status, tiles, value, created_at,
        updated_at
    FROM solo_games;
DROP TABLE solo_games;
ALTER TABLE solo_games_with_optional_channel RENAME TO solo_games;
CREATE UNIQUE INDEX solo_games_one_live_per_player_and_channel ON solo_games (channel_id, player_id)
    WHERE status = 'live';
CREATE INDEX solo_games_daily ON solo_games (daily, player_id) WHERE daily IS NOT NULL AND status = 'finished';
-- A player's solo games, for their export and their deletion.
CREATE INDEX solo_games_by_player ON solo_games (player_id);
