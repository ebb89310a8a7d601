//! Events: what one thread did (or is about to do) at one visible operation.

use serde::{Deserialize, Serialize};

/// A thread id. Ids are dense, deterministic per execution: they depend only
/// on which thread created the thread and how many threads that parent had
/// created before, never on how independent events were interleaved.
pub type Tid = u32;

/// A source location: an index into the program's [`SourceMap`] plus a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Loc {
    pub file: u32,
    pub line: u32,
}

impl Loc {
    /// The location used when no debug information is available.
    pub const UNKNOWN: Loc = Loc {
        file: u32::MAX,
        line: 0,
    };

    pub fn is_known(self) -> bool {
        self.file != u32::MAX
    }
}

/// File names of the program, indexed by [`Loc::file`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    pub files: Vec<String>,
}

impl SourceMap {
    /// Renders `loc` as `file:line`, or `?` when unknown.
    pub fn render(&self, loc: Loc) -> String {
        match self.files.get(loc.file as usize) {
            Some(f) if loc.is_known() => format!("{f}:{}", loc.line),
            _ => "?".to_string(),
        }
    }
}

/// A synchronisation object, named by its address in program memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SyncObj {
    Mutex(u64),
    Cond(u64),
    Thread(Tid),
    /// A read-write lock, as the explorers see it (read operations only
    /// read it), and as the race detector sees it: what its write unlocks
    /// released.
    RwLock(u64),
    /// What a read-write lock's read unlocks released (a write lock
    /// acquires it; read locks do not, so readers stay unordered).
    RwReaders(u64),
    Sem(u64),
    Barrier(u64),
    /// What the arrivals of one generation of a barrier released.
    BarrierGen(u64, u32),
    /// Whether threads are still alive: a spurious wakeup is possible in
    /// any state, but a waiter whose only way out is a spurious wakeup is
    /// deadlocked once every other thread has exited, so the two kinds of
    /// event depend on each other (for the explorers only: no
    /// happens-before comes of it).
    Liveness,
}

/// The C11 memory order of an atomic operation (`memory_order_*`, LLVM's
/// `monotonic` is `Relaxed`). Meaningless on a plain (non-atomic) access.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    #[default]
    Relaxed,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Order {
    /// Whether a read (or fence) with this order is an acquire.
    pub fn acquires(self) -> bool {
        matches!(self, Order::Acquire | Order::AcqRel | Order::SeqCst)
    }

    /// Whether a write (or fence) with this order is a release.
    pub fn releases(self) -> bool {
        matches!(self, Order::Release | Order::AcqRel | Order::SeqCst)
    }
}

/// The C11 fences (`atomic_thread_fence`) a thread executed since its
/// previous event, and the event itself when it is a fence. A fence that
/// orders nothing in the memory model is not an event of its own (it would
/// only add scheduling points), but it still synchronises in C11, so it is
/// carried by the thread's next event. Three flags keep the order that
/// matters: a release fence before the first acquire fence publishes the
/// clock from before the acquire, one after it the clock from after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fences {
    /// A release fence came before any acquire fence.
    pub release_first: bool,
    /// An acquire fence.
    pub acquire: bool,
    /// A release fence came after an acquire fence.
    pub release: bool,
}

impl Fences {
    /// Adds a fence of order `order` after those already recorded.
    pub fn add(&mut self, order: Order) {
        if order.acquires() {
            self.acquire = true;
        }
        if order.releases() {
            if self.acquire {
                self.release = true;
            } else {
                self.release_first = true;
            }
        }
    }

    /// The fences of `self` followed by those of `later`.
    pub fn then(self, later: Fences) -> Fences {
        if self.acquire {
            Fences {
                release_first: self.release_first,
                acquire: true,
                release: self.release || later.release_first || later.release,
            }
        } else {
            Fences {
                release_first: self.release_first || later.release_first,
                acquire: later.acquire,
                release: later.release,
            }
        }
    }

    pub fn is_empty(self) -> bool {
        self == Fences::default()
    }
}

/// One memory access of an event: a byte range and whether it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Access {
    pub addr: u64,
    pub size: u64,
    pub write: bool,
    pub atomic: bool,
    /// The access touches memory when it executes (it is not a store going
    /// into a store buffer): it takes part in the dependency relation.
    pub memory: bool,
    /// The access is an instruction of the program (not the flush of a
    /// store buffer): it takes part in data-race detection.
    pub program: bool,
}

impl Access {
    /// Whether the byte ranges of `self` and `other` overlap.
    pub fn overlaps(&self, other: &Access) -> bool {
        self.addr < other.addr + other.size && other.addr < self.addr + self.size
    }
}

/// Why a condition-variable wait returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Wakeup {
    /// A signal or broadcast woke it. `unbidden`: it could also have
    /// returned without one (a timed wait, or spurious wakeups on), so
    /// the explorers may move it before the signal, where it returns
    /// unsignalled.
    Signalled { unbidden: bool },
    /// It woke without one, as POSIX allows.
    Spurious,
    /// Its timeout expired (`pthread_cond_timedwait`).
    TimedOut,
}

impl Wakeup {
    pub fn signalled(self) -> bool {
        matches!(self, Wakeup::Signalled { .. })
    }
}

/// What a visible operation does. Value fields are filled in once the event
/// has executed; in a thread's *pending* event they are zero.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    Load {
        addr: u64,
        size: u32,
        value: u128,
        atomic: bool,
        /// The C11 order of an atomic load.
        order: Order,
        /// Under TSO/PSO: the load returns the value of this store of its own
        /// thread (its 1-based position among the thread's events), either
        /// forwarded from the store buffer or read back from memory after
        /// the store's update. Filled in by the explorer's trace (the
        /// machine leaves it `None`): it decides which updates of other
        /// threads the load depends on (see `weft_explore::footprint`).
        own_store: Option<u32>,
    },
    Store {
        addr: u64,
        size: u32,
        value: u128,
        atomic: bool,
        /// The C11 order of an atomic store.
        order: Order,
        /// Under TSO/PSO: the store went into the thread's store buffer.
        buffered: bool,
    },
    /// Under TSO/PSO: the store buffer of thread `owner` writes its oldest
    /// store (to this location, under PSO) to memory. Performed by the
    /// buffer's own auxiliary thread.
    Update {
        addr: u64,
        size: u32,
        value: u128,
        owner: Tid,
        /// Position (1-based) of the buffered store among `owner`'s events.
        store_seq: u32,
        /// The store was atomic: the update is an atomic write, which
        /// synchronises with atomic accesses of other threads.
        atomic: bool,
    },
    /// An atomic read-modify-write, including a successful compare-exchange.
    Rmw {
        addr: u64,
        size: u32,
        old: u128,
        new: u128,
        order: Order,
    },
    /// A compare-exchange. `ok` is known only once it has executed.
    CmpXchg {
        addr: u64,
        size: u32,
        old: u128,
        ok: bool,
        /// The value it compared with, when `concrete`.
        expected: u128,
        /// `old` and `expected` are the values compared (neither was
        /// symbolic, and it has executed): an explorer may then tell its
        /// outcome elsewhere from the value it would read there.
        concrete: bool,
        /// The order on success (a read-modify-write).
        order: Order,
        /// The order on failure (a load).
        failure: Order,
    },
    /// A fence that is a barrier under the memory model (its C11 order is
    /// in [`Event::fences`]).
    Fence,
    /// A library call that reads and/or writes ranges of shared memory
    /// (memcpy, memset, strlen on shared objects), and/or operates on a
    /// `FILE` stream other threads can reach (`stream`, the `FILE`
    /// object's address). Stream operations are internally locked, as in
    /// the C library: two of them on one stream conflict (they are ordered
    /// like atomic writes to the stream's first byte) but never race.
    MemOp {
        name: &'static str,
        read: Option<(u64, u64)>,
        write: Option<(u64, u64)>,
        stream: Option<u64>,
        /// Under TSO/PSO: an ordinary memory operation (`memcpy`, `memset`,
        /// the string functions, `sprintf` into a buffer...), not a barrier:
        /// it reads its thread's store buffer and memory as a load does,
        /// and its writes go into the buffer, reaching memory through
        /// updates. Otherwise (stdio, which locks its stream) a full barrier.
        buffered: bool,
    },
    /// `free` of a shared heap object: a write to all of its bytes.
    Free {
        addr: u64,
        size: u64,
    },
    Lock {
        mutex: u64,
    },
    TryLock {
        mutex: u64,
        acquired: bool,
    },
    Unlock {
        mutex: u64,
    },
    MutexInit {
        mutex: u64,
    },
    MutexDestroy {
        mutex: u64,
    },
    /// First half of `pthread_cond_wait`: release the mutex and start waiting.
    CondWait {
        cond: u64,
        mutex: u64,
    },
    /// Second half of `pthread_cond_wait`: woken, reacquire the mutex.
    CondWake {
        cond: u64,
        mutex: u64,
        how: Wakeup,
    },
    Signal {
        cond: u64,
        woke: Option<Tid>,
    },
    Broadcast {
        cond: u64,
        woke: u32,
    },
    CondInit {
        cond: u64,
    },
    CondDestroy {
        cond: u64,
    },
    /// `pthread_rwlock_rdlock`/`wrlock`: takes the lock for reading or
    /// writing (enabled once it can).
    RwLock {
        rw: u64,
        write: bool,
    },
    /// `pthread_rwlock_tryrdlock`/`trywrlock` (and the timed variants,
    /// which time out instead of failing).
    RwTryLock {
        rw: u64,
        write: bool,
        acquired: bool,
    },
    /// `pthread_rwlock_unlock` of a read (`write: false`) or write lock.
    RwUnlock {
        rw: u64,
        write: bool,
    },
    /// `pthread_rwlock_init`/`destroy`.
    RwInit {
        rw: u64,
    },
    RwDestroy {
        rw: u64,
    },
    /// `sem_wait` (or `sem_timedwait`, `timed`): takes a token
    /// (`blocked: false`) or, with none left, starts waiting for a
    /// `sem_post` to hand it one (a timed wait may then time out instead:
    /// `SemTimeout`).
    SemWait {
        sem: u64,
        timed: bool,
        blocked: bool,
    },
    /// A waiter of `sem_wait` returns with the token a post handed it.
    /// `timed`: a `sem_timedwait`, which could have timed out before the
    /// post instead (so the two may be reordered).
    SemWake {
        sem: u64,
        timed: bool,
    },
    /// `sem_post`: hands its token to waiter `woke`, or adds it to the
    /// count when nobody waits.
    SemPost {
        sem: u64,
        woke: Option<Tid>,
    },
    /// `sem_trywait`.
    SemTryWait {
        sem: u64,
        ok: bool,
    },
    /// A `sem_timedwait` that waited times out (it stops waiting).
    SemTimeout {
        sem: u64,
    },
    /// `sem_getvalue`.
    SemValue {
        sem: u64,
    },
    /// `sem_init`/`sem_destroy`.
    SemInit {
        sem: u64,
    },
    SemDestroy {
        sem: u64,
    },
    /// `pthread_barrier_wait`: arrives at generation `gen`; the last to
    /// arrive (`serial`) releases the others.
    BarrierWait {
        bar: u64,
        gen: u32,
        serial: bool,
    },
    /// A thread released from barrier generation `gen` returns.
    BarrierLeave {
        bar: u64,
        gen: u32,
    },
    /// `pthread_barrier_init`/`destroy`.
    BarrierInit {
        bar: u64,
    },
    BarrierDestroy {
        bar: u64,
    },
    Spawn {
        child: Tid,
    },
    Join {
        child: Tid,
    },
    Detach {
        child: Tid,
    },
    /// The thread finishes (returns from its start routine or calls
    /// `pthread_exit`). For the main thread this ends the program.
    Exit,
    /// `exit()` called by any thread: ends the program.
    ProcessExit {
        code: i32,
    },
    Yield,
    /// `sleep`, `usleep`, `nanosleep`: advances the C library's logical
    /// clock (an 8-byte object at `clock`) by `ns` nanoseconds. An atomic
    /// read-modify-write of the clock that synchronises nothing, so it
    /// is ordered with clock reads (`time`, `clock_gettime`) but never a
    /// race; spin detection ignores it (a sleeping poll loop is a spin).
    Sleep {
        clock: u64,
        ns: u64,
    },
    /// A reading of the C library's logical clock (`time`, `clock_gettime`):
    /// an atomic read-modify-write of the 8-byte clock at `clock` that
    /// moves it from `old` to `new`. Unlike an `Rmw` it is no fence (the
    /// C library reads the clock without one) and synchronises nothing.
    ClockRead {
        clock: u64,
        old: u64,
        new: u64,
    },
    /// `__VERIFIER_nondet_bool()`: the explorer picks the result, one of
    /// `of` values (the event's alternative). Touches nothing: independent
    /// of every other event.
    Choice {
        of: u32,
        value: u32,
    },
    /// A branch on symbolic data (`--nondet symbolic`): alternative `value`
    /// of `of` adds the `value`-th of the branch's mutually exclusive
    /// conditions to the path constraint (for a two-way branch, 0 is the
    /// true side). The thread re-executes the branching instruction with
    /// that condition decided. A fork exists wherever the condition is not a
    /// constant, whether or not both sides are feasible (an infeasible side
    /// ends its execution as blocked, `infeasible`), so which forks an
    /// execution has depends only on the reads-from of its threads, not on
    /// how they interleave. Touches nothing: independent of every other
    /// event, like `Choice`.
    Fork {
        of: u32,
        value: u32,
    },
    /// `__VERIFIER_atomic_begin()`, or the call of a `__VERIFIER_atomic_*`
    /// function: the thread's section runs without interruption.
    ///
    /// `footprint`: every access the whole section can make, whatever
    /// path it takes (a static over-approximation, see `weft_exec`'s
    /// `section`), as dependency-only accesses (`program: false`). The
    /// event then stands for its section: it conflicts with what any event
    /// of the section could conflict with, and with nothing else. `None`
    /// when no such bound is known (the section calls an unknown function,
    /// dereferences a computed pointer...): the event is *global* and
    /// conflicts with every event.
    AtomicBegin {
        footprint: Option<std::sync::Arc<[Access]>>,
    },
    /// The end of an atomic section. `scoped`: its section's `AtomicBegin`
    /// had a footprint, which covers the section; the end itself then
    /// conflicts with nothing. Otherwise it is global, as its begin.
    AtomicEnd {
        scoped: bool,
    },
}

/// One visible operation of one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub tid: Tid,
    pub kind: EventKind,
    pub loc: Loc,
    /// The thread was spin-blocked and another thread's write to this byte
    /// range let it run again: this event cannot move before that write.
    pub woken_by: Option<(u64, u64)>,
    /// C11 fences executed since the thread's previous event.
    pub fences: Fences,
}

impl Event {
    /// The one access of a plain memory event (a load that does not return
    /// its own thread's buffered store, a store, a read-modify-write or a
    /// compare-exchange): the events whose dependencies are decided by
    /// their accesses alone (no synchronisation object, never global, no
    /// store-buffer rule). `None` for every other event. The same access
    /// as [`Event::accesses`] gives.
    #[inline]
    pub fn plain_access(&self) -> Option<Access> {
        use EventKind::*;
        let one = |addr: u64, size: u32, write, atomic| Access {
            addr,
            size: size as u64,
            write,
            atomic,
            memory: true,
            program: true,
        };
        match self.kind {
            Load {
                addr,
                size,
                atomic,
                own_store: None,
                ..
            } => Some(one(addr, size, false, atomic)),
            Store {
                addr,
                size,
                atomic,
                buffered,
                ..
            } => Some(Access {
                memory: !buffered,
                ..one(addr, size, true, atomic)
            }),
            Rmw { addr, size, .. } => Some(one(addr, size, true, true)),
            CmpXchg { addr, size, ok, .. } => Some(one(addr, size, ok, true)),
            _ => None,
        }
    }

    /// The memory accesses this event performs.
    pub fn accesses(&self) -> smallvec_like::Accesses<'_> {
        use EventKind::*;
        let mut out = smallvec_like::Accesses::default();
        let one = |addr: u64, size: u64, write, atomic| Access {
            addr,
            size,
            write,
            atomic,
            memory: true,
            program: true,
        };
        if let Some(a) = self.plain_access() {
            out.push(a);
            return out;
        }
        match self.kind {
            // A load of its own store (other loads are plain).
            Load {
                addr, size, atomic, ..
            } => out.push(one(addr, size as u64, false, atomic)),
            Update {
                addr, size, atomic, ..
            } => out.push(Access {
                program: false,
                ..one(addr, size as u64, true, atomic)
            }),
            Sleep { clock, .. } | ClockRead { clock, .. } => out.push(one(clock, 8, true, true)),
            MemOp {
                read,
                write,
                stream,
                buffered,
                ..
            } => {
                if let Some((a, n)) = read {
                    out.push(one(a, n, false, false));
                }
                if let Some((a, n)) = write {
                    out.push(Access {
                        memory: !buffered,
                        ..one(a, n, true, false)
                    });
                }
                if let Some(f) = stream {
                    out.push(one(f, 1, true, true));
                }
            }
            Free { addr, size } => out.push(one(addr, size, true, false)),
            AtomicBegin {
                footprint: Some(ref f),
            } => out.extra = f,
            _ => {}
        }
        out
    }

    /// Whether the event needs its thread's store buffer to be empty (a
    /// full barrier under TSO/PSO): everything but plain loads, buffered
    /// stores and memory operations, the buffer flushes themselves,
    /// nondeterministic choices (which touch no memory) and clock readings.
    pub fn is_barrier(&self) -> bool {
        !matches!(
            self.kind,
            EventKind::Load { .. }
                | EventKind::Store { buffered: true, .. }
                | EventKind::MemOp { buffered: true, .. }
                | EventKind::Update { .. }
                | EventKind::Choice { .. }
                | EventKind::Fork { .. }
                | EventKind::ClockRead { .. }
        )
    }

    /// The synchronisation object this event operates on, if any.
    pub fn sync_object(&self) -> Option<SyncObj> {
        use EventKind::*;
        Some(match self.kind {
            Lock { mutex } | TryLock { mutex, .. } | Unlock { mutex } => SyncObj::Mutex(mutex),
            MutexInit { mutex } | MutexDestroy { mutex } => SyncObj::Mutex(mutex),
            CondWait { cond, .. } | CondWake { cond, .. } => SyncObj::Cond(cond),
            Signal { cond, .. } | Broadcast { cond, .. } => SyncObj::Cond(cond),
            CondInit { cond } | CondDestroy { cond } => SyncObj::Cond(cond),
            Spawn { child } | Join { child } | Detach { child } => SyncObj::Thread(child),
            RwLock { rw, .. } | RwTryLock { rw, .. } | RwUnlock { rw, .. } => SyncObj::RwLock(rw),
            RwInit { rw } | RwDestroy { rw } => SyncObj::RwLock(rw),
            SemWait { sem, .. } | SemWake { sem, .. } | SemPost { sem, .. } => SyncObj::Sem(sem),
            SemTryWait { sem, .. } | SemValue { sem } | SemTimeout { sem } => SyncObj::Sem(sem),
            SemInit { sem } | SemDestroy { sem } => SyncObj::Sem(sem),
            BarrierWait { bar, .. } | BarrierLeave { bar, .. } => SyncObj::Barrier(bar),
            BarrierInit { bar } | BarrierDestroy { bar } => SyncObj::Barrier(bar),
            _ => return None,
        })
    }
}

/// A tiny list of accesses: an event has at most three of its own, and an
/// atomic section's `AtomicBegin` lends its footprint.
pub mod smallvec_like {
    use super::Access;

    #[derive(Clone, Copy, Debug, Default)]
    pub struct Accesses<'a> {
        items: [Option<Access>; 3],
        /// A section's footprint (see `EventKind::AtomicBegin`).
        pub(super) extra: &'a [Access],
    }

    impl Accesses<'_> {
        pub fn push(&mut self, a: Access) {
            let slot = self.items.iter_mut().find(|s| s.is_none());
            *slot.expect("an event has at most three accesses") = Some(a);
        }
        pub fn iter(&self) -> impl Iterator<Item = &Access> {
            self.items.iter().flatten().chain(self.extra.iter())
        }
        pub fn is_empty(&self) -> bool {
            self.items[0].is_none() && self.extra.is_empty()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_keep_release_before_and_after_acquire_apart() {
        let mut f = Fences::default();
        f.add(Order::Release);
        f.add(Order::Acquire);
        assert!(f.release_first && f.acquire && !f.release);
        let mut g = Fences::default();
        g.add(Order::SeqCst);
        assert!(!g.release_first && g.acquire && g.release);
        let mut h = Fences::default();
        h.add(Order::Relaxed);
        assert!(h.is_empty());
    }

    #[test]
    fn fences_then_is_adding_in_sequence() {
        use Order::*;
        let orders = [Relaxed, Acquire, Release, AcqRel, SeqCst];
        let mut seqs: Vec<Vec<Order>> = vec![vec![]];
        for _ in 0..4 {
            let longer: Vec<Vec<Order>> = seqs
                .iter()
                .flat_map(|s| {
                    orders.iter().map(move |&o| {
                        let mut s = s.clone();
                        s.push(o);
                        s
                    })
                })
                .collect();
            seqs.extend(longer);
        }
        let fold = |s: &[Order]| {
            let mut f = Fences::default();
            s.iter().for_each(|&o| f.add(o));
            f
        };
        for s in &seqs {
            for cut in 0..=s.len() {
                let (a, b) = s.split_at(cut);
                assert_eq!(fold(a).then(fold(b)), fold(s), "{s:?} at {cut}");
            }
        }
    }
}
