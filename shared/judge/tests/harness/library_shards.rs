//! `verify --libs` as .github/workflows/verify.yml runs it (issue 65): its
//! jobs' commands (scripts/verify-libs-ci.sh) run here, each shard in a copy
//! of this repository of its own, importing the Library Checker problem its
//! verification names from the importer's miniature repository; the merge
//! in another copy with the shards' reports; and the next run's shard with
//! the cache and the times restored, which generates nothing.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::scaffold::{copy_workspace, expect, source_root};

/// A verification of `libs/cplib` on the miniature repository's `pairsum`.
const PAIRSUM_RS: &str = "// verify: https://judge.yosupo.jp/problem/pairsum
use std::collections::HashMap;
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<i64> = text.split_ascii_whitespace().map(|w| w.parse().unwrap()).collect();
    let (n, t) = (v[0] as usize, v[1]);
    let mut first = HashMap::new();
    for (j, &a) in v[2..2 + n].iter().enumerate() {
        if let Some(i) = first.get(&(t - a)) {
            println!(\"{} {}\", i + 1, j + 1);
            return;
        }
        first.entry(a).or_insert(j);
    }
    println!(\"-1\");
}
";

/// A copy of this repository in `base/NAME`, with the verification of
/// `pairsum` added and the miniature Library Checker repository where the
/// workflow checks out the real one (`library-checker-problems/`); its
/// target folder beside it.
fn copy(base: &Path, name: &str) -> (PathBuf, PathBuf) {
    let ws = base.join(name);
    fs::create_dir_all(&ws).unwrap();
    copy_workspace(&source_root(), &ws);
    fs::write(ws.join("libs/cplib/examples/pairsum.rs"), PAIRSUM_RS).unwrap();
    copy_folder(
        &source_root().join("shared/import/tests/library-checker"),
        &ws.join("library-checker-problems"),
    );
    (ws, base.join(format!("{name}-target")))
}

/// `from`'s files, copied into `to` (what a CI cache or artifact restores).
fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// `scripts/verify-libs-ci.sh ARGS` in `ws`, as the workflow's job runs it.
fn job(ws: &Path, target: &Path, code: i32, args: &[&str]) -> crate::scaffold::Run {
    let mut command = Command::new(ws.join("scripts/verify-libs-ci.sh"));
    command
        .args(args)
        .current_dir(ws)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("JUDGE_RUNNER");
    expect(code, command)
}

/// The commands of .github/workflows/verify.yml: its `run:` lines.
fn workflow_commands() -> Vec<String> {
    let text = fs::read_to_string(source_root().join(".github/workflows/verify.yml")).unwrap();
    text.lines()
        .filter_map(|line| line.trim_start().strip_prefix("run: "))
        .map(str::to_string)
        .collect()
}

/// Every command the workflow runs is the script that the test below runs.
#[test]
fn the_workflow_runs_the_script_its_test_runs() {
    assert_eq!(
        workflow_commands(),
        [
            "scripts/verify-libs-ci.sh shard ${{ matrix.shard }} 3",
            "scripts/verify-libs-ci.sh merge"
        ]
    );
    let text = fs::read_to_string(source_root().join(".github/workflows/verify.yml")).unwrap();
    assert!(text.contains("shard: [1, 2, 3]"), "{text}");
}

#[test]
#[ignore = "builds the judge and the importer in four copies of the repository: CI runs it (--ignored)"]
fn the_workflows_jobs_run_here_each_shard_in_a_copy_of_its_own() {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("library-shards");
    let _ = fs::remove_dir_all(&base);
    fs::create_dir_all(&base).unwrap();

    // The matrix's jobs, each in a copy of its own, as .verify/cache and
    // the reports would be restored and uploaded. By count (no times yet),
    // of the verifications pairsum (the repository has it) and unionfind
    // (it has not), shard 1 has pairsum, shard 2 unionfind, shard 3 none.
    let reports = base.join("artifacts");
    fs::create_dir_all(&reports).unwrap();
    let mut copies = Vec::new();
    for shard in ["1", "2", "3"] {
        let (ws, target) = copy(&base, &format!("shard-{shard}"));
        let run = job(&ws, &target, 0, &["shard", shard, "3"]);
        match shard {
            "1" => {
                run.has(&["generated 10 cases (4.0 MB) into io-tests/pairsum/"])
                    .has_line("AC   libs/cplib/examples/pairsum.rs on pairsum: 10 cases")
                    .has_line("1 of 1 verifications passed (shard 1/3; `--merge` puts the shards together)");
            }
            "2" => {
                run.has(&["no problem unionfind (a folder unionfind/ with an info.toml)"])
                    .has_line_starting("--   libs/cplib/examples/unionfind.rs: https://judge.yosupo.jp/problem/unionfind: the import of unionfind from ")
                    .has_line("0 of 1 verifications passed (shard 2/3; `--merge` puts the shards together)");
                assert!(
                    !ws.join("crates/pairsum").exists(),
                    "shard 2 imported shard 1's problem"
                );
            }
            _ => {
                run.has_line(
                    "0 of 0 verifications passed (shard 3/3; `--merge` puts the shards together)",
                );
            }
        }
        let report = format!(".verify/shard-{shard}.report");
        fs::copy(
            ws.join(&report),
            reports.join(format!("shard-{shard}.report")),
        )
        .unwrap();
        copies.push((ws, target));
    }

    // The merge job, in another copy, the artifacts downloaded.
    let (merge, merge_target) = copy(&base, "merge");
    copy_folder(&reports, &merge.join(".verify"));
    let run = job(&merge, &merge_target, 0, &["merge"]);
    run.has_line("AC   libs/cplib/examples/pairsum.rs on pairsum: 10 cases")
        .has_line("libs/cplib/src/lib.rs: verified by examples/pairsum.rs on pairsum")
        .has_line("1 of 2 verifications passed")
        .has(&["site: "]);
    assert!(merge.join(".verify/site/index.html").is_file());
    let times = merge.join(".verify/times.report");
    assert!(fs::read_to_string(&times)
        .unwrap()
        .starts_with("judge-verify-report 1\nall\n"));

    // The next run's shard 1 on a new machine, its cache and the times
    // restored: nothing generated, and the same part.
    let (again, again_target) = copy(&base, "again");
    copy_folder(
        &copies[0].0.join(".verify/cache"),
        &again.join(".verify/cache"),
    );
    fs::copy(&times, again.join(".verify/times.report")).unwrap();
    let run = job(&again, &again_target, 0, &["shard", "1", "3"]);
    run.has(&["the 10 generated cases of pairsum (4.0 MB) taken from the cache "])
        .has_line("AC   libs/cplib/examples/pairsum.rs on pairsum: 10 cases");
    assert!(
        !again_target
            .join("release/library-checker/pairsum")
            .exists(),
        "a generator was built"
    );
    let _ = fs::remove_dir_all(&base);
}
