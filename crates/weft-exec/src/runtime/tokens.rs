//! Tokens and case: `strtok`, `strtok_r`, `strcasecmp`, `strncasecmp`,
//! and two GNU helpers, `stpcpy` and `memmem`.
//!
//! `strtok` keeps its position in one hidden pointer for the whole
//! process, as glibc's does: an 8-byte object of the main thread, shared
//! from the start, made when the program calls `strtok`
//! (`Machine::strtok_slot`). Each call writes it, so two threads that call
//! `strtok` without synchronisation race (the classic misuse that
//! `strtok_r` fixes).
//!
//! A tokenising call reads the delimiters and its saved pointer, and
//! writes the saved pointer and a NUL into the string; an event has one
//! read and one write range, and ranges of different objects cannot be
//! merged. So the event writes the saved pointer (`strtok`, or `strtok_r`
//! on a private string) or the string from the token on to its object's
//! end (`strtok_r` on a shared string), and reads the other (or the
//! delimiters when the other is private). What is left out: a NUL
//! `strtok` writes into a shared string counts as a read of it, and so
//! does `strtok_r`'s write of a shared saved pointer when the string is
//! shared too.

use super::libc::{cstr, mem_op, ret_addr, shared, shared_tail, Pending};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::Value;

type Run = Result<Ret, Stop>;

/// Where the saved pointer lives: `strtok_r`'s third argument, or the
/// process's slot for `strtok`.
fn save_slot(m: &Machine, c: &Call, reentrant: bool) -> u64 {
    if reentrant {
        c.addr(2)
    } else {
        m.strtok_slot.unwrap_or(0)
    }
}

/// The string a tokenising call starts from: its first argument, or
/// (NULL) the saved pointer. `None` if the saved pointer cannot be read
/// (the call reports it when it runs).
fn start(m: &Machine, c: &Call, save: u64) -> Option<u64> {
    match c.addr(0) {
        0 => m
            .mem
            .read_int(save, m.dm().ptr)
            .ok()
            .flatten()
            .map(|v| v as u64),
        s => Some(s),
    }
}

fn tok_pending(m: &Machine, c: &Call, reentrant: bool) -> Pending {
    let save = save_slot(m, c, reentrant);
    let text = start(m, c, save)
        .filter(|&s| s != 0)
        .and_then(|s| shared_tail(m, s, true));
    let saved = shared(m, save, m.dm().ptr, true);
    let delim = || shared_tail(m, c.addr(1), false);
    let (read, write) = match (reentrant, text, saved) {
        (true, Some(text), saved) => (saved.or_else(delim), Some(text)),
        (_, text, saved) => (text.or_else(delim), saved),
    };
    mem_op(if reentrant { "strtok_r" } else { "strtok" }, read, write)
}

pub fn strtok_pending(m: &Machine, c: &Call) -> Pending {
    tok_pending(m, c, false)
}

pub fn strtok_r_pending(m: &Machine, c: &Call) -> Pending {
    tok_pending(m, c, true)
}

/// glibc's `strtok_r`: skip delimiters; at the end, save it and return
/// NULL; else end the token with a NUL, save what follows, return it.
fn tokenise(m: &mut Machine, c: &Call, reentrant: bool) -> Run {
    let ev = tok_pending(m, c, reentrant)?;
    let save = save_slot(m, c, reentrant);
    let s = match c.addr(0) {
        0 => m
            .mem
            .read_int(save, m.dm().ptr)
            .map_err(|e| m.mem_bug(e, false))?
            .unwrap_or(0) as u64,
        s => s,
    };
    m.last = ev;
    // strtok(NULL, ...) before any string reads through the NULL save
    // pointer, as glibc does (natively a crash): `cstr` reports it.
    let delim = cstr(m, c.addr(1))?;
    let text = cstr(m, s)?;
    let skip = text.iter().take_while(|b| delim.contains(b)).count();
    let write = |m: &mut Machine, v: u64| {
        m.mem
            .write_int(save, m.dm().ptr, Some(v as u128))
            .map_err(|e| m.mem_bug(e, true))
    };
    if skip == text.len() {
        write(m, s + skip as u64)?;
        return ret_addr(0);
    }
    let token = s + skip as u64;
    let len = text[skip..]
        .iter()
        .take_while(|b| !delim.contains(b))
        .count() as u64;
    let end = token + len;
    if skip as u64 + len == text.len() as u64 {
        write(m, end)?;
    } else {
        m.mem
            .write_int(end, 1, Some(0))
            .map_err(|e| m.mem_bug(e, true))?;
        write(m, end + 1)?;
    }
    ret_addr(token)
}

pub fn strtok(m: &mut Machine, c: &Call) -> Run {
    tokenise(m, c, false)
}

pub fn strtok_r(m: &mut Machine, c: &Call) -> Run {
    tokenise(m, c, true)
}

// ---- case-insensitive comparison -----------------------------------------------

pub fn strcasecmp_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "strcasecmp",
        shared_tail(m, c.addr(0), false).or(shared_tail(m, c.addr(1), false)),
        None,
    )
}

/// The difference of the first pair of bytes that differ once lowered
/// (glibc returns it, not just its sign), within `n` bytes.
fn casecmp(m: &mut Machine, c: &Call, n: u64) -> Run {
    let a = super::libc::cstr_n(m, c.addr(0), n)?;
    let b = super::libc::cstr_n(m, c.addr(1), n)?;
    m.last = strcasecmp_pending(m, c)?;
    let lower = |s: &[u8], i: usize| s.get(i).copied().unwrap_or(0).to_ascii_lowercase() as i32;
    let mut r = 0;
    for i in 0..=a.len().max(b.len()) {
        if i as u64 >= n {
            break;
        }
        let (x, y) = (lower(&a, i), lower(&b, i));
        if x != y || x == 0 {
            r = x - y;
            break;
        }
    }
    Ok(Ret::Value(Value::Int(r as u32 as u128)))
}

pub fn strcasecmp(m: &mut Machine, c: &Call) -> Run {
    casecmp(m, c, u64::MAX)
}

pub fn strncasecmp(m: &mut Machine, c: &Call) -> Run {
    casecmp(m, c, c.arg(2) as u64)
}

// ---- GNU helpers ------------------------------------------------------------------

pub fn stpcpy_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "stpcpy",
        shared_tail(m, c.addr(1), false),
        shared_tail(m, c.addr(0), true),
    )
}

/// `stpcpy(d, s)`: `strcpy`, returning the address of the copied NUL.
pub fn stpcpy(m: &mut Machine, c: &Call) -> Run {
    let ev = stpcpy_pending(m, c)?;
    let mut s = cstr(m, c.addr(1))?;
    let len = s.len() as u64;
    s.push(0);
    let d = c.addr(0);
    m.mem
        .check(d, s.len() as u64, true)
        .map_err(|e| m.mem_bug(e, true))?;
    m.mem
        .write_bytes(d, &s, &vec![true; s.len()])
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = ev;
    ret_addr(d + len)
}

pub fn memmem_pending(m: &Machine, c: &Call) -> Pending {
    let (h, hn, n, nn) = (c.addr(0), c.arg(1) as u64, c.addr(2), c.arg(3) as u64);
    mem_op(
        "memmem",
        shared(m, h, hn, false).or(shared(m, n, nn, false)),
        None,
    )
}

/// `memmem(h, hn, n, nn)`: the first occurrence of the `nn` bytes at `n`
/// in the `hn` bytes at `h` (`h` itself for an empty needle).
pub fn memmem(m: &mut Machine, c: &Call) -> Run {
    let (h, hn, n, nn) = (c.addr(0), c.arg(1) as u64, c.addr(2), c.arg(3) as u64);
    if nn == 0 {
        return ret_addr(h);
    }
    let read = |m: &Machine, a: u64, k: u64| {
        m.mem
            .read_bytes(a, k)
            .map(|(b, _)| b)
            .map_err(|e| m.mem_bug(e, false))
    };
    let needle = read(m, n, nn)?;
    let hay = if hn == 0 { Vec::new() } else { read(m, h, hn)? };
    m.last = memmem_pending(m, c)?;
    let at = hay
        .windows(needle.len())
        .position(|w| w == needle.as_slice());
    ret_addr(at.map_or(0, |i| h + i as u64))
}
