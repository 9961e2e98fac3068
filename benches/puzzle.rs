//! Puzzles through the service: `/puzzle` (choosing a puzzle near the player's rating among
//! those they never tried, starting the attempt, and drawing the board) and an answer (judging
//! the square, saving, the rating change and the solution line's picture), on an SQLite file.
//! `cargo bench --bench puzzle`.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_bot::service::{Command, Invocation, PuzzleAction, Service, ServiceOptions, User};
use reversi_bot::store::{ChannelId, GuildId, Store, Timestamp};

fn inv(user: &User, now: i64) -> Invocation {
    Invocation {
        guild: Some(GuildId(1)),
        channel: ChannelId(5),
        user: user.clone(),
        can_manage_guild: false,
        roles: Vec::new(),
        now: Timestamp(now),
        locale: None,
        guild_locale: None,
        chat: Default::default(),
    }
}

fn puzzles(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let dir = std::env::temp_dir().join(format!("reversi-puzzle-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let url = format!("sqlite://{}", dir.join("puzzles.db").display());
    let service = runtime.block_on(async {
        let store = Store::open(&url).await.expect("a store");
        Service::new(store, User::new(1, "Reversi"), ServiceOptions::default())
    });
    let mut group = c.benchmark_group("puzzle");
    let mut next_user = 100u64;
    // Each iteration a new player asks for a puzzle: the choice, the attempt and the picture.
    group.bench_function("choose and draw (/puzzle)", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                next_user += 1;
                let user = User::new(next_user, "Solver");
                let started = Instant::now();
                let response = runtime
                    .block_on(service.handle(&inv(&user, next_user as i64), Command::Puzzle(PuzzleAction::Next(None))))
                    .expect("a puzzle");
                total += started.elapsed();
                assert_eq!(response.reply.files.len(), 1);
            }
            total
        })
    });
    // Each iteration a new player gives up on a fresh puzzle: the end, rated, with the line drawn.
    group.bench_function("answer (give up, rated, line drawn)", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                next_user += 1;
                let user = User::new(next_user, "Solver");
                runtime
                    .block_on(service.handle(&inv(&user, next_user as i64), Command::Puzzle(PuzzleAction::Next(None))))
                    .expect("a puzzle");
                let started = Instant::now();
                runtime
                    .block_on(service.handle(&inv(&user, next_user as i64 + 1), Command::Puzzle(PuzzleAction::GiveUp)))
                    .expect("the solution");
                total += started.elapsed();
            }
            total
        })
    });
    group.finish();
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, puzzles);
criterion_main!(benches);
