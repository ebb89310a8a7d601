//! Runtime models of external functions, written in Rust.
//!
//! Each modelled function is one [`Model`] entry in [`MODELS`]. A model has
//! a `run` function and, if the call can be a visible operation, a `pending`
//! function that says which event the call would be (or `None` when this
//! particular call only touches thread-local memory).

mod c11;
mod clock;
mod ctype;
mod env;
mod file;
mod libc;
mod libm;
mod parse;
mod prims;
mod pthread;
mod rand;
mod scan;
mod sort;
mod stdio;
mod strings;
mod tokens;
mod verifier;

use crate::machine::{Machine, Stop};
use crate::value::Value;
use weft_core::{EventKind, Tid};

/// The arguments of one call to a model.
pub struct Call<'a> {
    pub tid: Tid,
    pub args: &'a [Value],
    /// The alternative chosen by the explorer (see `System::alternatives`).
    pub alt: u32,
}

impl Call<'_> {
    /// Argument `i` as raw bits (uninitialised reads as zero).
    pub fn arg(&self, i: usize) -> u128 {
        self.args.get(i).map(|v| v.bits_or_zero()).unwrap_or(0)
    }

    pub fn addr(&self, i: usize) -> u64 {
        self.arg(i) as u64
    }
}

/// What a model's `run` did to control flow.
pub enum Ret {
    /// Return this value and continue after the call.
    Value(Value),
    /// Stay at the call: it has more phases (e.g. `pthread_cond_wait`).
    Stay,
    /// The model already moved the thread (e.g. `pthread_exit`).
    Done,
    /// Call program function `func` with `args`; when it returns, the call
    /// returns `result` and `on_return` happens (e.g. `pthread_once`
    /// running its init routine).
    Call {
        func: weft_ir::FuncId,
        args: Vec<Value>,
        result: Value,
        on_return: crate::thread::OnReturn,
    },
}

pub(crate) use file::{read_disk, DiskFile, Files, FILE_SIZE, STD_NAMES};
pub(crate) use prims::once_done;

pub type PendingFn = fn(&Machine, &Call) -> Result<Option<EventKind>, Stop>;
pub type RunFn = fn(&mut Machine, &Call) -> Result<Ret, Stop>;

/// One modelled external function.
pub struct Model {
    pub name: &'static str,
    pub pending: Option<PendingFn>,
    pub run: RunFn,
}

/// A model that is always a visible operation.
const fn visible(name: &'static str, pending: PendingFn, run: RunFn) -> Model {
    Model {
        name,
        pending: Some(pending),
        run,
    }
}

/// A model that never is.
const fn local(name: &'static str, run: RunFn) -> Model {
    Model {
        name,
        pending: None,
        run,
    }
}

/// Every modelled function, in groups (the README's table of supported
/// functions is generated from this; see [`table_markdown`]). Adding one
/// is adding one line here.
pub static GROUPS: &[Group] = &[
    Group {
        name: "Memory",
        models: &[
            local("malloc", libc::malloc),
            local("calloc", libc::calloc),
            visible("realloc", libc::realloc_pending, libc::realloc),
            visible("free", libc::free_pending, libc::free),
        ],
    },
    Group {
        name: "Strings and raw memory",
        models: &[
            visible("memcpy", libc::memcpy_pending, libc::memcpy),
            visible("memmove", libc::memcpy_pending, libc::memcpy),
            visible("memset", libc::memset_pending, libc::memset),
            visible("memcmp", libc::memcmp_pending, libc::memcmp),
            visible("strlen", libc::strlen_pending, libc::strlen),
            visible("strcmp", libc::strcmp_pending, libc::strcmp),
            visible("strncmp", libc::strcmp_pending, libc::strncmp),
            visible("strcpy", libc::strcpy_pending, libc::strcpy),
            visible("strncpy", libc::strncpy_pending, libc::strncpy),
        ],
    },
    Group {
        name: "Output",
        models: &[
            visible("printf", stdio::printf_pending, stdio::printf),
            visible("vprintf", stdio::vprintf_pending, stdio::vprintf),
            visible("puts", stdio::puts_pending, stdio::puts),
            local("putchar", stdio::putchar),
            visible("fprintf", stdio::fprintf_pending, stdio::fprintf),
            visible("vfprintf", stdio::vfprintf_pending, stdio::vfprintf),
            visible("fputs", file::fputs_pending, file::fputs),
            visible("fputc", file::fputc_pending, file::fputc),
            visible("putc", file::fputc_pending, file::fputc),
            visible("_IO_putc", file::fputc_pending, file::fputc),
            visible("fwrite", file::fwrite_pending, file::fwrite),
            visible("fflush", file::fflush_pending, file::fflush),
            visible("setbuf", file::setvbuf_pending, file::setvbuf),
            visible("setvbuf", file::setvbuf_pending, file::setvbuf),
            visible("dprintf", stdio::dprintf_pending, stdio::dprintf),
            visible("vdprintf", stdio::vdprintf_pending, stdio::vdprintf),
        ],
    },
    Group {
        name: "Formatting into strings",
        models: &[
            visible("sprintf", stdio::sprintf_pending, stdio::sprintf),
            visible("snprintf", stdio::snprintf_pending, stdio::snprintf),
            visible("vsprintf", stdio::vsprintf_pending, stdio::vsprintf),
            visible("vsnprintf", stdio::vsnprintf_pending, stdio::vsnprintf),
            visible("asprintf", stdio::asprintf_pending, stdio::asprintf),
            visible("vasprintf", stdio::vasprintf_pending, stdio::vasprintf),
        ],
    },
    Group {
        name: "Files",
        models: &[
            local("fopen", file::fopen),
            visible("fclose", file::fclose_pending, file::fclose),
            visible("fread", file::fread_pending, file::fread),
            visible("fgets", file::fgets_pending, file::fgets),
            visible("fgetc", file::fgetc_pending, file::fgetc),
            visible("getc", file::fgetc_pending, file::fgetc),
            visible("_IO_getc", file::fgetc_pending, file::fgetc),
            local("getchar", file::getchar),
            visible("feof", file::feof_pending, file::feof),
            visible("ferror", file::ferror_pending, file::ferror),
            visible("clearerr", file::clearerr_pending, file::clearerr),
            visible("fseek", file::fseek_pending, file::fseek),
            visible("ftell", file::ftell_pending, file::ftell),
            visible("rewind", file::rewind_pending, file::rewind),
        ],
    },
    Group {
        name: "Termination",
        models: &[
            local("abort", verifier::abort),
            visible("exit", verifier::exit_pending, verifier::exit),
            visible("_Exit", verifier::exit_now_pending, verifier::exit_now),
            visible("_exit", verifier::exit_now_pending, verifier::exit_now),
            visible("quick_exit", verifier::exit_now_pending, verifier::exit_now),
            local("atexit", verifier::atexit),
            local("__assert_fail", verifier::assert_fail),
            local("__assert", verifier::assert_bsd),
            local("_assert", verifier::assert_bsd),
            local("__assert_rtn", verifier::assert_rtn),
            local("__assert_func", verifier::assert_func),
            local("__assert_perror_fail", verifier::assert_perror_fail),
            local("reach_error", verifier::reach_error),
            local("__VERIFIER_error", verifier::verifier_error),
        ],
    },
    Group {
        name: "SV-COMP",
        models: &[
            visible(
                "__VERIFIER_nondet_bool",
                verifier::nondet_bool_pending,
                verifier::nondet_bool,
            ),
            visible(
                "__VERIFIER_nondet_char",
                verifier::nondet_byte_pending,
                verifier::nondet_byte,
            ),
            visible(
                "__VERIFIER_nondet_uchar",
                verifier::nondet_byte_pending,
                verifier::nondet_byte,
            ),
            local("__VERIFIER_nondet_short", verifier::nondet_i16),
            local("__VERIFIER_nondet_ushort", verifier::nondet_i16),
            local("__VERIFIER_nondet_int", verifier::nondet_i32),
            local("__VERIFIER_nondet_uint", verifier::nondet_i32),
            local("__VERIFIER_nondet_unsigned", verifier::nondet_i32),
            local("__VERIFIER_nondet_u32", verifier::nondet_i32),
            local("__VERIFIER_nondet_long", verifier::nondet_word),
            local("__VERIFIER_nondet_ulong", verifier::nondet_word),
            local("__VERIFIER_nondet_longlong", verifier::nondet_i64),
            local("__VERIFIER_nondet_ulonglong", verifier::nondet_i64),
            local("__VERIFIER_nondet_size_t", verifier::nondet_word),
            local("__VERIFIER_nondet_pointer", verifier::nondet_word),
            local("__VERIFIER_nondet_float", verifier::nondet_f32),
            local("__VERIFIER_nondet_double", verifier::nondet_f64),
            local("klee_make_symbolic", verifier::make_symbolic),
            local("weft_make_symbolic", verifier::make_symbolic),
            visible("klee_assume", verifier::assume_pending, verifier::assume),
            visible(
                "__VERIFIER_assume",
                verifier::assume_pending,
                verifier::assume,
            ),
            visible(
                "__VERIFIER_atomic_begin",
                verifier::atomic_begin_pending,
                verifier::atomic_begin,
            ),
            visible(
                "__VERIFIER_atomic_end",
                verifier::atomic_end_pending,
                verifier::atomic_end,
            ),
            local("weft_atomic_begin", verifier::weft_atomic_begin),
            local("weft_atomic_end", verifier::weft_atomic_end),
        ],
    },
    Group {
        name: "Threads",
        models: &[
            visible("pthread_create", pthread::create_pending, pthread::create),
            visible("pthread_join", pthread::join_pending, pthread::join),
            visible("pthread_exit", pthread::exit_pending, pthread::exit),
            visible("pthread_detach", pthread::detach_pending, pthread::detach),
            local("pthread_self", pthread::self_),
            local("pthread_equal", pthread::equal),
        ],
    },
    Group {
        name: "Mutexes",
        models: &[
            local("pthread_mutexattr_init", pthread::mutexattr_init),
            local("pthread_mutexattr_destroy", pthread::mutexattr_destroy),
            local("pthread_mutexattr_settype", pthread::mutexattr_settype),
            local("pthread_mutexattr_gettype", pthread::mutexattr_gettype),
            visible(
                "pthread_mutex_init",
                pthread::mutex_init_pending,
                pthread::mutex_init,
            ),
            visible(
                "pthread_mutex_destroy",
                pthread::mutex_destroy_pending,
                pthread::mutex_destroy,
            ),
            visible("pthread_mutex_lock", pthread::lock_pending, pthread::lock),
            visible(
                "pthread_mutex_trylock",
                pthread::trylock_pending,
                pthread::trylock,
            ),
            visible(
                "pthread_mutex_timedlock",
                pthread::trylock_pending,
                pthread::timedlock,
            ),
            visible(
                "pthread_mutex_clocklock",
                pthread::trylock_pending,
                pthread::timedlock,
            ),
            visible(
                "pthread_mutex_unlock",
                pthread::mutex_unlock_pending,
                pthread::mutex_unlock,
            ),
        ],
    },
    Group {
        name: "Condition variables",
        models: &[
            local("pthread_condattr_init", pthread::attr_noop),
            local("pthread_condattr_destroy", pthread::attr_noop),
            visible(
                "pthread_cond_init",
                pthread::cond_init_pending,
                pthread::cond_init,
            ),
            visible(
                "pthread_cond_destroy",
                pthread::cond_destroy_pending,
                pthread::cond_destroy,
            ),
            visible(
                "pthread_cond_wait",
                pthread::cond_wait_pending,
                pthread::cond_wait,
            ),
            visible(
                "pthread_cond_timedwait",
                pthread::cond_wait_pending,
                pthread::cond_timedwait,
            ),
            visible(
                "pthread_cond_clockwait",
                pthread::cond_wait_pending,
                pthread::cond_timedwait,
            ),
            visible(
                "pthread_cond_signal",
                pthread::signal_pending,
                pthread::signal,
            ),
            visible(
                "pthread_cond_broadcast",
                pthread::broadcast_pending,
                pthread::broadcast,
            ),
        ],
    },
    Group {
        name: "Yielding",
        models: &[
            visible("sched_yield", pthread::yield_pending, pthread::yield_),
            visible("pthread_yield", pthread::yield_pending, pthread::yield_),
            visible("thrd_yield", pthread::yield_pending, pthread::yield_),
        ],
    },
    Group {
        name: "Time and sleeping",
        models: &[
            visible("time", clock::time_pending, clock::time),
            visible(
                "clock_gettime",
                clock::clock_gettime_pending,
                clock::clock_gettime,
            ),
            visible(
                "gettimeofday",
                clock::gettimeofday_pending,
                clock::gettimeofday,
            ),
            visible(
                "timespec_get",
                clock::timespec_get_pending,
                clock::timespec_get,
            ),
            visible("clock", clock::clock_pending, clock::clock),
            visible("sleep", clock::sleep_s_pending, clock::sleep_s),
            visible("usleep", clock::usleep_pending, clock::usleep),
            visible("nanosleep", clock::nanosleep_pending, clock::nanosleep),
            visible(
                "clock_nanosleep",
                clock::clock_nanosleep_pending,
                clock::clock_nanosleep,
            ),
            visible("thrd_sleep", clock::nanosleep_pending, clock::nanosleep),
        ],
    },
    Group {
        name: "Random numbers",
        models: &[
            visible("rand", rand::rand_pending, rand::rand),
            visible("random", rand::rand_pending, rand::rand),
            visible("srand", rand::rand_pending, rand::srand),
            visible("srandom", rand::rand_pending, rand::srand),
            visible("rand_r", rand::rand_r_pending, rand::rand_r),
        ],
    },
    Group {
        name: "Math (libm)",
        models: &[
            local("sqrt", libm::sqrt),
            local("sqrtf", libm::sqrtf),
            local("cbrt", libm::cbrt),
            local("cbrtf", libm::cbrtf),
            local("fabs", libm::fabs),
            local("fabsf", libm::fabsf),
            local("floor", libm::floor),
            local("floorf", libm::floorf),
            local("ceil", libm::ceil),
            local("ceilf", libm::ceilf),
            local("round", libm::round),
            local("roundf", libm::roundf),
            local("trunc", libm::trunc),
            local("truncf", libm::truncf),
            local("rint", libm::rint),
            local("rintf", libm::rintf),
            local("exp", libm::exp),
            local("expf", libm::expf),
            local("exp2", libm::exp2),
            local("exp2f", libm::exp2f),
            local("expm1", libm::expm1),
            local("expm1f", libm::expm1f),
            local("log", libm::log),
            local("logf", libm::logf),
            local("log2", libm::log2),
            local("log2f", libm::log2f),
            local("log10", libm::log10),
            local("log10f", libm::log10f),
            local("log1p", libm::log1p),
            local("log1pf", libm::log1pf),
            local("sin", libm::sin),
            local("sinf", libm::sinf),
            local("cos", libm::cos),
            local("cosf", libm::cosf),
            local("tan", libm::tan),
            local("tanf", libm::tanf),
            local("asin", libm::asin),
            local("asinf", libm::asinf),
            local("acos", libm::acos),
            local("acosf", libm::acosf),
            local("atan", libm::atan),
            local("atanf", libm::atanf),
            local("sinh", libm::sinh),
            local("sinhf", libm::sinhf),
            local("cosh", libm::cosh),
            local("coshf", libm::coshf),
            local("tanh", libm::tanh),
            local("tanhf", libm::tanhf),
            local("asinh", libm::asinh),
            local("asinhf", libm::asinhf),
            local("acosh", libm::acosh),
            local("acoshf", libm::acoshf),
            local("atanh", libm::atanh),
            local("atanhf", libm::atanhf),
            local("pow", libm::pow),
            local("powf", libm::powf),
            local("atan2", libm::atan2),
            local("atan2f", libm::atan2f),
            local("hypot", libm::hypot),
            local("hypotf", libm::hypotf),
            local("fmod", libm::fmod),
            local("fmodf", libm::fmodf),
            local("fmin", libm::fmin),
            local("fminf", libm::fminf),
            local("fmax", libm::fmax),
            local("fmaxf", libm::fmaxf),
            local("fdim", libm::fdim),
            local("fdimf", libm::fdimf),
            local("copysign", libm::copysign),
            local("copysignf", libm::copysignf),
            local("nearbyint", libm::nearbyint),
            local("nearbyintf", libm::nearbyintf),
            local("lround", libm::lround),
            local("llround", libm::lround),
            local("lroundf", libm::lroundf),
            local("llroundf", libm::lroundf),
            local("lrint", libm::lrint),
            local("llrint", libm::lrint),
            local("lrintf", libm::lrintf),
            local("llrintf", libm::lrintf),
        ],
    },
    Group {
        name: "Thread attributes",
        models: &[
            local("pthread_attr_init", prims::attr_init),
            local("pthread_attr_destroy", pthread::attr_noop),
            local("pthread_attr_setdetachstate", prims::attr_setdetachstate),
            local("pthread_attr_getdetachstate", prims::attr_getdetachstate),
            local("pthread_attr_setstacksize", prims::attr_setstacksize),
            local("pthread_attr_getstacksize", prims::attr_getstacksize),
            local("pthread_attr_setguardsize", prims::attr_setguardsize),
            local("pthread_attr_getguardsize", prims::attr_getguardsize),
        ],
    },
    Group {
        name: "errno",
        models: &[
            local("__errno_location", prims::errno_location),
            local("strerror", stdio::strerror),
            local("perror", stdio::perror),
        ],
    },
    Group {
        name: "Thread-local storage",
        models: &[
            local("llvm.threadlocal.address", prims::tls_address),
            local("pthread_key_create", prims::key_create),
            local("pthread_key_delete", prims::key_delete),
            local("pthread_setspecific", prims::setspecific),
            local("pthread_getspecific", prims::getspecific),
            local("tss_create", prims::tss_create),
            local("tss_delete", prims::tss_delete),
            local("tss_set", prims::tss_set),
            local("tss_get", prims::tss_get),
        ],
    },
    Group {
        name: "One-time initialisation",
        models: &[
            visible("pthread_once", prims::once_pending, prims::once),
            visible("call_once", prims::once_pending, prims::once),
        ],
    },
    Group {
        name: "Read-write locks",
        models: &[
            local("pthread_rwlockattr_init", pthread::attr_noop),
            local("pthread_rwlockattr_destroy", pthread::attr_noop),
            visible(
                "pthread_rwlock_init",
                prims::rw_init_pending,
                prims::rw_init,
            ),
            visible(
                "pthread_rwlock_destroy",
                prims::rw_destroy_pending,
                prims::rw_destroy,
            ),
            visible(
                "pthread_rwlock_rdlock",
                prims::rdlock_pending,
                prims::rdlock,
            ),
            visible(
                "pthread_rwlock_wrlock",
                prims::wrlock_pending,
                prims::wrlock,
            ),
            visible(
                "pthread_rwlock_tryrdlock",
                prims::tryrdlock_pending,
                prims::tryrdlock,
            ),
            visible(
                "pthread_rwlock_trywrlock",
                prims::trywrlock_pending,
                prims::trywrlock,
            ),
            visible(
                "pthread_rwlock_timedrdlock",
                prims::tryrdlock_pending,
                prims::timedrdlock,
            ),
            visible(
                "pthread_rwlock_timedwrlock",
                prims::trywrlock_pending,
                prims::timedwrlock,
            ),
            visible(
                "pthread_rwlock_clockrdlock",
                prims::tryrdlock_pending,
                prims::timedrdlock,
            ),
            visible(
                "pthread_rwlock_clockwrlock",
                prims::trywrlock_pending,
                prims::timedwrlock,
            ),
            visible(
                "pthread_rwlock_unlock",
                prims::rw_unlock_pending,
                prims::rw_unlock,
            ),
        ],
    },
    Group {
        name: "Spin locks",
        models: &[
            visible(
                "pthread_spin_init",
                pthread::mutex_init_pending,
                prims::spin_init,
            ),
            visible(
                "pthread_spin_destroy",
                pthread::mutex_destroy_pending,
                pthread::mutex_destroy,
            ),
            visible("pthread_spin_lock", pthread::lock_pending, pthread::lock),
            visible(
                "pthread_spin_trylock",
                pthread::trylock_pending,
                pthread::trylock,
            ),
            visible(
                "pthread_spin_unlock",
                pthread::unlock_pending,
                pthread::unlock,
            ),
        ],
    },
    Group {
        name: "Semaphores",
        models: &[
            visible("sem_init", prims::sem_init_pending, prims::sem_init),
            visible(
                "sem_destroy",
                prims::sem_destroy_pending,
                prims::sem_destroy,
            ),
            visible("sem_wait", prims::sem_wait_pending, prims::sem_wait),
            visible(
                "sem_timedwait",
                prims::sem_timedwait_pending,
                prims::sem_timedwait,
            ),
            visible(
                "sem_clockwait",
                prims::sem_timedwait_pending,
                prims::sem_timedwait,
            ),
            visible(
                "sem_trywait",
                prims::sem_trywait_pending,
                prims::sem_trywait,
            ),
            visible("sem_post", prims::sem_post_pending, prims::sem_post),
            visible(
                "sem_getvalue",
                prims::sem_getvalue_pending,
                prims::sem_getvalue,
            ),
        ],
    },
    Group {
        name: "Barriers",
        models: &[
            local("pthread_barrierattr_init", pthread::attr_noop),
            local("pthread_barrierattr_destroy", pthread::attr_noop),
            visible(
                "pthread_barrier_init",
                prims::barrier_init_pending,
                prims::barrier_init,
            ),
            visible(
                "pthread_barrier_destroy",
                prims::barrier_destroy_pending,
                prims::barrier_destroy,
            ),
            visible(
                "pthread_barrier_wait",
                prims::barrier_wait_pending,
                prims::barrier_wait,
            ),
        ],
    },
    Group {
        name: "C11 threads",
        models: &[
            visible("thrd_create", pthread::create_pending, c11::thrd_create),
            visible("thrd_join", pthread::join_pending, c11::thrd_join),
            visible("thrd_exit", pthread::exit_pending, pthread::exit),
            visible("thrd_detach", pthread::detach_pending, c11::thrd_detach),
            local("thrd_current", pthread::self_),
            local("thrd_equal", pthread::equal),
            visible("mtx_init", pthread::mutex_init_pending, c11::mtx_init),
            visible(
                "mtx_destroy",
                pthread::mutex_destroy_pending,
                c11::mtx_destroy,
            ),
            visible("mtx_lock", pthread::lock_pending, c11::mtx_lock),
            visible("mtx_trylock", pthread::trylock_pending, c11::mtx_trylock),
            visible(
                "mtx_timedlock",
                pthread::trylock_pending,
                c11::mtx_timedlock,
            ),
            visible("mtx_unlock", pthread::unlock_pending, c11::mtx_unlock),
            visible("cnd_init", pthread::cond_init_pending, c11::cnd_init),
            visible(
                "cnd_destroy",
                pthread::cond_destroy_pending,
                c11::cnd_destroy,
            ),
            visible("cnd_signal", pthread::signal_pending, c11::cnd_signal),
            visible(
                "cnd_broadcast",
                pthread::broadcast_pending,
                c11::cnd_broadcast,
            ),
            visible("cnd_wait", pthread::cond_wait_pending, c11::cnd_wait),
            visible(
                "cnd_timedwait",
                pthread::cond_wait_pending,
                c11::cnd_timedwait,
            ),
        ],
    },
    Group {
        name: "More strings and memory",
        models: &[
            visible("strcat", strings::strcat_pending, strings::strcat),
            visible("strncat", strings::strncat_pending, strings::strncat),
            visible("strchr", strings::strchr_pending, strings::strchr),
            visible("strrchr", strings::strrchr_pending, strings::strrchr),
            visible("strstr", strings::strstr_pending, strings::strstr),
            visible("strspn", strings::strspn_pending, strings::strspn),
            visible("strcspn", strings::strcspn_pending, strings::strcspn),
            visible("strpbrk", strings::strpbrk_pending, strings::strpbrk),
            visible("strnlen", strings::strnlen_pending, strings::strnlen),
            visible("strdup", strings::strdup_pending, strings::strdup),
            visible("strndup", strings::strndup_pending, strings::strndup),
            visible("memchr", strings::memchr_pending, strings::memchr),
            visible("memrchr", strings::memrchr_pending, strings::memrchr),
            visible("memmem", tokens::memmem_pending, tokens::memmem),
            visible("stpcpy", tokens::stpcpy_pending, tokens::stpcpy),
            visible("strcasecmp", tokens::strcasecmp_pending, tokens::strcasecmp),
            visible(
                "strncasecmp",
                tokens::strcasecmp_pending,
                tokens::strncasecmp,
            ),
            visible("strtok", tokens::strtok_pending, tokens::strtok),
            visible("strtok_r", tokens::strtok_r_pending, tokens::strtok_r),
            local("abs", strings::abs),
            local("labs", strings::labs),
            local("llabs", strings::labs),
            visible(
                "posix_memalign",
                strings::posix_memalign_pending,
                strings::posix_memalign,
            ),
            local("aligned_alloc", strings::aligned_alloc),
            local("memalign", strings::aligned_alloc),
            visible(
                "reallocarray",
                strings::reallocarray_pending,
                strings::reallocarray,
            ),
        ],
    },
    Group {
        name: "Character classes",
        models: &[
            local("__ctype_b_loc", ctype::b_loc),
            local("__ctype_tolower_loc", ctype::tolower_loc),
            local("__ctype_toupper_loc", ctype::toupper_loc),
            local("isalpha", ctype::isalpha),
            local("isdigit", ctype::isdigit),
            local("isalnum", ctype::isalnum),
            local("isspace", ctype::isspace),
            local("isupper", ctype::isupper),
            local("islower", ctype::islower),
            local("isxdigit", ctype::isxdigit),
            local("ispunct", ctype::ispunct),
            local("isprint", ctype::isprint),
            local("isgraph", ctype::isgraph),
            local("iscntrl", ctype::iscntrl),
            local("isblank", ctype::isblank),
            local("isascii", ctype::isascii),
            local("tolower", ctype::tolower),
            local("toupper", ctype::toupper),
        ],
    },
    Group {
        name: "Number parsing",
        models: &[
            visible("strtol", parse::strtol_pending, parse::strtol),
            visible("strtoll", parse::strtoll_pending, parse::strtoll),
            visible("strtoul", parse::strtoul_pending, parse::strtoul),
            visible("strtoull", parse::strtoull_pending, parse::strtoull),
            visible("strtod", parse::strtod_pending, parse::strtod),
            visible("strtof", parse::strtof_pending, parse::strtof),
            visible("atoi", parse::atoi_pending, parse::atoi),
            visible("atol", parse::atol_pending, parse::atol),
            visible("atoll", parse::atoll_pending, parse::atoll),
            visible("atof", parse::atof_pending, parse::atof),
            visible("sscanf", scan::sscanf_pending, scan::sscanf),
            visible("__isoc99_sscanf", scan::sscanf_pending, scan::sscanf),
            visible("vsscanf", scan::vsscanf_pending, scan::vsscanf),
            visible("__isoc99_vsscanf", scan::vsscanf_pending, scan::vsscanf),
            visible(
                "__isoc23_sscanf",
                scan::sscanf_c23_pending,
                scan::sscanf_c23,
            ),
            visible(
                "__isoc23_vsscanf",
                scan::vsscanf_c23_pending,
                scan::vsscanf_c23,
            ),
            visible("__isoc23_strtol", parse::strtol_pending, parse::strtol_c23),
            visible(
                "__isoc23_strtoll",
                parse::strtoll_pending,
                parse::strtoll_c23,
            ),
            visible(
                "__isoc23_strtoul",
                parse::strtoul_pending,
                parse::strtoul_c23,
            ),
            visible(
                "__isoc23_strtoull",
                parse::strtoull_pending,
                parse::strtoull_c23,
            ),
        ],
    },
    Group {
        name: "Sorting and searching",
        models: &[
            visible("qsort", sort::qsort_pending, sort::qsort),
            local("bsearch", sort::bsearch),
        ],
    },
    Group {
        name: "Environment",
        models: &[
            visible("getenv", env::getenv_pending, env::getenv),
            visible("setenv", env::setenv_pending, env::setenv),
            visible("unsetenv", env::unsetenv_pending, env::unsetenv),
            local("sysconf", env::sysconf),
            local("get_nprocs", env::get_nprocs),
            local("get_nprocs_conf", env::get_nprocs),
            local("getpid", env::getpid),
            local("getppid", env::getppid),
            local("gettid", env::gettid),
        ],
    },
];

/// Whether a call of model `name` is an ordinary memory operation: plain
/// loads and stores of the C library, with no lock and no fence (`memcpy`,
/// `memset`, the string functions, number parsing, `sprintf` into a buffer,
/// a clock reading's store into `*t`...). Under TSO/PSO such a call's
/// event is no barrier: it reads through its thread's store buffer and
/// writes into it (see `buffer`). The others that can be `MemOp` events
/// stay full barriers: stdio and file calls lock their stream, the
/// environment functions a lock of their own.
/// The arguments of model `name` that are allocation sizes: symbolic ones
/// are forked over their small values (see `sym`) rather than concretised.
pub fn size_args(name: &str) -> &'static [usize] {
    match name {
        "malloc" | "valloc" => &[0],
        "calloc" => &[0, 1],
        "realloc" | "aligned_alloc" | "memalign" => &[1],
        "posix_memalign" => &[2],
        _ => &[],
    }
}

/// Whether model `name` takes symbolic arguments as they are (the others
/// get them concretised, see `sym`).
pub fn symbolic_args(name: &str) -> bool {
    matches!(name, "__VERIFIER_assume" | "klee_assume")
}

pub fn plain_memory(name: &str) -> bool {
    let group = |g: &str| {
        GROUPS
            .iter()
            .any(|x| x.name == g && x.models.iter().any(|m| m.name == name))
    };
    group("Strings and raw memory")
        || group("More strings and memory")
        || group("Formatting into strings")
        || group("Number parsing")
        || group("Sorting and searching")
        || matches!(
            name,
            "time" | "clock_gettime" | "gettimeofday" | "timespec_get" | "rand_r"
        )
}

/// A group of modelled functions, as the README lists them.
pub struct Group {
    pub name: &'static str,
    pub models: &'static [Model],
}

/// Every modelled function.
pub fn models() -> impl Iterator<Item = &'static Model> {
    GROUPS.iter().flat_map(|g| g.models.iter())
}

/// The model for external function `name`.
pub fn lookup(name: &str) -> Option<&'static Model> {
    models().find(|m| m.name == name)
}

/// The README's table of supported functions: one row per group, the
/// functions in the table's order.
pub fn table_markdown() -> String {
    let mut out = String::from("| group | functions |\n|---|---|\n");
    for g in GROUPS {
        let names: Vec<String> = g.models.iter().map(|m| format!("`{}`", m.name)).collect();
        out.push_str(&format!("| {} | {} |\n", g.name, names.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_is_named_once() {
        let mut names: Vec<&str> = models().map(|m| m.name).collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "a function is modelled twice");
    }
}
