//! The stored cases in io-tests/hrbust-2320, through the judge harness: the
//! submission passes them, and every stored answer is the brute force's answer.

#[test]
fn stored_cases_pass() {
    judge::commands::check::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_hrbust-2320"),
    );
}

#[test]
fn stored_answers_are_the_brute_force_answers() {
    judge::commands::check::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_hrbust-2320-naive"),
    );
}
