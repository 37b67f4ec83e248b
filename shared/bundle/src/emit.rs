//! Writing the bundle: main.rs as it is, then each inlined crate as a module
//! under its license notice.

use std::collections::HashSet;
use std::fs;

use quote::quote;

use crate::load::LoadedCrate;
use crate::tokens::rewrite_paths;

/// The MIT License's permission notice, for MIT-licensed crates that ship no
/// license file of their own (the notice must travel with the code).
const MIT_PERMISSION: &str = "\
Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the \"Software\"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.";

/// What stands for the text of CC0 1.0 (ac-library-rs): a waiver into the
/// public domain that asks for no notice to travel with the code, so its 6.5 KB
/// of legal code (a tenth of a bundle's limit) is named, not copied.
const CC0_NOTICE: &str = "\
CC0 1.0 Universal: dedicated to the public domain; no notice is required.
Its legal code: https://creativecommons.org/publicdomain/zero/1.0/legalcode";

fn offers_mit(license: &str) -> bool {
    license
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.'))
        .any(|term| term == "MIT")
}

/// The license text that goes with a crate: for CC0-1.0 alone, [`CC0_NOTICE`];
/// else its `license-file`; else, under a
/// license expression offering MIT, its MIT license file; else its only license
/// file; else (MIT offered, no file shipped) the MIT notice with the crate's
/// authors as copyright holders.
fn license_text(loaded: &LoadedCrate) -> Option<String> {
    let package = &loaded.package;
    if package.license.as_deref() == Some("CC0-1.0") {
        return Some(CC0_NOTICE.to_string());
    }
    if let Some(file) = &package.license_file {
        return fs::read_to_string(package.manifest_dir.join(file)).ok();
    }
    let mut files: Vec<_> = fs::read_dir(&package.manifest_dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy().to_uppercase())
                .unwrap_or_default();
            path.is_file()
                && (name.starts_with("LICENSE")
                    || name.starts_with("LICENCE")
                    || name.starts_with("COPYING"))
        })
        .collect();
    files.sort();
    let mit = package.license.as_deref().is_some_and(offers_mit);
    let chosen = if mit {
        files
            .iter()
            .find(|path| path.to_string_lossy().to_uppercase().contains("MIT"))
            .or(if files.len() == 1 {
                files.first()
            } else {
                None
            })
    } else if files.len() == 1 {
        files.first()
    } else {
        None
    };
    match chosen {
        Some(path) => fs::read_to_string(path).ok(),
        None if mit => {
            let holders = if package.authors.is_empty() {
                format!("the {} authors", package.name)
            } else {
                package.authors.join(", ")
            };
            Some(format!("Copyright (c) {holders}\n\n{MIT_PERMISSION}"))
        }
        None => None,
    }
}

fn comment(text: &str) -> String {
    text.trim_end()
        .lines()
        .map(|line| {
            if line.trim().is_empty() {
                "//\n".to_string()
            } else {
                format!("// {}\n", line.trim_end())
            }
        })
        .collect()
}

fn notice(loaded: &LoadedCrate) -> String {
    let package = &loaded.package;
    let mut text = format!("{} {}", package.name, package.version);
    if let Some(repository) = &package.repository {
        text += &format!(", {repository}");
    }
    text += "\n";
    if !package.authors.is_empty() {
        text += &format!("by {}\n", package.authors.join(", "));
    }
    text += &format!(
        "License: {}{}\n",
        package.license.as_deref().unwrap_or("(none given)"),
        if package.license.as_deref().is_some_and(offers_mit) {
            " (used here under MIT)"
        } else {
            ""
        }
    );
    text += "Its source from Cargo's registry, without doc comments, tests and the items\n";
    text += "this program does not use.\n";
    if let Some(license) = license_text(loaded) {
        text += "\n";
        text += &license;
    }
    format!(
        "{}{}",
        "// ".to_string() + &"-".repeat(77) + "\n",
        comment(&text)
    )
}

/// One inlined crate as formatted Rust: `mod <name> { ... }` with its paths
/// rewritten for its new place, under its license notice.
///
/// # Errors
/// When the rewritten module does not parse (a bug in the rewriting).
pub fn module(loaded: &LoadedCrate, inlined: &HashSet<String>) -> Result<String, String> {
    let name = syn::Ident::new(&loaded.name, proc_macro2::Span::call_site());
    let attrs = &loaded.inner_attrs;
    let items = &loaded.items;
    let content = rewrite_paths(quote!(#(#attrs)* #(#items)*), &loaded.name, inlined);
    let tokens = quote! {
        #[allow(warnings, clippy::all)]
        mod #name {
            #content
        }
    };
    let file: syn::File = syn::parse2(tokens).map_err(|error| {
        format!(
            "module {}: rewritten code does not parse: {error}",
            loaded.name
        )
    })?;
    Ok(format!(
        "{}{}",
        notice(loaded),
        prettyplease::unparse(&file)
    ))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::metadata::Package;

    /// A crate of `license` whose folder holds `files` (name, text).
    fn crate_in(
        dir: &Path,
        license: Option<&str>,
        authors: &[&str],
        files: &[(&str, &str)],
    ) -> LoadedCrate {
        for (name, text) in files {
            fs::write(dir.join(name), text).unwrap();
        }
        LoadedCrate {
            name: "demo".to_string(),
            package: Package {
                id: "demo 1.2.3".to_string(),
                name: "demo".to_string(),
                version: "1.2.3".to_string(),
                edition: "2021".to_string(),
                license: license.map(str::to_string),
                license_file: None,
                authors: authors.iter().map(|author| author.to_string()).collect(),
                repository: None,
                rust_version: None,
                manifest_dir: dir.to_path_buf(),
                lib: None,
                bins: Vec::new(),
                has_build_script: false,
            },
            inner_attrs: Vec::new(),
            items: Vec::new(),
            needs_alloc: false,
        }
    }

    fn license_of(
        license: Option<&str>,
        authors: &[&str],
        files: &[(&str, &str)],
    ) -> Option<String> {
        let dir = judge::scratch::tempdir().unwrap();
        license_text(&crate_in(dir.path(), license, authors, files))
    }

    #[test]
    fn mit_is_recognised_as_a_term_of_the_expression() {
        for offered in ["MIT", "MIT OR Apache-2.0", "Apache-2.0/MIT", "(MIT)"] {
            assert!(offers_mit(offered), "{offered}");
        }
        for other in ["MIT-0", "SMIT", "Apache-2.0", "mit"] {
            assert!(!offers_mit(other), "{other}");
        }
    }

    #[test]
    fn the_license_text_is_the_file_that_goes_with_the_license_used() {
        let dual = [("LICENSE-APACHE", "apache"), ("LICENSE-MIT", "mit")];
        assert_eq!(
            license_of(Some("MIT OR Apache-2.0"), &[], &dual).as_deref(),
            Some("mit")
        );
        let one = [("COPYING", "the one")];
        assert_eq!(
            license_of(Some("MIT"), &[], &one).as_deref(),
            Some("the one")
        );
        assert_eq!(
            license_of(Some("Apache-2.0"), &[], &one).as_deref(),
            Some("the one")
        );
        // Two files, neither of them MIT's: none can be chosen.
        let two = [("LICENSE", "a"), ("LICENCE-OTHER", "b"), ("README", "r")];
        assert_eq!(license_of(Some("Apache-2.0"), &[], &two), None);
        let apache_only = [("LICENSE-APACHE", "apache"), ("NOTICE", "n")];
        assert_eq!(
            license_of(Some("Apache-2.0"), &[], &apache_only).as_deref(),
            Some("apache")
        );
        assert_eq!(license_of(None, &[], &[]), None);
    }

    #[test]
    fn mit_without_a_file_gets_the_notice_with_the_authors() {
        let two = [("LICENSE", "a"), ("COPYING", "b")];
        let text = license_of(Some("MIT"), &["Ann", "Bo"], &two).unwrap();
        assert!(
            text.starts_with("Copyright (c) Ann, Bo\n\nPermission is hereby granted"),
            "{text}"
        );
        assert!(text.ends_with("DEALINGS IN THE\nSOFTWARE."), "{text}");
        let text = license_of(Some("MIT"), &[], &[]).unwrap();
        assert!(
            text.starts_with("Copyright (c) the demo authors\n\n"),
            "{text}"
        );
    }

    #[test]
    fn cc0_is_named_with_its_address_not_copied() {
        let legal_code = [("LICENSE", "CC0 1.0 Universal\n\nStatement of Purpose ...")];
        let text = license_of(Some("CC0-1.0"), &[], &legal_code).unwrap();
        assert_eq!(text, CC0_NOTICE);
        assert!(text.contains("https://creativecommons.org/publicdomain/zero/1.0/legalcode"));
        // Offered beside another license, the file goes with it as before.
        assert_eq!(
            license_of(Some("CC0-1.0 OR MIT"), &[], &[("LICENSE-MIT", "mit")]).as_deref(),
            Some("mit")
        );
    }

    #[test]
    fn a_license_file_named_in_the_manifest_wins() {
        let dir = judge::scratch::tempdir().unwrap();
        let files = [("LICENSE-MIT", "mit"), ("terms.txt", "own terms")];
        let mut loaded = crate_in(dir.path(), Some("MIT"), &[], &files);
        loaded.package.license_file = Some("terms.txt".to_string());
        assert_eq!(license_text(&loaded).as_deref(), Some("own terms"));
    }

    #[test]
    fn the_notice_names_the_crate_its_authors_and_license_as_comments() {
        let dir = judge::scratch::tempdir().unwrap();
        let mut loaded = crate_in(
            dir.path(),
            Some("MIT OR Apache-2.0"),
            &["Ann"],
            &[("LICENSE-MIT", "line 1\n\nline 3\n")],
        );
        loaded.package.repository = Some("https://example.org/demo".to_string());
        let expected = format!(
            "// {}\n\
             // demo 1.2.3, https://example.org/demo\n\
             // by Ann\n\
             // License: MIT OR Apache-2.0 (used here under MIT)\n\
             // Its source from Cargo's registry, without doc comments, tests and the items\n\
             // this program does not use.\n\
             //\n\
             // line 1\n\
             //\n\
             // line 3\n",
            "-".repeat(77)
        );
        assert_eq!(notice(&loaded), expected);
        let bare = crate_in(dir.path(), None, &[], &[]);
        let text = notice(&bare);
        assert!(
            text.contains("\n// demo 1.2.3\n// License: (none given)\n// Its source"),
            "{text}"
        );
    }
}
