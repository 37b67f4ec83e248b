//! `judge stress` on a fake workspace whose "problem" is: read N, then N digits;
//! print their sum. The programs are small shell scripts: a generator, a naive,
//! a correct submission and deliberately broken ones.

// Its programs are shell scripts.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

// Its `script` does not take this file's SPAWN_LOCK.
use crate::common;

use common::problem_crate;
use judge::commands::stress::{
    stress as run_stress, Inputs, Outcome, Programs, Progress, Settings,
};
use judge::judging::answer::Checking;
use judge::runner::Limits;

/// Held while writing a script and while starting a process. Tests run on
/// threads of one process: a child forked while another thread has a script
/// open for writing inherits that descriptor until it execs, and running the
/// script meanwhile fails with "Text file busy".
static SPAWN_LOCK: Mutex<()> = Mutex::new(());

/// `gen SEED SIZE`: SIZE (at most 20) pseudo-random digits that depend on both;
/// `gen --all I`: the single digit I, for I below 10.
const GEN: &str = r#"
case $1 in
    --count-all) echo 10; exit 0 ;;
    --all) echo 1; echo "$2"; exit 0 ;;
esac
seed=$1 size=$2
if [ "$size" -gt 20 ]; then echo "gen: size $size is not in 1..=20" >&2; exit 2; fi
echo "$size"
i=0 line=""
while [ $i -lt "$size" ]; do
    line="$line $(( (seed * 7919 + i * 104729 + seed * i * 31) % 10 ))"
    i=$((i + 1))
done
echo $line
"#;

/// Sums the digits.
const SUM: &str = r#"
read n
read digits
sum=0
for d in $digits; do sum=$((sum + d)); done
echo $sum
"#;

/// Counts an 8 or a 9 one too high: right on most small inputs, not all.
const WRONG_ON_BIG_DIGITS: &str = r#"
read n
read digits
sum=0
for d in $digits; do
    sum=$((sum + d))
    if [ "$d" -ge 8 ]; then sum=$((sum + 1)); fi
done
echo $sum
"#;

/// Crashes on a 9, like an out-of-bounds index.
const CRASH_ON_NINE: &str = r#"
read n
read digits
for d in $digits; do
    if [ "$d" -eq 9 ]; then echo "index out of bounds" >&2; exit 101; fi
done
echo 0
"#;

/// Sums the digits, but hangs on a 9: asleep, so that its many runs while
/// shrinking leave the cores to the tests beside it (a TLE is by the wall clock).
const HANG_ON_NINE: &str = r#"
read n
read digits
sum=0
for d in $digits; do
    if [ "$d" -eq 9 ]; then exec sleep 60; fi
    sum=$((sum + d))
done
echo $sum
"#;

fn script(path: &Path, body: &str) {
    let _guard = SPAWN_LOCK
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// A workspace with one problem `name` (time limit 2 s) and its three programs in
/// `ROOT/bin`.
fn workspace(root: &Path, name: &str, submission: &str, naive: &str, gen: &str) -> PathBuf {
    workspace_with_limit(root, name, submission, naive, gen, 2000)
}

fn workspace_with_limit(
    root: &Path,
    name: &str,
    submission: &str,
    naive: &str,
    gen: &str,
    time_limit_ms: u64,
) -> PathBuf {
    problem_crate(root, name, time_limit_ms, &["naive", "gen", "validate"]);
    fs::create_dir_all(root.join("io-tests").join(name)).unwrap();
    let bin_dir = root.join("bin");
    fs::create_dir_all(&bin_dir).unwrap();
    script(&bin_dir.join(name), submission);
    script(&bin_dir.join(format!("{name}-naive")), naive);
    script(&bin_dir.join(format!("{name}-gen")), gen);
    script(&bin_dir.join(format!("{name}-validate")), "cat >/dev/null");
    bin_dir
}

/// Runs `command` to its end; see [`SPAWN_LOCK`].
fn output_of(command: &mut Command) -> Output {
    let child = {
        let _guard = SPAWN_LOCK
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // `spawn` returns once the child has exec'd (or failed to).
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    child.wait_with_output().unwrap()
}

fn stress(root: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = output_of(
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("stress")
            .arg("--root")
            .arg(root)
            .arg("--bin-dir")
            .arg(root.join("bin"))
            .args(args),
    );
    (
        status.code(),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

/// The names of the files in `io-tests/<name>`, sorted.
fn stored(root: &Path, name: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root.join("io-tests").join(name))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn run_gen(root: &Path, name: &str, args: &[&str]) -> Vec<u8> {
    let output = output_of(Command::new(root.join("bin").join(format!("{name}-gen"))).args(args));
    assert!(output.status.success());
    output.stdout
}

/// The seed in a stored case's name `stress-<seed>.in`.
fn seed_of(file: &str) -> String {
    file.strip_prefix("stress-")
        .and_then(|rest| rest.strip_suffix(".in"))
        .unwrap_or_else(|| panic!("not a stress case: {file}"))
        .to_string()
}

#[test]
fn a_wrong_submission_is_caught_shrunk_and_stored() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", WRONG_ON_BIG_DIGITS, SUM, GEN);
    let (code, stdout, stderr) = stress(root, &["sum", "--seed", "100", "--size", "12"]);
    assert_eq!(code, Some(1), "{stdout}\n{stderr}");
    // Neither --cases nor --time: the default number of cases.
    assert!(stdout.contains(", at most 1000 cases"), "{stdout}");

    // The case is stored under the seed that generates it, at size 1: one digit
    // the submission miscounts, with the naive's sum as the answer.
    let files = stored(root, "sum");
    assert_eq!(files.len(), 2, "{files:?}");
    let seed = seed_of(&files[0]);
    assert_eq!(files[1], format!("stress-{seed}.out"));
    let input = fs::read_to_string(root.join("io-tests/sum").join(&files[0])).unwrap();
    assert_eq!(
        input.as_bytes(),
        run_gen(root, "sum", &[&seed, "1"]),
        "{stdout}"
    );
    let digit = input.strip_prefix("1\n").unwrap().trim();
    assert!(digit == "8" || digit == "9", "{input:?}");
    let output = fs::read_to_string(root.join("io-tests/sum").join(&files[1])).unwrap();
    assert_eq!(output, format!("{digit}\n"));

    for expected in [
        "sum: stress on seeds 100, 101, ... at size 12",
        "WA   seed 100 size 12 (`sum-gen 100 12`) after 0 cases passed",
        "shrinking: smaller sizes of seed 100",
        "seed 100 size 12: ",
        &format!("seed {seed} size 1: 4 bytes"),
        "     smaller inputs tried: 3, in ",
        &format!("input (seed {seed} size 1, `sum-gen {seed} 1`):\n     1\n     {digit}\n"),
        &format!("naive output (expected):\n     {digit}\n"),
        &format!(
            "submission output:\n     {}\n",
            digit.parse::<u32>().unwrap() + 1
        ),
        &format!("WA   seed {seed} size 1\n     line 1: expected \"{digit}\", got"),
        &format!(
            "stored as {}",
            root.join("io-tests/sum").join(&files[0]).display()
        ),
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
    assert_eq!(stdout.lines().last(), Some("0 passed, 1 failed"));
    assert!(stderr.contains("stress: 1 case in "), "{stderr}");
}

#[test]
fn a_stored_case_is_never_overwritten_or_duplicated() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", WRONG_ON_BIG_DIGITS, SUM, GEN);
    let args = ["sum", "--seed", "100", "--size", "12"];
    stress(root, &args);
    let first = stored(root, "sum");
    let seed = seed_of(&first[0]);
    let input_path = root.join("io-tests/sum").join(&first[0]);

    // The same failure again: already stored, nothing written.
    let (code, stdout, _) = stress(root, &args);
    assert_eq!(code, Some(1));
    assert!(
        stdout.contains(&format!(
            "already stored as {}: nothing written",
            input_path.display()
        )),
        "{stdout}"
    );
    assert_eq!(stored(root, "sum"), first);

    // Another case holds the name: the new one gets a suffix, the old one stays.
    fs::write(&input_path, "1\n0\n").unwrap();
    let (code, stdout, _) = stress(root, &args);
    assert_eq!(code, Some(1));
    assert_eq!(fs::read_to_string(&input_path).unwrap(), "1\n0\n");
    let suffixed = root.join(format!("io-tests/sum/stress-{seed}-2.in"));
    assert!(
        stdout.contains(&format!("stored as {}", suffixed.display())),
        "{stdout}"
    );
    assert_eq!(
        fs::read(&suffixed).unwrap(),
        run_gen(root, "sum", &[&seed, "1"])
    );
    assert_eq!(stored(root, "sum").len(), 4);
}

#[test]
fn a_correct_submission_runs_clean() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    let (code, stdout, stderr) = stress(root, &["sum", "--seed", "5", "--cases", "40"]);
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("sum: stress on seeds 5, 6, ... at size 10"),
        "{stdout}"
    );
    assert!(
        stdout.contains("time limit 2000 ms, naive 10000 ms, at most 40 cases"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("40 passed, 0 failed"));
    assert!(stderr.contains("stress: 40 cases in "), "{stderr}");
    assert!(
        !stderr.contains('\x1b'),
        "plain progress when not a terminal"
    );
    assert!(stored(root, "sum").is_empty());
}

#[test]
fn without_a_seed_each_run_starts_at_a_new_short_one() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    let first_seed = || {
        let (code, stdout, stderr) = stress(root, &["sum", "--cases", "1"]);
        assert_eq!(code, Some(0), "{stdout}\n{stderr}");
        let seeds = stdout.split("stress on seeds ").nth(1).unwrap_or_default();
        let seed = seeds.split(',').next().unwrap_or_default();
        seed.parse::<u64>()
            .unwrap_or_else(|_| panic!("no seed in {stdout}"))
    };
    let (one, two) = (first_seed(), first_seed());
    assert_ne!(one, two);
    // Nine digits at most: short enough to type in again.
    assert!(one < 1_000_000_000 && two < 1_000_000_000, "{one} {two}");
}

#[test]
fn the_time_budget_stops_a_run() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    let started = Instant::now();
    let (code, stdout, _) = stress(root, &["sum", "--time", "1"]);
    let elapsed = started.elapsed();
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("time is up"), "{stdout}");
    assert!(
        elapsed >= Duration::from_secs(1) && elapsed < Duration::from_secs(4),
        "took {elapsed:?}"
    );
}

#[test]
fn a_crashing_submission_is_a_runtime_error_and_shrinks_as_one() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    // The naive prints 0 as well, so only a crash can disagree.
    workspace(root, "zero", CRASH_ON_NINE, "echo 0", GEN);
    let (code, stdout, _) = stress(root, &["zero", "--seed", "0", "--size", "15"]);
    assert_eq!(code, Some(1), "{stdout}");
    let files = stored(root, "zero");
    let input = fs::read_to_string(root.join("io-tests/zero").join(&files[0])).unwrap();
    assert_eq!(input, "1\n9\n", "{stdout}");
    for expected in ["RE   seed", "exit status 101", "index out of bounds"] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
}

#[test]
fn a_slow_submission_is_killed_at_the_problems_limit_and_shrinks_as_tle() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace_with_limit(root, "slow", HANG_ON_NINE, SUM, GEN, 200);
    let started = Instant::now();
    let (code, stdout, _) = stress(root, &["slow", "--seed", "0", "--size", "15"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(started.elapsed() < Duration::from_secs(5));
    let files = stored(root, "slow");
    let input = fs::read_to_string(root.join("io-tests/slow").join(&files[0])).unwrap();
    assert_eq!(input, "1\n9\n", "{stdout}");
    for expected in [
        "time limit 200 ms, naive 10000 ms",
        "TLE  seed 0 size 15",
        "re-run on the same input: TLE 5 of 5 runs",
        "killed at the time limit of 200 ms",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
}

#[test]
fn a_crashing_naive_is_reported_as_such() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, CRASH_ON_NINE, GEN);
    let (code, stdout, _) = stress(root, &["sum", "--seed", "0", "--size", "15"]);
    assert_eq!(code, Some(3), "{stdout}");
    for expected in [
        "naive failed on seed ",
        "exit status 101",
        "index out of bounds",
        "no verdict on the submission",
        "stopped after ",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
    assert!(!stdout.contains("1 failed"), "no case is blamed:\n{stdout}");
    assert!(stored(root, "sum").is_empty(), "nothing is stored");
}

#[test]
fn an_endless_naive_is_reported_as_such() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, "while :; do :; done", GEN);
    let started = Instant::now();
    let (code, stdout, _) = stress(
        root,
        &["sum", "--seed", "0", "--naive-time-limit-ms", "300"],
    );
    assert_eq!(code, Some(3), "{stdout}");
    assert!(started.elapsed() < Duration::from_secs(3));
    assert!(
        stdout.contains(
            "naive failed on seed 0 size 10 (`sum-gen 0 10`):\n     still running after 300 ms"
        ),
        "{stdout}"
    );
    assert!(stored(root, "sum").is_empty());
}

#[test]
fn a_failing_generator_is_reported_as_such() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    let (code, stdout, _) = stress(root, &["sum", "--seed", "3", "--size", "21"]);
    assert_eq!(code, Some(3), "{stdout}");
    assert!(
        stdout.contains("gen failed on seed 3 size 21 (`sum-gen 3 21`):\n     exit status 2\n     gen: size 21 is not in 1..=20"),
        "{stdout}"
    );
}

#[test]
fn all_walks_the_exhaustive_inputs() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    let (code, stdout, _) = stress(root, &["sum", "--all"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("sum: stress on the 10 inputs of the exhaustive walk"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("10 passed, 0 failed"));

    // The wrong submission first miscounts the digit 8, input 8 of the walk.
    let wrong = judge::scratch::tempdir().unwrap();
    workspace(wrong.path(), "sum", WRONG_ON_BIG_DIGITS, SUM, GEN);
    let (code, stdout, _) = stress(wrong.path(), &["sum", "--all"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("WA   walk input 8 (`sum-gen --all 8`) after 8 cases passed"),
        "{stdout}"
    );
    assert_eq!(
        stored(wrong.path(), "sum"),
        ["stress-all-8.in", "stress-all-8.out"]
    );
    let tests = wrong.path().join("io-tests/sum");
    assert_eq!(
        fs::read_to_string(tests.join("stress-all-8.in")).unwrap(),
        "1\n8\n"
    );
    assert_eq!(
        fs::read_to_string(tests.join("stress-all-8.out")).unwrap(),
        "8\n"
    );
    assert_eq!(stdout.lines().last(), Some("8 passed, 1 failed"));
}

#[test]
fn all_needs_a_walk() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, "echo 0");
    let (code, _, stderr) = stress(root, &["sum", "--all"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains(
            "`sum-gen --count-all` printed 0: this problem's input space has no exhaustive walk"
        ),
        "{stderr}"
    );
}

#[test]
fn usage_and_setup_errors_exit_2() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    for (args, message) in [
        (
            &["sum", "--all", "--seed", "1"][..],
            "takes no --seed or --size",
        ),
        (
            &["sum", "--size", "0"][..],
            "--size takes a whole number of at least 1",
        ),
        (
            &["sum", "--time", "-1"][..],
            "--time takes a positive number of seconds",
        ),
        (&[][..], "name exactly one PROBLEM"),
        (&["nosuch"][..], "nosuch: "),
    ] {
        let (code, _, stderr) = stress(root, args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    fs::remove_file(root.join("bin/sum-naive")).unwrap();
    let (code, _, stderr) = stress(root, &["sum"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("sum-naive: No such file or directory (os error 2): build it first"),
        "{stderr}"
    );
}

/// `body` run as a submission that counts its own runs in `$0.count` and,
/// on the runs `when` selects, does `flake` instead.
fn counting(body: &str, when: &str, flake: &str) -> String {
    format!(
        "c=$(cat \"$0.count\" 2>/dev/null || echo 0); c=$((c + 1)); echo $c > \"$0.count\"\n\
         if [ {when} ]; then {flake}; fi\n{body}"
    )
}

#[test]
fn a_wrong_answer_that_does_not_repeat_is_flaky_and_not_stored() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let submission = counting(SUM, "$c -eq 3", "echo 999; exit 0");
    workspace(root, "sum", &submission, SUM, GEN);
    let (code, stdout, stderr) = stress(root, &["sum", "--seed", "1", "--size", "5"]);
    assert_eq!(code, Some(1), "{stdout}\n{stderr}");
    for expected in [
        "WA   seed 3 size 5",
        "re-run on the same input: WA 1 of 5 runs, AC 4 of 5 runs",
        "FLAKY seed 3 size 5",
        "not shrunk and not stored",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
    assert!(!stdout.contains("shrinking"), "{stdout}");
    assert_eq!(stdout.lines().last(), Some("2 passed, 1 failed (flaky)"));
    assert_eq!(stored(root, "sum"), Vec::<String>::new());
}

#[test]
fn a_time_limit_near_miss_that_does_not_repeat_is_flaky() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    // A limit a loaded machine's shell startup cannot reach (at 200 ms, a cold
    // run of the whole workspace's tests once saw a second TLE among the re-runs).
    let submission = counting(SUM, "$c -eq 2", "sleep 5");
    workspace_with_limit(root, "sum", &submission, SUM, GEN, 1000);
    let started = Instant::now();
    let (code, stdout, _) = stress(root, &["sum", "--seed", "1", "--size", "5"]);
    assert_eq!(code, Some(1), "{stdout}");
    // Killed at the limit, not waited for.
    assert!(started.elapsed() < 4 * Duration::from_secs(1));
    assert!(
        stdout.contains("re-run on the same input: TLE 1 of 5 runs, AC 4 of 5 runs"),
        "{stdout}"
    );
    assert_eq!(stored(root, "sum"), Vec::<String>::new());
}

#[test]
fn shrinking_never_takes_a_failure_that_does_not_repeat() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    // Really wrong on an 8 or a 9; on every third run also wrong on anything.
    let submission = counting(WRONG_ON_BIG_DIGITS, "$((c % 3)) -eq 0", "echo 999; exit 0");
    workspace(root, "sum", &submission, SUM, GEN);
    let (code, stdout, stderr) = stress(root, &["sum", "--seed", "100", "--size", "12"]);
    assert_eq!(code, Some(1), "{stdout}\n{stderr}");
    assert!(stdout.contains("but flaky"), "{stdout}");
    let files = stored(root, "sum");
    assert_eq!(files.len(), 2, "{files:?}\n{stdout}");
    let input = fs::read_to_string(root.join("io-tests/sum").join(&files[0])).unwrap();
    assert!(
        input.contains('8') || input.contains('9'),
        "{input:?}\n{stdout}"
    );
}

#[test]
fn an_input_the_validator_rejects_is_a_tool_failure() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    script(
        &root.join("bin/sum-validate"),
        r#"read n; if [ "$n" -gt 3 ]; then echo "sum: line 1, column 1: expected N at most 3, found $n" >&2; exit 1; fi"#,
    );
    let (code, stdout, _) = stress(root, &["sum", "--seed", "1", "--size", "5"]);
    assert_eq!(code, Some(3), "{stdout}");
    for expected in [
        "INVALID input from seed 1 size 5 (`sum-gen 1 5`)",
        "the validator rejects the generated input:",
        "sum: line 1, column 1: expected N at most 3, found 5",
        "no verdict on the submission",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }

    script(
        &root.join("bin/sum-validate"),
        "echo 'sum-validate: cannot read' >&2; exit 2",
    );
    let (code, stdout, _) = stress(root, &["sum", "--seed", "1", "--size", "5"]);
    assert_eq!(code, Some(3), "{stdout}");
    assert!(
        stdout.contains("the validator failed: exit status 2\n     sum-validate: cannot read"),
        "{stdout}"
    );

    fs::remove_file(root.join("bin/sum-validate")).unwrap();
    let (code, _, stderr) = stress(root, &["sum"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("sum-validate: No such file"), "{stderr}");
}

/// Issue 22: stress needs a naive and a generator, and says how to add them.
#[test]
fn a_problem_without_naive_or_generator_names_the_command_that_adds_them() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    problem_crate(root, "sum", 2000, &["validate"]);
    let (code, stdout, stderr) = stress(root, &["sum", "--seed", "1"]);
    assert_eq!(code, Some(2), "{stdout}");
    assert!(
        stderr.contains(
            "sum has no naive and no gen, which judge stress needs: add them with \
             `scripts/new-problem.sh sum --with naive,gen`"
        ),
        "{stderr}"
    );
    problem_crate(root, "sum", 2000, &["naive", "validate"]);
    let (code, _, stderr) = stress(root, &["sum", "--seed", "1"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("sum has no gen, which judge stress needs: add it with `scripts/new-problem.sh sum --with gen`"),
        "{stderr}"
    );
}

/// Issue 22: without a validator, stress runs on unvalidated inputs and says so.
#[test]
fn a_problem_without_validator_is_stressed_on_unvalidated_inputs() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM, GEN);
    problem_crate(root, "sum", 2000, &["naive", "gen"]);
    // Present but not declared: not run.
    script(&root.join("bin/sum-validate"), "exit 1");
    let (code, stdout, _) = stress(root, &["sum", "--seed", "1", "--cases", "5"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("note: no validator, so the generated inputs are not validated (add one with `scripts/new-problem.sh sum --with validate`)"),
        "{stdout}"
    );
}

/// Adds `lines` to the `[package.metadata.judge]` table of problem `name`.
fn judge_keys(root: &Path, name: &str, lines: &str) {
    let manifest = root.join("crates").join(name).join("Cargo.toml");
    let table = "[package.metadata.judge]\n";
    let text = fs::read_to_string(&manifest).unwrap();
    assert!(text.contains(table), "{text}");
    fs::write(
        &manifest,
        text.replacen(table, &format!("{table}{lines}"), 1),
    )
    .unwrap();
}

/// The sum as a real number: `7.0000`.
const SUM_AS_REAL: &str = r#"
read n
read digits
sum=0
for d in $digits; do sum=$((sum + d)); done
echo "$sum.0000"
"#;

#[test]
fn float_mode_decides_in_stress() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", SUM, SUM_AS_REAL, GEN);
    let (code, stdout, _) = stress(
        root,
        &["sum", "--seed", "100", "--size", "12", "--cases", "20"],
    );
    assert_eq!(code, Some(1), "lines mode: `7` is not `7.0000`\n{stdout}");
    judge_keys(root, "sum", "compare = \"float\"\nfloat-error = 1e-3\n");
    fs::remove_dir_all(root.join("io-tests/sum")).unwrap();
    let (code, stdout, _) = stress(
        root,
        &["sum", "--seed", "100", "--size", "12", "--cases", "20"],
    );
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("compared by float (error 1e-3)"),
        "{stdout}"
    );
    // Counting an 8 or a 9 one too high is an error of 1/digit at least.
    workspace(root, "sum", WRONG_ON_BIG_DIGITS, SUM_AS_REAL, GEN);
    judge_keys(root, "sum", "compare = \"float\"\nfloat-error = 1e-3\n");
    let (code, stdout, _) = stress(root, &["sum", "--seed", "100", "--size", "12"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("token 1: expected `"), "{stdout}");
    assert!(stdout.contains(" > 1e-3"), "{stdout}");
}

/// Accepts any output that equals the answer as a number; says why not on stderr.
const NUMERIC_CHECKER: &str = r#"
expected=$(cat "$3") found=$(cat "$2")
if [ "$found" -eq "$expected" ] 2>/dev/null; then echo "ok $found" >&2; exit 0; fi
echo "wrong answer expected $expected, found $found" >&2
exit 1
"#;

#[test]
fn a_checker_decides_in_stress_with_the_naives_output_as_its_answer() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    // The submission prints `007` for 7: wrong as lines, right for the checker.
    let padded = "read n; read digits; sum=0; for d in $digits; do sum=$((sum + d)); done; printf '%03d\\n' $sum";
    let bin_dir = workspace(root, "sum", padded, SUM, GEN);
    judge_keys(root, "sum", "checker = true\n");
    script(&bin_dir.join("sum-check"), NUMERIC_CHECKER);
    let (code, stdout, _) = stress(
        root,
        &["sum", "--seed", "100", "--size", "12", "--cases", "20"],
    );
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("compared by checker "), "{stdout}");

    workspace(root, "sum", WRONG_ON_BIG_DIGITS, SUM, GEN);
    judge_keys(root, "sum", "checker = true\n");
    let (code, stdout, _) = stress(root, &["sum", "--seed", "100", "--size", "12"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("naive output (the checker's answer):"),
        "{stdout}"
    );
    assert!(stdout.contains("     wrong answer expected "), "{stdout}");
    assert_eq!(stored(root, "sum").len(), 2, "the shrunk case is stored");
}

#[test]
fn a_failing_or_missing_checker_is_a_tool_failure_in_stress() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let bin_dir = workspace(root, "sum", SUM, SUM, GEN);
    judge_keys(root, "sum", "checker = true\n");
    let (code, _, stderr) = stress(root, &["sum", "--seed", "1", "--cases", "3"]);
    assert_eq!(
        code,
        Some(2),
        "a missing checker is a setup error: {stderr}"
    );
    assert!(stderr.contains("sum-check"), "{stderr}");

    script(
        &bin_dir.join("sum-check"),
        "echo 'FAIL answer unreadable' >&2; exit 3",
    );
    let (code, stdout, _) = stress(root, &["sum", "--seed", "1", "--cases", "3"]);
    assert_eq!(code, Some(3), "{stdout}");
    for expected in [
        "the checker failed on seed 1 size 10",
        "exit status 3",
        "FAIL answer unreadable",
        "no verdict on the submission",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
    assert!(stored(root, "sum").is_empty(), "nothing is stored");
}

/// An interactor for the digit sums: sends the input, reads the sum, checks it.
const SUM_INTERACTOR: &str = r#"
cat "$1"
read -r answer || { echo "no answer" >&2; exit 2; }
sum=0
for d in $(tail -n 1 "$1"); do sum=$((sum + d)); done
if [ "$answer" != "$sum" ]; then echo "expected $sum, got $answer" >&2; exit 1; fi
"#;

/// An interactive problem: the interactor, in the naive's place, judges each
/// generated input alone; a failing one is stored with an empty ANSWER.
#[test]
fn an_interactive_problem_is_stressed_against_its_interactor() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let interactive = |submission: &str| {
        let bin_dir = workspace(root, "sum", submission, "exit 3", GEN);
        let manifest = root.join("crates/sum/Cargo.toml");
        let text = fs::read_to_string(&manifest).unwrap();
        let text = text.replace(
            "[package.metadata.judge]\n",
            "[package.metadata.judge]\ninteractive = true\n",
        );
        fs::write(&manifest, text).unwrap();
        script(&bin_dir.join("sum-interact"), SUM_INTERACTOR);
    };
    interactive(SUM);
    let (code, stdout, _) = stress(root, &["sum", "--seed", "5", "--cases", "20"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("time limit 2000 ms, interactor 12000 ms"),
        "{stdout}"
    );
    interactive(WRONG_ON_BIG_DIGITS);
    let (code, stdout, _) = stress(root, &["sum", "--seed", "100", "--size", "12"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "the exchange is not recorded: the submission and the interactor talk over pipes"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("\n     the interactor says: expected "),
        "{stdout}"
    );
    let files = stored(root, "sum");
    assert_eq!(files.len(), 2, "{files:?}");
    let answer = fs::read(root.join("io-tests/sum").join(&files[1])).unwrap();
    assert_eq!(answer, b"");
}

/// The library's stress run with a shrinking budget of zero: the failing input
/// is kept as found.
#[test]
fn shrinking_stops_at_its_budget() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let bin_dir = workspace(root, "sum", WRONG_ON_BIG_DIGITS, SUM, GEN);
    let programs = Programs {
        submission: bin_dir.join("sum"),
        naive: bin_dir.join("sum-naive"),
        gen: bin_dir.join("sum-gen"),
        validator: None,
        interactive: false,
    };
    let settings = Settings {
        inputs: Inputs::Random {
            first_seed: 100,
            size: 12,
        },
        max_cases: Some(1),
        time_budget: None,
        shrink_budget: Duration::ZERO,
        submission_limits: Limits {
            time: Duration::from_secs(2),
            memory_mb: None,
            stack_mb: None,
            output_mb: None,
        },
        naive_limit: Duration::from_secs(2),
        checking: Checking::default(),
        case_io: Default::default(),
    };
    let io_tests = root.join("io-tests/sum");
    let (mut report, mut log) = (Vec::new(), Vec::new());
    let outcome = {
        // The run starts processes: see SPAWN_LOCK.
        let _guard = SPAWN_LOCK
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut progress = Progress::new(&mut log, false);
        run_stress(
            "sum",
            &programs,
            &settings,
            &io_tests,
            &mut report,
            &mut progress,
        )
        .unwrap()
    };
    let report = String::from_utf8(report).unwrap();
    assert_eq!(outcome, Outcome::Disagreed, "{report}");
    assert!(
        report.contains("seed 100 size 12: 27 bytes\n     (stopped after 0 s)\n"),
        "{report}"
    );
    assert_eq!(stored(root, "sum"), ["stress-100.in", "stress-100.out"]);
}
