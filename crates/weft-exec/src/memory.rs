//! Memory: objects with provenance, bounds, liveness, initialisation and
//! escape tracking, stored lazily and bounded.
//!
//! Every object lives in the space of the thread that allocated it (space 0
//! for globals and code), so addresses never depend on how other threads'
//! events were interleaved.
//!
//! An object's contents are *chunks* of at most [`CHUNK`] bytes, each with
//! one initialisation bit per byte, created by the first write that touches
//! them. A chunk never written is absent and reads as zero: initialised for
//! statics and `calloc` blocks, uninitialised otherwise. So an object costs
//! what the program touches, whatever its size. Chunks are shared
//! copy-on-write between snapshots of the Machine; a snapshot costs one
//! reference per object.
//!
//! Memory is bounded by `max` bytes (`--max-memory`): a heap block counts
//! its size (as the C library would: a 16-byte header, 16-byte granules)
//! from `malloc` to `free`, and [`Memory::alloc`] refuses a block that would
//! take the live heap past the bound (`malloc` then returns NULL). Every
//! chunk counts its bytes (with its bitmap) while it exists. A write fails
//! with [`MemError::Exhausted`], which ends the execution as incomplete, if
//! it would create a chunk that takes this execution past the bound, or
//! create or copy one while the process's chunks (all snapshots) plus its
//! resident memory before the first chunk would pass it: so weft's own
//! peak RSS stays near or below the bound.
//!
//! Symbolic data (`--nondet symbolic`) sits beside the bytes: the
//! *symbolic overlay* maps byte addresses to 8-bit expressions of
//! `weft-smt` (see `sym`). The bytes under an overlay entry hold a placeholder derived
//! from the expression, so concrete code that only compares bytes (spin
//! detection, digests) tells different expressions apart. Concrete reads
//! ([`Memory::read_int`], [`Memory::read_bytes`], ...) of overlaid bytes
//! fail with [`MemError::Symbolic`]; the interpreter's loads then read the
//! expressions with [`Memory::read_sym`]. Concrete writes clear the overlay
//! under them; `memcpy` carries it along. Until an execution stores
//! symbolic data, the overlay is absent and an access pays one `Option`
//! test.
//!
//! An object is *escaped* once another thread may hold its address: globals
//! always are; a heap or stack object becomes escaped when a pointer to it is
//! written into an escaped object or handed to `pthread_create`. Accesses to
//! objects that have not escaped are invisible to the explorer.

use smallvec::{smallvec, SmallVec};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use weft_ir::addr::{self, AddrModel, ObjId};

/// Bytes per chunk.
pub const CHUNK: u64 = 4096;
const CHUNK_SHIFT: u32 = CHUNK.trailing_zeros();

/// Bytes of chunks (with their bitmaps and headers) alive in this process,
/// across all executions and snapshots.
static PROCESS_CHUNK_BYTES: AtomicU64 = AtomicU64::new(0);

/// Bytes of chunks alive in this process.
pub fn process_chunk_bytes() -> u64 {
    PROCESS_CHUNK_BYTES.load(Relaxed)
}

/// The resident memory of this process before its first chunk was
/// created (code, the loaded program), from `/proc/self/statm`.
fn baseline_rss() -> u64 {
    static BASE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BASE.get_or_init(|| weft_core::resident_bytes().unwrap_or(0))
}

/// Whether the process may hold `cost` more bytes of chunks: its chunks
/// plus its resident memory before them stay within `max`, less 1/32 of it
/// for weft's other data (objects, the trace, snapshots).
fn process_fits(cost: u64, max: u64) -> bool {
    baseline_rss() + process_chunk_bytes() + cost <= max - max / 32
}

/// What a chunk of `len` bytes costs the process: its bytes, its bitmap,
/// and the allocator's and the chunk map's overhead.
fn footprint(len: usize) -> u64 {
    len as u64 + len.div_ceil(64) as u64 * 8 + 160
}

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

/// A materialised piece of an object.
#[derive(Debug)]
struct Chunk {
    bytes: Box<[u8]>,
    /// Bit `i` is set iff byte `i` is initialised; bits past the end are 0.
    init: SmallVec<[u64; 1]>,
}

impl Chunk {
    fn new(len: usize, zeroed: bool) -> Chunk {
        let words = len.div_ceil(64);
        let mut init: SmallVec<[u64; 1]> = smallvec![if zeroed { !0 } else { 0 }; words];
        if zeroed && !len.is_multiple_of(64) {
            init[words - 1] = (1 << (len % 64)) - 1;
        }
        PROCESS_CHUNK_BYTES.fetch_add(footprint(len), Relaxed);
        Chunk {
            bytes: vec![0; len].into_boxed_slice(),
            init,
        }
    }

    /// Whether the chunk reads exactly as its absence would.
    fn is_fill(&self, zeroed: bool) -> bool {
        self.bytes.iter().all(|&b| b == 0) && bits_all(&self.init, 0, self.bytes.len(), zeroed)
    }
}

impl Clone for Chunk {
    fn clone(&self) -> Chunk {
        PROCESS_CHUNK_BYTES.fetch_add(footprint(self.bytes.len()), Relaxed);
        Chunk {
            bytes: self.bytes.clone(),
            // `from_slice` copies; SmallVec's `clone` goes through its
            // generic `extend`, several times slower.
            init: SmallVec::from_slice(&self.init),
        }
    }
}

impl Drop for Chunk {
    fn drop(&mut self) {
        PROCESS_CHUNK_BYTES.fetch_sub(footprint(self.bytes.len()), Relaxed);
    }
}

/// Calls `f(word, mask)` for each bitmap word covering bits
/// `[start, start + len)`.
#[inline]
fn words(start: usize, len: usize, mut f: impl FnMut(usize, u64)) {
    let (mut i, end) = (start, start + len);
    while i < end {
        let b = i % 64;
        let n = (64 - b).min(end - i);
        let mask = if n == 64 { !0 } else { ((1u64 << n) - 1) << b };
        f(i / 64, mask);
        i += n;
    }
}

fn bits_any(w: &[u64], start: usize, len: usize) -> bool {
    let mut any = false;
    words(start, len, |i, m| any |= w[i] & m != 0);
    any
}

fn bits_all(w: &[u64], start: usize, len: usize, v: bool) -> bool {
    let mut all = true;
    words(start, len, |i, m| all &= w[i] & m == if v { m } else { 0 });
    all
}

fn bits_set(w: &mut [u64], start: usize, len: usize, v: bool) {
    words(start, len, |i, m| if v { w[i] |= m } else { w[i] &= !m });
}

fn bit(w: &[u64], i: usize) -> bool {
    (w[i / 64] >> (i % 64)) & 1 != 0
}

/// The pieces of `[off, off + n)` that lie in one chunk each:
/// `(chunk, offset in chunk, length)`.
fn pieces(off: u64, n: u64) -> impl Iterator<Item = (u64, usize, usize)> {
    let end = off + n;
    let mut at = off;
    std::iter::from_fn(move || {
        (at < end).then(|| {
            let w = at & (CHUNK - 1);
            let len = (CHUNK - w).min(end - at);
            let k = at >> CHUNK_SHIFT;
            at += len;
            (k, w as usize, len as usize)
        })
    })
}

/// An object's materialised chunks.
#[derive(Clone, Debug)]
enum Chunks {
    /// An object of at most [`CHUNK`] bytes: one chunk of its size.
    One(Option<Arc<Chunk>>),
    /// Chunk `k` holds offsets `[k * CHUNK, (k + 1) * CHUNK)`.
    Many(Arc<BTreeMap<u64, Arc<Chunk>>>),
}

/// How a write sets initialisation bits.
#[derive(Clone, Copy)]
enum Init<'a> {
    All(bool),
    Each(&'a [bool]),
}

/// The bound and what counts against it, per execution.
#[derive(Clone, Copy, Debug)]
struct Budget {
    /// Bytes of chunks (with bitmaps) held by this execution's objects.
    used: u64,
    /// Live heap bytes, as the C library would count them.
    heap: u64,
    max: u64,
}

impl Budget {
    fn unbounded() -> Budget {
        Budget {
            used: 0,
            heap: 0,
            max: u64::MAX,
        }
    }

    /// Accounts for a new chunk of `len` bytes.
    fn create(&mut self, len: usize) -> Result<(), MemError> {
        let cost = footprint(len);
        if self.used + cost > self.max || !process_fits(cost, self.max) {
            return Err(MemError::Exhausted);
        }
        self.used += cost;
        Ok(())
    }

    /// Checks that `c` may be copied if it is shared.
    fn unshare(&self, c: &Arc<Chunk>) -> Result<(), MemError> {
        if Arc::strong_count(c) > 1 && !process_fits(footprint(c.bytes.len()), self.max) {
            return Err(MemError::Exhausted);
        }
        Ok(())
    }
}

/// What a heap block of `size` bytes counts against the bound.
fn heap_charge(size: u64) -> u64 {
    size.div_ceil(16).saturating_mul(16).saturating_add(16)
}

/// One allocation.
#[derive(Clone, Debug)]
pub struct Object {
    chunks: Chunks,
    pub size: u64,
    pub kind: ObjKind,
    pub state: ObjState,
    pub escaped: bool,
    /// Absent chunks read as initialised zeros (else as uninitialised).
    zeroed: bool,
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
    /// The memory bound was reached: not a bug of the program.
    Exhausted,
    /// A concrete read of bytes that hold symbolic data (see the module
    /// doc): not a bug of the program.
    Symbolic,
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
            MemError::Exhausted => "weft's memory bound (--max-memory) was reached".to_string(),
            MemError::Symbolic => format!("concrete {what} of symbolic data"),
        }
    }
}

/// Why [`Memory::alloc`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocError {
    /// Larger than any object weft can represent.
    TooLarge,
    /// The live heap would pass the memory bound.
    OutOfMemory,
    /// The space has as many objects of this size class as addresses name.
    Exhausted,
}

/// All objects of one execution.
#[derive(Clone, Debug)]
pub struct Memory {
    /// Per space, its objects of at most `addr::MAX_SMALL_SIZE` bytes and
    /// the statics.
    spaces: Vec<Arc<Vec<Object>>>,
    /// Per space, its wide objects.
    wide: Vec<Arc<Vec<Object>>>,
    /// Counts writes; spin detection compares it across loop iterations.
    epoch: u64,
    budget: Budget,
    /// While open, what writes overwrote, and the largest write to a private
    /// object it records (see [`Memory::journal_open`]).
    journal: Option<(Vec<Saved>, u64)>,
    /// How addresses pack (object, offset): LP64 or ILP32.
    model: AddrModel,
    /// The symbolic overlay: address to 8-bit expression (see the module
    /// doc). `None` when empty (never `Some` of an empty map).
    sym: Option<Arc<BTreeMap<u64, weft_smt::Expr>>>,
    /// Under address reuse (see [`Memory::set_reuse`]): the slots a new
    /// object of their space may take, as `(space, index)`: freed heap
    /// blocks and dead stack objects that never escaped. `None` without
    /// reuse.
    graves: Option<Arc<std::collections::BTreeSet<(u32, u32)>>>,
    /// The fingerprint kept up to date, once asked for (`--por unfold`).
    fp: Option<Box<MemFingerprint>>,
}

/// The memory's fingerprint, kept up to date (see
/// [`Memory::fingerprint_now`]).
#[derive(Clone, Debug)]
struct MemFingerprint {
    /// The fingerprint without the objects in `touched`.
    now: u128,
    /// Objects changed since the fingerprint was last asked for.
    touched: Vec<ObjId>,
}

/// What one write overwrote, recorded while a journal is open: the range's
/// previous bytes and initialisation, and whether its object was shared
/// (escaped) at the write.
#[derive(Clone, Debug)]
pub struct Saved {
    pub addr: u64,
    pub bytes: Vec<u8>,
    pub init: Vec<bool>,
    pub shared: bool,
}

impl Memory {
    /// Creates memory holding the null object followed by `statics` in
    /// space 0, bounded by `max` bytes.
    pub fn new(statics: Vec<Object>, max: u64, model: AddrModel) -> Memory {
        let used = statics.iter().map(Object::held).sum();
        Memory {
            spaces: vec![Arc::new(statics)],
            wide: Vec::new(),
            epoch: 0,
            budget: Budget { used, heap: 0, max },
            journal: None,
            model,
            sym: None,
            graves: None,
            fp: None,
        }
    }

    /// Turns address reuse on: a thread's new object may then take the
    /// slot (and so the address) of one of its objects that was freed or
    /// died without ever escaping ([`Memory::graves`]), so that a thread
    /// that allocates in a loop comes back to the same state. The caller
    /// picks the slot ([`Memory::alloc_in`]) among those nothing refers to.
    pub fn set_reuse(&mut self) {
        self.graves.get_or_insert_with(Arc::default);
    }

    /// Under address reuse, the slots of space `space` that a new object of
    /// `size` bytes may take (of its size class), lowest first: objects that
    /// were freed or died without ever escaping. Empty without reuse.
    pub fn graves(&self, space: u32, size: u64) -> impl Iterator<Item = ObjId> + '_ {
        let wide = size > self.model.limits().max_small_size;
        let range = if wide {
            (space, addr::WIDE)..=(space, u32::MAX)
        } else {
            (space, 0)..=(space, addr::WIDE - 1)
        };
        self.graves
            .iter()
            .flat_map(move |g| g.range(range.clone()))
            .map(|&(space, index)| ObjId { space, index })
    }

    /// The objects that the pointer-sized words of the live objects of
    /// space `space` that never escaped may point into (they are the only
    /// objects that may hold a pointer to an object of `space` that never
    /// escaped), added to `out`.
    pub fn private_referents(&self, space: u32, out: &mut rustc_hash::FxHashSet<ObjId>) {
        for table in [&self.spaces, &self.wide] {
            let Some(objs) = table.get(space as usize) else {
                continue;
            };
            let wide = std::ptr::eq(table, &self.wide);
            for (n, o) in objs.iter().enumerate() {
                if o.state != ObjState::Live || o.escaped {
                    continue;
                }
                let index = n as u32 | if wide { addr::WIDE } else { 0 };
                let id = ObjId { space, index };
                out.extend(
                    self.pointers_in(id, 0, o.size)
                        .into_iter()
                        .map(|p| self.decode(p).0),
                );
            }
        }
    }

    /// Whether any byte of `[a, a + n)` is symbolic.
    #[inline]
    fn sym_in(&self, a: u64, n: u64) -> bool {
        self.sym
            .as_ref()
            .is_some_and(|m| m.range(a..a.saturating_add(n)).next().is_some())
    }

    /// Drops the overlay of `[a, a + n)`.
    #[inline]
    fn sym_clear(&mut self, a: u64, n: u64) {
        if !self.sym_in(a, n) {
            return;
        }
        // `[a, a + n)` lies in one object.
        self.touch(self.decode(a).0);
        let m = crate::cow::make_mut(self.sym.as_mut().expect("non-empty overlay"));
        let keys: Vec<u64> = m.range(a..a + n).map(|(k, _)| *k).collect();
        for k in keys {
            m.remove(&k);
        }
        if m.is_empty() {
            self.sym = None;
        }
    }

    fn sym_set(&mut self, a: u64, e: weft_smt::Expr) {
        self.touch(self.decode(a).0);
        let m = self.sym.get_or_insert_with(Arc::default);
        crate::cow::make_mut(m).insert(a, e);
    }

    /// Splits an address into its object and offset (under this memory's
    /// address model).
    #[inline(always)]
    pub fn decode(&self, a: u64) -> (ObjId, u64) {
        self.model.decode(a)
    }

    pub fn model(&self) -> AddrModel {
        self.model
    }

    /// Bytes of a pointer (8, or 4 under ILP32).
    #[inline]
    pub fn ptr_bytes(&self) -> u64 {
        match self.model {
            AddrModel::Lp64 => 8,
            AddrModel::Ilp32 => 4,
        }
    }

    /// The pointer-sized words of a stored value of `size` bytes that may
    /// be pointers (none if it is smaller than a pointer; ILP32: an `i64`
    /// store may carry two).
    pub fn pointer_words(&self, v: u128, size: u64) -> impl Iterator<Item = u64> {
        let p = self.ptr_bytes();
        let n = if size >= p { size / p } else { 0 };
        (0..n).map(move |k| mask_bytes(v >> (8 * p * k), p))
    }

    pub fn null_object() -> Object {
        Object::new(0, ObjKind::Null, true)
    }

    /// Bytes of chunks (with bitmaps) this execution holds.
    pub fn used(&self) -> u64 {
        self.budget.used
    }

    /// Live heap bytes as counted against the bound.
    pub fn heap(&self) -> u64 {
        self.budget.heap
    }

    #[inline]
    pub fn object(&self, id: ObjId) -> Option<&Object> {
        if id.is_wide() {
            self.wide
                .get(id.space as usize)?
                .get((id.index & !addr::WIDE) as usize)
        } else {
            self.spaces.get(id.space as usize)?.get(id.index as usize)
        }
    }

    /// The object `id` (unshared) and the budget.
    fn object_mut(&mut self, id: ObjId) -> Option<(&mut Object, &mut Budget)> {
        self.touch(id);
        let (table, index) = if id.is_wide() {
            (&mut self.wide, id.index & !addr::WIDE)
        } else {
            (&mut self.spaces, id.index)
        };
        let obj =
            crate::cow::make_mut(table.get_mut(id.space as usize)?).get_mut(index as usize)?;
        Some((obj, &mut self.budget))
    }

    /// The memory's part of a state fingerprint (see `fingerprint`): the
    /// XOR of [`Memory::object_fingerprint`] over all objects, recomputed
    /// from scratch (the incremental one is [`Memory::fingerprint_now`]).
    pub(crate) fn fingerprint(&self) -> u128 {
        let mut fp = 0;
        for (table, wide) in [(&self.spaces, 0), (&self.wide, addr::WIDE)] {
            for (space, objs) in table.iter().enumerate() {
                for index in 0..objs.len() as u32 {
                    let id = ObjId {
                        space: space as u32,
                        index: index | wide,
                    };
                    fp ^= self.object_fingerprint(id);
                }
            }
        }
        fp
    }

    /// The fragments of object `id` (0 if there is none): one for its
    /// header (identity, size, kind, liveness and escape), one per 8-byte
    /// word that does not read as the object's untouched contents (its
    /// offset, bytes and initialisation bits), and one per byte of the
    /// symbolic overlay inside it. Every fragment belongs to one object,
    /// so events that change the same fragment touch the same memory and
    /// are ordered.
    fn object_fingerprint(&self, id: ObjId) -> u128 {
        use crate::fingerprint::frag;
        let Some(o) = self.object(id) else {
            return 0;
        };
        let key = ((id.index & addr::WIDE != 0) as u64) << 63
            | (id.space as u64) << 32
            | (id.index & !addr::WIDE) as u64;
        let kind = match o.kind {
            ObjKind::Null => 0,
            ObjKind::Global { constant } => 1 + constant as u64,
            ObjKind::Code => 3,
            ObjKind::Heap => 4,
            ObjKind::Stack => 5,
        };
        let head = [kind, o.state as u64, o.escaped as u64, o.zeroed as u64];
        let mut fp = frag(1, &[key, o.size, head[0], head[1], head[2], head[3]]);
        let mut chunk = |k: u64, c: &Chunk| {
            for (w, word) in c.bytes.chunks(8).enumerate() {
                let start = w * 8;
                let init =
                    (0..word.len()).fold(0u64, |m, j| m | (bit(&c.init, start + j) as u64) << j);
                let fill = if o.zeroed {
                    (1u64 << word.len()) - 1
                } else {
                    0
                };
                if init == fill && word.iter().all(|&b| b == 0) {
                    continue;
                }
                let mut bytes = [0u8; 8];
                bytes[..word.len()].copy_from_slice(word);
                let off = k * CHUNK + start as u64;
                fp ^= frag(2, &[key, off, u64::from_le_bytes(bytes), init]);
            }
        };
        match &o.chunks {
            Chunks::One(Some(c)) => chunk(0, c),
            Chunks::One(None) => {}
            Chunks::Many(m) => m.iter().for_each(|(&k, c)| chunk(k, c)),
        }
        if let Some(sym) = &self.sym {
            let base = self.model.addr(id, 0);
            for (&a, e) in sym.range(base..base.saturating_add(o.size)) {
                fp ^= frag(3, &[a, e.index() as u64]);
            }
        }
        fp
    }

    /// Starts keeping the fingerprint up to date (see
    /// [`Memory::fingerprint_now`]).
    pub(crate) fn start_fingerprint(&mut self) {
        self.fp = Some(Box::new(MemFingerprint {
            now: self.fingerprint(),
            touched: Vec::new(),
        }));
    }

    /// Takes object `id` out of the kept fingerprint before it changes
    /// (once until the next [`Memory::fingerprint_now`]).
    #[inline]
    fn touch(&mut self, id: ObjId) {
        let Some(fp) = &self.fp else { return };
        if fp.touched.contains(&id) {
            return;
        }
        let old = self.object_fingerprint(id);
        let fp = self.fp.as_mut().expect("on");
        fp.now ^= old;
        fp.touched.push(id);
    }

    /// The fingerprint, kept up to date incrementally: each object changed
    /// since the last call (written, allocated, freed, escaped, its overlay
    /// changed) was taken out before its first change and is put back as
    /// it is now. `None` unless [`Memory::start_fingerprint`] was called.
    pub(crate) fn fingerprint_now(&mut self) -> Option<u128> {
        let mut fp = self.fp.take()?;
        for id in fp.touched.drain(..) {
            fp.now ^= self.object_fingerprint(id);
        }
        let now = fp.now;
        self.fp = Some(fp);
        debug_assert_eq!(now, self.fingerprint(), "the incremental fingerprint");
        Some(now)
    }

    /// Allocates an object of `size` bytes in thread space `space`; returns
    /// its address. Absent contents read as zeros if `zeroed`, else as
    /// uninitialised.
    pub fn alloc(
        &mut self,
        space: u32,
        size: u64,
        kind: ObjKind,
        zeroed: bool,
    ) -> Result<u64, AllocError> {
        let charge = self.admit(size, kind)?;
        let a = self.place(space, Object::new(size, kind, zeroed))?;
        self.budget.heap += charge;
        Ok(a)
    }

    /// Whether an object of `size` bytes of `kind` can be allocated: what
    /// it charges the live heap.
    fn admit(&self, size: u64, kind: ObjKind) -> Result<u64, AllocError> {
        if size > self.model.limits().max_wide_size {
            return Err(AllocError::TooLarge);
        }
        if kind != ObjKind::Heap {
            return Ok(0);
        }
        if !self.heap_fits(size) {
            return Err(AllocError::OutOfMemory);
        }
        Ok(heap_charge(size))
    }

    /// [`Memory::alloc`] in the slot `grave`, one of [`Memory::graves`]
    /// for `size`: the new object takes its address.
    pub fn alloc_in(
        &mut self,
        grave: ObjId,
        size: u64,
        kind: ObjKind,
        zeroed: bool,
    ) -> Result<u64, AllocError> {
        let charge = self.admit(size, kind)?;
        let graves = crate::cow::make_mut(self.graves.as_mut().expect("address reuse is on"));
        let taken = graves.remove(&(grave.space, grave.index));
        debug_assert!(taken, "only a grave is reused");
        let (obj, budget) = self.object_mut(grave).expect("a grave is an object");
        debug_assert!(obj.state != ObjState::Live && !obj.escaped);
        *obj = Object::new(size, kind, zeroed);
        budget.heap += charge;
        self.epoch += 1;
        Ok(self.model.addr(grave, 0))
    }

    /// Allocates in thread space `space` a copy of `obj` (a thread's own
    /// instance of a thread-local global, from the global's initial image),
    /// private to the thread until its address escapes.
    pub fn alloc_copy(&mut self, space: u32, obj: &Object) -> Result<u64, AllocError> {
        let mut copy = obj.clone();
        copy.escaped = false;
        copy.state = ObjState::Live;
        let held = copy.held();
        let a = self.place(space, copy)?;
        self.budget.used += held;
        Ok(a)
    }

    /// Adds `obj` to thread space `space` (its small or wide table, by
    /// size); returns its address.
    fn place(&mut self, space: u32, obj: Object) -> Result<u64, AllocError> {
        let limits = self.model.limits();
        if space > limits.max_space {
            return Err(AllocError::Exhausted);
        }
        let wide = obj.size > limits.max_small_size;
        let table = if wide {
            &mut self.wide
        } else {
            &mut self.spaces
        };
        if table.len() <= space as usize {
            table.resize_with(space as usize + 1, Arc::default);
        }
        let objs = crate::cow::make_mut(&mut table[space as usize]);
        let n = u32::try_from(objs.len()).map_err(|_| AllocError::Exhausted)?;
        let model = self.model;
        let id = if wide {
            model.wide(space, n)
        } else {
            model.small(space, n)
        }
        .ok_or(AllocError::Exhausted)?;
        objs.push(obj);
        if let Some(fp) = &mut self.fp {
            // It had no fragments.
            fp.touched.push(id);
        }
        self.epoch += 1;
        Ok(model.addr(id, 0))
    }

    /// Whether a heap block of `size` bytes can be allocated (if addresses
    /// for it remain).
    pub fn heap_fits(&self, size: u64) -> bool {
        size <= self.model.limits().max_wide_size
            && self.budget.heap.saturating_add(heap_charge(size)) <= self.budget.max
    }

    /// Checks that `[a, a+size)` lies inside one live object.
    #[inline(always)]
    pub fn check(&self, a: u64, size: u64, write: bool) -> Result<(ObjId, u64), MemError> {
        let (id, off) = self.decode(a);
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
        let (id, _) = self.decode(a);
        self.object(id).is_some_and(|o| o.escaped)
    }

    /// Whether `a` is in a read-only object (a constant global, a string
    /// literal): its bytes never change, so reading them conflicts with
    /// nothing.
    pub fn is_constant(&self, a: u64) -> bool {
        let (id, _) = self.decode(a);
        self.object(id)
            .is_some_and(|o| o.kind == ObjKind::Global { constant: true })
    }

    /// Reads `size` (≤ 16) bytes as a little-endian integer; `None` if any
    /// byte is uninitialised.
    pub fn read_int(&self, a: u64, size: u64) -> Result<Option<u128>, MemError> {
        let (id, off) = self.check(a, size, false)?;
        let obj = self.object(id).expect("checked");
        if self.sym.is_some() && self.sym_in(a, size) {
            return Err(MemError::Symbolic);
        }
        let mut buf = [0u8; 16];
        let any = obj.read_into(off, &mut buf[..size as usize], None);
        // Fully uninitialised reads are `undef`; partly initialised ones
        // (padding inside a coerced struct) read the missing bytes as zero.
        if size > 0 && !any {
            return Ok(None);
        }
        Ok(Some(u128::from_le_bytes(buf)))
    }

    /// Reads `size` (≤ 16) bytes that may hold symbolic data: the bytes as
    /// [`Memory::read_int`] would read them (placeholders under the
    /// overlay; `None` if no byte is initialised) and, per byte, its
    /// expression if it is symbolic. `None` expressions overall when no
    /// byte is.
    #[allow(clippy::type_complexity)]
    pub fn read_sym(
        &self,
        a: u64,
        size: u64,
    ) -> Result<(Option<u128>, Option<SmallVec<[Option<weft_smt::Expr>; 16]>>), MemError> {
        let (id, off) = self.check(a, size, false)?;
        let obj = self.object(id).expect("checked");
        let mut buf = [0u8; 16];
        let any = obj.read_into(off, &mut buf[..size as usize], None);
        let raw = (size == 0 || any).then(|| u128::from_le_bytes(buf));
        let exprs = self.sym.as_ref().and_then(|m| {
            let mut out: SmallVec<[Option<weft_smt::Expr>; 16]> = smallvec![None; size as usize];
            let mut some = false;
            for (at, e) in m.range(a..a + size) {
                out[(at - a) as usize] = Some(*e);
                some = true;
            }
            some.then_some(out)
        });
        Ok((raw, exprs))
    }

    /// Writes symbolic bytes: `placeholder`'s low bytes as the concrete
    /// contents (initialised) and `bytes[i]`, where given, as the overlay
    /// of byte `i`.
    pub fn write_sym(
        &mut self,
        a: u64,
        placeholder: u128,
        bytes: &[Option<weft_smt::Expr>],
    ) -> Result<(), MemError> {
        let size = bytes.len() as u64;
        self.write_int(a, size, Some(placeholder))?;
        for (i, e) in bytes.iter().enumerate() {
            if let Some(e) = e {
                self.sym_set(a + i as u64, *e);
            }
        }
        Ok(())
    }

    /// A digest of the contents of space `space` (globals are space 0). It
    /// does not depend on which chunks happen to be materialised.
    pub fn digest(&self, space: u32) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        let objects = [&self.spaces, &self.wide]
            .into_iter()
            .flat_map(|t| t.get(space as usize).into_iter().flat_map(|s| s.iter()));
        for (i, o) in objects.enumerate() {
            (i, o.size, o.state == ObjState::Live).hash(&mut h);
            for (k, c) in o.each_chunk() {
                if !c.is_fill(o.zeroed) {
                    k.hash(&mut h);
                    c.bytes.hash(&mut h);
                    c.init[..].hash(&mut h);
                }
            }
        }
        if let Some(m) = &self.sym {
            for (at, e) in m.iter() {
                if self.decode(*at).0.space == space {
                    (at, e.index()).hash(&mut h);
                }
            }
        }
        h.finish()
    }

    /// The number of writes so far.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Writes the low `size` bytes of `v` (or marks them uninitialised).
    pub fn write_int(&mut self, a: u64, size: u64, v: Option<u128>) -> Result<(), MemError> {
        self.epoch += 1;
        let (id, off) = self.check(a, size, true)?;
        self.save(a, size)?;
        let (obj, budget) = self.object_mut(id).expect("checked");
        let escaped = obj.escaped;
        let bytes = v.unwrap_or(0).to_le_bytes();
        obj.write(off, &bytes[..size as usize], Init::All(v.is_some()), budget)?;
        self.sym_clear(a, size);
        if escaped {
            if let Some(v) = v {
                for w in self.pointer_words(v, size) {
                    self.escape_addr(w);
                }
            }
        }
        Ok(())
    }

    /// Copies raw bytes (with their initialisation) out of memory. For
    /// small ranges: the result is as large as the range.
    pub fn read_bytes(&self, a: u64, size: u64) -> Result<(Vec<u8>, Vec<bool>), MemError> {
        if size == 0 {
            return Ok((Vec::new(), Vec::new()));
        }
        let (id, off) = self.check(a, size, false)?;
        let obj = self.object(id).expect("checked");
        if self.sym_in(a, size) {
            return Err(MemError::Symbolic);
        }
        let mut bytes = vec![0; size as usize];
        let mut init = vec![false; size as usize];
        obj.read_into(off, &mut bytes, Some(&mut init));
        Ok((bytes, init))
    }

    /// Writes raw bytes with their initialisation.
    pub fn write_bytes(&mut self, a: u64, bytes: &[u8], init: &[bool]) -> Result<(), MemError> {
        self.epoch += 1;
        if bytes.is_empty() {
            return Ok(());
        }
        let (id, off) = self.check(a, bytes.len() as u64, true)?;
        self.save(a, bytes.len() as u64)?;
        let (obj, budget) = self.object_mut(id).expect("checked");
        let escaped = obj.escaped;
        obj.write(off, bytes, Init::Each(init), budget)?;
        self.sym_clear(a, bytes.len() as u64);
        if escaped {
            self.escape_pointers_in(bytes);
        }
        Ok(())
    }

    /// `memmove`: copies `n` bytes with their initialisation from `src` to
    /// `dst` (the ranges may overlap). Both ranges are checked before
    /// anything is copied; chunks absent on both sides stay absent. On
    /// failure, whether the failing access was the write.
    pub fn copy(&mut self, dst: u64, src: u64, n: u64) -> Result<(), (MemError, bool)> {
        self.epoch += 1;
        if n == 0 {
            return Ok(());
        }
        let (sid, soff) = self.check(src, n, false).map_err(|e| (e, false))?;
        let (did, doff) = self.check(dst, n, true).map_err(|e| (e, true))?;
        // The symbolic bytes copied, as (offset in the source range, expr).
        let moved: Vec<(u64, weft_smt::Expr)> = match &self.sym {
            Some(m) => m
                .range(src..src + n)
                .map(|(at, e)| (at - src, *e))
                .collect(),
            None => Vec::new(),
        };
        if !moved.is_empty() && self.journal.is_some() {
            // A buffered copy (TSO/PSO) cannot carry symbolic data.
            return Err((MemError::Symbolic, false));
        }
        self.save(dst, n).map_err(|e| (e, true))?;
        let backward = sid == did && doff > soff;
        let mut bytes = vec![0u8; CHUNK.min(n) as usize];
        let mut init = vec![false; bytes.len()];
        let rest = |x: u64| CHUNK - (x & (CHUNK - 1));
        let before = |x: u64| ((x - 1) & (CHUNK - 1)) + 1;
        let mut done = 0;
        while done < n {
            let (s, d, len) = if backward {
                let (se, de) = (soff + n - done, doff + n - done);
                let len = before(se).min(before(de)).min(n - done);
                (se - len, de - len, len)
            } else {
                let (s, d) = (soff + done, doff + done);
                (s, d, rest(s).min(rest(d)).min(n - done))
            };
            done += len;
            let from = self.object(sid).expect("checked");
            let to = self.object(did).expect("checked");
            if from.chunk(s >> CHUNK_SHIFT).is_none()
                && to.chunk(d >> CHUNK_SHIFT).is_none()
                && from.zeroed == to.zeroed
            {
                continue;
            }
            let len = len as usize;
            from.read_into(s, &mut bytes[..len], Some(&mut init[..len]));
            let (to, budget) = self.object_mut(did).expect("checked");
            to.write(d, &bytes[..len], Init::Each(&init[..len]), budget)
                .map_err(|e| (e, true))?;
        }
        self.sym_clear(dst, n);
        for (o, e) in moved {
            self.sym_set(dst + o, e);
        }
        if self.object(did).expect("checked").escaped {
            for p in self.pointers_in(did, doff, n) {
                self.escape_addr(p);
            }
        }
        Ok(())
    }

    /// `memset`: writes `n` copies of `v`, checking the range first.
    pub fn fill(&mut self, dst: u64, v: u8, n: u64) -> Result<(), MemError> {
        self.epoch += 1;
        if n == 0 {
            return Ok(());
        }
        let (id, off) = self.check(dst, n, true)?;
        self.save(dst, n)?;
        let (obj, budget) = self.object_mut(id).expect("checked");
        let escaped = obj.escaped;
        let buf = [v; CHUNK as usize];
        for (k, w, len) in pieces(off, n) {
            if v == 0 && obj.zeroed && obj.chunk(k).is_none() {
                continue;
            }
            obj.write(
                (k << CHUNK_SHIFT) + w as u64,
                &buf[..len],
                Init::All(true),
                budget,
            )?;
        }
        self.sym_clear(dst, n);
        if escaped && v != 0 && n >= self.ptr_bytes() {
            self.escape_addr(mask_bytes(
                u64::from_ne_bytes([v; 8]) as u128,
                self.ptr_bytes(),
            ));
        }
        Ok(())
    }

    /// `memcmp`: compares `n` bytes at `a` and `b` (both checked first).
    pub fn compare(&self, a: u64, b: u64, n: u64) -> Result<i64, MemError> {
        if n == 0 {
            return Ok(0);
        }
        let (ia, oa) = self.check(a, n, false)?;
        let (ib, ob) = self.check(b, n, false)?;
        let (x, y) = (self.object(ia).unwrap(), self.object(ib).unwrap());
        if self.sym_in(a, n) || self.sym_in(b, n) {
            return Err(MemError::Symbolic);
        }
        let mut bx = vec![0u8; CHUNK.min(n) as usize];
        let mut by = bx.clone();
        let mut done = 0;
        while done < n {
            let len = CHUNK.min(n - done) as usize;
            x.read_into(oa + done, &mut bx[..len], None);
            y.read_into(ob + done, &mut by[..len], None);
            if let Some((p, q)) = bx[..len].iter().zip(&by[..len]).find(|(p, q)| p != q) {
                return Ok(*p as i64 - *q as i64);
            }
            done += len as u64;
        }
        Ok(0)
    }

    /// The NUL-terminated string at `a` (bounded by its object).
    pub fn read_cstr(&self, a: u64) -> Result<Vec<u8>, MemError> {
        let (id, off) = self.check(a, 1, false)?;
        let obj = self.object(id).expect("checked");
        if self.sym_in(a, obj.size - off) {
            return Err(MemError::Symbolic);
        }
        let mut out = Vec::new();
        let mut at = off;
        while at < obj.size {
            let k = at >> CHUNK_SHIFT;
            let w = (at & (CHUNK - 1)) as usize;
            let Some(c) = obj.chunk(k) else {
                return Ok(out); // an absent chunk reads as zeros
            };
            let tail = &c.bytes[w..];
            if let Some(i) = tail.iter().position(|&b| b == 0) {
                out.extend_from_slice(&tail[..i]);
                return Ok(out);
            }
            out.extend_from_slice(tail);
            at += tail.len() as u64;
        }
        Err(MemError::OutOfBounds {
            addr: a,
            size: obj.size - off + 1,
            obj_size: obj.size,
            off,
        })
    }

    /// Starts recording what writes overwrite, so that they can be undone
    /// ([`Memory::restore`]): a runtime call that is an ordinary memory
    /// operation runs on memory as its thread sees it under TSO/PSO, and
    /// its writes then go into the store buffer instead (see `buffer`).
    /// Writes to shared objects are recorded, and those to private objects
    /// of at most `private` bytes.
    pub fn journal_open(&mut self, private: u64) {
        self.journal = Some((Vec::new(), private));
    }

    /// Stops recording: what the recorded writes since
    /// [`Memory::journal_open`] overwrote, oldest first.
    pub fn journal_close(&mut self) -> Vec<Saved> {
        self.journal.take().unwrap_or_default().0
    }

    /// Records what a checked write of `[a, a+n)` is about to overwrite.
    fn save(&mut self, a: u64, n: u64) -> Result<(), MemError> {
        let Some((_, private)) = self.journal else {
            return Ok(());
        };
        let shared = self.is_shared(a);
        if n == 0 || (!shared && n > private) {
            return Ok(());
        }
        // A journal cannot undo symbolic bytes: such a write fails.
        let (bytes, init) = match self.read_bytes(a, n) {
            Ok(r) => r,
            Err(MemError::Symbolic) => return Err(MemError::Symbolic),
            Err(_) => return Ok(()),
        };
        if let Some((j, _)) = self.journal.as_mut() {
            j.push(Saved {
                addr: a,
                bytes,
                init,
                shared,
            });
        }
        Ok(())
    }

    /// Puts back bytes a journal saved (undoing writes, newest first): not
    /// a write of the program (no epoch, no escape).
    pub fn restore(&mut self, s: &Saved) {
        let Ok((id, off)) = self.check(s.addr, s.bytes.len() as u64, true) else {
            return;
        };
        let (obj, budget) = self.object_mut(id).expect("checked");
        let _ = obj.write(off, &s.bytes, Init::Each(&s.init), budget);
    }

    /// Sets the write count (after writes were undone, see
    /// [`Memory::restore`]).
    pub fn set_epoch(&mut self, epoch: u64) {
        self.epoch = epoch;
    }

    /// Records progress that is not a memory write (output).
    pub fn bump_epoch(&mut self) {
        self.epoch += 1;
    }

    /// Marks an object freed (heap) or dead (stack) and drops its contents.
    pub fn kill(&mut self, a: u64, state: ObjState) {
        self.epoch += 1;
        let (id, off) = self.decode(a);
        if let Some((o, budget)) = self.object_mut(id) {
            if o.state == ObjState::Live {
                budget.used -= o.held();
                if o.kind == ObjKind::Heap {
                    budget.heap -= heap_charge(o.size);
                }
            }
            let grave = !o.escaped && matches!(o.kind, ObjKind::Heap | ObjKind::Stack);
            o.state = state;
            o.chunks = Chunks::One(None);
            let size = o.size;
            self.sym_clear(a - off, size);
            if let Some(g) = self.graves.as_mut().filter(|_| grave) {
                crate::cow::make_mut(g).insert((id.space, id.index));
            }
        }
    }

    /// Marks the object `a` points into as escaped, and everything reachable
    /// from it through stored pointers.
    pub fn escape_addr(&mut self, a: u64) {
        let mut work = vec![a];
        while let Some(a) = work.pop() {
            let (id, _) = self.decode(a);
            match self.object(id) {
                Some(o) if !o.escaped && o.state == ObjState::Live => {}
                _ => continue,
            }
            let (o, _) = self.object_mut(id).expect("exists");
            o.escaped = true;
            let size = o.size;
            work.extend(self.pointers_in(id, 0, size));
        }
    }

    /// The non-zero pointer-sized words (8 bytes, ILP32: 4) at
    /// `off + wk` inside `[off, off + n)` of object `id`.
    fn pointers_in(&self, id: ObjId, off: u64, n: u64) -> Vec<u64> {
        let Some(obj) = self.object(id) else {
            return Vec::new();
        };
        let wb = self.ptr_bytes();
        let end = off + n;
        let mut out = Vec::new();
        let mut next = off;
        for (k, _) in obj.chunks_in(off, end) {
            let lo = (k << CHUNK_SHIFT).saturating_sub(wb - 1).max(next);
            let hi = ((k + 1) << CHUNK_SHIFT).min(end);
            let mut p = off + (lo - off).div_ceil(wb) * wb;
            while p < hi && p + wb <= end {
                let mut w = [0u8; 8];
                obj.read_into(p, &mut w[..wb as usize], None);
                let v = u64::from_le_bytes(w);
                if v != 0 {
                    out.push(v);
                }
                p += wb;
            }
            next = p;
        }
        out
    }

    fn escape_pointers_in(&mut self, bytes: &[u8]) {
        let wb = self.ptr_bytes() as usize;
        for c in bytes.chunks_exact(wb) {
            let mut w = [0u8; 8];
            w[..wb].copy_from_slice(c);
            let v = u64::from_le_bytes(w);
            if v != 0 {
                self.escape_addr(v);
            }
        }
    }
}

/// The low `n` bytes of `v`.
fn mask_bytes(v: u128, n: u64) -> u64 {
    if n >= 8 {
        v as u64
    } else {
        (v as u64) & ((1 << (8 * n)) - 1)
    }
}

impl Object {
    fn new(size: u64, kind: ObjKind, zeroed: bool) -> Object {
        let chunks = if size <= CHUNK {
            Chunks::One(None)
        } else {
            Chunks::Many(Arc::default())
        };
        Object {
            chunks,
            size,
            kind,
            state: ObjState::Live,
            escaped: !matches!(kind, ObjKind::Heap | ObjKind::Stack),
            zeroed,
        }
    }

    /// A global of `size` bytes whose contents are zero except for the
    /// `(offset, bytes)` runs of `init`.
    pub fn global(size: u64, constant: bool, init: &[(u64, Vec<u8>)]) -> Object {
        let mut o = Object::new(size, ObjKind::Global { constant }, true);
        let mut budget = Budget::unbounded();
        for (off, bytes) in init {
            let n = (bytes.len() as u64).min(size.saturating_sub(*off)) as usize;
            let _ = o.write(*off, &bytes[..n], Init::All(true), &mut budget);
        }
        o
    }

    /// A function's code object.
    pub fn code() -> Object {
        Object::new(0, ObjKind::Code, true)
    }

    fn chunk_len(&self, k: u64) -> usize {
        (self.size - (k << CHUNK_SHIFT)).min(CHUNK) as usize
    }

    #[inline]
    fn chunk(&self, k: u64) -> Option<&Chunk> {
        match &self.chunks {
            Chunks::One(c) => c.as_deref(),
            Chunks::Many(m) => m.get(&k).map(|c| &**c),
        }
    }

    /// The materialised chunks, in order.
    fn each_chunk(&self) -> impl Iterator<Item = (u64, &Chunk)> {
        self.chunks_in(0, u64::MAX)
    }

    /// The materialised chunks that overlap `[from, to)`, in order.
    fn chunks_in(&self, from: u64, to: u64) -> impl Iterator<Item = (u64, &Chunk)> {
        let (one, many) = match &self.chunks {
            Chunks::One(c) => (c.as_deref().filter(|_| from < to).map(|c| (0, c)), None),
            Chunks::Many(m) => {
                let (lo, hi) = (from >> CHUNK_SHIFT, (to - 1) >> CHUNK_SHIFT);
                let r = (from < to).then(|| m.range(lo..=hi).map(|(k, c)| (*k, &**c)));
                (None, r)
            }
        };
        one.into_iter().chain(many.into_iter().flatten())
    }

    /// What the materialised chunks cost.
    fn held(&self) -> u64 {
        self.each_chunk()
            .map(|(_, c)| footprint(c.bytes.len()))
            .sum()
    }

    /// Chunk `k`, created if absent and unshared.
    fn chunk_mut(&mut self, k: u64, budget: &mut Budget) -> Result<&mut Chunk, MemError> {
        let len = self.chunk_len(k);
        let zeroed = self.zeroed;
        let c = match &mut self.chunks {
            Chunks::One(slot) => {
                if slot.is_none() {
                    budget.create(len)?;
                    *slot = Some(Arc::new(Chunk::new(len, zeroed)));
                }
                slot.as_mut().expect("just created")
            }
            Chunks::Many(m) => match crate::cow::make_mut(m).entry(k) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => {
                    budget.create(len)?;
                    e.insert(Arc::new(Chunk::new(len, zeroed)))
                }
            },
        };
        budget.unshare(c)?;
        Ok(crate::cow::make_mut(c))
    }

    /// Reads `[off, off + out.len())` (in bounds) into `out` and, if given,
    /// the initialisation of each byte into `init`; returns whether any byte
    /// is initialised.
    #[inline]
    fn read_into(&self, off: u64, out: &mut [u8], mut init: Option<&mut [bool]>) -> bool {
        // The common case, a small read inside one chunk, without the
        // general loop (spin detection and every load come through here).
        let (w, len) = ((off & (CHUNK - 1)) as usize, out.len());
        if init.is_none() && w + len <= CHUNK as usize && len <= 16 {
            return match self.chunk(off >> CHUNK_SHIFT) {
                None => {
                    out.fill(0);
                    self.zeroed
                }
                Some(c) => {
                    out.copy_from_slice(&c.bytes[w..w + len]);
                    if w % 64 + len <= 64 {
                        c.init[w / 64] & ((1u64 << len) - 1) << (w % 64) != 0
                    } else {
                        bits_any(&c.init, w, len)
                    }
                }
            };
        }
        let mut any = false;
        let mut pos = 0;
        for (k, w, len) in pieces(off, out.len() as u64) {
            let dst = &mut out[pos..pos + len];
            match self.chunk(k) {
                None => {
                    dst.fill(0);
                    any |= self.zeroed;
                    if let Some(i) = init.as_deref_mut() {
                        i[pos..pos + len].fill(self.zeroed);
                    }
                }
                Some(c) => {
                    dst.copy_from_slice(&c.bytes[w..w + len]);
                    any |= bits_any(&c.init, w, len);
                    if let Some(i) = init.as_deref_mut() {
                        for (j, b) in i[pos..pos + len].iter_mut().enumerate() {
                            *b = bit(&c.init, w + j);
                        }
                    }
                }
            }
            pos += len;
        }
        any
    }

    /// Writes `bytes` at `off` (in bounds).
    fn write(
        &mut self,
        off: u64,
        bytes: &[u8],
        init: Init,
        budget: &mut Budget,
    ) -> Result<(), MemError> {
        let mut pos = 0;
        for (k, w, len) in pieces(off, bytes.len() as u64) {
            let c = self.chunk_mut(k, budget)?;
            c.bytes[w..w + len].copy_from_slice(&bytes[pos..pos + len]);
            match init {
                Init::All(v) => bits_set(&mut c.init, w, len, v),
                Init::Each(f) => {
                    for (j, &v) in f[pos..pos + len].iter().enumerate() {
                        bits_set(&mut c.init, w + j, 1, v);
                    }
                }
            }
            pos += len;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;

    /// What `n` full chunks cost.
    fn chunks(n: u64) -> u64 {
        n * footprint(CHUNK as usize)
    }

    fn memory(max: u64) -> Memory {
        Memory::new(vec![Memory::null_object()], max, AddrModel::Lp64)
    }

    #[test]
    fn untouched_objects_cost_nothing() {
        let mut m = memory(64 * MIB);
        let a = m.alloc(1, 1 << 30, ObjKind::Stack, false).unwrap();
        let g = m.alloc(1, 1 << 30, ObjKind::Stack, true).unwrap();
        assert_eq!(m.used(), 0);
        // Absent chunks: uninitialised, or zero for zeroed objects.
        assert_eq!(m.read_int(a + 12345, 8), Ok(None));
        assert_eq!(m.read_int(g + (1 << 29), 8), Ok(Some(0)));
        m.write_int(a + (1 << 29), 4, Some(7)).unwrap();
        assert_eq!(m.used(), chunks(1));
        assert_eq!(m.read_int(a + (1 << 29), 4), Ok(Some(7)));
        assert_eq!(m.read_int(a + (1 << 29) + 4, 4), Ok(None));
    }

    #[test]
    fn accesses_straddle_chunks() {
        let mut m = memory(64 * MIB);
        let a = m.alloc(1, 3 * CHUNK, ObjKind::Heap, false).unwrap();
        let at = a + CHUNK - 3;
        m.write_int(at, 8, Some(0x0102_0304_0506_0708)).unwrap();
        assert_eq!(m.read_int(at, 8), Ok(Some(0x0102_0304_0506_0708)));
        assert_eq!(m.used(), chunks(2));
        // Partly initialised reads see zeros for the missing bytes.
        assert_eq!(m.read_int(at - 1, 2), Ok(Some(0x0800)));
        let (b, i) = m.read_bytes(at - 1, 10).unwrap();
        assert_eq!(b, [0, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(
            i,
            [false, true, true, true, true, true, true, true, true, false]
        );
        m.write_int(at + 2, 2, None).unwrap();
        assert_eq!(m.read_int(at + 2, 2), Ok(None));
        assert_eq!(m.read_int(at, 4), Ok(Some(0x0000_0708)));
    }

    #[test]
    fn snapshots_share_chunks_copy_on_write() {
        let mut m = memory(64 * MIB);
        let a = m.alloc(1, 16 * CHUNK, ObjKind::Stack, false).unwrap();
        m.write_int(a, 8, Some(1)).unwrap();
        let snap = m.clone();
        m.write_int(a, 8, Some(2)).unwrap();
        m.write_int(a + 5 * CHUNK, 8, Some(3)).unwrap();
        assert_eq!(snap.read_int(a, 8), Ok(Some(1)));
        assert_eq!(snap.read_int(a + 5 * CHUNK, 8), Ok(None));
        assert_eq!(m.read_int(a, 8), Ok(Some(2)));
        assert_eq!(snap.used(), chunks(1));
        assert_eq!(m.used(), chunks(2));
    }

    #[test]
    fn bounds_are_checked_before_any_work() {
        let mut m = memory(64 * MIB);
        let a = m.alloc(1, 64, ObjKind::Heap, false).unwrap();
        let oob = |e: Result<(), MemError>| matches!(e, Err(MemError::OutOfBounds { .. }));
        assert!(oob(m.fill(a, 0, u64::MAX)));
        assert!(oob(m.fill(a + 8, 0, 1 << 40)));
        assert!(matches!(
            m.copy(a, a, 1 << 40),
            Err((MemError::OutOfBounds { .. }, false))
        ));
        assert!(m.compare(a, a, u64::MAX).is_err());
        assert_eq!(m.used(), 0);
    }

    #[test]
    fn copy_moves_overlapping_ranges_and_keeps_absent_chunks_absent() {
        let mut m = memory(64 * MIB);
        let a = m.alloc(1, 8 * CHUNK, ObjKind::Heap, false).unwrap();
        let data: Vec<u8> = (0..100).collect();
        m.write_bytes(a + CHUNK - 50, &data, &[true; 100]).unwrap();
        m.copy(a + CHUNK - 40, a + CHUNK - 50, 100).unwrap();
        let (b, _) = m.read_bytes(a + CHUNK - 40, 100).unwrap();
        assert_eq!(b, data);
        m.copy(a + CHUNK - 60, a + CHUNK - 40, 100).unwrap();
        let (b, _) = m.read_bytes(a + CHUNK - 60, 100).unwrap();
        assert_eq!(b, data);
        let used = m.used();
        // Absent on both sides: nothing is materialised.
        m.copy(a + 4 * CHUNK, a + 6 * CHUNK, 2 * CHUNK).unwrap();
        assert_eq!(m.used(), used);
        // Uninitialised source bytes stay uninitialised.
        let b = m.alloc(1, 8 * CHUNK, ObjKind::Heap, true).unwrap();
        m.copy(b, a + 6 * CHUNK, 8).unwrap();
        assert_eq!(m.read_int(b, 8), Ok(None));
    }

    #[test]
    fn fill_of_zero_leaves_zeroed_objects_lazy() {
        let mut m = memory(1 << 30);
        let g = m.alloc(1, 1 << 28, ObjKind::Heap, true).unwrap();
        m.fill(g, 0, 1 << 28).unwrap();
        assert_eq!(m.used(), 0);
        m.fill(g + 10, 0xab, 3 * CHUNK).unwrap();
        assert_eq!(m.used(), chunks(4));
        assert_eq!(m.read_int(g + 10 + 3 * CHUNK - 1, 2), Ok(Some(0xab)));
        assert_eq!(m.compare(g + 10, g + 11, 3 * CHUNK - 1), Ok(0));
        assert_eq!(m.compare(g + 10, g + 11, 3 * CHUNK), Ok(0xab));
    }

    #[test]
    fn materialising_past_the_bound_is_exhaustion() {
        // The test process's own memory and other tests' chunks count too:
        // the bound is far from both ends.
        let mut m = memory(64 * MIB);
        let a = m.alloc(1, 1 << 30, ObjKind::Stack, false).unwrap();
        for k in 0..256 {
            m.write_int(a + k * CHUNK, 1, Some(1)).unwrap();
        }
        let failed = (256..20_000).find(|k| m.write_int(a + k * CHUNK, 1, Some(1)).is_err());
        let k = failed.expect("the bound stops materialisation");
        assert_eq!(
            m.write_int(a + k * CHUNK, 1, Some(1)),
            Err(MemError::Exhausted)
        );
        assert_eq!(m.fill(a + (k + 1) * CHUNK, 1, 1), Err(MemError::Exhausted));
        assert!(m.used() <= 64 * MIB);
        // Writes to materialised chunks still work; freeing gives the bytes back.
        m.write_int(a, 1, Some(2)).unwrap();
        m.kill(a, ObjState::Dead);
        assert_eq!(m.used(), 0);
    }

    #[test]
    fn heap_blocks_count_their_size_until_freed() {
        let mut m = memory(4 * MIB);
        let a = m.alloc(1, 3 * MIB, ObjKind::Heap, false).unwrap();
        assert_eq!(
            m.alloc(1, 2 * MIB, ObjKind::Heap, false),
            Err(AllocError::OutOfMemory)
        );
        // Stack objects only count what they touch.
        assert!(m.alloc(1, 2 * MIB, ObjKind::Stack, false).is_ok());
        m.kill(a, ObjState::Freed);
        assert_eq!(m.heap(), 0);
        assert!(m.alloc(1, 2 * MIB, ObjKind::Heap, false).is_ok());
        assert_eq!(
            m.alloc(1, 1 << 41, ObjKind::Heap, false),
            Err(AllocError::TooLarge)
        );
    }

    #[test]
    fn wide_objects_have_their_own_addresses() {
        let mut m = memory(u64::MAX);
        let small = m.alloc(1, 16, ObjKind::Heap, false).unwrap();
        let wide = m.alloc(1, 1 << 30, ObjKind::Heap, false).unwrap();
        assert!(addr::decode(wide).0.is_wide());
        m.write_int(wide + (1 << 30) - 8, 8, Some(small as u128))
            .unwrap();
        assert_eq!(m.read_int(wide + (1 << 30) - 8, 8), Ok(Some(small as u128)));
        assert!(matches!(
            m.read_int(wide + (1 << 30) - 4, 8),
            Err(MemError::OutOfBounds { .. })
        ));
        // Escape follows pointers stored in wide objects.
        m.escape_addr(wide);
        assert!(m.is_shared(small));
    }

    #[test]
    fn ilp32_addresses_and_escapes_use_4_byte_pointers() {
        let mut m = Memory::new(vec![Memory::null_object()], u64::MAX, AddrModel::Ilp32);
        let a = m.alloc(1, 16, ObjKind::Heap, false).unwrap();
        let b = m.alloc(1, 16, ObjKind::Heap, false).unwrap();
        let c = m.alloc(2, 16, ObjKind::Heap, false).unwrap();
        let holder = m.alloc(1, 16, ObjKind::Heap, false).unwrap();
        for x in [a, b, c, holder] {
            assert!(x <= u32::MAX as u64, "{x:#x}");
        }
        // Addresses of 4 bytes stored in a holder: escaping it escapes
        // what its 4-byte words point to.
        m.write_int(holder, 4, Some(a as u128)).unwrap();
        m.write_int(holder + 4, 4, Some(b as u128)).unwrap();
        m.escape_addr(holder);
        assert!(m.is_shared(a) && m.is_shared(b));
        // One 8-byte store into an escaped object carrying two pointers
        // escapes both, the one in its high half too.
        let d = m.alloc(1, 16, ObjKind::Heap, false).unwrap();
        m.write_int(holder + 8, 8, Some((d as u128) << 32 | c as u128))
            .unwrap();
        assert!(m.is_shared(c) && m.is_shared(d));
        // The packing's bounds: a thread object past 256 KiB cannot be had.
        assert_eq!(
            m.alloc(1, 1 << 20, ObjKind::Stack, false),
            Err(AllocError::TooLarge)
        );
        assert_eq!(
            m.alloc(65, 4, ObjKind::Stack, false),
            Err(AllocError::Exhausted)
        );
        assert!(matches!(
            m.read_int(a + 16, 4),
            Err(MemError::OutOfBounds { .. })
        ));
    }

    #[test]
    fn strings_end_at_absent_chunks() {
        let mut m = memory(u64::MAX);
        let s = m.alloc(1, 4 * CHUNK, ObjKind::Heap, false).unwrap();
        m.fill(s + CHUNK - 2, b'x', 4).unwrap();
        assert_eq!(m.read_cstr(s + CHUNK - 2), Ok(b"xxxx".to_vec()));
        m.fill(s, b'y', 4 * CHUNK).unwrap();
        assert!(matches!(
            m.read_cstr(s + 5),
            Err(MemError::OutOfBounds { .. })
        ));
    }

    #[test]
    fn digest_ignores_materialisation() {
        let g = Object::global(3 * CHUNK, false, &[(CHUNK, vec![0, 5])]);
        let m = Memory::new(
            vec![Memory::null_object(), g.clone()],
            u64::MAX,
            AddrModel::Lp64,
        );
        assert_eq!(
            m.read_int(ObjId { space: 0, index: 1 }.addr(CHUNK + 1), 1),
            Ok(Some(5))
        );
        let mut n = m.clone();
        let x = ObjId { space: 0, index: 1 }.addr(2 * CHUNK);
        n.write_int(x, 4, Some(0)).unwrap();
        assert_eq!(m.digest(0), n.digest(0));
        n.write_int(x, 4, Some(1)).unwrap();
        assert_ne!(m.digest(0), n.digest(0));
    }
}
