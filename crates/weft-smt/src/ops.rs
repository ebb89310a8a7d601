//! Concrete semantics of every operator on values of width 1..=128.
//!
//! Owns the one definition of what each operator computes; the builder's constant folding
//! ([`crate::Smt`]) and the evaluator ([`crate::eval`]) both call these functions, so a folded
//! constant and an evaluated term can never disagree. Values are `u128` holding the bits of a
//! bit-vector, always masked to the width.
//!
//! The semantics are SMT-LIB's (`QF_BV`), which refine LLVM's where LLVM leaves the result
//! undefined or poison, so that Z3 and the evaluator agree on every input:
//! - division by zero: `udiv x 0 = all ones`, `urem x 0 = x`, `sdiv x 0 = (x < 0 ? 1 : -1)`,
//!   `srem x 0 = x`. LLVM makes these undefined behaviour: the caller must check the divisor;
//! - `sdiv INT_MIN -1` wraps to `INT_MIN` and `srem INT_MIN -1` is 0 (LLVM: undefined);
//! - shifts by an amount `>= width`: `shl` and `lshr` give 0, `ashr` gives all copies of the sign
//!   bit (LLVM: poison). The caller checks `amount < width` if it wants to report it.

use crate::expr::BinOp;

/// All ones on `width` bits.
#[inline]
pub fn mask(width: u32) -> u128 {
    debug_assert!((1..=128).contains(&width));
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// The value read as a two's-complement number of `width` bits.
#[inline]
pub fn to_signed(v: u128, width: u32) -> i128 {
    let s = 128 - width;
    ((v << s) as i128) >> s
}

/// The smallest signed value of `width` bits, as bits.
#[inline]
pub fn signed_min(width: u32) -> u128 {
    1u128 << (width - 1)
}

/// The largest signed value of `width` bits, as bits.
#[inline]
pub fn signed_max(width: u32) -> u128 {
    mask(width) >> 1
}

/// Applies a binary operator. `width` is the width of the operands (both the same, except for
/// `Concat`, where `width` is the width of `b`, the low part). Comparisons give 0 or 1.
pub fn binary(op: BinOp, width: u32, a: u128, b: u128) -> u128 {
    let m = mask(width);
    match op {
        BinOp::Add => a.wrapping_add(b) & m,
        BinOp::Sub => a.wrapping_sub(b) & m,
        BinOp::Mul => a.wrapping_mul(b) & m,
        BinOp::UDiv => a.checked_div(b).unwrap_or(m),
        BinOp::URem => {
            if b == 0 {
                a
            } else {
                a % b
            }
        }
        BinOp::SDiv => {
            let (sa, sb) = (to_signed(a, width), to_signed(b, width));
            if sb == 0 {
                if sa < 0 {
                    1
                } else {
                    m
                }
            } else {
                (sa.wrapping_div(sb) as u128) & m
            }
        }
        BinOp::SRem => {
            let (sa, sb) = (to_signed(a, width), to_signed(b, width));
            if sb == 0 {
                a
            } else {
                (sa.wrapping_rem(sb) as u128) & m
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => {
            if b >= width as u128 {
                0
            } else {
                (a << b) & m
            }
        }
        BinOp::LShr => {
            if b >= width as u128 {
                0
            } else {
                a >> b
            }
        }
        BinOp::AShr => {
            let sh = b.min(width as u128 - 1) as u32;
            ((to_signed(a, width) >> sh) as u128) & m
        }
        BinOp::Concat => (a << width) | b,
        BinOp::Eq => (a == b) as u128,
        BinOp::Ult => (a < b) as u128,
        BinOp::Ule => (a <= b) as u128,
        BinOp::Slt => (to_signed(a, width) < to_signed(b, width)) as u128,
        BinOp::Sle => (to_signed(a, width) <= to_signed(b, width)) as u128,
    }
}

/// Bits `lo .. lo + width` of `v`.
#[inline]
pub fn extract(v: u128, lo: u32, width: u32) -> u128 {
    (v >> lo) & mask(width)
}

/// Sign-extends `v` from `from` bits to `to` bits.
#[inline]
pub fn sext(v: u128, from: u32, to: u32) -> u128 {
    (to_signed(v, from) as u128) & mask(to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_signs() {
        assert_eq!(mask(1), 1);
        assert_eq!(mask(8), 0xff);
        assert_eq!(mask(128), u128::MAX);
        assert_eq!(to_signed(0xff, 8), -1);
        assert_eq!(to_signed(0x7f, 8), 127);
        assert_eq!(to_signed(1, 1), -1);
        assert_eq!(to_signed(u128::MAX, 128), -1);
        assert_eq!(signed_min(8), 0x80);
        assert_eq!(signed_max(8), 0x7f);
        assert_eq!(sext(0x80, 8, 16), 0xff80);
    }

    #[test]
    fn division_corner_cases() {
        assert_eq!(binary(BinOp::UDiv, 8, 5, 0), 0xff);
        assert_eq!(binary(BinOp::URem, 8, 5, 0), 5);
        assert_eq!(binary(BinOp::SDiv, 8, 5, 0), 0xff);
        assert_eq!(binary(BinOp::SDiv, 8, 0xfb, 0), 1);
        assert_eq!(binary(BinOp::SRem, 8, 0xfb, 0), 0xfb);
        assert_eq!(binary(BinOp::SDiv, 8, 0x80, 0xff), 0x80);
        assert_eq!(binary(BinOp::SRem, 8, 0x80, 0xff), 0);
        assert_eq!(binary(BinOp::SDiv, 128, 1 << 127, u128::MAX), 1 << 127);
        // C truncates towards zero; the remainder takes the dividend's sign.
        assert_eq!(
            binary(BinOp::SDiv, 8, (-7i8) as u8 as u128, 2),
            (-3i8) as u8 as u128
        );
        assert_eq!(
            binary(BinOp::SRem, 8, (-7i8) as u8 as u128, 2),
            (-1i8) as u8 as u128
        );
    }

    #[test]
    fn shifts_by_width_or_more() {
        assert_eq!(binary(BinOp::Shl, 8, 1, 8), 0);
        assert_eq!(binary(BinOp::LShr, 8, 0x80, 9), 0);
        assert_eq!(binary(BinOp::AShr, 8, 0x80, 200), 0xff);
        assert_eq!(binary(BinOp::AShr, 8, 0x40, 8), 0);
        assert_eq!(binary(BinOp::Shl, 128, 1, 127), 1 << 127);
        assert_eq!(binary(BinOp::Shl, 128, 1, 128), 0);
    }
}
