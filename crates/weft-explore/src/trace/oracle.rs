#![allow(dead_code)]
//! The trace as it was before the per-location summaries: every event
//! indexed by the words and sync objects it touched, and each new event
//! scanning those lists (global events the whole trace). Kept only as the
//! oracle of the summaries' tests: O(history) per event.

use crate::clock::VClock;
use crate::footprint::{
    acquires, dep_objects, depends, enables, is_global, releases, sync_objects, waits_to_acquire,
    Flushes,
};
use crate::summary::Choice;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use weft_core::{Bug, BugKind, Event, EventKind, SyncObj, Tid};

/// Where an event is indexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Word(u64),
    Sync(SyncObj),
}

/// One executed event and its bookkeeping.
#[derive(Clone, Debug)]
pub struct OldEntry {
    pub ev: Event,
    pub choice: Choice,
    /// 1-based position of the event among its thread's events.
    pub seq: u32,
    pub clock: VClock,
    pub sync_clock: VClock,
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
    keys: SmallVec<[Key; 4]>,
}

/// The events of the current execution.
#[derive(Default)]
pub struct OldTrace {
    pub entries: Vec<OldEntry>,
    index: FxHashMap<Key, Vec<u32>>,
    globals: Vec<u32>,
    last_of: Vec<Option<u32>>,
    spawn_of: FxHashMap<Tid, u32>,
    /// The auxiliary (store-buffer) threads of each thread (TSO/PSO).
    aux_of: FxHashMap<Tid, SmallVec<[Tid; 2]>>,
    /// The update of each buffered store that has reached memory, by
    /// `(owner, store_seq)` (TSO/PSO).
    update_at: FxHashMap<(Tid, u32), u32>,
    /// How many buffered stores (TSO/PSO) each thread has in the trace:
    /// only a thread with some can load its own store back.
    buffered: FxHashMap<Tid, u32>,
    /// Check for data races (plain accesses not ordered by sync clocks).
    pub race_check: bool,
}

impl OldTrace {
    pub fn new(race_check: bool) -> OldTrace {
        OldTrace {
            race_check,
            ..OldTrace::default()
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
        self.entries[j].clock.covers(e.ev.tid, e.seq)
    }

    fn keys_of(ev: &Event) -> SmallVec<[Key; 4]> {
        let mut keys = SmallVec::new();
        for a in ev.accesses().iter() {
            for w in (a.addr >> 3)..=((a.addr + a.size.max(1) - 1) >> 3) {
                if !keys.contains(&Key::Word(w)) {
                    keys.push(Key::Word(w));
                }
            }
        }
        for (o, _) in dep_objects(ev).into_iter().flatten() {
            keys.push(Key::Sync(o));
        }
        keys
    }

    /// Earlier events that `ev` could depend on (a superset; callers filter).
    fn neighbours(&self, ev: &Event, keys: &[Key]) -> SmallVec<[u32; 16]> {
        let mut out: SmallVec<[u32; 16]> = SmallVec::new();
        if is_global(ev) {
            out.extend(0..self.entries.len() as u32);
            return out;
        }
        for k in keys {
            if let Some(list) = self.index.get(k) {
                out.extend(list.iter().copied());
            }
        }
        out.extend(self.globals.iter().copied());
        out.sort_unstable();
        out.dedup();
        out
    }

    fn last(&self, tid: Tid) -> Option<u32> {
        self.last_of.get(tid as usize).copied().flatten()
    }

    /// The clock an event starts from: its thread's previous event, or the
    /// event that created the thread; for a buffer update also the store it
    /// writes, and for a barrier every update of its own buffer so far.
    fn base(&self, ev: &Event) -> (Option<u32>, VClock, VClock, u32) {
        let tid = ev.tid;
        let prev = self.last(tid);
        let from = prev.or_else(|| self.spawn_of.get(&tid).copied());
        let mut edges: SmallVec<[u32; 4]> = from.into_iter().collect();
        if let weft_core::EventKind::Update {
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
        if ev.is_barrier() && !matches!(ev.kind, weft_core::EventKind::Update { .. }) {
            let aux = self.aux_of.get(&tid).into_iter().flatten();
            edges.extend(aux.filter_map(|&a| self.last(a)));
        }
        let (mut c, mut s) = (VClock::default(), VClock::default());
        for i in edges {
            c.join(&self.entries[i as usize].clock);
            s.join(&self.entries[i as usize].sync_clock);
        }
        let seq = prev.map(|p| self.entries[p as usize].seq + 1).unwrap_or(1);
        (prev, c, s, seq)
    }

    /// The event `ev` cannot move before: the write that woke it from a
    /// spin, or the dependency that enabled it (signal, joined exit).
    fn enabler(&self, ev: &Event, deps: &[u32]) -> Option<u32> {
        match ev.woken_by {
            Some(range) => self.latest_write(ev.tid, range),
            None if matches!(ev.kind, EventKind::CondWake { .. }) => {
                self.cond_waker(ev).filter(|i| deps.contains(i))
            }
            None => deps
                .iter()
                .rev()
                .copied()
                .find(|&i| enables(&self.entries[i as usize].ev, ev)),
        }
    }

    /// What woke the thread of `ev`, a woken wait: the first event after
    /// its wait began (its previous event) that is a broadcast on the
    /// condition variable or a signal naming the thread.
    fn cond_waker(&self, ev: &Event) -> Option<u32> {
        let EventKind::CondWake { cond, how, .. } = ev.kind else {
            return None;
        };
        if how != (weft_core::Wakeup::Signalled { unbidden: false }) {
            return None;
        }
        let wait = self.last(ev.tid)?;
        (wait + 1..self.entries.len() as u32).find(|&i| match self.entries[i as usize].ev.kind {
            EventKind::Broadcast { cond: c, .. } => c == cond,
            EventKind::Signal { cond: c, woke } => c == cond && woke == Some(ev.tid),
            _ => false,
        })
    }

    /// Whether earlier event `i` enables `ev`: of the broadcasts, only
    /// the one that woke it (`waker`) does.
    fn enables_at(&self, i: u32, ev: &Event, waker: Option<u32>) -> bool {
        let e = &self.entries[i as usize].ev;
        match (&e.kind, &ev.kind) {
            (EventKind::Broadcast { .. }, EventKind::CondWake { .. }) => waker == Some(i),
            _ => enables(e, ev),
        }
    }

    /// The latest write by another thread than `tid` to bytes of `range`:
    /// what woke a spin-blocked thread.
    fn latest_write(&self, tid: Tid, range: (u64, u64)) -> Option<u32> {
        self.newest_memory_write(range, self.len(), |e| e.tid != tid)
    }

    /// The `seq`-th event of thread `tid`, if it is in the trace.
    fn event_of(&self, tid: Tid, seq: u32) -> Option<u32> {
        let mut cur = self.last(tid);
        while let Some(i) = cur {
            let e = &self.entries[i as usize];
            if e.seq == seq {
                return Some(i);
            }
            if e.seq < seq {
                return None;
            }
            cur = e.prev_same_thread;
        }
        None
    }

    /// Appends an executed event. Returns a data-race bug if `ev` races
    /// with an earlier plain access (only when `race_check` is on).
    /// Earlier events of other threads that `ev` depends on and that are
    /// not already ordered before it by `base`.
    fn dependencies(&self, ev: &Event, keys: &[Key], base: &VClock) -> SmallVec<[u32; 8]> {
        self.dependencies_among(ev, &self.neighbours(ev, keys), base)
    }

    fn dependencies_among(&self, ev: &Event, near: &[u32], base: &VClock) -> SmallVec<[u32; 8]> {
        let mut deps: SmallVec<[u32; 8]> = SmallVec::new();
        let in_trace = |o, s| self.update_at.contains_key(&(o, s));
        for &i in near {
            let e = &self.entries[i as usize];
            let flushes = Flushes {
                before_earlier: &|o, s| self.flushed_before(o, s, i as usize),
                before_later: &in_trace,
            };
            if e.ev.tid != ev.tid && !base.covers(e.ev.tid, e.seq) && depends(&e.ev, ev, &flushes) {
                deps.push(i);
            }
        }
        deps
    }

    /// The races a thread's *pending* (not executed) event would have if it
    /// ran now: how a blocked or cut-off thread asks to go earlier.
    pub fn pending_races(&self, ev: &Event) -> SmallVec<[u32; 2]> {
        let mut ev = ev.clone();
        self.classify(&mut ev, self.len());
        let ev = &ev;
        let keys = Self::keys_of(ev);
        let (_, base, _, _) = self.base(ev);
        let deps = self.dependencies(ev, &keys, &base);
        let enabler = self.enabler(ev, &deps);
        self.races(ev, &base, &deps, enabler)
    }

    pub fn push(&mut self, mut ev: Event, choice: Choice) -> Option<Bug> {
        self.classify(&mut ev, self.len());
        let tid = ev.tid;
        let keys = Self::keys_of(&ev);
        let (prev, mut clock, mut sync_clock, seq) = self.base(&ev);
        let base = clock.clone();
        let near = self.neighbours(&ev, &keys);
        let deps = self.dependencies_among(&ev, &near, &base);
        for &i in &deps {
            clock.join(&self.entries[i as usize].clock);
        }
        for &i in &near {
            let e = &self.entries[i as usize];
            if e.ev.tid != tid && synchronises(&e.ev, &ev) {
                sync_clock.join(&e.sync_clock);
            }
        }
        clock.set(tid, seq);
        sync_clock.set(tid, seq);
        let enabler = self.enabler(&ev, &deps);
        let races = self.races(&ev, &base, &deps, enabler);
        let bug = if self.race_check {
            self.data_race(&ev, &keys, &sync_clock)
        } else {
            None
        };
        let idx = self.entries.len() as u32;
        let (section, depth) = self.section_after(&ev, prev, idx);
        for k in &keys {
            self.index.entry(*k).or_default().push(idx);
        }
        if is_global(&ev) {
            self.globals.push(idx);
        }
        if let weft_core::EventKind::Spawn { child } = ev.kind {
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
        if self.last_of.len() <= tid as usize {
            self.last_of.resize(tid as usize + 1, None);
        }
        self.last_of[tid as usize] = Some(idx);
        self.entries.push(OldEntry {
            ev,
            choice,
            seq,
            clock,
            sync_clock,
            races,
            prev_same_thread: prev,
            section,
            depth,
            keys,
        });
        bug
    }

    /// The open atomic section and its depth after event `idx` (`ev`),
    /// from those after the thread's previous event `prev` (the rule is
    /// shared with the trace under test, see [`super::section_step`]).
    fn section_after(&self, ev: &Event, prev: Option<u32>, idx: u32) -> (Option<u32>, u32) {
        let prev = prev.map(|p| {
            let e = &self.entries[p as usize];
            (e.section, e.depth)
        });
        super::section_step(prev, &ev.kind, idx)
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
        let newest = self
            .touching(range, upto)
            .find(|&i| self.entries[i as usize].ev.tid == ev.tid && self.writes(i, range));
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
                (self.newest_memory_write(range, upto, |_| true) == Some(u)).then_some(seq)
            }
            _ => Some(seq),
        };
    }

    /// The newest of the first `upto` events that wrote bytes of `range` to
    /// memory and that `which` accepts.
    fn newest_memory_write(
        &self,
        range: (u64, u64),
        upto: usize,
        which: impl Fn(&Event) -> bool,
    ) -> Option<u32> {
        self.touching(range, upto).find(|&j| {
            let e = &self.entries[j as usize].ev;
            which(e)
                && e.accesses()
                    .iter()
                    .any(|x| x.write && x.memory && overlaps(x, range))
        })
    }

    /// The events among the first `upto` that touch words of `range`,
    /// newest first.
    fn touching(&self, (addr, size): (u64, u64), upto: usize) -> impl Iterator<Item = u32> + '_ {
        let mut all: SmallVec<[u32; 16]> = SmallVec::new();
        for w in (addr >> 3)..=((addr + size.max(1) - 1) >> 3) {
            let list = self
                .index
                .get(&Key::Word(w))
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            all.extend(list.iter().copied().filter(|&i| (i as usize) < upto));
        }
        all.sort_unstable_by(|a, b| b.cmp(a));
        all.dedup();
        all.into_iter()
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
                .all(|&j| j == i || !self.entries[j as usize].clock.covers(e.ev.tid, e.seq));
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
            // The section rule is the trace's (see `super::section_step`).
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

    /// A data race between `ev` and an earlier access not ordered before it
    /// by synchronisation.
    fn data_race(&self, ev: &Event, keys: &[Key], sync_clock: &VClock) -> Option<Bug> {
        let mine = ev.accesses();
        if !mine.iter().any(|a| a.program) {
            return None;
        }
        for k in keys.iter().filter(|k| matches!(k, Key::Word(_))) {
            let Key::Word(w) = *k else { continue };
            // The one change from the old scan: the two accesses must
            // overlap in this word (they differed only when an access of a
            // two-range memory operation touched the word and the other
            // range raced elsewhere).
            let in_word = |x: &weft_core::Access, y: &weft_core::Access| {
                let lo = x.addr.max(y.addr).max(w << 3);
                let hi = (x.addr + x.size).min(y.addr + y.size).min((w + 1) << 3);
                lo < hi
            };
            let Some(list) = self.index.get(k) else {
                continue;
            };
            for &i in list.iter().rev() {
                let e = &self.entries[i as usize];
                if e.ev.tid == ev.tid || sync_clock.covers(e.ev.tid, e.seq) {
                    continue;
                }
                let racy = e.ev.accesses().iter().filter(|x| x.program).any(|x| {
                    mine.iter()
                        .filter(|y| y.program)
                        .any(|y| (x.write || y.write) && !(x.atomic && y.atomic) && in_word(x, y))
                });
                if racy {
                    let msg = format!(
                        "data race: thread {} and thread {} access the same memory without synchronisation",
                        e.ev.tid, ev.tid
                    );
                    // Reported at the later source location of the two, so
                    // that both orders of the pair name the same race.
                    let key = |x: &Event| (x.loc.file, x.loc.line, x.tid);
                    let at = if key(&e.ev) > key(ev) { &e.ev } else { ev };
                    let mut bug = Bug::new(BugKind::DataRace, msg, at.tid, at.loc);
                    bug.related = Some(Box::new(e.ev.clone()));
                    return Some(bug);
                }
            }
        }
        None
    }

    /// A finding for `bug` with the current execution's schedule and events.
    pub fn finding(&self, bug: Bug, output: &[weft_core::Output]) -> crate::Finding {
        crate::Finding {
            bug,
            schedule: self.entries.iter().map(|e| e.choice).collect(),
            trace: self.entries.iter().map(|e| e.ev.clone()).collect(),
            output: output.to_vec(),
            clocks: Vec::new(),
            inputs: Vec::new(),
            found_under: None,
        }
    }

    /// Drops every event from position `n` on.
    pub fn truncate(&mut self, n: usize) {
        while self.entries.len() > n {
            let e = self.entries.pop().expect("non-empty");
            let idx = self.entries.len() as u32;
            for k in &e.keys {
                if let Some(list) = self.index.get_mut(k) {
                    if list.last() == Some(&idx) {
                        list.pop();
                    }
                }
            }
            if self.globals.last() == Some(&idx) {
                self.globals.pop();
            }
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
            self.last_of[e.ev.tid as usize] = e.prev_same_thread;
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

/// Whether access `x` overlaps the byte range `(addr, size)`.
fn overlaps(x: &weft_core::Access, (addr, size): (u64, u64)) -> bool {
    x.addr < addr + size && addr < x.addr + x.size
}

/// Whether `e`'s single access covers every byte of `(addr, size)`.
fn covers(e: &Event, (addr, size): (u64, u64)) -> bool {
    e.accesses()
        .iter()
        .any(|x| x.addr <= addr && addr + size <= x.addr + x.size)
}

/// The old rule of which pairs synchronise (every atomic pair with a
/// write, every pair on one sync object), kept for the oracle only.
fn synchronises(earlier: &Event, later: &Event) -> bool {
    let atomic = earlier.accesses().iter().any(|x| {
        x.atomic
            && x.memory
            && later
                .accesses()
                .iter()
                .any(|y| y.atomic && y.memory && (x.write || y.write) && x.overlaps(y))
    });
    if atomic {
        return true;
    }
    let (sa, sb) = (sync_objects(earlier), sync_objects(later));
    sa.iter()
        .flatten()
        .any(|o| sb.iter().flatten().any(|p| o == p))
        || is_global(earlier)
}
