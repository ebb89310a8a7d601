//! Mutex, condition-variable, read-write lock, semaphore and barrier state,
//! keyed by the object's address.
//!
//! A mutex's *type* (normal, errorcheck, recursive) lives in its own memory,
//! at glibc's `__kind` offset (`DataModel::mutex_kind`: 16, ILP32 12), so
//! static initialisers such as
//! `PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP` work; its lock state lives here.

use rustc_hash::FxHashMap;
use weft_core::Tid;

pub const PTHREAD_MUTEX_NORMAL: u32 = 0;
pub const PTHREAD_MUTEX_RECURSIVE: u32 = 1;
pub const PTHREAD_MUTEX_ERRORCHECK: u32 = 2;

#[derive(Clone, Debug, Default, Hash)]
pub struct MutexState {
    pub owner: Option<Tid>,
    pub count: u32,
    pub destroyed: bool,
}

#[derive(Clone, Debug, Default, Hash)]
pub struct CondState {
    /// Threads waiting, in the order they started waiting.
    pub waiters: Vec<Tid>,
    pub destroyed: bool,
}

/// A read-write lock: one writer, or any number of readers. Readers are
/// preferred: a read lock is granted whenever no writer holds the lock
/// (glibc's default), even if a writer waits.
#[derive(Clone, Debug, Default, Hash)]
pub struct RwState {
    pub writer: Option<Tid>,
    /// One entry per read lock held (a thread may hold several).
    pub readers: Vec<Tid>,
    pub destroyed: bool,
}

/// A counting semaphore. A `sem_post` with waiters hands its token to one
/// of them (the explorer tries each) instead of adding it to `count`.
#[derive(Clone, Debug, Default, Hash)]
pub struct SemState {
    pub count: u32,
    /// Threads blocked in `sem_wait`, in the order they started waiting.
    pub waiters: Vec<Tid>,
    pub destroyed: bool,
}

/// A barrier for `count` threads.
#[derive(Clone, Debug, Default, Hash)]
pub struct BarrierState {
    pub count: u32,
    /// Threads waiting in the current generation.
    pub waiting: Vec<Tid>,
    /// Generations completed so far.
    pub gen: u32,
    pub destroyed: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Sync {
    pub mutexes: FxHashMap<u64, MutexState>,
    pub conds: FxHashMap<u64, CondState>,
    pub rwlocks: FxHashMap<u64, RwState>,
    pub sems: FxHashMap<u64, SemState>,
    pub barriers: FxHashMap<u64, BarrierState>,
    /// Thread-specific data keys (`pthread_key_t`, `tss_t`) by id.
    pub keys: FxHashMap<u32, KeyInfo>,
    /// Functions registered with `atexit`, in registration order (run
    /// last first by `exit` and by `main`'s return).
    pub atexit: Vec<u64>,
}

/// A thread-specific data key.
#[derive(Clone, Debug, Default, Hash)]
pub struct KeyInfo {
    /// The destructor's address (0: none).
    pub destructor: u64,
    pub deleted: bool,
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

    /// Whether thread `t` could take read-write lock `rw` now.
    pub fn rw_available(&self, rw: u64, write: bool) -> bool {
        match self.rwlocks.get(&rw) {
            None => true,
            Some(s) => s.writer.is_none() && (!write || s.readers.is_empty()),
        }
    }

    pub fn sem_count(&self, s: u64) -> u32 {
        self.sems.get(&s).map_or(0, |x| x.count)
    }

    pub fn sem_waiters(&self, s: u64) -> &[Tid] {
        self.sems
            .get(&s)
            .map(|x| x.waiters.as_slice())
            .unwrap_or(&[])
    }

    /// The state of a mutex, read-write lock or semaphore as one word, for
    /// spin detection: what a `trylock`-style call would see.
    pub fn word(&self, a: u64) -> u128 {
        if let Some(s) = self.mutexes.get(&a) {
            return s.owner.map_or(0, |o| o as u128 + 1) | (s.count as u128) << 32;
        }
        if let Some(s) = self.rwlocks.get(&a) {
            return s.writer.map_or(0, |o| o as u128 + 1) | (s.readers.len() as u128) << 32;
        }
        if let Some(s) = self.sems.get(&a) {
            return s.count as u128 | (s.waiters.len() as u128) << 32;
        }
        0
    }

    pub fn waiters(&self, c: u64) -> &[Tid] {
        self.conds
            .get(&c)
            .map(|s| s.waiters.as_slice())
            .unwrap_or(&[])
    }
}
