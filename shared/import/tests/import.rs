//! The importer on packages written for it (`tests/packages/`), a folder and
//! a zip of each, into a scratch workspace; what it makes is judged with the
//! harness as `judge check` judges it.

// Its programs are shell scripts.
#![cfg(unix)]

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use judge::cases::problem::Problem;
use judge::commands::check::{check_workspace_problem, Style};
use judge::scratch::{tempdir, ScratchDir};

fn packages() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/packages")
}

/// A workspace with no problem yet.
fn workspace() -> ScratchDir {
    let dir = tempdir().unwrap();
    fs::create_dir_all(dir.path().join("crates")).unwrap();
    fs::write(
        dir.path().join("Cargo.toml"),
        "[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n",
    )
    .unwrap();
    dir
}

/// `import --root ROOT ARGS`: its exit code, stdout and stderr.
fn import(root: &Path, args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_import"))
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Every file under `dir`, as paths from it with their bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push((relative, fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// A zip of the folder `from`, its files under `prefix`.
fn zip_of(from: &Path, to: &Path, prefix: &str) {
    let mut writer = zip::ZipWriter::new(fs::File::create(to).unwrap());
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (path, bytes) in tree(from) {
        writer
            .start_file(format!("{prefix}{path}"), options)
            .unwrap();
        writer.write_all(&bytes).unwrap();
    }
    writer.finish().unwrap();
}

/// A shell script that runs `body`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// How many cases of the problem `program` fails, and the report.
fn judged(root: &Path, name: &str, program: &Path) -> (usize, String) {
    let problem = Problem::load(root, name).unwrap();
    let mut report = Vec::new();
    let summary = check_workspace_problem(&problem, program, &mut report, Style::Plain).unwrap();
    (summary.failed, String::from_utf8(report).unwrap())
}

#[test]
fn a_float_package_imports_and_nan_agrees_with_nan() {
    let ws = workspace();
    let (code, stdout, stderr) = import(ws.path(), &[packages().join("divide").to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.starts_with("made divide (Divide) from ")
            && stdout.contains(": 4 cases (2 samples), time limit 2000 ms (.timelimit), memory 256 MB, output 1 MB, judged by the default output validator (float_tolerance 1e-6)"),
        "{stdout}"
    );
    let cases: Vec<String> = tree(&ws.path().join("io-tests/divide"))
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    assert_eq!(
        cases,
        [
            "sample-1.in",
            "sample-1.out",
            "sample-2.in",
            "sample-2.out",
            "secret-1-even.in",
            "secret-1-even.out",
            "secret-2-zero.in",
            "secret-2-zero.out",
        ]
    );
    let answer = fs::read(ws.path().join("io-tests/divide/secret-2-zero.out")).unwrap();
    assert_eq!(answer, b"NaN\n", "the .ans byte for byte");
    assert!(
        stdout.contains("\ninputs validated by its input validators (crates/divide/input_validators): validate.py\n")
            && stdout.contains("divide.ctd: an input validator in a language this judge does not run (checktestdata, VIVA), not imported"),
        "{stdout}"
    );
    let manifest = fs::read_to_string(ws.path().join("crates/divide/Cargo.toml")).unwrap();
    for line in [
        "time-limit-ms = 2000",
        "memory-limit-mb = 256",
        "output-limit-mb = 1",
        "validator-flags = \"float_tolerance 1e-6\"",
        "input-validators = \"input_validators\"",
    ] {
        assert!(manifest.lines().any(|l| l == line), "{line}:\n{manifest}");
    }
    // The package's accepted submission, as a script: nan for 0/0.
    let right = script(
        ws.path(),
        "right",
        "read a b; if [ \"$b\" = 0 ]; then echo nan; else awk \"BEGIN { printf \\\"%.9f\\\\n\\\", $a / $b }\"; fi",
    );
    let (failed, report) = judged(ws.path(), "divide", &right);
    assert_eq!(failed, 0, "{report}");
    let rounded = script(
        ws.path(),
        "rounded",
        "read a b; if [ \"$b\" = 0 ]; then echo nan; else awk \"BEGIN { printf \\\"%.2f\\\\n\\\", $a / $b }\"; fi",
    );
    let (failed, report) = judged(ws.path(), "divide", &rounded);
    assert_eq!(failed, 1, "{report}");
    assert!(report.contains("WA   sample-1"), "{report}");
    // Past the package's output limit of 1 MiB: OLE.
    let flood = script(
        ws.path(),
        "flood",
        "echo 0; head -c 2000000 /dev/zero | tr '\\0' ' '",
    );
    let (failed, report) = judged(ws.path(), "divide", &flood);
    assert_eq!(failed, 4, "{report}");
    assert!(
        report.contains("killed after more than 1 MiB of output"),
        "{report}"
    );
    // Every input goes through the package's input validator first.
    assert!(!report.contains("note: no validator"), "{report}");
    fs::write(ws.path().join("io-tests/divide/secret-1-even.in"), "10 0\n").unwrap();
    let (failed, report) = judged(ws.path(), "divide", &right);
    assert_eq!(failed, 1, "{report}");
    assert!(
        report.contains("INVALID secret-1-even")
            && report.contains("input_validators/validate.py: b = 0 needs a = 0"),
        "{report}"
    );
}

#[test]
fn a_scoring_package_imports_from_a_zip_its_groups_kept_in_the_names() {
    let ws = workspace();
    let scratch = tempdir().unwrap();
    // As the format has it (the folder in the archive) and as DOMjudge
    // exports it (problem.yaml at the top).
    for (archive, prefix, name) in [("sum.zip", "sum/", "sum"), ("Sum-2023.kpp", "", "sum-2023")] {
        let zip = scratch.path().join(archive);
        zip_of(&packages().join("subtasks"), &zip, prefix);
        let (code, stdout, stderr) = import(ws.path(), &[zip.to_str().unwrap()]);
        assert_eq!(code, 0, "{stdout}{stderr}");
        assert!(
            stdout.starts_with(&format!("made {name} (Sum) from "))
                && stdout.contains(": 4 cases (1 sample), time limit 2500 ms (problem.yaml), memory 512 MB, output 8 MB, judged by the default output validator\n"),
            "{stdout}"
        );
        assert!(stdout.contains("note: a scoring problem"), "{stdout}");
        let cases: Vec<String> = tree(&ws.path().join("io-tests").join(name))
            .into_iter()
            .map(|(path, _)| path)
            .filter(|path| path.ends_with(".in"))
            .collect();
        assert_eq!(
            cases,
            [
                "sample-1.in",
                "secret-group1-01.in",
                "secret-group1-02.in",
                "secret-group2-01.in"
            ]
        );
        let manifest =
            fs::read_to_string(ws.path().join("crates").join(name).join("Cargo.toml")).unwrap();
        assert!(manifest.contains("\ncompare = \"kattis\"\n"), "{manifest}");
    }
    // A 32-bit sum, as the package's partially accepted submission has it.
    let wraps = script(
        ws.path(),
        "wraps",
        "read n; read line; echo \"$line\" | awk '{ s = 0; for (i = 1; i <= NF; i++) s += $i; printf \"%.0f\\n\", s % 4294967296 }'",
    );
    let (failed, report) = judged(ws.path(), "sum", &wraps);
    assert_eq!(failed, 1, "{report}");
    assert!(report.contains("WA   secret-group2-01"), "{report}");
}

#[test]
fn each_test_data_group_is_judged_with_its_own_flags() {
    let ws = workspace();
    let mean = packages().join("mean");
    let (code, stdout, stderr) = import(ws.path(), &[mean.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("3 groups with flags of their own (from data/sample/test_group.yaml, data/secret/large/test_group.yaml, data/secret/small/test_group.yaml)"),
        "{stdout}"
    );
    let manifest = fs::read_to_string(ws.path().join("crates/mean/Cargo.toml")).unwrap();
    assert!(
        manifest.contains("\n# The settings of the package's data/secret/large.\n[[package.metadata.judge.group]]\ncases = \"secret-large\"\nvalidator-flags = \"float_relative_tolerance 1e-3\"\ninput-validator-flags = \"--max-n 1000\"\n"),
        "{manifest}"
    );
    let problem = Problem::load(ws.path(), "mean").unwrap();
    assert_eq!(problem.groups.len(), 3);
    // Four significant digits are within the large cases' relative 1e-3
    // alone: a program that prints them there and nine decimals elsewhere
    // passes; printed everywhere, the small cases are WA.
    let program = |name: &str, large: &str, small: &str| {
        script(
            ws.path(),
            name,
            &format!(
                "read n; read line; echo \"$line\" | awk -v n=\"$n\" '{{ s = 0; for (i = 1; i <= NF; i++) s += $i; if (n > 10) printf \"{large}\\n\", s / n; else printf \"{small}\\n\", s / n }}'"
            ),
        )
    };
    let (failed, report) = judged(ws.path(), "mean", &program("by-group", "%.4g", "%.9f"));
    assert_eq!(failed, 0, "{report}");
    assert!(
        report.contains("3 groups with flags of their own"),
        "{report}"
    );
    let (failed, report) = judged(ws.path(), "mean", &program("coarse", "%.4g", "%.4g"));
    assert_eq!(failed, 1, "{report}");
    assert!(report.contains("WA   secret-small-01"), "{report}");
    // The large cases' bound on n is theirs alone: a large input among the
    // small cases is invalid.
    let io_tests = ws.path().join("io-tests/mean");
    fs::copy(
        io_tests.join("secret-large-01.in"),
        io_tests.join("secret-small-03.in"),
    )
    .unwrap();
    fs::copy(
        io_tests.join("secret-large-01.out"),
        io_tests.join("secret-small-03.out"),
    )
    .unwrap();
    let (failed, report) = judged(ws.path(), "mean", &program("by-group", "%.4g", "%.9f"));
    assert_eq!(failed, 1, "{report}");
    assert!(
        report.contains("INVALID secret-small-03\n     the validator rejects this input:\n       input_validators/validate.py: n = 200, not from 1 to 10\n"),
        "{report}"
    );
    let (as_expected, all, report) = verified(ws.path(), "mean");
    assert_eq!((as_expected, all), (4, 4), "{report}");
    assert!(
        report.contains("TLE  brute_force/sleepy.py: as expected (TLE on secret-large-01, which settles it: 2 of 6 cases judged"),
        "{report}"
    );
    assert!(
        report
            .contains("WA   wrong_answer/four_digits.py: as expected (WA on secret-small-01, which settles it: 4 of 6 cases judged"),
        "{report}"
    );
}

#[test]
fn a_package_with_its_own_validator_in_cpp_is_judged_by_it() {
    let ws = workspace();
    let pairs = packages().join("pairs");
    let (code, stdout, stderr) = import(ws.path(), &[pairs.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains(": 3 cases (2 samples), time limit 2000 ms (problem.yaml), memory 2048 MB, output 8 MB, judged by its own output validator (crates/pairs/output_validator)"),
        "{stdout}"
    );
    let copied = tree(&ws.path().join("crates/pairs/output_validator"));
    let names: Vec<&str> = copied.iter().map(|(path, _)| path.as_str()).collect();
    assert_eq!(names, ["validate.cc", "validate.h"]);
    let manifest = fs::read_to_string(ws.path().join("crates/pairs/Cargo.toml")).unwrap();
    assert!(
        manifest.contains("\noutput-validator = \"output_validator\"\n"),
        "{manifest}"
    );
    // The last pair that adds up, where the .ans has the first (sample 1:
    // 1 4 2 3 to 5 is 1 2 in the .ans, 3 4 here): the validator decides.
    let last_pair = script(
        ws.path(),
        "last",
        "read n t; read line; echo \"$line\" | awk -v t=\"$t\" '{ for (i = 1; i <= NF; i++) for (j = i + 1; j <= NF; j++) if ($i + $j == t) { a = i; b = j } } END { if (a) print a, b; else print -1 }'",
    );
    let (failed, report) = judged(ws.path(), "pairs", &last_pair);
    assert_eq!(failed, 0, "{report}");
    assert!(
        report.contains(", compared by output validator "),
        "{report}"
    );
    let first = script(ws.path(), "first", "echo 1 2");
    let (failed, report) = judged(ws.path(), "pairs", &first);
    assert_eq!(failed, 1, "{report}");
    assert!(
        report.contains("WA   sample-2")
            && report.contains("there is no such pair, yet a pair was printed"),
        "{report}"
    );
    // Built into the folder of the binary judged, once.
    assert!(ws.path().join("pairs-output-validator").is_file());
}

#[test]
fn a_package_with_its_own_validator_in_python_is_judged_by_it() {
    let ws = workspace();
    let yesno = packages().join("yesno");
    let (code, stdout, stderr) = import(ws.path(), &[yesno.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.starts_with("made yesno (Even) from "), "{stdout}");
    let shouting = script(
        ws.path(),
        "shouting",
        "read n; [ $((n % 2)) = 0 ] && echo YES || echo NO",
    );
    let (failed, report) = judged(ws.path(), "yesno", &shouting);
    assert_eq!(failed, 0, "{report}");
    let wrong = script(ws.path(), "wrong", "echo maybe");
    let (failed, report) = judged(ws.path(), "yesno", &wrong);
    assert_eq!(failed, 2, "{report}");
    assert!(report.contains("expected yes, got 'maybe'"), "{report}");
}

#[test]
fn an_interactive_package_is_judged_by_its_validator_talking_to_the_program() {
    let ws = workspace();
    let guess = packages().join("guess");
    let (code, stdout, stderr) = import(ws.path(), &[guess.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains(": 3 cases (0 samples), time limit 2000 ms")
            && stdout.contains("note: interactive: main.rs must read each answer as it comes")
            && stdout.contains(
                "1.interaction: an interactive sample's exchange, for the statement, not imported"
            ),
        "{stdout}"
    );
    let manifest = fs::read_to_string(ws.path().join("crates/guess/Cargo.toml")).unwrap();
    assert!(manifest.contains("\ninteractive = true\n"), "{manifest}");
    let halves = script(
        ws.path(),
        "halves",
        "low=1; high=1000; while :; do g=$(( (low + high) / 2 )); echo $g; read a; case $a in correct) exit 0 ;; lower) high=$((g - 1)) ;; *) low=$((g + 1)) ;; esac; done",
    );
    let (failed, report) = judged(ws.path(), "guess", &halves);
    assert_eq!(failed, 0, "{report}");
    let count_up = script(
        ws.path(),
        "count-up",
        "g=1; while :; do echo $g; read a; [ \"$a\" = correct ] && exit 0; g=$((g + 1)); done",
    );
    let (failed, report) = judged(ws.path(), "guess", &count_up);
    assert_eq!(failed, 2, "{report}");
    assert!(
        report.contains("WA   secret-1")
            && report.contains("the output validator says: 10 guesses, none right"),
        "{report}"
    );
    // Gone before its first guess: the validator rejects after it ended,
    // and the program's own failure is the verdict.
    let crash = script(ws.path(), "crash", "exit 3");
    let (failed, report) = judged(ws.path(), "guess", &crash);
    assert_eq!(failed, 3, "{report}");
    assert!(report.contains("RE   secret-1"), "{report}");
    let (as_expected, all, report) = verified(ws.path(), "guess");
    assert_eq!((as_expected, all), (4, 4), "{report}");
    assert!(
        report.contains("TLE  time_limit_exceeded/silent.py: as expected"),
        "{report}"
    );
}

/// An interactive package whose C++ validator speaks first and leaves
/// SIGPIPE at its default: the submissions that stop reading get DOMjudge's
/// verdicts (one that exits is WA, one that spins is TLE), not the
/// validator's failure; a validator that really fails is still ERR.
#[test]
fn a_program_that_stops_reading_is_judged_as_domjudge_judges_it() {
    let ws = workspace();
    let ask = packages().join("ask");
    let (code, stdout, stderr) = import(ws.path(), &[ask.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (as_expected, all, report) = verified(ws.path(), "ask");
    assert_eq!((as_expected, all), (4, 4), "{report}");
    for line in [
        "AC   accepted/sums.py: as expected (2 of 2 cases AC)",
        "WA   wrong_answer/exits.py: as expected (WA on secret-1, which settles it: 1 of 2 cases judged, 0 AC)",
        "TLE  time_limit_exceeded/spins.py: as expected (TLE on secret-1, which settles it: 1 of 2 cases judged, 0 AC)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    let exits = script(ws.path(), "exits", "exit 0");
    let (failed, report) = judged(ws.path(), "ask", &exits);
    assert_eq!(failed, 2, "{report}");
    assert!(
        report.contains("the output validator says: no answer to query 1: the program ended"),
        "{report}"
    );
    // An input the validator cannot read: it exits 1, its own failure.
    fs::write(ws.path().join("io-tests/ask/unreadable.in"), "twenty\n").unwrap();
    fs::write(ws.path().join("io-tests/ask/unreadable.out"), "").unwrap();
    let (_, report) = judged(ws.path(), "ask", &exits);
    assert!(
        report.contains("unreadable: the output validator failed: exit status 1 (an output validator exits 42 or 43)"),
        "{report}"
    );
}

/// `judge verify` of the problem `name`: the submissions as expected, all
/// of them, and the report.
fn verified(root: &Path, name: &str) -> (usize, usize, String) {
    verified_with(root, name, false)
}

/// [`verified`], every case judged with `all_cases` (`--all-cases`).
fn verified_with(root: &Path, name: &str, all_cases: bool) -> (usize, usize, String) {
    let problem = Problem::load(root, name).unwrap();
    let mut report = Vec::new();
    let (as_expected, all) =
        judge::commands::verify::verify(&problem, &root.join("bin"), all_cases, false, &mut report)
            .unwrap();
    (as_expected, all, String::from_utf8(report).unwrap())
}

#[test]
fn verify_judges_every_example_submission_against_its_folder_or_tag() {
    let ws = workspace();
    let divide = packages().join("divide");
    // The package's 2 s: Python's start on a loaded machine takes a good part
    // of a shorter limit.
    let (code, stdout, stderr) = import(ws.path(), &[divide.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("its example submissions are in crates/divide/submissions: scripts/verify.sh divide judges them"),
        "{stdout}"
    );
    let (as_expected, all, report) = verified(ws.path(), "divide");
    // Java where this machine has it; skipped by name where it has not.
    let java = judge::commands::verify::java_here();
    assert_eq!(
        (as_expected, all),
        if java { (10, 10) } else { (7, 7) },
        "{report}"
    );
    for line in [
        if java {
            // A folder whose class holding main is not named as a file.
            "AC   accepted/in_main: as expected (4 of 4 cases AC)"
        } else {
            "skipped accepted/in_main: Java, which this machine cannot run (no javac and java on PATH)"
        },
        "AC   accepted/divide.cc: as expected (4 of 4 cases AC)",
        "AC   accepted/divide.py: as expected (4 of 4 cases AC)",
        "AC   accepted/divide.rs: as expected (4 of 4 cases AC)",
        if java {
            "AC   accepted/Divide.java: as expected (4 of 4 cases AC)"
        } else {
            "skipped accepted/Divide.java: Java, which this machine cannot run (no javac and java on PATH)"
        },
        if java {
            // One file whose class holding main is not named as the file.
            "AC   accepted/Ratio.java: as expected (4 of 4 cases AC)"
        } else {
            "skipped accepted/Ratio.java: Java, which this machine cannot run (no javac and java on PATH)"
        },
        // Judged up to the case that settles the result, as DOMjudge's
        // lazy evaluation and problemtools' on_reject: break stop.
        "RE   run_time_error/crash.py: as expected (RE on sample-2, which settles it: 2 of 4 cases judged, 1 AC)",
        "TLE  time_limit_exceeded/spin.c: as expected (TLE on sample-2, which settles it: 2 of 4 cases judged, 1 AC)",
        "WA   wrong_answer/rounded.py: as expected (WA on sample-1, which settles it: 1 of 4 cases judged, 0 AC)",
        "WA   wrong_answer/tagged.py: as expected (WA on sample-1, which settles it: 1 of 4 cases judged, 0 AC)",
        "skipped accepted/divide.kt: not C, C++, Python 3, Rust or Java",
    ] {
        assert!(report.lines().any(|l| l == line), "{line}:\n{report}");
    }
    // --all-cases: every case, the result the worst verdict of them all.
    let (as_expected, _, report) = verified_with(ws.path(), "divide", true);
    assert_eq!(as_expected, if java { 10 } else { 7 }, "{report}");
    for line in [
        "AC   accepted/divide.py: as expected (4 of 4 cases AC)",
        "RE   run_time_error/crash.py: as expected (RE first on sample-2, 2 of 4 cases AC)",
        "TLE  time_limit_exceeded/spin.c: as expected (TLE first on sample-2, 2 of 4 cases AC)",
        "WA   wrong_answer/rounded.py: as expected (WA first on sample-1, 3 of 4 cases AC)",
        "RE   wrong_answer/tagged.py: as expected (RE first on sample-2, 0 of 4 cases AC)",
    ] {
        assert!(report.lines().any(|l| l == line), "{line}:\n{report}");
    }
    // A submission in the wrong folder is reported, and counted.
    let submissions = ws.path().join("crates/divide/submissions");
    fs::copy(
        submissions.join("wrong_answer/rounded.py"),
        submissions.join("accepted/rounded.py"),
    )
    .unwrap();
    let (as_expected, all, report) = verified(ws.path(), "divide");
    assert_eq!(
        (as_expected, all),
        if java { (10, 11) } else { (7, 8) },
        "{report}"
    );
    assert!(
        report.contains("WA   accepted/rounded.py: NOT as expected, which is AC (WA on sample-1, which settles it: 1 of 4 cases judged, 0 AC)"),
        "{report}"
    );
    // Without cases, nothing is judged: an error, never a pass.
    let io_tests = ws.path().join("io-tests/divide");
    for entry in fs::read_dir(&io_tests).unwrap() {
        fs::remove_file(entry.unwrap().path()).unwrap();
    }
    let (as_expected, all, report) = verified(ws.path(), "divide");
    assert_eq!(
        (as_expected, all),
        (0, if java { 11 } else { 8 }),
        "{report}"
    );
    assert!(
        report
            .lines()
            .any(|line| line.starts_with("ERR  accepted/divide.py: NOT as expected, which is AC")),
        "{report}"
    );
}

#[test]
fn verify_proves_a_scoring_package_and_one_with_its_own_validator() {
    let ws = workspace();
    for package in ["subtasks", "pairs"] {
        let path = packages().join(package);
        let (code, stdout, stderr) = import(ws.path(), &[path.to_str().unwrap()]);
        assert_eq!(code, 0, "{stdout}{stderr}");
        if package == "subtasks" {
            assert!(stdout.contains("on_reject: data continue, secret-group1 break, secret-group2 break: after a rejected case, verify goes on as these groups say (on-reject)\n"), "{stdout}");
        }
    }
    // Each group's on_reject, in the manifest as the judge reads it.
    let manifest = fs::read_to_string(ws.path().join("crates/subtasks/Cargo.toml")).unwrap();
    for table in [
        "\non-reject = \"continue\"\n",
        "# The settings of the package's data/secret/group1.\n[[package.metadata.judge.group]]\ncases = \"secret-group1\"\non-reject = \"break\"\n",
        "# The settings of the package's data/secret/group2.\n[[package.metadata.judge.group]]\ncases = \"secret-group2\"\non-reject = \"break\"\n",
    ] {
        assert!(manifest.contains(table), "{table}{manifest}");
    }
    let (as_expected, all, report) = verified(ws.path(), "subtasks");
    assert_eq!((as_expected, all), (3, 3), "{report}");
    assert!(
        report.contains("WA   partially_accepted/sum32.c: as expected (WA first on secret-group2-01, 3 of 4 cases AC)"),
        "{report}"
    );
    // Group 1 breaks at its WA (its crash on 02 never runs), and data/
    // goes on with group 2: WA, where judging every case gives RE.
    assert!(
        report.contains("WA   wrong_answer/small_pairs.py: as expected (WA first on secret-group1-01: 3 of 4 cases judged (a group's rest skipped where it breaks), 2 AC)"),
        "{report}"
    );
    let (_, _, all_cases) = verified_with(ws.path(), "subtasks", true);
    assert!(
        all_cases.contains("RE   wrong_answer/small_pairs.py: NOT as expected, which is WA"),
        "{all_cases}"
    );
    let (as_expected, all, report) = verified(ws.path(), "pairs");
    assert_eq!((as_expected, all), (2, 2), "{report}");
}

/// Issue 67: a multi-pass package is judged in passes, as its validator
/// asks for them, where it was judged in one and a wrong answer accepted.
#[test]
fn a_multi_pass_package_runs_the_program_again_as_its_validator_asks() {
    let ws = workspace();
    let relay = packages().join("relay");
    let (code, stdout, stderr) = import(ws.path(), &[relay.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    // Every key it does not act on is named.
    for note in [
        "note: problem.yaml: source (where it is from) changes no verdict here: passed over\n",
        "note: problem.yaml: license (its licence) changes no verdict here: passed over\n",
    ] {
        assert!(stdout.contains(note), "{note}{stdout}");
    }
    assert!(
        stdout.contains(
            "multi-pass: its output validator may ask for up to 3 passes (validation-passes = 3)"
        ),
        "{stdout}"
    );
    let manifest = fs::read_to_string(ws.path().join("crates/relay/Cargo.toml")).unwrap();
    assert!(manifest.contains("\nvalidation-passes = 3\n"), "{manifest}");
    // submissions.json names the folder submission's entry point.
    assert!(
        manifest.contains("[[package.metadata.judge.entry-point]]\npath = \"submissions/accepted/folder\"\nentry-point = \"solve.py\"\n"),
        "{manifest}"
    );
    let (as_expected, all, report) = verified(ws.path(), "relay");
    assert_eq!((as_expected, all), (3, 3), "{report}");
    assert!(
        report.contains("AC   accepted/folder: as expected (3 of 3 cases AC)"),
        "{report}"
    );
    assert!(
        report.contains("WA   wrong_answer/first_pass_only.py: as expected (WA on sample-1, which settles it: 1 of 3 cases judged, 0 AC)"),
        "{report}"
    );
    // The case's report says which pass decided.
    let plus_one = script(ws.path(), "plus-one", "read k v; echo $((v + 1))");
    let (failed, report) = judged(ws.path(), "relay", &plus_one);
    assert_eq!(failed, 0, "{report}");
    assert!(
        report.contains("multi-pass: at most 3 passes") && report.contains("(pass 3 of at most 3)"),
        "{report}"
    );
    let first_only = script(
        ws.path(),
        "first-only",
        "read k v; [ $k -ge 2 ] && echo $((v + 1)) || echo $v",
    );
    let (failed, report) = judged(ws.path(), "relay", &first_only);
    assert_eq!(failed, 3, "{report}");
    assert!(
        report.contains("WA   secret-1 ")
            && report.contains(
                "expected 8 on the pass with 1 left, got '7'\n     (pass 3 of at most 3)"
            ),
        "{report}"
    );
    // A validator that asks for more passes than the problem allows has
    // failed, never the program.
    let path = ws.path().join("crates/relay/Cargo.toml");
    fs::write(
        &path,
        manifest.replace("validation-passes = 3", "validation-passes = 2"),
    )
    .unwrap();
    let (failed, report) = judged(ws.path(), "relay", &plus_one);
    assert_eq!(failed, 1, "{report}");
    assert!(
        report.contains("FAIL secret-1") && report.contains("it wrote nextpass.in after pass 2, the last the problem allows (validation-passes = 2): a judge error, as the format has it"),
        "{report}"
    );
}

#[test]
fn an_interactive_multi_pass_package_talks_to_the_program_on_every_pass() {
    let ws = workspace();
    let talk = packages().join("talk");
    let (code, stdout, stderr) = import(ws.path(), &[talk.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("(validation-passes = 4)"), "{stdout}");
    assert!(
        stdout.contains(
            "note: submissions/submissions.yaml: accepted/named: authors changes no verdict here"
        ),
        "{stdout}"
    );
    // A folder's __main__.py, the entry point submissions.yaml names, and
    // its permitted and required verdicts.
    let (as_expected, all, report) = verified(ws.path(), "talk");
    assert_eq!((as_expected, all), (4, 4), "{report}");
    for line in [
        "WA   submissions/wrong_answer/slows_down.py: as expected (WA first on secret-1, 1 of 2 cases AC)",
        "AC   accepted/named: as expected (2 of 2 cases AC)",
        "AC   accepted/package: as expected (2 of 2 cases AC)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    assert!(!report.contains("skipped"), "{report}");
    let plus_one = script(ws.path(), "plus-one", "read v; echo $((v + 1))");
    let (failed, report) = judged(ws.path(), "talk", &plus_one);
    assert_eq!(failed, 0, "{report}");
    assert!(report.contains("(pass 4 of at most 4)"), "{report}");
    let slows = script(
        ws.path(),
        "slows",
        "read v; [ $v -lt 12 ] && echo $((v + 1)) || echo $v",
    );
    let (failed, report) = judged(ws.path(), "talk", &slows);
    assert_eq!(failed, 1, "{report}");
    assert!(
        report.contains("expected 13 with 2 passes left, got '12'")
            && report.contains("(pass 3 of at most 4)"),
        "{report}"
    );
}

#[test]
fn an_import_that_cannot_be_made_writes_nothing() {
    let ws = workspace();
    let divide = packages().join("divide");
    let divide = divide.to_str().unwrap();
    assert_eq!(import(ws.path(), &[divide]).0, 0);
    let before = tree(ws.path());
    let scratch = tempdir().unwrap();
    let broken = scratch.path().join("broken");
    fs::create_dir_all(broken.join("data/secret")).unwrap();
    fs::write(broken.join("problem.yaml"), "name: Broken\n").unwrap();
    fs::write(broken.join("data/secret/1.in"), "1\n").unwrap();
    let custom = scratch.path().join("custom");
    fs::create_dir_all(custom.join("output_validators/check")).unwrap();
    fs::write(custom.join("problem.yaml"), "validation: custom\n").unwrap();
    fs::write(custom.join("output_validators/check/check.kt"), "").unwrap();
    let interactive = scratch.path().join("interactive");
    fs::create_dir_all(interactive.join("data/secret")).unwrap();
    fs::write(interactive.join("problem.yaml"), "type: interactive\n").unwrap();
    // A header linked from outside the package, where it is not.
    let linked = scratch.path().join("linked");
    fs::create_dir_all(linked.join("data/sample")).unwrap();
    fs::create_dir_all(linked.join("input_validators/check")).unwrap();
    fs::write(linked.join("problem.yaml"), "name: Linked\n").unwrap();
    fs::write(linked.join("data/sample/1.in"), "1\n").unwrap();
    fs::write(linked.join("data/sample/1.ans"), "1\n").unwrap();
    fs::write(linked.join("input_validators/check/check.cpp"), "").unwrap();
    std::os::unix::fs::symlink(
        "../../../tools/validation.h",
        linked.join("input_validators/check/validation.h"),
    )
    .unwrap();
    // Keys that would change verdicts, which this judge does not act on.
    let unknown_type = changed_package("divide", |root| {
        let path = root.join("problem.yaml");
        let text = fs::read_to_string(&path).unwrap();
        fs::write(&path, format!("{text}type: submit-answer\n")).unwrap();
    });
    let always_accept = changed_package("divide", |root| {
        fs::write(
            root.join("data/testdata.yaml"),
            "grader_flags: always_accept\n",
        )
        .unwrap();
    });
    // A group that continues takes its first error, which this judge does
    // not give; an on_reject of problem.yaml's grading it does not know.
    let first_error = changed_package("subtasks", |root| {
        fs::write(
            root.join("data/secret/testdata.yaml"),
            "grader_flags: first_error\n",
        )
        .unwrap();
    });
    let grading = changed_package("divide", |root| {
        let path = root.join("problem.yaml");
        let text = fs::read_to_string(&path).unwrap();
        fs::write(&path, format!("{text}grading:\n  on_reject: all\n")).unwrap();
    });
    let not_zip = scratch.path().join("not.zip");
    fs::write(&not_zip, "not a zip").unwrap();
    for (args, message) in [
        (
            vec![divide],
            "divide is in the workspace already: nothing imported",
        ),
        (
            vec![divide, "--name", "Divide"],
            "a problem's name is lowercase letters",
        ),
        (vec![broken.to_str().unwrap()], "1.in has no 1.ans"),
        (
            vec![custom.to_str().unwrap()],
            "no C, C++, Python, Rust or Java source",
        ),
        (
            vec![interactive.to_str().unwrap()],
            "validation is custom, but there is no program in output_validators/ or output_validator/",
        ),
        (vec![not_zip.to_str().unwrap()], "not.zip: "),
        (
            vec![unknown_type.path().to_str().unwrap(), "--name", "other"],
            "problem.yaml: type submit-answer, which this judge does not judge",
        ),
        (
            vec![always_accept.path().to_str().unwrap(), "--name", "other"],
            "data/testdata.yaml: grader_flags always_accept, which changes a group's verdict and this judge does not apply: nothing imported",
        ),
        (
            vec![first_error.path().to_str().unwrap(), "--name", "other"],
            "data/secret/testdata.yaml: grader_flags first_error, with a group that says on_reject: continue: that group's verdict would be its first error, and this judge gives the worst (worst_error): nothing imported",
        ),
        (
            vec![grading.path().to_str().unwrap(), "--name", "other"],
            "problem.yaml: grading: on_reject String(\"all\"): first_error, worst_error or grade",
        ),
        (
            vec![linked.to_str().unwrap()],
            "linked: the package could not be copied in (",
        ),
        (
            vec![linked.to_str().unwrap()],
            "input_validators/check/validation.h: No such file or directory",
        ),
        (
            vec!["--cases", divide, "nonexistent"],
            "nonexistent: not a problem of this workspace",
        ),
    ] {
        let (code, stdout, stderr) = import(ws.path(), &args);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(
            stderr.starts_with("import: ") && stderr.contains(message),
            "{args:?}: {stderr}"
        );
        assert_eq!(tree(ws.path()), before, "{args:?} wrote something");
    }
}

/// Issue 66: the workspace's `templates/main.rs` makes an imported
/// problem's `main.rs`, its placeholders filled; once it is removed, the
/// compiled-in one again.
#[test]
fn the_workspaces_template_makes_an_imported_main_rs() {
    let ws = workspace();
    let templates = ws.path().join("templates");
    fs::create_dir(&templates).unwrap();
    fs::write(
        templates.join("main.rs"),
        "// @NAME@: @TIME_LIMIT_MS@ ms, @MEMORY_LIMIT_MB@ MB\nfn main() {}\n",
    )
    .unwrap();
    let divide = packages().join("divide");
    let (code, stdout, stderr) = import(ws.path(), &[divide.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let manifest = fs::read_to_string(ws.path().join("crates/divide/Cargo.toml")).unwrap();
    let number = |key: &str| {
        (manifest.lines())
            .find_map(|line| line.strip_prefix(key))
            .unwrap_or_else(|| panic!("{key} in {manifest}"))
            .to_string()
    };
    let main = fs::read_to_string(ws.path().join("crates/divide/src/main.rs")).unwrap();
    assert_eq!(
        main,
        format!(
            "// divide: {} ms, {} MB\nfn main() {{}}\n",
            number("time-limit-ms = "),
            number("memory-limit-mb = ")
        )
    );
    assert!(
        manifest.contains("\ntemplate = \"templates/main.rs\"\n"),
        "{manifest}"
    );
    fs::remove_file(templates.join("main.rs")).unwrap();
    let (code, stdout, stderr) = import(ws.path(), &[divide.to_str().unwrap(), "--name", "again"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let main = fs::read_to_string(ws.path().join("crates/again/src/main.rs")).unwrap();
    assert!(main.contains("todo!(\"again: write the solution"), "{main}");
}

#[test]
fn atcoder_test_data_is_added_to_a_problem_names_kept() {
    let ws = workspace();
    let divide = packages().join("divide");
    assert_eq!(import(ws.path(), &[divide.to_str().unwrap()]).0, 0);
    let data = tempdir().unwrap();
    for (name, input, answer) in [
        ("00_sample_00", "6 3\n", "2\n"),
        ("01_big_01", "9 3\n", "3\n"),
    ] {
        for (folder, text) in [("in", input), ("out", answer)] {
            fs::create_dir_all(data.path().join(folder)).unwrap();
            fs::write(data.path().join(folder).join(format!("{name}.txt")), text).unwrap();
        }
    }
    let folder = data.path().to_str().unwrap();
    let (code, stdout, stderr) = import(ws.path(), &["--cases", folder, "divide"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(
        stdout,
        "added 2 cases to io-tests/divide: 00_sample_00 ... 01_big_01; scripts/check.sh divide judges them\n"
    );
    assert_eq!(
        fs::read(ws.path().join("io-tests/divide/01_big_01.out")).unwrap(),
        b"3\n"
    );
    // Again: every file is there, so nothing is.
    let before = tree(ws.path());
    let (code, _, stderr) = import(ws.path(), &["--cases", folder, "divide"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("nothing is overwritten"), "{stderr}");
    assert_eq!(tree(ws.path()), before);
}

/// The Library Checker repository in miniature written for these tests.
fn library_checker() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/library-checker")
}

/// Every file under `dir` but its build folder `target/`.
fn tree_but_builds(dir: &Path) -> Vec<(String, Vec<u8>)> {
    tree(dir)
        .into_iter()
        .filter(|(path, _)| !path.starts_with("target/"))
        .collect()
}

/// A Library Checker problem, named in its repository: its tests generated
/// here, each as its hash.json has it; its checker, which accepts any right
/// pair, and its verifier judge; every solution of its info.toml gets what it
/// must; a second generation makes nothing.
#[test]
fn a_library_checker_problem_is_generated_checked_and_verified() {
    let ws = workspace();
    let repository = library_checker();
    let (code, stdout, stderr) = import(ws.path(), &[repository.to_str().unwrap(), "pairsum"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    for line in [
        "made pairsum (Pair Sum) from ",
        ": 10 cases, time limit 2000 ms (info.toml), memory 1024 MB, judged by its testlib checker (library-checker/checker.cpp), inputs validated by its verifier\n",
        "generated 10 cases (4.0 MB) into io-tests/pairsum/, each as hash.json has it; git ignores them (io-tests/pairsum/.gitignore): `scripts/import.sh --generate pairsum` makes them again\n",
    ] {
        assert!(stdout.contains(line), "{line}\n{stdout}");
    }
    let io_tests = ws.path().join("io-tests/pairsum");
    let ignored = fs::read_to_string(io_tests.join(".gitignore")).unwrap();
    assert!(
        ignored.contains("\n/max_none_00.in\n/max_none_00.out\n"),
        "{ignored}"
    );
    // Every solution as info.toml says, correct.cpp and the function too.
    let (as_expected, all, report) = verified(ws.path(), "pairsum");
    assert_eq!((as_expected, all), (5, 5), "{report}");
    for line in [
        "AC   library-checker/sol/correct.cpp: as expected (10 of 10 cases AC)",
        "TLE  library-checker/sol/naive.cpp: as expected (TLE on max_none_00, which settles it: 3 of 10 cases judged, 2 AC)",
        "WA   library-checker/sol/first_two.cpp: as expected (WA on example_01, which settles it: 2 of 10 cases judged, 1 AC)",
        "RE   library-checker/sol/crash.cpp: as expected (RE on example_00, which settles it: 1 of 10 cases judged, 0 AC)",
        "AC   library-checker/function/function: as expected (10 of 10 cases AC)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    // Another right pair than correct.cpp's: the checker accepts it.
    let last_pairs = script(
        ws.path(),
        "last-pairs",
        "exec python3 -c 'import sys
n, t = map(int, input().split()); a = list(map(int, input().split()))
last = {v: j for j, v in enumerate(a)}
print(next((f\"{i + 1} {last[t - v] + 1}\" for i, v in enumerate(a) if last.get(t - v, -1) > i), -1))'",
    );
    let (failed, report) = judged(ws.path(), "pairsum", &last_pairs);
    assert_eq!(failed, 0, "{report}");
    assert!(
        report.starts_with(
            "pairsum (10 cases, time limit 2000 ms, memory and stack 1024 MB, compared by checker "
        ),
        "{report}"
    );
    let stored = fs::read_to_string(io_tests.join("example_00.out")).unwrap();
    assert_eq!(
        stored, "1 2\n",
        "correct.cpp's pair, which last-pairs does not print"
    );
    // An input the verifier refuses is INVALID.
    let (failed, report) = {
        fs::write(io_tests.join("mine.in"), "1 2\n3\n").unwrap();
        fs::write(io_tests.join("mine.out"), "-1\n").unwrap();
        judged(ws.path(), "pairsum", &last_pairs)
    };
    assert_eq!(failed, 1, "{report}");
    assert!(report.contains("INVALID mine"), "{report}");
    for file in ["mine.in", "mine.out"] {
        fs::remove_file(io_tests.join(file)).unwrap();
    }
    // Made already: nothing is.
    let (code, stdout, stderr) = import(ws.path(), &["--generate", "pairsum"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(
        stdout,
        "the 10 generated cases of pairsum (4.0 MB) are up to date: nothing generated\n"
    );
}

/// A clone has no generated tests: the judge says how to make them, and
/// `--generate` makes them; a file of the user's where a test goes is never
/// overwritten.
#[test]
fn generated_tests_are_made_again_and_a_users_file_is_left_alone() {
    let ws = workspace();
    let repository = library_checker();
    assert_eq!(
        import(ws.path(), &[repository.to_str().unwrap(), "pairsum"]).0,
        0
    );
    let io_tests = ws.path().join("io-tests/pairsum");
    let correct = script(ws.path(), "correct", "exit 3");
    for gone in [".generated", "random_03.out"] {
        fs::remove_file(io_tests.join(gone)).unwrap();
        let (failed, report) = judged(ws.path(), "pairsum", &correct);
        assert_eq!(failed, 1, "{report}");
        assert!(
            report.contains("`scripts/import.sh --generate pairsum` makes them again"),
            "{report}"
        );
        let (code, stdout, stderr) = import(ws.path(), &["--generate", "pairsum"]);
        assert_eq!(code, 0, "{stdout}{stderr}");
        assert!(
            stdout.starts_with("generated 10 cases (4.0 MB) into io-tests/pairsum/"),
            "{stdout}"
        );
    }
    // A test changed since it was made is made again.
    fs::write(io_tests.join("random_04.in"), "2 3\n1 2\n").unwrap();
    let (code, stdout, _) = import(ws.path(), &["--generate", "pairsum"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("generated 10 cases"), "{stdout}");
    assert_ne!(
        fs::read(io_tests.join("random_04.in")).unwrap(),
        b"2 3\n1 2\n"
    );
    // Where no generation made it, it is the user's.
    fs::remove_file(io_tests.join(".generated")).unwrap();
    fs::write(io_tests.join("random_04.in"), "2 3\n1 2\n").unwrap();
    let before = tree_but_builds(ws.path());
    let (code, _, stderr) = import(ws.path(), &["--generate", "pairsum"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("random_04.in is there and is not the generated case: move it away first"),
        "{stderr}"
    );
    assert_eq!(tree_but_builds(ws.path()), before);
}

/// Generated tests kept in a cache (`--cache DIR`, as a CI job restores
/// one): the next import on another workspace takes them from it and
/// generates nothing; a cached file not as hash.json has it is never used.
#[test]
fn generated_tests_are_cached_and_a_cache_unlike_hash_json_is_not_used() {
    let cache = tempdir().unwrap();
    let cache_arg = cache.path().to_str().unwrap();
    let repository = library_checker();
    let repository = repository.to_str().unwrap();
    let first = workspace();
    let (code, stdout, stderr) =
        import(first.path(), &[repository, "pairsum", "--cache", cache_arg]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("generated 10 cases (4.0 MB) into io-tests/pairsum/"),
        "{stdout}"
    );
    let entries: Vec<PathBuf> = fs::read_dir(cache.path().join("pairsum"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    let entry = &entries[0];
    assert_eq!(fs::read_dir(entry).unwrap().count(), 20);

    // Another workspace, the cache restored: nothing built, nothing generated.
    let second = workspace();
    let (code, stdout, stderr) = import(
        second.path(),
        &[repository, "pairsum", "--cache", cache_arg],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!(
            "the 10 generated cases of pairsum (4.0 MB) taken from the cache {}, each as hash.json has it: nothing generated",
            entry.display()
        )),
        "{stdout}"
    );
    assert!(!stderr.contains("generating"), "{stderr}");
    assert!(
        !second
            .path()
            .join("target/release/library-checker/pairsum")
            .exists(),
        "a generator was built"
    );
    let cases = |ws: &Path| -> Vec<(String, Vec<u8>)> { tree(&ws.join("io-tests/pairsum")) };
    assert_eq!(cases(second.path()), cases(first.path()));
    // The same by --generate, once the cases are gone.
    for file in fs::read_dir(second.path().join("io-tests/pairsum")).unwrap() {
        fs::remove_file(file.unwrap().path()).unwrap();
    }
    let (code, stdout, _) = import(
        second.path(),
        &["--generate", "pairsum", "--cache", cache_arg],
    );
    assert_eq!(code, 0);
    assert!(stdout.contains("taken from the cache"), "{stdout}");
    assert_eq!(cases(second.path()), cases(first.path()));

    // A cached file changed: the cache is named and not used, the cases
    // generated, and the cache made right.
    let changed = entry.join("example_00.in");
    let right = fs::read(&changed).unwrap();
    fs::write(&changed, "1 1\n5\n").unwrap();
    let third = workspace();
    let (code, stdout, stderr) =
        import(third.path(), &[repository, "pairsum", "--cache", cache_arg]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stderr.contains(&format!(
            "note: the cache {} is not used: example_00.in is not as hash.json has it",
            entry.display()
        )),
        "{stderr}"
    );
    assert!(stdout.contains("generated 10 cases (4.0 MB)"), "{stdout}");
    assert_eq!(cases(third.path()), cases(first.path()));
    assert_eq!(fs::read(&changed).unwrap(), right);

    // Not for a package, nor for judges' test data: refused.
    let (code, _, stderr) = import(
        third.path(),
        &[
            packages().join("divide").to_str().unwrap(),
            "--cache",
            cache_arg,
        ],
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--cache keeps a Library Checker problem's generated tests: "),
        "{stderr}"
    );
    let (code, _, stderr) = import(
        third.path(),
        &["--cases", "x", "pairsum", "--cache", cache_arg],
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("not --cases"), "{stderr}");
}

/// A copy of the miniature repository with `change` made to its problem.
fn changed_repository(change: impl FnOnce(&Path)) -> ScratchDir {
    let copy = tempdir().unwrap();
    for (path, bytes) in tree(&library_checker()) {
        let target = copy.path().join(path);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::write(target, bytes).unwrap();
    }
    change(&copy.path().join("pairsum"));
    copy
}

/// What cannot be made is refused with its reason, and nothing is left of it.
#[test]
fn a_library_checker_problem_that_cannot_be_made_is_refused_nothing_written() {
    let ws = workspace();
    let before = tree_but_builds(ws.path());
    let cases: Vec<(ScratchDir, &str)> = vec![
        (
            // Another generator than the one hash.json was made with.
            changed_repository(|problem| {
                let generator = problem.join("gen/random.cpp");
                let text = fs::read_to_string(&generator).unwrap();
                fs::write(
                    generator,
                    text.replace("rng.uniform(0, 1000)", "rng.uniform(0, 999)"),
                )
                .unwrap();
            }),
            "random_00.in, made by gen/random.cpp 0, has sha256 ",
        ),
        (
            changed_repository(|problem| {
                fs::remove_file(problem.join("gen/max_none.cpp")).unwrap()
            }),
            "gen/max_none.cpp: missing (a generator its [[tests]] name)",
        ),
        (
            changed_repository(|problem| {
                fs::write(
                    problem.join("gen/max_random.cpp"),
                    "int main() { return 1; }\n",
                )
                .unwrap()
            }),
            "gen/max_random.cpp 0 failed: exit status 1",
        ),
        (
            changed_repository(|problem| {
                fs::write(
                    problem.join("gen/max_random.cpp"),
                    "int main() { return }\n",
                )
                .unwrap()
            }),
            "g++ could not build ",
        ),
        (
            changed_repository(|problem| {
                let hashes = problem.join("hash.json");
                let text = fs::read_to_string(&hashes).unwrap();
                fs::write(
                    hashes,
                    text.replace("\"max_none_00.out\"", "\"max_none_99.out\""),
                )
                .unwrap();
            }),
            "no hash of max_none_00.out, which its tests make",
        ),
        (
            // A verifier that takes no input for a valid one.
            changed_repository(|problem| {
                fs::write(
                    problem.join("verifier.cpp"),
                    "#include <cstdio>\nint main() { fputs(\"FAIL no\", stderr); return 3; }\n",
                )
                .unwrap()
            }),
            "the verifier on example_00.in failed: exit status 3",
        ),
        (
            changed_repository(|problem| {
                fs::write(
                    problem.join("info.toml"),
                    "timelimit = 1.0\n[[tests]]\nname = \"random.py\"\nnumber = 1\n",
                )
                .unwrap()
            }),
            "[[tests]] random.py: a generator in C++ (.cpp) or fixed inputs (.in)",
        ),
    ];
    for (repository, message) in &cases {
        let (code, stdout, stderr) =
            import(ws.path(), &[repository.path().to_str().unwrap(), "pairsum"]);
        assert_eq!(code, 2, "{message}: {stdout}{stderr}");
        // After the progress of the generation, if it began.
        let refusal = &stderr[stderr.find("import: ").unwrap_or(0)..];
        assert!(
            refusal.starts_with("import: ") && refusal.contains(message),
            "{message}: {stderr}"
        );
        assert_eq!(
            tree_but_builds(ws.path()),
            before,
            "{message}: something was written"
        );
    }
    // Not a repository, or no such problem in it.
    let (code, _, stderr) = import(ws.path(), &[ws.path().to_str().unwrap(), "pairsum"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("not a Library Checker repository"),
        "{stderr}"
    );
    let (code, _, stderr) = import(ws.path(), &[library_checker().to_str().unwrap(), "unknown"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("no problem unknown (a folder unknown/ with an info.toml)"),
        "{stderr}"
    );
    let (code, _, stderr) = import(ws.path(), &["--generate", "nothing"]);
    assert_eq!(code, 2);
    assert!(stderr.starts_with("import: nothing: "), "{stderr}");
    assert_eq!(tree_but_builds(ws.path()), before);
}

/// A copy of the package `name` of `tests/packages/` with `change` made.
fn changed_package(name: &str, change: impl FnOnce(&Path)) -> ScratchDir {
    let copy = tempdir().unwrap();
    for (path, bytes) in tree(&packages().join(name)) {
        let target = copy.path().join(path);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::write(target, bytes).unwrap();
    }
    change(copy.path());
    copy
}

/// `problem.xml` of the package at `root` with `from` made `to`.
fn edit_problem_xml(root: &Path, from: &str, to: &str) {
    let path = root.join("problem.xml");
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from}");
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// A Polygon package (a Standard one: the generated tests and every answer
/// are made here): tests by their generators' command lines (positional
/// arguments, named options, a Python generator), answers by the main
/// solution, CRLF read as LF, the validator given each test's testset and
/// group, the groups and points shown, every solution judged as its tag says.
#[test]
fn a_polygon_package_is_made_and_verified_as_its_tags_say() {
    let ws = workspace();
    let package = packages().join("polygon-sum");
    let (code, stdout, stderr) = import(ws.path(), &[package.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    for line in [
        ": 7 cases (1 sample), time limit 1000 ms (problem.xml), memory 256 MB, judged by its checker (polygon/files/check.cpp), inputs validated by polygon/files/val.cpp\n",
        "the groups of tests, each in its cases' names (tests-GROUP-NN): samples (0 points, all or nothing); g1 (30 points, all or nothing, after samples); g2 (70 points, each test's)\n",
        "note: solutions/draft.cpp (tagged do-not-run): its tag says it is not run: not listed\n",
    ] {
        assert!(stdout.contains(line), "{line}\n{stdout}");
    }
    let io_tests = ws.path().join("io-tests/list-sum");
    let read = |file: &str| fs::read_to_string(io_tests.join(file)).unwrap();
    // The manual sample, its CRLF as LF; a test of each generator.
    assert_eq!(read("tests-samples-01.in"), "3\n1 2 3\n");
    assert_eq!(read("tests-samples-01.out"), "6\n");
    assert_eq!(read("tests-g1-02.in"), "5\n7 1 7 2 7\n", "gen_pos 5 10 1");
    assert_eq!(read("tests-g1-03.in").lines().next(), Some("8"), "gen -n 8");
    assert_eq!(
        read("tests-g1-04.in").lines().next(),
        Some("10"),
        "pygen 10 50 3"
    );
    assert_eq!(
        read("tests-g2-05.in").lines().next(),
        Some("1000"),
        "gen -n=1000"
    );
    assert_eq!(read("tests-g2-07.out"), "2000000000\n");
    let (as_expected, all, report) = verified(ws.path(), "list-sum");
    let java = judge::commands::verify::java_here();
    assert_eq!(
        (as_expected, all),
        if java { (7, 7) } else { (6, 6) },
        "{report}"
    );
    for line in [
        "AC   polygon/solutions/main.cpp: as expected (7 of 7 cases AC)",
        "AC   polygon/solutions/sum.py: as expected (7 of 7 cases AC)",
        "WA   polygon/solutions/int32.cpp: as expected (WA on tests-g2-05, which settles it: 4 of 7 cases judged, 3 AC)",
        "TLE  polygon/solutions/spin.py: as expected (TLE on tests-g1-02, which settles it: 1 of 7 cases judged, 0 AC)",
        "AC   polygon/solutions/quick.c: as expected (7 of 7 cases AC)",
        "RE   polygon/solutions/small_only.cpp: as expected (RE on tests-g2-05, which settles it: 4 of 7 cases judged, 3 AC)",
        "skipped polygon/solutions/sum.kt: not C, C++, Python 3, Rust or Java",
    ] {
        assert!(report.lines().any(|l| l == line), "{line}\n{report}");
    }
    // The checker judges, and the validator checks each input with its group.
    let zero = script(ws.path(), "zero", "echo 0");
    let (failed, report) = judged(ws.path(), "list-sum", &zero);
    assert_eq!(failed, 7, "{report}");
    assert!(report.contains("expected 6, got 0"), "{report}");
    fs::write(
        io_tests.join("tests-g1-08.in"),
        "11\n1 1 1 1 1 1 1 1 1 1 1\n",
    )
    .unwrap();
    fs::write(io_tests.join("tests-g1-08.out"), "11\n").unwrap();
    let (_, report) = judged(ws.path(), "list-sum", &zero);
    assert!(report.contains("INVALID tests-g1-08"), "{report}");
}

/// An interactive Polygon package from a zip, holding its tests and
/// answers but the last, which the main solution makes with the interactor.
/// Issue 67: a main solution that needs a stack beyond the system's 8 MB
/// makes the answers, as Polygon's does with a stack as large as the memory
/// limit; its checker gives points (testlib's quitp, exit 7) and testlib's
/// partially correct result, and the solutions are judged as their tags say
/// (the partial ones tagged accepted, as Polygon has them).
#[test]
fn a_polygon_package_with_a_deep_main_solution_and_a_points_checker() {
    let ws = workspace();
    let deep = packages().join("polygon-deep");
    let (code, stdout, stderr) = import(ws.path(), &[deep.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.starts_with("made deep-sum (Deep Sum) from "),
        "{stdout}"
    );
    let answer = fs::read_to_string(ws.path().join("io-tests/deep-sum/tests-03.out")).unwrap();
    assert_eq!(answer, "500000500000\n");
    let (as_expected, all, report) = verified(ws.path(), "deep-sum");
    assert_eq!((as_expected, all), (4, 4), "{report}");
    for line in [
        "AC   polygon/solutions/main.cpp: as expected (3 of 3 cases AC)",
        "AC   polygon/solutions/loop.py: as expected (3 of 3 cases AC)",
        // Tagged accepted: points are no rejection on Polygon, and settle
        // nothing (every case is judged).
        "PTS  polygon/solutions/close.cpp: as expected (PTS first on tests-02, 1 of 3 cases AC)",
        "PC   polygon/solutions/zero.py: as expected (PC first on tests-01, 0 of 3 cases AC)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    // The points shown in a case's report.
    let close = script(
        ws.path(),
        "close",
        "read n; s=$((n * (n + 1) / 2)); [ $n -gt 100 ] && s=$((s + s / 200)); echo $s",
    );
    let (failed, report) = judged(ws.path(), "deep-sum", &close);
    assert_eq!(failed, 2, "{report}");
    assert!(
        report.contains("     10 points of 10: the sum\n"),
        "{report}"
    );
    assert!(
        report.contains("PTS  tests-02 ")
            && report.contains("     5 points of 10: 45225150750 is close to 45000150000\n"),
        "{report}"
    );
}

/// `polygon-files`: a problem whose programs read `sum.in` and write `sum.out`
/// in their working folder. The answer the package lacks is made by its main
/// solution run as a judge runs it, in a folder of its own, its answer read
/// from `sum.out` (not its stdout), and nothing is written where the import
/// was started; its solutions are judged so too.
#[test]
fn a_polygon_package_read_and_written_in_files_has_its_answers_from_them() {
    let ws = workspace();
    let started_in = tempdir().unwrap();
    let files = packages().join("polygon-files");
    let output = Command::new(env!("CARGO_BIN_EXE_import"))
        .arg("--root")
        .arg(ws.path())
        .arg(&files)
        .current_dir(started_in.path())
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("made file-sum (File Sum) from "),
        "{stdout}"
    );
    let io_tests = ws.path().join("io-tests/file-sum");
    assert_eq!(
        fs::read_to_string(io_tests.join("tests-01.out")).unwrap(),
        "15\n",
        "the package's"
    );
    assert_eq!(
        fs::read_to_string(io_tests.join("tests-02.out")).unwrap(),
        "500500\n",
        "made by the main solution, from its sum.out"
    );
    assert_eq!(
        tree(started_in.path()),
        Vec::<(String, Vec<u8>)>::new(),
        "the main solution wrote where the import started"
    );
    let (as_expected, all, report) = verified(ws.path(), "file-sum");
    assert_eq!((as_expected, all), (3, 3), "{report}");
    for line in [
        "AC   polygon/solutions/main.cpp: as expected (2 of 2 cases AC)",
        "AC   polygon/solutions/files.py: as expected (2 of 2 cases AC)",
    ] {
        assert!(report.lines().any(|l| l == line), "{line}\n{report}");
    }
    assert!(
        report.contains("polygon/solutions/stdout.py: as expected (WA on tests-01"),
        "{report}"
    );
}

#[test]
fn an_interactive_polygon_package_is_judged_by_its_interactor_and_checker() {
    let ws = workspace();
    let scratch = tempdir().unwrap();
    let zip = scratch.path().join("guess-number$linux.zip");
    zip_of(&packages().join("polygon-guess"), &zip, "");
    let (code, stdout, stderr) = import(ws.path(), &[zip.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains(": 4 cases (1 sample), time limit 2000 ms (problem.xml), memory 256 MB, judged by its checker (polygon/files/check.cpp), inputs validated by polygon/files/val.cpp, interactive with polygon/files/interactor.cpp\n"),
        "{stdout}"
    );
    let io_tests = ws.path().join("io-tests/guess-number");
    assert_eq!(
        fs::read_to_string(io_tests.join("tests-02.out")).unwrap(),
        "found in 9\n",
        "the package's"
    );
    assert_eq!(
        fs::read_to_string(io_tests.join("tests-04.out")).unwrap(),
        "found in 8\n",
        "made by the main solution"
    );
    let (as_expected, all, report) = verified(ws.path(), "guess-number");
    assert_eq!((as_expected, all), (4, 4), "{report}");
    for line in [
        "WA   polygon/solutions/count_up.py: as expected (WA on tests-01, which settles it: 1 of 4 cases judged, 0 AC)",
        "TLE  polygon/solutions/silent.py: as expected (TLE on tests-01, which settles it: 1 of 4 cases judged, 0 AC)",
    ] {
        assert!(report.lines().any(|l| l == line), "{line}\n{report}");
    }
}

/// What cannot be made of a Polygon package is refused with its reason, and
/// nothing is written.
#[test]
fn a_polygon_package_that_cannot_be_made_is_refused_nothing_written() {
    let ws = workspace();
    let before = tree_but_builds(ws.path());
    let cases: Vec<(ScratchDir, &str)> = vec![
        (
            changed_package("polygon-sum", |root| edit_problem_xml(root, "cmd=\"pygen 10 50 3\"", "cmd=\"nogen 10 50 3\"")),
            "test 4 of tests (`nogen 10 50 3`): no executable nogen in problem.xml's <executables>",
        ),
        (
            changed_package("polygon-sum", |root| fs::write(root.join("files/gen_pos.cpp"), "int main() { return 1; }\n").unwrap()),
            "test 2 of tests (`gen_pos 5 10 1`) failed: exit status 1",
        ),
        (
            changed_package("polygon-sum", |root| edit_problem_xml(root, "gen -n 8 -max 100 2", "gen -n 20 -max 100 2")),
            "test 3 of tests (`gen -n 20 -max 100 2`): its validator rejects it: exit status 3",
        ),
        (
            changed_package("polygon-sum", |root| fs::remove_file(root.join("tests/07")).unwrap()),
            "test 7 of tests (tests/07): a manual test the package does not hold",
        ),
        (
            changed_package("polygon-sum", |root| {
                edit_problem_xml(root, "<checker type=\"testlib\">\n      <source path=\"files/check.cpp\" type=\"cpp.g++17\"/>", "<checker name=\"std::wcmp.cpp\" type=\"testlib\">")
            }),
            "its checker std::wcmp.cpp has no source in the package",
        ),
        (
            changed_package("polygon-sum", |root| {
                fs::write(root.join("files/check.py"), "import sys\n").unwrap();
                edit_problem_xml(root, "<source path=\"files/check.cpp\" type=\"cpp.g++17\"/>\n      <binary", "<source path=\"files/check.py\" type=\"python.3\"/>\n      <binary");
            }),
            "its checker files/check.py: in python.3, where this judge builds testlib's checkers and interactors in C or C++",
        ),
        (
            changed_package("polygon-sum", |root| edit_problem_xml(root, "tag=\"main\"", "tag=\"accepted\"")),
            "no solution tagged main: it writes the answers",
        ),
        (
            changed_package("polygon-sum", |root| edit_problem_xml(root, "<test-count>7</test-count>", "<test-count>8</test-count>")),
            "testset tests: <test-count> says 8, but it lists 7 tests",
        ),
    ];
    for (package, message) in &cases {
        let (code, stdout, stderr) = import(ws.path(), &[package.path().to_str().unwrap()]);
        assert_eq!(code, 2, "{message}: {stdout}{stderr}");
        assert!(
            stderr.starts_with("import: ") && stderr.contains(message),
            "{message}: {stderr}"
        );
        assert_eq!(
            tree_but_builds(ws.path()),
            before,
            "{message}: something was written"
        );
    }
}
