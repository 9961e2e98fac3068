-- Puzzles (docs/puzzles.md): the shipped set lives in the binary; the database keeps each
-- puzzle's rating, each player's puzzle rating, and every attempt.
--
-- A puzzle's Glicko-2 rating, keyed by its number in the shipped set (1, 2, …). Rows are added
-- at start for puzzles not yet here, with a rating from the puzzle's difficulty.
CREATE TABLE puzzle_ratings (
    puzzle     INTEGER PRIMARY KEY,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,                             -- first attempts rated
    solved     INTEGER NOT NULL DEFAULT 0                              -- of which solved
) STRICT;
CREATE INDEX puzzle_ratings_by_rating ON puzzle_ratings (rating);

-- A player's puzzle rating (Glicko-2), apart from the game ladders. No row: never rated.
CREATE TABLE puzzle_players (
    player_id  INTEGER PRIMARY KEY REFERENCES players (id),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;

-- Every attempt at a puzzle. `rated` says whether it moves ratings (a player's first attempt at
-- a puzzle, outside a streak); `run` is a streak's first attempt and `streak` the puzzles solved
-- before this one in the run; `day` is the daily puzzle's day. `moves` are the player's moves
-- so far. A player has one live attempt per channel and mode (and day, for the daily puzzle).
CREATE TABLE puzzle_attempts (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    guild_id   INTEGER,
    channel_id INTEGER,
    puzzle     INTEGER NOT NULL,
    mode       TEXT    NOT NULL CHECK (mode IN ('rated', 'streak', 'daily')),
    run        INTEGER,
    streak     INTEGER NOT NULL DEFAULT 0,
    day        TEXT,
    rated      INTEGER NOT NULL CHECK (rated IN (0, 1)),
    moves      TEXT    NOT NULL DEFAULT '',
    hinted     INTEGER NOT NULL DEFAULT 0 CHECK (hinted IN (0, 1)),
    status     TEXT    NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'solved', 'failed', 'gave-up')),
    version    INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX puzzle_attempts_one_live ON puzzle_attempts (player_id, channel_id, mode, COALESCE(day, ''))
    WHERE status = 'live';
CREATE INDEX puzzle_attempts_by_player ON puzzle_attempts (player_id, puzzle);
CREATE INDEX puzzle_attempts_streaks ON puzzle_attempts (guild_id, streak) WHERE mode = 'streak' AND status = 'solved';
-- A streak's next puzzle is started once, however often its button is pressed.
CREATE UNIQUE INDEX puzzle_attempts_run_step ON puzzle_attempts (run, streak) WHERE run IS NOT NULL;

-- A server's daily puzzle: posted in `channel_id` each day at `hour` o'clock UTC. No row: off.
CREATE TABLE daily_puzzle_plans (
    guild_id   INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    hour       INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    updated_at INTEGER NOT NULL
) STRICT;

-- Each day's post of a server, claimed once (the primary key) by the sweep that makes it, and
-- noted once Discord took it; a claim never posted (its process stopped) is posted again later.
CREATE TABLE daily_puzzle_posts (
    guild_id   INTEGER NOT NULL,
    day        TEXT    NOT NULL,                                       -- '2026-11-30'
    puzzle     INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    claimed_at INTEGER NOT NULL,
    posted_at  INTEGER,
    PRIMARY KEY (guild_id, day)
) STRICT;
CREATE INDEX daily_puzzle_posts_unposted ON daily_puzzle_posts (claimed_at) WHERE posted_at IS NULL;
CREATE INDEX puzzle_attempts_daily ON puzzle_attempts (guild_id, day) WHERE day IS NOT NULL;
