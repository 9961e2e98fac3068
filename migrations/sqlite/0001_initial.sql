-- The first schema of reversi-bot. Forward-only: later changes go in new numbered files.
--
-- Conventions: Discord snowflakes (users, guilds, channels, messages) are INTEGER (they fit in a
-- signed 64-bit integer); times are INTEGER unix milliseconds; booleans are INTEGER 0/1; rules
-- are engine::Rules as JSON text; a game's moves are its transcript (such as 'f5d6c3').

-- Everyone who has played or challenged, the bot included (is_bot = 1).
CREATE TABLE players (
    id           INTEGER PRIMARY KEY,                                  -- Discord user id
    display_name TEXT    NOT NULL,                                     -- updated whenever seen
    is_bot       INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
) STRICT;

-- Games: live, finished or aborted. `version` goes up by one with every change of state, so
-- writers compare-and-set on it.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER,                                          -- NULL in direct messages
    channel_id       INTEGER NOT NULL,
    black_id         INTEGER NOT NULL REFERENCES players (id),
    white_id         INTEGER NOT NULL REFERENCES players (id),
    bot_level        INTEGER,                                          -- the bot's level when it plays
    rated            INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rules            TEXT    NOT NULL,
    moves            TEXT    NOT NULL DEFAULT '',
    version          INTEGER NOT NULL DEFAULT 0,
    status           TEXT    NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'finished', 'aborted')),
    winner           TEXT    CHECK (winner IN ('black', 'white')),      -- NULL: a draw (or not over)
    black_count      INTEGER,
    white_count      INTEGER,
    end_reason       TEXT    CHECK (end_reason IN ('normal', 'resignation', 'timeout', 'aborted')),
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    deadline_at      INTEGER,                                          -- the player to move forfeits after it
    reminded_at      INTEGER,                                          -- reminder for the current move sent
    board_channel_id INTEGER,                                          -- the message showing the board
    board_message_id INTEGER,
    CHECK ((status = 'live') = (end_reason IS NULL)),
    CHECK ((status = 'finished') = (end_reason IN ('normal', 'resignation', 'timeout'))),
    CHECK (end_reason IS NOT 'aborted' OR winner IS NULL)
) STRICT;

-- The database itself guarantees at most one live game per channel.
CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status = 'live';
-- The forfeit and reminder sweeps.
CREATE INDEX games_live_by_deadline ON games (deadline_at) WHERE status = 'live';
-- A player's history, newest first.
CREATE INDEX games_by_black ON games (black_id, updated_at);
CREATE INDEX games_by_white ON games (white_id, updated_at);

-- Challenges: a player invites someone (or, with no target, anyone) to a game in a channel.
CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER,                                             -- NULL in direct messages
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    target_id     INTEGER REFERENCES players (id),                     -- NULL: open to anyone
    color         TEXT    NOT NULL CHECK (color IN ('black', 'white', 'random')),  -- the challenger's
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

-- At most one pending challenge per channel.
CREATE UNIQUE INDEX challenges_one_pending_per_channel ON challenges (channel_id) WHERE status = 'pending';
CREATE INDEX challenges_pending_by_expiry ON challenges (expires_at) WHERE status = 'pending';

-- Glicko-2 ratings and rated-game counts per player and scope. The scope is a guild id, or 0 for
-- the global ladder (Discord never issues the id 0).
CREATE TABLE ratings (
    player_id  INTEGER NOT NULL REFERENCES players (id),
    scope      INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    streak     INTEGER NOT NULL DEFAULT 0,                             -- > 0 wins in a row, < 0 losses
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, scope)
) STRICT;

CREATE INDEX ratings_by_scope ON ratings (scope, rating DESC);

-- What each rated game did to each player's rating, per scope. The unique key makes recording
-- a game twice impossible.
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
    UNIQUE (game_id, player_id, scope)
) STRICT;

CREATE INDEX rating_changes_by_player ON rating_changes (player_id, scope, created_at);

-- Per-server settings; a server without a row uses the defaults.
CREATE TABLE guild_settings (
    guild_id           INTEGER PRIMARY KEY,
    typed_moves        INTEGER NOT NULL CHECK (typed_moves IN (0, 1)),  -- plain `d3` messages are moves
    move_deadline_secs INTEGER,                                         -- NULL: no deadline
    theme              TEXT    NOT NULL,
    default_bot_level  INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
) STRICT;
