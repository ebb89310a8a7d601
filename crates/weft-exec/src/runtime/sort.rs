//! `qsort` and `bsearch`, which call the program's comparison function.
//!
//! A model cannot wait for a program function inside Rust, so both are
//! resumable: each call of the comparator is a `Ret::Call` with
//! `OnReturn::Resume`, whose return stores the model's progress and the
//! comparator's result in the thread (`Thread::resume`) and leaves
//! the thread at the call instruction, which runs the model again.
//!
//! `qsort` is a binary insertion sort: element `i` is compared with the
//! middle of the sorted prefix `[lo, hi)` (`cmp(&a[i], &a[mid])`) until
//! its place is found, then the prefix from that place is rotated by one
//! element. Comparisons happen in the same order in every execution; the
//! order differs from glibc's (a merge sort), so a comparator with side
//! effects sees other calls, but a consistent comparator gives the same
//! sorted array (equal elements keep their order, which C does not
//! promise). On a shared array, the call's first step is a visible write
//! of the whole array (C leaves open which elements qsort touches, so any
//! concurrent access races with it), and each rotation is a visible write
//! of the elements it moves.
//!
//! `bsearch` compares as glibc does (`cmp(key, &a[mid])`, halving `[l, u)`),
//! so it calls the comparator with the same arguments in the same order.

use super::libc::{mem_op, Pending};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::thread::{OnReturn, Resumed};
use crate::value::Value;
use weft_core::BugKind;

/// What the model does next.
enum Step {
    /// Call the comparator on these two addresses, then resume with
    /// `progress`.
    Compare(u64, u64, [u64; 3]),
    /// Return this value.
    Done(u64),
}

/// The comparator's result as the `int` it is.
fn verdict(m: &Machine, name: &str, r: Option<u128>) -> Result<i32, Stop> {
    r.map(|v| v as u32 as i32).ok_or_else(|| {
        m.bug(
            BugKind::Memory,
            format!("the comparison function of {name} returned an uninitialised value"),
        )
    })
}

fn resumed(m: &Machine, c: &Call) -> Option<Resumed> {
    m.thread(c.tid).resume.as_deref().copied()
}

/// The comparator, checked.
fn comparator(m: &Machine, c: &Call, arg: usize, name: &str) -> Result<weft_ir::FuncId, Stop> {
    let f = c.addr(arg);
    m.function_at(f).ok_or_else(|| {
        let what = if m.model_at(f).is_some() {
            "a library function (only program functions are supported)"
        } else {
            "not a function"
        };
        m.bug(
            BugKind::Memory,
            format!("the comparison function of {name} is {what}"),
        )
    })
}

fn call(
    m: &Machine,
    c: &Call,
    arg: usize,
    name: &str,
    a: u64,
    b: u64,
    progress: [u64; 3],
) -> Result<Ret, Stop> {
    Ok(Ret::Call {
        func: comparator(m, c, arg, name)?,
        args: vec![Value::Int(a as u128), Value::Int(b as u128)],
        result: Value::ZERO,
        on_return: OnReturn::Resume { progress },
    })
}

// ---- qsort ---------------------------------------------------------------------

/// `qsort(base, n, size, cmp)`'s next move: the insertion sort's counters
/// `[i, lo, hi]` after the comparator's result `r` (if resuming), the
/// rotation `(lo, i)` to do first, and the next step.
fn qsort_plan(c: &Call, resume: Option<(u64, u64, u64, i32)>) -> (Option<(u64, u64)>, Step) {
    let (base, n, size) = (c.addr(0), c.arg(1) as u64, c.arg(2) as u64);
    let (mut i, mut lo, mut hi) = match resume {
        None => (1, 0, 1),
        Some((i, lo, hi, r)) => {
            let mid = lo + (hi - lo) / 2;
            if r < 0 {
                (i, lo, mid)
            } else {
                (i, mid + 1, hi)
            }
        }
    };
    let mut rotate = None;
    if i < n && lo == hi {
        // Element i goes to position lo.
        if lo < i {
            rotate = Some((lo, i));
        }
        i += 1;
        (lo, hi) = (0, i);
    }
    if i >= n {
        return (rotate, Step::Done(0));
    }
    let mid = lo + (hi - lo) / 2;
    let step = Step::Compare(base + i * size, base + mid * size, [i, lo, hi]);
    (rotate, step)
}

fn qsort_resume(m: &Machine, c: &Call) -> Result<Option<(u64, u64, u64, i32)>, Stop> {
    match resumed(m, c) {
        None => Ok(None),
        Some(r) => {
            let [i, lo, hi] = r.progress;
            Ok(Some((i, lo, hi, verdict(m, "qsort", r.result)?)))
        }
    }
}

/// The bytes of the whole array, or `None` if `n * size` overflows.
fn array_len(c: &Call) -> Option<u64> {
    (c.arg(1) as u64).checked_mul(c.arg(2) as u64)
}

pub fn qsort_pending(m: &Machine, c: &Call) -> Pending {
    let (base, size) = (c.addr(0), c.arg(2) as u64);
    let resume = qsort_resume(m, c)?;
    if resume.is_none() {
        if c.arg(1) < 2 {
            return Ok(None);
        }
        let len = array_len(c).unwrap_or(0);
        return mem_op("qsort", None, super::libc::shared(m, base, len, true));
    }
    match qsort_plan(c, resume).0 {
        Some((lo, i)) => mem_op(
            "qsort",
            None,
            super::libc::shared(m, base + lo * size, (i - lo + 1) * size, true),
        ),
        None => Ok(None),
    }
}

pub fn qsort(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (base, n, size) = (c.addr(0), c.arg(1) as u64, c.arg(2) as u64);
    let ev = qsort_pending(m, c)?;
    let resume = qsort_resume(m, c)?;
    m.thread_mut(c.tid).resume = None;
    if resume.is_none() {
        if n < 2 || size == 0 {
            return Ok(Ret::Value(Value::ZERO));
        }
        let Some(len) = array_len(c) else {
            return Err(m.bug(BugKind::Memory, "qsort of an array larger than memory"));
        };
        m.mem
            .check(base, len, true)
            .map_err(|e| m.mem_bug(e, true))?;
        comparator(m, c, 3, "qsort")?;
    }
    let (rotate, step) = qsort_plan(c, resume);
    if let Some((lo, i)) = rotate {
        let (from, len) = (base + lo * size, (i - lo + 1) * size);
        let (mut bytes, mut init) = m
            .mem
            .read_bytes(from, len)
            .map_err(|e| m.mem_bug(e, false))?;
        bytes.rotate_right(size as usize);
        init.rotate_right(size as usize);
        m.mem
            .write_bytes(from, &bytes, &init)
            .map_err(|e| m.mem_bug(e, true))?;
    }
    m.last = ev;
    match step {
        Step::Done(_) => Ok(Ret::Value(Value::ZERO)),
        Step::Compare(a, b, progress) => call(m, c, 3, "qsort", a, b, progress),
    }
}

// ---- bsearch -------------------------------------------------------------------

/// `bsearch(key, base, n, size, cmp)`: glibc's loop over `[l, u)`.
fn bsearch_plan(c: &Call, resume: Option<(u64, u64, i32)>) -> Step {
    let (key, base, n, size) = (c.addr(0), c.addr(1), c.arg(2) as u64, c.arg(3) as u64);
    let (l, u) = match resume {
        None => (0, n),
        Some((l, u, r)) => {
            let mid = l + (u - l) / 2;
            match r {
                0 => return Step::Done(base.wrapping_add(mid.wrapping_mul(size))),
                r if r < 0 => (l, mid),
                _ => (mid + 1, u),
            }
        }
    };
    if l >= u {
        return Step::Done(0);
    }
    let mid = l + (u - l) / 2;
    Step::Compare(key, base.wrapping_add(mid.wrapping_mul(size)), [l, u, 0])
}

pub fn bsearch(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let resume = match resumed(m, c) {
        None => None,
        Some(r) => {
            let [l, u, _] = r.progress;
            Some((l, u, verdict(m, "bsearch", r.result)?))
        }
    };
    m.thread_mut(c.tid).resume = None;
    match bsearch_plan(c, resume) {
        Step::Done(a) => Ok(Ret::Value(Value::Int(a as u128))),
        Step::Compare(a, b, progress) => call(m, c, 4, "bsearch", a, b, progress),
    }
}
