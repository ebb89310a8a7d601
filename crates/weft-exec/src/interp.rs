//! Instruction semantics.
//!
//! [`Machine::exec_inst`] executes the current instruction of a thread. In
//! *local* mode a visible instruction is not executed: its event is returned
//! so the thread can pause before it. In *commit* mode (the explorer chose
//! this thread) it is executed and its event recorded in `Machine::last`.

use crate::arith;
use crate::machine::{Machine, Stop};
use crate::memory::{MemError, ObjKind};
use crate::program::Program;
use crate::runtime::{Call, Ret};
use crate::thread::{Frame, OnReturn};
use crate::value::{mask, sext, Value};
use smallvec::SmallVec;
use std::sync::Arc;
use weft_core::{BugKind, EventKind, Loc, MemoryModel, Order, Tid};
use weft_ir::addr;
use weft_ir::{Callee, Code, FuncId, Inst, Operand, Reg, Ty};

type Step = Result<Option<EventKind>, Stop>;

impl Machine {
    #[inline]
    pub(crate) fn op(&self, tid: Tid, o: &Operand) -> Value {
        match o {
            Operand::Reg(r) => self.frame(tid).regs[*r as usize].clone(),
            Operand::Imm(v) => Value::Int(*v),
            Operand::Const(i) => self.prog.consts[*i as usize].clone(),
            Operand::Undef => Value::Undef,
        }
    }

    #[inline]
    fn set(&mut self, tid: Tid, r: Reg, v: Value) {
        self.frame_mut(tid).regs[r as usize] = v;
    }

    /// Writes a pure instruction's result and moves on.
    #[inline]
    fn put(&mut self, tid: Tid, dst: Reg, v: Value) -> Step {
        self.set(tid, dst, v);
        self.next(tid)
    }

    fn next(&mut self, tid: Tid) -> Step {
        self.frame_mut(tid).ip += 1;
        Ok(None)
    }

    /// An address operand; uninitialised addresses are findings.
    fn addr(&mut self, tid: Tid, o: &Operand) -> Result<u64, Stop> {
        self.addr_for(tid, o, 1)
    }

    /// An address operand for an access of `size` bytes: a symbolic
    /// address is resolved (see `sym`).
    #[inline]
    fn addr_for(&mut self, tid: Tid, o: &Operand, size: u64) -> Result<u64, Stop> {
        match self.op(tid, o) {
            Value::Int(v) => Ok(v as u64),
            Value::Sym(e) => self.resolve_addr(tid, e, size),
            _ => Err(self.bug(BugKind::Memory, "uninitialised value used as an address")),
        }
    }

    /// An operand that must be concrete: a symbolic value is concretised
    /// (see `sym`).
    fn concrete_op(&mut self, tid: Tid, o: &Operand) -> Result<Value, Stop> {
        let v = self.op(tid, o);
        if v.is_sym() {
            return self.concretize_deep(tid, v);
        }
        Ok(v)
    }

    /// `v` with every symbolic part concretised.
    pub(crate) fn concretize_deep(&mut self, tid: Tid, v: Value) -> Result<Value, Stop> {
        match v {
            Value::Sym(_) => self.concretize(tid, &v),
            Value::Agg(items) if items.iter().any(Value::is_sym) => {
                let mut out = Vec::with_capacity(items.len());
                for i in items.iter() {
                    out.push(self.concretize_deep(tid, i.clone())?);
                }
                Ok(Value::Agg(out.into()))
            }
            v => Ok(v),
        }
    }

    /// The stop for a failed access: a memory bug, or the memory bound.
    pub(crate) fn mem_bug(&self, e: MemError, write: bool) -> Stop {
        match e {
            MemError::Exhausted => Stop::Limit(weft_core::LimitKind::MaxMemory),
            // A C library call (or a store-buffer path) met symbolic bytes
            // it cannot compute on: not a bug of the program.
            MemError::Symbolic => Stop::Limit(weft_core::LimitKind::Symbolic),
            e => self.bug(BugKind::Memory, e.describe(write)),
        }
    }

    /// Executes (or, in local mode, possibly pauses before) the current
    /// instruction of `tid`.
    pub(crate) fn exec_inst(&mut self, prog: &Program, tid: Tid, commit: bool) -> Step {
        self.steps += 1;
        if self.steps > self.limits.max_steps {
            return Err(Stop::Limit(weft_core::LimitKind::MaxSteps));
        }
        let (fid, ip) = {
            let f = self.frame(tid);
            (f.func, f.ip)
        };
        let func = &prog.module.functions[fid as usize];
        let inst = &func.insts[ip as usize];
        self.loc = func.locs[ip as usize];
        self.tid = tid;
        match inst {
            Inst::Bin {
                op,
                bits,
                dst,
                a,
                b,
            } => {
                let v = self.int_bin(tid, *op, *bits, a, b, false)?;
                self.put(tid, *dst, v)
            }
            Inst::BinNsw {
                op,
                bits,
                dst,
                a,
                b,
            } => {
                let v = self.int_bin(tid, *op, *bits, a, b, true)?;
                self.put(tid, *dst, v)
            }
            Inst::FBin {
                op,
                double,
                dst,
                a,
                b,
            } => {
                let f = |x, y| arith::fbin(*op, *double, x, y);
                let v = match self.lift2(tid, a, b, f) {
                    Some(v) => v,
                    None => self.lift2_concrete(tid, a, b, f)?,
                };
                self.put(tid, *dst, v)
            }
            Inst::FNeg { double, dst, a } => {
                let sign = if *double { 1u128 << 63 } else { 1u128 << 31 };
                let f = |x, _| x ^ sign;
                let v = match self.lift2(tid, a, a, f) {
                    Some(v) => v,
                    None => self.lift2_concrete(tid, a, a, f)?,
                };
                self.put(tid, *dst, v)
            }
            Inst::ICmp {
                pred,
                bits,
                dst,
                a,
                b,
            } => {
                let v = match self.lift2(tid, a, b, |x, y| arith::icmp(*pred, *bits, x, y) as u128)
                {
                    Some(v) => v,
                    None => self.sym_icmp(tid, *pred, *bits, a, b),
                };
                self.put(tid, *dst, v)
            }
            Inst::FCmp {
                pred,
                double,
                dst,
                a,
                b,
            } => {
                let f = |x, y| arith::fcmp(*pred, *double, x, y) as u128;
                let v = match self.lift2(tid, a, b, f) {
                    Some(v) => v,
                    None => self.lift2_concrete(tid, a, b, f)?,
                };
                self.put(tid, *dst, v)
            }
            Inst::Cast {
                op,
                from,
                to,
                dst,
                a,
            } => {
                let f = |x, _| arith::cast(*op, from, to, x);
                let v = match self.lift2(tid, a, a, f) {
                    Some(v) => v,
                    None => match self.sym_cast(*op, from, to, a, tid) {
                        Some(v) => v,
                        None => self.lift2_concrete(tid, a, a, f)?,
                    },
                };
                self.put(tid, *dst, v)
            }
            Inst::Resize { bits, dst, a } => {
                let v = match self.lift2(tid, a, a, |x, _| mask(x, *bits)) {
                    Some(v) => v,
                    None => self.sym_resize(tid, a, *bits),
                };
                self.put(tid, *dst, v)
            }
            Inst::Copy { dst, a } => {
                let v = self.op(tid, a);
                self.put(tid, *dst, v)
            }
            Inst::Select { dst, c, a, b } => {
                let v = match self.op(tid, c) {
                    Value::Int(0) => self.op(tid, b),
                    Value::Int(_) => self.op(tid, a),
                    Value::Sym(e) => self.sym_select(tid, e, a, b)?,
                    _ => Value::Undef,
                };
                self.put(tid, *dst, v)
            }
            Inst::Alloca {
                dst,
                elem_size,
                count,
                count_bits,
                ..
            } => {
                let n = match self.op(tid, count) {
                    Value::Sym(e) => self.sym_count(tid, e, *count_bits)?,
                    Value::Int(n) => sext(n, *count_bits).max(0) as u64,
                    _ => {
                        return Err(self.bug(
                            BugKind::Memory,
                            "uninitialised value used as an allocation size",
                        ))
                    }
                };
                let size = elem_size.saturating_mul(n);
                let bytes = slot(size);
                self.check_stack(tid, bytes, false)?;
                let a = self.alloc(tid, size, ObjKind::Stack, false)?;
                let t = self.thread_mut(tid);
                t.stack_bytes += bytes;
                let frame = t.frames.last_mut().expect("a running thread has a frame");
                frame.bytes += bytes;
                frame.allocas.push(a);
                self.set(tid, *dst, Value::Int(a as u128));
                self.next(tid)
            }
            Inst::Gep {
                dst,
                base,
                offset,
                terms,
            } => {
                let v = match self.gep(tid, base, *offset, terms) {
                    Some(v) => v,
                    None => self.sym_gep(tid, base, *offset, terms),
                };
                self.put(tid, *dst, v)
            }
            Inst::Load {
                dst,
                ty,
                addr,
                atomic,
                order,
            } => self.load(tid, *dst, ty, addr, (*atomic, *order), commit),
            Inst::Store {
                ty,
                val,
                addr,
                atomic,
                seq_cst,
                order,
            } => self.store(tid, ty, val, addr, (*atomic, *seq_cst, *order), commit),
            Inst::Rmw {
                op,
                ty,
                dst,
                addr,
                val,
                order,
            } => self.rmw(tid, (*op, *order), ty, *dst, addr, val, commit),
            Inst::CmpXchg {
                ty,
                dst,
                addr,
                expected,
                new,
                order,
                failure,
            } => {
                let orders = (*order, *failure);
                self.cmpxchg(tid, ty, *dst, addr, (expected, new), orders, commit)
            }
            Inst::Fence { kind, order } => {
                // A fence that orders nothing in the memory model is not an
                // event; its C11 order goes with the thread's next event.
                // Except a release fence after plain accesses run as local
                // steps: it publishes them, so the race check must see it
                // after them, as an event of its own.
                let publishes = self.local_plain
                    && order.is_some_and(|o| o.releases())
                    && self.thread(tid).local_run > 0;
                if !self.fence_is_barrier(*kind) && !publishes {
                    if let Some(o) = order {
                        self.thread_mut(tid).fences.add(*o);
                    }
                    return self.next(tid);
                }
                if !commit {
                    return Ok(Some(EventKind::Fence));
                }
                if let Some(o) = order {
                    self.thread_mut(tid).fences.add(*o);
                }
                self.last = Some(EventKind::Fence);
                self.next(tid)
            }
            Inst::ExtractValue { dst, agg, path } => {
                let mut v = self.op(tid, agg);
                for &i in path {
                    v = match v {
                        Value::Agg(items) => items.get(i as usize).cloned().unwrap_or(Value::Undef),
                        _ => Value::Undef,
                    };
                }
                self.put(tid, *dst, v)
            }
            Inst::InsertValue {
                dst,
                agg,
                val,
                path,
            } => {
                let v = insert(self.op(tid, agg), &path[..], self.op(tid, val));
                self.put(tid, *dst, v)
            }
            Inst::Intr {
                op,
                bits,
                dst,
                args,
            } => {
                let mut vals: SmallVec<[Value; 3]> = args.iter().map(|a| self.op(tid, a)).collect();
                if vals.iter().any(Value::is_sym) {
                    for v in vals.iter_mut() {
                        *v = self.concretize_deep(tid, v.clone())?;
                    }
                }
                let v = if vals.iter().all(|v| v.int().is_some()) {
                    let ints: SmallVec<[u128; 3]> = vals.iter().map(|v| v.bits_or_zero()).collect();
                    match arith::intrinsic(*op, *bits, &ints) {
                        (r, None) => Value::Int(r),
                        (r, Some(flag)) => {
                            Value::Agg(Arc::from(vec![Value::Int(r), Value::from_bool(flag)]))
                        }
                    }
                } else {
                    Value::Undef
                };
                self.put(tid, *dst, v)
            }
            Inst::Call {
                dst,
                callee,
                args,
                byval,
            } => {
                if !byval.is_empty() && byval.iter().any(|b| b.0 & weft_ir::ARG_8 == 0) {
                    // `byval` copies read memory directly.
                    self.drain_hidden(tid, |_| true);
                }
                self.call(prog, tid, *dst, callee, args, byval, commit)
            }
            Inst::VaStart { ap } => self.va_start(tid, ap),
            Inst::VaCopy { dst, src } => {
                self.drain_hidden(tid, |_| true);
                let d = self.addr(tid, dst)?;
                let s = self.addr(tid, src)?;
                // x86-64's `va_list` is a 24-byte struct, i386's a pointer.
                let size = if prog.module.dm.is_ilp32() { 4 } else { 24 };
                let (b, i) = self
                    .mem
                    .read_bytes(s, size)
                    .map_err(|e| self.mem_bug(e, false))?;
                self.mem
                    .write_bytes(d, &b, &i)
                    .map_err(|e| self.mem_bug(e, true))?;
                self.next(tid)
            }
            Inst::Nop => self.next(tid),
            Inst::Ret { val } => {
                let v = val.as_ref().map(|o| self.op(tid, o));
                self.ret(tid, v, commit)
            }
            Inst::Br { target } => {
                self.jump(prog, tid, *target);
                Ok(None)
            }
            Inst::CondBr { c, t, f } => {
                let target = match self.op(tid, c) {
                    Value::Int(0) => *f,
                    Value::Int(_) => *t,
                    Value::Sym(e) => self.sym_branch(tid, e, *t, *f)?,
                    _ => {
                        return Err(
                            self.bug(BugKind::Memory, "uninitialised value decides a branch")
                        )
                    }
                };
                self.jump(prog, tid, target);
                Ok(None)
            }
            Inst::Switch { v, cases, default } => {
                let x = match self.op(tid, v) {
                    Value::Int(x) => x,
                    Value::Sym(e) => {
                        let target = self.sym_switch(tid, e, cases, *default)?;
                        self.jump(prog, tid, target);
                        return Ok(None);
                    }
                    _ => {
                        return Err(
                            self.bug(BugKind::Memory, "uninitialised value decides a switch")
                        )
                    }
                };
                let target = cases
                    .iter()
                    .find(|(c, _)| *c == x)
                    .map(|(_, b)| *b)
                    .unwrap_or(*default);
                self.jump(prog, tid, target);
                Ok(None)
            }
            Inst::Unreachable => {
                Err(self.bug(BugKind::UndefinedBehavior, "unreachable code was executed"))
            }
        }
    }

    /// `f` on two integer operands; `Undef` if one is uninitialised;
    /// `None` if one is symbolic (the caller's slow path).
    #[inline]
    fn lift2(
        &self,
        tid: Tid,
        a: &Operand,
        b: &Operand,
        f: impl FnOnce(u128, u128) -> u128,
    ) -> Option<Value> {
        match (self.op(tid, a), self.op(tid, b)) {
            (Value::Int(x), Value::Int(y)) => Some(Value::Int(f(x, y))),
            (Value::Sym(_), _) | (_, Value::Sym(_)) => None,
            _ => Some(Value::Undef),
        }
    }

    /// [`Machine::lift2`] after concretising symbolic operands (floats).
    #[cold]
    #[inline(never)]
    fn lift2_concrete(
        &mut self,
        tid: Tid,
        a: &Operand,
        b: &Operand,
        f: impl FnOnce(u128, u128) -> u128,
    ) -> Result<Value, Stop> {
        let x = self.concrete_op(tid, a)?;
        let y = self.concrete_op(tid, b)?;
        Ok(match (x, y) {
            (Value::Int(x), Value::Int(y)) => Value::Int(f(x, y)),
            _ => Value::Undef,
        })
    }

    /// The address a `getelementptr` computes; `None` if an operand is
    /// symbolic (see [`Machine::sym_gep`]).
    #[inline]
    fn gep(
        &self,
        tid: Tid,
        base: &Operand,
        offset: i64,
        terms: &[(Operand, u32, i64)],
    ) -> Option<Value> {
        let b = match self.op(tid, base) {
            Value::Int(b) => b,
            Value::Sym(_) => return None,
            _ => return Some(Value::Undef),
        };
        let mut a = (b as u64).wrapping_add(offset as u64);
        for (o, bits, scale) in terms {
            let i = match self.op(tid, o) {
                Value::Int(i) => i,
                Value::Sym(_) => return None,
                _ => return Some(Value::Undef),
            };
            a = a.wrapping_add((sext(i, *bits) as i64).wrapping_mul(*scale) as u64);
        }
        Some(Value::Int(a as u128))
    }

    /// Moves to `target`, assigning its phis for the edge from the current block.
    fn jump(&mut self, prog: &Program, tid: Tid, target: u32) {
        let f = self.frame(tid);
        let func = &prog.module.functions[f.func as usize];
        let from = f.block;
        let blk = &func.blocks[target as usize];
        if !blk.phis.is_empty() {
            // Pushes, not `collect`: SmallVec's generic `extend` is slow.
            let mut vals: SmallVec<[(Reg, Value); 4]> = SmallVec::new();
            for p in &blk.phis {
                let v = p
                    .incoming
                    .iter()
                    .find(|(b, _)| *b == from)
                    .map(|(_, o)| self.op(tid, o));
                vals.push((p.dst, v.unwrap_or(Value::Undef)));
            }
            for (r, v) in vals {
                self.set(tid, r, v);
            }
        }
        let f = self.frame_mut(tid);
        f.block = target;
        f.ip = blk.first;
    }

    /// Whether a plain access of thread `tid` to `a` runs as a local step
    /// (see `Limits::local_plain`): it is not atomic, `a` is shared and
    /// writable, the thread has not run [`crate::machine::LOCAL_RUN`] of
    /// them since its last event, and no C11 acquire fence is waiting for
    /// the thread's next event (it orders the accesses after it, and the
    /// race check applies it at the event that carries it: so the access
    /// is that event). A release fence after local steps is an event of its
    /// own (see the `Fence` instruction).
    #[inline]
    fn local_access(&self, tid: Tid, a: u64, atomic: bool) -> bool {
        self.local_plain && !atomic && self.mem.is_shared(a) && !self.mem.is_constant(a) && {
            let t = self.thread(tid);
            t.local_run < crate::machine::LOCAL_RUN && !t.fences.acquire
        }
    }

    /// Logs a plain shared access run as a local step (see
    /// `System::local_accesses`).
    fn log_local(&mut self, tid: Tid, kind: EventKind) {
        self.thread_mut(tid).local_run += 1;
        self.local_log.push(weft_core::Event {
            tid,
            kind,
            loc: self.loc,
            woken_by: None,
            fences: Default::default(),
        });
    }

    pub(crate) fn alloc(
        &mut self,
        tid: Tid,
        size: u64,
        kind: ObjKind,
        zeroed: bool,
    ) -> Result<u64, Stop> {
        // A stack object too large for weft ends the execution as
        // incomplete (natively it would overflow the stack).
        self.alloc_object(tid, size, kind, zeroed)
            .map_err(|e| self.alloc_stop(e))
    }

    fn load(
        &mut self,
        tid: Tid,
        dst: Reg,
        ty: &Ty,
        a: &Operand,
        (atomic, order): (bool, Order),
        commit: bool,
    ) -> Step {
        let size = ty.store_size();
        let a = self.addr_for(tid, a, size)?;
        let local = !commit && self.local_access(tid, a, atomic);
        if !commit && !local && self.mem.is_shared(a) {
            return Ok(Some(EventKind::Load {
                addr: a,
                size: size as u32,
                value: 0,
                atomic,
                order,
                own_store: None,
            }));
        }
        let v = match ty {
            Ty::Agg(_) => self.read_value(tid, a, ty),
            t => match self.load_int(tid, a, size) {
                Ok(raw) => {
                    if commit {
                        self.last_read = Some((a, size, raw));
                    }
                    Ok(scalar(raw, t))
                }
                Err(MemError::Symbolic) => self.sym_load(tid, a, t),
                Err(e) => Err(e),
            },
        }
        .map_err(|e| self.mem_bug(e, false))?;
        let v = match v {
            Value::Undef if self.limits.uninit_nondet => self.uninit_input(tid, a, size)?,
            v => v,
        };
        if commit || local {
            let kind = EventKind::Load {
                addr: a,
                size: size as u32,
                value: v.int().unwrap_or(0),
                atomic,
                order,
                own_store: None,
            };
            if local {
                self.log_local(tid, kind);
            } else {
                self.last = Some(kind);
            }
        }
        self.set(tid, dst, v);
        self.next(tid)
    }

    /// Under [`Limits::uninit_nondet`], the value of `size` uninitialised
    /// bytes at `a`: a fresh input, written back so that later reads agree
    /// (`undef` as it was without symbolic inputs). The write is no event:
    /// the bytes held that value all along, and which thread reads them
    /// first only names it.
    fn uninit_input(&mut self, tid: Tid, a: u64, size: u64) -> Result<Value, Stop> {
        if size == 0 || size > 8 {
            return Ok(Value::Undef);
        }
        let Some(v) = self.draw_input(tid, 8 * size as u32, "uninitialised memory") else {
            return Ok(Value::Undef);
        };
        // `private_write` writes shared memory as it is.
        self.private_write(tid, a, size, |m| m.store_scalar(a, size, &v))
            .map_err(|e| self.mem_bug(e, false))?;
        Ok(v)
    }

    fn store(
        &mut self,
        tid: Tid,
        ty: &Ty,
        val: &Operand,
        a: &Operand,
        (atomic, seq_cst, order): (bool, bool, Order),
        commit: bool,
    ) -> Step {
        let size = ty.store_size();
        let a = self.addr_for(tid, a, size)?;
        let shared = self.mem.is_shared(a);
        let into_buffer = self.buffers(a, atomic, seq_cst);
        let buffered = shared && into_buffer;
        let sym = match val {
            Operand::Reg(r) => matches!(self.frame(tid).regs[*r as usize], Value::Sym(_)),
            _ => false,
        };
        let concretized = if sym {
            self.sym_store_target(tid, val, shared, into_buffer)?
        } else {
            None
        };
        let local = !commit && self.local_access(tid, a, atomic);
        if !commit && shared && !local {
            return Ok(Some(EventKind::Store {
                addr: a,
                size: size as u32,
                value: 0,
                atomic,
                order,
                buffered,
            }));
        }
        let mut v = match concretized {
            Some(v) => v,
            None => self.op(tid, val),
        };
        if into_buffer && v.is_sym() {
            // Store buffers hold concrete bytes.
            v = self.concretize_deep(tid, v)?;
        }
        let write = |m: &mut Machine| {
            if into_buffer {
                m.buffer_value(tid, a, ty, &v, atomic)
            } else {
                m.write_value(a, ty, &v)
            }
        };
        let written = if shared {
            write(self)
        } else {
            self.private_write(tid, a, size, write)
        };
        written.map_err(|e| self.mem_bug(e, true))?;
        if commit || local {
            let kind = EventKind::Store {
                addr: a,
                size: size as u32,
                value: v.int().unwrap_or(0),
                atomic,
                order,
                buffered,
            };
            if local {
                self.log_local(tid, kind);
            } else {
                self.last = Some(kind);
            }
        }
        self.next(tid)
    }

    /// Puts a value of type `ty` into `tid`'s store buffer, one scalar
    /// field at a time, after checking the whole access.
    fn buffer_value(
        &mut self,
        tid: Tid,
        a: u64,
        ty: &Ty,
        v: &Value,
        atomic: bool,
    ) -> Result<(), MemError> {
        self.mem.check(a, ty.store_size(), true)?;
        match (ty, v) {
            (Ty::Agg(l), v) => {
                for (i, (off, t)) in l.fields().enumerate() {
                    let item = match v {
                        Value::Agg(items) => items.get(i).cloned().unwrap_or(Value::Undef),
                        _ => Value::Undef,
                    };
                    self.buffer_value(tid, a + off, t, &item, atomic)?;
                }
            }
            (t, v) => self.buffer_store(tid, a, t.store_size(), v.int(), atomic),
        }
        Ok(())
    }

    /// Whether a fence of this kind orders anything under the memory model.
    fn fence_is_barrier(&self, kind: weft_ir::FenceKind) -> bool {
        use weft_core::MemoryModel as M;
        use weft_ir::FenceKind as F;
        matches!(
            (self.limits.mm, kind),
            (_, F::SeqCst) | (M::Pso, F::Release)
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn rmw(
        &mut self,
        tid: Tid,
        (op, order): (weft_ir::RmwOp, Order),
        ty: &Ty,
        dst: Reg,
        a: &Operand,
        val: &Operand,
        commit: bool,
    ) -> Step {
        let a = self.addr(tid, a)?;
        let size = ty.size();
        if !commit && self.mem.is_shared(a) {
            return Ok(Some(EventKind::Rmw {
                addr: a,
                size: size as u32,
                old: 0,
                new: 0,
                order,
            }));
        }
        let old = match self.mem.read_int(a, size) {
            Ok(old) => old.unwrap_or(0),
            Err(MemError::Symbolic) => return self.sym_rmw(tid, (op, order), ty, dst, a, val),
            Err(e) => return Err(self.mem_bug(e, true)),
        };
        if matches!(self.op(tid, val), Value::Sym(_)) {
            return self.sym_rmw(tid, (op, order), ty, dst, a, val);
        }
        let new = arith::rmw(op, ty, old, self.op(tid, val).bits_or_zero());
        self.mem
            .write_int(a, size, Some(new))
            .map_err(|e| self.mem_bug(e, true))?;
        if commit {
            self.last = Some(EventKind::Rmw {
                addr: a,
                size: size as u32,
                old,
                new,
                order,
            });
        }
        self.set(tid, dst, Value::Int(old));
        self.next(tid)
    }

    #[allow(clippy::too_many_arguments)]
    fn cmpxchg(
        &mut self,
        tid: Tid,
        ty: &Ty,
        dst: Reg,
        a: &Operand,
        (exp, new): (&Operand, &Operand),
        (order, failure): (Order, Order),
        commit: bool,
    ) -> Step {
        let a = self.addr(tid, a)?;
        let size = ty.size();
        if !commit && self.mem.is_shared(a) {
            return Ok(Some(EventKind::CmpXchg {
                addr: a,
                size: size as u32,
                old: 0,
                ok: false,
                expected: 0,
                concrete: false,
                order,
                failure,
            }));
        }
        let old = match self.mem.read_int(a, size) {
            Ok(old) => old.unwrap_or(0),
            Err(MemError::Symbolic) => {
                return self.sym_cmpxchg(tid, ty, dst, a, (exp, new), (order, failure))
            }
            Err(e) => return Err(self.mem_bug(e, false)),
        };
        if self.op(tid, exp).is_sym() || self.op(tid, new).is_sym() {
            return self.sym_cmpxchg(tid, ty, dst, a, (exp, new), (order, failure));
        }
        let expected = self.op(tid, exp).bits_or_zero();
        let ok = old == expected;
        if ok {
            let n = self.op(tid, new).bits_or_zero();
            self.mem
                .write_int(a, size, Some(n))
                .map_err(|e| self.mem_bug(e, true))?;
        }
        if commit {
            self.last = Some(EventKind::CmpXchg {
                addr: a,
                size: size as u32,
                old,
                ok,
                expected,
                concrete: true,
                order,
                failure,
            });
        }
        self.set(
            tid,
            dst,
            Value::Agg(Arc::from(vec![Value::Int(old), Value::from_bool(ok)])),
        );
        self.next(tid)
    }

    /// Reads a value of type `ty` from memory.
    /// Reads a value of type `ty` as thread `tid` sees memory (its own
    /// buffered stores first).
    pub(crate) fn read_value(&self, tid: Tid, a: u64, ty: &Ty) -> Result<Value, MemError> {
        match ty {
            Ty::Agg(l) => {
                self.mem.check(a, l.size, false)?;
                let items: Result<Vec<Value>, MemError> = l
                    .fields()
                    .map(|(off, t)| self.read_value(tid, a + off, t))
                    .collect();
                Ok(Value::Agg(items?.into()))
            }
            t => match self.load_int(tid, a, t.store_size()) {
                Ok(raw) => Ok(scalar(raw, t)),
                Err(MemError::Symbolic) => self.sym_load(tid, a, t),
                Err(e) => Err(e),
            },
        }
    }

    /// Writes a value of type `ty` to memory.
    pub(crate) fn write_value(&mut self, a: u64, ty: &Ty, v: &Value) -> Result<(), MemError> {
        match (ty, v) {
            (Ty::Agg(l), Value::Agg(items)) => {
                self.mem.check(a, l.size, true)?;
                for ((off, t), item) in l.fields().zip(items.iter()) {
                    self.write_value(a + off, t, item)?;
                }
                Ok(())
            }
            (Ty::Agg(l), _) => {
                self.mem.check(a, l.size, true)?;
                for (off, t) in l.fields() {
                    self.write_value(a + off, t, &Value::Undef)?;
                }
                Ok(())
            }
            (t, Value::Sym(e)) => self.sym_store(a, t.store_size(), *e),
            (t, v) => self.mem.write_int(a, t.store_size(), v.int()),
        }
    }

    pub(crate) fn new_frame(
        &mut self,
        func: FuncId,
        args: Vec<Value>,
        ret_dst: Option<Reg>,
    ) -> Frame {
        let f = &self.prog.module.functions[func as usize];
        let mut regs = vec![Value::Undef; f.nregs as usize];
        let np = f.nparams as usize;
        for (r, a) in regs.iter_mut().zip(args.iter().take(np)) {
            *r = a.clone();
        }
        let ptr = self.dm().ptr;
        Frame {
            func,
            block: 0,
            ip: 0,
            regs,
            allocas: SmallVec::new(),
            bytes: ptr * (2 + np as u64),
            va_area: None,
            ret_dst,
            atomic: f.atomic,
            on_return: None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn call(
        &mut self,
        prog: &Program,
        tid: Tid,
        dst: Option<Reg>,
        callee: &Callee,
        args: &[Operand],
        byval: &[(u32, u64)],
        commit: bool,
    ) -> Step {
        let code = match callee {
            Callee::Func(f) => Code::Func(*f),
            Callee::Extern(e) => Code::Extern(*e),
            Callee::Indirect(o) => self.resolve_code(prog, tid, o)?,
        };
        let vals: Vec<Value> = args.iter().map(|a| self.op(tid, a)).collect();
        match code {
            Code::Func(f) if prog.module.functions[f as usize].atomic && !commit => {
                Ok(Some(self.section_begin(tid, prog.sections.of_function(f))))
            }
            Code::Func(f) if prog.violation == Some(f) => {
                let name = &prog.module.functions[f as usize].name;
                Err(self.bug(BugKind::Assertion, format!("{name}() was called")))
            }
            Code::Func(f) => {
                if prog.module.functions[f as usize].atomic {
                    self.last = Some(self.section_begin(tid, prog.sections.of_function(f)));
                }
                self.call_function(prog, tid, f, vals, byval, dst)
            }
            Code::Extern(e) => self.call_model(prog, tid, e, vals, dst, commit),
        }
    }

    fn resolve_code(&mut self, prog: &Program, tid: Tid, o: &Operand) -> Result<Code, Stop> {
        let a = match self.concrete_op(tid, o)? {
            Value::Int(a) => a as u64,
            _ => return Err(self.bug(BugKind::Memory, "uninitialised value used as a call target")),
        };
        let (id, off) = self.mem.decode(a);
        if a == 0 {
            return Err(self.bug(BugKind::Memory, "call through a null function pointer"));
        }
        match (id.space, off) {
            (addr::STATIC_SPACE, 0) => prog.module.code_at(id.index),
            _ => None,
        }
        .ok_or_else(|| {
            self.bug(
                BugKind::Memory,
                format!("call through an invalid function pointer {a:#x}"),
            )
        })
    }

    pub(crate) fn call_function(
        &mut self,
        prog: &Program,
        tid: Tid,
        f: FuncId,
        mut args: Vec<Value>,
        byval: &[(u32, u64)],
        dst: Option<Reg>,
    ) -> Step {
        let func = &prog.module.functions[f as usize];
        let np = func.nparams as usize;
        let va = if func.is_var_arg {
            Some(self.va_area(tid, &args, np, byval)?)
        } else {
            None
        };
        let mut copies = SmallVec::<[u64; 4]>::new();
        for &(i, size) in byval.iter().filter(|(i, _)| (*i as usize) < np) {
            args[i as usize] = self.concretize_deep(tid, args[i as usize].clone())?;
            let copy = self.byval_copy(tid, args[i as usize].bits_or_zero() as u64, size)?;
            args[i as usize] = Value::Int(copy as u128);
            copies.push(copy);
        }
        let mut frame = self.new_frame(f, args, dst);
        frame.va_area = va;
        frame.bytes += byval
            .iter()
            .filter(|(i, _)| (*i as usize) < np)
            .map(|&(_, size)| slot(size))
            .sum::<u64>();
        self.check_stack(tid, frame.bytes, true)?;
        frame.allocas = copies;
        if frame.atomic {
            let begin = self.section_begin(tid, prog.sections.of_function(f));
            self.enter_section(tid, &begin);
        }
        self.push_frame(tid, frame);
        Ok(None)
    }

    /// A stack overflow if thread `tid`'s stack cannot take `more` bytes
    /// (or, with `call`, one more frame).
    fn check_stack(&self, tid: Tid, more: u64, call: bool) -> Result<(), Stop> {
        let t = self.thread(tid);
        let used = t.stack_bytes.saturating_add(more);
        if call && t.frames.len() >= crate::thread::MAX_CALL_DEPTH {
            let msg = format!(
                "stack overflow: call depth exceeds {}",
                crate::thread::MAX_CALL_DEPTH
            );
            return Err(self.bug(BugKind::Memory, msg));
        }
        if used <= crate::thread::STACK_SIZE {
            return Ok(());
        }
        let msg = format!(
            "stack overflow: about {} KiB of stack at a call depth of {} (a thread has {} MiB)",
            used >> 10,
            t.frames.len(),
            crate::thread::STACK_SIZE >> 20
        );
        // A function's own stack variables are allocated at its entry, by
        // instructions without a line: the call that entered it has one.
        let mut loc = self.loc;
        if loc == Loc::UNKNOWN && t.frames.len() >= 2 {
            let caller = &t.frames[t.frames.len() - 2];
            loc = self.prog.module.functions[caller.func as usize].locs[caller.ip as usize];
        }
        Err(Stop::Bug(Box::new(weft_core::Bug::new(
            BugKind::Memory,
            msg,
            self.tid,
            loc,
        ))))
    }

    /// An integer binary operation on `a` and `b`; with `nsw`, a signed
    /// overflow is a finding (see [`Inst::BinNsw`]).
    #[inline(always)]
    fn int_bin(
        &mut self,
        tid: Tid,
        op: weft_ir::BinOp,
        bits: u32,
        a: &Operand,
        b: &Operand,
        nsw: bool,
    ) -> Result<Value, Stop> {
        let (Value::Int(x), Value::Int(y)) = (self.op(tid, a), self.op(tid, b)) else {
            return self.sym_int_bin(tid, op, bits, a, b, nsw);
        };
        if nsw && arith::signed_overflow(op, bits, x, y) {
            return Err(self.signed_overflow(op, bits, x, y));
        }
        match arith::bin(op, bits, x, y) {
            Ok(r) => Ok(Value::Int(r)),
            Err(arith::ArithError::DivByZero) => {
                Err(self.bug(BugKind::UndefinedBehavior, "division by zero"))
            }
            Err(arith::ArithError::DivOverflow) => {
                let what = match op {
                    weft_ir::BinOp::SRem => "remainder",
                    _ => "division",
                };
                let msg =
                    format!("signed overflow: {what} of the smallest {bits}-bit integer by -1");
                Err(self.bug(BugKind::UndefinedBehavior, msg))
            }
        }
    }

    /// The finding for an `nsw` operation whose signed result does not
    /// fit (only in programs checked for signed overflow).
    #[cold]
    #[inline(never)]
    fn signed_overflow(&self, op: weft_ir::BinOp, bits: u32, x: u128, y: u128) -> Stop {
        let what = match op {
            weft_ir::BinOp::Add => "addition",
            weft_ir::BinOp::Sub => "subtraction",
            weft_ir::BinOp::Mul => "multiplication",
            _ => "left shift",
        };
        let (x, y) = (crate::value::sext(x, bits), crate::value::sext(y, bits));
        let msg = format!("signed overflow: {what} of {x} and {y} in {bits} bits");
        self.bug(BugKind::UndefinedBehavior, msg)
    }

    /// A private copy of a `byval` argument.
    fn byval_copy(&mut self, tid: Tid, src: u64, size: u64) -> Result<u64, Stop> {
        self.mem
            .check(src, size, false)
            .map_err(|e| self.mem_bug(e, false))?;
        let a = self.alloc(tid, size, ObjKind::Stack, false)?;
        self.mem
            .copy(a, src, size)
            .map_err(|(e, w)| self.mem_bug(e, w))?;
        Ok(a)
    }

    /// Lays the variadic arguments (from index `np`) out as the x86-64
    /// overflow area: 8-byte slots, `byval` structs inline and rounded up
    /// to 8 bytes. Under ILP32, as the i386 argument area: 4-byte slots,
    /// 8 for the arguments flagged [`weft_ir::ARG_8`] (only ILP32 flags
    /// any), `byval` structs rounded up to 4 bytes.
    fn va_area(
        &mut self,
        tid: Tid,
        args: &[Value],
        np: usize,
        byval: &[(u32, u64)],
    ) -> Result<u64, Stop> {
        let slot: u64 = if self.prog.module.dm.is_ilp32() { 4 } else { 8 };
        // (size, whether it is a `byval` copy rather than a wide scalar)
        let size_of = |i: usize| {
            byval
                .iter()
                .find(|b| b.0 & !weft_ir::ARG_8 == i as u32)
                .map(|b| (b.1, b.0 & weft_ir::ARG_8 == 0))
        };
        let total: u64 = (np..args.len())
            .map(|i| size_of(i).map_or(slot, |(n, _)| n.div_ceil(slot) * slot))
            .sum();
        let a = self.alloc(tid, total.max(slot), ObjKind::Stack, true)?;
        let mut off = 0;
        for (i, v) in args.iter().enumerate().skip(np) {
            if let (Value::Sym(e), Some((_, false)) | None) = (v, size_of(i)) {
                let size = size_of(i).map_or(slot, |(n, _)| n);
                let e = self.fit(*e, 8 * size as u32);
                self.sym_store(a + off, size, e)
                    .map_err(|e| self.mem_bug(e, true))?;
                off += size;
                continue;
            }
            match size_of(i) {
                Some((size, true)) => {
                    let src = v.bits_or_zero() as u64;
                    let (b, init) = self
                        .mem
                        .read_bytes(src, size)
                        .map_err(|e| self.mem_bug(e, false))?;
                    let _ = self.mem.write_bytes(a + off, &b, &init);
                    off += size.div_ceil(slot) * slot;
                }
                Some((size, false)) => {
                    let _ = self.mem.write_int(a + off, size, Some(v.bits_or_zero()));
                    off += size;
                }
                None => {
                    let _ = self.mem.write_int(a + off, slot, Some(v.bits_or_zero()));
                    off += slot;
                }
            }
        }
        Ok(a)
    }

    /// `va_start`: `{gp_offset = 48, fp_offset = 176, overflow_arg_area, reg_save_area}`
    /// so that clang's inline `va_arg` code reads every argument from the
    /// overflow area. Under ILP32 `va_list` is a pointer to the argument
    /// area.
    fn va_start(&mut self, tid: Tid, ap: &Operand) -> Step {
        let ap = self.addr(tid, ap)?;
        let area = self.frame(tid).va_area.unwrap_or(0);
        if self.prog.module.dm.is_ilp32() {
            self.mem
                .write_int(ap, 4, Some(area as u128))
                .map_err(|e| self.mem_bug(e, true))?;
            return self.next(tid);
        }
        let w = |m: &mut Machine, off: u64, size: u64, v: u128| {
            m.mem.write_int(ap + off, size, Some(v))
        };
        w(self, 0, 4, 48)
            .and_then(|_| w(self, 4, 4, 176))
            .and_then(|_| w(self, 8, 8, area as u128))
            .and_then(|_| w(self, 16, 8, 0))
            .map_err(|e| self.mem_bug(e, true))?;
        self.next(tid)
    }

    fn call_model(
        &mut self,
        prog: &Program,
        tid: Tid,
        e: u32,
        args: Vec<Value>,
        dst: Option<Reg>,
        commit: bool,
    ) -> Step {
        let model = prog.models[e as usize];
        let mut args = args;
        if args.iter().any(Value::is_sym) && !crate::runtime::symbolic_args(model.name) {
            // C library models compute on concrete values: sizes of
            // allocations and pointers into an object are forked over (see
            // `sym`), the rest concretised.
            let sizes = crate::runtime::size_args(model.name);
            for (i, v) in args.iter_mut().enumerate() {
                *v = match v {
                    Value::Sym(e) if sizes.contains(&i) => {
                        Value::Int(self.sym_size(tid, *e)? as u128)
                    }
                    Value::Sym(e) => Value::Int(self.resolve_arg(tid, *e)? as u128),
                    _ => self.concretize_deep(tid, std::mem::replace(v, Value::Undef))?,
                };
            }
        }
        let plain = self.limits.mm != MemoryModel::Sc && prog.plain[e as usize];
        // The model may read or write the objects its arguments point to
        // directly: their hidden (PSO) stores must be in memory first.
        self.drain_hidden_pointed(tid, args.iter().map(|v| v.bits_or_zero() as u64));
        let call = Call {
            tid,
            args: &args,
            alt: self.alt,
        };
        if !commit {
            if let Some(pending) = model.pending {
                // Under TSO/PSO an ordinary memory operation sees memory as
                // its thread does, and is no barrier (see `buffer`).
                let kind = if plain {
                    self.with_view(tid, |m| pending(m, &call))?
                } else {
                    pending(self, &call)?
                };
                if let Some(mut kind) = kind {
                    if let EventKind::MemOp {
                        write, buffered, ..
                    } = &mut kind
                    {
                        // A write too long for an update event stays a
                        // barrier.
                        *buffered = plain && write.is_none_or(|(_, n)| n <= u32::MAX as u64);
                    }
                    return Ok(Some(kind));
                }
            }
        }
        // Under TSO/PSO an ordinary memory operation's writes go into the
        // store buffer: those of its event (a buffered `MemOp`), and under
        // PSO those of a call on private objects only (no event).
        let private_pso = !commit && plain && self.limits.mm == MemoryModel::Pso;
        let ret = if (commit && self.buffering) || private_pso {
            let ret = self.run_buffered(tid, commit, |m| (model.run)(m, &call));
            if let (true, Some(EventKind::MemOp { buffered, .. })) = (commit, &mut self.last) {
                *buffered = true;
            }
            ret?
        } else {
            (model.run)(self, &call)?
        };
        match ret {
            Ret::Value(v) => {
                if let Some(d) = dst {
                    self.set(tid, d, v);
                }
                self.next(tid)
            }
            Ret::Stay => Ok(None),
            Ret::Done => Ok(None),
            Ret::Call {
                func,
                args,
                result,
                on_return,
            } => {
                // The call returns `result` once `func` returns: its
                // frame's return moves the caller past the call.
                if let Some(d) = dst {
                    self.set(tid, d, result);
                }
                let mut frame = self.new_frame(func, args, None);
                frame.atomic = false;
                frame.on_return = Some(on_return);
                self.push_frame(tid, frame);
                Ok(None)
            }
        }
    }

    fn ret(&mut self, tid: Tid, v: Option<Value>, commit: bool) -> Step {
        if self.frame(tid).on_return == Some(OnReturn::Destructor) {
            // Back to the exit that ran it, which runs again.
            self.pop_frame(tid);
            return Ok(None);
        }
        if let Some(OnReturn::Resume { progress }) = self.frame(tid).on_return {
            // Back to the model's call, which runs again with the result.
            self.pop_frame(tid);
            let v = match v {
                Some(v) if v.is_sym() => Some(self.concretize_deep(tid, v)?),
                v => v,
            };
            self.thread_mut(tid).resume = Some(Box::new(crate::thread::Resumed {
                progress,
                result: v.and_then(|v| v.int()),
            }));
            return Ok(None);
        }
        if self.thread(tid).frames.len() == 1 {
            // A thread other than main runs its thread-specific data
            // destructors first (main's return ends the process).
            if tid != 0 {
                match self.destructor_event(tid)? {
                    Some(Some(kind)) if !commit => return Ok(Some(kind)),
                    Some(_) => {
                        self.run_destructor(tid)?;
                        return Ok(None);
                    }
                    None => {}
                }
            }
            // `main`'s return runs the `atexit` handlers first.
            if tid == 0 && self.run_atexit(tid)? {
                return Ok(None);
            }
            if !commit {
                return Ok(Some(EventKind::Exit));
            }
            let v = match v {
                Some(v) if v.is_sym() => Some(self.concretize_deep(tid, v)?),
                v => v,
            };
            let code = v.map(|v| v.bits_or_zero()).unwrap_or(0) as u64;
            self.finish_thread(tid, code);
            if tid == 0 {
                return Err(Stop::Exit(code as i32));
            }
            return Ok(None);
        }
        if self.frame(tid).atomic {
            if !commit {
                return Ok(Some(self.section_end(tid)));
            }
            self.last = Some(self.section_end(tid));
        }
        if let Some(OnReturn::OnceDone { ctl }) = self.frame(tid).on_return {
            if !commit {
                return Ok(Some(EventKind::Unlock { mutex: ctl }));
            }
            crate::runtime::once_done(self, tid, ctl)?;
        }
        let frame = self.pop_frame(tid);
        if frame.atomic {
            self.leave_section(tid);
        }
        if let (Some(d), Some(v)) = (frame.ret_dst, v) {
            self.set(tid, d, v);
        }
        self.next(tid)
    }
}

fn insert(agg: Value, path: &[u32], v: Value) -> Value {
    let Some((&i, rest)) = path.split_first() else {
        return v;
    };
    let mut items: Vec<Value> = match agg {
        Value::Agg(items) => items.to_vec(),
        _ => Vec::new(),
    };
    if items.len() <= i as usize {
        items.resize(i as usize + 1, Value::Undef);
    }
    let inner = std::mem::replace(&mut items[i as usize], Value::Undef);
    items[i as usize] = insert(inner, rest, v);
    Value::Agg(items.into())
}

/// A scalar of type `t` read as `raw` bytes (`None`: uninitialised).
fn scalar(raw: Option<u128>, t: &Ty) -> Value {
    raw.map_or(Value::Undef, |x| Value::Int(mask(x, t.bits())))
}

/// The stack bytes an object of `size` bytes takes: rounded up to 16.
fn slot(size: u64) -> u64 {
    size.saturating_add(15) & !15
}
