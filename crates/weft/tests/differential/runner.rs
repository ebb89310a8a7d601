//! Running weft on a program and reading its JSON report; running jobs on
//! two worker threads; environment options.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Worker threads running weft in parallel.
const WORKERS: usize = 2;
/// The explorers every program is checked with, naive first.
pub const EXPLORERS: [&str; 3] = ["none", "source", "optimal"];

/// The fields of weft's JSON report that the tests compare.
#[derive(Debug, Clone)]
pub struct Run {
    pub por: String,
    pub mm: String,
    pub race_check: bool,
    /// Further options the run was given (e.g. `--nondet enumerate`).
    pub extra: Vec<String>,
    pub exit_code: Option<i32>,
    pub verdict: String,
    pub executions: u64,
    pub blocked: u64,
    pub blocked_by: BTreeMap<String, u64>,
    /// The explorer's anomaly counters (`anomalies` in the JSON report).
    pub anomalies: BTreeMap<String, u64>,
    pub limit: Value,
    pub outcomes: BTreeSet<String>,
    pub bugs: BTreeSet<(String, String)>,
    pub elapsed_s: f64,
    /// The whole JSON report.
    pub json: Value,
}

impl Run {
    pub fn describe(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "  --mm {} --por {}{}{}: exit {:?}, verdict {}, executions {}, blocked {}, blocked_by {:?}, anomalies {:?}, limit {}, {:.3}s",
            self.mm,
            self.por,
            if self.race_check { "" } else { " --no-race-check" },
            self.extra.iter().map(|a| format!(" {a}")).collect::<String>(),
            self.exit_code,
            self.verdict,
            self.executions,
            self.blocked,
            self.blocked_by,
            self.anomalies,
            self.limit,
            self.elapsed_s
        );
        let _ = writeln!(s, "    outcomes ({}):", self.outcomes.len());
        for o in &self.outcomes {
            let _ = writeln!(s, "      {o:?}");
        }
        let _ = writeln!(s, "    bugs ({}):", self.bugs.len());
        for (kind, loc) in &self.bugs {
            let _ = writeln!(s, "      {kind} at {loc}");
        }
        s
    }
}

pub fn weft_check(
    file: &Path,
    por: &str,
    mm: &str,
    race_check: bool,
    max_executions: Option<u64>,
) -> Result<Run, String> {
    weft_check_with(file, por, mm, race_check, max_executions, &[])
}

/// [`weft_check`] with further options `extra` (shown in the failure
/// messages).
pub fn weft_check_with(
    file: &Path,
    por: &str,
    mm: &str,
    race_check: bool,
    max_executions: Option<u64>,
    extra: &[&str],
) -> Result<Run, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_weft"));
    cmd.arg("check").arg(file).args([
        "--json",
        "--keep-going",
        "--outcomes",
        "--por",
        por,
        "--mm",
        mm,
    ]);
    if !race_check {
        cmd.arg("--no-race-check");
    }
    if let Some(n) = max_executions {
        cmd.args(["--max-executions", &n.to_string()]);
    }
    // One worker unless the run asks for more: the comparisons check each
    // algorithm's own guarantees (Optimal-DPOR is never sleep-set
    // blocked), which a split run does not keep (see `compare_split`).
    if !extra.contains(&"-j") {
        cmd.args(["-j", "1"]);
    }
    cmd.args(extra);
    let shown: String = extra.iter().map(|a| format!(" {a}")).collect();
    cmd.current_dir(file.parent().expect("file has a parent"));
    let out = cmd.output().map_err(|e| format!("cannot run weft: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let json: Value = serde_json::from_str(&stdout).map_err(|e| {
        format!(
            "--mm {mm} --por {por}{shown}: exit {:?}, unparsable JSON ({e})\nstdout:\n{stdout}\nstderr:\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    let field = |name: &str| -> Result<&Value, String> {
        json.get(name)
            .ok_or_else(|| format!("--por {por}: JSON has no `{name}`:\n{stdout}"))
    };
    let as_u64 = |name: &str| -> Result<u64, String> {
        field(name)?
            .as_u64()
            .ok_or_else(|| format!("--por {por}: `{name}` is not an integer"))
    };
    let verdict = field("verdict")?
        .as_str()
        .ok_or("verdict is not a string")?
        .to_string();
    let mut blocked_by = BTreeMap::new();
    if let Some(obj) = field("blocked_by")?.as_object() {
        for (k, v) in obj {
            blocked_by.insert(k.clone(), v.as_u64().unwrap_or(u64::MAX));
        }
    } else {
        return Err(format!("--por {por}: `blocked_by` is not an object"));
    }
    let anomalies = field("anomalies")?
        .as_object()
        .ok_or_else(|| format!("--por {por}: `anomalies` is not an object"))?
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap_or(u64::MAX)))
        .collect();
    let outcomes = field("outcomes")?
        .as_array()
        .ok_or("`outcomes` is not an array")?
        .iter()
        .map(|o| {
            o.as_str()
                .map(str::to_string)
                .unwrap_or_else(|| o.to_string())
        })
        .collect();
    let bugs = field("bugs")?
        .as_array()
        .ok_or("`bugs` is not an array")?
        .iter()
        .map(|b| {
            let s = |k: &str| {
                b.get(k)
                    .and_then(Value::as_str)
                    .unwrap_or("<missing>")
                    .to_string()
            };
            (s("kind"), s("location"))
        })
        .collect();
    Ok(Run {
        por: por.to_string(),
        mm: mm.to_string(),
        race_check,
        extra: extra.iter().map(|a| a.to_string()).collect(),
        exit_code: out.status.code(),
        verdict,
        executions: as_u64("executions")?,
        blocked: as_u64("blocked")?,
        blocked_by,
        anomalies,
        limit: json.get("limit").cloned().unwrap_or(Value::Null),
        outcomes,
        bugs,
        elapsed_s: json.get("elapsed_s").and_then(Value::as_f64).unwrap_or(0.0),
        json,
    })
}

pub fn env_number(name: &str) -> Option<u64> {
    let s = std::env::var(name).ok()?;
    let s = s.trim();
    let parsed = if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16)
    } else {
        s.parse()
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={s} is not a number")))
}

/// Runs `job` on each item of `todo` with [`WORKERS`] threads; returns the
/// results sorted by item.
pub fn run_parallel<T: Send>(todo: &[usize], job: impl Fn(usize) -> T + Sync) -> Vec<(usize, T)> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..WORKERS {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&case) = todo.get(i) else { break };
                let result = job(case);
                results.lock().expect("results lock").push((case, result));
            });
        }
    });
    let mut results = results.into_inner().expect("results lock");
    results.sort_by_key(|(case, _)| *case);
    results
}

/// Ends a campaign whose cases returned their problems (`None`: skipped,
/// past the naive cap): prints the totals, fails with every failing case's
/// problems (keeping `scratch`, where the programs are), and fails if more
/// than a quarter of the cases were skipped.
pub fn conclude(
    test: &str,
    seed: u64,
    results: Vec<(usize, Option<Vec<String>>)>,
    scratch: &mut crate::common::Scratch,
) {
    let cases = results.len();
    let skipped = results.iter().filter(|(_, r)| r.is_none()).count();
    let failures: Vec<String> = results
        .into_iter()
        .filter_map(|(_, r)| r)
        .filter(|p| !p.is_empty())
        .map(|p| p.join("\n"))
        .collect();
    eprintln!(
        "{test}: seed {seed:#x}, {cases} cases, {skipped} skipped, {} failed",
        failures.len()
    );
    if !failures.is_empty() {
        scratch.keep = true;
        panic!("{}", failures.join("\n\n"));
    }
    assert!(
        skipped * 4 <= cases.max(1),
        "too many skipped cases: {skipped}"
    );
}
