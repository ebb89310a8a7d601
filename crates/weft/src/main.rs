//! The `weft` command line. Argument handling only; the work is in the
//! library (`weft::check`, `weft::replay`).

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// The options of `weft check`, repeated in `weft --help`.
const CHECK_SUMMARY: &str = "\
Options of `weft check FILE [OPTIONS] [-- CLANG_ARGS]` (details: `weft check --help`):
  --por <none|source|optimal|unfold>
                               exhaustive search's reduction (default: optimal)
  --unfold-k <K|inf>           --por unfold: alternatives' K (default 1)
  --strategy S                 exhaustive (default), or hunt bugs: icb, vt, pct,
                               pctvb, random (no bug: incomplete, limit bound)
  --max-bound N                icb: last preemption bound; vt: last level v+t-2
  --pct-depth D                pct, pctvb: bug depth (default 3)
  --runs N                     pct, pctvb, random: executions (default 1000)
  --seed S                     pct, pctvb, random, vt: random seed (printed)
  --max-steps N                instructions per execution before it is cut
  --max-executions N           stop after N executions
  --timeout S                  stop after S seconds (every phase)
  --max-memory MIB             memory one execution may use (default: RAM/4)
  --data-model <LP64|ILP32>    LP64 (x86-64, default) or ILP32 (i386, as -- -m32)
  --keep-going                 report every distinct bug, not just the first
  --no-race-check              do not report data races
  --no-spurious-wakeups        condition waits return only when signalled
  --nondet <symbolic|enumerate|fixed>
                               inputs: symbolic (Z3, default), every char/uchar/bool
                               value, or 0
  --json                       print one JSON object
  --arg VALUE                  append VALUE to main's argv (repeatable)
  --env NAME=VALUE             set an environment variable for getenv (repeatable)
  --witness FILE               write a replayable witness of the first bug
  --trace FILE                 write the events of the bug's (or first) execution
  --allow-writes DIR           let the program write files inside DIR (in memory)
  -j, --jobs N                 workers exploring at once (0: every core; default:
                               every core, 1 for programs with symbolic inputs)
  --shard I/N                  explore only shard I of N; `weft merge` joins the
                               shards' --json reports

Exit codes: 0 no bug, 42 bug found, 3 incomplete (a bound was hit, or interrupted
by SIGINT/SIGTERM), 2 bad input, 1 internal error or unwritable report.";

#[derive(Parser)]
#[command(
    name = "weft",
    version,
    about = "Systematic concurrency testing for C/pthreads programs",
    after_help = CHECK_SUMMARY
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Explore every interleaving of FILE (.c, .ll or .bc) and report bugs.
    ///
    /// Exit codes: 0 no bug (complete), 42 bug found, 3 incomplete (a bound
    /// was hit, or interrupted by SIGINT/SIGTERM), 2 bad input or usage, 1
    /// internal error or unwritable report.
    Check {
        /// The program: a C file, or LLVM IR (.ll) or bitcode (.bc).
        file: PathBuf,
        #[command(flatten)]
        opts: weft::CheckOptions,
        /// Arguments passed to clang after `--`, e.g. `-- -DN=3 -Iinclude`.
        #[arg(last = true)]
        clang_args: Vec<String>,
    },
    /// Predict atomicity violations from one recorded execution of FILE.
    ///
    /// Records one execution (the lowest-numbered enabled thread runs,
    /// or `--schedule`), builds a symbolic model of its feasible
    /// reorderings, asks Z3 for each potential three-access violation of a
    /// transaction, and replays every one it finds: only confirmed
    /// violations are reported, each with a witness for `weft replay`.
    /// Exit codes: 0 none predicted, 42 violation confirmed, 3 the solver
    /// gave up on some candidate, 2 bad input, 1 internal error.
    Predict {
        /// The program (optional with --trace, which names it).
        file: Option<PathBuf>,
        #[command(flatten)]
        opts: weft::predict::PredictOptions,
        /// Arguments passed to clang after `--`.
        #[arg(last = true)]
        clang_args: Vec<String>,
    },
    /// Re-execute a witness (from `check --witness` or `predict`) and report its bug.
    Replay {
        /// The program the witness was recorded on.
        file: PathBuf,
        /// The witness file.
        witness: PathBuf,
        /// Print one JSON object instead of human-readable output.
        #[arg(long)]
        json: bool,
        /// Let the program open files inside DIR for writing (in memory
        /// only); by default, the directory the witness was recorded with.
        #[arg(long, value_name = "DIR")]
        allow_writes: Option<PathBuf>,
    },
    /// Combine the `--json` reports of the shards of one run (`weft check
    /// --shard I/N --json`) into one verdict whose counts are those of an
    /// unsharded run.
    ///
    /// Exit codes: 0 safe, 42 bug, 3 incomplete, 2 bad input (a report
    /// missing, repeated, or from another run), 1 unwritable report.
    Merge {
        /// The shards' JSON reports, one per shard 0..N.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// Print one JSON object instead of human-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Print the table of modelled C library and pthread functions
    /// (Markdown, as in the README).
    Functions,
    /// Run an SV-COMP task (a `.yml` task file, or a C file with `--prop`)
    /// with SV-COMP's semantics; print TRUE, FALSE(property) or UNKNOWN.
    Svcomp {
        /// The task: `TASK.yml`, or `TASK.c`/`TASK.i` with `--prop`.
        task: PathBuf,
        #[command(flatten)]
        opts: weft::svcomp::SvcompOptions,
    },
}

fn main() {
    let cli = Cli::parse();
    let code = match cli.cmd {
        Cmd::Check {
            file,
            opts,
            clang_args,
        } => weft::check(&file, &opts, &clang_args),
        Cmd::Predict {
            file,
            opts,
            clang_args,
        } => weft::predict::predict(file.as_deref(), &opts, &clang_args),
        Cmd::Replay {
            file,
            witness,
            json,
            allow_writes,
        } => weft::replay(&file, &witness, json, allow_writes.as_deref()),
        Cmd::Svcomp { task, opts } => weft::svcomp::svcomp(&task, &opts),
        Cmd::Merge { parts, json } => weft::merge::merge(&parts, json),
        Cmd::Functions => {
            print!("{}", weft::functions_table());
            0
        }
    };
    std::process::exit(code);
}
