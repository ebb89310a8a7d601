//! Litmus tests for the memory models: one test per C program in
//! `tests/litmus/` and per model (`sc`, `tso`, `pso`).
//!
//! Each program declares the verdict every model must reach in a header of
//! `//` comment lines at the top of the file:
//!
//! | directive                    | meaning                                             |
//! |------------------------------|-----------------------------------------------------|
//! | `sc: safe`                   | exit 0, verdict `safe`, no bugs, no limit           |
//! | `tso: bug KIND...`           | exit 42, verdict `bug`, bug kinds exactly KIND...   |
//! | `pso: ...`                   | the same, for PSO                                   |
//! | `robust` (no value)          | Optimal-DPOR's execution count under `tso` and     |
//! |                              | `pso` must equal the count under `sc`               |
//! | `none-max-executions: N`     | cap of the naive search (default 500,000)           |
//!
//! All three model lines are required. Other header lines are prose; they must
//! not start with a lower-case `word:`.
//!
//! For each model, weft runs as
//! `weft check FILE --json --no-race-check --mm M --por P` with P = `optimal`,
//! `source` and `none` (the naive search, with `--max-executions`). Every
//! explorer must reach the declared verdict and bug kinds. Execution counts
//! must satisfy optimal <= source <= none. A run stops at its first bug, so
//! when the verdict is `bug` the counts are compared on extra `--keep-going`
//! runs, which explore everything. Optimal-DPOR must never block on a sleep
//! set, and no explorer may report an anomaly (the internal consistency
//! counters under `anomalies`).

mod common;

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use std::path::{Path, PathBuf};

use std::time::Duration;

/// How long one weft invocation may take before the test fails.
const DEADLINE: Duration = Duration::from_secs(120);
/// Default cap on the naive search's executions.
const NONE_MAX_EXECUTIONS: u64 = 500_000;
const MODELS: [&str; 3] = ["sc", "tso", "pso"];
const EXPLORERS: [&str; 3] = ["optimal", "source", "none"];
/// Bug kinds a header may name (the JSON schema's strings).
const BUG_KINDS: &[&str] = &[
    "assertion",
    "deadlock",
    "data-race",
    "memory",
    "pthread-misuse",
    "atomicity",
    "abort",
    "undefined-behavior",
];

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for path in litmus_files(&litmus_dir()) {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let spec = std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))
            .and_then(|src| parse_header(&src).map_err(|e| format!("{}: {e}", path.display())));
        let spec = match spec {
            Ok(spec) => spec,
            Err(e) => {
                trials.push(Trial::test(stem, move || Err(Failed::from(e))));
                continue;
            }
        };
        for (m, model) in MODELS.iter().enumerate() {
            let (path, spec) = (path.clone(), spec.clone());
            trials.push(Trial::test(format!("{stem}/{model}"), move || {
                check_model(&path, &spec, model, &spec.expect[m]).map_err(Failed::from)
            }));
        }
        if spec.robust {
            let path = path.clone();
            trials.push(Trial::test(format!("{stem}/robust"), move || {
                check_robust(&path).map_err(Failed::from)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

/// `tests/litmus` at the workspace root.
fn litmus_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/litmus");
    dir.canonicalize().unwrap_or(dir)
}

/// The `.c` files directly in `dir`, sorted by name.
fn litmus_files(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read litmus directory {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("litmus directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .c files in {}", dir.display());
    files
}

// ---------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------

/// What one model must conclude.
#[derive(Clone, Debug, PartialEq)]
enum Expect {
    Safe,
    /// Verdict `bug` with exactly these kinds (sorted, deduplicated).
    Bug(Vec<String>),
}

impl std::fmt::Display for Expect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expect::Safe => write!(f, "safe"),
            Expect::Bug(kinds) => write!(f, "bug {}", kinds.join(" ")),
        }
    }
}

#[derive(Clone, Debug)]
struct Spec {
    /// Indexed like [`MODELS`].
    expect: [Expect; 3],
    robust: bool,
    none_max_executions: u64,
}

fn parse_header(source: &str) -> Result<Spec, String> {
    let mut expect: [Option<Expect>; 3] = [None, None, None];
    let mut robust = false;
    let mut none_max_executions = NONE_MAX_EXECUTIONS;
    for line in source.lines() {
        let Some(body) = line.trim_start().strip_prefix("//") else {
            break;
        };
        let body = body.trim();
        if body == "robust" {
            robust = true;
            continue;
        }
        let Some((key, value)) = directive(body) else {
            continue;
        };
        if let Some(m) = MODELS.iter().position(|&model| model == key) {
            if expect[m].is_some() {
                return Err(format!("two `{key}:` lines"));
            }
            expect[m] = Some(parse_expect(value)?);
        } else if key == "none-max-executions" {
            none_max_executions = value
                .parse()
                .map_err(|_| format!("`{key}:` wants a number, not `{value}`"))?;
        } else {
            return Err(format!("unknown directive `{key}:`"));
        }
    }
    let [sc, tso, pso] = expect;
    let required = |e: Option<Expect>, model: &str| {
        e.ok_or_else(|| format!("missing `{model}:` line in the header"))
    };
    Ok(Spec {
        expect: [
            required(sc, "sc")?,
            required(tso, "tso")?,
            required(pso, "pso")?,
        ],
        robust,
        none_max_executions,
    })
}

/// Splits `key: value` when `key` is a lower-case word (letters and `-`).
fn directive(body: &str) -> Option<(&str, &str)> {
    let (key, value) = body.split_once(':')?;
    let is_key = !key.is_empty()
        && key.starts_with(|c: char| c.is_ascii_lowercase())
        && key.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    is_key.then(|| (key, value.trim()))
}

fn parse_expect(value: &str) -> Result<Expect, String> {
    let mut words = value.split_whitespace();
    match words.next() {
        Some("safe") if words.next().is_none() => Ok(Expect::Safe),
        Some("bug") => {
            let mut kinds: Vec<String> = words.map(str::to_string).collect();
            if let Some(k) = kinds.iter().find(|k| !BUG_KINDS.contains(&k.as_str())) {
                return Err(format!("unknown bug kind `{k}`"));
            }
            if kinds.is_empty() {
                return Err("`bug` needs at least one kind".to_string());
            }
            kinds.sort();
            kinds.dedup();
            Ok(Expect::Bug(kinds))
        }
        _ => Err(format!("expected `safe` or `bug KIND...`, not `{value}`")),
    }
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/// One model of one file: the three explorers against the header. Every
/// problem is reported, not just the first.
fn check_model(path: &Path, spec: &Spec, model: &str, expect: &Expect) -> Result<(), String> {
    let mut problems = Vec::new();
    let mut counts = Vec::new();
    for explorer in EXPLORERS {
        let mut extra = Vec::new();
        if explorer == "none" {
            extra.push("--max-executions".to_string());
            extra.push(spec.none_max_executions.to_string());
        }
        let run = run_weft(path, model, explorer, &extra)?;
        let report = match check_run(&run, explorer, expect) {
            Ok(report) => report,
            Err(problem) => {
                problems.push(failure(path, model, explorer, &problem, &run));
                continue;
            }
        };
        if *expect == Expect::Safe {
            counts.push((executions(&report), run));
            continue;
        }
        // A bug stops the search: count on a complete exploration instead.
        extra.push("--keep-going".to_string());
        let full = run_weft(path, model, explorer, &extra)?;
        match check_run(&full, explorer, expect) {
            Ok(report) => counts.push((executions(&report), full)),
            Err(problem) => problems.push(failure(path, model, explorer, &problem, &full)),
        }
    }
    for pair in counts.windows(2) {
        let ((a, run_a), (b, run_b)) = (&pair[0], &pair[1]);
        if a > b {
            let problem = format!(
                "executions must not decrease from optimal to source to none, \
                 but `{}` ran {a} and `{}` ran {b}",
                run_a.command, run_b.command
            );
            problems.push(format!(
                "{}\n--- JSON of `{}` ---\n{}",
                failure(path, model, run_b.explorer, &problem, run_b),
                run_a.explorer,
                run_a.stdout.trim_end()
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n\n"))
    }
}

/// The checks every run gets: verdict, bug kinds, exit code, no limit, and
/// no blocking that the explorer should never see.
fn check_run(run: &Run, explorer: &str, expect: &Expect) -> Result<Value, String> {
    let report = check_verdict(run, expect)?;
    check_blocked(explorer, &report)?;
    Ok(report)
}

/// A robust program: Optimal-DPOR explores as many executions under TSO and
/// PSO as under SC.
fn check_robust(path: &Path) -> Result<(), String> {
    let sc = run_weft(path, "sc", "optimal", &[])?;
    let sc_count = check_run(&sc, "optimal", &Expect::Safe)
        .map(|r| executions(&r))
        .map_err(|problem| failure(path, "sc", "optimal", &problem, &sc))?;
    for model in ["tso", "pso"] {
        let run = run_weft(path, model, "optimal", &[])?;
        let count = check_run(&run, "optimal", &Expect::Safe)
            .map(|r| executions(&r))
            .map_err(|problem| failure(path, model, "optimal", &problem, &run))?;
        if count != sc_count {
            let problem = format!(
                "robust program: expected {sc_count} executions (as under sc), got {count}"
            );
            return Err(format!(
                "{}\n--- sc JSON ---\n{}",
                failure(path, model, "optimal", &problem, &run),
                sc.stdout.trim_end()
            ));
        }
    }
    Ok(())
}

fn executions(report: &Value) -> u64 {
    report["executions"].as_u64().unwrap_or(u64::MAX)
}

/// Parses the JSON and checks exit code, verdict, limit and bug kinds.
fn check_verdict(run: &Run, expect: &Expect) -> Result<Value, String> {
    let report: Value = serde_json::from_str(&run.stdout)
        .map_err(|e| format!("stdout is not one JSON object: {e}"))?;
    let verdict = report["verdict"].as_str().unwrap_or("<missing>");
    let mut kinds: Vec<String> = report["bugs"]
        .as_array()
        .map(|bugs| {
            bugs.iter()
                .map(|b| b["kind"].as_str().unwrap_or("<missing>").to_string())
                .collect()
        })
        .unwrap_or_default();
    kinds.sort();
    kinds.dedup();
    let actual = match verdict {
        "safe" if kinds.is_empty() => Expect::Safe,
        "bug" => Expect::Bug(kinds.clone()),
        _ => {
            return Err(format!(
                "expected `{expect}`, got verdict `{verdict}` with bugs {kinds:?} (limit {})",
                report["limit"]
            ))
        }
    };
    if actual != *expect {
        return Err(format!("expected `{expect}`, got `{actual}`"));
    }
    let want_code = match expect {
        Expect::Safe => 0,
        Expect::Bug(_) => 42,
    };
    if run.code != Some(want_code) {
        return Err(format!(
            "verdict `{verdict}` but exit code {:?} (expected {want_code})",
            run.code
        ));
    }
    if !report["limit"].is_null() {
        return Err(format!("a bound was hit: limit {}", report["limit"]));
    }
    Ok(report)
}

/// Optimal-DPOR never blocks on a sleep set; no explorer may report an
/// anomaly (a disabled wakeup sequence, an asleep wakeup-tree child).
fn check_blocked(explorer: &str, report: &Value) -> Result<(), String> {
    let blocked = |reason: &str| report["blocked_by"][reason].as_u64().unwrap_or(0);
    let forbidden: &[&str] = if explorer == "optimal" {
        &["sleep-set"]
    } else {
        &[]
    };
    for reason in forbidden {
        let n = blocked(reason);
        if n > 0 {
            return Err(format!(
                "{n} execution(s) blocked by `{reason}` (blocked_by {})",
                report["blocked_by"]
            ));
        }
    }
    let anomalies = report["anomalies"]
        .as_object()
        .ok_or("the report has no `anomalies`")?;
    if anomalies.values().any(|n| n.as_u64() != Some(0)) {
        return Err(format!("explorer anomalies: {}", report["anomalies"]));
    }
    Ok(())
}

/// A failure message: file, model, explorer, the problem, and what weft printed.
fn failure(path: &Path, model: &str, explorer: &str, problem: &str, run: &Run) -> String {
    format!(
        "{file} [mm {model}, por {explorer}]: {problem}\ncommand: {cmd}\nexit code: {code:?}\n\
         --- JSON ---\n{out}\n--- stderr ---\n{err}",
        file = path.display(),
        cmd = run.command,
        code = run.code,
        out = run.stdout.trim_end(),
        err = run.stderr.trim_end(),
    )
}

// ---------------------------------------------------------------------------
// Running weft
// ---------------------------------------------------------------------------

/// What one weft invocation did.
struct Run {
    command: String,
    explorer: &'static str,
    /// `None` when killed by a signal.
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `weft check FILE --json --no-race-check --mm MODEL --por EXPLORER
/// -j 1 EXTRA...`, failing after [`DEADLINE`]. One worker: the checks
/// include each explorer's own guarantees (Optimal-DPOR never blocks on a
/// sleep set), which a split run does not keep; split runs are checked
/// against one worker's in the differential tests (`compare_split`).
fn run_weft(
    path: &Path,
    model: &str,
    explorer: &'static str,
    extra: &[String],
) -> Result<Run, String> {
    let mut args: Vec<String> = vec![
        "check".into(),
        path.to_string_lossy().into_owned(),
        "--json".into(),
        "--no-race-check".into(),
        "--mm".into(),
        model.into(),
        "--por".into(),
        explorer.into(),
        "-j".into(),
        "1".into(),
    ];
    args.extend_from_slice(extra);
    let out = common::run_weft(None, &args, DEADLINE)?;
    Ok(Run {
        command: out.command,
        explorer,
        code: out.code,
        stdout: out.stdout,
        stderr: out.stderr,
    })
}
