//! Concolic recording (`weft predict`): one concrete execution whose
//! shared reads are also symbolic, so that a predictive analysis can ask
//! what the execution's threads would do had a read returned another
//! write's value.
//!
//! Owns [`ConcolicState`] (the recording, copied on write like the rest of
//! the Machine) and [`ConcolicRecord`] (what the analysis gets).
//!
//! How it follows the paper (Wang et al., trace-based symbolic analysis of
//! atomicity violations, section 4.1, concurrent SSA): before each visible
//! read of a scalar (a load, the old value of a read-modify-write or a
//! compare-exchange) the bytes it reads are replaced by a fresh variable
//! `rN` (the paper's pi-variable), whose value in the execution is what the
//! bytes held (the *model*). Everything the thread computes from it is an
//! expression over such variables (the `sym` machinery, which the
//! Machine already has for symbolic inputs); a store records the
//! expression it writes. Where the thread must decide on a symbolic value
//! (a branch, a symbolic address, a value a C library call needs) it does
//! not fork: it takes the side the model takes and records the condition
//! as a *guard* of its next event (the paper's path condition g(t)): a
//! reordering in which a guard is false takes another path.
//!
//! Deviations: inputs (`__VERIFIER_nondet_*`) are fixed to 0, as under
//! `--nondet fixed`; aggregate and floating-point reads are not made
//! symbolic (the event is marked inexact, and the analysis keeps such an
//! access in its recorded order). Transaction markers are annotations:
//! under concolic recording `__VERIFIER_atomic_begin/end` and
//! `__VERIFIER_atomic_*` functions do not make other threads wait; they,
//! and `weft_atomic_begin/end`, are recorded as [`Mark`]s.

use crate::machine::Machine;
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::sync::Arc;
use weft_core::{EventKind, Tid};
use weft_ir::Ty;
use weft_smt::{Assignment, Dag, DagWriter, Expr};

/// One committed event of the recording.
#[derive(Clone, Debug)]
struct StepRec {
    tid: Tid,
    index: u32,
    read: Option<Expr>,
    write: Option<Expr>,
    before: Option<u128>,
    exact: bool,
}

/// A transaction marker: thread `tid` began (or ended) a transaction when
/// it had executed `index` events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub tid: Tid,
    pub index: u32,
    pub begin: bool,
}

/// The recording so far.
///
/// Invariants: `steps` has one entry per committed event, in order; every
/// variable in `pending` or a step's `read` has a value in `model`; a guard
/// is true under `model`.
#[derive(Clone, Debug, Default)]
pub(crate) struct ConcolicState {
    model: Assignment,
    pending: Option<Expr>,
    /// The value of the bytes a store is about to overwrite.
    pending_before: Option<u128>,
    /// The expected and new values of the compare-exchange being
    /// committed: its outcome is decided during the commit, and guards
    /// the thread's next event, not this one.
    pending_cas: Option<(Expr, Expr)>,
    steps: Vec<StepRec>,
    guards: Vec<(Tid, u32, Expr)>,
    marks: Vec<Mark>,
    /// Nesting depth of each thread's transaction markers.
    depth: FxHashMap<Tid, u32>,
}

/// One event of a [`ConcolicRecord`]: expressions are nodes of its dag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedStep {
    pub tid: Tid,
    /// Position among the thread's events, from 0.
    pub index: u32,
    /// The variable the event's read returned.
    pub read: Option<u32>,
    /// The value the event wrote.
    pub write: Option<u32>,
    /// For a store: the value of the bytes before it (when known).
    pub before: Option<u128>,
    /// The event's reads and writes are all modelled (see the module doc).
    pub exact: bool,
}

/// What a concolic execution recorded, with its expressions copied out of
/// the Machine's pool.
#[derive(Clone, Debug, Default)]
pub struct ConcolicRecord {
    pub dag: Dag,
    /// One per executed event, in execution order.
    pub steps: Vec<RecordedStep>,
    /// `(tid, index, node)`: the width-1 node must hold for event `index`
    /// of `tid` (and its later events) to execute as recorded.
    pub guards: Vec<(Tid, u32, u32)>,
    /// `(node, value)`: each read variable's value in the recording.
    pub model: Vec<(u32, u128)>,
    pub marks: Vec<Mark>,
}

impl Machine {
    fn concolic_mut(&mut self) -> &mut ConcolicState {
        crate::cow::make_mut(self.concolic.as_mut().expect("concolic recording"))
    }

    /// Whether this execution records concolically.
    #[inline]
    pub(crate) fn is_concolic(&self) -> bool {
        self.concolic.is_some()
    }

    /// The value of `e` in the recording.
    pub(crate) fn concolic_eval(&self, e: Expr) -> u128 {
        let c = self.concolic.as_ref().expect("concolic recording");
        self.pool().smt.eval(e, &c.model)
    }

    /// Records the width-1 `c` (true in the recording) as a guard of
    /// `tid`'s next event (or of the event it is committing).
    pub(crate) fn concolic_guard(&mut self, tid: Tid, c: Expr) {
        debug_assert_eq!(self.concolic_eval(c), 1, "a guard holds in the recording");
        // The outcome of a compare-exchange (decided while committing it)
        // guards what its thread does next: a reordering in which it
        // fails instead is still this event, which reads (and writes
        // `ite(old == expected, new, old)`).
        let cas = self.committing
            && self
                .concolic
                .as_ref()
                .is_some_and(|c| c.pending_cas.is_some());
        let index = self.thread(tid).events + cas as u32;
        self.concolic_mut().guards.push((tid, index, c));
    }

    /// A transaction marker of `tid`; only the outermost begin and end
    /// count.
    pub(crate) fn concolic_mark(&mut self, tid: Tid, begin: bool) {
        let index = self.thread(tid).events;
        let c = self.concolic_mut();
        let d = c.depth.entry(tid).or_default();
        let edge = if begin {
            *d += 1;
            *d == 1
        } else if *d > 0 {
            *d -= 1;
            *d == 0
        } else {
            false
        };
        if edge {
            c.marks.push(Mark { tid, index, begin });
        }
    }

    /// The scalar type `tid`'s current instruction reads, if it is a load,
    /// read-modify-write or compare-exchange of an integer or a pointer.
    fn scalar_read(&self, tid: Tid) -> Option<u64> {
        let inst = self.current_inst(tid)?;
        let ty = match &inst {
            weft_ir::Inst::Load { ty, .. }
            | weft_ir::Inst::Rmw { ty, .. }
            | weft_ir::Inst::CmpXchg { ty, .. } => ty,
            _ => return None,
        };
        matches!(ty, Ty::Int(_) | Ty::Ptr).then(|| ty.store_size())
    }

    /// A copy of `tid`'s current instruction.
    fn current_inst(&self, tid: Tid) -> Option<weft_ir::Inst> {
        let f = self.frame(tid);
        self.prog.module.functions[f.func as usize]
            .insts
            .get(f.ip as usize)
            .cloned()
    }

    /// Before `tid` commits `kind`: a scalar read gets a fresh variable in
    /// place of the bytes it reads.
    pub(crate) fn concolic_before(&mut self, tid: Tid, kind: &EventKind) {
        if let EventKind::Store { addr, size, .. } = *kind {
            let before = self
                .bytes_expr(tid, addr, size as u64)
                .map(|e| self.concolic_eval(e));
            self.concolic_mut().pending_before = before;
            return;
        }
        let (a, size) = match *kind {
            EventKind::Load { addr, size, .. }
            | EventKind::Rmw { addr, size, .. }
            | EventKind::CmpXchg { addr, size, .. } => (addr, size as u64),
            _ => return,
        };
        if self.scalar_read(tid) != Some(size) || size > 16 {
            return;
        }
        let bits = 8 * size as u32;
        let value = match self.sym_load(tid, a, &Ty::Int(bits)) {
            Ok(Value::Int(x)) => x,
            Ok(Value::Sym(e)) => self.concolic_eval(e),
            // Uninitialised or out of bounds: the commit reports it.
            _ => return,
        };
        let n = self.concolic.as_ref().map_or(0, |c| c.steps.len());
        let name = format!("r{n}");
        let origin = format!("the value thread {tid} read at event {n}");
        let var = self.build(|smt| smt.var(bits, &name, &origin));
        let v = {
            let p = self.pool();
            p.smt.vars_of(var)[0]
        };
        if self.write_var(a, size, var).is_err() {
            return;
        }
        let cas = match self.current_inst(tid) {
            Some(weft_ir::Inst::CmpXchg { expected, new, .. }) => {
                let (e, n) = (self.op(tid, &expected), self.op(tid, &new));
                match (self.expr_of(&e, bits), self.expr_of(&n, bits)) {
                    (Some(e), Some(n)) => Some((e, n)),
                    _ => None,
                }
            }
            _ => None,
        };
        let c = self.concolic_mut();
        c.model.insert(v, value);
        c.pending = Some(var);
        c.pending_cas = cas;
    }

    /// Puts `var` into the `size` bytes at `a`, leaving escape tracking
    /// alone (the bytes were already shared).
    fn write_var(&mut self, a: u64, size: u64, var: Expr) -> Result<(), crate::memory::MemError> {
        let bytes: smallvec::SmallVec<[Option<Expr>; 16]> = self.build(|smt| {
            (0..size as u32)
                .map(|i| Some(smt.extract(var, 8 * i + 7, 8 * i)))
                .collect()
        });
        let placeholder = (var.index() as u128).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xa5a5;
        self.mem.write_sym(a, placeholder, &bytes)
    }

    /// The value of the `size` bytes at `a` as an expression (`None` when
    /// uninitialised, too wide or out of bounds).
    fn bytes_expr(&self, tid: Tid, a: u64, size: u64) -> Option<Expr> {
        if size > 16 {
            return None;
        }
        match self.sym_load(tid, a, &Ty::Int(8 * size as u32)).ok()? {
            Value::Int(x) => Some(self.build(|smt| smt.constant(8 * size as u32, x))),
            Value::Sym(e) => Some(e),
            _ => None,
        }
    }

    /// After `tid` committed its event `index`, `kind`: records what it
    /// read and wrote, and puts the recorded values into the event's
    /// value fields (the Machine leaves symbolic ones 0).
    pub(crate) fn concolic_after(&mut self, tid: Tid, index: u32, kind: &mut EventKind) {
        let read = self.concolic_mut().pending.take();
        let before = self.concolic_mut().pending_before.take();
        let (read_at, write_at) = match *kind {
            EventKind::Load { addr, size, .. } => (Some((addr, size as u64)), None),
            EventKind::Store { addr, size, .. } | EventKind::Rmw { addr, size, .. } => (
                matches!(kind, EventKind::Rmw { .. }).then_some((addr, size as u64)),
                Some((addr, size as u64)),
            ),
            EventKind::CmpXchg { addr, size, .. } => (Some((addr, size as u64)), None),
            _ => (None, None),
        };
        let cas = self.concolic_mut().pending_cas.take();
        let write = match (&*kind, cas, read) {
            // Written either way: `new` on success, the old value back on
            // failure (which changes nothing, being atomic).
            (EventKind::CmpXchg { .. }, Some((exp, new)), Some(old)) => Some(self.build(|smt| {
                let eq = smt.eq(old, exp);
                smt.ite(eq, new, old)
            })),
            _ => write_at.and_then(|(a, s)| self.bytes_expr(tid, a, s)),
        };
        let read_value = read.map(|e| self.concolic_eval(e));
        let write_value = write.map(|e| self.concolic_eval(e));
        match kind {
            EventKind::Load { value, .. } => *value = read_value.unwrap_or(*value),
            EventKind::Store { value, .. } => *value = write_value.unwrap_or(*value),
            EventKind::Rmw { old, new, .. } => {
                *old = read_value.unwrap_or(*old);
                *new = write_value.unwrap_or(*new);
            }
            EventKind::CmpXchg { old, .. } => *old = read_value.unwrap_or(*old),
            _ => {}
        }
        let exact = !matches!(kind, EventKind::MemOp { .. } | EventKind::Free { .. })
            && (read_at.is_none() || read.is_some())
            && (write_at.is_none() || write.is_some());
        self.concolic_mut().steps.push(StepRec {
            tid,
            index,
            read,
            write,
            before,
            exact,
        });
    }

    /// The recording so far (`None` unless the Machine records
    /// concolically, see [`crate::Limits::concolic`]).
    pub fn concolic_record(&self) -> Option<ConcolicRecord> {
        let c = self.concolic.as_ref()?;
        let pool = self.pool.as_ref()?;
        let p = pool.get();
        let mut w = DagWriter::new();
        let steps = c
            .steps
            .iter()
            .map(|s| RecordedStep {
                tid: s.tid,
                index: s.index,
                read: s.read.map(|e| w.add(&p.smt, e)),
                write: s.write.map(|e| w.add(&p.smt, e)),
                before: s.before,
                exact: s.exact,
            })
            .collect();
        let guards = c
            .guards
            .iter()
            .map(|&(t, i, e)| (t, i, w.add(&p.smt, e)))
            .collect();
        let model = c
            .steps
            .iter()
            .filter_map(|s| s.read)
            .map(|e| {
                let v = p.smt.vars_of(e)[0];
                (w.add(&p.smt, e), c.model.value(v))
            })
            .collect();
        Some(ConcolicRecord {
            dag: w.finish(),
            steps,
            guards,
            model,
            marks: c.marks.clone(),
        })
    }
}

/// A fresh recording (see [`crate::Limits::concolic`]).
pub(crate) fn start() -> Arc<ConcolicState> {
    Arc::default()
}
