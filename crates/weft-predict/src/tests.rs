//! The encoder on hand-written traces: the paper's Fig. 1(a) and its
//! variant with `b >= 0` (section 1).

use crate::candidates::{self, MustHb, TxSource};
use crate::trace::{PAccess, PEvent, PMark, PredictTrace, PREDICT_FORMAT};
use crate::{Decision, Encoder};
use weft_smt::{BinOp, Dag, DagNode};

fn access(tid: u32, index: u32, write: bool) -> PEvent {
    PEvent {
        tid,
        index,
        alt: 0,
        loc: format!("t.c:{}", 10 * tid + index),
        what: String::new(),
        sig: String::new(),
        access: Some(PAccess {
            addr: 0x100,
            size: 4,
            read: !write,
            write,
        }),
        read: None,
        write: None,
        before: None,
        exact: true,
        guards: Vec::new(),
        sync: Vec::new(),
        ends_program: false,
    }
}

/// T1: atomic { a = x; x = a + 1; }  T2: b = x; if (b > 0) x = 5;
/// recorded serially (T1 first), x = 0 initially. `strict`: `b > 0`,
/// otherwise `b >= 0`.
fn fig1a(strict: bool) -> PredictTrace {
    let c = |v: &str| DagNode::Const {
        width: 32,
        value: v.to_string(),
    };
    let dag = Dag {
        nodes: vec![
            DagNode::Var {
                width: 32,
                name: "r0".into(),
            },
            c("0x1"),
            DagNode::Bin {
                width: 32,
                bin: BinOp::Add,
                a: 0,
                b: 1,
            },
            DagNode::Var {
                width: 32,
                name: "r1".into(),
            },
            c("0x0"),
            DagNode::Bin {
                width: 1,
                bin: if strict { BinOp::Slt } else { BinOp::Sle },
                a: 4,
                b: 3,
            },
            c("0x5"),
        ],
    };
    let mut e0 = access(0, 0, false);
    e0.read = Some(0);
    let mut e1 = access(0, 1, true);
    e1.write = Some(2);
    e1.before = Some("0x0".into());
    let mut e2 = access(1, 0, false);
    e2.read = Some(3);
    let mut e3 = access(1, 1, true);
    e3.write = Some(6);
    e3.guards = vec![5];
    e3.before = Some("0x1".into());
    PredictTrace {
        format: PREDICT_FORMAT.into(),
        program: "t.c".into(),
        program_hash: String::new(),
        clang_args: Vec::new(),
        threads: vec!["0".into(), "1".into()],
        events: vec![e0, e1, e2, e3],
        dag,
        model: vec![(0, "0x0".into()), (3, "0x1".into())],
        marks: vec![
            PMark {
                tid: 0,
                index: 0,
                begin: true,
            },
            PMark {
                tid: 0,
                index: 2,
                begin: false,
            },
        ],
        ended_by: None,
        cut: None,
    }
}

fn decisions(trace: &PredictTrace) -> Vec<(String, Decision)> {
    let txs = candidates::transactions(trace, TxSource::Markers);
    let (all, _) = candidates::candidates(trace, &txs, &weft_core::Deadline::default());
    let hb = MustHb::new(trace);
    let pruned = candidates::prune(trace, &hb, &all);
    let mut enc =
        Encoder::new(trace, hb, None, weft_core::Deadline::default()).expect("a valid trace");
    pruned
        .iter()
        .map(|c| (c.pattern(trace), enc.decide(c)))
        .collect()
}

#[test]
fn the_guard_rules_out_the_reordering_of_fig1a() {
    // The only unserializable triple is (read x, T2's write, write x),
    // which needs T2 to read 0 and still take `b > 0`.
    assert_eq!(
        decisions(&fig1a(true)),
        vec![("R-W-W".to_string(), Decision::Infeasible)]
    );
}

#[test]
fn with_b_at_least_zero_the_violation_is_predicted() {
    let d = decisions(&fig1a(false));
    assert_eq!(d.len(), 1);
    // T1 reads, T2 writes, then T1 writes (T2 reads before its write).
    let Decision::Violation(prefix) = &d[0].1 else {
        panic!("{d:?}");
    };
    let at = |e: usize| prefix.iter().position(|&x| x == e).expect("in the prefix");
    assert_eq!(prefix.last(), Some(&1));
    assert!(
        at(0) < at(3) && at(2) < at(3) && at(3) < at(1),
        "{prefix:?}"
    );
}

#[test]
fn must_happen_before_follows_spawn_and_join() {
    let mut t = fig1a(false);
    // T1 joins T2 before its transaction: T2's write cannot come between.
    t.threads.push("2".into());
    for e in &mut t.events {
        if e.tid == 0 {
            e.index += 1;
        }
    }
    let mut join = access(0, 0, false);
    join.access = None;
    join.sync = vec![crate::PSync::Join { child: 1 }];
    t.events.insert(2, join);
    // Order: T2's two events first, then the join, then T1's accesses.
    let (t2a, t2b) = (t.events[3].clone(), t.events[4].clone());
    let j = t.events.remove(2);
    t.events.truncate(2);
    let (t1a, t1b) = (t.events[0].clone(), t.events[1].clone());
    t.events = vec![t2a, t2b, j, t1a, t1b];
    t.marks[0].index = 1;
    t.marks[1].index = 3;
    t.validate().expect("valid");
    let txs = candidates::transactions(&t, TxSource::Markers);
    let (all, _) = candidates::candidates(&t, &txs, &weft_core::Deadline::default());
    assert_eq!(all.len(), 1);
    let hb = MustHb::new(&t);
    assert!(candidates::prune(&t, &hb, &all).is_empty());
}
