//! `Game`, the variants from the seeds, and the records: properties over random games, illegal
//! moves, forced passes, undo, and one test per variant rule built from its seed's description.

use proptest::prelude::*;
use reversi_bot::engine::{
    Board, BoardSize, Color, DiscSupply, FlipMode, Game, GgfInfo, IllegalMove, Move, ObfPosition, Ply, Preset, Rules,
    Scoring, Square, Start, TieRule, parse_position, result_of,
};

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn random_game(rules: Rules, seed: u64) -> Game {
    reversi_bot::engine::random_game(rules, seed)
}

fn all_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for size in BoardSize::ALL {
        for start in [Start::Cross, Start::Parallel, Start::FreeCentre] {
            for flips in [FlipMode::AllLines, FlipMode::OneLine] {
                for supply in [DiscSupply::Unlimited, DiscSupply::Limited, DiscSupply::LimitedNoGift] {
                    all.push(Rules { size, start, flips, supply, ..Rules::default() });
                }
            }
        }
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_random_game_ends_conserves_discs_and_round_trips(seed in any::<u64>(), which in 0usize..54) {
        let rules = all_rules()[which];
        let game = random_game(rules, seed);
        let positions = game.positions();
        for (i, ply) in game.plies().iter().enumerate() {
            let (before, after) = (&positions[i].board, &positions[i + 1].board);
            match ply {
                Ply::Move(m) => {
                    let mover = m.color;
                    let flipped = m.flipped.len() as u32;
                    prop_assert_eq!(after.count(mover), before.count(mover) + 1 + flipped);
                    prop_assert_eq!(after.count(mover.opponent()) + flipped, before.count(mover.opponent()));
                    for square in m.flipped {
                        prop_assert_eq!(before.at(square), Some(mover.opponent()));
                        prop_assert_eq!(after.at(square), Some(mover));
                    }
                    prop_assert_eq!(positions[i].to_move, mover);
                }
                Ply::Pass(color) => {
                    prop_assert_eq!(before, after);
                    let out_of_discs = rules.supply == DiscSupply::LimitedNoGift && positions[i].hands[color.index()] == 0;
                    prop_assert!(out_of_discs || before.legal_moves(*color).is_empty());
                    prop_assert_eq!(positions[i].to_move, *color);
                }
            }
            if rules.supply.is_limited() {
                let total = positions[i + 1].hands[0] + positions[i + 1].hands[1] + rules.size.squares() - after.empties();
                prop_assert_eq!(total, rules.size.squares(), "discs in hand plus discs on the board");
            }
        }
        let end = game.board();
        let hands = game.positions().last().unwrap().hands;
        for color in Color::BOTH {
            let out_of_discs = rules.supply == DiscSupply::LimitedNoGift && hands[color.index()] == 0;
            prop_assert!(out_of_discs || !end.has_moves(color), "{} could still move", color);
        }
        let result = game.result().unwrap();
        prop_assert_eq!(result.black + result.white + result.empties, rules.size.squares());
        let again = Game::from_transcript(rules, &game.transcript()).unwrap();
        prop_assert_eq!(&again, &game);
        if matches!(rules.start, Start::Cross | Start::Parallel) && rules.flips == FlipMode::AllLines && rules.supply == DiscSupply::Unlimited {
            let (from_ggf, _) = Game::from_ggf(&game.to_ggf(&GgfInfo::default())).unwrap();
            prop_assert_eq!(from_ggf.plies(), game.plies());
        }
    }

    #[test]
    fn undo_restores_every_earlier_position(seed in any::<u64>()) {
        let mut game = random_game(Rules::default(), seed);
        let snapshots: Vec<Game> = {
            let mut replay = Game::new(Rules::default());
            let mut list = vec![replay.clone()];
            for m in game.moves().copied().collect::<Vec<_>>() {
                replay.play(m.mv).unwrap();
                list.push(replay.clone());
            }
            list
        };
        for expected in snapshots.iter().rev().skip(1) {
            game.undo().unwrap();
            prop_assert_eq!(&game, expected);
        }
        prop_assert!(game.undo().is_none());
    }
}

#[test]
fn illegal_moves_are_refused_with_a_reason_and_change_nothing() {
    let mut game = Game::from_transcript(Rules::default(), "f5d6").unwrap();
    let before = game.clone();
    assert_eq!(game.play(sq("f5").into()), Err(IllegalMove::Occupied(sq("f5"))));
    assert_eq!(game.play(sq("a1").into()), Err(IllegalMove::FlipsNothing(sq("a1"))));
    assert_eq!(game.play(sq("j10").into()), Err(IllegalMove::OffBoard { square: sq("j10"), size: BoardSize::Eight }));
    assert_eq!(game.play(Move::parse("c3:n", BoardSize::Eight).unwrap()), Err(IllegalMove::LineNotNeeded(sq("c3"))));
    assert_eq!(game, before);
    assert_eq!(IllegalMove::Occupied(sq("f5")).to_string(), "f5 is already taken");
    assert_eq!(
        IllegalMove::FlipsNothing(sq("a1")).to_string(),
        "a1 flips nothing: a move must trap opponent discs between the new disc and one of yours"
    );
}

#[test]
fn a_move_after_the_end_is_refused() {
    let mut game = random_game(Rules::default(), 7);
    let before = game.clone();
    let empty = game.board().empty_squares().iter().next();
    let square = empty.unwrap_or(sq("a1"));
    assert_eq!(game.play(square.into()), Err(IllegalMove::GameOver));
    assert_eq!(game, before);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.to_move(), None);
}

#[test]
fn forced_passes_are_played_and_recorded() {
    // Search seeded random games for one with a pass, then check what the record says of it.
    let game = (0..500).map(|seed| random_game(Rules::default(), seed)).find(|g| {
        g.plies().iter().any(|p| matches!(p, Ply::Pass(_)))
            && g.plies().iter().position(|p| matches!(p, Ply::Pass(_))).unwrap() + 1 < g.plies().len()
    });
    let game = game.expect("some random game has a pass before its end");
    let at = game.plies().iter().position(|p| matches!(p, Ply::Pass(_))).unwrap();
    let Ply::Pass(passer) = game.plies()[at] else { unreachable!() };
    let Ply::Move(before) = game.plies()[at - 1] else { panic!("a pass follows a move") };
    assert_eq!(before.color, passer.opponent(), "the side that just moved moves again");
    let Ply::Move(after) = game.plies()[at + 1] else { panic!("two passes in a row end the game") };
    assert_eq!(after.color, passer.opponent());
    // Replaying up to the move before the pass reports the pass in the outcome.
    let mut replay = Game::new(Rules::default());
    let mut reported = None;
    for ply in &game.plies()[..at] {
        if let Ply::Move(m) = ply {
            reported = replay.play(m.mv).unwrap().passed;
        }
    }
    assert_eq!(reported, Some(passer));
    assert!(
        game.to_ggf(&GgfInfo::default()).contains(&format!("{}[PA]", if passer == Color::Black { "B" } else { "W" }))
    );
}

#[test]
fn ravensburger_one_line_variant_lets_the_mover_choose_the_line() {
    // Seed 002, "Variante": when a disc brackets opponent discs in several directions, only the
    // discs of one enclosure are turned. After f5 f6 e6, White's f4 brackets e5 (west) and f5
    // (south).
    let rules = Rules { flips: FlipMode::OneLine, ..Rules::default() };
    let mut game = Game::from_transcript(rules, "f5f6e6").unwrap();
    let board = *game.board();
    let mover = Color::White;
    let square = sq("f4");
    let lines = board.bracketed_lines(mover, square);
    assert_eq!(lines, [reversi_bot::engine::Direction::S, reversi_bot::engine::Direction::W]);
    let err = game.play(square.into()).unwrap_err();
    assert_eq!(err, IllegalMove::LineRequired { square, lines: lines.clone() });
    assert!(err.to_string().contains("several lines"), "{err}");
    let unused = reversi_bot::engine::Direction::ALL.into_iter().find(|d| !lines.contains(d)).unwrap();
    assert!(matches!(game.play(Move::along(square, unused)), Err(IllegalMove::LineFlipsNothing { .. })));
    let choices = game.legal_choices();
    assert_eq!(choices.iter().filter(|m| m.square == square).count(), lines.len());
    let outcome = game.play(Move::along(square, lines[0])).unwrap();
    assert_eq!(outcome.played.flipped, board.line_flips(mover, square, lines[0]));
    assert!(outcome.played.flipped.len() < board.flips(mover, square).len());
    for other in &lines[1..] {
        for disc in board.line_flips(mover, square, *other) {
            assert_eq!(game.board().at(disc), Some(Color::Black), "{disc} on the line not chosen stays black");
        }
    }
    let transcript = game.transcript();
    assert!(transcript.ends_with(&format!("{square}:{}", lines[0])), "{transcript}");
    assert_eq!(Game::from_transcript(rules, &transcript).unwrap(), game);
}

#[test]
fn the_free_centre_opening_fills_the_centre_without_flips() {
    // Seeds 003 and 004: the board starts empty and the first moves go on the four centre
    // squares, capturing nothing; either starting grid can arise.
    let rules = Rules { start: Start::FreeCentre, ..Rules::default() };
    let mut game = Game::new(rules);
    assert_eq!(game.board().empties(), 64);
    assert_eq!(game.legal_moves().to_string(), "d4 e4 d5 e5");
    assert!(matches!(game.play(sq("c3").into()), Err(IllegalMove::MustFillCentre { .. })));
    for (i, square) in ["d4", "d5", "e4", "e5"].into_iter().enumerate() {
        let outcome = game.play(sq(square).into()).unwrap();
        assert!(outcome.played.flipped.is_empty());
        assert_eq!(outcome.played.color, if i % 2 == 0 { Color::Black } else { Color::White });
    }
    // Black d4 e4, white d5 e5: a parallel grid; from here the bracketing rule applies.
    let expected = format!("{}XX{}OO{}", "-".repeat(27), "-".repeat(6), "-".repeat(27));
    assert_eq!(*game.board(), Board::from_rows(&expected, BoardSize::Eight).unwrap());
    assert_eq!(game.to_move(), Some(Color::Black));
    assert!(matches!(game.play(sq("a1").into()), Err(IllegalMove::FlipsNothing(_))));
    let first = game.legal_moves().iter().next().unwrap();
    assert!(!game.play(first.into()).unwrap().played.flipped.is_empty());
    // The same on 6x6 and 10x10.
    for size in [BoardSize::Six, BoardSize::Ten] {
        let game = Game::new(Rules { size, start: Start::FreeCentre, ..Rules::default() });
        assert_eq!(game.legal_moves().len(), 4);
    }
}

#[test]
fn a_player_without_discs_receives_one_from_the_opponent() {
    // Seed 002: each player gets 32 discs; "Besitzt ein Spieler keinen Stein mehr, wenn er am
    // Zug ist, erhält er einen Stein von seinem Mitspieler."
    let rules = Rules::ravensburger();
    assert_eq!(Game::new(rules).hands(), Some([30, 30]));
    let game = (0..3000)
        .map(|seed| random_game(rules, seed))
        .find(|g| g.moves().any(|m| m.borrowed))
        .expect("some game has a side making more than 30 moves");
    let index = game.plies().iter().position(|p| matches!(p, Ply::Move(m) if m.borrowed)).unwrap();
    let Ply::Move(borrow) = game.plies()[index] else { unreachable!() };
    let before = game.positions()[index].hands;
    let after = game.positions()[index + 1].hands;
    assert_eq!(before[borrow.color.index()], 0, "the mover had no disc left");
    assert_eq!(after[borrow.color.opponent().index()] + 1, before[borrow.color.opponent().index()]);
    assert_eq!(game.moves().filter(|m| m.color == borrow.color).take_while(|m| !m.borrowed).count(), 30);
}

#[test]
fn under_jacques_and_sons_a_player_out_of_discs_passes_and_gets_none() {
    // Seed 003: "In the variant Reversi at the beginning each player has a supply of 32 stones";
    // the game is over "when both players either do not have or can turn no more" stones.
    let rules = Preset::JacquesSons.rules();
    assert_eq!(Game::new(rules).hands(), Some([32, 32]), "the free centre start places none");
    let game = (0..3000)
        .map(|seed| random_game(rules, seed))
        .find(|g| g.positions().iter().any(|p| !p.over && p.hands[p.to_move.index()] == 0 && p.board.empties() > 0))
        .expect("some game has a side run out of discs before the board is full");
    assert!(game.moves().all(|m| !m.borrowed), "nobody is given a disc");
    for (i, ply) in game.plies().iter().enumerate() {
        let before = &game.positions()[i];
        match ply {
            Ply::Move(m) => assert!(before.hands[m.color.index()] > 0, "a move needs a disc in hand"),
            Ply::Pass(color) => {
                let out = before.hands[color.index()] == 0;
                assert!(out || before.board.legal_moves(*color).is_empty(), "a pass is forced");
            }
        }
    }
    let end = game.positions().last().unwrap();
    assert!(end.over);
    for color in Color::BOTH {
        assert!(end.hands[color.index()] == 0 || end.board.legal_moves(color).is_empty(), "{color} could still move");
    }
}

#[test]
fn when_the_first_player_chooses_the_start_nobody_moves_before_the_choice() {
    // Seed 003 on Ravensburger's edition: "In the first move both players put two of their stones
    // on the four centre panels … the first player gets to choose this de facto."
    let rules = Preset::RavensburgerStart.rules();
    let game = Game::new(rules);
    assert_eq!(game.board().empties(), 64);
    assert_eq!(game.to_move(), Some(Color::Black), "the first player is to choose");
    assert!(game.legal_moves().is_empty());
    assert!(!game.is_over());
    let mut waiting = game.clone();
    assert_eq!(waiting.play(sq("d3").into()), Err(IllegalMove::StartNotChosen));
    // Either grid, once chosen, is a normal start with 32 discs each.
    for start in [Start::Cross, Start::Parallel] {
        let chosen = Game::new(Rules { start, ..rules });
        assert_eq!(chosen.legal_moves().len(), 4);
        assert_eq!(chosen.hands(), Some([30, 30]));
        assert_eq!(Preset::of(chosen.rules()), Some(Preset::RavensburgerStart), "still the same sheet");
    }
}

#[test]
fn every_preset_is_recognised_on_every_board_size_and_an_adjusted_one_is_not() {
    for preset in Preset::ALL {
        assert_eq!(Preset::from_key(preset.key()), Some(preset));
        for size in BoardSize::ALL {
            assert_eq!(Preset::of(&preset.rules().on(size)), Some(preset), "{preset:?} on {size}");
        }
    }
    let adjusted = Rules { scoring: Scoring::Wof, ..Preset::Ravensburger.rules() };
    assert_eq!(Preset::of(&adjusted), None);
    assert_eq!(Preset::of(&Rules::default()), Some(Preset::Othello));
    assert!(Preset::in_gold(&Preset::RavensburgerChildren.rules()));
    assert!(!Preset::in_gold(&Preset::JacquesSons.rules()));
}

#[test]
fn every_rule_sheet_and_adjustment_survives_a_ggf_round_trip_and_no_variant_claims_othello() {
    let mut all: Vec<Rules> = Preset::ALL.iter().flat_map(|p| BoardSize::ALL.map(|size| p.rules().on(size))).collect();
    all.push(Rules { scoring: Scoring::Wof, tie: TieRule::Counts(Color::White), ..Rules::default() });
    all.push(Rules { start: Start::Parallel, flips: FlipMode::OneLine, ..Preset::JacquesSons.rules() });
    for rules in all {
        // A game whose first player chooses is recorded with the start chosen.
        let played =
            if rules.start == Start::FirstPlayerChooses { Rules { start: Start::Parallel, ..rules } } else { rules };
        for seed in 0..5 {
            let game = random_game(played, seed);
            let ggf = game.to_ggf(&GgfInfo::default());
            let othello = played.on(BoardSize::Eight).is_standard();
            assert_eq!(ggf.contains("GM[Othello]"), othello, "{ggf}");
            assert_eq!(ggf.contains("RU["), !othello, "{ggf}");
            let (back, _) = Game::from_ggf(&ggf).unwrap_or_else(|e| panic!("{e}: {ggf}"));
            assert_eq!(back.rules(), game.rules(), "{ggf}");
            assert_eq!(back.plies(), game.plies(), "{ggf}");
        }
        // Before any move too, the start still to choose included.
        let (empty, _) = Game::from_ggf(&Game::new(rules).to_ggf(&GgfInfo::default())).unwrap();
        assert_eq!(*empty.rules(), rules);
    }
    // A tie decided by the tie rule names its winner; a plain draw does not.
    let ravensburger = Rules::ravensburger();
    let tie = (0..5000).map(|seed| random_game(ravensburger, seed)).find(|g| g.result().unwrap().margin() == 0);
    let tie = tie.expect("some random game ends level");
    assert!(tie.to_ggf(&GgfInfo::default()).contains("RE[+0:W]"), "{}", tie.to_ggf(&GgfInfo::default()));
    let draw = (0..5000).map(|seed| random_game(Rules::default(), seed)).find(|g| g.result().unwrap().margin() == 0);
    assert!(draw.expect("a draw").to_ggf(&GgfInfo::default()).contains("RE[+0]"));
    // Rules we do not know are refused, not guessed.
    let unknown =
        "(;GM[Reversi]TY[8]RU[start=spiral]BO[8 ---------------------------*O------O*--------------------------- *];)";
    assert!(Game::from_ggf(unknown).is_err());
}

#[test]
fn a_tie_goes_to_the_second_player_under_ravensburger_rules() {
    // Seed 002: "Bei Gleichstand gewinnt der Spieler, der als zweites gesetzt hat."
    let board =
        Board::from_rows(&"X".repeat(32).chars().chain("O".repeat(32).chars()).collect::<String>(), BoardSize::Eight)
            .unwrap();
    let draw = result_of(&Rules::default(), &board);
    assert_eq!((draw.winner, draw.by_tie_rule), (None, false));
    let ravensburger = result_of(&Rules::ravensburger(), &board);
    assert_eq!((ravensburger.winner, ravensburger.by_tie_rule), (Some(Color::White), true));
    assert_eq!(ravensburger.to_string(), "White wins on the tie rule, 32-32");
    // Seed 003: the Japanese rule counts a draw for a colour chosen before the game.
    let japanese = result_of(&Rules { tie: TieRule::Counts(Color::Black), ..Rules::default() }, &board);
    assert_eq!(japanese.winner, Some(Color::Black));
    // And in a real game that ends level.
    let drawn = (0..5000).map(|s| random_game(Rules::ravensburger(), s)).find(|g| {
        let r = g.result().unwrap();
        r.black == r.white
    });
    let drawn = drawn.expect("some random game ends level");
    assert_eq!(drawn.result().unwrap().winner, Some(Color::White));
}

#[test]
fn wof_scoring_gives_the_empty_squares_to_the_winner() {
    // Seed 003 via othello.md: a 33-29 finish with 2 empties is scored 35-29.
    let rows: String = "X".repeat(33) + &"O".repeat(29) + "--";
    let board = Board::from_rows(&rows, BoardSize::Eight).unwrap();
    let wof = Rules { scoring: Scoring::Wof, ..Rules::default() };
    let result = result_of(&wof, &board);
    assert_eq!(result.score, [35, 29]);
    assert_eq!((result.black, result.white, result.empties), (33, 29, 2));
    assert_eq!(result_of(&Rules::default(), &board).score, [33, 29]);
    let level: String = "X".repeat(31) + &"O".repeat(31) + "--";
    let split = result_of(&wof, &Board::from_rows(&level, BoardSize::Eight).unwrap());
    assert_eq!((split.score, split.winner), ([32, 32], None));
}

#[test]
fn transcripts_accept_the_usual_ways_of_writing_moves() {
    let a = Game::from_transcript(Rules::default(), "f5d6c3d3c4").unwrap();
    let b = Game::from_transcript(Rules::default(), "1. F5 d6 2. C3 d3 3. c4").unwrap();
    let c = Game::from_transcript(Rules::default(), "f5, d6, c3, d3, c4").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    let err = Game::from_transcript(Rules::default(), "f5d6f5").unwrap_err();
    assert_eq!(err.to_string(), "move 3 (f5) is illegal: f5 is already taken");
    assert!(Game::from_transcript(Rules::default(), "f5z9").is_err());
}

#[test]
fn ggf_reads_what_other_programs_write() {
    let ggf = "(;GM[Othello]PC[NBoard]DT[2014-02-20]PB[Edax]PW[me]RE[?]TI[5:00]TY[8]\
               BO[8 ---------------------------O*------*O--------------------------- *]\
               B[F5//0.01]W[d6/-1.50/0.2]B[c3];)";
    let (game, info) = Game::from_ggf(ggf).unwrap();
    assert_eq!(game.transcript(), "f5d6c3");
    assert_eq!((info.black.as_str(), info.white.as_str(), info.place.as_str()), ("Edax", "me", "NBoard"));
    assert!(Game::from_ggf("(;GM[Chess]B[e4];)").is_err());
    assert!(Game::from_ggf("(;GM[Othello]B[f5]W[PA];)").is_err(), "a pass with legal moves is refused");
}

#[test]
fn obf_lines_parse_and_print() {
    let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";
    let position: ObfPosition = line.parse().unwrap();
    assert_eq!(position.scores.len(), 8);
    assert_eq!(position.best_moves(), vec![Some(sq("g8"))]);
    assert_eq!(position.to_string(), line);
    assert!("XO X;".parse::<ObfPosition>().is_err());
    assert!(format!("{} Z;", "-".repeat(64)).parse::<ObfPosition>().is_err());
    for file in ["fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ffo").join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let position: ObfPosition = line.parse().unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(position.best_score().is_some());
        }
    }
}

#[test]
fn rules_survive_serialisation_and_describe_themselves() {
    for rules in all_rules() {
        let json = serde_json::to_string(&rules).unwrap();
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
    }
    assert_eq!(serde_json::from_str::<Rules>("{}").unwrap(), Rules::default());
    assert_eq!(Rules::default().summary(), "standard Othello");
    assert_eq!(Rules::ravensburger().summary(), "32 discs each, a tie goes to the second player");
}

#[test]
fn a_column_and_row_written_apart_are_one_square() {
    let d3 = Move::parse("d3", BoardSize::Eight).unwrap();
    for written in ["d-3", "d 3", "D-3", "d:3"] {
        assert_eq!(Move::parse(written, BoardSize::Eight), Ok(d3), "{written}");
    }
    let along = Move::parse("c4:ne", BoardSize::Eight).unwrap();
    assert_eq!(Move::parse("c-4:ne", BoardSize::Eight), Ok(along));
    assert_eq!(Move::parse("c4-ne", BoardSize::Eight), Ok(along));
    assert!(Move::parse("d-", BoardSize::Eight).is_err());
}

#[test]
fn a_position_set_up_for_a_side_without_moves_passes_to_the_other_and_without_any_is_over() {
    let (board, side) = parse_position(&format!("XO{} O", "-".repeat(62))).unwrap();
    assert_eq!(side, Color::White);
    let game = Game::from_position(Rules::default(), board, side);
    assert_eq!(game.to_move(), Some(Color::Black), "White cannot move, so Black plays");
    assert_eq!(game.legal_choices().len(), 1);
    let (alone, side) = parse_position(&format!("X{}", "-".repeat(63))).unwrap();
    assert_eq!(side, Color::White, "one disc: an odd count, so White would move");
    assert!(Game::from_position(Rules::default(), alone, side).is_over());
    let (start, side) = parse_position(&Board::standard().to_rows()).unwrap();
    let set_up = Game::from_position(Rules::default(), start, side);
    assert_eq!(set_up.legal_choices(), Game::new(Rules::default()).legal_choices());
}
