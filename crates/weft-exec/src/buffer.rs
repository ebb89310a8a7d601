//! Store buffers for TSO and PSO.
//!
//! Under TSO every thread has one FIFO store buffer; under PSO the buffer
//! is FIFO per location only. A plain store to shared memory goes into the
//! buffer; a load reads the thread's own newest buffered bytes and memory
//! for the rest (byte by byte, so mixed-size accesses forward correctly).
//! Buffered stores reach memory through *update* events performed by
//! auxiliary threads: one per thread under TSO, one per thread and
//! location under PSO. An auxiliary thread's id comes from the same
//! registry as real threads, named after its owner, so it is stable across
//! executions. Barriers (fences, locked instructions, `seq_cst` atomic
//! stores, pthread calls, thread exit) wait until the buffer is empty.

use crate::machine::Machine;
use crate::memory::MemError;
use std::collections::VecDeque;
use weft_core::{Event, EventKind, Loc, MemoryModel, Tid};

/// The registry key of an auxiliary thread: `(owner, AUX | n)`.
const AUX: u32 = 0x8000_0000;

/// One store waiting in a buffer.
#[derive(Clone, Debug)]
pub struct Buffered {
    pub addr: u64,
    pub size: u64,
    pub value: Option<u128>,
    /// Position of the store among its thread's events (1-based).
    pub store_seq: u32,
    /// The store was a (non-`seq_cst`) atomic store: its update
    /// synchronises like an atomic write.
    pub atomic: bool,
    pub loc: Loc,
}

/// A thread's store buffer.
#[derive(Clone, Debug, Default)]
pub struct StoreBuffer {
    pub entries: VecDeque<Buffered>,
    /// PSO: distinct store addresses, in order of first use (they name the
    /// auxiliary threads).
    locs: Vec<u64>,
}

/// An auxiliary thread flushing one buffer (TSO) or one location (PSO).
#[derive(Clone, Debug)]
pub struct Aux {
    pub owner: Tid,
    /// PSO: the location it flushes.
    loc: Option<u64>,
    pub pending: Option<Event>,
}

fn overlaps(a: u64, n: u64, b: u64, m: u64) -> bool {
    a < b + m && b < a + n
}

impl Machine {
    pub(crate) fn aux(&self, tid: Tid) -> Option<&Aux> {
        self.aux.get(tid as usize)?.as_ref()
    }

    /// Whether a store of this kind goes into the store buffer.
    pub(crate) fn buffers(&self, atomic: bool, seq_cst: bool) -> bool {
        self.limits.mm != MemoryModel::Sc && !(atomic && seq_cst)
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
        let loc = self.loc;
        let t = self.thread_mut(tid);
        let store_seq = t.events + 1;
        if !t.buffer.locs.contains(&addr) {
            t.buffer.locs.push(addr);
        }
        t.buffer.entries.push_back(Buffered {
            addr,
            size,
            value,
            store_seq,
            atomic,
            loc,
        });
        self.refresh_aux(tid);
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
            let vb = e.value.unwrap_or(0).to_le_bytes();
            for k in 0..e.size {
                let at = e.addr + k;
                if at >= a && at < a + size {
                    bytes[(at - a) as usize] = vb[k as usize];
                    init[(at - a) as usize] = e.value.is_some();
                }
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
                (!blocked).then_some(i)
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
                    value: e.value.unwrap_or(0),
                    owner,
                    store_seq: e.store_seq,
                    atomic: e.atomic,
                };
                Event {
                    tid,
                    kind,
                    loc: e.loc,
                    woken_by: None,
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

    /// Performs auxiliary thread `tid`'s update: its store reaches memory.
    pub(crate) fn flush(&mut self, tid: Tid) -> Event {
        let aux = self.aux(tid).expect("auxiliary thread").clone();
        let ev = aux.pending.clone().expect("enabled update");
        let i = self
            .flushable(aux.owner, aux.loc)
            .expect("enabled update has an entry");
        let e = self
            .thread_mut(aux.owner)
            .buffer
            .entries
            .remove(i)
            .expect("entry");
        self.loc = e.loc;
        if let Err(err) = self.mem.write_int(e.addr, e.size, e.value) {
            let stop = self.mem_bug(err, true);
            self.stop(stop);
        }
        self.refresh_aux(aux.owner);
        ev
    }
}
