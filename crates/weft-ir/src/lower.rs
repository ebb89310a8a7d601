//! Lowering from `llvm-ir` into the dense [`Module`].
//!
//! Unsupported constructs in functions reachable from `main` are collected
//! and reported together as [`LowerError::Unsupported`], each with its source
//! location; they never panic.

mod asm;
mod consts;
mod func;
mod gep_table;
mod types;

use crate::{Code, Extern, Global, Module};
use rustc_hash::FxHashMap;
use std::path::Path;
use weft_core::{Loc, SourceMap};

/// Why a program could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LowerError {
    #[error("cannot read LLVM bitcode {path}: {msg}")]
    Read { path: String, msg: String },
    #[error("the program has no `main` function")]
    NoMain,
    #[error("{}", render_unsupported(.0))]
    Unsupported(Vec<(String, String)>),
}

fn render_unsupported(items: &[(String, String)]) -> String {
    let mut s = String::from("the program uses features weft does not support:");
    for (what, loc) in items {
        s.push_str(&format!("\n  {loc}: {what}"));
    }
    s
}

/// Loads a bitcode file and lowers it.
pub fn load(path: &Path) -> Result<Module, LowerError> {
    let m = llvm_ir::Module::from_bc_path(path).map_err(|msg| LowerError::Read {
        path: path.display().to_string(),
        msg,
    })?;
    lower_module(&m, gep_table::build(path))
}

/// Module-wide lowering context: symbol tables and interned tables.
pub(crate) struct Ctx<'m> {
    pub m: &'m llvm_ir::Module,
    pub funcs: FxHashMap<&'m str, u32>,
    pub globals: FxHashMap<&'m str, u32>,
    pub externs: Vec<Extern>,
    pub extern_ids: FxHashMap<String, u32>,
    pub files: Vec<String>,
    pub file_ids: FxHashMap<String, u32>,
    pub consts: Vec<crate::ConstVal>,
    pub nglobals: u32,
    pub nfuncs: u32,
    /// Unsupported constructs: (what, function index or None, location).
    pub unsupported: Vec<(String, Option<u32>, Loc)>,
    /// Call-graph edges and address-taken functions, for reachability.
    pub calls: Vec<Vec<u32>>,
    pub address_taken: Vec<u32>,
    pub current_fn: Option<u32>,
    /// (block, instruction) being lowered, for wide-constant lookup.
    pub current_pos: (u32, u32),
    /// The global whose initializer is being lowered (outside functions).
    pub current_global: Option<u32>,
    pub gep_offsets: gep_table::GepTable,
    /// The target's data model.
    pub dm: crate::DataModel,
}

impl<'m> Ctx<'m> {
    pub fn loc(&mut self, dl: &Option<llvm_ir::DebugLoc>) -> Loc {
        let Some(dl) = dl else { return Loc::UNKNOWN };
        let file = match self.file_ids.get(&dl.filename) {
            Some(&f) => f,
            None => {
                let f = self.files.len() as u32;
                self.files.push(dl.filename.clone());
                self.file_ids.insert(dl.filename.clone(), f);
                f
            }
        };
        Loc {
            file,
            line: dl.line,
        }
    }

    /// Where the constant being folded is used, for the GEP table: the
    /// instruction being lowered, or the global initializer.
    pub fn const_scope(&self) -> Option<gep_table::Scope> {
        match (self.current_fn, self.current_global) {
            (Some(f), _) => Some((f, self.current_pos.0, self.current_pos.1)),
            (None, Some(g)) => Some((gep_table::GLOBALS, g, 0)),
            (None, None) => None,
        }
    }

    pub fn unsupported(&mut self, what: impl Into<String>, loc: Loc) {
        self.unsupported.push((what.into(), self.current_fn, loc));
    }

    /// The id of external function `name`, interning it on first use.
    pub fn extern_id(&mut self, name: &str, loc: Loc) -> u32 {
        if let Some(&e) = self.extern_ids.get(name) {
            return e;
        }
        let e = self.externs.len() as u32;
        self.externs.push(Extern {
            name: name.to_string(),
            first_use: loc,
        });
        self.extern_ids.insert(name.to_string(), e);
        e
    }

    /// Address of a named global or function.
    pub fn symbol_addr(&mut self, name: &str, loc: Loc) -> u64 {
        if let Some(&g) = self.globals.get(name) {
            return Module::global_addr(self.dm.addr, g as usize);
        }
        let code = match self.funcs.get(name) {
            Some(&f) => {
                self.address_taken.push(f);
                Code::Func(f)
            }
            None => Code::Extern(self.extern_id(name, loc)),
        };
        self.code_addr(code)
    }

    pub fn code_addr(&self, code: Code) -> u64 {
        let base = self.nglobals + 1;
        let index = match code {
            Code::Func(f) => base + f,
            Code::Extern(e) => base + self.nfuncs + e,
        };
        self.dm.addr.addr(crate::addr::ObjId { space: 0, index }, 0)
    }
}

fn name_str(n: &llvm_ir::Name) -> String {
    match n {
        llvm_ir::Name::Name(s) => s.to_string(),
        llvm_ir::Name::Number(n) => n.to_string(),
    }
}

fn lower_module(
    m: &llvm_ir::Module,
    gep_offsets: gep_table::GepTable,
) -> Result<Module, LowerError> {
    let dm = data_model(m)?;
    let mut cx = Ctx {
        m,
        funcs: m
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.as_str(), i as u32))
            .collect(),
        globals: FxHashMap::default(),
        externs: Vec::new(),
        extern_ids: FxHashMap::default(),
        files: Vec::new(),
        file_ids: FxHashMap::default(),
        consts: Vec::new(),
        nglobals: m.global_vars.len() as u32,
        nfuncs: m.functions.len() as u32,
        unsupported: Vec::new(),
        calls: vec![Vec::new(); m.functions.len()],
        address_taken: Vec::new(),
        current_fn: None,
        current_pos: (0, 0),
        current_global: None,
        gep_offsets,
        dm,
    };
    let gnames: Vec<String> = m.global_vars.iter().map(|g| name_str(&g.name)).collect();
    for (i, g) in m.global_vars.iter().enumerate() {
        if let llvm_ir::Name::Name(s) = &g.name {
            cx.globals.insert(s.as_str(), i as u32);
        }
    }
    let mut functions = Vec::with_capacity(m.functions.len());
    for (i, f) in m.functions.iter().enumerate() {
        cx.current_fn = Some(i as u32);
        functions.push(func::lower_function(&mut cx, f));
    }
    cx.current_fn = None;
    let globals = lower_globals(&mut cx, &gnames);
    let statics = 1
        + cx.nglobals as u64
        + cx.nfuncs as u64
        + cx.externs.len() as u64
        + crate::addr::RUNTIME_STATICS as u64;
    let max_static_index = dm.addr.limits().max_static_index;
    if statics > max_static_index as u64 + 1 {
        cx.unsupported(
            format!(
                "{statics} globals and functions (weft's limit is {max_static_index} under {})",
                dm.name
            ),
            Loc::UNKNOWN,
        );
    }
    let main = cx.funcs.get("main").copied();
    let reachable = reachability(&cx, main);
    report_unsupported(&cx, &reachable)?;
    let main = main.ok_or(LowerError::NoMain)?;
    Ok(Module {
        functions,
        externs: cx.externs,
        globals,
        consts: cx.consts,
        sources: SourceMap { files: cx.files },
        reachable,
        main: Some(main),
        dm,
    })
}

/// The data model of the module's target: x86-64 (LP64) or i386 (ILP32);
/// any other target, or a datalayout that disagrees with the model's
/// table, is refused.
fn data_model(m: &llvm_ir::Module) -> Result<crate::DataModel, LowerError> {
    let a = &m.data_layout.alignments;
    crate::DataModel::for_target(
        m.target_triple.as_deref(),
        a.ptr_alignment(0).size,
        a.int_alignment(64).abi,
        a.fp_alignment(llvm_ir::types::FPType::Double).abi,
    )
    .map_err(|what| LowerError::Unsupported(vec![(what, "<module>".to_string())]))
}

fn lower_globals(cx: &mut Ctx, names: &[String]) -> Vec<Global> {
    let m = cx.m;
    let mut out = Vec::with_capacity(m.global_vars.len());
    for (gi, (g, name)) in m.global_vars.iter().zip(names).enumerate() {
        cx.current_global = Some(gi as u32);
        // `g.ty` is the global's pointer type; the value type is the
        // initializer's. External globals without one get a pointer of zero bytes.
        let ty = match &g.initializer {
            Some(c) => {
                use llvm_ir::types::Typed;
                let t = c.get_type(&m.types);
                types::lower_type(cx, &t)
            }
            None => crate::Ty::Int(cx.dm.ptr as u32 * 8),
        };
        let size = ty.size().max(1);
        let max = cx.dm.addr.limits().max_static_size;
        if size > max {
            cx.unsupported(
                format!(
                    "global `{name}` of {size} bytes (weft's limit for a global is {max} bytes under {})",
                    cx.dm.name
                ),
                Loc::UNKNOWN,
            );
        }
        let mut image = consts::Image::default();
        if let Some(c) = &g.initializer {
            if !consts::write_init(cx, c, 0, &ty, &mut image) {
                cx.unsupported(format!("initializer of global `{name}`"), Loc::UNKNOWN);
            }
        }
        out.push(Global {
            name: name.clone(),
            size,
            init: image.runs(size),
            constant: g.is_constant,
            external: g.initializer.is_none(),
        });
    }
    cx.current_global = None;
    out
}

fn reachability(cx: &Ctx, main: Option<u32>) -> Vec<bool> {
    let mut seen = vec![false; cx.nfuncs as usize];
    let mut stack: Vec<u32> = main
        .into_iter()
        .chain(cx.address_taken.iter().copied())
        .collect();
    while let Some(f) = stack.pop() {
        if std::mem::replace(&mut seen[f as usize], true) {
            continue;
        }
        stack.extend(cx.calls[f as usize].iter().copied());
    }
    seen
}

fn report_unsupported(cx: &Ctx, reachable: &[bool]) -> Result<(), LowerError> {
    let sources = SourceMap {
        files: cx.files.clone(),
    };
    let mut items: Vec<(String, String)> = Vec::new();
    for (what, f, loc) in &cx.unsupported {
        let live = f.is_none_or(|f| reachable[f as usize]);
        let entry = (what.clone(), render_loc(&sources, *loc, *f, cx));
        if live && !items.contains(&entry) {
            items.push(entry);
        }
    }
    if items.is_empty() {
        Ok(())
    } else {
        Err(LowerError::Unsupported(items))
    }
}

fn render_loc(sources: &SourceMap, loc: Loc, f: Option<u32>, cx: &Ctx) -> String {
    if loc.is_known() {
        return sources.render(loc);
    }
    match f {
        Some(f) => format!("in function `{}`", cx.m.functions[f as usize].name),
        None => "<global>".to_string(),
    }
}
