//! Ground truth for the analysis: the violations that some interleaving of
//! the recorded events exhibits, found by enumerating interleavings
//! through a [`System`] instead of asking a solver. Exponential; for
//! tests on small programs.
//!
//! Owns [`exhibited`]. An interleaving counts while each step executes the
//! next recorded event of its thread (same [`signature`]) along the
//! recorded path: the event's guards, evaluated on the values this
//! interleaving's reads returned (concretely, no solver), hold. The first
//! step that leaves the recorded path ends the interleaving, after the
//! candidates it completes are counted (the code after an event runs in
//! its step: see `encode` on guards). A candidate
//! is exhibited when its second access executes after its remote access,
//! which executed after its first access: the feasible prefixes ending at
//! `t_c'` that the encoding describes.
//!
//! States are merged when they agree on what the future depends on: how
//! many events each thread executed, the values every executed event read
//! and wrote, which event last wrote each recorded address, and which
//! candidates have their first and remote accesses in order with the
//! second still to come.

use crate::candidates::Candidate;
use crate::trace::{signature, PredictTrace};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};
use weft_core::{EventKind, System, Tid};
use weft_smt::{Assignment, Smt};

#[derive(Clone)]
struct Node<S> {
    sys: S,
    counts: Vec<u32>,
    /// Step at which each trace event executed.
    stamp: Vec<Option<u32>>,
    /// Sum of the hashes of executed events (with their values).
    events_hash: u64,
    /// Last writer (trace position) per address.
    writers: FxHashMap<u64, usize>,
    /// The values this interleaving's reads returned.
    reads: Assignment,
}

fn h(x: impl Hash) -> u64 {
    let mut s = rustc_hash::FxHasher::default();
    x.hash(&mut s);
    // Spread the bits before summing (FxHash of small tuples is weak).
    let v = s.finish();
    v.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29) ^ v
}

/// The candidates (as `(first, remote, second)` positions) that some
/// interleaving exhibits, or `None` past `max_states` distinct states.
pub fn exhibited<S: System>(
    init: S,
    trace: &PredictTrace,
    cands: &[Candidate],
    max_states: usize,
) -> Option<BTreeSet<(usize, usize, usize)>> {
    let pos = crate::trace::positions(&trace.events);
    let mut by_second: FxHashMap<usize, Vec<&Candidate>> = FxHashMap::default();
    for c in cands {
        by_second.entry(c.second).or_default().push(c);
    }
    let mut smt = Smt::new();
    let nodes = trace.dag.import(&mut smt).ok()?;
    let mut found = BTreeSet::new();
    let mut seen: FxHashSet<u64> = FxHashSet::default();
    let root = Node {
        sys: init,
        counts: vec![0; trace.threads.len()],
        stamp: vec![None; trace.events.len()],
        events_hash: 0,
        writers: FxHashMap::default(),
        reads: Assignment::new(),
    };
    let mut stack = vec![(root, 0u32)];
    let mut enabled = Vec::new();
    while let Some((node, step)) = stack.pop() {
        if !node.sys.status().is_running() {
            continue;
        }
        node.sys.enabled(&mut enabled);
        for &t in &enabled {
            let Some(&p) = pos.get(&(t, node.counts.get(t as usize).copied().unwrap_or(u32::MAX)))
            else {
                continue;
            };
            let e = &trace.events[p];
            let mut next = node.clone();
            let ev = next.sys.step(t as Tid, e.alt);
            if signature(&ev) != e.sig {
                continue;
            }
            if let Some(n) = e.read {
                let value = match ev.kind {
                    EventKind::Load { value, .. } => value,
                    EventKind::Rmw { old, .. } | EventKind::CmpXchg { old, .. } => old,
                    _ => 0,
                };
                let var = smt.vars_of(nodes[n as usize])[0];
                next.reads.set(&smt, var, value);
            }
            let holds = |g: &u32, reads: &Assignment| {
                let g = nodes[*g as usize];
                smt.vars_of(g).iter().any(|v| reads.get(*v).is_none()) || smt.eval(g, reads) == 1
            };
            if !e.guards.iter().all(|g| holds(g, &next.reads)) {
                continue;
            }
            next.counts[t as usize] += 1;
            next.stamp[p] = Some(step);
            next.events_hash =
                next.events_hash
                    .wrapping_add(h((t, e.index, format!("{:?}", ev.kind))));
            if let Some(a) = e.access.filter(|a| a.write) {
                next.writers.insert(a.addr, p);
            }
            for c in by_second.get(&p).into_iter().flatten() {
                if let (Some(a), Some(b)) = (next.stamp[c.first], next.stamp[c.remote]) {
                    if a < b {
                        found.insert((c.first, c.remote, c.second));
                    }
                }
            }
            // The code after the event left the recorded path: the next
            // event's guards (on what is read so far) fail, or it ended
            // the execution.
            let after = pos.get(&(t, e.index + 1)).map(|&q| &trace.events[q]);
            if after.is_some_and(|a| !a.guards.iter().all(|g| holds(g, &next.reads))) {
                continue;
            }
            // The code after the last event of the thread that ended the
            // recording ends the execution again or leaves the path.
            if after.is_none() && trace.ended_by == Some(t) {
                continue;
            }
            // What the future depends on (see the module doc).
            let mut key = rustc_hash::FxHasher::default();
            next.counts.hash(&mut key);
            next.events_hash.hash(&mut key);
            let mut w: Vec<(u64, usize)> = next.writers.iter().map(|(&a, &p)| (a, p)).collect();
            w.sort_unstable();
            w.hash(&mut key);
            for c in cands {
                let open = next.stamp[c.second].is_none()
                    && matches!((next.stamp[c.first], next.stamp[c.remote]), (Some(a), Some(b)) if a < b);
                open.hash(&mut key);
            }
            if seen.insert(key.finish()) {
                if seen.len() > max_states {
                    return None;
                }
                stack.push((next, step + 1));
            }
        }
    }
    Some(found)
}
