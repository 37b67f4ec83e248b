//! The stored cases in io-tests/connect3 through the judge harness, as scripts/check.sh runs
//! them, each case a test (`cargo test -p connect3 -- sample`, `cargo nextest run`). A test
//! without libtest (`harness = false`), whose report imitates it.

fn main() -> std::process::ExitCode {
    judge_check::io_tests::io_tests_main(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_connect3"))
}
