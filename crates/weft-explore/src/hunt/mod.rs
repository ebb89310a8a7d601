//! Bug-hunting strategies: finding a bug fast when exhaustive search is out
//! of reach (`--strategy icb|vt|pct|pctvb|random`).
//!
//! Two families share this module:
//! - [`bounded`]: *systematic* searches of every schedule within a bound,
//!   bounds in increasing order, each explored completely before the next:
//!   iterative preemption bounding ([`Icb`], Musuvathi and Qadeer, PLDI
//!   2007, as in CHESS) and variable and thread bounding ([`Vt`], the
//!   paper `variable-thread-bounding`, Algorithm 1). One engine runs both;
//!   a [`bounded::Policy`] says which moves a state offers and which of
//!   them are preemptions (cost one unit of the bound).
//! - [`random`]: *randomized* searches, `--runs` independent executions,
//!   each drawn by a [`random::Scheduler`]: PCT ([`Pct`], Burckhardt et
//!   al., ASPLOS 2010), PCT with variable bounding ([`PctVb`], the paper's
//!   section 3 and RankChecker's randomized algorithm) and a uniform
//!   random walk ([`RandomWalk`], the baseline). Run `r` of seed `s` is
//!   the same schedule on every machine (ChaCha8, stream `r`).
//!
//! Every finding carries where it was found ([`crate::Finding::found_under`]):
//! its preemptions, its (v, t), its seed and run. A search that stops
//! because of its bound, or a randomized one, ends with the limit
//! [`weft_core::LimitKind::Bound`] (the verdict is then `incomplete`, never
//! `safe`) unless it found a bug; only `icb` with nothing left beyond its
//! bound has explored every schedule.
//!
//! Scheduling points are the System's visible events (every shared access
//! and synchronisation operation; under TSO/PSO store-buffer updates are
//! events of auxiliary threads, so running one counts like running any
//! other thread). Alternatives of one event (which waiter a signal wakes,
//! a symbolic branch's side, a `nondet_bool`) are explored by the
//! systematic strategies at no cost and drawn at random by the randomized
//! ones.

pub mod bounded;
pub mod random;

pub use bounded::{Icb, Vt};
pub use random::{Pct, PctVb, RandomWalk};

use weft_core::{Event, EventKind, System};

/// The shared variable an event touches, if any: the memory object of its
/// first access, or its synchronisation object (a mutex, condition
/// variable, read-write lock, semaphore or barrier), as
/// [`System::variable_of`] names it. What variable bounding counts.
pub fn variable_of<S: System>(sys: &S, ev: &Event) -> Option<u64> {
    use EventKind::*;
    if let Some(a) = ev.accesses().iter().next() {
        return Some(sys.variable_of(a.addr));
    }
    let addr = match ev.kind {
        Lock { mutex } | TryLock { mutex, .. } | Unlock { mutex } => mutex,
        CondWait { cond, .. } | CondWake { cond, .. } => cond,
        Signal { cond, .. } | Broadcast { cond, .. } => cond,
        RwLock { rw, .. } | RwTryLock { rw, .. } | RwUnlock { rw, .. } => rw,
        SemWait { sem, .. }
        | SemWake { sem, .. }
        | SemPost { sem, .. }
        | SemTryWait { sem, .. }
        | SemTimeout { sem }
        | SemValue { sem } => sem,
        BarrierWait { bar, .. } | BarrierLeave { bar, .. } => bar,
        _ => return None,
    };
    Some(sys.variable_of(addr))
}
