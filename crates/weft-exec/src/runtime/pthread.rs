//! POSIX threads: thread lifecycle, mutexes, condition variables, yields.
//!
//! A `pthread_t` holds the thread id plus one, so that no thread's handle
//! is zero. Misuse that POSIX leaves undefined is a `pthread-misuse`
//! finding; relocking a normal mutex is a deadlock.

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::sync::{PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_RECURSIVE};
use crate::thread::ThreadState;
use crate::value::Value;
use weft_core::{BugKind, EventKind, Tid, Wakeup};

type Pending = Result<Option<EventKind>, Stop>;
type Run = Result<Ret, Stop>;

pub(super) const EPERM: u128 = 1;
pub(super) const EBUSY: u128 = 16;
pub(super) const EINVAL: u128 = 22;
pub(super) const EDEADLK: u128 = 35;
pub(super) const ETIMEDOUT: u128 = 110;

pub(super) fn ok() -> Run {
    Ok(Ret::Value(Value::ZERO))
}

pub(super) fn misuse(m: &Machine, msg: impl Into<String>) -> Stop {
    m.bug(BugKind::PthreadMisuse, msg)
}

fn handle_to_tid(h: u128) -> Tid {
    (h as Tid).wrapping_sub(1)
}

pub(super) fn write(m: &mut Machine, a: u64, size: u64, v: u128) -> Result<(), Stop> {
    m.mem
        .write_int(a, size, Some(v))
        .map_err(|e| m.mem_bug(e, true))
}

// ---- threads ----------------------------------------------------------

pub fn create_pending(m: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::Spawn {
        child: m.child_id(c.tid),
    }))
}

/// `pthread_create(thread, attr, start, arg)`.
pub fn create(m: &mut Machine, c: &Call) -> Run {
    let detached = super::prims::attr_detached(m, c.addr(1))?;
    let arg = c.args.get(3).cloned().unwrap_or(Value::ZERO);
    start_thread(m, c, c.addr(0), c.addr(2), arg, detached)?;
    ok()
}

/// Starts a thread running the function at `start` with `arg`, storing its
/// handle at `handle` (unless null).
pub(super) fn start_thread(
    m: &mut Machine,
    c: &Call,
    handle: u64,
    start: u64,
    arg: Value,
    detached: bool,
) -> Result<Tid, Stop> {
    let Some(f) = m.function_at(start) else {
        return Err(m.bug(
            BugKind::Memory,
            "pthread_create with an invalid start routine",
        ));
    };
    m.mem.escape_addr(arg.bits_or_zero() as u64);
    let child = m.spawn(c.tid, f, arg);
    m.thread_mut(child).detached = detached;
    if handle != 0 {
        let size = m.dm().pthread;
        write(m, handle, size, child as u128 + 1)?;
    }
    m.last = Some(EventKind::Spawn { child });
    Ok(child)
}

pub fn join_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::Join {
        child: handle_to_tid(c.arg(0)),
    }))
}

/// `pthread_join(thread, retval)`: the start routine's `void *`.
pub fn join(m: &mut Machine, c: &Call) -> Run {
    join_into(m, c, m.dm().ptr)?;
    ok()
}

/// Joins thread argument 0, storing `size` bytes of its return value at
/// argument 1 (unless null).
pub(super) fn join_into(m: &mut Machine, c: &Call, size: u64) -> Result<(), Stop> {
    let child = handle_to_tid(c.arg(0));
    let Some(Some(t)) = m.threads.get(child as usize) else {
        return Err(misuse(m, "pthread_join of a thread that does not exist"));
    };
    if child == c.tid {
        return Err(misuse(m, "a thread joins itself"));
    }
    if t.detached {
        return Err(misuse(
            m,
            format!("pthread_join of detached thread {child}"),
        ));
    }
    if t.joined {
        return Err(misuse(m, format!("thread {child} is joined twice")));
    }
    let retval = t.retval;
    m.thread_mut(child).joined = true;
    if c.addr(1) != 0 {
        write(m, c.addr(1), size, retval as u128)?;
    }
    m.last = Some(EventKind::Join { child });
    Ok(())
}

pub fn exit_pending(m: &Machine, c: &Call) -> Pending {
    match m.destructor_event(c.tid)? {
        Some(kind) => Ok(kind),
        None => Ok(Some(EventKind::Exit)),
    }
}

/// `pthread_exit` (and `thrd_exit`): runs the thread's thread-specific
/// data destructors, one call at a time (each returns here), then ends it.
pub fn exit(m: &mut Machine, c: &Call) -> Run {
    if m.pending_destructor(c.tid).is_some() {
        m.run_destructor(c.tid)?;
        return Ok(Ret::Stay);
    }
    m.finish_thread(c.tid, c.addr(0));
    m.last = Some(EventKind::Exit);
    Ok(Ret::Done)
}

pub fn detach_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::Detach {
        child: handle_to_tid(c.arg(0)),
    }))
}

pub fn detach(m: &mut Machine, c: &Call) -> Run {
    let child = handle_to_tid(c.arg(0));
    let Some(Some(t)) = m.threads.get(child as usize) else {
        return Err(misuse(m, "pthread_detach of a thread that does not exist"));
    };
    if t.detached || t.joined {
        return Err(misuse(
            m,
            format!("pthread_detach of thread {child}, which is already detached or joined"),
        ));
    }
    m.thread_mut(child).detached = true;
    m.last = Some(EventKind::Detach { child });
    ok()
}

pub fn self_(_: &mut Machine, c: &Call) -> Run {
    Ok(Ret::Value(Value::Int(c.tid as u128 + 1)))
}

pub fn equal(_: &mut Machine, c: &Call) -> Run {
    Ok(Ret::Value(Value::from_bool(c.arg(0) == c.arg(1))))
}

pub fn attr_noop(_: &mut Machine, _: &Call) -> Run {
    ok()
}

// ---- mutexes -----------------------------------------------------------

pub fn mutexattr_init(m: &mut Machine, c: &Call) -> Run {
    write(m, c.addr(0), 4, 0)?;
    ok()
}

pub fn mutexattr_destroy(_: &mut Machine, _: &Call) -> Run {
    ok()
}

pub fn mutexattr_settype(m: &mut Machine, c: &Call) -> Run {
    if c.arg(1) > 3 {
        return Ok(Ret::Value(Value::Int(22)));
    }
    write(m, c.addr(0), 4, c.arg(1))?;
    ok()
}

pub fn mutexattr_gettype(m: &mut Machine, c: &Call) -> Run {
    let k = m
        .mem
        .read_int(c.addr(0), 4)
        .map_err(|e| m.mem_bug(e, false))?
        .unwrap_or(0);
    write(m, c.addr(1), 4, k)?;
    ok()
}

pub fn mutex_init_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::MutexInit { mutex: c.addr(0) }))
}

pub fn mutex_init(m: &mut Machine, c: &Call) -> Run {
    let kind = match c.addr(1) {
        0 => 0,
        a => m
            .mem
            .read_int(a, 4)
            .map_err(|e| m.mem_bug(e, false))?
            .unwrap_or(0),
    };
    init_mutex(
        m,
        c.addr(0),
        Some(kind as u32),
        "pthread_mutex_init of a locked mutex",
    )?;
    ok()
}

/// Makes `mx` a fresh, free mutex of `kind` (`None`: the object has no
/// room for one, as a spin lock's 4-byte int: a normal mutex).
/// `held`: the misuse reported if it is held.
pub(super) fn init_mutex(
    m: &mut Machine,
    mx: u64,
    kind: Option<u32>,
    held: &str,
) -> Result<(), Stop> {
    if m.sync.owner(mx).is_some() {
        return Err(misuse(m, held));
    }
    match kind {
        Some(k) => {
            let at = mx + m.dm().mutex_kind;
            write(m, at, 4, k as u128)?
        }
        None => m
            .mem
            .check(mx, 4, true)
            .map(|_| ())
            .map_err(|e| m.mem_bug(e, true))?,
    }
    *m.sync_mut().mutex_mut(mx) = Default::default();
    m.last = Some(EventKind::MutexInit { mutex: mx });
    Ok(())
}

pub fn mutex_destroy_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::MutexDestroy { mutex: c.addr(0) }))
}

pub fn mutex_destroy(m: &mut Machine, c: &Call) -> Run {
    let mx = c.addr(0);
    check_not_destroyed(m, mx, "pthread_mutex_destroy")?;
    if let Some(o) = m.sync.owner(mx) {
        return Err(misuse(
            m,
            format!("destroying a mutex that thread {o} holds"),
        ));
    }
    m.sync_mut().mutex_mut(mx).destroyed = true;
    m.last = Some(EventKind::MutexDestroy { mutex: mx });
    ok()
}

fn check_not_destroyed(m: &Machine, mx: u64, what: &str) -> Result<(), Stop> {
    match m.sync.mutex(mx) {
        Some(s) if s.destroyed => Err(misuse(m, format!("{what} on a destroyed mutex"))),
        _ => Ok(()),
    }
}

/// A lock, or, when the caller holds the error-checking mutex already, the
/// failed attempt `lock` runs instead (it only reads the mutex): the
/// pending event is the one that runs, as explorers plan with it.
pub fn lock_pending(m: &Machine, c: &Call) -> Pending {
    let mx = c.addr(0);
    if m.sync.owner(mx) == Some(c.tid) && m.mutex_kind(mx) == PTHREAD_MUTEX_ERRORCHECK {
        return Ok(Some(EventKind::TryLock {
            mutex: mx,
            acquired: false,
        }));
    }
    Ok(Some(EventKind::Lock { mutex: mx }))
}

pub fn lock(m: &mut Machine, c: &Call) -> Run {
    let mx = c.addr(0);
    m.mem.check(mx, 1, true).map_err(|e| m.mem_bug(e, true))?;
    check_not_destroyed(m, mx, "pthread_mutex_lock")?;
    m.last = Some(EventKind::Lock { mutex: mx });
    if m.sync.owner(mx) == Some(c.tid) {
        if m.mutex_kind(mx) == PTHREAD_MUTEX_ERRORCHECK {
            // Fails without acquiring: to the explorer, a failed attempt.
            m.last = Some(EventKind::TryLock {
                mutex: mx,
                acquired: false,
            });
            return Ok(Ret::Value(Value::Int(EDEADLK)));
        }
        m.sync_mut().mutex_mut(mx).count += 1;
        return ok();
    }
    let s = m.sync_mut().mutex_mut(mx);
    s.owner = Some(c.tid);
    s.count = 1;
    ok()
}

pub fn trylock_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::TryLock {
        mutex: c.addr(0),
        acquired: false,
    }))
}

pub fn trylock(m: &mut Machine, c: &Call) -> Run {
    try_acquire(m, c, "pthread_mutex_trylock", EBUSY)
}

/// `pthread_mutex_timedlock`: takes the mutex if it is free; if not, it
/// may wait, and then either gets it once it is free (explored as the
/// executions in which the call comes after the unlock) or times out:
/// `trylock` returning `ETIMEDOUT`.
pub fn timedlock(m: &mut Machine, c: &Call) -> Run {
    m.mem
        .check(c.addr(0), 1, true)
        .map_err(|e| m.mem_bug(e, true))?;
    try_acquire(m, c, "pthread_mutex_timedlock", ETIMEDOUT)
}

/// Takes mutex argument 0 if it is free (or held recursively by the
/// caller), else fails with `busy`.
fn try_acquire(m: &mut Machine, c: &Call, what: &str, busy: u128) -> Run {
    let mx = c.addr(0);
    check_not_destroyed(m, mx, what)?;
    let owner = m.sync.owner(mx);
    let recursive = m.mutex_kind(mx) == PTHREAD_MUTEX_RECURSIVE;
    let acquired = owner.is_none() || (owner == Some(c.tid) && recursive);
    if acquired {
        let s = m.sync_mut().mutex_mut(mx);
        s.owner = Some(c.tid);
        s.count += 1;
    }
    m.last = Some(EventKind::TryLock {
        mutex: mx,
        acquired,
    });
    Ok(Ret::Value(Value::Int(if acquired { 0 } else { busy })))
}

/// Whether `tid` unlocking mutex `mx` fails with `EPERM` (POSIX: an
/// error-checking or recursive mutex the caller does not hold) rather than
/// being undefined (a normal or default one). Only `tid` can change
/// whether it holds `mx`, so the answer stays true while the call waits.
fn unlock_fails(m: &Machine, mx: u64, tid: Tid) -> bool {
    m.sync.owner(mx) != Some(tid)
        && matches!(
            m.mutex_kind(mx),
            PTHREAD_MUTEX_ERRORCHECK | PTHREAD_MUTEX_RECURSIVE
        )
}

/// `pthread_mutex_unlock`: an unlock, or, when it fails with `EPERM`, the
/// failed attempt that runs instead (it only reads the mutex), as for
/// `lock_pending`.
pub fn mutex_unlock_pending(m: &Machine, c: &Call) -> Pending {
    let mx = c.addr(0);
    if unlock_fails(m, mx, c.tid) {
        return Ok(Some(EventKind::TryLock {
            mutex: mx,
            acquired: false,
        }));
    }
    unlock_pending(m, c)
}

pub fn mutex_unlock(m: &mut Machine, c: &Call) -> Run {
    let mx = c.addr(0);
    if unlock_fails(m, mx, c.tid) {
        check_not_destroyed(m, mx, "pthread_mutex_unlock")?;
        m.last = Some(EventKind::TryLock {
            mutex: mx,
            acquired: false,
        });
        return Ok(Ret::Value(Value::Int(EPERM)));
    }
    unlock(m, c)
}

/// The unlock of a spin lock, a C11 `mtx_t` or a mutex the caller may
/// unlock; unlocking one it does not hold is misuse (undefined).
pub fn unlock_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::Unlock { mutex: c.addr(0) }))
}

pub fn unlock(m: &mut Machine, c: &Call) -> Run {
    let mx = c.addr(0);
    check_not_destroyed(m, mx, "pthread_mutex_unlock")?;
    match m.sync.owner(mx) {
        Some(o) if o == c.tid => {}
        Some(o) => {
            return Err(misuse(
                m,
                format!("unlock of a mutex held by thread {o}, not by the caller"),
            ))
        }
        None => return Err(misuse(m, "unlock of a mutex that is not locked")),
    }
    let s = m.sync_mut().mutex_mut(mx);
    s.count -= 1;
    if s.count == 0 {
        s.owner = None;
    }
    m.last = Some(EventKind::Unlock { mutex: mx });
    ok()
}

// ---- condition variables ---------------------------------------------------

pub fn cond_init_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::CondInit { cond: c.addr(0) }))
}

pub fn cond_init(m: &mut Machine, c: &Call) -> Run {
    if !m.sync.waiters(c.addr(0)).is_empty() {
        return Err(misuse(
            m,
            "pthread_cond_init of a condition variable with waiters",
        ));
    }
    *m.sync_mut().cond_mut(c.addr(0)) = Default::default();
    m.last = Some(EventKind::CondInit { cond: c.addr(0) });
    ok()
}

pub fn cond_destroy_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::CondDestroy { cond: c.addr(0) }))
}

pub fn cond_destroy(m: &mut Machine, c: &Call) -> Run {
    if !m.sync.waiters(c.addr(0)).is_empty() {
        return Err(misuse(
            m,
            "destroying a condition variable that threads wait on",
        ));
    }
    m.sync_mut().cond_mut(c.addr(0)).destroyed = true;
    m.last = Some(EventKind::CondDestroy { cond: c.addr(0) });
    ok()
}

/// The next event of a wait, timed or not (the thread's state says which).
pub fn cond_wait_pending(m: &Machine, c: &Call) -> Pending {
    let (cond, mutex) = (c.addr(0), c.addr(1));
    Ok(Some(match m.thread(c.tid).state {
        ThreadState::Running => EventKind::CondWait { cond, mutex },
        ThreadState::Waiting { timed, .. } => EventKind::CondWake {
            cond,
            mutex,
            how: unsignalled(timed, c.alt),
        },
        ThreadState::Woken { unbidden, .. } => EventKind::CondWake {
            cond,
            mutex,
            how: Wakeup::Signalled { unbidden },
        },
        _ => EventKind::CondWake {
            cond,
            mutex,
            how: Wakeup::Signalled { unbidden: false },
        },
    }))
}

/// How a wait returns without a signal: a timed wait times out
/// (alternative 0) or wakes spuriously (alternative 1, see
/// `Machine::alternatives`); an untimed one wakes spuriously.
fn unsignalled(timed: bool, alt: u32) -> Wakeup {
    if timed && alt == 0 {
        Wakeup::TimedOut
    } else {
        Wakeup::Spurious
    }
}

pub fn cond_wait(m: &mut Machine, c: &Call) -> Run {
    wait(m, c, false)
}

pub fn cond_timedwait(m: &mut Machine, c: &Call) -> Run {
    wait(m, c, true)
}

/// Phase one releases the mutex and waits; phase two (once signalled, or
/// spuriously, or at the timeout, and the mutex is free) reacquires it and
/// returns. A wait that returns without a signal leaves the condition
/// variable's waiters; repeated ones that change nothing are cut like a
/// spin loop (see `spin`).
fn wait(m: &mut Machine, c: &Call, timed: bool) -> Run {
    let (cond, mutex) = (c.addr(0), c.addr(1));
    let how = match m.thread(c.tid).state {
        ThreadState::Woken { unbidden, .. } => Some(Wakeup::Signalled { unbidden }),
        ThreadState::Waiting { timed, .. } => Some(unsignalled(timed, c.alt)),
        _ => None,
    };
    if let Some(how) = how {
        if !how.signalled() {
            m.sync_mut().cond_mut(cond).waiters.retain(|&t| t != c.tid);
        }
        let s = m.sync_mut().mutex_mut(mutex);
        s.owner = Some(c.tid);
        s.count = 1;
        let t = m.thread_mut(c.tid);
        t.state = ThreadState::Running;
        t.spin.unmute();
        if how == Wakeup::TimedOut {
            t.spin.note_timeout();
        }
        m.last = Some(EventKind::CondWake { cond, mutex, how });
        let code = if how == Wakeup::TimedOut {
            ETIMEDOUT
        } else {
            0
        };
        return Ok(Ret::Value(Value::Int(code)));
    }
    if m.sync_mut().cond_mut(cond).destroyed {
        return Err(misuse(
            m,
            "pthread_cond_wait on a destroyed condition variable",
        ));
    }
    if m.sync.owner(mutex) != Some(c.tid) {
        return Err(misuse(
            m,
            "pthread_cond_wait with a mutex the thread does not hold",
        ));
    }
    let s = m.sync_mut().mutex_mut(mutex);
    s.owner = None;
    s.count = 0;
    m.sync_mut().cond_mut(cond).waiters.push(c.tid);
    let t = m.thread_mut(c.tid);
    t.state = ThreadState::Waiting { cond, timed };
    t.spin.note_wait(mutex);
    m.last = Some(EventKind::CondWait { cond, mutex });
    Ok(Ret::Stay)
}

pub fn signal_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::Signal {
        cond: c.addr(0),
        woke: None,
    }))
}

pub fn signal(m: &mut Machine, c: &Call) -> Run {
    let cond = c.addr(0);
    let waiters = &mut m.sync_mut().cond_mut(cond).waiters;
    let woke = if waiters.is_empty() {
        None
    } else {
        let i = (c.alt as usize).min(waiters.len() - 1);
        Some(waiters.remove(i))
    };
    if let Some(t) = woke {
        wake(m, t, cond);
    }
    m.last = Some(EventKind::Signal { cond, woke });
    ok()
}

/// Wakes waiter `t` of `cond`.
fn wake(m: &mut Machine, t: Tid, cond: u64) {
    let spurious = m.limits.spurious_wakeups;
    let th = m.thread_mut(t);
    let timed = matches!(th.state, ThreadState::Waiting { timed: true, .. });
    th.state = ThreadState::Woken {
        cond,
        unbidden: timed || spurious,
    };
    // Its pending event was made while it waited (an unsignalled wake,
    // see `cond_wait_pending`): it now returns signalled. An explorer
    // reads pending events to plan this thread before others (a stale
    // one, a spurious wake, commutes with different events than the wake
    // that runs).
    if let Some(ev) = &mut th.pending {
        if let EventKind::CondWake { how, .. } = &mut ev.kind {
            *how = Wakeup::Signalled {
                unbidden: timed || spurious,
            };
        }
    }
}

pub fn broadcast_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::Broadcast {
        cond: c.addr(0),
        woke: 0,
    }))
}

pub fn broadcast(m: &mut Machine, c: &Call) -> Run {
    let cond = c.addr(0);
    let waiters = std::mem::take(&mut m.sync_mut().cond_mut(cond).waiters);
    for &t in &waiters {
        wake(m, t, cond);
    }
    m.last = Some(EventKind::Broadcast {
        cond,
        woke: waiters.len() as u32,
    });
    ok()
}

// ---- yielding -------------------------------------------------------------

pub fn yield_pending(_: &Machine, _: &Call) -> Pending {
    Ok(Some(EventKind::Yield))
}

pub fn yield_(m: &mut Machine, _: &Call) -> Run {
    m.last = Some(EventKind::Yield);
    ok()
}
