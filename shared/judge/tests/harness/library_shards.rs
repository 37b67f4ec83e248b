//! `verify --libs` as .github/workflows/verify.yml runs it (issue 65): its
//! jobs' commands (scripts/verify-libs-ci.sh) run here, each shard in a copy
//! of this repository of its own, importing the Library Checker problem its
//! verifications name from the importer's miniature repository (three
//! problems); one run of all of it, and the merge of the shards' reports,
//! in another copy, with the same lines; and the next run on a new machine
//! with the cache restored, which generates nothing and judges only what
//! changed.

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

/// A verification on `rangesum`: prefix sums.
const RANGESUM_RS: &str = "// verify: https://judge.yosupo.jp/problem/rangesum
use std::io::{Read, Write};

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<u64> = text.split_ascii_whitespace().map(|w| w.parse().unwrap()).collect();
    let (n, q) = (v[0] as usize, v[1] as usize);
    let mut prefix = vec![0u64; n + 1];
    for i in 0..n {
        prefix[i + 1] = prefix[i] + v[2 + i];
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for query in v[2 + n..2 + n + 2 * q].chunks(2) {
        writeln!(out, \"{}\", prefix[query[1] as usize] - prefix[query[0] as usize]).unwrap();
    }
}
";

/// A verification on `distinct`: sorted, then deduplicated.
const DISTINCT_RS: &str = "// verify: https://judge.yosupo.jp/problem/distinct
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut v: Vec<u64> = text.split_ascii_whitespace().skip(1).map(|w| w.parse().unwrap()).collect();
    v.sort_unstable();
    v.dedup();
    println!(\"{}\", v.len());
}
";

/// A copy of this repository in `base/NAME`, with verifications of the
/// miniature Library Checker repository's three problems added (beside
/// `unionfind.rs`, whose problem it has not), and that repository where the
/// workflow checks out the real one (`library-checker-problems/`); its
/// target folder beside it.
fn copy(base: &Path, name: &str) -> (PathBuf, PathBuf) {
    let ws = base.join(name);
    fs::create_dir_all(&ws).unwrap();
    copy_workspace(&source_root(), &ws);
    let examples = ws.join("libs/cplib/examples");
    fs::write(examples.join("pairsum.rs"), PAIRSUM_RS).unwrap();
    fs::write(examples.join("rangesum.rs"), RANGESUM_RS).unwrap();
    fs::write(examples.join("distinct.rs"), DISTINCT_RS).unwrap();
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

/// The lines of a report that say how each verification went (not those
/// of each case judged).
fn verification_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| {
            ["AC   libs/", "FAIL libs/", "--   libs/"]
                .iter()
                .any(|start| line.starts_with(start))
        })
        .collect()
}

#[test]
#[ignore = "builds the judge and the importer in five copies of the repository: CI runs it (--ignored)"]
fn the_workflows_jobs_run_here_each_shard_in_a_copy_of_its_own() {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("library-shards");
    let _ = fs::remove_dir_all(&base);
    fs::create_dir_all(&base).unwrap();

    // The matrix's jobs, each in a copy of its own, as .verify/cache and
    // the reports would be restored and uploaded. By count (no times yet),
    // of the verifications distinct, pairsum, rangesum (three problems the
    // repository has) and unionfind (it has not), shard 1 has distinct and
    // unionfind, shard 2 pairsum, shard 3 rangesum: each imports its own.
    let reports = base.join("artifacts");
    fs::create_dir_all(&reports).unwrap();
    for shard in ["1", "2", "3"] {
        let (ws, target) = copy(&base, &format!("shard-{shard}"));
        let run = job(&ws, &target, 0, &["shard", shard, "3"]);
        let mine = match shard {
            "1" => {
                run.has(&["no problem unionfind (a folder unionfind/ with an info.toml)"])
                    .has_line("AC   libs/cplib/examples/distinct.rs on distinct: 8 cases")
                    .has_line_starting("--   libs/cplib/examples/unionfind.rs: https://judge.yosupo.jp/problem/unionfind: the import of unionfind from ")
                    .has_line("1 of 2 verifications passed (shard 1/3; `--merge` puts the shards together)");
                "distinct"
            }
            "2" => {
                run.has(&["generated 10 cases (4.0 MB) into io-tests/pairsum/"])
                    .has_line("AC   libs/cplib/examples/pairsum.rs on pairsum: 10 cases")
                    .has_line("1 of 1 verifications passed (shard 2/3; `--merge` puts the shards together)");
                "pairsum"
            }
            _ => {
                run.has_line("AC   libs/cplib/examples/rangesum.rs on rangesum: 5 cases")
                    .has_line("1 of 1 verifications passed (shard 3/3; `--merge` puts the shards together)");
                "rangesum"
            }
        };
        for problem in ["distinct", "pairsum", "rangesum"] {
            assert_eq!(
                ws.join("crates").join(problem).exists(),
                problem == mine,
                "shard {shard} and {problem}"
            );
        }
        let report = format!(".verify/shard-{shard}.report");
        fs::copy(
            ws.join(&report),
            reports.join(format!("shard-{shard}.report")),
        )
        .unwrap();
        fs::remove_dir_all(&ws).unwrap();
        fs::remove_dir_all(&target).unwrap();
    }

    // One run of all of it (a single shard), then the merge job as the
    // workflow runs it: a fresh checkout, nothing imported in it, the
    // shards' reports downloaded (the target folder is the single run's,
    // to build less): the same lines.
    let (single_run, merge_target) = copy(&base, "single");
    let single = job(&single_run, &merge_target, 0, &["shard", "1", "1"]);
    single.has_line("3 of 4 verifications passed (shard 1/1; `--merge` puts the shards together)");
    let cache = single_run.join(".verify/cache");
    let (merge, _) = copy(&base, "merge");
    copy_folder(&reports, &merge.join(".verify"));
    let merged = job(&merge, &merge_target, 0, &["merge"]);
    merged
        .has_line("libs/cplib/src/lib.rs: verified by examples/distinct.rs on distinct, examples/pairsum.rs on pairsum, examples/rangesum.rs on rangesum")
        .has_line("3 of 4 verifications passed")
        .has(&["site: "]);
    assert_eq!(
        verification_lines(&merged.stdout),
        verification_lines(&single.stdout),
        "the merge of three shards, and one run"
    );
    assert_eq!(verification_lines(&merged.stdout).len(), 4);
    // The site: lib.rs verified by the three, its page naming each.
    let site = fs::read_to_string(merge.join(".verify/site/index.html")).unwrap();
    assert!(
        site.contains("<a href=\"cplib/src/lib.rs.html\">cplib/src/lib.rs</a></td><td>3</td>"),
        "{site}"
    );
    let page = fs::read_to_string(merge.join(".verify/site/cplib/src/lib.rs.html")).unwrap();
    for name in ["distinct", "pairsum", "rangesum"] {
        assert!(
            page.contains(&format!("examples/{name}.rs")),
            "{name}: {page}"
        );
    }
    let times = fs::read_to_string(merge.join(".verify/times.report")).unwrap();
    assert!(times.starts_with("judge-verify-report 1\nall\n"), "{times}");

    // A shard that left no report is named.
    fs::remove_file(merge.join(".verify/shard-3.report")).unwrap();
    job(&merge, &merge_target, 1, &["merge"])
        .has_line("shard 3/3: no report (the shard failed or did not run)")
        .has_line("--   libs/cplib/examples/rangesum.rs: in a shard that left no report");

    // The next run on a new machine, its cache restored (the generated
    // tests, and the record in the target folder), one verification
    // changed: nothing generated, and only that one judged.
    let (again, again_target) = copy(&base, "again");
    copy_folder(&cache, &again.join(".verify/cache"));
    // The last merge's times too, as the workflow restores them (so the
    // shard runs with --times).
    fs::write(again.join(".verify/times.report"), &times).unwrap();
    copy_folder(
        &merge_target.join("release/judge-passed"),
        &again_target.join("release/judge-passed"),
    );
    let changed = again.join("libs/cplib/examples/rangesum.rs");
    fs::write(&changed, format!("{RANGESUM_RS}// changed\n")).unwrap();
    let run = job(&again, &again_target, 0, &["shard", "1", "1"]);
    run.has(&["the 10 generated cases of pairsum (4.0 MB) taken from the cache "])
        .has(&["the 8 generated cases of distinct "])
        .has_line("AC   libs/cplib/examples/pairsum.rs on pairsum: 10 cases (not judged again: nothing it depends on changed)")
        .has_line("AC   libs/cplib/examples/distinct.rs on distinct: 8 cases (not judged again: nothing it depends on changed)")
        .has_line("AC   libs/cplib/examples/rangesum.rs on rangesum: 5 cases");
    assert!(
        !run.stdout.contains(" into io-tests/"),
        "a test was generated\n{}",
        run.stdout
    );
    // A verification not judged again keeps the time the last merge gave it.
    let millis_of = |report: &str, problem: &str| {
        (report.lines())
            .map(|line| line.split('\t').collect::<Vec<_>>())
            .find(|fields| fields.get(1) == Some(&problem) && fields.get(2) == Some(&"passed"))
            .and_then(|fields| fields.get(5).map(|millis| millis.to_string()))
    };
    let last = millis_of(&times, "pairsum").expect("pairsum in the merge's times");
    assert!(last.parse::<u64>().is_ok(), "{times}");
    let report = fs::read_to_string(again.join(".verify/shard-1.report")).unwrap();
    assert_eq!(millis_of(&report, "pairsum"), Some(last), "{report}");
    assert!(
        !again_target.join("release/library-checker").exists(),
        "a generator was built"
    );
    let _ = fs::remove_dir_all(&base);
}
