//! `weft predict` against enumeration on random programs: the programs of
//! `random_programs_agree`, with transactions: in even cases each thread's
//! whole body (`weft_atomic_begin/end`), in odd ones the atomic sections
//! the program has, if any; every fourth case is instead a program of
//! `random_condvar_programs_agree` (waits and signals inside the
//! transactions), each thread's body a transaction. There the analysis
//! keeps the recorded order of the condition variables' operations (a
//! documented under-approximation), so it must confirm a subset of what
//! the enumeration exhibits (the missed ones are counted), not all. There the analysis
//! keeps the recorded order of the condition variables' operations (a
//! documented under-approximation), so it must confirm a subset of what
//! the enumeration exhibits (the missed ones are counted), not all (`weft predict` takes them as transactions, not
//! enforced). For each, the violations the
//! analysis confirms must be exactly those that some interleaving of the
//! recorded events exhibits ([`weft::predict::cross_check`]), and no
//! satisfiable candidate may fail to replay.

use crate::common::Scratch;
use crate::generator::{generate, render, SC_LIMITS};
use crate::runner::{env_number, run_parallel};
use crate::{fail_on_problems, DEFAULT_CASES};

/// States the enumeration may visit per program; a larger program is
/// skipped (counted).
const BUDGET: usize = 300_000;

enum Outcome {
    NoSections,
    Skipped,
    Agreed {
        violations: usize,
        candidates: usize,
        /// Exhibited by the enumeration, not confirmed (condition
        /// variable cases only).
        missed: usize,
    },
    Failed(String),
}

pub fn run_random_predict(default_seed: u64) {
    let cases = env_number("WEFT_DIFF_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let seed = env_number("WEFT_DIFF_SEED").unwrap_or(default_seed);
    let todo: Vec<usize> = match env_number("WEFT_DIFF_ONLY") {
        Some(k) => vec![k as usize],
        None => (0..cases).collect(),
    };
    let mut scratch = Scratch::new("diff-predict");
    let results = run_parallel(&todo, |case| {
        let file = scratch.dir.join(format!("case{case}.c"));
        let condvar = case % 4 == 3;
        let text = if condvar {
            // Condition variables (waits inside the transactions).
            whole_body_transactions(&crate::condvar::program(seed, case))
        } else {
            let prog = generate(seed, case, &SC_LIMITS);
            let whole = case % 2 == 0;
            if !whole && !prog.has_sections() {
                return Outcome::NoSections;
            }
            let header = format!("// random_predict_agrees: seed {seed:#x}, case {case}\n");
            let text = render(&prog, &header);
            if whole {
                whole_body_transactions(&text)
            } else {
                text
            }
        };
        if let Err(e) = std::fs::write(&file, text) {
            return Outcome::Failed(format!("case {case}: {e}"));
        }
        match weft::predict::cross_check(&file, &[], weft::predict::TxArg::Markers, BUDGET) {
            Err(e) => Outcome::Failed(format!("case {case} ({}): {e:#}", file.display())),
            Ok(c) => match c.enumerated {
                None => Outcome::Skipped,
                Some(_) if c.unconfirmed > 0 => Outcome::Failed(format!(
                    "case {case} ({}): {} satisfiable candidates did not replay",
                    file.display(),
                    c.unconfirmed
                )),
                Some(e) if !c.confirmed.is_subset(&e) || (!condvar && e != c.confirmed) => {
                    Outcome::Failed(format!(
                        "case {case} ({}): analysis confirmed {:?}, enumeration exhibits {e:?}",
                        file.display(),
                        c.confirmed
                    ))
                }
                Some(e) => Outcome::Agreed {
                    violations: c.confirmed.len(),
                    candidates: c.candidates,
                    missed: e.len() - c.confirmed.len(),
                },
            },
        }
    });
    let (mut agreed, mut skipped, mut none, mut violations, mut candidates) = (0, 0, 0, 0, 0);
    let mut missed = 0;
    let mut failures = Vec::new();
    for (_, r) in results {
        match r {
            Outcome::NoSections => none += 1,
            Outcome::Skipped => skipped += 1,
            Outcome::Agreed {
                violations: v,
                candidates: c,
                missed: m,
            } => {
                agreed += 1;
                missed += m;
                violations += v;
                candidates += c;
            }
            Outcome::Failed(f) => failures.push(f),
        }
    }
    eprintln!(
        "random_predict_agrees: seed {seed:#x}, {} cases: {agreed} agreed ({candidates} candidates, {violations} violations; {missed} more exhibited in condition-variable cases), {skipped} over the enumeration budget, {none} without sections, {} failed",
        todo.len(),
        failures.len()
    );
    fail_on_problems(&mut scratch, &failures, todo.len(), "predict");
    assert!(
        violations > 0 || todo.len() < 10,
        "no violation in any case: the comparison shows nothing"
    );
    assert!(
        skipped * 4 <= agreed.max(1),
        "too many cases over the budget"
    );
}

/// Makes each thread function's body one transaction.
fn whole_body_transactions(src: &str) -> String {
    let mut out = String::new();
    let mut in_thread = false;
    for line in src.lines() {
        if line.starts_with("#include <pthread.h>") {
            out.push_str(line);
            out.push_str(
                "\nextern void weft_atomic_begin(void);\nextern void weft_atomic_end(void);\n",
            );
            continue;
        }
        if in_thread && line == "  return 0;" {
            out.push_str("  weft_atomic_end();\n");
            in_thread = false;
        }
        out.push_str(line);
        out.push('\n');
        if line.starts_with("void *t") && line.ends_with("(void *arg) {") {
            in_thread = true;
            out.push_str("  weft_atomic_begin();\n");
        }
    }
    out
}
