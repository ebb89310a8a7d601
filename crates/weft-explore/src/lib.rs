//! Explorers drive a [`System`] through its executions.
//!
//! An explorer sees only events and thread ids, never LLVM or the Machine's
//! internals. Each strategy is one type behind the [`Explorer`] trait, in
//! its own module, registered by name in [`explorer`]; [`explore`] runs the
//! one [`Config::por`] names:
//! - [`dfs`]: `--por none`, a naive depth-first search over every
//!   interleaving of visible operations (and every alternative of
//!   nondeterministic events such as which waiter a signal wakes).
//! - [`dpor`]: `--por source` and `--por optimal` (the default).
//! - [`hunt`]: the bug-hunting strategies (`--strategy icb|vt|pct|pctvb|
//!   random`): bounded and randomized searches that look for a bug fast
//!   and prove nothing beyond their bound.
//!
//! Shared machinery: [`footprint`] (the dependency relation), [`trace`]
//! (vector-clock happens-before, races), [`race`] (data races under C11
//! synchronisation), [`wakeup`] (wakeup trees).
//!
//! [`split`] runs one exploration on several workers (`-j`) or machines
//! (`--shard`).
//!
//! [`replay`] re-executes one recorded schedule.

mod clock;
pub mod dfs;
pub mod dpor;
pub mod explorer;
pub mod footprint;
pub mod hunt;
pub mod race;
mod replay;
pub mod split;
mod summary;
#[cfg(test)]
mod testsys;
pub mod trace;
pub mod unfold;
pub mod wakeup;
mod words;

pub use explorer::{Completion, Explorer, Strategy, STRATEGIES};
pub use replay::{replay, replay_until, replay_with, ReplayError};
pub use split::{explore_split, splits, Progress, Shard};
pub use summary::{
    is_final_outcome, outcome, render_outcome, Anomalies, Bounds, Choice, EventClocks, Finding,
    Recorder, Stats, Summary,
};

use weft_core::System;

/// Which exploration strategy to use: the name of a registered
/// [`Explorer`] (see [`STRATEGIES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Por(&'static str);

#[allow(non_upper_case_globals)]
impl Por {
    /// Every interleaving, no reduction.
    pub const None: Por = Por(dfs::Naive::NAME);
    /// Source-DPOR: source sets and sleep sets.
    pub const Source: Por = Por(dpor::Source::NAME);
    /// Optimal-DPOR: wakeup trees and sleep sets; one execution per
    /// Mazurkiewicz trace.
    pub const Optimal: Por = Por(dpor::Optimal::NAME);
    /// The unfolding with k-partial alternatives and cutoff events.
    pub const Unfold: Por = Por(dpor::Unfold::NAME);
    /// Iterative preemption bounding.
    pub const Icb: Por = Por(hunt::Icb::NAME);
    /// Variable and thread bounding.
    pub const Vt: Por = Por(hunt::Vt::NAME);
    /// Probabilistic concurrency testing.
    pub const Pct: Por = Por(hunt::Pct::NAME);
    /// PCT with variable bounding.
    pub const PctVb: Por = Por(hunt::PctVb::NAME);
    /// Uniform random scheduling.
    pub const Random: Por = Por(hunt::RandomWalk::NAME);

    /// The registered strategy called `name`.
    pub fn named(name: &str) -> Option<Por> {
        STRATEGIES
            .iter()
            .find(|s| s.name == name)
            .map(|s| Por(s.name))
    }

    /// The strategy's name, as `--por` takes it.
    pub fn name(self) -> &'static str {
        self.0
    }

    /// Whether it is a bug-hunting strategy (see [`Explorer::BUG_HUNTING`]).
    pub fn bug_hunting(self) -> bool {
        STRATEGIES.iter().any(|s| s.name == self.0 && s.bug_hunting)
    }
}

impl std::fmt::Display for Por {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// Exploration settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub por: Por,
    pub max_executions: Option<u64>,
    /// Stop at the run's deadline (shared by several phases) or when the
    /// user interrupts it: the summary then has the limit
    /// [`weft_core::LimitKind::Timeout`] or `Interrupted`.
    pub stop: weft_core::Deadline,
    /// Report every distinct bug instead of stopping at the first.
    pub keep_going: bool,
    /// With `keep_going`, still stop at the first bug this accepts (SV-COMP:
    /// the property's violation ends the search, other findings do not).
    pub stop_at: Option<fn(&weft_core::Bug) -> bool>,
    /// Report data races.
    pub race_check: bool,
    /// Collect the distinct outcomes (final status, output and global
    /// memory) of all executions in [`Summary::outcomes`].
    pub collect_outcomes: bool,
    /// Also keep one execution (schedule and trace) per outcome, in
    /// [`Summary::outcome_runs`].
    pub outcome_runs: bool,
    /// Keep the first execution (schedule, events, clocks) in
    /// [`Summary::first_run`].
    pub first_run: bool,
    /// `--por unfold`: alternatives are k-partial for this k (`None`:
    /// complete alternatives, one execution per maximal configuration).
    pub unfold_k: Option<u32>,
    /// `--por unfold`: take cutoff events (off only in tests that compare
    /// execution counts with Optimal-DPOR).
    pub cutoffs: bool,
    /// Settings of the bug-hunting strategies ([`hunt`]).
    pub hunt: Hunt,
    /// Workers exploring at once (`-j`, see [`split`]): 1 explores on the
    /// calling thread.
    pub jobs: usize,
    /// Explore only this shard's part (`--shard`, see [`split`]).
    pub shard: Option<Shard>,
    /// Counters for a progress display, updated as executions end.
    pub progress: Option<std::sync::Arc<Progress>>,
}

/// Settings of the bug-hunting strategies (see [`hunt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hunt {
    /// PCT's bug depth `d` (`--pct-depth`): `d - 1` priority change
    /// points per run.
    pub pct_depth: u32,
    /// Runs of a randomized strategy (`--runs`).
    pub runs: u64,
    /// The seed of the randomized strategies (`--seed`): run `r` of seed
    /// `s` is the same schedule on every machine.
    pub seed: u64,
    /// The last bound a systematic strategy explores (`--max-bound`): the
    /// preemptions of `icb`, the level `v + t - 2` of `vt`.
    pub max_bound: Option<u32>,
    /// `icb` and `vt` skip a state whose Mazurkiewicz trace was already
    /// explored with at least the same budget (off with `--por none`:
    /// every schedule of the bound is run).
    pub reduce: bool,
}

impl Default for Hunt {
    fn default() -> Hunt {
        Hunt {
            pct_depth: 3,
            runs: 1000,
            seed: 0,
            max_bound: None,
            reduce: true,
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            por: Por::Optimal,
            max_executions: None,
            stop: weft_core::Deadline::default(),
            keep_going: false,
            stop_at: None,
            race_check: true,
            collect_outcomes: false,
            outcome_runs: false,
            first_run: false,
            unfold_k: Some(1),
            cutoffs: true,
            hunt: Hunt::default(),
            jobs: 1,
            shard: None,
            progress: None,
        }
    }
}

/// Explores the executions of `init` with the configured strategy.
pub fn explore<S: System>(init: S, cfg: &Config) -> Summary {
    let mut rec = Recorder::new(cfg);
    let done =
        explorer::run(cfg.por.name(), init, &mut rec).expect("a Por names a registered strategy");
    rec.into_summary(done == Completion::Exhausted)
}
