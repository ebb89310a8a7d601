//! Memory allocation, raw memory and string functions.
//!
//! Calls that touch escaped (shared) objects are visible operations: their
//! event lists the byte ranges read and written (string functions
//! conservatively cover the rest of the object).

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::memory::{MemError, ObjKind, ObjState};
use crate::value::Value;
use weft_core::{BugKind, EventKind};
use weft_ir::addr;

type Pending = Result<Option<EventKind>, Stop>;

fn ret_addr(a: u64) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(a as u128)))
}

fn ret_int(v: i64, bits: u32) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(crate::value::mask(
        v as i128 as u128,
        bits,
    ))))
}

pub fn malloc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let a = m.alloc(c.tid, c.arg(0) as u64, ObjKind::Heap, false)?;
    ret_addr(a)
}

pub fn calloc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let n = (c.arg(0) as u64).saturating_mul(c.arg(1) as u64);
    let a = m.alloc(c.tid, n, ObjKind::Heap, true)?;
    ret_addr(a)
}

/// The `[addr, addr+n)` range if it lies in a shared object.
fn shared(m: &Machine, a: u64, n: u64) -> Option<(u64, u64)> {
    (n > 0 && m.mem.is_shared(a)).then_some((a, n))
}

/// From `a` to the end of its object, if shared.
fn shared_tail(m: &Machine, a: u64) -> Option<(u64, u64)> {
    let (id, off) = addr::decode(a);
    let size = m.mem.object(id)?.size;
    shared(m, a, size.saturating_sub(off))
}

fn mem_op(name: &'static str, read: Option<(u64, u64)>, write: Option<(u64, u64)>) -> Pending {
    Ok((read.is_some() || write.is_some()).then_some(EventKind::MemOp { name, read, write }))
}

/// A heap block that `free`/`realloc` may release: `(addr, size)`.
fn heap_block(m: &Machine, a: u64) -> Result<(u64, u64), Stop> {
    let (id, off) = addr::decode(a);
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
        let size = m.mem.object(addr::decode(a).0).map(|o| o.size).unwrap_or(0);
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
    free_pending(m, c)
}

pub fn realloc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (old, n) = (c.addr(0), c.arg(1) as u64);
    let new = m.alloc(c.tid, n, ObjKind::Heap, false)?;
    if old != 0 {
        let (old, size) = heap_block(m, old)?;
        let (b, i) = m
            .mem
            .read_bytes(old, size.min(n))
            .map_err(|e| m.mem_bug(e, false))?;
        m.mem
            .write_bytes(new, &b, &i)
            .map_err(|e| m.mem_bug(e, true))?;
        m.mem.kill(old, ObjState::Freed);
        m.last = Some(EventKind::Free { addr: old, size });
    }
    ret_addr(new)
}

fn rd(
    m: &Machine,
    r: Result<(Vec<u8>, Vec<bool>), MemError>,
) -> Result<(Vec<u8>, Vec<bool>), Stop> {
    r.map_err(|e| m.mem_bug(e, false))
}

pub fn memcpy_pending(m: &Machine, c: &Call) -> Pending {
    let n = c.arg(2) as u64;
    mem_op("memcpy", shared(m, c.addr(1), n), shared(m, c.addr(0), n))
}

pub fn memcpy(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (d, s, n) = (c.addr(0), c.addr(1), c.arg(2) as u64);
    let (b, i) = rd(m, m.mem.read_bytes(s, n))?;
    m.private_write(c.tid, d, n, |m| m.mem.write_bytes(d, &b, &i))
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = memcpy_pending(m, c)?;
    ret_addr(d)
}

pub fn memset_pending(m: &Machine, c: &Call) -> Pending {
    mem_op("memset", None, shared(m, c.addr(0), c.arg(2) as u64))
}

pub fn memset(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (d, v, n) = (c.addr(0), c.arg(1) as u8, c.arg(2) as usize);
    m.private_write(c.tid, d, n as u64, |m| {
        m.mem.write_bytes(d, &vec![v; n], &vec![true; n])
    })
    .map_err(|e| m.mem_bug(e, true))?;
    m.last = memset_pending(m, c)?;
    ret_addr(d)
}

pub fn memcmp_pending(m: &Machine, c: &Call) -> Pending {
    let n = c.arg(2) as u64;
    let r = shared(m, c.addr(0), n).or(shared(m, c.addr(1), n));
    mem_op("memcmp", r, None)
}

pub fn memcmp(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let n = c.arg(2) as u64;
    let (a, _) = rd(m, m.mem.read_bytes(c.addr(0), n))?;
    let (b, _) = rd(m, m.mem.read_bytes(c.addr(1), n))?;
    m.last = memcmp_pending(m, c)?;
    ret_int(compare(&a, &b), 32)
}

fn compare(a: &[u8], b: &[u8]) -> i64 {
    match a.iter().zip(b).find(|(x, y)| x != y) {
        Some((x, y)) => *x as i64 - *y as i64,
        None => 0,
    }
}

fn cstr(m: &Machine, a: u64) -> Result<Vec<u8>, Stop> {
    m.mem.read_cstr(a).map_err(|e| m.mem_bug(e, false))
}

/// At most `n` bytes of the string at `a` (stops at NUL).
fn cstr_n(m: &Machine, a: u64, n: u64) -> Result<Vec<u8>, Stop> {
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
    mem_op("strlen", shared_tail(m, c.addr(0)), None)
}

pub fn strlen(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let s = cstr(m, c.addr(0))?;
    m.last = strlen_pending(m, c)?;
    ret_int(s.len() as i64, 64)
}

pub fn strcmp_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "strcmp",
        shared_tail(m, c.addr(0)).or(shared_tail(m, c.addr(1))),
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
        shared_tail(m, c.addr(1)),
        shared_tail(m, c.addr(0)),
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
        shared_tail(m, c.addr(1)),
        shared(m, c.addr(0), n),
    )
}

pub fn strncpy(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let n = c.arg(2) as usize;
    let mut s = cstr_n(m, c.addr(1), n as u64)?;
    s.resize(n, 0);
    m.mem
        .write_bytes(c.addr(0), &s, &vec![true; n])
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = strncpy_pending(m, c)?;
    ret_addr(c.addr(0))
}
