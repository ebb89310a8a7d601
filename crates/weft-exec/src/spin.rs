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

/// Per-thread bookkeeping for spin detection.
#[derive(Clone, Debug, Default)]
pub struct SpinWatch {
    /// Fingerprint of the thread at its last visible read.
    anchor: Option<u64>,
    /// Shared byte ranges read since the anchor.
    pub reads: SmallVec<[(u64, u64); 4]>,
    /// Writes (and other side effects) this thread has made so far.
    pub progress: u64,
    /// The thread was woken from a spin by another thread's write.
    pub woken: bool,
}

impl SpinWatch {
    fn forget(&mut self) {
        self.anchor = None;
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
        let t = self.thread_mut(tid);
        if t.spin.anchor == Some(fp) {
            t.spin.reads.push(read);
            t.state = ThreadState::Spinning;
        } else {
            t.spin.anchor = Some(fp);
            t.spin.reads.clear();
        }
    }

    /// Called after `ev` executed: records reads, and wakes spinning threads
    /// whose locations `ev` wrote.
    pub(crate) fn after_spin_event(&mut self, ev: &Event) {
        let accesses = ev.accesses();
        for a in accesses.iter().filter(|a| !a.write) {
            self.thread_mut(ev.tid).spin.reads.push((a.addr, a.size));
        }
        for w in accesses.iter().filter(|a| a.write) {
            for t in 0..self.threads.len() {
                let wake = self.threads[t].as_ref().is_some_and(|th| {
                    th.state == ThreadState::Spinning
                        && th
                            .spin
                            .reads
                            .iter()
                            .any(|&(a, n)| a < w.addr + w.size && w.addr < a + n)
                });
                if wake {
                    let th = self.thread_mut(t as Tid);
                    th.state = ThreadState::Running;
                    th.spin.forget();
                    th.spin.woken = true;
                }
            }
        }
    }
}
