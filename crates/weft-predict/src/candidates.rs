//! Transactions and potential atomicity violations (the paper's PAV,
//! section 3), pruned by must-happen-before.
//!
//! Owns [`Transaction`], [`Candidate`], [`transactions`], [`candidates`]
//! and [`MustHb`].
//!
//! A candidate is a triple `(t_c, t_r, t_c')`: `t_c` and `t_c'` are
//! consecutive accesses of one transaction to overlapping bytes (no access
//! of the thread to those bytes in between), `t_r` an access of another
//! thread to bytes both overlap, and the read/write pattern is one of the
//! five unserializable ones (R-W-R, W-W-R, R-W-W, W-W-W, W-R-W; a
//! read-modify-write counts as a write). Must-happen-before (program
//! order, spawn, join, the recorded order of ordered objects, init and
//! destroy) prunes a triple whose remote access must come before `t_c` or
//! after `t_c'`; so does a critical section of one mutex that holds both
//! local accesses while the remote access sits in a section of the same
//! mutex. Deviation: the paper's guarded independence (a write of the
//! value already there conflicts with nothing) is not used: the analysis
//! reports conflict-serializability violations.

use crate::trace::{PSync, PredictTrace};
use rustc_hash::FxHashMap;

/// Where transactions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TxSource {
    /// `__VERIFIER_atomic_begin/end`, `__VERIFIER_atomic_*` functions,
    /// `weft_atomic_begin/end`.
    Markers,
    /// Also each thread's outermost critical sections (`--transactions
    /// locks`).
    Locks,
}

/// A transaction: events `from..to` (indices among the thread's events) of
/// thread `tid`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transaction {
    pub tid: u32,
    pub from: u32,
    pub to: u32,
    /// Position in the trace of the event that begins it, or of its first
    /// event.
    pub begin_at: Option<usize>,
    /// `marker` or `lock`.
    pub source: &'static str,
}

/// A potential violation: positions in the trace's event list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    pub first: usize,
    pub remote: usize,
    pub second: usize,
    /// Index into the transaction list.
    pub tx: usize,
}

impl Candidate {
    /// `R-W-R` and the like.
    pub fn pattern(&self, trace: &PredictTrace) -> String {
        let rw = |i: usize| trace.events[i].rw().unwrap_or('?');
        format!("{}-{}-{}", rw(self.first), rw(self.remote), rw(self.second))
    }
}

/// The transactions of `trace`.
pub fn transactions(trace: &PredictTrace, source: TxSource) -> Vec<Transaction> {
    let mut out = Vec::new();
    let last: Vec<u32> = {
        let mut n = vec![0u32; trace.threads.len()];
        for e in &trace.events {
            n[e.tid as usize] = e.index + 1;
        }
        n
    };
    let pos = crate::trace::positions(&trace.events);
    let mut open: FxHashMap<u32, u32> = FxHashMap::default();
    for m in &trace.marks {
        if m.begin {
            open.insert(m.tid, m.index);
        } else if let Some(from) = open.remove(&m.tid) {
            out.push(Transaction {
                tid: m.tid,
                from,
                to: m.index,
                begin_at: pos.get(&(m.tid, from)).copied(),
                source: "marker",
            });
        }
    }
    // A transaction still open when the thread stopped runs to its end.
    let mut rest: Vec<_> = open.into_iter().collect();
    rest.sort_unstable();
    for (tid, from) in rest {
        out.push(Transaction {
            tid,
            from,
            to: last[tid as usize],
            begin_at: pos.get(&(tid, from)).copied(),
            source: "marker",
        });
    }
    if source == TxSource::Locks {
        let mut depth: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
        for e in &trace.events {
            for s in &e.sync {
                let d = depth.entry(e.tid).or_insert((0, 0));
                match s {
                    PSync::Lock { .. } => {
                        if d.0 == 0 {
                            d.1 = e.index;
                        }
                        d.0 += 1;
                    }
                    PSync::Unlock { .. } if d.0 > 0 => {
                        d.0 -= 1;
                        if d.0 == 0 {
                            out.push(Transaction {
                                tid: e.tid,
                                from: d.1,
                                to: e.index + 1,
                                begin_at: pos.get(&(e.tid, d.1)).copied(),
                                source: "lock",
                            });
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    out.sort_by_key(|t| (t.tid, t.from, t.to));
    out.dedup_by_key(|t| (t.tid, t.from, t.to));
    out
}

/// Every potential violation of `txs` in `trace`, in a stable order, or
/// those found before `stop` passed (then `true`): there can be as many
/// as local pairs times remote accesses.
pub fn candidates(
    trace: &PredictTrace,
    txs: &[Transaction],
    stop: &weft_core::Deadline,
) -> (Vec<Candidate>, bool) {
    let mut work = 0u32;
    let mut cut = false;
    let mut out = Vec::new();
    let ev = &trace.events;
    let accesses: Vec<usize> = (0..ev.len()).filter(|&i| ev[i].access.is_some()).collect();
    // Every access by address, to find the remote ones of a pair quickly.
    let mut by_addr: Vec<(u64, usize)> = accesses
        .iter()
        .map(|&i| (ev[i].access.expect("an access").addr, i))
        .collect();
    by_addr.sort_unstable();
    let widest = accesses
        .iter()
        .map(|&i| ev[i].access.expect("an access").size)
        .max()
        .unwrap_or(0);
    for (ti, tx) in txs.iter().enumerate() {
        if cut {
            break;
        }
        let local: Vec<usize> = accesses
            .iter()
            .copied()
            .filter(|&i| {
                let e = &trace.events[i];
                e.tid == tx.tid && (tx.from..tx.to).contains(&e.index)
            })
            .collect();
        for (k, &a) in local.iter().enumerate() {
            if cut {
                break;
            }
            let ra = trace.events[a].access.expect("an access");
            let Some(&b) = local[k + 1..]
                .iter()
                .find(|&&b| trace.events[b].access.expect("an access").overlaps(&ra))
            else {
                continue;
            };
            let rb = trace.events[b].access.expect("an access");
            let lo = ra.addr.max(rb.addr).saturating_sub(widest);
            let hi = (ra.addr + ra.size).min(rb.addr + rb.size);
            let from = by_addr.partition_point(|&(a, _)| a < lo);
            for &(_, r) in by_addr[from..].iter().take_while(|&&(a, _)| a < hi) {
                work += 1;
                if work >= 4096 {
                    work = 0;
                    if stop.expired().is_some() {
                        cut = true;
                        break;
                    }
                }
                let e = &trace.events[r];
                let rr = e.access.expect("an access");
                if e.tid == tx.tid || !rr.overlaps(&ra) || !rr.overlaps(&rb) {
                    continue;
                }
                let c = Candidate {
                    first: a,
                    remote: r,
                    second: b,
                    tx: ti,
                };
                if !matches!(c.pattern(trace).as_str(), "R-R-R" | "R-R-W" | "W-R-R") {
                    out.push(c);
                }
            }
        }
    }
    out.sort();
    out.dedup_by_key(|c| (c.first, c.remote, c.second));
    (out, cut)
}

/// Must-happen-before between the events of a trace, as vector clocks.
///
/// Invariant: every edge goes forward in the trace (the recorded
/// execution satisfies them all), so one pass in trace order computes the
/// clocks.
pub struct MustHb {
    clocks: Vec<Vec<u32>>,
    tids: Vec<u32>,
    index: Vec<u32>,
}

impl MustHb {
    pub fn new(trace: &PredictTrace) -> MustHb {
        let n = trace.threads.len();
        let ev = &trace.events;
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); ev.len()];
        let mut last_of_thread: FxHashMap<u32, usize> = FxHashMap::default();
        let mut first_of_thread: FxHashMap<u32, usize> = FxHashMap::default();
        for (i, e) in ev.iter().enumerate() {
            first_of_thread.entry(e.tid).or_insert(i);
            last_of_thread.insert(e.tid, i);
        }
        let mut spawn_of: FxHashMap<u32, usize> = FxHashMap::default();
        let mut ordered_last: FxHashMap<u64, usize> = FxHashMap::default();
        let mut init_of: FxHashMap<u64, usize> = FxHashMap::default();
        let mut on_obj: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
        let ordered: rustc_hash::FxHashSet<u64> = ev
            .iter()
            .flat_map(|e| &e.sync)
            .filter_map(|s| match s {
                PSync::Ordered { obj } => Some(*obj),
                _ => None,
            })
            .collect();
        for (i, e) in ev.iter().enumerate() {
            for s in &e.sync {
                match *s {
                    PSync::Spawn { child } => {
                        spawn_of.insert(child, i);
                    }
                    PSync::Join { child } => {
                        if let Some(&l) = last_of_thread.get(&child) {
                            if l < i {
                                preds[i].push(l);
                            }
                        }
                    }
                    PSync::Lock { obj } | PSync::Unlock { obj } | PSync::Ordered { obj } => {
                        if let Some(&x) = init_of.get(&obj) {
                            preds[i].push(x);
                        }
                        if ordered.contains(&obj) {
                            if let Some(&p) = ordered_last.get(&obj) {
                                preds[i].push(p);
                            }
                            ordered_last.insert(obj, i);
                        }
                        on_obj.entry(obj).or_default().push(i);
                    }
                    PSync::Init { obj } => {
                        init_of.insert(obj, i);
                    }
                    PSync::Destroy { obj } => {
                        preds[i].extend(on_obj.get(&obj).into_iter().flatten().copied());
                    }
                    PSync::Exit => {}
                }
            }
            if first_of_thread.get(&e.tid) == Some(&i) {
                if let Some(&s) = spawn_of.get(&e.tid) {
                    preds[i].push(s);
                }
            }
        }
        let mut clocks: Vec<Vec<u32>> = Vec::with_capacity(ev.len());
        let mut prev: FxHashMap<u32, usize> = FxHashMap::default();
        for (i, e) in ev.iter().enumerate() {
            let mut c = match prev.get(&e.tid) {
                Some(&p) => clocks[p].clone(),
                None => vec![0; n],
            };
            for &p in &preds[i] {
                debug_assert!(p < i, "must-happen-before edges go forward");
                for (x, y) in c.iter_mut().zip(&clocks[p]) {
                    *x = (*x).max(*y);
                }
            }
            c[e.tid as usize] = e.index + 1;
            clocks.push(c);
            prev.insert(e.tid, i);
        }
        MustHb {
            clocks,
            tids: ev.iter().map(|e| e.tid).collect(),
            index: ev.iter().map(|e| e.index).collect(),
        }
    }

    /// Whether event `a` must happen before event `b` (positions).
    pub fn before(&self, a: usize, b: usize) -> bool {
        a != b && self.clocks[b][self.tids[a] as usize] > self.index[a]
    }
}

/// Critical sections: `(tid, mutex, lock position, unlock position)`.
pub(crate) fn sections(trace: &PredictTrace) -> Vec<(u32, u64, usize, Option<usize>)> {
    let mut out = Vec::new();
    let mut open: FxHashMap<(u32, u64), (usize, u32)> = FxHashMap::default();
    for (i, e) in trace.events.iter().enumerate() {
        for s in &e.sync {
            match *s {
                PSync::Lock { obj } => {
                    let d = open.entry((e.tid, obj)).or_insert((i, 0));
                    d.1 += 1;
                }
                PSync::Unlock { obj } => {
                    if let Some(d) = open.get_mut(&(e.tid, obj)) {
                        d.1 -= 1;
                        if d.1 == 0 {
                            out.push((e.tid, obj, d.0, Some(i)));
                            open.remove(&(e.tid, obj));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out.extend(open.into_iter().map(|((t, m), (l, _))| (t, m, l, None)));
    out
}

/// The candidates that must-happen-before and mutual exclusion do not
/// rule out.
pub fn prune(trace: &PredictTrace, hb: &MustHb, cands: &[Candidate]) -> Vec<Candidate> {
    // The sections (mutex, lock position) each event runs inside, by one
    // sweep over the trace.
    let mut held: Vec<Vec<(u64, usize)>> = vec![Vec::new(); trace.events.len()];
    let mut open: FxHashMap<u32, Vec<(u64, usize)>> = FxHashMap::default();
    for (i, e) in trace.events.iter().enumerate() {
        let mine = open.entry(e.tid).or_default();
        held[i] = mine.clone();
        for s in &e.sync {
            match *s {
                PSync::Lock { obj } if !mine.iter().any(|&(m, _)| m == obj) => mine.push((obj, i)),
                PSync::Unlock { obj } => mine.retain(|&(m, _)| m != obj),
                _ => {}
            }
        }
    }
    cands
        .iter()
        .filter(|c| {
            if hb.before(c.remote, c.first) || hb.before(c.second, c.remote) {
                return false;
            }
            // A section holding both local accesses, and a section of the
            // same mutex holding the remote one.
            !held[c.first].iter().any(|&(m, l)| {
                held[c.second].contains(&(m, l)) && held[c.remote].iter().any(|&(m2, _)| m2 == m)
            })
        })
        .cloned()
        .collect()
}
