//! The problem's tests that share one binary (one link, not one per file).
//! The stored cases' tests (`tests/io_tests.rs`, `tests/stored_answers.rs`)
//! keep binaries of their own: they judge under the memory limit, and the
//! harness's own resident memory counts in every run's measured peak.

mod baseline;
mod brute_force;
mod common;
mod generator;
mod validate;
mod walk;
