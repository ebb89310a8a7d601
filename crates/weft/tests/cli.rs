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
use std::process::{Child, Command, Stdio};
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
    "--max-memory",
    "--keep-going",
    "--no-spurious-wakeups",
    "--json",
    "--arg",
    "--env",
    "--witness",
    "--trace",
    "--allow-writes",
    "--strategy",
    "--pct-depth",
    "--runs",
    "--seed",
    "--max-bound",
    "--jobs",
    "--shard",
];

/// Allocates 1 MiB blocks until malloc fails (writing each one with
/// `-DTOUCH`), then prints how many it got.
const MALLOC_LOOP_C: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  long n = 0;
  char *p;
  while ((p = malloc(1 << 20))) {
#ifdef TOUCH
    memset(p, 1, 1 << 20);
#endif
    n++;
  }
  printf("allocated %ld\n", n);
  return 0;
}
"#;

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

    /// Asserts exit code 3, verdict incomplete and `limit`; returns the
    /// JSON report.
    fn expect_incomplete(&self, limit: &str) -> Value {
        self.expect_code(3);
        let r = self.json();
        assert_eq!(r["verdict"], "incomplete", "{self}");
        assert_eq!(r["limit"], limit, "{self}");
        r
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
    let child = spawn_in(dir, args, env, Stdio::piped());
    wait_out(child, args)
}

/// Starts weft in `dir`; stderr is piped, stdout goes to `stdout`.
fn spawn_in(dir: &Path, args: &[&str], env: &[(&str, &str)], stdout: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn weft")
}

/// Waits (at most [`DEADLINE`]) for a weft started by [`spawn_in`] and
/// collects what it printed on the pipes it still has.
fn wait_out(mut child: Child, args: &[&str]) -> Out {
    let drain = |r: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut r) = r {
                let _ = r.read_to_end(&mut buf);
            }
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|r| Box::new(r) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|r| Box::new(r) as Box<dyn Read + Send>),
    );
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
/// The README's table of modelled functions is the one `weft functions`
/// prints (run `scripts/update_functions_table.sh` after adding a model).
#[test]
fn readme_lists_every_modelled_function() {
    let out = run(&["functions"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("`pthread_mutex_lock`"),
        "{}",
        out.stdout
    );
    let readme = std::fs::read_to_string(root().join("README.md")).expect("read README.md");
    let begin = "<!-- functions:begin -->\n";
    let start = readme.find(begin).expect("README has the functions table") + begin.len();
    let end = readme
        .find("<!-- functions:end -->")
        .expect("table end marker");
    assert_eq!(
        &readme[start..end],
        out.stdout,
        "README's functions table is stale: run scripts/update_functions_table.sh"
    );
}

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

/// Store buffering between a thread and the thread it created: the
/// assertion fails only under TSO and PSO, through buffer flushes.
const NESTED_SB_C: &str = r#"#include <pthread.h>
#include <assert.h>
int x, y, r1, r2;
void *inner(void *a) { y = 1; r2 = x; return 0; }
void *outer(void *a) {
  pthread_t t;
  pthread_create(&t, 0, inner, 0);
  x = 1;
  r1 = y;
  pthread_join(t, 0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, outer, 0);
  pthread_join(t, 0);
  assert(!(r1 == 0 && r2 == 0));
  return 0;
}
"#;

/// A lost update between a thread and the thread it created.
const NESTED_LOST_UPDATE_C: &str = r#"#include <pthread.h>
#include <assert.h>
int n;
void *inner(void *a) { int v = n; n = v + 1; return 0; }
void *outer(void *a) {
  pthread_t t;
  pthread_create(&t, 0, inner, 0);
  int v = n;
  n = v + 1;
  pthread_join(t, 0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, outer, 0);
  pthread_join(t, 0);
  assert(n == 2);
  return 0;
}
"#;

/// Checks `file` with `args` and a witness, then replays the witness:
/// both must report the same first bug. With `strip_threads` the witness's
/// thread table is cut to the main thread, as if another exploration order
/// had recorded it. Returns the witness.
fn check_and_replay(s: &Scratch, file: &str, args: &[&str], strip_threads: bool) -> Value {
    let mut check_args = vec!["check", file, "--json", "--witness", "w.json"];
    check_args.extend(args);
    let check = s.run(&check_args);
    check.expect_code(42);
    let first = check.json()["bugs"][0].clone();
    let text = std::fs::read_to_string(s.path().join("w.json")).expect("witness written");
    let mut w: Value = serde_json::from_str(&text).expect("witness is JSON");
    if strip_threads {
        w["threads"] = serde_json::json!(["0"]);
        s.write("w.json", &w.to_string());
    }
    let replay = s.run(&["replay", file, "w.json", "--json"]);
    replay.expect_code(42);
    let got = &replay.json()["bugs"][0];
    let what = format!("{args:?} strip={strip_threads}");
    assert_eq!(got["kind"], first["kind"], "{what}: {replay}");
    assert_eq!(got["location"], first["location"], "{what}: {replay}");
    let actions = |b: &Value| -> Vec<Value> {
        let t = b["trace"].as_array().expect("trace").iter();
        t.map(|e| e["action"].clone()).collect()
    };
    assert_eq!(
        actions(got),
        actions(&first),
        "{what}: replay took another path"
    );
    if !strip_threads {
        assert_eq!(got["trace"], first["trace"], "{what}: other thread ids");
    }
    w
}

/// Witnesses name threads canonically (`0`, `0.0`, `0.0.0`, `0.0/buf0`):
/// those of every `--por` and `--mm` replay and reproduce their bug, also
/// when the replaying registry numbers threads differently.
#[test]
fn witnesses_replay_under_every_por_and_mm() {
    let s = Scratch::new("witness-canonical");
    s.write("sb.c", NESTED_SB_C);
    s.write("lu.c", NESTED_LOST_UPDATE_C);
    for mm in ["sc", "tso", "pso"] {
        let file = if mm == "sc" { "lu.c" } else { "sb.c" };
        for por in ["none", "source", "optimal"] {
            for strip in [false, true] {
                let args = ["--mm", mm, "--por", por, "--no-race-check"];
                let w = check_and_replay(&s, file, &args, strip);
                assert_eq!(w["format"], "weft-witness-2");
                let names: Vec<&str> = w["schedule"]
                    .as_array()
                    .expect("schedule")
                    .iter()
                    .map(|c| c[0].as_str().expect("canonical thread name"))
                    .collect();
                assert!(names.contains(&"0.0.0"), "{mm} {por}: {names:?}");
                if mm != "sc" {
                    assert!(
                        names.iter().any(|n| n.contains("/buf")),
                        "{mm} {por}: {names:?}"
                    );
                }
            }
        }
    }
}

/// A `--check-robustness` witness replays: the replay runs its schedule
/// under the weak model and confirms that no SC execution ends that way.
#[test]
fn robustness_witness_replays() {
    let s = Scratch::new("witness-robustness");
    s.write("sb.c", NESTED_SB_C.replace("assert(", "(void)(").as_str());
    for mm in ["sc", "tso", "pso"] {
        for strip in [false, true] {
            let args = ["--check-robustness", "--mm", mm];
            let w = check_and_replay(&s, "sb.c", &args, strip);
            assert_eq!(w["bug"]["kind"], "robustness", "{w}");
        }
    }
}

/// Replay refuses (exit 2) a witness whose thread table or schedule names
/// no thread.
#[test]
fn replay_refuses_bad_thread_names() {
    let s = Scratch::new("witness-names");
    s.lost_update("lost_update.c");
    s.run(&["check", "lost_update.c", "--witness", "w.json"])
        .expect_code(42);
    let text = std::fs::read_to_string(s.path().join("w.json")).unwrap();
    let w: Value = serde_json::from_str(&text).unwrap();
    let mut bad_table = w.clone();
    bad_table["threads"] = serde_json::json!(["0", "0.0", "0.0"]);
    s.write("w1.json", &bad_table.to_string());
    s.run(&["replay", "lost_update.c", "w1.json"])
        .expect_bad_input("thread table");
    let mut bad_schedule = w.clone();
    bad_schedule["schedule"][0][0] = serde_json::json!("1.x");
    s.write("w2.json", &bad_schedule.to_string());
    s.run(&["replay", "lost_update.c", "w2.json"])
        .expect_bad_input("not a thread name");
    // A thread that does not exist yet at that step is named canonically.
    let mut early = w;
    early["schedule"][0][0] = serde_json::json!("0.1");
    s.write("w3.json", &early.to_string());
    s.run(&["replay", "lost_update.c", "w3.json"])
        .expect_bad_input("`0.1`");
}

/// `--trace` writes the bug's execution in the `weft-trace/1` format: the
/// same events as the report's interleaving, canonical thread names, and
/// happens-before that points backwards; the file reads back as a
/// `weft_report::TraceFile`.
#[test]
fn trace_file_of_a_bug() {
    let s = Scratch::new("trace-bug");
    s.lost_update("lost_update.c");
    let check = s.run(&["check", "lost_update.c", "--json", "--trace", "t.json"]);
    check.expect_code(42);
    let report = check.json();
    let text = std::fs::read_to_string(s.path().join("t.json")).expect("trace written");
    let t: weft_report::TraceFile = serde_json::from_str(&text).expect("a weft-trace/1 file");
    assert_eq!(t.format, "weft-trace/1");
    assert_eq!(t.execution, "bug");
    let bug = t.bug.as_ref().expect("the bug");
    assert_eq!(bug.kind, report["bugs"][0]["kind"].as_str().unwrap());
    assert_eq!(
        bug.location,
        report["bugs"][0]["location"].as_str().unwrap()
    );
    let shown = report["bugs"][0]["trace"].as_array().expect("report trace");
    assert_eq!(t.events.len(), shown.len());
    for (i, (e, r)) in t.events.iter().zip(shown).enumerate() {
        assert_eq!(e.index, i);
        assert_eq!(e.action, r["action"].as_str().unwrap());
        assert_eq!(e.location, r["location"].as_str().unwrap());
        let id = r["thread"].as_u64().unwrap() as usize;
        assert_eq!(e.thread, t.threads[id], "thread names at {i}");
        assert!(
            e.hb_preds.iter().all(|&p| p < i),
            "hb_preds {:?} at {i}",
            e.hb_preds
        );
        assert!(
            e.hb.get(&e.thread) == Some(&e.seq),
            "own clock entry at {i}: {e:?}"
        );
    }
    let v: Value = serde_json::from_str(&text).unwrap();
    let kinds: Vec<&str> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.starts_with(&["spawn", "spawn"]), "{kinds:?}");
    assert!(kinds.contains(&"load") && kinds.contains(&"store") && kinds.contains(&"join"));
    let load = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "load")
        .unwrap();
    assert_eq!(load["mem"]["object"], "counter", "{load}");
    assert!(
        load["mem"]["addr"].as_str().unwrap().starts_with("0x"),
        "{load}"
    );
    assert!(load["read"].is_string(), "{load}");
    // The join of a child comes after the child's exit in happens-before.
    let join = t
        .events
        .iter()
        .find(|e| e.action.starts_with("join"))
        .unwrap();
    assert!(join
        .hb_preds
        .iter()
        .any(|&p| t.events[p].action == "thread exits"));
}

/// Without a bug, `--trace` writes the first execution; under TSO it shows
/// the buffer flushes, performed by `…/buf0` threads for their owner.
#[test]
fn trace_file_of_the_first_execution() {
    let s = Scratch::new("trace-first");
    s.write("safe.c", SAFE_C);
    s.run(&["check", "safe.c", "--mm", "tso", "--trace", "t.json"])
        .expect_code(0);
    let text = std::fs::read_to_string(s.path().join("t.json")).expect("trace written");
    let t: weft_report::TraceFile = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (t.execution.as_str(), t.bug.is_none(), t.mm.as_str()),
        ("first", true, "tso")
    );
    let last = t.events.last().expect("events");
    assert_eq!(
        (last.thread.as_str(), &last.op),
        ("0", &weft_report::trace::Op::Exit)
    );
    let update = t
        .events
        .iter()
        .find_map(|e| match &e.op {
            weft_report::trace::Op::Update { owner, mem, .. } => Some((e, owner, mem)),
            _ => None,
        })
        .expect("an update event");
    assert_eq!(update.0.thread, format!("{}/buf0", update.1));
    assert_eq!(update.2.object, "counter");

    // Without the race check the trace still has its happens-before:
    // main's exit comes after both workers' events (through the joins).
    s.run(&["check", "safe.c", "--no-race-check", "--trace", "t2.json"])
        .expect_code(0);
    let text = std::fs::read_to_string(s.path().join("t2.json")).expect("trace written");
    let t: weft_report::TraceFile = serde_json::from_str(&text).unwrap();
    let last = t.events.last().expect("events");
    for worker in ["0.0", "0.1"] {
        let n = t.events.iter().filter(|e| e.thread == worker).count() as u32;
        assert!(n > 0, "no events of {worker}");
        assert_eq!(
            last.hb.get(worker),
            Some(&n),
            "hb of main's exit: {:?}",
            last.hb
        );
    }
}

/// A trace file that cannot be written does not cost the report: it is
/// printed, the exit code is the verdict's, and stderr says why.
#[test]
fn unwritable_trace_keeps_the_report() {
    let s = Scratch::new("trace-unwritable");
    s.lost_update("lost_update.c");
    let out = s.run(&["check", "lost_update.c", "--trace", "no/such/dir/t.json"]);
    out.expect_code(42);
    assert!(out.stdout.starts_with("verdict: BUG"), "{out}");
    assert!(out.stderr.contains("trace was not written"), "{out}");
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

/// A waiter woken by a broadcast is planned from a pending event that says
/// so: no explorer anomaly and no sleep-set-blocked execution under
/// Optimal-DPOR (see the program's header).
#[test]
fn woken_waiters_are_planned_as_woken() {
    let out = run(&[
        "check",
        "tests/programs/cond_woken_pending_event.c",
        "--json",
        "--keep-going",
        "--no-spurious-wakeups",
        "-j",
        "1",
    ]);
    out.expect_code(42);
    let r = out.json();
    for counter in ["disabled_wakeup", "asleep_child"] {
        assert_eq!(r["anomalies"][counter], 0, "anomalies: {r}");
    }
    assert_eq!(r["blocked"], 0, "blocked: {r}");
    assert_eq!(r["executions"], 13, "executions: {r}");
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
    for field in [
        "executions",
        "blocked",
        "spin_blocked",
        "events",
        "peak_rss_kib",
    ] {
        assert!(r[field].is_u64(), "`{field}` is not an integer: {r}");
    }
    assert!(r["blocked_by"].is_object(), "blocked_by: {r}");
    // The explorer's internal consistency counters, all zero.
    for counter in ["disabled_wakeup", "asleep_child"] {
        assert_eq!(r["anomalies"][counter], 0, "anomalies: {r}");
    }
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

/// Asserts `v` is `[{thread: integer, stream: "stdout"|"stderr", text:
/// string}]`, non-empty.
fn check_output_array(v: &Value) {
    let items = v.as_array().unwrap_or_else(|| panic!("output: {v}"));
    assert!(!items.is_empty(), "empty output");
    for o in items {
        assert!(o["thread"].is_u64(), "output thread: {o}");
        assert!(o["text"].is_string(), "output text: {o}");
        assert!(
            o["stream"] == "stdout" || o["stream"] == "stderr",
            "output stream: {o}"
        );
    }
}

/// A program that prints to stdout and stderr from two threads.
const STREAMS_C: &str = r#"#include <pthread.h>
#include <stdio.h>
void *worker(void *arg) {
  fprintf(stderr, "worker error %d\n", 7);
  return arg;
}
int main(void) {
  pthread_t t;
  printf("main out\n");
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  fputs("main err\n", stderr);
  return 0;
}
"#;

/// Output written to stderr is tagged `"stream": "stderr"` in the JSON and
/// `(stderr)` in the human report; stdout text is tagged `"stdout"` and
/// shown as before.
#[test]
fn stderr_output_is_tagged() {
    let s = Scratch::new("streams");
    s.write("streams.c", STREAMS_C);
    let out = s.run(&["check", "streams.c", "--json"]);
    out.expect_code(0);
    let r = out.json();
    check_output_array(&r["output"]);
    let items: Vec<(u64, String, String)> = r["output"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["thread"].as_u64().unwrap(),
                o["stream"].as_str().unwrap().to_string(),
                o["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected = [
        (0, "stdout", "main out\n"),
        (1, "stderr", "worker error 7\n"),
        (0, "stderr", "main err\n"),
    ];
    let expected: Vec<(u64, String, String)> = expected
        .iter()
        .map(|&(t, s, x)| (t, s.to_string(), x.to_string()))
        .collect();
    assert_eq!(items, expected, "{out}");
    let human = s.run(&["check", "streams.c"]);
    human.expect_code(0);
    for line in [
        "[thread 0] main out",
        "[thread 1 (stderr)] worker error 7",
        "[thread 0 (stderr)] main err",
    ] {
        assert!(
            human.stdout.lines().any(|l| l.trim() == line),
            "no `{line}`:\n{human}"
        );
    }
}

/// Writes the file `PATH` (relative to the working directory), reads it
/// back and prints it; with `-DBUG`, asserts on what a worker wrote.
const WRITES_C: &str = r#"#include <assert.h>
#include <pthread.h>
#include <stdio.h>
int flag;
void *worker(void *arg) {
  flag = 1;
  return arg;
}
int main(void) {
  FILE *f = fopen(PATH, "w");
  if (!f) return 1;
  fprintf(f, "written %d\n", 42);
  fclose(f);
  FILE *g = fopen(PATH, "r");
  char buf[32] = {0};
  fgets(buf, sizeof buf, g);
  fclose(g);
  printf("read back: %s", buf);
#ifdef BUG
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  int seen = flag;
  pthread_join(t, NULL);
  assert(seen == 1);
#endif
  return 0;
}
"#;

/// `--allow-writes DIR`: without it, opening a file for writing is exit 2
/// naming the call and its line; with it, writes inside DIR go to memory
/// (the program reads them back) and the disk is not touched; a file
/// outside DIR (also through `..`) and a DIR that is not a directory are
/// refused.
#[test]
fn allow_writes_flag() {
    let s = Scratch::new("allow-writes");
    s.write("writes.c", WRITES_C);
    std::fs::create_dir_all(s.path().join("out")).unwrap();
    std::fs::create_dir_all(s.path().join("other")).unwrap();
    let path = "-DPATH=\"out/result.txt\"";
    let refused = s.run(&["check", "writes.c", "--", path]);
    refused.expect_code(2);
    assert!(
        refused.stderr.contains("writes.c:10")
            && refused
                .stderr
                .contains("`fopen(\"out/result.txt\", \"w\")`")
            && refused.stderr.contains("--allow-writes"),
        "{refused}"
    );
    let allowed = s.run(&[
        "check",
        "writes.c",
        "--allow-writes",
        "out",
        "--json",
        "--",
        path,
    ]);
    allowed.expect_code(0);
    let text: String = allowed.json()["output"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(text, "read back: written 42\n", "{allowed}");
    assert!(
        !s.path().join("out/result.txt").exists(),
        "the disk was written"
    );
    let elsewhere = s.run(&["check", "writes.c", "--allow-writes", "other", "--", path]);
    elsewhere.expect_code(2);
    let escape = "-DPATH=\"other/../out/../result.txt\"";
    let up = s.run(&["check", "writes.c", "--allow-writes", "out", "--", escape]);
    up.expect_code(2);
    assert!(up.stderr.contains("opens a file for writing"), "{up}");
    let missing = s.run(&["check", "writes.c", "--allow-writes", "nowhere", "--", path]);
    missing.expect_code(2);
    assert!(missing.stderr.contains("not a directory"), "{missing}");
}

/// A witness recorded with `--allow-writes` replays without the flag (the
/// witness records the directory), and `weft replay --allow-writes` with a
/// directory that does not contain the file refuses (exit 2).
#[test]
fn allow_writes_witness_replays() {
    let s = Scratch::new("allow-writes-replay");
    s.write("writes.c", WRITES_C);
    std::fs::create_dir_all(s.path().join("out")).unwrap();
    std::fs::create_dir_all(s.path().join("other")).unwrap();
    let args = [
        "check",
        "writes.c",
        "--allow-writes",
        "out",
        "--witness",
        "w.json",
        "--",
        "-DPATH=\"out/result.txt\"",
        "-DBUG",
    ];
    s.run(&args).expect_code(42);
    let replay = s.run(&["replay", "writes.c", "w.json"]);
    replay.expect_code(42);
    assert!(replay.stdout.contains("error[assertion]"), "{replay}");
    let other = s.run(&["replay", "writes.c", "w.json", "--allow-writes", "other"]);
    other.expect_code(2);
    assert!(other.stderr.contains("opens a file for writing"), "{other}");
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

/// A spin block is an assumption, and the report says when one happened:
/// the JSON `spin_blocked` count and a `spin assumptions` line in the human
/// statistics. A test-and-set lock with two workers: two executions (one
/// per order), two more in which a worker's exchange failed and it was
/// spin-blocked until the release.
#[test]
fn spin_assumptions_are_reported() {
    let s = Scratch::new("spin");
    s.write(
        "tas.c",
        &std::fs::read_to_string(root().join("tests/programs/include/tas_lock.h"))
            .expect("read tas_lock.h"),
    );
    let json = s.run(&["check", "tas.c", "--json"]);
    json.expect_code(0);
    let r = json.json();
    assert_eq!(r["executions"], 2, "{json}");
    assert_eq!(r["spin_blocked"], 2, "{json}");
    assert_eq!(r["blocked"], 0, "{json}");
    let human = s.run(&["check", "tas.c"]);
    human.expect_code(0);
    assert!(
        human
            .stdout
            .lines()
            .any(|l| l.trim_start().starts_with("spin assumptions: 2 ")),
        "{human}"
    );
    // Without a spin loop there is no such line.
    s.write("safe.c", SAFE_C);
    let plain = s.run(&["check", "safe.c"]);
    plain.expect_code(0);
    assert!(!plain.stdout.contains("spin assumptions"), "{plain}");
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
    let r = out.expect_incomplete("max-executions");
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
    out.expect_incomplete("timeout");
    // The deadline covers every phase, compilation included.
    assert!(
        wall >= Duration::from_millis(190),
        "stopped before the timeout: {wall:?}"
    );
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
    let r = out.expect_incomplete("max-steps");
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

/// Store buffering with an assertion only TSO breaks (line 16).
const SB_ASSERT_C: &str = r#"#include <pthread.h>
#include <assert.h>
int x, y, r1, r2;
void *left(void *arg) { x = 1; r1 = y; return 0; }
void *right(void *arg) { y = 1; r2 = x; return 0; }
int main() {
  pthread_t a, b;
  pthread_create(&a, 0, left, 0);
  pthread_create(&b, 0, right, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  int both = r1 + r2;
  (void)both;
  int ok = r1 == 1;
  ok = ok || r2 == 1;
  assert(ok);
  return 0;
}
"#;

/// Store buffering that prints its result: not robust, no assertion.
const SB_PRINT_C: &str = r#"#include <pthread.h>
#include <stdio.h>
int x, y, r1, r2;
void *left(void *arg) { x = 1; r1 = y; return 0; }
void *right(void *arg) { y = 1; r2 = x; return 0; }
int main() {
  pthread_t a, b;
  pthread_create(&a, 0, left, 0);
  pthread_create(&b, 0, right, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("r1=%d r2=%d\n", r1, r2);
  return 0;
}
"#;

/// Only a data race (line 3), no assertion.
const RACE_ONLY_C: &str = r#"#include <pthread.h>
int x;
void *w(void *arg) { x = 1; return 0; }
int main() {
  pthread_t a, b;
  pthread_create(&a, 0, w, 0);
  pthread_create(&b, 0, w, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
"#;

/// The witness `name` in `s`, parsed.
fn read_witness(s: &Scratch, name: &str) -> Value {
    let text = std::fs::read_to_string(s.path().join(name)).expect("witness written");
    serde_json::from_str(&text).expect("witness is JSON")
}

/// `--check-robustness` reports an ordinary bug found under SC as that bug,
/// with an SC witness (exit 42), not `safe`.
#[test]
fn robustness_reports_ordinary_bugs_with_sc_witness() {
    let s = Scratch::new("robust-ordinary");
    s.lost_update("lost_update.c");
    let out = s.run(&[
        "check",
        "lost_update.c",
        "--check-robustness",
        "--json",
        "--witness",
        "w.json",
    ]);
    out.expect_code(42);
    let r = out.json();
    assert_eq!(r["bugs"][0]["kind"], "assertion", "{out}");
    assert_eq!(r["bugs"][0]["witness"]["options"]["mm"], "sc", "{out}");
    assert_eq!(read_witness(&s, "w.json")["options"]["mm"], "sc");
    s.run(&["replay", "lost_update.c", "w.json"])
        .expect_code(42);
}

/// A bug only the weaker model reaches is reported as that bug, with a
/// witness under that model and a note, beside the robustness finding;
/// the robustness message shows `file:line`, never an internal `0:16`;
/// both witnesses replay.
#[test]
fn robustness_weak_only_bug_and_readable_outcome() {
    let s = Scratch::new("robust-weak");
    s.write("sb.c", SB_ASSERT_C);
    let out = s.run(&[
        "check",
        "sb.c",
        "--check-robustness",
        "--no-race-check",
        "--json",
        "--witness",
        "w.json",
    ]);
    out.expect_code(42);
    let r = out.json();
    let bugs = r["bugs"].as_array().unwrap();
    assert_eq!(bugs.len(), 2, "{out}");
    assert_eq!(bugs[0]["kind"], "assertion", "{out}");
    assert_eq!(bugs[0]["location"], "sb.c:16", "{out}");
    assert_eq!(bugs[0]["witness"]["options"]["mm"], "tso", "{out}");
    assert!(
        bugs[0]["details"].to_string().contains("TSO"),
        "no note on the model: {out}"
    );
    assert_eq!(bugs[1]["kind"], "robustness", "{out}");
    let msg = bugs[1]["message"].as_str().unwrap();
    assert!(msg.contains("bug assertion at sb.c:16"), "{msg}");
    assert!(!msg.contains(" 0:16"), "internal location in {msg}");
    s.run(&["replay", "sb.c", "w.json"]).expect_code(42);

    // The robustness witness (the second bug) replays to its outcome.
    let mut w = bugs[1]["witness"].clone();
    assert!(w["bug"]["outcome"].is_string(), "{w}");
    s.write("r.json", &w.to_string());
    let replay = s.run(&["replay", "sb.c", "r.json", "--json"]);
    replay.expect_code(42);
    assert_eq!(replay.json()["bugs"][0]["kind"], "robustness", "{replay}");
    // ... and refuses another outcome.
    w["bug"]["outcome"] = Value::from("exit 0 | mem 0000000000000000 | ");
    s.write("r2.json", &w.to_string());
    s.run(&["replay", "sb.c", "r2.json"])
        .expect_bad_input("another outcome");
}

/// A robustness witness from a program that prints replays (exit 42).
#[test]
fn robustness_witness_of_printing_program_replays() {
    let s = Scratch::new("robust-replay");
    s.write("sb.c", SB_PRINT_C);
    let out = s.run(&[
        "check",
        "sb.c",
        "--check-robustness",
        "--no-race-check",
        "--witness",
        "w.json",
    ]);
    out.expect_code(42);
    assert!(out.stdout.contains("error[robustness]"), "{out}");
    let replay = s.run(&["replay", "sb.c", "w.json"]);
    replay.expect_code(42);
    assert!(replay.stdout.contains("error[robustness]"), "{replay}");
}

/// A data-race witness replays to the race (exit 42).
#[test]
fn data_race_witness_replays() {
    let s = Scratch::new("race-replay");
    s.write("race.c", RACE_ONLY_C);
    s.run(&["check", "race.c", "--witness", "w.json"])
        .expect_code(42);
    assert_eq!(read_witness(&s, "w.json")["bug"]["kind"], "data-race");
    let replay = s.run(&["replay", "race.c", "w.json", "--json"]);
    replay.expect_code(42);
    assert_eq!(replay.json()["bugs"][0]["kind"], "data-race", "{replay}");
}

/// Every field of a witness is validated: each damaged copy is refused
/// with exit 2 and a message naming what is wrong.
#[test]
fn replay_validates_every_witness_field() {
    let s = Scratch::new("witness-fields");
    s.lost_update("lost_update.c");
    s.run(&["check", "lost_update.c", "--witness", "w.json"])
        .expect_code(42);
    let w = read_witness(&s, "w.json");
    type Edit = fn(&mut Value);
    let cases: &[(&str, Edit, &str)] = &[
        (
            "unknown mm",
            |w| w["options"]["mm"] = Value::from("arm"),
            "options.mm",
        ),
        (
            "negative max_steps",
            |w| w["options"]["max_steps"] = Value::from(-5),
            "options.max_steps",
        ),
        (
            "zero max_steps",
            |w| w["options"]["max_steps"] = Value::from(0),
            "options.max_steps",
        ),
        (
            "missing mm",
            |w| {
                w["options"].as_object_mut().unwrap().remove("mm");
            },
            "options.mm",
        ),
        (
            "unknown option",
            |w| w["options"]["fast"] = Value::from(true),
            "fast",
        ),
        (
            "unknown nondet mode",
            |w| w["options"]["nondet"] = Value::from("bogus"),
            "options.nondet",
        ),
        (
            "allow_writes not a string",
            |w| w["options"]["allow_writes"] = Value::from(3),
            "options.allow_writes",
        ),
        (
            "allow_writes not a directory",
            |w| w["options"]["allow_writes"] = Value::from("/nonexistent/weft-dir"),
            "not a directory",
        ),
        (
            "parent after child",
            |w| w["threads"] = serde_json::json!(["0", "0.1.0", "0.1"]),
            "before its parent",
        ),
        (
            "thread named twice",
            |w| w["threads"] = serde_json::json!(["0", "0.0", "0.0"]),
            "repeats a thread",
        ),
        (
            "main thread missing",
            |w| w["threads"] = serde_json::json!(["0.0"]),
            "thread table",
        ),
        (
            "negative thread",
            |w| w["threads"] = serde_json::json!(["0", "0.-1"]),
            "not a thread name",
        ),
        (
            "garbage thread table",
            |w| w["threads"] = Value::from("all of them"),
            "threads",
        ),
        (
            "unnamed thread in schedule",
            |w| w["schedule"] = serde_json::json!([["0", 0], ["9", 0]]),
            "not a thread name",
        ),
        (
            "bad hash",
            |w| w["program_hash"] = Value::from("xyz"),
            "program_hash",
        ),
        (
            "bad kind",
            |w| w["bug"]["kind"] = Value::from("bogus"),
            "bogus",
        ),
        (
            "robustness without outcome",
            |w| w["bug"]["kind"] = Value::from("robustness"),
            "outcome",
        ),
        ("unknown field", |w| w["extra"] = Value::from(1), "extra"),
        (
            "wrong format",
            |w| w["format"] = Value::from("weft-witness-0"),
            "format",
        ),
    ];
    for (what, edit, needle) in cases {
        let mut bad = w.clone();
        edit(&mut bad);
        s.write("bad.json", &bad.to_string());
        let out = s.run(&["replay", "lost_update.c", "bad.json"]);
        assert_eq!(out.code, 2, "{what}: not refused:\n{out}");
        assert!(
            out.stderr.contains(needle),
            "{what}: stderr does not mention `{needle}`:\n{out}"
        );
        assert!(!out.stderr.contains("panicked"), "{what}:\n{out}");
    }
}

/// A witness that does not reproduce its bug (a truncated schedule, a
/// different kind, a different location) is exit 2 with the reason.
#[test]
fn replay_refuses_a_witness_that_does_not_reproduce() {
    let s = Scratch::new("witness-repro");
    s.lost_update("lost_update.c");
    s.run(&["check", "lost_update.c", "--witness", "w.json"])
        .expect_code(42);
    let w = read_witness(&s, "w.json");
    let mut truncated = w.clone();
    let n = truncated["schedule"].as_array().unwrap().len();
    truncated["schedule"]
        .as_array_mut()
        .unwrap()
        .truncate(n - 2);
    s.write("t.json", &truncated.to_string());
    s.run(&["replay", "lost_update.c", "t.json"])
        .expect_bad_input("does not reproduce");
    let mut empty = w.clone();
    empty["schedule"] = serde_json::json!([]);
    s.write("e.json", &empty.to_string());
    s.run(&["replay", "lost_update.c", "e.json"])
        .expect_bad_input("does not reproduce");
    let mut other = w.clone();
    other["bug"]["kind"] = Value::from("deadlock");
    s.write("k.json", &other.to_string());
    s.run(&["replay", "lost_update.c", "k.json"])
        .expect_bad_input("found assertion");
    let mut moved = w.clone();
    moved["bug"]["location"] = Value::from("lost_update.c:1");
    s.write("l.json", &moved.to_string());
    s.run(&["replay", "lost_update.c", "l.json"])
        .expect_bad_input("does not reproduce");
}

/// A bug before any scheduling choice (one thread, an assertion in main)
/// has an empty schedule, and its witness replays (exit 42).
#[test]
fn witness_with_empty_schedule_replays() {
    let s = Scratch::new("witness-empty");
    s.write(
        "single.c",
        "#include <assert.h>\nint main(void) { int x = 1; assert(x == 2); return 0; }\n",
    );
    s.run(&["check", "single.c", "--witness", "w.json"])
        .expect_code(42);
    assert_eq!(
        read_witness(&s, "w.json")["schedule"],
        serde_json::json!([])
    );
    let replay = s.run(&["replay", "single.c", "w.json", "--json"]);
    replay.expect_code(42);
    assert_eq!(replay.json()["bugs"][0]["kind"], "assertion", "{replay}");
}

/// The program hash covers the headers the program includes: changing one
/// makes replay refuse (exit 2).
#[test]
fn replay_refuses_changed_header() {
    let s = Scratch::new("witness-header");
    std::fs::create_dir_all(s.path().join("inc")).unwrap();
    s.write("inc/expected.h", "#define EXPECTED 2\n");
    let text = std::fs::read_to_string(root().join("examples/lost_update.c"))
        .unwrap()
        .replace(
            "#include <stdio.h>",
            "#include <stdio.h>\n#include \"expected.h\"",
        )
        .replace("counter == 2", "counter == EXPECTED");
    s.write("lu.c", &text);
    s.run(&["check", "lu.c", "--witness", "w.json", "--", "-Iinc"])
        .expect_code(42);
    s.run(&["replay", "lu.c", "w.json"]).expect_code(42);
    s.write("inc/expected.h", "#define EXPECTED 2 /* edited */\n");
    s.run(&["replay", "lu.c", "w.json"])
        .expect_bad_input("changed");
}

/// `--timeout` is checked inside one execution: an endless loop on a local
/// with an enormous `--max-steps`, and one long run of atomic increments,
/// both end as incomplete with limit timeout.
#[test]
fn timeout_inside_one_execution() {
    let s = Scratch::new("timeout-inside");
    s.write(
        "spin.c",
        "int main() { int x = 0; while (1) x++; return x; }\n",
    );
    s.write(
        "adds.c",
        "#include <stdatomic.h>\natomic_long c;\nint main() { for (long i = 0; i < 100000000; i++) atomic_fetch_add(&c, 1); return 0; }\n",
    );
    for file in ["spin.c", "adds.c"] {
        let out = s.run(&[
            "check",
            file,
            "--json",
            "--timeout",
            "1",
            "--max-steps",
            "18446744073709551615",
        ]);
        out.expect_code(3);
        let r = out.json();
        assert_eq!(r["verdict"], "incomplete", "{file}: {out}");
        assert_eq!(r["limit"], "timeout", "{file}: {out}");
    }
}

/// A fake compiler that records its pid and then hangs.
/// A compiler that records its pid and hangs, and a `TMPDIR` for weft,
/// in scratch `s`.
struct HangingCompiler {
    clang: PathBuf,
    pid: PathBuf,
    tmp: PathBuf,
}

impl HangingCompiler {
    fn new(s: &Scratch) -> HangingCompiler {
        let pid = s.path().join("compiler.pid");
        let clang = s.write(
            "hang.sh",
            &format!(
                "#!/bin/sh\necho $$ > '{}'\nexec sleep 1000\n",
                pid.display()
            ),
        );
        make_executable(&clang);
        let tmp = s.path().join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        HangingCompiler { clang, pid, tmp }
    }

    /// The environment that makes weft use it.
    fn env(&self) -> [(&str, &str); 2] {
        [
            ("WEFT_CLANG", self.clang.to_str().unwrap()),
            ("TMPDIR", self.tmp.to_str().unwrap()),
        ]
    }

    /// Asserts that weft killed the compiler and removed its temporaries.
    fn assert_cleaned_up(&self) {
        assert!(process_gone(&self.pid), "the compiler was left running");
        assert_no_leftovers(&self.tmp);
    }
}

fn make_executable(p: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Whether the process recorded in `pid_file` is gone.
fn process_gone(pid_file: &Path) -> bool {
    let pid = std::fs::read_to_string(pid_file).expect("the compiler ran");
    !Path::new(&format!("/proc/{}", pid.trim())).exists()
}

/// The files left in a directory.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

fn assert_no_leftovers(dir: &Path) {
    assert_eq!(leftovers(dir), Vec::<String>::new(), "temporary files left");
}

/// `--timeout` covers compilation: a compiler that hangs is killed at the
/// deadline, the verdict is incomplete (limit timeout), and weft's
/// temporary directory is removed.
#[test]
fn timeout_covers_compilation() {
    let s = Scratch::new("timeout-compile");
    s.lost_update("lost_update.c");
    let hang = HangingCompiler::new(&s);
    let out = run_in(
        s.path(),
        &["check", "lost_update.c", "--json", "--timeout", "0.5"],
        &hang.env(),
    );
    out.expect_code(3);
    assert_eq!(out.json()["limit"], "timeout", "{out}");
    hang.assert_cleaned_up();
}

/// Bad numbers for `--timeout` and the other numeric options are usage
/// errors (exit 2 with a message), never a panic.
#[test]
fn numeric_options_are_validated() {
    let s = Scratch::new("numeric");
    s.lost_update("lost_update.c");
    for t in ["inf", "NaN", "1e300", "-1", "18446744073709551615", "soon"] {
        let arg = format!("--timeout={t}");
        s.run(&["check", "lost_update.c", &arg])
            .expect_bad_input("--timeout");
    }
    for (flag, v) in [
        ("--max-steps", "-5"),
        ("--max-steps", "many"),
        ("--max-executions", "-1"),
        ("--max-executions", "1.5"),
    ] {
        let arg = format!("{flag}={v}");
        s.run(&["check", "lost_update.c", &arg])
            .expect_bad_input(flag);
    }
}

/// A full standard output, or one whose reader went away, is exit 1 with
/// one line on stderr, not a panic.
#[test]
fn unwritable_stdout_is_exit_1() {
    let s = Scratch::new("stdout");
    s.lost_update("lost_update.c");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full");
    let args = ["check", "lost_update.c"];
    let out = wait_out(spawn_in(s.path(), &args, &[], Stdio::from(full)), &args);
    out.expect_code(1);
    assert_eq!(out.stderr.trim_end().lines().count(), 1, "{out}");
    assert!(out.stderr.contains("standard output"), "{out}");

    let mut child = spawn_in(s.path(), &args, &[], Stdio::piped());
    drop(child.stdout.take());
    let out = wait_out(child, &args);
    out.expect_code(1);
    assert_eq!(out.stderr.trim_end().lines().count(), 1, "{out}");
}

/// A witness that cannot be written does not lose the report: it is
/// printed, the exit code is still 42, and stderr says so.
#[test]
fn unwritable_witness_keeps_the_report() {
    let s = Scratch::new("witness-unwritable");
    s.lost_update("lost_update.c");
    for path in ["no/such/dir/w.json", "/dev/full"] {
        let out = s.run(&["check", "lost_update.c", "--json", "--witness", path]);
        out.expect_code(42);
        assert_eq!(out.json()["verdict"], "bug", "{out}");
        assert!(
            out.stderr.contains("witness was not written"),
            "{path}: {out}"
        );
    }
}

/// Sends `sig` (e.g. `-INT`) to a process.
fn signal(child: &Child, sig: &str) {
    let status = Command::new("kill")
        .arg(sig)
        .arg(child.id().to_string())
        .status()
        .expect("run kill");
    assert!(status.success(), "kill {sig} failed");
}

/// SIGINT during exploration: weft stops, prints a partial report (valid
/// JSON, verdict incomplete, limit interrupted), exits 3 and leaves no
/// temporary files.
#[test]
fn sigint_prints_partial_report() {
    let s = Scratch::new("sigint");
    s.write("many.c", MANY_C);
    let tmp = s.path().join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let args = ["check", "many.c", "--json"];
    let child = spawn_in(
        s.path(),
        &args,
        &[("TMPDIR", tmp.to_str().unwrap())],
        Stdio::piped(),
    );
    // Compilation is over when weft's temporary directory has come and
    // gone; exploration of this program then takes hours.
    let start = Instant::now();
    let mut seen = false;
    while start.elapsed() < Duration::from_secs(30) {
        let now = !leftovers(&tmp).is_empty();
        if seen && !now {
            break;
        }
        seen |= now;
        std::thread::sleep(Duration::from_millis(2));
    }
    std::thread::sleep(Duration::from_millis(100));
    signal(&child, "-INT");
    let out = wait_out(child, &args);
    out.expect_incomplete("interrupted");
    assert_no_leftovers(&tmp);
}

/// SIGTERM while the compiler runs: the compiler is killed, the temporary
/// directory removed, and the report says interrupted (exit 3).
#[test]
fn sigterm_during_compilation_kills_the_compiler() {
    let s = Scratch::new("sigterm");
    s.lost_update("lost_update.c");
    let hang = HangingCompiler::new(&s);
    let args = ["check", "lost_update.c", "--json"];
    let child = spawn_in(s.path(), &args, &hang.env(), Stdio::piped());
    let start = Instant::now();
    while !hang.pid.exists() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(2));
    }
    std::thread::sleep(Duration::from_millis(50));
    signal(&child, "-TERM");
    let out = wait_out(child, &args);
    out.expect_code(3);
    assert_eq!(out.json()["limit"], "interrupted", "{out}");
    hang.assert_cleaned_up();
}

/// `WEFT_CLANG` set empty or to a directory: exit 2 with a message that
/// says what is wrong with it.
#[test]
fn bad_weft_clang_is_explained() {
    let s = Scratch::new("weft-clang");
    s.lost_update("lost_update.c");
    let dir = s.path().to_str().unwrap().to_string();
    for (value, needle) in [("", "empty"), (dir.as_str(), "directory")] {
        let out = run_in(
            s.path(),
            &["check", "lost_update.c"],
            &[("WEFT_CLANG", value)],
        );
        out.expect_bad_input("WEFT_CLANG");
        assert!(out.stderr.contains(needle), "{out}");
    }
}

/// A compiler that fails without a word: exit 2, and the message says it
/// exited with a status and printed nothing.
#[test]
fn silent_compiler_failure_is_explained() {
    let s = Scratch::new("silent-cc");
    s.lost_update("lost_update.c");
    let script = s.write("fail.sh", "#!/bin/sh\nexit 7\n");
    make_executable(&script);
    let out = run_in(
        s.path(),
        &["check", "lost_update.c"],
        &[("WEFT_CLANG", script.to_str().unwrap())],
    );
    out.expect_bad_input("status 7");
    assert!(out.stderr.contains("printed nothing"), "{out}");
}

/// A binary file given as the program is refused with a clear message, and
/// none of its bytes reach the terminal.
#[test]
fn binary_program_is_refused() {
    let s = Scratch::new("binary");
    let mut bytes = b"\x7fELF\x02\x01\x01\x00".to_vec();
    bytes.extend(b"\x1b[2J\x1b]0;pwned\x07 int main() { return 0; }\n");
    std::fs::write(s.path().join("prog.c"), &bytes).unwrap();
    std::fs::write(s.path().join("prog.bc"), &bytes[4..]).unwrap();
    for (file, needle) in [("prog.c", "binary data"), ("prog.bc", "bitcode")] {
        let out = s.run(&["check", file]);
        out.expect_bad_input(needle);
        assert!(!out.stderr.contains('\u{1b}'), "raw bytes echoed:\n{out}");
    }
}

/// `--max-memory 256` bounds the malloc loop: untouched, malloc returns
/// NULL once the live heap would pass 256 MiB (the run is safe); touched,
/// the run ends as incomplete with limit `max-memory`. Either way weft's own
/// peak RSS stays below 256 MiB.
#[test]
fn max_memory_bounds_the_malloc_loop() {
    let s = Scratch::new("max-memory");
    s.write("loop.c", MALLOC_LOOP_C);
    let rss_below_bound = |r: &Value| {
        let kib = r["peak_rss_kib"].as_u64().expect("peak_rss_kib");
        assert!(kib < 256 * 1024, "peak RSS {kib} KiB: {r}");
    };
    let out = s.run(&["check", "loop.c", "--json", "--max-memory", "256"]);
    out.expect_code(0);
    let r = out.json();
    assert_eq!(r["output"][0]["text"], "allocated 255\n", "{out}");
    rss_below_bound(&r);

    let out = s.run(&[
        "check",
        "loop.c",
        "--json",
        "--max-memory",
        "256",
        "--",
        "-DTOUCH",
    ]);
    let r = out.expect_incomplete("max-memory");
    rss_below_bound(&r);
}

/// `--max-memory` also bounds weft's own state: one execution of ten
/// million increments keeps a trace far larger than 200 MiB, so the run
/// ends as incomplete with limit `max-memory` (exit 3), within the bound,
/// instead of exhausting the machine.
#[test]
fn max_memory_bounds_the_trace_of_a_long_execution() {
    let s = Scratch::new("max-memory-trace");
    s.write(
        "long.c",
        "int g;\nint main(void) { for (int i = 0; i < 10000000; i++) g++; return 0; }\n",
    );
    let out = s.run(&[
        "check",
        "long.c",
        "--json",
        "--max-memory",
        "200",
        "--max-steps",
        "1000000000",
    ]);
    let r = out.expect_incomplete("max-memory");
    let kib = r["peak_rss_kib"].as_u64().expect("peak_rss_kib");
    assert!(kib < 210 * 1024, "peak RSS {kib} KiB: {out}");
}

/// A memory bound that ends the run while compiling is reported as
/// `max-memory`, not as a timeout.
#[test]
fn max_memory_while_compiling_names_its_limit() {
    let s = Scratch::new("max-memory-compile");
    s.lost_update("lost_update.c");
    let out = s.run(&["check", "lost_update.c", "--json", "--max-memory", "1"]);
    out.expect_incomplete("max-memory");
}

/// Under `--check-robustness` the trace file of a bug found under SC says
/// `sc`, as its witness does.
#[test]
fn robustness_trace_names_the_model_of_its_bug() {
    let s = Scratch::new("robust-trace");
    s.lost_update("lost_update.c");
    let args = [
        "check",
        "lost_update.c",
        "--check-robustness",
        "--trace",
        "t.json",
        "--witness",
        "w.json",
    ];
    s.run(&args).expect_code(42);
    let trace = std::fs::read_to_string(s.path().join("t.json")).expect("trace written");
    let t: weft_report::TraceFile = serde_json::from_str(&trace).unwrap();
    assert_eq!(read_witness(&s, "w.json")["options"]["mm"], "sc");
    assert_eq!(t.mm, "sc");
}

/// `--max-memory` takes a positive number of MiB.
#[test]
fn max_memory_rejects_zero() {
    let s = Scratch::new("max-memory-zero");
    s.lost_update("lost_update.c");
    s.run(&["check", "lost_update.c", "--max-memory", "0"])
        .expect_bad_input("--max-memory");
}

/// `--unfold-k` takes a positive number or `inf`.
#[test]
fn unfold_k_rejects_zero_and_words() {
    let s = Scratch::new("unfold-k");
    s.lost_update("lost_update.c");
    for bad in ["0", "-1", "infinite", "1.5"] {
        let arg = format!("--unfold-k={bad}");
        s.run(&["check", "lost_update.c", "--por", "unfold", &arg])
            .expect_bad_input("--unfold-k");
    }
    s.run(&[
        "check",
        "lost_update.c",
        "--por",
        "unfold",
        "--unfold-k",
        "inf",
    ])
    .expect_code(42);
}

/// `--unfold-k` changes the exploration: on lastzero with four
/// incrementing threads (tests/programs/unfold_k_partial.c) 1-partial
/// alternatives start executions that end blocked by the sleep set,
/// complete ones do not, and both explore the 28 traces.
#[test]
fn unfold_k_trades_blocked_executions() {
    let s = Scratch::new("unfold-k-blocked");
    let src = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/programs/unfold_k_partial.c"),
    )
    .expect("corpus program");
    s.write("lastzero.c", &src);
    let run = |k: &str| {
        let out = s.run(&[
            "check",
            "lastzero.c",
            "--json",
            "--por",
            "unfold",
            "--unfold-k",
            k,
        ]);
        out.expect_code(0);
        serde_json::from_str::<serde_json::Value>(&out.stdout).expect("JSON")
    };
    let one = run("1");
    let all = run("inf");
    assert_eq!(one["executions"], 28);
    assert_eq!(all["executions"], 28);
    assert!(one["blocked_by"]["sleep-set"].as_u64() > Some(0), "{one}");
    assert_eq!(all["blocked"], 0, "{all}");
    assert!(one["unfolding"]["alternatives"].as_u64() > all["unfolding"]["alternatives"].as_u64());
}

/// `--por unfold` reports: the human statistics name the unfolding's
/// counters and the peak memory; a data race whose second access ran as a
/// local step names it (`local` in JSON, "second access" in text); the
/// witness records the address reuse and the local plain accesses, and
/// `--no-race-check` turns the latter off (plain accesses are events).
#[test]
fn unfold_reports_local_races_and_records_its_options() {
    let s = Scratch::new("unfold-report");
    s.write(
        "race.c",
        "#include <pthread.h>\nint x;\n\
         void *w(void *a) { (void)a; x = 1; return 0; }\n\
         int main(void) { pthread_t t; pthread_create(&t, 0, w, 0);\n\
         int r = x; pthread_join(t, 0); return r; }\n",
    );
    let text = s.run(&["check", "race.c", "--por", "unfold"]);
    text.expect_code(42);
    assert!(text.stdout.contains("  unfolding: "), "{}", text.stdout);
    assert!(text.stdout.contains("  peak memory: "), "{}", text.stdout);
    assert!(
        text.stdout
            .contains("second access: thread 1 store x = 1 at race.c:3"),
        "{}",
        text.stdout
    );
    let out = s.run(&[
        "check",
        "race.c",
        "--por",
        "unfold",
        "--json",
        "--witness",
        "w.json",
    ]);
    out.expect_code(42);
    let report: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(
        report["bugs"][0]["local"]["location"], "race.c:3",
        "{report}"
    );
    assert!(report["unfolding"]["collected"].is_u64(), "{report}");
    let w = std::fs::read_to_string(s.path().join("w.json")).expect("witness");
    let w: serde_json::Value = serde_json::from_str(&w).expect("witness");
    assert_eq!(w["options"]["local_plain"], true, "{w}");
    assert_eq!(w["options"]["reuse_addresses"], true, "{w}");
    s.run(&["replay", "race.c", "w.json"]).expect_code(42);
    // Without the race check plain accesses are events: two executions.
    let out = s.run(&[
        "check",
        "race.c",
        "--por",
        "unfold",
        "--json",
        "--no-race-check",
    ]);
    out.expect_code(0);
    let report: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(report["executions"], 2, "{report}");
}

/// `--por unfold --keep-going` on a racy program: once a data race is
/// found, a planned execution that diverges from its plan (here a value a
/// racing local write left behind changes what an atomic load reads) ends
/// `after-race`, not as an explorer anomaly (a program from the random
/// differential test, seed 0x1234, case 27).
#[test]
fn unfold_keeps_going_after_a_race_without_anomalies() {
    let s = Scratch::new("unfold-after-race");
    s.write(
        "racy.c",
        "#include <pthread.h>\n\
         extern void __VERIFIER_assume(int);\n\
         int g1, g2;\n\
         pthread_mutex_t m0 = PTHREAD_MUTEX_INITIALIZER;\n\
         static void __VERIFIER_atomic_t0_0(void) {\n\
           int r1 = __atomic_fetch_add(&g1, 2, __ATOMIC_SEQ_CST);\n\
           __VERIFIER_assume(r1 != 1);\n\
         }\n\
         void *t0(void *arg) { (void)arg; int r0 = __atomic_load_n(&g1, __ATOMIC_SEQ_CST);\n\
           (void)r0; __VERIFIER_atomic_t0_0(); return 0; }\n\
         void *t1(void *arg) { (void)arg; g1 = 1; g2 = 2; pthread_mutex_lock(&m0);\n\
           int r0 = g2; __VERIFIER_assume(r0 != 1); pthread_mutex_unlock(&m0); return 0; }\n\
         int main(void) { pthread_t th[2]; pthread_create(&th[0], 0, t0, 0);\n\
           pthread_create(&th[1], 0, t1, 0); pthread_join(th[0], 0); pthread_join(th[1], 0);\n\
           return 0; }\n",
    );
    let out = s.run(&[
        "check",
        "racy.c",
        "--por",
        "unfold",
        "--keep-going",
        "--json",
    ]);
    out.expect_code(42);
    let report: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert!(report["limit"].is_null(), "{report}");
    let anomalies: u64 = report["anomalies"]
        .as_object()
        .map_or(0, |a| a.values().filter_map(|v| v.as_u64()).sum());
    assert_eq!(anomalies, 0, "{report}");
    assert!(
        report["blocked_by"]["after-race"].as_u64() > Some(0),
        "{report}"
    );
    assert!(
        report["bugs"]
            .as_array()
            .is_some_and(|b| b.iter().any(|b| b["kind"] == "data-race")),
        "{report}"
    );
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

/// A task in SV-COMP's style: `reach_error` with an empty body, an assert
/// that calls it, and `abort()` after it (as `assume_abort_if_not` does).
const SVCOMP_HEADER: &str = r#"extern void abort(void);
void reach_error() {}
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }
void assume_abort_if_not(int c) { if (!c) abort(); }
#include <pthread.h>
"#;

const SVCOMP_UNSAFE: &str = r#"int x;
void *t(void *a) { x = 1; return 0; }
int main(void) {
  pthread_t p;
  pthread_create(&p, 0, t, 0);
  __VERIFIER_assert(x == 0);
  pthread_join(p, 0);
  return 0;
}
"#;

const SVCOMP_SAFE: &str = r#"int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t(void *a) { pthread_mutex_lock(&m); x++; pthread_mutex_unlock(&m); return 0; }
int main(void) {
  pthread_t p;
  pthread_create(&p, 0, t, 0);
  pthread_mutex_lock(&m);
  x++;
  assume_abort_if_not(x == 1);
  pthread_mutex_unlock(&m);
  pthread_join(p, 0);
  __VERIFIER_assert(x == 2);
  return 0;
}
"#;

/// A task file for `input`, with one property and its expected verdict.
fn svcomp_yml(input: &str, prop: &str, expected: bool, dm: &str) -> String {
    format!(
        "format_version: '2.0'\ninput_files: '{input}'\nproperties:\n  - property_file: ../properties/{prop}.prp\n    expected_verdict: {expected}\noptions:\n  language: C\n  data_model: {dm}\n"
    )
}

#[test]
fn svcomp_unreach_call_verdicts() {
    let s = Scratch::new("svcomp-unreach");
    s.write("unsafe.c", &format!("{SVCOMP_HEADER}{SVCOMP_UNSAFE}"));
    s.write("safe.c", &format!("{SVCOMP_HEADER}{SVCOMP_SAFE}"));
    s.write(
        "unsafe.yml",
        &svcomp_yml("unsafe.c", "unreach-call", false, "LP64"),
    );
    s.write(
        "safe.yml",
        &svcomp_yml("safe.c", "unreach-call", true, "LP64"),
    );
    // reach_error's empty body does not hide the violation; abort() on
    // the path after it is not what is reported.
    let out = s.run(&["svcomp", "unsafe.yml"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)");
    // Paths that end in abort() (a failed assume) are no violation.
    let out = s.run(&["svcomp", "safe.yml", "--json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
    assert_eq!(v["verdict"], "TRUE", "{v}");
    assert_eq!(v["expected"], true, "{v}");
    // The same C file with --prop.
    let out = s.run(&["svcomp", "unsafe.c", "--prop", "unreach-call.prp"]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{}", out.stderr);
}

/// Under `weft svcomp`, uninitialised memory holds unknown values (SV-COMP's
/// semantics), not undefined ones: a check on heap memory that threads may
/// leave unwritten can fail (`FALSE`, where the answer was UNKNOWN for
/// undefined behaviour), and two reads of one unwritten location agree
/// (`TRUE`: the value drawn at the first read is written back). `weft
/// check` still reports the branch on uninitialised memory.
#[test]
fn svcomp_uninitialised_memory_is_unknown_not_undefined() {
    let s = Scratch::new("svcomp-uninit");
    s.write(
        "slots.c",
        "extern void reach_error(void);\n\
         #include <pthread.h>\n\
         #include <stdlib.h>\n\
         int *slot; int next = -1;\n\
         void *fill(void *a) { slot[next] = 1; return 0; }\n\
         int main(void) {\n\
           pthread_t t[3];\n\
           slot = malloc(3 * sizeof(int));\n\
           for (int i = 0; i < 3; i++) { next++; pthread_create(&t[i], 0, fill, 0); }\n\
           for (int i = 0; i < 3; i++) pthread_join(t[i], 0);\n\
           if (slot[0] + slot[1] + slot[2] != 3) reach_error();\n\
           return 0; }\n",
    );
    let out = s.run(&["svcomp", "slots.c", "--prop", "unreach-call.prp"]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{out}");
    s.write(
        "same.c",
        "extern void reach_error(void);\n\
         #include <pthread.h>\n\
         #include <stdlib.h>\n\
         int *p; int a, b;\n\
         void *reader(void *x) { b = *p; return 0; }\n\
         int main(void) {\n\
           p = malloc(sizeof(int));\n\
           pthread_t t; pthread_create(&t, 0, reader, 0);\n\
           a = *p;\n\
           pthread_join(t, 0);\n\
           if (a != b || a != *p) reach_error();\n\
           return 0; }\n",
    );
    let out = s.run(&["svcomp", "same.c", "--prop", "unreach-call.prp"]);
    assert_eq!(out.stdout.trim(), "TRUE", "{out}");
    let out = s.run(&["check", "slots.c"]);
    assert!(
        out.stdout.contains("uninitialised value decides a branch"),
        "{out}"
    );
}

/// Tasks written before SV-COMP 2020 call `__VERIFIER_error()` (an
/// external function) where newer ones call `reach_error()`, and their
/// property file names it: the call is the violation, and the verdict is
/// that of the same task with `reach_error`.
#[test]
fn svcomp_old_style_verifier_error() {
    let s = Scratch::new("svcomp-verifier-error");
    let program = "extern void __VERIFIER_error(void) __attribute__((__noreturn__));\n\
        #include <pthread.h>\n\
        int x;\n\
        void *t(void *a) { x = 1; return 0; }\n\
        int main(void) {\n\
          pthread_t h; pthread_create(&h, 0, t, 0);\n\
          if (x == 1) __VERIFIER_error();\n\
          pthread_join(h, 0); return 0; }\n";
    s.write("old.c", program);
    s.write("safe.c", &program.replace("x == 1", "x == 2"));
    s.write(
        "old.prp",
        "CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )\n",
    );
    let out = s.run(&["svcomp", "old.c", "--prop", "old.prp"]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{}", out.stderr);
    let out = s.run(&["svcomp", "safe.c", "--prop", "old.prp"]);
    assert_eq!(out.stdout.trim(), "TRUE", "{}", out.stderr);
}

/// `weft svcomp --max-memory` bounds weft's own memory as `weft check`'s
/// does: a task that creates threads on inputs forever (SV-COMP's
/// `while (1) if (nondet()) pthread_create(...)`) is UNKNOWN with reason
/// `bound: max-memory` once weft passes the bound. Before, `weft svcomp`
/// had no memory bound at all: such a task took 7 GiB in 20 s.
#[test]
fn svcomp_max_memory_bounds_the_run() {
    let s = Scratch::new("svcomp-max-memory");
    s.write(
        "forever.c",
        "extern int __VERIFIER_nondet_int(void);\n\
         extern void reach_error(void);\n\
         #include <pthread.h>\n\
         int c;\n\
         void *inc(void *a) { c++; return 0; }\n\
         void *dec(void *a) { c--; return 0; }\n\
         int main(void) {\n\
           pthread_t t;\n\
           while (1) {\n\
             if (__VERIFIER_nondet_int()) pthread_create(&t, 0, inc, 0);\n\
             else pthread_create(&t, 0, dec, 0);\n\
           }\n\
           return 0; }\n",
    );
    let out = s.run(&[
        "svcomp",
        "forever.c",
        "--prop",
        "unreach-call.prp",
        "--max-memory",
        "200",
        "--timeout",
        "300",
        "--json",
    ]);
    assert_eq!(out.code, 0, "{out}");
    let v: Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
    assert_eq!(v["verdict"], "UNKNOWN", "{v}");
    assert_eq!(v["reason"], "bound: max-memory", "{v}");
}

/// SV-COMP's tasks assume with endless loops (`if (!c) while (1) {}`) and
/// wait on registers (`t = turn; while (t != 0) {};`): a thread in such a
/// loop hangs (no visible operation will ever come), which ends its
/// execution without a violation, so a task can be TRUE. Before, every such
/// execution ran into the step bound and the answer was UNKNOWN.
#[test]
fn svcomp_endless_local_loops_hang() {
    let s = Scratch::new("svcomp-hang");
    let program = "extern int __VERIFIER_nondet_int(void);\n\
        extern void reach_error(void);\n\
        #include <pthread.h>\n\
        int turn = 1;\n\
        void *t(void *a) { int v = turn; while (v != 0) {} reach_error(); return 0; }\n\
        int main(void) {\n\
          pthread_t h; pthread_create(&h, 0, t, 0);\n\
          int x = __VERIFIER_nondet_int();\n\
          if (x < 0 || x > 10) { while (1) {} }\n\
          if (x > 10) reach_error();\n\
          return 0; }\n";
    s.write("hang.c", program);
    s.write("bug.c", &program.replace("x > 10) reach", "x > 5) reach"));
    let out = s.run(&["svcomp", "hang.c", "--prop", "unreach-call.prp"]);
    assert_eq!(out.stdout.trim(), "TRUE", "{out}");
    let out = s.run(&["svcomp", "bug.c", "--prop", "unreach-call.prp"]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{out}");
}

/// `weft svcomp` hunts for bugs (PCT) when a quick exhaustive search did
/// not decide. In `forever.c` main creates threads forever: the depth-first
/// search runs main first, and its first execution never ends before the
/// step bound, while one PCT run that lets two workers run finds their
/// race (a plain read of `next` against the write of another worker's
/// atomic section) at once; the violating run ends at the race. In
/// `reorder.c` a checker must run between the two writes of one of twenty
/// writers: a branch near the root, which the depth-first search reaches
/// only after the deep ones, and a few hundred PCT runs away. Before, both
/// answers were UNKNOWN (timeout).
#[test]
fn svcomp_bug_hunt_finds_what_the_exhaustive_search_does_not_reach() {
    let s = Scratch::new("svcomp-hunt");
    s.write(
        "forever.c",
        "extern void __VERIFIER_atomic_begin(void);\n\
         extern void __VERIFIER_atomic_end(void);\n\
         #include <pthread.h>\n\
         int next = 1;\n\
         void *worker(void *arg) {\n\
           if (next == 0) return 0;\n\
           __VERIFIER_atomic_begin();\n\
           next = next + 1;\n\
           __VERIFIER_atomic_end();\n\
           return 0; }\n\
         int main(void) {\n\
           pthread_t t;\n\
           while (1) pthread_create(&t, 0, worker, 0); }\n",
    );
    let out = s.run(&[
        "svcomp",
        "forever.c",
        "--prop",
        "no-data-race.prp",
        "--timeout",
        "60",
        "--witness",
        "w.graphml",
    ]);
    assert_eq!(out.stdout.trim(), "FALSE(no-data-race)", "{out}");
    let w = std::fs::read_to_string(s.path().join("w.graphml")).expect("witness");
    assert!(w.contains("violation_witness"), "{w}");
    s.write(
        "reorder.c",
        "extern void reach_error(void);\n\
         #include <pthread.h>\n\
         int a, b;\n\
         void *set(void *p) { a = 1; b = -1; return 0; }\n\
         void *check(void *p) {\n\
           if (!((a == 0 && b == 0) || (a == 1 && b == -1))) reach_error();\n\
           return 0; }\n\
         int main(void) {\n\
           pthread_t s[20], c[20];\n\
           for (int i = 0; i < 20; i++) pthread_create(&s[i], 0, set, 0);\n\
           for (int i = 0; i < 20; i++) pthread_create(&c[i], 0, check, 0);\n\
           for (int i = 0; i < 20; i++) pthread_join(s[i], 0);\n\
           for (int i = 0; i < 20; i++) pthread_join(c[i], 0);\n\
           return 0; }\n",
    );
    let out = s.run(&[
        "svcomp",
        "reorder.c",
        "--prop",
        "unreach-call.prp",
        "--timeout",
        "60",
    ]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{out}");
    // Openers created in an endless loop wait for the owner; two of them
    // counted in before the owner's single release. PCT alone missed it:
    // its runs each went to the step bound among tens of thousands of
    // threads (one run took 20 s); a random walk finds it in its first run.
    s.write(
        "devreg.c",
        "extern void reach_error(void);\n\
         extern int __VERIFIER_nondet_int(void);\n\
         #include <pthread.h>\n\
         int users, claimed, ready, go;\n\
         void *opener(void *arg) {\n\
           while (!go);\n\
           users = users + 1;\n\
           if (claimed) return 0;\n\
           claimed = 1; ready = 1; return 0; }\n\
         void *owner(void *arg) {\n\
           users = 0; claimed = 0; go = 1;\n\
           while (!ready);\n\
           while (__VERIFIER_nondet_int());\n\
           users = users - 1; claimed = 0;\n\
           if (users != 0) reach_error();\n\
           return 0; }\n\
         int main(void) {\n\
           pthread_t t;\n\
           pthread_create(&t, 0, owner, 0);\n\
           while (1) pthread_create(&t, 0, opener, 0); }\n",
    );
    let out = s.run(&[
        "svcomp",
        "devreg.c",
        "--prop",
        "unreach-call.prp",
        "--timeout",
        "60",
    ]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{out}");
}

/// `weft svcomp --max-executions N` bounds the search: a task without a
/// violation and with more executions is UNKNOWN with reason
/// `bound: max-executions`; without the bound it is TRUE.
#[test]
fn svcomp_max_executions_bounds_the_search() {
    let s = Scratch::new("svcomp-max-executions");
    s.write("safe.c", &format!("{SVCOMP_HEADER}{SVCOMP_SAFE}"));
    let run = |extra: &[&str]| {
        let mut a = vec!["svcomp", "safe.c", "--prop", "unreach-call.prp", "--json"];
        a.extend_from_slice(extra);
        let out = s.run(&a);
        assert_eq!(out.code, 0, "{out}");
        serde_json::from_str::<Value>(out.stdout.trim()).expect("JSON")
    };
    let v = run(&[]);
    assert_eq!(v["verdict"], "TRUE", "{v}");
    let v = run(&["--max-executions", "1"]);
    assert_eq!(v["verdict"], "UNKNOWN", "{v}");
    assert_eq!(v["reason"], "bound: max-executions", "{v}");
}

/// One execution that draws an input at each of 4,000 iterations keeps a
/// snapshot at each (the other side of each branch is still to explore).
/// The snapshots share the inputs and the path constraint drawn before
/// them: the first execution stays far below a 200 MiB bound and ends.
/// When each snapshot had its own copy, weft passed the bound after about
/// 1,200 iterations and the execution was cut (0 executions).
#[test]
fn snapshots_share_the_symbolic_state() {
    let s = Scratch::new("sym-snapshots");
    s.write(
        "inputs.c",
        "extern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n\
           int hits = 0;\n\
           for (int i = 0; i < 4000; i++)\n\
             if (__VERIFIER_nondet_int()) hits++;\n\
           return hits < 0; }\n",
    );
    let out = s.run(&[
        "check",
        "inputs.c",
        "--json",
        "--max-executions",
        "1",
        "--max-memory",
        "200",
    ]);
    let r = out.expect_incomplete("max-executions");
    assert_eq!(r["executions"], 1, "{out}");
    assert_eq!(r["blocked"], 0, "{out}");
}

/// `--witness`: GraphML 1.0 witnesses. FALSE gives the violating path
/// (thread creations, the other thread's store before main's failing
/// check, the violation node last), TRUE the trivial correctness witness,
/// UNKNOWN none.
#[test]
fn svcomp_graphml_witnesses() {
    use sha2::{Digest, Sha256};
    let s = Scratch::new("svcomp-graphml");
    let unsafe_c = format!("{SVCOMP_HEADER}{SVCOMP_UNSAFE}");
    s.write("unsafe.c", &unsafe_c);
    s.write("safe.c", &format!("{SVCOMP_HEADER}{SVCOMP_SAFE}"));
    s.write(
        "unreach-call.prp",
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    );
    let out = s.run(&[
        "svcomp",
        "unsafe.c",
        "--prop",
        "unreach-call.prp",
        "--witness",
        "v.graphml",
    ]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{}", out.stderr);
    let w = std::fs::read_to_string(s.path().join("v.graphml")).expect("witness written");
    let data = |key: &str| -> Vec<String> {
        let open = format!("<data key=\"{key}\">");
        w.match_indices(&open)
            .map(|(i, _)| {
                let rest = &w[i + open.len()..];
                rest[..rest.find("</data>").expect("closed")].to_string()
            })
            .collect()
    };
    assert_eq!(data("witness-type"), ["violation_witness"]);
    assert_eq!(
        data("specification"),
        ["CHECK( init(main()), LTL(G ! call(reach_error())) )"]
    );
    let hash: String = Sha256::digest(unsafe_c.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(data("programhash"), [hash]);
    assert_eq!(data("architecture"), ["64bit"]);
    // pthread_create is on line 10 of the task and creates thread 1.
    let create = w
        .find("<data key=\"createThread\">1</data>")
        .expect("a thread creation");
    assert!(
        w[..create].ends_with(
            "<data key=\"startline\">10</data>\n      <data key=\"threadId\">0</data>\n      "
        ),
        "{w}"
    );
    // Thread 1's store (line 7) comes before the violation node, the last.
    let store = w
        .find("<data key=\"startline\">7</data>\n      <data key=\"threadId\">1</data>")
        .expect("thread 1's store");
    let violation = w
        .find("<data key=\"violation\">true</data>")
        .expect("a violation node");
    assert!(create < store && store < violation, "{w}");
    assert_eq!(w.matches("<data key=\"violation\">").count(), 1);
    assert_eq!(w.matches("<edge ").count(), w.matches("<node ").count() - 1);
    assert!(w.trim_end().ends_with("</graphml>"));

    let out = s.run(&[
        "svcomp",
        "safe.c",
        "--prop",
        "unreach-call.prp",
        "--witness",
        "c.graphml",
    ]);
    assert_eq!(out.stdout.trim(), "TRUE", "{}", out.stderr);
    let c = std::fs::read_to_string(s.path().join("c.graphml")).expect("witness written");
    assert!(
        c.contains("<data key=\"witness-type\">correctness_witness</data>"),
        "{c}"
    );
    assert!(!c.contains("<edge "));

    s.write(
        "valid-memsafety.prp",
        "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\nCHECK( init(main()), LTL(G valid-memtrack) )\n",
    );
    let out = s.run(&[
        "svcomp",
        "safe.c",
        "--prop",
        "valid-memsafety.prp",
        "--witness",
        "u.graphml",
    ]);
    assert_eq!(out.stdout.trim(), "UNKNOWN", "{}", out.stderr);
    assert!(!s.path().join("u.graphml").exists());
}

#[test]
fn svcomp_data_race_and_unknowns() {
    let s = Scratch::new("svcomp-race");
    s.write("race.c", &format!("{SVCOMP_HEADER}{SVCOMP_UNSAFE}"));
    s.write("locked.c", &format!("{SVCOMP_HEADER}{SVCOMP_SAFE}"));
    let race = s.run(&["svcomp", "race.c", "--prop", "no-data-race.prp"]);
    assert_eq!(race.stdout.trim(), "FALSE(no-data-race)", "{}", race.stderr);
    let locked = s.run(&["svcomp", "locked.c", "--prop", "no-data-race.prp"]);
    assert_eq!(locked.stdout.trim(), "TRUE", "{}", locked.stderr);
    // What weft cannot decide is UNKNOWN, never TRUE.
    let out = s.run(&["svcomp", "locked.c", "--prop", "valid-memsafety.prp"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "UNKNOWN");
    assert!(out.stderr.contains("leaks"), "{}", out.stderr);
    // A symbolic input that breaks the assertion is a violation.
    s.write(
        "nondet.c",
        &format!(
            "{SVCOMP_HEADER}extern int __VERIFIER_nondet_int(void);\nint main(void) {{ int v = __VERIFIER_nondet_int(); __VERIFIER_assert(v != 5); return 0; }}\n"
        ),
    );
    let out = s.run(&["svcomp", "nondet.c", "--prop", "unreach-call.prp"]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{}", out.stderr);
    // A concretised input (a float operation) makes an exhaustive-looking
    // run UNKNOWN.
    s.write(
        "float.c",
        &format!(
            "{SVCOMP_HEADER}extern int __VERIFIER_nondet_int(void);\nint main(void) {{ int v = __VERIFIER_nondet_int(); double d = v; __VERIFIER_assert(d * 0.0 == 0.0); return 0; }}\n"
        ),
    );
    let out = s.run(&["svcomp", "float.c", "--prop", "unreach-call.prp"]);
    assert_eq!(out.stdout.trim(), "UNKNOWN", "{}", out.stderr);
    assert!(out.stderr.contains("concretised"), "{}", out.stderr);
    // A property weft does not know, or none, is bad input.
    let out = s.run(&["svcomp", "locked.c", "--prop", "bogus.prp"]);
    assert_eq!(out.code, 2, "{}", out.stdout);
    let out = s.run(&["svcomp", "locked.c"]);
    assert_eq!(out.code, 2, "{}", out.stdout);
}

/// `no-overflow`: signed overflow (an `nsw` add, sub, mul or shl, or the
/// smallest value divided by -1) is the violation, in the interleaving
/// that causes it; unsigned wrap-around is not; `weft check` keeps C's
/// arithmetic unchecked.
#[test]
fn svcomp_no_overflow_verdicts() {
    let s = Scratch::new("svcomp-overflow");
    // t2 before t1 overflows ((x + 1000) * 2 > INT_MAX); t1 before t2 not.
    let racy = |start: u32| {
        format!(
            "{SVCOMP_HEADER}int x = {start};\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n\
             void *t1(void *a) {{ pthread_mutex_lock(&m); x = x * 2; pthread_mutex_unlock(&m); return 0; }}\n\
             void *t2(void *a) {{ pthread_mutex_lock(&m); x = x + 1000; pthread_mutex_unlock(&m); return 0; }}\n\
             int main(void) {{ pthread_t a, b; pthread_create(&a, 0, t1, 0); pthread_create(&b, 0, t2, 0);\n\
             pthread_join(a, 0); pthread_join(b, 0); return 0; }}\n"
        )
    };
    s.write("over.c", &racy(1_073_741_000));
    s.write("fits.c", &racy(1_073_000_000));
    s.write(
        "div.c",
        &format!("{SVCOMP_HEADER}int d = -1;\nint main(void) {{ int v = -2147483647 - 1; return v / d; }}\n"),
    );
    s.write(
        "neg.c",
        &format!("{SVCOMP_HEADER}long v = -9223372036854775807L - 1;\nint main(void) {{ long w = -v; return w != 0; }}\n"),
    );
    s.write(
        "unsigned.c",
        &format!("{SVCOMP_HEADER}unsigned u = 4294967295u;\nint main(void) {{ u = u + 1; u = u * 3; return (int)u; }}\n"),
    );
    // Every lane of an `nsw` vector operation is checked (lane 0 overflows).
    s.write(
        "lanes.ll",
        "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
         target triple = \"x86_64-pc-linux-gnu\"\n\
         define i32 @main() {\n\
           %v = add nsw <2 x i32> <i32 2147483647, i32 0>, <i32 1, i32 0>\n\
           %e = extractelement <2 x i32> %v, i32 1\n\
           ret i32 %e\n\
         }\n",
    );
    s.write(
        "over.yml",
        &svcomp_yml("over.c", "no-overflow", false, "LP64"),
    );
    for (file, want) in [
        ("over.yml", "FALSE(no-overflow)"),
        ("fits.c", "TRUE"),
        ("div.c", "FALSE(no-overflow)"),
        ("neg.c", "FALSE(no-overflow)"),
        ("unsigned.c", "TRUE"),
        ("lanes.ll", "FALSE(no-overflow)"),
    ] {
        let mut args = vec!["svcomp", file];
        if !file.ends_with(".yml") {
            args.extend(["--prop", "no-overflow.prp"]);
        }
        let out = s.run(&args);
        assert_eq!(out.code, 0, "{file}: {}", out.stderr);
        assert_eq!(out.stdout.trim(), want, "{file}: {}", out.stderr);
    }
    // The same verdict in JSON.
    let out = s.run(&["svcomp", "over.yml", "--json"]);
    let v: Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
    assert_eq!(v["verdict"], "FALSE(no-overflow)", "{v}");
    // `weft check` does not check signed overflow: C's wrap-around
    // programs keep running as before.
    let out = s.run(&["check", "over.c", "--json"]);
    let v: Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
    assert_eq!(v["verdict"], "safe", "{v}");
}

/// An SV-COMP task whose bug needs ILP32: `unsigned long` wraps at 2^32
/// only when it is 32 bits, and `pthread_t` and pointers are 4 bytes.
const SVCOMP_ILP32_WRAP: &str = r#"unsigned long counter = 0xfffffffeUL;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t(void *a) { pthread_mutex_lock(&m); counter++; pthread_mutex_unlock(&m); return a; }
int main(void) {
  pthread_t p[2];
  for (int i = 0; i < 2; i++) pthread_create(&p[i], 0, t, (void *)&p[i]);
  for (int i = 0; i < 2; i++) { void *r; pthread_join(p[i], &r); __VERIFIER_assert(r == &p[i]); }
  __VERIFIER_assert(sizeof(pthread_t) == sizeof(long) && sizeof(void *) == sizeof(long));
  __VERIFIER_assert(counter != 0);
  return 0;
}
"#;

/// Tasks whose `.yml` says `data_model: ILP32` run compiled with `-m32`:
/// TRUE and FALSE as for LP64, the witness says `32bit`; the same file as
/// an LP64 task has no wrap-around, so its verdict differs.
#[test]
fn svcomp_ilp32_tasks() {
    let s = Scratch::new("svcomp-ilp32");
    s.write("wrap.c", &format!("{SVCOMP_HEADER}{SVCOMP_ILP32_WRAP}"));
    s.write("safe.c", &format!("{SVCOMP_HEADER}{SVCOMP_SAFE}"));
    s.write(
        "wrap32.yml",
        &svcomp_yml("wrap.c", "unreach-call", false, "ILP32"),
    );
    s.write(
        "wrap64.yml",
        &svcomp_yml("wrap.c", "unreach-call", true, "LP64"),
    );
    s.write(
        "safe32.yml",
        &svcomp_yml("safe.c", "unreach-call", true, "ILP32"),
    );
    s.write(
        "race32.yml",
        &svcomp_yml("wrap.c", "no-data-race", true, "ILP32"),
    );
    let data = |w: &str, key: &str| -> Vec<String> {
        let open = format!("<data key=\"{key}\">");
        w.match_indices(&open)
            .map(|(i, _)| {
                let rest = &w[i + open.len()..];
                rest[..rest.find("</data>").expect("closed")].to_string()
            })
            .collect()
    };

    let out = s.run(&["svcomp", "wrap32.yml", "--witness", "v.graphml", "--json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
    assert_eq!(v["verdict"], "FALSE(unreach-call)", "{v}");
    let w = std::fs::read_to_string(s.path().join("v.graphml")).expect("witness written");
    assert_eq!(data(&w, "witness-type"), ["violation_witness"]);
    assert_eq!(data(&w, "architecture"), ["32bit"]);
    assert_eq!(w.matches("<data key=\"violation\">true</data>").count(), 1);

    let out = s.run(&["svcomp", "wrap64.yml", "--witness", "c64.graphml"]);
    assert_eq!(out.stdout.trim(), "TRUE", "{}", out.stderr);
    let c = std::fs::read_to_string(s.path().join("c64.graphml")).expect("witness written");
    assert_eq!(data(&c, "architecture"), ["64bit"]);
    // --data-model overrides the task's.
    let out = s.run(&["svcomp", "wrap64.yml", "--data-model", "ILP32"]);
    assert_eq!(out.stdout.trim(), "FALSE(unreach-call)", "{}", out.stderr);

    let out = s.run(&["svcomp", "safe32.yml", "--witness", "c32.graphml"]);
    assert_eq!(out.stdout.trim(), "TRUE", "{}", out.stderr);
    let c = std::fs::read_to_string(s.path().join("c32.graphml")).expect("witness written");
    assert_eq!(data(&c, "witness-type"), ["correctness_witness"]);
    assert_eq!(data(&c, "architecture"), ["32bit"]);

    // The counter is locked: no race under ILP32 either.
    let out = s.run(&["svcomp", "race32.yml"]);
    assert_eq!(out.stdout.trim(), "TRUE", "{}", out.stderr);
}

/// `weft check --data-model ILP32` is `-- -m32`; a safe program explores
/// as many executions as under LP64; a `.bc` compiled for another model,
/// or a target weft does not support, is refused (exit 2).
#[test]
fn check_data_model() {
    let s = Scratch::new("check-data-model");
    let list = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/ilp32_list_threads.c"),
    )
    .expect("corpus program");
    s.write("list.c", &list);
    let executions = |args: &[&str]| -> u64 {
        let out = s.run(args);
        assert_eq!(out.code, 0, "{args:?}: {}{}", out.stdout, out.stderr);
        let v: Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
        v["executions"].as_u64().expect("executions")
    };
    let lp64 = executions(&["check", "list.c", "--json"]);
    let ilp32 = executions(&["check", "list.c", "--json", "--data-model", "ILP32"]);
    let m32 = executions(&["check", "list.c", "--json", "--", "-m32"]);
    assert_eq!(lp64, ilp32);
    assert_eq!(ilp32, m32);

    s.write(
        "sizes.c",
        "int main(void) { return sizeof(long) == 4 ? 0 : *(volatile int *)0; }\n",
    );
    let out = s.run(&["check", "sizes.c", "--data-model", "ILP32"]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    let out = s.run(&["check", "sizes.c"]);
    assert_eq!(out.code, 42, "{}{}", out.stdout, out.stderr);
    // A module for another model than asked for.
    let out = s.run(&["check", "sizes.c", "--data-model", "LP64", "--", "-m32"]);
    assert_eq!(out.code, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("ILP32"), "{}", out.stderr);
    // Another target: a clear refusal naming it.
    let out = s.run(&["check", "sizes.c", "--", "--target=aarch64-linux-gnu"]);
    assert_eq!(out.code, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("aarch64"), "{}", out.stderr);
}

/// Fails only when `LIMIT` is set above 2: a bug that needs `--env`.
const ENV_LIMIT_C: &str = r#"#include <assert.h>
#include <stdlib.h>
int main(void) {
  const char *s = getenv("LIMIT");
  int limit = s ? atoi(s) : 0;
  assert(limit <= 2);
  return 0;
}
"#;

/// `--env NAME=VALUE` reaches `getenv`; without it the variable is unset
/// and the same program is safe.
#[test]
fn env_sets_getenv() {
    let s = Scratch::new("env-getenv");
    s.write("limit.c", ENV_LIMIT_C);
    s.run(&["check", "limit.c"]).expect_code(0);
    s.run(&["check", "limit.c", "--env", "LIMIT=2"])
        .expect_code(0);
    s.run(&["check", "limit.c", "--env", "OTHER=9", "--env", "LIMIT=3"])
        .expect_code(42);
}

/// A malformed `--env` (no `=`, or an empty name) is a usage error.
#[test]
fn env_rejects_malformed_values() {
    for bad in ["LIMIT", "=3", ""] {
        let out = run(&["check", "examples/lost_update.c", "--env", bad]);
        out.expect_code(2);
        assert!(
            out.stderr.contains("NAME=VALUE"),
            "no hint for `{bad}`:\n{out}"
        );
    }
}

/// The witness records the environment and replay uses it: a witness of a
/// bug that needs `LIMIT=3` replays (exit 42); with its `env` removed, the
/// replay does not reproduce the bug (exit 2); with a malformed entry it
/// is refused as invalid (exit 2).
#[test]
fn env_is_recorded_in_witnesses_and_replayed() {
    let s = Scratch::new("env-witness");
    s.write("limit.c", ENV_LIMIT_C);
    s.run(&[
        "check",
        "limit.c",
        "--env",
        "LIMIT=3",
        "--witness",
        "w.json",
    ])
    .expect_code(42);
    let text = std::fs::read_to_string(s.path().join("w.json")).unwrap();
    let mut w: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(w["env"], serde_json::json!(["LIMIT=3"]), "{text}");
    let out = s.run(&["replay", "limit.c", "w.json", "--json"]);
    out.expect_code(42);
    assert_eq!(out.json()["bugs"][0]["kind"], "assertion", "{out}");
    w.as_object_mut().unwrap().remove("env");
    s.write("w2.json", &w.to_string());
    s.run(&["replay", "limit.c", "w2.json"]).expect_code(2);
    w["env"] = serde_json::json!(["LIMIT"]);
    s.write("w3.json", &w.to_string());
    s.run(&["replay", "limit.c", "w3.json"])
        .expect_bad_input("NAME=VALUE");
}

/// A randomized strategy without `--seed` draws one, prints it (human and
/// JSON), and the same seed repeats the run exactly: the same executions,
/// the same finding, the same schedule; the finding's witness replays.
#[test]
fn randomized_runs_print_their_seed_and_repeat_with_it() {
    let s = Scratch::new("seed");
    s.lost_update("lost.c");
    let human = s.run(&["check", "lost.c", "--no-race-check", "--strategy", "pct"]);
    human.expect_code(42);
    assert!(human.stdout.contains("rerun with --seed"), "{human}");
    assert!(
        human.stdout.contains("strategy: pct depth=3 seed="),
        "{human}"
    );
    for strategy in ["pct", "pctvb", "random"] {
        let first = s.run(&[
            "check",
            "lost.c",
            "--no-race-check",
            "--json",
            "--strategy",
            strategy,
        ]);
        first.expect_code(42);
        let r = first.json();
        let seed = r["strategy"]["seed"].as_u64().expect("a seed");
        assert_eq!(r["strategy"]["strategy"], strategy);
        let under = &r["bugs"][0]["found_under"];
        assert_eq!(under["seed"].as_u64(), Some(seed), "{first}");
        assert_eq!(under["strategy"], strategy);
        let seed = seed.to_string();
        let again = s.run(&[
            "check",
            "lost.c",
            "--no-race-check",
            "--json",
            "--strategy",
            strategy,
            "--seed",
            &seed,
            "--witness",
            "w.json",
        ]);
        again.expect_code(42);
        let a = again.json();
        assert_eq!(a["executions"], r["executions"], "{strategy}");
        assert_eq!(a["bugs"][0]["found_under"], *under, "{strategy}");
        assert_eq!(
            a["bugs"][0]["witness"]["schedule"], r["bugs"][0]["witness"]["schedule"],
            "{strategy}"
        );
        s.run(&["replay", "lost.c", "w.json"]).expect_code(42);
    }
}

/// The systematic strategies report their bound: icb the preemptions of
/// the bug's schedule, vt its (v, t); a bound that cuts schedules leaves
/// the run incomplete (limit `bound`), never safe.
#[test]
fn bounded_strategies_report_their_bounds() {
    let s = Scratch::new("bounds");
    s.lost_update("lost.c");
    let icb = s.run(&[
        "check",
        "lost.c",
        "--no-race-check",
        "--json",
        "--strategy",
        "icb",
    ]);
    icb.expect_code(42);
    let r = icb.json();
    assert_eq!(r["bugs"][0]["found_under"]["preemptions"], 1, "{icb}");
    assert_eq!(r["strategy"]["strategy"], "icb");
    assert_eq!(r["strategy"]["bound"], 1);
    let cut = s.run(&[
        "check",
        "lost.c",
        "--no-race-check",
        "--json",
        "--strategy",
        "icb",
        "--max-bound",
        "0",
    ]);
    cut.expect_incomplete("bound");
    let vt = s.run(&["check", "lost.c", "--no-race-check", "--strategy", "vt"]);
    vt.expect_code(42);
    assert!(
        vt.stdout
            .contains("found under: v=1 t=2, 1 preemption (vt)"),
        "{vt}"
    );
    // A safe program: icb explores every schedule and says safe; the
    // others cannot.
    s.write("safe.c", SAFE_C);
    let safe = s.run(&["check", "safe.c", "--json", "--strategy", "icb"]);
    safe.expect_code(0);
    for args in [
        &["--strategy", "vt"][..],
        &["--strategy", "pct", "--runs", "20", "--seed", "1"],
        &["--strategy", "random", "--runs", "20", "--seed", "1"],
    ] {
        let mut all = vec!["check", "safe.c", "--json"];
        all.extend_from_slice(args);
        s.run(&all).expect_incomplete("bound");
    }
}

/// Options that do not apply to the chosen strategy are bad input.
#[test]
fn strategy_options_that_do_not_apply_are_refused() {
    let s = Scratch::new("strategy-flags");
    s.lost_update("lost.c");
    for (args, needle) in [
        (
            &["--strategy", "icb", "--pct-depth", "2"][..],
            "--pct-depth",
        ),
        (&["--strategy", "pct", "--max-bound", "2"], "--max-bound"),
        (&["--strategy", "vt", "--max-bound", "0"], "start at 1"),
        (&["--runs", "5"], "--runs"),
        (&["--seed", "5"], "--seed"),
        (&["--strategy", "icb", "--por", "unfold"], "--por unfold"),
        (&["--strategy", "pct", "--por", "none"], "--por none"),
        (
            &["--strategy", "pct", "--check-robustness"],
            "--check-robustness",
        ),
        (&["--strategy", "optimal"], "--strategy"),
        (&["--por", "icb"], "--por"),
    ] {
        let mut all = vec!["check", "lost.c"];
        all.extend_from_slice(args);
        s.run(&all).expect_bad_input(needle);
    }
}

/// The counts, outcomes and bugs of a report, as `-j` and `--shard` must
/// keep them.
fn split_key(v: &Value) -> (u64, Value, Vec<(String, String)>, Value) {
    (
        v["executions"].as_u64().expect("executions"),
        v["outcomes"].clone(),
        bug_keys(v),
        v["verdict"].clone(),
    )
}

/// `-j 2`, `-j 4` and four shards merged by `weft merge` give exactly the
/// executions, outcomes and bugs of `-j 1`, under SC, TSO and PSO, on
/// exact-count benchmark programs, on a compare-and-swap retry loop (a
/// failed CAS reads, the same step succeeding writes) and on a buggy one
/// (with `--keep-going`).
#[test]
fn jobs_and_shards_explore_the_executions_of_one_worker() {
    let dir = Scratch::new("split");
    let cases: &[(&str, &str, &[&str])] = &[
        ("bench/programs/lastzero.c", "-DN=5", &["sc", "tso", "pso"]),
        ("bench/programs/readers.c", "-DN=5", &["sc", "tso"]),
        ("bench/programs/fetch_add.c", "-DN=4", &["sc", "pso"]),
        ("examples/lost_update.c", "-DUNUSED", &["sc", "tso", "pso"]),
        (
            "tests/programs/cas_retry_loop.c",
            "-DUNUSED",
            &["sc", "tso"],
        ),
    ];
    for (file, def, models) in cases {
        let file = root().join(file);
        let file = file.to_str().unwrap();
        for mm in *models {
            let base = [
                "check",
                file,
                "--json",
                "--outcomes",
                "--keep-going",
                "--mm",
                mm,
            ];
            let with = |extra: &[&str]| {
                let mut a: Vec<&str> = base.to_vec();
                a.extend_from_slice(extra);
                a.extend_from_slice(&["--", def]);
                dir.run(&a)
            };
            let one = with(&["-j", "1"]).json();
            for j in ["2", "4"] {
                let many = with(&["-j", j]).json();
                assert_eq!(split_key(&many), split_key(&one), "{file} --mm {mm} -j {j}");
                assert_eq!(many["anomalies"], one["anomalies"]);
            }
            let mut parts = Vec::new();
            for i in 0..4 {
                let shard = format!("{i}/4");
                let out = with(&["--shard", &shard, "-j", "2"]);
                let path = dir.write(&format!("part{i}.json"), &out.stdout);
                parts.push(path.to_str().unwrap().to_string());
            }
            let mut args = vec!["merge", "--json"];
            args.extend(parts.iter().map(String::as_str));
            let merged = dir.run(&args);
            let code = if one["verdict"] == "bug" { 42 } else { 0 };
            merged.expect_code(code);
            let merged = merged.json();
            assert_eq!(
                split_key(&merged),
                split_key(&one),
                "{file} --mm {mm} shards"
            );
            assert_eq!(merged["shards"], 4);
        }
    }
}

/// Split runs of the compare-and-swap hash table keep every execution.
/// Whether a sequence is lost depended on when parts were handed out:
/// before every sleeper of a part was foreign, about one run in five of
/// indexer N=14 at `-j 4` explored 488 to 508 of its 512 executions (a
/// sleeper the donor had explored itself rejected sequences as a weak
/// initial, counting on merges that the frontier drops). Twenty runs make
/// a miss of that defect unlikely.
#[test]
fn split_runs_of_a_cas_hash_table_keep_every_execution() {
    let dir = Scratch::new("split-indexer");
    let file = root().join("bench/programs/indexer.c");
    let file = file.to_str().unwrap();
    for run in 0..20 {
        let out = dir.run(&["check", file, "--json", "-j", "4", "--", "-DN=14"]);
        out.expect_code(0);
        assert_eq!(out.json()["executions"], 512, "run {run}: {out}");
    }
}

/// `weft merge` refuses an incomplete or mixed set of shards (exit 2) and
/// `--shard` refuses a malformed value.
#[test]
fn merge_refuses_missing_or_foreign_shards() {
    let dir = Scratch::new("merge");
    let file = root().join("bench/programs/readers.c");
    let file = file.to_str().unwrap();
    let part = |i: u32, n: u32, def: &str| {
        let shard = format!("{i}/{n}");
        let out = dir.run(&["check", file, "--json", "--shard", &shard, "--", def]);
        // One shard alone proves nothing about the whole run.
        out.expect_code(3);
        assert_eq!(out.json()["limit"], "shard", "{out}");
        let p = dir.write(&format!("p{i}-{n}-{def}.json"), &out.stdout);
        p.to_str().unwrap().to_string()
    };
    let (a, b) = (part(0, 2, "-DN=3"), part(1, 2, "-DN=3"));
    let c = part(1, 2, "-DN=4");
    dir.run(&["merge", &a, &b]).expect_code(0);
    let missing = dir.run(&["merge", &a]);
    missing.expect_code(2);
    assert!(missing.stderr.contains("shards missing: 1/2"), "{missing}");
    dir.run(&["merge", &a, &a]).expect_code(2);
    dir.run(&["merge", &a, &c]).expect_code(2);
    // Settings that change the exploration must agree too.
    let other = dir.run(&[
        "check",
        file,
        "--json",
        "--shard",
        "1/2",
        "--no-spurious-wakeups",
        "--",
        "-DN=3",
    ]);
    let d = dir.write("p1-2-nsw.json", &other.stdout);
    dir.run(&["merge", &a, d.to_str().unwrap()]).expect_code(2);
    let not_shard = dir.write("plain.json", "{\"verdict\": \"safe\"}");
    dir.run(&["merge", not_shard.to_str().unwrap()])
        .expect_code(2);
    for bad in ["4/4", "1", "x/2", "0/0"] {
        dir.run(&["check", file, "--shard", bad]).expect_code(2);
    }
}

/// Three threads, each failing its own assertion in some interleavings.
const THREE_BUGS_C: &str = r#"#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int x, y, z;
static void *a(void *p) {
  atomic_store(&x, 1);
  if (atomic_load(&y) == 1 && atomic_load(&z) == 0)
    assert(0);
  return p;
}
static void *b(void *p) {
  atomic_store(&y, 1);
  if (atomic_load(&z) == 1 && atomic_load(&x) == 0)
    assert(0);
  return p;
}
static void *c(void *p) {
  atomic_store(&z, 1);
  if (atomic_load(&x) == 1 && atomic_load(&y) == 0)
    assert(0);
  return p;
}
int main(void) {
  pthread_t t[3];
  pthread_create(&t[0], 0, a, 0);
  pthread_create(&t[1], 0, b, 0);
  pthread_create(&t[2], 0, c, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return 0;
}
"#;

/// With `-j 4 --keep-going`, the bugs are those of `-j 1` under SC, TSO
/// and PSO, and the witness of each, found in whichever part, replays.
#[test]
fn split_run_witnesses_replay() {
    let dir = Scratch::new("split-witness");
    dir.write("three.c", THREE_BUGS_C);
    for mm in ["sc", "tso", "pso"] {
        let run = |j: &str| {
            let out = dir.run(&[
                "check",
                "three.c",
                "--json",
                "--keep-going",
                "--mm",
                mm,
                "-j",
                j,
            ]);
            out.expect_code(42);
            out.json()
        };
        let (one, four) = (run("1"), run("4"));
        let sorted = |v: &Value| {
            let mut k = bug_keys(v);
            k.sort();
            k
        };
        // The bugs are the same; the executions that end at a bug may be
        // more (see "Parallel and sharded runs" in the README).
        assert_eq!(sorted(&four), sorted(&one), "--mm {mm}");
        for (i, bug) in four["bugs"].as_array().unwrap().iter().enumerate() {
            let w = dir.write(&format!("w-{mm}-{i}.json"), &bug["witness"].to_string());
            let replay = dir.run(&["replay", "three.c", w.to_str().unwrap(), "--json"]);
            replay.expect_code(42);
            assert_eq!(
                replay.json()["bugs"][0]["location"],
                bug["location"],
                "{replay}"
            );
        }
    }
}

/// `-j` with the modes that do not split (`--por none`, `--por unfold`, a
/// bug-hunting strategy, `--check-robustness`) runs them on one core with
/// the results of `-j 1`; `--max-executions` bounds all workers together
/// (incomplete); symbolic inputs split like any choice; `--trace` still
/// writes the first execution; a shard's human report is incomplete.
#[test]
fn jobs_with_every_mode() {
    let dir = Scratch::new("jobs-modes");
    let file = root().join("bench/programs/fetch_add.c");
    let file = file.to_str().unwrap();
    let runs: &[&[&str]] = &[
        &["--por", "none"],
        &["--por", "unfold"],
        &["--por", "source"],
        &["--strategy", "random", "--runs", "40", "--seed", "7"],
        &["--strategy", "icb"],
        &["--check-robustness"],
    ];
    for extra in runs {
        let with = |j: &str| {
            let mut a = vec!["check", file, "--json", "--outcomes", "-j", j];
            a.extend_from_slice(extra);
            a.extend_from_slice(&["--", "-DN=3"]);
            dir.run(&a)
        };
        let (one, two) = (with("1"), with("2"));
        assert_eq!(one.code, two.code, "{extra:?}: {two}");
        assert_eq!(split_key(&two.json()), split_key(&one.json()), "{extra:?}");
    }
    let capped = dir.run(&[
        "check",
        file,
        "--json",
        "-j",
        "2",
        "--max-executions",
        "5",
        "--",
        "-DN=6",
    ]);
    capped.expect_code(3);
    assert_eq!(capped.json()["limit"], "max-executions", "{capped}");

    let sym = root().join("bench/programs/sym_threads.c");
    let sym = sym.to_str().unwrap();
    let sym_run = |extra: &[&str]| {
        let mut a = vec!["check", sym, "--json", "--outcomes"];
        a.extend_from_slice(extra);
        a.extend_from_slice(&["--", "-DN=2"]);
        dir.run(&a)
    };
    let one = sym_run(&["-j", "1"]);
    one.expect_code(0);
    let two = sym_run(&["-j", "2"]);
    assert_eq!(
        split_key(&two.json()),
        split_key(&one.json()),
        "symbolic -j 2"
    );

    let trace = dir.path().join("t.json");
    let traced = dir.run(&[
        "check",
        file,
        "-j",
        "2",
        "--trace",
        trace.to_str().unwrap(),
        "--",
        "-DN=3",
    ]);
    traced.expect_code(0);
    assert!(std::fs::read_to_string(&trace).unwrap().contains("events"));

    let shard = dir.run(&["check", file, "--shard", "1/2", "--", "-DN=3"]);
    shard.expect_code(3);
    assert!(shard.stdout.contains("weft merge"), "{shard}");
}
