//! `verify --libs` as a CI job matrix runs it (issue 65): two shards, each
//! in a copy of this repository of its own, each importing the Library
//! Checker problem its verification names (from the importer's miniature
//! repository) with a cache of generated tests; a third copy with the cache
//! restored generates nothing; the shards' reports merge.

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
/// `pairsum` added, its target folder beside it.
fn copy(base: &Path, name: &str) -> (PathBuf, PathBuf) {
    let ws = base.join(name);
    fs::create_dir_all(&ws).unwrap();
    copy_workspace(&source_root(), &ws);
    fs::write(ws.join("libs/cplib/examples/pairsum.rs"), PAIRSUM_RS).unwrap();
    (ws, base.join(format!("{name}-target")))
}

fn verify(ws: &Path, target: &Path, code: i32, args: &[&str]) -> crate::scaffold::Run {
    let mut command = Command::new(ws.join("scripts/verify.sh"));
    command
        .arg("--libs")
        .args(args)
        .current_dir(ws)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("JUDGE_RUNNER");
    expect(code, command)
}

#[test]
#[ignore = "builds the judge and the importer in three copies of the repository: CI runs it (--ignored)"]
fn shards_import_what_they_verify_a_cache_makes_nothing_twice_and_reports_merge() {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("library-shards");
    let _ = fs::remove_dir_all(&base);
    fs::create_dir_all(&base).unwrap();
    let repository = source_root().join("shared/import/tests/library-checker");
    let repository = repository.to_str().unwrap();
    let cache = base.join("cache");
    let cache = cache.to_str().unwrap();
    let report = |shard: &str| base.join(format!("shard-{shard}.report"));

    // Two verifications, by count one a shard: pairsum (the repository has
    // it) in shard 1, unionfind (it has not) in shard 2.
    let (one, one_target) = copy(&base, "one");
    let run = verify(
        &one,
        &one_target,
        0,
        &[
            "--shard",
            "1/2",
            "--import-from",
            repository,
            "--cache",
            cache,
            "--report",
            report("1").to_str().unwrap(),
        ],
    );
    run.has(&["generated 10 cases (4.0 MB) into io-tests/pairsum/"])
        .has_line("AC   libs/cplib/examples/pairsum.rs on pairsum: 10 cases")
        .has_line("1 of 1 verifications passed (shard 1/2; `--merge` puts the shards together)");
    let (two, two_target) = copy(&base, "two");
    let run = verify(
        &two,
        &two_target,
        0,
        &[
            "--shard",
            "2/2",
            "--import-from",
            repository,
            "--cache",
            cache,
            "--report",
            report("2").to_str().unwrap(),
        ],
    );
    run.has(&["no problem unionfind (a folder unionfind/ with an info.toml)"])
        .has_line_starting("--   libs/cplib/examples/unionfind.rs: https://judge.yosupo.jp/problem/unionfind: the import of unionfind from ")
        .has_line("0 of 1 verifications passed (shard 2/2; `--merge` puts the shards together)");
    assert!(
        !two.join("crates/pairsum").exists(),
        "shard 2 imported what shard 1 verifies"
    );

    // Shard 1 again on a new machine, the cache restored: nothing generated.
    let (three, three_target) = copy(&base, "three");
    let run = verify(
        &three,
        &three_target,
        0,
        &[
            "--shard",
            "1/2",
            "--import-from",
            repository,
            "--cache",
            cache,
        ],
    );
    run.has(&["the 10 generated cases of pairsum (4.0 MB) taken from the cache "])
        .has_line("AC   libs/cplib/examples/pairsum.rs on pairsum: 10 cases");
    assert!(
        !three_target
            .join("release/library-checker/pairsum")
            .exists(),
        "a generator was built"
    );

    // The reports merged, anywhere.
    let run = verify(
        &one,
        &one_target,
        0,
        &[
            "--merge",
            report("1").to_str().unwrap(),
            report("2").to_str().unwrap(),
        ],
    );
    run.has_line("AC   libs/cplib/examples/pairsum.rs on pairsum: 10 cases")
        .has_line("1 of 2 verifications passed");
    let _ = fs::remove_dir_all(&base);
}
