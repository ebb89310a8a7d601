//! Inline assembly: the x86 idioms that concurrent C code uses, lowered to
//! the instructions their C11 counterparts lower to.
//!
//! `llvm-ir` 0.11 keeps no inline-assembly strings, so the template and the
//! constraint string come from the side table read through the C API
//! ([`super::gep_table`]). The template is parsed as AT&T instructions
//! separated by `;` or newlines; each operand is `$N`/`${N:mod}` (a
//! constraint operand: outputs first, then inputs, as GCC numbers them),
//! `$$imm` (an immediate) or `%eax`-style registers naming an `{ax}`
//! constraint. Supported:
//!
//! - an empty template (`asm volatile("" ::: "memory")`, a compiler
//!   barrier), `nop`, `pause`, `rep; nop`: no-ops. Spin detection works on
//!   the visible operations of the loop, so a yield hint needs no event;
//! - `mfence`: a `seq_cst` fence (a full barrier under TSO/PSO, like
//!   `atomic_thread_fence(memory_order_seq_cst)`); `sfence`: a release fence
//!   (a store-store barrier under PSO, nothing under TSO, where stores are
//!   already ordered); `lfence`: an acquire fence (orders nothing a store
//!   buffer reorders);
//! - with a `lock` prefix (implied for `xchg`), on a memory operand: `xchg`,
//!   `xadd`, `cmpxchg` (comparing with `%eax`), `inc`, `dec`, `add`, `sub`,
//!   `and`, `or`, `xor`, each a `seq_cst` atomic read-modify-write or
//!   compare-exchange, with `sete`/`setz`/`setne`/`setnz` after them
//!   reading the zero flag they set.
//!
//! Anything else (another instruction, a non-locked read-modify-write of
//! memory, an operand that is not a plain constraint reference) is
//! rejected with the template and the source line.

use crate::{FenceKind, Inst, Operand, Reg, RmwOp, Ty};
use rustc_hash::FxHashMap;
use smallvec::smallvec;
use weft_core::Order;

/// What the caller knows about the call.
pub(crate) struct AsmCall<'a> {
    pub template: &'a str,
    pub constraints: &'a str,
    /// The call's arguments, lowered, with their types (the element type
    /// of an indirect memory operand when the call records it).
    pub args: Vec<(Operand, Ty, Option<Ty>)>,
    /// The types of the direct outputs, in order.
    pub outputs: Vec<Ty>,
    /// Where the result goes (a struct when several outputs).
    pub dst: Option<Reg>,
}

/// One constraint operand.
#[derive(Clone, Debug)]
enum Slot {
    /// A memory operand: the pointer argument, and its element type.
    Mem(usize),
    /// A register holding a value: its register id.
    Reg(usize),
}

/// The instructions of a supported asm call, or why it is not supported.
pub(crate) fn lower(call: &AsmCall, temp: &mut dyn FnMut() -> Reg) -> Result<Vec<Inst>, String> {
    let mut st = State::new(call)?;
    let insns = split(call.template);
    let mut lock = false;
    for ins in insns {
        let (mn, ops) = match ins.split_once(char::is_whitespace) {
            Some((m, rest)) => (m.to_string(), rest.trim().to_string()),
            None => (ins.clone(), String::new()),
        };
        let mn = mn.to_ascii_lowercase();
        if mn == "lock" {
            if !ops.is_empty() {
                // `lock cmpxchgl ...` on one line.
                let (m2, rest) = ops
                    .split_once(char::is_whitespace)
                    .map(|(a, b)| (a.to_string(), b.trim().to_string()))
                    .unwrap_or((ops.clone(), String::new()));
                st.insn(&m2.to_ascii_lowercase(), &rest, true, temp)?;
            } else {
                lock = true;
            }
            continue;
        }
        if mn == "rep" && (ops == "nop" || ops.is_empty()) {
            continue; // `rep nop` is `pause`; a lone `rep` prefixes the next.
        }
        st.insn(&mn, &ops, std::mem::take(&mut lock), temp)?;
    }
    if lock {
        return Err("a `lock` prefix with no instruction".into());
    }
    st.finish(call, temp)
}

/// The template's instructions, trimmed, empty ones dropped.
fn split(t: &str) -> Vec<String> {
    t.split([';', '\n'])
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A value in a register, or a constant.
#[derive(Clone, Copy, Debug)]
enum Src {
    Reg(usize),
    Imm(u128),
}

struct State {
    /// Constraint operands, numbered as the template numbers them.
    slots: Vec<Slot>,
    /// The pointer argument of each memory slot.
    ptrs: Vec<(Operand, Option<Ty>)>,
    /// Current value of each register id.
    vals: FxHashMap<usize, Operand>,
    /// Bits of each register id (from its operand's type).
    bits: FxHashMap<usize, u32>,
    /// Register id of `{ax}`, if a constraint names it.
    ax: Option<usize>,
    /// Register ids of the direct outputs, in order.
    out_regs: Vec<usize>,
    /// The zero flag, once an instruction set it (an `i1`).
    zf: Option<Operand>,
    insts: Vec<Inst>,
}

impl State {
    fn new(call: &AsmCall) -> Result<State, String> {
        let mut st = State {
            slots: Vec::new(),
            ptrs: Vec::new(),
            vals: FxHashMap::default(),
            bits: FxHashMap::default(),
            ax: None,
            out_regs: Vec::new(),
            zf: None,
            insts: Vec::new(),
        };
        let mut arg = 0usize;
        let mut out = 0usize;
        let mut phys: FxHashMap<String, usize> = FxHashMap::default();
        for c in call.constraints.split(',') {
            let c = c.trim();
            if c.starts_with('~') || c.is_empty() {
                continue;
            }
            let n = st.slots.len();
            let (is_out, body) = match c.strip_prefix('=') {
                Some(b) => (true, b.trim_start_matches('&')),
                None => (false, c),
            };
            if let Some(_mem) = body.strip_prefix('*') {
                let Some((p, _, elem)) = call.args.get(arg) else {
                    return Err(format!("constraint `{c}` has no argument"));
                };
                st.ptrs.push((*p, elem.clone()));
                st.slots.push(Slot::Mem(st.ptrs.len() - 1));
                arg += 1;
                continue;
            }
            // A register (or immediate) operand. Its id: a tied output's,
            // a named register's, or its own.
            let id = if let Ok(k) = body.parse::<usize>() {
                match st.slots.get(k) {
                    Some(Slot::Reg(id)) => *id,
                    _ => return Err(format!("constraint `{c}` ties to a non-register")),
                }
            } else if body.starts_with('{') {
                let name = body.trim_matches(|c| c == '{' || c == '}').to_string();
                *phys.entry(name.clone()).or_insert(n)
            } else {
                n
            };
            if body == "{ax}" {
                st.ax = Some(id);
            }
            if is_out {
                let Some(ty) = call.outputs.get(out) else {
                    return Err(format!("output constraint `{c}` has no result"));
                };
                st.bits.insert(id, ty.bits());
                st.out_regs.push(id);
                out += 1;
            } else {
                let Some((v, ty, _)) = call.args.get(arg) else {
                    return Err(format!("constraint `{c}` has no argument"));
                };
                if ty.is_agg() {
                    return Err(format!("constraint `{c}` takes an aggregate"));
                }
                st.bits.entry(id).or_insert(ty.bits());
                st.vals.insert(id, *v);
                arg += 1;
            }
            st.slots.push(Slot::Reg(id));
        }
        Ok(st)
    }

    /// An operand of the template: a register id, a memory slot, or an
    /// immediate.
    fn operand(&self, t: &str) -> Result<Opnd, String> {
        let t = t.trim();
        if let Some(imm) = t.strip_prefix("$$") {
            return parse_imm(imm)
                .map(Opnd::Imm)
                .ok_or_else(|| format!("immediate `{t}`"));
        }
        if let Some(reg) = t.strip_prefix('%') {
            let r = reg.to_ascii_lowercase();
            if matches!(r.as_str(), "eax" | "rax" | "ax" | "al") {
                return self
                    .ax
                    .map(Opnd::Reg)
                    .ok_or_else(|| format!("register `{t}` without an `a` constraint"));
            }
            return Err(format!("register `{t}`"));
        }
        let num = if let Some(inner) = t.strip_prefix("${").and_then(|x| x.strip_suffix('}')) {
            let (n, m) = inner.split_once(':').unwrap_or((inner, ""));
            if !matches!(m, "" | "k" | "q" | "w" | "b") {
                return Err(format!("operand modifier in `{t}`"));
            }
            n
        } else if let Some(n) = t.strip_prefix('$') {
            n
        } else {
            return Err(format!("operand `{t}`"));
        };
        let k: usize = num.parse().map_err(|_| format!("operand `{t}`"))?;
        match self.slots.get(k) {
            Some(Slot::Mem(m)) => Ok(Opnd::Mem(*m)),
            Some(Slot::Reg(id)) => Ok(Opnd::Reg(*id)),
            None => Err(format!("operand `{t}` out of range")),
        }
    }

    fn src(&self, o: Opnd) -> Result<Src, String> {
        match o {
            Opnd::Reg(id) => Ok(Src::Reg(id)),
            Opnd::Imm(v) => Ok(Src::Imm(v)),
            Opnd::Mem(_) => Err("two memory operands".into()),
        }
    }

    fn value(&self, s: Src) -> Result<Operand, String> {
        match s {
            Src::Imm(v) => Ok(Operand::Imm(v)),
            Src::Reg(id) => self
                .vals
                .get(&id)
                .copied()
                .ok_or_else(|| "a register read before it is set".to_string()),
        }
    }

    /// The operation width: from the mnemonic's suffix, else the register
    /// operand, else the memory operand's element type.
    fn width(&self, suffix: Option<u32>, reg: Option<usize>, mem: usize) -> Result<u32, String> {
        let from_reg = reg.and_then(|id| self.bits.get(&id).copied());
        let from_mem = self.ptrs[mem]
            .1
            .as_ref()
            .map(|t| t.bits())
            .filter(|&b| b > 0);
        let bits = suffix
            .or(from_reg)
            .or(from_mem)
            .ok_or("an operand size that cannot be determined")?;
        if from_reg.is_some_and(|b| b != bits) {
            return Err("operands of different sizes".into());
        }
        Ok(bits)
    }

    fn insn(
        &mut self,
        mn: &str,
        ops: &str,
        lock: bool,
        temp: &mut dyn FnMut() -> Reg,
    ) -> Result<(), String> {
        let args: Vec<Opnd> = if ops.is_empty() {
            Vec::new()
        } else {
            ops.split(',')
                .map(|o| self.operand(o))
                .collect::<Result<_, _>>()?
        };
        match (mn, args.as_slice()) {
            ("nop" | "pause", []) => return Ok(()),
            ("mfence", []) => {
                self.insts.push(Inst::Fence {
                    kind: FenceKind::SeqCst,
                    order: Some(Order::SeqCst),
                });
                return Ok(());
            }
            ("sfence", []) => {
                self.insts.push(Inst::Fence {
                    kind: FenceKind::Release,
                    order: Some(Order::Release),
                });
                return Ok(());
            }
            ("lfence", []) => {
                self.insts.push(Inst::Fence {
                    kind: FenceKind::Acquire,
                    order: Some(Order::Acquire),
                });
                return Ok(());
            }
            _ => {}
        }
        if let Some(cond) = mn.strip_prefix("set") {
            let zf = self.zf.ok_or("a flag read before an instruction sets it")?;
            let v = match cond {
                "e" | "z" => zf,
                "ne" | "nz" => {
                    let r = temp();
                    self.insts.push(Inst::Bin {
                        op: crate::BinOp::Xor,
                        bits: 1,
                        dst: r,
                        a: zf,
                        b: Operand::Imm(1),
                    });
                    Operand::Reg(r)
                }
                _ => return Err(format!("instruction `{mn}`")),
            };
            match args[..] {
                [Opnd::Reg(id)] => {
                    self.vals.insert(id, v);
                }
                // `"=qm"(flag)`: a plain byte store.
                [Opnd::Mem(m)] => self.insts.push(Inst::Store {
                    ty: Ty::Int(8),
                    val: v,
                    addr: self.ptrs[m].0,
                    atomic: false,
                    seq_cst: false,
                    order: Order::Relaxed,
                }),
                _ => return Err(format!("`{mn}` operands")),
            }
            return Ok(());
        }
        let (base, suffix) = split_suffix(mn);
        let unary = match base {
            "inc" => Some((RmwOp::Add, 1u128)),
            "dec" => Some((RmwOp::Sub, 1)),
            _ => None,
        };
        let binary = match base {
            "xchg" => Some(RmwOp::Xchg),
            "xadd" => Some(RmwOp::Add),
            "add" => Some(RmwOp::Add),
            "sub" => Some(RmwOp::Sub),
            "and" => Some(RmwOp::And),
            "or" => Some(RmwOp::Or),
            "xor" => Some(RmwOp::Xor),
            _ => None,
        };
        if base == "cmpxchg" {
            let [src, Opnd::Mem(m)] = args[..] else {
                return Err(format!("`{mn}` operands"));
            };
            if !lock {
                return Err(format!("`{mn}` without `lock` (not atomic)"));
            }
            let src = self.src(src)?;
            let ax = self.ax.ok_or("`cmpxchg` without an `a` constraint")?;
            let reg = match src {
                Src::Reg(id) => Some(id),
                Src::Imm(_) => None,
            };
            let bits = self.width(suffix, reg, m)?;
            if self.bits.get(&ax).is_some_and(|&b| b != bits) {
                return Err("operands of different sizes".into());
            }
            let (expected, new) = (self.value(Src::Reg(ax))?, self.value(src)?);
            let pair = temp();
            self.insts.push(Inst::CmpXchg {
                ty: Ty::Int(bits),
                dst: pair,
                addr: self.ptrs[m].0,
                expected,
                new,
                order: Order::SeqCst,
                failure: Order::SeqCst,
            });
            let (old, ok) = (temp(), temp());
            for (d, i) in [(old, 0), (ok, 1)] {
                self.insts.push(Inst::ExtractValue {
                    dst: d,
                    agg: Operand::Reg(pair),
                    path: smallvec![i],
                });
            }
            self.vals.insert(ax, Operand::Reg(old));
            self.zf = Some(Operand::Reg(ok));
            return Ok(());
        }
        let (op, val, reg, m, returns_old) = match (unary, binary, &args[..]) {
            (Some((op, one)), _, [Opnd::Mem(m)]) => (op, Src::Imm(one), None, *m, false),
            (_, Some(op), [src, Opnd::Mem(m)]) => {
                let s = self.src(*src)?;
                let r = match s {
                    Src::Reg(id) => Some(id),
                    Src::Imm(_) => None,
                };
                let ret = matches!(base, "xchg" | "xadd");
                (op, s, r, *m, ret)
            }
            (_, Some(RmwOp::Xchg), [Opnd::Mem(m), Opnd::Reg(id)]) => {
                (RmwOp::Xchg, Src::Reg(*id), Some(*id), *m, true)
            }
            (None, None, _) => return Err(format!("instruction `{mn}`")),
            _ => return Err(format!("`{mn}` operands (a register operand needs memory)")),
        };
        if returns_old && reg.is_none() {
            return Err(format!("`{mn}` with an immediate"));
        }
        if !lock && base != "xchg" {
            return Err(format!("`{mn}` on memory without `lock` (not atomic)"));
        }
        let bits = self.width(suffix, reg, m)?;
        let v = self.value(val)?;
        let old = temp();
        self.insts.push(Inst::Rmw {
            op,
            ty: Ty::Int(bits),
            dst: old,
            addr: self.ptrs[m].0,
            val: v,
            order: Order::SeqCst,
        });
        // The zero flag of the new value (`xchg` sets none).
        if op != RmwOp::Xchg {
            let (new, zf) = (temp(), temp());
            let bin = match op {
                RmwOp::Add => crate::BinOp::Add,
                RmwOp::Sub => crate::BinOp::Sub,
                RmwOp::And => crate::BinOp::And,
                RmwOp::Or => crate::BinOp::Or,
                _ => crate::BinOp::Xor,
            };
            self.insts.push(Inst::Bin {
                op: bin,
                bits,
                dst: new,
                a: Operand::Reg(old),
                b: v,
            });
            self.insts.push(Inst::ICmp {
                pred: crate::IPred::Eq,
                bits,
                dst: zf,
                a: Operand::Reg(new),
                b: Operand::Imm(0),
            });
            self.zf = Some(Operand::Reg(zf));
        } else {
            self.zf = None;
        }
        if returns_old {
            if let Some(id) = reg {
                self.vals.insert(id, Operand::Reg(old));
            }
        }
        Ok(())
    }

    fn finish(
        mut self,
        call: &AsmCall,
        temp: &mut dyn FnMut() -> Reg,
    ) -> Result<Vec<Inst>, String> {
        let mut outs = Vec::with_capacity(self.out_regs.len());
        for id in &self.out_regs {
            outs.push(
                self.vals
                    .get(id)
                    .copied()
                    .ok_or("an output register the assembly never sets")?,
            );
        }
        match (call.dst, outs.len()) {
            (_, 0) | (None, _) => {}
            (Some(d), 1) => self.insts.push(Inst::Copy { dst: d, a: outs[0] }),
            (Some(d), n) => {
                let mut agg = Operand::Undef;
                for (i, v) in outs.into_iter().enumerate() {
                    let r = if i + 1 == n { d } else { temp() };
                    self.insts.push(Inst::InsertValue {
                        dst: r,
                        agg,
                        val: v,
                        path: smallvec![i as u32],
                    });
                    agg = Operand::Reg(r);
                }
            }
        }
        if self.insts.is_empty() {
            self.insts.push(Inst::Nop);
        }
        Ok(self.insts)
    }
}

#[derive(Clone, Copy, Debug)]
enum Opnd {
    Reg(usize),
    Mem(usize),
    Imm(u128),
}

/// `xaddl` → (`xadd`, 32 bits); a bare mnemonic has no suffix.
fn split_suffix(mn: &str) -> (&str, Option<u32>) {
    const BASES: &[&str] = &[
        "cmpxchg", "xchg", "xadd", "inc", "dec", "add", "sub", "and", "or", "xor",
    ];
    for b in BASES {
        if let Some(rest) = mn.strip_prefix(b) {
            let bits = match rest {
                "" => return (b, None),
                "b" => 8,
                "w" => 16,
                "l" => 32,
                "q" => 64,
                _ => continue,
            };
            return (b, Some(bits));
        }
    }
    (mn, None)
}

/// An LLVM asm template as the C source spelled it: `$$` → `$`, `$N` →
/// `%N`, `${N:m}` → `%mN`, `%reg` → `%%reg`, for messages.
pub(crate) fn gcc_spelling(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut it = t.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '$' => match it.peek() {
                Some('$') => {
                    it.next();
                    out.push('$');
                }
                Some('{') => {
                    it.next();
                    let inner: String = it.by_ref().take_while(|&c| c != '}').collect();
                    let (n, m) = inner.split_once(':').unwrap_or((&inner, ""));
                    out.push('%');
                    out.push_str(m);
                    out.push_str(n);
                }
                _ => out.push('%'),
            },
            '%' => out.push_str("%%"),
            c => out.push(c),
        }
    }
    out
}

fn parse_imm(s: &str) -> Option<u128> {
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let v = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok()?,
        None => s.parse::<u64>().ok()?,
    };
    Some(if neg {
        (v as i64).wrapping_neg() as u64 as u128
    } else {
        v as u128
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(
        t: &str,
        c: &str,
        args: Vec<(Operand, Ty, Option<Ty>)>,
        outs: Vec<Ty>,
    ) -> Result<Vec<Inst>, String> {
        let call = AsmCall {
            template: t,
            constraints: c,
            args,
            outputs: outs,
            dst: Some(100),
        };
        let mut next = 200;
        lower(&call, &mut || {
            next += 1;
            next
        })
    }

    #[test]
    fn xadd_is_a_fetch_add_returning_the_old_value() {
        let p = (Operand::Reg(1), Ty::Ptr, Some(Ty::Int(32)));
        let v = (Operand::Reg(2), Ty::Int(32), None);
        let insts = lowered(
            "lock; xaddl $0, $1",
            "=r,=*m,0,*m,~{memory}",
            vec![p.clone(), v, p],
            vec![Ty::Int(32)],
        )
        .unwrap();
        assert!(matches!(
            insts[0],
            Inst::Rmw {
                op: RmwOp::Add,
                dst: 201,
                val: Operand::Reg(2),
                ..
            }
        ));
        assert_eq!(
            insts.last(),
            Some(&Inst::Copy {
                dst: 100,
                a: Operand::Reg(201)
            })
        );
    }

    #[test]
    fn templates_are_shown_as_written_in_c() {
        assert_eq!(gcc_spelling("lock; addl $$5, ${0:k}"), "lock; addl $5, %k0");
        assert_eq!(gcc_spelling("movl %eax, $1"), "movl %%eax, %1");
    }

    #[test]
    fn unlocked_and_unknown_instructions_are_refused() {
        let p = (Operand::Reg(1), Ty::Ptr, Some(Ty::Int(32)));
        let e = lowered("incl $0", "=*m,*m", vec![p.clone(), p.clone()], vec![]).unwrap_err();
        assert!(e.contains("without `lock`"), "{e}");
        let e = lowered("cpuid", "", vec![], vec![]).unwrap_err();
        assert!(e.contains("cpuid"), "{e}");
        let e = lowered("lock; incl 4+$0", "=*m,*m", vec![p.clone(), p], vec![]).unwrap_err();
        assert!(e.contains("operand"), "{e}");
    }
}
