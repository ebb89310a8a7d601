//! Tests of the simplifying constructors: one per rule, then a random property test against
//! an independent reference semantics.

use crate::eval::Assignment;
use crate::expr::{BinOp, Expr, Op, Smt};
use crate::ops::mask;

fn pool() -> (Smt, Expr, Expr, Expr) {
    let mut s = Smt::new();
    let x = s.var(8, "x", "x = nondet() at t.c:1");
    let y = s.var(8, "y", "y = nondet() at t.c:2");
    let b = s.var(1, "b", "b = nondet() at t.c:3");
    (s, x, y, b)
}

#[test]
fn hash_consing_gives_the_same_handle() {
    let (mut s, x, y, _) = pool();
    let a = s.add(x, y);
    let n = s.len();
    assert_eq!(s.add(x, y), a);
    assert_eq!(s.len(), n);
    let x2 = s.var(8, "x", "");
    assert_ne!(x2, x, "every var call is a fresh variable");
    assert_eq!(
        s.var_info(s.as_var(x).unwrap()).origin,
        "x = nondet() at t.c:1"
    );
}

#[test]
fn fingerprints_do_not_depend_on_build_order() {
    let mut a = Smt::new();
    let mut b = Smt::new();
    // `b` builds other nodes and the variables in the other order first.
    let junk = b.var(16, "junk", "elsewhere");
    let one = b.constant(16, 1);
    b.add(one, junk);
    let yb = b.var(8, "y", "t.c:2");
    let xb = b.var(8, "x", "t.c:1");
    let xa = a.var(8, "x", "t.c:1");
    let ya = a.var(8, "y", "t.c:2");
    let ta = {
        let s = a.add(xa, ya);
        let c = a.constant(8, 3);
        let m = a.mul(c, s);
        a.ult(m, xa)
    };
    let tb = {
        let s = b.add(yb, xb);
        let c = b.constant(8, 3);
        let m = b.mul(c, s);
        b.ult(m, xb)
    };
    assert_ne!(ta.index(), tb.index());
    assert_eq!(a.fingerprint(ta), b.fingerprint(tb));
    let other = b.ult(xb, yb);
    assert_ne!(b.fingerprint(other), b.fingerprint(tb));
    let x2 = a.var(8, "x", "t.c:9");
    assert_ne!(a.fingerprint(x2), a.fingerprint(xa), "origin counts");
}

#[test]
fn display_is_smtlib_like() {
    let (mut s, x, y, _) = pool();
    let c = s.constant(8, 3);
    let a = s.add(c, x);
    let e = s.ult(a, y);
    assert_eq!(s.display(e).to_string(), "(bvult (bvadd 3:8 x) y)");
}

#[test]
fn constant_folding() {
    let mut s = Smt::new();
    let c = |s: &mut Smt, v| s.constant(8, v);
    let (a, b) = (c(&mut s, 200), c(&mut s, 100));
    let (c0, c1, c3) = (c(&mut s, 0), c(&mut s, 1), c(&mut s, 3));
    let cases: Vec<(Expr, u128)> = vec![
        (s.add(a, b), 44),
        (s.sub(b, a), 156),
        (s.mul(a, b), (200 * 100) & 0xff),
        (s.udiv(a, b), 2),
        (s.sdiv(a, b), 0), // -56 / 100
        (s.urem(a, b), 0),
        (s.srem(a, b), 200), // -56 % 100 = -56
        (s.and(a, b), 200 & 100),
        (s.or(a, b), 200 | 100),
        (s.xor(a, b), 200 ^ 100),
        (s.not(a), 55),
        (s.neg(b), 156),
        (s.shl(b, c1), 200),
        (s.lshr(a, c3), 25),
        (s.ashr(a, c3), 0xf9),
        (s.eq(a, b), 0),
        (s.ne(a, b), 1),
        (s.ult(a, b), 0),
        (s.ule(b, a), 1),
        (s.slt(a, b), 1),
        (s.sle(b, a), 0),
        (s.ugt(a, b), 1),
        (s.uge(a, b), 1),
        (s.sgt(a, b), 0),
        (s.sge(b, a), 1),
        (s.concat(a, b), (200 << 8) | 100),
        (s.extract(a, 6, 3), (200 >> 3) & 0xf),
        (s.zext(a, 16), 200),
        (s.sext(a, 16), 0xffc8),
        (s.trunc(a, 4), 8),
        (s.udiv(a, c0), 0xff),
        (s.urem(a, c0), 200),
    ];
    for (i, (e, v)) in cases.into_iter().enumerate() {
        assert_eq!(s.as_const(e), Some(v), "case {i}: {}", s.display(e));
    }
    let t = s.tru();
    let f = s.fals();
    let ite = s.ite(t, a, b);
    assert_eq!(ite, a);
    assert_eq!(s.ite(f, a, b), b);
    assert_eq!(s.bool_and(t, f), f);
    assert_eq!(s.bool_or(t, f), t);
    assert_eq!(s.implies(f, f), t);
    assert_eq!(s.implies(t, f), f);
    let wide = s.constant(128, u128::MAX);
    let one = s.constant(128, 1);
    let sum = s.add(wide, one);
    assert_eq!(s.as_const(sum), Some(0));
}

#[test]
fn arithmetic_identities() {
    let (mut s, x, y, _) = pool();
    let zero = s.constant(8, 0);
    let one = s.constant(8, 1);
    assert_eq!(s.add(x, zero), x);
    assert_eq!(s.add(zero, x), x);
    assert_eq!(s.sub(x, zero), x);
    assert_eq!(s.sub(x, x), zero);
    assert_eq!(s.mul(x, one), x);
    assert_eq!(s.mul(x, zero), zero);
    assert_eq!(s.udiv(x, one), x);
    assert_eq!(s.sdiv(x, one), x);
    assert_eq!(s.urem(x, one), zero);
    assert_eq!(s.srem(x, one), zero);
    let m1 = s.constant(8, 0xff);
    assert_eq!(s.srem(x, m1), zero);
    assert_eq!(s.urem(x, x), zero);
    assert_eq!(s.srem(y, y), zero);
    // x - 3 is (-3) + x; constants gather: 2 + (3 + x) = 5 + x.
    let three = s.constant(8, 3);
    let two = s.constant(8, 2);
    let d = s.sub(x, three);
    let minus3 = s.constant(8, 0xfd);
    assert_eq!(d, s.add(minus3, x));
    let a = s.add(three, x);
    let b = s.add(two, a);
    let five = s.constant(8, 5);
    assert_eq!(b, s.add(five, x));
    let m = s.mul(three, x);
    let m2 = s.mul(two, m);
    let six = s.constant(8, 6);
    assert_eq!(m2, s.mul(six, x));
    // (x - 3) + 3 = x
    assert_eq!(s.add(d, three), x);
}

#[test]
fn commutative_operands_are_ordered() {
    let (mut s, x, y, _) = pool();
    let c = s.constant(8, 7);
    for op in [Smt::add, Smt::mul, Smt::and, Smt::or, Smt::xor, Smt::eq] {
        assert_eq!(op(&mut s, x, y), op(&mut s, y, x));
        let e = op(&mut s, x, c);
        assert_eq!(e, op(&mut s, c, x));
        if let Op::Bin(_, a, _) = s.op(e) {
            assert_eq!(a, c, "constant first");
        }
    }
}

#[test]
fn bitwise_identities() {
    let (mut s, x, _, b) = pool();
    let zero = s.constant(8, 0);
    let ones = s.constant(8, 0xff);
    let nx = s.not(x);
    assert_eq!(s.and(x, zero), zero);
    assert_eq!(s.and(x, ones), x);
    assert_eq!(s.and(x, x), x);
    assert_eq!(s.and(x, nx), zero);
    assert_eq!(s.or(x, zero), x);
    assert_eq!(s.or(x, ones), ones);
    assert_eq!(s.or(x, x), x);
    assert_eq!(s.or(nx, x), ones);
    assert_eq!(s.xor(x, zero), x);
    assert_eq!(s.xor(x, x), zero);
    assert_eq!(s.xor(x, ones), nx);
    assert_eq!(s.xor(x, nx), ones);
    assert_eq!(s.not(nx), x);
    let c1 = s.constant(8, 0x0f);
    let c2 = s.constant(8, 0x3c);
    let i = s.and(c1, x);
    let c12 = s.constant(8, 0x0c);
    assert_eq!(s.and(c2, i), s.and(c12, x));
    let t = s.tru();
    let f = s.fals();
    assert_eq!(s.bool_and(b, t), b);
    assert_eq!(s.bool_and(b, f), f);
    assert_eq!(s.bool_or(b, f), b);
    assert_eq!(s.bool_or(b, t), t);
    let nb = s.bool_not(b);
    assert_eq!(s.bool_not(nb), b);
    assert_eq!(s.implies(b, b), t);
}

#[test]
fn shift_rules() {
    let (mut s, x, y, _) = pool();
    let zero = s.constant(8, 0);
    let eight = s.constant(8, 8);
    let nine = s.constant(8, 9);
    let seven = s.constant(8, 7);
    assert_eq!(s.shl(x, zero), x);
    assert_eq!(s.lshr(x, zero), x);
    assert_eq!(s.ashr(x, zero), x);
    assert_eq!(s.shl(zero, y), zero);
    assert_eq!(s.ashr(zero, y), zero);
    assert_eq!(s.shl(x, eight), zero);
    assert_eq!(s.lshr(x, nine), zero);
    assert_eq!(s.ashr(x, nine), s.ashr(x, seven));
}

#[test]
fn width_rules() {
    let (mut s, x, y, _) = pool();
    // zext/sext to the same width, double extension
    assert_eq!(s.zext(x, 8), x);
    assert_eq!(s.sext(x, 8), x);
    let z16 = s.zext(x, 16);
    assert_eq!(s.zext(z16, 32), s.zext(x, 32));
    let s16 = s.sext(x, 16);
    assert_eq!(s.sext(s16, 32), s.sext(x, 32));
    assert_eq!(s.sext(z16, 32), s.zext(x, 32));
    // trunc of an extension back to the original width
    assert_eq!(s.trunc(z16, 8), x);
    assert_eq!(s.trunc(s16, 8), x);
    assert_eq!(s.extract(z16, 15, 8), s.constant(8, 0));
    assert_eq!(s.trunc(x, 8), x);
    // extract of extract
    let e = s.extract(z16, 6, 1);
    let e2 = s.extract(e, 3, 2);
    assert_eq!(e2, s.extract(x, 4, 3));
    // extract of concat
    let c = s.concat(x, y);
    assert_eq!(s.extract(c, 7, 0), y);
    assert_eq!(s.extract(c, 15, 8), x);
    assert_eq!(s.extract(c, 10, 9), s.extract(x, 2, 1));
    let mid = s.extract(c, 11, 4);
    let xl = s.extract(x, 3, 0);
    let yh = s.extract(y, 7, 4);
    assert_eq!(mid, s.concat(xl, yh));
    // concat of adjacent extracts, concat with a zero high part
    let hi = s.extract(x, 7, 4);
    let lo = s.extract(x, 3, 0);
    assert_eq!(s.concat(hi, lo), x);
    let z = s.constant(8, 0);
    assert_eq!(s.concat(z, x), z16);
}

#[test]
fn comparison_rules() {
    let (mut s, x, y, b) = pool();
    let t = s.tru();
    let f = s.fals();
    assert_eq!(s.eq(x, x), t);
    assert_eq!(s.ne(x, x), f);
    assert_eq!(s.ult(x, x), f);
    assert_eq!(s.ule(x, x), t);
    assert_eq!(s.slt(x, x), f);
    assert_eq!(s.sle(x, x), t);
    let zero = s.constant(8, 0);
    let one = s.constant(8, 1);
    let max = s.constant(8, 0xff);
    let smin = s.constant(8, 0x80);
    let smax = s.constant(8, 0x7f);
    assert_eq!(s.ult(x, zero), f);
    assert_eq!(s.ult(max, x), f);
    assert_eq!(s.ule(zero, x), t);
    assert_eq!(s.ule(x, max), t);
    assert_eq!(s.ult(x, one), s.eq(zero, x));
    assert_eq!(s.ule(x, zero), s.eq(zero, x));
    assert_eq!(s.ult(zero, x), s.ne(zero, x));
    assert_eq!(s.slt(x, smin), f);
    assert_eq!(s.slt(smax, x), f);
    assert_eq!(s.sle(smin, x), t);
    assert_eq!(s.sle(x, smax), t);
    assert_eq!(s.ugt(x, y), s.ult(y, x));
    assert_eq!(s.sge(x, y), s.sle(y, x));
    // booleans compared with constants
    let one1 = s.constant(1, 1);
    let zero1 = s.constant(1, 0);
    assert_eq!(s.eq(b, one1), b);
    assert_eq!(s.eq(zero1, b), s.not(b));
    // equalities with a constant move the constant through invertible operators
    let three = s.constant(8, 3);
    let seven = s.constant(8, 7);
    let four = s.constant(8, 4);
    let sum = s.add(three, x);
    assert_eq!(s.eq(sum, seven), s.eq(four, x));
    let z = s.zext(x, 16);
    let big = s.constant(16, 0x100);
    assert_eq!(s.eq(z, big), f);
    let small = s.constant(16, 7);
    assert_eq!(s.eq(z, small), s.eq(seven, x));
    let sx = s.sext(x, 16);
    let neg = s.constant(16, 0xfff9);
    let neg8 = s.constant(8, 0xf9);
    assert_eq!(s.eq(sx, neg), s.eq(neg8, x));
    let bad = s.constant(16, 0x00f9);
    assert_eq!(s.eq(sx, bad), f);
    let nx = s.not(x);
    assert_eq!(s.eq(nx, x), f);
}

#[test]
fn ite_rules() {
    let (mut s, x, y, b) = pool();
    let c = s.var(1, "c", "");
    let t = s.tru();
    let f = s.fals();
    assert_eq!(s.ite(t, x, y), x);
    assert_eq!(s.ite(f, x, y), y);
    assert_eq!(s.ite(b, x, x), x);
    let nb = s.not(b);
    assert_eq!(s.ite(nb, x, y), s.ite(b, y, x));
    assert_eq!(s.ite(b, t, f), b);
    assert_eq!(s.ite(b, f, t), nb);
    assert_eq!(s.ite(b, t, c), s.or(b, c));
    assert_eq!(s.ite(b, c, f), s.and(b, c));
}

#[test]
fn booleans_are_width_one() {
    let (mut s, x, y, _) = pool();
    let lt = s.ult(x, y);
    assert_eq!(s.width(lt), 1);
    let z = s.zext(lt, 32);
    assert_eq!(s.width(z), 32);
    let nz = s.is_nonzero(x);
    assert_eq!(s.width(nz), 1);
}

#[test]
#[should_panic(expected = "widths differ")]
fn mismatched_widths_panic() {
    let (mut s, x, _, b) = pool();
    s.add(x, b);
}

#[test]
fn eval_of_deep_chains_does_not_recurse() {
    let mut s = Smt::new();
    let x = s.var(32, "x", "");
    let mut e = x;
    for i in 0..50_000u128 {
        let c = s.constant(32, i);
        let m = s.xor(e, c);
        e = s.mul(m, x);
    }
    let mut a = Assignment::new();
    a.set(&s, s.as_var(x).unwrap(), 3);
    let mut want: u128 = 3;
    for i in 0..50_000u128 {
        want = ((want ^ i) * 3) & 0xffff_ffff;
    }
    assert_eq!(s.eval(e, &a), want);
}

// ---- random property test ---------------------------------------------------------------

/// A small xorshift generator, so that the test needs no crate and is reproducible.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub(crate) fn wide(&mut self) -> u128 {
        ((self.next() as u128) << 64) | self.next() as u128
    }
    /// A value of `w` bits, often a corner case.
    pub(crate) fn value(&mut self, w: u32) -> u128 {
        let m = mask(w);
        match self.below(8) {
            0 => 0,
            1 => 1,
            2 => m,
            3 => 1 << (w - 1),
            4 => m >> 1,
            5 => self.below(w as u64 + 2) as u128,
            _ => self.wide() & m,
        }
    }
}

/// An unsimplified term, evaluated directly by [`reference`].
#[derive(Clone, Debug)]
pub(crate) enum Term {
    Var(usize, u32),
    Const(u128, u32),
    Bin(&'static str, Box<Term>, Box<Term>),
    Not(Box<Term>),
    Neg(Box<Term>),
    Ite(Box<Term>, Box<Term>, Box<Term>),
    Extract(Box<Term>, u32, u32),
    ZExt(Box<Term>, u32),
    SExt(Box<Term>, u32),
    Concat(Box<Term>, Box<Term>),
}

const WIDTHS: [u32; 9] = [1, 2, 3, 8, 16, 32, 64, 65, 128];
const ARITH: [&str; 13] = [
    "add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr",
];
const CMP: [&str; 14] = [
    "eq", "ne", "ult", "ule", "slt", "sle", "ugt", "uge", "sgt", "sge", "band", "bor", "implies",
    "bxor",
];

pub(crate) fn width_of(t: &Term) -> u32 {
    match t {
        Term::Var(_, w) | Term::Const(_, w) => *w,
        Term::Bin(op, a, _) => {
            if CMP.contains(op) {
                1
            } else {
                width_of(a)
            }
        }
        Term::Not(a) | Term::Neg(a) => width_of(a),
        Term::Ite(_, a, _) => width_of(a),
        Term::Extract(_, hi, lo) => hi - lo + 1,
        Term::ZExt(_, w) | Term::SExt(_, w) => *w,
        Term::Concat(a, b) => width_of(a) + width_of(b),
    }
}

/// A random term of width `w`; `vars` variables per width (0: none, all constants).
pub(crate) fn gen(r: &mut Rng, w: u32, depth: u32, vars: usize) -> Term {
    if depth == 0 || r.below(5) == 0 {
        return if vars > 0 && r.below(2) == 0 {
            Term::Var(r.below(vars as u64) as usize, w)
        } else {
            Term::Const(r.value(w), w)
        };
    }
    let d = depth - 1;
    let b = Box::new;
    match r.below(9) {
        0..=2 => {
            let op = ARITH[r.below(ARITH.len() as u64) as usize];
            let x = gen(r, w, d, vars);
            let y = match r.below(4) {
                0 => x.clone(),
                1 => Term::Not(b(x.clone())),
                _ if op.ends_with("sh") || op.starts_with("sh") || op == "lshr" => {
                    Term::Const(r.below(w as u64 + 3) as u128, w)
                }
                _ => gen(r, w, d, vars),
            };
            Term::Bin(op, b(x), b(y))
        }
        3 if w == 1 => {
            let op = CMP[r.below(CMP.len() as u64) as usize];
            let wo = if op.starts_with('b') || op == "implies" {
                1
            } else {
                WIDTHS[r.below(WIDTHS.len() as u64) as usize]
            };
            let x = gen(r, wo, d, vars);
            let y = if r.below(5) == 0 {
                x.clone()
            } else {
                gen(r, wo, d, vars)
            };
            Term::Bin(op, b(x), b(y))
        }
        3 | 4 => {
            if r.below(2) == 0 {
                Term::Not(b(gen(r, w, d, vars)))
            } else {
                Term::Neg(b(gen(r, w, d, vars)))
            }
        }
        5 => Term::Ite(
            b(gen(r, 1, d, vars)),
            b(gen(r, w, d, vars)),
            b(gen(r, w, d, vars)),
        ),
        6 => {
            let wider: Vec<u32> = WIDTHS.iter().copied().filter(|&x| x >= w).collect();
            let ws = wider[r.below(wider.len() as u64) as usize];
            let lo = r.below((ws - w + 1) as u64) as u32;
            Term::Extract(b(gen(r, ws, d, vars)), lo + w - 1, lo)
        }
        7 if w > 1 => {
            let from = 1 + r.below(w as u64 - 1) as u32;
            let inner = gen(r, from, d, vars);
            if r.below(2) == 0 {
                Term::ZExt(b(inner), w)
            } else {
                Term::SExt(b(inner), w)
            }
        }
        8 if w > 1 => {
            let wl = 1 + r.below(w as u64 - 1) as u32;
            Term::Concat(b(gen(r, w - wl, d, vars)), b(gen(r, wl, d, vars)))
        }
        _ => gen(r, w, d, vars),
    }
}

/// Builds `t` with the simplifying constructors. `vars[i]` of width `w` is `var(i, w)`.
pub(crate) fn build(
    s: &mut Smt,
    t: &Term,
    var: &mut dyn FnMut(&mut Smt, usize, u32) -> Expr,
) -> Expr {
    match t {
        Term::Var(i, w) => var(s, *i, *w),
        Term::Const(c, w) => s.constant(*w, *c),
        Term::Bin(op, a, b) => {
            let (a, b) = (build(s, a, var), build(s, b, var));
            match *op {
                "add" => s.add(a, b),
                "sub" => s.sub(a, b),
                "mul" => s.mul(a, b),
                "udiv" => s.udiv(a, b),
                "sdiv" => s.sdiv(a, b),
                "urem" => s.urem(a, b),
                "srem" => s.srem(a, b),
                "and" => s.and(a, b),
                "or" => s.or(a, b),
                "xor" => s.xor(a, b),
                "shl" => s.shl(a, b),
                "lshr" => s.lshr(a, b),
                "ashr" => s.ashr(a, b),
                "eq" => s.eq(a, b),
                "ne" => s.ne(a, b),
                "ult" => s.ult(a, b),
                "ule" => s.ule(a, b),
                "slt" => s.slt(a, b),
                "sle" => s.sle(a, b),
                "ugt" => s.ugt(a, b),
                "uge" => s.uge(a, b),
                "sgt" => s.sgt(a, b),
                "sge" => s.sge(a, b),
                "band" => s.bool_and(a, b),
                "bor" => s.bool_or(a, b),
                "bxor" => s.xor(a, b),
                "implies" => s.implies(a, b),
                _ => unreachable!(),
            }
        }
        Term::Not(a) => {
            let a = build(s, a, var);
            s.not(a)
        }
        Term::Neg(a) => {
            let a = build(s, a, var);
            s.neg(a)
        }
        Term::Ite(c, a, b) => {
            let (c, a, b) = (build(s, c, var), build(s, a, var), build(s, b, var));
            s.ite(c, a, b)
        }
        Term::Extract(a, hi, lo) => {
            let a = build(s, a, var);
            s.extract(a, *hi, *lo)
        }
        Term::ZExt(a, w) => {
            let a = build(s, a, var);
            s.zext(a, *w)
        }
        Term::SExt(a, w) => {
            let a = build(s, a, var);
            s.sext(a, *w)
        }
        Term::Concat(a, b) => {
            let (a, b) = (build(s, a, var), build(s, b, var));
            s.concat(a, b)
        }
    }
}

/// The reference semantics, written from the SMT-LIB definitions and independently of
/// [`crate::ops`] (bit loops, sign-magnitude division).
pub(crate) fn reference(t: &Term, val: &dyn Fn(usize, u32) -> u128) -> u128 {
    fn m(w: u32) -> u128 {
        if w == 128 {
            u128::MAX
        } else {
            (1 << w) - 1
        }
    }
    fn msb(v: u128, w: u32) -> bool {
        (v >> (w - 1)) & 1 == 1
    }
    fn neg(v: u128, w: u32) -> u128 {
        (!v).wrapping_add(1) & m(w)
    }
    fn udiv(a: u128, b: u128, w: u32) -> u128 {
        match b {
            0 => m(w),
            _ => a / b,
        }
    }
    fn urem(a: u128, b: u128) -> u128 {
        if b == 0 {
            a
        } else {
            a % b
        }
    }
    fn shl(a: u128, b: u128, w: u32) -> u128 {
        let mut r = 0;
        for i in 0..w {
            // bit i of the result is bit i - b of a
            if (i as u128) >= b && (a >> (i as u128 - b)) & 1 == 1 {
                r |= 1 << i;
            }
        }
        r
    }
    fn shr(a: u128, b: u128, w: u32, arith: bool) -> u128 {
        let mut r = 0;
        for i in 0..w {
            let src = (i as u128).saturating_add(b);
            let bit = if src < w as u128 {
                (a >> src) & 1 == 1
            } else {
                arith && msb(a, w)
            };
            if bit {
                r |= 1 << i;
            }
        }
        r
    }
    fn slt(a: u128, b: u128, w: u32) -> bool {
        let flip = 1u128 << (w - 1);
        (a ^ flip) < (b ^ flip)
    }
    match t {
        Term::Var(i, w) => val(*i, *w) & m(*w),
        Term::Const(c, w) => c & m(*w),
        Term::Not(a) => !reference(a, val) & m(width_of(a)),
        Term::Neg(a) => neg(reference(a, val), width_of(a)),
        Term::Ite(c, a, b) => {
            if reference(c, val) == 1 {
                reference(a, val)
            } else {
                reference(b, val)
            }
        }
        Term::Extract(a, hi, lo) => {
            let v = reference(a, val);
            let mut r = 0;
            for i in *lo..=*hi {
                r |= ((v >> i) & 1) << (i - lo);
            }
            r
        }
        Term::ZExt(a, _) => reference(a, val),
        Term::SExt(a, w) => {
            let wa = width_of(a);
            let v = reference(a, val);
            if msb(v, wa) {
                v | (m(*w) & !m(wa))
            } else {
                v
            }
        }
        Term::Concat(a, b) => (reference(a, val) << width_of(b)) | reference(b, val),
        Term::Bin(op, a, b) => {
            let w = width_of(a);
            let (x, y) = (reference(a, val), reference(b, val));
            let (mx, my) = (msb(x, w), msb(y, w));
            let r: u128 = match *op {
                "add" => x.wrapping_add(y) & m(w),
                "sub" => x.wrapping_add(neg(y, w)) & m(w),
                "mul" => {
                    // shift-and-add
                    let mut r = 0u128;
                    for i in 0..w {
                        if (y >> i) & 1 == 1 {
                            r = r.wrapping_add(x << i) & m(w);
                        }
                    }
                    r
                }
                "udiv" => udiv(x, y, w),
                "urem" => urem(x, y),
                "sdiv" => match (mx, my) {
                    (false, false) => udiv(x, y, w),
                    (true, false) => neg(udiv(neg(x, w), y, w), w),
                    (false, true) => neg(udiv(x, neg(y, w), w), w),
                    (true, true) => udiv(neg(x, w), neg(y, w), w),
                },
                "srem" => match (mx, my) {
                    (false, false) => urem(x, y),
                    (true, false) => neg(urem(neg(x, w), y), w),
                    (false, true) => urem(x, neg(y, w)),
                    (true, true) => neg(urem(neg(x, w), neg(y, w)), w),
                },
                "and" | "band" => x & y,
                "or" | "bor" => x | y,
                "xor" | "bxor" => x ^ y,
                "shl" => shl(x, y, w),
                "lshr" => shr(x, y, w, false),
                "ashr" => shr(x, y, w, true),
                "eq" => (x == y) as u128,
                "ne" => (x != y) as u128,
                "ult" => (x < y) as u128,
                "ule" => (x <= y) as u128,
                "ugt" => (x > y) as u128,
                "uge" => (x >= y) as u128,
                "slt" => slt(x, y, w) as u128,
                "sle" => (!slt(y, x, w)) as u128,
                "sgt" => slt(y, x, w) as u128,
                "sge" => (!slt(x, y, w)) as u128,
                "implies" => (x == 0 || y == 1) as u128,
                _ => unreachable!(),
            };
            r
        }
    }
}

/// Variables `0..n` of every width, created on first use.
pub(crate) struct VarTable(pub(crate) std::collections::HashMap<(usize, u32), Expr>);

impl VarTable {
    pub(crate) fn get(&mut self, s: &mut Smt, i: usize, w: u32) -> Expr {
        *self
            .0
            .entry((i, w))
            .or_insert_with(|| s.var(w, &format!("v{i}_{w}"), "random"))
    }
}

#[test]
fn simplified_terms_evaluate_as_the_reference_semantics() {
    let mut r = Rng::new(0x5eed);
    let mut s = Smt::new();
    let mut vars = VarTable(Default::default());
    let mut checked = 0;
    for round in 0..3000 {
        let w = WIDTHS[r.below(WIDTHS.len() as u64) as usize];
        let t = gen(&mut r, w, 4, 2);
        let e = build(&mut s, &t, &mut |s, i, w| vars.get(s, i, w));
        assert_eq!(s.width(e), w, "width of {t:?}");
        for _ in 0..4 {
            let mut a = Assignment::new();
            let mut vals = std::collections::HashMap::new();
            for (&(i, w), &v) in &vars.0 {
                let x = r.value(w);
                vals.insert((i, w), x);
                a.set(&s, s.as_var(v).unwrap(), x);
            }
            let want = reference(&t, &|i, w| vals[&(i, w)]);
            let got = s.eval(e, &a);
            assert_eq!(
                got,
                want,
                "round {round}: {t:?}\nsimplified to {}\nunder {vals:?}",
                s.display(e)
            );
            checked += 1;
        }
    }
    assert!(checked > 10_000);
}

#[test]
fn terms_without_variables_fold_to_constants() {
    let mut r = Rng::new(42);
    let mut s = Smt::new();
    for _ in 0..3000 {
        let w = WIDTHS[r.below(WIDTHS.len() as u64) as usize];
        let t = gen(&mut r, w, 5, 0);
        let e = build(&mut s, &t, &mut |_, _, _| unreachable!());
        assert_eq!(
            s.as_const(e),
            Some(reference(&t, &|_, _| unreachable!())),
            "{t:?}"
        );
    }
}

#[test]
fn substitution_agrees_with_evaluation() {
    let mut r = Rng::new(77);
    let mut substituted = 0;
    let mut s = Smt::new();
    let mut vars = VarTable(Default::default());
    for _ in 0..1500 {
        let w = WIDTHS[r.below(WIDTHS.len() as u64) as usize];
        let t = gen(&mut r, w, 4, 2);
        let e = build(&mut s, &t, &mut |s, i, w| vars.get(s, i, w));
        // Replace some variables by constants or by other terms of their width.
        let mut map = rustc_hash::FxHashMap::default();
        for v in s.vars_of(e) {
            let vw = s.var_info(v).width;
            match r.below(3) {
                0 => {
                    let c = s.constant(vw, r.value(vw));
                    map.insert(v, c);
                }
                1 => {
                    let img = gen(&mut r, vw, 2, 2);
                    let img = build(&mut s, &img, &mut |s, i, w| vars.get(s, i, w));
                    map.insert(v, img);
                }
                _ => {}
            }
        }
        let sub = s.substitute(e, &map);
        substituted += !map.is_empty() as usize;
        let mut a = Assignment::new();
        for (&(_, w), &v) in &vars.0 {
            let x = r.value(w);
            a.set(&s, s.as_var(v).unwrap(), x);
        }
        let mut a2 = a.clone();
        for (&v, &img) in &map {
            a2.insert(v, s.eval(img, &a));
        }
        assert_eq!(s.eval(sub, &a), s.eval(e, &a2), "{}", s.display(e));
        if map.values().all(|&img| s.as_const(img).is_some()) && map.len() == s.vars_of(e).len() {
            assert!(s.as_const(sub).is_some(), "all variables constant: folds");
        }
    }
    assert!(substituted > 500, "{substituted}");
    let (mut s, x, y, _) = pool();
    let three = s.constant(8, 3);
    let sum = s.add(x, y);
    let q = s.ult(sum, three);
    let map = [(s.as_var(x).unwrap(), three)].into_iter().collect();
    let got = s.substitute(q, &map);
    let want = {
        let a = s.add(three, y);
        s.ult(a, three)
    };
    assert_eq!(got, want);
    assert_eq!(s.substitute(q, &Default::default()), q);
}

#[test]
fn binop_table_is_consistent() {
    assert!(BinOp::Add.is_commutative());
    assert!(!BinOp::Sub.is_commutative());
    assert!(BinOp::Sle.is_comparison());
}
