//! Command-line behaviour of `weft` that the corpus harness cannot express:
//! help text, missing tools, input kinds, witness round trips, the JSON
//! schema, the human report layout, `--keep-going`, the bounds and clang
//! arguments after `--`.
//!
//! Every test runs the real binary. weft runs with the workspace root as its
//! working directory unless a test needs files of its own, which it writes
//! into a private scratch directory under `std::env::temp_dir()`.

use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long one weft invocation may take before the test fails.
const DEADLINE: Duration = Duration::from_secs(300);

/// Every option of `weft check` that the README documents.
const FLAGS: &[&str] = &[
    "--por",
    "--max-steps",
    "--max-executions",
    "--timeout",
    "--keep-going",
    "--json",
    "--witness",
];

/// A safe program: two threads increment a counter under a mutex.
const SAFE_C: &str = r#"#include <pthread.h>
#include <assert.h>
#include <stddef.h>
int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return NULL;
}
int main() {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, NULL);
  pthread_create(&b, NULL, worker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(counter == 2);
  return 0;
}
"#;

/// Two distinct bugs: the worker dereferences `ptr` before main may have set
/// it (memory, line 9), and main asserts the worker already finished
/// (assertion, line 18).
const TWO_BUGS_C: &str = r#"#include <pthread.h>
#include <assert.h>
#include <stddef.h>
int *ptr;
int val;
int done;
void *worker(void *arg) {
  int *q = ptr;
  *q = 1;
  done = 1;
  return NULL;
}
int main() {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  ptr = &val;
  int d = done;
  assert(d == 1);
  pthread_join(t, NULL);
  return 0;
}
"#;

/// T threads (default 5) each doing N (default 5) atomic increments: a safe
/// program with an enormous number of interleavings unless T and N are small.
const MANY_C: &str = r#"#include <pthread.h>
#include <stdatomic.h>
#ifndef T
#define T 5
#endif
#ifndef N
#define N 5
#endif
atomic_int c;
void *worker(void *arg) {
  for (int i = 0; i < N; i++) atomic_fetch_add(&c, 1);
  return NULL;
}
int main() {
  pthread_t t[T];
  for (int i = 0; i < T; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < T; i++) pthread_join(t[i], NULL);
  return 0;
}
"#;

/// A single thread running a loop of a few thousand instructions.
const LOOP_C: &str = r#"#include <stdio.h>
int main() {
  long s = 0;
  for (long i = 0; i < 1000; i++) s += i;
  printf("%ld\n", s);
  return 0;
}
"#;

/// Compiles only when `-DOK` is given.
const NEEDS_OK_C: &str = r#"#ifndef OK
#error OK must be defined
#endif
int main() { return 0; }
"#;

/// The outcome of one weft run.
struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Out {
    /// stdout parsed as one JSON object.
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{self}"))
    }

    /// Asserts the exit code, quoting the run on failure.
    fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(self.code, code, "unexpected exit code:\n{self}");
        assert!(!self.stderr.contains("panicked"), "weft panicked:\n{self}");
        self
    }

    /// Asserts exit code 2 with `needle` in stderr.
    fn expect_bad_input(&self, needle: &str) -> &Self {
        self.expect_code(2);
        assert!(
            self.stderr.contains(needle),
            "stderr does not mention `{needle}`:\n{self}"
        );
        self
    }
}

impl std::fmt::Display for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit code {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// The workspace root (where `examples/` lives).
fn root() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    dir.canonicalize().unwrap_or(dir)
}

/// Runs weft in `dir` with `args` and extra environment variables.
fn run_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Out {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn weft");
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for weft") {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("weft {args:?} ran longer than {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Out {
        code: status.code().unwrap_or(-1),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Runs weft in the workspace root.
fn run(args: &[&str]) -> Out {
    run_in(&root(), args, &[])
}

/// A scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("weft-cli-test-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create scratch directory");
        Scratch(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `text` to `name` inside the directory and returns its path.
    fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, text).expect("write scratch file");
        p
    }

    /// Copies `examples/lost_update.c` in under `name`.
    fn lost_update(&self, name: &str) -> PathBuf {
        let text = std::fs::read_to_string(root().join("examples/lost_update.c"))
            .expect("read examples/lost_update.c");
        self.write(name, &text)
    }

    /// Runs weft inside the directory.
    fn run(&self, args: &[&str]) -> Out {
        run_in(&self.0, args, &[])
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Compiles `src` to LLVM IR the way the README describes, with `extra`
/// flags (`-S` for text IR, `-c` for bitcode).
fn clang_emit(src: &Path, out: &Path, extra: &str) {
    let clang = std::env::var("WEFT_CLANG").unwrap_or_else(|_| "clang-19".into());
    let status = Command::new(clang)
        .args(["-O0", "-Xclang", "-disable-O0-optnone", "-g", "-emit-llvm"])
        .arg(extra)
        .arg(src)
        .arg("-o")
        .arg(out)
        .status()
        .expect("run clang-19");
    assert!(status.success(), "clang-19 failed on {}", src.display());
}

/// `(kind, location)` of every bug in a report.
fn bug_keys(report: &Value) -> Vec<(String, String)> {
    report["bugs"]
        .as_array()
        .expect("bugs is an array")
        .iter()
        .map(|b| {
            (
                b["kind"].as_str().unwrap().to_string(),
                b["location"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// True when `loc` is `...lost_update.c:LINE`.
fn is_lost_update_loc(loc: &str) -> bool {
    loc.rsplit_once(':').is_some_and(|(file, line)| {
        file.ends_with("lost_update.c")
            && !line.is_empty()
            && line.chars().all(|c| c.is_ascii_digit())
    })
}

/// `weft check --help` exits 0 and names every documented option.
#[test]
fn check_help_lists_every_flag() {
    let out = run(&["check", "--help"]);
    out.expect_code(0);
    for flag in FLAGS {
        assert!(out.stdout.contains(flag), "`{flag}` missing:\n{out}");
    }
}

/// `weft --help` exits 0 and, as the README promises ("every flag, with
/// what it does"), names every option of `check`.
#[test]
fn top_level_help_lists_every_flag() {
    let out = run(&["--help"]);
    out.expect_code(0);
    let missing: Vec<&str> = FLAGS
        .iter()
        .copied()
        .filter(|f| !out.stdout.contains(f))
        .collect();
    assert!(
        missing.is_empty(),
        "`weft --help` omits {missing:?}:\n{out}"
    );
}

/// A missing clang is bad input (exit 2, no panic) and stderr gives a
/// one-line fix naming `apt-get install`.
#[test]
fn missing_clang_is_exit_2_with_install_hint() {
    let out = run_in(
        &root(),
        &["check", "examples/lost_update.c"],
        &[("WEFT_CLANG", "/nonexistent/clang-19")],
    );
    out.expect_code(2);
    assert!(
        out.stderr
            .lines()
            .any(|l| l.contains("apt-get install") && l.contains("clang-19")),
        "no one-line `apt-get install` fix on stderr:\n{out}"
    );
}

/// A missing opt is bad input too, even for a `.ll` input that skips clang.
#[test]
fn missing_opt_is_exit_2_with_install_hint() {
    let s = Scratch::new("missing-opt");
    let src = s.lost_update("lost_update.c");
    clang_emit(&src, &s.path().join("lost_update.ll"), "-S");
    let out = run_in(
        s.path(),
        &["check", "lost_update.ll"],
        &[("WEFT_OPT", "/nonexistent/opt")],
    );
    out.expect_code(2);
    assert!(
        out.stderr.lines().any(|l| l.contains("apt-get install")),
        "no one-line `apt-get install` fix on stderr:\n{out}"
    );
}

/// `.ll` and `.bc` inputs are explored like the C source: verdict bug,
/// exit 42, an assertion bug.
#[test]
fn ll_and_bc_inputs_find_the_bug() {
    let s = Scratch::new("ir-inputs");
    let src = s.lost_update("lost_update.c");
    for (name, flag) in [("lost_update.ll", "-S"), ("lost_update.bc", "-c")] {
        clang_emit(&src, &s.path().join(name), flag);
        let out = s.run(&["check", name, "--json"]);
        out.expect_code(42);
        let report = out.json();
        assert_eq!(report["verdict"], "bug", "{name}:\n{out}");
        assert!(
            bug_keys(&report).iter().any(|(k, _)| k == "assertion"),
            "{name}: no assertion bug:\n{out}"
        );
    }
}

/// An input that is neither .c, .ll nor .bc is refused with exit 2 and a
/// message naming the accepted kinds.
#[test]
fn unsupported_extension_is_exit_2() {
    let s = Scratch::new("txt");
    s.write("notes.txt", "int main() { return 0; }\n");
    let out = s.run(&["check", "notes.txt"]);
    out.expect_bad_input("notes.txt");
    assert!(
        out.stderr.contains(".c") && out.stderr.contains(".ll") && out.stderr.contains(".bc"),
        "message does not say which inputs are accepted:\n{out}"
    );
}

/// A nonexistent input file is refused with exit 2, naming the file.
#[test]
fn nonexistent_file_is_exit_2() {
    let s = Scratch::new("nofile");
    s.run(&["check", "does_not_exist.c"])
        .expect_bad_input("does_not_exist.c");
}

/// `--witness` writes a witness with the documented fields; `weft replay`
/// reproduces the same bug (exit 42, same kind, location and trace) and its
/// `--json` output is valid JSON.
#[test]
fn witness_round_trip() {
    let s = Scratch::new("witness");
    s.lost_update("lost_update.c");
    let check = s.run(&["check", "lost_update.c", "--json", "--witness", "w.json"]);
    check.expect_code(42);
    let first = check.json()["bugs"][0].clone();

    let text = std::fs::read_to_string(s.path().join("w.json")).expect("witness written");
    let w: Value = serde_json::from_str(&text).expect("witness is JSON");
    assert!(w["format"].is_string(), "format: {w}");
    let hash = w["program_hash"]
        .as_str()
        .expect("program_hash is a string");
    assert!(
        hash.len() == 64 && hash.chars().all(|c| c.is_ascii_hexdigit()),
        "program_hash is not a SHA-256: {hash}"
    );
    assert!(
        w["schedule"].as_array().is_some_and(|a| !a.is_empty()),
        "schedule: {w}"
    );
    assert!(w["threads"].is_array(), "threads: {w}");
    assert_eq!(w["bug"]["kind"], first["kind"], "witness bug: {w}");
    assert_eq!(w["bug"]["location"], first["location"], "witness bug: {w}");

    let human = s.run(&["replay", "lost_update.c", "w.json"]);
    human.expect_code(42);
    assert!(human.stdout.starts_with("verdict: BUG"), "{human}");

    let replay = s.run(&["replay", "lost_update.c", "w.json", "--json"]);
    replay.expect_code(42);
    let got = &replay.json()["bugs"][0];
    assert_eq!(got["kind"], first["kind"], "{replay}");
    assert_eq!(got["location"], first["location"], "{replay}");
    assert_eq!(got["trace"], first["trace"], "replay took another path");
}

/// Replay refuses (exit 2, "changed") a program edited after recording.
#[test]
fn replay_refuses_changed_program() {
    let s = Scratch::new("witness-changed");
    let src = s.lost_update("lost_update.c");
    s.run(&["check", "lost_update.c", "--witness", "w.json"])
        .expect_code(42);
    let mut text = std::fs::read_to_string(&src).unwrap();
    text.push_str("// an added comment\n");
    std::fs::write(&src, text).unwrap();
    s.run(&["replay", "lost_update.c", "w.json"])
        .expect_bad_input("changed");
}

/// Replay refuses (exit 2) a witness whose clang arguments differ from
/// those of the recording: they are part of the program hash.
#[test]
fn replay_refuses_changed_clang_args() {
    let s = Scratch::new("witness-args");
    s.lost_update("lost_update.c");
    s.run(&["check", "lost_update.c", "--witness", "w.json"])
        .expect_code(42);
    let text = std::fs::read_to_string(s.path().join("w.json")).unwrap();
    let mut w: Value = serde_json::from_str(&text).unwrap();
    w["clang_args"] = serde_json::json!(["-DX=1"]);
    s.write("w2.json", &w.to_string());
    s.run(&["replay", "lost_update.c", "w2.json"])
        .expect_bad_input("changed");
}

/// Replay refuses (exit 2) a witness file that is not JSON.
#[test]
fn replay_refuses_garbage_witness() {
    let s = Scratch::new("witness-garbage");
    s.lost_update("lost_update.c");
    s.write("w.json", "this is \u{1} not a witness {[");
    s.run(&["replay", "lost_update.c", "w.json"])
        .expect_bad_input("w.json");
}

/// Every documented JSON field is present with the documented type.
#[test]
fn json_schema() {
    let out = run(&[
        "check",
        "examples/lost_update.c",
        "--json",
        "--no-race-check",
    ]);
    out.expect_code(42);
    let r = out.json();
    assert!(r.is_object(), "{out}");
    assert_eq!(r["verdict"], "bug");
    for field in ["executions", "blocked", "events", "peak_rss_kib"] {
        assert!(r[field].is_u64(), "`{field}` is not an integer: {r}");
    }
    assert!(r["blocked_by"].is_object(), "blocked_by: {r}");
    assert!(r["elapsed_s"].is_number(), "elapsed_s: {r}");
    assert!(r["limit"].is_null(), "limit: {r}");
    check_output_array(&r["output"]);
    let bugs = r["bugs"].as_array().expect("bugs is an array");
    assert!(!bugs.is_empty(), "no bugs: {r}");
    for b in bugs {
        assert!(b["kind"].is_string(), "kind: {b}");
        assert!(b["message"].is_string(), "message: {b}");
        let loc = b["location"].as_str().expect("location is a string");
        assert!(is_lost_update_loc(loc), "location `{loc}`");
        assert!(b["thread"].is_u64(), "thread: {b}");
        assert!(b["details"].is_array(), "details: {b}");
        assert!(b["witness"].is_object(), "witness: {b}");
        check_output_array(&b["output"]);
        let trace = b["trace"].as_array().expect("trace is an array");
        assert!(!trace.is_empty(), "empty trace: {b}");
        for e in trace {
            assert!(e["step"].is_u64(), "step: {e}");
            assert!(e["thread"].is_u64(), "thread: {e}");
            assert!(e["action"].is_string(), "action: {e}");
            let loc = e["location"].as_str().expect("trace location is a string");
            assert!(is_lost_update_loc(loc), "trace location `{loc}`");
        }
    }
}

/// Asserts `v` is `[{thread: integer, text: string}]`, non-empty.
fn check_output_array(v: &Value) {
    let items = v.as_array().unwrap_or_else(|| panic!("output: {v}"));
    assert!(!items.is_empty(), "empty output");
    for o in items {
        assert!(o["thread"].is_u64(), "output thread: {o}");
        assert!(o["text"].is_string(), "output text: {o}");
    }
}

/// The human report: verdict first, the bug with `-->` location, a numbered
/// interleaving, the tagged output and a final statistics line.
#[test]
fn human_output_layout() {
    let out = run(&["check", "examples/lost_update.c"]);
    out.expect_code(42);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(lines[0].starts_with("verdict: BUG"), "{out}");
    assert!(out.stdout.contains("error[assertion]"), "{out}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("-->") && l.contains("lost_update.c:")),
        "no `-->` location line:\n{out}"
    );

    let start = lines
        .iter()
        .position(|l| l.starts_with("interleaving"))
        .unwrap_or_else(|| panic!("no interleaving section:\n{out}"));
    let events: Vec<&str> = lines[start + 1..]
        .iter()
        .copied()
        .take_while(|l| !l.trim().is_empty())
        .collect();
    assert!(!events.is_empty(), "empty interleaving:\n{out}");
    for (i, l) in events.iter().enumerate() {
        let number = l.split_whitespace().next().unwrap_or("");
        assert_eq!(number, (i + 1).to_string(), "bad numbering in `{l}`");
        assert!(l.contains("thread"), "event line without thread: `{l}`");
    }

    let output = lines
        .iter()
        .position(|l| l.trim_end() == "output:")
        .unwrap_or_else(|| panic!("no output section:\n{out}"));
    assert!(
        lines[output + 1..]
            .iter()
            .take_while(|l| !l.trim().is_empty())
            .any(|l| l.trim() == "[thread 0] counter = 1"),
        "output section lacks `[thread 0] counter = 1`:\n{out}"
    );
    let last = lines.iter().rev().find(|l| !l.trim().is_empty()).unwrap();
    assert!(last.starts_with("statistics:"), "last line `{last}`");
}

/// A safe program: `verdict: SAFE` first and exit 0.
#[test]
fn human_output_safe() {
    let s = Scratch::new("safe");
    s.write("safe.c", SAFE_C);
    let out = s.run(&["check", "safe.c"]);
    out.expect_code(0);
    assert!(out.stdout.starts_with("verdict: SAFE"), "{out}");
}

/// By default weft stops at the first bug; `--keep-going` reports both
/// distinct bugs, deduplicated by (kind, location). (Race checking is off
/// here: data races never stop exploration and would be reported too.)
#[test]
fn keep_going_reports_every_distinct_bug() {
    let s = Scratch::new("keep-going");
    s.write("two.c", TWO_BUGS_C);
    let first = s.run(&["check", "two.c", "--json", "--no-race-check"]);
    first.expect_code(42);
    assert_eq!(bug_keys(&first.json()).len(), 1, "{first}");

    let all = s.run(&[
        "check",
        "two.c",
        "--json",
        "--keep-going",
        "--no-race-check",
    ]);
    all.expect_code(42);
    let mut keys = bug_keys(&all.json());
    assert_eq!(keys.len(), 2, "{all}");
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 2, "duplicate bugs:\n{all}");
    let kinds: Vec<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
    assert!(
        kinds.contains(&"memory") && kinds.contains(&"assertion"),
        "{all}"
    );
}

/// `--max-executions 3` stops after exactly three executions: verdict
/// incomplete, limit max-executions, exit 3.
#[test]
fn max_executions_bound() {
    let s = Scratch::new("max-exec");
    s.write("many.c", MANY_C);
    let out = s.run(&[
        "check",
        "many.c",
        "--json",
        "--max-executions",
        "3",
        "--",
        "-DT=3",
        "-DN=2",
    ]);
    out.expect_code(3);
    let r = out.json();
    assert_eq!(r["verdict"], "incomplete", "{out}");
    assert_eq!(r["limit"], "max-executions", "{out}");
    let total = r["executions"].as_u64().unwrap() + r["blocked"].as_u64().unwrap();
    assert_eq!(total, 3, "{out}");
}

/// `--timeout 0.2` stops an exploration that would take far longer: exit 3,
/// limit timeout, promptly.
#[test]
fn timeout_bound() {
    let s = Scratch::new("timeout");
    s.write("many.c", MANY_C);
    let start = Instant::now();
    let out = s.run(&["check", "many.c", "--json", "--timeout", "0.2"]);
    let wall = start.elapsed();
    out.expect_code(3);
    let r = out.json();
    assert_eq!(r["verdict"], "incomplete", "{out}");
    assert_eq!(r["limit"], "timeout", "{out}");
    let elapsed = r["elapsed_s"].as_f64().unwrap();
    assert!(elapsed >= 0.19, "stopped before the timeout: {elapsed}s");
    assert!(wall < Duration::from_secs(60), "took {wall:?}");
}

/// `--max-steps 50` cuts a long loop: exit 3, limit max-steps, counted under
/// `blocked_by["max-steps"]`. Without it the same program is safe.
#[test]
fn max_steps_bound() {
    let s = Scratch::new("max-steps");
    s.write("loop.c", LOOP_C);
    s.run(&["check", "loop.c"]).expect_code(0);
    let out = s.run(&["check", "loop.c", "--json", "--max-steps", "50"]);
    out.expect_code(3);
    let r = out.json();
    assert_eq!(r["verdict"], "incomplete", "{out}");
    assert_eq!(r["limit"], "max-steps", "{out}");
    assert!(
        r["blocked_by"]["max-steps"]
            .as_u64()
            .is_some_and(|n| n >= 1),
        "blocked_by: {out}"
    );
}

/// Arguments after `--` reach clang: without `-DOK` the `#error` fires
/// (exit 2, clang's message shown); with `-- -DOK` the program is safe.
#[test]
fn clang_args_after_double_dash() {
    let s = Scratch::new("clang-args");
    s.write("needs_ok.c", NEEDS_OK_C);
    s.run(&["check", "needs_ok.c"])
        .expect_bad_input("OK must be defined");
    s.run(&["check", "needs_ok.c", "--", "-DOK"]).expect_code(0);
}

/// Under PSO a thread that writes the elements of an array, each under a
/// lock (a barrier), reuses its auxiliary store-buffer threads: the
/// witness names a few of them, not one per element, and still replays.
#[test]
fn pso_reuses_auxiliary_threads_after_barriers() {
    let s = Scratch::new("pso-aux");
    s.write(
        "array.c",
        "#include <assert.h>\n#include <pthread.h>\n\
         int a[40];\n\
         pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n\
         void *w(void *x) {\n\
           for (int i = 0; i < 40; i++) {\n\
             pthread_mutex_lock(&m); a[i] = 1; pthread_mutex_unlock(&m);\n\
           }\n\
           return 0;\n\
         }\n\
         int main(void) {\n\
           pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0);\n\
           assert(a[39] == 0);\n\
           return 0;\n\
         }\n",
    );
    let check = s.run(&["check", "array.c", "--mm", "pso", "--witness", "w.json"]);
    check.expect_code(42);
    let text = std::fs::read_to_string(s.path().join("w.json")).expect("witness written");
    let w: Value = serde_json::from_str(&text).expect("witness is JSON");
    let threads = w["threads"].as_array().expect("threads");
    assert!(threads.len() <= 4, "one auxiliary thread per element: {w}");
    s.run(&["replay", "array.c", "w.json"]).expect_code(42);
}
