//! POSIX synchronisation beyond mutexes and condition variables:
//! read-write locks, spin locks, semaphores and barriers; thread
//! attributes (detach state, stack size).
//!
//! - A read-write lock (`pthread_rwlock_*`) prefers readers, as glibc's
//!   default does: a read lock is granted whenever no writer holds it.
//!   Read locks and read unlocks only read the lock, for the explorers, so
//!   two readers commute. Relocking for writing, or for reading while
//!   holding it for writing, returns `EDEADLK` as glibc does (`EBUSY` from
//!   the `try` variants); write-locking
//!   while holding a read lock waits forever (a deadlock).
//! - A spin lock (`pthread_spin_*`) is a normal mutex: a relock deadlocks.
//! - A semaphore's `sem_post` hands its token to a waiting `sem_wait` (the
//!   explorer tries each waiter) rather than adding it to the count and
//!   letting waiters race for it. Every schedule of the racing version is
//!   one of these: a waiter's start of waiting is visible to nobody but
//!   the posts, so a thread that would have "stolen" the token can run
//!   before the waiter starts waiting instead. `sem_timedwait` with no
//!   token waits, and may time out at any point until a post hands it
//!   one.
//! - A barrier's last arrival releases the others of its generation and
//!   returns `PTHREAD_BARRIER_SERIAL_THREAD`.
//!
//! Failing calls return -1 with `errno` set, as POSIX says, where the
//! function reports errors through `errno` (the `sem_*` family).

use super::pthread::{misuse, ok, write, EBUSY, EDEADLK, EINVAL, ETIMEDOUT};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::sync::{BarrierState, SemState};
use crate::thread::ThreadState;
use crate::value::Value;
use weft_core::EventKind;

type Pending = Result<Option<EventKind>, Stop>;
type Run = Result<Ret, Stop>;

const EAGAIN: u32 = 11;
const ETIMEDOUT_ERRNO: u32 = 110;
/// `PTHREAD_BARRIER_SERIAL_THREAD`.
const SERIAL: u128 = (-1i32) as u32 as u128;
/// `PTHREAD_CREATE_DETACHED`.
const DETACHED: u128 = 1;
/// `PTHREAD_STACK_MIN` on x86-64 glibc.
const STACK_MIN: u128 = 16384;
/// The default stack size `pthread_attr_getstacksize` reports.
const DEFAULT_STACK: u128 = 8 << 20;

fn int(v: u128) -> Run {
    Ok(Ret::Value(Value::Int(v)))
}

/// Returns -1 with `errno` set to `e`.
fn fail_errno(m: &mut Machine, c: &Call, e: u32) -> Run {
    m.set_errno(c.tid, e)?;
    int(u32::MAX as u128)
}

/// `__errno_location()`: the address of the calling thread's `errno`.
pub fn errno_location(m: &mut Machine, c: &Call) -> Run {
    let a = m.errno_location(c.tid)?;
    int(a as u128)
}

fn read(m: &Machine, a: u64, size: u64) -> Result<u128, Stop> {
    Ok(m.mem
        .read_int(a, size)
        .map_err(|e| m.mem_bug(e, false))?
        .unwrap_or(0))
}

// ---- read-write locks --------------------------------------------------------

pub fn rw_init_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::RwInit { rw: c.addr(0) }))
}

pub fn rw_init(m: &mut Machine, c: &Call) -> Run {
    let rw = c.addr(0);
    m.mem.check(rw, 1, true).map_err(|e| m.mem_bug(e, true))?;
    if !m.sync.rw_available(rw, true) {
        return Err(misuse(m, "pthread_rwlock_init of a locked rwlock"));
    }
    m.sync_mut().rwlocks.insert(rw, Default::default());
    m.last = Some(EventKind::RwInit { rw });
    ok()
}

pub fn rw_destroy_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::RwDestroy { rw: c.addr(0) }))
}

pub fn rw_destroy(m: &mut Machine, c: &Call) -> Run {
    let rw = c.addr(0);
    check_rw(m, rw, "pthread_rwlock_destroy")?;
    if !m.sync.rw_available(rw, true) {
        return Err(misuse(m, "destroying a rwlock that is held"));
    }
    m.sync_mut().rwlocks.entry(rw).or_default().destroyed = true;
    m.last = Some(EventKind::RwDestroy { rw });
    ok()
}

fn check_rw(m: &Machine, rw: u64, what: &str) -> Result<(), Stop> {
    match m.sync.rwlocks.get(&rw) {
        Some(s) if s.destroyed => Err(misuse(m, format!("{what} on a destroyed rwlock"))),
        _ => Ok(()),
    }
}

pub fn rdlock_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::RwLock {
        rw: c.addr(0),
        write: false,
    }))
}

pub fn wrlock_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::RwLock {
        rw: c.addr(0),
        write: true,
    }))
}

pub fn rdlock(m: &mut Machine, c: &Call) -> Run {
    rw_lock(m, c, false, None)
}

pub fn wrlock(m: &mut Machine, c: &Call) -> Run {
    rw_lock(m, c, true, None)
}

pub fn tryrdlock(m: &mut Machine, c: &Call) -> Run {
    rw_lock(m, c, false, Some(EBUSY))
}

pub fn trywrlock(m: &mut Machine, c: &Call) -> Run {
    rw_lock(m, c, true, Some(EBUSY))
}

/// `pthread_rwlock_timedrdlock`: takes the lock if it can, else times out
/// (waiting until it can is explored as the schedules where the call comes
/// after the unlock, as for `pthread_mutex_timedlock`).
pub fn timedrdlock(m: &mut Machine, c: &Call) -> Run {
    rw_lock(m, c, false, Some(ETIMEDOUT))
}

pub fn timedwrlock(m: &mut Machine, c: &Call) -> Run {
    rw_lock(m, c, true, Some(ETIMEDOUT))
}

pub fn tryrdlock_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::RwTryLock {
        rw: c.addr(0),
        write: false,
        acquired: false,
    }))
}

pub fn trywrlock_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::RwTryLock {
        rw: c.addr(0),
        write: true,
        acquired: false,
    }))
}

/// Takes `rw` for reading or writing. `busy`: the call does not wait, and
/// returns this when the lock is not available (`None`: the call waits,
/// which the machine does by not running it until the lock is available).
fn rw_lock(m: &mut Machine, c: &Call, write: bool, busy: Option<u128>) -> Run {
    let rw = c.addr(0);
    m.mem.check(rw, 1, true).map_err(|e| m.mem_bug(e, true))?;
    let what = match (write, busy) {
        (false, None) => "pthread_rwlock_rdlock",
        (true, None) => "pthread_rwlock_wrlock",
        (false, Some(_)) => "pthread_rwlock_tryrdlock",
        (true, Some(_)) => "pthread_rwlock_trywrlock",
    };
    check_rw(m, rw, what)?;
    let failed = |m: &mut Machine, code| {
        m.last = Some(EventKind::RwTryLock {
            rw,
            write,
            acquired: false,
        });
        int(code)
    };
    let writer = m.sync.rwlocks.get(&rw).and_then(|s| s.writer);
    if writer == Some(c.tid) && busy != Some(EBUSY) {
        // glibc: the caller already holds it for writing (the `try`
        // variants just find it busy).
        return failed(m, EDEADLK);
    }
    if !m.sync.rw_available(rw, write) {
        let Some(code) = busy else {
            unreachable!("a blocking rwlock call runs only when it can take the lock")
        };
        return failed(m, code);
    }
    let s = m.sync_mut().rwlocks.entry(rw).or_default();
    if write {
        s.writer = Some(c.tid);
    } else {
        s.readers.push(c.tid);
    }
    m.last = Some(match busy {
        None => EventKind::RwLock { rw, write },
        Some(_) => EventKind::RwTryLock {
            rw,
            write,
            acquired: true,
        },
    });
    ok()
}

pub fn rw_unlock_pending(m: &Machine, c: &Call) -> Pending {
    let rw = c.addr(0);
    let write = m.sync.rwlocks.get(&rw).and_then(|s| s.writer) == Some(c.tid);
    Ok(Some(EventKind::RwUnlock { rw, write }))
}

pub fn rw_unlock(m: &mut Machine, c: &Call) -> Run {
    let rw = c.addr(0);
    check_rw(m, rw, "pthread_rwlock_unlock")?;
    let tid = c.tid;
    let s = m.sync_mut().rwlocks.entry(rw).or_default();
    let write = if s.writer == Some(tid) {
        s.writer = None;
        true
    } else if let Some(i) = s.readers.iter().position(|&t| t == tid) {
        s.readers.remove(i);
        false
    } else {
        return Err(misuse(
            m,
            "pthread_rwlock_unlock of a rwlock the thread does not hold",
        ));
    };
    m.last = Some(EventKind::RwUnlock { rw, write });
    ok()
}

// ---- spin locks (normal mutexes) ----------------------------------------------

/// `pthread_spin_init(lock, pshared)`: a fresh, free lock (a normal mutex,
/// whose kind is not stored: the lock is a 4-byte int).
pub fn spin_init(m: &mut Machine, c: &Call) -> Run {
    super::pthread::init_mutex(m, c.addr(0), None, "pthread_spin_init of a held spin lock")?;
    ok()
}

// ---- semaphores -------------------------------------------------------------

pub fn sem_init_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::SemInit { sem: c.addr(0) }))
}

pub fn sem_init(m: &mut Machine, c: &Call) -> Run {
    let sem = c.addr(0);
    m.mem.check(sem, 1, true).map_err(|e| m.mem_bug(e, true))?;
    if !m.sync.sem_waiters(sem).is_empty() {
        return Err(misuse(m, "sem_init of a semaphore that threads wait on"));
    }
    let value = c.arg(2) as u32;
    if value > i32::MAX as u32 {
        return fail_errno(m, c, EINVAL as u32);
    }
    m.sync_mut().sems.insert(
        sem,
        SemState {
            count: value,
            ..Default::default()
        },
    );
    m.last = Some(EventKind::SemInit { sem });
    ok()
}

pub fn sem_destroy_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::SemDestroy { sem: c.addr(0) }))
}

pub fn sem_destroy(m: &mut Machine, c: &Call) -> Run {
    let sem = c.addr(0);
    check_sem(m, sem, "sem_destroy")?;
    if !m.sync.sem_waiters(sem).is_empty() {
        return Err(misuse(m, "destroying a semaphore that threads wait on"));
    }
    m.sync_mut().sems.entry(sem).or_default().destroyed = true;
    m.last = Some(EventKind::SemDestroy { sem });
    ok()
}

/// A semaphore that `sem_init` never set up, or that was destroyed.
fn check_sem(m: &Machine, sem: u64, what: &str) -> Result<(), Stop> {
    match m.sync.sems.get(&sem) {
        None => Err(misuse(
            m,
            format!("{what} on a semaphore that sem_init did not initialise"),
        )),
        Some(s) if s.destroyed => Err(misuse(m, format!("{what} on a destroyed semaphore"))),
        Some(_) => Ok(()),
    }
}

pub fn sem_wait_pending(m: &Machine, c: &Call) -> Pending {
    sem_wait_event(m, c, false)
}

pub fn sem_timedwait_pending(m: &Machine, c: &Call) -> Pending {
    sem_wait_event(m, c, true)
}

fn sem_wait_event(m: &Machine, c: &Call, timed: bool) -> Pending {
    let sem = c.addr(0);
    Ok(Some(match m.thread(c.tid).state {
        ThreadState::Granted { timed, .. } | ThreadState::Blocked { timed, .. } if !timed => {
            EventKind::SemWake { sem, timed }
        }
        ThreadState::Granted { timed, .. } => EventKind::SemWake { sem, timed },
        // Waiting in `sem_timedwait`: it can time out.
        ThreadState::Blocked { .. } => EventKind::SemTimeout { sem },
        _ => EventKind::SemWait {
            sem,
            timed,
            blocked: false,
        },
    }))
}

pub fn sem_wait(m: &mut Machine, c: &Call) -> Run {
    sem_wait_run(m, c, false)
}

pub fn sem_timedwait(m: &mut Machine, c: &Call) -> Run {
    sem_wait_run(m, c, true)
}

/// Takes a token, or (none left) starts waiting for a post to hand one
/// over. Once handed one it returns; a timed wait not handed one yet may
/// time out instead.
fn sem_wait_run(m: &mut Machine, c: &Call, timed: bool) -> Run {
    let sem = c.addr(0);
    match m.thread(c.tid).state {
        ThreadState::Granted { timed, .. } => {
            m.thread_mut(c.tid).state = ThreadState::Running;
            m.last = Some(EventKind::SemWake { sem, timed });
            return ok();
        }
        ThreadState::Blocked { .. } => {
            m.sync_mut()
                .sems
                .entry(sem)
                .or_default()
                .waiters
                .retain(|&t| t != c.tid);
            m.thread_mut(c.tid).state = ThreadState::Running;
            m.last = Some(EventKind::SemTimeout { sem });
            return fail_errno(m, c, ETIMEDOUT_ERRNO);
        }
        _ => {}
    }
    check_sem(m, sem, if timed { "sem_timedwait" } else { "sem_wait" })?;
    if m.sync.sem_count(sem) > 0 {
        m.sync_mut().sems.entry(sem).or_default().count -= 1;
        m.last = Some(EventKind::SemWait {
            sem,
            timed,
            blocked: false,
        });
        return ok();
    }
    m.sync_mut()
        .sems
        .entry(sem)
        .or_default()
        .waiters
        .push(c.tid);
    m.thread_mut(c.tid).state = ThreadState::Blocked { obj: sem, timed };
    m.last = Some(EventKind::SemWait {
        sem,
        timed,
        blocked: true,
    });
    Ok(Ret::Stay)
}

pub fn sem_trywait_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::SemTryWait {
        sem: c.addr(0),
        ok: false,
    }))
}

pub fn sem_trywait(m: &mut Machine, c: &Call) -> Run {
    let sem = c.addr(0);
    check_sem(m, sem, "sem_trywait")?;
    let ok = m.sync.sem_count(sem) > 0;
    m.last = Some(EventKind::SemTryWait { sem, ok });
    if !ok {
        return fail_errno(m, c, EAGAIN);
    }
    m.sync_mut().sems.entry(sem).or_default().count -= 1;
    self::ok()
}

pub fn sem_post_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::SemPost {
        sem: c.addr(0),
        woke: None,
    }))
}

/// Hands the token to waiter number `alt`, or adds it to the count.
pub fn sem_post(m: &mut Machine, c: &Call) -> Run {
    let sem = c.addr(0);
    check_sem(m, sem, "sem_post")?;
    let s = m.sync_mut().sems.entry(sem).or_default();
    let woke = if s.waiters.is_empty() {
        if s.count == i32::MAX as u32 {
            return fail_errno(m, c, 75); // EOVERFLOW
        }
        s.count += 1;
        None
    } else {
        let i = (c.alt as usize).min(s.waiters.len() - 1);
        Some(s.waiters.remove(i))
    };
    if let Some(t) = woke {
        let th = m.thread_mut(t);
        let timed = matches!(th.state, ThreadState::Blocked { timed: true, .. });
        th.state = ThreadState::Granted { obj: sem, timed };
        // Its pending event was made while it was blocked (a timeout, for
        // a timed wait, see `sem_wait_event`): it now takes the token.
        if let Some(ev) = &mut th.pending {
            if let EventKind::SemTimeout { .. } = ev.kind {
                ev.kind = EventKind::SemWake { sem, timed };
            }
        }
    }
    m.last = Some(EventKind::SemPost { sem, woke });
    ok()
}

pub fn sem_getvalue_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::SemValue { sem: c.addr(0) }))
}

pub fn sem_getvalue(m: &mut Machine, c: &Call) -> Run {
    let sem = c.addr(0);
    check_sem(m, sem, "sem_getvalue")?;
    let v = m.sync.sem_count(sem);
    write(m, c.addr(1), 4, v as u128)?;
    m.last = Some(EventKind::SemValue { sem });
    ok()
}

// ---- barriers ---------------------------------------------------------------

pub fn barrier_init_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::BarrierInit { bar: c.addr(0) }))
}

pub fn barrier_init(m: &mut Machine, c: &Call) -> Run {
    let bar = c.addr(0);
    m.mem.check(bar, 1, true).map_err(|e| m.mem_bug(e, true))?;
    m.last = Some(EventKind::BarrierInit { bar });
    if m.sync
        .barriers
        .get(&bar)
        .is_some_and(|b| !b.waiting.is_empty())
    {
        return Err(misuse(
            m,
            "pthread_barrier_init of a barrier threads wait at",
        ));
    }
    let count = c.arg(2) as u32;
    if count == 0 {
        return int(EINVAL);
    }
    m.sync_mut().barriers.insert(
        bar,
        BarrierState {
            count,
            ..Default::default()
        },
    );
    ok()
}

pub fn barrier_destroy_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::BarrierDestroy { bar: c.addr(0) }))
}

pub fn barrier_destroy(m: &mut Machine, c: &Call) -> Run {
    let bar = c.addr(0);
    check_barrier(m, bar, "pthread_barrier_destroy")?;
    if m.sync
        .barriers
        .get(&bar)
        .is_some_and(|b| !b.waiting.is_empty())
    {
        return Err(misuse(m, "destroying a barrier that threads wait at"));
    }
    m.sync_mut().barriers.entry(bar).or_default().destroyed = true;
    m.last = Some(EventKind::BarrierDestroy { bar });
    ok()
}

fn check_barrier(m: &Machine, bar: u64, what: &str) -> Result<(), Stop> {
    match m.sync.barriers.get(&bar) {
        None => Err(misuse(
            m,
            format!("{what} on a barrier that pthread_barrier_init did not initialise"),
        )),
        Some(b) if b.destroyed => Err(misuse(m, format!("{what} on a destroyed barrier"))),
        Some(_) => Ok(()),
    }
}

pub fn barrier_wait_pending(m: &Machine, c: &Call) -> Pending {
    let bar = c.addr(0);
    let b = m.sync.barriers.get(&bar);
    let gen = b.map_or(0, |b| b.gen);
    Ok(Some(match m.thread(c.tid).state {
        ThreadState::Granted { .. } | ThreadState::Blocked { .. } => EventKind::BarrierLeave {
            bar,
            gen: gen.wrapping_sub(1),
        },
        _ => EventKind::BarrierWait {
            bar,
            gen,
            serial: b.is_some_and(|b| b.waiting.len() as u32 + 1 >= b.count),
        },
    }))
}

/// Arrives at the barrier: the last arrival of a generation releases the
/// others and returns `PTHREAD_BARRIER_SERIAL_THREAD`; the others wait,
/// then leave (returning 0). A released thread leaves before it can arrive
/// again, so the generation it leaves is the one before the current.
pub fn barrier_wait(m: &mut Machine, c: &Call) -> Run {
    let bar = c.addr(0);
    if let ThreadState::Granted { .. } = m.thread(c.tid).state {
        let gen = m.sync.barriers.get(&bar).map_or(0, |b| b.gen);
        m.thread_mut(c.tid).state = ThreadState::Running;
        m.last = Some(EventKind::BarrierLeave {
            bar,
            gen: gen.wrapping_sub(1),
        });
        return ok();
    }
    check_barrier(m, bar, "pthread_barrier_wait")?;
    let b = m.sync_mut().barriers.entry(bar).or_default();
    let gen = b.gen;
    b.waiting.push(c.tid);
    if (b.waiting.len() as u32) < b.count {
        m.thread_mut(c.tid).state = ThreadState::Blocked {
            obj: bar,
            timed: false,
        };
        m.last = Some(EventKind::BarrierWait {
            bar,
            gen,
            serial: false,
        });
        return Ok(Ret::Stay);
    }
    let released = std::mem::take(&mut b.waiting);
    b.gen += 1;
    for t in released.into_iter().filter(|&t| t != c.tid) {
        m.thread_mut(t).state = ThreadState::Granted {
            obj: bar,
            timed: false,
        };
    }
    m.last = Some(EventKind::BarrierWait {
        bar,
        gen,
        serial: true,
    });
    int(SERIAL)
}

// ---- thread attributes --------------------------------------------------------
//
// weft's own layout inside `pthread_attr_t` (56 bytes; ILP32: 36): the
// detach state at offset 0, the stack size (a `size_t`) at offset 8, the
// guard size at offset 16.

pub fn attr_init(m: &mut Machine, c: &Call) -> Run {
    let a = c.addr(0);
    let w = m.dm().ptr;
    write(m, a, 4, 0)?;
    write(m, a + 8, w, DEFAULT_STACK)?;
    write(m, a + 16, w, 4096)?;
    ok()
}

pub fn attr_setdetachstate(m: &mut Machine, c: &Call) -> Run {
    if c.arg(1) > DETACHED {
        return int(EINVAL);
    }
    write(m, c.addr(0), 4, c.arg(1))?;
    ok()
}

pub fn attr_getdetachstate(m: &mut Machine, c: &Call) -> Run {
    let v = read(m, c.addr(0), 4)?;
    write(m, c.addr(1), 4, v)?;
    ok()
}

pub fn attr_setstacksize(m: &mut Machine, c: &Call) -> Run {
    if c.arg(1) < STACK_MIN {
        return int(EINVAL);
    }
    write(m, c.addr(0) + 8, m.dm().ptr, c.arg(1))?;
    ok()
}

pub fn attr_getstacksize(m: &mut Machine, c: &Call) -> Run {
    let w = m.dm().ptr;
    let v = read(m, c.addr(0) + 8, w)?;
    write(m, c.addr(1), w, v)?;
    ok()
}

pub fn attr_setguardsize(m: &mut Machine, c: &Call) -> Run {
    write(m, c.addr(0) + 16, m.dm().ptr, c.arg(1))?;
    ok()
}

pub fn attr_getguardsize(m: &mut Machine, c: &Call) -> Run {
    let w = m.dm().ptr;
    let v = read(m, c.addr(0) + 16, w)?;
    write(m, c.addr(1), w, v)?;
    ok()
}

/// Whether thread attributes at `attr` (or none) ask for a detached thread.
pub fn attr_detached(m: &Machine, attr: u64) -> Result<bool, Stop> {
    if attr == 0 {
        return Ok(false);
    }
    Ok(read(m, attr, 4)? == DETACHED)
}

// ---- one-time initialisation ------------------------------------------------
//
// `pthread_once(ctl, init)` and C11's `call_once(flag, init)`: a lock on the
// control's address (as a normal mutex) makes later callers wait while the
// first runs `init`; the control's own memory says whether `init` has run
// (`PTHREAD_ONCE_INIT` and `ONCE_FLAG_INIT` are 0; weft stores 1 when
// done). The first caller's `init` returning releases the lock (a visible
// unlock), so everything `init` did happens before every later caller
// returns. A caller that finds it done releases the lock at once.

pub fn once_pending(m: &Machine, c: &Call) -> Pending {
    let ctl = c.addr(0);
    Ok(Some(if m.sync.owner(ctl) == Some(c.tid) {
        EventKind::Unlock { mutex: ctl }
    } else {
        EventKind::Lock { mutex: ctl }
    }))
}

pub fn once(m: &mut Machine, c: &Call) -> Run {
    let ctl = c.addr(0);
    if m.sync.owner(ctl) == Some(c.tid) {
        // Found done: release.
        release_once(m, ctl);
        return ok();
    }
    let done = read(m, ctl, 4)? != 0;
    let s = m.sync_mut().mutex_mut(ctl);
    s.owner = Some(c.tid);
    s.count = 1;
    m.last = Some(EventKind::Lock { mutex: ctl });
    if done {
        return Ok(Ret::Stay);
    }
    let Some(func) = m.function_at(c.addr(1)) else {
        return Err(m.bug(
            weft_core::BugKind::Memory,
            "pthread_once with an invalid init routine",
        ));
    };
    Ok(Ret::Call {
        func,
        args: Vec::new(),
        result: Value::ZERO,
        on_return: crate::thread::OnReturn::OnceDone { ctl },
    })
}

fn release_once(m: &mut Machine, ctl: u64) {
    let s = m.sync_mut().mutex_mut(ctl);
    s.owner = None;
    s.count = 0;
    m.last = Some(EventKind::Unlock { mutex: ctl });
}

/// The init routine of the once control `ctl` returned in thread `tid`.
pub(crate) fn once_done(m: &mut Machine, tid: weft_core::Tid, ctl: u64) -> Result<(), Stop> {
    debug_assert_eq!(
        m.sync.owner(ctl),
        Some(tid),
        "the init routine's caller holds the control"
    );
    write(m, ctl, 4, 1)?;
    release_once(m, ctl);
    Ok(())
}

// ---- thread-local storage ------------------------------------------------------

/// `llvm.threadlocal.address(g)`: thread `tid`'s instance of thread-local
/// global `g` (`__thread`, `_Thread_local`). The main thread uses the
/// global itself; every other thread gets its own copy of the global's
/// initial value at its first access, which dies when the thread exits.
pub fn tls_address(m: &mut Machine, c: &Call) -> Run {
    let g = c.addr(0);
    if c.tid == 0 {
        return int(g as u128);
    }
    if let Some(&(_, copy)) = m.thread(c.tid).lib().tls.iter().find(|(a, _)| *a == g) {
        return int(copy as u128);
    }
    let (id, off) = m.mem.decode(g);
    let init = (id.space == 0 && off == 0)
        .then(|| m.prog.statics.get(id.index as usize))
        .flatten()
        .cloned();
    let Some(init) = init else {
        return Err(m.bug(
            weft_core::BugKind::Memory,
            "llvm.threadlocal.address of something that is not a global",
        ));
    };
    let copy = m
        .mem
        .alloc_copy(weft_ir::addr::thread_space(c.tid), &init)
        .map_err(|e| m.alloc_stop(e))?;
    m.thread_mut(c.tid).lib_mut().tls.push((g, copy));
    int(copy as u128)
}

// ---- thread-specific data ----------------------------------------------------
//
// `pthread_key_*` and C11 `tss_*`. A key's id names its creator and the
// creator's count of keys ((thread + 1) << 16 | n), so it does not depend
// on how key creations of different threads interleave. Values are per
// thread; at a thread's exit (other than main's return from `main`), the
// destructor of each key with a value that is not null runs with that
// value (see `Machine::pending_destructor`).

const PTHREAD_KEYS_MAX: u32 = 1024;

/// Creates a key with destructor `dtor` (0: none) for thread `c.tid`.
fn make_key(m: &mut Machine, c: &Call, dtor: u64) -> Result<Option<u32>, Stop> {
    let made = m.thread(c.tid).lib().keys_made;
    if made >= PTHREAD_KEYS_MAX || c.tid >= 0xfffe {
        return Ok(None);
    }
    if dtor != 0 && m.function_at(dtor).is_none() && m.model_at(dtor).is_none() {
        return Err(m.bug(
            weft_core::BugKind::Memory,
            "pthread_key_create with a destructor that is not a function",
        ));
    }
    let key = ((c.tid + 1) << 16) | made;
    m.thread_mut(c.tid).lib_mut().keys_made += 1;
    m.sync_mut().keys.insert(
        key,
        crate::sync::KeyInfo {
            destructor: dtor,
            deleted: false,
        },
    );
    Ok(Some(key))
}

fn live_key(m: &Machine, key: u32) -> bool {
    m.sync.keys.get(&key).is_some_and(|k| !k.deleted)
}

fn set_specific(m: &mut Machine, c: &Call, key: u32, v: u64) {
    let t = m.thread_mut(c.tid).lib_mut();
    t.specific.retain(|&(k, _)| k != key);
    if v != 0 {
        t.specific.push((key, v));
    }
}

fn get_specific(m: &Machine, c: &Call, key: u32) -> u64 {
    m.thread(c.tid)
        .lib()
        .specific
        .iter()
        .find(|&&(k, _)| k == key)
        .map_or(0, |&(_, v)| v)
}

pub fn key_create(m: &mut Machine, c: &Call) -> Run {
    match make_key(m, c, c.addr(1))? {
        Some(key) => {
            write(m, c.addr(0), 4, key as u128)?;
            ok()
        }
        None => int(EAGAIN as u128),
    }
}

pub fn key_delete(m: &mut Machine, c: &Call) -> Run {
    let key = c.arg(0) as u32;
    if !live_key(m, key) {
        return int(EINVAL);
    }
    m.sync_mut().keys.entry(key).or_default().deleted = true;
    ok()
}

pub fn setspecific(m: &mut Machine, c: &Call) -> Run {
    let key = c.arg(0) as u32;
    if !live_key(m, key) {
        return int(EINVAL);
    }
    set_specific(m, c, key, c.addr(1));
    ok()
}

pub fn getspecific(m: &mut Machine, c: &Call) -> Run {
    let key = c.arg(0) as u32;
    int(get_specific(m, c, key) as u128)
}

/// `tss_create(key, dtor)`: `thrd_success` (0) or `thrd_error` (2).
pub fn tss_create(m: &mut Machine, c: &Call) -> Run {
    match make_key(m, c, c.addr(1))? {
        Some(key) => {
            write(m, c.addr(0), 4, key as u128)?;
            ok()
        }
        None => int(2),
    }
}

/// `tss_delete(key)` returns nothing.
pub fn tss_delete(m: &mut Machine, c: &Call) -> Run {
    let key = c.arg(0) as u32;
    if live_key(m, key) {
        m.sync_mut().keys.entry(key).or_default().deleted = true;
    }
    ok()
}

pub fn tss_set(m: &mut Machine, c: &Call) -> Run {
    let key = c.arg(0) as u32;
    if !live_key(m, key) {
        return int(2);
    }
    set_specific(m, c, key, c.addr(1));
    ok()
}

pub fn tss_get(m: &mut Machine, c: &Call) -> Run {
    let key = c.arg(0) as u32;
    int(get_specific(m, c, key) as u128)
}
