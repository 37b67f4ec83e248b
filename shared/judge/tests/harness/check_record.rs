//! `judge check` judges again only what changed since a problem passed: its
//! binary, a case, its manifest, its validator, the judge's runner; `--force`
//! judges everything; a failure is never remembered.

#![cfg(unix)]

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common::{problem_crate, script};

/// `judge check --root ROOT --bin-dir ROOT/bin ARGS`: exit code and stdout.
fn check(root: &Path, args: &[&str], runner: Option<&str>) -> (Option<i32>, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command
        .arg("check")
        .arg("--root")
        .arg(root)
        .arg("--bin-dir")
        .arg(root.join("bin"))
        .args(args);
    match runner {
        Some(runner) => command.env("JUDGE_RUNNER", runner),
        None => command.env_remove("JUDGE_RUNNER"),
    };
    let output = command.output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// What is changed, the problem it changes, and the change.
type Change<'a> = (&'a str, &'a str, Box<dyn Fn() + 'a>);

/// The problems a run judged: those with a heading line.
fn judged(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter_map(|line| line.split_once(" (").map(|(name, _)| name))
        .filter(|name| name.starts_with('p') && !name.contains(' '))
        .collect()
}

#[test]
fn only_what_changed_since_it_passed_is_judged_again() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let bin = root.join("bin");
    fs::create_dir(&bin).unwrap();
    for name in ["p1", "p2", "p3"] {
        let pieces: &[&str] = if name == "p3" { &["validate"] } else { &[] };
        problem_crate(root, name, 2000, pieces);
        script(&bin, name, "cat");
        let cases = root.join("io-tests").join(name);
        fs::create_dir_all(&cases).unwrap();
        fs::write(cases.join("a.in"), "1\n").unwrap();
        fs::write(cases.join("a.out"), "1\n").unwrap();
    }
    script(&bin, "p3-validate", "cat > /dev/null");
    let runner = (!crate::common::linux_runner()).then_some("unix");
    let run = |args: &[&str]| check(root, args, runner);

    let (code, stdout) = run(&[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert_eq!(judged(&stdout), ["p1", "p2", "p3"], "{stdout}");
    assert!(stdout.ends_with("\n3 passed, 0 failed\n"), "{stdout}");

    let (code, stdout) = run(&[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert_eq!(
        stdout,
        "3 problems unchanged since they passed (3 cases not run again; --force judges them)\n0 passed, 0 failed\n"
    );

    // A wrong .out: that problem alone is judged, WA, and judged again next
    // time, since only a pass is remembered.
    let p2_out = root.join("io-tests/p2/a.out");
    fs::write(&p2_out, "2\n").unwrap();
    for _ in 0..2 {
        let (code, stdout) = run(&[]);
        assert_eq!(code, Some(1), "{stdout}");
        assert_eq!(judged(&stdout), ["p2"], "{stdout}");
        assert!(stdout.contains("\nWA   a "), "{stdout}");
        assert!(
            stdout.ends_with("2 problems unchanged since they passed (2 cases not run again; --force judges them)\n0 passed, 1 failed\n"),
            "{stdout}"
        );
    }
    fs::write(&p2_out, "1\n").unwrap();
    let (code, stdout) = run(&[]);
    assert_eq!((code, judged(&stdout)), (Some(0), vec!["p2"]), "{stdout}");

    let changes: [Change; 7] = [
        (
            "an .in",
            "p1",
            Box::new(|| {
                fs::write(root.join("io-tests/p1/a.in"), "7\n").unwrap();
                fs::write(root.join("io-tests/p1/a.out"), "7\n").unwrap();
            }),
        ),
        (
            "a new case",
            "p2",
            Box::new(|| {
                fs::write(root.join("io-tests/p2/b.in"), "5\n").unwrap();
                fs::write(root.join("io-tests/p2/b.out"), "5\n").unwrap();
            }),
        ),
        (
            "a case removed",
            "p2",
            Box::new(|| {
                fs::remove_file(root.join("io-tests/p2/b.in")).unwrap();
                fs::remove_file(root.join("io-tests/p2/b.out")).unwrap();
            }),
        ),
        (
            "the manifest",
            "p3",
            Box::new(|| {
                problem_crate(root, "p3", 3000, &["validate"]);
            }),
        ),
        (
            "the validator",
            "p3",
            Box::new(|| {
                script(&root.join("bin"), "p3-validate", "cat >/dev/null; exit 0");
            }),
        ),
        (
            "the binary",
            "p1",
            Box::new(|| {
                script(&root.join("bin"), "p1", "exec cat");
            }),
        ),
        ("nothing", "", Box::new(|| {})),
    ];
    for (what, problem, change) in changes {
        change();
        let (code, stdout) = run(&[]);
        assert_eq!(code, Some(0), "{what}: {stdout}");
        let expected: Vec<&str> = if problem.is_empty() {
            vec![]
        } else {
            vec![problem]
        };
        assert_eq!(judged(&stdout), expected, "{what}: {stdout}");
    }

    let (code, stdout) = run(&["--force"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert_eq!(judged(&stdout), ["p1", "p2", "p3"], "{stdout}");
    assert!(stdout.ends_with("\n3 passed, 0 failed\n"), "{stdout}");
    // The problems named, as any other run.
    let (_, stdout) = run(&["p2"]);
    assert_eq!(
        stdout,
        "1 problem unchanged since it passed (1 case not run again; --force judges them)\n0 passed, 0 failed\n"
    );
    // Another runner judges everything again.
    if crate::common::linux_runner() {
        let (_, stdout) = check(root, &[], Some("unix"));
        assert_eq!(judged(&stdout), ["p1", "p2", "p3"], "{stdout}");
    }
    let record: Vec<String> = fs::read_dir(bin.join("judge-passed"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        record,
        ["_passed"],
        "one file for every problem, nothing half-written"
    );
}

/// Issue 66: `--case` judges the cases it chooses, by name, glob or group;
/// the heading says how many; their pass records nothing, so the whole
/// problem is judged next time; a pattern that chooses none exits 2 naming
/// the cases there are.
#[test]
fn chosen_cases_are_judged_alone_and_stand_for_nothing() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    let bin = root.join("bin");
    fs::create_dir(&bin).unwrap();
    problem_crate(root, "p1", 2000, &[]);
    script(&bin, "p1", "cat");
    let cases = root.join("io-tests/p1");
    fs::create_dir_all(&cases).unwrap();
    for name in [
        "sample-1",
        "sample-2",
        "secret-g1-01",
        "secret-g1-02",
        "stress-7",
    ] {
        fs::write(cases.join(format!("{name}.in")), "1\n").unwrap();
        fs::write(cases.join(format!("{name}.out")), "1\n").unwrap();
    }
    let runner = (!crate::common::linux_runner()).then_some("unix");
    let run = |args: &[&str]| check(root, args, runner);
    let (code, stdout) = run(&["p1", "--case", "sample-2", "--case", "stress-*"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.starts_with("p1 (2 of 5 cases chosen, "), "{stdout}");
    assert!(
        stdout.contains("\nAC   sample-2 ") && stdout.contains("\nAC   stress-7 "),
        "{stdout}"
    );
    assert!(!stdout.contains("sample-1"), "{stdout}");
    let (_, stdout) = run(&["p1", "--case", "secret-g1"]);
    assert!(stdout.starts_with("p1 (2 of 5 cases chosen, "), "{stdout}");
    // Nothing recorded: the next check judges every case.
    let (code, stdout) = run(&[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.starts_with("p1 (5 cases, "), "{stdout}");
    let (code, stdout) = run(&["p1", "--case", "secret-g2"]);
    assert_eq!(code, Some(2), "{stdout}");
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["check", "--root"])
        .arg(root)
        .arg("--bin-dir")
        .arg(&bin)
        .args(["p1", "--case", "secret-g2"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "judge: p1: --case secret-g2 chooses none of its cases, which are: sample-1, sample-2, secret-g1-01, secret-g1-02, stress-7\n"
    );
}
