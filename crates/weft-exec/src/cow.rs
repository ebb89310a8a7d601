//! Copy-on-write access to the shared parts of a [`Machine`] state.
//!
//! A snapshot shares threads, memory objects and synchronisation state
//! with the running state through `Arc`s, and the interpreter asks for
//! mutable access to them many times per event (each register write goes
//! through its thread). `Arc::make_mut` pays a locked compare-exchange on
//! every call, even when the state is not shared; [`make_mut`] checks the
//! counts with plain loads first, and only takes that path when the value
//! may be shared.
//!
//! It also owns [`PartLocal`], the handle through which a machine reads
//! what all the parts of a split run share without counting on that
//! value's own `Arc` at every snapshot.
//!
//! [`Machine`]: crate::machine::Machine

use std::sync::atomic::{fence, Ordering};
use std::sync::Arc;

/// `Arc::make_mut`, without an atomic read-modify-write when `a` is the
/// only reference to its value.
#[inline(always)]
pub(crate) fn make_mut<T: Clone>(a: &mut Arc<T>) -> &mut T {
    if Arc::strong_count(a) == 1 && Arc::weak_count(a) == 0 {
        // Pairs with the release decrement of the last other owner, as in
        // `Arc::make_mut`'s own check.
        fence(Ordering::Acquire);
        // SAFETY: `a` is the only `Arc` of its value and no `Weak` exists,
        // so no other reference can exist or be made while `a` is
        // borrowed mutably (making one needs `a`). The fence orders our
        // accesses after every access made through the owners that are
        // gone.
        unsafe { &mut *Arc::as_ptr(a).cast_mut() }
    } else {
        Arc::make_mut(a)
    }
}

/// A handle, private to one part of a split run (`-j`), on a value that
/// every part shares: the program and the thread-name registry. A machine
/// is cloned at every snapshot; through this handle the clone counts on
/// the handle's own `Arc`, which only one worker touches, instead of on
/// the shared value's, whose count would bounce between the cores of all
/// workers (with `-j 2` on mutex_counter N=9, the clones and drops of
/// machines took 30% more samples than with `-j 1`). Reading costs one
/// more pointer.
pub(crate) struct PartLocal<T>(Arc<T>);

impl<T> PartLocal<T> {
    /// A new handle on `shared`: make one per machine built from scratch.
    pub(crate) fn new(shared: T) -> PartLocal<T> {
        PartLocal(Arc::new(shared))
    }
}

impl<T> Clone for PartLocal<T> {
    fn clone(&self) -> PartLocal<T> {
        PartLocal(Arc::clone(&self.0))
    }
}

impl<T> std::ops::Deref for PartLocal<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_local_clones_leave_the_shared_count_alone() {
        let shared = Arc::new(vec![7]);
        let handle = PartLocal::new(shared.clone());
        assert_eq!(Arc::strong_count(&shared), 2);
        let snapshots: Vec<_> = (0..5).map(|_| handle.clone()).collect();
        assert_eq!(Arc::strong_count(&shared), 2);
        assert_eq!(snapshots[4][0], 7);
        drop(snapshots);
        drop(handle);
        assert_eq!(Arc::strong_count(&shared), 1);
    }

    #[test]
    fn unique_values_are_changed_in_place_shared_ones_copied() {
        let mut a = Arc::new(vec![1]);
        let p = Arc::as_ptr(&a);
        make_mut(&mut a).push(2);
        assert_eq!(Arc::as_ptr(&a), p);
        let b = a.clone();
        make_mut(&mut a).push(3);
        assert_ne!(Arc::as_ptr(&a), p);
        assert_eq!(*a, [1, 2, 3]);
        assert_eq!(*b, [1, 2]);
        let w = Arc::downgrade(&b);
        let mut b = b;
        make_mut(&mut b).push(4);
        assert_eq!(*b, [1, 2, 4]);
        assert!(w.upgrade().is_none());
    }
}
