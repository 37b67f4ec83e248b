//! The self-test of `judge new` (scripts/new-problem.sh), in a scratch copy of
//! the workspace, driven as a user drives it: through scripts/new-problem.sh,
//! check.sh, stress.sh, bench.sh and bundle.sh, and cargo. On AtCoder ABC086 A
//! (read a b, print Even if a*b is even, else Odd):
//!
//! - (a) a minimal problem, with main.rs and two samples written, passes
//!   check.sh and `cargo test -p`; a wrong main.rs fails both, with WA;
//!   stress.sh and bench.sh name the pieces it lacks; `--with naive,gen` adds
//!   their files and binaries and changes nothing else;
//! - (b) a `--full` problem, every piece written as small real code, passes
//!   check.sh and every test (the brute-force test among them); stress.sh finds
//!   a bug put into main.rs; bench.sh --smoke and bundle.sh work (the bundle
//!   compiles and answers);
//! - (c) each stub of a piece, and the main.rs template, fails with its own
//!   message: every failure is matched by its message, so that a compile error
//!   or a crash never passes for the expected failure;
//! - (d) `--compare tokens`, `float:E` and `checker`: for each, check.sh accepts
//!   a right answer written differently from the stored one and rejects a wrong
//!   one with the mode's message; the checker's stub fails with its own message;
//! - (e) an `--interactive` problem (guess a number with at most 30 queries),
//!   its interactor written with judge_readers::interact: check.sh gives AC for a right
//!   guesser, WA for one that counts up, TLE for one that forgets to flush;
//! - (f) problems sent as Competitive Companion sends them (curl POSTs the
//!   extension's JSON to scripts/listen.sh): each is made with its samples and
//!   limits, and check.sh judges it once main.rs is written: a plain problem,
//!   one read and answered in files, a contest of two, an interactive one.
//!
//! - (g) `scripts/submit.sh`: under a real X server (Xvfb, no clipboard
//!   manager) another program reads back, after the command has ended,
//!   exactly main.rs for an AtCoder problem, and for a Codeforces problem a
//!   bundle that bare rustc builds and that answers right; a failing sample
//!   leaves the clipboard as it was; without a display the terminal gets the
//!   OSC 52 sequence that carries main.rs;
//! - (h) `scripts/watch.sh` in a terminal (tmux): WA on the screen within
//!   seconds of saving a wrong main.rs, while the editor's check (a `cargo
//!   check` in `target/rust-analyzer`, where .vscode/settings.json puts
//!   rust-analyzer's) holds cargo's lock on its folder; AC after the fix;
//! - (i) a problem whose input is downloaded (Meta Hacker Cup: the listener's
//!   `input.type = "regex"`): made with its pattern, its samples judged on
//!   stdin; `scripts/run.sh --latest DIR` writes the answer file beside the
//!   newest matching download, `--input FILE` and stdin print the output.
//!
//! Outcomes are judged by exit codes and by the lines the judge, the tools and
//! libtest print, never by cargo's own messages, so the test holds whatever
//! the user's cargo settings: the scratch workspace's path has a space, cargo
//! builds into a target folder of its own (`CARGO_TARGET_DIR` set elsewhere
//! than the workspace), one check runs from inside the problem's crate and one
//! `judge new` from `crates/`, one run has `CARGO_TERM_VERBOSE=true` and one
//! `CARGO_TERM_QUIET=true` (which makes cargo ask libtest for terse output, so
//! every `cargo test` here asks for libtest's pretty format itself).
//!
//! The scratch workspace is `$CARGO_TARGET_TMPDIR/scaffold/work space`, removed
//! at the start and at the end (also when the test fails); the target folder
//! beside it stays, so that a later run rebuilds only the new problems (the
//! copied files keep their times). Each step prints the seconds it took
//! (`-- --nocapture` shows them).

// It runs the POSIX sh scripts, as a user of macOS or Linux does.
#![cfg(unix)]

use std::cell::Cell;
use std::ffi::OsStr;
use std::fs::{self, File};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The workspace this test belongs to.
pub(crate) fn source_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `cargo-drill`, installed from `workspace` as the README says (`cargo
/// install --path shared/cargo-drill`) under `root`: `PATH` with the folder
/// of the binary first.
pub(crate) fn install_launcher(workspace: &Path, root: &Path) -> std::ffi::OsString {
    let mut install = Command::new("cargo");
    install
        .args(["install", "--offline", "--quiet", "--path"])
        .arg(workspace.join("shared/cargo-drill"))
        .arg("--root")
        .arg(root)
        .current_dir(workspace)
        .env_remove("CARGO_TARGET_DIR")
        .stdin(Stdio::null());
    expect(0, install);
    let inherited = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(root.join("bin")).chain(std::env::split_paths(&inherited)))
        .unwrap()
}

/// The scratch copy of the workspace; removed when dropped, also while a
/// failing test unwinds.
pub(crate) struct ScratchWorkspace {
    pub(crate) path: PathBuf,
}

impl Drop for ScratchWorkspace {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Copies the files git knows of (tracked, or new and not ignored), as they
/// are in the working tree, keeping their modification times so that cargo
/// sees the workspace's own crates unchanged since the last run.
pub(crate) fn copy_workspace(from: &Path, to: &Path) {
    let listed = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(from)
        .output()
        .expect("git runs");
    assert!(listed.status.success(), "git ls-files failed");
    for name in listed.stdout.split(|&byte| byte == 0) {
        let name = std::str::from_utf8(name).expect("UTF-8 file names");
        let source = from.join(name);
        // Listed by the index but deleted in the working tree.
        if name.is_empty() || !source.is_file() {
            continue;
        }
        let target = to.join(name);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::copy(&source, &target).unwrap();
        let modified = fs::metadata(&source).unwrap().modified().unwrap();
        let file = File::options().write(true).open(&target).unwrap();
        file.set_modified(modified).unwrap();
    }
}

/// What a command did.
pub(crate) struct Run {
    command: String,
    pub(crate) code: Option<i32>,
    pub(crate) stdout: String,
    stderr: String,
}

impl Run {
    /// Fails the test, showing the command and the tail of its output.
    pub(crate) fn fail(&self, why: &str) -> ! {
        let tail = |text: &str| {
            let lines: Vec<&str> = text.lines().collect();
            lines[lines.len().saturating_sub(40)..].join("\n")
        };
        panic!(
            "{why}\n`{}` exited with {:?}\n--- stdout (tail):\n{}\n--- stderr (tail):\n{}",
            self.command,
            self.code,
            tail(&self.stdout),
            tail(&self.stderr)
        );
    }

    fn lines(&self) -> impl Iterator<Item = &str> {
        self.stdout.lines().chain(self.stderr.lines())
    }

    /// Checks that it contains each of `texts`.
    pub(crate) fn has(&self, texts: &[&str]) -> &Run {
        for text in texts {
            if !self.stdout.contains(text) && !self.stderr.contains(text) {
                self.fail(&format!("no {text:?} in the output"));
            }
        }
        self
    }

    fn lacks(&self, text: &str) -> &Run {
        if self.stdout.contains(text) || self.stderr.contains(text) {
            self.fail(&format!("{text:?} in the output"));
        }
        self
    }

    /// Checks that a line of it starts with `prefix`.
    pub(crate) fn has_line_starting(&self, prefix: &str) -> &Run {
        if !self.lines().any(|line| line.starts_with(prefix)) {
            self.fail(&format!("no line starting with {prefix:?}"));
        }
        self
    }

    /// Checks that a line of it is `line`.
    pub(crate) fn has_line(&self, line: &str) -> &Run {
        if !self.lines().any(|found| found == line) {
            self.fail(&format!("no line {line:?}"));
        }
        self
    }
}

/// The scratch workspace and the commands run in it.
struct Scaffold {
    ws: PathBuf,
    target_dir: PathBuf,
    last_step: Cell<Instant>,
}

impl Scaffold {
    /// `program ARGS` in the workspace's `folder` (relative to it), building
    /// into the scratch target folder.
    fn command_in(&self, folder: &str, program: impl AsRef<OsStr>, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .args(args)
            .current_dir(self.ws.join(folder))
            .env("CARGO_TARGET_DIR", &self.target_dir)
            .stdin(Stdio::null());
        command
    }

    /// `scripts/NAME ARGS`, from the workspace's root.
    fn script(&self, name: &str, args: &[&str]) -> Command {
        self.command_in("", self.ws.join("scripts").join(name), args)
    }

    fn cargo(&self, args: &[&str]) -> Command {
        self.command_in("", "cargo", args)
    }

    /// `cargo test -p PROBLEM [--test TEST]`, with libtest's report in its
    /// pretty format whatever cargo asks for.
    /// `cargo test -p PROBLEM`, of one test file when given: `io_tests` and
    /// `naive` are binaries of their own, the others modules of `tests/all`.
    fn cargo_test(&self, problem: &str, test: Option<&str>) -> Command {
        let mut args = vec!["test", "-p", problem];
        let module_filter;
        let mut filter = None;
        match test {
            Some(own @ ("io_tests" | "naive")) => args.extend(["--test", own]),
            Some(module) => {
                args.extend(["--test", "all"]);
                module_filter = format!("{module}::");
                filter = Some(module_filter.as_str());
            }
            None => {}
        }
        args.extend(["--", "--format", "pretty"]);
        args.extend(filter);
        self.cargo(&args)
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.ws.join(relative)
    }

    fn write(&self, relative: &str, text: &str) {
        fs::write(self.path(relative), text).unwrap();
    }

    fn read(&self, relative: &str) -> String {
        fs::read_to_string(self.path(relative)).unwrap()
    }

    fn step(&self, what: &str) {
        let seconds = self.last_step.replace(Instant::now()).elapsed().as_secs();
        println!("scaffold: {what} [{seconds} s]");
    }

    /// The two samples of ABC086 A.
    fn samples(&self, problem: &str) {
        self.write(&format!("io-tests/{problem}/sample-1.in"), "3 4\n");
        self.write(&format!("io-tests/{problem}/sample-1.out"), "Even\n");
        self.write(&format!("io-tests/{problem}/sample-2.in"), "1 21\n");
        self.write(&format!("io-tests/{problem}/sample-2.out"), "Odd\n");
    }

    /// A main.rs that reads `a b` and runs `body`.
    fn main_rs(&self, problem: &str, body: &str) {
        let main = format!(
            "use proconio::input;\n\nfn main() {{\n    input! {{\n        a: u64,\n        b: u64,\n    }}\n    {body}\n}}\n"
        );
        self.write(&format!("crates/{problem}/src/main.rs"), &main);
    }

    /// ABC086 A's solution, or with `bug` one that ignores b.
    fn solution(&self, problem: &str, bug: bool) {
        let parity = if bug { "a % 2 == 0" } else { "a * b % 2 == 0" };
        let body = format!("println!(\"{{}}\", if {parity} {{ \"Even\" }} else {{ \"Odd\" }});");
        self.main_rs(problem, &body);
    }
}

/// `cargo nextest run` on abc-min, whose main.rs has a bug: each case is a test
/// of its own, sample-2 passes and sample-1 fails with its WA and what differs.
/// CI's machine has nextest (.ci/run installs it when it is missing); elsewhere
/// the step says that it is skipped.
fn nextest(s: &Scaffold) {
    let installed = Command::new("cargo")
        .args(["nextest", "--version"])
        .output()
        .is_ok_and(|output| output.status.success());
    if !installed {
        assert!(
            std::env::var_os("CI").is_none(),
            "cargo nextest is not installed, and CI runs this step"
        );
        eprintln!("scaffold: (a) cargo nextest run: skipped, cargo-nextest is not installed");
        return;
    }
    let args = [
        "nextest",
        "run",
        "-p",
        "abc-min",
        "--no-fail-fast",
        "--color",
        "never",
    ];
    let run = expect(100, s.cargo(&args));
    let result = |status: &str, case: &str| {
        let test = format!("abc-min::io_tests {case}");
        run.lines()
            .any(|line| line.trim_start().starts_with(status) && line.ends_with(&test))
    };
    if !result("PASS", "sample-2") || !result("FAIL", "sample-1") {
        run.fail("not a test per case, sample-2 PASS and sample-1 FAIL");
    }
    // nextest indents what a test printed.
    run.has(&["WA   sample-1 ", r#"line 1: expected "Even", got "Odd""#])
        .lacks("WA   sample-2");
    let one = [
        "nextest",
        "run",
        "-p",
        "abc-min",
        "--color",
        "never",
        "-E",
        "test(=sample-2)",
    ];
    let run = expect(0, s.cargo(&one));
    run.has(&["1 test run: 1 passed"]);
    s.step("(a) cargo nextest run: a test per case, the WA with what differs; -E chooses one");
}

/// Runs `command` to its end.
pub(crate) fn run(mut command: Command) -> Run {
    let description = format!(
        "{} {}",
        command.get_program().to_string_lossy(),
        command
            .get_args()
            .map(|arg| arg.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("`{description}` does not start: {error}"));
    Run {
        command: description,
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Runs `command`; fails unless it exits with `code`.
pub(crate) fn expect(code: i32, command: Command) -> Run {
    let run = run(command);
    if run.code != Some(code) {
        run.fail(&format!("expected exit status {code}"));
    }
    run
}

/// With cargo's own settings for its messages set one way for this command
/// only, so that the user's other one does not conflict with it.
fn verbose(mut command: Command) -> Command {
    command
        .env_remove("CARGO_TERM_QUIET")
        .env("CARGO_TERM_VERBOSE", "true");
    command
}

fn quiet(mut command: Command) -> Command {
    command
        .env_remove("CARGO_TERM_VERBOSE")
        .env("CARGO_TERM_QUIET", "true");
    command
}

/// The files under `folder`, relative to it, sorted.
fn files_under(folder: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(next) = folders.pop() {
        for entry in fs::read_dir(&next).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let relative = path.strip_prefix(folder).unwrap();
                found.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

#[test]
#[ignore = "expensive: builds and judges new problems in a scratch copy of the workspace (CI runs it)"]
fn new_problems_build_pass_and_fail_as_they_should() {
    let started = Instant::now();
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scaffold");
    let scratch = ScratchWorkspace {
        path: base.join("work space"),
    };
    let _ = fs::remove_dir_all(&scratch.path);
    fs::create_dir_all(&scratch.path).unwrap();
    copy_workspace(&source_root(), &scratch.path);
    let s = Scaffold {
        ws: scratch.path.clone(),
        target_dir: base.join("target"),
        last_step: Cell::new(Instant::now()),
    };
    s.step("the workspace copied");

    minimal_problem(&s);
    full_problem(&s);
    comparison_modes(&s);
    interactive_problem(&s);
    received_problems(&s);
    submitted_problems(&s);
    watched_problem(&s);
    downloaded_input(&s);

    drop(scratch);
    println!(
        "scaffold: (a) to (i) hold [{} s]",
        started.elapsed().as_secs()
    );
}

/// (a) The minimal problem; (c) its main.rs template.
fn minimal_problem(s: &Scaffold) {
    let url = "https://atcoder.jp/contests/abc086/tasks/abc086_a";
    expect(0, s.script("new-problem.sh", &["abc-min", "--url", url]))
        .has(&[&format!("oj d {url} -d io-tests/abc-min")]);
    assert_eq!(
        files_under(&s.path("crates/abc-min")),
        ["Cargo.toml", "src/main.rs", "tests/io_tests.rs"],
        "the minimal problem is more than its manifest, main.rs and io_tests.rs"
    );
    assert!(files_under(&s.path("io-tests/abc-min")).is_empty());
    expect(0, s.cargo(&["fmt", "--all", "--check"]));
    // CI builds with --locked: the scaffold put the crate into Cargo.lock
    // (`cargo tree --locked` fails on a lock that lacks it, and unlike `cargo
    // metadata` wants no other platform's crates downloaded).
    expect(
        0,
        s.cargo(&[
            "tree",
            "--locked",
            "--offline",
            "-p",
            "abc-min",
            "--depth",
            "1",
        ]),
    );
    s.samples("abc-min");
    expect(1, s.script("check.sh", &["abc-min"]))
        .has_line_starting("RE   sample-1 ")
        .has(&[
            "not yet implemented: abc-min: write the solution in src/main.rs (it has read n = 3)",
        ]);
    s.step("(a) scaffold; (c) the main.rs template fails its samples with its message");

    s.solution("abc-min", false);
    expect(0, verbose(s.script("check.sh", &["abc-min"])))
        .has_line_starting("AC   sample-1 ")
        .has(&["note: no validator, so the inputs are not validated"])
        .has_line_starting("AC   sample-2 ")
        .has_line("2 passed, 0 failed");
    expect(0, quiet(s.cargo_test("abc-min", None))).has(&[
        "test sample-1 ... ok",
        "test sample-2 ... ok",
        "test result: ok. 2 passed; 0 failed",
    ]);
    s.step("(a) main.rs and two samples: check.sh (cargo verbose) and cargo test -p (cargo quiet) pass");

    // A filter chooses cases by name, glob or group; one that names none runs nothing.
    let one_case = s.cargo(&[
        "test", "-p", "abc-min", "--test", "io_tests", "--", "sample-2",
    ]);
    expect(0, one_case)
        .has(&["running 1 test", "test sample-2 ... ok", "1 filtered out"])
        .lacks("sample-1 ...");
    let listed = s.cargo(&[
        "test", "-p", "abc-min", "--test", "io_tests", "--", "--list",
    ]);
    expect(0, listed)
        .has_line("sample-1: test")
        .has_line("sample-2: test");
    let no_case = s.cargo(&[
        "test", "-p", "abc-min", "--test", "io_tests", "--", "stress-*",
    ]);
    expect(0, no_case).has(&["running 0 tests", "2 filtered out"]);
    // As issue 66 words it: the package's every test target, filtered.
    let whole_package = s.cargo(&["test", "-p", "abc-min", "--", "sample-2"]);
    expect(0, whole_package)
        .has(&["test sample-2 ... ok"])
        .lacks("sample-1 ...");
    // The scripts take --case as the judge does.
    expect(0, s.script("check.sh", &["abc-min", "--case", "sample-2"]))
        .has(&["abc-min (1 of 2 cases chosen, "])
        .has_line_starting("AC   sample-2 ")
        .lacks("sample-1");
    expect(2, s.script("check.sh", &["abc-min", "--case", "stress-*"]))
        .has(&["stress-*", "sample-1", "sample-2"]);
    expect(0, s.script("run.sh", &["abc-min", "--case", "sample-1"])).has(&["Even"]);
    expect(2, s.script("run.sh", &["abc-min", "--case", "sample-*"]))
        .has(&["--case sample-* chooses 2 cases (sample-1, sample-2): run takes one"]);
    s.step("(a) cargo test -p -- PATTERN judges the cases it chooses, each case a test; check.sh and run.sh take --case");

    s.solution("abc-min", true);
    // From inside the problem's crate, as a user in its folder would.
    let check_here = s.command_in("crates/abc-min", "../../scripts/check.sh", &["abc-min"]);
    expect(1, check_here)
        .has_line_starting("WA   sample-1 ")
        .has_line("1 passed, 1 failed");
    expect(101, s.cargo_test("abc-min", None))
        .has_line_starting("WA   sample-1 ")
        .has(&[
            "test sample-1 ... FAILED",
            "test sample-2 ... ok",
            "test result: FAILED. 1 passed; 1 failed",
        ]);
    s.step("(a) a wrong main.rs: check.sh (from crates/abc-min) and cargo test -p fail with WA");
    nextest(s);

    expect(2, s.script("stress.sh", &["abc-min"])).has(&[
        "abc-min has no naive and no gen, which judge stress needs: add them with `scripts/new-problem.sh abc-min --with naive,gen`",
    ]);
    expect(2, s.script("bench.sh", &["--smoke", "abc-min"])).has(&[
        "abc-min has no gen and no baseline, which bench needs: add them with `scripts/new-problem.sh abc-min --with gen,baseline`",
    ]);
    s.step("(a) stress.sh and bench.sh name the pieces to add");

    // Pieces added to an existing problem: what they bring, nothing overwritten.
    let main_before = s.read("crates/abc-min/src/main.rs");
    let manifest_before = s.read("crates/abc-min/Cargo.toml");
    let added = expect(
        0,
        s.script("new-problem.sh", &["abc-min", "--with", "naive,gen"]),
    );
    let files = [
        "src/bin/naive.rs",
        "tests/naive.rs",
        "src/bin/gen.rs",
        "tests/all/generator.rs",
        "tests/all/main.rs",
        "tests/all/brute_force.rs",
    ];
    for file in files {
        added.has_line(&format!("wrote crates/abc-min/{file}"));
    }
    if added
        .lines()
        .filter(|line| line.starts_with("wrote"))
        .count()
        != files.len()
    {
        added.fail("--with naive,gen wrote more than its six files");
    }
    assert_eq!(
        s.read("crates/abc-min/src/main.rs"),
        main_before,
        "--with changed main.rs"
    );
    let manifest = s.read("crates/abc-min/Cargo.toml");
    assert!(
        manifest.starts_with(&manifest_before),
        "--with changed the manifest's lines instead of adding its own"
    );
    for binary in ["abc-min-naive", "abc-min-gen"] {
        let declaration = format!("name = \"{binary}\"");
        assert!(
            manifest.lines().any(|line| line == declaration),
            "{binary} not declared"
        );
    }
    expect(0, s.cargo(&["fmt", "--all", "--check"]));
    s.step("(a) --with naive,gen on the existing problem adds its files and binaries");
}

const NAIVE_STUB: &str =
    "abc-full-naive: the brute force is not written yet (src/bin/naive.rs is a stub)";
const GEN_STUB: &str = "abc-full-gen: the generator is not written yet (src/bin/gen.rs is a stub)";
const VALIDATOR_STUB: &str =
    "abc-full: the validator is not written yet (src/bin/validate.rs rejects every input)";
const BASELINE_STUB: &str =
    "abc-full-baseline: the baseline is not written yet (src/bin/baseline.rs is a stub)";

const VALIDATOR: &str = r#"//! `a b` on one line, each an integer from 1 to 10^4.
use judge_readers::validate::Reader;
use std::process::ExitCode;

const PROBLEM: &str = "abc-full";

pub fn validate(input: &[u8]) -> Result<(), String> {
    let mut reader = Reader::new(PROBLEM, input);
    reader.integer("a", 1, 10_000)?;
    reader.space()?;
    reader.integer("b", 1, 10_000)?;
    reader.newline()?;
    reader.end()
}

fn main() -> ExitCode {
    judge_readers::validate::main(PROBLEM, validate)
}
"#;

const NAIVE: &str = r#"//! Brute force: a * b by repeated addition, then its last bit.
use proconio::input;

fn main() {
    input! { a: u64, b: u64 }
    let product: u64 = (0..b).map(|_| a).sum();
    println!("{}", ["Even", "Odd"][(product & 1) as usize]);
}
"#;

const GENERATOR: &str = r#"//! `a b`, each from 1 to SIZE (at most 10^4).
use judge_readers::generator::{generator_main, Generator};
use judge_readers::rng::SplitMix64;
use std::process::ExitCode;

struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 10_000;

    fn random(rng: &mut SplitMix64, size: u64) -> String {
        let a = rng.range_inclusive(1, size);
        let b = rng.range_inclusive(1, size);
        format!("{a} {b}\n")
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
"#;

const BASELINE: &str = r#"//! Reads `a b` as main.rs does; prints them.
use proconio::input;

fn main() {
    input! { a: u32, b: u32 }
    println!("{a} {b}");
}
"#;

/// (c) Every piece's stub, then (b) every piece written.
fn full_problem(s: &Scaffold) {
    expect(0, s.script("new-problem.sh", &["abc-full", "--full"]));
    for file in [
        "src/bin/naive.rs",
        "src/bin/gen.rs",
        "src/bin/validate.rs",
        "src/bin/baseline.rs",
        "tests/naive.rs",
        "tests/all/main.rs",
        "tests/all/generator.rs",
        "tests/all/validate.rs",
        "tests/all/baseline.rs",
        "tests/all/brute_force.rs",
        "tests/all/generated_inputs.rs",
    ] {
        assert!(
            s.path(&format!("crates/abc-full/{file}")).is_file(),
            "--full wrote no crates/abc-full/{file}"
        );
    }
    expect(0, s.cargo(&["fmt", "--all", "--check"]));
    s.samples("abc-full");
    s.solution("abc-full", false);
    expect(0, s.cargo(&["test", "-p", "abc-full", "--no-run"]));
    // Each test target against a stub: it builds and runs ("test result:
    // FAILED", which only libtest prints), and fails for the stub's own reason.
    let stub_fails = |test: &str, message: &str| {
        expect(101, s.cargo_test("abc-full", Some(test))).has(&["test result: FAILED", message]);
    };
    stub_fails("validate", VALIDATOR_STUB);
    stub_fails("io_tests", VALIDATOR_STUB);
    expect(1, s.script("check.sh", &["abc-full"]))
        .has_line("INVALID sample-1")
        .has(&[VALIDATOR_STUB]);
    // The validator written, so that the other stubs' tests meet valid inputs.
    s.write("crates/abc-full/src/bin/validate.rs", VALIDATOR);
    let stub_fails = |test: &str, message: &str| {
        expect(101, s.cargo_test("abc-full", Some(test))).has(&["test result: FAILED", message]);
    };
    stub_fails("naive", NAIVE_STUB);
    stub_fails("generator", GEN_STUB);
    stub_fails("brute_force", GEN_STUB);
    stub_fails("generated_inputs", GEN_STUB);
    stub_fails("baseline", BASELINE_STUB);
    s.step("(c) each stub fails its test with its own message");

    // Asking again for pieces it has changes nothing.
    let again = expect(
        0,
        s.script("new-problem.sh", &["abc-full", "--with", "naive,validate"]),
    );
    again.has(&[
        "crates/abc-full has its naive already",
        "crates/abc-full has its validate already",
    ]);
    if again.lines().any(|line| line.starts_with("wrote")) {
        again.fail("asking for pieces it has wrote a file");
    }
    let manifest = s.read("crates/abc-full/Cargo.toml");
    let declarations = manifest
        .lines()
        .filter(|line| *line == "name = \"abc-full-naive\"")
        .count();
    assert_eq!(declarations, 1, "the naive is declared more than once");

    s.write("crates/abc-full/src/bin/naive.rs", NAIVE);
    s.write("crates/abc-full/src/bin/gen.rs", GENERATOR);
    s.write("crates/abc-full/src/bin/baseline.rs", BASELINE);
    expect(0, s.script("check.sh", &["abc-full"]))
        .has_line_starting("AC   sample-1 ")
        .has_line("2 passed, 0 failed")
        .lacks("not validated");
    s.step("(b) every piece written: check.sh passes, inputs validated");

    let tests = expect(0, s.cargo_test("abc-full", None));
    for test in [
        "sample-1",
        "naive_passes_the_stored_cases",
        "each_seed_gives_one_input_at_each_size",
        "agrees_with_naive_on_generated_inputs",
        "stored_inputs_are_valid",
        "generated_inputs_are_valid",
        "single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly",
        "baseline_reads_every_stored_input",
    ] {
        tests.has(&[&format!("{test} ... ok")]);
    }
    s.step("(b) every test passes, the brute-force test among them");

    s.solution("abc-full", true);
    let stress_args = ["abc-full", "--seed", "1", "--cases", "100", "--size", "10"];
    expect(1, s.script("stress.sh", &stress_args))
        .has_line_starting("WA ")
        .has(&["stored as"]);
    s.solution("abc-full", false);
    s.step("(b) stress.sh finds the bug put into main.rs");

    expect(0, s.script("bench.sh", &["--smoke", "abc-full"])).has_line_starting("| abc-full | ");
    let bundle = s.path("abc-full.rs");
    let bundled = s.path("abc-full-bundled");
    let bundle_arg = bundle.to_str().unwrap();
    expect(0, s.script("bundle.sh", &["abc-full", "-o", bundle_arg]));
    let rustc_args = [
        "--edition",
        "2021",
        "-O",
        "-o",
        bundled.to_str().unwrap(),
        bundle_arg,
    ];
    expect(0, s.command_in("", "rustc", &rustc_args));
    let mut answer = s.command_in("", &bundled, &[]);
    answer.stdin(File::open(s.path("io-tests/abc-full/sample-1.in")).unwrap());
    let answered = expect(0, answer);
    assert_eq!(
        answered.stdout, "Even\n",
        "the bundle does not answer sample-1"
    );
    s.step("(b) bench.sh --smoke, bundle.sh (the bundle compiles and answers)");
}

/// (d) Problems whose answers are not exact lines.
fn comparison_modes(s: &Scaffold) {
    // `judge new NAME --compare MODE`, whose manifest must hold the line `key`.
    // The first through the judge itself from `crates/`: it finds the workspace.
    let judge = env!("CARGO_BIN_EXE_judge");
    let tokens = s.command_in(
        "crates",
        judge,
        &["new", "abc-tokens", "--compare", "tokens"],
    );
    expect(0, tokens).has_line("wrote crates/abc-tokens/Cargo.toml");
    let scaffold_mode = |name: &str, compare: &str, key: &str| {
        expect(0, s.script("new-problem.sh", &[name, "--compare", compare]));
        let manifest = s.read(&format!("crates/{name}/Cargo.toml"));
        assert!(
            manifest.lines().any(|line| line == key),
            "no line {key:?} in crates/{name}/Cargo.toml"
        );
    };
    assert!(s
        .read("crates/abc-tokens/Cargo.toml")
        .contains("\ncompare = \"tokens\"\n"));
    assert!(!s.path("crates/crates").exists());

    // With sample-1 `input` -> `output`, check.sh accepts main.rs running
    // `right` (its report saying `note`) and rejects `wrong` with `why`.
    let judged = |name: &str, [input, output, right, wrong, note, why]: [&str; 6]| {
        s.write(
            &format!("io-tests/{name}/sample-1.in"),
            &format!("{input}\n"),
        );
        s.write(
            &format!("io-tests/{name}/sample-1.out"),
            &format!("{output}\n"),
        );
        s.main_rs(name, right);
        expect(0, s.script("check.sh", &[name]))
            .has_line_starting("AC   sample-1 ")
            .has(&[note]);
        s.main_rs(name, wrong);
        expect(1, s.script("check.sh", &[name]))
            .has_line_starting("WA   sample-1 ")
            .has(&[why]);
    };
    judged(
        "abc-tokens",
        [
            "3 4",
            "7 12",
            r#"println!("{}\n{}", a + b, a * b);"#,
            r#"println!("{} {}", a + b, a * b + 1);"#,
            "compared by tokens",
            "token 2: expected `12`, got `13`",
        ],
    );
    s.step(
        "(d) --compare tokens (made from crates/): another layout accepted, a wrong token rejected",
    );

    scaffold_mode("abc-float", "float:1e-6", "float-error = 1e-6");
    judged(
        "abc-float",
        [
            "1 3",
            "0.3333333333",
            r#"println!("{:.7}", a as f64 / b as f64);"#,
            r#"println!("{:.3}", a as f64 / b as f64);"#,
            "compared by float (error 1e-6)",
            "token 1: expected `0.3333333333`, got `0.333`, error 3.3e-4 > 1e-6",
        ],
    );
    expect(
        2,
        s.script("new-problem.sh", &["abc-float2", "--compare", "float:0x1"]),
    )
    .has(&["bad float error '0x1'"]);
    assert!(
        !s.path("crates/abc-float2").exists(),
        "a refused problem was written"
    );
    s.step("(d) --compare float:1e-6: a close number accepted, a far one rejected");

    // A checker: print any divisor d of a with 1 < d < a (a composite; b unused).
    scaffold_mode("abc-div", "checker", "checker = true");
    assert!(
        s.path("crates/abc-div/src/bin/check.rs").is_file(),
        "no src/bin/check.rs"
    );
    expect(0, s.cargo(&["fmt", "--all", "--check"]));
    s.write("io-tests/abc-div/sample-1.in", "12 0\n");
    s.write("io-tests/abc-div/sample-1.out", "2\n");
    let largest_divisor =
        r#"let _ = b; println!("{}", (2..a).rev().find(|d| a % d == 0).unwrap());"#;
    s.main_rs("abc-div", largest_divisor);
    expect(1, s.script("check.sh", &["abc-div"]))
        .has_line_starting("FAIL sample-1 ")
        .has(&["FAIL abc-div-check: the checker is not written yet (src/bin/check.rs is a stub)"]);
    s.write(
        "crates/abc-div/src/bin/check.rs",
        r#"//! Any divisor d of a with 1 < d < a is accepted.
use judge_readers::checker::{fail, wrong_answer, Files, Outcome};
use std::process::ExitCode;

fn check(files: &mut Files) -> Result<String, Outcome> {
    let a = files.input.integer("a", 4, 1_000_000)?;
    let jury = files.answer.integer("the jury's divisor", 2, a - 1)?;
    if a % jury != 0 {
        return Err(fail(format!("the answer {jury} does not divide {a}")));
    }
    let d = files.output.integer("a divisor", 2, a - 1)?;
    if a % d != 0 {
        return Err(wrong_answer(format!("{d} does not divide {a}")));
    }
    Ok(format!("{d} divides {a}"))
}

fn main() -> ExitCode {
    judge_readers::checker::main(check)
}
"#,
    );
    judged(
        "abc-div",
        [
            "12 0",
            "2",
            largest_divisor,
            r#"let _ = b; println!("{}", a / 2 - 1);"#,
            "compared by checker ",
            "wrong answer 5 does not divide 12",
        ],
    );
    s.step("(d) --compare checker: the stub fails with its message; written, it accepts another divisor and rejects a non-divisor");
}

/// A guesser's main.rs: guesses by `next` (binary search, or one up), running
/// `flush` after each query.
fn guesser(s: &Scaffold, next: &str, flush: &str) {
    let main = format!(
        r#"use proconio::input;
use proconio::source::line::LineSource;
use std::io::{{stdin, stdout, BufReader, BufWriter, Write}};

fn main() {{
    let stdin = stdin();
    let mut source = LineSource::new(BufReader::new(stdin.lock()));
    let out = stdout();
    let mut out = BufWriter::new(out.lock());
    let (mut low, mut high, mut guess) = (1u64, 1_000_000_000u64, 0u64);
    loop {{
        guess = {next};
        writeln!(out, "{{guess}}").unwrap();
        {flush}
        input! {{ from &mut source, reply: String }}
        match reply.as_str() {{
            "=" => return,
            "<" => low = guess + 1,
            _ => high = guess - 1,
        }}
    }}
}}
"#
    );
    s.write("crates/guess-demo/src/main.rs", &main);
}

/// (e) An interactive problem: guess a number in 1..=10^9 with at most 30
/// queries (`<`: the guess is below the secret, `>` above, `=` found; the
/// secret is the input).
fn interactive_problem(s: &Scaffold) {
    let args = ["guess-demo", "--interactive", "--time-limit-ms", "1000"];
    expect(0, s.script("new-problem.sh", &args));
    let manifest = s.read("crates/guess-demo/Cargo.toml");
    assert!(
        manifest.lines().any(|line| line == "interactive = true"),
        "the interactive scaffold's manifest does not say interactive = true"
    );
    expect(0, s.cargo(&["fmt", "-p", "guess-demo", "--check"]));
    s.write("io-tests/guess-demo/low.in", "777\n");
    s.write("io-tests/guess-demo/high.in", "1000000000\n");
    s.write("io-tests/guess-demo/low.out", "");
    s.write("io-tests/guess-demo/high.out", "");
    let binary_search = "low + (high - low) / 2";
    let flush = "out.flush().unwrap();";
    guesser(s, binary_search, flush);
    // (c) The interactor stub fails every case: an error of the interactor, never a pass.
    expect(1, s.script("check.sh", &["guess-demo"]))
        .has_line_starting("ERR  high: the interactor failed: exit status 3")
        .has(&["guess-demo-interact: the interactor is not written yet"]);
    s.step("(e) interactive scaffold; (c) its interactor stub fails every case with its message");

    s.write(
        "crates/guess-demo/src/bin/interact.rs",
        r#"//! Interactor of the self-test's guessing problem: the secret is the input.

use judge_readers::interact::Interactor;

fn main() {
    let mut judge = Interactor::from_args();
    let secret: u64 = judge.input("the secret");
    for query in 1..=30 {
        let guess: u64 = judge.read("a guess");
        if guess == secret {
            judge.send("=");
            judge.write_output(&format!("{query}\n"));
            judge.accept(&format!("found in {query} queries"));
        }
        judge.send(if guess < secret { "<" } else { ">" });
    }
    judge.wrong_answer("no right guess in 30 queries");
}
"#,
    );
    expect(0, s.script("check.sh", &["guess-demo"]))
        .has_line_starting("AC   high ")
        .has_line("2 passed, 0 failed");
    expect(0, s.cargo_test("guess-demo", None)).has(&["test high ... ok"]);
    s.step("(e) a right guesser: check.sh and cargo test -p pass");

    guesser(s, "guess + 1", flush);
    expect(1, s.script("check.sh", &["guess-demo"]))
        .has_line_starting("WA   high ")
        .has(&["no right guess in 30 queries"]);
    guesser(s, binary_search, "");
    expect(1, s.script("check.sh", &["guess-demo"]))
        .has_line_starting("TLE  high ")
        .has(&["killed at the time limit of 1000 ms"]);
    s.step("(e) a guesser that counts up is WA, one that forgets to flush TLE");
}

/// The listener, started by scripts/listen.sh on a port the system picks;
/// stopped when dropped.
struct Listener {
    child: std::process::Child,
    lines: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
    url: String,
}

impl Listener {
    fn start(s: &Scaffold) -> Listener {
        use std::io::BufRead;
        let mut command = s.script("listen.sh", &["--port", "0"]);
        // A group of its own: the script runs cargo, which runs the listener,
        // and all of them end with the test, however it ends.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .expect("listen.sh starts");
        let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        // Its first line, once the listener is built and bound.
        let first = lines.next().and_then(Result::ok).unwrap_or_default();
        let url = first
            .strip_prefix("listening on ")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("listen.sh said {first:?}, not where it listens"))
            .to_string();
        Listener { child, lines, url }
    }

    /// POSTs `json` as the extension does; the line the listener printed.
    fn send(&mut self, json: &str) -> String {
        let output = Command::new("curl")
            .args([
                "--silent",
                "--show-error",
                "--fail",
                "--header",
                "Content-Type: application/json",
            ])
            .args(["--data-binary", json, &self.url])
            .output()
            .expect("this step sends requests with curl: install it (apt-get install curl)");
        assert!(
            output.status.success(),
            "curl: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        self.lines.next().and_then(Result::ok).unwrap_or_default()
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        // SAFETY: kill has no memory effects; the group is the listener's own.
        unsafe {
            libc::kill(-(self.child.id() as libc::pid_t), libc::SIGKILL);
        }
        let _ = self.child.wait();
    }
}

/// (f) Problems from the browser: made by the listener, judged by check.sh.
fn received_problems(s: &Scaffold) {
    let mut listener = Listener::start(s);
    s.step("(f) scripts/listen.sh built and listening");
    let abc086_a = r#"{"name": "A - Product", "group": "AtCoder - AtCoder Beginner Contest 086",
        "url": "https://atcoder.jp/contests/abc086/tasks/abc086_a", "interactive": false,
        "memoryLimit": 1024, "timeLimit": 2000,
        "tests": [{"input": "3 4\n", "output": "Even\n"}, {"input": "1 21\n", "output": "Odd\n"}],
        "testType": "single", "input": {"type": "stdin"}, "output": {"type": "stdout"},
        "languages": {"java": {"mainClass": "Main", "taskClass": "APRODUCT"}},
        "batch": {"id": "0f0c7d1e-2b7a-4f55-a0d5-6a3c0d6f3c11", "size": 1}}"#;
    let said = listener.send(abc086_a);
    assert!(
        said.starts_with("made abc086-a (A - Product), 2 samples, 2000 ms, 1024 MB: "),
        "{said}"
    );
    // Sent again: left as it is.
    let said = listener.send(abc086_a);
    assert!(
        said.starts_with("abc086-a is in the workspace already: left as it is"),
        "{said}"
    );
    // An old judge's problem, read from a file and answered in one.
    let timus_1000 = r#"{"name": "A+B Problem", "group": "Timus - Problem set",
        "url": "https://acm.timus.ru/problem.aspx?space=1&num=1000", "interactive": false,
        "memoryLimit": 64, "timeLimit": 1000,
        "tests": [{"input": "1 5\n", "output": "6\n"}], "testType": "single",
        "input": {"type": "file", "fileName": "input.txt"},
        "output": {"type": "file", "fileName": "output.txt"}, "languages": {}}"#;
    let said = listener.send(timus_1000);
    let made = "made timus-1000 (A+B Problem), 1 sample, 1000 ms, 64 MB, reads input.txt, writes output.txt: ";
    assert!(said.starts_with(made), "{said}");
    // A contest of two problems, as the extension's contest parser sends it.
    for (task, sample) in [("a", ("2 3\\n", "5\\n")), ("b", ("10 20\\n", "30\\n"))] {
        let contest = format!(
            r#"{{"name": "{task}. Sum", "group": "AtCoder - Practice Contest 999",
            "url": "https://atcoder.jp/contests/apc999/tasks/apc999_{task}", "interactive": false,
            "memoryLimit": 256, "timeLimit": 1500,
            "tests": [{{"input": "{}", "output": "{}"}}], "testType": "single",
            "input": {{"type": "stdin"}}, "output": {{"type": "stdout"}}, "languages": {{}},
            "batch": {{"id": "7d1c1a52-43c4-4d7b-9a3e-2b8f7e6a5c10", "size": 2}}}}"#,
            sample.0, sample.1
        );
        let said = listener.send(&contest);
        let place = if task == "a" { "[1/2]" } else { "[2/2]" };
        assert!(
            said.starts_with(&format!(
                "{place} made apc999-{task} ({task}. Sum), 1 sample, 1500 ms, 256 MB: "
            )),
            "{said}"
        );
    }
    let said = listener
        .lines
        .next()
        .and_then(Result::ok)
        .unwrap_or_default();
    assert_eq!(
        said,
        "contest \"AtCoder - Practice Contest 999\": all 2 problems received"
    );
    // An interactive problem: the interactive scaffold, judged by its interactor.
    let guess = r#"{"name": "G. Guess", "group": "Codeforces - Round 1", "interactive": true,
        "url": "https://codeforces.com/contest/99999/problem/G", "memoryLimit": 256, "timeLimit": 1000,
        "tests": [], "testType": "single", "input": {"type": "stdin"}, "output": {"type": "stdout"},
        "languages": {}}"#;
    let said = listener.send(guess);
    assert!(
        said.starts_with("made cf-99999-g (G. Guess), 0 samples, 1000 ms, 256 MB, interactive: "),
        "{said}"
    );
    // SIGTERM to the command started, as `timeout` or a service manager sends
    // it, ends the server: its port is free again.
    let address = listener
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    // SAFETY: kill has no memory effects; the process is the test's child.
    unsafe {
        libc::kill(listener.child.id() as libc::pid_t, libc::SIGTERM);
    }
    let deadline = Instant::now() + std::time::Duration::from_secs(10);
    while listener.child.try_wait().unwrap().is_none() {
        assert!(
            Instant::now() < deadline,
            "listen.sh still running 10 s after SIGTERM"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::net::TcpListener::bind(&address).unwrap_or_else(|error| {
        panic!("{address} still taken after SIGTERM to listen.sh: {error}")
    });
    drop(listener);
    for task in ["a", "b"] {
        let problem = format!("apc999-{task}");
        s.main_rs(&problem, "println!(\"{}\", a + b);");
        expect(0, s.script("check.sh", &[&problem])).has_line("1 passed, 0 failed");
    }
    // The guessing game of (e), its interactor and right guesser, in the received problem.
    guesser(s, "low + (high - low) / 2", "out.flush().unwrap();");
    assert!(s
        .read("crates/cf-99999-g/Cargo.toml")
        .lines()
        .any(|line| line == "interactive = true"));
    for file in ["src/main.rs", "src/bin/interact.rs"] {
        let text = s.read(&format!("crates/guess-demo/{file}"));
        s.write(&format!("crates/cf-99999-g/{file}"), &text);
    }
    for case in ["low", "high"] {
        let input = s.read(&format!("io-tests/guess-demo/{case}.in"));
        s.write(&format!("io-tests/cf-99999-g/{case}.in"), &input);
        s.write(&format!("io-tests/cf-99999-g/{case}.out"), "");
    }
    expect(0, s.script("check.sh", &["cf-99999-g"])).has_line("2 passed, 0 failed");
    let manifest = s.read("crates/abc086-a/Cargo.toml");
    for line in ["time-limit-ms = 2000", "memory-limit-mb = 1024"] {
        assert!(manifest.lines().any(|l| l == line), "{line} in\n{manifest}");
    }
    s.solution("abc086-a", false);
    expect(0, s.script("check.sh", &["abc086-a"]))
        .has_line_starting("AC   sample-2 ")
        .has_line("2 passed, 0 failed");

    // The scaffold's main.rs opens input.txt and reads n before its todo!.
    expect(1, s.script("check.sh", &["timus-1000"]))
        .has_line_starting("RE   sample-1 ")
        .has(&["timus-1000: write the solution in src/main.rs (it has read n = 1)"]);
    let reading =
        "use proconio::input;\nuse proconio::source::once::OnceSource;\nuse std::fs::File;\n\
        use std::io::{BufReader, Write};\n\nfn main() {\n    \
        let input = BufReader::new(File::open(\"input.txt\").unwrap());\n    \
        input! {\n        from OnceSource::new(input),\n        a: u64,\n        b: u64,\n    }\n";
    let to_file = "    let mut output = File::create(\"output.txt\").unwrap();\n    \
        writeln!(output, \"{}\", a + b).unwrap();\n}\n";
    s.write(
        "crates/timus-1000/src/main.rs",
        &format!("{reading}{to_file}"),
    );
    expect(0, s.script("check.sh", &["timus-1000"])).has_line("1 passed, 0 failed");
    // Printed instead of written to output.txt: a wrong answer that says so.
    let to_stdout = "    println!(\"{}\", a + b);\n    let _ = std::io::stdout().flush();\n}\n";
    s.write(
        "crates/timus-1000/src/main.rs",
        &format!("{reading}{to_stdout}"),
    );
    expect(1, s.script("check.sh", &["timus-1000"]))
        .has_line_starting("WA   sample-1 ")
        .has(&["wrote no output.txt"]);
    s.step("(f) problems sent by the extension are made and judged: plain, in files, a contest, interactive");
}

/// An X server of the test's own (Xvfb), with no clipboard manager; ended
/// when dropped.
struct XServer {
    child: std::process::Child,
    display: String,
}

impl XServer {
    fn start() -> XServer {
        // -displayfd: Xvfb picks a display no server uses and writes its
        // number once it accepts clients. A number of the test's choosing
        // raced with what a killed server leaves behind (its socket in
        // /tmp/.X11-unix, its /tmp/.XN-lock): on a busy machine the stale
        // socket looked like the new server's, and xclip found no display.
        let mut child = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-nolisten",
                "tcp",
                "-screen",
                "0",
                "640x480x24",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("step (g) needs Xvfb and xclip: apt-get install xvfb xclip");
        let stdout = child.stdout.take().unwrap();
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line);
            let _ = sender.send(line);
        });
        let number = receiver
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|_| {
                let _ = child.kill();
                panic!("Xvfb named no display within 60 s")
            });
        let mut stderr = child.stderr.take().unwrap();
        if number.trim().parse::<u32>().is_err() {
            let mut said = String::new();
            let _ = std::io::Read::read_to_string(&mut stderr, &mut said);
            panic!("Xvfb did not start ({:?}): {said}", child.wait().unwrap());
        }
        // What it says later (a client's warnings) must not fill its pipe.
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        let display = format!(":{}", number.trim());
        XServer { child, display }
    }

    /// `xclip ARGS` on this display: what it printed.
    fn xclip(&self, args: &[&str], input: Option<&str>) -> String {
        use std::io::Write;
        let mut child = Command::new("xclip")
            .args(args)
            .env("DISPLAY", &self.display)
            .stdin(Stdio::piped())
            .stdout(if input.is_some() {
                Stdio::null()
            } else {
                Stdio::piped()
            })
            // xclip -in leaves a process behind that owns the text and keeps
            // its stderr: a pipe there would never close. Its exit status
            // still says whether it reached the display.
            .stderr(if input.is_some() {
                Stdio::null()
            } else {
                Stdio::piped()
            })
            .spawn()
            .expect("step (g) needs xclip: apt-get install xclip");
        let mut stdin = child.stdin.take().unwrap();
        if let Some(input) = input {
            stdin.write_all(input.as_bytes()).unwrap();
        }
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "(g) xclip {} on display {} failed ({}): {}",
            args.join(" "),
            self.display,
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// The clipboard's text, as another program reads it.
    fn clipboard(&self) -> String {
        self.xclip(&["-selection", "clipboard", "-out"], None)
    }
}

impl Drop for XServer {
    fn drop(&mut self) {
        // SIGTERM, so that it removes its socket and lock file (SIGKILL
        // leaves both in /tmp); its clients (the owners xclip left behind)
        // end with it.
        // SAFETY: kill has no memory effects; the process is the test's child.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM);
        }
        let deadline = Instant::now() + std::time::Duration::from_secs(10);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// (g) scripts/submit.sh: the clipboard under X11, and OSC 52 without a display.
fn submitted_problems(s: &Scaffold) {
    let x = XServer::start();
    let on_display = |args: &[&str]| {
        let mut command = s.script("submit.sh", args);
        command
            .env("DISPLAY", &x.display)
            .env_remove("WAYLAND_DISPLAY");
        command
    };
    x.xclip(
        &["-selection", "clipboard", "-in"],
        Some("the clipboard before"),
    );
    assert_eq!(x.clipboard(), "the clipboard before");

    // An AtCoder problem (made in (f)) whose main.rs fails a sample: nothing copied.
    s.solution("abc086-a", true);
    expect(1, on_display(&["abc086-a"]))
        .has_line_starting("WA   sample-")
        .has(&["submit: abc086-a fails its cases: nothing copied"]);
    assert_eq!(x.clipboard(), "the clipboard before");
    // Right: main.rs as it is, read back once the command has ended.
    s.solution("abc086-a", false);
    expect(0, on_display(&["abc086-a"])).has(&[
        "copied crates/abc086-a/src/main.rs (",
        " bytes) to the clipboard (xclip): paste it at https://atcoder.jp/contests/abc086/submit?taskScreenName=abc086_a",
    ]);
    assert_eq!(x.clipboard(), s.read("crates/abc086-a/src/main.rs"));
    s.step("(g) submit.sh copies an AtCoder problem's main.rs, and nothing when a sample fails");

    // A Codeforces problem: its bundle, which bare rustc builds and which answers.
    let url = "https://codeforces.com/contest/1/problem/A";
    expect(0, s.script("new-problem.sh", &["cf-parity", "--url", url]));
    s.samples("cf-parity");
    s.solution("cf-parity", false);
    expect(0, on_display(&["cf-parity"])).has(&[
        "copied the bundle of cf-parity (std only) (",
        "paste it at https://codeforces.com/contest/1/submit?submittedProblemIndex=A",
    ]);
    let bundle = x.clipboard();
    // main.rs itself would not build: bare rustc has no proconio.
    let dir = s.path("target-bundle");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("main.rs"), &bundle).unwrap();
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let built = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(dir.join("main"))
        .arg(dir.join("main.rs"))
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "the bundle does not build: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    let answer = run({
        let mut command = Command::new(dir.join("main"));
        command.stdin(File::open(s.path("io-tests/cf-parity/sample-2.in")).unwrap());
        command
    });
    assert_eq!(answer.stdout, "Odd\n");
    fs::remove_dir_all(&dir).unwrap();
    drop(x);
    s.step("(g) submit.sh copies a Codeforces problem's bundle, which builds and answers");

    // No display: the terminal (a pseudo-terminal of `script`'s) is asked.
    let mut command = s.command_in(
        "",
        "script",
        &["-q", "-e", "-c", "scripts/submit.sh abc086-a", "/dev/null"],
    );
    command.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    let terminal = expect(0, command);
    let main_rs = s.read("crates/abc086-a/src/main.rs");
    use base64::Engine;
    let sequence = format!(
        "\x1b]52;c;{}\x07",
        base64::engine::general_purpose::STANDARD.encode(&main_rs)
    );
    assert!(
        terminal.stdout.contains(&sequence),
        "no OSC 52 with main.rs in:\n{:?}",
        terminal.stdout
    );
    terminal.has(&["to the clipboard (the terminal, by OSC 52)"]);
    s.step("(g) without a display, submit.sh writes main.rs to the terminal by OSC 52");
}

/// A tmux server of the test's own, ended when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new("tmux");
        command
            .args(["-L", &self.socket])
            .args(args)
            .stdin(Stdio::null());
        command
    }

    /// The screen of `session`.
    fn screen(&self, session: &str) -> String {
        run(self.command(&["capture-pane", "-p", "-t", session])).stdout
    }

    /// Waits up to `seconds` for the screen to satisfy `done`; the seconds it took.
    fn wait_for(
        &self,
        session: &str,
        seconds: u64,
        what: &str,
        done: impl Fn(&str) -> bool,
    ) -> f64 {
        let started = Instant::now();
        loop {
            let screen = self.screen(session);
            if done(&screen) {
                return started.elapsed().as_secs_f64();
            }
            assert!(
                started.elapsed().as_secs() < seconds,
                "no {what} on the screen after {seconds} s:\n{screen}"
            );
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command(&["kill-server"]).output();
    }
}

/// A `cargo check` as rust-analyzer runs it with the workspace's settings, in
/// `<target>/rust-analyzer`, kept holding cargo's lock on that folder: its
/// crate's build script sleeps for two minutes. Killed when dropped.
struct EditorCheck {
    cargo: std::process::Child,
    _crate: judge::scratch::ScratchDir,
}

impl EditorCheck {
    fn start(s: &Scaffold) -> EditorCheck {
        let dir = judge::scratch::tempdir().unwrap();
        let started = dir.path().join("started");
        fs::create_dir_all(dir.path().join("src")).unwrap();
        fs::write(
            dir.path().join("Cargo.toml"),
            "[package]\nname = \"slow-check\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
        )
        .unwrap();
        fs::write(dir.path().join("src/lib.rs"), "").unwrap();
        fs::write(
            dir.path().join("build.rs"),
            format!(
                "fn main() {{ std::fs::write({:?}, \"\").unwrap(); std::thread::sleep(std::time::Duration::from_secs(120)); }}\n",
                started
            ),
        )
        .unwrap();
        let cargo = Command::new("cargo")
            .args(["check", "--quiet", "--offline", "--manifest-path"])
            .arg(dir.path().join("Cargo.toml"))
            .arg("--target-dir")
            .arg(s.target_dir.join("rust-analyzer"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // A group of its own, ended whole: its build script too.
            .process_group(0)
            .spawn()
            .unwrap();
        let mut check = EditorCheck { cargo, _crate: dir };
        // Its build script runs: cargo holds the folder's lock.
        let waited = Instant::now();
        while !started.exists() {
            assert!(
                check.still_holds_the_lock() && waited.elapsed().as_secs() < 120,
                "the editor's check did not start its build script"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        check
    }

    fn still_holds_the_lock(&mut self) -> bool {
        matches!(self.cargo.try_wait(), Ok(None))
    }
}

impl Drop for EditorCheck {
    fn drop(&mut self) {
        // SAFETY: kill on the process group this check leads.
        unsafe { libc::kill(-(self.cargo.id() as i32), libc::SIGKILL) };
        let _ = self.cargo.wait();
    }
}

/// (h) scripts/watch.sh: judged again on every save, as the screen shows.
fn watched_problem(s: &Scaffold) {
    let tmux = Tmux {
        socket: format!("judge-watch-{}", std::process::id()),
    };
    let target = format!("CARGO_TARGET_DIR={}", s.target_dir.display());
    let ws = s.ws.to_string_lossy().into_owned();
    expect(
        0,
        tmux.command(&[
            "new-session",
            "-d",
            "-s",
            "watch",
            "-x",
            "150",
            "-y",
            "50",
            "-c",
            &ws,
            "-e",
            &target,
            "sh scripts/watch.sh abc086-a; sleep 600",
        ]),
    )
    .lacks("error");
    let passed = |screen: &str| {
        screen.contains("2 passed, 0 failed")
            || screen.contains("1 problem unchanged since it passed")
    };
    tmux.wait_for("watch", 300, "the first verdict", |screen| {
        passed(screen) && screen.contains("watching crates/abc086-a")
    });
    // The editor's check (.vscode/settings.json: its own target folder,
    // target/rust-analyzer) holds cargo's lock there for the whole save:
    // watch's build does not wait for it.
    let mut editor = EditorCheck::start(s);
    s.solution("abc086-a", true);
    // The verdict came while the check still held the lock (asserted
    // below), so watch's build did not wait for it; how long it took is
    // printed, not bounded, since a loaded machine's build is slow.
    let seconds = tmux.wait_for("watch", 100, "WA", |screen| {
        screen.contains("WA   sample-") && screen.contains("watching crates/abc086-a")
    });
    assert!(
        editor.still_holds_the_lock(),
        "the editor's check ended before the verdict: the lock was not held throughout"
    );
    drop(editor);
    println!(
        "scaffold: (h) WA on the screen {seconds:.1} s after the save, the editor's check holding target/rust-analyzer"
    );
    s.solution("abc086-a", false);
    tmux.wait_for("watch", 60, "AC after the fix", |screen| {
        screen.contains("2 passed, 0 failed")
            && !screen.contains("WA   ")
            && screen.contains("watching")
    });
    drop(tmux);
    s.step("(h) watch.sh shows WA within seconds of a wrong save and AC after the fix");
}

/// (i) A problem whose input is downloaded: made by the listener, run by run.sh.
fn downloaded_input(s: &Scaffold) {
    let mut listener = Listener::start(s);
    let doubling = r#"{"name": "A: Doubling", "group": "Meta Coding Competitions - Practice Round",
        "url": "https://www.facebook.com/codingcompetitions/hacker-cup/2019/practice-round/problems/A",
        "interactive": false, "memoryLimit": 1024, "timeLimit": 360000,
        "tests": [{"input": "2\n3\n5\n", "output": "Case #1: 6\nCase #2: 10\n"}],
        "testType": "multiNumber",
        "input": {"type": "regex", "pattern": "doubling_.*input[.]txt"},
        "output": {"type": "file", "fileName": "doubling_output.txt"}, "languages": {}}"#;
    let said = listener.send(doubling);
    drop(listener);
    let name = "facebook-2019-a";
    assert!(said.starts_with(&format!("made {name} (A: Doubling), 1 sample, 360000 ms, 1024 MB, its input downloaded (a file named /doubling_.*input[.]txt/: cargo drill run {name} --latest DIR), its answer uploaded as doubling_output.txt: ")), "{said}");
    let manifest = s.read(&format!("crates/{name}/Cargo.toml"));
    for line in [
        "input-pattern = \"doubling_.*input[.]txt\"",
        "answer-file = \"doubling_output.txt\"",
        "single-case = false",
    ] {
        assert!(manifest.lines().any(|l| l == line), "{line} in\n{manifest}");
    }
    assert!(!manifest.contains("output-file"), "{manifest}");
    s.write(
        &format!("crates/{name}/src/main.rs"),
        "use proconio::input;\n\nfn main() {\n    input! {\n        t: usize,\n        n: [u64; t],\n    }\n    \
         for (case, x) in n.iter().enumerate() {\n        println!(\"Case #{}: {}\", case + 1, 2 * x);\n    }\n}\n",
    );
    expect(0, s.script("check.sh", &[name])).has_line("1 passed, 0 failed");

    // The downloads folder: the newest file whose whole name matches is run.
    let downloads = s.path("downloads");
    fs::create_dir_all(&downloads).unwrap();
    let put = |file: &str, text: &str, seconds_ago: u64| {
        let path = downloads.join(file);
        fs::write(&path, text).unwrap();
        let handle = File::options().write(true).open(&path).unwrap();
        handle
            .set_modified(
                std::time::SystemTime::now() - std::time::Duration::from_secs(seconds_ago),
            )
            .unwrap();
    };
    put("doubling_sample_input.txt", "1\n1\n", 300);
    put("doubling_full_input.txt", "3\n7\n8\n9\n", 100);
    put("doubling_full_input.txt.zip", "not text", 10);
    put("other_input.txt", "1\n100\n", 10);
    let folder = downloads.to_string_lossy().into_owned();
    let ran = expect(0, s.script("run.sh", &[name, "--latest", &folder]));
    let answer = downloads.join("doubling_output.txt");
    ran.has(&[
        &format!(
            "{name} on {}: ",
            downloads.join("doubling_full_input.txt").display()
        ),
        &format!("; wrote {} (", answer.display()),
    ]);
    assert_eq!(
        fs::read_to_string(&answer).unwrap(),
        "Case #1: 14\nCase #2: 16\nCase #3: 18\n"
    );
    // On a file, and on stdin: the output printed, the cost on stderr.
    let sample = downloads
        .join("doubling_sample_input.txt")
        .to_string_lossy()
        .into_owned();
    let on_file = expect(0, s.script("run.sh", &[name, "--input", &sample]));
    assert_eq!(on_file.stdout, "Case #1: 2\n");
    on_file.has(&[" s (cpu ", "peak memory "]);
    let mut piped = s.script("run.sh", &[name]);
    piped.stdin(File::open(downloads.join("doubling_full_input.txt")).unwrap());
    let on_stdin = expect(0, piped);
    assert_eq!(on_stdin.stdout, "Case #1: 14\nCase #2: 16\nCase #3: 18\n");
    on_stdin.has(&[&format!("{name} on stdin: ")]);
    // --latest for a problem without a pattern says so.
    expect(2, s.script("run.sh", &["abc086-a", "--latest", &folder]))
        .has(&["abc086-a has no input-pattern in its manifest"]);
    fs::remove_dir_all(&downloads).unwrap();
    s.step("(i) a downloaded input's problem: made with its pattern, run.sh --latest writes its answer beside the newest download");
}
