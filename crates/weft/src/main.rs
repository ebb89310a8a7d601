//! The `weft` command line. Argument handling only; the work is in the
//! library (`weft::check`, `weft::replay`).

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "weft",
    version,
    about = "Systematic concurrency testing for C/pthreads programs"
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
    /// was hit), 2 bad input or usage, 1 internal error.
    Check {
        /// The program: a C file, or LLVM IR (.ll) or bitcode (.bc).
        file: PathBuf,
        #[command(flatten)]
        opts: weft::CheckOptions,
        /// Arguments passed to clang after `--`, e.g. `-- -DN=3 -Iinclude`.
        #[arg(last = true)]
        clang_args: Vec<String>,
    },
    /// Re-execute a witness written by `check --witness` and report its bug.
    Replay {
        /// The program the witness was recorded on.
        file: PathBuf,
        /// The witness file.
        witness: PathBuf,
        /// Print one JSON object instead of human-readable output.
        #[arg(long)]
        json: bool,
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
        Cmd::Replay {
            file,
            witness,
            json,
        } => weft::replay(&file, &witness, json),
    };
    std::process::exit(code);
}
