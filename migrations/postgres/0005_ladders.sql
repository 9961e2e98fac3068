-- Each kind of game is rated on its own ladder: the rule sheet and the board size ('othello-8',
-- 'ravensburger-10', 'custom-6' for adjusted rules). The ratings so far were one ladder for
-- every kind of game; they stay on standard Othello's until the next start rates every rated
-- game again, in order, each on its ladder (asked for by the row in pending_rebuilds).
ALTER TABLE ratings ADD COLUMN ladder TEXT NOT NULL DEFAULT 'othello-8';
ALTER TABLE ratings ALTER COLUMN ladder DROP DEFAULT;
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (player_id, ladder, scope);
DROP INDEX ratings_by_scope;
CREATE INDEX ratings_by_ladder_and_scope ON ratings (ladder, scope, rating DESC);

ALTER TABLE rating_changes ADD COLUMN ladder TEXT NOT NULL DEFAULT 'othello-8';

-- Work the next start does once: 'ratings' rates every rated game again on its ladder.
CREATE TABLE pending_rebuilds (
    what TEXT NOT NULL PRIMARY KEY
);
INSERT INTO pending_rebuilds (what) SELECT 'ratings' WHERE EXISTS (SELECT 1 FROM rating_changes);
