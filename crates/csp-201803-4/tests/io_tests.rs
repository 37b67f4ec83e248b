//! The stored cases in io-tests/csp-201803-4, through the judge harness: the
//! submission passes them, and every stored answer is the brute force's answer.

#[test]
fn stored_cases_pass() {
    judge::commands::check::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_csp-201803-4"),
    );
}

#[test]
fn stored_answers_are_the_brute_force_answers() {
    judge::commands::check::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_csp-201803-4-naive"),
    );
}
