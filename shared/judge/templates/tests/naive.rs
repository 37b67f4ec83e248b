//! The naive brute force passes the stored cases, as the submission does.

#[test]
fn naive_passes_the_stored_cases() {
    judge_check::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_@NAME@-naive"),
    );
}
