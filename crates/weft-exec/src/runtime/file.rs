//! `FILE` streams: the standard streams, files opened with `fopen`, and
//! the calls that open, read, position and close them.
//!
//! A `FILE *` is the address of a small object. The standard streams are
//! read-only static objects the runtime adds (the C library's `stdin`,
//! `stdout` and `stderr` globals point to them); a stream from `fopen` is a
//! heap object of the opening thread, freed by `fclose`. The object's
//! bytes mean nothing: a stream's state (position, flags, contents) lives
//! in the Machine ([`Files`]), so a program cannot corrupt it through the
//! pointer.
//!
//! Reading a file the program names is deterministic: its contents are
//! read from disk once per run, at its first `fopen` (cached in the
//! `Program`), and every execution sees those bytes. Opening a file for
//! writing stops the run as unsupported (exit 2) unless the file lies
//! inside the `--allow-writes` directory; its writes then go to an
//! in-memory copy that belongs to the execution, so executions stay
//! independent, and the disk is never modified. `stdin` reads as empty.
//!
//! Calls on the standard streams are never visible operations (like
//! `printf`). A call on an `fopen`ed stream that another thread can reach
//! is one (a `MemOp` naming the stream: two such calls conflict but do not
//! race, as stdio locks its streams), as is one that reads or writes
//! shared program memory.

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::memory::{ObjKind, ObjState};
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::path::Path;
use std::sync::Arc;
use weft_core::{BugKind, EventKind, Stream as Out};

type Pending = Result<Option<EventKind>, Stop>;

pub(crate) const ENOENT: u32 = 2;
pub(crate) const EBADF: u32 = 9;
pub(crate) const ENOMEM: u32 = 12;
pub(crate) const EINVAL: u32 = 22;
const EFBIG: u32 = 27;
/// `EOF`.
const EOF: i64 = -1;
/// The size of a `FILE` object (glibc's `sizeof(FILE)`).
pub(crate) const FILE_SIZE: u64 = 216;
/// The largest file weft reads or lets a program write (64 MiB).
const MAX_FILE: u64 = 64 << 20;
/// The names of the standard streams, by index (0: `stdin`).
pub(crate) const STD_NAMES: [&str; 3] = ["stdin", "stdout", "stderr"];

/// What reading a file from disk gave: its contents, or the `errno` of
/// the failure.
pub(crate) type DiskFile = Result<Arc<Vec<u8>>, DiskError>;

/// Why a file could not be read from disk.
#[derive(Clone, Debug)]
pub(crate) enum DiskError {
    /// The C library would fail with this `errno` (e.g. `ENOENT`).
    Errno(u32),
    /// Not something weft reads deterministically (a device, a pipe, a
    /// file larger than [`MAX_FILE`]).
    Unsupported(String),
}

/// Reads `path` from disk (once per run: see `Program::disk`).
pub(crate) fn read_disk(path: &str) -> DiskFile {
    use std::io::Read;
    let errno =
        |e: std::io::Error| DiskError::Errno(e.raw_os_error().unwrap_or(ENOENT as i32) as u32);
    let meta = std::fs::metadata(path).map_err(errno)?;
    if meta.is_dir() {
        return Err(DiskError::Errno(21)); // EISDIR
    }
    if !meta.is_file() {
        return Err(DiskError::Unsupported(format!(
            "`{path}` is not a regular file (only regular files are read)"
        )));
    }
    if meta.len() > MAX_FILE {
        return Err(DiskError::Unsupported(format!(
            "`{path}` is larger than weft's limit of {MAX_FILE} bytes for a file it reads"
        )));
    }
    let mut data = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE).read_to_end(&mut data))
        .map_err(errno)?;
    Ok(Arc::new(data))
}

/// The stream state of one execution.
#[derive(Clone, Debug, Default)]
pub(crate) struct Files {
    /// Streams from `fopen`, by `FILE` address.
    open: FxHashMap<u64, Stream>,
    /// `FILE` addresses that `fclose` closed.
    closed: Vec<u64>,
    /// Contents of the files this execution opened for writing, by path.
    written: FxHashMap<String, Arc<Vec<u8>>>,
    /// Standard streams closed by `fclose` (bit `k`: stream `k`).
    std_closed: u8,
    /// End-of-file and error flags of the standard streams (bit `k`).
    std_eof: u8,
    std_err: u8,
    /// `strerror` strings made so far, by (thread, errno value).
    pub(crate) messages: FxHashMap<(u32, u32), u64>,
}

/// An open file.
#[derive(Clone, Debug)]
struct Stream {
    path: String,
    pos: u64,
    read: bool,
    write: bool,
    append: bool,
    eof: bool,
    err: bool,
}

/// A `FILE *` resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Handle {
    /// A standard stream: 0 `stdin`, 1 `stdout`, 2 `stderr`.
    Std(usize),
    /// A stream from `fopen`.
    File(u64),
}

impl Machine {
    fn files_mut(&mut self) -> &mut Files {
        crate::cow::make_mut(&mut self.files)
    }
}

/// Resolves `fp` for a call to `call`: a memory bug if it is NULL, a
/// closed stream, or not a stream at all.
pub(crate) fn handle(m: &Machine, fp: u64, call: &str) -> Result<Handle, Stop> {
    if fp == 0 {
        return Err(m.bug(
            BugKind::Memory,
            format!("null FILE pointer passed to `{call}`"),
        ));
    }
    if let Some(k) = m.prog.streams.iter().position(|&s| s == fp) {
        if m.files.std_closed & (1 << k) != 0 {
            return Err(m.bug(
                BugKind::Memory,
                format!("`{call}` on {} after fclose", STD_NAMES[k]),
            ));
        }
        return Ok(Handle::Std(k));
    }
    if m.files.open.contains_key(&fp) {
        return Ok(Handle::File(fp));
    }
    let msg = if m.files.closed.contains(&fp) {
        format!("`{call}` on a FILE stream after fclose")
    } else {
        format!("`{call}` on a pointer that is not an open FILE stream")
    };
    Err(m.bug(BugKind::Memory, msg))
}

/// The stream `fp` names for a visible operation: an `fopen`ed stream
/// other threads can reach.
pub(crate) fn shared_stream(m: &Machine, fp: u64) -> Option<u64> {
    (m.files.open.contains_key(&fp) && m.mem.is_shared(fp)).then_some(fp)
}

/// A `MemOp` for call `name` on stream `fp`, reading and writing the given
/// shared ranges; `None` when it touches nothing other threads see.
pub(crate) fn stream_op(
    m: &Machine,
    name: &'static str,
    fp: u64,
    read: Option<(u64, u64)>,
    write: Option<(u64, u64)>,
) -> Pending {
    let stream = shared_stream(m, fp);
    Ok(
        (read.is_some() || write.is_some() || stream.is_some()).then_some(EventKind::MemOp {
            buffered: false,
            name,
            read,
            write,
            stream,
        }),
    )
}

/// The current contents of the file at `path`: this execution's copy if
/// it wrote one, else the disk's (empty if it cannot be read).
fn contents(m: &Machine, path: &str) -> Arc<Vec<u8>> {
    if let Some(c) = m.files.written.get(path) {
        return c.clone();
    }
    m.prog.disk(path).unwrap_or_default()
}

/// Writes `bytes` to the stream `fp` (already resolved by [`handle`]).
/// Returns whether the write succeeded (it fails on a stream not open
/// for writing, setting its error flag and `errno`).
pub(crate) fn write(m: &mut Machine, tid: u32, h: Handle, bytes: &[u8]) -> Result<bool, Stop> {
    match h {
        Handle::Std(k @ (1 | 2)) => {
            let out = if k == 1 { Out::Stdout } else { Out::Stderr };
            m.print(tid, out, &String::from_utf8_lossy(bytes));
            Ok(true)
        }
        Handle::Std(k) => {
            m.files_mut().std_err |= 1 << k;
            m.set_errno(tid, EBADF)?;
            Ok(false)
        }
        Handle::File(fp) => {
            let Some(s) = m.files.open.get(&fp).cloned() else {
                return Ok(false);
            };
            if !s.write {
                if let Some(s) = m.files_mut().open.get_mut(&fp) {
                    s.err = true;
                }
                m.set_errno(tid, EBADF)?;
                return Ok(false);
            }
            let current = contents(m, &s.path);
            let at = if s.append {
                current.len() as u64
            } else {
                s.pos
            };
            if at.saturating_add(bytes.len() as u64) > MAX_FILE {
                // A file past weft's size limit: as a full file system.
                if let Some(s) = m.files_mut().open.get_mut(&fp) {
                    s.err = true;
                }
                m.set_errno(tid, EFBIG)?;
                return Ok(false);
            }
            let files = m.files_mut();
            let data = files.written.entry(s.path.clone()).or_insert(current);
            let data = crate::cow::make_mut(data);
            let at = if s.append { data.len() } else { s.pos as usize };
            if data.len() < at {
                data.resize(at, 0);
            }
            let end = at + bytes.len();
            if data.len() < end {
                data.resize(end, 0);
            }
            data[at..end].copy_from_slice(bytes);
            if let Some(st) = files.open.get_mut(&fp) {
                st.pos = end as u64;
            }
            // Progress, for spin detection: a loop that writes is no spin.
            m.mem.bump_epoch();
            m.note_effect(tid);
            Ok(true)
        }
    }
}

/// The bytes a read of at most `n` bytes from `h` would return (stopping
/// after a newline if `line`), without reading them.
fn peek(m: &Machine, h: Handle, n: u64, line: bool) -> Vec<u8> {
    let Handle::File(fp) = h else {
        return Vec::new();
    };
    let Some(s) = m.files.open.get(&fp).filter(|s| s.read) else {
        return Vec::new();
    };
    let data = contents(m, &s.path);
    let start = (s.pos as usize).min(data.len());
    let end = start + (n.min((data.len() - start) as u64) as usize);
    let mut out = data[start..end].to_vec();
    if line {
        if let Some(i) = out.iter().position(|&b| b == b'\n') {
            out.truncate(i + 1);
        }
    }
    out
}

/// Reads at most `n` bytes from `h` (stopping after a newline if `line`)
/// and moves the position past them; sets the end-of-file flag when fewer
/// than asked were there, the error flag on a stream not open for reading.
fn take(m: &mut Machine, tid: u32, h: Handle, n: u64, line: bool) -> Result<Vec<u8>, Stop> {
    let got = peek(m, h, n, line);
    let short = (got.len() as u64) < n && !(line && got.last() == Some(&b'\n'));
    if !got.is_empty() {
        // Progress, for spin detection: a loop that consumes input is no
        // spin.
        m.mem.bump_epoch();
        m.note_effect(tid);
    }
    match h {
        Handle::Std(0) => {
            if short {
                m.files_mut().std_eof |= 1;
            }
        }
        Handle::Std(k) => {
            m.files_mut().std_err |= 1 << k;
            m.set_errno(tid, EBADF)?;
        }
        Handle::File(fp) => {
            let readable = m.files.open.get(&fp).is_some_and(|s| s.read);
            if !readable {
                m.set_errno(tid, EBADF)?;
            }
            if let Some(s) = m.files_mut().open.get_mut(&fp) {
                s.pos += got.len() as u64;
                s.eof |= short && readable;
                s.err |= !readable;
            }
        }
    }
    Ok(got)
}

fn cstr(m: &Machine, a: u64) -> Result<Vec<u8>, Stop> {
    m.mem.read_cstr(a).map_err(|e| m.mem_bug(e, false))
}

fn int(v: i64) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(crate::value::mask(
        v as i128 as u128,
        32,
    ))))
}

fn long(v: i64) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(v as i128 as u128 & u64::MAX as u128)))
}

fn ptr(a: u64) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(a as u128)))
}

/// An `fopen` mode: (read, write, append, truncate, create), or `None`
/// for a mode C does not define.
fn parse_mode(mode: &[u8]) -> Option<(bool, bool, bool, bool, bool)> {
    let plus = mode.get(1..).is_some_and(|r| r.contains(&b'+'));
    match mode.first()? {
        b'r' => Some((true, plus, false, false, false)),
        b'w' => Some((plus, true, false, true, true)),
        b'a' => Some((plus, true, true, false, true)),
        _ => None,
    }
}

/// Whether `path` may be opened for writing: it lies inside the
/// `--allow-writes` directory.
fn writable(m: &Machine, path: &str) -> bool {
    let Some(dir) = &m.prog.allow_writes else {
        return false;
    };
    let p = Path::new(path);
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        match std::env::current_dir() {
            Ok(d) => d.join(p),
            Err(_) => return false,
        }
    };
    let (Some(parent), Some(name)) = (abs.parent(), abs.file_name()) else {
        return false;
    };
    parent
        .canonicalize()
        .is_ok_and(|parent| parent.join(name).starts_with(dir))
}

pub fn fopen(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let path = String::from_utf8_lossy(&cstr(m, c.addr(0))?).into_owned();
    let mode_bytes = cstr(m, c.addr(1))?;
    let mode = String::from_utf8_lossy(&mode_bytes).into_owned();
    let Some((read, write, append, truncate, create)) = parse_mode(&mode_bytes) else {
        m.set_errno(c.tid, EINVAL)?;
        return ptr(0);
    };
    if write && !writable(m, &path) {
        return Err(m.unsupported(format!(
            "`fopen(\"{path}\", \"{mode}\")` opens a file for writing; weft writes files \
             (in memory only, never to disk) only inside the directory given with \
             `--allow-writes DIR`"
        )));
    }
    let exists = match m.files.written.get(&path) {
        Some(_) => Ok(()),
        None => match m.prog.disk(&path) {
            Ok(_) => Ok(()),
            Err(DiskError::Errno(e)) => Err(e),
            Err(DiskError::Unsupported(why)) => {
                return Err(m.unsupported(format!("`fopen(\"{path}\", \"{mode}\")`: {why}")))
            }
        },
    };
    match exists {
        Err(ENOENT) if create => {
            m.files_mut().written.insert(path.clone(), Arc::default());
        }
        Err(e) => {
            m.set_errno(c.tid, e)?;
            return ptr(0);
        }
        Ok(()) if truncate => {
            m.files_mut().written.insert(path.clone(), Arc::default());
        }
        Ok(()) => {}
    }
    let fp = match m.alloc_object(c.tid, FILE_SIZE, ObjKind::Heap, true) {
        Ok(a) => a,
        Err(_) => {
            m.set_errno(c.tid, ENOMEM)?;
            return ptr(0);
        }
    };
    m.files_mut().open.insert(
        fp,
        Stream {
            path,
            pos: 0,
            read,
            write,
            append,
            eof: false,
            err: false,
        },
    );
    ptr(fp)
}

/// The event of a call whose stream is argument `i` and that touches no
/// program memory.
fn on_stream(m: &Machine, c: &Call, i: usize, name: &'static str) -> Pending {
    stream_op(m, name, c.addr(i), None, None)
}

pub fn fclose_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "fclose")
}

pub fn fclose(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let fp = c.addr(0);
    let h = handle(m, fp, "fclose")?;
    m.last = fclose_pending(m, c)?;
    match h {
        Handle::Std(k) => m.files_mut().std_closed |= 1 << k,
        Handle::File(fp) => {
            let files = m.files_mut();
            files.open.remove(&fp);
            files.closed.push(fp);
            m.mem.kill(fp, ObjState::Freed);
        }
    }
    int(0)
}

pub fn fgetc_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "fgetc")
}

pub fn fgetc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(0), "fgetc")?;
    m.last = fgetc_pending(m, c)?;
    let got = take(m, c.tid, h, 1, false)?;
    int(got.first().map_or(EOF, |&b| b as i64))
}

pub fn fgets_pending(m: &Machine, c: &Call) -> Pending {
    let (s, n, fp) = (c.addr(0), c.arg(1) as u32 as i32, c.addr(2));
    let write = match handle(m, fp, "fgets") {
        Ok(h) if n > 0 => {
            let got = peek(m, h, n as u64 - 1, true);
            let len = got.len() as u64 + 1;
            (n == 1 || !got.is_empty())
                .then(|| super::libc::shared(m, s, len, true))
                .flatten()
        }
        _ => None,
    };
    stream_op(m, "fgets", fp, None, write)
}

pub fn fgets(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let (s, n) = (c.addr(0), c.arg(1) as u32 as i32);
    let h = handle(m, c.addr(2), "fgets")?;
    m.last = fgets_pending(m, c)?;
    if n <= 0 {
        return ptr(0);
    }
    let mut got = take(m, c.tid, h, n as u64 - 1, true)?;
    if got.is_empty() && n > 1 {
        return ptr(0);
    }
    got.push(0);
    m.mem
        .write_bytes(s, &got, &vec![true; got.len()])
        .map_err(|e| m.mem_bug(e, true))?;
    ptr(s)
}

/// `size * n` of `fread`/`fwrite`, saturated.
fn total(c: &Call) -> u64 {
    (c.arg(1) as u64).saturating_mul(c.arg(2) as u64)
}

pub fn fread_pending(m: &Machine, c: &Call) -> Pending {
    let fp = c.addr(3);
    let write = match handle(m, fp, "fread") {
        Ok(h) => {
            let n = peek(m, h, total(c), false).len() as u64;
            super::libc::shared(m, c.addr(0), n, true)
        }
        Err(_) => None,
    };
    stream_op(m, "fread", fp, None, write)
}

pub fn fread(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(3), "fread")?;
    m.last = fread_pending(m, c)?;
    let size = c.arg(1) as u64;
    if size == 0 || c.arg(2) == 0 {
        return long(0);
    }
    let got = take(m, c.tid, h, total(c), false)?;
    m.mem
        .write_bytes(c.addr(0), &got, &vec![true; got.len()])
        .map_err(|e| m.mem_bug(e, true))?;
    long((got.len() as u64 / size) as i64)
}

pub fn feof_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "feof")
}

pub fn feof(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(0), "feof")?;
    m.last = feof_pending(m, c)?;
    int(flag(m, h, true) as i64)
}

pub fn ferror_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "ferror")
}

pub fn ferror(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(0), "ferror")?;
    m.last = ferror_pending(m, c)?;
    int(flag(m, h, false) as i64)
}

/// The end-of-file (`eof`) or error flag of `h`.
fn flag(m: &Machine, h: Handle, eof: bool) -> bool {
    match h {
        Handle::Std(k) => {
            let bits = if eof {
                m.files.std_eof
            } else {
                m.files.std_err
            };
            bits & (1 << k) != 0
        }
        Handle::File(fp) => m
            .files
            .open
            .get(&fp)
            .is_some_and(|s| if eof { s.eof } else { s.err }),
    }
}

pub fn clearerr_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "clearerr")
}

pub fn clearerr(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(0), "clearerr")?;
    m.last = clearerr_pending(m, c)?;
    clear_flags(m, h);
    int(0)
}

fn clear_flags(m: &mut Machine, h: Handle) {
    let files = m.files_mut();
    match h {
        Handle::Std(k) => {
            files.std_eof &= !(1 << k);
            files.std_err &= !(1 << k);
        }
        Handle::File(fp) => {
            if let Some(s) = files.open.get_mut(&fp) {
                s.eof = false;
                s.err = false;
            }
        }
    }
}

pub fn ftell_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "ftell")
}

pub fn ftell(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(0), "ftell")?;
    m.last = ftell_pending(m, c)?;
    match h {
        Handle::File(fp) => long(m.files.open.get(&fp).map_or(-1, |s| s.pos as i64)),
        Handle::Std(_) => {
            m.set_errno(c.tid, 29)?; // ESPIPE
            long(-1)
        }
    }
}

pub fn fseek_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "fseek")
}

pub fn fseek(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(0), "fseek")?;
    m.last = fseek_pending(m, c)?;
    let (off, whence) = (c.arg(1) as u64 as i64, c.arg(2) as u32 as i32);
    let Handle::File(fp) = h else {
        m.set_errno(c.tid, 29)?; // ESPIPE
        return int(-1);
    };
    let Some(s) = m.files.open.get(&fp).cloned() else {
        return int(-1);
    };
    let base = match whence {
        0 => 0,
        1 => s.pos as i64,
        2 => contents(m, &s.path).len() as i64,
        _ => -1,
    };
    let to = if base < 0 {
        None
    } else {
        base.checked_add(off)
    };
    match to.filter(|&p| p >= 0) {
        Some(p) => {
            if let Some(s) = m.files_mut().open.get_mut(&fp) {
                s.pos = p as u64;
                s.eof = false;
            }
            int(0)
        }
        None => {
            m.set_errno(c.tid, EINVAL)?;
            int(-1)
        }
    }
}

pub fn rewind_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "rewind")
}

pub fn rewind(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(0), "rewind")?;
    m.last = rewind_pending(m, c)?;
    clear_flags(m, h);
    if let Handle::File(fp) = h {
        if let Some(s) = m.files_mut().open.get_mut(&fp) {
            s.pos = 0;
        }
    }
    Ok(Ret::Value(Value::ZERO))
}

pub fn fflush_pending(m: &Machine, c: &Call) -> Pending {
    match c.addr(0) {
        0 => Ok(None),
        _ => on_stream(m, c, 0, "fflush"),
    }
}

pub fn fflush(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    if c.addr(0) != 0 {
        handle(m, c.addr(0), "fflush")?;
        m.last = fflush_pending(m, c)?;
    }
    int(0)
}

/// `getchar()`: `stdin` reads as empty, so `EOF` (and its end-of-file
/// flag is set).
pub fn getchar(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, m.prog.streams[0], "getchar")?;
    let got = take(m, c.tid, h, 1, false)?;
    int(got.first().map_or(EOF, |&b| b as i64))
}

pub fn setvbuf_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 0, "setvbuf")
}

/// `setbuf`/`setvbuf`: weft's streams are unbuffered, so only the stream
/// is checked; `setvbuf` returns 0 (with a mode other than `_IONBF`,
/// `_IOLBF` or `_IOFBF`, an error).
pub fn setvbuf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    handle(m, c.addr(0), "setvbuf")?;
    m.last = setvbuf_pending(m, c)?;
    int(if c.args.len() > 2 && c.arg(2) as u32 > 2 {
        -1
    } else {
        0
    })
}

pub fn fputc_pending(m: &Machine, c: &Call) -> Pending {
    on_stream(m, c, 1, "fputc")
}

pub fn fputc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(1), "fputc")?;
    m.last = fputc_pending(m, c)?;
    let ch = c.arg(0) as u8;
    let ok = write(m, c.tid, h, &[ch])?;
    int(if ok { ch as i64 } else { EOF })
}

pub fn fputs_pending(m: &Machine, c: &Call) -> Pending {
    let read = super::libc::shared_tail(m, c.addr(0), false);
    stream_op(m, "fputs", c.addr(1), read, None)
}

pub fn fputs(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(1), "fputs")?;
    let s = cstr(m, c.addr(0))?;
    m.last = fputs_pending(m, c)?;
    let ok = write(m, c.tid, h, &s)?;
    int(if ok { 1 } else { EOF })
}

pub fn fwrite_pending(m: &Machine, c: &Call) -> Pending {
    let read = super::libc::shared(m, c.addr(0), total(c), false);
    stream_op(m, "fwrite", c.addr(3), read, None)
}

pub fn fwrite(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = handle(m, c.addr(3), "fwrite")?;
    let n = total(c);
    if n == 0 {
        return long(0);
    }
    let (bytes, _) = m
        .mem
        .read_bytes(c.addr(0), n)
        .map_err(|e| m.mem_bug(e, false))?;
    m.last = fwrite_pending(m, c)?;
    let ok = write(m, c.tid, h, &bytes)?;
    long(if ok { c.arg(2) as u64 as i64 } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes() {
        // (read, write, append, truncate, create)
        assert_eq!(parse_mode(b"r"), Some((true, false, false, false, false)));
        assert_eq!(parse_mode(b"rb"), Some((true, false, false, false, false)));
        assert_eq!(parse_mode(b"r+"), Some((true, true, false, false, false)));
        assert_eq!(parse_mode(b"rb+"), Some((true, true, false, false, false)));
        assert_eq!(parse_mode(b"w"), Some((false, true, false, true, true)));
        assert_eq!(parse_mode(b"w+"), Some((true, true, false, true, true)));
        assert_eq!(parse_mode(b"a"), Some((false, true, true, false, true)));
        assert_eq!(parse_mode(b"a+"), Some((true, true, true, false, true)));
        assert_eq!(parse_mode(b""), None);
        assert_eq!(parse_mode(b"x"), None);
        assert_eq!(parse_mode(b"+r"), None);
    }

    #[test]
    fn disk_errors() {
        assert!(matches!(
            read_disk("/nonexistent/weft/file"),
            Err(DiskError::Errno(ENOENT))
        ));
        assert!(matches!(read_disk("/"), Err(DiskError::Errno(21))));
        assert!(matches!(
            read_disk("/dev/zero"),
            Err(DiskError::Unsupported(_))
        ));
        let me = read_disk(file!()).or_else(|_| read_disk(concat!("../../", file!())));
        assert!(me.is_ok_and(|c| c.starts_with(b"//! `FILE` streams")));
    }
}
