//! Type lowering: sizes and offsets for the module's data model
//! ([`crate::DataModel`]: x86-64 LP64 or i386 ILP32).

use super::Ctx;
use crate::ty::{align_to, Layout, Shape};
use crate::Ty;
use llvm_ir::types::{FPType, NamedStructDef, Type};
use llvm_ir::TypeRef;
use std::sync::Arc;
use weft_core::Loc;

/// Lowers an LLVM type. Unsupported types are recorded and lowered as `i8`.
pub(crate) fn lower_type(cx: &mut Ctx, t: &TypeRef) -> Ty {
    lower_type_at(cx, t, Loc::UNKNOWN)
}

pub(crate) fn lower_type_at(cx: &mut Ctx, t: &TypeRef, loc: Loc) -> Ty {
    match t.as_ref() {
        Type::VoidType => Ty::Void,
        Type::IntegerType { bits } if *bits <= 128 => Ty::Int(*bits),
        Type::PointerType { .. } => cx.dm.ptr_ty(),
        Type::FPType(FPType::Single) => Ty::F32,
        Type::FPType(FPType::Double) => Ty::F64,
        Type::ArrayType {
            element_type,
            num_elements,
        } => {
            let elem = lower_type_at(cx, element_type, loc);
            array_layout(&cx.dm, elem, *num_elements as u64)
        }
        Type::VectorType {
            element_type,
            num_elements,
            scalable: false,
        } => {
            // Lanes are packed; a vector's size must be a power of two so
            // that LLVM's allocation size (rounded up to its alignment)
            // equals the packed size weft lays out.
            let elem = lower_type_at(cx, element_type, loc);
            let v = array_layout(&cx.dm, elem.clone(), *num_elements as u64);
            if matches!(elem, Ty::Int(b) if b % 8 != 0) || !v.size().is_power_of_two() {
                cx.unsupported(format!("vector type `{t}`"), loc);
            }
            v
        }
        Type::StructType {
            element_types,
            is_packed,
        } => {
            let elems: Vec<Ty> = element_types
                .iter()
                .map(|e| lower_type_at(cx, e, loc))
                .collect();
            struct_layout(&cx.dm, elems, *is_packed)
        }
        Type::NamedStructType { name } => match cx.m.types.named_struct_def(name) {
            Some(NamedStructDef::Defined(inner)) => lower_type_at(cx, &inner.clone(), loc),
            _ => {
                cx.unsupported(format!("opaque struct type `{name}`"), loc);
                Ty::Int(8)
            }
        },
        // Refused rather than approximated by f64: every operation whose
        // 80-bit result differs from the f64 one would be a wrong answer.
        Type::FPType(FPType::X86_FP80) => {
            cx.unsupported(
                "`long double` (x86_fp80: 80-bit extended precision is not modelled)",
                loc,
            );
            Ty::Int(8)
        }
        other => {
            cx.unsupported(format!("type `{other}`"), loc);
            Ty::Int(8)
        }
    }
}

/// An array of `n` elements. Its size saturates: a type too large to
/// allocate is only an error once something allocates it.
pub(crate) fn array_layout(dm: &crate::DataModel, elem: Ty, n: u64) -> Ty {
    let size = elem.size().saturating_mul(n);
    let align = dm.align(&elem);
    Ty::Agg(Arc::new(Layout {
        shape: Shape::Array { elem, len: n },
        size,
        align,
    }))
}

pub(crate) fn struct_layout(dm: &crate::DataModel, elems: Vec<Ty>, packed: bool) -> Ty {
    let mut off = 0;
    let mut align = 1;
    let mut fields = Vec::with_capacity(elems.len());
    for e in elems {
        let a = if packed { 1 } else { dm.align(&e) };
        off = align_to(off, a);
        align = align.max(a);
        let size = e.size();
        fields.push((off, e));
        off = off.saturating_add(size);
    }
    Ty::Agg(Arc::new(Layout {
        shape: Shape::Struct(fields),
        size: align_to(off, align),
        align,
    }))
}
