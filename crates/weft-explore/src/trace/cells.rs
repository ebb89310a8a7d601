//! Bounded summaries of the trace per memory byte and per sync object.
//!
//! Memory is summarised per 8-byte word, as a few *segments*: byte masks
//! that partition the bytes of the word touched so far, each with one
//! [`Cell`] that holds the same summary for all its bytes. Aligned
//! accesses of one size keep one segment per word; mixed-size and
//! partially overlapping accesses split it (at most eight segments).
//!
//! Every slot names the newest event of some kind, or the newest per
//! thread, so a cell holds O(threads) events however long the trace. What
//! each slot means, and why older events need not be kept, is documented
//! at the slot; [`super::Trace`] maintains them.

use smallvec::SmallVec;
use weft_core::{Access, SyncObj, Tid};

/// An optional event index, stored as index + 1 (0 = none), so that the
/// newest of several is their maximum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slot(u32);

impl Slot {
    pub const NONE: Slot = Slot(0);

    pub fn of(i: u32) -> Slot {
        Slot(i + 1)
    }

    pub fn get(self) -> Option<u32> {
        self.0.checked_sub(1)
    }
}

/// What one thread did to the bytes of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thr {
    pub tid: Tid,
    /// The newest memory read of the thread that depends on every memory
    /// write of another owner (it is not a load returning an own store that
    /// has not reached memory), unless a later memory write happens after it
    /// (then that write, or a newer one, stands for it).
    pub read: Slot,
    /// The newest program write of the thread (into memory or its store
    /// buffer): the own-store check looks it up.
    pub write: Slot,
}

impl Thr {
    fn new(tid: Tid) -> Thr {
        Thr {
            tid,
            read: Slot::NONE,
            write: Slot::NONE,
        }
    }
}

/// A load that returned its own thread's buffered store `seq` while that
/// store had not reached memory: it conflicts with other threads' writes
/// only once the store's update is in the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnRead {
    pub tid: Tid,
    pub seq: u32,
    pub at: u32,
}

/// The summary of some bytes.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The newest memory write. Memory writes to a byte are totally ordered
    /// by happens-before, and every event that depends on an older one
    /// depends on this one too, except a load of the thread whose own
    /// update this is (no load/own-update edge): see `mw_own`.
    pub mw: Slot,
    /// The newest memory write by another thread than `mw`'s (what woke a
    /// spinning thread).
    pub mw_tid: Slot,
    /// The newest memory write of another owner than `mw`'s, an update
    /// counting as its owner's: the write a load of `mw`'s owner depends on
    /// when `mw` is that owner's update.
    pub mw_own: Slot,
    /// Per thread that read or wrote the bytes.
    pub thr: SmallVec<[Thr; 4]>,
    /// Loads returning unflushed own stores, the newest per thread and
    /// store, newer than their thread's `read`.
    pub own: Vec<OwnRead>,
}

/// By copying the slices: `SmallVec`'s own `Clone` goes through its
/// generic `extend`, several times the cost on this hot path (every event
/// saves the cells it touches for undo).
impl Clone for Cell {
    fn clone(&self) -> Cell {
        Cell {
            mw: self.mw,
            mw_tid: self.mw_tid,
            mw_own: self.mw_own,
            thr: SmallVec::from_slice(&self.thr),
            own: self.own.clone(),
        }
    }
}

impl Cell {
    pub fn thr(&self, tid: Tid) -> Option<&Thr> {
        self.thr.iter().find(|t| t.tid == tid)
    }

    pub fn thr_mut(&mut self, tid: Tid) -> &mut Thr {
        match self.thr.iter().position(|t| t.tid == tid) {
            Some(i) => &mut self.thr[i],
            None => {
                self.thr.push(Thr::new(tid));
                self.thr.last_mut().expect("just pushed")
            }
        }
    }
}

/// Bytes of one word with the same summary.
#[derive(Clone, Debug)]
pub struct Seg {
    pub mask: u8,
    pub cell: Cell,
}

/// The segments of one 8-byte word (inline when it has one, so that the
/// undo log copies it without allocating).
pub type Word = SmallVec<[Seg; 1]>;

/// A copy of `word`, segment by segment (see `Cell`'s `Clone`).
pub fn clone_word(word: &Word) -> Word {
    crate::words::clone_each(word)
}

/// The words of an access with the mask of its bytes in each (none for an
/// empty access).
pub fn words(a: &Access) -> impl Iterator<Item = (u64, u8)> {
    crate::footprint::words(a.addr, a.size)
}

/// The cells of `word` that hold bytes of `mask`.
pub fn cells(word: &Word, mask: u8) -> impl Iterator<Item = &Cell> {
    word.iter()
        .filter(move |s| s.mask & mask != 0)
        .map(|s| &s.cell)
}

/// Applies `f` to the summary of the bytes `mask` of `word`, splitting
/// segments where `mask` covers only part of them, then merges segments
/// that became equal.
pub fn update(word: &mut Word, mask: u8, mut f: impl FnMut(&mut Cell)) {
    let mut rest = mask;
    for i in 0..word.len() {
        let own = word[i].mask;
        let both = own & mask;
        if both == 0 {
            continue;
        }
        if both != own {
            let mut other = word[i].clone();
            other.mask = own & !mask;
            word.push(other);
            word[i].mask = both;
        }
        f(&mut word[i].cell);
        rest &= !both;
    }
    if rest != 0 {
        let mut cell = Cell::default();
        f(&mut cell);
        word.push(Seg { mask: rest, cell });
    }
    let mut i = 0;
    while i < word.len() {
        match (i + 1..word.len()).find(|&j| word[j].cell == word[i].cell) {
            Some(j) => {
                let other = word.swap_remove(j);
                word[i].mask |= other.mask;
            }
            None => i += 1,
        }
    }
}

/// The summary of one sync object. Every pair of events on an object is
/// dependent except two failed `trylock`s.
#[derive(Debug, Default)]
pub struct ObjCell {
    /// The newest event on the object that is not a failed `trylock`.
    pub strong: Slot,
    /// Failed `trylock`s since `strong`, the newest per thread.
    pub weak: SmallVec<[(Tid, u32); 2]>,
}

/// By copying the slice (see `Cell`'s `Clone`).
impl Clone for ObjCell {
    fn clone(&self) -> ObjCell {
        ObjCell {
            strong: self.strong,
            weak: SmallVec::from_slice(&self.weak),
        }
    }
}

/// The events an enabled event can need: the newest signal that woke a
/// thread on a condition variable (or a semaphore's waiter), the newest
/// serial arrival at a barrier, a thread's exit. (A broadcast's wake is
/// found in `Trace::broadcasts`, see `Trace::cond_waker`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Waker {
    Signal(u64, Tid),
    Broadcast(u64),
    Exit(Tid),
}

/// A summary as it was before an event changed it.
#[derive(Clone, Debug)]
pub enum Undo {
    /// A word's slot and its summary before.
    Word(u32, Word),
    /// A word first touched: it was the newest slot.
    NewWord(u64),
    Obj(SyncObj, Option<ObjCell>),
    Global(Slot),
    Waker(Waker, Option<u32>),
    /// A broadcast on this condition variable: the newest of its list.
    Broadcast(u64),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(addr: u64, size: u64) -> Access {
        Access {
            addr,
            size,
            write: false,
            atomic: false,
            memory: true,
            program: true,
        }
    }

    #[test]
    fn words_and_masks() {
        let w: Vec<_> = words(&acc(6, 4)).collect();
        assert_eq!(w, vec![(0, 0b1100_0000), (1, 0b0000_0011)]);
        let w: Vec<_> = words(&acc(8, 8)).collect();
        assert_eq!(w, vec![(1, 0xff)]);
        assert_eq!(words(&acc(8, 0)).count(), 0);
        assert_eq!(words(&acc(0, 24)).count(), 3);
    }

    #[test]
    fn segments_split_and_merge() {
        let mut word = Word::new();
        update(&mut word, 0x0f, |c| c.mw = Slot::of(1));
        update(&mut word, 0xf0, |c| c.mw = Slot::of(2));
        assert_eq!(word.len(), 2);
        update(&mut word, 0x3c, |c| c.mw = Slot::of(3));
        assert_eq!(word.len(), 3);
        let at = |b: u8| cells(&word, 1 << b).next().unwrap().mw;
        assert_eq!(
            (0..8).map(at).collect::<Vec<_>>(),
            [1, 1, 3, 3, 3, 3, 2, 2].map(Slot::of)
        );
        update(&mut word, 0xff, |c| c.mw = Slot::of(4));
        assert_eq!(word.len(), 1);
        assert_eq!(word[0].mask, 0xff);
    }
}
