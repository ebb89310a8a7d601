//! The [`Explorer`] trait and the registry of strategies.
//!
//! A strategy is one type implementing [`Explorer`], in its own module, plus
//! one line in the `registry!` call below: its [`Explorer::NAME`] becomes a
//! value of `--por` (exhaustive searches) or of `--strategy` (bug-hunting
//! ones, [`Explorer::BUG_HUNTING`]); the CLI lists [`STRATEGIES`] and
//! [`crate::explore`] runs one by that name. Nothing else in the workspace
//! matches on strategies.
//!
//! An explorer only decides which thread runs next. The shared bookkeeping,
//! counting executions and events, deduplicating findings, collecting
//! outcomes and checking the bounds, is the [`Recorder`]'s: an explorer
//! reports every execution that ends to it ([`Recorder::finish`],
//! [`Recorder::blocked`]) and stops as soon as it says so.

use crate::summary::Recorder;
use crate::{dfs, dpor, hunt, Config};
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
    /// The name under which the strategy is selected (`--por NAME`, or
    /// `--strategy NAME` for a bug-hunting one).
    const NAME: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// A bug-hunting strategy (`--strategy NAME`): it explores a bounded or
    /// random part of the executions, so without a bug its verdict is
    /// `incomplete` unless it says it explored every one. The others
    /// (`--por NAME`) explore every execution, up to equivalence.
    const BUG_HUNTING: bool = false;
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
    pub bug_hunting: bool,
}

macro_rules! registry {
    ($($ty:ty),* $(,)?) => {
        /// Every strategy, in the order `--help` lists them.
        pub const STRATEGIES: &[Strategy] = &[$(Strategy {
            name: <$ty as Explorer>::NAME,
            about: <$ty as Explorer>::ABOUT,
            bug_hunting: <$ty as Explorer>::BUG_HUNTING,
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

registry!(
    dfs::Naive,
    dpor::Source,
    dpor::Optimal,
    dpor::Unfold,
    hunt::Icb,
    hunt::Vt,
    hunt::Pct,
    hunt::PctVb,
    hunt::RandomWalk,
);

#[cfg(test)]
mod tests {
    use super::STRATEGIES;
    use crate::testsys::{explore, random_program, Op, Rng, TestSys};
    use crate::{Config, Por, Summary};
    use std::collections::BTreeSet;

    /// With `keep_going` and a `stop_at` that accepts data races (SV-COMP's
    /// `no-data-race`), the execution that completes a race ends there and
    /// nothing is explored after it: the rest of the execution may never
    /// end by itself.
    #[test]
    fn a_race_to_stop_at_ends_its_execution() {
        use crate::testsys::ops::{load, store};
        // Thread 0 writes x; thread 1 reads x, then makes 40 more steps.
        let mut t1 = vec![load(0, 0)];
        t1.extend((0..40).map(|_| store(1, 2)));
        let threads = vec![vec![store(0, 1)], t1];
        for por in [Por::None, Por::Source, Por::Optimal, Por::Unfold] {
            let run = |stop: bool| {
                let cfg = Config {
                    por,
                    keep_going: true,
                    stop_at: stop.then_some(
                        (|b| b.kind == weft_core::BugKind::DataRace) as fn(&weft_core::Bug) -> bool,
                    ),
                    ..Config::default()
                };
                crate::explore(TestSys::new(threads.clone()), &cfg)
            };
            let (go_on, stop) = (run(false), run(true));
            assert_eq!(go_on.findings.len(), 1, "{por:?}");
            assert_eq!(stop.findings.len(), 1, "{por:?}");
            assert!(go_on.stats.executions > 1, "{por:?}: {:?}", go_on.stats);
            assert_eq!(stop.stats.executions, 1, "{por:?}: {:?}", stop.stats);
            // The race completes at thread 1's first event, the second of
            // the first execution (lowest thread first).
            assert_eq!(stop.stats.events, 2, "{por:?}: {:?}", stop.stats);
            assert!(stop.limit.is_none(), "{por:?}: {:?}", stop.limit);
        }
    }

    #[test]
    fn registry_names() {
        let names: Vec<&str> = STRATEGIES.iter().map(|s| s.name).collect();
        assert_eq!(
            names,
            ["none", "source", "optimal", "unfold", "icb", "vt", "pct", "pctvb", "random"]
        );
        for s in STRATEGIES {
            assert_eq!(Por::named(s.name).map(Por::name), Some(s.name));
        }
        assert_eq!(Por::named("fastest"), None);
        assert_eq!(crate::Config::default().por, Por::Optimal);
    }

    fn bugs(s: &Summary) -> BTreeSet<(weft_core::BugKind, u32, u32)> {
        s.findings
            .iter()
            .map(|f| (f.bug.kind, f.bug.loc.file, f.bug.loc.line))
            .collect()
    }

    /// Runs every strategy on `threads` and checks that they reach the same
    /// outcomes (final memory and Mazurkiewicz trace of every complete
    /// execution, and how the others ended) and bugs, that
    /// optimal <= source <= none executions, and that nothing was absorbed
    /// as an anomaly. Without asserts, Optimal-DPOR must also run each
    /// complete trace exactly once.
    fn agree(threads: &[Vec<Op>], what: &str) {
        let runs: Vec<Summary> = STRATEGIES
            .iter()
            .filter(|s| s.name != "unfold" && !s.bug_hunting)
            .map(|s| {
                let por = Por::named(s.name).expect("registered");
                explore(TestSys::new(threads.to_vec()).digest_traces(), por)
            })
            .collect();
        let [none, source, optimal] = &runs[..] else {
            panic!("three strategies")
        };
        let ctx = || format!("{what}: {threads:?}");
        for (r, name) in [(source, "source"), (optimal, "optimal")] {
            assert_eq!(r.stats.anomalies.total(), 0, "{name} anomalies, {}", ctx());
            assert_eq!(r.limit, None);
            // A bug ends its execution early, as a failed assume does: the
            // threads it stopped are planned before it, so with `keep_going`
            // the DPOR explorers reach every outcome and bug the naive
            // search does.
            assert_eq!(r.outcomes, none.outcomes, "{name} outcomes, {}", ctx());
            assert_eq!(bugs(r), bugs(none), "{name} bugs, {}", ctx());
        }
        let ex = |s: &Summary| s.stats.executions;
        assert!(
            ex(optimal) <= ex(none) && ex(source) <= ex(none),
            "executions optimal {}, source {} <= none {}: {}",
            ex(optimal),
            ex(source),
            ex(none),
            ctx()
        );
        assert!(
            !optimal.stats.blocked_by.contains_key("sleep-set"),
            "optimal sleep-set blocked, {}",
            ctx()
        );
        agree_unfold(threads, none, optimal, what);
        // An execution that ends in a bug is cut short: which other events
        // ran before the end makes distinct (prefix) traces, which
        // Optimal-DPOR explores while Source-DPOR may not. Without asserts
        // every counted execution is complete.
        if !threads
            .iter()
            .flatten()
            .any(|op| matches!(op, Op::Assert(_)))
        {
            assert!(ex(optimal) <= ex(source), "optimal <= source: {}", ctx());
            let traces = none
                .outcomes
                .iter()
                .filter(|o| o.starts_with("exit"))
                .count();
            assert_eq!(ex(optimal), traces as u64, "optimal runs, {}", ctx());
        }
    }

    fn unfold(threads: &[Vec<Op>], k: Option<u32>, cutoffs: bool, digest: bool) -> Summary {
        let cfg = Config {
            por: Por::Unfold,
            unfold_k: k,
            cutoffs,
            keep_going: true,
            collect_outcomes: true,
            race_check: false,
            ..Config::default()
        };
        let sys = TestSys::new(threads.to_vec());
        let sys = if digest { sys.digest_traces() } else { sys };
        crate::explore(sys, &cfg)
    }

    /// The unfolding explorer against the naive search and Optimal-DPOR:
    /// with complete alternatives and no cutoffs it is Optimal-DPOR (the
    /// same executions and traces); with cutoffs and k = 1 or complete
    /// alternatives it reaches the same final states and bugs (the traces
    /// after a cutoff are not explored), never more executions than the
    /// naive search, and complete alternatives never end sleep-set
    /// blocked.
    fn agree_unfold(threads: &[Vec<Op>], none: &Summary, optimal: &Summary, what: &str) {
        let ctx = || format!("{what}: {threads:?}");
        let exact = unfold(threads, None, false, true);
        assert_eq!(
            exact.stats.executions,
            optimal.stats.executions,
            "unfold-k inf, {}",
            ctx()
        );
        assert_eq!(
            exact.outcomes,
            optimal.outcomes,
            "unfold-k inf outcomes, {}",
            ctx()
        );
        assert_eq!(bugs(&exact), bugs(optimal), "unfold-k inf bugs, {}", ctx());
        assert_eq!(
            exact.stats.blocked_by,
            optimal.stats.blocked_by,
            "{}",
            ctx()
        );
        let plain = explore(TestSys::new(threads.to_vec()), Por::None);
        for k in [Some(1), Some(2), None] {
            let u = unfold(threads, k, true, false);
            let name = format!("unfold k={k:?}");
            assert_eq!(u.stats.anomalies.total(), 0, "{name} anomalies, {}", ctx());
            assert!(
                u.stats.executions <= none.stats.executions,
                "{name}, {}",
                ctx()
            );
            let stats = u.stats.unfold.expect("unfold statistics");
            if k.is_none() {
                // One execution per maximal configuration of the prefix
                // the cutoffs leave: each is part of a different
                // Mazurkiewicz trace.
                assert!(!u.stats.blocked_by.contains_key("sleep-set"), "{}", ctx());
                // With cutoffs, sections are global (`System::global_sections`):
                // count the traces of that relation.
                let global = if crate::testsys::global_sections() {
                    None
                } else {
                    let opt = |t: Vec<Vec<Op>>| explore(TestSys::new(t), Por::Optimal);
                    Some(crate::testsys::with_global_sections(|| {
                        opt(threads.to_vec())
                    }))
                };
                let optimal = global.as_ref().unwrap_or(optimal);
                let traces = optimal.stats.executions + optimal.stats.blocked();
                assert!(
                    stats.configurations <= traces,
                    "{stats:?} vs {traces}: {}",
                    ctx()
                );
            }
            assert!(stats.events > 0 && stats.configurations >= u.stats.executions);
            if plain.findings.is_empty() {
                assert_eq!(u.outcomes, plain.outcomes, "{name} outcomes, {}", ctx());
                assert!(u.findings.is_empty(), "{name} bugs, {}", ctx());
            } else {
                assert!(!u.findings.is_empty(), "{name} finds no bug, {}", ctx());
                assert!(u.outcomes.is_subset(&plain.outcomes), "{name}, {}", ctx());
            }
        }
    }

    /// Inputs that only affect thread-local computation: Optimal-DPOR
    /// runs (traces) x (feasible path classes) executions, every branch
    /// side that contradicts an input's class ends blocked (infeasible),
    /// and the naive search reaches the same outcomes.
    #[test]
    fn forks_multiply_traces_by_path_classes() {
        use crate::testsys::ops::*;
        // Two traces (the order of the two critical sections); thread 0
        // has two path classes, thread 1 two (its second branch repeats
        // the first: one side always infeasible).
        let threads = vec![
            vec![
                input(0),
                branch_eq(0, 1),
                lock(0),
                fetch_add(0, 1),
                unlock(0),
            ],
            vec![
                lock(0),
                fetch_add(0, 2),
                unlock(0),
                input(3),
                branch_eq(3, 0),
                branch_eq(3, 0),
            ],
        ];
        agree(&threads, "forks");
        let s = explore(TestSys::new(threads), Por::Optimal);
        assert_eq!(s.stats.executions, 2 * 2 * 2);
        // Only branch sides that contradict an input's class are cut.
        assert!(s.stats.blocked_by.keys().all(|k| k == "infeasible"));
        assert!(s.stats.blocked() > 0);
    }

    /// A race decides what a later branch reads: reversing it must explore
    /// the branch's other side too.
    #[test]
    fn reversed_races_reach_every_branch_side() {
        use crate::testsys::ops::*;
        let threads = vec![
            vec![store(0, 1)],
            vec![load(0, 0), branch_eq(0, 1), assert_ne(0, 1)],
        ];
        agree(&threads, "race then branch");
        let s = explore(TestSys::new(threads), Por::Optimal);
        assert_eq!(s.findings.len(), 1, "the store-first order fails");
        assert_eq!(s.stats.executions, 2);
    }

    /// Random case 8747, reduced: T1's assume ends the execution when it
    /// reads `y` first; the plan for T2 to go first was absorbed by the
    /// planned leaf T0, a sleeper there (a k-partial alternative checks
    /// only some sleepers), and skipped with it. `--unfold-k 1` reached
    /// one of the two final states.
    #[test]
    fn partial_alternative_never_absorbed_by_a_sleeper() {
        use crate::testsys::ops::*;
        let threads = vec![
            vec![store(1, 1)],
            vec![load(1, 0), assume_eq(0, 1)],
            vec![fetch_add(0, 0), aload(1, 1), fetch_add(1, 3)],
        ];
        let plain = explore(TestSys::new(threads.clone()), Por::None);
        assert_eq!(
            plain.outcomes.len(),
            3,
            "two final states and a blocked one"
        );
        for k in [Some(1), Some(2), None] {
            let u = unfold(&threads, k, true, false);
            assert_eq!(u.outcomes, plain.outcomes, "--unfold-k {k:?}");
        }
        agree(&threads, "partial alternative");
    }

    /// In-process differential test on random programs with atomic
    /// sections, a mutex, inputs and branches on them, and assumes and
    /// asserts inside and outside the sections.
    #[test]
    fn random_programs_agree() {
        let cases = std::env::var("WEFT_TESTSYS_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(300u64);
        for case in 0..cases {
            let threads = random_program(&mut Rng::new(case));
            agree(&threads, &format!("case {case}"));
            // The same with sections whose brackets are global events.
            crate::testsys::with_global_sections(|| {
                agree(&threads, &format!("case {case}, global sections"))
            });
        }
    }
}
