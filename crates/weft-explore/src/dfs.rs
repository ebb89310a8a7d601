//! `--por none`: exhaustive depth-first search over all interleavings.
//!
//! At every state with more than one choice (enabled thread × alternative)
//! the state is snapshotted by cloning the system; backtracking restores the
//! snapshot instead of replaying the prefix. Data races are checked on the
//! same [`Trace`] the DPOR explorers use.

use crate::explorer::{Completion, Explorer};
use crate::summary::{Choice, Recorder};
use crate::trace::{Trace, Tracking};
use crate::Config;
use weft_core::System;

/// `--por none`: every interleaving, no reduction.
pub struct Naive {
    tracking: Tracking,
}

impl Explorer for Naive {
    const NAME: &'static str = "none";
    const ABOUT: &'static str = "No reduction: every interleaving of visible operations.";

    fn new(cfg: &Config) -> Naive {
        Naive {
            tracking: Tracking {
                light: true,
                ..Tracking::of(cfg)
            },
        }
    }

    fn explore<S: System>(&mut self, init: S, rec: &mut Recorder) -> Completion {
        explore(init, self.tracking, rec)
    }
}

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

/// Takes one step and records it; a data race is noted and the execution
/// goes on.
pub(crate) fn step<S: System>(state: &mut S, c: Choice, trace: &mut Trace, rec: &mut Recorder) {
    let ev = state.step(c.0, c.1);
    rec.event();
    let race = trace.push(ev, c);
    let local = trace.push_local(state.local_accesses());
    let Some(bug) = race.or(local) else { return };
    rec.note(bug, |bug| {
        trace
            .finding(bug, state.output())
            .with_inputs(state.inputs())
    });
}

fn explore<S: System>(init: S, tracking: Tracking, rec: &mut Recorder) -> Completion {
    let mut stack: Vec<Branch<S>> = Vec::new();
    let mut trace = Trace::new(tracking);
    let mut buf = Vec::new();
    let mut state = init;
    loop {
        // Run the current execution to its end, remembering branch points.
        while state.status().is_running() && !rec.stopping() {
            let cs = choices(&state, &mut buf);
            let Some(&first) = cs.first() else { break };
            if cs.len() > 1 {
                stack.push(Branch {
                    state: state.clone(),
                    choices: cs,
                    next: 1,
                    depth: trace.len(),
                });
            }
            step(&mut state, first, &mut trace, rec);
        }
        let go_on = rec.finish(&state, |bug| {
            trace
                .finding(bug, state.output())
                .with_inputs(state.inputs())
        });
        if !go_on {
            return Completion::Stopped;
        }
        // Backtrack to the deepest branch with an untried choice.
        let Some(top) = stack.last_mut() else {
            return Completion::Exhausted;
        };
        let c = top.choices[top.next];
        top.next += 1;
        let depth = top.depth;
        state = if top.next == top.choices.len() {
            stack.pop().expect("non-empty").state
        } else {
            top.state.clone()
        };
        trace.truncate(depth);
        step(&mut state, c, &mut trace, rec);
    }
}

#[cfg(test)]
mod tests {
    use crate::testsys::{explore, ops::*, TestSys};
    use crate::Por;

    /// The naive search runs every interleaving once.
    #[test]
    fn every_interleaving() {
        // Two threads of two events each: 4 choose 2.
        let s = explore(
            TestSys::new(vec![vec![store(0, 1), store(1, 1)]; 2]),
            Por::None,
        );
        assert_eq!(s.stats.executions, 6);
        // Three threads of one event each: 3!.
        let s = explore(TestSys::new(vec![vec![store(0, 1)]; 3]), Por::None);
        assert_eq!(s.stats.executions, 6);
        // An atomic section is not interleaved: the reader goes before or
        // after it.
        let s = explore(
            TestSys::new(vec![
                vec![begin(), store(0, 1), store(0, 2), end()],
                vec![load(0, 0)],
            ])
            .digest_traces(),
            Por::None,
        );
        assert_eq!(s.stats.executions, 2);
        assert_eq!(s.outcomes.len(), 2);
    }

    /// Lock-order inversion: the naive search finds the deadlock.
    #[test]
    fn deadlock() {
        let s = explore(
            TestSys::new(vec![
                vec![lock(0), lock(1), unlock(1), unlock(0)],
                vec![lock(1), lock(0), unlock(0), unlock(1)],
            ]),
            Por::None,
        );
        assert!(s
            .findings
            .iter()
            .any(|f| f.bug.kind == weft_core::BugKind::Deadlock));
    }
}
