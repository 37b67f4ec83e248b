//! Memory and stack limits (issue 20, points 1 and 2), each shown with one
//! small Rust program compiled by rustc: it touches memory, allocates without
//! bound, or recurses deep.

#[cfg(unix)]
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

#[cfg(unix)]
use judge::cases::problem::Problem;
#[cfg(unix)]
use judge::commands::check::{check_problem, Style};
use judge::judging::verdict::Verdict;
use judge::runner::{execute_with, Limits};

use crate::common;

use common::{built_once_dir, rust_program};
#[cfg(unix)]
use common::{judge_cli, script};

/// `hungry touch MB`: touches MB MiB, one byte a page, and prints the pages.
/// `hungry runaway`: allocates and fills 1 MiB blocks until an allocation fails.
/// `hungry recurse N`: recursion N deep (not a tail call), prints N.
const HUNGRY: &str = r#"
use std::hint::black_box;

fn depth(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        black_box(depth(black_box(n - 1))) + 1
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args[1].as_str() {
        "touch" => {
            let megabytes: usize = args[2].parse().unwrap();
            let mut memory = vec![0u8; megabytes << 20];
            for page in (0..memory.len()).step_by(4096) {
                memory[page] = 1;
            }
            println!("{}", memory.iter().step_by(4096).filter(|&&byte| byte == 1).count());
        }
        "runaway" => {
            let mut blocks = Vec::new();
            loop {
                blocks.push(vec![1u8; 1 << 20]);
                black_box(&blocks);
            }
        }
        "recurse" => println!("{}", depth(args[2].parse().unwrap())),
        _ => unreachable!(),
    }
}
"#;

/// The program, compiled once for all the tests of this file.
fn hungry() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| rust_program(&built_once_dir("limits"), "hungry", HUNGRY))
}

const LIMIT: Duration = Duration::from_secs(20);

fn judge_hungry(args: &[&str], expected: &[u8], limits: Limits) -> (Verdict, u64) {
    let run = execute_with(hungry(), args, b"", &limits).unwrap();
    (
        Verdict::of_execution(&run, expected, limits.time),
        run.peak_memory_kb,
    )
}

fn memory(megabytes: u64) -> Limits {
    Limits {
        memory_mb: Some(megabytes),
        stack_mb: Some(megabytes),
        ..Limits::time(LIMIT)
    }
}

#[test]
fn touching_more_than_the_limit_is_mle_with_the_peak_shown() {
    let (verdict, peak_kb) = judge_hungry(&["touch", "300"], b"76800\n", memory(256));
    assert!(
        matches!(
            verdict,
            Verdict::MemoryLimitExceeded {
                limit_mb: 256,
                allocation_failure: None,
                ..
            }
        ),
        "{verdict:?}"
    );
    assert!(peak_kb >= 300 << 10, "peak {peak_kb} KiB");
    let shown = verdict.to_string();
    assert!(
        shown.starts_with("peak memory 30") && shown.contains("MB over the limit of 256 MB"),
        "{shown}"
    );
    // The same program under a limit it keeps is accepted, its peak measured.
    let (verdict, peak_kb) = judge_hungry(&["touch", "100"], b"25600\n", memory(256));
    assert_eq!(verdict, Verdict::Accepted);
    assert!(
        (100 << 10..200 << 10).contains(&peak_kb),
        "peak {peak_kb} KiB"
    );
}

#[test]
fn a_runaway_allocation_fails_at_the_cap_and_is_mle() {
    let (verdict, peak_kb) = judge_hungry(&["runaway"], b"", memory(64));
    let Verdict::MemoryLimitExceeded {
        limit_mb: 64,
        allocation_failure: Some(line),
        ..
    } = &verdict
    else {
        panic!("{verdict:?}");
    };
    assert!(
        line.starts_with("memory allocation of 1048576 bytes failed"),
        "{line}"
    );
    // The cap is on the data segment, twice the limit: the peak stays under it.
    assert!(peak_kb <= 130 << 10, "peak {peak_kb} KiB");
    assert!(verdict
        .to_string()
        .starts_with("an allocation failed at the cap of 128 MB"));
}

// A stack overflow is a signal; a Windows stack is set at link time, not by the runner.
#[cfg(unix)]
#[test]
fn deep_recursion_needs_the_judges_stack() {
    let deep = ["recurse", "1000000"];
    let (verdict, _) = judge_hungry(&deep, b"1000000\n", memory(256));
    assert_eq!(verdict, Verdict::Accepted);
    let small_stack = Limits {
        stack_mb: Some(8),
        ..memory(256)
    };
    let (verdict, _) = judge_hungry(&deep, b"1000000\n", small_stack);
    let Verdict::RuntimeError {
        status,
        stderr_tail,
    } = &verdict
    else {
        panic!("{verdict:?}");
    };
    assert!(status.starts_with("stack overflow (signal "), "{status}");
    assert!(
        stderr_tail.contains("has overflowed its stack"),
        "{stderr_tail}"
    );
}

/// A problem's limits reach its report: the stack defaults to the memory
/// limit, each case shows its peak, and the header both limits.
// Its program is a shell script, and its stack overflow a signal.
#[cfg(unix)]
#[test]
fn a_problems_report_shows_its_limits_and_each_peak() {
    let dir = judge::scratch::tempdir().unwrap();
    let tests = dir.path().join("io-tests");
    fs::create_dir_all(&tests).unwrap();
    fs::write(tests.join("deep.in"), "").unwrap();
    fs::write(tests.join("deep.out"), "1000000\n").unwrap();
    let program = script(
        dir.path(),
        "deep",
        &format!("exec {} recurse 1000000", hungry().display()),
    );
    let problem = Problem {
        memory_limit_mb: Some(256),
        ..Problem::plain("deep", dir.path(), &tests, LIMIT)
    };
    let mut report = Vec::new();
    let summary = check_problem(&problem, &program, None, None, &mut report, Style::Plain).unwrap();
    let report = String::from_utf8(report).unwrap();
    assert_eq!(summary.passed, 1, "{report}");
    assert!(
        report.starts_with("deep (1 case, time limit 20000 ms, memory and stack 256 MB)\n"),
        "{report}"
    );
    assert!(report.contains(" ms, mem "), "{report}");

    let small_stack = Problem {
        stack_limit_mb: Some(8),
        output_limit_mb: None,
        ..problem
    };
    let mut report = Vec::new();
    check_problem(
        &small_stack,
        &program,
        None,
        None,
        &mut report,
        Style::Plain,
    )
    .unwrap();
    let report = String::from_utf8(report).unwrap();
    assert!(report.contains("memory 256 MB, stack 8 MB)"), "{report}");
    assert!(report.contains("\nRE   deep "), "{report}");
    assert!(report.contains("stack overflow (signal"), "{report}");
}

/// `judge test`: the limits from the command line, the peak on each line.
// Its program is a shell script, and its stack overflow a signal.
#[cfg(unix)]
#[test]
fn judge_test_takes_memory_and_stack_limits() {
    let dir = judge::scratch::tempdir().unwrap();
    let tests = dir.path().join("tests");
    fs::create_dir_all(&tests).unwrap();
    fs::write(tests.join("deep.in"), "recurse 1000000\n").unwrap();
    fs::write(tests.join("deep.out"), "1000000\n").unwrap();
    fs::write(tests.join("big.in"), "touch 300\n").unwrap();
    fs::write(tests.join("big.out"), "76800\n").unwrap();
    // The case's input names what to do.
    let program = script(
        dir.path(),
        "hungry",
        &format!(
            "read -r mode amount; exec {} $mode $amount",
            hungry().display()
        ),
    );
    let judge = |limits: &[&str]| {
        let mut args = vec![
            "test".into(),
            "--time-limit-ms=20000".into(),
            "--bin".into(),
            program.clone().into_os_string(),
            "--tests".into(),
            tests.clone().into_os_string(),
        ];
        args.extend(limits.iter().map(Into::into));
        let (code, stdout, _) = judge_cli::<std::ffi::OsString>(&args);
        (code, stdout)
    };
    let (code, report) = judge(&["--memory-limit-mb", "256"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("memory and stack 256 MB)"), "{report}");
    assert!(report.contains("\nAC   deep "), "{report}");
    assert!(report.contains("\nMLE  big "), "{report}");
    assert!(report.contains("     peak memory 30"), "{report}");
    let (_, report) = judge(&["--memory-limit-mb=256", "--stack-limit-mb=8"]);
    assert!(report.contains("\nRE   deep "), "{report}");
    assert!(report.contains("     stack overflow (signal "), "{report}");
    let (_, report) = judge(&["--stack-limit-mb", "0"]);
    assert!(report.is_empty(), "a usage error runs nothing: {report}");
}
