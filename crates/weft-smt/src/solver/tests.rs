//! Tests of the solver chain against Z3: known small problems, semantics compared with Z3's,
//! slicing, the cache and the incremental stack (each checked through the statistics).

use super::*;
use crate::builder::tests::{build, gen, Rng, VarTable};
use crate::ops::{self, mask};
use crate::BinOp;

fn solver() -> Solver {
    Solver::new(SolverOptions::default())
}

/// Options for tests that count assertions: no incremental budget, so that a loaded machine
/// cannot turn a slow incremental check into a one-shot fallback.
fn exact() -> SolverOptions {
    SolverOptions {
        incremental_budget: None,
        ..Default::default()
    }
}

fn sat(a: &Answer) -> bool {
    matches!(a, Answer::Sat(_))
}

#[test]
fn x_times_3_is_7_has_a_model_that_evaluates_true() {
    let mut s = Smt::new();
    let x = s.var(8, "x", "");
    let three = s.constant(8, 3);
    let seven = s.constant(8, 7);
    let p = s.mul(three, x);
    let q = s.eq(p, seven);
    let mut z = solver();
    let Answer::Sat(m) = z.check(
        &s,
        &Query {
            constraints: &[],
            expr: q,
        },
    ) else {
        panic!("sat expected")
    };
    assert!(s.eval_bool(q, &m));
    // 3 * 171 = 513 = 2 * 256 + 1 ... the inverse of 3 mod 256 is 171, so x = 7 * 171 mod 256.
    assert_eq!(m.get(s.as_var(x).unwrap()), Some((7 * 171) % 256));
}

#[test]
fn contradictory_bounds_are_unsat() {
    let mut s = Smt::new();
    let x = s.var(32, "x", "");
    let five = s.constant(32, 5);
    let ten = s.constant(32, 10);
    let lt = s.ult(x, five);
    let gt = s.ugt(x, ten);
    let mut z = solver();
    assert_eq!(
        z.check(
            &s,
            &Query {
                constraints: &[lt],
                expr: gt
            }
        ),
        Answer::Unsat
    );
    assert_eq!(z.may_be_true(&s, &[lt], gt), Ok(false));
}

#[test]
fn signed_and_unsigned_comparisons() {
    let mut s = Smt::new();
    let x = s.var(8, "x", "");
    let y = s.var(8, "y", "");
    let zero = s.constant(8, 0);
    let c128 = s.constant(8, 128);
    let c200 = s.constant(8, 200);
    let mut z = solver();
    // x <s 0 means x >=u 128.
    let neg = s.slt(x, zero);
    let small = s.ult(x, c128);
    assert_eq!(z.may_be_true(&s, &[neg], small), Ok(false));
    // x >u 200 is negative as signed.
    let big = s.ugt(x, c200);
    let pos = s.sgt(x, zero);
    assert_eq!(z.may_be_true(&s, &[big], pos), Ok(false));
    // x <s y and x >u y together: x negative, y non-negative.
    let slt = s.slt(x, y);
    let ugt = s.ugt(x, y);
    let Answer::Sat(m) = z.check(
        &s,
        &Query {
            constraints: &[slt],
            expr: ugt,
        },
    ) else {
        panic!()
    };
    let (vx, vy) = (s.eval(x, &m), s.eval(y, &m));
    assert!(vx >= 128 && vy < 128, "{vx} {vy}");
    // INT_MIN is the least signed value, the greatest is 127.
    let min = s.constant(8, 0x80);
    let lt_min = s.slt(x, min);
    assert_eq!(lt_min, s.fals());
    let max = s.constant(8, 0x7f);
    let gt_max = s.sgt(x, max);
    assert_eq!(gt_max, s.fals());
    let le_min = s.sle(x, min);
    let mut zz = solver();
    assert_eq!(zz.must_be_value(&mut s, &[le_min], x), Ok(Some(0x80)));
}

/// Checks, with Z3, that `e` can only take the value `eval` gives under `vals`.
fn z3_agrees(s: &mut Smt, z: &mut Solver, e: Expr, vals: &[(Expr, u128)]) {
    let mut pc = vec![];
    let mut a = Assignment::new();
    for &(v, x) in vals {
        let c = s.constant(s.width(v), x);
        pc.push(s.eq(c, v));
        a.set(s, s.as_var(v).unwrap(), x);
    }
    let want = s.eval(e, &a);
    let c = s.constant(s.width(e), want);
    let differs = s.ne(c, e);
    assert_eq!(
        z.may_be_true(s, &pc, differs),
        Ok(false),
        "Z3 disagrees with eval = {want} on {}",
        s.display(e)
    );
}

#[test]
fn division_and_shifts_match_z3() {
    let mut r = Rng::new(7);
    let mut s = Smt::new();
    let mut z = Solver::new(SolverOptions {
        cex_cache: false,
        // Z3's incremental core is slow on wide division; see `SolverOptions::incremental`.
        incremental: false,
        ..Default::default()
    });
    for w in [1, 3, 8, 32, 64, 65, 128] {
        let x = s.var(w, "x", "");
        let y = s.var(w, "y", "");
        for _ in 0..6 {
            let (a, mut b) = (r.value(w), r.value(w));
            if b == 0 {
                b = 1;
            }
            for op in [BinOp::UDiv, BinOp::SDiv, BinOp::URem, BinOp::SRem] {
                let e = match op {
                    BinOp::UDiv => s.udiv(x, y),
                    BinOp::SDiv => s.sdiv(x, y),
                    BinOp::URem => s.urem(x, y),
                    _ => s.srem(x, y),
                };
                z3_agrees(&mut s, &mut z, e, &[(x, a), (y, b)]);
                // and the constant folding agrees with the evaluator
                let (ca, cb) = (s.constant(w, a), s.constant(w, b));
                let folded = match op {
                    BinOp::UDiv => s.udiv(ca, cb),
                    BinOp::SDiv => s.sdiv(ca, cb),
                    BinOp::URem => s.urem(ca, cb),
                    _ => s.srem(ca, cb),
                };
                assert_eq!(s.as_const(folded), Some(ops::binary(op, w, a, b)));
            }
            // shifts, amounts below and above the width
            let amount = r.below(w as u64 + 3) as u128;
            for e in [s.shl(x, y), s.lshr(x, y), s.ashr(x, y)] {
                z3_agrees(&mut s, &mut z, e, &[(x, a), (y, amount)]);
            }
        }
        // Division by zero: SMT-LIB's total semantics on both sides.
        for a in [0, 1, mask(w), 1 << (w - 1)] {
            for e in [s.udiv(x, y), s.sdiv(x, y), s.urem(x, y), s.srem(x, y)] {
                z3_agrees(&mut s, &mut z, e, &[(x, a), (y, 0)]);
            }
        }
    }
}

#[test]
fn random_terms_mean_the_same_to_z3_and_eval() {
    let mut r = Rng::new(99);
    let mut s = Smt::new();
    let mut vars = VarTable(Default::default());
    let mut z = Solver::new(SolverOptions {
        cex_cache: false,
        ..Default::default()
    });
    for _ in 0..150 {
        let w = [1, 8, 32, 64, 128][r.below(5) as usize];
        let t = gen(&mut r, w, 4, 2);
        let e = build(&mut s, &t, &mut |s, i, w| vars.get(s, i, w));
        let vals: Vec<(Expr, u128)> = s
            .vars_of(e)
            .into_iter()
            .map(|v| {
                let info = s.var_info(v);
                (info.expr, r.value(info.width))
            })
            .collect();
        z3_agrees(&mut s, &mut z, e, &vals);
    }
}

#[test]
fn wide_values_come_back_whole() {
    let mut s = Smt::new();
    let x = s.var(128, "x", "");
    let k: u128 = (1 << 100) + (0xdead_beef << 40) + 6;
    let c = s.constant(128, k);
    let two = s.constant(128, 2);
    let dbl = s.mul(two, x);
    let pc = [s.eq(dbl, c)];
    let mut z = solver();
    let v = z.get_value(&s, &pc, x).unwrap().unwrap();
    assert_eq!(v.wrapping_mul(2), k);
    assert_eq!(
        z.must_be_value(&mut s, &pc, x),
        Ok(None),
        "two halves: k/2 and k/2 + 2^127"
    );
    let y = s.var(100, "y", "");
    let one = s.constant(100, 1);
    let y1 = s.add(one, y);
    let target = s.constant(100, mask(100));
    let pc = [s.eq(y1, target)];
    assert_eq!(z.must_be_value(&mut s, &pc, y), Ok(Some(mask(100) - 1)));
}

#[test]
fn booleans_mix_with_bit_vectors_in_z3() {
    let mut s = Smt::new();
    let b = s.var(1, "b", "");
    let x = s.var(8, "x", "");
    let zero = s.constant(8, 0);
    let lt = s.ult(zero, x);
    let both = s.bool_and(b, lt); // a Bool and a BitVec 1
    let wide = s.zext(both, 8);
    let one = s.constant(8, 1);
    let q = s.eq(one, wide);
    let mut z = solver();
    let Answer::Sat(m) = z.check(
        &s,
        &Query {
            constraints: &[],
            expr: q,
        },
    ) else {
        panic!()
    };
    assert!(s.eval_bool(q, &m));
    assert!(s.eval_bool(b, &m) && s.eval(x, &m) > 0);
    let cat = s.concat(lt, b);
    let three = s.constant(2, 3);
    let q2 = s.eq(three, cat);
    let nb = s.not(b);
    assert_eq!(z.may_be_true(&s, &[nb], q2), Ok(false));
}

#[test]
fn independence_leaves_unrelated_constraints_out() {
    let mut s = Smt::new();
    let x = s.var(32, "x", "");
    let y = s.var(32, "y", "");
    let v = s.var(32, "v", "");
    let w = s.var(32, "w", "");
    let three = s.constant(32, 3);
    let five = s.constant(32, 5);
    let y_gt = s.ugt(y, three);
    let mut z = Solver::new(exact());
    let q = s.eq(five, x);
    assert_eq!(z.may_be_true(&s, &[y_gt], q), Ok(true));
    let st = z.stats();
    assert_eq!(st.constraints_sliced_away, 1);
    assert_eq!(st.constraints_asserted, 0);
    assert!(z.asserted().is_empty());
    // Transitively: x < v, v < w are connected to x; y > 3 is not.
    let xv = s.ult(x, v);
    let vw = s.ult(v, w);
    let pc = [xv, y_gt, vw];
    let zero = s.constant(32, 0);
    let q = s.eq(zero, w);
    assert_eq!(z.may_be_true(&s, &pc, q), Ok(false));
    let st = z.stats();
    assert_eq!(st.constraints_sliced_away, 2);
    assert_eq!(st.constraints_asserted, 2);
    assert_eq!(z.asserted(), &[xv, vw]);
    // Without independence everything is sent.
    let mut all = Solver::new(SolverOptions {
        independence: false,
        ..exact()
    });
    assert_eq!(all.may_be_true(&s, &pc, q), Ok(false));
    assert_eq!(all.stats().constraints_asserted, 3);
    assert_eq!(all.stats().constraints_sliced_away, 0);
}

#[test]
fn cache_answers_repeats_subsets_and_models_without_z3() {
    let mut s = Smt::new();
    let x = s.var(16, "x", "");
    let five = s.constant(16, 5);
    let six = s.constant(16, 6);
    let ten = s.constant(16, 10);
    let three = s.constant(16, 3);
    let lt5 = s.ult(x, five);
    let gt10 = s.ugt(x, ten);
    let mut z = Solver::new(exact());
    assert_eq!(z.may_be_true(&s, &[lt5], gt10), Ok(false));
    assert_eq!(z.stats().solver_queries, 1);
    // the same query again: an exact hit
    assert_eq!(z.may_be_true(&s, &[lt5], gt10), Ok(false));
    assert_eq!(z.stats().answered_cex_exact, 1);
    // a superset of an unsat set
    let ne3 = s.ne(three, x);
    assert_eq!(z.may_be_true(&s, &[lt5, ne3], gt10), Ok(false));
    assert_eq!(z.stats().answered_cex_unsat_subset, 1);
    // a model of x < 5 satisfies x < 6
    assert!(sat(&z.check(
        &s,
        &Query {
            constraints: &[],
            expr: lt5
        }
    )));
    let before = z.stats().solver_queries;
    let lt6 = s.ult(x, six);
    let a = z.check(
        &s,
        &Query {
            constraints: &[],
            expr: lt6,
        },
    );
    let Answer::Sat(m) = a else { panic!() };
    assert!(s.eval_bool(lt6, &m));
    let st = z.stats();
    assert_eq!(st.answered_cex_model, 1);
    assert_eq!(st.solver_queries, before);
    assert_eq!(st.queries, 5);
    assert!(st.cex_entries >= 4);
    // Without the cache the repeat goes to Z3.
    let mut plain = Solver::new(SolverOptions {
        cex_cache: false,
        ..Default::default()
    });
    plain.may_be_true(&s, &[lt5], gt10).unwrap();
    plain.may_be_true(&s, &[lt5], gt10).unwrap();
    assert_eq!(plain.stats().solver_queries, 2);
}

#[test]
fn constant_queries_never_reach_z3() {
    let mut s = Smt::new();
    let x = s.var(8, "x", "");
    let t = s.tru();
    let f = s.fals();
    let mut z = solver();
    assert_eq!(z.both_feasible(&mut s, &[], t), Ok((true, false)));
    assert_eq!(z.may_be_true(&s, &[], f), Ok(false));
    assert_eq!(z.may_be_true(&s, &[f], t), Ok(false));
    assert_eq!(z.get_value(&s, &[], x), Ok(Some(0)));
    let c = s.constant(8, 42);
    assert_eq!(z.must_be_value(&mut s, &[], c), Ok(Some(42)));
    assert_eq!(z.stats().solver_queries, 0);
}

#[test]
fn incremental_stack_follows_the_path_and_backtracks() {
    let mut s = Smt::new();
    let x = s.var(32, "x", "");
    let c = |s: &mut Smt, v| s.constant(32, v);
    let (c10, c5, c3) = (c(&mut s, 10), c(&mut s, 5), c(&mut s, 3));
    let lt10 = s.ult(x, c10);
    let lt5 = s.ult(x, c5);
    let ge5 = s.not(lt5);
    let eq3 = s.eq(c3, x);
    let mut z = Solver::new(SolverOptions {
        cex_cache: false,
        ..exact()
    });
    // branch on x < 10 with an empty path, then on x < 5 under x < 10 ...
    assert_eq!(z.both_feasible(&mut s, &[], lt10), Ok((true, true)));
    assert_eq!(z.both_feasible(&mut s, &[lt10], lt5), Ok((true, true)));
    assert_eq!(z.asserted(), &[lt10]);
    // ... extend the path by one branch: one more assertion, nothing re-asserted
    assert_eq!(z.both_feasible(&mut s, &[lt10, lt5], eq3), Ok((true, true)));
    assert_eq!(z.asserted(), &[lt10, lt5]);
    let st = z.stats();
    assert_eq!((st.pushes, st.pops, st.constraints_asserted), (2, 0, 2));
    // backtrack: the other side of x < 5 pops one level and pushes its negation
    assert_eq!(z.may_be_true(&s, &[lt10, ge5], eq3), Ok(false));
    assert_eq!(z.asserted(), &[lt10, ge5]);
    let st = z.stats();
    assert_eq!((st.pushes, st.pops, st.constraints_asserted), (3, 1, 3));
    // back to the root
    assert_eq!(z.may_be_true(&s, &[], eq3), Ok(true));
    assert_eq!(z.asserted(), &[] as &[Expr]);
    assert_eq!(z.stats().pops, 3);
    // Non-incremental: every query asserts its whole slice.
    let mut flat = Solver::new(SolverOptions {
        cex_cache: false,
        incremental: false,
        ..Default::default()
    });
    flat.may_be_true(&s, &[lt10, lt5], eq3).unwrap();
    flat.may_be_true(&s, &[lt10, lt5], eq3).unwrap();
    assert_eq!(flat.stats().constraints_asserted, 4);
}

#[test]
fn branch_helpers() {
    let mut s = Smt::new();
    let x = s.var(8, "x", "x = __VERIFIER_nondet_char() at t.c:4");
    let (c5, c10, c20) = (s.constant(8, 5), s.constant(8, 10), s.constant(8, 20));
    let lt10 = s.slt(x, c10);
    let lt5 = s.slt(x, c5);
    let lt20 = s.slt(x, c20);
    let mut z = solver();
    assert_eq!(z.both_feasible(&mut s, &[lt10], lt5), Ok((true, true)));
    assert_eq!(z.both_feasible(&mut s, &[lt10], lt20), Ok((true, false)));
    assert_eq!(z.must_be_true(&mut s, &[lt10], lt20), Ok(true));
    assert_eq!(z.may_be_false(&mut s, &[lt10], lt20), Ok(false));
    let v = z.get_value(&s, &[lt10], x).unwrap().unwrap();
    assert!(ops::to_signed(v, 8) < 10);
    assert_eq!(z.must_be_value(&mut s, &[lt10], x), Ok(None));
    // x * 2 == 6 over 8 bits: x = 3 or x = 131
    let two = s.constant(8, 2);
    let six = s.constant(8, 6);
    let d = s.mul(two, x);
    let pc = [s.eq(six, d)];
    assert_eq!(z.must_be_value(&mut s, &pc, x), Ok(None));
    let below = s.ult(x, c10);
    assert_eq!(z.must_be_value(&mut s, &[pc[0], below], x), Ok(Some(3)));
    // an infeasible path has no value
    let c3 = s.constant(8, 3);
    let gt = s.sgt(x, c20);
    let lt = s.slt(x, c3);
    assert_eq!(z.get_value(&s, &[gt, lt], x), Ok(None));
}

#[test]
fn a_timeout_is_unknown_and_is_not_cached() {
    // Factoring the product of two 31-bit primes: far beyond a millisecond.
    let mut s = Smt::new();
    let p: u128 = 2_147_483_647;
    let q: u128 = 2_147_483_629;
    let x = s.var(64, "x", "");
    let y = s.var(64, "y", "");
    let n = s.constant(64, p * q);
    let one = s.constant(64, 1);
    let lim = s.constant(64, 1 << 31);
    let prod = s.mul(x, y);
    let pc = [s.ugt(x, one), s.ugt(y, one), s.ult(x, lim), s.ult(y, lim)];
    let goal = s.eq(n, prod);
    // Wide multiplication: one-shot, where Z3's timeout is reliable (its incremental core
    // bit-blasts on assertion, and there a timeout may not fire at all).
    let mut z = Solver::new(SolverOptions {
        timeout: Some(Duration::from_millis(300)),
        ..Default::default()
    });
    assert_eq!(z.may_be_true(&s, &pc, goal), Err(Unknown));
    assert_eq!(z.may_be_true(&s, &pc, goal), Err(Unknown));
    let st = z.stats();
    assert_eq!((st.solver_unknown, st.answered_cex_exact), (2, 0));
    assert_eq!((st.solver_fallbacks, st.solver_one_shot), (0, 2));
    // Incrementally: the check gives up after its budget, the one-shot fallback after the
    // timeout. (Timeouts of a few milliseconds are not reliable with Z3 4.8.12: a cancel
    // that arrives during preprocessing can be lost.)
    let mut z = Solver::new(SolverOptions {
        timeout: Some(Duration::from_millis(300)),
        incremental_budget: Some(Duration::from_millis(100)),
        one_shot_arith_width: None,
        ..Default::default()
    });
    assert_eq!(z.may_be_true(&s, &pc, goal), Err(Unknown));
    let st = z.stats();
    assert_eq!(
        (st.solver_fallbacks, st.solver_one_shot, st.pushes),
        (1, 1, 4)
    );
    assert!(st.solver_time_s > 0.0);
}

#[test]
#[should_panic(expected = "serves one Smt pool")]
fn a_solver_refuses_a_second_pool() {
    let mut a = Smt::new();
    let mut b = Smt::new();
    let xa = a.var(8, "x", "");
    let xb = b.var(8, "x", "");
    let mut z = solver();
    let _ = z.get_value(&a, &[], xa);
    let _ = z.get_value(&b, &[], xb);
}

#[test]
fn stats_serialize() {
    let z = solver();
    let text = format!("{:?}", z.stats());
    assert!(text.contains("solver_queries"));
    fn is_serialize<T: Serialize>(_: &T) {}
    is_serialize(&z.stats());
}

#[test]
fn wide_division_is_solved_one_shot() {
    // 128-bit divisions of fixed operands: seconds in Z3's incremental core, instant one-shot.
    let mut s = Smt::new();
    let x = s.var(128, "x", "");
    let y = s.var(128, "y", "");
    let a: u128 = 0x1234_5678_9abc_def0_1357_9bdf_2468_ace0;
    let b: u128 = 0x0000_0000_0000_0001_0000_0000_0000_0007;
    let (ca, cb) = (s.constant(128, a), s.constant(128, b));
    let pc = [s.eq(ca, x), s.eq(cb, y)];
    let q = s.sdiv(x, y);
    let mut z = Solver::new(SolverOptions {
        cex_cache: false,
        ..exact()
    });
    assert_eq!(z.must_be_value(&mut s, &pc, q), Ok(Some(a / b)));
    let st = z.stats();
    // get_value asserts only the two equalities (incrementally); the check of `q` is one-shot.
    assert_eq!(
        (st.solver_queries, st.solver_one_shot, st.pushes),
        (2, 1, 2)
    );
    assert!(st.solver_time_s < 5.0, "{st:?}");
    // Narrow arithmetic stays incremental.
    let n = s.var(16, "n", "");
    let k = s.constant(16, 7);
    let m = s.mul(k, n);
    let pc = [s.ult(k, m)];
    assert_eq!(z.may_be_true(&s, &pc, Expr::FALSE), Ok(false));
    let ten = s.constant(16, 10);
    let q = s.eq(ten, m);
    assert_eq!(z.may_be_true(&s, &pc, q), Ok(true));
    assert_eq!((z.stats().pushes, z.stats().pops), (3, 2));
    assert_eq!(z.asserted(), &pc);
}

#[test]
fn pools_can_move_between_threads() {
    fn is_send<T: Send>() {}
    is_send::<Smt>();
    is_send::<Expr>();
    is_send::<Assignment>();
    assert_eq!(std::mem::size_of::<Expr>(), 4);
}

/// All assignments of the small variables `vars` (total width at most ~12 bits).
fn all_assignments(s: &Smt, vars: &[Var]) -> Vec<Assignment> {
    let mut out = vec![Assignment::new()];
    for &v in vars {
        let w = s.var_info(v).width;
        let mut next = Vec::with_capacity(out.len() << w);
        for a in &out {
            for x in 0..(1u128 << w) {
                let mut b = a.clone();
                b.insert(v, x);
                next.push(b);
            }
        }
        out = next;
    }
    out
}

#[test]
fn the_whole_chain_agrees_with_brute_force_along_random_paths() {
    // Random paths over six small variables (12 bits in all): extend the path by feasible
    // branches, backtrack at random, and ask random queries of the full chain (slicing, cache,
    // incremental stack); brute force over every assignment is the oracle.
    // `WEFT_SMT_SEED=S` and `WEFT_SMT_ROUNDS=N` run other or longer paths.
    let seed = std::env::var("WEFT_SMT_SEED").map_or(2024, |v| v.parse().unwrap());
    let rounds = std::env::var("WEFT_SMT_ROUNDS").map_or(160, |v| v.parse().unwrap());
    let mut r = Rng::new(seed);
    let mut s = Smt::new();
    let small: Vec<Expr> = (0..2)
        .flat_map(|i| (1..=3).map(move |w| (i, w)))
        .map(|(i, w)| s.var(w, &format!("v{i}_{w}"), "random"))
        .collect();
    let small_vars: Vec<Var> = small.iter().map(|&e| s.as_var(e).unwrap()).collect();
    let universe = all_assignments(&s, &small_vars);
    let mut var = |s: &mut Smt, i: usize, w: u32| -> Expr {
        let base = small[i * 3 + (w.min(3) as usize - 1)];
        if w <= 3 {
            base
        } else if w.is_multiple_of(2) {
            s.zext(base, w)
        } else {
            s.sext(base, w)
        }
    };
    let mut z = Solver::new(SolverOptions {
        cex_try_limit: 4,
        ..exact()
    });
    // The path, and the assignments satisfying each prefix.
    let mut path: Vec<Expr> = vec![];
    let mut models: Vec<Vec<Assignment>> = vec![universe.clone()];
    let mut queries = 0;
    for _ in 0..rounds {
        let cond = build(&mut s, &gen(&mut r, 1, 3, 2), &mut var);
        let here = models.last().unwrap();
        let t = here.iter().any(|a| s.eval_bool(cond, a));
        let ncond = s.not(cond);
        let f = here.iter().any(|a| s.eval_bool(ncond, a));
        assert_eq!(
            z.both_feasible(&mut s, &path, cond),
            Ok((t, f)),
            "{} under {:?}",
            s.display(cond),
            path.iter()
                .map(|&c| s.display(c).to_string())
                .collect::<Vec<_>>()
        );
        queries += 1;
        // a value of some term, feasible on the path
        let e = build(&mut s, &gen(&mut r, 8, 2, 2), &mut var);
        let v = z
            .get_value(&s, &path, e)
            .unwrap()
            .expect("the path is feasible");
        assert!(here.iter().any(|a| s.eval(e, a) == v), "infeasible value");
        let only = here.iter().all(|a| s.eval(e, a) == v);
        assert_eq!(z.must_be_value(&mut s, &path, e), Ok(only.then_some(v)));
        // models satisfy the query
        if let Answer::Sat(m) = z.check(
            &s,
            &Query {
                constraints: &path,
                expr: cond,
            },
        ) {
            assert!(s.eval_bool(cond, &m));
            let sliced: Vec<Expr> = path
                .iter()
                .copied()
                .filter(|&c| s.vars_of(c).iter().any(|v| s.vars_of(cond).contains(v)))
                .collect();
            assert!(
                s.satisfies(&sliced, &m),
                "the model breaks a related constraint"
            );
        }
        // extend, or backtrack
        if r.below(4) == 0 && !path.is_empty() {
            let keep = r.below(path.len() as u64) as usize;
            path.truncate(keep);
            models.truncate(keep + 1);
        } else {
            let take = if t && (!f || r.below(2) == 0) {
                cond
            } else {
                ncond
            };
            if s.as_const(take).is_none() {
                let next: Vec<Assignment> = models
                    .last()
                    .unwrap()
                    .iter()
                    .filter(|a| s.eval_bool(take, a))
                    .cloned()
                    .collect();
                path.push(take);
                models.push(next);
            }
        }
    }
    let st = z.stats();
    assert!(queries >= rounds);
    assert!(
        st.solver_queries > 0 && st.answered_cex_model + st.answered_cex_exact > 0,
        "{st:?}"
    );
    assert!(st.pops > 0, "{st:?}");
}
