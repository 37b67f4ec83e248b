//! `runner::execute_in`: a program started in a folder has it as its working
//! folder, whatever the runner backend (the Linux one by default; CI runs the
//! harness's tests again with JUDGE_RUNNER=unix), and a relative program path
//! is still the caller's.

// Its programs are `/bin/sh` and shell scripts.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};

use judge::runner::{execute_in, Backend, Limits};

use crate::common;

use common::{script, SECOND};

#[test]
fn a_program_started_in_a_folder_has_it_as_its_working_folder() {
    let backend = Backend::chosen().unwrap().name();
    let dir = judge::scratch::tempdir().unwrap();
    let folder = dir.path().join("work");
    fs::create_dir(&folder).unwrap();
    let limits = Limits::time(5 * SECOND);
    let run = execute_in("/bin/sh".as_ref(), &["-c", "pwd -P"], b"", &limits, &folder).unwrap();
    assert!(run.succeeded(), "{backend}: {}", run.describe_end());
    let expected = format!("{}\n", folder.canonicalize().unwrap().display());
    assert_eq!(String::from_utf8_lossy(&run.stdout), expected, "{backend}");

    // A program named by a relative path is the caller's file, not the folder's.
    let cwd = std::env::current_dir().unwrap();
    let program = script(&common::built_once_dir("working_folder"), "pwd", "pwd -P");
    let relative = relative_path(&program, &cwd);
    assert!(relative.is_relative() && relative.components().count() > 1);
    let run = execute_in(&relative, &[], b"", &limits, &folder).unwrap();
    assert!(run.succeeded(), "{backend}: {}", run.describe_end());
    assert_eq!(String::from_utf8_lossy(&run.stdout), expected, "{backend}");

    // A bare name is still looked up on PATH.
    let run = execute_in("sh".as_ref(), &["-c", "pwd -P"], b"", &limits, &folder).unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), expected, "{backend}");

    let error = execute_in("sh".as_ref(), &[], b"", &limits, &folder.join("none")).unwrap_err();
    assert!(error.to_string().ends_with("none: not a folder"), "{error}");
}

/// `path` relative to `base` (both absolute): `../../target/...`.
/// A problem's program runs on a case in a folder of its own, as judges
/// start one: a file it writes lands nowhere of the caller's, and the
/// folder is gone afterwards.
#[test]
fn a_case_runs_in_a_scratch_folder_that_is_removed() {
    let dir = judge::scratch::tempdir().unwrap();
    let writes = script(
        dir.path(),
        "writes",
        "echo note > my-local-file.txt && pwd -P",
    );
    let io = judge::judging::case_io::CaseIo::default();
    let run = io
        .run(&writes, b"", &Limits::time(5 * SECOND))
        .unwrap()
        .execution;
    assert!(run.succeeded(), "{}", run.describe_end());
    let folder = PathBuf::from(String::from_utf8_lossy(&run.stdout).trim());
    let cwd = std::env::current_dir().unwrap().canonicalize().unwrap();
    assert_ne!(folder, cwd);
    assert!(!cwd.join("my-local-file.txt").exists());
    assert!(!folder.exists(), "{} was left behind", folder.display());
}

fn relative_path(path: &Path, base: &Path) -> PathBuf {
    let path = path.canonicalize().unwrap();
    let base = base.canonicalize().unwrap();
    let common = path
        .components()
        .zip(base.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut relative = PathBuf::new();
    for _ in base.components().skip(common) {
        relative.push("..");
    }
    relative.extend(path.components().skip(common));
    relative
}
