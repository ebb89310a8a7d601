//! SV-COMP witnesses in the GraphML exchange format, version 1.0.
//!
//! A *violation witness* is a path: one edge per visible event of the
//! violating execution, in order, each with the source line it happened at
//! and the thread that performed it (`threadId`, weft's thread id: main is
//! 0, then creation order); a thread creation also names the new thread
//! (`createThread`). The last edge, at the violation, leads to the
//! violation node. Events in other files than the task's (headers) get no
//! line. A *correctness witness* is the trivial one the format allows: an
//! entry node and no invariants.
//!
//! The XML is written by hand: a fixed, flat vocabulary whose only
//! variable parts are escaped text nodes, which does not warrant an XML
//! library.

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::Path;
use weft_core::{Event, EventKind, Loc, SourceMap, Tid};

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
}

/// The steps of a violating execution: its events, then the violation
/// itself (by `tid` at `loc`).
pub fn steps(
    trace: &[Event],
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
    let mut out: Vec<Step> = trace
        .iter()
        .map(|e| Step {
            tid: e.tid,
            line: line(e.loc),
            creates: match e.kind {
                EventKind::Spawn { child } => Some(child),
                _ => None,
            },
        })
        .collect();
    out.push(Step {
        tid,
        line: line(loc),
        creates: None,
    });
    out
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
            },
            Step {
                tid: 1,
                line: None,
                creates: None,
            },
        ];
        let w = violation(&task, &steps).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(w.contains("<data key=\"createThread\">1</data>"));
        assert!(w.contains("<node id=\"N2\">\n      <data key=\"violation\">true</data>"));
        assert_eq!(w.matches("<edge ").count(), 2);
        assert!(w.contains("call(reach_error())"));
    }
}
