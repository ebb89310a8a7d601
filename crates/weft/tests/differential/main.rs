//! Differential tests of the explorers.
//!
//! `random_programs_agree` generates small random concurrent C programs from a
//! fixed seed and runs each one with `--por none`, `--por source` and
//! `--por optimal`. The DPOR explorers must reach exactly the outcomes and bugs
//! of the naive search, with no more executions:
//! optimal <= source <= none. Every other program also has
//! `__VERIFIER_assume` calls and atomic sections (`__VERIFIER_atomic_begin`/
//! `end` and `__VERIFIER_atomic_*` functions), with assumes inside and
//! outside the sections, so that executions end blocked, also inside a
//! section (the class of a bug DPOR once had).
//!
//! `random_programs_agree_tso_pso` does the same under the weak memory
//! models: it generates smaller programs (at most `WMM_MAX_SHARED_OPS`
//! shared operations, two or three threads, with fences and relaxed,
//! release and acquire atomics in the racy ones) and runs the three
//! explorers under `--mm sc`, `--mm tso` and `--mm pso`. For each model the
//! explorers must agree as above. Across models, every outcome and every bug
//! other than a data race under SC is also reached under TSO, and every one
//! under TSO under PSO; a race-free program that uses only sequentially
//! consistent atomics has the same outcomes, bugs and (unless it has atomic
//! sections, which are dependent with buffer flushes too) Optimal-DPOR
//! execution count under all three (it is robust).
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
//! `random_condvar_programs_agree` compares Optimal-DPOR and `--por unfold`
//! with the naive search on random programs with condition variables: see
//! [`condvar`].
//!
//! `random_predict_agrees` checks `weft predict` against enumeration of
//! the interleavings of the recorded events: see [`predict`].
//!
//! `random_symbolic_agree` checks symbolic inputs against their concrete
//! enumeration on random programs with `__VERIFIER_nondet_*` inputs: see
//! [`symbolic`].
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
//!
//! `regressions_agree` and `tso_regressions` run the minimised programs of
//! `tests/differential/sc/` and `tests/differential/wmm/` through the same
//! comparisons.
//!
//! Modules: [`generator`] (random programs), [`runner`] (running weft),
//! [`compare`] (the comparison of explorers and models), [`regressions`]
//! (the minimised programs), [`traces`] (exact counts against Mazurkiewicz
//! traces), [`symbolic`] (symbolic inputs against enumeration).

#[path = "../common/mod.rs"]
mod common;
mod compare;
mod condvar;
mod generator;
mod predict;
mod regressions;
mod runner;
mod spin;
mod symbolic;
mod traces;

use common::Scratch;
use compare::{run_case, CaseResult, Plan, NAIVE_CAP, SC_PLAN, WMM_PLAN};
use generator::{generate, render, robust, Limits, SC_LIMITS, WMM_LIMITS};
use runner::{env_number, run_parallel, weft_check};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;

pub(crate) const DEFAULT_CASES: usize = 60;

/// Prints every failure and fails the test, keeping the failing programs
/// on disk.
pub(crate) fn fail_on_problems(
    scratch: &mut Scratch,
    failures: &[String],
    cases: usize,
    what: &str,
) {
    if failures.is_empty() {
        return;
    }
    scratch.keep = true;
    for f in failures {
        eprintln!("{f}");
    }
    panic!(
        "{} of {cases} {what} cases failed; failing programs kept in {}",
        failures.len(),
        scratch.dir.display()
    );
}
const DEFAULT_SEED: u64 = 0x5eed_f00d_2024;
/// The memory models, strongest first: every behaviour of one is a
/// behaviour of the next.
const MODELS: [&str; 3] = ["sc", "tso", "pso"];

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
    fail_on_problems(&mut scratch, &failures, todo.len(), "differential");
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

/// Random programs with small nondeterministic inputs: `--nondet symbolic
/// --por optimal` must find the bugs and outcomes of `--nondet enumerate
/// --por none` in no more executions. See [`symbolic`].
#[test]
fn random_symbolic_agree() {
    symbolic::run_random_symbolic(DEFAULT_SEED);
}

/// Random programs with atomic sections: `weft predict`'s confirmed
/// violations against enumeration. See [`predict`].
#[test]
fn random_predict_agrees() {
    predict::run_random_predict(DEFAULT_SEED);
}

/// Random programs with condition variables: Optimal-DPOR and the
/// unfolding explorer against the naive search. See [`condvar`].
#[test]
fn random_condvar_programs_agree() {
    condvar::run_random_condvar(DEFAULT_SEED);
}

/// Random programs with spin loops: the naive search on them against the
/// naive search on the awaits they stand for, and the explorers against
/// the naive search. See [`spin`].
#[test]
fn random_spin_programs_agree() {
    spin::run_random_spin(DEFAULT_SEED);
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
                if r.blocked_by.contains_key("sleep-set") {
                    problems.push(format!(
                        "--mm {}: blocked_by has `sleep-set`: {:?}",
                        r.mm, r.blocked_by
                    ));
                }
                if r.anomalies.values().any(|&n| n != 0) {
                    problems.push(format!(
                        "--mm {}: explorer anomalies {:?}",
                        r.mm, r.anomalies
                    ));
                }
            }
            for r in &runs[1..] {
                // Atomic sections are dependent with every event, buffer
                // flushes included: TSO and PSO add equivalent orders of the
                // flushes around a section, so only sectionless programs
                // keep the count.
                if r.executions != sc.executions && !prog.has_sections() {
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
