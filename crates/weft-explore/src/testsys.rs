//! A small hand-written [`System`] for testing the explorers in-process,
//! without LLVM: threads running straight-line programs of loads, stores,
//! fetch-adds, locks, atomic sections, assumes and asserts on a few shared
//! variables, plus a random generator of such programs.
//!
//! Where an explorer can tell, the semantics follow the Machine's:
//! - shared accesses, lock operations and atomic-section brackets are
//!   visible events; assumes, asserts and register arithmetic are invisible
//!   and run right after the visible event before them (as the Machine's
//!   `run_local` does), so a failed assume ends the execution at the step
//!   of the event before it;
//! - while a thread is inside an atomic section and can run, no other
//!   thread can (a thread whose section is open but which waits for a
//!   mutex lets the others run);
//! - an input (`Op::Input`) is a symbolic input that the program splits
//!   into two classes: a thread-local `Fork` event whose alternative `k`
//!   sets a register to `k`; a branch (`Op::Branch`) is a `Fork` event too,
//!   alternative 0 the side where its condition holds, 1 the other, and
//!   the side that contradicts the registers ends the execution as
//!   `Blocked(Infeasible)`, as the Machine's branches on symbolic data do
//!   (see `weft_exec`'s `sym`);
//! - a failed assume ends the execution as `Blocked(Assume)`, a failed
//!   assert as `Bug(Assertion)`; when no thread can run and some have not
//!   finished, the execution ends as a `Bug(Deadlock)`;
//! - the program ends (`Exited(0)`) once every thread has finished. All
//!   threads exist from the start: there is no main thread, no spawn, no
//!   join and no `Exit` event.
//!
//! [`TestSys::memory_digest`] digests the final memory and, with
//! [`TestSys::digest_traces`], also the Mazurkiewicz trace of the
//! execution (the orientation of every dependent pair, under
//! [`crate::footprint::dependent`]): with `collect_outcomes` the naive
//! explorer's distinct outcomes are then the traces of the program, which
//! Optimal-DPOR must each explore exactly once.

use crate::footprint::dependent;
use crate::{Config, Por, Summary};
use std::sync::Arc;
use weft_core::{Bug, BugKind, Event, EventKind, Loc, Output, Status, System, Tid};

thread_local! {
    /// Set by [`with_global_sections`].
    static GLOBAL_SECTIONS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with the atomic sections of every [`TestSys`] it creates
/// bracketed by global events (no footprints), as the Machine does under
/// TSO and PSO and for sections it cannot bound.
pub fn with_global_sections<R>(f: impl FnOnce() -> R) -> R {
    let old = GLOBAL_SECTIONS.with(|g| g.replace(true));
    let r = f();
    GLOBAL_SECTIONS.with(|g| g.set(old));
    r
}

/// Whether [`with_global_sections`] is in force.
pub fn global_sections() -> bool {
    GLOBAL_SECTIONS.with(|g| g.get())
}

/// A shared variable (a 4-byte word at its own address).
pub type Var = usize;
/// A thread-local register.
pub type Reg = usize;
/// A mutex.
pub type Mutex = usize;

const REGS: usize = 8;
const VAR_BASE: u64 = 0x1000;
const MUTEX_BASE: u64 = 0x2000;

/// A value an operation computes from registers.
#[derive(Clone, Copy, Debug)]
pub enum Val {
    Const(i64),
    Reg(Reg),
    /// A register plus a constant.
    Add(Reg, i64),
}

/// A condition of an assume or an assert.
#[derive(Clone, Copy, Debug)]
pub enum Cond {
    Eq(Val, Val),
    Ne(Val, Val),
}

/// One operation of a thread.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    /// `reg = var` (visible).
    Load { var: Var, reg: Reg, atomic: bool },
    /// `var = val` (visible).
    Store { var: Var, val: Val, atomic: bool },
    /// `reg = fetch_add(&var, add)` (visible, atomic).
    FetchAdd { var: Var, add: i64, reg: Reg },
    /// `reg = var; if (var == expect) var = new` (visible, atomic): a
    /// compare-and-swap, a write when it succeeds and a read when it fails.
    Cas {
        var: Var,
        expect: i64,
        new: i64,
        reg: Reg,
    },
    /// `pthread_mutex_lock` (visible; disabled while another thread holds
    /// the mutex).
    Lock(Mutex),
    /// `pthread_mutex_unlock` (visible).
    Unlock(Mutex),
    /// `__VERIFIER_atomic_begin` (visible).
    Begin,
    /// `__VERIFIER_atomic_end` (visible).
    End,
    /// `__VERIFIER_assume` (invisible).
    Assume(Cond),
    /// `assert` (invisible).
    Assert(Cond),
    /// A symbolic input split into two classes: `reg` = the alternative
    /// (visible: a `Fork`).
    Input(Reg),
    /// A branch on symbolic data (visible: a `Fork`; see the module doc).
    Branch(Cond),
    /// `goto` operation number `to` of the thread (invisible): loops. A
    /// loop must contain a visible operation.
    Jump(usize),
}

/// Shorthands for writing programs.
pub mod ops {
    use super::{Cond, Op, Reg, Val, Var};

    pub fn load(var: Var, reg: Reg) -> Op {
        Op::Load {
            var,
            reg,
            atomic: false,
        }
    }
    pub fn aload(var: Var, reg: Reg) -> Op {
        Op::Load {
            var,
            reg,
            atomic: true,
        }
    }
    pub fn store(var: Var, v: i64) -> Op {
        Op::Store {
            var,
            val: Val::Const(v),
            atomic: false,
        }
    }
    pub fn astore(var: Var, v: i64) -> Op {
        Op::Store {
            var,
            val: Val::Const(v),
            atomic: true,
        }
    }
    /// `var = reg + add`.
    pub fn store_reg(var: Var, reg: Reg, add: i64) -> Op {
        Op::Store {
            var,
            val: Val::Add(reg, add),
            atomic: false,
        }
    }
    pub fn fetch_add(var: Var, reg: Reg) -> Op {
        Op::FetchAdd { var, add: 1, reg }
    }
    /// `reg = var; if (var == expect) var = new`.
    pub fn cas(var: Var, expect: i64, new: i64, reg: Reg) -> Op {
        Op::Cas {
            var,
            expect,
            new,
            reg,
        }
    }
    pub fn lock(m: usize) -> Op {
        Op::Lock(m)
    }
    pub fn unlock(m: usize) -> Op {
        Op::Unlock(m)
    }
    pub fn begin() -> Op {
        Op::Begin
    }
    pub fn end() -> Op {
        Op::End
    }
    /// `assume(reg == v)`.
    pub fn assume_eq(reg: Reg, v: i64) -> Op {
        Op::Assume(Cond::Eq(Val::Reg(reg), Val::Const(v)))
    }
    /// `assume(reg != v)`.
    pub fn assume_ne(reg: Reg, v: i64) -> Op {
        Op::Assume(Cond::Ne(Val::Reg(reg), Val::Const(v)))
    }
    /// `assert(a == b)` on two registers.
    pub fn assert_regs_eq(a: Reg, b: Reg) -> Op {
        Op::Assert(Cond::Eq(Val::Reg(a), Val::Reg(b)))
    }
    /// `assert(reg != v)`.
    pub fn assert_ne(reg: Reg, v: i64) -> Op {
        Op::Assert(Cond::Ne(Val::Reg(reg), Val::Const(v)))
    }
    /// An input with two classes, 0 and 1, into `reg`.
    pub fn input(reg: Reg) -> Op {
        Op::Input(reg)
    }
    /// A branch on `reg == v`.
    pub fn branch_eq(reg: Reg, v: i64) -> Op {
        Op::Branch(Cond::Eq(Val::Reg(reg), Val::Const(v)))
    }
    /// An assertion that fails whenever it is reached.
    pub fn fail() -> Op {
        Op::Assert(Cond::Ne(Val::Const(0), Val::Const(0)))
    }
}

impl Op {
    fn visible(&self) -> bool {
        !matches!(self, Op::Assume(_) | Op::Assert(_) | Op::Jump(_))
    }
}

/// One execution of a program in the test language.
#[derive(Clone)]
pub struct TestSys {
    threads: Arc<Vec<Vec<Op>>>,
    pc: Vec<usize>,
    regs: Vec<[i64; REGS]>,
    mem: Vec<i64>,
    holder: Vec<Option<Tid>>,
    depth: Vec<u32>,
    /// Atomic sections carry footprints, as under the Machine (see
    /// `weft_core::EventKind::AtomicBegin`); otherwise their brackets are
    /// global.
    scoped_sections: bool,
    pending: Vec<Option<Event>>,
    status: Status,
    /// The executed events, when traces are digested.
    log: Option<Vec<Event>>,
    /// State fingerprints, once asked for: the current one and the last
    /// step's delta.
    fp: Option<(u128, u128)>,
}

impl TestSys {
    /// The initial state of a program: one thread per element of
    /// `threads`, every variable 0, every mutex free.
    pub fn new(threads: Vec<Vec<Op>>) -> TestSys {
        let (mut vars, mut mutexes) = (0, 0);
        for op in threads.iter().flatten() {
            match *op {
                Op::Load { var, .. }
                | Op::Store { var, .. }
                | Op::FetchAdd { var, .. }
                | Op::Cas { var, .. } => vars = vars.max(var + 1),
                Op::Lock(m) | Op::Unlock(m) => mutexes = mutexes.max(m + 1),
                _ => {}
            }
        }
        let n = threads.len();
        let mut s = TestSys {
            threads: Arc::new(threads),
            pc: vec![0; n],
            regs: vec![[0; REGS]; n],
            mem: vec![0; vars],
            holder: vec![None; mutexes],
            depth: vec![0; n],
            scoped_sections: !global_sections(),
            pending: vec![None; n],
            status: Status::Running,
            log: None,
            fp: None,
        };
        for t in 0..n as Tid {
            s.run_local(t);
        }
        s.check_end();
        s
    }

    /// Makes [`System::memory_digest`] digest the execution's Mazurkiewicz
    /// trace along with the final memory.
    pub fn digest_traces(mut self) -> TestSys {
        self.log = Some(Vec::new());
        self
    }

    fn eval(&self, t: Tid, v: Val) -> i64 {
        let regs = &self.regs[t as usize];
        match v {
            Val::Const(c) => c,
            Val::Reg(r) => regs[r],
            Val::Add(r, c) => regs[r] + c,
        }
    }

    fn holds(&self, t: Tid, c: Cond) -> bool {
        match c {
            Cond::Eq(a, b) => self.eval(t, a) == self.eval(t, b),
            Cond::Ne(a, b) => self.eval(t, a) != self.eval(t, b),
        }
    }

    fn loc(t: Tid, pc: usize) -> Loc {
        Loc {
            file: t,
            line: pc as u32 + 1,
        }
    }

    /// Runs `t`'s invisible operations up to its next visible one, which
    /// becomes its pending event (`None` once the thread has finished).
    fn run_local(&mut self, t: Tid) {
        let ti = t as usize;
        let code = self.threads.clone();
        while self.status.is_running() {
            let Some(op) = code[ti].get(self.pc[ti]).copied() else {
                // A finished thread leaves its atomic section.
                self.depth[ti] = 0;
                self.pending[ti] = None;
                return;
            };
            if op.visible() {
                self.pending[ti] = Some(Event {
                    tid: t,
                    kind: self.pending_kind(ti, op),
                    loc: Self::loc(t, self.pc[ti]),
                    woken_by: None,
                    fences: Default::default(),
                });
                return;
            }
            let loc = Self::loc(t, self.pc[ti]);
            self.pc[ti] += 1;
            match op {
                Op::Jump(to) => self.pc[ti] = to,
                Op::Assume(c) if !self.holds(t, c) => {
                    self.status = Status::Blocked(weft_core::BlockReason::Assume)
                }
                Op::Assert(c) if !self.holds(t, c) => {
                    let bug = Bug::new(BugKind::Assertion, "assertion failed", t, loc);
                    self.status = Status::Bug(Box::new(bug));
                }
                _ => {}
            }
        }
    }

    /// The pending event of a visible operation, values still zero.
    /// The footprint of the atomic section whose `Begin` is op `at` of
    /// thread `t` (as the Machine computes it: every variable the ops up to
    /// the matching `End` access), or `None` when it has none: a lock, a
    /// jump or a nested section inside, or footprints are off.
    fn footprint(&self, t: usize, at: usize) -> Option<Arc<[weft_core::Access]>> {
        if !self.scoped_sections {
            return None;
        }
        let mut out: Vec<weft_core::Access> = Vec::new();
        for op in &self.threads[t][at + 1..] {
            let (var, write) = match *op {
                Op::End => return Some(out.into()),
                Op::Load { var, .. } => (var, false),
                Op::Store { var, .. } | Op::FetchAdd { var, .. } | Op::Cas { var, .. } => {
                    (var, true)
                }
                Op::Begin | Op::Lock(_) | Op::Unlock(_) | Op::Jump(_) => return None,
                Op::Input(_) | Op::Branch(_) | Op::Assume(_) | Op::Assert(_) => continue,
            };
            let addr = VAR_BASE + 8 * var as u64;
            match out.iter_mut().find(|a| a.addr == addr) {
                Some(a) => a.write |= write,
                None => out.push(weft_core::Access {
                    addr,
                    size: 4,
                    write,
                    atomic: true,
                    memory: true,
                    program: false,
                }),
            }
        }
        // A section left open at the thread's end.
        None
    }

    /// The `Begin` of thread `t`'s open section, before op `pc`.
    fn open_begin(&self, t: usize, pc: usize) -> Option<usize> {
        let mut depth = 0u32;
        for i in (0..pc).rev() {
            match self.threads[t][i] {
                Op::End => depth += 1,
                Op::Begin if depth == 0 => return Some(i),
                Op::Begin => depth -= 1,
                _ => {}
            }
        }
        None
    }

    fn pending_kind(&self, t: usize, op: Op) -> EventKind {
        let addr = |var: Var| VAR_BASE + 8 * var as u64;
        let mutex = |m: Mutex| MUTEX_BASE + 8 * m as u64;
        match op {
            Op::Load { var, atomic, .. } => EventKind::Load {
                addr: addr(var),
                size: 4,
                value: 0,
                atomic,
                own_store: None,
                order: weft_core::Order::SeqCst,
            },
            Op::Store { var, atomic, .. } => EventKind::Store {
                addr: addr(var),
                size: 4,
                value: 0,
                atomic,
                buffered: false,
                order: weft_core::Order::SeqCst,
            },
            Op::FetchAdd { var, .. } => EventKind::Rmw {
                addr: addr(var),
                size: 4,
                old: 0,
                new: 0,
                order: weft_core::Order::SeqCst,
            },
            // Whether it succeeds is known only once it runs.
            Op::Cas { var, .. } => EventKind::CmpXchg {
                addr: addr(var),
                size: 4,
                old: 0,
                ok: false,
                expected: 0,
                concrete: false,
                order: weft_core::Order::SeqCst,
                failure: weft_core::Order::SeqCst,
            },
            Op::Lock(m) => EventKind::Lock { mutex: mutex(m) },
            Op::Unlock(m) => EventKind::Unlock { mutex: mutex(m) },
            Op::Begin => EventKind::AtomicBegin {
                footprint: self.footprint(t, self.pc[t]).filter(|_| self.depth[t] == 0),
            },
            Op::End => EventKind::AtomicEnd {
                scoped: self.depth[t] == 1
                    && self
                        .open_begin(t, self.pc[t])
                        .is_some_and(|b| self.footprint(t, b).is_some()),
            },
            Op::Input(_) | Op::Branch(_) => EventKind::Fork { of: 2, value: 0 },
            Op::Assume(_) | Op::Assert(_) | Op::Jump(_) => unreachable!("invisible"),
        }
    }

    fn raw_enabled(&self, t: Tid) -> bool {
        let ti = t as usize;
        match self.pending.get(ti) {
            Some(Some(ev)) => match ev.kind {
                EventKind::Lock { .. } => {
                    let Op::Lock(m) = self.threads[ti][self.pc[ti]] else {
                        unreachable!("a pending lock")
                    };
                    self.holder[m].is_none()
                }
                _ => true,
            },
            _ => false,
        }
    }

    fn atomic_owner(&self) -> Option<Tid> {
        (0..self.threads.len())
            .find(|&t| self.depth[t] > 0 && self.pending[t].is_some())
            .map(|t| t as Tid)
    }

    /// Ends a running execution in which no thread can run.
    fn check_end(&mut self) {
        if !self.status.is_running() {
            return;
        }
        let n = self.threads.len() as Tid;
        if (0..n).any(|t| self.is_enabled(t)) {
            return;
        }
        self.status = match (0..n).find(|&t| self.pending[t as usize].is_some()) {
            None => Status::Exited(0),
            Some(t) => {
                let loc = Self::loc(t, self.pc[t as usize]);
                Status::Bug(Box::new(Bug::new(BugKind::Deadlock, "deadlock", t, loc)))
            }
        };
    }

    /// A digest of the Mazurkiewicz trace of the events executed: every
    /// event (thread, position, what it did) and, for every dependent pair,
    /// which came first.
    fn trace_digest(log: &[Event]) -> u64 {
        let mut seq = vec![0u32; 0];
        let mut ids = Vec::with_capacity(log.len());
        for e in log {
            let t = e.tid as usize;
            if seq.len() <= t {
                seq.resize(t + 1, 0);
            }
            seq[t] += 1;
            ids.push((e.tid, seq[t]));
        }
        let mut items: Vec<String> = log
            .iter()
            .zip(&ids)
            .map(|(e, id)| format!("{id:?}:{:?}", e.kind))
            .collect();
        for (j, b) in log.iter().enumerate() {
            for (i, a) in log[..j].iter().enumerate() {
                if a.tid != b.tid && dependent(a, b) {
                    items.push(format!("{:?}<{:?}", ids[i], ids[j]));
                }
            }
        }
        items.sort();
        fnv(items.join(";").as_bytes())
    }
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

impl TestSys {
    /// The XOR of one hash per thread (position, registers, atomic
    /// depth), per variable and per mutex.
    pub fn fingerprint(&self) -> u128 {
        use std::hash::{Hash, Hasher};
        let frag = |x: &dyn Fn(&mut rustc_hash::FxHasher)| {
            let half = |seed: u64| {
                let mut h = rustc_hash::FxHasher::default();
                seed.hash(&mut h);
                x(&mut h);
                h.finish() as u128
            };
            half(1) << 64 | half(2)
        };
        let mut fp = 0;
        for t in 0..self.threads.len() {
            fp ^= frag(&|h| (0u8, t, self.pc[t], self.regs[t], self.depth[t]).hash(h));
        }
        for (v, x) in self.mem.iter().enumerate() {
            fp ^= frag(&|h| (1u8, v, x).hash(h));
        }
        for (m, x) in self.holder.iter().enumerate() {
            fp ^= frag(&|h| (2u8, m, x).hash(h));
        }
        fp
    }
}

impl System for TestSys {
    fn thread_count(&self) -> usize {
        self.threads.len()
    }

    fn is_enabled(&self, tid: Tid) -> bool {
        match self.atomic_owner() {
            Some(o) if o != tid && self.raw_enabled(o) => false,
            _ => self.raw_enabled(tid),
        }
    }

    fn next_event(&self, tid: Tid) -> Option<&Event> {
        self.pending.get(tid as usize)?.as_ref()
    }

    fn alternatives(&self, tid: Tid) -> u32 {
        match self.next_event(tid).map(|e| &e.kind) {
            Some(EventKind::Fork { of, .. }) => *of,
            _ => 1,
        }
    }

    fn step(&mut self, tid: Tid, alt: u32) -> Event {
        assert!(self.status.is_running(), "step after the end");
        assert!(self.is_enabled(tid), "step of a disabled thread {tid}");
        assert!(
            alt < self.alternatives(tid),
            "alternative {alt} out of range"
        );
        let ti = tid as usize;
        let mut ev = self.pending[ti].take().expect("enabled");
        let op = self.threads[ti][self.pc[ti]];
        self.pc[ti] += 1;
        match (op, &mut ev.kind) {
            (Op::Load { var, reg, .. }, EventKind::Load { value, .. }) => {
                self.regs[ti][reg] = self.mem[var];
                *value = self.mem[var] as u128;
            }
            (Op::Store { var, val, .. }, EventKind::Store { value, .. }) => {
                self.mem[var] = self.eval(tid, val);
                *value = self.mem[var] as u128;
            }
            (Op::FetchAdd { var, add, reg }, EventKind::Rmw { old, new, .. }) => {
                self.regs[ti][reg] = self.mem[var];
                *old = self.mem[var] as u128;
                self.mem[var] += add;
                *new = self.mem[var] as u128;
            }
            (
                Op::Cas {
                    var,
                    expect,
                    new,
                    reg,
                },
                EventKind::CmpXchg {
                    old,
                    ok,
                    expected,
                    concrete,
                    ..
                },
            ) => {
                self.regs[ti][reg] = self.mem[var];
                *old = self.mem[var] as u128;
                *ok = self.mem[var] == expect;
                *expected = expect as u128;
                *concrete = true;
                if *ok {
                    self.mem[var] = new;
                }
            }
            (Op::Lock(m), _) => self.holder[m] = Some(tid),
            (Op::Unlock(m), _) => {
                assert_eq!(self.holder[m], Some(tid), "unlock of a mutex not held");
                self.holder[m] = None;
            }
            (Op::Begin, _) => self.depth[ti] += 1,
            (Op::End, _) => self.depth[ti] = self.depth[ti].saturating_sub(1),
            (Op::Input(reg), EventKind::Fork { value, .. }) => {
                self.regs[ti][reg] = alt as i64;
                *value = alt;
            }
            (Op::Branch(c), EventKind::Fork { value, .. }) => {
                *value = alt;
                if self.holds(tid, c) != (alt == 0) {
                    self.status = Status::Blocked(weft_core::BlockReason::Infeasible);
                }
            }
            (op, kind) => unreachable!("{op:?} with pending {kind:?}"),
        }
        if let Some(log) = &mut self.log {
            log.push(ev.clone());
        }
        if self.status.is_running() {
            self.run_local(tid);
            self.check_end();
        }
        if let Some((old, _)) = self.fp {
            let now = self.fingerprint();
            self.fp = Some((now, now ^ old));
        }
        ev
    }

    fn status(&self) -> &Status {
        &self.status
    }

    fn track_fingerprints(&mut self) {
        self.fp = Some((self.fingerprint(), 0));
    }

    fn global_sections(&mut self) {
        self.scoped_sections = false;
        for t in 0..self.threads.len() {
            if let Some(Op::Begin) = self.threads[t].get(self.pc[t]) {
                let kind = self.pending_kind(t, Op::Begin);
                if let Some(ev) = &mut self.pending[t] {
                    ev.kind = kind;
                }
            }
        }
    }

    fn step_delta(&self) -> Option<u128> {
        self.fp.map(|(_, d)| d)
    }

    fn output(&self) -> &[Output] {
        &[]
    }

    fn memory_digest(&self) -> u64 {
        let mem: Vec<u8> = self.mem.iter().flat_map(|v| v.to_le_bytes()).collect();
        let trace = self.log.as_deref().map_or(0, TestSys::trace_digest);
        fnv(&mem) ^ trace.rotate_left(1)
    }
}

/// Explores `sys` with strategy `por`, collecting outcomes and every bug.
pub fn explore(sys: TestSys, por: Por) -> Summary {
    let cfg = Config {
        por,
        keep_going: true,
        collect_outcomes: true,
        race_check: false,
        ..Config::default()
    };
    crate::explore(sys, &cfg)
}

/// xorshift64*, for the random programs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(fnv(&seed.to_le_bytes()) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }

    pub fn chance(&mut self, pct: usize) -> bool {
        self.below(100) < pct
    }
}

/// A random program: two or three threads of a few operations on two
/// variables, with atomic sections, one mutex, and assumes and asserts on
/// the registers loaded, inside and outside the sections. Sections and
/// critical sections are properly bracketed within each thread.
pub fn random_program(rng: &mut Rng) -> Vec<Vec<Op>> {
    let nthreads = 2 + rng.below(2);
    let budget = if nthreads == 2 { 5 } else { 3 };
    (0..nthreads)
        .map(|_| {
            let mut ops = Vec::new();
            let mut loaded: Vec<Reg> = Vec::new();
            let mut visible = 0;
            while visible < budget {
                let block = rng.below(10);
                let bracket = match block {
                    0..=2 => Some((Op::Begin, Op::End)),
                    3 => Some((Op::Lock(0), Op::Unlock(0))),
                    _ => None,
                };
                if let Some((open, _)) = bracket {
                    ops.push(open);
                    visible += 1;
                }
                let inner = if bracket.is_some() {
                    1 + rng.below(2)
                } else {
                    1
                };
                for _ in 0..inner {
                    random_access(rng, &mut ops, &mut loaded);
                    visible += 1;
                }
                if let Some((_, close)) = bracket {
                    ops.push(close);
                    visible += 1;
                }
            }
            ops
        })
        .collect()
}

/// One shared access, sometimes followed by an assume or an assert on a
/// register loaded before.
fn random_access(rng: &mut Rng, ops: &mut Vec<Op>, loaded: &mut Vec<Reg>) {
    let var = rng.below(2);
    let reg = loaded.len().min(REGS - 1);
    let op = match rng.below(10) {
        0..=3 => {
            loaded.push(reg);
            Op::Load {
                var,
                reg,
                atomic: rng.chance(50),
            }
        }
        4..=6 => Op::Store {
            var,
            val: match loaded.last() {
                Some(&r) if rng.chance(40) => Val::Add(r, 1),
                _ => Val::Const(1 + rng.below(2) as i64),
            },
            atomic: rng.chance(50),
        },
        7 | 8 => {
            loaded.push(reg);
            Op::FetchAdd { var, add: 1, reg }
        }
        _ => {
            loaded.push(reg);
            Op::Cas {
                var,
                expect: rng.below(3) as i64,
                new: 1 + rng.below(2) as i64,
                reg,
            }
        }
    };
    ops.push(op);
    if rng.chance(8) && !ops.iter().any(|o| matches!(o, Op::Input(_))) && loaded.len() < REGS - 1 {
        // A symbolic input, into a register branches and stores may use.
        let reg = loaded.len();
        loaded.push(reg);
        ops.push(Op::Input(reg));
    }
    if let Some(&r) = loaded.last() {
        let cond = if rng.chance(50) {
            Cond::Eq(Val::Reg(r), Val::Const(rng.below(2) as i64))
        } else {
            Cond::Ne(Val::Reg(r), Val::Const(1 + rng.below(2) as i64))
        };
        match rng.below(12) {
            0..=2 => ops.push(Op::Assume(cond)),
            3 => ops.push(Op::Assert(cond)),
            4 => ops.push(Op::Branch(cond)),
            _ => {}
        }
    }
}
