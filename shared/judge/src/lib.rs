//! The judge harness of this workspace: runs a problem's binary on its stored
//! cases and compares its output the way online judges do.
//!
//! - [`compare`]: judge-style output comparison: lines, tokens, floats;
//! - [`answer`]: how outputs are judged: a comparison mode or a checker;
//! - [`run`]: running a program under limits, alone or against an interactor;
//! - [`interact`]: writing an interactor in Rust (testlib's convention);
//! - [`show`]: a program's bytes escaped and cut for a report;
//! - [`verdict`]: AC / WA / RE / TLE / MLE / OLE for one run or one interaction;
//! - [`suite`]: finding `io-tests/<problem>/<name>.in` + `<name>.out`;
//! - [`problem`]: a problem crate and its judge's limits;
//! - [`report`]: checking a problem against all its cases;
//! - [`crosscheck`]: a submission against a brute force on one input;
//! - [`rng`]: a seeded random stream for input generators;
//! - [`scratch`]: scratch folders for tests and examples;
//! - [`generator`]: the command line of every problem's `gen` binary;
//! - [`stress`]: a submission against its brute force on generated inputs;
//! - [`outputs`]: the `.out` of new inputs, from the brute force;
//! - [`validate`]: the reader every input validator uses, and its tests' assertions;
//! - [`checker`]: the reader every checker written in Rust uses, with testlib's exit codes.

pub mod answer;
pub mod checker;
pub mod compare;
pub mod crosscheck;
pub mod generator;
pub mod interact;
pub mod outputs;
pub mod problem;
pub mod report;
pub mod rng;
pub mod run;
pub mod scratch;
pub mod show;
pub mod stress;
pub mod suite;
pub mod validate;
pub mod verdict;
