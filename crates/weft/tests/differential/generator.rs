//! The random program generator: small concurrent C programs with plain
//! and atomic accesses, fetch-adds, compare-exchanges, mutexes, branches
//! and assertions; under the weak memory models also fences, weaker
//! atomics, `trylock` and `timedlock` probes, read-write lock and
//! semaphore sections, `sem_trywait`/`sem_timedwait` probes (a timed
//! wait may time out: a choice both explorers must cover), barriers and
//! `__VERIFIER_nondet_bool()` (both values explored);
//! and (in every other case) `__VERIFIER_assume` calls and atomic
//! sections, see [`add_verifier_ops`].
//!
//! The programs of `random_symbolic_agree` add thread-local computation on
//! `__VERIFIER_nondet_*` inputs as [`Op::Sym`] operations, built and
//! rendered by [`crate::symbolic`].

use crate::common::{render_main_with, Rng};
use crate::symbolic::SymOp;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Upper bound on the interleavings of a generated program (ignoring
/// blocking), so that the naive search stays fast.
const INTERLEAVING_BUDGET: u64 = 200_000;
/// At most this many shared operations (accesses, locks, unlocks) per program.
const MAX_SHARED_OPS: usize = 12;
/// Limits of the programs for the weak-memory differential test: store
/// buffers multiply the naive search's interleavings (every pending store
/// can be flushed at every point until the next barrier).
const WMM_MAX_SHARED_OPS: usize = 6;
const WMM_MAX_THREADS: usize = 3;
const WMM_INTERLEAVING_BUDGET: u64 = 3_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Plain and atomic accesses anywhere: data races expected.
    Racy,
    /// Every access is atomic: race-free.
    Atomic,
    /// Each global is either always accessed atomically or only accessed
    /// while holding its own mutex: race-free.
    Protected,
}

#[derive(Debug, Clone, Copy)]
pub enum Val {
    Const(i32),
    /// A local plus one.
    LocalPlus1(usize),
}

/// The memory order of an atomic load or store. Only the weak-memory
/// generator uses anything but `SeqCst`, and only in racy programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    SeqCst,
    Relaxed,
    /// Release for a store, acquire for a load.
    RelAcq,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fence {
    /// `__atomic_thread_fence(__ATOMIC_SEQ_CST)`: a full barrier.
    SeqCst,
    /// `__sync_synchronize()`: a full barrier.
    Sync,
    /// `__atomic_thread_fence(__ATOMIC_RELEASE)`: a store-store barrier
    /// under PSO.
    Release,
    /// `__atomic_thread_fence(__ATOMIC_ACQUIRE)`.
    Acquire,
    /// `__atomic_thread_fence(__ATOMIC_ACQ_REL)`.
    AcqRel,
}

#[derive(Debug, Clone)]
pub enum Op {
    Load {
        g: usize,
        atomic: bool,
        order: Order,
        dst: usize,
    },
    Store {
        g: usize,
        atomic: bool,
        order: Order,
        val: Val,
    },
    Fence(Fence),
    FetchAdd {
        g: usize,
        add: i32,
        dst: usize,
    },
    /// `int eK = expected; cas(&g, &eK, desired); int rDST = eK;`
    Cas {
        g: usize,
        expected: i32,
        desired: Val,
        dst: usize,
    },
    Locked {
        m: usize,
        body: Vec<Op>,
    },
    /// `int rDST = pthread_mutex_trylock(&mM); if (rDST == 0)
    /// pthread_mutex_unlock(&mM); else busy++` (atomically): observes
    /// whether the mutex is held without blocking, in the final state.
    TryLock {
        m: usize,
        dst: usize,
    },
    /// `pthread_rwlock_rdlock(&rw0)` (or `wrlock`), the body, unlock. The
    /// rwlock grants no access: the body follows the same rules as outside.
    RwLocked {
        write: bool,
        body: Vec<Op>,
    },
    /// `sem_wait(&s0)`, the body, `sem_post(&s0)` (`s0` starts at 1). The
    /// semaphore grants no access: the body follows the same rules as
    /// outside.
    SemLocked {
        body: Vec<Op>,
    },
    /// `int rDST = sem_trywait(&s0)` (or `sem_timedwait(&s0, &ts0)`, which
    /// may also time out); `if (rDST == 0) sem_post(&s0); else busy++`.
    SemProbe {
        dst: usize,
        timed: bool,
    },
    /// `int rDST = pthread_mutex_timedlock(&mM, &ts0)` (which may time
    /// out); `if (rDST == 0) pthread_mutex_unlock(&mM); else busy++`.
    TimedLock {
        m: usize,
        dst: usize,
    },
    /// `int rDST = __VERIFIER_nondet_bool();`: both values are explored.
    Nondet {
        dst: usize,
    },
    /// `int rDST = pthread_barrier_wait(&b0) ==
    /// PTHREAD_BARRIER_SERIAL_THREAD;` at the top level of a thread, once:
    /// the barrier's count is the number of threads that have one.
    Barrier {
        dst: usize,
    },
    If {
        local: usize,
        value: i32,
        body: Box<Op>,
    },
    Assert {
        local: usize,
        value: i32,
    },
    /// `__VERIFIER_assume(rLOCAL == VALUE)` (or `!=`).
    Assume {
        local: usize,
        value: i32,
        eq: bool,
    },
    /// The body without interruption: between `__VERIFIER_atomic_begin()`
    /// and `__VERIFIER_atomic_end()`, or as the body of a
    /// `__VERIFIER_atomic_*` function (whose parameters are the locals the
    /// body reads; the locals it defines are not used after it).
    Atomic {
        body: Vec<Op>,
        function: bool,
    },
    /// Input-dependent thread-local computation (`random_symbolic_agree`
    /// only): see [`crate::symbolic`]. Only ever at the top level of a
    /// thread, after the rest of the program was generated.
    Sym(SymOp),
}

impl Op {
    /// Whether the operation is or contains an assume or an atomic section.
    fn verifier(&self) -> bool {
        match self {
            Op::Assume { .. } | Op::Atomic { .. } => true,
            Op::Locked { body, .. } | Op::RwLocked { body, .. } | Op::SemLocked { body, .. } => {
                body.iter().any(Op::verifier)
            }
            _ => false,
        }
    }

    /// Visible events of the longest path through the operation.
    pub fn events(&self) -> usize {
        match self {
            Op::Load { .. }
            | Op::Store { .. }
            | Op::FetchAdd { .. }
            | Op::Cas { .. }
            | Op::Fence(_) => 1,
            Op::Locked { body, .. } | Op::RwLocked { body, .. } | Op::SemLocked { body, .. } => {
                2 + body.iter().map(Op::events).sum::<usize>()
            }
            Op::TryLock { .. } | Op::TimedLock { .. } | Op::SemProbe { .. } => 3,
            Op::Barrier { .. } => 2,
            Op::Nondet { .. } => 1,
            Op::If { body, .. } => body.events(),
            Op::Assert { .. } | Op::Assume { .. } => 0,
            Op::Atomic { body, .. } => 2 + body.iter().map(Op::events).sum::<usize>(),
            Op::Sym(s) => s.events(),
        }
    }
}

pub struct Program {
    pub mode: Mode,
    /// Render the plain accesses of thread t to global g as `memcpy` or
    /// `memset` calls when g + t is odd (weak-memory programs: these are
    /// ordinary loads and stores, buffered under TSO/PSO like the plain
    /// ones, and mixed with them on one global).
    pub memops: bool,

    pub globals: usize,
    pub mutexes: usize,
    /// `Some(m)`: in a `Protected` program, the global is only accessed
    /// under mutex m (see [`ThreadGen::guard`]).
    pub guard: Vec<Option<usize>>,
    pub threads: Vec<Vec<Op>>,
}

impl Program {
    /// Whether the program has atomic sections or atomic functions.
    pub fn has_sections(&self) -> bool {
        fn sections(op: &Op) -> bool {
            match op {
                Op::Atomic { .. } => true,
                Op::Locked { body, .. }
                | Op::RwLocked { body, .. }
                | Op::SemLocked { body, .. } => body.iter().any(sections),
                _ => false,
            }
        }
        self.threads.iter().flatten().any(sections)
    }

    /// Whether the program calls `__VERIFIER_assume`: its executions may
    /// end blocked.
    pub fn blocks(&self) -> bool {
        fn assumes(op: &Op) -> bool {
            match op {
                Op::Assume { .. } => true,
                Op::Locked { body, .. }
                | Op::Atomic { body, .. }
                | Op::RwLocked { body, .. }
                | Op::SemLocked { body, .. } => body.iter().any(assumes),
                Op::If { body, .. } => assumes(body),
                _ => false,
            }
        }
        self.threads.iter().flatten().any(assumes)
    }
}

pub struct ThreadGen<'a> {
    pub rng: &'a mut Rng,
    pub mode: Mode,
    /// Also generate fences, `trylock` probes and (in racy programs)
    /// atomics weaker than seq_cst. Off for `random_programs_agree`, whose programs stay those
    /// of the fixed seed.
    pub wmm: bool,
    pub globals: usize,
    pub mutexes: usize,
    /// `Some(m)`: the global is only accessed (plainly or not) under mutex m.
    pub guard: Vec<Option<usize>>,
    pub locals: usize,
    pub asserts: usize,
}

impl ThreadGen<'_> {
    /// Globals this thread may access given the held mutexes.
    fn accessible(&self, held: &[usize]) -> Vec<usize> {
        (0..self.globals)
            .filter(|&g| match self.guard[g] {
                None => true,
                Some(m) => held.contains(&m),
            })
            .collect()
    }

    /// Whether an access to `g` may be plain.
    fn plain_ok(&mut self, g: usize) -> bool {
        match self.mode {
            Mode::Racy => self.rng.chance(55),
            Mode::Atomic => false,
            Mode::Protected => self.guard[g].is_some() && self.rng.chance(75),
        }
    }

    fn value(&mut self) -> Val {
        if self.locals > 0 && self.rng.chance(40) {
            Val::LocalPlus1(self.rng.range(0, self.locals - 1))
        } else {
            Val::Const(self.rng.range(1, 3) as i32)
        }
    }

    fn new_local(&mut self) -> usize {
        self.locals += 1;
        self.locals - 1
    }

    /// The memory order of an atomic access.
    fn order(&mut self, atomic: bool) -> Order {
        if !(atomic && self.wmm && self.mode == Mode::Racy) {
            return Order::SeqCst;
        }
        match self.rng.range(0, 3) {
            0 => Order::Relaxed,
            1 => Order::RelAcq,
            _ => Order::SeqCst,
        }
    }

    fn gen_store(&mut self, g: usize, allow_locals: bool) -> Op {
        let atomic = !self.plain_ok(g);
        let order = self.order(atomic);
        let val = if allow_locals {
            self.value()
        } else {
            Val::Const(self.rng.range(1, 5) as i32)
        };
        Op::Store {
            g,
            atomic,
            order,
            val,
        }
    }

    fn gen_locked(&mut self, held: &[usize], depth: usize) -> Option<Op> {
        let free: Vec<usize> = (0..self.mutexes).filter(|m| !held.contains(m)).collect();
        if free.is_empty() || depth >= 2 {
            return None;
        }
        let m = self.rng.pick(&free);
        let mut inner = held.to_vec();
        inner.push(m);
        let n = self.rng.range(1, 2);
        let mut body = Vec::new();
        // Nest the other mutex now and then, so that threads may take the
        // mutexes in opposite orders and deadlock.
        if self.rng.chance(60) {
            if let Some(op) = self.gen_locked(&inner, depth + 1) {
                body.push(op);
            }
        }
        while body.len() < n {
            body.push(self.gen_op(&inner, depth + 1));
        }
        Some(Op::Locked { m, body })
    }

    fn gen_op(&mut self, held: &[usize], depth: usize) -> Op {
        if self.wmm && self.rng.chance(15) {
            return Op::Fence(self.rng.pick(&[
                Fence::SeqCst,
                Fence::Sync,
                Fence::Release,
                Fence::Release,
                Fence::Acquire,
                Fence::AcqRel,
            ]));
        }
        loop {
            let acc = self.accessible(held);
            let roll = self.rng.range(0, 99);
            if acc.is_empty() || roll < 22 {
                let free: Vec<usize> = (0..self.mutexes).filter(|m| !held.contains(m)).collect();
                if self.wmm && !free.is_empty() && self.rng.chance(25) {
                    let m = self.rng.pick(&free);
                    let dst = self.new_local();
                    if self.rng.chance(40) {
                        return Op::TimedLock { m, dst };
                    }
                    return Op::TryLock { m, dst };
                }
                if self.wmm && self.rng.chance(12) {
                    let dst = self.new_local();
                    return Op::Nondet { dst };
                }
                if self.wmm && self.rng.chance(15) {
                    let dst = self.new_local();
                    let timed = self.rng.chance(50);
                    return Op::SemProbe { dst, timed };
                }
                // A section of the semaphore, not nested in another.
                if self.wmm && depth == 0 && self.rng.chance(20) {
                    let n = self.rng.range(1, 2);
                    let body = (0..n).map(|_| self.gen_op(held, depth + 1)).collect();
                    return Op::SemLocked { body };
                }
                // A read or write section of the one rwlock, not nested in
                // another (a thread never takes it twice).
                if self.wmm && depth == 0 && self.rng.chance(30) {
                    let write = self.rng.chance(40);
                    let n = self.rng.range(1, 2);
                    let body = (0..n).map(|_| self.gen_op(held, depth + 1)).collect();
                    return Op::RwLocked { write, body };
                }
                if let Some(op) = self.gen_locked(held, depth) {
                    return op;
                }
                if acc.is_empty() {
                    // Unreachable in practice: a global is inaccessible only
                    // when its mutex is free, and then gen_locked can take
                    // it (depth 2 means both mutexes are held).
                    continue;
                }
            }
            let g = self.rng.pick(&acc);
            match roll {
                0..=35 => {
                    let atomic = !self.plain_ok(g);
                    let order = self.order(atomic);
                    let dst = self.new_local();
                    return Op::Load {
                        g,
                        atomic,
                        order,
                        dst,
                    };
                }
                36..=55 => return self.gen_store(g, true),
                56..=67 => {
                    let add = self.rng.range(1, 2) as i32;
                    let dst = self.new_local();
                    return Op::FetchAdd { g, add, dst };
                }
                68..=78 => {
                    let expected = self.rng.range(0, 2) as i32;
                    let desired = self.value();
                    let dst = self.new_local();
                    return Op::Cas {
                        g,
                        expected,
                        desired,
                        dst,
                    };
                }
                79..=90 => {
                    if self.locals == 0 {
                        continue;
                    }
                    let local = self.rng.range(0, self.locals - 1);
                    let value = self.rng.range(0, 2) as i32;
                    let body = Box::new(self.gen_store(g, false));
                    return Op::If { local, value, body };
                }
                _ => {
                    if self.locals == 0 || self.asserts > 0 {
                        continue;
                    }
                    self.asserts += 1;
                    let local = self.rng.range(0, self.locals - 1);
                    let value = self.rng.range(1, 3) as i32;
                    return Op::Assert { local, value };
                }
            }
        }
    }
}

/// A visible event of a thread, for [`interleaving_bound`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Access,
    Lock(usize),
    Unlock(usize),
}

pub fn flatten(op: &Op, out: &mut Vec<Step>) {
    match op {
        Op::Load { .. }
        | Op::Store { .. }
        | Op::FetchAdd { .. }
        | Op::Cas { .. }
        | Op::TryLock { .. }
        | Op::Fence(_) => out.push(Step::Access),
        Op::Nondet { .. } => out.push(Step::Access),
        Op::TimedLock { .. } | Op::SemProbe { .. } | Op::Barrier { .. } => {
            out.push(Step::Access);
            out.push(Step::Access);
        }
        Op::Locked { m, body } => {
            out.push(Step::Lock(*m));
            for b in body {
                flatten(b, out);
            }
            out.push(Step::Unlock(*m));
        }
        Op::RwLocked { body, .. } | Op::SemLocked { body } => {
            out.push(Step::Access);
            for b in body {
                flatten(b, out);
            }
            out.push(Step::Access);
        }
        Op::If { body, .. } => flatten(body, out),
        Op::Assert { .. } | Op::Assume { .. } => {}
        Op::Atomic { body, .. } => {
            out.push(Step::Access);
            for b in body {
                flatten(b, out);
            }
            out.push(Step::Access);
        }
        Op::Sym(s) => s.flatten(out),
    }
}

/// Number of interleavings of the program's visible events when every branch
/// is taken and no assertion fails, respecting mutual exclusion. An upper
/// bound on the executions of the naive search: untaken branches, failed
/// assertions and deadlocks only remove interleavings.
pub fn interleaving_bound(prog: &Program) -> u64 {
    let seqs: Vec<Vec<Step>> = prog
        .threads
        .iter()
        .map(|ops| {
            let mut v = Vec::new();
            for op in ops {
                flatten(op, &mut v);
            }
            v.push(Step::Access); // thread exit
            v
        })
        .collect();
    let n = seqs.len();
    // Main: create 0..n, join 0..n, then one load per global.
    let main_len = 2 * n + prog.globals;
    fn held(seqs: &[Vec<Step>], pos: &[usize], m: usize) -> bool {
        seqs.iter().zip(pos).any(|(seq, &p)| {
            let mut depth = 0i32;
            for s in &seq[..p] {
                match *s {
                    Step::Lock(x) if x == m => depth += 1,
                    Step::Unlock(x) if x == m => depth -= 1,
                    _ => {}
                }
            }
            depth > 0
        })
    }
    fn go(
        main: usize,
        pos: &mut Vec<usize>,
        seqs: &[Vec<Step>],
        main_len: usize,
        memo: &mut HashMap<(usize, Vec<usize>), u64>,
    ) -> u64 {
        let n = seqs.len();
        if main == main_len {
            return 1;
        }
        if let Some(&v) = memo.get(&(main, pos.clone())) {
            return v;
        }
        let mut total: u64 = 0;
        // Main's next event: a create, a join of a finished thread, or a load.
        let main_ok = main < n || main >= 2 * n || pos[main - n] == seqs[main - n].len();
        if main_ok {
            total = total.saturating_add(go(main + 1, pos, seqs, main_len, memo));
        }
        for t in 0..n {
            if main <= t || pos[t] == seqs[t].len() {
                continue;
            }
            if let Step::Lock(m) = seqs[t][pos[t]] {
                if held(seqs, pos, m) {
                    continue;
                }
            }
            pos[t] += 1;
            total = total.saturating_add(go(main, pos, seqs, main_len, memo));
            pos[t] -= 1;
        }
        memo.insert((main, pos.clone()), total);
        total
    }
    go(0, &mut vec![0; n], &seqs, main_len, &mut HashMap::new())
}

pub fn shared_ops(prog: &Program) -> usize {
    prog.threads.iter().flatten().map(Op::events).sum::<usize>()
}

/// Whether the program is free of data races and uses only seq_cst
/// atomics, so that TSO and PSO cannot tell it from SC.
pub fn robust(prog: &Program) -> bool {
    fn weak(op: &Op) -> bool {
        match op {
            Op::Load { atomic, order, .. } | Op::Store { atomic, order, .. } => {
                *atomic && *order != Order::SeqCst
            }
            Op::Locked { body, .. }
            | Op::Atomic { body, .. }
            | Op::RwLocked { body, .. }
            | Op::SemLocked { body, .. } => body.iter().any(weak),
            Op::If { body, .. } => weak(body),
            _ => false,
        }
    }
    prog.mode != Mode::Racy && !prog.threads.iter().flatten().any(weak)
}

/// The size of the generated programs.
pub struct Limits {
    pub max_shared_ops: usize,
    pub interleaving_budget: u64,
    pub max_threads: usize,
    /// Fences and non-seq_cst atomics (see [`ThreadGen::wmm`]); also a
    /// separate random stream, and half of the programs racy.
    pub wmm: bool,
}

pub const SC_LIMITS: Limits = Limits {
    max_shared_ops: MAX_SHARED_OPS,
    interleaving_budget: INTERLEAVING_BUDGET,
    max_threads: 4,
    wmm: false,
};

pub const WMM_LIMITS: Limits = Limits {
    max_shared_ops: WMM_MAX_SHARED_OPS,
    interleaving_budget: WMM_INTERLEAVING_BUDGET,
    max_threads: WMM_MAX_THREADS,
    wmm: true,
};

pub fn generate(seed: u64, case: usize, limits: &Limits) -> Program {
    let mode;
    let mut rng;
    if limits.wmm {
        rng = Rng::new(seed ^ 0x7750_5f70_736f, case as u64);
        mode = match case % 4 {
            0 | 2 => Mode::Racy,
            1 => Mode::Atomic,
            _ => Mode::Protected,
        };
    } else {
        rng = Rng::new(seed, case as u64);
        mode = match case % 3 {
            0 => Mode::Racy,
            1 => Mode::Atomic,
            _ => Mode::Protected,
        };
    }
    loop {
        let mut prog = draw(&mut rng, mode, limits);
        // Trim the last operation of the busiest thread until small enough.
        // Removing a thread's last operation never removes a local that a
        // later operation uses. If that is not enough, draw again.
        loop {
            let fits = shared_ops(&prog) <= limits.max_shared_ops
                && interleaving_bound(&prog) <= limits.interleaving_budget;
            if fits {
                if verifier_case(case, limits) {
                    let mut vrng = Rng::new(seed ^ 0x7665_7269_6679, case as u64);
                    add_verifier_ops(&mut prog, &mut vrng);
                }
                return prog;
            }
            let busiest = (0..prog.threads.len())
                .filter(|&t| prog.threads[t].len() > 1)
                .max_by_key(|&t| prog.threads[t].iter().map(Op::events).sum::<usize>());
            match busiest {
                Some(t) => {
                    prog.threads[t].pop();
                }
                None => break,
            }
        }
    }
}

pub fn draw(rng: &mut Rng, mode: Mode, limits: &Limits) -> Program {
    let nthreads = rng.range(2, limits.max_threads);
    let globals = rng.range(1, 3);
    let mutexes = match rng.range(0, 99) {
        0..=19 if mode != Mode::Protected => 0,
        0..=49 => 1,
        _ => 2,
    };
    let guard: Vec<Option<usize>> = (0..globals)
        .map(|_| {
            if mode == Mode::Protected && rng.chance(65) {
                Some(rng.range(0, mutexes - 1))
            } else {
                None
            }
        })
        .collect();
    let max_ops = match nthreads {
        2 => 4,
        3 => 3,
        _ => 2,
    };
    let mut threads = Vec::new();
    for _ in 0..nthreads {
        let nops = rng.range(1, max_ops);
        let mut gen = ThreadGen {
            rng: &mut *rng,
            mode,
            wmm: limits.wmm,
            globals,
            mutexes,
            guard: guard.clone(),
            locals: 0,
            asserts: 0,
        };
        let ops: Vec<Op> = (0..nops).map(|_| gen.gen_op(&[], 0)).collect();
        threads.push(ops);
    }
    // Now and then, a barrier that some of the threads wait at.
    if limits.wmm && rng.chance(25) {
        for ops in &mut threads {
            if rng.chance(60) {
                let at = rng.range(0, ops.len());
                let dst = defs(&ops[..at]).len();
                renumber(&mut ops[at..], dst);
                ops.insert(at, Op::Barrier { dst });
            }
        }
    }
    Program {
        mode,
        memops: limits.wmm,
        globals,
        mutexes,
        guard,
        threads,
    }
}

pub const SEQ: &str = "__ATOMIC_SEQ_CST";

pub fn render_val(v: Val) -> String {
    match v {
        Val::Const(c) => c.to_string(),
        Val::LocalPlus1(l) => format!("r{l} + 1"),
    }
}

/// Rendering state of one thread function.
#[derive(Default)]
pub struct Cx {
    thread: usize,
    /// See [`Program::memops`].
    memops: bool,
    /// Compare-exchange temporaries so far (`eK`).
    cas_count: usize,
    /// The `__VERIFIER_atomic_*` functions of the thread, rendered.
    functions: String,
}

pub fn render_op(op: &Op, indent: usize, cx: &mut Cx, out: &mut String) {
    let pad = "  ".repeat(indent);
    match op {
        Op::Load {
            g,
            atomic,
            order,
            dst,
        } => {
            if *atomic {
                let o = match order {
                    Order::SeqCst => SEQ,
                    Order::Relaxed => "__ATOMIC_RELAXED",
                    Order::RelAcq => "__ATOMIC_ACQUIRE",
                };
                let _ = writeln!(out, "{pad}int r{dst} = __atomic_load_n(&g{g}, {o});");
            } else if cx.memops && (g + cx.thread) % 2 == 1 {
                let _ = writeln!(out, "{pad}int r{dst};");
                let _ = writeln!(out, "{pad}memcpy(&r{dst}, &g{g}, sizeof r{dst});");
            } else {
                let _ = writeln!(out, "{pad}int r{dst} = g{g};");
            }
        }
        Op::Store {
            g,
            atomic,
            order,
            val,
        } => {
            let v = render_val(*val);
            if *atomic {
                let o = match order {
                    Order::SeqCst => SEQ,
                    Order::Relaxed => "__ATOMIC_RELAXED",
                    Order::RelAcq => "__ATOMIC_RELEASE",
                };
                let _ = writeln!(out, "{pad}__atomic_store_n(&g{g}, {v}, {o});");
            } else if cx.memops && (g + cx.thread) % 2 == 1 {
                // Values stay below 256: one byte over a zero upper part.
                match val {
                    Val::Const(c) => {
                        let _ = writeln!(out, "{pad}memset(&g{g}, {c}, 1);");
                    }
                    Val::LocalPlus1(_) => {
                        let _ =
                            writeln!(out, "{pad}{{ int v = {v}; memcpy(&g{g}, &v, sizeof v); }}");
                    }
                }
            } else {
                let _ = writeln!(out, "{pad}g{g} = {v};");
            }
        }
        Op::FetchAdd { g, add, dst } => {
            let _ = writeln!(
                out,
                "{pad}int r{dst} = __atomic_fetch_add(&g{g}, {add}, {SEQ});"
            );
        }
        Op::Cas {
            g,
            expected,
            desired,
            dst,
        } => {
            let e = cx.cas_count;
            cx.cas_count += 1;
            let d = render_val(*desired);
            let _ = writeln!(out, "{pad}int e{e} = {expected};");
            let _ = writeln!(
                out,
                "{pad}__atomic_compare_exchange_n(&g{g}, &e{e}, {d}, 0, {SEQ}, {SEQ});"
            );
            let _ = writeln!(out, "{pad}int r{dst} = e{e};");
        }
        Op::Locked { m, body } => {
            let _ = writeln!(out, "{pad}pthread_mutex_lock(&m{m});");
            for b in body {
                render_op(b, indent, cx, out);
            }
            let _ = writeln!(out, "{pad}pthread_mutex_unlock(&m{m});");
        }
        Op::RwLocked { write, body } => {
            let how = if *write { "wrlock" } else { "rdlock" };
            let _ = writeln!(out, "{pad}pthread_rwlock_{how}(&rw0);");
            for b in body {
                render_op(b, indent, cx, out);
            }
            let _ = writeln!(out, "{pad}pthread_rwlock_unlock(&rw0);");
        }
        Op::SemLocked { body } => {
            let _ = writeln!(out, "{pad}sem_wait(&s0);");
            for b in body {
                render_op(b, indent, cx, out);
            }
            let _ = writeln!(out, "{pad}sem_post(&s0);");
        }
        Op::SemProbe { dst, timed } => {
            let call = if *timed {
                "sem_timedwait(&s0, &ts0)"
            } else {
                "sem_trywait(&s0)"
            };
            let _ = writeln!(out, "{pad}int r{dst} = {call};");
            let _ = writeln!(
                out,
                "{pad}if (r{dst} == 0) sem_post(&s0); else __atomic_fetch_add(&busy, 1, {SEQ});"
            );
        }
        Op::TimedLock { m, dst } => {
            let _ = writeln!(
                out,
                "{pad}int r{dst} = pthread_mutex_timedlock(&m{m}, &ts0);"
            );
            let _ = writeln!(
                out,
                "{pad}if (r{dst} == 0) pthread_mutex_unlock(&m{m}); else __atomic_fetch_add(&busy, 1, {SEQ});"
            );
        }
        Op::Nondet { dst } => {
            let _ = writeln!(out, "{pad}int r{dst} = __VERIFIER_nondet_bool();");
        }
        Op::Barrier { dst } => {
            let _ = writeln!(
                out,
                "{pad}int r{dst} = pthread_barrier_wait(&b0) == PTHREAD_BARRIER_SERIAL_THREAD;"
            );
        }
        Op::TryLock { m, dst } => {
            let _ = writeln!(out, "{pad}int r{dst} = pthread_mutex_trylock(&m{m});");
            let _ = writeln!(
                out,
                "{pad}if (r{dst} == 0) pthread_mutex_unlock(&m{m}); else __atomic_fetch_add(&busy, 1, {SEQ});"
            );
        }
        Op::If { local, value, body } => {
            let _ = writeln!(out, "{pad}if (r{local} == {value}) {{");
            render_op(body, indent + 1, cx, out);
            let _ = writeln!(out, "{pad}}}");
        }
        Op::Assert { local, value } => {
            let _ = writeln!(out, "{pad}assert(r{local} != {value});");
        }
        Op::Assume { local, value, eq } => {
            let op = if *eq { "==" } else { "!=" };
            let _ = writeln!(out, "{pad}__VERIFIER_assume(r{local} {op} {value});");
        }
        Op::Atomic {
            body,
            function: false,
        } => {
            let _ = writeln!(out, "{pad}__VERIFIER_atomic_begin();");
            for b in body {
                render_op(b, indent, cx, out);
            }
            let _ = writeln!(out, "{pad}__VERIFIER_atomic_end();");
        }
        Op::Atomic {
            body,
            function: true,
        } => {
            let defined = defs(body);
            let mut params: Vec<usize> = uses(body)
                .into_iter()
                .filter(|l| !defined.contains(l))
                .collect();
            params.sort_unstable();
            params.dedup();
            let name = format!(
                "__VERIFIER_atomic_t{}_{}",
                cx.thread,
                cx.functions.matches("static void").count()
            );
            let mut decl: Vec<String> = params.iter().map(|l| format!("int r{l}")).collect();
            if decl.is_empty() {
                decl.push("void".to_string());
            }
            let args: Vec<String> = params.iter().map(|l| format!("r{l}")).collect();
            let mut text = format!("\nstatic void {name}({}) {{\n", decl.join(", "));
            for b in body {
                render_op(b, 1, cx, &mut text);
            }
            text.push_str("}\n");
            cx.functions.push_str(&text);
            let _ = writeln!(out, "{pad}{name}({});", args.join(", "));
        }
        Op::Fence(f) => {
            let text = match f {
                Fence::SeqCst => "__atomic_thread_fence(__ATOMIC_SEQ_CST);",
                Fence::Sync => "__sync_synchronize();",
                Fence::Release => "__atomic_thread_fence(__ATOMIC_RELEASE);",
                Fence::Acquire => "__atomic_thread_fence(__ATOMIC_ACQUIRE);",
                Fence::AcqRel => "__atomic_thread_fence(__ATOMIC_ACQ_REL);",
            };
            let _ = writeln!(out, "{pad}{text}");
        }
        Op::Sym(s) => s.render(indent, cx, out),
    }
}

pub fn render(prog: &Program, header: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "// {header}");
    let _ = writeln!(out, "// mode: {:?}", prog.mode);
    out.push_str("#include <assert.h>\n#include <pthread.h>\n#include <stdio.h>\n");
    if prog.memops {
        out.push_str("#include <string.h>\n");
    }
    let any = |f: fn(&Op) -> bool| prog.threads.iter().flatten().any(|op| contains(op, f));
    let (sems, barriers) = (
        any(|op| matches!(op, Op::SemLocked { .. } | Op::SemProbe { .. })),
        prog.threads
            .iter()
            .filter(|ops| ops.iter().any(|op| matches!(op, Op::Barrier { .. })))
            .count(),
    );
    let timed = any(|op| matches!(op, Op::TimedLock { .. } | Op::SemProbe { timed: true, .. }));
    if sems {
        out.push_str("#include <semaphore.h>\n");
    }
    if any(|op| matches!(op, Op::Nondet { .. })) {
        out.push_str("extern _Bool __VERIFIER_nondet_bool(void);\n");
    }
    if prog
        .threads
        .iter()
        .flatten()
        .any(|op| matches!(op, Op::Sym(_)))
    {
        out.push_str(crate::symbolic::PRELUDE);
    }
    out.push('\n');
    if prog.threads.iter().flatten().any(Op::verifier) {
        out.push_str(
            "extern void __VERIFIER_assume(int);\n\
             extern void __VERIFIER_atomic_begin(void);\n\
             extern void __VERIFIER_atomic_end(void);\n\n",
        );
    }
    for g in 0..prog.globals {
        let _ = writeln!(out, "int g{g};");
    }
    for m in 0..prog.mutexes {
        let _ = writeln!(out, "pthread_mutex_t m{m} = PTHREAD_MUTEX_INITIALIZER;");
    }
    let busy = any(|op| {
        matches!(
            op,
            Op::TryLock { .. } | Op::TimedLock { .. } | Op::SemProbe { .. }
        )
    });
    if busy {
        out.push_str("int busy;\n");
    }
    if sems {
        out.push_str("sem_t s0;\n");
    }
    if timed {
        out.push_str("struct timespec ts0;\n");
    }
    if barriers > 0 {
        out.push_str("pthread_barrier_t b0;\n");
    }
    fn rwlocks(op: &Op) -> bool {
        match op {
            Op::RwLocked { .. } => true,
            Op::Locked { body, .. } | Op::Atomic { body, .. } => body.iter().any(rwlocks),
            Op::If { body, .. } => rwlocks(body),
            _ => false,
        }
    }
    if prog.threads.iter().flatten().any(rwlocks) {
        out.push_str("pthread_rwlock_t rw0 = PTHREAD_RWLOCK_INITIALIZER;\n");
    }
    for (t, ops) in prog.threads.iter().enumerate() {
        let mut cx = Cx {
            thread: t,
            memops: prog.memops,
            ..Cx::default()
        };
        let mut body = String::new();
        for op in ops {
            render_op(op, 1, &mut cx, &mut body);
        }
        out.push_str(&cx.functions);
        let _ = writeln!(out, "\nvoid *t{t}(void *arg) {{\n  (void)arg;");
        out.push_str(&body);
        out.push_str("  return 0;\n}\n");
    }
    let threads: Vec<String> = (0..prog.threads.len()).map(|t| format!("t{t}")).collect();
    let mut globals: Vec<String> = (0..prog.globals).map(|g| format!("g{g}")).collect();
    if busy {
        globals.push("busy".to_string());
    }
    let mut init = String::new();
    if sems {
        init.push_str("  sem_init(&s0, 0, 1);\n");
    }
    if barriers > 0 {
        let _ = writeln!(init, "  pthread_barrier_init(&b0, 0, {barriers});");
    }
    render_main_with(&mut out, &threads, &globals, &init);
    out
}

/// Whether `op` is or contains an operation that `f` accepts.
fn contains(op: &Op, f: fn(&Op) -> bool) -> bool {
    f(op)
        || match op {
            Op::Locked { body, .. }
            | Op::Atomic { body, .. }
            | Op::RwLocked { body, .. }
            | Op::SemLocked { body } => body.iter().any(|b| contains(b, f)),
            Op::If { body, .. } => contains(body, f),
            _ => false,
        }
}

/// Shifts the locals that `ops` define or use, from `from` on, up by one
/// (to make room for a new local `from`).
fn renumber(ops: &mut [Op], from: usize) {
    let bump = |l: &mut usize| {
        if *l >= from {
            *l += 1;
        }
    };
    for op in ops {
        match op {
            Op::Load { dst, .. }
            | Op::FetchAdd { dst, .. }
            | Op::TryLock { dst, .. }
            | Op::TimedLock { dst, .. }
            | Op::SemProbe { dst, .. }
            | Op::Nondet { dst }
            | Op::Barrier { dst } => bump(dst),
            Op::Cas { dst, desired, .. } => {
                bump(dst);
                if let Val::LocalPlus1(l) = desired {
                    bump(l);
                }
            }
            Op::Store {
                val: Val::LocalPlus1(l),
                ..
            } => bump(l),
            Op::If { local, body, .. } => {
                bump(local);
                renumber(std::slice::from_mut(&mut **body), from);
            }
            Op::Assert { local, .. } | Op::Assume { local, .. } => bump(local),
            Op::Locked { body, .. }
            | Op::Atomic { body, .. }
            | Op::RwLocked { body, .. }
            | Op::SemLocked { body } => renumber(body, from),
            _ => {}
        }
    }
}

/// Whether case `case` gets assumes and atomic sections (every other case,
/// in every mode): the other cases keep the programs the seed gave before
/// these existed.
fn verifier_case(case: usize, limits: &Limits) -> bool {
    if limits.wmm {
        // Modes repeat every 4 cases here.
        (case / 4) % 2 == 1
    } else {
        case % 2 == 1
    }
}

/// Adds `__VERIFIER_assume` calls and atomic sections to a generated
/// program, from their own random stream (so the rest of the program is
/// the one the seed gives without them): an assume after about a third of
/// the operations that define a local (inside critical and atomic sections
/// too), then about a third of the top-level runs of one or two accesses
/// wrapped in an atomic section, half of those as a `__VERIFIER_atomic_*`
/// function where the locals allow it. This is the class of program where
/// DPOR once missed the bug behind an assume that failed inside an atomic
/// section.
pub fn add_verifier_ops(prog: &mut Program, rng: &mut Rng) {
    for ops in &mut prog.threads {
        add_assumes(ops, rng);
        let old = std::mem::take(ops);
        let mut i = 0;
        while i < old.len() {
            let mut n = if rng.chance(50) { 2 } else { 1 };
            // An assume right after the run goes inside the section (where
            // a failed one ends the execution with the section open).
            while old
                .get(i + n)
                .is_some_and(|op| matches!(op, Op::Assume { .. }))
            {
                n += 1;
            }
            let run = &old[i..(i + n).min(old.len())];
            let plain = run.iter().all(|op| {
                !matches!(
                    op,
                    Op::Locked { .. }
                        | Op::RwLocked { .. }
                        | Op::SemLocked { .. }
                        | Op::Barrier { .. }
                )
            });
            if !plain || !rng.chance(35) {
                ops.push(old[i].clone());
                i += 1;
                continue;
            }
            let defined = defs(run);
            let later = uses(&old[i + run.len()..]);
            let function = defined.iter().all(|l| !later.contains(l)) && rng.chance(50);
            ops.push(Op::Atomic {
                body: run.to_vec(),
                function,
            });
            i += run.len();
        }
    }
}

fn add_assumes(ops: &mut Vec<Op>, rng: &mut Rng) {
    let old = std::mem::take(ops);
    for mut op in old {
        if let Op::Locked { body, .. } = &mut op {
            add_assumes(body, rng);
        }
        let dst = match op {
            Op::Load { dst, .. } | Op::FetchAdd { dst, .. } | Op::Cas { dst, .. } => Some(dst),
            _ => None,
        };
        ops.push(op);
        if let Some(local) = dst.filter(|_| rng.chance(35)) {
            ops.push(Op::Assume {
                local,
                value: rng.range(0, 3) as i32,
                eq: rng.chance(40),
            });
        }
    }
}

/// The locals `ops` define.
pub fn defs(ops: &[Op]) -> Vec<usize> {
    let mut out = Vec::new();
    for op in ops {
        match op {
            Op::Load { dst, .. }
            | Op::FetchAdd { dst, .. }
            | Op::Cas { dst, .. }
            | Op::TryLock { dst, .. }
            | Op::TimedLock { dst, .. }
            | Op::SemProbe { dst, .. }
            | Op::Nondet { dst }
            | Op::Barrier { dst } => out.push(*dst),
            Op::Locked { body, .. }
            | Op::Atomic { body, .. }
            | Op::RwLocked { body, .. }
            | Op::SemLocked { body, .. } => out.extend(defs(body)),
            _ => {}
        }
    }
    out
}

/// The locals `ops` read.
fn uses(ops: &[Op]) -> Vec<usize> {
    let mut out = Vec::new();
    for op in ops {
        match op {
            Op::Store {
                val: Val::LocalPlus1(l),
                ..
            }
            | Op::Cas {
                desired: Val::LocalPlus1(l),
                ..
            } => out.push(*l),
            Op::If { local, body, .. } => {
                out.push(*local);
                out.extend(uses(std::slice::from_ref(&**body)));
            }
            Op::Assert { local, .. } | Op::Assume { local, .. } => out.push(*local),
            Op::Locked { body, .. }
            | Op::Atomic { body, .. }
            | Op::RwLocked { body, .. }
            | Op::SemLocked { body, .. } => out.extend(uses(body)),
            _ => {}
        }
    }
    out
}
