//! A serialisable copy of a cone of expressions: how `weft predict` trace
//! files carry the symbolic values of a recorded execution.
//!
//! Owns [`Dag`] (a list of nodes in which every operand comes before its
//! user), [`DagWriter`] (copies cones out of a pool, sharing common nodes)
//! and [`Dag::import`] (rebuilds them in another pool through the
//! simplifying constructors, so an imported node may come out simpler than
//! it went in, never different in value). Variables are imported as fresh
//! variables of the target pool, one per variable node.

use crate::expr::{BinOp, Expr, Op, Smt};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

/// Nodes in dependency order: operands are indices of earlier nodes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dag {
    pub nodes: Vec<DagNode>,
}

/// One node; `width` is the result's width in bits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum DagNode {
    /// `value` in hexadecimal (`0x...`).
    Const {
        width: u32,
        value: String,
    },
    Var {
        width: u32,
        name: String,
    },
    Not {
        width: u32,
        a: u32,
    },
    Bin {
        width: u32,
        bin: BinOp,
        a: u32,
        b: u32,
    },
    Ite {
        width: u32,
        c: u32,
        t: u32,
        e: u32,
    },
    /// Bits `lo .. lo + width` of `a`.
    Extract {
        width: u32,
        a: u32,
        lo: u32,
    },
    Zext {
        width: u32,
        a: u32,
    },
    Sext {
        width: u32,
        a: u32,
    },
}

/// Copies cones of one pool into a [`Dag`].
#[derive(Default)]
pub struct DagWriter {
    dag: Dag,
    index: FxHashMap<Expr, u32>,
}

impl DagWriter {
    pub fn new() -> DagWriter {
        DagWriter::default()
    }

    /// The node of `e` in the dag, copying what of its cone is not there yet.
    pub fn add(&mut self, smt: &Smt, e: Expr) -> u32 {
        if let Some(&i) = self.index.get(&e) {
            return i;
        }
        // Operands first, without recursion (cones may be deep).
        let mut todo = vec![(e, false)];
        while let Some((x, expanded)) = todo.pop() {
            if self.index.contains_key(&x) {
                continue;
            }
            if !expanded {
                todo.push((x, true));
                todo.extend(
                    smt.children(x)
                        .filter(|c| !self.index.contains_key(c))
                        .map(|c| (c, false)),
                );
                continue;
            }
            let n = *smt.node(x);
            let width = n.width as u32;
            let at = |c: Expr| self.index[&c];
            let node = match n.op {
                Op::Const(v) => DagNode::Const {
                    width,
                    value: format!("{v:#x}"),
                },
                Op::Var(v) => DagNode::Var {
                    width,
                    name: smt.var_info(v).name.clone(),
                },
                Op::Not(a) => DagNode::Not { width, a: at(a) },
                Op::Bin(bin, a, b) => DagNode::Bin {
                    width,
                    bin,
                    a: at(a),
                    b: at(b),
                },
                Op::Ite(c, t, f) => DagNode::Ite {
                    width,
                    c: at(c),
                    t: at(t),
                    e: at(f),
                },
                Op::Extract(a, lo) => DagNode::Extract {
                    width,
                    a: at(a),
                    lo: lo as u32,
                },
                Op::ZExt(a) => DagNode::Zext { width, a: at(a) },
                Op::SExt(a) => DagNode::Sext { width, a: at(a) },
            };
            let i = self.dag.nodes.len() as u32;
            self.dag.nodes.push(node);
            self.index.insert(x, i);
        }
        self.index[&e]
    }

    pub fn finish(self) -> Dag {
        self.dag
    }
}

impl Dag {
    /// Rebuilds every node in `smt`; `result[i]` is node `i`. An operand
    /// that is not an earlier node, a width out of 1..=128 or a bad
    /// constant is an error (a hand-edited or truncated file).
    pub fn import(&self, smt: &mut Smt) -> Result<Vec<Expr>, String> {
        let mut out: Vec<Expr> = Vec::with_capacity(self.nodes.len());
        for (i, n) in self.nodes.iter().enumerate() {
            let get = |j: u32| {
                out.get(j as usize)
                    .copied()
                    .ok_or_else(|| format!("node {i} uses node {j}, which does not come before it"))
            };
            let width = match n {
                DagNode::Const { width, .. }
                | DagNode::Var { width, .. }
                | DagNode::Not { width, .. }
                | DagNode::Bin { width, .. }
                | DagNode::Ite { width, .. }
                | DagNode::Extract { width, .. }
                | DagNode::Zext { width, .. }
                | DagNode::Sext { width, .. } => *width,
            };
            if !(1..=128).contains(&width) {
                return Err(format!("node {i} has width {width} (1 to 128 allowed)"));
            }
            let e = match n {
                DagNode::Const { value, .. } => {
                    let digits = value.trim_start_matches("0x");
                    let v = u128::from_str_radix(digits, 16)
                        .map_err(|e| format!("node {i}: constant {value}: {e}"))?;
                    smt.constant(width, v)
                }
                DagNode::Var { name, .. } => smt.var(width, name, "a recorded trace"),
                DagNode::Not { a, .. } => {
                    let a = get(*a)?;
                    smt.not(a)
                }
                DagNode::Bin { bin, a, b, .. } => {
                    let (a, b) = (get(*a)?, get(*b)?);
                    smt.binary(*bin, a, b)
                }
                DagNode::Ite { c, t, e, .. } => {
                    let (c, t, e) = (get(*c)?, get(*t)?, get(*e)?);
                    smt.ite(c, t, e)
                }
                DagNode::Extract { a, lo, .. } => {
                    let a = get(*a)?;
                    smt.extract(a, lo + width - 1, *lo)
                }
                DagNode::Zext { a, .. } => {
                    let a = get(*a)?;
                    smt.zext(a, width)
                }
                DagNode::Sext { a, .. } => {
                    let a = get(*a)?;
                    smt.sext(a, width)
                }
            };
            if smt.width(e) != width {
                return Err(format!("node {i}: operands do not give width {width}"));
            }
            out.push(e);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Assignment;

    #[test]
    fn a_cone_survives_export_and_import() {
        let mut smt = Smt::new();
        let x = smt.var(32, "x", "test");
        let y = smt.var(8, "y", "test");
        let one = smt.constant(32, 1);
        let sum = smt.add(x, one);
        let wide = smt.zext(y, 32);
        let lt = smt.slt(sum, wide);
        let pick = smt.ite(lt, sum, wide);
        let low = smt.extract(pick, 15, 8);
        let mut w = DagWriter::new();
        let roots = [w.add(&smt, low), w.add(&smt, lt)];
        let dag = w.finish();
        let text = serde_json::to_string(&dag).unwrap();
        let back: Dag = serde_json::from_str(&text).unwrap();
        let mut other = Smt::new();
        let nodes = back.import(&mut other).unwrap();
        let vars = other.vars_of(nodes[roots[0] as usize]);
        for (xv, yv) in [(5u128, 200u128), (0xfffe, 3), (0x1234_5678, 0x80)] {
            let mut a = Assignment::new();
            a.set(&smt, smt.vars_of(x)[0], xv);
            a.set(&smt, smt.vars_of(y)[0], yv);
            let mut b = Assignment::new();
            for v in &vars {
                let val = if other.var_info(*v).name == "x" {
                    xv
                } else {
                    yv
                };
                b.set(&other, *v, val);
            }
            assert_eq!(smt.eval(low, &a), other.eval(nodes[roots[0] as usize], &b));
            assert_eq!(smt.eval(lt, &a), other.eval(nodes[roots[1] as usize], &b));
        }
    }

    #[test]
    fn a_bad_operand_is_an_error() {
        let dag = Dag {
            nodes: vec![DagNode::Not { width: 8, a: 3 }],
        };
        assert!(dag.import(&mut Smt::new()).is_err());
    }
}
