//! Randomized strategies: `--runs` independent executions, each scheduled
//! by a [`Scheduler`] drawing from its own random stream.
//!
//! - [`Pct`]: probabilistic concurrency testing (Burckhardt, Kothari,
//!   Musuvathi, Nagarakatte, ASPLOS 2010). Threads get random distinct
//!   priorities above `d` when they first appear (a thread created later is
//!   placed at a random rank, as the paper's dynamic-thread extension
//!   does); `d - 1` change points are steps drawn uniformly from `1..=k`;
//!   at the `i`-th one the thread about to run drops to priority `i`, below
//!   every initial priority. The highest-priority enabled thread always
//!   runs. Deviation: `k`, the paper's bound on the steps of an execution,
//!   is not known before the first run, so it is the longest execution
//!   seen so far, and run 1 has no change point (it measures `k`).
//! - [`PctVb`]: PCT with variable bounding (`variable-thread-bounding`,
//!   section 3 and its randomized RankChecker algorithm). Each run picks
//!   `v` variables at random (among those more than one thread accessed
//!   in earlier runs, when there are any), then each of the `d - 1` change
//!   points as one of them and one of its accesses, uniformly in
//!   `1..=k_q` (`k_q`: the most accesses to `q` seen in a run). The
//!   thread that makes that access then takes the next of `n + d - 1`
//!   random priorities (the paper's thread-bounding permutation), which
//!   may or may not be below the others. `v` is drawn per run from
//!   `1..=min(d - 1, 2)` (the paper's bugs need `v <= 2`). Run 1 has no
//!   change point: it measures the variables.
//! - [`RandomWalk`]: every step picks uniformly among the enabled threads'
//!   alternatives (the baseline of the benchmark).
//!
//! Alternatives of one event are drawn uniformly by every scheduler. A
//! randomized search never proves anything: without a bug it ends with the
//! limit [`LimitKind::Bound`].

use super::variable_of;
use crate::dfs::step;
use crate::explorer::{Completion, Explorer};
use crate::summary::{Bounds, Choice, Recorder};
use crate::trace::{Trace, Tracking};
use crate::Config;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;
use weft_core::{Event, LimitKind, System, Tid};

/// The random stream of run `run` (1-based) of seed `seed`.
pub fn run_rng(seed: u64, run: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(run);
    rng
}

/// What a randomized strategy learns from one execution and uses in the
/// next ones: the longest execution, how often each variable
/// was accessed and by how many threads.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// The most events in one execution.
    pub steps: u64,
    /// Per variable: the most accesses in one execution, and whether two
    /// threads accessed it in one execution.
    pub vars: FxHashMap<u64, (u64, bool)>,
}

/// The counts of the execution being run, folded into a [`Profile`] at
/// its end.
#[derive(Default)]
struct RunCounts {
    steps: u64,
    vars: FxHashMap<u64, (u64, Option<Tid>, bool)>,
}

impl RunCounts {
    /// Counts event `ev`; with `variables`, also its variable's accesses,
    /// returning the variable and the access's number in this run.
    fn event<S: System>(&mut self, sys: &S, ev: &Event, variables: bool) -> Option<(u64, u64)> {
        self.steps += 1;
        if !variables {
            return None;
        }
        let q = variable_of(sys, ev)?;
        let e = self.vars.entry(q).or_insert((0, Some(ev.tid), false));
        e.0 += 1;
        if e.1 != Some(ev.tid) {
            e.2 = true;
        }
        Some((q, e.0))
    }

    fn fold(self, p: &mut Profile) {
        p.steps = p.steps.max(self.steps);
        for (q, (n, _, shared)) in self.vars {
            let e = p.vars.entry(q).or_insert((0, false));
            e.0 = e.0.max(n);
            e.1 |= shared;
        }
    }
}

/// Decides each step of one execution (shuttle's `Scheduler`).
pub trait Scheduler {
    /// The scheduler uses variables ([`Profile::vars`], the `access`
    /// argument of [`Scheduler::stepped`]); without, they are not counted.
    const VARIABLES: bool = false;
    /// Prepares run `run` with its random stream, knowing what earlier runs
    /// showed.
    fn begin(&mut self, run: u64, profile: &Profile, rng: &mut ChaCha8Rng);
    /// The next step among the enabled threads (never empty).
    fn choose<S: System>(&mut self, sys: &S, enabled: &[Tid], rng: &mut ChaCha8Rng) -> Choice;
    /// Sees the event the chosen step ran, and (with
    /// [`Scheduler::VARIABLES`]) the variable it accessed with the
    /// access's number among that variable's accesses in this run.
    fn stepped(&mut self, ev: &Event, access: Option<(u64, u64)>);
    /// Where the current run lies: its parameters besides seed and run.
    fn fields(&self, b: Bounds) -> Bounds;
}

/// A random alternative of `t`'s next event.
fn alternative<S: System>(sys: &S, t: Tid, rng: &mut ChaCha8Rng) -> Choice {
    (t, rng.gen_range(0..sys.alternatives(t).max(1)))
}

/// Runs `runs` executions of `init`, each scheduled by `sched`.
fn explore_runs<S: System, Z: Scheduler>(
    name: &'static str,
    sched: &mut Z,
    cfg: &Config,
    init: S,
    rec: &mut Recorder,
) -> Completion {
    // The search's parameters: the scheduler's fields of any run.
    let params = {
        let mut b = sched.fields(Bounds::new(name));
        b.fields.retain(|(k, _)| *k != "v");
        b
    };
    let (seed, runs) = (cfg.hunt.seed, cfg.hunt.runs);
    let tracking = Tracking {
        light: true,
        ..Tracking::of(cfg)
    };
    let mut profile = Profile::default();
    let mut enabled = Vec::new();
    let report = |rec: &mut Recorder, done: u64| {
        let mut b = params.clone();
        b.set("seed", seed);
        b.set("runs", done);
        rec.strategy(b);
    };
    for run in 1..=runs {
        let mut rng = run_rng(seed, run);
        sched.begin(run, &profile, &mut rng);
        rec.found_under(Some(
            sched.fields(Bounds::new(name).with("seed", seed).with("run", run)),
        ));
        let mut state = init.clone();
        let mut trace = Trace::new(tracking);
        let mut counts = RunCounts::default();
        // A noted bug that `Config::stop_at` stops at ends the run there
        // (the rest of it may never end: threads created in a loop).
        while state.status().is_running() && !rec.stopping() {
            state.enabled(&mut enabled);
            if enabled.is_empty() {
                break;
            }
            let c = sched.choose(&state, &enabled, &mut rng);
            let before = trace.len();
            step(&mut state, c, &mut trace, rec);
            let ev = &trace.entries[before].ev;
            let access = counts.event(&state, ev, Z::VARIABLES);
            sched.stepped(ev, access);
        }
        counts.fold(&mut profile);
        let go_on = rec.finish(&state, |bug| {
            trace
                .finding(bug, state.output())
                .with_inputs(state.inputs())
        });
        if !go_on {
            report(rec, run);
            return Completion::Stopped;
        }
    }
    report(rec, runs);
    rec.unexplored(LimitKind::Bound);
    Completion::Exhausted
}

/// Thread priorities of one run: fixed when a thread first appears,
/// changed at change points. Higher runs first.
#[derive(Default)]
struct Priorities(FxHashMap<Tid, u64>);

impl Priorities {
    /// Gives every enabled thread seen for the first time a random
    /// priority from `fresh`, then returns the highest enabled one.
    fn top(&mut self, enabled: &[Tid], mut fresh: impl FnMut() -> u64) -> Tid {
        for &t in enabled {
            self.0.entry(t).or_insert_with(&mut fresh);
        }
        *enabled
            .iter()
            .max_by_key(|&&t| (self.0[&t], std::cmp::Reverse(t)))
            .expect("some thread is enabled")
    }
}

/// Initial PCT priorities lie above this (change points take `1..d`).
const HIGH: u64 = 1 << 32;

/// PCT's scheduler.
#[derive(Default)]
pub struct PctScheduler {
    depth: u32,
    prio: Priorities,
    /// The change points' steps (1-based), in increasing order.
    changes: Vec<u64>,
    step: u64,
}

impl Scheduler for PctScheduler {
    fn begin(&mut self, _run: u64, profile: &Profile, rng: &mut ChaCha8Rng) {
        self.prio = Priorities::default();
        self.step = 0;
        let k = profile.steps;
        let want = (self.depth.saturating_sub(1) as u64).min(k);
        let mut changes: Vec<u64> = if want == 0 {
            Vec::new()
        } else {
            rand::seq::index::sample(rng, k as usize, want as usize)
                .into_iter()
                .map(|i| i as u64 + 1)
                .collect()
        };
        changes.sort_unstable();
        self.changes = changes;
    }

    fn choose<S: System>(&mut self, sys: &S, enabled: &[Tid], rng: &mut ChaCha8Rng) -> Choice {
        self.step += 1;
        let mut top = self.prio.top(enabled, || HIGH + rng.gen::<u32>() as u64);
        if let Some(i) = self.changes.iter().position(|&s| s == self.step) {
            // The i-th change point (1-based): priority i, below every
            // initial one; later change points rank above earlier ones.
            self.prio.0.insert(top, i as u64 + 1);
            top = self
                .prio
                .top(enabled, || unreachable!("every thread has one"));
        }
        alternative(sys, top, rng)
    }

    fn stepped(&mut self, _ev: &Event, _access: Option<(u64, u64)>) {}

    fn fields(&self, b: Bounds) -> Bounds {
        b.with("depth", u64::from(self.depth))
    }
}

/// PCT with variable bounding's scheduler.
#[derive(Default)]
pub struct PctVbScheduler {
    depth: u32,
    /// The variables of this run.
    v: u32,
    prio: Priorities,
    /// The change points: variable, 1-based access number, and the
    /// priority the accessing thread takes.
    changes: Vec<(u64, u64, u64)>,
}

impl Scheduler for PctVbScheduler {
    const VARIABLES: bool = true;

    fn begin(&mut self, _run: u64, profile: &Profile, rng: &mut ChaCha8Rng) {
        self.prio = Priorities::default();
        self.changes.clear();
        let points = self.depth.saturating_sub(1);
        self.v = rng.gen_range(1..=points.clamp(1, 2));
        if points == 0 || profile.vars.is_empty() {
            return;
        }
        // Shared variables first, as the paper's exhaustive search does.
        let mut shared: Vec<(u64, u64)> = profile
            .vars
            .iter()
            .filter(|(_, &(_, s))| s)
            .map(|(&q, &(k, _))| (q, k))
            .collect();
        if shared.is_empty() {
            shared = profile.vars.iter().map(|(&q, &(k, _))| (q, k)).collect();
        }
        shared.sort_unstable();
        let chosen: Vec<(u64, u64)> = shared
            .choose_multiple(rng, self.v as usize)
            .copied()
            .collect();
        for _ in 0..points {
            let &(q, k) = chosen.choose(rng).expect("at least one variable");
            let at = rng.gen_range(1..=k.max(1));
            // One of the n + d - 1 random priorities of the paper's
            // thread-bounding permutation (the same distribution as the
            // threads' own).
            self.changes.push((q, at, HIGH + rng.gen::<u32>() as u64));
        }
    }

    fn choose<S: System>(&mut self, sys: &S, enabled: &[Tid], rng: &mut ChaCha8Rng) -> Choice {
        let top = self.prio.top(enabled, || HIGH + rng.gen::<u32>() as u64);
        alternative(sys, top, rng)
    }

    fn stepped(&mut self, ev: &Event, access: Option<(u64, u64)>) {
        let Some((q, n)) = access else {
            return;
        };
        for &(cq, at, p) in &self.changes {
            if cq == q && at == n {
                self.prio.0.insert(ev.tid, p);
            }
        }
    }

    fn fields(&self, b: Bounds) -> Bounds {
        b.with("depth", u64::from(self.depth))
            .with("v", u64::from(self.v))
    }
}

/// The uniform random walk's scheduler.
pub struct WalkScheduler;

impl Scheduler for WalkScheduler {
    fn begin(&mut self, _run: u64, _profile: &Profile, _rng: &mut ChaCha8Rng) {}

    fn choose<S: System>(&mut self, sys: &S, enabled: &[Tid], rng: &mut ChaCha8Rng) -> Choice {
        let total: u32 = enabled.iter().map(|&t| sys.alternatives(t).max(1)).sum();
        let mut k = rng.gen_range(0..total);
        for &t in enabled {
            let n = sys.alternatives(t).max(1);
            if k < n {
                return (t, k);
            }
            k -= n;
        }
        unreachable!("k < total")
    }

    fn stepped(&mut self, _ev: &Event, _access: Option<(u64, u64)>) {}

    fn fields(&self, b: Bounds) -> Bounds {
        b
    }
}

/// Defines a randomized explorer: its type, name, help line and the
/// scheduler of its runs.
macro_rules! randomized {
    ($(#[$doc:meta])* $ty:ident, $name:literal, $about:literal, $sched:expr) => {
        $(#[$doc])*
        pub struct $ty {
            cfg: Config,
        }

        impl Explorer for $ty {
            const NAME: &'static str = $name;
            const ABOUT: &'static str = $about;
            const BUG_HUNTING: bool = true;

            fn new(cfg: &Config) -> $ty {
                $ty { cfg: cfg.clone() }
            }

            fn explore<S: System>(&mut self, init: S, rec: &mut Recorder) -> Completion {
                let make: fn(&Config) -> _ = $sched;
                let mut sched = make(&self.cfg);
                explore_runs(Self::NAME, &mut sched, &self.cfg, init, rec)
            }
        }
    };
}

randomized!(
    /// `--strategy pct`: probabilistic concurrency testing.
    Pct,
    "pct",
    "PCT: random priorities with d-1 random priority change points per run (--pct-depth, --runs, --seed).",
    |cfg| PctScheduler {
        depth: cfg.hunt.pct_depth,
        ..PctScheduler::default()
    }
);

randomized!(
    /// `--strategy pctvb`: PCT with variable bounding.
    PctVb,
    "pctvb",
    "PCT with variable bounding: change points at accesses to 1 or 2 random shared variables.",
    |cfg| PctVbScheduler {
        depth: cfg.hunt.pct_depth,
        ..PctVbScheduler::default()
    }
);

randomized!(
    /// `--strategy random`: uniform random scheduling.
    RandomWalk,
    "random",
    "Uniform random scheduling: each step picks one enabled thread at random (--runs, --seed).",
    |_| WalkScheduler
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testsys::{ops::*, random_program, Rng as ProgRng, TestSys};
    use crate::{Hunt, Por, Summary};

    fn hunt(threads: &[Vec<crate::testsys::Op>], por: Por, h: Hunt) -> Summary {
        let cfg = Config {
            por,
            keep_going: true,
            collect_outcomes: true,
            race_check: false,
            hunt: h,
            ..Config::default()
        };
        crate::explore(TestSys::new(threads.to_vec()).digest_traces(), &cfg)
    }

    /// Every strategy only reaches what the program can do: outcomes and
    /// bugs among the naive search's, a randomized one never claims a
    /// proof, and a bug is reported with where it was found.
    #[test]
    fn strategies_reach_only_real_outcomes() {
        for case in 0..60 {
            let threads = random_program(&mut ProgRng::new(case ^ 0xbeef));
            let naive = hunt(&threads, Por::None, Hunt::default());
            let bugs = |s: &Summary| {
                s.findings
                    .iter()
                    .map(|f| (f.bug.kind, f.bug.loc.file, f.bug.loc.line))
                    .collect::<std::collections::BTreeSet<_>>()
            };
            for por in [Por::Pct, Por::PctVb, Por::Random, Por::Vt] {
                let h = Hunt {
                    runs: 40,
                    seed: case,
                    pct_depth: 1 + (case % 3) as u32,
                    max_bound: Some(2),
                    ..Hunt::default()
                };
                let s = hunt(&threads, por, h);
                assert!(s.outcomes.is_subset(&naive.outcomes), "{por} case {case}");
                assert!(bugs(&s).is_subset(&bugs(&naive)), "{por} case {case}");
                assert_eq!(s.limit, Some(LimitKind::Bound), "{por} case {case}");
                assert_eq!(s.stats.anomalies.total(), 0);
                for f in &s.findings {
                    let under = f.found_under.as_ref().expect("found under");
                    assert_eq!(under.strategy, por.name());
                }
            }
        }
    }

    /// PCT with depth 2 finds a bug that needs one preemption (a remote
    /// write between a thread's write and its read back) within a few runs,
    /// for every seed tried; with depth 1 (no change point) it never does,
    /// since priorities run each thread to its end.
    #[test]
    fn pct_depth_two_finds_a_one_preemption_bug() {
        use crate::testsys::{Cond, Op, Val};
        let lost = vec![
            vec![store(0, 5)],
            vec![
                load(0, 0),
                store_reg(0, 0, 1),
                load(0, 1),
                Op::Assert(Cond::Eq(Val::Reg(1), Val::Add(0, 1))),
            ],
        ];
        for seed in 0..20 {
            let h = |d| Hunt {
                runs: 200,
                seed,
                pct_depth: d,
                ..Hunt::default()
            };
            let s = hunt(&lost, Por::Pct, h(2));
            let f = s.findings.first().unwrap_or_else(|| panic!("seed {seed}"));
            let under = f.found_under.as_ref().expect("found under");
            assert_eq!(under.get("seed"), Some(seed));
            assert_eq!(under.get("depth"), Some(2));
            let one = hunt(&lost, Por::Pct, h(1));
            assert!(one.findings.is_empty(), "seed {seed}");
            assert_eq!(one.stats.executions, 200);
        }
    }

    /// The same seed and run give the same stream; runs differ.
    #[test]
    fn runs_are_reproducible() {
        let a: Vec<u32> = (0..8).map(|_| run_rng(7, 3).gen()).collect();
        let b: Vec<u32> = (0..8).map(|_| run_rng(7, 3).gen()).collect();
        assert_eq!(a, b);
        let mut r3 = run_rng(7, 3);
        let mut r4 = run_rng(7, 4);
        let x: Vec<u32> = (0..8).map(|_| r3.gen()).collect();
        let y: Vec<u32> = (0..8).map(|_| r4.gen()).collect();
        assert_ne!(x, y);
    }
}
