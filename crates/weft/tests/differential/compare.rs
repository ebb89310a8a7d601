//! Comparing the explorers on one program: the three explorers under each
//! memory model of a [`Plan`] against each other, and the models against
//! each other.

use crate::common::Scratch;
use crate::generator::{generate, render, robust, Limits, Mode};
use crate::runner::{weft_check, weft_check_with, Run, EXPLORERS};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

/// Cap on the naive run; a case whose naive run is incomplete is skipped.
pub const NAIVE_CAP: u64 = 200_000;
/// Cap on the naive run under TSO and PSO; beyond it the model is skipped
/// for that case.
const WMM_NAIVE_CAP: u64 = 100_000;

/// The memory models and race-check settings a program is checked under.
pub struct Plan {
    /// Each model with the cap on its naive run. A model whose naive run
    /// hits the cap is skipped for that program (the whole program when it
    /// is the first model).
    pub models: &'static [(&'static str, u64)],
    /// Race-check settings; with both, the runs are also compared with each
    /// other (race detection must not steer exploration).
    pub race_checks: &'static [bool],
}

pub const SC_PLAN: Plan = Plan {
    models: &[("sc", NAIVE_CAP)],
    race_checks: &[true, false],
};

pub const WMM_PLAN: Plan = Plan {
    models: &[
        ("sc", NAIVE_CAP),
        ("tso", WMM_NAIVE_CAP),
        ("pso", WMM_NAIVE_CAP),
    ],
    race_checks: &[true],
};

/// What one memory model of a passing case contributed to the statistics.
pub struct ModelStats {
    pub mm: &'static str,
    /// Executions of none/source/optimal (with the race check when it ran),
    /// or `None` if the naive run hit its cap and the model was skipped.
    pub executions: Option<[u64; 3]>,
    pub naive_s: f64,
}

pub enum CaseResult {
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
pub fn compare(runs: &[Run; 3], blocks: bool, problems: &mut Vec<String>) {
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
        same_as_naive(&format!("{ctx} --por {}", r.por), none, r, problems);
    }
    same_count(&ctx, none, source, optimal, problems);
    if !(optimal.executions <= source.executions && source.executions <= none.executions) {
        problems.push(format!(
            "{ctx}: executions not ordered: optimal {} <= source {} <= none {} fails",
            optimal.executions, source.executions, none.executions
        ));
    }
    if optimal.blocked_by.contains_key("sleep-set") {
        problems.push(format!(
            "{ctx} --por optimal: blocked_by has `sleep-set`: {:?}",
            optimal.blocked_by
        ));
    }
    for r in runs {
        if r.anomalies.values().any(|&n| n != 0) {
            problems.push(format!(
                "{ctx} --por {}: explorer anomalies {:?}",
                r.por, r.anomalies
            ));
        }
    }
    if !blocks && none.blocked != 0 {
        problems.push(format!(
            "{ctx} --por none: {} blocked executions (the programs never block)",
            none.blocked
        ));
    }
}

/// With sleep sets, no two executions Source-DPOR completes are
/// equivalent, and both DPOR explorers reach every Mazurkiewicz trace:
/// when every execution runs to its end (no bug, no failed assume), both
/// count the traces. Executions that end early are not compared: which
/// threads get to step before the end is a matter of counting there.
pub fn same_count(ctx: &str, none: &Run, source: &Run, optimal: &Run, problems: &mut Vec<String>) {
    let all_complete = none.verdict == "safe" && none.blocked == 0;
    if all_complete && optimal.executions != source.executions {
        problems.push(format!(
            "{ctx}: optimal {} executions but source {} (both should count the traces)",
            optimal.executions, source.executions
        ));
    }
}

/// Checks that run `r` (described by `ctx`) has the naive run's verdict,
/// outcomes and bugs.
pub fn same_as_naive(ctx: &str, none: &Run, r: &Run, problems: &mut Vec<String>) {
    if r.verdict != none.verdict {
        problems.push(format!(
            "{ctx}: verdict {} but naive says {}",
            r.verdict, none.verdict
        ));
    }
    if r.outcomes != none.outcomes {
        let missing: Vec<_> = none.outcomes.difference(&r.outcomes).collect();
        let extra: Vec<_> = r.outcomes.difference(&none.outcomes).collect();
        problems.push(format!(
            "{ctx}: outcomes differ from naive: missing {missing:?}, extra {extra:?}"
        ));
    }
    if r.bugs != none.bugs {
        let missing: Vec<_> = none.bugs.difference(&r.bugs).collect();
        let extra: Vec<_> = r.bugs.difference(&none.bugs).collect();
        problems.push(format!(
            "{ctx}: bugs differ from naive: missing {missing:?}, extra {extra:?}"
        ));
    }
}

/// Compares a split run (`--por optimal -j 2`, `split`) with one worker's
/// (`optimal`): the same verdict and bugs, no anomaly; without a bug
/// exactly the same executions and outcomes, with one (`--keep-going`) no
/// outcome the naive search lacks (an execution cut short by a bug may be
/// cut at other points, see the README). Sleep-set-blocked runs are
/// allowed: parts may end blocked.
pub fn compare_split(none: &Run, optimal: &Run, split: &Run, problems: &mut Vec<String>) {
    let ctx = format!("--mm {} --por optimal -j 2", split.mm);
    if !split.limit.is_null() || !optimal.limit.is_null() {
        return;
    }
    if split.verdict != optimal.verdict || split.bugs != optimal.bugs {
        problems.push(format!(
            "{ctx}: verdict {} bugs {:?}, but -j 1 has {} {:?}",
            split.verdict, split.bugs, optimal.verdict, optimal.bugs
        ));
    }
    if split.anomalies.values().any(|&n| n != 0) {
        problems.push(format!("{ctx}: anomalies {:?}", split.anomalies));
    }
    if optimal.bugs.is_empty() {
        if split.executions != optimal.executions || split.outcomes != optimal.outcomes {
            problems.push(format!(
                "{ctx}: {} executions and {} outcomes, but -j 1 has {} and {}",
                split.executions,
                split.outcomes.len(),
                optimal.executions,
                optimal.outcomes.len()
            ));
        }
    } else if !split.outcomes.is_subset(&none.outcomes) {
        let extra: Vec<_> = split.outcomes.difference(&none.outcomes).collect();
        problems.push(format!("{ctx}: outcomes the naive search lacks: {extra:?}"));
    }
}

/// Compares `--por unfold --unfold-k k` (`u`) with the naive search and
/// Optimal-DPOR on a terminating program: the same verdict, outcomes and
/// bugs as the naive search (on a program with a data race under SC, where
/// plain accesses are local steps: a data race), no more executions, no
/// anomaly; with complete alternatives and no cutoff exactly Optimal-DPOR's
/// executions (none sleep-set blocked), unless the program has atomic
/// sections under SC (`sections`): with cutoffs on, the unfolding keeps
/// their brackets global (`System::global_sections`), where Optimal-DPOR
/// takes a section with a footprint as one step.
pub fn compare_unfold(
    none: &Run,
    optimal: &Run,
    u: &Run,
    k: &str,
    sections: bool,
    problems: &mut Vec<String>,
) {
    let ctx = format!(
        "--mm {}{} --por unfold --unfold-k {k}",
        none.mm,
        if none.race_check {
            ""
        } else {
            " --no-race-check"
        }
    );
    // The DPOR engine's own anomalies (an asleep wakeup-tree child, which
    // Optimal-DPOR shows on some programs with condition variables and
    // assertion failures) are not the unfolding's: they are judged on the
    // Optimal-DPOR run, and the unfolding run is then only compared.
    let engine = optimal.anomalies.values().any(|&n| n != 0);
    let excused = u.limit.is_null() || (engine && u.limit == "anomaly");
    if !excused {
        problems.push(format!("{ctx}: hit limit {}", u.limit));
    }
    // Under SC with the race check, plain accesses are local steps: only
    // synchronisation is interleaved, and the accesses are checked for data
    // races. On a racy program the unfolding must find a data race; what
    // happens after one is undefined, so its outcomes and other bugs are
    // not compared. On a race-free program everything must agree.
    let local = none.mm == "sc" && none.race_check;
    let racy = local && none.bugs.iter().any(|(kind, _)| kind == "data-race");
    if racy {
        if !u.bugs.iter().any(|(kind, _)| kind == "data-race") {
            problems.push(format!(
                "{ctx}: no data race found, but the naive search finds {:?}",
                none.bugs
            ));
        }
    } else {
        same_as_naive(&ctx, none, u, problems);
    }
    if u.executions > none.executions {
        problems.push(format!(
            "{ctx}: {} executions, more than naive's {}",
            u.executions, none.executions
        ));
    }
    if u.anomalies.values().any(|&n| n != 0) && !engine {
        problems.push(format!("{ctx}: explorer anomalies {:?}", u.anomalies));
    }
    let cutoffs = u.json["unfolding"]["cutoffs"].as_u64();
    // Without cutoffs, complete alternatives are Optimal-DPOR's wakeup
    // trees: when plain accesses are events, exactly its executions, none
    // sleep-set blocked. When they are local steps the executions are not
    // Optimal-DPOR's (its plain-access events are gone, an assumption that
    // may fail after local steps is an event of its own, and planning
    // threads before it is no race reversal, so a few may end sleep-set
    // blocked): only the bound by the naive search's count applies.
    if k == "inf"
        && cutoffs == Some(0)
        && !local
        && !(sections && none.mm == "sc")
        && (u.executions != optimal.executions || u.blocked_by != optimal.blocked_by)
    {
        problems.push(format!(
            "{ctx}: no cutoff, but {} executions ({:?}) where optimal has {} ({:?})",
            u.executions, u.blocked_by, optimal.executions, optimal.blocked_by
        ));
    }
    if cutoffs.is_none() {
        problems.push(format!("{ctx}: no `unfolding` statistics"));
    }
}

/// Compares `--strategy icb` without a bound (`r`) with the naive search:
/// every preemption bound in turn covers every schedule, so it is a
/// complete search with the same verdict, outcomes and bugs; without its
/// reduction (`--por none`) it runs exactly the naive search's executions,
/// with it no more.
pub fn compare_icb(none: &Run, r: &Run, reduce: bool, problems: &mut Vec<String>) {
    let ctx = format!(
        "--mm {}{} --strategy icb{}",
        none.mm,
        if none.race_check {
            ""
        } else {
            " --no-race-check"
        },
        if reduce { "" } else { " --por none" }
    );
    if !r.limit.is_null() {
        problems.push(format!("{ctx}: hit limit {}", r.limit));
    }
    same_as_naive(&ctx, none, r, problems);
    let exact = !reduce && (r.executions != none.executions || r.blocked_by != none.blocked_by);
    if exact || r.executions > none.executions {
        problems.push(format!(
            "{ctx}: {} executions ({:?}) where naive has {} ({:?})",
            r.executions, r.blocked_by, none.executions, none.blocked_by
        ));
    }
}

pub fn run_case(
    scratch: &Scratch,
    seed: u64,
    case: usize,
    limits: &Limits,
    plan: &Plan,
) -> CaseResult {
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
    let shape = Shape {
        race_free: prog.mode != Mode::Racy,
        robust: robust(&prog),
        blocks: prog.blocks(),
        sections: prog.has_sections(),
    };
    check_program(&path, &text, shape, &title, plan)
}

/// The runs of one model that the cross-model checks compare.
pub struct ModelRuns {
    pub mm: &'static str,
    /// The naive and the optimal run, with the race check if it ran.
    pub naive: Run,
    pub optimal: Run,
}

/// Runs the three explorers on one program under one model, with each
/// race-check setting of `race_checks`, and compares them. Returns `None`
/// when the naive run hit `cap` (the model is skipped for this program) or
/// a run failed.
pub fn check_model(
    path: &Path,
    mm: &'static str,
    cap: u64,
    race_checks: &[bool],
    shape: Shape,
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
        compare(&runs, shape.blocks, problems);
        match weft_check_with(path, "optimal", mm, race_check, Some(2 * cap), &["-j", "2"]) {
            Ok(split) => {
                compare_split(&runs[0], &runs[2], &split, problems);
                all_runs.push(split);
            }
            Err(e) => problems.push(e),
        }
        for k in ["1", "inf"] {
            match weft_check_with(
                path,
                "unfold",
                mm,
                race_check,
                Some(2 * cap),
                &["--unfold-k", k],
            ) {
                Ok(u) => {
                    let text = std::fs::read_to_string(path).unwrap_or_default();
                    let sections = text.contains("__VERIFIER_atomic");
                    compare_unfold(&runs[0], &runs[2], &u, k, sections, problems);
                    all_runs.push(u);
                }
                Err(e) => problems.push(e),
            }
        }
        for (por, reduce) in [("none", false), ("optimal", true)] {
            match weft_check_with(
                path,
                por,
                mm,
                race_check,
                Some(2 * cap),
                &["--strategy", "icb"],
            ) {
                Ok(r) => {
                    compare_icb(&runs[0], &r, reduce, problems);
                    all_runs.push(r);
                }
                Err(e) => problems.push(e),
            }
        }
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
    if shape.race_free {
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

pub fn non_race_bugs(run: &Run) -> BTreeSet<(String, String)> {
    run.bugs
        .iter()
        .filter(|(k, _)| k != "data-race")
        .cloned()
        .collect()
}

/// Checks across memory models: `models` is ordered strongest first.
/// Every outcome and non-race bug of a stronger model is one of the weaker
/// model. A robust program (race-free, seq_cst atomics only) has the same
/// outcomes, bugs and (without atomic sections, see [`Shape::sections`])
/// Optimal-DPOR execution count under every model.
pub fn compare_models(models: &[ModelRuns], shape: Shape, problems: &mut Vec<String>) {
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
    if !shape.robust {
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
        if m.optimal.executions != base.optimal.executions && !shape.sections {
            problems.push(format!(
                "robust program: --por optimal explores {} executions under --mm {} but {} under --mm {}",
                m.optimal.executions, m.mm, base.optimal.executions, base.mm
            ));
        }
    }
}

/// What a program was built to be, which decides what the comparison may
/// expect of it.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Built without data races: no explorer may report one.
    pub race_free: bool,
    /// Also with seq_cst atomics only: TSO and PSO add no behaviour.
    pub robust: bool,
    /// Has `__VERIFIER_assume` calls: executions may end blocked.
    pub blocks: bool,
    /// Has atomic sections, which are dependent with every event (buffer
    /// flushes included): under TSO and PSO Optimal-DPOR also orders the
    /// flushes around them, so even a robust program may take more
    /// executions than under SC.
    pub sections: bool,
}

impl Shape {
    /// A hand-written program: racy, not known robust, blocking if it
    /// calls `__VERIFIER_assume`.
    pub fn of_text(text: &str) -> Shape {
        Shape {
            race_free: false,
            robust: false,
            blocks: text.contains("__VERIFIER_assume"),
            sections: text.contains("__VERIFIER_atomic_"),
        }
    }
}

/// Runs the three explorers on one program under each model of the plan and
/// compares them. On success the file is removed; on failure it is kept.
pub fn check_program(
    path: &Path,
    text: &str,
    shape: Shape,
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
            shape,
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
    compare_models(&model_runs, shape, &mut problems);
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
