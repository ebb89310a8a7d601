//! Static footprints of atomic sections.
//!
//! An atomic section (`__VERIFIER_atomic_begin()` to the matching
//! `__VERIFIER_atomic_end()`, or the body of a `__VERIFIER_atomic_*`
//! function) runs without interruption, so for the explorers it is one
//! step: it conflicts with another event exactly when one of its own
//! events could. This module bounds, before the program runs, every access
//! a section can make on any path: its *footprint*, which the section's
//! `AtomicBegin` event carries (see `weft_core::EventKind::AtomicBegin`).
//! Without one, the begin conflicts with every event, and every two
//! sections, however unrelated, are ordered both ways.
//!
//! The bound is found by walking the instructions the section can execute
//! (from the begin call to every end call it reaches, through the bodies of
//! the program functions it calls). Each access must be to a global,
//! named by its address or by a `getelementptr` (cast or copied) of one;
//! the whole global is then in the footprint, read or written (its other
//! bytes too: an index past them is a bug that ends the execution). Anything
//! else gives no footprint: an access through any other pointer (a
//! parameter, a loaded pointer, a stack variable), an indirect call, a call
//! of a library function other than the SV-COMP input, assume and error
//! functions, `abort` and the `assert` failure handlers, a nested section,
//! a return from the function of the begin, `va_start`, `alloca`, or a
//! recursive call. Such a section keeps the global begin.
//!
//! Thread-local globals are not a concern: weft gives every global one
//! address. A section that ends its execution (a failed assume, an error
//! call, a bug) is handled by the explorer, which treats its begin as the
//! event that ended the execution.

use rustc_hash::FxHashMap;
use std::sync::Arc;
use weft_core::Access;
use weft_ir::{Callee, FuncId, Inst, Module, Operand, Reg};

/// A section's footprint: dependency-only accesses, one per global.
pub type Footprint = Arc<[Access]>;

/// The footprints of a program's sections, by where they begin.
#[derive(Debug, Default)]
pub struct Sections {
    /// By `(function, instruction)` of a `__VERIFIER_atomic_begin()` call.
    begins: FxHashMap<(FuncId, u32), Option<Footprint>>,
    /// By `__VERIFIER_atomic_*` function.
    functions: FxHashMap<FuncId, Option<Footprint>>,
}

impl Sections {
    /// Analyses every section of `module`.
    pub fn new(module: &Module) -> Sections {
        let mut out = Sections::default();
        let Some(begin) = extern_id(module, "__VERIFIER_atomic_begin") else {
            return out.with_functions(module);
        };
        let mut walk = Walk::new(module);
        for (f, func) in module.functions.iter().enumerate() {
            for (i, inst) in func.insts.iter().enumerate() {
                if let Inst::Call {
                    callee: Callee::Extern(e),
                    ..
                } = inst
                {
                    if *e == begin {
                        let fp = walk.region(f as FuncId, i as u32 + 1);
                        out.begins.insert((f as FuncId, i as u32), fp);
                    }
                }
            }
        }
        out.with_functions(module)
    }

    fn with_functions(mut self, module: &Module) -> Sections {
        let mut walk = Walk::new(module);
        for (f, func) in module.functions.iter().enumerate() {
            if func.atomic {
                let fp = walk.function(f as FuncId);
                self.functions.insert(f as FuncId, fp);
            }
        }
        self
    }

    /// The footprint of the section that the `__VERIFIER_atomic_begin()`
    /// call at instruction `ip` of `func` opens.
    pub fn at_begin(&self, func: FuncId, ip: u32) -> Option<Footprint> {
        self.begins.get(&(func, ip)).cloned().flatten()
    }

    /// The footprint of a call of the `__VERIFIER_atomic_*` function `func`.
    pub fn of_function(&self, func: FuncId) -> Option<Footprint> {
        self.functions.get(&func).cloned().flatten()
    }
}

fn extern_id(module: &Module, name: &str) -> Option<u32> {
    module
        .externs
        .iter()
        .position(|e| e.name == name)
        .map(|i| i as u32)
}

/// Library functions a section may call without losing its footprint:
/// they touch no memory of the program (the SV-COMP inputs and assumes),
/// or end the execution (error functions, `abort`, failed `assert`s).
fn harmless(name: &str) -> bool {
    name.starts_with("__VERIFIER_nondet_")
        || matches!(
            name,
            "__VERIFIER_assume"
                | "klee_assume"
                | "reach_error"
                | "__VERIFIER_error"
                | "abort"
                | "__assert_fail"
                | "__assert"
                | "_assert"
                | "__assert_rtn"
                | "__assert_func"
                | "__assert_perror_fail"
        )
}

/// The accesses found so far, by global: whether any writes.
type Found = FxHashMap<usize, bool>;

/// Why a walk gave up: the section has no footprint.
struct Unknown;

struct Walk<'m> {
    module: &'m Module,
    /// Whole-function footprints found so far (`None` while being walked:
    /// a recursive call).
    memo: FxHashMap<FuncId, Option<Option<Found>>>,
}

impl<'m> Walk<'m> {
    fn new(module: &'m Module) -> Walk<'m> {
        Walk {
            module,
            memo: FxHashMap::default(),
        }
    }

    /// The footprint of the code from instruction `start` of `f` up to
    /// each `__VERIFIER_atomic_end()` call it reaches.
    fn region(&mut self, f: FuncId, start: u32) -> Option<Footprint> {
        let mut found = Found::default();
        self.walk(f, start, true, &mut found).ok()?;
        Some(self.footprint(&found))
    }

    /// The footprint of a whole call of `f` (a `__VERIFIER_atomic_*`
    /// function).
    fn function(&mut self, f: FuncId) -> Option<Footprint> {
        let found = self.body(f).ok()?;
        Some(self.footprint(&found))
    }

    fn footprint(&self, found: &Found) -> Footprint {
        let am = self.module.dm.addr;
        let mut out: Vec<Access> = found
            .iter()
            .filter(|(&g, _)| self.module.globals[g].size > 0)
            .map(|(&g, &write)| Access {
                addr: Module::global_addr(am, g),
                size: self.module.globals[g].size,
                write,
                atomic: true,
                memory: true,
                program: false,
            })
            .collect();
        out.sort_by_key(|a| a.addr);
        out.into()
    }

    /// Every access of a call of `f`, memoised.
    fn body(&mut self, f: FuncId) -> Result<Found, Unknown> {
        match self.memo.get(&f) {
            Some(Some(Some(found))) => return Ok(found.clone()),
            Some(_) => return Err(Unknown),
            None => {}
        }
        self.memo.insert(f, None);
        let mut found = Found::default();
        let r = self.walk(f, 0, false, &mut found);
        self.memo.insert(f, Some(r.is_ok().then(|| found.clone())));
        r.map(|()| found)
    }

    /// Walks `f` from instruction `start` along every path, adding its
    /// accesses to `found`. `region`: the walk is a section inside `f`,
    /// which ends at each `__VERIFIER_atomic_end()` and must not return.
    fn walk(
        &mut self,
        f: FuncId,
        start: u32,
        region: bool,
        found: &mut Found,
    ) -> Result<(), Unknown> {
        let module = self.module;
        let func = &module.functions[f as usize];
        let defs = definitions(&func.insts);
        let mut seen = vec![false; func.blocks.len()];
        let mut todo: Vec<u32> = vec![start];
        // Queues the block `b` unless it was queued before.
        let mut enter = |b: u32, todo: &mut Vec<u32>| {
            if !std::mem::replace(&mut seen[b as usize], true) {
                todo.push(func.blocks[b as usize].first);
            }
        };
        while let Some(mut ip) = todo.pop() {
            loop {
                let inst = func.insts.get(ip as usize).ok_or(Unknown)?;
                let global =
                    |op: &Operand| global_of(module, &func.insts, &defs, op).ok_or(Unknown);
                match inst {
                    Inst::Load { addr, .. } => {
                        found.entry(global(addr)?).or_insert(false);
                    }
                    Inst::Store { addr, .. }
                    | Inst::Rmw { addr, .. }
                    | Inst::CmpXchg { addr, .. } => {
                        found.insert(global(addr)?, true);
                    }
                    Inst::Call { callee, .. } => match callee {
                        Callee::Extern(e) => {
                            let name = module.externs[*e as usize].name.as_str();
                            if region && name == "__VERIFIER_atomic_end" {
                                break;
                            }
                            if !harmless(name) {
                                return Err(Unknown);
                            }
                        }
                        Callee::Func(g) => {
                            if module.functions[*g as usize].atomic {
                                return Err(Unknown);
                            }
                            for (k, w) in self.body(*g)? {
                                *found.entry(k).or_insert(false) |= w;
                            }
                        }
                        Callee::Indirect(_) => return Err(Unknown),
                    },
                    Inst::Alloca { .. } | Inst::VaStart { .. } | Inst::VaCopy { .. } => {
                        return Err(Unknown)
                    }
                    Inst::Ret { .. } if region => return Err(Unknown),
                    Inst::Ret { .. } | Inst::Unreachable => break,
                    Inst::Br { target } => {
                        enter(*target, &mut todo);
                        break;
                    }
                    Inst::CondBr { t, f, .. } => {
                        enter(*t, &mut todo);
                        enter(*f, &mut todo);
                        break;
                    }
                    Inst::Switch { cases, default, .. } => {
                        for (_, b) in cases {
                            enter(*b, &mut todo);
                        }
                        enter(*default, &mut todo);
                        break;
                    }
                    _ => {}
                }
                ip += 1;
            }
        }
        Ok(())
    }
}

/// The instructions that define the registers an address can be computed
/// through.
fn definitions(insts: &[Inst]) -> FxHashMap<Reg, usize> {
    let mut out = FxHashMap::default();
    for (i, inst) in insts.iter().enumerate() {
        match inst {
            Inst::Gep { dst, .. } | Inst::Copy { dst, .. } | Inst::Resize { dst, .. } => {
                out.insert(*dst, i);
            }
            _ => {}
        }
    }
    out
}

/// The global whose address `op` is (or a `getelementptr` of it, or a
/// copy or pointer-wide resize), if any.
fn global_of(
    module: &Module,
    insts: &[Inst],
    defs: &FxHashMap<Reg, usize>,
    op: &Operand,
) -> Option<usize> {
    let mut op = *op;
    // A chain of address computations is short; the bound keeps a
    // malformed cycle from looping.
    for _ in 0..64 {
        match op {
            Operand::Imm(a) => {
                let (id, _) = module.dm.addr.decode(a as u64);
                let g = (id.space == 0).then(|| id.index.checked_sub(1)).flatten()? as usize;
                return (g < module.globals.len()).then_some(g);
            }
            Operand::Reg(r) => {
                op = match &insts[*defs.get(&r)?] {
                    Inst::Gep { base, .. } => *base,
                    Inst::Copy { a, .. } => *a,
                    Inst::Resize { bits, a, .. } if *bits as u64 >= 8 * module.dm.ptr => *a,
                    _ => return None,
                };
            }
            _ => return None,
        }
    }
    None
}
