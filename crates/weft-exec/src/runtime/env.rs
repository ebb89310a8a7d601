//! The process environment and configuration: `getenv`, `setenv` and
//! `unsetenv` (starting from the variables of `weft check --env
//! NAME=VALUE`, which witnesses record), `sysconf` and
//! `get_nprocs`/`get_nprocs_conf`.
//!
//! The environment is a list of `NAME=VALUE` strings in memory shared by
//! every thread (`Machine::environ`); `getenv` returns a pointer into one.
//! `setenv` makes a new string and never frees the one it replaces (as
//! glibc does), so a pointer `getenv` returned stays valid. In a program
//! that calls `setenv` or `unsetenv`, one byte stands for the whole
//! environment in events: `getenv` reads it and the others write it, so
//! a `getenv` concurrent with a `setenv` is a data race (glibc's
//! environment functions are not thread-safe) and the explorers order
//! them.
//!
//! The machine is fixed: [`NPROCS`] processors online and configured, 4096
//! byte pages. `sysconf` answers those and returns -1 with `EINVAL` for
//! every other name.

use super::libc::{cstr, mem_op, shared, shared_tail, Pending};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::memory::ObjKind;
use crate::value::Value;

/// The number of processors weft's machine has.
pub const NPROCS: i64 = 4;
pub const PAGE_SIZE: i64 = 4096;

const SC_PAGESIZE: i32 = 30;
const SC_NPROCESSORS_CONF: i32 = 83;
const SC_NPROCESSORS_ONLN: i32 = 84;
const EINVAL: u32 = 22;

/// The environment's byte, if shared.
fn anchor(m: &Machine, write: bool) -> Option<(u64, u64)> {
    m.env_anchor.and_then(|a| shared(m, a, 1, write))
}

pub fn getenv_pending(m: &Machine, c: &Call) -> Pending {
    // One read range: the environment's byte when it can change, else
    // the name.
    let read = anchor(m, false).or_else(|| shared_tail(m, c.addr(0), false));
    mem_op("getenv", read, None)
}

/// The index in `environ` of the first string whose name is `name`.
fn find(m: &Machine, name: &[u8]) -> Option<usize> {
    m.environ.iter().position(|&a| {
        m.mem
            .read_cstr(a)
            .is_ok_and(|e| e.len() > name.len() && e.starts_with(name) && e[name.len()] == b'=')
    })
}

/// `getenv(name)`: the value of the first `NAME=VALUE` string whose name
/// is `name`, or NULL.
pub fn getenv(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let name = cstr(m, c.addr(0))?;
    m.last = getenv_pending(m, c)?;
    let found = find(m, &name).map(|i| m.environ[i] + name.len() as u64 + 1);
    Ok(Ret::Value(Value::Int(found.unwrap_or(0) as u128)))
}

fn ret_i32(v: i32) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(v as u32 as u128)))
}

/// A name `setenv` and `unsetenv` accept: not null, not empty, no `=`
/// (else they fail with EINVAL).
fn valid_name(m: &Machine, c: &Call) -> Result<Option<Vec<u8>>, Stop> {
    if c.addr(0) == 0 {
        return Ok(None);
    }
    let name = cstr(m, c.addr(0))?;
    Ok((!name.is_empty() && !name.contains(&b'=')).then_some(name))
}

pub fn setenv_pending(m: &Machine, c: &Call) -> Pending {
    mem_op("setenv", shared_tail(m, c.addr(0), false), anchor(m, true))
}

pub fn unsetenv_pending(m: &Machine, c: &Call) -> Pending {
    mem_op(
        "unsetenv",
        shared_tail(m, c.addr(0), false),
        anchor(m, true),
    )
}

/// `setenv(name, value, overwrite)`.
pub fn setenv(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let ev = setenv_pending(m, c)?;
    let Some(name) = valid_name(m, c)? else {
        m.set_errno(c.tid, EINVAL)?;
        return ret_i32(-1);
    };
    let value = cstr(m, c.addr(1))?;
    m.last = ev;
    let at = find(m, &name);
    if at.is_some() && c.arg(2) as u32 == 0 {
        return ret_i32(0);
    }
    let mut text = name;
    text.push(b'=');
    text.extend_from_slice(&value);
    text.push(0);
    let s = m
        .mem
        .alloc(
            weft_ir::addr::thread_space(c.tid),
            text.len() as u64,
            ObjKind::Stack,
            true,
        )
        .map_err(|e| m.alloc_stop(e))?;
    m.mem
        .write_bytes(s, &text, &vec![true; text.len()])
        .map_err(|e| m.mem_bug(e, true))?;
    m.mem.escape_addr(s);
    let environ = crate::cow::make_mut(&mut m.environ);
    match at {
        Some(i) => environ[i] = s,
        None => environ.push(s),
    }
    ret_i32(0)
}

/// `unsetenv(name)`: removes every string named `name`.
pub fn unsetenv(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let ev = unsetenv_pending(m, c)?;
    let Some(name) = valid_name(m, c)? else {
        m.set_errno(c.tid, EINVAL)?;
        return ret_i32(-1);
    };
    m.last = ev;
    while let Some(i) = find(m, &name) {
        crate::cow::make_mut(&mut m.environ).remove(i);
    }
    ret_i32(0)
}

/// `sysconf(name)`.
pub fn sysconf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let v = match c.arg(0) as u32 as i32 {
        SC_PAGESIZE => PAGE_SIZE,
        SC_NPROCESSORS_CONF | SC_NPROCESSORS_ONLN => NPROCS,
        _ => {
            m.set_errno(c.tid, EINVAL)?;
            -1
        }
    };
    Ok(Ret::Value(Value::Int(v as u64 as u128)))
}

/// The process id of weft's fixed machine (`getpid`); its parent is 1.
pub const PID: u128 = 1000;

/// `getpid()`.
pub fn getpid(_: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(PID)))
}

/// `getppid()`.
pub fn getppid(_: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(1)))
}

/// `gettid()`: the main thread's is the process id, as on Linux; thread
/// `t` (canonical id, see `weft_core::Tid`) has `PID + t`.
pub fn gettid(_: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(PID + c.tid as u128)))
}

/// `get_nprocs()` and `get_nprocs_conf()`.
pub fn get_nprocs(_: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(NPROCS as u128)))
}
