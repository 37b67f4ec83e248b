//! Helpers for the harness's integration tests.

// Each test binary uses some of them.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use judge::cases::problem::Problem;

pub const SECOND: Duration = Duration::from_secs(1);

/// Whether runs go through the Linux runner (not `JUDGE_RUNNER=unix`), whose
/// keeper contains what leaves the program's process group and ends the run
/// when the harness dies. A test of those guarantees returns early on the
/// other backends, which do not give them (the README's platform table).
pub fn linux_runner() -> bool {
    judge::runner::Backend::chosen().ok() == Some(judge::runner::Backend::Linux)
}

/// Runs `body` as a shell script of its own (in a scratch folder) on `input`.
#[cfg(unix)]
pub fn run_script(body: &str, input: &[u8], limit: Duration) -> judge::runner::Execution {
    let dir = judge::scratch::tempdir().unwrap();
    judge::runner::execute(&script(dir.path(), "program", body), &[], input, limit).unwrap()
}

/// `check_problem`'s plain report of `program` on `problem`'s cases: how many
/// failed, and the text.
pub fn check_report(
    problem: &Problem,
    program: &Path,
    validator: Option<&Path>,
) -> (usize, String) {
    use judge::commands::check::{check_problem, Style};
    let mut out = Vec::new();
    let summary = check_problem(problem, program, validator, None, &mut out, Style::Plain).unwrap();
    (summary.failed, String::from_utf8(out).unwrap())
}

/// A problem named `fixture` under `dir`, its cases in `dir/io-tests` (created),
/// judged line by line under `time_limit`.
pub fn fixture_problem(dir: &Path, time_limit: Duration) -> Problem {
    let tests = dir.join("io-tests");
    fs::create_dir_all(&tests).unwrap();
    Problem::plain("fixture", dir, &tests, time_limit)
}

/// Writes an executable `/bin/sh` script `name` into `dir` that runs `body`
/// (Unix only: `/bin/sh` and execute bits).
#[cfg(unix)]
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let written = private_name(&path);
    fs::write(&written, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&written, fs::Permissions::from_mode(0o755)).unwrap();
    fs::rename(&written, &path).unwrap();
    path
}

/// A name beside `path` that only this process writes: a program shared by
/// the tests of a file is made there and renamed into place, whole. Under
/// cargo-nextest each test is a process of its own, so several make the same
/// program at once; written in place, one would run (or link into) a file
/// another is still writing.
fn private_name(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap().to_os_string();
    name.push(format!(".{}.part", std::process::id()));
    path.with_file_name(name)
}

/// Writes `ROOT/crates/NAME/Cargo.toml`: a problem with time limit `time_limit_ms`
/// whose crate declares the binaries of `pieces` ("naive", "gen", ...).
pub fn problem_crate(root: &Path, name: &str, time_limit_ms: u64, pieces: &[&str]) -> PathBuf {
    let crate_dir = root.join("crates").join(name);
    fs::create_dir_all(&crate_dir).unwrap();
    let mut manifest = format!(
        "[package]\nname = \"{name}\"\n\n[package.metadata.judge]\ntime-limit-ms = {time_limit_ms}\n"
    );
    for piece in pieces {
        manifest += &format!("\n[[bin]]\nname = \"{name}-{piece}\"\n");
    }
    fs::write(crate_dir.join("Cargo.toml"), manifest).unwrap();
    crate_dir
}

/// A folder of cargo's target folder (`target/tmp/NAME`) for programs built once
/// for all the tests of a file and held by a `static`, which is never dropped:
/// in a scratch folder of the system's temporary folder they would be left
/// behind by every run.
#[allow(dead_code)]
pub fn built_once_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles the Rust program `source` into `dir/name` (`name.exe` on Windows)
/// with the toolchain's `rustc` (unoptimised: these programs are small, and a
/// quick build matters more). It is built in a folder of this process's own
/// (rustc's intermediate files are named after the crate) and renamed into
/// place: see [`private_name`].
pub fn rust_program(dir: &Path, name: &str, source: &str) -> PathBuf {
    let work = private_name(&dir.join(name));
    fs::create_dir_all(&work).unwrap();
    let source_path = work.join(format!("{name}.rs"));
    fs::write(&source_path, source).unwrap();
    let built = judge::cases::problem::program_path(&work, name);
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = std::process::Command::new(rustc)
        .args(["--edition", "2021", "-o"])
        .arg(&built)
        .arg(&source_path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "rustc {name}.rs: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let binary = judge::cases::problem::program_path(dir, name);
    fs::rename(&built, &binary).unwrap();
    fs::remove_dir_all(&work).unwrap();
    binary
}

/// Runs the `judge` command (stdin empty): its exit code, stdout and stderr.
pub fn judge_cli<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> (Option<i32>, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
