//! SV-COMP witnesses in the GraphML exchange format, version 1.0.
//!
//! A *violation witness* is a path: one edge per visible event of the
//! violating execution, in order, each with the source line it happened at
//! and the thread that performed it (`threadId`, weft's thread id: main is
//! 0, then creation order); a thread creation also names the new thread
//! (`createThread`). The last edge, at the violation, leads to the
//! violation node. Events in other files than the task's (headers) get no
//! line. Each input of the execution (`__VERIFIER_nondet_*`, symbolic)
//! is an edge of its own where its thread drew it, with the value as an
//! `assumption` on `\result` of the function it called
//! (`assumption.resultfunction`). A *correctness witness* is the trivial
//! one the format allows: an entry node and no invariants.
//!
//! The XML is written by hand: a fixed, flat vocabulary whose only
//! variable parts are escaped text nodes, which does not warrant an XML
//! library.

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::Path;
use weft_core::{Event, EventKind, Input, Loc, SourceMap, Tid};

/// What every witness records about the task.
pub struct TaskInfo<'a> {
    pub program: &'a Path,
    /// The property file's text (SV-COMP's `specification`).
    pub specification: &'a str,
    /// `32bit` or `64bit`.
    pub architecture: &'a str,
}

/// One step of a violation path.
pub struct Step {
    pub tid: Tid,
    /// The line in the task's file, if the step is in it.
    pub line: Option<u32>,
    /// The thread it creates, for a thread creation.
    pub creates: Option<Tid>,
    /// For an input: `\result == VALUE;` and the function called.
    pub assumption: Option<(String, String)>,
}

/// The steps of a violating execution: its events, then the violation
/// itself (by `tid` at `loc`).
pub fn steps(
    trace: &[Event],
    inputs: &[Input],
    sources: &SourceMap,
    program: &Path,
    tid: Tid,
    loc: Loc,
) -> Vec<Step> {
    let file = sources
        .files
        .iter()
        .position(|f| same_file(Path::new(f), program))
        .map(|i| i as u32);
    let line = |l: Loc| (Some(l.file) == file && l.is_known()).then_some(l.line);
    let input_step = |i: &Input| Step {
        tid: i.tid,
        line: line(i.loc),
        creates: None,
        assumption: i.func.starts_with("__VERIFIER_nondet").then(|| {
            (
                format!("\\result == {};", c_value(&i.func, i.value, i.width)),
                i.func.clone(),
            )
        }),
    };
    // Inputs go right after the event of their thread they followed.
    let mut out: Vec<Step> = inputs
        .iter()
        .filter(|i| i.after == 0)
        .map(input_step)
        .collect();
    let mut seen: std::collections::HashMap<Tid, u32> = Default::default();
    for e in trace {
        out.push(Step {
            tid: e.tid,
            line: line(e.loc),
            creates: match e.kind {
                EventKind::Spawn { child } => Some(child),
                _ => None,
            },
            assumption: None,
        });
        let n = seen.entry(e.tid).or_default();
        *n += 1;
        let n = *n;
        out.extend(
            inputs
                .iter()
                .filter(|i| i.tid == e.tid && i.after == n)
                .map(input_step),
        );
    }
    out.push(Step {
        tid,
        line: line(loc),
        creates: None,
        assumption: None,
    });
    out
}

/// An input's value as a C literal of the type `func` returns: signed
/// for the signed types, unsigned otherwise.
fn c_value(func: &str, value: u128, width: u32) -> String {
    let ty = func.trim_start_matches("__VERIFIER_nondet_");
    let unsigned = ty.starts_with('u') || matches!(ty, "bool" | "size_t" | "pointer" | "unsigned");
    if unsigned || width == 0 || width >= 128 || (value >> (width - 1)) & 1 == 0 {
        return value.to_string();
    }
    ((value as i128) - (1i128 << width)).to_string()
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || match (a.canonicalize(), b.canonicalize()) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
}

/// A violation witness for the path `steps`.
pub fn violation(task: &TaskInfo, steps: &[Step]) -> std::io::Result<String> {
    let mut g = header(task, "violation_witness")?;
    let _ = writeln!(
        g,
        "    <node id=\"N0\">\n      <data key=\"entry\">true</data>\n    </node>"
    );
    for (i, s) in steps.iter().enumerate() {
        let (from, to) = (i, i + 1);
        if to == steps.len() {
            let _ = writeln!(
                g,
                "    <node id=\"N{to}\">\n      <data key=\"violation\">true</data>\n    </node>"
            );
        } else {
            let _ = writeln!(g, "    <node id=\"N{to}\"/>");
        }
        let _ = writeln!(g, "    <edge source=\"N{from}\" target=\"N{to}\">");
        if let Some(l) = s.line {
            let _ = writeln!(g, "      <data key=\"startline\">{l}</data>");
        }
        let _ = writeln!(g, "      <data key=\"threadId\">{}</data>", s.tid);
        if let Some(c) = s.creates {
            let _ = writeln!(g, "      <data key=\"createThread\">{c}</data>");
        }
        if let Some((a, f)) = &s.assumption {
            let _ = writeln!(g, "      <data key=\"assumption\">{}</data>", escape(a));
            let _ = writeln!(
                g,
                "      <data key=\"assumption.resultfunction\">{}</data>",
                escape(f)
            );
        }
        let _ = writeln!(g, "    </edge>");
    }
    Ok(footer(g))
}

/// The trivial correctness witness: an entry node, no invariants.
pub fn correctness(task: &TaskInfo) -> std::io::Result<String> {
    let mut g = header(task, "correctness_witness")?;
    let _ = writeln!(
        g,
        "    <node id=\"N0\">\n      <data key=\"entry\">true</data>\n    </node>"
    );
    Ok(footer(g))
}

/// The keys of the format and the graph's data.
fn header(task: &TaskInfo, kind: &str) -> std::io::Result<String> {
    let hash = hex(&Sha256::digest(std::fs::read(task.program)?));
    let time = humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string();
    let mut g = String::new();
    g.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    g.push_str(
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" \
         xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n",
    );
    for (id, name, ty, on) in KEYS {
        let _ = write!(
            g,
            "  <key attr.name=\"{name}\" attr.type=\"{ty}\" for=\"{on}\" id=\"{id}\""
        );
        if ty == &"boolean" {
            g.push_str(">\n    <default>false</default>\n  </key>\n");
        } else {
            g.push_str("/>\n");
        }
    }
    g.push_str("  <graph edgedefault=\"directed\">\n");
    let data = [
        ("witness-type", kind.to_string()),
        ("sourcecodelang", "C".to_string()),
        ("producer", format!("weft {}", env!("CARGO_PKG_VERSION"))),
        ("specification", task.specification.trim().to_string()),
        ("programfile", task.program.display().to_string()),
        ("programhash", hash),
        ("architecture", task.architecture.to_string()),
        ("creationtime", time),
    ];
    for (k, v) in data {
        let _ = writeln!(g, "    <data key=\"{k}\">{}</data>", escape(&v));
    }
    Ok(g)
}

fn footer(mut g: String) -> String {
    g.push_str("  </graph>\n</graphml>\n");
    g
}

/// (id, attribute name, type, what it is for).
const KEYS: &[(&str, &str, &str, &str)] = &[
    ("witness-type", "witness-type", "string", "graph"),
    ("sourcecodelang", "sourcecodelang", "string", "graph"),
    ("producer", "producer", "string", "graph"),
    ("specification", "specification", "string", "graph"),
    ("programfile", "programfile", "string", "graph"),
    ("programhash", "programhash", "string", "graph"),
    ("architecture", "architecture", "string", "graph"),
    ("creationtime", "creationtime", "string", "graph"),
    ("entry", "isEntryNode", "boolean", "node"),
    ("violation", "isViolationNode", "boolean", "node"),
    ("startline", "startline", "int", "edge"),
    ("threadId", "threadId", "string", "edge"),
    ("createThread", "createThread", "string", "edge"),
    ("assumption", "assumption", "string", "edge"),
    (
        "assumption.resultfunction",
        "assumption.resultfunction",
        "string",
        "edge",
    ),
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// Escapes XML text.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_text() {
        assert_eq!(
            escape("G ! call(a<b & \"c\">)"),
            "G ! call(a&lt;b &amp; &quot;c&quot;&gt;)"
        );
    }

    #[test]
    fn a_path_ends_in_the_violation_node() {
        let dir = std::env::temp_dir().join(format!("weft-graphml-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let prog = dir.join("t.c");
        std::fs::write(&prog, "int main(void) { return 0; }\n").unwrap();
        let task = TaskInfo {
            program: &prog,
            specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )",
            architecture: "64bit",
        };
        let steps = [
            Step {
                tid: 0,
                line: Some(3),
                creates: Some(1),
                assumption: None,
            },
            Step {
                tid: 1,
                line: None,
                creates: None,
                assumption: None,
            },
        ];
        let w = violation(&task, &steps).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(w.contains("<data key=\"createThread\">1</data>"));
        assert!(w.contains("<node id=\"N2\">\n      <data key=\"violation\">true</data>"));
        assert_eq!(w.matches("<edge ").count(), 2);
        assert!(w.contains("call(reach_error())"));
    }

    #[test]
    fn inputs_are_assumptions_after_their_threads_event() {
        let sources = SourceMap {
            files: vec!["t.c".into()],
        };
        let at = |line| Loc { file: 0, line };
        let ev = |tid, line| Event {
            tid,
            kind: EventKind::Yield,
            loc: at(line),
            woken_by: None,
            fences: Default::default(),
        };
        let input = |tid, after, func: &str, value| Input {
            tid,
            index: 0,
            name: "x".into(),
            loc: at(9),
            func: func.into(),
            after,
            width: 8,
            value,
        };
        let inputs = [
            input(1, 1, "__VERIFIER_nondet_char", 255),
            input(0, 0, "__VERIFIER_nondet_uchar", 255),
        ];
        let trace = [ev(0, 2), ev(1, 3), ev(1, 4)];
        let steps = steps(&trace, &inputs, &sources, Path::new("t.c"), 1, at(5));
        let lines: Vec<Option<u32>> = steps.iter().map(|s| s.line).collect();
        assert_eq!(
            lines,
            [Some(9), Some(2), Some(3), Some(9), Some(4), Some(5)]
        );
        let a = |i: usize| steps[i].assumption.clone().map(|(a, _)| a);
        assert_eq!(a(0).as_deref(), Some("\\result == 255;"));
        assert_eq!(a(3).as_deref(), Some("\\result == -1;"));
        assert_eq!(
            steps[3].assumption.as_ref().unwrap().1,
            "__VERIFIER_nondet_char"
        );
    }
}
