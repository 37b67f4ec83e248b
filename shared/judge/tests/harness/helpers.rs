//! The assertion helpers that the problems' tests rely on, each shown failing on a
//! wrong subject with its message (and passing on a right one): without these, a
//! helper whose body did nothing would make every problem's proof vacuous unseen.

use std::any::Any;
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;

use judge::commands::check::assert_io_tests_pass;
use judge::judging::crosscheck::generated_input;
#[cfg(unix)]
use judge::judging::crosscheck::{assert_agree, assert_agree_on_generated, program_output};
use judge::scratch::{tempdir, ScratchDir};
use judge::validate::{
    assert_exit_contract, assert_generated_inputs_valid, assert_invalid,
    assert_stored_inputs_valid, assert_valid, check_mutants, Mutants, MUTATION_BYTES,
};

use crate::common;

#[cfg(unix)]
use common::script;
use common::{problem_crate, SECOND};

/// The text of the panic that `f` must end in.
fn panic_message(f: impl FnOnce()) -> String {
    let payload = panic::catch_unwind(AssertUnwindSafe(f))
        .expect_err("the assertion passed on a wrong subject");
    text_of(payload.as_ref())
}

fn text_of(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .expect("a panic message")
}

/// Checks the start of a message whose rest is a diff or a system's error.
fn assert_begins(message: &str, start: &str) {
    assert!(
        message.starts_with(start),
        "{message:?} does not begin with {start:?}"
    );
}

fn path_text(path: &Path) -> &str {
    path.to_str().expect("scratch paths are UTF-8")
}

/// A script that prints its input with `3` replaced by `4`: a submission that
/// is wrong on one input.
#[cfg(unix)]
const WRONG_ON_3: &str = r#"read x; if [ "$x" = 3 ]; then echo 4; else echo "$x"; fi"#;

/// A generator whose walk has five inputs, `0` to `4`, and whose random input
/// for `SEED SIZE` is `SEED`.
#[cfg(unix)]
const GEN: &str = r#"case "$1" in
  --count-all) echo 5 ;;
  --all) echo "$2" ;;
  *) echo "$1" ;;
esac"#;

// Its programs are shell scripts.
#[cfg(unix)]
#[test]
fn assert_agree_passes_on_equal_outputs_and_fails_naming_the_verdict_or_the_reference_failure() {
    let dir = tempdir().unwrap();
    let reference = script(dir.path(), "reference", "cat");
    let submission = script(dir.path(), "submission", WRONG_ON_3);
    let (submission, reference) = (path_text(&submission), path_text(&reference));
    assert_agree(submission, reference, b"2\n");
    let message = panic_message(|| assert_agree(submission, reference, b"3\n"));
    assert_begins(
        &message,
        &format!("{submission} against {reference}: WA: line 1: expected \"3\", got \"4\""),
    );
    let failing = script(dir.path(), "failing", "echo lost >&2; exit 3");
    let failing = path_text(&failing);
    assert_eq!(
        panic_message(|| assert_agree(reference, failing, b"1\n")),
        format!("{reference} against {failing}: the reference failed: exit status 3\nlost")
    );
}

// Its programs are shell scripts.
#[cfg(unix)]
#[test]
fn assert_agree_on_generated_names_the_one_input_of_the_walk_in_disagreement() {
    let dir = tempdir().unwrap();
    let gen = script(dir.path(), "gen", GEN);
    let reference = script(dir.path(), "reference", "cat");
    let submission = script(dir.path(), "submission", WRONG_ON_3);
    let (gen, submission, reference) = (
        path_text(&gen),
        path_text(&submission),
        path_text(&reference),
    );
    let failures: Vec<(usize, String)> = (0..5)
        .filter_map(|index| {
            let index_text = index.to_string();
            let walk =
                || assert_agree_on_generated(gen, submission, reference, &["--all", &index_text]);
            panic::catch_unwind(AssertUnwindSafe(walk))
                .err()
                .map(|payload| (index, text_of(payload.as_ref())))
        })
        .collect();
    assert_eq!(failures.len(), 1, "{failures:?}");
    let (index, message) = &failures[0];
    assert_eq!(*index, 3);
    assert_begins(
        message,
        "input from `gen --all 3`: WA: line 1: expected \"3\", got \"4\"",
    );
}

// Its programs are shell scripts.
#[cfg(unix)]
#[test]
fn a_failing_generator_fails_the_test_naming_its_arguments() {
    let dir = tempdir().unwrap();
    let gen = script(dir.path(), "gen", "echo 'no such size' >&2; exit 2");
    let cat = script(dir.path(), "cat", "cat");
    let (gen, cat) = (path_text(&gen), path_text(&cat));
    let expected = format!("{gen} 1 9: exit status 2\nno such size");
    assert_eq!(
        panic_message(|| drop(generated_input(gen, &["1", "9"]))),
        expected
    );
    assert_eq!(
        panic_message(|| assert_agree_on_generated(gen, cat, cat, &["1", "9"])),
        expected
    );
}

// Its program is a shell script.
#[cfg(unix)]
#[test]
fn program_output_is_what_the_program_prints_for_its_input_and_fails_with_it() {
    let dir = tempdir().unwrap();
    let count = script(dir.path(), "count", "wc -c");
    assert_eq!(program_output(path_text(&count), b"abc"), b"3\n");
    let broken = script(dir.path(), "broken", "echo 'bad input' >&2; exit 1");
    let broken = path_text(&broken);
    assert_eq!(
        panic_message(|| drop(program_output(broken, b"abc"))),
        format!("{broken}: exit status 1\nbad input")
    );
}

// Its generator is a shell script.
#[cfg(unix)]
#[test]
fn generated_input_is_what_the_generator_prints() {
    let dir = tempdir().unwrap();
    let gen = script(dir.path(), "gen", GEN);
    assert_eq!(generated_input(path_text(&gen), &["--all", "4"]), b"4\n");
}

/// Accepts exactly the inputs `0\n`, `1\n` and `ok`; says why it rejects others.
fn small_validator(input: &[u8]) -> Result<(), String> {
    match input {
        b"0\n" | b"1\n" | b"ok" => Ok(()),
        _ => Err(format!("p: line 1, column 1: bad {}", input.len())),
    }
}

#[test]
fn assert_valid_fails_on_a_rejected_input_with_the_validators_message() {
    assert_valid(small_validator, "one", b"1\n");
    assert_eq!(
        panic_message(|| assert_valid(small_validator, "seven", b"7\n")),
        "seven is rejected: p: line 1, column 1: bad 2"
    );
}

#[test]
fn assert_invalid_fails_on_an_accepted_input_or_another_message() {
    assert_invalid(small_validator, b"7\n", "p: line 1, column 1: bad 2");
    assert_eq!(
        panic_message(|| assert_invalid(small_validator, b"1\n", "p: wanted")),
        r#""1\n" is accepted; expected: p: wanted"#
    );
    assert_eq!(
        panic_message(|| assert_invalid(small_validator, b"7\n", "p: wanted")),
        "assertion `left == right` failed: the message for \"7\\n\"\n  \
         left: \"p: line 1, column 1: bad 2\"\n right: \"p: wanted\""
    );
}

/// A workspace with one problem `demo`, which declares a validator, whose stored
/// cases are `cases` (name, input, output).
fn demo_workspace(cases: &[(&str, &str, &str)]) -> (ScratchDir, PathBuf) {
    let root = tempdir().unwrap();
    let crate_dir = problem_crate(root.path(), "demo", 2000, &["validate"]);
    let io_tests = root.path().join("io-tests/demo");
    fs::create_dir_all(&io_tests).unwrap();
    for (name, input, output) in cases {
        fs::write(io_tests.join(format!("{name}.in")), input).unwrap();
        fs::write(io_tests.join(format!("{name}.out")), output).unwrap();
    }
    (root, crate_dir)
}

#[test]
fn assert_stored_inputs_valid_fails_on_the_first_rejected_input() {
    let (_root, crate_dir) = demo_workspace(&[("a", "0\n", "0\n"), ("b", "1\n", "1\n")]);
    assert_stored_inputs_valid(small_validator, path_text(&crate_dir));
    let (_root, crate_dir) = demo_workspace(&[("a", "0\n", "0\n"), ("b", "22\n", "22\n")]);
    assert_eq!(
        panic_message(|| assert_stored_inputs_valid(small_validator, path_text(&crate_dir))),
        "b.in is rejected: p: line 1, column 1: bad 3"
    );
}

#[test]
fn assert_stored_inputs_valid_fails_when_there_is_no_stored_input() {
    let (_root, crate_dir) = demo_workspace(&[]);
    let crate_dir = path_text(&crate_dir);
    assert_eq!(
        panic_message(|| assert_stored_inputs_valid(small_validator, crate_dir)),
        format!("no stored inputs beside {crate_dir}")
    );
}

/// Accepts the one-line inputs `0` to `4` but `2`, and `5`.
#[cfg(unix)]
fn all_but_two(input: &[u8]) -> Result<(), String> {
    match input {
        b"0\n" | b"1\n" | b"3\n" | b"4\n" | b"5\n" => Ok(()),
        _ => Err("p: no".to_string()),
    }
}

// Its generator is a shell script.
#[cfg(unix)]
#[test]
fn assert_generated_inputs_valid_walks_every_input_then_the_random_ones() {
    let dir = tempdir().unwrap();
    let gen = script(dir.path(), "gen", GEN);
    let gen = path_text(&gen);
    assert_eq!(
        panic_message(|| assert_generated_inputs_valid(all_but_two, gen, &[(5, "max")])),
        "the input of `gen --all 2` is rejected: p: no"
    );
    let every_walk_input = |input: &[u8]| -> Result<(), String> {
        (input.len() == 2 && (b'0'..=b'4').contains(&input[0]))
            .then_some(())
            .ok_or_else(|| "p: not of the walk".to_string())
    };
    assert_generated_inputs_valid(every_walk_input, gen, &[]);
    assert_eq!(
        panic_message(|| assert_generated_inputs_valid(
            every_walk_input,
            gen,
            &[(1, "3"), (7, "max")]
        )),
        "the input of `gen 7 max` is rejected: p: not of the walk"
    );
}

/// Accepts exactly `1`; rejects the rest with a message of the validators' form.
fn only_one(input: &[u8]) -> Result<(), String> {
    match input {
        b"1" => Ok(()),
        _ => Err("p: line 1, column 1: expected 1".to_string()),
    }
}

fn one_input(text: &str) -> Vec<(String, Vec<u8>)> {
    vec![("sample".to_string(), text.as_bytes().to_vec())]
}

const MINUTE: Duration = Duration::from_secs(60);

#[test]
fn check_mutants_counts_what_it_tried_and_what_was_rejected() {
    let count = check_mutants(only_one, "p", &one_input("1"), MINUTE);
    // One deletion, an insertion of each byte before and after, a substitution by
    // each byte: all rejected but the substitution of `1` by `1`.
    let k = MUTATION_BYTES.len();
    assert_eq!(
        count,
        Mutants {
            tried: 1 + 3 * k,
            rejected: 3 * k
        }
    );
    let nothing = check_mutants(only_one, "p", &[], MINUTE);
    assert_eq!(nothing, Mutants::default());
}

#[test]
fn check_mutants_fails_on_a_message_of_another_form() {
    let other_problem = |input: &[u8]| match input {
        b"1" => Ok(()),
        _ => Err("q: line 1, column 1: expected 1".to_string()),
    };
    assert_eq!(
        panic_message(|| {
            let _ = check_mutants(other_problem, "p", &one_input("1"), MINUTE);
        }),
        r#"a mutant of sample, "", gives an unexpected message "q: line 1, column 1: expected 1""#
    );
    let two_lines = |input: &[u8]| match input {
        b"1" | b"" => Ok(()),
        _ => Err("p: line 1, column 1:\nexpected 1".to_string()),
    };
    assert_eq!(
        panic_message(|| {
            let _ = check_mutants(two_lines, "p", &one_input("1"), MINUTE);
        }),
        r#"a mutant of sample, "01", gives an unexpected message "p: line 1, column 1:\nexpected 1""#
    );
}

#[test]
fn check_mutants_fails_on_a_panic_showing_its_message() {
    let panics_with_text = |input: &[u8]| -> Result<(), String> {
        assert!(input != b"", "nothing to read");
        Ok(())
    };
    let panics_formatted = |input: &[u8]| -> Result<(), String> {
        assert!(input != b"", "nothing to read in {} bytes", input.len());
        Ok(())
    };
    let panics_with_a_number = |input: &[u8]| -> Result<(), String> {
        if input.is_empty() {
            panic::panic_any(7);
        }
        Ok(())
    };
    for (validator, shown) in [
        (
            panics_with_text as judge::validate::Validate,
            "nothing to read",
        ),
        (panics_formatted, "nothing to read in 0 bytes"),
        (panics_with_a_number, "a panic"),
    ] {
        assert_eq!(
            panic_message(|| {
                let _ = check_mutants(validator, "p", &one_input("1"), MINUTE);
            }),
            format!(r#"a mutant of sample, "", gives a panic: {shown}"#)
        );
    }
}

#[test]
fn check_mutants_fails_on_a_hang() {
    let hangs = |input: &[u8]| -> Result<(), String> {
        if input.is_empty() {
            // Asleep, not spinning: the abandoned thread costs no CPU.
            thread::sleep(Duration::from_secs(3600));
        }
        Ok(())
    };
    assert_eq!(
        panic_message(|| {
            let _ = check_mutants(hangs, "p", &one_input("1"), SECOND);
        }),
        "the validator did not finish the mutants within 1s: a hang"
    );
}

/// A validator binary: exit 0 on `ok`, else `p: bad` on stderr and exit 1;
/// `broken` is run before, to break the contract: a shell script.
#[cfg(unix)]
fn validator_binary(dir: &Path, name: &str, broken: &str) -> String {
    let body = format!(
        "input=$(cat)\n{broken}\nif [ \"$input\" = ok ]; then exit 0; fi\necho 'p: bad' >&2\nexit 1"
    );
    path_text(&script(dir, name, &body)).to_string()
}

// Its validator is a shell script.
#[cfg(unix)]
#[test]
fn assert_exit_contract_holds_for_a_validator_that_keeps_it() {
    let dir = tempdir().unwrap();
    let binary = validator_binary(dir.path(), "good", "");
    assert_exit_contract(&binary, b"ok", b"no", "p: bad");
}

/// How `assert_exit_contract` fails on the validator binary broken by `broken`,
/// with `ok` as the valid input, `no` as the invalid one and `message` expected:
/// the binary's path and the failure's message.
#[cfg(unix)]
fn contract_failure(broken: &str, message: &str) -> (String, String) {
    let dir = tempdir().unwrap();
    let binary = validator_binary(dir.path(), "validator", broken);
    let failure = panic_message(|| assert_exit_contract(&binary, b"ok", b"no", message));
    (binary, failure)
}

// Its validator is a shell script.
#[cfg(unix)]
#[test]
fn assert_exit_contract_fails_on_a_validator_that_accepts_a_bad_input() {
    let (binary, message) = contract_failure("exit 0", "p: bad");
    let start = format!("assertion `left == right` failed: {binary} on the invalid \"no\": ");
    assert_begins(&message, &format!("{start}exit status 0, stderr \"\"\n"));
}

// Its validator is a shell script.
#[cfg(unix)]
#[test]
fn assert_exit_contract_fails_on_a_validator_that_rejects_a_good_input() {
    let (binary, message) = contract_failure("echo 'p: bad' >&2; exit 1", "p: bad");
    let expected = r#"on the valid "ok": exit status 1, stdout "", stderr "p: bad\n""#;
    assert_eq!(message, format!("{binary} {expected}"));
}

// Its validator is a shell script.
#[cfg(unix)]
#[test]
fn assert_exit_contract_fails_on_a_validator_that_writes_on_stdout() {
    let (binary, message) = contract_failure("echo checked", "p: bad");
    let expected = r#"on the valid "ok": exit status 0, stdout "checked\n", stderr """#;
    assert_eq!(message, format!("{binary} {expected}"));
    let (binary, message) = contract_failure(r#"[ "$input" = ok ] || echo 'p: bad'"#, "p: bad");
    assert_eq!(message, format!("{binary} printed on stdout"));
}

// Its validator is a shell script.
#[cfg(unix)]
#[test]
fn assert_exit_contract_fails_on_another_message_or_stderr_for_a_good_input() {
    let (binary, message) = contract_failure("", "p: worse");
    assert_begins(
        &message,
        &format!("assertion `left == right` failed: {binary}: stderr\n"),
    );
    let (binary, message) = contract_failure("echo note >&2", "p: bad");
    let expected = r#"on the valid "ok": exit status 0, stdout "", stderr "note\n""#;
    assert_eq!(message, format!("{binary} {expected}"));
}

#[test]
fn assert_exit_contract_fails_on_a_binary_that_cannot_run() {
    let dir = tempdir().unwrap();
    let missing = dir.path().join("missing");
    let missing = path_text(&missing);
    let message = panic_message(|| assert_exit_contract(missing, b"ok", b"no", "p: bad"));
    assert_begins(&message, &format!("cannot run {missing}: "));
}

/// How `assert_io_tests_pass` meets the `demo` problem with one case `1` -> `2`,
/// the scripts `validator` and `binary` built side by side as cargo does: the
/// message it fails with, if it fails.
#[cfg(unix)]
fn io_tests_failure(validator: &str, binary: &str) -> Option<String> {
    let (root, crate_dir) = demo_workspace(&[("one", "1\n", "2\n")]);
    let bin = root.path().join("bin");
    fs::create_dir_all(&bin).unwrap();
    script(&bin, "demo-validate", validator);
    let binary = script(&bin, "demo", binary);
    panic::catch_unwind(|| assert_io_tests_pass(path_text(&crate_dir), path_text(&binary)))
        .err()
        .map(|payload| text_of(payload.as_ref()))
}

// Its validator and binary are shell scripts.
#[cfg(unix)]
#[test]
fn assert_io_tests_pass_fails_a_wrong_binary_or_a_rejected_input_with_the_counts() {
    let accepts = "cat > /dev/null";
    assert_eq!(io_tests_failure(accepts, "echo 2"), None);
    let failed = Some("0 passed, 1 failed".to_string());
    assert_eq!(io_tests_failure(accepts, "echo 3"), failed);
    assert_eq!(
        io_tests_failure("echo 'demo: no' >&2; exit 1", "echo 2"),
        failed
    );
}

#[test]
fn assert_io_tests_pass_fails_when_the_problem_cannot_be_loaded() {
    let dir = tempdir().unwrap();
    let crate_dir = path_text(dir.path());
    let message = panic_message(|| assert_io_tests_pass(crate_dir, "/bin/true"));
    assert_begins(
        &message,
        &format!("cannot load the problem: {crate_dir}/Cargo.toml: "),
    );
}

#[test]
fn a_validator_binary_built_on_validate_main_keeps_the_exit_contract() {
    let binary = env!("CARGO_BIN_EXE_dice-validate");
    assert_exit_contract(
        binary,
        b"6\n",
        b"6\n\n",
        r#"dice: line 2, column 1: expected end of input, found "\n""#,
    );
    assert_exit_contract(
        binary,
        b"1\n",
        b"0\n",
        r#"dice: line 1, column 1: expected a roll, an integer from 1 to 6, found "0""#,
    );
}

#[test]
fn a_generator_binary_built_on_generator_main_follows_the_command_line() {
    let gen = env!("CARGO_BIN_EXE_dice-gen");
    assert_eq!(generated_input(gen, &["--count-all"]), b"6\n");
    assert_eq!(generated_input(gen, &["--all", "5"]), b"6\n");
    assert_generated_inputs_valid(
        |input| {
            (input.len() == 2 && (b'1'..=b'6').contains(&input[0]) && input[1] == b'\n')
                .then_some(())
                .ok_or_else(|| "dice: not a roll".to_string())
        },
        gen,
        &[(1, "1"), (2, "max")],
    );
    let message = panic_message(|| drop(generated_input(gen, &["--all", "6"])));
    assert_eq!(
        message,
        format!(
            "{gen} --all 6: exit status 2\n\
             gen: input index 6 is past the 6 inputs of the walk\n\
             usage: gen SEED SIZE (SIZE from 1, capped at 1; or max) | gen --count-all | gen --all I"
        )
    );
}
