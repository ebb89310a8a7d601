//! Simplifying constructors: every way to make an expression goes through here.
//!
//! Owns the rewrite rules applied on construction: constant folding for every operator (so a
//! term whose operands are all constants is a constant and concrete computations never grow
//! the DAG), algebraic identities, and a canonical operand order for commutative operators
//! (constant first, then by node index), so that `a + b` and `b + a` are the same node.
//! Each rule is local (it looks at most two levels down) and must keep the value the same
//! for every assignment; the property test in this module checks that.
//!
//! Widths must match as LLVM requires (both operands of a binary operator, the two arms of an
//! `ite`, shift amounts as wide as the shifted value); a mismatch, a width outside 1..=128 or an
//! extract out of range is a bug of the caller and panics. Nothing panics on values: division
//! by zero and over-wide shifts have the total semantics described in [`crate::ops`].
//!
//! Compared with KLEE's `ExprBuilder` chain (constant folding + simplification), there is no
//! `Read`/array node and no `SDiv`-by-power-of-two strength reduction; `ne`, `ugt`, `uge`,
//! `sgt`, `sge` and `neg` are derived forms, not nodes.

use crate::expr::{BinOp, Expr, Node, Op, Smt, Var, VarInfo};
use crate::ops::{self, mask};

fn check_width(w: u32) {
    assert!(
        (1..=128).contains(&w),
        "bit-vector width {w} outside 1..=128"
    );
}

impl Smt {
    // ---- leaves -------------------------------------------------------------------------

    /// A fresh symbolic variable of `width` bits: a new variable on every call, even with the
    /// same name. `origin` says where it came from, for reports.
    pub fn var(&mut self, width: u32, name: &str, origin: &str) -> Expr {
        check_width(width);
        let v = Var(u32::try_from(self.vars.len()).expect("too many variables"));
        // The info first: the node's fingerprint reads the name and origin.
        self.vars.push(VarInfo {
            name: name.to_string(),
            origin: origin.to_string(),
            width,
            expr: Expr::FALSE,
        });
        let e = self.intern(Node {
            op: Op::Var(v),
            width: width as u8,
        });
        self.vars[v.0 as usize].expr = e;
        e
    }

    /// The constant `value` (truncated to `width` bits).
    pub fn constant(&mut self, width: u32, value: u128) -> Expr {
        check_width(width);
        self.intern(Node {
            op: Op::Const(value & mask(width)),
            width: width as u8,
        })
    }

    /// The width-1 constant `b`.
    pub fn bool_const(&mut self, b: bool) -> Expr {
        self.constant(1, b as u128)
    }

    /// `true` (width-1 one).
    pub fn tru(&mut self) -> Expr {
        Expr::TRUE
    }

    /// `false` (width-1 zero).
    pub fn fals(&mut self) -> Expr {
        Expr::FALSE
    }

    fn bin_node(&mut self, op: BinOp, a: Expr, b: Expr, width: u32) -> Expr {
        self.intern(Node {
            op: Op::Bin(op, a, b),
            width: width as u8,
        })
    }

    fn same_width(&self, a: Expr, b: Expr) -> u32 {
        let (wa, wb) = (self.width(a), self.width(b));
        assert_eq!(wa, wb, "operand widths differ");
        wa
    }

    fn is_const_val(&self, e: Expr, v: u128) -> bool {
        self.as_const(e) == Some(v)
    }

    /// Puts a commutative operator's operands in canonical order: a constant first, otherwise
    /// the older node first.
    fn canonical(&self, a: Expr, b: Expr) -> (Expr, Expr) {
        match (self.as_const(a).is_some(), self.as_const(b).is_some()) {
            (false, true) => (b, a),
            (true, false) => (a, b),
            _ if b < a => (b, a),
            _ => (a, b),
        }
    }

    /// If `e` is `c op x` with `c` constant, `(c, x)`.
    fn const_operand(&self, op: BinOp, e: Expr) -> Option<(u128, Expr)> {
        match self.op(e) {
            Op::Bin(o, c, x) if o == op => self.as_const(c).map(|c| (c, x)),
            _ => None,
        }
    }

    /// Whether `a` is `not b` or `b` is `not a`.
    fn complementary(&self, a: Expr, b: Expr) -> bool {
        self.op(a) == Op::Not(b) || self.op(b) == Op::Not(a)
    }

    // ---- arithmetic ---------------------------------------------------------------------

    /// Wrap-around addition.
    pub fn add(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        let (a, b) = self.canonical(a, b);
        if let Some(ca) = self.as_const(a) {
            if let Some(cb) = self.as_const(b) {
                return self.constant(w, ops::binary(BinOp::Add, w, ca, cb));
            }
            if ca == 0 {
                return b;
            }
            if let Some((c2, x)) = self.const_operand(BinOp::Add, b) {
                let c = self.constant(w, ca.wrapping_add(c2));
                return self.add(c, x);
            }
        }
        self.bin_node(BinOp::Add, a, b, w)
    }

    /// Wrap-around subtraction. `x - c` becomes `(-c) + x`.
    pub fn sub(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        if a == b {
            return self.constant(w, 0);
        }
        match (self.as_const(a), self.as_const(b)) {
            (Some(ca), Some(cb)) => self.constant(w, ops::binary(BinOp::Sub, w, ca, cb)),
            (_, Some(cb)) => {
                let c = self.constant(w, cb.wrapping_neg());
                self.add(c, a)
            }
            _ => self.bin_node(BinOp::Sub, a, b, w),
        }
    }

    /// Two's-complement negation, `0 - a`.
    pub fn neg(&mut self, a: Expr) -> Expr {
        let z = self.constant(self.width(a), 0);
        self.sub(z, a)
    }

    /// Wrap-around multiplication.
    pub fn mul(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        let (a, b) = self.canonical(a, b);
        if let Some(ca) = self.as_const(a) {
            if let Some(cb) = self.as_const(b) {
                return self.constant(w, ops::binary(BinOp::Mul, w, ca, cb));
            }
            if ca == 0 {
                return a;
            }
            if ca == 1 {
                return b;
            }
            if let Some((c2, x)) = self.const_operand(BinOp::Mul, b) {
                let c = self.constant(w, ca.wrapping_mul(c2));
                return self.mul(c, x);
            }
        }
        self.bin_node(BinOp::Mul, a, b, w)
    }

    fn division(&mut self, op: BinOp, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        if let (Some(ca), Some(cb)) = (self.as_const(a), self.as_const(b)) {
            return self.constant(w, ops::binary(op, w, ca, cb));
        }
        let one = self.is_const_val(b, 1);
        let minus_one = self.is_const_val(b, mask(w));
        match op {
            BinOp::UDiv | BinOp::SDiv if one => return a,
            BinOp::URem | BinOp::SRem if one => return self.constant(w, 0),
            BinOp::SRem if minus_one => return self.constant(w, 0),
            // x % x is 0 for x != 0, and x % 0 = x = 0.
            BinOp::URem | BinOp::SRem if a == b => return self.constant(w, 0),
            _ => {}
        }
        self.bin_node(op, a, b, w)
    }

    /// Unsigned division (`udiv x 0` is all ones: the caller checks for zero).
    pub fn udiv(&mut self, a: Expr, b: Expr) -> Expr {
        self.division(BinOp::UDiv, a, b)
    }

    /// Signed division truncating towards zero (see [`crate::ops`] for 0 and overflow).
    pub fn sdiv(&mut self, a: Expr, b: Expr) -> Expr {
        self.division(BinOp::SDiv, a, b)
    }

    /// Unsigned remainder (`urem x 0` is `x`).
    pub fn urem(&mut self, a: Expr, b: Expr) -> Expr {
        self.division(BinOp::URem, a, b)
    }

    /// Signed remainder, with the dividend's sign (`srem x 0` is `x`).
    pub fn srem(&mut self, a: Expr, b: Expr) -> Expr {
        self.division(BinOp::SRem, a, b)
    }

    // ---- bitwise ------------------------------------------------------------------------

    /// Bitwise and (boolean and on width 1).
    pub fn and(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        let (a, b) = self.canonical(a, b);
        let m = mask(w);
        if a == b {
            return a;
        }
        if self.complementary(a, b) {
            return self.constant(w, 0);
        }
        if let Some(ca) = self.as_const(a) {
            if let Some(cb) = self.as_const(b) {
                return self.constant(w, ca & cb);
            }
            if ca == 0 {
                return a;
            }
            if ca == m {
                return b;
            }
            if let Some((c2, x)) = self.const_operand(BinOp::And, b) {
                let c = self.constant(w, ca & c2);
                return self.and(c, x);
            }
        }
        self.bin_node(BinOp::And, a, b, w)
    }

    /// Bitwise or (boolean or on width 1).
    pub fn or(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        let (a, b) = self.canonical(a, b);
        let m = mask(w);
        if a == b {
            return a;
        }
        if self.complementary(a, b) {
            return self.constant(w, m);
        }
        if let Some(ca) = self.as_const(a) {
            if let Some(cb) = self.as_const(b) {
                return self.constant(w, ca | cb);
            }
            if ca == 0 {
                return b;
            }
            if ca == m {
                return a;
            }
            if let Some((c2, x)) = self.const_operand(BinOp::Or, b) {
                let c = self.constant(w, ca | c2);
                return self.or(c, x);
            }
        }
        self.bin_node(BinOp::Or, a, b, w)
    }

    /// Bitwise exclusive or (boolean xor on width 1).
    pub fn xor(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        let (a, b) = self.canonical(a, b);
        let m = mask(w);
        if a == b {
            return self.constant(w, 0);
        }
        if self.complementary(a, b) {
            return self.constant(w, m);
        }
        if let Some(ca) = self.as_const(a) {
            if let Some(cb) = self.as_const(b) {
                return self.constant(w, ca ^ cb);
            }
            if ca == 0 {
                return b;
            }
            if ca == m {
                return self.not(b);
            }
            if let Some((c2, x)) = self.const_operand(BinOp::Xor, b) {
                let c = self.constant(w, ca ^ c2);
                return self.xor(c, x);
            }
        }
        self.bin_node(BinOp::Xor, a, b, w)
    }

    /// Bitwise complement (boolean not on width 1).
    pub fn not(&mut self, a: Expr) -> Expr {
        let w = self.width(a);
        match self.op(a) {
            Op::Const(c) => self.constant(w, !c),
            Op::Not(x) => x,
            _ => self.intern(Node {
                op: Op::Not(a),
                width: w as u8,
            }),
        }
    }

    fn shift(&mut self, op: BinOp, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        if let (Some(ca), Some(cb)) = (self.as_const(a), self.as_const(b)) {
            return self.constant(w, ops::binary(op, w, ca, cb));
        }
        if self.is_const_val(b, 0) || self.is_const_val(a, 0) {
            return a;
        }
        if let Some(cb) = self.as_const(b) {
            if cb >= w as u128 {
                return match op {
                    BinOp::AShr => {
                        let top = self.constant(w, w as u128 - 1);
                        self.shift(op, a, top)
                    }
                    _ => self.constant(w, 0),
                };
            }
        }
        self.bin_node(op, a, b, w)
    }

    /// Shift left; by `width` or more gives 0 (LLVM: poison, the caller checks).
    pub fn shl(&mut self, a: Expr, b: Expr) -> Expr {
        self.shift(BinOp::Shl, a, b)
    }

    /// Logical shift right; by `width` or more gives 0.
    pub fn lshr(&mut self, a: Expr, b: Expr) -> Expr {
        self.shift(BinOp::LShr, a, b)
    }

    /// Arithmetic shift right; by `width` or more gives copies of the sign bit.
    pub fn ashr(&mut self, a: Expr, b: Expr) -> Expr {
        self.shift(BinOp::AShr, a, b)
    }

    // ---- widths -------------------------------------------------------------------------

    /// `hi` above `lo`: the result has width `width(hi) + width(lo)` (at most 128).
    pub fn concat(&mut self, hi: Expr, lo: Expr) -> Expr {
        let (wh, wl) = (self.width(hi), self.width(lo));
        let w = wh + wl;
        check_width(w);
        if let (Some(ch), Some(cl)) = (self.as_const(hi), self.as_const(lo)) {
            return self.constant(w, ops::binary(BinOp::Concat, wl, ch, cl));
        }
        if self.is_const_val(hi, 0) {
            return self.zext(lo, w);
        }
        // concat(x[h..m], x[m-1..l]) = x[h..l]
        if let (Op::Extract(x, lh), Op::Extract(y, ll)) = (self.op(hi), self.op(lo)) {
            if x == y && ll as u32 + wl == lh as u32 {
                return self.extract(x, lh as u32 + wh - 1, ll as u32);
            }
        }
        self.bin_node(BinOp::Concat, hi, lo, w)
    }

    /// Bits `hi..=lo` of `e` (`hi >= lo`, `hi < width(e)`).
    pub fn extract(&mut self, e: Expr, hi: u32, lo: u32) -> Expr {
        let we = self.width(e);
        assert!(
            lo <= hi && hi < we,
            "extract {hi}..{lo} out of a {we}-bit value"
        );
        let w = hi - lo + 1;
        if w == we {
            return e;
        }
        match self.op(e) {
            Op::Const(c) => return self.constant(w, ops::extract(c, lo, w)),
            Op::Extract(x, l2) => return self.extract(x, hi + l2 as u32, lo + l2 as u32),
            Op::Bin(BinOp::Concat, a, b) => {
                let wb = self.width(b);
                if hi < wb {
                    return self.extract(b, hi, lo);
                }
                if lo >= wb {
                    return self.extract(a, hi - wb, lo - wb);
                }
                let h = self.extract(a, hi - wb, 0);
                let l = self.extract(b, wb - 1, lo);
                return self.concat(h, l);
            }
            Op::ZExt(x) => {
                let wx = self.width(x);
                if hi < wx {
                    return self.extract(x, hi, lo);
                }
                if lo >= wx {
                    return self.constant(w, 0);
                }
                let part = self.extract(x, wx - 1, lo);
                return self.zext(part, w);
            }
            Op::SExt(x) => {
                let wx = self.width(x);
                if hi < wx {
                    return self.extract(x, hi, lo);
                }
                // Bits at or above `wx` are copies of x's sign bit.
                let part = self.extract(x, wx - 1, lo.min(wx - 1));
                return self.sext(part, w);
            }
            _ => {}
        }
        self.intern(Node {
            op: Op::Extract(e, lo as u8),
            width: w as u8,
        })
    }

    /// The low `width` bits of `e` (`width <= width(e)`).
    pub fn trunc(&mut self, e: Expr, width: u32) -> Expr {
        check_width(width);
        self.extract(e, width - 1, 0)
    }

    /// Zero extension of `e` to `width` bits (`width >= width(e)`).
    pub fn zext(&mut self, e: Expr, width: u32) -> Expr {
        check_width(width);
        let we = self.width(e);
        assert!(width >= we, "zext to a narrower width");
        if width == we {
            return e;
        }
        match self.op(e) {
            Op::Const(c) => self.constant(width, c),
            Op::ZExt(x) => self.zext(x, width),
            _ => self.intern(Node {
                op: Op::ZExt(e),
                width: width as u8,
            }),
        }
    }

    /// Sign extension of `e` to `width` bits (`width >= width(e)`).
    pub fn sext(&mut self, e: Expr, width: u32) -> Expr {
        check_width(width);
        let we = self.width(e);
        assert!(width >= we, "sext to a narrower width");
        if width == we {
            return e;
        }
        match self.op(e) {
            Op::Const(c) => self.constant(width, ops::sext(c, we, width)),
            Op::SExt(x) => self.sext(x, width),
            // A zero-extended value has a 0 sign bit.
            Op::ZExt(x) => self.zext(x, width),
            _ => self.intern(Node {
                op: Op::SExt(e),
                width: width as u8,
            }),
        }
    }

    // ---- comparisons --------------------------------------------------------------------

    /// Equality (width 1).
    pub fn eq(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        if a == b {
            return self.tru();
        }
        let (a, b) = self.canonical(a, b);
        let Some(c) = self.as_const(a) else {
            if self.complementary(a, b) {
                return self.fals();
            }
            return self.bin_node(BinOp::Eq, a, b, 1);
        };
        if let Some(cb) = self.as_const(b) {
            return self.bool_const(c == cb);
        }
        if w == 1 {
            return if c == 1 { b } else { self.not(b) };
        }
        match self.op(b) {
            Op::Bin(BinOp::Add, k, x) if self.as_const(k).is_some() => {
                let k = self.as_const(k).unwrap();
                let c = self.constant(w, c.wrapping_sub(k));
                self.eq(c, x)
            }
            Op::Bin(BinOp::Xor, k, x) if self.as_const(k).is_some() => {
                let k = self.as_const(k).unwrap();
                let c = self.constant(w, c ^ k);
                self.eq(c, x)
            }
            Op::Not(x) => {
                let c = self.constant(w, !c);
                self.eq(c, x)
            }
            Op::ZExt(x) => {
                let wx = self.width(x);
                if c >> wx != 0 {
                    self.fals()
                } else {
                    let c = self.constant(wx, c);
                    self.eq(c, x)
                }
            }
            Op::SExt(x) => {
                let wx = self.width(x);
                if ops::sext(c & mask(wx), wx, w) != c {
                    self.fals()
                } else {
                    let c = self.constant(wx, c);
                    self.eq(c, x)
                }
            }
            Op::Bin(BinOp::Concat, h, l) => {
                let wl = self.width(l);
                let ch = self.constant(w - wl, c >> wl);
                let cl = self.constant(wl, c);
                let eh = self.eq(ch, h);
                let el = self.eq(cl, l);
                self.and(eh, el)
            }
            _ => self.bin_node(BinOp::Eq, a, b, 1),
        }
    }

    /// Disequality, `not (a == b)`.
    pub fn ne(&mut self, a: Expr, b: Expr) -> Expr {
        let e = self.eq(a, b);
        self.not(e)
    }

    /// Unsigned `a < b`.
    pub fn ult(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        if a == b {
            return self.fals();
        }
        match (self.as_const(a), self.as_const(b)) {
            (Some(ca), Some(cb)) => self.bool_const(ca < cb),
            (_, Some(0)) => self.fals(),
            (Some(ca), _) if ca == mask(w) => self.fals(),
            (_, Some(1)) => {
                let z = self.constant(w, 0);
                self.eq(z, a)
            }
            (Some(0), _) => {
                let z = self.constant(w, 0);
                self.ne(z, b)
            }
            _ => self.bin_node(BinOp::Ult, a, b, 1),
        }
    }

    /// Unsigned `a <= b`.
    pub fn ule(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        if a == b {
            return self.tru();
        }
        match (self.as_const(a), self.as_const(b)) {
            (Some(ca), Some(cb)) => self.bool_const(ca <= cb),
            (Some(0), _) => self.tru(),
            (_, Some(cb)) if cb == mask(w) => self.tru(),
            (_, Some(0)) => {
                let z = self.constant(w, 0);
                self.eq(z, a)
            }
            _ => self.bin_node(BinOp::Ule, a, b, 1),
        }
    }

    /// Signed `a < b`.
    pub fn slt(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        if a == b {
            return self.fals();
        }
        match (self.as_const(a), self.as_const(b)) {
            (Some(ca), Some(cb)) => self.bool_const(ops::to_signed(ca, w) < ops::to_signed(cb, w)),
            (_, Some(cb)) if cb == ops::signed_min(w) => self.fals(),
            (Some(ca), _) if ca == ops::signed_max(w) => self.fals(),
            _ => self.bin_node(BinOp::Slt, a, b, 1),
        }
    }

    /// Signed `a <= b`.
    pub fn sle(&mut self, a: Expr, b: Expr) -> Expr {
        let w = self.same_width(a, b);
        if a == b {
            return self.tru();
        }
        match (self.as_const(a), self.as_const(b)) {
            (Some(ca), Some(cb)) => self.bool_const(ops::to_signed(ca, w) <= ops::to_signed(cb, w)),
            (Some(ca), _) if ca == ops::signed_min(w) => self.tru(),
            (_, Some(cb)) if cb == ops::signed_max(w) => self.tru(),
            _ => self.bin_node(BinOp::Sle, a, b, 1),
        }
    }

    /// Unsigned `a > b`, as `b < a`.
    pub fn ugt(&mut self, a: Expr, b: Expr) -> Expr {
        self.ult(b, a)
    }

    /// Unsigned `a >= b`, as `b <= a`.
    pub fn uge(&mut self, a: Expr, b: Expr) -> Expr {
        self.ule(b, a)
    }

    /// Signed `a > b`, as `b < a`.
    pub fn sgt(&mut self, a: Expr, b: Expr) -> Expr {
        self.slt(b, a)
    }

    /// Signed `a >= b`, as `b <= a`.
    pub fn sge(&mut self, a: Expr, b: Expr) -> Expr {
        self.sle(b, a)
    }

    // ---- choice and booleans ------------------------------------------------------------

    /// `if c then t else e`; `c` has width 1, `t` and `e` the same width.
    pub fn ite(&mut self, c: Expr, t: Expr, e: Expr) -> Expr {
        assert_eq!(self.width(c), 1, "ite condition must have width 1");
        let w = self.same_width(t, e);
        if let Some(b) = self.as_bool(c) {
            return if b { t } else { e };
        }
        if t == e {
            return t;
        }
        if let Op::Not(c2) = self.op(c) {
            return self.ite(c2, e, t);
        }
        if w == 1 {
            match (self.as_const(t), self.as_const(e)) {
                (Some(1), Some(0)) => return c,
                (Some(0), Some(1)) => return self.not(c),
                (Some(1), _) => return self.or(c, e),
                (Some(0), _) => {
                    let nc = self.not(c);
                    return self.and(nc, e);
                }
                (_, Some(0)) => return self.and(c, t),
                (_, Some(1)) => {
                    let nc = self.not(c);
                    return self.or(nc, t);
                }
                _ => {}
            }
        }
        self.intern(Node {
            op: Op::Ite(c, t, e),
            width: w as u8,
        })
    }

    fn check_bool(&self, a: Expr) {
        assert_eq!(self.width(a), 1, "boolean operand must have width 1");
    }

    /// Boolean and of width-1 operands.
    pub fn bool_and(&mut self, a: Expr, b: Expr) -> Expr {
        self.check_bool(a);
        self.and(a, b)
    }

    /// Boolean or of width-1 operands.
    pub fn bool_or(&mut self, a: Expr, b: Expr) -> Expr {
        self.check_bool(a);
        self.or(a, b)
    }

    /// Boolean not of a width-1 operand.
    pub fn bool_not(&mut self, a: Expr) -> Expr {
        self.check_bool(a);
        self.not(a)
    }

    /// `a implies b`, as `(not a) or b`.
    pub fn implies(&mut self, a: Expr, b: Expr) -> Expr {
        self.check_bool(a);
        let na = self.not(a);
        self.or(na, b)
    }

    /// The conjunction of `es` (`true` if empty).
    pub fn all(&mut self, es: &[Expr]) -> Expr {
        let mut acc = self.tru();
        for &e in es {
            acc = self.bool_and(acc, e);
        }
        acc
    }

    /// `e` with each variable of `map` replaced by its image (of the same width), simplified
    /// again on the way up: substituting constants folds whatever becomes constant. This is
    /// what KLEE's constraint manager does with an equality `x == c` it adds to a path; the
    /// caller decides when (the solver does not rewrite path constraints itself).
    pub fn substitute(&mut self, e: Expr, map: &rustc_hash::FxHashMap<Var, Expr>) -> Expr {
        let mut done: rustc_hash::FxHashMap<Expr, Expr> = rustc_hash::FxHashMap::default();
        for n in self.cone(&[e]) {
            let node = *self.node(n);
            let get = |x: Expr| done[&x];
            let new = match node.op {
                Op::Const(_) => n,
                Op::Var(v) => match map.get(&v) {
                    Some(&img) => {
                        assert_eq!(self.width(img), node.width as u32, "substitution width");
                        img
                    }
                    None => n,
                },
                Op::Not(x) => self.not(get(x)),
                Op::Bin(op, a, b) => self.binary(op, get(a), get(b)),
                Op::Ite(c, a, b) => self.ite(get(c), get(a), get(b)),
                Op::Extract(x, lo) => {
                    let lo = lo as u32;
                    self.extract(get(x), lo + node.width as u32 - 1, lo)
                }
                Op::ZExt(x) => self.zext(get(x), node.width as u32),
                Op::SExt(x) => self.sext(get(x), node.width as u32),
            };
            done.insert(n, new);
        }
        done[&e]
    }

    /// `a op b` through the simplifying constructor of `op`.
    pub fn binary(&mut self, op: BinOp, a: Expr, b: Expr) -> Expr {
        match op {
            BinOp::Add => self.add(a, b),
            BinOp::Sub => self.sub(a, b),
            BinOp::Mul => self.mul(a, b),
            BinOp::UDiv => self.udiv(a, b),
            BinOp::SDiv => self.sdiv(a, b),
            BinOp::URem => self.urem(a, b),
            BinOp::SRem => self.srem(a, b),
            BinOp::And => self.and(a, b),
            BinOp::Or => self.or(a, b),
            BinOp::Xor => self.xor(a, b),
            BinOp::Shl => self.shl(a, b),
            BinOp::LShr => self.lshr(a, b),
            BinOp::AShr => self.ashr(a, b),
            BinOp::Concat => self.concat(a, b),
            BinOp::Eq => self.eq(a, b),
            BinOp::Ult => self.ult(a, b),
            BinOp::Ule => self.ule(a, b),
            BinOp::Slt => self.slt(a, b),
            BinOp::Sle => self.sle(a, b),
        }
    }

    /// `e != 0`, as a width-1 value (C's conversion of an integer to a condition).
    pub fn is_nonzero(&mut self, e: Expr) -> Expr {
        let z = self.constant(self.width(e), 0);
        self.ne(z, e)
    }
}

#[cfg(test)]
#[path = "builder_tests.rs"]
pub(crate) mod tests;
