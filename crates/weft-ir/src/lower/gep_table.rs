//! What `llvm-ir` 0.11 loses, read again through the LLVM C API.
//!
//! `llvm-ir` 0.11 does not expose the source element type of a *constant*
//! GEP, which opaque pointers make necessary to compute its offset, the
//! full value of integer constants wider than 64 bits, nor the template
//! and constraint strings of inline assembly. This module reads the
//! bitcode a second time through the LLVM C API (read-only), computes each
//! constant GEP's offset with LLVM's own data layout, and keys it by where
//! it is used (a [`Scope`]: one instruction, or one global's initializer)
//! and a structural descriptor that [`describe`] recomputes on the
//! `llvm-ir` side. The descriptor lacks the source element type, so two
//! GEPs of one scope with the same descriptor and different offsets (say
//! `offsetof` of two struct types, both `gep (null, 0, 1)`) are ambiguous:
//! such a GEP is not folded (the program is refused as unsupported), never
//! given the other one's offset. Wide constants and inline assembly are
//! keyed by their position (defined function, block, instruction).

use llvm_sys::bit_reader::LLVMParseBitcodeInContext2;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ffi::CString;
use std::path::Path;

/// What `llvm-ir` 0.11 loses and the C API still knows.
#[derive(Default)]
pub(crate) struct GepTable {
    /// (scope, descriptor) → byte offset of that constant GEP from its base
    /// address; `None` if two GEPs of the scope share the descriptor but not
    /// the offset.
    pub offsets: FxHashMap<(Scope, String), Option<i64>>,
    /// Integer constants wider than 64 bits, which `llvm-ir` truncates:
    /// (defined function, block, instruction, low 64 bits) → full value.
    pub wide: FxHashMap<(u32, u32, u32, u64), u128>,
    /// Calls of inline assembly: (defined function, block, instruction) →
    /// (template, constraints), as LLVM prints them (`$0` for GCC's `%0`).
    pub asm: FxHashMap<(u32, u32, u32), (String, String)>,
}

/// Where a constant is used: an instruction of a defined function
/// (function, block, instruction; the terminator is the block's last), or
/// the initializer of global variable `g` (as `(GLOBALS, g, 0)`).
pub(crate) type Scope = (u32, u32, u32);

/// The function index of a global initializer's [`Scope`].
pub(crate) const GLOBALS: u32 = u32::MAX;

impl GepTable {
    /// The offset of the GEP described by `desc` in `scope`, if it is known
    /// and not ambiguous.
    pub fn get(&self, scope: Scope, desc: String) -> Option<i64> {
        *self.offsets.get(&(scope, desc))?
    }
}

/// Builds the table for the bitcode file at `path`. Returns an empty table
/// if the file cannot be read (the caller reports that error separately).
pub(crate) fn build(path: &Path) -> GepTable {
    let mut table = GepTable::default();
    let Ok(cpath) = CString::new(path.as_os_str().as_encoded_bytes()) else {
        return table;
    };
    // SAFETY: plain LLVM C API use; every object is owned by `ctx` and
    // disposed of at the end; nothing escapes this function.
    unsafe {
        let ctx = LLVMContextCreate();
        let mut buf: LLVMMemoryBufferRef = std::ptr::null_mut();
        let mut err: *mut libc::c_char = std::ptr::null_mut();
        if LLVMCreateMemoryBufferWithContentsOfFile(cpath.as_ptr(), &mut buf, &mut err) != 0 {
            LLVMContextDispose(ctx);
            return table;
        }
        let mut module: LLVMModuleRef = std::ptr::null_mut();
        if LLVMParseBitcodeInContext2(ctx, buf, &mut module) == 0 {
            let mut w = Walker {
                td: LLVMGetModuleDataLayout(module),
                seen: FxHashSet::default(),
                scope: (GLOBALS, 0, 0),
                table: &mut table,
            };
            w.module(module);
            LLVMDisposeModule(module);
        }
        LLVMDisposeMemoryBuffer(buf);
        LLVMContextDispose(ctx);
    }
    table
}

struct Walker<'t> {
    td: LLVMTargetDataRef,
    /// Constants already walked in `scope`.
    seen: FxHashSet<usize>,
    scope: Scope,
    table: &'t mut GepTable,
}

impl Walker<'_> {
    unsafe fn module(&mut self, m: LLVMModuleRef) {
        let mut g = LLVMGetFirstGlobal(m);
        let mut gi = 0u32;
        while !g.is_null() {
            let init = LLVMGetInitializer(g);
            if !init.is_null() {
                self.enter((GLOBALS, gi, 0));
                self.constant(init);
            }
            g = LLVMGetNextGlobal(g);
            gi += 1;
        }
        let mut f = LLVMGetFirstFunction(m);
        let mut fi = 0u32;
        while !f.is_null() {
            let mut bb = LLVMGetFirstBasicBlock(f);
            let defined = !bb.is_null();
            let mut bi = 0u32;
            while !bb.is_null() {
                let mut i = LLVMGetFirstInstruction(bb);
                let mut ii = 0u32;
                while !i.is_null() {
                    self.inline_asm(i, (fi, bi, ii));
                    self.enter((fi, bi, ii));
                    for k in 0..LLVMGetNumOperands(i).max(0) as u32 {
                        let op = LLVMGetOperand(i, k);
                        self.constant(op);
                        self.wide_int(op, (fi, bi, ii));
                    }
                    i = LLVMGetNextInstruction(i);
                    ii += 1;
                }
                bb = LLVMGetNextBasicBlock(bb);
                bi += 1;
            }
            fi += defined as u32;
            f = LLVMGetNextFunction(f);
        }
    }

    /// Starts recording the constants used in `scope`.
    fn enter(&mut self, scope: Scope) {
        self.scope = scope;
        self.seen.clear();
    }

    /// Records the strings of an inline-assembly call at `pos`.
    unsafe fn inline_asm(&mut self, i: LLVMValueRef, pos: (u32, u32, u32)) {
        if LLVMIsACallInst(i).is_null() {
            return;
        }
        let callee = LLVMGetCalledValue(i);
        if callee.is_null() || LLVMIsAInlineAsm(callee).is_null() {
            return;
        }
        let text = |p: *const libc::c_char, len: usize| {
            if p.is_null() {
                return String::new();
            }
            let bytes = std::slice::from_raw_parts(p as *const u8, len);
            String::from_utf8_lossy(bytes).into_owned()
        };
        let mut len = 0usize;
        let tmpl = text(LLVMGetInlineAsmAsmString(callee, &mut len), len);
        let mut len = 0usize;
        let cons = text(LLVMGetInlineAsmConstraintString(callee, &mut len), len);
        self.table.asm.insert(pos, (tmpl, cons));
    }

    /// Records a ConstantInt wider than 64 bits used at `pos`.
    unsafe fn wide_int(&mut self, v: LLVMValueRef, pos: (u32, u32, u32)) {
        if v.is_null() || LLVMIsAConstantInt(v).is_null() {
            return;
        }
        let width = LLVMGetIntTypeWidth(LLVMTypeOf(v));
        if width <= 64 {
            return;
        }
        let text = LLVMPrintValueToString(v);
        let s = std::ffi::CStr::from_ptr(text)
            .to_string_lossy()
            .into_owned();
        LLVMDisposeMessage(text);
        // Printed as `iN <decimal>`; `true`/`false` only occur for i1.
        let Some(dec) = s.split_whitespace().nth(1) else {
            return;
        };
        let Ok(full) = dec.parse::<i128>() else {
            return;
        };
        let full = if width >= 128 {
            full as u128
        } else {
            full as u128 & ((1u128 << width) - 1)
        };
        self.table
            .wide
            .insert((pos.0, pos.1, pos.2, full as u64), full);
    }

    unsafe fn constant(&mut self, v: LLVMValueRef) {
        if v.is_null() || LLVMIsAConstant(v).is_null() || !LLVMIsAGlobalValue(v).is_null() {
            return;
        }
        if !self.seen.insert(v as usize) {
            return;
        }
        for k in 0..LLVMGetNumOperands(v).max(0) as u32 {
            self.constant(LLVMGetOperand(v, k));
        }
        if !LLVMIsAConstantExpr(v).is_null()
            && LLVMGetConstOpcode(v) == LLVMOpcode::LLVMGetElementPtr
        {
            if let (Some(d), Some(off)) = (desc(v), self.offset(v)) {
                self.table
                    .offsets
                    .entry((self.scope, d))
                    .and_modify(|o| {
                        if *o != Some(off) {
                            *o = None;
                        }
                    })
                    .or_insert(Some(off));
            }
        }
    }

    unsafe fn offset(&self, v: LLVMValueRef) -> Option<i64> {
        let mut ty = LLVMGetGEPSourceElementType(v);
        let n = LLVMGetNumOperands(v) as u32;
        let mut off: i64 = 0;
        for k in 1..n {
            let idx = LLVMGetOperand(v, k);
            if LLVMIsAConstantInt(idx).is_null() {
                return None;
            }
            let i = LLVMConstIntGetSExtValue(idx);
            if k == 1 {
                off = off.wrapping_add(i.wrapping_mul(LLVMABISizeOfType(self.td, ty) as i64));
                continue;
            }
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    off = off.wrapping_add(LLVMOffsetOfElement(self.td, ty, i as u32) as i64);
                    ty = LLVMStructGetTypeAtIndex(ty, i as u32);
                }
                LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                    ty = LLVMGetElementType(ty);
                    off = off.wrapping_add(i.wrapping_mul(LLVMABISizeOfType(self.td, ty) as i64));
                }
                _ => return None,
            }
        }
        Some(off)
    }
}

unsafe fn desc(v: LLVMValueRef) -> Option<String> {
    if !LLVMIsAGlobalValue(v).is_null() {
        let mut len = 0usize;
        let p = LLVMGetValueName2(v, &mut len);
        let bytes = std::slice::from_raw_parts(p as *const u8, len);
        return Some(format!("@{}", String::from_utf8_lossy(bytes)));
    }
    if !LLVMIsAConstantInt(v).is_null() {
        return Some(LLVMConstIntGetSExtValue(v).to_string());
    }
    if !LLVMIsAConstantPointerNull(v).is_null() {
        return Some("null".to_string());
    }
    if !LLVMIsAConstantExpr(v).is_null() && LLVMGetConstOpcode(v) == LLVMOpcode::LLVMGetElementPtr {
        let mut parts = Vec::new();
        for k in 0..LLVMGetNumOperands(v) as u32 {
            parts.push(desc(LLVMGetOperand(v, k))?);
        }
        return Some(format!("gep({})", parts.join(",")));
    }
    None
}

/// The same descriptor, computed from an `llvm-ir` constant.
pub(crate) fn describe(c: &llvm_ir::Constant) -> Option<String> {
    use llvm_ir::Constant as C;
    match c {
        C::GlobalReference { name, .. } => Some(format!("@{}", super::name_str(name))),
        C::Int { bits, value } => Some(super::consts::sext(*value as u128, *bits).to_string()),
        C::Null(_) => Some("null".to_string()),
        C::GetElementPtr(g) => {
            let mut parts = vec![describe(&g.address)?];
            for i in &g.indices {
                parts.push(describe(i)?);
            }
            Some(format!("gep({})", parts.join(",")))
        }
        _ => None,
    }
}
