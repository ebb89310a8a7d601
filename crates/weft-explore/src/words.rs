//! Per-word state with an undo-friendly layout: values live in slots, in
//! the order their words were first touched, and an index finds a word's
//! slot. The race detector and the trace summaries keep their state per
//! 8-byte word this way, so that undoing an event (which happens for every
//! event the explorer backtracks over) restores a slot in place, or drops
//! the newest slot, without hashing again.

use rustc_hash::FxHashMap;
use smallvec::{Array, SmallVec};

/// A copy of `v`, item by item: `SmallVec`'s own `Clone` goes through its
/// generic `extend`, several times the cost on the undo paths that copy a
/// word's state for every access.
pub fn clone_each<A: Array>(v: &SmallVec<A>) -> SmallVec<A>
where
    A::Item: Clone,
{
    let mut out = SmallVec::with_capacity(v.len());
    for x in v {
        out.push(x.clone());
    }
    out
}

#[derive(Debug)]
pub struct WordTable<V> {
    /// Slot of each word. Invariant: a bijection onto `0..slots.len()`.
    index: FxHashMap<u64, u32>,
    slots: Vec<V>,
}

impl<V> Default for WordTable<V> {
    fn default() -> Self {
        WordTable {
            index: FxHashMap::default(),
            slots: Vec::new(),
        }
    }
}

impl<V: Default> WordTable<V> {
    /// The state of word `w`, if it was touched.
    pub fn get(&self, w: u64) -> Option<&V> {
        self.index.get(&w).map(|&i| &self.slots[i as usize])
    }

    /// The slot of word `w`, created (with the default state) if needed,
    /// and whether it was.
    pub fn slot(&mut self, w: u64) -> (u32, bool) {
        use std::collections::hash_map::Entry;
        match self.index.entry(w) {
            Entry::Occupied(o) => (*o.get(), false),
            Entry::Vacant(v) => {
                let slot = u32::try_from(self.slots.len()).expect("fewer than 2^32 words");
                v.insert(slot);
                self.slots.push(V::default());
                (slot, true)
            }
        }
    }

    /// The slot of word `w`, if it has one.
    pub fn index_of(&self, w: u64) -> Option<u32> {
        self.index.get(&w).copied()
    }

    pub fn at(&self, slot: u32) -> &V {
        &self.slots[slot as usize]
    }

    pub fn at_mut(&mut self, slot: u32) -> &mut V {
        &mut self.slots[slot as usize]
    }

    /// Undoes the creation of word `w`'s slot, the newest one.
    pub fn drop_newest(&mut self, w: u64) {
        let slot = self.index.remove(&w);
        debug_assert_eq!(slot, Some(self.slots.len() as u32 - 1), "undo out of order");
        self.slots.pop();
    }

    /// Every word touched, with its state, in no particular order.
    #[cfg(test)]
    pub fn iter(&self) -> impl Iterator<Item = (u64, &V)> {
        self.index
            .iter()
            .map(|(&w, &i)| (w, &self.slots[i as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_created_found_and_dropped_newest_first() {
        let mut t: WordTable<u32> = WordTable::default();
        assert_eq!(t.slot(7), (0, true));
        assert_eq!(t.slot(9), (1, true));
        assert_eq!(t.slot(7), (0, false));
        *t.at_mut(1) = 5;
        assert_eq!(t.get(9), Some(&5));
        assert_eq!(t.get(8), None);
        t.drop_newest(9);
        assert_eq!(t.get(9), None);
        assert_eq!(t.slot(9), (1, true));
        assert_eq!(*t.at(1), 0);
    }
}
