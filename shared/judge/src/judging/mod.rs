//! Judging: what a run's output is worth.
//!
//! - [`compare`]: judge-style output comparison: lines, tokens, floats;
//! - [`answer`]: how outputs are judged: a comparison mode or a checker;
//! - [`verdict`]: AC / WA / RE / TLE / MLE / OLE for one run or one interaction;
//! - [`case_io`]: a program's run on a case, on stdin and stdout or in files;
//! - [`multipass`]: a multi-pass problem's passes, as its validator asks for them;
//! - [`crosscheck`]: a submission against a brute force on one input.

pub mod answer;
pub mod case_io;
pub mod compare;
pub mod crosscheck;
pub mod multipass;
pub mod verdict;
