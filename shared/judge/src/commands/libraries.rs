//! `judge verify --libs`: the workspace's own libraries (`libs/NAME/`)
//! verified on judges' problems, as online-judge-verify-helper verifies a
//! library on Library Checker and AtCoder.
//!
//! A verification is a program of a library's crate, `examples/X.rs`, whose
//! first lines name a problem of the workspace: `// verify: unionfind`, or
//! the problem's page, `// verify: https://judge.yosupo.jp/problem/unionfind`
//! (a problem whose manifest has that `url`). It uses the library as any
//! program does (`use cplib::dsu::Dsu;`), and it is built (`cargo build
//! --release -p LIBRARY --example X`) and judged on the problem's cases with
//! its checker and validators, as `judge check` judges the problem's own
//! submission. A problem crate whose submission uses the library verifies
//! it too, by its own check.
//!
//! What a verification verifies is the files of the library it uses: the
//! crate's root, each module it names (`cplib::dsu` is `src/dsu.rs`), and
//! the modules those name (`crate::num`). A verification that passed is not
//! judged again while none of those files, the program, the problem (its
//! manifest, cases, checker) or the tools changed: the record is `judge
//! check`'s (`judge-passed/_passed`), the verification named by its path,
//! with a fingerprint by contents too, so that a record restored in another
//! clone or on another machine (a CI cache) still holds where nothing
//! changed.

use std::cell::OnceCell;
use std::collections::BTreeSet;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::cases::problem::{crate_folders, is_problem, program_path, Problem};
use crate::commands::check::{check_workspace_problem, workspace_programs, Style};
use crate::commands::passed::{self, Contents, Record, Shared, Stamps};
use crate::show::show_path;

/// A library of the workspace: `libs/FOLDER/`, its package `name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    pub name: String,
    pub dir: PathBuf,
}

/// The workspace's libraries, by folder name.
///
/// # Errors
/// When `libs/` or a library's manifest cannot be read.
pub fn libraries(root: &Path) -> io::Result<Vec<Library>> {
    let libs = root.join("libs");
    if !libs.is_dir() {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    let mut folders: Vec<PathBuf> = fs::read_dir(&libs)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    folders.sort();
    for dir in folders {
        let manifest = dir.join("Cargo.toml");
        if !manifest.is_file() {
            continue;
        }
        let text = fs::read_to_string(&manifest)?;
        let name = package_name(&text).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: no package name", show_path(&manifest)),
            )
        })?;
        found.push(Library { name, dir });
    }
    Ok(found)
}

/// The `name` of a manifest's `[package]`.
fn package_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if let Some(value) = in_package
            .then(|| line.strip_prefix("name"))
            .flatten()
            .and_then(|rest| rest.trim_start().strip_prefix('='))
        {
            return Some(value.trim().trim_matches('"').to_string());
        }
    }
    None
}

/// A library's verification: `examples/STEM.rs`, naming `target`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    pub library: Library,
    pub stem: String,
    pub path: PathBuf,
    /// The problem as its `// verify:` line names it.
    pub target: String,
}

/// The problem a program names in its first lines, `// verify: TARGET`.
pub fn target_of(text: &str) -> Option<String> {
    text.lines().take(10).find_map(|line| {
        let rest = line.trim().strip_prefix("//")?.trim_start();
        let target = rest.strip_prefix("verify:")?.trim();
        (!target.is_empty()).then(|| target.to_string())
    })
}

/// The verifications of `library`: its examples that name a problem.
///
/// # Errors
/// When its `examples/` cannot be read.
pub fn verifications(library: &Library) -> io::Result<Vec<Verification>> {
    let examples = library.dir.join("examples");
    if !examples.is_dir() {
        return Ok(Vec::new());
    }
    let mut paths: Vec<PathBuf> = fs::read_dir(&examples)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    paths.sort();
    let mut found = Vec::new();
    for path in paths {
        if path.extension().is_none_or(|extension| extension != "rs") {
            continue;
        }
        let Some(target) = target_of(&fs::read_to_string(&path)?) else {
            continue;
        };
        found.push(Verification {
            library: library.clone(),
            stem: path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            path,
            target,
        });
    }
    Ok(found)
}

/// The problem of the workspace that `target` names (its name, or its
/// manifest's `url`).
///
/// # Errors
/// When there is none: how to make it (a Library Checker problem's import).
pub fn problem_named(root: &Path, target: &str) -> Result<Problem, String> {
    if is_problem(root, target) {
        return Problem::load(root, target).map_err(|error| format!("{target}: {error}"));
    }
    let folders = crate_folders(root).map_err(|error| error.to_string())?;
    for name in folders.iter().filter(|name| is_problem(root, name)) {
        if let Ok(problem) = Problem::load(root, name) {
            if problem.url.as_deref() == Some(target) {
                return Ok(problem);
            }
        }
    }
    let library_checker = target
        .strip_prefix("https://judge.yosupo.jp/problem/")
        .map(|name| name.trim_end_matches('/'));
    Err(match library_checker {
        Some(name) => format!(
            "{target} is not a problem of this workspace: `scripts/import.sh LIBRARY-CHECKER-REPOSITORY {name}` imports it (a clone of yosupo06/library-checker-problems)"
        ),
        None => format!(
            "{target} is not a problem of this workspace (by name or url): import or make it first (scripts/import.sh, scripts/new-problem.sh)"
        ),
    })
}

/// The files of the library `library` that a program with `text` uses: the
/// crate's root, the modules it names (`NAME::module`, `NAME::{a, b}`), and
/// the modules those name (`crate::module`), in order of their paths.
pub fn used_files(library: &Library, text: &str) -> Vec<PathBuf> {
    let src = library.dir.join("src");
    let module_file = |module: &str| {
        [
            src.join(format!("{module}.rs")),
            src.join(module).join("mod.rs"),
        ]
        .into_iter()
        .find(|path| path.is_file())
    };
    let crate_name = library.name.replace('-', "_");
    let mut used = BTreeSet::from([src.join("lib.rs")]);
    let mut to_read: Vec<String> = names_after(text, &crate_name);
    // What the root re-exports (`pub use num::gcd;`) is used through it.
    let root = fs::read_to_string(src.join("lib.rs")).unwrap_or_default();
    for line in root.lines().map(str::trim) {
        if let Some(path) = line.strip_prefix("pub use ") {
            let path = path
                .trim_start_matches("crate::")
                .trim_start_matches("self::");
            to_read.extend(names_after(&format!("crate::{path}"), "crate"));
        }
    }
    while let Some(module) = to_read.pop() {
        let Some(file) = module_file(&module) else {
            continue;
        };
        if used.insert(file.clone()) {
            let inner = fs::read_to_string(&file).unwrap_or_default();
            to_read.extend(names_after(&inner, "crate"));
        }
    }
    used.into_iter().collect()
}

/// The names that follow `prefix::` in `text`: `prefix::a` and each name of
/// `prefix::{a, b::c}` (its first segments).
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let identifier = |rest: &str| -> String {
        rest.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = Vec::new();
    let needle = format!("{prefix}::");
    let mut at = 0;
    while let Some(found) = text[at..].find(&needle) {
        let start = at + found;
        at = start + needle.len();
        // A whole word before it (not `mycrate::` inside `notmycrate::`).
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = text[at..].trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            let inside = group.split('}').next().unwrap_or_default();
            for item in inside.split(',') {
                let name = identifier(item.trim());
                if !name.is_empty() {
                    names.push(name);
                }
            }
        } else {
            let name = identifier(rest);
            if !name.is_empty() {
                names.push(name);
            }
        }
    }
    names
}

/// How one verification went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every case passed (`judged`: now; else recorded before, nothing changed).
    Passed { cases: usize, judged: bool },
    /// A case failed, or the problem could not be judged: why, in a line.
    Failed(String),
    /// Its problem is not in the workspace: how to import it.
    NotImported(String),
}

/// A verification made ready to judge, by [`prepare`].
pub struct Prepared {
    pub verification: Verification,
    pub problem: Result<Problem, String>,
    /// The library files it verifies.
    pub files: Vec<PathBuf>,
}

/// Each verification of the workspace's libraries, with its problem and the
/// files it verifies.
///
/// # Errors
/// When `libs/` or a library cannot be read.
pub fn prepare(root: &Path) -> io::Result<Vec<Prepared>> {
    let mut prepared = Vec::new();
    for library in libraries(root)? {
        for verification in verifications(&library)? {
            let text = fs::read_to_string(&verification.path)?;
            prepared.push(Prepared {
                files: used_files(&library, &text),
                problem: problem_named(root, &verification.target),
                verification,
            });
        }
    }
    Ok(prepared)
}

/// The built program of a verification in `bin_dir`.
pub fn example_binary(bin_dir: &Path, verification: &Verification) -> PathBuf {
    program_path(&bin_dir.join("examples"), &verification.stem)
}

/// The paths a verification's result depends on: its program, its
/// library's manifest and the files it uses, then the problem's (as `judge
/// check` stamps them, with the built example as its binary).
///
/// # Errors
/// When a folder cannot be listed.
pub fn stamped_paths(
    prepared: &Prepared,
    problem: &Problem,
    bin_dir: &Path,
) -> io::Result<Vec<PathBuf>> {
    let verification = &prepared.verification;
    let mut paths = vec![
        verification.path.clone(),
        verification.library.dir.join("Cargo.toml"),
    ];
    paths.extend(prepared.files.iter().cloned());
    // Not the built program: cargo links it again when any file of the
    // library changes, and its sources are here already.
    let binary = example_binary(bin_dir, verification);
    let programs: Vec<PathBuf> = workspace_programs(problem, &binary)?
        .into_iter()
        .filter(|program| *program != binary)
        .collect();
    paths.extend(passed::stamped_paths(problem, &programs)?);
    Ok(paths)
}

/// The key of a verification in the record: its path from the workspace
/// (a problem's name never has a `/`).
pub fn record_key(root: &Path, verification: &Verification) -> String {
    verification
        .path
        .strip_prefix(root)
        .unwrap_or(&verification.path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Judges each prepared verification that is built (`built` says which),
/// skipping one whose recorded pass still holds (unless `force`), and
/// records the passes; the report of each judged one goes to `details`.
/// A pass holds when the stamps of what it depends on are as recorded
/// (with `shared`), or else when their contents are (with
/// `shared_contents`: a record restored in another clone or on another
/// machine, where every stamp differs), which then records the new stamps.
///
/// # Errors
/// When the record cannot be written.
pub fn judge_all(
    root: &Path,
    bin_dir: &Path,
    prepared: &[Prepared],
    shared: Option<Shared>,
    shared_contents: Option<Shared>,
    force: bool,
    details: &mut dyn Write,
) -> io::Result<Vec<Judged>> {
    let mut record = Record::beside(bin_dir, root);
    let mut outcomes = Vec::new();
    for item in prepared {
        let problem = match &item.problem {
            Ok(problem) => problem,
            Err(how) => {
                outcomes.push(Judged::untimed(Outcome::NotImported(how.clone())));
                continue;
            }
        };
        let key = record_key(root, &item.verification);
        let paths = stamped_paths(item, problem, bin_dir).ok();
        let fingerprint = paths.as_ref().and_then(|paths| {
            let stamps = Stamps::of(paths.iter().map(PathBuf::as_path)).ok()?;
            Some(passed::fingerprint(shared?, stamps))
        });
        // Read only when the stamps say nothing (a file's bytes cost more
        // than its stamp), and for the record of a pass; at most once, since
        // judging changes none of them.
        let read_contents = OnceCell::new();
        let contents = || {
            *read_contents.get_or_init(|| {
                let contents = Contents::of(root, bin_dir, paths.as_deref()?).ok()?;
                Some(passed::contents_fingerprint(shared_contents?, contents))
            })
        };
        if !force {
            let by_stamps =
                fingerprint.and_then(|fingerprint| record.passed_with(&key, fingerprint));
            let by_contents = || {
                let contents = contents()?;
                let cases = record.passed_with_contents(&key, contents)?;
                Some((cases, contents))
            };
            let held = match by_stamps {
                Some(cases) => Some(cases),
                None => match (by_contents(), &paths, fingerprint) {
                    (Some((cases, contents)), Some(paths), Some(fingerprint)) => {
                        record.pass_with_contents(
                            &key,
                            paths.clone(),
                            fingerprint,
                            contents,
                            cases,
                        )?;
                        Some(cases)
                    }
                    (held, _, _) => held.map(|(cases, _)| cases),
                },
            };
            if let Some(cases) = held {
                outcomes.push(Judged::untimed(Outcome::Passed {
                    cases,
                    judged: false,
                }));
                continue;
            }
        }
        let binary = example_binary(bin_dir, &item.verification);
        writeln!(details, "{key} on {}:", problem.name)?;
        let started = Instant::now();
        let summary = check_workspace_problem(problem, &binary, details, Style::Plain)?;
        let millis = Some(started.elapsed().as_millis() as u64);
        if summary.failed == 0 && summary.passed > 0 {
            let contents = contents();
            if let (Some(paths), Some(fingerprint)) = (paths, fingerprint) {
                match contents {
                    Some(contents) => record.pass_with_contents(
                        &key,
                        paths,
                        fingerprint,
                        contents,
                        summary.passed,
                    )?,
                    None => record.pass(&key, paths, fingerprint, summary.passed)?,
                }
            }
            let outcome = Outcome::Passed {
                cases: summary.passed,
                judged: true,
            };
            outcomes.push(Judged { outcome, millis });
        } else {
            record.forget(&key)?;
            let outcome = Outcome::Failed(format!(
                "{} of {} cases failed",
                summary.failed,
                summary.passed + summary.failed
            ));
            outcomes.push(Judged { outcome, millis });
        }
    }
    Ok(outcomes)
}

/// A verification's outcome, and how long its judging took when it was
/// judged now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub outcome: Outcome,
    pub millis: Option<u64>,
}

impl Judged {
    fn untimed(outcome: Outcome) -> Judged {
        Judged {
            outcome,
            millis: None,
        }
    }
}

/// A verification's line in the report: `AC   KEY on PROBLEM: N cases`,
/// `FAIL ...`, or `--   KEY: how to import its problem`.
pub fn outcome_line(key: &str, problem: Option<&str>, outcome: &Outcome) -> String {
    let on = problem
        .map(|name| format!(" on {name}"))
        .unwrap_or_default();
    match outcome {
        Outcome::Passed { cases, judged } => format!(
            "AC   {key}{on}: {cases} cases{}",
            if *judged {
                ""
            } else {
                " (not judged again: nothing it depends on changed)"
            }
        ),
        Outcome::Failed(why) => format!("FAIL {key}{on}: {why}"),
        Outcome::NotImported(how) => format!("--   {key}: {how}"),
    }
}

/// The closing table: each library file, and what verifies it (the
/// verifications that passed, by program and problem, `problems` naming each
/// one's) or that nothing does.
pub fn files_table(
    root: &Path,
    prepared: &[Prepared],
    outcomes: &[Outcome],
    problems: &[Option<&str>],
) -> io::Result<String> {
    let mut table = String::new();
    for library in libraries(root)? {
        let mut files = Vec::new();
        let src = library.dir.join("src");
        collect_rust_files(&src, &mut files)?;
        files.sort();
        for file in files {
            let by: Vec<String> = prepared
                .iter()
                .zip(outcomes)
                .zip(problems)
                .filter(|((item, outcome), _)| {
                    item.files.contains(&file) && matches!(outcome, Outcome::Passed { .. })
                })
                .map(|((item, _), problem)| {
                    format!(
                        "examples/{}.rs on {}",
                        item.verification.stem,
                        problem.unwrap_or_default()
                    )
                })
                .collect();
            let shown = show_path(file.strip_prefix(root).unwrap_or(&file));
            table.push_str(&if by.is_empty() {
                format!("{shown}: not verified\n")
            } else {
                format!("{shown}: verified by {}\n", by.join(", "))
            });
        }
    }
    Ok(table)
}

/// Every `.rs` file under `folder`, in no order.
pub(crate) fn collect_rust_files(folder: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    if !folder.is_dir() {
        return Ok(());
    }
    for entry in fs::read_dir(folder)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_rust_files(&path, files)?;
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verification_names_its_problem_in_its_first_lines() {
        assert_eq!(
            target_of("// verify: https://judge.yosupo.jp/problem/unionfind\nfn main() {}\n"),
            Some("https://judge.yosupo.jp/problem/unionfind".to_string())
        );
        assert_eq!(
            target_of("//! doc\n//verify:   pairsum  \n"),
            Some("pairsum".to_string())
        );
        assert_eq!(target_of("fn main() {}\n// verify:\n"), None);
        assert_eq!(
            target_of(&format!("{}// verify: late\n", "\n".repeat(10))),
            None
        );
    }

    #[test]
    fn the_modules_a_program_names_are_the_files_it_verifies() {
        let root = crate::scratch::tempdir().unwrap();
        let dir = root.path().join("libs/my-lib");
        fs::create_dir_all(dir.join("src/graph")).unwrap();
        for (file, text) in [
            (
                "src/lib.rs",
                "pub mod dsu;\npub mod graph;\npub mod num;\npub mod unused;\n",
            ),
            ("src/dsu.rs", "use crate::num::gcd;\n"),
            ("src/num.rs", "pub fn gcd() {}\n"),
            ("src/graph/mod.rs", ""),
            ("src/unused.rs", ""),
        ] {
            fs::write(dir.join(file), text).unwrap();
        }
        let library = Library {
            name: "my-lib".to_string(),
            dir: dir.clone(),
        };
        let used = used_files(
            &library,
            "use my_lib::dsu::Dsu;\nuse my_lib::{graph, num::gcd};\nlet x = notmy_lib::unused::f();\n",
        );
        fs::write(
            dir.join("src/lib.rs"),
            "pub mod dsu;\npub mod graph;\npub mod num;\npub mod unused;\npub use unused::f;\n",
        )
        .unwrap();
        let reexported = used_files(&library, "fn main() { my_lib::f(); }");
        assert_eq!(
            reexported,
            [dir.join("src/lib.rs"), dir.join("src/unused.rs")]
        );
        fs::write(
            dir.join("src/lib.rs"),
            "pub mod dsu;\npub mod graph;\npub mod num;\npub mod unused;\n",
        )
        .unwrap();
        let src = dir.join("src");
        assert_eq!(
            used,
            [
                src.join("dsu.rs"),
                src.join("graph").join("mod.rs"),
                src.join("lib.rs"),
                src.join("num.rs")
            ]
        );
        // Only the root, for a program that names no module.
        assert_eq!(
            used_files(&library, "fn main() {}"),
            [dir.join("src/lib.rs")]
        );
    }

    #[test]
    fn a_problem_not_in_the_workspace_is_named_with_how_to_import_it() {
        let root = crate::scratch::tempdir().unwrap();
        fs::create_dir_all(root.path().join("crates")).unwrap();
        let error =
            problem_named(root.path(), "https://judge.yosupo.jp/problem/unionfind").unwrap_err();
        assert!(
            error.contains("`scripts/import.sh LIBRARY-CHECKER-REPOSITORY unionfind` imports it"),
            "{error}"
        );
        let error = problem_named(root.path(), "abc001-a").unwrap_err();
        assert!(
            error.contains("not a problem of this workspace (by name or url)"),
            "{error}"
        );
    }

    #[test]
    fn a_librarys_name_is_its_packages() {
        assert_eq!(
            package_name(
                "[package]\nname = \"cplib\"\nversion = \"0.1.0\"\n[dependencies]\nname = \"x\"\n"
            ),
            Some("cplib".to_string())
        );
        assert_eq!(package_name("[lib]\nname = \"x\"\n"), None);
    }
}
