//! `judge verify`: a contest package's example submissions, each built and
//! judged on every case of its problem, its result compared with what it must
//! be, as problemtools' `verifyproblem` and DOMjudge prove a package.
//!
//! What a submission must get is the folder it is in (`submissions/accepted/`,
//! `wrong_answer/`, `time_limit_exceeded/`, `run_time_error/`,
//! `partially_accepted/`; 2025-09's `rejected/` and `brute_force/`), or a
//! DOMjudge tag in its source,
//! `@EXPECTED_RESULTS@: CORRECT, TIMELIMIT`, which then says it. Its result
//! is problemtools' default: the worst verdict over the cases, by the order
//! tool failure, RE (a memory limit counts as one), TLE, OLE, WA; AC when
//! every case passed. A partially accepted submission passes some secret
//! case and fails another.
//!
//! A submission is a file or a folder in C, C++, Python 3 or Rust (see
//! [`crate::cases::programs`]); any other is skipped, by name.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::cases::problem::Problem;
use crate::cases::programs::{Language, Sources};
use crate::cases::suite::discover;
use crate::commands::check::{check_cases_noting, Judges, Noted, Style};
use crate::commands::progress::Progress;
use crate::show::show_path;

/// The folders of a package's `submissions/` and what each must get.
const FOLDERS: [(&str, Expected); 7] = [
    ("accepted", Expected::Accepted),
    ("wrong_answer", Expected::Results(&["WA"])),
    ("time_limit_exceeded", Expected::Results(&["TLE"])),
    ("run_time_error", Expected::Results(&["RE", "MLE"])),
    ("partially_accepted", Expected::Partially),
    // 2025-09: some case not accepted, by the submission's own verdict.
    (
        "rejected",
        Expected::Results(&["RE", "MLE", "TLE", "OLE", "WA"]),
    ),
    ("brute_force", Expected::BruteForce),
];

/// What a submission must get.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// AC on every case.
    Accepted,
    /// A result among these verdicts' codes.
    Results(&'static [&'static str]),
    /// A DOMjudge tag's results, as codes (`CORRECT` is `AC`).
    Tagged(Vec<&'static str>),
    /// Some secret case passed and another not.
    Partially,
    /// Too slow or crashed somewhere, never a wrong answer (2025-09's
    /// `brute_force/`).
    BruteForce,
    /// As the manifest lists it (a Library Checker problem's `expect` and
    /// `allow_*`, a Polygon package's tag): some case gets one of
    /// `expected` (when it names any), and every case one of `allowed` or
    /// of `expected`.
    Listed {
        expected: Vec<String>,
        allowed: Vec<String>,
    },
}

impl Expected {
    /// Whether a case's verdict `code` settles what the submission gets, so
    /// that its judging stops there: its first case not accepted, as
    /// DOMjudge's lazy evaluation and problemtools' `on_reject: break` stop.
    /// A listed submission goes on past a verdict it is allowed and not
    /// expected (Polygon's `time-limit-exceeded-or-accepted` past a TLE); a
    /// partially accepted one (a scoring problem's) is judged on every case.
    fn settled_by(&self, code: &str) -> bool {
        match self {
            Expected::Partially => false,
            Expected::Listed { expected, allowed } => {
                let among = |codes: &[String]| codes.iter().any(|known| known == code);
                code != "AC" && (among(expected) || !among(allowed))
            }
            _ => code != "AC",
        }
    }

    fn describe(&self) -> String {
        match self {
            Expected::Accepted => "AC".to_string(),
            Expected::Results(codes) => codes.join(" or "),
            Expected::Tagged(codes) => codes.join(" or "),
            Expected::Partially => "some secret case AC, another not".to_string(),
            Expected::BruteForce => "RE or TLE, and no WA".to_string(),
            Expected::Listed { expected, allowed } => {
                let mut every: Vec<&String> = allowed.iter().chain(expected).collect();
                every.sort();
                every.dedup();
                let every = every
                    .iter()
                    .map(|code| code.as_str())
                    .collect::<Vec<_>>()
                    .join(" or ");
                if expected.is_empty() {
                    format!("every case {every}")
                } else {
                    format!("{} on some case, every case {every}", expected.join(" or "))
                }
            }
        }
    }
}

/// One example submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Its file or folder.
    pub path: PathBuf,
    /// Its path from `submissions/`, for the report.
    pub name: String,
    pub expected: Expected,
}

/// The codes of DOMjudge's result names.
fn domjudge_result(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "CORRECT" | "ACCEPTED" => &["AC"],
        "WRONG-ANSWER" | "WRONG_ANSWER" | "NO-OUTPUT" => &["WA"],
        "TIMELIMIT" | "TIME_LIMIT_EXCEEDED" => &["TLE"],
        "RUN-ERROR" | "RUN_TIME_ERROR" => &["RE", "MLE"],
        "MEMORY-LIMIT" => &["MLE"],
        "OUTPUT-LIMIT" => &["OLE"],
        "COMPILER-ERROR" => &["CE"],
        _ => return None,
    })
}

/// A DOMjudge `@EXPECTED_RESULTS@:` tag in `text`: its results, as codes.
///
/// # Errors
/// A tag naming a result DOMjudge has not.
fn tag(text: &str) -> Result<Option<Vec<&'static str>>, String> {
    let marker = "@EXPECTED_RESULTS@:";
    let upper = text.to_ascii_uppercase();
    let Some(at) = upper.find(marker) else {
        return Ok(None);
    };
    let rest = &upper[at + marker.len()..];
    let line = rest.lines().next().unwrap_or("");
    let mut codes = Vec::new();
    for name in line
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
    {
        let name = name.trim_end_matches(['*', '/']).trim();
        let found = domjudge_result(name)
            .ok_or_else(|| format!("@EXPECTED_RESULTS@: unknown result {name}"))?;
        codes.extend_from_slice(found);
    }
    Ok(Some(codes))
}

/// The example submissions under `dir` (a `submissions/` folder), and the
/// ones skipped, each with why.
///
/// # Errors
/// When a folder cannot be read, or a tag is malformed.
pub fn submissions(dir: &Path) -> io::Result<(Vec<Submission>, Vec<String>)> {
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    let mut folders: Vec<PathBuf> = fs::read_dir(dir)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    folders.sort();
    for folder in folders {
        let name = folder
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some((_, expected)) = FOLDERS.iter().find(|(known, _)| *known == name) else {
            // The 2025-09 format's metadata: the importer carries what it
            // says into the manifest.
            if !name.starts_with('.') && name != "submissions.yaml" {
                skipped.push(format!("{name}/: not a verdict's folder"));
            }
            continue;
        };
        if !folder.is_dir() {
            continue;
        }
        let mut entries: Vec<PathBuf> = fs::read_dir(&folder)?
            .map(|entry| entry.map(|entry| entry.path()))
            .collect::<io::Result<_>>()?;
        entries.sort();
        for path in entries {
            let file_name = path.file_name().unwrap_or_default().to_string_lossy();
            // A hidden file (`.gitkeep`, which keeps an empty folder in git)
            // is no submission.
            if file_name.starts_with('.') {
                continue;
            }
            let shown = format!("{name}/{file_name}");
            let sources = match Sources::find(&path) {
                Ok(sources) if is_python2(&sources) => {
                    skipped.push(format!("{shown}: Python 2 (its first line says so)"));
                    continue;
                }
                Ok(sources) if sources.language == Language::Java && !java_here() => {
                    skipped.push(format!(
                        "{shown}: Java, which this machine cannot run (no javac and java on PATH)"
                    ));
                    continue;
                }
                Ok(sources) => sources,
                Err(_) => {
                    skipped.push(format!("{shown}: not C, C++, Python 3, Rust or Java"));
                    continue;
                }
            };
            let mut tagged = None;
            for file in &sources.files {
                let text = fs::read_to_string(file).unwrap_or_default();
                if let Some(codes) = tag(&text).map_err(|error| {
                    io::Error::new(io::ErrorKind::InvalidData, format!("{shown}: {error}"))
                })? {
                    tagged = Some(codes);
                }
            }
            found.push(Submission {
                path,
                name: shown,
                expected: tagged.map_or_else(|| expected.clone(), Expected::Tagged),
            });
        }
    }
    Ok((found, skipped))
}

/// Whether this machine builds and runs Java: `javac` and `java` on `PATH`.
pub fn java_here() -> bool {
    let paths = std::env::var_os("PATH").unwrap_or_default();
    ["javac", "java"].iter().all(|name| {
        std::env::split_paths(&paths).any(|folder| {
            folder
                .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
                .is_file()
        })
    })
}

/// Whether a Python program is Python 2, as problemtools tells: its first
/// line is a `#!` naming `python2`.
fn is_python2(sources: &Sources) -> bool {
    sources.language == Language::Python
        && sources.files.iter().any(|file| {
            let text = fs::read_to_string(file).unwrap_or_default();
            let first = text.lines().next().unwrap_or_default();
            first.starts_with("#!")
                && first
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|word| word == "python2")
        })
}

/// problemtools' order of verdicts, worst first (a tool failure, then RE,
/// MLE, TLE, OLE, WA), then a checker's partial results (testlib's
/// partially correct, points short of full).
const WORST_FIRST: [&str; 10] = [
    "ERR", "FAIL", "INVALID", "RE", "MLE", "TLE", "OLE", "WA", "PC", "PTS",
];

/// A submission's result: its worst verdict, `AC` when every case passed,
/// `CE` when it could not be built.
pub fn result(verdicts: &[&str]) -> &'static str {
    WORST_FIRST
        .iter()
        .find(|code| verdicts.contains(code))
        .copied()
        .unwrap_or("AC")
}

/// Whether a submission whose cases (named, samples first) got `verdicts`
/// got what it must.
pub fn as_expected(expected: &Expected, result: &str, names: &[String], verdicts: &[&str]) -> bool {
    match expected {
        Expected::Accepted => result == "AC" && !verdicts.is_empty(),
        Expected::Results(codes) => codes.contains(&result),
        Expected::Tagged(codes) => codes.contains(&result),
        Expected::Partially => {
            let secret: Vec<&str> = (names.iter().zip(verdicts))
                .filter(|(name, _)| !name.starts_with("sample"))
                .map(|(_, code)| *code)
                .collect();
            secret.contains(&"AC") && secret.iter().any(|code| *code != "AC")
        }
        Expected::BruteForce => {
            matches!(result, "RE" | "MLE" | "TLE")
                && !verdicts.iter().any(|code| matches!(*code, "WA" | "OLE"))
        }
        Expected::Listed { expected, allowed } => {
            let among = |codes: &[String], code: &str| codes.iter().any(|known| known == code);
            !verdicts.is_empty()
                && verdicts
                    .iter()
                    .all(|code| among(allowed, code) || among(expected, code))
                && (expected.is_empty() || verdicts.iter().any(|code| among(expected, code)))
        }
    }
}

/// The problem as `submission` is judged on it: a Library Checker
/// problem's listed solution as that repository's `generate.py` judges it,
/// under the time limit and no memory limit (so AC, WA, RE or TLE, never
/// MLE), with a stack as large as the site gives; every other submission
/// under the problem's own limits, as the site or contest judges it.
fn judged_as(problem: &Problem, submission: &Submission) -> Problem {
    let listed_by_library_checker = matches!(submission.expected, Expected::Listed { .. })
        && problem.generated_cases.as_deref() == Some("library-checker");
    if !listed_by_library_checker {
        return problem.clone();
    }
    Problem {
        memory_limit_mb: None,
        stack_limit_mb: problem.stack_limit_mb.or(problem.memory_limit_mb),
        ..problem.clone()
    }
}

/// Builds and judges each submission of `problem` (in its crate's
/// `submissions/`), a line each, closing with `N of M submissions as
/// expected`; the skipped ones are named. A submission's judging stops at
/// the case that settles its result ([`Expected::settled_by`]) unless
/// `all_cases`. A Library Checker problem's listed solutions run as its
/// repository's `generate.py` runs them, under the time limit and no memory
/// limit ([`judged_as`]). Binaries go to `bin_dir/verify/<problem>/`.
/// With `show_progress` (a terminal), a bar over every submission's cases
/// says which runs.
///
/// # Errors
/// When `submissions/` or the cases cannot be read, the problem's output
/// validator cannot be made ready, or writing to `out` fails.
pub fn verify(
    problem: &Problem,
    bin_dir: &Path,
    all_cases: bool,
    show_progress: bool,
    out: &mut dyn Write,
) -> io::Result<(usize, usize)> {
    if problem.interactive
        && problem.output_validator.is_none()
        && problem.testlib_interactor.is_none()
    {
        return Err(io::Error::other(
            "an interactive problem judged by its crate's interactor (src/bin/interact.rs): only a package's is verified (its output validator, or its testlib-interactor, talks to the program)",
        ));
    }
    let dir = problem.manifest_dir.join("submissions");
    let listed = problem.listed_submissions()?;
    if !dir.is_dir() && listed.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "{}: no submissions/ to verify (an imported package's are copied there)",
                show_path(&dir)
            ),
        ));
    }
    let (mut found, mut skipped) = if dir.is_dir() {
        submissions(&dir)?
    } else {
        (Vec::new(), Vec::new())
    };
    // The manifest's list first, in its order; a file it lists in
    // submissions/ itself is no folder passed over.
    let mut listed_found = Vec::new();
    for submission in listed {
        let name = show_path(
            submission
                .path
                .strip_prefix(&problem.manifest_dir)
                .unwrap_or(&submission.path),
        );
        skipped.retain(|skip| {
            !skip.starts_with(&format!("{}/: ", name.trim_start_matches("submissions/")))
        });
        match Sources::find(&submission.path) {
            Err(_) => {
                skipped.push(format!("{name}: not C, C++, Python 3, Rust or Java"));
                continue;
            }
            Ok(sources) if sources.language == Language::Java && !java_here() => {
                skipped.push(format!(
                    "{name}: Java, which this machine cannot run (no javac and java on PATH)"
                ));
                continue;
            }
            Ok(_) => {}
        }
        listed_found.push(Submission {
            path: submission.path,
            name,
            expected: Expected::Listed {
                expected: submission.expected,
                allowed: submission.allowed,
            },
        });
    }
    // A submission listed is judged as its table says, not again by its folder.
    found.retain(|submission| {
        !listed_found
            .iter()
            .any(|listed| listed.path == submission.path)
    });
    listed_found.append(&mut found);
    let found = listed_found;
    let names: Vec<String> = discover(&problem.io_tests_dir)?
        .cases
        .into_iter()
        .map(|case| case.name)
        .collect();
    let checking = problem.prepared_checking(bin_dir)?;
    let interactor = problem.prepared_interactor(bin_dir)?;
    let judges = Judges {
        validator: None,
        input_validators: &[],
        checking: &checking,
        interactor: interactor.as_deref(),
    };
    let build_dir = bin_dir.join("verify").join(&problem.name);
    let per_submission = names.len() as u64;
    let progress = Progress::new(show_progress, per_submission * found.len() as u64, "cases");
    let out = &mut progress.above(out);
    let mut as_expected_count = 0;
    for (index, submission) in found.iter().enumerate() {
        let before = per_submission * index as u64;
        progress.set_done(before);
        progress.running(format!("{} (building)", submission.name));
        let stem = submission.name.replace(['/', '.', ' '], "-");
        let judged_problem = judged_as(problem, submission);
        let problem = &judged_problem;
        let prepared = problem
            .sources(&submission.path)
            .and_then(|sources| sources.prepare(&build_dir.join(&stem)))
            .map(|prepared| prepared.within(problem.memory_limit_mb))
            .and_then(|prepared| prepared.as_one_file(&build_dir.join(format!("{stem}-run"))));
        let (result, verdicts, detail) = match prepared {
            Err(error) => {
                let first = error
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string();
                ("CE", Vec::new(), first)
            }
            Ok(program) => {
                let settled = |code: &str| submission.expected.settled_by(code);
                let on_case = |judged: usize, case: &str| {
                    progress.set_done(before + judged as u64);
                    progress.running(format!("{} on {case}", submission.name));
                };
                let mut noted = Noted {
                    settled: (!all_cases).then_some(&settled as &dyn Fn(&str) -> bool),
                    on_case: Some(&on_case),
                    ..Noted::default()
                };
                let mut report = Vec::new();
                let summary = check_cases_noting(
                    problem,
                    &program,
                    &judges,
                    None,
                    &mut report,
                    Style::Plain,
                    &mut noted,
                )?;
                let mut verdicts = noted.verdicts;
                let mut judged_names = noted.judged;
                if summary.passed + summary.failed > verdicts.len() {
                    // Failed before any case was judged.
                    verdicts.push("ERR");
                    judged_names.push(String::new());
                }
                let result = result(&verdicts);
                let judged = verdicts.len();
                let detail = match judged_names
                    .iter()
                    .zip(&verdicts)
                    .find(|(_, code)| **code == result)
                {
                    _ if result == "AC" => format!("{} of {judged} cases AC", summary.passed),
                    // A tool's failure: what failed, from the report.
                    Some(_) if result == "ERR" => String::from_utf8_lossy(&report)
                        .lines()
                        .find(|line| line.starts_with("ERR"))
                        .unwrap_or_default()
                        .to_string(),
                    Some((name, _))
                        if judged < names.len() && judged_names.last() == Some(name) =>
                    {
                        format!(
                            "{result} on {name}, which settles it: {judged} of {} cases judged, {} AC",
                            names.len(),
                            summary.passed
                        )
                    }
                    // A group that breaks ended, one above it went on.
                    Some((name, _)) if judged < names.len() => format!(
                        "{result} first on {name}: {judged} of {} cases judged (a group's rest skipped where it breaks), {} AC",
                        names.len(),
                        summary.passed
                    ),
                    Some((name, _)) => format!(
                        "{result} first on {name}, {} of {judged} cases AC",
                        summary.passed
                    ),
                    None => String::from_utf8_lossy(&report)
                        .lines()
                        .find(|line| line.starts_with("ERR"))
                        .unwrap_or_default()
                        .to_string(),
                };
                (result, verdicts, detail)
            }
        };
        // Its cases not judged are done too.
        progress.set_done(before + per_submission);
        let expected = as_expected(&submission.expected, result, &names, &verdicts);
        as_expected_count += usize::from(expected);
        writeln!(
            out,
            "{result:<4} {}: {} ({detail})",
            submission.name,
            if expected {
                "as expected".to_string()
            } else {
                format!(
                    "NOT as expected, which is {}",
                    submission.expected.describe()
                )
            }
        )?;
    }
    for skipped in &skipped {
        writeln!(out, "skipped {skipped}")?;
    }
    writeln!(
        out,
        "{as_expected_count} of {} submissions as expected",
        found.len()
    )?;
    Ok((as_expected_count, found.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_the_worst_verdict() {
        assert_eq!(result(&["AC", "AC"]), "AC");
        assert_eq!(result(&["AC", "WA", "TLE"]), "TLE");
        assert_eq!(result(&["WA", "MLE", "RE"]), "RE");
        assert_eq!(result(&["OLE", "WA"]), "OLE");
        assert_eq!(result(&["AC", "FAIL", "RE"]), "FAIL");
    }

    #[test]
    fn a_listed_submission_gets_an_expected_verdict_and_only_allowed_ones() {
        let listed = |expected: &[&str], allowed: &[&str]| Expected::Listed {
            expected: expected.iter().map(|code| code.to_string()).collect(),
            allowed: allowed.iter().map(|code| code.to_string()).collect(),
        };
        let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let judged = |expected: &Expected, verdicts: &[&str]| {
            as_expected(expected, result(verdicts), &names, verdicts)
        };
        // Library Checker's `expect = "TLE"`: TLE somewhere, else AC.
        let tle = listed(&["TLE"], &["AC"]);
        assert!(judged(&tle, &["AC", "TLE", "TLE"]));
        assert!(!judged(&tle, &["AC", "AC", "AC"]), "no TLE");
        assert!(!judged(&tle, &["AC", "TLE", "WA"]), "a WA not allowed");
        // With `allow_wa = true`.
        assert!(judged(
            &listed(&["TLE"], &["AC", "WA"]),
            &["AC", "TLE", "WA"]
        ));
        // Polygon's time-limit-exceeded-or-accepted: nothing needed.
        let either = listed(&[], &["AC", "TLE"]);
        assert!(judged(&either, &["AC", "AC", "AC"]));
        assert!(judged(&either, &["TLE", "AC", "TLE"]));
        assert!(!judged(&either, &["AC", "RE", "AC"]));
        assert!(!judged(&either, &[]), "no case is no pass");
        assert_eq!(tle.describe(), "TLE on some case, every case AC or TLE");
        assert_eq!(either.describe(), "every case AC or TLE");
        // Polygon's accepted and rejected, where points are no rejection:
        // a partial solution is accepted, never rejected.
        let accepted = listed(&[], &["AC", "PTS", "PC"]);
        let rejected = listed(
            &["WA", "RE", "MLE", "TLE", "OLE"],
            &["AC", "PTS", "PC", "WA", "RE", "MLE", "TLE", "OLE"],
        );
        assert!(judged(&accepted, &["AC", "PTS", "PC"]));
        assert!(!judged(&accepted, &["AC", "PTS", "WA"]));
        assert!(!judged(&rejected, &["AC", "PTS", "PC"]));
        assert!(judged(&rejected, &["AC", "PTS", "WA"]));
    }

    #[test]
    fn judging_stops_at_the_case_that_settles_the_result() {
        let listed = |expected: &[&str], allowed: &[&str]| Expected::Listed {
            expected: expected.iter().map(|code| code.to_string()).collect(),
            allowed: allowed.iter().map(|code| code.to_string()).collect(),
        };
        // Folders and tags: the first case not accepted.
        for expected in [
            Expected::Accepted,
            Expected::Results(&["TLE"]),
            Expected::Tagged(vec!["AC", "TLE"]),
            Expected::BruteForce,
        ] {
            assert!(!expected.settled_by("AC"), "{expected:?}");
            for code in ["WA", "TLE", "RE", "ERR", "FAIL"] {
                assert!(expected.settled_by(code), "{expected:?} {code}");
            }
        }
        // A scoring problem's partially accepted submission: every case.
        assert!(!Expected::Partially.settled_by("WA"));
        // Library Checker's `expect = "TLE"` with `allow_wa`: on past a WA,
        // stopped by the TLE it must get or by a verdict not allowed.
        let naive = listed(&["TLE"], &["AC", "WA"]);
        assert!(!naive.settled_by("AC"));
        assert!(!naive.settled_by("WA"));
        assert!(naive.settled_by("TLE"));
        assert!(naive.settled_by("RE"));
        // Polygon's time-limit-exceeded-or-accepted: nothing settles it early
        // but a verdict it may not get.
        let either = listed(&[], &["AC", "TLE"]);
        assert!(!either.settled_by("TLE"));
        assert!(either.settled_by("WA"));
    }

    #[test]
    fn a_library_checker_solution_runs_without_a_memory_limit() {
        let dir = crate::scratch::tempdir().unwrap();
        let problem = Problem {
            memory_limit_mb: Some(1024),
            generated_cases: Some("library-checker".to_string()),
            ..Problem::plain(
                "lc",
                dir.path(),
                dir.path(),
                std::time::Duration::from_secs(2),
            )
        };
        let submission = |expected| Submission {
            path: dir.path().join("sol/naive.cpp"),
            name: "sol/naive.cpp".to_string(),
            expected,
        };
        let naive = submission(Expected::Listed {
            expected: vec!["TLE".to_string()],
            allowed: vec!["AC".to_string()],
        });
        let limits = judged_as(&problem, &naive).limits();
        assert_eq!((limits.memory_mb, limits.stack_mb), (None, Some(1024)));
        // A user's own submission is judged as the site judges it.
        let own = submission(Expected::Accepted);
        assert_eq!(judged_as(&problem, &own).limits(), problem.limits());
        // A Polygon package's listed solution keeps the problem's limits.
        let polygon = Problem {
            generated_cases: None,
            ..problem.clone()
        };
        assert_eq!(judged_as(&polygon, &naive).limits(), polygon.limits());
    }

    #[test]
    fn what_a_submission_must_get() {
        let names: Vec<String> = ["sample-1", "secret-1", "secret-2"]
            .map(String::from)
            .to_vec();
        assert!(as_expected(
            &Expected::Accepted,
            "AC",
            &names,
            &["AC", "AC", "AC"]
        ));
        assert!(
            !as_expected(&Expected::Accepted, "AC", &names, &[]),
            "no case is no pass"
        );
        let runtime = Expected::Results(&["RE", "MLE"]);
        assert!(as_expected(&runtime, "MLE", &names, &["AC", "MLE", "AC"]));
        assert!(!as_expected(&runtime, "TLE", &names, &["AC", "TLE", "AC"]));
        let partially = Expected::Partially;
        assert!(as_expected(&partially, "WA", &names, &["AC", "AC", "WA"]));
        assert!(
            !as_expected(&partially, "WA", &names, &["AC", "WA", "WA"]),
            "a sample is not enough"
        );
        assert!(!as_expected(&partially, "AC", &names, &["AC", "AC", "AC"]));
        assert!(!as_expected(&partially, "WA", &names, &["WA", "WA", "WA"]));
        let tagged = Expected::Tagged(vec!["AC", "TLE"]);
        assert!(as_expected(&tagged, "TLE", &names, &["AC", "TLE", "AC"]));
        let brute = Expected::BruteForce;
        assert!(as_expected(&brute, "TLE", &names, &["AC", "TLE", "AC"]));
        assert!(as_expected(&brute, "MLE", &names, &["AC", "MLE", "TLE"]));
        assert!(as_expected(&brute, "RE", &names, &["AC", "RE", "TLE"]));
        assert!(
            !as_expected(&brute, "TLE", &names, &["WA", "TLE", "AC"]),
            "a wrong answer anywhere"
        );
        assert!(!as_expected(&brute, "TLE", &names, &["AC", "TLE", "OLE"]));
        assert!(!as_expected(&brute, "AC", &names, &["AC", "AC", "AC"]));
        let (_, rejected) = FOLDERS
            .iter()
            .find(|(name, _)| *name == "rejected")
            .unwrap();
        assert!(as_expected(rejected, "WA", &names, &["AC", "WA", "AC"]));
        assert!(!as_expected(rejected, "AC", &names, &["AC", "AC", "AC"]));
        assert!(
            !as_expected(rejected, "FAIL", &names, &["AC", "FAIL", "AC"]),
            "a validator's failure is not the submission's"
        );
    }

    #[test]
    fn submissions_are_found_by_folder_and_language() {
        let dir = crate::scratch::tempdir().unwrap();
        for (path, text) in [
            ("accepted/a.py", "#!/usr/bin/env python2\nprint 1\n"),
            ("accepted/b.py", "#!/usr/bin/env python3\nprint(1)\n"),
            ("accepted/C.kt", "class C\n"),
            (
                "wrong_answer/d.cc",
                "// @EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT\n",
            ),
            ("slow_accepted/e.c", ""),
            ("wrong_answer/.gitkeep", ""),
        ] {
            let path = dir.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        let (found, skipped) = submissions(dir.path()).unwrap();
        let names: Vec<(&str, &Expected)> = found
            .iter()
            .map(|submission| (submission.name.as_str(), &submission.expected))
            .collect();
        assert_eq!(
            names,
            [
                ("accepted/b.py", &Expected::Accepted),
                ("wrong_answer/d.cc", &Expected::Tagged(vec!["WA", "TLE"])),
            ]
        );
        assert_eq!(
            skipped,
            [
                "accepted/C.kt: not C, C++, Python 3, Rust or Java",
                "accepted/a.py: Python 2 (its first line says so)",
                "slow_accepted/: not a verdict's folder",
            ]
        );
    }

    #[test]
    fn a_domjudge_tag_says_what_a_submission_must_get() {
        assert_eq!(tag("int main() {}"), Ok(None));
        assert_eq!(
            tag("/*\n * @EXPECTED_RESULTS@: CORRECT, timelimit\n */"),
            Ok(Some(vec!["AC", "TLE"]))
        );
        assert_eq!(
            tag("# @expected_results@: RUN-ERROR"),
            Ok(Some(vec!["RE", "MLE"]))
        );
        assert_eq!(
            tag("// @EXPECTED_RESULTS@: FAST"),
            Err("@EXPECTED_RESULTS@: unknown result FAST".to_string())
        );
        // Every result DOMjudge names, in either spelling.
        for (names, codes) in [
            ("CORRECT, ACCEPTED", &["AC", "AC"][..]),
            ("WRONG-ANSWER, WRONG_ANSWER, NO-OUTPUT", &["WA", "WA", "WA"]),
            ("TIMELIMIT, TIME_LIMIT_EXCEEDED", &["TLE", "TLE"]),
            ("RUN-ERROR, RUN_TIME_ERROR", &["RE", "MLE", "RE", "MLE"]),
            (
                "MEMORY-LIMIT, OUTPUT-LIMIT, COMPILER-ERROR",
                &["MLE", "OLE", "CE"],
            ),
        ] {
            let text = format!("// @EXPECTED_RESULTS@: {names}\n");
            assert_eq!(tag(&text), Ok(Some(codes.to_vec())), "{names}");
        }
    }
}
