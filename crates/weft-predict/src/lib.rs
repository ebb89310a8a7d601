//! Predictive analysis of three-access atomicity violations from one
//! recorded execution (`weft predict`), after Wang, Limaye, Ganai and
//! Gupta, "Trace-Based Symbolic Analysis for Atomicity Violations"
//! (TACAS 2010; the tool there is called Fusion).
//!
//! The pipeline, one module each:
//! - [`trace`]: the *concurrent trace program* (CTP) of a recorded
//!   execution: its events with their roles (memory access, lock, unlock,
//!   spawn, join, ordered synchronisation), the symbolic values they read
//!   and write, the guards (path conditions) under which each executes as
//!   recorded, and the transactions. Serialisable (`weft predict --trace`).
//! - [`candidates`]: the potential violations (PAV, section 3): triples
//!   `(t_c, t_r, t_c')` of consecutive accesses of a transaction and a
//!   conflicting access of another thread, pruned by must-happen-before.
//! - [`encode`]: the formula of section 4 with the erroneous-prefix
//!   relaxation of section 5, one per candidate, decided by Z3 through
//!   `weft-smt`; a model gives a schedule.
//! - [`enumerate`]: ground truth for tests: the violations that some
//!   interleaving of the recorded events exhibits, by enumeration.
//! - [`confirm`]: replays a schedule through any [`weft_core::System`] and
//!   checks that the events are those of the trace, in the predicted
//!   order. Only confirmed violations are reported.
//!
//! The crate sees events through `weft-core` only: recording (the Machine's
//! concolic mode) and reporting are the CLI's job.

pub mod candidates;
pub mod confirm;
pub mod encode;
pub mod enumerate;
pub mod trace;

pub use candidates::{Candidate, Transaction, TxSource};
pub use confirm::{replay, Replayed};
pub use encode::{Decision, Encoder};
pub use trace::{PAccess, PEvent, PSync, PredictTrace, PREDICT_FORMAT};

#[cfg(test)]
mod tests;
