//! The address space: how an object id and an offset are packed into a
//! 64-bit pointer value.
//!
//! An address is `[space:14][index:22][offset:28]`. Space 0 holds the null
//! object (index 0), globals and code objects (functions); space `t + 1`
//! holds the objects allocated by thread `t`. Because every thread allocates
//! from its own space, addresses depend only on the thread's own history and
//! never on how independent events of other threads were interleaved.
//! Integers and pointers share this representation, so provenance survives
//! `ptrtoint`/`inttoptr` round trips.

pub const OFF_BITS: u32 = 28;
pub const IDX_BITS: u32 = 22;
pub const SPACE_BITS: u32 = 14;
pub const MAX_OFFSET: u64 = (1 << OFF_BITS) - 1;
pub const MAX_INDEX: u32 = (1 << IDX_BITS) - 1;
pub const MAX_SPACE: u32 = (1 << SPACE_BITS) - 1;

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

    /// The address of byte `off` of this object.
    pub fn addr(self, off: u64) -> u64 {
        ((self.space as u64) << (IDX_BITS + OFF_BITS)) | ((self.index as u64) << OFF_BITS) | off
    }
}

/// Splits an address into its object and offset.
pub fn decode(addr: u64) -> (ObjId, u64) {
    let off = addr & MAX_OFFSET;
    let index = ((addr >> OFF_BITS) as u32) & MAX_INDEX;
    let space = (addr >> (IDX_BITS + OFF_BITS)) as u32;
    (ObjId { space, index }, off)
}

/// The space that thread `tid` allocates in.
pub fn thread_space(tid: u32) -> u32 {
    tid + 1
}
