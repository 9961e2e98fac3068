-- Leaderboard seasons: a server that turns them on (/settings season) gets a table per calendar
-- month or quarter (UTC) of the players with enough rated games in it, ranked by their rating at
-- the season's end; ratings themselves carry on from one season to the next.
--
-- A server's plan: how long its seasons are, where their results are announced, and when the
-- running season ends (`due_at`). The sweep takes the plans that are due and moves `due_at` on by
-- compare-and-set, so that with several processes a season is closed once. No row: seasons off.
CREATE TABLE season_plans (
    guild_id   INTEGER PRIMARY KEY,
    cadence    TEXT    NOT NULL CHECK (cadence IN ('monthly', 'quarterly')),
    channel_id INTEGER,                                                -- where results are announced; NULL: nowhere known
    due_at     INTEGER NOT NULL,                                       -- the running season's end: it is closed then
    updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX season_plans_due ON season_plans (due_at);

-- Each closed season of a server, once (the unique key), with its window [starts_at, ends_at)
-- and whether its champion was announced.
CREATE TABLE seasons (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    season       TEXT    NOT NULL,                                     -- '2026-11' or '2026-Q4'
    starts_at    INTEGER NOT NULL,
    ends_at      INTEGER NOT NULL,
    closed_at    INTEGER NOT NULL,
    channel_id   INTEGER,                                              -- where it is announced; NULL: nowhere
    announced_at INTEGER,                                              -- when the announcement was posted
    UNIQUE (guild_id, season)
) STRICT;
CREATE INDEX seasons_unannounced ON seasons (closed_at) WHERE announced_at IS NULL;

-- A closed season's final table, per ladder: the players with at least the minimum of rated games
-- in the server in the season, their rating at its end and their place (equal ratings share one).
CREATE TABLE season_standings (
    season_id INTEGER NOT NULL REFERENCES seasons (id),
    ladder    TEXT    NOT NULL,
    rank      INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    rating    REAL    NOT NULL,
    deviation REAL    NOT NULL,
    games     INTEGER NOT NULL,
    PRIMARY KEY (season_id, ladder, player_id)
) STRICT;
CREATE INDEX season_standings_by_player ON season_standings (player_id);

-- The games of a server in a season: rating changes by scope and time.
CREATE INDEX rating_changes_by_scope_and_time ON rating_changes (scope, created_at);
