//! The frontend: compiles a C file with clang-19 into bitcode, then runs
//! `opt-19 -passes=mem2reg` so that locals whose address is never taken
//! live in registers instead of memory (and so never become shared-memory
//! traffic). `.ll` and `.bc` inputs skip clang but still go through
//! mem2reg. The user's files are only read; all outputs go to a private
//! temporary directory.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The clang flags weft compiles with (before the user's own).
pub const CLANG_FLAGS: &[&str] = &[
    "-O0",
    "-Xclang",
    "-disable-O0-optnone",
    "-g",
    "-fno-discard-value-names",
    "-emit-llvm",
    "-c",
    "-D__WEFT__",
];

#[derive(Debug, thiserror::Error)]
pub enum FrontendError {
    #[error("cannot read {path}: {msg}")]
    Read { path: String, msg: String },
    #[error("{tool} was not found. Install it with `apt-get install -y clang-19 llvm-19` (or run `scripts/setup.sh`), or point {env} at it")]
    MissingTool { tool: String, env: &'static str },
    #[error("compilation failed:\n{0}")]
    Compile(String),
    #[error("{tool} failed:\n{msg}")]
    Tool { tool: String, msg: String },
    #[error("unsupported input `{0}`: expected a .c, .ll or .bc file")]
    Extension(String),
}

/// Bitcode ready to load; the temporary directory lives as long as this.
pub struct Compiled {
    pub bitcode: PathBuf,
    _dir: tempfile::TempDir,
}

fn tool(env: &'static str, name: &str, fallback: &str) -> Result<PathBuf, FrontendError> {
    if let Some(p) = std::env::var_os(env) {
        let p = PathBuf::from(p);
        return match p.is_file() {
            true => Ok(p),
            false => Err(FrontendError::MissingTool {
                tool: p.display().to_string(),
                env,
            }),
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

/// Compiles `input` (with extra clang arguments such as `-DN=3`, `-I dir`).
pub fn compile(input: &Path, clang_args: &[String]) -> Result<Compiled, FrontendError> {
    std::fs::metadata(input).map_err(|e| FrontendError::Read {
        path: input.display().to_string(),
        msg: e.to_string(),
    })?;
    let dir = tempfile::Builder::new()
        .prefix("weft-")
        .tempdir()
        .map_err(|e| FrontendError::Read {
            path: "temporary directory".into(),
            msg: e.to_string(),
        })?;
    let ext = input.extension().and_then(|e| e.to_str()).unwrap_or("");
    let raw = match ext {
        "c" | "i" => {
            let out = dir.path().join("input.bc");
            let clang = tool("WEFT_CLANG", "clang-19", "/usr/lib/llvm-19/bin/clang")?;
            let res = Command::new(&clang)
                .args(CLANG_FLAGS)
                .args(clang_args)
                .arg(input)
                .arg("-o")
                .arg(&out)
                .output()
                .map_err(|e| FrontendError::Tool {
                    tool: clang.display().to_string(),
                    msg: e.to_string(),
                })?;
            if !res.status.success() {
                return Err(FrontendError::Compile(
                    String::from_utf8_lossy(&res.stderr).trim_end().to_string(),
                ));
            }
            out
        }
        "ll" | "bc" => input.to_path_buf(),
        _ => return Err(FrontendError::Extension(input.display().to_string())),
    };
    let bitcode = dir.path().join("program.bc");
    let opt = tool("WEFT_OPT", "opt-19", "/usr/lib/llvm-19/bin/opt")?;
    let res = Command::new(&opt)
        .arg("-passes=mem2reg")
        .arg(&raw)
        .arg("-o")
        .arg(&bitcode)
        .output()
        .map_err(|e| FrontendError::Tool {
            tool: opt.display().to_string(),
            msg: e.to_string(),
        })?;
    if !res.status.success() {
        let msg = String::from_utf8_lossy(&res.stderr).trim_end().to_string();
        return Err(FrontendError::Tool {
            tool: opt.display().to_string(),
            msg,
        });
    }
    Ok(Compiled { bitcode, _dir: dir })
}

/// A hash identifying the program: the input file's bytes and the clang
/// arguments. Witnesses record it so replay can refuse a changed program.
pub fn program_hash(input: &Path, clang_args: &[String]) -> Result<String, FrontendError> {
    let bytes = std::fs::read(input).map_err(|e| FrontendError::Read {
        path: input.display().to_string(),
        msg: e.to_string(),
    })?;
    let mut h = Sha256::new();
    h.update(&bytes);
    for a in clang_args {
        h.update([0u8]);
        h.update(a.as_bytes());
    }
    Ok(format!("{:x}", h.finalize()))
}
