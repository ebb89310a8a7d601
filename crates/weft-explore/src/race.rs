//! Data-race detection under C11 synchronisation.
//!
//! [`Races`] follows the events of the current execution and reports a
//! *data race*: two accesses of different threads to overlapping bytes, at
//! least one a write and at least one not atomic, neither of which happens
//! before the other. Happens-before is built from vector clocks (one per
//! thread, as in FastTrack and Miri's detector) that only C11
//! synchronisation advances:
//! - an acquire read (a load, read-modify-write, or failed compare-exchange
//!   whose order acquires) that reads a release write, or a write in its
//!   release sequence: read-modify-writes of any order continue a release
//!   sequence, any other write ends it (C++20);
//! - fences: a release fence followed by a relaxed write publishes the
//!   clock of the fence; an acquire fence acquires what the thread's relaxed
//!   reads before it read. `seq_cst` accesses and fences are acquire and
//!   release (the single total order adds no happens-before);
//! - every pair of operations on the same mutex, condition variable or
//!   thread (lock/unlock, wait/wake/signal, create/exit/join);
//! - read-write locks: a read or write lock acquires what write unlocks
//!   released, a write lock also what read unlocks released (so readers
//!   stay unordered among themselves); semaphores: a `sem_post` releases,
//!   a wait or successful `trywait` acquires; barriers: every arrival of a
//!   generation releases, and leaving it (or arriving last) acquires;
//! - `__VERIFIER_atomic_*` sections, like one global lock: a section's begin
//!   acquires what every earlier section's end released.
//!
//! Relaxed atomics order nothing. Under TSO/PSO an atomic store publishes its
//! release clock (taken when it is issued) when its update reaches memory,
//! and a load that returns its own thread's buffered store reads no other
//! thread's write.
//!
//! Memory is tracked per byte, in words of eight bytes whose bytes share
//! state until accesses of different sizes split them. Each byte keeps its
//! release clock and the hb-maximal accesses to it (at most a few per
//! thread: an access that happens after an older one and conflicts with
//! everything the older one conflicts with replaces it), so an access costs
//! O(threads), independent of the length of the execution. Every change is
//! logged, and [`Races::truncate`] undoes the events after a point when the
//! explorer backtracks, restoring the state exactly.
//!
//! Each event's thread clock after it is kept, back to back, as the event's
//! sync clock ([`Races::event_clock`]). A thread's clock changes only at its
//! own events (and, before its first one, at its spawn), so undoing an event
//! restores its thread's clock from the thread's previous event instead of
//! logging it.

use crate::clock::{ClockRef, VClock};
use crate::footprint::sync_edges;
use crate::footprint::words;
use crate::words::WordTable;
use rustc_hash::FxHashMap;
use smallvec::{smallvec, SmallVec};
use weft_core::{Access, Bug, BugKind, Event, EventKind, Fences, Order, SyncObj, Tid};

/// The clocks of one thread.
#[derive(Clone, Debug, Default, PartialEq)]
struct Clocks {
    /// What happens before the thread's latest event; its own entry counts
    /// its events.
    clock: VClock,
    /// What a relaxed write publishes: the clock at the latest release fence.
    fence_release: VClock,
    /// What the thread's relaxed reads read: acquired at an acquire fence.
    fence_acquire: VClock,
    /// Depth of the thread's open atomic sections.
    section: u32,
}

/// One recorded access to a byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Acc {
    tid: Tid,
    /// The thread's event count at the access.
    seq: u32,
    /// Index of the event among those pushed (see [`Races::push`]).
    idx: u32,
    write: bool,
    atomic: bool,
}

impl Acc {
    /// Whether every access that races with `old` also conflicts with
    /// `self`, so that `self` may replace `old` once `old` happens before it.
    fn subsumes(&self, old: &Acc) -> bool {
        (self.write || !old.write) && (!self.atomic || old.atomic)
    }
}

/// The state of one byte.
#[derive(Debug, Default, PartialEq)]
struct Cell {
    /// Accesses no later access has replaced.
    accs: SmallVec<[Acc; 4]>,
    /// What an acquire read of the byte synchronises with: the release
    /// clock of the write it reads, joined along its release sequence,
    /// stored in [`Races::clocks`] (cells with equal clocks stored apart
    /// compare unequal, which only keeps them from merging).
    release: Option<ClockRef>,
}

/// By copying the slice: `SmallVec`'s own `Clone` goes element by element.
impl Clone for Cell {
    fn clone(&self) -> Cell {
        Cell {
            accs: SmallVec::from_slice(&self.accs),
            release: self.release,
        }
    }
}

/// What a write of the program does to the release clocks of its bytes.
enum Effect {
    None,
    /// It heads a release sequence publishing this clock, or none.
    Head(Option<ClockRef>),
    /// A read-modify-write: it continues the release sequence it reads,
    /// joining this clock; `true` if the clock covers the sequence's.
    Continue(ClockRef, bool),
}

impl Effect {
    /// Applies the effect to `cell`; a joined clock is stored in `clocks`.
    fn apply(&self, cell: &mut Cell, clocks: &mut crate::clock::Clocks) {
        match *self {
            Effect::None => {}
            Effect::Head(rel) => cell.release = rel,
            Effect::Continue(own, covers) => {
                cell.release = Some(match cell.release {
                    Some(r) if !covers && r != own => clocks.push_join(r, own),
                    _ => own,
                });
            }
        }
    }
}

/// The state of eight bytes: cells with the byte masks they cover, which
/// partition the word.
#[derive(Debug, PartialEq)]
struct Word(SmallVec<[(u8, Cell); 1]>);

/// Cell by cell: `SmallVec`'s own `Clone` goes through its generic
/// `extend`, which costs several times as much on this hot path (every
/// access saves its word for undo).
impl Clone for Word {
    fn clone(&self) -> Word {
        Word(crate::words::clone_each(&self.0))
    }
}

impl Default for Word {
    fn default() -> Word {
        Word(smallvec![(0xff, Cell::default())])
    }
}

impl Word {
    /// Applies `f` to the state of the bytes in `mask`, splitting cells
    /// that straddle it, then merges cells left equal.
    fn update(&mut self, mask: u8, mut f: impl FnMut(&mut Cell)) {
        // Most accesses cover exactly the bytes of one cell.
        if let Some(i) = self.0.iter().position(|(m, _)| *m == mask) {
            f(&mut self.0[i].1);
            let same = (0..self.0.len()).find(|&j| j != i && self.0[j].1 == self.0[i].1);
            if let Some(j) = same {
                let (m, _) = self.0.remove(i);
                let j = if j > i { j - 1 } else { j };
                self.0[j].0 |= m;
            }
            return;
        }
        let mut parts: SmallVec<[(u8, Cell); 2]> = SmallVec::new();
        for (m, cell) in self.0.drain(..) {
            let (inside, outside) = (m & mask, m & !mask);
            if inside == 0 {
                parts.push((m, cell));
                continue;
            }
            if outside != 0 {
                parts.push((outside, cell.clone()));
            }
            let mut cell = cell;
            f(&mut cell);
            parts.push((inside, cell));
        }
        for (m, cell) in parts {
            match self.0.iter_mut().find(|(_, c)| *c == cell) {
                Some((m0, _)) => *m0 |= m,
                None => self.0.push((m, cell)),
            }
        }
    }

    /// The cells that cover bytes of `mask`.
    fn cells(&self, mask: u8) -> impl Iterator<Item = &Cell> {
        self.0
            .iter()
            .filter(move |(m, _)| m & mask != 0)
            .map(|(_, c)| c)
    }
}

/// One of the clocks of a thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Clock,
    FenceRelease,
    FenceAcquire,
}

impl Clocks {
    fn field(&mut self, f: Field) -> &mut VClock {
        match f {
            Field::Clock => &mut self.clock,
            Field::FenceRelease => &mut self.fence_release,
            Field::FenceAcquire => &mut self.fence_acquire,
        }
    }
}

/// A change to undo.
#[derive(Debug)]
enum Undo {
    Clock(Tid, Field, VClock),
    Depth(Tid, u32),
    /// A word's slot and its state before.
    Word(u32, Word),
    /// A word first touched: it was the last slot.
    NewWord(u64),
    Sync(SyncObj, Option<VClock>),
    Section(VClock),
    Stash((Tid, u32), Option<ClockRef>),
}

/// Where an event's changes and stored clocks start, the thread's previous
/// event, and the thread's clock after the event.
#[derive(Clone, Copy, Debug)]
struct Mark {
    undo: u32,
    /// The length of [`Races::clocks`] before the event.
    stored: u32,
    tid: Tid,
    /// Index of the thread's previous event, or [`NONE`]. Undoing an event
    /// restores its thread's clock from that event's; a thread's first
    /// event saves the clock in `undo` instead.
    prev: u32,
    clock: ClockRef,
    /// The length of [`Races::locals`] before the event.
    locals: u32,
}

/// No event (see [`Mark::prev`]).
const NONE: u32 = u32::MAX;

/// Marks an [`Acc::idx`] that indexes [`Races::locals`], not the events.
const LOCAL: u32 = 1 << 31;

/// The data-race detector's state for the current execution.
#[derive(Debug, Default)]
pub struct Races {
    threads: Vec<Clocks>,
    /// Index of each thread's latest event, or [`NONE`].
    last: Vec<u32>,
    /// The thread clock after each event pushed (see [`Mark::clock`]), and
    /// the release clocks the cells and the stash refer to, in the order
    /// the events stored them.
    clocks: crate::clock::Clocks,
    words: WordTable<Word>,
    /// The clock of each mutex, condition variable and thread: every
    /// operation on the object acquires it and releases into it.
    sync: FxHashMap<SyncObj, VClock>,
    /// What the ends of atomic sections released.
    section: VClock,
    /// TSO/PSO: release clocks of buffered atomic stores, by (thread, event
    /// count), published when their update reaches memory.
    stash: FxHashMap<(Tid, u32), ClockRef>,
    undo: Vec<Undo>,
    /// One per event pushed.
    marks: Vec<Mark>,
    /// The plain accesses run as local steps (see [`Races::push_local`]),
    /// for the reports.
    locals: Vec<Event>,
    /// The thread of the current event when its clock needs no saving (it
    /// is restored from the thread's previous event; see [`Mark::prev`]).
    restorable: Option<Tid>,
    /// Thread clocks the current event has saved in `undo`.
    saved: SmallVec<[(Tid, Field); 4]>,
    /// Words the current event has saved in `undo` (the first few; saving
    /// a word twice is harmless).
    saved_words: SmallVec<[u64; 4]>,
}

/// How many saved words an event remembers (see [`Races::saved_words`]).
const SAVED_WORDS: usize = 4;

/// The state of word `w`, saved in `undo` on its first change in an event.
fn word_mut<'a>(
    words: &'a mut WordTable<Word>,
    undo: &mut Vec<Undo>,
    saved: &mut SmallVec<[u64; 4]>,
    w: u64,
) -> &'a mut Word {
    let fresh = !saved.contains(&w);
    if fresh && saved.len() < SAVED_WORDS {
        saved.push(w);
    }
    let (slot, created) = words.slot(w);
    if created {
        undo.push(Undo::NewWord(w));
    } else if fresh {
        undo.push(Undo::Word(slot, words.at(slot).clone()));
    }
    words.at_mut(slot)
}

impl Races {
    /// The number of events pushed.
    pub fn len(&self) -> usize {
        self.marks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.marks.is_empty()
    }

    /// What happens before the latest event of thread `t` (and the event).
    #[cfg(test)]
    pub fn clock(&self, t: Tid) -> &VClock {
        &self.threads[t as usize].clock
    }

    /// What happens before the `i`-th event pushed (and the event): its
    /// thread's clock after it.
    pub fn event_clock(&self, i: usize) -> &[u32] {
        self.clocks.get(self.marks[i].clock)
    }

    /// Processes the next event of the execution. Returns a data race
    /// between one of its accesses and an earlier one, if any; `earlier(i)`
    /// is the `i`-th event pushed (the detector keeps only indices, the
    /// caller keeps the events).
    pub fn push<'e>(&mut self, ev: &Event, earlier: impl Fn(u32) -> &'e Event) -> Option<Bug> {
        let undo = self.undo.len() as u32;
        let stored = self.clocks.end();
        self.saved.clear();
        self.saved_words.clear();
        let t = ev.tid;
        self.grow(t);
        let prev = self.last[t as usize];
        // A thread's first event saves the clock whole (its spawn set it);
        // a later one is undone from the thread's previous event.
        self.restorable = None;
        if prev == NONE {
            self.clock_mut(t, Field::Clock);
        } else {
            self.restorable = Some(t);
        }
        if ev.fences != Fences::default() {
            self.fences(ev);
        }
        let me = &mut self.threads[t as usize];
        let seq = me.clock.get(t) + 1;
        me.clock.set(t, seq);
        if ev.kind == EventKind::Fence && (ev.fences.release || !ev.fences.acquire) {
            self.own_fence_releases(ev);
        }
        self.acquire(ev);
        // Releasing leaves the thread's own clock as it is, so the accesses
        // are checked against the same clock after it, and it is the
        // event's clock: a release write publishes it.
        let clock = self.clocks.push(&self.threads[t as usize].clock);
        let effect = self.release(ev, seq, clock);
        debug_assert_eq!(
            self.clocks.get(clock),
            self.threads[t as usize].clock.as_slice()
        );
        let idx = self.marks.len() as u32;
        let racing = self.check_and_record(ev, seq, idx, effect);
        self.marks.push(Mark {
            undo,
            stored,
            tid: t,
            prev,
            clock,
            locals: self.locals.len() as u32,
        });
        self.last[t as usize] = idx;
        if racing.is_empty() {
            return None;
        }
        let locals = &self.locals;
        self.report(ev, &racing, |i| Self::resolve(locals, i, &earlier))
    }

    /// Checks and records a plain access `ev` (a `Load` or `Store` event of
    /// its thread) that ran as a local step after the last event pushed:
    /// after its thread's latest event, or before the first event of a
    /// thread that event spawned (see `System::local_accesses`). It knows
    /// what its thread's latest event knew, and another thread knows it
    /// once it knows the thread's next event. It belongs to the last event
    /// pushed: undoing that event undoes it. Returns the data race it
    /// completes.
    pub fn push_local<'e>(
        &mut self,
        ev: &Event,
        earlier: impl Fn(u32) -> &'e Event,
    ) -> Option<Bug> {
        debug_assert!(!self.marks.is_empty(), "local steps follow an event");
        let t = ev.tid;
        self.grow(t);
        let seq = self.threads[t as usize].clock.get(t) + 1;
        let idx = LOCAL | self.locals.len() as u32;
        let racing = self.check_and_record(ev, seq, idx, Effect::None);
        self.locals.push(ev.clone());
        if racing.is_empty() {
            return None;
        }
        let locals = &self.locals;
        let mut bug = self.report(ev, &racing, |i| Self::resolve(locals, i, &earlier))?;
        bug.local = Some(Box::new(ev.clone()));
        Some(bug)
    }

    /// The event or local access an [`Acc::idx`] names.
    fn resolve<'a, 'e: 'a>(
        locals: &'a [Event],
        i: u32,
        earlier: &impl Fn(u32) -> &'e Event,
    ) -> &'a Event {
        if i & LOCAL != 0 {
            &locals[(i & !LOCAL) as usize]
        } else {
            earlier(i)
        }
    }

    /// Undoes every event from the `n`-th on.
    pub fn truncate(&mut self, n: usize) {
        fn restore<K: std::hash::Hash + Eq, V>(map: &mut FxHashMap<K, V>, k: K, old: Option<V>) {
            match old {
                Some(v) => {
                    map.insert(k, v);
                }
                None => {
                    map.remove(&k);
                }
            }
        }
        let Some((first, locals)) = self.marks.get(n).map(|m| (m.stored, m.locals)) else {
            return;
        };
        self.locals.truncate(locals as usize);
        while self.marks.len() > n {
            let mark = self.marks.pop().expect("non-empty");
            while self.undo.len() > mark.undo as usize {
                match self.undo.pop().expect("non-empty") {
                    Undo::Clock(t, f, old) => *self.threads[t as usize].field(f) = old,
                    Undo::Depth(t, old) => self.threads[t as usize].section = old,
                    Undo::Word(slot, old) => *self.words.at_mut(slot) = old,
                    Undo::NewWord(w) => self.words.drop_newest(w),
                    Undo::Sync(o, old) => restore(&mut self.sync, o, old),
                    Undo::Section(old) => self.section = old,
                    Undo::Stash(k, old) => restore(&mut self.stash, k, old),
                }
            }
            // A thread's earliest event undone restores its clock last.
            if mark.prev != NONE && (mark.prev as usize) < n {
                let before = self.clocks.get(self.marks[mark.prev as usize].clock);
                self.threads[mark.tid as usize].clock.assign(before);
            }
            self.last[mark.tid as usize] = mark.prev;
        }
        self.clocks.truncate_len(first);
    }

    /// Makes room for thread `t`'s clocks and latest event.
    fn grow(&mut self, t: Tid) {
        if self.threads.len() <= t as usize {
            self.threads.resize(t as usize + 1, Clocks::default());
            self.last.resize(t as usize + 1, NONE);
        }
    }

    /// Clock `f` of thread `t`, saved in `undo` on its first change in an
    /// event (unless [`Races::restorable`]).
    fn clock_mut(&mut self, t: Tid, f: Field) -> &mut VClock {
        self.grow(t);
        let me = &mut self.threads[t as usize];
        let restorable = f == Field::Clock && self.restorable == Some(t);
        if !restorable && !self.saved.contains(&(t, f)) {
            self.saved.push((t, f));
            self.undo.push(Undo::Clock(t, f, me.field(f).clone()));
        }
        me.field(f)
    }

    /// Sets thread `t`'s depth of atomic sections.
    fn set_depth(&mut self, t: Tid, depth: u32) {
        let me = &mut self.threads[t as usize];
        self.undo.push(Undo::Depth(t, me.section));
        me.section = depth;
    }

    /// Applies the fences the thread executed before `ev`, in their order.
    /// Out of line: few events come after a C11 fence.
    #[cold]
    #[inline(never)]
    fn fences(&mut self, ev: &Event) {
        let (f, t) = (ev.fences, ev.tid);
        if f.release_first {
            let now = self.threads[t as usize].clock.clone();
            *self.clock_mut(t, Field::FenceRelease) = now;
        }
        if f.acquire {
            self.clock_mut(t, Field::Clock);
            let me = &mut self.threads[t as usize];
            me.clock.join(&me.fence_acquire);
        }
        if f.release {
            let now = self.threads[t as usize].clock.clone();
            *self.clock_mut(t, Field::FenceRelease) = now;
        }
    }

    /// A fence event whose own fence releases publishes the clock that
    /// includes the fence event itself: plain accesses run as local steps
    /// before it count as its thread's next event (see
    /// [`Races::push_local`]), so it publishes them too. The fence event
    /// has no accesses of its own, so that covers nothing more.
    fn own_fence_releases(&mut self, ev: &Event) {
        let t = ev.tid;
        if ev.fences.release || ev.fences.release_first {
            let now = self.threads[t as usize].clock.clone();
            *self.clock_mut(t, Field::FenceRelease) = now;
        }
    }

    /// The acquire half of `ev`: what it synchronises with.
    fn acquire(&mut self, ev: &Event) {
        let t = ev.tid;
        let (acquired, _, _) = sync_edges(ev);
        for o in acquired.into_iter().flatten() {
            if let Some(c) = self.sync.get(&o) {
                // The event's own clock is saved or restorable (see `push`).
                debug_assert!(
                    self.restorable == Some(t) || self.saved.contains(&(t, Field::Clock))
                );
                self.threads[t as usize].clock.join(c);
            }
        }
        if let EventKind::AtomicBegin { .. } = ev.kind {
            self.clock_mut(t, Field::Clock);
            self.threads[t as usize].clock.join(&self.section);
            let depth = self.threads[t as usize].section;
            self.set_depth(t, depth + 1);
        }
        let Some((addr, size, order)) = atomic_read(ev) else {
            return;
        };
        let read = self.released(addr, size);
        if read.is_empty() {
            return;
        }
        let f = if order.acquires() {
            Field::Clock
        } else {
            Field::FenceAcquire
        };
        self.clock_mut(t, f);
        let into = self.threads[t as usize].field(f);
        for r in read {
            into.join_slice(self.clocks.get(r));
        }
    }

    /// The release clocks of the bytes of a range (their join is what an
    /// acquire read of it synchronises with).
    fn released(&self, addr: u64, size: u64) -> SmallVec<[ClockRef; 2]> {
        let mut out: SmallVec<[ClockRef; 2]> = SmallVec::new();
        for (w, mask) in words(addr, size) {
            let Some(word) = self.words.get(w) else {
                continue;
            };
            for r in word.cells(mask).filter_map(|c| c.release) {
                if !out.contains(&r) {
                    out.push(r);
                }
            }
        }
        out
    }

    /// Checks the accesses of `ev` (its `seq`-th event of its thread, the
    /// `idx`-th pushed) against the earlier ones and records them, applying
    /// `effect` to the release clocks of the bytes it writes. Returns the
    /// earlier accesses that race with them.
    ///
    /// Checking an access after recording an earlier one of the same event
    /// finds the same races: recording drops only accesses that happen
    /// before the event, and adds its own thread's.
    fn check_and_record(
        &mut self,
        ev: &Event,
        seq: u32,
        idx: u32,
        effect: Effect,
    ) -> SmallVec<[u32; 2]> {
        let mut out: SmallVec<[u32; 2]> = SmallVec::new();
        let accesses = ev.accesses();
        if !accesses.iter().any(|y| y.program) {
            return out;
        }
        let t = ev.tid;
        let Races {
            threads,
            words: map,
            undo,
            saved_words,
            clocks,
            ..
        } = self;
        let clock = &threads[t as usize].clock;
        for y in accesses.iter().filter(|y| y.program) {
            let acc = Acc {
                tid: t,
                seq,
                idx,
                write: y.write,
                atomic: y.atomic,
            };
            let effect = if y.write && y.memory {
                &effect
            } else {
                &Effect::None
            };
            for (w, mask) in words(y.addr, y.size) {
                let word = word_mut(map, undo, saved_words, w);
                for e in word.cells(mask).flat_map(|c| c.accs.iter()) {
                    let racy = e.tid != t
                        && !clock.covers(e.tid, e.seq)
                        && (e.write || y.write)
                        && !(e.atomic && y.atomic);
                    if racy && !out.contains(&e.idx) {
                        out.push(e.idx);
                    }
                }
                word.update(mask, |cell| {
                    cell.accs
                        .retain(|e| !(clock.covers(e.tid, e.seq) && acc.subsumes(e)));
                    cell.accs.push(acc);
                    effect.apply(cell, clocks);
                });
            }
        }
        out
    }

    /// The release half of `ev`: what it publishes in synchronisation
    /// objects and, for a buffer update, in memory; for the program's own
    /// writes to memory, what they do to the release clocks of the bytes
    /// (applied as they are recorded). `own` is the event's clock, stored.
    fn release(&mut self, ev: &Event, seq: u32, own: ClockRef) -> Effect {
        let t = ev.tid;
        let mut effect = Effect::None;
        match ev.kind {
            EventKind::Store {
                atomic,
                order,
                buffered,
                ..
            } => {
                let rel = if atomic {
                    self.publishes(t, order, own)
                } else {
                    None
                };
                if !buffered {
                    effect = Effect::Head(rel);
                } else if let Some(rel) = rel {
                    let old = self.stash.insert((t, seq), rel);
                    self.undo.push(Undo::Stash((t, seq), old));
                }
            }
            EventKind::Update {
                addr,
                size,
                owner,
                store_seq,
                atomic,
                ..
            } => {
                let rel = if atomic {
                    self.stash.remove(&(owner, store_seq))
                } else {
                    None
                };
                if let Some(old) = rel {
                    self.undo.push(Undo::Stash((owner, store_seq), Some(old)));
                }
                self.set_release(addr, size as u64, rel);
            }
            EventKind::Rmw { order, .. }
            | EventKind::CmpXchg {
                ok: true, order, ..
            } => {
                // The write continues the release sequence it reads from.
                // An acquire-release has acquired that sequence's clock, so
                // its own clock covers it.
                if let Some(own) = self.publishes(t, order, own) {
                    let covers = order.acquires() && order.releases();
                    effect = Effect::Continue(own, covers);
                }
            }
            EventKind::MemOp { write: Some(_), .. } | EventKind::Free { .. } => {
                effect = Effect::Head(None);
            }
            _ => {}
        }
        let (_, objects, joins) = sync_edges(ev);
        let leaves = match ev.kind {
            EventKind::AtomicEnd { .. } => true,
            EventKind::Exit => self.threads[t as usize].section > 0,
            _ => false,
        };
        let spawn = match ev.kind {
            EventKind::Spawn { child } => Some(child),
            _ => None,
        };
        for o in objects.into_iter().flatten() {
            let mut now = self.threads[t as usize].clock.clone();
            if joins {
                if let Some(c) = self.sync.get(&o) {
                    now.join(c);
                }
                let old = self.sync.insert(o, now);
                self.undo.push(Undo::Sync(o, old));
                continue;
            }
            // The event acquired the object's clock: joining the thread's
            // clock into it gives the thread's clock.
            let old = self.sync.insert(o, now);
            debug_assert!(old.as_ref().is_none_or(|c| {
                let mut j = c.clone();
                j.join(&self.threads[t as usize].clock);
                j == self.threads[t as usize].clock
            }));
            self.undo.push(Undo::Sync(o, old));
        }
        if leaves {
            let depth = match ev.kind {
                EventKind::AtomicEnd { .. } => self.threads[t as usize].section.saturating_sub(1),
                _ => 0,
            };
            self.set_depth(t, depth);
            self.undo.push(Undo::Section(self.section.clone()));
            self.section.join(&self.threads[t as usize].clock);
        }
        if let Some(child) = spawn {
            self.clock_mut(child, Field::Clock);
            let clock = self.threads[t as usize].clock.clone();
            self.threads[child as usize].clock.join(&clock);
        }
        effect
    }

    /// What a write of thread `t` with `order` publishes: its clock `own` if
    /// it is a release, else the clock of the thread's latest release fence
    /// (stored here).
    fn publishes(&mut self, t: Tid, order: Order, own: ClockRef) -> Option<ClockRef> {
        let me = &self.threads[t as usize];
        if order.releases() {
            Some(own)
        } else if me.fence_release != VClock::default() {
            Some(self.clocks.push(&me.fence_release))
        } else {
            None
        }
    }

    /// A write that heads a new release sequence (or none) to a range.
    fn set_release(&mut self, addr: u64, size: u64, rel: Option<ClockRef>) {
        for (w, mask) in words(addr, size) {
            let needed = rel.is_some()
                || self
                    .words
                    .get(w)
                    .is_some_and(|x| x.cells(mask).any(|c| c.release.is_some()));
            if needed {
                word_mut(&mut self.words, &mut self.undo, &mut self.saved_words, w)
                    .update(mask, |cell| cell.release = rel);
            }
        }
    }

    /// The data race of `ev` with one of the `racing` earlier events, named
    /// as before this detector existed: the newest racing event that
    /// touches the first word `ev` touches that any racing event touches,
    /// reported at the later source location of the two.
    /// Out of line: most events race with nothing, and the hot path of
    /// `push` stays small (it runs for every event).
    #[cold]
    #[inline(never)]
    fn report<'e>(
        &self,
        ev: &Event,
        racing: &[u32],
        earlier: impl Fn(u32) -> &'e Event,
    ) -> Option<Bug> {
        let rank = |i: u32| -> (usize, u64, std::cmp::Reverse<u32>) {
            let e = earlier(i);
            let mut best = (usize::MAX, u64::MAX);
            for (k, y) in ev.accesses().iter().enumerate() {
                let (lo, hi) = word_span(y);
                for x in e.accesses().iter() {
                    let (a, b) = word_span(x);
                    if a.max(lo) <= b.min(hi) {
                        best = best.min((k, a.max(lo)));
                    }
                }
            }
            (best.0, best.1, std::cmp::Reverse(i))
        };
        let first = racing.iter().copied().min_by_key(|&i| rank(i))?;
        let e = earlier(first);
        let msg = format!(
            "data race: thread {} and thread {} access the same memory without synchronisation",
            e.tid, ev.tid
        );
        // Reported at the later source location of the two, so that both
        // orders of the pair name the same race.
        let key = |x: &Event| (x.loc.file, x.loc.line, x.tid);
        let at = if key(e) > key(ev) { e } else { ev };
        let mut bug = Bug::new(BugKind::DataRace, msg, at.tid, at.loc);
        // As the program executed it: without the explorer's note of which
        // own store a load returned (a light trace does not make it).
        let mut related = e.clone();
        if let EventKind::Load { own_store, .. } = &mut related.kind {
            *own_store = None;
        }
        bug.related = Some(Box::new(related));
        Some(bug)
    }
}

/// The range an atomic read of `ev` reads and the order it reads with: an
/// atomic load (unless it returns its own thread's buffered store), a
/// read-modify-write, or a compare-exchange (with its failure order when
/// it fails).
fn atomic_read(ev: &Event) -> Option<(u64, u64, Order)> {
    let (addr, size, order) = match ev.kind {
        EventKind::Load {
            addr,
            size,
            atomic: true,
            order,
            own_store: None,
            ..
        } => (addr, size, order),
        EventKind::Rmw {
            addr, size, order, ..
        } => (addr, size, order),
        EventKind::CmpXchg {
            addr,
            size,
            ok,
            order,
            failure,
            ..
        } => (addr, size, if ok { order } else { failure }),
        _ => return None,
    };
    Some((addr, size as u64, order))
}

/// The first and last word an access touches.
fn word_span(a: &Access) -> (u64, u64) {
    (a.addr >> 3, (a.addr + a.size.max(1) - 1) >> 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use weft_core::{Fences, Loc};

    const DATA: u64 = 0x1000;
    const FLAG: u64 = 0x2000;

    fn ev(tid: Tid, line: u32, kind: EventKind) -> Event {
        Event {
            tid,
            kind,
            loc: Loc { file: 0, line },
            woken_by: None,
            fences: Fences::default(),
        }
    }

    fn with_fence(mut e: Event, order: Order) -> Event {
        e.fences.add(order);
        e
    }

    fn store(addr: u64, size: u32, atomic: bool, order: Order) -> EventKind {
        EventKind::Store {
            addr,
            size,
            value: 1,
            atomic,
            order,
            buffered: false,
        }
    }

    fn load(addr: u64, size: u32, atomic: bool, order: Order) -> EventKind {
        EventKind::Load {
            addr,
            size,
            value: 1,
            atomic,
            order,
            own_store: None,
        }
    }

    fn plain_store(addr: u64) -> EventKind {
        store(addr, 4, false, Order::Relaxed)
    }

    fn plain_load(addr: u64) -> EventKind {
        load(addr, 4, false, Order::Relaxed)
    }

    fn rmw(addr: u64, order: Order) -> EventKind {
        EventKind::Rmw {
            addr,
            size: 4,
            old: 1,
            new: 2,
            order,
        }
    }

    /// Runs `events` on a fresh detector; the lines of the events that
    /// reported a race.
    fn races(events: &[Event]) -> Vec<u32> {
        let mut r = Races::default();
        events
            .iter()
            .filter_map(|e| r.push(e, |i| &events[i as usize]).map(|_| e.loc.line))
            .collect()
    }

    /// Thread 0 spawns thread 1, which writes the data then the flag with
    /// `store_order` (after `release_fence` if any); thread 0 loads the
    /// flag with `load_order` (then `acquire_fence`) and reads the data.
    fn message_passing(
        store_order: Order,
        load_order: Order,
        release_fence: Option<Order>,
        acquire_fence: Option<Order>,
    ) -> Vec<Event> {
        let mut flag = ev(1, 3, store(FLAG, 4, true, store_order));
        if let Some(o) = release_fence {
            flag.fences.add(o);
        }
        let mut read = ev(0, 5, plain_load(DATA));
        if let Some(o) = acquire_fence {
            read.fences.add(o);
        }
        vec![
            ev(0, 1, EventKind::Spawn { child: 1 }),
            ev(1, 2, plain_store(DATA)),
            flag,
            ev(0, 4, load(FLAG, 4, true, load_order)),
            read,
        ]
    }

    /// Message passing with the data accesses run as local steps (see
    /// [`Races::push_local`]): thread 1 writes the data locally right
    /// after its spawn, then stores the flag with `store_order`, or, with
    /// `fence`, runs a release fence event then a relaxed store; thread 0
    /// loads the flag with `load_order` and reads the data locally after
    /// the load. The lines that reported a race (the local read is line 9).
    fn local_message_passing(store_order: Order, load_order: Order, fence: bool) -> Vec<u32> {
        let mut events = vec![ev(0, 1, EventKind::Spawn { child: 1 })];
        if fence {
            events.push(with_fence(ev(1, 3, EventKind::Fence), Order::Release));
        }
        events.push(ev(1, 4, store(FLAG, 4, true, store_order)));
        events.push(ev(0, 5, load(FLAG, 4, true, load_order)));
        let mut r = Races::default();
        let mut lines = Vec::new();
        for (i, e) in events.iter().enumerate() {
            let mut found = r.push(e, |k| &events[k as usize]).is_some();
            // Local steps after the spawn (thread 1's write) and after the
            // flag load (thread 0's read).
            let local = match i {
                0 => Some(ev(1, 2, plain_store(DATA))),
                _ if e.tid == 0 => Some(ev(0, 9, plain_load(DATA))),
                _ => None,
            };
            if let Some(l) = local {
                if let Some(bug) = r.push_local(&l, |k| &events[k as usize]) {
                    assert_eq!(bug.local.as_deref(), Some(&l), "the local access is named");
                    found = true;
                }
            }
            if found {
                lines.push(e.loc.line);
            }
        }
        lines
    }

    #[test]
    fn local_accesses_are_ordered_by_synchronisation() {
        use Order::*;
        assert_eq!(
            local_message_passing(Release, Acquire, false),
            Vec::<u32>::new()
        );
        assert_eq!(
            local_message_passing(SeqCst, SeqCst, false),
            Vec::<u32>::new()
        );
        assert_eq!(local_message_passing(Relaxed, Acquire, false), vec![5]);
        assert_eq!(local_message_passing(Release, Relaxed, false), vec![5]);
        // A release fence event publishes the local write before it.
        assert_eq!(
            local_message_passing(Relaxed, Acquire, true),
            Vec::<u32>::new()
        );
    }

    #[test]
    fn local_accesses_are_undone_with_their_event() {
        let spawn = ev(0, 1, EventKind::Spawn { child: 1 });
        let events = [spawn.clone()];
        let mut r = Races::default();
        assert!(r.push(&spawn, |k| &events[k as usize]).is_none());
        assert!(r
            .push_local(&ev(1, 2, plain_store(DATA)), |k| &events[k as usize])
            .is_none());
        let read = ev(0, 3, plain_load(DATA));
        assert!(r.push_local(&read, |k| &events[k as usize]).is_some());
        // Undoing the spawn undoes both local steps: the read races no more.
        r.truncate(0);
        assert!(r.push(&spawn, |k| &events[k as usize]).is_none());
        assert!(r.push_local(&read, |k| &events[k as usize]).is_none());
    }

    #[test]
    fn message_passing_needs_release_and_acquire() {
        use Order::*;
        let mp = |s, l| races(&message_passing(s, l, None, None));
        assert_eq!(mp(Relaxed, Relaxed), vec![5]);
        assert_eq!(mp(Release, Relaxed), vec![5]);
        assert_eq!(mp(Relaxed, Acquire), vec![5]);
        assert_eq!(mp(Release, Acquire), Vec::<u32>::new());
        assert_eq!(mp(SeqCst, SeqCst), Vec::<u32>::new());
        assert_eq!(mp(AcqRel, AcqRel), Vec::<u32>::new());
    }

    #[test]
    fn fences_synchronise_relaxed_accesses() {
        use Order::*;
        let mp = |r, a| races(&message_passing(Relaxed, Relaxed, r, a));
        assert!(mp(Some(Release), Some(Acquire)).is_empty());
        assert!(mp(Some(SeqCst), Some(SeqCst)).is_empty());
        assert!(mp(Some(AcqRel), Some(AcqRel)).is_empty());
        assert_eq!(mp(Some(Release), None), vec![5]);
        assert_eq!(mp(None, Some(Acquire)), vec![5]);
        // An acquire fence publishes nothing, a release fence acquires
        // nothing.
        assert_eq!(mp(Some(Acquire), Some(Release)), vec![5]);
        // Fences pair with an access of the other kind too.
        assert!(races(&message_passing(Release, Relaxed, None, Some(Acquire))).is_empty());
        assert!(races(&message_passing(Relaxed, Acquire, Some(Release), None)).is_empty());
    }

    #[test]
    fn a_release_fence_publishes_only_what_came_before_it() {
        use Order::*;
        // Thread 1: fence(release); data = 1; flag.store(relaxed).
        let mut evs = message_passing(Relaxed, Relaxed, None, Some(Acquire));
        evs[1] = with_fence(evs[1].clone(), Release);
        assert_eq!(races(&evs), vec![5]);
        // Thread 0: fence(acquire) before the flag load acquires nothing.
        let mut evs = message_passing(Relaxed, Relaxed, Some(Release), None);
        evs[3] = with_fence(evs[3].clone(), Acquire);
        assert_eq!(races(&evs), vec![5]);
    }

    #[test]
    fn fence_marks_keep_their_order() {
        use Order::*;
        // Thread 1 acquires the flag of thread 2 with a relaxed load, then
        // release fence, acquire fence, relaxed store: the release fence
        // came before the acquire, so what thread 1 acquired is not
        // published; with the fences the other way round it is.
        let run = |first: Order, second: Order| {
            let mut mark = Fences::default();
            mark.add(first);
            mark.add(second);
            let mut flag1 = ev(1, 5, store(FLAG + 8, 4, true, Relaxed));
            flag1.fences = mark;
            let mut read = ev(0, 7, plain_load(DATA));
            read.fences.add(Acquire);
            races(&[
                ev(0, 1, EventKind::Spawn { child: 1 }),
                ev(0, 2, EventKind::Spawn { child: 2 }),
                ev(2, 3, plain_store(DATA)),
                ev(2, 4, store(FLAG, 4, true, Release)),
                ev(1, 4, load(FLAG, 4, true, Relaxed)),
                flag1,
                ev(0, 6, load(FLAG + 8, 4, true, Relaxed)),
                read,
            ])
        };
        assert_eq!(run(Release, Acquire), vec![7]);
        assert!(run(Acquire, Release).is_empty());
    }

    #[test]
    fn release_sequences_continue_through_rmws_only() {
        use Order::*;
        // Thread 1 publishes, thread 2 bumps the flag, thread 0 acquires.
        let run = |bump: EventKind| {
            races(&[
                ev(0, 1, EventKind::Spawn { child: 1 }),
                ev(0, 1, EventKind::Spawn { child: 2 }),
                ev(1, 2, plain_store(DATA)),
                ev(1, 3, store(FLAG, 4, true, Release)),
                ev(2, 4, bump),
                ev(0, 5, load(FLAG, 4, true, Acquire)),
                ev(0, 6, plain_load(DATA)),
            ])
        };
        assert!(run(rmw(FLAG, Relaxed)).is_empty());
        assert!(run(rmw(FLAG, SeqCst)).is_empty());
        assert_eq!(run(store(FLAG, 4, true, Relaxed)), vec![6]);
        // A relaxed RMW that reads a relaxed store heads no sequence.
        let evs = [
            ev(0, 1, EventKind::Spawn { child: 1 }),
            ev(1, 2, plain_store(DATA)),
            ev(1, 3, rmw(FLAG, Relaxed)),
            ev(0, 4, rmw(FLAG, Relaxed)),
            ev(0, 5, plain_load(DATA)),
        ];
        assert_eq!(races(&evs), vec![5]);
    }

    #[test]
    fn a_failed_compare_exchange_reads_with_its_failure_order() {
        use Order::*;
        let run = |failure| {
            races(&[
                ev(0, 1, EventKind::Spawn { child: 1 }),
                ev(1, 2, plain_store(DATA)),
                ev(1, 3, store(FLAG, 4, true, Release)),
                ev(
                    0,
                    4,
                    EventKind::CmpXchg {
                        addr: FLAG,
                        size: 4,
                        old: 1,
                        ok: false,
                        expected: 0,
                        concrete: true,
                        order: SeqCst,
                        failure,
                    },
                ),
                ev(0, 5, plain_load(DATA)),
            ])
        };
        assert_eq!(run(Relaxed), vec![5]);
        assert!(run(Acquire).is_empty());
    }

    #[test]
    fn locks_threads_and_atomic_sections_synchronise() {
        let m = EventKind::Lock { mutex: 0x3000 };
        let u = EventKind::Unlock { mutex: 0x3000 };
        let locked = races(&[
            ev(0, 1, EventKind::Spawn { child: 1 }),
            ev(1, 2, m.clone()),
            ev(1, 3, plain_store(DATA)),
            ev(1, 4, u.clone()),
            ev(0, 5, m.clone()),
            ev(0, 6, plain_load(DATA)),
            ev(0, 7, u.clone()),
        ]);
        assert!(locked.is_empty());
        let unlocked = races(&[
            ev(0, 1, EventKind::Spawn { child: 1 }),
            ev(1, 2, plain_store(DATA)),
            ev(0, 3, plain_load(DATA)),
        ]);
        assert_eq!(unlocked, vec![3]);
        // Spawn orders the parent's earlier writes before the child; join
        // orders the child before the parent's later reads.
        let joined = races(&[
            ev(0, 1, plain_store(DATA)),
            ev(0, 2, EventKind::Spawn { child: 1 }),
            ev(1, 3, plain_store(DATA)),
            ev(1, 4, EventKind::Exit),
            ev(0, 5, EventKind::Join { child: 1 }),
            ev(0, 6, plain_load(DATA)),
        ]);
        assert!(joined.is_empty());
        // Atomic sections are one lock: both accesses inside sections are
        // ordered, an access outside one is not.
        let section = |inside: bool| {
            let mut evs = vec![
                ev(0, 1, EventKind::Spawn { child: 1 }),
                ev(1, 2, EventKind::AtomicBegin { footprint: None }),
                ev(1, 3, plain_store(DATA)),
                ev(1, 4, EventKind::AtomicEnd { scoped: false }),
            ];
            if inside {
                evs.push(ev(0, 5, EventKind::AtomicBegin { footprint: None }));
            }
            evs.push(ev(0, 6, plain_load(DATA)));
            races(&evs)
        };
        assert!(section(true).is_empty());
        assert_eq!(section(false), vec![6]);
    }

    #[test]
    fn atomic_accesses_do_not_race_with_each_other() {
        use Order::*;
        let evs = [
            ev(0, 1, EventKind::Spawn { child: 1 }),
            ev(1, 2, store(FLAG, 4, true, Relaxed)),
            ev(0, 3, store(FLAG, 4, true, Relaxed)),
            ev(0, 4, rmw(FLAG, Relaxed)),
            ev(1, 5, load(FLAG, 4, true, Relaxed)),
            // A plain read after both atomic writes races with thread 0's
            // (thread 1's own is ordered before it).
            ev(1, 6, plain_load(FLAG)),
        ];
        assert_eq!(races(&evs), vec![6]);
    }

    #[test]
    fn bytes_are_tracked_separately_across_sizes() {
        let byte = |addr, write| {
            if write {
                store(addr, 1, false, Order::Relaxed)
            } else {
                load(addr, 1, false, Order::Relaxed)
            }
        };
        let evs = [
            ev(0, 1, EventKind::Spawn { child: 1 }),
            ev(1, 2, byte(DATA + 1, true)),
            ev(0, 3, byte(DATA, true)),
            ev(0, 4, byte(DATA + 2, false)),
            ev(0, 5, load(DATA + 4, 8, false, Order::Relaxed)),
            // Overlaps thread 1's byte: a race.
            ev(0, 6, load(DATA, 4, false, Order::Relaxed)),
        ];
        assert_eq!(races(&evs), vec![6]);
    }

    #[test]
    fn the_report_names_the_newest_racing_access_at_the_later_line() {
        let mut r = Races::default();
        let evs = [
            ev(0, 1, EventKind::Spawn { child: 1 }),
            ev(0, 1, EventKind::Spawn { child: 2 }),
            ev(1, 20, plain_store(DATA)),
            ev(2, 30, plain_load(DATA)),
            ev(0, 10, plain_store(DATA)),
        ];
        let mut last = None;
        for e in &evs {
            last = r.push(e, |i| &evs[i as usize]);
        }
        let bug = last.expect("race");
        assert_eq!(bug.kind, BugKind::DataRace);
        assert_eq!(bug.related.as_ref().unwrap().tid, 2);
        assert_eq!((bug.tid, bug.loc.line), (2, 30));
        assert_eq!(
            bug.message,
            "data race: thread 2 and thread 0 access the same memory without synchronisation"
        );
    }

    #[test]
    fn buffered_stores_publish_at_their_update() {
        use Order::*;
        // TSO: thread 1's release store goes into its buffer (thread 2
        // flushes it); an acquire load before the update reads older memory
        // and synchronises with nothing.
        let buffered = EventKind::Store {
            addr: FLAG,
            size: 4,
            value: 1,
            atomic: true,
            order: Release,
            buffered: true,
        };
        let update = EventKind::Update {
            addr: FLAG,
            size: 4,
            value: 1,
            owner: 1,
            store_seq: 2,
            atomic: true,
        };
        let run = |load_after_update: bool| {
            let mut evs = vec![
                ev(0, 1, EventKind::Spawn { child: 1 }),
                ev(1, 2, plain_store(DATA)),
                ev(1, 3, buffered.clone()),
            ];
            if load_after_update {
                evs.push(ev(2, 3, update.clone()));
            }
            evs.push(ev(0, 4, load(FLAG, 4, true, Acquire)));
            evs.push(ev(0, 5, plain_load(DATA)));
            races(&evs)
        };
        assert!(run(true).is_empty());
        assert_eq!(run(false), vec![5]);
        // A load that returns its own buffered store reads no other thread.
        let mut own = load(FLAG, 4, true, Acquire);
        if let EventKind::Load { own_store, .. } = &mut own {
            *own_store = Some(1);
        }
        let evs = [
            ev(0, 1, EventKind::Spawn { child: 1 }),
            ev(1, 2, plain_store(DATA)),
            ev(1, 3, store(FLAG, 4, true, Release)),
            ev(0, 4, own),
            ev(0, 5, plain_load(DATA)),
        ];
        assert_eq!(races(&evs), vec![5]);
    }

    /// The detector's state in a canonical form.
    fn snapshot(r: &Races) -> String {
        let mut threads = r.threads.clone();
        while threads.last() == Some(&Clocks::default()) {
            threads.pop();
        }
        let mut words: Vec<_> = r.words.iter().map(|(k, v)| format!("{k}:{v:?}")).collect();
        words.sort();
        let mut sync: Vec<_> = r.sync.iter().map(|(k, v)| format!("{k:?}:{v:?}")).collect();
        sync.sort();
        let mut stash: Vec<_> = r
            .stash
            .iter()
            .map(|(k, v)| format!("{k:?}:{v:?}"))
            .collect();
        stash.sort();
        format!(
            "{threads:?}\n{words:?}\n{sync:?}\n{:?}\n{stash:?}\n{}",
            r.section,
            r.marks.len()
        )
    }

    /// A mix of every kind of event the detector handles.
    fn workload() -> Vec<Event> {
        use Order::*;
        let mut evs = message_passing(Release, Acquire, Some(Release), Some(Acquire));
        evs.extend([
            ev(1, 6, EventKind::Lock { mutex: 0x3000 }),
            ev(1, 7, rmw(FLAG, Relaxed)),
            ev(1, 8, EventKind::Unlock { mutex: 0x3000 }),
            ev(0, 9, EventKind::AtomicBegin { footprint: None }),
            ev(0, 10, store(DATA + 3, 2, false, Relaxed)),
            ev(0, 11, EventKind::AtomicEnd { scoped: false }),
            ev(0, 12, EventKind::Spawn { child: 2 }),
            ev(
                2,
                13,
                EventKind::Store {
                    addr: FLAG,
                    size: 4,
                    value: 3,
                    atomic: true,
                    order: Release,
                    buffered: true,
                },
            ),
            ev(
                3,
                14,
                EventKind::Update {
                    addr: FLAG,
                    size: 4,
                    value: 3,
                    owner: 2,
                    store_seq: 1,
                    atomic: true,
                },
            ),
            ev(1, 15, plain_store(DATA)),
            ev(
                2,
                16,
                EventKind::MemOp {
                    buffered: false,
                    name: "memcpy",
                    read: Some((DATA, 12)),
                    write: Some((DATA + 16, 12)),
                    stream: None,
                },
            ),
            ev(1, 17, EventKind::Exit),
            ev(0, 18, EventKind::Join { child: 1 }),
            ev(
                0,
                19,
                EventKind::Free {
                    addr: DATA,
                    size: 32,
                },
            ),
        ]);
        evs
    }

    #[test]
    fn truncate_restores_the_state_exactly() {
        let evs = workload();
        let mut r = Races::default();
        let mut states = vec![snapshot(&r)];
        let mut bugs = Vec::new();
        for e in &evs {
            bugs.push(r.push(e, |i| &evs[i as usize]));
            states.push(snapshot(&r));
        }
        assert!(bugs.iter().any(Option::is_some), "the workload races");
        // Back to every point, then forward again: the same states and
        // the same reports.
        for n in (0..evs.len()).rev() {
            r.truncate(n);
            assert_eq!(snapshot(&r), states[n], "after truncate({n})");
            for (i, e) in evs.iter().enumerate().skip(n) {
                let bug = r.push(e, |i| &evs[i as usize]);
                assert_eq!(bug, bugs[i], "event {i} replayed after truncate({n})");
                assert_eq!(snapshot(&r), states[i + 1]);
            }
            r.truncate(n);
            assert_eq!(snapshot(&r), states[n]);
        }
        assert_eq!(snapshot(&r), states[0]);
        assert!(r.undo.is_empty() && r.is_empty());
    }

    #[test]
    fn word_masks() {
        let w: Vec<_> = words(6, 4).collect();
        assert_eq!(w, vec![(0, 0b1100_0000), (1, 0b0000_0011)]);
        assert_eq!(words(8, 8).collect::<Vec<_>>(), vec![(1, 0xff)]);
        assert_eq!(words(9, 1).collect::<Vec<_>>(), vec![(1, 0b10)]);
        assert_eq!(words(9, 0).count(), 0);
    }
}
