//! The [`Explorer`] trait and the registry of strategies.
//!
//! A strategy is one type implementing [`Explorer`], in its own module, plus
//! one line in the `registry!` call below: its [`Explorer::NAME`] becomes a
//! value of `--por` (the CLI lists [`STRATEGIES`]) and [`crate::explore`]
//! runs it by that name. Nothing else in the workspace matches on
//! strategies.
//!
//! An explorer only decides which thread runs next. The shared bookkeeping,
//! counting executions and events, deduplicating findings, collecting
//! outcomes and checking the bounds, is the [`Recorder`]'s: an explorer
//! reports every execution that ends to it ([`Recorder::finish`],
//! [`Recorder::blocked`]) and stops as soon as it says so.

use crate::summary::Recorder;
use crate::{dfs, dpor, Config};
use weft_core::System;

/// How an exploration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Every execution the strategy means to explore was explored.
    Exhausted,
    /// The [`Recorder`] asked to stop (a bug without `keep_going`, or a
    /// bound).
    Stopped,
}

/// An exploration strategy.
///
/// The models are shuttle's `Scheduler` and KLEE's `Searcher`: a small
/// interface between "run the system" and "choose what to run". Unlike
/// them, an explorer drives the whole search itself (it owns snapshots and
/// backtracking), because partial-order reduction needs the executed trace
/// to decide where to branch.
pub trait Explorer: Sized {
    /// The name under which the strategy is selected (`--por NAME`).
    const NAME: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// An explorer for one exploration with the settings `cfg`.
    fn new(cfg: &Config) -> Self;
    /// Explores the executions of `init`, reporting each one that ends to
    /// `rec`, until there is nothing left ([`Completion::Exhausted`]) or
    /// `rec` says to stop ([`Completion::Stopped`]).
    fn explore<S: System>(&mut self, init: S, rec: &mut Recorder) -> Completion;
}

/// A registered strategy, as the CLI lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strategy {
    pub name: &'static str,
    pub about: &'static str,
}

macro_rules! registry {
    ($($ty:ty),* $(,)?) => {
        /// Every strategy, in the order `--help` lists them.
        pub const STRATEGIES: &[Strategy] = &[$(Strategy {
            name: <$ty as Explorer>::NAME,
            about: <$ty as Explorer>::ABOUT,
        }),*];

        /// Runs the strategy called `name`, or returns `None` if there is
        /// none of that name.
        pub(crate) fn run<S: System>(name: &str, init: S, rec: &mut Recorder) -> Option<Completion> {
            $(if name == <$ty as Explorer>::NAME {
                let mut explorer = <$ty as Explorer>::new(rec.config());
                return Some(explorer.explore(init, rec));
            })*
            None
        }
    };
}

registry!(dfs::Naive, dpor::Source, dpor::Optimal);
