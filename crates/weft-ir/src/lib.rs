//! weft's own intermediate representation and the lowering from LLVM.
//!
//! The interpreter never touches `llvm-ir` structures: [`lower::load`] reads a
//! bitcode file once and produces a [`Module`] in which
//! - every operand is resolved to a register index or an immediate,
//! - type sizes, field offsets and GEP scales are precomputed for the x86-64
//!   data layout,
//! - globals and functions already have their final addresses (see [`addr`]),
//! - every instruction has a source location.
//!
//! Invariants: registers of a function are numbered `0..nregs`, parameters
//! first; each block's instructions end with exactly one terminator; phi
//! nodes live in [`Block::phis`], not in the instruction stream.

pub mod addr;
mod ir;
pub mod lower;
mod ty;

pub use ir::*;
pub use lower::{load, LowerError};
pub use ty::{DataModel, Layout, Shape, Ty};
