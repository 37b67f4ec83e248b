//! The stored cases in io-tests/@NAME@ through the judge harness, as scripts/check.sh runs them.
//! A test without libtest (`harness = false`), which its report imitates.

fn main() -> std::process::ExitCode {
    judge_check::io_tests::io_tests_main(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_@NAME@"))
}
