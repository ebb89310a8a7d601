//! Output: `printf`, `vprintf`, `puts`, `putchar`. Output is captured per
//! thread, in order, and shown in reports.
//!
//! Conversions follow glibc, `%a` and `%n` included. A `printf` whose `%n`
//! writes into shared memory is a visible operation (a `MemOp` writing the
//! bytes from the first to the last such target).

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::{mask, sext, Value};
use weft_core::{EventKind, Stream};

/// Where `printf` takes its variadic arguments from.
enum Args<'a> {
    Values(&'a [Value], usize),
    /// An x86-64 overflow area, read in 8-byte slots.
    Area(u64),
}

impl Args<'_> {
    fn next(&mut self, m: &Machine) -> u128 {
        match self {
            Args::Values(v, i) => {
                *i += 1;
                v.get(*i - 1).map(|x| x.bits_or_zero()).unwrap_or(0)
            }
            Args::Area(a) => {
                let v = m.mem.read_int(*a, 8).ok().flatten().unwrap_or(0);
                *a += 8;
                v
            }
        }
    }
}

/// A `%n` store: address, size in bytes, and the count to store.
type CountStore = (u64, u64, u128);

/// Formats the call's output; `vararg` says whether the arguments come
/// from a `va_list` (`vprintf`).
fn format_call(m: &Machine, c: &Call, vararg: bool) -> Result<(Vec<u8>, Vec<CountStore>), Stop> {
    let fmt = m
        .mem
        .read_cstr(c.addr(0))
        .map_err(|e| m.mem_bug(e, false))?;
    let args = if vararg {
        let area = m
            .mem
            .read_int(c.addr(1) + 8, 8)
            .map_err(|e| m.mem_bug(e, false))?
            .unwrap_or(0);
        Args::Area(area as u64)
    } else {
        Args::Values(c.args, 1)
    };
    Ok(format(m, &fmt, args))
}

/// The event of a `printf`-like call: a write of the shared bytes its
/// `%n` conversions store to, if any.
fn pending(m: &Machine, c: &Call, vararg: bool) -> Result<Option<EventKind>, Stop> {
    let fmt = m
        .mem
        .read_cstr(c.addr(0))
        .map_err(|e| m.mem_bug(e, false))?;
    if !fmt.contains(&b'n') {
        return Ok(None);
    }
    let (_, stores) = format_call(m, c, vararg)?;
    let shared = stores
        .iter()
        .filter(|&&(a, n, _)| m.mem.is_shared(a) && n > 0);
    let lo = shared.clone().map(|&(a, _, _)| a).min();
    let hi = shared.map(|&(a, n, _)| a + n).max();
    Ok(lo.zip(hi).map(|(lo, hi)| EventKind::MemOp {
        name: if vararg { "vprintf" } else { "printf" },
        read: None,
        write: Some((lo, hi - lo)),
        stream: None,
    }))
}

pub fn printf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    pending(m, c, false)
}

pub fn vprintf_pending(m: &Machine, c: &Call) -> Result<Option<EventKind>, Stop> {
    pending(m, c, true)
}

pub fn printf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    run(m, c, false)
}

pub fn vprintf(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    run(m, c, true)
}

fn run(m: &mut Machine, c: &Call, vararg: bool) -> Result<Ret, Stop> {
    let (text, stores) = format_call(m, c, vararg)?;
    if !stores.is_empty() {
        m.last = pending(m, c, vararg)?;
    }
    // Output and stores happen in order: the text up to a `%n` is printed
    // even when its store faults.
    let mut printed = 0;
    for (a, n, count) in stores {
        let upto = count as usize;
        m.print(
            c.tid,
            Stream::Stdout,
            &String::from_utf8_lossy(&text[printed..upto]),
        );
        printed = upto;
        if let Err(e) = m.mem.write_int(a, n, Some(mask(count, 8 * n as u32))) {
            return Err(m.mem_bug(e, true));
        }
    }
    m.print(
        c.tid,
        Stream::Stdout,
        &String::from_utf8_lossy(&text[printed..]),
    );
    Ok(Ret::Value(Value::Int(text.len() as u128)))
}

pub fn puts(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    let mut s = m
        .mem
        .read_cstr(c.addr(0))
        .map_err(|e| m.mem_bug(e, false))?;
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

/// The text `fmt` produces, and the stores of its `%n` conversions.
fn format(m: &Machine, fmt: &[u8], mut args: Args) -> (Vec<u8>, Vec<CountStore>) {
    let mut out = Vec::new();
    let mut stores = Vec::new();
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
        if conv == b'n' {
            let a = args.next(m) as u64;
            stores.push((a, spec.bits as u64 / 8, out.len() as u128));
            continue;
        }
        let body = convert(m, &spec, conv, &mut args);
        pad(&mut out, &spec, body, conv);
    }
    (out, stores)
}

fn parse_spec(m: &Machine, fmt: &[u8], mut i: usize, args: &mut Args) -> (Spec, u8, usize) {
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
        s.width = s.width * 10 + (d - b'0') as usize;
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
            p = p * 10 + (d - b'0') as usize;
            i += 1;
        }
        s.prec = Some(p);
    }
    while let Some(&c) = fmt.get(i) {
        s.bits = match c {
            b'h' if s.bits == 16 => 8,
            b'h' => 16,
            b'l' | b'z' | b'j' | b't' | b'q' => 64,
            b'L' => 64,
            _ => break,
        };
        i += 1;
    }
    let conv = fmt.get(i).copied().unwrap_or(b'%');
    (s, conv, i + 1)
}

fn convert(m: &Machine, s: &Spec, conv: u8, args: &mut Args) -> Vec<u8> {
    match conv {
        b'd' | b'i' => {
            let v = sext(mask(args.next(m), s.bits), s.bits);
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
        b'u' => number("", mask(args.next(m), s.bits).to_string(), s),
        b'x' => prefixed(s, "0x", format!("{:x}", mask(args.next(m), s.bits))),
        b'X' => prefixed(s, "0X", format!("{:X}", mask(args.next(m), s.bits))),
        b'o' => prefixed(s, "0", format!("{:o}", mask(args.next(m), s.bits))),
        b'c' => vec![args.next(m) as u8],
        b's' => {
            let a = args.next(m) as u64;
            match (a, s.prec) {
                (0, _) => b"(null)".to_vec(),
                (_, Some(p)) => bounded_str(m, a, p),
                _ => m.mem.read_cstr(a).unwrap_or_default(),
            }
        }
        b'p' => match args.next(m) as u64 {
            0 => b"(nil)".to_vec(),
            a => format!("{a:#x}").into_bytes(),
        },
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
            let v = f64::from_bits(args.next(m) as u64);
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

/// At most `n` bytes of the string at `a`, stopping at NUL; needs no NUL.
fn bounded_str(m: &Machine, a: u64, n: usize) -> Vec<u8> {
    (0..n as u64)
        .map_while(|k| m.mem.read_int(a + k, 1).ok().flatten().map(|b| b as u8))
        .take_while(|&b| b != 0)
        .collect()
}
