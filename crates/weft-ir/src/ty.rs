//! Types with their x86-64 sizes, alignments and field offsets.

use std::sync::Arc;

/// A first-class type as the interpreter needs it.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Void,
    Int(u32),
    Ptr,
    F32,
    F64,
    /// A struct or array; fields flattened one level with their offsets.
    Agg(Arc<Layout>),
}

/// The layout of an aggregate.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub shape: Shape,
    pub size: u64,
    pub align: u64,
}

/// The elements of an aggregate. Arrays are kept as one element type and a
/// length, so that huge arrays cost nothing to lower.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// Struct fields with their byte offsets.
    Struct(Vec<(u64, Ty)>),
    /// `len` elements `elem.size()` bytes apart (arrays and vectors).
    Array { elem: Ty, len: u64 },
}

impl Layout {
    /// The number of elements.
    pub fn len(&self) -> u64 {
        match &self.shape {
            Shape::Struct(f) => f.len() as u64,
            Shape::Array { len, .. } => *len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Element `i` with its byte offset.
    pub fn field(&self, i: u64) -> Option<(u64, &Ty)> {
        match &self.shape {
            Shape::Struct(f) => f.get(i as usize).map(|(o, t)| (*o, t)),
            Shape::Array { elem, len } => (i < *len).then(|| (i * elem.size(), elem)),
        }
    }

    /// Every element with its byte offset, in order.
    pub fn fields(&self) -> impl Iterator<Item = (u64, &Ty)> + '_ {
        (0..self.len()).map(|i| self.field(i).expect("in range"))
    }
}

impl Ty {
    /// Allocation size in bytes.
    pub fn size(&self) -> u64 {
        match self {
            Ty::Void => 0,
            Ty::Int(bits) => int_bytes(*bits),
            Ty::Ptr | Ty::F64 => 8,
            Ty::F32 => 4,
            Ty::Agg(l) => l.size,
        }
    }

    pub fn align(&self) -> u64 {
        match self {
            Ty::Agg(l) => l.align,
            Ty::Void => 1,
            t => t.size().max(1),
        }
    }

    /// The number of value bits of a scalar (pointers are 64 bits).
    pub fn bits(&self) -> u32 {
        match self {
            Ty::Int(b) => *b,
            Ty::Ptr | Ty::F64 => 64,
            Ty::F32 => 32,
            _ => 0,
        }
    }

    pub fn is_agg(&self) -> bool {
        matches!(self, Ty::Agg(_))
    }
}

/// Bytes occupied by an integer of `bits` bits (power of two, at least 1).
pub fn int_bytes(bits: u32) -> u64 {
    (bits.div_ceil(8) as u64).next_power_of_two()
}

/// `off` rounded up to a multiple of `align` (saturating).
pub(crate) fn align_to(off: u64, align: u64) -> u64 {
    off.div_ceil(align).saturating_mul(align)
}
