//! The corpus: one test per C program in `tests/programs/`.
//!
//! Each program states what `weft check` must conclude about it in a header
//! of `//` comment lines at the top of the file. Directives have the form
//! `// key: value`; other header lines are free prose (they must not start
//! with a lower-case `word:`).
//!
//! | directive                    | meaning                                           |
//! |------------------------------|---------------------------------------------------|
//! | `expect: safe`               | exit 0, verdict `safe`, no bugs, no limit         |
//! | `expect: bug [KIND...]`      | exit 42, verdict `bug`, every KIND among the bugs |
//! | `expect: incomplete`         | exit 3, verdict `incomplete`, no bugs, a limit    |
//! | `expect: error`              | exit 2: weft rejects the program                  |
//! | `... executions=N`           | (after the verdict) exact `executions` value      |
//! | `expect-bugs: N`             | exact length of the `bugs` array                  |
//! | `expect-limit: NAME`         | exact `limit` value (`max-steps`, ...)            |
//! | `expect-stderr: TEXT`        | stderr contains TEXT (repeatable)                 |
//! | `expect-message: TEXT`       | some bug's message contains TEXT (repeatable)     |
//! | `expect-output: LINE`        | the concatenated `output` texts contain the line  |
//! | `expect-found: K=V ...`      | the first bug's `found_under` has these fields    |
//! | `args: OPTS [-- CLANG_ARGS]` | extra options after the file name                 |
//!
//! Every file needs exactly one `expect:` line. A program expected to have
//! a bug also runs with `--witness`: `weft replay` must reproduce its first
//! bug (exit 42, same kind and location) and refuse a changed copy (exit 2).
//! weft runs with
//! `tests/programs` as its working directory, so clang arguments such as
//! `-Iinclude` are relative to it.

mod common;

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use std::time::Duration;

/// How long one weft invocation may take before the test fails.
const DEADLINE: Duration = Duration::from_secs(300);

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
    "robustness",
];

fn main() {
    let args = Arguments::from_args();
    let dir = programs_dir();
    let trials = corpus_files(&dir)
        .into_iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(name, move || run_case(&path).map_err(Failed::from))
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let _ = std::fs::remove_dir_all(scratch_path());
    conclusion.exit();
}

/// `tests/programs` at the workspace root.
fn programs_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    dir.canonicalize().unwrap_or(dir)
}

/// The `.c` files directly in `dir`, sorted by name.
fn corpus_files(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read corpus directory {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("corpus directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .c files in {}", dir.display());
    files
}

/// The verdict a program must get.
#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    Safe,
    /// A bug; each listed kind must be among the reported bugs.
    Bug(Vec<String>),
    Incomplete,
    Error,
}

impl Verdict {
    /// The exit code `weft check` must return.
    fn exit_code(&self) -> i32 {
        match self {
            Verdict::Safe => 0,
            Verdict::Bug(_) => 42,
            Verdict::Incomplete => 3,
            Verdict::Error => 2,
        }
    }

    /// The `verdict` field of the JSON report.
    fn json_name(&self) -> &'static str {
        match self {
            Verdict::Safe => "safe",
            Verdict::Bug(_) => "bug",
            Verdict::Incomplete => "incomplete",
            Verdict::Error => "error",
        }
    }
}

/// Everything a header asks for.
#[derive(Debug)]
struct Spec {
    verdict: Verdict,
    executions: Option<u64>,
    bug_count: Option<usize>,
    limit: Option<String>,
    stderr: Vec<String>,
    messages: Vec<String>,
    output: Vec<String>,
    /// `found_under` fields of the first bug.
    found: Vec<(String, String)>,
    weft_args: Vec<String>,
    clang_args: Vec<String>,
    /// The directive lines, quoted in failure messages.
    directives: Vec<String>,
}

/// Parses the leading `//` lines of a program.
fn parse_header(source: &str) -> Result<Spec, String> {
    let mut verdict = None;
    let mut spec = Spec {
        verdict: Verdict::Safe,
        executions: None,
        bug_count: None,
        limit: None,
        stderr: Vec::new(),
        messages: Vec::new(),
        output: Vec::new(),
        found: Vec::new(),
        weft_args: Vec::new(),
        clang_args: Vec::new(),
        directives: Vec::new(),
    };
    for line in source
        .lines()
        .map(str::trim)
        .take_while(|l| l.starts_with("//"))
    {
        let body = line.trim_start_matches('/').trim();
        let Some((key, value)) = directive(body) else {
            continue;
        };
        spec.directives.push(line.to_string());
        match key {
            "expect" if verdict.is_some() => return Err("more than one `expect:` line".into()),
            "expect" => verdict = Some(parse_verdict(value, &mut spec)?),
            "expect-bugs" => spec.bug_count = Some(parse_number(key, value)?),
            "expect-limit" => spec.limit = Some(value.to_string()),
            "expect-stderr" => spec.stderr.push(value.to_string()),
            "expect-output" => spec.output.push(value.to_string()),
            "expect-message" => spec.messages.push(value.to_string()),
            "expect-found" => {
                for pair in value.split_whitespace() {
                    let (k, v) = pair
                        .split_once('=')
                        .ok_or_else(|| format!("`expect-found: {value}`: `{pair}` is not K=V"))?;
                    spec.found.push((k.to_string(), v.to_string()));
                }
            }
            "args" => parse_args(value, &mut spec),
            _ => return Err(format!("unknown header directive `{key}`")),
        }
    }
    spec.verdict = verdict.ok_or("no `// expect:` line in the header")?;
    Ok(spec)
}

/// Splits `key: value` (or a bare `key`) when `key` looks like a directive
/// name: lower-case letters and dashes.
fn directive(body: &str) -> Option<(&str, &str)> {
    let (key, value) = body.split_once(':').unwrap_or((body, ""));
    let is_name = !key.is_empty()
        && key.starts_with(|c: char| c.is_ascii_lowercase())
        && key.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    (is_name && body.contains(':')).then(|| (key, value.trim()))
}

/// Parses `safe|bug [KIND...]|incomplete|error [executions=N]`.
fn parse_verdict(value: &str, spec: &mut Spec) -> Result<Verdict, String> {
    let mut words = value.split_whitespace();
    let mut verdict = match words.next() {
        Some("safe") => Verdict::Safe,
        Some("bug") => Verdict::Bug(Vec::new()),
        Some("incomplete") => Verdict::Incomplete,
        Some("error") => Verdict::Error,
        other => return Err(format!("unknown verdict {other:?} in `expect:`")),
    };
    for word in words {
        if let Some(n) = word.strip_prefix("executions=") {
            spec.executions = Some(parse_number("executions", n)?);
        } else if let (Verdict::Bug(kinds), true) = (&mut verdict, BUG_KINDS.contains(&word)) {
            kinds.push(word.to_string());
        } else {
            return Err(format!("unexpected `{word}` in `expect:`"));
        }
    }
    Ok(verdict)
}

/// Splits `args:` into weft options and clang arguments (after `--`).
fn parse_args(value: &str, spec: &mut Spec) {
    let mut words = value.split_whitespace().map(String::from);
    spec.weft_args
        .extend(words.by_ref().take_while(|w| w != "--"));
    spec.clang_args.extend(words);
}

fn parse_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("`{key}` needs a number, got `{value}`"))
}

/// Runs one corpus program and checks every expectation of its header.
fn run_case(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let spec = parse_header(&source).map_err(|e| format!("{}: bad header: {e}", path.display()))?;
    let witness =
        matches!(spec.verdict, Verdict::Bug(_)).then(|| scratch_dir().join(witness_name(path)));

    // weft runs in the programs directory: pass the bare name, so that bug
    // locations read `name.c:LINE`.
    let file = path.file_name().expect("corpus file name");
    let mut args: Vec<OsString> = vec!["check".into(), file.into(), "--json".into()];
    args.extend(spec.weft_args.iter().map(OsString::from));
    if let Some(w) = &witness {
        args.extend(["--witness".into(), w.into()]);
    }
    if !spec.clang_args.is_empty() {
        args.push("--".into());
        args.extend(spec.clang_args.iter().map(OsString::from));
    }
    let run = run_weft(&args)?;
    let report = check_run(&spec, &run).map_err(|e| failure(path, &spec, &run, &e))?;

    if let (Some(witness), Some(report)) = (witness, report) {
        check_replay(path, &spec, &report, &witness)?;
    }
    Ok(())
}

/// Checks one `weft check` run against the header. Returns the parsed JSON
/// report, if the verdict has one.
fn check_run(spec: &Spec, run: &Run) -> Result<Option<Value>, String> {
    let want_code = spec.verdict.exit_code();
    if run.code != Some(want_code) {
        return Err(format!(
            "expected exit code {want_code}, got {:?}",
            run.code
        ));
    }
    for text in &spec.stderr {
        if !run.stderr.contains(text.as_str()) {
            return Err(format!("stderr does not contain `{text}`"));
        }
    }
    if spec.verdict == Verdict::Error {
        return Ok(None);
    }
    let report: Value = serde_json::from_str(run.stdout.trim())
        .map_err(|e| format!("stdout is not one JSON object: {e}"))?;
    check_report(spec, &report)?;
    Ok(Some(report))
}

/// Checks the fields of a JSON report against the header.
fn check_report(spec: &Spec, report: &Value) -> Result<(), String> {
    let verdict = report["verdict"]
        .as_str()
        .ok_or("no string `verdict` field")?;
    if verdict != spec.verdict.json_name() {
        return Err(format!(
            "expected verdict `{}`, got `{verdict}`",
            spec.verdict.json_name()
        ));
    }
    let bugs = report["bugs"].as_array().ok_or("no array `bugs` field")?;
    let kinds: Vec<&str> = bugs.iter().filter_map(|b| b["kind"].as_str()).collect();
    match &spec.verdict {
        Verdict::Bug(_) if bugs.is_empty() => return Err("verdict bug with no bugs".into()),
        Verdict::Bug(want) => {
            if let Some(k) = want.iter().find(|k| !kinds.contains(&k.as_str())) {
                return Err(format!("expected a bug of kind `{k}`, got kinds {kinds:?}"));
            }
        }
        _ if !bugs.is_empty() => return Err(format!("expected no bugs, got kinds {kinds:?}")),
        _ => {}
    }
    if let Some(n) = spec.bug_count {
        if bugs.len() != n {
            return Err(format!("expected {n} bugs, got {} ({kinds:?})", bugs.len()));
        }
    }
    let messages: Vec<&str> = bugs.iter().filter_map(|b| b["message"].as_str()).collect();
    for text in &spec.messages {
        if !messages.iter().any(|m| m.contains(text.as_str())) {
            return Err(format!("no bug message contains `{text}`: {messages:?}"));
        }
    }
    if !spec.found.is_empty() {
        let found = &bugs.first().ok_or("expect-found: no bug")?["found_under"];
        for (k, v) in &spec.found {
            let got = match &found[k.as_str()] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            if &got != v {
                return Err(format!("expected found_under.{k} = {v}, got {found}"));
            }
        }
    }
    if let Some(n) = spec.executions {
        if report["executions"].as_u64() != Some(n) {
            return Err(format!(
                "expected executions={n}, got {}",
                report["executions"]
            ));
        }
    }
    check_limit(spec, &report["limit"])?;
    check_output(spec, &report["output"])
}

/// Safe runs hit no limit, incomplete runs hit one (the expected one, if
/// the header names it).
fn check_limit(spec: &Spec, limit: &Value) -> Result<(), String> {
    match (&spec.verdict, &spec.limit) {
        (_, Some(want)) if limit.as_str() != Some(want.as_str()) => {
            Err(format!("expected limit `{want}`, got {limit}"))
        }
        (Verdict::Safe, _) if !limit.is_null() => Err(format!("safe run with limit {limit}")),
        (Verdict::Incomplete, _) if limit.is_null() => Err("incomplete run with no limit".into()),
        _ => Ok(()),
    }
}

/// Every `expect-output` line must be a line of the concatenated output.
fn check_output(spec: &Spec, output: &Value) -> Result<(), String> {
    if spec.output.is_empty() {
        return Ok(());
    }
    let chunks = output.as_array().ok_or("no array `output` field")?;
    let text: String = chunks.iter().filter_map(|c| c["text"].as_str()).collect();
    match spec
        .output
        .iter()
        .find(|want| !text.lines().any(|l| l == want.as_str()))
    {
        Some(want) => Err(format!("output has no line `{want}`; output was:\n{text}")),
        None => Ok(()),
    }
}

/// Replays the witness of a bug run: it must reproduce the first bug, and be
/// refused (exit 2) once the program has changed.
fn check_replay(path: &Path, spec: &Spec, report: &Value, witness: &Path) -> Result<(), String> {
    let expected = &report["bugs"][0];
    let file = path.file_name().expect("corpus file name");
    let run = run_weft(&[
        "replay".into(),
        file.into(),
        witness.into(),
        "--json".into(),
    ])?;
    let replayed = if run.code == Some(42) {
        serde_json::from_str::<Value>(run.stdout.trim())
            .map_err(|e| format!("stdout is not one JSON object: {e}"))
            .and_then(|r| same_bug(expected, &r["bugs"][0]))
    } else {
        Err(format!("expected exit code 42, got {:?}", run.code))
    };
    replayed.map_err(|e| failure(path, spec, &run, &format!("replay: {e}")))?;

    let changed = scratch_dir().join(format!("changed-{}", file.to_string_lossy()));
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    std::fs::write(&changed, source + "\nint weft_corpus_changed_marker = 1;\n")
        .map_err(|e| format!("cannot write {}: {e}", changed.display()))?;
    let run = run_weft(&[
        "replay".into(),
        changed.into(),
        witness.into(),
        "--json".into(),
    ])?;
    if run.code != Some(2) {
        let msg = format!(
            "replay of a changed program: expected exit code 2, got {:?}",
            run.code
        );
        return Err(failure(path, spec, &run, &msg));
    }
    Ok(())
}

/// Two bug reports describe the same bug: same kind and location.
fn same_bug(want: &Value, got: &Value) -> Result<(), String> {
    for field in ["kind", "location"] {
        if want[field] != got[field] {
            return Err(format!(
                "bug {field} {} differs from the check's {}",
                got[field], want[field]
            ));
        }
    }
    Ok(())
}

/// A per-process scratch directory for witnesses and changed programs.
fn scratch_path() -> PathBuf {
    std::env::temp_dir().join(format!("weft-corpus-{}", std::process::id()))
}

/// [`scratch_path`], created if needed.
fn scratch_dir() -> PathBuf {
    let dir = scratch_path();
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

fn witness_name(path: &Path) -> String {
    format!(
        "{}.witness.json",
        path.file_stem().unwrap().to_string_lossy()
    )
}

/// What one weft invocation did.
type Run = common::Output;

/// Runs the weft binary in `tests/programs`, failing after [`DEADLINE`].
fn run_weft(args: &[OsString]) -> Result<Run, String> {
    common::run_weft(Some(&programs_dir()), args, DEADLINE)
}

/// A failure message with the file, its expectations and what weft printed.
fn failure(path: &Path, spec: &Spec, run: &Run, problem: &str) -> String {
    format!(
        "{file}: {problem}\nexpectations:\n  {header}\ncommand: {cmd}\nexit code: {code:?}\n\
         --- stdout ---\n{out}\n--- stderr ---\n{err}",
        file = path.display(),
        header = spec.directives.join("\n  "),
        cmd = run.command,
        code = run.code,
        out = run.stdout.trim_end(),
        err = run.stderr.trim_end(),
    )
}
