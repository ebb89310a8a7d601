//! Differential tests of instruction semantics.
//!
//! Every `tests/native/*.c` program is a small, bug-free, single-threaded C
//! program that prints many values. Each one becomes a trial that
//!
//! 1. compiles the program natively with `clang-19 -O0 -w ... -lm` into a
//!    temporary directory and runs it, capturing stdout and stderr;
//! 2. runs `weft check PROGRAM --json` on the same source;
//! 3. requires weft to exit with 0 and verdict `"safe"`, the concatenated
//!    `text` of its `output` entries tagged `"stream": "stdout"` to equal
//!    the native stdout byte for byte, and those tagged `"stderr"` the
//!    native stderr.
//!
//! A mismatch therefore points at an instruction, intrinsic or runtime
//! model whose semantics differ from the real machine.
//!
//! A program whose first line is `// native-args: ARGS` is compiled with
//! those clang arguments in both runs (after `--` for weft): `-m32`
//! compares weft's ILP32 data model with a native i386 build. Every other
//! program also runs so as a second trial, `NAME-ilp32`, unless a line
//! `// native-ilp32: no (REASON)` opts it out (the native i386 build
//! differs for a reason that is not weft's: x87 excess precision, i386
//! glibc's own results).

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The C compiler used for the native reference run.
const CLANG: &str = "clang-19";

/// Upper bound on one run (native or weft), so that a hang fails the trial
/// instead of the whole test binary.
const RUN_TIMEOUT: Duration = Duration::from_secs(300);

/// How many lines of each output a failure message shows in full.
const SHOWN_LINES: usize = 60;

fn main() {
    let args = Arguments::from_args();
    let scratch = scratch_dir();
    let mut trials = Vec::new();
    for program in programs() {
        let name = program.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&program).unwrap_or_default();
        let args = native_args(&text);
        let ilp32 = args.is_empty() && !text.lines().any(|l| l.starts_with("// native-ilp32: no"));
        let (p, sc) = (program.clone(), scratch.clone());
        trials.push(Trial::test(name.clone(), move || {
            check_program(&p, &sc, &args)
        }));
        if ilp32 {
            let (p, sc) = (program.clone(), scratch.clone());
            let m32 = vec!["-m32".to_string()];
            trials.push(Trial::test(format!("{name}-ilp32"), move || {
                check_program(&p, &sc, &m32)
            }));
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    let _ = std::fs::remove_dir_all(&scratch);
    conclusion.exit();
}

/// The `tests/native` directory at the workspace root.
fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/native")
}

/// All `.c` files in [`programs_dir`], sorted by name.
fn programs() -> Vec<PathBuf> {
    let dir = programs_dir();
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "c"))
        .collect();
    files.sort();
    files
}

/// A per-process directory under the system temp dir for native binaries.
fn scratch_dir() -> PathBuf {
    std::env::temp_dir().join(format!("weft-native-tests-{}", std::process::id()))
}

/// One trial: native run, weft run, comparison.
fn check_program(program: &Path, scratch: &Path, args: &[String]) -> Result<(), Failed> {
    let (out, err) = native_stdout(program, scratch, args)?;
    let (wout, werr) = weft_stdout(program, args)?;
    compare_outputs(&out, wout.as_bytes())?;
    compare_outputs(&err, werr.as_bytes())
        .map_err(|e| format!("on stderr: {}", e.message().unwrap_or_default()).into())
}

/// The clang arguments of the program's `// native-args:` first line.
fn native_args(text: &str) -> Vec<String> {
    let first = text.lines().next().unwrap_or("");
    first
        .strip_prefix("// native-args:")
        .map(|a| a.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// Compiles `program` with clang-19 (and `args`) and returns what the
/// binary prints.
fn native_stdout(
    program: &Path,
    scratch: &Path,
    args: &[String],
) -> Result<(Vec<u8>, Vec<u8>), Failed> {
    std::fs::create_dir_all(scratch)
        .map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    // Trials of one program with other arguments run in parallel: each
    // builds its own binary.
    let suffix: String = args
        .iter()
        .flat_map(|a| a.chars().filter(char::is_ascii_alphanumeric))
        .collect();
    let mut name = program.file_stem().unwrap().to_os_string();
    if !suffix.is_empty() {
        name.push(format!("-{suffix}"));
    }
    let binary = scratch.join(name);
    let mut compile = Command::new(CLANG);
    compile
        .args(["-O0", "-w", "-o"])
        .arg(&binary)
        .args(args)
        .arg(program)
        .arg("-lm");
    let built = run(&mut compile).map_err(|e| match e {
        RunError::Spawn(err) if err.kind() == std::io::ErrorKind::NotFound => format!(
            "`{CLANG}` was not found on PATH; it is needed to build the native \
             reference output of {}",
            program.display()
        ),
        other => format!("running {CLANG}: {other}"),
    })?;
    if !built.status.success() {
        return Err(format!(
            "{CLANG} failed to compile {} ({}):\n{}",
            program.display(),
            built.status,
            String::from_utf8_lossy(&built.stderr)
        )
        .into());
    }
    let ran = run(&mut Command::new(&binary));
    let _ = std::fs::remove_file(&binary);
    let ran = ran.map_err(|e| format!("running native {}: {e}", binary.display()))?;
    if !ran.status.success() {
        return Err(format!(
            "the native build of {} exited with {}; test programs must return 0",
            program.display(),
            ran.status
        )
        .into());
    }
    Ok((ran.stdout, ran.stderr))
}

/// Runs `weft check program --json`, checks that it found the program safe,
/// and returns the concatenated text of everything the program printed on
/// stdout, and on stderr.
fn weft_stdout(program: &Path, args: &[String]) -> Result<(String, String), Failed> {
    let mut check = Command::new(env!("CARGO_BIN_EXE_weft"));
    check.arg("check").arg(program).arg("--json");
    if !args.is_empty() {
        check.arg("--").args(args);
    }
    let ran = run(&mut check).map_err(|e| format!("running weft: {e}"))?;
    let context = || {
        format!(
            "weft exit status: {}\nstdout:\n{}\nstderr:\n{}",
            ran.status,
            String::from_utf8_lossy(&ran.stdout),
            String::from_utf8_lossy(&ran.stderr)
        )
    };
    let json: Value = serde_json::from_slice(&ran.stdout)
        .map_err(|e| format!("weft did not print valid JSON ({e})\n{}", context()))?;
    if ran.status.code() != Some(0) {
        return Err(format!(
            "weft should exit with 0 on this bug-free program\n{}",
            context()
        )
        .into());
    }
    if json["verdict"] != "safe" {
        return Err(format!(
            "expected verdict \"safe\", got {}\n{}",
            json["verdict"],
            context()
        )
        .into());
    }
    let out = concat_output(&json, "stdout").map_err(|e| format!("{e}\n{}", context()))?;
    let err = concat_output(&json, "stderr").map_err(|e| format!("{e}\n{}", context()))?;
    Ok((out, err))
}

/// Concatenates the `text` of every entry of the JSON `output` array that
/// went to `stream`.
fn concat_output(json: &Value, stream: &str) -> Result<String, String> {
    let entries = json["output"]
        .as_array()
        .ok_or("weft's JSON has no `output` array")?;
    let mut text = String::new();
    for entry in entries {
        let piece = entry["text"]
            .as_str()
            .ok_or_else(|| format!("output entry without a string `text`: {entry}"))?;
        let to = entry["stream"]
            .as_str()
            .ok_or_else(|| format!("output entry without a string `stream`: {entry}"))?;
        if to == stream {
            text.push_str(piece);
        }
    }
    Ok(text)
}

/// Succeeds if the outputs are byte-for-byte equal; otherwise explains the
/// first difference.
fn compare_outputs(native: &[u8], weft: &[u8]) -> Result<(), Failed> {
    if native == weft {
        return Ok(());
    }
    let native = String::from_utf8_lossy(native);
    let weft = String::from_utf8_lossy(weft);
    Err(describe_difference(&native, &weft).into())
}

/// A unified-diff-like report: the first differing line, one hunk around
/// it, then the beginning of both outputs.
fn describe_difference(native: &str, weft: &str) -> String {
    let a: Vec<&str> = native.split_inclusive('\n').collect();
    let b: Vec<&str> = weft.split_inclusive('\n').collect();
    let first = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut msg = format!(
        "output differs from native at line {} (native {} bytes, weft {} bytes)\n  native: {:?}\n  weft:   {:?}\n\n",
        first + 1,
        native.len(),
        weft.len(),
        a.get(first).copied().unwrap_or("<end of output>"),
        b.get(first).copied().unwrap_or("<end of output>"),
    );
    msg.push_str(&hunk(&a, &b, first));
    msg.push_str(&excerpt("native output", &a));
    msg.push_str(&excerpt("weft output", &b));
    msg
}

/// One diff hunk around the first difference: a few lines of context, then
/// a line diff (longest common subsequence) of the next [`WINDOW`] lines of
/// each output. Lines only in the native output are marked `-`, lines only
/// in weft's output `+`.
fn hunk(a: &[&str], b: &[&str], first: usize) -> String {
    const CONTEXT: usize = 3;
    const WINDOW: usize = 40;
    const MAX_LINES: usize = 30;
    let a_win = &a[first..a.len().min(first + WINDOW)];
    let b_win = &b[first..b.len().min(first + WINDOW)];
    let mut out = String::from("--- native\n+++ weft\n");
    for line in &a[first.saturating_sub(CONTEXT)..first] {
        out.push_str(&diff_line(' ', line));
    }
    let ops = line_diff(a_win, b_win);
    // Stop a few context lines after the last change in the window.
    let last_change = ops.iter().rposition(|(mark, _)| *mark != ' ').unwrap_or(0);
    let shown = ops.iter().take((last_change + 1 + CONTEXT).min(MAX_LINES));
    for (mark, line) in shown {
        out.push_str(&diff_line(*mark, line));
    }
    if ops.len() > MAX_LINES.min(last_change + 1 + CONTEXT) {
        out.push_str("@@ ... @@\n");
    }
    out.push('\n');
    out
}

/// A minimal line diff of two short slices: each line of the result is
/// marked ` ` (both), `-` (only in `a`) or `+` (only in `b`).
fn line_diff<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<(char, &'a str)> {
    // lcs[i][j] = length of the longest common subsequence of a[i..], b[j..]
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut ops) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            ops.push((' ', a[i]));
            (i, j) = (i + 1, j + 1);
        } else if j == b.len() || (i < a.len() && lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', a[i]));
            i += 1;
        } else {
            ops.push(('+', b[j]));
            j += 1;
        }
    }
    ops
}

/// A diff line; a missing final newline is made visible.
fn diff_line(mark: char, line: &str) -> String {
    match line.strip_suffix('\n') {
        Some(body) => format!("{mark}{body}\n"),
        None => format!("{mark}{line}\n\\ No newline at end of output\n"),
    }
}

/// The first [`SHOWN_LINES`] lines of an output under a heading.
fn excerpt(title: &str, lines: &[&str]) -> String {
    let mut out = format!("==== {title} ({} lines) ====\n", lines.len());
    for line in lines.iter().take(SHOWN_LINES) {
        out.push_str(line);
    }
    if lines.last().is_some_and(|l| !l.ends_with('\n')) && lines.len() <= SHOWN_LINES {
        out.push('\n');
    }
    if lines.len() > SHOWN_LINES {
        out.push_str(&format!("... ({} more lines)\n", lines.len() - SHOWN_LINES));
    }
    out
}

/// What a finished child process produced.
struct RunOutput {
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Why [`run`] could not produce a [`RunOutput`].
enum RunError {
    Spawn(std::io::Error),
    Wait(std::io::Error),
    Timeout,
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Spawn(e) => write!(f, "cannot start: {e}"),
            RunError::Wait(e) => write!(f, "cannot wait for the process: {e}"),
            RunError::Timeout => write!(f, "timed out after {}s", RUN_TIMEOUT.as_secs()),
        }
    }
}

/// Runs `cmd` to completion with captured stdout and stderr, killing it
/// after [`RUN_TIMEOUT`].
fn run(cmd: &mut Command) -> Result<RunOutput, RunError> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(RunError::Spawn)?;
    let stdout = drain(child.stdout.take().unwrap());
    let stderr = drain(child.stderr.take().unwrap());
    let deadline = Instant::now() + RUN_TIMEOUT;
    let status = loop {
        match child.try_wait().map_err(RunError::Wait)? {
            Some(status) => break status,
            None if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(RunError::Timeout);
            }
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    };
    Ok(RunOutput {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// Reads a pipe to its end on a separate thread, so that a child filling
/// one pipe never blocks while we wait on it.
fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        buf
    })
}
