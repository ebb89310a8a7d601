//! `weft svcomp`: a task of the SV-COMP concurrency categories, with
//! SV-COMP's semantics and verdicts instead of weft's defaults.
//!
//! - `unreach-call`: a call to `reach_error` (or `__VERIFIER_error`, in tasks
//!   older than SV-COMP 2020) is the violation, whatever its
//!   body (some task sets define it as `{}`). Other ends of an execution
//!   (`abort()`, as `assume_abort_if_not` uses it; a failed `assert`; a
//!   deadlock) are not violations: exploration goes on past them. Data
//!   races are not looked for.
//! - `no-data-race`: a data race is the violation.
//! - `valid-memsafety`: an invalid dereference or free is the violation
//!   (`valid-deref`, `valid-free`). weft does not track leaks, so it never
//!   answers TRUE for this property.
//! - `no-overflow`: signed overflow of the `add`, `sub`, `mul` and `shl`
//!   instructions clang flags `nsw`, and signed division of the smallest
//!   value by -1, is the violation (`Program::with_overflow_check`).
//!
//! The answer is `TRUE` only when the exploration was exhaustive: no bound
//! was hit, no symbolic input was concretised (inputs are symbolic, see
//! `weft_exec`'s `sym`), and no execution ended in undefined behaviour
//! (a memory error or pthread misuse, under a property that does not ask
//! about it). Otherwise `UNKNOWN`, with the reason, unless a violation was
//! found (`FALSE(...)`, which is always a real execution). Tasks for the
//! ILP32 data model are compiled with `-m32` (i386: 4-byte pointers,
//! `long` and `pthread_t`) and their witnesses say `32bit`. Tasks are
//! compiled with GNU89 `inline` semantics, as SV-COMP's older C needs.

use crate::{bad, deadline, graphml, load, max_memory, Loaded};
use anyhow::Context as _;
use std::path::{Path, PathBuf};
use std::time::Instant;
use weft_core::{BugKind, LimitKind};
use weft_exec::{Limits, Machine, ThreadNames};
use weft_explore::{Config, Finding, Por, Summary};

/// The options of `weft svcomp`.
#[derive(Clone, Debug, clap::Args)]
pub struct SvcompOptions {
    /// The property file (its name decides: `unreach-call.prp`,
    /// `no-data-race.prp`, `valid-memsafety.prp`, `no-overflow.prp`).
    /// Optional with a `.yml` task, which names its properties.
    #[arg(long)]
    pub prop: Option<PathBuf>,
    /// `ILP32` or `LP64` (default: the task's, else LP64).
    #[arg(long, value_name = "MODEL")]
    pub data_model: Option<String>,
    /// Stop after S seconds (the answer is then UNKNOWN).
    #[arg(long, value_name = "S", value_parser = crate::parse_timeout)]
    pub timeout: Option<f64>,
    /// Stop after N executions (the answer is then UNKNOWN unless a
    /// violation was found).
    #[arg(long, value_name = "N")]
    pub max_executions: Option<u64>,
    /// Memory bound in MiB (default: a quarter of physical memory): for
    /// one execution's program memory, and for weft's own resident memory
    /// (the answer is then UNKNOWN, `bound: max-memory`).
    #[arg(long, value_name = "MIB")]
    pub max_memory: Option<u64>,
    /// Print one JSON object: verdict, reason, expected verdict (from the
    /// task's `.yml`), statistics.
    #[arg(long)]
    pub json: bool,
    /// Write a witness in SV-COMP's GraphML format 1.0 to FILE: for FALSE
    /// the violating interleaving, for TRUE the trivial correctness
    /// witness (none for UNKNOWN).
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
}

/// The functions whose call `unreach-call` forbids: `reach_error`, and
/// `__VERIFIER_error` in tasks written before SV-COMP 2020.
const ERROR_CALLS: [&str; 2] = ["reach_error", "__VERIFIER_error"];

/// An SV-COMP property weft knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    UnreachCall,
    NoDataRace,
    ValidMemsafety,
    NoOverflow,
    Termination,
}

impl Property {
    /// The property a `.prp` file (by its name or its text) states.
    fn of_file(p: &Path) -> Option<Property> {
        let name = p.file_stem()?.to_string_lossy().to_string();
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let has = |s: &str| name.contains(s) || text.contains(s);
        if has("unreach-call")
            || ERROR_CALLS
                .iter()
                .any(|n| text.contains(&format!("call({n}())")))
        {
            Some(Property::UnreachCall)
        } else if has("no-data-race") || text.contains("data-race") {
            Some(Property::NoDataRace)
        } else if has("valid-memsafety") || text.contains("valid-deref") {
            Some(Property::ValidMemsafety)
        } else if has("no-overflow") || text.contains("overflow") {
            Some(Property::NoOverflow)
        } else if has("termination") || text.contains("F end") {
            Some(Property::Termination)
        } else {
            None
        }
    }

    /// SV-COMP's text of the property, for witnesses of tasks whose
    /// property file is not at hand.
    fn specification(self) -> &'static str {
        match self {
            Property::UnreachCall => "CHECK( init(main()), LTL(G ! call(reach_error())) )",
            Property::NoDataRace => "CHECK( init(main()), LTL(G ! data-race) )",
            Property::ValidMemsafety => {
                "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\nCHECK( init(main()), LTL(G valid-memtrack) )"
            }
            Property::NoOverflow => "CHECK( init(main()), LTL(G ! overflow) )",
            Property::Termination => "CHECK( init(main()), LTL(F end) )",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Property::UnreachCall => "unreach-call",
            Property::NoDataRace => "no-data-race",
            Property::ValidMemsafety => "valid-memsafety",
            Property::NoOverflow => "no-overflow",
            Property::Termination => "termination",
        }
    }
}

/// A task: the program, its property, and what its `.yml` expects.
struct Task {
    program: PathBuf,
    property: Property,
    /// The property file, if known (its text goes into witnesses).
    prop_file: Option<PathBuf>,
    expected: Option<bool>,
    ilp32: bool,
}

/// SV-COMP's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    True,
    /// The violated (sub)property, e.g. `unreach-call`, `valid-deref`.
    False(String),
    Unknown(String),
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::True => write!(f, "TRUE"),
            Verdict::False(p) => write!(f, "FALSE({p})"),
            Verdict::Unknown(_) => write!(f, "UNKNOWN"),
        }
    }
}

/// `weft svcomp`. Returns the process exit code: 0 with a verdict
/// printed, 2 for bad input.
pub fn svcomp(task: &Path, opts: &SvcompOptions) -> i32 {
    match run(task, opts) {
        Ok(code) => code,
        Err(e) => crate::exit_code(&e),
    }
}

fn run(task: &Path, opts: &SvcompOptions) -> anyhow::Result<i32> {
    let start = Instant::now();
    let task = read_task(task, opts)?;
    let (verdict, path) = decide(&task, opts)?;
    if let Some(file) = &opts.witness {
        write_witness(&task, &verdict, path.as_deref(), file)?;
    }
    let secs = start.elapsed().as_secs_f64();
    if opts.json {
        let (v, reason) = match &verdict {
            Verdict::Unknown(r) => ("UNKNOWN".to_string(), Some(r.clone())),
            v => (v.to_string(), None),
        };
        let out = serde_json::json!({
            "verdict": v,
            "reason": reason,
            "property": task.property.name(),
            "expected": task.expected,
            "program": task.program.display().to_string(),
            "seconds": secs,
        });
        println!("{out}");
    } else {
        println!("{verdict}");
        if let Verdict::Unknown(r) = &verdict {
            eprintln!("reason: {r}");
        }
    }
    Ok(0)
}

/// Reads a `.yml` task, or takes a C file with `--prop`.
fn read_task(path: &Path, opts: &SvcompOptions) -> anyhow::Result<Task> {
    let dm = opts.data_model.as_deref().map(|d| d.to_ascii_uppercase());
    if let Some(d) = &dm {
        if d != "ILP32" && d != "LP64" {
            return Err(bad(format!("--data-model {d}: expected ILP32 or LP64")));
        }
    }
    let is_yml = matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yml" | "yaml")
    );
    if !is_yml {
        let prop = opts
            .prop
            .as_ref()
            .ok_or_else(|| bad("a C task needs --prop PROPERTY.prp"))?;
        let property = Property::of_file(prop)
            .ok_or_else(|| bad(format!("{}: not a property weft knows", prop.display())))?;
        return Ok(Task {
            program: path.to_path_buf(),
            property,
            prop_file: Some(prop.clone()),
            expected: None,
            ilp32: dm.as_deref() == Some("ILP32"),
        });
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading {}", path.display()))
        .map_err(bad)?;
    let docs = yaml_rust2::YamlLoader::load_from_str(&text)
        .map_err(|e| bad(format!("{}: not YAML: {e}", path.display())))?;
    let doc = docs
        .first()
        .ok_or_else(|| bad(format!("{}: empty", path.display())))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let input = match &doc["input_files"] {
        yaml_rust2::Yaml::String(s) => s.clone(),
        yaml_rust2::Yaml::Array(a) if a.len() == 1 => a[0].as_str().unwrap_or_default().to_string(),
        _ => {
            return Err(bad(format!(
                "{}: weft takes tasks with one input file",
                path.display()
            )))
        }
    };
    let program = dir.join(&input);
    let wanted = opts.prop.as_ref().and_then(|p| Property::of_file(p));
    let mut found = None;
    for p in doc["properties"].as_vec().into_iter().flatten() {
        let Some(file) = p["property_file"].as_str() else {
            continue;
        };
        let Some(prop) = Property::of_file(&dir.join(file)) else {
            continue;
        };
        if wanted.is_none_or(|w| w == prop) {
            found = Some((prop, p["expected_verdict"].as_bool(), Some(dir.join(file))));
            break;
        }
    }
    let (property, expected, prop_file) = match (found, wanted) {
        (Some(f), _) => f,
        (None, Some(w)) => (w, None, opts.prop.clone()),
        (None, None) => {
            return Err(bad(format!(
                "{}: no property weft knows (give --prop)",
                path.display()
            )))
        }
    };
    let task_dm = doc["options"]["data_model"]
        .as_str()
        .map(|s| s.to_ascii_uppercase());
    let ilp32 = dm.or(task_dm).as_deref() == Some("ILP32");
    Ok(Task {
        program,
        property,
        prop_file,
        expected,
        ilp32,
    })
}

/// Writes the witness of `verdict` (none for UNKNOWN) to `file`.
fn write_witness(
    task: &Task,
    verdict: &Verdict,
    path: Option<&[graphml::Step]>,
    file: &Path,
) -> anyhow::Result<()> {
    let spec = task
        .prop_file
        .as_ref()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_else(|| task.property.specification().to_string());
    let info = graphml::TaskInfo {
        program: &task.program,
        specification: &spec,
        architecture: if task.ilp32 { "32bit" } else { "64bit" },
    };
    let text = match (verdict, path) {
        (Verdict::True, _) => graphml::correctness(&info),
        (Verdict::False(_), Some(steps)) => graphml::violation(&info, steps),
        _ => return Ok(()),
    }
    .with_context(|| format!("reading {}", task.program.display()))
    .map_err(bad)?;
    std::fs::write(file, text)
        .with_context(|| format!("writing the witness {}", file.display()))
        .map_err(bad)
}

/// What `decide` found: the verdict, and for FALSE the violating path.
type Decision = (Verdict, Option<Vec<graphml::Step>>);

/// Explores the task's program and decides the verdict.
fn decide(task: &Task, opts: &SvcompOptions) -> anyhow::Result<Decision> {
    if task.property == Property::Termination {
        return Ok((
            Verdict::Unknown("weft does not prove termination".into()),
            None,
        ));
    }
    let max_memory = max_memory(opts.max_memory);
    let stop = deadline(Instant::now(), opts.timeout, Some(max_memory));
    let file = &task.program;
    let argv = vec![file.display().to_string()];
    // SV-COMP's tasks are older C: a plain `inline` function is also an
    // external definition (GNU89), as the other verifiers take it.
    let mut clang_args = vec!["-fgnu89-inline".to_string()];
    if task.ilp32 {
        clang_args.push("-m32".to_string());
    }
    let prog = match load(file, &clang_args, argv, stop) {
        Ok(Loaded::Program(p, _)) => p,
        Ok(Loaded::Cut(l)) => {
            return Ok((Verdict::Unknown(format!("bound: {}", l.as_str())), None))
        }
        Err(e) => {
            return Ok((
                Verdict::Unknown(format!("unsupported: {}", first_line(&format!("{e:#}")))),
                None,
            ))
        }
    };
    let prog = match task.property {
        Property::UnreachCall => {
            let name = ERROR_CALLS
                .into_iter()
                .find(|n| prog.module.functions.iter().any(|f| f.name == *n))
                .unwrap_or(ERROR_CALLS[0]);
            prog.with_violation(name)
        }
        Property::NoOverflow => prog.with_overflow_check(),
        _ => prog,
    };
    let limits = Limits {
        stop,
        max_memory,
        uninit_nondet: true,
        ..Limits::default()
    };
    let cfg = Config {
        por: Por::Optimal,
        race_check: task.property == Property::NoDataRace,
        collect_outcomes: false,
        outcome_runs: false,
        first_run: false,
        max_executions: opts.max_executions,
        stop,
        keep_going: true,
        stop_at: Some(match task.property {
            Property::UnreachCall => |b| violates(Property::UnreachCall, b),
            Property::NoDataRace => |b| violates(Property::NoDataRace, b),
            Property::NoOverflow => |b| violates(Property::NoOverflow, b),
            _ => |b| violates(Property::ValidMemsafety, b),
        }),
        ..Config::default()
    };
    let sources = prog.clone();
    // Three phases (see `quick_budget`): a quick exhaustive search decides the
    // small tasks; a bug hunt, whose violations are real executions, can
    // only answer FALSE; then the exhaustive search again, with all the
    // time left. `--max-executions` bounds each.
    let phase = |por: Por, budget: Option<std::time::Duration>| {
        let until = budget.map(|b| Instant::now() + b);
        let at = until.into_iter().chain(stop.at).min();
        let phase_stop = weft_core::Deadline { at, ..stop };
        let cfg = Config {
            por,
            hunt: weft_explore::Hunt {
                runs: HUNT_MAX_RUNS,
                ..weft_explore::Hunt::default()
            },
            stop: phase_stop,
            ..cfg.clone()
        };
        let hunting = por != Por::Optimal;
        let limits = Limits {
            stop: phase_stop,
            max_steps: if hunting {
                limits.max_steps.min(HUNT_MAX_STEPS)
            } else {
                limits.max_steps
            },
            ..limits
        };
        let summary = weft_explore::explore(
            Machine::new(prog.clone(), limits, ThreadNames::default()),
            &cfg,
        );
        // Incomplete, and its own budget ran out before the run's deadline
        // (the limit it records may be an earlier one: an execution cut
        // at the step bound).
        let now = Instant::now();
        let cut = summary.limit.is_some()
            && until.is_some_and(|u| now >= u)
            && stop.at.is_none_or(|a| now < a);
        (summary, cut)
    };
    let quick = quick_budget(opts.timeout);
    let (mut summary, cut) = phase(Por::Optimal, Some(quick));
    if cut && !matches!(verdict_of(task.property, &summary).0, Verdict::False(_)) {
        // The hunt: PCT, then random walks, half of the budget each; the
        // first violation found ends it.
        let violation =
            |s: &Summary| matches!(verdict_of(task.property, s), (Verdict::False(_), Some(_)));
        summary = [Por::Pct, Por::Random]
            .into_iter()
            .map(|por| phase(por, Some(quick / 2)).0)
            .find(violation)
            .unwrap_or_else(|| phase(Por::Optimal, None).0);
    }
    let (verdict, finding) = verdict_of(task.property, &summary);
    let path = finding.map(|f| {
        graphml::steps(
            &f.trace,
            &f.inputs,
            sources.sources(),
            &task.program,
            f.bug.tid,
            f.bug.loc,
        )
    });
    Ok((verdict, path))
}

/// How long each of the first two phases of `weft svcomp` may take: the
/// quick exhaustive search and the bug hunt (PCT, bug depth 3, seed 0, for
/// half of it, then random walks, seed 0, as many runs as fit, at most
/// `HUNT_MAX_RUNS` each). A tenth of the timeout, at
/// most one second. Small tasks are decided by the quick search and never
/// pay for the hunt; a violation that a depth-first search reaches late
/// (a check between the two writes of one of twenty writers, threads
/// created in an endless loop) is often a few hundred PCT runs away.
fn quick_budget(timeout: Option<f64>) -> std::time::Duration {
    std::time::Duration::from_secs_f64(timeout.map_or(1.0, |t| (t / 10.0).min(1.0)))
}

/// Most runs of the bug hunt (its time budget usually ends it first).
const HUNT_MAX_RUNS: u64 = 1_000_000;

/// The step bound of one run of the bug hunt. A program that creates
/// threads in an endless loop runs until the step bound, and each step
/// costs time in the number of threads: at the exhaustive search's bound
/// (a million instructions) one PCT run of such a program took 20 s. The
/// hunt only looks for violations, which the exhaustive phases still
/// search for beyond this bound.
const HUNT_MAX_STEPS: u64 = 100_000;

/// The gist of an error for the reason of an UNKNOWN: its first line and
/// the first line that says `error` (clang's warnings come first).
fn first_line(s: &str) -> String {
    let mut lines = s.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next().unwrap_or_default().to_string();
    match lines.find(|l| l.contains("error") || l.contains('`')) {
        Some(line) => format!("{first} {}", line.trim()),
        None => first,
    }
}

/// Whether bug `b` violates `prop` (the search can stop there).
fn violates(prop: Property, b: &weft_core::Bug) -> bool {
    match (prop, b.kind) {
        (Property::UnreachCall, BugKind::Assertion) => {
            ERROR_CALLS.iter().any(|n| b.message.contains(n))
        }
        (Property::NoDataRace, BugKind::DataRace) => true,
        (Property::ValidMemsafety, BugKind::Memory) => true,
        (Property::NoOverflow, BugKind::UndefinedBehavior) => {
            b.message.starts_with("signed overflow")
        }
        _ => false,
    }
}

/// The verdict of an exploration for `prop`, and for FALSE the finding
/// that violates it.
fn verdict_of(prop: Property, s: &Summary) -> (Verdict, Option<&Finding>) {
    let mut undefined = None;
    for f in &s.findings {
        let b = &f.bug;
        match (prop, b.kind) {
            (Property::UnreachCall, _) if violates(prop, b) => {
                return (Verdict::False("unreach-call".into()), Some(f))
            }
            (Property::NoDataRace, _) if violates(prop, b) => {
                return (Verdict::False("no-data-race".into()), Some(f))
            }
            (Property::NoOverflow, _) if violates(prop, b) => {
                return (Verdict::False("no-overflow".into()), Some(f))
            }
            (Property::ValidMemsafety, _) if violates(prop, b) => {
                let sub = if b.message.contains("free") {
                    "valid-free"
                } else {
                    "valid-deref"
                };
                return (Verdict::False(sub.into()), Some(f));
            }
            // Ends of an execution that are no violation.
            (_, BugKind::Abort | BugKind::Assertion | BugKind::Deadlock) => {}
            (_, BugKind::DataRace) => {}
            (_, kind) => {
                undefined.get_or_insert_with(|| format!("{}: {}", kind.as_str(), b.message));
            }
        }
    }
    (verdict_without_violation(prop, s, undefined), None)
}

/// The verdict of an exploration that found no violation of `prop`.
fn verdict_without_violation(prop: Property, s: &Summary, undefined: Option<String>) -> Verdict {
    if let Some(u) = undefined {
        return Verdict::Unknown(format!("undefined behaviour: {u}"));
    }
    if let Some(msg) = &s.unsupported {
        return Verdict::Unknown(format!("unsupported: {msg}"));
    }
    if let Some(l) = s.limit {
        let why = match l {
            LimitKind::Nondet => "nondeterministic inputs were fixed to 0".to_string(),
            LimitKind::Symbolic => {
                "a symbolic input was concretised (floats, a C library call): other values are unexplored".to_string()
            }
            l => format!("bound: {}", l.as_str()),
        };
        return Verdict::Unknown(why);
    }
    if prop == Property::ValidMemsafety {
        return Verdict::Unknown("weft does not check memory leaks (valid-memtrack)".into());
    }
    Verdict::True
}
