//! `random_spin_programs_agree`: spin loops against the awaits they stand
//! for.
//!
//! weft cuts a loop iteration that repeats one that changed nothing (spin
//! detection, see the README's *Spin assumptions*): `while (flag != 1);`
//! then waits for another thread to write `flag` instead of spinning. Every
//! explorer relies on it, the naive search too, so comparing explorers with
//! each other cannot find a spin cut that loses a behaviour. Here each
//! program is run twice:
//! - as written, with spin loops: waiting for a flag (atomic or plain
//!   loads, with or without `sched_yield`, also holding a mutex), a
//!   test-and-set lock (`__atomic_exchange_n`), a compare-and-swap lock;
//! - compiled with `-DAWAIT`, where each loop is one attempt followed by
//!   `__VERIFIER_assume` of its success (an execution in which it fails is
//!   cut, no thread waits).
//!
//! Both reach the same final states and the same bugs, except that a spin
//! that nothing ends is reported as a deadlock where the await's execution
//! is cut: the naive search on the awaits is the reference for the final
//! outcomes and the bugs other than deadlocks of the naive search on the
//! spins. Optimal- and Source-DPOR, `--por unfold` and Optimal-DPOR at
//! `-j 2` on the spins are compared with the naive search on the spins, as
//! the other campaigns do. Each case runs under one of SC, TSO and PSO.

use crate::common::{Rng, Scratch};
use crate::compare::{compare_split, compare_unfold, same_as_naive};
use crate::runner::{conclude, env_number, run_parallel, weft_check_with, Run};
use std::collections::BTreeSet;
use std::fmt::Write as _;

const CAP: u64 = 100_000;
const DEFAULT_CASES: usize = 30;
const MODELS: [&str; 3] = ["sc", "tso", "pso"];

/// The macros a program's steps use: spins, or awaits with `-DAWAIT`.
const MACROS: &str = r#"#ifdef AWAIT
#define WAIT_ATOMIC(p, v) do { int r_ = __atomic_load_n(p, __ATOMIC_SEQ_CST); __VERIFIER_assume(r_ == (v)); } while (0)
#define WAIT_YIELD(p, v) WAIT_ATOMIC(p, v)
#define WAIT_PLAIN(p, v) do { int r_ = *(p); __VERIFIER_assume(r_ == (v)); } while (0)
#define TAS_LOCK(p) do { int r_ = __atomic_exchange_n(p, 1, __ATOMIC_SEQ_CST); __VERIFIER_assume(r_ == 0); } while (0)
#define CAS_LOCK(p) do { int e_ = 0; int ok_ = __atomic_compare_exchange_n(p, &e_, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); __VERIFIER_assume(ok_); } while (0)
#else
#define WAIT_ATOMIC(p, v) do { while (__atomic_load_n(p, __ATOMIC_SEQ_CST) != (v)) ; } while (0)
#define WAIT_YIELD(p, v) do { while (__atomic_load_n(p, __ATOMIC_SEQ_CST) != (v)) sched_yield(); } while (0)
#define WAIT_PLAIN(p, v) do { while (*(p) != (v)) ; } while (0)
#define TAS_LOCK(p) do { while (__atomic_exchange_n(p, 1, __ATOMIC_SEQ_CST)) ; } while (0)
#define CAS_LOCK(p) do { int e_; do { e_ = 0; } while (!__atomic_compare_exchange_n(p, &e_, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)); } while (0)
#endif
#define UNLOCK(p) __atomic_store_n(p, 0, __ATOMIC_SEQ_CST)
"#;

/// One step of a thread.
fn step(rng: &mut Rng, out: &mut String) {
    let i = rng.range(0, 1);
    let v = rng.range(1, 2);
    let line = match rng.range(0, 11) {
        0 => format!("__atomic_store_n(&f[{i}], {v}, __ATOMIC_SEQ_CST);"),
        1 => format!("f[{i}] = {v};"),
        2 | 3 => format!("WAIT_ATOMIC(&f[{i}], {v});"),
        4 => format!("WAIT_PLAIN(&f[{i}], {v});"),
        5 => {
            let lock = if rng.chance(50) { "TAS_LOCK" } else { "CAS_LOCK" };
            format!("{lock}(&lk); d[{i}] = d[{i}] + {v}; UNLOCK(&lk);")
        }
        6 => format!("d[{i}] = {v};"),
        7 => format!("assert(d[{i}] != 2);"),
        8 => format!("WAIT_YIELD(&f[{i}], {v});"),
        9 => format!("pthread_mutex_lock(&m); WAIT_ATOMIC(&f[{i}], {v}); d[{i}] = {v}; pthread_mutex_unlock(&m);"),
        10 => format!("pthread_mutex_lock(&m); f[{i}] = {v}; pthread_mutex_unlock(&m);"),
        _ => format!("assert(__atomic_load_n(&f[{i}], __ATOMIC_SEQ_CST) != 2);"),
    };
    let _ = writeln!(out, "  {line}");
}

/// The program of case `case`.
pub(crate) fn program(seed: u64, case: usize) -> String {
    let mut rng = Rng::new(seed, case as u64 ^ 0x5b_19);
    let threads = rng.range(2, 3);
    let mut out = format!(
        "// weft differential test (random_spin_programs_agree): seed {seed:#x}, case {case}\n\
         #include <assert.h>\n#include <pthread.h>\n#include <sched.h>\n#include <stdio.h>\n\
         extern void __VERIFIER_assume(int);\n{MACROS}\
         int f[2];\nint d[2];\nint lk;\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"
    );
    for t in 0..threads {
        let _ = writeln!(out, "void *t{t}(void *arg) {{");
        for _ in 0..rng.range(1, 5 - threads) {
            step(&mut rng, &mut out);
        }
        out.push_str("  return 0;\n}\n");
    }
    out.push_str("int main(void) {\n");
    let _ = writeln!(out, "  pthread_t h[{threads}];");
    for t in 0..threads {
        let _ = writeln!(out, "  pthread_create(&h[{t}], 0, t{t}, 0);");
    }
    for t in 0..threads {
        let _ = writeln!(out, "  pthread_join(h[{t}], 0);");
    }
    out.push_str("  printf(\"%d %d %d %d %d\\n\", f[0], f[1], d[0], d[1], lk);\n  return 0;\n}\n");
    out
}

/// The outcomes a program really ends in (no cut execution), less the
/// deadlocks (those of a spin are cut executions of the await) and less
/// the memory digest, which differs between the two compilations (`main`
/// prints every global).
fn final_outcomes(r: &Run) -> BTreeSet<String> {
    r.outcomes
        .iter()
        .filter(|o| weft_explore::is_final_outcome(o) && !o.starts_with("bug deadlock"))
        .map(|o| match (o.find(" | mem "), o.rfind(" | ")) {
            (Some(i), Some(j)) if j > i => format!("{}{}", &o[..i], &o[j..]),
            _ => o.clone(),
        })
        .collect()
}

fn bugs_but_deadlocks(r: &Run) -> BTreeSet<&(String, String)> {
    r.bugs.iter().filter(|(k, _)| k != "deadlock").collect()
}

/// Checks that the spins (`spin`, naive) reach the awaits' (`await_`,
/// naive) final outcomes and bugs, deadlocks aside.
fn same_as_awaits(spin: &Run, await_: &Run, problems: &mut Vec<String>) {
    let (s, a) = (final_outcomes(spin), final_outcomes(await_));
    if s != a {
        problems.push(format!(
            "--mm {}: spin loops end in other states than their awaits: missing {:?}, extra {:?}",
            spin.mm,
            a.difference(&s).collect::<Vec<_>>(),
            s.difference(&a).collect::<Vec<_>>()
        ));
    }
    let (s, a) = (bugs_but_deadlocks(spin), bugs_but_deadlocks(await_));
    if s != a {
        problems.push(format!(
            "--mm {}: spin loops find other bugs than their awaits: missing {:?}, extra {:?}",
            spin.mm,
            a.difference(&s).collect::<Vec<_>>(),
            s.difference(&a).collect::<Vec<_>>()
        ));
    }
}

pub fn run_random_spin(default_seed: u64) {
    let cases = env_number("WEFT_DIFF_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let seed = env_number("WEFT_DIFF_SEED").unwrap_or(default_seed);
    let todo: Vec<usize> = match env_number("WEFT_DIFF_ONLY") {
        Some(k) => vec![k as usize],
        None => (0..cases).collect(),
    };
    let mut scratch = Scratch::new("diff-spin");
    let results = run_parallel(&todo, |case| -> Option<Vec<String>> {
        let text = program(seed, case);
        let path = scratch.write(&format!("spin_{case}.c"), &text);
        let mm = MODELS[case % MODELS.len()];
        let run = |por: &str, more: &[&str]| weft_check_with(&path, por, mm, true, Some(CAP), more);
        let complete = |r: &Run| r.limit.is_null() && r.verdict != "incomplete";
        let mut problems = Vec::new();
        let none = match run("none", &[]) {
            Ok(r) if complete(&r) => r,
            Ok(_) => return None,
            Err(e) => return Some(vec![e]),
        };
        match run("none", &["--", "-DAWAIT"]) {
            Ok(r) if complete(&r) => same_as_awaits(&none, &r, &mut problems),
            Ok(_) => return None,
            Err(e) => return Some(vec![e]),
        }
        let optimal = match run("optimal", &[]) {
            Ok(r) => r,
            Err(e) => return Some(vec![e]),
        };
        same_as_naive("--por optimal", &none, &optimal, &mut problems);
        if optimal.anomalies.values().any(|&n| n != 0) {
            problems.push(format!(
                "--por optimal: explorer anomalies {:?}",
                optimal.anomalies
            ));
        }
        match run("source", &[]) {
            Ok(source) => same_as_naive("--por source", &none, &source, &mut problems),
            Err(e) => problems.push(e),
        }
        match run("optimal", &["-j", "2"]) {
            Ok(split) => compare_split(&none, &optimal, &split, &mut problems),
            Err(e) => problems.push(e),
        }
        match run("unfold", &["--unfold-k", "inf"]) {
            Ok(u) => compare_unfold(&none, &optimal, &u, "inf", false, &mut problems),
            Err(e) => problems.push(e),
        }
        if !problems.is_empty() {
            problems.insert(
                0,
                format!(
                    "=== case {case} --mm {mm}: {}\nreproduce: WEFT_DIFF_SEED={seed:#x} WEFT_DIFF_ONLY={case} cargo test --release -p weft --test differential random_spin",
                    path.display()
                ),
            );
        }
        Some(problems)
    });
    conclude("random_spin_programs_agree", seed, results, &mut scratch);
}
