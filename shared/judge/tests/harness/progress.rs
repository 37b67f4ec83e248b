//! Progress on long work (issue 66, point 4): on a terminal, `check`,
//! `verify` and `stress` draw a bar that says what runs, how many cases of how many and
//! the time left, above which their lines are written whole; through pipes
//! they print the same lines and no escape code. The terminal is a pty made
//! by `script` (util-linux).

#![cfg(unix)]

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common::{problem_crate, script};

/// A problem `slow` whose three cases take 0.3 s each (so that the bar is
/// drawn while they run), with a submission that passes and one that does
/// not.
fn slow_problem(root: &Path) {
    problem_crate(root, "slow", 5000, &[]);
    let bin = root.join("bin");
    fs::create_dir_all(&bin).unwrap();
    script(&bin, "slow", "sleep 0.3; cat");
    let cases = root.join("io-tests/slow");
    fs::create_dir_all(&cases).unwrap();
    for (name, text) in [("a", "1\n"), ("b", "2\n"), ("c", "3\n")] {
        fs::write(cases.join(format!("{name}.in")), text).unwrap();
        fs::write(cases.join(format!("{name}.out")), text).unwrap();
    }
    let submissions = root.join("crates/slow/submissions");
    for (folder, file, body) in [
        (
            "accepted",
            "echo.py",
            "import sys, time\ntime.sleep(0.3)\nsys.stdout.write(sys.stdin.read())\n",
        ),
        (
            "wrong_answer",
            "zero.py",
            "import time\ntime.sleep(0.3)\nprint(0)\n",
        ),
    ] {
        fs::create_dir_all(submissions.join(folder)).unwrap();
        fs::write(submissions.join(folder).join(file), body).unwrap();
    }
}

/// `judge ARGS --root ROOT --bin-dir ROOT/bin`, on a terminal (`script`'s
/// pty) or through pipes: its exit code and all it wrote, stdout then
/// stderr.
fn judge(root: &Path, args: &[&str], on_terminal: bool) -> (Option<i32>, String) {
    let judge = env!("CARGO_BIN_EXE_judge");
    let root_args = [
        "--root",
        root.to_str().unwrap(),
        "--bin-dir",
        root.join("bin").to_str().unwrap(),
    ]
    .map(str::to_string);
    let mut command = if on_terminal {
        let line: Vec<String> = std::iter::once(judge.to_string())
            .chain(args.iter().map(|arg| arg.to_string()))
            .chain(root_args)
            .map(|word| format!("'{word}'"))
            .collect();
        let mut command = Command::new("script");
        command.args(["-q", "-e", "-c", &line.join(" "), "/dev/null"]);
        command
    } else {
        let mut command = Command::new(judge);
        command.args(args).args(root_args);
        command
    };
    let output = command
        .env("TERM", "xterm")
        .env_remove("JUDGE_RUNNER")
        .output()
        .expect("`script` (util-linux's bsdutils) runs the judge on a terminal");
    let mut all = String::from_utf8_lossy(&output.stdout).into_owned();
    all.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.code(), all)
}

/// What a bar draws: its counts, its time left, and the line it clears.
fn assert_bar(all: &str, counts: &str, running: &str) {
    assert!(all.contains(counts), "{counts}\n{all:?}");
    assert!(all.contains(" spent, ~"), "{all:?}");
    assert!(all.contains(running), "{running}\n{all:?}");
    assert!(all.contains("\x1b[2K"), "{all:?}");
}

#[test]
fn check_draws_a_bar_on_a_terminal_and_prints_plain_lines_through_pipes() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    slow_problem(root);

    let (code, all) = judge(root, &["check", "--force"], true);
    assert_eq!(code, Some(0), "{all:?}");
    assert_bar(&all, "/3 cases", "slow b");
    // The lines whole, each written with the bar cleared.
    let plain = all.replace('\r', "");
    assert!(plain.contains("\x1b[2K3 passed, 0 failed\n"), "{all:?}");
    for case in ["a", "b", "c"] {
        let line = format!("AC  \x1b[0m {case} ");
        assert!(plain.contains(&line), "{line}\n{all:?}");
    }

    let (code, all) = judge(root, &["check", "--force"], false);
    assert_eq!(code, Some(0), "{all}");
    assert!(
        !all.contains('\x1b') && !all.contains(" spent, ~"),
        "{all:?}"
    );
    assert!(all.contains("\nAC   b "), "{all}");
    assert!(all.ends_with("\n3 passed, 0 failed\n"), "{all}");
}

#[test]
fn verify_draws_a_bar_over_every_submissions_cases_on_a_terminal_only() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    slow_problem(root);

    let (code, all) = judge(root, &["verify", "slow"], true);
    assert_eq!(code, Some(0), "{all:?}");
    assert_bar(&all, "/6 cases", "accepted/echo.py on b");
    // The second stopped at its first case: the bar counts its other two.
    assert!(all.contains("] 6/6 cases"), "{all:?}");
    assert!(all.contains("2 of 2 submissions as expected"), "{all:?}");

    let (code, all) = judge(root, &["verify", "slow"], false);
    assert_eq!(code, Some(0), "{all}");
    assert!(
        !all.contains('\x1b') && !all.contains(" spent, ~"),
        "{all:?}"
    );
    assert_eq!(
        all,
        "AC   accepted/echo.py: as expected (3 of 3 cases AC)\n\
         WA   wrong_answer/zero.py: as expected (WA on a, which settles it: 1 of 3 cases judged, 0 AC)\n\
         2 of 2 submissions as expected\n"
    );
}

#[test]
fn a_dumb_terminal_gets_no_bar() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    slow_problem(root);
    let judge = env!("CARGO_BIN_EXE_judge");
    let line = format!(
        "'{judge}' check --force --root '{}' --bin-dir '{}'",
        root.display(),
        root.join("bin").display()
    );
    let output = Command::new("script")
        .args(["-q", "-e", "-c", &line, "/dev/null"])
        .env("TERM", "dumb")
        .env_remove("JUDGE_RUNNER")
        .output()
        .unwrap();
    let all = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{all:?}");
    assert!(!all.contains(" spent, ~"), "{all:?}");
}

/// A problem `echo` with a naive and a generator that agree, each run taking
/// 0.1 s, and an exhaustive walk of 5 inputs.
fn stress_problem(root: &Path) {
    problem_crate(root, "echo", 2000, &["naive", "gen"]);
    fs::create_dir_all(root.join("io-tests/echo")).unwrap();
    let bin = root.join("bin");
    fs::create_dir_all(&bin).unwrap();
    script(&bin, "echo", "sleep 0.1; cat");
    script(&bin, "echo-naive", "cat");
    script(
        &bin,
        "echo-gen",
        r#"if [ "$1" = --count-all ]; then echo 5; else echo "$1 $2"; fi"#,
    );
}

#[test]
fn stress_draws_a_bar_of_its_cases_on_a_terminal_and_logs_through_pipes() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    stress_problem(root);

    let (code, all) = judge(
        root,
        &["stress", "echo", "--seed", "3", "--cases", "8"],
        true,
    );
    assert_eq!(code, Some(0), "{all:?}");
    assert_bar(&all, "/8 cases", "next seed 5 size 10");
    // The bar cleared, then the closing line.
    assert!(all.contains("\x1b[2Kstress: 8 cases in "), "{all:?}");

    // The walk's count is the bar's length.
    let (code, all) = judge(root, &["stress", "echo", "--all"], true);
    assert_eq!(code, Some(0), "{all:?}");
    assert_bar(&all, "/5 cases", "next walk input 3");

    // With only a time budget, the cases so far and the budget left.
    let (code, all) = judge(root, &["stress", "echo", "--time", "1"], true);
    assert_eq!(code, Some(0), "{all:?}");
    assert!(all.contains(" cases, 0s spent: next seed "), "{all:?}");
    assert!(all.contains(" s of --time left"), "{all:?}");

    let (code, all) = judge(
        root,
        &["stress", "echo", "--seed", "3", "--cases", "8"],
        false,
    );
    assert_eq!(code, Some(0), "{all}");
    assert!(!all.contains('\x1b') && !all.contains(" spent"), "{all:?}");
    assert!(
        all.contains("8 passed, 0 failed\nstress: 8 cases in "),
        "{all}"
    );
}
