//! Human-readable output: verdict first, then each bug with its location,
//! the interleaving, the program's output, and statistics last.

use crate::{Context, Verdict};
use std::fmt::Write;
use weft_explore::{Finding, Summary};

/// Renders the run for a terminal.
pub fn render_human(s: &Summary, cx: &Context) -> String {
    let mut out = String::new();
    let verdict = Verdict::of(s);
    let _ = match verdict {
        Verdict::Bug => writeln!(out, "verdict: BUG ({} found)", s.findings.len()),
        Verdict::Safe => match s.stats.unfold {
            Some(u) if u.cutoffs > 0 => writeln!(
                out,
                "verdict: SAFE (no bug in {} maximal configurations of the unfolding up to its cutoffs)",
                u.configurations
            ),
            _ => writeln!(
                out,
                "verdict: SAFE (no bug in {} executions)",
                s.stats.executions
            ),
        },
        Verdict::Incomplete if s.limit == Some(weft_core::LimitKind::Interrupted) => writeln!(
            out,
            "verdict: INCOMPLETE (interrupted; no bug found in {} executions)",
            s.stats.executions
        ),
        Verdict::Incomplete if s.limit == Some(weft_core::LimitKind::Nondet) => writeln!(
            out,
            "verdict: INCOMPLETE (no bug found, but __VERIFIER_nondet_* inputs were fixed to 0; other values are unexplored)"
        ),
        Verdict::Incomplete if s.limit == Some(weft_core::LimitKind::Bound) => writeln!(
            out,
            "verdict: INCOMPLETE (no bug found in {} executions within the strategy's bound; it proves nothing beyond it)",
            s.stats.executions
        ),
        Verdict::Incomplete if s.limit == Some(weft_core::LimitKind::Shard) => writeln!(
            out,
            "verdict: INCOMPLETE (no bug found in this shard's {} executions; `weft merge` the shards' --json reports for the whole run's verdict)",
            s.stats.executions
        ),
        Verdict::Incomplete if s.limit == Some(weft_core::LimitKind::BlockedSection) => writeln!(
            out,
            "verdict: INCOMPLETE (no bug found, but a thread blocked inside an atomic section while others ran; the reduced search does not reorder events into that window: try --por none)"
        ),
        Verdict::Incomplete => writeln!(
            out,
            "verdict: INCOMPLETE (no bug found, but the {} bound was hit)",
            s.limit.map(|l| l.as_str()).unwrap_or("?")
        ),
    };
    for f in &s.findings {
        finding(&mut out, f, cx);
    }
    if s.findings.is_empty() && !s.first_output.is_empty() {
        output(&mut out, &s.first_output, "output (first execution)");
    }
    stats(&mut out, s, cx.peak_rss_kib);
    if let Some(solver) = &cx.solver {
        let n = |k: &str| solver.get(k).and_then(|v| v.as_u64()).unwrap_or(0);
        let t = solver
            .get("total_time_s")
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0);
        let _ = writeln!(
            out,
            "  solver: {} queries, {} sent to Z3, {} answered from the caches, {:.3}s",
            n("queries"),
            n("solver_queries"),
            n("answered_cex_exact") + n("answered_cex_unsat_subset") + n("answered_cex_model"),
            t
        );
    }
    out
}

fn finding(out: &mut String, f: &Finding, cx: &Context) {
    let _ = writeln!(out, "\nerror[{}]: {}", f.bug.kind, f.bug.message);
    let _ = writeln!(
        out,
        "  --> {} (thread {})",
        cx.sources.render(f.bug.loc),
        f.bug.tid
    );
    let second = f.bug.local.as_deref().or(f.trace.last());
    if let (Some(first), Some(second)) = (&f.bug.related, second) {
        for (what, e) in [("first access", &**first), ("second access", second)] {
            let (action, at) = ((cx.describe)(e), cx.sources.render(e.loc));
            let _ = writeln!(out, "  note: {what}: thread {} {action} at {at}", e.tid);
        }
    }
    for d in &f.bug.details {
        let _ = writeln!(out, "  note: {d}");
    }
    if let Some(b) = &f.found_under {
        let _ = writeln!(out, "  found under: {}", found_under(b));
    }
    if !f.inputs.is_empty() {
        let parts: Vec<String> = f
            .inputs
            .iter()
            .map(|i| {
                format!(
                    "{} = {}",
                    i.name,
                    crate::render_input_value(i.value, i.width, &i.func)
                )
            })
            .collect();
        let _ = writeln!(out, "  inputs: {}", parts.join(", "));
        for i in &f.inputs {
            let _ = writeln!(
                out,
                "    {} drawn by thread {} at {}",
                i.name,
                i.tid,
                cx.sources.render(i.loc)
            );
        }
    }
    let _ = writeln!(out, "\ninterleaving ({} events):", f.trace.len());
    for (i, e) in f.trace.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:>4}  {:<10} {:<48} {}",
            i + 1,
            actor(e),
            (cx.describe)(e),
            cx.sources.render(e.loc)
        );
    }
    if !f.output.is_empty() {
        output(out, &f.output, "output");
    }
}

/// Where a bounded or randomized search found a bug, for people: `1
/// preemption (icb)`, `v=1 t=2, 2 preemptions (vt)`, `pct run 13 of seed
/// 7 (depth 2)`.
fn found_under(b: &weft_explore::Bounds) -> String {
    let get = |k| b.get(k).unwrap_or(0);
    let preemptions = |n: u64| format!("{n} preemption{}", if n == 1 { "" } else { "s" });
    match b.strategy {
        "icb" => format!("{} (icb)", preemptions(get("preemptions"))),
        "vt" => format!(
            "v={} t={}, {} (vt)",
            get("v"),
            get("t"),
            preemptions(get("preemptions"))
        ),
        _ => {
            let rest: Vec<String> = b
                .fields
                .iter()
                .filter(|(k, _)| !matches!(*k, "seed" | "run"))
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            let rest = if rest.is_empty() {
                String::new()
            } else {
                format!(" ({})", rest.join(", "))
            };
            format!(
                "{} run {} of seed {}{rest}; rerun with --seed {}",
                b.strategy,
                get("run"),
                get("seed"),
                get("seed")
            )
        }
    }
}

/// Who performed an event: a thread, or a thread's store buffer.
fn actor(e: &weft_core::Event) -> String {
    match e.kind {
        weft_core::EventKind::Update { owner, .. } => format!("buffer {owner}"),
        _ => format!("thread {}", e.tid),
    }
}

fn output(out: &mut String, o: &[weft_core::Output], title: &str) {
    let _ = writeln!(out, "\n{title}:");
    for chunk in o {
        let tag = match chunk.stream {
            weft_core::Stream::Stdout => String::new(),
            s => format!(" ({})", s.as_str()),
        };
        for line in chunk.text.lines() {
            let _ = writeln!(out, "  [thread {}{tag}] {line}", chunk.tid);
        }
    }
}

fn stats(out: &mut String, s: &Summary, peak_rss_kib: Option<u64>) {
    let st = &s.stats;
    let _ = writeln!(
        out,
        "\nstatistics: {} executions, {} blocked, {} events, {:.3}s",
        st.executions,
        st.blocked(),
        st.events,
        st.elapsed.as_secs_f64()
    );
    if !st.blocked_by.is_empty() {
        let parts: Vec<String> = st
            .blocked_by
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        let _ = writeln!(out, "  blocked by {}", parts.join(", "));
    }
    if let Some(u) = st.unfold {
        let _ = writeln!(
            out,
            "  unfolding: {} events, {} cutoffs, {} alternatives, {} maximal configurations",
            u.events, u.cutoffs, u.alternatives, u.configurations
        );
        if u.collected > 0 {
            let _ = writeln!(out, "  unfolding: {} events collected", u.collected);
        }
        if let Some(kib) = peak_rss_kib {
            let _ = writeln!(out, "  peak memory: {:.1} MiB", kib as f64 / 1024.0);
        }
    }
    if let Some(b) = &st.strategy {
        let _ = writeln!(out, "  strategy: {b}");
    }
    if let (Some(l), false) = (s.limit, s.findings.is_empty()) {
        let _ = writeln!(
            out,
            "  exploration stopped early ({}): there may be more bugs",
            l.as_str()
        );
    }
    if st.spin_blocked > 0 {
        let _ = writeln!(
            out,
            "  spin assumptions: {} more executions cut a spin loop that repeated an iteration \
             changing nothing (not counted above)",
            st.spin_blocked
        );
    }
    if st.anomalies.total() > 0 {
        let parts: Vec<String> = st
            .anomalies
            .by_name()
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{k}: {n}"))
            .collect();
        let _ = writeln!(
            out,
            "  explorer anomalies (a weft bug, please report) {}",
            parts.join(", ")
        );
    }
}
