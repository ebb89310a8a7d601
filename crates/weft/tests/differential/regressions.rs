//! Minimised programs on which the explorers once disagreed, kept as C
//! files (each says in its header comment what went wrong):
//! `tests/differential/sc/` runs through the comparison of
//! `random_programs_agree` (SC, with and without the race check),
//! `tests/differential/wmm/` through that of
//! `random_programs_agree_tso_pso` (all three models, the explorers
//! against each other and the models against each other).

use crate::common::Scratch;
use crate::compare::{check_program, CaseResult, Plan, Shape, SC_PLAN, WMM_PLAN};
use std::path::{Path, PathBuf};

/// The `.c` files of `tests/differential/SUB`, sorted by name.
fn programs(sub: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/differential")
        .join(sub);
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no programs in {}", dir.display());
    files
}

/// Checks every program of `tests/differential/SUB` under `plan` (copied
/// into a scratch directory, where a failing one is kept).
fn check_all(sub: &str, plan: &Plan) {
    let mut scratch = Scratch::new(&format!("diff-regress-{sub}"));
    let mut failures = Vec::new();
    for file in programs(sub) {
        let name = file.file_stem().expect("a file name").to_string_lossy();
        let text = std::fs::read_to_string(&file).expect("read program");
        let path = scratch.write(&format!("{name}.c"), &text);
        let title = format!("{} ({})", name, file.display());
        if let CaseResult::Failed(report) =
            check_program(&path, &text, Shape::of_text(&text), &title, plan)
        {
            failures.push(report);
        }
    }
    if !failures.is_empty() {
        scratch.keep = true;
        panic!("{}", failures.join("\n"));
    }
}

#[test]
fn regressions_agree() {
    check_all("sc", &SC_PLAN);
}

/// Former TSO/PSO discrepancies: fixed by reporting a race at the later of
/// its two source locations, by taking an atomic store's synchronisation
/// at its update, and by the own-store rule of the chronological trace.
#[test]
fn tso_regressions() {
    check_all("wmm", &WMM_PLAN);
}
