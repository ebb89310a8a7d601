//! Spin-loop detection.
//!
//! A loop that waits for another thread (`while (!flag) ;`, a test-and-set
//! lock `while (atomic_exchange(&l, 1)) ;`, a compare-exchange retry loop,
//! `while (pthread_mutex_trylock(&m)) ;`, `while (!flag) sched_yield();`)
//! would make an exhaustive explorer unroll it without bound. weft detects
//! a thread that comes back to the same point in the same state: the
//! iteration it just ran changed nothing, and the next one would do exactly
//! the same unless another thread changes what it touched. The thread is
//! then *spin-blocked*: disabled until another thread writes one of those
//! locations (or locks or unlocks one of those mutexes). This is the
//! dynamic counterpart of the spin-assume transformations of Nidhugg and
//! GenMC (including GenMC's zero-net-effect loops); if nobody can ever
//! wake the thread, every thread ends up blocked and the report is a
//! deadlock that names the spinning thread.
//!
//! "The same state" means, between the two visits of the same instruction
//! (an *iteration*):
//! - the same stack of frames, and the same values in every register that
//!   is still live there (aggregates by content; see `liveness`);
//! - no output, and the thread's private memory unchanged (no private
//!   write at all, or the same digest of its memory space at both visits);
//! - every visible event of the iteration is a load, a store, a
//!   read-modify-write, a compare-exchange, a fence, a yield or sleep, a
//!   `lock`/`trylock`/`unlock`, or enters or leaves an atomic section (a
//!   thread is blocked only where none of its sections is open); and every
//!   location (and mutex) it touched
//!   holds now, as the thread sees it, the value it held before the
//!   iteration first touched it. So reads would return the same again,
//!   and writes stored what was already there (an exchange writing 1 over
//!   1, a failed compare-exchange) or were undone (an increment undone by
//!   a decrement, a lock released again): the iteration's net effect is
//!   zero.
//!
//! A loop with no visible operation at all is watched by [`HangWatch`]:
//! one that comes back to the same state without writing memory hangs (a
//! spin-blocked thread with nothing to wake it and no pending event).
//!
//! Another thread may observe the intermediate values of the one iteration
//! that ran; its repetitions would only offer the same observations again.
//! A spin block is an assumption, so the explorers count the executions in
//! which one happened apart (`System::spun`).

use crate::machine::Machine;
use crate::seglog::SegLog;
use crate::thread::{Thread, ThreadState};
use crate::value::Value;
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use weft_core::{Event, EventKind, Tid};

/// Visits remembered per loop: a loop with more visible operations per
/// iteration is not recognised (`--max-steps` bounds it).
const MAX_MARKS: usize = 32;
/// Touches remembered per loop.
const MAX_LOG: usize = 128;
/// Ranges longer than this are not compared: an event touching one ends
/// the watch, a private write of one is progress.
const MAX_TOUCH: u64 = 4096;
/// Digests of a thread's private memory per loop (each costs a pass over
/// its memory): after that, a loop that writes private memory is progress.
const MAX_DIGESTS: u8 = 4;

/// Something an iteration touched: a memory range or a mutex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Mem { addr: u64, size: u64 },
    Mutex(u64),
}

impl Key {
    fn overlaps(&self, o: &Key) -> bool {
        match (self, o) {
            (Key::Mem { addr: a, size: n }, Key::Mem { addr: b, size: m }) => {
                a < &(b + m) && b < &(a + n)
            }
            (Key::Mutex(a), Key::Mutex(b)) => a == b,
            _ => false,
        }
    }
}

/// One touch: the key and what it held before (as the thread saw it).
/// Kept small: threads are cloned whenever a snapshotted state steps.
#[derive(Clone, Copy, Debug, Default)]
struct Touch {
    addr: u64,
    /// Bytes touched; 0 for a mutex.
    size: u32,
    /// Bit 0: `before` is initialised; bit 1: `after` is. (Apart from the
    /// bits, so that a touch takes 48 bytes, not 64.)
    init: u8,
    /// What it held before and after the touch (see [`Word`]).
    before: [u64; 2],
    after: [u64; 2],
}

/// An `Option<u128>` with 8-byte alignment (a `u128` would pad `Touch`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Word {
    init: bool,
    bits: [u64; 2],
}

impl Word {
    fn new(v: Option<u128>) -> Word {
        let x = v.unwrap_or(0);
        Word {
            init: v.is_some(),
            bits: [x as u64, (x >> 64) as u64],
        }
    }

    fn get(self) -> Option<u128> {
        self.init
            .then(|| self.bits[0] as u128 | (self.bits[1] as u128) << 64)
    }
}

impl Touch {
    fn new(key: Key, before: Option<u128>) -> Touch {
        let (addr, size) = match key {
            Key::Mem { addr, size } => (addr, size as u32),
            Key::Mutex(m) => (m, 0),
        };
        let mut t = Touch {
            addr,
            size,
            ..Touch::default()
        };
        t.set_before(Word::new(before));
        t.set_after(Word::new(before));
        t
    }

    fn before_word(&self) -> Word {
        Word {
            init: self.init & 1 != 0,
            bits: self.before,
        }
    }

    fn after_word(&self) -> Word {
        Word {
            init: self.init & 2 != 0,
            bits: self.after,
        }
    }

    fn set_before(&mut self, w: Word) {
        self.init = (self.init & !1) | w.init as u8;
        self.before = w.bits;
    }

    fn set_after(&mut self, w: Word) {
        self.init = (self.init & !2) | (w.init as u8) << 1;
        self.after = w.bits;
    }

    fn key(&self) -> Key {
        match self.size {
            0 => Key::Mutex(self.addr),
            n => Key::Mem {
                addr: self.addr,
                size: n as u64,
            },
        }
    }

    fn before(&self) -> Option<u128> {
        self.before_word().get()
    }
}

/// The thread paused before a visible operation inside a possible loop.
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    fp: u64,
    progress: u64,
    /// Digest of the thread's private memory, if `digested` (an `Option`
    /// would make a mark 40 bytes, not 32).
    digest: u64,
    digested: bool,
    /// Position in the touch log.
    pos: u16,
    /// Condition-variable waits the thread had started, and of them those
    /// that timed out (see [`SpinWatch::waits`]), both wrapping.
    waits: u16,
    timeouts: u16,
}

/// Per-thread bookkeeping for spin detection. The marks and the touch log
/// are [`SegLog`]s: a thread is cloned whenever a snapshotted state steps
/// it, and these lists grow with nearly every event inside a loop. Their
/// inline tails hold two items: a clone copies the whole tail whether it
/// is used or not, and most threads hold one or two marks between
/// snapshots (fetch_add N=7: 16% fewer L1 data misses than with eight).
#[derive(Clone, Debug, Default)]
pub struct SpinWatch {
    marks: SegLog<Mark, 2>,
    log: SegLog<Touch, 2>,
    digests: u8,
    /// While spin-blocked: what the repeated iteration touched, with the
    /// value each held (and holds again).
    watch: Vec<Touch>,
    /// While spin-blocked: the visit to resume from when woken.
    resume: Option<Mark>,
    /// Private memory writes (and allocations) this thread has made.
    pub progress: u64,
    /// Output this thread has produced.
    pub effects: u64,
    /// The range whose write (by another thread) woke the thread from a spin.
    pub woken_by: Option<(u64, u64)>,
    /// Condition-variable waits started so far (wrapping: an iteration of
    /// 65,536 waits would be taken for one without): an iteration that
    /// waited is never spin-blocked (the wait released the mutex; blocking
    /// would keep it held), it *mutes* the thread instead.
    waits: u16,
    /// Waits that returned by timing out so far (wrapping, as `waits`).
    timeouts: u16,
    /// The mutex of the latest wait.
    wait_mutex: u64,
    /// A repeated iteration waited: until another thread changes what it
    /// touched (`watch`), the thread's next wait returns only when
    /// signalled, never spuriously or by timeout: from the same state as
    /// the iteration's own wait, those returns were explored there.
    pub muted: bool,
    /// With `muted`: the repeated iteration's wait timed out, so a timeout
    /// of the next one would repeat it too. When it did not, a timeout may
    /// leave the loop (`if (pthread_cond_timedwait(...)) break;`): a muted
    /// timed waiter that nothing signals is not deadlocked, and when no
    /// thread can run the execution is cut (`BlockReason::Repeat`).
    pub timeout_repeats: bool,
}

/// Where `spin_touch` logged an event's touches (see `spin_after`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Touches {
    at: usize,
    n: usize,
    /// The event is a load, whose touch waits for what it reads.
    load: bool,
}

impl SpinWatch {
    /// Notes that the thread starts waiting with `mutex`.
    pub(crate) fn note_wait(&mut self, mutex: u64) {
        self.waits = self.waits.wrapping_add(1);
        self.wait_mutex = mutex;
    }

    /// Notes that the thread's wait returned by timing out.
    pub(crate) fn note_timeout(&mut self) {
        self.timeouts = self.timeouts.wrapping_add(1);
    }

    /// Lets waits return spuriously again (the thread left a wait).
    pub(crate) fn unmute(&mut self) {
        if self.muted {
            self.muted = false;
            self.timeout_repeats = false;
            self.watch.clear();
        }
    }

    fn forget(&mut self) {
        self.marks.clear();
        self.log.clear();
        self.digests = 0;
    }
}

/// Whether an event of this kind may belong to a spin iteration.
fn in_loop(kind: &EventKind) -> bool {
    // Besides the logged kinds, library calls whose event names every
    // shared range they touch.
    logged_commit(kind)
        || matches!(kind, EventKind::MemOp { name, .. } if matches!(*name, "memcpy" | "memset"))
}

/// Whether executing an event of this kind writes only what spin detection
/// logs (shared memory, mutex state): its commit is not private progress.
pub(crate) fn logged_commit(kind: &EventKind) -> bool {
    use EventKind::*;
    matches!(
        kind,
        Load { .. }
            | Store { .. }
            | Rmw { .. }
            | CmpXchg { .. }
            | Fence
            | Yield
            | Sleep { .. }
            | ClockRead { .. }
            | TryLock { .. }
            | Lock { .. }
            | Unlock { .. }
            | CondWait { .. }
            | CondWake { .. }
            | RwLock { .. }
            | RwTryLock { .. }
            | RwUnlock { .. }
            | SemWait { .. }
            | SemTimeout { .. }
            | SemTryWait { .. }
            | SemPost { .. }
            | SemValue { .. }
            | AtomicBegin { .. }
            | AtomicEnd { .. }
    )
}

/// Whether an executed event of this kind changed nothing it touched: a
/// load, a failed compare-exchange or `trylock`.
fn writes_nothing(kind: &EventKind) -> bool {
    use EventKind::*;
    matches!(
        kind,
        Load { .. }
            | CmpXchg { ok: false, .. }
            | TryLock {
                acquired: false,
                ..
            }
            | RwTryLock {
                acquired: false,
                ..
            }
            | SemTryWait { ok: false, .. }
            | SemValue { .. }
    )
}

/// What a pending event of this kind touches (empty ranges hold nothing to
/// compare and are left out).
fn touched(kind: &EventKind) -> SmallVec<[Key; 2]> {
    use EventKind::*;
    // Pushes, not `collect`: SmallVec's generic `extend` costs several
    // times as much, and this runs before most visible events.
    let mut out = SmallVec::new();
    let mut mem = |addr, size| {
        if size > 0 {
            out.push(Key::Mem { addr, size });
        }
    };
    match *kind {
        Load { addr, size, .. }
        | Store { addr, size, .. }
        | Rmw { addr, size, .. }
        | CmpXchg { addr, size, .. } => mem(addr, size as u64),
        // A reading moves the clock: a loop that reads it makes progress.
        ClockRead { clock, .. } => mem(clock, 8),
        MemOp {
            read,
            write,
            stream,
            ..
        } => {
            for (a, n) in read.into_iter().chain(write) {
                mem(a, n);
            }
            if let Some(f) = stream {
                mem(f, 1);
            }
        }
        TryLock { mutex, .. } | Lock { mutex } | Unlock { mutex } => out.push(Key::Mutex(mutex)),
        CondWait { mutex, .. } | CondWake { mutex, .. } => out.push(Key::Mutex(mutex)),
        RwLock { rw, .. } | RwTryLock { rw, .. } | RwUnlock { rw, .. } => out.push(Key::Mutex(rw)),
        SemWait { sem, .. }
        | SemTimeout { sem }
        | SemTryWait { sem, .. }
        | SemPost { sem, .. }
        | SemValue { sem } => out.push(Key::Mutex(sem)),
        _ => {}
    }
    out
}

/// The mutex whose state an executed event changed, if any.
fn mutex_changed(kind: &EventKind) -> Option<u64> {
    use EventKind::*;
    match *kind {
        Lock { mutex }
        | Unlock { mutex }
        | TryLock {
            mutex,
            acquired: true,
        }
        | CondWait { mutex, .. }
        | CondWake { mutex, .. }
        | MutexInit { mutex }
        | MutexDestroy { mutex } => Some(mutex),
        RwLock { rw, .. }
        | RwTryLock {
            rw, acquired: true, ..
        }
        | RwUnlock { rw, .. }
        | RwInit { rw } => Some(rw),
        SemWait { sem, .. }
        | SemTimeout { sem }
        | SemPost { sem, .. }
        | SemTryWait { sem, ok: true }
        | SemInit { sem } => Some(sem),
        _ => None,
    }
}

fn hash_value(v: &Value, h: &mut impl Hasher) {
    match v {
        Value::Int(x) => (0u8, x).hash(h),
        Value::Undef => 1u8.hash(h),
        Value::Sym(e) => (3u8, e.index()).hash(h),
        Value::Agg(items) => {
            (2u8, items.len()).hash(h);
            for i in items.iter() {
                hash_value(i, h);
            }
        }
    }
}

/// Instructions a thread runs between two visible operations before
/// [`HangWatch`] starts to look for a loop that repeats its state.
pub(crate) const HANG_WATCH_AFTER: u64 = 4096;

/// Looks, within one run of a thread's local code (no visible operation
/// in between), for a loop that has come back to the same state: the same
/// position, stack and live registers (the spin fingerprint), with no
/// write to memory, no output, no allocation and no call of a modelled
/// function in between. Such a loop runs forever without touching
/// anything another thread can change (`while (t != 0) {}` on a register,
/// SV-COMP's `if (!c) while (1) {}`): the thread *hangs*, spin-blocked
/// with nothing to wake it, instead of running into `--max-steps`.
///
/// Brent's cycle detection: a mark is taken at `HANG_WATCH_AFTER`
/// instructions and again each time the count doubles, and compared
/// whenever the thread is back at the mark's position. Where plain accesses
/// are local steps (`--por unfold`), a loop that read shared memory in
/// between (another thread could change it) is no hang.
#[derive(Default)]
pub(crate) struct HangWatch {
    mark: Option<HangMark>,
    /// Instructions of this run at which the next mark is taken.
    next: u64,
}

/// The state a [`HangWatch`] compares with.
#[derive(Clone, Copy, PartialEq, Eq)]
struct HangMark {
    /// Stack depth, function and instruction.
    pos: (usize, u32, u32),
    /// The spin fingerprint: stack, live registers, output count.
    fp: u64,
    /// Memory writes so far (`Memory::epoch`).
    epoch: u64,
    /// Plain accesses of shared memory run as local steps since the
    /// thread's last event (`Thread::local_run`).
    shared: u32,
}

impl HangWatch {
    /// Called before `tid` executes `inst`, the `ran`-th instruction of
    /// this run of its local code (at least `HANG_WATCH_AFTER`: the caller
    /// keeps the watch off the short runs): whether the thread hangs.
    pub(crate) fn hangs(&mut self, m: &Machine, tid: Tid, inst: &weft_ir::Inst, ran: u64) -> bool {
        use weft_ir::{Callee, Inst};
        debug_assert!(ran >= HANG_WATCH_AFTER, "a hang watch on a short run");
        let t = m.thread(tid);
        let Some(f) = t.frames.last() else {
            return false;
        };
        let pos = (t.frames.len(), f.func, f.ip);
        if let Some(mark) = self.mark {
            // The fingerprint (a pass over the live registers) last.
            if mark.pos == pos
                && mark.epoch == m.mem.epoch()
                && mark.shared == t.local_run
                && t.atomic_depth == 0
                && mark.fp == m.fingerprint(tid)
            {
                return true;
            }
        }
        // What a mark cannot see: a new object (its address may be dead),
        // a modelled call (its effects), a copy passed by value.
        let opaque = match inst {
            Inst::Alloca { .. } => true,
            Inst::Call { callee, byval, .. } => {
                !matches!(callee, Callee::Func(_)) || !byval.is_empty()
            }
            _ => false,
        };
        if opaque {
            self.mark = None;
            return false;
        }
        if ran >= self.next {
            self.mark = Some(HangMark {
                pos,
                fp: m.fingerprint(tid),
                epoch: m.mem.epoch(),
                shared: t.local_run,
            });
            self.next = ran.max(HANG_WATCH_AFTER) * 2;
        }
        false
    }
}

impl Machine {
    /// Runs `f` (code of `tid`), crediting `tid` with the memory writes it
    /// makes, except the private stores that spin detection logged.
    pub(crate) fn credit_progress<R>(&mut self, tid: Tid, f: impl FnOnce(&mut Machine) -> R) -> R {
        self.spin_base = (self.mem.epoch(), self.spin_exempt);
        let r = f(self);
        let delta = self.uncredited();
        if delta > 0 {
            if let Some(Some(t)) = self.threads.get_mut(tid as usize) {
                crate::cow::make_mut(t).spin.progress += delta;
            }
        }
        r
    }

    /// Writes since `credit_progress` started that are progress.
    fn uncredited(&self) -> u64 {
        let (writes, exempt) = (
            self.mem.epoch() - self.spin_base.0,
            self.spin_exempt - self.spin_base.1,
        );
        // Exempt writes are some of the writes, each counted once.
        debug_assert!(exempt <= writes, "{exempt} exempt of {writes} writes");
        writes - exempt
    }

    /// Runs `f`, a write of `size` bytes at `addr` by `tid`. If the range is
    /// private and a loop is being watched, the range and what it held are
    /// logged like a shared access, and the write is not progress.
    pub(crate) fn private_write<R>(
        &mut self,
        tid: Tid,
        addr: u64,
        size: u64,
        f: impl FnOnce(&mut Machine) -> R,
    ) -> R {
        let watched = size <= MAX_TOUCH
            && size > 0
            && !self.mem.is_shared(addr)
            && !self.thread(tid).spin.marks.is_empty();
        let key = Key::Mem { addr, size };
        let Some(before) = watched.then(|| self.spin_value(tid, key)).flatten() else {
            return f(self);
        };
        let at = self.thread(tid).spin.log.len();
        self.thread_mut(tid).spin.log.push(Touch::new(key, before));
        let touches = Touches {
            at,
            n: 1,
            load: false,
        };
        let (epoch, exempt) = (self.mem.epoch(), self.spin_exempt);
        let r = f(self);
        // Every write `f` made is exempt, once: a hidden buffer entry it
        // evicted was already exempted by `write_back`, so this sets the
        // count rather than adding to it.
        self.spin_exempt = exempt + (self.mem.epoch() - epoch);
        self.spin_after(tid, touches, None);
        r
    }

    /// Records that `tid` produced output: an iteration that prints is
    /// never a spin.
    pub(crate) fn note_effect(&mut self, tid: Tid) {
        if let Some(Some(t)) = self.threads.get_mut(tid as usize) {
            crate::cow::make_mut(t).spin.effects += 1;
        }
    }

    /// Fingerprint of `tid` paused before a visible operation: its frames,
    /// the live registers of each (by content), its output so far and its
    /// atomic-section depth. It depends only on the thread's own history.
    fn fingerprint(&self, tid: Tid) -> u64 {
        let t = self.thread(tid);
        let m = &self.prog.module;
        let mut h = rustc_hash::FxHasher::default();
        // A model's progress between the program functions it calls
        // (qsort's comparator) is state too.
        (
            t.frames.len(),
            t.atomic_depth,
            t.spin.effects,
            t.resume.as_deref(),
        )
            .hash(&mut h);
        let top = t.frames.len().saturating_sub(1);
        for (k, f) in t.frames.iter().enumerate() {
            (f.func, f.ip, f.on_return).hash(&mut h);
            let live = if k == top {
                self.prog.live.before(m, f.func, f.ip)
            } else {
                self.prog.live.after_call(m, f.func, f.ip)
            };
            for &r in live.iter() {
                match f.regs.get(r as usize) {
                    Some(v) => hash_value(v, &mut h),
                    None => 3u8.hash(&mut h),
                }
            }
        }
        h.finish()
    }

    /// A digest of `tid`'s private memory: its memory space, and under PSO
    /// the newest hidden store to each location of its buffer.
    fn private_digest(&self, tid: Tid) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        self.mem
            .digest(weft_ir::addr::thread_space(tid))
            .hash(&mut h);
        let mut hidden: Vec<(u64, u64, Option<u128>)> = Vec::new();
        for e in self.thread(tid).buffer.entries.iter().filter(|e| e.hidden) {
            match hidden.iter_mut().find(|x| (x.0, x.1) == (e.addr, e.size)) {
                Some(x) => x.2 = e.content(),
                None => hidden.push((e.addr, e.size, e.content())),
            }
        }
        hidden.sort_unstable();
        hidden.hash(&mut h);
        h.finish()
    }

    /// The state of mutex `m` as one word: owner (plus one) and count.
    fn mutex_word(&self, m: u64) -> u128 {
        self.sync.word(m)
    }

    /// What `key` holds now as `tid` sees it (a range longer than 16 bytes
    /// as a digest); `None` if it cannot be read.
    fn spin_value(&self, tid: Tid, key: Key) -> Option<Option<u128>> {
        match key {
            Key::Mem { addr, size } if size <= 16 => self.load_int(tid, addr, size).ok(),
            Key::Mem { addr, size } => {
                let mut h = rustc_hash::FxHasher::default();
                let mut off = 0;
                while off < size {
                    let n = (size - off).min(16);
                    self.load_int(tid, addr + off, n).ok()?.hash(&mut h);
                    off += n;
                }
                Some(Some(h.finish() as u128))
            }
            Key::Mutex(m) => Some(Some(self.mutex_word(m))),
        }
    }

    /// Whether every key the iteration since log position `pos` touched
    /// holds what it held before the iteration first touched it.
    fn net_zero(&self, tid: Tid, pos: usize) -> bool {
        let log = self.thread(tid).spin.log.copy_from(pos);
        for (i, t) in log.iter().enumerate() {
            let key = t.key();
            if log[..i].iter().any(|o| o.key() == key) {
                continue;
            }
            // Keys must not partly overlap, or "before" would be ambiguous.
            if log.iter().any(|o| o.key() != key && o.key().overlaps(&key)) {
                return false;
            }
            let Some(now) = self.spin_value(tid, key) else {
                return false;
            };
            // It held at the first touch what it holds now, nobody else
            // changed it between the iteration's touches, and the last
            // touch left what it holds now.
            let mut held = Word::new(now);
            for o in log[i..].iter().filter(|o| o.key() == key) {
                if o.before_word() != held {
                    return false;
                }
                held = o.after_word();
            }
            if held != Word::new(now) {
                return false;
            }
        }
        true
    }

    /// Called when `tid` pauses before `kind`: blocks it if the iteration
    /// since its last visit here changed nothing.
    pub(crate) fn watch_spin(&mut self, tid: Tid, kind: &EventKind) {
        // With plain accesses as local steps (`Limits::local_plain`), a
        // section's reads of shared memory are no events: an iteration of
        // section brackets alone would look as if it touched nothing.
        let section = matches!(
            kind,
            EventKind::AtomicBegin { .. } | EventKind::AtomicEnd { .. }
        );
        if !in_loop(kind) || (section && self.local_plain) {
            self.thread_mut(tid).spin.forget();
            return;
        }
        let fp = self.fingerprint(tid);
        let t = self.thread(tid);
        let progress = t.spin.progress + self.uncredited();
        let (waits, timeouts) = (t.spin.waits, t.spin.timeouts);
        let mut same: SmallVec<[Mark; 4]> = SmallVec::new();
        for m in t.spin.marks.iter_rev().filter(|m| m.fp == fp) {
            same.push(*m);
        }
        let mut digest = None;
        if same.iter().any(|m| m.progress != progress) && t.spin.digests < MAX_DIGESTS {
            digest = Some(self.private_digest(tid));
            self.thread_mut(tid).spin.digests += 1;
        }
        let here = Mark {
            fp,
            progress,
            digest: digest.unwrap_or(0),
            digested: digest.is_some(),
            pos: 0,
            waits,
            timeouts,
        };
        // Inside an atomic section the thread runs alone: it is never
        // blocked there (its iterations are compared where no section is
        // open).
        let outside = self.thread(tid).atomic_depth == 0;
        for m in same.iter().filter(|_| outside) {
            let private = m.progress == progress || (m.digested && Some(m.digest) == digest);
            if private && self.net_zero(tid, m.pos as usize) {
                let waited = m.waits != here.waits;
                let timed_out = m.timeouts != here.timeouts;
                let t = &mut self.thread_mut(tid).spin;
                let mut watch: Vec<Touch> = Vec::new();
                for x in &t.log.copy_from(m.pos as usize) {
                    if !watch.iter().any(|w| w.key() == x.key()) {
                        watch.push(*x);
                    }
                }
                t.watch = watch;
                if waited {
                    // The iteration returned from a wait without changing
                    // anything: cut the waits' unsignalled returns until
                    // something it touched changes. The thread goes on.
                    // (Its wait's mutex changed only by its own wait and
                    // reacquisition; others locking it change nothing the
                    // iteration read.)
                    let own = Key::Mutex(t.wait_mutex);
                    t.watch.retain(|x| x.key() != own);
                    t.muted = true;
                    t.timeout_repeats = timed_out;
                    t.forget();
                    self.spun = true;
                    return;
                }
                t.resume = Some(here);
                t.forget();
                self.thread_mut(tid).state = ThreadState::Spinning;
                self.spun = true;
                return;
            }
        }
        let t = &mut self.thread_mut(tid).spin;
        if t.marks.len() >= MAX_MARKS || t.log.len() >= MAX_LOG {
            t.forget();
        }
        let pos = t.log.len() as u16;
        t.marks.push(Mark { pos, ..here });
    }

    /// Called before `tid` executes its pending event `kind`: logs what it
    /// touches and what that held before. Returns where in the log, and
    /// how many, for `spin_after`.
    ///
    /// A load's touch is logged without reading: the load writes nothing,
    /// so what it reads is what the key held before and holds after, and
    /// `spin_after` fills both in from the interpreter's read.
    pub(crate) fn spin_touch(&mut self, tid: Tid, kind: &EventKind) -> Touches {
        let at = self.thread(tid).spin.log.len();
        let none = Touches {
            at: 0,
            n: 0,
            load: false,
        };
        if self.thread(tid).spin.marks.is_empty() {
            return none;
        }
        let keys = touched(kind);
        let load = matches!(kind, EventKind::Load { size, .. } if *size <= 16);
        for &key in &keys {
            if matches!(key, Key::Mem { size, .. } if size > MAX_TOUCH) {
                self.thread_mut(tid).spin.forget();
                return none;
            }
            let before = if load {
                Some(None)
            } else {
                self.spin_value(tid, key)
            };
            match before {
                Some(before) => self.thread_mut(tid).spin.log.push(Touch::new(key, before)),
                None => {
                    self.thread_mut(tid).spin.forget();
                    return none;
                }
            }
        }
        Touches {
            at,
            n: keys.len(),
            load,
        }
    }

    /// Called after `tid` executed the touches logged at `at..at + n`:
    /// records what each key holds now. `executed` is the visible event
    /// that made them, if it is known.
    pub(crate) fn spin_after(&mut self, tid: Tid, touches: Touches, executed: Option<&EventKind>) {
        let Touches { at, n, load } = touches;
        if n == 0 || self.thread(tid).spin.log.len() < at + n {
            return;
        }
        if load {
            // See `spin_touch`. Without a recorded read (an aggregate load),
            // the key holds now what the load read: nobody else ran.
            debug_assert_eq!(n, 1, "a load touches one range");
            if !matches!(executed, Some(EventKind::Load { .. })) {
                return self.thread_mut(tid).spin.forget();
            }
            let mut t = self.thread(tid).spin.log.get(at);
            let key = t.key();
            let read = match (self.last_read.take(), key) {
                (Some((a, s, v)), Key::Mem { addr, size }) if (a, s) == (addr, size) => Some(v),
                _ => self.spin_value(tid, key),
            };
            let Some(v) = read else {
                return self.thread_mut(tid).spin.forget();
            };
            t.set_before(Word::new(v));
            t.set_after(Word::new(v));
            return self.thread_mut(tid).spin.log.set(at, t);
        }
        // An event that wrote nothing left every key as it was: nobody
        // else ran in between.
        if executed.is_some_and(writes_nothing) {
            let log = &mut self.thread_mut(tid).spin.log;
            for i in at..at + n {
                let mut t = log.get(i);
                t.set_after(t.before_word());
                log.set(i, t);
            }
            return;
        }
        for i in at..at + n {
            let mut t = self.thread(tid).spin.log.get(i);
            match self.spin_value(tid, t.key()) {
                Some(v) => {
                    t.set_after(Word::new(v));
                    self.thread_mut(tid).spin.log.set(i, t);
                }
                None => return self.thread_mut(tid).spin.forget(),
            }
        }
    }

    /// Called after `ev` executed: wakes spinning threads whose locations
    /// (or mutexes) `ev` changed. A write of the value already there (a
    /// failed exchange of another spinner) changes nothing and wakes
    /// nobody.
    pub(crate) fn after_spin_event(&mut self, ev: &Event) {
        let spinning = |t: &Option<Arc<Thread>>| {
            t.as_ref()
                .is_some_and(|th| th.state == ThreadState::Spinning || th.spin.muted)
        };
        // A section's begin writes nothing: its footprint only bounds what
        // the section's own events will write, and they wake spinners.
        if !self.threads.iter().any(spinning) || matches!(ev.kind, EventKind::AtomicBegin { .. }) {
            return;
        }
        let writes: SmallVec<[Key; 2]> = ev
            .accesses()
            .iter()
            .filter(|a| a.write)
            .map(|a| Key::Mem {
                addr: a.addr,
                size: a.size,
            })
            .chain(mutex_changed(&ev.kind).map(Key::Mutex))
            .collect();
        if writes.is_empty() {
            return;
        }
        for t in 0..self.threads.len() {
            let hit = self.threads[t].as_ref().and_then(|th| {
                if th.state != ThreadState::Spinning && !th.spin.muted {
                    return None;
                }
                writes
                    .iter()
                    .find(|w| {
                        th.spin.watch.iter().any(|x| {
                            let k = x.key();
                            k.overlaps(w) && self.spin_value(t as Tid, k) != Some(x.before())
                        })
                    })
                    .copied()
            });
            let Some(w) = hit else { continue };
            if self.thread(t as Tid).state != ThreadState::Spinning {
                let s = &mut self.thread_mut(t as Tid).spin;
                s.unmute();
                s.forget();
                continue;
            }
            let th = self.thread_mut(t as Tid);
            th.state = ThreadState::Running;
            let s = &mut th.spin;
            s.watch.clear();
            s.forget();
            if let Some(m) = s.resume.take() {
                s.marks.push(m);
            }
            s.woken_by = match w {
                Key::Mem { addr, size } => Some((addr, size)),
                Key::Mutex(_) => None,
            };
        }
    }

    /// Makes `tid`, found in a loop that repeats its state without a
    /// visible operation (see [`HangWatch`]), hang: spin-blocked with
    /// nothing to wake it, and no pending event.
    pub(crate) fn hang(&mut self, tid: Tid) {
        let t = self.thread_mut(tid);
        t.state = ThreadState::Spinning;
        t.pending = None;
        let s = &mut t.spin;
        s.forget();
        s.watch.clear();
        s.resume = None;
    }

    /// What a spin-blocked thread waits for, for the deadlock report.
    pub(crate) fn describe_spin(&self, tid: Tid) -> String {
        let p = &self.prog;
        let (mut mems, mut muts) = (Vec::new(), Vec::new());
        for x in &self.thread(tid).spin.watch {
            match x.key() {
                Key::Mem { addr, .. } if self.mem.is_shared(addr) => {
                    mems.push(p.describe_addr(addr))
                }
                Key::Mem { .. } => {}
                Key::Mutex(m) => muts.push(p.describe_addr(m)),
            }
        }
        let mut parts = Vec::new();
        for (names, verb) in [(mems, "write"), (muts, "lock or unlock mutex")] {
            let mut names = names;
            names.sort();
            names.dedup();
            if !names.is_empty() {
                parts.push(format!("{verb} {}", names.join(" or ")));
            }
        }
        if parts.is_empty() {
            return "spins forever: its loop touches nothing another thread could change"
                .to_string();
        }
        format!(
            "spins forever waiting for another thread to {}",
            parts.join(" or ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touches_keep_keys_and_values() {
        let wide = (7u128 << 64) | 9;
        for (key, v) in [
            (Key::Mem { addr: 64, size: 16 }, Some(wide)),
            (Key::Mem { addr: 64, size: 4 }, None),
            (Key::Mutex(128), Some(0)),
        ] {
            let t = Touch::new(key, v);
            assert_eq!(t.key(), key);
            assert_eq!(t.before(), v);
            assert_eq!(t.after_word().get(), v);
        }
        // An uninitialised word differs from an initialised zero.
        assert_ne!(Word::new(None), Word::new(Some(0)));
    }

    #[test]
    fn keys_overlap_by_range_or_mutex() {
        let m = |addr, size| Key::Mem { addr, size };
        assert!(m(0, 4).overlaps(&m(3, 1)));
        assert!(!m(0, 4).overlaps(&m(4, 4)));
        assert!(Key::Mutex(8).overlaps(&Key::Mutex(8)));
        assert!(!Key::Mutex(8).overlaps(&m(8, 8)));
    }
}
