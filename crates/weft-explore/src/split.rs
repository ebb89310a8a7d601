//! `-j N` and `--shard I/N`: one exploration split into parts that run on
//! several cores, or on several machines.
//!
//! A part is a subtree of the DPOR exploration tree with the sleepers and
//! wakeup tree its root has when its turn comes (`dpor::Part`; why the
//! executions stay exactly those of a whole exploration is explained under
//! "Splitting" in [`crate::dpor`]). Two schemes hand them out:
//!
//! - **Work stealing** (`-j N`): `N` workers on a `rayon` pool. A worker
//!   that sees an idle one (no part queued, fewer parts running than
//!   workers) hands out the branches left at its shallowest node between
//!   two executions; `rayon` gives each part to a free worker. The nodes
//!   above the parts' roots stay in a shared `dpor::Frontier`, where races
//!   found later add branches (new parts). Which parts exist depends on
//!   timing, the executions explored do not.
//! - **Sharding** (`--shard I/N`): every shard runs the same deterministic
//!   plan, the whole exploration's first branch handing out a part after
//!   every execution until it is done, from expanded nodes (no frontier
//!   between machines). Counting from 1 in the order they were handed
//!   out, part `k` belongs to shard `k mod N`; the first branch's own
//!   executions belong to shard 0. Each shard explores its parts with `-j`
//!   workers, which hand out further parts from expanded nodes too; `weft
//!   merge` adds the shards' reports up.
//!
//! Only Optimal- and Source-DPOR split. The other strategies run whole on
//! one core: with `--shard`, shard 0 runs everything and the others
//! nothing, which is still a partition.
//!
//! `--max-executions` bounds the executions of all workers together (of
//! one shard, with `--shard`); which executions fall under the bound then
//! depends on timing.

use crate::dpor::{self, Frontier, Mode, Part, Share};
use crate::explorer::Completion;
use crate::summary::{Recorder, Summary};
use crate::trace::Tracking;
use crate::{Config, Por};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use weft_core::{LimitKind, System};

/// One shard of a sharded run (`--shard I/N`): `index` in `0..count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// Parses `I/N`, with `0 <= I < N`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("'{s}': a shard is I/N with 0 <= I < N, e.g. 0/4");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Counters a progress display reads while the exploration goes on.
#[derive(Debug, Default)]
pub struct Progress {
    /// Executions that ended, however they ended (all workers).
    pub executions: AtomicU64,
    /// Parts handed out so far, and parts finished.
    pub parts: AtomicU64,
    pub parts_done: AtomicU64,
}

/// The DPOR mode of a strategy that splits, if it does.
fn split_mode(por: Por) -> Option<Mode> {
    match por {
        Por::Optimal => Some(Mode::Optimal),
        Por::Source => Some(Mode::Source),
        _ => None,
    }
}

/// Whether `cfg` explores in parts: Optimal- or Source-DPOR with more than
/// one worker or a shard. Otherwise [`explore_split`] is [`crate::explore`]
/// (and, for a shard other than 0, nothing).
pub fn splits(cfg: &Config) -> bool {
    split_mode(cfg.por).is_some() && (cfg.jobs > 1 || cfg.shard.is_some())
}

/// Explores the executions of the systems `make` builds (each worker
/// builds its own) with `cfg.jobs` workers, and only `cfg.shard`'s part if
/// it names one: the summary of a shard is never complete on its own (its
/// limit is at least [`LimitKind::Shard`]). With one worker and no shard
/// this is [`crate::explore`].
pub fn explore_split<S, F>(make: &F, cfg: &Config) -> Summary
where
    S: System,
    F: Fn() -> S + Sync + ?Sized,
{
    let mut s = split(make, cfg);
    if cfg.shard.is_some() {
        s.limit.get_or_insert(LimitKind::Shard);
    }
    s
}

fn split<S, F>(make: &F, cfg: &Config) -> Summary
where
    S: System,
    F: Fn() -> S + Sync + ?Sized,
{
    let start = Instant::now();
    let Some(mode) = split_mode(cfg.por) else {
        if cfg.shard.is_some_and(|s| s.index != 0) {
            return Summary::default();
        }
        return crate::explore(make(), cfg);
    };
    if cfg.jobs <= 1 && cfg.shard.is_none() {
        return crate::explore(make(), cfg);
    }
    let progress = cfg.progress.clone().unwrap_or_default();
    let wcfg = Config {
        max_executions: None,
        progress: Some(progress.clone()),
        ..cfg.clone()
    };
    let pool = Pool {
        make,
        cfg: &wcfg,
        max_executions: cfg.max_executions,
        tracking: Tracking::of(cfg),
        mode,
        jobs: cfg.jobs.max(1),
        progress,
        queued: AtomicUsize::new(0),
        running: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        maxed: AtomicBool::new(false),
        claimed: AtomicU64::new(0),
        seq: AtomicU64::new(0),
        results: Mutex::new(Vec::new()),
        frontier: cfg.shard.is_none().then(Frontier::default),
        system: PhantomData,
    };
    let (mut total, seeds) = match cfg.shard {
        None => (Summary::default(), vec![Part::whole()]),
        Some(shard) => plan(&pool, shard),
    };
    if !pool.stop.load(Ordering::Relaxed) {
        pool.run(seeds);
    }
    let mut results = pool.results.into_inner().expect("no worker panics");
    results.sort_by_key(|r| r.0);
    for (_, part) in results {
        total.merge(part);
    }
    if pool.maxed.load(Ordering::Relaxed) {
        total.limit.get_or_insert(LimitKind::MaxExecutions);
    }
    total.stats.elapsed = start.elapsed();
    total
}

/// The deterministic plan of a sharded run: explores the first branch of
/// the whole exploration, handing out a part after every execution.
/// Returns what of it is `shard`'s: its executions for shard 0, and for
/// every shard the bound that stopped it, if any; and the parts that are
/// `shard`'s. Every shard makes the same plan.
fn plan<S, F>(pool: &Pool<S, F>, shard: Shard) -> (Summary, Vec<Part>)
where
    S: System,
    F: Fn() -> S + Sync + ?Sized,
{
    let planner = Planner {
        parts: RefCell::new(Vec::new()),
    };
    let (done, mut root) = pool.explore(Part::whole(), &planner);
    if done == Completion::Stopped {
        // A bug (without --keep-going) or a bound ended the plan: every
        // shard knows, and none goes on.
        pool.stop.store(true, Ordering::Relaxed);
    }
    let parts = planner.parts.into_inner();
    let count = shard.count as usize;
    let mine = (1..=parts.len()).map(|k| k % count == shard.index as usize);
    let parts = parts.into_iter().zip(mine).filter(|(_, m)| *m);
    let parts = parts.map(|(p, _)| p).collect();
    if shard.index != 0 {
        // The plan's executions are shard 0's; its bound (a timeout) is
        // everyone's.
        root = Summary {
            limit: root.limit.filter(|_| done == Completion::Stopped),
            ..Summary::default()
        };
    }
    (root, parts)
}

/// The plan's [`Share`]: it takes a part after every execution.
struct Planner {
    parts: RefCell<Vec<Part>>,
}

impl Share for Planner {
    fn stop(&self) -> bool {
        false
    }

    fn hungry(&self) -> bool {
        true
    }

    fn claim(&self) -> bool {
        true
    }

    fn give(&self, parts: Vec<Part>) {
        self.parts.borrow_mut().extend(parts);
    }

    fn frontier(&self) -> Option<&Frontier> {
        None
    }
}

/// The workers of one run and what they share.
struct Pool<'a, S, F: ?Sized> {
    make: &'a F,
    /// The workers' settings (no execution bound of their own).
    cfg: &'a Config,
    max_executions: Option<u64>,
    tracking: Tracking,
    mode: Mode,
    jobs: usize,
    progress: Arc<Progress>,
    /// Parts handed to `rayon` and not started yet.
    queued: AtomicUsize,
    /// Parts being explored.
    running: AtomicUsize,
    /// Some part stopped (a bug, a bound): the others stop too.
    stop: AtomicBool,
    /// The run stopped at `max_executions`.
    maxed: AtomicBool,
    /// Executions claimed so far (see `Share::claim`): exactly
    /// `max_executions` run, however many workers race for the last ones.
    claimed: AtomicU64,
    /// Numbers the parts in the order they were handed out.
    seq: AtomicU64,
    results: Mutex<Vec<(u64, Summary)>>,
    /// The nodes above the parts' floors (`-j` without `--shard`, whose
    /// parts come from one deterministic plan of expanded nodes instead).
    frontier: Option<Frontier>,
    system: PhantomData<fn() -> S>,
}

impl<'a, S, F> Pool<'a, S, F>
where
    S: System,
    F: Fn() -> S + Sync + ?Sized,
{
    /// Explores `seeds` and every part they hand out.
    fn run(&self, seeds: Vec<Part>) {
        let workers = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs)
            .thread_name(|i| format!("weft-worker-{i}"))
            .build()
            .expect("worker threads start");
        workers.scope(|scope| {
            for part in seeds {
                self.spawn(scope, part);
            }
        });
    }

    /// Explores `part` on a system of its own, sharing with `share`.
    fn explore(&self, part: Part, share: &dyn Share) -> (Completion, Summary) {
        let mut rec = Recorder::new(self.cfg);
        let done = dpor::explore_part(
            (self.make)(),
            self.tracking,
            &mut rec,
            self.mode,
            None,
            part,
            Some(share),
        );
        (done, rec.into_summary(done == Completion::Exhausted))
    }

    fn spawn<'s>(&'s self, scope: &rayon::Scope<'s>, part: Part) {
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        self.queued.fetch_add(1, Ordering::SeqCst);
        self.progress.parts.fetch_add(1, Ordering::Relaxed);
        scope.spawn(move |scope| {
            self.running.fetch_add(1, Ordering::SeqCst);
            self.queued.fetch_sub(1, Ordering::SeqCst);
            if !self.stop.load(Ordering::Relaxed) {
                let (done, summary) = self.explore(part, &Worker { pool: self, scope });
                if done == Completion::Stopped {
                    self.stop.store(true, Ordering::Relaxed);
                }
                self.results
                    .lock()
                    .expect("no worker panics")
                    .push((seq, summary));
            }
            self.progress.parts_done.fetch_add(1, Ordering::Relaxed);
            self.running.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// One worker's [`Share`].
struct Worker<'x, 's, 'a, S, F: ?Sized> {
    pool: &'s Pool<'a, S, F>,
    scope: &'x rayon::Scope<'s>,
}

impl<S, F> Share for Worker<'_, '_, '_, S, F>
where
    S: System,
    F: Fn() -> S + Sync + ?Sized,
{
    fn stop(&self) -> bool {
        self.pool.stop.load(Ordering::Relaxed)
    }

    fn claim(&self) -> bool {
        let p = self.pool;
        let Some(max) = p.max_executions else {
            return true;
        };
        if p.claimed.fetch_add(1, Ordering::SeqCst) < max {
            return true;
        }
        p.maxed.store(true, Ordering::Relaxed);
        p.stop.store(true, Ordering::Relaxed);
        false
    }

    fn hungry(&self) -> bool {
        let p = self.pool;
        p.queued.load(Ordering::SeqCst) + p.running.load(Ordering::SeqCst) < p.jobs
    }

    fn give(&self, parts: Vec<Part>) {
        for part in parts {
            self.pool.spawn(self.scope, part);
        }
    }

    fn frontier(&self) -> Option<&Frontier> {
        self.pool.frontier.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testsys::{random_program, Rng, TestSys};

    fn cfg(por: Por, jobs: usize, shard: Option<Shard>) -> Config {
        Config {
            por,
            keep_going: true,
            collect_outcomes: true,
            race_check: false,
            jobs,
            shard,
            ..Config::default()
        }
    }

    /// The summary of `--shard i/n` for every `i`, merged.
    fn sharded(make: &(dyn Fn() -> TestSys + Sync), por: Por, n: u32, jobs: usize) -> Summary {
        let mut total = Summary::default();
        for index in 0..n {
            let shard = Some(Shard { index, count: n });
            total.merge(explore_split(make, &cfg(por, jobs, shard)));
        }
        total
    }

    /// A split run agrees with the whole one: without a bug, exactly the
    /// same executions and outcomes (one per Mazurkiewicz trace, digested
    /// by `TestSys`). With one, the same verdict and the naive search's
    /// outcomes; the number of executions may differ (parts may explore
    /// more prefixes that end at a bug, see the README).
    #[track_caller]
    fn same(whole: &Summary, split: &Summary, naive: &Summary, what: &str) {
        assert_eq!(split.stats.anomalies.total(), 0, "{what}: anomalies");
        let limit = split.limit.filter(|&l| l != LimitKind::Shard);
        assert_eq!(limit, whole.limit, "{what}: limit");
        if whole.findings.is_empty() {
            assert!(split.findings.is_empty(), "{what}: bugs");
            assert_eq!(
                split.stats.executions, whole.stats.executions,
                "{what}: executions"
            );
            assert_eq!(split.outcomes, whole.outcomes, "{what}: outcomes");
        } else {
            assert!(!split.findings.is_empty(), "{what}: no bug");
            assert_eq!(split.outcomes, naive.outcomes, "{what}: outcomes");
        }
    }

    #[test]
    fn random_programs_split_exactly() {
        let cases: u64 = std::env::var("WEFT_SPLIT_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(100);
        let from: u64 = std::env::var("WEFT_SPLIT_FROM")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        for seed in from..from + cases {
            let threads = random_program(&mut Rng::new(seed));
            let make = || TestSys::new(threads.clone()).digest_traces();
            let naive = crate::explore(make(), &cfg(Por::None, 1, None));
            for por in [Por::Optimal, Por::Source] {
                let whole = crate::explore(make(), &cfg(por, 1, None));
                for n in [2, 3, 4] {
                    let what = format!("seed {seed}, --por {por}, {n} shards: {threads:?}");
                    same(&whole, &sharded(&make, por, n, 1), &naive, &what);
                }
                for jobs in [2, 4] {
                    let what = format!("seed {seed}, --por {por}, -j {jobs}: {threads:?}");
                    let split = explore_split(&make, &cfg(por, jobs, None));
                    same(&whole, &split, &naive, &what);
                }
            }
        }
    }
}
