//! Vector clocks.

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
        if self.0.len() <= t as usize {
            self.0.resize(t as usize + 1, 0);
        }
        self.0[t as usize] = v;
    }

    /// The entries, by thread id (missing ones are 0).
    pub fn as_slice(&self) -> &[u32] {
        &self.0
    }

    /// Pointwise maximum.
    pub fn join(&mut self, other: &VClock) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a = (*a).max(*b);
        }
    }

    /// Whether the `seq`-th event of thread `t` is ordered before this clock.
    #[inline]
    pub fn covers(&self, t: Tid, seq: u32) -> bool {
        self.get(t) >= seq
    }
}
