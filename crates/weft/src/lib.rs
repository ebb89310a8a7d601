//! The `weft` driver: wires the pipeline `frontend → ir → exec ↔ explore →
//! report` together for the `check` and `replay` commands.
//!
//! It owns what holds a run together from the outside: validating options
//! and witnesses, one deadline (`--timeout`) for every phase, the
//! interrupt flag set by SIGINT/SIGTERM, and writing the report and the
//! witness without ever losing the report.

use anyhow::anyhow;
use clap::{Args, ValueEnum};
use serde_json::json;
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use weft_core::{Bug, BugKind, Deadline, LimitKind, MemoryModel, SourceMap};
use weft_exec::{describe_event, Limits, Machine, Nondet, Program, ThreadNames};
use weft_explore::{Config, Finding, Por, Summary};
use weft_report::{Context, Verdict, Witness, WitnessBug, WitnessInput, WITNESS_FORMAT};

/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code for internal errors (and a report that cannot be written).
pub const EXIT_INTERNAL: i32 = 1;
/// Exit code for an incomplete run (a bound was hit).
pub const EXIT_INCOMPLETE: i32 = 3;

/// The largest `--timeout` accepted, in seconds (about 31 years).
const MAX_TIMEOUT_S: f64 = 1e9;

/// How often a phase that cannot check the deadline itself (loading the
/// IR) is polled.
const POLL: Duration = Duration::from_millis(10);

/// The values of `--por`: every registered exhaustive exploration
/// strategy.
fn por_parser() -> impl clap::builder::TypedValueParser<Value = Por> {
    use clap::builder::TypedValueParser as _;
    let names = weft_explore::STRATEGIES
        .iter()
        .filter(|s| !s.bug_hunting)
        .map(|s| clap::builder::PossibleValue::new(s.name).help(s.about));
    clap::builder::PossibleValuesParser::new(names)
        .map(|name: String| Por::named(&name).expect("a registered strategy"))
}

/// The values of `--strategy`: `exhaustive` (the `--por` search) and every
/// registered bug-hunting strategy. `None` is `exhaustive`.
fn strategy_parser() -> impl clap::builder::TypedValueParser<Value = StrategyArg> {
    use clap::builder::TypedValueParser as _;
    let exhaustive = clap::builder::PossibleValue::new("exhaustive")
        .help("Every execution up to equivalence, with the --por reduction (the default).");
    let names = std::iter::once(exhaustive).chain(
        weft_explore::STRATEGIES
            .iter()
            .filter(|s| s.bug_hunting)
            .map(|s| clap::builder::PossibleValue::new(s.name).help(s.about)),
    );
    clap::builder::PossibleValuesParser::new(names)
        .map(|name: String| StrategyArg(Por::named(&name).filter(|p| p.bug_hunting())))
}

/// The value of `--strategy`: a bug-hunting strategy, or `None` for
/// `exhaustive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrategyArg(pub Option<Por>);

/// The data model to compile a C program for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DataModelArg {
    /// x86-64: 8-byte pointers and `long` (clang's default here).
    #[value(name = "LP64", alias = "lp64")]
    Lp64,
    /// i386 (`-m32`): 4-byte pointers, `long`, `size_t` and `pthread_t`.
    #[value(name = "ILP32", alias = "ilp32")]
    Ilp32,
}

/// What `__VERIFIER_nondet_*` values are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NondetArg {
    /// Symbolic values, explored with the SMT solver: every input class
    /// that changes a branch or a check is explored once per interleaving
    /// class.
    Symbolic,
    /// 0, except `_bool`, whose two values are explored; an execution that
    /// drew another is `incomplete` (limit `nondet`).
    Fixed,
    /// Also every value of `_char` and `_uchar` (256 each), explored like
    /// any choice (a concrete oracle for small inputs).
    Enumerate,
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
    fn model(self) -> MemoryModel {
        match self {
            MmArg::Sc => MemoryModel::Sc,
            MmArg::Tso => MemoryModel::Tso,
            MmArg::Pso => MemoryModel::Pso,
        }
    }
}

/// Options of `weft check`.
#[derive(Args, Debug, Clone)]
pub struct CheckOptions {
    /// The partial-order reduction of the exhaustive search; with
    /// `--strategy icb|vt`, `none` turns their reduction off (every
    /// schedule of the bound runs).
    #[arg(long, value_parser = por_parser(), default_value = "optimal")]
    pub por: Por,
    /// Search strategy: `exhaustive` explores every execution (up to
    /// equivalence); the others hunt for bugs within a bound or at random
    /// and, without a bug, end `incomplete` (limit `bound`), except `icb`
    /// once no schedule is left beyond its bound.
    #[arg(long, value_parser = strategy_parser(), default_value = "exhaustive")]
    pub strategy: StrategyArg,
    /// `--strategy pct|pctvb`: the bug depth d (d - 1 priority change
    /// points per run). Default 3.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub pct_depth: Option<u32>,
    /// `--strategy pct|pctvb|random`: how many executions to run. Default
    /// 1000.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub runs: Option<u64>,
    /// `--strategy pct|pctvb|random|vt`: the random seed (default: drawn
    /// from the clock and printed). The same seed gives the same runs.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// `--strategy icb|vt`: the last bound to explore (icb: preemptions;
    /// vt: the level v + t - 2). Schedules beyond it are left out and the
    /// verdict without a bug is `incomplete` (limit `bound`).
    #[arg(long, value_name = "N")]
    pub max_bound: Option<u32>,
    /// `--por unfold`: how many events of the set D (events the rest of the
    /// branch must not contain) an alternative is checked against: a
    /// number from 1 (cheap; some executions may end `sleep-set` blocked)
    /// or `inf` (one execution per maximal configuration).
    #[arg(long, value_name = "K", value_parser = parse_unfold_k, default_value = "1")]
    pub unfold_k: UnfoldK,
    /// Memory model.
    #[arg(long, value_enum, default_value = "sc")]
    pub mm: MmArg,
    /// Instructions per execution before it is cut (verdict: incomplete).
    #[arg(long, default_value_t = 1_000_000)]
    pub max_steps: u64,
    /// Stop after this many executions (verdict: incomplete).
    #[arg(long)]
    pub max_executions: Option<u64>,
    /// The data model: `ILP32` compiles with `-m32` (i386: 4-byte
    /// pointers, `long`, `size_t`, `pthread_t`), as `-- -m32` does; `LP64`
    /// (x86-64) is the default. A `.ll`/`.bc` input must have been
    /// compiled for the model asked for.
    #[arg(long, value_enum, value_name = "MODEL")]
    pub data_model: Option<DataModelArg>,
    /// Stop after this many seconds, counting every phase (compiling,
    /// loading, exploring); verdict: incomplete.
    #[arg(long, value_parser = parse_timeout)]
    pub timeout: Option<f64>,
    /// Program memory one execution may use, in MiB (default: a quarter of
    /// physical memory). Past it `malloc` returns NULL; an execution that
    /// needs more otherwise ends as incomplete (limit `max-memory`).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub max_memory: Option<u64>,
    /// Report every distinct bug (by kind and location), not just the first.
    #[arg(long)]
    pub keep_going: bool,
    /// Print one JSON object instead of human-readable output.
    #[arg(long)]
    pub json: bool,
    /// Do not report data races.
    #[arg(long)]
    pub no_race_check: bool,
    /// Condition-variable waits return only when signalled (or, timed, at
    /// the timeout): do not explore the spurious wakeups POSIX allows.
    #[arg(long)]
    pub no_spurious_wakeups: bool,
    /// What `__VERIFIER_nondet_*` and `klee_make_symbolic` inputs are:
    /// `symbolic` (explored with Z3), `enumerate` (every value of
    /// `_char`, `_uchar` and `_bool`, a concrete oracle) or `fixed` (0).
    #[arg(long, value_enum, default_value = "symbolic")]
    pub nondet: NondetArg,
    /// List the distinct outcomes (how each execution ended, a digest of
    /// global memory, and what each thread printed) in the JSON output,
    /// under `outcomes`.
    #[arg(long)]
    pub outcomes: bool,
    /// Report whether the program has any outcome under the chosen `--mm`
    /// (TSO when `--mm sc`) that no SC execution has; each such outcome is
    /// a `robustness` bug with a witness. Ordinary bugs found under either
    /// model are reported as well.
    #[arg(long)]
    pub check_robustness: bool,
    /// Append VALUE to `main`'s `argv` (repeatable). `argv[0]` is the
    /// program's file name as given; `argc` counts it.
    #[arg(long = "arg", value_name = "VALUE", allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// Set environment variable NAME to VALUE for the program (repeatable):
    /// `getenv` returns it and `main`'s `envp` lists it. Other variables
    /// are unset. Witnesses record the environment, and replay uses it.
    #[arg(long = "env", value_name = "NAME=VALUE", value_parser = parse_env, allow_hyphen_values = true)]
    pub env: Vec<String>,
    /// Write a replayable witness of the first bug to this file.
    #[arg(long, value_name = "FILE")]
    pub witness: Option<std::path::PathBuf>,
    /// Write the events of the first bug's execution (or of the first
    /// execution, if there is no bug) with their happens-before to this
    /// file, as JSON (format `weft-trace/1`, see the README).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<std::path::PathBuf>,
    /// Let the program open files inside DIR for writing. Writes go to an
    /// in-memory copy per execution; the disk is never modified. Without
    /// it, opening a file for writing is refused (exit 2).
    #[arg(long, value_name = "DIR")]
    pub allow_writes: Option<std::path::PathBuf>,
    /// Workers exploring at once (`0`: every core; default: every core,
    /// but 1 for programs that draw symbolic inputs). `--por
    /// optimal` and `source` split their exploration between them: the
    /// same executions, outcomes and bugs as `-j 1`, possibly with more
    /// sleep-set-blocked runs. The other strategies and
    /// `--check-robustness` run on one core.
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u32).range(0..=4096))]
    pub jobs: Option<u32>,
    /// Explore only shard I of N (0 <= I < N): a deterministic part of the
    /// exploration, for one machine of a cluster; `weft merge` adds up the
    /// N shards' `--json` reports into the verdict of the whole run.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<weft_explore::Shard>,
}

impl CheckOptions {
    /// The number of workers: `-j`, or every core (`0`, and the default
    /// unless the program draws symbolic inputs: each worker's part needs
    /// its own solver, and replaying a part's prefix asks it again what
    /// one worker's cache already knows, so such programs run faster on
    /// one core).
    pub fn workers(&self, symbolic: bool) -> usize {
        let every = || std::thread::available_parallelism().map_or(1, |n| n.get());
        match self.jobs {
            None if symbolic => 1,
            Some(0) | None => every(),
            Some(n) => n as usize,
        }
    }
}

/// Whether the program calls a function that draws a symbolic input
/// (`__VERIFIER_nondet_int` and the like, `klee_make_symbolic`) and inputs
/// are symbolic. (`__VERIFIER_nondet_bool`, `_char` and `_uchar` are
/// explorer choices, not solver inputs.)
fn draws_symbolic_inputs(prog: &Program, limits: &Limits) -> bool {
    let symbolic = limits.nondet == weft_exec::Nondet::Symbolic || limits.concolic;
    let draws = |name: &str| {
        name.ends_with("make_symbolic")
            || (name.starts_with("__VERIFIER_nondet_")
                && !matches!(
                    name,
                    "__VERIFIER_nondet_bool" | "__VERIFIER_nondet_char" | "__VERIFIER_nondet_uchar"
                ))
    };
    symbolic && prog.models.iter().any(|m| draws(m.name))
}

/// The `--allow-writes` directory, canonical; bad input if it is not a
/// directory.
fn allow_dir(dir: Option<&Path>) -> anyhow::Result<Option<std::path::PathBuf>> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    match dir.canonicalize() {
        Ok(d) if d.is_dir() => Ok(Some(d)),
        _ => Err(bad(format!(
            "--allow-writes {}: not a directory",
            dir.display()
        ))),
    }
}

/// The value of `--unfold-k`: `None` for `inf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnfoldK(pub Option<u32>);

/// `--unfold-k`: a positive number, or `inf`.
pub fn parse_unfold_k(s: &str) -> Result<UnfoldK, String> {
    if s == "inf" {
        return Ok(UnfoldK(None));
    }
    match s.parse::<u32>() {
        Ok(k) if k >= 1 => Ok(UnfoldK(Some(k))),
        _ => Err(format!("`{s}` is not a positive number or `inf`")),
    }
}

/// `--env NAME=VALUE`: a non-empty NAME without `=` (VALUE may hold
/// anything, `=` included).
pub fn parse_env(s: &str) -> Result<String, String> {
    match s.split_once('=') {
        Some((name, _)) if !name.is_empty() => Ok(s.to_string()),
        _ => Err(format!(
            "`{s}` is not NAME=VALUE (a non-empty name, then `=`)"
        )),
    }
}

/// `--timeout`: a finite, non-negative number of seconds, not absurdly
/// large.
fn parse_timeout(s: &str) -> Result<f64, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !t.is_finite() {
        return Err(format!("`{s}` is not a finite number of seconds"));
    }
    if t < 0.0 {
        return Err(format!("`{s}` is negative"));
    }
    if t > MAX_TIMEOUT_S {
        return Err(format!(
            "`{s}` is too large (at most {MAX_TIMEOUT_S:e} seconds)"
        ));
    }
    Ok(t)
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

/// The process-wide interrupt flag. The first call installs the SIGINT
/// and SIGTERM handlers: the first signal sets the flag (every phase
/// checks it and ends the run with a partial report), a second one ends
/// the process at once with status 128 + the signal number.
pub fn interrupt_flag() -> &'static AtomicBool {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    let flag: &'static Arc<AtomicBool> = FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            // Registered first, so that it sees the flag as it was before
            // this signal: it exits only on the second one.
            let _ = signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, flag.clone());
            let _ = signal_hook::flag::register(sig, flag.clone());
        }
        flag
    });
    flag
}

/// The run's [`Deadline`]: `timeout` seconds from `start`, the interrupt
/// flag, and `max_rss` bytes of resident memory.
fn deadline(start: Instant, timeout: Option<f64>, max_rss: Option<u64>) -> Deadline {
    Deadline {
        at: timeout.and_then(|t| start.checked_add(Duration::from_secs_f64(t))),
        interrupt: Some(interrupt_flag()),
        max_rss,
    }
}

/// A `--max-memory` bound in bytes, from MiB (default: a quarter of the
/// RAM).
fn max_memory(mib: Option<u64>) -> u64 {
    mib.map_or_else(weft_exec::default_max_memory, |mib| mib << 20)
}

pub mod graphml;
pub mod merge;
pub mod predict;
mod progress;
pub mod svcomp;

/// The modelled external functions, as a Markdown table by group.
pub fn functions_table() -> String {
    weft_exec::supported_functions_table()
}

/// `weft check`. Returns the process exit code.
pub fn check(file: &Path, opts: &CheckOptions, clang_args: &[String]) -> i32 {
    let stop = deadline(
        Instant::now(),
        opts.timeout,
        Some(max_memory(opts.max_memory)),
    );
    run_check(file, opts, clang_args, stop).unwrap_or_else(|e| exit_code(&e))
}

/// `weft replay`. Returns the process exit code. `allow_writes` overrides
/// the witness's `--allow-writes` directory.
pub fn replay(file: &Path, witness: &Path, json: bool, allow_writes: Option<&Path>) -> i32 {
    // A replay runs one execution, bounded by its witness's schedule.
    let stop = deadline(Instant::now(), None, None);
    run_replay(file, witness, json, allow_writes, stop).unwrap_or_else(|e| exit_code(&e))
}

/// A loaded program, or the bound that cut loading short.
enum Loaded {
    Program(Arc<Program>, String),
    Cut(LimitKind),
}

/// `main`'s `argv`: the program's file name, then `args`.
fn argv(file: &str, args: &[String]) -> Vec<String> {
    std::iter::once(file.to_string())
        .chain(args.iter().cloned())
        .collect()
}

/// Compiles and loads a program within `stop`, `argv` being `main`'s
/// arguments; also returns its hash.
fn load(
    file: &Path,
    clang_args: &[String],
    argv: Vec<String>,
    stop: Deadline,
) -> anyhow::Result<Loaded> {
    let compiled = match weft_frontend::compile_within(file, clang_args, &stop) {
        Ok(c) => c,
        Err(weft_frontend::FrontendError::Cut(l)) => return Ok(Loaded::Cut(l)),
        Err(e) => return Err(bad(e)),
    };
    // Loading runs in-process and cannot check the bounds itself: it runs
    // on a thread of its own, abandoned if a bound ends the run first.
    let bitcode = compiled.bitcode.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let prog = weft_ir::load(&bitcode)
            .map_err(|e| e.to_string())
            .and_then(|m| Program::with_args(m, argv).map_err(|e| e.to_string()));
        let _ = tx.send(prog);
    });
    loop {
        match rx.recv_timeout(POLL) {
            Ok(prog) => return Ok(Loaded::Program(prog.map_err(bad)?, compiled.hash)),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if let Some(l) = stop.expired() {
                    return Ok(Loaded::Cut(l));
                }
            }
            Err(e) => return Err(anyhow!("loading the program failed: {e}")),
        }
    }
}

/// The report of a run that a bound ended before exploration began.
fn report_cut(limit: LimitKind, json: bool) -> anyhow::Result<i32> {
    let summary = Summary {
        limit: Some(limit),
        ..Summary::default()
    };
    let sources = SourceMap::default();
    let describe = |_: &weft_core::Event| String::new();
    let cx = Context {
        sources: &sources,
        describe: &describe,
        witnesses: Vec::new(),
        peak_rss_kib: peak_rss_kib(),
        solver: None,
    };
    print_report(&summary, &cx, json)
}

/// Where a finding comes from: the memory model it was found under and,
/// for a robustness bug, the outcome it ends in.
#[derive(Clone)]
struct Origin {
    mm: MemoryModel,
    outcome: Option<String>,
    /// Plain shared accesses were local steps in the run that found it
    /// (see `Limits::local_plain`).
    local_plain: bool,
}

fn run_check(
    file: &Path,
    opts: &CheckOptions,
    clang_args: &[String],
    stop: Deadline,
) -> anyhow::Result<i32> {
    let hunt = hunt_settings(opts)?;
    if opts.shard.is_some() && opts.check_robustness {
        return Err(bad("--shard does not combine with --check-robustness"));
    }
    let argv = argv(&file.display().to_string(), &opts.args);
    let allow = allow_dir(opts.allow_writes.as_deref())?;
    let mut clang_args = clang_args.to_vec();
    if opts.data_model == Some(DataModelArg::Ilp32) && !clang_args.iter().any(|a| a == "-m32") {
        clang_args.push("-m32".to_string());
    }
    let (prog, hash) = match load(file, &clang_args, argv, stop)? {
        Loaded::Program(p, h) => (p.with_env(opts.env.clone()), h),
        Loaded::Cut(l) => return report_cut(l, opts.json),
    };
    if let Some(want) = opts.data_model {
        let ilp32 = prog.module.dm.is_ilp32();
        if ilp32 != (want == DataModelArg::Ilp32) {
            return Err(bad(format!(
                "--data-model {}: {} was compiled for {} ({})",
                if want == DataModelArg::Ilp32 {
                    "ILP32"
                } else {
                    "LP64"
                },
                file.display(),
                prog.module.dm.name,
                prog.module.dm.triple
            )));
        }
    }
    let prog = match allow {
        Some(dir) => prog.with_allow_writes(dir),
        None => prog,
    };
    let names = ThreadNames::default();
    let mut limits = Limits {
        stop,
        max_steps: opts.max_steps,
        mm: opts.mm.model(),
        max_memory: max_memory(opts.max_memory),
        spurious_wakeups: !opts.no_spurious_wakeups,
        nondet: match opts.nondet {
            NondetArg::Symbolic => Nondet::Symbolic,
            NondetArg::Enumerate => Nondet::Enumerate,
            NondetArg::Fixed => Nondet::Fixed,
        },
        // Cutoffs need a thread's allocations to come back to the same
        // addresses (see `Limits::reuse_addresses`).
        reuse_addresses: opts.por == Por::Unfold,
        // The unfolding interleaves synchronisation only: plain accesses
        // are local steps, checked for data races (not without the check,
        // which would leave their races unexplored and unreported).
        local_plain: opts.por == Por::Unfold && !opts.no_race_check,
        ..Limits::default()
    };
    let cfg = Config {
        por: opts.strategy.0.unwrap_or(opts.por),
        hunt,
        race_check: !opts.no_race_check,
        collect_outcomes: opts.outcomes,
        outcome_runs: false,
        first_run: opts.trace.is_some(),
        max_executions: opts.max_executions,
        stop,
        keep_going: opts.keep_going,
        stop_at: None,
        unfold_k: opts.unfold_k.0,
        cutoffs: true,
        jobs: opts.workers(draws_symbolic_inputs(&prog, &limits)),
        shard: opts.shard,
        progress: None,
    };
    let progress = progress::Display::start(&cfg);
    let cfg = Config {
        progress: progress.counters(),
        ..cfg
    };
    let mut pool = None;
    let mut split_solver = None;
    let (mut summary, origins) = if opts.check_robustness {
        limits.mm = match limits.mm {
            MemoryModel::Sc => MemoryModel::Tso,
            mm => mm,
        };
        robustness(&prog, &cfg, limits, &names)
    } else {
        let s = if !weft_explore::splits(&cfg) && cfg.shard.is_none() {
            let init = Machine::new(prog.clone(), limits, names.clone());
            pool = init.shared_pool();
            weft_explore::explore(init, &cfg)
        } else {
            let sink = weft_exec::StatsSink::default();
            let make =
                || Machine::new(prog.clone(), limits, names.clone()).report_solver_to(sink.clone());
            let s = weft_explore::explore_split(&make, &cfg);
            split_solver = sink.lock().ok().map(|st| st.clone());
            s
        };
        let origins = vec![
            Origin {
                mm: limits.mm,
                outcome: None,
                local_plain: limits.local_plain && limits.mm == MemoryModel::Sc,
            };
            s.findings.len()
        ];
        (s, origins)
    };
    progress.finish();
    if let Some(msg) = summary.unsupported.take() {
        return Err(bad(msg));
    }
    render_outcomes(&mut summary, &prog);
    let witnesses: Vec<Witness> = summary
        .findings
        .iter()
        .zip(&origins)
        .map(|(f, o)| witness_of(f, o, &prog, file, &hash, &clang_args, &limits, &names))
        .collect();
    if let (Some(path), Some(w)) = (&opts.witness, witnesses.first()) {
        let written = serde_json::to_string_pretty(w)
            .map_err(std::io::Error::other)
            .and_then(|text| std::fs::write(path, text + "\n"));
        if let Err(e) = written {
            eprintln!(
                "warning: the witness was not written to {}: {e}",
                path.display()
            );
        }
    }
    if let Some(path) = &opts.trace {
        // The model of the reported bug (under --check-robustness it may
        // have been found under SC).
        let mm = origins.first().map_or(limits.mm, |o| o.mm);
        if let Err(e) = write_trace(path, file, &summary, &prog, mm, &names) {
            // The report matters more than the trace: print it anyway.
            eprintln!("warning: the trace was not written: {e:#}");
        }
    }
    let describe = |e: &weft_core::Event| describe_event(&prog, e);
    let cx = Context {
        sources: prog.sources(),
        describe: &describe,
        witnesses,
        peak_rss_kib: peak_rss_kib(),
        solver: pool
            .map(|p| p.stats())
            .or(split_solver)
            .filter(|st| st.queries > 0)
            .and_then(|st| serde_json::to_value(st).ok()),
    };
    if let (Some(shard), true) = (opts.shard, opts.json) {
        // Every setting that changes what a shard explores: `weft merge`
        // refuses shards whose settings differ.
        let run = format!(
            "--por {} --strategy {:?} --mm {:?} --nondet {:?} --max-steps {} --keep-going {} --race-check {} --args {:?} --env {:?} --unfold-k {:?} --spurious-wakeups {} --hunt {:?}/{:?}/{:?}/{:?} --max-executions {:?} --max-memory {:?} --allow-writes {:?}",
            opts.por, opts.strategy.0.map(|p| p.name()), opts.mm, opts.nondet, opts.max_steps,
            opts.keep_going, !opts.no_race_check, opts.args, opts.env, opts.unfold_k.0,
            !opts.no_spurious_wakeups, opts.pct_depth, opts.runs, opts.seed, opts.max_bound,
            opts.max_executions, opts.max_memory, opts.allow_writes
        );
        return print_shard(&summary, &cx, shard, file, &hash, &run);
    }
    print_report(&summary, &cx, opts.json)
}

/// The `--json` report of one shard: the usual object with the fields
/// `weft merge` checks (`shard`, `program`).
fn print_shard(
    summary: &Summary,
    cx: &Context,
    shard: weft_explore::Shard,
    file: &Path,
    hash: &str,
    run: &str,
) -> anyhow::Result<i32> {
    let mut v = weft_report::render_json(summary, cx);
    v["shard"] = serde_json::json!({"index": shard.index, "count": shard.count});
    v["program"] = serde_json::json!({"file": file.display().to_string(), "sha256": hash});
    v["run"] = serde_json::json!(run);
    let mut out = std::io::stdout().lock();
    writeln!(out, "{v}")
        .and_then(|()| out.flush())
        .map_err(|e| anyhow!("cannot write the report to standard output: {e}"))?;
    Ok(Verdict::of(summary).exit_code())
}

/// The bug-hunting settings of `opts`, checked: a flag that does not apply
/// to the chosen strategy is bad input, never ignored.
fn hunt_settings(opts: &CheckOptions) -> anyhow::Result<weft_explore::Hunt> {
    let name = opts.strategy.0.map_or("exhaustive", Por::name);
    let applies = |flag: &str, to: &[&str], given: bool| {
        if given && !to.contains(&name) {
            Err(bad(format!(
                "{flag} applies to --strategy {}, not to --strategy {name}",
                to.join("|")
            )))
        } else {
            Ok(())
        }
    };
    applies("--pct-depth", &["pct", "pctvb"], opts.pct_depth.is_some())?;
    applies("--runs", &["pct", "pctvb", "random"], opts.runs.is_some())?;
    applies(
        "--seed",
        &["pct", "pctvb", "random", "vt"],
        opts.seed.is_some(),
    )?;
    applies("--max-bound", &["icb", "vt"], opts.max_bound.is_some())?;
    if name == "vt" && opts.max_bound == Some(0) {
        return Err(bad(
            "--max-bound 0: vt's levels v + t - 2 start at 1, the round (v, t) = (1, 2)",
        ));
    }
    if opts.strategy.0.is_some() {
        let randomized = !matches!(name, "icb" | "vt");
        if opts.por == Por::Unfold || (randomized && opts.por != Por::Optimal) {
            return Err(bad(format!(
                "--por {} does not apply to --strategy {name} (icb and vt take --por none to run every schedule of their bound)",
                opts.por
            )));
        }
        if opts.check_robustness {
            return Err(bad(format!(
                "--check-robustness needs every SC outcome: it does not combine with --strategy {name}"
            )));
        }
    }
    let defaults = weft_explore::Hunt::default();
    Ok(weft_explore::Hunt {
        pct_depth: opts.pct_depth.unwrap_or(defaults.pct_depth),
        runs: opts.runs.unwrap_or(defaults.runs),
        seed: opts.seed.unwrap_or_else(clock_seed),
        max_bound: opts.max_bound,
        reduce: opts.por != Por::None,
    })
}

/// A seed from the clock, for randomized runs without `--seed` (the
/// report prints it, so the run can be repeated).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Small and readable: nine decimal digits.
    (nanos ^ u64::from(std::process::id()).rotate_left(29)) % 1_000_000_000
}

/// Writes the `--trace` file: the first bug's execution, or the first one.
fn write_trace(
    path: &Path,
    file: &Path,
    summary: &Summary,
    prog: &Arc<Program>,
    mm: MemoryModel,
    names: &ThreadNames,
) -> anyhow::Result<()> {
    let (run, is_bug) = match (summary.findings.first(), &summary.first_run) {
        (Some(f), _) => (f, true),
        (None, Some(f)) => (f, false),
        (None, None) => return Err(anyhow!("no execution ran")),
    };
    let cx = weft_report::TraceContext {
        program: file.display().to_string(),
        mm: mm.as_str().to_string(),
        sources: prog.sources(),
        describe: &|e| describe_event(prog, e),
        describe_addr: &|a| prog.describe_addr(a),
        threads: names.table(),
    };
    let trace = weft_report::TraceFile::new(run, is_bug, &cx);
    let text = serde_json::to_string_pretty(&trace)?;
    std::fs::write(path, text + "\n").map_err(|e| anyhow!("writing {}: {e}", path.display()))
}

/// Explores under SC and under `limits.mm`. Reports every bug found under
/// either model (an SC bug with an SC witness), and, when the SC
/// exploration was complete, every final outcome of the latter that no SC
/// execution has, as a `robustness` bug.
fn robustness(
    prog: &Arc<Program>,
    cfg: &Config,
    limits: Limits,
    names: &ThreadNames,
) -> (Summary, Vec<Origin>) {
    let cfg = Config {
        collect_outcomes: true,
        keep_going: true,
        jobs: 1,
        ..cfg.clone()
    };
    // The SC outcomes must be all of them, racy ones included: plain
    // accesses are events here even under `--por unfold`.
    let sc_limits = Limits {
        mm: MemoryModel::Sc,
        local_plain: false,
        ..limits
    };
    let sc_init = Machine::new(prog.clone(), sc_limits, names.clone());
    let sc_pool = sc_init.shared_pool();
    let sc = weft_explore::explore(sc_init, &cfg);
    let weak_cfg = Config {
        outcome_runs: true,
        ..cfg
    };
    let weak_init = Machine::new(prog.clone(), limits, names.clone());
    let weak_pool = weak_init.shared_pool();
    let mut weak = weft_explore::explore(weak_init, &weak_cfg);
    // Outcomes with symbolic data name expressions of two different pools
    // (and store buffers hold concretised values): comparing them proves
    // nothing, so with symbolic inputs there is no robustness finding and
    // the verdict is incomplete unless another bug is found.
    let symbolic = [sc_pool, weak_pool].iter().flatten().any(|p| p.used());
    let weak_name = limits.mm.as_str().to_uppercase();
    // The SC run keeps plain accesses as events (see `sc_limits`), and the
    // weak models always do.
    let plain = |mm| Origin {
        mm,
        outcome: None,
        local_plain: false,
    };
    let mut found: Vec<(Finding, Origin)> = sc
        .findings
        .into_iter()
        .map(|f| (f, plain(MemoryModel::Sc)))
        .collect();
    for mut f in std::mem::take(&mut weak.findings) {
        let dup = found
            .iter()
            .any(|(g, _)| g.bug.kind == f.bug.kind && g.bug.loc == f.bug.loc);
        if dup {
            continue;
        }
        f.bug.details.push(match sc.limit {
            None => format!("found under {weak_name}; no SC execution has it"),
            Some(_) => format!("found under {weak_name}"),
        });
        found.push((f, plain(limits.mm)));
    }
    // Against an incomplete set of SC outcomes, a missing outcome proves
    // nothing: the verdict is then incomplete unless a bug was found.
    let outcome_runs = std::mem::take(&mut weak.outcome_runs);
    if symbolic {
        weak.limit.get_or_insert(LimitKind::Symbolic);
    } else if sc.limit.is_none() {
        for (outcome, run) in outcome_runs {
            if !weft_explore::is_final_outcome(&outcome) || sc.outcomes.contains(&outcome) {
                continue;
            }
            let shown = weft_explore::render_outcome(&outcome, |l| prog.sources().render(l));
            let msg = format!(
                "not robust: under {weak_name} the program can end in an outcome no SC execution has ({shown})"
            );
            let origin = Origin {
                mm: limits.mm,
                outcome: Some(outcome),
                local_plain: false,
            };
            found.push((not_robust(run, msg), origin));
        }
    }
    // Consequences first, then robustness, data races last.
    found.sort_by_key(|(f, _)| match f.bug.kind {
        BugKind::DataRace => 2,
        BugKind::Robustness => 1,
        _ => 0,
    });
    let (findings, origins) = found.into_iter().unzip();
    weak.findings = findings;
    weak.stats.add(&sc.stats);
    weak.limit = weak.limit.or(sc.limit);
    weak.first_output = sc.first_output;
    weak.unsupported = sc.unsupported.or(weak.unsupported);
    (weak, origins)
}

/// Shows the bug locations of `summary.outcomes` as `file:line`.
fn render_outcomes(summary: &mut Summary, prog: &Program) {
    let render = |l| prog.sources().render(l);
    summary.outcomes = summary
        .outcomes
        .iter()
        .map(|o| weft_explore::render_outcome(o, render))
        .collect();
}

/// Prints the report on standard output; an error if it cannot be written
/// (a closed or full standard output).
fn print_report(summary: &Summary, cx: &Context, json: bool) -> anyhow::Result<i32> {
    let text = if json {
        format!("{}\n", weft_report::render_json(summary, cx))
    } else {
        weft_report::render_human(summary, cx)
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| anyhow!("cannot write the report to standard output: {e}"))?;
    Ok(Verdict::of(summary).exit_code())
}

#[allow(clippy::too_many_arguments)]
fn witness_of(
    f: &Finding,
    origin: &Origin,
    prog: &Program,
    file: &Path,
    hash: &str,
    clang_args: &[String],
    limits: &Limits,
    names: &ThreadNames,
) -> Witness {
    let mut options = json!({
        "max_steps": limits.max_steps,
        "mm": origin.mm.as_str(),
        "max_memory": limits.max_memory,
        "spurious_wakeups": limits.spurious_wakeups,
        "nondet": match limits.nondet {
            Nondet::Symbolic => "symbolic",
            Nondet::Enumerate => "enumerate",
            Nondet::Fixed => "fixed",
        },
    });
    if let Some(dir) = &prog.allow_writes {
        options["allow_writes"] = json!(dir.display().to_string());
    }
    if limits.reuse_addresses {
        options["reuse_addresses"] = json!(true);
    }
    if origin.local_plain {
        options["local_plain"] = json!(true);
    }
    Witness {
        format: WITNESS_FORMAT.to_string(),
        program: file.display().to_string(),
        program_hash: hash.to_string(),
        clang_args: clang_args.to_vec(),
        args: prog.argv.iter().skip(1).cloned().collect(),
        env: prog.env.clone(),
        options,
        threads: names.table(),
        // A replay runs concretely, without the symbolic forks.
        schedule: f
            .schedule
            .iter()
            .zip(&f.trace)
            .filter(|(_, e)| !matches!(e.kind, weft_core::EventKind::Fork { .. }))
            .map(|(&(t, a), _)| (names.canonical(t), a))
            .collect(),
        inputs: f
            .inputs
            .iter()
            .map(|i| WitnessInput {
                thread: names.canonical(i.tid),
                index: i.index,
                name: i.name.clone(),
                location: prog.sources().render(i.loc),
                width: i.width,
                value: i.value,
            })
            .collect(),
        bug: WitnessBug {
            kind: f.bug.kind.as_str().to_string(),
            message: f.bug.message.clone(),
            location: prog.sources().render(f.bug.loc),
            outcome: origin.outcome.clone(),
            atomicity: None,
        },
    }
}

/// The execution settings a witness records, validated.
struct Recorded {
    max_steps: u64,
    max_memory: u64,
    mm: MemoryModel,
    spurious_wakeups: bool,
    nondet: Nondet,
    reuse_addresses: bool,
    local_plain: bool,
    /// Recorded by `weft predict` (see `Limits::concolic`).
    concolic: bool,
    /// The inputs a replay feeds the program (`nondet` symbolic).
    inputs: weft_exec::GivenInputs,
    /// The `--allow-writes` directory of the recording, if any.
    allow_writes: Option<std::path::PathBuf>,
    kind: BugKind,
    /// The witness's thread table, as a registry for the replay.
    names: ThreadNames,
    /// The schedule with canonical names resolved to the registry's ids.
    schedule: Vec<(weft_core::Tid, u32)>,
}

/// The keys of a witness's `options`.
const WITNESS_OPTIONS: &[&str] = &[
    "concolic",
    "max_steps",
    "mm",
    "max_memory",
    "spurious_wakeups",
    "nondet",
    "allow_writes",
    "reuse_addresses",
    "local_plain",
];

/// The value of witness option `key`, one of the names in `choices`
/// (`None` if absent).
fn one_of<T: Copy>(
    opts: &serde_json::Map<String, serde_json::Value>,
    key: &str,
    choices: &[(&str, T)],
) -> Result<Option<T>, String> {
    let Some(v) = opts.get(key) else {
        return Ok(None);
    };
    match choices.iter().find(|(name, _)| v.as_str() == Some(*name)) {
        Some(&(_, t)) => Ok(Some(t)),
        None => {
            let names: Vec<String> = choices.iter().map(|(n, _)| format!("\"{n}\"")).collect();
            Err(format!(
                "`options.{key}` is {v}, not one of {}",
                names.join(", ")
            ))
        }
    }
}

/// Checks every field of a witness; the reason for the first bad one.
fn validate(w: &Witness) -> Result<Recorded, String> {
    if w.format != WITNESS_FORMAT {
        return Err(format!(
            "unknown witness format `{}` (expected `{WITNESS_FORMAT}`)",
            w.format
        ));
    }
    let hex = w.program_hash.len() == 64 && w.program_hash.chars().all(|c| c.is_ascii_hexdigit());
    if !hex {
        return Err("`program_hash` is not a SHA-256 in hex".into());
    }
    if let Some(e) = w.env.iter().find(|e| parse_env(e).is_err()) {
        return Err(format!("`env` entry `{e}` is not NAME=VALUE"));
    }
    let opts = w.options.as_object().ok_or("`options` is not an object")?;
    if let Some(k) = opts.keys().find(|k| !WITNESS_OPTIONS.contains(&k.as_str())) {
        return Err(format!("unknown option `{k}` in `options`"));
    }
    // `malloc` returning NULL depends on the memory bound: a replay uses
    // the witness's (older witnesses without it get the default).
    let max_memory = match opts.get("max_memory") {
        None => weft_exec::default_max_memory(),
        Some(v) => v
            .as_u64()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`options.max_memory` is {v}, not a positive integer"))?,
    };
    let max_steps = match opts.get("max_steps") {
        None => return Err("`options.max_steps` is missing".into()),
        Some(v) => v
            .as_u64()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`options.max_steps` is {v}, not a positive integer"))?,
    };
    let mm = one_of(
        opts,
        "mm",
        &[
            ("sc", MemoryModel::Sc),
            ("tso", MemoryModel::Tso),
            ("pso", MemoryModel::Pso),
        ],
    )?
    .ok_or("`options.mm` is missing")?;
    // Older witnesses were recorded without spurious wakeups.
    let spurious_wakeups = match opts.get("spurious_wakeups") {
        None => false,
        Some(v) => v
            .as_bool()
            .ok_or_else(|| format!("`options.spurious_wakeups` is {v}, not a boolean"))?,
    };
    // Recorded under `--por unfold`: objects may take freed addresses, and
    // plain shared accesses are local steps.
    let flag = |key: &str| -> Result<bool, String> {
        match opts.get(key) {
            None => Ok(false),
            Some(v) => v
                .as_bool()
                .ok_or_else(|| format!("`options.{key}` is {v}, not a boolean")),
        }
    };
    let reuse_addresses = flag("reuse_addresses")?;
    let local_plain = flag("local_plain")?;
    let concolic = flag("concolic")?;
    // Older witnesses were recorded with fixed nondet values.
    let nondet = one_of(
        opts,
        "nondet",
        &[
            ("fixed", Nondet::Fixed),
            ("enumerate", Nondet::Enumerate),
            ("symbolic", Nondet::Symbolic),
        ],
    )?
    .unwrap_or(Nondet::Fixed);
    if nondet != Nondet::Symbolic && !w.inputs.is_empty() {
        return Err("`inputs` needs `options.nondet` \"symbolic\"".into());
    }
    let mut inputs = weft_exec::GivenInputs::default();
    for (i, input) in w.inputs.iter().enumerate() {
        ThreadNames::default()
            .resolve(&input.thread)
            .map_err(|e| format!("`inputs` entry {}: {e}", i + 1))?;
        if input.width == 0 || input.width > 128 || input.value >> (input.width - 1) >> 1 != 0 {
            return Err(format!(
                "`inputs` entry {}: value {} does not fit in {} bits",
                i + 1,
                input.value,
                input.width
            ));
        }
        if inputs
            .insert((input.thread.clone(), input.index), input.value)
            .is_some()
        {
            return Err(format!(
                "`inputs` entry {}: thread {} input {} is listed twice",
                i + 1,
                input.thread,
                input.index
            ));
        }
    }
    let allow_writes = match opts.get("allow_writes") {
        None => None,
        Some(v) => Some(
            v.as_str()
                .filter(|s| !s.is_empty())
                .map(std::path::PathBuf::from)
                .ok_or_else(|| format!("`options.allow_writes` is {v}, not a directory name"))?,
        ),
    };
    let names =
        ThreadNames::from_table(&w.threads).map_err(|e| format!("bad `threads` table: {e}"))?;
    let schedule = w
        .schedule
        .iter()
        .enumerate()
        .map(|(i, (t, a))| {
            names
                .resolve(t)
                .map(|t| (t, *a))
                .map_err(|e| format!("`schedule` step {}: {e}", i + 1))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let kind = BugKind::parse(&w.bug.kind)
        .ok_or_else(|| format!("`bug.kind` `{}` is not a bug kind", w.bug.kind))?;
    if w.bug.location.is_empty() {
        return Err("`bug.location` is empty".into());
    }
    match (kind, &w.bug.outcome) {
        (BugKind::Robustness, None) => {
            return Err("a robustness witness needs `bug.outcome`".into())
        }
        (BugKind::Robustness, Some(_)) | (_, None) => {}
        (_, Some(_)) => return Err("`bug.outcome` is only for robustness witnesses".into()),
    }
    match (kind, &w.bug.atomicity) {
        (BugKind::Atomicity, None) => {
            return Err("an atomicity witness needs `bug.atomicity`".into())
        }
        (BugKind::Atomicity, Some(_)) if !concolic => {
            return Err(
                "an atomicity witness needs `options.concolic` (written by weft predict)".into(),
            )
        }
        (BugKind::Atomicity, Some(_)) | (_, None) => {}
        (_, Some(_)) => return Err("`bug.atomicity` is only for atomicity witnesses".into()),
    }
    Ok(Recorded {
        max_steps,
        max_memory,
        mm,
        spurious_wakeups,
        nondet,
        reuse_addresses,
        local_plain,
        concolic,
        inputs,
        allow_writes,
        kind,
        names,
        schedule,
    })
}

fn run_replay(
    file: &Path,
    witness: &Path,
    json: bool,
    allow_writes: Option<&Path>,
    stop: Deadline,
) -> anyhow::Result<i32> {
    let text = std::fs::read_to_string(witness)
        .map_err(|e| bad(format!("cannot read {}: {e}", witness.display())))?;
    let de = &mut serde_json::Deserializer::from_str(&text);
    let w: Witness = serde_path_to_error::deserialize(de).map_err(|e| {
        let at = match e.path().to_string() {
            p if p == "." => String::new(),
            p => format!(" (at `{p}`)"),
        };
        bad(format!(
            "{} is not a weft witness: {}{at}",
            witness.display(),
            e.inner()
        ))
    })?;
    let rec =
        validate(&w).map_err(|e| bad(format!("invalid witness {}: {e}", witness.display())))?;
    let argv = argv(&w.program, &w.args);
    let allow = allow_dir(allow_writes.or(rec.allow_writes.as_deref()))?;
    let (prog, hash) = match load(file, &w.clang_args, argv, stop)? {
        Loaded::Program(p, h) => (p.with_env(w.env.clone()), h),
        Loaded::Cut(l) => return report_cut(l, json),
    };
    let prog = match allow {
        Some(dir) => prog.with_allow_writes(dir),
        None => prog,
    };
    if hash != w.program_hash {
        return Err(bad(format!(
            "{} (or a file it includes) has changed since the witness was recorded (or different clang arguments were used); refusing to replay",
            file.display()
        )));
    }
    let limits = Limits {
        stop,
        max_steps: rec.max_steps,
        max_memory: rec.max_memory,
        mm: rec.mm,
        spurious_wakeups: rec.spurious_wakeups,
        nondet: rec.nondet,
        reuse_addresses: rec.reuse_addresses,
        local_plain: rec.local_plain,
        concolic: rec.concolic,
        // Only `weft svcomp` sets it, and it writes no weft witness.
        uninit_nondet: false,
    };
    if rec.kind == BugKind::Atomicity {
        return predict::replay_witness(&prog, &w, &rec.names, &rec.schedule, limits, json);
    }
    let cfg = Config {
        race_check: rec.kind == BugKind::DataRace,
        stop,
        ..Config::default()
    };
    let given = (rec.nondet == Nondet::Symbolic).then(|| rec.inputs.clone());
    let init = Machine::with_inputs(prog.clone(), limits, rec.names.clone(), given);
    let symbolic = rec.nondet == Nondet::Symbolic;
    let mut summary =
        weft_explore::replay_until(init, &rec.schedule, &cfg, symbolic).map_err(|e| {
            let who = w
                .schedule
                .get(e.step)
                .map(|(t, _)| t.as_str())
                .unwrap_or("?");
            bad(format!("{e} (thread `{who}` in the witness)"))
        })?;
    let describe = |e: &weft_core::Event| describe_event(&prog, e);
    let cx = |witnesses| Context {
        sources: prog.sources(),
        describe: &describe,
        witnesses,
        peak_rss_kib: peak_rss_kib(),
        solver: None,
    };
    if let Some(msg) = summary.unsupported.take() {
        return Err(bad(msg));
    }
    if summary.limit == Some(LimitKind::Interrupted) {
        return print_report(&summary, &cx(Vec::new()), json);
    }
    reproduce(&mut summary, &w, &rec, &prog).map_err(|e| {
        bad(format!(
            "the witness does not reproduce its bug ({} at {}): {e}",
            w.bug.kind, w.bug.location
        ))
    })?;
    render_outcomes(&mut summary, &prog);
    print_report(&summary, &cx(vec![w]), json)
}

/// The robustness finding of `run`, an execution that ends in an outcome
/// no SC execution has: reported at its last event.
fn not_robust(run: Finding, msg: String) -> Finding {
    let loc = run
        .trace
        .last()
        .map(|e| e.loc)
        .unwrap_or(weft_core::Loc::UNKNOWN);
    let bug = Bug::new(BugKind::Robustness, msg, 0, loc);
    Finding { bug, ..run }
}

/// Checks that a replay found the witness's bug and puts it first; the
/// reason otherwise.
fn reproduce(s: &mut Summary, w: &Witness, rec: &Recorded, prog: &Program) -> Result<(), String> {
    let render = |l| prog.sources().render(l);
    let ended = || match (s.findings.first(), s.limit, s.outcome_runs.keys().next()) {
        (Some(f), _, _) => format!(
            "the replay found {} at {} instead",
            f.bug.kind,
            render(f.bug.loc)
        ),
        (None, Some(l), _) => format!("the replay hit the {} bound", l.as_str()),
        (None, None, Some(o)) if o.starts_with("running") => {
            "the schedule ends before the execution does".to_string()
        }
        (None, None, Some(o)) => format!(
            "the replay ended without a bug ({})",
            weft_explore::render_outcome(o, render)
        ),
        (None, None, None) => "the replay ended without a bug".to_string(),
    };
    if rec.kind == BugKind::Robustness {
        let outcome = w.bug.outcome.as_deref().unwrap_or_default();
        let Some(run) = s.outcome_runs.get(outcome) else {
            let got = s
                .outcome_runs
                .keys()
                .next()
                .map(|o| weft_explore::render_outcome(o, render));
            return Err(format!(
                "the replay ends in another outcome ({})",
                got.unwrap_or_default()
            ));
        };
        let finding = not_robust(run.clone(), w.bug.message.clone());
        s.findings.insert(0, finding);
        return Ok(());
    }
    let hit = s
        .findings
        .iter()
        .position(|f| f.bug.kind == rec.kind && render(f.bug.loc) == w.bug.location);
    match hit {
        Some(i) => {
            let f = s.findings.remove(i);
            s.findings.insert(0, f);
            Ok(())
        }
        None => Err(ended()),
    }
}

/// Peak resident memory of this process, from `/proc/self/status`.
fn peak_rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
