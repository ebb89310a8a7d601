//! The dependency relation between events.
//!
//! Two events of different threads are *dependent* when
//! - they access overlapping bytes and at least one writes (an RMW and a
//!   successful compare-exchange write; a failed compare-exchange reads), or
//! - they operate on the same mutex, condition variable or thread, or
//! - one of them is *global*: it ends the program (`exit`, main returning)
//!   or enters/leaves an atomic section, which disables every other thread.
//!
//! Mutex operations are treated like accesses to the mutex word: two failed
//! `trylock`s are independent, every other pair on the same mutex is not.

use weft_core::{Event, EventKind, SyncObj};

/// Whether `e` ends the program or brackets an atomic section.
pub fn is_global(e: &Event) -> bool {
    match e.kind {
        EventKind::ProcessExit { .. } | EventKind::AtomicBegin | EventKind::AtomicEnd => true,
        EventKind::Exit => e.tid == 0,
        _ => false,
    }
}

/// The synchronisation objects an event touches (a condition-variable wait
/// touches its mutex too; a thread's exit touches the thread itself).
pub fn sync_objects(e: &Event) -> [Option<SyncObj>; 2] {
    match e.kind {
        EventKind::CondWait { cond, mutex } | EventKind::CondWake { cond, mutex } => {
            [Some(SyncObj::Cond(cond)), Some(SyncObj::Mutex(mutex))]
        }
        EventKind::Exit => [Some(SyncObj::Thread(e.tid)), None],
        _ => [e.sync_object(), None],
    }
}

/// A failed `trylock` only reads the mutex.
fn reads_only(e: &Event) -> bool {
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
    if is_global(a) || is_global(b) {
        return true;
    }
    if own_update(a, b) || own_update(b, a) {
        return false;
    }
    for x in a.accesses().iter().filter(|x| x.memory) {
        for y in b.accesses().iter().filter(|y| y.memory) {
            if (x.write || y.write) && x.overlaps(y) {
                return true;
            }
        }
    }
    let (sa, sb) = (sync_objects(a), sync_objects(b));
    let shared = sa
        .iter()
        .flatten()
        .any(|o| sb.iter().flatten().any(|p| o == p));
    shared && !(reads_only(a) && reads_only(b))
}

/// A load and an update of the loading thread's own store buffer: the load
/// never takes its value from memory written by its own buffer in a way
/// another order could change (it would forward the same store), so the
/// chronological trace has no edge between them.
fn own_update(load: &Event, update: &Event) -> bool {
    matches!(load.kind, EventKind::Load { .. })
        && matches!(update.kind, EventKind::Update { owner, .. } if owner == load.tid)
}

/// The mutex an event acquires, if it acquires one.
pub fn acquires(e: &Event) -> Option<u64> {
    match e.kind {
        EventKind::Lock { mutex } | EventKind::CondWake { mutex, .. } => Some(mutex),
        EventKind::TryLock {
            mutex,
            acquired: true,
        } => Some(mutex),
        _ => None,
    }
}

/// The mutex an event releases, if it releases one.
pub fn releases(e: &Event) -> Option<u64> {
    match e.kind {
        EventKind::Unlock { mutex } | EventKind::CondWait { mutex, .. } => Some(mutex),
        _ => None,
    }
}

/// Whether `later` can only happen after `earlier` (so the pair can never
/// be reversed): a woken wait after its signal, a join after the joined
/// thread's exit.
pub fn enables(earlier: &Event, later: &Event) -> bool {
    match (&earlier.kind, &later.kind) {
        (EventKind::Signal { woke: Some(t), .. }, EventKind::CondWake { .. }) => *t == later.tid,
        (EventKind::Broadcast { .. }, EventKind::CondWake { .. }) => true,
        (EventKind::Exit, EventKind::Join { child }) => *child == earlier.tid,
        (EventKind::Spawn { child }, _) => *child == later.tid,
        _ => false,
    }
}

/// Pairs that synchronise under sequential consistency: atomic accesses to
/// overlapping bytes of which at least one writes (two loads order nothing,
/// and their order is not even fixed between equivalent executions), and
/// every pair of operations on the same mutex, condition variable or
/// thread.
pub fn synchronises(earlier: &Event, later: &Event) -> bool {
    let atomic = earlier.accesses().iter().any(|x| {
        x.atomic
            && later
                .accesses()
                .iter()
                .any(|y| y.atomic && (x.write || y.write) && x.overlaps(y))
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
