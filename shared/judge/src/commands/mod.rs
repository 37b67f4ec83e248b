//! What the `judge` command does, as a library.
//!
//! - [`check`]: a problem against all its cases, with a report;
//! - [`io_tests`]: a new problem's `tests/io_tests.rs`, without libtest;
//! - [`passed`]: what `judge check` remembers of the problems that passed;
//! - [`stress`]: a submission against its brute force on generated inputs;
//! - [`outputs`]: the `.out` of new inputs, from the brute force;
//! - [`bench`](mod@bench): solutions timed against their input-only baselines;
//! - [`build`]: the release build of what a command runs;
//! - [`verify`]: a contest package's example submissions against their verdicts;
//! - [`libraries`]: the workspace's own libraries verified on problems (`verify --libs`);
//! - [`shards`]: that verification split over machines, and the parts' reports merged;
//! - [`site`]: the libraries as a static site, each file's status, docs and source;
//! - [`new`]: a new problem's crate and folder, or pieces added to a problem;
//! - [`progress`]: the bar of long work, on a terminal only.

pub mod bench;
pub use judge_check as check;
pub use judge_check::io_tests;
pub use judge_cli::build;
pub mod libraries;
pub mod new;
pub mod outputs;
pub use judge_cli::{passed, progress};
pub mod shards;
pub mod site;
pub mod stress;
pub mod verify;
