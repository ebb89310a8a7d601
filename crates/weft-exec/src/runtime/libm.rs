//! `<math.h>`: the common functions of libm, in `double` and `float`
//! (`sqrt` and `sqrtf`). Each call is forwarded to the host's own libm
//! (the C library weft itself runs on), so that results, and the `errno`
//! values they set (`EDOM` for `sqrt(-1)`, `ERANGE` for `exp(1000)` or an
//! underflow to zero), are bit for bit those of a native run on the same
//! machine; a test compares them. Floating-point exception flags are not
//! modelled.

use super::{Call, Ret};
use crate::machine::{Machine, Stop};
use crate::value::Value;

type Run = Result<Ret, Stop>;

/// The host's C library: `errno`, and libm's functions looked up by name
/// in the shared library itself. (Calling them by their linked names
/// would reach Rust's own copies of some, which differ in the last bit,
/// or let the optimiser turn them into instructions that skip `errno`.)
mod sys {
    use std::ffi::{c_char, c_int, c_void, CStr};
    use std::sync::OnceLock;

    unsafe extern "C" {
        pub safe fn __errno_location() -> *mut i32;
        fn dlopen(file: *const c_char, mode: c_int) -> *mut c_void;
        fn dlsym(handle: *mut c_void, name: *const c_char) -> *mut c_void;
    }

    const RTLD_NOW: c_int = 2;

    /// The address of libm's function `name` (NUL-terminated).
    pub fn lookup(name: &CStr) -> usize {
        static LIBM: OnceLock<usize> = OnceLock::new();
        let handle = *LIBM.get_or_init(|| {
            // SAFETY: a constant, NUL-terminated library name.
            unsafe { dlopen(c"libm.so.6".as_ptr(), RTLD_NOW) as usize }
        });
        assert!(handle != 0, "weft needs the host's libm.so.6");
        // SAFETY: a live handle and a NUL-terminated name.
        let f = unsafe { dlsym(handle as *mut c_void, name.as_ptr()) } as usize;
        assert!(f != 0, "libm.so.6 has no `{}`", name.to_string_lossy());
        f
    }
}

/// Calls `f` with the host's `errno` cleared, and returns its result and
/// the `errno` it left.
fn with_errno<T>(f: impl FnOnce() -> T) -> (T, i32) {
    let e = sys::__errno_location();
    // SAFETY: `__errno_location` returns the calling thread's `errno`,
    // valid for the thread's lifetime; nothing else holds a reference.
    unsafe { *e = 0 };
    let r = f();
    (r, unsafe { *e })
}

/// libm's function `name`, of C type `ty`, looked up once.
macro_rules! host {
    ($name:ident, fn($($a:ty),*) -> $r:ty) => {{
        static F: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
        let f = *F.get_or_init(|| {
            let name = concat!(stringify!($name), "\0");
            sys::lookup(std::ffi::CStr::from_bytes_with_nul(name.as_bytes()).expect("a C name"))
        });
        // SAFETY: `f` is libm's function of this name, whose C type is
        // this one.
        unsafe { std::mem::transmute::<usize, extern "C" fn($($a),*) -> $r>(f) }
    }};
}

fn ret(m: &mut Machine, c: &Call, bits: u128, errno: i32) -> Run {
    if errno != 0 {
        m.set_errno(c.tid, errno as u32)?;
    }
    Ok(Ret::Value(Value::Int(bits)))
}

fn arg64(c: &Call, i: usize) -> f64 {
    f64::from_bits(c.arg(i) as u64)
}

fn arg32(c: &Call, i: usize) -> f32 {
    f32::from_bits(c.arg(i) as u32)
}

/// One-argument functions, `double` then `float`; two-argument ones.
macro_rules! libm {
    (unary [$($d:ident, $f:ident;)*] binary [$($bd:ident, $bf:ident;)*]) => {
        $(
            pub fn $d(m: &mut Machine, c: &Call) -> Run {
                let x = arg64(c, 0);
                let f: extern "C" fn(f64) -> f64 = host!($d, fn(f64) -> f64);
                let (r, e) = with_errno(|| f(x));
                ret(m, c, r.to_bits() as u128, e)
            }
            pub fn $f(m: &mut Machine, c: &Call) -> Run {
                let x = arg32(c, 0);
                let f: extern "C" fn(f32) -> f32 = host!($f, fn(f32) -> f32);
                let (r, e) = with_errno(|| f(x));
                ret(m, c, r.to_bits() as u128, e)
            }
        )*
        $(
            pub fn $bd(m: &mut Machine, c: &Call) -> Run {
                let (x, y) = (arg64(c, 0), arg64(c, 1));
                let f: extern "C" fn(f64, f64) -> f64 = host!($bd, fn(f64, f64) -> f64);
                let (r, e) = with_errno(|| f(x, y));
                ret(m, c, r.to_bits() as u128, e)
            }
            pub fn $bf(m: &mut Machine, c: &Call) -> Run {
                let (x, y) = (arg32(c, 0), arg32(c, 1));
                let f: extern "C" fn(f32, f32) -> f32 = host!($bf, fn(f32, f32) -> f32);
                let (r, e) = with_errno(|| f(x, y));
                ret(m, c, r.to_bits() as u128, e)
            }
        )*
    };
}

libm! {
    unary [
    sqrt, sqrtf; cbrt, cbrtf; fabs, fabsf; floor, floorf; ceil, ceilf; round, roundf;
    trunc, truncf; rint, rintf; nearbyint, nearbyintf; exp, expf; exp2, exp2f;
    expm1, expm1f; log, logf; log2, log2f; log10, log10f; log1p, log1pf; sin, sinf;
    cos, cosf; tan, tanf; asin, asinf; acos, acosf; atan, atanf; sinh, sinhf;
    cosh, coshf; tanh, tanhf; asinh, asinhf; acosh, acoshf; atanh, atanhf;
    ] binary [
    pow, powf; atan2, atan2f; hypot, hypotf; fmod, fmodf; fmin, fminf; fmax, fmaxf;
    fdim, fdimf; copysign, copysignf;
    ]
}

/// The rounding functions that return a `long` (`lround`, `lrint` and
/// their `float` versions; `llround`, `llrint` are the same on LP64).
macro_rules! to_long {
    ($($name:ident: $t:ty, $arg:ident;)*) => {$(
        pub fn $name(m: &mut Machine, c: &Call) -> Run {
            let f = host!($name, fn($t) -> i64);
            let x = $arg(c, 0);
            let (r, e) = with_errno(|| f(x));
            ret(m, c, r as u64 as u128, e)
        }
    )*};
}

to_long! {
    lround: f64, arg64;
    lroundf: f32, arg32;
    lrint: f64, arg64;
    lrintf: f32, arg32;
}
