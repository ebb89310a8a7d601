//! Time: `time`, `clock_gettime`, `gettimeofday`, `clock`, `timespec_get`,
//! and the sleeps (`sleep`, `usleep`, `nanosleep`, `clock_nanosleep`).
//!
//! Every execution has one logical clock: an 8-byte count of nanoseconds
//! in one of the C library's own objects ([`LibObj::Clock`]), starting at
//! 0. The wall clock reads [`EPOCH`] plus the count, the monotonic and CPU
//! clocks the count alone. It only moves forward: each clock read advances
//! it by [`TICK`] (time passes while a program runs, so a loop that waits
//! for a deadline ends), and a sleep by its duration.
//!
//! A clock read is a `ClockRead` event, an atomic read-modify-write of the
//! clock that synchronises nothing and is no fence (the C library reads
//! the clock without one), and a sleep a `Sleep` event: the
//! reduction orders them against each other, as the values a program sees
//! depend on that order, and neither is ever a race. When the result goes
//! to shared memory (`time(&global)`), the store is a second event, a
//! `MemOp` write of the destination, so that it is ordered and
//! race-checked like any store (the reading waits in `Thread::resume`).
//!
//! Deviations, documented in the README: all clocks advance together (a
//! thread's CPU clock is the process's), a timed wait that times out does
//! not move the clock, and `gettimeofday`'s obsolete time-zone argument is
//! ignored.

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::program::LibObj;
use crate::value::Value;
use weft_core::EventKind;

type Pending = Result<Option<EventKind>, Stop>;
type Run = Result<Ret, Stop>;

/// The wall clock at the start of every execution: 2023-11-14 22:13:20 UTC.
pub const EPOCH: u64 = 1_700_000_000;
/// How far one clock read moves the clock, in nanoseconds (1 ms).
pub const TICK: u64 = 1_000_000;
const NS: u64 = 1_000_000_000;
const EINVAL: u32 = 22;

/// A clock: what a reading of the count `t` shows.
#[derive(Clone, Copy)]
enum Kind {
    /// Seconds and nanoseconds since 1970.
    Wall,
    /// Since the execution started.
    Monotonic,
}

/// The clock named by a `clockid_t`, if Linux has it.
fn clock_id(id: u128) -> Option<Kind> {
    match id as i32 {
        0 | 5 | 8 | 11 => Some(Kind::Wall), // REALTIME (_COARSE, _ALARM), TAI
        1 | 2 | 3 | 4 | 6 | 7 | 9 => Some(Kind::Monotonic),
        _ => None,
    }
}

fn show(kind: Kind, t: u64) -> u64 {
    match kind {
        Kind::Wall => EPOCH * NS + t,
        Kind::Monotonic => t,
    }
}

fn clock_addr(m: &Machine) -> u64 {
    m.prog.lib_addr(LibObj::Clock)
}

fn now(m: &Machine) -> u64 {
    m.mem.read_int(clock_addr(m), 8).ok().flatten().unwrap_or(0) as u64
}

/// Moves the clock to `new` (never back).
fn set_clock(m: &mut Machine, new: u64) {
    let a = clock_addr(m);
    m.mem
        .write_int(a, 8, Some(new as u128))
        .expect("the clock is a live static object");
}

// ---- reads ------------------------------------------------------------

/// How a clock-reading call stores what it read.
#[derive(Clone, Copy)]
enum Out {
    /// `time`: seconds, returned and stored through argument 0 if not NULL.
    Time,
    /// A `timespec` (seconds, nanoseconds) at argument `.0`.
    Timespec(usize),
    /// `gettimeofday`: a `timeval` (seconds, microseconds) at argument 0.
    Timeval,
    /// `clock`: microseconds, returned.
    Clock,
}

impl Out {
    /// The destination and its size, if the call stores into memory
    /// (`w`: the bytes of a `time_t` and of `long`, 8 or 4 under ILP32).
    fn dest(self, c: &Call, w: u64) -> Option<(u64, u64)> {
        match self {
            // `time(NULL)` and `gettimeofday(NULL, ...)` store nothing; a
            // NULL `timespec` is written through (natively a crash).
            Out::Time => Some((c.addr(0), w)).filter(|&(a, _)| a != 0),
            Out::Timeval => Some((c.addr(0), 2 * w)).filter(|&(a, _)| a != 0),
            Out::Timespec(i) => Some((c.addr(i), 2 * w)),
            Out::Clock => None,
        }
    }

    /// The bytes stored and the value returned, for a reading `t` of
    /// `kind`'s clock.
    fn result(self, kind: Kind, t: u64) -> ([u64; 2], u128) {
        let v = show(kind, t);
        match self {
            Out::Time => ([v / NS, 0], (v / NS) as u128),
            Out::Timespec(_) => ([v / NS, v % NS], 0),
            Out::Timeval => ([v / NS, v % NS / 1000], 0),
            Out::Clock => ([0, 0], (t / 1000) as u128),
        }
    }
}

/// The clock a read call reads, or `None` for an invalid clock id.
fn read_kind(out: Out, c: &Call) -> Option<Kind> {
    match out {
        Out::Timespec(1) => clock_id(c.arg(0)),
        Out::Timespec(_) if c.arg(1) != 1 => None, // timespec_get: TIME_UTC only
        Out::Time | Out::Timespec(_) | Out::Timeval => Some(Kind::Wall),
        Out::Clock => Some(Kind::Monotonic),
    }
}

fn read_pending(m: &Machine, c: &Call, out: Out) -> Pending {
    if read_kind(out, c).is_none() {
        return Ok(None);
    }
    if m.thread(c.tid).resume.is_some() {
        // Second phase: the store of what was read into shared memory.
        return Ok(out
            .dest(c, m.dm().time)
            .filter(|&(a, _)| m.mem.is_shared(a))
            .map(|(a, n)| EventKind::MemOp {
                buffered: false,
                name: "clock store",
                stream: None,
                read: None,
                write: Some((a, n)),
            }));
    }
    Ok(Some(EventKind::ClockRead {
        clock: clock_addr(m),
        old: 0,
        new: 0,
    }))
}

/// Stores a reading into the destination (if any) and returns.
fn deliver(m: &mut Machine, c: &Call, out: Out, kind: Kind, t: u64) -> Run {
    let (words, ret) = out.result(kind, t);
    let w = m.dm().time;
    if let Some((a, n)) = out.dest(c, w) {
        let shared = m.mem.is_shared(a);
        m.private_write(c.tid, a, n, |m| {
            m.mem.write_int(a, w, Some(words[0] as u128))?;
            if n == 2 * w {
                m.mem.write_int(a + w, w, Some(words[1] as u128))?;
            }
            Ok(())
        })
        .map_err(|e| m.mem_bug(e, true))?;
        if shared {
            m.last = Some(EventKind::MemOp {
                buffered: false,
                name: "clock store",
                stream: None,
                read: None,
                write: Some((a, n)),
            });
        }
    }
    Ok(Ret::Value(Value::Int(crate::value::mask(
        ret,
        8 * w as u32,
    ))))
}

fn read(m: &mut Machine, c: &Call, out: Out) -> Run {
    let Some(kind) = read_kind(out, c) else {
        return match out {
            Out::Timespec(0) => Ok(Ret::Value(Value::ZERO)), // timespec_get
            _ => {
                m.set_errno(c.tid, EINVAL)?;
                Ok(Ret::Value(Value::Int(u32::MAX as u128)))
            }
        };
    };
    if let Some(r) = m.thread_mut(c.tid).resume.take() {
        return deliver(m, c, out, kind, r.progress[0]);
    }
    // A destination the store would fault on is found before the clock
    // moves.
    if let Some((a, n)) = out.dest(c, m.dm().time) {
        m.mem.check(a, n, true).map_err(|e| m.mem_bug(e, true))?;
    }
    let old = now(m);
    let t = old + TICK;
    set_clock(m, t);
    m.last = Some(EventKind::ClockRead {
        clock: clock_addr(m),
        old,
        new: t,
    });
    match out.dest(c, m.dm().time) {
        Some((a, _)) if m.mem.is_shared(a) => {
            // The store is its own event: come back to this call for it.
            m.thread_mut(c.tid).resume = Some(Box::new(crate::thread::Resumed {
                progress: [t, 0, 0],
                result: None,
            }));
            Ok(Ret::Stay)
        }
        _ => deliver(m, c, out, kind, t),
    }
}

macro_rules! reader {
    ($pending:ident, $run:ident, $out:expr) => {
        pub fn $pending(m: &Machine, c: &Call) -> Pending {
            read_pending(m, c, $out)
        }
        pub fn $run(m: &mut Machine, c: &Call) -> Run {
            read(m, c, $out)
        }
    };
}

reader!(time_pending, time, Out::Time);
reader!(clock_gettime_pending, clock_gettime, Out::Timespec(1));
reader!(timespec_get_pending, timespec_get, Out::Timespec(0));
reader!(gettimeofday_pending, gettimeofday, Out::Timeval);
reader!(clock_pending, clock, Out::Clock);

// ---- sleeps -----------------------------------------------------------

/// How long a sleep call asks for, in nanoseconds from now (an absolute
/// `clock_nanosleep` is measured against the clock as it is now), or the
/// error it returns.
fn duration(m: &Machine, c: &Call, name: &str) -> Result<Result<u64, u32>, Stop> {
    let timespec = |i: usize| -> Result<Result<u64, u32>, Stop> {
        let a = c.addr(i);
        // `time_t` and `long`: 8 bytes, or 4 under ILP32.
        let w = m.dm().time;
        let word = |off| {
            m.mem
                .read_int(a + off, w)
                .map_err(|e| m.mem_bug(e, false))
                .map(|v| crate::value::sext(v.unwrap_or(0), 8 * w as u32) as i64)
        };
        let (s, ns) = (word(0)?, word(w)?);
        if s < 0 || !(0..NS as i64).contains(&ns) {
            return Ok(Err(EINVAL));
        }
        Ok(Ok((s as u64).saturating_mul(NS).saturating_add(ns as u64)))
    };
    Ok(match name {
        "sleep" => Ok((c.arg(0) as u32 as u64) * NS),
        "usleep" => Ok((c.arg(0) as u32 as u64) * 1000),
        "nanosleep" => timespec(0)?,
        _ => {
            let Some(kind) = clock_id(c.arg(0)) else {
                return Ok(Err(EINVAL));
            };
            match timespec(2)? {
                Ok(d) if c.arg(1) & 1 != 0 => Ok(d.saturating_sub(show(kind, now(m)))),
                r => r,
            }
        }
    })
}

fn sleep_pending(m: &Machine, c: &Call, name: &str) -> Pending {
    Ok(match duration(m, c, name)? {
        Ok(ns) => Some(EventKind::Sleep {
            clock: clock_addr(m),
            ns,
        }),
        Err(_) => None,
    })
}

fn sleep_run(m: &mut Machine, c: &Call, name: &str) -> Run {
    let ns = match duration(m, c, name)? {
        Ok(ns) => ns,
        Err(e) if name == "clock_nanosleep" => return Ok(Ret::Value(Value::Int(e as u128))),
        Err(e) => {
            m.set_errno(c.tid, e)?;
            return Ok(Ret::Value(Value::Int(u32::MAX as u128)));
        }
    };
    let t = now(m).saturating_add(ns);
    set_clock(m, t);
    m.last = Some(EventKind::Sleep {
        clock: clock_addr(m),
        ns,
    });
    Ok(Ret::Value(Value::ZERO))
}

macro_rules! sleeper {
    ($pending:ident, $run:ident, $name:literal) => {
        pub fn $pending(m: &Machine, c: &Call) -> Pending {
            sleep_pending(m, c, $name)
        }
        pub fn $run(m: &mut Machine, c: &Call) -> Run {
            sleep_run(m, c, $name)
        }
    };
}

sleeper!(sleep_s_pending, sleep_s, "sleep");
sleeper!(usleep_pending, usleep, "usleep");
sleeper!(nanosleep_pending, nanosleep, "nanosleep");
sleeper!(clock_nanosleep_pending, clock_nanosleep, "clock_nanosleep");
