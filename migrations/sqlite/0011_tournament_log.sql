-- What organisers did to a tournament, shown on its card: started, paused, resumed, removed a
-- player, set a result, cancelled. `actor_id` and `subject_id` become NULL when that player
-- deletes their data ("deleted player").
CREATE TABLE tournament_log (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    at            INTEGER NOT NULL,
    actor_id      INTEGER REFERENCES players (id),
    action        TEXT    NOT NULL CHECK (action IN ('started', 'paused', 'resumed', 'removed', 'result', 'cancelled')),
    subject_id    INTEGER REFERENCES players (id),                     -- the player removed, or the pairing's black
    detail        TEXT                                                 -- a result: '3.1.1 white'
) STRICT;
CREATE INDEX tournament_log_by_tournament ON tournament_log (tournament_id, id);

-- The role whose members may run tournaments besides those who may manage the server.
ALTER TABLE guild_settings ADD COLUMN organiser_role INTEGER;
