//! Replaying one recorded schedule.

use crate::summary::{Choice, Recorder};
use crate::trace::{Trace, Tracking};
use crate::{Config, Summary};
use weft_core::{Status, System};

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
pub fn replay<S: System>(state: S, schedule: &[Choice]) -> Result<Summary, ReplayError> {
    replay_with(state, schedule, &Config::default())
}

/// [`replay`] with settings: data races are reported when
/// `cfg.race_check` is set, and `cfg.interrupt` stops the replay (the
/// summary then has that limit). The summary always has the execution's
/// outcome, in [`Summary::outcomes`] and [`Summary::outcome_runs`].
pub fn replay_with<S: System>(
    state: S,
    schedule: &[Choice],
    cfg: &Config,
) -> Result<Summary, ReplayError> {
    replay_until(state, schedule, cfg, false)
}

/// [`replay_with`]; with `bug_ends`, an execution that ends in a bug before
/// the schedule is used up is replayed (the caller checks the bug). A
/// concrete replay of a symbolic witness needs it: the recording paused
/// threads at symbolic branches, which a concrete run does not, so a
/// thread's bug can come before other threads' recorded events.
pub fn replay_until<S: System>(
    mut state: S,
    schedule: &[Choice],
    cfg: &Config,
    bug_ends: bool,
) -> Result<Summary, ReplayError> {
    let cfg = Config {
        keep_going: true,
        collect_outcomes: true,
        outcome_runs: true,
        max_executions: None,
        ..cfg.clone()
    };
    let mut rec = Recorder::new(&cfg);
    let mut trace = Trace::new(Tracking::of(&cfg));
    for (i, &(t, a)) in schedule.iter().enumerate() {
        let err = |m: &str| ReplayError {
            step: i,
            message: m.to_string(),
        };
        match state.status() {
            Status::Running => {}
            // A bound (an interrupt, the step limit) cut the replay short.
            Status::Limit(_) | Status::Unsupported(_) => break,
            Status::Bug(_) if bug_ends => break,
            _ => return Err(err("the execution ended early")),
        }
        if !state.is_enabled(t) {
            return Err(err(&format!("thread {t} cannot run here")));
        }
        if a >= state.alternatives(t) {
            return Err(err(&format!("thread {t} has no alternative {a}")));
        }
        let ev = state.step(t, a);
        rec.event();
        let race = trace.push(ev, (t, a));
        if let Some(bug) = race.or(trace.push_local(state.local_accesses())) {
            rec.note(bug, |bug| {
                trace
                    .finding(bug, state.output())
                    .with_inputs(state.inputs())
            });
        }
    }
    rec.finish(&state, |bug| {
        trace
            .finding(bug, state.output())
            .with_inputs(state.inputs())
    });
    Ok(rec.into_summary(true))
}
