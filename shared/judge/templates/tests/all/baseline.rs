//! The baseline reads every stored input and exits cleanly (scripts/bench.sh times
//! it against the submission).

use judge_check::runner::execute;
use judge_check::judging::verdict::run_stderr_tail;
use std::path::Path;
use std::time::Duration;

#[test]
fn baseline_reads_every_stored_input() {
    let inputs = judge_check::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    assert!(!inputs.is_empty(), "no stored inputs");
    for (name, input) in inputs {
        let baseline = Path::new(env!("CARGO_BIN_EXE_@NAME@-baseline"));
        let run = execute(baseline, &[], &input, Duration::from_secs(10)).expect("it starts");
        assert!(run.succeeded(), "{name}: {}\n{}", run.describe_end(), run_stderr_tail(&run));
    }
}
