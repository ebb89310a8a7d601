//! Pure arithmetic: integer and floating-point operations, comparisons,
//! conversions and scalar intrinsics, on masked `u128` bit patterns.

use crate::value::{mask, sext};
use weft_ir::{BinOp, CastOp, FBinOp, FPred, IPred, Intr, RmwOp, Ty};

/// Why an integer operation has no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithError {
    /// Division or remainder by zero.
    DivByZero,
    /// Signed division or remainder of the smallest value by -1: the
    /// quotient does not fit (undefined in C and LLVM; it traps natively).
    DivOverflow,
}

/// Evaluates an integer binary operation.
pub fn bin(op: BinOp, bits: u32, a: u128, b: u128) -> Result<u128, ArithError> {
    let sa = sext(a, bits);
    let sb = sext(b, bits);
    let sh = (b % bits.max(1) as u128) as u32;
    if matches!(op, BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem) && mask(b, bits) == 0 {
        return Err(ArithError::DivByZero);
    }
    if matches!(op, BinOp::SDiv | BinOp::SRem)
        && sb == -1
        && sa == sext(1 << (bits.clamp(1, 128) - 1), bits)
    {
        return Err(ArithError::DivOverflow);
    }
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::UDiv => a / b,
        BinOp::URem => a % b,
        BinOp::SDiv => sa.wrapping_div(sb) as u128,
        BinOp::SRem => sa.wrapping_rem(sb) as u128,
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => a.checked_shl(sh).unwrap_or(0),
        BinOp::LShr => a.checked_shr(sh).unwrap_or(0),
        BinOp::AShr => (sa >> sh.min(127)) as u128,
    };
    Ok(mask(r, bits))
}

/// Whether `op` on the `bits`-bit values `a` and `b`, read as signed,
/// has a result that does not fit in `bits` bits: what LLVM's `nsw` flag
/// makes undefined (C's signed overflow). Only `add`, `sub`, `mul` and
/// `shl` carry the flag; for `shl`, a shift that moves out a bit that
/// differs from the result's sign bit (or by `bits` or more).
pub fn signed_overflow(op: BinOp, bits: u32, a: u128, b: u128) -> bool {
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    let fits = |r: Option<i128>| r.is_some_and(|r| sext(mask(r as u128, bits), bits) == r);
    match op {
        BinOp::Add => !fits(sa.checked_add(sb)),
        BinOp::Sub => !fits(sa.checked_sub(sb)),
        BinOp::Mul => !fits(sa.checked_mul(sb)),
        BinOp::Shl => {
            if mask(b, bits) >= bits as u128 {
                return true;
            }
            let r = sext(mask(a << b, bits), bits);
            (r >> b) != sa
        }
        _ => false,
    }
}

pub fn icmp(pred: IPred, bits: u32, a: u128, b: u128) -> bool {
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    match pred {
        IPred::Eq => a == b,
        IPred::Ne => a != b,
        IPred::Ugt => a > b,
        IPred::Uge => a >= b,
        IPred::Ult => a < b,
        IPred::Ule => a <= b,
        IPred::Sgt => sa > sb,
        IPred::Sge => sa >= sb,
        IPred::Slt => sa < sb,
        IPred::Sle => sa <= sb,
    }
}

/// Reads float bits as f64 (f32 values are widened exactly).
pub fn to_f64(bits: u128, double: bool) -> f64 {
    if double {
        f64::from_bits(bits as u64)
    } else {
        f32::from_bits(bits as u32) as f64
    }
}

/// Rounds an f64 result to the operation's precision and returns its bits.
pub fn from_f64(v: f64, double: bool) -> u128 {
    if double {
        v.to_bits() as u128
    } else {
        (v as f32).to_bits() as u128
    }
}

pub fn fbin(op: FBinOp, double: bool, a: u128, b: u128) -> u128 {
    if !double {
        let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        let r = match op {
            FBinOp::Add => x + y,
            FBinOp::Sub => x - y,
            FBinOp::Mul => x * y,
            FBinOp::Div => x / y,
            FBinOp::Rem => x % y,
        };
        return r.to_bits() as u128;
    }
    let (x, y) = (f64::from_bits(a as u64), f64::from_bits(b as u64));
    let r = match op {
        FBinOp::Add => x + y,
        FBinOp::Sub => x - y,
        FBinOp::Mul => x * y,
        FBinOp::Div => x / y,
        FBinOp::Rem => x % y,
    };
    r.to_bits() as u128
}

pub fn fcmp(pred: FPred, double: bool, a: u128, b: u128) -> bool {
    let (x, y) = (to_f64(a, double), to_f64(b, double));
    let uno = x.is_nan() || y.is_nan();
    match pred {
        FPred::False => false,
        FPred::True => true,
        FPred::Oeq => !uno && x == y,
        FPred::Ogt => !uno && x > y,
        FPred::Oge => !uno && x >= y,
        FPred::Olt => !uno && x < y,
        FPred::Ole => !uno && x <= y,
        FPred::One => !uno && x != y,
        FPred::Ord => !uno,
        FPred::Uno => uno,
        FPred::Ueq => uno || x == y,
        FPred::Ugt => uno || x > y,
        FPred::Uge => uno || x >= y,
        FPred::Ult => uno || x < y,
        FPred::Ule => uno || x <= y,
        FPred::Une => uno || x != y,
    }
}

pub fn cast(op: CastOp, from: &Ty, to: &Ty, a: u128) -> u128 {
    let (fb, tb) = (from.bits(), to.bits());
    let fd = matches!(from, Ty::F64);
    let td = matches!(to, Ty::F64);
    match op {
        CastOp::Trunc | CastOp::ZExt => mask(a, tb),
        CastOp::SExt => mask(sext(a, fb) as u128, tb),
        CastOp::FpTrunc | CastOp::FpExt => from_f64(to_f64(a, fd), td),
        CastOp::FpToUi => mask(float_to_uint(to_f64(a, fd)), tb),
        CastOp::FpToSi => mask(to_f64(a, fd) as i128 as u128, tb),
        CastOp::UiToFp => int_to_float(a as f64, a, td, false),
        CastOp::SiToFp => int_to_float(sext(a, fb) as f64, sext(a, fb) as u128, td, true),
    }
}

fn float_to_uint(v: f64) -> u128 {
    if v < 0.0 {
        v as i128 as u128
    } else {
        v as u128
    }
}

fn int_to_float(wide: f64, raw: u128, double: bool, signed: bool) -> u128 {
    if double {
        return wide.to_bits() as u128;
    }
    // Convert directly to f32 to avoid double rounding.
    let f = if signed {
        raw as i128 as f32
    } else {
        raw as f32
    };
    f.to_bits() as u128
}

/// The new value stored by an atomic read-modify-write.
pub fn rmw(op: RmwOp, ty: &Ty, old: u128, v: u128) -> u128 {
    let bits = ty.bits();
    let double = matches!(ty, Ty::F64);
    let (so, sv) = (sext(old, bits), sext(v, bits));
    let r = match op {
        RmwOp::Xchg => v,
        RmwOp::Add => old.wrapping_add(v),
        RmwOp::Sub => old.wrapping_sub(v),
        RmwOp::And => old & v,
        RmwOp::Nand => !(old & v),
        RmwOp::Or => old | v,
        RmwOp::Xor => old ^ v,
        RmwOp::Max => (so.max(sv)) as u128,
        RmwOp::Min => (so.min(sv)) as u128,
        RmwOp::UMax => old.max(v),
        RmwOp::UMin => old.min(v),
        RmwOp::FAdd => fbin(FBinOp::Add, double, old, v),
        RmwOp::FSub => fbin(FBinOp::Sub, double, old, v),
        RmwOp::FMax => from_f64(to_f64(old, double).max(to_f64(v, double)), double),
        RmwOp::FMin => from_f64(to_f64(old, double).min(to_f64(v, double)), double),
        RmwOp::UIncWrap => {
            if old >= v {
                0
            } else {
                old + 1
            }
        }
        RmwOp::UDecWrap => {
            if old == 0 || old > v {
                v
            } else {
                old - 1
            }
        }
    };
    mask(r, bits)
}

/// Evaluates a scalar intrinsic. Overflow intrinsics return `(value, flag)`.
pub fn intrinsic(op: Intr, bits: u32, a: &[u128]) -> (u128, Option<bool>) {
    let x = a.first().copied().unwrap_or(0);
    let y = a.get(1).copied().unwrap_or(0);
    let d = bits == 64;
    let f1 = |f: fn(f64) -> f64| from_f64(f(to_f64(x, d)), d);
    let v = match op {
        Intr::Ctpop => x.count_ones() as u128,
        Intr::Ctlz => (x.leading_zeros() - (128 - bits)) as u128,
        Intr::Cttz => x.trailing_zeros().min(bits) as u128,
        Intr::Bswap => mask(x.swap_bytes() >> (128 - bits), bits),
        Intr::Bitreverse => mask(x.reverse_bits() >> (128 - bits), bits),
        Intr::Abs => mask(sext(x, bits).unsigned_abs(), bits),
        Intr::SMax => {
            if sext(x, bits) >= sext(y, bits) {
                x
            } else {
                y
            }
        }
        Intr::SMin => {
            if sext(x, bits) <= sext(y, bits) {
                x
            } else {
                y
            }
        }
        Intr::UMax => x.max(y),
        Intr::UMin => x.min(y),
        Intr::Fshl | Intr::Fshr => funnel(op, bits, x, y, a.get(2).copied().unwrap_or(0)),
        Intr::AddOv { signed } | Intr::SubOv { signed } | Intr::MulOv { signed } => {
            return overflow(op, signed, bits, x, y);
        }
        Intr::AddSat { signed } | Intr::SubSat { signed } => saturate(op, signed, bits, x, y),
        Intr::FAbs => f1(f64::abs),
        Intr::Sqrt => f1(f64::sqrt),
        Intr::Floor => f1(f64::floor),
        Intr::Ceil => f1(f64::ceil),
        Intr::FTrunc => f1(f64::trunc),
        Intr::Round => f1(f64::round),
        Intr::Fma => {
            let z = a.get(2).copied().unwrap_or(0);
            from_f64(to_f64(x, d).mul_add(to_f64(y, d), to_f64(z, d)), d)
        }
        Intr::MulAdd => {
            let z = a.get(2).copied().unwrap_or(0);
            fbin(FBinOp::Add, d, fbin(FBinOp::Mul, d, x, y), z)
        }
        Intr::RoundEven => f1(f64::round_ties_even),
        Intr::IsFpClass => fp_class(x, d, y) as u128,
        Intr::CopySign => from_f64(to_f64(x, d).copysign(to_f64(y, d)), d),
        Intr::MinNum => from_f64(to_f64(x, d).min(to_f64(y, d)), d),
        Intr::MaxNum => from_f64(to_f64(x, d).max(to_f64(y, d)), d),
    };
    (v, None)
}

fn funnel(op: Intr, bits: u32, x: u128, y: u128, z: u128) -> u128 {
    let s = (z % bits as u128) as u32;
    if s == 0 {
        return if op == Intr::Fshl { x } else { y };
    }
    if op == Intr::Fshl {
        mask((x << s) | (y >> (bits - s)), bits)
    } else {
        mask((x << (bits - s)) | (y >> s), bits)
    }
}

fn overflow(op: Intr, signed: bool, bits: u32, x: u128, y: u128) -> (u128, Option<bool>) {
    let (wide, ok) = if signed {
        let (a, b) = (sext(x, bits), sext(y, bits));
        let r = match op {
            Intr::AddOv { .. } => a.checked_add(b),
            Intr::SubOv { .. } => a.checked_sub(b),
            _ => a.checked_mul(b),
        };
        let r = r.unwrap_or(i128::MAX);
        (r as u128, sext(mask(r as u128, bits), bits) == r)
    } else {
        let r = match op {
            Intr::AddOv { .. } => x.checked_add(y),
            Intr::SubOv { .. } => x.checked_sub(y),
            _ => x.checked_mul(y),
        };
        match r {
            Some(r) => (r, mask(r, bits) == r),
            None => (bin_for(op, x, y), false),
        }
    };
    (
        mask(if ok { wide } else { bin_for(op, x, y) }, bits),
        Some(!ok),
    )
}

fn bin_for(op: Intr, x: u128, y: u128) -> u128 {
    match op {
        Intr::AddOv { .. } => x.wrapping_add(y),
        Intr::SubOv { .. } => x.wrapping_sub(y),
        _ => x.wrapping_mul(y),
    }
}

fn saturate(op: Intr, signed: bool, bits: u32, x: u128, y: u128) -> u128 {
    let add = matches!(op, Intr::AddSat { .. });
    if signed {
        let (a, b) = (sext(x, bits), sext(y, bits));
        let r = if add { a + b } else { a - b };
        let max = (1i128 << (bits - 1)) - 1;
        let min = -(1i128 << (bits - 1));
        mask(r.clamp(min, max) as u128, bits)
    } else if add {
        (x + y).min(mask(u128::MAX, bits))
    } else {
        x.saturating_sub(y)
    }
}

/// `llvm.is.fpclass`: bit 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -subnormal,
/// 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf.
fn fp_class(bits: u128, double: bool, mask: u128) -> bool {
    let (v, subnormal) = if double {
        let v = f64::from_bits(bits as u64);
        (v, v.is_subnormal())
    } else {
        let v = f32::from_bits(bits as u32);
        (v as f64, v.is_subnormal())
    };
    let neg = v.is_sign_negative();
    let bit = match () {
        _ if v.is_nan() => return mask & 0b11 != 0,
        _ if v.is_infinite() => {
            if neg {
                2
            } else {
                9
            }
        }
        _ if v == 0.0 => {
            if neg {
                5
            } else {
                6
            }
        }
        _ if subnormal => {
            if neg {
                4
            } else {
                7
            }
        }
        _ => {
            if neg {
                3
            } else {
                8
            }
        }
    };
    mask & (1 << bit) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_overflow_of_nsw_operations() {
        let m = |v: i128, bits: u32| mask(v as u128, bits);
        for bits in [8u32, 16, 32, 64, 128] {
            let max = (1i128 << (bits - 1)).wrapping_sub(1);
            let min = if bits == 128 {
                i128::MIN
            } else {
                -(1i128 << (bits - 1))
            };
            let so = |op, a: i128, b: i128| signed_overflow(op, bits, m(a, bits), m(b, bits));
            assert!(so(BinOp::Add, max, 1));
            assert!(!so(BinOp::Add, max, 0));
            assert!(!so(BinOp::Add, min, max));
            assert!(so(BinOp::Add, min, -1));
            assert!(so(BinOp::Sub, min, 1));
            assert!(so(BinOp::Sub, 0, min));
            assert!(!so(BinOp::Sub, -1, min));
            assert!(so(BinOp::Mul, min, -1));
            assert!(so(BinOp::Mul, max, 2));
            assert!(!so(BinOp::Mul, max, -1));
            assert!(!so(BinOp::Mul, min, 1));
            assert!(so(BinOp::Shl, 1, (bits - 1) as i128));
            assert!(!so(BinOp::Shl, -1, (bits - 1) as i128));
            assert!(so(BinOp::Shl, 1, bits as i128));
            assert!(!so(BinOp::Shl, 3, 1));
            assert!(!so(BinOp::Xor, max, min));
        }
        // Exhaustively against wide arithmetic on 8 bits.
        for a in -128i128..128 {
            for b in -128i128..128 {
                let fits = |r: i128| (-128..128).contains(&r);
                let (ua, ub) = (m(a, 8), m(b, 8));
                assert_eq!(signed_overflow(BinOp::Add, 8, ua, ub), !fits(a + b));
                assert_eq!(signed_overflow(BinOp::Sub, 8, ua, ub), !fits(a - b));
                assert_eq!(signed_overflow(BinOp::Mul, 8, ua, ub), !fits(a * b));
                if (0..8).contains(&b) {
                    assert_eq!(signed_overflow(BinOp::Shl, 8, ua, ub), !fits(a << b));
                }
            }
        }
    }

    #[test]
    fn signed_division_overflow_and_zero() {
        for bits in [8u32, 16, 32, 64, 128] {
            let min = 1u128 << (bits - 1);
            let m1 = mask(u128::MAX, bits);
            for op in [BinOp::SDiv, BinOp::SRem] {
                assert_eq!(
                    bin(op, bits, min, m1),
                    Err(ArithError::DivOverflow),
                    "{bits}"
                );
                assert_eq!(bin(op, bits, min, 0), Err(ArithError::DivByZero), "{bits}");
            }
            // (MIN + 1) / -1 is MAX.
            assert_eq!(bin(BinOp::SDiv, bits, min + 1, m1), Ok(min - 1));
            assert_eq!(bin(BinOp::SRem, bits, min + 1, m1), Ok(0));
            assert_eq!(bin(BinOp::SDiv, bits, min, 1), Ok(min));
            // Unsigned division of the same bits is fine.
            assert_eq!(bin(BinOp::UDiv, bits, min, m1), Ok(0));
            assert_eq!(bin(BinOp::URem, bits, min, 0), Err(ArithError::DivByZero));
        }
    }
}
