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
        stderr.contains(
            "--force, --no-build, --shard, --times, --report, --site, --import-from, --cache and --merge go with --libs"
        ),
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

/// `workspace()`'s library with three problems more, each verified by an
/// example of its own, in a folder of its own: a clone, as a CI job has.
fn sharded_workspace() -> judge::scratch::ScratchDir {
    let ws = workspace();
    let root = ws.path();
    for (name, op) in [("sub", "-"), ("mul", "*"), ("max", "max")] {
        let expression = if op == "max" {
            "v[0].max(v[1])".to_string()
        } else {
            format!("v[0] {op} v[1]")
        };
        let files = [
            (
                format!("libs/mylib/examples/{name}.rs"),
                format!("// verify: {name}\nfn main() {{\n    let mut line = String::new();\n    std::io::stdin().read_line(&mut line).unwrap();\n    let v: Vec<i64> = line.split_whitespace().map(|w| w.parse().unwrap()).collect();\n    println!(\"{{}}\", mylib::sum::add(0, {expression}));\n}}\n"),
            ),
            (
                format!("crates/{name}/Cargo.toml"),
                format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[package.metadata.judge]\ntime-limit-ms = 2000\n"),
            ),
            (format!("crates/{name}/src/main.rs"), "fn main() {}\n".to_string()),
            (format!("io-tests/{name}/a.in"), "6 3\n".to_string()),
            (
                format!("io-tests/{name}/a.out"),
                format!("{}\n", match name { "sub" => 3, "mul" => 18, _ => 6 }),
            ),
        ];
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
    }
    ws
}

/// A copy of the workspace at `from` (its sources, no target/), in `to`.
fn clone_workspace(from: &Path, to: &Path) {
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_name() == "target" {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            fs::create_dir_all(&target).unwrap();
            clone_workspace(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// What follows a run's reports of the cases it judged: a line per
/// verification, the files' table, the closing line.
fn summary(stdout: &str) -> String {
    let start = ["AC   libs/", "FAIL libs/", "--   libs/"]
        .iter()
        .filter_map(|line| stdout.find(&format!("\n{line}")))
        .min()
        .map_or(0, |at| at + 1);
    stdout[start..].to_string()
}

/// Three shards, run as separate processes in separate clones, merge into
/// what one run prints; a missing shard's report is named.
#[test]
fn shards_in_separate_clones_merge_into_one_runs_report() {
    let ws = sharded_workspace();
    let root = ws.path();
    let path = |path: &Path| path.to_str().unwrap().to_string();
    let single_report = root.join("single.report");
    let (code, single, stderr) = judge_cli(&[
        "verify",
        "--root",
        &path(root),
        "--libs",
        "--report",
        &path(&single_report),
    ]);
    assert_eq!(code, Some(0), "{single}{stderr}");
    let single = summary(&single);
    assert!(
        single.ends_with("\n4 of 5 verifications passed\n"),
        "{single}"
    );

    let clones: Vec<judge::scratch::ScratchDir> =
        (0..3).map(|_| judge::scratch::tempdir().unwrap()).collect();
    let mut reports = Vec::new();
    let mut owned = Vec::new();
    for (at, clone) in clones.iter().enumerate() {
        clone_workspace(root, clone.path());
        let report = clone.path().join("shard.report");
        let shard = format!("{}/3", at + 1);
        let (code, stdout, stderr) = judge_cli(&[
            "verify",
            "--root",
            &path(clone.path()),
            "--libs",
            "--shard",
            &shard,
            "--report",
            &path(&report),
        ]);
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        assert!(
            stdout.contains(&format!(
                "(shard {shard}; `--merge` puts the shards together)"
            )),
            "{stdout}"
        );
        let text = fs::read_to_string(&report).unwrap();
        assert!(
            text.starts_with(&format!("judge-verify-report 1\nshard {shard}\n")),
            "{text}"
        );
        owned.extend(
            text.lines()
                .skip(2)
                .map(|line| line.split('\t').next().unwrap().to_string()),
        );
        reports.push(path(&report));
    }
    // Disjoint parts that cover every verification, none left empty.
    owned.sort();
    let mut all: Vec<String> = ["add", "max", "mul", "sub", "unionfind"]
        .iter()
        .map(|name| format!("libs/mylib/examples/{name}.rs"))
        .collect();
    all.sort();
    assert_eq!(owned, all);

    let mut merge = vec![
        "verify".to_string(),
        "--root".to_string(),
        path(root),
        "--libs".to_string(),
        "--merge".to_string(),
    ];
    merge.extend(reports.iter().cloned());
    let (code, merged, stderr) = judge_cli(&merge);
    assert_eq!(code, Some(0), "{merged}{stderr}");
    assert_eq!(merged, single);

    // A shard's report missing: named, and its verifications too.
    merge.retain(|arg| *arg != reports[1]);
    let (code, merged, _) = judge_cli(&merge);
    assert_eq!(code, Some(1), "{merged}");
    assert!(
        merged.starts_with("shard 2/3: no report (the shard failed or did not run)\n"),
        "{merged}"
    );
    assert!(
        merged.contains(": in a shard that left no report\n"),
        "{merged}"
    );
    // Two reports of one shard, and a report of another split: refused.
    let (code, _, stderr) = judge_cli(&[
        "verify",
        "--root",
        &path(root),
        "--libs",
        "--merge",
        &reports[0],
        &reports[0],
    ]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains(": both report shard 1/3"), "{stderr}");
    let (code, _, stderr) = judge_cli(&[
        "verify",
        "--root",
        &path(root),
        "--libs",
        "--merge",
        &reports[0],
        &path(&single_report),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("a report of 1 shards among reports of 3"),
        "{stderr}"
    );
}

#[test]
fn shard_options_go_with_libs() {
    for (args, message) in [
        (
            &["verify", "--libs", "--shard", "0/3"][..],
            "--shard 0/3: K/N, the K-th of N parts (1 <= K <= N)",
        ),
        (
            &["verify", "--libs", "--times", "t"][..],
            "--times balances the parts of --shard K/N",
        ),
        (
            &["verify", "--libs", "--merge"][..],
            "--merge takes the shards' reports: REPORT...",
        ),
        (
            &["verify", "--libs", "--merge", "--force", "r"][..],
            "--merge puts reports together: it takes no --force, --shard or --times",
        ),
        (
            &["verify", "--shard", "1/2", "add"][..],
            "--force, --no-build, --shard, --times, --report, --site, --import-from, --cache and --merge go with --libs",
        ),
        (
            &["verify", "add", "sub"][..],
            "one problem at a time: sub is one too many",
        ),
    ] {
        let (code, _, stderr) = judge_cli(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

/// Every relative link of every page under `site` names a file there.
fn assert_links_resolve(site: &Path) -> usize {
    let mut pages = Vec::new();
    let mut folders = vec![site.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                pages.push(path);
            }
        }
    }
    let mut links = 0;
    for page in &pages {
        let html = fs::read_to_string(page).unwrap();
        assert!(!html.contains("<script"), "{}", page.display());
        for part in html.split("href=\"").skip(1) {
            let target = part.split('"').next().unwrap();
            if target.starts_with("https://") {
                continue;
            }
            links += 1;
            let resolved = page.parent().unwrap().join(target);
            assert!(
                resolved.is_file(),
                "{}: a link to {target}, which is not there",
                page.display()
            );
        }
    }
    links
}

/// The site shows a file verified, one failing and one not verified, with
/// its docs and source; every link resolves; and headless Chromium draws
/// one page of each status (screenshots in the test's output).
#[test]
fn the_site_shows_each_status_and_every_link_resolves() {
    let ws = sharded_workspace();
    let root = ws.path();
    // A module the `mul` example uses, made wrong: failing.
    fs::write(
        root.join("libs/mylib/src/lib.rs"),
        "//! A library of the test's.\npub mod sum;\npub mod unused;\npub mod twice;\n",
    )
    .unwrap();
    fs::write(
        root.join("libs/mylib/src/sum.rs"),
        "//! Sums.\n//!\n//! `add(a, b)` is a + b, for <all> i64.\npub fn add(a: i64, b: i64) -> i64 {\n    a + b\n}\n",
    )
    .unwrap();
    fs::write(
        root.join("libs/mylib/src/twice.rs"),
        "pub fn twice(x: i64) -> i64 {\n    x * 3\n}\n",
    )
    .unwrap();
    let mul = root.join("libs/mylib/examples/mul.rs");
    let text = fs::read_to_string(&mul).unwrap();
    fs::write(
        &mul,
        text.replace(
            "mylib::sum::add(0, v[0] * v[1])",
            "mylib::twice::twice(v[0] * v[1]) / 2",
        ),
    )
    .unwrap();
    let site = root.join("site");
    let (code, stdout, stderr) = judge_cli(&[
        "verify",
        "--root",
        root.to_str().unwrap(),
        "--libs",
        "--site",
        site.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("FAIL libs/mylib/examples/mul.rs on mul: 1 of 1 cases failed\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("site: 10 pages in {}", site.display())),
        "{stdout}"
    );
    let index = fs::read_to_string(site.join("index.html")).unwrap();
    for row in [
        "<span class=\"badge verified\">verified</span></td><td><a href=\"mylib/src/sum.rs.html\">mylib/src/sum.rs</a></td><td>3</td>",
        "<span class=\"badge failing\">failing</span></td><td><a href=\"mylib/src/twice.rs.html\">mylib/src/twice.rs</a></td><td>0</td>",
        "<span class=\"badge none\">not verified</span></td><td><a href=\"mylib/src/unused.rs.html\">mylib/src/unused.rs</a></td><td>0</td>",
    ] {
        assert!(index.contains(row), "{row}\n{index}");
    }
    // lib.rs: used by every verification, one of which failed.
    assert!(
        index.contains("failing</span></td><td><a href=\"mylib/src/lib.rs.html\""),
        "{index}"
    );
    let sum = fs::read_to_string(site.join("mylib/src/sum.rs.html")).unwrap();
    for part in [
        "<p>Sums.</p>\n<p>`add(a, b)` is a + b, for &lt;all&gt; i64.</p>",
        "<a href=\"../../mylib/examples/add.rs.html\">mylib/examples/add.rs</a></td><td>add</td><td>AC (2 cases)</td><td>",
        " ms</td>",
        "<pre><code>//! Sums.",
        "<a href=\"../../index.html\">All files</a>",
    ] {
        assert!(sum.contains(part), "{part}\n{sum}");
    }
    let example = fs::read_to_string(site.join("mylib/examples/unionfind.rs.html")).unwrap();
    assert!(
        example.contains("its problem is not in the workspace"),
        "{example}"
    );
    assert!(assert_links_resolve(&site) > 20);

    // Drawn by a browser: one page of each status.
    let shots = root.join("shots");
    fs::create_dir_all(&shots).unwrap();
    for (page, shot) in [
        ("index.html", "index.png"),
        ("mylib/src/sum.rs.html", "verified.png"),
        ("mylib/src/twice.rs.html", "failing.png"),
        ("mylib/src/unused.rs.html", "not-verified.png"),
    ] {
        let png = shots.join(shot);
        let output = std::process::Command::new("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
            ])
            .arg(format!("--screenshot={}", png.display()))
            .arg("--window-size=1000,900")
            .arg(format!("file://{}", site.join(page).display()))
            .output()
            .expect("chromium (Debian's package) draws the site");
        let size = fs::metadata(&png)
            .map(|metadata| metadata.len())
            .unwrap_or(0);
        assert!(
            size > 10_000,
            "{page}: no screenshot ({size} bytes): {}",
            String::from_utf8_lossy(&output.stderr)
        );
        println!(
            "site: {page} drawn by headless Chromium: {} ({size} bytes)",
            png.display()
        );
    }
    // Kept for a look when asked (JUDGE_KEEP_SHOTS=DIR), else removed with the workspace.
    if let Some(keep) = std::env::var_os("JUDGE_KEEP_SHOTS") {
        for entry in fs::read_dir(&shots).unwrap() {
            let entry = entry.unwrap();
            fs::copy(entry.path(), Path::new(&keep).join(entry.file_name())).unwrap();
        }
    }
}
