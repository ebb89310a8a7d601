//! `random_symbolic_agree`: symbolic inputs against concrete enumeration.
//!
//! Each case is a small random concurrent program of [`generate`] (two or
//! three threads, a few shared variables, mutexes or atomics; every other
//! case with assumes and atomic sections) to which [`add_inputs`] adds one
//! to three `__VERIFIER_nondet_bool`/`_char`/`_uchar` inputs, read by the
//! worker threads, and thread-local computation on them ([`SymOp`]):
//! arithmetic (`+ - * & | ^ >>`, division and remainder by constants and
//! by input-derived divisors that may be zero), comparisons, `!`, `&&`,
//! `||`, `?:`, byte casts, also mixed with values the thread loaded from
//! shared memory; branches whose sides do different shared operations
//! (store a constant to one global or another, take a mutex or two,
//! print a constant line); `assert` and `reach_error()` that fail for some
//! inputs; `__VERIFIER_assume` on the inputs; a small local array written
//! and read at input-derived indices (in bounds by masking, guarded, or
//! possibly out of bounds); and a store through a pointer that an input
//! chooses between two globals.
//!
//! Each program runs with `--nondet symbolic --por optimal` and with
//! `--nondet enumerate --por none` (every value of every input, in every
//! interleaving). They must agree on the verdict, on the set of bugs (kind
//! and location; see below for bugs only the symbolic run finds) and on
//! the set of outcomes of the executions that ended
//! (normal exits and bugs: blocked executions are left out, since a failed
//! `__VERIFIER_assume` or an infeasible branch side is a blocked execution
//! in one mode and may be no execution at all in the other; a bug's
//! outcome is compared without the output printed before it, see
//! [`ended`]), and the
//! symbolic run must explore no more executions than the enumeration.
//! Neither may hit a limit (a case whose enumeration hits
//! [`ENUM_CAP`] is skipped) and programs built race-free must report no
//! race. Every bug of the symbolic run must list its `inputs`, and the
//! witness of its first bug must replay (`weft replay`, concretely, with
//! the recorded input values) to the same bug.
//!
//! **Bugs only the symbolic run finds.** Both runs use `--keep-going`, and
//! a bug ends its execution. A thread runs its local code straight to its
//! next visible event, but a branch on symbolic data is such an event (a
//! fork): other threads can run between a thread's store and the
//! assertion it fails a few lines later only in the symbolic run, so
//! another thread's bug that needs to see that store is reachable there
//! and masked in the enumeration (a real bug of the program in both
//! cases). So the symbolic run must find every bug and outcome of the
//! enumeration, and may find more bugs, but no other normal end.
//!
//! **Symbolic values stay out of the final observable state.** One
//! symbolic execution stands for every input of its path class, so an
//! outcome is only comparable with the concrete ones if it does not depend
//! on the input within the class. The generated programs therefore never
//! store an input-derived value in shared memory: globals only receive
//! constants (or values loaded from globals), which input-dependent branches
//! may choose between, and `printf` only prints constant text (and `main`
//! the globals). A `c ? 1 : 2` stored to a global is avoided too: clang
//! emits it as a `select`, whose value stays symbolic. Input-derived values
//! flow only into branches, checks, divisions, array indices and the choice
//! of a pointer.
//!
//! Environment: `WEFT_DIFF_CASES` (default [`DEFAULT_CASES`]),
//! `WEFT_DIFF_SEED`, `WEFT_DIFF_ONLY` and `WEFT_DIFF_DUMP` as for the other
//! random tests (programs are dumped as `sym_case_K.c`), and
//! `WEFT_DIFF_SYM_NONDET=MODE` to give the symbolic side `--nondet MODE`
//! instead of `symbolic` (`enumerate` checks the harness and the generator
//! with Optimal-DPOR over enumerated inputs against the naive search).

use crate::common::{run_weft, Rng, Scratch};
use crate::generator::{
    defs, flatten, generate, interleaving_bound, render, render_op, Cx, Limits, Mode, Op, Order,
    Program, Step, Val,
};
use crate::runner::{env_number, run_parallel, weft_check_with, Run};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

/// Random programs checked by default: 40 cases take about 15 seconds of
/// CPU (both runs, the replays and clang), some 10 seconds on two idle
/// cores in release mode.
pub const DEFAULT_CASES: usize = 40;
/// Mixed into the seed, so that these programs differ from those of
/// `random_programs_agree`.
const SALT: u64 = 0x7379_6d62_6f6c;
/// The base programs: at most this many shared operations and two or three
/// threads (with an interleaving budget that leaves room for the inputs,
/// see [`generate_symbolic`]).
const MAX_SHARED_OPS: usize = 8;
const MAX_THREADS: usize = 3;
/// Interleaving budget of the base programs, at most.
const MAX_INTERLEAVINGS: u64 = 300;
/// Bound on the estimated executions of the enumeration (the product of
/// the inputs' domain sizes times the interleaving bound); a program above
/// it is drawn again.
const ENUM_BUDGET: u64 = 300_000;
/// `--max-executions` of the enumeration; a case that hits it is skipped.
pub const ENUM_CAP: u64 = 1_000_000;
/// Magnitude bound of input-derived expressions: no `int` overflow.
const MAX_MAG: i64 = 1 << 24;
/// Magnitude assumed for a value loaded from a global (constants 1 to 5,
/// increments, `r + 1`).
const LOCAL_MAG: i64 = 1_000;

/// The declarations the symbolic operations need.
pub const PRELUDE: &str = "extern _Bool __VERIFIER_nondet_bool(void);\n\
     extern char __VERIFIER_nondet_char(void);\n\
     extern unsigned char __VERIFIER_nondet_uchar(void);\n\
     extern void __VERIFIER_assume(int);\n\
     extern void reach_error(void);\n";

/// The type of an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InTy {
    Bool,
    Char,
    UChar,
}

impl InTy {
    fn domain(self) -> u64 {
        match self {
            InTy::Bool => 2,
            InTy::Char | InTy::UChar => 256,
        }
    }

    fn range(self) -> (i64, i64) {
        match self {
            InTy::Bool => (0, 1),
            InTy::Char => (-128, 127),
            InTy::UChar => (0, 255),
        }
    }

    /// The C type and the function that reads an input of this type.
    fn decl(self) -> (&'static str, &'static str) {
        match self {
            InTy::Bool => ("_Bool", "__VERIFIER_nondet_bool"),
            InTy::Char => ("char", "__VERIFIER_nondet_char"),
            InTy::UChar => ("unsigned char", "__VERIFIER_nondet_uchar"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shr,
    Div,
    Rem,
    Lt,
    Le,
    Eq,
    Ne,
    LAnd,
    LOr,
}

impl BinOp {
    fn text(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::Shr => ">>",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::LAnd => "&&",
            BinOp::LOr => "||",
        }
    }
}

/// An `int` expression over inputs, input-derived variables, values
/// loaded from globals and constants.
#[derive(Debug, Clone)]
pub enum Expr {
    Const(i64),
    /// `iK`, an input.
    Input(usize),
    /// `vK`, an input-derived variable.
    Var(usize),
    /// `rK`, a value the thread loaded from a global (concrete).
    Local(usize),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    /// `(unsigned char)(e)` when true, else `(signed char)(e)`.
    Byte(bool, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
}

impl Expr {
    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }

    fn render(&self) -> String {
        match self {
            Expr::Const(c) if *c < 0 => format!("({c})"),
            Expr::Const(c) => c.to_string(),
            Expr::Input(i) => format!("i{i}"),
            Expr::Var(v) => format!("v{v}"),
            Expr::Local(r) => format!("r{r}"),
            Expr::Bin(op, a, b) => format!("({} {} {})", a.render(), op.text(), b.render()),
            Expr::Not(a) => format!("(!{})", a.render()),
            Expr::Byte(true, a) => format!("((unsigned char){})", a.render()),
            Expr::Byte(false, a) => format!("((signed char){})", a.render()),
            Expr::Cond(c, a, b) => {
                format!("({} ? {} : {})", c.render(), a.render(), b.render())
            }
        }
    }

    /// Whether the expression reads an input or an input-derived variable.
    fn symbolic(&self) -> bool {
        match self {
            Expr::Input(_) | Expr::Var(_) => true,
            Expr::Const(_) | Expr::Local(_) => false,
            Expr::Bin(_, a, b) => a.symbolic() || b.symbolic(),
            Expr::Not(a) | Expr::Byte(_, a) => a.symbolic(),
            Expr::Cond(c, a, b) => c.symbolic() || a.symbolic() || b.symbolic(),
        }
    }
}

/// One input-dependent operation of a thread (an [`Op::Sym`]).
#[derive(Debug, Clone)]
pub enum SymOp {
    /// `T iID = __VERIFIER_nondet_T();`
    Input { id: usize, ty: InTy },
    /// `int vID = EXPR;`
    Let { id: usize, expr: Expr },
    /// `int aID[4] = {INIT}; aID[I] = V; int vDST = aID[INDEX];`, the
    /// accesses inside `if (0 <= I && I < 4)` when guarded.
    Array {
        id: usize,
        init: [i64; 4],
        write: Option<(Expr, Expr)>,
        dst: usize,
        index: Expr,
        guarded: bool,
    },
    /// `if (COND) { THEN } else { ELSE }`: the sides are shared operations
    /// that define no locals, [`SymOp::Print`]s and nested checks.
    Branch {
        cond: Expr,
        then: Vec<Op>,
        els: Vec<Op>,
    },
    /// `assert(COND);`, or `if (!(COND)) reach_error();`.
    Assert { cond: Expr, reach: bool },
    /// `__VERIFIER_assume(COND);`
    Assume { cond: Expr },
    /// `{ int *p = COND ? &gA : &gB; *p = VAL; }` (atomic or plain, under
    /// mutex `lock` if any).
    PtrStore {
        cond: Expr,
        a: usize,
        b: usize,
        val: i32,
        atomic: bool,
        lock: Option<usize>,
    },
    /// `printf("sTAG\n");`
    Print { tag: usize },
}

impl SymOp {
    /// Visible events of the longest path (an input is an event of the
    /// enumeration).
    pub fn events(&self) -> usize {
        match self {
            SymOp::Input { .. } => 1,
            SymOp::Branch { then, els, .. } => {
                let side = |ops: &[Op]| ops.iter().map(Op::events).sum::<usize>();
                side(then).max(side(els))
            }
            SymOp::PtrStore { lock, .. } => 1 + 2 * usize::from(lock.is_some()),
            _ => 0,
        }
    }

    /// The visible events, for [`interleaving_bound`]: both sides of a
    /// branch one after the other (an upper bound on either).
    pub fn flatten(&self, out: &mut Vec<Step>) {
        match self {
            SymOp::Input { .. } => out.push(Step::Access),
            SymOp::Branch { then, els, .. } => {
                for op in then.iter().chain(els) {
                    flatten(op, out);
                }
            }
            SymOp::PtrStore { lock, .. } => match lock {
                Some(m) => {
                    out.push(Step::Lock(*m));
                    out.push(Step::Access);
                    out.push(Step::Unlock(*m));
                }
                None => out.push(Step::Access),
            },
            _ => {}
        }
    }

    pub fn render(&self, indent: usize, cx: &mut Cx, out: &mut String) {
        let pad = "  ".repeat(indent);
        match self {
            SymOp::Input { id, ty } => {
                let (cty, func) = ty.decl();
                let _ = writeln!(out, "{pad}{cty} i{id} = {func}();");
            }
            SymOp::Let { id, expr } => {
                let _ = writeln!(out, "{pad}int v{id} = {};", expr.render());
            }
            SymOp::Array {
                id,
                init,
                write,
                dst,
                index,
                guarded,
            } => {
                let init: Vec<String> = init.iter().map(i64::to_string).collect();
                let _ = writeln!(out, "{pad}int a{id}[4] = {{{}}};", init.join(", "));
                let guard = |i: &Expr| {
                    if *guarded {
                        let i = i.render();
                        format!("if (0 <= {i} && {i} < 4) ")
                    } else {
                        String::new()
                    }
                };
                if let Some((i, v)) = write {
                    let _ = writeln!(
                        out,
                        "{pad}{}a{id}[{}] = {};",
                        guard(i),
                        i.render(),
                        v.render()
                    );
                }
                if *guarded {
                    let _ = writeln!(out, "{pad}int v{dst} = -1;");
                    let _ = writeln!(
                        out,
                        "{pad}{}v{dst} = a{id}[{}];",
                        guard(index),
                        index.render()
                    );
                } else {
                    let _ = writeln!(out, "{pad}int v{dst} = a{id}[{}];", index.render());
                }
            }
            SymOp::Branch { cond, then, els } => {
                let _ = writeln!(out, "{pad}if ({}) {{", cond.render());
                for op in then {
                    render_op(op, indent + 1, cx, out);
                }
                if els.is_empty() {
                    let _ = writeln!(out, "{pad}}}");
                } else {
                    let _ = writeln!(out, "{pad}}} else {{");
                    for op in els {
                        render_op(op, indent + 1, cx, out);
                    }
                    let _ = writeln!(out, "{pad}}}");
                }
            }
            SymOp::Assert { cond, reach: false } => {
                let _ = writeln!(out, "{pad}assert({});", cond.render());
            }
            SymOp::Assert { cond, reach: true } => {
                let _ = writeln!(out, "{pad}if (!{}) reach_error();", cond.render());
            }
            SymOp::Assume { cond } => {
                let _ = writeln!(out, "{pad}__VERIFIER_assume({});", cond.render());
            }
            SymOp::PtrStore {
                cond,
                a,
                b,
                val,
                atomic,
                lock,
            } => {
                let _ = writeln!(out, "{pad}{{");
                let _ = writeln!(out, "{pad}  int *p = {} ? &g{a} : &g{b};", cond.render());
                if let Some(m) = lock {
                    let _ = writeln!(out, "{pad}  pthread_mutex_lock(&m{m});");
                }
                if *atomic {
                    let _ = writeln!(out, "{pad}  __atomic_store_n(p, {val}, __ATOMIC_SEQ_CST);");
                } else {
                    let _ = writeln!(out, "{pad}  *p = {val};");
                }
                if let Some(m) = lock {
                    let _ = writeln!(out, "{pad}  pthread_mutex_unlock(&m{m});");
                }
                let _ = writeln!(out, "{pad}}}");
            }
            SymOp::Print { tag } => {
                let _ = writeln!(out, "{pad}printf(\"s{tag}\\n\");");
            }
        }
    }
}

/// The product of the inputs' domain sizes.
pub fn domain_product(prog: &Program) -> u64 {
    fn walk(op: &Op, acc: &mut u64) {
        match op {
            Op::Sym(SymOp::Input { ty, .. }) => *acc = acc.saturating_mul(ty.domain()),
            Op::Sym(SymOp::Branch { then, els, .. }) => {
                for o in then.iter().chain(els) {
                    walk(o, acc);
                }
            }
            _ => {}
        }
    }
    let mut acc = 1;
    for op in prog.threads.iter().flatten() {
        walk(op, &mut acc);
    }
    acc
}

/// An upper bound on the executions of the naive enumeration.
pub fn enumerate_estimate(prog: &Program) -> u64 {
    domain_product(prog).saturating_mul(interleaving_bound(prog))
}

/// A random program with inputs for case `case`: the inputs' types first,
/// then a base program of [`generate`] small enough for their domains, then
/// [`add_inputs`]; drawn again until the enumeration is within
/// [`ENUM_BUDGET`] (after 32 tries with boolean inputs only).
pub fn generate_symbolic(seed: u64, case: usize) -> Program {
    for attempt in 0..64u64 {
        let mut rng = Rng::new(seed ^ SALT, ((case as u64) << 8) | attempt);
        let tys = input_types(&mut rng, attempt >= 32);
        let domain: u64 = tys.iter().map(|t| t.domain()).product();
        let limits = Limits {
            max_shared_ops: MAX_SHARED_OPS,
            interleaving_budget: (ENUM_BUDGET / domain / 4).clamp(60, MAX_INTERLEAVINGS),
            max_threads: MAX_THREADS,
            wmm: false,
        };
        let base_seed = seed ^ SALT ^ attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut prog = generate(base_seed, case, &limits);
        add_inputs(&mut prog, &mut rng, &tys);
        if enumerate_estimate(&prog) <= ENUM_BUDGET {
            return prog;
        }
    }
    panic!("no program within the enumeration budget for case {case}");
}

/// One to three input types: booleans, chars and unsigned chars, at most
/// one of the latter two (`bools_only`: none).
fn input_types(rng: &mut Rng, bools_only: bool) -> Vec<InTy> {
    let mut wide = bools_only;
    (0..rng.range(1, 3))
        .map(|_| {
            let ty = match rng.range(0, 9) {
                0..=3 => InTy::Bool,
                4..=6 => InTy::Char,
                _ => InTy::UChar,
            };
            if ty != InTy::Bool && !wide {
                wide = true;
                ty
            } else {
                InTy::Bool
            }
        })
        .collect()
}

/// What the operations of one thread may read at a point.
#[derive(Default)]
struct Env {
    /// The thread's inputs.
    inputs: Vec<(usize, InTy)>,
    /// Input-derived variables: id, magnitude bound, and the expression
    /// when it is a `Let` (to pick constants by evaluation).
    vars: Vec<(usize, i64, Option<Expr>)>,
    /// Locals loaded from globals, in scope.
    locals: Vec<usize>,
}

/// Fresh names and per-program counts.
#[derive(Default)]
struct Ids {
    input: usize,
    var: usize,
    array: usize,
    tag: usize,
    asserts: usize,
}

struct SymGen<'a> {
    rng: &'a mut Rng,
    mode: Mode,
    globals: usize,
    mutexes: usize,
    guard: Vec<Option<usize>>,
    ids: Ids,
}

/// Adds inputs of the types `tys` to the worker threads of `prog`, each
/// to a random thread; each thread's inputs are read at one random point
/// of it, followed (at random later points) by one to four operations that
/// use them.
pub fn add_inputs(prog: &mut Program, rng: &mut Rng, tys: &[InTy]) {
    let workers = prog.threads.len();
    let mut per_thread: Vec<Vec<InTy>> = vec![Vec::new(); workers];
    for &ty in tys {
        per_thread[rng.range(0, workers - 1)].push(ty);
    }
    let mut gen = SymGen {
        rng,
        mode: prog.mode,
        globals: prog.globals,
        mutexes: prog.mutexes,
        guard: prog.guard.clone(),
        ids: Ids::default(),
    };
    for (t, tys) in per_thread.iter().enumerate() {
        if !tys.is_empty() {
            gen.add_block(&mut prog.threads[t], tys);
        }
    }
}

/// The locals loaded from globals that are in scope after `ops` (those
/// defined in a `__VERIFIER_atomic_*` function are not).
fn visible_locals(ops: &[Op]) -> Vec<usize> {
    ops.iter()
        .filter(|op| !matches!(op, Op::Atomic { function: true, .. }))
        .flat_map(|op| defs(std::slice::from_ref(op)))
        .collect()
}

impl SymGen<'_> {
    fn add_block(&mut self, ops: &mut Vec<Op>, tys: &[InTy]) {
        let mut env = Env::default();
        let mut pos = self.rng.range(0, ops.len());
        for &ty in tys {
            let id = self.ids.input;
            self.ids.input += 1;
            ops.insert(pos, Op::Sym(SymOp::Input { id, ty }));
            env.inputs.push((id, ty));
            pos += 1;
        }
        for _ in 0..self.rng.range(1, 4) {
            pos = self.rng.range(pos, ops.len());
            env.locals = visible_locals(&ops[..pos]);
            let op = self.gen_use(&mut env);
            ops.insert(pos, Op::Sym(op));
            pos += 1;
        }
    }

    fn gen_use(&mut self, env: &mut Env) -> SymOp {
        loop {
            match self.rng.range(0, 99) {
                0..=21 => {
                    let (expr, mag) = self.sym_expr(env, 2);
                    let id = self.ids.var;
                    self.ids.var += 1;
                    env.vars.push((id, mag, Some(expr.clone())));
                    return SymOp::Let { id, expr };
                }
                22..=53 => {
                    let cond = self.cond(env, 2);
                    let mut then = self.side(1);
                    let els = if self.rng.chance(60) {
                        self.side(0)
                    } else {
                        Vec::new()
                    };
                    if then.is_empty() && els.is_empty() {
                        then.push(self.print());
                    }
                    // Now and then a check on one side only.
                    if self.rng.chance(15) && self.ids.asserts < 2 {
                        self.ids.asserts += 1;
                        let cond = self.check(env);
                        then.push(Op::Sym(SymOp::Assert { cond, reach: true }));
                    }
                    return SymOp::Branch { cond, then, els };
                }
                54..=65 => {
                    if self.ids.asserts >= 2 {
                        continue;
                    }
                    self.ids.asserts += 1;
                    let cond = self.check(env);
                    let reach = self.rng.chance(35);
                    return SymOp::Assert { cond, reach };
                }
                66..=76 => {
                    let cond = self.check(env);
                    return SymOp::Assume { cond };
                }
                77..=90 => return self.array(env),
                _ => {
                    if let Some(op) = self.ptr_store(env) {
                        return op;
                    }
                }
            }
        }
    }

    /// A random value of an input, often a boundary one.
    fn sample(&mut self, ty: InTy) -> i64 {
        let (lo, hi) = ty.range();
        if self.rng.chance(30) {
            let v = self.rng.pick(&[0, 1, -1, 2, 127, -128, 255, 4, 5]);
            if (lo..=hi).contains(&v) {
                return v;
            }
        }
        lo + self.rng.range(0, (hi - lo) as usize) as i64
    }

    /// `e` evaluated with random inputs (and loaded values between 0 and
    /// 2), or `None` (a division by zero, an array read).
    fn eval_random(&mut self, env: &Env, e: &Expr) -> Option<i64> {
        let inputs: HashMap<usize, i64> = env
            .inputs
            .clone()
            .into_iter()
            .map(|(id, ty)| (id, self.sample(ty)))
            .collect();
        let locals: HashMap<usize, i64> = env
            .locals
            .iter()
            .map(|&r| (r, self.rng.range(0, 2) as i64))
            .collect();
        eval(e, env, &inputs, &locals)
    }

    fn leaf(&mut self, env: &Env) -> (Expr, i64) {
        let roll = self.rng.range(0, 99);
        if roll < 50 || (roll < 75 && env.vars.is_empty()) {
            let (id, ty) = self.rng.pick(&env.inputs);
            let (lo, hi) = ty.range();
            return (Expr::Input(id), lo.abs().max(hi));
        }
        if roll < 75 {
            let i = self.rng.range(0, env.vars.len() - 1);
            return (Expr::Var(env.vars[i].0), env.vars[i].1);
        }
        if roll < 85 && !env.locals.is_empty() {
            return (Expr::Local(self.rng.pick(&env.locals)), LOCAL_MAG);
        }
        let c = self.rng.range(0, 12) as i64 - 3;
        (Expr::Const(c), c.abs())
    }

    /// An expression that reads an input or an input-derived variable.
    fn sym_expr(&mut self, env: &Env, depth: usize) -> (Expr, i64) {
        for _ in 0..8 {
            let (e, m) = self.expr(env, depth);
            if e.symbolic() {
                return (e, m);
            }
        }
        let (id, ty) = self.rng.pick(&env.inputs);
        let (lo, hi) = ty.range();
        (Expr::Input(id), lo.abs().max(hi))
    }

    fn expr(&mut self, env: &Env, depth: usize) -> (Expr, i64) {
        if depth == 0 || self.rng.chance(30) {
            return self.leaf(env);
        }
        let d = depth - 1;
        let (a, ma) = self.expr(env, d);
        let (e, m) = match self.rng.range(0, 99) {
            0..=14 => {
                let (b, mb) = self.expr(env, d);
                let op = if self.rng.chance(55) {
                    BinOp::Add
                } else {
                    BinOp::Sub
                };
                (Expr::bin(op, a, b), ma + mb)
            }
            15..=24 => {
                let (b, mb) = if self.rng.chance(30) {
                    self.expr(env, d)
                } else {
                    let c = self.rng.range(1, 5) as i64;
                    (Expr::Const(c), c)
                };
                (Expr::bin(BinOp::Mul, a, b), ma.saturating_mul(mb))
            }
            25..=36 => {
                let (b, mb) = if self.rng.chance(50) {
                    let c = self.rng.pick(&[1, 3, 7, 15, 0x55, 0x80]);
                    (Expr::Const(c), c)
                } else {
                    self.expr(env, d)
                };
                let op = self.rng.pick(&[BinOp::And, BinOp::Or, BinOp::Xor]);
                (Expr::bin(op, a, b), 2 * ma.max(mb) + 1)
            }
            37..=43 => {
                let k = self.rng.range(0, 3) as i64;
                (Expr::bin(BinOp::Shr, a, Expr::Const(k)), ma)
            }
            44..=53 => {
                let c: i64 = self.rng.pick(&[2, 3, 5, 7, -3]);
                let op = self.rng.pick(&[BinOp::Div, BinOp::Rem]);
                let m = if op == BinOp::Rem {
                    ma.min(c.abs())
                } else {
                    ma
                };
                (Expr::bin(op, a, Expr::Const(c)), m)
            }
            54..=59 => {
                // An input-derived divisor, which may be zero.
                let (mut b, mb) = self.expr(env, d);
                if matches!(b, Expr::Const(0)) {
                    b = Expr::Const(1);
                }
                let op = self.rng.pick(&[BinOp::Div, BinOp::Rem]);
                let m = if op == BinOp::Rem { ma.min(mb) } else { ma };
                (Expr::bin(op, a, b), m)
            }
            60..=73 => {
                let (b, _) = self.expr(env, d);
                let op = self.rng.pick(&[BinOp::Lt, BinOp::Le, BinOp::Eq, BinOp::Ne]);
                (Expr::bin(op, a, b), 1)
            }
            74..=81 => {
                let unsigned = self.rng.chance(50);
                (Expr::Byte(unsigned, Box::new(a)), 255)
            }
            82..=89 => {
                let c = self.cond(env, d);
                let (b, mb) = self.expr(env, d);
                (
                    Expr::Cond(Box::new(c), Box::new(a), Box::new(b)),
                    ma.max(mb),
                )
            }
            90..=93 => (Expr::Not(Box::new(a)), 1),
            _ => {
                let b = self.cond(env, d);
                let op = self.rng.pick(&[BinOp::LAnd, BinOp::LOr]);
                (Expr::bin(op, a, b), 1)
            }
        };
        if m > MAX_MAG {
            return self.leaf(env);
        }
        (e, m)
    }

    /// A condition: an input-derived expression compared with a constant
    /// that some input makes it reach (found by evaluation), or with
    /// another expression, or two conditions joined by `&&`/`||`.
    fn cond(&mut self, env: &Env, depth: usize) -> Expr {
        let roll = self.rng.range(0, 99);
        if roll < 15 && depth > 0 {
            let a = self.cond(env, depth - 1);
            let b = self.cond(env, depth - 1);
            let op = self.rng.pick(&[BinOp::LAnd, BinOp::LOr]);
            return Expr::bin(op, a, b);
        }
        let (e, _) = self.sym_expr(env, depth);
        if roll < 30 {
            let (b, _) = self.expr(env, depth.saturating_sub(1));
            let op = self.rng.pick(&[BinOp::Lt, BinOp::Le, BinOp::Eq, BinOp::Ne]);
            return Expr::bin(op, e, b);
        }
        if roll < 38 {
            // Truth of the value itself.
            return e;
        }
        let c = self.target(env, &e);
        let op = self
            .rng
            .pick(&[BinOp::Lt, BinOp::Le, BinOp::Eq, BinOp::Ne, BinOp::Eq]);
        Expr::bin(op, e, Expr::Const(c))
    }

    /// A constant that `e` reaches for some random input, most of the time.
    fn target(&mut self, env: &Env, e: &Expr) -> i64 {
        let hit = if self.rng.chance(75) {
            self.eval_random(env, e)
        } else {
            None
        };
        match hit {
            Some(v) => v + self.rng.pick(&[0, 0, 0, 1, -1]),
            None => self.rng.range(0, 10) as i64 - 3,
        }
    }

    /// The condition of an `assert` or an assume: holds for most inputs,
    /// fails for some (an assertion: often; an assume: a path constraint).
    fn check(&mut self, env: &Env) -> Expr {
        if self.rng.chance(20) {
            return self.cond(env, 1);
        }
        let (e, _) = self.sym_expr(env, 2);
        let c = self.target(env, &e);
        let op = self
            .rng
            .pick(&[BinOp::Ne, BinOp::Ne, BinOp::Ne, BinOp::Lt, BinOp::Le]);
        Expr::bin(op, e, Expr::Const(c))
    }

    fn print(&mut self) -> Op {
        self.ids.tag += 1;
        Op::Sym(SymOp::Print { tag: self.ids.tag })
    }

    /// A store of a constant to a global, allowed by the program's mode
    /// with no mutex held (under its mutex if it has one).
    fn store(&mut self) -> Op {
        let g = self.rng.range(0, self.globals - 1);
        let val = Val::Const(self.rng.range(1, 5) as i32);
        let st = |atomic| Op::Store {
            g,
            atomic,
            order: Order::SeqCst,
            val,
        };
        match self.mode {
            Mode::Racy => {
                let op = st(self.rng.chance(45));
                if self.mutexes > 0 && self.rng.chance(25) {
                    let m = self.rng.range(0, self.mutexes - 1);
                    Op::Locked { m, body: vec![op] }
                } else {
                    op
                }
            }
            Mode::Atomic => st(true),
            Mode::Protected => match self.guard[g] {
                Some(m) => Op::Locked {
                    m,
                    body: vec![st(!self.rng.chance(75))],
                },
                None => st(true),
            },
        }
    }

    /// One side of a branch: at least `min` operations.
    fn side(&mut self, min: usize) -> Vec<Op> {
        let n = self.rng.range(min, 2);
        (0..n)
            .map(|_| match self.rng.range(0, 99) {
                0..=54 => self.store(),
                55..=84 => self.print(),
                _ if self.mutexes == 2 => {
                    // Both mutexes, in an input-chosen order: a deadlock
                    // with a thread that takes them the other way.
                    let m = self.rng.range(0, 1);
                    let inner = match self.store() {
                        Op::Locked { body, .. } => body.into_iter().next().expect("a store"),
                        op => op,
                    };
                    Op::Locked {
                        m,
                        body: vec![Op::Locked {
                            m: 1 - m,
                            body: vec![inner],
                        }],
                    }
                }
                _ => self.print(),
            })
            .collect()
    }

    /// An index into a 4-element array: in bounds by masking, or possibly
    /// out of bounds.
    fn index(&mut self, env: &Env) -> Expr {
        let (e, _) = self.sym_expr(env, 1);
        match self.rng.range(0, 99) {
            0..=39 => Expr::bin(BinOp::And, e, Expr::Const(3)),
            40..=54 => Expr::bin(BinOp::Rem, Expr::Byte(true, Box::new(e)), Expr::Const(4)),
            55..=69 => Expr::bin(BinOp::Rem, e, Expr::Const(4)),
            70..=84 => e,
            _ => Expr::bin(BinOp::And, e, Expr::Const(7)),
        }
    }

    fn array(&mut self, env: &mut Env) -> SymOp {
        let id = self.ids.array;
        self.ids.array += 1;
        let init = [0; 4].map(|_: i64| self.rng.range(0, 12) as i64 - 3);
        let mut mag = init.iter().map(|c| c.abs()).max().unwrap_or(0);
        let write = if self.rng.chance(40) {
            let i = self.index(env);
            let (v, mv) = if self.rng.chance(50) {
                self.expr(env, 1)
            } else {
                let c = self.rng.range(0, 9) as i64;
                (Expr::Const(c), c)
            };
            mag = mag.max(mv);
            Some((i, v))
        } else {
            None
        };
        let index = self.index(env);
        let guarded = self.rng.chance(25);
        let dst = self.ids.var;
        self.ids.var += 1;
        env.vars.push((dst, mag.max(1), None));
        SymOp::Array {
            id,
            init,
            write,
            dst,
            index,
            guarded,
        }
    }

    /// A constant stored through a pointer that a condition chooses between
    /// two globals; `None` when the program's mode allows no such pair.
    fn ptr_store(&mut self, env: &Env) -> Option<SymOp> {
        if self.globals < 2 {
            return None;
        }
        let a = self.rng.range(0, self.globals - 1);
        let b = (a + self.rng.range(1, self.globals - 1)) % self.globals;
        let (atomic, lock) = match self.mode {
            Mode::Racy => {
                let lock = (self.mutexes > 0 && self.rng.chance(20))
                    .then(|| self.rng.range(0, self.mutexes - 1));
                (self.rng.chance(45), lock)
            }
            Mode::Atomic => (true, None),
            Mode::Protected => {
                if self.guard[a] != self.guard[b] {
                    return None;
                }
                match self.guard[a] {
                    Some(m) => (self.rng.chance(25), Some(m)),
                    None => (true, None),
                }
            }
        };
        let cond = self.cond(env, 1);
        let val = self.rng.range(1, 5) as i32;
        Some(SymOp::PtrStore {
            cond,
            a,
            b,
            val,
            atomic,
            lock,
        })
    }
}

/// C semantics of `e` on `int`, with the inputs and loaded values given;
/// `None` on a division by zero or an unknown variable (an array read).
fn eval(
    e: &Expr,
    env: &Env,
    inputs: &HashMap<usize, i64>,
    locals: &HashMap<usize, i64>,
) -> Option<i64> {
    let ev = |x: &Expr| eval(x, env, inputs, locals);
    Some(match e {
        Expr::Const(c) => *c,
        Expr::Input(i) => *inputs.get(i)?,
        Expr::Local(r) => *locals.get(r)?,
        Expr::Var(v) => {
            let def = env.vars.iter().find(|(id, _, _)| id == v)?.2.as_ref()?;
            ev(def)?
        }
        Expr::Not(a) => i64::from(ev(a)? == 0),
        Expr::Byte(true, a) => i64::from(ev(a)? as u8),
        Expr::Byte(false, a) => i64::from(ev(a)? as i8),
        Expr::Cond(c, a, b) => {
            if ev(c)? != 0 {
                ev(a)?
            } else {
                ev(b)?
            }
        }
        Expr::Bin(BinOp::LAnd, a, b) => i64::from(ev(a)? != 0 && ev(b)? != 0),
        Expr::Bin(BinOp::LOr, a, b) => i64::from(ev(a)? != 0 || ev(b)? != 0),
        Expr::Bin(op, a, b) => {
            let (x, y) = (ev(a)?, ev(b)?);
            match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::And => x & y,
                BinOp::Or => x | y,
                BinOp::Xor => x ^ y,
                BinOp::Shr => x >> y,
                BinOp::Div => x.checked_div(y)?,
                BinOp::Rem => x.checked_rem(y)?,
                BinOp::Lt => i64::from(x < y),
                BinOp::Le => i64::from(x <= y),
                BinOp::Eq => i64::from(x == y),
                BinOp::Ne => i64::from(x != y),
                BinOp::LAnd | BinOp::LOr => unreachable!("handled above"),
            }
        }
    })
}

/// The outcomes of executions that ended (not blocked), those of bugs
/// without the output: what the other threads printed before a thread hit
/// a bug depends on the order of invisible `printf` calls and other
/// threads' events, which the explorers do not order (Optimal-DPOR reaches
/// the bug in one such order, the naive search in all).
fn ended(run: &Run) -> BTreeSet<&str> {
    run.outcomes
        .iter()
        .filter(|o| !o.starts_with("blocked"))
        .map(|o| {
            if o.starts_with("bug ") {
                o.split(" | ").next().unwrap_or(o)
            } else {
                o.as_str()
            }
        })
        .collect()
}

/// Compares the symbolic run with the enumeration.
fn compare(enumerated: &Run, symbolic: &Run, race_free: bool, problems: &mut Vec<String>) {
    for r in [enumerated, symbolic] {
        let expected_code = match r.verdict.as_str() {
            "safe" => Some(0),
            "bug" => Some(42),
            _ => None,
        };
        if expected_code.is_none() || r.exit_code != expected_code {
            problems.push(format!(
                "--por {} {}: verdict {} with exit code {:?}",
                r.por,
                r.extra.join(" "),
                r.verdict,
                r.exit_code
            ));
        }
        if r.anomalies.values().any(|&n| n != 0) {
            problems.push(format!(
                "--por {}: explorer anomalies {:?}",
                r.por, r.anomalies
            ));
        }
        if race_free && r.bugs.iter().any(|(k, _)| k == "data-race") {
            problems.push(format!(
                "--por {}: data race reported in a program built race-free",
                r.por
            ));
        }
    }
    if !symbolic.limit.is_null() {
        problems.push(format!("symbolic run hit limit {}", symbolic.limit));
    }
    if symbolic.verdict != enumerated.verdict {
        problems.push(format!(
            "symbolic verdict {} but enumeration says {}",
            symbolic.verdict, enumerated.verdict
        ));
    }
    // Every bug and outcome of the enumeration is found symbolically. The
    // symbolic run may find more bugs (see the module doc), never more
    // normal ends.
    let missing: Vec<_> = enumerated.bugs.difference(&symbolic.bugs).collect();
    if !missing.is_empty() {
        problems.push(format!(
            "bugs of the enumeration missing from the symbolic run: {missing:?}"
        ));
    }
    let (en, sy) = (ended(enumerated), ended(symbolic));
    let missing: Vec<_> = en.difference(&sy).collect();
    let extra: Vec<_> = sy
        .difference(&en)
        .filter(|o| !o.starts_with("bug "))
        .collect();
    if !missing.is_empty() || !extra.is_empty() {
        problems.push(format!(
            "outcomes differ from the enumeration: missing {missing:?}, extra {extra:?}"
        ));
    }
    if symbolic.executions > enumerated.executions {
        problems.push(format!(
            "symbolic run explored {} executions, the enumeration only {}",
            symbolic.executions, enumerated.executions
        ));
    }
    if symbolic.blocked_by.contains_key("sleep-set") {
        problems.push(format!(
            "--por optimal: blocked_by has `sleep-set`: {:?}",
            symbolic.blocked_by
        ));
    }
}

/// Every bug of the report lists the inputs of its execution as
/// `inputs: [{name, location, value, ...}]`.
fn check_inputs(run: &Run, problems: &mut Vec<String>) {
    let Some(bugs) = run.json["bugs"].as_array() else {
        return;
    };
    for bug in bugs {
        let ok = bug["inputs"].as_array().is_some_and(|inputs| {
            inputs.iter().all(|i| {
                i["name"].is_string() && i["location"].is_string() && !i["value"].is_null()
            })
        });
        if !ok {
            problems.push(format!(
                "bug {} at {}: no `inputs` array of {{name, location, value}}: {}",
                bug["kind"], bug["location"], bug["inputs"]
            ));
        }
    }
}

/// The witness of the symbolic run's first bug replays it: `weft replay`
/// runs the recorded inputs concretely and must end in the same bug (exit
/// 42, same kind and location).
fn check_replay(path: &Path, witness: &Path, run: &Run, problems: &mut Vec<String>) {
    let expected = &run.json["bugs"][0];
    let args = [
        "replay".as_ref(),
        path.as_os_str(),
        witness.as_os_str(),
        "--json".as_ref(),
    ];
    let out = match run_weft(path.parent(), &args, Duration::from_secs(120)) {
        Ok(out) => out,
        Err(e) => return problems.push(format!("replay: {e}")),
    };
    let replayed: Option<Value> = serde_json::from_str(out.stdout.trim()).ok();
    let same = replayed.as_ref().is_some_and(|r| {
        let got = &r["bugs"][0];
        got["kind"] == expected["kind"] && got["location"] == expected["location"]
    });
    if out.code != Some(42) || !same {
        let got = replayed
            .as_ref()
            .map_or(Value::Null, |r| r["bugs"][0].clone());
        problems.push(format!(
            "replay of the witness of {} at {}: exit {:?}, first bug {} {}; stderr: {}",
            expected["kind"],
            expected["location"],
            out.code,
            got["kind"],
            got["location"],
            out.stderr.trim()
        ));
    }
}

pub enum SymResult {
    Passed {
        /// Executions of the symbolic run and of the enumeration.
        executions: [u64; 2],
        blocked_by: BTreeMap<String, u64>,
        kinds: BTreeSet<String>,
    },
    Skipped,
    Failed(String),
}

/// Generates, runs and compares case `case`.
pub fn run_case(scratch: &Scratch, seed: u64, case: usize, sym_nondet: &str) -> SymResult {
    let prog = generate_symbolic(seed, case);
    let text = render(
        &prog,
        &format!("weft differential test (random_symbolic_agree): seed {seed:#x}, case {case}"),
    );
    let name = format!("sym_case_{case}.c");
    let path = scratch.write(&name, &text);
    if let Ok(dir) = std::env::var("WEFT_DIFF_DUMP") {
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(Path::new(&dir).join(&name), &text);
    }
    let mut problems = Vec::new();
    let mut runs = Vec::new();
    let enumerate = ["--nondet", "enumerate"];
    match weft_check_with(&path, "none", "sc", true, Some(ENUM_CAP), &enumerate) {
        Ok(r) if r.verdict == "incomplete" || !r.limit.is_null() => {
            let _ = std::fs::remove_file(&path);
            return SymResult::Skipped;
        }
        Ok(r) => runs.push(r),
        Err(e) => problems.push(e),
    }
    let witness = scratch.dir.join(format!("sym_case_{case}.witness.json"));
    if problems.is_empty() {
        let witness = witness.to_string_lossy();
        let symbolic = ["--nondet", sym_nondet, "--witness", &witness];
        match weft_check_with(&path, "optimal", "sc", true, Some(2 * ENUM_CAP), &symbolic) {
            Ok(r) => runs.push(r),
            Err(e) => problems.push(e),
        }
    }
    if let [enumerated, symbolic] = &runs[..] {
        compare(enumerated, symbolic, prog.mode != Mode::Racy, &mut problems);
        check_inputs(symbolic, &mut problems);
        if symbolic.verdict == "bug" {
            check_replay(&path, &witness, symbolic, &mut problems);
        }
        if problems.is_empty() {
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_file(&witness);
            return SymResult::Passed {
                executions: [symbolic.executions, enumerated.executions],
                blocked_by: symbolic.blocked_by.clone(),
                kinds: enumerated.bugs.iter().map(|(k, _)| k.clone()).collect(),
            };
        }
    }
    // For the diagnosis: Optimal-DPOR over the enumerated inputs tells a
    // symbolic discrepancy from a DPOR one.
    let diagnosis = weft_check_with(&path, "optimal", "sc", true, Some(ENUM_CAP), &enumerate);
    let mut report = format!(
        "=== case {case} (seed {seed:#x})\nreproduce: WEFT_DIFF_SEED={seed:#x} WEFT_DIFF_ONLY={case} \
         cargo test --release -p weft --test differential random_symbolic_agree\n\
         FAILED; program kept at {}\n",
        path.display()
    );
    for p in &problems {
        let _ = writeln!(report, "problem: {p}");
    }
    let _ = writeln!(report, "--- program ---\n{text}--- results ---");
    for r in &runs {
        report.push_str(&r.describe());
    }
    match diagnosis {
        Ok(r) => {
            let _ = writeln!(report, "--- for comparison (not checked) ---");
            report.push_str(&r.describe());
        }
        Err(e) => {
            let _ = writeln!(report, "--- for comparison: {e}");
        }
    }
    SymResult::Failed(report)
}

/// The test: `WEFT_DIFF_CASES` programs, compared by [`run_case`].
pub fn run_random_symbolic(default_seed: u64) {
    let cases = env_number("WEFT_DIFF_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let seed = env_number("WEFT_DIFF_SEED").unwrap_or(default_seed);
    let todo: Vec<usize> = match env_number("WEFT_DIFF_ONLY") {
        Some(k) => vec![k as usize],
        None => (0..cases).collect(),
    };
    let sym_nondet = std::env::var("WEFT_DIFF_SYM_NONDET").unwrap_or_else(|_| "symbolic".into());
    let mut scratch = Scratch::new("diff-symbolic");
    let start = Instant::now();
    let results = run_parallel(&todo, |case| run_case(&scratch, seed, case, &sym_nondet));
    let (mut passed, mut skipped, mut totals) = (0, 0, [0u64; 2]);
    let mut blocked: BTreeMap<String, u64> = BTreeMap::new();
    let mut kind_cases: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for (_, r) in results {
        match r {
            SymResult::Passed {
                executions,
                blocked_by,
                kinds,
            } => {
                passed += 1;
                totals[0] += executions[0];
                totals[1] += executions[1];
                for (k, n) in blocked_by {
                    *blocked.entry(k).or_insert(0) += n;
                }
                for k in kinds {
                    *kind_cases.entry(k).or_insert(0) += 1;
                }
            }
            SymResult::Skipped => skipped += 1,
            SymResult::Failed(report) => failures.push(report),
        }
    }
    eprintln!(
        "random_symbolic_agree: seed {seed:#x}, {} cases: {passed} passed, {skipped} skipped, {} failed in {:.1}s; \
         executions --nondet {sym_nondet} --por optimal {} / --nondet enumerate --por none {}; \
         blocked (symbolic side) {blocked:?}; cases with each bug kind: {kind_cases:?}",
        todo.len(),
        failures.len(),
        start.elapsed().as_secs_f64(),
        totals[0],
        totals[1],
    );
    crate::fail_on_problems(&mut scratch, &failures, todo.len(), "symbolic differential");
    assert!(
        skipped * 4 <= todo.len().max(1),
        "too many skipped cases ({skipped} of {}): the enumeration is too big",
        todo.len()
    );
}
