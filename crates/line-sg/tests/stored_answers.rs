//! Every stored `.out` in io-tests/line-sg is what the naive brute force prints
//! (the submission passes the cases in `tests/io_tests.rs`).

use judge_check::cases::suite::discover;
use judge_check::judging::compare::compare;
use judge_check::runner::execute;
use std::fs;
use std::path::Path;
use std::time::Duration;

#[test]
fn stored_outputs_are_the_brute_force_answers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../io-tests/line-sg");
    let suite = discover(&dir).expect("io-tests/line-sg exists");
    assert!(suite.orphans.is_empty(), "{:?}", suite.orphans);
    assert!(!suite.cases.is_empty());
    for case in &suite.cases {
        let input = fs::read(&case.input).expect("readable .in");
        let stored = fs::read(&case.output).expect("readable .out");
        let naive = execute(
            Path::new(env!("CARGO_BIN_EXE_line-sg-naive")),
            &[],
            &input,
            Duration::from_secs(60),
        )
        .expect("naive runs");
        assert!(
            naive.succeeded(),
            "{}: naive failed: {}",
            case.name,
            String::from_utf8_lossy(&naive.stderr)
        );
        if let Some(mismatch) = compare(&naive.stdout, &stored) {
            panic!(
                "{}: the stored output is not the brute force's: {mismatch}",
                case.name
            );
        }
    }
}
