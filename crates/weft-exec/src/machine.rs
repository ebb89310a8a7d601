//! The Machine: threads, memory and sync state of one execution, and the
//! [`System`] implementation that explorers drive.

use crate::cow::PartLocal;
use crate::memory::{Memory, ObjKind, ObjState};
use crate::program::Program;
use crate::sync::{Sync, PTHREAD_MUTEX_NORMAL};
use crate::thread::{Frame, Thread, ThreadState};
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};
use weft_core::{
    BlockReason, Bug, BugKind, Event, EventKind, LimitKind, Loc, Output, Status, Stream, System,
    Tid,
};
use weft_ir::addr::thread_space;
use weft_ir::{FuncId, Reg};

/// Per-execution bounds.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Interpreted instructions per execution.
    pub max_steps: u64,
    /// The memory model.
    pub mm: weft_core::MemoryModel,
    /// When the whole run must end: an execution past it stops with
    /// [`LimitKind::Timeout`] or [`LimitKind::Interrupted`] (checked every
    /// [`CHECK_EVERY`] steps).
    pub stop: weft_core::Deadline,
    /// Bytes of program memory one execution may use (see `memory`).
    pub max_memory: u64,
    /// A condition-variable wait may return without a signal, as POSIX
    /// allows (see `runtime::pthread::cond_wait`).
    pub spurious_wakeups: bool,
    /// What `__VERIFIER_nondet_*` values are (see `runtime::verifier`).
    pub nondet: Nondet,
    /// Under SC, a thread's new object may take the address of one of its
    /// objects that was freed or died without escaping and that nothing
    /// refers to any more (see [`Machine::alloc_object`]): what cutoffs
    /// need (`--por unfold`). A witness records it, so that its replay
    /// places objects alike.
    pub reuse_addresses: bool,
    /// Under SC, plain (non-atomic) accesses to shared memory are local
    /// steps, not events (`--por unfold`, which then interleaves only
    /// synchronisation): each is logged for the data-race check
    /// ([`System::local_accesses`]). A thread that makes
    /// [`LOCAL_RUN`] of them in a row without an event makes the next one
    /// an event, so that a loop on a plain variable still yields (and its
    /// spinning is seen). A witness records it.
    pub local_plain: bool,
    /// Record the execution concolically for `weft predict` (see
    /// `concolic`): shared reads are symbolic, branches on them are
    /// guards, transaction markers are annotations that do not make other
    /// threads wait, and inputs are 0. A witness records it.
    pub concolic: bool,
    /// Uninitialised memory holds unknown values rather than being
    /// undefined (SV-COMP's semantics, `weft svcomp`): with symbolic inputs,
    /// a load of bytes that nothing wrote draws a fresh input for them and
    /// writes it back, so that every later read sees the same value.
    /// Otherwise such a load gives `undef`, and a branch on it is a
    /// `memory` bug.
    pub uninit_nondet: bool,
}

/// How many plain shared accesses a thread runs as local steps in a row
/// before the next one is an event (see [`Limits::local_plain`]).
pub const LOCAL_RUN: u32 = 64;

/// What `__VERIFIER_nondet_*` and `klee_make_symbolic` inputs are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Nondet {
    /// Symbolic values, explored with the SMT solver (see `sym`).
    #[default]
    Symbolic,
    /// `__VERIFIER_nondet_bool`, `_char` and `_uchar` are explorer choices
    /// among all their values (a concrete oracle); wider inputs are 0.
    Enumerate,
    /// 0 (`__VERIFIER_nondet_bool` is still a choice); a run that drew
    /// one is incomplete (limit `nondet`).
    Fixed,
}

/// Interpreted instructions between two checks of the deadline and the
/// interrupt flag (every visible event counts as at least one).
pub const CHECK_EVERY: u64 = 1024;

/// Events between two checks of the deadline, whatever the instructions
/// between them: an explorer's work per event grows with the number of
/// threads, so that on a program that creates threads forever (SV-COMP's
/// `while (1) pthread_create(...)`) 1,024 instructions came to take
/// seconds.
pub const EVENTS_PER_CHECK: u32 = 32;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_steps: 1_000_000,
            mm: weft_core::MemoryModel::Sc,
            stop: weft_core::Deadline::default(),
            max_memory: default_max_memory(),
            spurious_wakeups: true,
            nondet: Nondet::Symbolic,
            reuse_addresses: false,
            local_plain: false,
            concolic: false,
            uninit_nondet: false,
        }
    }
}

/// The default memory bound: a quarter of physical memory (`MemTotal` in
/// `/proc/meminfo`), or 1 GiB if that cannot be read.
pub fn default_max_memory() -> u64 {
    static DEFAULT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *DEFAULT.get_or_init(|| {
        let total_kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("MemTotal:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        match total_kib {
            Some(kib) if kib > 0 => kib * 1024 / 4,
            _ => 1 << 30,
        }
    })
}

/// The registry that maps threads to dense ids: the `n`-th thread created
/// by thread `p` gets the same id in every execution, whatever the
/// interleaving. Shared by all Machines of one exploration.
///
/// Dense ids are assigned in first-seen order, so they depend on the order
/// in which executions were explored. What is stable is a thread's
/// *canonical name* (see [`ThreadNames::canonical`]), derived from its
/// parent and creation index as Nidhugg's CPid is: witnesses and traces name
/// threads canonically, and a replay maps the names back to the dense ids of
/// its own registry with [`ThreadNames::resolve`].
#[derive(Clone, Debug, Default)]
pub struct ThreadNames(Arc<Mutex<Names>>);

#[derive(Debug, Default)]
struct Names {
    ids: FxHashMap<(Tid, u32), Tid>,
    keys: Vec<(Tid, u32)>,
}

impl ThreadNames {
    /// A registry in which `table[i]` (a canonical name) is thread `i`, as
    /// [`ThreadNames::table`] wrote it. Fails on a name that does not parse,
    /// a duplicate, or a name listed before its parent.
    pub fn from_table(table: &[String]) -> Result<ThreadNames, String> {
        let names = ThreadNames::default();
        for (i, name) in table.iter().enumerate() {
            let keys = parse_name(name)?;
            let before = names.len();
            let fits = if i == 0 {
                keys.is_empty()
            } else {
                names.resolve_keys(&keys) as usize == i && names.len() == before + 1
            };
            if !fits {
                return Err(format!(
                    "thread table entry {i} (`{name}`) repeats a thread or comes before its parent"
                ));
            }
        }
        Ok(names)
    }

    /// The canonical name of every thread registered so far, indexed by id
    /// (`table()[0]` is `0`, the main thread).
    pub fn table(&self) -> Vec<String> {
        let n = self.len();
        (0..n as Tid).map(|t| self.canonical(t)).collect()
    }

    /// How many threads (main included) have an id.
    fn len(&self) -> usize {
        self.0.lock().unwrap().keys.len() + 1
    }

    /// The canonical name of thread `tid`: `0` for the main thread,
    /// `P.n` for the `n`-th thread (from 0) created by the thread named `P`,
    /// and `P/bufN` for the auxiliary thread that flushes slot `N` of `P`'s
    /// store buffer (TSO: slot 0, the whole buffer; PSO: one slot per
    /// location, numbered in the order `P` first stored to it).
    pub fn canonical(&self, tid: Tid) -> String {
        let g = self.0.lock().unwrap();
        let mut parts = Vec::new();
        let mut t = tid;
        while t != 0 {
            let Some(&(p, n)) = g.keys.get(t as usize - 1) else {
                return format!("?{tid}");
            };
            parts.push(if n & crate::buffer::AUX != 0 {
                format!("/buf{}", n & !crate::buffer::AUX)
            } else {
                format!(".{n}")
            });
            t = p;
        }
        let mut s = "0".to_string();
        for p in parts.iter().rev() {
            s.push_str(p);
        }
        s
    }

    /// The id of the thread with canonical name `name`, registering it (and
    /// its ancestors) if it is new.
    pub fn resolve(&self, name: &str) -> Result<Tid, String> {
        Ok(self.resolve_keys(&parse_name(name)?))
    }

    fn resolve_keys(&self, keys: &[u32]) -> Tid {
        keys.iter().fold(0, |t, &n| self.name(t, n))
    }

    pub(crate) fn name(&self, parent: Tid, nth: u32) -> Tid {
        let mut g = self.0.lock().unwrap();
        if let Some(&t) = g.ids.get(&(parent, nth)) {
            return t;
        }
        let t = g.keys.len() as Tid + 1;
        g.keys.push((parent, nth));
        g.ids.insert((parent, nth), t);
        t
    }
}

/// The creation indices along a canonical name, from the main thread's
/// child down (an auxiliary thread's slot carries the `AUX` bit).
fn parse_name(name: &str) -> Result<Vec<u32>, String> {
    let bad = || format!("`{name}` is not a thread name (e.g. `0`, `0.1`, `0.1/buf0`)");
    let (path, aux) = match name.split_once("/buf") {
        Some((p, slot)) => (p, Some(slot)),
        None => (name, None),
    };
    let index = |s: &str| -> Result<u32, String> {
        if s.is_empty()
            || !s.bytes().all(|b| b.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return Err(bad());
        }
        s.parse::<u32>()
            .ok()
            .filter(|&n| n & crate::buffer::AUX == 0)
            .ok_or_else(bad)
    };
    let mut parts = path.split('.');
    if parts.next() != Some("0") {
        return Err(bad());
    }
    let mut keys = parts.map(index).collect::<Result<Vec<u32>, String>>()?;
    if let Some(slot) = aux {
        keys.push(index(slot)? | crate::buffer::AUX);
    }
    Ok(keys)
}

/// Why a thread's local run stopped early.
#[derive(Debug)]
pub enum Stop {
    Bug(Box<Bug>),
    Exit(i32),
    Blocked(BlockReason),
    Limit(LimitKind),
    /// A call weft refuses to run (the message names it and its line).
    Unsupported(String),
    /// Local code reached a branch on symbolic data with these mutually
    /// exclusive conditions (see `sym`): the thread pauses before it with
    /// a `Fork` event. Never the end of an execution.
    Fork(smallvec::SmallVec<[weft_smt::Expr; 2]>),
}

/// One execution of a program. Cloning snapshots it: object contents are
/// shared copy-on-write.
#[derive(Clone)]
pub struct Machine {
    pub(crate) prog: PartLocal<Arc<Program>>,
    pub(crate) mem: Memory,
    pub(crate) threads: Vec<Option<Arc<Thread>>>,
    /// Auxiliary threads that flush store buffers, by id (TSO/PSO).
    pub(crate) aux: Vec<Option<crate::buffer::Aux>>,
    pub(crate) sync: Arc<Sync>,
    pub(crate) status: Status,
    pub(crate) output: Arc<Vec<Output>>,
    /// `FILE` streams and files written (see `runtime::file`).
    pub(crate) files: Arc<crate::runtime::Files>,
    pub(crate) steps: u64,
    pub(crate) limits: Limits,
    /// Atomic sections' begins carry their footprints (see
    /// [`System::global_sections`]).
    section_footprints: bool,
    pub(crate) names: PartLocal<ThreadNames>,
    /// The visible event executed by the current commit step.
    pub(crate) last: Option<EventKind>,
    /// What the current commit step's load read, as `(addr, size, bytes)`
    /// (`None` bytes: uninitialised), for spin detection.
    pub(crate) last_read: Option<(u64, u64, Option<u128>)>,
    /// Threads created during the current step (to run up to their first
    /// visible operation).
    pub(crate) spawned: Vec<Tid>,
    /// Which alternative of a nondeterministic event is being executed.
    pub(crate) alt: u32,
    /// The current commit step runs a runtime call whose event is a
    /// buffered `MemOp` (see `Machine::run_buffered`).
    pub(crate) buffering: bool,
    /// Location of the instruction being executed, for bug reports.
    pub(crate) loc: Loc,
    pub(crate) tid: Tid,
    /// Some thread was spin-blocked in this execution.
    pub(crate) spun: bool,
    /// A `__VERIFIER_nondet_*` call returned its fixed value.
    pub(crate) nondet: bool,
    /// `steps` value at which the deadline and interrupt are checked next.
    pub(crate) check_at: u64,
    /// Events stepped since the deadline was last brought forward (see
    /// [`EVENTS_PER_CHECK`]).
    pub(crate) events_unchecked: u32,
    /// The memory epoch and `spin_exempt` when the current run of a
    /// thread's code started (see `spin`).
    pub(crate) spin_base: (u64, u64),
    /// Memory writes that spin detection logged instead of counting them
    /// as progress (see `spin`).
    pub(crate) spin_exempt: u64,
    /// The environment's `NAME=VALUE` strings (see [`Program::env`]):
    /// objects of the main thread made when the execution starts, then
    /// those `setenv` makes (see `runtime::env`).
    pub(crate) environ: Arc<Vec<u64>>,
    /// A byte that stands for the environment in events, if the program
    /// can change it (calls `setenv` or `unsetenv`): `getenv` reads it,
    /// `setenv` and `unsetenv` write it.
    pub(crate) env_anchor: Option<u64>,
    /// Where `strtok` saves its position (see `runtime::tokens`), if the
    /// program calls it.
    pub(crate) strtok_slot: Option<u64>,
    /// The expression pool and solver (`--nondet symbolic`).
    pub(crate) pool: Option<crate::sym::SharedPool>,
    /// The path constraint and inputs, from the first input on.
    pub(crate) sym: Option<Arc<crate::sym::SymState>>,
    /// The inputs a replay feeds the program.
    pub(crate) given: Option<Arc<crate::sym::GivenInputs>>,
    /// A visible event is being executed (commit mode): forks are
    /// concretised (see `sym`).
    pub(crate) committing: bool,
    /// State fingerprints, once the explorer asked for them (see
    /// `fingerprint`).
    pub(crate) fp: Option<crate::fingerprint::Fingerprints>,
    /// Plain shared accesses are local steps (see [`Limits::local_plain`]).
    pub(crate) local_plain: bool,
    /// The plain shared accesses run as local steps since the last step
    /// began (see [`System::local_accesses`]).
    pub(crate) local_log: Vec<Event>,
    /// The concolic recording (see [`Limits::concolic`]).
    pub(crate) concolic: Option<Arc<crate::concolic::ConcolicState>>,
}

impl Machine {
    /// Starts an execution: `main` runs up to its first visible operation.
    pub fn new(prog: Arc<Program>, limits: Limits, names: ThreadNames) -> Machine {
        Machine::with_inputs(prog, limits, names, None)
    }

    /// Starts an execution that draws its inputs from `given` (a replay of
    /// a witness): each `__VERIFIER_nondet_*` call, and each byte of a
    /// `klee_make_symbolic` buffer, returns the value recorded for its
    /// thread and position (0 if none is), concretely.
    pub fn with_inputs(
        prog: Arc<Program>,
        limits: Limits,
        names: ThreadNames,
        given: Option<crate::sym::GivenInputs>,
    ) -> Machine {
        let pool = ((limits.nondet == Nondet::Symbolic && given.is_none()) || limits.concolic)
            .then(crate::sym::SharedPool::new);
        let mut mem = Memory::new(prog.statics.clone(), limits.max_memory, prog.module.dm.addr);
        if limits.reuse_addresses && limits.mm == weft_core::MemoryModel::Sc {
            mem.set_reuse();
        }
        let mut m = Machine {
            prog: PartLocal::new(prog.clone()),
            mem,
            threads: Vec::new(),
            aux: Vec::new(),
            sync: Arc::default(),
            status: Status::Running,
            output: Arc::default(),
            files: Arc::default(),
            steps: 0,
            limits,
            names: PartLocal::new(names),
            last: None,
            last_read: None,
            spawned: Vec::new(),
            alt: 0,
            buffering: false,
            loc: Loc::UNKNOWN,
            tid: 0,
            spun: false,
            nondet: false,
            check_at: 0,
            events_unchecked: 0,
            spin_base: (0, 0),
            spin_exempt: 0,
            environ: Arc::default(),
            env_anchor: None,
            strtok_slot: None,
            pool,
            sym: None,
            given: given.map(Arc::new),
            committing: false,
            fp: None,
            local_plain: limits.local_plain && limits.mm == weft_core::MemoryModel::Sc,
            local_log: Vec::new(),
            concolic: limits.concolic.then(crate::concolic::start),
            section_footprints: true,
        };
        m.make_process_state();
        let main = prog.module.main.expect("lowering guarantees a main");
        let args = m.main_args(main);
        let frame = m.new_frame(main, args, None);
        m.threads.push(Some(Arc::new(Thread::new(frame))));
        m.run_local(0);
        m.after_step();
        m
    }

    /// Makes the C library's process-wide state the program uses: the
    /// environment's strings and, if it can change, the byte that stands
    /// for it; `strtok`'s saved pointer. These are objects of the main
    /// thread, shared from the start (any thread may use them), that live
    /// as long as the execution; a program that uses none of them gets
    /// none, so its addresses do not change.
    fn make_process_state(&mut self) {
        let prog = self.prog.clone();
        let uses = |names: &[&str]| prog.models.iter().any(|m| names.contains(&m.name));
        let shared_object = |m: &mut Machine, size: u64| {
            let a = m
                .mem
                .alloc(thread_space(0), size, ObjKind::Stack, true)
                .expect("a fresh execution has room for the C library's state");
            m.mem.escape_addr(a);
            a
        };
        if uses(&["setenv", "unsetenv"]) {
            self.env_anchor = Some(shared_object(self, 1));
        }
        if uses(&["strtok"]) {
            self.strtok_slot = Some(shared_object(self, 8));
        }
        if prog.env.is_empty() {
            return;
        }
        let mut addrs = Vec::with_capacity(prog.env.len());
        for e in &prog.env {
            let mut bytes = e.as_bytes().to_vec();
            bytes.push(0);
            let s = self
                .mem
                .alloc(thread_space(0), bytes.len() as u64, ObjKind::Stack, true)
                .expect("a fresh execution has room for its environment");
            let _ = self.mem.write_bytes(s, &bytes, &vec![true; bytes.len()]);
            self.mem.escape_addr(s);
            addrs.push(s);
        }
        self.environ = Arc::new(addrs);
    }

    /// The arguments of `main`, for whichever of `main()`, `main(argc,
    /// argv)` and `main(argc, argv, envp)` the program declares: `argc`,
    /// a NULL-terminated `argv` of the program's arguments
    /// ([`Program::argv`]: its file name, then each `--arg`), and a
    /// NULL-terminated `envp` of the environment's strings (`--env`). The
    /// strings and arrays are objects of the main thread that live as long
    /// as the execution.
    fn main_args(&mut self, main: FuncId) -> Vec<Value> {
        let n = self.prog.module.functions[main as usize].nparams as usize;
        if n == 0 {
            return Vec::new();
        }
        let sp = thread_space(0);
        let prog = self.prog.clone();
        let mut ptrs = Vec::with_capacity(prog.argv.len() + 1);
        for a in &prog.argv {
            let mut bytes = a.as_bytes().to_vec();
            bytes.push(0);
            let s = self
                .mem
                .alloc(sp, bytes.len() as u64, ObjKind::Stack, true)
                .expect("a fresh execution has room for its arguments");
            let _ = self.mem.write_bytes(s, &bytes, &vec![true; bytes.len()]);
            ptrs.push(s);
        }
        let w = self.dm().ptr;
        let array = |m: &mut Machine, items: &[u64]| {
            let len = items.len() as u64 + 1;
            let a = m
                .mem
                .alloc(sp, len * w, ObjKind::Stack, true)
                .expect("a fresh execution has room for its arguments");
            for (i, &p) in items.iter().enumerate() {
                let _ = m.mem.write_int(a + w * i as u64, w, Some(p as u128));
            }
            a
        };
        let argv = array(self, &ptrs);
        let mut v = vec![Value::Int(ptrs.len() as u128), Value::Int(argv as u128)];
        if n > 2 {
            let environ = self.environ.clone();
            v.push(Value::Int(array(self, &environ) as u128));
        }
        v.resize(n, Value::ZERO);
        v
    }

    /// The expression pool and solver of this exploration, if symbolic
    /// (a handle: the statistics can be read after the exploration).
    pub fn shared_pool(&self) -> Option<crate::sym::SharedPool> {
        self.pool.clone()
    }

    /// Sends the solver's counters to `sink` when its part of a split run
    /// is done (`System::part_done`).
    pub fn report_solver_to(mut self, sink: crate::sym::StatsSink) -> Machine {
        if let Some(p) = &mut self.pool {
            p.report_to(sink);
        }
        self
    }

    /// The program, borrowed apart from the machine, so that the
    /// interpreter can read it while it changes the machine's state.
    ///
    /// Cloning the `Arc` instead costs two locked instructions per call,
    /// on a count that every worker of a split run shares: with `-j 2`
    /// they made 76% of `step`'s samples (perf, mutex_counter N=9).
    fn program_ref<'p>(&self) -> &'p Program {
        // SAFETY: the program lives in the `Arc`'s heap allocation, not in
        // the machine, so borrowing the machine mutably later does not
        // alias it; and it outlives every use of the returned reference,
        // which the callers keep within one call on `self`, because
        // `self.prog` is set once in `with_inputs` and never replaced
        // (no `&mut self.prog` exists, and no code assigns a whole machine
        // through `&mut self`), so the `Arc` keeps its count of at least
        // one until the machine is dropped, which cannot happen while
        // `self` is borrowed. Callers: `run_local_inner` and `step` only.
        unsafe { &*Arc::as_ptr(&*self.prog) }
    }

    pub fn program(&self) -> &Arc<Program> {
        &self.prog
    }

    pub(crate) fn thread(&self, tid: Tid) -> &Thread {
        self.threads[tid as usize]
            .as_deref()
            .expect("thread exists")
    }

    pub(crate) fn thread_mut(&mut self, tid: Tid) -> &mut Thread {
        crate::cow::make_mut(self.threads[tid as usize].as_mut().expect("thread exists"))
    }

    /// The `AtomicBegin` thread `tid` runs now, for a section of static
    /// footprint `fp` (see `section`): the footprint is kept only for a
    /// thread's outermost section under SC, where sections run alone.
    /// Under TSO and PSO the begin also drains store buffers, which
    /// footprints do not describe; nested and concolic sections keep the
    /// global begin too.
    pub(crate) fn section_begin(
        &self,
        tid: Tid,
        fp: Option<crate::section::Footprint>,
    ) -> EventKind {
        let outermost = self.thread(tid).atomic_depth == 0;
        let sc = self.limits.mm == weft_core::MemoryModel::Sc;
        let on = outermost && sc && self.section_footprints && !self.is_concolic();
        let footprint = fp.filter(|_| on);
        EventKind::AtomicBegin { footprint }
    }

    /// The `AtomicEnd` thread `tid` runs now.
    pub(crate) fn section_end(&self, tid: Tid) -> EventKind {
        let t = self.thread(tid);
        EventKind::AtomicEnd {
            scoped: t.atomic_depth == 1 && t.atomic_scoped,
        }
    }

    /// Thread `tid` runs the `AtomicBegin` `begin`.
    pub(crate) fn enter_section(&mut self, tid: Tid, begin: &EventKind) {
        if self.is_concolic() {
            return self.concolic_mark(tid, true);
        }
        let t = self.thread_mut(tid);
        if t.atomic_depth == 0 {
            t.atomic_scoped = matches!(begin, EventKind::AtomicBegin { footprint: Some(_) });
        }
        t.atomic_depth += 1;
    }

    /// Thread `tid` leaves its innermost atomic section.
    pub(crate) fn leave_section(&mut self, tid: Tid) {
        if self.is_concolic() {
            return self.concolic_mark(tid, false);
        }
        let t = self.thread_mut(tid);
        t.atomic_depth = t.atomic_depth.saturating_sub(1);
        if t.atomic_depth == 0 {
            t.atomic_scoped = false;
        }
    }

    pub(crate) fn frame(&self, tid: Tid) -> &Frame {
        self.thread(tid)
            .frames
            .last()
            .expect("running thread has a frame")
    }

    pub(crate) fn frame_mut(&mut self, tid: Tid) -> &mut Frame {
        self.thread_mut(tid)
            .frames
            .last_mut()
            .expect("running thread has a frame")
    }

    /// Builds a bug at the current thread and location.
    pub(crate) fn bug(&self, kind: BugKind, msg: impl Into<String>) -> Stop {
        Stop::Bug(Box::new(Bug::new(kind, msg, self.tid, self.loc)))
    }

    /// The id the next thread created by `parent` will get.
    pub(crate) fn child_id(&self, parent: Tid) -> Tid {
        self.names.name(parent, self.thread(parent).children)
    }

    /// Creates a thread running `func(arg)`; returns its id.
    pub(crate) fn spawn(&mut self, parent: Tid, func: FuncId, arg: Value) -> Tid {
        let tid = self.child_id(parent);
        self.thread_mut(parent).children += 1;
        let frame = self.new_frame(func, vec![arg], None);
        if self.threads.len() <= tid as usize {
            self.threads.resize_with(tid as usize + 1, || None);
        }
        self.threads[tid as usize] = Some(Arc::new(Thread::new(frame)));
        self.spawned.push(tid);
        tid
    }

    /// Ends thread `tid` with return value `retval`.
    pub(crate) fn finish_thread(&mut self, tid: Tid, retval: u64) {
        let frames = std::mem::take(&mut self.thread_mut(tid).frames);
        self.thread_mut(tid).stack_bytes = 0;
        for f in &frames {
            self.release_frame(f);
        }
        self.mem.escape_addr(retval);
        // Its thread-local instances die with it.
        for (_, copy) in std::mem::take(&mut self.thread_mut(tid).lib_mut().tls) {
            self.mem.kill(copy, crate::memory::ObjState::Freed);
        }
        let t = self.thread_mut(tid);
        t.state = ThreadState::Finished;
        t.retval = retval;
        t.atomic_depth = 0;
        t.atomic_scoped = false;
    }

    /// Pushes `frame` onto thread `tid`'s stack.
    pub(crate) fn push_frame(&mut self, tid: Tid, frame: Frame) {
        let t = self.thread_mut(tid);
        t.stack_bytes += frame.bytes;
        t.frames.push(frame);
    }

    /// Pops thread `tid`'s top frame and kills its stack objects.
    pub(crate) fn pop_frame(&mut self, tid: Tid) -> Frame {
        let t = self.thread_mut(tid);
        let frame = t.frames.pop().expect("a frame to pop");
        debug_assert!(t.stack_bytes >= frame.bytes, "stack bytes underflow");
        t.stack_bytes -= frame.bytes;
        self.release_frame(&frame);
        frame
    }

    pub(crate) fn release_frame(&mut self, f: &Frame) {
        for &a in f.allocas.iter().chain(f.va_area.iter()) {
            self.drain_hidden_object(a);
            self.mem.kill(a, ObjState::Dead);
        }
    }

    /// The type of mutex `m`, read from its `__kind` field.
    /// The thread-specific data destructor thread `tid` must run before it
    /// exits, if any: (key, destructor, value) for the key of lowest id
    /// with a destructor and a value that is not null. POSIX repeats the
    /// passes while destructors set values again, at most
    /// `PTHREAD_DESTRUCTOR_ITERATIONS` (4) times; weft bounds the calls the
    /// same way (four per key the thread has a value for).
    pub(crate) fn pending_destructor(&self, tid: Tid) -> Option<(u32, u64, u64)> {
        let t = self.thread(tid).lib();
        if t.destructor_calls >= 4 * t.specific.len().max(1) as u32 {
            return None;
        }
        t.specific
            .iter()
            .filter_map(|&(k, v)| {
                let info = self.sync.keys.get(&k)?;
                (!info.deleted && info.destructor != 0).then_some((k, info.destructor, v))
            })
            .min_by_key(|&(k, _, _)| k)
    }

    /// What running the next thread-specific data destructor of `tid`
    /// would be: `None` if there is none, `Some(Some(kind))` if it is a
    /// runtime model (such as `free`) whose call is a visible operation,
    /// `Some(None)` otherwise.
    pub(crate) fn destructor_event(&self, tid: Tid) -> Result<Option<Option<EventKind>>, Stop> {
        let Some((_, f, v)) = self.pending_destructor(tid) else {
            return Ok(None);
        };
        if let Some(model) = self.model_at(f) {
            let args = [Value::Int(v as u128)];
            let call = crate::runtime::Call {
                tid,
                args: &args,
                alt: self.alt,
            };
            if let Some(pending) = model.pending {
                return Ok(Some(pending(self, &call)?));
            }
        }
        Ok(Some(None))
    }

    /// Runs the next thread-specific data destructor of `tid` (see
    /// `pending_destructor`). A program function is called, and its return
    /// runs the exit again; a runtime model runs at once.
    pub(crate) fn run_destructor(&mut self, tid: Tid) -> Result<(), Stop> {
        let Some((f, v)) = self.take_destructor(tid) else {
            return Ok(());
        };
        if let Some(model) = self.model_at(f) {
            let args = [Value::Int(v as u128)];
            let call = crate::runtime::Call {
                tid,
                args: &args,
                alt: self.alt,
            };
            return match (model.run)(self, &call)? {
                crate::runtime::Ret::Value(_) => Ok(()),
                _ => Err(self.bug(
                    BugKind::PthreadMisuse,
                    format!("`{}` as a thread-specific data destructor", model.name),
                )),
            };
        }
        let Some(func) = self.function_at(f) else {
            return Err(self.bug(
                BugKind::Memory,
                "a thread-specific data destructor that is not a function",
            ));
        };
        let mut frame = self.new_frame(func, vec![Value::Int(v as u128)], None);
        frame.atomic = false;
        frame.on_return = Some(crate::thread::OnReturn::Destructor);
        self.push_frame(tid, frame);
        Ok(())
    }

    /// Runs the last `atexit` handler not run yet, if any: its frame is
    /// pushed so that, when it returns, the exit (a call to `exit`,
    /// `main`'s return) runs again, for the next handler or to end the
    /// process. Returns whether there was one.
    pub(crate) fn run_atexit(&mut self, tid: Tid) -> Result<bool, Stop> {
        // Checked before `sync_mut`, which copies a shared `Sync`.
        if self.sync.atexit.is_empty() {
            return Ok(false);
        }
        let Some(f) = self.sync_mut().atexit.pop() else {
            return Ok(false);
        };
        let Some(func) = self.function_at(f) else {
            return Err(self.bug(
                BugKind::Memory,
                "an `atexit` handler that is not a function of the program",
            ));
        };
        let mut frame = self.new_frame(func, Vec::new(), None);
        frame.atomic = false;
        frame.on_return = Some(crate::thread::OnReturn::Destructor);
        self.push_frame(tid, frame);
        Ok(true)
    }

    /// Allocates an object of `size` bytes for thread `tid`, in its own
    /// space (so addresses never depend on other threads' steps). Under
    /// address reuse ([`Limits::reuse_addresses`]) it takes the lowest slot
    /// of the space that held an object freed or dead without escaping, if
    /// nothing refers to that object any more and no synchronisation object
    /// lies in it. Since the object never escaped, only the thread itself
    /// can refer to it: from its registers and C-library state, or from its
    /// own objects that never escaped either. So the choice depends on the
    /// thread's own past only, and a use after free or after return is
    /// still caught: a dangling pointer keeps its object's slot from reuse.
    pub(crate) fn alloc_object(
        &mut self,
        tid: Tid,
        size: u64,
        kind: crate::memory::ObjKind,
        zeroed: bool,
    ) -> Result<u64, crate::memory::AllocError> {
        let space = thread_space(tid);
        if self.mem.graves(space, size).next().is_some() {
            let refs = self.referents(tid);
            let free = self
                .mem
                .graves(space, size)
                .find(|&g| !refs.contains(&g) && !self.syncs_in(g));
            if let Some(g) = free {
                return self.mem.alloc_in(g, size, kind, zeroed);
            }
        }
        self.mem.alloc(space, size, kind, zeroed)
    }

    /// The objects that thread `tid`'s own state may point into: every
    /// pointer-sized word of its registers, of its C-library and model
    /// state, of the process's `strtok` position, and of its objects that
    /// never escaped (see [`Machine::alloc_object`]).
    fn referents(&self, tid: Tid) -> rustc_hash::FxHashSet<weft_ir::addr::ObjId> {
        fn value(v: &crate::value::Value, out: &mut Vec<u128>) {
            match v {
                crate::value::Value::Int(i) => out.push(*i),
                crate::value::Value::Agg(items) => items.iter().for_each(|x| value(x, out)),
                crate::value::Value::Undef | crate::value::Value::Sym(_) => {}
            }
        }
        let mut words: Vec<u128> = Vec::new();
        self.live_regs(tid, |_, _, v| value(v, &mut words));
        if let Some(Some(t)) = self.threads.get(tid as usize) {
            for f in &t.frames {
                words.extend(f.va_area.map(u128::from));
                if let Some(crate::thread::OnReturn::OnceDone { ctl }) = f.on_return {
                    words.push(ctl.into());
                }
            }
            words.push(t.retval.into());
            words.extend(t.resume.as_ref().and_then(|r| r.result));
            let lib = t.lib();
            words.extend(lib.specific.iter().map(|&(_, v)| u128::from(v)));
            words.extend(lib.tls.iter().map(|&(_, v)| u128::from(v)));
        }
        words.extend(self.strtok_slot.map(u128::from));
        let mut out = rustc_hash::FxHashSet::default();
        for w in words {
            let ids = self.mem.pointer_words(w, 16).map(|p| self.mem.decode(p).0);
            out.extend(ids);
        }
        self.mem.private_referents(thread_space(tid), &mut out);
        out
    }

    /// Calls `f` with `(frame, register, value)` for each register of
    /// thread `tid` that may still be read: in the top frame, those live
    /// before its current instruction; in a caller, those live once its
    /// call returns (or before the call, if the callee was called by a
    /// runtime model: the call may run again). A register that is not live
    /// is written before any read, so it decides nothing the thread does.
    pub(crate) fn live_regs(&self, tid: Tid, mut f: impl FnMut(usize, Reg, &Value)) {
        let Some(Some(t)) = self.threads.get(tid as usize) else {
            return;
        };
        let m = &self.prog.module;
        for (k, fr) in t.frames.iter().enumerate() {
            let callee = t.frames.get(k + 1);
            let live = match callee {
                Some(c) if c.on_return.is_none() => self.prog.live.after_call(m, fr.func, fr.ip),
                _ => self.prog.live.before(m, fr.func, fr.ip),
            };
            for &r in live.iter() {
                if let Some(v) = fr.regs.get(r as usize) {
                    f(k, r, v);
                }
            }
        }
    }

    /// Whether a synchronisation object lies in object `id` (its state
    /// would carry over to a new object in the same place).
    fn syncs_in(&self, id: weft_ir::addr::ObjId) -> bool {
        let size = self.mem.object(id).map_or(0, |o| o.size);
        let base = self.mem.model().addr(id, 0);
        let inside = |a: &u64| (base..base + size.max(1)).contains(a);
        let s = &*self.sync;
        s.mutexes.keys().any(inside)
            || s.conds.keys().any(inside)
            || s.rwlocks.keys().any(inside)
            || s.sems.keys().any(inside)
            || s.barriers.keys().any(inside)
    }

    /// The stop for an allocation weft cannot make: under ILP32 the 32-bit
    /// address packing's bounds (limit `address-space`); under LP64, whose
    /// bounds lie far past any memory, `max-memory`.
    pub(crate) fn alloc_stop(&self, e: crate::memory::AllocError) -> Stop {
        use crate::memory::AllocError as E;
        match e {
            E::TooLarge | E::Exhausted if self.dm().is_ilp32() => {
                Stop::Limit(weft_core::LimitKind::AddressSpace)
            }
            _ => Stop::Limit(weft_core::LimitKind::MaxMemory),
        }
    }

    /// The program's data model (sizes of pointers, `long`, `time_t`...).
    #[inline]
    pub fn dm(&self) -> &weft_ir::DataModel {
        &self.prog.module.dm
    }

    /// The runtime model at code address `a` (an external function whose
    /// address the program took), if it is one.
    pub(crate) fn model_at(&self, a: u64) -> Option<&'static crate::runtime::Model> {
        match self.mem.decode(a) {
            (id, 0) if id.space == 0 => match self.prog.module.code_at(id.index) {
                Some(weft_ir::Code::Extern(e)) => self.prog.models.get(e as usize).copied(),
                _ => None,
            },
            _ => None,
        }
    }

    /// The program function at code address `a`, if it is one.
    pub(crate) fn function_at(&self, a: u64) -> Option<weft_ir::FuncId> {
        match self.mem.decode(a) {
            (id, 0) if id.space == 0 => match self.prog.module.code_at(id.index) {
                Some(weft_ir::Code::Func(f)) => Some(f),
                _ => None,
            },
            _ => None,
        }
    }

    /// Takes the next destructor to run (see `pending_destructor`): clears
    /// its key's value first, as POSIX does. Returns (destructor, value).
    pub(crate) fn take_destructor(&mut self, tid: Tid) -> Option<(u64, u64)> {
        let (key, f, v) = self.pending_destructor(tid)?;
        let t = self.thread_mut(tid).lib_mut();
        t.specific.retain(|&(k, _)| k != key);
        t.destructor_calls += 1;
        Some((f, v))
    }

    /// A stop for a call weft refuses to run: `what` at the current
    /// instruction's source line.
    pub(crate) fn unsupported(&self, what: impl std::fmt::Display) -> Stop {
        Stop::Unsupported(format!("{}: {what}", self.prog.sources().render(self.loc)))
    }

    /// Sets thread `tid`'s `errno` (a model reporting an error).
    pub(crate) fn set_errno(&mut self, tid: Tid, e: u32) -> Result<(), Stop> {
        let a = self.errno_location(tid)?;
        self.mem
            .write_int(a, 4, Some(e as u128))
            .map_err(|err| self.mem_bug(err, true))
    }

    /// The address of thread `tid`'s `errno`, an `int` of its own made at
    /// the first use (initially 0).
    pub(crate) fn errno_location(&mut self, tid: Tid) -> Result<u64, Stop> {
        if let Some(a) = self.thread(tid).lib().errno {
            return Ok(a);
        }
        let a = self
            .mem
            .alloc(thread_space(tid), 4, crate::memory::ObjKind::Stack, true)
            .map_err(|e| self.alloc_stop(e))?;
        self.thread_mut(tid).lib_mut().errno = Some(a);
        Ok(a)
    }

    pub(crate) fn mutex_kind(&self, m: u64) -> u32 {
        self.mem
            .read_int(m + self.dm().mutex_kind, 4)
            .ok()
            .flatten()
            .unwrap_or(0) as u32
    }

    fn lock_enabled(&self, tid: Tid, m: u64) -> bool {
        match self.sync.owner(m) {
            None => true,
            Some(o) => o == tid && self.mutex_kind(m) != PTHREAD_MUTEX_NORMAL,
        }
    }

    fn event_enabled(&self, tid: Tid, t: &Thread, e: &Event) -> bool {
        match e.kind {
            EventKind::Lock { mutex } => self.lock_enabled(tid, mutex),
            EventKind::CondWake { mutex, .. } => {
                let wakes = match t.state {
                    ThreadState::Woken { .. } => true,
                    ThreadState::Waiting { timed, .. } => {
                        (timed || self.limits.spurious_wakeups) && !t.spin.muted
                    }
                    _ => false,
                };
                wakes && self.sync.is_free(mutex)
            }
            // Relocking a lock held for writing fails at once (EDEADLK).
            EventKind::RwLock { rw, write } => {
                self.sync.rw_available(rw, write)
                    || self.sync.rwlocks.get(&rw).and_then(|s| s.writer) == Some(tid)
            }
            EventKind::SemWake { .. } | EventKind::BarrierLeave { .. } => {
                matches!(t.state, ThreadState::Granted { .. })
            }
            EventKind::Join { child } => {
                match self.threads.get(child as usize).and_then(|c| c.as_ref()) {
                    Some(c) => c.finished() || c.detached || c.joined || child == tid,
                    None => true,
                }
            }
            _ => true,
        }
    }

    /// The thread inside an atomic section, if any: only it may run.
    fn atomic_owner(&self) -> Option<Tid> {
        self.threads.iter().enumerate().find_map(|(i, t)| {
            t.as_ref()
                .filter(|t| t.atomic_depth > 0 && !t.finished())
                .map(|_| i as Tid)
        })
    }

    /// Who may run now, given the open atomic section (if any). Computed
    /// once per question, not once per thread.
    fn gate(&self) -> Gate {
        let Some(o) = self.atomic_owner() else {
            return Gate::Open;
        };
        if self.raw_enabled(o) {
            return Gate::Owner(o);
        }
        let own_buffer = |a: Tid| self.aux(a).is_some_and(|x| x.owner == o);
        let flushing = (0..self.aux.len() as Tid).any(|a| own_buffer(a) && self.raw_enabled(a));
        if flushing {
            Gate::OwnBuffers(o)
        } else {
            Gate::Open
        }
    }

    /// Whether `tid` can run behind `gate`.
    fn enabled_behind(&self, gate: Gate, tid: Tid) -> bool {
        match gate {
            Gate::Open => self.raw_enabled(tid),
            Gate::Owner(o) => tid == o,
            Gate::OwnBuffers(o) => {
                self.aux(tid).is_some_and(|a| a.owner == o) && self.raw_enabled(tid)
            }
        }
    }

    fn raw_enabled(&self, tid: Tid) -> bool {
        if let Some(aux) = self.aux(tid) {
            return aux.pending.is_some();
        }
        let Some(Some(t)) = self.threads.get(tid as usize) else {
            return false;
        };
        match &t.pending {
            Some(e) => {
                !t.finished()
                    && t.state != ThreadState::Spinning
                    && (t.buffer.entries.is_empty() || !e.is_barrier())
                    && self.event_enabled(tid, t, e)
            }
            None => false,
        }
    }

    /// After each step: turn "nobody can run" into an exit or a deadlock.
    fn after_step(&mut self) {
        if !self.status.is_running() {
            return;
        }
        let n = self.thread_count() as Tid;
        // Some thread can run iff some thread is enabled ignoring atomic
        // sections (an atomic section only narrows who).
        // A wait that could only return spuriously does not count: a waiter
        // that nothing will signal is deadlocked.
        let only_spurious = |t: Tid| {
            self.threads
                .get(t as usize)
                .and_then(|x| x.as_ref())
                .is_some_and(|x| matches!(x.state, ThreadState::Waiting { timed: false, .. }))
        };
        if (0..n).any(|t| self.raw_enabled(t) && !only_spurious(t)) {
            return;
        }
        let live: Vec<Tid> = (0..self.threads.len() as Tid)
            .filter(|&t| {
                self.threads[t as usize]
                    .as_ref()
                    .is_some_and(|x| !x.finished())
            })
            .collect();
        if live.is_empty() {
            self.status = Status::Exited(0);
            return;
        }
        // A timed waiter whose timeout spin detection cut (it would repeat
        // an iteration that did not time out) is not deadlocked.
        let repeat_cut = live.iter().any(|&t| {
            let x = self.thread(t);
            matches!(x.state, ThreadState::Waiting { timed: true, .. })
                && x.spin.muted
                && !x.spin.timeout_repeats
        });
        if repeat_cut {
            self.status = Status::Blocked(BlockReason::Repeat);
            return;
        }
        let details = live.iter().map(|&t| self.describe_wait(t)).collect();
        let message = if live.iter().any(|&t| self.hung(t)) {
            "deadlock: every live thread is blocked or loops forever"
        } else {
            "deadlock: every live thread is blocked"
        };
        let mut bug = Bug::new(
            BugKind::Deadlock,
            message,
            live[0],
            self.blocked_at(live[0]),
        );
        bug.details = details;
        self.status = Status::Bug(Box::new(bug));
    }

    /// Whether `tid` hangs in a loop without visible operations (see
    /// `spin::HangWatch`).
    fn hung(&self, tid: Tid) -> bool {
        let t = self.thread(tid);
        t.state == ThreadState::Spinning && t.pending.is_none()
    }

    /// Where `tid` is blocked: its pending operation, or the loop it hangs
    /// in.
    fn blocked_at(&self, tid: Tid) -> Loc {
        let t = self.thread(tid);
        match (&t.pending, t.frames.last()) {
            (Some(e), _) => e.loc,
            (None, Some(f)) => self.prog.module.functions[f.func as usize].locs[f.ip as usize],
            (None, None) => Loc::UNKNOWN,
        }
    }

    fn describe_wait(&self, tid: Tid) -> String {
        let t = self.thread(tid);
        let Some(e) = &t.pending else {
            if self.hung(tid) {
                return format!(
                    "thread {tid} loops forever at {} without touching anything another thread can change",
                    self.prog.sources().render(self.blocked_at(tid))
                );
            }
            return format!("thread {tid} has no next operation");
        };
        let p = &self.prog;
        let at = p.sources().render(e.loc);
        let what = match e.kind {
            EventKind::Lock { mutex } => match self.sync.owner(mutex) {
                Some(o) if o == tid => format!(
                    "relocks mutex {} that it already holds",
                    p.describe_addr(mutex)
                ),
                Some(o) => format!(
                    "waits for mutex {} held by thread {o}",
                    p.describe_addr(mutex)
                ),
                None => format!("waits for mutex {}", p.describe_addr(mutex)),
            },
            EventKind::CondWake { cond, mutex, .. } => match t.state {
                ThreadState::Waiting { .. } => {
                    format!("waits for a signal on {}", p.describe_addr(cond))
                }
                _ => format!(
                    "was signalled but waits for mutex {}",
                    p.describe_addr(mutex)
                ),
            },
            EventKind::RwLock { rw, write } => {
                let s = self.sync.rwlocks.get(&rw);
                let holder = match s {
                    Some(s) if s.writer.is_some() => {
                        format!("held for writing by thread {}", s.writer.unwrap_or(0))
                    }
                    Some(s) => {
                        let mut r = s.readers.clone();
                        r.sort_unstable();
                        r.dedup();
                        let r: Vec<String> = r.iter().map(|t| t.to_string()).collect();
                        format!("held for reading by thread(s) {}", r.join(", "))
                    }
                    None => "held".to_string(),
                };
                let how = if write { "writing" } else { "reading" };
                format!(
                    "waits to lock rwlock {} for {how}, {holder}",
                    p.describe_addr(rw)
                )
            }
            EventKind::SemWake { sem, .. } => {
                format!(
                    "waits in sem_wait on {} for a sem_post",
                    p.describe_addr(sem)
                )
            }
            EventKind::BarrierLeave { bar, .. } => {
                let (n, k) = self
                    .sync
                    .barriers
                    .get(&bar)
                    .map_or((0, 0), |b| (b.count, b.waiting.len()));
                format!(
                    "waits at barrier {} ({k} of {n} threads arrived)",
                    p.describe_addr(bar)
                )
            }
            _ if t.state == ThreadState::Spinning => self.describe_spin(tid),
            EventKind::Join { child } => format!("waits to join thread {child}"),
            _ => "is blocked".to_string(),
        };
        format!("thread {tid} {what} at {at}")
    }

    /// Runs thread `tid` until its next visible operation (which becomes
    /// its pending event), its end, or a stop.
    pub(crate) fn run_local(&mut self, tid: Tid) {
        self.credit_progress(tid, |m| m.run_local_inner(tid));
    }

    fn run_local_inner(&mut self, tid: Tid) {
        let prog = self.program_ref();
        let start = self.steps;
        let mut hang = crate::spin::HangWatch::default();
        while self.status.is_running() {
            if self.steps >= self.check_at {
                self.check_at = self.steps + CHECK_EVERY;
                if let Some(l) = self.limits.stop.expired() {
                    self.stop(Stop::Limit(l));
                    return;
                }
            }
            let ran = self.steps - start;
            if ran >= crate::spin::HANG_WATCH_AFTER {
                let f = self.frame(tid);
                let inst = &prog.module.functions[f.func as usize].insts[f.ip as usize];
                if hang.hangs(self, tid, inst, ran) {
                    self.hang(tid);
                    return;
                }
            }
            match self.exec_inst(prog, tid, false) {
                Ok(None) => {}
                Ok(Some(kind)) => {
                    self.watch_spin(tid, &kind);
                    let loc = self.loc;
                    let fences = std::mem::take(&mut self.thread_mut(tid).fences);
                    let ev = Event {
                        tid,
                        kind,
                        loc,
                        woken_by: None,
                        fences,
                    };
                    if ev.is_barrier() {
                        self.drain_hidden(tid, |_| true);
                    }
                    self.thread_mut(tid).pending = Some(ev);
                    return;
                }
                Err(Stop::Fork(alts)) => {
                    let kind = self.open_fork(tid, alts);
                    let ev = Event {
                        tid,
                        kind,
                        loc: self.loc,
                        woken_by: None,
                        fences: Default::default(),
                    };
                    self.thread_mut(tid).pending = Some(ev);
                    return;
                }
                Err(stop) => self.stop(stop),
            }
        }
    }

    pub(crate) fn stop(&mut self, stop: Stop) {
        self.status = match stop {
            Stop::Bug(b) => Status::Bug(b),
            Stop::Exit(code) => Status::Exited(code),
            Stop::Blocked(r) => Status::Blocked(r),
            Stop::Limit(l) => Status::Limit(l),
            Stop::Unsupported(msg) => Status::Unsupported(msg),
            Stop::Fork(_) => {
                debug_assert!(false, "a fork outside local code");
                Status::Limit(LimitKind::Symbolic)
            }
        };
    }

    /// Appends program output to `stream`, merging with the previous chunk
    /// of the same thread and stream.
    pub(crate) fn print(&mut self, tid: Tid, stream: Stream, text: &str) {
        self.note_effect(tid);
        let output = crate::cow::make_mut(&mut self.output);
        match output.last_mut() {
            Some(o) if o.tid == tid && o.stream == stream => o.text.push_str(text),
            _ => output.push(Output {
                tid,
                stream,
                text: text.to_string(),
            }),
        }
    }

    pub(crate) fn sync_mut(&mut self) -> &mut Sync {
        crate::cow::make_mut(&mut self.sync)
    }

    /// The number of alternatives of `tid`'s pending event (a signal with
    /// several waiters can wake any one of them).
    pub fn alternatives(&self, tid: Tid) -> u32 {
        if self.aux(tid).is_some() {
            return 1;
        }
        let t = self.thread(tid);
        match t.pending.as_ref().map(|e| &e.kind) {
            Some(EventKind::Signal { cond, .. }) => self.sync.waiters(*cond).len().max(1) as u32,
            Some(EventKind::SemPost { sem, .. }) => self.sync.sem_waiters(*sem).len().max(1) as u32,
            Some(EventKind::Choice { of, .. }) | Some(EventKind::Fork { of, .. }) => *of,
            // A timed wait not signalled: it times out (0) or, if spurious
            // wakeups are on, returns spuriously (1).
            Some(EventKind::CondWake { .. }) => match t.state {
                ThreadState::Waiting { timed: true, .. } if self.limits.spurious_wakeups => 2,
                _ => 1,
            },
            _ => 1,
        }
    }
}

/// Who may run while an atomic section is open (see [`Machine::gate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gate {
    /// No section is open, or its owner is blocked there (on a mutex, a
    /// join, a condition variable, a spin) with nothing left to flush:
    /// every enabled thread.
    Open,
    /// The owner of the open section, which can run.
    Owner(Tid),
    /// The owner cannot run but its own store buffers can flush (its
    /// stores are part of its section): those that have something to flush.
    OwnBuffers(Tid),
}

impl System for Machine {
    fn thread_count(&self) -> usize {
        self.threads.len().max(self.aux.len())
    }

    fn enabled(&self, out: &mut Vec<Tid>) {
        out.clear();
        let gate = self.gate();
        out.extend((0..self.thread_count() as Tid).filter(|&t| self.enabled_behind(gate, t)));
    }

    fn is_enabled(&self, tid: Tid) -> bool {
        self.enabled_behind(self.gate(), tid)
    }

    fn next_event(&self, tid: Tid) -> Option<&Event> {
        if let Some(aux) = self.aux(tid) {
            return aux.pending.as_ref();
        }
        self.threads.get(tid as usize)?.as_ref()?.pending.as_ref()
    }

    fn alternatives(&self, tid: Tid) -> u32 {
        Machine::alternatives(self, tid)
    }

    fn step(&mut self, tid: Tid, alt: u32) -> Event {
        self.local_log.clear();
        self.events_unchecked += 1;
        if self.events_unchecked >= EVENTS_PER_CHECK {
            self.events_unchecked = 0;
            self.check_at = self.check_at.min(self.steps);
        }
        if self.aux(tid).is_some() {
            let ev = self.flush(tid);
            self.after_spin_event(&ev);
            self.after_step();
            self.fingerprint_step();
            return ev;
        }
        let pending = self
            .thread_mut(tid)
            .pending
            .take()
            .expect("step on a thread with a pending event");
        if pending.is_barrier() {
            self.retire_aux(tid);
        }
        self.alt = alt;
        self.buffering = matches!(pending.kind, EventKind::MemOp { buffered: true, .. });
        self.last = None;
        self.last_read = None;
        let touches = self.spin_touch(tid, &pending.kind);
        let prog = self.program_ref();
        let run = |m: &mut Machine| m.exec_inst(prog, tid, true);
        if self.is_concolic() {
            self.concolic_before(tid, &pending.kind);
        }
        self.committing = true;
        let done = if let EventKind::Fork { .. } = pending.kind {
            self.take_fork(tid, alt)
        } else if crate::spin::logged_commit(&pending.kind) {
            run(self).map(|_| ())
        } else {
            self.credit_progress(tid, run).map(|_| ())
        };
        self.committing = false;
        self.buffering = false;
        if let Err(stop) = done {
            self.stop(stop);
        }
        let executed = self.last.take();
        self.spin_after(tid, touches, executed.as_ref());
        let mut kind = executed.unwrap_or(pending.kind);
        let woken_by = self.thread_mut(tid).spin.woken_by.take();
        if self.is_concolic() {
            let index = self.thread(tid).events;
            self.concolic_after(tid, index, &mut kind);
        }
        self.thread_mut(tid).events += 1;
        self.thread_mut(tid).local_run = 0;
        // The fences before the event, then the event's own (a fence).
        let own = std::mem::take(&mut self.thread_mut(tid).fences);
        let ev = Event {
            tid,
            kind,
            loc: pending.loc,
            woken_by,
            fences: pending.fences.then(own),
        };
        self.after_spin_event(&ev);
        if self.status.is_running()
            && !self.thread(tid).finished()
            && self.thread(tid).pending.is_none()
        {
            self.run_local(tid);
        }
        for child in std::mem::take(&mut self.spawned) {
            if self.status.is_running() {
                self.run_local(child);
            }
        }
        self.after_step();
        self.fingerprint_step();
        ev
    }

    fn status(&self) -> &Status {
        &self.status
    }

    fn output(&self) -> &[Output] {
        &self.output
    }

    fn spun(&self) -> bool {
        self.spun
    }

    fn part_done(&mut self) {
        if let Some(p) = &mut self.pool {
            p.flush();
        }
    }

    fn local_accesses(&self) -> &[Event] {
        &self.local_log
    }

    fn plain_accesses_local(&self) -> bool {
        self.local_plain
    }

    fn unexplored(&self) -> Option<LimitKind> {
        if self.concretized() {
            return Some(LimitKind::Symbolic);
        }
        self.nondet.then_some(LimitKind::Nondet)
    }

    fn inputs(&self) -> Vec<weft_core::Input> {
        self.input_values()
    }

    fn spin_blocked(&self, tid: Tid) -> bool {
        self.threads
            .get(tid as usize)
            .and_then(|t| t.as_ref())
            .is_some_and(|t| t.state == ThreadState::Spinning)
    }

    fn memory_digest(&self) -> u64 {
        self.mem.digest(weft_ir::addr::STATIC_SPACE)
    }

    fn variable_of(&self, addr: u64) -> u64 {
        let (id, _) = self.mem.decode(addr);
        (u64::from(id.space) << 32) | u64::from(id.index)
    }

    fn track_fingerprints(&mut self) {
        self.start_fingerprints();
    }

    fn global_sections(&mut self) {
        self.section_footprints = false;
        for t in 0..self.threads.len() {
            let scoped = matches!(
                self.threads[t].as_ref().and_then(|t| t.pending.as_ref()),
                Some(Event {
                    kind: EventKind::AtomicBegin { footprint: Some(_) },
                    ..
                })
            );
            if scoped {
                let t = self.thread_mut(t as Tid);
                if let Some(ev) = &mut t.pending {
                    ev.kind = EventKind::AtomicBegin { footprint: None };
                }
            }
        }
    }

    fn step_delta(&self) -> Option<u128> {
        self.fp?.delta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_names_round_trip() {
        let names = ThreadNames::default();
        let first = names.name(0, 0);
        let a = names.name(0, 1);
        let b = names.name(a, 0);
        let buf = names.name(b, crate::buffer::AUX | 2);
        assert_eq!(names.canonical(0), "0");
        assert_eq!(names.canonical(first), "0.0");
        assert_eq!(names.canonical(a), "0.1");
        assert_eq!(names.canonical(b), "0.1.0");
        assert_eq!(names.canonical(buf), "0.1.0/buf2");
        for t in [0, a, b, buf] {
            assert_eq!(names.resolve(&names.canonical(t)), Ok(t));
        }
        // Another registry, filled in another order, maps the same names
        // to its own ids.
        let other = ThreadNames::default();
        let buf2 = other.resolve("0.1.0/buf2").unwrap();
        assert_eq!(other.canonical(buf2), "0.1.0/buf2");
        assert_ne!(buf2, buf);
        let copy = ThreadNames::from_table(&names.table()).unwrap();
        assert_eq!(copy.table(), names.table());
        assert_eq!(copy.resolve("0.1.0"), Ok(b));
    }

    #[test]
    fn bad_names_and_tables_are_refused() {
        for bad in [
            "", "1", "0.", "0..1", "0.01", "0.x", "0/buf", "0.1/bufx", "00", "0.-1",
        ] {
            assert!(parse_name(bad).is_err(), "{bad}");
        }
        let t = |v: &[&str]| {
            ThreadNames::from_table(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        };
        assert!(t(&["0", "0.0", "0.0/buf0"]).is_ok());
        assert!(t(&["0.0"]).is_err());
        assert!(t(&["0", "0.0", "0.0"]).is_err());
        assert!(t(&["0", "0.0.1"]).is_err());
    }
}
