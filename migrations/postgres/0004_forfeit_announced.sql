-- When the message saying a game was lost on time was posted. A forfeit is written first and
-- announced after; should the process die in between, another one finds the forfeit still
-- unannounced and posts it (under the same Discord nonce, so it shows once). Games that ended
-- before this column existed count as announced.
ALTER TABLE games ADD COLUMN forfeit_announced_at BIGINT;
UPDATE games SET forfeit_announced_at = updated_at WHERE status <> 'live';

CREATE INDEX games_unannounced_forfeits ON games (updated_at) WHERE end_reason = 'timeout' AND forfeit_announced_at IS NULL;
