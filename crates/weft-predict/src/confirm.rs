//! Replaying a predicted schedule (the paper's witness replay, section 6).
//!
//! Owns [`replay`]: steps any [`System`] through the predicted prefix,
//! checking that each step executes the recorded event (same thread, kind,
//! bytes or object and source line: [`crate::trace::signature`]), then
//! runs the rest of the execution (the lowest enabled thread first) so
//! that the witness is a whole execution. A schedule that does not replay
//! is an analysis defect: the caller counts it and reports nothing.

use crate::trace::{signature, PredictTrace};
use weft_core::{Event, Status, System, Tid};

/// A replayed execution.
pub struct Replayed {
    /// `(thread, alternative)` per step, the whole execution.
    pub schedule: Vec<(Tid, u32)>,
    /// Its events.
    pub events: Vec<Event>,
    /// How it ended.
    pub status: Status,
}

/// Replays the events at `prefix` (positions in `trace`) from `init`, then
/// finishes the execution within `max_steps` steps in all.
pub fn replay<S: System>(
    mut sys: S,
    trace: &PredictTrace,
    prefix: &[usize],
    max_steps: usize,
) -> Result<Replayed, String> {
    let mut schedule = Vec::new();
    let mut events = Vec::new();
    for &p in prefix {
        let e = &trace.events[p];
        let tid = e.tid as Tid;
        if !sys.status().is_running() {
            return Err(format!("the execution ended before event {p}"));
        }
        if (tid as usize) >= sys.thread_count() || !sys.is_enabled(tid) {
            return Err(format!("thread {tid} is not enabled at event {p}"));
        }
        let ev = sys.step(tid, e.alt);
        let sig = signature(&ev);
        if sig != e.sig {
            return Err(format!(
                "step {} ran {sig} where the trace has {}",
                schedule.len(),
                e.sig
            ));
        }
        schedule.push((tid, e.alt));
        events.push(ev);
    }
    let mut enabled = Vec::new();
    while sys.status().is_running() && schedule.len() < max_steps {
        sys.enabled(&mut enabled);
        let Some(&t) = enabled.first() else { break };
        events.push(sys.step(t, 0));
        schedule.push((t, 0));
    }
    Ok(Replayed {
        schedule,
        events,
        status: sys.status().clone(),
    })
}
