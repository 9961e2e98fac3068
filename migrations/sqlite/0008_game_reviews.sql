-- The engine's review of a finished game, computed once and kept: a second request, or one after
-- a restart, costs nothing. `review` is the service's JSON; `format` says which shape it has, so a
-- review of an older shape is computed again.
CREATE TABLE game_reviews (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    format     INTEGER NOT NULL,
    review     TEXT    NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
