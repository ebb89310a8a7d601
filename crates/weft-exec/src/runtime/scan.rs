//! `sscanf` and `vsscanf` (and glibc's `__isoc99_` names for them), as
//! glibc's scanf reads strings in the C locale.
//!
//! Conversions: `%d %i %u %o %x %X %p` with `hh h l ll j z t q` (numbers
//! as `strtol`/`strtoul` read them, then truncated to the target's size,
//! as glibc does), `%f %e %g %a` and capitals with `l` and `L` (`float`
//! read as `strtof` does, without double rounding; `long double` gets the
//! `double` value), `%s`, `%c`, `%[...]` (with `^` and ranges), `%n` and
//! `%%`, widths and `*` suppression. The result is the number of
//! assignments, or EOF (-1) when the input ends before the first one, as
//! glibc counts (a suppressed conversion does not count). glibc's C23
//! flavour (`__isoc23_sscanf`, which its headers pick from C23 or
//! `_GNU_SOURCE` on glibc 2.38 and later) also reads `%b` and `0b`
//! prefixes for `%i`.
//!
//! The call is a visible `MemOp` when the input string or a target is
//! shared: it reads the input's object from the string on and writes the
//! span from the lowest to the highest shared target (string targets to
//! the end of their object). The targets are every pointer the format
//! names, whatever the input: the event does not depend on contents other
//! threads may change. Shared targets in different objects are stored one
//! per event instead (a span across objects would cover all memory
//! between them).

use super::libc::{cstr, mem_op, shared, shared_tail, Pending};
use super::parse::{is_space, scan_float, scan_int, FloatScan};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::Value;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Len {
    Char,
    Short,
    Int,
    /// `l`: `long` (`%lf`: double).
    Long,
    /// `ll`, `j`, `q`: 64 bits.
    LongLong,
    /// `z`, `t`: pointer-sized.
    Size,
    LongDouble,
}

/// The format dialect: C23's `%b`, and the data model's sizes of `long`
/// and of pointers (`size_t`, `ptrdiff_t`, `%p`).
#[derive(Clone, Copy)]
struct Dialect {
    c23: bool,
    long: u64,
    ptr: u64,
}

/// One `%` conversion of the format.
struct Spec {
    suppress: bool,
    width: Option<usize>,
    len: Len,
    conv: u8,
    /// `%[`: the bytes in the set, and whether it is negated.
    set: Option<([bool; 256], bool)>,
    /// Bytes of `long` and of a pointer.
    long: u64,
    ptr: u64,
}

impl Spec {
    /// Bytes the target of this conversion receives, if fixed.
    fn target_size(&self) -> Option<u64> {
        match self.conv {
            b's' | b'[' => None,
            b'c' => Some(self.width.unwrap_or(1) as u64),
            b'p' => Some(self.ptr),
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => Some(match self.len {
                Len::Long | Len::LongLong => 8,
                Len::LongDouble => 10,
                _ => 4,
            }),
            _ => Some(match self.len {
                Len::Char => 1,
                Len::Short => 2,
                Len::Int => 4,
                Len::Long => self.long,
                Len::Size => self.ptr,
                Len::LongLong | Len::LongDouble => 8,
            }),
        }
    }
}

/// Parses the conversion after the `%` at `fmt[i]`; returns it and the
/// index after it, or `None` for an incomplete or unknown conversion
/// (`%b` is one unless `c23`).
fn parse_spec(fmt: &[u8], mut i: usize, d: Dialect) -> Option<(Spec, usize)> {
    let c23 = d.c23;
    let suppress = fmt.get(i) == Some(&b'*');
    if suppress {
        i += 1;
    }
    let digits = fmt[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    let width = if digits > 0 {
        let w = std::str::from_utf8(&fmt[i..i + digits])
            .ok()?
            .parse::<usize>()
            .unwrap_or(usize::MAX);
        i += digits;
        Some(w).filter(|&w| w > 0)
    } else {
        None
    };
    let mut len = Len::Int;
    loop {
        match fmt.get(i)? {
            b'h' => {
                len = if len == Len::Short {
                    Len::Char
                } else {
                    Len::Short
                }
            }
            // `l`: `long` (`%lf`: double); `ll`, `j`, `q`: 64 bits; `z`,
            // `t`: pointer-sized.
            b'l' if len == Len::Long => len = Len::LongLong,
            b'l' => len = Len::Long,
            b'j' | b'q' => len = Len::LongLong,
            b'z' | b't' => len = Len::Size,
            b'L' => len = Len::LongDouble,
            _ => break,
        }
        i += 1;
    }
    let conv = *fmt.get(i)?;
    i += 1;
    let mut set = None;
    match conv {
        b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'p' | b'f' | b'F' | b'e' | b'E' | b'g'
        | b'G' | b'a' | b'A' | b's' | b'c' | b'n' | b'%' => {}
        b'b' if c23 => {}
        b'[' => {
            let mut bytes = [false; 256];
            let negate = fmt.get(i) == Some(&b'^');
            if negate {
                i += 1;
            }
            let start = i;
            loop {
                let b = *fmt.get(i)?;
                if b == b']' && i > start {
                    i += 1;
                    break;
                }
                // `a-z`: a range, unless the `-` is first or last.
                if fmt.get(i + 1) == Some(&b'-')
                    && fmt.get(i + 2).is_some_and(|&e| e != b']')
                    && fmt[i + 2] >= b
                {
                    for x in b..=fmt[i + 2] {
                        bytes[x as usize] = true;
                    }
                    i += 3;
                } else {
                    bytes[b as usize] = true;
                    i += 1;
                }
            }
            set = Some((bytes, negate));
        }
        _ => return None,
    }
    Some((
        Spec {
            suppress,
            width,
            len,
            conv,
            set,
            long: d.long,
            ptr: d.ptr,
        },
        i,
    ))
}

/// What one assignment stores: the index of its pointer among the
/// variadic arguments, and the bytes.
type Store = (usize, Vec<u8>);

/// Runs the format over the input: the stores in order and the result.
/// `c23`: glibc's `__isoc23_` scanf (`%b`, and `0b` prefixes for `%i`).
#[cfg(test)]
fn scan(input: &[u8], fmt: &[u8], c23: bool) -> (Vec<Store>, i32) {
    scan_in(
        input,
        fmt,
        Dialect {
            c23,
            long: 8,
            ptr: 8,
        },
    )
}

fn scan_in(input: &[u8], fmt: &[u8], d: Dialect) -> (Vec<Store>, i32) {
    let mut stores = Vec::new();
    let (mut pos, mut done, mut arg) = (0usize, 0i32, 0usize);
    let mut i = 0;
    let input_failure = |done: i32| if done == 0 { -1 } else { done };
    while i < fmt.len() {
        let f = fmt[i];
        if is_space(f) {
            while i < fmt.len() && is_space(fmt[i]) {
                i += 1;
            }
            while pos < input.len() && is_space(input[pos]) {
                pos += 1;
            }
            continue;
        }
        if f != b'%' {
            if pos >= input.len() {
                return (stores, input_failure(done));
            }
            if input[pos] != f {
                return (stores, done);
            }
            pos += 1;
            i += 1;
            continue;
        }
        let Some((spec, next)) = parse_spec(fmt, i + 1, d) else {
            return (stores, done); // an invalid conversion ends the scan
        };
        i = next;
        if spec.conv == b'n' {
            if !spec.suppress {
                let n = spec.target_size().unwrap_or(4) as usize;
                stores.push((arg, (pos as u64).to_le_bytes()[..n].to_vec()));
                arg += 1;
            }
            continue;
        }
        if !matches!(spec.conv, b'c' | b'[') {
            while pos < input.len() && is_space(input[pos]) {
                pos += 1;
            }
        }
        if pos >= input.len() {
            return (stores, input_failure(done));
        }
        let end = match spec.width {
            Some(w) => pos.saturating_add(w).min(input.len()),
            None if spec.conv == b'c' => (pos + 1).min(input.len()),
            None => input.len(),
        };
        let window = &input[pos..end];
        let value: Vec<u8> = match spec.conv {
            b'%' => {
                if window[0] != b'%' {
                    return (stores, done);
                }
                pos += 1;
                continue;
            }
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'p' | b'b' => {
                let base = match spec.conv {
                    b'd' | b'u' => 10,
                    b'i' => 0,
                    b'o' => 8,
                    b'b' => 2,
                    _ => 16,
                };
                let r = scan_int(window, base, d.c23);
                if r.len == 0 {
                    return (stores, done);
                }
                // glibc takes the `x` of a `0x` that no hex digit follows
                // (the number is the 0).
                let signed = matches!(window[0], b'+' | b'-') as usize;
                let lone_x = base != 8
                    && base != 10
                    && base != 2
                    && r.len == signed + 1
                    && window[signed] == b'0'
                    && matches!(window.get(r.len), Some(b'x' | b'X'));
                pos += r.len + lone_x as usize;
                // glibc converts with `strtol`/`strtoul` (`long`'s range:
                // 32 bits under ILP32), `ll` ones with the 64-bit ones.
                let bits = match spec.len {
                    Len::LongLong | Len::LongDouble => 64,
                    _ => 8 * d.long as u32,
                };
                let v = if matches!(spec.conv, b'd' | b'i') {
                    r.signed_in(bits).0 as u64
                } else {
                    r.unsigned_in(bits).0
                };
                let n = spec.target_size().unwrap_or(8) as usize;
                v.to_le_bytes()[..n].to_vec()
            }
            b's' | b'[' => {
                let take = window
                    .iter()
                    .take_while(|&&b| match &spec.set {
                        Some((set, negate)) => set[b as usize] != *negate,
                        None => !is_space(b),
                    })
                    .count();
                if take == 0 {
                    return (stores, done);
                }
                pos += take;
                let mut s = window[..take].to_vec();
                s.push(0);
                s
            }
            b'c' => {
                pos += window.len();
                window.to_vec()
            }
            _ => {
                let Some((len, r)) = scanf_float(window, spec.width) else {
                    return (stores, done);
                };
                pos += len;
                match spec.len {
                    Len::Long | Len::LongLong => r.value.to_bits().to_le_bytes().to_vec(),
                    Len::LongDouble => x87_bytes(r.value).to_vec(),
                    _ => r.value_f32.to_bits().to_le_bytes().to_vec(),
                }
            }
        };
        if !spec.suppress {
            stores.push((arg, value));
            arg += 1;
            done += 1;
        }
    }
    (stores, done)
}

/// A floating-point field as glibc's scanf reads it: the characters it
/// takes (which may be more than `strtod` would: an exponent marker and
/// its sign without digits, the `x` of a `0x` before a point) and the
/// number `strtod` makes of them, or `None` for a matching failure.
/// `nan` is read without a `(...)` suffix, and `inf` followed by `i` must
/// go on to `infinity`. A `0x` is a hexadecimal prefix only if the field's
/// `width` leaves room for a character after the `x`.
fn scanf_float(w: &[u8], width: Option<usize>) -> Option<(usize, FloatScan)> {
    let sign = matches!(w.first(), Some(b'+' | b'-')) as usize;
    let rest = &w[sign..];
    let starts =
        |word: &[u8]| rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word);
    let len = if starts(b"nan") {
        sign + 3
    } else if starts(b"inf") {
        match rest.get(3) {
            Some(b'i' | b'I') if starts(b"infinity") => sign + 8,
            Some(b'i' | b'I') => return None,
            _ => sign + 3,
        }
    } else {
        let hex = rest.len() >= 2
            && rest[0] == b'0'
            && matches!(rest[1], b'x' | b'X')
            && width.is_none_or(|w| sign + 2 < w);
        let mut i = if hex { 2 } else { 0 };
        let (mut digit, mut dot, mut exp) = (false, false, false);
        while let Some(&b) = rest.get(i) {
            let is_digit = if hex {
                b.is_ascii_hexdigit()
            } else {
                b.is_ascii_digit()
            };
            let marker = if hex { b"pP" } else { b"eE" };
            if is_digit || (exp && b.is_ascii_digit()) {
                digit = true;
            } else if b == b'.' && !dot && !exp {
                dot = true;
            } else if marker.contains(&b) && digit && !exp {
                exp = true;
                if matches!(rest.get(i + 1), Some(b'+' | b'-')) {
                    i += 1;
                }
            } else {
                break;
            }
            i += 1;
        }
        if i == 0 || (hex && i == 2) {
            return None;
        }
        sign + i
    };
    let r = scan_float(&w[..len]);
    (r.len > 0).then_some((len, r))
}

/// `v` as an x87 80-bit extended value (exact: every double is one).
fn x87_bytes(v: f64) -> [u8; 10] {
    let bits = v.to_bits();
    let sign = (bits >> 63) as u16;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    let (e, mant) = match exp {
        0 if frac == 0 => (0u16, 0u64),
        0 => {
            // A subnormal double is a normal extended value.
            let shift = frac.leading_zeros() as i32;
            ((-1022 - (shift - 11) + 16383) as u16, frac << shift)
        }
        0x7ff => (0x7fff, 1 << 63 | frac << 11),
        _ => ((exp - 1023 + 16383) as u16, 1 << 63 | frac << 11),
    };
    let mut out = [0u8; 10];
    out[..8].copy_from_slice(&mant.to_le_bytes());
    out[8..].copy_from_slice(&(sign << 15 | e).to_le_bytes());
    out
}

/// The pointer arguments, in order: after the format (`sscanf`), or from
/// a `va_list` (`vsscanf`).
fn pointers(m: &Machine, c: &Call, va: bool, n: usize) -> Vec<u64> {
    if !va {
        return (0..n).map(|k| c.addr(2 + k)).collect();
    }
    if m.dm().is_ilp32() {
        // i386's va_list is the pointer to 4-byte slots.
        let area = c.addr(2);
        return (0..n)
            .map(|k| {
                m.mem
                    .read_int(area.wrapping_add(4 * k as u64), 4)
                    .ok()
                    .flatten()
                    .unwrap_or(0) as u64
            })
            .collect();
    }
    // weft's va_list: the arguments are in its overflow area (offset 8),
    // one 8-byte slot each.
    let area = m
        .mem
        .read_int(c.addr(2).wrapping_add(8), 8)
        .ok()
        .flatten()
        .unwrap_or(0) as u64;
    (0..n)
        .map(|k| {
            m.mem
                .read_int(area.wrapping_add(8 * k as u64), 8)
                .ok()
                .flatten()
                .unwrap_or(0) as u64
        })
        .collect()
}

/// Every target the format names: (argument index, size if fixed).
fn targets(fmt: &[u8], d: Dialect) -> Vec<Option<u64>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            i += 1;
            continue;
        }
        let Some((spec, next)) = parse_spec(fmt, i + 1, d) else {
            break;
        };
        i = next;
        if !spec.suppress && spec.conv != b'%' {
            out.push(if spec.conv == b'n' {
                Some(spec.target_size().unwrap_or(4))
            } else {
                spec.target_size()
            });
        }
    }
    out
}

/// Which of the four entry points: arguments from a `va_list`, and
/// glibc's C23 flavour.
#[derive(Clone, Copy)]
struct Flavor {
    va: bool,
    c23: bool,
}

/// The shared byte range each target the format names may receive
/// (`None` for a private or invalid one), in order.
fn target_ranges(m: &Machine, c: &Call, Flavor { va, c23 }: Flavor) -> Vec<Option<(u64, u64)>> {
    let Ok(fmt) = m.mem.read_cstr(c.addr(1)) else {
        return Vec::new(); // the call reports it when it runs
    };
    let sizes = targets(&fmt, dialect(m, c23));
    let ptrs = pointers(m, c, va, sizes.len());
    ptrs.iter()
        .zip(&sizes)
        .map(|(&p, size)| match size {
            Some(n) => shared(m, p, *n, true),
            None => shared_tail(m, p, true),
        })
        .collect()
}

/// Whether the shared targets lie in more than one object: then each
/// store is an event of its own (see [`run`]), since one range over
/// several objects would cover everything between them.
fn stepwise(am: weft_ir::addr::AddrModel, ranges: &[Option<(u64, u64)>]) -> bool {
    let mut objects = ranges.iter().flatten().map(|&(a, _)| am.decode(a).0);
    let first = objects.next();
    objects.any(|o| Some(o) != first)
}

/// The store the current call is at (see [`run`]).
fn phase(m: &Machine, c: &Call) -> usize {
    m.thread(c.tid)
        .resume
        .as_ref()
        .map_or(0, |r| r.progress[0] as usize)
}

fn pending(m: &Machine, c: &Call, f: Flavor) -> Pending {
    let ranges = target_ranges(m, c, f);
    let write = if stepwise(m.mem.model(), &ranges) {
        ranges.get(phase(m, c)).copied().flatten()
    } else {
        let shared = ranges.iter().flatten();
        let lo = shared.clone().map(|&(a, _)| a).min();
        let hi = shared.map(|&(a, n)| a + n).max();
        lo.zip(hi).map(|(lo, hi)| (lo, hi - lo))
    };
    mem_op(
        if f.va { "vsscanf" } else { "sscanf" },
        shared_tail(m, c.addr(0), false),
        write,
    )
}

/// Scans and stores. When the shared targets are in several objects, the
/// call stores one target per step, each an event writing that target
/// (the phase is kept in `Thread::resume`, as `qsort` keeps its progress, and
/// the call runs again for the next); each step scans the input again,
/// as a store of another thread between two of them could change it.
fn dialect(m: &Machine, c23: bool) -> Dialect {
    Dialect {
        c23,
        long: m.dm().long,
        ptr: m.dm().ptr,
    }
}

fn run(m: &mut Machine, c: &Call, f: Flavor) -> Result<Ret, Stop> {
    let Flavor { va, c23 } = f;
    let input = cstr(m, c.addr(0))?;
    let fmt = cstr(m, c.addr(1))?;
    let ev = pending(m, c, f)?;
    let steps = stepwise(m.mem.model(), &target_ranges(m, c, f));
    let at = phase(m, c);
    m.thread_mut(c.tid).resume = None;
    let (stores, result) = scan_in(&input, &fmt, dialect(m, c23));
    let ptrs = pointers(m, c, va, stores.len());
    let todo = if steps {
        stores.len().min(at)..stores.len().min(at + 1)
    } else {
        0..stores.len()
    };
    for (k, bytes) in &stores[todo] {
        let p = ptrs.get(*k).copied().unwrap_or(0);
        m.mem
            .check(p, bytes.len() as u64, true)
            .map_err(|e| m.mem_bug(e, true))?;
        m.mem
            .write_bytes(p, bytes, &vec![true; bytes.len()])
            .map_err(|e| m.mem_bug(e, true))?;
    }
    m.last = ev;
    if steps && at + 1 < stores.len() {
        m.thread_mut(c.tid).resume = Some(Box::new(crate::thread::Resumed {
            progress: [at as u64 + 1, 0, 0],
            result: None,
        }));
        return Ok(Ret::Stay);
    }
    Ok(Ret::Value(Value::Int(result as u32 as u128)))
}

const PLAIN: Flavor = Flavor {
    va: false,
    c23: false,
};
const VA: Flavor = Flavor {
    va: true,
    c23: false,
};
const C23: Flavor = Flavor {
    va: false,
    c23: true,
};
const VA_C23: Flavor = Flavor {
    va: true,
    c23: true,
};

pub fn sscanf_pending(m: &Machine, c: &Call) -> Pending {
    pending(m, c, PLAIN)
}

pub fn vsscanf_pending(m: &Machine, c: &Call) -> Pending {
    pending(m, c, VA)
}

pub fn sscanf_c23_pending(m: &Machine, c: &Call) -> Pending {
    pending(m, c, C23)
}

pub fn vsscanf_c23_pending(m: &Machine, c: &Call) -> Pending {
    pending(m, c, VA_C23)
}

pub fn sscanf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    run(m, c, PLAIN)
}

pub fn vsscanf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    run(m, c, VA)
}

/// glibc's `__isoc23_sscanf`: also `%b` and `0b` prefixes.
pub fn sscanf_c23(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    run(m, c, C23)
}

pub fn vsscanf_c23(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    run(m, c, VA_C23)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(input: &str, fmt: &str) -> (Vec<i64>, i32) {
        let (stores, r) = scan(input.as_bytes(), fmt.as_bytes(), false);
        let vals = stores
            .into_iter()
            .map(|(_, b)| {
                let mut w = [0u8; 8];
                w[..b.len()].copy_from_slice(&b);
                let v = u64::from_le_bytes(w);
                let bits = 8 * b.len() as u32;
                ((v << (64 - bits)) as i64) >> (64 - bits)
            })
            .collect();
        (vals, r)
    }

    #[test]
    fn counts_and_values() {
        assert_eq!(ints("12 34", "%d %d"), (vec![12, 34], 2));
        assert_eq!(ints("12 x", "%d %d"), (vec![12], 1));
        assert_eq!(ints("", "%d"), (vec![], -1));
        assert_eq!(ints("   ", "%d"), (vec![], -1));
        assert_eq!(ints("x", "%d"), (vec![], 0));
        assert_eq!(ints("5", "%*d %d"), (vec![], -1));
        assert_eq!(ints("12345", "%2d%3d"), (vec![12, 345], 2));
        assert_eq!(ints("0x1f 017", "%i %i"), (vec![31, 15], 2));
        assert_eq!(ints("300", "%hhd"), (vec![44], 1));
        assert_eq!(ints("a:7%", "a:%d%%%n"), (vec![7, 4], 1));
        assert_eq!(ints("-1", "%hu"), (vec![-1], 1));
        let c23 = |input: &str, fmt: &str| scan(input.as_bytes(), fmt.as_bytes(), true).1;
        assert_eq!(c23("101 0b11", "%b %i"), 2);
        assert_eq!(ints("0b11", "%i"), (vec![0], 1));
        assert_eq!(ints("101", "%b"), (vec![], 0));
    }

    #[test]
    fn strings_and_sets() {
        let (stores, r) = scan(b"key=value;rest", b"%[^=]=%[a-z]%c", false);
        assert_eq!(r, 3);
        assert_eq!(stores[0].1, b"key\0");
        assert_eq!(stores[1].1, b"value\0");
        assert_eq!(stores[2].1, b";");
        let (stores, r) = scan(b"  hello world", b"%4s%s", false);
        assert_eq!(r, 2);
        assert_eq!(stores[0].1, b"hell\0");
        assert_eq!(stores[1].1, b"o\0");
        let (_, r) = scan(b"]x", b"%[]]", false);
        assert_eq!(r, 1);
    }

    #[test]
    fn extended_precision() {
        assert_eq!(x87_bytes(1.0), [0, 0, 0, 0, 0, 0, 0, 0x80, 0xff, 0x3f]);
        assert_eq!(x87_bytes(-2.0)[9], 0xc0);
    }
}
