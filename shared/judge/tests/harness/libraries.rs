//! `judge verify --libs` (issue 58, point 3): a library of a scratch
//! workspace verified on a problem by an example that names it, judged again
//! only when what it depends on changed, and a mutant of the library caught.

use std::fs;
use std::path::Path;

use crate::common::judge_cli;

/// A workspace with the library `mylib` (`sum::add`, and a module no
/// verification uses), its example `add.rs` verifying `sum` on the problem
/// `add`, and an example naming a Library Checker problem it has not.
fn workspace() -> judge::scratch::ScratchDir {
    let scratch = judge::scratch::tempdir().unwrap();
    let root = scratch.path();
    for (path, text) in [
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"crates/*\", \"libs/*\"]\nresolver = \"2\"\n",
        ),
        (
            "libs/mylib/Cargo.toml",
            "[package]\nname = \"mylib\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        ),
        ("libs/mylib/src/lib.rs", "pub mod sum;\npub mod unused;\n"),
        (
            "libs/mylib/src/sum.rs",
            "pub fn add(a: i64, b: i64) -> i64 {\n    a + b\n}\n",
        ),
        ("libs/mylib/src/unused.rs", "pub fn nothing() {}\n"),
        (
            "libs/mylib/examples/add.rs",
            "// verify: add\nfn main() {\n    let mut line = String::new();\n    std::io::stdin().read_line(&mut line).unwrap();\n    let v: Vec<i64> = line.split_whitespace().map(|w| w.parse().unwrap()).collect();\n    println!(\"{}\", mylib::sum::add(v[0], v[1]));\n}\n",
        ),
        (
            "libs/mylib/examples/unionfind.rs",
            "// verify: https://judge.yosupo.jp/problem/unionfind\nfn main() {}\n",
        ),
        (
            "crates/add/Cargo.toml",
            "[package]\nname = \"add\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[package.metadata.judge]\ntime-limit-ms = 2000\n",
        ),
        ("crates/add/src/main.rs", "fn main() {}\n"),
        ("io-tests/add/small.in", "1 2\n"),
        ("io-tests/add/small.out", "3\n"),
        ("io-tests/add/negative.in", "-5 3\n"),
        ("io-tests/add/negative.out", "-2\n"),
    ] {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    scratch
}

fn verify_libs(root: &Path) -> (Option<i32>, String, String) {
    judge_cli(&["verify", "--root", root.to_str().unwrap(), "--libs"])
}

#[test]
fn a_library_is_verified_on_a_problem_and_its_mutant_caught() {
    let ws = workspace();
    let root = ws.path();
    let (code, stdout, stderr) = verify_libs(root);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    for line in [
        "AC   libs/mylib/examples/add.rs on add: 2 cases\n",
        "--   libs/mylib/examples/unionfind.rs: https://judge.yosupo.jp/problem/unionfind is not a problem of this workspace: `scripts/import.sh LIBRARY-CHECKER-REPOSITORY unionfind` imports it",
        "libs/mylib/src/sum.rs: verified by examples/add.rs on add\n",
        "libs/mylib/src/unused.rs: not verified\n",
        "1 of 2 verifications passed\n",
    ] {
        assert!(stdout.contains(line), "{line}\n{stdout}");
    }
    // Nothing changed, or a file it does not use: not judged again.
    let unchanged = "AC   libs/mylib/examples/add.rs on add: 2 cases (not judged again: nothing it depends on changed)";
    let (_, stdout, _) = verify_libs(root);
    assert!(stdout.contains(unchanged), "{stdout}");
    fs::write(
        root.join("libs/mylib/src/unused.rs"),
        "pub fn nothing() {}\n// changed\n",
    )
    .unwrap();
    let (_, stdout, _) = verify_libs(root);
    assert!(stdout.contains(unchanged), "{stdout}");
    // A mutant of what it verifies: judged again, and caught.
    fs::write(
        root.join("libs/mylib/src/sum.rs"),
        "pub fn add(a: i64, b: i64) -> i64 {\n    a - b\n}\n",
    )
    .unwrap();
    let (code, stdout, stderr) = verify_libs(root);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    for line in [
        "WA   negative",
        "FAIL libs/mylib/examples/add.rs on add: 2 of 2 cases failed\n",
        "libs/mylib/src/sum.rs: not verified\n",
        "0 of 2 verifications passed\n",
    ] {
        assert!(stdout.contains(line), "{line}\n{stdout}");
    }
}

#[test]
fn verify_takes_a_problem_or_libs() {
    let (code, _, stderr) = judge_cli(&["verify", "--libs", "add"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("--libs verifies the libraries, not a problem"),
        "{stderr}"
    );
    let (code, _, stderr) = judge_cli(&["verify", "--force", "add"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("--force and --no-build go with --libs"),
        "{stderr}"
    );
    let (code, _, stderr) = judge_cli(&["verify"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("NAME (or --libs) is required"), "{stderr}");
    let (code, _, stderr) = judge_cli(&["verify", "--all-cases", "--libs"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("--all-cases goes with a problem's NAME, not --libs"),
        "{stderr}"
    );
}
