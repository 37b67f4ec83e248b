//! The house rules of every submission, `crates/<problem>/src/main.rs`: the file a
//! user pastes into a judge. It reads with proconio's stdin macros (no `from`; an
//! interactive problem's reads exactly `from &mut source`, a `LineSource` over
//! stdin, since proconio reads stdin whole otherwise), uses
//! only std, proconio and itertools, trusts the input (no `Readable` impl, no
//! `ExitCode`, no `process::exit`: checking input is the validator's job) and stays
//! at most 80 lines.

use std::fs;
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 80;
const ALLOWED_CRATES: [&str; 4] = ["std", "core", "proconio", "itertools"];
const FORBIDDEN: [&str; 3] = ["impl Readable", "ExitCode", "process::exit"];

/// The only `from` an interactive problem's submission may read with: a
/// `LineSource` named `source` (whitespace squeezed out).
const INTERACTIVE_FROM: &str = "!{from&mutsource,";

/// Each submission, and whether its problem is interactive.
fn submissions() -> Vec<(PathBuf, bool)> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let crates = workspace.join("crates");
    let mut found: Vec<(PathBuf, bool)> = fs::read_dir(&crates)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", crates.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|dir| dir.join("src/main.rs").is_file())
        .map(|dir| {
            let problem = judge::cases::problem::Problem::from_manifest_dir(&dir)
                .unwrap_or_else(|error| panic!("{error}"));
            (dir.join("src/main.rs"), problem.interactive)
        })
        .collect();
    found.sort();
    found
}

/// What breaks the rules in one submission, one message a rule.
fn breaches(source: &str, interactive: bool) -> Vec<String> {
    let mut found = Vec::new();
    let lines = source.lines().count();
    if lines > MAX_LINES {
        found.push(format!("{lines} lines, more than {MAX_LINES}"));
    }
    if !source.contains("input!") {
        found.push("no input!".to_string());
    }
    let mut squeezed: String = source.split_whitespace().collect();
    if interactive {
        squeezed = squeezed.replace(INTERACTIVE_FROM, "!{");
    }
    for opening in ["!{from", "!(from", "![from"] {
        if squeezed.contains(opening) {
            found.push("a proconio macro reads `from` a source, not stdin".to_string());
        }
    }
    for (number, line) in source.lines().enumerate().map(|(i, line)| (i + 1, line)) {
        let code = line.split("//").next().unwrap_or_default();
        if let Some(path) = code.trim_start().strip_prefix("use ") {
            let root = path
                .trim_start_matches("::")
                .split("::")
                .next()
                .unwrap_or("");
            if !ALLOWED_CRATES.contains(&root.trim_end_matches(';')) {
                found.push(format!("line {number}: uses crate {root:?}"));
            }
        }
        for word in FORBIDDEN {
            if code.contains(word) {
                found.push(format!("line {number}: {word:?}"));
            }
        }
    }
    found
}

#[test]
fn every_submission_keeps_the_house_rules() {
    let submissions = submissions();
    assert!(submissions.len() >= 4, "found only {submissions:?}");
    let report: Vec<String> = submissions
        .iter()
        .flat_map(|(path, interactive)| {
            let source = fs::read_to_string(path).unwrap();
            breaches(&source, *interactive)
                .into_iter()
                .map(move |breach| format!("{}: {breach}", path.display()))
        })
        .collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn each_rule_is_caught() {
    let long = "input! { n: usize }\n".repeat(MAX_LINES + 1);
    assert_eq!(breaches(&long, false), ["81 lines, more than 80"]);
    assert_eq!(breaches("fn main() {}\n", false), ["no input!"]);
    assert_eq!(
        breaches("use regex::Regex;\ninput! { n: usize }\n", false),
        ["line 1: uses crate \"regex\""]
    );
    let from_source = "input! {\n    from &mut source,\n    n: usize,\n}\n";
    assert_eq!(
        breaches(from_source, false),
        ["a proconio macro reads `from` a source, not stdin"]
    );
    // An interactive problem reads line by line from `source`, and from nothing else.
    assert_eq!(breaches(from_source, true), Vec::<String>::new());
    assert_eq!(
        breaches("input! { from &mut other, n: usize }\n", true),
        ["a proconio macro reads `from` a source, not stdin"]
    );
    assert_eq!(
        breaches("input! { n: usize }\nfn main() -> ExitCode {}\n", false),
        ["line 2: \"ExitCode\""]
    );
    // Allowed: the three crates, `from` in prose and in std's `From`.
    let fine =
        "use std::io::Write;\nuse itertools::Itertools;\nuse proconio::{input, read_value};\n\
                // read from stdin\nlet x = u64::from(b);\ninput! { n: usize }\n";
    assert_eq!(breaches(fine, false), Vec::<String>::new());
}
