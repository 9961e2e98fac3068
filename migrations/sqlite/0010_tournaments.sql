-- Tournaments: a server's own events, run by the bot from sign-up to champion.
--
-- A tournament moves through its states (signup -> running -> finished, or cancelled) and its
-- rounds by compare-and-set on `version`, so that two processes never start it, pair a round or
-- finish it twice. `rounds` is the number of rounds planned (fixed at the start for round robins
-- and knockouts); `round` the round being played (0 before the start).
CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER,                                          -- where its card and rounds are posted; NULL once the server's data is removed
    organiser_id     INTEGER NOT NULL REFERENCES players (id),
    name             TEXT    NOT NULL,
    format           TEXT    NOT NULL CHECK (format IN ('round-robin', 'double-round-robin', 'swiss', 'knockout')),
    rounds           INTEGER NOT NULL,
    rules            TEXT    NOT NULL,
    rated            INTEGER NOT NULL CHECK (rated IN (0, 1)),
    move_secs        INTEGER,                                          -- a game's time per move; NULL: the server's
    round_secs       INTEGER,                                          -- a round's deadline; NULL: none
    max_players      INTEGER NOT NULL,
    bot_level        INTEGER,                                          -- the bot entered at this level, if at all
    starts_at        INTEGER,                                          -- started by the sweep at this time, if set
    state            TEXT    NOT NULL DEFAULT 'signup' CHECK (state IN ('signup', 'running', 'finished', 'cancelled')),
    paused           INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    round            INTEGER NOT NULL DEFAULT 0,
    round_started_at INTEGER,
    version          INTEGER NOT NULL DEFAULT 0,
    card_message_id  INTEGER,                                          -- the sign-up card, edited as players join
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);
CREATE INDEX tournaments_active ON tournaments (state) WHERE state IN ('signup', 'running');

-- Who entered, with their rating when they joined (the Swiss order and the knockout seeds), and
-- the round from which they no longer play, once withdrawn.
CREATE TABLE tournament_players (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    player_id       INTEGER NOT NULL REFERENCES players (id),
    rating          REAL    NOT NULL,
    joined_at       INTEGER NOT NULL,
    withdrawn_round INTEGER,
    PRIMARY KEY (tournament_id, player_id)
) STRICT;
CREATE INDEX tournament_players_by_player ON tournament_players (player_id);

-- The pairings of each round: a game (both players), a bye (no white), and once decided its
-- result: 'black', 'white' or 'draw' with the discs, 'bye', or a forfeit ('black-forfeit': black
-- won because white withdrew). A game is opened (its `game_id` set) once, by whoever claims it
-- first; a knockout match's games are numbered `game_no` 1, 2, 3.
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    game_no       INTEGER NOT NULL DEFAULT 1,
    black_id      INTEGER NOT NULL REFERENCES players (id),
    white_id      INTEGER REFERENCES players (id),
    game_id       INTEGER UNIQUE REFERENCES games (id),
    result        TEXT CHECK (result IN ('black', 'white', 'draw', 'bye', 'black-forfeit', 'white-forfeit', 'unplayed')),
    black_discs   INTEGER,
    white_discs   INTEGER,
    adjudicated   INTEGER NOT NULL DEFAULT 0 CHECK (adjudicated IN (0, 1)),
    opening_until INTEGER,                                             -- claimed for opening until then
    PRIMARY KEY (tournament_id, round, board, game_no),
    CHECK ((white_id IS NULL) = (result IS 'bye'))
) STRICT;
CREATE INDEX tournament_games_undecided ON tournament_games (tournament_id, round) WHERE result IS NULL;
