//! Exact execution counts under SC, TSO and PSO against an independent count
//! of Shasha-Snir traces.
//!
//! A Shasha-Snir trace of an execution is its program order, its reads-from
//! relation (which store each load read, or the initial value) and its
//! coherence order (for each location, the order in which the stores reached
//! memory). Under SC these are exactly the Mazurkiewicz traces; under TSO and
//! PSO they are what an optimal explorer of the weak model should explore
//! once each: two executions that differ only in when a buffered store
//! reached memory, with the same reads-from and coherence, are equivalent.
//!
//! The programs here are tiny and straight-line (so program order is fixed):
//! two or three threads, each a list of relaxed atomic stores and loads,
//! `seq_cst` fences and `seq_cst` `fetch_add`s on globals `x0..x2`. The
//! counter is pure Rust and shares no code with weft:
//!
//! - [`operational`] runs an operational model (SC: stores write memory; TSO:
//!   one FIFO store buffer per thread, with store forwarding; PSO: FIFO only
//!   per location), enumerates every interleaving of thread steps and buffer
//!   flushes, and collects the distinct (reads-from, coherence) signatures of
//!   the complete executions;
//! - [`axiomatic`] enumerates every candidate (reads-from, coherence) and
//!   keeps those the axiomatic model accepts (SC per location, RMW atomicity,
//!   and acyclic global happens-before with the model's preserved program
//!   order);
//! - [`mazurkiewicz`] (SC only) counts Mazurkiewicz traces by brute force.
//!
//! All of them must agree before weft is checked. Every program is then
//! rendered to C and run with `weft check --por optimal|source|none --mm
//! sc|tso|pso --no-race-check`: Optimal-DPOR must explore exactly one
//! execution per trace, none blocked; Source-DPOR and the naive search at
//! least one per trace, with optimal <= source <= none; and every explorer
//! must reach exactly the final memory states the model reaches.
//!
//! Environment:
//! - `SHASHA_CASES=N`: number of random programs (default 40);
//! - `SHASHA_SEED=S`: seed of their generator (decimal or 0x-hex);
//! - `SHASHA_ONLY=K`: run only random case K.
//!
//! Failing programs are kept on disk and their directory printed.

mod common;
use common::{render_main, Rng, Scratch};

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const DEFAULT_CASES: usize = 40;
const DEFAULT_SEED: u64 = 0x5a5a_5313_2024;
const WORKERS: usize = 2;
/// How long one weft invocation may take before the case fails.
const DEADLINE: Duration = Duration::from_secs(120);
/// `--max-executions` of the DPOR explorers.
const MAX_EXECUTIONS: u64 = 1_000_000;
/// `--max-executions` of the naive search, which branches on every flush
/// under TSO and PSO and reaches millions of executions on the bigger
/// programs. A naive run cut by it still counts as at least this many
/// executions; only its final states are not compared.
const NAIVE_CAP: u64 = 200_000;
/// At most this many operations in a random program.
const RANDOM_MAX_OPS: usize = 7;
const EXPLORERS: [&str; 3] = ["optimal", "source", "none"];

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

/// One operation of a thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Op {
    /// A relaxed atomic store of a value unique to the store.
    Store(usize),
    /// A relaxed atomic load.
    Load(usize),
    /// A `seq_cst` fence: a full barrier.
    Fence,
    /// A `seq_cst` `fetch_add(x, 1)`: a full barrier, then an atomic
    /// read-modify-write of memory.
    FetchAdd(usize),
}

impl Op {
    fn loc(self) -> Option<usize> {
        match self {
            Op::Store(x) | Op::Load(x) | Op::FetchAdd(x) => Some(x),
            Op::Fence => None,
        }
    }

    fn writes(self) -> bool {
        matches!(self, Op::Store(_) | Op::FetchAdd(_))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mm {
    Sc,
    Tso,
    Pso,
}

impl Mm {
    const ALL: [Mm; 3] = [Mm::Sc, Mm::Tso, Mm::Pso];

    fn flag(self) -> &'static str {
        match self {
            Mm::Sc => "sc",
            Mm::Tso => "tso",
            Mm::Pso => "pso",
        }
    }
}

#[derive(Debug, Clone)]
struct Program {
    name: String,
    /// Thread `i + 1`'s operations (thread 0 is main).
    threads: Vec<Vec<Op>>,
    locs: usize,
}

impl Program {
    fn new(name: &str, locs: usize, threads: Vec<Vec<Op>>) -> Program {
        for op in threads.iter().flatten() {
            if let Some(x) = op.loc() {
                assert!(x < locs, "{name}: x{x} out of range");
            }
        }
        Program {
            name: name.to_string(),
            threads,
            locs,
        }
    }

    /// A compact description, e.g. `T1: St x0; Ld x1 || T2: ...`.
    fn describe(&self) -> String {
        let threads: Vec<String> = self
            .threads
            .iter()
            .enumerate()
            .map(|(i, ops)| {
                let ops: Vec<String> = ops
                    .iter()
                    .map(|op| match *op {
                        Op::Store(x) => format!("St x{x}"),
                        Op::Load(x) => format!("Ld x{x}"),
                        Op::Fence => "Fence".to_string(),
                        Op::FetchAdd(x) => format!("FAdd x{x}"),
                    })
                    .collect();
                format!("T{}: {}", i + 1, ops.join("; "))
            })
            .collect();
        threads.join(" || ")
    }
}

/// An event: (thread, index of the operation in the thread), threads
/// numbered from 1.
type Ev = (usize, usize);

/// The value written by the store `e` (fetch_adds write what they read + 1).
fn store_value(e: Ev) -> i64 {
    (e.0 * 10 + e.1) as i64
}

/// A Shasha-Snir trace, program order aside (it is fixed).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Signature {
    /// For every load and fetch_add: the write it read from, `None` for the
    /// initial value.
    rf: BTreeMap<Ev, Option<Ev>>,
    /// For every location: the writes in coherence order.
    co: Vec<Vec<Ev>>,
}

// ---------------------------------------------------------------------------
// Counter 1: the operational model
// ---------------------------------------------------------------------------

#[derive(Debug, Default)]
struct Counted {
    traces: BTreeSet<Signature>,
    /// Final memory (the value of every location) of the complete executions.
    finals: BTreeSet<Vec<i64>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    pc: Vec<usize>,
    /// Per thread, oldest first: (location, store, value).
    buf: Vec<Vec<(usize, Ev, i64)>>,
    mem: Vec<i64>,
    rf: BTreeMap<Ev, Option<Ev>>,
    co: Vec<Vec<Ev>>,
}

/// Explores every interleaving of thread steps and flushes under `mm` and
/// collects the signatures of the complete executions. States are
/// deduplicated: the signature so far is part of the state, so two paths to
/// one state have the same completions.
fn operational(prog: &Program, mm: Mm) -> Counted {
    let n = prog.threads.len();
    let init = State {
        pc: vec![0; n],
        buf: vec![Vec::new(); n],
        mem: vec![0; prog.locs],
        rf: BTreeMap::new(),
        co: vec![Vec::new(); prog.locs],
    };
    let mut seen = HashSet::new();
    let mut out = Counted::default();
    let mut stack = vec![init];
    while let Some(s) = stack.pop() {
        if !seen.insert(s.clone()) {
            continue;
        }
        let before = stack.len();
        for t in 0..n {
            // A step of thread t.
            if let Some(&op) = prog.threads[t].get(s.pc[t]) {
                let ev = (t + 1, s.pc[t]);
                let mut s2 = s.clone();
                s2.pc[t] += 1;
                match op {
                    Op::Store(x) => {
                        let v = store_value(ev);
                        if mm == Mm::Sc {
                            s2.mem[x] = v;
                            s2.co[x].push(ev);
                        } else {
                            s2.buf[t].push((x, ev, v));
                        }
                        stack.push(s2);
                    }
                    Op::Load(x) => {
                        // Forwarding: the newest own buffered store to x, if
                        // any; memory otherwise.
                        let src = match s.buf[t].iter().rev().find(|b| b.0 == x) {
                            Some(&(_, w, _)) => Some(w),
                            None => s.co[x].last().copied(),
                        };
                        s2.rf.insert(ev, src);
                        stack.push(s2);
                    }
                    Op::Fence => {
                        if s.buf[t].is_empty() {
                            stack.push(s2);
                        }
                    }
                    Op::FetchAdd(x) => {
                        if s.buf[t].is_empty() {
                            s2.rf.insert(ev, s.co[x].last().copied());
                            s2.mem[x] += 1;
                            s2.co[x].push(ev);
                            stack.push(s2);
                        }
                    }
                }
            }
            // A flush of one of thread t's buffered stores.
            let flushable: Vec<usize> = match mm {
                Mm::Sc => Vec::new(),
                Mm::Tso => (0..s.buf[t].len().min(1)).collect(),
                Mm::Pso => (0..s.buf[t].len())
                    .filter(|&i| s.buf[t][..i].iter().all(|b| b.0 != s.buf[t][i].0))
                    .collect(),
            };
            for i in flushable {
                let mut s2 = s.clone();
                let (x, w, v) = s2.buf[t].remove(i);
                s2.mem[x] = v;
                s2.co[x].push(w);
                stack.push(s2);
            }
        }
        if stack.len() == before {
            // No step left: every thread has finished (thread exit waits
            // for an empty buffer). Nothing can block in these programs.
            assert!(
                (0..n).all(|t| s.pc[t] == prog.threads[t].len() && s.buf[t].is_empty()),
                "{}: stuck state {s:?}",
                prog.name
            );
            out.traces.insert(Signature {
                rf: s.rf.clone(),
                co: s.co.clone(),
            });
            out.finals.insert(s.mem.clone());
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Counter 2: the axiomatic model
// ---------------------------------------------------------------------------

fn permutations(items: &[Ev]) -> Vec<Vec<Ev>> {
    if items.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// Every combination of one item from each list.
fn product<T: Clone>(lists: &[Vec<T>]) -> Vec<Vec<T>> {
    let mut out = vec![Vec::new()];
    for list in lists {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                list.iter().map(move |item| {
                    let mut v = prefix.clone();
                    v.push(item.clone());
                    v
                })
            })
            .collect();
    }
    out
}

fn acyclic(n: usize, edges: &[(usize, usize)]) -> bool {
    let mut indegree = vec![0; n];
    let mut succ = vec![Vec::new(); n];
    for &(a, b) in edges {
        succ[a].push(b);
        indegree[b] += 1;
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    let mut removed = 0;
    while let Some(v) = ready.pop() {
        removed += 1;
        for &w in &succ[v] {
            indegree[w] -= 1;
            if indegree[w] == 0 {
                ready.push(w);
            }
        }
    }
    removed == n
}

/// Enumerates every candidate (reads-from, coherence) and keeps those
/// consistent under `mm`:
/// - SC per location: acyclic(po-loc | rf | co | fr);
/// - atomicity: a fetch_add reads from its immediate coherence predecessor;
/// - acyclic(ppo | rf' | co | fr), where ppo is program order (SC), minus
///   store-to-load pairs (TSO), minus also store-to-store pairs on different
///   locations (PSO); fences and fetch_adds are ordered with everything, so
///   they order the pairs they separate; rf' is rf under SC and only its
///   inter-thread part under TSO and PSO (store forwarding).
fn axiomatic(prog: &Program, mm: Mm) -> BTreeSet<Signature> {
    let mut nodes: Vec<(Ev, Op)> = Vec::new();
    for (i, ops) in prog.threads.iter().enumerate() {
        for (k, &op) in ops.iter().enumerate() {
            nodes.push(((i + 1, k), op));
        }
    }
    let index: BTreeMap<Ev, usize> = nodes.iter().enumerate().map(|(i, n)| (n.0, i)).collect();
    let n = nodes.len();
    // Program-order edges of both relations that do not depend on rf/co.
    let mut po_loc = Vec::new();
    let mut ppo = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let ((ta, _), oa) = nodes[a];
            let ((tb, _), ob) = nodes[b];
            if ta != tb {
                continue;
            }
            if oa.loc().is_some() && oa.loc() == ob.loc() {
                po_loc.push((a, b));
            }
            let relaxed = match (mm, oa, ob) {
                (Mm::Sc, _, _) => false,
                (_, Op::Store(_), Op::Load(_)) => true,
                (Mm::Pso, Op::Store(x), Op::Store(y)) => x != y,
                _ => false,
            };
            if !relaxed {
                ppo.push((a, b));
            }
        }
    }
    let writes: Vec<Vec<Ev>> = (0..prog.locs)
        .map(|x| {
            nodes
                .iter()
                .filter(|(_, op)| op.writes() && op.loc() == Some(x))
                .map(|(e, _)| *e)
                .collect()
        })
        .collect();
    let loads: Vec<(Ev, usize)> = nodes
        .iter()
        .filter_map(|&(e, op)| match op {
            Op::Load(x) => Some((e, x)),
            _ => None,
        })
        .collect();
    let load_choices: Vec<Vec<Option<Ev>>> = loads
        .iter()
        .map(|&(_, x)| {
            std::iter::once(None)
                .chain(writes[x].iter().copied().map(Some))
                .collect()
        })
        .collect();
    let co_choices: Vec<Vec<Vec<Ev>>> = writes.iter().map(|w| permutations(w)).collect();
    let mut out = BTreeSet::new();
    for co in product(&co_choices) {
        let mut co_edges = Vec::new();
        for order in &co {
            for (i, &a) in order.iter().enumerate() {
                for &b in &order[i + 1..] {
                    co_edges.push((index[&a], index[&b]));
                }
            }
        }
        // Atomicity: each fetch_add reads its coherence predecessor.
        let mut rmw_rf = BTreeMap::new();
        for order in &co {
            for (i, &w) in order.iter().enumerate() {
                if matches!(nodes[index[&w]].1, Op::FetchAdd(_)) {
                    rmw_rf.insert(w, if i == 0 { None } else { Some(order[i - 1]) });
                }
            }
        }
        for choice in product(&load_choices) {
            let mut rf = rmw_rf.clone();
            for (&(e, _), &src) in loads.iter().zip(&choice) {
                rf.insert(e, src);
            }
            let mut uniproc = po_loc.clone();
            let mut ghb = ppo.clone();
            uniproc.extend(&co_edges);
            ghb.extend(&co_edges);
            for (&r, &src) in &rf {
                let ri = index[&r];
                let x = nodes[ri].1.loc().expect("reads have a location");
                if let Some(w) = src {
                    let wi = index[&w];
                    uniproc.push((wi, ri));
                    if mm == Mm::Sc || w.0 != r.0 {
                        ghb.push((wi, ri));
                    }
                }
                // fr: to every write coherence-after the source.
                let order = &co[x];
                let after = match src {
                    None => 0,
                    Some(w) => order.iter().position(|&o| o == w).expect("source in co") + 1,
                };
                for &w in &order[after..] {
                    if w != r {
                        uniproc.push((ri, index[&w]));
                        ghb.push((ri, index[&w]));
                    }
                }
            }
            if acyclic(n, &uniproc) && acyclic(n, &ghb) {
                out.insert(Signature { rf, co: co.clone() });
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Counter 3 (SC only): Mazurkiewicz traces by brute force
// ---------------------------------------------------------------------------

/// Enumerates every interleaving of the threads' operations and counts the
/// distinct orientations of the dependent pairs (same location, at least one
/// write, different threads).
fn mazurkiewicz(prog: &Program) -> u64 {
    let mut nodes: Vec<(usize, Op)> = Vec::new();
    for (i, ops) in prog.threads.iter().enumerate() {
        nodes.extend(ops.iter().map(|&op| (i, op)));
    }
    let pairs: Vec<(usize, usize)> = (0..nodes.len())
        .flat_map(|a| (a + 1..nodes.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| {
            let ((ta, oa), (tb, ob)) = (nodes[a], nodes[b]);
            ta != tb && oa.loc().is_some() && oa.loc() == ob.loc() && (oa.writes() || ob.writes())
        })
        .collect();
    let starts: Vec<usize> = prog
        .threads
        .iter()
        .scan(0, |acc, ops| {
            let s = *acc;
            *acc += ops.len();
            Some(s)
        })
        .collect();
    fn go(
        prog: &Program,
        starts: &[usize],
        pairs: &[(usize, usize)],
        pc: &mut Vec<usize>,
        pos: &mut Vec<usize>,
        step: usize,
        seen: &mut HashSet<Vec<bool>>,
    ) {
        let mut any = false;
        for t in 0..prog.threads.len() {
            if pc[t] < prog.threads[t].len() {
                any = true;
                pos[starts[t] + pc[t]] = step;
                pc[t] += 1;
                go(prog, starts, pairs, pc, pos, step + 1, seen);
                pc[t] -= 1;
            }
        }
        if !any {
            seen.insert(pairs.iter().map(|&(a, b)| pos[a] < pos[b]).collect());
        }
    }
    let mut seen = HashSet::new();
    go(
        prog,
        &starts,
        &pairs,
        &mut vec![0; prog.threads.len()],
        &mut vec![0; nodes.len()],
        0,
        &mut seen,
    );
    seen.len() as u64
}

/// The traces of `prog` under `mm`, after checking the counters agree.
fn count(prog: &Program, mm: Mm) -> Counted {
    let counted = operational(prog, mm);
    let axioms = axiomatic(prog, mm);
    assert!(
        counted.traces == axioms,
        "{} ({}) under {}: the operational model finds {} traces, the axiomatic one {}\n\
         only operational: {:?}\nonly axiomatic: {:?}",
        prog.name,
        prog.describe(),
        mm.flag(),
        counted.traces.len(),
        axioms.len(),
        counted.traces.difference(&axioms).collect::<Vec<_>>(),
        axioms.difference(&counted.traces).collect::<Vec<_>>()
    );
    if mm == Mm::Sc {
        let maz = mazurkiewicz(prog);
        assert_eq!(
            counted.traces.len() as u64,
            maz,
            "{} ({}): {} Shasha-Snir traces under SC but {maz} Mazurkiewicz traces",
            prog.name,
            prog.describe(),
            counted.traces.len()
        );
    }
    counted
}

// ---------------------------------------------------------------------------
// Named families, with hand-checked counts
// ---------------------------------------------------------------------------

struct Family {
    prog: Program,
    /// Hand-checked trace counts under SC, TSO and PSO, where there are some.
    expected: Option<[u64; 3]>,
}

fn families() -> Vec<Family> {
    use Op::*;
    let fam = |name: &str, locs: usize, threads: Vec<Vec<Op>>, expected: Option<[u64; 3]>| Family {
        prog: Program::new(name, locs, threads),
        expected,
    };
    vec![
        // Store buffering: each load reads the initial value or the other
        // thread's store. Both initial values is impossible under SC and
        // the classic relaxed outcome of TSO and PSO.
        fam(
            "SB",
            2,
            vec![vec![Store(0), Load(1)], vec![Store(1), Load(0)]],
            Some([3, 4, 4]),
        ),
        fam(
            "SB+fences",
            2,
            vec![
                vec![Store(0), Fence, Load(1)],
                vec![Store(1), Fence, Load(0)],
            ],
            Some([3, 3, 3]),
        ),
        // fetch_add is a barrier too; its read is fixed by coherence.
        fam(
            "SB+fetch-adds",
            2,
            vec![vec![FetchAdd(0), Load(1)], vec![FetchAdd(1), Load(0)]],
            Some([3, 3, 3]),
        ),
        // Message passing: reading the flag (x1) but not the data (x0) needs
        // the two stores to reach memory out of order: PSO only.
        fam(
            "MP",
            2,
            vec![vec![Store(0), Store(1)], vec![Load(1), Load(0)]],
            Some([3, 3, 4]),
        ),
        fam(
            "MP+fence",
            2,
            vec![vec![Store(0), Fence, Store(1)], vec![Load(1), Load(0)]],
            Some([3, 3, 3]),
        ),
        // Load buffering: loads are never reordered with later stores.
        fam(
            "LB",
            2,
            vec![vec![Load(0), Store(1)], vec![Load(1), Store(0)]],
            Some([3, 3, 3]),
        ),
        // 2+2W: two coherence orders each; the cyclic combination needs
        // store-store reordering (PSO).
        fam(
            "2+2W",
            2,
            vec![vec![Store(0), Store(1)], vec![Store(1), Store(0)]],
            Some([3, 3, 4]),
        ),
        // R: x0 = 1; x1 = 1 || x1 = 2; r = x0. Forbidden under SC: x1's
        // coherence 1 then 2 and r reading the initial x0.
        fam(
            "R",
            2,
            vec![vec![Store(0), Store(1)], vec![Store(1), Load(0)]],
            Some([3, 4, 4]),
        ),
        // S: x0 = 2; x1 = 1 || r = x1; x0 = 1. Forbidden unless stores are
        // reordered: r reads x1 = 1 and x0 = 1 is coherence-before x0 = 2.
        fam(
            "S",
            2,
            vec![vec![Store(0), Store(1)], vec![Load(1), Store(0)]],
            Some([3, 3, 4]),
        ),
        // WRC: write-to-read causality holds in all three models (they are
        // multi-copy atomic): 8 reads-from combinations, one forbidden.
        fam(
            "WRC",
            2,
            vec![
                vec![Store(0)],
                vec![Load(0), Store(1)],
                vec![Load(1), Load(0)],
            ],
            Some([7, 7, 7]),
        ),
        // IRIW-like with one reader: each read sees the old or new value.
        fam(
            "IRIW-1reader",
            2,
            vec![vec![Store(0)], vec![Store(1)], vec![Load(0), Load(1)]],
            Some([4, 4, 4]),
        ),
        // Coherence of read-read: the second read cannot go back.
        fam(
            "CoRR",
            1,
            vec![vec![Store(0)], vec![Load(0), Load(0)]],
            Some([3, 3, 3]),
        ),
        // The paper example: x = 1; r = x || x = 2. r reads its own store
        // (coherence 1 < 2 or 2 < 1) or the other store (coherence 1 < 2):
        // 3 traces in every model. Under TSO the own store may be read from
        // the buffer or from memory: the same trace.
        fam(
            "store-load-own-vs-store",
            1,
            vec![vec![Store(0), Load(0)], vec![Store(0)]],
            Some([3, 3, 3]),
        ),
        // Two threads each store x and load x: per coherence order, the
        // thread whose store is last reads it, the other reads either store.
        fam(
            "store-load-own-x2",
            1,
            vec![vec![Store(0), Load(0)], vec![Store(0), Load(0)]],
            Some([4, 4, 4]),
        ),
        // Three fetch_adds: 3! coherence orders, reads fixed by them.
        fam(
            "fetch-add-3",
            1,
            vec![vec![FetchAdd(0)], vec![FetchAdd(0)], vec![FetchAdd(0)]],
            Some([6, 6, 6]),
        ),
        // A buffered store racing with a fetch_add on the same location.
        fam(
            "store-load-vs-fetch-add",
            1,
            vec![vec![Store(0), Load(0)], vec![FetchAdd(0)]],
            Some([3, 3, 3]),
        ),
        // Peterson's entry: flag store, turn store, then loads of the other
        // flag and of turn (x0, x1 flags, x2 turn); without and with fences.
        fam(
            "peterson-entry",
            3,
            vec![
                vec![Store(0), Store(2), Load(1), Load(2)],
                vec![Store(1), Store(2), Load(0), Load(2)],
            ],
            None,
        ),
        fam(
            "peterson-entry+fences",
            3,
            vec![
                vec![Store(0), Store(2), Fence, Load(1), Load(2)],
                vec![Store(1), Store(2), Fence, Load(0), Load(2)],
            ],
            None,
        ),
        // Dekker-style with three threads: each stores its own flag and
        // loads a neighbour's.
        fam(
            "SB-3",
            3,
            vec![
                vec![Store(0), Load(1)],
                vec![Store(1), Load(2)],
                vec![Store(2), Load(0)],
            ],
            None,
        ),
    ]
}

// ---------------------------------------------------------------------------
// Random programs
// ---------------------------------------------------------------------------

/// Random case `case`: 2-3 threads of 1-3 operations, at most
/// [`RANDOM_MAX_OPS`] in all, on 1-2 locations; mostly stores and loads,
/// with some fences and fetch_adds. Every program has a store.
fn random_program(seed: u64, case: usize) -> Program {
    let mut rng = Rng::new(seed, case as u64);
    loop {
        let nthreads = rng.range(2, 3);
        let locs = rng.range(1, 2);
        let mut budget = RANDOM_MAX_OPS;
        let mut threads = Vec::new();
        for t in 0..nthreads {
            // Leave at least one operation for each later thread.
            let later = nthreads - t - 1;
            let len = rng.range(1, 3).min(budget - later);
            budget -= len;
            let ops: Vec<Op> = (0..len)
                .map(|_| {
                    let x = rng.range(0, locs - 1);
                    match rng.range(0, 99) {
                        0..=44 => Op::Store(x),
                        45..=84 => Op::Load(x),
                        85..=92 => Op::Fence,
                        _ => Op::FetchAdd(x),
                    }
                })
                .collect();
            threads.push(ops);
        }
        if threads
            .iter()
            .flatten()
            .any(|op| matches!(op, Op::Store(_)))
        {
            return Program::new(&format!("random-{case}"), locs, threads);
        }
    }
}

// ---------------------------------------------------------------------------
// Rendering to C
// ---------------------------------------------------------------------------

const RELAXED: &str = "__ATOMIC_RELAXED";
const SEQ: &str = "__ATOMIC_SEQ_CST";

fn render(prog: &Program) -> String {
    let mut out = format!(
        "// {}: {}\n#include <pthread.h>\n#include <stdio.h>\n\n",
        prog.name,
        prog.describe()
    );
    for x in 0..prog.locs {
        let _ = writeln!(out, "int x{x};");
    }
    for (i, ops) in prog.threads.iter().enumerate() {
        let t = i + 1;
        let _ = writeln!(out, "\nvoid *t{t}(void *arg) {{\n  (void)arg;");
        for (k, op) in ops.iter().enumerate() {
            let line = match *op {
                Op::Store(x) => {
                    format!(
                        "__atomic_store_n(&x{x}, {}, {RELAXED});",
                        store_value((t, k))
                    )
                }
                Op::Load(x) => {
                    format!("int r{k} = __atomic_load_n(&x{x}, {RELAXED});\n  (void)r{k};")
                }
                Op::Fence => format!("__atomic_thread_fence({SEQ});"),
                Op::FetchAdd(x) => format!("__atomic_fetch_add(&x{x}, 1, {SEQ});"),
            };
            let _ = writeln!(out, "  {line}");
        }
        out.push_str("  return 0;\n}\n");
    }
    let threads: Vec<String> = (1..=prog.threads.len()).map(|t| format!("t{t}")).collect();
    let globals: Vec<String> = (0..prog.locs).map(|x| format!("x{x}")).collect();
    render_main(&mut out, &threads, &globals);
    out
}

/// The line main prints for the final memory `mem`.
fn final_line(mem: &[i64]) -> String {
    let items: Vec<String> = mem
        .iter()
        .enumerate()
        .map(|(x, v)| format!("x{x}={v}"))
        .collect();
    items.join(" ")
}

// ---------------------------------------------------------------------------
// Running weft
// ---------------------------------------------------------------------------

/// The fields of weft's JSON report that the test checks.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    verdict: String,
    executions: u64,
    blocked: u64,
    blocked_by: String,
    limit: Value,
    /// The printed final memory of each distinct outcome.
    finals: BTreeSet<String>,
}

impl Run {
    fn describe(&self) -> String {
        format!(
            "exit {:?}, verdict {}, executions {}, blocked {} {}, limit {}, final states {:?}",
            self.code,
            self.verdict,
            self.executions,
            self.blocked,
            self.blocked_by,
            self.limit,
            self.finals
        )
    }
}

fn weft_check(file: &Path, por: &str, mm: Mm) -> Result<Run, String> {
    let dir = file.parent().expect("file has a parent");
    let name = file.file_name().expect("file has a name");
    let max = if por == "none" {
        NAIVE_CAP
    } else {
        MAX_EXECUTIONS
    }
    .to_string();
    let args: Vec<&std::ffi::OsStr> = vec![
        "check".as_ref(),
        name,
        "--json".as_ref(),
        "--outcomes".as_ref(),
        "--por".as_ref(),
        por.as_ref(),
        "--mm".as_ref(),
        mm.flag().as_ref(),
        "--no-race-check".as_ref(),
        "--max-executions".as_ref(),
        max.as_ref(),
        // One worker: Optimal-DPOR is checked for no blocked run, which a
        // split run does not keep (the differential tests check `-j 2`).
        "-j".as_ref(),
        "1".as_ref(),
    ];
    let out = common::run_weft(Some(dir), &args, DEADLINE)?;
    let json: Value = serde_json::from_str(&out.stdout).map_err(|e| {
        format!(
            "`{}`: exit {:?}, unparsable JSON ({e})\nstdout:\n{}\nstderr:\n{}",
            out.command, out.code, out.stdout, out.stderr
        )
    })?;
    let u64_field = |name: &str| {
        json.get(name)
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("`{}`: no integer `{name}` in\n{}", out.command, out.stdout))
    };
    // An outcome reads `exit 0 | mem DIGEST | [thread 0] "x0=10 x1=20\n"`
    // (each thread's output; only main prints here): keep the printed line.
    let finals = json
        .get("outcomes")
        .and_then(Value::as_array)
        .ok_or_else(|| format!("`{}`: no `outcomes` array", out.command))?
        .iter()
        .map(|o| {
            let s = o.as_str().map_or_else(|| o.to_string(), str::to_string);
            let printed = s.rsplit(" | ").next().unwrap_or(&s);
            let printed = printed
                .split_once("] \"")
                .map_or(printed, |(_, text)| text)
                .trim_end_matches('"');
            printed.trim_end_matches("\\n").trim_end().to_string()
        })
        .collect();
    Ok(Run {
        code: out.code,
        verdict: json
            .get("verdict")
            .and_then(Value::as_str)
            .unwrap_or("<missing>")
            .to_string(),
        executions: u64_field("executions")?,
        blocked: u64_field("blocked")?,
        blocked_by: json
            .get("blocked_by")
            .map_or_else(String::new, Value::to_string),
        limit: json.get("limit").cloned().unwrap_or(Value::Null),
        finals,
    })
}

/// What one model of one case gave: traces, then executions of optimal,
/// source and none (`None` if the run failed).
#[derive(Debug, Clone)]
struct ModelRow {
    mm: Mm,
    traces: u64,
    executions: [Option<u64>; 3],
    /// The naive run hit [`NAIVE_CAP`].
    naive_capped: bool,
}

impl ModelRow {
    fn show(&self, explorer: usize) -> String {
        match self.executions[explorer] {
            None => "-".to_string(),
            Some(n) if explorer == 2 && self.naive_capped => format!(">={n}"),
            Some(n) => n.to_string(),
        }
    }
}

struct CaseResult {
    name: String,
    rows: Vec<ModelRow>,
    /// Every violated requirement, with the program.
    failures: Vec<String>,
}

/// Counts the traces of `prog` under each model, runs weft's three explorers
/// and checks them against the counts.
fn check_case(scratch: &Scratch, prog: &Program) -> CaseResult {
    let text = render(prog);
    let path = scratch.write(&format!("{}.c", prog.name), &text);
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for mm in Mm::ALL {
        let counted = count(prog, mm);
        let traces = counted.traces.len() as u64;
        let finals: BTreeSet<String> = counted.finals.iter().map(|m| final_line(m)).collect();
        let mut row = ModelRow {
            mm,
            traces,
            executions: [None; 3],
            naive_capped: false,
        };
        let mut problems = Vec::new();
        let mut runs = Vec::new();
        for (e, por) in EXPLORERS.into_iter().enumerate() {
            let run = match weft_check(&path, por, mm) {
                Ok(run) => run,
                Err(err) => {
                    problems.push(format!("--por {por}: {err}"));
                    continue;
                }
            };
            row.executions[e] = Some(run.executions);
            if por == "none" && run.limit == "max-executions" && run.executions == NAIVE_CAP {
                // Incomplete: at least NAIVE_CAP executions, outcomes unknown.
                row.naive_capped = true;
                if run.code != Some(3) || run.verdict != "incomplete" {
                    problems.push(format!(
                        "--por none: cut at {NAIVE_CAP} executions, expected exit 3 and \
                         verdict incomplete"
                    ));
                }
                runs.push((por, run));
                continue;
            }
            if run.code != Some(0) || run.verdict != "safe" || !run.limit.is_null() {
                problems.push(format!(
                    "--por {por}: expected exit 0, verdict safe and no limit"
                ));
            }
            match por {
                "optimal" => {
                    if run.executions != traces || run.blocked != 0 {
                        problems.push(format!(
                            "--por optimal: expected {traces} executions (Shasha-Snir traces) \
                             and 0 blocked, got {} executions and {} blocked",
                            run.executions, run.blocked
                        ));
                    }
                }
                _ => {
                    if run.executions < traces {
                        problems.push(format!(
                            "--por {por}: expected at least {traces} executions (Shasha-Snir \
                             traces), got {}",
                            run.executions
                        ));
                    }
                }
            }
            if run.finals != finals {
                problems.push(format!(
                    "--por {por}: final states {:?}, the model reaches {finals:?}",
                    run.finals
                ));
            }
            runs.push((por, run));
        }
        if let [Some(optimal), Some(source), Some(none)] = row.executions {
            if !(optimal <= source && source <= none) {
                problems.push(format!(
                    "expected optimal <= source <= none, got {optimal} / {source} / {none}"
                ));
            }
        }
        if !problems.is_empty() {
            let mut report = format!(
                "{} under --mm {}: {} Shasha-Snir traces; weft's executions optimal {} / \
                 source {} / none {}\n",
                prog.name,
                mm.flag(),
                traces,
                row.show(0),
                row.show(1),
                row.show(2)
            );
            let _ = writeln!(report, "  model: {}", prog.describe());
            for p in &problems {
                let _ = writeln!(report, "  {p}");
            }
            for (por, run) in &runs {
                let _ = writeln!(report, "  --por {por}: {}", run.describe());
            }
            let _ = writeln!(report, "  program {}:\n{text}", path.display());
            failures.push(report);
        }
        rows.push(row);
    }
    if failures.is_empty() {
        let _ = std::fs::remove_file(&path);
    }
    CaseResult {
        name: prog.name.clone(),
        rows,
        failures,
    }
}

/// Runs `job` on each item of `todo` with [`WORKERS`] threads; returns the
/// results in the order of `todo`.
fn run_parallel<T: Sync, R: Send>(todo: &[T], job: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..WORKERS {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = todo.get(i) else { break };
                let result = job(item);
                results.lock().expect("results lock").push((i, result));
            });
        }
    });
    let mut results = results.into_inner().expect("results lock");
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Checks every program, prints one line per program and fails with every
/// failure report.
fn check_all(tag: &str, progs: &[Program]) {
    let mut scratch = Scratch::new(tag);
    let start = Instant::now();
    let results = run_parallel(progs, |prog| check_case(&scratch, prog));
    let mut failures = Vec::new();
    let mut mismatched = 0;
    for (prog, r) in progs.iter().zip(&results) {
        let mut line = format!("{:<26}", r.name);
        for row in &r.rows {
            let _ = write!(
                line,
                " | {:>3}: traces {:>3}, opt/src/none {:>3} /{:>4} /{:>6}",
                row.mm.flag(),
                row.traces,
                row.show(0),
                row.show(1),
                row.show(2)
            );
            if row.executions[0] != Some(row.traces) {
                line.push_str(" !=");
            }
        }
        let _ = write!(line, "   {}", prog.describe());
        eprintln!("{line}");
        if !r.failures.is_empty() {
            mismatched += 1;
        }
        failures.extend(r.failures.iter().cloned());
    }
    eprintln!(
        "{tag}: {} programs, {mismatched} failing, {:.1}s",
        progs.len(),
        start.elapsed().as_secs_f64()
    );
    if !failures.is_empty() {
        scratch.keep = true;
        panic!(
            "{} failures in {mismatched} of {} programs (programs kept in {}):\n\n{}",
            failures.len(),
            progs.len(),
            scratch.dir.display(),
            failures.join("\n")
        );
    }
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

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

/// The counters against hand-checked counts, and against each other (inside
/// [`count`]); every model allows at least the traces of the stronger ones.
#[test]
fn counter_matches_hand_checked_counts() {
    for fam in families() {
        let counts: Vec<Counted> = Mm::ALL.iter().map(|&mm| count(&fam.prog, mm)).collect();
        let got: Vec<u64> = counts.iter().map(|c| c.traces.len() as u64).collect();
        if let Some(expected) = fam.expected {
            assert_eq!(
                got,
                expected,
                "{} ({}): counted traces (sc, tso, pso) {got:?}, hand-checked {expected:?}",
                fam.prog.name,
                fam.prog.describe()
            );
        }
        for w in counts.windows(2) {
            assert!(
                w[0].traces.is_subset(&w[1].traces),
                "{}: a trace of a stronger model is missing from a weaker one",
                fam.prog.name
            );
        }
    }
    // The traces themselves, for the paper example: x0 = 1; r = x0 || x0 = 2.
    let prog = Program::new(
        "paper",
        1,
        vec![vec![Op::Store(0), Op::Load(0)], vec![Op::Store(0)]],
    );
    let (own, other) = ((1, 0), (2, 0));
    let sig = |src: Ev, co: [Ev; 2]| Signature {
        rf: BTreeMap::from([((1, 1), Some(src))]),
        co: vec![co.to_vec()],
    };
    let expected = BTreeSet::from([
        sig(own, [own, other]),
        sig(other, [own, other]),
        sig(own, [other, own]),
    ]);
    for mm in Mm::ALL {
        assert_eq!(count(&prog, mm).traces, expected, "paper example, {mm:?}");
    }
    // Store buffering: under TSO the fourth trace has both loads reading
    // the initial values.
    let sb = &families()[0].prog;
    let both_initial = Signature {
        rf: BTreeMap::from([((1, 1), None), ((2, 1), None)]),
        co: vec![vec![(1, 0)], vec![(2, 0)]],
    };
    assert!(!count(sb, Mm::Sc).traces.contains(&both_initial));
    assert!(count(sb, Mm::Tso).traces.contains(&both_initial));
    // Random programs: the counters agree and the models nest.
    for case in 0..200 {
        let prog = random_program(DEFAULT_SEED, case);
        let counts: Vec<Counted> = Mm::ALL.iter().map(|&mm| count(&prog, mm)).collect();
        for w in counts.windows(2) {
            assert!(
                w[0].traces.is_subset(&w[1].traces),
                "{} ({}): models do not nest",
                prog.name,
                prog.describe()
            );
        }
    }
}

/// Optimal-DPOR explores one execution per Shasha-Snir trace on the named
/// families, under each model.
#[test]
fn families_match_shasha_snir_traces() {
    let progs: Vec<Program> = families().into_iter().map(|f| f.prog).collect();
    check_all("families", &progs);
}

/// The same on random tiny programs.
#[test]
fn random_programs_match_shasha_snir_traces() {
    let cases = env_number("SHASHA_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let seed = env_number("SHASHA_SEED").unwrap_or(DEFAULT_SEED);
    let todo: Vec<usize> = match env_number("SHASHA_ONLY") {
        Some(k) => vec![k as usize],
        None => (0..cases).collect(),
    };
    eprintln!("random programs: seed {seed:#x}, {} cases", todo.len());
    let progs: Vec<Program> = todo.iter().map(|&k| random_program(seed, k)).collect();
    check_all("random", &progs);
}
