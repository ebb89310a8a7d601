//! The shared vocabulary between the Machine (`weft-exec`) and the explorers
//! (`weft-explore`): thread ids, events, source locations, bugs, and the
//! [`System`] trait through which an explorer drives one execution.
//!
//! Explorers never see LLVM. Everything they need to decide who runs next is
//! here.

mod bug;
mod event;
mod system;

pub use bug::{Bug, BugKind};
pub use event::{Access, Event, EventKind, Fences, Loc, Order, SourceMap, SyncObj, Tid, Wakeup};
pub use system::{
    resident_bytes, BlockReason, Deadline, Input, LimitKind, MemoryModel, Output, Status, Stream,
    System,
};
