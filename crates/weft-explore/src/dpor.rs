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

use crate::footprint::{depends, Flushes};
use crate::summary::{Choice, Recorder};
use crate::trace::Trace;
use crate::wakeup::{weak_initial_rest, Prefix, Step, WakeupTree, WuNode};
use crate::{Config, Summary};
use smallvec::SmallVec;
use weft_core::{Event, System};

/// Which DPOR algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Source,
    Optimal,
}

/// A choice known to be redundant at a node, with the event it would run.
#[derive(Clone, Debug)]
struct Sleeper {
    choice: Choice,
    ev: Event,
    /// The event ended the whole execution (a bug or exit right after it),
    /// so it conflicts with everything.
    terminal: bool,
}

impl Sleeper {
    fn as_step(&self) -> Step {
        Step {
            choice: self.choice,
            ev: self.ev.clone(),
        }
    }
}

/// Near the end of the execution, nodes whose depth is a multiple of this
/// keep a snapshot of the state.
const SNAPSHOT_EVERY: usize = 8;

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
}

impl<S> Node<S> {
    fn new(state: Option<Box<S>>, sleep: Vec<Sleeper>, wut: WakeupTree) -> Node<S> {
        Node {
            state,
            sleep,
            wut,
            current: None,
            below: WakeupTree::default(),
        }
    }

    fn asleep(&self, c: Choice) -> bool {
        self.sleep.iter().any(|s| s.choice == c)
    }
}

/// How an execution ended.
enum End {
    /// A wakeup sequence named a thread that could not run.
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
}

struct Dpor<'c, S> {
    mode: Mode,
    nodes: Vec<Node<S>>,
    snapshots: Snapshots,
    trace: Trace,
    /// The state at the end of the current trace.
    cur: S,
    rec: Recorder<'c>,
    buf: Vec<u32>,
    /// Position of the event after which the last execution ended.
    terminal: Option<usize>,
    /// Some execution had a spin-blocked thread: from then on every plan is
    /// simulated first, and plans that would need a spin-blocked thread to
    /// run (a redundant spin iteration) are dropped.
    checked: bool,
}

pub fn explore<S: System>(init: S, cfg: &Config, mode: Mode) -> Summary {
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
        trace: Trace::new(cfg.race_check),
        cur: init,
        rec: Recorder::new(cfg),
        buf: Vec::new(),
        terminal: None,
        checked: false,
    };
    let mut first_new = 0;
    loop {
        let end = d.extend();
        if !d.record(end) {
            return d.rec.into_summary(false);
        }
        d.analyse(first_new);
        match d.backtrack() {
            Some(depth) => first_new = depth,
            None => return d.rec.into_summary(true),
        }
    }
}

impl<S: System> Dpor<'_, S> {
    /// Runs the current execution to its end from the last node.
    fn extend(&mut self) -> End {
        loop {
            let d = self.nodes.len() - 1;
            if self.nodes[d].current.is_none() {
                if !self.cur.status().is_running() {
                    return End::Done;
                }
                if !self.choose(d) {
                    return End::SleepBlocked;
                }
            }
            let choice = self.nodes[d].current.expect("chosen");
            if !self.cur.is_enabled(choice.0) {
                if self.cur.spin_blocked(choice.0) {
                    return End::SpinRepeat;
                }
                return End::Disabled;
            }
            self.snapshot(d);
            let node = &mut self.nodes[d];
            let ev = self.cur.step(choice.0, choice.1);
            self.rec.event();
            let race = self.trace.push(ev, choice);
            let trace = &self.trace;
            let ev = &trace.entries[trace.len() - 1].ev;
            let n = trace.len();
            let flushes = Flushes {
                before_earlier: &|o, s| trace.flushed_before(o, s, n - 1),
                before_later: &|o, s| trace.flushed_before(o, s, n),
            };
            let sleep = node
                .sleep
                .iter()
                .filter(|q| !q.terminal && !depends(ev, &q.ev, &flushes))
                .cloned()
                .collect();
            let below = std::mem::take(&mut node.below);
            self.nodes.push(Node::new(None, sleep, below));
            if let Some(bug) = race {
                let (trace, cur) = (&self.trace, &self.cur);
                self.rec.note(bug, |bug| trace.finding(bug, cur.output()));
            }
        }
    }

    /// Picks the branch to explore at node `d`: the first wakeup-tree
    /// child, or else the first enabled choice not asleep.
    fn choose(&mut self, d: usize) -> bool {
        let node = &mut self.nodes[d];
        while let Some((step, below)) = node.wut.pop_first() {
            if !node.asleep(step.choice) {
                node.current = Some(step.choice);
                node.below = below;
                return true;
            }
        }
        self.cur.enabled(&mut self.buf);
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

    /// Counts the execution; false when exploration must stop.
    fn record(&mut self, end: End) -> bool {
        match end {
            End::Done => {}
            End::SleepBlocked => return self.rec.blocked("sleep-set"),
            End::Disabled => return self.rec.blocked("disabled-wakeup"),
            End::SpinRepeat => {
                self.checked = true;
                return true;
            }
        }
        let (trace, cur) = (&self.trace, &self.cur);
        self.rec.finish(cur, |bug| trace.finding(bug, cur.output()))
    }

    /// Plans the reversal of every race whose later event is new, of the
    /// races that blocked or cut-off threads' pending events would have, and
    /// of the final step when it ended the program for everyone.
    fn analyse(&mut self, first_new: usize) {
        self.checked |= self.cur.spun();
        self.analyse_executed(first_new);
        self.analyse_pending();
        self.analyse_terminal();
    }

    fn plan(&mut self, i: usize, v: Vec<Step>) {
        if self.checked && !self.runnable(i, &v) {
            return;
        }
        self.plan_unchecked(i, v);
    }

    fn plan_unchecked(&mut self, i: usize, v: Vec<Step>) {
        match self.mode {
            Mode::Optimal => self.insert_optimal(i, v),
            Mode::Source => self.insert_source(i, &v),
        }
    }

    /// Plans `v` from node `i` only if it can actually run there (used for
    /// sequences built from pending events, which may be blocked).
    fn plan_checked(&mut self, i: usize, v: Vec<Step>) {
        if self.runnable(i, &v) {
            self.plan_unchecked(i, v);
        }
    }

    /// Whether `v` can run from node `i`.
    fn runnable(&self, i: usize, v: &[Step]) -> bool {
        let mut s = self.state_at(i);
        for step in v {
            if !s.status().is_running() || !s.is_enabled(step.choice.0) {
                return false;
            }
            s.step(step.choice.0, step.choice.1);
        }
        true
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
        for p in pending {
            for i in self.trace.pending_races(&p.ev) {
                let mut v = self.steps(&self.trace.notdep(i as usize, self.trace.len()));
                v.push(p.clone());
                self.plan_checked(i as usize, v);
            }
        }
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
        let at = self.trace.open_section(n - 1).unwrap_or(n - 1);
        let state = &self.state_at(at);
        let mut steps = Vec::new();
        for t in (0..state.thread_count() as u32).filter(|&t| t != last_tid && state.is_enabled(t))
        {
            let mut ev = state.next_event(t).expect("enabled").clone();
            self.trace.classify(&mut ev, at);
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
        for s in steps {
            self.plan_checked(at, vec![s]);
        }
    }

    fn analyse_executed(&mut self, first_new: usize) {
        for j in first_new..self.trace.len() {
            for r in 0..self.trace.entries[j].races.len() {
                let i = self.trace.entries[j].races[r] as usize;
                let v = self.steps(&self.trace.reversal(i, j));
                self.plan(i, v);
            }
        }
    }

    fn insert_optimal(&mut self, i: usize, v: Vec<Step>) {
        let trace = &self.trace;
        let flushed = |o, s| trace.flushed_before(o, s, i);
        let mut prefix = Prefix::new(&flushed);
        let node = &mut self.nodes[i];
        if node
            .sleep
            .iter()
            .any(|s| !s.terminal && weak_initial_rest(&prefix, &s.as_step(), &v).is_some())
        {
            return;
        }
        node.wut.insert(&mut prefix, v);
    }

    fn insert_source(&mut self, i: usize, v: &[Step]) {
        let trace = &self.trace;
        let flushed = |o, s| trace.flushed_before(o, s, i);
        let prefix = Prefix::new(&flushed);
        let node = &mut self.nodes[i];
        let initials: Vec<&Step> = v
            .iter()
            .enumerate()
            .filter(|(k, s)| {
                let first = v.iter().position(|x| x.choice.0 == s.choice.0) == Some(*k);
                first && (0..*k).all(|j| !prefix.depends(&v[..j], &v[..*k], &v[j].ev, &s.ev))
            })
            .map(|(_, s)| s)
            .collect();
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
            let nodes = &mut self.nodes;
            snaps.depths.retain(|&a| {
                let keep =
                    a == 0 || !nodes[a].wut.is_empty() || a.is_multiple_of(snapshot_gap(d - a));
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

    /// Moves to the deepest node with something left to explore.
    fn backtrack(&mut self) -> Option<usize> {
        self.nodes.pop();
        while !self.nodes.is_empty() {
            let d = self.nodes.len() - 1;
            let node = &mut self.nodes[d];
            let cur = node
                .current
                .take()
                .expect("an inner node has a current branch");
            let ev = self.trace.entries[d].ev.clone();
            let terminal = self.terminal.take_if(|t| *t == d).is_some();
            node.sleep.push(Sleeper {
                choice: cur,
                ev,
                terminal,
            });
            node.below = WakeupTree::default();
            self.trace.truncate(d);
            while let Some((step, below)) = node.wut.pop_first() {
                if !node.asleep(step.choice) {
                    node.current = Some(step.choice);
                    node.below = below;
                    self.drop_snapshots();
                    self.cur = self.state_at(d);
                    return Some(d);
                }
            }
            self.nodes.pop();
        }
        None
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

/// Whether `t`'s pending event needs an event that has not happened yet
/// (a signal for a waiting thread, the exit of a thread it joins): such an
/// event has no race to reverse until it is enabled.
fn waits_for_enabler<S: System>(s: &S, t: u32, ev: &Event) -> bool {
    match ev.kind {
        weft_core::EventKind::CondWake { .. } | weft_core::EventKind::Join { .. } => {
            !s.is_enabled(t)
        }
        _ => false,
    }
}
