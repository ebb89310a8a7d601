//! Mutex and condition-variable state, keyed by the object's address.
//!
//! A mutex's *type* (normal, errorcheck, recursive) lives in its own memory,
//! at glibc's `__kind` offset, so static initialisers such as
//! `PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP` work; its lock state lives here.

use rustc_hash::FxHashMap;
use weft_core::Tid;

/// Offset of glibc's `__kind` field in `pthread_mutex_t`.
pub const MUTEX_KIND_OFFSET: u64 = 16;
pub const PTHREAD_MUTEX_NORMAL: u32 = 0;
pub const PTHREAD_MUTEX_RECURSIVE: u32 = 1;
pub const PTHREAD_MUTEX_ERRORCHECK: u32 = 2;

#[derive(Clone, Debug, Default)]
pub struct MutexState {
    pub owner: Option<Tid>,
    pub count: u32,
    pub destroyed: bool,
}

#[derive(Clone, Debug, Default)]
pub struct CondState {
    /// Threads waiting, in the order they started waiting.
    pub waiters: Vec<Tid>,
    pub destroyed: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Sync {
    pub mutexes: FxHashMap<u64, MutexState>,
    pub conds: FxHashMap<u64, CondState>,
}

impl Sync {
    pub fn mutex(&self, m: u64) -> Option<&MutexState> {
        self.mutexes.get(&m)
    }

    pub fn mutex_mut(&mut self, m: u64) -> &mut MutexState {
        self.mutexes.entry(m).or_default()
    }

    pub fn is_free(&self, m: u64) -> bool {
        self.mutexes.get(&m).is_none_or(|s| s.owner.is_none())
    }

    pub fn owner(&self, m: u64) -> Option<Tid> {
        self.mutexes.get(&m).and_then(|s| s.owner)
    }

    pub fn cond_mut(&mut self, c: u64) -> &mut CondState {
        self.conds.entry(c).or_default()
    }

    pub fn waiters(&self, c: u64) -> &[Tid] {
        self.conds
            .get(&c)
            .map(|s| s.waiters.as_slice())
            .unwrap_or(&[])
    }
}
