//! `judge verify`: its options, help and parser.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::{program_path, Problem};
use judge::commands::build::Build;
use judge::commands::libraries::{self, Outcome, Prepared};
use judge::commands::passed::Shared;
use judge::commands::progress::on_terminal;
use judge::commands::shards::{self, Entry, Report, Shard};
use judge::commands::site;
use judge::commands::verify::verify;
use judge::runner::Backend;
use judge::show::show_path;

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge verify [--root DIR] [--bin-dir DIR] [--all-cases] NAME
       judge verify [--root DIR] [--bin-dir DIR | --no-build] [--force] --libs
                    [--shard K/N [--times REPORT]] [--report FILE] [--site DIR]
                    [--import-from REPOSITORY [--cache DIR]]
       judge verify [--root DIR] --libs --merge [--report FILE] [--site DIR] REPORT...

Proves an imported contest package as problemtools' verifyproblem and
DOMjudge do: every example submission in crates/NAME/submissions/ (copied
there from the package) in C, C++, Python 3, Rust or Java is built (gcc,
g++, rustc, javac; python3 runs Python, java with -Xmx the memory limit
runs Java, skipped by name where they are not) and judged on every case
of NAME, and its
result compared with what it must get: its folder's verdict (accepted,
wrong_answer, time_limit_exceeded, run_time_error, partially_accepted), or
a DOMjudge tag in its source (@EXPECTED_RESULTS@: CORRECT, TIMELIMIT).
A submission's judging stops at the case that settles its result, as
DOMjudge's lazy evaluation and problemtools' on_reject: break stop: its
first case not accepted, or, where the package's test data groups say
on_reject: continue (the manifest's on-reject), the rest of each group
that breaks, the judging going on in the group above it (a partially
accepted one, of a scoring problem, is judged on every case); --all-cases judges every case, the full check
that a folder such as brute_force (never a WA anywhere) needs. The result
is the worst verdict over the cases judged (problemtools' default: RE,
then TLE, OLE, WA; a memory limit counts as RE); CE when it does not
build. A submission in another language, or a folder that names no
verdict, is skipped by name. Prints a line per submission, then `N of M
submissions as expected`; exits 0 when all are, 1 when one is not, 2 on a
usage or setup error. BIN-DIR (default the release folder) holds the
problem's built validator and, in verify/NAME/, the submissions' builds.
A manifest's [[package.metadata.judge.submission]] tables (an imported
Library Checker problem's solutions) list submissions with what they
must get: some case one of `expected`, every case one of `allowed`; the
judging goes on past an allowed verdict, and stops at an expected one. A
Library Checker problem's solutions run as its generate.py runs them:
the time limit, and no memory limit.

--libs verifies the workspace's own libraries (libs/NAME/) on problems:
each example of a library, libs/NAME/examples/X.rs, whose first lines
say `// verify: PROBLEM` (a problem's name, or its url, as
https://judge.yosupo.jp/problem/unionfind) is built and judged on that
problem's cases as `judge check` judges its submission; one whose problem
is not in the workspace is named with the command that imports it. A
verification that passed is not judged again while nothing it depends on
changed (the library files it uses, its program, the problem, the
judge): the record is check's; --force judges them all. Then each file of
each library is listed with the verifications that verify it (those that
use it and passed). Exits 0 when none failed, 1 when one did.

--shard K/N verifies the K-th of N parts, for a CI job matrix: the parts
are disjoint and cover every verification, balanced by the time each took
when last judged (from --times REPORT, the last merge's report) or by
count, and every machine splits alike. --report FILE writes what the run
found (each verification's outcome and time). --merge REPORT... puts the
shards' reports together and prints what one run would print, after a
line naming each shard without a report (exit 1 then, as when one
failed); with --report FILE it writes the merged report too.
--import-from REPOSITORY imports each Library Checker problem that a
verification of this run (of this shard, with --shard) names and the
workspace has not, from a clone of yosupo06/library-checker-problems, as
`judge import REPOSITORY NAME` does (--cache DIR: its generated tests kept
and found there, as `judge import --cache`). --site DIR
(a run of every verification, or --merge) writes the libraries' site:
static HTML, DIR/index.html listing each file as verified, failing or not
verified, and a page per file (the verifications that use it with their
times, its //! docs, its source) and per verification.";

/// `judge verify`'s options.
pub(crate) struct VerifyOptions {
    place: Place,
    /// What to verify: a problem's submissions, or the libraries.
    what: Verified,
}

/// What `judge verify` verifies.
#[derive(Debug, PartialEq, Eq)]
enum Verified {
    /// NAME: the problem's example submissions, every case judged with
    /// `all_cases`.
    Problem { name: String, all_cases: bool },
    /// `--libs`: the workspace's libraries, every verification judged again
    /// with `force`.
    Libraries(Libraries),
}

/// `verify --libs`'s settings.
#[derive(Debug, Default, PartialEq, Eq)]
struct Libraries {
    /// `--force`: judge every verification again.
    force: bool,
    /// `--shard K/N`: this part of the verifications alone.
    shard: Option<Shard>,
    /// `--times REPORT`: the times that balance the parts.
    times: Option<PathBuf>,
    /// `--report FILE`: where to write what the run found.
    report: Option<PathBuf>,
    /// `--merge REPORT...`: the shards' reports to put together.
    merge: Option<Vec<PathBuf>>,
    /// `--site DIR`: where to write the libraries' site.
    site: Option<PathBuf>,
    /// `--import-from REPOSITORY`: a Library Checker repository whose
    /// problems a verification names and the workspace has not are imported
    /// from.
    import_from: Option<PathBuf>,
    /// `--cache DIR`: where those imports keep and find generated tests.
    cache: Option<PathBuf>,
}

pub(crate) fn parse_verify(parser: &mut Parser) -> Result<VerifyOptions, Stop> {
    let mut place = Place::default();
    let mut values = Vec::new();
    let (mut libs, mut all_cases, mut merge) = (false, false, false);
    let mut settings = Libraries::default();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Long("no-build") => place.no_build = true,
            Long("libs") => libs = true,
            Long("force") => settings.force = true,
            Long("all-cases") => all_cases = true,
            Long("shard") => {
                let value = parser.value()?.string()?;
                settings.shard = Some(Shard::parse(&value).ok_or_else(|| {
                    Stop::mistake(format!(
                        "--shard {value}: K/N, the K-th of N parts (1 <= K <= N)"
                    ))
                })?);
            }
            Long("times") => settings.times = Some(file_path(parser.value()?)),
            Long("report") => settings.report = Some(file_path(parser.value()?)),
            Long("site") => settings.site = Some(file_path(parser.value()?)),
            Long("import-from") => settings.import_from = Some(file_path(parser.value()?)),
            Long("cache") => settings.cache = Some(file_path(parser.value()?)),
            Long("merge") => merge = true,
            Value(value) => values.push(value),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let library_options = settings.force
        || settings.shard.is_some()
        || settings.times.is_some()
        || settings.report.is_some()
        || settings.site.is_some()
        || settings.import_from.is_some()
        || settings.cache.is_some()
        || merge;
    let what = if libs {
        if all_cases {
            return Err(Stop::mistake(
                "--all-cases goes with a problem's NAME, not --libs".to_string(),
            ));
        }
        if merge {
            if settings.force || settings.shard.is_some() || settings.times.is_some() {
                return Err(Stop::mistake(
                    "--merge puts reports together: it takes no --force, --shard or --times",
                ));
            }
            if values.is_empty() {
                return Err(Stop::mistake(
                    "--merge takes the shards' reports: REPORT...",
                ));
            }
            settings.merge = Some(values.into_iter().map(file_path).collect());
        } else if let Some(value) = values.first() {
            return Err(Stop::mistake(format!(
                "--libs verifies the libraries, not a problem: drop {} or --libs",
                value.to_string_lossy()
            )));
        }
        if settings.times.is_some() && settings.shard.is_none() {
            return Err(Stop::mistake("--times balances the parts of --shard K/N"));
        }
        if settings.cache.is_some() && settings.import_from.is_none() {
            return Err(Stop::mistake(
                "--cache keeps the generated tests of --import-from's problems",
            ));
        }
        if merge && settings.import_from.is_some() {
            return Err(Stop::mistake("--merge imports nothing: no --import-from"));
        }
        if settings.site.is_some() && settings.shard.is_some() {
            return Err(Stop::mistake(
                "--site shows the whole library: with a run of every verification, or --merge",
            ));
        }
        Verified::Libraries(settings)
    } else if library_options || place.no_build {
        return Err(Stop::mistake(
            "--force, --no-build, --shard, --times, --report, --site, --import-from, --cache and --merge go with --libs"
                .to_string(),
        ));
    } else {
        let mut values = values.into_iter();
        let name = required(values.next(), "NAME (or --libs)")?.string()?;
        if let Some(extra) = values.next() {
            return Err(Stop::mistake(format!(
                "one problem at a time: {} is one too many",
                extra.to_string_lossy()
            )));
        }
        Verified::Problem { name, all_cases }
    };
    Ok(VerifyOptions { place, what })
}

/// `judge verify ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let options = parse_verify(parser)?;
    let (problem, all_cases) = match &options.what {
        Verified::Problem { name, all_cases } => (name.clone(), *all_cases),
        Verified::Libraries(settings) => return Ok(verify_libraries(&options.place, settings)),
    };
    let run = || -> Result<bool, String> {
        let root = options.place.root()?;
        let problem =
            Problem::load(&root, &problem).map_err(|error| format!("{problem}: {error}"))?;
        let bin_dir = options.place.bin_dir(&root);
        let mut stdout = io::stdout().lock();
        let (as_expected, all) = verify(&problem, &bin_dir, all_cases, on_terminal(), &mut stdout)
            .map_err(|error| format!("{}: {error}", problem.name))?;
        stdout.flush().map_err(|error| error.to_string())?;
        Ok(as_expected == all)
    };
    Ok(match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
    })
}

/// Imports each Library Checker problem that a verification of `prepared`
/// names and the workspace has not, from `repository` (the import tool,
/// built first, with `--cache`), then finds it: only this shard's
/// verifications' problems are imported.
fn import_missing(
    place: &Place,
    root: &std::path::Path,
    repository: &std::path::Path,
    cache: Option<&std::path::Path>,
    prepared: &mut [Prepared],
) -> Result<(), String> {
    let mut names: Vec<String> = prepared
        .iter()
        .filter(|item| item.problem.is_err())
        .filter_map(|item| {
            item.verification
                .target
                .strip_prefix("https://judge.yosupo.jp/problem/")
                .map(|name| name.trim_end_matches('/').to_string())
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        return Ok(());
    }
    let mut build = Build::default();
    build.binary("import", "import");
    let bin_dir = place.binaries(root, &build)?;
    let import = program_path(&bin_dir, "import");
    let mut refused = Vec::new();
    for name in names {
        let mut command = std::process::Command::new(&import);
        command
            .arg("--root")
            .arg(root)
            .arg("--bin-dir")
            .arg(&bin_dir)
            .arg(repository)
            .arg(&name);
        if let Some(cache) = cache {
            command.arg("--cache").arg(cache);
        }
        let status = command
            .status()
            .map_err(|error| format!("{}: {error}", show_path(&import)))?;
        if !status.success() {
            refused.push(name);
        }
    }
    for item in prepared.iter_mut().filter(|item| item.problem.is_err()) {
        let target = &item.verification.target;
        item.problem = libraries::problem_named(root, target).map_err(|error| {
            match refused.iter().find(|name| target.ends_with(name.as_str())) {
                Some(name) => format!(
                    "{target}: the import of {name} from {} was refused (its reason above)",
                    show_path(repository)
                ),
                None => error,
            }
        });
    }
    Ok(())
}

/// Writes the libraries' site into `dir`, and says where its index is.
fn write_site(
    root: &std::path::Path,
    prepared: &[Prepared],
    judged: &[libraries::Judged],
    dir: &std::path::Path,
) -> Result<(), String> {
    let pages = site::write_site(root, prepared, judged, dir)
        .map_err(|error| format!("the site in {}: {error}", show_path(dir)))?;
    println!(
        "site: {} pages in {}, from {}",
        pages.len(),
        show_path(dir),
        show_path(dir.join("index.html"))
    );
    Ok(())
}

/// `judge verify --libs`: builds each verification whose problem is in the
/// workspace (with what judges that problem), judges those not unchanged
/// since they passed, and says which library files are verified; or, with
/// `--merge`, puts the shards' reports together.
fn verify_libraries(place: &Place, settings: &Libraries) -> ExitCode {
    let run = || -> Result<bool, String> {
        let root = place.root()?;
        let prepared = libraries::prepare(&root).map_err(|error| error.to_string())?;
        if let Some(reports) = &settings.merge {
            let merged = shards::merge(&root, &prepared, reports)?;
            if let Some(path) = &settings.report {
                merged
                    .report
                    .write(path)
                    .map_err(|error| format!("{}: {error}", show_path(path)))?;
            }
            print!("{}", merged.lines);
            if let Some(dir) = &settings.site {
                write_site(&root, &prepared, &merged.judged, dir)?;
            }
            return Ok(merged.complete);
        }
        if prepared.is_empty() {
            println!(
                "no verifications: a library's examples/X.rs whose first lines say `// verify: PROBLEM` is one (libs/README.md)"
            );
            return Ok(true);
        }
        // The times that balance the parts, and that carry over to this
        // run's report for a verification not judged again.
        let times = match &settings.times {
            Some(path) => Report::read(path)?.times(),
            None => HashMap::new(),
        };
        let keys: Vec<String> = prepared
            .iter()
            .map(|item| libraries::record_key(&root, &item.verification))
            .collect();
        let owned: Vec<bool> = match settings.shard {
            Some(shard) => shards::split(&keys, &times, shard.count)
                .into_iter()
                .map(|index| index == shard.index)
                .collect(),
            None => vec![true; prepared.len()],
        };
        // This run's part: its verifications, and their keys.
        let (mut prepared, keys): (Vec<Prepared>, Vec<String>) = prepared
            .into_iter()
            .zip(keys)
            .zip(owned)
            .filter_map(|(item, owned)| owned.then_some(item))
            .unzip();
        let bin_dir = place.bin_dir(&root);
        if let Some(repository) = &settings.import_from {
            import_missing(
                place,
                &root,
                repository,
                settings.cache.as_deref(),
                &mut prepared,
            )?;
        }
        let mut build = Build::default();
        for item in &prepared {
            if let Ok(problem) = &item.problem {
                let verification = &item.verification;
                build.example(&verification.library.name, &verification.stem);
                build
                    .judges_of(problem)
                    .map_err(|error| format!("{}: {error}", problem.name))?;
            }
        }
        place.build(&root, &build)?;
        let runner = Backend::chosen().map_err(|error| error.to_string())?;
        let cargo = std::env::var_os("CARGO").map(PathBuf::from);
        let shared = Shared::of_tools(&root, runner.name(), cargo.as_deref()).ok();
        let shared_contents = Shared::of_tools_by_contents(&root, runner.name()).ok();
        let mut stdout = io::stdout().lock();
        let judged = libraries::judge_all(
            &root,
            &bin_dir,
            &prepared,
            shared,
            shared_contents,
            settings.force,
            &mut stdout,
        )
        .map_err(|error| error.to_string())?;
        let mut passed = 0;
        for ((item, judged), key) in prepared.iter().zip(&judged).zip(&keys) {
            let problem = item
                .problem
                .as_ref()
                .ok()
                .map(|problem| problem.name.as_str());
            passed += usize::from(matches!(judged.outcome, Outcome::Passed { .. }));
            let line = libraries::outcome_line(key, problem, &judged.outcome);
            writeln!(stdout, "{line}").map_err(|error| error.to_string())?;
        }
        let outcomes: Vec<Outcome> = judged.iter().map(|judged| judged.outcome.clone()).collect();
        match settings.shard {
            // The table is the whole library's: the merge prints it.
            Some(shard) => writeln!(
                stdout,
                "{passed} of {} verifications passed (shard {shard}; `--merge` puts the shards together)",
                prepared.len()
            ),
            None => {
                let problems: Vec<Option<&str>> = prepared
                    .iter()
                    .map(|item| item.problem.as_ref().ok().map(|problem| problem.name.as_str()))
                    .collect();
                let table = libraries::files_table(&root, &prepared, &outcomes, &problems)
                    .map_err(|error| error.to_string())?;
                write!(stdout, "{table}").and_then(|()| {
                    writeln!(stdout, "{passed} of {} verifications passed", prepared.len())
                })
            }
        }
        .map_err(|error| error.to_string())?;
        if let Some(dir) = &settings.site {
            write_site(&root, &prepared, &judged, dir)?;
        }
        if let Some(path) = &settings.report {
            let entries = keys
                .iter()
                .zip(&prepared)
                .zip(judged)
                .map(|((key, item), mut judged)| {
                    judged.millis = judged.millis.or_else(|| times.get(key).copied());
                    Entry {
                        key: key.clone(),
                        problem: item
                            .problem
                            .as_ref()
                            .ok()
                            .map(|problem| problem.name.clone()),
                        judged,
                    }
                })
                .collect();
            let report = Report {
                shard: settings.shard,
                entries,
            };
            report
                .write(path)
                .map_err(|error| format!("{}: {error}", show_path(path)))?;
        }
        Ok(!outcomes
            .iter()
            .any(|outcome| matches!(outcome, Outcome::Failed(_))))
    };
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
    }
}
