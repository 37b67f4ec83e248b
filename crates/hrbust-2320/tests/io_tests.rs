//! The stored cases in io-tests/hrbust-2320, through the judge harness.

#[test]
fn stored_cases_pass() {
    judge::report::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_hrbust-2320"),
    );
}
