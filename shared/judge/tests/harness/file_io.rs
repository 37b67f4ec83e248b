//! Problems whose program reads `input-file` and writes `output-file` in its
//! working folder instead of stdin and stdout, judged as their judge does:
//! `judge check`, `judge outputs` and `judge stress` on a fixture workspace,
//! through the library and the command. The problem: read two numbers, answer
//! their sum. (The runner's part, starting a program in a folder, is tested in
//! `working_folder.rs`.)

// Its programs are shell scripts.
#![cfg(unix)]

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use judge::cases::problem::Problem;
use judge::commands::check::{check_workspace_problem, Style, Summary};

use crate::common;

use common::{script, SECOND};

/// Reads `in.txt`, writes the sum to `out.txt`.
const RIGHT: &str = "read a b < in.txt; echo $((a + b)) > out.txt";
/// Reads `in.txt`, prints the sum on stdout.
const PRINTS: &str = "read a b < in.txt; echo $((a + b))";
/// Reads `in.txt`, writes a sum one too high to `out.txt`.
const OFF_BY_ONE: &str = "read a b < in.txt; echo $((a + b + 1)) > out.txt";
/// Writes nothing and fails.
const CRASHES: &str = "echo 'cannot go on' >&2; exit 3";

/// A workspace under `root` with the problem `name` whose judge table has
/// `keys`, two cases, and a folder `bin` for its programs (returned).
fn workspace(root: &Path, name: &str, keys: &str) -> PathBuf {
    let crate_dir = root.join("crates").join(name);
    fs::create_dir_all(&crate_dir).unwrap();
    fs::write(
        crate_dir.join("Cargo.toml"),
        format!("[package]\nname = \"{name}\"\n\n[package.metadata.judge]\ntime-limit-ms = 2000\n{keys}"),
    )
    .unwrap();
    let tests = root.join("io-tests").join(name);
    fs::create_dir_all(&tests).unwrap();
    for (case, input, output) in [("one", "1 2\n", "3\n"), ("two", "20 22\n", "42\n")] {
        fs::write(tests.join(format!("{case}.in")), input).unwrap();
        fs::write(tests.join(format!("{case}.out")), output).unwrap();
    }
    let bin_dir = root.join("bin");
    fs::create_dir_all(&bin_dir).unwrap();
    bin_dir
}

/// `judge check` of `name` through the library, its program `body`.
fn check(root: &Path, name: &str, body: &str) -> (Summary, String) {
    let binary = script(&root.join("bin"), name, body);
    let problem = Problem::load(root, name).unwrap();
    let mut report = Vec::new();
    let summary = check_workspace_problem(&problem, &binary, &mut report, Style::Plain).unwrap();
    (summary, String::from_utf8(report).unwrap())
}

const BOTH_FILES: &str = "input-file = \"in.txt\"\noutput-file = \"out.txt\"\n";

#[test]
fn a_program_that_writes_its_file_is_judged_by_it_and_stdout_is_ignored() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", BOTH_FILES);

    let (summary, report) = check(root, "sum", &format!("{RIGHT}; echo ignored"));
    assert_eq!((summary.passed, summary.failed), (2, 0), "{report}");
    assert!(
        report.starts_with("sum (2 cases, time limit 2000 ms, reads in.txt, writes out.txt)\n"),
        "{report}"
    );

    let (summary, report) = check(root, "sum", PRINTS);
    assert_eq!((summary.passed, summary.failed), (0, 2), "{report}");
    assert!(report.contains("WA   one "), "{report}");
    assert!(report.contains("     wrote no out.txt\n"), "{report}");

    let (summary, report) = check(root, "sum", OFF_BY_ONE);
    assert_eq!(summary.failed, 2, "{report}");
    assert!(
        report.contains("line 1: expected \"3\", got \"4\""),
        "{report}"
    );

    // A crash is a crash, whether it wrote its file or not.
    let (summary, report) = check(root, "sum", CRASHES);
    assert_eq!(summary.failed, 2, "{report}");
    assert!(report.contains("RE   one "), "{report}");
    assert!(!report.contains("wrote no"), "{report}");

    // Stdin is empty: the input is in the file alone.
    let stdin_is_empty =
        format!("if read line; then echo 'stdin: a line' >&2; exit 1; fi\n{RIGHT}");
    let (summary, report) = check(root, "sum", &stdin_is_empty);
    assert_eq!(summary.passed, 2, "{report}");
}

#[test]
fn the_output_limit_holds_for_the_file_and_for_stdout() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "sum", &format!("{BOTH_FILES}output-limit-mb = 1\n"));
    // 2 MiB of blanks after the answer, in the file.
    let blanks = "head -c 2097152 /dev/zero | tr '\\0' ' '";
    let (summary, report) = check(root, "sum", &format!("{RIGHT}; {blanks} >> out.txt"));
    assert_eq!(summary.failed, 2, "{report}");
    assert!(report.contains("OLE  one "), "{report}");
    // The right file, and 2 MiB on stdout: the runner stops it there.
    let (summary, report) = check(root, "sum", &format!("{RIGHT}; {blanks}"));
    assert_eq!(summary.failed, 2, "{report}");
    assert!(report.contains("OLE  one "), "{report}");
    // Under the limit, the blanks are the file's trailing white space.
    let (summary, report) = check(root, "sum", &format!("{RIGHT}; echo '   ' >> out.txt"));
    assert_eq!(summary.passed, 2, "{report}");
}

#[test]
fn either_file_may_be_alone() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    workspace(root, "reads", "input-file = \"sum.in\"\n");
    let (summary, report) = check(root, "reads", "read a b < sum.in; echo $((a + b))");
    assert_eq!((summary.passed, summary.failed), (2, 0), "{report}");
    assert!(report.contains(", reads sum.in)"), "{report}");
    // Its stdin is empty: one that reads it answers nothing.
    let (summary, report) = check(root, "reads", "read a b; echo $((a + b + 0))");
    assert_eq!(summary.failed, 2, "{report}");
    assert!(report.contains("expected \"3\", got \"0\""), "{report}");

    workspace(root, "writes", "output-file = \"sum.out\"\n");
    let (summary, report) = check(root, "writes", "read a b; echo $((a + b)) > sum.out");
    assert_eq!((summary.passed, summary.failed), (2, 0), "{report}");
    assert!(report.contains(", writes sum.out)"), "{report}");
    let (summary, report) = check(root, "writes", "read a b; echo $((a + b))");
    assert_eq!(summary.failed, 2, "{report}");
    assert!(report.contains("wrote no sum.out"), "{report}");
}

#[test]
fn a_file_name_that_is_not_plain_is_refused_naming_its_line() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    for (key, name) in [
        ("input-file", "../in.txt"),
        ("output-file", "sub/out.txt"),
        ("output-file", ".."),
        ("input-file", "."),
        ("input-file", ""),
        ("output-file", "out\0.txt"),
    ] {
        workspace(root, "bad", &format!("{key} = \"{name}\"\n"));
        let error = Problem::load(root, "bad").unwrap_err().to_string();
        let expected = format!("line 6: {key} = \"{name}\": expected a plain file name");
        assert!(error.contains(&expected), "{name:?}: {error}");
        assert!(error.contains("Cargo.toml: "), "{error}");
    }
    // A backslash is refused already as a string with an escape.
    workspace(root, "bad", "input-file = \"a\\\\b\"\n");
    let error = Problem::load(root, "bad").unwrap_err().to_string();
    assert!(error.contains("line 6: input-file = "), "{error}");
    workspace(root, "bad", "input-file = \"x\"\noutput-file = \"x\"\n");
    let error = Problem::load(root, "bad").unwrap_err().to_string();
    assert!(error.contains("name the same file"), "{error}");
    workspace(root, "bad", "interactive = true\noutput-file = \"x\"\n");
    let error = Problem::load(root, "bad").unwrap_err().to_string();
    assert!(
        error.contains("interactive = true with input-file or output-file"),
        "{error}"
    );
}

#[test]
fn judge_check_runs_each_case_in_a_folder_of_its_own_and_removes_it() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let bin_dir = workspace(root, "sum", BOTH_FILES);
    // The judge's own temporary folder, to see what it leaves there.
    let tmp = root.join("tmp");
    fs::create_dir(&tmp).unwrap();
    let folders = root.join("folders");
    script(
        &bin_dir,
        "sum",
        &format!("pwd -P >> '{}'\n{RIGHT}", folders.display()),
    );
    let judge = |root: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["check", "--root"])
            .arg(root)
            .arg("--bin-dir")
            .arg(&bin_dir)
            .env("TMPDIR", &tmp)
            .output()
            .unwrap()
    };
    let output = judge(root);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.ends_with("2 passed, 0 failed\n"), "{stdout}");
    let folders = fs::read_to_string(&folders).unwrap();
    let folders: Vec<&str> = folders.lines().collect();
    assert_eq!(folders.len(), 2, "{folders:?}");
    assert_ne!(folders[0], folders[1], "a fresh folder per case");
    let tmp_real = tmp.canonicalize().unwrap();
    for folder in &folders {
        assert!(Path::new(folder).starts_with(&tmp_real), "{folder}");
        assert!(!Path::new(folder).exists(), "{folder} was left behind");
    }
    assert_eq!(
        fs::read_dir(&tmp).unwrap().count(),
        0,
        "nothing left in TMPDIR"
    );

    script(&bin_dir, "sum", PRINTS);
    let output = judge(root);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("wrote no out.txt"), "{stdout}");
    assert_eq!(
        fs::read_dir(&tmp).unwrap().count(),
        0,
        "nothing left in TMPDIR"
    );

    // A bad name is a setup error (exit 2) that names it.
    workspace(root, "sum", "input-file = \"../in.txt\"\n");
    let output = judge(root);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("input-file = \"../in.txt\": expected a plain file name"),
        "{stderr}"
    );
}

#[test]
fn judge_outputs_runs_the_naive_in_the_files_too() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let bin_dir = workspace(root, "sum", BOTH_FILES);
    let tests = root.join("io-tests/sum");
    fs::remove_file(tests.join("one.out")).unwrap();
    fs::remove_file(tests.join("two.out")).unwrap();
    fs::write(tests.join("three.in"), "oops\n").unwrap();
    let naive = script(
        &bin_dir,
        "sum-naive",
        "read a b < in.txt; [ \"$a\" = oops ] && exit 0; echo $((a + b)) > out.txt",
    );
    let problem = Problem::load(root, "sum").unwrap();
    let mut report = Vec::new();
    let written =
        judge::commands::outputs::write_outputs(&problem, &naive, None, SECOND, &mut report)
            .unwrap();
    let report = String::from_utf8(report).unwrap();
    assert_eq!((written.written, written.not_written), (2, 1), "{report}");
    assert_eq!(fs::read_to_string(tests.join("two.out")).unwrap(), "42\n");
    assert!(report.contains("the naive wrote no out.txt"), "{report}");
    assert!(!tests.join("three.out").exists());
}

#[test]
fn judge_stress_runs_the_submission_and_the_naive_in_the_files() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let bin_dir = workspace(root, "sum", BOTH_FILES);
    fs::OpenOptions::new()
        .append(true)
        .open(root.join("crates/sum/Cargo.toml"))
        .unwrap()
        .write_all(b"\n[[bin]]\nname = \"sum-naive\"\n\n[[bin]]\nname = \"sum-gen\"\n")
        .unwrap();
    // `gen SEED SIZE`: the numbers SEED and SIZE.
    script(&bin_dir, "sum-gen", "echo \"$1 $2\"");
    script(&bin_dir, "sum-naive", RIGHT);
    let stress = |body: &str| {
        script(&bin_dir, "sum", body);
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["stress", "--root"])
            .arg(root)
            .arg("--bin-dir")
            .arg(&bin_dir)
            .args(["sum", "--cases", "3", "--size", "3"])
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let (code, stdout) = stress(RIGHT);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.ends_with("3 passed, 0 failed\n"), "{stdout}");

    let (code, stdout) = stress(PRINTS);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("wrote no out.txt"), "{stdout}");

    // The naive that writes no file is the naive's failure, not the submission's.
    script(&bin_dir, "sum-naive", PRINTS);
    let (code, stdout) = stress(RIGHT);
    assert_eq!(code, Some(3), "{stdout}");
    assert!(stdout.contains("wrote no out.txt"), "{stdout}");
}

#[test]
fn an_interactive_problem_built_with_files_is_refused_for_every_case() {
    // The manifest refuses the pair (above); a `Problem` built by hand is
    // refused by the check itself.
    let dir = judge::scratch::tempdir().unwrap();
    let mut problem = common::fixture_problem(dir.path(), SECOND);
    problem.interactive = true;
    problem.case_io.input_file = Some("in.txt".to_string());
    for case in ["one", "two"] {
        fs::write(problem.io_tests_dir.join(format!("{case}.in")), "1\n").unwrap();
        fs::write(problem.io_tests_dir.join(format!("{case}.out")), "").unwrap();
    }
    let program = script(dir.path(), "program", RIGHT);
    let interactor = script(dir.path(), "interactor", "exit 0");
    let checking = judge::judging::answer::Checking::default();
    let judges = judge::commands::check::Judges {
        validator: None,
        input_validators: &[],
        checking: &checking,
        interactor: Some(&interactor),
    };
    let mut report = Vec::new();
    let summary = judge::commands::check::check_cases(
        &problem,
        &program,
        &judges,
        None,
        &mut report,
        Style::Plain,
    )
    .unwrap();
    let report = String::from_utf8(report).unwrap();
    assert_eq!((summary.passed, summary.failed), (0, 2), "{report}");
    assert!(
        report.contains("ERR  an interactive problem with an input or output file"),
        "{report}"
    );
}
