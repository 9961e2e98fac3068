-- Each kind of game is rated on its own ladder: the rule sheet and the board size ('othello-8',
-- 'ravensburger-10', 'custom-6' for adjusted rules). The ratings so far were one ladder for
-- every kind of game; they stay on standard Othello's until the next start rates every rated
-- game again, in order, each on its ladder (asked for by the row in pending_rebuilds).
CREATE TABLE ratings_by_ladder (
    player_id  INTEGER NOT NULL REFERENCES players (id),
    ladder     TEXT    NOT NULL,
    scope      INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    streak     INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, ladder, scope)
) STRICT;
INSERT INTO ratings_by_ladder (player_id, ladder, scope, rating, deviation, volatility, games, wins, losses,
                               draws, streak, updated_at)
    SELECT player_id, 'othello-8', scope, rating, deviation, volatility, games, wins, losses, draws, streak,
           updated_at
    FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_by_ladder RENAME TO ratings;
CREATE INDEX ratings_by_ladder_and_scope ON ratings (ladder, scope, rating DESC);

ALTER TABLE rating_changes ADD COLUMN ladder TEXT NOT NULL DEFAULT 'othello-8';

-- Work the next start does once: 'ratings' rates every rated game again on its ladder.
CREATE TABLE pending_rebuilds (
    what TEXT NOT NULL PRIMARY KEY
) STRICT;
INSERT INTO pending_rebuilds (what) SELECT 'ratings' WHERE EXISTS (SELECT 1 FROM rating_changes);
