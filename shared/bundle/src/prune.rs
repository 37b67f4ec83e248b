//! Leaving out the items of the inlined crates that the program cannot reach.
//!
//! Reachability is by name, across all inlined crates at once, and errs on the
//! side of keeping: starting from every identifier of main.rs, an item is kept
//! when its name has been seen, and then every identifier in it counts as seen,
//! until nothing changes. Specifically:
//! - a named item (fn, struct, enum, trait, macro, const, ...) when its name is
//!   seen; a trait also when one of its methods is seen called (`.name`,
//!   `::name`: in its own module, or on `Self`, it needs no import naming it);
//!   a trait's provided methods only when their names are seen;
//! - an impl when every local type or trait it names is kept; the members of an
//!   inherent impl by name, of an impl of a local trait like the trait's, of an
//!   impl of a foreign trait (`Iterator`, `Display`, ...) all of them;
//! - an item-position macro call when it or the macro's body names a kept item;
//! - each name imported by a `use` when it is seen (globs always);
//! - a module when anything in it is kept.

use std::collections::{HashMap, HashSet};

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{ImplItem, Item, TraitItem, UseTree};

use crate::shrink::type_name;
use crate::tokens::{collect_names, macro_key, method_key, prefix_key, segment_key};

/// Facts about all inlined crates that keep-decisions need.
#[derive(Default)]
struct Universe {
    /// Names of every named item.
    items: HashSet<String>,
    /// Names of local types and traits (what an impl must have kept to stay).
    types: HashSet<String>,
    /// Per local trait name (its keys are the local traits), its methods.
    trait_methods: HashMap<String, HashSet<String>>,
    /// Last segments of glob imports (`use a::b::*` -> `b`): a free function in a
    /// module of that name can be reached by paths through other modules.
    glob_targets: HashSet<String>,
    /// Per local macro, the names in its body.
    macro_bodies: HashMap<String, HashSet<String>>,
    /// Per trait name, the last names of the types its local impls are for
    /// (`impl Ops for Num<T>` -> `Ops`: `Num`).
    implementors: HashMap<String, HashSet<String>>,
}

fn names_in(tokens: TokenStream) -> HashSet<String> {
    let mut names = HashSet::new();
    collect_names(tokens, &mut names);
    names
}

fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(item) => &item.ident,
        Item::Enum(item) => &item.ident,
        Item::Fn(item) => &item.sig.ident,
        Item::Macro(item) => item.ident.as_ref()?,
        Item::Static(item) => &item.ident,
        Item::Struct(item) => &item.ident,
        Item::Trait(item) => &item.ident,
        Item::TraitAlias(item) => &item.ident,
        Item::Type(item) => &item.ident,
        Item::Union(item) => &item.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

impl Universe {
    fn survey(&mut self, items: &[Item]) {
        for item in items {
            if let Some(name) = item_name(item) {
                self.items.insert(name.clone());
                if matches!(
                    item,
                    Item::Enum(_)
                        | Item::Struct(_)
                        | Item::Trait(_)
                        | Item::TraitAlias(_)
                        | Item::Type(_)
                        | Item::Union(_)
                ) {
                    self.types.insert(name.clone());
                }
            }
            match item {
                Item::Trait(trait_item) => {
                    let methods = self
                        .trait_methods
                        .entry(trait_item.ident.to_string())
                        .or_default();
                    for member in &trait_item.items {
                        if let TraitItem::Fn(method) = member {
                            methods.insert(method.sig.ident.to_string());
                        }
                    }
                }
                Item::Macro(mac) => {
                    if let Some(ident) = &mac.ident {
                        self.macro_bodies
                            .entry(ident.to_string())
                            .or_default()
                            .extend(names_in(mac.mac.tokens.clone()));
                    }
                }
                Item::Mod(module) => {
                    if let Some((_, children)) = &module.content {
                        self.survey(children);
                    }
                }
                Item::Use(use_item) => glob_targets(&use_item.tree, None, &mut self.glob_targets),
                Item::Impl(impl_item) => {
                    if let (Some((_, path, _)), Some(self_name)) =
                        (&impl_item.trait_, type_name(&impl_item.self_ty))
                    {
                        self.implementors
                            .entry(trait_name(path))
                            .or_default()
                            .insert(self_name);
                    }
                }
                _ => {}
            }
        }
    }
}

fn glob_targets(tree: &UseTree, parent: Option<&syn::Ident>, targets: &mut HashSet<String>) {
    match tree {
        UseTree::Path(path) => glob_targets(&path.tree, Some(&path.ident), targets),
        UseTree::Glob(_) => targets.extend(parent.map(ToString::to_string)),
        UseTree::Group(group) => {
            for item in &group.items {
                glob_targets(item, parent, targets);
            }
        }
        UseTree::Name(_) | UseTree::Rename(_) => {}
    }
}

/// The module an item is in: its name (the crate's for its root).
struct Scope<'a> {
    name: &'a str,
    root: bool,
}

/// The last identifier of a trait path (`fmt::Display` -> `Display`).
fn trait_name(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|segment| segment.ident.to_string())
        .unwrap_or_default()
}

fn trait_member_name(member: &TraitItem) -> Option<String> {
    match member {
        TraitItem::Fn(method) => Some(method.sig.ident.to_string()),
        TraitItem::Const(member) => Some(member.ident.to_string()),
        TraitItem::Type(member) => Some(member.ident.to_string()),
        _ => None,
    }
}

fn impl_member_name(member: &ImplItem) -> Option<String> {
    match member {
        ImplItem::Fn(method) => Some(method.sig.ident.to_string()),
        ImplItem::Const(member) => Some(member.ident.to_string()),
        ImplItem::Type(member) => Some(member.ident.to_string()),
        _ => None,
    }
}

/// Whether a `use` starts at `std`, `core` or `alloc`.
fn imports_from_std(item: &syn::ItemUse) -> bool {
    match &item.tree {
        UseTree::Path(path) => ["std", "core", "alloc"]
            .iter()
            .any(|root| path.ident == root),
        _ => false,
    }
}

/// The keep-decisions, as functions of the names seen so far.
struct Decide<'a> {
    universe: &'a Universe,
    seen: &'a HashSet<String>,
}

impl Decide<'_> {
    /// Seen where a value, function or method can be: bare, after `.`, or as the
    /// last segment of a path.
    fn value(&self, name: &str) -> bool {
        self.seen.contains(name)
            || self.seen.contains(&method_key(name))
            || self.seen.contains(&segment_key("", name))
    }

    /// Seen where a free function of module `scope` can be: bare (in its module or
    /// imported), or after its module's name (or `self`, `super`, `crate` or the
    /// crate's name at the root), or after anything when a glob re-exports its
    /// module.
    fn free_function(&self, name: &str, scope: &Scope) -> bool {
        let after = |prefix: &str| self.seen.contains(&segment_key(prefix, name));
        self.seen.contains(name)
            || after(scope.name)
            || after("self")
            || after("super")
            || (scope.root && after("crate"))
            || (self.universe.glob_targets.contains(scope.name) && after(""))
    }

    /// Seen where a type, trait or module can be.
    fn type_like(&self, name: &str) -> bool {
        self.seen.contains(name)
            || self.seen.contains(&prefix_key(name))
            || self.seen.contains(&segment_key("", name))
    }

    /// Seen in any role.
    fn any(&self, name: &str) -> bool {
        self.type_like(name) || self.seen.contains(&macro_key(name))
    }

    /// A trait is kept when it is named, or when one of its methods is seen
    /// called as an associated function that needs no import naming the trait
    /// (in its own module): `Self::name(`, `<T>::name(`, or `Type::name(` for a
    /// type with an impl of it. ac-library-rs's modint calls its private
    /// trait's `add_impl`, `display_impl`, ... only that way, from the impls its
    /// macros make. (`Dsu::new` does not keep a trait with a method `new` that
    /// `Dsu` does not implement.) A method call `.name(` does not count: names
    /// are not tracked per module, and `.size_hint()` or `.left()` anywhere
    /// would keep every trait with such a method (itertools' bundles grew by a
    /// third); a trait whose methods are only called that way in its own module
    /// is still left out (rustc then rejects the bundle).
    fn trait_kept(&self, item: &syn::ItemTrait) -> bool {
        let trait_name = item.ident.to_string();
        let implementors = self.universe.implementors.get(&trait_name);
        let called = |name: &str| {
            self.seen.contains(&segment_key("Self", name))
                || self.seen.contains(&segment_key(">", name))
                || implementors.is_some_and(|types| {
                    types
                        .iter()
                        .any(|ty| self.seen.contains(&segment_key(ty, name)))
                })
        };
        self.type_like(&trait_name)
            || item.items.iter().any(|member| match member {
                TraitItem::Fn(method) => called(&method.sig.ident.to_string()),
                _ => false,
            })
    }

    fn trait_member_kept(&self, member: &TraitItem) -> bool {
        match member {
            TraitItem::Fn(method) => {
                method.default.is_none() || self.value(&method.sig.ident.to_string())
            }
            _ => true,
        }
    }

    fn impl_kept(&self, item: &syn::ItemImpl) -> bool {
        let generics: HashSet<String> = item
            .generics
            .params
            .iter()
            .filter_map(|param| match param {
                syn::GenericParam::Type(param) => Some(param.ident.to_string()),
                _ => None,
            })
            .collect();
        let mut header = item.self_ty.to_token_stream();
        if let Some((_, path, _)) = &item.trait_ {
            header.extend(path.to_token_stream());
        }
        names_in(header).iter().all(|key| {
            let name = key.trim_end_matches("::");
            generics.contains(name) || !self.universe.types.contains(name) || self.type_like(name)
        })
    }

    fn impl_member_kept(&self, item: &syn::ItemImpl, member: &ImplItem) -> bool {
        let Some(name) = impl_member_name(member) else {
            return true;
        };
        match &item.trait_ {
            None => self.value(&name),
            // A foreign trait's impls stay whole. A local trait's keep the
            // members the program names, and the ones it must provide: the
            // trait, kept, names each of those itself.
            Some((_, path, _)) => {
                !self.universe.trait_methods.contains_key(&trait_name(path)) || self.value(&name)
            }
        }
    }

    fn macro_call_kept(&self, mac: &syn::ItemMacro) -> bool {
        let local_and_seen = |key: &String| {
            let name = key.trim_end_matches("::").trim_end_matches('!');
            self.universe.items.contains(name) && self.any(name)
        };
        let macro_name = trait_name(&mac.mac.path);
        names_in(mac.mac.tokens.clone()).iter().any(local_and_seen)
            || self
                .universe
                .macro_bodies
                .get(&macro_name)
                .is_some_and(|body| body.iter().any(local_and_seen))
    }

    /// Whether a `use` of `name` is needed: it is seen, or it is a local trait one
    /// of whose methods is called (`.method(`: importing a trait for its methods
    /// does not name it anywhere else), or it is a capitalised name from the
    /// standard library (possibly a trait imported for its methods, like
    /// `fmt::Write` for `write!`).
    fn import_needed(&self, name: &str, from_std: bool) -> bool {
        self.any(name)
            || self.seen.contains(&segment_key("", name))
            || (from_std && name.starts_with(|c: char| c.is_ascii_uppercase()))
            || self
                .universe
                .trait_methods
                .get(name)
                .is_some_and(|methods| {
                    methods
                        .iter()
                        .any(|method| self.seen.contains(&method_key(method)))
                })
    }

    /// The part of a `use` tree that imports needed names, if any.
    fn use_tree(
        &self,
        tree: &UseTree,
        parent: Option<&syn::Ident>,
        from_std: bool,
    ) -> Option<UseTree> {
        match tree {
            UseTree::Path(path) => {
                let inner = self.use_tree(&path.tree, Some(&path.ident), from_std)?;
                let mut path = path.clone();
                *path.tree = inner;
                Some(UseTree::Path(path))
            }
            UseTree::Name(name) => {
                let visible = if name.ident == "self" {
                    parent.map(ToString::to_string).unwrap_or_default()
                } else {
                    name.ident.to_string()
                };
                self.import_needed(&visible, from_std).then(|| tree.clone())
            }
            UseTree::Rename(rename) => {
                let visible = if rename.rename == "_" {
                    &rename.ident
                } else {
                    &rename.rename
                };
                self.import_needed(&visible.to_string(), from_std)
                    .then(|| tree.clone())
            }
            // `use Enum::*` needs the enum; a glob over a module stays (the
            // module is kept, maybe empty, since the glob names it).
            UseTree::Glob(_) => match parent {
                Some(name) if self.universe.types.contains(&name.to_string()) => {
                    self.type_like(&name.to_string()).then(|| tree.clone())
                }
                _ => Some(tree.clone()),
            },
            UseTree::Group(group) => {
                let mut group = group.clone();
                group.items = group
                    .items
                    .iter()
                    .filter_map(|item| self.use_tree(item, parent, from_std))
                    .collect();
                (!group.items.is_empty()).then_some(UseTree::Group(group))
            }
        }
    }

    /// The kept part of `item`, or `None` when it goes.
    fn item(&self, item: &Item, scope: &Scope) -> Option<Item> {
        match item {
            Item::Impl(impl_item) => {
                if !self.impl_kept(impl_item) {
                    return None;
                }
                let mut kept = impl_item.clone();
                kept.items
                    .retain(|member| self.impl_member_kept(impl_item, member));
                if kept.trait_.is_none() && kept.items.is_empty() {
                    return None;
                }
                Some(Item::Impl(kept))
            }
            Item::Trait(trait_item) => {
                if !self.trait_kept(trait_item) {
                    return None;
                }
                let mut kept = trait_item.clone();
                kept.items.retain(|member| self.trait_member_kept(member));
                Some(Item::Trait(kept))
            }
            Item::Use(use_item) => {
                let tree = self.use_tree(&use_item.tree, None, imports_from_std(use_item))?;
                let mut kept = use_item.clone();
                kept.tree = tree;
                Some(Item::Use(kept))
            }
            Item::Macro(mac) if mac.ident.is_none() => {
                self.macro_call_kept(mac).then(|| item.clone())
            }
            Item::Mod(module) => {
                let (brace, children) = module.content.as_ref()?;
                let children: Vec<Item> = children
                    .iter()
                    .filter_map(|child| {
                        self.item(
                            child,
                            &Scope {
                                name: &module.ident.to_string(),
                                root: false,
                            },
                        )
                    })
                    .collect();
                if children.is_empty()
                    && !self.seen.contains(&prefix_key(&module.ident.to_string()))
                {
                    return None;
                }
                let mut kept = module.clone();
                kept.content = Some((*brace, children));
                Some(Item::Mod(kept))
            }
            Item::ForeignMod(_) | Item::Verbatim(_) => Some(item.clone()),
            Item::Macro(_) => {
                let name = item_name(item)?;
                (self.value(&name) || self.seen.contains(&macro_key(&name))).then(|| item.clone())
            }
            Item::Enum(_)
            | Item::Struct(_)
            | Item::TraitAlias(_)
            | Item::Type(_)
            | Item::Union(_) => {
                let name = item_name(item)?;
                self.type_like(&name).then(|| item.clone())
            }
            Item::Fn(function) => self
                .free_function(&function.sig.ident.to_string(), scope)
                .then(|| item.clone()),
            _ => {
                let name = item_name(item)?;
                self.value(&name).then(|| item.clone())
            }
        }
    }
}

/// Adds the names in a kept item (its own name included), except that a module
/// adds only those of its items: a module's name is no use of a function that
/// happens to share it (`mod combinations` and `fn combinations`).
fn collect_kept_names(item: &Item, names: &mut HashSet<String>) {
    match item {
        // Names from std cannot lead to local items.
        Item::Use(use_item) if imports_from_std(use_item) => {}
        Item::Mod(module) => {
            for child in module.content.iter().flat_map(|(_, children)| children) {
                collect_kept_names(child, names);
            }
        }
        _ => collect_names(item.to_token_stream(), names),
    }
}

/// For `BUNDLE_DEBUG`: short names of kept items, to see why things stay.
fn label_kept(item: &Item, labels: &mut HashSet<String>) {
    let label = match item {
        Item::Mod(module) => {
            for child in module.content.iter().flat_map(|(_, children)| children) {
                label_kept(child, labels);
            }
            return;
        }
        Item::Impl(impl_item) => {
            let mut header = impl_item.self_ty.to_token_stream().to_string();
            if let Some((_, path, _)) = &impl_item.trait_ {
                header = format!("{} for {header}", path.to_token_stream());
            }
            let members: Vec<String> = impl_item
                .items
                .iter()
                .filter_map(impl_member_name)
                .collect();
            format!("impl {header} {{{}}}", members.join(","))
        }
        Item::Trait(trait_item) => {
            let members: Vec<String> = trait_item
                .items
                .iter()
                .filter_map(trait_member_name)
                .collect();
            format!("trait {} {{{}}}", trait_item.ident, members.join(","))
        }
        Item::Use(use_item) => format!("use {}", use_item.tree.to_token_stream()),
        _ => item_name(item).unwrap_or_else(|| "?".to_string()),
    };
    labels.insert(label);
}

/// Prunes the inlined crates' items (one list per crate) to what `main_tokens`
/// can reach. `dependencies[i]` lists the crates (indices into `crates`) whose
/// items crate `i`'s code can name: a name in a crate reaches that crate and
/// its dependencies, never a crate that merely sits beside it in the bundle
/// (proconio's method `prepare` is no use of ac-library-rs's function
/// `prepare`). main.rs's names reach every crate.
pub fn prune(
    crates: &mut [(&str, &mut Vec<Item>)],
    dependencies: &[Vec<usize>],
    main_tokens: TokenStream,
) {
    let mut universe = Universe::default();
    for (_, items) in crates.iter() {
        universe.survey(items);
    }
    let main_names = names_in(main_tokens);
    let mut seen: Vec<HashSet<String>> = vec![main_names; crates.len()];
    let debug = std::env::var_os("BUNDLE_DEBUG").is_some();
    let mut labels = HashSet::new();
    let mut labelled = HashSet::new();
    loop {
        let mut grown = seen.clone();
        for (index, (name, items)) in crates.iter().enumerate() {
            let decide = Decide {
                universe: &universe,
                seen: &seen[index],
            };
            let scope = Scope { name, root: true };
            let mut names = HashSet::new();
            for item in items.iter() {
                if let Some(kept) = decide.item(item, &scope) {
                    collect_kept_names(&kept, &mut names);
                    if debug {
                        label_kept(&kept, &mut labels);
                    }
                }
            }
            let reached =
                std::iter::once(&index).chain(dependencies.get(index).into_iter().flatten());
            for &target in reached {
                grown[target].extend(names.iter().cloned());
            }
        }
        if debug {
            let mut added: Vec<&String> = labels.difference(&labelled).collect();
            if !added.is_empty() {
                added.sort();
                eprintln!("kept next: {added:?}");
            }
            labelled = labels.clone();
        }
        if grown
            .iter()
            .zip(&seen)
            .all(|(grown, seen)| grown.len() == seen.len())
        {
            break;
        }
        seen = grown;
    }
    for (index, (name, items)) in crates.iter_mut().enumerate() {
        let decide = Decide {
            universe: &universe,
            seen: &seen[index],
        };
        let scope = Scope { name, root: true };
        let kept: Vec<Item> = items
            .iter()
            .filter_map(|item| decide.item(item, &scope))
            .collect();
        **items = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `main` keeps of `library`, a crate named `lib`, as formatted Rust.
    fn kept(library: &str, main: &str) -> String {
        let mut items = syn::parse_file(library).unwrap().items;
        prune(
            &mut [("lib", &mut items)],
            &[Vec::new()],
            main.parse().unwrap(),
        );
        prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items,
        })
    }

    #[test]
    fn items_are_kept_by_name_and_by_what_kept_items_name() {
        let library = "pub fn used() { helper() }\nfn helper() {}\npub fn unused() {}\n\
            pub const LIMIT: u32 = 1;\npub const UNUSED: u32 = 2;\npub struct Point { x: u8 }\n\
            pub struct Unused;\nmacro_rules! shout { () => { loud() } }\nfn loud() {}\n\
            macro_rules! quiet { () => {} }\nmacro_rules! mark { ($t:ident) => {} }\nmark!(Point);\nmark!(Unused);\n\
            pub union Bits { a: u8 }\npub union Spare { a: u8 }\npub trait Alias = Clone;\npub trait Spared = Copy;\n\
            extern \"C\" { fn abs(x: i32) -> i32; }\npub enum Shade { Dark }\n\
            pub mod combinations { pub fn pairs() {} }\npub fn combinations() {}\n";
        // An extern block stays; a type seen only before `::` stays; a module's
        // name is no use of a function that shares it.
        let main =
            "fn main() { used(); let p: Point; shout!(); LIMIT; let b: Bits; fn f<T: Alias>() {} \
            Shade::Dark; combinations::pairs(); }";
        assert_eq!(
            kept(library, main),
            "pub fn used() {\n    helper()\n}\nfn helper() {}\npub const LIMIT: u32 = 1;\n\
             pub struct Point {\n    x: u8,\n}\nmacro_rules! shout {\n    () => {\n        loud()\n    };\n}\n\
             fn loud() {}\nmacro_rules! mark {\n    ($t:ident) => {};\n}\nmark!(Point);\n\
             pub union Bits {\n    a: u8,\n}\npub trait Alias = Clone;\n\
             extern \"C\" {\n    fn abs(x: i32) -> i32;\n}\npub enum Shade {\n    Dark,\n}\n\
             pub mod combinations {\n    pub fn pairs() {}\n}\n"
        );
    }

    #[test]
    fn traits_and_impls_are_kept_with_what_is_used_of_them() {
        let library = "pub trait Shape {\n    type Unit;\n    const CORNERS: u8;\n    const SIDES: u8 = 4;\n    fn area(&self) -> u32;\n    fn id(&self) -> u8;\n    fn name(&self) -> u8 { 0 }\n    fn perimeter(&self) -> u32 { 0 }\n}\n\
            pub struct Square(u32);\n\
            impl Shape for Square {\n    type Unit = u8;\n    const CORNERS: u8 = 4;\n    const SIDES: u8 = 4;\n    fn area(&self) -> u32 { self.0 }\n    fn id(&self) -> u8 { 7 }\n    fn name(&self) -> u8 { 1 }\n}\n\
            impl Square {\n    pub fn new(side: u32) -> Square { Square(side) }\n    pub fn unused(&self) {}\n}\n\
            impl std::fmt::Display for Square {\n    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }\n}\n\
            impl<T> From<T> for Square where T: Into<u32> {\n    fn from(side: T) -> Square { Square(side.into()) }\n}\n\
            pub struct Gone;\nimpl Gone {\n    pub fn new() -> Gone { Gone }\n}\nimpl Shape for Gone {\n    fn area(&self) -> u32 { 0 }\n}\n\
            pub trait Unnamed {}\nimpl Unnamed for Square {}\npub struct T;\n";
        let main =
            "use lib::Shape;\nfn main() { let s = Square::new(2); s.area(); s.perimeter(); }";
        // A required member stays, a provided method only when called; an impl
        // of a trait from elsewhere stays whole (its parameter `T` is not taken
        // for the local type `T`, which stays by name); an impl of a dropped
        // type or local trait goes.
        assert_eq!(
            kept(library, main),
            "pub trait Shape {\n    type Unit;\n    const CORNERS: u8;\n    const SIDES: u8 = 4;\n    fn area(&self) -> u32;\n    fn id(&self) -> u8;\n    fn perimeter(&self) -> u32 {\n        0\n    }\n}\n\
             pub struct Square(u32);\nimpl Shape for Square {\n    type Unit = u8;\n    const CORNERS: u8 = 4;\n    const SIDES: u8 = 4;\n    fn area(&self) -> u32 {\n        self.0\n    }\n    fn id(&self) -> u8 {\n        7\n    }\n}\n\
             impl Square {\n    pub fn new(side: u32) -> Square {\n        Square(side)\n    }\n}\n\
             impl std::fmt::Display for Square {\n    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {\n        Ok(())\n    }\n}\n\
             impl<T> From<T> for Square\nwhere\n    T: Into<u32>,\n{\n    fn from(side: T) -> Square {\n        Square(side.into())\n    }\n}\n\
             pub struct T;\n"
        );
    }

    /// ac-library-rs's modint in small: a private trait whose methods its
    /// impls and macros call as `Self::name` and `<T>::name`, never naming it.
    #[test]
    fn a_trait_called_only_through_its_methods_is_kept_with_its_impls() {
        let library = "pub struct Num(u32);\n\
            trait Ops: Sized {\n    fn add_impl(a: Self, b: Self) -> Self;\n    fn neg_impl(a: Self) -> Self { a }\n    fn twice(a: Self) -> Self;\n    fn unused_provided(&self) {}\n}\n\
            impl Ops for Num {\n    fn add_impl(a: Num, b: Num) -> Num { Num(a.0 + b.0) }\n    fn twice(a: Num) -> Num { Num(a.0 * 2) }\n}\n\
            macro_rules! impl_add {\n    ($t:ty) => {\n        impl std::ops::Add for $t {\n            type Output = $t;\n            fn add(self, rhs: $t) -> $t { <$t>::add_impl(self, rhs) }\n        }\n    };\n}\n\
            impl_add!(Num);\n\
            impl std::ops::Neg for Num {\n    type Output = Num;\n    fn neg(self) -> Num { Self::neg_impl(self) }\n}\n\
            trait Unrelated {\n    fn unrelated(&self);\n}\n\
            impl Unrelated for Num {\n    fn unrelated(&self) {}\n}\n\
            trait Make {\n    fn make() -> Self;\n}\n\
            impl Make for Num {\n    fn make() -> Num { Num(0) }\n}\n\
            trait Zero {\n    fn zero() -> Self;\n}\n\
            impl Zero for Num {\n    fn zero() -> Num { Num(0) }\n}\n\
            pub struct Other;\n\
            impl Other {\n    pub fn make() -> Other { Other }\n}\n";
        let main = "fn main() { let n = -(lib::Num(1) + lib::Num(2)); \
            lib::Other::make(); lib::Num::zero(); }";
        // Kept: the trait, for `<$t>::add_impl` in the macro and `Self::neg_impl`
        // in an impl of a foreign trait; the trait of `Num::zero()`. Gone: a provided method nothing calls, a trait whose method
        // nothing calls, and one whose method's name is only called on a type
        // without an impl of it.
        assert_eq!(
            kept(library, main),
            "pub struct Num(u32);\n\
             trait Ops: Sized {\n    fn add_impl(a: Self, b: Self) -> Self;\n    fn neg_impl(a: Self) -> Self {\n        a\n    }\n    fn twice(a: Self) -> Self;\n}\n\
             impl Ops for Num {\n    fn add_impl(a: Num, b: Num) -> Num {\n        Num(a.0 + b.0)\n    }\n    fn twice(a: Num) -> Num {\n        Num(a.0 * 2)\n    }\n}\n\
             macro_rules! impl_add {\n    ($t:ty) => {\n        impl std::ops::Add for $t { type Output = $t; fn add(self, rhs : $t) -> $t { <$t\n        >::add_impl(self, rhs) } }\n    };\n}\n\
             impl_add!(Num);\n\
             impl std::ops::Neg for Num {\n    type Output = Num;\n    fn neg(self) -> Num {\n        Self::neg_impl(self)\n    }\n}\n\
             trait Zero {\n    fn zero() -> Self;\n}\nimpl Zero for Num {\n    fn zero() -> Num {\n        Num(0)\n    }\n}\n\
             pub struct Other;\nimpl Other {\n    pub fn make() -> Other {\n        Other\n    }\n}\n"
        );
    }

    #[test]
    fn imports_and_modules_are_kept_when_what_they_reach_is() {
        let library = "use std::fmt::Write;\nuse std::collections::hash_map;\n\
            pub mod inner {\n    pub fn reached() {}\n    pub fn not_reached() {}\n    pub mod empty {}\n}\n\
            pub mod named {}\npub mod unnamed {}\n\
            pub use self::inner::{reached, not_reached};\n\
            pub mod ext {\n    pub trait Ext {\n        fn ext_method(&self);\n    }\n}\nuse self::ext::Ext;\n\
            pub enum Color { Red }\npub enum Other { A }\nuse self::Color::*;\nuse self::Other::*;\n\
            pub mod globbed {\n    pub fn via_glob() {}\n}\npub use self::globbed::*;\n\
            pub mod paths {\n    pub fn by_module() {}\n    pub fn by_self() {}\n    pub fn by_super() {}\n}\n\
            pub fn by_crate() {}\npub fn in_root_only() {}\npub mod deep {\n    pub fn by_crate_deep() {}\n}\n\
            pub mod sink {\n    pub struct Write;\n}\n";
        // `use std::fmt::Write` stays (a std trait may be imported for its
        // methods), but the names it holds reach no local item (`sink::Write`).
        let main =
            "fn main() { reached(); 1.ext_method(); let c: Color; lib::via_glob(); named::X; \
            paths::by_module(); self::by_self(); super::by_super(); crate::by_crate(); \
            crate::by_crate_deep(); }";
        assert_eq!(
            kept(library, main),
            "use std::fmt::Write;\npub mod inner {\n    pub fn reached() {}\n}\npub mod named {}\n\
             pub use self::inner::reached;\npub mod ext {\n    pub trait Ext {\n        fn ext_method(&self);\n    }\n}\n\
             use self::ext::Ext;\npub enum Color {\n    Red,\n}\nuse self::Color::*;\n\
             pub mod globbed {\n    pub fn via_glob() {}\n}\npub use self::globbed::*;\n\
             pub mod paths {\n    pub fn by_module() {}\n    pub fn by_self() {}\n    pub fn by_super() {}\n}\n\
             pub fn by_crate() {}\n"
        );
    }

    /// Each list of items as formatted Rust, after pruning `crates` (name,
    /// source, the indices of its dependencies) for `main`.
    fn kept_of_each(crates: &[(&str, &str, Vec<usize>)], main: &str) -> Vec<String> {
        let mut items: Vec<Vec<Item>> = crates
            .iter()
            .map(|(_, source, _)| syn::parse_file(source).unwrap().items)
            .collect();
        let dependencies: Vec<Vec<usize>> = crates.iter().map(|c| c.2.clone()).collect();
        let mut lists: Vec<(&str, &mut Vec<Item>)> = crates
            .iter()
            .map(|(name, _, _)| *name)
            .zip(items.iter_mut())
            .collect();
        prune(&mut lists, &dependencies, main.parse().unwrap());
        items
            .into_iter()
            .map(|items| {
                prettyplease::unparse(&syn::File {
                    shebang: None,
                    attrs: Vec::new(),
                    items,
                })
            })
            .collect()
    }

    #[test]
    fn a_crate_s_names_reach_itself_and_its_dependencies_only() {
        let crates = [
            (
                "reader",
                "pub fn read() { prepare() }\nfn prepare() {}\n",
                vec![],
            ),
            (
                "algo",
                "pub fn solve() { base::helper() }\npub fn prepare() -> Cache { Cache }\npub struct Cache;\n",
                vec![2],
            ),
            ("base", "pub fn helper() {}\npub fn read() {}\n", vec![]),
        ];
        let kept = kept_of_each(&crates, "fn main() { reader::read(); algo::solve(); }");
        // algo's `prepare` is not reader's; base's `helper` is algo's to name;
        // `reader::read` is not base's `read`.
        assert_eq!(
            kept,
            [
                "pub fn read() {\n    prepare()\n}\nfn prepare() {}\n",
                "pub fn solve() {\n    base::helper()\n}\n",
                "pub fn helper() {}\n",
            ]
        );
    }

    #[test]
    fn debug_labels_name_each_kept_item_briefly() {
        let file = syn::parse_file(
            "mod m {\n    fn f() {}\n    impl Shape for Square {\n        fn area() {}\n        const SIDES: u8 = 4;\n        type Unit = u8;\n        m!();\n    }\n}\n\
             trait Shape {\n    fn area();\n    const SIDES: u8;\n    type Unit;\n    m!();\n}\n\
             use std::fmt;\nstruct Square;\nimpl Square {\n    fn new() {}\n}\nm!();\n",
        )
        .unwrap();
        let mut labels = HashSet::new();
        for item in &file.items {
            label_kept(item, &mut labels);
        }
        let mut labels: Vec<String> = labels.into_iter().collect();
        labels.sort();
        assert_eq!(
            labels,
            [
                "?",
                "Square",
                "f",
                "impl Shape for Square {area,SIDES,Unit}",
                "impl Square {new}",
                "trait Shape {area,SIDES,Unit}",
                "use std :: fmt",
            ]
        );
    }
}
