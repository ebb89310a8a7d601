//! A lowered module prepared for execution: constants converted to values,
//! external functions bound to their runtime models, and the static space
//! (globals, code objects and the standard streams' `FILE` objects) laid
//! out. It also holds what every execution of one run shares: the files
//! read from disk (read once, so that executions see the same bytes) and
//! the `--allow-writes` directory.

use crate::memory::{Memory, Object};
use crate::runtime::{self, Model};
use crate::value::Value;
use std::sync::Arc;
use weft_core::{Event, EventKind, SourceMap};
use weft_ir::addr::{self, ObjId};
use weft_ir::{ConstVal, Inst, Module};

/// Why a module cannot run.
#[derive(Debug)]
pub struct ProgramError {
    /// (function name, location) of each external with no model.
    pub unmodelled: Vec<(String, String)>,
}

impl std::fmt::Display for ProgramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the program calls external functions that weft does not model:"
        )?;
        for (name, loc) in &self.unmodelled {
            write!(f, "\n  {loc}: `{name}`")?;
        }
        write!(f, "\nweft models pthreads, common libc and SV-COMP functions; see the README for the list")
    }
}

/// An executable program, shared by every Machine that runs it.
pub struct Program {
    pub module: Module,
    pub consts: Vec<Value>,
    pub models: Vec<&'static Model>,
    /// Per model, whether its calls are ordinary memory operations
    /// ([`runtime::plain_memory`]).
    pub(crate) plain: Vec<bool>,
    /// `main`'s `argv` strings: the program's file name, then its
    /// arguments (`weft check --arg`).
    pub argv: Vec<String>,
    /// The environment, as `NAME=VALUE` strings (`weft check --env`): what
    /// `getenv` finds and `main`'s `envp` lists.
    pub env: Vec<String>,
    pub(crate) statics: Vec<Object>,
    /// A program function whose call is itself a finding (SV-COMP's
    /// `reach_error` under `unreach-call`, whatever its body; see
    /// [`Program::with_violation`]).
    pub violation: Option<weft_ir::FuncId>,
    /// The static footprints of the atomic sections (see `section`).
    pub(crate) sections: crate::section::Sections,
    /// Register liveness, for spin-loop fingerprints (computed lazily).
    pub(crate) live: crate::liveness::Liveness,
    /// The `FILE` objects of `stdin`, `stdout` and `stderr`.
    pub(crate) streams: [u64; 3],
    /// Files read from disk, by path as the program named them: read once,
    /// at the first `fopen`, so that every execution sees the same bytes.
    disk: std::sync::Mutex<rustc_hash::FxHashMap<String, runtime::DiskFile>>,
    /// The directory inside which files may be opened for writing
    /// (`--allow-writes`, canonical), if any.
    pub allow_writes: Option<std::path::PathBuf>,
}

impl Program {
    /// A program whose `main` gets `argv = {"prog", NULL}`.
    pub fn new(module: Module) -> Result<Arc<Program>, ProgramError> {
        Program::with_args(module, vec!["prog".to_string()])
    }

    /// A program whose `main` gets `argv` (the file name first).
    pub fn with_args(module: Module, argv: Vec<String>) -> Result<Arc<Program>, ProgramError> {
        let mut models = Vec::with_capacity(module.externs.len());
        let mut unmodelled = Vec::new();
        for e in &module.externs {
            match runtime::lookup(&e.name) {
                Some(m) => models.push(m),
                None => unmodelled.push((e.name.clone(), module.sources.render(e.first_use))),
            }
        }
        if !unmodelled.is_empty() {
            return Err(ProgramError { unmodelled });
        }
        let plain = models
            .iter()
            .map(|m| runtime::plain_memory(m.name))
            .collect();
        let consts = module.consts.iter().map(const_value).collect();
        let (statics, streams) = static_objects(&module);
        let live = crate::liveness::Liveness::new(module.functions.len());
        let sections = crate::section::Sections::new(&module);
        Ok(Arc::new(Program {
            module,
            consts,
            models,
            plain,
            argv,
            env: Vec::new(),
            statics,
            violation: None,
            sections,
            live,
            streams,
            disk: Default::default(),
            allow_writes: None,
        }))
    }

    /// Lets the program open files inside `dir` (a canonical path) for
    /// writing; their writes stay in memory. Like every `with_*` setter,
    /// call it on a program not yet shared.
    pub fn with_allow_writes(mut self: Arc<Program>, dir: std::path::PathBuf) -> Arc<Program> {
        unshared(&mut self, "with_allow_writes").allow_writes = Some(dir);
        self
    }

    /// Gives the program the environment `env` (`NAME=VALUE` strings), for
    /// `getenv` and `main`'s `envp`. Call it on a program not yet shared
    /// (as [`Program::with_args`] returns it).
    pub fn with_env(mut self: Arc<Program>, env: Vec<String>) -> Arc<Program> {
        if !env.is_empty() {
            unshared(&mut self, "with_env").env = env;
        }
        self
    }

    /// The contents of the file at `path` as the run first read them.
    pub(crate) fn disk(&self, path: &str) -> runtime::DiskFile {
        let mut cache = self.disk.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(path.to_string())
            .or_insert_with(|| runtime::read_disk(path))
            .clone()
    }

    /// Makes signed overflow a finding: every `add`, `sub`, `mul` and
    /// `shl` the compiler flagged `nsw` (C's signed arithmetic) is checked
    /// ([`weft_ir::Inst::BinNsw`]), reported as undefined behaviour whose
    /// message starts with `signed overflow`. Call it on a program not yet
    /// shared.
    pub fn with_overflow_check(mut self: Arc<Program>) -> Arc<Program> {
        let p = unshared(&mut self, "with_overflow_check");
        for f in &mut p.module.functions {
            for &i in &f.nsw {
                let inst = &mut f.insts[i as usize];
                if let Inst::Bin {
                    op,
                    bits,
                    dst,
                    a,
                    b,
                } = inst
                {
                    *inst = Inst::BinNsw {
                        op: *op,
                        bits: *bits,
                        dst: *dst,
                        a: *a,
                        b: *b,
                    };
                }
            }
        }
        self
    }

    /// Makes a call to the program's function `name` (if it defines one)
    /// an assertion finding, before its body runs.
    pub fn with_violation(mut self: Arc<Program>, name: &str) -> Arc<Program> {
        let f = self
            .module
            .functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| i as weft_ir::FuncId);
        unshared(&mut self, "with_violation").violation = f;
        self
    }

    pub fn sources(&self) -> &SourceMap {
        &self.module.sources
    }

    /// Index of the first C library object among the statics (after the
    /// globals, the code objects and the three standard streams).
    fn lib_base(&self) -> u32 {
        (1 + self.module.globals.len()
            + self.module.functions.len()
            + self.module.externs.len()
            + 3) as u32
    }

    /// The address of one of the C library's own objects.
    pub(crate) fn lib_addr(&self, obj: LibObj) -> u64 {
        self.module.dm.addr.addr(
            ObjId {
                space: addr::STATIC_SPACE,
                index: self.lib_base() + obj as u32,
            },
            0,
        )
    }

    /// A human name for an address: `global+off`, or the owning object.
    pub fn describe_addr(&self, a: u64) -> String {
        let (id, off) = self.module.dm.addr.decode(a);
        let suffix = if off == 0 {
            String::new()
        } else {
            format!("+{off}")
        };
        if id == ObjId::NULL {
            return format!("NULL{suffix}");
        }
        if id.space == addr::STATIC_SPACE {
            if let Some(g) = self.module.globals.get(id.index as usize - 1) {
                return format!("{}{suffix}", g.name);
            }
            if let Some(obj) = id.index.checked_sub(self.lib_base()) {
                if let Some(o) = LibObj::ALL.get(obj as usize) {
                    return format!("{}{suffix}", o.name());
                }
            }
            if let Some(k) = self
                .streams
                .iter()
                .position(|&s| self.module.dm.addr.decode(s).0 == id)
            {
                return format!("*{}{suffix}", runtime::STD_NAMES[k]);
            }
            return format!("code#{}", id.index);
        }
        if id.is_wide() {
            return format!("obj{}.w{}{suffix}", id.space - 1, id.index & !addr::WIDE);
        }
        format!("obj{}.{}{suffix}", id.space - 1, id.index)
    }
}

fn const_value(c: &ConstVal) -> Value {
    match c {
        ConstVal::Int(v) => Value::Int(*v),
        ConstVal::Undef => Value::Undef,
        ConstVal::Agg(items) => Value::Agg(items.iter().map(const_value).collect()),
    }
}

/// The static space: the null object, globals, code objects, and the
/// `FILE` objects of the standard streams, whose addresses are returned
/// too. The C library's `stdin`, `stdout` and `stderr` globals, when the
/// program declares them, point to those objects.
fn static_objects(m: &Module) -> (Vec<Object>, [u64; 3]) {
    let mut objs = vec![Memory::null_object()];
    let first = 1 + m.globals.len() + m.functions.len() + m.externs.len();
    let streams: [u64; 3] = std::array::from_fn(|k| {
        m.dm.addr.addr(
            ObjId {
                space: addr::STATIC_SPACE,
                index: (first + k) as u32,
            },
            0,
        )
    });
    for g in &m.globals {
        let std = runtime::STD_NAMES.iter().position(|&n| n == g.name);
        match std {
            Some(k) if g.external && g.size >= m.dm.ptr => {
                let init = [(0, streams[k].to_le_bytes()[..m.dm.ptr as usize].to_vec())];
                objs.push(Object::global(g.size, false, &init));
            }
            _ => objs.push(Object::global(g.size, g.constant, &g.init)),
        }
    }
    for _ in 0..m.functions.len() + m.externs.len() {
        objs.push(Object::code());
    }
    for _ in 0..3 {
        objs.push(Object::global(runtime::FILE_SIZE, true, &[]));
    }
    for obj in LibObj::ALL {
        objs.push(Object::global(obj.size(), false, &[]));
    }
    (objs, streams)
}

/// State the C library keeps for itself, as static objects placed after
/// the program's own (globals, then code), so that every execution has
/// them at the same addresses. The program never gets their addresses;
/// the runtime's events name them, so that the reduction orders the calls
/// that share them (two `rand()` calls, two clock reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LibObj {
    /// The logical clock: nanoseconds since the epoch, 8 bytes.
    Clock,
    /// `rand`'s generator: the call count (4 bytes), the front and rear
    /// indices (4 bytes each), then glibc's 31 words of state.
    Rand,
}

impl LibObj {
    pub(crate) const ALL: [LibObj; 2] = [LibObj::Clock, LibObj::Rand];

    fn size(self) -> u64 {
        match self {
            LibObj::Clock => 8,
            LibObj::Rand => 12 + 4 * 31,
        }
    }

    fn name(self) -> &'static str {
        match self {
            LibObj::Clock => "<clock>",
            LibObj::Rand => "<rand state>",
        }
    }
}

/// Renders an event's action for reports, e.g. `store counter = 1`.
pub fn describe_event(p: &Program, e: &Event) -> String {
    use EventKind::*;
    let a = |x: u64| p.describe_addr(x);
    match &e.kind {
        Load {
            addr,
            value,
            atomic,
            ..
        } => format!("{}load {} -> {}", at(*atomic), a(*addr), *value as i128),
        Store {
            addr,
            value,
            atomic,
            buffered,
            ..
        } => {
            let into = if *buffered {
                " (into its store buffer)"
            } else {
                ""
            };
            format!(
                "{}store {} = {}{into}",
                at(*atomic),
                a(*addr),
                *value as i128
            )
        }
        Update {
            addr,
            size,
            value,
            owner,
            ..
        } if *size <= 16 => format!(
            "thread {owner}'s buffer: {} = {} reaches memory",
            a(*addr),
            *value as i128
        ),
        Update {
            addr, size, owner, ..
        } => format!(
            "thread {owner}'s buffer: {} [{size}] reaches memory",
            a(*addr)
        ),
        Rmw { addr, old, new, .. } => format!("atomic rmw {}: {} -> {}", a(*addr), old, new),
        CmpXchg { addr, old, ok, .. } => {
            format!(
                "cmpxchg {} ({}, saw {})",
                a(*addr),
                if *ok { "succeeded" } else { "failed" },
                old
            )
        }
        Fence => "fence".into(),
        MemOp {
            name,
            read,
            write,
            stream,
            buffered,
        } => {
            let r = read
                .map(|(x, n)| format!(" reads {} [{n}]", a(x)))
                .unwrap_or_default();
            let into = if *buffered {
                " (into its store buffer)"
            } else {
                ""
            };
            let w = write
                .map(|(x, n)| format!(" writes {} [{n}]{into}", a(x)))
                .unwrap_or_default();
            let s = stream
                .map(|f| format!(" on stream {}", a(f)))
                .unwrap_or_default();
            format!("{name}{s}{r}{w}")
        }
        Free { addr, .. } => format!("free {}", a(*addr)),
        Lock { mutex } => format!("lock {}", a(*mutex)),
        TryLock { mutex, acquired } => {
            format!(
                "trylock {} ({})",
                a(*mutex),
                if *acquired { "acquired" } else { "busy" }
            )
        }
        Unlock { mutex } => format!("unlock {}", a(*mutex)),
        MutexInit { mutex } => format!("init mutex {}", a(*mutex)),
        MutexDestroy { mutex } => format!("destroy mutex {}", a(*mutex)),
        CondWait { cond, mutex } => format!("wait on {} (releases {})", a(*cond), a(*mutex)),
        CondWake { cond, mutex, how } => {
            let why = match how {
                weft_core::Wakeup::Signalled { .. } => "wake",
                weft_core::Wakeup::Spurious => "spurious wake",
                weft_core::Wakeup::TimedOut => "timeout",
            };
            format!("{why} from {} (reacquires {})", a(*cond), a(*mutex))
        }
        Signal { cond, woke } => match woke {
            Some(t) => format!("signal {} (wakes thread {t})", a(*cond)),
            None => format!("signal {} (no waiter)", a(*cond)),
        },
        Broadcast { cond, woke } => format!("broadcast {} (wakes {woke})", a(*cond)),
        CondInit { cond } => format!("init cond {}", a(*cond)),
        CondDestroy { cond } => format!("destroy cond {}", a(*cond)),
        RwLock { rw, write } => {
            format!("{} {}", if *write { "wrlock" } else { "rdlock" }, a(*rw))
        }
        RwTryLock {
            rw,
            write,
            acquired,
        } => format!(
            "{} {} ({})",
            if *write { "trywrlock" } else { "tryrdlock" },
            a(*rw),
            if *acquired { "acquired" } else { "busy" }
        ),
        RwUnlock { rw, write } => format!(
            "unlock {} (held for {})",
            a(*rw),
            if *write { "writing" } else { "reading" }
        ),
        RwInit { rw } => format!("init rwlock {}", a(*rw)),
        RwDestroy { rw } => format!("destroy rwlock {}", a(*rw)),
        SemWait { sem, blocked, .. } => match blocked {
            false => format!("sem_wait {} (takes a token)", a(*sem)),
            true => format!("sem_wait {} (none left: waits)", a(*sem)),
        },
        SemWake { sem, .. } => format!("sem_wait {} returns with a posted token", a(*sem)),
        SemPost { sem, woke } => match woke {
            Some(t) => format!("sem_post {} (hands the token to thread {t})", a(*sem)),
            None => format!("sem_post {}", a(*sem)),
        },
        SemTryWait { sem, ok } => format!(
            "sem_trywait {} ({})",
            a(*sem),
            if *ok { "takes a token" } else { "none left" }
        ),
        SemValue { sem } => format!("sem_getvalue {}", a(*sem)),
        SemTimeout { sem } => format!("sem_timedwait {} times out", a(*sem)),
        SemInit { sem } => format!("init semaphore {}", a(*sem)),
        SemDestroy { sem } => format!("destroy semaphore {}", a(*sem)),
        BarrierWait { bar, gen, serial } => format!(
            "barrier wait {} (generation {gen}{})",
            a(*bar),
            if *serial { ", last: releases all" } else { "" }
        ),
        BarrierLeave { bar, gen } => {
            format!("leave barrier {} (generation {gen})", a(*bar))
        }
        BarrierInit { bar } => format!("init barrier {}", a(*bar)),
        BarrierDestroy { bar } => format!("destroy barrier {}", a(*bar)),
        Spawn { child } => format!("create thread {child}"),
        Join { child } => format!("join thread {child}"),
        Detach { child } => format!("detach thread {child}"),
        Exit => "thread exits".into(),
        ProcessExit { code } => format!("exit({code})"),
        Yield => "yield".into(),
        Choice { value, .. } => format!("nondet -> {value}"),
        Fork { of: 2, value } => format!(
            "symbolic branch: {} side",
            ["true", "false"][*value as usize & 1]
        ),
        Fork { of, value } => format!("symbolic branch: alternative {value} of {of}"),
        ClockRead { new, .. } => format!("read the clock -> {new} ns"),
        Sleep { ns, .. } => format!("sleep {}.{:09}s", ns / 1_000_000_000, ns % 1_000_000_000),
        AtomicBegin { .. } => "atomic begin".into(),
        AtomicEnd { .. } => "atomic end".into(),
    }
}

fn at(atomic: bool) -> &'static str {
    if atomic {
        "atomic "
    } else {
        ""
    }
}

/// The program behind `p`, for a `with_*` setter: they configure a program
/// before its first execution shares it, so a shared one is a caller bug
/// (a setting silently lost would change what runs).
fn unshared<'a>(p: &'a mut Arc<Program>, setter: &str) -> &'a mut Program {
    Arc::get_mut(p).unwrap_or_else(|| panic!("Program::{setter} on a program already shared"))
}
