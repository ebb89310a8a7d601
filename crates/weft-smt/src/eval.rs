//! Concrete evaluation of expressions under an assignment of the variables.
//!
//! Owns [`Assignment`] and [`Smt::eval`]. Used by the tests, by the counterexample cache
//! (does a remembered model satisfy a new query?) and for replaying a path with concrete
//! inputs. The evaluator walks the cone of the expression in index order (operands first), so
//! deep DAGs never recurse. Unassigned variables read as 0, as in a Z3 model with model
//! completion.

use crate::expr::{Expr, Op, Smt, Var};
use crate::ops::{self, mask};
use rustc_hash::FxHashMap;

/// Concrete values for variables (each masked to its variable's width when set through
/// [`Assignment::set`] with a pool). Unassigned variables read as 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    values: FxHashMap<Var, u128>,
}

impl Assignment {
    /// No variable assigned.
    pub fn new() -> Assignment {
        Assignment::default()
    }

    /// Sets `v` to `value`, truncated to `v`'s width.
    pub fn set(&mut self, smt: &Smt, v: Var, value: u128) {
        self.values.insert(v, value & mask(smt.var_info(v).width));
    }

    /// Sets `v` to `value`, which must already fit `v`'s width.
    pub fn insert(&mut self, v: Var, value: u128) {
        self.values.insert(v, value);
    }

    /// The value of `v`, if assigned.
    pub fn get(&self, v: Var) -> Option<u128> {
        self.values.get(&v).copied()
    }

    /// The value of `v` (0 if unassigned).
    pub fn value(&self, v: Var) -> u128 {
        self.values.get(&v).copied().unwrap_or(0)
    }

    /// Number of assigned variables.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no variable is assigned.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The assigned variables and their values, in increasing variable order.
    pub fn iter(&self) -> impl Iterator<Item = (Var, u128)> {
        let mut v: Vec<(Var, u128)> = self.values.iter().map(|(&k, &v)| (k, v)).collect();
        v.sort_unstable();
        v.into_iter()
    }

    /// The same assignment restricted to `vars`.
    pub fn restrict(&self, vars: &[Var]) -> Assignment {
        Assignment {
            values: vars
                .iter()
                .filter_map(|&v| self.get(v).map(|x| (v, x)))
                .collect(),
        }
    }
}

impl Smt {
    /// The value of `e` under `a`, masked to `e`'s width.
    pub fn eval(&self, e: Expr, a: &Assignment) -> u128 {
        self.eval_all(&[e], a)[0]
    }

    /// Whether the width-1 `e` is true under `a`.
    pub fn eval_bool(&self, e: Expr, a: &Assignment) -> bool {
        self.eval(e, a) != 0
    }

    /// The values of `es` under `a`, sharing the work on common subterms.
    pub fn eval_all(&self, es: &[Expr], a: &Assignment) -> Vec<u128> {
        let cone = self.cone(es);
        let mut val: FxHashMap<Expr, u128> = FxHashMap::default();
        val.reserve(cone.len());
        for &e in &cone {
            let v = self.eval_node(e, a, &val);
            val.insert(e, v);
        }
        es.iter().map(|e| val[e]).collect()
    }

    /// Whether every width-1 expression of `es` is true under `a`. Stops at the first false
    /// one; common subterms are evaluated once.
    pub fn satisfies(&self, es: &[Expr], a: &Assignment) -> bool {
        let mut val: FxHashMap<Expr, u128> = FxHashMap::default();
        for &root in es {
            self.eval_into(root, a, &mut val);
            if val[&root] == 0 {
                return false;
            }
        }
        true
    }

    /// Evaluates `root` and whatever of its cone `val` does not hold yet into `val`.
    fn eval_into(&self, root: Expr, a: &Assignment, val: &mut FxHashMap<Expr, u128>) {
        if val.contains_key(&root) {
            return;
        }
        let mut todo = vec![root];
        let mut cone = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        seen.insert(root);
        while let Some(e) = todo.pop() {
            cone.push(e);
            for c in self.children(e) {
                if !val.contains_key(&c) && seen.insert(c) {
                    todo.push(c);
                }
            }
        }
        cone.sort_unstable();
        for e in cone {
            let v = self.eval_node(e, a, val);
            val.insert(e, v);
        }
    }

    fn eval_node(&self, e: Expr, a: &Assignment, val: &FxHashMap<Expr, u128>) -> u128 {
        let n = self.node(e);
        let w = n.width as u32;
        let g = |x: Expr| val[&x];
        match n.op {
            Op::Const(c) => c,
            Op::Var(v) => a.value(v) & mask(w),
            Op::Not(x) => !g(x) & mask(w),
            Op::Bin(op, x, y) => {
                let wx = if op == crate::BinOp::Concat {
                    self.width(y)
                } else {
                    self.width(x)
                };
                ops::binary(op, wx, g(x), g(y))
            }
            Op::Ite(c, t, f) => {
                if g(c) != 0 {
                    g(t)
                } else {
                    g(f)
                }
            }
            Op::Extract(x, lo) => ops::extract(g(x), lo as u32, w),
            Op::ZExt(x) => g(x),
            Op::SExt(x) => ops::sext(g(x), self.width(x), w),
        }
    }
}
