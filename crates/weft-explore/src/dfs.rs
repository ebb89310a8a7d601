//! `--por none`: exhaustive depth-first search over all interleavings.
//!
//! At every state with more than one choice (enabled thread × alternative)
//! the state is snapshotted by cloning the system; backtracking restores the
//! snapshot instead of replaying the prefix.

use crate::summary::{Choice, Finding, Recorder};
use crate::{Config, Summary};
use weft_core::{Event, System};

struct Branch<S> {
    state: S,
    choices: Vec<Choice>,
    next: usize,
    depth: usize,
}

/// Every `(thread, alternative)` the system can take now.
pub fn choices<S: System>(s: &S, buf: &mut Vec<u32>) -> Vec<Choice> {
    s.enabled(buf);
    buf.iter()
        .flat_map(|&t| (0..s.alternatives(t)).map(move |a| (t, a)))
        .collect()
}

pub fn explore<S: System>(init: S, cfg: &Config) -> Summary {
    let mut rec = Recorder::new(cfg);
    let mut stack: Vec<Branch<S>> = Vec::new();
    let mut schedule: Vec<Choice> = Vec::new();
    let mut trace: Vec<Event> = Vec::new();
    let mut buf = Vec::new();
    let mut state = init;
    loop {
        // Run the current execution to its end, remembering branch points.
        while state.status().is_running() {
            let cs = choices(&state, &mut buf);
            let Some(&first) = cs.first() else { break };
            if cs.len() > 1 {
                stack.push(Branch {
                    state: state.clone(),
                    choices: cs,
                    next: 1,
                    depth: schedule.len(),
                });
            }
            trace.push(state.step(first.0, first.1));
            schedule.push(first);
            rec.event();
        }
        let go_on = rec.finish(state.status(), state.output(), |bug| Finding {
            bug,
            schedule: schedule.clone(),
            trace: trace.clone(),
            output: state.output().to_vec(),
        });
        if !go_on {
            return rec.into_summary(false);
        }
        // Backtrack to the deepest branch with an untried choice.
        let Some(top) = stack.last_mut() else {
            return rec.into_summary(true);
        };
        let c = top.choices[top.next];
        top.next += 1;
        let depth = top.depth;
        state = if top.next == top.choices.len() {
            stack.pop().expect("non-empty").state
        } else {
            top.state.clone()
        };
        schedule.truncate(depth);
        trace.truncate(depth);
        trace.push(state.step(c.0, c.1));
        schedule.push(c);
        rec.event();
    }
}
