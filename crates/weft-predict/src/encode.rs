//! The symbolic encoding of the feasible reorderings of a trace (the
//! paper's sections 4 and 5) and its decision by Z3.
//!
//! Guards (deviation, for soundness): a thread runs the code after an
//! event at once, so an event strictly before `t_c'` requires the guards
//! of its thread's next event too (the code after it follows the recorded
//! path: taking another branch there might end the program, by a failed
//! assertion for instance, before `t_c'`); the paper asks only the guards
//! of the events in the prefix. The thread whose code ended the recorded
//! execution does not run its last event before `t_c'`: that code either
//! ends the program again or leaves the recorded path.
//!
//! Owns [`Encoder`]: one expression pool and solver for a trace, the
//! position variable `O(t)` of every event (a bit-vector; `HB(a, b)` is
//! `O(a) < O(b)`), and, per second local access `t_c'`, the formula
//! `Phi_CTP` with the erroneous-prefix relaxation: an event *in the
//! prefix* (`O(t) <= O(t_c')`) must satisfy its guards and read a value
//! that some write before it, with no other write in between, wrote (the
//! pi-function, over the writes of other threads, the thread's own last
//! write and the initial value); events after `t_c'` are only held to
//! program order, so a violation needs only a prefix of the trace.
//! `Phi_AV` for a candidate is `O(t_c) < O(t_r) < O(t_c')`.
//!
//! Synchronisation (deviation: direct order constraints instead of the
//! paper's lock variables read through pi-functions, equivalent for
//! mutexes): two critical sections of one mutex in the prefix do not
//! overlap; a thread's first event follows its spawn, a join follows the
//! child's last event; every other object (condition variables,
//! semaphores, barriers, trylocked mutexes...) keeps its recorded order
//! among the events in the prefix; an event that ends the program comes
//! after `t_c'`. Memory whose accesses are not all modelled exactly (an
//! aggregate or floating-point read, overlapping accesses of different
//! sizes, `memcpy`) keeps its recorded order too. These only remove
//! reorderings, so every model is a feasible prefix; the replay checks it.

use crate::candidates::{sections, Candidate, MustHb};
use crate::trace::{PSync, PredictTrace};
use rustc_hash::{FxHashMap, FxHashSet};
use std::time::Duration;
use weft_smt::{Answer, Expr, Smt, Solver, SolverOptions};

/// The solver's answer on one candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A feasible prefix shows the violation: positions of its events in
    /// the trace, in the order of the predicted schedule (ending with
    /// `t_c'`).
    Violation(Vec<usize>),
    /// No feasible prefix does.
    Infeasible,
    /// The solver gave up (its timeout).
    Unknown,
}

/// Accesses to overlapping bytes, and whether they are modelled exactly.
struct Group {
    /// Positions in the trace, in order.
    events: Vec<usize>,
    /// Every access has the same address and size and is exact.
    precise: bool,
    /// The bytes' value before the trace (for a precise group).
    init: Option<u128>,
}

/// The encoder of one trace.
pub struct Encoder<'a> {
    trace: &'a PredictTrace,
    smt: Smt,
    solver: Solver,
    /// The dag's nodes, imported.
    nodes: Vec<Expr>,
    /// `O(t)` per event.
    order: Vec<Expr>,
    groups: Vec<Group>,
    /// The base formula of the last `t_c'` asked for.
    cached: Option<(usize, Vec<Expr>)>,
    /// Must-happen-before, and the events that must happen after the
    /// current `t_c'` (never in its prefix: see [`Encoder::hb`]).
    must: MustHb,
    after: Vec<bool>,
    /// When to give up building a formula (it is quadratic in the
    /// accesses to one variable and the sections of one mutex).
    stop: weft_core::Deadline,
    /// Work done since the deadline was last checked; whether it passed.
    work: u32,
    expired: bool,
}

fn parse_hex(s: &str) -> Option<u128> {
    u128::from_str_radix(s.trim_start_matches("0x"), 16).ok()
}

impl<'a> Encoder<'a> {
    /// Imports the trace's expressions; `must` is the trace's
    /// must-happen-before, `timeout` bounds each query.
    pub fn new(
        trace: &'a PredictTrace,
        must: MustHb,
        timeout: Option<Duration>,
        stop: weft_core::Deadline,
    ) -> Result<Encoder<'a>, String> {
        trace.validate()?;
        let mut smt = Smt::new();
        let nodes = trace.dag.import(&mut smt)?;
        // What the encoding relies on (a hand-edited trace may break it).
        for (i, e) in trace.events.iter().enumerate() {
            if let Some(g) = e
                .guards
                .iter()
                .find(|&&g| smt.width(nodes[g as usize]) != 1)
            {
                return Err(format!(
                    "event {i}: guard node {g} is not a condition (width 1)"
                ));
            }
            let bits = e.access.map(|a| a.size.saturating_mul(8));
            for n in e.read.iter().chain(&e.write) {
                let w = smt.width(nodes[*n as usize]) as u64;
                if bits.is_some_and(|b| b != w) && e.exact {
                    return Err(format!(
                        "event {i}: node {n} has {w} bits for an access of {} bytes",
                        e.access.map_or(0, |a| a.size)
                    ));
                }
            }
            if e.read
                .is_some_and(|n| !matches!(smt.node(nodes[n as usize]).op, weft_smt::Op::Var(_)))
            {
                return Err(format!("event {i}: its read is not a variable"));
            }
        }
        let n = trace.events.len();
        let bits = (usize::BITS - (n + 2).leading_zeros()).max(2);
        let order = (0..n)
            .map(|i| smt.var(bits, &format!("O{i}"), "position in the predicted schedule"))
            .collect();
        let solver = Solver::new(SolverOptions {
            timeout,
            independence: false,
            cex_cache: false,
            incremental: false,
            ..SolverOptions::default()
        });
        let mut enc = Encoder {
            trace,
            smt,
            solver,
            nodes,
            order,
            groups: Vec::new(),
            cached: None,
            must,
            after: vec![false; n],
            stop,
            work: 0,
            expired: false,
        };
        enc.groups = enc.group_accesses()?;
        Ok(enc)
    }

    /// Whether the deadline passed (checked every 4096 calls).
    fn out_of_time(&mut self) -> bool {
        self.work += 1;
        if self.work >= 4096 {
            self.work = 0;
            self.expired |= self.stop.expired().is_some();
        }
        self.expired
    }

    /// `O(a) < O(b)`. Events that must happen after `t_c'` are never in
    /// its prefix; placed after every other event (which program order,
    /// spawn and join allow: they are closed under must-happen-before),
    /// they satisfy every constraint, so their order is a constant and
    /// the formula folds away what concerns them.
    fn hb(&mut self, a: usize, b: usize) -> Expr {
        match (self.after[a], self.after[b]) {
            (false, false) => self.smt.ult(self.order[a], self.order[b]),
            (true, false) => Expr::FALSE,
            (_, true) => Expr::TRUE,
        }
    }

    /// `O(t) <= O(second)`.
    fn in_prefix(&mut self, t: usize, second: usize) -> Expr {
        if self.after[t] {
            return Expr::FALSE;
        }
        self.smt.ule(self.order[t], self.order[second])
    }

    fn implies(&mut self, a: Expr, b: Expr) -> Expr {
        self.smt.implies(a, b)
    }

    /// Accesses grouped by overlapping bytes.
    fn group_accesses(&self) -> Result<Vec<Group>, String> {
        let ev = &self.trace.events;
        let mut acc: Vec<usize> = (0..ev.len()).filter(|&i| ev[i].access.is_some()).collect();
        acc.sort_by_key(|&i| {
            let a = ev[i].access.expect("an access");
            (a.addr, i)
        });
        let mut groups: Vec<Group> = Vec::new();
        let mut end = 0u64;
        for i in acc {
            let a = ev[i].access.expect("an access");
            match groups.last_mut() {
                Some(g) if a.addr < end => {
                    g.events.push(i);
                    end = end.max(a.addr + a.size);
                }
                _ => {
                    groups.push(Group {
                        events: vec![i],
                        precise: true,
                        init: None,
                    });
                    end = a.addr + a.size;
                }
            }
        }
        let model: FxHashMap<u32, u128> = self
            .trace
            .model
            .iter()
            .map(|(n, v)| Ok((*n, parse_hex(v).ok_or(format!("model value {v}"))?)))
            .collect::<Result<_, String>>()?;
        for g in &mut groups {
            g.events.sort_unstable();
            let a0 = ev[g.events[0]].access.expect("an access");
            g.precise = g.events.iter().all(|&i| {
                let e = &ev[i];
                let a = e.access.expect("an access");
                e.exact
                    && a.addr == a0.addr
                    && a.size == a0.size
                    && (!a.read || e.read.is_some())
                    && (!a.write || e.write.is_some())
            });
            let first = &ev[g.events[0]];
            g.init = match (first.read, &first.before) {
                (Some(n), _) => model.get(&n).copied(),
                (None, Some(b)) => parse_hex(b),
                _ => None,
            };
            if g.init.is_none() {
                g.precise = false;
            }
        }
        Ok(groups)
    }

    /// `Phi_CTP` with the prefix ending at `second`.
    fn base(&mut self, second: usize) -> Vec<Expr> {
        let mut out = Vec::new();
        self.after = (0..self.trace.events.len())
            .map(|e| self.must.before(second, e))
            .collect();
        let trace = self.trace;
        let ev = &trace.events;
        // Program order, guards, spawn, join, program end.
        let mut prev: FxHashMap<u32, usize> = FxHashMap::default();
        let mut first: FxHashMap<u32, usize> = FxHashMap::default();
        let mut last: FxHashMap<u32, usize> = FxHashMap::default();
        for (i, e) in ev.iter().enumerate() {
            let before = prev.get(&e.tid).copied();
            if let Some(p) = before {
                out.push(self.hb(p, i));
            }
            prev.insert(e.tid, i);
            first.entry(e.tid).or_insert(i);
            last.insert(e.tid, i);
            if !e.guards.is_empty() {
                let gs: Vec<Expr> = e.guards.iter().map(|&g| self.nodes[g as usize]).collect();
                let g = self.smt.all(&gs);
                // Its predecessor ran strictly before t_c' (or, for a
                // first event, it is in the prefix).
                let ran = match before {
                    Some(p) => self.hb(p, second),
                    None => self.in_prefix(i, second),
                };
                out.push(self.implies(ran, g));
            }
            if e.ends_program && i != second {
                out.push(self.hb(second, i));
            }
        }
        if let Some(&l) = trace.ended_by.and_then(|t| last.get(&t)) {
            if l != second {
                // The code after it either ends the program or leaves the
                // recorded path (another value read): not before t_c'.
                out.push(self.hb(second, l));
            }
        }
        for (i, e) in ev.iter().enumerate() {
            for s in &e.sync {
                match *s {
                    PSync::Spawn { child } => {
                        if let Some(&f) = first.get(&child) {
                            out.push(self.hb(i, f));
                        }
                    }
                    PSync::Join { child } => {
                        if let Some(&l) = last.get(&child) {
                            out.push(self.hb(l, i));
                        }
                    }
                    _ => {}
                }
            }
        }
        self.sync_constraints(second, &mut out);
        self.memory_constraints(second, &mut out);
        out
    }

    /// Mutual exclusion, recorded order of ordered objects, init/destroy.
    fn sync_constraints(&mut self, second: usize, out: &mut Vec<Expr>) {
        let ev = &self.trace.events;
        let mut on_obj: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
        let mut ordered: FxHashSet<u64> = FxHashSet::default();
        let mut inits: Vec<(u64, usize, bool)> = Vec::new();
        for (i, e) in ev.iter().enumerate() {
            for s in &e.sync {
                match *s {
                    PSync::Lock { obj } | PSync::Unlock { obj } => {
                        on_obj.entry(obj).or_default().push(i)
                    }
                    PSync::Ordered { obj } => {
                        on_obj.entry(obj).or_default().push(i);
                        ordered.insert(obj);
                    }
                    PSync::Init { obj } => inits.push((obj, i, true)),
                    PSync::Destroy { obj } => inits.push((obj, i, false)),
                    _ => {}
                }
            }
        }
        let mut objs: Vec<u64> = ordered.iter().copied().collect();
        objs.sort_unstable();
        for obj in objs {
            let list = on_obj[&obj].clone();
            for w in list.windows(2) {
                if w[0] != w[1] {
                    let p = self.in_prefix(w[1], second);
                    let h = self.hb(w[0], w[1]);
                    out.push(self.implies(p, h));
                }
            }
        }
        for (obj, x, init) in inits {
            for &e in on_obj.get(&obj).map(Vec::as_slice).unwrap_or(&[]) {
                let (p, h) = if init {
                    (self.in_prefix(e, second), self.hb(x, e))
                } else {
                    (self.in_prefix(x, second), self.hb(e, x))
                };
                out.push(self.implies(p, h));
            }
        }
        let secs = sections(self.trace);
        for (i, a) in secs.iter().enumerate() {
            for b in &secs[i + 1..] {
                if a.0 == b.0 || a.1 != b.1 || ordered.contains(&a.1) {
                    continue;
                }
                if self.out_of_time() {
                    return;
                }
                let pa = self.in_prefix(a.2, second);
                let pb = self.in_prefix(b.2, second);
                let both = self.smt.bool_and(pa, pb);
                let a_first = match a.3 {
                    Some(u) => self.hb(u, b.2),
                    None => Expr::FALSE,
                };
                let b_first = match b.3 {
                    Some(u) => self.hb(u, a.2),
                    None => Expr::FALSE,
                };
                let apart = self.smt.bool_or(a_first, b_first);
                out.push(self.implies(both, apart));
            }
        }
    }

    /// Pi-functions of precise groups; recorded order of the others.
    fn memory_constraints(&mut self, second: usize, out: &mut Vec<Expr>) {
        let ev = &self.trace.events;
        for gi in 0..self.groups.len() {
            let (events, precise, init) = {
                let g = &self.groups[gi];
                (g.events.clone(), g.precise, g.init)
            };
            if !precise {
                for w in events.windows(2) {
                    let p = self.in_prefix(w[1], second);
                    let h = self.hb(w[0], w[1]);
                    out.push(self.implies(p, h));
                }
                continue;
            }
            let writes: Vec<usize> = events
                .iter()
                .copied()
                // A failed compare-exchange too: it writes back what it
                // read, and would write its new value had it succeeded.
                .filter(|&i| ev[i].write.is_some())
                .collect();
            for &r in events.iter().filter(|&&i| ev[i].read.is_some()) {
                if self.out_of_time() {
                    return;
                }
                let tid = ev[r].tid;
                let own = writes.iter().copied().rfind(|&w| w < r && ev[w].tid == tid);
                let mut cands: Vec<usize> = writes
                    .iter()
                    .copied()
                    .filter(|&w| ev[w].tid != tid)
                    .collect();
                cands.extend(own);
                let var = self.nodes[ev[r].read.expect("a read") as usize];
                let width = self.smt.width(var);
                let mut choices = Vec::new();
                for &w in &cands {
                    let val = self.nodes[ev[w].write.expect("a write") as usize];
                    debug_assert_eq!(self.smt.width(val), width, "checked in Encoder::new");
                    let mut conj = vec![self.smt.eq(var, val), self.hb(w, r)];
                    for &o in cands.iter().filter(|&&o| o != w) {
                        let before = self.hb(o, w);
                        let after = self.hb(r, o);
                        conj.push(self.smt.bool_or(before, after));
                    }
                    choices.push(self.smt.all(&conj));
                }
                if own.is_none() {
                    let c = self
                        .smt
                        .constant(width, init.expect("a precise group's initial value"));
                    let mut conj = vec![self.smt.eq(var, c)];
                    for &o in &cands {
                        conj.push(self.hb(r, o));
                    }
                    choices.push(self.smt.all(&conj));
                }
                let mut any = Expr::FALSE;
                for c in choices {
                    any = self.smt.bool_or(any, c);
                }
                let p = self.in_prefix(r, second);
                out.push(self.implies(p, any));
            }
        }
    }

    /// Decides one candidate (`Unknown` once the deadline passed).
    pub fn decide(&mut self, c: &Candidate) -> Decision {
        if self.cached.as_ref().map(|x| x.0) != Some(c.second) {
            self.cached = None;
            let base = self.base(c.second);
            if self.expired {
                return Decision::Unknown;
            }
            self.cached = Some((c.second, base));
        }
        let a = self.hb(c.first, c.remote);
        let b = self.hb(c.remote, c.second);
        let av = self.smt.bool_and(a, b);
        let base = &self.cached.as_ref().expect("just built").1;
        match self.solver.check_focus(&self.smt, base, &self.order, av) {
            Answer::Sat(m) => {
                let pos: Vec<u128> = self.order.iter().map(|&o| self.smt.eval(o, &m)).collect();
                let end = pos[c.second];
                let mut prefix: Vec<usize> = (0..pos.len())
                    .filter(|&i| !self.after[i] && pos[i] <= end)
                    .collect();
                prefix.sort_by_key(|&i| (pos[i], i));
                // An event at t_c''s position (never one it depends on:
                // those are strictly ordered) need not run before it; the
                // code after t_c' may end the execution at once.
                let at = prefix
                    .iter()
                    .position(|&i| i == c.second)
                    .expect("t_c' is in its prefix");
                prefix.truncate(at + 1);
                Decision::Violation(prefix)
            }
            Answer::Unsat => Decision::Infeasible,
            Answer::Unknown => Decision::Unknown,
        }
    }

    /// Solver counters (queries, time).
    pub fn stats(&self) -> weft_smt::SolverStats {
        self.solver.stats()
    }
}
