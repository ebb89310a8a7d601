//! The expression pool: hash-consed nodes of a DAG over bit-vectors.
//!
//! Owns the node store ([`Smt`]), the handles ([`Expr`], [`Var`]), the node shapes ([`Node`],
//! [`Op`], [`BinOp`]) and the structural queries over the DAG (cones, variables, build-order
//! independent fingerprints, printing). The simplifying constructors live in
//! [`crate::builder`], the evaluator in [`crate::eval`].
//!
//! **Sorts.** There is one sort, the bit-vector of width 1..=128. Booleans are bit-vectors of
//! width 1, as LLVM's `i1`: comparisons give width 1, and boolean and/or/not are the bitwise
//! operators on width 1. The Z3 translation picks Z3's `Bool` or `BitVec 1` per node.
//!
//! **Hash-consing.** Every node is stored once: building the same term twice gives the same
//! [`Expr`], so equality of handles is structural equality of (simplified) terms. Children are
//! always older than their parents, so a node's index is a topological order of the DAG, which
//! the evaluator and the Z3 translation use to walk a cone without recursion.
//!
//! Unlike KLEE's `ref<Expr>`, nodes are never freed: the pool grows for the life of the
//! exploration (KLEE reference-counts). An `Expr` is a `u32`, `Copy`, and means nothing
//! without its pool.

use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// A handle to a node of an [`Smt`] pool: small and `Copy`, so that interpreter values can
/// hold one. Handles of one pool are equal iff the terms are structurally equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Expr(pub(crate) u32);

impl Expr {
    /// `false`, the width-1 zero: the first node of every pool.
    pub const FALSE: Expr = Expr(0);
    /// `true`, the width-1 one: the second node of every pool.
    pub const TRUE: Expr = Expr(1);

    /// The node's index in its pool.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// A symbolic variable of a pool.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Var(pub(crate) u32);

impl Var {
    /// The variable's index in its pool (0, 1, ... in creation order).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// Binary operators. `Concat`'s first operand is the high part; comparisons give width 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
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
    Concat,
    Eq,
    Ult,
    Ule,
    Slt,
    Sle,
}

impl BinOp {
    /// Whether `a op b == b op a`.
    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Eq
        )
    }

    /// Whether the result has width 1 whatever the operands' width.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ult | BinOp::Ule | BinOp::Slt | BinOp::Sle
        )
    }

    /// The SMT-LIB name.
    pub fn smtlib_name(self) -> &'static str {
        match self {
            BinOp::Add => "bvadd",
            BinOp::Sub => "bvsub",
            BinOp::Mul => "bvmul",
            BinOp::UDiv => "bvudiv",
            BinOp::SDiv => "bvsdiv",
            BinOp::URem => "bvurem",
            BinOp::SRem => "bvsrem",
            BinOp::And => "bvand",
            BinOp::Or => "bvor",
            BinOp::Xor => "bvxor",
            BinOp::Shl => "bvshl",
            BinOp::LShr => "bvlshr",
            BinOp::AShr => "bvashr",
            BinOp::Concat => "concat",
            BinOp::Eq => "=",
            BinOp::Ult => "bvult",
            BinOp::Ule => "bvule",
            BinOp::Slt => "bvslt",
            BinOp::Sle => "bvsle",
        }
    }
}

/// The shape of a node. Widths are in [`Node::width`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    /// A constant, masked to the node's width.
    Const(u128),
    /// A symbolic variable.
    Var(Var),
    /// Bitwise complement (boolean not on width 1).
    Not(Expr),
    /// A binary operator.
    Bin(BinOp, Expr, Expr),
    /// `if c then t else e`, `c` of width 1.
    Ite(Expr, Expr, Expr),
    /// Bits `lo .. lo + width` of the operand (truncation is an extract at 0).
    Extract(Expr, u8),
    /// Zero extension to the node's width.
    ZExt(Expr),
    /// Sign extension to the node's width.
    SExt(Expr),
}

/// A node: its shape and its width (1..=128).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Node {
    pub op: Op,
    pub width: u8,
}

/// What a pool knows of a variable.
#[derive(Clone, Debug)]
pub struct VarInfo {
    /// A short name, such as `x`.
    pub name: String,
    /// Where the value came from, such as `x = __VERIFIER_nondet_int() at file.c:12`.
    pub origin: String,
    /// Width in bits.
    pub width: u32,
    /// The variable's node.
    pub expr: Expr,
}

static NEXT_POOL_ID: AtomicU64 = AtomicU64::new(1);

/// The expression pool (KLEE's expression manager): owns every node and every variable.
/// Build expressions with its methods (see [`crate::builder`]); read them with [`Smt::node`].
#[derive(Debug)]
pub struct Smt {
    pub(crate) nodes: Vec<Node>,
    /// Order-independent structural fingerprints, by node.
    fingerprints: Vec<u64>,
    pub(crate) table: FxHashMap<Node, Expr>,
    pub(crate) vars: Vec<VarInfo>,
    id: u64,
}

impl Default for Smt {
    fn default() -> Self {
        Self::new()
    }
}

impl Smt {
    /// An empty pool.
    pub fn new() -> Smt {
        let mut smt = Smt {
            nodes: Vec::new(),
            fingerprints: Vec::new(),
            table: FxHashMap::default(),
            vars: Vec::new(),
            id: NEXT_POOL_ID.fetch_add(1, Ordering::Relaxed),
        };
        for b in [0, 1] {
            smt.intern(Node {
                op: Op::Const(b),
                width: 1,
            });
        }
        debug_assert_eq!(smt.constant(1, 1), Expr::TRUE);
        smt
    }

    /// A number distinct for every pool of the process; a solver checks that it is always
    /// handed the same pool.
    pub fn pool_id(&self) -> u64 {
        self.id
    }

    /// Number of nodes in the pool.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the pool has no nodes.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Interns a node as it is, without simplification.
    pub(crate) fn intern(&mut self, node: Node) -> Expr {
        debug_assert!((1..=128).contains(&node.width));
        if let Some(&e) = self.table.get(&node) {
            return e;
        }
        let e = Expr(u32::try_from(self.nodes.len()).expect("expression pool overflow"));
        let fp = self.fingerprint_of(&node);
        self.fingerprints.push(fp);
        self.nodes.push(node);
        self.table.insert(node, e);
        e
    }

    /// A 64-bit structural hash of `e` that does not depend on the order in which the pool
    /// built its nodes: variables count by name, origin and width, not by index. Two pools
    /// (two executions) that build the same term give it the same fingerprint, which is what
    /// hash-based cutoffs of states holding symbolic values need (POR-SE, Sec. 4). Distinct
    /// terms collide with probability about 2^-64 per pair.
    #[inline]
    pub fn fingerprint(&self, e: Expr) -> u64 {
        self.fingerprints[e.0 as usize]
    }

    fn fingerprint_of(&self, node: &Node) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        node.width.hash(&mut h);
        let f = |e: Expr| self.fingerprints[e.0 as usize];
        match node.op {
            Op::Const(c) => (0u8, c).hash(&mut h),
            Op::Var(v) => {
                let info = &self.vars[v.0 as usize];
                (1u8, &info.name, &info.origin).hash(&mut h)
            }
            Op::Not(x) => (2u8, f(x)).hash(&mut h),
            // Canonical operand order follows node indices, so it can differ between pools:
            // commutative operands count as a set.
            Op::Bin(op, a, b) if op.is_commutative() => {
                (3u8, op, f(a).min(f(b)), f(a).max(f(b))).hash(&mut h)
            }
            Op::Bin(op, a, b) => (3u8, op, f(a), f(b)).hash(&mut h),
            Op::Ite(c, a, b) => (4u8, f(c), f(a), f(b)).hash(&mut h),
            Op::Extract(x, lo) => (5u8, f(x), lo).hash(&mut h),
            Op::ZExt(x) => (6u8, f(x)).hash(&mut h),
            Op::SExt(x) => (7u8, f(x)).hash(&mut h),
        }
        // FxHash's last step is weak on the low bits; finish with splitmix64.
        let mut z = h.finish().wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The node of `e`.
    #[inline]
    pub fn node(&self, e: Expr) -> &Node {
        &self.nodes[e.0 as usize]
    }

    /// The shape of `e`.
    #[inline]
    pub fn op(&self, e: Expr) -> Op {
        self.nodes[e.0 as usize].op
    }

    /// The width of `e` in bits.
    #[inline]
    pub fn width(&self, e: Expr) -> u32 {
        self.nodes[e.0 as usize].width as u32
    }

    /// The value of `e` if it is a constant.
    #[inline]
    pub fn as_const(&self, e: Expr) -> Option<u128> {
        match self.op(e) {
            Op::Const(c) => Some(c),
            _ => None,
        }
    }

    /// `Some(b)` if `e` is the width-1 constant `b`.
    pub fn as_bool(&self, e: Expr) -> Option<bool> {
        match self.node(e) {
            Node {
                op: Op::Const(c),
                width: 1,
            } => Some(*c != 0),
            _ => None,
        }
    }

    /// The variable of `e` if `e` is one.
    pub fn as_var(&self, e: Expr) -> Option<Var> {
        match self.op(e) {
            Op::Var(v) => Some(v),
            _ => None,
        }
    }

    /// What is known of `v`.
    pub fn var_info(&self, v: Var) -> &VarInfo {
        &self.vars[v.0 as usize]
    }

    /// Every variable of the pool, in creation order.
    pub fn all_vars(&self) -> impl Iterator<Item = Var> + '_ {
        (0..self.vars.len() as u32).map(Var)
    }

    /// The operands of `e`, in order.
    pub fn children(&self, e: Expr) -> impl Iterator<Item = Expr> {
        let (a, b, c) = match self.op(e) {
            Op::Const(_) | Op::Var(_) => (None, None, None),
            Op::Not(x) | Op::Extract(x, _) | Op::ZExt(x) | Op::SExt(x) => (Some(x), None, None),
            Op::Bin(_, x, y) => (Some(x), Some(y), None),
            Op::Ite(x, y, z) => (Some(x), Some(y), Some(z)),
        };
        a.into_iter().chain(b).chain(c)
    }

    /// Every node reachable from `roots` (roots included), each once, in increasing index
    /// order: operands before the nodes that use them.
    pub fn cone(&self, roots: &[Expr]) -> Vec<Expr> {
        let mut seen = FxHashSet::default();
        let mut stack: Vec<Expr> = Vec::new();
        let mut out = Vec::new();
        for &r in roots {
            if seen.insert(r) {
                stack.push(r);
            }
        }
        while let Some(e) = stack.pop() {
            out.push(e);
            for c in self.children(e) {
                if seen.insert(c) {
                    stack.push(c);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// The variables `e` depends on, in increasing order.
    pub fn vars_of(&self, e: Expr) -> Vec<Var> {
        self.vars_of_all(&[e])
    }

    /// The variables any of `es` depends on, in increasing order.
    pub fn vars_of_all(&self, es: &[Expr]) -> Vec<Var> {
        let mut vs: Vec<Var> = self
            .cone(es)
            .into_iter()
            .filter_map(|e| self.as_var(e))
            .collect();
        vs.sort_unstable();
        vs
    }

    /// An SMT-LIB-like rendering of `e` (shared subterms are printed at each use).
    pub fn display(&self, e: Expr) -> Display<'_> {
        Display { smt: self, e }
    }
}

/// Prints an expression; see [`Smt::display`].
pub struct Display<'a> {
    smt: &'a Smt,
    e: Expr,
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expr(self.smt, self.e, f, 0)
    }
}

fn write_expr(smt: &Smt, e: Expr, f: &mut fmt::Formatter<'_>, depth: u32) -> fmt::Result {
    if depth > 64 {
        return write!(f, "...");
    }
    let n = smt.node(e);
    match n.op {
        Op::Const(c) => {
            if n.width == 1 {
                write!(f, "{}", if c != 0 { "true" } else { "false" })
            } else {
                write!(f, "{c}:{}", n.width)
            }
        }
        Op::Var(v) => write!(f, "{}", smt.var_info(v).name),
        Op::Not(x) => {
            write!(f, "(not ")?;
            write_expr(smt, x, f, depth + 1)?;
            write!(f, ")")
        }
        Op::Bin(op, a, b) => {
            write!(f, "({} ", op.smtlib_name())?;
            write_expr(smt, a, f, depth + 1)?;
            write!(f, " ")?;
            write_expr(smt, b, f, depth + 1)?;
            write!(f, ")")
        }
        Op::Ite(c, a, b) => {
            write!(f, "(ite ")?;
            write_expr(smt, c, f, depth + 1)?;
            write!(f, " ")?;
            write_expr(smt, a, f, depth + 1)?;
            write!(f, " ")?;
            write_expr(smt, b, f, depth + 1)?;
            write!(f, ")")
        }
        Op::Extract(x, lo) => {
            write!(f, "((extract {} {lo}) ", lo as u32 + n.width as u32 - 1)?;
            write_expr(smt, x, f, depth + 1)?;
            write!(f, ")")
        }
        Op::ZExt(x) => {
            write!(f, "((zext {}) ", n.width as u32 - smt.width(x))?;
            write_expr(smt, x, f, depth + 1)?;
            write!(f, ")")
        }
        Op::SExt(x) => {
            write!(f, "((sext {}) ", n.width as u32 - smt.width(x))?;
            write_expr(smt, x, f, depth + 1)?;
            write!(f, ")")
        }
    }
}
