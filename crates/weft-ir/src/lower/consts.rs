//! Constant folding: constants and constant expressions become immediates
//! (with addresses resolved) or entries of the aggregate constant pool.

use super::{types::lower_type, Ctx};
use crate::{ConstVal, Operand, Shape, Ty};
use llvm_ir::constant::Float;
use llvm_ir::Constant;
use std::collections::BTreeMap;
use weft_core::Loc;

/// Lowers a constant used as an operand.
pub(crate) fn const_operand(cx: &mut Ctx, c: &llvm_ir::ConstantRef, loc: Loc) -> Operand {
    match const_val(cx, c, loc) {
        Some(ConstVal::Int(v)) => Operand::Imm(v),
        Some(ConstVal::Undef) => Operand::Undef,
        Some(agg) => {
            cx.consts.push(agg);
            Operand::Const(cx.consts.len() as u32 - 1)
        }
        None => {
            cx.unsupported(format!("constant expression `{c}`"), loc);
            Operand::Undef
        }
    }
}

fn mask(v: u128, bits: u32) -> u128 {
    if bits >= 128 {
        v
    } else {
        v & ((1u128 << bits) - 1)
    }
}

fn int_of(cx: &mut Ctx, c: &llvm_ir::ConstantRef, loc: Loc) -> Option<u128> {
    match const_val(cx, c, loc)? {
        ConstVal::Int(v) => Some(v),
        _ => None,
    }
}

/// Folds a constant; `None` if it is not supported.
pub(crate) fn const_val(cx: &mut Ctx, c: &llvm_ir::ConstantRef, loc: Loc) -> Option<ConstVal> {
    use Constant as C;
    Some(match c.as_ref() {
        C::Int { bits, value } if *bits > 64 => ConstVal::Int(wide_int(cx, *value)),
        C::Int { value, .. } => ConstVal::Int(*value as u128),
        C::Float(Float::Single(f)) => ConstVal::Int(f.to_bits() as u128),
        C::Float(Float::Double(f)) => ConstVal::Int(f.to_bits() as u128),
        C::Float(_) => return None,
        C::Null(_) => ConstVal::Int(0),
        C::AggregateZero(t) => zero_of(&lower_type(cx, t))?,
        C::Struct { values, .. } => agg(cx, values, loc)?,
        C::Array { elements, .. } => agg(cx, elements, loc)?,
        C::Vector(elements) => agg(cx, elements, loc)?,
        C::Undef(_) | C::Poison(_) => ConstVal::Undef,
        C::GlobalReference { name, .. } => {
            let n = super::name_str(name);
            ConstVal::Int(cx.symbol_addr(&n, loc) as u128)
        }
        C::Add(a) => {
            ConstVal::Int(int_of(cx, &a.operand0, loc)?.wrapping_add(int_of(cx, &a.operand1, loc)?))
        }
        C::Sub(a) => {
            ConstVal::Int(int_of(cx, &a.operand0, loc)?.wrapping_sub(int_of(cx, &a.operand1, loc)?))
        }
        C::Mul(a) => {
            ConstVal::Int(int_of(cx, &a.operand0, loc)?.wrapping_mul(int_of(cx, &a.operand1, loc)?))
        }
        C::Xor(a) => ConstVal::Int(int_of(cx, &a.operand0, loc)? ^ int_of(cx, &a.operand1, loc)?),
        C::PtrToInt(p) => {
            let bits = lower_type(cx, &p.to_type).bits();
            ConstVal::Int(mask(int_of(cx, &p.operand, loc)?, bits))
        }
        C::IntToPtr(p) => ConstVal::Int(mask(int_of(cx, &p.operand, loc)?, cx.dm.ptr as u32 * 8)),
        C::Trunc(p) => {
            let bits = lower_type(cx, &p.to_type).bits();
            ConstVal::Int(mask(int_of(cx, &p.operand, loc)?, bits))
        }
        C::BitCast(p) => const_val(cx, &p.operand, loc)?,
        C::AddrSpaceCast(p) => const_val(cx, &p.operand, loc)?,
        C::GetElementPtr(g) => {
            let base = int_of(cx, &g.address, loc)? as u64;
            let desc = super::gep_table::describe(c)?;
            let off = cx.gep_offsets.get(cx.const_scope()?, desc)?;
            let a = base.wrapping_add(off as u64) as u128;
            ConstVal::Int(mask(a, cx.dm.ptr as u32 * 8))
        }
        _ => return None,
    })
}

pub(crate) fn sext(v: u128, bits: u32) -> i64 {
    if bits == 0 || bits >= 64 {
        return v as i64;
    }
    let shift = 64 - bits;
    ((v as u64) << shift) as i64 >> shift
}

fn agg(cx: &mut Ctx, items: &[llvm_ir::ConstantRef], loc: Loc) -> Option<ConstVal> {
    let mut out = Vec::with_capacity(items.len());
    for i in items {
        out.push(const_val(cx, i, loc)?);
    }
    Some(ConstVal::Agg(out))
}

/// Scalars an all-zero aggregate operand may have before it is rejected
/// (a huge array's zero value would not fit in memory).
const MAX_ZERO_LEAVES: u64 = 1 << 20;

/// The number of scalars in a value of type `ty` (saturating).
fn leaves(ty: &Ty) -> u64 {
    match ty {
        Ty::Agg(l) => match &l.shape {
            Shape::Struct(f) => f.iter().fold(0u64, |n, (_, t)| n.saturating_add(leaves(t))),
            Shape::Array { elem, len } => leaves(elem).saturating_mul(*len),
        },
        _ => 1,
    }
}

/// The all-zero value of a type; `None` if it is too large to build.
pub(crate) fn zero_of(ty: &Ty) -> Option<ConstVal> {
    if leaves(ty) > MAX_ZERO_LEAVES {
        return None;
    }
    Some(zero_value(ty))
}

fn zero_value(ty: &Ty) -> ConstVal {
    match ty {
        Ty::Agg(l) => ConstVal::Agg(l.fields().map(|(_, t)| zero_value(t)).collect()),
        _ => ConstVal::Int(0),
    }
}

/// A global's initial contents, kept sparse: 4 KiB pages, absent pages zero.
#[derive(Default)]
pub(crate) struct Image {
    pages: BTreeMap<u64, Vec<u8>>,
}

const PAGE: u64 = 4096;

impl Image {
    fn write(&mut self, off: u64, bytes: &[u8]) {
        for (k, &b) in bytes.iter().enumerate() {
            let a = off + k as u64;
            let page = self
                .pages
                .entry(a / PAGE)
                .or_insert_with(|| vec![0; PAGE as usize]);
            page[(a % PAGE) as usize] = b;
        }
    }

    /// The non-zero pages as `(offset, bytes)` runs, cut at `size`.
    pub(crate) fn runs(self, size: u64) -> Vec<(u64, Vec<u8>)> {
        self.pages
            .into_iter()
            .filter(|(_, p)| p.iter().any(|&b| b != 0))
            .filter_map(|(k, mut p)| {
                let start = k * PAGE;
                p.truncate(size.checked_sub(start)?.min(PAGE) as usize);
                Some((start, p))
            })
            .collect()
    }
}

/// Writes the initializer `c` of type `ty` at `off` into `img`, walking
/// aggregates so that all-zero parts (however large) cost nothing. `false`
/// if some part is not supported.
pub(crate) fn write_init(
    cx: &mut Ctx,
    c: &llvm_ir::ConstantRef,
    off: u64,
    ty: &Ty,
    img: &mut Image,
) -> bool {
    use Constant as C;
    match (c.as_ref(), ty) {
        (C::AggregateZero(_) | C::Null(_) | C::Undef(_) | C::Poison(_), _) => true,
        (
            C::Struct { values: items, .. }
            | C::Array {
                elements: items, ..
            },
            Ty::Agg(l),
        ) => items
            .iter()
            .enumerate()
            .all(|(i, item)| match l.field(i as u64) {
                Some((foff, fty)) => write_init(cx, item, off + foff, fty, img),
                None => true,
            }),
        _ => match const_val(cx, c, Loc::UNKNOWN) {
            Some(v) => {
                write_const(img, off, &v, ty);
                true
            }
            None => false,
        },
    }
}

/// Writes a constant's bytes (little-endian) into `img` at `off`.
fn write_const(img: &mut Image, off: u64, v: &ConstVal, ty: &Ty) {
    match (v, ty) {
        (ConstVal::Int(x), t) if !t.is_agg() => {
            let n = t.size() as usize;
            img.write(off, &x.to_le_bytes()[..n]);
        }
        (ConstVal::Agg(items), Ty::Agg(l)) => {
            for (item, (foff, fty)) in items.iter().zip(l.fields()) {
                write_const(img, off + foff, item, fty);
            }
        }
        _ => {} // undef: stays zero
    }
}

/// The full value of an integer constant wider than 64 bits (`llvm-ir`
/// keeps only the low 64), from the side table built through the C API.
fn wide_int(cx: &Ctx, low: u64) -> u128 {
    let Some(f) = cx.current_fn else {
        return low as u128;
    };
    let (b, i) = cx.current_pos;
    cx.gep_offsets
        .wide
        .get(&(f, b, i, low))
        .copied()
        .unwrap_or(low as u128)
}
