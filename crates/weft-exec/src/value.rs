//! Register values.

use std::sync::Arc;

/// A value held in a register.
///
/// Integers, pointers (see `weft_ir::addr`) and floats (as their IEEE bits)
/// are all `Int`, masked to their type's width. `Undef` is uninitialised
/// data; it propagates through arithmetic and is a finding when it decides a
/// branch, an address or a call target. `Sym` is symbolic data
/// (`--nondet symbolic`, see `sym`): an expression of the exploration's
/// pool that is not a constant (constants are always `Int`).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(u128),
    Undef,
    Agg(Arc<[Value]>),
    Sym(weft_smt::Expr),
}

impl Value {
    pub const ZERO: Value = Value::Int(0);

    /// The integer bits, or `None` when uninitialised or aggregate.
    #[inline]
    pub fn int(&self) -> Option<u128> {
        match self {
            Value::Int(v) => Some(*v),
            _ => None,
        }
    }

    /// Whether the value is symbolic (or an aggregate holding symbolic
    /// data).
    pub fn is_sym(&self) -> bool {
        match self {
            Value::Sym(_) => true,
            Value::Agg(items) => items.iter().any(Value::is_sym),
            _ => false,
        }
    }

    /// The bits, reading uninitialised data as zero.
    #[inline]
    pub fn bits_or_zero(&self) -> u128 {
        self.int().unwrap_or(0)
    }

    pub fn from_bool(b: bool) -> Value {
        Value::Int(b as u128)
    }

    pub fn f32(&self) -> Option<f32> {
        self.int().map(|b| f32::from_bits(b as u32))
    }

    pub fn f64(&self) -> Option<f64> {
        self.int().map(|b| f64::from_bits(b as u64))
    }
}

/// Keeps the low `bits` bits of `v`.
#[inline]
pub fn mask(v: u128, bits: u32) -> u128 {
    if bits >= 128 {
        v
    } else {
        v & ((1u128 << bits) - 1)
    }
}

/// Sign-extends the low `bits` bits of `v`.
#[inline]
pub fn sext(v: u128, bits: u32) -> i128 {
    if bits == 0 || bits >= 128 {
        return v as i128;
    }
    let shift = 128 - bits;
    ((v << shift) as i128) >> shift
}
