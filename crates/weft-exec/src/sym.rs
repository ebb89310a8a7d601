//! Symbolic inputs (`--nondet symbolic`): the path constraint, forks on
//! symbolic data, concretisation, and the inputs a witness records.
//!
//! Owns [`Pool`] (the expression pool and the solver of one exploration,
//! shared by every snapshot of its Machines) and [`SymState`] (one
//! execution's path constraint, inputs and pending forks, copied on write
//! like the rest of the Machine).
//!
//! How it follows the paper (POR-SE, built on KLEE): a branch on symbolic
//! data is a thread-local event with one alternative per side, each adding
//! its condition to the path constraint. Deviation: a fork exists wherever
//! the condition is not a constant *and* is not already one of the thread's
//! own path constraints, whether or not both sides are feasible; an
//! infeasible side ends its execution as blocked (`infeasible`). KLEE asks
//! the solver first and forks only when both sides are feasible, but then
//! whether a thread forks would depend on which constraints other threads
//! added before it, that is on the interleaving, and an explorer that
//! replays a schedule in another interleaving would find a different event.
//! Here the forks of a thread depend only on what it read.
//!
//! Where weft cannot follow a symbolic value (floats, sizes, arguments of C
//! library calls, symbolic data in a store buffer), it *concretises* it:
//! picks one feasible value, adds `value == expr` to the path constraint and
//! marks the execution, so that a run without bugs is `incomplete` (limit
//! `symbolic`) and never `safe`. Bugs found after a concretisation are real:
//! the witness's inputs satisfy the whole path constraint.

use crate::machine::{Machine, Stop};
use crate::value::Value;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::cell::{RefCell, RefMut};
use std::rc::Rc;
use std::sync::Arc;
use weft_core::{BlockReason, EventKind, Input, LimitKind, Loc, Tid};
use weft_smt::{Answer, Expr, Smt, Solver, SolverOptions, SolverStats};

/// The expression pool and solver of one exploration.
pub struct Pool {
    pub smt: Smt,
    pub solver: Solver,
    /// Input names and called functions by call site and model (see
    /// [`input_name`]).
    names: FxHashMap<(Loc, String), (String, String)>,
}

/// Solver counters summed over the pools of the parts of a split run.
pub type StatsSink = Arc<std::sync::Mutex<SolverStats>>;

/// A handle on the pool, shared by every Machine of one exploration (nodes
/// are never freed, so expressions in any snapshot stay valid). The pool
/// and its Z3 context are made at first use: a program without inputs
/// never starts Z3.
#[derive(Clone)]
pub struct SharedPool(Rc<PoolCell>);

/// What every handle of one [`SharedPool`] shares. The sink lives here, not
/// in each handle: a handle is cloned with every snapshot, and the sink's
/// `Arc`, which every part of a split run shares, would have its count
/// bounce between the workers' cores.
#[derive(Default)]
struct PoolCell {
    pool: RefCell<Option<Pool>>,
    sink: RefCell<Option<StatsSink>>,
}

impl SharedPool {
    pub fn new() -> SharedPool {
        SharedPool(Rc::default())
    }

    /// Makes [`SharedPool::flush`] add the solver's counters to `sink`: how
    /// a split run, whose parts each have their own pool, reports them.
    pub fn report_to(&mut self, sink: StatsSink) {
        *self.0.sink.borrow_mut() = Some(sink);
    }

    /// Adds the solver's counters to the sink given to
    /// [`SharedPool::report_to`], once: the pool's part is done.
    pub fn flush(&mut self) {
        let sink = self.0.sink.borrow_mut().take();
        if let Some(sink) = sink {
            if let Ok(mut total) = sink.lock() {
                total.add(&self.stats());
            }
        }
    }

    pub(crate) fn get(&self) -> RefMut<'_, Pool> {
        RefMut::map(self.0.pool.borrow_mut(), |p| {
            p.get_or_insert_with(|| {
                let options = SolverOptions {
                    timeout: Some(std::time::Duration::from_secs(10)),
                    ..SolverOptions::default()
                };
                Pool {
                    smt: Smt::new(),
                    solver: Solver::new(options),
                    names: FxHashMap::default(),
                }
            })
        })
    }

    /// Whether any execution drew a symbolic input (the pool was made).
    pub fn used(&self) -> bool {
        self.0.pool.borrow().is_some()
    }

    /// The solver's counters so far (zero if it was never used).
    pub fn stats(&self) -> SolverStats {
        self.0
            .pool
            .borrow()
            .as_ref()
            .map(|p| p.solver.stats())
            .unwrap_or_default()
    }
}

impl Default for SharedPool {
    fn default() -> Self {
        Self::new()
    }
}

/// Inputs a replay feeds the program, by (canonical thread name, index).
pub type GivenInputs = FxHashMap<(String, u32), u128>;

/// One input drawn by the execution.
#[derive(Clone, Debug)]
pub(crate) struct InputVar {
    tid: Tid,
    index: u32,
    name: String,
    func: String,
    after: u32,
    loc: Loc,
    width: u32,
    /// The variable, or `None` when the value was given (a replay).
    var: Option<Expr>,
    value: u128,
}

/// An append-only sequence whose copies share their common prefix: a
/// persistent vector (`rpds`), so that copying the symbolic state (at each
/// snapshot, copy-on-write) costs O(log n), not O(n). A long execution that
/// draws an input per iteration (SV-COMP's `while (1) if (nondet())
/// pthread_create(...)`) took 7 GiB in 20 s with plain vectors: every
/// snapshot kept its own copy of every input and constraint.
#[derive(Clone)]
struct Log<T>(rpds::VectorSync<T>);

impl<T> Default for Log<T> {
    fn default() -> Self {
        Log(rpds::VectorSync::new_sync())
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Log<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl<T> Log<T> {
    fn push(&mut self, v: T) {
        self.0.push_back_mut(v);
    }

    fn iter(&self) -> impl DoubleEndedIterator<Item = &T> {
        self.0.iter()
    }
}

/// One execution's symbolic state.
///
/// Invariants: `pc` is satisfiable (every constraint is added after a
/// check, or is a concretisation picked from a model); each entry of
/// `forks` belongs to a thread whose pending event is a
/// [`EventKind::Fork`] with as many alternatives.
#[derive(Clone, Debug, Default)]
pub(crate) struct SymState {
    /// The path constraint: width-1 expressions, all true on this path,
    /// each with the thread whose step added it.
    pc: Log<(Expr, Tid)>,
    inputs: Log<InputVar>,
    /// The alternatives of each thread's pending fork.
    forks: Vec<(Tid, SmallVec<[Expr; 2]>)>,
    /// Some value was concretised: the other values were not explored.
    pub(crate) concretized: bool,
}

impl SymState {
    /// Feeds thread `tid`'s part of the symbolic state to a fingerprint
    /// (see `fingerprint`): the constraints its steps added, in order, and
    /// how many inputs it drew. Only `tid`'s steps change it.
    pub(crate) fn hash_thread(&self, tid: Tid, h: &mut impl std::hash::Hasher) {
        for (e, _) in self.pc.iter().filter(|(_, o)| *o == tid) {
            h.write_u32(e.index());
        }
        h.write_usize(self.inputs.iter().filter(|i| i.tid == tid).count());
    }

    /// The path constraint, for the solver.
    fn constraints(&self) -> Vec<Expr> {
        self.pc.iter().map(|&(e, _)| e).collect()
    }
}

/// Most alternatives a symbolic address is resolved into; a larger range
/// is concretised.
const MAX_OFFSETS: u64 = 256;

/// Largest allocation size a symbolic size is forked into exactly.
const MAX_SIZE_FORK: u64 = 64;

/// Most objects a symbolic pointer is resolved into; more are concretised.
const MAX_OBJECTS: usize = 16;

impl Machine {
    pub(crate) fn pool(&self) -> RefMut<'_, Pool> {
        self.pool
            .as_ref()
            .expect("symbolic values exist only with a pool")
            .get()
    }

    fn sym_mut(&mut self) -> &mut SymState {
        crate::cow::make_mut(self.sym.get_or_insert_with(Arc::default))
    }

    /// Whether inputs are symbolic, or given by a replay.
    pub(crate) fn symbolic_inputs(&self) -> bool {
        self.pool.is_some() || self.given.is_some()
    }

    /// The solver counters, under `--nondet symbolic`.
    pub fn solver_stats(&self) -> Option<SolverStats> {
        self.pool.as_ref().map(|p| p.stats())
    }

    /// Draws a fresh input of `width` bits for thread `tid`: a symbolic
    /// variable, the value a replay gives, or (neither) `None`.
    pub(crate) fn draw_input(&mut self, tid: Tid, width: u32, name: &str) -> Option<Value> {
        if (self.pool.is_none() && self.given.is_none()) || self.is_concolic() {
            return None;
        }
        let index =
            self.sym
                .as_ref()
                .map_or(0, |s| s.inputs.iter().filter(|i| i.tid == tid).count()) as u32;
        let loc = self.loc;
        let (name, func) = match &self.pool {
            Some(pool) => {
                let key = (loc, name.to_string());
                let known = pool.get().names.get(&key).cloned();
                known.unwrap_or_else(|| {
                    let n = input_name(self.prog.sources(), loc, name);
                    pool.get().names.insert(key, n.clone());
                    n
                })
            }
            None => input_name(self.prog.sources(), loc, name),
        };
        let (var, value, v) = match &self.given {
            Some(given) => {
                let key = (self.names.canonical(tid), index);
                let value = given.get(&key).copied().unwrap_or(0) & weft_smt::ops::mask(width);
                (None, value, Value::Int(value))
            }
            None => {
                let origin = format!("{name} (thread {tid}, input {index})");
                let e = self.pool().smt.var(width, &name, &origin);
                (Some(e), 0, Value::Sym(e))
            }
        };
        let after = self.thread(tid).events;
        self.sym_mut().inputs.push(InputVar {
            tid,
            index,
            name,
            func,
            after,
            loc,
            width,
            var,
            value,
        });
        Some(v)
    }

    /// `v` as an expression of `bits` bits (`None` for uninitialised and
    /// aggregate values).
    pub(crate) fn expr_of(&self, v: &Value, bits: u32) -> Option<Expr> {
        match v {
            Value::Int(x) => Some(self.pool().smt.constant(bits, *x)),
            Value::Sym(e) => Some(self.fit(*e, bits)),
            _ => None,
        }
    }

    /// `e` truncated or zero-extended to `bits` bits.
    pub(crate) fn fit(&self, e: Expr, bits: u32) -> Expr {
        let mut p = self.pool();
        let w = p.smt.width(e);
        match w.cmp(&bits) {
            std::cmp::Ordering::Equal => e,
            std::cmp::Ordering::Greater => p.smt.trunc(e, bits),
            std::cmp::Ordering::Less => p.smt.zext(e, bits),
        }
    }

    /// The value of expression `e`: an integer if it folded to a constant.
    pub(crate) fn value_of(&self, e: Expr) -> Value {
        match self.pool().smt.as_const(e) {
            Some(c) => Value::Int(c),
            None => Value::Sym(e),
        }
    }

    /// Builds an expression with the pool.
    pub(crate) fn build<R>(&self, f: impl FnOnce(&mut Smt) -> R) -> R {
        f(&mut self.pool().smt)
    }

    /// Which of the mutually exclusive conditions `alts` (one of which
    /// holds) is true for thread `tid` on this path: a constant, or one of
    /// the thread's own path constraints. Otherwise, while running local
    /// code, a fork ([`Stop::Fork`]): the thread pauses with a
    /// [`EventKind::Fork`] event. While committing a visible event, which
    /// cannot fork, the first feasible condition is taken (concretised).
    pub(crate) fn choose(&mut self, tid: Tid, alts: &[Expr]) -> Result<usize, Stop> {
        debug_assert!(!alts.is_empty());
        {
            let p = self.pool();
            if let Some(i) = alts.iter().position(|&a| p.smt.as_bool(a) == Some(true)) {
                return Ok(i);
            }
            let live: SmallVec<[usize; 4]> = (0..alts.len())
                .filter(|&i| p.smt.as_bool(alts[i]) != Some(false))
                .collect();
            if live.len() == 1 {
                return Ok(live[0]);
            }
        }
        if self.is_concolic() {
            let i = alts
                .iter()
                .position(|&a| self.concolic_eval(a) == 1)
                .expect("one alternative holds in the recording");
            self.constrain(tid, alts[i]);
            return Ok(i);
        }
        if let Some(s) = &self.sym {
            for (c, o) in s.pc.iter().rev() {
                if *o == tid {
                    if let Some(i) = alts.iter().position(|a| a == c) {
                        return Ok(i);
                    }
                }
            }
        }
        if !self.committing {
            return Err(Stop::Fork(alts.iter().copied().collect()));
        }
        for (i, &a) in alts.iter().enumerate() {
            if self.feasible(a)? {
                self.constrain(tid, a);
                self.sym_mut().concretized = true;
                return Ok(i);
            }
        }
        Err(Stop::Blocked(BlockReason::Infeasible))
    }

    /// Whether the width-1 `c` is true for thread `tid` on this path (see
    /// [`Machine::choose`]; a fork's alternative 0 is the true side).
    pub(crate) fn decide(&mut self, tid: Tid, c: Expr) -> Result<bool, Stop> {
        if let Some(b) = self.pool().smt.as_bool(c) {
            return Ok(b);
        }
        let not = self.pool().smt.bool_not(c);
        Ok(self.choose(tid, &[c, not])? == 0)
    }

    /// Whether `c` can hold on this path.
    fn feasible(&mut self, c: Expr) -> Result<bool, Stop> {
        if self.is_concolic() {
            return Ok(self.concolic_eval(c) == 1);
        }
        let pc = self.path_constraint();
        let mut guard = self.pool();
        let p = &mut *guard;
        p.solver
            .may_be_true(&p.smt, &pc, c)
            .map_err(|_| Stop::Limit(LimitKind::Solver))
    }

    /// The path constraint, for the solver.
    fn path_constraint(&self) -> Vec<Expr> {
        self.sym
            .as_ref()
            .map(|s| s.constraints())
            .unwrap_or_default()
    }

    /// Adds `c` (known feasible) to the path constraint, as `tid`'s.
    fn constrain(&mut self, tid: Tid, c: Expr) {
        if self.is_concolic() {
            self.concolic_guard(tid, c);
        }
        self.sym_mut().pc.push((c, tid));
    }

    /// One feasible value of `v` on this path, fixed from now on (see the
    /// module doc). Concrete values come back as they are.
    pub(crate) fn concretize(&mut self, tid: Tid, v: &Value) -> Result<Value, Stop> {
        let Value::Sym(e) = *v else {
            return Ok(v.clone());
        };
        if self.is_concolic() {
            // Exact: the guard says the value is the recorded one.
            let value = self.concolic_eval(e);
            let eq = self.build(|smt| {
                let c = smt.constant(smt.width(e), value);
                smt.eq(e, c)
            });
            self.constrain(tid, eq);
            return Ok(Value::Int(value));
        }
        let pc = self.path_constraint();
        let value = {
            let mut guard = self.pool();
            let p = &mut *guard;
            match p.solver.get_value(&p.smt, &pc, e) {
                Ok(Some(x)) => x,
                Ok(None) => return Err(Stop::Blocked(BlockReason::Infeasible)),
                Err(_) => return Err(Stop::Limit(LimitKind::Solver)),
            }
        };
        let eq = self.build(|smt| {
            let c = smt.constant(smt.width(e), value);
            smt.eq(e, c)
        });
        self.constrain(tid, eq);
        self.sym_mut().concretized = true;
        Ok(Value::Int(value))
    }

    /// `__VERIFIER_assume(c)` with a symbolic `c`: `c` joins the path
    /// constraint; no input satisfies both: the execution is blocked.
    pub(crate) fn assume_sym(&mut self, tid: Tid, c: Expr) -> Result<(), Stop> {
        let c = self.build(|smt| smt.is_nonzero(c));
        if !self.feasible(c)? {
            return Err(Stop::Blocked(BlockReason::Assume));
        }
        self.constrain(tid, c);
        Ok(())
    }

    /// A symbolic allocation size, decided by a fork with one alternative
    /// per value up to [`MAX_SIZE_FORK`] and one for larger values (which
    /// are concretised): every small size an input allows is explored, each
    /// with its own concrete object.
    pub(crate) fn sym_size(&mut self, tid: Tid, e: Expr) -> Result<u64, Stop> {
        let alts: SmallVec<[Expr; 2]> = self.build(|smt| {
            let w = smt.width(e);
            let mut alts: SmallVec<[Expr; 2]> = (0..=MAX_SIZE_FORK)
                .map(|k| {
                    let c = smt.constant(w, k as u128);
                    smt.eq(e, c)
                })
                .collect();
            let max = smt.constant(w, MAX_SIZE_FORK as u128);
            alts.push(smt.ugt(e, max));
            alts
        });
        let i = self.choose(tid, &alts)? as u64;
        if i <= MAX_SIZE_FORK {
            return Ok(i);
        }
        Ok(self.concretize(tid, &Value::Sym(e))?.bits_or_zero() as u64)
    }

    /// Remembers the alternatives of the fork `tid` pauses at; its pending
    /// event.
    pub(crate) fn open_fork(&mut self, tid: Tid, alts: SmallVec<[Expr; 2]>) -> EventKind {
        let of = alts.len() as u32;
        let s = self.sym_mut();
        debug_assert!(
            s.forks.iter().all(|(t, _)| *t != tid),
            "one fork per thread"
        );
        s.forks.push((tid, alts));
        EventKind::Fork { of, value: 0 }
    }

    /// Takes alternative `alt` of `tid`'s pending fork: its condition joins
    /// the path constraint if feasible; otherwise the execution is blocked.
    pub(crate) fn take_fork(&mut self, tid: Tid, alt: u32) -> Result<(), Stop> {
        let s = self.sym_mut();
        let at = s
            .forks
            .iter()
            .position(|(t, _)| *t == tid)
            .expect("a pending fork has its alternatives");
        let (_, alts) = s.forks.swap_remove(at);
        self.last = Some(EventKind::Fork {
            of: alts.len() as u32,
            value: alt,
        });
        let c = alts[alt as usize];
        if !self.feasible(c)? {
            return Err(Stop::Blocked(BlockReason::Infeasible));
        }
        self.constrain(tid, c);
        Ok(())
    }

    /// Whether any value of this execution was concretised.
    pub(crate) fn concretized(&self) -> bool {
        self.sym.as_ref().is_some_and(|s| s.concretized)
    }

    /// The inputs drawn so far, with values of a model of the path
    /// constraint (given values in a replay).
    pub fn input_values(&self) -> Vec<Input> {
        let Some(s) = &self.sym else {
            return Vec::new();
        };
        let model = self.pool.as_ref().and_then(|pool| {
            let focus: Vec<Expr> = s.inputs.iter().filter_map(|i| i.var).collect();
            let mut guard = pool.get();
            let p = &mut *guard;
            match p
                .solver
                .check_focus(&p.smt, &s.constraints(), &focus, Expr::TRUE)
            {
                Answer::Sat(m) => Some(m),
                _ => None,
            }
        });
        s.inputs
            .iter()
            .map(|i| {
                let value = match (i.var, &model, &self.pool) {
                    (Some(v), Some(m), Some(pool)) => pool.get().smt.eval(v, m),
                    _ => i.value,
                };
                Input {
                    tid: i.tid,
                    index: i.index,
                    name: i.name.clone(),
                    func: i.func.clone(),
                    after: i.after,
                    loc: i.loc,
                    width: i.width,
                    value,
                }
            })
            .collect()
    }

    /// Resolves a symbolic address `e` for an access of `size` bytes into
    /// one concrete address, forking (see [`Machine::choose`]) first over
    /// the objects `e` may point into, then over the offsets of the access
    /// within the object. The object is the one the constant term of `e`
    /// points into; when `e` has none (a pointer chosen by an input, such
    /// as `c ? &a : &b`), the candidates are the objects its constants
    /// point into, one alternative each, plus one for "none of them" (a
    /// memory bug). The alternatives depend only on `e`, not on the path.
    pub(crate) fn resolve_addr(&mut self, tid: Tid, e: Expr, size: u64) -> Result<u64, Stop> {
        let base = self.build(|smt| base_constant(smt, e));
        if let Some(obj) = base.and_then(|b| self.object_span(b)) {
            return self.resolve_in(tid, e, size, obj);
        }
        let objects = self.candidate_objects(e);
        if objects.is_empty() || objects.len() > MAX_OBJECTS {
            return Ok(self.concretize(tid, &Value::Sym(e))?.bits_or_zero() as u64);
        }
        let alts = self.object_alternatives(e, &objects);
        let i = self.choose(tid, &alts)?;
        match objects.get(i) {
            Some(&obj) => self.resolve_in(tid, e, size, obj),
            None => Err(self.bug(
                weft_core::BugKind::Memory,
                format!(
                    "access of {size} bytes through a symbolic pointer outside every object it may point to"
                ),
            )),
        }
    }

    /// Resolves a symbolic pointer `e` passed to a modelled call (which
    /// computes on concrete values) into one concrete address, forking over
    /// the addresses it may take within the object its constant term points
    /// into: one alternative per multiple of its known alignment (the low
    /// bits the expression fixes to zero, at most 16) inside the object, or,
    /// when the offset is `c * x + d` with a larger stride `c`, one per
    /// `d + c * k` inside it plus one, concretised, for the other offsets
    /// that wrap-around can reach; and one for an address outside the
    /// object, concretised there (the call need not dereference it: not
    /// necessarily a bug). With no such object, or more
    /// than [`MAX_OFFSETS`] alternatives, the pointer is concretised. So a
    /// lock chosen by an input (`pthread_mutex_lock(&a[i].m)`) is explored
    /// for every `i`, not for one.
    pub(crate) fn resolve_arg(&mut self, tid: Tid, e: Expr) -> Result<u64, Stop> {
        let base = self.build(|smt| base_constant(smt, e));
        let Some((start, osize)) = base.and_then(|b| self.object_span(b)) else {
            return Ok(self.concretize(tid, &Value::Sym(e))?.bits_or_zero() as u64);
        };
        let (off, width, step, lattice) = self.build(|smt| {
            let s = smt.constant(smt.width(e), start as u128);
            let off = smt.sub(e, s);
            let step = 1u64 << low_zero_bits(smt, off).min(4);
            (off, smt.width(off), step, affine(smt, off))
        });
        // The offsets to try: multiples of the alignment the expression
        // fixes, or, for `c * x + d` with a larger stride, the values
        // `d + c * k` (wrap-around can reach others: a last alternative,
        // concretised, takes those). Counted before they are listed.
        let (first, stride, exact) = match lattice {
            Some((c, d)) if c > step as u128 && c < osize as u128 => {
                let c = c as u64;
                let r = crate::value::sext(d, width).rem_euclid(c as i128) as u64;
                (r, c, false)
            }
            _ => (0, step, true),
        };
        let count = osize.saturating_sub(first).div_ceil(stride);
        if count > MAX_OFFSETS {
            return Ok(self.concretize(tid, &Value::Sym(e))?.bits_or_zero() as u64);
        }
        let offsets: Vec<u64> = (0..count).map(|k| first + k * stride).collect();
        let alts: SmallVec<[Expr; 2]> = self.build(|smt| {
            let w = smt.width(off);
            let mut alts: SmallVec<[Expr; 2]> = SmallVec::new();
            for &v in &offsets {
                let c = smt.constant(w, v as u128);
                alts.push(smt.eq(off, c));
            }
            let last = smt.constant(w, (osize - 1) as u128);
            let outside = smt.ugt(off, last);
            alts.push(outside);
            if !exact {
                // Inside the object, and none of the offsets above.
                let mut other = smt.bool_not(outside);
                for k in 0..offsets.len() {
                    let ne = smt.bool_not(alts[k]);
                    other = smt.bool_and(other, ne);
                }
                alts.push(other);
            }
            alts
        });
        let i = self.choose(tid, &alts)?;
        match offsets.get(i) {
            Some(&v) => Ok(start + v),
            None => Ok(self.concretize(tid, &Value::Sym(e))?.bits_or_zero() as u64),
        }
    }

    /// The objects the constants of `e` point into, by address.
    fn candidate_objects(&self, e: Expr) -> Vec<(u64, u64)> {
        let consts: Vec<u128> = self.build(|smt| {
            smt.cone(&[e])
                .into_iter()
                .filter_map(|n| smt.as_const(n))
                .collect()
        });
        let mut objects: Vec<(u64, u64)> = consts
            .into_iter()
            .filter_map(|c| self.object_span(c))
            .collect();
        objects.sort_unstable();
        objects.dedup();
        objects
    }

    /// One alternative per object (`e` points into it), then "none".
    fn object_alternatives(&self, e: Expr, objects: &[(u64, u64)]) -> SmallVec<[Expr; 2]> {
        self.build(|smt| {
            let w = smt.width(e);
            let mut alts: SmallVec<[Expr; 2]> = SmallVec::new();
            let mut none = smt.tru();
            for &(start, osize) in objects {
                let lo = smt.constant(w, start as u128);
                let hi = smt.constant(w, (start + osize) as u128);
                let above = smt.uge(e, lo);
                let below = smt.ult(e, hi);
                let inside = smt.bool_and(above, below);
                alts.push(inside);
                let outside = smt.bool_not(inside);
                none = smt.bool_and(none, outside);
            }
            alts.push(none);
            alts
        })
    }

    /// The start and size of the live data object address `a` points into.
    fn object_span(&self, a: u128) -> Option<(u64, u64)> {
        let a = u64::try_from(a).ok()?;
        let (id, off) = self.mem.decode(a);
        if id == weft_ir::addr::ObjId::NULL {
            return None;
        }
        let o = self.mem.object(id)?;
        let data = !matches!(
            o.kind,
            crate::memory::ObjKind::Null | crate::memory::ObjKind::Code
        );
        (data && o.size > 0).then_some((a - off, o.size))
    }

    /// Resolves `e` within the object `(start, osize)`: one alternative per
    /// aligned offset of an access of `size` bytes, one for an offset
    /// outside the object (a memory bug), one for a misaligned offset
    /// (concretised); an object with more than [`MAX_OFFSETS`] offsets is
    /// concretised.
    fn resolve_in(
        &mut self,
        tid: Tid,
        e: Expr,
        size: u64,
        (start, osize): (u64, u64),
    ) -> Result<u64, Stop> {
        if osize < size || size == 0 {
            return Ok(self.concretize(tid, &Value::Sym(e))?.bits_or_zero() as u64);
        }
        let step = size.next_power_of_two().min(16);
        let count = (osize - size) / step + 1;
        if count > MAX_OFFSETS {
            return Ok(self.concretize(tid, &Value::Sym(e))?.bits_or_zero() as u64);
        }
        let alts: SmallVec<[Expr; 2]> = self.build(|smt| {
            let w = smt.width(e);
            let s = smt.constant(w, start as u128);
            let off = smt.sub(e, s);
            let mut alts: SmallVec<[Expr; 2]> = (0..count)
                .map(|k| {
                    let c = smt.constant(w, (k * step) as u128);
                    smt.eq(off, c)
                })
                .collect();
            let last = smt.constant(w, (osize - size) as u128);
            let outside = smt.ugt(off, last);
            alts.push(outside);
            if step > 1 && low_zero_bits(smt, off) < step.trailing_zeros() {
                let m = smt.constant(w, (step - 1) as u128);
                let low = smt.and(off, m);
                let zero = smt.constant(w, 0);
                let misaligned = smt.ne(low, zero);
                let inside = smt.bool_not(outside);
                alts.push(smt.bool_and(inside, misaligned));
            }
            alts
        });
        let i = self.choose(tid, &alts)? as u64;
        if i < count {
            Ok(start + i * step)
        } else if i == count {
            Err(self.bug(
                weft_core::BugKind::Memory,
                format!("out-of-bounds access of {size} bytes at a symbolic offset of a {osize}-byte object"),
            ))
        } else {
            Ok(self.concretize(tid, &Value::Sym(e))?.bits_or_zero() as u64)
        }
    }
}

/// What to call an input drawn by the model `func` at `loc`, and the
/// function the program called there: the variable the source line
/// assigns the call to (`x` for `int x = __VERIFIER_nondet_int();`, `a[i]`
/// for `a[i] = ...`), else the function; a buffer's name
/// (`klee_make_symbolic`) as it is. One model serves several functions
/// (`_int`, `_uint`, ...): the one called is read from the line.
fn input_name(sources: &weft_core::SourceMap, loc: Loc, func: &str) -> (String, String) {
    if !func.starts_with("__VERIFIER_nondet") {
        return (func.to_string(), "klee_make_symbolic".to_string());
    }
    let line = sources
        .files
        .get(loc.file as usize)
        .filter(|_| loc.is_known())
        .and_then(|f| std::fs::read_to_string(f).ok())
        .and_then(|text| text.lines().nth(loc.line as usize - 1).map(str::to_string));
    let called = line.as_deref().and_then(|l| {
        let at = l.find("__VERIFIER_nondet")?;
        let end = l[at..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(l.len(), |e| at + e);
        Some(l[at..end].to_string())
    });
    let name = line.and_then(|l| assigned_to(&l, "__VERIFIER_nondet"));
    let func = called.unwrap_or_else(|| func.to_string());
    (name.unwrap_or_else(|| func.clone()), func)
}

/// The lvalue `line` assigns a call of `func` to: `x` in `int x = f();`,
/// `a[i]` in `a[i] = (int)f();`; `None` when the call is not assigned (an
/// argument, a comparison).
fn assigned_to(line: &str, func: &str) -> Option<String> {
    let before = line[..line.find(func)?].trim_end();
    // Drop a cast such as `(int)`.
    let before = match before.strip_suffix(')') {
        Some(b) => b[..b.rfind('(')?].trim_end(),
        None => before,
    };
    let before = before.strip_suffix('=')?;
    if before.ends_with(['=', '!', '<', '>']) {
        return None;
    }
    let before = before
        .trim_end_matches(['+', '-', '*', '/', '|', '&', '^', '%'])
        .trim_end();
    let start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || "_.[]>-".contains(c)))
        .map_or(0, |i| i + 1);
    let v = &before[start..];
    (!v.is_empty() && !v.starts_with(|c: char| c.is_ascii_digit())).then(|| v.to_string())
}

/// How many low bits of `e` are zero whatever its variables are (a lower
/// bound, from its structure): `4 * sext(i)` has 2. A symbolic offset
/// that is a multiple of the access size needs no "misaligned"
/// alternative.
fn low_zero_bits(smt: &Smt, e: Expr) -> u32 {
    use weft_smt::{BinOp, Op};
    let w = smt.width(e);
    let tz = |x| low_zero_bits(smt, x);
    let bits = match smt.op(e) {
        Op::Const(0) => w,
        Op::Const(c) => c.trailing_zeros(),
        Op::Bin(BinOp::Add | BinOp::Sub, a, b) => tz(a).min(tz(b)),
        Op::Bin(BinOp::Mul, a, b) => tz(a).saturating_add(tz(b)),
        Op::Bin(BinOp::And, a, b) => tz(a).max(tz(b)),
        Op::Bin(BinOp::Shl, a, b) => match smt.as_const(b) {
            Some(k) if k < w as u128 => tz(a).saturating_add(k as u32),
            _ => 0,
        },
        Op::ZExt(a) | Op::SExt(a) => tz(a),
        Op::Extract(a, lo) => tz(a).saturating_sub(lo as u32),
        _ => 0,
    };
    bits.min(w)
}

/// The constant term of an address expression: the expression itself if
/// constant, else the constant operand of a top-level addition.
fn base_constant(smt: &Smt, e: Expr) -> Option<u128> {
    if let Some(c) = smt.as_const(e) {
        return Some(c);
    }
    if let weft_smt::Op::Bin(weft_smt::BinOp::Add, a, b) = smt.op(e) {
        return smt.as_const(a).or_else(|| smt.as_const(b));
    }
    None
}

/// `e` as `c * x + d` (wrapping, at `e`'s width) for constants `c` and `d`
/// and a non-constant `x`, when its form says so (sums with constants,
/// products and left shifts by constants).
fn affine(smt: &Smt, e: Expr) -> Option<(u128, u128)> {
    use weft_smt::{BinOp, Op};
    let m = weft_smt::ops::mask(smt.width(e));
    let split = |a: Expr, b: Expr| match (smt.as_const(a), smt.as_const(b)) {
        (Some(k), None) => Some((k, b)),
        (None, Some(k)) => Some((k, a)),
        _ => None,
    };
    let scaled = |k: u128, x: Expr| match affine(smt, x) {
        Some((c, d)) => Some((c.wrapping_mul(k) & m, d.wrapping_mul(k) & m)),
        None => Some((k & m, 0)),
    };
    let (c, d) = match smt.op(e) {
        Op::Bin(BinOp::Add, a, b) => {
            let (k, x) = split(a, b)?;
            let (c, d) = affine(smt, x)?;
            (c, d.wrapping_add(k) & m)
        }
        Op::Bin(BinOp::Mul, a, b) => {
            let (k, x) = split(a, b)?;
            scaled(k, x)?
        }
        Op::Bin(BinOp::Shl, a, b) => {
            // A constant `a` would have been folded.
            let k = smt.as_const(b).filter(|&k| k < smt.width(e) as u128)?;
            scaled(1u128 << k, a)?
        }
        _ => return None,
    };
    (c != 0).then_some((c, d))
}

/// The interpreter's instructions on symbolic operands (the slow paths of
/// `interp`): each builds the expression the concrete semantics in `arith`
/// computes, bit for bit.
impl Machine {
    /// An integer binary operation with a symbolic (or uninitialised)
    /// operand. Division by a value that may be zero, and signed overflow
    /// where it is checked, are decided first (forks).
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_int_bin(
        &mut self,
        tid: Tid,
        op: weft_ir::BinOp,
        bits: u32,
        a: &weft_ir::Operand,
        b: &weft_ir::Operand,
        nsw: bool,
    ) -> Result<Value, Stop> {
        use weft_ir::BinOp as B;
        let (x, y) = (self.op(tid, a), self.op(tid, b));
        let (Some(x), Some(y)) = (self.expr_of(&x, bits), self.expr_of(&y, bits)) else {
            return Ok(Value::Undef);
        };
        if bits > 64 && (nsw || matches!(op, B::Mul | B::UDiv | B::SDiv | B::URem | B::SRem)) {
            // Keeps the solver's problems small: wide operations concretely.
            let (cx, cy) = (
                self.concretize(tid, &self.value_of(x))?,
                self.concretize(tid, &self.value_of(y))?,
            );
            return crate::arith::bin(op, bits, cx.bits_or_zero(), cy.bits_or_zero())
                .map(Value::Int)
                .map_err(|_| self.bug(weft_core::BugKind::UndefinedBehavior, "division by zero"));
        }
        if matches!(op, B::UDiv | B::SDiv | B::URem | B::SRem) {
            let zero = self.build(|smt| {
                let z = smt.constant(bits, 0);
                smt.eq(y, z)
            });
            if self.decide(tid, zero)? {
                return Err(self.bug(weft_core::BugKind::UndefinedBehavior, "division by zero"));
            }
            if matches!(op, B::SDiv | B::SRem) {
                let ov = self.build(|smt| {
                    let min = smt.constant(bits, weft_smt::ops::signed_min(bits));
                    let m1 = smt.constant(bits, weft_smt::ops::mask(bits));
                    let a = smt.eq(x, min);
                    let b = smt.eq(y, m1);
                    smt.bool_and(a, b)
                });
                if self.decide(tid, ov)? {
                    let what = if op == B::SRem {
                        "remainder"
                    } else {
                        "division"
                    };
                    let msg =
                        format!("signed overflow: {what} of the smallest {bits}-bit integer by -1");
                    return Err(self.bug(weft_core::BugKind::UndefinedBehavior, msg));
                }
            }
        }
        if nsw {
            let ov = self.build(|smt| signed_overflow(smt, op, bits, x, y));
            if let Some(ov) = ov {
                if self.decide(tid, ov)? {
                    let what = match op {
                        B::Add => "addition",
                        B::Sub => "subtraction",
                        B::Mul => "multiplication",
                        _ => "left shift",
                    };
                    let msg =
                        format!("signed overflow: {what} of symbolic operands in {bits} bits");
                    return Err(self.bug(weft_core::BugKind::UndefinedBehavior, msg));
                }
            }
        }
        let r = self.build(|smt| {
            let amount = |smt: &mut Smt| {
                let n = smt.constant(bits, bits as u128);
                smt.urem(y, n)
            };
            match op {
                B::Add => smt.add(x, y),
                B::Sub => smt.sub(x, y),
                B::Mul => smt.mul(x, y),
                B::UDiv => smt.udiv(x, y),
                B::SDiv => smt.sdiv(x, y),
                B::URem => smt.urem(x, y),
                B::SRem => smt.srem(x, y),
                B::And => smt.and(x, y),
                B::Or => smt.or(x, y),
                B::Xor => smt.xor(x, y),
                B::Shl => {
                    let s = amount(smt);
                    smt.shl(x, s)
                }
                B::LShr => {
                    let s = amount(smt);
                    smt.lshr(x, s)
                }
                B::AShr => {
                    let s = amount(smt);
                    smt.ashr(x, s)
                }
            }
        });
        Ok(self.value_of(r))
    }

    /// The target of a conditional branch on the symbolic `e`.
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_branch(&mut self, tid: Tid, e: Expr, t: u32, f: u32) -> Result<u32, Stop> {
        let c = self.build(|smt| smt.is_nonzero(e));
        Ok(if self.decide(tid, c)? { t } else { f })
    }

    /// A symbolic operand resized to `bits` bits.
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_resize(&mut self, tid: Tid, a: &weft_ir::Operand, bits: u32) -> Value {
        match self.op(tid, a) {
            Value::Sym(e) => self.value_of(self.fit(e, bits)),
            _ => Value::Undef,
        }
    }

    /// A symbolic `alloca` count of `bits` bits (a negative one allocates
    /// nothing, as a concrete one does).
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_count(&mut self, tid: Tid, e: Expr, bits: u32) -> Result<u64, Stop> {
        let e = self.build(|smt| {
            let zero = smt.constant(bits, 0);
            let neg = smt.slt(e, zero);
            smt.ite(neg, zero, e)
        });
        self.sym_size(tid, e)
    }

    /// Before a store of the symbolic register `val` (see `interp::store`):
    /// which object a symbolic pointer points to is decided first (a fork,
    /// in local code), for escape tracking; a pointer stored into a private
    /// object is concretised (returned).
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_store_target(
        &mut self,
        tid: Tid,
        val: &weft_ir::Operand,
        shared: bool,
        into_buffer: bool,
    ) -> Result<Option<Value>, Stop> {
        let v = self.op(tid, val);
        let Value::Sym(e) = v else {
            return Ok(None);
        };
        if shared {
            self.sym_pointer_target(tid, e)?;
        } else if !into_buffer && self.sym_pointer_target(tid, e)?.is_some() {
            return Ok(Some(self.concretize(tid, &v)?));
        }
        Ok(None)
    }

    /// An atomic read-modify-write whose old value or operand is symbolic:
    /// the new value is an expression (integer operations; float ones and
    /// the wrapping increments are concretised). The event's `old` and
    /// `new` fields are 0 where symbolic.
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_rmw(
        &mut self,
        tid: Tid,
        (op, order): (weft_ir::RmwOp, weft_core::Order),
        ty: &weft_ir::Ty,
        dst: weft_ir::Reg,
        a: u64,
        val: &weft_ir::Operand,
    ) -> Result<Option<EventKind>, Stop> {
        use weft_ir::RmwOp as R;
        let size = ty.size();
        let bits = ty.bits();
        let old = self
            .sym_load(tid, a, ty)
            .map_err(|e| self.mem_bug(e, true))?;
        let v = self.op(tid, val);
        let integer = !matches!(
            op,
            R::FAdd | R::FSub | R::FMax | R::FMin | R::UIncWrap | R::UDecWrap
        );
        let (old, new) = match (self.expr_of(&old, bits), self.expr_of(&v, bits)) {
            (Some(o), Some(x)) if integer => {
                let n = self.build(|smt| match op {
                    R::Xchg => x,
                    R::Add => smt.add(o, x),
                    R::Sub => smt.sub(o, x),
                    R::And => smt.and(o, x),
                    R::Nand => {
                        let a = smt.and(o, x);
                        smt.not(a)
                    }
                    R::Or => smt.or(o, x),
                    R::Xor => smt.xor(o, x),
                    R::Max | R::Min | R::UMax | R::UMin => {
                        let less = match op {
                            R::Max | R::Min => smt.slt(o, x),
                            _ => smt.ult(o, x),
                        };
                        match op {
                            R::Max | R::UMax => smt.ite(less, x, o),
                            _ => smt.ite(less, o, x),
                        }
                    }
                    _ => unreachable!("float and wrapping operations are concretised"),
                });
                (self.value_of(o), self.value_of(n))
            }
            _ => {
                let o = self.concretize(tid, &old)?.bits_or_zero();
                let x = self.concretize(tid, &v)?.bits_or_zero();
                (Value::Int(o), Value::Int(crate::arith::rmw(op, ty, o, x)))
            }
        };
        self.store_scalar(a, size, &new)
            .map_err(|e| self.mem_bug(e, true))?;
        if self.committing {
            self.last = Some(EventKind::Rmw {
                addr: a,
                size: size as u32,
                old: old.int().unwrap_or(0),
                new: new.int().unwrap_or(0),
                order,
            });
        }
        self.frame_mut(tid).regs[dst as usize] = old;
        self.frame_mut(tid).ip += 1;
        Ok(None)
    }

    /// A compare-exchange whose old value, expected value or new value is
    /// symbolic. Whether it succeeds decides whether the event writes,
    /// which the explorers and the race detector must know: it is decided
    /// like a branch (a fork in local code; in a visible event, which
    /// cannot fork, the first feasible side, concretised).
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_cmpxchg(
        &mut self,
        tid: Tid,
        ty: &weft_ir::Ty,
        dst: weft_ir::Reg,
        a: u64,
        (exp, new): (&weft_ir::Operand, &weft_ir::Operand),
        (order, failure): (weft_core::Order, weft_core::Order),
    ) -> Result<Option<EventKind>, Stop> {
        let size = ty.size();
        let bits = ty.bits();
        let old = self
            .sym_load(tid, a, ty)
            .map_err(|e| self.mem_bug(e, false))?;
        let (e, n) = (self.op(tid, exp), self.op(tid, new));
        if self.is_concolic() {
            if let (Some(o), Some(x), Some(nx)) = (
                self.expr_of(&old, bits),
                self.expr_of(&e, bits),
                self.expr_of(&n, bits),
            ) {
                // Concolic recording: the outcome stays symbolic (the
                // thread's path depends on it only where it branches on
                // it), and the event writes `new` or the old value back.
                let (eq, written) = self.build(|smt| {
                    let eq = smt.eq(o, x);
                    (eq, smt.ite(eq, nx, o))
                });
                let ok = self.concolic_eval(eq) == 1;
                self.store_scalar(a, size, &self.value_of(written))
                    .map_err(|e| self.mem_bug(e, true))?;
                if self.committing {
                    self.last = Some(EventKind::CmpXchg {
                        addr: a,
                        size: size as u32,
                        old: 0,
                        ok,
                        expected: 0,
                        concrete: false,
                        order,
                        failure,
                    });
                }
                let result = Value::Agg(Arc::from(vec![old, self.value_of(eq)]));
                self.frame_mut(tid).regs[dst as usize] = result;
                self.frame_mut(tid).ip += 1;
                return Ok(None);
            }
        }
        let ok = match (self.expr_of(&old, bits), self.expr_of(&e, bits)) {
            (Some(o), Some(x)) => {
                let eq = self.build(|smt| smt.eq(o, x));
                self.decide(tid, eq)?
            }
            _ => old.int().unwrap_or(0) == e.int().unwrap_or(0),
        };
        if ok {
            self.store_scalar(a, size, &n)
                .map_err(|e| self.mem_bug(e, true))?;
        }
        if self.committing {
            self.last = Some(EventKind::CmpXchg {
                addr: a,
                size: size as u32,
                old: old.int().unwrap_or(0),
                ok,
                expected: e.int().unwrap_or(0),
                concrete: old.int().is_some() && e.int().is_some(),
                order,
                failure,
            });
        }
        let result = Value::Agg(Arc::from(vec![old, Value::from_bool(ok)]));
        self.frame_mut(tid).regs[dst as usize] = result;
        self.frame_mut(tid).ip += 1;
        Ok(None)
    }

    /// An integer comparison with a symbolic operand: a width-1 value.
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_icmp(
        &mut self,
        tid: Tid,
        pred: weft_ir::IPred,
        bits: u32,
        a: &weft_ir::Operand,
        b: &weft_ir::Operand,
    ) -> Value {
        use weft_ir::IPred as P;
        let (x, y) = (self.op(tid, a), self.op(tid, b));
        let (Some(x), Some(y)) = (self.expr_of(&x, bits), self.expr_of(&y, bits)) else {
            return Value::Undef;
        };
        let r = self.build(|smt| match pred {
            P::Eq => smt.eq(x, y),
            P::Ne => smt.ne(x, y),
            P::Ugt => smt.ugt(x, y),
            P::Uge => smt.uge(x, y),
            P::Ult => smt.ult(x, y),
            P::Ule => smt.ule(x, y),
            P::Sgt => smt.sgt(x, y),
            P::Sge => smt.sge(x, y),
            P::Slt => smt.slt(x, y),
            P::Sle => smt.sle(x, y),
        });
        self.value_of(r)
    }

    /// An integer cast of a symbolic operand; `None` for float casts (the
    /// caller concretises).
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_cast(
        &mut self,
        op: weft_ir::CastOp,
        from: &weft_ir::Ty,
        to: &weft_ir::Ty,
        a: &weft_ir::Operand,
        tid: Tid,
    ) -> Option<Value> {
        use weft_ir::CastOp as C;
        let v = self.op(tid, a);
        let (fb, tb) = (from.bits(), to.bits());
        let e = self.expr_of(&v, fb)?;
        let r = match op {
            C::Trunc | C::ZExt => self.fit(e, tb),
            C::SExt => self.build(|smt| {
                if fb >= tb {
                    smt.trunc(e, tb)
                } else {
                    smt.sext(e, tb)
                }
            }),
            _ => return None,
        };
        Some(self.value_of(r))
    }

    /// `select` on a symbolic condition: an if-then-else of two scalars; a
    /// fork for aggregates.
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_select(
        &mut self,
        tid: Tid,
        c: Expr,
        a: &weft_ir::Operand,
        b: &weft_ir::Operand,
    ) -> Result<Value, Stop> {
        let (x, y) = (self.op(tid, a), self.op(tid, b));
        let width = |m: &Machine, v: &Value| match v {
            Value::Sym(e) => Some(m.pool().smt.width(*e)),
            Value::Int(i) if *i > u64::MAX as u128 => Some(128),
            Value::Int(_) => Some(64),
            _ => None,
        };
        let c = self.build(|smt| smt.is_nonzero(c));
        match (width(self, &x), width(self, &y)) {
            (Some(wx), Some(wy)) => {
                let w = match (&x, &y) {
                    (Value::Sym(_), Value::Sym(_)) => wx.max(wy),
                    (Value::Sym(_), _) => wx.max(if wy == 128 { 128 } else { 1 }),
                    (_, Value::Sym(_)) => wy.max(if wx == 128 { 128 } else { 1 }),
                    _ => wx.max(wy),
                };
                let (ex, ey) = (
                    self.expr_of(&x, w).expect("scalar"),
                    self.expr_of(&y, w).expect("scalar"),
                );
                let r = self.build(|smt| smt.ite(c, ex, ey));
                Ok(self.value_of(r))
            }
            _ => Ok(if self.decide(tid, c)? { x } else { y }),
        }
    }

    /// `getelementptr` with a symbolic operand: a 64-bit address
    /// expression.
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_gep(
        &mut self,
        tid: Tid,
        base: &weft_ir::Operand,
        offset: i64,
        terms: &[(weft_ir::Operand, u32, i64)],
    ) -> Value {
        let Some(mut a) = self.expr_of(&self.op(tid, base), 64) else {
            return Value::Undef;
        };
        a = self.build(|smt| {
            let c = smt.constant(64, offset as u64 as u128);
            smt.add(a, c)
        });
        for (o, bits, scale) in terms {
            let Some(i) = self.expr_of(&self.op(tid, o), *bits) else {
                return Value::Undef;
            };
            a = self.build(|smt| {
                let wide = if *bits >= 64 {
                    smt.trunc(i, 64)
                } else {
                    smt.sext(i, 64)
                };
                let s = smt.constant(64, *scale as u64 as u128);
                let t = smt.mul(wide, s);
                smt.add(a, t)
            });
        }
        self.value_of(a)
    }

    /// The target of a `switch` on a symbolic value: a fork over the cases
    /// and the default.
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_switch(
        &mut self,
        tid: Tid,
        e: Expr,
        cases: &[(u128, u32)],
        default: u32,
    ) -> Result<u32, Stop> {
        let alts: SmallVec<[Expr; 2]> = self.build(|smt| {
            let w = smt.width(e);
            let mut alts: SmallVec<[Expr; 2]> = SmallVec::new();
            let mut none = smt.tru();
            for (v, _) in cases {
                let c = smt.constant(w, *v);
                let eq = smt.eq(e, c);
                alts.push(eq);
                let ne = smt.bool_not(eq);
                none = smt.bool_and(none, ne);
            }
            alts.push(none);
            alts
        });
        let i = self.choose(tid, &alts)?;
        Ok(cases.get(i).map_or(default, |(_, b)| *b))
    }

    /// A scalar load of bytes some of which are symbolic.
    #[cold]
    #[inline(never)]
    pub(crate) fn sym_load(
        &self,
        tid: Tid,
        a: u64,
        t: &weft_ir::Ty,
    ) -> Result<Value, crate::memory::MemError> {
        let size = t.store_size();
        if !self.thread(tid).buffer.entries.is_empty() || self.pool.is_none() {
            // Store-buffer forwarding works on concrete bytes.
            return Err(crate::memory::MemError::Symbolic);
        }
        let (raw, exprs) = self.mem.read_sym(a, size)?;
        let Some(exprs) = exprs else {
            return Ok(raw.map_or(Value::Undef, |x| {
                Value::Int(crate::value::mask(x, t.bits()))
            }));
        };
        let raw = raw.unwrap_or(0).to_le_bytes();
        let e = self.build(|smt| {
            let mut e: Option<Expr> = None;
            for (i, b) in exprs.iter().enumerate() {
                let byte = b.unwrap_or_else(|| smt.constant(8, raw[i] as u128));
                e = Some(match e {
                    None => byte,
                    Some(lo) => smt.concat(byte, lo),
                });
            }
            e.expect("a load reads at least one byte")
        });
        let e = self.fit(e, t.bits());
        Ok(self.value_of(e))
    }

    /// Writes the scalar `v`, symbolic or not, into `size` bytes at `a`
    /// (directly to memory).
    pub(crate) fn store_scalar(
        &mut self,
        a: u64,
        size: u64,
        v: &Value,
    ) -> Result<(), crate::memory::MemError> {
        match v {
            Value::Sym(e) => self.sym_store(a, size, *e),
            v => self.mem.write_int(a, size, v.int()),
        }
    }

    /// Stores the symbolic `e` into `size` bytes at `a` (a store buffer
    /// never gets here: see `interp::store`).
    pub(crate) fn sym_store(
        &mut self,
        a: u64,
        size: u64,
        e: Expr,
    ) -> Result<(), crate::memory::MemError> {
        let e = self.fit(e, 8 * size as u32);
        let bytes: SmallVec<[Option<Expr>; 16]> = self.build(|smt| {
            (0..size as u32)
                .map(|i| {
                    let b = smt.extract(e, 8 * i + 7, 8 * i);
                    smt.as_const(b).is_none().then_some(b)
                })
                .collect()
        });
        // Placeholder bytes that differ between expressions (see `memory`).
        let mut placeholder = 0u128;
        for i in 0..size {
            placeholder |= ((e.index() as u128 >> (8 * (i % 4))) & 0xff ^ 0xa5) << (8 * i);
        }
        self.mem.write_sym(a, placeholder, &bytes)?;
        self.escape_sym_pointers(a, e);
        Ok(())
    }

    /// Escapes the object a symbolic pointer stored at `a` points to (see
    /// [`Machine::sym_pointer_target`], which decided it before the store).
    fn escape_sym_pointers(&mut self, a: u64, e: Expr) {
        if !self.mem.is_shared(a) {
            return;
        }
        if let Ok(Some((start, _))) = self.sym_pointer_target(self.tid, e) {
            self.mem.escape_addr(start);
        }
    }

    /// Before `tid` stores the symbolic `e` (see `interp::store`): if `e`
    /// is pointer-wide and may point into objects, which one, forked like
    /// [`Machine::resolve_addr`] (a pointer into no object gives `None`).
    /// Escape tracking then stays exact: storing the pointer into a shared
    /// object escapes that object only. A store into a private object
    /// concretises such a pointer instead (escapes found later read
    /// concrete bytes).
    pub(crate) fn sym_pointer_target(
        &mut self,
        tid: Tid,
        e: Expr,
    ) -> Result<Option<(u64, u64)>, Stop> {
        let ptr_bits = 8 * self.mem.ptr_bytes() as u32;
        if self.pool().smt.width(e) != ptr_bits {
            return Ok(None);
        }
        let base = self.build(|smt| base_constant(smt, e));
        if let Some(obj) = base.and_then(|b| self.object_span(b)) {
            return Ok(Some(obj));
        }
        let objects = self.candidate_objects(e);
        if objects.is_empty() {
            return Ok(None);
        }
        let alts = self.object_alternatives(e, &objects);
        let i = self.choose(tid, &alts)?;
        Ok(objects.get(i).copied())
    }
}

/// Whether `op` on `x` and `y` overflows as a signed `bits`-bit operation
/// (as `arith::signed_overflow` decides it); `None` for operators that
/// cannot (LLVM's `nsw` is on add, sub, mul and shl only).
fn signed_overflow(smt: &mut Smt, op: weft_ir::BinOp, bits: u32, x: Expr, y: Expr) -> Option<Expr> {
    use weft_ir::BinOp as B;
    let wide = 2 * bits;
    match op {
        B::Add | B::Sub | B::Mul => {
            let (wx, wy) = (smt.sext(x, wide), smt.sext(y, wide));
            let r = match op {
                B::Add => smt.add(wx, wy),
                B::Sub => smt.sub(wx, wy),
                _ => smt.mul(wx, wy),
            };
            let low = smt.trunc(r, bits);
            let back = smt.sext(low, wide);
            Some(smt.ne(r, back))
        }
        B::Shl => {
            let n = smt.constant(bits, bits as u128);
            let too_far = smt.uge(y, n);
            let shifted = smt.shl(x, y);
            let back = smt.ashr(shifted, y);
            let lost = smt.ne(back, x);
            Some(smt.bool_or(too_far, lost))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::assigned_to;

    #[test]
    fn inputs_are_named_after_the_variable_they_are_assigned_to() {
        let name = |l: &str| assigned_to(l, "__VERIFIER_nondet");
        assert_eq!(name("  int x = __VERIFIER_nondet_int();"), Some("x".into()));
        assert_eq!(name("x=__VERIFIER_nondet_int();"), Some("x".into()));
        assert_eq!(
            name("  a[i] = (int)__VERIFIER_nondet_int();"),
            Some("a[i]".into())
        );
        assert_eq!(
            name("  s.f += __VERIFIER_nondet_int();"),
            Some("s.f".into())
        );
        assert_eq!(
            name("  p->v = __VERIFIER_nondet_int();"),
            Some("p->v".into())
        );
        assert_eq!(name("  if (x == __VERIFIER_nondet_int())"), None);
        assert_eq!(name("  foo(__VERIFIER_nondet_int());"), None);
        assert_eq!(name("  return __VERIFIER_nondet_int();"), None);
    }

    #[test]
    fn scaled_offsets_have_known_zero_low_bits() {
        let mut smt = weft_smt::Smt::new();
        let i = smt.var(32, "i", "i");
        let wide = smt.sext(i, 64);
        let four = smt.constant(64, 4);
        let scaled = smt.mul(wide, four);
        let base = smt.constant(64, 0x1000);
        let addr = smt.add(base, scaled);
        assert_eq!(super::low_zero_bits(&smt, addr), 2);
        let one = smt.constant(64, 1);
        let odd = smt.add(addr, one);
        assert_eq!(super::low_zero_bits(&smt, odd), 0);
        assert_eq!(super::low_zero_bits(&smt, wide), 0);
    }
}
