-- Web pages (`WEB_ADDR`): a server's games, leaderboard and tournaments are on the web only once
-- it opts in with `/settings web`: 'public' (its games also listed on players' pages) or 'link'
-- (reachable by their links alone). Pages are found by keys nobody can guess (a random UUID's
-- 16 bytes), never by the sequential ids; every row, old or new, gets its own key (the columns
-- allow NULL as SQLite's, whose keys a trigger writes just after the insert).
ALTER TABLE guild_settings ADD COLUMN web TEXT NOT NULL DEFAULT 'off' CHECK (web IN ('off', 'public', 'link'));

ALTER TABLE guild_settings ADD COLUMN web_key TEXT DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX guild_settings_web_key_unique ON guild_settings (web_key);

ALTER TABLE games ADD COLUMN web_key TEXT DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX games_web_key_unique ON games (web_key);

ALTER TABLE players ADD COLUMN web_key TEXT DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX players_web_key_unique ON players (web_key);

ALTER TABLE tournaments ADD COLUMN web_key TEXT DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX tournaments_web_key_unique ON tournaments (web_key);
