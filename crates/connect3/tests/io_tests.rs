//! The stored cases in io-tests/connect3, through the judge harness.

#[test]
fn stored_cases_pass() {
    judge::commands::check::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_connect3"),
    );
}
