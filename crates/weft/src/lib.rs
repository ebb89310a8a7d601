//! The `weft` driver: wires the pipeline `frontend → ir → exec ↔ explore →
//! report` together for the `check` and `replay` commands.

use anyhow::{anyhow, Context as _};
use clap::{Args, ValueEnum};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use weft_exec::{describe_event, Limits, Machine, Program, ThreadNames};
use weft_explore::{Config, Finding, Por, Summary};
use weft_report::{Context, Verdict, Witness, WitnessBug, WITNESS_FORMAT};

/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code for internal errors.
pub const EXIT_INTERNAL: i32 = 1;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PorArg {
    /// No reduction: every interleaving of visible operations.
    None,
    /// Source-DPOR: source sets and sleep sets.
    Source,
    /// Optimal-DPOR: wakeup trees and sleep sets; exactly one execution per
    /// Mazurkiewicz trace.
    Optimal,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MmArg {
    /// Sequential consistency.
    Sc,
    /// Total store order (x86): a FIFO store buffer per thread.
    Tso,
    /// Partial store order (SPARC): a FIFO store buffer per thread and location.
    Pso,
}

impl MmArg {
    fn model(self) -> weft_core::MemoryModel {
        match self {
            MmArg::Sc => weft_core::MemoryModel::Sc,
            MmArg::Tso => weft_core::MemoryModel::Tso,
            MmArg::Pso => weft_core::MemoryModel::Pso,
        }
    }
}

/// Options of `weft check`.
#[derive(Args, Debug, Clone)]
pub struct CheckOptions {
    /// Exploration strategy.
    #[arg(long, value_enum, default_value = "optimal")]
    pub por: PorArg,
    /// Memory model.
    #[arg(long, value_enum, default_value = "sc")]
    pub mm: MmArg,
    /// Instructions per execution before it is cut (verdict: incomplete).
    #[arg(long, default_value_t = 1_000_000)]
    pub max_steps: u64,
    /// Stop after this many executions (verdict: incomplete).
    #[arg(long)]
    pub max_executions: Option<u64>,
    /// Stop after this many seconds (verdict: incomplete).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Report every distinct bug (by kind and location), not just the first.
    #[arg(long)]
    pub keep_going: bool,
    /// Print one JSON object instead of human-readable output.
    #[arg(long)]
    pub json: bool,
    /// Do not report data races.
    #[arg(long)]
    pub no_race_check: bool,
    /// List the distinct outcomes (how each execution ended, a digest of
    /// global memory, and what it printed) in the JSON output, under
    /// `outcomes`.
    #[arg(long)]
    pub outcomes: bool,
    /// Report whether the program has any outcome under the chosen `--mm`
    /// (TSO when `--mm sc`) that no SC execution has; each such outcome is
    /// a `robustness` bug with a witness.
    #[arg(long)]
    pub check_robustness: bool,
    /// Write a replayable witness of the first bug to this file.
    #[arg(long, value_name = "FILE")]
    pub witness: Option<std::path::PathBuf>,
}

/// A failure that is the user's input, not weft's fault.
#[derive(Debug)]
struct BadInput(String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

fn bad(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow!(BadInput(e.to_string()))
}

fn exit_code(e: &anyhow::Error) -> i32 {
    eprintln!("error: {e:#}");
    if e.downcast_ref::<BadInput>().is_some() {
        EXIT_BAD_INPUT
    } else {
        EXIT_INTERNAL
    }
}

/// `weft check`. Returns the process exit code.
pub fn check(file: &Path, opts: &CheckOptions, clang_args: &[String]) -> i32 {
    run_check(file, opts, clang_args).unwrap_or_else(|e| exit_code(&e))
}

/// `weft replay`. Returns the process exit code.
pub fn replay(file: &Path, witness: &Path, json: bool) -> i32 {
    run_replay(file, witness, json).unwrap_or_else(|e| exit_code(&e))
}

/// Compiles and loads a program.
fn load(file: &Path, clang_args: &[String]) -> anyhow::Result<Arc<Program>> {
    let compiled = weft_frontend::compile(file, clang_args).map_err(bad)?;
    let module = weft_ir::load(&compiled.bitcode).map_err(bad)?;
    Program::new(module).map_err(bad)
}

fn run_check(file: &Path, opts: &CheckOptions, clang_args: &[String]) -> anyhow::Result<i32> {
    let prog = load(file, clang_args)?;
    let names = ThreadNames::default();
    let mut limits = Limits {
        max_steps: opts.max_steps,
        mm: opts.mm.model(),
        ..Limits::default()
    };
    let init = Machine::new(prog.clone(), limits, names.clone());
    let cfg = Config {
        por: match opts.por {
            PorArg::None => Por::None,
            PorArg::Source => Por::Source,
            PorArg::Optimal => Por::Optimal,
        },
        race_check: !opts.no_race_check,
        collect_outcomes: opts.outcomes,
        outcome_runs: false,
        max_executions: opts.max_executions,
        timeout: opts.timeout.map(Duration::from_secs_f64),
        keep_going: opts.keep_going,
    };
    let summary = if opts.check_robustness {
        let weak = match limits.mm {
            weft_core::MemoryModel::Sc => weft_core::MemoryModel::Tso,
            mm => mm,
        };
        limits.mm = weak;
        robustness(&prog, &cfg, limits)
    } else {
        weft_explore::explore(init, &cfg)
    };
    let hash = weft_frontend::program_hash(file, clang_args).map_err(bad)?;
    let witnesses: Vec<Witness> = summary
        .findings
        .iter()
        .map(|f| witness_of(f, &prog, file, &hash, clang_args, &limits, &names))
        .collect();
    if let (Some(path), Some(w)) = (&opts.witness, witnesses.first()) {
        let text = serde_json::to_string_pretty(w)?;
        std::fs::write(path, text)
            .with_context(|| format!("writing witness {}", path.display()))?;
    }
    Ok(print_report(&summary, &prog, witnesses, opts.json))
}

/// Explores under SC and under `limits.mm`, and reports every outcome of the
/// latter that the former never produces.
fn robustness(prog: &Arc<Program>, cfg: &Config, limits: Limits) -> Summary {
    let cfg = Config {
        collect_outcomes: true,
        keep_going: true,
        race_check: false,
        ..cfg.clone()
    };
    let sc_limits = Limits {
        mm: weft_core::MemoryModel::Sc,
        ..limits
    };
    let names = ThreadNames::default();
    let sc = weft_explore::explore(Machine::new(prog.clone(), sc_limits, names.clone()), &cfg);
    let weak_cfg = Config {
        outcome_runs: true,
        ..cfg
    };
    let mut weak = weft_explore::explore(Machine::new(prog.clone(), limits, names), &weak_cfg);
    weak.findings.clear();
    for (outcome, run) in std::mem::take(&mut weak.outcome_runs) {
        if sc.outcomes.contains(&outcome) {
            continue;
        }
        let loc = run
            .trace
            .last()
            .map(|e| e.loc)
            .unwrap_or(weft_core::Loc::UNKNOWN);
        let msg = format!(
            "not robust: under {} the program can end in an outcome no SC execution has ({outcome})",
            limits.mm.as_str().to_uppercase()
        );
        let bug = weft_core::Bug::new(weft_core::BugKind::Robustness, msg, 0, loc);
        weak.findings.push(Finding { bug, ..run });
    }
    weak.stats.executions += sc.stats.executions;
    weak.stats.spin_blocked += sc.stats.spin_blocked;
    weak.stats.events += sc.stats.events;
    for (k, v) in sc.stats.blocked_by {
        *weak.stats.blocked_by.entry(k).or_default() += v;
    }
    weak.limit = weak.limit.or(sc.limit);
    weak
}

fn print_report(
    summary: &Summary,
    prog: &Arc<Program>,
    witnesses: Vec<Witness>,
    json: bool,
) -> i32 {
    let describe = |e: &weft_core::Event| describe_event(prog, e);
    let cx = Context {
        sources: prog.sources(),
        describe: &describe,
        witnesses,
        peak_rss_kib: peak_rss_kib(),
    };
    if json {
        println!("{}", weft_report::render_json(summary, &cx));
    } else {
        print!("{}", weft_report::render_human(summary, &cx));
    }
    Verdict::of(summary).exit_code()
}

fn witness_of(
    f: &Finding,
    prog: &Program,
    file: &Path,
    hash: &str,
    clang_args: &[String],
    limits: &Limits,
    names: &ThreadNames,
) -> Witness {
    Witness {
        format: WITNESS_FORMAT.to_string(),
        program: file.display().to_string(),
        program_hash: hash.to_string(),
        clang_args: clang_args.to_vec(),
        options: json!({ "max_steps": limits.max_steps, "mm": limits.mm.as_str() }),
        threads: names.keys(),
        schedule: f.schedule.clone(),
        bug: WitnessBug {
            kind: f.bug.kind.as_str().to_string(),
            message: f.bug.message.clone(),
            location: prog.sources().render(f.bug.loc),
        },
    }
}

fn run_replay(file: &Path, witness: &Path, json: bool) -> anyhow::Result<i32> {
    let text = std::fs::read_to_string(witness)
        .map_err(|e| bad(format!("cannot read {}: {e}", witness.display())))?;
    let w: Witness = serde_json::from_str(&text)
        .map_err(|e| bad(format!("{} is not a weft witness: {e}", witness.display())))?;
    if w.format != WITNESS_FORMAT {
        return Err(bad(format!("unknown witness format `{}`", w.format)));
    }
    let hash = weft_frontend::program_hash(file, &w.clang_args).map_err(bad)?;
    if hash != w.program_hash {
        return Err(bad(format!(
            "{} has changed since the witness was recorded (or different clang arguments were used); refusing to replay",
            file.display()
        )));
    }
    let prog = load(file, &w.clang_args)?;
    let max_steps = w
        .options
        .get("max_steps")
        .and_then(|v| v.as_u64())
        .unwrap_or(Limits::default().max_steps);
    let mm = match w.options.get("mm").and_then(|v| v.as_str()).unwrap_or("sc") {
        "tso" => weft_core::MemoryModel::Tso,
        "pso" => weft_core::MemoryModel::Pso,
        _ => weft_core::MemoryModel::Sc,
    };
    let limits = Limits {
        max_steps,
        mm,
        ..Limits::default()
    };
    let init = Machine::new(prog.clone(), limits, ThreadNames::from_keys(&w.threads));
    let summary = weft_explore::replay(init, &w.schedule).map_err(bad)?;
    if let Some(f) = summary.findings.first() {
        if f.bug.kind.as_str() != w.bug.kind || prog.sources().render(f.bug.loc) != w.bug.location {
            eprintln!(
                "warning: the replay found a different bug than the witness records ({} at {})",
                w.bug.kind, w.bug.location
            );
        }
    } else {
        eprintln!(
            "warning: the witness's bug ({} at {}) did not reproduce",
            w.bug.kind, w.bug.location
        );
    }
    Ok(print_report(&summary, &prog, vec![w], json))
}

/// Peak resident memory of this process, from `/proc/self/status`.
fn peak_rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
