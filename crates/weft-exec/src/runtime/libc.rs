//! Memory allocation, raw memory and string functions.
//!
//! Calls that touch escaped (shared) objects are visible operations: their
//! event lists the byte ranges read and written (string functions
//! conservatively cover the rest of the object).

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::memory::{AllocError, ObjKind, ObjState};
use crate::value::Value;
use weft_core::{BugKind, EventKind};

pub(super) type Pending = Result<Option<EventKind>, Stop>;

pub(super) fn ret_addr(a: u64) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(a as u128)))
}

pub(super) fn ret_int(v: i64, bits: u32) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(crate::value::mask(
        v as i128 as u128,
        bits,
    ))))
}

/// A new heap block of `size` bytes, or NULL (0) when the C library would
/// fail: a size no object can have, or a live heap past `--max-memory`.
/// Under ILP32 a block larger than the 32-bit address packing allows, but
/// one the C library could give (up to `PTRDIFF_MAX`), is weft's limit,
/// not the program's: the execution ends (limit `address-space`).
pub(super) fn heap_alloc(m: &mut Machine, tid: u32, size: u64, zeroed: bool) -> Result<u64, Stop> {
    match m.alloc_object(tid, size, ObjKind::Heap, zeroed) {
        Ok(a) => Ok(a),
        Err(e @ AllocError::TooLarge) if m.dm().is_ilp32() && size <= i32::MAX as u64 => {
            Err(m.alloc_stop(e))
        }
        Err(AllocError::TooLarge | AllocError::OutOfMemory) => Ok(0),
        // Out of addresses, not of memory: weft's limit, not the program's.
        Err(e @ AllocError::Exhausted) => Err(m.alloc_stop(e)),
    }
}

pub fn malloc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let a = heap_alloc(m, c.tid, c.arg(0) as u64, false)?;
    ret_addr(a)
}

pub fn calloc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let a = match (c.arg(0) as u64).checked_mul(c.arg(1) as u64) {
        Some(n) => heap_alloc(m, c.tid, n, true)?,
        None => 0, // the product overflows: NULL, as the C library does
    };
    ret_addr(a)
}

/// The `[addr, addr+n)` range if it lies in a shared object. A range the
/// access will fail on is left out: the call reports its bug when it runs,
/// and no out-of-bounds range (of any length) reaches the explorer.
pub(crate) fn shared(m: &Machine, a: u64, n: u64, write: bool) -> Option<(u64, u64)> {
    (n > 0 && m.mem.is_shared(a) && m.mem.check(a, n, write).is_ok()).then_some((a, n))
}

/// From `a` to the end of its object, if shared.
pub(crate) fn shared_tail(m: &Machine, a: u64, write: bool) -> Option<(u64, u64)> {
    let (id, off) = m.mem.decode(a);
    let size = m.mem.object(id)?.size;
    shared(m, a, size.saturating_sub(off), write)
}

pub(super) fn mem_op(
    name: &'static str,
    read: Option<(u64, u64)>,
    write: Option<(u64, u64)>,
) -> Pending {
    Ok(
        (read.is_some() || write.is_some()).then_some(EventKind::MemOp {
            buffered: false,
            name,
            read,
            write,
            stream: None,
        }),
    )
}

/// A heap block that `free`/`realloc` may release: `(addr, size)`.
fn heap_block(m: &Machine, a: u64) -> Result<(u64, u64), Stop> {
    let (id, off) = m.mem.decode(a);
    let Some(obj) = m.mem.object(id) else {
        return Err(m.bug(BugKind::Memory, format!("invalid free of address {a:#x}")));
    };
    if obj.kind != ObjKind::Heap {
        return Err(m.bug(
            BugKind::Memory,
            "invalid free of memory not allocated by malloc",
        ));
    }
    if obj.state == ObjState::Freed {
        return Err(m.bug(BugKind::Memory, "double free"));
    }
    if off != 0 {
        return Err(m.bug(
            BugKind::Memory,
            "invalid free of a pointer into the middle of a heap block",
        ));
    }
    Ok((a, obj.size))
}

pub fn free_pending(m: &Machine, c: &Call) -> Pending {
    let a = c.addr(0);
    Ok((a != 0 && m.mem.is_shared(a)).then(|| {
        let size = m.mem.object(m.mem.decode(a).0).map(|o| o.size).unwrap_or(0);
        EventKind::Free { addr: a, size }
    }))
}

pub fn free(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let a = c.addr(0);
    if a != 0 {
        let (a, size) = heap_block(m, a)?;
        m.mem.kill(a, ObjState::Freed);
        m.last = Some(EventKind::Free { addr: a, size });
    }
    Ok(Ret::Value(Value::ZERO))
}

pub fn realloc_pending(m: &Machine, c: &Call) -> Pending {
    if !m.mem.heap_fits(c.arg(1) as u64) {
        return Ok(None); // returns NULL and leaves the old block alone
    }
    free_pending(m, c)
}

pub fn realloc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (old, n) = (c.addr(0), c.arg(1) as u64);
    let old = match old {
        0 => None,
        a => Some(heap_block(m, a)?),
    };
    let new = heap_alloc(m, c.tid, n, false)?;
    if new == 0 {
        return ret_addr(0); // the old block is left as it was
    }
    if let Some((old, size)) = old {
        m.mem
            .copy(new, old, size.min(n))
            .map_err(|(e, w)| m.mem_bug(e, w))?;
        m.mem.kill(old, ObjState::Freed);
        m.last = Some(EventKind::Free { addr: old, size });
    }
    ret_addr(new)
}

pub fn memcpy_pending(m: &Machine, c: &Call) -> Pending {
    let n = c.arg(2) as u64;
    mem_op(
        "memcpy",
        shared(m, c.addr(1), n, false),
        shared(m, c.addr(0), n, true),
    )
}

pub fn memcpy(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (d, s, n) = (c.addr(0), c.addr(1), c.arg(2) as u64);
    m.private_write(c.tid, d, n, |m| m.mem.copy(d, s, n))
        .map_err(|(e, w)| m.mem_bug(e, w))?;
    m.last = memcpy_pending(m, c)?;
    ret_addr(d)
}

pub fn memset_pending(m: &Machine, c: &Call) -> Pending {
    mem_op("memset", None, shared(m, c.addr(0), c.arg(2) as u64, true))
}

pub fn memset(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (d, v, n) = (c.addr(0), c.arg(1) as u8, c.arg(2) as u64);
    m.private_write(c.tid, d, n, |m| m.mem.fill(d, v, n))
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = memset_pending(m, c)?;
    ret_addr(d)
}

pub fn memcmp_pending(m: &Machine, c: &Call) -> Pending {
    let n = c.arg(2) as u64;
    let r = shared(m, c.addr(0), n, false).or(shared(m, c.addr(1), n, false));
    mem_op("memcmp", r, None)
}

pub fn memcmp(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let n = c.arg(2) as u64;
    let r = m
        .mem
        .compare(c.addr(0), c.addr(1), n)
        .map_err(|e| m.mem_bug(e, false))?;
    m.last = memcmp_pending(m, c)?;
    ret_int(r, 32)
}

pub(super) fn compare(a: &[u8], b: &[u8]) -> i64 {
    match a.iter().zip(b).find(|(x, y)| x != y) {
        Some((x, y)) => *x as i64 - *y as i64,
        None => 0,
    }
}

pub(super) fn cstr(m: &Machine, a: u64) -> Result<Vec<u8>, Stop> {
    m.mem.read_cstr(a).map_err(|e| m.mem_bug(e, false))
}

/// At most `n` bytes of the string at `a` (stops at NUL).
pub(super) fn cstr_n(m: &Machine, a: u64, n: u64) -> Result<Vec<u8>, Stop> {
    let mut out = Vec::new();
    for k in 0..n {
        let b = m
            .mem
            .read_int(a + k, 1)
            .map_err(|e| m.mem_bug(e, false))?
            .unwrap_or(0) as u8;
        if b == 0 {
            break;
        }
        out.push(b);
    }
    Ok(out)
}

pub fn strlen_pending(m: &Machine, c: &Call) -> Pending {
    mem_op("strlen", shared_tail(m, c.addr(0), false), None)
}

pub fn strlen(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let s = cstr(m, c.addr(0))?;
    m.last = strlen_pending(m, c)?;
    ret_int(s.len() as i64, 64)
}

pub fn strcmp_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "strcmp",
        shared_tail(m, c.addr(0), false).or(shared_tail(m, c.addr(1), false)),
        None,
    )
}

fn cmp_strings(mut a: Vec<u8>, mut b: Vec<u8>) -> i64 {
    a.push(0);
    b.push(0);
    compare(&a, &b)
}

pub fn strcmp(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (a, b) = (cstr(m, c.addr(0))?, cstr(m, c.addr(1))?);
    m.last = strcmp_pending(m, c)?;
    ret_int(cmp_strings(a, b).signum(), 32)
}

pub fn strncmp(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let n = c.arg(2) as u64;
    let (a, b) = (cstr_n(m, c.addr(0), n)?, cstr_n(m, c.addr(1), n)?);
    m.last = strcmp_pending(m, c)?;
    let (a, b) = (
        a.into_iter().take(n as usize).collect(),
        b.into_iter().take(n as usize).collect(),
    );
    let r = cmp_strings(a, b);
    ret_int(if n == 0 { 0 } else { r.signum() }, 32)
}

pub fn strcpy_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "strcpy",
        shared_tail(m, c.addr(1), false),
        shared_tail(m, c.addr(0), true),
    )
}

pub fn strcpy(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let mut s = cstr(m, c.addr(1))?;
    s.push(0);
    m.mem
        .write_bytes(c.addr(0), &s, &vec![true; s.len()])
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = strcpy_pending(m, c)?;
    ret_addr(c.addr(0))
}

pub fn strncpy_pending(m: &Machine, c: &Call) -> Pending {
    let n = c.arg(2) as u64;
    mem_op(
        "strncpy",
        shared_tail(m, c.addr(1), false),
        shared(m, c.addr(0), n, true),
    )
}

pub fn strncpy(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (d, n) = (c.addr(0), c.arg(2) as u64);
    if n == 0 {
        return ret_addr(d);
    }
    // The whole destination is written: check it before reading anything.
    m.mem.check(d, n, true).map_err(|e| m.mem_bug(e, true))?;
    let s = cstr_n(m, c.addr(1), n)?;
    m.mem
        .write_bytes(d, &s, &vec![true; s.len()])
        .map_err(|e| m.mem_bug(e, true))?;
    let len = s.len() as u64;
    m.mem
        .fill(d + len, 0, n - len)
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = strncpy_pending(m, c)?;
    ret_addr(d)
}
