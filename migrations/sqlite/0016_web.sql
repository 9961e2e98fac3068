-- Web pages (`WEB_ADDR`): a server's games, leaderboard and tournaments are on the web only once
-- it opts in with `/settings web`: 'public' (its games also listed on players' pages) or 'link'
-- (reachable by their links alone). Pages are found by keys nobody can guess (16 random bytes),
-- never by the sequential ids; a row gets its key when it is inserted.
ALTER TABLE guild_settings ADD COLUMN web TEXT NOT NULL DEFAULT 'off' CHECK (web IN ('off', 'public', 'link'));

ALTER TABLE guild_settings ADD COLUMN web_key TEXT;
UPDATE guild_settings SET web_key = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX guild_settings_web_key_unique ON guild_settings (web_key);
CREATE TRIGGER guild_settings_web_key AFTER INSERT ON guild_settings WHEN NEW.web_key IS NULL
BEGIN
    UPDATE guild_settings SET web_key = lower(hex(randomblob(16))) WHERE guild_id = NEW.guild_id;
END;

ALTER TABLE games ADD COLUMN web_key TEXT;
UPDATE games SET web_key = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX games_web_key_unique ON games (web_key);
CREATE TRIGGER games_web_key AFTER INSERT ON games WHEN NEW.web_key IS NULL
BEGIN
    UPDATE games SET web_key = lower(hex(randomblob(16))) WHERE id = NEW.id;
END;

ALTER TABLE players ADD COLUMN web_key TEXT;
UPDATE players SET web_key = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX players_web_key_unique ON players (web_key);
CREATE TRIGGER players_web_key AFTER INSERT ON players WHEN NEW.web_key IS NULL
BEGIN
    UPDATE players SET web_key = lower(hex(randomblob(16))) WHERE id = NEW.id;
END;

ALTER TABLE tournaments ADD COLUMN web_key TEXT;
UPDATE tournaments SET web_key = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX tournaments_web_key_unique ON tournaments (web_key);
CREATE TRIGGER tournaments_web_key AFTER INSERT ON tournaments WHEN NEW.web_key IS NULL
BEGIN
    UPDATE tournaments SET web_key = lower(hex(randomblob(16))) WHERE id = NEW.id;
END;
