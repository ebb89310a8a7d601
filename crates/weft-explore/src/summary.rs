//! What an exploration produced: statistics and findings.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use weft_core::{Bug, Event, LimitKind, Output, Status, System, Tid};

/// One scheduling decision: a thread and which alternative of its event.
pub type Choice = (Tid, u32);

/// A bug together with everything needed to show and replay it.
#[derive(Clone, Debug)]
pub struct Finding {
    pub bug: Bug,
    pub schedule: Vec<Choice>,
    pub trace: Vec<Event>,
    pub output: Vec<Output>,
}

/// Counters over one exploration.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Executions that ran to an end (normal exit or bug).
    pub executions: u64,
    /// Executions cut short without a bug, by reason.
    pub blocked_by: BTreeMap<String, u64>,
    /// Visible events executed, over all executions.
    pub events: u64,
    pub elapsed: Duration,
    /// Internal inconsistencies of the explorer (zero in a correct run).
    pub anomalies: Anomalies,
}

impl Stats {
    pub fn blocked(&self) -> u64 {
        self.blocked_by.values().sum()
    }
}

/// Situations an explorer's invariants rule out, counted instead of being
/// absorbed into the blocked executions. Each is also a `debug_assert!` at
/// the place it is detected, so debug builds (the unit tests and the corpus
/// in debug mode) fail on it; release builds count it here and go on. Every
/// field is zero in a correct run; the JSON report has them under
/// `anomalies`, the human one lists them when one is not zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Anomalies {
    /// DPOR: a wakeup sequence named a thread that could not run when its
    /// turn came (the execution was abandoned).
    pub disabled_wakeup: u64,
    /// Optimal-DPOR: a wakeup-tree child was already in its node's sleep set
    /// when it was to be explored (it was skipped).
    pub asleep_child: u64,
}

impl Anomalies {
    /// The counters by name, as the reports show them.
    pub fn by_name(&self) -> [(&'static str, u64); 2] {
        [
            ("disabled_wakeup", self.disabled_wakeup),
            ("asleep_child", self.asleep_child),
        ]
    }

    pub fn total(&self) -> u64 {
        self.by_name().iter().map(|(_, n)| n).sum()
    }

    /// Adds the counts of `other` (of another exploration of the same run).
    pub fn add(&mut self, other: &Anomalies) {
        self.disabled_wakeup += other.disabled_wakeup;
        self.asleep_child += other.asleep_child;
    }
}

/// The result of an exploration.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub stats: Stats,
    pub findings: Vec<Finding>,
    /// The first bound that was hit, if any (the verdict is then incomplete
    /// unless a bug was found).
    pub limit: Option<LimitKind>,
    /// Output of the first execution (for programs without bugs).
    pub first_output: Vec<Output>,
    /// Distinct outcomes, when requested: how each execution ended and
    /// what it printed.
    pub outcomes: std::collections::BTreeSet<String>,
    /// One execution per outcome, when requested (its `bug` is a
    /// placeholder unless the execution ended in one).
    pub outcome_runs: BTreeMap<String, Finding>,
}

/// A one-line description of how an execution ended, its global memory and
/// what it printed.
pub fn outcome(status: &Status, output: &[Output], memory: u64) -> String {
    let end = match status {
        Status::Exited(c) => format!("exit {c}"),
        Status::Bug(b) => format!("bug {} at {}:{}", b.kind, b.loc.file, b.loc.line),
        Status::Blocked(r) => format!("blocked {r:?}"),
        Status::Limit(l) => format!("limit {}", l.as_str()),
        Status::Running => "running".to_string(),
    };
    let text: String = output.iter().map(|o| o.text.as_str()).collect();
    // Memory is part of the outcome only for executions that ran to the end:
    // when a bug cuts an execution short, how far the other threads had got
    // is not an outcome of the program.
    match status {
        Status::Exited(_) => format!("{end} | mem {memory:016x} | {}", text.escape_debug()),
        _ => format!("{end} | {}", text.escape_debug()),
    }
}

/// Bookkeeping shared by the strategies (see [`crate::Explorer`]):
/// counting executions, collecting deduplicated findings and checking
/// bounds.
pub struct Recorder<'c> {
    summary: Summary,
    cfg: &'c crate::Config,
    start: Instant,
}

impl<'c> Recorder<'c> {
    pub fn new(cfg: &'c crate::Config) -> Recorder<'c> {
        Recorder {
            summary: Summary::default(),
            cfg,
            start: Instant::now(),
        }
    }

    /// The settings of this exploration.
    pub fn config(&self) -> &'c crate::Config {
        self.cfg
    }

    /// Records the end of one execution. Returns false when exploration
    /// must stop (first bug found, or a bound hit).
    pub fn finish<S, F>(&mut self, sys: &S, make_finding: F) -> bool
    where
        S: System,
        F: FnOnce(Bug) -> Finding,
    {
        let (status, output) = (sys.status(), sys.output());
        let s = &mut self.summary;
        if s.stats.executions == 0 && s.stats.blocked() == 0 {
            s.first_output = output.to_vec();
        }
        let mut make = Some(make_finding);
        if self.cfg.collect_outcomes {
            let o = outcome(status, output, sys.memory_digest());
            if self.cfg.outcome_runs && !s.outcome_runs.contains_key(&o) {
                let placeholder = Bug::new(
                    weft_core::BugKind::Robustness,
                    o.clone(),
                    0,
                    weft_core::Loc::UNKNOWN,
                );
                let run = (make.take().expect("unused"))(placeholder);
                s.outcome_runs.insert(o.clone(), run);
            }
            s.outcomes.insert(o);
        }
        match status {
            Status::Bug(b) => {
                s.stats.executions += 1;
                let dup = s
                    .findings
                    .iter()
                    .any(|f| f.bug.kind == b.kind && f.bug.loc == b.loc);
                if !dup {
                    let finding = match make.take() {
                        Some(make) => make((**b).clone()),
                        None => {
                            let o = outcome(status, output, sys.memory_digest());
                            Finding {
                                bug: (**b).clone(),
                                ..s.outcome_runs[&o].clone()
                            }
                        }
                    };
                    s.findings.push(finding);
                }
                if !self.cfg.keep_going {
                    return false;
                }
            }
            Status::Exited(_) | Status::Running => s.stats.executions += 1,
            Status::Blocked(r) => {
                *s.stats
                    .blocked_by
                    .entry(format!("{r:?}").to_lowercase())
                    .or_default() += 1
            }
            Status::Limit(l) => {
                *s.stats
                    .blocked_by
                    .entry(l.as_str().to_string())
                    .or_default() += 1;
                s.limit.get_or_insert(*l);
            }
        }
        self.within_bounds()
    }

    fn within_bounds(&mut self) -> bool {
        let s = &mut self.summary;
        let done = s.stats.executions + s.stats.blocked() + s.stats.anomalies.disabled_wakeup;
        if self.cfg.max_executions.is_some_and(|m| done >= m) {
            s.limit = Some(LimitKind::MaxExecutions);
            return false;
        }
        if self.cfg.timeout.is_some_and(|t| self.start.elapsed() >= t) {
            s.limit = Some(LimitKind::Timeout);
            return false;
        }
        true
    }

    /// Records a bug found in the middle of an execution that goes on (a
    /// data race: exploration continues, so that the bug it leads to, if
    /// any, is found too).
    pub fn note<F: FnOnce(Bug) -> Finding>(&mut self, bug: Bug, make_finding: F) {
        let s = &mut self.summary;
        if !s
            .findings
            .iter()
            .any(|f| f.bug.kind == bug.kind && f.bug.loc == bug.loc)
        {
            s.findings.push(make_finding(bug));
        }
    }

    /// Records an execution cut short by the explorer itself.
    pub fn blocked(&mut self, reason: &str) -> bool {
        *self
            .summary
            .stats
            .blocked_by
            .entry(reason.to_string())
            .or_default() += 1;
        self.within_bounds()
    }

    /// Records an internal inconsistency (see [`Anomalies`]): `count`
    /// picks the counter. Returns false when exploration must stop (an
    /// abandoned execution counts towards `max_executions`).
    pub fn anomaly(&mut self, count: impl FnOnce(&mut Anomalies) -> &mut u64) -> bool {
        *count(&mut self.summary.stats.anomalies) += 1;
        self.within_bounds()
    }

    pub fn event(&mut self) {
        self.summary.stats.events += 1;
    }

    pub fn into_summary(mut self, complete: bool) -> Summary {
        if complete && self.summary.limit == Some(LimitKind::MaxExecutions) {
            // The bound was reached exactly as the search space ran out.
            self.summary.limit = None;
        }
        self.summary.stats.elapsed = self.start.elapsed();
        // Consequences (assertions, deadlocks, ...) first, data races after.
        self.summary
            .findings
            .sort_by_key(|f| f.bug.kind == weft_core::BugKind::DataRace);
        self.summary
    }
}

#[cfg(test)]
mod tests {
    use super::Recorder;
    use crate::Config;

    /// An anomaly is counted on its own, never as a blocked execution, and
    /// an execution abandoned on one counts towards `max_executions`.
    #[test]
    fn anomalies_are_not_blocked_runs() {
        let cfg = Config {
            max_executions: Some(2),
            ..Config::default()
        };
        let mut rec = Recorder::new(&cfg);
        // A skipped branch abandons no execution.
        assert!(rec.anomaly(|a| &mut a.asleep_child));
        assert!(rec.anomaly(|a| &mut a.disabled_wakeup));
        assert!(!rec.anomaly(|a| &mut a.disabled_wakeup));
        let s = rec.into_summary(false);
        assert_eq!(s.stats.anomalies.asleep_child, 1);
        assert_eq!(s.stats.anomalies.disabled_wakeup, 2);
        assert_eq!(s.stats.anomalies.total(), 3);
        assert_eq!(s.stats.blocked(), 0);
        assert_eq!(s.stats.executions, 0);
        assert_eq!(s.limit, Some(weft_core::LimitKind::MaxExecutions));
    }
}
