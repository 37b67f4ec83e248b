//! The `judge` command line: any bytes as paths, `--opt=value`, one-line
//! mistakes, and help per command.

use std::ffi::OsStr;
#[cfg(unix)]
use std::ffi::OsString;
#[cfg(unix)]
use std::fs;
#[cfg(unix)]
use std::os::unix::ffi::OsStringExt;
#[cfg(unix)]
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// Exit code, stdout and stderr of `judge ARGS`.
fn judge(args: &[&OsStr]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    );
    assert_ne!(output.status.code(), Some(101), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    (output.status.code(), stdout, stderr)
}

/// `judge ARGS` given as text.
fn judge_text(args: &[&str]) -> (Option<i32>, String, String) {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    judge(&args)
}

/// A path in `dir` whose last part is the byte 0xff, not UTF-8.
#[cfg(unix)]
fn non_utf8_path(dir: &Path) -> OsString {
    dir.join(OsString::from_vec(vec![0xff])).into_os_string()
}

// A file name that is not UTF-8 can only be made on Unix.
#[cfg(unix)]
#[test]
fn paths_that_are_not_utf8_are_ordinary_errors() {
    let dir = judge::scratch::tempdir().unwrap();
    let missing = non_utf8_path(dir.path());
    let shown = format!("{}/\\xff", dir.path().display());

    let (code, stdout, stderr) = judge(&[
        "test".as_ref(),
        "--bin".as_ref(),
        "/bin/cat".as_ref(),
        "--tests".as_ref(),
        &missing,
        "--time-limit-ms".as_ref(),
        "1000".as_ref(),
    ]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert_eq!(
        stdout,
        format!(
            "{shown}\nERR  cannot read the cases: {shown}: No such file or directory (os error 2)\n\
             0 passed, 1 failed\n"
        )
    );
    assert_eq!(stderr, "");

    let (code, stdout, stderr) = judge(&[
        "test".as_ref(),
        "--bin".as_ref(),
        &missing,
        "--tests".as_ref(),
        dir.path().as_os_str(),
        "--time-limit-ms".as_ref(),
        "1000".as_ref(),
    ]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert_eq!(
        stderr,
        format!("judge: --bin: {shown}: No such file or directory (os error 2)\n")
    );

    let (code, _, stderr) = judge(&["test".as_ref(), "--tests".as_ref(), &missing]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        "judge: --bin is required\ntry `judge test --help`\n"
    );

    let (code, _, stderr) = judge(&["check".as_ref(), &OsString::from_vec(vec![0xff])]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        "judge: argument is invalid unicode: \"\\xFF\"\ntry `judge check --help`\n"
    );
}

// Its program is /bin/cat.
#[cfg(unix)]
#[test]
fn options_take_their_value_after_a_space_or_an_equals_sign() {
    let dir = judge::scratch::tempdir().unwrap();
    fs::write(dir.path().join("a.in"), "516\n").unwrap();
    fs::write(dir.path().join("a.out"), "516\n").unwrap();
    let tests = dir.path().to_str().unwrap();
    let with_equals = [
        "test",
        "--bin=/bin/cat",
        &format!("--tests={tests}"),
        "--time-limit-ms=1234",
    ];
    let with_spaces = [
        "test",
        "--bin",
        "/bin/cat",
        "--tests",
        tests,
        "--time-limit-ms",
        "1234",
    ];
    for args in [&with_equals[..], &with_spaces[..]] {
        let (code, stdout, stderr) = judge_text(args);
        assert_eq!(code, Some(0), "{args:?}: {stdout}{stderr}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{stdout}");
        assert_eq!(lines[0], format!("{tests} (1 case, time limit 1234 ms)"));
        assert!(lines[1].starts_with("AC   a "), "{stdout}");
        assert_eq!(lines[2], "1 passed, 0 failed");
    }

    let (code, _, stderr) = judge_text(&["check", &format!("--root={tests}")]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        format!("judge: {tests}/crates: No such file or directory (os error 2)\n")
    );
}

#[test]
fn a_mistake_is_one_line_and_a_pointer_to_the_help() {
    for (args, expected) in [
        (
            &["test", "--bogus"][..],
            "judge: invalid option '--bogus'\ntry `judge test --help`\n",
        ),
        (
            &["--bogus"][..],
            "judge: invalid option '--bogus'\ntry `judge --help`\n",
        ),
        (
            &["--cargo-if-stale", "--cargo-if-stale", "check"][..],
            "judge: invalid option '--cargo-if-stale'\ntry `judge --help`\n",
        ),
        (
            &["check", "--cargo-if-stale"][..],
            "judge: invalid option '--cargo-if-stale'\ntry `judge check --help`\n",
        ),
        (
            &[
                "test",
                "--bin",
                "/bin/cat",
                "--tests",
                "/tmp",
                "--time-limit-ms",
            ][..],
            "judge: missing argument for option '--time-limit-ms'\ntry `judge test --help`\n",
        ),
        (
            &[
                "test",
                "--bin",
                "/bin/cat",
                "--tests",
                "/tmp",
                "--time-limit-ms=1s",
            ][..],
            "judge: --time-limit-ms takes a positive whole number of milliseconds, not \"1s\"\n\
             try `judge test --help`\n",
        ),
        (
            &["test", "--bin", "/bin/cat", "--time-limit-ms", "5"][..],
            "judge: --tests is required\ntry `judge test --help`\n",
        ),
        (
            &["stress", "p", "--cases", "0"][..],
            "judge: --cases takes a whole number of at least 1, not \"0\"\n\
             try `judge stress --help`\n",
        ),
        (
            &["stress", "p", "--time", "1e300"][..],
            "judge: --time takes a positive number of seconds, not \"1e300\"\n\
             try `judge stress --help`\n",
        ),
        (
            &["stress", "p", "--time", "0"][..],
            "judge: --time takes a positive number of seconds, not \"0\"\n\
             try `judge stress --help`\n",
        ),
        (
            &["stress", "p", "--all=yes"][..],
            "judge: unexpected argument for option '--all': \"yes\"\n\
             try `judge stress --help`\n",
        ),
        (
            &["frobnicate"][..],
            "judge: unknown command frobnicate\ntry `judge --help`\n",
        ),
        (
            &["help", "frobnicate"][..],
            "judge: unknown command frobnicate\ntry `judge --help`\n",
        ),
        (&[][..], "judge: no command given\ntry `judge --help`\n"),
    ] {
        let (code, stdout, stderr) = judge_text(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert_eq!(stdout, "", "{args:?}");
        assert_eq!(stderr, expected, "{args:?}");
    }
}

#[test]
fn help_for_a_command_shows_that_command_only() {
    let (code, by_help, stderr) = judge_text(&["help", "test"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");
    assert!(
        by_help.starts_with("usage: judge test --bin PROGRAM --tests DIR --time-limit-ms MS"),
        "{by_help}"
    );
    assert!(by_help.contains("--validator"), "{by_help}");
    for other in ["judge stress", "judge check", "--naive-time-limit-ms"] {
        assert!(!by_help.contains(other), "{other} in {by_help}");
    }
    for command in ["check", "test", "outputs", "stress"] {
        let (_, by_help, _) = judge_text(&["help", command]);
        assert!(
            by_help.starts_with(&format!("usage: judge {command} ")),
            "{by_help}"
        );
        for flag in ["--help", "-h"] {
            let (code, by_option, _) = judge_text(&[command, flag]);
            assert_eq!(code, Some(0), "{command} {flag}");
            assert_eq!(by_option, by_help, "{command} {flag}");
        }
    }

    let (code, stress_help, _) = judge_text(&["stress", "--help"]);
    assert_eq!(code, Some(0));
    assert!(
        stress_help.starts_with("usage: judge stress"),
        "{stress_help}"
    );
    assert!(
        stress_help.contains("--naive-time-limit-ms"),
        "{stress_help}"
    );
    assert!(!stress_help.contains("judge test"), "{stress_help}");
}

#[test]
fn help_lists_the_commands() {
    let (_, usage, _) = judge_text(&["--help"]);
    // One line each, and each has a help of its own.
    for command in [
        "check", "test", "stress", "outputs", "bench", "new", "listen", "submit", "watch", "run",
        "help",
    ] {
        let lines = usage
            .lines()
            .filter(|line| line.starts_with(&format!("  {command} ")))
            .count();
        assert_eq!(lines, 1, "{command} in {usage}");
        let (code, help, stderr) = judge_text(&["help", command]);
        assert_eq!(code, Some(0), "{command}: {stderr}");
        assert!(
            help.starts_with(&format!("usage: judge {command}")) || command == "help",
            "{help}"
        );
    }
    // The overview, not every command's whole help.
    assert!(!usage.contains("--naive-time-limit-ms"), "{usage}");
    for args in [&["-h"][..], &["help"][..], &["help", "help"][..]] {
        let (code, same, stderr) = judge_text(args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(same, usage, "{args:?}");
    }
}

// Its program is a shell script.
#[cfg(unix)]
#[test]
fn a_program_is_a_file_never_a_command_on_path() {
    // `true` here is the script in the current folder, not /bin/true.
    let dir = judge::scratch::tempdir().unwrap();
    let script = dir.path().join("true");
    fs::write(&script, "#!/bin/sh\necho local\n").unwrap();
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    fs::create_dir(dir.path().join("cases")).unwrap();
    fs::write(dir.path().join("cases/1.in"), "").unwrap();
    fs::write(dir.path().join("cases/1.out"), "local\n").unwrap();
    let in_dir = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(args)
            .args(["--tests", "cases", "--time-limit-ms", "2000"])
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let local = in_dir(&["test", "--bin", "true"]);
    let stdout = String::from_utf8_lossy(&local.stdout);
    assert_eq!(local.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.lines().last(), Some("1 passed, 0 failed"));
    // A path of several parts is shown as given.
    let missing = in_dir(&["test", "--bin", "sub/missing"]);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&missing.stderr),
        "judge: --bin: sub/missing: No such file or directory (os error 2)\n"
    );
}

#[test]
fn the_binaries_are_looked_for_in_cargo_s_release_folder() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["check", "--no-build", "--root"])
        .arg(&root)
        .arg("line-sg")
        .env("CARGO_TARGET_DIR", dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    let missing = format!(
        "ERR  cannot run the binary: {}/release/line-sg: No such file or directory",
        dir.path().display()
    );
    assert!(stdout.contains(&missing), "{stdout}");
}

#[test]
fn check_builds_first_and_a_failed_build_is_a_setup_error() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("crates/broken/src")).unwrap();
    std::fs::write(
        root.join("Cargo.toml"),
        "[workspace]\nmembers = [\"crates/broken\"]\nresolver = \"2\"\n",
    )
    .unwrap();
    std::fs::write(
        root.join("crates/broken/Cargo.toml"),
        "[package]\nname = \"broken\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [package.metadata.judge]\ntime-limit-ms = 1000\n",
    )
    .unwrap();
    std::fs::write(
        root.join("crates/broken/src/main.rs"),
        "fn main() { undefined_name }\n",
    )
    .unwrap();
    // From a folder inside the workspace, which is found from there.
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("check")
        .current_dir(root.join("crates/broken/src"))
        .env("CARGO_TARGET_DIR", root.join("target"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    // cargo's own message, then the judge's.
    assert!(
        stderr.contains("cannot find value `undefined_name`"),
        "{stderr}"
    );
    assert!(
        stderr
            .ends_with("judge: the build failed (exit status: 101); cargo's messages are above\n"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}
