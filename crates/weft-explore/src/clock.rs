//! Vector clocks: [`VClock`] while one is computed, [`Clocks`] for those
//! of the events of a trace, stored back to back (an event's clock has one
//! entry per thread known when it ran, so a long execution of few threads
//! pays a few words per event).

use smallvec::SmallVec;
use weft_core::Tid;

/// A vector clock: for each thread, how many of its events are ordered
/// before (or are) the event this clock belongs to. Inline for up to sixteen
/// threads (auxiliary store-buffer threads count), so that most clocks
/// never allocate.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct VClock(SmallVec<[u32; 16]>);

/// By copying the slice: `SmallVec`'s own `Clone` goes element by element.
impl Clone for VClock {
    fn clone(&self) -> VClock {
        VClock(SmallVec::from_slice(&self.0))
    }

    fn clone_from(&mut self, other: &VClock) {
        self.0.clear();
        self.0.extend_from_slice(&other.0);
    }
}

impl VClock {
    pub fn get(&self, t: Tid) -> u32 {
        self.0.get(t as usize).copied().unwrap_or(0)
    }

    pub fn set(&mut self, t: Tid, v: u32) {
        // Not `SmallVec::resize`, which costs several times as much.
        while self.0.len() <= t as usize {
            self.0.push(0);
        }
        self.0[t as usize] = v;
    }

    /// Makes this clock the stored clock `entries`.
    pub fn assign(&mut self, entries: &[u32]) {
        self.0.clear();
        self.0.extend_from_slice(entries);
    }

    /// The entries, by thread id (missing ones are 0).
    pub fn as_slice(&self) -> &[u32] {
        &self.0
    }

    /// Pointwise maximum.
    pub fn join(&mut self, other: &VClock) {
        self.join_slice(&other.0);
    }

    /// Pointwise maximum with a stored clock.
    pub fn join_slice(&mut self, other: &[u32]) {
        // The entries this clock lacks are `other`'s; the others are the
        // maximum of both.
        let n = self.0.len();
        if n < other.len() {
            self.0.extend_from_slice(&other[n..]);
        }
        for (a, b) in self.0[..n].iter_mut().zip(other) {
            *a = (*a).max(*b);
        }
    }

    /// Whether the `seq`-th event of thread `t` is ordered before this clock.
    #[inline]
    pub fn covers(&self, t: Tid, seq: u32) -> bool {
        self.get(t) >= seq
    }
}

/// Where a stored clock is in [`Clocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockRef {
    at: u32,
    len: u32,
}

/// The clocks of a trace's events, back to back.
#[derive(Debug, Default)]
pub struct Clocks(Vec<u32>);

impl Clocks {
    /// Stores `c` after the clocks stored so far.
    pub fn push(&mut self, c: &VClock) -> ClockRef {
        let at = u32::try_from(self.0.len()).expect("fewer than 2^32 clock entries");
        self.0.extend_from_slice(c.as_slice());
        ClockRef {
            at,
            len: c.as_slice().len() as u32,
        }
    }

    pub fn get(&self, r: ClockRef) -> &[u32] {
        &self.0[r.at as usize..(r.at + r.len) as usize]
    }

    /// Whether the `seq`-th event of thread `t` is ordered before clock `r`.
    #[inline]
    pub fn covers(&self, r: ClockRef, t: Tid, seq: u32) -> bool {
        t < r.len && self.0[(r.at + t) as usize] >= seq
    }

    /// Stores the pointwise maximum of two stored clocks.
    pub fn push_join(&mut self, a: ClockRef, b: ClockRef) -> ClockRef {
        let (long, short) = if a.len >= b.len { (a, b) } else { (b, a) };
        let at = self.end();
        self.0
            .extend_from_within(long.at as usize..(long.at + long.len) as usize);
        for i in 0..short.len {
            let v = self.0[(short.at + i) as usize];
            let slot = &mut self.0[(at + i) as usize];
            *slot = (*slot).max(v);
        }
        ClockRef { at, len: long.len }
    }

    /// The number of entries stored: where the next clock will start.
    pub fn end(&self) -> u32 {
        u32::try_from(self.0.len()).expect("fewer than 2^32 clock entries")
    }

    /// Drops clock `r` and every clock stored after it.
    pub fn truncate(&mut self, r: ClockRef) {
        self.truncate_len(r.at);
    }

    /// Keeps the first `len` entries (see [`Clocks::end`]).
    pub fn truncate_len(&mut self, len: u32) {
        self.0.truncate(len as usize);
    }
}
