//! Replaying one recorded schedule.

use crate::summary::{Choice, Finding, Recorder};
use crate::{Config, Summary};
use weft_core::System;

/// Why a schedule could not be replayed.
#[derive(Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub step: usize,
    pub message: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the witness does not fit this program at step {}: {}",
            self.step + 1,
            self.message
        )
    }
}

/// Runs exactly `schedule` on `init` and reports what happened.
pub fn replay<S: System>(mut state: S, schedule: &[Choice]) -> Result<Summary, ReplayError> {
    // The execution's outcome and run are kept (in `outcome_runs`), so that
    // a caller can judge an outcome-level bug such as non-robustness.
    let cfg = Config {
        keep_going: true,
        collect_outcomes: true,
        outcome_runs: true,
        ..Config::default()
    };
    let mut rec = Recorder::new(&cfg);
    let mut trace = Vec::new();
    for (i, &(t, a)) in schedule.iter().enumerate() {
        let err = |m: &str| ReplayError {
            step: i,
            message: m.to_string(),
        };
        if !state.status().is_running() {
            return Err(err("the execution ended early"));
        }
        if !state.is_enabled(t) {
            return Err(err(&format!("thread {t} cannot run here")));
        }
        if a >= state.alternatives(t) {
            return Err(err(&format!("thread {t} has no alternative {a}")));
        }
        trace.push(state.step(t, a));
        rec.event();
    }
    rec.finish(&state, |bug| Finding {
        bug,
        schedule: schedule.to_vec(),
        trace,
        output: state.output().to_vec(),
        clocks: Vec::new(),
    });
    Ok(rec.into_summary(true))
}
