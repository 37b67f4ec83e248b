//! The `growth` command as a user runs it: its usage errors, its options, and
//! whole runs on fake problems (programs of the system standing in for a
//! generator and solutions, so the run is quick and its result fixed) and on the
//! real toy of `--self-test`. No timing is asserted: a measurement on a loaded
//! machine varies, so these check what is printed and written, and exit codes.

use std::fs;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn growth(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_growth"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn path(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A folder of symlinks `name -> target`, standing in for the built binaries.
#[cfg(unix)]
fn bin_dir(dir: &Path, links: &[(&str, &str)]) -> std::path::PathBuf {
    let bin = dir.join("bin");
    fs::create_dir(&bin).unwrap();
    for (name, target) in links {
        std::os::unix::fs::symlink(target, bin.join(name)).unwrap();
    }
    bin
}

/// The `file://` link the command prints for `file` under `dir`.
fn link(dir: &Path, file: &str) -> String {
    format!("file://{}/{file}", fs::canonicalize(dir).unwrap().display())
}

#[test]
fn a_usage_error_exits_2_with_its_reason_and_the_usage() {
    let cases: &[(&[&str], &str)] = &[
        (&["--seeds", "0"], "growth: --seeds must be at least 1"),
        (&["--rounds", "0"], "growth: --rounds must be at least 1"),
        (&["--cap-ms", "0"], "growth: --cap-ms must be at least 1"),
        (
            &["--naive-cap-ms", "0"],
            "growth: --naive-cap-ms must be at least 1",
        ),
        (
            &["--seeds", "x"],
            "growth: cannot parse argument \"x\": invalid digit found in string",
        ),
        (
            &["--tolerance", "-1"],
            "growth: --tolerance must be a number from 0",
        ),
        (
            &["--tolerance", "inf"],
            "growth: --tolerance must be a number from 0",
        ),
        (
            &["--tolerance", "NaN"],
            "growth: --tolerance must be a number from 0",
        ),
        (&["--bogus"], "growth: invalid option '--bogus'"),
        // A problem's name cannot start with `-`.
        (&["--", "-x"], "growth: unexpected argument \"-x\""),
    ];
    for (args, reason) in cases {
        let output = growth(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
        let stderr = stderr(&output);
        let mut lines = stderr.lines();
        assert_eq!(lines.next(), Some(*reason), "{args:?}");
        assert!(
            lines
                .next()
                .unwrap()
                .starts_with("usage: growth [--root DIR]"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn help_prints_the_usage() {
    for flag in ["--help", "-h"] {
        let output = growth(&[flag]);
        assert!(output.status.success(), "{flag}");
        assert!(
            stdout(&output).starts_with("usage: growth [--root DIR]")
                && stdout(&output).contains("--self-test"),
            "{}",
            stdout(&output)
        );
        assert_eq!(stderr(&output), "");
    }
}

#[test]
fn every_option_is_taken() {
    // Every option with a valid value, then the missing toy ends the run.
    let output = growth(&[
        "--root",
        "/nonexistent",
        "--bin-dir",
        "/nonexistent/bin",
        "--out",
        "/nonexistent/out",
        "--seeds",
        "2",
        "--rounds",
        "2",
        "--cap-ms",
        "10",
        "--naive-cap-ms",
        "10",
        "--tolerance",
        "0.5",
        "--self-test",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "growth: /nonexistent/bin/growth-toy-gen: no such program \
         (build it: cargo build --release --bins)\n"
    );
}

#[test]
fn problems_are_read_from_the_root() {
    let dir = judge::scratch::tempdir().unwrap();
    let output = growth(&["--root", path(dir.path())]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "growth: {}/crates: No such file or directory (os error 2)\n",
            dir.path().display()
        )
    );
    fs::create_dir(dir.path().join("crates")).unwrap();
    let output = growth(&["--root", path(dir.path()), "nosuch"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "growth: nosuch: {}/crates/nosuch/Cargo.toml: No such file or directory (os error 2)\n",
            dir.path().display()
        )
    );
}

#[test]
fn a_workspace_without_problems_has_an_empty_summary() {
    let dir = judge::scratch::tempdir().unwrap();
    fs::create_dir(dir.path().join("crates")).unwrap();
    let out = dir.path().join("out");
    let output = growth(&["--root", path(dir.path()), "--out", path(&out)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!(
            "## Summary\n\n\
             | problem | solution | baseline | naive | claim | verdict |\n\
             | --- | --- | --- | --- | --- | --- |\n\n\
             all plots: {}\n",
            link(&out, "index.html")
        )
    );
    assert!(fs::read_to_string(out.join("index.html"))
        .unwrap()
        .contains("<h1>Cost growth</h1>"));
}

/// `crates/<name>/Cargo.toml` with a time limit of 100 ms, `growth = 1` and the
/// binaries `bins`.
#[cfg(unix)]
fn write_problem(root: &Path, name: &str, bins: &[&str]) {
    let dir = root.join("crates").join(name);
    fs::create_dir_all(&dir).unwrap();
    let mut manifest = format!(
        "[package]\nname = \"{name}\"\n\n[package.metadata.judge]\ntime-limit-ms = 100\ngrowth = 1\n"
    );
    for bin in bins {
        manifest += &format!("\n[[bin]]\nname = \"{bin}\"\n");
    }
    fs::write(dir.join("Cargo.toml"), manifest).unwrap();
}

// Its binaries are symlinks to /bin/cat and /bin/basename.
#[cfg(unix)]
#[test]
fn a_problem_is_measured_with_its_caps_and_an_unfinished_one_is_skipped() {
    let dir = judge::scratch::tempdir().unwrap();
    write_problem(
        dir.path(),
        "fake",
        &["fake", "fake-gen", "fake-baseline", "fake-naive"],
    );
    write_problem(dir.path(), "unfinished", &["unfinished"]);
    // `basename SEED SIZE` prints a one-digit SEED at every size: one size only.
    let bin = bin_dir(
        dir.path(),
        &[
            ("fake", "/bin/cat"),
            ("fake-gen", "/bin/basename"),
            ("fake-baseline", "/bin/cat"),
            ("fake-naive", "/bin/cat"),
        ],
    );
    let out = dir.path().join("out");
    let common = [
        "--root",
        path(dir.path()),
        "--bin-dir",
        path(&bin),
        "--out",
        path(&out),
        "--seeds",
        "2",
        "--rounds",
        "1",
        "--naive-cap-ms",
        "300",
    ];
    let output = growth(&common);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let stdout = stdout(&output);
    assert!(
        stdout.starts_with(
            "## fake\n\nCPU time (user + system) of the whole process, median of 1 runs on \
             each of 2 seeds' inputs (table: median over the seeds); claimed growth n^1; \
             caps per run: solution 500 ms, baseline 500 ms, naive 300 ms\n\n\
             | gen size | input bytes | solution ms | solution MiB | baseline ms | baseline MiB \
             | naive ms | naive MiB |\n"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("\n| max | 2 | "), "{stdout}");
    assert!(
        stdout.contains("\n| fake | – | – | – | n^1 | constant size: no growth to measure |\n"),
        "{stdout}"
    );
    // One size has no growth to plot.
    assert!(!stdout.contains("plot: "), "{stdout}");
    let stderr = stderr(&output);
    assert!(
        stderr.contains(
            "growth: skipped: unfinished has no gen and no baseline, which growth needs: add \
             them with `scripts/new-problem.sh unfinished --with gen,baseline` and write them\n"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("growth: fake size max: solution "),
        "{stderr}"
    );

    // Named, an unfinished problem is an error.
    let output = growth(&[&common[..], &["fake", "unfinished"]].concat());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        self::stderr(&output).ends_with(
            "growth: unfinished has no gen and no baseline, which growth needs: add them with \
             `scripts/new-problem.sh unfinished --with gen,baseline` and write them\n"
        ),
        "{}",
        self::stderr(&output)
    );
}

/// The summary table's verdict of `subject` in `stdout`.
fn summary_verdict<'a>(stdout: &'a str, subject: &str) -> &'a str {
    let row = stdout
        .lines()
        .find(|line| line.starts_with(&format!("| {subject} |")))
        .unwrap_or_else(|| panic!("no summary row for {subject}: {stdout}"));
    row.trim_end_matches(" |").rsplit(" | ").next().unwrap()
}

// Its binaries are symlinks to /bin/cat and /bin/basename.
#[cfg(unix)]
#[test]
fn the_self_test_on_a_toy_of_one_size_fails_with_its_verdicts() {
    let dir = judge::scratch::tempdir().unwrap();
    let bin = bin_dir(
        dir.path(),
        &[
            ("growth-toy-gen", "/bin/basename"),
            ("growth-toy-linear", "/bin/cat"),
            ("growth-toy-quadratic", "/bin/cat"),
            ("growth-toy-baseline", "/bin/cat"),
        ],
    );
    let out = dir.path().join("out");
    let output = growth(&[
        "--self-test",
        "--bin-dir",
        path(&bin),
        "--out",
        path(&out),
        "--seeds",
        "1",
        "--rounds",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let stdout = stdout(&output);
    for subject in ["toy-linear", "toy-quadratic"] {
        // The toy's cap: 5 times its time limit of 200 ms.
        assert!(
            stdout.contains(&format!(
                "## {subject}\n\nCPU time (user + system) of the whole process, median of 1 \
                 runs on each of 1 seeds' inputs (table: median over the seeds); claimed \
                 growth n^1; caps per run: solution 1000 ms, baseline 1000 ms\n"
            )),
            "{stdout}"
        );
        assert_eq!(
            summary_verdict(&stdout, subject),
            "constant size: no growth to measure"
        );
    }
    let self_test = out.join("self-test");
    assert!(
        stdout.ends_with(&format!(
            "all plots: {}\n\nself-test FAILED: toy-quadratic must be flagged (constant size: \
             no growth to measure); toy-linear must not (constant size: no growth to measure)\n",
            link(&self_test, "index.html")
        )),
        "{stdout}"
    );
    assert!(self_test.join("index.html").is_file());
}

#[test]
fn the_self_test_measures_the_toy_and_quotes_its_verdicts() {
    let dir = judge::scratch::tempdir().unwrap();
    let toys = Path::new(env!("CARGO_BIN_EXE_growth-toy-gen"))
        .parent()
        .unwrap();
    let out = dir.path().join("out");
    // A tolerance of 9 flags no toy, so the self-test fails, whatever the machine's load.
    let output = growth(&[
        "--self-test",
        "--bin-dir",
        path(toys),
        "--out",
        path(&out),
        "--seeds",
        "1",
        "--rounds",
        "1",
        "--cap-ms",
        "100",
        "--tolerance",
        "9",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let stdout = stdout(&output);
    let self_test = out.join("self-test");
    let page = fs::read_to_string(self_test.join("index.html")).unwrap();
    for subject in ["toy-linear", "toy-quadratic"] {
        let section = stdout
            .split(&format!("## {subject}\n"))
            .nth(1)
            .unwrap_or_else(|| panic!("no section {subject}: {stdout}"));
        // The sizes double from 1.
        for size in ["1", "2", "4"] {
            assert!(section.contains(&format!("\n| {size} | ")), "{section}");
        }
        let svg = format!("{subject}.svg");
        assert!(
            section.contains(&format!("\nplot: {}\n", link(&self_test, &svg))),
            "{section}"
        );
        assert!(fs::read_to_string(self_test.join(&svg))
            .unwrap()
            .starts_with("<svg"));
        assert!(page.contains(&format!("<img src=\"{svg}\"")), "{page}");
        assert!(!self_test.join("inputs").join(subject).exists());
    }
    let (linear, quadratic) = (
        summary_verdict(&stdout, "toy-linear"),
        summary_verdict(&stdout, "toy-quadratic"),
    );
    assert!(
        stdout.ends_with(&format!(
            "\nself-test FAILED: toy-quadratic must be flagged ({quadratic}); toy-linear must \
             not ({linear})\n"
        )),
        "{stdout}"
    );
    assert!(
        stderr(&output).starts_with("growth: toy-linear size 1: solution "),
        "{}",
        stderr(&output)
    );
}

/// Runs toy binary `name` on `input`.
fn run_toy(name: &str, args: &[&str], input: &str) -> String {
    let toys = Path::new(env!("CARGO_BIN_EXE_growth-toy-gen"))
        .parent()
        .unwrap();
    let path = judge::cases::problem::program_path(toys, name);
    let mut child = Command::new(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{name}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_toys_drain_the_same_queue_to_the_same_checksum() {
    let input = run_toy("growth-toy-gen", &["7", "5"], "");
    assert_eq!(input.lines().next(), Some("5"), "{input}");
    assert_eq!(input.split_ascii_whitespace().count(), 6, "{input}");
    // ((1 * 1000003) + 2) * 1000003 + 3
    for toy in [
        "growth-toy-linear",
        "growth-toy-quadratic",
        "growth-toy-baseline",
    ] {
        assert_eq!(run_toy(toy, &[], "3\n1 2 3\n"), "1000008000018\n", "{toy}");
    }
}
