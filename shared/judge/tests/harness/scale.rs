//! At a practiser's scale: a scratch copy of the workspace, judged by
//! `scripts/check.sh` and its tests built (`cargo test --workspace
//! --no-run`), then N problems made by `judge new` (AtCoder ABC086 A: main.rs
//! and two samples each), judged, built and their tests run. (CI runs the
//! workspace's tests itself.) Checked:
//!
//! - each problem adds at most 5 MB to `target/`;
//! - `check.sh` with nothing changed judges nothing, and says so in one line;
//! - a changed `.out`, `.in`, `main.rs` or manifest of one problem has that
//!   problem judged again, alone (a wrong `.out` gives its WA); `--force`
//!   judges every problem;
//! - check.sh starts the judge without cargo while nothing it is built from
//!   has changed, and through cargo (which builds it again) once its sources
//!   have;
//! - `cargo drill`, installed as the README says (`cargo install --path
//!   shared/cargo-drill`), does the same from a problem's `src/`, and refuses
//!   a folder outside any workspace.
//!
//! Printed, not checked (how fast a machine is, is no test's business): each
//! step's seconds, and each problem's share of a cold `cargo test
//! --workspace`, of a warm one and of a cold `check.sh`, against A, a cold
//! release build of a one-file crate with proconio (derive, as AtCoder has
//! it) and itertools, measured in the same run. A problem's share of a test
//! run is measured at the margin, over N: cold, `cargo test --workspace
//! --no-run` once the N problems are made (which builds only their crates)
//! and the first run of the problems' tests (`cargo test --workspace --test
//! io_tests`, the one test target a new problem has); warm, a second run of
//! those; each less a warm run of them before the N were made. (The margin
//! of whole `cargo test --workspace` runs would be lost in the noise of the
//! harness's own tests, half a minute of waiting on programs and timers.)
//!
//! `check.sh` with nothing changed is timed at N more problems in turn with
//! a second copy of the workspace that keeps its own (judged once, cold),
//! eleven pairs: the median of their ratios is the figure, which holds while
//! a VM's speed drifts from one minute to the next.
//!
//! `JUDGE_SCALE_PROBLEMS` sets N (default 200). Everything lives under
//! `$CARGO_TARGET_TMPDIR/scale`, removed at the start and at the end.

// It runs the POSIX sh scripts, and counts disk blocks as Unix has them.
#![cfg(unix)]

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use judge::commands::new::{create, NewProblem};

use crate::scaffold::{
    copy_workspace, expect, install_launcher, source_root, Run, ScratchWorkspace,
};

const URL: &str = "https://atcoder.jp/contests/abc086/tasks/abc086_a";

/// ABC086 A, as a user writes it.
const MAIN_RS: &str = "use proconio::input;

fn main() {
    input! {
        a: u64,
        b: u64,
    }
    println!(\"{}\", if a * b % 2 == 0 { \"Even\" } else { \"Odd\" });
}
";

/// The one-file crate of A.
const ANCHOR_MANIFEST: &str = "[package]
name = \"anchor\"
version = \"0.1.0\"
edition = \"2021\"

[dependencies]
proconio = { version = \"=0.5.0\", features = [\"derive\"] }
itertools = \"=0.14.0\"

[workspace]
";

const ANCHOR_MAIN: &str = "use itertools::Itertools;
use proconio::input;

fn main() {
    input! { n: usize, a: [u64; n] }
    println!(\"{}\", a.iter().sorted().join(\" \"));
}
";

/// The problems' tests alone: the one test target of a problem that `judge
/// new` made (the mission problems' tests of the same name judge their
/// stored cases too), with the workspace's features.
const PROBLEMS_TESTS: &[&str] = &["--workspace", "--test", "io_tests"];

struct Scale {
    ws: PathBuf,
    target_dir: PathBuf,
}

impl Scale {
    fn command(&self, program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .args(args)
            .current_dir(&self.ws)
            .env("CARGO_TARGET_DIR", &self.target_dir)
            .env_remove("CARGO_TERM_QUIET")
            .env_remove("CARGO_TERM_VERBOSE")
            .stdin(Stdio::null());
        command
    }

    /// `scripts/check.sh ARGS`, expecting exit `code`; its run and seconds.
    fn check(&self, code: i32, args: &[&str]) -> (Run, f64) {
        let started = Instant::now();
        let run = expect(code, self.command(self.ws.join("scripts/check.sh"), args));
        (run, started.elapsed().as_secs_f64())
    }

    /// The median seconds of 5 runs of `check.sh` with nothing changed, each
    /// judging nothing.
    fn check_unchanged(&self) -> f64 {
        let mut seconds: Vec<f64> = (0..5)
            .map(|_| {
                let (run, seconds) = self.check(0, &[]);
                assert!(judged(&run).is_empty(), "{}", run.stdout);
                seconds
            })
            .collect();
        seconds.sort_by(f64::total_cmp);
        seconds[2]
    }

    /// `check.sh` with nothing changed here and in `other`, in turn, 11
    /// times each: the median seconds of each, and the median of the pairs'
    /// ratios (this over `other`). Taken in pairs, the ratio holds while the
    /// machine's speed drifts, as a VM's does from minute to minute.
    fn check_unchanged_beside(&self, other: &Scale) -> (f64, f64, f64) {
        let (mut here, mut there, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..11 {
            let (run, seconds) = self.check(0, &[]);
            assert!(judged(&run).is_empty(), "{}", run.stdout);
            let (run, other_seconds) = other.check(0, &[]);
            assert!(judged(&run).is_empty(), "{}", run.stdout);
            here.push(seconds);
            there.push(other_seconds);
            ratios.push(seconds / other_seconds);
        }
        let median = |mut figures: Vec<f64>| {
            figures.sort_by(f64::total_cmp);
            figures[figures.len() / 2]
        };
        (median(here), median(there), median(ratios))
    }

    /// The median seconds of 3 warm runs of the problems' tests.
    fn test_problems_warm(&self) -> f64 {
        let mut seconds: Vec<f64> = (0..3).map(|_| self.test(PROBLEMS_TESTS)).collect();
        seconds.sort_by(f64::total_cmp);
        seconds[1]
    }

    /// `cargo test ARGS`, which must pass; its seconds.
    fn test(&self, args: &[&str]) -> f64 {
        let started = Instant::now();
        expect(0, self.command("cargo", &[&["test"], args].concat()));
        started.elapsed().as_secs_f64()
    }

    fn write(&self, relative: &str, text: &str) {
        fs::write(self.ws.join(relative), text).unwrap();
    }

    /// The bytes `target/` takes on disk.
    fn footprint(&self) -> u64 {
        disk_usage(&self.target_dir, &mut HashSet::new())
    }
}

/// Bytes on disk under `path`, each file once however many links it has
/// (cargo links each binary into two folders).
fn disk_usage(path: &Path, seen: &mut HashSet<(u64, u64)>) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let Ok(metadata) = fs::symlink_metadata(path) else {
        return 0;
    };
    if metadata.is_dir() {
        let entries = fs::read_dir(path).map(|entries| entries.flatten().collect::<Vec<_>>());
        entries
            .unwrap_or_default()
            .iter()
            .map(|entry| disk_usage(&entry.path(), seen))
            .sum::<u64>()
            + metadata.blocks() * 512
    } else if seen.insert((metadata.dev(), metadata.ino())) {
        metadata.blocks() * 512
    } else {
        0
    }
}

/// The problems a check judged: those with a heading line.
fn judged(run: &Run) -> Vec<String> {
    run.stdout
        .lines()
        .filter(|line| line.contains(" case") && line.contains(", time limit "))
        .filter_map(|line| line.split_once(" (").map(|(name, _)| name.to_string()))
        .collect()
}

/// Seconds of a cold release build of the one-file crate with proconio and
/// itertools, in a folder of its own.
fn anchor(base: &Path) -> f64 {
    let dir = base.join("anchor");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("src")).unwrap();
    fs::write(dir.join("Cargo.toml"), ANCHOR_MANIFEST).unwrap();
    fs::write(dir.join("src/main.rs"), ANCHOR_MAIN).unwrap();
    // The workspace's versions, as downloaded already.
    fs::copy(source_root().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let mut build = Command::new("cargo");
    build
        .args(["build", "--release", "--offline"])
        .current_dir(&dir)
        .env_remove("CARGO_TARGET_DIR")
        .stdin(Stdio::null());
    let started = Instant::now();
    expect(0, build);
    let seconds = started.elapsed().as_secs_f64();
    fs::remove_dir_all(&dir).unwrap();
    seconds
}

#[test]
#[ignore = "expensive: builds a scratch workspace with hundreds of problems (CI runs it)"]
fn hundreds_of_problems_cost_little_each() {
    let count: usize =
        std::env::var("JUDGE_SCALE_PROBLEMS").map_or(200, |count| count.parse().unwrap());
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scale");
    let _ = fs::remove_dir_all(&base);
    // Removed whole, whatever happens: both workspaces and their targets.
    let scratch = ScratchWorkspace { path: base.clone() };
    // The workspace that grows, and a copy that keeps its four problems:
    // check.sh with nothing changed at hundreds of problems is timed beside
    // it, in turn.
    let [s, four] = ["", "-four"].map(|suffix| {
        let ws = base.join(format!("ws{suffix}"));
        fs::create_dir_all(&ws).unwrap();
        copy_workspace(&source_root(), &ws);
        Scale {
            ws,
            target_dir: base.join(format!("target{suffix}")),
        }
    });
    let say = |what: &str| println!("scale: {what}");

    let anchor_before = anchor(&base);
    let (first, check_cold_base) = s.check(0, &[]);
    let (first_four, _) = four.check(0, &[]);
    assert_eq!(judged(&first_four), judged(&first));
    let base_problems = judged(&first).len();
    // Built, not run: CI runs the workspace's tests itself, and the
    // problems' share is measured on their tests alone.
    let build_cold_base = s.test(&["--workspace", "--no-run"]);
    let problems_warm_base = s.test_problems_warm();
    let check_unchanged_base = s.check_unchanged();
    let footprint_base = s.footprint();
    say(&format!(
        "the workspace ({base_problems} problems): cold check.sh {check_cold_base:.1} s, cold cargo test --no-run {build_cold_base:.1} s, check.sh unchanged {check_unchanged_base:.3} s (median of 5), target {} MB",
        footprint_base >> 20
    ));

    let names: Vec<String> = (1..=count).map(|i| format!("p{i:03}")).collect();
    for name in &names {
        let spec = NewProblem {
            url: Some(URL.to_string()),
            ..NewProblem::named(name)
        };
        let created = create(&s.ws, &spec).unwrap();
        assert_eq!(
            created.lock,
            Some(Ok(())),
            "{name} was not added to Cargo.lock"
        );
        s.write(&format!("crates/{name}/src/main.rs"), MAIN_RS);
        s.write(&format!("io-tests/{name}/sample-1.in"), "3 4\n");
        s.write(&format!("io-tests/{name}/sample-1.out"), "Even\n");
        s.write(&format!("io-tests/{name}/sample-2.in"), "1 21\n");
        s.write(&format!("io-tests/{name}/sample-2.out"), "Odd\n");
    }
    let all = base_problems + count;

    // The new problems alone are judged: the workspace's passed already.
    let (run_new, check_cold_new) = s.check(0, &[]);
    assert_eq!(judged(&run_new), names, "{}", run_new.stdout);
    run_new
        .has_line(&format!(
            "{base_problems} problems unchanged since they passed ({} cases not run again; --force judges them)",
            count_cases(&first)
        ))
        .has_line(&format!("{} passed, 0 failed", 2 * count));
    // (`cargo test -p` of the new problems alone would unify other features
    // than the workspace's, proconio's among them, and build them twice.)
    let build_new = s.test(&["--workspace", "--no-run"]);
    let problems_first = s.test(PROBLEMS_TESTS);
    let problems_warm_all = s.test_problems_warm();
    let footprint_all = s.footprint();

    // Nothing changed: nothing judged.
    let (check_unchanged_all, check_unchanged_four, unchanged_ratio) =
        s.check_unchanged_beside(&four);
    let (unchanged, _) = s.check(0, &[]);
    unchanged.has_line(&format!(
        "{all} problems unchanged since they passed ({} cases not run again; --force judges them)",
        count_cases(&first) + 2 * count
    ));

    // One change, one problem judged again.
    let edits: [(&str, &str, &str, i32); 4] = [
        ("io-tests/p007/sample-2.out", "Even\n", "p007", 1),
        ("io-tests/p007/sample-2.out", "Odd\n", "p007", 0),
        ("io-tests/p011/sample-1.in", "3 5\n", "p011", 1),
        ("io-tests/p011/sample-1.in", "3 4\n", "p011", 0),
    ];
    for (file, text, problem, code) in edits {
        s.write(file, text);
        let (run, _) = s.check(code, &[]);
        assert_eq!(judged(&run), [problem], "{file}: {}", run.stdout);
        if code == 1 {
            run.has(&["\nWA   sample-"]);
        }
        run.has_line(&format!(
            "{} problems unchanged since they passed ({} cases not run again; --force judges them)",
            all - 1,
            count_cases(&first) + 2 * count - 2
        ));
    }
    s.write(
        "crates/p013/src/main.rs",
        &MAIN_RS.replace("\"Odd\"", "\"odd\""),
    );
    let (run_main, _) = s.check(1, &[]);
    assert_eq!(judged(&run_main), ["p013"], "{}", run_main.stdout);
    s.write("crates/p013/src/main.rs", MAIN_RS);
    let manifest = s.ws.join("crates/p017/Cargo.toml");
    let text = fs::read_to_string(&manifest).unwrap();
    fs::write(
        &manifest,
        text.replace("time-limit-ms = 2000", "time-limit-ms = 3000"),
    )
    .unwrap();
    let (run_manifest, _) = s.check(0, &[]);
    assert_eq!(
        judged(&run_manifest),
        ["p013", "p017"],
        "{}",
        run_manifest.stdout
    );

    let (forced, check_forced) = s.check(0, &["--force"]);
    assert_eq!(judged(&forced).len(), all, "{}", forced.stdout);

    // check.sh starts the judge-check that `cargo drill check` ran last
    // without cargo, which leaves its note as it is; a change to the sources
    // it is built from hands over to cargo, which builds it again and runs it
    // (it notes itself anew), and every problem is judged by the new one.
    let release = s.target_dir.join("release");
    let stamp = |file: &str| {
        fs::metadata(release.join(file))
            .and_then(|metadata| metadata.modified())
            .unwrap_or_else(|error| panic!("{file}: {error}"))
    };
    const NOTE: &str = "judge-passed/_cargo-judge-check";
    let (note, judge) = (stamp(NOTE), stamp("judge-check"));
    s.check(0, &[]);
    assert_eq!(stamp(NOTE), note, "check.sh went through cargo");
    let lib = s.ws.join("shared/judge/check/src/lib.rs");
    let mut source = fs::read_to_string(&lib).unwrap();
    source.push_str("// A change to the judge.\n");
    fs::write(&lib, source).unwrap();
    let (rebuilt, _) = s.check(0, &[]);
    assert_eq!(judged(&rebuilt).len(), all, "{}", rebuilt.stdout);
    assert!(
        stamp("judge-check") > judge,
        "judge-check was not built again"
    );
    assert!(stamp(NOTE) > note, "the new judge-check left no note");
    assert!(
        !release.join("judge").exists(),
        "check.sh built the judge's other commands"
    );
    let note = stamp(NOTE);
    let (again, _) = s.check(0, &[]);
    assert!(judged(&again).is_empty(), "{}", again.stdout);
    assert_eq!(stamp(NOTE), note, "check.sh went through cargo");

    // `cargo drill` through the launcher, from a problem's own folder: the
    // same judge, started without cargo.
    let path = install_launcher(&s.ws, &base.join("cargo-drill"));
    let mut cargo_drill = s.command("cargo", &["drill", "check", "p013"]);
    cargo_drill
        .env("PATH", &path)
        .current_dir(s.ws.join("crates/p013/src"));
    expect(0, cargo_drill).has_line(
        "1 problem unchanged since it passed (2 cases not run again; --force judges them)",
    );
    assert_eq!(stamp(NOTE), note, "cargo drill went through cargo");
    // (The scratch folders are inside this repository's workspace.)
    let mut outside = s.command("cargo", &["drill", "check"]);
    outside.env("PATH", &path).current_dir("/");
    expect(2, outside)
        .has(&["cargo drill: no Cargo.toml with [workspace] in / or any folder above it"]);

    let anchor_after = anchor(&base);
    let a = (anchor_before + anchor_after) / 2.0;
    let per_problem = |seconds: f64| seconds / count as f64;
    let footprint_each = footprint_all.saturating_sub(footprint_base) / count as u64;
    let test_cold = build_new + problems_first - problems_warm_base;
    let test_warm = problems_warm_all - problems_warm_base;
    say(&format!(
        "{count} problems added: cold check.sh (judges the new ones) {check_cold_new:.1} s, cargo test --no-run (builds the new ones) {build_new:.1} s, the problems' tests {problems_warm_base:.2} s before, {problems_first:.2} s first, {problems_warm_all:.2} s warm, check.sh unchanged {check_unchanged_all:.3} s (median of 11, taken in turn with the workspace of {base_problems}: {check_unchanged_four:.3} s), --force {check_forced:.1} s, target {} MB",
        footprint_all >> 20
    ));
    say(&format!(
        "A, a cold release build of a one-file crate with proconio and itertools: {anchor_before:.2} s before, {anchor_after:.2} s after"
    ));
    say(&format!(
        "each problem: {:.2} MB of target/; cold cargo test {:.3} s ({:.3} A), warm {:.3} s ({:.4} A), cold check.sh {:.3} s ({:.3} A); check.sh unchanged at {all} problems {unchanged_ratio:.2}x its time at {base_problems} (the median of 11 pairs' ratios)",
        footprint_each as f64 / 1e6,
        per_problem(test_cold),
        per_problem(test_cold) / a,
        per_problem(test_warm),
        per_problem(test_warm) / a,
        per_problem(check_cold_new - check_unchanged_base),
        per_problem(check_cold_new - check_unchanged_base) / a,
    ));
    assert!(
        footprint_each <= 5_000_000,
        "each problem added {footprint_each} bytes to target/, over 5 MB"
    );
    drop(scratch);
}

/// The cases a check ran: its closing line's count.
fn count_cases(run: &Run) -> usize {
    let closing = run
        .stdout
        .lines()
        .rev()
        .find(|line| line.ends_with(" failed"))
        .unwrap_or_else(|| run.fail("no closing line"));
    closing.split(' ').next().unwrap().parse().unwrap()
}
