//! `--por unfold`: exploration of the program's unfolding with cutoff
//! events (Schemmel, Büning, Rodríguez, Laprell, Wehrle: Symbolic
//! Partial-Order Execution for Testing Multi-Threaded Programs, CAV 2020;
//! Nguyen, Rodríguez, Sousa, Coti, Petrucci: Quasi-Optimal Partial Order
//! Reduction, CAV 2018).
//!
//! This module owns the unfolding's events and cutoffs ([`Unfolding`]);
//! the exploration tree is the DPOR engine's (`dpor`, mode
//! [`crate::dpor::Mode::Unfold`]), read as the paper's:
//! - **Events and canonical names.** An event of the unfolding is an
//!   action (the executed event, with its values and alternative) plus its
//!   history: the local configuration `[e]`, which is the dependency
//!   (Mazurkiewicz) past of the event in any execution that contains it.
//!   Its canonical name is its thread, its action, and the names of the
//!   thread-maximal events of `[e] \ {e}`, which determine that history.
//!   [`Unfolding::push`] gives the same event found through different
//!   executions the same id; the set `U` of known events only grows.
//! - **Configurations, `D` and `A`.** A node of the exploration tree is the
//!   configuration of a prefix of the current execution. Its sleep set is
//!   the paper's `D` (events that no configuration explored below may
//!   contain); the wakeup sequence being followed is `A` (the events of an
//!   alternative still to add).
//! - **Conflicting extensions.** For every effect the Trace finds the
//!   reversible races of an execution: event `e'` is in a race with an
//!   earlier dependent `e` that it directly follows. The event `e'` would
//!   be with history `[e'] \ ⌈e⌉` is a conflicting extension of the
//!   configuration (it is in immediate conflict with `e`), and the
//!   sequence `notdep(e).e'` reaches it. Races of the pending events of
//!   threads that cannot run (blocked, or stopped by a cutoff) are
//!   conflicting extensions too.
//! - **k-partial alternatives.** A conflicting extension is an alternative
//!   to the node's current event (it conflicts with it by construction).
//!   With `--unfold-k k`, it is kept if it also conflicts with the `k - 1`
//!   events most recently added to `D` (with `inf`, with all of them:
//!   Optimal-DPOR's wakeup-tree insertion, one execution per maximal
//!   configuration). With a finite `k` an alternative may lead to a
//!   configuration whose every extension is in `D`: that execution ends
//!   blocked (`sleep-set`), the price of cheaper alternatives.
//! - **Cutoffs.** The system fingerprints its states
//!   ([`weft_core::System::step_delta`]): the fingerprint of `[e]` is the
//!   XOR of the per-thread accumulated deltas of its thread-maximal
//!   events. When an event is first named, it is a *cutoff* if `U` already
//!   holds an event whose local configuration reaches the same fingerprint
//!   and is smaller in an adequate order (size, then Parikh vector, see
//!   `precedes`); the decision never changes. A state whose execution
//!   ended (a bug, a failed assume, an infeasible branch) has no
//!   fingerprint: its future is empty, so it is nobody's witness. A cutoff
//!   is executed (its own bugs are reported) but nothing causally after it
//!   runs, neither by free choice nor in a planned sequence: its thread
//!   stops ([`Stop::Dead`]), and so does any thread whose next event
//!   depends on it ([`Stop::By`]). An execution that has nothing left but
//!   such events ends `blocked` by `cutoff`. A thread stopped by cutoffs is
//!   then planned before all of them at once (and before its own races,
//!   and before an event that ended the execution), so configurations where
//!   it comes first are explored. Every reachable state is reached by a
//!   configuration without cutoffs (the paper's theorem 3.2), so the
//!   verdict stays exact; on a program whose reachable states are finite
//!   the exploration terminates, whether or not its threads loop forever.
//!   The tests check both against an explicit-state search on random
//!   programs that loop forever.
//!
//! Deviations from the paper:
//! - Conflicting extensions come from the races the trace already
//!   computes, for every kind of event, instead of per-effect procedures
//!   over lock and condition-variable histories (the paper's Alg. 1 and
//!   appendix F); they are reached by replaying the sequence
//!   `notdep(e).e'` from the nearest snapshot (the paper's standby states,
//!   section 4.1: the engine keeps snapshots at intervals along the
//!   current branch).
//! - Plain memory accesses to shared objects are local steps, as in the
//!   paper, only under SC with the race check on (the system is told so:
//!   `weft_exec`'s `Limits::local_plain`); the engine feeds them to the
//!   race detector ([`crate::trace::Trace::push_local`]), which orders
//!   them by the synchronisation events around them. Under TSO and PSO,
//!   and with `--no-race-check` (where their races would go unexplored
//!   and unreported), they stay events, as under DPOR. A thread that runs
//!   64 in a row without an event makes the next one an event, so that a
//!   loop on a plain variable still yields, and an assumption that may
//!   fail after local steps is an event, so that other threads can run
//!   (and race with them) before it ends the execution.
//! - The order of exploration is the in-order depth-first one (the paper's
//!   searcher with the sweep bit always on the leftmost leaf), so a node's
//!   right branch is decided once its left subtree is done.
//! - Alternatives that turn out to be in `D` are skipped: for a finite
//!   `k`, and also for `inf` once cutoffs occurred, since planning a thread
//!   before several cutoffs at once is not a race reversal (some such
//!   executions end `sleep-set` blocked). Without cutoffs, `inf` is exactly
//!   Optimal-DPOR, invariants included.
//! - The adequate order's Parikh vectors count 16 classes of labels
//!   (thread and action hashed), a coarser labelling that is still
//!   adequate, so that they cost a fixed size and come from per-thread
//!   prefix sums.
//! - Fingerprints are kept up to date per object changed, not per word
//!   (see `weft_exec`'s `fingerprint` module), and need the system's
//!   allocation to be repeatable: under `--por unfold` a thread's new
//!   object may take the address of one of its own objects that was freed
//!   or died without escaping and that nothing refers to any more
//!   (`weft_exec`'s `Machine::alloc_object`), a special case of the paper's
//!   reuse after a causally visible free.
//! - `U` is collected when it doubles (see [`Unfolding::collect`]): only
//!   the current execution's events are kept, with the table of least
//!   configurations per fingerprint. An event found again afterwards is
//!   named anew, and may be found a cutoff where it was none before. The
//!   exploration tree is collected as the depth-first walk leaves it.

use crate::trace::Trace;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use weft_core::{Event, Tid};

/// How cutoffs stop a thread's next event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// It comes after no cutoff.
    Free,
    /// Its thread's own past holds a cutoff: it never runs again.
    Dead,
    /// It depends on these cutoffs (trace positions, increasing): it can
    /// run only in a configuration without them.
    By(SmallVec<[usize; 2]>),
}

/// The id of an event of `U`.
pub type EvId = u32;

/// A canonical name: thread, action, and the thread-maximal events of the
/// strict causal past (by thread id, as `(thread, id)`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Name {
    tid: Tid,
    action: u64,
    past: SmallVec<[(Tid, EvId); 4]>,
}

/// What `U` knows of one event.
#[derive(Clone, Copy, Debug)]
struct Known {
    /// `|[e]|`.
    size: u32,
    cutoff: bool,
}

/// Counters of the unfolding, reported with the statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnfoldStats {
    /// Events in `U`.
    pub events: u64,
    /// Cutoff events in `U`.
    pub cutoffs: u64,
    /// Alternatives computed (conflicting extensions kept as a right
    /// branch of the tree).
    pub alternatives: u64,
    /// Maximal configurations explored: executions that ended (as counted
    /// in `executions`), and those that ended at cutoffs.
    pub configurations: u64,
    /// Events collected from `U` (see [`Unfolding::collect`]); one found
    /// again afterwards counts again in `events`.
    pub collected: u64,
}

/// The known events `U`, and the events of the current execution as events
/// of `U`.
pub struct Unfolding {
    names: FxHashMap<Name, EvId>,
    known: Vec<Known>,
    /// The least local configuration (in the adequate order) known to
    /// reach each fingerprint.
    smallest: FxHashMap<u128, Least>,
    /// Per trace entry: the Parikh vector of its thread's events up to it.
    counts: Vec<Parikh>,
    /// Per trace entry: its event, and the XOR of its thread's deltas up
    /// to it (`None` once one is unknown).
    ids: Vec<EvId>,
    acc: Vec<Option<u128>>,
    /// Trace positions of the cutoff events of the current execution.
    cut: Vec<usize>,
    /// `U` is collected when it holds this many events.
    collect_at: usize,
    pub stats: UnfoldStats,
}

impl Default for Unfolding {
    fn default() -> Unfolding {
        Unfolding {
            names: FxHashMap::default(),
            known: Vec::new(),
            smallest: FxHashMap::default(),
            counts: Vec::new(),
            ids: Vec::new(),
            acc: Vec::new(),
            cut: Vec::new(),
            collect_at: collect_min(),
            stats: UnfoldStats::default(),
        }
    }
}

/// The least size of `U` that triggers a collection.
const COLLECT_MIN: usize = 1 << 16;

#[cfg(test)]
thread_local! {
    /// In tests: the least size, set by a test to collect often.
    static TEST_COLLECT_MIN: std::cell::Cell<usize> = const { std::cell::Cell::new(COLLECT_MIN) };
}

/// The least size of `U` that triggers a collection.
fn collect_min() -> usize {
    #[cfg(test)]
    return TEST_COLLECT_MIN.with(|c| c.get());
    #[cfg(not(test))]
    COLLECT_MIN
}

/// The least local configuration known to reach a fingerprint.
struct Least {
    size: u32,
    parikh: Parikh,
}

/// Labels are the events' threads and actions, hashed into this many
/// classes.
const LABELS: usize = 16;

/// A Parikh vector: how many events of each label class a configuration
/// has.
type Parikh = [u32; LABELS];

/// The label class of an event of thread `tid` with action `action`.
fn label(tid: Tid, action: u64) -> usize {
    ((action ^ (tid as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)).rotate_left(17) % LABELS as u64)
        as usize
}

/// The adequate order on local configurations (Esparza, Römer, Vogler,
/// without the Foata step): smaller size first, then, at equal size, the
/// Parikh vector that has fewer events of the first label where they
/// differ. It refines inclusion and is preserved by extending both
/// configurations with the same events (any labelling that gives equal
/// events equal labels is), which is what makes cutoffs complete; unlike
/// the size alone it also cuts between configurations of equal size.
/// Labels are classes of (thread, action) so that a Parikh vector has a
/// fixed size and the vector of a local configuration is the sum of
/// per-thread prefix vectors.
fn precedes(a: (u32, &Parikh), b: (u32, &Parikh)) -> bool {
    if a.0 != b.0 {
        return a.0 < b.0;
    }
    a.1 < b.1
}

/// The action of an executed event: what it did, where, and which
/// alternative.
fn action(ev: &Event, alt: u32) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    (&ev.kind, ev.loc, ev.woken_by, ev.fences, alt).hash(&mut h);
    h.finish()
}

impl Unfolding {
    /// Names the last event of `trace` (just pushed), whose step changed
    /// the fingerprint by `delta`, and decides whether it is a cutoff (never
    /// without fingerprints: a system that does not track them has no
    /// deltas).
    pub fn push(&mut self, trace: &Trace, delta: Option<u128>) {
        let i = trace.len() - 1;
        debug_assert_eq!(self.ids.len(), i, "the unfolding follows the trace");
        if self.names.len() >= self.collect_at {
            self.collect();
        }
        let entry = &trace.entries[i];
        let tid = entry.ev.tid;
        let clock = trace.clock(i);
        let mut past = SmallVec::new();
        let mut size = 0u32;
        let mut fingerprint = Some(0u128);
        for (u, &n) in clock.iter().enumerate() {
            let u = u as Tid;
            size += n;
            let upto = if u == tid { n - 1 } else { n };
            if upto > 0 {
                let k = trace.event_of(u, upto).expect("in the trace") as usize;
                past.push((u, self.ids[k]));
                if u != tid {
                    fingerprint = fingerprint.zip(self.acc[k]).map(|(f, a)| f ^ a);
                }
            }
        }
        let prev = trace.origin_in_thread(i).map(|k| self.acc[k]);
        let acc = match prev {
            Some(p) => p.zip(delta).map(|(p, d)| p ^ d),
            None => delta,
        };
        fingerprint = fingerprint.zip(acc).map(|(f, a)| f ^ a);
        self.ids.push(0);
        self.acc.push(acc);
        let act = action(&entry.ev, entry.choice.1);
        let mut counts = trace
            .origin_in_thread(i)
            .map_or([0; LABELS], |k| self.counts[k]);
        counts[label(tid, act)] += 1;
        self.counts.push(counts);
        let name = Name {
            tid,
            action: act,
            past,
        };
        let next = self.known.len() as EvId;
        let id = *self.names.entry(name).or_insert(next);
        if id == next {
            let cutoff = match fingerprint {
                Some(f) => self.least(trace, f, size),
                None => false,
            };
            self.known.push(Known { size, cutoff });
            self.stats.events += 1;
            self.stats.cutoffs += cutoff as u64;
        }
        debug_assert_eq!(self.known[id as usize].size, size, "one name, one history");
        self.ids[i] = id;
        if self.known[id as usize].cutoff {
            self.cut.push(i);
        }
    }

    /// Collects `U`: keeps the events of the current execution (with their
    /// causal pasts, which are in it too) and forgets the others, so that
    /// memory stays proportional to the execution, not to the exploration.
    /// Ids are renumbered. What is lost is only sharing: an event found
    /// again later is named anew and its cutoff decided anew, against the
    /// least configurations per fingerprint, which are all kept (they make
    /// the exploration finite). The table only ever gets smaller
    /// configurations, so a decision made anew may turn an event that was
    /// no cutoff into one, never the reverse; that is sound (it has a
    /// smaller witness with the same state, whose future is explored), but
    /// a plan made before must not stop in its middle: if a planned step
    /// comes after such a new cutoff, the cutoff is dropped from the
    /// current execution ([`Unfolding::uncut`]), as it was when the plan
    /// was made. Runs when `U` has doubled since the last
    /// collection, so its cost per event named stays constant.
    fn collect(&mut self) {
        let mut renumber: FxHashMap<EvId, EvId> = FxHashMap::default();
        let mut known = Vec::with_capacity(self.ids.len());
        for id in &mut self.ids {
            let old = *id;
            *id = *renumber.entry(old).or_insert_with(|| {
                known.push(self.known[old as usize]);
                (known.len() - 1) as EvId
            });
        }
        let before = self.names.len();
        self.names = std::mem::take(&mut self.names)
            .into_iter()
            .filter_map(|(mut name, id)| {
                let id = *renumber.get(&id)?;
                for (_, p) in name.past.iter_mut() {
                    *p = *renumber.get(p).expect("the past of a kept event is kept");
                }
                Some((name, id))
            })
            .collect();
        debug_assert_eq!(self.names.len(), known.len(), "one name per kept event");
        self.known = known;
        self.stats.collected += (before - self.names.len()) as u64;
        self.collect_at = (2 * self.names.len()).max(collect_min());
    }

    /// Compares the local configuration of the last event of `trace`, of
    /// `size` events and reaching fingerprint `f`, with the least known one
    /// reaching `f`: whether it is greater (a cutoff). Records it if it is
    /// the least.
    fn least(&mut self, trace: &Trace, f: u128, size: u32) -> bool {
        let Some(least) = self.smallest.get(&f) else {
            self.smallest.insert(
                f,
                Least {
                    size,
                    parikh: self.parikh(trace),
                },
            );
            return false;
        };
        if least.size < size {
            return true;
        }
        let parikh = self.parikh(trace);
        if precedes((least.size, &least.parikh), (size, &parikh)) {
            return true;
        }
        if precedes((size, &parikh), (least.size, &least.parikh)) {
            self.smallest.insert(f, Least { size, parikh });
        }
        false
    }

    /// The Parikh vector of the local configuration of the last event of
    /// `trace`: the sum of its thread-maximal events' prefix vectors.
    fn parikh(&self, trace: &Trace) -> Parikh {
        let i = trace.len() - 1;
        let mut out = [0; LABELS];
        for (u, &n) in trace.clock(i).iter().enumerate() {
            if n > 0 {
                let k = trace.event_of(u as Tid, n).expect("in the trace") as usize;
                for (o, c) in out.iter_mut().zip(&self.counts[k]) {
                    *o += c;
                }
            }
        }
        out
    }

    /// Forgets the events of the current execution from position `n` on.
    pub fn truncate(&mut self, n: usize) {
        self.ids.truncate(n);
        self.acc.truncate(n);
        self.counts.truncate(n);
        while self.cut.last().is_some_and(|&c| c >= n) {
            self.cut.pop();
        }
    }

    /// Whether the current execution has cutoff events.
    pub fn has_cuts(&self) -> bool {
        !self.cut.is_empty()
    }

    /// How the cutoffs before position `upto` of the trace stop thread
    /// `tid` if its next event `next` ran there (after the events before
    /// `upto`): its own past holds one, or `next` depends on some.
    pub fn stop_at(&self, trace: &Trace, tid: Tid, next: &Event, upto: usize) -> Stop {
        let cuts = || self.cut.iter().copied().take_while(|&c| c < upto);
        if cuts().next().is_none() {
            return Stop::Free;
        }
        let origin = trace.origin_before(tid, upto);
        if cuts().any(|c| origin.is_some_and(|o| trace.hb(c, o))) {
            return Stop::Dead;
        }
        let flushes = crate::footprint::Flushes {
            before_earlier: &|o, s| trace.flushed_before(o, s, upto),
            before_later: &|o, s| trace.flushed_before(o, s, upto),
        };
        let by: SmallVec<[usize; 2]> = cuts()
            .filter(|&c| crate::footprint::depends(&trace.entries[c].ev, next, &flushes))
            .collect();
        if by.is_empty() {
            Stop::Free
        } else {
            Stop::By(by)
        }
    }

    /// After a collection of `U` (only then can a plan meet a cutoff, see
    /// [`Unfolding::collect`]): drops from the current execution the
    /// cutoffs that stop thread `tid`, whose next event `next` is planned,
    /// so that the plan goes on; they count as no cutoffs in this
    /// execution. Returns false (and drops nothing) if `U` was never
    /// collected.
    pub fn uncut(&mut self, trace: &Trace, tid: Tid, next: &Event) -> bool {
        if self.stats.collected == 0 {
            return false;
        }
        // Each round drops at least one cutoff: those in the thread's own
        // past, then those its next event depends on (see `stop_at`).
        loop {
            match self.stop(trace, tid, next) {
                Stop::Free => return true,
                Stop::Dead => {
                    let origin = trace.origin_before(tid, trace.len());
                    self.cut
                        .retain(|&c| !origin.is_some_and(|o| trace.hb(c, o)));
                }
                Stop::By(by) => self.cut.retain(|c| !by.contains(c)),
            }
        }
    }

    /// How the cutoffs of the current execution stop thread `tid`, whose
    /// next event is `next`.
    pub fn stop(&self, trace: &Trace, tid: Tid, next: &Event) -> Stop {
        self.stop_at(trace, tid, next, trace.len())
    }

    /// Whether thread `tid`, whose next event is `next`, comes causally
    /// after a cutoff of the current execution: its own past contains one,
    /// or `next` depends on one.
    pub fn stopped(&self, trace: &Trace, tid: Tid, next: &Event) -> bool {
        self.stop(trace, tid, next) != Stop::Free
    }
}

#[cfg(test)]
mod tests {
    use crate::testsys::{ops::*, Op, Rng, TestSys};
    use crate::{Config, Por, Summary};
    use std::collections::BTreeSet;
    use weft_core::{BugKind, Status, System};

    fn run(threads: Vec<Vec<Op>>, k: Option<u32>) -> Summary {
        let cfg = Config {
            por: Por::Unfold,
            unfold_k: k,
            keep_going: true,
            collect_outcomes: true,
            race_check: false,
            ..Config::default()
        };
        crate::explore(TestSys::new(threads), &cfg)
    }

    /// An event found again through another execution is the same event
    /// of `U`: here thread 1's first store is independent of the reversed
    /// race, so the second execution re-executes it under the same name.
    #[test]
    fn canonical_names_are_shared_across_executions() {
        let s = run(
            vec![vec![store(0, 1)], vec![store(1, 1), store(0, 2)]],
            None,
        );
        assert_eq!(s.stats.executions, 2);
        assert_eq!(s.stats.events, 6);
        let u = s.stats.unfold.expect("unfold statistics");
        assert_eq!(u.events, 5, "{u:?}");
        assert_eq!(u.configurations, 2);
    }

    /// Two threads that loop forever over finitely many states: the
    /// exploration terminates (every execution ends at a cutoff), finds no
    /// bug where there is none, and finds the reachable failure of the
    /// variant that asserts the toggled value is never seen.
    #[test]
    fn cutoffs_end_infinite_loops() {
        let toggler = vec![
            lock(0),
            store(0, 1),
            unlock(0),
            lock(0),
            store(0, 0),
            unlock(0),
            Op::Jump(0),
        ];
        let reader = vec![lock(0), load(0, 0), unlock(0), Op::Jump(0)];
        for k in [Some(1), None] {
            let s = run(vec![toggler.clone(), reader.clone()], k);
            assert!(s.findings.is_empty(), "{:?}", s.findings);
            assert_eq!(s.stats.executions, 0, "no execution ends");
            let u = s.stats.unfold.expect("unfold statistics");
            assert!(u.cutoffs > 0 && u.configurations > 0, "{u:?}");
            assert_eq!(s.stats.blocked_by.get("cutoff"), Some(&u.configurations));
            let mut checking = reader.clone();
            checking.insert(2, assert_ne(0, 1));
            let s = run(vec![toggler.clone(), checking], k);
            assert_eq!(s.findings.len(), 1, "the reader sees 1");
        }
    }

    /// A state whose execution ended is no cutoff's witness: here the
    /// infeasible side of a branch reaches the fingerprint of the feasible
    /// one (the status is not part of it) with a configuration of the same
    /// size and a smaller Parikh vector, and used to cut the feasible side
    /// off, losing an outcome.
    #[test]
    fn dead_states_are_no_cutoff_witnesses() {
        use crate::testsys::{Cond, Val};
        let ne = |r, c| Cond::Ne(Val::Reg(r), Val::Const(c));
        let threads = vec![
            vec![
                Op::Begin,
                fetch_add(0, 0),
                Op::Branch(ne(0, 2)),
                Op::FetchAdd {
                    var: 0,
                    add: 1,
                    reg: 1,
                },
                Op::End,
            ],
            vec![
                store(0, 2),
                Op::Input(0),
                Op::FetchAdd {
                    var: 1,
                    add: 1,
                    reg: 1,
                },
                Op::Assume(ne(1, 1)),
                Op::Load {
                    var: 0,
                    reg: 2,
                    atomic: true,
                },
            ],
            vec![
                lock(0),
                Op::Load {
                    var: 1,
                    reg: 0,
                    atomic: true,
                },
                load(0, 1),
                Op::Assume(ne(1, 1)),
                unlock(0),
            ],
        ];
        let naive = crate::testsys::explore(TestSys::new(threads.clone()), Por::None);
        for k in [Some(1), None] {
            assert_eq!(run(threads.clone(), k).outcomes, naive.outcomes, "k {k:?}");
        }
    }

    /// Every bug (kind and location) reachable from the initial state of
    /// `threads`, by an explicit-state breadth-first search over the
    /// states (told apart by their fingerprints): an oracle that needs no
    /// termination.
    fn reachable_bugs(threads: &[Vec<Op>]) -> (BTreeSet<(BugKind, u32, u32)>, usize) {
        let init = TestSys::new(threads.to_vec());
        let mut bugs = BTreeSet::new();
        let mut seen = std::collections::HashSet::new();
        let mut queue = std::collections::VecDeque::from([init]);
        let mut buf = Vec::new();
        while let Some(s) = queue.pop_front() {
            if let Status::Bug(b) = s.status() {
                bugs.insert((b.kind, b.loc.file, b.loc.line));
                continue;
            }
            if !s.status().is_running() || !seen.insert(s.fingerprint()) {
                continue;
            }
            s.enabled(&mut buf);
            for &t in &buf {
                for a in 0..s.alternatives(t) {
                    let mut n = s.clone();
                    n.step(t, a);
                    queue.push_back(n);
                }
            }
        }
        (bugs, seen.len())
    }

    /// A random program whose threads mostly loop forever over finitely
    /// many states: accesses store constants, registers only hold what
    /// loads read and inputs, and a thread's code is often followed by a
    /// jump back to its start.
    fn random_looping_program(rng: &mut Rng) -> Vec<Vec<Op>> {
        use crate::testsys::{Cond, Val};
        let nthreads = 2 + rng.below(2);
        (0..nthreads)
            .map(|_| {
                let mut ops = Vec::new();
                let mut loaded: Vec<usize> = Vec::new();
                for _ in 0..1 + rng.below(2) {
                    let bracket = match rng.below(6) {
                        0 => Some((Op::Begin, Op::End)),
                        1 | 2 => Some((Op::Lock(0), Op::Unlock(0))),
                        _ => None,
                    };
                    if let Some((open, _)) = bracket {
                        ops.push(open);
                    }
                    let var = rng.below(2);
                    let atomic = rng.chance(50);
                    match rng.below(7) {
                        0..=2 => {
                            let reg = loaded.len().min(3);
                            loaded.push(reg);
                            ops.push(Op::Load { var, reg, atomic });
                        }
                        3..=5 => ops.push(Op::Store {
                            var,
                            val: Val::Const(rng.below(2) as i64),
                            atomic,
                        }),
                        _ => {
                            let reg = loaded.len().min(3);
                            loaded.push(reg);
                            ops.push(Op::Input(reg));
                            ops.push(Op::Branch(Cond::Eq(Val::Reg(reg), Val::Const(0))));
                        }
                    }
                    if let Some((_, close)) = bracket {
                        ops.push(close);
                    }
                    if let Some(&r) = loaded.last() {
                        let c = Val::Const(rng.below(2) as i64);
                        match rng.below(10) {
                            0 => ops.push(Op::Assert(Cond::Ne(Val::Reg(r), c))),
                            1 => ops.push(Op::Assume(Cond::Ne(Val::Reg(r), c))),
                            _ => {}
                        }
                    }
                }
                if rng.chance(75) {
                    ops.push(Op::Jump(0));
                }
                ops
            })
            .collect()
    }

    /// Cutoffs against the explicit-state oracle, on random programs that
    /// loop forever: `--por unfold` terminates and finds a bug exactly
    /// when one is reachable, at every bug location reachable; also when
    /// `U` is collected all the time.
    #[test]
    fn looping_programs_find_every_reachable_bug() {
        let cases = std::env::var("WEFT_TESTSYS_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(300u64);
        let mut states = 0;
        let mut collected = 0;
        for case in 0..cases {
            let threads = random_looping_program(&mut Rng::new(case));
            let (oracle, reachable) = reachable_bugs(&threads);
            states += reachable;
            // The last run collects `U` whenever it holds 4 events.
            for (k, collect) in [(Some(1), 1 << 16), (None, 1 << 16), (None, 4)] {
                super::TEST_COLLECT_MIN.with(|c| c.set(collect));
                let s = run(threads.clone(), k);
                super::TEST_COLLECT_MIN.with(|c| c.set(1 << 16));
                collected += s.stats.unfold.map_or(0, |u| u.collected);
                let found: BTreeSet<_> = s
                    .findings
                    .iter()
                    .map(|f| (f.bug.kind, f.bug.loc.file, f.bug.loc.line))
                    .collect();
                assert_eq!(s.stats.anomalies.total(), 0);
                assert_eq!(found, oracle, "case {case}, k {k:?}: {threads:?}");
            }
        }
        assert!(states > cases as usize, "the programs have states to find");
        assert!(collected > 0, "U was collected");
    }
}
