//! Trace files (`weft check --trace FILE`): the executed events of one
//! execution with their happens-before, in a versioned JSON format that
//! other tools (predictive analyses, sharding) read back.
//!
//! The format is [`TRACE_FORMAT`]; README.md ("Trace files") documents it.
//! Threads are named canonically (`0`, `0.1`, `0.1/buf0`), as in
//! witnesses. Addresses and values are hexadecimal strings, so that no
//! JSON reader loses precision on 64- or 128-bit numbers.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use weft_core::{Event, EventKind, SourceMap, Tid};
use weft_explore::Finding;

/// The `format` field of every trace file this version writes.
pub const TRACE_FORMAT: &str = "weft-trace/1";

/// A whole trace file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TraceFile {
    /// Always [`TRACE_FORMAT`].
    pub format: String,
    /// The program file as given on the command line.
    pub program: String,
    /// The memory model of the execution: `sc`, `tso` or `pso`.
    pub mm: String,
    /// `bug`: the execution of the first reported bug; `first`: the first
    /// execution (when no bug was found).
    pub execution: String,
    /// The reported bug, for `execution: "bug"`.
    pub bug: Option<TraceBug>,
    /// `threads[i]` is the canonical name of the thread that reports and
    /// `action` texts call thread `i` (object names such as `obj1.2` are
    /// object 2 allocated by thread 1).
    pub threads: Vec<String>,
    pub events: Vec<TraceEvent>,
}

/// The bug a trace leads to.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TraceBug {
    pub kind: String,
    pub message: String,
    /// `file:line`, or `?`.
    pub location: String,
    /// Canonical name of the thread at fault.
    pub thread: String,
}

/// One executed event.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TraceEvent {
    /// Position in the execution, from 0.
    pub index: usize,
    /// Canonical name of the thread (or store buffer) that performed it.
    pub thread: String,
    /// Position among its thread's events, from 1.
    pub seq: u32,
    /// What the event did: `kind` and its fields.
    #[serde(flatten)]
    pub op: Op,
    /// The event as reports show it, e.g. `store counter = 1`.
    pub action: String,
    /// Source location `file:line`, or `?`.
    pub location: String,
    /// Happens-before through synchronisation (program order, thread
    /// create/join, mutexes, condition variables, atomics), by which data
    /// races are judged, as a vector clock: for each thread, how many of
    /// its events are ordered before this one or are it (zeros omitted).
    pub hb: BTreeMap<String, u32>,
    /// The immediate predecessors of this event in `hb` (indices).
    pub hb_preds: Vec<usize>,
    /// The Mazurkiewicz happens-before (every pair of dependent events
    /// ordered as executed), as a vector clock like `hb`.
    pub dep: BTreeMap<String, u32>,
}

/// A byte range of memory.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Mem {
    /// The address, hexadecimal (`0x…`).
    pub addr: String,
    /// The size in bytes.
    pub size: u64,
    /// The object and offset, as reports show it (`counter`, `obj1.0+8`).
    pub object: String,
}

/// A synchronisation object in memory (a mutex or condition variable).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Obj {
    pub addr: String,
    pub object: String,
}

/// What an event did. Values are the raw bits of the `size`-byte value,
/// hexadecimal.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Op {
    Load {
        mem: Mem,
        read: String,
        atomic: bool,
        /// The C11 memory order (`relaxed`, `acquire`, `release`,
        /// `acq-rel`, `seq-cst`) of an atomic access.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<String>,
    },
    Store {
        mem: Mem,
        written: String,
        atomic: bool,
        /// Under TSO/PSO: the store went into the thread's store buffer
        /// (it reaches memory with a later `update`).
        buffered: bool,
        /// The C11 memory order (`relaxed`, `acquire`, `release`,
        /// `acq-rel`, `seq-cst`) of an atomic access.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<String>,
    },
    /// A buffered store of thread `owner` reaches memory.
    Update {
        mem: Mem,
        written: String,
        atomic: bool,
        owner: String,
        /// The `seq` of the store in `owner`'s events.
        store_seq: u32,
    },
    Rmw {
        mem: Mem,
        read: String,
        written: String,
    },
    /// A compare-exchange (a successful one that wrote is an `rmw`).
    Cmpxchg {
        mem: Mem,
        read: String,
        ok: bool,
    },
    Fence,
    /// A library call on shared memory (`memcpy`, `memset`, ...) or on a
    /// shared `FILE` stream (`stream`, absent otherwise).
    MemOp {
        name: String,
        reads: Option<Mem>,
        writes: Option<Mem>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stream: Option<Obj>,
        /// Under TSO/PSO: an ordinary memory operation, no barrier, whose
        /// writes went into the thread's store buffer (absent otherwise).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        buffered: bool,
    },
    Free {
        mem: Mem,
    },
    Lock {
        mutex: Obj,
    },
    Trylock {
        mutex: Obj,
        acquired: bool,
    },
    Unlock {
        mutex: Obj,
    },
    MutexInit {
        mutex: Obj,
    },
    MutexDestroy {
        mutex: Obj,
    },
    CondWait {
        cond: Obj,
        mutex: Obj,
    },
    CondWake {
        cond: Obj,
        mutex: Obj,
        how: weft_core::Wakeup,
    },
    Signal {
        cond: Obj,
        woke: Option<String>,
    },
    Broadcast {
        cond: Obj,
        woke: u32,
    },
    CondInit {
        cond: Obj,
    },
    CondDestroy {
        cond: Obj,
    },
    RwLock {
        rwlock: Obj,
        write: bool,
    },
    RwTrylock {
        rwlock: Obj,
        write: bool,
        acquired: bool,
    },
    RwUnlock {
        rwlock: Obj,
        write: bool,
    },
    RwInit {
        rwlock: Obj,
    },
    RwDestroy {
        rwlock: Obj,
    },
    SemWait {
        sem: Obj,
        timed: bool,
        blocked: bool,
    },
    SemWake {
        sem: Obj,
        timed: bool,
    },
    SemPost {
        sem: Obj,
        woke: Option<String>,
    },
    SemTrywait {
        sem: Obj,
        ok: bool,
    },
    SemGetvalue {
        sem: Obj,
    },
    SemTimeout {
        sem: Obj,
    },
    SemInit {
        sem: Obj,
    },
    SemDestroy {
        sem: Obj,
    },
    BarrierWait {
        barrier: Obj,
        generation: u32,
        serial: bool,
    },
    BarrierLeave {
        barrier: Obj,
        generation: u32,
    },
    BarrierInit {
        barrier: Obj,
    },
    BarrierDestroy {
        barrier: Obj,
    },
    Spawn {
        child: String,
    },
    Join {
        child: String,
    },
    Detach {
        child: String,
    },
    Exit,
    ProcessExit {
        code: i32,
    },
    Yield,
    /// Advances the logical clock by `ns` nanoseconds.
    Sleep {
        ns: u64,
    },
    /// A reading of the logical clock, which moved it from `old` to `new`
    /// (nanoseconds).
    ClockRead {
        old: u64,
        new: u64,
    },
    /// A nondeterministic choice among `of` values, which chose `value`.
    Choice {
        of: u32,
        value: u32,
    },
    /// A branch on symbolic data with `of` sides, which took side `value`
    /// (for two sides, 0 is the true side).
    Fork {
        of: u32,
        value: u32,
    },
    AtomicBegin,
    AtomicEnd,
}

/// What the trace writer needs besides the finding.
pub struct TraceContext<'a> {
    pub program: String,
    pub mm: String,
    pub sources: &'a SourceMap,
    /// Renders one event's action, as reports do.
    pub describe: &'a dyn Fn(&Event) -> String,
    /// Renders an address as an object and offset, as reports do.
    pub describe_addr: &'a dyn Fn(u64) -> String,
    /// Canonical names by thread id (every thread of the trace has one).
    pub threads: Vec<String>,
}

impl TraceContext<'_> {
    /// The canonical name of thread `t`.
    fn thread_name(&self, t: Tid) -> String {
        self.threads
            .get(t as usize)
            .cloned()
            .unwrap_or_else(|| panic!("thread {t} is not in the thread table"))
    }
}

fn hex(v: u128) -> String {
    format!("{v:#x}")
}

impl TraceFile {
    /// The trace of `run`: a bug's execution when `is_bug`, else the first
    /// execution (whose `bug` is a placeholder).
    pub fn new(run: &Finding, is_bug: bool, cx: &TraceContext) -> TraceFile {
        let name = |t| cx.thread_name(t);
        let mut seqs: Vec<u32> = Vec::new();
        let mut at: BTreeMap<(Tid, u32), usize> = BTreeMap::new();
        let mut events = Vec::with_capacity(run.trace.len());
        for (index, e) in run.trace.iter().enumerate() {
            let t = e.tid as usize;
            if seqs.len() <= t {
                seqs.resize(t + 1, 0);
            }
            seqs[t] += 1;
            let seq = seqs[t];
            at.insert((e.tid, seq), index);
            let clocks = run.clocks.get(index);
            let clock = |c: &[u32]| -> BTreeMap<String, u32> {
                c.iter()
                    .enumerate()
                    .filter(|&(_, &n)| n > 0)
                    .map(|(t, &n)| (name(t as Tid), n))
                    .collect()
            };
            let hb_preds = clocks.map_or_else(Vec::new, |c| preds(&c.sync, e.tid, seq, &at, run));
            events.push(TraceEvent {
                index,
                thread: name(e.tid),
                seq,
                op: op(e, cx),
                action: (cx.describe)(e),
                location: cx.sources.render(e.loc),
                hb: clocks.map(|c| clock(&c.sync)).unwrap_or_default(),
                hb_preds,
                dep: clocks.map(|c| clock(&c.dep)).unwrap_or_default(),
            });
        }
        TraceFile {
            format: TRACE_FORMAT.to_string(),
            program: cx.program.clone(),
            mm: cx.mm.clone(),
            execution: if is_bug { "bug" } else { "first" }.to_string(),
            bug: is_bug.then(|| TraceBug {
                kind: run.bug.kind.as_str().to_string(),
                message: run.bug.message.clone(),
                location: cx.sources.render(run.bug.loc),
                thread: name(run.bug.tid),
            }),
            threads: cx.threads.clone(),
            events,
        }
    }
}

/// The immediate predecessors of event `(tid, seq)` with sync clock `c`:
/// the last event of each thread that `c` covers (the thread's own previous
/// event included), less those ordered before another of them.
fn preds(
    c: &[u32],
    tid: Tid,
    seq: u32,
    at: &BTreeMap<(Tid, u32), usize>,
    run: &Finding,
) -> Vec<usize> {
    let cands: Vec<(Tid, u32, usize)> = c
        .iter()
        .enumerate()
        .filter_map(|(t, &n)| {
            let n = if t as Tid == tid { seq - 1 } else { n };
            let &i = at.get(&(t as Tid, n))?;
            Some((t as Tid, n, i))
        })
        .collect();
    let mut out: Vec<usize> = cands
        .iter()
        .filter(|&&(t, n, i)| {
            !cands.iter().any(|&(_, _, j)| {
                j != i
                    && run
                        .clocks
                        .get(j)
                        .is_some_and(|cj| cj.sync.get(t as usize).is_some_and(|&m| m >= n))
            })
        })
        .map(|&(_, _, i)| i)
        .collect();
    out.sort_unstable();
    out
}

fn op(e: &Event, cx: &TraceContext) -> Op {
    use EventKind as K;
    let mem = |addr: u64, size: u64| Mem {
        addr: hex(addr as u128),
        size,
        object: (cx.describe_addr)(addr),
    };
    let obj = |addr: u64| Obj {
        addr: hex(addr as u128),
        object: (cx.describe_addr)(addr),
    };
    let name = |t| cx.thread_name(t);
    match e.kind {
        K::Load {
            addr,
            size,
            value,
            atomic,
            order,
            ..
        } => Op::Load {
            mem: mem(addr, size as u64),
            read: hex(value),
            atomic,
            order: atomic.then(|| order_name(order)),
        },
        K::Store {
            addr,
            size,
            value,
            atomic,
            buffered,
            order,
        } => Op::Store {
            mem: mem(addr, size as u64),
            written: hex(value),
            atomic,
            buffered,
            order: atomic.then(|| order_name(order)),
        },
        K::Update {
            addr,
            size,
            value,
            owner,
            store_seq,
            atomic,
        } => Op::Update {
            mem: mem(addr, size as u64),
            written: hex(value),
            atomic,
            owner: name(owner),
            store_seq,
        },
        K::Rmw {
            addr,
            size,
            old,
            new,
            ..
        } => Op::Rmw {
            mem: mem(addr, size as u64),
            read: hex(old),
            written: hex(new),
        },
        K::CmpXchg {
            addr,
            size,
            old,
            ok,
            ..
        } => Op::Cmpxchg {
            mem: mem(addr, size as u64),
            read: hex(old),
            ok,
        },
        K::Fence => Op::Fence,
        K::MemOp {
            name,
            read,
            write,
            stream,
            buffered,
        } => Op::MemOp {
            name: name.to_string(),
            reads: read.map(|(a, n)| mem(a, n)),
            writes: write.map(|(a, n)| mem(a, n)),
            stream: stream.map(obj),
            buffered,
        },
        K::Free { addr, size } => Op::Free {
            mem: mem(addr, size),
        },
        K::Lock { mutex } => Op::Lock { mutex: obj(mutex) },
        K::TryLock { mutex, acquired } => Op::Trylock {
            mutex: obj(mutex),
            acquired,
        },
        K::Unlock { mutex } => Op::Unlock { mutex: obj(mutex) },
        K::MutexInit { mutex } => Op::MutexInit { mutex: obj(mutex) },
        K::MutexDestroy { mutex } => Op::MutexDestroy { mutex: obj(mutex) },
        K::CondWait { cond, mutex } => Op::CondWait {
            cond: obj(cond),
            mutex: obj(mutex),
        },
        K::CondWake { cond, mutex, how } => Op::CondWake {
            cond: obj(cond),
            mutex: obj(mutex),
            how,
        },
        K::Signal { cond, woke } => Op::Signal {
            cond: obj(cond),
            woke: woke.map(name),
        },
        K::Broadcast { cond, woke } => Op::Broadcast {
            cond: obj(cond),
            woke,
        },
        K::CondInit { cond } => Op::CondInit { cond: obj(cond) },
        K::CondDestroy { cond } => Op::CondDestroy { cond: obj(cond) },
        K::RwLock { rw, write } => Op::RwLock {
            rwlock: obj(rw),
            write,
        },
        K::RwTryLock {
            rw,
            write,
            acquired,
        } => Op::RwTrylock {
            rwlock: obj(rw),
            write,
            acquired,
        },
        K::RwUnlock { rw, write } => Op::RwUnlock {
            rwlock: obj(rw),
            write,
        },
        K::RwInit { rw } => Op::RwInit { rwlock: obj(rw) },
        K::RwDestroy { rw } => Op::RwDestroy { rwlock: obj(rw) },
        K::SemWait {
            sem,
            timed,
            blocked,
        } => Op::SemWait {
            sem: obj(sem),
            timed,
            blocked,
        },
        K::SemWake { sem, timed } => Op::SemWake {
            sem: obj(sem),
            timed,
        },
        K::SemPost { sem, woke } => Op::SemPost {
            sem: obj(sem),
            woke: woke.map(name),
        },
        K::SemTryWait { sem, ok } => Op::SemTrywait { sem: obj(sem), ok },
        K::SemValue { sem } => Op::SemGetvalue { sem: obj(sem) },
        K::SemTimeout { sem } => Op::SemTimeout { sem: obj(sem) },
        K::SemInit { sem } => Op::SemInit { sem: obj(sem) },
        K::SemDestroy { sem } => Op::SemDestroy { sem: obj(sem) },
        K::BarrierWait { bar, gen, serial } => Op::BarrierWait {
            barrier: obj(bar),
            generation: gen,
            serial,
        },
        K::BarrierLeave { bar, gen } => Op::BarrierLeave {
            barrier: obj(bar),
            generation: gen,
        },
        K::BarrierInit { bar } => Op::BarrierInit { barrier: obj(bar) },
        K::BarrierDestroy { bar } => Op::BarrierDestroy { barrier: obj(bar) },
        K::Spawn { child } => Op::Spawn { child: name(child) },
        K::Join { child } => Op::Join { child: name(child) },
        K::Detach { child } => Op::Detach { child: name(child) },
        K::Exit => Op::Exit,
        K::ProcessExit { code } => Op::ProcessExit { code },
        K::Yield => Op::Yield,
        K::Sleep { ns, .. } => Op::Sleep { ns },
        K::Choice { of, value } => Op::Choice { of, value },
        K::Fork { of, value } => Op::Fork { of, value },
        K::ClockRead { old, new, .. } => Op::ClockRead { old, new },
        K::AtomicBegin { .. } => Op::AtomicBegin,
        K::AtomicEnd { .. } => Op::AtomicEnd,
    }
}

/// The name of a C11 memory order in a trace file.
fn order_name(o: weft_core::Order) -> String {
    match o {
        weft_core::Order::Relaxed => "relaxed",
        weft_core::Order::Acquire => "acquire",
        weft_core::Order::Release => "release",
        weft_core::Order::AcqRel => "acq-rel",
        weft_core::Order::SeqCst => "seq-cst",
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use weft_core::{Bug, BugKind, Loc};
    use weft_explore::EventClocks;

    fn ev(tid: Tid, kind: EventKind, line: u32) -> Event {
        Event {
            tid,
            kind,
            loc: Loc { file: 0, line },
            woken_by: None,
            fences: Default::default(),
        }
    }

    /// main creates thread 1; both lock `m`; thread 1 stores under it.
    fn run() -> Finding {
        let m = 0x40;
        let trace = vec![
            ev(0, EventKind::Spawn { child: 1 }, 3),
            ev(1, EventKind::Lock { mutex: m }, 7),
            ev(
                1,
                EventKind::Store {
                    addr: 0x48,
                    size: 4,
                    value: u128::MAX >> 1,
                    atomic: false,
                    buffered: false,
                    order: Default::default(),
                },
                8,
            ),
            ev(1, EventKind::Unlock { mutex: m }, 9),
            ev(0, EventKind::Lock { mutex: m }, 4),
            ev(
                0,
                EventKind::MemOp {
                    buffered: false,
                    name: "memcpy",
                    read: Some((0x48, 4)),
                    write: None,
                    stream: None,
                },
                5,
            ),
        ];
        let c = |v: &[u32]| EventClocks {
            sync: v.to_vec(),
            dep: v.to_vec(),
        };
        Finding {
            bug: Bug::new(
                BugKind::Assertion,
                "assertion `x` failed",
                0,
                Loc { file: 0, line: 5 },
            ),
            schedule: trace.iter().map(|e| (e.tid, 0)).collect(),
            inputs: Vec::new(),
            found_under: None,
            clocks: vec![
                c(&[1]),
                c(&[1, 1]),
                c(&[1, 2]),
                c(&[1, 3]),
                c(&[2, 3]),
                c(&[3, 3]),
            ],
            trace,
            output: Vec::new(),
        }
    }

    fn file() -> TraceFile {
        let sources = SourceMap {
            files: vec!["t.c".to_string()],
        };
        let cx = TraceContext {
            program: "t.c".to_string(),
            mm: "sc".to_string(),
            sources: &sources,
            describe: &|e: &Event| format!("{:?}", e.kind),
            describe_addr: &|a: u64| format!("g+{a}"),
            threads: vec!["0".to_string(), "0.0".to_string()],
        };
        TraceFile::new(&run(), true, &cx)
    }

    #[test]
    fn round_trip() {
        let f = file();
        let text = serde_json::to_string_pretty(&f).unwrap();
        let back: TraceFile = serde_json::from_str(&text).unwrap();
        assert_eq!(back, f);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["format"], TRACE_FORMAT);
        assert_eq!(v["events"][2]["kind"], "store");
        assert_eq!(v["events"][2]["mem"]["addr"], "0x48");
        assert_eq!(
            v["events"][2]["written"],
            "0x7fffffffffffffffffffffffffffffff"
        );
        assert_eq!(v["events"][5]["kind"], "mem-op");
        assert_eq!(v["events"][5]["reads"]["size"], 4);
        assert_eq!(v["events"][0]["child"], "0.0");
        assert_eq!(v["events"][4]["location"], "t.c:4");
        assert_eq!(v["bug"]["thread"], "0");
    }

    #[test]
    fn happens_before() {
        let f = file();
        let e = &f.events;
        assert_eq!((e[3].thread.as_str(), e[3].seq), ("0.0", 3));
        // The first event of the child follows its creation.
        assert_eq!(e[1].hb_preds, vec![0]);
        // main's lock follows its spawn (program order) and the child's
        // unlock; the spawn is not immediate, the unlock covers it.
        assert_eq!(e[4].hb_preds, vec![3]);
        assert_eq!(e[4].hb.get("0.0"), Some(&3));
        assert_eq!(e[4].hb.get("0"), Some(&2));
        assert_eq!(e[5].hb_preds, vec![4]);
        assert_eq!(e[0].hb_preds, Vec::<usize>::new());
    }
}
