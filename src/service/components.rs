//! Our custom ids for buttons and menus, and the commands they stand for. Every id that acts on a
//! game carries the game id and its version, so a click keeps working after a restart and a stale
//! click (the game moved on) is refused instead of applied.

use super::command::{Command, PuzzleButton, TournamentAction};
use crate::engine::Color;
use crate::store::{AttemptId, ChallengeId, GameId, SoloId, TakebackId, TournamentId, UserId};

const PREFIX: &str = "rb";

/// The id of the legal-move menu number `part` under a board.
pub fn move_menu(game: GameId, version: i64, part: usize) -> String {
    format!("{PREFIX}:mv:{}:{version}:{part}", game.0)
}

/// The id of the Resign button under a board.
pub fn resign(game: GameId, version: i64) -> String {
    format!("{PREFIX}:rs:{}:{version}", game.0)
}

/// The id of the button that confirms a resignation.
pub fn confirm_resign(game: GameId, version: i64) -> String {
    format!("{PREFIX}:rsy:{}:{version}", game.0)
}

/// The id of a button to page `page` of `/games`.
pub fn games_page(page: u32) -> String {
    format!("{PREFIX}:gl:{page}")
}

/// The id of a live board's Stop watching button.
pub fn stop_watching(board: i64) -> String {
    format!("{PREFIX}:wx:{board}")
}

/// The id of the Take back button under a friendly game's board.
pub fn take_back(game: GameId, version: i64) -> String {
    format!("{PREFIX}:tb:{}:{version}", game.0)
}

/// The id of a takeback's Accept (`accept`) or Decline button.
pub fn answer_takeback(takeback: TakebackId, accept: bool) -> String {
    let kind = if accept { "tby" } else { "tbn" };
    format!("{PREFIX}:{kind}:{}", takeback.0)
}

/// The id of the Rematch button under a finished game.
pub fn rematch(game: GameId) -> String {
    format!("{PREFIX}:rm:{}", game.0)
}

/// The Review button under a finished board.
pub fn review(game: GameId) -> String {
    format!("{PREFIX}:rv:{}", game.0)
}

/// The Join button on a tournament's card.
pub fn tournament_join(tournament: TournamentId) -> String {
    format!("{PREFIX}:tj:{}", tournament.0)
}

/// The Leave button on a tournament's card.
pub fn tournament_leave(tournament: TournamentId) -> String {
    format!("{PREFIX}:tl:{}", tournament.0)
}

/// The Start button on a tournament's card (its organiser's).
pub fn tournament_start(tournament: TournamentId) -> String {
    format!("{PREFIX}:ts:{}", tournament.0)
}

/// The id of a challenge's Accept button.
pub fn accept(challenge: ChallengeId) -> String {
    format!("{PREFIX}:acc:{}", challenge.0)
}

/// The id of a challenge's Decline button.
pub fn decline(challenge: ChallengeId) -> String {
    format!("{PREFIX}:dec:{}", challenge.0)
}

/// The id of the button with which the first player chooses the start: the parallel grid when
/// `parallel`, else the cross.
pub fn choose_start(game: GameId, version: i64, parallel: bool) -> String {
    format!("{PREFIX}:st:{}:{version}:{}", game.0, u8::from(parallel))
}

/// The Japanese rule's first step, clicked by the player drawn by lot: a tie counts for `tie`.
/// It carries the challenge, who accepted it and the bot's level (0 between people), since
/// nothing is stored until the game starts.
pub fn japanese_tie(challenge: ChallengeId, acceptor: UserId, level: u8, tie: Color) -> String {
    format!("{PREFIX}:jt:{}:{}:{level}:{}", challenge.0, acceptor.0, tie.index())
}

/// The Japanese rule's second step, clicked by the other player: they play `color`, a tie
/// counting for `tie`.
pub fn japanese_color(challenge: ChallengeId, acceptor: UserId, level: u8, tie: Color, color: Color) -> String {
    format!("{PREFIX}:jc:{}:{}:{level}:{}:{}", challenge.0, acceptor.0, tie.index(), color.index())
}

/// The id of a solo game's move menu: part 0 holds the gold discs' moves, part 1 the black ones'.
pub fn solo_menu(game: SoloId, version: i64, part: usize) -> String {
    format!("{PREFIX}:sm:{}:{version}:{part}", game.0)
}

/// The id of a solo game's Hint button.
pub fn solo_hint(game: SoloId, version: i64) -> String {
    format!("{PREFIX}:sh:{}:{version}", game.0)
}

/// The id of a solo game's Stop button.
pub fn solo_stop(game: SoloId, version: i64) -> String {
    format!("{PREFIX}:sx:{}:{version}", game.0)
}

/// The id of a puzzle's move menu number `part`.
pub fn puzzle_menu(attempt: AttemptId, version: i64, part: usize) -> String {
    format!("{PREFIX}:pm:{}:{version}:{part}", attempt.0)
}

/// The id of a puzzle's `button`.
pub fn puzzle_button(attempt: AttemptId, version: i64, button: PuzzleButton) -> String {
    let kind = match button {
        PuzzleButton::Hint => "ph",
        PuzzleButton::GiveUp => "pg",
        PuzzleButton::Next => "pn",
    };
    format!("{PREFIX}:{kind}:{}:{version}", attempt.0)
}

/// The id of the Solve button under the post of the day's puzzle `puzzle` of `day` (`20261130`).
pub fn daily_puzzle(puzzle: u32, day: u32) -> String {
    format!("{PREFIX}:pd:{puzzle}:{day}")
}

/// The id of the button that confirms the deletion of `user`'s data (only they may press it).
pub fn confirm_forget(user: UserId) -> String {
    format!("{PREFIX}:pdy:{}", user.0)
}

/// The id of the button that calls off the deletion of `user`'s data.
pub fn cancel_forget(user: UserId) -> String {
    format!("{PREFIX}:pdn:{}", user.0)
}

/// The command behind a click on one of our components, with the menu's chosen values. `None`
/// for ids that are not ours or are malformed.
///
/// ```
/// use reversi_bot::service::{Command, components};
/// use reversi_bot::store::GameId;
/// let id = components::move_menu(GameId(7), 12, 0);
/// let command = components::parse(&id, &["d3".to_string()]);
/// assert_eq!(command, Some(Command::MenuMove { game: GameId(7), version: 12, value: "d3".into() }));
/// assert_eq!(components::parse("other:thing", &[]), None);
/// ```
pub fn parse(custom_id: &str, values: &[String]) -> Option<Command> {
    let mut parts = custom_id.split(':');
    if parts.next()? != PREFIX {
        return None;
    }
    let kind = parts.next()?;
    let numbers: Vec<i64> = parts.map(|p| p.parse().ok()).collect::<Option<_>>()?;
    let command = match (kind, numbers.as_slice()) {
        ("mv", [game, version, _part]) => {
            Command::MenuMove { game: GameId(*game), version: *version, value: values.first()?.clone() }
        }
        ("rs", [game, version]) => Command::ResignButton { game: GameId(*game), version: *version },
        ("rsy", [game, version]) => Command::ConfirmResign { game: GameId(*game), version: *version },
        ("gl", [page]) => Command::GamesPage(u32::try_from(*page).ok()?),
        ("wx", [board]) => Command::StopWatching(*board),
        ("tb", [game, version]) => Command::TakeBackButton { game: GameId(*game), version: *version },
        ("tby" | "tbn", [takeback]) => {
            Command::AnswerTakeback { takeback: TakebackId(*takeback), accept: kind == "tby" }
        }
        ("rm", [game]) => Command::Rematch(GameId(*game)),
        ("rv", [game]) => Command::Review(Some(GameId(*game))),
        ("jt", [challenge, acceptor, level @ 0..=5, tie @ (0 | 1)]) => Command::JapaneseTie {
            challenge: ChallengeId(*challenge),
            acceptor: UserId(*acceptor as u64),
            level: *level as u8,
            tie: Color::BOTH[*tie as usize],
        },
        ("jc", [challenge, acceptor, level @ 0..=5, tie @ (0 | 1), color @ (0 | 1)]) => Command::JapaneseColor {
            challenge: ChallengeId(*challenge),
            acceptor: UserId(*acceptor as u64),
            level: *level as u8,
            tie: Color::BOTH[*tie as usize],
            color: Color::BOTH[*color as usize],
        },
        ("st", [game, version, parallel @ (0 | 1)]) => {
            Command::ChooseStart { game: GameId(*game), version: *version, parallel: *parallel == 1 }
        }
        ("sm", [game, version, _part]) => {
            Command::SoloMenu { game: SoloId(*game), version: *version, value: values.first()?.clone() }
        }
        ("sh", [game, version]) => Command::SoloButton { game: SoloId(*game), version: *version, stop: false },
        ("sx", [game, version]) => Command::SoloButton { game: SoloId(*game), version: *version, stop: true },
        ("pm", [attempt, version, _part]) => {
            Command::PuzzleMenu { attempt: AttemptId(*attempt), version: *version, value: values.first()?.clone() }
        }
        ("ph" | "pg" | "pn", [attempt, version]) => {
            let button = match kind {
                "ph" => PuzzleButton::Hint,
                "pg" => PuzzleButton::GiveUp,
                _ => PuzzleButton::Next,
            };
            Command::PuzzleButton { attempt: AttemptId(*attempt), version: *version, button }
        }
        ("pd", [puzzle, day]) => {
            Command::DailyPuzzle { puzzle: u32::try_from(*puzzle).ok()?, day: u32::try_from(*day).ok()? }
        }
        ("pdy", [user]) => Command::ConfirmForget(UserId(*user as u64)),
        ("pdn", [user]) => Command::CancelForget(UserId(*user as u64)),
        ("acc", [challenge]) => Command::Accept(ChallengeId(*challenge)),
        ("dec", [challenge]) => Command::Decline(ChallengeId(*challenge)),
        ("tj", [id]) => Command::Tournament(TournamentAction::Join(Some(TournamentId(*id)))),
        ("tl", [id]) => Command::Tournament(TournamentAction::Leave(Some(TournamentId(*id)))),
        ("ts", [id]) => Command::Tournament(TournamentAction::Start(Some(TournamentId(*id)))),
        _ => return None,
    };
    Some(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_parses_back_to_its_command() {
        let game = GameId(41);
        assert_eq!(parse(&resign(game, 3), &[]), Some(Command::ResignButton { game, version: 3 }));
        assert_eq!(parse(&confirm_resign(game, 3), &[]), Some(Command::ConfirmResign { game, version: 3 }));
        assert_eq!(parse(&rematch(game), &[]), Some(Command::Rematch(game)));
        assert_eq!(parse(&review(game), &[]), Some(Command::Review(Some(game))));
        let cup = TournamentId(12);
        assert_eq!(parse(&tournament_join(cup), &[]), Some(Command::Tournament(TournamentAction::Join(Some(cup)))));
        assert_eq!(parse(&tournament_leave(cup), &[]), Some(Command::Tournament(TournamentAction::Leave(Some(cup)))));
        assert_eq!(parse(&tournament_start(cup), &[]), Some(Command::Tournament(TournamentAction::Start(Some(cup)))));
        let (challenge, acceptor) = (ChallengeId(3), UserId(1_250_000_000_000_000_229));
        let tie = parse(&japanese_tie(challenge, acceptor, 5, Color::White), &[]);
        assert_eq!(tie, Some(Command::JapaneseTie { challenge, acceptor, level: 5, tie: Color::White }));
        let id = japanese_color(challenge, acceptor, 0, Color::Black, Color::White);
        let color = Command::JapaneseColor { challenge, acceptor, level: 0, tie: Color::Black, color: Color::White };
        assert_eq!(parse(&id, &[]), Some(color));
        for parallel in [false, true] {
            let id = choose_start(game, 0, parallel);
            assert_eq!(parse(&id, &[]), Some(Command::ChooseStart { game, version: 0, parallel }));
        }
        assert_eq!(parse(&accept(ChallengeId(5)), &[]), Some(Command::Accept(ChallengeId(5))));
        assert_eq!(parse(&decline(ChallengeId(5)), &[]), Some(Command::Decline(ChallengeId(5))));
        assert_eq!(parse(&confirm_forget(acceptor), &[]), Some(Command::ConfirmForget(acceptor)));
        assert_eq!(parse(&cancel_forget(acceptor), &[]), Some(Command::CancelForget(acceptor)));
        assert_eq!(parse(&move_menu(game, 9, 1), &[]), None, "a menu click without a value is malformed");
        let solo = SoloId(8);
        let menu = parse(&solo_menu(solo, 4, 1), &["d3b".to_string()]);
        assert_eq!(menu, Some(Command::SoloMenu { game: solo, version: 4, value: "d3b".into() }));
        assert_eq!(parse(&solo_hint(solo, 4), &[]), Some(Command::SoloButton { game: solo, version: 4, stop: false }));
        assert_eq!(parse(&solo_stop(solo, 4), &[]), Some(Command::SoloButton { game: solo, version: 4, stop: true }));
        let attempt = AttemptId(77);
        let menu = parse(&puzzle_menu(attempt, 2, 0), &["c4".to_string()]);
        assert_eq!(menu, Some(Command::PuzzleMenu { attempt, version: 2, value: "c4".into() }));
        assert_eq!(parse(&daily_puzzle(12, 20261130), &[]), Some(Command::DailyPuzzle { puzzle: 12, day: 20261130 }));
        for button in [PuzzleButton::Hint, PuzzleButton::GiveUp, PuzzleButton::Next] {
            let id = puzzle_button(attempt, 2, button);
            assert_eq!(parse(&id, &[]), Some(Command::PuzzleButton { attempt, version: 2, button }));
        }
    }

    #[test]
    fn ids_stay_within_discords_limit() {
        let id = move_menu(GameId(i64::MAX), i64::MAX, 3);
        assert!(id.len() <= 100, "{id}");
    }

    #[test]
    fn foreign_and_malformed_ids_are_ignored() {
        for id in ["", "rb", "rb:mv", "rb:mv:x:1:0", "xx:rm:1", "rb:zz:1", "rb:rm:1:2", "rb:st:1:0:2"] {
            assert_eq!(parse(id, &["d3".into()]), None, "{id}");
        }
    }
}
