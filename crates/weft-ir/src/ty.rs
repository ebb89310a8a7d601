//! Types with their sizes, alignments and field offsets, for one of the
//! two data models weft supports ([`DataModel`]):
//!
//! - **LP64** (x86-64, `x86_64-pc-linux-gnu`, the default): pointers,
//!   `long`, `size_t` and `pthread_t` are 8 bytes; `i64` and `double` are
//!   8-aligned.
//! - **ILP32** (i386, `-m32`, `i386-pc-linux-gnu`): pointers, `long`,
//!   `size_t`, `time_t` and `pthread_t` are 4 bytes; inside structs `i64`
//!   (`long long`) and `double` are only 4-aligned (the datalayout's
//!   `f64:32:64` and LLVM's default `i64:32:64`); `va_list` is a plain
//!   pointer into 4-byte argument slots. Pointers lower to `Ty::Int(32)`
//!   (weft's pointers are integers with provenance in their bits) and use
//!   the 32-bit address packing of [`crate::addr`]. `long double` (12-byte
//!   x86_fp80) is refused, as in LP64.
//!
//! Any other target is refused at load time. [`DataModel::for_module`]
//! checks the module's datalayout against the model's table, so a layout
//! that differs (another ABI's alignments) is an error, never a guess.

use crate::addr::AddrModel;
use std::sync::Arc;

/// Everything that differs between the supported targets: one table the
/// lowering and the runtime models read sizes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataModel {
    /// `LP64` or `ILP32`.
    pub name: &'static str,
    /// SV-COMP's architecture name: `64bit` or `32bit`.
    pub arch: &'static str,
    /// The target triple clang compiles for with this model.
    pub triple: &'static str,
    /// Bytes of a pointer, `size_t`, `uintptr_t`.
    pub ptr: u64,
    /// Bytes of `long` and `unsigned long`.
    pub long: u64,
    /// Bytes of `time_t` (and `struct timespec`'s and `timeval`'s fields).
    pub time: u64,
    /// Bytes of `pthread_t`.
    pub pthread: u64,
    /// ABI alignment of `i64` (`long long`) and `double` inside aggregates.
    pub align64: u64,
    /// Offset of glibc's `__kind` field in `pthread_mutex_t` (the mutex
    /// type that static initialisers set).
    pub mutex_kind: u64,
    /// How pointers pack (object, offset).
    pub addr: AddrModel,
}

impl DataModel {
    pub const LP64: DataModel = DataModel {
        name: "LP64",
        arch: "64bit",
        triple: "x86_64-pc-linux-gnu",
        ptr: 8,
        long: 8,
        time: 8,
        pthread: 8,
        align64: 8,
        mutex_kind: 16,
        addr: AddrModel::Lp64,
    };

    pub const ILP32: DataModel = DataModel {
        name: "ILP32",
        arch: "32bit",
        triple: "i386-pc-linux-gnu",
        ptr: 4,
        long: 4,
        time: 4,
        pthread: 4,
        align64: 4,
        mutex_kind: 12,
        addr: AddrModel::Ilp32,
    };

    pub fn is_ilp32(&self) -> bool {
        self.ptr == 4
    }

    /// The model of a module compiled for `triple` with `datalayout`
    /// (`None`: no triple, as in hand-written IR, which is LP64). The
    /// layout's pointer size and 64-bit alignments must be the model's.
    pub fn for_target(
        triple: Option<&str>,
        ptr_bits: u32,
        i64_align_bits: u32,
        f64_align_bits: u32,
    ) -> Result<DataModel, String> {
        let arch = triple.map(|t| t.split('-').next().unwrap_or(""));
        let dm = match arch {
            None | Some("x86_64") => DataModel::LP64,
            Some("i386" | "i486" | "i586" | "i686") => DataModel::ILP32,
            Some(_) => {
                return Err(format!(
                    "target `{}` (weft supports x86_64 (LP64) and i386 (ILP32, `-m32`))",
                    triple.unwrap_or("")
                ))
            }
        };
        let want = (dm.ptr * 8, dm.align64 * 8, dm.align64 * 8);
        let got = (
            ptr_bits as u64,
            i64_align_bits as u64,
            f64_align_bits as u64,
        );
        if want != got {
            return Err(format!(
                "data layout of target `{}`: pointers of {} bits, i64 and double aligned to {} and {} bits ({} expects {}, {}, {})",
                triple.unwrap_or(""),
                got.0,
                got.1,
                got.2,
                dm.name,
                want.0,
                want.1,
                want.2
            ));
        }
        Ok(dm)
    }

    /// The scalar type pointers lower to.
    pub fn ptr_ty(&self) -> Ty {
        if self.is_ilp32() {
            Ty::Int(32)
        } else {
            Ty::Ptr
        }
    }

    /// ABI alignment of `t` as a struct field or array element.
    pub fn align(&self, t: &Ty) -> u64 {
        match t {
            Ty::Int(64) | Ty::F64 => self.align64,
            t => t.align(),
        }
    }
}

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

    /// Bytes a load or store of this type touches: an `iN` touches
    /// `ceil(N/8)` bytes (LLVM's store size), less than its allocation size
    /// when N is not a power of two (`i24`: 3 bytes, in a 4-byte slot).
    #[inline]
    pub fn store_size(&self) -> u64 {
        match self {
            Ty::Int(bits) => bits.div_ceil(8) as u64,
            t => t.size(),
        }
    }

    /// The x86-64 alignment (aggregates: their own); see
    /// [`DataModel::align`] for the target's.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_model_follows_the_target() {
        let lp64 = DataModel::for_target(Some("x86_64-pc-linux-gnu"), 64, 64, 64).unwrap();
        assert_eq!(lp64, DataModel::LP64);
        assert_eq!(
            DataModel::for_target(None, 64, 64, 64).unwrap(),
            DataModel::LP64
        );
        for t in ["i386-pc-linux-gnu", "i686-unknown-linux-gnu"] {
            assert_eq!(
                DataModel::for_target(Some(t), 32, 32, 32).unwrap(),
                DataModel::ILP32
            );
        }
        let e = DataModel::for_target(Some("aarch64-unknown-linux-gnu"), 64, 64, 64).unwrap_err();
        assert!(e.contains("aarch64"), "{e}");
        // An i386 triple with another ABI's layout is refused, not guessed.
        let e = DataModel::for_target(Some("i686-pc-windows-msvc"), 32, 64, 64).unwrap_err();
        assert!(e.contains("data layout"), "{e}");
    }

    #[test]
    fn ilp32_aligns_i64_and_double_to_4() {
        let dm = DataModel::ILP32;
        assert_eq!(dm.align(&Ty::Int(64)), 4);
        assert_eq!(dm.align(&Ty::F64), 4);
        assert_eq!(dm.align(&dm.ptr_ty()), 4);
        assert_eq!(dm.ptr_ty().size(), 4);
        assert_eq!(DataModel::LP64.align(&Ty::Int(64)), 8);
        assert_eq!(Ty::Int(24).store_size(), 3);
        assert_eq!(Ty::Int(24).size(), 4);
    }
}
