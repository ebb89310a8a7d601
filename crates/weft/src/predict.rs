//! `weft predict`: records one execution concolically, predicts the
//! atomicity violations that feasible reorderings of it exhibit
//! (`weft-predict`), confirms each by replay and reports the confirmed
//! ones with witnesses; and the replay of such a witness (`weft replay`).
//!
//! Glue only: the Machine records (`Limits::concolic`), `weft_predict`
//! analyses and replays, this module turns the recording into a
//! [`PredictTrace`] and the results into reports and witnesses.

use crate::{bad, load, Loaded};
use anyhow::anyhow;
use clap::{Args, ValueEnum};
use serde_json::json;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use weft_core::{Event, Status, System, Tid};
use weft_exec::{describe_event, Limits, Machine, Nondet, Program, ThreadNames};
use weft_predict::candidates::{self, MustHb};
use weft_predict::trace::{roles, signature, PMark};
use weft_predict::{Decision, Encoder, PEvent, PredictTrace, TxSource, PREDICT_FORMAT};
use weft_report::{AtomicAccess, AtomicityTriple, Witness, WitnessBug, WITNESS_FORMAT};

/// Exit status when a violation is confirmed (as `check` finding a bug).
const EXIT_FOUND: i32 = 42;

/// Where `weft predict` takes its transactions from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TxArg {
    /// `__VERIFIER_atomic_begin/end`, `__VERIFIER_atomic_*` functions,
    /// `weft_atomic_begin/end`.
    #[default]
    Markers,
    /// The markers, and each thread's outermost lock..unlock.
    Locks,
}

/// The options of `weft predict`.
#[derive(Args, Clone, Debug, Default)]
pub struct PredictOptions {
    /// Analyse this trace file (written by `--save-trace`) instead of
    /// recording an execution; FILE, if given, is the program to replay
    /// on (by default the trace's).
    #[arg(long, value_name = "TRACE.json")]
    pub trace: Option<PathBuf>,
    /// Record the execution of this witness's schedule instead of the
    /// first execution (the lowest-numbered enabled thread runs).
    #[arg(long, value_name = "WITNESS.json")]
    pub schedule: Option<PathBuf>,
    /// Record a random execution instead of the first one: each step runs
    /// an enabled thread drawn from a generator seeded with S (the same S
    /// gives the same execution).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Write the recorded trace (the input of `--trace`) to FILE.
    #[arg(long, value_name = "FILE")]
    pub save_trace: Option<PathBuf>,
    /// Transactions: markers only, or also each thread's outermost
    /// critical sections.
    #[arg(long, value_enum, default_value_t = TxArg::Markers)]
    pub transactions: TxArg,
    /// Write the first confirmed violation's witness to FILE.
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// Write every confirmed violation's witness into DIR
    /// (`violation-1.json`, ...).
    #[arg(long, value_name = "DIR")]
    pub witness_dir: Option<PathBuf>,
    /// Interpreted instructions the recorded execution (and each replay)
    /// may run.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_steps: u64,
    /// Seconds the solver may spend on one candidate (an undecided one
    /// makes the result incomplete).
    #[arg(long, value_name = "S", default_value_t = 30.0)]
    pub solver_timeout: f64,
    /// Stop after this many seconds (recording, analysis and replays);
    /// what was confirmed by then is reported, the verdict is incomplete.
    #[arg(long, value_parser = crate::parse_timeout)]
    pub timeout: Option<f64>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// One confirmed violation.
struct Violation {
    /// Positions in the trace of the first, remote and second access.
    at: (usize, usize, usize),
    triple: AtomicityTriple,
    tx_loc: String,
    witness: Witness,
}

/// What the analysis measured.
#[derive(Default)]
struct Counts {
    threads: usize,
    events: usize,
    transactions: usize,
    candidates: usize,
    after_hb: usize,
    sat: usize,
    replayed: usize,
    unconfirmed: usize,
    unknown: usize,
    observed: usize,
    seconds: f64,
    /// The bound that stopped the analysis (timeout, interrupt).
    cut: Option<&'static str>,
    /// The bound that cut the recorded execution (the trace's `cut`).
    recording_cut: Option<String>,
}

/// `weft predict`. Returns the process exit code.
pub fn predict(file: Option<&Path>, opts: &PredictOptions, clang_args: &[String]) -> i32 {
    let stop = crate::deadline(Instant::now(), opts.timeout, None);
    run(file, opts, clang_args, stop).unwrap_or_else(|e| crate::exit_code(&e))
}

fn limits(max_steps: u64, stop: weft_core::Deadline) -> Limits {
    Limits {
        stop,
        max_steps,
        nondet: Nondet::Fixed,
        concolic: true,
        // One execution is recorded: a waiter that wakes spuriously and
        // waits again only lengthens it (replays use the same setting).
        spurious_wakeups: false,
        ..Limits::default()
    }
}

fn run(
    file: Option<&Path>,
    opts: &PredictOptions,
    clang_args: &[String],
    stop: weft_core::Deadline,
) -> anyhow::Result<i32> {
    let start = Instant::now();
    if !(opts.solver_timeout.is_finite() && opts.solver_timeout > 0.0 && opts.solver_timeout <= 1e6)
    {
        return Err(bad(format!(
            "--solver-timeout {}: a number of seconds from 0 (excluded) to 1e6",
            opts.solver_timeout
        )));
    }
    let loaded_trace = match &opts.trace {
        Some(path) => {
            if opts.schedule.is_some() || opts.save_trace.is_some() || opts.seed.is_some() {
                return Err(bad(
                    "--trace analyses a recorded trace: --schedule, --seed and --save-trace do not apply",
                ));
            }
            let text = std::fs::read_to_string(path)
                .map_err(|e| bad(format!("cannot read {}: {e}", path.display())))?;
            let t: PredictTrace = serde_json::from_str(&text).map_err(|e| {
                bad(format!(
                    "{} is not a weft predict trace: {e}",
                    path.display()
                ))
            })?;
            t.validate()
                .map_err(|e| bad(format!("invalid trace {}: {e}", path.display())))?;
            Some(t)
        }
        None => None,
    };
    let program: PathBuf = match (file, &loaded_trace) {
        (Some(f), _) => f.to_path_buf(),
        (None, Some(t)) => PathBuf::from(&t.program),
        (None, None) => {
            return Err(bad(
                "weft predict needs a program FILE (or --trace TRACE.json)",
            ))
        }
    };
    let clang_args: Vec<String> = match &loaded_trace {
        Some(t) => t.clang_args.clone(),
        None => clang_args.to_vec(),
    };
    let argv = vec![program.display().to_string()];
    let (prog, hash) = match load(&program, &clang_args, argv, stop)? {
        Loaded::Program(p, h) => (p, h),
        Loaded::Cut(l) => {
            return Err(bad(format!(
                "loading the program hit the {} bound",
                l.as_str()
            )))
        }
    };
    let names = ThreadNames::default();
    let limits = limits(opts.max_steps, stop);
    let (trace, ended) = match loaded_trace {
        Some(t) => {
            if t.program_hash != hash {
                return Err(bad(format!(
                    "{} (or a file it includes) has changed since the trace was recorded; its violations could not be replayed",
                    program.display()
                )));
            }
            let names_t = ThreadNames::from_table(&t.threads)
                .map_err(|e| bad(format!("bad `threads` table in the trace: {e}")))?;
            return analyse_and_report(t, &prog, &names_t, limits, None, opts, start);
        }
        None => {
            let order = match (&opts.schedule, opts.seed) {
                (Some(_), Some(_)) => {
                    return Err(bad(
                        "--schedule and --seed each choose the recorded execution: give one",
                    ))
                }
                (Some(w), None) => Order::Schedule(schedule_of(w, &names)?),
                (None, Some(s)) => Order::Seed(s),
                (None, None) => Order::First,
            };
            record(&prog, &names, limits, &order, &program, &hash, &clang_args)?
        }
    };
    if let Some(path) = &opts.save_trace {
        let text = serde_json::to_string_pretty(&trace)?;
        std::fs::write(path, text + "\n")
            .map_err(|e| anyhow!("writing {}: {e}", path.display()))?;
    }
    analyse_and_report(trace, &prog, &names, limits, Some(ended), opts, start)
}

/// The schedule of a witness file, its threads registered in `names`.
fn schedule_of(path: &Path, names: &ThreadNames) -> anyhow::Result<Vec<(Tid, u32)>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| bad(format!("cannot read {}: {e}", path.display())))?;
    let w: Witness = serde_json::from_str(&text)
        .map_err(|e| bad(format!("{} is not a weft witness: {e}", path.display())))?;
    let table = ThreadNames::from_table(&w.threads)
        .map_err(|e| bad(format!("bad `threads` table in {}: {e}", path.display())))?;
    for name in table.table() {
        names
            .resolve(&name)
            .map_err(|e| bad(format!("{}: {e}", path.display())))?;
    }
    w.schedule
        .iter()
        .map(|(t, a)| {
            names
                .resolve(t)
                .map(|t| (t, *a))
                .map_err(|e| bad(format!("{}: {e}", path.display())))
        })
        .collect()
}

/// Which execution to record.
enum Order {
    /// The lowest-numbered enabled thread runs.
    First,
    /// A witness's schedule.
    Schedule(Vec<(Tid, u32)>),
    /// A random enabled thread per step, from this seed.
    Seed(u64),
}

/// Steps taken by one thread in a row before the recording lets the next
/// enabled thread run (so that a spinning thread cannot starve the one it
/// waits for); that thread then runs until it blocks or takes as many.
const FAIRNESS: usize = 200;

/// Runs the recorded execution and turns it into a trace; also says how
/// it ended.
fn record(
    prog: &Arc<Program>,
    names: &ThreadNames,
    limits: Limits,
    order: &Order,
    file: &Path,
    hash: &str,
    clang_args: &[String],
) -> anyhow::Result<(PredictTrace, String)> {
    let mut m = Machine::new(prog.clone(), limits, names.clone());
    let mut events: Vec<Event> = Vec::new();
    let mut alts: Vec<u32> = Vec::new();
    let mut enabled = Vec::new();
    let mut run = 0usize;
    let mut last: Option<Tid> = None;
    let mut sticky = false;
    let mut rng = match order {
        Order::Seed(s) => Some(<rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(*s)),
        _ => None,
    };
    while m.status().is_running() {
        let (t, alt) = match order {
            Order::Schedule(s) => match s.get(events.len()) {
                Some(&(t, a)) if (t as usize) < m.thread_count() && m.is_enabled(t) => (t, a),
                Some(_) => {
                    return Err(bad(
                        "the --schedule witness does not replay on this program",
                    ))
                }
                None => break,
            },
            Order::Seed(_) => {
                m.enabled(&mut enabled);
                if enabled.is_empty() {
                    break;
                }
                let rng = rng.as_mut().expect("seeded");
                let t = enabled[rand::Rng::gen_range(rng, 0..enabled.len())];
                let alts = m.alternatives(t).max(1);
                (t, rand::Rng::gen_range(rng, 0..alts))
            }
            Order::First => {
                m.enabled(&mut enabled);
                let Some(&first) = enabled.first() else { break };
                let t = match last {
                    Some(l) if run >= FAIRNESS => {
                        sticky = true;
                        enabled.iter().copied().find(|&x| x > l).unwrap_or(first)
                    }
                    // After a fairness switch, the thread switched to
                    // keeps running while it can.
                    Some(l) if sticky && enabled.contains(&l) => l,
                    _ => {
                        sticky = false;
                        first
                    }
                };
                (t, 0)
            }
        };
        if Some(t) == last {
            run += 1;
        } else {
            run = 1;
            last = Some(t);
        }
        events.push(m.step(t, alt));
        alts.push(alt);
    }
    if let Status::Unsupported(msg) = m.status() {
        return Err(bad(msg.clone()));
    }
    let ended_by = match m.status() {
        Status::Running | Status::Exited(_) => None,
        _ => events.last().map(|e| e.tid),
    };
    let ended = match m.status() {
        Status::Running => "running (the schedule ended)".to_string(),
        Status::Exited(c) => format!("exited with code {c}"),
        Status::Bug(b) => format!("{} at {}", b.kind.as_str(), prog.sources().render(b.loc)),
        Status::Blocked(r) => format!("blocked ({r:?})"),
        Status::Limit(l) => format!("cut by the {} bound", l.as_str()),
        Status::Unsupported(_) => unreachable!("returned above"),
    };
    let rec = m
        .concolic_record()
        .ok_or_else(|| anyhow!("the Machine did not record concolically"))?;
    if rec.steps.len() != events.len() {
        return Err(anyhow!(
            "the recording has {} steps for {} events",
            rec.steps.len(),
            events.len()
        ));
    }
    let mut pevents: Vec<PEvent> = events
        .iter()
        .zip(&rec.steps)
        .zip(&alts)
        .map(|((ev, st), &alt)| {
            debug_assert_eq!(ev.tid, st.tid);
            let (access, sync, ends) = roles(ev);
            PEvent {
                tid: ev.tid,
                index: st.index,
                alt,
                loc: prog.sources().render(ev.loc),
                what: match access {
                    Some(a) => format!(
                        "{} {}",
                        match (a.read, a.write) {
                            (true, true) => "update",
                            (false, true) => "write",
                            _ => "read",
                        },
                        prog.describe_addr(a.addr)
                    ),
                    None => describe_event(prog, ev),
                },
                sig: signature(ev),
                access,
                read: st.read,
                write: st.write,
                before: st.before.map(|b| format!("{b:#x}")),
                exact: st.exact,
                guards: Vec::new(),
                sync,
                ends_program: ends,
            }
        })
        .collect();
    let pos = weft_predict::trace::positions(&pevents);
    for &(t, index, node) in &rec.guards {
        // A guard after a thread's last event guards nothing recorded.
        if let Some(&p) = pos.get(&(t, index)) {
            pevents[p].guards.push(node);
        }
    }
    let trace = PredictTrace {
        format: PREDICT_FORMAT.to_string(),
        program: file.display().to_string(),
        program_hash: hash.to_string(),
        clang_args: clang_args.to_vec(),
        threads: names.table(),
        events: pevents,
        dag: rec.dag,
        model: rec
            .model
            .iter()
            .map(|&(n, v)| (n, format!("{v:#x}")))
            .collect(),
        marks: rec
            .marks
            .iter()
            .map(|m| PMark {
                tid: m.tid,
                index: m.index,
                begin: m.begin,
            })
            .collect(),
        ended_by,
        cut: match m.status() {
            Status::Limit(l) => Some(l.as_str().to_string()),
            _ => None,
        },
    };
    trace
        .validate()
        .map_err(|e| anyhow!("the recorded trace is inconsistent: {e}"))?;
    Ok((trace, ended))
}

fn access_of(trace: &PredictTrace, names: &ThreadNames, i: usize) -> AtomicAccess {
    let e = &trace.events[i];
    AtomicAccess {
        thread: names.canonical(e.tid),
        index: e.index,
        location: e.loc.clone(),
        what: e.what.clone(),
    }
}

/// What the analysis of a trace found.
struct Analysis {
    found: Vec<Violation>,
    counts: Counts,
    /// Satisfiable candidates whose schedule did not replay.
    defects: Vec<String>,
    /// Every candidate, before pruning.
    candidates: Vec<weft_predict::Candidate>,
}

fn analyse_and_report(
    trace: PredictTrace,
    prog: &Arc<Program>,
    names: &ThreadNames,
    limits: Limits,
    ended: Option<String>,
    opts: &PredictOptions,
    start: Instant,
) -> anyhow::Result<i32> {
    let a = analyse(&trace, prog, names, limits, opts, start)?;
    let (found, counts, defects) = (a.found, a.counts, a.defects);
    write_witnesses(&found, opts)?;
    let text = if opts.json {
        render_json(&found, &counts, ended.as_deref(), &defects)
    } else {
        render_human(&found, &counts, ended.as_deref(), &defects, opts)
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| anyhow!("cannot write the report to standard output: {e}"))?;
    Ok(if !found.is_empty() {
        EXIT_FOUND
    } else if counts.unknown > 0 || counts.cut.is_some() || counts.recording_cut.is_some() {
        crate::EXIT_INCOMPLETE
    } else {
        0
    })
}

fn analyse(
    trace: &PredictTrace,
    prog: &Arc<Program>,
    names: &ThreadNames,
    limits: Limits,
    opts: &PredictOptions,
    start: Instant,
) -> anyhow::Result<Analysis> {
    let source = match opts.transactions {
        TxArg::Markers => TxSource::Markers,
        TxArg::Locks => TxSource::Locks,
    };
    let txs = candidates::transactions(trace, source);
    let (all, cut) = candidates::candidates(trace, &txs, &limits.stop);
    let hb = MustHb::new(trace);
    let mut pruned = candidates::prune(trace, &hb, &all);
    pruned.sort_by_key(|c| (c.second, c.first, c.remote));
    let mut counts = Counts {
        threads: trace.threads.len(),
        events: trace.events.len(),
        transactions: txs.len(),
        candidates: all.len(),
        after_hb: pruned.len(),
        observed: all
            .iter()
            .filter(|c| c.first < c.remote && c.remote < c.second)
            .count(),
        recording_cut: trace.cut.clone(),
        ..Counts::default()
    };
    let timeout = Duration::from_secs_f64(opts.solver_timeout);
    let mut enc = Encoder::new(trace, hb, Some(timeout), limits.stop)
        .map_err(|e| bad(format!("the trace: {e}")))?;
    let mut found: Vec<Violation> = Vec::new();
    let mut defects: Vec<String> = Vec::new();
    if let Some(l) = limits.stop.expired() {
        counts.cut = Some(l.as_str());
    } else if cut {
        counts.cut = Some("timeout");
    }
    for c in &pruned {
        if counts.cut.is_some() {
            break;
        }
        if let Some(l) = limits.stop.expired() {
            counts.cut = Some(l.as_str());
            break;
        }
        match enc.decide(c) {
            Decision::Infeasible => {}
            Decision::Unknown => match limits.stop.expired() {
                // The deadline, not the solver: the run was cut.
                Some(l) => counts.cut = Some(l.as_str()),
                None => counts.unknown += 1,
            },
            Decision::Violation(prefix) => {
                counts.sat += 1;
                let m = Machine::new(prog.clone(), limits, names.clone());
                match weft_predict::replay(m, trace, &prefix, limits.max_steps as usize) {
                    Ok(r) => {
                        counts.replayed += 1;
                        let triple = AtomicityTriple {
                            pattern: c.pattern(trace),
                            first: access_of(trace, names, c.first),
                            remote: access_of(trace, names, c.remote),
                            second: access_of(trace, names, c.second),
                        };
                        let tx = &txs[c.tx];
                        let tx_loc = tx.begin_at.map_or_else(
                            || triple.first.location.clone(),
                            |p| trace.events[p].loc.clone(),
                        );
                        let witness = Witness {
                            format: WITNESS_FORMAT.to_string(),
                            program: trace.program.clone(),
                            program_hash: trace.program_hash.clone(),
                            clang_args: trace.clang_args.clone(),
                            args: Vec::new(),
                            env: Vec::new(),
                            options: json!({
                                "max_steps": limits.max_steps,
                                "mm": "sc",
                                "max_memory": limits.max_memory,
                                "spurious_wakeups": limits.spurious_wakeups,
                                "nondet": "fixed",
                                "concolic": true,
                            }),
                            threads: names.table(),
                            schedule: r
                                .schedule
                                .iter()
                                .map(|&(t, a)| (names.canonical(t), a))
                                .collect(),
                            inputs: Vec::new(),
                            bug: WitnessBug {
                                kind: "atomicity".to_string(),
                                message: message(&triple),
                                location: triple.second.location.clone(),
                                outcome: None,
                                atomicity: Some(triple.clone()),
                            },
                        };
                        found.push(Violation {
                            at: (c.first, c.remote, c.second),
                            triple,
                            tx_loc,
                            witness,
                        });
                    }
                    Err(e) => {
                        counts.unconfirmed += 1;
                        defects.push(format!("{} {} {}: {e}", c.first, c.remote, c.second));
                    }
                }
            }
        }
    }
    counts.seconds = start.elapsed().as_secs_f64();
    Ok(Analysis {
        found,
        counts,
        defects,
        candidates: all,
    })
}

/// The analysis of a program checked against enumeration (tests).
pub struct CrossCheck {
    /// Violations confirmed by the analysis, as trace positions.
    pub confirmed: std::collections::BTreeSet<(usize, usize, usize)>,
    /// Violations some interleaving of the recorded events exhibits
    /// (`None`: more than the state budget).
    pub enumerated: Option<std::collections::BTreeSet<(usize, usize, usize)>>,
    /// Satisfiable candidates that did not replay (analysis defects).
    pub unconfirmed: usize,
    pub candidates: usize,
}

/// Records `file`'s first execution, analyses it and enumerates the
/// interleavings of its events (at most `max_states` states): the
/// ground-truth test of `weft predict`.
pub fn cross_check(
    file: &Path,
    clang_args: &[String],
    transactions: TxArg,
    max_states: usize,
) -> anyhow::Result<CrossCheck> {
    let stop = crate::deadline(Instant::now(), None, None);
    let argv = vec![file.display().to_string()];
    let (prog, hash) = match load(file, clang_args, argv, stop)? {
        Loaded::Program(p, h) => (p, h),
        Loaded::Cut(l) => return Err(anyhow!("loading hit the {} bound", l.as_str())),
    };
    let names = ThreadNames::default();
    let opts = PredictOptions {
        transactions,
        solver_timeout: 60.0,
        max_steps: 1_000_000,
        ..PredictOptions::default()
    };
    let limits = limits(opts.max_steps, stop);
    let (trace, _) = record(
        &prog,
        &names,
        limits,
        &Order::First,
        file,
        &hash,
        clang_args,
    )?;
    let a = analyse(&trace, &prog, &names, limits, &opts, Instant::now())?;
    let init = Machine::new(prog.clone(), limits, names.clone());
    let enumerated = weft_predict::enumerate::exhibited(init, &trace, &a.candidates, max_states);
    Ok(CrossCheck {
        confirmed: a.found.iter().map(|v| v.at).collect(),
        enumerated,
        unconfirmed: a.counts.unconfirmed,
        candidates: a.candidates.len(),
    })
}

fn message(t: &AtomicityTriple) -> String {
    format!(
        "atomicity violation ({}): thread {}'s {} at {} runs between {} at {} and {} at {} of thread {}'s transaction",
        t.pattern,
        t.remote.thread,
        t.remote.what,
        t.remote.location,
        t.first.what,
        t.first.location,
        t.second.what,
        t.second.location,
        t.first.thread
    )
}

fn write_witnesses(found: &[Violation], opts: &PredictOptions) -> anyhow::Result<()> {
    let write = |path: &Path, w: &Witness| -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(w)?;
        std::fs::write(path, text + "\n").map_err(|e| anyhow!("writing {}: {e}", path.display()))
    };
    if let (Some(path), Some(v)) = (&opts.witness, found.first()) {
        write(path, &v.witness)?;
    }
    if let Some(dir) = &opts.witness_dir {
        std::fs::create_dir_all(dir).map_err(|e| anyhow!("creating {}: {e}", dir.display()))?;
        for (i, v) in found.iter().enumerate() {
            write(&dir.join(format!("violation-{}.json", i + 1)), &v.witness)?;
        }
    }
    Ok(())
}

fn render_human(
    found: &[Violation],
    c: &Counts,
    ended: Option<&str>,
    defects: &[String],
    opts: &PredictOptions,
) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    if let Some(e) = ended {
        let _ = writeln!(
            s,
            "recorded execution: {} events, {} threads, {e}",
            c.events, c.threads
        );
    }
    if found.is_empty() {
        let _ = writeln!(
            s,
            "verdict: {}",
            if let Some(l) = c.cut {
                format!("incomplete (limit {l}: not every candidate was decided)")
            } else if let Some(l) = &c.recording_cut {
                format!("incomplete (limit {l}: the recorded execution was cut short)")
            } else if c.unknown > 0 {
                "incomplete (the solver gave up on some candidates)".to_string()
            } else {
                "no atomicity violation predicted from this execution".to_string()
            }
        );
    } else {
        let _ = writeln!(
            s,
            "verdict: {} atomicity violation{} predicted and confirmed by replay",
            found.len(),
            if found.len() == 1 { "" } else { "s" }
        );
    }
    for (i, v) in found.iter().enumerate() {
        let t = &v.triple;
        let _ = writeln!(
            s,
            "\nviolation {} ({}) in the transaction of thread {} at {}:",
            i + 1,
            t.pattern,
            t.first.thread,
            v.tx_loc
        );
        for (who, a) in [
            ("", &t.first),
            ("  <- interleaved", &t.remote),
            ("", &t.second),
        ] {
            let _ = writeln!(
                s,
                "  thread {:<6} {:<28} {}{who}",
                a.thread, a.what, a.location
            );
        }
        if let Some(dir) = &opts.witness_dir {
            let _ = writeln!(
                s,
                "  witness: {}",
                dir.join(format!("violation-{}.json", i + 1)).display()
            );
        } else if i == 0 {
            if let Some(w) = &opts.witness {
                let _ = writeln!(s, "  witness: {}", w.display());
            }
        }
    }
    let _ = writeln!(
        s,
        "\nstats: {} transactions; {} candidates, {} after must-happen-before, {} satisfiable, {} replayed ({} unconfirmed, {} undecided); {} shown by the recorded execution itself; {:.2} s",
        c.transactions, c.candidates, c.after_hb, c.sat, c.replayed, c.unconfirmed, c.unknown, c.observed, c.seconds
    );
    if let Some(l) = c.cut {
        let _ = writeln!(s, "limit: {l} (the remaining candidates were not decided)");
    }
    for d in defects {
        let _ = writeln!(s, "analysis defect (not reported): candidate {d}");
    }
    s
}

fn render_json(found: &[Violation], c: &Counts, ended: Option<&str>, defects: &[String]) -> String {
    let verdict = if !found.is_empty() {
        "violations"
    } else if c.unknown > 0 || c.cut.is_some() || c.recording_cut.is_some() {
        "incomplete"
    } else {
        "none"
    };
    let v = json!({
        "verdict": verdict,
        "recorded": ended,
        "limit": c.cut.map(str::to_string).or_else(|| c.recording_cut.clone()),
        "violations": found.iter().map(|v| json!({
            "kind": "atomicity",
            "pattern": v.triple.pattern,
            "transaction": v.tx_loc,
            "first": v.triple.first,
            "remote": v.triple.remote,
            "second": v.triple.second,
            "message": message(&v.triple),
            "witness": v.witness,
        })).collect::<Vec<_>>(),
        "stats": {
            "threads": c.threads,
            "events": c.events,
            "transactions": c.transactions,
            "candidates": c.candidates,
            "after_hb": c.after_hb,
            "satisfiable": c.sat,
            "replayed": c.replayed,
            "unconfirmed": c.unconfirmed,
            "undecided": c.unknown,
            "observed": c.observed,
            "seconds": c.seconds,
        },
        "defects": defects,
    });
    format!("{v}\n")
}

/// `weft replay` of an atomicity witness: runs its schedule under
/// concolic recording (so transaction markers do not make threads wait,
/// as when it was predicted) and checks that the three accesses happen,
/// in order.
pub(crate) fn replay_witness(
    prog: &Arc<Program>,
    w: &Witness,
    names: &ThreadNames,
    schedule: &[(Tid, u32)],
    limits: Limits,
    json: bool,
) -> anyhow::Result<i32> {
    let t = w.bug.atomicity.as_ref().expect("validated");
    let mut m = Machine::new(prog.clone(), limits, names.clone());
    let mut events: Vec<Event> = Vec::new();
    let mut seen: rustc_hash::FxHashMap<Tid, u32> = Default::default();
    let mut at: [Option<usize>; 3] = [None; 3];
    let want: Vec<(Tid, u32, &str)> = [&t.first, &t.remote, &t.second]
        .iter()
        .map(|a| Ok((names.resolve(&a.thread)?, a.index, a.location.as_str())))
        .collect::<Result<_, String>>()
        .map_err(|e| bad(format!("invalid witness: {e}")))?;
    for (step, &(tid, alt)) in schedule.iter().enumerate() {
        if !m.status().is_running() || (tid as usize) >= m.thread_count() || !m.is_enabled(tid) {
            return Err(bad(format!(
                "the witness does not replay: thread `{}` cannot run at step {}",
                names.canonical(tid),
                step + 1
            )));
        }
        let ev = m.step(tid, alt);
        let idx = seen.entry(tid).or_default();
        for (k, &(wt, wi, loc)) in want.iter().enumerate() {
            if wt == tid && wi == *idx && prog.sources().render(ev.loc) == loc {
                at[k] = Some(events.len());
            }
        }
        *idx += 1;
        events.push(ev);
    }
    let ok = matches!(at, [Some(a), Some(b), Some(c)] if a < b && b < c);
    if !ok {
        return Err(bad(format!(
            "the witness does not reproduce its bug (atomicity at {}): the three accesses do not happen in order",
            w.bug.location
        )));
    }
    let text = if json {
        format!(
            "{}\n",
            json!({
                "verdict": "bug",
                "bugs": [{
                    "kind": "atomicity",
                    "message": w.bug.message,
                    "location": w.bug.location,
                    "atomicity": t,
                }],
                "replayed_steps": events.len(),
            })
        )
    } else {
        format!(
            "verdict: atomicity violation reproduced\n  {}\n  replayed {} steps\n",
            w.bug.message,
            events.len()
        )
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| anyhow!("cannot write the report to standard output: {e}"))?;
    Ok(EXIT_FOUND)
}
