//! The Machine: weft's interpreter.
//!
//! [`Machine`] runs one thread at a time until that thread's next *visible
//! operation* (an access to shared memory, a fence, a pthread call, thread
//! exit) and reports it as a pending [`weft_core::Event`]. It implements
//! [`weft_core::System`]; the explorers decide which thread runs next.
//!
//! - `memory`: objects with provenance, bounds, liveness, escape tracking.
//! - `interp`: the instruction semantics.
//! - `arith`: pure integer/float arithmetic.
//! - `runtime`: one table entry per modelled external function.
//! - `sync`: mutex and condition-variable state.
//! - `sym`: symbolic inputs: path constraint, forks, concretisation.
//! - `concolic`: concolic recording of one execution (`weft predict`).
//! - `spin`: spin-loop detection (`liveness`: which registers it hashes).

mod arith;
mod buffer;
mod concolic;
mod cow;
mod fingerprint;
mod interp;
mod liveness;
mod machine;
pub mod memory;
mod program;
mod runtime;
mod section;
mod seglog;
mod spin;
mod sym;
mod sync;
mod thread;
mod value;

pub use concolic::{ConcolicRecord, Mark, RecordedStep};
pub use machine::{default_max_memory, Limits, Machine, Nondet, ThreadNames};
pub use program::{describe_event, Program, ProgramError};
pub use runtime::table_markdown as supported_functions_table;
pub use sym::{GivenInputs, SharedPool, StatsSink};
pub use value::Value;
