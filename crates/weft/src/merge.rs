//! `weft merge PART.json...`: one verdict from the `--json` reports of the
//! shards of a sharded run (`weft check --shard I/N --json`).
//!
//! The shards partition the exploration (see `weft_explore::split`), so
//! the counts add up to those of an unsharded run; bugs are joined, one
//! per kind and location as a single run keeps them, each with its
//! shard's witness; outcomes are joined. Every shard `0..N` of the same
//! program and settings must be given exactly once: a missing, repeated
//! or foreign report is bad input (exit 2), never a partial verdict.

use anyhow::{anyhow, bail, Context as _};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;

/// Runs `weft merge`; returns the exit code: 0 safe, 42 bug, 3
/// incomplete, 2 bad input, 1 unwritable report.
pub fn merge(parts: &[PathBuf], json: bool) -> i32 {
    let merged = match read(parts).and_then(|reports| combine(&reports)) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e:#}");
            return 2;
        }
    };
    let text = if json {
        format!("{merged}\n")
    } else {
        human(&merged)
    };
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        eprintln!("error: cannot write the report to standard output: {e}");
        return 1;
    }
    match merged["verdict"].as_str() {
        Some("bug") => 42,
        Some("safe") => 0,
        _ => 3,
    }
}

fn read(parts: &[PathBuf]) -> anyhow::Result<Vec<(PathBuf, Value)>> {
    if parts.is_empty() {
        bail!("weft merge needs the --json reports of the shards");
    }
    parts
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read {}", p.display()))?;
            let v: Value = serde_json::from_str(&text)
                .with_context(|| format!("{} is not a JSON report", p.display()))?;
            if !v["shard"].is_object() {
                bail!(
                    "{} is not the report of a shard (weft check --shard I/N --json)",
                    p.display()
                );
            }
            Ok((p.clone(), v))
        })
        .collect()
}

fn num(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or(0)
}

/// Checks that `reports` are the `N` shards of one run and adds them up.
fn combine(reports: &[(PathBuf, Value)]) -> anyhow::Result<Value> {
    let (first_path, first) = &reports[0];
    let count = num(&first["shard"], "count");
    let mut seen = BTreeMap::new();
    for (path, r) in reports {
        let same = |key: &str| r[key] == first[key];
        if num(&r["shard"], "count") != count || !same("program") || !same("run") {
            bail!(
                "{} and {} are shards of different runs (program, settings or shard count differ)",
                first_path.display(),
                path.display()
            );
        }
        let index = num(&r["shard"], "index");
        if let Some(other) = seen.insert(index, path) {
            bail!(
                "{} and {} are both shard {index}/{count}",
                other.display(),
                path.display()
            );
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|i| !seen.contains_key(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(anyhow!("shards missing: {}", missing.join(", ")));
    }
    let mut blocked_by: BTreeMap<String, u64> = BTreeMap::new();
    let mut anomalies: BTreeMap<String, u64> = BTreeMap::new();
    let mut bugs: Vec<Value> = Vec::new();
    let mut outcomes = BTreeSet::new();
    let mut limit = Value::Null;
    let sum = |key: &str| reports.iter().map(|(_, r)| num(r, key)).sum::<u64>();
    let (executions, blocked, spin, events) = (
        sum("executions"),
        sum("blocked"),
        sum("spin_blocked"),
        sum("events"),
    );
    let mut elapsed: f64 = 0.0;
    let mut rss = 0;
    for (_, r) in reports {
        for (k, v) in r["blocked_by"].as_object().into_iter().flatten() {
            *blocked_by.entry(k.clone()).or_default() += v.as_u64().unwrap_or(0);
        }
        for (k, v) in r["anomalies"].as_object().into_iter().flatten() {
            *anomalies.entry(k.clone()).or_default() += v.as_u64().unwrap_or(0);
        }
        for b in r["bugs"].as_array().into_iter().flatten() {
            let key = |b: &Value| (b["kind"].clone(), b["location"].clone());
            if !bugs.iter().any(|c| key(c) == key(b)) {
                bugs.push(b.clone());
            }
        }
        for o in r["outcomes"].as_array().into_iter().flatten() {
            outcomes.insert(o.as_str().unwrap_or_default().to_string());
        }
        // A shard's own `shard` limit only says it is one part.
        if limit.is_null() && r["limit"] != "shard" {
            limit = r["limit"].clone();
        }
        elapsed = elapsed.max(r["elapsed_s"].as_f64().unwrap_or(0.0));
        rss = rss.max(num(r, "peak_rss_kib"));
    }
    // Consequences first, data races after, as one run orders them.
    bugs.sort_by_key(|b| b["kind"] == "data-race");
    let verdict = if !bugs.is_empty() {
        "bug"
    } else if !limit.is_null() {
        "incomplete"
    } else {
        "safe"
    };
    let mut m = Map::new();
    m.insert("verdict".into(), json!(verdict));
    m.insert("shards".into(), json!(count));
    m.insert("executions".into(), json!(executions));
    m.insert("blocked".into(), json!(blocked));
    m.insert("blocked_by".into(), json!(blocked_by));
    m.insert("spin_blocked".into(), json!(spin));
    m.insert("events".into(), json!(events));
    m.insert("anomalies".into(), json!(anomalies));
    m.insert("elapsed_s".into(), json!(elapsed));
    m.insert("limit".into(), limit);
    m.insert("peak_rss_kib".into(), json!(rss));
    m.insert("bugs".into(), Value::Array(bugs));
    m.insert("outcomes".into(), json!(outcomes));
    m.insert("program".into(), first["program"].clone());
    m.insert("run".into(), first["run"].clone());
    Ok(Value::Object(m))
}

fn human(m: &Value) -> String {
    let mut s = format!(
        "weft merge: {} shards of {}\n",
        m["shards"],
        m["program"]["file"].as_str().unwrap_or("?")
    );
    s += &format!(
        "{} executions, {} blocked, {} events; slowest shard {:.2} s\n",
        m["executions"],
        m["blocked"],
        m["events"],
        m["elapsed_s"].as_f64().unwrap_or(0.0)
    );
    for b in m["bugs"].as_array().into_iter().flatten() {
        s += &format!(
            "bug: {} at {}: {}\n",
            b["kind"].as_str().unwrap_or("?"),
            b["location"].as_str().unwrap_or("?"),
            b["message"].as_str().unwrap_or("")
        );
    }
    let verdict = m["verdict"].as_str().unwrap_or("incomplete");
    match m["limit"].as_str() {
        Some(l) if verdict != "bug" => s += &format!("verdict: {verdict} (limit {l})\n"),
        _ => s += &format!("verdict: {verdict}\n"),
    }
    s
}
