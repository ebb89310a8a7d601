//! Spin-loop detection.
//!
//! A loop that only reads shared memory until a condition holds
//! (`while (!flag) ;`, a compare-exchange retry loop) would make an
//! exhaustive explorer unroll it without bound. weft detects a thread that
//! comes back to the same visible read with the same registers while no
//! memory was written anywhere in between: the iteration made no progress,
//! and the next one would do exactly the same unless another thread writes
//! one of the locations it read. The thread is then *spin-blocked*: it is
//! disabled until some other thread writes one of those locations. This is
//! the dynamic counterpart of Nidhugg's spin-assume transformation; if no
//! thread can ever write them, every thread ends up blocked and the report
//! is a deadlock that names the spinning thread.

use crate::machine::Machine;
use crate::thread::ThreadState;
use crate::value::Value;
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use weft_core::{Event, EventKind, Tid};

/// Visible reads remembered per spin check: a loop that reads more
/// locations per iteration is not recognised (`--max-steps` bounds it).
const MAX_SEEN: usize = 16;

/// Per-thread bookkeeping for spin detection.
#[derive(Clone, Debug, Default)]
pub struct SpinWatch {
    /// Fingerprints of the thread at its visible reads since it last did
    /// anything else (a loop may read several locations per iteration).
    seen: SmallVec<[u64; 4]>,
    /// Shared reads since then: address, size and the value read.
    pub reads: SmallVec<[(u64, u64, u128); 4]>,
    /// Writes (and other side effects) this thread has made so far.
    pub progress: u64,
    /// The range whose write (by another thread) woke the thread from a spin.
    pub woken_by: Option<(u64, u64)>,
}

impl SpinWatch {
    fn forget(&mut self) {
        self.seen.clear();
        self.reads.clear();
    }
}

impl Machine {
    /// Runs `f` on behalf of `tid`, crediting `tid` with the memory writes
    /// (and output) it makes.
    pub(crate) fn as_thread<R>(&mut self, tid: Tid, f: impl FnOnce(&mut Machine) -> R) -> R {
        let before = self.mem.epoch();
        let r = f(self);
        let delta = self.mem.epoch() - before;
        if delta > 0 {
            if let Some(Some(t)) = self.threads.get_mut(tid as usize) {
                std::sync::Arc::make_mut(t).spin.progress += delta;
            }
        }
        r
    }

    /// Fingerprint of `tid` paused at a visible read: where it is, its
    /// registers, and how many side effects it has made. It depends only on
    /// the thread's own history, never on independent events of others.
    fn fingerprint(&self, tid: Tid) -> u64 {
        let t = self.thread(tid);
        let f = t.frames.last().expect("running thread has a frame");
        let mut h = rustc_hash::FxHasher::default();
        (t.frames.len(), f.func, f.ip, t.spin.progress).hash(&mut h);
        for v in &f.regs {
            match v {
                Value::Int(x) => x.hash(&mut h),
                Value::Undef => 1u8.hash(&mut h),
                Value::Agg(items) => items.len().hash(&mut h),
            }
        }
        h.finish()
    }

    /// Called when `tid` pauses before `kind`: blocks it if it is spinning.
    pub(crate) fn watch_spin(&mut self, tid: Tid, kind: &EventKind) {
        let read = match *kind {
            EventKind::Load { addr, size, .. } | EventKind::CmpXchg { addr, size, .. } => {
                (addr, size as u64)
            }
            _ => {
                self.thread_mut(tid).spin.forget();
                return;
            }
        };
        let fp = self.fingerprint(tid);
        if self.thread(tid).spin.seen.contains(&fp) {
            // Same place, same registers, no write of its own: the loop is
            // spinning unless memory it read has changed since.
            let now =
                |m: &Machine, a: u64, n: u64| m.load_int(tid, a, n).ok().flatten().unwrap_or(0);
            let t = self.thread(tid);
            let unchanged = t.spin.reads.iter().all(|&(a, n, v)| now(self, a, n) == v);
            if unchanged {
                let current = now(self, read.0, read.1);
                let t = self.thread_mut(tid);
                t.spin.reads.push((read.0, read.1, current));
                t.state = ThreadState::Spinning;
                self.spun = true;
                return;
            }
            self.thread_mut(tid).spin.forget();
        }
        let t = self.thread_mut(tid);
        if t.spin.seen.len() >= MAX_SEEN {
            t.spin.forget();
        }
        if t.spin.seen.is_empty() {
            t.spin.reads.clear();
        }
        t.spin.seen.push(fp);
    }

    /// Called after `ev` executed: records reads, and wakes spinning threads
    /// whose locations `ev` wrote.
    pub(crate) fn after_spin_event(&mut self, ev: &Event) {
        let accesses = ev.accesses();
        let read = match ev.kind {
            EventKind::Load {
                addr, size, value, ..
            } => Some((addr, size as u64, value)),
            EventKind::CmpXchg {
                addr,
                size,
                old,
                ok: false,
                ..
            } => Some((addr, size as u64, old)),
            _ => None,
        };
        if let Some(r) = read {
            self.thread_mut(ev.tid).spin.reads.push(r);
        }
        for w in accesses.iter().filter(|a| a.write) {
            for t in 0..self.threads.len() {
                let wake = self.threads[t].as_ref().is_some_and(|th| {
                    th.state == ThreadState::Spinning
                        && th
                            .spin
                            .reads
                            .iter()
                            .any(|&(a, n, _)| a < w.addr + w.size && w.addr < a + n)
                });
                if wake {
                    let th = self.thread_mut(t as Tid);
                    th.state = ThreadState::Running;
                    th.spin.forget();
                    th.spin.woken_by = Some((w.addr, w.size));
                }
            }
        }
    }
}
