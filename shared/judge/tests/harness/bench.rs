//! `judge bench` times only whole work: every timed run must print what the
//! first run printed, and each program must print something.

#![cfg(unix)]

use judge::cases::problem::Problem;
use judge::commands::bench::{bench_problem, Settings, Size};
use judge::scratch::tempdir;

use crate::common::{problem_crate, script};

/// Benchmarks a problem `p` whose solution and baseline are these scripts
/// (each run's number, from 1, in `$n`), 3 timed runs each.
fn bench(solution: &str, baseline: &str) -> Result<judge::commands::bench::Row, String> {
    let dir = tempdir().unwrap();
    let root = dir.path();
    problem_crate(root, "p", 1000, &["gen", "baseline"]);
    let bin = root.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let count = |name: &str| {
        format!(
            "n=$(cat {0} 2>/dev/null || echo 0); n=$((n + 1)); echo $n > {0}",
            root.join(name).display()
        )
    };
    script(&bin, "p-gen", "echo 1 2 3");
    script(
        &bin,
        "p",
        &format!("{}\n{solution}", count("solution-runs")),
    );
    script(
        &bin,
        "p-baseline",
        &format!("{}\n{baseline}", count("baseline-runs")),
    );
    let work = root.join("work");
    std::fs::create_dir(&work).unwrap();
    let problem = Problem::load(root, "p").unwrap();
    let settings = Settings {
        runs: 3,
        seed: 1,
        size: Size::Given(1),
    };
    bench_problem(&problem, &bin, &work, &settings, &mut Vec::new())
}

#[test]
fn a_program_that_does_the_same_work_each_run_is_timed() {
    // Other white space is the same output, as judging sees it.
    let row = bench(
        "read a b c; if [ $n -eq 2 ]; then printf '%s\\n' $((a + b + c)); else echo \" $((a + b + c)) \"; fi",
        "cat",
    )
    .unwrap();
    assert_eq!((row.problem.as_str(), row.cases), ("p", 1));
}

#[test]
fn a_timed_run_that_prints_less_fails_the_benchmark() {
    let error = bench("if [ $n -eq 3 ]; then echo 1 2; else echo 1 2 3; fi", "cat").unwrap_err();
    assert!(error.contains("/bin/p: timed run 2 on "), "{error}");
    assert!(
        error.ends_with(
            "/work/p.in printed 2 tokens where its first run printed 3: its runs did not all do the same work"
        ),
        "{error}"
    );
    let error = bench("echo 6", "if [ $n -eq 4 ]; then echo 7; else echo 6; fi").unwrap_err();
    assert!(
        error.contains("/bin/p-baseline: timed run 3 on "),
        "{error}"
    );
    assert!(
        error.ends_with("/work/p.in printed other tokens than its first run: its runs did not all do the same work"),
        "{error}"
    );
}

#[test]
fn a_program_that_prints_nothing_fails_the_benchmark() {
    let error = bench("echo 6", "cat > /dev/null").unwrap_err();
    assert!(
        error.contains("/bin/p-baseline printed nothing on "),
        "{error}"
    );
    let error = bench("echo", "cat").unwrap_err();
    assert!(error.contains("/bin/p printed nothing on "), "{error}");
}
