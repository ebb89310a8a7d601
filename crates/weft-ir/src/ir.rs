//! The dense instruction set.

use crate::Ty;
use smallvec::SmallVec;
use weft_core::{Loc, Order};

/// Register index within a function's frame.
pub type Reg = u32;
/// Index into [`Module::functions`].
pub type FuncId = u32;
/// Index into [`Module::externs`].
pub type ExternId = u32;
/// Index into [`Function::blocks`].
pub type BlockId = u32;

/// A resolved operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand {
    Reg(Reg),
    /// A scalar constant: integer, pointer (address) or float bits.
    Imm(u128),
    /// An aggregate constant, index into [`Module::consts`].
    Const(u32),
    /// `undef` / `poison`: reads as uninitialised.
    Undef,
}

/// A constant value, as stored in the constant pool.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstVal {
    Int(u128),
    Undef,
    Agg(Vec<ConstVal>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FBinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FPred {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Uno,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    True,
}

/// Conversions. Integer widths come from the `from`/`to` types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpTrunc,
    FpExt,
    FpToUi,
    FpToSi,
    UiToFp,
    SiToFp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    UIncWrap,
    UDecWrap,
}

/// Scalar intrinsics evaluated in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intr {
    Ctpop,
    Ctlz,
    Cttz,
    Bswap,
    Bitreverse,
    Abs,
    SMax,
    SMin,
    UMax,
    UMin,
    Fshl,
    Fshr,
    /// `{iN, i1}` result: wrapped value and overflow flag.
    AddOv {
        signed: bool,
    },
    SubOv {
        signed: bool,
    },
    MulOv {
        signed: bool,
    },
    AddSat {
        signed: bool,
    },
    SubSat {
        signed: bool,
    },
    FAbs,
    Sqrt,
    Floor,
    Ceil,
    FTrunc,
    Round,
    /// Fused multiply-add (one rounding).
    Fma,
    /// `llvm.fmuladd`: multiply then add with two roundings, as x86-64
    /// without FMA executes it.
    MulAdd,
    /// Round to nearest, ties to even (`rint`, `nearbyint`, `roundeven`).
    RoundEven,
    /// `llvm.is.fpclass(x, mask)`.
    IsFpClass,
    CopySign,
    MinNum,
    MaxNum,
}

/// The strength of a fence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenceKind {
    /// Acquire (orders nothing a store buffer can reorder).
    Acquire,
    /// Release or acquire-release: orders earlier stores before later
    /// stores (a store-store barrier under PSO).
    Release,
    /// Sequentially consistent: a full barrier (mfence).
    SeqCst,
}

/// Who a call goes to.
#[derive(Clone, Debug, PartialEq)]
pub enum Callee {
    Func(FuncId),
    Extern(ExternId),
    Indirect(Operand),
}

/// One instruction. Terminators are instructions too and end every block.
#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    Bin {
        op: BinOp,
        bits: u32,
        dst: Reg,
        a: Operand,
        b: Operand,
    },
    /// A [`Inst::Bin`] whose signed overflow is a finding (LLVM's `nsw`
    /// flag: C's signed overflow is undefined). Only in a program checked
    /// for signed overflow, which rewrites the `Bin`s [`Function::nsw`]
    /// lists into these; the lowering emits plain `Bin`s.
    BinNsw {
        op: BinOp,
        bits: u32,
        dst: Reg,
        a: Operand,
        b: Operand,
    },
    FBin {
        op: FBinOp,
        double: bool,
        dst: Reg,
        a: Operand,
        b: Operand,
    },
    FNeg {
        double: bool,
        dst: Reg,
        a: Operand,
    },
    ICmp {
        pred: IPred,
        bits: u32,
        dst: Reg,
        a: Operand,
        b: Operand,
    },
    FCmp {
        pred: FPred,
        double: bool,
        dst: Reg,
        a: Operand,
        b: Operand,
    },
    Cast {
        op: CastOp,
        from: Ty,
        to: Ty,
        dst: Reg,
        a: Operand,
    },
    /// Integer resize used by ptrtoint/inttoptr and bitcast-like moves:
    /// truncates or zero-extends to `bits`.
    Resize {
        bits: u32,
        dst: Reg,
        a: Operand,
    },
    Copy {
        dst: Reg,
        a: Operand,
    },
    Select {
        dst: Reg,
        c: Operand,
        a: Operand,
        b: Operand,
    },
    Alloca {
        dst: Reg,
        elem_size: u64,
        align: u64,
        count: Operand,
        count_bits: u32,
    },
    Load {
        dst: Reg,
        ty: Ty,
        addr: Operand,
        atomic: bool,
        /// The C11 order of an atomic load.
        order: Order,
    },
    Store {
        ty: Ty,
        val: Operand,
        addr: Operand,
        atomic: bool,
        /// A `seq_cst` atomic store: under TSO/PSO a locked write (a full
        /// barrier), as x86 compiles it.
        seq_cst: bool,
        /// The C11 order of an atomic store.
        order: Order,
    },
    /// `dst = base + offset + Σ sext(index) * scale`.
    Gep {
        dst: Reg,
        base: Operand,
        offset: i64,
        terms: SmallVec<[(Operand, u32, i64); 2]>,
    },
    Rmw {
        op: RmwOp,
        ty: Ty,
        dst: Reg,
        addr: Operand,
        val: Operand,
        order: Order,
    },
    /// Result is the aggregate `{old, success}`.
    CmpXchg {
        ty: Ty,
        dst: Reg,
        addr: Operand,
        expected: Operand,
        new: Operand,
        /// The order on success and on failure.
        order: Order,
        failure: Order,
    },
    /// `kind` says what the fence orders under TSO/PSO; `order` is its C11
    /// order, `None` for a fence that synchronises no threads (a signal
    /// fence, `syncscope("singlethread")`).
    Fence {
        kind: FenceKind,
        order: Option<Order>,
    },
    ExtractValue {
        dst: Reg,
        agg: Operand,
        path: SmallVec<[u32; 2]>,
    },
    InsertValue {
        dst: Reg,
        agg: Operand,
        val: Operand,
        path: SmallVec<[u32; 2]>,
    },
    Intr {
        op: Intr,
        bits: u32,
        dst: Reg,
        args: SmallVec<[Operand; 3]>,
    },
    Call {
        dst: Option<Reg>,
        callee: Callee,
        args: Vec<Operand>,
        /// Arguments passed `byval`: (argument index, size in bytes). The
        /// callee receives a pointer to a private copy. Under ILP32, an
        /// index with [`ARG_8`] set marks instead a variadic scalar of 8
        /// bytes (its argument slot is 8 bytes, not 4).
        byval: Box<[(u32, u64)]>,
    },
    /// `llvm.va_start(ap)`: initialise the x86-64 `va_list` at `ap`.
    VaStart {
        ap: Operand,
    },
    /// `llvm.va_copy(dst, src)`.
    VaCopy {
        dst: Operand,
        src: Operand,
    },
    Nop,
    Ret {
        val: Option<Operand>,
    },
    Br {
        target: BlockId,
    },
    CondBr {
        c: Operand,
        t: BlockId,
        f: BlockId,
    },
    Switch {
        v: Operand,
        cases: Vec<(u128, BlockId)>,
        default: BlockId,
    },
    Unreachable,
}

impl Inst {
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            Inst::Ret { .. }
                | Inst::Br { .. }
                | Inst::CondBr { .. }
                | Inst::Switch { .. }
                | Inst::Unreachable
        )
    }
}

/// A phi node: on entry from `pred`, `dst` takes the paired operand.
#[derive(Clone, Debug, PartialEq)]
pub struct Phi {
    pub dst: Reg,
    pub incoming: Vec<(BlockId, Operand)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Index of the block's first instruction in [`Function::insts`].
    pub first: u32,
    pub phis: Vec<Phi>,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub nparams: u32,
    pub nregs: u32,
    pub is_var_arg: bool,
    pub ret: Ty,
    pub blocks: Vec<Block>,
    pub insts: Vec<Inst>,
    /// Source location of each instruction, parallel to `insts`.
    pub locs: Vec<Loc>,
    /// Where the function is defined.
    pub loc: Loc,
    /// `__VERIFIER_atomic_*`: the body runs without interruption.
    pub atomic: bool,
    /// Positions of the `Bin` instructions (`add`, `sub`, `mul`, `shl`)
    /// whose LLVM instruction had the `nsw` flag (see [`Inst::BinNsw`]).
    pub nsw: Vec<u32>,
}

/// A global variable with its initial bytes (addresses already resolved).
#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub size: u64,
    /// Initial contents as `(offset, bytes)` runs in increasing offset
    /// order; every byte outside them is zero.
    pub init: Vec<(u64, Vec<u8>)>,
    pub constant: bool,
    /// Declared but not defined by the program (`extern FILE *stdout;`):
    /// the C library's. The runtime gives some of them a value.
    pub external: bool,
}

/// Flag on a [`Inst::Call`] `byval` index: an 8-byte variadic scalar
/// (ILP32 only).
pub const ARG_8: u32 = 1 << 31;

/// What a code address refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    Func(FuncId),
    Extern(ExternId),
}

/// An external function the program calls, with the first place it does.
#[derive(Clone, Debug)]
pub struct Extern {
    pub name: String,
    pub first_use: Loc,
}

/// A lowered program.
#[derive(Clone, Debug)]
pub struct Module {
    pub functions: Vec<Function>,
    pub externs: Vec<Extern>,
    pub globals: Vec<Global>,
    pub consts: Vec<ConstVal>,
    pub sources: weft_core::SourceMap,
    /// Functions reachable from `main` (directly or through taken addresses).
    pub reachable: Vec<bool>,
    pub main: Option<FuncId>,
    /// The target's sizes and pointer packing (LP64 or ILP32).
    pub dm: crate::DataModel,
}

impl Module {
    /// Address of global `g` under pointer packing `am`.
    pub fn global_addr(am: crate::addr::AddrModel, g: usize) -> u64 {
        am.addr(
            crate::addr::ObjId {
                space: 0,
                index: g as u32 + 1,
            },
            0,
        )
    }

    /// Address of a code object: functions first, then externs.
    pub fn code_addr(&self, code: Code) -> u64 {
        let base = self.globals.len() as u32 + 1;
        let index = match code {
            Code::Func(f) => base + f,
            Code::Extern(e) => base + self.functions.len() as u32 + e,
        };
        self.dm.addr.addr(crate::addr::ObjId { space: 0, index }, 0)
    }

    /// The code object at a static-space index, if any.
    pub fn code_at(&self, index: u32) -> Option<Code> {
        let base = self.globals.len() as u32 + 1;
        let i = index.checked_sub(base)?;
        if (i as usize) < self.functions.len() {
            Some(Code::Func(i))
        } else {
            let e = i - self.functions.len() as u32;
            ((e as usize) < self.externs.len()).then_some(Code::Extern(e))
        }
    }

    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| i as FuncId)
    }
}
