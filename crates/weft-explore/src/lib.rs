//! Explorers drive a [`System`] through its executions.
//!
//! An explorer sees only events and thread ids, never LLVM or the Machine's
//! internals. Each strategy is one module behind [`explore`]:
//! - [`dfs`]: `--por none`, a naive depth-first search over every
//!   interleaving of visible operations (and every alternative of
//!   nondeterministic events such as which waiter a signal wakes).
//!
//! [`replay`] re-executes one recorded schedule.

pub mod dfs;
mod replay;
mod summary;

pub use replay::{replay, ReplayError};
pub use summary::{Choice, Finding, Stats, Summary};

use std::time::Duration;
use weft_core::System;

/// Which exploration strategy to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Por {
    /// Every interleaving, no reduction.
    None,
}

/// Exploration settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub por: Por,
    pub max_executions: Option<u64>,
    pub timeout: Option<Duration>,
    /// Report every distinct bug instead of stopping at the first.
    pub keep_going: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            por: Por::None,
            max_executions: None,
            timeout: None,
            keep_going: false,
        }
    }
}

/// Explores the executions of `init` with the configured strategy.
pub fn explore<S: System>(init: S, cfg: &Config) -> Summary {
    match cfg.por {
        Por::None => dfs::explore(init, cfg),
    }
}
