//! An append-only list of `Copy` items whose clone allocates nothing: the
//! newest items sit inline in a small array, older ones in immutable
//! segments shared between clones.
//!
//! Spin detection (see `spin`) logs every visible access of a thread inside
//! a loop, and a thread is cloned each time a snapshotted state steps it, so
//! that a vector would be copied into a fresh allocation for nearly every
//! event. Here a clone copies one inline array and bumps one reference
//! count. Hand-rolled because the persistent vectors of `im` and `rpds`
//! keep small vectors inline in chunks far larger than these lists, so that
//! their clones copy more, not less.

use std::sync::Arc;

/// A frozen segment: items `start..start + len` of the list.
#[derive(Clone, Debug)]
struct Segment<T, const N: usize> {
    older: Option<Arc<Segment<T, N>>>,
    start: usize,
    len: usize,
    items: [T; N],
}

/// See the module documentation. Invariant: the frozen segments hold items
/// `0..frozen_len` contiguously, newest segment first; the tail holds the
/// `tail_len` items after them.
#[derive(Clone, Debug)]
pub(crate) struct SegLog<T: Copy + Default, const N: usize> {
    frozen: Option<Arc<Segment<T, N>>>,
    frozen_len: usize,
    tail: [T; N],
    tail_len: usize,
}

impl<T: Copy + Default, const N: usize> Default for SegLog<T, N> {
    fn default() -> Self {
        SegLog {
            frozen: None,
            frozen_len: 0,
            tail: [T::default(); N],
            tail_len: 0,
        }
    }
}

impl<T: Copy + Default, const N: usize> SegLog<T, N> {
    pub fn len(&self) -> usize {
        self.frozen_len + self.tail_len
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn clear(&mut self) {
        self.frozen = None;
        self.frozen_len = 0;
        self.tail_len = 0;
    }

    pub fn push(&mut self, x: T) {
        if self.tail_len == N {
            let seg = Segment {
                older: self.frozen.take(),
                start: self.frozen_len,
                len: N,
                items: self.tail,
            };
            self.frozen = Some(Arc::new(seg));
            self.frozen_len += N;
            self.tail_len = 0;
        }
        self.tail[self.tail_len] = x;
        self.tail_len += 1;
    }

    /// The segment holding frozen item `i`.
    fn segment(&self, i: usize) -> &Segment<T, N> {
        let mut s = self.frozen.as_deref();
        while let Some(seg) = s {
            if i >= seg.start {
                return seg;
            }
            s = seg.older.as_deref();
        }
        unreachable!("the segments hold every item before the tail")
    }

    /// Item `i`.
    pub fn get(&self, i: usize) -> T {
        match i.checked_sub(self.frozen_len) {
            Some(j) => self.tail[..self.tail_len][j],
            None => {
                let seg = self.segment(i);
                seg.items[i - seg.start]
            }
        }
    }

    /// Replaces item `i`, copying the shared segments on the way to it if
    /// it is frozen.
    pub fn set(&mut self, i: usize, x: T) {
        fn set_in<T: Copy, const N: usize>(seg: &mut Arc<Segment<T, N>>, i: usize, x: T) {
            let s = crate::cow::make_mut(seg);
            match i.checked_sub(s.start) {
                Some(j) => s.items[j] = x,
                None => set_in(s.older.as_mut().expect("an older segment"), i, x),
            }
        }
        match i.checked_sub(self.frozen_len) {
            Some(j) => self.tail[..self.tail_len][j] = x,
            None => set_in(self.frozen.as_mut().expect("a frozen segment"), i, x),
        }
    }

    /// The items from position `pos` on, oldest first.
    pub fn copy_from(&self, pos: usize) -> Vec<T> {
        let mut segs = Vec::new();
        let mut s = self.frozen.as_deref();
        while let Some(seg) = s {
            if seg.start + seg.len <= pos {
                break;
            }
            segs.push(seg);
            s = seg.older.as_deref();
        }
        let mut out = Vec::with_capacity(self.len().saturating_sub(pos));
        for seg in segs.iter().rev() {
            out.extend_from_slice(&seg.items[pos.saturating_sub(seg.start)..seg.len]);
        }
        let skip = pos.saturating_sub(self.frozen_len);
        out.extend_from_slice(&self.tail[skip..self.tail_len]);
        out
    }

    /// The items, newest first.
    pub fn iter_rev(&self) -> impl Iterator<Item = &T> {
        let older = std::iter::successors(self.frozen.as_deref(), |s| s.older.as_deref());
        self.tail[..self.tail_len]
            .iter()
            .rev()
            .chain(older.flat_map(|s| s.items[..s.len].iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_vector_across_clones() {
        let mut a: SegLog<u32, 3> = SegLog::default();
        let mut model = Vec::new();
        for i in 0..20u32 {
            a.push(i);
            model.push(i);
            let b = a.clone();
            assert_eq!(b.len(), model.len());
            for pos in 0..=model.len() {
                assert_eq!(b.copy_from(pos), model[pos..]);
            }
            for (k, &x) in model.iter().enumerate() {
                assert_eq!(b.get(k), x);
            }
            let rev: Vec<u32> = b.iter_rev().copied().collect();
            assert_eq!(rev, model.iter().rev().copied().collect::<Vec<_>>());
        }
        // A clone is independent of its original.
        let mut b = a.clone();
        b.push(99);
        assert_eq!(a.len() + 1, b.len());
        assert_eq!(a.copy_from(0), model);
        a.clear();
        assert!(a.is_empty() && a.iter_rev().next().is_none());
        assert_eq!(b.copy_from(20), vec![99]);
    }

    #[test]
    fn set_changes_one_copy_only() {
        let mut a: SegLog<u32, 2> = SegLog::default();
        for i in 0..7 {
            a.push(i);
        }
        let b = a.clone();
        for i in 0..7 {
            a.set(i, 100 + i as u32);
            assert_eq!(a.get(i), 100 + i as u32);
        }
        assert_eq!(a.copy_from(0), (100..107).collect::<Vec<_>>());
        assert_eq!(b.copy_from(0), (0..7).collect::<Vec<_>>());
    }
}
