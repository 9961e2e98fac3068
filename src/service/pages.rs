//! What the web pages show, read through the service as typed facts in the reader's words: a
//! finished game (every position, the moves, the review when there is one), a player (ratings,
//! rating history, record, recent games, tournaments, puzzles), a server's leaderboard and a
//! tournament's standings. Nothing is shown of a server that has not opted in (`/settings web`),
//! of a game kept to its channel, or of a player who deleted their data; every page is found by
//! its unguessable key alone. The web adapter lays these facts out as HTML.

use crate::ai::review::GameReview;
use crate::engine::{Color, Game, Ply};
use crate::render::{RenderOptions, Theme};
use crate::store::queries::*;
use crate::store::{GameRecord, GameStatus, Ladder, Scope, TournamentState, UserId, WebVisibility};

use super::text::{Args, Locale, utc_day, words};
use super::tournament::standings;
use super::view::board::{game_opening, ladder_name, level_name, result_line, rules_summary, side_name};
use super::view::privacy::deleted_player;
use super::view::tournament::{points, result_mark, standings_table};
use super::{Service, ServiceError, replay};

/// The most recent games a player's page lists.
const RECENT_GAMES: u32 = 20;
/// The most players a leaderboard page lists.
const LEADERBOARD_LINES: u32 = 100;

/// A player named on a page, with the key of their own page when they have one to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageName {
    /// Their name ("deleted player" in the reader's words for one who deleted their data).
    pub name: String,
    /// Their page's key; `None` for a deleted player.
    pub key: Option<String>,
    /// For the bot: its level in words.
    pub level: Option<String>,
}

/// A board theme's colours as CSS writes them (`#1b5e20`), under the theme's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageColours {
    /// The theme's name (`classic`).
    pub theme: &'static str,
    /// The playing surface.
    pub felt: String,
    /// The lines between squares.
    pub grid: String,
    /// The frame around the board.
    pub frame: String,
    /// The coordinates on the frame.
    pub label: String,
    /// Black's and white's discs.
    pub discs: [String; 2],
    /// The mark of the last move.
    pub last: String,
}

/// One position of a game: the squares row by row from a1 (`b` black, `w` white, `.` empty),
/// who is to move, the disc counts and the square last played (its index), if any.
#[derive(Clone, Debug, PartialEq)]
pub struct PagePosition {
    /// The squares, one letter each.
    pub cells: String,
    /// Whose turn it is; `None` once the game is over.
    pub to_move: Option<Color>,
    /// Black's and white's discs.
    pub counts: [u32; 2],
    /// The index of the square just played.
    pub last: Option<usize>,
    /// The review's value here, in discs from black's side, when the game was reviewed.
    pub value: Option<f64>,
}

/// One ply of a game as its move list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageMove {
    /// The move's number (passes share the number of the move before).
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The square (`d3`), or the word for a pass.
    pub label: String,
    /// Whether it was a forced pass.
    pub pass: bool,
}

/// A mistake the review found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageMistake {
    /// The ply after it (the position to show).
    pub ply: usize,
    /// The sentence: "12. d3 (Black): c4 was better by 6 discs".
    pub line: String,
}

/// A finished game's page.
#[derive(Clone, Debug, PartialEq)]
pub struct GamePage {
    /// The page's key.
    pub key: String,
    /// Black's and white's players.
    pub players: [PageName; 2],
    /// What each side is called in the game's theme ("Black", "Gold").
    pub sides: [String; 2],
    /// The result in one line.
    pub result: String,
    /// The rule sheet and its options, in words.
    pub rules: String,
    /// The opening's name, when it has one.
    pub opening: Option<String>,
    /// The day it was played (`YYYY-MM-DD`, UTC).
    pub day: String,
    /// Whether it was rated.
    pub rated: bool,
    /// Squares on a side.
    pub side: usize,
    /// Every position, the start first.
    pub positions: Vec<PagePosition>,
    /// Every ply: `moves[i]` leads to `positions[i + 1]`.
    pub moves: Vec<PageMove>,
    /// The review's mistakes, when it was reviewed (empty list: reviewed, no mistakes).
    pub mistakes: Option<Vec<PageMistake>>,
    /// The board's theme (its colours are among [`page_themes`]).
    pub theme: &'static str,
    /// Whether its server's pages are public (otherwise reachable by link only, and not indexed).
    pub listed: bool,
}

/// A player's standing on one ladder, with its history.
#[derive(Clone, Debug, PartialEq)]
pub struct PageRating {
    /// The kind of game, in words.
    pub ladder: String,
    /// The rating, rounded.
    pub rating: i64,
    /// Rated games, wins, draws and losses.
    pub record: [u32; 4],
    /// The rating after each rated game, oldest first: the day (UTC, `YYYY-MM-DD`), and the value.
    pub history: Vec<(String, f64)>,
}

/// A game in a list: its key, the opponent and the result from the player's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageGameLine {
    /// The game's page.
    pub key: String,
    /// The day.
    pub day: String,
    /// The line: "Win against Bob, 40–24".
    pub line: String,
}

/// A tournament in a player's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageTournamentLine {
    /// Its page.
    pub key: String,
    /// The line: "Winter Cup: 2nd of 8".
    pub line: String,
}

/// A player's page.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerPage {
    /// Their name.
    pub name: String,
    /// Their global ratings, the most played ladder first.
    pub ratings: Vec<PageRating>,
    /// Their latest finished games in servers whose pages are public.
    pub games: Vec<PageGameLine>,
    /// Tournaments they entered in servers on the web.
    pub tournaments: Vec<PageTournamentLine>,
    /// Their puzzle rating, rounded, when they solved any.
    pub puzzle_rating: Option<i64>,
}

/// One line of a leaderboard page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageLeader {
    /// The rank (shared by equal ratings).
    pub rank: u32,
    /// The player.
    pub player: PageName,
    /// The rating, rounded.
    pub rating: i64,
    /// Rated games, wins, draws and losses.
    pub record: [u32; 4],
}

/// A server's leaderboard page, one ladder at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderboardPage {
    /// The page's key.
    pub key: String,
    /// Every ladder the server has ratings on: its key and its name; the shown one is `ladder`.
    pub ladders: Vec<(String, String)>,
    /// The ladder shown.
    pub ladder: String,
    /// The best players, best first.
    pub leaders: Vec<PageLeader>,
    /// Whether the server's pages are public.
    pub listed: bool,
}

/// One line of a tournament's standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageStanding {
    /// The place ("" when shared with the line above).
    pub rank: String,
    /// The player.
    pub player: PageName,
    /// Points as players write them (`3½`).
    pub points: String,
    /// The tie-breaks, in the order of the headings.
    pub tie_breaks: Vec<String>,
    /// Games played.
    pub games: u32,
    /// The withdrawn mark, when they withdrew.
    pub withdrawn: Option<String>,
}

/// One game of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PagePairing {
    /// The board.
    pub board: u32,
    /// Black, and white (none for a bye).
    pub players: [Option<PageName>; 2],
    /// The result as a crosstable writes it (`1–0`, `½–½`, `+/−`), empty while being played.
    pub result: String,
    /// The game's page, once it is finished.
    pub key: Option<String>,
}

/// A tournament's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentPage {
    /// Its name.
    pub name: String,
    /// Where it stands ("Round 3 of 5", "Final standings").
    pub subtitle: String,
    /// The column headings: place, player, games, points, then the tie-breaks.
    pub headers: Vec<String>,
    /// The standings (empty while players sign up).
    pub standings: Vec<PageStanding>,
    /// A round robin's crosstable: per row, per column, the results (`1`, `½`, `0`).
    pub crosstable: Option<Vec<Vec<String>>>,
    /// Every round so far, the first first.
    pub rounds: Vec<Vec<PagePairing>>,
    /// The footnote on the tie-breaks.
    pub footnote: String,
    /// Whether the server's pages are public.
    pub listed: bool,
}

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

impl PageColours {
    fn of(theme: Theme) -> PageColours {
        let colors = theme.colors();
        PageColours {
            theme: theme.name(),
            felt: hex(colors.felt),
            grid: hex(colors.grid),
            frame: hex(colors.frame),
            label: hex(colors.label),
            discs: colors.discs.map(|d| hex(d.face)),
            last: hex(colors.accent),
        }
    }
}

/// Every board theme's colours, for a stylesheet made once.
pub fn page_themes() -> Vec<PageColours> {
    Theme::ALL.into_iter().map(PageColours::of).collect()
}

/// The cells of a position, one letter a square.
fn cells(board: &crate::engine::Board) -> String {
    board
        .size()
        .all_squares()
        .map(|s| match board.at(s) {
            Some(Color::Black) => 'b',
            Some(Color::White) => 'w',
            None => '.',
        })
        .collect()
}

fn counts(board: &crate::engine::Board) -> [u32; 2] {
    Color::BOTH.map(|c| board.discs(c).iter().count() as u32)
}

impl Service {
    /// The page of the finished game with `key`, when its server shows it.
    pub async fn game_page(&self, key: &str, locale: Locale) -> Result<Option<GamePage>, ServiceError> {
        let Some((record, listed)) = self.shown_game(key).await? else { return Ok(None) };
        let game = replay(&record)?;
        let theme = self.game_theme(record.guild, &record.rules).await?;
        let names = self.names(&record, locale).await?;
        let players = [
            self.page_name(record.black, &record, locale).await?,
            self.page_name(record.white, &record, locale).await?,
        ];
        let review: Option<GameReview> = match self.store().review(record.id, super::coach::REVIEW_FORMAT).await? {
            Some(json) => serde_json::from_str(&json).ok(),
            None => None,
        };
        let (positions, moves) = Service::plies(&game, review.as_ref(), locale);
        let mistakes = review.as_ref().map(|review| Service::page_mistakes(&game, review, locale, theme));
        Ok(Some(GamePage {
            key: key.to_string(),
            players,
            sides: Color::BOTH.map(|c| side_name(locale, theme, c)),
            result: result_line(locale, theme, &record, &game, &names).to_plain(),
            rules: rules_summary(locale, &record.rules, theme),
            opening: game_opening(&game).map(str::to_string),
            day: utc_day(record.created_at),
            rated: record.rated,
            side: usize::from(record.rules.size.side()),
            positions,
            moves,
            mistakes,
            theme: theme.name(),
            listed,
        }))
    }

    /// The picture of a shown game's position after `ply` plies (the end when `None`), for the
    /// previews a link unfolds into.
    pub async fn game_page_picture(&self, key: &str, ply: Option<usize>) -> Result<Option<Vec<u8>>, ServiceError> {
        let Some((record, _)) = self.shown_game(key).await? else { return Ok(None) };
        let game = replay(&record)?;
        let theme = self.game_theme(record.guild, &record.rules).await?;
        let options = RenderOptions { theme, ..RenderOptions::default() };
        // The moves made by that ply (passes are not moves).
        let plies = &game.plies()[..ply.unwrap_or(usize::MAX).min(game.plies().len())];
        let moves = plies.iter().filter(|p| matches!(p, Ply::Move(_))).count();
        Ok(self.inner.renderer.position_png(&game, moves, &options).ok())
    }

    /// A shown game's record as GGF, and the file's name.
    pub async fn game_page_ggf(&self, key: &str) -> Result<Option<(String, String)>, ServiceError> {
        let Some((record, _)) = self.shown_game(key).await? else { return Ok(None) };
        let game = replay(&record)?;
        let names = self.names(&record, Locale::English).await?;
        let place = words(Locale::English, "export-ggf-place", &Args::new());
        let info = super::info::ggf_info(&record, &names, place);
        Ok(Some((format!("reversi-{key}.ggf"), game.to_ggf(&info))))
    }

    /// The game with `key` when it is over and its server shows it (and whether it is listed).
    async fn shown_game(&self, key: &str) -> Result<Option<(GameRecord, bool)>, ServiceError> {
        let Some((record, web, private)) = self.store().game_by_web_key(key).await? else { return Ok(None) };
        if !web.is_on() || private || record.status == GameStatus::Live {
            return Ok(None);
        }
        Ok(Some((record, web == WebVisibility::Public)))
    }

    /// A player as a page names them: with their page's key, the bot with its level.
    async fn page_name(&self, id: UserId, record: &GameRecord, locale: Locale) -> Result<PageName, ServiceError> {
        let player = self.store().player(id).await?;
        let anonymous = player.as_ref().is_none_or(|p| p.anonymous);
        let name = match &player {
            Some(p) if !p.anonymous => p.name.clone(),
            _ => deleted_player(locale),
        };
        let key = if anonymous { None } else { self.store().player_web_key(id).await? };
        let level = record.bot_level.filter(|_| self.is_bot(id)).map(|level| level_name(locale, level));
        Ok(PageName { name, key, level })
    }

    /// Every position and ply of a game, with the review's values where there is one.
    fn plies(game: &Game, review: Option<&GameReview>, locale: Locale) -> (Vec<PagePosition>, Vec<PageMove>) {
        let mut positions = Vec::with_capacity(game.positions().len());
        let mut moves = Vec::with_capacity(game.plies().len());
        let value = |made: usize| review.and_then(|r| r.values.get(made)).map(|&v| f64::from(v) / 100.0);
        let first = &game.positions()[0];
        positions.push(PagePosition {
            cells: cells(&first.board),
            to_move: (!first.over).then_some(first.to_move),
            counts: counts(&first.board),
            last: None,
            value: value(0),
        });
        let mut made = 0;
        for (ply, position) in game.plies().iter().zip(&game.positions()[1..]) {
            let (color, label, pass, last) = match ply {
                Ply::Move(played) => {
                    made += 1;
                    let index = played.mv.square.index(game.rules().size) as usize;
                    (played.color, played.mv.to_string(), false, Some(index))
                }
                Ply::Pass(color) => (*color, words(locale, "web-pass", &Args::new()), true, None),
            };
            moves.push(PageMove { number: made.max(1), color, label, pass });
            positions.push(PagePosition {
                cells: cells(&position.board),
                to_move: (!position.over).then_some(position.to_move),
                counts: counts(&position.board),
                last,
                value: value(made),
            });
        }
        (positions, moves)
    }

    /// The review's mistakes, each with the ply that shows it.
    fn page_mistakes(game: &Game, review: &GameReview, locale: Locale, theme: Theme) -> Vec<PageMistake> {
        let threshold = super::coach::MISTAKE_DISCS * crate::ai::eval::SCALE;
        let mut mistakes: Vec<_> = Color::BOTH
            .into_iter()
            .flat_map(|color| review.mistakes(color, super::coach::MISTAKES, threshold))
            .collect();
        mistakes.sort_by_key(|m| m.number);
        // The ply after move `number` (passes counted).
        let ply_after = |number: usize| {
            let mut made = 0;
            for (i, ply) in game.plies().iter().enumerate() {
                if matches!(ply, Ply::Move(_)) {
                    made += 1;
                    if made == number {
                        return i + 1;
                    }
                }
            }
            game.plies().len()
        };
        mistakes
            .into_iter()
            .map(|m| PageMistake {
                ply: ply_after(m.number),
                line: words(
                    locale,
                    "web-mistake",
                    &Args::new()
                        .number("number", m.number as u32)
                        .text("played", m.played.to_string())
                        .text("side", side_name(locale, theme, m.color))
                        .text("best", m.best.to_string())
                        .number("discs", (m.loss + 50) / 100),
                ),
            })
            .collect()
    }

    /// The page of the player with `key`; `None` for a deleted player or an unknown key.
    pub async fn player_page(&self, key: &str, locale: Locale) -> Result<Option<PlayerPage>, ServiceError> {
        let store = self.store();
        let Some(player) = store.player_by_web_key(key).await? else { return Ok(None) };
        if player.anonymous {
            return Ok(None);
        }
        let mut ratings = Vec::new();
        for ladder in store.global_ratings_of(player.id).await? {
            let history = store.rating_history(player.id, &ladder.ladder).await?;
            let r = ladder.rating;
            ratings.push(PageRating {
                ladder: ladder_name(locale, &ladder.ladder),
                rating: r.glicko.rating.round() as i64,
                record: [r.games, r.wins, r.draws, r.losses],
                history: history.into_iter().map(|p| (utc_day(p.at), p.rating)).collect(),
            });
        }
        let mut games = Vec::new();
        for (record, game_key) in store.public_games_of(player.id, RECENT_GAMES).await? {
            games.push(self.page_game_line(&record, game_key, player.id, locale).await?);
        }
        let mut tournaments = Vec::new();
        for place in self.tournament_places(player.id, None).await? {
            if !store.settings(place.record.guild).await?.web.is_on() {
                continue;
            }
            let Some(key) = store.tournament_web_key(place.record.id).await? else { continue };
            let args = Args::new()
                .text("name", place.record.name.clone())
                .number("place", place.place.unwrap_or(0) as u32)
                .number("players", place.players as u32);
            let id = if place.place.is_some() { "web-tournament-place" } else { "web-tournament-entered" };
            tournaments.push(PageTournamentLine { key, line: words(locale, id, &args) });
        }
        let puzzle_rating = store.player_puzzle_rating(player.id).await?.map(|g| g.rating.round() as i64);
        Ok(Some(PlayerPage { name: player.name, ratings, games, tournaments, puzzle_rating }))
    }

    /// A finished game in a player's list: the result from their side and the opponent.
    async fn page_game_line(
        &self,
        record: &GameRecord,
        key: String,
        player: UserId,
        locale: Locale,
    ) -> Result<PageGameLine, ServiceError> {
        let color = record.color_of(player).unwrap_or(Color::Black);
        let opponent = record.player(color.opponent());
        let opponent = self.name_of(opponent, locale).await?;
        let (mine, theirs) = match record.ending {
            Some(e) if color == Color::Black => (e.black, e.white),
            Some(e) => (e.white, e.black),
            None => (0, 0),
        };
        let outcome = match record.ending.and_then(|e| e.winner) {
            Some(w) if w == color => "win",
            Some(_) => "loss",
            None => "draw",
        };
        let args = Args::new()
            .word("outcome", outcome)
            .text("opponent", opponent)
            .number("mine", mine)
            .number("theirs", theirs);
        Ok(PageGameLine { key, day: utc_day(record.updated_at), line: words(locale, "web-game-line", &args) })
    }

    /// The leaderboard page of the server with `key` on `ladder` (its most played one when
    /// `None` or unknown).
    pub async fn leaderboard_page(
        &self,
        key: &str,
        ladder: Option<&str>,
        locale: Locale,
    ) -> Result<Option<LeaderboardPage>, ServiceError> {
        let store = self.store();
        let Some((guild, web)) = store.server_by_web_key(key).await? else { return Ok(None) };
        if !web.is_on() {
            return Ok(None);
        }
        let scope = Scope::Guild(guild);
        let ladders = store.ladders_in(scope).await?;
        let shown = ladders
            .iter()
            .find(|l| Some(l.as_str()) == ladder)
            .or(ladders.first())
            .cloned()
            .unwrap_or_else(Ladder::standard);
        let mut leaders = Vec::new();
        for entry in store.leaderboard(&shown, scope, LEADERBOARD_LINES).await? {
            let r = entry.rating;
            let player = if entry.anonymous {
                PageName { name: deleted_player(locale), key: None, level: None }
            } else {
                PageName { name: entry.name, key: store.player_web_key(r.player).await?, level: None }
            };
            leaders.push(PageLeader {
                rank: entry.rank,
                player,
                rating: r.glicko.rating.round() as i64,
                record: [r.games, r.wins, r.draws, r.losses],
            });
        }
        Ok(Some(LeaderboardPage {
            key: key.to_string(),
            ladders: ladders.iter().map(|l| (l.as_str().to_string(), ladder_name(locale, l))).collect(),
            ladder: shown.as_str().to_string(),
            leaders,
            listed: web == WebVisibility::Public,
        }))
    }

    /// The page of the tournament with `key`: standings, crosstable and rounds.
    pub async fn tournament_page(&self, key: &str, locale: Locale) -> Result<Option<TournamentPage>, ServiceError> {
        let store = self.store();
        let Some((id, web)) = store.tournament_by_web_key(key).await? else { return Ok(None) };
        let Some(record) = store.tournament(id).await? else { return Ok(None) };
        if !web.is_on() {
            return Ok(None);
        }
        let entries = store.entries(record.id).await?;
        let pairings = store.pairings(record.id).await?;
        let table = standings(record.format, &entries, &pairings, record.round);
        let names = self.names_of(&record).await?;
        let after = super::tournament::decided_rounds(&record, &pairings);
        let shown = standings_table(locale, &record, &table, &names, after, &pairings);
        let mut page_names = std::collections::HashMap::new();
        for &id in names.names.keys() {
            let name = match names.names.get(&id) {
                Some(Some(name)) => PageName {
                    name: name.clone(),
                    key: store.player_web_key(id).await?,
                    level: record.bot_level.filter(|_| id == names.bot).map(|l| level_name(locale, l)),
                },
                _ => PageName { name: deleted_player(locale), key: None, level: None },
            };
            page_names.insert(id, name);
        }
        let name_of = |id: UserId| {
            page_names.get(&id).cloned().unwrap_or(PageName { name: deleted_player(locale), key: None, level: None })
        };
        let standings = if record.state == TournamentState::Signup {
            Vec::new()
        } else {
            table
                .iter()
                .zip(shown.rows)
                .map(|(s, row)| PageStanding {
                    rank: row.rank,
                    player: name_of(UserId(s.id)),
                    points: points(s.points),
                    tie_breaks: row.tie_breaks,
                    games: row.games,
                    withdrawn: row.withdrawn,
                })
                .collect()
        };
        let crosstable = shown.crosstable.map(|c| {
            c.results
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    row.iter()
                        .enumerate()
                        .map(
                            |(j, cell)| {
                                if i == j { "×".to_string() } else { cell.iter().map(|r| r.symbol()).collect() }
                            },
                        )
                        .collect()
                })
                .collect()
        });
        let mut rounds: Vec<Vec<PagePairing>> = Vec::new();
        for p in &pairings {
            let index = p.round.saturating_sub(1) as usize;
            if rounds.len() <= index {
                rounds.resize_with(index + 1, Vec::new);
            }
            let key = match p.game {
                Some(game) => match store.game(game).await? {
                    Some(g) if g.status != GameStatus::Live => store.game_web_key(game).await?,
                    _ => None,
                },
                None => None,
            };
            rounds[index].push(PagePairing {
                board: p.board,
                players: [Some(name_of(p.black)), p.white.map(name_of)],
                result: p.result.map(|r| result_mark(locale, r)).unwrap_or_default(),
                key,
            });
        }
        let mut headers = vec![shown.headers.rank, shown.headers.player, shown.headers.games, shown.headers.points];
        headers.extend(shown.headers.tie_breaks);
        Ok(Some(TournamentPage {
            name: record.name.clone(),
            subtitle: shown.subtitle,
            headers,
            standings,
            crosstable,
            rounds,
            footnote: shown.footnote,
            listed: web == WebVisibility::Public,
        }))
    }

    /// The address of a finished game's page, when the bot has a public address and the game's
    /// server shows its games (a game kept to its channel has none).
    pub(super) async fn web_page_of(&self, record: &GameRecord) -> Result<Option<String>, ServiceError> {
        let Some(base) = &self.inner.options.public_url else { return Ok(None) };
        if record.status == GameStatus::Live || !self.settings(record.guild).await?.web.is_on() {
            return Ok(None);
        }
        if self.store().private_game(record.id).await? {
            return Ok(None);
        }
        Ok(self.store().game_web_key(record.id).await?.map(|key| format!("{base}/g/{key}")))
    }

    /// The address of a server's leaderboard page, when the bot has a public address and the
    /// server is on the web.
    pub(super) async fn web_leaderboard_of(
        &self,
        guild: crate::store::GuildId,
    ) -> Result<Option<String>, ServiceError> {
        let Some(base) = &self.inner.options.public_url else { return Ok(None) };
        if !self.settings(Some(guild)).await?.web.is_on() {
            return Ok(None);
        }
        Ok(self.store().server_web_key(guild).await?.map(|key| format!("{base}/s/{key}")))
    }

    /// How often what the pages show changed in this process beyond the moves (settings,
    /// deletions, reviews): a page kept from an earlier generation is made again.
    pub fn web_generation(&self) -> u64 {
        self.inner.web_generation.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Notes a change the pages show.
    pub(super) fn web_changed(&self) {
        self.inner.web_generation.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
    }

    /// The address of a tournament's page, when the bot has a public address and its server is
    /// on the web.
    pub(super) async fn web_tournament_of(
        &self,
        record: &crate::store::TournamentRecord,
    ) -> Result<Option<String>, ServiceError> {
        let Some(base) = &self.inner.options.public_url else { return Ok(None) };
        if !self.settings(Some(record.guild)).await?.web.is_on() {
            return Ok(None);
        }
        Ok(self.store().tournament_web_key(record.id).await?.map(|key| format!("{base}/t/{key}")))
    }

    /// Whether the database answers, for the readiness probe.
    pub async fn database_reachable(&self) -> bool {
        self.store().ping().await.is_ok()
    }
}
