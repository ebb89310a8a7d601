//! Shared by the integration tests: running the weft binary with a deadline
//! and without ever blocking on a full pipe, and scratch directories for
//! generated programs, and the random number generator of the generated
//! programs. (Each test crate uses a part of it.)
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// What one weft invocation did.
pub struct Output {
    pub command: String,
    /// `None` when killed by a signal.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs weft with `args` (in `dir`, if given), killing it after `deadline`.
pub fn run_weft<A: AsRef<OsStr>>(
    dir: Option<&Path>,
    args: &[A],
    deadline: Duration,
) -> Result<Output, String> {
    let shown: Vec<String> = args
        .iter()
        .map(|a| a.as_ref().to_string_lossy().into_owned())
        .collect();
    let command = format!("weft {}", shown.join(" "));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_weft"));
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start `{command}`: {e}"))?;
    let stdout = drain(child.stdout.take().unwrap());
    let stderr = drain(child.stderr.take().unwrap());
    let status = wait_with_deadline(&mut child, deadline)
        .ok_or_else(|| format!("`{command}` did not finish within {deadline:?}"))?;
    Ok(Output {
        command,
        code: status.code(),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// Reads a pipe to the end on its own thread.
fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Waits for `child`; kills it and returns `None` once `limit` has passed.
fn wait_with_deadline(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A private directory under the system temp dir, removed on drop unless
/// `keep` was set (a failing program is inside).
pub struct Scratch {
    pub dir: PathBuf,
    pub keep: bool,
}

impl Scratch {
    /// A fresh directory named after `tag` (e.g. `diff-traces`).
    pub fn new(tag: &str) -> Scratch {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!(
            "weft-{tag}-{}-{nanos}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch { dir, keep: false }
    }

    /// Writes `text` to the file `name` in the directory.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, text).expect("write program");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// xorshift64*, seeded through splitmix64.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64, stream: u64) -> Rng {
        let mut z = seed ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        Rng(if z == 0 { 0x1234_5678 } else { z })
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }

    /// True with probability `pct`%.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.next() % 100 < pct
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.range(0, items.len() - 1)]
    }
}

/// Appends `main` of a generated program: it creates the thread functions
/// `threads` in order, joins them in order, prints every global of
/// `globals` as `name=value` on one line and returns 0.
pub fn render_main(out: &mut String, threads: &[String], globals: &[String]) {
    render_main_with(out, threads, globals, "");
}

/// [`render_main`] with `init` (statements) before the threads start.
pub fn render_main_with(out: &mut String, threads: &[String], globals: &[String], init: &str) {
    use std::fmt::Write;
    let n = threads.len();
    let _ = writeln!(out, "\nint main(void) {{\n  pthread_t th[{n}];");
    out.push_str(init);
    for (i, t) in threads.iter().enumerate() {
        let _ = writeln!(out, "  pthread_create(&th[{i}], 0, {t}, 0);");
    }
    for i in 0..n {
        let _ = writeln!(out, "  pthread_join(th[{i}], 0);");
    }
    let fmt: Vec<String> = globals.iter().map(|g| format!("{g}=%d")).collect();
    let _ = writeln!(
        out,
        "  printf(\"{}\\n\", {});\n  return 0;\n}}",
        fmt.join(" "),
        globals.join(", ")
    );
}
