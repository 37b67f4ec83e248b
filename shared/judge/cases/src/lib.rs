//! Problems and their cases.
//!
//! - [`problem`]: a problem crate, its manifest and its judge's limits;
//! - [`programs`]: a problem's programs in C, C++ or Python (a contest
//!   package's validators), found, built and started;
//! - [`suite`]: finding `io-tests/<problem>/<name>.in` + `<name>.out`;
//! - [`workspace`]: the workspace root above a folder.

// The layers below, under the names the modules use.
use judge_judging as judging;
use judge_runner as runner;
#[cfg(test)]
use judge_runner::scratch;
use judge_text::show;

pub mod problem;
pub mod programs;
pub mod suite;
pub mod workspace;
