//! Register liveness, for spin-loop fingerprints.
//!
//! A thread paused in a loop comes back to the same instruction with some
//! registers changed. Only the registers that can still be read before
//! they are written (the *live* ones) decide what the thread does next; a
//! register that the next iteration overwrites first (the result of the
//! last iteration's exchange, say) does not. Spin detection hashes only the
//! live registers, so that a loop whose first failed iteration left only
//! dead registers behind is recognised at once.
//!
//! Computed per function on first use (a backward data-flow over blocks,
//! phi operands counted as uses at the end of their predecessor) and cached
//! per pause point; shared by every execution of the program.

use std::sync::OnceLock;
use weft_ir::{Callee, FuncId, Function, Inst, Module, Operand, Reg};

/// Liveness of every function of a module, computed lazily.
pub struct Liveness {
    funcs: Vec<OnceLock<FuncLive>>,
}

struct FuncLive {
    /// `(first, end)` instruction range of each block.
    ranges: Vec<(u32, u32)>,
    /// Block of each instruction.
    block_of: Vec<u32>,
    /// Registers live at the end of each block (after its terminator reads
    /// its operands, including the phi operands its successors take).
    live_out: Vec<BitSet>,
    /// Sorted live registers per pause point, filled on first use: index
    /// `ip * 2` for "before the instruction", `ip * 2 + 1` for "after the
    /// call at `ip` returns".
    cache: Vec<OnceLock<Box<[Reg]>>>,
}

#[derive(Clone, PartialEq)]
struct BitSet(Vec<u64>);

impl BitSet {
    fn new(n: u32) -> BitSet {
        BitSet(vec![0; (n as usize).div_ceil(64)])
    }
    fn insert(&mut self, r: Reg) {
        if let Some(w) = self.0.get_mut(r as usize / 64) {
            *w |= 1 << (r % 64);
        }
    }
    fn remove(&mut self, r: Reg) {
        if let Some(w) = self.0.get_mut(r as usize / 64) {
            *w &= !(1 << (r % 64));
        }
    }
    fn union(&mut self, o: &BitSet) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a |= b;
        }
    }
    fn regs(&self) -> Box<[Reg]> {
        let mut out = Vec::new();
        for (i, &w) in self.0.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let b = w.trailing_zeros();
                out.push(i as Reg * 64 + b);
                w &= w - 1;
            }
        }
        out.into()
    }
}

impl Liveness {
    pub fn new(functions: usize) -> Liveness {
        Liveness {
            funcs: (0..functions).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Registers live just before instruction `ip` of `func` executes.
    pub fn before<'a>(&'a self, m: &Module, func: FuncId, ip: u32) -> &'a [Reg] {
        self.at(m, func, ip, false)
    }

    /// Registers live once the call at `ip` of `func` has returned (its
    /// result excluded: the return writes it).
    pub fn after_call<'a>(&'a self, m: &Module, func: FuncId, ip: u32) -> &'a [Reg] {
        self.at(m, func, ip, true)
    }

    fn at<'a>(&'a self, m: &Module, func: FuncId, ip: u32, after: bool) -> &'a [Reg] {
        let f = &m.functions[func as usize];
        let fl = self.funcs[func as usize].get_or_init(|| FuncLive::compute(f));
        match fl.cache.get(ip as usize * 2 + after as usize) {
            Some(slot) => slot.get_or_init(|| fl.walk(f, ip, after)),
            None => &[],
        }
    }
}

impl FuncLive {
    fn compute(f: &Function) -> FuncLive {
        let n = f.nregs;
        let nb = f.blocks.len();
        let mut ranges = Vec::with_capacity(nb);
        let mut block_of = vec![0u32; f.insts.len()];
        for (b, blk) in f.blocks.iter().enumerate() {
            let mut end = blk.first as usize;
            while end < f.insts.len() {
                block_of[end] = b as u32;
                end += 1;
                if f.insts[end - 1].is_terminator() {
                    break;
                }
            }
            ranges.push((blk.first, end as u32));
        }
        // Upward-exposed uses and definitions of each block's instructions.
        let mut gen = vec![BitSet::new(n); nb];
        let mut kill = vec![BitSet::new(n); nb];
        for b in 0..nb {
            let (first, end) = ranges[b];
            for p in &f.blocks[b].phis {
                kill[b].insert(p.dst);
            }
            for inst in &f.insts[first as usize..end as usize] {
                uses(inst, |r| {
                    if !has(&kill[b], r) {
                        gen[b].insert(r);
                    }
                });
                if let Some(d) = def(inst) {
                    kill[b].insert(d);
                }
            }
        }
        let succs: Vec<Vec<u32>> = ranges
            .iter()
            .map(|&(first, end)| {
                if end > first {
                    successors(&f.insts[end as usize - 1])
                } else {
                    Vec::new()
                }
            })
            .collect();
        let mut live_in = vec![BitSet::new(n); nb];
        let mut live_out = vec![BitSet::new(n); nb];
        let mut changed = true;
        while changed {
            changed = false;
            for b in (0..nb).rev() {
                let mut out = BitSet::new(n);
                for &s in &succs[b] {
                    let Some(sin) = live_in.get(s as usize) else {
                        continue;
                    };
                    out.union(sin);
                    for p in &f.blocks[s as usize].phis {
                        for (pred, o) in &p.incoming {
                            if *pred as usize == b {
                                if let Operand::Reg(r) = o {
                                    out.insert(*r);
                                }
                            }
                        }
                    }
                }
                // live_in = gen ∪ (out − kill), phi results excluded: they
                // are defined on entry.
                let mut inn = out.clone();
                for (w, k) in inn.0.iter_mut().zip(&kill[b].0) {
                    *w &= !k;
                }
                inn.union(&gen[b]);
                if out != live_out[b] || inn != live_in[b] {
                    live_out[b] = out;
                    live_in[b] = inn;
                    changed = true;
                }
            }
        }
        FuncLive {
            ranges,
            block_of,
            live_out,
            cache: (0..f.insts.len() * 2).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Walks the block of `ip` backwards from its end to `ip` (or `ip + 1`).
    fn walk(&self, f: &Function, ip: u32, after: bool) -> Box<[Reg]> {
        let Some(&b) = self.block_of.get(ip as usize) else {
            return Box::from([]);
        };
        let (_, end) = self.ranges[b as usize];
        let mut live = self.live_out[b as usize].clone();
        let stop = if after { ip + 1 } else { ip };
        for i in (stop..end).rev() {
            let inst = &f.insts[i as usize];
            if let Some(d) = def(inst) {
                live.remove(d);
            }
            uses(inst, |r| live.insert(r));
        }
        if after {
            if let Some(d) = def(&f.insts[ip as usize]) {
                live.remove(d);
            }
        }
        live.regs()
    }
}

fn has(s: &BitSet, r: Reg) -> bool {
    s.0.get(r as usize / 64)
        .is_some_and(|w| w & (1 << (r % 64)) != 0)
}

fn successors(inst: &Inst) -> Vec<u32> {
    match inst {
        Inst::Br { target } => vec![*target],
        Inst::CondBr { t, f, .. } => vec![*t, *f],
        Inst::Switch { cases, default, .. } => {
            let mut v: Vec<u32> = cases.iter().map(|c| c.1).collect();
            v.push(*default);
            v
        }
        _ => Vec::new(),
    }
}

/// The register an instruction writes, if any.
fn def(inst: &Inst) -> Option<Reg> {
    use Inst::*;
    match inst {
        Bin { dst, .. }
        | BinNsw { dst, .. }
        | FBin { dst, .. }
        | FNeg { dst, .. }
        | ICmp { dst, .. }
        | FCmp { dst, .. }
        | Cast { dst, .. }
        | Resize { dst, .. }
        | Copy { dst, .. }
        | Select { dst, .. }
        | Alloca { dst, .. }
        | Load { dst, .. }
        | Gep { dst, .. }
        | Rmw { dst, .. }
        | CmpXchg { dst, .. }
        | ExtractValue { dst, .. }
        | InsertValue { dst, .. }
        | Intr { dst, .. } => Some(*dst),
        Call { dst, .. } => *dst,
        Store { .. }
        | Fence { .. }
        | VaStart { .. }
        | VaCopy { .. }
        | Nop
        | Ret { .. }
        | Br { .. }
        | CondBr { .. }
        | Switch { .. }
        | Unreachable => None,
    }
}

/// Calls `f` on every register an instruction reads.
fn uses(inst: &Inst, mut f: impl FnMut(Reg)) {
    use Inst::*;
    let mut op = |o: &Operand| {
        if let Operand::Reg(r) = o {
            f(*r)
        }
    };
    match inst {
        Bin { a, b, .. }
        | BinNsw { a, b, .. }
        | FBin { a, b, .. }
        | ICmp { a, b, .. }
        | FCmp { a, b, .. } => {
            op(a);
            op(b);
        }
        FNeg { a, .. } | Cast { a, .. } | Resize { a, .. } | Copy { a, .. } => op(a),
        Select { c, a, b, .. } => {
            op(c);
            op(a);
            op(b);
        }
        Alloca { count, .. } => op(count),
        Load { addr, .. } => op(addr),
        Store { val, addr, .. } => {
            op(val);
            op(addr);
        }
        Gep { base, terms, .. } => {
            op(base);
            for t in terms {
                op(&t.0);
            }
        }
        Rmw { addr, val, .. } => {
            op(addr);
            op(val);
        }
        CmpXchg {
            addr,
            expected,
            new,
            ..
        } => {
            op(addr);
            op(expected);
            op(new);
        }
        ExtractValue { agg, .. } => op(agg),
        InsertValue { agg, val, .. } => {
            op(agg);
            op(val);
        }
        Intr { args, .. } => args.iter().for_each(op),
        Call { callee, args, .. } => {
            if let Callee::Indirect(o) = callee {
                op(o);
            }
            args.iter().for_each(op);
        }
        VaStart { ap } => op(ap),
        VaCopy { dst, src } => {
            op(dst);
            op(src);
        }
        Ret { val } => {
            if let Some(v) = val {
                op(v);
            }
        }
        CondBr { c, .. } => op(c),
        Switch { v, .. } => op(v),
        Fence { .. } | Nop | Br { .. } | Unreachable => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use weft_core::Loc;
    use weft_ir::{Block, IPred, Phi, Ty};

    /// `b0: br b1; b1: r1 = phi [r0 from b0, r2 from b2]; r3 = load r1;
    /// r4 = icmp r3; condbr r4 b2 b3; b2: r2 = copy r1; br b1; b3: ret r3`
    fn looping() -> Module {
        let insts = vec![
            Inst::Br { target: 1 },
            Inst::Load {
                dst: 3,
                ty: Ty::Int(32),
                addr: Operand::Reg(1),
                atomic: true,
                order: weft_core::Order::SeqCst,
            },
            Inst::ICmp {
                pred: IPred::Eq,
                bits: 32,
                dst: 4,
                a: Operand::Reg(3),
                b: Operand::Imm(0),
            },
            Inst::CondBr {
                c: Operand::Reg(4),
                t: 2,
                f: 3,
            },
            Inst::Copy {
                dst: 2,
                a: Operand::Reg(1),
            },
            Inst::Br { target: 1 },
            Inst::Ret {
                val: Some(Operand::Reg(3)),
            },
        ];
        let n = insts.len();
        let f = Function {
            name: "f".into(),
            nparams: 1,
            nregs: 5,
            is_var_arg: false,
            ret: Ty::Int(32),
            blocks: vec![
                Block {
                    first: 0,
                    phis: vec![],
                },
                Block {
                    first: 1,
                    phis: vec![Phi {
                        dst: 1,
                        incoming: vec![(0, Operand::Reg(0)), (2, Operand::Reg(2))],
                    }],
                },
                Block {
                    first: 4,
                    phis: vec![],
                },
                Block {
                    first: 6,
                    phis: vec![],
                },
            ],
            insts,
            locs: vec![Loc::UNKNOWN; n],
            loc: Loc::UNKNOWN,
            atomic: false,
            nsw: vec![],
        };
        Module {
            functions: vec![f],
            externs: vec![],
            globals: vec![],
            consts: vec![],
            sources: Default::default(),
            reachable: vec![true],
            main: None,
            dm: weft_ir::DataModel::LP64,
        }
    }

    #[test]
    fn loop_results_are_dead_at_the_loop_head() {
        let m = looping();
        let live = Liveness::new(1);
        // Before the load: only the phi result (the address) is live; the
        // load and compare results of the last iteration are not.
        assert_eq!(live.before(&m, 0, 1), &[1]);
        // Before the compare: the loaded value too.
        assert_eq!(live.before(&m, 0, 2), &[1, 3]);
        // At the loop's back edge: r1 feeds the copy.
        assert_eq!(live.before(&m, 0, 4), &[1]);
        // Entry: the parameter feeds the phi.
        assert_eq!(live.before(&m, 0, 0), &[0]);
        // After "the call" at 1 (as if it were one): its result excluded.
        assert_eq!(live.after_call(&m, 0, 1), &[1]);
    }
}
