//! Formatted output and messages: the `printf` family (to the console, to
//! a `FILE` stream, into a string), `puts`, `putchar`, `strerror` and
//! `perror`. Console output is captured per thread and stream, in order,
//! and shown in reports. The one formatter ([`format`]) serves them all.
//!
//! Conversions follow glibc, `%a` and `%n` included. A `printf` whose `%s`
//! reads or whose `%n` writes shared memory is a visible operation (a
//! `MemOp` reading and writing those bytes, see [`covering`]). A
//! `sprintf`-like call whose destination is shared is one too (writing the
//! bytes it writes, reading the shared strings its `%s` conversions read),
//! as is an `fprintf` to a shared `FILE` stream (see `file`).

use super::file::{self, Handle};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::{mask, sext, Value};
use weft_core::{EventKind, Stream};

/// Where `printf` takes its variadic arguments from.
enum Args<'a> {
    Values(&'a [Value], usize),
    /// An x86-64 overflow area, read in 8-byte slots.
    Area(u64, Symbolic),
    /// An i386 argument area (ILP32): 4-byte slots, 8 for `long long` and
    /// `double`.
    Area32(u64, Symbolic),
}

/// Whether an argument read from a `va_list` area held symbolic data (it
/// reads as 0, and the call then ends the execution with limit
/// `symbolic`: formatting computes on concrete values).
type Symbolic = bool;

/// An argument slot of a `va_list` area; `sym` is set when it holds
/// symbolic data.
fn slot(m: &Machine, a: u64, n: u64, sym: &mut Symbolic) -> u128 {
    match m.mem.read_int(a, n) {
        Ok(v) => v.unwrap_or(0),
        Err(crate::memory::MemError::Symbolic) => {
            *sym = true;
            0
        }
        Err(_) => 0,
    }
}

impl Args<'_> {
    /// The next argument, an `int`, `long` or pointer.
    fn next(&mut self, m: &Machine) -> u128 {
        self.next_sized(m, 4)
    }

    /// The next argument, of `bytes` bytes (4 or 8; only an ILP32 area
    /// depends on it).
    fn next_sized(&mut self, m: &Machine, bytes: u64) -> u128 {
        match self {
            Args::Values(v, i) => {
                *i += 1;
                v.get(*i - 1).map(|x| x.bits_or_zero()).unwrap_or(0)
            }
            Args::Area(a, sym) => {
                let v = slot(m, *a, 8, sym);
                *a += 8;
                v
            }
            Args::Area32(a, sym) => {
                let n = if bytes > 4 { 8 } else { 4 };
                let v = slot(m, *a, n, sym);
                *a += n;
                v
            }
        }
    }
}

/// A `%n` store: address, size in bytes, and the count to store.
type CountStore = (u64, u64, u128);

/// What formatting produced.
pub(crate) struct Formatted {
    pub text: Vec<u8>,
    /// The stores of its `%n` conversions.
    pub stores: Vec<CountStore>,
    /// The strings its `%s` conversions read: (address, bytes read).
    pub reads: Vec<(u64, u64)>,
    /// The first `%s` argument that could not be read.
    pub fault: Option<crate::memory::MemError>,
    /// The text would be longer than [`MAX_TEXT`] (it is cut short).
    pub too_long: bool,
}

/// Formats the call's output from the format string in argument `at` and
/// the arguments after it; `vararg` says whether they come from a
/// `va_list` (argument `at + 1`, as in `vprintf`).
pub(crate) fn format_call(
    m: &Machine,
    c: &Call,
    at: usize,
    vararg: bool,
) -> Result<Formatted, Stop> {
    let fmt = m
        .mem
        .read_cstr(c.addr(at))
        .map_err(|e| m.mem_bug(e, false))?;
    let args = if vararg && m.dm().is_ilp32() {
        // i386's `va_list` is the pointer into the argument area.
        Args::Area32(c.addr(at + 1), false)
    } else if vararg {
        let area = m
            .mem
            .read_int(c.addr(at + 1).wrapping_add(8), 8)
            .map_err(|e| m.mem_bug(e, false))?
            .unwrap_or(0);
        Args::Area(area as u64, false)
    } else {
        Args::Values(c.args, at + 1)
    };
    let f = format(m, &fmt, args);
    if f.too_long {
        // More than weft keeps of one call's text (the C library would
        // print it, or fail with EOVERFLOW past INT_MAX).
        return Err(Stop::Limit(weft_core::LimitKind::MaxMemory));
    }
    Ok(f)
}

/// The longest text one `printf`-like call may produce under weft: a
/// longer one (a width or precision of a billion) ends the execution as
/// `incomplete` (limit `max-memory`) instead of exhausting weft's memory.
const MAX_TEXT: usize = 64 << 20;

/// The shared bytes the `%n` conversions of `f` store to: see [`covering`].
fn shared_stores(m: &Machine, f: &Formatted) -> Option<(u64, u64)> {
    covering(
        m.mem.model(),
        f.stores
            .iter()
            .filter(|&&(a, n, _)| n > 0 && m.mem.is_shared(a))
            .map(|&(a, n, _)| (a, n)),
    )
}

/// The event of a `printf`-like call to the console: a write of the
/// shared bytes its `%n` conversions store to, and a read of the shared
/// strings its `%s` conversions print (see [`shared_reads`]), if any.
fn pending(
    m: &Machine,
    c: &Call,
    at: usize,
    vararg: bool,
    name: &'static str,
) -> Result<Option<EventKind>, Stop> {
    let fmt = m
        .mem
        .read_cstr(c.addr(at))
        .map_err(|e| m.mem_bug(e, false))?;
    if !fmt.contains(&b'n') && !fmt.contains(&b's') {
        return Ok(None);
    }
    let f = format_call(m, c, at, vararg)?;
    let (read, write) = (shared_reads(m, &f), shared_stores(m, &f));
    Ok(
        (read.is_some() || write.is_some()).then_some(EventKind::MemOp {
            buffered: false,
            name,
            read,
            write,
            stream: None,
        }),
    )
}

/// The shared bytes the `%s` conversions of `f` read: see [`covering`].
fn shared_reads(m: &Machine, f: &Formatted) -> Option<(u64, u64)> {
    covering(
        m.mem.model(),
        f.reads
            .iter()
            .filter(|&&(a, _)| !m.mem.is_constant(a))
            .filter_map(|&(a, n)| super::libc::shared(m, a, n, false)),
    )
}

/// The smallest range covering `ranges` when they lie in one object, else
/// the first one: a `MemOp` names one range, and one spanning several
/// objects would cover everything between them (the README lists this
/// limit).
fn covering(
    am: weft_ir::addr::AddrModel,
    mut ranges: impl Iterator<Item = (u64, u64)>,
) -> Option<(u64, u64)> {
    let first = ranges.next()?;
    let object = am.decode(first.0).0;
    let (mut lo, mut hi) = (first.0, first.0 + first.1);
    for (a, n) in ranges {
        if am.decode(a).0 != object {
            return Some(first);
        }
        lo = lo.min(a);
        hi = hi.max(a + n);
    }
    Some((lo, hi - lo))
}

pub fn printf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    pending(m, c, 0, false, "printf")
}

pub fn vprintf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    pending(m, c, 0, true, "vprintf")
}

pub fn printf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let f = format_call(m, c, 0, false)?;
    if !f.stores.is_empty() || !f.reads.is_empty() {
        m.last = printf_pending(m, c)?;
    }
    run(m, c, Handle::Std(1), f)
}

pub fn vprintf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let f = format_call(m, c, 0, true)?;
    if !f.stores.is_empty() || !f.reads.is_empty() {
        m.last = vprintf_pending(m, c)?;
    }
    run(m, c, Handle::Std(1), f)
}

/// The event of `fprintf`/`vfprintf`: on a standard stream, as `printf`'s;
/// on a file, the stream, the shared strings its `%s` conversions read and the
/// shared `%n` targets.
fn fprintf_event(
    m: &Machine,
    c: &Call,
    vararg: bool,
    name: &'static str,
) -> Result<Option<EventKind>, Stop> {
    let fp = c.addr(0);
    if !matches!(file::handle(m, fp, name), Ok(Handle::File(_))) {
        return pending(m, c, 1, vararg, name);
    }
    let f = format_call(m, c, 1, vararg)?;
    let read = shared_reads(m, &f);
    file::stream_op(m, name, fp, read, shared_stores(m, &f))
}

pub fn fprintf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    fprintf_event(m, c, false, "fprintf")
}

pub fn vfprintf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    fprintf_event(m, c, true, "vfprintf")
}

pub fn fprintf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = file::handle(m, c.addr(0), "fprintf")?;
    m.last = fprintf_pending(m, c)?;
    let f = format_call(m, c, 1, false)?;
    run(m, c, h, f)
}

pub fn vfprintf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let h = file::handle(m, c.addr(0), "vfprintf")?;
    m.last = vfprintf_pending(m, c)?;
    let f = format_call(m, c, 1, true)?;
    run(m, c, h, f)
}

pub fn dprintf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    pending(m, c, 1, false, "dprintf")
}

pub fn vdprintf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    pending(m, c, 1, true, "vdprintf")
}

pub fn dprintf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    fd_printf(m, c, false)
}

pub fn vdprintf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    fd_printf(m, c, true)
}

/// `dprintf` to descriptor 1 (stdout) or 2 (stderr); any other
/// descriptor fails with `EBADF` (weft has no other open descriptors).
fn fd_printf(m: &mut Machine, c: &Call, vararg: bool) -> Result<Ret, Stop> {
    let h = match c.arg(0) as u32 {
        1 => Handle::Std(1),
        2 => Handle::Std(2),
        _ => {
            m.set_errno(c.tid, file::EBADF)?;
            return Ok(Ret::Value(Value::Int(mask(u128::MAX, 32))));
        }
    };
    let f = format_call(m, c, 1, vararg)?;
    if !f.stores.is_empty() {
        m.last = pending(m, c, 1, vararg, if vararg { "vdprintf" } else { "dprintf" })?;
    }
    run(m, c, h, f)
}

/// Writes formatted text `f` to `h`, storing the `%n` counts.
fn run(m: &mut Machine, c: &Call, h: Handle, f: Formatted) -> Result<Ret, Stop> {
    if let Some(e) = f.fault {
        return Err(m.mem_bug(e, false));
    }
    let text = f.text;
    // Output and stores happen in order: the text up to a `%n` is printed
    // even when its store faults.
    let mut printed = 0;
    let mut ok = true;
    for (a, n, count) in f.stores {
        let upto = count as usize;
        ok &= file::write(m, c.tid, h, &text[printed..upto])?;
        printed = upto;
        if let Err(e) = m.mem.write_int(a, n, Some(mask(count, 8 * n as u32))) {
            return Err(m.mem_bug(e, true));
        }
    }
    ok &= file::write(m, c.tid, h, &text[printed..])?;
    let n = if ok { text.len() as i64 } else { -1 };
    Ok(Ret::Value(Value::Int(mask(n as i128 as u128, 32))))
}

/// `sprintf`-like calls: where the destination is (argument 0), the size
/// argument if any, and where the format string is.
#[derive(Clone, Copy)]
struct Dest {
    name: &'static str,
    sized: bool,
    vararg: bool,
}

impl Dest {
    fn fmt_at(self) -> usize {
        if self.sized {
            2
        } else {
            1
        }
    }

    /// How many bytes the call writes to its destination, text and NUL.
    fn written(self, c: &Call, len: usize) -> u64 {
        let len = len as u64 + 1;
        if self.sized {
            len.min(c.arg(1) as u64)
        } else {
            len
        }
    }
}

const SPRINTF: Dest = Dest {
    name: "sprintf",
    sized: false,
    vararg: false,
};
const SNPRINTF: Dest = Dest {
    name: "snprintf",
    sized: true,
    vararg: false,
};
const VSPRINTF: Dest = Dest {
    name: "vsprintf",
    sized: false,
    vararg: true,
};
const VSNPRINTF: Dest = Dest {
    name: "vsnprintf",
    sized: true,
    vararg: true,
};

/// The event of a `sprintf`-like call: the shared destination bytes it
/// writes (else its shared `%n` targets), and the shared strings its `%s`
/// conversions read.
fn dest_pending(m: &Machine, c: &Call, d: Dest) -> Result<Option<EventKind>, Stop> {
    let f = format_call(m, c, d.fmt_at(), d.vararg)?;
    let n = d.written(c, f.text.len());
    let write = super::libc::shared(m, c.addr(0), n, true).or_else(|| shared_stores(m, &f));
    let read = shared_reads(m, &f);
    Ok(
        (read.is_some() || write.is_some()).then_some(EventKind::MemOp {
            buffered: false,
            name: d.name,
            read,
            write,
            stream: None,
        }),
    )
}

/// Runs a `sprintf`-like call: the text and a NUL go to the destination
/// (truncated to the size for the `n` variants; a destination too small
/// is a memory bug); returns the length of the full text.
fn dest_run(m: &mut Machine, c: &Call, d: Dest) -> Result<Ret, Stop> {
    let f = format_call(m, c, d.fmt_at(), d.vararg)?;
    if let Some(e) = f.fault {
        return Err(m.mem_bug(e, false));
    }
    m.last = dest_pending(m, c, d)?;
    let n = d.written(c, f.text.len()) as usize;
    if n > 0 {
        let mut bytes = f.text[..n - 1].to_vec();
        bytes.push(0);
        m.mem
            .write_bytes(c.addr(0), &bytes, &vec![true; n])
            .map_err(|e| m.mem_bug(e, true))?;
    }
    for (a, size, count) in f.stores {
        m.mem
            .write_int(a, size, Some(mask(count, 8 * size as u32)))
            .map_err(|e| m.mem_bug(e, true))?;
    }
    Ok(Ret::Value(Value::Int(mask(f.text.len() as u128, 32))))
}

/// The `sprintf` family's entry points: `(pending, run): how`.
macro_rules! dest_calls {
    ($($pending:ident, $run:ident: $d:expr;)*) => {$(
        pub fn $pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
            dest_pending(m, c, $d)
        }
        pub fn $run(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
            dest_run(m, c, $d)
        }
    )*};
}

dest_calls! {
    sprintf_pending, sprintf: SPRINTF;
    snprintf_pending, snprintf: SNPRINTF;
    vsprintf_pending, vsprintf: VSPRINTF;
    vsnprintf_pending, vsnprintf: VSNPRINTF;
}

/// The event of `asprintf`/`vasprintf`: the write of the new string's
/// address to a shared `*strp`, the shared strings its `%s` conversions
/// read.
fn alloc_pending(
    m: &Machine,
    c: &Call,
    vararg: bool,
    name: &'static str,
) -> Result<Option<EventKind>, Stop> {
    let f = format_call(m, c, 1, vararg)?;
    let write =
        super::libc::shared(m, c.addr(0), m.dm().ptr, true).or_else(|| shared_stores(m, &f));
    let read = shared_reads(m, &f);
    Ok(
        (read.is_some() || write.is_some()).then_some(EventKind::MemOp {
            buffered: false,
            name,
            read,
            write,
            stream: None,
        }),
    )
}

/// `asprintf`/`vasprintf`: the text in a new heap block (freed with
/// `free`) whose address goes to `*strp`; returns the length, or -1 (and
/// leaves `*strp` alone) when memory runs out.
fn alloc_run(m: &mut Machine, c: &Call, vararg: bool, name: &'static str) -> Result<Ret, Stop> {
    let f = format_call(m, c, 1, vararg)?;
    if let Some(e) = f.fault {
        return Err(m.mem_bug(e, false));
    }
    m.mem
        .check(c.addr(0), m.dm().ptr, true)
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = alloc_pending(m, c, vararg, name)?;
    let mut text = f.text;
    text.push(0);
    let block = match m.alloc_object(
        c.tid,
        text.len() as u64,
        crate::memory::ObjKind::Heap,
        false,
    ) {
        Ok(a) => a,
        Err(e @ crate::memory::AllocError::Exhausted) => return Err(m.alloc_stop(e)),
        Err(_) => return Ok(Ret::Value(Value::Int(mask(u128::MAX, 32)))),
    };
    m.mem
        .write_bytes(block, &text, &vec![true; text.len()])
        .map_err(|e| m.mem_bug(e, true))?;
    for (a, size, count) in f.stores {
        m.mem
            .write_int(a, size, Some(mask(count, 8 * size as u32)))
            .map_err(|e| m.mem_bug(e, true))?;
    }
    m.mem
        .write_int(c.addr(0), m.dm().ptr, Some(block as u128))
        .map_err(|e| m.mem_bug(e, true))?;
    Ok(Ret::Value(Value::Int(mask(text.len() as u128 - 1, 32))))
}

pub fn asprintf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    alloc_pending(m, c, false, "asprintf")
}
pub fn asprintf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    alloc_run(m, c, false, "asprintf")
}
pub fn vasprintf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    alloc_pending(m, c, true, "vasprintf")
}
pub fn vasprintf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    alloc_run(m, c, true, "vasprintf")
}

/// `puts` of a shared string reads it: a `MemOp` reading the string and
/// its terminating NUL.
pub fn puts_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    let a = c.addr(0);
    let Ok(s) = m.mem.read_cstr(a) else {
        return Ok(None); // the call reports the bug when it runs
    };
    if m.mem.is_constant(a) {
        return Ok(None);
    }
    Ok(
        super::libc::shared(m, a, s.len() as u64 + 1, false).map(|r| EventKind::MemOp {
            buffered: false,
            name: "puts",
            read: Some(r),
            write: None,
            stream: None,
        }),
    )
}

pub fn puts(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let mut s = m
        .mem
        .read_cstr(c.addr(0))
        .map_err(|e| m.mem_bug(e, false))?;
    m.last = puts_pending(m, c)?;
    s.push(b'\n');
    emit(m, c, s)
}

pub fn putchar(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let ch = c.arg(0) as u8;
    m.print(c.tid, Stream::Stdout, &String::from_utf8_lossy(&[ch]));
    Ok(Ret::Value(Value::Int(ch as u128)))
}

fn emit(m: &mut Machine, c: &Call, text: Vec<u8>) -> Result<Ret, Stop> {
    let n = text.len();
    m.print(c.tid, Stream::Stdout, &String::from_utf8_lossy(&text));
    Ok(Ret::Value(Value::Int(n as u128)))
}

/// glibc's message for `errno` value `e`.
pub(crate) fn error_message(e: u32) -> String {
    let known = match e {
        0 => "Success",
        1 => "Operation not permitted",
        2 => "No such file or directory",
        3 => "No such process",
        4 => "Interrupted system call",
        5 => "Input/output error",
        6 => "No such device or address",
        7 => "Argument list too long",
        8 => "Exec format error",
        9 => "Bad file descriptor",
        10 => "No child processes",
        11 => "Resource temporarily unavailable",
        12 => "Cannot allocate memory",
        13 => "Permission denied",
        14 => "Bad address",
        15 => "Block device required",
        16 => "Device or resource busy",
        17 => "File exists",
        18 => "Invalid cross-device link",
        19 => "No such device",
        20 => "Not a directory",
        21 => "Is a directory",
        22 => "Invalid argument",
        23 => "Too many open files in system",
        24 => "Too many open files",
        25 => "Inappropriate ioctl for device",
        26 => "Text file busy",
        27 => "File too large",
        28 => "No space left on device",
        29 => "Illegal seek",
        30 => "Read-only file system",
        31 => "Too many links",
        32 => "Broken pipe",
        33 => "Numerical argument out of domain",
        34 => "Numerical result out of range",
        35 => "Resource deadlock avoided",
        36 => "File name too long",
        37 => "No locks available",
        38 => "Function not implemented",
        39 => "Directory not empty",
        40 => "Too many levels of symbolic links",
        75 => "Value too large for defined data type",
        95 => "Operation not supported",
        110 => "Connection timed out",
        125 => "Operation canceled",
        130 => "Owner died",
        131 => "State not recoverable",
        _ => return format!("Unknown error {}", e as i32),
    };
    known.to_string()
}

/// `strerror(e)`: a string of the calling thread's, made at its first
/// request for `e` and returned again for the same `e` (the program must
/// not modify it, as C says).
pub fn strerror(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let e = c.arg(0) as u32;
    if let Some(&a) = m.files.messages.get(&(c.tid, e)) {
        return Ok(Ret::Value(Value::Int(a as u128)));
    }
    let mut text = error_message(e).into_bytes();
    text.push(0);
    let space = weft_ir::addr::thread_space(c.tid);
    let a = m
        .mem
        .alloc(
            space,
            text.len() as u64,
            crate::memory::ObjKind::Stack,
            true,
        )
        .map_err(|e| m.alloc_stop(e))?;
    m.mem
        .write_bytes(a, &text, &vec![true; text.len()])
        .map_err(|e| m.mem_bug(e, true))?;
    crate::cow::make_mut(&mut m.files)
        .messages
        .insert((c.tid, e), a);
    Ok(Ret::Value(Value::Int(a as u128)))
}

/// `perror(s)`: `s: message\n` (just the message if `s` is NULL or empty)
/// on `stderr`, for the calling thread's `errno`.
pub fn perror(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let prefix = match c.addr(0) {
        0 => Vec::new(),
        a => m.mem.read_cstr(a).map_err(|e| m.mem_bug(e, false))?,
    };
    let errno = m.errno_location(c.tid)?;
    let e = m
        .mem
        .read_int(errno, 4)
        .map_err(|e| m.mem_bug(e, false))?
        .unwrap_or(0) as u32;
    let mut text = prefix;
    if !text.is_empty() {
        text.extend_from_slice(b": ");
    }
    text.extend(error_message(e).into_bytes());
    text.push(b'\n');
    file::write(m, c.tid, Handle::Std(2), &text)?;
    Ok(Ret::Value(Value::ZERO))
}

/// One parsed conversion specification.
#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
    /// Integer width in bits from the length modifier.
    bits: u32,
}

/// The text `fmt` produces, the stores of its `%n` conversions and the
/// strings its `%s` conversions read.
fn format(m: &Machine, fmt: &[u8], mut args: Args) -> Formatted {
    let mut out = Vec::new();
    let mut stores = Vec::new();
    let mut reads = Vec::new();
    let mut fault = None;
    let mut too_long = false;
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        i += 1;
        let (spec, conv, next) = parse_spec(m, fmt, i, &mut args);
        i = next;
        // A `%s` precision only bounds what is read; any other width or
        // precision this large is text weft will not build.
        let prec = if conv == b's' {
            0
        } else {
            spec.prec.unwrap_or(0)
        };
        if spec.width.max(prec).saturating_add(out.len()) > MAX_TEXT {
            too_long = true;
            break;
        }
        if conv == b'n' {
            let a = args.next(m) as u64;
            stores.push((a, spec.bits as u64 / 8, out.len() as u128));
            continue;
        }
        let body = convert(m, &spec, conv, &mut args, &mut reads, &mut fault);
        pad(&mut out, &spec, body, conv);
    }
    if let Args::Area(_, true) | Args::Area32(_, true) = args {
        fault.get_or_insert(crate::memory::MemError::Symbolic);
    }
    Formatted {
        too_long: too_long || out.len() > MAX_TEXT,
        text: out,
        stores,
        reads,
        fault,
    }
}

fn parse_spec(m: &Machine, fmt: &[u8], mut i: usize, args: &mut Args) -> (Spec, u8, usize) {
    let long_bits = 8 * m.dm().long as u32;
    let ptr_bits = 8 * m.dm().ptr as u32;
    let mut longs = 0;
    let mut s = Spec {
        bits: 32,
        ..Spec::default()
    };
    while i < fmt.len() {
        match fmt[i] {
            b'-' => s.left = true,
            b'+' => s.plus = true,
            b' ' => s.space = true,
            b'#' => s.alt = true,
            b'0' => s.zero = true,
            _ => break,
        }
        i += 1;
    }
    if fmt.get(i) == Some(&b'*') {
        let w = sext(args.next(m), 32);
        s.left |= w < 0;
        s.width = w.unsigned_abs() as usize;
        i += 1;
    }
    while let Some(d) = fmt.get(i).filter(|c| c.is_ascii_digit()) {
        s.width = s
            .width
            .saturating_mul(10)
            .saturating_add((d - b'0') as usize);
        i += 1;
    }
    if fmt.get(i) == Some(&b'.') {
        i += 1;
        let mut p = 0usize;
        if fmt.get(i) == Some(&b'*') {
            p = sext(args.next(m), 32).max(0) as usize;
            i += 1;
        }
        while let Some(d) = fmt.get(i).filter(|c| c.is_ascii_digit()) {
            p = p.saturating_mul(10).saturating_add((d - b'0') as usize);
            i += 1;
        }
        s.prec = Some(p);
    }
    while let Some(&c) = fmt.get(i) {
        s.bits = match c {
            b'h' if s.bits == 16 => 8,
            b'h' => 16,
            // `l` is `long`'s width, `ll` 64 bits; `z` and `t` are
            // pointer-sized (ILP32: 32 bits).
            b'l' => {
                longs += 1;
                if longs > 1 {
                    64
                } else {
                    long_bits
                }
            }
            b'z' | b't' => ptr_bits,
            b'j' | b'q' => 64,
            b'L' => 64,
            _ => break,
        };
        i += 1;
    }
    let conv = fmt.get(i).copied().unwrap_or(b'%');
    (s, conv, i + 1)
}

fn convert(
    m: &Machine,
    s: &Spec,
    conv: u8,
    args: &mut Args,
    reads: &mut Vec<(u64, u64)>,
    fault: &mut Option<crate::memory::MemError>,
) -> Vec<u8> {
    match conv {
        b'd' | b'i' => {
            let v = sext(mask(args.next_sized(m, s.bits as u64 / 8), s.bits), s.bits);
            let sign = if v < 0 {
                "-"
            } else if s.plus {
                "+"
            } else if s.space {
                " "
            } else {
                ""
            };
            number(sign, v.unsigned_abs().to_string(), s)
        }
        b'u' | b'x' | b'X' | b'o' => {
            let v = mask(args.next_sized(m, s.bits as u64 / 8), s.bits);
            match conv {
                b'u' => number("", v.to_string(), s),
                b'x' => prefixed(s, "0x", format!("{v:x}")),
                b'X' => prefixed(s, "0X", format!("{v:X}")),
                _ => prefixed(s, "0", format!("{v:o}")),
            }
        }
        b'c' => vec![args.next(m) as u8],
        b's' => {
            let a = args.next(m) as u64;
            let text = match (a, s.prec) {
                (0, _) => return b"(null)".to_vec(),
                (_, Some(p)) => match bounded_str(m, a, p) {
                    Ok(t) => t,
                    Err(e) => {
                        fault.get_or_insert(e);
                        Vec::new()
                    }
                },
                _ => match m.mem.read_cstr(a) {
                    Ok(t) => t,
                    Err(e) => {
                        fault.get_or_insert(e);
                        Vec::new()
                    }
                },
            };
            // The bytes read: the text, and the NUL that ended it if any.
            let end = (text.len() as u64 + 1).min(s.prec.map_or(u64::MAX, |p| p as u64));
            if end > 0 {
                reads.push((a, end));
            }
            text
        }
        b'p' => match args.next(m) as u64 {
            0 => b"(nil)".to_vec(),
            a => format!("{a:#x}").into_bytes(),
        },
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
            let v = f64::from_bits(args.next_sized(m, 8) as u64);
            float(v, s, conv).into_bytes()
        }
        b'%' => b"%".to_vec(),
        other => vec![b'%', other],
    }
}

/// Applies precision (minimum digits) to an unsigned digit string.
fn number(sign: &str, digits: String, s: &Spec) -> Vec<u8> {
    let digits = match s.prec {
        Some(0) if digits == "0" => String::new(),
        Some(p) if digits.len() < p => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    };
    format!("{sign}{digits}").into_bytes()
}

fn prefixed(s: &Spec, prefix: &str, digits: String) -> Vec<u8> {
    let zero = digits == "0";
    let body = number("", digits, s);
    if s.alt && !zero && !(prefix == "0" && body.starts_with(b"0")) {
        let mut v = prefix.as_bytes().to_vec();
        v.extend(body);
        v
    } else {
        body
    }
}

fn pad(out: &mut Vec<u8>, s: &Spec, body: Vec<u8>, conv: u8) {
    let fill = s.width.saturating_sub(body.len());
    if s.left {
        out.extend(&body);
        out.extend(std::iter::repeat_n(b' ', fill));
        return;
    }
    let numeric = b"diuxXofFeEgGaA".contains(&conv);
    let finite = !body.iter().any(|c| {
        c.is_ascii_alphabetic() && b"nNiI".contains(c) && numeric && conv != b'x' && conv != b'X'
    });
    if s.zero && numeric && (s.prec.is_none() || b"fFeEgGaA".contains(&conv)) && finite {
        let sign_len = body.iter().take_while(|c| b"+- ".contains(c)).count();
        let prefix_len =
            if body[sign_len..].starts_with(b"0x") || body[sign_len..].starts_with(b"0X") {
                2
            } else {
                0
            };
        let split = sign_len + prefix_len;
        out.extend(&body[..split]);
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend(&body[split..]);
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend(&body);
    }
}

/// C-style floating-point conversion.
fn float(v: f64, s: &Spec, conv: u8) -> String {
    let upper = conv.is_ascii_uppercase();
    let sign = if v.is_sign_negative() {
        "-"
    } else if s.plus {
        "+"
    } else if s.space {
        " "
    } else {
        ""
    };
    let a = v.abs();
    let body = if a.is_nan() {
        "nan".to_string()
    } else if a.is_infinite() {
        "inf".to_string()
    } else {
        let p = s.prec.unwrap_or(6);
        match conv.to_ascii_lowercase() {
            b'f' => fixed(a, p, s.alt),
            b'e' => exp(a, p, s.alt),
            b'a' => hex_float(a, s.prec, s.alt),
            _ => general(a, p, s.alt),
        }
    };
    let text = format!("{sign}{body}");
    if upper {
        text.to_uppercase()
    } else {
        text
    }
}

/// `%a` of a finite, non-negative double, as glibc prints it: `0x1.8p+0`;
/// subnormals as `0x0.…p-1022`; without a precision, the exact value with
/// trailing zeros dropped; with one, rounded to nearest with ties to even,
/// a carry going into the leading digit (`0x2p+0`).
fn hex_float(a: f64, prec: Option<usize>, alt: bool) -> String {
    const DIGITS: usize = 13;
    let bits = a.to_bits();
    let biased = (bits >> 52) & 0x7ff;
    let mut frac = bits & ((1 << 52) - 1);
    let (mut lead, e) = match (biased, frac) {
        (0, 0) => (0u64, 0i64),
        (0, _) => (0, -1022),
        _ => (1, biased as i64 - 1023),
    };
    let digits = match prec {
        None => {
            let t = format!("{frac:013x}");
            t.trim_end_matches('0').to_string()
        }
        Some(p) if p >= DIGITS => format!("{frac:013x}{}", "0".repeat(p - DIGITS)),
        Some(p) => {
            let shift = 4 * (DIGITS - p) as u32;
            let rest = frac & ((1u64 << shift) - 1);
            let half = 1u64 << (shift - 1);
            frac >>= shift;
            let odd = if p == 0 { lead & 1 } else { frac & 1 } == 1;
            if rest > half || (rest == half && odd) {
                frac += 1;
                if p == 0 || frac >> (4 * p) != 0 {
                    frac &= (1u64 << (4 * p)) - 1;
                    lead += 1;
                }
            }
            if p == 0 {
                String::new()
            } else {
                format!("{frac:0p$x}")
            }
        }
    };
    let dot = if digits.is_empty() && !alt { "" } else { "." };
    format!("0x{lead}{dot}{digits}p{e:+}")
}

fn fixed(a: f64, p: usize, alt: bool) -> String {
    let mut t = format!("{a:.p$}");
    if alt && p == 0 {
        t.push('.');
    }
    t
}

fn exp(a: f64, p: usize, alt: bool) -> String {
    let t = format!("{a:.p$e}");
    let (mant, e) = t.split_once('e').unwrap_or((&t, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let dot = if alt && p == 0 { "." } else { "" };
    format!(
        "{mant}{dot}e{}{:02}",
        if e < 0 { '-' } else { '+' },
        e.abs()
    )
}

fn general(a: f64, p: usize, alt: bool) -> String {
    let p = p.max(1);
    let x = if a == 0.0 {
        0
    } else {
        let t = format!("{a:.*e}", p - 1);
        t.split_once('e')
            .and_then(|(_, e)| e.parse::<i32>().ok())
            .unwrap_or(0)
    };
    let t = if (x as i64) < p as i64 && x >= -4 {
        fixed(a, (p as i64 - 1 - x as i64) as usize, alt)
    } else {
        exp(a, p - 1, alt)
    };
    if alt {
        return t;
    }
    strip_zeros(t)
}

fn strip_zeros(t: String) -> String {
    let (mant, e) = match t.find('e') {
        Some(i) => (&t[..i], &t[i..]),
        None => (&t[..], ""),
    };
    if !mant.contains('.') {
        return t.clone();
    }
    let m = mant.trim_end_matches('0').trim_end_matches('.');
    format!("{m}{e}")
}

/// At most `n` bytes of the string at `a`, stopping at NUL (or at an
/// uninitialised byte); needs no NUL. Reading past the object is an error.
fn bounded_str(m: &Machine, a: u64, n: usize) -> Result<Vec<u8>, crate::memory::MemError> {
    let mut out = Vec::new();
    for k in 0..n as u64 {
        match m.mem.read_int(a.wrapping_add(k), 1)? {
            Some(0) | None => break,
            Some(b) => out.push(b as u8),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_messages_are_glibcs() {
        assert_eq!(error_message(0), "Success");
        assert_eq!(error_message(2), "No such file or directory");
        assert_eq!(error_message(110), "Connection timed out");
        assert_eq!(error_message(4321), "Unknown error 4321");
        assert_eq!(error_message(u32::MAX), "Unknown error -1");
    }
}
