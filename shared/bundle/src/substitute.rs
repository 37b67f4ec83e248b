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
