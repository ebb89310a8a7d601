//! Termination (`abort`, `exit`, `assert`) and the SV-COMP interface.

use super::{Call, Ret};
use crate::machine::{Machine, Nondet, Stop};
use crate::value::Value;
use weft_core::{BlockReason, BugKind, EventKind, Tid};

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

/// `__VERIFIER_error()`: the error location of SV-COMP tasks before 2020,
/// which `reach_error` replaced.
pub fn verifier_error(m: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Err(m.bug(BugKind::Assertion, "__VERIFIER_error() was called"))
}

/// `__VERIFIER_nondet_bool`: a fresh symbolic input (`--nondet
/// symbolic`), else a choice of the explorer, which explores both values
/// (the event's two alternatives) in every context.
pub fn nondet_bool_pending(m: &Machine, _: &Call) -> Pending {
    Ok((!m.symbolic_inputs()).then_some(EventKind::Choice { of: 2, value: 0 }))
}

pub fn nondet_bool(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    if m.symbolic_inputs() {
        return draw(m, c, 1, "__VERIFIER_nondet_bool");
    }
    let value = c.alt.min(1);
    m.last = Some(EventKind::Choice { of: 2, value });
    Ok(Ret::Value(Value::Int(value as u128)))
}

/// `__VERIFIER_nondet_char` and `_uchar`: a symbolic input; under
/// `--nondet enumerate` a choice of the explorer among the 256 values (a
/// concrete oracle for small inputs); otherwise no event, and 0 as
/// [`nondet`] gives it.
pub fn nondet_byte_pending(m: &Machine, _: &Call) -> Pending {
    Ok(
        (m.limits.nondet == Nondet::Enumerate && !m.symbolic_inputs())
            .then_some(EventKind::Choice { of: 256, value: 0 }),
    )
}

pub fn nondet_byte(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    if m.symbolic_inputs() {
        return draw(m, c, 8, "__VERIFIER_nondet_char");
    }
    if m.limits.nondet != Nondet::Enumerate {
        return nondet(m, c);
    }
    let value = c.alt.min(255);
    m.last = Some(EventKind::Choice { of: 256, value });
    Ok(Ret::Value(Value::Int(value as u128)))
}

/// A fresh input of `width` bits named after `name` (see `sym`); 0 and an
/// incomplete run when inputs are fixed.
fn draw(m: &mut Machine, c: &Call, width: u32, name: &str) -> Result<Ret, Stop> {
    match m.draw_input(c.tid, width, name) {
        Some(v) => Ok(Ret::Value(v)),
        None => nondet(m, c),
    }
}

pub fn nondet_i16(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    draw(m, c, 16, "__VERIFIER_nondet_short")
}

pub fn nondet_i32(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    draw(m, c, 32, "__VERIFIER_nondet_int")
}

pub fn nondet_i64(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    draw(m, c, 64, "__VERIFIER_nondet_longlong")
}

/// `long`, `size_t` and pointers: as wide as the data model's pointers.
pub fn nondet_word(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let bits = 8 * m.dm().ptr as u32;
    draw(m, c, bits, "__VERIFIER_nondet_long")
}

/// `float` and `double` inputs: symbolic bits, concretised by the first
/// float operation on them.
pub fn nondet_f32(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    draw(m, c, 32, "__VERIFIER_nondet_float")
}

pub fn nondet_f64(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    draw(m, c, 64, "__VERIFIER_nondet_double")
}

/// Inputs fixed to 0 (`--nondet fixed`).
/// The execution is marked, so that a run without bugs is incomplete
/// rather than safe (conservatively: whether or not the value is used).
pub fn nondet(m: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    m.nondet = true;
    Ok(Ret::Value(Value::ZERO))
}

/// `klee_make_symbolic(addr, size, name)` and `weft_make_symbolic`: the
/// `size` bytes at `addr` become inputs named `name` (one input of up to
/// 8 bytes, else one per 8 bytes, `name+0`, `name+8`, ...).
pub fn make_symbolic(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (a, size) = (c.addr(0), c.arg(1) as u64);
    let name = match c.addr(2) {
        0 => "symbolic".to_string(),
        p => String::from_utf8_lossy(&m.mem.read_cstr(p).unwrap_or_default()).into_owned(),
    };
    m.mem.check(a, size, true).map_err(|e| m.mem_bug(e, true))?;
    if !m.symbolic_inputs() {
        m.nondet = true;
        return Ok(Ret::Value(Value::ZERO));
    }
    // Inputs of at most 8 bytes: `name`, or `name+0`, `name+8`, ...
    let pieces: Vec<(u64, u64, String)> = if size <= 8 {
        vec![(0, size, name)]
    } else {
        (0..size)
            .step_by(8)
            .map(|o| (o, (size - o).min(8), format!("{name}+{o}")))
            .collect()
    };
    for (off, n, name) in pieces {
        if n == 0 {
            continue;
        }
        let v = m
            .draw_input(c.tid, 8 * n as u32, &name)
            .expect("inputs are symbolic or given");
        m.store_scalar(a + off, n, &v)
            .map_err(|e| m.mem_bug(e, true))?;
    }
    Ok(Ret::Value(Value::ZERO))
}

/// An assumption is an event (a `Fence`, which orders nothing): a failed
/// one ends the execution, and other threads must be able to run between
/// the accesses before it and the end, or their races with those accesses
/// would go unseen (`tests/programs/assume_after_racy_load.c`). Always one,
/// whatever its argument: a witness found with a symbolic condition
/// replays with a concrete one, and must meet the same events.
pub fn assume_pending(_: &Machine, _: &Call) -> Pending {
    Ok(Some(EventKind::Fence))
}

pub fn assume(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    match c.args.first() {
        Some(Value::Int(0)) => Err(Stop::Blocked(BlockReason::Assume)),
        Some(Value::Int(_)) => Ok(Ret::Value(Value::ZERO)),
        Some(Value::Sym(e)) => {
            m.assume_sym(c.tid, *e)?;
            Ok(Ret::Value(Value::ZERO))
        }
        _ => Err(m.bug(
            BugKind::Memory,
            "uninitialised value decides __VERIFIER_assume",
        )),
    }
}

/// The footprint of the section the `__VERIFIER_atomic_begin()` call now
/// running in thread `tid` opens (see `section`).
fn begin_footprint(m: &Machine, tid: Tid) -> Option<crate::section::Footprint> {
    let f = m.frame(tid);
    m.prog.sections.at_begin(f.func, f.ip)
}

pub fn atomic_begin_pending(m: &Machine, c: &Call) -> Pending {
    Ok(Some(m.section_begin(c.tid, begin_footprint(m, c.tid))))
}

pub fn atomic_begin(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let kind = m.section_begin(c.tid, begin_footprint(m, c.tid));
    m.enter_section(c.tid, &kind);
    m.last = Some(kind);
    Ok(Ret::Value(Value::ZERO))
}

pub fn atomic_end_pending(m: &Machine, c: &Call) -> Pending {
    Ok(Some(m.section_end(c.tid)))
}

pub fn atomic_end(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let kind = m.section_end(c.tid);
    m.leave_section(c.tid);
    m.last = Some(kind);
    Ok(Ret::Value(Value::ZERO))
}

/// `weft_atomic_begin()`/`weft_atomic_end()`: transaction annotations for
/// `weft predict` (recorded under concolic recording, nothing otherwise:
/// they never make other threads wait).
pub fn weft_atomic_begin(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    if m.is_concolic() {
        m.concolic_mark(c.tid, true);
    }
    Ok(Ret::Value(Value::ZERO))
}

pub fn weft_atomic_end(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    if m.is_concolic() {
        m.concolic_mark(c.tid, false);
    }
    Ok(Ret::Value(Value::ZERO))
}
