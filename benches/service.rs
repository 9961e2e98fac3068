//! Service throughput: many concurrent games between people, every move through
//! `Service::handle` (load, check, compare-and-set in a transaction, reply), with and without the
//! board PNG, on an SQLite file and, when `DATABASE_URL` names a PostgreSQL server, on it too.
//! Prints moves per second and the p50/p99 latency of one move.
//! `cargo bench --bench service`, or `.ci/with-postgres cargo bench --bench service` for both.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi_bot::engine::{Color, Move, Rules};
use reversi_bot::service::{Command, Invocation, Service, ServiceOptions, User, components};
use reversi_bot::store::{ChannelId, ColorChoice, GuildId, Store, Timestamp};

/// The moves of a seeded random game.
fn random_game(seed: u64) -> Vec<(Color, Move)> {
    reversi_bot::engine::random_game(Rules::default(), seed).moves().map(|m| (m.color, m.mv)).collect()
}

fn inv(user: &User, channel: ChannelId) -> Invocation {
    Invocation {
        guild: Some(GuildId(1)),
        channel,
        user: user.clone(),
        can_manage_guild: false,
        roles: Vec::new(),
        now: Timestamp(1),
        locale: None,
        guild_locale: None,
        chat: Default::default(),
    }
}

/// Plays `games` games at once from challenge to the end; returns the moves played and adds each
/// move's latency to `latencies`.
async fn batch(service: &Service, games: u64, first_channel: u64, latencies: &Arc<Mutex<Vec<Duration>>>) -> u64 {
    let mut tasks = Vec::new();
    for g in 0..games {
        let service = service.clone();
        let latencies = latencies.clone();
        let channel = ChannelId(first_channel + g);
        let first_player = 2 * first_channel + 2 * g;
        let players = [User::new(first_player, "Black"), User::new(first_player + 1, "White")];
        tasks.push(tokio::spawn(async move {
            let challenge = Command::Challenge {
                opponent: Some(players[1].clone()),
                color: ColorChoice::Black,
                rated: true,
                private: false,
                rules: Rules::default(),
            };
            let offer = service.handle(&inv(&players[0], channel), challenge).await.expect("a challenge");
            let accept = components::parse(offer.reply.custom_ids()[0], &[]).expect("an Accept button");
            service.handle(&inv(&players[1], channel), accept).await.expect("a game");
            let moves = random_game(channel.0);
            for (color, mv) in &moves {
                let player = &players[color.index()];
                let started = Instant::now();
                service.handle(&inv(player, channel), Command::Move(mv.to_string())).await.expect("a legal move");
                latencies.lock().expect("latencies").push(started.elapsed());
            }
            moves.len() as u64
        }));
    }
    let mut moves = 0;
    for task in tasks {
        moves += task.await.expect("a game task");
    }
    moves
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn throughput(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let dir = std::env::temp_dir().join(format!("reversi-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let mut group = c.benchmark_group("service");
    group.sample_size(10);
    // Saturation (32 games at once on 2 cores) gives the throughput; 8 games at once, a busy
    // server, gives the latency a player sees.
    let postgres = std::env::var("DATABASE_URL").ok().filter(|url| url.starts_with("postgres"));
    let backends = [Some("SQLite"), postgres.as_ref().map(|_| "PostgreSQL")];
    // Channels and players of this run, apart from any earlier run's on the same server.
    let base = 1_000_000 * u64::from(std::process::id());
    for (backend, (pictures, games)) in backends
        .into_iter()
        .flatten()
        .flat_map(|backend| [(false, 32u64), (true, 32), (true, 8)].map(|setup| (backend, setup)))
    {
        let url = match (backend, &postgres) {
            ("PostgreSQL", Some(url)) => url.clone(),
            _ => format!("sqlite://{}", dir.join(format!("bench-{pictures}-{games}.db")).display()),
        };
        let store = runtime.block_on(Store::open(&url)).expect("a store");
        let options = ServiceOptions { board_pictures: pictures, ..ServiceOptions::default() };
        let service = Service::new(store, User::new(1, "bot"), options);
        let latencies = Arc::new(Mutex::new(Vec::new()));
        let moves_per_batch = random_game(0).len() as u64 * games;
        group.throughput(Throughput::Elements(moves_per_batch));
        let mut next_channel = base + 1_000;
        let mut total = (0u64, Duration::ZERO);
        let name = format!("{backend}, {games} games, moves {} PNG", if pictures { "with" } else { "without" });
        group.bench_function(&name, |b| {
            b.iter_custom(|iters| {
                let started = Instant::now();
                for _ in 0..iters {
                    total.0 += runtime.block_on(batch(&service, games, next_channel, &latencies));
                    next_channel += games;
                }
                let elapsed = started.elapsed();
                total.1 += elapsed;
                elapsed
            })
        });
        let mut sorted = latencies.lock().expect("latencies").clone();
        sorted.sort();
        println!(
            "{name}: {:.0} moves/s over {} moves; latency p50 {:.2} ms, p99 {:.2} ms",
            total.0 as f64 / total.1.as_secs_f64(),
            total.0,
            percentile(&sorted, 0.50).as_secs_f64() * 1e3,
            percentile(&sorted, 0.99).as_secs_f64() * 1e3,
        );
    }
    group.finish();
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, throughput);
criterion_main!(benches);
