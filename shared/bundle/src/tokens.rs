//! Token-level passes over Rust source: attributes (doc comments, `cfg`,
//! `cfg_attr`, lint levels), crate paths, and the names a piece of code mentions.
//!
//! These work on `proc_macro2` token trees, where an attribute is always the
//! tokens `#` `[...]` or `#` `!` `[...]`, a path separator is `:` `:`, and doc
//! comments arrive as `#[doc = "..."]`: lexically exact, and they reach places a
//! syntax-tree pass cannot, like the bodies of `macro_rules!`.

use std::collections::HashSet;

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};

use crate::cfg::{evaluate, split_commas, Cfg};

/// How far [`clean`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clean<'a> {
    /// Doc attributes out; `cfg`/`cfg_attr` settled with these features; lint
    /// levels other than `allow` out (a dependency's lints are capped, as Cargo
    /// does with `--cap-lints`).
    Library(&'a HashSet<String>),
    /// Doc attributes out, nothing else (inside `macro_rules!` transcribers,
    /// whose `cfg`s are decided where the macro is expanded).
    DocsOnly,
}

fn ident_is(tree: Option<&TokenTree>, name: &str) -> bool {
    matches!(tree, Some(TokenTree::Ident(ident)) if ident == name)
}

fn punct_is(tree: Option<&TokenTree>, ch: char) -> bool {
    matches!(tree, Some(TokenTree::Punct(punct)) if punct.as_char() == ch)
}

fn bracket(tree: Option<&TokenTree>) -> Option<&Group> {
    match tree {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Bracket => Some(group),
        _ => None,
    }
}

fn attribute(inner: bool, body: TokenStream) -> Vec<TokenTree> {
    let mut trees = vec![TokenTree::Punct(Punct::new('#', Spacing::Alone))];
    if inner {
        trees.push(TokenTree::Punct(Punct::new('!', Spacing::Alone)));
    }
    trees.push(TokenTree::Group(Group::new(Delimiter::Bracket, body)));
    trees
}

/// The disabled marker `cfg(any())`, which later passes remove with what it is on.
pub fn disabled_cfg() -> TokenStream {
    "cfg(any())".parse().expect("valid tokens")
}

/// Rewrites one attribute body (the tokens inside `#[...]`) into zero or more
/// attributes.
fn clean_attribute(inner: bool, body: TokenStream, mode: Clean) -> Result<Vec<TokenTree>, String> {
    let trees: Vec<TokenTree> = body.clone().into_iter().collect();
    let name = match trees.first() {
        Some(TokenTree::Ident(ident)) => ident.to_string(),
        _ => return Ok(attribute(inner, body)),
    };
    let arguments = match trees.get(1) {
        Some(TokenTree::Group(group)) if trees.len() == 2 => Some(group.stream()),
        _ => None,
    };
    match (name.as_str(), mode) {
        ("doc", _) => Ok(Vec::new()),
        ("warn" | "deny" | "forbid" | "expect", Clean::Library(_)) => Ok(Vec::new()),
        ("cfg", Clean::Library(features)) => {
            let predicate = arguments.ok_or_else(|| format!("malformed `#[{body}]`"))?;
            Ok(match evaluate(predicate, features)? {
                Cfg::Known(true) => Vec::new(),
                Cfg::Known(false) => attribute(inner, disabled_cfg()),
                Cfg::Open(predicate) => {
                    let mut tokens = vec![TokenTree::Ident(Ident::new("cfg", Span::call_site()))];
                    tokens.push(TokenTree::Group(Group::new(
                        Delimiter::Parenthesis,
                        predicate,
                    )));
                    attribute(inner, tokens.into_iter().collect())
                }
            })
        }
        ("cfg_attr", Clean::Library(features)) => {
            let arguments = arguments.ok_or_else(|| format!("malformed `#[{body}]`"))?;
            let mut parts = split_commas(arguments).into_iter();
            let predicate = parts
                .next()
                .ok_or_else(|| format!("malformed `#[{body}]`"))?;
            let mut cleaned = Vec::new();
            for part in parts {
                cleaned.push(clean_attribute(inner, part, mode)?);
            }
            match evaluate(predicate, features)? {
                Cfg::Known(true) => Ok(cleaned.into_iter().flatten().collect()),
                Cfg::Known(false) => Ok(Vec::new()),
                Cfg::Open(predicate) => {
                    // Keep the attributes that survived cleaning, still conditional.
                    let kept: Vec<TokenStream> = cleaned
                        .into_iter()
                        .filter_map(|trees| match trees.last() {
                            Some(TokenTree::Group(group)) => Some(group.stream()),
                            _ => None,
                        })
                        .collect();
                    if kept.is_empty() {
                        return Ok(Vec::new());
                    }
                    let mut list = vec![predicate];
                    list.extend(kept);
                    let mut inner_tokens = Vec::new();
                    for (i, part) in list.into_iter().enumerate() {
                        if i > 0 {
                            inner_tokens.push(TokenTree::Punct(Punct::new(',', Spacing::Alone)));
                        }
                        inner_tokens.extend(part);
                    }
                    let body: TokenStream = [
                        TokenTree::Ident(Ident::new("cfg_attr", Span::call_site())),
                        TokenTree::Group(Group::new(
                            Delimiter::Parenthesis,
                            inner_tokens.into_iter().collect(),
                        )),
                    ]
                    .into_iter()
                    .collect();
                    Ok(attribute(inner, body))
                }
            }
        }
        _ => Ok(attribute(inner, body)),
    }
}

/// The body of a `macro_rules!`: matchers untouched, transcribers lose their doc
/// attributes only.
fn clean_macro_rules(body: TokenStream) -> Result<TokenStream, String> {
    let trees: Vec<TokenTree> = body.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    for (i, tree) in trees.iter().enumerate() {
        let after_arrow =
            i >= 2 && punct_is(trees.get(i - 1), '>') && punct_is(trees.get(i - 2), '=');
        match tree {
            TokenTree::Group(group) if after_arrow => {
                let mut cleaned =
                    Group::new(group.delimiter(), clean(group.stream(), Clean::DocsOnly)?);
                cleaned.set_span(group.span());
                out.push(TokenTree::Group(cleaned));
            }
            _ => out.push(tree.clone()),
        }
    }
    Ok(out.into_iter().collect())
}

/// Removes doc attributes and settles `cfg`/`cfg_attr` (see [`Clean`]), at every
/// depth. An item whose `cfg` is settled false keeps the marker `#[cfg(any())]`,
/// so rustc would drop it anyway; the syntax-tree pass removes it for size.
///
/// # Errors
/// On malformed `cfg` predicates.
pub fn clean(tokens: TokenStream, mode: Clean) -> Result<TokenStream, String> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        let tree = &trees[i];
        if punct_is(Some(tree), '#') {
            let inner = punct_is(trees.get(i + 1), '!');
            let at = if inner { i + 2 } else { i + 1 };
            if let Some(group) = bracket(trees.get(at)) {
                out.extend(clean_attribute(inner, group.stream(), mode)?);
                i = at + 1;
                continue;
            }
        }
        if ident_is(Some(tree), "macro_rules") && punct_is(trees.get(i + 1), '!') {
            if let (Some(name @ TokenTree::Ident(_)), Some(TokenTree::Group(body))) =
                (trees.get(i + 2), trees.get(i + 3))
            {
                out.extend([tree.clone(), trees[i + 1].clone(), name.clone()]);
                let mut cleaned = Group::new(body.delimiter(), clean_macro_rules(body.stream())?);
                cleaned.set_span(body.span());
                out.push(TokenTree::Group(cleaned));
                i += 4;
                continue;
            }
        }
        match tree {
            TokenTree::Group(group) => {
                let mut cleaned = Group::new(group.delimiter(), clean(group.stream(), mode)?);
                cleaned.set_span(group.span());
                out.push(TokenTree::Group(cleaned));
            }
            _ => out.push(tree.clone()),
        }
        i += 1;
    }
    Ok(out.into_iter().collect())
}

fn path_separator() -> [TokenTree; 2] {
    [
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
    ]
}

fn ident(name: &str) -> TokenTree {
    TokenTree::Ident(Ident::new(name, Span::call_site()))
}

fn is_separator_at(trees: &[TokenTree], i: usize) -> bool {
    matches!((trees.get(i), trees.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
}

/// Keywords after which `::name` starts a path rather than continuing one.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "dyn", "else", "enum", "extern", "fn", "for", "if", "impl", "in",
    "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static", "struct",
    "trait", "type", "unsafe", "use", "where", "while",
];

/// Whether the path segment at `i` is the first of its path (nothing like
/// `a::`, `.`, `$` or `::` right before it).
fn starts_path(trees: &[TokenTree], i: usize) -> bool {
    if i == 0 {
        return true;
    }
    match &trees[i - 1] {
        TokenTree::Punct(punct) => !matches!(punct.as_char(), ':' | '.' | '$'),
        _ => true,
    }
}

/// Whether a leading `::` at `i` starts an absolute path (and does not join two
/// segments, as in `a::b` or `Vec::<T>::new`; after `->` and `=>` it starts one).
fn leading_separator(trees: &[TokenTree], i: usize) -> bool {
    if i == 0 {
        return true;
    }
    match &trees[i - 1] {
        TokenTree::Ident(ident) => KEYWORDS.contains(&ident.to_string().as_str()),
        TokenTree::Punct(punct) if punct.as_char() == '>' => matches!(
            i.checked_sub(2).map(|j| &trees[j]),
            Some(TokenTree::Punct(arrow))
                if matches!(arrow.as_char(), '-' | '=') && arrow.spacing() == Spacing::Joint
        ),
        TokenTree::Punct(_) => true,
        TokenTree::Group(_) | TokenTree::Literal(_) => false,
    }
}

/// Whether the `::` at `i` starts an absolute path into one of `crates`
/// (`::either::Left`).
fn absolute_path_to(trees: &[TokenTree], i: usize, crates: &HashSet<String>) -> bool {
    is_separator_at(trees, i)
        && leading_separator(trees, i)
        && matches!(trees.get(i + 2), Some(TokenTree::Ident(name)) if crates.contains(&name.to_string()))
        && is_separator_at(trees, i + 3)
}

/// Rewrites the paths of code that moves from a crate's root into the module
/// `crate::<module>` of the bundle: `$crate` becomes `$crate::<module>`,
/// `crate::` becomes `crate::<module>::`, and a path starting with the name of an
/// inlined dependency (`either::` or `::either::`) becomes `crate::either::`.
pub fn rewrite_paths(
    tokens: TokenStream,
    module: &str,
    dependencies: &HashSet<String>,
) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        let tree = &trees[i];
        match tree {
            TokenTree::Ident(name) if name == "crate" => {
                out.push(tree.clone());
                let after_dollar = punct_is(i.checked_sub(1).and_then(|j| trees.get(j)), '$');
                if after_dollar || is_separator_at(&trees, i + 1) {
                    out.extend(path_separator());
                    out.push(ident(module));
                }
            }
            TokenTree::Ident(name)
                if dependencies.contains(&name.to_string())
                    && is_separator_at(&trees, i + 1)
                    && starts_path(&trees, i) =>
            {
                out.push(ident("crate"));
                out.extend(path_separator());
                out.push(tree.clone());
            }
            TokenTree::Punct(_) if absolute_path_to(&trees, i, dependencies) => {
                out.push(ident("crate"));
                out.extend(path_separator());
                out.push(trees[i + 2].clone());
                i += 3;
                continue;
            }
            TokenTree::Group(group) => {
                let mut rewritten = Group::new(
                    group.delimiter(),
                    rewrite_paths(group.stream(), module, dependencies),
                );
                rewritten.set_span(group.span());
                out.push(TokenTree::Group(rewritten));
            }
            _ => out.push(tree.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

/// The key under which [`collect_names`] records a name followed by `!`: it can
/// only be a macro.
pub fn macro_key(name: &str) -> String {
    format!("{name}!")
}

/// The key under which [`collect_names`] records a name followed by `::` (but
/// not a turbofish): it can only be a module, type, trait or enum.
pub fn prefix_key(name: &str) -> String {
    format!("{name}::")
}

/// The key under which [`collect_names`] also records a name right after `.`:
/// a method call or field.
pub fn method_key(name: &str) -> String {
    format!(".{name}")
}

/// The key under which [`collect_names`] records a name that ends a path after
/// `prefix ::` (`Vec::new` -> `Vec::new`), and, with an empty prefix, the key
/// recorded for every such name (`::new`).
pub fn segment_key(prefix: &str, name: &str) -> String {
    format!("{prefix}::{name}")
}

/// Adds every identifier in `tokens` to `names`, with the names a format string
/// may capture (`"{count}"`), so that items used only that way are kept.
///
/// A name right before `!` is recorded as [`macro_key`], one right before `::`
/// as [`prefix_key`], so that `format!(..)` or `combinations::X` do not make a
/// function called `format` or `combinations` look used.
pub fn collect_names(tokens: TokenStream, names: &mut HashSet<String>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident) => {
                let text = ident.to_string();
                let bare = text.strip_prefix("r#").unwrap_or(&text);
                let before = |back: usize| i.checked_sub(back).and_then(|j| trees.get(j));
                if punct_is(trees.get(i + 1), '!') && !ident_is(Some(tree), "macro_rules") {
                    names.insert(macro_key(bare));
                } else if is_separator_at(&trees, i + 1) && !punct_is(trees.get(i + 3), '<') {
                    names.insert(prefix_key(bare));
                } else if i >= 2 && is_separator_at(&trees, i - 2) {
                    // `<T>::name` is recorded after `>`: a qualified path, which
                    // may call a trait's method without naming the trait.
                    let prefix = match before(3) {
                        Some(TokenTree::Ident(prefix)) => prefix.to_string(),
                        Some(TokenTree::Punct(punct)) if punct.as_char() == '>' => ">".to_string(),
                        _ => String::new(),
                    };
                    names.insert(segment_key(&prefix, bare));
                    names.insert(segment_key("", bare));
                } else if punct_is(before(1), '.') {
                    names.insert(method_key(bare));
                } else if !names.contains(bare) {
                    names.insert(bare.to_string());
                }
            }
            TokenTree::Group(group) => collect_names(group.stream(), names),
            TokenTree::Literal(literal) => {
                let text = literal.to_string();
                if text.contains('{') && (text.starts_with('"') || text.starts_with('r')) {
                    collect_format_captures(&text, names);
                }
            }
            TokenTree::Punct(_) => {}
        }
    }
}

fn collect_format_captures(text: &str, names: &mut HashSet<String>) {
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        rest = &rest[start + 1..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) {
            names.insert(name);
        }
    }
}

/// Insertions (byte offset, text) that make main.rs's paths to `crates` resolve
/// in a bundle, where the crates are modules of the root: `crate::` before
/// `proconio::...` inside `mod name { ... }` blocks at any depth, and `crate`
/// before `::proconio::...` anywhere.
pub fn crate_path_insertions(
    tokens: TokenStream,
    crates: &HashSet<String>,
    inside: bool,
    insertions: &mut Vec<(usize, &'static str)>,
) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(group) => {
                let is_module = i >= 2
                    && ident_is(trees.get(i - 2), "mod")
                    && matches!(trees.get(i - 1), Some(TokenTree::Ident(_)))
                    && group.delimiter() == Delimiter::Brace;
                crate_path_insertions(group.stream(), crates, inside || is_module, insertions);
            }
            TokenTree::Ident(name)
                if inside
                    && crates.contains(&name.to_string())
                    && is_separator_at(&trees, i + 1)
                    && starts_path(&trees, i) =>
            {
                insertions.push((name.span().byte_range().start, "crate::"));
            }
            TokenTree::Punct(punct) if absolute_path_to(&trees, i, crates) => {
                insertions.push((punct.span().byte_range().start, "crate"));
            }
            _ => {}
        }
    }
}

/// Whether `tokens` has the identifier `name` as the first segment of a path
/// (`name::...`), at any depth.
pub fn mentions_path_root(tokens: TokenStream, name: &str) -> bool {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    trees.iter().enumerate().any(|(i, tree)| match tree {
        TokenTree::Ident(ident) => {
            ident == name
                && (is_separator_at(&trees, i + 1)
                    || ident_is(trees.get(i + 1), "as")
                    || punct_is(trees.get(i + 1), ';'))
        }
        TokenTree::Group(group) => mentions_path_root(group.stream(), name),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(text: &str) -> String {
        let dependencies = ["either".to_string()].into_iter().collect();
        rewrite_paths(text.parse().unwrap(), "itertools", &dependencies).to_string()
    }

    fn squash(text: &str) -> String {
        text.chars().filter(|c| !c.is_whitespace()).collect()
    }

    #[test]
    fn crate_paths_move_into_the_module() {
        assert_eq!(
            squash(&rewrite(
                "use crate::a::B; pub(crate) fn f() { $crate::g!() }"
            )),
            "usecrate::itertools::a::B;pub(crate)fnf(){$crate::itertools::g!()}"
        );
    }

    #[test]
    fn dependency_paths_move_to_the_bundle_root() {
        assert_eq!(
            squash(&rewrite(
                "use either::Either; use ::either::Left; x.either::<T>(); a::either::b"
            )),
            "usecrate::either::Either;usecrate::either::Left;x.either::<T>();a::either::b"
        );
        assert_eq!(
            squash(&rewrite(
                "fn f(x: &dyn ::either::T) -> ::either::Either<u8, u8> { m!(0 => ::either::Left) }"
            )),
            "fnf(x:&dyncrate::either::T)->crate::either::Either<u8,u8>{m!(0=>crate::either::Left)}"
        );
        // After `=` or `&` a `::` starts a path; after a generic's `>` it joins one.
        assert_eq!(
            squash(&rewrite(
                "let v = ::either::Left(1); f(&::either::Right(2)); Vec::<u8>::either::x;"
            )),
            "letv=crate::either::Left(1);f(&crate::either::Right(2));Vec::<u8>::either::x;"
        );
    }

    #[test]
    fn docs_and_test_code_are_cleaned() {
        let features = HashSet::new();
        let cleaned = clean(
            "/// doc\n#[cfg(test)] mod tests {} #[cfg_attr(feature = \"x\", derive(Debug))] #[warn(missing_docs)] struct A;"
                .parse()
                .unwrap(),
            Clean::Library(&features),
        )
        .unwrap();
        assert_eq!(
            squash(&cleaned.to_string()),
            "#[cfg(any())]modtests{}structA;"
        );
    }

    /// `text` cleaned as a library with `features` enabled, without spaces.
    fn cleaned(text: &str, features: &[&str]) -> Result<String, String> {
        let features: HashSet<String> = features.iter().map(|f| f.to_string()).collect();
        clean(text.parse().unwrap(), Clean::Library(&features)).map(|out| squash(&out.to_string()))
    }

    #[test]
    fn cfgs_are_settled_by_the_features_and_the_rest_left_to_rustc() {
        let cases = [
            ("#[cfg(feature = \"x\")] fn f() {}", "fnf(){}"),
            ("#[cfg(unix)] fn f() {}", "#[cfg(unix)]fnf(){}"),
            (
                "#[cfg(all(feature = \"x\", unix))] fn f() {}",
                "#[cfg(unix)]fnf(){}",
            ),
            ("#[cfg(feature = \"y\")] fn f() {}", "#[cfg(any())]fnf(){}"),
            (
                "#![cfg_attr(feature = \"x\", allow(dead_code))]",
                "#![allow(dead_code)]",
            ),
            (
                "#[cfg_attr(feature = \"x\", derive(Clone), doc = \"d\", inline)] fn f() {}",
                "#[derive(Clone)]#[inline]fnf(){}",
            ),
            (
                "#[cfg_attr(unix, derive(Clone), doc = \"d\", warn(x), inline)] fn f() {}",
                "#[cfg_attr(unix,derive(Clone),inline)]fnf(){}",
            ),
            ("#[cfg_attr(unix, doc = \"d\")] fn f() {}", "fnf(){}"),
            ("#[cfg_attr(feature = \"y\", inline)] fn f() {}", "fnf(){}"),
            (
                "#[deny(x)] #[forbid(x)] #[expect(x)] #[warn(x)] #[allow(x)] fn f() {}",
                "#[allow(x)]fnf(){}",
            ),
            (
                "#[::path::attr] #[inline] fn f() {}",
                "#[::path::attr]#[inline]fnf(){}",
            ),
            ("fn f() { let a = [1]; a[0]; }", "fnf(){leta=[1];a[0];}"),
            ("m! { #(x)* #{y} }", "m!{#(x)*#{y}}"),
            (
                "fn f() { if a & !b { #[cfg(feature = \"y\")] g(); } }",
                "fnf(){ifa&!b{#[cfg(any())]g();}}",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(cleaned(text, &["x"]).as_deref(), Ok(expected), "{text}");
        }
        for (text, message) in [
            ("#[cfg] fn f() {}", "malformed `#[cfg]`"),
            ("#[cfg_attr] fn f() {}", "malformed `#[cfg_attr]`"),
            ("#[cfg_attr()] fn f() {}", "malformed `#[cfg_attr ()]`"),
            ("#[cfg(unix) x] fn f() {}", "malformed `#[cfg (unix) x]`"),
        ] {
            assert_eq!(cleaned(text, &[]), Err(message.to_string()), "{text}");
        }
    }

    #[test]
    fn a_dependency_is_found_where_a_path_starts_with_it() {
        for (text, mentions) in [
            ("use either::Either;", true),
            ("use either as e;", true),
            ("extern crate either;", true),
            ("fn f() { { either::Left(1); } }", true),
            ("fn f() { x.either(); }", false),
            ("fn either() {}", false),
            ("use other::either2::X;", false),
        ] {
            assert_eq!(
                mentions_path_root(text.parse().unwrap(), "either"),
                mentions,
                "{text}"
            );
        }
    }

    #[test]
    fn macro_matchers_are_left_alone() {
        let features = HashSet::new();
        let text = "macro_rules! m { (#[doc = \"d\"] #[cfg(test)] $x:ident) => { /// doc\n #[cfg(test)] fn $x() {} }; \
                    () => { /// doc\n #[warn(x)] fn y() {} }; }";
        let cleaned = clean(text.parse().unwrap(), Clean::Library(&features)).unwrap();
        assert_eq!(
            squash(&cleaned.to_string()),
            "macro_rules!m{(#[doc=\"d\"]#[cfg(test)]$x:ident)=>{#[cfg(test)]fn$x(){}};\
             ()=>{#[warn(x)]fny(){}};}"
        );
    }

    #[test]
    fn format_captures_count_as_names() {
        let mut names = HashSet::new();
        collect_names(
            "println!(\"{LIMIT} {x:>5} {{}} {0}\")".parse().unwrap(),
            &mut names,
        );
        assert!(names.contains("LIMIT") && names.contains("x"));
        assert!(!names.contains("0"));
    }

    #[test]
    fn crate_needs_inserting_inside_modules_and_before_absolute_paths() {
        let text = "mod m { use proconio::input; fn f() { let _ = x.proconio::y; } } \
                    fn g() { proconio::z(); Vec::<u8>::new(); } \
                    pub mod n { mod o { fn h() { proconio::w(); itertools::v(); } } } \
                    fn k() { mod p { proconio::u(); } } use ::proconio::t; \
                    mod q { fn r() -> ::proconio::s { ::other::x() } }";
        let crates = ["proconio".to_string()].into_iter().collect();
        let mut insertions = Vec::new();
        crate_path_insertions(text.parse().unwrap(), &crates, false, &mut insertions);
        let found: Vec<(&str, &str)> = insertions
            .iter()
            .map(|&(at, insert)| (&text[at..at + 11], insert))
            .collect();
        assert_eq!(
            found,
            [
                ("proconio::i", "crate::"),
                ("proconio::w", "crate::"),
                ("proconio::u", "crate::"),
                ("::proconio:", "crate"),
                ("::proconio:", "crate"),
            ]
        );
    }

    #[test]
    fn raw_names_and_raw_strings_count_and_byte_strings_do_not() {
        let mut names = HashSet::new();
        collect_names(
            "r#type(); macro_rules! m {} f(r\"{raw}\", b\"{bytes}\")"
                .parse()
                .unwrap(),
            &mut names,
        );
        assert!(names.contains("type") && names.contains("raw"), "{names:?}");
        assert!(
            !names.contains("bytes") && !names.contains("macro_rules!"),
            "{names:?}"
        );
    }

    #[test]
    fn names_are_keyed_by_their_place() {
        let mut names = HashSet::new();
        collect_names(
            "a::b::c(); f::<T>(); x.m(); m!(); <U>::q()"
                .parse()
                .unwrap(),
            &mut names,
        );
        let mut names: Vec<_> = names.into_iter().collect();
        names.sort();
        assert_eq!(
            names,
            [".m", "::c", "::q", ">::q", "T", "U", "a::", "b::", "b::c", "f", "m!", "x"]
        );
    }
}
