//! Wakeup trees (Abdulla, Aronis, Jonsson, Sagonas: "Optimal Dynamic
//! Partial Order Reduction", POPL 2014).
//!
//! A wakeup tree at a state is an ordered forest of event sequences still to
//! be explored from there. Insertion keeps at most one sequence per
//! equivalence class: a new sequence `v` descends into the first child that
//! is a *weak initial* of `v` and is dropped when it reaches a leaf.

use crate::footprint::{depends, Flushes};
use crate::summary::Choice;
use weft_core::{Event, EventKind, Tid};

/// One step of a wakeup sequence: the choice and the event it executes.
#[derive(Clone, Debug)]
pub struct Step {
    pub choice: Choice,
    pub ev: Event,
}

#[derive(Clone, Debug)]
pub struct WuNode {
    pub step: Step,
    pub children: Vec<WuNode>,
}

/// An ordered forest of sequences to explore.
#[derive(Clone, Debug, Default)]
pub struct WakeupTree {
    pub children: Vec<WuNode>,
}

/// Which buffered stores had reached memory before a sequence starts: the
/// context [`depends`] needs for loads that return their own stores.
pub struct Prefix<'a> {
    /// Updates in the execution prefix, by `(owner, store_seq)`.
    pub flushed: &'a dyn Fn(Tid, u32) -> bool,
    /// Updates of wakeup-tree steps descended through since.
    pub more: Vec<(Tid, u32)>,
}

impl<'a> Prefix<'a> {
    /// The context of a sequence that runs after the execution prefix whose
    /// updates `flushed` knows.
    pub fn new(flushed: &'a dyn Fn(Tid, u32) -> bool) -> Prefix<'a> {
        Prefix {
            flushed,
            more: Vec::new(),
        }
    }

    /// Whether `(owner, seq)` is flushed by the prefix or by `before`.
    fn has(&self, owner: Tid, seq: u32, before: &[Step]) -> bool {
        (self.flushed)(owner, seq)
            || self.more.contains(&(owner, seq))
            || before
                .iter()
                .any(|s| update_of(&s.ev) == Some((owner, seq)))
    }

    /// Whether `a` and then `b` conflict, when `before_a` ran (after the
    /// prefix) before `a` and `before_b` before `b`.
    pub fn depends(&self, before_a: &[Step], before_b: &[Step], a: &Event, b: &Event) -> bool {
        let flushes = Flushes {
            before_earlier: &|o, s| self.has(o, s, before_a),
            before_later: &|o, s| self.has(o, s, before_b),
        };
        depends(a, b, &flushes)
    }
}

/// The `(owner, store_seq)` an update event writes back.
fn update_of(e: &Event) -> Option<(Tid, u32)> {
    match e.kind {
        EventKind::Update {
            owner, store_seq, ..
        } => Some((owner, store_seq)),
        _ => None,
    }
}

/// If the step `(choice, ev)` is a weak initial of `v` (after `prefix`):
/// `Some(Some(k))` when it is `v[k]`, `Some(None)` when its thread does not
/// occur in `v` and it commutes with all of `v`.
pub fn weak_initial(
    prefix: &Prefix,
    choice: Choice,
    ev: &Event,
    v: &[Step],
) -> Option<Option<usize>> {
    match v.iter().position(|s| s.choice.0 == choice.0) {
        Some(k) => {
            let ok = v[k].choice == choice
                && (0..k).all(|j| !prefix.depends(&v[..j], &v[..k], &v[j].ev, &v[k].ev));
            ok.then_some(Some(k))
        }
        None => v
            .iter()
            .enumerate()
            .all(|(j, s)| !prefix.depends(&[], &v[..j], ev, &s.ev))
            .then_some(None),
    }
}

impl WakeupTree {
    pub fn is_empty(&self) -> bool {
        self.children.is_empty()
    }

    /// A tree holding one sequence.
    pub fn singleton(step: Step) -> WakeupTree {
        WakeupTree {
            children: vec![WuNode {
                step,
                children: Vec::new(),
            }],
        }
    }

    /// Inserts `v` (to run after `prefix`) unless an equivalent (or
    /// extended) sequence is present.
    pub fn insert(&mut self, prefix: &mut Prefix, v: Vec<Step>) {
        insert_into(&mut self.children, prefix, v);
    }

    /// Removes and returns the first child with its subtree.
    pub fn pop_first(&mut self) -> Option<(Step, WakeupTree)> {
        if self.children.is_empty() {
            return None;
        }
        let n = self.children.remove(0);
        Some((
            n.step,
            WakeupTree {
                children: n.children,
            },
        ))
    }
}

fn insert_into(children: &mut Vec<WuNode>, prefix: &mut Prefix, v: Vec<Step>) {
    if v.is_empty() {
        return;
    }
    for child in children.iter_mut() {
        if let Some(at) = weak_initial(prefix, child.step.choice, &child.step.ev, &v) {
            if child.children.is_empty() {
                return;
            }
            // The rest of `v` after the child's step, moved, not copied.
            let mut rest = v;
            if let Some(k) = at {
                rest.remove(k);
            }
            prefix.more.extend(update_of(&child.step.ev));
            return insert_into(&mut child.children, prefix, rest);
        }
    }
    children.push(chain(v));
}

fn chain(v: Vec<Step>) -> WuNode {
    let mut it = v.into_iter().rev();
    let mut node = WuNode {
        step: it.next().expect("non-empty"),
        children: Vec::new(),
    };
    for s in it {
        node = WuNode {
            step: s,
            children: vec![node],
        };
    }
    node
}
