//! The judge harness of this workspace: runs a problem's binary on its stored
//! cases and compares its output the way online judges do.
//!
//! Its layers, each importing only those below it:
//!
//! 1. [`runner`]: starting a program, or a program and its interactor, under
//!    limits, one backend per system; it knows nothing of verdicts.
//! 2. [`judging`]: comparing outputs, checkers, interactors and verdicts.
//! 3. [`cases`]: problems (their manifests and limits) and their stored cases.
//! 4. [`commands`]: checking a problem, stress testing, writing outputs.
//!
//! Apart from them, the small readers that a problem's own tools link
//! ([`validate`], [`checker`], [`interact`], [`generator`], [`rng`]), and two
//! utilities every layer may use: [`show`] (bytes made printable) and
//! [`scratch`] (scratch folders).

pub mod cases;
pub mod commands;
pub mod judging;
pub mod readers;
pub mod runner;
pub mod scratch;
pub mod show;

// The paths a problem's validator, checker, interactor and generator use.
pub use readers::{checker, generator, interact, rng, validate};
