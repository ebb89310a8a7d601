//! Reports: the verdict, human-readable output, the `--json` object,
//! witness files and trace files.
//!
//! The JSON field names are a stable interface (see the README): scripts
//! and CI pipelines parse them.

mod human;
mod json;
pub mod trace;
mod witness;

pub use human::render_human;
pub use json::render_json;
pub use trace::{TraceContext, TraceFile, TRACE_FORMAT};
pub use witness::{
    AtomicAccess, AtomicityTriple, Witness, WitnessBug, WitnessInput, WITNESS_FORMAT,
};

use weft_core::{Event, SourceMap};
use weft_explore::Summary;

/// The overall answer of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Safe,
    Bug,
    Incomplete,
}

impl Verdict {
    pub fn of(s: &Summary) -> Verdict {
        if !s.findings.is_empty() {
            Verdict::Bug
        } else if s.limit.is_some() {
            Verdict::Incomplete
        } else {
            Verdict::Safe
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Safe => "safe",
            Verdict::Bug => "bug",
            Verdict::Incomplete => "incomplete",
        }
    }

    /// The process exit code: 0 safe, 42 bug, 3 incomplete.
    pub fn exit_code(self) -> i32 {
        match self {
            Verdict::Safe => 0,
            Verdict::Bug => 42,
            Verdict::Incomplete => 3,
        }
    }
}

/// Everything the renderers need besides the summary.
pub struct Context<'a> {
    pub sources: &'a SourceMap,
    /// Renders one event's action, e.g. `store counter = 1`.
    pub describe: &'a dyn Fn(&Event) -> String,
    /// Witness for each finding, in order (for JSON).
    pub witnesses: Vec<Witness>,
    /// Extra top-level JSON fields (e.g. peak memory).
    pub peak_rss_kib: Option<u64>,
    /// The SMT solver's counters (`--nondet symbolic`, when it was asked
    /// anything), as `weft_smt::SolverStats` serialises them.
    pub solver: Option<serde_json::Value>,
}

/// An input's value for people: as the C type of the function that drew
/// it (`__VERIFIER_nondet_char` gives `-56`, `_uchar` `200`); for
/// `klee_make_symbolic` bytes and unknown functions, unsigned, and signed
/// as well when the top bit is set (`200 (-56)`).
pub fn render_input_value(value: u128, width: u32, func: &str) -> String {
    let negative = (2..128).contains(&width) && (value >> (width - 1)) & 1 == 1;
    let signed = || ((value as i128) - (1i128 << width)).to_string();
    match func.strip_prefix("__VERIFIER_nondet_") {
        Some(ty) if ty.starts_with('u') || matches!(ty, "bool" | "size_t" | "pointer") => {
            value.to_string()
        }
        Some("char" | "short" | "int" | "long" | "longlong") if negative => signed(),
        Some(_) => value.to_string(),
        None if negative => format!("{value} ({})", signed()),
        None => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::render_input_value as show;

    #[test]
    fn inputs_show_as_their_c_type() {
        assert_eq!(show(200, 8, "__VERIFIER_nondet_char"), "-56");
        assert_eq!(show(200, 8, "__VERIFIER_nondet_uchar"), "200");
        assert_eq!(show(1, 1, "__VERIFIER_nondet_bool"), "1");
        assert_eq!(show(5, 32, "__VERIFIER_nondet_int"), "5");
        assert_eq!(show(0xffff_ffff, 32, "__VERIFIER_nondet_int"), "-1");
        assert_eq!(
            show(0xffff_ffff, 32, "__VERIFIER_nondet_uint"),
            "4294967295"
        );
        assert_eq!(show(200, 8, "klee_make_symbolic"), "200 (-56)");
    }
}
