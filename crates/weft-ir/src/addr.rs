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

    /// The address of byte `off` of this object.
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

/// Splits an address into its object and offset.
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
