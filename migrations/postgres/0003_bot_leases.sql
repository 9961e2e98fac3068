-- Who is to move in each live game (NULL once it is over), and the lease on the bot's move: the
-- process that holds it (a name of its own choosing) and until when. Only the holder of an unlapsed
-- lease thinks about the bot's move, so with several processes on one database no move is computed
-- twice, and a lease left by a process that died lapses for another to take.
ALTER TABLE games ADD COLUMN to_move_id BIGINT;
ALTER TABLE games ADD COLUMN bot_lease_owner TEXT;
ALTER TABLE games ADD COLUMN bot_lease_until BIGINT;

CREATE INDEX games_live_by_to_move ON games (to_move_id) WHERE status = 'live';
