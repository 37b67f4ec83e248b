//! Input validator (`@NAME@-validate`): exit 0 and no output for a valid input, exit
//! 1 and one line on stderr saying where and what is wrong. Write it with
//! `judge_readers::validate::Reader`, enforcing every constraint of the input (see
//! crates/csp-201803-4/src/bin/validate.rs). Until then it rejects every input.

use std::process::ExitCode;

const PROBLEM: &str = "@NAME@";

pub fn validate(_input: &[u8]) -> Result<(), String> {
    Err(format!(
        "{PROBLEM}: the validator is not written yet (src/bin/validate.rs rejects every input)"
    ))
}

fn main() -> ExitCode {
    judge_readers::validate::main(PROBLEM, validate)
}
