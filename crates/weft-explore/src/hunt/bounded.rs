//! Systematic bounded search: every schedule within a bound, bounds in
//! increasing order (`--strategy icb` and `--strategy vt`).
//!
//! The engine is iterative context bounding (Musuvathi and Qadeer, PLDI
//! 2007; Algorithm 1 of `variable-thread-bounding`): level `c` is a
//! depth-first search of every schedule with at most `c` preemptions, and
//! reports exactly those with `c` (the others were reported at their own
//! level and are re-run only to reach the new preemption points). Levels go
//! up until no schedule has more preemptions than the last one, or
//! `--max-bound`. Deviation: the paper (like CHESS) keeps a work queue of
//! the states where the next level's preemptions start; weft keeps nothing
//! between levels and re-runs the previous levels' schedules instead, as a
//! stateless model checker does: a level's schedules outnumber all earlier
//! levels' together by a factor of about the number of scheduling points,
//! so re-running costs little, while the queue grew to gigabytes on ten
//! threads.
//!
//! What a move is, which moves a state offers and which are preemptions is
//! a [`Policy`]'s: [`IcbPolicy`] (any switch away from a thread that could
//! go on is a preemption) and [`VtPolicy`] (strict priorities; a
//! preemption lowers the running thread below all others, only right after
//! an access to one of at most `v` variables).
//!
//! # Reduction (state caching by happens-before)
//!
//! With [`crate::Hunt::reduce`] (the default; off with `--por none`) a
//! state is skipped when a state with the same Mazurkiewicz trace (the
//! same events, each with the same dependency clock: a commutative 128-bit
//! hash of them), the same policy state ([`Policy::key`]: last thread,
//! priorities, tracked variables) and at least the same remaining budget
//! ([`Policy::budget`], componentwise) was reached before. Equivalent
//! traces reach the same state of the System, so every schedule from the
//! skipped state is equivalent to one from the earlier state that fits in
//! the earlier budget: the same final states, outcomes and bugs are
//! reached, never more executions run, and, since levels go up, a bug is
//! still found at its least bound. This is CHESS's happens-before graph
//! caching; the paper prunes the same way, per variable set. Sleep sets
//! are not used: with a bound they can drop the only schedule of a trace
//! that fits in it (bounded POR, Coons et al. 2013, needs more machinery).
//! The hash can collide (128 bits): a collision would skip a state.

use super::variable_of;
use crate::dfs::step;
use crate::explorer::{Completion, Explorer};
use crate::summary::{Bounds, Choice, Recorder};
use crate::trace::{Trace, Tracking};
use crate::Config;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// The most states the reduction remembers (each about 64 bytes): past
/// it, new states are not recorded.
const SEEN_CAP: usize = 1 << 21;
use weft_core::{Event, LimitKind, System, Tid};

/// One scheduling decision of a bounded search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub choice: Choice,
    /// The move costs one unit of the bound (a preemption).
    pub preempt: bool,
}

/// Which moves a state offers, and the policy's own state along a
/// schedule. Must be a function of the moves taken so far (the search
/// restores it from snapshots).
pub trait Policy: Clone {
    /// The moves possible now, free ones and preemptions. `enabled` is a
    /// scratch buffer.
    fn moves<S: System>(&self, sys: &S, enabled: &mut Vec<Tid>, out: &mut Vec<Move>);
    /// Updates the state for move `m`, which ran event `ev`.
    fn took<S: System>(&mut self, sys: &S, m: Move, ev: &Event);
    /// Preemptions taken so far.
    fn preemptions(&self) -> u32;
    /// What the future depends on besides the System's state and the
    /// budget (see the module doc).
    fn key(&self) -> u64;
    /// New variables preemptions may still pick (`vt`; 0 for `icb`): with
    /// more slots (and as many preemptions left) a state explores a
    /// superset of the schedules of one with fewer.
    fn slots(&self) -> u32;
    /// Where the search lies, without the preemptions (the same for every
    /// schedule from one root).
    fn bounds(&self) -> Bounds;
    /// The variable the last event touched, when the policy tracks them.
    fn variable(&self) -> Option<u64> {
        None
    }
}

/// A state with free moves left to try.
struct Branch<S, P> {
    state: S,
    policy: P,
    moves: SmallVec<[Move; 4]>,
    next: usize,
    depth: usize,
}

/// Counters of one bounded search.
#[derive(Default)]
struct Counts {
    /// States skipped by the reduction.
    pruned: u64,
    /// Schedules of earlier levels run again.
    reruns: u64,
    /// Preemptions left for a level beyond the last one.
    cut: bool,
    /// The level being explored, or the last one.
    level: Option<u32>,
}

/// The levels of one search: the roots (one per priority order for `vt`)
/// and the largest number of preemptions.
struct Search<'a, 'c, S, P> {
    init: &'a S,
    rec: &'a mut Recorder<'c>,
    tracking: Tracking,
    reduce: bool,
    /// The reduction's visited states: trace hash and policy key, with the
    /// budgets they were explored with.
    seen: FxHashMap<(u128, u64), SmallVec<[[u32; 2]; 1]>>,
    counts: Counts,
    /// The largest thread count and the variables seen, for `vt`.
    threads: usize,
    vars: FxHashSet<u64>,
    /// The preemptions of the bounds last given to the recorder (see
    /// [`Search::show`]), for the roots of the current level.
    shown: Option<u32>,
    _p: std::marker::PhantomData<P>,
}

/// The settings [`Icb`] and [`Vt`] share.
#[derive(Clone, Copy)]
struct Settings {
    hunt: crate::Hunt,
    tracking: Tracking,
}

impl Settings {
    fn of(cfg: &Config) -> Settings {
        Settings {
            hunt: cfg.hunt,
            // The reduction hashes dependency clocks: a full trace.
            tracking: Tracking {
                light: !cfg.hunt.reduce,
                ..Tracking::of(cfg)
            },
        }
    }

    fn search<'a, 'c, S: System, P: Policy>(
        &self,
        init: &'a S,
        rec: &'a mut Recorder<'c>,
    ) -> Search<'a, 'c, S, P> {
        Search {
            init,
            rec,
            tracking: self.tracking,
            reduce: self.hunt.reduce,
            seen: FxHashMap::default(),
            counts: Counts::default(),
            threads: 0,
            vars: FxHashSet::default(),
            shown: None,
            _p: std::marker::PhantomData,
        }
    }
}

/// The hash of one executed event in its trace (its thread, position,
/// kind and values, and its dependency clock): the trace hash of a prefix
/// is the wrapping sum over its events, the same for every linearisation.
fn event_hash(trace: &Trace, i: usize) -> u128 {
    use siphasher::sip128::Hasher128;
    // A keyed PRF, not FxHash: sums of FxHash values collide when two
    // events swap a field (two forks taking each other's side).
    let e = &trace.entries[i];
    let mut h = siphasher::sip128::SipHasher13::new_with_keys(0x7765_6674, 0x6875_6e74);
    e.ev.tid.hash(&mut h);
    e.seq.hash(&mut h);
    e.ev.kind.hash(&mut h);
    e.choice.1.hash(&mut h);
    trace.clock(i).hash(&mut h);
    h.finish128().as_u128()
}

impl<S: System, P: Policy> Search<'_, '_, S, P> {
    /// Tells the recorder where the findings that follow lie: the
    /// policy's bounds with `preemptions`. Only when the number changed:
    /// the bounds are the same for every schedule of a level's roots.
    fn show(&mut self, policy: &P, preemptions: u32) {
        if self.shown != Some(preemptions) {
            self.shown = Some(preemptions);
            let b = policy.bounds().with("preemptions", u64::from(preemptions));
            self.rec.found_under(Some(b));
        }
    }

    /// Takes move `m` in `state`, recording its event.
    fn take(
        &mut self,
        state: &mut S,
        policy: &mut P,
        m: Move,
        trace: &mut Trace,
        hashes: &mut Vec<u128>,
    ) {
        // A data race noted in this step names the schedule's preemptions
        // with this move.
        self.show(policy, policy.preemptions() + u32::from(m.preempt));
        let before = trace.len();
        step(state, m.choice, trace, self.rec);
        debug_assert_eq!(trace.len(), before + 1, "one event per step");
        policy.took(state, m, &trace.entries[before].ev);
        debug_assert_eq!(self.shown, Some(policy.preemptions()));
        if let Some(v) = policy.variable() {
            self.vars.insert(v);
        }
        if self.reduce {
            let h = hashes.last().copied().unwrap_or(0);
            hashes.push(h.wrapping_add(event_hash(trace, before)));
        }
    }

    /// Whether the state (trace hash `h`) was already explored with at
    /// least `left` preemptions (up to its level) and `policy`'s slots
    /// left; records it otherwise (while the table has room: not recording
    /// only prunes less). Entries outlive their level: one made at level
    /// `c'` with `r` left covered every continuation with at most `r` more
    /// preemptions by the end of that level, and a state of level `c`
    /// needs no more than `c - used`. The same state met again at a later
    /// level has more left than its entry, so it is explored again.
    fn visited(&mut self, h: u128, policy: &P, left: u32) -> bool {
        if !self.reduce {
            return false;
        }
        let budget = [left, policy.slots()];
        let key = (h, policy.key());
        if let Some(seen) = self.seen.get_mut(&key) {
            if seen.iter().any(|b| b[0] >= budget[0] && b[1] >= budget[1]) {
                return true;
            }
            seen.retain(|b| !(budget[0] >= b[0] && budget[1] >= b[1]));
            seen.push(budget);
        } else if self.seen.len() < SEEN_CAP {
            self.seen.insert(key, smallvec::smallvec![budget]);
        }
        false
    }

    /// Runs level `c` from each root: every schedule with at most `c`
    /// preemptions, reporting those with exactly `c`. `None` when the
    /// recorder stopped the search; otherwise whether some schedule has
    /// more than `c` preemptions (at the `last` level: noted as cut).
    fn level(&mut self, roots: &[Rc<P>], c: u32, last: bool) -> Option<bool> {
        // The roots of another round have other bounds.
        self.shown = None;
        let mut more = false;
        let mut enabled = Vec::new();
        let mut moves = Vec::new();
        for root in roots {
            let mut state = self.init.clone();
            let mut policy = (**root).clone();
            let mut trace = Trace::new(self.tracking);
            let mut hashes: Vec<u128> = Vec::new();
            let mut stack: Vec<Branch<S, P>> = Vec::new();
            loop {
                let mut pruned = false;
                // A noted bug that `Config::stop_at` stops at ends the
                // run there (see `Recorder::stopping`).
                while state.status().is_running() && !self.rec.stopping() {
                    let used = policy.preemptions();
                    debug_assert!(used <= c, "a schedule beyond its level");
                    let h = hashes.last().copied().unwrap_or(0);
                    if self.visited(h, &policy, c - used) {
                        pruned = true;
                        break;
                    }
                    moves.clear();
                    policy.moves(&state, &mut enabled, &mut moves);
                    // Preemptions first: the level's schedules that preempt
                    // earliest come first (as the paper's work queue has
                    // them), the re-runs of earlier levels last.
                    let mut take: SmallVec<[Move; 4]> = SmallVec::new();
                    if used < c {
                        take.extend(moves.iter().copied().filter(|m| m.preempt));
                    } else {
                        more |= moves.iter().any(|m| m.preempt);
                    }
                    take.extend(moves.iter().copied().filter(|m| !m.preempt));
                    debug_assert!(
                        moves.is_empty() || moves.iter().any(|m| !m.preempt),
                        "a policy offers a free move"
                    );
                    let Some(&first) = take.first() else {
                        break;
                    };
                    if take.len() > 1 {
                        stack.push(Branch {
                            state: state.clone(),
                            policy: policy.clone(),
                            moves: take,
                            next: 1,
                            depth: trace.len(),
                        });
                    }
                    self.take(&mut state, &mut policy, first, &mut trace, &mut hashes);
                }
                self.threads = self.threads.max(state.thread_count());
                let go_on = if pruned {
                    self.counts.pruned += 1;
                    self.rec.within_bounds()
                } else if policy.preemptions() < c {
                    // Reported at its own level.
                    self.counts.reruns += 1;
                    self.rec.within_bounds()
                } else {
                    self.show(&policy, policy.preemptions());
                    self.rec.finish(&state, |bug| {
                        trace
                            .finding(bug, state.output())
                            .with_inputs(state.inputs())
                    })
                };
                if !go_on {
                    return None;
                }
                let Some(top) = stack.last_mut() else { break };
                let m = top.moves[top.next];
                top.next += 1;
                let depth = top.depth;
                (state, policy) = if top.next == top.moves.len() {
                    let b = stack.pop().expect("non-empty");
                    (b.state, b.policy)
                } else {
                    (top.state.clone(), top.policy.clone())
                };
                trace.truncate(depth);
                hashes.truncate(depth);
                self.take(&mut state, &mut policy, m, &mut trace, &mut hashes);
            }
        }
        if more && last {
            self.counts.cut = true;
        }
        Some(more)
    }

    /// Runs levels `0..=max` from `roots`; `Ok(true)` when nothing was
    /// left beyond them.
    fn run(&mut self, roots: &[Rc<P>], max: Option<u32>) -> Result<bool, ()> {
        let mut c = 0;
        loop {
            self.counts.level = Some(c);
            let last = max.is_some_and(|m| c >= m);
            match self.level(roots, c, last) {
                None => return Err(()),
                Some(false) => return Ok(true),
                Some(true) if last => return Ok(false),
                Some(true) => c += 1,
            }
        }
    }
}

/// `--strategy icb`: iterative preemption bounding.
pub struct Icb(Settings);

impl Explorer for Icb {
    const NAME: &'static str = "icb";
    const ABOUT: &'static str =
        "Iterative preemption bounding: every schedule with 0 preemptions, then 1, then 2...";
    const BUG_HUNTING: bool = true;

    fn new(cfg: &Config) -> Icb {
        Icb(Settings::of(cfg))
    }

    fn explore<S: System>(&mut self, init: S, rec: &mut Recorder) -> Completion {
        let mut search = self.0.search(&init, rec);
        let root = Rc::new(IcbPolicy::default());
        let done = search.run(&[root], self.0.hunt.max_bound);
        let mut b = Bounds::new(Icb::NAME);
        if let Some(c) = search.counts.level {
            b.set("bound", u64::from(c));
        }
        if search.counts.pruned > 0 {
            b.set("pruned", search.counts.pruned);
        }
        if search.counts.reruns > 0 {
            b.set("reruns", search.counts.reruns);
        }
        search.rec.strategy(b);
        match done {
            Err(()) => Completion::Stopped,
            Ok(complete) => {
                if !complete {
                    search.rec.unexplored(LimitKind::Bound);
                }
                Completion::Exhausted
            }
        }
    }
}

/// [`Icb`]'s policy: a move to another thread while the thread that ran
/// the previous event could go on is a preemption; after a thread blocks
/// or finishes any thread may go on for free.
#[derive(Clone, Debug, Default)]
pub struct IcbPolicy {
    last: Option<Tid>,
    preemptions: u32,
}

impl Policy for IcbPolicy {
    fn moves<S: System>(&self, sys: &S, enabled: &mut Vec<Tid>, out: &mut Vec<Move>) {
        sys.enabled(enabled);
        let going_on = self.last.filter(|l| enabled.contains(l));
        for &t in enabled.iter() {
            let preempt = going_on.is_some_and(|l| l != t);
            out.extend((0..sys.alternatives(t)).map(|a| Move {
                choice: (t, a),
                preempt,
            }));
        }
    }

    fn took<S: System>(&mut self, _sys: &S, m: Move, ev: &Event) {
        if m.preempt {
            self.preemptions += 1;
        }
        self.last = Some(ev.tid);
    }

    fn preemptions(&self) -> u32 {
        self.preemptions
    }

    fn key(&self) -> u64 {
        self.last.map_or(u64::MAX, u64::from)
    }

    fn slots(&self) -> u32 {
        0
    }

    fn bounds(&self) -> Bounds {
        Bounds::new(Icb::NAME)
    }
}

/// A priority order of threads: who runs first when several can.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// Lower thread ids first.
    Ascending,
    /// Higher thread ids first.
    Descending,
    /// These threads first, in this order, then the others by ascending id.
    Listed(Rc<[Tid]>),
}

impl Order {
    /// The initial priority of `t` (higher runs first).
    fn priority(&self, t: Tid) -> i64 {
        const TOP: i64 = 1 << 40;
        match self {
            Order::Ascending => TOP - i64::from(t),
            Order::Descending => TOP + i64::from(t),
            Order::Listed(list) => match list.iter().position(|&u| u == t) {
                Some(i) => TOP + (list.len() - i) as i64,
                None => TOP - i64::from(t),
            },
        }
    }
}

/// [`Vt`]'s policy for one round `(v, t)` and one priority order: the
/// enabled thread of highest priority runs; a preemption is possible right
/// after the running thread accessed a variable, if that variable is one
/// of the (at most `v`) variables preempted at so far or a new one fits,
/// and at most `2v` times; it lowers the thread below every other
/// (thread fragments of the paper: a preempted thread restarts with a
/// fresh, lowest priority).
#[derive(Clone, Debug)]
pub struct VtPolicy {
    v: u32,
    t: u32,
    max_preemptions: u32,
    order: Rc<Order>,
    /// Priorities changed by preemptions.
    lowered: SmallVec<[(Tid, i64); 4]>,
    vars: SmallVec<[u64; 4]>,
    preemptions: u32,
    last: Option<Tid>,
    last_var: Option<u64>,
}

impl VtPolicy {
    fn new(v: u32, t: u32, order: Order) -> VtPolicy {
        VtPolicy {
            v,
            t,
            max_preemptions: 2 * v,
            order: Rc::new(order),
            lowered: SmallVec::new(),
            vars: SmallVec::new(),
            preemptions: 0,
            last: None,
            last_var: None,
        }
    }

    fn priority(&self, t: Tid) -> i64 {
        match self.lowered.iter().find(|(u, _)| *u == t) {
            Some(&(_, p)) => p,
            None => self.order.priority(t),
        }
    }

    /// The enabled thread of highest priority, `skip` left out.
    fn top(&self, enabled: &[Tid], skip: Option<Tid>) -> Option<Tid> {
        enabled
            .iter()
            .copied()
            .filter(|&t| Some(t) != skip)
            .max_by_key(|&t| self.priority(t))
    }
}

impl Policy for VtPolicy {
    fn moves<S: System>(&self, sys: &S, enabled: &mut Vec<Tid>, out: &mut Vec<Move>) {
        sys.enabled(enabled);
        let Some(top) = self.top(enabled, None) else {
            return;
        };
        let alts = |t: Tid, preempt: bool| {
            (0..sys.alternatives(t)).map(move |a| Move {
                choice: (t, a),
                preempt,
            })
        };
        out.extend(alts(top, false));
        let may_preempt = self.last == Some(top)
            && self.preemptions < self.max_preemptions
            && self
                .last_var
                .is_some_and(|x| self.vars.contains(&x) || (self.vars.len() as u32) < self.v);
        if may_preempt {
            if let Some(other) = self.top(enabled, Some(top)) {
                out.extend(alts(other, true));
            }
        }
    }

    fn took<S: System>(&mut self, sys: &S, m: Move, ev: &Event) {
        if m.preempt {
            let (l, x) = (
                self.last.expect("a preemption follows an event"),
                self.last_var.expect("a preemption follows an access"),
            );
            let lowest = -(self.preemptions as i64) - 1;
            match self.lowered.iter_mut().find(|(u, _)| *u == l) {
                Some(p) => p.1 = lowest,
                None => self.lowered.push((l, lowest)),
            }
            if !self.vars.contains(&x) {
                self.vars.push(x);
            }
            self.preemptions += 1;
        }
        self.last = Some(ev.tid);
        self.last_var = variable_of(sys, ev);
    }

    fn preemptions(&self) -> u32 {
        self.preemptions
    }

    fn key(&self) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        self.order.hash(&mut h);
        self.last.hash(&mut h);
        self.last_var.hash(&mut h);
        let mut lowered = self.lowered.clone();
        lowered.sort_unstable();
        lowered.hash(&mut h);
        let mut vars = self.vars.clone();
        vars.sort_unstable();
        vars.hash(&mut h);
        h.finish()
    }

    fn slots(&self) -> u32 {
        self.v - self.vars.len() as u32
    }

    fn bounds(&self) -> Bounds {
        Bounds::new(Vt::NAME)
            .with("v", u64::from(self.v))
            .with("t", u64::from(self.t))
    }

    fn variable(&self) -> Option<u64> {
        self.last_var
    }
}

/// `--strategy vt`: variable and thread bounding.
///
/// Rounds `(v, t)` go by level `v + t - 2`, then by `v`: (1, 2); (1, 3),
/// (2, 2); (1, 4), (2, 3), (3, 2); ... A round runs, for every priority
/// order of a set that puts every `t` threads in every relative order,
/// every schedule of [`VtPolicy`], preemptions in increasing number
/// (levels, as `icb`). Rounds whose `t` exceeds the threads seen, or whose
/// `v` exceeds the variables seen, add nothing and are skipped; once a
/// whole level is skipped the search ends. The variables are chosen
/// dynamically, as in the paper's VT-CHESS: the first `v` variables
/// preempted at are the round's. Deviation: the paper enumerates variable
/// subsets from a static alias analysis and instruments their accesses;
/// weft sees every access, so the subsets are the schedules' own.
/// `vt` never proves a program safe: priority orders leave schedules out.
pub struct Vt(Settings);

impl Explorer for Vt {
    const NAME: &'static str = "vt";
    const ABOUT: &'static str =
        "Variable and thread bounding: schedules that preempt at few variables among few threads first.";
    const BUG_HUNTING: bool = true;

    fn new(cfg: &Config) -> Vt {
        Vt(Settings::of(cfg))
    }

    fn explore<S: System>(&mut self, init: S, rec: &mut Recorder) -> Completion {
        let mut search = self.0.search(&init, rec);
        let (seed, max_level) = (self.0.hunt.seed, self.0.hunt.max_bound);
        let report = |rec: &mut Recorder, level: u32, v: u32, t: u32, pruned: u64| {
            let mut b = Bounds::new(Vt::NAME)
                .with("level", u64::from(level))
                .with("v", u64::from(v))
                .with("t", u64::from(t))
                .with("seed", seed);
            if pruned > 0 {
                b.set("pruned", pruned);
            }
            rec.strategy(b);
        };
        let mut level = 1;
        loop {
            if max_level.is_some_and(|m| level > m) {
                break;
            }
            let mut ran = false;
            for v in 1..level + 1 {
                let t = level + 2 - v;
                // Before the first round nothing is known: (1, 2) runs.
                let known = search.threads > 0;
                if known
                    && ((t as usize > search.threads.max(2))
                        || (v as usize > search.vars.len().max(1)))
                {
                    continue;
                }
                ran = true;
                let orders = orders(
                    t,
                    search.threads,
                    seed ^ u64::from(level) << 32 ^ u64::from(v),
                );
                let roots: Vec<Rc<VtPolicy>> = orders
                    .into_iter()
                    .map(|o| Rc::new(VtPolicy::new(v, t, o)))
                    .collect();
                let pruned = search.counts.pruned;
                match search.run(&roots, None) {
                    Err(()) => {
                        report(search.rec, level, v, t, search.counts.pruned);
                        return Completion::Stopped;
                    }
                    Ok(_) => report(search.rec, level, v, t, search.counts.pruned.max(pruned)),
                }
            }
            if !ran {
                break;
            }
            level += 1;
        }
        // Priority orders leave schedules out: never a proof.
        search.rec.unexplored(LimitKind::Bound);
        Completion::Exhausted
    }
}

/// Priority orders over `n` threads (0..n) in which every `t` of them
/// appear in every relative order: for `t = 2` ascending and descending
/// ids; for more, random orders (ChaCha8 from `seed`) added until every
/// ordered `t`-tuple is covered (the paper's Lemma 4.1 draws
/// `(t+1)! ln n` of them and covers with high probability; weft checks),
/// or, when there are too many tuples to check, `(t+1)! ln n` of them.
pub fn orders(t: u32, n: usize, seed: u64) -> Vec<Order> {
    if t <= 2 || n <= 2 {
        return vec![Order::Ascending, Order::Descending];
    }
    let t = t as usize;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let ids: Vec<Tid> = (0..n as Tid).collect();
    let tuples: f64 = (0..t).map(|i| (n - i) as f64).product();
    let fact: f64 = (1..=t + 1).map(|i| i as f64).product();
    let draws = (fact * (n as f64).ln()).ceil().max(1.0) as usize;
    let mut out = vec![Order::Ascending, Order::Descending];
    if tuples > 200_000.0 {
        for _ in 0..draws {
            let mut p = ids.clone();
            p.shuffle(&mut rng);
            out.push(Order::Listed(p.into()));
        }
        return out;
    }
    let mut covered: FxHashSet<SmallVec<[Tid; 4]>> = FxHashSet::default();
    let add = |p: &[Tid], covered: &mut FxHashSet<SmallVec<[Tid; 4]>>| {
        // Every t-subsequence of p.
        let mut idx: Vec<usize> = (0..t).collect();
        loop {
            covered.insert(idx.iter().map(|&i| p[i]).collect());
            let Some(k) = (0..t).rev().find(|&k| idx[k] != k + n - t) else {
                break;
            };
            idx[k] += 1;
            for j in k + 1..t {
                idx[j] = idx[j - 1] + 1;
            }
        }
    };
    let rev: Vec<Tid> = ids.iter().rev().copied().collect();
    add(&ids, &mut covered);
    add(&rev, &mut covered);
    while (covered.len() as f64) < tuples && out.len() < 4 * draws + 16 {
        let mut p = ids.clone();
        p.shuffle(&mut rng);
        let before = covered.len();
        add(&p, &mut covered);
        if covered.len() > before {
            out.push(Order::Listed(p.into()));
        }
    }
    out
}

#[cfg(test)]
mod tests;
