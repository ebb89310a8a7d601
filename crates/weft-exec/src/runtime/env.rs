//! The process environment and configuration: `getenv` (the variables of
//! `weft check --env NAME=VALUE`, recorded in witnesses), `sysconf` and
//! `get_nprocs`/`get_nprocs_conf`.
//!
//! The machine is fixed: [`NPROCS`] processors online and configured, 4096
//! byte pages. `sysconf` answers those and returns -1 with `EINVAL` for
//! every other name. The environment cannot be changed (`setenv` is not
//! modelled).

use super::libc::{cstr, mem_op, shared_tail, Pending};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::Value;

/// The number of processors weft's machine has.
pub const NPROCS: i64 = 4;
pub const PAGE_SIZE: i64 = 4096;

const SC_PAGESIZE: i32 = 30;
const SC_NPROCESSORS_CONF: i32 = 83;
const SC_NPROCESSORS_ONLN: i32 = 84;
const EINVAL: u32 = 22;

pub fn getenv_pending(m: &Machine, c: &Call) -> Pending {
    mem_op("getenv", shared_tail(m, c.addr(0), false), None)
}

/// `getenv(name)`: the value of the first `NAME=VALUE` string whose name
/// is `name`, or NULL.
pub fn getenv(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let name = cstr(m, c.addr(0))?;
    m.last = getenv_pending(m, c)?;
    let found = m
        .prog
        .env
        .iter()
        .zip(m.environ.iter())
        .find(|(e, _)| {
            let e = e.as_bytes();
            e.len() > name.len() && e.starts_with(&name) && e[name.len()] == b'='
        })
        .map(|(_, &a)| a + name.len() as u64 + 1);
    Ok(Ret::Value(Value::Int(found.unwrap_or(0) as u128)))
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

/// `get_nprocs()` and `get_nprocs_conf()`.
pub fn get_nprocs(_: &mut Machine, _: &Call) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(NPROCS as u128)))
}
