//! The judge harness of this workspace: runs a problem's binary on its stored
//! cases and compares its output the way online judges do.
//!
//! Its layers are packages, each depending only on those below it
//! (docs/layout.md draws them), re-exported here under the names every
//! command, tool and problem's test uses:
//!
//! 1. [`runner`] (`judge-runner`): starting a program, or a program and its
//!    interactor, under limits, one backend per system; it knows nothing of
//!    verdicts. With it, [`scratch`] (scratch folders).
//! 2. [`judging`] (`judge-judging`): checkers, interactors and verdicts, over
//!    [`judging::compare`] (`judge-compare`), comparing outputs.
//! 3. [`cases`] (`judge-cases`): problems (their manifests and limits) and
//!    their stored cases.
//! 4. [`commands`]: checking a problem ([`commands::check`], `judge-check`,
//!    all that a problem's tests link), and in this package stress testing,
//!    writing outputs, verifying, benchmarking, making problems, and the
//!    `judge` binary.
//!
//! Apart from them, `judge-readers`: the small readers that a problem's own
//! tools link ([`validate`], [`checker`], [`interact`], [`generator`],
//! [`rng`]), and `judge-text`, which every package may use: [`show`] (bytes
//! made printable) and the grammar of a decimal number.

pub use judge_cases as cases;
pub use judge_judging as judging;
pub use judge_readers as readers;
pub use judge_runner as runner;
pub use judge_runner::scratch;
pub use judge_text::show;

pub mod commands;
// A validator's tests: the readers' `validate` and the harness's assertions.
pub use judge_check::validate;

// The paths a problem's checker, interactor and generator use.
pub use judge_readers::{checker, generator, interact, rng};
