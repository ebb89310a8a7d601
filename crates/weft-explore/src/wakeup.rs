//! Wakeup trees (Abdulla, Aronis, Jonsson, Sagonas: "Optimal Dynamic
//! Partial Order Reduction", POPL 2014).
//!
//! A wakeup tree at a state is an ordered forest of event sequences still to
//! be explored from there. Insertion keeps at most one sequence per
//! equivalence class: a new sequence `v` descends into the first child that
//! is a *weak initial* of `v` and is dropped when it reaches a leaf.

use crate::footprint::dependent;
use crate::summary::Choice;
use weft_core::Event;

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

/// If `p` is a weak initial of `v`, returns `v` with `p`'s step removed (or
/// `v` unchanged when `p`'s thread does not occur in `v` and `p` commutes
/// with all of it).
pub fn weak_initial_rest(p: &Step, v: &[Step]) -> Option<Vec<Step>> {
    match v.iter().position(|s| s.choice.0 == p.choice.0) {
        Some(k) => {
            let ok = v[k].choice == p.choice && v[..k].iter().all(|s| !dependent(&s.ev, &v[k].ev));
            ok.then(|| {
                v.iter()
                    .enumerate()
                    .filter(|(i, _)| *i != k)
                    .map(|(_, s)| s.clone())
                    .collect()
            })
        }
        None => v
            .iter()
            .all(|s| !dependent(&s.ev, &p.ev))
            .then(|| v.to_vec()),
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

    /// Inserts `v` unless an equivalent (or extended) sequence is present.
    pub fn insert(&mut self, v: Vec<Step>) {
        insert_into(&mut self.children, v);
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

fn insert_into(children: &mut Vec<WuNode>, v: Vec<Step>) {
    if v.is_empty() {
        return;
    }
    for child in children.iter_mut() {
        if let Some(rest) = weak_initial_rest(&child.step, &v) {
            if child.children.is_empty() {
                return;
            }
            return insert_into(&mut child.children, rest);
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
