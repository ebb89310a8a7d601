//! `<ctype.h>` in the C locale: the classification functions (`isalpha`,
//! ...), `tolower`/`toupper`, and glibc's table accessors
//! `__ctype_b_loc`, `__ctype_tolower_loc` and `__ctype_toupper_loc`, which
//! glibc's header macros index directly (`(*__ctype_b_loc())[c] &
//! _ISalpha`).
//!
//! Each accessor returns the address of a pointer cell that points at
//! entry 0 of a table of 384 entries covering indices -128..255, laid out
//! as glibc's C locale: the class table holds glibc's `_IS*` bits (as
//! little-endian x86-64 sees them), the case tables `int`s. Cells and
//! tables are read-only objects of the calling thread (glibc's are
//! thread-local too), made at its first call; writing to them is a
//! `memory` finding. Every entry outside ASCII is 0 (no class) or the
//! index itself (no case mapping), as in the C locale.

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::memory::Object;
use crate::value::Value;
use weft_core::LimitKind;

pub const IS_UPPER: u16 = 1 << 8;
pub const IS_LOWER: u16 = 1 << 9;
pub const IS_ALPHA: u16 = 1 << 10;
pub const IS_DIGIT: u16 = 1 << 11;
pub const IS_XDIGIT: u16 = 1 << 12;
pub const IS_SPACE: u16 = 1 << 13;
pub const IS_PRINT: u16 = 1 << 14;
pub const IS_GRAPH: u16 = 1 << 15;
pub const IS_BLANK: u16 = 1 << 0;
pub const IS_CNTRL: u16 = 1 << 1;
pub const IS_PUNCT: u16 = 1 << 2;
pub const IS_ALNUM: u16 = 1 << 3;

/// The class bits of `c` (-128..=255) in the C locale.
pub fn class(c: i32) -> u16 {
    let Ok(b) = u8::try_from(c) else {
        return 0;
    };
    if !b.is_ascii() {
        return 0;
    }
    let mut bits = 0;
    let mut set = |cond: bool, bit: u16| {
        if cond {
            bits |= bit;
        }
    };
    set(b.is_ascii_uppercase(), IS_UPPER | IS_ALPHA | IS_ALNUM);
    set(b.is_ascii_lowercase(), IS_LOWER | IS_ALPHA | IS_ALNUM);
    set(b.is_ascii_digit(), IS_DIGIT | IS_ALNUM);
    set(b.is_ascii_hexdigit(), IS_XDIGIT);
    // C's isspace includes the vertical tab, which Rust's does not.
    set(matches!(b, b' ' | b'\t'..=b'\r'), IS_SPACE);
    set((0x20..0x7f).contains(&b), IS_PRINT);
    set(b.is_ascii_graphic(), IS_GRAPH);
    set(b == b' ' || b == b'\t', IS_BLANK);
    set(b.is_ascii_control(), IS_CNTRL);
    set(b.is_ascii_punctuation(), IS_PUNCT);
    bits
}

/// `tolower(c)`: `A`..`Z` lowered; a negative `signed char` other than
/// EOF becomes its `unsigned char` value, as glibc's C-locale table has
/// it; anything else unchanged.
pub fn to_lower(c: i32) -> i32 {
    match c {
        0x41..=0x5a => c + 32,
        -128..=-2 => c + 256,
        _ => c,
    }
}

pub fn to_upper(c: i32) -> i32 {
    match c {
        0x61..=0x7a => c - 32,
        -128..=-2 => c + 256,
        _ => c,
    }
}

/// Which table an accessor returns.
#[derive(Clone, Copy)]
enum Table {
    Class = 0,
    Lower = 1,
    Upper = 2,
}

/// The table's bytes: entries for -128..=255, little-endian.
fn table_bytes(t: Table) -> Vec<u8> {
    let mut out = Vec::with_capacity(384 * 4);
    for c in -128..256 {
        match t {
            Table::Class => out.extend_from_slice(&class(c).to_le_bytes()),
            Table::Lower => out.extend_from_slice(&to_lower(c).to_le_bytes()),
            Table::Upper => out.extend_from_slice(&to_upper(c).to_le_bytes()),
        }
    }
    out
}

/// The thread's cell for table `t`, made (with its table) at the first use.
fn cell(m: &mut Machine, tid: u32, t: Table) -> Result<u64, Stop> {
    if let Some(a) = m.thread(tid).lib().ctype[t as usize] {
        return Ok(a);
    }
    let space = weft_ir::addr::thread_space(tid);
    let bytes = table_bytes(t);
    let entry = (bytes.len() / 384) as u64;
    let ilp32 = m.dm().is_ilp32();
    let exhausted = |_| {
        Stop::Limit(if ilp32 {
            LimitKind::AddressSpace
        } else {
            LimitKind::MaxMemory
        })
    };
    let table = m
        .mem
        .alloc_copy(
            space,
            &Object::global(bytes.len() as u64, true, &[(0, bytes)]),
        )
        .map_err(exhausted)?;
    let w = m.dm().ptr;
    let ptr = (table + 128 * entry).to_le_bytes()[..w as usize].to_vec();
    let a = m
        .mem
        .alloc_copy(space, &Object::global(w, true, &[(0, ptr)]))
        .map_err(exhausted)?;
    m.thread_mut(tid).lib_mut().ctype[t as usize] = Some(a);
    Ok(a)
}

fn ret_addr(a: u64) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(a as u128)))
}

pub fn b_loc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    ret_addr(cell(m, c.tid, Table::Class)?)
}

pub fn tolower_loc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    ret_addr(cell(m, c.tid, Table::Lower)?)
}

pub fn toupper_loc(m: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    ret_addr(cell(m, c.tid, Table::Upper)?)
}

fn ret_i32(v: i32) -> Result<Ret, Stop> {
    Ok(Ret::Value(Value::Int(v as u32 as u128)))
}

fn arg(c: &Call) -> i32 {
    c.arg(0) as u32 as i32
}

/// `isX(c)`: glibc's `table[c] & _ISX` (a nonzero value that is not
/// always 1); 0 for an argument outside -128..255 (undefined in C).
fn is(c: &Call, bit: u16) -> Result<Ret, Stop> {
    ret_i32((class(arg(c)) & bit) as i32)
}

macro_rules! classifiers {
    ($($name:ident => $bit:ident),* $(,)?) => {
        $(pub fn $name(_: &mut Machine, c: &Call) -> Result<Ret, Stop> {
            is(c, $bit)
        })*
    };
}

classifiers! {
    isalpha => IS_ALPHA,
    isdigit => IS_DIGIT,
    isalnum => IS_ALNUM,
    isspace => IS_SPACE,
    isupper => IS_UPPER,
    islower => IS_LOWER,
    isxdigit => IS_XDIGIT,
    ispunct => IS_PUNCT,
    isprint => IS_PRINT,
    isgraph => IS_GRAPH,
    iscntrl => IS_CNTRL,
    isblank => IS_BLANK,
}

/// `isascii(c)`: whether `c` is a 7-bit value.
pub fn isascii(_: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    ret_i32((arg(c) & !0x7f == 0) as i32)
}

/// `tolower(c)`: see [`to_lower`].
pub fn tolower(_: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    ret_i32(to_lower(arg(c)))
}

pub fn toupper(_: &mut Machine, c: &Call) -> Result<Ret, Stop> {
    ret_i32(to_upper(arg(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_the_c_locale() {
        assert_eq!(
            class(b'a' as i32),
            IS_LOWER | IS_ALPHA | IS_ALNUM | IS_XDIGIT | IS_PRINT | IS_GRAPH
        );
        assert_eq!(class(b' ' as i32), IS_SPACE | IS_PRINT | IS_BLANK);
        assert_eq!(class(0x0b), IS_SPACE | IS_CNTRL);
        assert_eq!(class(b'\t' as i32), IS_SPACE | IS_CNTRL | IS_BLANK);
        assert_eq!(class(b'!' as i32), IS_PUNCT | IS_PRINT | IS_GRAPH);
        assert_eq!(class(0x7f), IS_CNTRL);
        assert_eq!(class(-1), 0);
        assert_eq!(class(200), 0);
        assert_eq!(to_lower(-1), -1);
        assert_eq!(to_lower(-2), 254);
        assert_eq!(to_lower(300), 300);
        assert_eq!(to_upper(b'q' as i32), b'Q' as i32);
    }
}
