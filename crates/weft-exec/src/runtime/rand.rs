//! Pseudo-random numbers: `rand`, `srand`, `random`, `srandom`, `rand_r`.
//!
//! The sequences are glibc's, so a program prints under weft what it
//! prints natively: `rand` and `random` share glibc's additive feedback
//! generator (`TYPE_3`: 31 words of state, separation 3, seeded by a
//! Lehmer generator and stirred 310 times), seeded with 1 until `srand`
//! says otherwise; `rand_r` is glibc's three-step linear congruential
//! generator over the caller's `unsigned int`.
//!
//! The generator's state is one of the C library's own objects
//! ([`LibObj::Rand`]). glibc guards it with a lock, so each `rand` or
//! `srand` is one atomic read-modify-write of it with acquire-release
//! order: calls in different threads are ordered by the reduction (the
//! numbers each thread gets depend on that order) and synchronise as
//! glibc's lock does, so they are never a race.

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::program::LibObj;
use crate::value::Value;
use weft_core::{EventKind, Order};

type Pending = Result<Option<EventKind>, Stop>;
type Run = Result<Ret, Stop>;

/// Words of state (glibc's `DEG_3`) and the front/rear separation.
const DEG: usize = 31;
const SEP: usize = 3;

/// glibc's generator: `state`, and the front and rear indices into it.
struct Generator {
    state: [i32; DEG],
    f: usize,
    r: usize,
}

impl Generator {
    /// `srandom_r(seed)`.
    fn seeded(seed: u32) -> Generator {
        let seed = if seed == 0 { 1 } else { seed };
        let mut state = [0i32; DEG];
        state[0] = seed as i32;
        let mut word = seed as i32;
        for s in state.iter_mut().skip(1) {
            let (hi, lo) = (word as i64 / 127_773, word as i64 % 127_773);
            let mut w = 16_807 * lo - 2_836 * hi;
            if w < 0 {
                w += 2_147_483_647;
            }
            word = w as i32;
            *s = word;
        }
        let mut g = Generator {
            state,
            f: SEP,
            r: 0,
        };
        for _ in 0..10 * DEG {
            g.next();
        }
        g
    }

    /// `random_r`: the next number, in `0..=RAND_MAX`.
    fn next(&mut self) -> u32 {
        let v = (self.state[self.f] as u32).wrapping_add(self.state[self.r] as u32);
        self.state[self.f] = v as i32;
        self.f = (self.f + 1) % DEG;
        self.r = (self.r + 1) % DEG;
        v >> 1
    }
}

/// Layout of the state object: a word that is 1 once seeded, the two
/// indices, then the state words.
const SEEDED: u64 = 0;
const FRONT: u64 = 4;
const REAR: u64 = 8;
const STATE: u64 = 12;

fn word(m: &Machine, a: u64) -> u32 {
    m.mem.read_int(a, 4).ok().flatten().unwrap_or(0) as u32
}

fn put(m: &mut Machine, a: u64, v: u32) {
    m.mem
        .write_int(a, 4, Some(v as u128))
        .expect("rand's state is a live static object");
}

fn load(m: &Machine) -> Generator {
    let a = m.prog.lib_addr(LibObj::Rand);
    if word(m, a + SEEDED) == 0 {
        return Generator::seeded(1);
    }
    let mut state = [0i32; DEG];
    for (i, s) in state.iter_mut().enumerate() {
        *s = word(m, a + STATE + 4 * i as u64) as i32;
    }
    Generator {
        state,
        f: word(m, a + FRONT) as usize % DEG,
        r: word(m, a + REAR) as usize % DEG,
    }
}

fn store(m: &mut Machine, g: &Generator) {
    let a = m.prog.lib_addr(LibObj::Rand);
    put(m, a + SEEDED, 1);
    put(m, a + FRONT, g.f as u32);
    put(m, a + REAR, g.r as u32);
    for (i, s) in g.state.iter().enumerate() {
        put(m, a + STATE + 4 * i as u64, *s as u32);
    }
}

/// The event of every `rand`/`srand`: the generator's lock word, read and
/// written.
fn event(m: &Machine, old: u32, new: u32) -> EventKind {
    EventKind::Rmw {
        addr: m.prog.lib_addr(LibObj::Rand),
        size: 4,
        old: old as u128,
        new: new as u128,
        order: Order::AcqRel,
    }
}

pub fn rand_pending(m: &Machine, _: &Call) -> Pending {
    Ok(Some(event(m, 0, 0)))
}

/// `rand()` and `random()`.
pub fn rand(m: &mut Machine, _: &Call) -> Run {
    let old = word(m, m.prog.lib_addr(LibObj::Rand));
    let mut g = load(m);
    let v = g.next();
    store(m, &g);
    m.last = Some(event(m, old, 1));
    Ok(Ret::Value(Value::Int(v as u128)))
}

/// `srand(seed)` and `srandom(seed)`.
pub fn srand(m: &mut Machine, c: &Call) -> Run {
    let old = word(m, m.prog.lib_addr(LibObj::Rand));
    store(m, &Generator::seeded(c.arg(0) as u32));
    m.last = Some(event(m, old, 1));
    Ok(Ret::Value(Value::ZERO))
}

pub fn rand_r_pending(m: &Machine, c: &Call) -> Pending {
    let a = c.addr(0);
    let shared = m.mem.is_shared(a) && m.mem.check(a, 4, true).is_ok();
    Ok(shared.then_some(EventKind::MemOp {
        buffered: false,
        name: "rand_r",
        stream: None,
        read: Some((a, 4)),
        write: Some((a, 4)),
    }))
}

/// glibc's `rand_r`: three steps of a linear congruential generator, 11
/// then 10 then 10 bits of the result.
fn rand_r_step(seed: u32) -> (u32, u32) {
    let step = |n: u32| n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
    let mut next = step(seed);
    let mut result = (next / 65_536) % 2_048;
    for _ in 0..2 {
        next = step(next);
        result = (result << 10) ^ ((next / 65_536) % 1_024);
    }
    (result, next)
}

pub fn rand_r(m: &mut Machine, c: &Call) -> Run {
    let a = c.addr(0);
    let seed = m
        .mem
        .read_int(a, 4)
        .map_err(|e| m.mem_bug(e, false))?
        .unwrap_or(0) as u32;
    let (result, next) = rand_r_step(seed);
    m.private_write(c.tid, a, 4, |m| m.mem.write_int(a, 4, Some(next as u128)))
        .map_err(|e| m.mem_bug(e, true))?;
    m.last = rand_r_pending(m, c)?;
    Ok(Ret::Value(Value::Int(result as u128)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glibc_sequences() {
        // glibc 2.36: `srand(1)` (the default), then `rand()` three times.
        let mut g = Generator::seeded(1);
        assert_eq!(
            [g.next(), g.next(), g.next()],
            [1804289383, 846930886, 1681692777]
        );
        // `srand(42)`.
        let mut g = Generator::seeded(42);
        assert_eq!(g.next(), 71876166);
        // `rand_r` from seed 1.
        assert_eq!(rand_r_step(1).0, 476707713);
    }
}
