//! The address space: how an object id and an offset are packed into a
//! 64-bit pointer value.
//!
//! The top 14 bits of an address are its *space*. Space 0 holds the null
//! object (index 0), globals and code objects (functions); space `t + 1`
//! holds the objects allocated by thread `t`. Because every thread allocates
//! from its own space, addresses depend only on the thread's own history and
//! never on how independent events of other threads were interleaved.
//! Integers and pointers share this representation, so provenance survives
//! `ptrtoint`/`inttoptr` round trips.
//!
//! The remaining 50 bits split three ways:
//!
//! | space          | layout                          | objects | largest object |
//! |----------------|---------------------------------|---------|----------------|
//! | 0 (statics)    | `[index:15][offset:35]`         | 32,767  | 32 GiB − 1     |
//! | thread, small  | `[0][index:21][offset:28]`      | 2 M     | 256 MiB − 1    |
//! | thread, wide   | `[1][index:9][offset:40]`       | 512     | 1 TiB − 1      |
//!
//! A thread object larger than a small one can be is *wide*: its [`ObjId`]
//! has [`WIDE`] set in `index`, and wide objects are numbered apart from
//! small ones.
//!
//! # ILP32
//!
//! Under the ILP32 data model (`-m32`) pointers are 32 bits and the same
//! ([`ObjId`], offset) pairs are packed into 32 bits by [`decode32`] and
//! [`ObjId::addr32`]; [`AddrModel`] picks one encoding for a program and
//! [`AddrModel::limits`] gives its bounds:
//!
//! | kind          | layout (bit 31 first)                     | objects      | largest object |
//! |---------------|-------------------------------------------|--------------|----------------|
//! | statics       | `[0][index:12][offset:19]`                | 4,095        | 512 KiB − 1    |
//! | thread, small | `[1][space−1:6][0][index:14][offset:10]`  | 16,384 each  | 1 KiB − 1      |
//! | thread, wide  | `[1][space−1:6][1][index:6][offset:18]`   | 64 each      | 256 KiB − 1    |
//!
//! So at most 64 threads (spaces 1..=64) allocate, each at most 16,384 small
//! and 64 wide objects (every stack variable of every call is an object;
//! they are not reused). Passing a bound is never silent: allocation fails
//! (the run ends `incomplete`, limit `address-space`) and a program with
//! too many or too large globals is refused at load time. Out-of-bounds
//! pointer arithmetic that leaves an object's offset field lands in a
//! neighbouring object slot, as on hardware, but the fields are smaller
//! than LP64's, so such a far access is more likely to hit another object
//! there instead of being reported.
//!
//! The LP64 [`decode`] and [`ObjId::addr`] keep their constants inline:
//! the per-access path of LP64 programs pays only for choosing the model.

pub const SPACE_BITS: u32 = 14;
pub const MAX_SPACE: u32 = (1 << SPACE_BITS) - 1;
const SPACE_SHIFT: u32 = 64 - SPACE_BITS;

/// Offset bits of static objects (globals, functions).
pub const STATIC_OFF_BITS: u32 = 35;
const STATIC_IDX_BITS: u32 = SPACE_SHIFT - STATIC_OFF_BITS;
/// The largest index of a static object (so at most this many globals and
/// functions together).
pub const MAX_STATIC_INDEX: u32 = (1 << STATIC_IDX_BITS) - 1;

/// Static objects the runtime adds after the code objects (the standard
/// streams `stdin`, `stdout`, `stderr`).
pub const RUNTIME_STATICS: u32 = 3;

/// Offset bits of small thread objects.
pub const SMALL_OFF_BITS: u32 = 28;
const SMALL_IDX_BITS: u32 = SPACE_SHIFT - 1 - SMALL_OFF_BITS;
pub const MAX_SMALL_INDEX: u32 = (1 << SMALL_IDX_BITS) - 1;

/// Offset bits of wide thread objects.
pub const WIDE_OFF_BITS: u32 = 40;
const WIDE_IDX_BITS: u32 = SPACE_SHIFT - 1 - WIDE_OFF_BITS;
pub const MAX_WIDE_INDEX: u32 = (1 << WIDE_IDX_BITS) - 1;

/// The flag bit of a thread-space address that marks a wide object.
const WIDE_BIT: u64 = 1 << (SPACE_SHIFT - 1);
/// Set in [`ObjId::index`] of a wide object.
pub const WIDE: u32 = 1 << 31;

/// The largest size of a static object (its one-past-the-end address
/// still decodes to it).
pub const MAX_STATIC_SIZE: u64 = (1 << STATIC_OFF_BITS) - 1;
/// The largest size of a small thread object.
pub const MAX_SMALL_SIZE: u64 = (1 << SMALL_OFF_BITS) - 1;
/// The largest size of any thread object (a wide one).
pub const MAX_WIDE_SIZE: u64 = (1 << WIDE_OFF_BITS) - 1;

/// The space of globals and functions.
pub const STATIC_SPACE: u32 = 0;

/// An object's identity: the space it was allocated in and its index there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjId {
    pub space: u32,
    pub index: u32,
}

impl ObjId {
    pub const NULL: ObjId = ObjId { space: 0, index: 0 };

    /// The `n`-th small object of thread space `space`, if representable.
    pub fn small(space: u32, n: u32) -> Option<ObjId> {
        (space != STATIC_SPACE && space <= MAX_SPACE && n <= MAX_SMALL_INDEX)
            .then_some(ObjId { space, index: n })
    }

    /// The `n`-th wide object of thread space `space`, if representable.
    pub fn wide(space: u32, n: u32) -> Option<ObjId> {
        (space != STATIC_SPACE && space <= MAX_SPACE && n <= MAX_WIDE_INDEX).then_some(ObjId {
            space,
            index: n | WIDE,
        })
    }

    pub fn is_wide(self) -> bool {
        self.index & WIDE != 0
    }

    /// The 32-bit (ILP32) address of byte `off` of this object, which the
    /// caller made with [`AddrModel`]'s bounds.
    pub fn addr32(self, off: u64) -> u64 {
        debug_assert!(self.space <= ILP32_LIMITS.max_space);
        if self.space == STATIC_SPACE {
            ((self.index as u64) << N_STATIC_OFF) | off
        } else {
            let space = (1u64 << 31) | (((self.space - 1) as u64) << N_SPACE_SHIFT);
            if self.is_wide() {
                space | N_WIDE_BIT as u64 | (((self.index & !WIDE) as u64) << N_WIDE_OFF) | off
            } else {
                space | ((self.index as u64) << N_SMALL_OFF) | off
            }
        }
    }

    /// The (LP64) address of byte `off` of this object.
    pub fn addr(self, off: u64) -> u64 {
        let space = (self.space as u64) << SPACE_SHIFT;
        if self.space == STATIC_SPACE {
            space | ((self.index as u64) << STATIC_OFF_BITS) | off
        } else if self.is_wide() {
            space | WIDE_BIT | (((self.index & !WIDE) as u64) << WIDE_OFF_BITS) | off
        } else {
            space | ((self.index as u64) << SMALL_OFF_BITS) | off
        }
    }
}

/// Splits an (LP64) address into its object and offset.
#[inline]
pub fn decode(addr: u64) -> (ObjId, u64) {
    let space = (addr >> SPACE_SHIFT) as u32;
    let (index, bits) = if space == STATIC_SPACE {
        (
            (addr >> STATIC_OFF_BITS) as u32 & MAX_STATIC_INDEX,
            STATIC_OFF_BITS,
        )
    } else if addr & WIDE_BIT != 0 {
        (
            ((addr >> WIDE_OFF_BITS) as u32 & MAX_WIDE_INDEX) | WIDE,
            WIDE_OFF_BITS,
        )
    } else {
        (
            (addr >> SMALL_OFF_BITS) as u32 & MAX_SMALL_INDEX,
            SMALL_OFF_BITS,
        )
    };
    (ObjId { space, index }, addr & ((1 << bits) - 1))
}

/// Which packing a program's pointers use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddrModel {
    /// 64-bit pointers ([`decode`], [`ObjId::addr`]).
    Lp64,
    /// 32-bit pointers ([`decode32`], [`ObjId::addr32`]).
    Ilp32,
}

/// The bounds of an address encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest thread space (so `MAX_SPACE` threads can allocate).
    pub max_space: u32,
    pub max_static_index: u32,
    pub max_static_size: u64,
    pub max_small_index: u32,
    pub max_small_size: u64,
    pub max_wide_index: u32,
    pub max_wide_size: u64,
}

const LP64_LIMITS: Limits = Limits {
    max_space: MAX_SPACE,
    max_static_index: MAX_STATIC_INDEX,
    max_static_size: MAX_STATIC_SIZE,
    max_small_index: MAX_SMALL_INDEX,
    max_small_size: MAX_SMALL_SIZE,
    max_wide_index: MAX_WIDE_INDEX,
    max_wide_size: MAX_WIDE_SIZE,
};

/// Offset bits of an ILP32 static object.
const N_STATIC_OFF: u32 = 19;
const N_STATIC_IDX: u32 = 12;
/// Bits of an ILP32 thread space number (stored minus one).
const N_SPACE_BITS: u32 = 6;
const N_SPACE_SHIFT: u32 = 25;
const N_WIDE_BIT: u32 = 1 << 24;
const N_SMALL_OFF: u32 = 10;
const N_SMALL_IDX: u32 = 14;
const N_WIDE_OFF: u32 = 18;
const N_WIDE_IDX: u32 = 6;

const ILP32_LIMITS: Limits = Limits {
    max_space: 1 << N_SPACE_BITS,
    max_static_index: (1 << N_STATIC_IDX) - 1,
    max_static_size: (1 << N_STATIC_OFF) - 1,
    max_small_index: (1 << N_SMALL_IDX) - 1,
    max_small_size: (1 << N_SMALL_OFF) - 1,
    max_wide_index: (1 << N_WIDE_IDX) - 1,
    max_wide_size: (1 << N_WIDE_OFF) - 1,
};

impl AddrModel {
    /// Splits an address into its object and offset.
    #[inline(always)]
    pub fn decode(self, a: u64) -> (ObjId, u64) {
        match self {
            AddrModel::Lp64 => decode(a),
            AddrModel::Ilp32 => decode32(a),
        }
    }

    /// The address of byte `off` of object `id`.
    pub fn addr(self, id: ObjId, off: u64) -> u64 {
        match self {
            AddrModel::Lp64 => id.addr(off),
            AddrModel::Ilp32 => id.addr32(off),
        }
    }

    pub fn limits(self) -> &'static Limits {
        match self {
            AddrModel::Lp64 => &LP64_LIMITS,
            AddrModel::Ilp32 => &ILP32_LIMITS,
        }
    }

    /// The `n`-th small object of thread space `space`, if representable.
    pub fn small(self, space: u32, n: u32) -> Option<ObjId> {
        let l = self.limits();
        (space != STATIC_SPACE && space <= l.max_space && n <= l.max_small_index)
            .then_some(ObjId { space, index: n })
    }

    /// The `n`-th wide object of thread space `space`, if representable.
    pub fn wide(self, space: u32, n: u32) -> Option<ObjId> {
        let l = self.limits();
        (space != STATIC_SPACE && space <= l.max_space && n <= l.max_wide_index).then_some(ObjId {
            space,
            index: n | WIDE,
        })
    }
}

/// An ILP32 address that names no object (bits above 32, or a space no
/// thread has): every access through it is invalid.
const NO_OBJECT: ObjId = ObjId {
    space: u32::MAX,
    index: 0,
};

/// Splits a 32-bit (ILP32) address into its object and offset. Values with
/// bits above the low 32 name no object. Never inlined: it keeps the LP64
/// path of [`AddrModel::decode`] small enough for its callers (the memory
/// accessors) to stay inlined.
#[inline(never)]
pub fn decode32(addr: u64) -> (ObjId, u64) {
    if addr >> 32 != 0 {
        return (NO_OBJECT, 0);
    }
    let a = addr as u32;
    if a >> 31 == 0 {
        let index = a >> N_STATIC_OFF;
        return (
            ObjId {
                space: STATIC_SPACE,
                index,
            },
            (a & ((1 << N_STATIC_OFF) - 1)) as u64,
        );
    }
    let space = ((a >> N_SPACE_SHIFT) & ((1 << N_SPACE_BITS) - 1)) + 1;
    let (index, bits) = if a & N_WIDE_BIT != 0 {
        (
            ((a >> N_WIDE_OFF) & ((1 << N_WIDE_IDX) - 1)) | WIDE,
            N_WIDE_OFF,
        )
    } else {
        ((a >> N_SMALL_OFF) & ((1 << N_SMALL_IDX) - 1), N_SMALL_OFF)
    };
    (ObjId { space, index }, (a & ((1 << bits) - 1)) as u64)
}

/// The space that thread `tid` allocates in.
pub fn thread_space(tid: u32) -> u32 {
    tid + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let ids = [
            (ObjId::NULL, 0),
            (ObjId { space: 0, index: 7 }, MAX_STATIC_SIZE),
            (ObjId::small(1, 0).unwrap(), 5),
            (
                ObjId::small(MAX_SPACE, MAX_SMALL_INDEX).unwrap(),
                MAX_SMALL_SIZE,
            ),
            (ObjId::wide(3, 0).unwrap(), 1 << 30),
            (
                ObjId::wide(MAX_SPACE, MAX_WIDE_INDEX).unwrap(),
                MAX_WIDE_SIZE,
            ),
        ];
        for (id, off) in ids {
            assert_eq!(decode(id.addr(off)), (id, off), "{id:?}+{off}");
        }
        assert_eq!(decode(0), (ObjId::NULL, 0));
    }

    #[test]
    fn ilp32_round_trips_and_bounds() {
        let m = AddrModel::Ilp32;
        let l = m.limits();
        let ids = [
            (ObjId::NULL, 0),
            (ObjId { space: 0, index: 7 }, l.max_static_size),
            (
                ObjId {
                    space: 0,
                    index: l.max_static_index,
                },
                3,
            ),
            (m.small(1, 0).unwrap(), 5),
            (
                m.small(l.max_space, l.max_small_index).unwrap(),
                l.max_small_size,
            ),
            (m.wide(3, 0).unwrap(), 1 << 12),
            (
                m.wide(l.max_space, l.max_wide_index).unwrap(),
                l.max_wide_size,
            ),
        ];
        for (id, off) in ids {
            let a = m.addr(id, off);
            assert!(a <= u32::MAX as u64, "{id:?}+{off}");
            assert_eq!(m.decode(a), (id, off), "{id:?}+{off}");
        }
        assert_eq!(m.decode(0), (ObjId::NULL, 0));
        assert_eq!(m.small(l.max_space + 1, 0), None);
        assert_eq!(m.small(2, l.max_small_index + 1), None);
        assert_eq!(m.wide(2, l.max_wide_index + 1), None);
        // Bits above 32 name no object.
        assert_eq!(m.decode(1 << 32).0, NO_OBJECT);
        let s = m.small(2, 0).unwrap();
        let w = m.wide(2, 0).unwrap();
        assert_ne!(m.addr(s, 0), m.addr(w, 0));
    }

    #[test]
    fn small_and_wide_objects_are_distinct() {
        let s = ObjId::small(2, 0).unwrap();
        let w = ObjId::wide(2, 0).unwrap();
        assert_ne!(s.addr(0), w.addr(0));
        assert!(w.is_wide() && !s.is_wide());
        assert_eq!(ObjId::small(2, MAX_SMALL_INDEX + 1), None);
        assert_eq!(ObjId::wide(2, MAX_WIDE_INDEX + 1), None);
        assert_eq!(ObjId::small(STATIC_SPACE, 1), None);
    }
}
