//! main.rs's procedural macros: proconio's `#[fastout]` is expanded in place, as
//! proconio-derive 0.2.1 expands it; any other attribute that is not built into
//! Rust is refused, since a one-file bundle cannot carry a procedural macro.
//!
//! What `#[fastout]` does (proconio-derive 0.2.1, src/fastout.rs): the function's
//! body becomes a block that locks stdout into a `BufWriter`, shadows `print!`
//! and `println!` with macros writing to it, evaluates the original body, flushes
//! and returns the body's value. It refuses arguments (`#[fastout(...)]`) and any
//! `print!`/`println!` inside a closure in the function (the closure might be
//! sent to another thread, which the locked stdout does not allow). The
//! expansion here is the same text, so the bundle behaves as the cargo build.

use std::ops::Range;

use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::UseTree;

/// Attributes built into Rust (and tool attributes), which are no procedural macro.
const BUILTIN: &[&str] = &[
    "allow",
    "warn",
    "deny",
    "forbid",
    "expect",
    "cfg",
    "cfg_attr",
    "derive",
    "inline",
    "cold",
    "test",
    "ignore",
    "should_panic",
    "must_use",
    "deprecated",
    "doc",
    "repr",
    "path",
    "macro_export",
    "macro_use",
    "non_exhaustive",
    "automatically_derived",
    "no_mangle",
    "track_caller",
    "export_name",
    "link_section",
    "used",
    "target_feature",
    "no_implicit_prelude",
    "recursion_limit",
    "type_length_limit",
    "windows_subsystem",
    "global_allocator",
    "link",
    "link_name",
    "no_std",
    "no_main",
    "crate_name",
    "crate_type",
];

/// Derives built into Rust.
const BUILTIN_DERIVES: &[&str] = &[
    "Debug",
    "Clone",
    "Copy",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
    "Default",
];

/// The bodies print!/println! of `#[fastout]` write through, as proconio-derive
/// 0.2.1 writes them.
const PRELUDE: &str = "{
    let __proconio_stdout = ::std::io::stdout();
    let mut __proconio_stdout = ::std::io::BufWriter::new(__proconio_stdout.lock());
    #[allow(unused_macros)]
    macro_rules! print {
        ($($tt:tt)*) => {{
            use std::io::Write as _;
            ::std::write!(__proconio_stdout, $($tt)*).unwrap();
        }};
    }
    #[allow(unused_macros)]
    macro_rules! println {
        ($($tt:tt)*) => {{
            use std::io::Write as _;
            ::std::writeln!(__proconio_stdout, $($tt)*).unwrap();
        }};
    }
    let __proconio_res = ";
const EPILOGUE: &str = ";
    <::std::io::BufWriter<::std::io::StdoutLock> as ::std::io::Write>::flush(&mut __proconio_stdout).unwrap();
    return __proconio_res;
}";

fn path_text(path: &syn::Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

/// Walks main.rs: where `#[fastout]` is, and what cannot be bundled.
#[derive(Default)]
struct Survey {
    edits: Vec<(Range<usize>, String)>,
    errors: Vec<String>,
    /// Attributes already judged (those of fastout functions).
    judged: Vec<Range<usize>>,
}

fn line_of(span: proc_macro2::Span) -> usize {
    span.start().line
}

impl Survey {
    fn fastout(&mut self, function: &syn::ItemFn, attr: &syn::Attribute) {
        self.judged.push(attr.span().byte_range());
        if !matches!(attr.meta, syn::Meta::Path(_)) {
            self.errors.push(format!(
                "line {}: `#[fastout]` takes no arguments",
                line_of(attr.span())
            ));
            return;
        }
        let mut closures = ClosurePrints::default();
        closures.visit_block(&function.block);
        for line in closures.lines {
            self.errors.push(format!(
                "line {line}: a closure in a #[fastout] function cannot contain `print!` or \
                 `println!` (proconio refuses it too: the closure might run on another thread)"
            ));
        }
        self.edits.push((attr.span().byte_range(), String::new()));
        let block = function.block.span().byte_range();
        self.edits
            .push((block.start..block.start, PRELUDE.to_string()));
        self.edits
            .push((block.end..block.end, EPILOGUE.to_string()));
    }
}

impl<'ast> Visit<'ast> for Survey {
    fn visit_item_fn(&mut self, function: &'ast syn::ItemFn) {
        let fastout: Vec<&syn::Attribute> = function
            .attrs
            .iter()
            .filter(|attr| {
                matches!(
                    path_text(attr.path()).as_str(),
                    "fastout" | "proconio::fastout"
                )
            })
            .collect();
        if let Some(attr) = fastout.first() {
            self.fastout(function, attr);
        }
        visit::visit_item_fn(self, function);
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if self.judged.contains(&attr.span().byte_range()) {
            return;
        }
        let path = path_text(attr.path());
        let line = line_of(attr.span());
        let first = path.split("::").next().unwrap_or_default();
        if path.ends_with("derive_readable") {
            self.errors.push(format!(
                "line {line}: `#[{path}]` (proconio's derive_readable) cannot be bundled; \
                 implement `proconio::source::Readable` by hand or read the fields with input!"
            ));
        } else if path.ends_with("fastout") {
            self.errors.push(format!(
                "line {line}: `#[{path}]` is only bundled on a free function"
            ));
        } else if path == "derive" {
            let names = attr
                .parse_args_with(
                    syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
                )
                .map(|paths| paths.iter().map(path_text).collect::<Vec<_>>())
                .unwrap_or_default();
            for name in names {
                if !BUILTIN_DERIVES.contains(&name.as_str()) {
                    self.errors.push(format!(
                        "line {line}: `#[derive({name})]` is a procedural macro, which cannot be \
                         pasted into one file"
                    ));
                }
            }
        } else if !(BUILTIN.contains(&path.as_str()) || first == "rustfmt" || first == "clippy") {
            self.errors.push(format!(
                "line {line}: `#[{path}]` is not built into Rust: a procedural macro cannot be \
                 pasted into one file"
            ));
        }
    }

    fn visit_item_use(&mut self, import: &'ast syn::ItemUse) {
        // `use proconio::fastout;` has nothing to import once it is expanded.
        let keep = |leaf: &UseTree| !matches!(leaf, UseTree::Name(name) if name.ident == "fastout");
        if !import
            .tree
            .to_token_stream()
            .to_string()
            .starts_with("proconio")
        {
            return;
        }
        if let Some(text) = crate::shrink::pruned_import(import, &keep) {
            self.edits.push((import.span().byte_range(), text));
        }
    }
}

/// Lines of `print!`/`println!` inside closures.
#[derive(Default)]
struct ClosurePrints {
    depth: usize,
    lines: Vec<usize>,
}

impl<'ast> Visit<'ast> for ClosurePrints {
    fn visit_expr_closure(&mut self, closure: &'ast syn::ExprClosure) {
        self.depth += 1;
        visit::visit_expr_closure(self, closure);
        self.depth -= 1;
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if self.depth > 0 && (mac.path.is_ident("print") || mac.path.is_ident("println")) {
            self.lines.push(line_of(mac.span()));
        }
        visit::visit_macro(self, mac);
    }
}

/// main.rs with `#[fastout]` expanded, or why it cannot be bundled.
///
/// # Errors
/// Procedural macros other than `#[fastout]`, or a `#[fastout]` proconio refuses.
pub fn expand(main_text: &str) -> Result<String, String> {
    let file = syn::parse_file(main_text).map_err(|error| format!("does not parse: {error}"))?;
    let mut survey = Survey::default();
    survey.visit_file(&file);
    if !survey.errors.is_empty() {
        return Err(survey.errors.join("\n"));
    }
    Ok(crate::shrink::apply(main_text, survey.edits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_built_into_rust_pass_unchanged() {
        let main = "#![allow(unused)]\n#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]\n\
                    struct P;\n#[inline]\n#[rustfmt::skip]\n#[clippy::cognitive_complexity = \"9\"]\n\
                    fn f() {}\n#[cfg(test)]\nmod tests {}\nfn main() {\n    let g = || println!(\"x\");\n    g();\n}\n";
        assert_eq!(expand(main).as_deref(), Ok(main));
    }

    #[test]
    fn fastout_is_expanded_and_its_import_dropped() {
        let main = "use proconio::fastout;\nuse proconio::{fastout, input};\nuse std::fmt;\n\n\
                    #[proconio::fastout]\nfn main() {\n    let double = |x: u32| x * 2;\n    println!(\"{}\", double(2));\n}\n";
        let expanded = expand(main).unwrap();
        assert!(!expanded.contains("#[proconio::fastout]"), "{expanded}");
        let imports = "use proconio::input;\nuse std::fmt;\n\nfn main() {";
        assert!(expanded.starts_with(imports), "{expanded}");
        let body = format!("fn main() {PRELUDE}{{\n    let double");
        assert!(expanded.contains(&body), "{expanded}");
        assert!(
            expanded.ends_with(&format!("double(2));\n}}{EPILOGUE}\n")),
            "{expanded}"
        );
    }

    #[test]
    fn what_cannot_be_bundled_is_refused_line_by_line() {
        let main = "#[derive(Debug, serde::Serialize)]\nstruct P;\nimpl P {\n    #[fastout]\n    fn m() {}\n}\n\
                    #[proconio::derive_readable]\nstruct Q;\n#[fastout]\nfn main() {\n    let f = || {\n        \
                    let g = || print!(\"x\");\n        g();\n    };\n    f();\n}\n#[memo]\nfn h() {}\n";
        let errors = expand(main).unwrap_err();
        let lines: Vec<&str> = errors.lines().collect();
        assert_eq!(
            lines,
            [
                "line 1: `#[derive(serde::Serialize)]` is a procedural macro, which cannot be pasted \
                 into one file",
                "line 4: `#[fastout]` is only bundled on a free function",
                "line 7: `#[proconio::derive_readable]` (proconio's derive_readable) cannot be \
                 bundled; implement `proconio::source::Readable` by hand or read the fields with input!",
                "line 12: a closure in a #[fastout] function cannot contain `print!` or `println!` \
                 (proconio refuses it too: the closure might run on another thread)",
                "line 17: `#[memo]` is not built into Rust: a procedural macro cannot be pasted into \
                 one file",
            ]
        );
        assert_eq!(
            expand("#[fastout(x)]\nfn main() {}\n").unwrap_err(),
            "line 1: `#[fastout]` takes no arguments"
        );
        assert!(expand("fn main( {}")
            .unwrap_err()
            .starts_with("does not parse: "));
    }
}
