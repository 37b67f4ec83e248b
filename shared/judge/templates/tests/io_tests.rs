//! The stored cases in io-tests/@NAME@ through the judge harness, as scripts/check.sh runs them.

#[test]
fn stored_cases_pass() {
    judge::commands::check::assert_io_tests_pass(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_@NAME@"));
}
