//! KLEE's counterexample cache: answers from remembered models and unsatisfiable sets.
//!
//! Owns `CexCache`. A key is a query as a sorted set of width-1 expressions (the sliced path
//! constraints and the expression to decide; hash-consing makes set equality structural).
//! It answers, in order:
//! 1. an exact hit: the same set was answered before (sat with its model, or unsat);
//! 2. a stored unsat set that is a subset of the key: the key is unsat too;
//! 3. a stored model that satisfies every element of the key under [`Smt::satisfies`]: the key
//!    is sat with it. Models of supersets always pass this test, so KLEE's superset lookup is
//!    subsumed, but only the `try_limit` most recent distinct models are tried (KLEE finds
//!    subsets and supersets with a UBTree and tries only theirs).
//!
//! Unsat sets are whole queries, not unsat cores (Z3's cores need tracked assertions, which
//! the incremental stack does not use). Nothing is evicted: the cache lives as long as the
//! solver.

use crate::eval::Assignment;
use crate::expr::{Expr, Smt};
use rustc_hash::FxHashMap;

/// What the cache knows of a key.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum CexHit {
    /// The same set was answered before.
    Exact(Option<Assignment>),
    /// A subset of the key is unsat.
    UnsatSubset,
    /// A remembered model satisfies the key.
    Model(Assignment),
}

#[derive(Debug, Default)]
pub(crate) struct CexCache {
    exact: FxHashMap<Box<[Expr]>, Option<usize>>,
    unsat_sets: Vec<Box<[Expr]>>,
    /// Unsat sets by their smallest element.
    unsat_index: FxHashMap<Expr, Vec<usize>>,
    models: Vec<Assignment>,
    try_limit: usize,
}

/// Whether sorted `small` is a subset of sorted `big`.
fn is_subset(small: &[Expr], big: &[Expr]) -> bool {
    let mut it = big.iter();
    'outer: for s in small {
        for b in it.by_ref() {
            if b == s {
                continue 'outer;
            }
            if b > s {
                return false;
            }
        }
        return false;
    }
    true
}

impl CexCache {
    pub(crate) fn new(try_limit: usize) -> CexCache {
        CexCache {
            try_limit,
            ..CexCache::default()
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.exact.len()
    }

    /// Looks `key` (sorted, deduplicated) up.
    pub(crate) fn lookup(&mut self, smt: &Smt, key: &[Expr]) -> Option<CexHit> {
        if let Some(&hit) = self.exact.get(key) {
            return Some(CexHit::Exact(hit.map(|i| self.models[i].clone())));
        }
        for e in key {
            if let Some(ids) = self.unsat_index.get(e) {
                if ids.iter().any(|&i| is_subset(&self.unsat_sets[i], key)) {
                    self.exact.insert(key.into(), None);
                    return Some(CexHit::UnsatSubset);
                }
            }
        }
        let found = self
            .models
            .iter()
            .enumerate()
            .rev()
            .take(self.try_limit)
            .find(|(_, m)| smt.satisfies(key, m))
            .map(|(i, _)| i);
        if let Some(i) = found {
            self.exact.insert(key.into(), Some(i));
            return Some(CexHit::Model(self.models[i].clone()));
        }
        None
    }

    /// Remembers that `key` is satisfied by `model`.
    pub(crate) fn insert_sat(&mut self, key: &[Expr], model: Assignment) {
        // Deduplicate against the models a lookup would try anyway.
        let recent = self.models.len().saturating_sub(self.try_limit);
        let i = match self.models[recent..].iter().rposition(|m| *m == model) {
            Some(i) => recent + i,
            None => {
                self.models.push(model);
                self.models.len() - 1
            }
        };
        self.exact.insert(key.into(), Some(i));
    }

    /// Remembers that `key` is unsatisfiable.
    pub(crate) fn insert_unsat(&mut self, key: &[Expr]) {
        self.exact.insert(key.into(), None);
        if let Some(&first) = key.first() {
            self.unsat_sets.push(key.into());
            self.unsat_index
                .entry(first)
                .or_default()
                .push(self.unsat_sets.len() - 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets() {
        let e = |i| Expr(i);
        assert!(is_subset(&[], &[e(1)]));
        assert!(is_subset(&[e(1), e(3)], &[e(1), e(2), e(3)]));
        assert!(!is_subset(&[e(1), e(4)], &[e(1), e(2), e(3)]));
        assert!(!is_subset(&[e(0)], &[e(1)]));
        assert!(!is_subset(&[e(1)], &[]));
    }

    #[test]
    fn answers_from_unsat_subsets_and_models() {
        let mut smt = Smt::new();
        let x = smt.var(8, "x", "");
        let y = smt.var(8, "y", "");
        let five = smt.constant(8, 5);
        let ten = smt.constant(8, 10);
        let lt5 = smt.ult(x, five);
        let gt10 = smt.ugt(x, ten);
        let y_lt5 = smt.ult(y, five);
        let mut cache = CexCache::new(8);
        let mut unsat: Vec<Expr> = vec![lt5, gt10];
        unsat.sort();
        cache.insert_unsat(&unsat);
        let mut bigger = vec![lt5, gt10, y_lt5];
        bigger.sort();
        assert_eq!(cache.lookup(&smt, &bigger), Some(CexHit::UnsatSubset));
        assert_eq!(cache.lookup(&smt, &bigger), Some(CexHit::Exact(None)));

        let mut m = Assignment::new();
        m.set(&smt, smt.as_var(x).unwrap(), 3);
        m.set(&smt, smt.as_var(y).unwrap(), 4);
        cache.insert_sat(&[lt5], m.clone());
        let mut other = vec![lt5, y_lt5];
        other.sort();
        assert_eq!(cache.lookup(&smt, &other), Some(CexHit::Model(m.clone())));
        assert_eq!(cache.lookup(&smt, &[gt10]), None);
        assert_eq!(cache.lookup(&smt, &[lt5]), Some(CexHit::Exact(Some(m))));
    }
}
