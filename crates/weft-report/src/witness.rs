//! Witness files: enough to replay one bug deterministically.

use serde::{Deserialize, Serialize};

/// Version 2 names threads canonically (`0`, `0.1`, `0.1/buf0`), so that a
/// witness replays whatever exploration order recorded it.
pub const WITNESS_FORMAT: &str = "weft-witness-2";

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
    /// For an `atomicity` bug (`weft predict`): the three accesses, which
    /// replay checks happen in this order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub atomicity: Option<AtomicityTriple>,
}

/// One access of an atomicity violation: the `index`-th event (from 0) of
/// `thread` (canonical name), at `location`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AtomicAccess {
    pub thread: String,
    pub index: u32,
    pub location: String,
    /// `read x`, `write x`...
    pub what: String,
}

/// The accesses of a three-access atomicity violation: `first` and
/// `second` of one transaction, `remote` of another thread in between.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AtomicityTriple {
    /// `R-W-R` and the like.
    pub pattern: String,
    pub first: AtomicAccess,
    pub remote: AtomicAccess,
    pub second: AtomicAccess,
}

/// One input of the witnessed execution (see `weft_core::Input`): replay
/// feeds `value` to the `index`-th input drawn by thread `thread`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WitnessInput {
    /// Canonical thread name.
    pub thread: String,
    pub index: u32,
    pub name: String,
    pub location: String,
    pub width: u32,
    pub value: u128,
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
    /// `main`'s arguments after `argv[0]` (`weft check --arg`), in order;
    /// `argv[0]` is `program`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// The program's environment (`weft check --env`), as `NAME=VALUE`
    /// strings in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<String>,
    /// Options that affect execution (e.g. `max_steps`).
    pub options: serde_json::Value,
    /// `threads[i]` is the canonical name of the thread that had id `i` in
    /// the recording (`threads[0]` is `0`, the main thread). A replay gives
    /// these threads the same ids, so that addresses and `pthread_t` values
    /// are those of the recording; threads not listed get fresh ids.
    pub threads: Vec<String>,
    /// The scheduling decisions: (canonical thread name, alternative) per
    /// visible event. Under `--nondet symbolic` the replay is concrete: its
    /// branches on inputs are not events, so the schedule leaves out the
    /// recording's symbolic forks.
    pub schedule: Vec<(String, u32)>,
    /// The values of the execution's inputs (`options.nondet` symbolic).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<WitnessInput>,
    pub bug: WitnessBug,
}
