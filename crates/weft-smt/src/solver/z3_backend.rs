//! The Z3 back end: translation of the DAG into Z3 terms, and one incremental Z3 solver.
//!
//! Owns [`Z3Backend`]. Each node is translated once and kept (indexed by the node's index),
//! so a constraint shared by many queries is built in Z3 once. Width-1 nodes that are
//! comparisons or boolean connectives become Z3 `Bool`s, other nodes `BitVec`s; where a node
//! of one kind is used as the other, the translation converts (`(= b #b1)` or
//! `(ite b #b1 #b0)`). Variables are Z3 constants named `name!index`.
//!
//! Z3 objects live in the thread-local Z3 context of the `z3` crate (0.22), so a
//! `Z3Backend` (and a [`super::Solver`] over it) belongs to one thread; the [`Smt`] pool does
//! not. Z3 is the system library (Debian's 4.8.12 here), linked dynamically through
//! pkg-config; no bindgen, no bundled build. `z3-sys` 0.14 warns (visible with `-vv`) that
//! it wants Z3 >= 4.13.3 and that enum numbering such as `Z3_decl_kind` may differ: this
//! module uses only sorts, Bool and bit-vector constructors, solvers, parameters and model
//! evaluation, whose C API and enum values (`Z3_lbool`, `Z3_sort_kind`) are the same in 4.8.12,
//! and its tests run against the installed library.

use super::{Answer, Backend};
use crate::eval::Assignment;
use crate::expr::{BinOp, Expr, Op, Smt, Var};
use std::time::Duration;
use z3::ast::{Bool, BV};
use z3::{Params, SatResult};

#[derive(Clone, Debug)]
enum Term {
    B(Bool),
    V(BV),
}

/// One Z3 solver used incrementally, with the translation cache of one pool.
#[derive(Debug)]
pub struct Z3Backend {
    solver: z3::Solver,
    terms: Vec<Option<Term>>,
    /// For fresh checks.
    timeout: Option<Duration>,
    /// For incremental checks.
    budget: Option<Duration>,
}

impl Default for Z3Backend {
    fn default() -> Self {
        Self::new()
    }
}

fn bv_const(width: u32, value: u128) -> BV {
    if value <= u64::MAX as u128 {
        BV::from_u64(value as u64, width)
    } else {
        BV::from_str(width, &value.to_string()).expect("numeral")
    }
}

fn as_bool(t: &Term) -> Bool {
    match t {
        Term::B(b) => b.clone(),
        Term::V(v) => v.eq(BV::from_u64(1, 1)),
    }
}

fn as_bv(t: &Term) -> BV {
    match t {
        Term::V(v) => v.clone(),
        Term::B(b) => b.ite(&BV::from_u64(1, 1), &BV::from_u64(0, 1)),
    }
}

impl Z3Backend {
    /// A fresh Z3 solver (QF_BV) in this thread's context.
    pub fn new() -> Z3Backend {
        let solver = z3::Solver::new_for_logic("QF_BV").unwrap_or_default();
        Z3Backend {
            solver,
            terms: Vec::new(),
            timeout: None,
            budget: None,
        }
    }

    fn term(&self, e: Expr) -> &Term {
        self.terms[e.index() as usize]
            .as_ref()
            .expect("operand translated before its user")
    }

    /// Translates `root` and whatever of its cone is not translated yet.
    fn translate(&mut self, smt: &Smt, root: Expr) -> Term {
        if self.terms.len() < smt.len() {
            self.terms.resize(smt.len(), None);
        }
        if let Some(t) = &self.terms[root.index() as usize] {
            return t.clone();
        }
        let mut todo = vec![root];
        let mut cone = vec![];
        while let Some(e) = todo.pop() {
            if self.terms[e.index() as usize].is_some() {
                continue;
            }
            cone.push(e);
            todo.extend(
                smt.children(e)
                    .filter(|c| self.terms[c.index() as usize].is_none()),
            );
        }
        cone.sort_unstable();
        cone.dedup();
        for e in cone {
            let t = self.translate_node(smt, e);
            self.terms[e.index() as usize] = Some(t);
        }
        self.term(root).clone()
    }

    fn translate_node(&self, smt: &Smt, e: Expr) -> Term {
        let n = smt.node(e);
        let w = n.width as u32;
        match n.op {
            Op::Const(c) if w == 1 => Term::B(Bool::from_bool(c != 0)),
            Op::Const(c) => Term::V(bv_const(w, c)),
            Op::Var(v) => {
                let name = format!("{}!{}", smt.var_info(v).name, v.index());
                Term::V(BV::new_const(name, w))
            }
            Op::Not(x) => match self.term(x) {
                Term::B(b) => Term::B(b.not()),
                Term::V(v) => Term::V(v.bvnot()),
            },
            Op::Bin(op, a, b) => {
                let (ta, tb) = (self.term(a), self.term(b));
                let boolish = matches!(ta, Term::B(_)) || matches!(tb, Term::B(_));
                if w == 1 && boolish && matches!(op, BinOp::And | BinOp::Or | BinOp::Xor) {
                    let (x, y) = (as_bool(ta), as_bool(tb));
                    return Term::B(match op {
                        BinOp::And => Bool::and(&[x, y]),
                        BinOp::Or => Bool::or(&[x, y]),
                        _ => x.xor(y),
                    });
                }
                if op == BinOp::Eq && smt.width(a) == 1 && boolish {
                    return Term::B(as_bool(ta).iff(as_bool(tb)));
                }
                let (x, y) = (as_bv(ta), as_bv(tb));
                match op {
                    BinOp::Add => Term::V(x.bvadd(y)),
                    BinOp::Sub => Term::V(x.bvsub(y)),
                    BinOp::Mul => Term::V(x.bvmul(y)),
                    BinOp::UDiv => Term::V(x.bvudiv(y)),
                    BinOp::SDiv => Term::V(x.bvsdiv(y)),
                    BinOp::URem => Term::V(x.bvurem(y)),
                    BinOp::SRem => Term::V(x.bvsrem(y)),
                    BinOp::And => Term::V(x.bvand(y)),
                    BinOp::Or => Term::V(x.bvor(y)),
                    BinOp::Xor => Term::V(x.bvxor(y)),
                    BinOp::Shl => Term::V(x.bvshl(y)),
                    BinOp::LShr => Term::V(x.bvlshr(y)),
                    BinOp::AShr => Term::V(x.bvashr(y)),
                    BinOp::Concat => Term::V(x.concat(y)),
                    BinOp::Eq => Term::B(x.eq(y)),
                    BinOp::Ult => Term::B(x.bvult(y)),
                    BinOp::Ule => Term::B(x.bvule(y)),
                    BinOp::Slt => Term::B(x.bvslt(y)),
                    BinOp::Sle => Term::B(x.bvsle(y)),
                }
            }
            Op::Ite(c, t, f) => {
                let cond = as_bool(self.term(c));
                let (tt, tf) = (self.term(t), self.term(f));
                if w == 1 && (matches!(tt, Term::B(_)) || matches!(tf, Term::B(_))) {
                    Term::B(cond.ite(&as_bool(tt), &as_bool(tf)))
                } else {
                    Term::V(cond.ite(&as_bv(tt), &as_bv(tf)))
                }
            }
            Op::Extract(x, lo) => {
                let lo = lo as u32;
                Term::V(as_bv(self.term(x)).extract(lo + w - 1, lo))
            }
            Op::ZExt(x) => Term::V(as_bv(self.term(x)).zero_ext(w - smt.width(x))),
            Op::SExt(x) => Term::V(as_bv(self.term(x)).sign_ext(w - smt.width(x))),
        }
    }

    fn translate_vars(&mut self, smt: &Smt, vars: &[Var]) {
        for &v in vars {
            self.translate(smt, smt.var_info(v).expr);
        }
    }

    /// Checks `solver` and reads the values of `vars` from its model.
    fn run(&self, smt: &Smt, solver: &z3::Solver, vars: &[Var]) -> Answer {
        match solver.check() {
            SatResult::Unsat => Answer::Unsat,
            SatResult::Unknown => Answer::Unknown,
            SatResult::Sat => {
                let model = solver.get_model().expect("a model after sat");
                let mut a = Assignment::new();
                for &v in vars {
                    let info = smt.var_info(v);
                    let Term::V(bv) = self.term(info.expr) else {
                        unreachable!("variables are bit-vectors")
                    };
                    a.insert(v, Self::model_value(&model, bv, info.width));
                }
                Answer::Sat(a)
            }
        }
    }

    fn model_value(model: &z3::Model, v: &BV, width: u32) -> u128 {
        let get = |b: &BV| {
            model
                .eval(b, true)
                .and_then(|x| x.as_u64())
                .expect("a model value for a bit-vector variable") as u128
        };
        if width <= 64 {
            get(v)
        } else {
            (get(&v.extract(width - 1, 64)) << 64) | get(&v.extract(63, 0))
        }
    }
}

impl Backend for Z3Backend {
    fn push(&mut self) {
        self.solver.push();
    }

    fn pop(&mut self, n: u32) {
        if n > 0 {
            self.solver.pop(n);
        }
    }

    fn reset(&mut self) {
        self.solver.reset();
        self.apply_timeout();
    }

    fn assert(&mut self, smt: &Smt, c: Expr) {
        let t = self.translate(smt, c);
        self.solver.assert(as_bool(&t));
    }

    fn check(&mut self, smt: &Smt, q: Expr, vars: &[Var]) -> Answer {
        let scoped = q != Expr::TRUE;
        if scoped {
            let t = as_bool(&self.translate(smt, q));
            self.solver.push();
            self.solver.assert(&t);
        }
        self.translate_vars(smt, vars);
        let answer = self.run(smt, &self.solver, vars);
        if scoped {
            self.solver.pop(1);
        }
        answer
    }

    fn check_fresh(&mut self, smt: &Smt, constraints: &[Expr], q: Expr, vars: &[Var]) -> Answer {
        let solver = z3::Solver::new_for_logic("QF_BV").unwrap_or_default();
        let mut p = Params::new();
        p.set_u32("timeout", timeout_ms(self.timeout));
        solver.set_params(&p);
        for &c in constraints.iter().chain([&q]) {
            let t = self.translate(smt, c);
            solver.assert(as_bool(&t));
        }
        self.translate_vars(smt, vars);
        self.run(smt, &solver, vars)
    }

    fn set_timeout(&mut self, timeout: Option<Duration>, incremental: Option<Duration>) {
        self.timeout = timeout;
        self.budget = incremental;
        self.apply_timeout();
    }
}

/// Z3 takes milliseconds; `u32::MAX` means none.
fn timeout_ms(t: Option<Duration>) -> u32 {
    t.map_or(u32::MAX, |t| {
        t.as_millis().clamp(1, u32::MAX as u128 - 1) as u32
    })
}

impl Z3Backend {
    fn apply_timeout(&mut self) {
        let mut p = Params::new();
        // Z3 takes milliseconds; u32::MAX means none.
        let ms = self.timeout.map_or(u32::MAX, |t| {
            t.as_millis().clamp(1, u32::MAX as u128 - 1) as u32
        });
        p.set_u32("timeout", ms);
        self.solver.set_params(&p);
    }
}
