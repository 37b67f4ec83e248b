//! The readers a problem's own tools link, re-exported at the crate's root.
//!
//! - [`validate`]: the reader every input validator uses, and its tests' assertions;
//! - [`checker`]: the reader every checker written in Rust uses, with testlib's exit codes;
//! - [`interact`]: writing an interactor in Rust (testlib's convention);
//! - [`generator`]: the command line of every problem's `gen` binary;
//! - [`rng`]: a seeded random stream for input generators.

use judge_text::show;

pub mod checker;
pub mod generator;
pub mod interact;
pub mod rng;
pub mod validate;
