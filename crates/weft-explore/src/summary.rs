//! What an exploration produced: statistics and findings.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use weft_core::{BlockReason, Bug, Event, Input, LimitKind, Loc, Output, Status, System, Tid};

/// One scheduling decision: a thread and which alternative of its event.
pub type Choice = (Tid, u32);

/// A bug together with everything needed to show and replay it.
#[derive(Clone, Debug)]
pub struct Finding {
    pub bug: Bug,
    pub schedule: Vec<Choice>,
    pub trace: Vec<Event>,
    pub output: Vec<Output>,
    /// Happens-before of each event of `trace` (empty when not recorded,
    /// as in a replay).
    pub clocks: Vec<EventClocks>,
    /// The inputs that take the execution along its path (see
    /// `System::inputs`); empty for concrete executions.
    pub inputs: Vec<Input>,
    /// Under a bug-hunting strategy, the bound of the execution that found
    /// it (its preemptions, its (v, t), its seed and run).
    pub found_under: Option<Bounds>,
}

/// Named numbers that say where in a bounded or randomized search an
/// execution lies (`preemptions=1`; `v=1 t=2 preemptions=2`; `seed=7
/// run=13 depth=2`), or how far a search went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// The strategy's name (`icb`, `vt`, `pct`, `pctvb`, `random`).
    pub strategy: &'static str,
    pub fields: Vec<(&'static str, u64)>,
}

impl Bounds {
    pub fn new(strategy: &'static str) -> Bounds {
        Bounds {
            strategy,
            fields: Vec::new(),
        }
    }

    /// `self` with `name = value` added (or replaced).
    pub fn with(mut self, name: &'static str, value: u64) -> Bounds {
        self.set(name, value);
        self
    }

    pub fn set(&mut self, name: &'static str, value: u64) {
        match self.fields.iter_mut().find(|(n, _)| *n == name) {
            Some(f) => f.1 = value,
            None => self.fields.push((name, value)),
        }
    }

    pub fn get(&self, name: &str) -> Option<u64> {
        self.fields.iter().find(|(n, _)| *n == name).map(|f| f.1)
    }
}

impl std::fmt::Display for Bounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.strategy)?;
        for (n, v) in &self.fields {
            write!(f, " {n}={v}")?;
        }
        Ok(())
    }
}

impl Finding {
    pub fn with_inputs(mut self, inputs: Vec<Input>) -> Finding {
        self.inputs = inputs;
        self
    }
}

/// The happens-before of one event, as vector clocks indexed by thread id:
/// entry `t` is how many of thread `t`'s events are ordered before the
/// event (or are it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventClocks {
    /// Happens-before through synchronisation only, by which data races
    /// are judged.
    pub sync: Vec<u32>,
    /// The Mazurkiewicz happens-before: every pair of dependent events is
    /// ordered as executed.
    pub dep: Vec<u32>,
}

/// Counters over one exploration.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Executions that ran to an end (normal exit or bug).
    pub executions: u64,
    /// Executions cut short without a bug, by reason.
    pub blocked_by: BTreeMap<String, u64>,
    /// Executions that ended without a bug after a spin loop was cut (a
    /// thread blocked as spinning, see `System::spun`). Not counted in
    /// `executions`: without its repeated iteration each is an execution
    /// that is counted there.
    pub spin_blocked: u64,
    /// Visible events executed, over all executions.
    pub events: u64,
    pub elapsed: Duration,
    /// Internal inconsistencies of the explorer (zero in a correct run).
    pub anomalies: Anomalies,
    /// The unfolding's counters (`--por unfold`).
    pub unfold: Option<crate::unfold::UnfoldStats>,
    /// A bug-hunting strategy's parameters and how far it went (the bound
    /// being explored when it ended, the seed, the runs made).
    pub strategy: Option<Bounds>,
}

impl Stats {
    pub fn blocked(&self) -> u64 {
        self.blocked_by.values().sum()
    }

    /// Adds the counts of `other` (of another exploration of the same run,
    /// e.g. the SC half of `--check-robustness`).
    pub fn add(&mut self, other: &Stats) {
        let Stats {
            executions,
            blocked_by,
            spin_blocked,
            events,
            elapsed,
            anomalies,
            unfold,
            strategy,
        } = other;
        if self.strategy.is_none() {
            self.strategy = strategy.clone();
        }
        if let Some(u) = unfold {
            let mine = self.unfold.get_or_insert_with(Default::default);
            mine.events += u.events;
            mine.cutoffs += u.cutoffs;
            mine.alternatives += u.alternatives;
            mine.configurations += u.configurations;
            mine.collected += u.collected;
        }
        self.executions += executions;
        for (k, v) in blocked_by {
            *self.blocked_by.entry(k.clone()).or_default() += v;
        }
        self.spin_blocked += spin_blocked;
        self.events += events;
        self.elapsed += *elapsed;
        self.anomalies.add(anomalies);
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
    /// The first execution (its `bug` a placeholder unless it ended in one),
    /// when [`crate::Config::first_run`] asks for it.
    pub first_run: Option<Finding>,
    /// Why the program cannot be checked, if an execution did something
    /// weft refuses to run (see `Status::Unsupported`): exploration stops
    /// there, and the driver reports it as bad input.
    pub unsupported: Option<String>,
}

impl Summary {
    /// Whether a finding of `bug`'s kind at its location is kept already
    /// (findings are deduplicated by kind and location).
    fn has_finding(&self, bug: &Bug) -> bool {
        self.findings
            .iter()
            .any(|f| f.bug.kind == bug.kind && f.bug.loc == bug.loc)
    }

    /// Consequences (assertions, deadlocks, ...) first, data races after.
    fn sort_findings(&mut self) {
        self.findings
            .sort_by_key(|f| f.bug.kind == weft_core::BugKind::DataRace);
    }

    /// Adds the summary of another part of the same exploration (see
    /// [`crate::split`]): counts add up, findings (one per kind and
    /// location, as a [`Recorder`] keeps them) and outcomes are joined,
    /// and the first bound hit is kept. The first execution stays this
    /// summary's unless it has none.
    pub fn merge(&mut self, part: Summary) {
        let Summary {
            stats,
            findings,
            limit,
            first_output,
            outcomes,
            outcome_runs,
            first_run,
            unsupported,
        } = part;
        let st = &self.stats;
        if st.executions == 0 && st.blocked() == 0 && st.spin_blocked == 0 {
            self.first_output = first_output;
        }
        self.stats.add(&stats);
        for f in findings {
            if !self.has_finding(&f.bug) {
                self.findings.push(f);
            }
        }
        self.sort_findings();
        self.limit = self.limit.or(limit);
        self.outcomes.extend(outcomes);
        for (o, run) in outcome_runs {
            self.outcome_runs.entry(o).or_insert(run);
        }
        self.first_run = self.first_run.take().or(first_run);
        self.unsupported = self.unsupported.take().or(unsupported);
    }
}

/// A one-line description of how an execution ended, its global memory and
/// what each thread printed.
///
/// Output is kept per thread (each thread's text concatenated, threads in
/// id order), not in the global order of the `printf` calls: those calls
/// are invisible to the explorers, which do not order them, so two
/// explorations can print the same lines in different orders.
pub fn outcome(status: &Status, output: &[Output], memory: u64) -> String {
    let end = match status {
        Status::Exited(c) => format!("exit {c}"),
        Status::Bug(b) => format!("bug {} at {}:{}", b.kind, b.loc.file, b.loc.line),
        Status::Blocked(r) => format!("blocked {r:?}"),
        Status::Limit(l) => format!("limit {}", l.as_str()),
        Status::Unsupported(_) => "unsupported".to_string(),
        Status::Running => "running".to_string(),
    };
    let mut per_thread: BTreeMap<Tid, String> = BTreeMap::new();
    for o in output {
        per_thread.entry(o.tid).or_default().push_str(&o.text);
    }
    let text: Vec<String> = per_thread
        .iter()
        .map(|(t, s)| format!("[thread {t}] \"{}\"", s.escape_debug()))
        .collect();
    let text = text.join(" ");
    // Memory is part of the outcome only for executions that ran to the end:
    // when a bug cuts an execution short, how far the other threads had got
    // is not an outcome of the program.
    match status {
        Status::Exited(_) => format!("{end} | mem {memory:016x} | {text}"),
        _ => format!("{end} | {text}"),
    }
}

/// Whether an outcome is one the program can really end in: not an
/// execution cut by a bound or blocked by an assumption.
pub fn is_final_outcome(o: &str) -> bool {
    !(o.starts_with("limit ")
        || o.starts_with("blocked ")
        || o.starts_with("running")
        || o.starts_with("unsupported"))
}

/// An outcome for people: the bug location `at FILE:LINE` of an
/// [`outcome`] (internal file numbers) rendered by `render`.
pub fn render_outcome(o: &str, render: impl Fn(Loc) -> String) -> String {
    let Some(rest) = o.strip_prefix("bug ") else {
        return o.to_string();
    };
    let (head, tail) = rest.split_once(" | ").unwrap_or((rest, ""));
    let Some((kind, at)) = head.rsplit_once(" at ") else {
        return o.to_string();
    };
    let loc = at.split_once(':').and_then(|(f, l)| {
        Some(Loc {
            file: f.parse().ok()?,
            line: l.parse().ok()?,
        })
    });
    match (loc, tail) {
        (Some(loc), "") => format!("bug {kind} at {}", render(loc)),
        (Some(loc), _) => format!("bug {kind} at {} | {tail}", render(loc)),
        (None, _) => o.to_string(),
    }
}

/// Bookkeeping shared by the strategies (see [`crate::Explorer`]):
/// counting executions, collecting deduplicated findings and checking
/// bounds.
pub struct Recorder<'c> {
    summary: Summary,
    cfg: &'c crate::Config,
    start: Instant,
    /// Some execution ran under this bound without being cut by it (see
    /// `System::unexplored`).
    unexplored: Option<LimitKind>,
    /// Where the current execution lies in a bounded search: given to the
    /// findings it makes.
    found_under: Option<Bounds>,
    /// A bug noted in the middle of an execution is one
    /// [`crate::Config::stop_at`] stops at: the explorer ends the execution
    /// there and the exploration after it.
    stop_now: bool,
    /// The bound of the whole run found over (see [`Recorder::over`]).
    over: Option<LimitKind>,
}

impl<'c> Recorder<'c> {
    pub fn new(cfg: &'c crate::Config) -> Recorder<'c> {
        Recorder {
            summary: Summary::default(),
            cfg,
            start: Instant::now(),
            unexplored: None,
            found_under: None,
            stop_now: false,
            over: None,
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
        self.count();
        let (status, output) = (sys.status(), sys.output());
        let s = &mut self.summary;
        let first = s.stats.executions == 0 && s.stats.blocked() == 0 && s.stats.spin_blocked == 0;
        if first {
            s.first_output = output.to_vec();
        }
        let mut make = Some(make_finding);
        // Once `make` is used, the run made is kept here or in
        // `outcome_runs`, and later uses copy it.
        let keep_first = first && self.cfg.first_run;
        if keep_first {
            let bug = match status {
                Status::Bug(b) => (**b).clone(),
                _ => Bug::new(
                    weft_core::BugKind::Robustness,
                    "the first execution",
                    0,
                    weft_core::Loc::UNKNOWN,
                ),
            };
            s.first_run = Some((make.take().expect("unused"))(bug));
        }
        // An execution cut as a repeat ends in no state of its own.
        let cut = matches!(status, Status::Blocked(BlockReason::Repeat));
        if self.cfg.collect_outcomes && !cut {
            let o = outcome(status, output, sys.memory_digest());
            if self.cfg.outcome_runs && !s.outcome_runs.contains_key(&o) {
                let placeholder = Bug::new(
                    weft_core::BugKind::Robustness,
                    o.clone(),
                    0,
                    weft_core::Loc::UNKNOWN,
                );
                let run = match make.take() {
                    Some(make) => make(placeholder),
                    None => Finding {
                        bug: placeholder,
                        ..s.first_run.clone().expect("made")
                    },
                };
                s.outcome_runs.insert(o.clone(), run);
            }
            s.outcomes.insert(o);
        }
        if let Some(l) = sys.unexplored() {
            self.unexplored.get_or_insert(l);
        }
        match status {
            Status::Bug(b) => {
                s.stats.executions += 1;
                if !s.has_finding(b) {
                    let finding = match make.take() {
                        Some(make) => make((**b).clone()),
                        None if keep_first => Finding {
                            bug: (**b).clone(),
                            ..s.first_run.clone().expect("made")
                        },
                        None => {
                            let o = outcome(status, output, sys.memory_digest());
                            Finding {
                                bug: (**b).clone(),
                                ..s.outcome_runs[&o].clone()
                            }
                        }
                    };
                    s.findings.push(Finding {
                        found_under: self.found_under.clone(),
                        ..finding
                    });
                }
                if !self.cfg.keep_going || self.cfg.stop_at.is_some_and(|f| f(b)) {
                    return false;
                }
            }
            Status::Exited(_) | Status::Running if sys.spun() => s.stats.spin_blocked += 1,
            Status::Exited(_) | Status::Running => s.stats.executions += 1,
            // Cut by a spin assumption, as an execution that spun.
            Status::Blocked(BlockReason::Repeat) => s.stats.spin_blocked += 1,
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
            Status::Unsupported(msg) => {
                s.unsupported.get_or_insert_with(|| msg.clone());
                return false;
            }
        }
        self.within_bounds()
    }

    /// Counts one execution that ended, however it ended, for a progress
    /// display and a split run's bound ([`crate::Config::progress`]).
    fn count(&self) {
        if let Some(p) = &self.cfg.progress {
            p.executions
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }

    pub(crate) fn within_bounds(&mut self) -> bool {
        if self.stop_now {
            return false;
        }
        let s = &mut self.summary;
        let done = s.stats.executions
            + s.stats.blocked()
            + s.stats.spin_blocked
            + s.stats.anomalies.disabled_wakeup;
        if self.cfg.max_executions.is_some_and(|m| done >= m) {
            s.limit = Some(LimitKind::MaxExecutions);
            return false;
        }
        if let Some(l) = self.expired() {
            self.summary.limit = Some(l);
            return false;
        }
        true
    }

    /// Whether the whole run is over, checked now: the deadline passed,
    /// the user interrupted it, or weft's memory passed its bound (the
    /// bound is recorded as the summary's limit). An explorer then makes
    /// no more plans (each may simulate steps, which the interpreter stops
    /// at once, but thousands of them took seconds past the deadline) and
    /// stops at its next chance.
    pub(crate) fn over(&mut self) -> bool {
        self.expired().is_some()
    }

    /// The interrupt, time or memory bound of the whole run that is over,
    /// if any; it is recorded as the summary's limit, and stays over.
    fn expired(&mut self) -> Option<LimitKind> {
        if self.over.is_none() {
            self.over = self.cfg.stop.expired();
            if let Some(l) = self.over {
                self.summary.limit.get_or_insert(l);
            }
        }
        self.over
    }

    /// Records a bug found in the middle of an execution that goes on (a
    /// data race: exploration continues, so that the bug it leads to, if
    /// any, is found too), unless [`crate::Config::stop_at`] stops at it:
    /// see [`Recorder::stopping`].
    pub fn note<F: FnOnce(Bug) -> Finding>(&mut self, bug: Bug, make_finding: F) {
        self.stop_now |= self.cfg.stop_at.is_some_and(|f| f(&bug));
        let s = &mut self.summary;
        if !s.has_finding(&bug) {
            let finding = make_finding(bug);
            s.findings.push(Finding {
                found_under: self.found_under.clone(),
                ..finding
            });
        }
    }

    /// Whether a bug noted in this execution is one to stop at: the
    /// explorer ends the execution now (it may never end by itself: an
    /// SV-COMP task that creates threads in a loop on an input), and
    /// [`Recorder::finish`] then stops the exploration.
    pub fn stopping(&self) -> bool {
        self.stop_now
    }

    /// Says where the executions that follow lie in a bounded search (see
    /// [`Finding::found_under`]).
    pub fn found_under(&mut self, b: Option<Bounds>) {
        self.found_under = b;
    }

    /// Records a bug-hunting strategy's parameters and progress.
    pub fn strategy(&mut self, b: Bounds) {
        self.summary.stats.strategy = Some(b);
    }

    /// Records a reason the search is incomplete unless it finds a bug
    /// (like `System::unexplored`, but known to the explorer).
    pub fn unexplored(&mut self, l: LimitKind) {
        self.unexplored.get_or_insert(l);
    }

    /// Records an execution cut short by the explorer itself.
    /// Records the unfolding's counters at the end of an exploration; its
    /// maximal configurations are the executions that ended and those that
    /// ended at cutoffs.
    pub fn unfold_stats(&mut self, stats: crate::unfold::UnfoldStats) {
        let st = &mut self.summary.stats;
        let cut = st.blocked_by.get("cutoff").copied().unwrap_or(0);
        st.unfold = Some(crate::unfold::UnfoldStats {
            configurations: st.executions + cut,
            ..stats
        });
    }

    pub fn blocked(&mut self, reason: &str) -> bool {
        self.count();
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
        self.count();
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
        if self.summary.limit.is_none() {
            // An execution (or a plan's simulation) may have been cut by the
            // same bound inside the System without the explorer seeing it.
            self.summary.limit = self.expired();
        }
        if self.summary.stats.anomalies.total() > 0 {
            // Executions may have been skipped: never call that safe.
            self.unexplored(LimitKind::Anomaly);
        }
        self.summary.limit = self.summary.limit.or(self.unexplored);
        self.summary.stats.elapsed = self.start.elapsed();
        self.summary.sort_findings();
        self.summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn out(tid: Tid, text: &str) -> Output {
        Output {
            tid,
            stream: weft_core::Stream::Stdout,
            text: text.to_string(),
        }
    }

    #[test]
    fn outcomes_compare_output_per_thread() {
        let ab = [out(1, "a\n"), out(2, "b\n")];
        let ba = [out(2, "b\n"), out(1, "a\n")];
        let exit = Status::Exited(0);
        assert_eq!(outcome(&exit, &ab, 7), outcome(&exit, &ba, 7));
        let split = [out(1, "a"), out(2, "b\n"), out(1, "\n")];
        assert_eq!(outcome(&exit, &ab, 7), outcome(&exit, &split, 7));
        let other = [out(1, "b\n"), out(2, "a\n")];
        assert_ne!(outcome(&exit, &ab, 7), outcome(&exit, &other, 7));
    }

    #[test]
    fn outcome_locations_render_as_file_line() {
        let bug = Bug::new(
            weft_core::BugKind::Assertion,
            "x",
            0,
            Loc { file: 0, line: 7 },
        );
        let o = outcome(&Status::Bug(Box::new(bug)), &[out(0, "hi\n")], 0);
        assert!(o.contains("at 0:7"), "{o}");
        let render = |l: Loc| format!("prog.c:{}", l.line);
        let shown = render_outcome(&o, render);
        assert!(shown.starts_with("bug assertion at prog.c:7 | "), "{shown}");
        let silent = outcome(
            &Status::Bug(Box::new(Bug::new(
                weft_core::BugKind::Deadlock,
                "x",
                0,
                Loc { file: 0, line: 3 },
            ))),
            &[],
            0,
        );
        assert_eq!(render_outcome(&silent, render), "bug deadlock at prog.c:3");
        assert!(is_final_outcome(&o));
        assert!(!is_final_outcome(&outcome(
            &Status::Limit(LimitKind::MaxSteps),
            &[],
            0
        )));
    }

    #[test]
    fn interrupt_and_deadline_end_exploration() {
        static FLAG: AtomicBool = AtomicBool::new(false);
        let flag = &FLAG;
        let cfg = crate::Config {
            stop: weft_core::Deadline {
                interrupt: Some(flag),
                ..weft_core::Deadline::default()
            },
            ..crate::Config::default()
        };
        let mut rec = Recorder::new(&cfg);
        assert_eq!(rec.expired(), None);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(rec.expired(), Some(LimitKind::Interrupted));
        assert_eq!(rec.into_summary(true).limit, Some(LimitKind::Interrupted));
        let cfg = crate::Config {
            stop: weft_core::Deadline {
                at: Some(Instant::now()),
                ..weft_core::Deadline::default()
            },
            ..crate::Config::default()
        };
        let rec = Recorder::new(&cfg);
        assert_eq!(rec.into_summary(true).limit, Some(LimitKind::Timeout));
    }

    /// An anomaly is counted on its own, never as a blocked execution, and
    /// an execution abandoned on one counts towards `max_executions`.
    #[test]
    fn anomalies_are_not_blocked_runs() {
        let cfg = crate::Config {
            max_executions: Some(2),
            ..crate::Config::default()
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

    /// A search that hit an anomaly and found no bug is incomplete, never
    /// safe: it may have skipped executions.
    #[test]
    fn anomalies_make_a_search_incomplete() {
        let cfg = crate::Config::default();
        let mut rec = Recorder::new(&cfg);
        assert!(rec.anomaly(|a| &mut a.asleep_child));
        let s = rec.into_summary(true);
        assert_eq!(s.limit, Some(weft_core::LimitKind::Anomaly));
        assert!(s.findings.is_empty());
    }
}
