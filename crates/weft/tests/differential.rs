//! Differential tests of the explorers.
//!
//! `random_programs_agree` generates small random concurrent C programs from a
//! fixed seed and runs each one with `--por none`, `--por source` and
//! `--por optimal`. The DPOR explorers must reach exactly the outcomes and bugs
//! of the naive search, with no more executions:
//! optimal <= source <= none.
//!
//! `random_programs_agree_tso_pso` does the same under the weak memory
//! models: it generates smaller programs (at most `WMM_MAX_SHARED_OPS`
//! shared operations, two or three threads, with fences and relaxed,
//! release and acquire atomics in the racy ones) and runs the three
//! explorers under `--mm sc`, `--mm tso` and `--mm pso`. For each model the
//! explorers must agree as above. Across models, every outcome and every bug
//! other than a data race under SC is also reached under TSO, and every one
//! under TSO under PSO; a race-free program that uses only sequentially
//! consistent atomics has the same outcomes, bugs and Optimal-DPOR execution
//! count under all three (it is robust).
//!
//! `robust_programs_same_count` checks the last property on the race-free
//! programs of `random_programs_agree` (locks and seq_cst atomics only),
//! with Optimal-DPOR alone.
//!
//! `optimal_counts_mazurkiewicz_traces` checks the exact execution counts of
//! Optimal-DPOR on tiny program families against an independent count of
//! their Mazurkiewicz traces, computed here from an abstract model of the
//! events.
//!
//! Environment:
//! - `WEFT_DIFF_CASES=N`: number of random programs (default 60) of each
//!   random test (`random_programs_agree_tso_pso` runs `N` cases as well;
//!   `robust_programs_same_count` the race-free ones among `2 * N`);
//! - `WEFT_DIFF_SEED=S`: seed of the generator (decimal or 0x-hex);
//! - `WEFT_DIFF_ONLY=K`: run only case K (to reproduce a failure);
//! - `WEFT_DIFF_DUMP=DIR`: also write every generated program into DIR.
//!
//! A failing program is kept on disk and its path printed.

mod common;
use common::{render_main, Rng, Scratch};

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

const DEFAULT_CASES: usize = 60;
const DEFAULT_SEED: u64 = 0x5eed_f00d_2024;
/// Cap on the naive run; a case whose naive run is incomplete is skipped.
const NAIVE_CAP: u64 = 200_000;
/// Upper bound on the interleavings of a generated program (ignoring
/// blocking), so that the naive search stays fast.
const INTERLEAVING_BUDGET: u64 = 200_000;
/// At most this many shared operations (accesses, locks, unlocks) per program.
const MAX_SHARED_OPS: usize = 12;
const WORKERS: usize = 2;
const EXPLORERS: [&str; 3] = ["none", "source", "optimal"];
/// Limits of the programs for the weak-memory differential test: store
/// buffers multiply the naive search's interleavings (every pending store
/// can be flushed at every point until the next barrier).
const WMM_MAX_SHARED_OPS: usize = 6;
const WMM_MAX_THREADS: usize = 3;
const WMM_INTERLEAVING_BUDGET: u64 = 3_000;
/// Cap on the naive run under TSO and PSO; beyond it the model is skipped
/// for that case.
const WMM_NAIVE_CAP: u64 = 100_000;
/// The memory models, strongest first: every behaviour of one is a
/// behaviour of the next.
const MODELS: [&str; 3] = ["sc", "tso", "pso"];

// ---------------------------------------------------------------------------
// Scratch directory and running weft
// ---------------------------------------------------------------------------

/// The fields of weft's JSON report that the tests compare.
#[derive(Debug, Clone)]
struct Run {
    por: String,
    mm: String,
    race_check: bool,
    exit_code: Option<i32>,
    verdict: String,
    executions: u64,
    blocked: u64,
    blocked_by: BTreeMap<String, u64>,
    limit: Value,
    outcomes: BTreeSet<String>,
    bugs: BTreeSet<(String, String)>,
    elapsed_s: f64,
}

impl Run {
    fn describe(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "  --mm {} --por {}{}: exit {:?}, verdict {}, executions {}, blocked {}, blocked_by {:?}, limit {}, {:.3}s",
            self.mm,
            self.por,
            if self.race_check { "" } else { " --no-race-check" },
            self.exit_code,
            self.verdict,
            self.executions,
            self.blocked,
            self.blocked_by,
            self.limit,
            self.elapsed_s
        );
        let _ = writeln!(s, "    outcomes ({}):", self.outcomes.len());
        for o in &self.outcomes {
            let _ = writeln!(s, "      {o:?}");
        }
        let _ = writeln!(s, "    bugs ({}):", self.bugs.len());
        for (kind, loc) in &self.bugs {
            let _ = writeln!(s, "      {kind} at {loc}");
        }
        s
    }
}

fn weft_check(
    file: &Path,
    por: &str,
    mm: &str,
    race_check: bool,
    max_executions: Option<u64>,
) -> Result<Run, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_weft"));
    cmd.arg("check").arg(file).args([
        "--json",
        "--keep-going",
        "--outcomes",
        "--por",
        por,
        "--mm",
        mm,
    ]);
    if !race_check {
        cmd.arg("--no-race-check");
    }
    if let Some(n) = max_executions {
        cmd.args(["--max-executions", &n.to_string()]);
    }
    cmd.current_dir(file.parent().expect("file has a parent"));
    let out = cmd.output().map_err(|e| format!("cannot run weft: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let json: Value = serde_json::from_str(&stdout).map_err(|e| {
        format!(
            "--mm {mm} --por {por}: exit {:?}, unparsable JSON ({e})\nstdout:\n{stdout}\nstderr:\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    let field = |name: &str| -> Result<&Value, String> {
        json.get(name)
            .ok_or_else(|| format!("--por {por}: JSON has no `{name}`:\n{stdout}"))
    };
    let as_u64 = |name: &str| -> Result<u64, String> {
        field(name)?
            .as_u64()
            .ok_or_else(|| format!("--por {por}: `{name}` is not an integer"))
    };
    let verdict = field("verdict")?
        .as_str()
        .ok_or("verdict is not a string")?
        .to_string();
    let mut blocked_by = BTreeMap::new();
    if let Some(obj) = field("blocked_by")?.as_object() {
        for (k, v) in obj {
            blocked_by.insert(k.clone(), v.as_u64().unwrap_or(u64::MAX));
        }
    } else {
        return Err(format!("--por {por}: `blocked_by` is not an object"));
    }
    let outcomes = field("outcomes")?
        .as_array()
        .ok_or("`outcomes` is not an array")?
        .iter()
        .map(|o| {
            o.as_str()
                .map(str::to_string)
                .unwrap_or_else(|| o.to_string())
        })
        .collect();
    let bugs = field("bugs")?
        .as_array()
        .ok_or("`bugs` is not an array")?
        .iter()
        .map(|b| {
            let s = |k: &str| {
                b.get(k)
                    .and_then(Value::as_str)
                    .unwrap_or("<missing>")
                    .to_string()
            };
            (s("kind"), s("location"))
        })
        .collect();
    Ok(Run {
        por: por.to_string(),
        mm: mm.to_string(),
        race_check,
        exit_code: out.status.code(),
        verdict,
        executions: as_u64("executions")?,
        blocked: as_u64("blocked")?,
        blocked_by,
        limit: json.get("limit").cloned().unwrap_or(Value::Null),
        outcomes,
        bugs,
        elapsed_s: json.get("elapsed_s").and_then(Value::as_f64).unwrap_or(0.0),
    })
}

// ---------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Random program generator
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Plain and atomic accesses anywhere: data races expected.
    Racy,
    /// Every access is atomic: race-free.
    Atomic,
    /// Each global is either always accessed atomically or only accessed
    /// while holding its own mutex: race-free.
    Protected,
}

#[derive(Debug, Clone, Copy)]
enum Val {
    Const(i32),
    /// A local plus one.
    LocalPlus1(usize),
}

/// The memory order of an atomic load or store. Only the weak-memory
/// generator uses anything but `SeqCst`, and only in racy programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Order {
    SeqCst,
    Relaxed,
    /// Release for a store, acquire for a load.
    RelAcq,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fence {
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
enum Op {
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
    If {
        local: usize,
        value: i32,
        body: Box<Op>,
    },
    Assert {
        local: usize,
        value: i32,
    },
}

impl Op {
    /// Visible events of the longest path through the operation.
    fn events(&self) -> usize {
        match self {
            Op::Load { .. }
            | Op::Store { .. }
            | Op::FetchAdd { .. }
            | Op::Cas { .. }
            | Op::Fence(_) => 1,
            Op::Locked { body, .. } => 2 + body.iter().map(Op::events).sum::<usize>(),
            Op::If { body, .. } => body.events(),
            Op::Assert { .. } => 0,
        }
    }
}

struct Program {
    mode: Mode,

    globals: usize,
    mutexes: usize,
    threads: Vec<Vec<Op>>,
}

struct ThreadGen<'a> {
    rng: &'a mut Rng,
    mode: Mode,
    /// Also generate fences and (in racy programs) atomics weaker than
    /// seq_cst. Off for `random_programs_agree`, whose programs stay those
    /// of the fixed seed.
    wmm: bool,
    globals: usize,
    mutexes: usize,
    /// `Some(m)`: the global is only accessed (plainly or not) under mutex m.
    guard: Vec<Option<usize>>,
    locals: usize,
    asserts: usize,
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
enum Step {
    Access,
    Lock(usize),
    Unlock(usize),
}

fn flatten(op: &Op, out: &mut Vec<Step>) {
    match op {
        Op::Load { .. }
        | Op::Store { .. }
        | Op::FetchAdd { .. }
        | Op::Cas { .. }
        | Op::Fence(_) => out.push(Step::Access),
        Op::Locked { m, body } => {
            out.push(Step::Lock(*m));
            for b in body {
                flatten(b, out);
            }
            out.push(Step::Unlock(*m));
        }
        Op::If { body, .. } => flatten(body, out),
        Op::Assert { .. } => {}
    }
}

/// Number of interleavings of the program's visible events when every branch
/// is taken and no assertion fails, respecting mutual exclusion. An upper
/// bound on the executions of the naive search: untaken branches, failed
/// assertions and deadlocks only remove interleavings.
fn interleaving_bound(prog: &Program) -> u64 {
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

fn shared_ops(prog: &Program) -> usize {
    prog.threads.iter().flatten().map(Op::events).sum::<usize>()
}

/// Whether the program is free of data races and uses only seq_cst
/// atomics, so that TSO and PSO cannot tell it from SC.
fn robust(prog: &Program) -> bool {
    fn weak(op: &Op) -> bool {
        match op {
            Op::Load { atomic, order, .. } | Op::Store { atomic, order, .. } => {
                *atomic && *order != Order::SeqCst
            }
            Op::Locked { body, .. } => body.iter().any(weak),
            Op::If { body, .. } => weak(body),
            _ => false,
        }
    }
    prog.mode != Mode::Racy && !prog.threads.iter().flatten().any(weak)
}

/// The size of the generated programs.
struct Limits {
    max_shared_ops: usize,
    interleaving_budget: u64,
    max_threads: usize,
    /// Fences and non-seq_cst atomics (see [`ThreadGen::wmm`]); also a
    /// separate random stream, and half of the programs racy.
    wmm: bool,
}

const SC_LIMITS: Limits = Limits {
    max_shared_ops: MAX_SHARED_OPS,
    interleaving_budget: INTERLEAVING_BUDGET,
    max_threads: 4,
    wmm: false,
};

const WMM_LIMITS: Limits = Limits {
    max_shared_ops: WMM_MAX_SHARED_OPS,
    interleaving_budget: WMM_INTERLEAVING_BUDGET,
    max_threads: WMM_MAX_THREADS,
    wmm: true,
};

fn generate(seed: u64, case: usize, limits: &Limits) -> Program {
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

fn draw(rng: &mut Rng, mode: Mode, limits: &Limits) -> Program {
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
        let ops = (0..nops).map(|_| gen.gen_op(&[], 0)).collect();
        threads.push(ops);
    }
    Program {
        mode,
        globals,
        mutexes,
        threads,
    }
}

const SEQ: &str = "__ATOMIC_SEQ_CST";

fn render_val(v: Val) -> String {
    match v {
        Val::Const(c) => c.to_string(),
        Val::LocalPlus1(l) => format!("r{l} + 1"),
    }
}

fn render_op(op: &Op, indent: usize, cas_count: &mut usize, out: &mut String) {
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
            let e = *cas_count;
            *cas_count += 1;
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
                render_op(b, indent, cas_count, out);
            }
            let _ = writeln!(out, "{pad}pthread_mutex_unlock(&m{m});");
        }
        Op::If { local, value, body } => {
            let _ = writeln!(out, "{pad}if (r{local} == {value}) {{");
            render_op(body, indent + 1, cas_count, out);
            let _ = writeln!(out, "{pad}}}");
        }
        Op::Assert { local, value } => {
            let _ = writeln!(out, "{pad}assert(r{local} != {value});");
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
    }
}

fn render(prog: &Program, header: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "// {header}");
    let _ = writeln!(out, "// mode: {:?}", prog.mode);
    out.push_str("#include <assert.h>\n#include <pthread.h>\n#include <stdio.h>\n\n");
    for g in 0..prog.globals {
        let _ = writeln!(out, "int g{g};");
    }
    for m in 0..prog.mutexes {
        let _ = writeln!(out, "pthread_mutex_t m{m} = PTHREAD_MUTEX_INITIALIZER;");
    }
    for (t, ops) in prog.threads.iter().enumerate() {
        let _ = writeln!(out, "\nvoid *t{t}(void *arg) {{\n  (void)arg;");
        let mut cas_count = 0;
        for op in ops {
            render_op(op, 1, &mut cas_count, &mut out);
        }
        out.push_str("  return 0;\n}\n");
    }
    let threads: Vec<String> = (0..prog.threads.len()).map(|t| format!("t{t}")).collect();
    let globals: Vec<String> = (0..prog.globals).map(|g| format!("g{g}")).collect();
    render_main(&mut out, &threads, &globals);
    out
}

// ---------------------------------------------------------------------------
// Differential comparison
// ---------------------------------------------------------------------------

/// The memory models and race-check settings a program is checked under.
struct Plan {
    /// Each model with the cap on its naive run. A model whose naive run
    /// hits the cap is skipped for that program (the whole program when it
    /// is the first model).
    models: &'static [(&'static str, u64)],
    /// Race-check settings; with both, the runs are also compared with each
    /// other (race detection must not steer exploration).
    race_checks: &'static [bool],
}

const SC_PLAN: Plan = Plan {
    models: &[("sc", NAIVE_CAP)],
    race_checks: &[true, false],
};

const WMM_PLAN: Plan = Plan {
    models: &[
        ("sc", NAIVE_CAP),
        ("tso", WMM_NAIVE_CAP),
        ("pso", WMM_NAIVE_CAP),
    ],
    race_checks: &[true],
};

/// What one memory model of a passing case contributed to the statistics.
struct ModelStats {
    mm: &'static str,
    /// Executions of none/source/optimal (with the race check when it ran),
    /// or `None` if the naive run hit its cap and the model was skipped.
    executions: Option<[u64; 3]>,
    naive_s: f64,
}

enum CaseResult {
    Passed {
        models: Vec<ModelStats>,
        /// Bug kinds the naive search found under the first model (with race
        /// check).
        kinds: BTreeSet<String>,
    },
    Skipped,
    Failed(String),
}

/// Compares the three explorers run under the same model with the same
/// race-check setting.
fn compare(runs: &[Run; 3], problems: &mut Vec<String>) {
    let [none, source, optimal] = runs;
    let ctx = format!(
        "--mm {}{}",
        none.mm,
        if none.race_check {
            ""
        } else {
            " --no-race-check"
        }
    );
    for r in runs {
        let expected_code = match r.verdict.as_str() {
            "safe" => Some(0),
            "bug" => Some(42),
            _ => None,
        };
        if expected_code.is_none() || r.exit_code != expected_code {
            problems.push(format!(
                "{ctx} --por {}: verdict {} with exit code {:?}",
                r.por, r.verdict, r.exit_code
            ));
        }
        if !r.limit.is_null() {
            problems.push(format!("{ctx} --por {}: hit limit {}", r.por, r.limit));
        }
    }
    for r in [source, optimal] {
        if r.verdict != none.verdict {
            problems.push(format!(
                "{ctx} --por {}: verdict {} but naive says {}",
                r.por, r.verdict, none.verdict
            ));
        }
        if r.outcomes != none.outcomes {
            let missing: Vec<_> = none.outcomes.difference(&r.outcomes).collect();
            let extra: Vec<_> = r.outcomes.difference(&none.outcomes).collect();
            problems.push(format!(
                "{ctx} --por {}: outcomes differ from naive: missing {missing:?}, extra {extra:?}",
                r.por
            ));
        }
        if r.bugs != none.bugs {
            let missing: Vec<_> = none.bugs.difference(&r.bugs).collect();
            let extra: Vec<_> = r.bugs.difference(&none.bugs).collect();
            problems.push(format!(
                "{ctx} --por {}: bugs differ from naive: missing {missing:?}, extra {extra:?}",
                r.por
            ));
        }
    }
    if !(optimal.executions <= source.executions && source.executions <= none.executions) {
        problems.push(format!(
            "{ctx}: executions not ordered: optimal {} <= source {} <= none {} fails",
            optimal.executions, source.executions, none.executions
        ));
    }
    for key in ["sleep-set", "disabled-wakeup"] {
        if optimal.blocked_by.contains_key(key) {
            problems.push(format!(
                "{ctx} --por optimal: blocked_by has `{key}`: {:?}",
                optimal.blocked_by
            ));
        }
    }
    if none.blocked != 0 {
        problems.push(format!(
            "{ctx} --por none: {} blocked executions (the programs never block)",
            none.blocked
        ));
    }
}

fn run_case(scratch: &Scratch, seed: u64, case: usize, limits: &Limits, plan: &Plan) -> CaseResult {
    let prog = generate(seed, case, limits);
    let test = if limits.wmm {
        "random_programs_agree_tso_pso"
    } else {
        "random_programs_agree"
    };
    let text = render(
        &prog,
        &format!("weft differential test ({test}): seed {seed:#x}, case {case}"),
    );
    let stem = if limits.wmm { "wmm_case" } else { "case" };
    let path = scratch.write(&format!("{stem}_{case}.c"), &text);
    if let Ok(dir) = std::env::var("WEFT_DIFF_DUMP") {
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(Path::new(&dir).join(format!("{stem}_{case}.c")), &text);
    }
    let title = format!(
        "case {case} (seed {seed:#x})\nreproduce: WEFT_DIFF_SEED={seed:#x} WEFT_DIFF_ONLY={case} \
         cargo test --release -p weft --test differential {test}"
    );
    let race_free = prog.mode != Mode::Racy;
    check_program(&path, &text, race_free, robust(&prog), &title, plan)
}

/// The runs of one model that the cross-model checks compare.
struct ModelRuns {
    mm: &'static str,
    /// The naive and the optimal run, with the race check if it ran.
    naive: Run,
    optimal: Run,
}

/// Runs the three explorers on one program under one model, with each
/// race-check setting of `race_checks`, and compares them. Returns `None`
/// when the naive run hit `cap` (the model is skipped for this program) or
/// a run failed.
fn check_model(
    path: &Path,
    mm: &'static str,
    cap: u64,
    race_checks: &[bool],
    race_free: bool,
    problems: &mut Vec<String>,
    all_runs: &mut Vec<Run>,
) -> Result<Option<(ModelStats, ModelRuns)>, ()> {
    let mut by_setting: Vec<[Run; 3]> = Vec::new();
    let mut naive_s = 0.0;
    for &race_check in race_checks {
        let mut runs = Vec::new();
        for por in EXPLORERS {
            let cap = if por == "none" { cap } else { 2 * cap };
            match weft_check(path, por, mm, race_check, Some(cap)) {
                Ok(r) => runs.push(r),
                Err(e) => {
                    problems.push(e);
                    all_runs.extend(runs);
                    return Err(());
                }
            }
            if por == "none" {
                let naive = runs.last().expect("just pushed");
                if naive.verdict == "incomplete" || !naive.limit.is_null() {
                    return Ok(None);
                }
                naive_s += naive.elapsed_s;
            }
        }
        let runs: [Run; 3] = runs.try_into().expect("three runs");
        compare(&runs, problems);
        all_runs.extend(runs.iter().cloned());
        by_setting.push(runs);
    }
    if let [with, without] = &by_setting[..] {
        if with[0].race_check && !without[0].race_check {
            // Race detection never stops or steers exploration: the outcomes,
            // the other bugs and the naive execution count must not depend
            // on it.
            for i in 0..3 {
                let (with, without) = (&with[i], &without[i]);
                let non_race = non_race_bugs(with);
                if non_race != without.bugs {
                    problems.push(format!(
                        "--mm {mm} --por {}: bugs other than data races differ with/without race check: {:?} vs {:?}",
                        with.por, non_race, without.bugs
                    ));
                }
                if with.outcomes != without.outcomes {
                    problems.push(format!(
                        "--mm {mm} --por {}: outcomes differ with/without race check",
                        with.por
                    ));
                }
            }
            if with[0].executions != without[0].executions {
                problems.push(format!(
                    "--mm {mm} --por none: {} executions with race check, {} without",
                    with[0].executions, without[0].executions
                ));
            }
        }
    }
    // Programs built race-free must not report races.
    if race_free {
        for runs in &by_setting {
            for r in runs.iter().filter(|r| r.race_check) {
                if r.bugs.iter().any(|(k, _)| k == "data-race") {
                    problems.push(format!(
                        "--mm {mm} --por {}: data race reported in a program built race-free",
                        r.por
                    ));
                }
            }
        }
    }
    let first = by_setting.swap_remove(0);
    let [naive, source, optimal] = first;
    Ok(Some((
        ModelStats {
            mm,
            executions: Some([naive.executions, source.executions, optimal.executions]),
            naive_s,
        },
        ModelRuns { mm, naive, optimal },
    )))
}

fn non_race_bugs(run: &Run) -> BTreeSet<(String, String)> {
    run.bugs
        .iter()
        .filter(|(k, _)| k != "data-race")
        .cloned()
        .collect()
}

/// Checks across memory models: `models` is ordered strongest first.
/// Every outcome and non-race bug of a stronger model is one of the weaker
/// model. A robust program (race-free, seq_cst atomics only) has the same
/// outcomes, bugs and Optimal-DPOR execution count under every model.
fn compare_models(models: &[ModelRuns], robust: bool, problems: &mut Vec<String>) {
    for pair in models.windows(2) {
        let (strong, weak) = (&pair[0], &pair[1]);
        let lost: Vec<_> = strong
            .naive
            .outcomes
            .difference(&weak.naive.outcomes)
            .collect();
        if !lost.is_empty() {
            problems.push(format!(
                "outcomes under --mm {} missing under the weaker --mm {}: {lost:?}",
                strong.mm, weak.mm
            ));
        }
        let (sb, wb) = (non_race_bugs(&strong.naive), non_race_bugs(&weak.naive));
        let lost: Vec<_> = sb.difference(&wb).collect();
        if !lost.is_empty() {
            problems.push(format!(
                "bugs under --mm {} missing under the weaker --mm {}: {lost:?}",
                strong.mm, weak.mm
            ));
        }
    }
    if !robust {
        return;
    }
    let Some(base) = models.first() else { return };
    for m in &models[1..] {
        if m.naive.outcomes != base.naive.outcomes {
            let extra: Vec<_> = m.naive.outcomes.difference(&base.naive.outcomes).collect();
            problems.push(format!(
                "robust program: --mm {} has outcomes that --mm {} has not: {extra:?}",
                m.mm, base.mm
            ));
        }
        if m.naive.bugs != base.naive.bugs {
            problems.push(format!(
                "robust program: bugs under --mm {} {:?} differ from --mm {} {:?}",
                m.mm, m.naive.bugs, base.mm, base.naive.bugs
            ));
        }
        if m.optimal.executions != base.optimal.executions {
            problems.push(format!(
                "robust program: --por optimal explores {} executions under --mm {} but {} under --mm {}",
                m.optimal.executions, m.mm, base.optimal.executions, base.mm
            ));
        }
    }
}

/// Runs the three explorers on one program under each model of the plan and
/// compares them. `race_free`: the program was built without data races;
/// `robust`: also with seq_cst atomics only. On success the file is
/// removed; on failure it is kept.
fn check_program(
    path: &Path,
    text: &str,
    race_free: bool,
    robust: bool,
    title: &str,
    plan: &Plan,
) -> CaseResult {
    let mut all_runs: Vec<Run> = Vec::new();
    let mut problems = Vec::new();
    let mut stats = Vec::new();
    let mut model_runs = Vec::new();
    let mut kinds = BTreeSet::new();
    for (i, &(mm, cap)) in plan.models.iter().enumerate() {
        match check_model(
            path,
            mm,
            cap,
            plan.race_checks,
            race_free,
            &mut problems,
            &mut all_runs,
        ) {
            Ok(Some((st, runs))) => {
                if i == 0 {
                    kinds = runs.naive.bugs.iter().map(|(k, _)| k.clone()).collect();
                }
                stats.push(st);
                model_runs.push(runs);
            }
            Ok(None) if i == 0 && problems.is_empty() => {
                let _ = std::fs::remove_file(path);
                return CaseResult::Skipped;
            }
            Ok(None) => stats.push(ModelStats {
                mm,
                executions: None,
                naive_s: 0.0,
            }),
            Err(()) => break,
        }
    }
    // Compare only models that were explored completely, and only
    // neighbours in the strength order: sc, tso, pso with tso skipped
    // compares sc with pso.
    compare_models(&model_runs, robust, &mut problems);
    if problems.is_empty() {
        let _ = std::fs::remove_file(path);
        return CaseResult::Passed {
            models: stats,
            kinds,
        };
    }
    let mut report = String::new();
    let _ = writeln!(
        report,
        "=== {title}\nFAILED; program kept at {}",
        path.display()
    );
    for p in &problems {
        let _ = writeln!(report, "problem: {p}");
    }
    let _ = writeln!(report, "--- program ---\n{text}--- results ---");
    for r in &all_runs {
        report.push_str(&r.describe());
    }
    CaseResult::Failed(report)
}

fn env_number(name: &str) -> Option<u64> {
    let s = std::env::var(name).ok()?;
    let s = s.trim();
    let parsed = if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16)
    } else {
        s.parse()
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={s} is not a number")))
}

/// Runs `job` on each item of `todo` with [`WORKERS`] threads; returns the
/// results sorted by item.
fn run_parallel<T: Send>(todo: &[usize], job: impl Fn(usize) -> T + Sync) -> Vec<(usize, T)> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..WORKERS {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&case) = todo.get(i) else { break };
                let result = job(case);
                results.lock().expect("results lock").push((case, result));
            });
        }
    });
    let mut results = results.into_inner().expect("results lock");
    results.sort_by_key(|(case, _)| *case);
    results
}

/// Generates `WEFT_DIFF_CASES` programs within `limits`, checks each under
/// `plan`, prints a summary and fails on any discrepancy.
fn run_random(tag: &str, test: &str, limits: &Limits, plan: &Plan) {
    let cases = env_number("WEFT_DIFF_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let seed = env_number("WEFT_DIFF_SEED").unwrap_or(DEFAULT_SEED);
    let only = env_number("WEFT_DIFF_ONLY").map(|n| n as usize);
    let todo: Vec<usize> = match only {
        Some(k) => vec![k],
        None => (0..cases).collect(),
    };
    let mut scratch = Scratch::new(tag);
    let start = Instant::now();
    let results = run_parallel(&todo, |case| run_case(&scratch, seed, case, limits, plan));
    let (mut passed, mut skipped) = (0, 0);
    // Per model: [none, source, optimal] totals, naive seconds, cases
    // explored, cases skipped.
    let mut totals: BTreeMap<&str, ([u64; 3], f64, usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut kind_cases: BTreeMap<String, usize> = BTreeMap::new();
    for (_, r) in &results {
        match r {
            CaseResult::Passed { models, kinds } => {
                passed += 1;
                for k in kinds {
                    *kind_cases.entry(k.clone()).or_insert(0) += 1;
                }
                for st in models {
                    let entry = totals.entry(st.mm).or_default();
                    match st.executions {
                        Some(ex) => {
                            for (total, e) in entry.0.iter_mut().zip(ex) {
                                *total += e;
                            }
                            entry.1 += st.naive_s;
                            entry.2 += 1;
                        }
                        None => entry.3 += 1,
                    }
                }
            }
            CaseResult::Skipped => skipped += 1,
            CaseResult::Failed(report) => failures.push(report.clone()),
        }
    }
    let mut per_model = String::new();
    for &(mm, _) in plan.models {
        if let Some((ex, naive_s, explored, model_skipped)) = totals.get(mm) {
            let _ = write!(
                per_model,
                "; --mm {mm}: {explored} cases ({model_skipped} skipped), executions none {} / source {} / optimal {} (naive explored for {naive_s:.1}s)",
                ex[0], ex[1], ex[2]
            );
        }
    }
    eprintln!(
        "{test}: seed {seed:#x}, {} cases: {passed} passed, {skipped} skipped, {} failed in {:.1}s{per_model}; \
         cases with each bug kind: {kind_cases:?}",
        todo.len(),
        failures.len(),
        start.elapsed().as_secs_f64(),
    );
    if !failures.is_empty() {
        scratch.keep = true;
        for f in &failures {
            eprintln!("{f}");
        }
        panic!(
            "{} of {} differential cases failed; failing programs kept in {}",
            failures.len(),
            todo.len(),
            scratch.dir.display()
        );
    }
    assert!(
        skipped * 4 <= todo.len().max(1),
        "too many skipped cases ({skipped} of {}): the generator makes programs too big",
        todo.len()
    );
    // Under the weak models too, most cases must be explored.
    for (mm, (_, _, explored, model_skipped)) in &totals {
        assert!(
            model_skipped * 4 <= (explored + model_skipped).max(1),
            "--mm {mm}: too many skipped cases ({model_skipped} of {})",
            explored + model_skipped
        );
    }
}

#[test]
fn random_programs_agree() {
    run_random("random", "random_programs_agree", &SC_LIMITS, &SC_PLAN);
}

/// The random-program comparison under `--mm sc`, `tso` and `pso`, on
/// smaller programs with fences and weaker atomics, plus the cross-model
/// checks of [`compare_models`].
#[test]
fn random_programs_agree_tso_pso() {
    run_random(
        "wmm",
        "random_programs_agree_tso_pso",
        &WMM_LIMITS,
        &WMM_PLAN,
    );
}

/// Race-free programs that use only locks and seq_cst atomics are robust:
/// TSO and PSO add no behaviour, and Optimal-DPOR must explore exactly as
/// many executions under them as under SC (the flushes are ordered by the
/// barriers and add no traces). Uses the programs of
/// `random_programs_agree` (the race-free ones among twice as many cases),
/// with Optimal-DPOR only, so it affords the full-size programs.
#[test]
fn robust_programs_same_count() {
    let cases = env_number("WEFT_DIFF_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let seed = env_number("WEFT_DIFF_SEED").unwrap_or(DEFAULT_SEED);
    let todo: Vec<usize> = match env_number("WEFT_DIFF_ONLY") {
        Some(k) => vec![k as usize],
        None => (0..2 * cases).collect(),
    };
    let mut scratch = Scratch::new("diff-robust");
    let start = Instant::now();
    let results = run_parallel(&todo, |case| -> Option<Result<[u64; 3], String>> {
        let prog = generate(seed, case, &SC_LIMITS);
        if !robust(&prog) {
            return None;
        }
        let text = render(
            &prog,
            &format!(
                "weft differential test (robust_programs_same_count): seed {seed:#x}, case {case}"
            ),
        );
        let path = scratch.write(&format!("robust_{case}.c"), &text);
        let mut runs = Vec::new();
        let mut problems = Vec::new();
        for mm in MODELS {
            match weft_check(&path, "optimal", mm, true, Some(2 * NAIVE_CAP)) {
                Ok(r) => runs.push(r),
                Err(e) => problems.push(e),
            }
        }
        if problems.is_empty() {
            let sc = &runs[0];
            for r in &runs {
                if r.verdict == "incomplete" || !r.limit.is_null() {
                    problems.push(format!("--mm {}: incomplete", r.mm));
                }
                if r.bugs.iter().any(|(k, _)| k == "data-race") {
                    problems.push(format!("--mm {}: data race in a race-free program", r.mm));
                }
                for key in ["sleep-set", "disabled-wakeup"] {
                    if r.blocked_by.contains_key(key) {
                        problems.push(format!(
                            "--mm {}: blocked_by has `{key}`: {:?}",
                            r.mm, r.blocked_by
                        ));
                    }
                }
            }
            for r in &runs[1..] {
                if r.executions != sc.executions {
                    problems.push(format!(
                        "--mm {}: {} executions, but {} under --mm sc",
                        r.mm, r.executions, sc.executions
                    ));
                }
                if r.outcomes != sc.outcomes || r.bugs != sc.bugs || r.verdict != sc.verdict {
                    problems.push(format!(
                        "--mm {}: outcomes, bugs or verdict differ from --mm sc",
                        r.mm
                    ));
                }
            }
        }
        if problems.is_empty() {
            let _ = std::fs::remove_file(&path);
            return Some(Ok([
                runs[0].executions,
                runs[1].executions,
                runs[2].executions,
            ]));
        }
        let mut report = format!(
            "=== case {case} (seed {seed:#x})\nreproduce: WEFT_DIFF_SEED={seed:#x} WEFT_DIFF_ONLY={case} \
             cargo test --release -p weft --test differential robust_programs_same_count\n\
             FAILED; program kept at {}\n",
            path.display()
        );
        for p in &problems {
            let _ = writeln!(report, "problem: {p}");
        }
        let _ = writeln!(report, "--- program ---\n{text}--- results ---");
        for r in &runs {
            report.push_str(&r.describe());
        }
        Some(Err(report))
    });
    let mut failures = Vec::new();
    let (mut checked, mut totals) = (0, [0u64; 3]);
    for (_, r) in results {
        match r {
            Some(Ok(ex)) => {
                checked += 1;
                for i in 0..3 {
                    totals[i] += ex[i];
                }
            }
            Some(Err(report)) => failures.push(report),
            None => {}
        }
    }
    eprintln!(
        "robust_programs_same_count: seed {seed:#x}, {checked} robust programs passed, {} failed in {:.1}s; \
         optimal executions sc {} / tso {} / pso {}",
        failures.len(),
        start.elapsed().as_secs_f64(),
        totals[0],
        totals[1],
        totals[2]
    );
    if !failures.is_empty() {
        scratch.keep = true;
        for f in &failures {
            eprintln!("{f}");
        }
        panic!(
            "{} robust programs failed; kept in {}",
            failures.len(),
            scratch.dir.display()
        );
    }
}
/// Minimised programs on which the explorers once disagreed, run through the
/// same comparison as the random programs.
const REGRESSIONS: &[(&str, &str)] = &[
    // The race between `g0 = 1` and thread t1's atomic load exists in both
    // linearisations of the trace {store, t0 load, t1 load} (two atomic loads
    // commute), but the race detector let t0's atomic load synchronise with
    // t1's, so a DPOR that ran t0's load first missed it.
    (
        "atomic_load_load_sync",
        r#"#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  g0 = 1;
  int r0 = __atomic_load_n(&g0, __ATOMIC_SEQ_CST);
  return 0;
}
void *t1(void *arg) {
  int r1 = __atomic_load_n(&g0, __ATOMIC_SEQ_CST);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("g0=%d\n", g0);
  return 0;
}
"#,
    ),
    // The same with a failed compare-exchange, which only reads.
    (
        "failed_cas_load_sync",
        r#"#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  g0 = 1;
  int e = 2;
  __atomic_compare_exchange_n(&g0, &e, 3, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return 0;
}
void *t1(void *arg) {
  int r1 = __atomic_load_n(&g0, __ATOMIC_SEQ_CST);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("g0=%d\n", g0);
  return 0;
}
"#,
    ),
];

#[test]
fn regressions_agree() {
    let mut scratch = Scratch::new("diff-regress");
    let mut failures = Vec::new();
    for (name, text) in REGRESSIONS {
        let path = scratch.write(&format!("{name}.c"), text);
        if let CaseResult::Failed(report) = check_program(&path, text, false, false, name, &SC_PLAN)
        {
            failures.push(report);
        }
    }
    if !failures.is_empty() {
        scratch.keep = true;
        panic!("{}", failures.join("\n"));
    }
}

/// Minimised programs on which the explorers disagree under TSO or PSO, run
/// through the comparison of `random_programs_agree_tso_pso` (all three
/// models, the explorers against each other and the models against each
/// other).
const TSO_REGRESSIONS: &[(&str, &str)] = &[
    // A plain store goes into the store buffer; a plain load of another
    // thread races with it. The race detector checks the buffered store when
    // it is issued, so the race is reported at the store (line 5) only in
    // executions where the load comes before the issue, and at the load
    // (line 9) otherwise. Issue and load are independent for DPOR (only the
    // flush conflicts with the load), so source and optimal explore only
    // the issue-first order and miss the report at line 5, which the naive
    // search finds. Same with an atomic load, a CAS or a second store.
    (
        "buffered_store_race_orientation",
        r#"#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  g0 = 3;
  return 0;
}
void *t1(void *arg) {
  int r0 = g0;
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("g0=%d\n", g0);
  return 0;
}
"#,
    ),
    // The same with two buffered stores: reported at line 9 only.
    (
        "buffered_store_store_race_orientation",
        r#"#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  g0 = 3;
  return 0;
}
void *t1(void *arg) {
  g0 = 4;
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("g0=%d\n", g0);
  return 0;
}
"#,
    ),
    // A missed race (verdict safe, naive says bug). The race detector took
    // the synchronisation of a buffered atomic store at its issue: when t0's
    // relaxed store was issued before t1's fetch_add, the fetch_add
    // synchronised with it although the store was still in the buffer and
    // the fetch_add read 0, so t1's plain store counted as ordered after
    // t0's store. Fixed: an atomic store synchronises at its update.
    (
        "buffered_atomic_store_sync_at_issue",
        r#"#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  __atomic_store_n(&g0, 1, __ATOMIC_RELAXED);
  return 0;
}
void *t1(void *arg) {
  int r0 = __atomic_fetch_add(&g0, 2, __ATOMIC_SEQ_CST);
  g0 = r0 + 1;
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("g0=%d\n", g0);
  return 0;
}
"#,
    ),
    // Spin loops with buffered stores: source and optimal each ended one
    // execution as `disabled-wakeup` (the internal consistency check that
    // should stay at zero) under TSO and PSO, none under SC. (The naive
    // search under TSO needs about 345,000 executions.)
    (
        "spin_with_buffered_store_disabled_wakeup",
        r#"#include <pthread.h>
#include <stdio.h>
int f0, f1;
void *t0(void *arg) {
  f0 = 1;
  while (f1)
    ;
  f0 = 0;
  return 0;
}
void *t1(void *arg) {
  for (;;) {
    f1 = 0;
    while (f0)
      ;
    if (!f0)
      break;
  }
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("f0=%d f1=%d\n", f0, f1);
  return 0;
}
"#,
    ),
    // The same without joins: main returns while the threads still run.
    (
        "spin_with_buffered_store_no_join",
        r#"#include <pthread.h>
int f0, c;
void *t0(void *arg) {
  f0 = 1;
  c = 1;
  __sync_synchronize();
  f0 = 0;
  return 0;
}
void *t1(void *arg) {
  while (f0)
    ;
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  return 0;
}
"#,
    ),
    // Under SC already: a spin loop that reads two locations per iteration.
    // Spin blocking needs two identical iterations, so a wakeup sequence
    // built from an execution without a block could ask the spinning thread
    // for a third iteration that repeats the second: Optimal-DPOR ended one
    // of its 4 executions as `disabled-wakeup`. Now such a plan is dropped as
    // redundant and later plans are simulated first.
    (
        "two_read_spin_disabled_wakeup",
        r#"#include <pthread.h>
#include <stdio.h>
int flag, turn;
void *t0(void *arg) {
  flag = 1;
  flag = 0;
  return 0;
}
void *t1(void *arg) {
  while (flag && turn == 0)
    ;
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("flag=%d\n", flag);
  return 0;
}
"#,
    ),
    // Publication of private heap objects: a node with a pointer to a
    // second node, both initialised while private, published by one store.
    // Under PSO the nested node's stores wait until the pointer that makes
    // it reachable is flushed; the explorers must agree with the naive
    // search, which branches on every flush.
    (
        "publish_nested_nodes",
        r#"#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
struct node *g;
void *writer(void *arg) {
  struct node *m = calloc(1, sizeof *m);
  m->v = 2;
  struct node *n = calloc(1, sizeof *n);
  n->v = 1;
  n->next = m;
  g = n;
  n->v = 3;
  return 0;
}
void *reader(void *arg) {
  struct node *p = g;
  int a = -1, b = -1;
  if (p) {
    a = p->v;
    struct node *q = p->next;
    if (q)
      b = q->v;
  }
  printf("a=%d b=%d\n", a, b);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, writer, 0);
  pthread_create(&th[1], 0, reader, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  return 0;
}
"#,
    ),
    // A private stack array initialised, then published through a global
    // pointer and read by another thread while the owner waits for it.
    (
        "publish_stack_array",
        r#"#include <pthread.h>
#include <stdio.h>
int *g;
int done;
void *owner(void *arg) {
  int a[2];
  a[0] = 5;
  a[1] = 6;
  g = a;
  while (!done)
    ;
  return 0;
}
void *reader(void *arg) {
  int *p = g;
  int s = -1;
  if (p)
    s = p[0] + p[1];
  done = 1;
  printf("s=%d\n", s);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, owner, 0);
  pthread_create(&th[1], 0, reader, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  return 0;
}
"#,
    ),
    // A load returning its own buffered store, against another thread's
    // store to the same location (the example of Abdulla et al., Fig. 5):
    // three Shasha-Snir traces. Optimal-DPOR once explored four (the load
    // was dependent on every update of another thread), then, with the
    // own-store rule but stale sleep-set classification, missed the one
    // where the load reads the other thread's store.
    (
        "own_store_load_vs_other_store",
        r#"#include <pthread.h>
#include <stdio.h>
int x;
void *t0(void *arg) {
  __atomic_store_n(&x, 1, __ATOMIC_RELAXED);
  int r = __atomic_load_n(&x, __ATOMIC_RELAXED);
  printf("r=%d\n", r);
  return 0;
}
void *t1(void *arg) {
  __atomic_store_n(&x, 2, __ATOMIC_RELAXED);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("x=%d\n", x);
  return 0;
}
"#,
    ),
];

/// Former TSO/PSO discrepancies (see [`TSO_REGRESSIONS`]): fixed by
/// reporting a race at the later of its two source locations, by taking
/// an atomic store's synchronisation at its update, and by the own-store
/// rule of the chronological trace.
#[test]
fn tso_regressions() {
    let mut scratch = Scratch::new("diff-tso-regress");
    let mut failures = Vec::new();
    for (name, text) in TSO_REGRESSIONS {
        let path = scratch.write(&format!("{name}.c"), text);
        if let CaseResult::Failed(report) =
            check_program(&path, text, false, false, name, &WMM_PLAN)
        {
            failures.push(report);
        }
    }
    if !failures.is_empty() {
        scratch.keep = true;
        panic!("{}", failures.join("\n"));
    }
}

// ---------------------------------------------------------------------------
// Exact counts: Mazurkiewicz traces
// ---------------------------------------------------------------------------

/// One operation of a thread in a tiny program family.
#[derive(Debug, Clone, Copy)]
enum TinyOp {
    PlainStore(usize),
    PlainLoad(usize),
    AtomicStore(usize),
    AtomicLoad(usize),
    FetchAdd(usize),
    /// `x++` on a plain global: a load then a store.
    PlainIncr(usize),
    Lock(usize),
    Unlock(usize),
}

/// An abstract visible event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Read(usize),
    Write(usize),
    /// Creation of the given thread (by main).
    Create(usize),
    Join(usize),
    Exit,
    Lock(usize),
    Unlock(usize),
}

#[derive(Debug, Clone, Copy)]
struct Ev {
    thread: usize,
    kind: Kind,
}

/// The events of a program family member, with the enabling prerequisites.
struct Model {
    events: Vec<Ev>,
    /// `prereq[e]`: events that must have happened before e is enabled
    /// (program order, creation, the joined thread's exit).
    prereq: Vec<Vec<usize>>,
    mutexes: usize,
}

fn dependent(a: Ev, b: Ev) -> bool {
    if a.thread == b.thread {
        return true;
    }
    match (a.kind, b.kind) {
        (Kind::Create(t), _) if b.thread == t => true,
        (_, Kind::Create(t)) if a.thread == t => true,
        (Kind::Join(t), Kind::Exit) if b.thread == t => true,
        (Kind::Exit, Kind::Join(t)) if a.thread == t => true,
        (Kind::Write(x), Kind::Write(y))
        | (Kind::Write(x), Kind::Read(y))
        | (Kind::Read(x), Kind::Write(y)) => x == y,
        (Kind::Lock(m) | Kind::Unlock(m), Kind::Lock(n) | Kind::Unlock(n)) => m == n,
        _ => false,
    }
}

/// Builds the model: thread 0 is main, which creates threads 1..=n in order,
/// joins them in order and then reads every global (the final printf).
fn build_model(threads: &[Vec<TinyOp>], globals: usize, mutexes: usize) -> Model {
    let mut events = Vec::new();
    let mut prereq: Vec<Vec<usize>> = Vec::new();
    let n = threads.len();
    let mut push = |events: &mut Vec<Ev>, ev: Ev, pre: Vec<usize>| {
        events.push(ev);
        prereq.push(pre);
        events.len() - 1
    };
    let mut creates = Vec::new();
    let mut last_main = None;
    for t in 1..=n {
        let e = push(
            &mut events,
            Ev {
                thread: 0,
                kind: Kind::Create(t),
            },
            last_main.into_iter().collect(),
        );
        creates.push(e);
        last_main = Some(e);
    }
    let mut exits = Vec::new();
    for (i, ops) in threads.iter().enumerate() {
        let t = i + 1;
        let mut last = creates[i];
        let mut kinds = Vec::new();
        for op in ops {
            match *op {
                TinyOp::PlainStore(x) | TinyOp::AtomicStore(x) => kinds.push(Kind::Write(x)),
                TinyOp::PlainLoad(x) | TinyOp::AtomicLoad(x) => kinds.push(Kind::Read(x)),
                TinyOp::FetchAdd(x) => kinds.push(Kind::Write(x)),
                TinyOp::PlainIncr(x) => {
                    kinds.push(Kind::Read(x));
                    kinds.push(Kind::Write(x));
                }
                TinyOp::Lock(m) => kinds.push(Kind::Lock(m)),
                TinyOp::Unlock(m) => kinds.push(Kind::Unlock(m)),
            }
        }
        kinds.push(Kind::Exit);
        for kind in kinds {
            last = push(&mut events, Ev { thread: t, kind }, vec![last]);
        }
        exits.push(last);
    }
    for t in 1..=n {
        let e = push(
            &mut events,
            Ev {
                thread: 0,
                kind: Kind::Join(t),
            },
            vec![last_main.expect("main created threads"), exits[t - 1]],
        );
        last_main = Some(e);
    }
    for x in 0..globals {
        let e = push(
            &mut events,
            Ev {
                thread: 0,
                kind: Kind::Read(x),
            },
            vec![last_main.expect("main has events")],
        );
        last_main = Some(e);
    }
    Model {
        events,
        prereq,
        mutexes,
    }
}

impl Model {
    /// Events enabled after `done` (a bitmask), given who holds each mutex.
    fn enabled(&self, done: u64, holder: &[Option<usize>]) -> Vec<usize> {
        (0..self.events.len())
            .filter(|&e| done & (1 << e) == 0)
            .filter(|&e| self.prereq[e].iter().all(|&p| done & (1 << p) != 0))
            .filter(|&e| match self.events[e].kind {
                Kind::Lock(m) => holder[m].is_none(),
                _ => true,
            })
            .collect()
    }

    fn apply(&self, e: usize, holder: &mut [Option<usize>]) {
        match self.events[e].kind {
            Kind::Lock(m) => holder[m] = Some(self.events[e].thread),
            Kind::Unlock(m) => holder[m] = None,
            _ => {}
        }
    }

    /// Counts complete traces through their Foata normal forms: sequences of
    /// steps F1 F2 ..., each a non-empty set of pairwise independent events,
    /// where every event of F(i+1) depends on some event of F(i). Every trace
    /// has exactly one such form. Traces that end blocked (deadlock) are not
    /// complete and not counted; the families here have none.
    fn count_traces_foata(&self) -> u64 {
        fn go(m: &Model, done: u64, last: &[usize], holder: &mut Vec<Option<usize>>) -> u64 {
            let all = (1u64 << m.events.len()) - 1;
            if done == all {
                return 1;
            }
            let cands: Vec<usize> = m
                .enabled(done, holder)
                .into_iter()
                .filter(|&e| {
                    last.is_empty() || last.iter().any(|&l| dependent(m.events[l], m.events[e]))
                })
                .collect();
            let mut total = 0;
            for subset in 1u64..(1 << cands.len()) {
                let step: Vec<usize> = (0..cands.len())
                    .filter(|i| subset & (1 << i) != 0)
                    .map(|i| cands[i])
                    .collect();
                let independent = step.iter().enumerate().all(|(i, &a)| {
                    step[i + 1..]
                        .iter()
                        .all(|&b| !dependent(m.events[a], m.events[b]))
                });
                if !independent {
                    continue;
                }
                let saved = holder.clone();
                let mut d = done;
                for &e in &step {
                    m.apply(e, holder);
                    d |= 1 << e;
                }
                total += go(m, d, &step, holder);
                *holder = saved;
            }
            total
        }
        assert!(self.events.len() < 64);
        go(self, 0, &[], &mut vec![None; self.mutexes])
    }

    /// Counts traces by brute force: enumerates every interleaving and
    /// canonicalises it as the orientation of every dependent pair. Returns
    /// `None` if there are more than `cap` interleavings.
    fn count_traces_brute(&self, cap: u64) -> Option<u64> {
        let n = self.events.len();
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|&(a, b)| dependent(self.events[a], self.events[b]))
            .collect();
        struct St<'a> {
            m: &'a Model,
            pairs: &'a [(usize, usize)],
            pos: Vec<usize>,
            seen: HashSet<Vec<u64>>,
            interleavings: u64,
            cap: u64,
        }
        fn go(st: &mut St, done: u64, step: usize, holder: &mut Vec<Option<usize>>) -> bool {
            let n = st.m.events.len();
            if step == n {
                st.interleavings += 1;
                if st.interleavings > st.cap {
                    return false;
                }
                let mut key = vec![0u64; st.pairs.len().div_ceil(64)];
                for (i, &(a, b)) in st.pairs.iter().enumerate() {
                    if st.pos[a] < st.pos[b] {
                        key[i / 64] |= 1 << (i % 64);
                    }
                }
                st.seen.insert(key);
                return true;
            }
            for e in st.m.enabled(done, holder) {
                let saved = holder.clone();
                st.m.apply(e, holder);
                st.pos[e] = step;
                let ok = go(st, done | (1 << e), step + 1, holder);
                *holder = saved;
                if !ok {
                    return false;
                }
            }
            true
        }
        let mut st = St {
            m: self,
            pairs: &pairs,
            pos: vec![0; n],
            seen: HashSet::new(),
            interleavings: 0,
            cap,
        };
        if go(&mut st, 0, 0, &mut vec![None; self.mutexes]) {
            Some(st.seen.len() as u64)
        } else {
            None
        }
    }
}

fn render_tiny(threads: &[Vec<TinyOp>], globals: usize, mutexes: usize) -> String {
    let mut out = String::from("#include <pthread.h>\n#include <stdio.h>\n\n");
    for g in 0..globals {
        let _ = writeln!(out, "int x{g};");
    }
    for m in 0..mutexes {
        let _ = writeln!(out, "pthread_mutex_t m{m} = PTHREAD_MUTEX_INITIALIZER;");
    }
    for (i, ops) in threads.iter().enumerate() {
        let t = i + 1;
        let _ = writeln!(out, "\nvoid *t{t}(void *arg) {{\n  (void)arg;");
        for (k, op) in ops.iter().enumerate() {
            let line = match *op {
                TinyOp::PlainStore(x) => format!("x{x} = {t};"),
                TinyOp::PlainLoad(x) => format!("int r{k} = x{x};\n  (void)r{k};"),
                TinyOp::AtomicStore(x) => format!("__atomic_store_n(&x{x}, {t}, {SEQ});"),
                TinyOp::AtomicLoad(x) => {
                    format!("int r{k} = __atomic_load_n(&x{x}, {SEQ});\n  (void)r{k};")
                }
                TinyOp::FetchAdd(x) => format!("__atomic_fetch_add(&x{x}, 1, {SEQ});"),
                TinyOp::PlainIncr(x) => format!("x{x}++;"),
                TinyOp::Lock(m) => format!("pthread_mutex_lock(&m{m});"),
                TinyOp::Unlock(m) => format!("pthread_mutex_unlock(&m{m});"),
            };
            let _ = writeln!(out, "  {line}");
        }
        out.push_str("  return 0;\n}\n");
    }
    let threads: Vec<String> = (1..=threads.len()).map(|t| format!("t{t}")).collect();
    let globals: Vec<String> = (0..globals).map(|g| format!("x{g}")).collect();
    render_main(&mut out, &threads, &globals);
    out
}

struct Family {
    name: String,
    threads: Vec<Vec<TinyOp>>,
    globals: usize,
    mutexes: usize,
    /// The textbook count, when there is one.
    expected: Option<u64>,
}

fn families() -> Vec<Family> {
    use TinyOp::*;
    let mut fams = Vec::new();
    let factorial = |n: u64| (1..=n).product::<u64>();
    // (a) threads each writing x0 then x1 (then x2): plain stores.
    for (nthreads, nvars) in [(2, 2), (2, 3), (3, 2)] {
        fams.push(Family {
            name: format!("plain-writes-{nthreads}x{nvars}"),
            threads: (0..nthreads)
                .map(|_| (0..nvars).map(PlainStore).collect())
                .collect(),
            globals: nvars,
            mutexes: 0,
            expected: if nthreads == 2 {
                Some(1 << nvars)
            } else {
                None
            },
        });
    }
    // (b) N threads each doing one fetch_add on one counter: N!.
    for n in 2..=5u64 {
        fams.push(Family {
            name: format!("fetch-add-{n}"),
            threads: (0..n).map(|_| vec![FetchAdd(0)]).collect(),
            globals: 1,
            mutexes: 0,
            expected: Some(factorial(n)),
        });
    }
    // (c) one writer and N readers of one atomic variable: 2^N.
    for n in 1..=5u32 {
        let mut threads = vec![vec![AtomicStore(0)]];
        threads.extend((0..n).map(|_| vec![AtomicLoad(0)]));
        fams.push(Family {
            name: format!("writer-{n}-readers"),
            threads,
            globals: 1,
            mutexes: 0,
            expected: Some(1 << n),
        });
    }
    // (d) store buffering: store x; load y || store y; load x: 3 traces.
    fams.push(Family {
        name: "store-buffering-atomic".into(),
        threads: vec![
            vec![AtomicStore(0), AtomicLoad(1)],
            vec![AtomicStore(1), AtomicLoad(0)],
        ],
        globals: 2,
        mutexes: 0,
        expected: Some(3),
    });
    fams.push(Family {
        name: "store-buffering-plain".into(),
        threads: vec![
            vec![PlainStore(0), PlainLoad(1)],
            vec![PlainStore(1), PlainLoad(0)],
        ],
        globals: 2,
        mutexes: 0,
        expected: Some(3),
    });
    // (e) N threads incrementing a counter under one mutex: N!.
    for n in 2..=4u64 {
        fams.push(Family {
            name: format!("mutex-incr-{n}"),
            threads: (0..n)
                .map(|_| vec![Lock(0), PlainIncr(0), Unlock(0)])
                .collect(),
            globals: 1,
            mutexes: 1,
            expected: Some(factorial(n)),
        });
    }
    // (f) independent readers of two variables and two writers (IRIW shape).
    fams.push(Family {
        name: "iriw-atomic".into(),
        threads: vec![
            vec![AtomicStore(0)],
            vec![AtomicStore(1)],
            vec![AtomicLoad(0), AtomicLoad(1)],
            vec![AtomicLoad(1), AtomicLoad(0)],
        ],
        globals: 2,
        mutexes: 0,
        expected: None,
    });
    // (g) a lock-protected write racing with an atomic reader on another
    // variable, and a plain lost update.
    fams.push(Family {
        name: "lock-and-independent".into(),
        threads: vec![
            vec![Lock(0), PlainStore(0), Unlock(0), AtomicStore(1)],
            vec![AtomicLoad(1), Lock(0), PlainLoad(0), Unlock(0)],
        ],
        globals: 2,
        mutexes: 1,
        expected: None,
    });
    fams.push(Family {
        name: "lost-update-plain".into(),
        threads: vec![vec![PlainIncr(0)], vec![PlainIncr(0)]],
        globals: 1,
        mutexes: 0,
        // R1 W1 R2 W2, R2 W2 R1 W1, and both reads first (R1, R2 commute)
        // followed by W1 W2 or W2 W1.
        expected: Some(4),
    });
    fams
}

#[test]
fn optimal_counts_mazurkiewicz_traces() {
    let mut scratch = Scratch::new("diff-traces");
    let mut failures = Vec::new();
    for fam in families() {
        let model = build_model(&fam.threads, fam.globals, fam.mutexes);
        let foata = model.count_traces_foata();
        // The two counters are independent of each other; check they agree
        // where brute force is affordable.
        if let Some(brute) = model.count_traces_brute(2_000_000) {
            assert_eq!(
                foata, brute,
                "{}: Foata count {foata} != brute-force count {brute}",
                fam.name
            );
        }
        if let Some(expected) = fam.expected {
            assert_eq!(
                foata, expected,
                "{}: trace counter says {foata}, textbook {expected}",
                fam.name
            );
        }
        let text = render_tiny(&fam.threads, fam.globals, fam.mutexes);
        let path = scratch.write(&format!("{}.c", fam.name), &text);
        let run = match weft_check(&path, "optimal", "sc", false, Some(1_000_000)) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{}: {e}", fam.name));
                continue;
            }
        };
        eprintln!(
            "{:<24} traces {:>4}  optimal executions {:>4} blocked {}",
            fam.name, foata, run.executions, run.blocked
        );
        if run.executions != foata || run.blocked != 0 || !run.limit.is_null() {
            failures.push(format!(
                "{}: expected {foata} executions and 0 blocked (Mazurkiewicz traces), got:\n{}\
                 program kept at {}\n{text}",
                fam.name,
                run.describe(),
                path.display()
            ));
        } else {
            let _ = std::fs::remove_file(&path);
        }
    }
    if !failures.is_empty() {
        scratch.keep = true;
        panic!("{}", failures.join("\n"));
    }
}
