//! The current execution as a sequence of events with happens-before.
//!
//! [`Trace`] keeps, incrementally and for every event:
//! - its *dependency clock*: the Mazurkiewicz happens-before, where every
//!   pair of dependent events is ordered as executed;
//! - its *sync clock*: happens-before through synchronisation only (mutex
//!   and condition-variable operations, thread create/exit/join, atomic
//!   accesses), which decides data races;
//! - its *races*: the earlier events it is in a reversible race with, as
//!   Optimal-DPOR needs them.
//!
//! Earlier events are never searched for. Bounded summaries ([`cells`])
//! name, per memory byte and per sync object, the few earlier events that
//! every other one happens before: the newest memory write, the reads
//! since (per thread), the newest atomic write, the newest program access
//! per thread and kind; per sync object the newest event and the failed
//! `trylock`s since; the newest global event; the last event of every
//! thread. The hb-maximal dependencies of a new event are always among
//! them, so the work per event is O(threads), not O(history). Every change
//! to a summary is logged, and [`Trace::truncate`] undoes the changes of
//! the events it drops when an explorer backtracks.

mod cells;
#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;

use crate::clock::{ClockRef, Clocks, VClock};
use crate::footprint::{
    acquires, dep_objects, depends, enables, is_global, releases, waits_to_acquire, Flushes,
};
use crate::race::Races;
use crate::summary::Choice;
use crate::words::WordTable;
use cells::{ObjCell, OwnRead, Slot, Undo, Waker, Word};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use weft_core::{Access, Bug, Event, EventKind, SyncObj, Tid};

/// One executed event and its bookkeeping.
#[derive(Clone, Debug)]
pub struct Entry {
    pub ev: Event,
    pub choice: Choice,
    /// 1-based position of the event among its thread's events.
    pub seq: u32,
    /// The dependency clock (in [`Trace::clock`]).
    clock: ClockRef,
    /// Earlier events this one is in a reversible race with.
    pub races: SmallVec<[u32; 2]>,
    prev_same_thread: Option<u32>,
    /// The `AtomicBegin` that opened the outermost atomic section of this
    /// thread still open at this event (the event itself for the opening
    /// `AtomicBegin`), and the section's nesting depth after the event.
    /// While a section is open no other thread runs, so an event inside it
    /// can only be reversed by moving the other event before the section.
    section: Option<u32>,
    depth: u32,
}

/// The events of the current execution.
#[derive(Default)]
pub struct Trace {
    pub entries: Vec<Entry>,
    clocks: Clocks,
    /// The events of each thread, in order (event `seq` at `seq - 1`).
    by_thread: Vec<Vec<u32>>,
    spawn_of: FxHashMap<Tid, u32>,
    /// The auxiliary (store-buffer) threads of each thread (TSO/PSO).
    aux_of: FxHashMap<Tid, SmallVec<[Tid; 2]>>,
    /// The update of each buffered store that has reached memory, by
    /// `(owner, store_seq)` (TSO/PSO).
    update_at: FxHashMap<(Tid, u32), u32>,
    /// How many buffered stores (TSO/PSO) each thread has in the trace:
    /// only a thread with some can load its own store back.
    buffered: FxHashMap<Tid, u32>,
    /// Summaries of memory, per 8-byte word.
    mem: WordTable<Word>,
    /// Summaries of sync objects.
    objs: FxHashMap<SyncObj, ObjCell>,
    /// The newest global event (see [`is_global`]): all of them are ordered.
    last_global: Slot,
    /// The newest event of each kind that can enable another.
    wakers: FxHashMap<Waker, u32>,
    /// The broadcasts on each condition variable, oldest first: the first
    /// one after a thread started waiting woke it, unless a signal did
    /// (see [`Trace::cond_waker`]).
    broadcasts: FxHashMap<u64, Vec<u32>>,
    /// The previous value of every summary an event changed, with the
    /// event's position.
    undo: Vec<(u32, Undo)>,
    pub tracking: Tracking,
    /// The C11 data-race detector, fed every event when
    /// [`Tracking::sync_clocks`] is on; its thread clocks are the entries'
    /// sync clocks.
    race: Races,
    /// The thread whose atomic section is open after the last event.
    section_owner: Option<Tid>,
    /// How many entries leave an atomic section open (`depth > 0`): when
    /// none does, backtracking need not look for the section's owner.
    in_sections: u32,
    /// Some execution so far ran another thread (not one of the owner's
    /// store buffers) inside an open atomic section, its owner blocked
    /// there (on a mutex, a join, a condition variable, a spin). Reversals
    /// move events of other threads before a whole section, never into
    /// such a window, so the reduced search may miss executions: it says
    /// so (see `LimitKind::BlockedSection`). Never reset by `truncate`.
    pub blocked_section: bool,
}

/// What a [`Trace`] computes besides dependencies and races for DPOR.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tracking {
    /// Report data races (see [`crate::race`]).
    pub race_check: bool,
    /// Keep each event's sync clock (happens-before through
    /// synchronisation) for the `--trace` file; implied by `race_check`.
    pub sync_clocks: bool,
    /// Skip what only DPOR needs while exploring: dependency clocks,
    /// reversible races and the summaries behind them (the naive explorer
    /// sets this). A finding rebuilds them by replaying its events into a
    /// full trace, so that it is the same as a full trace's. The first
    /// buffered store (TSO, PSO) turns a light trace into a full one for
    /// good: which store a load returns, which the data race check needs,
    /// is judged from the summaries.
    pub light: bool,
}

impl Tracking {
    pub fn of(cfg: &crate::Config) -> Tracking {
        Tracking {
            race_check: cfg.race_check,
            sync_clocks: cfg.race_check || cfg.first_run,
            light: false,
        }
    }
}

impl Trace {
    pub fn new(tracking: Tracking) -> Trace {
        debug_assert!(!tracking.race_check || tracking.sync_clocks);
        Trace {
            tracking,
            ..Trace::default()
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether event `i` happens before (or is) event `j`.
    pub fn hb(&self, i: usize, j: usize) -> bool {
        let e = &self.entries[i];
        self.clocks.covers(self.entries[j].clock, e.ev.tid, e.seq)
    }

    /// The dependency clock of event `i`.
    pub fn clock(&self, i: usize) -> &[u32] {
        self.clocks.get(self.entries[i].clock)
    }

    /// The sync clock of event `i` (empty unless
    /// [`Tracking::sync_clocks`]).
    pub fn sync_clock(&self, i: usize) -> &[u32] {
        if self.tracking.sync_clocks {
            self.race.event_clock(i)
        } else {
            &[]
        }
    }

    fn last(&self, tid: Tid) -> Option<u32> {
        self.by_thread.get(tid as usize)?.last().copied()
    }

    /// The event before position `i` that `tid`'s next event would start
    /// from there: its last event before `i`, or the one that created it.
    pub(crate) fn origin_before(&self, tid: Tid, i: usize) -> Option<usize> {
        let list = self.by_thread.get(tid as usize).map_or(&[][..], |l| &l[..]);
        let k = list.partition_point(|&e| (e as usize) < i);
        match k {
            0 => self
                .spawn_of
                .get(&tid)
                .map(|&s| s as usize)
                .filter(|&s| s < i),
            _ => Some(list[k - 1] as usize),
        }
    }

    /// The previous event of event `i`'s thread.
    pub(crate) fn origin_in_thread(&self, i: usize) -> Option<usize> {
        self.entries[i].prev_same_thread.map(|k| k as usize)
    }

    /// The `seq`-th event of thread `tid`, if it is in the trace.
    pub(crate) fn event_of(&self, tid: Tid, seq: u32) -> Option<u32> {
        let list = self.by_thread.get(tid as usize)?;
        list.get(seq.checked_sub(1)? as usize).copied()
    }

    /// The summaries of the bytes of `range`.
    fn range_cells(&self, (addr, size): (u64, u64)) -> impl Iterator<Item = &cells::Cell> + '_ {
        crate::footprint::words(addr, size).flat_map(move |(w, m)| {
            self.mem
                .get(w)
                .into_iter()
                .flat_map(move |word| cells::cells(word, m))
        })
    }

    /// The clock an event starts from: its thread's previous event, or the
    /// event that created the thread; for a buffer update also the store it
    /// writes, and for a barrier every update of its own buffer so far.
    fn base(&self, ev: &Event) -> (Option<u32>, VClock, u32) {
        let tid = ev.tid;
        let prev = self.last(tid);
        let from = prev.or_else(|| self.spawn_of.get(&tid).copied());
        let mut edges: SmallVec<[u32; 4]> = SmallVec::new();
        edges.extend_from_slice(from.as_slice());
        if let EventKind::Update {
            owner, store_seq, ..
        } = ev.kind
        {
            edges.extend(self.event_of(owner, store_seq));
            // Under PSO an update waits for older overlapping stores of the
            // same thread, flushed by its other auxiliary threads.
            let aux = self.aux_of.get(&owner).into_iter().flatten();
            let older = aux.filter(|&&a| a != tid).filter_map(|&a| self.last(a));
            edges.extend(older.filter(|&i| {
                let e = &self.entries[i as usize].ev;
                e.accesses()
                    .iter()
                    .any(|x| ev.accesses().iter().any(|y| x.overlaps(y)))
            }));
        } else if let Some(range) = ev.woken_by {
            edges.extend(self.latest_write(ev.tid, range));
        }
        if ev.is_barrier() && !matches!(ev.kind, EventKind::Update { .. }) {
            let aux = self.aux_of.get(&tid).into_iter().flatten();
            edges.extend(aux.filter_map(|&a| self.last(a)));
        }
        let mut c = VClock::default();
        for i in edges {
            c.join_slice(self.clock(i as usize));
        }
        let seq = prev.map(|p| self.entries[p as usize].seq + 1).unwrap_or(1);
        (prev, c, seq)
    }

    /// The event `ev` cannot move before: the write that woke it from a
    /// spin, or the dependency that enabled it (signal, joined exit): the
    /// newest earlier event that enables `ev`, depends on it and is not
    /// ordered before it by `base`. Older ones of the same kind happen
    /// before the newest, so only the newest of each kind is looked at.
    fn enabler(&self, ev: &Event, base: &VClock) -> Option<u32> {
        if let Some(range) = ev.woken_by {
            return self.latest_write(ev.tid, range);
        }
        let kinds: SmallVec<[Waker; 2]> = match ev.kind {
            EventKind::CondWake {
                how: weft_core::Wakeup::Signalled { unbidden: false },
                ..
            } => {
                return self.cond_waker(ev).filter(|&i| {
                    let e = &self.entries[i as usize];
                    !base.covers(e.ev.tid, e.seq) && self.depends_on(i, ev)
                });
            }
            EventKind::Join { child } => [Waker::Exit(child)].into_iter().collect(),
            // A post hands its token to a waiter as a signal wakes one; the
            // last arrival at a barrier releases all, as a broadcast.
            EventKind::SemWake { sem, timed: false } => {
                [Waker::Signal(sem, ev.tid)].into_iter().collect()
            }
            EventKind::BarrierLeave { bar, .. } => [Waker::Broadcast(bar)].into_iter().collect(),
            _ => return None,
        };
        kinds
            .iter()
            .filter_map(|k| self.wakers.get(k).copied())
            .filter(|&i| {
                let e = &self.entries[i as usize];
                e.ev.tid != ev.tid
                    && !base.covers(e.ev.tid, e.seq)
                    && enables(&e.ev, ev)
                    && self.depends_on(i, ev)
            })
            .max()
    }

    /// The signal or broadcast that woke the thread of `ev`, a wait woken
    /// by one (running now): a signal that named the thread after its wait
    /// began (`CondWait`, its previous event), or else the first broadcast
    /// on the condition variable after it. Later broadcasts found the
    /// thread woken already: they race with its wake like any event on the
    /// same condition variable.
    fn cond_waker(&self, ev: &Event) -> Option<u32> {
        let EventKind::CondWake { cond, .. } = ev.kind else {
            return None;
        };
        let wait = *self.by_thread.get(ev.tid as usize)?.last()?;
        debug_assert!(
            matches!(
                self.entries[wait as usize].ev.kind,
                EventKind::CondWait { .. }
            ),
            "a woken wait follows its wait"
        );
        if let Some(&i) = self.wakers.get(&Waker::Signal(cond, ev.tid)) {
            if i > wait {
                return Some(i);
            }
        }
        let all = self.broadcasts.get(&cond)?;
        all.get(all.partition_point(|&i| i < wait)).copied()
    }

    /// Whether earlier event `i` enables `ev` (see [`enables`]), `waker`
    /// being what woke `ev`'s thread if `ev` is a woken wait: of the
    /// broadcasts on its condition variable, only that one does.
    fn enables_at(&self, i: u32, ev: &Event, waker: Option<u32>) -> bool {
        let e = &self.entries[i as usize].ev;
        match (&e.kind, &ev.kind) {
            (EventKind::Broadcast { .. }, EventKind::CondWake { .. }) => waker == Some(i),
            _ => enables(e, ev),
        }
    }

    /// Whether `ev` (running now) depends on earlier event `i`.
    fn depends_on(&self, i: u32, ev: &Event) -> bool {
        let in_trace = |o, s| self.update_at.contains_key(&(o, s));
        let flushes = Flushes {
            before_earlier: &|o, s| self.flushed_before(o, s, i as usize),
            before_later: &in_trace,
        };
        depends(&self.entries[i as usize].ev, ev, &flushes)
    }

    /// The latest write by another thread than `tid` to bytes of `range`:
    /// what woke a spin-blocked thread.
    fn latest_write(&self, tid: Tid, range: (u64, u64)) -> Option<u32> {
        self.range_cells(range)
            .map(|c| match c.mw.get() {
                Some(i) if self.entries[i as usize].ev.tid == tid => c.mw_tid,
                _ => c.mw,
            })
            .max()
            .and_then(Slot::get)
    }

    /// Earlier events that every earlier event `ev` depends on happens
    /// before or is (a superset of the hb-maximal dependencies; callers
    /// filter), in trace order.
    fn candidates(&self, ev: &Event) -> SmallVec<[u32; 16]> {
        let mut out: SmallVec<[u32; 16]> = SmallVec::new();
        if is_global(ev) {
            // Everything depends on a global event: each thread's last.
            out.extend(self.by_thread.iter().filter_map(|l| l.last().copied()));
        } else {
            // Plain loops and pushes: `SmallVec::extend` costs several
            // times as much on this hot path.
            let mut add = |s: Slot| {
                if let Some(i) = s.get() {
                    out.push(i);
                }
            };
            add(self.last_global);
            for y in ev.accesses().iter().filter(|y| y.memory) {
                for (w, m) in cells::words(y) {
                    let Some(word) = self.mem.get(w) else {
                        continue;
                    };
                    for c in cells::cells(word, m) {
                        add(c.mw);
                        if y.write {
                            for t in &c.thr {
                                add(t.read);
                            }
                            for o in &c.own {
                                add(Slot::of(o.at));
                            }
                        } else {
                            add(c.mw_own);
                        }
                    }
                }
            }
            for (o, weak) in dep_objects(ev).into_iter().flatten() {
                if let Some(c) = self.objs.get(&o) {
                    add(c.strong);
                    if !weak {
                        for &(_, i) in &c.weak {
                            add(Slot::of(i));
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Earlier events of other threads that `ev` depends on and that are
    /// not already ordered before it by `base`: enough of them that every
    /// such event happens before one of them (the hb-maximal ones are all
    /// there), in trace order.
    fn dependencies(&self, ev: &Event, base: &VClock) -> SmallVec<[u32; 8]> {
        let mut out = SmallVec::new();
        for i in self.candidates(ev) {
            let e = &self.entries[i as usize];
            if e.ev.tid != ev.tid && !base.covers(e.ev.tid, e.seq) && self.depends_on(i, ev) {
                out.push(i);
            }
        }
        out
    }

    /// The races a thread's *pending* (not executed) event would have if it
    /// ran now: how a blocked or cut-off thread asks to go earlier.
    pub fn pending_races(&self, ev: &Event) -> SmallVec<[u32; 2]> {
        let mut ev = ev.clone();
        self.classify(&mut ev, self.len());
        let ev = &ev;
        let (_, base, _) = self.base(ev);
        let deps = self.dependencies(ev, &base);
        let enabler = self.enabler(ev, &base);
        self.races(ev, &base, &deps, enabler)
    }

    /// Appends an executed event. Returns a data-race bug if `ev` races
    /// with an earlier plain access (only when `race_check` is on).
    pub fn push(&mut self, mut ev: Event, choice: Choice) -> Option<Bug> {
        if self.tracking.light {
            return self.push_light(ev, choice);
        }
        self.classify(&mut ev, self.len());
        let tid = ev.tid;
        let (prev, mut clock, seq) = self.base(&ev);
        // Dependencies, enabler and races are judged against the clock
        // before the event's own dependencies join it.
        let deps = self.dependencies(&ev, &clock);
        let enabler = self.enabler(&ev, &clock);
        let races = self.races(&ev, &clock, &deps, enabler);
        for &i in &deps {
            clock.join_slice(self.clock(i as usize));
        }
        clock.set(tid, seq);
        let bug = self.check_race(&ev);
        let idx = self.entries.len() as u32;
        let (section, depth) = self.section_after(&ev, prev, idx);
        if let Some(o) = self.section_owner.filter(|&o| o != tid) {
            let own_buffer = matches!(ev.kind, EventKind::Update { owner, .. } if owner == o);
            self.blocked_section |= !own_buffer;
        }
        if depth > 0 {
            self.section_owner = Some(tid);
        } else if self.section_owner == Some(tid) {
            self.section_owner = None;
        }
        if let EventKind::Spawn { child } = ev.kind {
            self.spawn_of.insert(child, idx);
        }
        if let EventKind::Update {
            owner, store_seq, ..
        } = ev.kind
        {
            let list = self.aux_of.entry(owner).or_default();
            if !list.contains(&tid) {
                list.push(tid);
            }
            self.update_at.insert((owner, store_seq), idx);
        }
        if matches!(ev.kind, EventKind::Store { buffered: true, .. }) {
            *self.buffered.entry(tid).or_default() += 1;
        }
        let clock = self.clocks.push(&clock);
        self.append(Entry {
            ev,
            choice,
            seq,
            clock,
            races,
            prev_same_thread: prev,
            section,
            depth,
        });
        self.summarise(idx);
        bug
    }

    /// Appends `e` to the entries and to its thread's events.
    fn append(&mut self, e: Entry) {
        let (tid, idx) = (e.ev.tid as usize, self.entries.len() as u32);
        if self.by_thread.len() <= tid {
            self.by_thread.resize_with(tid + 1, Vec::new);
        }
        self.by_thread[tid].push(idx);
        self.in_sections += (e.depth > 0) as u32;
        self.entries.push(e);
    }

    /// Feeds `ev` to the race detector (when sync clocks are kept): the
    /// data race it completes, if races are reported.
    fn check_race(&mut self, ev: &Event) -> Option<Bug> {
        if !self.tracking.sync_clocks {
            return None;
        }
        debug_assert_eq!(
            self.race.len(),
            self.entries.len(),
            "one race event per entry"
        );
        let entries = &self.entries;
        let race = self.race.push(ev, |i| &entries[i as usize].ev);
        race.filter(|_| self.tracking.race_check)
    }

    /// Feeds the race detector the plain accesses the last step ran as
    /// local steps (`System::local_accesses`), after its event was pushed:
    /// the first data race they complete, if races are reported.
    pub fn push_local(&mut self, accesses: &[Event]) -> Option<Bug> {
        if accesses.is_empty() || !self.tracking.sync_clocks {
            return None;
        }
        let mut first = None;
        for ev in accesses {
            let entries = &self.entries;
            let race = self.race.push_local(ev, |i| &entries[i as usize].ev);
            first = first.or(race);
        }
        first.filter(|_| self.tracking.race_check)
    }

    /// [`Trace::push`] for a light trace (see [`Tracking::light`]): the
    /// event's data race check and its place in its thread, no more.
    fn push_light(&mut self, ev: Event, choice: Choice) -> Option<Bug> {
        if matches!(ev.kind, EventKind::Store { buffered: true, .. }) {
            *self = self.rebuilt();
            return self.push(ev, choice);
        }
        let tid = ev.tid;
        let prev = self.last(tid);
        let seq = prev.map(|p| self.entries[p as usize].seq + 1).unwrap_or(1);
        let bug = self.check_race(&ev);
        let idx = self.entries.len() as u32;
        let (section, depth) = self.section_after(&ev, prev, idx);
        let clock = self.clocks.push(&VClock::default());
        self.append(Entry {
            ev,
            choice,
            seq,
            clock,
            races: SmallVec::new(),
            prev_same_thread: prev,
            section,
            depth,
        });
        bug
    }

    /// Folds event `idx` into the summaries, logging what it changes.
    fn summarise(&mut self, idx: u32) {
        let Trace {
            entries,
            clocks,
            mem,
            objs,
            last_global,
            wakers,
            broadcasts,
            undo,
            update_at,
            ..
        } = self;
        let e = &entries[idx as usize];
        let ev = &e.ev;
        let tid = ev.tid;
        if is_global(ev) {
            undo.push((idx, Undo::Global(*last_global)));
            *last_global = Slot::of(idx);
        }
        for (o, weak) in dep_objects(ev).into_iter().flatten() {
            let cell = objs.entry(o).or_default();
            undo.push((idx, Undo::Obj(o, Some(cell.clone()))));
            if weak {
                cell.weak.retain(|w| w.0 != tid);
                cell.weak.push((tid, idx));
            } else {
                cell.strong = Slot::of(idx);
                cell.weak.clear();
            }
        }
        let waker = match ev.kind {
            EventKind::Signal {
                cond,
                woke: Some(t),
            } => Some(Waker::Signal(cond, t)),
            EventKind::SemPost { sem, woke: Some(t) } => Some(Waker::Signal(sem, t)),
            EventKind::BarrierWait {
                bar, serial: true, ..
            } => Some(Waker::Broadcast(bar)),
            EventKind::Exit => Some(Waker::Exit(tid)),
            _ => None,
        };
        if let Some(k) = waker {
            undo.push((idx, Undo::Waker(k, wakers.insert(k, idx))));
        }
        if let EventKind::Broadcast { cond, .. } = ev.kind {
            broadcasts.entry(cond).or_default().push(idx);
            undo.push((idx, Undo::Broadcast(cond)));
        }
        let accesses = ev.accesses();
        if accesses.is_empty() {
            return;
        }
        // The slot of each word of each access, in the order of the loop
        // below, each word saved for undo once (an access's words are
        // distinct, and a word is only looked for among the earlier
        // accesses' ranges: a `memset` of a megabyte touches 131,072).
        let mut slots: SmallVec<[u32; 4]> = SmallVec::new();
        let span = |a: &weft_core::Access| {
            let end = a.addr.saturating_add(a.size);
            (a.size != 0).then(|| (a.addr >> 3)..=((end - 1) >> 3))
        };
        for (k, a) in accesses.iter().enumerate() {
            for (w, _) in cells::words(a) {
                let (slot, created) = mem.slot(w);
                slots.push(slot);
                let seen = accesses
                    .iter()
                    .take(k)
                    .any(|p| span(p).is_some_and(|r| r.contains(&w)));
                if !seen {
                    let old = if created {
                        Undo::NewWord(w)
                    } else {
                        Undo::Word(slot, cells::clone_word(mem.at(slot)))
                    };
                    undo.push((idx, old));
                }
            }
        }
        let mut next_slot = slots.iter().copied();
        let owner_of = |e: &Event| match e.kind {
            EventKind::Update { owner, .. } => owner,
            _ => e.tid,
        };
        let owner = owner_of(ev);
        let own_store = match ev.kind {
            EventKind::Load { own_store, .. } => own_store,
            _ => None,
        };
        let flushed = |t: Tid, s: u32| update_at.contains_key(&(t, s));
        let covered = |i: u32| {
            let x = &entries[i as usize];
            clocks.covers(e.clock, x.ev.tid, x.seq)
        };
        for y in accesses.iter() {
            for (w, m) in cells::words(y) {
                let slot = next_slot.next().expect("a slot per word");
                debug_assert_eq!(Some(slot), mem.index_of(w), "word {w} out of order");
                let word = mem.at_mut(slot);
                cells::update(word, m, |c| {
                    if y.memory && y.write {
                        if let Some(o) = c.mw.get() {
                            let old = &entries[o as usize].ev;
                            if old.tid != tid {
                                c.mw_tid = c.mw;
                            }
                            if owner_of(old) != owner {
                                c.mw_own = c.mw;
                            }
                        }
                        c.mw = Slot::of(idx);
                        if matches!(ev.kind, EventKind::Update { .. }) {
                            // The owner's loads of stores now in memory
                            // conflict like any other read: keep the newest.
                            let done = |r: &OwnRead| r.tid == owner && flushed(r.tid, r.seq);
                            if let Some(at) = c.own.iter().filter(|r| done(r)).map(|r| r.at).max() {
                                c.own.retain(|r| !done(r));
                                let t = c.thr_mut(owner);
                                t.read = t.read.max(Slot::of(at));
                            }
                        }
                        // Reads that happen before this write: it (or a
                        // newer write) stands for them.
                        for t in c.thr.iter_mut() {
                            if t.read.get().is_some_and(covered) {
                                t.read = Slot::NONE;
                            }
                        }
                        c.own.retain(|r| !covered(r.at));
                    } else if y.memory {
                        match own_store.filter(|&s| !flushed(tid, s)) {
                            Some(seq) => {
                                c.own.retain(|r| r.tid != tid || r.seq != seq);
                                c.own.push(OwnRead { tid, seq, at: idx });
                            }
                            None => {
                                c.own.retain(|r| r.tid != tid);
                                c.thr_mut(tid).read = Slot::of(idx);
                            }
                        }
                    }
                    if y.program && y.write {
                        c.thr_mut(tid).write = Slot::of(idx);
                    }
                });
            }
        }
    }

    /// The open atomic section and its depth after event `idx` (`ev`),
    /// from those after the thread's previous event `prev`.
    fn section_after(&self, ev: &Event, prev: Option<u32>, idx: u32) -> (Option<u32>, u32) {
        let prev = prev.map(|p| {
            let e = &self.entries[p as usize];
            (e.section, e.depth)
        });
        section_step(prev, &ev.kind, idx)
    }

    /// The `AtomicBegin` of the atomic section open at event `i`, if any:
    /// the position before which another thread's event must go to be
    /// reversed with `i` (and where threads blocked by the section could
    /// have run instead).
    pub fn open_section(&self, i: usize) -> Option<usize> {
        self.entries[i].section.map(|b| b as usize)
    }

    /// Whether store `seq` of thread `owner` reached memory among the first
    /// `upto` events.
    pub fn flushed_before(&self, owner: Tid, seq: u32, upto: usize) -> bool {
        self.update_at
            .get(&(owner, seq))
            .is_some_and(|&u| (u as usize) < upto)
    }

    /// Fills in `own_store` of a load that would run after the first `upto`
    /// events: the store of its own thread whose value it returns, when one
    /// store supplies all its bytes (forwarded from the buffer, or written
    /// back by the store's update with nothing written over it since).
    pub fn classify(&self, ev: &mut Event, upto: usize) {
        let EventKind::Load {
            addr,
            size,
            ref mut own_store,
            ..
        } = ev.kind
        else {
            return;
        };
        *own_store = None;
        if self.buffered.get(&ev.tid).is_none_or(|&n| n == 0) {
            return;
        }
        let range = (addr, size as u64);
        let newest = if upto == self.len() {
            let cells = self.range_cells(range);
            cells
                .filter_map(|c| c.thr(ev.tid).map(|t| t.write))
                .max()
                .and_then(Slot::get)
        } else {
            // Only when an execution ended, for the threads it stopped.
            (0..upto as u32)
                .rev()
                .find(|&i| self.entries[i as usize].ev.tid == ev.tid && self.writes(i, range))
        };
        let Some(i) = newest else {
            return;
        };
        let e = &self.entries[i as usize];
        if !matches!(e.ev.kind, EventKind::Store { buffered: true, .. }) || !covers(&e.ev, range) {
            return;
        }
        let seq = e.seq;
        *own_store = match self.update_at.get(&(ev.tid, seq)) {
            Some(&u) if (u as usize) < upto => {
                (self.newest_memory_write(range, upto) == Some(u)).then_some(seq)
            }
            _ => Some(seq),
        };
    }

    /// The newest of the first `upto` events that wrote bytes of `range` to
    /// memory.
    fn newest_memory_write(&self, range: (u64, u64), upto: usize) -> Option<u32> {
        if upto == self.len() {
            return self.range_cells(range).map(|c| c.mw).max()?.get();
        }
        (0..upto as u32).rev().find(|&j| {
            let e = &self.entries[j as usize].ev;
            e.accesses()
                .iter()
                .any(|x| x.write && x.memory && overlaps(x, range))
        })
    }

    /// Whether event `i` writes bytes of `range` (into memory or a buffer).
    fn writes(&self, i: u32, range: (u64, u64)) -> bool {
        let e = &self.entries[i as usize].ev;
        e.accesses().iter().any(|x| x.write && overlaps(x, range))
    }

    /// The reversible races of a new event, given its dependent
    /// predecessors: the hb-maximal ones, with a release replaced by the
    /// acquire that opened its critical section.
    fn races(
        &self,
        ev: &Event,
        base: &VClock,
        deps: &[u32],
        enabler: Option<u32>,
    ) -> SmallVec<[u32; 2]> {
        let mut out: SmallVec<[u32; 2]> = SmallVec::new();
        for &i in deps {
            let e = &self.entries[i as usize];
            let maximal = deps
                .iter()
                .all(|&j| j == i || !self.hb(i as usize, j as usize));
            if !maximal || self.enables_at(i, ev, enabler) {
                continue;
            }
            let partner = match self.opening_acquire(i, ev) {
                Some(a) => a,
                None if waits_to_acquire(ev).is_some() && releases(&e.ev).is_some() => continue,
                None => i,
            };
            // Inside an atomic section of another thread, `ev` can only go
            // before the whole section.
            let partner = match self.entries[partner as usize].section {
                Some(b) if self.entries[partner as usize].ev.tid != ev.tid => b,
                _ => partner,
            };
            let p = &self.entries[partner as usize];
            // `ev` cannot move before the event that enabled it.
            let needs =
                enabler.is_some_and(|x| x == partner || self.hb(partner as usize, x as usize));
            if !needs && !base.covers(p.ev.tid, p.seq) && !out.contains(&partner) {
                out.push(partner);
            }
        }
        out
    }

    /// If `ev` acquires a mutex (or is any event after an atomic section)
    /// and event `i` released it, the event that acquired it before `i`.
    fn opening_acquire(&self, i: u32, ev: &Event) -> Option<u32> {
        let e = &self.entries[i as usize];
        if matches!(e.ev.kind, weft_core::EventKind::AtomicEnd { .. }) {
            // The section's outermost `AtomicBegin` (see `Entry::section`).
            return e
                .prev_same_thread
                .and_then(|p| self.entries[p as usize].section);
        }
        let m = releases(&e.ev).filter(|m| waits_to_acquire(ev) == Some(*m))?;
        // Walk back to the acquire that took the mutex from free, counting
        // nested (recursive) acquisitions.
        let mut depth = 1u32;
        let mut cur = e.prev_same_thread;
        while let Some(j) = cur {
            let x = &self.entries[j as usize];
            let (opens, closes) = (acquires(&x.ev) == Some(m), releases(&x.ev) == Some(m));
            depth = depth + closes as u32 - opens as u32;
            if depth == 0 {
                return Some(j);
            }
            cur = x.prev_same_thread;
        }
        None
    }

    /// A finding for `bug` with the current execution's schedule and events.
    pub fn finding(&self, bug: Bug, output: &[weft_core::Output]) -> crate::Finding {
        if self.tracking.light {
            return self.rebuilt().finding(bug, output);
        }
        crate::Finding {
            bug,
            schedule: self.entries.iter().map(|e| e.choice).collect(),
            trace: self.entries.iter().map(|e| e.ev.clone()).collect(),
            output: output.to_vec(),
            clocks: (0..self.len())
                .map(|i| crate::EventClocks {
                    sync: self.sync_clock(i).to_vec(),
                    dep: self.clock(i).to_vec(),
                })
                .collect(),
            inputs: Vec::new(),
            found_under: None,
        }
    }

    /// A full trace of the same events (see [`Tracking::light`]).
    fn rebuilt(&self) -> Trace {
        let mut full = Trace::new(Tracking {
            light: false,
            ..self.tracking
        });
        for e in &self.entries {
            // Its data races were reported when it was first pushed.
            let _ = full.push(e.ev.clone(), e.choice);
        }
        full
    }

    /// Drops every event from position `n` on, undoing their changes to the
    /// summaries.
    pub fn truncate(&mut self, n: usize) {
        self.race.truncate(n);
        if let Some(e) = self.entries.get(n) {
            self.clocks.truncate(e.clock);
        }
        while self.entries.len() > n {
            let e = self.entries.pop().expect("non-empty");
            self.by_thread[e.ev.tid as usize].pop();
            self.in_sections -= (e.depth > 0) as u32;
            if let EventKind::Spawn { child } = e.ev.kind {
                self.spawn_of.remove(&child);
            }
            if let EventKind::Update {
                owner, store_seq, ..
            } = e.ev.kind
            {
                self.update_at.remove(&(owner, store_seq));
            }
            if let EventKind::Store { buffered: true, .. } = e.ev.kind {
                if let Some(n) = self.buffered.get_mut(&e.ev.tid) {
                    *n -= 1;
                }
            }
        }
        self.section_owner = (self.in_sections > 0)
            .then(|| {
                self.by_thread
                    .iter()
                    .filter_map(|l| l.last())
                    .find(|&&i| self.entries[i as usize].depth > 0)
                    .map(|&i| self.entries[i as usize].ev.tid)
            })
            .flatten();
        while self.undo.last().is_some_and(|u| u.0 as usize >= n) {
            match self.undo.pop().expect("non-empty").1 {
                Undo::Word(slot, old) => *self.mem.at_mut(slot) = old,
                Undo::NewWord(w) => self.mem.drop_newest(w),
                Undo::Obj(o, old) => restore(&mut self.objs, o, old),
                Undo::Global(old) => self.last_global = old,
                Undo::Waker(k, old) => restore(&mut self.wakers, k, old),
                Undo::Broadcast(cond) => {
                    let all = self.broadcasts.get_mut(&cond);
                    let popped = all.and_then(Vec::pop);
                    debug_assert!(popped.is_some(), "an undone broadcast was recorded");
                }
            }
        }
    }

    /// `notdep(e_i, E).e_j`: the events after `i` that do not happen after
    /// it, followed by event `j`.
    pub fn reversal(&self, i: usize, j: usize) -> Vec<usize> {
        let mut v = self.notdep(i, j);
        v.push(j);
        v
    }

    /// The events in `(i, end)` that do not happen after event `i`.
    pub fn notdep(&self, i: usize, end: usize) -> Vec<usize> {
        (i + 1..end).filter(|&k| !self.hb(i, k)).collect()
    }
}

/// Puts back the value `old` (or its absence) of `key`.
fn restore<K: std::hash::Hash + Eq, V>(map: &mut FxHashMap<K, V>, key: K, old: Option<V>) {
    match old {
        Some(v) => map.insert(key, v),
        None => map.remove(&key),
    };
}

/// Whether access `x` overlaps the byte range `(addr, size)`.
fn overlaps(x: &Access, (addr, size): (u64, u64)) -> bool {
    x.addr < addr + size && addr < x.addr + x.size
}

/// Whether `e`'s single access covers every byte of `(addr, size)`.
fn covers(e: &Event, (addr, size): (u64, u64)) -> bool {
    e.accesses()
        .iter()
        .any(|x| x.addr <= addr && addr + size <= x.addr + x.size)
}

/// The `AtomicBegin` of a thread's outermost open atomic section and the
/// section's depth, after its event `idx` of kind `kind`, from those after
/// its previous event `prev` (its section and depth). See
/// [`Entry::section`].
pub(crate) fn section_step(
    prev: Option<(Option<u32>, u32)>,
    kind: &EventKind,
    idx: u32,
) -> (Option<u32>, u32) {
    let (section, depth) = prev.unwrap_or((None, 0));
    match kind {
        EventKind::AtomicBegin { .. } if depth == 0 => (Some(idx), 1),
        EventKind::AtomicBegin { .. } => (section, depth + 1),
        EventKind::AtomicEnd { .. } if depth <= 1 => (None, 0),
        EventKind::AtomicEnd { .. } => (section, depth - 1),
        // A finished thread leaves its section (the machine resets it).
        EventKind::Exit => (None, 0),
        _ => (section, depth),
    }
}
