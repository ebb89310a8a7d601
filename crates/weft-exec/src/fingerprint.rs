//! State fingerprints for cutoff events (`--por unfold`).
//!
//! Schemmel et al.'s fragment hashing (the paper's appendix H): the state
//! of an execution is cut into *fragments*, each one hashed on its own
//! (128-bit SipHash-1-3, tagged so that fragments of different kinds never
//! collide by construction), and the fingerprint is the XOR of all fragment
//! hashes. A step changes a few fragments, and `before ^ after` (its
//! *delta*) is what the explorer accumulates per thread: the fingerprint of
//! a local configuration is the XOR of the accumulated deltas of its
//! thread-maximal events.
//!
//! That sum is right only if any two events that change one fragment are
//! ordered (dependent): so fragments are per memory word, per object
//! header, per thread (its frames, live registers, state, C-library state
//! and symbolic constraints) and per synchronisation object. State no single
//! object owns (thread-specific data keys, `atexit` handlers, files, the
//! environment list) is not a fragment: a step that changes it has no
//! delta ([`Machine::step_delta`] is `None`), and the explorer takes no
//! cutoff at or after it.
//!
//! Not in the state: what the program printed, counters of the run (steps,
//! events, spin detection), each thread's pending event (a function of its
//! frames) and the names of threads (canonical).
//!
//! The memory's part is kept up to date incrementally (`Memory::touch`):
//! an object is taken out of the fingerprint before its first change in a
//! step (a write, an allocation, a free, an escape, a change of its
//! symbolic overlay) and put back, as it is then, when the step ends; so a
//! step costs the size of the objects it changed, not of the memory. A
//! debug build checks it against a recomputation after every step.
//! Deviation from the paper: the unit of update is the object, not the
//! word; and thread and synchronisation-object fragments (a few words per
//! thread and object) are recomputed after each step. Only `--por unfold`
//! turns fingerprints on; under TSO and PSO they stay off (store buffers
//! are changed by their owner and its flushing thread, which are not
//! always ordered).

use crate::machine::Machine;
use siphasher::sip128::{Hasher128, SipHasher13};
use std::hash::{Hash, Hasher};
use weft_core::Tid;

const KEYS: (u64, u64) = (0x7765_6674_2d66_7031, 0x9e37_79b9_7f4a_7c15);

fn hasher(tag: u8) -> SipHasher13 {
    let mut h = SipHasher13::new_with_keys(KEYS.0, KEYS.1);
    h.write_u8(tag);
    h
}

/// The hash of one fragment: a tag naming its kind, then its words.
pub(crate) fn frag(tag: u8, words: &[u64]) -> u128 {
    let mut h = hasher(tag);
    words.iter().for_each(|&w| h.write_u64(w));
    h.finish128().as_u128()
}

fn hash_value(v: &crate::value::Value, h: &mut SipHasher13) {
    use crate::value::Value;
    match v {
        Value::Int(i) => {
            h.write_u8(0);
            h.write_u128(*i);
        }
        Value::Undef => h.write_u8(1),
        Value::Agg(items) => {
            h.write_u8(2);
            h.write_usize(items.len());
            items.iter().for_each(|x| hash_value(x, h));
        }
        Value::Sym(e) => {
            h.write_u8(3);
            h.write_u32(e.index());
        }
    }
}

/// Per-step fingerprint bookkeeping of a [`Machine`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Fingerprints {
    /// The fingerprint of the current state.
    pub now: u128,
    /// The hash of the state no fragment covers (see the module doc).
    pub global: u64,
    /// The delta of the last step, `None` if it changed `global`.
    pub delta: Option<u128>,
}

impl Machine {
    /// Thread `tid`'s fragment.
    fn thread_fragment(&self, tid: Tid) -> u128 {
        let Some(Some(t)) = self.threads.get(tid as usize) else {
            return 0;
        };
        let mut h = hasher(4);
        h.write_u32(tid);
        h.write_usize(t.frames.len());
        for f in &t.frames {
            (f.func, f.block, f.ip).hash(&mut h);
            (&f.allocas[..], f.va_area, f.ret_dst, f.atomic, f.on_return).hash(&mut h);
        }
        // Only live registers: a dead one is written before it is read.
        self.live_regs(tid, |k, r, v| {
            h.write_usize(k);
            h.write_u32(r);
            hash_value(v, &mut h);
        });
        t.state.hash(&mut h);
        (t.retval, t.detached, t.joined, t.children, t.atomic_depth).hash(&mut h);
        h.write_u32(t.local_run);
        t.lib().hash(&mut h);
        (t.fences, t.resume.as_deref()).hash(&mut h);
        h.write_usize(t.buffer.entries.len());
        if let Some(sym) = &self.sym {
            sym.hash_thread(tid, &mut h);
        }
        h.finish128().as_u128()
    }

    /// The fragments of the synchronisation objects.
    fn sync_fragments(&self) -> u128 {
        fn each<K: Hash, V: Hash>(tag: u8, m: &rustc_hash::FxHashMap<K, V>, fp: &mut u128) {
            for kv in m {
                let mut h = hasher(tag);
                kv.hash(&mut h);
                *fp ^= h.finish128().as_u128();
            }
        }
        let s = &*self.sync;
        let mut fp = 0;
        each(5, &s.mutexes, &mut fp);
        each(6, &s.conds, &mut fp);
        each(7, &s.rwlocks, &mut fp);
        each(8, &s.sems, &mut fp);
        each(9, &s.barriers, &mut fp);
        fp
    }

    /// The hash of the state that is no fragment.
    fn global_state(&self) -> u64 {
        let mut h = hasher(10);
        let mut keys: Vec<_> = self.sync.keys.iter().collect();
        keys.sort_by_key(|(k, _)| **k);
        keys.hash(&mut h);
        self.sync.atexit.hash(&mut h);
        // Usually empty; a change of any kind shows in its rendering.
        format!("{:?}", self.files).hash(&mut h);
        self.environ.hash(&mut h);
        (self.env_anchor, self.strtok_slot).hash(&mut h);
        h.finish()
    }

    /// The fingerprint of the current state: the XOR of all fragments
    /// (the memory's kept up to date, the threads' and synchronisation
    /// objects' recomputed).
    pub(crate) fn state_fingerprint(&mut self) -> u128 {
        let threads = (0..self.threads.len() as Tid).fold(0, |fp, t| fp ^ self.thread_fragment(t));
        let mem = self.mem.fingerprint_now().expect("started");
        mem ^ threads ^ self.sync_fragments()
    }

    /// Starts fingerprinting (SC only, see the module doc).
    pub(crate) fn start_fingerprints(&mut self) {
        if self.limits.mm != weft_core::MemoryModel::Sc {
            return;
        }
        self.mem.start_fingerprint();
        self.fp = Some(Fingerprints {
            now: self.state_fingerprint(),
            global: self.global_state(),
            delta: None,
        });
    }

    /// Updates the fingerprint after a step.
    pub(crate) fn fingerprint_step(&mut self) {
        let Some(old) = self.fp else { return };
        let now = self.state_fingerprint();
        let global = self.global_state();
        self.fp = Some(Fingerprints {
            now,
            global,
            delta: (global == old.global).then_some(now ^ old.now),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::frag;

    #[test]
    fn fragments_differ_by_tag_and_words() {
        assert_ne!(frag(1, &[0]), frag(2, &[0]));
        assert_ne!(frag(1, &[0]), frag(1, &[0, 0]));
        assert_eq!(frag(3, &[1, 2]), frag(3, &[1, 2]));
    }
}
