//! Queries and the solver chain: constant answers, independence slicing, the counterexample
//! cache, and an incremental back end (Z3).
//!
//! Owns [`Solver`], [`Query`], [`Answer`], [`SolverOptions`], [`SolverStats`] and the
//! [`Backend`] trait that Z3 implements ([`Z3Backend`]).
//!
//! A query asks whether `path constraints ∧ expr` is satisfiable. The chain, as in KLEE:
//! 1. **Constants**: an `expr` that folded to a constant, or a constant path constraint,
//!    answers without looking further.
//! 2. **Independence** (KLEE's `IndependentSolver`): only the path constraints that share
//!    variables, transitively, with the expression are kept. Variables are grouped with a
//!    union-find over each constraint's variables, rebuilt per query.
//! 3. **Counterexample cache** ([`cex`]): exact hits, unsat subsets, remembered models.
//! 4. **The back end**, incrementally: the solver keeps a stack of the constraints asserted so
//!    far, one push level each. A query pops the levels whose constraint is no longer on the
//!    caller's path (an explorer that backtracked) and pushes the needed constraints that are
//!    missing, then checks the expression in a temporary level. Extending a path by one
//!    branch asserts one constraint. There is no explicit push/pop API: the path constraint
//!    the caller passes *is* the state, so snapshots and backtracking need nothing more.
//!    Z3's incremental core does no preprocessing and can be two orders of magnitude slower
//!    than its one-shot tactic on wide multiplications and divisions, so an incremental check
//!    gets a budget ([`SolverOptions::incremental_budget`]); over it, the query is solved
//!    again from scratch by a fresh one-shot Z3 solver within the full timeout (counted in
//!    [`SolverStats::solver_fallbacks`]). Queries with wide multiplication or division go
//!    one-shot directly ([`SolverOptions::one_shot_arith_width`]): Z3 bit-blasts them on
//!    assertion, where no timeout fires. With `incremental: false` every query is one-shot,
//!    as in KLEE.
//!
//! Precondition, as in KLEE: the path constraints of a query are satisfiable together (they
//! are, for any path reached by checking each branch). Independence relies on it, and so does
//! keeping an earlier query's constraints on the stack: constraints of the path that share no
//! variable with the query cannot change its answer.
//!
//! Models ([`Answer::Sat`]) assign the variables of the sliced query (and of the expressions
//! in focus, see [`Solver::check_focus`]); other variables are absent and read as 0.
//!
//! Deviations from KLEE/POR-SE: incremental solving with a one-shot fallback (KLEE creates a
//! solver per query), no equality substitution in the path constraint (KLEE's
//! `ConstraintManager` rewrites `x == c` into the other constraints; here the caller can, with
//! [`Smt::substitute`]), no unsat cores (unsat sets are whole sliced queries), no
//! cache eviction, a bounded number of remembered models tried per query, and a timeout is an
//! [`Answer::Unknown`] the caller must handle (KLEE terminates the state).

pub mod cex;
pub mod z3_backend;

use crate::eval::Assignment;
use crate::expr::{Expr, Smt, Var};
use cex::{CexCache, CexHit};
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;
use std::time::{Duration, Instant};
pub use z3_backend::Z3Backend;

/// Is `constraints ∧ expr` satisfiable? `expr` and every constraint have width 1.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a> {
    /// The path constraint: a conjunction, satisfiable on its own.
    pub constraints: &'a [Expr],
    /// The expression to decide.
    pub expr: Expr,
}

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Satisfiable, with values for the query's variables.
    Sat(Assignment),
    /// Unsatisfiable.
    Unsat,
    /// The back end gave up (timeout).
    Unknown,
}

/// The back end gave up on a query (a timeout): the caller decides what that means (KLEE
/// terminates the state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unknown;

impl std::fmt::Display for Unknown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the SMT solver gave up (timeout)")
    }
}

impl std::error::Error for Unknown {}

/// What a solver back end does: an assertion stack and a check.
pub trait Backend {
    /// Opens an assertion level.
    fn push(&mut self);
    /// Closes the `n` innermost levels and their assertions.
    fn pop(&mut self, n: u32);
    /// Drops every level and assertion.
    fn reset(&mut self);
    /// Asserts the width-1 `c` at the current level.
    fn assert(&mut self, smt: &Smt, c: Expr);
    /// Checks the assertions and `q` together (`q` is not kept); on sat, values for `vars`.
    /// Gives up (`Unknown`) after the incremental budget.
    fn check(&mut self, smt: &Smt, q: Expr, vars: &[Var]) -> Answer;
    /// Decides `constraints ∧ q` from scratch, apart from the assertion stack, within the
    /// full timeout.
    fn check_fresh(&mut self, smt: &Smt, constraints: &[Expr], q: Expr, vars: &[Var]) -> Answer;
    /// Limits each fresh check to `timeout` and each incremental check to `incremental`.
    fn set_timeout(&mut self, timeout: Option<Duration>, incremental: Option<Duration>);
}

/// Options of a [`Solver`]; each stage of the chain can be turned off (for measurements and
/// tests).
#[derive(Clone, Debug)]
pub struct SolverOptions {
    /// Per-query limit for the back end; `None` for no limit.
    pub timeout: Option<Duration>,
    /// Send only the constraints that share variables with the query.
    pub independence: bool,
    /// Use the counterexample cache.
    pub cex_cache: bool,
    /// How many remembered models the cache tries on a query.
    pub cex_try_limit: usize,
    /// Keep constraints asserted between queries (push/pop); otherwise every query is
    /// solved from scratch (as KLEE does).
    pub incremental: bool,
    /// How long an incremental check may take before the query is solved again from
    /// scratch (within `timeout`). Z3's incremental core does no preprocessing, and is much
    /// slower than its one-shot tactic on wide multiplications and divisions (64-bit
    /// divisions of constants: ~100 ms against ~1 ms).
    pub incremental_budget: Option<Duration>,
    /// Queries that multiply, divide or take a remainder of values at least this wide are
    /// solved one-shot even in incremental mode: Z3 bit-blasts them when they are asserted,
    /// before any timeout can fire (a 128-bit division of fixed operands takes seconds
    /// there, and 32-bit ones ten times longer than one-shot). `None`: never.
    pub one_shot_arith_width: Option<u32>,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            timeout: Some(Duration::from_secs(10)),
            independence: true,
            cex_cache: true,
            cex_try_limit: 16,
            incremental: true,
            incremental_budget: Some(Duration::from_millis(50)),
            one_shot_arith_width: Some(32),
        }
    }
}

/// Counters of a [`Solver`], for the CLI's statistics.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SolverStats {
    /// Queries asked (each convenience call asks one or two).
    pub queries: u64,
    /// Answered because the expression or a constraint is a constant.
    pub answered_constant: u64,
    /// Answered by an exact hit of the counterexample cache.
    pub answered_cex_exact: u64,
    /// Answered unsat by an unsat subset in the cache.
    pub answered_cex_unsat_subset: u64,
    /// Answered sat by a remembered model.
    pub answered_cex_model: u64,
    /// Queries sent to the back end.
    pub solver_queries: u64,
    /// Of those, answered sat.
    pub solver_sat: u64,
    /// Of those, answered unsat.
    pub solver_unsat: u64,
    /// Of those, given up on (timeout).
    pub solver_unknown: u64,
    /// Incremental checks over budget, solved again from scratch.
    pub solver_fallbacks: u64,
    /// Queries solved one-shot (from scratch): all of them when not incremental, those with
    /// wide arithmetic, and the fallbacks.
    pub solver_one_shot: u64,
    /// Seconds spent in the back end (asserting and checking).
    pub solver_time_s: f64,
    /// Seconds spent answering queries, the back end included.
    pub total_time_s: f64,
    /// Path constraints left out of queries by independence.
    pub constraints_sliced_away: u64,
    /// Constraints asserted in the back end.
    pub constraints_asserted: u64,
    /// Assertion levels opened and closed in the back end for path constraints.
    pub pushes: u64,
    pub pops: u64,
    /// Entries of the counterexample cache.
    pub cex_entries: u64,
}

impl SolverStats {
    /// Adds the counters of another solver (one per worker of a split run).
    pub fn add(&mut self, o: &SolverStats) {
        self.queries += o.queries;
        self.answered_constant += o.answered_constant;
        self.answered_cex_exact += o.answered_cex_exact;
        self.answered_cex_unsat_subset += o.answered_cex_unsat_subset;
        self.answered_cex_model += o.answered_cex_model;
        self.solver_queries += o.solver_queries;
        self.solver_sat += o.solver_sat;
        self.solver_unsat += o.solver_unsat;
        self.solver_unknown += o.solver_unknown;
        self.solver_fallbacks += o.solver_fallbacks;
        self.solver_one_shot += o.solver_one_shot;
        self.solver_time_s += o.solver_time_s;
        self.total_time_s += o.total_time_s;
        self.constraints_sliced_away += o.constraints_sliced_away;
        self.constraints_asserted += o.constraints_asserted;
        self.pushes += o.pushes;
        self.pops += o.pops;
        self.cex_entries += o.cex_entries;
    }
}

/// The solver chain over a back end (Z3 by default). Use it with one [`Smt`] pool only: it
/// caches translations by node.
#[derive(Debug)]
pub struct Solver<B: Backend = Z3Backend> {
    backend: B,
    options: SolverOptions,
    stats: SolverStats,
    pool: Option<u64>,
    vars: FxHashMap<Expr, Box<[Var]>>,
    /// Whether a constraint's cone has wide arithmetic (see `one_shot_arith_width`).
    heavy: FxHashMap<Expr, bool>,
    /// The constraints asserted in the back end, one level each, outermost first.
    stack: Vec<Expr>,
    cex: CexCache,
}

impl Solver<Z3Backend> {
    /// A solver over Z3.
    pub fn new(options: SolverOptions) -> Self {
        Self::with_backend(Z3Backend::new(), options)
    }
}

/// A union-find over variable indices, for slicing.
struct Groups {
    parent: FxHashMap<Var, Var>,
}

impl Groups {
    fn find(&mut self, v: Var) -> Var {
        let mut r = v;
        while let Some(&p) = self.parent.get(&r) {
            if p == r {
                break;
            }
            r = p;
        }
        let mut x = v;
        while x != r {
            let p = self.parent[&x];
            self.parent.insert(x, r);
            x = p;
        }
        r
    }

    fn union(&mut self, a: Var, b: Var) {
        self.parent.entry(a).or_insert(a);
        self.parent.entry(b).or_insert(b);
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent.insert(ra.max(rb), ra.min(rb));
        }
    }
}

impl<B: Backend> Solver<B> {
    /// A solver over `backend`.
    pub fn with_backend(mut backend: B, options: SolverOptions) -> Self {
        backend.set_timeout(options.timeout, Self::budget(&options));
        Solver {
            backend,
            cex: CexCache::new(options.cex_try_limit),
            options,
            stats: SolverStats::default(),
            pool: None,
            vars: FxHashMap::default(),
            heavy: FxHashMap::default(),
            stack: Vec::new(),
        }
    }

    fn budget(options: &SolverOptions) -> Option<Duration> {
        match (options.timeout, options.incremental_budget) {
            (Some(t), Some(b)) => Some(t.min(b)),
            (t, b) => t.or(b),
        }
    }

    /// The counters so far.
    pub fn stats(&self) -> SolverStats {
        let mut s = self.stats.clone();
        s.cex_entries = self.cex.len() as u64;
        s
    }

    /// The options.
    pub fn options(&self) -> &SolverOptions {
        &self.options
    }

    /// Changes the per-query timeout.
    pub fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.options.timeout = timeout;
        self.backend
            .set_timeout(timeout, Self::budget(&self.options));
    }

    /// The constraints currently asserted in the back end, outermost first.
    pub fn asserted(&self) -> &[Expr] {
        &self.stack
    }

    /// Empties the back end's assertion stack (the caches stay).
    pub fn reset(&mut self) {
        self.backend.reset();
        self.stack.clear();
    }

    fn vars_of(&mut self, smt: &Smt, e: Expr) -> &[Var] {
        self.vars
            .entry(e)
            .or_insert_with(|| smt.vars_of(e).into_boxed_slice())
    }

    /// Whether any of `es` multiplies or divides wide values.
    fn is_heavy(&mut self, smt: &Smt, es: &[Expr]) -> bool {
        let Some(limit) = self.options.one_shot_arith_width else {
            return false;
        };
        es.iter().any(|&e| {
            *self.heavy.entry(e).or_insert_with(|| {
                smt.cone(&[e]).into_iter().any(|n| {
                    matches!(
                        smt.op(n),
                        crate::Op::Bin(
                            crate::BinOp::Mul
                                | crate::BinOp::UDiv
                                | crate::BinOp::SDiv
                                | crate::BinOp::URem
                                | crate::BinOp::SRem,
                            _,
                            _
                        )
                    ) && smt.width(n) >= limit
                })
            })
        })
    }

    /// Decides `q.constraints ∧ q.expr`.
    pub fn check(&mut self, smt: &Smt, q: &Query) -> Answer {
        self.check_focus(smt, q.constraints, &[], q.expr)
    }

    /// Decides `constraints ∧ expr`, slicing by the variables of `expr` and of `focus`; on sat
    /// the model also assigns the variables of `focus` (used to pick values of `focus` that
    /// are feasible on the path).
    pub fn check_focus(
        &mut self,
        smt: &Smt,
        constraints: &[Expr],
        focus: &[Expr],
        expr: Expr,
    ) -> Answer {
        let start = Instant::now();
        let answer = self.check_inner(smt, constraints, focus, expr);
        self.stats.total_time_s += start.elapsed().as_secs_f64();
        answer
    }

    fn check_inner(
        &mut self,
        smt: &Smt,
        constraints: &[Expr],
        focus: &[Expr],
        expr: Expr,
    ) -> Answer {
        match self.pool {
            None => self.pool = Some(smt.pool_id()),
            Some(id) => assert_eq!(id, smt.pool_id(), "a Solver serves one Smt pool"),
        }
        assert_eq!(smt.width(expr), 1, "a query decides a width-1 expression");
        self.stats.queries += 1;
        if smt.as_bool(expr) == Some(false)
            || constraints.iter().any(|&c| smt.as_bool(c) == Some(false))
        {
            self.stats.answered_constant += 1;
            return Answer::Unsat;
        }

        // Independence: the constraints connected to the query's variables.
        let mut roots: Vec<Expr> = focus.to_vec();
        roots.push(expr);
        let needed: Vec<Expr> = if self.options.independence {
            self.slice(smt, constraints, &roots)
        } else {
            let mut seen = FxHashSet::default();
            constraints
                .iter()
                .copied()
                .filter(|&c| smt.as_const(c).is_none() && seen.insert(c))
                .collect()
        };
        self.stats.constraints_sliced_away += constraints
            .iter()
            .filter(|&&c| smt.as_const(c).is_none())
            .count()
            .saturating_sub(needed.len()) as u64;

        let mut key: Vec<Expr> = needed.clone();
        if smt.as_bool(expr) != Some(true) {
            key.push(expr);
        }
        key.sort_unstable();
        key.dedup();
        let mut wanted: Vec<Var> = Vec::new();
        for &e in key.iter().chain(focus) {
            wanted.extend_from_slice(self.vars_of(smt, e));
        }
        wanted.sort_unstable();
        wanted.dedup();
        if key.is_empty() {
            self.stats.answered_constant += 1;
            return Answer::Sat(Assignment::new());
        }

        if self.options.cex_cache {
            if let Some(hit) = self.cex.lookup(smt, &key) {
                return match hit {
                    CexHit::Exact(m) => {
                        self.stats.answered_cex_exact += 1;
                        m.map_or(Answer::Unsat, |m| Answer::Sat(m.restrict(&wanted)))
                    }
                    CexHit::UnsatSubset => {
                        self.stats.answered_cex_unsat_subset += 1;
                        Answer::Unsat
                    }
                    CexHit::Model(m) => {
                        self.stats.answered_cex_model += 1;
                        Answer::Sat(m.restrict(&wanted))
                    }
                };
            }
        }

        let start = Instant::now();
        let mut answer = Answer::Unknown;
        if self.options.incremental && !self.is_heavy(smt, &key) {
            self.sync_stack(smt, constraints, &needed);
            answer = self.backend.check(smt, expr, &wanted);
            if answer == Answer::Unknown {
                self.stats.solver_fallbacks += 1;
            }
        }
        if answer == Answer::Unknown {
            self.stats.solver_one_shot += 1;
            self.stats.constraints_asserted += needed.len() as u64;
            answer = self.backend.check_fresh(smt, &needed, expr, &wanted);
        }
        self.stats.solver_time_s += start.elapsed().as_secs_f64();
        self.stats.solver_queries += 1;
        match &answer {
            Answer::Sat(m) => {
                self.stats.solver_sat += 1;
                if self.options.cex_cache {
                    self.cex.insert_sat(&key, m.clone());
                }
            }
            Answer::Unsat => {
                self.stats.solver_unsat += 1;
                if self.options.cex_cache {
                    self.cex.insert_unsat(&key);
                }
            }
            Answer::Unknown => self.stats.solver_unknown += 1,
        }
        answer
    }

    /// The non-constant constraints sharing variables, transitively, with `roots`, in path
    /// order, each once.
    fn slice(&mut self, smt: &Smt, constraints: &[Expr], roots: &[Expr]) -> Vec<Expr> {
        let mut groups = Groups {
            parent: FxHashMap::default(),
        };
        let mut cs: Vec<(Expr, Option<Var>)> = Vec::with_capacity(constraints.len());
        let mut seen = FxHashSet::default();
        for &c in constraints {
            if smt.as_const(c).is_some() || !seen.insert(c) {
                continue;
            }
            let vs = self.vars_of(smt, c);
            let first = vs.first().copied();
            if let Some(f) = first {
                for &v in &vs[1..] {
                    groups.union(f, v);
                }
                groups.parent.entry(f).or_insert(f);
            }
            cs.push((c, first));
        }
        let mut wanted_groups = FxHashSet::default();
        for &r in roots {
            for v in self.vars_of(smt, r).to_vec() {
                if groups.parent.contains_key(&v) {
                    wanted_groups.insert(groups.find(v));
                }
            }
        }
        cs.into_iter()
            .filter(|&(_, first)| first.is_some_and(|f| wanted_groups.contains(&groups.find(f))))
            .map(|(c, _)| c)
            .collect()
    }

    /// Makes the back end's assertions a superset of `needed` within `path`: pops the levels
    /// whose constraint left the path, then pushes the missing ones.
    fn sync_stack(&mut self, smt: &Smt, path: &[Expr], needed: &[Expr]) {
        let on_path: FxHashSet<Expr> = path.iter().copied().collect();
        let keep = self
            .stack
            .iter()
            .take_while(|c| on_path.contains(c))
            .count();
        let drop = self.stack.len() - keep;
        if drop > 0 {
            self.backend.pop(drop as u32);
            self.stack.truncate(keep);
            self.stats.pops += drop as u64;
        }
        let present: FxHashSet<Expr> = self.stack.iter().copied().collect();
        for &c in needed {
            if !present.contains(&c) {
                self.backend.push();
                self.backend.assert(smt, c);
                self.stack.push(c);
                self.stats.pushes += 1;
                self.stats.constraints_asserted += 1;
            }
        }
    }

    // ---- conveniences -------------------------------------------------------------------

    /// Can `e` be true on the path?
    pub fn may_be_true(&mut self, smt: &Smt, pc: &[Expr], e: Expr) -> Result<bool, Unknown> {
        match self.check_focus(smt, pc, &[], e) {
            Answer::Sat(_) => Ok(true),
            Answer::Unsat => Ok(false),
            Answer::Unknown => Err(Unknown),
        }
    }

    /// Can `e` be false on the path?
    pub fn may_be_false(&mut self, smt: &mut Smt, pc: &[Expr], e: Expr) -> Result<bool, Unknown> {
        let ne = smt.not(e);
        self.may_be_true(smt, pc, ne)
    }

    /// Is `e` true on every path through `pc`?
    pub fn must_be_true(&mut self, smt: &mut Smt, pc: &[Expr], e: Expr) -> Result<bool, Unknown> {
        Ok(!self.may_be_false(smt, pc, e)?)
    }

    /// For a branch on `cond`: whether the true side and the false side are feasible.
    pub fn both_feasible(
        &mut self,
        smt: &mut Smt,
        pc: &[Expr],
        cond: Expr,
    ) -> Result<(bool, bool), Unknown> {
        if let Some(b) = smt.as_bool(cond) {
            return Ok((b, !b));
        }
        let t = self.may_be_true(smt, pc, cond)?;
        let f = self.may_be_false(smt, pc, cond)?;
        Ok((t, f))
    }

    /// One value `e` can take on the path; `None` if the path is infeasible.
    pub fn get_value(&mut self, smt: &Smt, pc: &[Expr], e: Expr) -> Result<Option<u128>, Unknown> {
        if let Some(c) = smt.as_const(e) {
            return Ok(Some(c));
        }
        match self.check_focus(smt, pc, &[e], Expr::TRUE) {
            Answer::Sat(m) => Ok(Some(smt.eval(e, &m))),
            Answer::Unsat => Ok(None),
            Answer::Unknown => Err(Unknown),
        }
    }

    /// `Some(v)` if `e` can only be `v` on the path; `None` if it can take several values (or
    /// the path is infeasible).
    pub fn must_be_value(
        &mut self,
        smt: &mut Smt,
        pc: &[Expr],
        e: Expr,
    ) -> Result<Option<u128>, Unknown> {
        let Some(v) = self.get_value(smt, pc, e)? else {
            return Ok(None);
        };
        let c = smt.constant(smt.width(e), v);
        let other = smt.ne(c, e);
        Ok(if self.may_be_true(smt, pc, other)? {
            None
        } else {
            Some(v)
        })
    }
}

#[cfg(test)]
mod tests;
