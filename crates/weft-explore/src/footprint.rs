//! The dependency relation between events.
//!
//! Two events of different threads are *dependent* when
//! - they access overlapping bytes and at least one writes (an RMW and a
//!   successful compare-exchange write; a failed compare-exchange reads), or
//! - they operate on the same mutex, condition variable or thread, or
//! - one of them is *global*: it ends the program (`exit`, main returning)
//!   or enters/leaves an atomic section whose footprint is unknown, which
//!   disables every other thread.
//!
//! An atomic section whose `AtomicBegin` carries a footprint (every access
//! the section can make, computed statically) is treated as one event
//! located at its begin: the begin conflicts with what the footprint
//! conflicts with, its end with nothing. Its inner events keep their own
//! accesses, a subset of the footprint, so that whatever depends on one of
//! them depends on the begin too: a section is never split by a reversal,
//! and a sleeper or a planned step that is a section's begin commutes with
//! an event only if the whole section does, on any path.
//!
//! Mutex operations are treated like accesses to the mutex word: two failed
//! `trylock`s are independent, every other pair on the same mutex is not.
//! A spurious wakeup depends on every thread's exit (see
//! [`SyncObj::Liveness`]), so that the state in which the waiter is left
//! alone, deadlocked, is reached.

use weft_core::{Event, EventKind, SyncObj, Tid, Wakeup};

/// The 8-byte words of a byte range, each with the mask of its bytes in the
/// range (none for an empty range). The trace summaries and the race
/// detector keep their state per word.
pub fn words(addr: u64, size: u64) -> impl Iterator<Item = (u64, u8)> {
    let end = addr.saturating_add(size);
    let range = if size == 0 {
        0..0
    } else {
        (addr >> 3)..((end - 1) >> 3) + 1
    };
    range.map(move |w| {
        let lo = addr.max(w << 3) - (w << 3);
        let hi = end.min((w << 3).saturating_add(8)) - (w << 3);
        let mask = ((0xffu16 << lo) & (0xffu16 >> (8 - hi))) as u8;
        (w, mask)
    })
}

/// Whether `e` ends the program or brackets an atomic section of unknown
/// footprint (see [`EventKind::AtomicBegin`]).
pub fn is_global(e: &Event) -> bool {
    match e.kind {
        EventKind::ProcessExit { .. }
        | EventKind::AtomicBegin { footprint: None }
        | EventKind::AtomicEnd { scoped: false } => true,
        EventKind::Exit => e.tid == 0,
        _ => false,
    }
}

/// Whether `e` opens an atomic section with a footprint: an event that
/// stands for its whole section.
pub fn scoped_begin(e: &Event) -> bool {
    matches!(e.kind, EventKind::AtomicBegin { footprint: Some(_) })
}

/// Whether `e` closes an atomic section with a footprint.
pub fn ends_scoped_section(e: &Event) -> bool {
    matches!(e.kind, EventKind::AtomicEnd { scoped: true })
}

/// The synchronisation objects an event touches (a condition-variable wait
/// touches its mutex too; a thread's exit touches the thread itself).
pub fn sync_objects(e: &Event) -> [Option<SyncObj>; 2] {
    match e.kind {
        EventKind::CondWait { cond, mutex } | EventKind::CondWake { cond, mutex, .. } => {
            [Some(SyncObj::Cond(cond)), Some(SyncObj::Mutex(mutex))]
        }
        EventKind::Exit => [Some(SyncObj::Thread(e.tid)), None],
        _ => [e.sync_object(), None],
    }
}

/// The objects through which `e` depends on other events, each with
/// whether `e` only reads it (two reads of one object commute): its
/// synchronisation objects, and [`SyncObj::Liveness`] for a thread's exit
/// (a read: exits commute) and a spurious wakeup (a write).
#[inline]
pub fn dep_objects(e: &Event) -> [Option<(SyncObj, bool)>; 3] {
    if memory_only(e) {
        return [None, None, None];
    }
    let live = match e.kind {
        EventKind::Exit => Some((SyncObj::Liveness, true)),
        EventKind::CondWake {
            how: Wakeup::Spurious,
            ..
        } => Some((SyncObj::Liveness, false)),
        _ => None,
    };
    let [a, b] = sync_objects(e);
    if a.is_none() && live.is_none() {
        // Memory accesses, fences, yields: most events.
        return [None, None, None];
    }
    let weak = reads_only(e) || reads_sync(e);
    [a.map(|o| (o, weak)), b.map(|o| (o, weak)), live]
}

/// Read locks and read unlocks of a read-write lock only read it: readers
/// share it, and a read lock is never disabled by another one (weft's
/// rwlocks prefer readers). A failed `tryrdlock` happens only while a
/// writer holds the lock, when no read lock or unlock can. A failed
/// `trywrlock` is not one: a read unlock can make it succeed.
/// `sem_getvalue` only reads the semaphore; a thread leaving a barrier
/// only reads it.
fn reads_sync(e: &Event) -> bool {
    matches!(
        e.kind,
        EventKind::RwLock { write: false, .. }
            | EventKind::RwTryLock { write: false, .. }
            | EventKind::RwUnlock { write: false, .. }
            | EventKind::SemValue { .. }
            | EventKind::BarrierLeave { .. }
    )
}

/// How an event synchronises, for the race detector: the clocks it
/// acquires, the clocks it releases into, and whether releasing joins the
/// thread's clock into the object's (`true`) or replaces it (mutexes,
/// condition variables and threads: every operation on them acquires them
/// first, so the two are the same).
pub fn sync_edges(e: &Event) -> ([Option<SyncObj>; 2], [Option<SyncObj>; 2], bool) {
    use EventKind::*;
    let none = [None, None];
    if memory_only(e) {
        return (none, none, false);
    }
    match e.kind {
        RwLock { rw, write }
        | RwTryLock {
            rw,
            write,
            acquired: true,
        } => {
            let readers = write.then_some(SyncObj::RwReaders(rw));
            ([Some(SyncObj::RwLock(rw)), readers], none, true)
        }
        RwUnlock { rw, write } => {
            let o = if write {
                SyncObj::RwLock(rw)
            } else {
                SyncObj::RwReaders(rw)
            };
            (none, [Some(o), None], true)
        }
        SemWait {
            sem,
            blocked: false,
            ..
        }
        | SemWake { sem, .. }
        | SemTryWait { sem, ok: true } => ([Some(SyncObj::Sem(sem)), None], none, true),
        SemPost { sem, .. } => (none, [Some(SyncObj::Sem(sem)), None], true),
        BarrierWait { bar, gen, serial } => {
            let g = Some(SyncObj::BarrierGen(bar, gen));
            ([if serial { g } else { None }, None], [g, None], true)
        }
        BarrierLeave { bar, gen } => ([Some(SyncObj::BarrierGen(bar, gen)), None], none, true),
        RwTryLock { .. }
        | RwInit { .. }
        | RwDestroy { .. }
        | SemWait { .. }
        | SemTryWait { .. }
        | SemTimeout { .. }
        | SemValue { .. }
        | SemInit { .. }
        | SemDestroy { .. }
        | BarrierInit { .. }
        | BarrierDestroy { .. } => (none, none, true),
        _ => {
            let o = sync_objects(e);
            (o, o, false)
        }
    }
}

/// Whether `e` only accesses memory (no synchronisation object): most
/// events, checked first on hot paths.
#[inline]
pub fn memory_only(e: &Event) -> bool {
    matches!(
        e.kind,
        EventKind::Load { .. }
            | EventKind::Store { .. }
            | EventKind::Update { .. }
            | EventKind::Rmw { .. }
            | EventKind::CmpXchg { .. }
            | EventKind::Fence
            | EventKind::MemOp { .. }
            | EventKind::Free { .. }
            | EventKind::Yield
            | EventKind::Sleep { .. }
            | EventKind::Choice { .. }
            | EventKind::Fork { .. }
            | EventKind::ClockRead { .. }
    )
}

/// A failed `trylock` only reads the mutex.
pub fn reads_only(e: &Event) -> bool {
    matches!(
        e.kind,
        EventKind::TryLock {
            acquired: false,
            ..
        }
    )
}

/// Whether `a` and `b` (of different threads) do not commute.
pub fn dependent(a: &Event, b: &Event) -> bool {
    if a.tid == b.tid {
        return true;
    }
    if let (Some(x), Some(y)) = (a.plain_access(), b.plain_access()) {
        return x.memory && y.memory && (x.write || y.write) && x.overlaps(&y);
    }
    if is_global(a) || is_global(b) {
        return true;
    }
    if own_update(a, b) || own_update(b, a) {
        return false;
    }
    let (xa, xb) = (a.accesses(), b.accesses());
    for x in xa.iter().filter(|x| x.memory) {
        for y in xb.iter().filter(|y| y.memory) {
            if (x.write || y.write) && x.overlaps(y) {
                return true;
            }
        }
    }
    if memory_only(a) || memory_only(b) {
        return false;
    }
    let (sa, sb) = (dep_objects(a), dep_objects(b));
    sa.iter()
        .flatten()
        .any(|(o, wa)| sb.iter().flatten().any(|(p, wb)| o == p && !(*wa && *wb)))
}

/// Where buffered stores had reached memory, as [`depends`] needs it:
/// whether the update of store `seq` of thread `owner` came before the
/// earlier, respectively the later, of two events.
pub struct Flushes<'a> {
    pub before_earlier: &'a dyn Fn(Tid, u32) -> bool,
    pub before_later: &'a dyn Fn(Tid, u32) -> bool,
}

/// Whether `earlier` and `later` (executed in this order, by different
/// threads) are ordered in the chronological trace (Abdulla et al.,
/// "Stateless model checking for TSO and PSO"). This refines [`dependent`]
/// for a load that returns its own thread's store (`own_store`): a write
/// of another thread to the same bytes conflicts with it only if the
/// store's update came before the write (the load reads from before the
/// write and the write overwrites it, or the write overwrites the store and
/// a later load reads the write). If the write came first, the update
/// hides it from the load, in either order of load and write.
pub fn depends(earlier: &Event, later: &Event, flushes: &Flushes) -> bool {
    if let (Some(x), Some(y)) = (earlier.plain_access(), later.plain_access()) {
        // Most pairs: neither is global, neither is a load of its own
        // store or an update, neither touches a synchronisation object.
        return earlier.tid == later.tid
            || (x.memory && y.memory && (x.write || y.write) && x.overlaps(&y));
    }
    match own_source_rule(earlier, later, flushes) {
        Some(d) => d,
        None => dependent(earlier, later),
    }
}

/// The chronological-trace rule for a load returning its own store and a
/// memory write of another thread, or `None` when it does not apply.
fn own_source_rule(earlier: &Event, later: &Event, flushes: &Flushes) -> Option<bool> {
    if earlier.tid == later.tid || is_global(earlier) || is_global(later) {
        return None;
    }
    if let Some(seq) = own_store(later) {
        if overwrites(earlier, later) {
            return Some((flushes.before_earlier)(later.tid, seq));
        }
    }
    let seq = own_store(earlier)?;
    overwrites(later, earlier).then(|| (flushes.before_later)(earlier.tid, seq))
}

/// The own store a load returns, if it is known to be one.
fn own_store(e: &Event) -> Option<u32> {
    match e.kind {
        EventKind::Load { own_store, .. } => own_store,
        _ => None,
    }
}

/// Whether `w`, of a thread other than `load`'s (an update counts as its
/// owner's), writes memory that `load` reads.
fn overwrites(w: &Event, load: &Event) -> bool {
    let owner = match w.kind {
        EventKind::Update { owner, .. } => owner,
        _ => w.tid,
    };
    if owner == load.tid {
        return false;
    }
    let reads = load.accesses();
    w.accesses()
        .iter()
        .any(|x| x.write && x.memory && reads.iter().any(|y| x.overlaps(y)))
}

/// A load (or a buffered memory operation, whose reads are loads and whose
/// writes go into the buffer) and an update of the loading thread's own
/// store buffer: the load never takes its value from memory written by its
/// own buffer in a way another order could change (it would forward the
/// same store), so the chronological trace has no edge between them.
fn own_update(load: &Event, update: &Event) -> bool {
    matches!(
        load.kind,
        EventKind::Load { .. } | EventKind::MemOp { buffered: true, .. }
    ) && matches!(update.kind, EventKind::Update { owner, .. } if owner == load.tid)
}

/// The mutex (or read-write lock) an event acquires, if it acquires one.
pub fn acquires(e: &Event) -> Option<u64> {
    match e.kind {
        EventKind::Lock { mutex } | EventKind::CondWake { mutex, .. } => Some(mutex),
        EventKind::TryLock {
            mutex,
            acquired: true,
        } => Some(mutex),
        EventKind::RwLock { rw, .. }
        | EventKind::RwTryLock {
            rw, acquired: true, ..
        } => Some(rw),
        _ => None,
    }
}

/// The mutex an event acquires by waiting for it, if any: a `lock`, or a
/// woken wait reacquiring its mutex. Such an event cannot run while another
/// thread holds the mutex, so its race with that thread's release is
/// reversed by moving it before the release's critical section. A
/// successful `trylock` is not one: moved into the critical section, it
/// runs and fails, a behaviour of its own.
pub fn waits_to_acquire(e: &Event) -> Option<u64> {
    match e.kind {
        EventKind::Lock { mutex } | EventKind::CondWake { mutex, .. } => Some(mutex),
        EventKind::RwLock { rw, .. } => Some(rw),
        _ => None,
    }
}

/// The mutex an event releases, if it releases one.
pub fn releases(e: &Event) -> Option<u64> {
    match e.kind {
        EventKind::Unlock { mutex } | EventKind::CondWait { mutex, .. } => Some(mutex),
        EventKind::RwUnlock { rw, .. } => Some(rw),
        _ => None,
    }
}

/// Whether `later` can only happen after `earlier` (so the pair can never
/// be reversed): a woken wait after its signal, a join after the joined
/// thread's exit.
pub fn enables(earlier: &Event, later: &Event) -> bool {
    match (&earlier.kind, &later.kind) {
        (
            EventKind::Signal { woke: Some(t), .. },
            EventKind::CondWake {
                how: Wakeup::Signalled { unbidden: false },
                ..
            },
        ) => *t == later.tid,
        (
            EventKind::Broadcast { .. },
            EventKind::CondWake {
                how: Wakeup::Signalled { unbidden: false },
                ..
            },
        ) => true,
        (EventKind::Exit, EventKind::Join { child }) => *child == earlier.tid,
        (
            EventKind::SemPost { sem, woke: Some(t) },
            EventKind::SemWake {
                sem: s,
                timed: false,
            },
        ) => sem == s && *t == later.tid,
        (
            EventKind::BarrierWait {
                bar,
                gen,
                serial: true,
            },
            EventKind::BarrierLeave { bar: b, gen: g },
        ) => bar == b && gen == g,
        (EventKind::Spawn { child }, _) => *child == later.tid,
        _ => false,
    }
}
