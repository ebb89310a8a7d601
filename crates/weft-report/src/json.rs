//! The `--json` object.

use crate::{Context, Verdict};
use serde_json::{json, Value};
use weft_explore::{Finding, Summary};

/// Renders the whole run as one JSON object.
pub fn render_json(s: &Summary, cx: &Context) -> Value {
    let verdict = Verdict::of(s);
    let output = match s.findings.first() {
        Some(f) => outputs(&f.output),
        None => outputs(&s.first_output),
    };
    let bugs: Vec<Value> = s
        .findings
        .iter()
        .enumerate()
        .map(|(i, f)| bug(f, cx, cx.witnesses.get(i)))
        .collect();
    json!({
        "verdict": verdict.as_str(),
        "executions": s.stats.executions,
        "blocked": s.stats.blocked(),
        "blocked_by": s.stats.blocked_by,
        "spin_blocked": s.stats.spin_blocked,
        "events": s.stats.events,
        "anomalies": anomalies(s),
        "elapsed_s": s.stats.elapsed.as_secs_f64(),
        "limit": s.limit.map(|l| l.as_str()),
        "peak_rss_kib": cx.peak_rss_kib,
        "output": output,
        "bugs": bugs,
        "outcomes": s.outcomes,
        "solver": cx.solver,
        "unfolding": s.stats.unfold.map(|u| json!({
            "events": u.events,
            "cutoffs": u.cutoffs,
            "alternatives": u.alternatives,
            "configurations": u.configurations,
            "collected": u.collected,
        })),
        "strategy": s.stats.strategy.as_ref().map(bounds),
    })
}

/// A strategy's parameters or a finding's place in a bounded search, as
/// `{"strategy": NAME, FIELD: NUMBER, ...}`.
fn bounds(b: &weft_explore::Bounds) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("strategy".into(), json!(b.strategy));
    for (k, v) in &b.fields {
        m.insert(k.to_string(), json!(v));
    }
    Value::Object(m)
}

/// The explorer's anomaly counters by name (all zero in a correct run).
fn anomalies(s: &Summary) -> Value {
    let counters = s.stats.anomalies.by_name();
    Value::Object(
        counters
            .iter()
            .map(|(k, n)| (k.to_string(), json!(n)))
            .collect(),
    )
}

fn outputs(o: &[weft_core::Output]) -> Value {
    o.iter()
        .map(|o| json!({"thread": o.tid, "stream": o.stream.as_str(), "text": o.text}))
        .collect()
}

fn bug(f: &Finding, cx: &Context, w: Option<&crate::Witness>) -> Value {
    let trace: Vec<Value> = f
        .trace
        .iter()
        .enumerate()
        .map(|(i, e)| {
            json!({
                "step": i + 1,
                "thread": e.tid,
                "buffer_of": match e.kind {
                    weft_core::EventKind::Update { owner, .. } => Some(owner),
                    _ => None,
                },
                "action": (cx.describe)(e),
                "location": cx.sources.render(e.loc),
            })
        })
        .collect();
    json!({
        "kind": f.bug.kind.as_str(),
        "message": f.bug.message,
        "location": cx.sources.render(f.bug.loc),
        "thread": f.bug.tid,
        "details": f.bug.details,
        "related": f.bug.related.as_ref().map(|e| json!({
            "thread": e.tid,
            "action": (cx.describe)(e),
            "location": cx.sources.render(e.loc),
        })),
        "local": f.bug.local.as_ref().map(|e| json!({
            "thread": e.tid,
            "action": (cx.describe)(e),
            "location": cx.sources.render(e.loc),
        })),
        "trace": trace,
        "inputs": f.inputs.iter().map(|i| json!({
            "name": i.name,
            "location": cx.sources.render(i.loc),
            "thread": i.tid,
            "index": i.index,
            "width": i.width,
            "value": u64::try_from(i.value).map_or_else(|_| json!(i.value.to_string()), |v| json!(v)),
        })).collect::<Vec<_>>(),
        "output": outputs(&f.output),
        "found_under": f.found_under.as_ref().map(bounds),
        "witness": w.map(|w| serde_json::to_value(w).unwrap_or(Value::Null)),
    })
}
