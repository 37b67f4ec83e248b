//! What the `judge` command does, as a library.
//!
//! - [`check`]: a problem against all its cases, with a report;
//! - [`stress`]: a submission against its brute force on generated inputs;
//! - [`outputs`]: the `.out` of new inputs, from the brute force;
//! - [`bench`]: solutions timed against their input-only baselines;
//! - [`build`]: the release build of what a command runs.

pub mod bench;
pub mod build;
pub mod check;
pub mod outputs;
pub mod stress;
