//! Learning the pattern weights of [`crate::ai::pattern`] (`reversi-bot train`).
//!
//! 1. **Games.** Self-play games open with a few random moves, then each side plays the move its
//!    evaluation likes best after a one-move look-ahead, blurred by noise and an occasional
//!    random move, so that the positions are varied but plausible. The policy's evaluation is
//!    the hand-tuned one, or the shipped pattern weights (`self_play`): the second round learns
//!    from the first's games.
//! 2. **Endgame labels.** Every distinct position with at most `exact` empties is solved exactly.
//! 3. **Phase by phase.** The phases whose positions are all solved are fitted first. Then, for
//!    each further phase towards the opening, its positions are labelled by a search of
//!    `PHASE_WIDTH` plies with the weights learnt so far, whose leaves all lie one phase closer
//!    to the end (a pass costs no depth), and that phase is fitted.
//! 4. **Fit.** Each phase is a ridge regression over its (sparse, 0/1) features, on its own
//!    positions and those two empties either side, solved by preconditioned conjugate gradients.
//!
//! One position in twenty is held out of the fit to measure the result.
//!
//! The games' positions and their exact scores can be kept in a dataset file
//! ([`TrainOptions::data`]): a later run reads them instead of playing and solving again, so
//! trying another pattern set or ridge penalty costs only the searched phases and the fits.
//! Several files (rounds played by different policies) can be learnt from together.

use std::collections::HashSet;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::ai::eval::{SCALE, eval8};
use crate::ai::pattern::{FEATURES, PHASE_SIZE, PHASE_WIDTH, PHASES, Patterns, canonical, features, phase_of};
use crate::ai::selfplay::self_play_positions;
use crate::ai::{Evaluation, Searcher};
use crate::engine::bits::{Eight, Geometry};

/// What to train on.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// Self-play games to generate.
    pub games: usize,
    /// Seed of the games.
    pub seed: u64,
    /// Positions with at most this many empties are solved exactly.
    pub exact: u32,
    /// Worker threads.
    pub threads: usize,
    /// Play the games with the shipped pattern weights instead of the hand-tuned evaluation.
    pub self_play: bool,
    /// Ridge penalty (in positions' worth of evidence).
    pub ridge: f64,
    /// Conjugate-gradient iterations per phase.
    pub iterations: usize,
    /// Where the games' positions and their exact scores are kept: read from there when the
    /// file exists (no games are played, nothing is solved), written there otherwise. Relearning
    /// after a change of the pattern set then costs the searched phases and the fits only.
    /// Several files must all exist: their positions are learnt together, each distinct
    /// position once.
    pub data: Vec<PathBuf>,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            games: 20_000,
            seed: 1,
            exact: 16,
            threads: 2,
            self_play: false,
            ridge: 3.0,
            iterations: 60,
            data: Vec::new(),
        }
    }
}

/// How well one phase's fit did, in discs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseReport {
    /// The phase (empties `4 * phase + 1` to `4 * phase + 4`).
    pub phase: usize,
    /// Positions it was fitted on (own and neighbouring empties).
    pub samples: usize,
    /// Root-mean-square error on the training positions of this phase.
    pub train_rmse: f64,
    /// On the held-out positions of this phase.
    pub test_rmse: f64,
    /// The hand-tuned evaluation's error on the same held-out positions.
    pub hand_rmse: f64,
    /// Whether its labels were exact (solved) rather than searched.
    pub exact: bool,
}

/// A labelled position.
#[derive(Clone, Copy, Debug)]
struct Sample {
    p: u64,
    o: u64,
    /// Final disc difference for the mover (exact, or a search's estimate), in discs.
    score: f32,
    held_out: bool,
}

/// Runs `f` on `items` split over `threads` scoped threads, keeping the order.
fn parallel<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&[T]) -> Vec<R> + Sync) -> Vec<R> {
    let chunk = items.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = items.chunks(chunk).map(|c| s.spawn(|| f(c))).collect();
        handles.into_iter().flat_map(|h| h.join().expect("a training thread panicked")).collect()
    })
}

/// The exact final disc difference of each position for its mover.
fn solve_all(positions: &[(u64, u64)], threads: usize) -> Vec<f32> {
    parallel(positions, threads, |chunk| {
        let cancel = AtomicBool::new(false);
        let mut searcher = Searcher::new(64);
        chunk
            .iter()
            .map(|&(p, o)| searcher.solve8(p, o, None, &cancel).expect("nothing stops the solver").score as f32)
            .collect()
    })
}

/// Each position's score by a search of `depth` plies with `weights`, in discs.
fn search_all(positions: &[(u64, u64)], weights: &Patterns, depth: u32, threads: usize) -> Vec<f32> {
    parallel(positions, threads, |chunk| {
        let mut searcher = Searcher::new(32);
        chunk
            .iter()
            .map(|&(p, o)| {
                let (sign, (a, b)) = if Eight::moves(p, o) == 0 { (-1, (o, p)) } else { (1, (p, o)) };
                let found =
                    searcher.search8_with(a, b, depth, Evaluation::Weights(weights)).expect("the mover has a move");
                (sign * found.score) as f32 / SCALE as f32
            })
            .collect()
    })
}

/// Fits one phase's weights to `samples` (ridge regression, preconditioned conjugate
/// gradients). Returns the weights in discs.
fn fit(samples: &[(&[u32; FEATURES], f32)], ridge: f64, iterations: usize) -> Vec<f64> {
    let mut count = vec![0f64; PHASE_SIZE];
    let mut b = vec![0f64; PHASE_SIZE];
    for (f, y) in samples {
        for &i in f.iter() {
            count[i as usize] += 1.0;
            b[i as usize] += f64::from(*y);
        }
    }
    // A x = X'X x + ridge x; the preconditioner is its diagonal.
    let apply = |x: &[f64], out: &mut [f64]| {
        for (o, xi) in out.iter_mut().zip(x) {
            *o = ridge * xi;
        }
        for (f, _) in samples {
            let s: f64 = f.iter().map(|&i| x[i as usize]).sum();
            for &i in f.iter() {
                out[i as usize] += s;
            }
        }
    };
    let inv: Vec<f64> = count.iter().map(|c| 1.0 / (c + ridge)).collect();
    let mut w = vec![0f64; PHASE_SIZE];
    let mut r = b;
    let mut z: Vec<f64> = r.iter().zip(&inv).map(|(r, m)| r * m).collect();
    let mut d = z.clone();
    let mut rz: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
    let mut ad = vec![0f64; PHASE_SIZE];
    for _ in 0..iterations {
        if rz <= 1e-12 {
            break;
        }
        apply(&d, &mut ad);
        let dad: f64 = d.iter().zip(&ad).map(|(a, b)| a * b).sum();
        if dad <= 0.0 {
            break;
        }
        let alpha = rz / dad;
        for i in 0..PHASE_SIZE {
            w[i] += alpha * d[i];
            r[i] -= alpha * ad[i];
            z[i] = r[i] * inv[i];
        }
        let next: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
        let beta = next / rz;
        rz = next;
        for i in 0..PHASE_SIZE {
            d[i] = z[i] + beta * d[i];
        }
    }
    w
}

fn rmse(errors: impl Iterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for e in errors {
        sum += e * e;
        n += 1;
    }
    if n == 0 { 0.0 } else { (sum / n as f64).sqrt() }
}

/// Learns pattern weights from self-play as described in the module documentation, writing
/// progress to `log`. Returns the weights and a report per phase.
pub fn train(opts: &TrainOptions, log: &mut dyn Write) -> anyhow::Result<(Patterns, Vec<PhaseReport>)> {
    let started = Instant::now();
    let threads = opts.threads.max(1);
    let mut data = if !opts.data.is_empty() && opts.data.iter().all(|path| path.exists()) {
        let data = Dataset::read_all(&opts.data)?;
        anyhow::ensure!(
            data.exact == opts.exact,
            "the dataset holds exact scores up to {} empties, not {}",
            data.exact,
            opts.exact
        );
        let names: Vec<String> = opts.data.iter().map(|path| path.display().to_string()).collect();
        writeln!(log, "{} distinct positions read from {} ({:.1} s)", data.len(), names.join(", "), secs(started))?;
        data
    } else {
        anyhow::ensure!(opts.data.len() < 2, "to learn from several datasets, each of them must exist");
        let data = Dataset::play(opts, threads, log)?;
        if let Some(path) = opts.data.first() {
            data.write(path)?;
            writeln!(log, "wrote {}", path.display())?;
        }
        data
    };

    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); PHASES];
    let mut weights = Patterns::zero();
    let mut reports = Vec::new();
    let mut counter = 0usize;
    let mut held_out = || {
        counter += 1;
        counter.is_multiple_of(20)
    };
    for phase in 0..PHASES {
        let list = &data.by_phase[phase];
        let exact = phase < solved_phases(data.exact);
        let t = Instant::now();
        let scores = if exact {
            std::mem::take(&mut data.solved[phase])
        } else {
            search_all(list, &weights, PHASE_WIDTH, threads)
        };
        samples[phase] =
            list.iter().zip(scores).map(|(&(p, o), score)| Sample { p, o, score, held_out: held_out() }).collect();
        let labelled = if exact { data.seconds[phase] } else { secs(t) };
        let t = Instant::now();
        let report = fit_phase(phase, &samples, &mut weights, opts, exact);
        writeln!(
            log,
            "phase {:>2} (empties {:>2}-{:>2}): {:>7} positions {} in {:>6.1} s; fit on {:>7} in {:>5.1} s: \
             rmse train {:.2}, held out {:.2} (hand-tuned {:.2})",
            phase,
            phase as u32 * PHASE_WIDTH + 1,
            phase as u32 * PHASE_WIDTH + PHASE_WIDTH,
            list.len(),
            if exact { "solved  " } else { "searched" },
            labelled,
            report.samples,
            secs(t),
            report.train_rmse,
            report.test_rmse,
            report.hand_rmse,
        )?;
        reports.push(report);
    }
    writeln!(log, "trained in {:.1} s", secs(started))?;
    Ok((weights, reports))
}

/// The games' distinct positions phase by phase, and the exact scores of the solved phases.
struct Dataset {
    /// Positions with at most this many empties are solved.
    exact: u32,
    by_phase: Vec<Vec<(u64, u64)>>,
    /// `solved[phase][i]`: the exact score of `by_phase[phase][i]`, in the solved phases.
    solved: Vec<Vec<f32>>,
    /// Seconds spent solving each phase (0 when read from a file).
    seconds: Vec<f64>,
}

/// The phases whose positions are all solved when those with at most `exact` empties are.
fn solved_phases(exact: u32) -> usize {
    ((exact / PHASE_WIDTH) as usize).min(PHASES)
}

/// The header of a dataset file.
const DATA_MAGIC: &[u8; 8] = b"RBDATA1\n";
/// The score written for a position that was not solved.
const UNSOLVED: i8 = i8::MIN;

impl Dataset {
    /// Plays the games and solves the positions of the exact phases.
    fn play(opts: &TrainOptions, threads: usize, log: &mut dyn Write) -> anyhow::Result<Dataset> {
        let started = Instant::now();
        let per = opts.games.div_ceil(threads);
        let policy: Box<dyn Fn(u64, u64) -> i32 + Sync> = if opts.self_play {
            let w = Patterns::embedded();
            Box::new(move |p, o| w.eval(p, o))
        } else {
            Box::new(eval8)
        };
        let seeds: Vec<u64> =
            (0..threads as u64).map(|t| opts.seed.wrapping_add(t.wrapping_mul(0x5851_F42D))).collect();
        let mut all: Vec<(u64, u64)> = parallel(&seeds, threads, |s| {
            s.iter().flat_map(|&seed| self_play_positions(per, seed, policy.as_ref())).collect()
        });
        let mut seen = HashSet::new();
        all.retain(|x| seen.insert(*x));
        writeln!(log, "{} games, {} distinct positions ({:.1} s)", opts.games, all.len(), secs(started))?;
        let mut by_phase: Vec<Vec<(u64, u64)>> = vec![Vec::new(); PHASES];
        for &(p, o) in &all {
            by_phase[phase_of((!(p | o)).count_ones())].push((p, o));
        }
        let mut solved = vec![Vec::new(); PHASES];
        let mut seconds = vec![0.0; PHASES];
        for phase in 0..solved_phases(opts.exact) {
            let t = Instant::now();
            solved[phase] = solve_all(&by_phase[phase], threads);
            seconds[phase] = secs(t);
        }
        Ok(Dataset { exact: opts.exact, by_phase, solved, seconds })
    }

    fn len(&self) -> usize {
        self.by_phase.iter().map(Vec::len).sum()
    }

    /// Adds `other`'s positions that this one lacks, with their scores. Both must be solved to
    /// the same depth.
    fn merge(&mut self, other: Dataset) -> anyhow::Result<()> {
        anyhow::ensure!(
            other.exact == self.exact,
            "datasets solved to {} and to {} empties cannot be learnt from together",
            self.exact,
            other.exact
        );
        let mut seen: HashSet<(u64, u64)> = self.by_phase.iter().flatten().copied().collect();
        for (phase, (list, scores)) in other.by_phase.into_iter().zip(other.solved).enumerate() {
            for (i, position) in list.into_iter().enumerate() {
                if seen.insert(position) {
                    self.by_phase[phase].push(position);
                    if let Some(&score) = scores.get(i) {
                        self.solved[phase].push(score);
                    }
                }
            }
        }
        Ok(())
    }

    /// The file: a header (magic, exact, count), then each position as mover, opponent
    /// (little-endian `u64`) and exact score (`i8`, or [`UNSOLVED`]).
    fn write(&self, path: &Path) -> anyhow::Result<()> {
        let mut out = BufWriter::new(std::fs::File::create(path)?);
        out.write_all(DATA_MAGIC)?;
        out.write_all(&self.exact.to_le_bytes())?;
        out.write_all(&(self.len() as u64).to_le_bytes())?;
        for (list, solved) in self.by_phase.iter().zip(&self.solved) {
            for (i, &(p, o)) in list.iter().enumerate() {
                out.write_all(&p.to_le_bytes())?;
                out.write_all(&o.to_le_bytes())?;
                out.write_all(&[solved.get(i).map_or(UNSOLVED, |&s| s as i8) as u8])?;
            }
        }
        out.flush()?;
        Ok(())
    }

    /// Reads several files and learns from them together (see [`Dataset::merge`]).
    fn read_all(paths: &[PathBuf]) -> anyhow::Result<Dataset> {
        let (first, rest) = paths.split_first().ok_or_else(|| anyhow::anyhow!("no dataset file given"))?;
        let mut data = Dataset::read(first)?;
        for path in rest {
            data.merge(Dataset::read(path)?)?;
        }
        Ok(data)
    }

    /// Reads a file written by [`Dataset::write`].
    fn read(path: &Path) -> anyhow::Result<Dataset> {
        let mut input = BufReader::new(std::fs::File::open(path)?);
        let mut head = [0u8; 20];
        input.read_exact(&mut head)?;
        anyhow::ensure!(&head[..8] == DATA_MAGIC, "{} is not a training dataset", path.display());
        let exact = u32::from_le_bytes(head[8..12].try_into()?);
        let count = u64::from_le_bytes(head[12..20].try_into()?);
        let solved_up_to = solved_phases(exact);
        let mut by_phase: Vec<Vec<(u64, u64)>> = vec![Vec::new(); PHASES];
        let mut solved: Vec<Vec<f32>> = vec![Vec::new(); PHASES];
        let mut record = [0u8; 17];
        for _ in 0..count {
            input.read_exact(&mut record)?;
            let p = u64::from_le_bytes(record[..8].try_into()?);
            let o = u64::from_le_bytes(record[8..16].try_into()?);
            let empties = (!(p | o)).count_ones();
            anyhow::ensure!(p & o == 0 && empties < 61, "{} holds an impossible position", path.display());
            let phase = phase_of(empties);
            by_phase[phase].push((p, o));
            let score = record[16] as i8;
            if phase < solved_up_to {
                anyhow::ensure!(score != UNSOLVED, "{} lacks a score at {empties} empties", path.display());
                solved[phase].push(f32::from(score));
            }
        }
        Ok(Dataset { exact, by_phase, solved, seconds: vec![0.0; PHASES] })
    }
}

fn secs(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}

/// Fits `phase` on its own samples and those up to two empties either side (from the phases
/// labelled so far), stores the weights and reports the errors.
fn fit_phase(
    phase: usize,
    samples: &[Vec<Sample>],
    weights: &mut Patterns,
    opts: &TrainOptions,
    exact: bool,
) -> PhaseReport {
    let lo = (phase as u32 * PHASE_WIDTH + 1).saturating_sub(2);
    let hi = phase as u32 * PHASE_WIDTH + PHASE_WIDTH + 2;
    let near = |s: &&Sample| {
        let e = (!(s.p | s.o)).count_ones();
        (lo..=hi).contains(&e)
    };
    // Mirror configurations share one weight: the fit sees canonical indices only.
    let canon = canonical();
    let pool: Vec<(Sample, [u32; FEATURES])> = samples[phase.saturating_sub(1)..(phase + 2).min(PHASES)]
        .iter()
        .flatten()
        .filter(near)
        .filter_map(|s| features(s.p, s.o).map(|(_, f)| (*s, f.map(|i| canon[i as usize]))))
        .collect();
    let train: Vec<(&[u32; FEATURES], f32)> =
        pool.iter().filter(|(s, _)| !s.held_out).map(|(s, f)| (f, s.score)).collect();
    let w = fit(&train, opts.ridge, opts.iterations);
    for (dst, &c) in weights.phase_mut(phase).iter_mut().zip(canon) {
        *dst = (w[c as usize] * f64::from(SCALE)).round().clamp(-32000.0, 32000.0) as i16;
    }
    let own = |s: &Sample| phase_of((!(s.p | s.o)).count_ones()) == phase;
    let error = |s: &Sample| f64::from(weights.eval(s.p, s.o)) / f64::from(SCALE) - f64::from(s.score);
    let train_rmse = rmse(pool.iter().filter(|(s, _)| !s.held_out && own(s)).map(|(s, _)| error(s)));
    let test: Vec<&Sample> = pool.iter().map(|(s, _)| s).filter(|s| s.held_out && own(s)).collect();
    PhaseReport {
        phase,
        samples: train.len(),
        train_rmse,
        test_rmse: rmse(test.iter().map(|s| error(s))),
        hand_rmse: rmse(test.iter().map(|s| f64::from(eval8(s.p, s.o)) / f64::from(SCALE) - f64::from(s.score))),
        exact,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::Rng;

    #[test]
    fn self_play_gives_legal_distinct_positions() {
        let positions = self_play_positions(20, 5, &eval8);
        let set: HashSet<_> = positions.iter().collect();
        assert_eq!(set.len(), positions.len());
        assert!(positions.len() > 20 * 40, "{}", positions.len());
        for &(p, o) in &positions {
            assert_eq!(p & o, 0);
            assert!(Eight::moves(p, o) | Eight::moves(o, p) != 0);
        }
        assert_eq!(self_play_positions(20, 5, &eval8), positions);
    }

    #[test]
    fn a_dataset_read_back_equals_the_one_written_and_trains_the_same_weights() {
        let path = std::env::temp_dir().join(format!("reversi-dataset-{}.bin", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let opts = TrainOptions { games: 60, seed: 7, exact: 8, data: vec![path.clone()], ..TrainOptions::default() };
        let (played, _) = train(&opts, &mut std::io::sink()).unwrap();
        let written = Dataset::read(&path).unwrap();
        let again = Dataset::play(&opts, 2, &mut std::io::sink()).unwrap();
        assert_eq!(written.exact, 8);
        assert_eq!(written.by_phase, again.by_phase);
        assert_eq!(written.solved, again.solved);
        assert!(written.solved[1].iter().any(|&s| s != 0.0) && written.solved[2].is_empty());
        // Read from the file, nothing is played or solved, and the weights are the same.
        let (read, _) = train(&opts, &mut std::io::sink()).unwrap();
        assert_eq!(read.encode(), played.encode());
        let wrong = TrainOptions { exact: 12, ..opts.clone() };
        assert!(train(&wrong, &mut std::io::sink()).is_err());
        // A file learnt from together with itself adds nothing.
        let twice = TrainOptions { data: vec![path.clone(), path.clone()], ..opts.clone() };
        assert_eq!(train(&twice, &mut std::io::sink()).unwrap().0.encode(), played.encode());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn datasets_learnt_together_hold_each_distinct_position_once_with_its_score() {
        let dir = std::env::temp_dir();
        let first = dir.join(format!("reversi-dataset-a-{}.bin", std::process::id()));
        let second = dir.join(format!("reversi-dataset-b-{}.bin", std::process::id()));
        let missing = dir.join(format!("reversi-dataset-c-{}.bin", std::process::id()));
        for (path, seed) in [(&first, 3), (&second, 4)] {
            let _ = std::fs::remove_file(path);
            let opts = TrainOptions { games: 40, seed, exact: 8, ..TrainOptions::default() };
            Dataset::play(&opts, 2, &mut std::io::sink()).unwrap().write(path).unwrap();
        }
        let a = Dataset::read(&first).unwrap();
        let b = Dataset::read(&second).unwrap();
        let both = Dataset::read_all(&[first.clone(), second.clone()]).unwrap();
        let mut scores = std::collections::HashMap::new();
        for d in [&a, &b] {
            for (phase, list) in d.by_phase.iter().enumerate() {
                for (i, &x) in list.iter().enumerate() {
                    scores.insert(x, d.solved[phase].get(i).copied());
                }
            }
        }
        // The openings are shared, so fewer than both files' counts, and each position once.
        assert_eq!(both.len(), scores.len());
        assert!(both.len() < a.len() + b.len() && both.len() > a.len().max(b.len()));
        for (phase, list) in both.by_phase.iter().enumerate() {
            assert_eq!(both.solved[phase].len(), if phase < 2 { list.len() } else { 0 });
            for (i, x) in list.iter().enumerate() {
                assert_eq!(scores[x], both.solved[phase].get(i).copied());
            }
        }
        // All the files must exist, and agree on the solved depth.
        let opts = TrainOptions { exact: 8, data: vec![first.clone(), missing], ..TrainOptions::default() };
        assert!(train(&opts, &mut std::io::sink()).is_err());
        let mut shallow = Dataset::read(&first).unwrap();
        shallow.exact = 4;
        assert!(shallow.merge(b).is_err());
        std::fs::remove_file(&first).unwrap();
        std::fs::remove_file(&second).unwrap();
    }

    #[test]
    fn the_fit_recovers_weights_that_generated_the_scores() {
        // Scores made by known weights on real positions' features come back.
        let positions = self_play_positions(200, 9, &eval8);
        let mut rng = Rng::new(4);
        let truth: Vec<f64> = (0..PHASE_SIZE).map(|_| rng.range(-300, 300) as f64 / 100.0).collect();
        let feats: Vec<[u32; FEATURES]> = positions
            .iter()
            .filter_map(|&(p, o)| features(p, o))
            .filter(|(phase, _)| *phase == 8)
            .map(|(_, f)| f)
            .collect();
        let samples: Vec<(&[u32; FEATURES], f32)> =
            feats.iter().map(|f| (f, f.iter().map(|&i| truth[i as usize]).sum::<f64>() as f32)).collect();
        let w = fit(&samples, 0.01, 200);
        let err = rmse(samples.iter().map(|(f, y)| f.iter().map(|&i| w[i as usize]).sum::<f64>() - f64::from(*y)));
        assert!(err < 0.05, "rmse {err}");
    }
}
