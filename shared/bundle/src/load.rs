//! Reading a dependency's source from Cargo's registry into one syntax tree:
//! every `mod x;` replaced by the file's content, doc comments, tests and code
//! for disabled features gone, `#[macro_export]` macros made reachable by path
//! inside the module the crate becomes.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Item, Meta};

use crate::metadata::Package;
use crate::tokens::{clean, Clean};

/// A dependency's source, ready to become `mod <name> { ... }`.
pub struct LoadedCrate {
    /// The name the code uses for it, also its module's name in the bundle.
    pub name: String,
    pub package: Package,
    /// Crate-level `#![allow(...)]` attributes, kept inside the module.
    pub inner_attrs: Vec<Attribute>,
    pub items: Vec<Item>,
    /// Whether it declares `extern crate alloc;` (hoisted to the bundle's root).
    pub needs_alloc: bool,
}

fn is_disabled(attrs: &[Attribute]) -> bool {
    let marker = crate::tokens::disabled_cfg().to_string();
    attrs
        .iter()
        .any(|attr| attr.meta.to_token_stream().to_string() == marker)
}

/// Whether an item is compiled at all: not `cfg`-disabled, not a test.
fn is_enabled(attrs: &[Attribute]) -> bool {
    !is_disabled(attrs)
        && !attrs
            .iter()
            .any(|attr| attr.path().is_ident("test") || attr.path().is_ident("bench"))
}

pub fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(item) => &item.attrs,
        Item::Enum(item) => &item.attrs,
        Item::ExternCrate(item) => &item.attrs,
        Item::Fn(item) => &item.attrs,
        Item::ForeignMod(item) => &item.attrs,
        Item::Impl(item) => &item.attrs,
        Item::Macro(item) => &item.attrs,
        Item::Mod(item) => &item.attrs,
        Item::Static(item) => &item.attrs,
        Item::Struct(item) => &item.attrs,
        Item::Trait(item) => &item.attrs,
        Item::TraitAlias(item) => &item.attrs,
        Item::Type(item) => &item.attrs,
        Item::Union(item) => &item.attrs,
        Item::Use(item) => &item.attrs,
        _ => &[],
    }
}

/// Drops what `cfg` settled false, and tests, from the places where code is a
/// list: items, impl and trait members, statements, fields, variants, match arms.
/// (A disabled marker left anywhere else still makes rustc drop that node.)
struct DropDisabled;

impl VisitMut for DropDisabled {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        file.items.retain(|item| is_enabled(item_attrs(item)));
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain(|item| is_enabled(item_attrs(item)));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        item.items.retain(|member| {
            is_enabled(match member {
                syn::ImplItem::Const(member) => &member.attrs,
                syn::ImplItem::Fn(member) => &member.attrs,
                syn::ImplItem::Type(member) => &member.attrs,
                syn::ImplItem::Macro(member) => &member.attrs,
                _ => &[],
            })
        });
        visit_mut::visit_item_impl_mut(self, item);
    }

    fn visit_item_trait_mut(&mut self, item: &mut syn::ItemTrait) {
        item.items.retain(|member| {
            is_enabled(match member {
                syn::TraitItem::Const(member) => &member.attrs,
                syn::TraitItem::Fn(member) => &member.attrs,
                syn::TraitItem::Type(member) => &member.attrs,
                syn::TraitItem::Macro(member) => &member.attrs,
                _ => &[],
            })
        });
        visit_mut::visit_item_trait_mut(self, item);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain(|stmt| match stmt {
            syn::Stmt::Local(local) => is_enabled(&local.attrs),
            syn::Stmt::Item(item) => is_enabled(item_attrs(item)),
            syn::Stmt::Macro(mac) => is_enabled(&mac.attrs),
            syn::Stmt::Expr(..) => true,
        });
        visit_mut::visit_block_mut(self, block);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        fields.named = std::mem::take(&mut fields.named)
            .into_iter()
            .filter(|field| is_enabled(&field.attrs))
            .collect();
        visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_fields_unnamed_mut(&mut self, fields: &mut syn::FieldsUnnamed) {
        fields.unnamed = std::mem::take(&mut fields.unnamed)
            .into_iter()
            .filter(|field| is_enabled(&field.attrs))
            .collect();
        visit_mut::visit_fields_unnamed_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, item: &mut syn::ItemEnum) {
        item.variants = std::mem::take(&mut item.variants)
            .into_iter()
            .filter(|variant| is_enabled(&variant.attrs))
            .collect();
        visit_mut::visit_item_enum_mut(self, item);
    }

    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        expr.arms.retain(|arm| is_enabled(&arm.attrs));
        visit_mut::visit_expr_match_mut(self, expr);
    }
}

/// Parses one source file of a library with its features, cleaned.
fn parse_file(path: &Path, features: &HashSet<String>) -> Result<syn::File, String> {
    let text = fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let tokens: TokenStream = text
        .parse()
        .map_err(|error| format!("{}: {error:?}", path.display()))?;
    let cleaned = clean(tokens, Clean::Library(features))
        .map_err(|error| format!("{}: {error}", path.display()))?;
    let mut file: syn::File = syn::parse2(cleaned)
        .map_err(|error| format!("{}: cannot parse after cleaning: {error}", path.display()))?;
    DropDisabled.visit_file_mut(&mut file);
    Ok(file)
}

fn path_attr(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| match &attr.meta {
        Meta::NameValue(pair) if pair.path.is_ident("path") => match &pair.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(text),
                ..
            }) => Some(text.value()),
            _ => None,
        },
        _ => None,
    })
}

/// Replaces each `mod x;` in `items` by the content of its file. `dir` is where
/// the files of child modules live; `file_dir` is the folder of the current file
/// (for `#[path]`).
fn inline_modules(
    items: &mut Vec<Item>,
    dir: &Path,
    file_dir: &Path,
    features: &HashSet<String>,
) -> Result<(), String> {
    let mut kept = Vec::with_capacity(items.len());
    for mut item in items.drain(..) {
        if let Item::Mod(module) = &mut item {
            let name = module.ident.to_string();
            match &mut module.content {
                Some((_, children)) => {
                    let child_dir = match path_attr(&module.attrs) {
                        Some(path) => dir.join(path),
                        None => dir.join(&name),
                    };
                    inline_modules(children, &child_dir, &child_dir, features)?;
                }
                None => {
                    let (path, child_dir) = match path_attr(&module.attrs) {
                        Some(path) => {
                            let path = file_dir.join(path);
                            let parent = path.parent().map(Path::to_path_buf).unwrap_or_default();
                            (path, parent)
                        }
                        None => {
                            let flat = dir.join(format!("{name}.rs"));
                            if flat.is_file() {
                                (flat, dir.join(&name))
                            } else {
                                (dir.join(&name).join("mod.rs"), dir.join(&name))
                            }
                        }
                    };
                    let mut file = parse_file(&path, features)?;
                    if is_disabled(&file.attrs) {
                        continue;
                    }
                    let file_parent = path.parent().map(Path::to_path_buf).unwrap_or_default();
                    inline_modules(&mut file.items, &child_dir, &file_parent, features)?;
                    module.attrs.retain(|attr| !attr.path().is_ident("path"));
                    module.attrs.extend(file.attrs);
                    module.content = Some((Default::default(), file.items));
                    module.semi = None;
                }
            }
        }
        kept.push(item);
    }
    *items = kept;
    Ok(())
}

/// Strips `#[macro_export]` from the crate root's macros and re-exports each by
/// path right after its definition (`pub(crate) use name;`), so that
/// `$crate::<module>::name!` and `use <module>::name;` resolve inside the bundle.
fn export_macros_by_path(items: &mut Vec<Item>, crate_name: &str) -> Result<(), String> {
    let mut out = Vec::with_capacity(items.len());
    for mut item in items.drain(..) {
        let mut reexport = None;
        if let Item::Macro(mac) = &mut item {
            if let Some(position) = mac
                .attrs
                .iter()
                .position(|attr| attr.path().is_ident("macro_export"))
            {
                if !matches!(mac.attrs[position].meta, Meta::Path(_)) {
                    return Err(format!(
                        "{crate_name}: `#[{}]` is not supported",
                        mac.attrs[position].meta.to_token_stream()
                    ));
                }
                mac.attrs.remove(position);
                let name = mac
                    .ident
                    .clone()
                    .ok_or_else(|| format!("{crate_name}: exported macro without a name"))?;
                reexport = Some(syn::parse_quote!(pub(crate) use #name;));
            }
        }
        out.push(item);
        out.extend(reexport);
    }
    *items = out;
    Ok(())
}

fn reject_nested_exports(items: &[Item], crate_name: &str, depth: usize) -> Result<(), String> {
    for item in items {
        match item {
            Item::Macro(mac)
                if depth > 0
                    && mac
                        .attrs
                        .iter()
                        .any(|attr| attr.path().is_ident("macro_export")) =>
            {
                return Err(format!(
                    "{crate_name}: `#[macro_export]` macro {} inside a module is not supported",
                    mac.ident
                        .as_ref()
                        .map(|i| i.to_string())
                        .unwrap_or_default()
                ));
            }
            Item::Mod(module) => {
                if let Some((_, children)) = &module.content {
                    reject_nested_exports(children, crate_name, depth + 1)?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether an inner attribute of a crate root can stay, inside a module.
fn keeps_inner(attr: &Attribute) -> bool {
    attr.path().is_ident("allow")
}

/// Loads the library of `package`, which the code using it calls `name`.
///
/// # Errors
/// When the package has no library, needs a build script, is a proc-macro, is of
/// an edition other than 2018/2021, or its source cannot be read or parsed.
pub fn load_crate(
    name: &str,
    package: &Package,
    features: &HashSet<String>,
) -> Result<LoadedCrate, String> {
    let describe = format!("{} {}", package.name, package.version);
    let (root, crate_types) = package
        .lib
        .clone()
        .ok_or_else(|| format!("{describe} has no library"))?;
    if crate_types.iter().any(|kind| kind == "proc-macro") {
        return Err(format!(
            "{describe} is a procedural macro crate: it cannot be pasted into one file"
        ));
    }
    if package.has_build_script {
        return Err(format!(
            "{describe} has a build script: it cannot be pasted into one file"
        ));
    }
    if !matches!(package.edition.as_str(), "2018" | "2021") {
        return Err(format!(
            "{describe} is of edition {}; only 2018 and 2021 sources fit a 2021 bundle",
            package.edition
        ));
    }
    let mut file = parse_file(&root, features)?;
    let root_dir: PathBuf = root.parent().map(Path::to_path_buf).unwrap_or_default();
    inline_modules(&mut file.items, &root_dir, &root_dir, features)?;
    reject_nested_exports(&file.items, &describe, 0)?;
    export_macros_by_path(&mut file.items, &describe)?;
    crate::substitute::apply(&package.name, &package.version, &mut file.items)?;

    let mut needs_alloc = false;
    let mut items = Vec::with_capacity(file.items.len());
    for item in file.items {
        if let Item::ExternCrate(extern_crate) = &item {
            let crate_ident = extern_crate.ident.to_string();
            match (crate_ident.as_str(), &extern_crate.rename) {
                ("alloc", None) => needs_alloc = true,
                ("std" | "core", None) => {}
                _ => {
                    return Err(format!(
                        "{describe}: `extern crate {crate_ident}` is not supported"
                    ))
                }
            }
            continue;
        }
        items.push(item);
    }
    Ok(LoadedCrate {
        name: name.to_string(),
        package: package.clone(),
        inner_attrs: file.attrs.into_iter().filter(keeps_inner).collect(),
        items,
        needs_alloc,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A library crate in `dir` made of `files` (path, text), rooted at src/lib.rs.
    fn package_in(dir: &Path, files: &[(&str, &str)]) -> Package {
        for (path, text) in files {
            let path = dir.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        Package {
            id: "demo 0.1.0".to_string(),
            name: "demo".to_string(),
            version: "0.1.0".to_string(),
            edition: "2021".to_string(),
            license: None,
            license_file: None,
            authors: Vec::new(),
            repository: None,
            rust_version: None,
            manifest_dir: dir.to_path_buf(),
            lib: Some((dir.join("src/lib.rs"), vec!["lib".to_string()])),
            bins: Vec::new(),
            has_build_script: false,
        }
    }

    fn load(files: &[(&str, &str)]) -> Result<LoadedCrate, String> {
        let dir = judge::scratch::tempdir().unwrap();
        let package = package_in(dir.path(), files);
        let features = ["on".to_string()].into_iter().collect();
        load_crate("demo", &package, &features)
            .map_err(|error| error.replace(&dir.path().display().to_string(), "DIR"))
    }

    const LIB: &str = "//! The crate.\n\
        #![allow(dead_code)]\n\
        #![no_std]\n\
        extern crate alloc;\n\
        extern crate std;\n\
        #[deprecated = \"a name-value attribute, not a path\"]\n\
        mod flat;\n\
        mod nested;\n\
        #[path = \"other/place.rs\"]\n\
        mod moved;\n\
        #[cfg(feature = \"off\")]\n\
        mod gone;\n\
        #[cfg(test)]\n\
        mod tests;\n\
        mod inline {\n    mod child;\n    #[cfg(feature = \"off\")]\n    fn off_inline() {}\n}\n\
        #[path = \"custom\"]\n\
        mod custom_dir {\n    mod deep;\n}\n\
        #[macro_export]\n\
        macro_rules! hello {\n    () => {};\n}\n\
        pub struct S {\n    pub a: u8,\n    #[cfg(feature = \"off\")]\n    pub b: u16,\n}\n\
        pub struct T(u8, #[cfg(feature = \"off\")] u16);\n\
        pub enum E {\n    A,\n    #[cfg(feature = \"off\")]\n    Off,\n}\n\
        impl S {\n    #[cfg(feature = \"off\")]\n    fn off_method() {}\n    fn kept_method() {}\n    #[cfg(feature = \"off\")]\n    const OFF_IMPL_CONST: u8 = 0;\n    #[cfg(feature = \"off\")]\n    type OffImplType = u8;\n    #[cfg(feature = \"off\")]\n    off_impl_macro!();\n    #[test]\n    fn test_method() {}\n}\n\
        pub trait Tr {\n    #[cfg(feature = \"off\")]\n    fn off_trait_method();\n    #[cfg(feature = \"on\")]\n    fn on_trait_method();\n    #[cfg(feature = \"off\")]\n    const OFF_TRAIT_CONST: u8;\n    #[cfg(feature = \"off\")]\n    type OffTraitType;\n    #[cfg(feature = \"off\")]\n    off_trait_macro!();\n}\n\
        #[cfg(feature = \"off\")] const OFF_CONST: u8 = 0;\n\
        #[cfg(feature = \"off\")] enum OffEnum {}\n\
        #[cfg(feature = \"off\")] fn off_fn() {}\n\
        #[cfg(feature = \"off\")] extern \"C\" { fn off_foreign(); }\n\
        #[cfg(feature = \"off\")] impl S { fn off_impl() {} }\n\
        #[cfg(feature = \"off\")] macro_rules! off_macro { () => {} }\n\
        #[cfg(feature = \"off\")] static OFF_STATIC: u8 = 0;\n\
        #[cfg(feature = \"off\")] struct OffStruct;\n\
        #[cfg(feature = \"off\")] trait OffTrait {}\n\
        #[cfg(feature = \"off\")] trait OffAlias = Clone;\n\
        #[cfg(feature = \"off\")] type OffType = u8;\n\
        #[cfg(feature = \"off\")] union OffUnion { a: u8 }\n\
        #[cfg(feature = \"off\")] use std::off_use;\n\
        #[cfg(feature = \"off\")] extern crate off_crate;\n\
        pub fn m(x: u8) -> u8 {\n    #[cfg(feature = \"off\")]\n    let off_local = 1;\n    #[cfg(feature = \"off\")]\n    fn off_nested() {}\n    #[cfg(feature = \"off\")]\n    off_statement_macro!();\n    match x {\n        #[cfg(feature = \"off\")]\n        0 => 10,\n        _ => 20,\n    }\n}\n";

    #[test]
    fn modules_come_from_their_files_and_disabled_code_goes() {
        let loaded = load(&[
            ("src/lib.rs", LIB),
            ("src/flat.rs", "pub fn flat_fn() {}\nmod sub;\n"),
            ("src/flat/sub.rs", "pub fn sub_fn() {}\n"),
            ("src/nested/mod.rs", "pub fn nested_fn() {}\nmod leaf;\n"),
            ("src/nested/leaf.rs", "pub fn leaf_fn() {}\n"),
            ("src/other/place.rs", "pub fn placed_fn() {}\nmod near;\n"),
            ("src/other/near.rs", "pub fn near_fn() {}\n"),
            ("src/inline/child.rs", "pub fn child_fn() {}\n"),
            ("src/custom/deep.rs", "pub fn deep_fn() {}\n"),
        ])
        .unwrap();
        let items = &loaded.items;
        let code = quote::quote!(#(#items)*).to_string();
        for kept in [
            "fn flat_fn",
            "fn sub_fn",
            "fn nested_fn",
            "fn leaf_fn",
            "fn placed_fn",
            "fn near_fn",
            "fn child_fn",
            "fn deep_fn",
            "fn kept_method",
            "fn on_trait_method",
            "pub a : u8",
            "pub struct T (u8) ;",
            "_ => 20",
            "macro_rules ! hello { () => { } ; } pub (crate) use hello ;",
        ] {
            assert!(code.contains(kept), "{kept} missing in {code}");
        }
        for gone in [
            "gone",
            "tests",
            "u16",
            "Off",
            "off_method",
            "test_method",
            "off_trait_method",
            "off_local",
            "off_",
            "OFF_",
            "10",
            "macro_export",
            "place.rs",
            "extern crate",
            "The crate",
        ] {
            assert!(!code.contains(gone), "{gone} left in {code}");
        }
        assert!(loaded.needs_alloc);
        let attrs = &loaded.inner_attrs;
        assert_eq!(
            quote::quote!(#(#attrs)*).to_string(),
            "# ! [allow (dead_code)]"
        );
        assert_eq!(loaded.name, "demo");
    }

    #[test]
    fn what_cannot_be_pasted_is_refused() {
        let lib = |text: &str| load(&[("src/lib.rs", text)]).err();
        assert_eq!(lib("pub fn f() {}\n"), None);
        assert_eq!(
            lib("extern crate serde;\n").as_deref(),
            Some("demo 0.1.0: `extern crate serde` is not supported")
        );
        assert_eq!(
            lib("extern crate alloc as a;\n").as_deref(),
            Some("demo 0.1.0: `extern crate alloc` is not supported")
        );
        assert_eq!(
            lib("#[macro_export(local_inner_macros)]\nmacro_rules! m { () => {} }\n").as_deref(),
            Some("demo 0.1.0: `#[macro_export (local_inner_macros)]` is not supported")
        );
        assert_eq!(
            lib("mod inner {\n    #[macro_export]\n    macro_rules! m { () => {} }\n}\n")
                .as_deref(),
            Some("demo 0.1.0: `#[macro_export]` macro m inside a module is not supported")
        );
        assert_eq!(
            lib("mod absent;\n").as_deref(),
            Some("DIR/src/absent/mod.rs: No such file or directory (os error 2)")
        );

        let dir = judge::scratch::tempdir().unwrap();
        let package = package_in(dir.path(), &[("src/lib.rs", "")]);
        let refusal = |package: &Package| {
            load_crate("demo", package, &HashSet::new())
                .err()
                .unwrap_or_default()
        };
        let mut macros = package.clone();
        macros.lib.as_mut().unwrap().1 = vec!["proc-macro".to_string()];
        assert_eq!(
            refusal(&macros),
            "demo 0.1.0 is a procedural macro crate: it cannot be pasted into one file"
        );
        let mut built = package.clone();
        built.has_build_script = true;
        assert_eq!(
            refusal(&built),
            "demo 0.1.0 has a build script: it cannot be pasted into one file"
        );
        let mut old = package.clone();
        old.edition = "2015".to_string();
        assert_eq!(
            refusal(&old),
            "demo 0.1.0 is of edition 2015; only 2018 and 2021 sources fit a 2021 bundle"
        );
        let mut binary_only = package.clone();
        binary_only.lib = None;
        assert_eq!(refusal(&binary_only), "demo 0.1.0 has no library");
        let mut edition_2018 = package;
        edition_2018.edition = "2018".to_string();
        assert_eq!(refusal(&edition_2018), "");
    }
}
