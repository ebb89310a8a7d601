//! Number parsing: `strtol`, `strtoul`, `strtoll`, `strtoull`, `strtod`,
//! `strtof`, `atoi`, `atol`, `atoll`, `atof`, with glibc's results in the C
//! locale: leading white space, signs, bases 0 and 2..36 with `0x`
//! prefixes, `endptr`, clamping with `errno = ERANGE` on overflow, and for
//! floating point decimal and hexadecimal forms, `inf`/`infinity` and
//! `nan`/`nan(...)`, correctly rounded.
//!
//! The scanners here are pure functions on bytes ([`scan_int`],
//! [`scan_float`]); `sscanf` (in `scan.rs`) uses them too. A call whose
//! string or `endptr` target is shared is a visible `MemOp` (reading the
//! string's object from the string on, writing the 8-byte `*endptr`).

use super::libc::{cstr, mem_op, shared, shared_tail, Pending};
use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::{mask, Value};

pub const ERANGE: u32 = 34;
pub const EINVAL: u32 = 22;

type Run = Result<Ret, Stop>;

/// C's `isspace` in the C locale.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r')
}

fn digit(b: u8) -> Option<u32> {
    match b {
        b'0'..=b'9' => Some((b - b'0') as u32),
        b'a'..=b'z' => Some((b - b'a') as u32 + 10),
        b'A'..=b'Z' => Some((b - b'A') as u32 + 10),
        _ => None,
    }
}

/// An integer as `strtoul` reads it: the magnitude (saturated past
/// `u64::MAX`), the sign, and how many bytes it took (0: no conversion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntScan {
    pub negative: bool,
    pub magnitude: u64,
    /// The magnitude did not fit in 64 bits.
    pub overflow: bool,
    pub len: usize,
}

impl IntScan {
    /// As `strtol`/`strtoll` returns it: clamped to the `i64` range.
    pub fn signed(&self) -> (i64, bool) {
        let m = self.magnitude;
        match (self.negative, self.overflow) {
            (false, false) if m <= i64::MAX as u64 => (m as i64, false),
            (false, _) => (i64::MAX, true),
            (true, false) if m <= 1 << 63 => ((m as i64).wrapping_neg(), false),
            (true, _) => (i64::MIN, true),
        }
    }

    /// As `strtol` returns it for a `bits`-bit `long` (ILP32: 32).
    pub fn signed_in(&self, bits: u32) -> (i64, bool) {
        let (v, range) = self.signed();
        if bits >= 64 {
            return (v, range);
        }
        let (lo, hi) = (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1);
        match v {
            v if v > hi => (hi, true),
            v if v < lo => (lo, true),
            v => (v, range),
        }
    }

    /// As `strtoul` returns it for a `bits`-bit `unsigned long`.
    pub fn unsigned_in(&self, bits: u32) -> (u64, bool) {
        if bits >= 64 {
            return self.unsigned();
        }
        let max = (1u64 << bits) - 1;
        match (self.overflow || self.magnitude > max, self.negative) {
            (true, _) => (max, true),
            (false, true) => (self.magnitude.wrapping_neg() & max, false),
            (false, false) => (self.magnitude, false),
        }
    }

    /// As `strtoul`/`strtoull` returns it: `ULONG_MAX` past the range, a
    /// negated magnitude for a minus sign.
    pub fn unsigned(&self) -> (u64, bool) {
        match (self.overflow, self.negative) {
            (true, _) => (u64::MAX, true),
            (false, true) => (self.magnitude.wrapping_neg(), false),
            (false, false) => (self.magnitude, false),
        }
    }
}

/// Reads an integer in `base` (0 or 2..=36; the caller checks) from the
/// start of `s`, as `strtol` does (white space, sign, `0x`/`0X` for bases
/// 16 and 0, a leading `0` meaning octal for base 0), and with `binary`
/// C23's `0b`/`0B` prefix for bases 2 and 0 too (glibc's
/// `__isoc23_strtol`, which its headers pick from C23 or `_GNU_SOURCE` on
/// glibc 2.38 and later).
pub fn scan_int(s: &[u8], base: u32, binary: bool) -> IntScan {
    let mut i = 0;
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    let mut negative = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        negative = s[i] == b'-';
        i += 1;
    }
    let mut base = base;
    let hex_prefix = s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'x' | b'X'))
        && s.get(i + 2).and_then(|&b| digit(b)).is_some_and(|d| d < 16);
    let bin_prefix = binary
        && s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'b' | b'B'))
        && matches!(s.get(i + 2), Some(b'0' | b'1'));
    if (base == 0 || base == 16) && hex_prefix {
        i += 2;
        base = 16;
    } else if (base == 0 || base == 2) && bin_prefix {
        i += 2;
        base = 2;
    } else if base == 0 {
        base = if s.get(i) == Some(&b'0') { 8 } else { 10 };
    }
    let start = i;
    let (mut magnitude, mut overflow) = (0u64, false);
    while let Some(d) = s.get(i).and_then(|&b| digit(b)).filter(|&d| d < base) {
        match magnitude
            .checked_mul(base as u64)
            .and_then(|v| v.checked_add(d as u64))
        {
            Some(v) => magnitude = v,
            None => overflow = true,
        }
        i += 1;
    }
    IntScan {
        negative,
        magnitude,
        overflow,
        len: if i == start { 0 } else { i },
    }
}

/// A floating-point number as `strtod` reads it, and how many bytes it
/// took (0: no conversion).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatScan {
    pub value: f64,
    /// The same text rounded directly to `float` (no double rounding).
    pub value_f32: f32,
    pub len: usize,
    /// Out of range (`ERANGE`): digits that were not all zero gave 0 or a
    /// subnormal (underflow), or a finite number gave infinity (overflow).
    pub range: bool,
    pub range_f32: bool,
}

fn lower_prefix(s: &[u8], word: &[u8]) -> bool {
    s.len() >= word.len() && s[..word.len()].eq_ignore_ascii_case(word)
}

/// Reads a floating-point number from the start of `s`, as `strtod` does.
pub fn scan_float(s: &[u8]) -> FloatScan {
    let none = FloatScan {
        value: 0.0,
        value_f32: 0.0,
        len: 0,
        range: false,
        range_f32: false,
    };
    let mut i = 0;
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    let mut negative = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        negative = s[i] == b'-';
        i += 1;
    }
    let sign = |v: f64| if negative { -v } else { v };
    let rest = &s[i..];
    let special = |v: f64, len: usize| FloatScan {
        value: sign(v),
        value_f32: sign(v) as f32,
        len: i + len,
        range: false,
        range_f32: false,
    };
    if lower_prefix(rest, b"infinity") {
        return special(f64::INFINITY, 8);
    }
    if lower_prefix(rest, b"inf") {
        return special(f64::INFINITY, 3);
    }
    if lower_prefix(rest, b"nan") {
        let mut len = 3;
        if rest.get(3) == Some(&b'(') {
            let inner = rest[4..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
            if rest.get(4 + inner) == Some(&b')') {
                len = 5 + inner;
            }
        }
        return special(f64::NAN, len);
    }
    let hex = rest.first() == Some(&b'0')
        && matches!(rest.get(1), Some(b'x' | b'X'))
        && (rest.get(2).is_some_and(u8::is_ascii_hexdigit)
            || (rest.get(2) == Some(&b'.') && rest.get(3).is_some_and(u8::is_ascii_hexdigit)));
    let (value, value_f32, len, nonzero, nonzero32) = if hex {
        let (v, v32, len, inexact, inexact32) = hex_float(&rest[2..]);
        (v, v32, len + 2, inexact, inexact32)
    } else {
        let Some((len, nonzero)) = decimal_len(rest) else {
            return none;
        };
        let text = std::str::from_utf8(&rest[..len]).unwrap_or("0");
        (
            text.parse::<f64>().unwrap_or(0.0),
            text.parse::<f32>().unwrap_or(0.0),
            len,
            nonzero,
            nonzero,
        )
    };
    // A decimal that is exactly a subnormal needs hundreds of digits:
    // taken as inexact.
    let range = |v: f64, min: f64, nonzero: bool| v.is_infinite() || (nonzero && v.abs() < min);
    FloatScan {
        value: sign(value),
        value_f32: if negative { -value_f32 } else { value_f32 },
        len: i + len,
        range: range(value, f64::MIN_POSITIVE, nonzero),
        range_f32: range(value_f32 as f64, f32::MIN_POSITIVE as f64, nonzero32),
    }
}

/// The length of the decimal number (digits, an optional fraction, an
/// optional exponent) at the start of `s`, and whether a digit is not 0.
fn decimal_len(s: &[u8]) -> Option<(usize, bool)> {
    let digits = |from: usize| s[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    let int = digits(0);
    let mut i = int;
    let mut frac = 0;
    if s.get(i) == Some(&b'.') {
        frac = digits(i + 1);
        i += 1 + frac;
    }
    if int + frac == 0 {
        return None;
    }
    let nonzero = s[..i].iter().any(|b| (b'1'..=b'9').contains(b));
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(s.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let e = digits(j);
        if e > 0 {
            i = j + e;
        }
    }
    Some((i, nonzero))
}

/// A hexadecimal float after its `0x`: its value as `double` and as
/// `float`, its length, and whether each may be out of range (the digits
/// are not all 0 and rounding was inexact: glibc does not report an exact
/// subnormal).
fn hex_float(s: &[u8]) -> (f64, f32, usize, bool, bool) {
    // The significant bits, in a u64 whose top nibble is kept free; bits
    // past it only set `sticky`. `exp`: the value is mant * 2^exp.
    let (mut mant, mut sticky, mut exp) = (0u64, false, 0i64);
    let mut i = 0;
    let mut seen_point = false;
    let mut nonzero = false;
    loop {
        match s.get(i) {
            Some(b'.') if !seen_point => seen_point = true,
            Some(&b) if b.is_ascii_hexdigit() => {
                let d = digit(b).unwrap_or(0) as u64;
                nonzero |= d != 0;
                if mant >> 56 == 0 {
                    mant = mant << 4 | d;
                    if seen_point {
                        exp -= 4;
                    }
                } else {
                    sticky |= d != 0;
                    if !seen_point {
                        exp += 4;
                    }
                }
            }
            _ => break,
        }
        i += 1;
    }
    if matches!(s.get(i), Some(b'p' | b'P')) {
        let mut j = i + 1;
        let neg = s.get(j) == Some(&b'-');
        if matches!(s.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let start = j;
        let mut e: i64 = 0;
        while let Some(b) = s.get(j).filter(|b| b.is_ascii_digit()) {
            e = (e * 10 + (b - b'0') as i64).min(1 << 40);
            j += 1;
        }
        if j > start {
            exp += if neg { -e } else { e };
            i = j;
        }
    }
    let (v, inexact) = round_binary(mant, sticky, exp, 53, -1074, 1024);
    let (v32, inexact32) = round_binary(mant, sticky, exp, 24, -149, 128);
    let v = f64::from_bits(v);
    let v32 = f32::from_bits(v32 as u32);
    (
        v,
        v32,
        i,
        nonzero && (inexact || v.is_infinite()),
        nonzero && (inexact32 || v32.is_infinite()),
    )
}

/// `mant * 2^exp` (plus a sticky fraction below `mant`) rounded to
/// nearest-even in a binary format with `p` significant bits, smallest
/// subnormal exponent `emin_sub` and values below `2^emax`; returns the
/// IEEE bits (of an f64, or of an f32 in the low 32 bits).
fn round_binary(
    mant: u64,
    sticky: bool,
    exp: i64,
    p: u32,
    emin_sub: i64,
    emax: i64,
) -> (u64, bool) {
    let exp_bits = if p == 53 { 11 } else { 8 };
    let frac_bits = p - 1;
    if mant == 0 {
        return (0, false);
    }
    // Normalise: the top bit of `mant` at bit 63.
    let shift = mant.leading_zeros();
    let mant = mant << shift;
    let exp = exp - shift as i64;
    // The value is 1.f * 2^(exp + 63). The unit in the last place:
    let top = exp + 63;
    if top >= emax {
        return (((1u64 << exp_bits) - 1) << frac_bits, true); // infinity
    }
    // Exponent of the lowest kept bit: p-1 below the top, but never below
    // the subnormal grid.
    let ulp = (top - frac_bits as i64).max(emin_sub);
    let drop = ulp - exp; // bits of `mant` below the kept ones
    let (kept, round, rest) = if drop > 64 {
        (0u64, false, true)
    } else if drop == 64 {
        (0, mant >> 63 == 1, mant << 1 != 0 || sticky)
    } else if drop <= 0 {
        (mant << (-drop), false, sticky)
    } else {
        let kept = mant >> drop;
        let round = (mant >> (drop - 1)) & 1 == 1;
        let rest = (drop > 1 && mant << (65 - drop) != 0) || sticky;
        (kept, round, rest)
    };
    let mut kept = kept;
    let inexact = round || rest;
    if round && (rest || kept & 1 == 1) {
        kept += 1;
    }
    // `kept` units of 2^ulp: encode (a carry into a new binade is handled
    // by the addition below, as IEEE's layout makes it).
    if kept == 0 {
        return (0, inexact);
    }
    let lead = 63 - kept.leading_zeros() as i64; // kept < 2^(p+1)
    let top = ulp + lead;
    if top >= emax {
        return (((1u64 << exp_bits) - 1) << frac_bits, true);
    }
    let bias = emax - 1;
    if lead < frac_bits as i64 {
        return (kept, inexact); // subnormal: biased exponent 0
    }
    let kept = kept >> (lead - frac_bits as i64);
    let biased = (top + bias) as u64;
    (
        (biased << frac_bits) | (kept & ((1u64 << frac_bits) - 1)),
        inexact,
    )
}

// ---- models ------------------------------------------------------------------

/// The event of a parsing call: the string read, `*endptr` written.
fn parse_pending(m: &Machine, c: &Call, name: &'static str, endptr: bool) -> Pending {
    let end = if endptr && c.addr(1) != 0 {
        shared(m, c.addr(1), m.dm().ptr, true)
    } else {
        None
    };
    mem_op(name, shared_tail(m, c.addr(0), false), end)
}

/// Stores `*endptr = nptr + len` if `endptr` is not null.
fn set_end(m: &mut Machine, c: &Call, len: usize) -> Result<(), Stop> {
    let end = c.addr(1);
    if end == 0 {
        return Ok(());
    }
    m.mem
        .write_int(end, m.dm().ptr, Some((c.addr(0) + len as u64) as u128))
        .map_err(|e| m.mem_bug(e, true))
}

macro_rules! pendings {
    ($($fn_name:ident => $name:literal, $endptr:literal;)*) => {
        $(pub fn $fn_name(m: &Machine, c: &Call) -> Pending {
            parse_pending(m, c, $name, $endptr)
        })*
    };
}

pendings! {
    strtol_pending => "strtol", true;
    strtoll_pending => "strtoll", true;
    strtoul_pending => "strtoul", true;
    strtoull_pending => "strtoull", true;
    strtod_pending => "strtod", true;
    strtof_pending => "strtof", true;
    atoi_pending => "atoi", false;
    atol_pending => "atol", false;
    atoll_pending => "atoll", false;
    atof_pending => "atof", false;
}

/// The integer `strtol` (`unsigned`: `strtoul`) reads at `nptr`, with
/// `*endptr` set when `with_end`; `pending` names the call's event.
/// Returns the result, of `long`'s width if `long` (ILP32: 32 bits), else
/// of 64 bits.
fn strto_int(
    m: &mut Machine,
    c: &Call,
    (base, unsigned, with_end, c23): (u32, bool, bool, bool),
    long: bool,
    pending: super::PendingFn,
) -> Result<u64, Stop> {
    let bits = if long { 8 * m.dm().long as u32 } else { 64 };
    let ev = pending(m, c)?;
    let s = cstr(m, c.addr(0))?;
    m.last = ev;
    if base == 1 || base > 36 {
        // glibc: EINVAL, 0, and `endptr` left alone.
        m.set_errno(c.tid, EINVAL)?;
        return Ok(0);
    }
    let r = scan_int(&s, base, c23);
    let (v, range) = if unsigned {
        r.unsigned_in(bits)
    } else {
        let (v, range) = r.signed_in(bits);
        (mask(v as u128, bits) as u64, range)
    };
    if range {
        m.set_errno(c.tid, ERANGE)?;
    }
    if with_end {
        set_end(m, c, r.len)?;
    }
    Ok(v)
}

fn base_arg(c: &Call) -> u32 {
    // A negative base is as invalid as 37.
    u32::try_from(c.arg(2) as u32 as i32).unwrap_or(u32::MAX)
}

fn ret64(v: u64) -> Run {
    Ok(Ret::Value(Value::Int(v as u128)))
}

/// The integer `strto*` functions, each `(name: unsigned, C23, long)`:
/// glibc's C23 `__isoc23_*` names also take `0b` prefixes; the `long`
/// ones return `long`'s width (64 bits on LP64, 32 on ILP32), the `long
/// long` ones 64 bits.
macro_rules! strto_ints {
    ($($name:ident: $unsigned:expr, $c23:expr, $long:expr, $pending:ident;)*) => {$(
        pub fn $name(m: &mut Machine, c: &Call) -> Run {
            let how = (base_arg(c), $unsigned, true, $c23);
            ret64(strto_int(m, c, how, $long, $pending)?)
        }
    )*};
}

strto_ints! {
    strtol: false, false, true, strtol_pending;
    strtoll: false, false, false, strtoll_pending;
    strtoul: true, false, true, strtoul_pending;
    strtoull: true, false, false, strtoull_pending;
    strtol_c23: false, true, true, strtol_pending;
    strtoll_c23: false, true, false, strtoll_pending;
    strtoul_c23: true, true, true, strtoul_pending;
    strtoull_c23: true, true, false, strtoull_pending;
}

/// `atoi`: glibc's `(int) strtol(s, NULL, 10)`.
pub fn atoi(m: &mut Machine, c: &Call) -> Run {
    let v = strto_int(m, c, (10, false, false, false), true, atoi_pending)?;
    Ok(Ret::Value(Value::Int(mask(v as u128, 32))))
}

/// `atol`: `strtol(s, NULL, 10)`.
pub fn atol(m: &mut Machine, c: &Call) -> Run {
    ret64(strto_int(
        m,
        c,
        (10, false, false, false),
        true,
        atol_pending,
    )?)
}

pub fn atoll(m: &mut Machine, c: &Call) -> Run {
    ret64(strto_int(
        m,
        c,
        (10, false, false, false),
        false,
        atoll_pending,
    )?)
}

/// Reads the float at `nptr` (`*endptr` set when `with_end`): `errno =
/// ERANGE` on overflow (±HUGE_VAL) and underflow, for a `double` or
/// (`single`) a `float` result.
fn strto_float(
    m: &mut Machine,
    c: &Call,
    (with_end, single): (bool, bool),
    pending: super::PendingFn,
) -> Result<FloatScan, Stop> {
    let ev = pending(m, c)?;
    let s = cstr(m, c.addr(0))?;
    let r = scan_float(&s);
    if with_end {
        set_end(m, c, r.len)?;
    }
    if (single && r.range_f32) || (!single && r.range) {
        m.set_errno(c.tid, ERANGE)?;
    }
    m.last = ev;
    Ok(r)
}

fn ret_f64(v: f64) -> Run {
    Ok(Ret::Value(Value::Int(v.to_bits() as u128)))
}

pub fn strtod(m: &mut Machine, c: &Call) -> Run {
    ret_f64(strto_float(m, c, (true, false), strtod_pending)?.value)
}

pub fn strtof(m: &mut Machine, c: &Call) -> Run {
    let r = strto_float(m, c, (true, true), strtof_pending)?;
    Ok(Ret::Value(Value::Int(r.value_f32.to_bits() as u128)))
}

/// `atof`: `strtod(s, NULL)`.
pub fn atof(m: &mut Machine, c: &Call) -> Run {
    ret_f64(strto_float(m, c, (false, false), atof_pending)?.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_as_strtol_reads_them() {
        let s = |t: &str, b| {
            let r = scan_int(t.as_bytes(), b, false);
            (r.signed().0, r.len)
        };
        assert_eq!(s("  -42xyz", 10), (-42, 5));
        assert_eq!(s("0x1F", 0), (31, 4));
        assert_eq!(s("0x", 16), (0, 1));
        assert_eq!(s("0xg", 0), (0, 1));
        assert_eq!(s("017", 0), (15, 3));
        assert_eq!(s("zz", 36), (1295, 2));
        assert_eq!(s("+", 10), (0, 0));
        assert_eq!(s("0b101", 0), (0, 1));
        let b = |t: &str, base| scan_int(t.as_bytes(), base, true).signed().0;
        assert_eq!(b("0b101", 0), 5);
        assert_eq!(b("-0B11", 2), -3);
        assert_eq!(b("0b2", 0), 0);
        assert_eq!(b("0b1", 16), 0xb1);
        assert_eq!(s("9223372036854775808", 10), (i64::MAX, 19));
        assert_eq!(s("-9223372036854775808", 10), (i64::MIN, 20));
        let r = scan_int(b"-1", 10, false);
        assert_eq!(r.unsigned(), (u64::MAX, false));
        let r = scan_int(b"18446744073709551616", 10, false);
        assert_eq!(r.unsigned(), (u64::MAX, true));
    }

    #[test]
    fn floats_as_strtod_reads_them() {
        let f = |t: &str| {
            let r = scan_float(t.as_bytes());
            (r.value, r.len)
        };
        assert_eq!(f(" 1.5e3x"), (1500.0, 6));
        assert_eq!(f("1e"), (1.0, 1));
        assert_eq!(f("-.5"), (-0.5, 3));
        assert_eq!(f("."), (0.0, 0));
        assert_eq!(f("0x1.8p1"), (3.0, 7));
        assert_eq!(f("0x"), (0.0, 1));
        assert_eq!(f("INFINITY"), (f64::INFINITY, 8));
        assert_eq!(f("-infx"), (f64::NEG_INFINITY, 4));
        assert_eq!(f("nan(abc)").1, 8);
        assert_eq!(f("nan(abc").1, 3);
        assert_eq!(f("0x1p-1074").0, f64::from_bits(1));
        assert_eq!(f("0x1.fffffffffffff8p0").0, 2.0);
        assert_eq!(
            f("0x1.fffffffffffff7p0").0,
            f64::from_bits(0x3fffffffffffffff)
        );
        assert_eq!(f("0x1p1024").0, f64::INFINITY);
        assert_eq!(f("0x.8").0, 0.5);
        assert_eq!(f("0x123456789abcdef123").0, 0x123456789abcdef123u128 as f64);
        assert_eq!(scan_float(b"0x1.000001p0").value_f32, 1.0);
        assert_eq!(scan_float(b"0x1.000003p0").value_f32, 1.0000002);
        assert!(scan_float(b"1e-400").range);
        assert!(scan_float(b"1e400").range);
        assert!(!scan_float(b"inf").range);
    }
}
