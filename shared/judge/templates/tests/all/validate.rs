//! The input validator (`src/bin/validate.rs`), in-process: every stored input is
//! valid, and no single-byte mutant of one makes it panic or hang. Add a test per
//! kind of bad input with its exact message (`judge_check::validate::assert_invalid`).

#[allow(dead_code)]
#[path = "../../src/bin/validate.rs"]
mod validator;

use std::time::Duration;
use validator::validate;

#[test]
fn stored_inputs_are_valid() {
    judge_check::validate::assert_stored_inputs_valid(validate, env!("CARGO_MANIFEST_DIR"));
}

#[test]
fn single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly() {
    let inputs = judge_check::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    let mutants =
        judge_check::validate::check_mutants(validate, "@NAME@", &inputs, Duration::from_secs(60));
    println!("@NAME@: {} mutants tried, {} rejected", mutants.tried, mutants.rejected);
}
