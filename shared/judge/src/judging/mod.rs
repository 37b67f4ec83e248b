//! Judging: what a run's output is worth.
//!
//! - [`compare`]: judge-style output comparison: lines, tokens, floats;
//! - [`answer`]: how outputs are judged: a comparison mode or a checker;
//! - [`verdict`]: AC / WA / RE / TLE / MLE / OLE for one run or one interaction;
//! - [`crosscheck`]: a submission against a brute force on one input.

pub mod answer;
pub mod compare;
pub mod crosscheck;
pub mod verdict;
