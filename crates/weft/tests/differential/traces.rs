//! Exact counts: Optimal-DPOR's execution counts on tiny program families
//! against an independent count of their Mazurkiewicz traces, computed
//! here from an abstract model of the events.

use crate::common::{render_main, Scratch};
use crate::runner::weft_check;
use std::collections::HashSet;
use std::fmt::Write as _;

const SEQ: &str = "__ATOMIC_SEQ_CST";

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
