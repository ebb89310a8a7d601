//! Symbolic bit-vector expressions and the Z3 solver layer of weft.
//!
//! This crate sits beside the pipeline: the interpreter (`weft-exec`) holds [`Expr`] handles
//! in its values when an input is symbolic, and asks a [`Solver`] whenever it must decide
//! something (a branch, an assertion, a memory access, a division, an assume). Concrete
//! computations never reach it: every constructor folds constants, so an expression whose
//! inputs are all constants is a constant node, and an interpreter that keeps concrete values
//! unboxed pays nothing.
//!
//! Modules:
//! - [`expr`]: the hash-consed DAG ([`Smt`], [`Expr`], [`Var`]);
//! - [`builder`]: the simplifying constructors (methods of [`Smt`]);
//! - [`ops`]: the concrete semantics of every operator (SMT-LIB's, which refine LLVM's);
//! - [`eval`]: evaluation under an [`Assignment`];
//! - [`dag`]: serialisable copies of expression cones (trace files);
//! - [`solver`]: queries, constraint independence, the counterexample cache, incremental
//!   solving along a path and the Z3 back end.
//!
//! Intended use: one [`Smt`] pool per exploration (per worker thread), living as long as it
//! (nodes are never freed), and one [`Solver`] per pool. A state's path constraint is a plain
//! list of width-1 [`Expr`]s that the caller owns and snapshots as it likes; the solver
//! follows it incrementally from query to query. [`Smt::fingerprint`] hashes a term
//! independently of build order (for hash-based cutoffs), [`Smt::substitute`] rewrites terms
//! (KLEE's equality rewriting, concretisation), and [`Smt::eval`] replays a model.
//!
//! The design follows KLEE's solver chain as POR-SE uses it (the paper builds on KLEE):
//! expression simplification on construction, then independence slicing, then a
//! counterexample cache, then the SMT solver. Deviations are noted in each module.
//!
//! ```
//! use weft_smt::{Smt, Solver, Query, Answer};
//! let mut smt = Smt::new();
//! let x = smt.var(8, "x", "x = __VERIFIER_nondet_uchar() at t.c:3");
//! let three = smt.constant(8, 3);
//! let seven = smt.constant(8, 7);
//! let prod = smt.mul(three, x);
//! let goal = smt.eq(prod, seven);
//! let mut solver = Solver::new(Default::default());
//! match solver.check(&smt, &Query { constraints: &[], expr: goal }) {
//!     Answer::Sat(model) => assert_eq!(smt.eval(goal, &model), 1),
//!     other => panic!("{other:?}"),
//! }
//! ```

pub mod builder;
pub mod dag;
pub mod eval;
pub mod expr;
pub mod ops;
pub mod solver;

pub use dag::{Dag, DagNode, DagWriter};
pub use eval::Assignment;
pub use expr::{BinOp, Expr, Node, Op, Smt, Var, VarInfo};
pub use solver::{Answer, Query, Solver, SolverOptions, SolverStats, Unknown};
