//! The time manager's hard stop: counts nodes and, every couple of thousand, looks at the cancel
//! flag, the deadline and the node limit. A search that sees `stopped` unwinds at once and its
//! partial result is thrown away.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two looks at the flag and the clock.
const CHECK_EVERY: u64 = 2048;

/// Node counter and stop conditions of one search.
#[derive(Debug)]
pub(crate) struct Clock<'a> {
    cancel: &'a AtomicBool,
    started: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    next_check: u64,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Whether the search must unwind.
    pub stopped: bool,
}

impl<'a> Clock<'a> {
    /// A clock stopping at `budget` after now (none: never), after `node_limit` nodes, or when
    /// `cancel` is set.
    pub fn new(cancel: &'a AtomicBool, budget: Option<Duration>, node_limit: u64) -> Clock<'a> {
        let started = Instant::now();
        Clock {
            cancel,
            started,
            deadline: budget.map(|b| started + b),
            node_limit,
            next_check: 0,
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts one node; true when the search must stop.
    #[inline(always)]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check();
        }
        self.stopped
    }

    #[cold]
    fn check(&mut self) {
        self.next_check = self.nodes + CHECK_EVERY;
        if self.cancel.load(Ordering::Relaxed)
            || self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Time left before the deadline (`None`: no deadline).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }
}
