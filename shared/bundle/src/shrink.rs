//! Shrinking a bundle with the compiler's help.
//!
//! The name-based pruning keeps anything a name could reach; rustc knows what is
//! really used. So: check the bundle with `rustc --emit=metadata` and the lints
//! `dead_code`, `unused_imports` and `unused_macros` forced on (they override the
//! modules' `#[allow(warnings)]`), delete from the inlined crates what rustc
//! reports, and repeat until it reports nothing more. Deleting code that rustc
//! calls unused cannot change what the program does; every round must compile
//! without errors, or that round is undone and shrinking stops there.
//!
//! Deletions are done on the text (found through the syntax tree's spans), so
//! main.rs, the notices and the layout stay as they are. With an item go the
//! impls of it and the imports of its name in the same crate, which would not
//! compile without it.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use serde_json::Value;
use syn::spanned::Spanned;
use syn::{ImplItem, Item, TraitItem, UseTree};

/// Where rustc's lints point.
#[derive(Default)]
struct Report {
    /// Start bytes of the names of unused items, methods and macros.
    dead: HashSet<usize>,
    /// Of those, types rustc calls "never constructed": they may still be named
    /// (in a static's type, say), so deleting them can fail to compile.
    unconstructed: HashSet<usize>,
    /// Byte ranges of unused imports.
    unused_imports: Vec<Range<usize>>,
    /// rustc's errors, rendered.
    errors: Vec<String>,
}

/// A scratch folder for rustc's output, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The rustc to check with: `$RUSTC`, else `rustc` on the PATH.
fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}

/// Checks `text` with rustc with debug assertions on and off (the two builds
/// people make, whose `cfg(debug_assertions)` code differs), both at once, and
/// collects the lints both report, and the errors of either. (Lints on main.rs
/// are never acted on: only the crate modules' items are looked up.)
fn check(text: &str, dir: &Path) -> Result<Report, String> {
    let source = dir.join("bundle.rs");
    fs::write(&source, text).map_err(|error| format!("{}: {error}", source.display()))?;
    let spawn = |debug_assertions: &str| {
        Command::new(rustc())
            .args(["--edition", "2021", "--crate-type", "bin", "--crate-name"])
            .arg("bundle_check")
            .args(["--emit=metadata", "--error-format=json"])
            .arg(format!("-Cdebug-assertions={debug_assertions}"))
            .args(["--force-warn", "dead_code"])
            .args(["--force-warn", "unused_imports"])
            .args(["--force-warn", "unused_macros"])
            .arg("-o")
            .arg(dir.join(format!("bundle-{debug_assertions}.rmeta")))
            .arg(&source)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| format!("cannot run {}: {error}", rustc()))
    };
    let children = [spawn("on")?, spawn("off")?];
    let mut reports = Vec::new();
    for child in children {
        let output = child
            .wait_with_output()
            .map_err(|error| format!("{}: {error}", rustc()))?;
        reports.push(read_report(&output));
    }
    let off = reports.pop().unwrap_or_default();
    let mut both = reports.pop().unwrap_or_default();
    both.dead.retain(|start| off.dead.contains(start));
    both.unconstructed.extend(off.unconstructed);
    both.unused_imports
        .retain(|range| off.unused_imports.contains(range));
    // The same error in both builds is shown once.
    for error in off.errors {
        if !both.errors.contains(&error) {
            both.errors.push(error);
        }
    }
    Ok(both)
}

/// Reads one rustc run's JSON diagnostics.
fn read_report(output: &Output) -> Report {
    let mut report = Report::default();
    for line in String::from_utf8_lossy(&output.stderr).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let level = message["level"].as_str().unwrap_or_default();
        if level == "error" {
            let rendered = message["rendered"].as_str().unwrap_or_default();
            report.errors.push(rendered.to_string());
            continue;
        }
        let code = message["code"]["code"].as_str().unwrap_or_default();
        let spans = message["spans"].as_array().into_iter().flatten();
        for span in spans.filter(|span| span["is_primary"] == true) {
            let (Some(start), Some(end)) = (span["byte_start"].as_u64(), span["byte_end"].as_u64())
            else {
                continue;
            };
            let (start, end) = (start as usize, end as usize);
            match code {
                "dead_code" | "unused_macros" => {
                    report.dead.insert(start);
                    let text = message["message"].as_str().unwrap_or_default();
                    if text.contains("never constructed") {
                        report.unconstructed.insert(start);
                    }
                }
                "unused_imports" => report.unused_imports.push(start..end),
                _ => {}
            }
        }
    }
    if !output.status.success() && report.errors.is_empty() {
        report
            .errors
            .push(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    report
}

fn span_range(node: &impl Spanned) -> Range<usize> {
    node.span().byte_range()
}

fn starts(ident: &syn::Ident) -> usize {
    ident.span().byte_range().start
}

/// The name an item declares, with whether it is a type or trait (what impls name).
fn declared(item: &Item) -> Option<(&syn::Ident, bool)> {
    match item {
        Item::Const(item) => Some((&item.ident, false)),
        Item::Fn(item) => Some((&item.sig.ident, false)),
        Item::Macro(item) => item.ident.as_ref().map(|ident| (ident, false)),
        // A static is named like a type by what uses it (counted with them so
        // that its users go with it).
        Item::Static(item) => Some((&item.ident, true)),
        Item::Enum(item) => Some((&item.ident, true)),
        Item::Struct(item) => Some((&item.ident, true)),
        Item::Trait(item) => Some((&item.ident, true)),
        Item::Type(item) => Some((&item.ident, true)),
        Item::Union(item) => Some((&item.ident, true)),
        _ => None,
    }
}

/// The last identifier of a type's path, through references (`&'a Foo<T>` -> `Foo`).
pub fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        syn::Type::Reference(reference) => type_name(&reference.elem),
        _ => None,
    }
}

/// rustc's report is exact about what is unused, but deleting some of it can
/// fail to compile: code rustc considers unused without reporting it (impl
/// methods of an unused trait method, impls generated by macros) still names
/// it. A round that fails is tried again at the next, more cautious level.
#[derive(Clone, Copy, Default, PartialEq, PartialOrd)]
enum Level {
    /// Everything reported.
    #[default]
    All,
    /// Not the required methods of local traits (their impls may come from macros).
    KeepRequiredMethods,
    /// Nor types rustc calls never constructed (they may still be named).
    KeepUnconstructed,
    /// Nor functions and methods (unreported unused code may call them).
    KeepFunctions,
}

const LEVELS: [Level; 4] = [
    Level::All,
    Level::KeepRequiredMethods,
    Level::KeepUnconstructed,
    Level::KeepFunctions,
];

/// What one round deletes: byte ranges, with replacement text for imports that
/// lose some of their names.
#[derive(Default)]
struct Plan {
    /// How bold the round is: see [`Level`].
    level: Level,
    edits: Vec<(Range<usize>, String)>,
    /// Names of deleted items of the crate being planned.
    removed: HashSet<String>,
    /// Of those, the types and traits.
    removed_types: HashSet<String>,
    /// Required methods deleted from local traits: (trait, method). Their impls
    /// lose them too (rustc counts an impl's method as unused with the trait's,
    /// and may report what only it calls).
    removed_trait_methods: HashSet<(String, String)>,
}

impl Plan {
    fn delete(&mut self, range: Range<usize>) {
        self.edits.push((range, String::new()));
    }

    /// First pass over one crate: the items, methods and macro calls rustc named.
    fn reported(&mut self, items: &[Item], report: &Report) {
        for item in items {
            if let Some((ident, is_type)) = declared(item) {
                let start = starts(ident);
                let allowed = match item {
                    Item::Fn(_) => self.level < Level::KeepFunctions,
                    _ if report.unconstructed.contains(&start) => {
                        self.level < Level::KeepUnconstructed
                    }
                    _ => true,
                };
                if allowed && report.dead.contains(&start) {
                    self.delete(span_range(item));
                    self.removed.insert(ident.to_string());
                    if is_type {
                        self.removed_types.insert(ident.to_string());
                    }
                    continue;
                }
            }
            match item {
                // A macro call that declares an unused item (its name is passed in).
                Item::Macro(call) if call.ident.is_none() => {
                    let range = span_range(item);
                    if report.dead.iter().any(|start| range.contains(start)) {
                        self.delete(range);
                    }
                }
                Item::Impl(block) if self.level < Level::KeepFunctions => {
                    for member in &block.items {
                        if let ImplItem::Fn(method) = member {
                            if report.dead.contains(&starts(&method.sig.ident)) {
                                self.delete(span_range(member));
                            }
                        }
                    }
                }
                Item::Trait(block) if self.level < Level::KeepFunctions => {
                    for member in &block.items {
                        if let TraitItem::Fn(method) = member {
                            let required = method.default.is_none();
                            if required && self.level >= Level::KeepRequiredMethods {
                                continue;
                            }
                            if report.dead.contains(&starts(&method.sig.ident)) {
                                self.delete(span_range(member));
                                if required {
                                    self.removed_trait_methods.insert((
                                        block.ident.to_string(),
                                        method.sig.ident.to_string(),
                                    ));
                                }
                            }
                        }
                    }
                }
                Item::Mod(module) => {
                    if let Some((_, children)) = &module.content {
                        self.reported(children, report);
                    }
                }
                _ => {}
            }
        }
    }

    /// Second pass: impls of deleted types and traits, inherent impls left empty,
    /// item-position macro calls whose arguments or macro name a deleted type, and
    /// imports that are unused or name a deleted item.
    fn consequences(&mut self, items: &[Item], report: &Report, macros: &MacroBodies) {
        for item in items {
            match item {
                // rustc never reports a name starting with `_` as unused, so such a
                // function can be left naming what goes, in its signature or body.
                Item::Fn(function)
                    if function.sig.ident.to_string().starts_with('_')
                        && idents(function.to_token_stream())
                            .iter()
                            .any(|name| self.removed_types.contains(name)) =>
                {
                    self.delete(span_range(item));
                }
                Item::Macro(call) if call.ident.is_none() => {
                    let mut names = idents(call.mac.tokens.clone());
                    if let Some(body) = call
                        .mac
                        .path
                        .get_ident()
                        .and_then(|m| macros.get(&m.to_string()))
                    {
                        names.extend(body.iter().cloned());
                    }
                    if names.iter().any(|name| self.removed_types.contains(name)) {
                        self.delete(span_range(item));
                    }
                }
                Item::Impl(block) => {
                    let of_removed = type_name(&block.self_ty)
                        .is_some_and(|name| self.removed_types.contains(&name))
                        || block.trait_.as_ref().is_some_and(|(_, path, _)| {
                            path.segments
                                .last()
                                .is_some_and(|s| self.removed_types.contains(&s.ident.to_string()))
                        });
                    let emptied = block.trait_.is_none()
                        && block.items.iter().all(|member| {
                            let range = span_range(member);
                            self.edits.iter().any(|(edit, _)| *edit == range)
                        });
                    if of_removed || emptied {
                        self.delete(span_range(item));
                    }
                    let trait_name = block
                        .trait_
                        .as_ref()
                        .and_then(|(_, path, _)| path.segments.last())
                        .map(|segment| segment.ident.to_string());
                    if let Some(trait_name) = trait_name {
                        for member in &block.items {
                            if let ImplItem::Fn(method) = member {
                                let key = (trait_name.clone(), method.sig.ident.to_string());
                                if self.removed_trait_methods.contains(&key) {
                                    self.delete(span_range(member));
                                }
                            }
                        }
                    }
                }
                Item::Use(import) => {
                    let keep = |tree: &UseTree| self.import_kept(tree, report);
                    if let Some(text) = pruned_import(import, &keep) {
                        self.edits.push((span_range(item), text));
                    }
                }
                Item::Mod(module) => {
                    if let Some((_, children)) = &module.content {
                        self.consequences(children, report, macros);
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether one leaf of an import (a name, rename or glob) stays.
    fn import_kept(&self, leaf: &UseTree, report: &Report) -> bool {
        let range = span_range(leaf);
        if report
            .unused_imports
            .iter()
            .any(|unused| unused.start <= range.start && range.end <= unused.end)
        {
            return false;
        }
        let name = match leaf {
            UseTree::Name(name) => name.ident.to_string(),
            UseTree::Rename(rename) => rename.ident.to_string(),
            _ => return true,
        };
        !self.removed.contains(&name)
    }
}

/// Per `macro_rules!` of a crate, the identifiers in its body.
type MacroBodies = HashMap<String, HashSet<String>>;

fn idents(tokens: TokenStream) -> HashSet<String> {
    let mut names = HashSet::new();
    let mut stack = vec![tokens];
    while let Some(tokens) = stack.pop() {
        for tree in tokens {
            match tree {
                TokenTree::Ident(ident) => {
                    names.insert(ident.to_string());
                }
                TokenTree::Group(group) => stack.push(group.stream()),
                _ => {}
            }
        }
    }
    names
}

fn macro_bodies(items: &[Item], bodies: &mut MacroBodies) {
    for item in items {
        match item {
            Item::Macro(definition) => {
                if let Some(name) = &definition.ident {
                    bodies.insert(name.to_string(), idents(definition.mac.tokens.clone()));
                }
            }
            Item::Mod(module) => {
                if let Some((_, children)) = &module.content {
                    macro_bodies(children, bodies);
                }
            }
            _ => {}
        }
    }
}

/// `tree` without the leaves `keep` rejects; `None` when nothing is left.
pub fn pruned_tree(tree: &UseTree, keep: &dyn Fn(&UseTree) -> bool) -> Option<UseTree> {
    match tree {
        UseTree::Path(path) => {
            let inner = pruned_tree(&path.tree, keep)?;
            let mut path = path.clone();
            *path.tree = inner;
            Some(UseTree::Path(path))
        }
        UseTree::Group(group) => {
            let mut group = group.clone();
            group.items = group
                .items
                .iter()
                .filter_map(|item| pruned_tree(item, keep))
                .collect();
            (!group.items.is_empty()).then_some(UseTree::Group(group))
        }
        leaf => keep(leaf).then(|| leaf.clone()),
    }
}

/// The text that replaces `import` once the leaves `keep` rejects are gone: `None`
/// when nothing is pruned, an empty string when nothing is left.
pub fn pruned_import(import: &syn::ItemUse, keep: &dyn Fn(&UseTree) -> bool) -> Option<String> {
    match pruned_tree(&import.tree, keep) {
        Some(tree) if leaf_count(&tree) == leaf_count(&import.tree) => None,
        Some(tree) => {
            let mut kept = import.clone();
            kept.tree = tree;
            Some(unparse_item(Item::Use(kept)))
        }
        None => Some(String::new()),
    }
}

/// The names, renames and globs `tree` imports.
fn leaf_count(tree: &UseTree) -> usize {
    match tree {
        UseTree::Path(path) => leaf_count(&path.tree),
        UseTree::Group(group) => group.items.iter().map(leaf_count).sum(),
        _ => 1,
    }
}

fn unparse_item(item: Item) -> String {
    let file = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![item],
    };
    prettyplease::unparse(&file).trim().to_string()
}

/// Widens a deletion to whole lines when only blanks share its first and last
/// lines, so that no empty shells of lines remain.
fn whole_lines(text: &str, range: Range<usize>) -> Range<usize> {
    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[range.end..]
        .find('\n')
        .map_or(text.len(), |i| range.end + i + 1);
    if text[line_start..range.start].trim().is_empty()
        && text[range.end..line_end].trim().is_empty()
    {
        line_start..line_end
    } else {
        range
    }
}

/// Applies the edits, outermost first: an edit inside one already made is moot.
pub fn apply(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
    edits.sort_by(|a, b| a.0.start.cmp(&b.0.start).then(b.0.end.cmp(&a.0.end)));
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for (range, replacement) in edits {
        if range.start < done {
            continue;
        }
        let range = if replacement.is_empty() {
            whole_lines(text, range)
        } else {
            range
        };
        out += &text[done..range.start];
        out += &replacement;
        done = range.end;
    }
    out += &text[done..];
    out
}

/// The crate modules of a bundle: (module name, its items), from byte `from` on.
fn crate_modules(file: &syn::File, from: usize) -> Vec<(String, &[Item])> {
    file.items
        .iter()
        .filter(|item| span_range(*item).start >= from)
        .filter_map(|item| match item {
            Item::Mod(module) => module
                .content
                .as_ref()
                .map(|(_, children)| (module.ident.to_string(), children.as_slice())),
            _ => None,
        })
        .collect()
}

/// Adds the names `items` declare, at any depth, to `plan` as if deleted.
fn declare_all(items: &[Item], plan: &mut Plan) {
    for item in items {
        if let Some((ident, is_type)) = declared(item) {
            plan.removed.insert(ident.to_string());
            if is_type {
                plan.removed_types.insert(ident.to_string());
            }
        }
        if let Item::Mod(module) = item {
            if let Some((_, children)) = &module.content {
                declare_all(children, plan);
            }
        }
    }
}

/// Whether a type or trait of `module_name` (a submodule of crate module
/// `crate_name`) is named by code of the crate outside it, imports aside.
fn named_elsewhere(file: &syn::File, from: usize, crate_name: &str, module_name: &str) -> bool {
    let mut inside = Plan::default();
    let mut outside = HashSet::new();
    for (name, items) in crate_modules(file, from) {
        if name != crate_name {
            continue;
        }
        for item in items {
            match item {
                Item::Mod(module) if module.ident == module_name => {
                    let children = module.content.as_ref().map_or(&[][..], |c| &c.1);
                    declare_all(children, &mut inside);
                }
                Item::Use(_) => {}
                Item::Mod(module) => {
                    for child in module.content.iter().flat_map(|c| &c.1) {
                        if !matches!(child, Item::Use(_)) {
                            outside.extend(idents(child.to_token_stream()));
                        }
                    }
                }
                _ => outside.extend(idents(item.to_token_stream())),
            }
        }
    }
    inside
        .removed_types
        .iter()
        .any(|name| outside.contains(name))
}

/// A bundle being shrunk: its text, which compiles, and rustc's report on it.
struct Shrinker {
    text: String,
    report: Report,
    from: usize,
    dir: PathBuf,
    debug: bool,
}

impl Shrinker {
    fn parse(&self) -> Result<syn::File, String> {
        syn::parse_file(&self.text).map_err(|error| format!("the bundle does not parse: {error}"))
    }

    /// Takes `candidate` if it compiles; says whether it did.
    fn try_candidate(&mut self, candidate: String, what: &str) -> Result<bool, String> {
        if candidate == self.text {
            return Ok(false);
        }
        let report = check(&candidate, &self.dir)?;
        if self.debug {
            eprintln!(
                "shrinking ({what}): {} -> {} bytes{}",
                self.text.len(),
                candidate.len(),
                if report.errors.is_empty() {
                    ""
                } else {
                    ", does not compile"
                }
            );
        }
        if !report.errors.is_empty() {
            if self.debug {
                eprintln!("{}", report.errors.join(""));
            }
            return Ok(false);
        }
        self.text = candidate;
        self.report = report;
        Ok(true)
    }

    /// The deletions for what rustc reported, at `level`.
    fn lint_edits(&self, level: Level) -> Result<Vec<(Range<usize>, String)>, String> {
        let file = self.parse()?;
        let mut edits = Vec::new();
        for (_, items) in crate_modules(&file, self.from) {
            // Names are resolved per crate: a deleted name only affects its own.
            let mut plan = Plan {
                level,
                ..Plan::default()
            };
            plan.reported(items, &self.report);
            let mut macros = MacroBodies::new();
            macro_bodies(items, &mut macros);
            plan.consequences(items, &self.report, &macros);
            edits.append(&mut plan.edits);
        }
        Ok(edits)
    }

    /// Deletes what rustc reports, round after round, while that compiles; a
    /// round that does not compile is tried again more cautiously.
    fn lint_rounds(&mut self) -> Result<(), String> {
        'rounds: loop {
            if self.report.dead.is_empty() && self.report.unused_imports.is_empty() {
                return Ok(());
            }
            for level in LEVELS {
                let candidate = apply(&self.text, self.lint_edits(level)?);
                if candidate == self.text {
                    return Ok(());
                }
                if self.try_candidate(candidate, "lints")? {
                    continue 'rounds;
                }
            }
            return Ok(());
        }
    }

    /// rustc does not report some unused types (one with a `Drop` impl or an
    /// impl of a trait for a reference to it, say). So each submodule of an
    /// inlined crate is tried without its items, and left out if that compiles.
    fn module_trials(&mut self) -> Result<(), String> {
        let mut names = Vec::new();
        for (crate_name, items) in crate_modules(&self.parse()?, self.from) {
            for item in items {
                if let Item::Mod(module) = item {
                    let declares_type = module.content.as_ref().is_some_and(|(_, children)| {
                        children
                            .iter()
                            .any(|child| declared(child).is_some_and(|(_, is_type)| is_type))
                    });
                    if declares_type {
                        names.push((crate_name.clone(), module.ident.to_string()));
                    }
                }
            }
        }
        for (crate_name, module_name) in names {
            let file = self.parse()?;
            if named_elsewhere(&file, self.from, &crate_name, &module_name) {
                // Deleting it would leave a name unresolved: no need to ask rustc.
                continue;
            }
            let mut edits = Vec::new();
            for (name, items) in crate_modules(&file, self.from) {
                if name != crate_name {
                    continue;
                }
                let mut plan = Plan::default();
                for item in items {
                    if let Item::Mod(module) = item {
                        if module.ident == module_name {
                            let children = module.content.as_ref().map_or(&[][..], |c| &c.1);
                            declare_all(children, &mut plan);
                            for child in children {
                                plan.delete(span_range(child));
                            }
                        }
                    }
                }
                let mut macros = MacroBodies::new();
                macro_bodies(items, &mut macros);
                plan.consequences(items, &Report::default(), &macros);
                edits.append(&mut plan.edits);
            }
            let candidate = apply(&self.text, edits);
            self.try_candidate(candidate, &format!("without {crate_name}::{module_name}"))?;
        }
        Ok(())
    }
}

/// Standard traits the inlined crates implement for their types, mostly for
/// callers other than this program: their impls are tried away, one trait at a
/// time, all at once (a program that formats, clones or reverses an adaptor
/// does not compile without them, so what compiles does not need them).
const OPTIONAL_TRAITS: &[&str] = &[
    "Debug",
    "Clone",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "FusedIterator",
];

impl Shrinker {
    fn trait_trials(&mut self) -> Result<(), String> {
        for name in OPTIONAL_TRAITS {
            let file = self.parse()?;
            let mut edits = Vec::new();
            for (_, items) in crate_modules(&file, self.from) {
                impls_of(items, name, &mut edits);
            }
            if edits.is_empty() {
                continue;
            }
            let candidate = apply(&self.text, edits);
            self.try_candidate(candidate, &format!("without impls of {name}"))?;
        }
        Ok(())
    }
}

impl Shrinker {
    /// Shrinking deletes items, not the modules they were in: a module left
    /// with nothing in it (`pub mod convolution {}` of an ac-library-rs bundle
    /// that uses only `Dsu`) is deleted too, if that compiles (a `use` of it
    /// elsewhere would not).
    fn empty_module_trial(&mut self) -> Result<(), String> {
        let file = self.parse()?;
        let mut edits = Vec::new();
        for (_, items) in crate_modules(&file, self.from) {
            empty_modules(items, &mut edits);
        }
        if edits.is_empty() {
            return Ok(());
        }
        let candidate = apply(&self.text, edits);
        self.try_candidate(candidate, "without empty modules")?;
        Ok(())
    }
}

/// Whether a module holds no items, at any depth (inner attributes aside).
fn is_empty_module(module: &syn::ItemMod) -> bool {
    module.content.as_ref().is_some_and(|(_, children)| {
        children
            .iter()
            .all(|child| matches!(child, Item::Mod(inner) if is_empty_module(inner)))
    })
}

/// Deletions of the empty modules in `items`, at any depth.
fn empty_modules(items: &[Item], edits: &mut Vec<(Range<usize>, String)>) {
    for item in items {
        if let Item::Mod(module) = item {
            if is_empty_module(module) {
                edits.push((span_range(item), String::new()));
            } else if let Some((_, children)) = &module.content {
                empty_modules(children, edits);
            }
        }
    }
}

/// Deletions of the impls of trait `name` in `items`, at any depth.
fn impls_of(items: &[Item], name: &str, edits: &mut Vec<(Range<usize>, String)>) {
    for item in items {
        match item {
            Item::Impl(block) => {
                let of_trait = block
                    .trait_
                    .as_ref()
                    .and_then(|(_, path, _)| path.segments.last())
                    .is_some_and(|segment| segment.ident == name);
                if of_trait {
                    edits.push((span_range(item), String::new()));
                }
            }
            Item::Mod(module) => {
                if let Some((_, children)) = &module.content {
                    impls_of(children, name, edits);
                }
            }
            _ => {}
        }
    }
}

/// Shrinks `text`, whose inlined crates start at byte `from`, as far as rustc's
/// lints and trials lead. Returns the smallest version that compiled.
///
/// # Errors
/// When rustc cannot run, or the bundle as given does not compile.
pub fn shrink(text: String, from: usize) -> Result<String, String> {
    // One folder per call: a process (the tests) may shrink several at once.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("bundle-shrink-{}-{call}", std::process::id()));
    fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    let _cleanup = Scratch(dir.clone());

    let report = check(&text, &dir)?;
    if !report.errors.is_empty() {
        return Err(format!(
            "the bundle does not compile with {}:\n{}",
            rustc(),
            report.errors.join("")
        ));
    }
    let mut shrinker = Shrinker {
        text,
        report,
        from,
        dir,
        debug: std::env::var_os("BUNDLE_DEBUG").is_some(),
    };
    shrinker.lint_rounds()?;
    shrinker.module_trials()?;
    shrinker.trait_trials()?;
    shrinker.lint_rounds()?;
    shrinker.empty_module_trial()?;
    Ok(shrinker.text)
}

/// Re-indents the code from byte `from` on with one space per level instead of
/// prettyplease's four: a quarter of a bundle was indentation. Lines inside a
/// multi-line literal keep their spaces, which belong to the literal.
///
/// # Errors
/// When the text does not parse.
pub fn narrow_indentation(text: &str, from: usize) -> Result<String, String> {
    let tokens: TokenStream = text
        .parse()
        .map_err(|error| format!("the bundle does not parse: {error:?}"))?;
    let mut in_literal = HashSet::new();
    let mut stack = vec![tokens];
    while let Some(tokens) = stack.pop() {
        for tree in tokens {
            match tree {
                TokenTree::Group(group) => stack.push(group.stream()),
                TokenTree::Literal(literal) => {
                    let span = literal.span();
                    // Lines are 1-based; the first line of a literal starts outside it.
                    in_literal.extend(span.start().line + 1..=span.end().line);
                }
                _ => {}
            }
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let line_number = index + 1;
        if offset >= from && !in_literal.contains(&line_number) {
            let spaces = line.len() - line.trim_start_matches(' ').len();
            out += &" ".repeat(spaces / 4 + spaces % 4);
            out += &line[spaces..];
        } else {
            out += line;
        }
        offset += line.len();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indentation_narrows_outside_literals_and_main() {
        let text = "fn main() {\n    let x = 1;\n}\nmod m {\n    fn f() -> &'static str {\n        \"a\n    b\"\n    }\n      // a level and two spaces\n}\n";
        let from = text.find("mod m").unwrap();
        let narrowed = narrow_indentation(text, from).unwrap();
        assert_eq!(
            narrowed,
            "fn main() {\n    let x = 1;\n}\nmod m {\n fn f() -> &'static str {\n  \"a\n    b\"\n }\n   // a level and two spaces\n}\n"
        );
    }

    #[test]
    fn an_impl_s_type_is_named_through_references() {
        let named = |ty: &str| type_name(&syn::parse_str(ty).unwrap());
        assert_eq!(named("&'a mut &Foo<T>").as_deref(), Some("Foo"));
        assert_eq!(named("a::b::Bar").as_deref(), Some("Bar"));
        assert_eq!(named("[Foo]"), None);
    }

    #[test]
    fn an_import_keeps_its_own_text_unless_something_is_pruned() {
        let import: syn::ItemUse =
            syn::parse_str("use std::{\n    fmt, // for Debug\n    io,\n};").unwrap();
        let without_io =
            |leaf: &UseTree| !matches!(leaf, UseTree::Name(name) if name.ident == "io");
        assert_eq!(pruned_import(&import, &|_| true), None);
        assert_eq!(
            pruned_import(&import, &without_io).as_deref(),
            Some("use std::fmt;")
        );
        assert_eq!(pruned_import(&import, &|_| false).as_deref(), Some(""));
    }

    #[test]
    fn a_scratch_folder_goes_when_dropped() {
        let dir = std::env::temp_dir().join(format!("bundle-scratch-test-{}", std::process::id()));
        fs::create_dir_all(dir.join("inner")).unwrap();
        drop(Scratch(dir.clone()));
        assert!(!dir.exists());
    }

    #[test]
    fn deletions_take_whole_lines_and_nested_ones_are_moot() {
        let text =
            "mod m {\n    fn a() {}\n    impl X {\n        fn b() {}\n    }\n    fn c() {}\n}\n";
        let a = text.find("fn a").unwrap();
        let block = text.find("impl X").unwrap();
        let b = text.find("fn b").unwrap();
        let block_end = text.find("    }\n    fn c").unwrap() + 5;
        let edits = vec![
            (b..b + 9, String::new()),
            (block..block_end, String::new()),
            (a..a + 9, String::new()),
        ];
        assert_eq!(apply(text, edits), "mod m {\n    fn c() {}\n}\n");
    }

    #[test]
    fn a_deletion_sharing_its_line_with_code_or_a_comment_takes_only_itself() {
        let text = "fn a() {}  \nstruct S; fn b() {}\nfn c() {} // c\nfn d() {}";
        let edits = ["fn a() {}", "fn b() {}", "fn c() {}", "fn d() {}"]
            .iter()
            .map(|item| {
                let start = text.find(item).unwrap();
                (start..start + item.len(), String::new())
            })
            .collect();
        assert_eq!(apply(text, edits), "struct S; \n // c\n");
    }

    #[test]
    fn a_bundle_that_does_not_compile_is_refused_with_each_error_once() {
        let text = "fn main() {\n    let _: u8 = \"both\";\n}\n\
                    #[cfg(not(debug_assertions))]\ncompile_error!(\"release only\");\n";
        let message = shrink(text.to_string(), text.len()).unwrap_err();
        assert!(
            message.starts_with(&format!("the bundle does not compile with {}:\n", rustc())),
            "{message}"
        );
        assert_eq!(
            message.matches("error[E0308]: mismatched types").count(),
            1,
            "{message}"
        );
        assert_eq!(
            message.matches("error: release only").count(),
            1,
            "{message}"
        );
    }

    /// A bundle whose crate module holds one of each thing shrinking deletes.
    const UNSHRUNK: &str = r#"fn main() {
    println!("{}", krate::used());
}

fn unused_in_main() {}

mod krate {
    use std::collections::{BTreeMap, HashMap, HashSet};
    use std::collections::{BTreeSet, VecDeque};
    use std::fmt;

    pub fn used() -> usize {
        Square.describe();
        helper() + HashMap::<u8, u8>::new().len() + Square.name() + pick()
            + std::mem::size_of::<shapes::Circle>()
    }

    fn helper() -> usize {
        1
    }

    #[cfg(debug_assertions)]
    fn pick() -> usize {
        0
    }

    #[cfg(not(debug_assertions))]
    fn pick() -> usize {
        BTreeMap::<u8, u8>::new().len() + release_only()
    }

    fn release_only() -> usize {
        0
    }

    pub fn unused() {}

    pub const UNUSED: usize = 3;

    pub type Alias = u8;

    pub union Bits {
        byte: u8,
    }

    macro_rules! unused_macro {
        () => {};
    }

    macro_rules! make_fn {
        ($name:ident) => {
            pub fn $name() {}
        };
    }

    make_fn!(generated);

    pub struct Gone;

    impl Gone {
        pub fn method(&self) {}
    }

    impl fmt::Debug for Gone {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("Gone")
        }
    }

    macro_rules! describe {
        ($name:ident) => {
            impl $name {
                pub fn describe(&self) {}
            }
        };
    }

    describe!(Gone);
    describe!(Square);

    macro_rules! gone_by_default {
        () => {
            impl Default for Gone {
                fn default() -> Gone {
                    Gone
                }
            }
        };
    }

    gone_by_default!();

    fn _touch(_: Gone) {}

    pub trait Named {
        fn name(&self) -> usize;
        fn alias(&self) -> usize;
    }

    pub trait Unused {
        fn nothing(&self);
    }

    impl Unused for Square {
        fn nothing(&self) {}
    }

    pub struct Square;

    impl Named for Square {
        fn name(&self) -> usize {
            4
        }
        fn alias(&self) -> usize {
            5
        }
    }

    impl Square {
        pub fn spare(&self) {}
    }

    impl Clone for Square {
        fn clone(&self) -> Self {
            Square
        }
    }

    pub mod shapes {
        pub struct Circle;

        impl Clone for Circle {
            fn clone(&self) -> Self {
                Circle
            }
        }

        pub struct Oval;

        macro_rules! oval_by_default {
            () => {
                impl Default for Oval {
                    fn default() -> Oval {
                        Oval
                    }
                }
            };
        }

        oval_by_default!();
    }

    pub mod inner {
        pub struct Wrapped(pub u8);

        impl<'a> From<&'a Wrapped> for u8 {
            fn from(wrapped: &'a Wrapped) -> u8 {
                wrapped.0
            }
        }
    }
}
"#;

    /// `UNSHRUNK` shrunk, in two rounds of rustc's report and two trials. Gone:
    /// - unused imports: of a group (`HashSet`), a whole group, then a whole one
    ///   (`fmt`, once the impl that used it is gone);
    /// - an unused function, constant, type alias, union and macro;
    /// - the call of a macro that declares an unused function, then the macro;
    /// - a type never constructed with its methods, its impls, the macro calls
    ///   naming it in their arguments or their macro, and the `_` function that
    ///   names it, then the macro only it used (the other also makes a method
    ///   `Square` uses); the same for a submodule's type and its macro there;
    /// - an unused trait with its impl; a required trait method, from the impl
    ///   too; an impl left empty;
    /// - a module whose type rustc does not report (it has an impl for a
    ///   reference to it);
    /// - the impls of `Clone` the program does not need (one in a submodule);
    /// - a module left empty by the rest.
    ///
    /// Kept: main.rs's own unused function, what one of the two builds (debug
    /// assertions on, off) uses, and a module named elsewhere.
    const SHRUNK: &str = r#"fn main() {
    println!("{}", krate::used());
}

fn unused_in_main() {}

mod krate {
    use std::collections::{BTreeMap, HashMap};

    pub fn used() -> usize {
        Square.describe();
        helper() + HashMap::<u8, u8>::new().len() + Square.name() + pick()
            + std::mem::size_of::<shapes::Circle>()
    }

    fn helper() -> usize {
        1
    }

    #[cfg(debug_assertions)]
    fn pick() -> usize {
        0
    }

    #[cfg(not(debug_assertions))]
    fn pick() -> usize {
        BTreeMap::<u8, u8>::new().len() + release_only()
    }

    fn release_only() -> usize {
        0
    }











    macro_rules! describe {
        ($name:ident) => {
            impl $name {
                pub fn describe(&self) {}
            }
        };
    }

    describe!(Square);




    pub trait Named {
        fn name(&self) -> usize;
    }



    pub struct Square;

    impl Named for Square {
        fn name(&self) -> usize {
            4
        }
    }



    pub mod shapes {
        pub struct Circle;




    }

}
"#;

    #[test]
    fn shrinking_deletes_what_rustc_reports_unused_and_what_only_that_names() {
        let from = UNSHRUNK.find("mod krate").unwrap();
        let shrunk = shrink(UNSHRUNK.to_string(), from).unwrap();
        assert_eq!(shrunk, SHRUNK);
    }

    #[test]
    fn a_module_named_by_the_rest_of_its_crate_is_not_tried_away() {
        let file = syn::parse_file(UNSHRUNK).unwrap();
        let from = UNSHRUNK.find("mod krate").unwrap();
        assert!(named_elsewhere(&file, from, "krate", "shapes"));
        assert!(!named_elsewhere(&file, from, "krate", "inner"));
    }

    #[test]
    fn only_code_outside_a_module_names_it_not_imports() {
        let text = "fn main() {}\n\
            mod krate {\n\
                use self::imported::A;\n\
                pub mod imported { pub struct A; }\n\
                pub mod imported_by_sibling { pub struct B; }\n\
                pub mod named_by_sibling { pub struct C; }\n\
                pub mod named_by_crate { pub struct D; }\n\
                pub mod named_by_other_crate { pub struct E; }\n\
                pub mod sibling {\n\
                    use super::imported_by_sibling::B;\n\
                    pub fn c() -> super::named_by_sibling::C { super::named_by_sibling::C }\n\
                }\n\
                pub fn d() -> named_by_crate::D { named_by_crate::D }\n\
            }\n\
            mod other { pub fn e(_: E) {} }\n";
        let file = syn::parse_file(text).unwrap();
        let from = text.find("mod krate").unwrap();
        let named = |module| named_elsewhere(&file, from, "krate", module);
        assert!(!named("imported"));
        assert!(!named("imported_by_sibling"));
        assert!(named("named_by_sibling"));
        assert!(named("named_by_crate"));
        assert!(!named("named_by_other_crate"));
    }

    /// A trait method rustc reports unused, which a macro implements with a
    /// function that rustc reports unused too.
    const MACRO_IMPL: &str = r#"fn main() {
    println!("{}", krate::area());
}

mod krate {
    pub trait Shape {
        fn area(&self) -> usize;
        fn sides(&self) -> usize;
        fn double(&self) -> usize {
            2
        }
    }

    macro_rules! shape {
        ($name:ident, $area:expr) => {
            impl Shape for $name {
                fn area(&self) -> usize {
                    $area
                }
                fn sides(&self) -> usize {
                    four()
                }
            }
        };
    }

    pub struct Square;
    shape!(Square, 4);

    pub fn area() -> usize {
        Square.area()
    }

    fn four() -> usize {
        Square.double() + 2
    }

    pub fn unused() {}

    pub const SPARE: usize = 1;
}
"#;

    #[test]
    fn a_deletion_that_does_not_compile_is_tried_again_more_cautiously() {
        let from = MACRO_IMPL.find("mod krate").unwrap();
        let shrunk = shrink(MACRO_IMPL.to_string(), from).unwrap();
        // Deleting `sides` does not compile, nor does deleting `four`, which the
        // macro's `sides` calls, or the provided method `double`, which only
        // `four` calls; so the round is tried again keeping required trait
        // methods, then types never constructed, then functions and methods.
        // The unused constant still goes.
        assert_eq!(
            shrunk,
            MACRO_IMPL.replace("    pub const SPARE: usize = 1;\n", "")
        );
    }
}
