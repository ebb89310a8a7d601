//! Termination (`abort`, `exit`, `assert`) and the SV-COMP interface.

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::Value;
use weft_core::{BlockReason, BugKind, EventKind};

type Pending = Result<Option<EventKind>, Stop>;

pub fn abort(m: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Err(m.bug(BugKind::Abort, "abort() was called"))
}

pub fn exit_pending(_: &Machine, c: &Call) -> Pending {
    Ok(Some(EventKind::ProcessExit {
        code: c.arg(0) as i32,
    }))
}

pub fn exit(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    m.last = exit_pending(m, c)?;
    Err(Stop::Exit(c.arg(0) as i32))
}

pub fn assert_fail(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let expr = m.mem.read_cstr(c.addr(0)).unwrap_or_default();
    let msg = format!("assertion `{}` failed", String::from_utf8_lossy(&expr));
    Err(m.bug(BugKind::Assertion, msg))
}

pub fn reach_error(m: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Err(m.bug(BugKind::Assertion, "reach_error() was called"))
}

/// `__VERIFIER_nondet_*`: a fixed default (0) until symbolic inputs land.
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
