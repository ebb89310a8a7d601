//! Threads and their call stacks.

use crate::value::Value;
use smallvec::SmallVec;
use std::sync::Arc;
use weft_core::Event;
use weft_ir::{BlockId, FuncId, Reg};

/// The stack a thread has, the main thread's included: glibc's default (8
/// MiB, from the usual `ulimit -s`). weft does not enforce the size a
/// thread attribute sets.
pub const STACK_SIZE: u64 = 8 << 20;

/// Nested calls a thread may make, whatever their frames' size: frames
/// are estimated small (registers are not counted, see [`Frame::bytes`]),
/// and unbounded recursion must overflow well within `--max-steps`'
/// default (a million instructions). Natively, frames of 32 bytes (a
/// small function at `-O0`) overflow at about 262,000.
pub const MAX_CALL_DEPTH: usize = 100_000;

/// One activation record.
#[derive(Debug)]
pub struct Frame {
    pub func: FuncId,
    pub block: BlockId,
    /// Index of the current instruction in the function's `insts`.
    pub ip: u32,
    pub regs: Vec<Value>,
    /// Stack objects to kill on return.
    pub allocas: SmallVec<[u64; 4]>,
    /// The frame's share of [`Thread::stack_bytes`]: a return address, a
    /// saved frame pointer and a slot per parameter, plus its stack
    /// objects, each rounded up to 16 bytes.
    pub bytes: u64,
    /// Address of the variadic-argument area, if the function is variadic.
    pub va_area: Option<u64>,
    /// Where the caller wants the return value.
    pub ret_dst: Option<Reg>,
    /// The function is `__VERIFIER_atomic_*`.
    pub atomic: bool,
    /// A function a runtime model called (see `runtime::Ret::Call`): what
    /// its return does besides returning.
    pub on_return: Option<OnReturn>,
}

/// The progress of a runtime model whose call runs more than once: one
/// that calls program functions one after another (`qsort` and `bsearch`
/// calling the comparator, see [`OnReturn::Resume`]) or has more than one
/// visible event (`sscanf`'s stores, `time(&shared)`'s store). Kept in
/// [`Thread::resume`] between two runs of the call instruction; nothing
/// else of the thread runs in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resumed {
    /// The model's own counters (e.g. qsort's insertion step).
    pub progress: [u64; 3],
    /// What the called function returned (`None`: uninitialised or no
    /// function).
    pub result: Option<u128>,
}

/// What the return of a function called by a runtime model does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnReturn {
    /// `pthread_once`/`call_once`: the init routine finished; mark the
    /// control done and release the lock that other callers wait on (an
    /// `Unlock` of the control's address).
    OnceDone { ctl: u64 },
    /// A thread-specific data destructor run as its thread exits, or an
    /// `atexit` handler run as the process exits: the exit (a return from
    /// the start routine or `main`, `pthread_exit`, `exit`) runs again
    /// when it returns, for the next one or to end the thread.
    Destructor,
    /// A function called by a model that goes on afterwards (`qsort`'s
    /// comparator): the return stores `progress` and the result in
    /// [`Thread::resume`] and leaves the caller at the call, which runs
    /// again and resumes the model.
    Resume { progress: [u64; 3] },
}

/// By hand, for `allocas`: `SmallVec::clone` goes through its generic
/// `extend`, several times slower than `from_slice`, and a thread's frames
/// are cloned whenever a snapshotted state steps.
impl Clone for Frame {
    fn clone(&self) -> Frame {
        Frame {
            func: self.func,
            block: self.block,
            ip: self.ip,
            regs: self.regs.clone(),
            allocas: SmallVec::from_slice(&self.allocas),
            bytes: self.bytes,
            va_area: self.va_area,
            ret_dst: self.ret_dst,
            atomic: self.atomic,
            on_return: self.on_return,
        }
    }
}

/// Where a thread is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreadState {
    Running,
    /// In `pthread_cond_wait`, waiting for a signal (or, with `timed`, in
    /// `pthread_cond_timedwait`: for a signal or the timeout).
    Waiting {
        cond: u64,
        timed: bool,
    },
    /// Signalled; must reacquire its mutex to return from the wait.
    /// `unbidden`: the wait could also have returned without the signal
    /// (it was timed, or spurious wakeups are on).
    Woken {
        cond: u64,
        unbidden: bool,
    },
    /// In `sem_wait` or `pthread_barrier_wait` on object `obj`, waiting for
    /// a post to hand it a token or for the barrier's last arrival.
    /// `timed`: a `sem_timedwait`, which may time out instead.
    Blocked {
        obj: u64,
        timed: bool,
    },
    /// Handed what it waited for in `Blocked`: it returns next.
    Granted {
        obj: u64,
        timed: bool,
    },
    /// Spinning without progress: disabled until another thread writes a
    /// location it read (see `spin`).
    Spinning,
    Finished,
}

#[derive(Clone, Debug)]
pub struct Thread {
    pub frames: Vec<Frame>,
    /// The native stack its frames would take, estimated (the sum of
    /// their [`Frame::bytes`]): past [`STACK_SIZE`], a call or a stack
    /// allocation is a stack overflow.
    pub stack_bytes: u64,
    pub state: ThreadState,
    /// The next visible operation, once the thread has run up to it.
    pub pending: Option<Event>,
    pub retval: u64,
    pub detached: bool,
    pub joined: bool,
    /// Threads created so far (names the next child).
    pub children: u32,
    /// Nesting depth of `__VERIFIER_atomic_begin` and atomic functions.
    pub atomic_depth: u32,
    /// The outermost open atomic section has a footprint (its
    /// `AtomicBegin` carried one): its `AtomicEnd` conflicts with nothing.
    pub atomic_scoped: bool,
    pub spin: crate::spin::SpinWatch,
    /// Visible events executed so far.
    pub events: u32,
    /// Plain shared accesses run as local steps since the thread's last
    /// event (see `Limits::local_plain`).
    pub local_run: u32,
    /// Stores not yet in memory (TSO/PSO).
    pub buffer: crate::buffer::StoreBuffer,
    /// The C library's per-thread state, if the thread has any (see
    /// [`Thread::lib`]).
    lib: Option<Arc<ThreadLib>>,
    /// C11 fences executed since the last visible event (they go with the
    /// next one, see [`weft_core::Fences`]).
    pub fences: weft_core::Fences,
    /// The progress of the runtime model at the top frame's call, between
    /// two runs of it (see [`Resumed`]). Boxed: rare, and a thread is
    /// cloned whenever a snapshotted state steps it.
    pub resume: Option<Box<Resumed>>,
}

/// The C library's per-thread state. Apart from [`Thread`] and shared
/// between clones until written: few threads have any, and a thread is
/// cloned whenever a snapshotted state steps it.
#[derive(Clone, Debug, Default, Hash)]
pub struct ThreadLib {
    /// The thread's `errno` object (`__errno_location`), made at the first
    /// use.
    pub errno: Option<u64>,
    /// The cells `__ctype_b_loc`, `__ctype_tolower_loc` and
    /// `__ctype_toupper_loc` return (see `runtime::ctype`), made at the
    /// first use.
    pub ctype: [Option<u64>; 3],
    /// The thread's instances of thread-local globals: (the global's
    /// address, the instance's), made at the first access.
    pub tls: Vec<(u64, u64)>,
    /// Thread-specific data: (key, value), values never null.
    pub specific: Vec<(u32, u64)>,
    /// Keys this thread created (names the next one).
    pub keys_made: u32,
    /// Destructors run at exit so far (bounded, see
    /// `Machine::next_destructor`).
    pub destructor_calls: u32,
}

/// What a thread without C-library state has.
static NO_LIB: ThreadLib = ThreadLib {
    errno: None,
    ctype: [None; 3],
    tls: Vec::new(),
    specific: Vec::new(),
    keys_made: 0,
    destructor_calls: 0,
};

impl Thread {
    pub fn new(frame: Frame) -> Thread {
        Thread {
            stack_bytes: frame.bytes,
            frames: vec![frame],
            state: ThreadState::Running,
            pending: None,
            retval: 0,
            detached: false,
            joined: false,
            children: 0,
            atomic_depth: 0,
            atomic_scoped: false,
            spin: Default::default(),
            events: 0,
            local_run: 0,
            buffer: Default::default(),
            lib: None,
            fences: Default::default(),
            resume: None,
        }
    }

    pub fn finished(&self) -> bool {
        self.state == ThreadState::Finished
    }

    /// The thread's C-library state.
    pub fn lib(&self) -> &ThreadLib {
        self.lib.as_deref().unwrap_or(&NO_LIB)
    }

    /// The thread's C-library state, unshared, made at the first use.
    pub fn lib_mut(&mut self) -> &mut ThreadLib {
        crate::cow::make_mut(self.lib.get_or_insert_with(Default::default))
    }
}
