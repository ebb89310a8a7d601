//! More of `<string.h>` and `<stdlib.h>`: concatenation (`strcat`,
//! `strncat`), searching (`strchr`, `strrchr`, `strstr`, `memchr`,
//! `memrchr`, `strspn`, `strcspn`, `strpbrk`), copies on the heap
//! (`strdup`, `strndup`), `strnlen`, `abs`/`labs`/`llabs`, and the aligned
//! and checked allocators (`posix_memalign`, `aligned_alloc`, `memalign`,
//! `reallocarray`).
//!
//! As in `libc.rs`, a call on shared objects is a visible `MemOp` whose
//! ranges conservatively cover each string from its start to the end of
//! its object (the range must not depend on the contents, which other
//! threads may change before the call runs). Out-of-bounds accesses are
//! `memory` findings; a destination is checked before anything is
//! written to it.

use super::libc::{
    cstr, cstr_n, heap_alloc, mem_op, ret_addr, ret_int, shared, shared_tail, Pending,
};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::Value;

const EINVAL: u32 = 22;
const ENOMEM: u32 = 12;

type Run = Result<Ret, Stop>;

/// From `a`, at most `n` bytes, within `a`'s object, if shared (what a
/// call that stops at a NUL or a match reads at most, when it stays in
/// bounds).
fn shared_upto(m: &Machine, a: u64, n: u64, write: bool) -> Option<(u64, u64)> {
    let (id, off) = m.mem.decode(a);
    let size = m.mem.object(id)?.size;
    shared(m, a, size.saturating_sub(off).min(n), write)
}

/// Writes `bytes` at `d`, checking the whole range first.
fn put(m: &mut Machine, d: u64, bytes: &[u8]) -> Result<(), Stop> {
    m.mem
        .check(d, bytes.len() as u64, true)
        .map_err(|e| m.mem_bug(e, true))?;
    m.mem
        .write_bytes(d, bytes, &vec![true; bytes.len()])
        .map_err(|e| m.mem_bug(e, true))
}

/// Up to `n` bytes at `a`, stopping after the first byte equal to `stop`
/// (if any): C's "as if it reads the characters sequentially and stops as
/// soon as a matching character is found". Reading past the object before
/// finding it is a finding.
fn bytes_until(m: &Machine, a: u64, n: u64, stop: Option<u8>) -> Result<Vec<u8>, Stop> {
    let (id, off) = m.mem.decode(a);
    let avail = m
        .mem
        .object(id)
        .map(|o| o.size.saturating_sub(off))
        .unwrap_or(0)
        .min(n);
    let chunk = if avail == 0 {
        Vec::new()
    } else {
        m.mem
            .read_bytes(a, avail)
            .map_err(|e| m.mem_bug(e, false))?
            .0
    };
    if let Some(i) = stop.and_then(|c| chunk.iter().position(|&b| b == c)) {
        return Ok(chunk[..=i].to_vec());
    }
    if avail < n {
        // Reads on past what there is: the check names the fault (null,
        // freed, out of bounds).
        m.mem.check(a, n, false).map_err(|e| m.mem_bug(e, false))?;
    }
    Ok(chunk)
}

// ---- concatenation ---------------------------------------------------------

pub fn strcat_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "strcat",
        shared_tail(m, c.addr(1), false),
        shared_tail(m, c.addr(0), true),
    )
}

pub fn strcat(m: &mut Machine, c: &Call) -> Run {
    let ev = strcat_pending(m, c)?;
    let d = c.addr(0);
    let dlen = cstr(m, d)?.len() as u64;
    let mut s = cstr(m, c.addr(1))?;
    s.push(0);
    put(m, d + dlen, &s)?;
    m.last = ev;
    ret_addr(d)
}

pub fn strncat_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "strncat",
        shared_upto(m, c.addr(1), c.arg(2) as u64, false),
        shared_tail(m, c.addr(0), true),
    )
}

pub fn strncat(m: &mut Machine, c: &Call) -> Run {
    let ev = strncat_pending(m, c)?;
    let d = c.addr(0);
    let dlen = cstr(m, d)?.len() as u64;
    let mut s = cstr_n(m, c.addr(1), c.arg(2) as u64)?;
    s.push(0);
    put(m, d + dlen, &s)?;
    m.last = ev;
    ret_addr(d)
}

// ---- searching -------------------------------------------------------------

pub fn strchr_pending(m: &Machine, c: &Call) -> Pending {
    mem_op("strchr", shared_tail(m, c.addr(0), false), None)
}

pub fn strrchr_pending(m: &Machine, c: &Call) -> Pending {
    mem_op("strrchr", shared_tail(m, c.addr(0), false), None)
}

pub fn strnlen_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "strnlen",
        shared_upto(m, c.addr(0), c.arg(1) as u64, false),
        None,
    )
}

/// The string at `a` with its terminating NUL.
fn cstr0(m: &Machine, a: u64) -> Result<Vec<u8>, Stop> {
    let mut s = cstr(m, a)?;
    s.push(0);
    Ok(s)
}

pub fn strchr(m: &mut Machine, c: &Call) -> Run {
    let s = cstr0(m, c.addr(0))?;
    let ch = c.arg(1) as u8;
    m.last = strchr_pending(m, c)?;
    let at = s.iter().position(|&b| b == ch);
    ret_addr(at.map_or(0, |i| c.addr(0) + i as u64))
}

pub fn strrchr(m: &mut Machine, c: &Call) -> Run {
    let s = cstr0(m, c.addr(0))?;
    let ch = c.arg(1) as u8;
    m.last = strrchr_pending(m, c)?;
    let at = s.iter().rposition(|&b| b == ch);
    ret_addr(at.map_or(0, |i| c.addr(0) + i as u64))
}

pub fn strnlen(m: &mut Machine, c: &Call) -> Run {
    let s = bytes_until(m, c.addr(0), c.arg(1) as u64, Some(0))?;
    m.last = strnlen_pending(m, c)?;
    let len = s.iter().position(|&b| b == 0).unwrap_or(s.len());
    ret_int(len as i64, 64)
}

/// Calls that read two whole strings.
fn two_strings(m: &Machine, c: &Call, name: &'static str) -> Pending {
    mem_op(
        name,
        shared_tail(m, c.addr(0), false).or(shared_tail(m, c.addr(1), false)),
        None,
    )
}

pub fn strstr_pending(m: &Machine, c: &Call) -> Pending {
    two_strings(m, c, "strstr")
}

pub fn strstr(m: &mut Machine, c: &Call) -> Run {
    let (h, n) = (cstr(m, c.addr(0))?, cstr(m, c.addr(1))?);
    m.last = strstr_pending(m, c)?;
    let at = if n.is_empty() {
        Some(0)
    } else {
        h.windows(n.len()).position(|w| w == n.as_slice())
    };
    ret_addr(at.map_or(0, |i| c.addr(0) + i as u64))
}

pub fn strspn_pending(m: &Machine, c: &Call) -> Pending {
    two_strings(m, c, "strspn")
}

pub fn strcspn_pending(m: &Machine, c: &Call) -> Pending {
    two_strings(m, c, "strcspn")
}

pub fn strpbrk_pending(m: &Machine, c: &Call) -> Pending {
    two_strings(m, c, "strpbrk")
}

/// The length of the prefix of the first string made of bytes that are
/// (`inside`) or are not in the second.
fn span(m: &Machine, c: &Call, inside: bool) -> Result<usize, Stop> {
    let (s, set) = (cstr(m, c.addr(0))?, cstr(m, c.addr(1))?);
    Ok(s.iter()
        .position(|b| set.contains(b) != inside)
        .unwrap_or(s.len()))
}

pub fn strspn(m: &mut Machine, c: &Call) -> Run {
    let n = span(m, c, true)?;
    m.last = strspn_pending(m, c)?;
    ret_int(n as i64, 64)
}

pub fn strcspn(m: &mut Machine, c: &Call) -> Run {
    let n = span(m, c, false)?;
    m.last = strcspn_pending(m, c)?;
    ret_int(n as i64, 64)
}

pub fn strpbrk(m: &mut Machine, c: &Call) -> Run {
    let s = cstr(m, c.addr(0))?;
    let n = span(m, c, false)?;
    m.last = strpbrk_pending(m, c)?;
    ret_addr(if n < s.len() { c.addr(0) + n as u64 } else { 0 })
}

pub fn memchr_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "memchr",
        shared_upto(m, c.addr(0), c.arg(2) as u64, false),
        None,
    )
}

pub fn memchr(m: &mut Machine, c: &Call) -> Run {
    let ch = c.arg(1) as u8;
    let s = bytes_until(m, c.addr(0), c.arg(2) as u64, Some(ch))?;
    m.last = memchr_pending(m, c)?;
    let at = s.last().filter(|&&b| b == ch).map(|_| s.len() - 1);
    ret_addr(at.map_or(0, |i| c.addr(0) + i as u64))
}

pub fn memrchr_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "memrchr",
        shared(m, c.addr(0), c.arg(2) as u64, false),
        None,
    )
}

pub fn memrchr(m: &mut Machine, c: &Call) -> Run {
    let (a, n, ch) = (c.addr(0), c.arg(2) as u64, c.arg(1) as u8);
    let s = bytes_until(m, a, n, None)?;
    m.last = memrchr_pending(m, c)?;
    let at = s.iter().rposition(|&b| b == ch);
    ret_addr(at.map_or(0, |i| a + i as u64))
}

// ---- heap copies -------------------------------------------------------------

pub fn strdup_pending(m: &Machine, c: &Call) -> Pending {
    mem_op("strdup", shared_tail(m, c.addr(0), false), None)
}

/// A new heap block holding `s` and a NUL, or NULL (`errno = ENOMEM`).
fn dup(m: &mut Machine, tid: u32, mut s: Vec<u8>) -> Result<u64, Stop> {
    s.push(0);
    let a = heap_alloc(m, tid, s.len() as u64, false)?;
    if a == 0 {
        m.set_errno(tid, ENOMEM)?;
        return Ok(0);
    }
    put(m, a, &s)?;
    Ok(a)
}

pub fn strdup(m: &mut Machine, c: &Call) -> Run {
    let ev = strdup_pending(m, c)?;
    let s = cstr(m, c.addr(0))?;
    let a = dup(m, c.tid, s)?;
    m.last = ev;
    ret_addr(a)
}

pub fn strndup_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "strndup",
        shared_upto(m, c.addr(0), c.arg(1) as u64, false),
        None,
    )
}

pub fn strndup(m: &mut Machine, c: &Call) -> Run {
    let ev = strndup_pending(m, c)?;
    let mut s = bytes_until(m, c.addr(0), c.arg(1) as u64, Some(0))?;
    if s.last() == Some(&0) {
        s.pop();
    }
    let a = dup(m, c.tid, s)?;
    m.last = ev;
    ret_addr(a)
}

// ---- integers ----------------------------------------------------------------

/// `abs`: the smallest `int` is its own absolute value (as glibc computes
/// it; C leaves it undefined).
pub fn abs(_: &mut Machine, c: &Call) -> Run {
    ret_int((c.arg(0) as u32 as i32).wrapping_abs() as i64, 32)
}

/// `labs` and `llabs` (both 64-bit on LP64).
pub fn labs(_: &mut Machine, c: &Call) -> Run {
    ret_int((c.arg(0) as u64 as i64).wrapping_abs(), 64)
}

// ---- aligned and checked allocation ----------------------------------------------
//
// A heap block starts at offset 0 of its object, and an object's address
// has 28 zero low bits (see `weft_ir::addr`): every block is aligned to
// 256 MiB. A larger alignment cannot be given (ENOMEM).

const MAX_ALIGN: u64 = 1 << 28;

/// `posix_memalign(&p, align, size)`: EINVAL unless `align` is a power of
/// two multiple of `sizeof(void *)`; ENOMEM (and `*p` untouched) when the
/// block cannot be had. Returns the error, not `errno`.
pub fn posix_memalign_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "posix_memalign",
        None,
        shared(m, c.addr(0), m.dm().ptr, true),
    )
}

pub fn posix_memalign(m: &mut Machine, c: &Call) -> Run {
    let (p, align, size) = (c.addr(0), c.arg(1) as u64, c.arg(2) as u64);
    if !align.is_power_of_two() || align % m.dm().ptr != 0 {
        return ret_int(EINVAL as i64, 32);
    }
    let a = if align > MAX_ALIGN {
        0
    } else {
        heap_alloc(m, c.tid, size, false)?
    };
    if a == 0 {
        return ret_int(ENOMEM as i64, 32);
    }
    let ev = posix_memalign_pending(m, c)?;
    m.mem
        .write_int(p, m.dm().ptr, Some(a as u128))
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = ev;
    ret_int(0, 32)
}

/// `aligned_alloc(align, size)` and `memalign(align, size)`: NULL with
/// EINVAL unless `align` is a power of two, as glibc does.
pub fn aligned_alloc(m: &mut Machine, c: &Call) -> Run {
    let (align, size) = (c.arg(0) as u64, c.arg(1) as u64);
    if !align.is_power_of_two() {
        m.set_errno(c.tid, EINVAL)?;
        return ret_addr(0);
    }
    let a = if align > MAX_ALIGN {
        0
    } else {
        heap_alloc(m, c.tid, size, false)?
    };
    if a == 0 {
        m.set_errno(c.tid, ENOMEM)?;
    }
    ret_addr(a)
}

/// `realloc`'s arguments for `reallocarray(p, n, size)`, or `None` when
/// `n * size` overflows.
fn array_args(c: &Call) -> Option<[Value; 2]> {
    let n = (c.arg(1) as u64).checked_mul(c.arg(2) as u64)?;
    Some([Value::Int(c.arg(0)), Value::Int(n as u128)])
}

pub fn reallocarray_pending(m: &Machine, c: &Call) -> Pending {
    match array_args(c) {
        Some(args) => super::libc::realloc_pending(
            m,
            &Call {
                tid: c.tid,
                args: &args,
                alt: c.alt,
            },
        ),
        None => Ok(None),
    }
}

/// `reallocarray(p, n, size)`: `realloc(p, n * size)`, or NULL with ENOMEM
/// (the block left alone) when the product overflows.
pub fn reallocarray(m: &mut Machine, c: &Call) -> Run {
    let Some(args) = array_args(c) else {
        m.set_errno(c.tid, ENOMEM)?;
        return ret_addr(0);
    };
    super::libc::realloc(
        m,
        &Call {
            tid: c.tid,
            args: &args,
            alt: c.alt,
        },
    )
}
