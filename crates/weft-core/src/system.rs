//! The [`System`] trait: the boundary between the Machine and the explorers.

use crate::{Bug, Event, Tid};

/// The memory model executions follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MemoryModel {
    /// Sequential consistency: every store reaches memory at once.
    #[default]
    Sc,
    /// Total store order (x86): one FIFO store buffer per thread.
    Tso,
    /// Partial store order (SPARC): one FIFO store buffer per thread and
    /// location.
    Pso,
}

impl MemoryModel {
    pub fn as_str(self) -> &'static str {
        match self {
            MemoryModel::Sc => "sc",
            MemoryModel::Tso => "tso",
            MemoryModel::Pso => "pso",
        }
    }
}

/// Why an execution ended without a bug and without finishing normally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockReason {
    /// `__VERIFIER_assume` with a false condition.
    Assume,
    /// The side of a symbolic branch taken contradicts the path constraint
    /// (see `EventKind::Fork`): no input takes this path.
    Infeasible,
    /// No thread can run but one whose only way on was cut as a repeat of
    /// an iteration explored already: a timed condition-variable wait
    /// muted by spin detection, whose timeout was explored at the wait the
    /// iteration started from. Not a deadlock: the thread would time out.
    Repeat,
}

/// Which bound cut an execution or the whole exploration short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LimitKind {
    MaxSteps,
    MaxExecutions,
    Timeout,
    /// An execution used `__VERIFIER_nondet_*` values, which are fixed to
    /// 0: the other inputs were not explored.
    Nondet,
    /// The user interrupted the run (SIGINT or SIGTERM).
    Interrupted,
    /// The execution needed more memory than `--max-memory`.
    MaxMemory,
    /// The execution needed an object the ILP32 (32-bit) address packing
    /// has no address for: too many threads, objects or bytes (see
    /// `weft_ir::addr`).
    AddressSpace,
    /// A DPOR search ran other threads inside an atomic section whose owner
    /// was blocked there (on a mutex, a join, a condition variable, a
    /// spin): it does not reorder events into such a window, so it may
    /// have missed executions (`--por none` explores them).
    BlockedSection,
    /// The explorer hit one of its own inconsistencies (a weft bug, see
    /// the `anomalies` counters) and may have skipped executions.
    Anomaly,
    /// A symbolic value was fixed to one of its values (concretised) where
    /// weft cannot follow it symbolically yet (floats, a symbolic size, a
    /// symbolic argument of a C library call, symbolic data in a store
    /// buffer): the other values were not explored.
    Symbolic,
    /// The SMT solver gave up on a query (its timeout): the path was not
    /// followed further.
    Solver,
    /// A bug-hunting strategy (`--strategy icb|vt|pct|pctvb|random`)
    /// explored only the schedules within its bound (preemptions, variables
    /// and threads, or a number of random runs): others were left out.
    Bound,
    /// One shard of a sharded run (`--shard I/N`) explored only its part
    /// of the executions: `weft merge` gives the whole run's verdict.
    Shard,
}

impl LimitKind {
    pub fn as_str(self) -> &'static str {
        match self {
            LimitKind::MaxSteps => "max-steps",
            LimitKind::MaxExecutions => "max-executions",
            LimitKind::Timeout => "timeout",
            LimitKind::Nondet => "nondet",
            LimitKind::Interrupted => "interrupted",
            LimitKind::MaxMemory => "max-memory",
            LimitKind::AddressSpace => "address-space",
            LimitKind::BlockedSection => "blocked-atomic-section",
            LimitKind::Anomaly => "anomaly",
            LimitKind::Symbolic => "symbolic",
            LimitKind::Solver => "solver",
            LimitKind::Bound => "bound",
            LimitKind::Shard => "shard",
        }
    }
}

/// When a whole run must stop early: at a deadline, once the user
/// interrupts it (SIGINT/SIGTERM set the flag), or once weft's resident
/// memory passes a bound. One value is shared by every phase (compiling,
/// loading, exploring, each execution), so they all stop for the same
/// reason.
#[derive(Clone, Copy, Debug, Default)]
pub struct Deadline {
    pub at: Option<std::time::Instant>,
    pub interrupt: Option<&'static std::sync::atomic::AtomicBool>,
    /// Bytes of resident memory (`--max-memory`) the process may use: the
    /// program's memory has its own account, this catches weft's own
    /// state (the trace of a very long execution, snapshots).
    pub max_rss: Option<u64>,
}

/// How often [`Deadline::expired`] reads the resident memory. A trace can
/// grow by several hundred MiB a second: 20 ms let a run overshoot a
/// 200 MiB bound by up to 16 MiB; 5 ms keeps it to a few (reading
/// `/proc/self/statm` costs microseconds).
const RSS_PERIOD: std::time::Duration = std::time::Duration::from_millis(5);

impl Deadline {
    /// The bound that ends the run now, if any: the interrupt first, then
    /// the deadline, then the memory bound (read at most every
    /// [`RSS_PERIOD`], process-wide).
    pub fn expired(&self) -> Option<LimitKind> {
        use std::sync::atomic::Ordering;
        if self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Some(LimitKind::Interrupted);
        }
        if self.at.is_none() && self.max_rss.is_none() {
            return None;
        }
        let now = std::time::Instant::now();
        if self.at.is_some_and(|d| now >= d) {
            return Some(LimitKind::Timeout);
        }
        let max = self.max_rss?;
        static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        // The last reading: between readings the bound is tested against
        // it, so that every caller sees a bound that is over (returning
        // `None` between readings let an explorer go on after the
        // interpreter had stopped an execution for it).
        static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let since = now.duration_since(*ORIGIN.get_or_init(|| now)).as_nanos() as u64;
        let rss = if since < NEXT.load(Ordering::Relaxed) {
            LAST.load(Ordering::Relaxed)
        } else {
            NEXT.store(since + RSS_PERIOD.as_nanos() as u64, Ordering::Relaxed);
            let rss = resident_bytes().unwrap_or(0);
            LAST.store(rss, Ordering::Relaxed);
            rss
        };
        (rss > max).then_some(LimitKind::MaxMemory)
    }
}

/// The resident memory of this process, from `/proc/self/statm` (`None`
/// where there is no such file).
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// The state of one execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Some thread can still run (or the execution deadlocked, which the
    /// system reports as [`Status::Bug`]).
    Running,
    /// The program ended normally with this exit code.
    Exited(i32),
    /// The execution found a bug.
    Bug(Box<Bug>),
    /// The execution was cut short and is not a bug.
    Blocked(BlockReason),
    /// The execution hit a bound.
    Limit(LimitKind),
    /// The program did something weft refuses to model (such as writing a
    /// file without `--allow-writes`); the message names the call and its
    /// source line. The whole run stops: the program is not supported.
    Unsupported(String),
}

impl Status {
    pub fn is_running(&self) -> bool {
        matches!(self, Status::Running)
    }
}

/// The standard stream a piece of program output went to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stream {
    #[default]
    Stdout,
    Stderr,
}

impl Stream {
    pub fn as_str(self) -> &'static str {
        match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        }
    }
}

/// One input of an execution: the value the `index`-th input drawn by
/// thread `tid` (a `__VERIFIER_nondet_*` call, or one byte of a
/// `klee_make_symbolic` buffer) takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub tid: Tid,
    /// Position among the inputs of `tid`, from 0.
    pub index: u32,
    /// What the program calls it: `x` for `x = __VERIFIER_nondet_int()`,
    /// the buffer's name for `klee_make_symbolic`, else the function.
    pub name: String,
    /// Where it was drawn.
    pub loc: crate::Loc,
    /// The function that drew it (`__VERIFIER_nondet_int`, ...).
    pub func: String,
    /// How many visible events `tid` had executed when it drew it (where
    /// it sits in the execution).
    pub after: u32,
    /// Bits of the value.
    pub width: u32,
    pub value: u128,
}

/// A piece of program output, tagged with the thread that printed it and
/// the stream it went to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub tid: Tid,
    pub stream: Stream,
    pub text: String,
}

/// A system under test, as an explorer sees it: a set of threads, each
/// paused before its next visible operation.
///
/// The system never decides which thread runs; the explorer does, by calling
/// [`System::step`]. Cloning is how an explorer snapshots a state it wants to
/// come back to, so implementations make `clone` cheap.
pub trait System: Clone {
    /// Ids of threads that exist in this execution (finished ones included).
    fn thread_count(&self) -> usize;
    /// Whether `tid` can take its next step now.
    fn is_enabled(&self, tid: Tid) -> bool;
    /// The next visible operation of `tid`, with value fields still zero, or
    /// `None` if the thread has finished.
    fn next_event(&self, tid: Tid) -> Option<&Event>;
    /// How many ways `tid`'s next event can go (e.g. which waiter a
    /// `pthread_cond_signal` wakes). Alternatives are numbered from 0.
    fn alternatives(&self, tid: Tid) -> u32 {
        let _ = tid;
        1
    }
    /// Runs alternative `alt` of `tid`'s next visible operation and then
    /// its invisible code up to the following one. Returns the executed
    /// event with its values. Must only be called while `status()` is
    /// `Running` and `tid` is enabled.
    fn step(&mut self, tid: Tid, alt: u32) -> Event;
    /// The state of the execution after the last step.
    fn status(&self) -> &Status;
    /// Everything the program printed so far.
    fn output(&self) -> &[Output];
    /// Whether a thread was blocked as a spin loop in this execution (such
    /// blocking depends on how many iterations ran, so explorers check
    /// their plans are runnable).
    fn spun(&self) -> bool {
        false
    }
    /// The exploration of one part of a split run is over: the system
    /// hands on what it shares with its clones (solver counters, say).
    fn part_done(&mut self) {}
    /// Whether thread `tid` is blocked as a spin loop right now: its next
    /// iteration would repeat the last one.
    fn spin_blocked(&self, tid: Tid) -> bool {
        let _ = tid;
        false
    }
    /// A bound the execution ran under without being cut by it, such as
    /// nondeterministic inputs fixed to one value: if no bug is found, the
    /// exploration is incomplete for this reason.
    fn unexplored(&self) -> Option<LimitKind> {
        None
    }
    /// The symbolic inputs of the execution so far, with values that take
    /// it along its path (a model of its path constraint): what a witness
    /// must feed the program to replay it. Empty for concrete executions.
    fn inputs(&self) -> Vec<Input> {
        Vec::new()
    }
    /// The shared variable (memory object) that the byte at `addr` belongs
    /// to, as a number: the variable bounding of `--strategy vt|pctvb`
    /// counts distinct variables. By default the 8-byte word.
    fn variable_of(&self, addr: u64) -> u64 {
        addr & !7
    }
    /// A digest of the program's global memory, part of an execution's
    /// observable outcome.
    fn memory_digest(&self) -> u64 {
        0
    }
    /// Asks the system to fingerprint its states from now on (for cutoff
    /// events, `--por unfold`). A system may decline (then
    /// [`System::step_delta`] stays `None`).
    fn track_fingerprints(&mut self) {}
    /// Asks the system to make the brackets of its atomic sections global
    /// events, without footprints (see [`crate::EventKind::AtomicBegin`]),
    /// from now on: the unfolding's cutoffs compare the states of local
    /// configurations, which do not account for a section that commutes
    /// with other threads' events while they cannot run.
    fn global_sections(&mut self) {}
    /// How the last step changed the state's fingerprint: the XOR of the
    /// hashes of the state fragments it changed, before and after. Every
    /// fragment must only be changed by events that are dependent on each
    /// other, so that the fingerprint of a local configuration is the XOR
    /// of its events' deltas. `None` when the system does not fingerprint
    /// (never asked, or declined), or when the step changed state that no
    /// fragment covers: no cutoff may then be taken at or after it.
    fn step_delta(&self) -> Option<u128> {
        None
    }
    /// The plain (non-atomic) accesses to shared memory that the last step
    /// ran as local steps, in the order they ran: a system may run them
    /// without making them events (they are then never scheduling points,
    /// as under `--por unfold`, where only synchronisation is interleaved),
    /// and reports them here, as `Load`/`Store` events of their threads,
    /// for the data-race check. They ran after the step's event, in its
    /// thread, or before the first event of a thread the step spawned.
    /// Empty when every shared access is an event.
    fn local_accesses(&self) -> &[Event] {
        &[]
    }
    /// Whether plain shared accesses are local steps (see
    /// [`System::local_accesses`]).
    fn plain_accesses_local(&self) -> bool {
        false
    }
    /// Fills `out` with the enabled threads, in increasing id order.
    fn enabled(&self, out: &mut Vec<Tid>) {
        out.clear();
        out.extend((0..self.thread_count() as Tid).filter(|&t| self.is_enabled(t)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Instant;

    #[test]
    fn deadline_expires_on_interrupt_and_time() {
        static FLAG: AtomicBool = AtomicBool::new(false);
        let limits = Deadline {
            interrupt: Some(&FLAG),
            ..Deadline::default()
        };
        assert_eq!(limits.expired(), None);
        FLAG.store(true, Ordering::Relaxed);
        assert_eq!(limits.expired(), Some(LimitKind::Interrupted));
        let past = Deadline {
            at: Some(Instant::now()),
            ..Deadline::default()
        };
        assert_eq!(past.expired(), Some(LimitKind::Timeout));
    }

    #[test]
    fn deadline_expires_past_the_memory_bound() {
        let rss = resident_bytes().expect("/proc/self/statm");
        assert!(rss > 0);
        let roomy = Deadline {
            max_rss: Some(u64::MAX),
            ..Deadline::default()
        };
        assert_eq!(roomy.expired(), None);
        std::thread::sleep(RSS_PERIOD);
        let tight = Deadline {
            max_rss: Some(rss / 2),
            ..Deadline::default()
        };
        assert_eq!(tight.expired(), Some(LimitKind::MaxMemory));
        // Between two readings the last one counts: every caller sees the
        // bound over, not only the one that read it.
        assert_eq!(tight.expired(), Some(LimitKind::MaxMemory));
    }
}
