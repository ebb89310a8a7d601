//! Explorers drive a [`System`] through its executions.
//!
//! An explorer sees only events and thread ids, never LLVM or the Machine's
//! internals. Each strategy is one module behind [`explore`]:
//! - [`dfs`]: `--por none`, a naive depth-first search over every
//!   interleaving of visible operations (and every alternative of
//!   nondeterministic events such as which waiter a signal wakes).
//! - [`dpor`]: `--por source` and `--por optimal` (the default).
//!
//! Shared machinery: [`footprint`] (the dependency relation), [`trace`]
//! (vector-clock happens-before, races), [`race`] (data races under C11
//! synchronisation), [`wakeup`] (wakeup trees).
//!
//! [`replay`] re-executes one recorded schedule.

mod clock;
pub mod dfs;
pub mod dpor;
pub mod footprint;
pub mod race;
mod replay;
mod summary;
pub mod trace;
pub mod wakeup;

pub use replay::{replay, ReplayError};
pub use summary::{Choice, Finding, Stats, Summary};

use std::time::Duration;
use weft_core::System;

/// Which exploration strategy to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Por {
    /// Every interleaving, no reduction.
    None,
    /// Source-DPOR: source sets and sleep sets.
    Source,
    /// Optimal-DPOR: wakeup trees and sleep sets; one execution per
    /// Mazurkiewicz trace.
    Optimal,
}

/// Exploration settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub por: Por,
    pub max_executions: Option<u64>,
    pub timeout: Option<Duration>,
    /// Report every distinct bug instead of stopping at the first.
    pub keep_going: bool,
    /// Report data races.
    pub race_check: bool,
    /// Collect the distinct outcomes (final status, output and global
    /// memory) of all executions in [`Summary::outcomes`].
    pub collect_outcomes: bool,
    /// Also keep one execution (schedule and trace) per outcome, in
    /// [`Summary::outcome_runs`].
    pub outcome_runs: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            por: Por::Optimal,
            max_executions: None,
            timeout: None,
            keep_going: false,
            race_check: true,
            collect_outcomes: false,
            outcome_runs: false,
        }
    }
}

/// Explores the executions of `init` with the configured strategy.
pub fn explore<S: System>(init: S, cfg: &Config) -> Summary {
    match cfg.por {
        Por::None => dfs::explore(init, cfg),
        Por::Source => dpor::explore(init, cfg, dpor::Mode::Source),
        Por::Optimal => dpor::explore(init, cfg, dpor::Mode::Optimal),
    }
}
