//! Input validators' tests: the readers' [`judge_readers::validate`] (re-exported
//! here, so that a validator's tests import one module), and the assertions
//! that need the harness: a problem's stored inputs, its generator's inputs,
//! and a built validator's exit contract.

use std::path::Path;
use std::time::Duration;

pub use judge_readers::validate::*;

use crate::cases::problem::Problem;
use crate::cases::suite::discover;
use crate::runner::{describe_status, execute, Execution};

/// The stored inputs `io-tests/<problem>/*.in` of the crate at `manifest_dir`, by name.
///
/// # Panics
/// When the problem or its cases cannot be read.
pub fn stored_inputs(manifest_dir: &str) -> Vec<(String, Vec<u8>)> {
    let problem = Problem::from_manifest_dir(Path::new(manifest_dir))
        .unwrap_or_else(|error| panic!("cannot load the problem: {error}"));
    let suite = discover(&problem.io_tests_dir)
        .unwrap_or_else(|error| panic!("cannot read the stored cases: {error}"));
    suite
        .cases
        .into_iter()
        .map(|case| {
            let input = std::fs::read(&case.input)
                .unwrap_or_else(|error| panic!("{}: {error}", case.input.display()));
            (case.name, input)
        })
        .collect()
}

/// For tests: there is at least one stored input, and `validate` accepts every one.
///
/// # Panics
/// When there is none, or on the first stored input that `validate` rejects.
pub fn assert_stored_inputs_valid(validate: Validate, manifest_dir: &str) {
    let inputs = stored_inputs(manifest_dir);
    assert!(!inputs.is_empty(), "no stored inputs beside {manifest_dir}");
    for (name, input) in inputs {
        assert_valid(validate, &format!("{name}.in"), &input);
    }
}

/// For tests: every input of the generator `gen`'s exhaustive walk, then the input
/// of each `SEED SIZE` in `random` (SIZE may be `max`), must be valid.
///
/// # Panics
/// On the first generated input that `validate` rejects, naming its arguments.
pub fn assert_generated_inputs_valid(validate: Validate, gen: &str, random: &[(u64, &str)]) {
    for (command, input) in crate::judging::crosscheck::walk_and_random_inputs(gen, random) {
        assert_valid(validate, &format!("the input of {command}"), &input);
    }
}

/// For tests, on the built validator `binary`: `valid` gives exit 0 and no output;
/// `invalid` gives exit 1, nothing on stdout and exactly `message` as the one line
/// on stderr.
///
/// # Panics
/// When any of that does not hold, or the binary cannot run.
pub fn assert_exit_contract(binary: &str, valid: &[u8], invalid: &[u8], message: &str) {
    let limit = Duration::from_secs(10);
    let run = |input: &[u8]| {
        execute(Path::new(binary), &[], input, limit)
            .unwrap_or_else(|error| panic!("cannot run {binary}: {error}"))
    };
    let status = |run: &Execution| {
        run.status
            .map_or_else(|| "a timeout".to_string(), describe_status)
    };
    let accepted = run(valid);
    assert!(
        accepted.succeeded() && accepted.stdout.is_empty() && accepted.stderr.is_empty(),
        "{binary} on the valid {}: {}, stdout {}, stderr {}",
        shown(valid),
        status(&accepted),
        shown(&accepted.stdout),
        shown(&accepted.stderr)
    );
    let rejected = run(invalid);
    assert_eq!(
        rejected.status.and_then(|status| status.code()),
        Some(1),
        "{binary} on the invalid {}: {}, stderr {}",
        shown(invalid),
        status(&rejected),
        shown(&rejected.stderr)
    );
    assert!(rejected.stdout.is_empty(), "{binary} printed on stdout");
    assert_eq!(
        String::from_utf8_lossy(&rejected.stderr),
        format!("{message}\n"),
        "{binary}: stderr"
    );
}
