-- Players' data in their own hands, and servers the bot has left.
--
-- A player who deletes their data (/privacy delete) is replaced in every game they played by an
-- anonymous player: a row of its own with no name (anonymous = TRUE), one per deletion, so that
-- their opponents' histories, head-to-heads and rating changes still add up. Anonymous ids are
-- counted down from the largest BIGINT (9223372036854775807), a snowflake Discord will not issue
-- before the 2080s; the text layer calls such a player "deleted player" in every language.
ALTER TABLE players ADD COLUMN anonymous BOOLEAN NOT NULL DEFAULT FALSE;

-- Servers the bot was removed from (Discord's GUILD_DELETE without `unavailable`), and when.
-- Their settings are kept for a grace period (SERVER_DATA_GRACE_DAYS); a server that adds the bot
-- back within it loses nothing. After it, the sweep removes the server's settings, its language,
-- its challenges and its games' channel references, in one transaction that claims the row
-- (FOR UPDATE SKIP LOCKED, so with several processes one does it).
CREATE TABLE departed_guilds (
    guild_id BIGINT PRIMARY KEY,
    left_at  BIGINT NOT NULL
);
CREATE INDEX departed_guilds_by_time ON departed_guilds (left_at);

-- A game or solo game may outlive its channel (NULL once its server's data is removed): the games
-- stay in their players' histories.
ALTER TABLE games ALTER COLUMN channel_id DROP NOT NULL;
ALTER TABLE solo_games ALTER COLUMN channel_id DROP NOT NULL;
-- The servers' games, for removing a server's channel references.
CREATE INDEX games_by_guild ON games (guild_id);
-- A player's solo games, for their export and their deletion.
CREATE INDEX solo_games_by_player ON solo_games (player_id);
