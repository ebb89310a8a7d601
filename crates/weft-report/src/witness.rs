//! Witness files: enough to replay one bug deterministically.

use serde::{Deserialize, Serialize};

pub const WITNESS_FORMAT: &str = "weft-witness-1";

/// The bug a witness reproduces.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WitnessBug {
    pub kind: String,
    pub message: String,
    pub location: String,
    /// For a `robustness` bug: the outcome (see `--outcomes`) the execution
    /// ends in, which replay checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
}

/// A replayable witness.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Witness {
    pub format: String,
    /// The program file as given on the command line.
    pub program: String,
    /// SHA-256 of every file the compile read (the program and the headers
    /// it includes) and of the clang arguments.
    pub program_hash: String,
    pub clang_args: Vec<String>,
    /// Options that affect execution (e.g. `max_steps`).
    pub options: serde_json::Value,
    /// `threads[i]` = (parent, n): thread `i + 1` is the n-th thread created
    /// by `parent`.
    pub threads: Vec<(u32, u32)>,
    /// The scheduling decisions: (thread, alternative) per visible event.
    pub schedule: Vec<(u32, u32)>,
    pub bug: WitnessBug,
}
