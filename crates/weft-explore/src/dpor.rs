//! `--por source` and `--por optimal`: Source-DPOR and Optimal-DPOR
//! (Abdulla, Aronis, Jonsson, Sagonas, POPL 2014 / JACM 2017).
//!
//! The exploration is a depth-first walk over *nodes*, one per prefix of
//! the current execution. Some nodes keep a snapshot of the system state
//! (others are rebuilt by replaying steps from the nearest snapshot before
//! them): every node with branches left when it is stepped from, every
//! eighth node near the end of the execution, and ever fewer far from it
//! (see [`Snapshots`]), so that a long execution holds O(log n) snapshots
//! while the replay it costs stays proportional to the work that needs it.
//! Each node also keeps its sleep set and what is left to explore from it: a wakeup tree
//! (Optimal) or a set of backtrack choices kept as one-step sequences
//! (Source). When an execution ends, every new reversible race `e ⋖ e'`
//! yields the sequence `v = notdep(e, E).e'` to try from the prefix before
//! `e`:
//! - Optimal inserts `v` into that node's wakeup tree unless a sleeping
//!   choice is a weak initial of `v`;
//! - Source adds one initial of `v` unless an initial is already in the
//!   node's backtrack or sleep set.
//!
//! An execution that ends early (a bug, `exit`, a failed assume, a bound)
//! stops every other thread: its last event conflicts with everything. The
//! sleeper it leaves at its node is *terminal*: not inherited below, and a
//! weak initial of a sequence only when it is that sequence's first step.
//! The threads it stopped are planned before it (or before the atomic
//! section it ended in). A sleeper makes such a plan redundant only if it
//! also commutes with that end (deviation from the paper's weak-initial
//! test, whose argument assumes every execution runs the sleeper
//! eventually: one that ends early may not, and no race with it then
//! plans what follows; see `analyse_terminal`).
//!
//! An atomic section whose begin carries a footprint (see `footprint`) is
//! one step: its begin stands for it. An execution that ends inside it
//! ends at its begin, but whether it does depends on the side its branches
//! take (on inputs), so the same branch ends some executions and not
//! others. The plans for the threads it stopped wait until every side is
//! known (`Node::deferred`, `resolve_section`): if no side got past the
//! section they are made, and the branch as a sleeper is terminal, as for
//! an event that ended the execution; otherwise they are dropped, since
//! the threads then run after the section in the other executions, whose
//! races plan what must go before it (what ends early after independent
//! steps of other threads ends the same way). Made anyway, such a plan was
//! a leaf of the wakeup tree that absorbed race reversals the sleeping
//! section then declared redundant: a lost trace
//! (`tests/programs/atomic_section_mixed_ends.c`). An infeasible side (a
//! branch its path condition excludes) plans nothing.
//!
//! The papers take a thread's next event to be fixed by its local state.
//! A compare-and-swap and a `trylock` are not: whether they write depends
//! on the value they read, and a reversal moves `e'` before the write `e`
//! it read. The last step of every planned sequence of that kind is run
//! from its node first, and planned with the event it runs there
//! (`Dpor::settle`); the wakeup tree and the weak-initial tests must see
//! that event, or a stale write becomes a branch beside a sleeper it in
//! fact commutes with and a trace is lost. Only the last step can differ:
//! the others do not depend on `e`.
//!
//! A signal or broadcast disables a waiter's unsignalled wake (spurious,
//! or a timeout): the waiter's next event becomes the signalled wake, and
//! no race of the trace leads back to the other. Optimal- and Source-DPOR
//! rely on races of other executions to reach it; `--por unfold`, whose
//! cutoffs may stop those, plans the waiter's wake before the signal when
//! the signal runs (`disabled_wakes`, a deviation with no counterpart in
//! the papers).
//!
//! Invariants (each checked where it could break: a `debug_assert!`, and
//! in release builds a counter in [`crate::Anomalies`], never a blocked
//! execution):
//! - no wakeup-tree child is asleep when its turn comes: insertion rejects
//!   sequences that a sleeper is a weak initial of, siblings are tried in
//!   insertion order (a later one was checked against the earlier ones),
//!   and the explored branch of a node (kept out of its tree) is never a
//!   weak initial of a sequence inserted there, since every planned
//!   sequence races with, or comes after the end caused by, that branch;
//! - every step of a wakeup sequence can run when its turn comes: reversals
//!   `notdep(e, E).e'` are executable prefixes of the trace's partial order,
//!   and sequences built from pending events are simulated before they are
//!   planned. Once some execution had a spin-blocked thread every plan is
//!   simulated first (spin blocking depends on how many iterations ran);
//!   a sequence that asks a spin-blocked thread for one more iteration is
//!   redundant (it would repeat the last one) and dropped, not an anomaly.
//!
//! Splitting (`-j N`, `--shard I/N`, see `crate::split`): a part of the
//! exploration is the subtree below one node, with the sleepers and wakeup
//! tree that node has when its turn comes. A worker that sees an idle one
//! hands out the branches left at its shallowest node that has any (the
//! wakeup-tree children races planned there, each with its subtree) and
//! raises its floor below that node: the nodes above are no longer its to
//! backtrack to. Races found later, in any part, may still plan at those
//! nodes, as a whole exploration would. Two schemes take those plans:
//! - With `-j`, the nodes above the floors form the shared [`Frontier`].
//!   Each keeps its sleepers and every branch taken from it so far. A plan
//!   there is redundant if one of its initials is a sleeper or a branch of
//!   the node (Source-DPOR's test); otherwise its first initial becomes a
//!   new branch, explored as a new part whose sleepers are the node's and
//!   every branch before it. This is Source-DPOR at those nodes, with races
//!   processed in the order the parts find them, which its argument does
//!   not depend on: every race found anywhere gets an initial of its
//!   reversal explored at its node, and each branch's sleepers are the
//!   branches before it. A part analyses the races of its own first step
//!   (a whole exploration does so when it takes that branch).
//! - A shard's plan (`--shard`) cannot share nodes between machines. There
//!   the node handed out is first *expanded*: every enabled choice that is
//!   neither asleep nor explored is planned, so every sequence a later race
//!   would plan there starts with a choice that is asleep, explored or
//!   handed out, and is redundant. Expanded branches no race asked for
//!   often have nothing of their own, and their parts end sleep-set
//!   blocked.
//!
//! Each part explores, with its own sleep sets, the traces none of its
//! sleepers excludes; the sleepers of the branches of one node partition
//! its traces, so no trace is explored twice and none is lost: a split
//! exploration has exactly the executions of a whole one. Deviations from
//! Optimal-DPOR, because a part never receives the sequences that races in
//! other subtrees would merge into its wakeup tree: every sleeper a part
//! starts with (`Sleeper::foreign`), also one its donor explored itself,
//! makes a sequence redundant only as one of its initials (Source-DPOR's
//! test; the weak initials test loses executions, tested: it counts on the
//! merges from the subtrees explored after that sleeper, the donor's
//! current branch among them, whose plans the frontier drops when their
//! initial is this part's branch), and a part plans the other
//! alternatives of each wakeup step it takes (`plan_alternatives`). A part
//! may therefore end sleep-set blocked (counted under `blocked`, never as
//! an execution), which a whole Optimal-DPOR exploration never does.
//!
//! Blocked executions that are legitimate: failed assumes and bounds (the
//! system says so), and in Source mode sleep-set blocking (every enabled
//! choice asleep), which Optimal-DPOR never has.

use crate::explorer::{Completion, Explorer};
use crate::footprint::{depends, ends_scoped_section, scoped_begin, Flushes};
use crate::summary::{Choice, Recorder};
use crate::trace::{Trace, Tracking};
use crate::unfold::{Stop, Unfolding};
use crate::wakeup::{weak_initial, Prefix, Step, WakeupTree, WuNode};
use crate::Config;
use smallvec::SmallVec;
use weft_core::{BlockReason, Event, Status, System};

/// Which DPOR algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Source,
    Optimal,
    /// The unfolding explorer (see `unfold`): alternatives checked against
    /// the `k - 1` newest sleepers (`None`: all, as Optimal), and cutoffs.
    Unfold {
        k: Option<u32>,
    },
}

impl Mode {
    /// Whether an alternative may be asleep when its turn comes (partial
    /// alternatives).
    fn partial(self) -> bool {
        matches!(self, Mode::Unfold { k: Some(_) })
    }
}

/// `--por source`: Source-DPOR.
pub struct Source {
    tracking: Tracking,
}

impl Explorer for Source {
    const NAME: &'static str = "source";
    const ABOUT: &'static str = "Source-DPOR: source sets and sleep sets.";

    fn new(cfg: &Config) -> Source {
        Source {
            tracking: Tracking::of(cfg),
        }
    }

    fn explore<S: System>(&mut self, init: S, rec: &mut Recorder) -> Completion {
        explore(init, self.tracking, rec, Mode::Source)
    }
}

/// `--por optimal`: Optimal-DPOR.
pub struct Optimal {
    tracking: Tracking,
}

impl Explorer for Optimal {
    const NAME: &'static str = "optimal";
    const ABOUT: &'static str =
        "Optimal-DPOR: wakeup trees and sleep sets; exactly one execution per Mazurkiewicz trace.";

    fn new(cfg: &Config) -> Optimal {
        Optimal {
            tracking: Tracking::of(cfg),
        }
    }

    fn explore<S: System>(&mut self, init: S, rec: &mut Recorder) -> Completion {
        explore(init, self.tracking, rec, Mode::Optimal)
    }
}

/// `--por unfold`: the unfolding with k-partial alternatives and cutoff
/// events (see `unfold`).
pub struct Unfold {
    tracking: Tracking,
    k: Option<u32>,
    cutoffs: bool,
}

impl Explorer for Unfold {
    const NAME: &'static str = "unfold";
    const ABOUT: &'static str =
        "Unfolding with k-partial alternatives (--unfold-k) and cutoff events: \
         terminates on programs that loop forever over finitely many states.";

    fn new(cfg: &Config) -> Unfold {
        Unfold {
            tracking: Tracking::of(cfg),
            k: cfg.unfold_k,
            cutoffs: cfg.cutoffs,
        }
    }

    fn explore<S: System>(&mut self, mut init: S, rec: &mut Recorder) -> Completion {
        if self.cutoffs {
            init.track_fingerprints();
            init.global_sections();
        }
        // Without fingerprints there are no deltas, hence no cutoffs.
        let unf = Unfolding::default();
        explore_with(
            init,
            self.tracking,
            rec,
            Mode::Unfold { k: self.k },
            Some(unf),
        )
    }
}

/// A choice known to be redundant at a node, with the event it would run.
#[derive(Clone, Debug)]
struct Sleeper {
    choice: Choice,
    ev: Event,
    /// The event ended the whole execution (a bug or exit right after it),
    /// so it conflicts with everything.
    terminal: bool,
    /// The sleeper came with the part (see "Splitting" above): it was
    /// explored by another part or before the part was handed out, and
    /// the races of the subtrees explored after it cannot merge sequences
    /// into this part's wakeup trees, so this sleeper makes a sequence
    /// redundant only when it is one of its initials (Source-DPOR's test),
    /// not when it merely commutes with all of it.
    foreign: bool,
}

/// A part of a split exploration (`-j`, `--shard`; see "Splitting" in the
/// module documentation): the subtree below `prefix`, explored from the
/// node at its end with the sleepers and wakeup tree that node would have
/// had in a whole exploration.
#[derive(Clone, Debug, Default)]
pub struct Part {
    /// The choices from the initial state to the part's root.
    pub prefix: Vec<Choice>,
    /// The sleepers of the node before the last step (those the last step
    /// wakes are dropped when the part starts).
    sleep: Vec<Sleeper>,
    /// What to explore first from the part's root.
    wut: WakeupTree,
    /// Plans are simulated before they are made (see `Dpor::checked`).
    checked: bool,
    /// For each node above the part's root, the [`Frontier`] node that
    /// takes the plans races make there, or `None` where no plan is needed
    /// (a node expanded when a shard's parts were handed out).
    upper: Vec<Option<usize>>,
}

impl Part {
    /// The whole exploration.
    pub fn whole() -> Part {
        Part::default()
    }
}

/// What a split run offers one part's exploration between executions.
pub(crate) trait Share {
    /// Whether to stop now: another part found a bug or hit a bound.
    fn stop(&self) -> bool;
    /// Whether the run wants more parts (a worker is idle).
    fn hungry(&self) -> bool;
    /// Claims the next execution under the run's bound
    /// (`--max-executions`, shared by all parts); false when none is left.
    fn claim(&self) -> bool;
    /// Takes parts handed out, in the order they would have been explored.
    fn give(&self, parts: Vec<Part>);
    /// The nodes above the parts' floors, which take the plans races make
    /// there (`-j`); `None` when parts are handed out from expanded nodes
    /// instead (a shard's plan, see "Splitting" in the module docs).
    fn frontier(&self) -> Option<&Frontier>;
}

/// The nodes of a split run (`-j`) above the floors of its parts, shared by
/// all workers: each keeps its sleepers and the branches taken from it so
/// far, so that a race found in any part below it can add a branch there,
/// as a whole exploration would, with Source-DPOR's test.
#[derive(Default)]
pub(crate) struct Frontier {
    nodes: std::sync::Mutex<Vec<UpperNode>>,
}

/// One node of the [`Frontier`].
struct UpperNode {
    /// The node's sleepers when its last owner handed it out.
    sleep: Vec<Sleeper>,
    /// Its branches, in the order they were taken or handed out: each is a
    /// sleeper of the parts of those after it. A branch is never added
    /// twice.
    branches: Vec<Sleeper>,
}

impl UpperNode {
    /// Whether `c` is a sleeper or a branch of the node.
    fn knows(&self, c: Choice) -> bool {
        self.sleep
            .iter()
            .chain(&self.branches)
            .any(|s| s.choice == c)
    }
}

/// Near the end of the execution, nodes whose depth is a multiple of this
/// keep a snapshot of the state.
const SNAPSHOT_EVERY: usize = 4;

/// Further from the end, snapshots are thinned so that about this many
/// remain per doubling of the distance to the end.
const SNAPSHOTS_PER_OCTAVE: usize = 32;

/// The spacing of the snapshots kept at `distance` nodes from the end of
/// the execution: a power of two, at least [`SNAPSHOT_EVERY`], at most
/// about `distance / SNAPSHOTS_PER_OCTAVE * 2`. Rebuilding the state of a
/// node at that distance replays fewer steps than that, a small fraction
/// of the steps that led past it.
fn snapshot_gap(distance: usize) -> usize {
    (distance / SNAPSHOTS_PER_OCTAVE)
        .next_power_of_two()
        .max(SNAPSHOT_EVERY)
}

/// Which nodes hold snapshots: their depths, in increasing order.
#[derive(Default)]
struct Snapshots {
    depths: Vec<usize>,
    /// The depth of the last thinning.
    thinned: usize,
}

/// The state before one event of the current execution.
struct Node<S> {
    /// A snapshot (see [`Snapshots`]).
    state: Option<Box<S>>,
    sleep: Vec<Sleeper>,
    /// What remains to explore from here (excluding `current`).
    wut: WakeupTree,
    /// The branch being explored, and the subtree to follow below it.
    current: Option<Choice>,
    below: WakeupTree,
    /// When the current branch opens an atomic section with a footprint
    /// (see `footprint`): the plans of the threads that executions ending
    /// inside it stopped (each with its `after`, see
    /// [`Dpor::analyse_terminal`]), kept until the branch is done.
    deferred: Vec<(Step, Vec<Step>)>,
    /// Some execution below the current branch ended inside the section
    /// it opens (not on an infeasible side).
    ended: bool,
    /// Some execution below the current branch got past the end of the
    /// section it opens.
    completed: bool,
}

impl<S> Node<S> {
    fn new(state: Option<Box<S>>, sleep: Vec<Sleeper>, wut: WakeupTree) -> Node<S> {
        Node {
            state,
            sleep,
            wut,
            current: None,
            below: WakeupTree::default(),
            deferred: Vec::new(),
            ended: false,
            completed: false,
        }
    }

    fn asleep(&self, c: Choice) -> bool {
        self.sleep.iter().any(|s| s.choice == c)
    }
}

/// How an execution ended.
enum End {
    /// A wakeup sequence named a thread that could not run (an anomaly,
    /// see the module documentation).
    Disabled,
    /// The system reached a final status.
    Done,
    /// Every enabled choice was asleep.
    SleepBlocked,
    /// A wakeup sequence asked a spin-blocked thread for one more
    /// iteration, which would repeat the last one: the plan was redundant.
    /// From then on plans are simulated before they are inserted, as after
    /// any spin block.
    SpinRepeat,
    /// Every thread that could run comes after a cutoff event (`unfold`).
    Cutoff,
    /// A wakeup sequence named a thread whose next event comes after a
    /// cutoff (`unfold`): plans are made only of events before cutoffs, so
    /// this breaks an invariant (counted as an anomaly).
    CutPlan,
}

struct Dpor<'r, 'c, S> {
    mode: Mode,
    nodes: Vec<Node<S>>,
    snapshots: Snapshots,
    trace: Trace,
    /// The state at the end of the current trace.
    cur: S,
    rec: &'r mut Recorder<'c>,
    buf: Vec<u32>,
    /// Position of the event after which the last execution ended.
    terminal: Option<usize>,
    /// Some execution had a spin-blocked thread: from then on every plan is
    /// simulated first, and plans that would need a spin-blocked thread to
    /// run (a redundant spin iteration) are dropped.
    checked: bool,
    /// The unfolding's events and cutoffs (`Mode::Unfold`).
    unf: Option<Unfolding>,
    /// The last free choice skipped a thread stopped by a cutoff.
    skipped_cut: bool,
    /// A data race was found while the system ran plain accesses as local
    /// steps (`--por unfold`): from then on what a program reads may
    /// depend on when racing local steps ran, not only on the events
    /// before, so a plan may meet a thread that cannot run or an event
    /// that is now a cutoff. Such an execution ends blocked (`after-race`),
    /// not as an anomaly; the verdict is already a bug.
    after_race: bool,
    /// Nodes above this depth belong to another part of a split
    /// exploration (see "Splitting" above): nothing is planned there and
    /// backtracking stops here. 0 in a whole exploration.
    floor: usize,
    /// The split run this part belongs to (`-j`, `--shard`), if any.
    share: Option<&'r dyn Share>,
    /// For each node above the floor, the [`Frontier`] node that takes the
    /// plans made there, if they are needed (see [`Part::upper`]).
    upper: Vec<Option<usize>>,
    /// Plans that run a waiter's unsignalled wake before the signal or
    /// broadcast that woke it in this execution (`unfold`, see
    /// [`Dpor::disabled_wakes`]), made when that event ran.
    wake_plans: Vec<(usize, Vec<Step>)>,
}

fn explore<S: System>(init: S, tracking: Tracking, rec: &mut Recorder, mode: Mode) -> Completion {
    explore_with(init, tracking, rec, mode, None)
}

fn explore_with<S: System>(
    init: S,
    tracking: Tracking,
    rec: &mut Recorder,
    mode: Mode,
    unf: Option<Unfolding>,
) -> Completion {
    explore_part(init, tracking, rec, mode, unf, Part::whole(), None)
}

/// Explores one part of a split exploration (see "Splitting" in the module
/// documentation): the subtree below `part`'s prefix, asking `share`
/// between executions whether to stop or to hand out more parts.
pub(crate) fn explore_part<S: System>(
    init: S,
    tracking: Tracking,
    rec: &mut Recorder,
    mode: Mode,
    unf: Option<Unfolding>,
    part: Part,
    share: Option<&dyn Share>,
) -> Completion {
    let mut d = Dpor {
        mode,
        nodes: vec![Node::new(
            Some(Box::new(init.clone())),
            Vec::new(),
            WakeupTree::default(),
        )],
        snapshots: Snapshots {
            depths: vec![0],
            thinned: 0,
        },
        trace: Trace::new(tracking),
        cur: init,
        rec,
        buf: Vec::new(),
        terminal: None,
        checked: false,
        unf,
        skipped_cut: false,
        after_race: false,
        floor: 0,
        share,
        upper: Vec::new(),
        wake_plans: Vec::new(),
    };
    let Some(mut first_new) = d.start(part) else {
        d.rec.anomaly(|a| &mut a.disabled_wakeup);
        d.cur.part_done();
        return Completion::Stopped;
    };
    let done = loop {
        if d.share.is_some_and(|s| !s.claim()) {
            break Completion::Stopped;
        }
        let end = d.extend();
        if d.trace.blocked_section {
            d.rec.unexplored(weft_core::LimitKind::BlockedSection);
        }
        if !d.record(end) {
            break Completion::Stopped;
        }
        d.analyse(first_new);
        if let Some(share) = d.share {
            if share.stop() {
                break Completion::Stopped;
            }
            if share.hungry() {
                let parts = d.donate();
                if !parts.is_empty() {
                    share.give(parts);
                }
            }
        }
        match d.backtrack() {
            Some(depth) => first_new = depth,
            None => break Completion::Exhausted,
        }
    };
    if let Some(u) = &d.unf {
        d.rec.unfold_stats(u.stats);
    }
    d.cur.part_done();
    if done == Completion::Stopped && d.rec.over() {
        // The whole run stops at a deadline, an interrupt or the memory
        // bound, and the process reports and exits right after: the nodes'
        // snapshots are left to it. Dropping them one by one took 4 of the
        // 34 s of a `--timeout 30` run whose every snapshot held 10,000
        // threads (a program that creates threads forever).
        std::mem::forget(std::mem::take(&mut d.nodes));
    }
    done
}

/// The sleepers of the node after the trace's last event: those of the
/// node before it (`sleep`) that its event does not wake.
fn inherit(sleep: &[Sleeper], trace: &Trace) -> Vec<Sleeper> {
    let n = trace.len();
    let ev = &trace.entries[n - 1].ev;
    let flushes = Flushes {
        before_earlier: &|o, s| trace.flushed_before(o, s, n - 1),
        before_later: &|o, s| trace.flushed_before(o, s, n),
    };
    sleep
        .iter()
        .filter(|q| !q.terminal && !depends(ev, &q.ev, &flushes))
        .cloned()
        .collect()
}

impl<S: System> Dpor<'_, '_, S> {
    /// Runs `part`'s prefix and makes its last node the root of this
    /// exploration: the floor, with the part's sleepers (those its last
    /// step does not wake) and wakeup tree. Returns the first position of
    /// the trace whose races are this part's to reverse (its first step's),
    /// or `None` if the
    /// prefix cannot run (an anomaly: replays are deterministic).
    fn start(&mut self, part: Part) -> Option<usize> {
        let Part {
            prefix,
            sleep,
            wut,
            checked,
            upper,
        } = part;
        debug_assert_eq!(upper.len(), prefix.len(), "a part's upper nodes");
        self.upper = upper;
        if prefix.is_empty() {
            return Some(0);
        }
        for &c in &prefix {
            let d = self.nodes.len() - 1;
            if !self.cur.status().is_running() || !self.cur.is_enabled(c.0) {
                debug_assert!(false, "the prefix of a part does not replay at {d}");
                return None;
            }
            self.nodes[d].current = Some(c);
            let race = self.run_step(c);
            self.nodes
                .push(Node::new(None, Vec::new(), WakeupTree::default()));
            if let Some(bug) = race {
                self.note_race(bug);
            }
        }
        let f = prefix.len();
        let node = &mut self.nodes[f];
        node.sleep = inherit(&sleep, &self.trace);
        // Every sleeper of a part is foreign, also those its donor explored
        // itself: a whole exploration rejects a sequence that a sleeper is
        // a weak initial of because races in the subtrees explored after
        // that sleeper merge the rest into this subtree's wakeup tree. One
        // of those subtrees is the donor's current branch, whose plans
        // reach this part's nodes only through the frontier, which drops
        // them (their initial, this part's branch, is known there).
        for q in &mut node.sleep {
            q.foreign = true;
        }
        node.wut = wut;
        node.state = Some(Box::new(self.cur.clone()));
        self.snapshots.depths.push(f);
        self.floor = f;
        self.checked = checked;
        // The races of the part's first step are its own to send up (a
        // whole exploration analyses them when it takes that branch).
        Some(f - 1)
    }

    /// Runs `c` and adds its event (and the local accesses that followed
    /// it) to the trace; returns the data race it completes, if any.
    fn run_step(&mut self, c: Choice) -> Option<weft_core::Bug> {
        let ev = self.cur.step(c.0, c.1);
        let race = self.trace.push(ev, c);
        race.or(self.trace.push_local(self.cur.local_accesses()))
    }

    /// Records a data race found in the current execution.
    fn note_race(&mut self, bug: weft_core::Bug) {
        let (trace, cur) = (&self.trace, &self.cur);
        self.rec.note(bug, |bug| {
            trace.finding(bug, cur.output()).with_inputs(cur.inputs())
        });
    }

    /// Runs the current execution to its end from the last node.
    fn extend(&mut self) -> End {
        loop {
            let d = self.nodes.len() - 1;
            if self.nodes[d].current.is_none() {
                if !self.cur.status().is_running() {
                    return End::Done;
                }
                if !self.choose(d) {
                    if self.skipped_cut {
                        return End::Cutoff;
                    }
                    return End::SleepBlocked;
                }
            }
            let choice = self.nodes[d].current.expect("chosen");
            if self.planned_after_cutoff(choice.0) && !self.uncut(choice.0) {
                return End::CutPlan;
            }
            if !self.cur.is_enabled(choice.0) {
                if self.cur.spin_blocked(choice.0) {
                    return End::SpinRepeat;
                }
                return End::Disabled;
            }
            self.snapshot(d);
            self.rec.event();
            let wakes = self.disabled_wakes(choice.0);
            let race = self.run_step(choice);
            for (i, v) in wakes {
                let t = v.last().expect("a wake plan ends with the wake").choice.0;
                let woken = self.cur.next_event(t).is_some_and(|e| {
                    matches!(e.kind, weft_core::EventKind::CondWake { how, .. } if how.signalled())
                });
                if woken {
                    self.wake_plans.push((i, v));
                }
            }
            if let Some(u) = &mut self.unf {
                // A state whose execution ended (a bug, a failed assume, an
                // infeasible branch) has no future: it is no cutoff's
                // witness, although its fingerprint (which leaves the
                // status out) may equal a live state's.
                let live = self.cur.status().is_running();
                u.push(&self.trace, self.cur.step_delta().filter(|_| live));
            }
            let node = &mut self.nodes[d];
            let sleep = inherit(&node.sleep, &self.trace);
            let below = std::mem::take(&mut node.below);
            self.nodes.push(Node::new(None, sleep, below));
            if let Some(bug) = race {
                self.after_race |= self.cur.plain_accesses_local();
                self.note_race(bug);
                if self.rec.stopping() {
                    return End::Done;
                }
            }
        }
    }

    /// With `--por unfold`, before thread `tid` runs a signal or broadcast:
    /// the plans that would run each other thread's unsignalled wake (a
    /// spurious wake, a timeout) on that condition variable first.
    /// Once the signal wakes a waiter, its pending event is the signalled
    /// wake, and no race of the trace leads back to the unsignalled one:
    /// the signal disables it. So its reversals are made here, against the
    /// trace as it is before the signal: the races the unsignalled wake
    /// would have if it ran now (as for a pending event), and the signal
    /// itself (the wake goes first). The caller keeps only those of the
    /// threads the signal woke. Optimal-DPOR reaches such wakes through
    /// races of other executions (the differential tests find none
    /// missed), which unfold's cutoffs may stop (README, known limits).
    fn disabled_wakes(&self, tid: u32) -> Vec<(usize, Vec<Step>)> {
        if !matches!(self.mode, Mode::Unfold { .. }) {
            return Vec::new();
        }
        let cond = match self.cur.next_event(tid).map(|e| &e.kind) {
            Some(
                weft_core::EventKind::Signal { cond, .. }
                | weft_core::EventKind::Broadcast { cond, .. },
            ) => *cond,
            _ => return Vec::new(),
        };
        let n = self.trace.len();
        let mut out = Vec::new();
        for t in (0..self.cur.thread_count() as u32).filter(|&t| t != tid) {
            let Some(ev) = self.cur.next_event(t) else {
                continue;
            };
            let unsignalled = matches!(
                ev.kind,
                weft_core::EventKind::CondWake { cond: c, how, .. } if c == cond && !how.signalled()
            );
            // It may wait for the mutex too (held around the signal):
            // its races then put it before that critical section. A plan
            // that cannot run (no spurious wakes, `--no-spurious-wakeups`)
            // is dropped when it is simulated (`plan_checked`).
            if !unsignalled {
                continue;
            }
            let mut ev = ev.clone();
            self.trace.classify(&mut ev, n);
            for alt in 0..self.cur.alternatives(t) {
                let wake = Step {
                    choice: (t, alt),
                    ev: ev.clone(),
                };
                out.extend(self.pending_plans(&wake));
                out.push((n, vec![wake]));
            }
        }
        out
    }

    /// Whether `tid`, about to run the current node's planned step, comes
    /// after a cutoff (`unfold`).
    fn planned_after_cutoff(&self, tid: u32) -> bool {
        let Some(u) = self.unf.as_ref().filter(|u| u.has_cuts()) else {
            return false;
        };
        let Some(ev) = self.cur.next_event(tid) else {
            return false;
        };
        let mut ev = ev.clone();
        self.trace.classify(&mut ev, self.trace.len());
        u.stopped(&self.trace, tid, &ev)
    }

    /// Drops the cutoffs that stop the planned next event of thread `tid`
    /// (see `Unfolding::uncut`); false if they are not to be dropped.
    fn uncut(&mut self, tid: u32) -> bool {
        let (Some(u), Some(ev)) = (self.unf.as_mut(), self.cur.next_event(tid)) else {
            return false;
        };
        let mut ev = ev.clone();
        self.trace.classify(&mut ev, self.trace.len());
        u.uncut(&self.trace, tid, &ev)
    }

    /// Picks the branch to explore at node `d`: the first wakeup-tree
    /// child, or else the first enabled choice not asleep.
    fn choose(&mut self, d: usize) -> bool {
        if let Some((step, below)) = self.pop_awake(d) {
            if self.floor > 0 {
                self.plan_alternatives(d, &step);
            }
            let node = &mut self.nodes[d];
            node.current = Some(step.choice);
            node.below = below;
            return true;
        }
        let node = &mut self.nodes[d];
        self.cur.enabled(&mut self.buf);
        self.skipped_cut = false;
        for &t in &self.buf {
            let alts = self.cur.alternatives(t);
            if (0..alts).all(|a| node.asleep((t, a))) {
                continue;
            }
            let mut ev = self
                .cur
                .next_event(t)
                .expect("enabled thread has an event")
                .clone();
            self.trace.classify(&mut ev, d);
            if let Some(u) = &self.unf {
                if u.stopped(&self.trace, t, &ev) {
                    self.skipped_cut = true;
                    continue;
                }
            }
            // The first awake alternative runs; the others wait in the
            // (empty) wakeup tree.
            let awake: SmallVec<[u32; 2]> = (0..alts).filter(|&a| !node.asleep((t, a))).collect();
            let first = awake[0];
            for &a in &awake[1..] {
                let step = Step {
                    choice: (t, a),
                    ev: ev.clone(),
                };
                node.wut.children.push(WuNode {
                    step,
                    children: Vec::new(),
                });
            }
            node.current = Some((t, first));
            node.below = WakeupTree::default();
            return true;
        }
        false
    }

    /// In a part of a split exploration, plans at node `d` the other
    /// alternatives of the wakeup step about to run there (the other sides
    /// of a branch on an input, the other waiters a signal may wake), as a
    /// free choice does. A whole exploration plans them when sequences
    /// raced in other subtrees are merged here; a part never receives
    /// those (see "Splitting" above).
    fn plan_alternatives(&mut self, d: usize, step: &Step) {
        let (t, chosen) = step.choice;
        let node = &mut self.nodes[d];
        for alt in (0..self.cur.alternatives(t)).filter(|&a| a != chosen) {
            let c = (t, alt);
            let planned = node.wut.children.iter().any(|w| w.step.choice == c);
            if !planned && !node.asleep(c) {
                node.wut.children.push(WuNode {
                    step: Step {
                        choice: c,
                        ev: step.ev.clone(),
                    },
                    children: Vec::new(),
                });
            }
        }
    }

    /// Counts the execution; false when exploration must stop.
    fn record(&mut self, end: End) -> bool {
        match end {
            End::Done => {}
            End::SleepBlocked => return self.rec.blocked("sleep-set"),
            End::Disabled | End::CutPlan if self.after_race => {
                return self.rec.blocked("after-race");
            }
            End::Disabled => {
                let d = self.nodes.len() - 1;
                debug_assert!(
                    false,
                    "{:?}-DPOR: wakeup step {:?} of node {d} is disabled",
                    self.mode, self.nodes[d].current
                );
                return self.rec.anomaly(|a| &mut a.disabled_wakeup);
            }
            End::SpinRepeat => {
                self.checked = true;
                return true;
            }
            End::Cutoff => return self.rec.blocked("cutoff"),
            End::CutPlan => {
                debug_assert!(false, "a wakeup step comes after a cutoff");
                return self.rec.anomaly(|a| &mut a.disabled_wakeup);
            }
        }
        let (trace, cur) = (&self.trace, &self.cur);
        self.rec.finish(cur, |bug| {
            trace.finding(bug, cur.output()).with_inputs(cur.inputs())
        })
    }

    /// Plans the reversal of every race whose later event is new, of the
    /// races that blocked or cut-off threads' pending events would have, and
    /// of the final step when it ended the program for everyone.
    fn analyse(&mut self, first_new: usize) {
        self.checked |= self.cur.spun();
        for (i, v) in std::mem::take(&mut self.wake_plans) {
            let last = v.last().expect("a wake plan ends with the wake");
            if self.takes_plans(i) && !self.cut_at(last.choice.0, &last.ev, i) {
                self.plan_checked(i, v, &[]);
            }
        }
        self.analyse_executed(first_new);
        self.analyse_pending();
        self.note_sections(first_new);
        self.analyse_terminal();
    }

    /// Marks the nodes whose current branch opens an atomic section with a
    /// footprint that this execution got past (see [`Node::completed`]:
    /// an event followed its end): the section open before the first new
    /// event, and those opened after.
    fn note_sections(&mut self, first_new: usize) {
        let n = self.trace.len();
        let open_before = first_new
            .checked_sub(1)
            .and_then(|i| self.trace.open_section(i));
        let scoped = |i: &usize| scoped_begin(&self.trace.entries[*i].ev);
        let begins: SmallVec<[usize; 4]> = open_before
            .into_iter()
            .chain(first_new..n)
            .filter(scoped)
            .collect();
        for i in begins {
            // The section's events are contiguous: its end is the first
            // event after `i` outside it. Got past it: some event follows.
            let end = (i + 1..n).find(|&j| self.trace.open_section(j) != Some(i));
            if end.is_some_and(|e| e + 1 < n) {
                self.nodes[i].completed = true;
            }
        }
    }

    /// Whether running `ev` of thread `tid` just before position `i`
    /// would run it after a cutoff (`unfold`, see `Unfolding::stop_at`):
    /// such a plan only explores beyond the cutoff, and is not made.
    fn cut_at(&self, tid: u32, ev: &Event, i: usize) -> bool {
        self.unf
            .as_ref()
            .is_some_and(|u| u.stop_at(&self.trace, tid, ev, i) != Stop::Free)
    }

    /// Plans `v` at node `i` (through the [`Frontier`] above the floor).
    fn plan(&mut self, i: usize, mut v: Vec<Step>) {
        // A checked plan simulates steps: none once the run is over.
        if self.checked && self.rec.over() {
            return;
        }
        let ran = self.settle_reversal(i, &mut v);
        if i < self.floor {
            return self.plan_above(i, v, false);
        }
        if self.checked && !ran.unwrap_or_else(|| self.runnable(i, &v)) {
            return;
        }
        self.plan_unchecked(i, v, &[]);
    }

    /// Plans `v` at node `i`, at or below the floor. `after`: the steps
    /// that follow `v` in the order it plans (see
    /// [`Dpor::insert_optimal`]).
    fn plan_unchecked(&mut self, i: usize, v: Vec<Step>, after: &[Step]) {
        debug_assert!(i >= self.floor, "a plan above the floor of a part");
        match self.mode {
            Mode::Optimal => self.insert_optimal(i, v, None, after),
            Mode::Unfold { k } => self.insert_optimal(i, v, k, after),
            Mode::Source => self.insert_source(i, &v),
        }
    }

    /// Whether a plan at node `i` may be needed: `i` is at or below the
    /// floor, or a [`Frontier`] node takes it.
    fn takes_plans(&self, i: usize) -> bool {
        i >= self.floor || self.upper[i].is_some()
    }

    /// Plans `v` at node `i` above the floor, which the [`Frontier`] keeps
    /// (see "Splitting" in the module documentation): unless one of `v`'s
    /// initials is a sleeper or a branch of that node already, its first
    /// initial becomes a new branch there, and a new part that another
    /// worker explores. `check`: `v` may not be runnable (see
    /// [`Dpor::plan_checked`]).
    fn plan_above(&mut self, i: usize, v: Vec<Step>, check: bool) {
        let (Some(id), Some(share)) = (self.upper[i], self.share) else {
            return;
        };
        let Some(frontier) = share.frontier() else {
            debug_assert!(false, "a frontier node without a frontier");
            return;
        };
        let initials = self.initials(i, &v);
        let known = |node: &UpperNode| initials.iter().any(|&k| node.knows(v[k].choice));
        if known(&frontier.nodes.lock().expect("no worker panics")[id]) {
            return;
        }
        // Most plans name a known branch: only one that adds a branch
        // needs the node's state, rebuilt outside the lock.
        let s = self.state_at(i);
        if (check || self.checked) && !runs(s.clone(), &v) {
            return;
        }
        let choice = v[initials[0]].choice;
        let (ev, terminal) = self.branch_at(&s, i, choice);
        let mut nodes = frontier.nodes.lock().expect("no worker panics");
        let node = &mut nodes[id];
        if known(node) {
            // Another part added it meanwhile.
            return;
        }
        let mut sleep = node.sleep.clone();
        sleep.extend(node.branches.iter().cloned());
        node.branches.push(Sleeper {
            choice,
            ev,
            terminal,
            foreign: true,
        });
        drop(nodes);
        let mut prefix: Vec<Choice> = self.trace.entries[..i].iter().map(|e| e.choice).collect();
        prefix.push(choice);
        share.give(vec![Part {
            prefix,
            sleep,
            wut: WakeupTree::default(),
            checked: self.checked,
            upper: self.upper[..=i].to_vec(),
        }]);
    }

    /// Plans `v` from node `i` only if it can actually run there (used for
    /// sequences built from pending events, which may be blocked). `after`:
    /// see [`Dpor::insert_optimal`].
    fn plan_checked(&mut self, i: usize, mut v: Vec<Step>, after: &[Step]) {
        // It simulates steps: none once the run is over (thousands of
        // simulations, each stopped at once, took seconds past the
        // deadline on a program that creates threads forever).
        if self.rec.over() {
            return;
        }
        let ran = self.settle(i, &mut v);
        if ran == Some(false) {
            return;
        }
        if i < self.floor {
            return self.plan_above(i, v, ran.is_none());
        }
        if ran.unwrap_or_else(|| self.runnable(i, &v)) {
            self.plan_unchecked(i, v, after);
        }
    }

    /// Whether `v` can run from node `i`.
    fn runnable(&self, i: usize, v: &[Step]) -> bool {
        runs(self.state_at(i), v)
    }

    /// Makes the event of `v`'s last step the one it runs at the end of
    /// `v` planned at node `i`, when that can differ from the recorded one
    /// in kind: a compare-and-swap or a `trylock`, recorded where it came
    /// after the event it races with (or pending, before its outcome is
    /// known), may succeed (a write) where it failed (a read), or the
    /// other way round. The wakeup tree and the weak-initial tests must see
    /// the event that runs there: a stale read placed as a branch of its
    /// own beside a sleeper it in fact commutes with loses executions
    /// (`tests/programs/cas_reversal_flips_outcome.c`). Only the last
    /// step can differ: the others do not depend on the event `v` moves
    /// them before. `None` when nothing was run (the step cannot change);
    /// otherwise whether `v` runs from node `i`.
    fn settle(&self, i: usize, v: &mut [Step]) -> Option<bool> {
        let (last, init) = v.split_last_mut()?;
        if !matches!(
            last.ev.kind,
            weft_core::EventKind::CmpXchg { .. } | weft_core::EventKind::TryLock { .. }
        ) {
            return None;
        }
        let mut s = self.state_at(i);
        if !runs_on(&mut s, init) || !s.status().is_running() || !s.is_enabled(last.choice.0) {
            return Some(false);
        }
        let ev = s.step(last.choice.0, last.choice.1);
        debug_assert!(
            ev.tid == last.ev.tid
                && std::mem::discriminant(&ev.kind) == std::mem::discriminant(&last.ev.kind),
            "a settled step runs another event: {:?} for {:?}",
            ev,
            last.ev
        );
        last.ev = ev;
        Some(true)
    }

    /// [`Dpor::settle`] for a reversal `v` of the race of node `i`'s event
    /// with `v`'s last step: nothing to do when that event cannot change
    /// the step's outcome, and no run when the outcome follows from the
    /// values compared ([`swap_outcome_before`]).
    fn settle_reversal(&self, i: usize, v: &mut [Step]) -> Option<bool> {
        let moved = &self.trace.entries[i].ev;
        let last = v.last_mut()?;
        if !may_change_outcome(moved, &last.ev) {
            return None;
        }
        if !swap_outcome_before(moved, &mut last.ev) {
            return self.settle(i, v);
        }
        debug_assert!(
            {
                let mut sim = v.to_vec();
                self.settle(i, &mut sim);
                sim.last().map(|s| &s.ev.kind) == v.last().map(|s| &s.ev.kind)
            },
            "a compare-and-swap's outcome told from values differs from the run"
        );
        None
    }

    fn steps(&self, idx: &[usize]) -> Vec<Step> {
        idx.iter()
            .map(|&k| {
                let e = &self.trace.entries[k];
                Step {
                    choice: e.choice,
                    ev: e.ev.clone(),
                }
            })
            .collect()
    }

    /// Pending events of threads that did not get to run them.
    fn analyse_pending(&mut self) {
        let last = &self.cur;
        let mut pending = Vec::new();
        for t in 0..last.thread_count() as u32 {
            let Some(ev) = last.next_event(t) else {
                continue;
            };
            if waits_for_enabler(last, t, ev) {
                continue;
            }
            let mut ev = ev.clone();
            self.trace.classify(&mut ev, self.trace.len());
            for a in 0..last.alternatives(t) {
                pending.push(Step {
                    choice: (t, a),
                    ev: ev.clone(),
                });
            }
        }
        // A choice still asleep at the end was explored before, from a node
        // above, with the same event (no event since conflicts with it):
        // that execution saw its races with the events before that node,
        // and no later event conflicts with it. A sleep-set blocked
        // execution (Source-DPOR, parts of a split run) ends with only
        // such choices enabled.
        let end = self.nodes.last().expect("the root node");
        if self.unf.is_none() {
            pending.retain(|p| !end.asleep(p.choice));
        }
        for p in pending {
            if let Some(u) = &self.unf {
                match u.stop(&self.trace, p.choice.0, &p.ev) {
                    Stop::Free => {}
                    Stop::Dead => continue,
                    Stop::By(cuts) => {
                        // The configurations where it runs leave out every
                        // cutoff it depends on (and what comes after them):
                        // plan it where the first one was, or earlier, where
                        // one of its races asks it to go.
                        let trace = &self.trace;
                        let mut at: Vec<usize> = trace
                            .pending_races(&p.ev)
                            .iter()
                            .map(|&i| i as usize)
                            .filter(|&i| i < cuts[0])
                            .collect();
                        at.push(cuts[0]);
                        // An execution that ended stopped everyone with its
                        // last event: leave that out too.
                        let end = self.trace.len() - !self.cur.status().is_running() as usize;
                        for i in at {
                            let trace = &self.trace;
                            let out =
                                |k: usize| trace.hb(i, k) || cuts.iter().any(|&c| trace.hb(c, k));
                            let kept: Vec<usize> = (i + 1..end).filter(|&k| !out(k)).collect();
                            let mut v = self.steps(&kept);
                            v.push(p.clone());
                            self.plan_checked(i, v, &[]);
                        }
                        continue;
                    }
                }
            }
            for (i, v) in self.pending_plans(&p) {
                self.plan_checked(i, v, &[]);
            }
        }
    }

    /// The plans that run pending step `p` (not executed) before each event
    /// it would race with if it ran after the trace so far:
    /// `notdep(e_i, E).p` at each race `i` whose node takes plans.
    fn pending_plans(&self, p: &Step) -> Vec<(usize, Vec<Step>)> {
        let n = self.trace.len();
        let races = self.trace.pending_races(&p.ev).into_iter();
        races
            .map(|i| i as usize)
            .filter(|&i| self.takes_plans(i))
            .map(|i| {
                let mut v = self.steps(&self.trace.notdep(i, n));
                v.push(p.clone());
                (i, v)
            })
            .collect()
    }

    /// An execution that ended (exit, bug, failed assume, bound) stopped
    /// every other thread: let each one that could run go first instead.
    /// When it ended inside an atomic section, the others could only have
    /// gone before the section.
    fn analyse_terminal(&mut self) {
        self.terminal = None;
        let n = self.trace.len();
        let ended = !self.cur.status().is_running();
        if n == 0 || !ended {
            return;
        }
        let last_tid = self.trace.entries[n - 1].ev.tid;
        let mut at = self.trace.open_section(n - 1).unwrap_or(n - 1);
        // Ended right after the end of a section with a footprint: the
        // others could not run before that end either, and the section
        // (its begin) is the step that ended the execution.
        if at == n - 1 && n >= 2 && ends_scoped_section(&self.trace.entries[n - 1].ev) {
            at = self.trace.open_section(n - 2).unwrap_or(at);
        }
        if !self.takes_plans(at) {
            return;
        }
        // Inside a section with a footprint, its begin stands for the whole
        // section (see `footprint`), so the end is the begin's: an event
        // that ends some executions and not others (by the side a branch
        // inside takes). Once every side is known (`resolve_section`), the
        // plans are made if no side got past the section, as for a
        // single event that ended the execution; otherwise they are
        // dropped: the threads then run after the section in the other
        // executions, whose races with it plan what must go before it, and
        // what ends early after other threads' independent steps ends the
        // same way (an early end has no memory outcome). A side that is
        // infeasible (a branch on inputs the path excludes) is no end at
        // all.
        let scoped = at < n - 1 && at >= self.floor && scoped_begin(&self.trace.entries[at].ev);
        if scoped && matches!(self.cur.status(), Status::Blocked(BlockReason::Infeasible)) {
            return;
        }
        let state = &self.state_at(at);
        let mut steps = Vec::new();
        for t in (0..state.thread_count() as u32).filter(|&t| t != last_tid && state.is_enabled(t))
        {
            let mut ev = state.next_event(t).expect("enabled").clone();
            self.trace.classify(&mut ev, at);
            if self.cut_at(t, &ev, at) {
                continue;
            }
            for a in 0..state.alternatives(t) {
                steps.push(Step {
                    choice: (t, a),
                    ev: ev.clone(),
                });
            }
        }
        if !steps.is_empty() && at == n - 1 {
            self.terminal = Some(n - 1);
        }
        // Each plan stands for the executions in which its thread goes
        // before the section and the event that ended this one. A sleeper
        // that commutes with the plan's step but not with that end is no
        // reason to drop it: an execution that starts with the sleeper
        // need not end early there, and one that ends early never runs
        // the sleeper, so no race with it can plan the rest later (the
        // classic argument for weak initials assumes every execution runs
        // it eventually).
        if scoped && !steps.is_empty() {
            self.nodes[at].ended = true;
        }
        let after = self.steps(&(at..n).collect::<Vec<_>>());
        for s in steps {
            if scoped {
                self.nodes[at].deferred.push((s, after.clone()));
            } else {
                self.plan_checked(at, vec![s], &after);
            }
        }
    }

    /// Settles the plans deferred at node `d` (see `analyse_terminal`)
    /// once its current branch is done: makes them unless some execution
    /// got past the section, and returns whether the branch, as a sleeper,
    /// is terminal (executions ended inside its section, none got past).
    /// `force`: the node stops being this exploration's (it is handed out)
    /// while the branch is still explored, so the plans are made now,
    /// whatever the rest of the branch does.
    fn resolve_section(&mut self, d: usize, force: bool) -> bool {
        let node = &mut self.nodes[d];
        if !node.ended && node.deferred.is_empty() {
            node.completed = false;
            return false;
        }
        let deferred = std::mem::take(&mut node.deferred);
        let terminal = if force {
            false
        } else {
            let completed = std::mem::take(&mut node.completed);
            std::mem::take(&mut node.ended) && !completed
        };
        if force || terminal {
            for (s, after) in deferred {
                self.plan_checked(d, vec![s], &after);
            }
        }
        terminal
    }

    fn analyse_executed(&mut self, first_new: usize) {
        for j in first_new..self.trace.len() {
            for r in 0..self.trace.entries[j].races.len() {
                let i = self.trace.entries[j].races[r] as usize;
                if !self.takes_plans(i) {
                    continue;
                }
                let v = self.steps(&self.trace.reversal(i, j));
                self.plan(i, v);
            }
        }
    }

    /// Inserts `v` into node `i`'s wakeup tree unless a sleeper is a weak
    /// initial of it. `k`: only the `k - 1` newest sleepers are checked (a
    /// k-partial alternative: `v` conflicts with the node's current event
    /// by construction), besides any that is `v`'s first step; `None`: all of them.
    ///
    /// `after`: steps that come after `v` in the order `v` stands for (the
    /// steps up to the end of an execution that ended early, see
    /// [`Dpor::analyse_terminal`]); a sleeper is a weak initial only if it
    /// also commutes with them.
    fn insert_optimal(&mut self, i: usize, v: Vec<Step>, k: Option<u32>, after: &[Step]) {
        let trace = &self.trace;
        let flushed = |o, s| trace.flushed_before(o, s, i);
        let mut prefix = Prefix::new(&flushed);
        let node = &mut self.nodes[i];
        let whole: Vec<Step>;
        let extended = if after.is_empty() {
            &v
        } else {
            whole = v.iter().chain(after).cloned().collect();
            &whole
        };
        let redundant = |s: &Sleeper| match s.foreign {
            false => weak_initial(&prefix, s.choice, &s.ev, extended).is_some(),
            true => matches!(weak_initial(&prefix, s.choice, &s.ev, &v), Some(Some(_))),
        };
        let newest = match k {
            Some(k) => node
                .sleep
                .len()
                .saturating_sub(k.saturating_sub(1) as usize),
            None => 0,
        };
        // A terminal sleeper ended the execution right after it: it
        // conflicts with every event, so it is a weak initial of `v` only
        // when it is `v`'s first step, which the test below covers.
        let checked = |(n, s): (usize, &Sleeper)| !s.terminal && n >= newest && redundant(s);
        // A sequence that starts with a sleeper (of any kind) is skipped
        // when its turn comes, with its subtree, so it is never inserted. A
        // k-partial alternative (which checks only some sleepers) used to
        // be: it then became a leaf that absorbed later sequences it is a
        // weak initial of, and they were skipped with it and lost.
        if node.asleep(v[0].choice) || node.sleep.iter().enumerate().any(checked) {
            return;
        }
        node.wut.insert(&mut prefix, v);
        if let Some(u) = &mut self.unf {
            u.stats.alternatives += 1;
        }
    }

    /// The initials of `v` planned at node `i`: the steps (by index) that
    /// no earlier step of `v` happens before, first of their thread in it.
    fn initials(&self, i: usize, v: &[Step]) -> SmallVec<[usize; 4]> {
        let trace = &self.trace;
        let flushed = |o, s| trace.flushed_before(o, s, i);
        let prefix = Prefix::new(&flushed);
        (0..v.len())
            .filter(|&k| {
                let s = &v[k];
                let first = v.iter().position(|x| x.choice.0 == s.choice.0) == Some(k);
                first && (0..k).all(|j| !prefix.depends(&v[..j], &v[..k], &v[j].ev, &s.ev))
            })
            .collect()
    }

    fn insert_source(&mut self, i: usize, v: &[Step]) {
        let initials: SmallVec<[&Step; 4]> =
            self.initials(i, v).into_iter().map(|k| &v[k]).collect();
        let node = &mut self.nodes[i];
        let planned = |c: Choice| {
            node.asleep(c)
                || node.current == Some(c)
                || node.wut.children.iter().any(|n| n.step.choice == c)
        };
        if initials.iter().any(|s| planned(s.choice)) {
            return;
        }
        let step = initials[0].clone();
        node.wut.children.push(WuNode {
            step,
            children: Vec::new(),
        });
    }

    /// Keeps a snapshot of the current state (at node `d`, about to step)
    /// if `d` has branches left or its depth is a multiple of
    /// [`SNAPSHOT_EVERY`]; now and then thins the snapshots far from `d`.
    fn snapshot(&mut self, d: usize) {
        let node = &mut self.nodes[d];
        if node.state.is_none() && (d.is_multiple_of(SNAPSHOT_EVERY) || !node.wut.is_empty()) {
            node.state = Some(Box::new(self.cur.clone()));
            self.snapshots.depths.push(d);
        }
        let snaps = &mut self.snapshots;
        // Thin after a number of steps proportional to the snapshots kept,
        // so that thinning costs O(1) per step.
        if d >= snaps.thinned + snaps.depths.len().max(SNAPSHOTS_PER_OCTAVE) {
            snaps.thinned = d;
            let (nodes, floor) = (&mut self.nodes, self.floor);
            snaps.depths.retain(|&a| {
                let keep = a == 0
                    || a == floor
                    || !nodes[a].wut.is_empty()
                    || a.is_multiple_of(snapshot_gap(d - a));
                if !keep {
                    nodes[a].state = None;
                }
                keep
            });
        }
    }

    /// The state at node `i`: its snapshot, or the nearest earlier one
    /// replayed forward along the trace.
    fn state_at(&self, i: usize) -> S {
        let depths = &self.snapshots.depths;
        let a = depths[depths.partition_point(|&a| a <= i) - 1];
        let mut s = S::clone(self.nodes[a].state.as_ref().expect("snapshot"));
        for e in &self.trace.entries[a..i] {
            s.step(e.choice.0, e.choice.1);
        }
        s
    }

    /// Removes node `d`'s first wakeup-tree child, with its subtree. An
    /// asleep child breaks an invariant (see the module documentation): it
    /// is counted and skipped.
    fn pop_awake(&mut self, d: usize) -> Option<(Step, WakeupTree)> {
        let node = &mut self.nodes[d];
        while let Some((step, below)) = node.wut.pop_first() {
            if !node.asleep(step.choice) {
                return Some((step, below));
            }
            // A partial alternative may turn out redundant; so may, once
            // cutoffs stop threads, a complete one (a thread planned
            // before several cutoffs at once is not a race reversal).
            if self.mode.partial()
                || self.after_race
                || self.unf.as_ref().is_some_and(|u| u.stats.cutoffs > 0)
            {
                continue;
            }
            debug_assert!(
                false,
                "{:?}-DPOR: wakeup-tree child {step:?} of node {d} is asleep",
                self.mode
            );
            self.rec.anomaly(|a| &mut a.asleep_child);
        }
        None
    }

    /// Moves to the deepest node with something left to explore.
    fn backtrack(&mut self) -> Option<usize> {
        self.nodes.pop();
        while self.nodes.len() > self.floor {
            let d = self.nodes.len() - 1;
            let node = &mut self.nodes[d];
            let cur = node
                .current
                .take()
                .expect("an inner node has a current branch");
            node.below = WakeupTree::default();
            let ev = self.trace.entries[d].ev.clone();
            let terminal = self.terminal.take_if(|t| *t == d).is_some();
            let ended = self.resolve_section(d, false);
            self.nodes[d].sleep.push(Sleeper {
                choice: cur,
                ev,
                terminal: terminal || ended,
                foreign: false,
            });
            self.trace.truncate(d);
            if let Some(u) = &mut self.unf {
                u.truncate(d);
            }
            if let Some((step, below)) = self.pop_awake(d) {
                let node = &mut self.nodes[d];
                node.current = Some(step.choice);
                node.below = below;
                self.drop_snapshots();
                self.cur = self.state_at(d);
                return Some(d);
            }
            self.nodes.pop();
        }
        None
    }

    /// Hands out, as parts for other workers, every branch left at the
    /// shallowest node (at or below the floor) that has one. The floor then
    /// moves below that node, whose remaining branches are no longer this
    /// exploration's. Empty when nothing is left above the current
    /// execution's end.
    ///
    /// With a [`Frontier`] (`-j`), the nodes from the old floor to that one
    /// join it, and races still to come plan there through it. Without
    /// (a shard's plan), each node is *expanded* first: every enabled
    /// choice not asleep and not explored is planned there, so that no
    /// race below ever needs to plan there again.
    fn donate(&mut self) -> Vec<Part> {
        let n = self.trace.len();
        if self.unf.is_some() || self.floor >= n {
            return Vec::new();
        }
        // The nodes down to the one handed out are never backtracked to
        // again: each first plans what it deferred (`resolve_section`).
        let frontier = self.share.and_then(|s| s.frontier());
        if frontier.is_some() {
            for a in self.floor..n {
                self.resolve_section(a, true);
                if !self.nodes[a].wut.is_empty() {
                    let s = self.state_at(a);
                    return self.hand_out(a, &s, frontier);
                }
            }
            return Vec::new();
        }
        let mut s = self.state_at(self.floor);
        let mut buf = Vec::new();
        for a in self.floor..n {
            self.resolve_section(a, true);
            self.expand(a, &s, &mut buf);
            if !self.nodes[a].wut.is_empty() {
                return self.hand_out(a, &s, None);
            }
            let c = self.trace.entries[a].choice;
            s.step(c.0, c.1);
        }
        Vec::new()
    }

    /// The event that `choice` runs at node `d`, whose state is `s`, and
    /// whether it ends the execution: what a sleeper for that branch needs,
    /// as a whole exploration takes it from the trace. Neither a planned
    /// step's event (recorded in another execution, where a
    /// compare-and-swap may have failed that succeeds here: a read there, a
    /// write here) nor the pending event (whose compare-and-swap outcome
    /// is not known before it runs) will do.
    fn branch_at(&self, s: &S, d: usize, choice: Choice) -> (Event, bool) {
        let mut after = s.clone();
        let mut ev = after.step(choice.0, choice.1);
        self.trace.classify(&mut ev, d);
        (ev, !after.status().is_running())
    }

    /// The current branch of node `d` as a sleeper of the branches after
    /// it that other parts explore.
    fn current_sleeper(&self, d: usize) -> Sleeper {
        let ended = d + 1 == self.trace.len() && !self.cur.status().is_running();
        Sleeper {
            choice: self.nodes[d]
                .current
                .expect("an inner node has a current branch"),
            ev: self.trace.entries[d].ev.clone(),
            terminal: self.terminal == Some(d) || ended,
            foreign: true,
        }
    }

    /// Plans at node `a` (whose state is `s`) every enabled choice that is
    /// neither asleep, nor the current branch, nor planned already.
    fn expand(&mut self, a: usize, s: &S, buf: &mut Vec<u32>) {
        if !s.status().is_running() {
            return;
        }
        s.enabled(buf);
        for &t in buf.iter() {
            for alt in 0..s.alternatives(t) {
                let c = (t, alt);
                let node = &self.nodes[a];
                let planned = node.wut.children.iter().any(|w| w.step.choice == c);
                if planned || node.asleep(c) || node.current == Some(c) {
                    continue;
                }
                let mut ev = s
                    .next_event(t)
                    .expect("enabled thread has an event")
                    .clone();
                self.trace.classify(&mut ev, a);
                self.nodes[a].wut.children.push(WuNode {
                    step: Step { choice: c, ev },
                    children: Vec::new(),
                });
            }
        }
    }

    /// Makes one part of each branch left at node `a` (whose state is
    /// `s`), in the order this exploration would have taken them, and
    /// raises the floor below `a`, moving the nodes from the old floor to
    /// `a` into `frontier` if there is one. Each part's sleepers are the
    /// node's, its current branch and the branches handed out before it,
    /// as they would have been when its turn came.
    fn hand_out(&mut self, a: usize, s: &S, frontier: Option<&Frontier>) -> Vec<Part> {
        let prefix: Vec<Choice> = self.trace.entries[..a].iter().map(|e| e.choice).collect();
        let node_sleep = self.nodes[a].sleep.len();
        let mut sleep = self.nodes[a].sleep.clone();
        sleep.push(self.current_sleeper(a));
        let mut branches = Vec::new();
        for w in std::mem::take(&mut self.nodes[a].wut.children) {
            let (t, alt) = w.step.choice;
            let mut prefix = prefix.clone();
            prefix.push((t, alt));
            branches.push((prefix, sleep.clone(), w.children));
            let (ev, terminal) = self.branch_at(s, a, (t, alt));
            sleep.push(Sleeper {
                choice: (t, alt),
                ev,
                terminal,
                foreign: true,
            });
        }
        match frontier {
            Some(f) => {
                let mut nodes = f.nodes.lock().expect("no worker panics");
                for d in self.floor..a {
                    nodes.push(UpperNode {
                        sleep: self.nodes[d].sleep.clone(),
                        branches: vec![self.current_sleeper(d)],
                    });
                    self.upper.push(Some(nodes.len() - 1));
                }
                let branches = sleep.split_off(node_sleep);
                nodes.push(UpperNode { sleep, branches });
                self.upper.push(Some(nodes.len() - 1));
            }
            None => self.upper.resize(a + 1, None),
        }
        self.floor = a + 1;
        branches
            .into_iter()
            .map(|(prefix, sleep, children)| Part {
                prefix,
                sleep,
                wut: WakeupTree { children },
                checked: self.checked,
                upper: self.upper.clone(),
            })
            .collect()
    }

    /// Forgets the snapshots of nodes that are gone.
    fn drop_snapshots(&mut self) {
        let depth = self.nodes.len();
        let snaps = &mut self.snapshots;
        while snaps.depths.last().is_some_and(|&a| a >= depth) {
            snaps.depths.pop();
        }
        snaps.thinned = snaps.thinned.min(depth);
    }
}

/// Whether moving `last` (a reversal's last step) before `moved` (the
/// event it raced with) may change whether it succeeds: `moved` writes
/// the bytes of a compare-and-swap, or changes the mutex of a `trylock`
/// (anything but a failed `trylock` does). Otherwise `last` reads what it
/// read before and runs the event it ran.
fn may_change_outcome(moved: &Event, last: &Event) -> bool {
    use weft_core::EventKind::{CmpXchg, TryLock};
    match last.kind {
        CmpXchg { .. } => {
            let Some(x) = last.plain_access() else {
                return true;
            };
            moved
                .accesses()
                .iter()
                .any(|y| y.write && y.memory && y.overlaps(&x))
        }
        TryLock { .. } => !crate::footprint::reads_only(moved),
        _ => false,
    }
}

/// Sets the outcome of compare-and-swap `last` moved just before the
/// successful compare-and-swap `moved` on the same bytes, when both
/// compared concrete values: `last` then reads what `moved` read (no event
/// between them in the reversal writes those bytes: it would happen after
/// `moved`) and compares it with the value it compared before (its thread's
/// state is the same). Whether it could tell.
fn swap_outcome_before(moved: &Event, last: &mut Event) -> bool {
    use weft_core::EventKind::CmpXchg;
    let CmpXchg {
        addr: a,
        size: n,
        old: read,
        ok: true,
        concrete: true,
        ..
    } = moved.kind
    else {
        return false;
    };
    let CmpXchg {
        addr,
        size,
        old,
        ok,
        expected,
        concrete: true,
        ..
    } = &mut last.kind
    else {
        return false;
    };
    if (*addr, *size) != (a, n) {
        return false;
    }
    *old = read;
    *ok = read == *expected;
    true
}

/// Whether `v` can run from state `s`.
fn runs<S: System>(mut s: S, v: &[Step]) -> bool {
    runs_on(&mut s, v)
}

/// Runs `v` on `s` while it can: whether all of it ran.
fn runs_on<S: System>(s: &mut S, v: &[Step]) -> bool {
    for step in v {
        if !s.status().is_running() || !s.is_enabled(step.choice.0) {
            return false;
        }
        s.step(step.choice.0, step.choice.1);
    }
    true
}

/// Whether `t`'s pending event needs an event that has not happened yet
/// (a signal for a waiting thread, the exit of a thread it joins): such an
/// event has no race to reverse until it is enabled.
fn waits_for_enabler<S: System>(s: &S, t: u32, ev: &Event) -> bool {
    match ev.kind {
        weft_core::EventKind::CondWake { .. }
        | weft_core::EventKind::Join { .. }
        | weft_core::EventKind::SemWake { .. }
        | weft_core::EventKind::BarrierLeave { .. } => !s.is_enabled(t),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::testsys::{explore, ops::*, Op, TestSys};
    use crate::{Por, Summary};
    use weft_core::BugKind;

    fn run(por: Por, threads: Vec<Vec<Op>>) -> Summary {
        explore(TestSys::new(threads).digest_traces(), por)
    }

    /// Optimal-DPOR explores `expected` executions, none blocked, and the
    /// naive search finds exactly that many Mazurkiewicz traces.
    #[track_caller]
    fn mazurkiewicz(threads: Vec<Vec<Op>>, expected: u64) {
        let naive = run(Por::None, threads.clone());
        assert_eq!(naive.outcomes.len() as u64, expected, "traces (naive)");
        let opt = run(Por::Optimal, threads.clone());
        assert_eq!(opt.stats.executions, expected, "optimal executions");
        assert_eq!(opt.stats.blocked(), 0, "optimal blocked");
        assert_eq!(opt.outcomes, naive.outcomes, "optimal traces");
        let src = run(Por::Source, threads);
        assert!(src.stats.executions >= expected, "source executions");
        assert_eq!(src.outcomes, naive.outcomes, "source traces");
        assert_eq!(opt.stats.anomalies.total() + src.stats.anomalies.total(), 0);
    }

    fn factorial(n: u64) -> u64 {
        (1..=n).product()
    }

    #[test]
    fn independent_writes_one_trace() {
        mazurkiewicz(vec![vec![store(0, 1)], vec![store(1, 1)]], 1);
        mazurkiewicz(vec![vec![store(0, 1), load(1, 0)], vec![store(2, 1)]], 1);
    }

    /// A compare-and-swap reversed before the write it read from fails
    /// there (a read) where it succeeded (a write), and the other way
    /// round: the plan must carry the event it runs, or the branch it
    /// starts stands beside a sleeper it commutes with, and the trace in
    /// which t2's load reads 0 and t1's swap then succeeds is lost (7
    /// executions).
    #[test]
    fn a_reversed_compare_and_swap_is_planned_as_it_runs() {
        let threads = vec![
            vec![fetch_add(0, 0)],
            vec![cas(0, 1, 2, 0)],
            vec![cas(0, 1, 2, 0), aload(0, 1)],
        ];
        mazurkiewicz(threads, 8);
    }

    #[test]
    fn two_writers_two_traces() {
        mazurkiewicz(vec![vec![store(0, 1)], vec![store(0, 2)]], 2);
    }

    #[test]
    fn fetch_adds_n_factorial() {
        for n in 2..=5 {
            mazurkiewicz(vec![vec![fetch_add(0, 0)]; n], factorial(n as u64));
        }
    }

    #[test]
    fn writer_and_readers_two_to_the_n() {
        for n in 1..=4 {
            let mut threads = vec![vec![astore(0, 1)]];
            threads.extend((0..n).map(|_| vec![aload(0, 0)]));
            mazurkiewicz(threads, 1 << n);
        }
    }

    #[test]
    fn store_buffering_three_traces() {
        mazurkiewicz(
            vec![
                vec![astore(0, 1), aload(1, 0)],
                vec![astore(1, 1), aload(0, 0)],
            ],
            3,
        );
    }

    #[test]
    fn locked_increments_n_factorial() {
        for n in 2..=4 {
            let t = vec![lock(0), load(0, 0), store_reg(0, 0, 1), unlock(0)];
            mazurkiewicz(vec![t; n], factorial(n as u64));
        }
    }

    #[test]
    fn lost_update_four_traces() {
        let t = vec![load(0, 0), store_reg(0, 0, 1)];
        mazurkiewicz(vec![t.clone(), t], 4);
    }

    #[test]
    fn atomic_sections() {
        // A reader sees the section's writes all or nothing.
        mazurkiewicz(
            vec![
                vec![begin(), store(0, 1), store(0, 2), end()],
                vec![load(0, 0)],
            ],
            2,
        );
        // A section stands for all it can touch (its footprint): sections
        // over different variables commute, those over one do not.
        let disjoint = vec![
            vec![begin(), store(0, 1), end()],
            vec![begin(), store(1, 1), end()],
        ];
        mazurkiewicz(disjoint.clone(), 1);
        mazurkiewicz(
            vec![
                vec![begin(), store(0, 1), end()],
                vec![begin(), load(1, 1), load(0, 2), end()],
            ],
            2,
        );
        // Without footprints, entering or leaving a section orders it
        // against every other event.
        crate::testsys::with_global_sections(|| mazurkiewicz(disjoint, 2));
    }

    /// Commit 0501177: a thread whose assume fails inside its atomic
    /// section ends the execution; the other thread's write that would make
    /// the assume hold can only go before the whole section. DPOR used to
    /// plan it just before the read inside the section, where it cannot
    /// run, and missed the failure behind the assume.
    #[test]
    fn failed_assume_in_atomic_section() {
        let threads = vec![
            vec![begin(), load(0, 0), assume_eq(0, 1), end(), fail()],
            vec![store(0, 1)],
        ];
        for por in [Por::None, Por::Source, Por::Optimal] {
            let s = run(por, threads.clone());
            assert_eq!(s.findings.len(), 1, "--por {por}: {:?}", s.stats);
            assert_eq!(s.findings[0].bug.kind, BugKind::Assertion);
            assert_eq!(s.stats.anomalies.total(), 0);
        }
    }

    /// The reader-writer lock of tests/programs/assume_in_atomic_rwlock.c
    /// (issue 8): the readers' non-atomic decrement of `r` can lose an
    /// update and let the writer in between a reader's two reads of `x`.
    #[test]
    fn assume_in_atomic_rwlock() {
        let (w, r, x, y) = (0, 1, 2, 3);
        let writer = vec![
            begin(),
            load(w, 0),
            assume_eq(0, 0),
            load(r, 1),
            assume_eq(1, 0),
            store(w, 1),
            end(),
            store(x, 3),
            store(w, 0),
        ];
        let reader = vec![
            begin(),
            load(w, 0),
            assume_eq(0, 0),
            load(r, 1),
            store_reg(r, 1, 1),
            end(),
            load(x, 2),
            store_reg(y, 2, 0),
            load(y, 3),
            load(x, 4),
            assert_regs_eq(3, 4),
            load(r, 5),
            store_reg(r, 5, -1),
        ];
        for por in [Por::Source, Por::Optimal] {
            let s = run(por, vec![writer.clone(), reader.clone(), reader.clone()]);
            assert!(
                s.findings.iter().any(|f| f.bug.kind == BugKind::Assertion),
                "--por {por} misses the assertion failure: {:?}",
                s.stats
            );
            assert_eq!(s.stats.anomalies.total(), 0);
        }
    }

    /// Random program 5188 (of `split`'s campaign), reduced: T0's assume
    /// ends every execution in which it reads `y` before T1 increments it,
    /// before T2 reads `y`. With T2's write of `x` before T0's read of it,
    /// the executions in which T2 also reads `y` before the increment are
    /// reached only through the plan that lets T2 go on before T0's read,
    /// made when T0's assume failed. That plan commutes with the sleeper
    /// T1 (the increment, explored first from the initial state), and the
    /// weak-initial test dropped it, although T1 conflicts with the read
    /// that ended the execution: Optimal-DPOR reached 3 of the 4 final
    /// states.
    #[test]
    fn plan_before_early_end_behind_conflicting_sleeper() {
        let threads = vec![
            vec![aload(0, 0), load(1, 1), assume_eq(1, 1)],
            vec![fetch_add(1, 2)],
            vec![
                aload(0, 0),
                store_reg(0, 0, 1),
                lock(0),
                aload(1, 1),
                unlock(0),
            ],
        ];
        let naive = run(Por::None, threads.clone());
        for por in [Por::Source, Por::Optimal] {
            let s = run(por, threads.clone());
            assert_eq!(s.outcomes, naive.outcomes, "--por {por}");
            assert_eq!(s.stats.anomalies.total(), 0);
        }
        assert_eq!(run(Por::Optimal, threads).stats.executions, 4);
    }

    /// A wakeup sequence must not be inserted behind a choice that already
    /// ended the execution from the same node (a terminal sleeper): the
    /// tree took it for a leaf that covers the other threads' plans, then
    /// skipped it as asleep, and the plans were lost. Here T1 running first
    /// and then T2 is the only way to the assertion; Optimal-DPOR said
    /// SAFE (tests/programs/assume_terminal_sleeper.c).
    #[test]
    fn plan_behind_terminal_sleeper() {
        let threads = vec![
            vec![fetch_add(0, 0), assume_ne(0, 1)],
            vec![
                fetch_add(0, 0),
                fetch_add(0, 1),
                assume_ne(1, 1),
                assert_ne(0, 0),
            ],
            vec![lock(0), fetch_add(0, 0)],
        ];
        for por in [Por::None, Por::Source, Por::Optimal] {
            let s = run(por, threads.clone());
            assert_eq!(s.findings.len(), 1, "--por {por}: {:?}", s.stats);
            assert_eq!(s.stats.anomalies.total(), 0);
        }
    }
}
