//! The concurrent trace program of one recorded execution (the paper's
//! CTP, section 2), in a serialisable form.
//!
//! Owns [`PredictTrace`], [`PEvent`] and the mapping from a
//! [`weft_core::Event`] to its roles ([`roles`]) and to its signature
//! ([`signature`], what a replay compares to decide that it executed the
//! same event).
//!
//! Each event's action is the paper's guarded assignment: its `guards`
//! (width-1 expressions over read variables of earlier events of its
//! thread, including conditions its own execution decided, such as a
//! compare-exchange's success) must hold for it to execute as recorded;
//! its `read` is a fresh variable (the paper's pi-variable), its `write`
//! an expression over its thread's earlier read variables. Expressions
//! live in `dag`. Deviation: synchronisation is not modelled with
//! auxiliary shared variables but by roles that the encoder turns into
//! order constraints directly (mutual exclusion for mutexes, a fixed order
//! for the other objects).

use serde::{Deserialize, Serialize};
use weft_core::{Event, EventKind};
use weft_smt::Dag;

/// The `format` field of the trace files this version writes.
pub const PREDICT_FORMAT: &str = "weft-predict-trace/1";

/// One recorded execution, ready for the analysis.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PredictTrace {
    /// Always [`PREDICT_FORMAT`].
    pub format: String,
    /// The program file as given on the command line.
    pub program: String,
    /// The program's hash (see witnesses), so a replay can check it.
    pub program_hash: String,
    pub clang_args: Vec<String>,
    /// `threads[i]`: canonical name of thread `i`.
    pub threads: Vec<String>,
    /// In execution order.
    pub events: Vec<PEvent>,
    /// The expressions events refer to.
    pub dag: Dag,
    /// `(node, value)`: the value each read variable had in the recording
    /// (hexadecimal).
    pub model: Vec<(u32, String)>,
    /// Transaction markers.
    pub marks: Vec<PMark>,
    /// The thread whose code after its last event ended the recorded
    /// execution (a failed assertion, a blocked assume, a bound), if any:
    /// a reordering must not run that code before `t_c'`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_by: Option<u32>,
    /// The bound that cut the recorded execution short (`max-steps`,
    /// `timeout`...), if one did: its events are only a prefix, and a
    /// result without violations is incomplete.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut: Option<String>,
}

/// A transaction marker: `tid` began (ended) a transaction when it had
/// executed `index` events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PMark {
    pub tid: u32,
    pub index: u32,
    pub begin: bool,
}

/// A memory access: the byte range and what the event does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PAccess {
    pub addr: u64,
    pub size: u64,
    pub read: bool,
    pub write: bool,
}

impl PAccess {
    pub fn overlaps(&self, o: &PAccess) -> bool {
        self.addr < o.addr + o.size && o.addr < self.addr + self.size
    }
}

/// What an event does to synchronisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "lowercase")]
pub enum PSync {
    /// Acquires mutex `obj`.
    Lock { obj: u64 },
    /// Releases mutex `obj`.
    Unlock { obj: u64 },
    /// Any other operation on `obj` (condition variable, semaphore,
    /// barrier, read-write lock, a trylock, a stream, the clock): all such
    /// events of one object keep their recorded order.
    Ordered { obj: u64 },
    /// Initialises `obj`: before every other event on it.
    Init { obj: u64 },
    /// Destroys `obj`: after every other event on it.
    Destroy { obj: u64 },
    /// Creates thread `child`: before its first event.
    Spawn { child: u32 },
    /// Waits for thread `child`: after its exit.
    Join { child: u32 },
    /// The thread ends.
    Exit,
}

/// One event of the recorded execution.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PEvent {
    pub tid: u32,
    /// Position among the thread's events, from 0.
    pub index: u32,
    /// The alternative the recording took (which waiter a signal woke...).
    pub alt: u32,
    /// `file:line`.
    pub loc: String,
    /// A short description (`read x`, `lock m`).
    pub what: String,
    /// What a replay compares (see [`signature`]).
    pub sig: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access: Option<PAccess>,
    /// Node of the variable the read returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read: Option<u32>,
    /// Node of the value written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write: Option<u32>,
    /// For a write: the bytes' value just before it (hexadecimal), the
    /// initial value if it is the first access to them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<String>,
    /// The reads and writes are all modelled symbolically; otherwise the
    /// accesses to these bytes keep their recorded order.
    pub exact: bool,
    /// Nodes (width 1) that must hold for the event to execute as recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guards: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sync: Vec<PSync>,
    /// The event ends the program (`exit`, `main` returning).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ends_program: bool,
}

impl PEvent {
    /// `R`, `W` (a write, or a read-modify-write) or `None`.
    pub fn rw(&self) -> Option<char> {
        let a = self.access?;
        Some(if a.write { 'W' } else { 'R' })
    }
}

/// The variant name of an event kind (`Load`, `Lock`...).
fn kind_name(kind: &EventKind) -> String {
    let dbg = format!("{kind:?}");
    dbg.split([' ', '{', '(']).next().unwrap_or("").to_string()
}

/// What a replay must see to take an event for the recorded one: its
/// kind, the bytes or object it touches, and its source line.
pub fn signature(ev: &Event) -> String {
    let (access, sync, _) = roles(ev);
    let at = match (access, sync.first()) {
        (Some(a), _) => format!("{:#x}+{}", a.addr, a.size),
        (None, Some(PSync::Lock { obj }))
        | (None, Some(PSync::Unlock { obj }))
        | (None, Some(PSync::Ordered { obj }))
        | (None, Some(PSync::Init { obj }))
        | (None, Some(PSync::Destroy { obj })) => format!("{obj:#x}"),
        (None, Some(PSync::Spawn { child })) | (None, Some(PSync::Join { child })) => {
            format!("t{child}")
        }
        _ => String::new(),
    };
    format!(
        "{}@{at}:{}:{}",
        kind_name(&ev.kind),
        ev.loc.file,
        ev.loc.line
    )
}

/// The memory access, synchronisation roles and program end of `ev`.
pub fn roles(ev: &Event) -> (Option<PAccess>, Vec<PSync>, bool) {
    use EventKind as K;
    let acc = |addr: u64, size: u64, read, write| PAccess {
        addr,
        size,
        read,
        write,
    };
    let mut sync = Vec::new();
    let mut access = None;
    let mut ends = false;
    match ev.kind {
        K::Load { addr, size, .. } => access = Some(acc(addr, size as u64, true, false)),
        K::Store { addr, size, .. } | K::Update { addr, size, .. } => {
            access = Some(acc(addr, size as u64, false, true))
        }
        K::Rmw { addr, size, .. } => access = Some(acc(addr, size as u64, true, true)),
        K::CmpXchg { addr, size, ok, .. } => access = Some(acc(addr, size as u64, true, ok)),
        K::MemOp {
            read,
            write,
            stream,
            ..
        } => {
            let (lo, hi, r, w) = match (read, write) {
                (Some((a, b)), Some((c, d))) => (a.min(c), (a + b).max(c + d), true, true),
                (Some((a, b)), None) => (a, a + b, true, false),
                (None, Some((c, d))) => (c, c + d, false, true),
                (None, None) => (0, 0, false, false),
            };
            if hi > lo {
                access = Some(acc(lo, hi - lo, r, w));
            }
            if let Some(s) = stream {
                sync.push(PSync::Ordered { obj: s });
            }
        }
        K::Free { addr, size } => access = Some(acc(addr, size.max(1), false, true)),
        K::Lock { mutex } => sync.push(PSync::Lock { obj: mutex }),
        K::Unlock { mutex } => sync.push(PSync::Unlock { obj: mutex }),
        K::TryLock { mutex, .. } => sync.push(PSync::Ordered { obj: mutex }),
        K::MutexInit { mutex } => sync.push(PSync::Init { obj: mutex }),
        K::MutexDestroy { mutex } => sync.push(PSync::Destroy { obj: mutex }),
        K::CondWait { cond, mutex } => {
            sync.push(PSync::Unlock { obj: mutex });
            sync.push(PSync::Ordered { obj: cond });
        }
        K::CondWake { cond, mutex, .. } => {
            sync.push(PSync::Lock { obj: mutex });
            sync.push(PSync::Ordered { obj: cond });
        }
        K::Signal { cond, .. } | K::Broadcast { cond, .. } => {
            sync.push(PSync::Ordered { obj: cond })
        }
        K::CondInit { cond } => sync.push(PSync::Init { obj: cond }),
        K::CondDestroy { cond } => sync.push(PSync::Destroy { obj: cond }),
        K::RwLock { rw, .. } | K::RwTryLock { rw, .. } | K::RwUnlock { rw, .. } => {
            sync.push(PSync::Ordered { obj: rw })
        }
        K::RwInit { rw } => sync.push(PSync::Init { obj: rw }),
        K::RwDestroy { rw } => sync.push(PSync::Destroy { obj: rw }),
        K::SemWait { sem, .. }
        | K::SemWake { sem, .. }
        | K::SemPost { sem, .. }
        | K::SemTryWait { sem, .. }
        | K::SemTimeout { sem }
        | K::SemValue { sem } => sync.push(PSync::Ordered { obj: sem }),
        K::SemInit { sem } => sync.push(PSync::Init { obj: sem }),
        K::SemDestroy { sem } => sync.push(PSync::Destroy { obj: sem }),
        K::BarrierWait { bar, .. } | K::BarrierLeave { bar, .. } => {
            sync.push(PSync::Ordered { obj: bar })
        }
        K::BarrierInit { bar } => sync.push(PSync::Init { obj: bar }),
        K::BarrierDestroy { bar } => sync.push(PSync::Destroy { obj: bar }),
        K::Spawn { child } => sync.push(PSync::Spawn { child }),
        K::Join { child } => sync.push(PSync::Join { child }),
        K::Exit => {
            sync.push(PSync::Exit);
            ends = ev.tid == 0;
        }
        K::ProcessExit { .. } => ends = true,
        K::Sleep { clock, .. } | K::ClockRead { clock, .. } => {
            sync.push(PSync::Ordered { obj: clock })
        }
        K::Detach { .. }
        | K::Fence
        | K::Yield
        | K::Choice { .. }
        | K::Fork { .. }
        | K::AtomicBegin { .. }
        | K::AtomicEnd { .. } => {}
    }
    (access, sync, ends)
}

/// The position of each event, by `(thread, index)`.
pub fn positions(events: &[PEvent]) -> rustc_hash::FxHashMap<(u32, u32), usize> {
    events
        .iter()
        .enumerate()
        .map(|(i, e)| ((e.tid, e.index), i))
        .collect()
}

impl PredictTrace {
    /// Checks what the analysis relies on: events of a thread numbered
    /// 0, 1, ... in order; node references inside the dag; known threads.
    pub fn validate(&self) -> Result<(), String> {
        if self.format != PREDICT_FORMAT {
            return Err(format!(
                "format `{}` (this weft reads {PREDICT_FORMAT})",
                self.format
            ));
        }
        let nodes = self.dag.nodes.len() as u32;
        let mut next = vec![0u32; self.threads.len()];
        for (i, e) in self.events.iter().enumerate() {
            let t = e.tid as usize;
            if t >= next.len() {
                return Err(format!("event {i}: unknown thread {t}"));
            }
            if e.index != next[t] {
                return Err(format!(
                    "event {i}: thread {t}'s event {} comes where {} was due",
                    e.index, next[t]
                ));
            }
            next[t] += 1;
            let refs = e.read.iter().chain(&e.write).chain(&e.guards);
            if let Some(n) = refs.into_iter().find(|&&n| n >= nodes) {
                return Err(format!("event {i}: node {n} is not in the dag"));
            }
            for s in &e.sync {
                if let PSync::Spawn { child } | PSync::Join { child } = s {
                    if *child as usize >= self.threads.len() {
                        return Err(format!("event {i}: unknown thread {child}"));
                    }
                }
            }
        }
        if let Some(&(n, _)) = self.model.iter().find(|(n, _)| *n >= nodes) {
            return Err(format!("model: node {n} is not in the dag"));
        }
        Ok(())
    }
}
