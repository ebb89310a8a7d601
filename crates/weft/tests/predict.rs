//! `weft predict` end to end, one trial per program of `tests/predict/`:
//! - `corpus/NAME`: the confirmed violations are the header's
//!   `predict: violations=N`, none unconfirmed, none shown by the recorded
//!   execution itself (they are predicted), and every witness replays
//!   (`weft replay` exits 42);
//! - `ground-truth/NAME`: the confirmed violations are exactly those that
//!   enumerating the interleavings of the recorded events exhibits.
//!
//! Plus the flags: `--save-trace`/`--trace`, `--schedule`, `--seed`, `--witness`,
//! `--transactions`, `--timeout`, and bad input.

mod common;

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::time::Duration;

const DEADLINE: Duration = Duration::from_secs(300);

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/predict");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/predict")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// The header directive `predict-NAME:` (or `predict:` for `""`).
fn directive(src: &str, name: &str) -> Option<String> {
    let key = if name.is_empty() {
        "// predict:".to_string()
    } else {
        format!("// predict-{name}:")
    };
    src.lines()
        .find_map(|l| l.strip_prefix(&key).map(|r| r.trim().to_string()))
}

fn flags(src: &str) -> Vec<String> {
    directive(src, "flags")
        .map(|f| f.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

fn expected(src: &str) -> Result<usize, Failed> {
    let d = directive(src, "").ok_or("no `// predict: violations=N` line")?;
    d.strip_prefix("violations=")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("bad directive `{d}`").into())
}

fn run(args: &[String]) -> Result<(Option<i32>, serde_json::Value), Failed> {
    let out = common::run_weft(None, args, DEADLINE)?;
    let v = serde_json::from_str(&out.stdout).map_err(|e| {
        format!(
            "{}: not JSON ({e}):\n{}\n{}",
            out.command, out.stdout, out.stderr
        )
    })?;
    Ok((out.code, v))
}

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("weft-predict-test-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

fn check_corpus(file: &Path) -> Result<(), Failed> {
    let src = std::fs::read_to_string(file)?;
    let want = expected(&src)?;
    let name = file.file_stem().unwrap().to_string_lossy().to_string();
    let dir = scratch(&name);
    let mut args = vec![
        "predict".to_string(),
        file.display().to_string(),
        "--json".into(),
        "--witness-dir".into(),
        dir.display().to_string(),
    ];
    args.extend(flags(&src));
    let (code, v) = run(&args)?;
    let got = v["violations"].as_array().map_or(0, Vec::len);
    let stats = &v["stats"];
    if got != want {
        return Err(format!("{got} violations confirmed, expected {want}: {v}").into());
    }
    if stats["unconfirmed"] != 0 || stats["undecided"] != 0 {
        return Err(format!("unconfirmed or undecided candidates: {stats}").into());
    }
    if stats["observed"] != 0 {
        return Err(format!("the recorded execution itself shows violations: {stats}").into());
    }
    let want_code = if want > 0 { 42 } else { 0 };
    if code != Some(want_code) {
        return Err(format!("exit {code:?}, expected {want_code}").into());
    }
    for i in 1..=want {
        let w = dir.join(format!("violation-{i}.json"));
        let (rc, rv) = run(&[
            "replay".into(),
            file.display().to_string(),
            w.display().to_string(),
            "--json".into(),
        ])?;
        if rc != Some(42) || rv["bugs"][0]["kind"] != "atomicity" {
            return Err(format!("witness {i} does not replay: exit {rc:?} {rv}").into());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

fn check_ground_truth(file: &Path) -> Result<(), Failed> {
    let src = std::fs::read_to_string(file)?;
    let tx = if flags(&src).iter().any(|f| f == "locks") {
        weft::predict::TxArg::Locks
    } else {
        weft::predict::TxArg::Markers
    };
    let c = weft::predict::cross_check(file, &[], tx, 2_000_000).map_err(|e| format!("{e:#}"))?;
    let enumerated = c
        .enumerated
        .ok_or("the enumeration passed its state budget")?;
    if c.unconfirmed != 0 {
        return Err(format!("{} unconfirmed", c.unconfirmed).into());
    }
    if enumerated != c.confirmed {
        return Err(format!(
            "analysis confirmed {:?}, enumeration exhibits {:?} (of {} candidates)",
            c.confirmed, enumerated, c.candidates
        )
        .into());
    }
    Ok(())
}

fn program(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/predict")
        .join(name)
        .display()
        .to_string()
}

/// A recorded trace analysed later gives the same violations.
fn trace_round_trip() -> Result<(), Failed> {
    let dir = scratch("trace");
    let t = dir.join("t.json").display().to_string();
    let p = program("bank_av.c");
    let (c1, v1) = run(&[
        "predict".into(),
        p.clone(),
        "--json".into(),
        "--save-trace".into(),
        t.clone(),
    ])?;
    let (c2, v2) = run(&[
        "predict".into(),
        "--trace".into(),
        t.clone(),
        "--json".into(),
    ])?;
    if c1 != Some(42) || c2 != Some(42) || v1["violations"] != v2["violations"] {
        return Err(format!("recorded {c1:?} {v1}\nfrom the trace {c2:?} {v2}").into());
    }
    let text = std::fs::read_to_string(&t)?;
    let trace: serde_json::Value = serde_json::from_str(&text)?;
    if trace["format"] != "weft-predict-trace/1" {
        return Err("trace format".into());
    }
    // A guard that is not a condition is bad input, not a panic.
    let mut bad: serde_json::Value = serde_json::from_str(&text)?;
    let events = bad["events"].as_array_mut().ok_or("events")?;
    let e = events
        .iter_mut()
        .find(|e| e["read"].is_u64())
        .ok_or("no read")?;
    let r = e["read"].clone();
    e["guards"] = serde_json::json!([r]);
    std::fs::write(&t, bad.to_string())?;
    let out = common::run_weft(None, &["predict", "--trace", t.as_str()], DEADLINE)?;
    if out.code != Some(2) || !out.stderr.contains("not a condition") {
        return Err(format!("guard of width 32: {:?} {}", out.code, out.stderr).into());
    }
    // A damaged trace is bad input.
    std::fs::write(&t, text.replacen("\"index\": 1", "\"index\": 7", 1))?;
    let out = common::run_weft(None, &["predict", "--trace", t.as_str()], DEADLINE)?;
    if out.code != Some(2) || !out.stderr.contains("invalid trace") {
        return Err(format!("damaged trace: {:?} {}", out.code, out.stderr).into());
    }
    Ok(())
}

/// `--schedule` records the execution of a witness: the violation's own
/// schedule shows it (observed), and the same violation is still found.
fn schedule_flag() -> Result<(), Failed> {
    let dir = scratch("schedule");
    let w = dir.join("w.json").display().to_string();
    let p = program("ptr_check_av.c");
    let (c, _) = run(&[
        "predict".into(),
        p.clone(),
        "--json".into(),
        "--witness".into(),
        w.clone(),
    ])?;
    if c != Some(42) {
        return Err("no violation".into());
    }
    let (c, v) = run(&["predict".into(), p, "--json".into(), "--schedule".into(), w])?;
    if c != Some(42) || v["stats"]["observed"] != 1 {
        return Err(format!("--schedule: {c:?} {v}").into());
    }
    Ok(())
}

/// `--seed S` records a random execution, the same one for the same seed:
/// some seed records one that itself shows a violation (the first
/// execution does not), and the violations predicted are the same.
fn seed_flag() -> Result<(), Failed> {
    let p = program("bank_av.c");
    let mut observed = 0;
    for seed in 1..=6 {
        let args = vec![
            "predict".to_string(),
            p.clone(),
            "--json".into(),
            "--seed".into(),
            seed.to_string(),
        ];
        let (c1, v1) = run(&args)?;
        let (c2, v2) = run(&args)?;
        if c1 != Some(42) || c1 != c2 || v1["violations"] != v2["violations"] {
            return Err(format!("seed {seed}: not repeatable or no violation: {v1}\n{v2}").into());
        }
        if v1["violations"].as_array().map_or(0, Vec::len) != 4 {
            return Err(format!("seed {seed}: {}", v1["stats"]).into());
        }
        observed += v1["stats"]["observed"].as_u64().unwrap_or(0);
    }
    if observed == 0 {
        return Err("no seed recorded an execution other than the first".into());
    }
    Ok(())
}

/// Lock-delimited transactions only with `--transactions locks`.
fn transactions_flag() -> Result<(), Failed> {
    let p = program("locks_mode_av.c");
    let (c, v) = run(&["predict".into(), p.clone(), "--json".into()])?;
    if c != Some(0) || v["stats"]["transactions"] != 0 {
        return Err(format!("markers only: {c:?} {v}").into());
    }
    let (c, v) = run(&[
        "predict".into(),
        p,
        "--json".into(),
        "--transactions".into(),
        "locks".into(),
    ])?;
    if c != Some(42) {
        return Err(format!("locks: {c:?} {v}").into());
    }
    Ok(())
}

/// `--timeout` ends a long analysis with what it has: incomplete, exit 3.
fn timeout_flag() -> Result<(), Failed> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/programs/unfold_infinite_states.c")
        .display()
        .to_string();
    let (c, v) = run(&[
        "predict".into(),
        p,
        "--transactions".into(),
        "locks".into(),
        "--timeout".into(),
        "3".into(),
        "--json".into(),
    ])?;
    if c != Some(3) || v["verdict"] != "incomplete" || v["limit"] != "timeout" {
        return Err(format!("--timeout: {c:?} {}", v["stats"]).into());
    }
    // A recorded execution cut by a bound is a prefix: no violation in it
    // is incomplete, never a plain "none".
    let (c, v) = run(&[
        "predict".into(),
        program("bank_fixed.c"),
        "--max-steps".into(),
        "10".into(),
        "--json".into(),
    ])?;
    if c != Some(3) || v["verdict"] != "incomplete" || v["limit"] != "max-steps" {
        return Err(format!("--max-steps: {c:?} {v}").into());
    }
    Ok(())
}

/// Bad input: exit 2 with a message, never a panic.
fn bad_input() -> Result<(), Failed> {
    let dir = scratch("bad");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{}")?;
    let cases: Vec<Vec<String>> = vec![
        vec!["predict".into()],
        vec![
            "predict".into(),
            dir.join("missing.c").display().to_string(),
        ],
        vec![
            "predict".into(),
            "--trace".into(),
            junk.display().to_string(),
        ],
        vec![
            "predict".into(),
            program("bank_av.c"),
            "--schedule".into(),
            junk.display().to_string(),
        ],
        vec![
            "predict".into(),
            program("bank_av.c"),
            "--solver-timeout".into(),
            "NaN".into(),
        ],
        vec![
            "predict".into(),
            program("bank_av.c"),
            "--seed".into(),
            "1".into(),
            "--schedule".into(),
            junk.display().to_string(),
        ],
        vec![
            "predict".into(),
            program("bank_av.c"),
            "--solver-timeout".into(),
            "-1".into(),
        ],
        // SC only: no memory model to choose.
        vec![
            "predict".into(),
            program("bank_av.c"),
            "--mm".into(),
            "tso".into(),
        ],
    ];
    for args in cases {
        let out = common::run_weft(None, &args, DEADLINE)?;
        if out.code != Some(2) || !out.stderr.contains("error") || out.stderr.contains("panicked") {
            return Err(format!("{}: {:?} {}", out.command, out.code, out.stderr).into());
        }
    }
    // A witness whose triple was edited does not replay.
    let w = dir.join("w.json");
    let p = program("bank_av.c");
    run(&[
        "predict".into(),
        p.clone(),
        "--json".into(),
        "--witness".into(),
        w.display().to_string(),
    ])?;
    let text = std::fs::read_to_string(&w)?;
    let v: serde_json::Value = serde_json::from_str(&text)?;
    let mut v2 = v.clone();
    let first = v["bug"]["atomicity"]["first"]["index"].as_u64().unwrap();
    v2["bug"]["atomicity"]["first"]["index"] = (first + 40).into();
    std::fs::write(&w, v2.to_string())?;
    let out = common::run_weft(
        None,
        &["replay".into(), p, w.display().to_string()],
        DEADLINE,
    )?;
    if out.code != Some(2) {
        return Err(format!("edited witness: {:?} {}", out.code, out.stderr).into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for f in corpus() {
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        let g = f.clone();
        trials.push(Trial::test(format!("corpus/{name}"), move || {
            check_corpus(&f)
        }));
        trials.push(Trial::test(format!("ground-truth/{name}"), move || {
            check_ground_truth(&g)
        }));
    }
    trials.push(Trial::test("flags/trace-round-trip", trace_round_trip));
    trials.push(Trial::test("flags/schedule", schedule_flag));
    trials.push(Trial::test("flags/seed", seed_flag));
    trials.push(Trial::test("flags/transactions", transactions_flag));
    trials.push(Trial::test("flags/bad-input", bad_input));
    trials.push(Trial::test("flags/timeout", timeout_flag));
    libtest_mimic::run(&args, trials).exit();
}
