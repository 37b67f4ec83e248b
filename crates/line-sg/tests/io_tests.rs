//! The stored cases in io-tests/line-sg, through the judge harness.

#[test]
fn stored_cases_pass() {
    judge::report::assert_io_tests_pass(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_line-sg"));
}
