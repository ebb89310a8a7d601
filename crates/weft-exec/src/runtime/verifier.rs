//! Termination (`abort`, `exit`, `assert`) and the SV-COMP interface.

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::Value;
use weft_core::{BlockReason, BugKind, EventKind};

type Pending = Result<Option<EventKind>, Stop>;

pub fn abort(m: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Err(m.bug(BugKind::Abort, "abort() was called"))
}

/// `exit` runs the `atexit` handlers (thread-local steps), then ends the
/// process (its visible event).
pub fn exit_pending(m: &Machine, c: &Call) -> Pending {
    if !m.sync.atexit.is_empty() {
        return Ok(None);
    }
    exit_now_pending(m, c)
}

pub fn exit(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    if m.run_atexit(c.tid)? {
        return Ok(Ret::Done);
    }
    exit_now(m, c)
}

/// `_Exit`, `_exit`: ends the process without running `atexit` handlers.
pub fn exit_now_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::ProcessExit {
        code: c.arg(0) as i32,
    }))
}

pub fn exit_now(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    m.last = exit_now_pending(m, c)?;
    Err(Stop::Exit(c.arg(0) as i32))
}

/// `atexit(f)`: registers `f` for `exit` and `main`'s return. A
/// thread-local step: registrations in two threads are not ordered
/// against each other by the reduction.
pub fn atexit(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    m.sync_mut().atexit.push(c.addr(0));
    Ok(Ret::Value(Value::ZERO))
}

fn assertion(m: &Machine, expr: u64) -> Stop {
    let expr = m.mem.read_cstr(expr).unwrap_or_default();
    let msg = format!("assertion `{}` failed", String::from_utf8_lossy(&expr));
    m.bug(BugKind::Assertion, msg)
}

/// glibc's and musl's `__assert_fail(expr, file, line, func)`.
pub fn assert_fail(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    Err(assertion(m, c.addr(0)))
}

/// `__assert(expr, file, line)` (glibc, uClibc, old BSD) and Windows'
/// `_assert(expr, file, line)`.
pub fn assert_bsd(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    Err(assertion(m, c.addr(0)))
}

/// macOS and BSD `__assert_rtn(func, file, line, expr)`.
pub fn assert_rtn(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    Err(assertion(m, c.addr(3)))
}

/// newlib's `__assert_func(file, line, func, expr)`.
pub fn assert_func(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    Err(assertion(m, c.addr(3)))
}

/// glibc's `assert_perror(errnum)`: `__assert_perror_fail(errnum, file,
/// line, func)`.
pub fn assert_perror_fail(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let msg = format!("assert_perror failed: error {}", c.arg(0) as i32);
    Err(m.bug(BugKind::Assertion, msg))
}

pub fn reach_error(m: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Err(m.bug(BugKind::Assertion, "reach_error() was called"))
}

/// `__VERIFIER_nondet_bool`: a choice of the explorer, which explores
/// both values (the event's two alternatives) in every context.
pub fn nondet_bool_pending(_: &Machine, _: &Call) -> Pending {
    Ok(Some(EventKind::Choice { of: 2, value: 0 }))
}

pub fn nondet_bool(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let value = c.alt.min(1);
    m.last = Some(EventKind::Choice { of: 2, value });
    Ok(Ret::Value(Value::Int(value as u128)))
}

/// `__VERIFIER_nondet_char` and `_uchar` under `--nondet enumerate`: a
/// choice of the explorer among the 256 values (a concrete oracle for
/// small inputs); otherwise no event, and 0 as [`nondet`] gives it.
pub fn nondet_byte_pending(m: &Machine, _: &Call) -> Pending {
    Ok(m.limits
        .nondet_enumerate
        .then_some(EventKind::Choice { of: 256, value: 0 }))
}

pub fn nondet_byte(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    if !m.limits.nondet_enumerate {
        return nondet(m, c);
    }
    let value = c.alt.min(255);
    m.last = Some(EventKind::Choice { of: 256, value });
    Ok(Ret::Value(Value::Int(value as u128)))
}

/// The other `__VERIFIER_nondet_*`: a fixed default (0) until symbolic
/// inputs land.
/// The execution is marked, so that a run without bugs is incomplete
/// rather than safe (conservatively: whether or not the value is used).
pub fn nondet(m: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    m.nondet = true;
    Ok(Ret::Value(Value::ZERO))
}

pub fn assume(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    match c.args.first() {
        Some(Value::Int(0)) => Err(Stop::Blocked(BlockReason::Assume)),
        Some(Value::Int(_)) => Ok(Ret::Value(Value::ZERO)),
        _ => Err(m.bug(
            BugKind::Memory,
            "uninitialised value decides __VERIFIER_assume",
        )),
    }
}

pub fn atomic_begin_pending(_: &Machine, _: &Call) -> Pending {
    Ok(Some(EventKind::AtomicBegin))
}

pub fn atomic_begin(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    m.thread_mut(c.tid).atomic_depth += 1;
    m.last = Some(EventKind::AtomicBegin);
    Ok(Ret::Value(Value::ZERO))
}

pub fn atomic_end_pending(_: &Machine, _: &Call) -> Pending {
    Ok(Some(EventKind::AtomicEnd))
}

pub fn atomic_end(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let t = m.thread_mut(c.tid);
    t.atomic_depth = t.atomic_depth.saturating_sub(1);
    m.last = Some(EventKind::AtomicEnd);
    Ok(Ret::Value(Value::ZERO))
}
