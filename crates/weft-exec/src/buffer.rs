//! Store buffers for TSO and PSO.
//!
//! Under TSO every thread has one FIFO store buffer; under PSO the buffer
//! is FIFO per location only. A plain store to shared memory goes into the
//! buffer; a load reads the thread's own newest buffered bytes and memory
//! for the rest (byte by byte, so mixed-size accesses forward correctly).
//! Buffered stores reach memory through *update* events performed by
//! auxiliary threads: one per thread under TSO, one per thread and
//! location under PSO. An auxiliary thread's id comes from the same
//! registry as real threads, named after its owner and a slot, so it is
//! stable across executions. Under PSO a slot is the location's rank among
//! the distinct locations the owner stored to since its last barrier: a
//! barrier happens after every update so far, so the slots can be reused
//! for other locations without ordering updates that could be reordered
//! (a thread that writes an array under a lock keeps a few auxiliary
//! threads, not one per element). Barriers (fences, locked instructions, `seq_cst` atomic
//! stores, pthread calls, thread exit) wait until the buffer is empty.
//!
//! Objects that have not escaped (see `memory`) need care, since their
//! accesses are not events:
//! - A pointer stored into the buffer escapes its object at once (at the
//!   store's issue), so that the thread's later stores to the object are
//!   buffered events which may reach memory after the pointer does.
//! - Under PSO a store to an object that has not escaped goes into the
//!   buffer as a *hidden* entry: no update can write it while the object
//!   is private. When a buffered pointer store publishes the object, its
//!   hidden entries become ordinary ones, with the publishing store as the
//!   store they wait for, so they may reach memory after the pointer (the
//!   initialise-then-publish reordering). Hidden entries of a private object
//!   are written to memory (invisibly) before a barrier, before a runtime
//!   call that gets a pointer to the object, and before the object dies.
//!   Under TSO the buffer is FIFO, so private stores go straight to memory.
//!
//! The C library's ordinary memory operations (`memcpy`, `memset`, the
//! string functions...; `runtime::plain_memory`) are loads and stores too,
//! not barriers: such a call runs on memory as its thread sees it, and each
//! of its writes becomes one buffered entry holding all the bytes it wrote
//! (see [`Machine::run_buffered`]); its event is a `MemOp` with `buffered`.

use crate::machine::Machine;
use crate::memory::{MemError, Memory, Saved};
use smallvec::SmallVec;
use std::collections::VecDeque;
use weft_core::{Event, EventKind, Loc, MemoryModel, Tid};
use weft_ir::addr;

/// The registry key of an auxiliary thread: `(owner, AUX | n)`.
pub(crate) const AUX: u32 = 0x8000_0000;

/// PSO: at most this many hidden entries per thread; older ones are written
/// to memory (a bound on the buffer, not a semantic limit in practice).
const HIDDEN_CAP: usize = 256;

/// PSO: a runtime call's write to a private object of more than this many
/// bytes goes to memory at once instead of into a hidden entry (a bound on
/// the buffer's size: a known limit).
const HIDDEN_BYTES: u64 = 4096;

/// The bytes a runtime call wrote (see [`Machine::run_buffered`]), with
/// their initialisation.
#[derive(Debug)]
pub struct Bytes {
    pub bytes: Vec<u8>,
    pub init: Vec<bool>,
}

/// One store waiting in a buffer.
#[derive(Clone, Debug)]
pub struct Buffered {
    pub addr: u64,
    pub size: u64,
    /// A plain store's value (`None`: uninitialised).
    pub value: Option<u128>,
    /// A runtime call's write (`memcpy`, `memset`, `strcpy`...): its bytes,
    /// any number of them, instead of `value`.
    pub bytes: Option<std::sync::Arc<Bytes>>,
    /// Position of the store among its thread's events (1-based).
    pub store_seq: u32,
    /// The store was a (non-`seq_cst`) atomic store: its update
    /// synchronises like an atomic write.
    pub atomic: bool,
    /// PSO: a store to an object that has not escaped (not an event; no
    /// update until the object is published).
    pub hidden: bool,
    pub loc: Loc,
}

/// A thread's store buffer.
#[derive(Debug, Default)]
pub struct StoreBuffer {
    pub entries: VecDeque<Buffered>,
    /// PSO: distinct store addresses since the thread's last barrier, in
    /// order of first use (they name the auxiliary threads).
    locs: Vec<u64>,
}

/// By hand: a thread is cloned whenever a snapshotted state steps it, and
/// its buffer is nearly always empty (always, under SC), which the derived
/// clone of a `VecDeque` does not notice.
impl Clone for StoreBuffer {
    fn clone(&self) -> StoreBuffer {
        if self.entries.is_empty() && self.locs.is_empty() {
            return StoreBuffer::default();
        }
        StoreBuffer {
            entries: self.entries.clone(),
            locs: self.locs.clone(),
        }
    }
}

/// An auxiliary thread flushing one buffer (TSO) or one location (PSO).
#[derive(Clone, Debug)]
pub struct Aux {
    pub owner: Tid,
    /// PSO: the location it flushes.
    loc: Option<u64>,
    pub pending: Option<Event>,
}

impl Buffered {
    /// Writes the store to memory.
    fn write_to(&self, mem: &mut Memory) -> Result<(), MemError> {
        match &self.bytes {
            Some(b) => mem.write_bytes(self.addr, &b.bytes, &b.init),
            None => mem.write_int(self.addr, self.size, self.value),
        }
    }

    /// Byte `k` of the store and whether it is initialised.
    fn byte(&self, k: u64) -> (u8, bool) {
        match &self.bytes {
            Some(b) => (b.bytes[k as usize], b.init[k as usize]),
            None => (
                self.value.unwrap_or(0).to_le_bytes()[k as usize],
                self.value.is_some(),
            ),
        }
    }

    /// The values the store writes that may be pointers: each pointer-sized
    /// word of its value (see [`Memory::pointer_words`]), or of a runtime
    /// call's write (as `memory` escapes what a write into an escaped
    /// object points to).
    fn pointers(&self, mem: &Memory) -> SmallVec<[u64; 2]> {
        match &self.bytes {
            Some(b) => {
                let p = mem.ptr_bytes() as usize;
                b.bytes
                    .chunks_exact(p)
                    .map(|c| {
                        let mut w = [0u8; 8];
                        w[..p].copy_from_slice(c);
                        u64::from_le_bytes(w)
                    })
                    .filter(|&v| v != 0)
                    .collect()
            }
            None => self
                .value
                .into_iter()
                .flat_map(|v| mem.pointer_words(v, self.size))
                .collect(),
        }
    }

    /// What the store writes, as one value (a runtime call's bytes as a
    /// digest), for comparing states.
    pub(crate) fn content(&self) -> Option<u128> {
        use std::hash::{Hash, Hasher};
        match &self.bytes {
            Some(b) => {
                let mut h = rustc_hash::FxHasher::default();
                (&b.bytes, &b.init).hash(&mut h);
                Some(h.finish() as u128)
            }
            None => self.value,
        }
    }

    /// The value an update event shows: the store's first 16 bytes at most.
    fn shown(&self) -> u128 {
        match &self.bytes {
            Some(b) => {
                let mut v = [0u8; 16];
                let n = b.bytes.len().min(16);
                v[..n].copy_from_slice(&b.bytes[..n]);
                u128::from_le_bytes(v)
            }
            None => self.value.unwrap_or(0),
        }
    }
}

fn overlaps(a: u64, n: u64, b: u64, m: u64) -> bool {
    a < b + m && b < a + n
}

impl Machine {
    pub(crate) fn aux(&self, tid: Tid) -> Option<&Aux> {
        self.aux.get(tid as usize)?.as_ref()
    }

    /// Appends a store to `tid`'s buffer.
    pub(crate) fn buffer_store(
        &mut self,
        tid: Tid,
        addr: u64,
        size: u64,
        value: Option<u128>,
        atomic: bool,
    ) {
        let hidden = !self.mem.is_shared(addr);
        let loc = self.loc;
        let t = self.thread_mut(tid);
        let store_seq = if hidden { 0 } else { t.events + 1 };
        if !t.buffer.locs.contains(&addr) {
            t.buffer.locs.push(addr);
        }
        t.buffer.entries.push_back(Buffered {
            addr,
            size,
            value,
            bytes: None,
            store_seq,
            atomic,
            hidden,
            loc,
        });
        if hidden {
            // A private write, as far as spin detection is concerned.
            self.mem.bump_epoch();
            self.cap_hidden(tid);
            return;
        }
        if let Some(v) = value {
            let words: SmallVec<[u64; 2]> = self.mem.pointer_words(v, size).collect();
            for w in words {
                self.publish(tid, w, store_seq);
            }
        }
        self.refresh_aux(tid);
    }

    /// A barrier of `tid` is about to run (its buffer is empty): under PSO
    /// the next stores name their auxiliary threads afresh. Every update of
    /// those threads so far happens before the barrier (the explorer orders
    /// a barrier after its thread's updates), and the barrier before the
    /// next stores and so before their updates, so reusing a thread for
    /// another location adds no order between updates.
    pub(crate) fn retire_aux(&mut self, tid: Tid) {
        if self.limits.mm != MemoryModel::Pso {
            return;
        }
        let buffer = &self.thread(tid).buffer;
        if buffer.entries.is_empty() && !buffer.locs.is_empty() {
            self.thread_mut(tid).buffer.locs.clear();
        }
    }

    /// Whether a store of this kind to `a` goes into the store buffer:
    /// under TSO/PSO a store that is not `seq_cst` to shared memory, and
    /// under PSO also one to a private object (as a hidden entry).
    pub(crate) fn buffers(&self, a: u64, atomic: bool, seq_cst: bool) -> bool {
        let weak = !(atomic && seq_cst);
        match self.limits.mm {
            MemoryModel::Sc => false,
            MemoryModel::Tso => weak && self.mem.is_shared(a),
            MemoryModel::Pso => weak,
        }
    }

    /// A buffered store of `ptr` (store `seq` of `tid`) escapes the object it
    /// points to; `tid`'s hidden entries of objects that escaped become
    /// ordinary entries waiting for that store, and escape what they point
    /// to in turn.
    fn publish(&mut self, tid: Tid, ptr: u64, seq: u32) {
        self.mem.escape_addr(ptr);
        self.unhide(tid, seq);
    }

    /// `tid`'s hidden entries of objects that escaped become ordinary
    /// entries waiting for its store `seq`, and escape what they point to
    /// in turn.
    fn unhide(&mut self, tid: Tid, seq: u32) {
        loop {
            let mem = &self.mem;
            let thread = self.threads[tid as usize].as_mut().expect("thread exists");
            let entries = &mut crate::cow::make_mut(thread).buffer.entries;
            let mut more = Vec::new();
            for e in entries.iter_mut().filter(|e| e.hidden) {
                if mem.is_shared(e.addr) {
                    e.hidden = false;
                    e.store_seq = seq;
                    more.extend(e.pointers(mem));
                }
            }
            if more.is_empty() {
                return;
            }
            for v in more {
                self.mem.escape_addr(v);
            }
        }
    }

    /// Whether `tid`'s buffer holds hidden entries (PSO).
    fn has_hidden(&self, tid: Tid) -> bool {
        self.thread(tid).buffer.entries.iter().any(|e| e.hidden)
    }

    /// Writes `tid`'s hidden entries that `pick` selects to memory, oldest
    /// first (their objects are private, so no other thread can tell when).
    pub(crate) fn drain_hidden(&mut self, tid: Tid, pick: impl Fn(&Buffered) -> bool) {
        while let Some(i) = self
            .thread(tid)
            .buffer
            .entries
            .iter()
            .position(|e| e.hidden && pick(e))
        {
            self.write_back(tid, i);
        }
    }

    /// Drains the hidden entries of `tid` into the objects that the values
    /// `ptrs` point to (before a runtime call that gets them).
    pub(crate) fn drain_hidden_pointed(&mut self, tid: Tid, ptrs: impl Iterator<Item = u64>) {
        if !self.has_hidden(tid) {
            return;
        }
        let am = self.mem.model();
        let objects: SmallVec<[addr::ObjId; 4]> = ptrs.map(|p| am.decode(p).0).collect();
        self.drain_hidden(tid, |e| objects.contains(&am.decode(e.addr).0));
    }

    /// Removes entry `i` of `tid`'s buffer and writes it to memory.
    fn write_back(&mut self, tid: Tid, i: usize) -> Buffered {
        let e = self
            .thread_mut(tid)
            .buffer
            .entries
            .remove(i)
            .expect("entry");
        let before = self.mem.epoch();
        let done = e.write_to(&mut self.mem);
        if let Err(err) = done {
            let stop = self.mem_bug(err, true);
            self.stop(stop);
        }
        if e.hidden {
            // The owner already saw this store: writing it back is no
            // progress for spin detection (the store itself was).
            self.spin_exempt += self.mem.epoch() - before;
        }
        e
    }

    /// Drains hidden entries of any thread into the object at `a` (before
    /// the object dies).
    pub(crate) fn drain_hidden_object(&mut self, a: u64) {
        let am = self.mem.model();
        let id = am.decode(a).0;
        for t in 0..self.threads.len() as Tid {
            if self.threads[t as usize].is_some() {
                self.drain_hidden(t, |e| am.decode(e.addr).0 == id);
            }
        }
    }

    /// Keeps at most `HIDDEN_CAP` hidden entries in `tid`'s buffer.
    fn cap_hidden(&mut self, tid: Tid) {
        let entries = &self.thread(tid).buffer.entries;
        if entries.iter().filter(|e| e.hidden).count() > HIDDEN_CAP {
            let i = entries.iter().position(|e| e.hidden).expect("hidden entry");
            self.write_back(tid, i);
        }
    }

    /// Reads `size` bytes as `tid` sees them: its newest buffered bytes,
    /// memory for the rest.
    pub(crate) fn load_int(&self, tid: Tid, a: u64, size: u64) -> Result<Option<u128>, MemError> {
        let buf = &self.thread(tid).buffer.entries;
        if buf.is_empty() || !buf.iter().any(|e| overlaps(e.addr, e.size, a, size)) {
            return self.mem.read_int(a, size);
        }
        let (mut bytes, mut init) = self.mem.read_bytes(a, size)?;
        for e in buf.iter().filter(|e| overlaps(e.addr, e.size, a, size)) {
            let (lo, hi) = (e.addr.max(a), (e.addr + e.size).min(a + size));
            for at in lo..hi {
                let (b, i) = e.byte(at - e.addr);
                bytes[(at - a) as usize] = b;
                init[(at - a) as usize] = i;
            }
        }
        if !init.iter().any(|&b| b) {
            return Ok(None);
        }
        let mut buf16 = [0u8; 16];
        buf16[..size as usize].copy_from_slice(&bytes);
        Ok(Some(u128::from_le_bytes(buf16)))
    }

    /// The entry of `owner`'s buffer that auxiliary thread `aux` would
    /// write next.
    fn flushable(&self, owner: Tid, loc: Option<u64>) -> Option<usize> {
        let entries = &self.thread(owner).buffer.entries;
        match loc {
            None => (!entries.is_empty()).then_some(0),
            Some(l) => {
                let i = entries.iter().position(|e| e.addr == l)?;
                let e = &entries[i];
                let blocked = entries
                    .iter()
                    .take(i)
                    .any(|o| overlaps(o.addr, o.size, e.addr, e.size));
                (!blocked && !e.hidden).then_some(i)
            }
        }
    }

    /// Recomputes the pending updates of `owner`'s auxiliary threads.
    pub(crate) fn refresh_aux(&mut self, owner: Tid) {
        let locs: Vec<Option<u64>> = match self.limits.mm {
            MemoryModel::Sc => return,
            MemoryModel::Tso => vec![None],
            MemoryModel::Pso => self
                .thread(owner)
                .buffer
                .locs
                .iter()
                .map(|&l| Some(l))
                .collect(),
        };
        for (n, loc) in locs.into_iter().enumerate() {
            let tid = self.names.name(owner, AUX | n as u32);
            let pending = self.flushable(owner, loc).map(|i| {
                let e = &self.thread(owner).buffer.entries[i];
                let kind = EventKind::Update {
                    addr: e.addr,
                    size: e.size as u32,
                    value: e.shown(),
                    owner,
                    store_seq: e.store_seq,
                    atomic: e.atomic,
                };
                Event {
                    tid,
                    kind,
                    loc: e.loc,
                    woken_by: None,
                    fences: Default::default(),
                }
            });
            if self.aux.len() <= tid as usize {
                self.aux.resize_with(tid as usize + 1, || None);
            }
            self.aux[tid as usize] = Some(Aux {
                owner,
                loc,
                pending,
            });
        }
    }

    /// Writes `tid`'s buffered stores to shared objects over memory, oldest
    /// first: memory as `tid` sees it, for a runtime call to read. Returns
    /// what they overwrote, for [`Machine::close_view`]. (Its hidden
    /// entries are of private objects, which a call reaches only through
    /// its arguments: `drain_hidden_pointed` wrote those.)
    fn open_view(&mut self, tid: Tid) -> Vec<Saved> {
        let entries = &self.thread(tid).buffer.entries;
        if entries.iter().all(|e| e.hidden) {
            return Vec::new();
        }
        let entries: SmallVec<[Buffered; 4]> =
            entries.iter().filter(|e| !e.hidden).cloned().collect();
        self.mem.journal_open(0);
        for e in &entries {
            // A store its update will fail on (its object was freed since)
            // is left out: the update reports it.
            let _ = e.write_to(&mut self.mem);
        }
        self.mem.journal_close()
    }

    /// Puts memory back as it was before [`Machine::open_view`].
    fn close_view(&mut self, view: Vec<Saved>) {
        for s in view.iter().rev() {
            self.mem.restore(s);
        }
    }

    /// Runs `f` (which only reads) on memory as `tid` sees it: its buffered
    /// stores over memory.
    pub(crate) fn with_view<R>(&mut self, tid: Tid, f: impl FnOnce(&Machine) -> R) -> R {
        let epoch = self.mem.epoch();
        let view = self.open_view(tid);
        let r = f(self);
        self.close_view(view);
        self.mem.set_epoch(epoch);
        r
    }

    /// Runs `f`, a runtime call of `tid` that is an ordinary memory
    /// operation under TSO/PSO, as the loads and stores it is made of would
    /// run: it reads memory as `tid` sees it (byte by byte, its newest
    /// buffered stores over memory), and each of its writes goes into the
    /// store buffer as one entry holding the bytes it left there, instead
    /// of into memory, as a plain store of the same bytes would: a write to
    /// shared memory (the call is then a buffered `MemOp`, `event`) as an
    /// ordinary entry, and under PSO a write to a private object as a
    /// hidden one (up to `HIDDEN_BYTES`). Under TSO private writes go to
    /// memory. Pointers the call
    /// wrote escape their objects at once, as a buffered pointer store does.
    pub(crate) fn run_buffered<R>(
        &mut self,
        tid: Tid,
        event: bool,
        f: impl FnOnce(&mut Machine) -> R,
    ) -> R {
        let private = match self.limits.mm {
            MemoryModel::Pso => HIDDEN_BYTES,
            _ => 0,
        };
        let epoch = self.mem.epoch();
        let view = self.open_view(tid);
        let start = self.mem.epoch();
        self.mem.journal_open(private);
        let r = f(self);
        let writes = self.mem.journal_close();
        // Spin detection counts the call's own writes, as before.
        let made = self.mem.epoch() - start;
        let mut stores: SmallVec<[(u64, Bytes, bool); 2]> = SmallVec::new();
        for w in &writes {
            if let Ok((bytes, init)) = self.mem.read_bytes(w.addr, w.bytes.len() as u64) {
                stores.push((w.addr, Bytes { bytes, init }, !w.shared));
            }
        }
        for w in writes.iter().rev() {
            self.mem.restore(w);
        }
        self.close_view(view);
        self.mem.set_epoch(epoch + made);
        if stores.is_empty() {
            return r;
        }
        let loc = self.loc;
        let seq = self.thread(tid).events + 1;
        let mut hidden = 0;
        for (addr, b, private) in stores {
            // A private object stays private until a store publishes it.
            let private = private && !self.mem.is_shared(addr);
            let t = self.thread_mut(tid);
            if !t.buffer.locs.contains(&addr) {
                t.buffer.locs.push(addr);
            }
            t.buffer.entries.push_back(Buffered {
                addr,
                size: b.bytes.len() as u64,
                value: None,
                bytes: Some(std::sync::Arc::new(b)),
                store_seq: if private { 0 } else { seq },
                atomic: false,
                hidden: private,
                loc,
            });
            hidden += private as usize;
        }
        for _ in 0..hidden {
            self.cap_hidden(tid);
        }
        if event {
            // Hidden stores to objects the call's pointers published wait
            // for its stores.
            self.unhide(tid, seq);
        }
        self.refresh_aux(tid);
        r
    }

    /// Performs auxiliary thread `tid`'s update: its store reaches memory.
    pub(crate) fn flush(&mut self, tid: Tid) -> Event {
        let aux = self.aux(tid).expect("auxiliary thread").clone();
        let ev = aux.pending.clone().expect("enabled update");
        let i = self
            .flushable(aux.owner, aux.loc)
            .expect("enabled update has an entry");
        self.loc = self.thread(aux.owner).buffer.entries[i].loc;
        self.write_back(aux.owner, i);
        self.refresh_aux(aux.owner);
        ev
    }
}
