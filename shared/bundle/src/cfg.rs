//! Evaluating `#[cfg(...)]` predicates as far as the bundle can know them.
//!
//! Cargo decides `feature = "..."` (from the resolved features of the crate), and
//! `test`, `doc`, `doctest`, `docsrs` and `miri` are off in a judge's build, so those
//! are settled here. Everything else (`debug_assertions`, `target_os`, ...) is left
//! for rustc to decide, since the judge's rustc decides it the same way Cargo's did.

use std::collections::HashSet;

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};

/// A predicate after evaluation: settled, or still for rustc (with its settled
/// parts replaced).
#[derive(Clone, Debug)]
pub enum Cfg {
    Known(bool),
    Open(TokenStream),
}

/// Splits a comma-separated token list at its top level.
pub fn split_commas(tokens: TokenStream) -> Vec<TokenStream> {
    let mut parts = Vec::new();
    let mut current = Vec::new();
    for tree in tokens {
        match &tree {
            TokenTree::Punct(punct) if punct.as_char() == ',' => {
                parts.push(current.drain(..).collect());
            }
            _ => current.push(tree),
        }
    }
    if !current.is_empty() {
        parts.push(current.into_iter().collect());
    }
    parts
}

fn call(name: &str, arguments: Vec<TokenStream>) -> TokenStream {
    let mut inner = Vec::new();
    for (i, argument) in arguments.into_iter().enumerate() {
        if i > 0 {
            inner.push(TokenTree::Punct(Punct::new(',', Spacing::Alone)));
        }
        inner.extend(argument);
    }
    [
        TokenTree::Ident(Ident::new(name, Span::call_site())),
        TokenTree::Group(Group::new(
            Delimiter::Parenthesis,
            inner.into_iter().collect(),
        )),
    ]
    .into_iter()
    .collect()
}

/// Evaluates one predicate, given the crate's enabled features.
///
/// # Errors
/// When the predicate is not valid `cfg` syntax.
pub fn evaluate(predicate: TokenStream, features: &HashSet<String>) -> Result<Cfg, String> {
    let trees: Vec<TokenTree> = predicate.clone().into_iter().collect();
    let name = match trees.first() {
        Some(TokenTree::Ident(ident)) => ident.to_string(),
        _ => return Err(format!("not a cfg predicate: `{predicate}`")),
    };
    match (name.as_str(), &trees[1..]) {
        ("feature", [TokenTree::Punct(eq), TokenTree::Literal(literal)]) if eq.as_char() == '=' => {
            let value: syn::LitStr = syn::parse2(TokenTree::Literal(literal.clone()).into())
                .map_err(|error| format!("feature name in `{predicate}`: {error}"))?;
            Ok(Cfg::Known(features.contains(&value.value())))
        }
        ("test" | "doc" | "doctest" | "docsrs" | "miri", []) => Ok(Cfg::Known(false)),
        ("true", []) => Ok(Cfg::Known(true)),
        ("false", []) => Ok(Cfg::Known(false)),
        ("not", [TokenTree::Group(group)]) => {
            let mut inner = split_commas(group.stream());
            if inner.len() != 1 {
                return Err(format!("`not` takes one predicate: `{predicate}`"));
            }
            Ok(match evaluate(inner.remove(0), features)? {
                Cfg::Known(value) => Cfg::Known(!value),
                Cfg::Open(tokens) => Cfg::Open(call("not", vec![tokens])),
            })
        }
        (combinator @ ("all" | "any"), [TokenTree::Group(group)]) => {
            // `all` is settled false by any false part, `any` true by any true part;
            // parts with the other value drop out.
            let decisive = combinator == "any";
            let mut open = Vec::new();
            for part in split_commas(group.stream()) {
                match evaluate(part, features)? {
                    Cfg::Known(value) if value == decisive => return Ok(Cfg::Known(decisive)),
                    Cfg::Known(_) => {}
                    Cfg::Open(tokens) => open.push(tokens),
                }
            }
            Ok(match open.len() {
                0 => Cfg::Known(!decisive),
                1 => Cfg::Open(open.remove(0)),
                _ => Cfg::Open(call(combinator, open)),
            })
        }
        _ => Ok(Cfg::Open(predicate)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str, features: &[&str]) -> String {
        let features = features.iter().map(|f| f.to_string()).collect();
        match evaluate(text.parse().unwrap(), &features).unwrap() {
            Cfg::Known(value) => value.to_string(),
            Cfg::Open(tokens) => tokens.to_string(),
        }
    }

    #[test]
    fn settles_features_and_test() {
        assert_eq!(eval("feature = \"use_std\"", &["use_std"]), "true");
        assert_eq!(eval("feature = \"derive\"", &["use_std"]), "false");
        assert_eq!(eval("test", &[]), "false");
        assert_eq!(eval("not(feature = \"use_std\")", &["use_std"]), "false");
    }

    #[test]
    fn leaves_the_rest_to_rustc() {
        assert_eq!(eval("debug_assertions", &[]), "debug_assertions");
        assert_eq!(
            eval("all(feature = \"a\", unix)", &["a"]),
            eval("unix", &[])
        );
        assert_eq!(eval("all(feature = \"a\", unix)", &[]), "false");
        assert_eq!(eval("any(feature = \"a\", unix)", &["a"]), "true");
        assert_eq!(eval("not(any(test, unix))", &[]), "not (unix)");
    }

    #[test]
    fn settles_combinations_and_refuses_what_is_not_cfg() {
        assert_eq!(eval("all(true, unix)", &[]), "unix");
        assert_eq!(eval("any(false, unix)", &[]), "unix");
        // Not `feature = "..."`: rustc's to judge (and refuse).
        assert_eq!(eval("feature ~ \"on\"", &["on"]), "feature ~ \"on\"");
        for off in ["doc", "doctest", "docsrs", "miri"] {
            assert_eq!(eval(off, &[]), "false", "{off}");
        }
        let both = "all(feature = \"a\", feature = \"b\")";
        assert_eq!(eval(both, &["a", "b"]), "true");
        assert_eq!(eval("any(feature = \"a\", test)", &[]), "false");
        assert_eq!(
            eval("any(unix, test, windows,)", &[]),
            "any (unix , windows)"
        );
        assert_eq!(eval("all()", &[]), "true");
        assert_eq!(eval("any()", &[]), "false");
        assert_eq!(eval("not(unix)", &[]), "not (unix)");
        let error = |text: &str| evaluate(text.parse().unwrap(), &HashSet::new()).unwrap_err();
        assert_eq!(error("\"unix\""), "not a cfg predicate: `\"unix\"`");
        assert_eq!(
            error("not(unix, windows)"),
            "`not` takes one predicate: `not (unix , windows)`"
        );
        assert_eq!(
            error("feature = 3"),
            "feature name in `feature = 3`: expected string literal"
        );
    }
}
