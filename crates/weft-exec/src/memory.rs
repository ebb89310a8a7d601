//! Memory: objects with provenance, bounds, liveness, initialisation and
//! escape tracking.
//!
//! Every object lives in the space of the thread that allocated it (space 0
//! for globals and code), so addresses never depend on how other threads'
//! events were interleaved. Object contents are shared copy-on-write between
//! snapshots of the Machine.
//!
//! An object is *escaped* once another thread may hold its address: globals
//! always are; a heap or stack object becomes escaped when a pointer to it is
//! written into an escaped object or handed to `pthread_create`. Accesses to
//! objects that have not escaped are invisible to the explorer.

use std::sync::Arc;
use weft_ir::addr::{self, ObjId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjKind {
    Null,
    Global { constant: bool },
    Code,
    Heap,
    Stack,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjState {
    Live,
    Freed,
    /// A stack object whose function returned.
    Dead,
}

#[derive(Clone, Debug)]
struct ObjData {
    bytes: Vec<u8>,
    init: Vec<bool>,
}

/// One allocation.
#[derive(Clone, Debug)]
pub struct Object {
    data: Arc<ObjData>,
    pub size: u64,
    pub kind: ObjKind,
    pub state: ObjState,
    pub escaped: bool,
}

/// Why an access failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemError {
    Null,
    Invalid(u64),
    OutOfBounds {
        addr: u64,
        size: u64,
        obj_size: u64,
        off: u64,
    },
    UseAfterFree(u64),
    UseAfterReturn(u64),
    ReadOnly(u64),
    Code(u64),
}

impl MemError {
    pub fn describe(&self, write: bool) -> String {
        let what = if write { "write" } else { "read" };
        match self {
            MemError::Null => format!("null pointer dereference ({what})"),
            MemError::Invalid(a) => format!("{what} of invalid address {a:#x}"),
            MemError::OutOfBounds {
                size,
                obj_size,
                off,
                ..
            } => {
                format!("out-of-bounds {what} of {size} bytes at offset {off} of a {obj_size}-byte object")
            }
            MemError::UseAfterFree(_) => format!("use after free ({what} of freed heap memory)"),
            MemError::UseAfterReturn(_) => {
                format!("{what} of a stack variable after its function returned")
            }
            MemError::ReadOnly(_) => "write to read-only memory".to_string(),
            MemError::Code(_) => format!("{what} through a function pointer"),
        }
    }
}

/// All objects of one execution.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    spaces: Vec<Arc<Vec<Object>>>,
    /// Counts writes; spin detection compares it across loop iterations.
    epoch: u64,
}

impl Memory {
    /// Creates memory holding the null object followed by `statics` in space 0.
    pub fn new(statics: Vec<Object>) -> Memory {
        Memory {
            spaces: vec![Arc::new(statics)],
            epoch: 0,
        }
    }

    pub fn null_object() -> Object {
        Object::new(0, ObjKind::Null, Vec::new(), true)
    }

    pub fn object(&self, id: ObjId) -> Option<&Object> {
        self.spaces.get(id.space as usize)?.get(id.index as usize)
    }

    fn object_mut(&mut self, id: ObjId) -> Option<&mut Object> {
        Arc::make_mut(self.spaces.get_mut(id.space as usize)?).get_mut(id.index as usize)
    }

    /// Allocates a zero-sized-or-larger object in `space`; returns its address.
    pub fn alloc(&mut self, space: u32, size: u64, kind: ObjKind, zeroed: bool) -> Option<u64> {
        if size > addr::MAX_OFFSET || space > addr::MAX_SPACE {
            return None;
        }
        if self.spaces.len() <= space as usize {
            self.spaces.resize_with(space as usize + 1, Arc::default);
        }
        self.epoch += 1;
        let objs = Arc::make_mut(&mut self.spaces[space as usize]);
        let index = objs.len() as u32;
        if index > addr::MAX_INDEX {
            return None;
        }
        objs.push(Object::new(size, kind, vec![0; size as usize], zeroed));
        Some(ObjId { space, index }.addr(0))
    }

    /// Checks that `[a, a+size)` lies inside one live object.
    pub fn check(&self, a: u64, size: u64, write: bool) -> Result<(ObjId, u64), MemError> {
        let (id, off) = addr::decode(a);
        if id == ObjId::NULL {
            return Err(MemError::Null);
        }
        let obj = self.object(id).ok_or(MemError::Invalid(a))?;
        match (obj.kind, obj.state) {
            (ObjKind::Null, _) => return Err(MemError::Null),
            (ObjKind::Code, _) => return Err(MemError::Code(a)),
            (_, ObjState::Freed) => return Err(MemError::UseAfterFree(a)),
            (_, ObjState::Dead) => return Err(MemError::UseAfterReturn(a)),
            (ObjKind::Global { constant: true }, _) if write => return Err(MemError::ReadOnly(a)),
            _ => {}
        }
        if off.checked_add(size).is_none_or(|end| end > obj.size) {
            return Err(MemError::OutOfBounds {
                addr: a,
                size,
                obj_size: obj.size,
                off,
            });
        }
        Ok((id, off))
    }

    /// Whether accesses at `a` are visible to other threads. Invalid
    /// addresses count as local: the access will fail on its own.
    pub fn is_shared(&self, a: u64) -> bool {
        let (id, _) = addr::decode(a);
        self.object(id).is_some_and(|o| o.escaped)
    }

    /// Reads `size` (≤ 16) bytes as a little-endian integer; `None` if any
    /// byte is uninitialised.
    pub fn read_int(&self, a: u64, size: u64) -> Result<Option<u128>, MemError> {
        let (id, off) = self.check(a, size, false)?;
        let d = &self.object(id).unwrap().data;
        let range = off as usize..(off + size) as usize;
        // Fully uninitialised reads are `undef`; partly initialised ones
        // (padding inside a coerced struct) read the missing bytes as zero.
        if size > 0 && !d.init[range.clone()].iter().any(|&b| b) {
            return Ok(None);
        }
        let mut buf = [0u8; 16];
        buf[..size as usize].copy_from_slice(&d.bytes[range]);
        Ok(Some(u128::from_le_bytes(buf)))
    }

    /// Writes the low `size` bytes of `v` (or marks them uninitialised).
    /// A digest of the contents of space `space` (globals are space 0).
    pub fn digest(&self, space: u32) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        for o in self
            .spaces
            .get(space as usize)
            .into_iter()
            .flat_map(|s| s.iter())
        {
            o.data.bytes.hash(&mut h);
            o.data.init.hash(&mut h);
        }
        h.finish()
    }

    /// The number of writes so far.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    pub fn write_int(&mut self, a: u64, size: u64, v: Option<u128>) -> Result<(), MemError> {
        self.epoch += 1;
        let (id, off) = self.check(a, size, true)?;
        let obj = self.object_mut(id).unwrap();
        let escaped = obj.escaped;
        let d = Arc::make_mut(&mut obj.data);
        let range = off as usize..(off + size) as usize;
        let bytes = v.unwrap_or(0).to_le_bytes();
        d.bytes[range.clone()].copy_from_slice(&bytes[..size as usize]);
        d.init[range].fill(v.is_some());
        if escaped && size == 8 {
            if let Some(v) = v {
                self.escape_addr(v as u64);
            }
        }
        Ok(())
    }

    /// Copies raw bytes (with their initialisation) out of memory.
    pub fn read_bytes(&self, a: u64, size: u64) -> Result<(Vec<u8>, Vec<bool>), MemError> {
        if size == 0 {
            return Ok((Vec::new(), Vec::new()));
        }
        let (id, off) = self.check(a, size, false)?;
        let d = &self.object(id).unwrap().data;
        let r = off as usize..(off + size) as usize;
        Ok((d.bytes[r.clone()].to_vec(), d.init[r].to_vec()))
    }

    /// Writes raw bytes with their initialisation.
    pub fn write_bytes(&mut self, a: u64, bytes: &[u8], init: &[bool]) -> Result<(), MemError> {
        self.epoch += 1;
        if bytes.is_empty() {
            return Ok(());
        }
        let (id, off) = self.check(a, bytes.len() as u64, true)?;
        let obj = self.object_mut(id).unwrap();
        let escaped = obj.escaped;
        let d = Arc::make_mut(&mut obj.data);
        let r = off as usize..off as usize + bytes.len();
        d.bytes[r.clone()].copy_from_slice(bytes);
        d.init[r].copy_from_slice(init);
        if escaped {
            self.escape_pointers_in(bytes);
        }
        Ok(())
    }

    /// The NUL-terminated string at `a` (bounded by its object).
    pub fn read_cstr(&self, a: u64) -> Result<Vec<u8>, MemError> {
        let (id, off) = self.check(a, 1, false)?;
        let obj = self.object(id).unwrap();
        let tail = &obj.data.bytes[off as usize..];
        match tail.iter().position(|&b| b == 0) {
            Some(n) => Ok(tail[..n].to_vec()),
            None => Err(MemError::OutOfBounds {
                addr: a,
                size: tail.len() as u64 + 1,
                obj_size: obj.size,
                off,
            }),
        }
    }

    /// Marks an object freed (heap) or dead (stack).
    /// Records progress that is not a memory write (output).
    pub fn bump_epoch(&mut self) {
        self.epoch += 1;
    }

    pub fn kill(&mut self, a: u64, state: ObjState) {
        self.epoch += 1;
        let (id, _) = addr::decode(a);
        if let Some(o) = self.object_mut(id) {
            o.state = state;
            o.data = Arc::new(ObjData {
                bytes: Vec::new(),
                init: Vec::new(),
            });
        }
    }

    /// Marks the object `a` points into as escaped, and everything reachable
    /// from it through stored pointers.
    pub fn escape_addr(&mut self, a: u64) {
        let mut work = vec![a];
        while let Some(a) = work.pop() {
            let (id, _) = addr::decode(a);
            let Some(o) = self.object_mut(id) else {
                continue;
            };
            if o.escaped || o.state != ObjState::Live {
                continue;
            }
            o.escaped = true;
            let d = o.data.clone();
            work.extend(
                d.bytes
                    .chunks_exact(8)
                    .map(|c| u64::from_le_bytes(c.try_into().unwrap())),
            );
        }
    }

    fn escape_pointers_in(&mut self, bytes: &[u8]) {
        for c in bytes.chunks_exact(8) {
            let v = u64::from_le_bytes(c.try_into().unwrap());
            if v != 0 {
                self.escape_addr(v);
            }
        }
    }
}

impl Object {
    pub fn new(size: u64, kind: ObjKind, bytes: Vec<u8>, init: bool) -> Object {
        let n = bytes.len();
        let escaped = !matches!(kind, ObjKind::Heap | ObjKind::Stack);
        Object {
            data: Arc::new(ObjData {
                bytes,
                init: vec![init; n],
            }),
            size,
            kind,
            state: ObjState::Live,
            escaped,
        }
    }
}
