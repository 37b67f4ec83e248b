//! The few documented changes the bundle makes to an inlined crate's source, so
//! that it builds where the original cannot.
//!
//! - proconio 0.5.0 keeps its stdin in a `std::sync::OnceLock`, stable only since
//!   Rust 1.70; judges run rustc as old as 1.63 (issue 12). In the bundle its
//!   `use std::sync::OnceLock;` becomes a local `OnceLock` with the two methods
//!   proconio calls, `new` and `get_or_init`, built on `std::sync::Once` (1.0).
//! - proconio's `derive` feature only re-exports proconio-derive's procedural
//!   macros, which cannot be pasted into a file; the bundle expands `#[fastout]`
//!   in main.rs itself (see `fastout.rs`), so proconio is bundled without it.

use std::collections::HashSet;

use quote::ToTokens;
use syn::Item;

/// The features to bundle `package` with, out of those Cargo resolved.
pub fn features(package: &str, resolved: &HashSet<String>) -> HashSet<String> {
    let mut features = resolved.clone();
    if package == "proconio" {
        features.remove("derive");
    }
    features
}

/// Whether the substitutions make `package` build on Rust 1.63 whatever its
/// `rust-version` says: proconio 0.5.0 declares 1.70 for its `OnceLock` alone.
pub fn builds_on_1_63(package: &str, version: &str) -> bool {
    package == "proconio" && version == "0.5.0"
}

/// A stand-in for `std::sync::OnceLock` that builds on Rust 1.63.
fn once_lock() -> Vec<Item> {
    let file: syn::File = syn::parse_quote! {
        /// Substituted by the bundler for `std::sync::OnceLock` (Rust 1.70) so that
        /// this file builds on Rust 1.63: the value is written once, inside
        /// `Once::call_once`, and only read after it has returned.
        pub struct OnceLock<T> {
            once: std::sync::Once,
            value: std::cell::UnsafeCell<Option<T>>,
        }
        unsafe impl<T: Send + Sync> Sync for OnceLock<T> {}
        unsafe impl<T: Send> Send for OnceLock<T> {}
        impl<T> OnceLock<T> {
            pub const fn new() -> Self {
                OnceLock {
                    once: std::sync::Once::new(),
                    value: std::cell::UnsafeCell::new(None),
                }
            }
            pub fn get_or_init<F: FnOnce() -> T>(&self, f: F) -> &T {
                self.once.call_once(|| unsafe { *self.value.get() = Some(f()) });
                unsafe { (*self.value.get()).as_ref() }.expect("initialised by call_once")
            }
        }
    };
    file.items
}

/// Applies the substitutions for `package` to its root items.
///
/// # Errors
/// When a substitution no longer finds what it replaces (another version).
pub fn apply(package: &str, version: &str, items: &mut Vec<Item>) -> Result<(), String> {
    if package != "proconio" {
        return Ok(());
    }
    let target: Item = syn::parse_quote!(
        use std::sync::OnceLock;
    );
    let target = target.to_token_stream().to_string();
    let position = items
        .iter()
        .position(|item| item.to_token_stream().to_string() == target);
    match position {
        Some(position) => {
            items.splice(position..=position, once_lock());
            Ok(())
        }
        // Versions before 0.5 did not use OnceLock.
        None if !version.starts_with("0.5.") => Ok(()),
        None => Err(format!(
            "proconio {version}: `use std::sync::OnceLock;` not found where the bundler \
             substitutes it"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(source: &str) -> Vec<Item> {
        syn::parse_file(source).unwrap().items
    }

    fn text(items: &[Item]) -> String {
        items
            .iter()
            .map(|item| item.to_token_stream().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    const WITH_ONCE_LOCK: &str = "use std::io;\nuse std::sync::OnceLock;\nstatic X: u8 = 0;\n";

    #[test]
    fn proconio_0_5_gets_its_once_lock_in_place_of_std_s() {
        let mut proconio = items(WITH_ONCE_LOCK);
        apply("proconio", "0.5.0", &mut proconio).unwrap();
        let bundled = text(&proconio);
        assert!(
            !bundled.contains("use std :: sync :: OnceLock"),
            "{bundled}"
        );
        assert!(bundled.starts_with("use std :: io ;\n"), "{bundled}");
        assert!(bundled.contains("pub struct OnceLock < T >"), "{bundled}");
        assert!(bundled.ends_with("static X : u8 = 0 ;"), "{bundled}");
    }

    #[test]
    fn a_proconio_0_5_without_the_use_is_refused() {
        let mut proconio = items("use std::io;\n");
        assert_eq!(
            apply("proconio", "0.5.1", &mut proconio),
            Err(
                "proconio 0.5.1: `use std::sync::OnceLock;` not found where the bundler \
                 substitutes it"
                    .to_string()
            )
        );
    }

    #[test]
    fn other_versions_and_crates_are_left_alone() {
        let mut old = items("use std::io;\n");
        apply("proconio", "0.4.5", &mut old).unwrap();
        assert_eq!(text(&old), "use std :: io ;");
        let mut other = items(WITH_ONCE_LOCK);
        apply("itertools", "0.5.0", &mut other).unwrap();
        assert_eq!(text(&other), text(&items(WITH_ONCE_LOCK)));
    }

    #[test]
    fn proconio_is_bundled_without_derive() {
        let resolved: HashSet<String> = ["derive", "default"].map(String::from).into();
        let only_default: HashSet<String> = ["default".to_string()].into();
        assert_eq!(features("proconio", &resolved), only_default);
        assert_eq!(features("itertools", &resolved), resolved);
    }
}
