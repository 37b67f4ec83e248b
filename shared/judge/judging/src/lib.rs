//! Judging: what a run's output is worth.
//!
//! - [`compare`]: judge-style output comparison: lines, tokens, floats;
//! - [`answer`]: how outputs are judged: a comparison mode or a checker;
//! - [`verdict`]: AC / WA / RE / TLE / MLE / OLE for one run or one interaction;
//! - [`case_io`]: a program's run on a case, on stdin and stdout or in files;
//! - [`multipass`]: a multi-pass problem's passes, as its validator asks for them;
//! - [`crosscheck`]: a submission against a brute force on one input.

// The layers below, under the names the modules use.
use judge_runner as runner;
use judge_runner::scratch;
use judge_text::show;

/// Comparing outputs: a package of its own, built optimised (it runs on
/// every byte of every output); here under its place in the layer.
pub use judge_compare as compare;

pub mod answer;
pub mod case_io;
pub mod crosscheck;
pub mod multipass;
pub mod verdict;
