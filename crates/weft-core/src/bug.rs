//! Bugs: what a finding says, independent of how it is rendered.

use crate::{Loc, Tid};
use serde::{Deserialize, Serialize};

/// The class of a finding. The string forms are part of the JSON schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BugKind {
    /// A failed `assert` or a call to `reach_error`.
    Assertion,
    /// Every live thread is blocked.
    Deadlock,
    /// Two unordered conflicting accesses, at least one non-atomic.
    DataRace,
    /// Null dereference, out-of-bounds, use-after-free, bad free, uninitialised
    /// read that decides control flow, stack overflow.
    Memory,
    /// Misuse of the pthread API.
    PthreadMisuse,
    /// An atomicity violation.
    Atomicity,
    /// `abort()` was called.
    Abort,
    /// Other undefined behaviour: division by zero, `unreachable` executed.
    UndefinedBehavior,
    /// An outcome reachable under TSO/PSO that no SC execution produces
    /// (`--check-robustness`).
    Robustness,
}

impl BugKind {
    /// Every kind, in declaration order.
    pub const ALL: [BugKind; 9] = [
        BugKind::Assertion,
        BugKind::Deadlock,
        BugKind::DataRace,
        BugKind::Memory,
        BugKind::PthreadMisuse,
        BugKind::Atomicity,
        BugKind::Abort,
        BugKind::UndefinedBehavior,
        BugKind::Robustness,
    ];

    /// The kind named `s` (as [`BugKind::as_str`] spells it).
    pub fn parse(s: &str) -> Option<BugKind> {
        BugKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            BugKind::Assertion => "assertion",
            BugKind::Deadlock => "deadlock",
            BugKind::DataRace => "data-race",
            BugKind::Memory => "memory",
            BugKind::PthreadMisuse => "pthread-misuse",
            BugKind::Atomicity => "atomicity",
            BugKind::Abort => "abort",
            BugKind::UndefinedBehavior => "undefined-behavior",
            BugKind::Robustness => "robustness",
        }
    }
}

impl std::fmt::Display for BugKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding, as the Machine saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bug {
    pub kind: BugKind,
    pub message: String,
    /// Where the faulting operation is.
    pub loc: Loc,
    /// The thread that performed it.
    pub tid: Tid,
    /// Extra lines, e.g. what each thread of a deadlock waits for.
    pub details: Vec<String>,
    /// The other event involved (the first access of a data race).
    pub related: Option<Box<crate::Event>>,
    /// The second access of a data race when it is not the execution's
    /// last event: a plain access run as a local step after it (see
    /// `System::local_accesses`).
    pub local: Option<Box<crate::Event>>,
}

impl Bug {
    pub fn new(kind: BugKind, message: impl Into<String>, tid: Tid, loc: Loc) -> Bug {
        Bug {
            kind,
            message: message.into(),
            loc,
            tid,
            details: Vec::new(),
            related: None,
            local: None,
        }
    }
}
