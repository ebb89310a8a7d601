//! Function lowering: registers, blocks, phis, instructions and calls.
//!
//! Most LLVM instructions become one [`Inst`]. Some become several, with
//! temporary registers numbered after the LLVM values: vector instructions
//! are lowered lane by lane to the scalar ones (lanes are the elements of
//! an aggregate value), and inline assembly ([`super::asm`]) to the atomic
//! operations it stands for.

use super::consts::{const_operand, sext};
use super::types::{lower_type_at, struct_layout};
use super::{name_str, Ctx};
use crate::*;
use llvm_ir::instruction as li;
use llvm_ir::types::Typed;
use llvm_ir::HasDebugLoc;
use llvm_ir::{Instruction as I, Name, Terminator as T};
use rustc_hash::FxHashMap;
use smallvec::{smallvec, SmallVec};
use weft_core::{Loc, Order};

struct FnCx<'a, 'm> {
    cx: &'a mut Ctx<'m>,
    regs: FxHashMap<&'m Name, Reg>,
    blocks: FxHashMap<&'m Name, BlockId>,
    insts: Vec<Inst>,
    locs: Vec<Loc>,
    loc: Loc,
    /// Registers added beyond the LLVM values (temporaries of instructions
    /// lowered to several).
    extra: u32,
    /// See [`Function::nsw`].
    nsw: Vec<u32>,
}

/// The operation of an integer `add`, `sub`, `mul` or `shl` with the
/// `nsw` flag (signed overflow undefined).
fn nsw(i: &I) -> Option<BinOp> {
    match i {
        I::Add(x) if x.nsw => Some(BinOp::Add),
        I::Sub(x) if x.nsw => Some(BinOp::Sub),
        I::Mul(x) if x.nsw => Some(BinOp::Mul),
        I::Shl(x) if x.nsw => Some(BinOp::Shl),
        _ => None,
    }
}

pub(crate) fn lower_function<'m>(cx: &mut Ctx<'m>, f: &'m llvm_ir::Function) -> Function {
    let mut regs = FxHashMap::default();
    for p in &f.parameters {
        let n = regs.len() as Reg;
        regs.insert(&p.name, n);
    }
    for bb in &f.basic_blocks {
        for i in &bb.instrs {
            if let Some(d) = i.try_get_result() {
                let n = regs.len() as Reg;
                regs.insert(d, n);
            }
        }
    }
    let blocks = f
        .basic_blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (&b.name, i as BlockId))
        .collect();
    let floc = cx.loc(&f.debugloc);
    let ret = lower_type_at(cx, &f.return_type, floc);
    let mut fx = FnCx {
        cx,
        regs,
        blocks,
        insts: Vec::new(),
        locs: Vec::new(),
        loc: floc,
        extra: 0,
        nsw: Vec::new(),
    };
    let mut out_blocks = Vec::with_capacity(f.basic_blocks.len());
    for bb in &f.basic_blocks {
        out_blocks.push(fx.block(bb));
    }
    Function {
        name: f.name.clone(),
        nparams: f.parameters.len() as u32,
        nregs: fx.regs.len() as u32 + fx.extra,
        is_var_arg: f.is_var_arg,
        ret,
        blocks: out_blocks,
        insts: fx.insts,
        locs: fx.locs,
        loc: floc,
        atomic: f.name.starts_with("__VERIFIER_atomic_"),
        nsw: fx.nsw,
    }
}

impl<'m> FnCx<'_, 'm> {
    fn block(&mut self, bb: &'m llvm_ir::BasicBlock) -> Block {
        let bi = self.block_id(&bb.name);
        let first = self.insts.len() as u32;
        let mut phis = Vec::new();
        for (k, i) in bb.instrs.iter().enumerate() {
            self.cx.current_pos = (bi, k as u32);
            self.loc = self.cx.loc(&i.get_debug_loc().clone());
            match i {
                I::Phi(p) => phis.push(self.phi(p)),
                _ => {
                    let start = self.insts.len();
                    let inst = self.inst(i);
                    self.push(inst);
                    if let Some(op) = nsw(i) {
                        // Every lane of a vector operation too.
                        for k in start..self.insts.len() {
                            if matches!(&self.insts[k], Inst::Bin { op: o, .. } if *o == op) {
                                self.nsw.push(k as u32);
                            }
                        }
                    }
                }
            }
        }
        self.cx.current_pos = (bi, bb.instrs.len() as u32);
        self.loc = self.cx.loc(&bb.term.get_debug_loc().clone());
        let t = self.term(&bb.term);
        self.push(t);
        Block { first, phis }
    }

    fn push(&mut self, i: Inst) {
        self.insts.push(i);
        self.locs.push(self.loc);
    }

    fn reg(&self, n: &Name) -> Reg {
        self.regs[n]
    }

    fn op(&mut self, o: &llvm_ir::Operand) -> Operand {
        match o {
            llvm_ir::Operand::LocalOperand { name, .. } => Operand::Reg(self.reg(name)),
            llvm_ir::Operand::ConstantOperand(c) => const_operand(self.cx, c, self.loc),
            llvm_ir::Operand::MetadataOperand => Operand::Undef,
        }
    }

    fn ty_of(&mut self, o: &llvm_ir::Operand) -> Ty {
        // Metadata arguments (of `llvm.dbg.*`, scope declarations,
        // constrained floating point) have no value type.
        if matches!(o, llvm_ir::Operand::MetadataOperand) {
            return Ty::Void;
        }
        let t = o.get_type(&self.cx.m.types);
        lower_type_at(self.cx, &t, self.loc)
    }

    fn ty(&mut self, t: &llvm_ir::TypeRef) -> Ty {
        lower_type_at(self.cx, t, self.loc)
    }

    fn block_id(&self, n: &Name) -> BlockId {
        self.blocks[n]
    }

    fn phi(&mut self, p: &'m li::Phi) -> Phi {
        let incoming = p
            .incoming_values
            .iter()
            .map(|(v, b)| (self.block_id(b), self.op(v)))
            .collect();
        Phi {
            dst: self.reg(&p.dest),
            incoming,
        }
    }

    fn unsupported(&mut self, what: String) -> Inst {
        self.cx.unsupported(what, self.loc);
        Inst::Unreachable
    }

    fn bin(&mut self, op: BinOp, a: &llvm_ir::Operand, b: &llvm_ir::Operand, d: &Name) -> Inst {
        let ty = self.ty_of(a);
        if !matches!(ty, Ty::Int(_)) {
            return self.unsupported(format!("vector or non-integer `{op:?}`"));
        }
        Inst::Bin {
            op,
            bits: ty.bits(),
            dst: self.reg(d),
            a: self.op(a),
            b: self.op(b),
        }
    }

    fn fbin(&mut self, op: FBinOp, a: &llvm_ir::Operand, b: &llvm_ir::Operand, d: &Name) -> Inst {
        let double = match self.ty_of(a) {
            Ty::F64 => true,
            Ty::F32 => false,
            t => return self.unsupported(format!("floating-point operation on `{t:?}`")),
        };
        Inst::FBin {
            op,
            double,
            dst: self.reg(d),
            a: self.op(a),
            b: self.op(b),
        }
    }

    fn cast(&mut self, op: CastOp, a: &llvm_ir::Operand, to: &llvm_ir::TypeRef, d: &Name) -> Inst {
        let from = self.ty_of(a);
        let to = self.ty(to);
        if from.is_agg() || to.is_agg() {
            return self.unsupported(format!("vector conversion `{op:?}`"));
        }
        Inst::Cast {
            op,
            from,
            to,
            dst: self.reg(d),
            a: self.op(a),
        }
    }

    fn resize(&mut self, a: &llvm_ir::Operand, to: &llvm_ir::TypeRef, d: &Name) -> Inst {
        let to = self.ty(to);
        Inst::Resize {
            bits: to.bits(),
            dst: self.reg(d),
            a: self.op(a),
        }
    }

    fn inst(&mut self, i: &'m I) -> Inst {
        if let Some(v) = self.vector_inst(i) {
            return v;
        }
        match i {
            I::Add(x) => self.bin(BinOp::Add, &x.operand0, &x.operand1, &x.dest),
            I::Sub(x) => self.bin(BinOp::Sub, &x.operand0, &x.operand1, &x.dest),
            I::Mul(x) => self.bin(BinOp::Mul, &x.operand0, &x.operand1, &x.dest),
            I::UDiv(x) => self.bin(BinOp::UDiv, &x.operand0, &x.operand1, &x.dest),
            I::SDiv(x) => self.bin(BinOp::SDiv, &x.operand0, &x.operand1, &x.dest),
            I::URem(x) => self.bin(BinOp::URem, &x.operand0, &x.operand1, &x.dest),
            I::SRem(x) => self.bin(BinOp::SRem, &x.operand0, &x.operand1, &x.dest),
            I::And(x) => self.bin(BinOp::And, &x.operand0, &x.operand1, &x.dest),
            I::Or(x) => self.bin(BinOp::Or, &x.operand0, &x.operand1, &x.dest),
            I::Xor(x) => self.bin(BinOp::Xor, &x.operand0, &x.operand1, &x.dest),
            I::Shl(x) => self.bin(BinOp::Shl, &x.operand0, &x.operand1, &x.dest),
            I::LShr(x) => self.bin(BinOp::LShr, &x.operand0, &x.operand1, &x.dest),
            I::AShr(x) => self.bin(BinOp::AShr, &x.operand0, &x.operand1, &x.dest),
            I::FAdd(x) => self.fbin(FBinOp::Add, &x.operand0, &x.operand1, &x.dest),
            I::FSub(x) => self.fbin(FBinOp::Sub, &x.operand0, &x.operand1, &x.dest),
            I::FMul(x) => self.fbin(FBinOp::Mul, &x.operand0, &x.operand1, &x.dest),
            I::FDiv(x) => self.fbin(FBinOp::Div, &x.operand0, &x.operand1, &x.dest),
            I::FRem(x) => self.fbin(FBinOp::Rem, &x.operand0, &x.operand1, &x.dest),
            I::FNeg(x) => {
                let double = match self.ty_of(&x.operand) {
                    Ty::F64 => true,
                    Ty::F32 => false,
                    t => return self.unsupported(format!("floating-point negation of `{t:?}`")),
                };
                Inst::FNeg {
                    double,
                    dst: self.reg(&x.dest),
                    a: self.op(&x.operand),
                }
            }
            I::ICmp(x) => {
                let ty = self.ty_of(&x.operand0);
                if ty.is_agg() {
                    return self.unsupported("vector icmp".into());
                }
                let pred = ipred(x.predicate);
                Inst::ICmp {
                    pred,
                    bits: ty.bits(),
                    dst: self.reg(&x.dest),
                    a: self.op(&x.operand0),
                    b: self.op(&x.operand1),
                }
            }
            I::FCmp(x) => {
                let double = match self.ty_of(&x.operand0) {
                    Ty::F64 => true,
                    Ty::F32 => false,
                    t => return self.unsupported(format!("floating-point comparison of `{t:?}`")),
                };
                let pred = fpred(x.predicate);
                Inst::FCmp {
                    pred,
                    double,
                    dst: self.reg(&x.dest),
                    a: self.op(&x.operand0),
                    b: self.op(&x.operand1),
                }
            }
            I::Trunc(x) => self.cast(CastOp::Trunc, &x.operand, &x.to_type, &x.dest),
            I::ZExt(x) => self.cast(CastOp::ZExt, &x.operand, &x.to_type, &x.dest),
            I::SExt(x) => self.cast(CastOp::SExt, &x.operand, &x.to_type, &x.dest),
            I::FPTrunc(x) => self.cast(CastOp::FpTrunc, &x.operand, &x.to_type, &x.dest),
            I::FPExt(x) => self.cast(CastOp::FpExt, &x.operand, &x.to_type, &x.dest),
            I::FPToUI(x) => self.cast(CastOp::FpToUi, &x.operand, &x.to_type, &x.dest),
            I::FPToSI(x) => self.cast(CastOp::FpToSi, &x.operand, &x.to_type, &x.dest),
            I::UIToFP(x) => self.cast(CastOp::UiToFp, &x.operand, &x.to_type, &x.dest),
            I::SIToFP(x) => self.cast(CastOp::SiToFp, &x.operand, &x.to_type, &x.dest),
            I::PtrToInt(x) => self.resize(&x.operand, &x.to_type, &x.dest),
            I::IntToPtr(x) => self.resize(&x.operand, &x.to_type, &x.dest),
            I::BitCast(x) => {
                if self.ty_of(&x.operand).is_agg() {
                    return self.unsupported("vector bitcast".into());
                }
                Inst::Copy {
                    dst: self.reg(&x.dest),
                    a: self.op(&x.operand),
                }
            }
            I::AddrSpaceCast(x) => Inst::Copy {
                dst: self.reg(&x.dest),
                a: self.op(&x.operand),
            },
            I::Freeze(x) => Inst::Copy {
                dst: self.reg(&x.dest),
                a: self.op(&x.operand),
            },
            I::Select(x) => Inst::Select {
                dst: self.reg(&x.dest),
                c: self.op(&x.condition),
                a: self.op(&x.true_value),
                b: self.op(&x.false_value),
            },
            I::Alloca(x) => {
                let ty = self.ty(&x.allocated_type);
                let count_bits = self.ty_of(&x.num_elements).bits();
                Inst::Alloca {
                    dst: self.reg(&x.dest),
                    elem_size: ty.size(),
                    align: ty.align().max(x.alignment as u64),
                    count: self.op(&x.num_elements),
                    count_bits,
                }
            }
            I::Load(x) => {
                let ty = self.ty(&x.loaded_ty);
                Inst::Load {
                    dst: self.reg(&x.dest),
                    ty,
                    addr: self.op(&x.address),
                    atomic: x.atomicity.is_some(),
                    order: x.atomicity.as_ref().map_or(Order::Relaxed, atomic_order),
                }
            }
            I::Store(x) => {
                let ty = self.ty_of(&x.value);
                Inst::Store {
                    ty,
                    val: self.op(&x.value),
                    addr: self.op(&x.address),
                    atomic: x.atomicity.is_some(),
                    seq_cst: x.atomicity.as_ref().is_some_and(|a| {
                        a.mem_ordering == li::MemoryOrdering::SequentiallyConsistent
                    }),
                    order: x.atomicity.as_ref().map_or(Order::Relaxed, atomic_order),
                }
            }
            I::Fence(f) => Inst::Fence {
                kind: match f.atomicity.mem_ordering {
                    li::MemoryOrdering::SequentiallyConsistent => FenceKind::SeqCst,
                    li::MemoryOrdering::Acquire => FenceKind::Acquire,
                    _ => FenceKind::Release,
                },
                order: (f.atomicity.synch_scope == li::SynchronizationScope::System)
                    .then(|| atomic_order(&f.atomicity)),
            },
            I::GetElementPtr(g) => self.gep(g),
            I::AtomicRMW(x) => {
                let ty = self.ty_of(&x.value);
                Inst::Rmw {
                    op: rmw_op(x.operation),
                    ty,
                    dst: self.reg(&x.dest),
                    addr: self.op(&x.address),
                    val: self.op(&x.value),
                    order: atomic_order(&x.atomicity),
                }
            }
            I::CmpXchg(x) => {
                let ty = self.ty_of(&x.expected);
                Inst::CmpXchg {
                    ty,
                    dst: self.reg(&x.dest),
                    addr: self.op(&x.address),
                    expected: self.op(&x.expected),
                    new: self.op(&x.replacement),
                    order: atomic_order(&x.atomicity),
                    failure: memory_order(x.failure_memory_ordering),
                }
            }
            I::ExtractValue(x) => Inst::ExtractValue {
                dst: self.reg(&x.dest),
                agg: self.op(&x.aggregate),
                path: x.indices.iter().copied().collect(),
            },
            I::InsertValue(x) => Inst::InsertValue {
                dst: self.reg(&x.dest),
                agg: self.op(&x.aggregate),
                val: self.op(&x.element),
                path: x.indices.iter().copied().collect(),
            },
            I::Call(c) => self.call(c),
            other => self.unsupported(format!("instruction `{}`", inst_name(other))),
        }
    }

    fn temp(&mut self) -> Reg {
        self.extra += 1;
        self.regs.len() as Reg + self.extra - 1
    }

    /// The lane count and LLVM lane type of a vector operand.
    fn lanes_of(&self, o: &llvm_ir::Operand) -> Option<(u64, llvm_ir::TypeRef)> {
        if matches!(o, llvm_ir::Operand::MetadataOperand) {
            return None;
        }
        match o.get_type(&self.cx.m.types).as_ref() {
            llvm_ir::Type::VectorType {
                element_type,
                num_elements,
                ..
            } => Some((*num_elements as u64, element_type.clone())),
            _ => None,
        }
    }

    /// Lane `k` of `v` into a new register.
    fn lane(&mut self, v: Operand, k: u64) -> Operand {
        let t = self.temp();
        self.push(Inst::ExtractValue {
            dst: t,
            agg: v,
            path: smallvec![k as u32],
        });
        Operand::Reg(t)
    }

    /// Builds a vector in `dst` from one scalar instruction per lane:
    /// `f(dst_k, lanes_k)` computes lane `k` from lane `k` of each source
    /// (scalar sources are used whole). Every instruction but the last is
    /// pushed; the last is returned.
    fn per_lane(
        &mut self,
        n: u64,
        dst: Reg,
        srcs: &[(Operand, bool)],
        mut f: impl FnMut(Reg, &[Operand]) -> Inst,
    ) -> Inst {
        let mut agg = Operand::Undef;
        for k in 0..n {
            let ops: Vec<Operand> = srcs
                .iter()
                .map(|&(o, vector)| if vector { self.lane(o, k) } else { o })
                .collect();
            let r = self.temp();
            let inst = f(r, &ops);
            self.push(inst);
            let out = if k + 1 == n { dst } else { self.temp() };
            let ins = Inst::InsertValue {
                dst: out,
                agg,
                val: Operand::Reg(r),
                path: smallvec![k as u32],
            };
            if k + 1 == n {
                return ins;
            }
            self.push(ins);
            agg = Operand::Reg(out);
        }
        Inst::Nop
    }

    /// Vector instructions, lowered lane by lane to the scalar ones; `None`
    /// for an instruction without vector operands or result.
    fn vector_inst(&mut self, i: &'m I) -> Option<Inst> {
        macro_rules! vbin {
            ($x:expr, $op:expr) => {{
                let (n, lt) = self.lanes_of(&$x.operand0)?;
                let bits = self.ty(&lt).bits();
                if !matches!(self.ty(&lt), Ty::Int(_)) {
                    return Some(self.unsupported(format!("vector `{:?}` on `{}`", $op, lt)));
                }
                let (a, b) = (self.op(&$x.operand0), self.op(&$x.operand1));
                let dst = self.reg(&$x.dest);
                let op = $op;
                Some(
                    self.per_lane(n, dst, &[(a, true), (b, true)], |r, o| Inst::Bin {
                        op,
                        bits,
                        dst: r,
                        a: o[0],
                        b: o[1],
                    }),
                )
            }};
        }
        macro_rules! vfbin {
            ($x:expr, $op:expr) => {{
                let (n, lt) = self.lanes_of(&$x.operand0)?;
                let double = match self.ty(&lt) {
                    Ty::F64 => true,
                    Ty::F32 => false,
                    _ => return Some(self.unsupported(format!("vector `{:?}` on `{}`", $op, lt))),
                };
                let (a, b) = (self.op(&$x.operand0), self.op(&$x.operand1));
                let dst = self.reg(&$x.dest);
                let op = $op;
                Some(
                    self.per_lane(n, dst, &[(a, true), (b, true)], |r, o| Inst::FBin {
                        op,
                        double,
                        dst: r,
                        a: o[0],
                        b: o[1],
                    }),
                )
            }};
        }
        macro_rules! vcast {
            ($x:expr, $op:expr) => {{
                let (n, lt) = self.lanes_of(&$x.operand)?;
                let from = self.ty(&lt);
                let to = match $x.to_type.as_ref() {
                    llvm_ir::Type::VectorType { element_type, .. } => {
                        self.ty(&element_type.clone())
                    }
                    _ => return Some(self.unsupported("vector conversion to a scalar".into())),
                };
                let a = self.op(&$x.operand);
                let dst = self.reg(&$x.dest);
                let op = $op;
                Some(self.per_lane(n, dst, &[(a, true)], |r, o| Inst::Cast {
                    op,
                    from: from.clone(),
                    to: to.clone(),
                    dst: r,
                    a: o[0],
                }))
            }};
        }
        match i {
            I::Add(x) => vbin!(x, BinOp::Add),
            I::Sub(x) => vbin!(x, BinOp::Sub),
            I::Mul(x) => vbin!(x, BinOp::Mul),
            I::UDiv(x) => vbin!(x, BinOp::UDiv),
            I::SDiv(x) => vbin!(x, BinOp::SDiv),
            I::URem(x) => vbin!(x, BinOp::URem),
            I::SRem(x) => vbin!(x, BinOp::SRem),
            I::And(x) => vbin!(x, BinOp::And),
            I::Or(x) => vbin!(x, BinOp::Or),
            I::Xor(x) => vbin!(x, BinOp::Xor),
            I::Shl(x) => vbin!(x, BinOp::Shl),
            I::LShr(x) => vbin!(x, BinOp::LShr),
            I::AShr(x) => vbin!(x, BinOp::AShr),
            I::FAdd(x) => vfbin!(x, FBinOp::Add),
            I::FSub(x) => vfbin!(x, FBinOp::Sub),
            I::FMul(x) => vfbin!(x, FBinOp::Mul),
            I::FDiv(x) => vfbin!(x, FBinOp::Div),
            I::FRem(x) => vfbin!(x, FBinOp::Rem),
            I::Trunc(x) => vcast!(x, CastOp::Trunc),
            I::ZExt(x) => vcast!(x, CastOp::ZExt),
            I::SExt(x) => vcast!(x, CastOp::SExt),
            I::FPTrunc(x) => vcast!(x, CastOp::FpTrunc),
            I::FPExt(x) => vcast!(x, CastOp::FpExt),
            I::FPToUI(x) => vcast!(x, CastOp::FpToUi),
            I::FPToSI(x) => vcast!(x, CastOp::FpToSi),
            I::UIToFP(x) => vcast!(x, CastOp::UiToFp),
            I::SIToFP(x) => vcast!(x, CastOp::SiToFp),
            I::FNeg(x) => {
                let (n, lt) = self.lanes_of(&x.operand)?;
                let double = match self.ty(&lt) {
                    Ty::F64 => true,
                    Ty::F32 => false,
                    _ => return Some(self.unsupported(format!("vector fneg on `{lt}`"))),
                };
                let a = self.op(&x.operand);
                let dst = self.reg(&x.dest);
                Some(self.per_lane(n, dst, &[(a, true)], |r, o| Inst::FNeg {
                    double,
                    dst: r,
                    a: o[0],
                }))
            }
            I::ICmp(x) => {
                let (n, lt) = self.lanes_of(&x.operand0)?;
                let bits = self.ty(&lt).bits();
                let (a, b) = (self.op(&x.operand0), self.op(&x.operand1));
                let dst = self.reg(&x.dest);
                let pred = ipred(x.predicate);
                Some(
                    self.per_lane(n, dst, &[(a, true), (b, true)], |r, o| Inst::ICmp {
                        pred,
                        bits,
                        dst: r,
                        a: o[0],
                        b: o[1],
                    }),
                )
            }
            I::FCmp(x) => {
                let (n, lt) = self.lanes_of(&x.operand0)?;
                let double = match self.ty(&lt) {
                    Ty::F64 => true,
                    Ty::F32 => false,
                    _ => return Some(self.unsupported(format!("vector fcmp on `{lt}`"))),
                };
                let (a, b) = (self.op(&x.operand0), self.op(&x.operand1));
                let dst = self.reg(&x.dest);
                let pred = fpred(x.predicate);
                Some(
                    self.per_lane(n, dst, &[(a, true), (b, true)], |r, o| Inst::FCmp {
                        pred,
                        double,
                        dst: r,
                        a: o[0],
                        b: o[1],
                    }),
                )
            }
            I::Select(x) => {
                let (n, _) = self.lanes_of(&x.condition)?;
                let (c, a, b) = (
                    self.op(&x.condition),
                    self.op(&x.true_value),
                    self.op(&x.false_value),
                );
                let dst = self.reg(&x.dest);
                Some(
                    self.per_lane(n, dst, &[(c, true), (a, true), (b, true)], |r, o| {
                        Inst::Select {
                            dst: r,
                            c: o[0],
                            a: o[1],
                            b: o[2],
                        }
                    }),
                )
            }
            I::ExtractElement(x) => {
                let (n, _) = self.lanes_of(&x.vector)?;
                let v = self.op(&x.vector);
                let dst = self.reg(&x.dest);
                let ibits = self.ty_of(&x.index).bits();
                match self.op(&x.index) {
                    Operand::Imm(k) => Some(Inst::ExtractValue {
                        dst,
                        agg: v,
                        path: smallvec![k.min(u32::MAX as u128) as u32],
                    }),
                    idx => {
                        // A select chain over the lanes; out of range: undef.
                        let mut acc = Operand::Undef;
                        for k in 0..n {
                            let lane = self.lane(v, k);
                            let c = self.temp();
                            self.push(Inst::ICmp {
                                pred: IPred::Eq,
                                bits: ibits,
                                dst: c,
                                a: idx,
                                b: Operand::Imm(k as u128),
                            });
                            let r = if k + 1 == n { dst } else { self.temp() };
                            let sel = Inst::Select {
                                dst: r,
                                c: Operand::Reg(c),
                                a: lane,
                                b: acc,
                            };
                            if k + 1 == n {
                                return Some(sel);
                            }
                            self.push(sel);
                            acc = Operand::Reg(r);
                        }
                        Some(Inst::Nop)
                    }
                }
            }
            I::InsertElement(x) => {
                let (n, _) = self.lanes_of(&x.vector)?;
                let (v, e) = (self.op(&x.vector), self.op(&x.element));
                let dst = self.reg(&x.dest);
                let ibits = self.ty_of(&x.index).bits();
                match self.op(&x.index) {
                    Operand::Imm(k) if k < n as u128 => Some(Inst::InsertValue {
                        dst,
                        agg: v,
                        val: e,
                        path: smallvec![k as u32],
                    }),
                    Operand::Imm(_) => Some(Inst::Copy {
                        dst,
                        a: Operand::Undef,
                    }),
                    idx => {
                        let mut cs = Vec::with_capacity(n as usize);
                        for k in 0..n {
                            let c = self.temp();
                            self.push(Inst::ICmp {
                                pred: IPred::Eq,
                                bits: ibits,
                                dst: c,
                                a: idx,
                                b: Operand::Imm(k as u128),
                            });
                            cs.push(Operand::Reg(c));
                        }
                        let mut k = 0;
                        Some(self.per_lane(n, dst, &[(v, true)], |r, o| {
                            let c = cs[k];
                            k += 1;
                            Inst::Select {
                                dst: r,
                                c,
                                a: e,
                                b: o[0],
                            }
                        }))
                    }
                }
            }
            I::ShuffleVector(x) => {
                let (n1, _) = self.lanes_of(&x.operand0)?;
                let mask: Vec<Option<u64>> = match x.mask.as_ref() {
                    llvm_ir::Constant::Vector(items) => items
                        .iter()
                        .map(|c| match c.as_ref() {
                            llvm_ir::Constant::Int { value, .. } => Some(*value),
                            _ => None,
                        })
                        .collect(),
                    llvm_ir::Constant::AggregateZero(t) => match t.as_ref() {
                        llvm_ir::Type::VectorType { num_elements, .. } => {
                            vec![Some(0); *num_elements]
                        }
                        _ => return Some(self.unsupported("shufflevector mask".into())),
                    },
                    _ => return Some(self.unsupported("shufflevector mask".into())),
                };
                let (a, b) = (self.op(&x.operand0), self.op(&x.operand1));
                let dst = self.reg(&x.dest);
                let n = mask.len() as u64;
                let mut agg = Operand::Undef;
                for (k, m) in mask.into_iter().enumerate() {
                    let val = match m {
                        Some(m) if m < n1 => self.lane(a, m),
                        Some(m) if m < 2 * n1 => self.lane(b, m - n1),
                        _ => Operand::Undef,
                    };
                    let out = if k as u64 + 1 == n { dst } else { self.temp() };
                    let ins = Inst::InsertValue {
                        dst: out,
                        agg,
                        val,
                        path: smallvec![k as u32],
                    };
                    if k as u64 + 1 == n {
                        return Some(ins);
                    }
                    self.push(ins);
                    agg = Operand::Reg(out);
                }
                Some(Inst::Copy {
                    dst,
                    a: Operand::Undef,
                })
            }
            I::BitCast(x) => {
                let from = self.lanes_of(&x.operand);
                let to = match x.to_type.as_ref() {
                    llvm_ir::Type::VectorType {
                        element_type,
                        num_elements,
                        ..
                    } => Some((*num_elements as u64, element_type.clone())),
                    _ => None,
                };
                if from.is_none() && to.is_none() {
                    return None;
                }
                Some(self.vector_bitcast(x, from, to))
            }
            _ => None,
        }
    }

    /// A bitcast to or from a vector: lanes are packed into one integer
    /// (little-endian lane order) and unpacked again. At most 128 bits.
    fn vector_bitcast(
        &mut self,
        x: &li::BitCast,
        from: Option<(u64, llvm_ir::TypeRef)>,
        to: Option<(u64, llvm_ir::TypeRef)>,
    ) -> Inst {
        let dst = self.reg(&x.dest);
        let src_ty = self.ty_of(&x.operand);
        let dst_ty = self.ty(&x.to_type);
        let total = src_ty.size() * 8;
        if total > 128 || dst_ty.size() * 8 != total {
            return self.unsupported(format!("bitcast of a {total}-bit vector"));
        }
        let lane_bits = |fx: &mut Self, t: &llvm_ir::TypeRef| {
            let ty = fx.ty(t);
            match ty {
                Ty::Int(b) if b % 8 == 0 || b == 1 => Some(b),
                Ty::F32 | Ty::F64 | Ty::Ptr => Some(ty.bits()),
                _ => None,
            }
        };
        let a = self.op(&x.operand);
        // Pack.
        let packed = match from {
            None => a,
            Some((n, lt)) => {
                let Some(lb) = lane_bits(self, &lt) else {
                    return self.unsupported(format!("bitcast of a vector of `{lt}`"));
                };
                if lb as u64 * n != total {
                    return self.unsupported(format!("bitcast of a vector of `{lt}`"));
                }
                let mut acc = Operand::Imm(0);
                for k in 0..n {
                    let l = self.lane(a, k);
                    let (z, sh, or) = (self.temp(), self.temp(), self.temp());
                    self.push(Inst::Resize {
                        bits: 128,
                        dst: z,
                        a: l,
                    });
                    self.push(Inst::Bin {
                        op: BinOp::Shl,
                        bits: 128,
                        dst: sh,
                        a: Operand::Reg(z),
                        b: Operand::Imm((k * lb as u64) as u128),
                    });
                    self.push(Inst::Bin {
                        op: BinOp::Or,
                        bits: 128,
                        dst: or,
                        a: acc,
                        b: Operand::Reg(sh),
                    });
                    acc = Operand::Reg(or);
                }
                acc
            }
        };
        // Unpack.
        match to {
            None => Inst::Resize {
                bits: dst_ty.bits(),
                dst,
                a: packed,
            },
            Some((n, lt)) => {
                let Some(lb) = lane_bits(self, &lt) else {
                    return self.unsupported(format!("bitcast to a vector of `{lt}`"));
                };
                if lb as u64 * n != total {
                    return self.unsupported(format!("bitcast to a vector of `{lt}`"));
                }
                let mut agg = Operand::Undef;
                for k in 0..n {
                    let (sh, l) = (self.temp(), self.temp());
                    self.push(Inst::Bin {
                        op: BinOp::LShr,
                        bits: 128,
                        dst: sh,
                        a: packed,
                        b: Operand::Imm((k * lb as u64) as u128),
                    });
                    self.push(Inst::Resize {
                        bits: lb,
                        dst: l,
                        a: Operand::Reg(sh),
                    });
                    let out = if k + 1 == n { dst } else { self.temp() };
                    let ins = Inst::InsertValue {
                        dst: out,
                        agg,
                        val: Operand::Reg(l),
                        path: smallvec![k as u32],
                    };
                    if k + 1 == n {
                        return ins;
                    }
                    self.push(ins);
                    agg = Operand::Reg(out);
                }
                Inst::Nop
            }
        }
    }

    fn gep(&mut self, g: &li::GetElementPtr) -> Inst {
        let mut ty = self.ty(&g.source_element_type);
        let mut offset: i64 = 0;
        let mut terms: SmallVec<[(Operand, u32, i64); 2]> = SmallVec::new();
        for (k, idx) in g.indices.iter().enumerate() {
            let bits = self.ty_of(idx).bits();
            let o = self.op(idx);
            let (scale, next) = if k == 0 {
                (ty.size() as i64, ty.clone())
            } else {
                match &ty {
                    Ty::Agg(l) if is_struct_index(l, &o) => {
                        let Operand::Imm(i) = o else { unreachable!() };
                        let (foff, fty) = l.field(i as u64).expect("struct index in range");
                        let fty = fty.clone();
                        offset = offset.wrapping_add(foff as i64);
                        ty = fty;
                        continue;
                    }
                    // Arrays of any length: zero-length arrays and
                    // flexible array members are indexed past their end.
                    Ty::Agg(l) if matches!(l.shape, Shape::Array { .. }) => {
                        let Shape::Array { elem, .. } = &l.shape else {
                            unreachable!()
                        };
                        (elem.size() as i64, elem.clone())
                    }
                    Ty::Agg(l) if !l.is_empty() => {
                        let elem = l.field(0).expect("non-empty").1.clone();
                        (elem.size() as i64, elem)
                    }
                    _ => return self.unsupported("getelementptr into a non-aggregate".into()),
                }
            };
            match o {
                Operand::Imm(v) => offset = offset.wrapping_add(sext(v, bits).wrapping_mul(scale)),
                _ => terms.push((o, bits, scale)),
            }
            ty = next;
        }
        let base = self.op(&g.address);
        if self.cx.dm.is_ilp32() {
            // 32-bit pointers wrap at 2^32: the interpreter's 64-bit sum
            // is masked by a `Resize` (LP64 needs none).
            let t = self.temp();
            self.push(Inst::Gep {
                dst: t,
                base,
                offset,
                terms,
            });
            return Inst::Resize {
                bits: 32,
                dst: self.reg(&g.dest),
                a: Operand::Reg(t),
            };
        }
        Inst::Gep {
            dst: self.reg(&g.dest),
            base,
            offset,
            terms,
        }
    }

    fn term(&mut self, t: &'m T) -> Inst {
        match t {
            T::Ret(r) => Inst::Ret {
                val: r.return_operand.as_ref().map(|o| self.op(o)),
            },
            T::Br(b) => Inst::Br {
                target: self.block_id(&b.dest),
            },
            T::CondBr(b) => Inst::CondBr {
                c: self.op(&b.condition),
                t: self.block_id(&b.true_dest),
                f: self.block_id(&b.false_dest),
            },
            T::Switch(s) => {
                let mut cases = Vec::with_capacity(s.dests.len());
                for (c, b) in &s.dests {
                    match const_operand(self.cx, c, self.loc) {
                        Operand::Imm(v) => cases.push((v, self.block_id(b))),
                        _ => return self.unsupported("non-integer switch case".into()),
                    }
                }
                Inst::Switch {
                    v: self.op(&s.operand),
                    cases,
                    default: self.block_id(&s.default_dest),
                }
            }
            T::Unreachable(_) => Inst::Unreachable,
            other => self.unsupported(format!("terminator `{}`", term_name(other))),
        }
    }

    fn call(&mut self, c: &'m li::Call) -> Inst {
        let dst = c.dest.as_ref().map(|d| self.reg(d));
        let f = match &c.function {
            either::Either::Left(_) => return self.inline_asm(c, dst),
            either::Either::Right(f) => f,
        };
        let args: Vec<Operand> = c.arguments.iter().map(|(a, _)| self.op(a)).collect();
        let mut byval = self.byval_args(c);
        if self.cx.dm.is_ilp32() {
            byval = self.wide_varargs(c, byval);
        }
        let name = match f {
            llvm_ir::Operand::ConstantOperand(k) => match k.as_ref() {
                llvm_ir::Constant::GlobalReference { name, .. } => Some(name_str(name)),
                _ => None,
            },
            _ => None,
        };
        let Some(name) = name else {
            let callee = Callee::Indirect(self.op(f));
            return self.extern_call(c, dst, callee, args, byval);
        };
        if let Some(&fid) = self.cx.funcs.get(name.as_str()) {
            if !self.cx.m.functions[fid as usize].basic_blocks.is_empty() {
                if let Some(cur) = self.cx.current_fn {
                    self.cx.calls[cur as usize].push(fid);
                }
                return Inst::Call {
                    dst,
                    callee: Callee::Func(fid),
                    args,
                    byval,
                };
            }
        }
        if let Some(rest) = name.strip_prefix("llvm.") {
            return self.intrinsic(rest, c, dst, args);
        }
        let e = self.cx.extern_id(&name, self.loc);
        self.extern_call(c, dst, Callee::Extern(e), args, byval)
    }

    /// A call of an external (modelled) function, or through a pointer
    /// that may be one. The runtime computes results as LP64 does; under
    /// ILP32 a result narrower than 64 bits (`long`, `size_t`, a pointer)
    /// is cut to its type's width by a `Resize`.
    fn extern_call(
        &mut self,
        c: &li::Call,
        dst: Option<Reg>,
        callee: Callee,
        args: Vec<Operand>,
        byval: Box<[(u32, u64)]>,
    ) -> Inst {
        let narrow = match (dst, c.function_ty.as_ref()) {
            (Some(_), llvm_ir::Type::FuncType { result_type, .. }) if self.cx.dm.is_ilp32() => {
                match self.ty(result_type) {
                    Ty::Int(b) if b < 64 => Some(b),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(bits) = narrow else {
            return Inst::Call {
                dst,
                callee,
                args,
                byval,
            };
        };
        let t = self.temp();
        self.push(Inst::Call {
            dst: Some(t),
            callee,
            args,
            byval,
        });
        Inst::Resize {
            bits,
            dst: dst.expect("narrow results have a destination"),
            a: Operand::Reg(t),
        }
    }

    /// A call of inline assembly: the idioms [`super::asm`] knows, each
    /// lowered to several instructions (all but the last pushed here).
    fn inline_asm(&mut self, c: &'m li::Call, dst: Option<Reg>) -> Inst {
        let key = (
            self.cx.current_fn.unwrap_or(u32::MAX),
            self.cx.current_pos.0,
            self.cx.current_pos.1,
        );
        let Some((template, constraints)) = self.cx.gep_offsets.asm.get(&key).cloned() else {
            return self.unsupported("inline assembly (its text could not be read)".into());
        };
        let mut args = Vec::with_capacity(c.arguments.len());
        for (a, attrs) in &c.arguments {
            let ty = self.ty_of(a);
            let elem = attrs.iter().find_map(|at| match at {
                llvm_ir::function::ParameterAttribute::UnknownTypeAttribute(t) => Some(t.clone()),
                _ => None,
            });
            let elem = elem.map(|t| self.ty(&t));
            args.push((self.op(a), ty, elem));
        }
        let outputs = match c.function_ty.as_ref() {
            llvm_ir::Type::FuncType { result_type, .. } => match self.ty(result_type) {
                Ty::Void => Vec::new(),
                Ty::Agg(l) => l.fields().map(|(_, t)| t.clone()).collect(),
                t => vec![t],
            },
            _ => Vec::new(),
        };
        let call = super::asm::AsmCall {
            template: &template,
            constraints: &constraints,
            args,
            outputs,
            dst,
        };
        let base = self.regs.len() as u32;
        let mut extra = self.extra;
        let mut temp = || {
            extra += 1;
            base + extra - 1
        };
        let lowered = super::asm::lower(&call, &mut temp);
        self.extra = extra;
        match lowered {
            Ok(mut insts) => {
                let last = insts.pop().unwrap_or(Inst::Nop);
                for i in insts {
                    self.push(i);
                }
                last
            }
            Err(why) => self.unsupported(format!(
                "inline assembly `{}` ({why})",
                super::asm::gcc_spelling(&template).escape_debug()
            )),
        }
    }

    /// `llvm.experimental.*`: scope declarations (no-ops) and the
    /// constrained floating-point operations of `#pragma STDC FENV_ACCESS`.
    /// weft models no way to change the rounding mode or read the exception
    /// flags (`fesetround` and friends are unmodelled externals), so they
    /// round to nearest like the plain instructions. Constrained
    /// comparisons, whose predicate is a metadata string `llvm-ir` drops,
    /// and the rest are refused.
    fn experimental(&mut self, name: &str, c: &li::Call, d: Reg, args: &[Operand]) -> Inst {
        if name.starts_with("experimental.noalias.scope.decl") {
            return Inst::Nop;
        }
        let Some(op) = name
            .strip_prefix("experimental.constrained.")
            .and_then(|r| r.split('.').next())
        else {
            return self.unsupported(format!("intrinsic `llvm.{name}`"));
        };
        let a0 = c.arguments.first().map(|(a, _)| a);
        let fbin = |op| (op, a0);
        let fop = match op {
            "fadd" => Some(fbin(FBinOp::Add)),
            "fsub" => Some(fbin(FBinOp::Sub)),
            "fmul" => Some(fbin(FBinOp::Mul)),
            "fdiv" => Some(fbin(FBinOp::Div)),
            "frem" => Some(fbin(FBinOp::Rem)),
            _ => None,
        };
        if let (Some((op, Some(a))), Some(&b)) = (fop, args.get(1)) {
            let double = match self.ty_of(a) {
                Ty::F64 => true,
                Ty::F32 => false,
                t => return self.unsupported(format!("floating-point operation on `{t:?}`")),
            };
            return Inst::FBin {
                op,
                double,
                dst: d,
                a: args[0],
                b,
            };
        }
        let cast = match op {
            "fptosi" => Some(CastOp::FpToSi),
            "fptoui" => Some(CastOp::FpToUi),
            "sitofp" => Some(CastOp::SiToFp),
            "uitofp" => Some(CastOp::UiToFp),
            "fptrunc" => Some(CastOp::FpTrunc),
            "fpext" => Some(CastOp::FpExt),
            _ => None,
        };
        if let (Some(cop), Some(a)) = (cast, a0) {
            let from = self.ty_of(a);
            let to = match c.function_ty.as_ref() {
                llvm_ir::Type::FuncType { result_type, .. } => self.ty(result_type),
                _ => Ty::Void,
            };
            if from.is_agg() || to.is_agg() || matches!(to, Ty::Void) {
                return self.unsupported(format!("intrinsic `llvm.{name}`"));
            }
            return Inst::Cast {
                op: cop,
                from,
                to,
                dst: d,
                a: args[0],
            };
        }
        self.unsupported(format!("intrinsic `llvm.{name}`"))
    }

    /// ILP32: the variadic arguments of 8 bytes (`long long`, `double`)
    /// added to `byval` flagged [`ARG_8`]; the other scalars take one
    /// 4-byte slot of the i386 argument area.
    fn wide_varargs(&mut self, c: &li::Call, byval: Box<[(u32, u64)]>) -> Box<[(u32, u64)]> {
        let fixed = match c.function_ty.as_ref() {
            llvm_ir::Type::FuncType {
                param_types,
                is_var_arg: true,
                ..
            } => param_types.len(),
            _ => return byval,
        };
        let mut out = byval.into_vec();
        for (i, (a, attrs)) in c.arguments.iter().enumerate().skip(fixed) {
            let by_val = attrs
                .iter()
                .any(|a| matches!(a, llvm_ir::function::ParameterAttribute::ByVal(_)));
            let t = self.ty_of(a);
            if !by_val && !t.is_agg() && t.size() == 8 {
                out.push((i as u32 | ARG_8, 8));
            } else if !by_val && (t.is_agg() || t.size() > 8) {
                self.unsupported(format!("variadic argument of type `{t:?}` under ILP32"));
            }
        }
        out.into_boxed_slice()
    }

    /// The `byval` arguments of a call, with their sizes.
    fn byval_args(&mut self, c: &li::Call) -> Box<[(u32, u64)]> {
        let mut out = Vec::new();
        for (i, (_, attrs)) in c.arguments.iter().enumerate() {
            for a in attrs {
                if let llvm_ir::function::ParameterAttribute::ByVal(t) = a {
                    let size = self.ty(t).size();
                    out.push((i as u32, size));
                }
            }
        }
        out.into_boxed_slice()
    }

    fn intrinsic(
        &mut self,
        name: &str,
        c: &li::Call,
        dst: Option<Reg>,
        args: Vec<Operand>,
    ) -> Inst {
        let base = name.split('.').next().unwrap_or("");
        let d = dst.unwrap_or(0);
        if c.arguments.iter().any(|(a, _)| self.lanes_of(a).is_some()) {
            return self.unsupported(format!("vector intrinsic `llvm.{name}`"));
        }
        let bits = c
            .arguments
            .first()
            .map(|(a, _)| self.ty_of(a).bits())
            .unwrap_or(0);
        let intr = |op: Intr, n: usize| Inst::Intr {
            op,
            bits,
            dst: d,
            args: args.iter().take(n).copied().collect(),
        };
        match base {
            "experimental" => self.experimental(name, c, d, &args),
            "dbg" | "lifetime" | "assume" | "var" | "invariant" | "stackrestore" | "va_end"
            | "prefetch" | "sideeffect" | "donothing" => Inst::Nop,
            "x86" if name.contains("mfence") => Inst::Fence {
                kind: FenceKind::SeqCst,
                order: Some(Order::SeqCst),
            },
            "x86" if name.contains("sfence") => Inst::Fence {
                kind: FenceKind::Release,
                order: Some(Order::Release),
            },
            "x86" if name.contains("lfence") => Inst::Fence {
                kind: FenceKind::Acquire,
                order: Some(Order::Acquire),
            },
            "x86" if name.contains("pause") => Inst::Nop,
            "memcpy" | "memmove" | "memset" => {
                let e = self.cx.extern_id(base, self.loc);
                Inst::Call {
                    dst: None,
                    callee: Callee::Extern(e),
                    args: args[..3].to_vec(),
                    byval: Box::new([]),
                }
            }
            // A thread's instance of a thread-local global: the runtime
            // model of the same name finds or makes it.
            "threadlocal" => {
                let e = self.cx.extern_id("llvm.threadlocal.address", self.loc);
                Inst::Call {
                    dst,
                    callee: Callee::Extern(e),
                    args: args[..1].to_vec(),
                    byval: Box::new([]),
                }
            }
            "trap" | "debugtrap" => {
                let e = self.cx.extern_id("abort", self.loc);
                Inst::Call {
                    dst: None,
                    callee: Callee::Extern(e),
                    args: vec![],
                    byval: Box::new([]),
                }
            }
            "va_start" => Inst::VaStart { ap: args[0] },
            "va_copy" => Inst::VaCopy {
                dst: args[0],
                src: args[1],
            },
            "stacksave" => Inst::Copy {
                dst: d,
                a: Operand::Imm(0),
            },
            "expect" => Inst::Copy { dst: d, a: args[0] },
            "ctpop" => intr(Intr::Ctpop, 1),
            "ctlz" => intr(Intr::Ctlz, 1),
            "cttz" => intr(Intr::Cttz, 1),
            "bswap" => intr(Intr::Bswap, 1),
            "bitreverse" => intr(Intr::Bitreverse, 1),
            "abs" => intr(Intr::Abs, 1),
            "smax" => intr(Intr::SMax, 2),
            "smin" => intr(Intr::SMin, 2),
            "umax" => intr(Intr::UMax, 2),
            "umin" => intr(Intr::UMin, 2),
            "fshl" => intr(Intr::Fshl, 3),
            "fshr" => intr(Intr::Fshr, 3),
            "sadd" if name.starts_with("sadd.with") => intr(Intr::AddOv { signed: true }, 2),
            "uadd" if name.starts_with("uadd.with") => intr(Intr::AddOv { signed: false }, 2),
            "ssub" if name.starts_with("ssub.with") => intr(Intr::SubOv { signed: true }, 2),
            "usub" if name.starts_with("usub.with") => intr(Intr::SubOv { signed: false }, 2),
            "smul" if name.starts_with("smul.with") => intr(Intr::MulOv { signed: true }, 2),
            "umul" if name.starts_with("umul.with") => intr(Intr::MulOv { signed: false }, 2),
            "sadd" => intr(Intr::AddSat { signed: true }, 2),
            "uadd" => intr(Intr::AddSat { signed: false }, 2),
            "ssub" => intr(Intr::SubSat { signed: true }, 2),
            "usub" => intr(Intr::SubSat { signed: false }, 2),
            "fabs" => intr(Intr::FAbs, 1),
            "sqrt" => intr(Intr::Sqrt, 1),
            "floor" => intr(Intr::Floor, 1),
            "ceil" => intr(Intr::Ceil, 1),
            "trunc" => intr(Intr::FTrunc, 1),
            "round" => intr(Intr::Round, 1),
            "fma" => intr(Intr::Fma, 3),
            "fmuladd" => intr(Intr::MulAdd, 3),
            "rint" | "nearbyint" | "roundeven" => intr(Intr::RoundEven, 1),
            "is" if name.starts_with("is.fpclass") => intr(Intr::IsFpClass, 2),
            "copysign" => intr(Intr::CopySign, 2),
            "minnum" => intr(Intr::MinNum, 2),
            "maxnum" => intr(Intr::MaxNum, 2),
            _ => self.unsupported(format!("intrinsic `llvm.{name}`")),
        }
    }
}

fn is_struct_index(l: &Layout, o: &Operand) -> bool {
    // Struct fields have distinct types or offsets; arrays have a uniform
    // stride. A constant index into an aggregate whose fields are not evenly
    // strided must be a struct index.
    let Operand::Imm(i) = o else { return false };
    let Shape::Struct(fields) = &l.shape else {
        return false;
    };
    let uniform = fields.windows(2).all(|w| w[0].1 == w[1].1)
        && fields.len() > 1
        && fields[1].0 == fields[0].1.size();
    !uniform && (*i as usize) < fields.len()
}

/// Kept for future use by lowering of aggregate-typed intrinsic results.
#[allow(dead_code)]
fn pair(dm: &crate::DataModel, a: Ty, b: Ty) -> Ty {
    struct_layout(dm, vec![a, b], false)
}

#[allow(dead_code)]
fn one<T: Copy>(x: T) -> SmallVec<[T; 2]> {
    smallvec![x]
}

fn ipred(p: llvm_ir::IntPredicate) -> IPred {
    use llvm_ir::IntPredicate as P;
    match p {
        P::EQ => IPred::Eq,
        P::NE => IPred::Ne,
        P::UGT => IPred::Ugt,
        P::UGE => IPred::Uge,
        P::ULT => IPred::Ult,
        P::ULE => IPred::Ule,
        P::SGT => IPred::Sgt,
        P::SGE => IPred::Sge,
        P::SLT => IPred::Slt,
        P::SLE => IPred::Sle,
    }
}

fn fpred(p: llvm_ir::FPPredicate) -> FPred {
    use llvm_ir::FPPredicate as P;
    match p {
        P::False => FPred::False,
        P::OEQ => FPred::Oeq,
        P::OGT => FPred::Ogt,
        P::OGE => FPred::Oge,
        P::OLT => FPred::Olt,
        P::OLE => FPred::Ole,
        P::ONE => FPred::One,
        P::ORD => FPred::Ord,
        P::UNO => FPred::Uno,
        P::UEQ => FPred::Ueq,
        P::UGT => FPred::Ugt,
        P::UGE => FPred::Uge,
        P::ULT => FPred::Ult,
        P::ULE => FPred::Ule,
        P::UNE => FPred::Une,
        P::True => FPred::True,
    }
}

fn rmw_op(o: li::RMWBinOp) -> RmwOp {
    use li::RMWBinOp as R;
    match o {
        R::Xchg => RmwOp::Xchg,
        R::Add => RmwOp::Add,
        R::Sub => RmwOp::Sub,
        R::And => RmwOp::And,
        R::Nand => RmwOp::Nand,
        R::Or => RmwOp::Or,
        R::Xor => RmwOp::Xor,
        R::Max => RmwOp::Max,
        R::Min => RmwOp::Min,
        R::UMax => RmwOp::UMax,
        R::UMin => RmwOp::UMin,
        R::FAdd => RmwOp::FAdd,
        R::FSub => RmwOp::FSub,
        R::FMax => RmwOp::FMax,
        R::FMin => RmwOp::FMin,
        R::UIncWrap => RmwOp::UIncWrap,
        R::UDecWrap => RmwOp::UDecWrap,
    }
}

fn inst_name(i: &I) -> String {
    let s = format!("{i:?}");
    s.split(['(', ' ', '{'])
        .next()
        .unwrap_or("?")
        .to_lowercase()
}

fn term_name(t: &T) -> String {
    let s = format!("{t:?}");
    s.split(['(', ' ', '{'])
        .next()
        .unwrap_or("?")
        .to_lowercase()
}

/// The C11 order of an LLVM atomic instruction.
fn atomic_order(a: &li::Atomicity) -> Order {
    memory_order(a.mem_ordering)
}

/// LLVM's memory ordering as a C11 order: `unordered` and `monotonic` are
/// relaxed. `NotAtomic` on an atomic instruction (which the bitcode reader
/// reports for some) is taken as the strongest order, never a weaker one.
fn memory_order(o: li::MemoryOrdering) -> Order {
    use li::MemoryOrdering as M;
    match o {
        M::Unordered | M::Monotonic => Order::Relaxed,
        M::Acquire => Order::Acquire,
        M::Release => Order::Release,
        M::AcquireRelease => Order::AcqRel,
        M::SequentiallyConsistent | M::NotAtomic => Order::SeqCst,
    }
}
