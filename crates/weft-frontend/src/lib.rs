//! The frontend: compiles a C file with clang-19 into bitcode, then runs
//! `opt-19 -passes=mem2reg` so that locals whose address is never taken
//! live in registers instead of memory (and so never become shared-memory
//! traffic). `.ll` and `.bc` inputs skip clang but still go through
//! mem2reg. The user's files are only read; all outputs go to a private
//! temporary directory, removed when the [`Compiled`] value is dropped or
//! when compilation fails.
//!
//! It also owns the program hash that witnesses record: a SHA-256 of every
//! file the compile read (the input and, through clang's dependency
//! output, every header it included) and of the clang arguments.
//!
//! The tools run under a [`Deadline`]: past it, or once its
//! interrupt flag is set, the running tool is killed and compilation ends
//! with [`FrontendError::Cut`] and the reason.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;
use weft_core::{Deadline, LimitKind};

/// The clang flags weft compiles with (before the user's own).
///
/// The `-Wno-error=` flags turn the diagnostics that clang 16 and later
/// make errors by default back into warnings, as older compilers and other
/// verifiers accept them: implicit function declarations, implicit `int`,
/// int/pointer conversions, incompatible (function) pointer types, a
/// missing return value. A call to an undeclared function that weft does not
/// model is still refused when the program is loaded, by name and line.
/// Warnings are never shown: clang's output is printed only when it fails.
pub const CLANG_FLAGS: &[&str] = &[
    "-O0",
    "-Xclang",
    "-disable-O0-optnone",
    "-g",
    "-fno-discard-value-names",
    "-emit-llvm",
    "-c",
    "-D__WEFT__",
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-pointer-types",
    "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=return-type",
];

/// How often a running tool is polled for its end, the deadline and the
/// interrupt flag.
const POLL: Duration = Duration::from_millis(10);

#[derive(Debug, thiserror::Error)]
pub enum FrontendError {
    #[error("cannot read {path}: {msg}")]
    Read { path: String, msg: String },
    #[error("{tool} was not found. Install it with `apt-get install -y clang-19 llvm-19` (or run `scripts/setup.sh`), or point {env} at it")]
    MissingTool { tool: String, env: &'static str },
    #[error("{env} {msg}")]
    BadTool { env: &'static str, msg: String },
    #[error("compilation failed:\n{0}")]
    Compile(String),
    #[error("{tool} failed:\n{msg}")]
    Tool { tool: String, msg: String },
    #[error("unsupported input `{0}`: expected a .c, .ll or .bc file")]
    Extension(String),
    #[error("{path} is not {expected}: {why}")]
    NotSource {
        path: String,
        expected: &'static str,
        why: String,
    },
    /// The run's [`Deadline`] stopped it: the time ran out, the user
    /// interrupted it, or weft's memory passed its bound.
    #[error("stopped while compiling ({})", .0.as_str())]
    Cut(LimitKind),
}

/// Why a running tool must be killed now, if it must.
fn expired(budget: &Deadline) -> Option<FrontendError> {
    budget.expired().map(FrontendError::Cut)
}

/// Bitcode ready to load; the temporary directory lives as long as this.
pub struct Compiled {
    pub bitcode: PathBuf,
    /// Every file the compile read, the input first.
    pub inputs: Vec<PathBuf>,
    /// SHA-256 (hex) of the contents of `inputs` and the clang arguments.
    pub hash: String,
    _dir: tempfile::TempDir,
}

fn tool(env: &'static str, name: &str, fallback: &str) -> Result<PathBuf, FrontendError> {
    if let Some(p) = std::env::var_os(env) {
        let p = PathBuf::from(p);
        let bad = |msg: String| Err(FrontendError::BadTool { env, msg });
        if p.as_os_str().is_empty() {
            return bad(format!(
                "is set but empty: unset it, or set it to the path of {name}"
            ));
        }
        let shown = p.display();
        return match std::fs::metadata(&p) {
            Err(_) => Err(FrontendError::MissingTool {
                tool: shown.to_string(),
                env,
            }),
            Ok(m) if m.is_dir() => bad(format!(
                "is `{shown}`, a directory: set it to the path of the {name} executable"
            )),
            Ok(m) if !is_executable(&m) => bad(format!(
                "is `{shown}`, which is not an executable file: set it to the path of {name}"
            )),
            Ok(_) => Ok(p),
        };
    }
    let found = std::env::var_os("PATH")
        .map(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join(name))
                .find(|p| p.is_file())
        })
        .unwrap_or(None);
    match found {
        Some(p) => Ok(p),
        None if Path::new(fallback).is_file() => Ok(PathBuf::from(fallback)),
        None => Err(FrontendError::MissingTool {
            tool: name.to_string(),
            env,
        }),
    }
}

#[cfg(unix)]
fn is_executable(m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    m.is_file() && m.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn is_executable(m: &std::fs::Metadata) -> bool {
    m.is_file()
}

/// Compiles `input` (with extra clang arguments such as `-DN=3`, `-I dir`).
pub fn compile(input: &Path, clang_args: &[String]) -> Result<Compiled, FrontendError> {
    compile_within(input, clang_args, &Deadline::default())
}

/// [`compile`] under a deadline and an interrupt flag.
pub fn compile_within(
    input: &Path,
    clang_args: &[String],
    budget: &Deadline,
) -> Result<Compiled, FrontendError> {
    let read_err = |path: &Path, e: std::io::Error| FrontendError::Read {
        path: path.display().to_string(),
        msg: e.to_string(),
    };
    let bytes = std::fs::read(input).map_err(|e| read_err(input, e))?;
    let ext = input.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "c" | "i" => check_text(input, &bytes, "a C source file")?,
        "ll" => check_text(input, &bytes, "an LLVM IR (.ll) file")?,
        "bc" => check_bitcode(input, &bytes)?,
        _ => return Err(FrontendError::Extension(input.display().to_string())),
    }
    let dir = tempfile::Builder::new()
        .prefix("weft-")
        .tempdir()
        .map_err(|e| FrontendError::Read {
            path: "temporary directory".into(),
            msg: e.to_string(),
        })?;
    let (raw, inputs) = match ext {
        "c" | "i" => {
            let out = dir.path().join("input.bc");
            let deps = dir.path().join("input.d");
            let clang = tool("WEFT_CLANG", "clang-19", "/usr/lib/llvm-19/bin/clang")?;
            let mut cmd = Command::new(&clang);
            cmd.args(CLANG_FLAGS)
                .args(clang_args)
                .arg(input)
                .arg("-o")
                .arg(&out)
                .args(["-MD", "-MT", "weft", "-MF"])
                .arg(&deps);
            run(&clang, cmd, dir.path(), budget).map_err(|e| match e {
                RunError::Failed(msg) => FrontendError::Compile(msg),
                RunError::Frontend(e) => e,
            })?;
            // A preprocessed `.i` file includes nothing: clang writes no
            // dependency file for it.
            let listed = match std::fs::read_to_string(&deps) {
                Err(e) if ext == "i" && e.kind() == std::io::ErrorKind::NotFound => String::new(),
                r => r.map_err(|e| read_err(&deps, e))?,
            };
            let mut inputs = vec![input.to_path_buf()];
            inputs.extend(
                parse_deps(&listed)
                    .into_iter()
                    .map(PathBuf::from)
                    .filter(|p| p != input),
            );
            (out, inputs)
        }
        _ => (input.to_path_buf(), vec![input.to_path_buf()]),
    };
    let bitcode = dir.path().join("program.bc");
    let opt = tool("WEFT_OPT", "opt-19", "/usr/lib/llvm-19/bin/opt")?;
    let mut cmd = Command::new(&opt);
    cmd.arg("-passes=mem2reg").arg(&raw).arg("-o").arg(&bitcode);
    run(&opt, cmd, dir.path(), budget).map_err(|e| match e {
        RunError::Failed(msg) => FrontendError::Tool {
            tool: opt.display().to_string(),
            msg,
        },
        RunError::Frontend(e) => e,
    })?;
    let hash = hash_files(&inputs, clang_args)?;
    Ok(Compiled {
        bitcode,
        inputs,
        hash,
        _dir: dir,
    })
}

/// Refuses input that is not text (a binary file, or one with terminal
/// control bytes that clang would echo back).
fn check_text(path: &Path, bytes: &[u8], expected: &'static str) -> Result<(), FrontendError> {
    let bad = bytes
        .iter()
        .position(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0b | 0x0c));
    match bad {
        None => Ok(()),
        Some(i) => {
            let line = bytes[..i].iter().filter(|&&b| b == b'\n').count() + 1;
            Err(FrontendError::NotSource {
                path: path.display().to_string(),
                expected,
                why: format!(
                    "it contains binary data (byte 0x{:02x} at offset {i}, line {line})",
                    bytes[i]
                ),
            })
        }
    }
}

/// Refuses a `.bc` file that does not start with the bitcode magic (raw or
/// in its wrapper).
fn check_bitcode(path: &Path, bytes: &[u8]) -> Result<(), FrontendError> {
    if bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(b"\xDE\xC0\x17\x0B") {
        return Ok(());
    }
    Err(FrontendError::NotSource {
        path: path.display().to_string(),
        expected: "LLVM bitcode",
        why: "it does not start with the bitcode signature".into(),
    })
}

enum RunError {
    /// The tool ran and failed; its message.
    Failed(String),
    Frontend(FrontendError),
}

/// Runs a tool to its end under `budget`, its output going to files in
/// `dir`. On expiry the tool is killed.
fn run(tool: &Path, mut cmd: Command, dir: &Path, budget: &Deadline) -> Result<(), RunError> {
    let spawn_err = |e: std::io::Error| {
        RunError::Frontend(FrontendError::Tool {
            tool: tool.display().to_string(),
            msg: e.to_string(),
        })
    };
    let log = dir.join("tool.log");
    let file = std::fs::File::create(&log).map_err(spawn_err)?;
    let file2 = file.try_clone().map_err(spawn_err)?;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(file)
        .stderr(file2)
        .spawn()
        .map_err(spawn_err)?;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(spawn_err)? {
            break status;
        }
        if let Some(e) = expired(budget) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(RunError::Frontend(e));
        }
        std::thread::sleep(POLL);
    };
    if status.success() {
        return Ok(());
    }
    // A Ctrl-C in a terminal reaches the tool too: it died of the interrupt.
    if let Some(e @ FrontendError::Cut(LimitKind::Interrupted)) = expired(budget) {
        return Err(RunError::Frontend(e));
    }
    let text = std::fs::read(&log).unwrap_or_default();
    let text = printable(&String::from_utf8_lossy(&text));
    let text = text.trim_end();
    Err(RunError::Failed(if text.is_empty() {
        format!(
            "{} {} and printed nothing",
            tool.display(),
            describe_status(status)
        )
    } else {
        text.to_string()
    }))
}

fn describe_status(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return format!("was killed by signal {sig}");
        }
    }
    match status.code() {
        Some(c) => format!("exited with status {c}"),
        None => "failed".to_string(),
    }
}

/// `text` with terminal control characters (other than newline and tab)
/// shown as escapes, so that a tool's message cannot drive the terminal.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\t' => c.to_string(),
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// The prerequisites of a make rule written by `clang -MD -MT weft`:
/// continuation lines joined, escaped spaces, `$$` and `\#` undone.
fn parse_deps(text: &str) -> Vec<String> {
    let joined = text.replace("\\\r\n", " ").replace("\\\n", " ");
    let body = joined
        .split_once("weft:")
        .map(|(_, b)| b)
        .unwrap_or(&joined);
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if matches!(chars.peek(), Some(' ' | '#' | '\\')) => {
                cur.push(chars.next().expect("peeked"));
            }
            '$' if chars.peek() == Some(&'$') => {
                chars.next();
                cur.push('$');
            }
            c if c.is_whitespace() => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// SHA-256 of each file's contents (length-prefixed, in order) and of the
/// clang arguments. The system's headers (under `/usr/`) count by their
/// path: they belong to the installed C library, like the compiler, and
/// hashing them (a hundred files for `<pthread.h>`) cost more than the
/// whole exploration of a small test.
fn hash_files(files: &[PathBuf], clang_args: &[String]) -> Result<String, FrontendError> {
    let mut h = Sha256::new();
    for f in files {
        if f.starts_with("/usr/") {
            let path = f.as_os_str().as_encoded_bytes();
            h.update([1u8]);
            h.update((path.len() as u64).to_le_bytes());
            h.update(path);
            continue;
        }
        let bytes = std::fs::read(f).map_err(|e| FrontendError::Read {
            path: f.display().to_string(),
            msg: e.to_string(),
        })?;
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(&bytes);
    }
    for a in clang_args {
        h.update([0u8]);
        h.update(a.as_bytes());
    }
    Ok(format!("{:x}", h.finalize()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deps_are_parsed_with_escapes_and_continuations() {
        let text = "weft: a.c /usr/include/stdio.h \\\n  dir/my\\ header.h x$$y.h \\\n  c\\#d.h\n";
        assert_eq!(
            parse_deps(text),
            [
                "a.c",
                "/usr/include/stdio.h",
                "dir/my header.h",
                "x$y.h",
                "c#d.h"
            ]
        );
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("a\u{1b}[31mb\n\tc"), "a\\u{1b}[31mb\n\tc");
    }

    #[test]
    fn binary_input_is_refused() {
        let p = Path::new("x.c");
        assert!(check_text(p, b"int main() { return 0; }\n", "C").is_ok());
        let err = check_text(p, b"\x7fELF\x02\x01\x01\x00", "C").unwrap_err();
        assert!(err.to_string().contains("binary data"), "{err}");
        assert!(check_bitcode(Path::new("x.bc"), b"BC\xC0\xDE....").is_ok());
        assert!(check_bitcode(Path::new("x.bc"), b"int main").is_err());
    }
}
