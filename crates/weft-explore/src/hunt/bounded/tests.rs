//! The bounded strategies against an independent enumerator of every
//! schedule of small hand-written systems.

use super::orders;
use crate::testsys::{ops::*, random_program, Op, Rng, TestSys};
use crate::{outcome, Config, Hunt, Por, Summary};
use std::collections::{BTreeMap, BTreeSet};
use weft_core::{LimitKind, Status, System, Tid};

/// Every complete schedule of `sys`: its outcome (as the Recorder writes
/// it) and its preemptions (switches away from the thread of the previous
/// event while it could go on), written without the engine's code.
fn enumerate(sys: &TestSys) -> Vec<(String, u32, bool)> {
    fn go(s: &TestSys, last: Option<Tid>, pre: u32, out: &mut Vec<(String, u32, bool)>) {
        if !s.status().is_running() || (0..s.thread_count() as Tid).all(|t| !s.is_enabled(t)) {
            let bug = matches!(s.status(), Status::Bug(_));
            out.push((outcome(s.status(), s.output(), s.memory_digest()), pre, bug));
            return;
        }
        let live = last.filter(|&l| s.is_enabled(l));
        for t in 0..s.thread_count() as Tid {
            if !s.is_enabled(t) {
                continue;
            }
            for a in 0..s.alternatives(t) {
                let mut next = s.clone();
                next.step(t, a);
                let cost = u32::from(live.is_some_and(|l| l != t));
                go(&next, Some(t), pre + cost, out);
            }
        }
    }
    let mut out = Vec::new();
    go(sys, None, 0, &mut out);
    out
}

fn hunt(sys: TestSys, por: Por, hunt: Hunt, keep_going: bool) -> Summary {
    let cfg = Config {
        por,
        keep_going,
        collect_outcomes: true,
        race_check: false,
        hunt,
        ..Config::default()
    };
    crate::explore(sys, &cfg)
}

fn icb(threads: &[Vec<Op>], max: Option<u32>, reduce: bool, keep_going: bool) -> Summary {
    let h = Hunt {
        max_bound: max,
        reduce,
        ..Hunt::default()
    };
    hunt(
        TestSys::new(threads.to_vec()).digest_traces(),
        Por::Icb,
        h,
        keep_going,
    )
}

fn runs(s: &Summary) -> u64 {
    s.stats.executions + s.stats.blocked()
}

/// Checks `icb` on one program against the enumerator, for every bound up
/// to the largest preemption count.
fn check_icb(threads: &[Vec<Op>], what: &str) {
    let all = enumerate(&TestSys::new(threads.to_vec()).digest_traces());
    let most = all.iter().map(|s| s.1).max().unwrap_or(0);
    for b in 0..=most {
        let within: Vec<&(String, u32, bool)> = all.iter().filter(|s| s.1 <= b).collect();
        let outcomes: BTreeSet<String> = within.iter().map(|s| s.0.clone()).collect();
        let cut = within.len() < all.len();
        // Without the reduction: exactly the schedules of the bound.
        let plain = icb(threads, Some(b), false, true);
        assert_eq!(
            runs(&plain),
            within.len() as u64,
            "{what} bound {b}: {threads:?}"
        );
        assert_eq!(plain.outcomes, outcomes, "{what} bound {b}");
        assert_eq!(
            plain.limit,
            cut.then_some(LimitKind::Bound),
            "{what} bound {b}"
        );
        // With it: the same outcomes (traces and final states), never
        // more runs.
        let reduced = icb(threads, Some(b), true, true);
        assert_eq!(
            reduced.outcomes, outcomes,
            "{what} bound {b} reduced: {threads:?}"
        );
        assert!(runs(&reduced) <= runs(&plain), "{what} bound {b}");
        // It may see that every schedule beyond the bound is equivalent
        // to one within it: then it reached every outcome.
        match reduced.limit {
            None => {
                let every: BTreeSet<String> = all.iter().map(|s| s.0.clone()).collect();
                assert_eq!(reduced.outcomes, every, "{what} bound {b} complete");
            }
            l => assert_eq!(l, Some(LimitKind::Bound), "{what} bound {b}"),
        }
        if !cut {
            assert_eq!(reduced.limit, None, "{what} bound {b}");
        }
    }
    // Unbounded, icb runs every schedule once.
    let full = icb(threads, None, false, true);
    assert_eq!(runs(&full), all.len() as u64, "{what}");
    assert_eq!(full.limit, None, "{what}");
    // A bug is found at the least preemptions any buggy schedule needs,
    // and not below.
    if let Some(min) = all.iter().filter(|s| s.2).map(|s| s.1).min() {
        for reduce in [false, true] {
            let s = icb(threads, Some(min), reduce, false);
            let f = s
                .findings
                .first()
                .unwrap_or_else(|| panic!("{what}: no bug at {min}"));
            let under = f.found_under.as_ref().expect("found under");
            assert_eq!(under.get("preemptions"), Some(u64::from(min)), "{what}");
            assert_eq!(f.schedule.len(), f.trace.len());
            if min > 0 {
                let s = icb(threads, Some(min - 1), reduce, false);
                assert!(s.findings.is_empty(), "{what}: bug below {min}");
                assert_eq!(s.limit, Some(LimitKind::Bound), "{what}");
            }
        }
    }
}

#[test]
fn icb_counts_the_schedules_of_each_bound() {
    // Two threads of two stores each: 6 schedules; 2 with no preemption
    // (one thread, then the other), 2 with one ((a, b, a, a)...), 2 with
    // two.
    let threads = vec![
        vec![store(0, 1), store(1, 1)],
        vec![store(0, 2), store(1, 2)],
    ];
    let all = enumerate(&TestSys::new(threads.clone()));
    let per: BTreeMap<u32, usize> = all.iter().fold(BTreeMap::new(), |mut m, s| {
        *m.entry(s.1).or_default() += 1;
        m
    });
    assert_eq!(per, BTreeMap::from([(0, 2), (1, 2), (2, 2)]));
    check_icb(&threads, "two by two");
    assert_eq!(runs(&icb(&threads, Some(0), false, true)), 2);
    assert_eq!(runs(&icb(&threads, Some(1), false, true)), 4);
    // A lost update needs one preemption.
    let lost = vec![
        vec![load(0, 0), store_reg(0, 0, 1), load(0, 1), assert_ne(1, 1)],
        vec![load(0, 0), store_reg(0, 0, 1)],
    ];
    check_icb(&lost, "lost update");
}

#[test]
fn icb_agrees_with_the_enumerator_on_random_programs() {
    let cases = std::env::var("WEFT_TESTSYS_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50u64);
    for case in 0..cases {
        let threads = random_program(&mut Rng::new(case ^ 0x1cb));
        check_icb(&threads, &format!("case {case}"));
    }
}

/// A random single-variable atomicity violation between two threads:
/// thread `a` accesses `x` twice (read-read, or write-read) and asserts
/// nobody wrote between; thread `b` writes `x` once or twice (writing the
/// old value back), both with unrelated accesses to `y` and `z` around.
fn atomicity_violation(rng: &mut Rng) -> Vec<Vec<Op>> {
    let noise = |rng: &mut Rng, ops: &mut Vec<Op>| {
        for _ in 0..rng.below(3) {
            let var = 1 + rng.below(2);
            ops.push(if rng.chance(50) {
                aload(var, 7)
            } else {
                astore(var, 1)
            });
        }
    };
    let mut a = Vec::new();
    noise(rng, &mut a);
    if rng.chance(50) {
        a.push(aload(0, 0));
    } else {
        a.push(astore(0, 5));
        a.push(aload(0, 0));
    }
    noise(rng, &mut a);
    a.push(aload(0, 1));
    a.push(Op::Assert(crate::testsys::Cond::Eq(
        crate::testsys::Val::Reg(0),
        crate::testsys::Val::Reg(1),
    )));
    noise(rng, &mut a);
    let mut b = Vec::new();
    noise(rng, &mut b);
    b.push(astore(0, 9));
    if rng.chance(40) {
        noise(rng, &mut b);
        b.push(astore(0, 0));
    }
    noise(rng, &mut b);
    if rng.chance(50) {
        vec![a, b]
    } else {
        vec![b, a]
    }
}

/// `vt` at level 1, the round (v, t) = (1, 2), finds every single-variable
/// two-thread atomicity violation, and says so.
#[test]
fn vt_round_one_two_finds_single_variable_atomicity_violations() {
    for case in 0..200 {
        let threads = atomicity_violation(&mut Rng::new(case));
        for reduce in [false, true] {
            let h = Hunt {
                max_bound: Some(1),
                reduce,
                ..Hunt::default()
            };
            let s = hunt(TestSys::new(threads.clone()), Por::Vt, h, false);
            let f = s
                .findings
                .first()
                .unwrap_or_else(|| panic!("case {case}: no bug: {threads:?}"));
            let under = f.found_under.as_ref().expect("found under");
            assert_eq!(under.get("v"), Some(1));
            assert_eq!(under.get("t"), Some(2));
        }
    }
}

/// A bug that needs three threads in one order, thread 1, then 0, then 2
/// (neither ascending nor descending ids), with no preemption possible
/// before the accesses that matter: not found in the round (1, 2), found
/// at t = 3.
#[test]
fn vt_thread_bounding_orders_three_threads() {
    // y = x by thread 0 is 1 only after thread 1's x = 1; thread 2 fails
    // if it then sees y == 1.
    let threads = vec![
        vec![aload(0, 0), store_reg(1, 0, 0)],
        vec![astore(0, 1)],
        vec![aload(1, 0), assert_ne(0, 1)],
    ];
    assert!(enumerate(&TestSys::new(threads.clone()))
        .iter()
        .any(|s| s.2));
    let level = |max| {
        let h = Hunt {
            max_bound: Some(max),
            ..Hunt::default()
        };
        hunt(TestSys::new(threads.clone()), Por::Vt, h, false)
    };
    let one = level(1);
    assert!(one.findings.is_empty());
    assert_eq!(one.limit, Some(LimitKind::Bound));
    let two = level(2);
    let under = two.findings[0].found_under.clone().expect("found under");
    assert_eq!(
        (under.get("v"), under.get("t")),
        (Some(1), Some(3)),
        "{under}"
    );
}

/// Every ordered triple of five threads is in some priority order.
#[test]
fn priority_orders_cover_every_t_tuple() {
    for (t, n) in [(3, 3), (3, 5), (4, 6)] {
        let os = orders(t, n, 42);
        let mut seen = BTreeSet::new();
        for o in &os {
            let mut ids: Vec<Tid> = (0..n as Tid).collect();
            ids.sort_by_key(|&i| std::cmp::Reverse(o.priority(i)));
            let t = t as usize;
            // Every t-subsequence.
            for mask in 0u32..1 << n {
                if mask.count_ones() as usize == t {
                    let tuple: Vec<Tid> = ids
                        .iter()
                        .copied()
                        .filter(|&i| mask & (1 << i) != 0)
                        .collect();
                    seen.insert(tuple);
                }
            }
        }
        let want: usize = (0..t as usize).map(|i| n - i).product();
        assert_eq!(seen.len(), want, "t={t} n={n}: {} orders", os.len());
    }
}
