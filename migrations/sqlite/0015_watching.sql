-- Live boards (`/watch`): one message per game and channel, edited after the game's moves. The
-- message is noted once posted; `shown_version` is the game's version it shows, and `edited_at`
-- the last time an edit was taken on (a compare-and-set on it keeps edits within Discord's
-- rate, whoever sweeps).
CREATE TABLE live_boards (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    asked_by      INTEGER NOT NULL REFERENCES players (id),
    message_id    INTEGER,                                              -- NULL until posted
    shown_version INTEGER NOT NULL DEFAULT -1,
    edited_at     INTEGER,
    status        TEXT    NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'stopped', 'ended')),
    created_at    INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX live_boards_one_per_channel ON live_boards (game_id, channel_id) WHERE status = 'live';
CREATE INDEX live_boards_live ON live_boards (game_id) WHERE status = 'live';

-- Games kept from being watched from other channels (`/challenge private:`), and the challenges
-- that will start one.
CREATE TABLE private_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
) STRICT;
CREATE TABLE private_challenges (
    challenge_id INTEGER PRIMARY KEY REFERENCES challenges (id) ON DELETE CASCADE
) STRICT;

-- Players who asked (`/notify`) for a DM when it is their turn in a slow game.
CREATE TABLE turn_notice_players (
    player_id  INTEGER PRIMARY KEY REFERENCES players (id),
    updated_at INTEGER NOT NULL
) STRICT;

-- Each notice claimed once per game and version (a turn), noted once sent.
CREATE TABLE turn_notices (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    claimed_at INTEGER NOT NULL,
    sent_at    INTEGER,
    PRIMARY KEY (game_id, version)
) STRICT;
