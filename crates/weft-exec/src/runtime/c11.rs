//! C11 `<threads.h>`: `thrd_*`, `mtx_*` and `cnd_*`, as the pthread models
//! with C11's argument orders and result codes (glibc's values:
//! `thrd_success` 0, `thrd_busy` 1, `thrd_error` 2, `thrd_nomem` 3,
//! `thrd_timedout` 4). A `mtx_t` and a `cnd_t` are glibc's pthread objects
//! underneath, so the mutex kind lives where pthread's does.

use super::pthread::{self, EBUSY, ETIMEDOUT};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::sync::{PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE};
use crate::value::Value;

type Run = Result<Ret, Stop>;

const THRD_SUCCESS: u128 = 0;
const THRD_BUSY: u128 = 1;
const THRD_ERROR: u128 = 2;
const THRD_TIMEDOUT: u128 = 4;
/// `mtx_recursive`, a flag of `mtx_init`'s type.
const MTX_RECURSIVE: u128 = 1;

/// A pthread model's result as a C11 result code.
fn c11(r: Run) -> Run {
    Ok(match r? {
        Ret::Value(v) => Ret::Value(Value::Int(match v.bits_or_zero() {
            0 => THRD_SUCCESS,
            EBUSY => THRD_BUSY,
            ETIMEDOUT => THRD_TIMEDOUT,
            _ => THRD_ERROR,
        })),
        other => other,
    })
}

/// `thrd_create(thr, func, arg)`: `func` returns an `int`.
pub fn thrd_create(m: &mut Machine, c: &Call) -> Run {
    let arg = c.args.get(2).cloned().unwrap_or(Value::ZERO);
    pthread::start_thread(m, c, c.addr(0), c.addr(1), arg, false)?;
    Ok(Ret::Value(Value::Int(THRD_SUCCESS)))
}

/// `thrd_join(thr, res)`: `res` receives the thread's `int` result.
pub fn thrd_join(m: &mut Machine, c: &Call) -> Run {
    pthread::join_into(m, c, 4)?;
    Ok(Ret::Value(Value::Int(THRD_SUCCESS)))
}

pub fn thrd_detach(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::detach(m, c))
}

/// `mtx_init(mtx, type)`: `mtx_plain` or `mtx_timed`, with or without
/// `mtx_recursive`.
pub fn mtx_init(m: &mut Machine, c: &Call) -> Run {
    let mx = c.addr(0);
    if c.arg(1) > 3 {
        return Ok(Ret::Value(Value::Int(THRD_ERROR)));
    }
    let kind = if c.arg(1) & MTX_RECURSIVE != 0 {
        PTHREAD_MUTEX_RECURSIVE
    } else {
        PTHREAD_MUTEX_NORMAL
    };
    pthread::init_mutex(m, mx, Some(kind), "mtx_init of a locked mutex")?;
    Ok(Ret::Value(Value::Int(THRD_SUCCESS)))
}

pub fn mtx_lock(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::lock(m, c))
}

pub fn mtx_trylock(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::trylock(m, c))
}

pub fn mtx_timedlock(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::timedlock(m, c))
}

pub fn mtx_unlock(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::unlock(m, c))
}

/// `mtx_destroy` returns nothing.
pub fn mtx_destroy(m: &mut Machine, c: &Call) -> Run {
    pthread::mutex_destroy(m, c)?;
    Ok(Ret::Value(Value::ZERO))
}

pub fn cnd_init(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::cond_init(m, c))
}

pub fn cnd_signal(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::signal(m, c))
}

pub fn cnd_broadcast(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::broadcast(m, c))
}

pub fn cnd_wait(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::cond_wait(m, c))
}

pub fn cnd_timedwait(m: &mut Machine, c: &Call) -> Run {
    c11(pthread::cond_timedwait(m, c))
}

/// `cnd_destroy` returns nothing.
pub fn cnd_destroy(m: &mut Machine, c: &Call) -> Run {
    pthread::cond_destroy(m, c)?;
    Ok(Ret::Value(Value::ZERO))
}
