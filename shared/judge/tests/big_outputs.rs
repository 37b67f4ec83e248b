//! The runs that print hundreds of MB: endless output, a 50 MB line, a flood
//! of stderr. A binary of their own: the harness's resident memory is the
//! start of every run's measured peak (Linux counts the forked copy in
//! `ru_maxrss`), and while these held their outputs, the harness's tests saw
//! a guesser of 2 MB measured at 100 MB and judged MLE.

// Its programs are shell scripts.
#![cfg(unix)]

#[path = "harness/common/mod.rs"]
mod common;

use std::fs;
use std::time::Instant;

use judge::judging::verdict::Verdict;
use judge::runner::{execute, Kill, OUTPUT_CAP, STDERR_KEPT};

use common::{check_report, run_script, script, SECOND};

/// Defect 2: endless output is OLE, found while reading, long before the limit.
#[test]
fn endless_output_is_output_limit_exceeded_at_the_cap() {
    let started = Instant::now();
    let run = run_script("exec yes", b"", 10 * SECOND);
    let took = started.elapsed();
    assert_eq!(run.killed, Some(Kill::OutputLimit));
    assert_eq!(run.stdout.len(), OUTPUT_CAP);
    assert!(took < 5 * SECOND, "took {took:?}");
    assert_eq!(
        Verdict::of_execution(&run, b"y\n", 10 * SECOND),
        Verdict::OutputLimitExceeded { limit_mb: 256 }
    );
    assert!(Verdict::OutputLimitExceeded { limit_mb: 256 }
        .to_string()
        .contains("killed after more than 256 MiB"));
}

/// Defect 3: a 50 MB line, a flood of stderr and terminal escapes all make
/// short, printable reports.
#[test]
fn reports_are_bounded_and_escaped() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = common::fixture_problem(dir.path(), 5 * SECOND);
    fs::write(problem.io_tests_dir.join("a.in"), "").unwrap();
    fs::write(problem.io_tests_dir.join("a.out"), "516\n").unwrap();
    let long_line = script(
        dir.path(),
        "long",
        "head -c 50000000 /dev/zero | tr '\\0' 7",
    );
    let (failed, text) = check_report(&problem, &long_line, None);
    assert_eq!(failed, 1);
    assert!(text.len() < 4000, "a {} byte report", text.len());
    assert!(text.contains("(49999800 more bytes)"), "{text}");

    let noisy = script(
        dir.path(),
        "noisy",
        "head -c 30000000 /dev/zero | tr '\\0' e >&2; echo >&2; echo last words >&2; exit 1",
    );
    let run = execute(&noisy, &[], b"", 5 * SECOND).unwrap();
    assert!(run.stderr.len() <= STDERR_KEPT);
    assert_eq!(run.stderr_dropped as usize + run.stderr.len(), 30_000_012);
    let (failed, text) = check_report(&problem, &noisy, None);
    assert_eq!(failed, 1);
    assert!(text.len() < 4000, "a {} byte report", text.len());
    assert!(text.contains("earlier bytes not kept") && text.contains("last words"));

    let escapes = script(
        dir.path(),
        "escapes",
        r"printf 'a\r\000\033[2J\376\n'; printf '\033]0;title\007\377' >&2; exit 0",
    );
    fs::write(problem.io_tests_dir.join("a.out"), b"a\xff\n").unwrap();
    let (_, text) = check_report(&problem, &escapes, None);
    assert!(text.contains(r"a\r\0\e[2J\xfe"), "{text}");
    assert!(text.contains(r#"expected "a\xff""#), "{text}");
    assert!(
        !text.bytes().any(|byte| byte < b' ' && byte != b'\n'),
        "{text:?}"
    );
}

/// The answer, then 10 MB of blanks: as DOMjudge and Kattis judge it, OLE
/// past an 8 MiB output limit (the program killed there), AC without one
/// (blanks between tokens are ignored).
#[test]
fn an_output_limit_makes_a_flood_of_blanks_output_limit_exceeded() {
    let dir = judge::scratch::tempdir().unwrap();
    let body = "read n; echo $((n + 1)); head -c 10000000 /dev/zero | tr '\\0' ' '";
    let program = script(dir.path(), "program", body);
    let mut problem = common::fixture_problem(dir.path(), 10 * SECOND);
    problem.compare = judge::judging::compare::Mode::Tokens;
    fs::write(problem.io_tests_dir.join("1.in"), "1\n").unwrap();
    fs::write(problem.io_tests_dir.join("1.out"), "2\n").unwrap();
    let (failed, report) = check_report(&problem, &program, None);
    assert_eq!(failed, 0, "{report}");
    problem.output_limit_mb = Some(8);
    let (failed, report) = check_report(&problem, &program, None);
    assert_eq!(failed, 1, "{report}");
    assert!(
        report.starts_with(
            "fixture (1 case, time limit 10000 ms, output 8 MB, compared by tokens)\n"
        ) && report.contains("OLE  1")
            && report.contains("killed after more than 8 MiB of output"),
        "{report}"
    );
    // A limit is the bytes allowed: 8 MiB exactly pass.
    let exact = script(
        dir.path(),
        "exact",
        "read n; echo $((n + 1)); head -c 8388606 /dev/zero | tr '\\0' ' '",
    );
    let (failed, report) = check_report(&problem, &exact, None);
    assert_eq!(failed, 0, "{report}");
}
