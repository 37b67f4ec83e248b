//! Library Checker problems (`yosupo06/library-checker-problems`): a problem
//! folder (`info.toml`, `gen/`, `sol/correct.cpp`, `checker.cpp`,
//! `verifier.cpp`, `hash.json`) made a problem of the workspace, its tests
//! generated on this machine as the repository's `generate.py` makes them:
//! `params.h` from `info.toml`'s `[params]`; for each `[[tests]]` entry in
//! order and each `i` below its `number`, the case `STEM_ii` made by
//! `gen/STEM.cpp` run as `gen/STEM i` (or copied from `gen/STEM_ii.in`);
//! every input checked by the verifier (testlib, exit 0); every answer
//! written by `sol/correct.cpp`; every file's sha256 compared with
//! `hash.json`, the repository's own record of them, and a file that differs
//! refused by name, never used.
//!
//! The problem's sources are copied into its crate (`library-checker/`, with
//! the repository's `common/` headers), so the workspace holds what makes its
//! tests; the tests themselves (hundreds of MB for some problems) go to
//! `io-tests/NAME/`, ignored by git through `io-tests/NAME/.gitignore`, and
//! `io-tests/NAME/.generated` lists them with the version of the sources that
//! made them: generation is done again only when a file is missing or a
//! source changed (`judge import --generate NAME`).

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use judge::cases::problem::{Problem, GENERATED_LIST};
use judge::commands::new::{create, is_valid_name, NewProblem};
use judge::commands::progress::{on_terminal, Progress};
use judge::runner::{execute_with, Limits};
use judge::show::show_path;
use sha2::{Digest, Sha256};

use crate::{copy_folder, crate_name, Stop};

/// Where the problem's folder goes in its crate.
pub const SOURCES: &str = "library-checker";
/// The judge's memory limit for Library Checker problems (its judge's 1 GiB).
const MEMORY_MB: u64 = 1024;
/// How long one generator, verifier or answer may run: a big test takes a
/// few seconds; past this the tool is stuck.
const TOOL_TIME: Duration = Duration::from_secs(300);
/// The stack its tools get, as `generate.py` asks for them (256 MiB).
const TOOL_STACK_MB: u64 = 256;
/// The largest file a tool may write: Library Checker's biggest tests are
/// tens of MB.
const TOOL_OUTPUT_MB: u64 = 2048;

/// A problem's `info.toml`, as far as its tests and solutions go.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    pub title: Option<String>,
    pub time_limit_ms: u64,
    pub tests: Vec<Tests>,
    pub solutions: Vec<Solution>,
    /// `[params]`, in file order, each as its `#define` line.
    pub params: Vec<String>,
    /// `checker` (default `checker.cpp`) and `verifier` (`verifier.cpp`).
    pub checker: String,
    pub verifier: String,
    /// The keys it holds that the importer does not act on, each named.
    pub notes: Vec<String>,
}

/// `info.toml`'s keys that the importer reads.
const INFO_KEYS: [&str; 7] = [
    "title",
    "timelimit",
    "tests",
    "solutions",
    "params",
    "checker",
    "verifier",
];
/// A `[[tests]]` entry's keys that the importer reads.
const TESTS_KEYS: [&str; 2] = ["name", "number"];
/// A `[[solutions]]` entry's keys that the importer reads, as `generate.py`
/// does.
const SOLUTION_KEYS: [&str; 6] = [
    "name",
    "expect",
    "allow_wa",
    "allow_re",
    "allow_tle",
    "function",
];

/// The notes on the keys of `table` (an entry of `of`, or `info.toml`'s
/// top) that are not among `known`.
fn unread_keys(table: &toml::Table, known: &[&str], of: &str) -> Vec<String> {
    table
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .map(|key| {
            let what = match key.as_str() {
                "forum" => " (a link to its discussion)",
                "wrong" => {
                    " (an older key generate.py no longer reads, so it changes nothing there)"
                }
                _ => "",
            };
            format!("info.toml: {of}{key}{what}, which generate.py does not judge by: passed over")
        })
        .collect()
}

/// A `[[tests]]` entry: `number` cases made by `name` (`gen/NAME.cpp`, or
/// the fixed inputs `gen/STEM_ii.in` when it is `STEM.in`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tests {
    pub name: String,
    pub number: usize,
}

impl Tests {
    /// `name`'s stem: the cases' names before `_ii`.
    fn stem(&self) -> &str {
        self.name
            .rsplit_once('.')
            .map_or(&self.name, |(stem, _)| stem)
    }

    fn is_fixed(&self) -> bool {
        self.name.ends_with(".in")
    }

    /// Its cases' names: `STEM_00`, `STEM_01`, ... (two digits at least, as
    /// `generate.py`'s `casename`).
    pub fn cases(&self) -> Vec<String> {
        (0..self.number)
            .map(|i| format!("{}_{i:02}", self.stem()))
            .collect()
    }
}

/// A `[[solutions]]` entry: a program of `sol/` and what it must get.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub name: String,
    /// `expect`: the verdict some case must get (`WA`, `TLE`, `RE`); none
    /// for a solution that must pass.
    pub expect: Option<String>,
    /// `allow_wa`, `allow_tle`, `allow_re`: verdicts a case may get besides AC.
    pub allow: Vec<String>,
    /// `function = true`: a function built with the problem's `grader/`.
    pub function: bool,
}

/// Reads `info.toml` of the problem folder `dir`.
///
/// # Errors
/// A file that is not TOML, a key of the wrong kind, a test or solution
/// entry without its name, a verdict `generate.py` does not know.
pub fn read_info(dir: &Path) -> Result<Info, String> {
    let path = dir.join("info.toml");
    let text =
        fs::read_to_string(&path).map_err(|error| format!("{}: {error}", show_path(&path)))?;
    // CRLF read as a judge reads it: as line ends.
    let table: toml::Table = text
        .replace("\r\n", "\n")
        .parse()
        .map_err(|error| format!("{}: {error}", show_path(&path)))?;
    let at = |message: String| format!("{}: {message}", show_path(&path));
    let time_limit_ms = match table.get("timelimit") {
        Some(toml::Value::Float(seconds)) if *seconds > 0.0 => (seconds * 1000.0).round() as u64,
        Some(toml::Value::Integer(seconds)) if *seconds > 0 => *seconds as u64 * 1000,
        _ => {
            return Err(at(
                "timelimit: expected a positive number of seconds".to_string()
            ))
        }
    };
    let entries = |key: &str| -> Result<Vec<toml::Table>, String> {
        match table.get(key) {
            None => Ok(Vec::new()),
            Some(toml::Value::Array(items)) => items
                .iter()
                .map(|item| {
                    item.as_table()
                        .cloned()
                        .ok_or_else(|| at(format!("[[{key}]]: expected tables")))
                })
                .collect(),
            Some(_) => Err(at(format!("{key}: expected [[{key}]] tables"))),
        }
    };
    let string = |entry: &toml::Table, key: &str, of: &str| -> Result<Option<String>, String> {
        match entry.get(key) {
            None => Ok(None),
            Some(toml::Value::String(text)) => Ok(Some(text.clone())),
            Some(_) => Err(at(format!("[[{of}]] {key}: expected a string"))),
        }
    };
    let flag = |entry: &toml::Table, key: &str| -> Result<bool, String> {
        match entry.get(key) {
            None => Ok(false),
            Some(toml::Value::Boolean(value)) => Ok(*value),
            Some(_) => Err(at(format!("[[solutions]] {key}: expected true or false"))),
        }
    };
    let mut notes = unread_keys(&table, &INFO_KEYS, "");
    let mut tests = Vec::new();
    for entry in entries("tests")? {
        notes.extend(unread_keys(&entry, &TESTS_KEYS, "[[tests]] "));
        let name = string(&entry, "name", "tests")?
            .filter(|name| plain_file_name(name))
            .ok_or_else(|| {
                at("[[tests]]: each needs name = \"FILE\", a file of gen/".to_string())
            })?;
        if !(name.ends_with(".cpp") || name.ends_with(".in")) {
            return Err(at(format!(
                "[[tests]] {name}: a generator in C++ (.cpp) or fixed inputs (.in), as generate.py makes them"
            )));
        }
        let number = match entry.get("number") {
            Some(toml::Value::Integer(number)) if (1..=1000).contains(number) => *number as usize,
            _ => return Err(at(format!("[[tests]] {name}: number: expected 1 to 1000"))),
        };
        tests.push(Tests { name, number });
    }
    if tests.is_empty() {
        return Err(at("no [[tests]]: nothing makes its tests".to_string()));
    }
    let mut solutions = Vec::new();
    for entry in entries("solutions")? {
        notes.extend(unread_keys(&entry, &SOLUTION_KEYS, "[[solutions]] "));
        let name = string(&entry, "name", "solutions")?
            .filter(|name| plain_file_name(name))
            .ok_or_else(|| {
                at("[[solutions]]: each needs name = \"FILE\", a file of sol/".to_string())
            })?;
        let expect = string(&entry, "expect", "solutions")?;
        if let Some(expect) = &expect {
            if !["AC", "WA", "RE", "TLE"].contains(&expect.as_str()) {
                return Err(at(format!(
                    "[[solutions]] {name}: expect = \"{expect}\": generate.py's verdicts are AC, WA, RE and TLE"
                )));
            }
        }
        let mut allow = Vec::new();
        for (key, code) in [("allow_wa", "WA"), ("allow_re", "RE"), ("allow_tle", "TLE")] {
            if flag(&entry, key)? {
                allow.push(code.to_string());
            }
        }
        solutions.push(Solution {
            name,
            expect: expect.filter(|expect| expect != "AC"),
            allow,
            function: flag(&entry, "function")?,
        });
    }
    let mut params = Vec::new();
    if let Some(values) = table.get("params") {
        let values = values
            .as_table()
            .ok_or_else(|| at("params: expected a [params] table".to_string()))?;
        for (key, value) in values {
            // As generate.py's param_to_str writes them.
            params.push(match value {
                toml::Value::Integer(number) => format!("#define {key} (long long){number}"),
                toml::Value::Float(number) => format!("#define {key} {number:?}"),
                toml::Value::String(text) if !text.contains(['"', '\\', '\n']) => {
                    format!("#define {key} \"{text}\"")
                }
                _ => {
                    return Err(at(format!(
                        "params.{key}: an integer, a float or a plain string, as generate.py writes them"
                    )))
                }
            });
        }
    }
    let file_key = |key: &str, default: &str| -> Result<String, String> {
        match table.get(key) {
            None => Ok(default.to_string()),
            Some(toml::Value::String(name)) if plain_file_name(name) => Ok(name.clone()),
            Some(_) => Err(at(format!(
                "{key}: expected a file name of the problem's folder"
            ))),
        }
    };
    Ok(Info {
        title: table
            .get("title")
            .and_then(toml::Value::as_str)
            .map(str::to_string),
        time_limit_ms,
        tests,
        solutions,
        params,
        checker: file_key("checker", "checker.cpp")?,
        verifier: file_key("verifier", "verifier.cpp")?,
        notes,
    })
}

/// A name of one file in its folder: no separator, not `.` or `..`.
fn plain_file_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0'])
}

/// The problem folder named `name` in the repository `repository`: the one
/// folder `NAME` with an `info.toml` under it (`generate.py -p NAME` finds it
/// so).
///
/// # Errors
/// When there is none, or more than one.
pub fn find_problem(repository: &Path, name: &str) -> Result<PathBuf, String> {
    let mut found = Vec::new();
    let mut folders = vec![repository.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            if !hidden && entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                if entry.file_name() == name && path.join("info.toml").is_file() {
                    found.push(path.clone());
                }
                folders.push(path);
            }
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!(
            "{}: no problem {name} (a folder {name}/ with an info.toml)",
            show_path(repository)
        )),
        _ => Err(format!(
            "{}: {} folders named {name} with an info.toml",
            show_path(repository),
            found.len()
        )),
    }
}

/// Whether `dir` is a Library Checker problem folder.
pub fn is_problem_folder(dir: &Path) -> bool {
    dir.join("info.toml").is_file()
}

/// Whether `dir` is a Library Checker repository: its `common/` (testlib.h,
/// random.h) beside problem folders.
pub fn is_repository(dir: &Path) -> bool {
    dir.join("common").is_dir() && !is_problem_folder(dir)
}

/// The repository a problem folder is in: the nearest folder up with a
/// `common/`, whose headers its programs include.
fn repository_of(problem: &Path) -> Result<PathBuf, String> {
    let absolute = std::path::absolute(problem).map_err(|error| error.to_string())?;
    absolute
        .ancestors()
        .skip(1)
        .find(|folder| folder.join("common").is_dir())
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            format!(
                "{}: no common/ in a folder above it: a Library Checker problem is imported from its repository, whose common/ its programs include",
                show_path(problem)
            )
        })
}

/// `hash.json`: each generated file's name and its sha256, in hex.
fn read_hashes(path: &Path) -> Result<BTreeMap<String, String>, String> {
    let text = fs::read_to_string(path).map_err(|error| format!("{}: {error}", show_path(path)))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|error| format!("{}: {error}", show_path(path)))?;
    let object = json
        .as_object()
        .ok_or_else(|| format!("{}: expected an object of file names", show_path(path)))?;
    object
        .iter()
        .map(|(name, hash)| match hash.as_str() {
            Some(hash) if hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Ok((name.clone(), hash.to_ascii_lowercase()))
            }
            _ => Err(format!(
                "{}: {name}: expected a sha256 in hex",
                show_path(path)
            )),
        })
        .collect()
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// What a problem folder must hold before anything is made of it: the
/// generators and fixed inputs its tests name, `sol/correct.cpp`, the
/// checker, the verifier, the listed solutions (and a function's grader), and
/// a hash in `hash.json` for each file the tests make.
fn check_folder(dir: &Path, info: &Info) -> Result<BTreeMap<String, String>, String> {
    let need = |path: PathBuf, what: &str| {
        if path.is_file() {
            Ok(())
        } else {
            Err(format!("{}: missing ({what})", show_path(&path)))
        }
    };
    for tests in &info.tests {
        if tests.is_fixed() {
            for case in tests.cases() {
                need(
                    dir.join("gen").join(format!("{case}.in")),
                    "a fixed input its [[tests]] name",
                )?;
            }
        } else {
            need(
                dir.join("gen").join(&tests.name),
                "a generator its [[tests]] name",
            )?;
        }
    }
    need(
        dir.join("sol").join("correct.cpp"),
        "the solution that writes the answers",
    )?;
    need(dir.join(&info.checker), "its checker")?;
    need(dir.join(&info.verifier), "its verifier")?;
    for solution in &info.solutions {
        need(
            dir.join("sol").join(&solution.name),
            "a solution its [[solutions]] name",
        )?;
        if solution.function {
            need(
                dir.join("grader").join("grader.cpp"),
                "the grader of a function solution",
            )?;
        }
    }
    let hashes = read_hashes(&dir.join("hash.json"))?;
    for tests in &info.tests {
        for case in tests.cases() {
            for file in [format!("{case}.in"), format!("{case}.out")] {
                if !hashes.contains_key(&file) {
                    return Err(format!(
                        "{}: no hash of {file}, which its tests make: its tests cannot be checked",
                        show_path(dir.join("hash.json"))
                    ));
                }
            }
        }
    }
    let mut names: Vec<String> = info.tests.iter().flat_map(Tests::cases).collect();
    let all = names.len();
    names.sort();
    names.dedup();
    if names.len() != all {
        return Err(format!(
            "{}: two [[tests]] entries make cases of the same name",
            show_path(dir.join("info.toml"))
        ));
    }
    Ok(hashes)
}

/// Copies the problem folder `from` into `to`: its sources, none of what
/// `generate.py` makes there (`in/`, `out/`, `params.h`, built programs:
/// files without an extension).
fn copy_sources(from: &Path, to: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let path = entry?.path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let target = to.join(&name);
        if path.is_dir() {
            if !(name == "in" || name == "out" || name.starts_with('.')) {
                copy_sources(&path, &target)?;
            }
        } else if name != "params.h" && !name.starts_with('.') && path.extension().is_some() {
            fs::copy(&path, &target).map_err(|error| {
                io::Error::new(error.kind(), format!("{}: {error}", show_path(&path)))
            })?;
        }
    }
    Ok(())
}

/// `judge import DIR` of a Library Checker problem folder `dir`.
pub fn import(
    root: &Path,
    dir: &Path,
    name: Option<&str>,
    bin_dir: &Path,
    time_limit_ms: Option<u64>,
    cache: Option<&Path>,
) -> Result<(), Stop> {
    let info = read_info(dir).map_err(Stop::Refused)?;
    let time_limit_ms = time_limit_ms.unwrap_or(info.time_limit_ms);
    let repository = repository_of(dir).map_err(Stop::Refused)?;
    check_folder(dir, &info).map_err(Stop::Refused)?;
    let folder_name = dir
        .canonicalize()
        .ok()
        .and_then(|dir| {
            dir.file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    let name = name.map_or_else(|| crate_name(&folder_name), str::to_string);
    if !is_valid_name(&name) {
        return Err(Stop::Refused(format!(
            "{name:?}: a problem's name is lowercase letters, digits and dashes, starting with a letter (--name NAME)"
        )));
    }
    if root.join("crates").join(&name).exists() || root.join("io-tests").join(&name).exists() {
        return Err(Stop::Refused(format!(
            "{name} is in the workspace already: nothing imported (--name NAME makes it under another name)"
        )));
    }
    let judge_keys = vec![
        format!(
            "# From the Library Checker problem {folder_name}{}: its sources in {SOURCES}/.",
            info.title
                .as_deref()
                .map(|title| format!(" ({})", title.replace(['\n', '\r'], " ")))
                .unwrap_or_default()
        ),
        format!("# Its testlib checker and verifier, built by the judge.\ntestlib-checker = \"{SOURCES}/{}\"", info.checker),
        format!("testlib-validator = \"{SOURCES}/{}\"", info.verifier),
        format!("include-dirs = \"{SOURCES}/common\""),
        "# Its tests are generated on each machine (`scripts/import.sh --generate NAME`), never in git.\ngenerated-cases = \"library-checker\"".to_string(),
    ];
    let spec = NewProblem {
        url: Some(format!("https://judge.yosupo.jp/problem/{folder_name}")),
        time_limit_ms: Some(time_limit_ms),
        memory_limit_mb: Some(MEMORY_MB),
        judge_keys,
        judge_tables: submission_tables(&info),
        ..NewProblem::named(&name)
    };
    let created = create(root, &spec).map_err(|error| Stop::Refused(error.to_string()))?;
    let crate_dir = root.join("crates").join(&name);
    let sources = crate_dir.join(SOURCES);
    let copied = copy_sources(dir, &sources)
        .and_then(|()| copy_folder(&repository.join("common"), &sources.join("common")))
        .and_then(|()| fs::write(sources.join("params.h"), params_h(&info)))
        .and_then(|()| function_folders(&sources, &info));
    let generated = copied
        .map_err(|error| error.to_string())
        .and_then(|()| generate_into(root, &name, bin_dir, cache, &mut io::stderr()));
    let generated = match generated {
        Ok(generated) => generated,
        Err(reason) => {
            // Made now, so removed whole: nothing is left of a failed import.
            let _ = fs::remove_dir_all(&crate_dir);
            let _ = fs::remove_dir_all(root.join("io-tests").join(&name));
            return Err(Stop::Refused(format!("{name}: {reason}: nothing imported")));
        }
    };
    println!(
        "made {name}{} from {}: {} cases, time limit {time_limit_ms} ms ({}), memory {MEMORY_MB} MB, judged by its testlib checker ({SOURCES}/{}), inputs validated by its verifier",
        info.title.as_deref().map(|title| format!(" ({title})")).unwrap_or_default(),
        show_path(dir),
        generated.cases,
        if time_limit_ms == info.time_limit_ms { "info.toml" } else { "--time-limit-ms" },
        info.checker,
    );
    println!("{}", generated.summary(&name));
    for note in &info.notes {
        println!("note: {note}");
    }
    println!(
        "{} listed in crates/{name}/Cargo.toml with what {} must get: scripts/verify.sh {name} judges {}",
        match info.solutions.len() {
            0 => "its sol/correct.cpp is".to_string(),
            1 => "its sol/correct.cpp and 1 more solution are".to_string(),
            more => format!("its sol/correct.cpp and {more} more solutions are"),
        },
        if info.solutions.is_empty() { "it" } else { "each" },
        if info.solutions.is_empty() { "it" } else { "them" },
    );
    if let Some(Err(cargo)) = created.lock {
        println!(
            "note: Cargo.lock not updated ({cargo}): cargo adds the problem on its next build"
        );
    }
    println!("write crates/{name}/src/main.rs, then scripts/check.sh {name}");
    Ok(())
}

/// `params.h`, as `generate.py` writes it.
fn params_h(info: &Info) -> String {
    info.params.iter().map(|line| format!("{line}\n")).collect()
}

/// A function solution's folder beside `sol/`: `function/STEM/` holding the
/// solution and its grader's files, built together as `generate.py` builds
/// them (`sol/X.cpp grader/grader.cpp -I grader`).
fn function_folders(sources: &Path, info: &Info) -> io::Result<()> {
    for solution in info.solutions.iter().filter(|solution| solution.function) {
        let folder = sources.join("function").join(stem(&solution.name));
        copy_folder(&sources.join("grader"), &folder)?;
        fs::copy(
            sources.join("sol").join(&solution.name),
            folder.join(&solution.name),
        )?;
    }
    Ok(())
}

fn stem(name: &str) -> &str {
    name.rsplit_once('.').map_or(name, |(stem, _)| stem)
}

/// The manifest's `[[package.metadata.judge.submission]]` tables: correct.cpp,
/// which must pass, then each listed solution with what it must get, as
/// `generate.py --test` judges it (some case gets `expect`, every case AC,
/// `expect` or an allowed verdict; a memory limit counts as RE).
fn submission_tables(info: &Info) -> Vec<String> {
    let codes = |code: &str| -> String {
        match code {
            "RE" => "RE MLE".to_string(),
            code => code.to_string(),
        }
    };
    let mut tables = vec![format!(
        "# What each solution of info.toml must get (correct.cpp: every case AC).\n[[package.metadata.judge.submission]]\npath = \"{SOURCES}/sol/correct.cpp\"\nallowed = \"AC\"\n"
    )];
    for solution in &info.solutions {
        let path = if solution.function {
            format!("{SOURCES}/function/{}", stem(&solution.name))
        } else {
            format!("{SOURCES}/sol/{}", solution.name)
        };
        let mut allowed = vec!["AC".to_string()];
        allowed.extend(solution.allow.iter().map(|code| codes(code)));
        let mut table = format!("[[package.metadata.judge.submission]]\npath = \"{path}\"\n");
        if let Some(expect) = &solution.expect {
            table.push_str(&format!("expected = \"{}\"\n", codes(expect)));
        }
        table.push_str(&format!("allowed = \"{}\"\n", allowed.join(" ")));
        tables.push(table);
    }
    tables
}

/// What a generation made, for the report.
pub struct Generated {
    pub cases: usize,
    pub bytes: u64,
    /// Nothing was made: the cases there were up to date.
    pub up_to_date: bool,
    /// Nothing was made: the cases came from this entry of the cache.
    pub from_cache: Option<PathBuf>,
}

impl Generated {
    fn summary(&self, name: &str) -> String {
        let size = if self.bytes < 1_000_000 {
            format!("{:.1} kB", self.bytes as f64 / 1e3)
        } else {
            format!("{:.1} MB", self.bytes as f64 / 1e6)
        };
        if self.up_to_date {
            format!(
                "the {} generated cases of {name} ({size}) are up to date: nothing generated",
                self.cases
            )
        } else if let Some(entry) = &self.from_cache {
            format!(
                "the {} generated cases of {name} ({size}) taken from the cache {}, each as hash.json has it: nothing generated",
                self.cases,
                show_path(entry)
            )
        } else {
            format!(
                "generated {} cases ({size}) into io-tests/{name}/, each as hash.json has it; git ignores them (io-tests/{name}/.gitignore): `scripts/import.sh --generate {name}` makes them again",
                self.cases
            )
        }
    }
}

/// `judge import --generate NAME`.
pub fn generate(root: &Path, name: &str, bin_dir: &Path, cache: Option<&Path>) -> Result<(), Stop> {
    let generated = generate_into(root, name, bin_dir, cache, &mut io::stderr())
        .map_err(|reason| Stop::Refused(format!("{name}: {reason}")))?;
    println!("{}", generated.summary(name));
    Ok(())
}

/// The version of a problem's sources: the sha256 of its files' (under its
/// crate's `library-checker/`) names and contents, in order.
fn version(sources: &Path) -> io::Result<String> {
    let mut files = Vec::new();
    let mut folders = vec![sources.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder)? {
            let path = entry?.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut hasher = Sha256::new();
    for file in files {
        let relative = file.strip_prefix(sources).unwrap_or(&file);
        hasher.update(relative.to_string_lossy().as_bytes());
        hasher.update([0]);
        hasher.update(fs::read(&file)?);
        hasher.update([0]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect())
}

/// Makes the generated cases of the problem `name` of the workspace at
/// `root` in `io-tests/NAME/`, unless they are there and up to date: every
/// file checked against `hash.json` before any is put in place.
fn generate_into(
    root: &Path,
    name: &str,
    bin_dir: &Path,
    cache: Option<&Path>,
    progress: &mut dyn Write,
) -> Result<Generated, String> {
    let problem = Problem::load(root, name).map_err(|error| error.to_string())?;
    if problem.generated_cases.as_deref() != Some("library-checker") {
        return Err(format!(
            "not a problem whose cases are generated (generated-cases = \"library-checker\" in crates/{name}/Cargo.toml)"
        ));
    }
    let sources = problem.manifest_dir.join(SOURCES);
    let info = read_info(&sources)?;
    let hashes = check_folder(&sources, &info)?;
    let version = version(&sources).map_err(|error| error.to_string())?;
    let io_tests = &problem.io_tests_dir;
    let names: Vec<String> = info.tests.iter().flat_map(Tests::cases).collect();
    let size_of = |names: &[String]| -> u64 {
        names
            .iter()
            .flat_map(|case| {
                ["in", "out"].map(|extension| io_tests.join(format!("{case}.{extension}")))
            })
            .filter_map(|file| fs::metadata(file).ok())
            .map(|metadata| metadata.len())
            .sum()
    };
    let list = io_tests.join(GENERATED_LIST);
    let listed = fs::read_to_string(&list).unwrap_or_default();
    // Each file there: made by a generation, as hash.json has it; listed by
    // the last generation (changed since, it is made again); or the user's,
    // which is never overwritten.
    let mut all_there = true;
    for case in &names {
        for extension in ["in", "out"] {
            let file = format!("{case}.{extension}");
            let path = io_tests.join(&file);
            let Ok(bytes) = fs::read(&path) else {
                all_there = false;
                continue;
            };
            if hashes.get(&file) == Some(&sha256_hex(&bytes)) {
                continue;
            }
            all_there = false;
            if !listed.lines().any(|line| line == case) {
                return Err(format!(
                    "{} is there and is not the generated case: move it away first, it is left as it is",
                    show_path(&path)
                ));
            }
        }
    }
    if all_there && listed == generated_list(&version, &names) {
        return Ok(Generated {
            cases: names.len(),
            bytes: size_of(&names),
            up_to_date: true,
            from_cache: None,
        });
    }
    // The cache's entry for these sources and this compiler, when every
    // file in it is as hash.json has it.
    let entry = cache.map(|cache| cache.join(name).join(cache_key(&version)));
    if let Some(entry) = &entry {
        match cached(entry, &names, &hashes) {
            Ok(Some(bytes)) => {
                put_in_place(io_tests, &names, &version, |file| {
                    fs::read(entry.join(file))
                })
                .map_err(|error| format!("the cached cases could not be put in place: {error}"))?;
                return Ok(Generated {
                    cases: names.len(),
                    bytes,
                    up_to_date: false,
                    from_cache: Some(entry.clone()),
                });
            }
            Ok(None) => {}
            Err(mismatch) => {
                writeln!(
                    progress,
                    "note: the cache {} is not used: {mismatch}",
                    show_path(entry)
                )
                .map_err(|error| error.to_string())?;
            }
        }
    }
    // On a terminal, a bar over the cases says what runs; elsewhere a line
    // per case.
    let bar = Progress::new(on_terminal(), names.len() as u64, "cases");
    let build = bin_dir.join("library-checker").join(name);
    fs::create_dir_all(&build).map_err(|error| format!("{}: {error}", show_path(&build)))?;
    let include = sources.join("common");
    let mut programs = BTreeMap::new();
    bar.running(format!(
        "generating {name}: building the generators, the verifier and sol/correct.cpp"
    ));
    for tests in info.tests.iter().filter(|tests| !tests.is_fixed()) {
        let binary = compile(
            &sources.join("gen").join(&tests.name),
            &include,
            &build.join(format!("gen-{}", tests.stem())),
        )?;
        programs.insert(tests.name.clone(), binary);
    }
    let verifier = compile(
        &sources.join(&info.verifier),
        &include,
        &build.join("verifier"),
    )?;
    let correct = compile(
        &sources.join("sol").join("correct.cpp"),
        &include,
        &build.join("correct"),
    )?;
    let staging = io_tests.join(format!(".generating-{}", std::process::id()));
    let _ = fs::remove_dir_all(&staging);
    fs::create_dir_all(&staging).map_err(|error| format!("{}: {error}", show_path(&staging)))?;
    let made = (|| -> Result<u64, String> {
        let mut bytes = 0;
        let mut done = 0;
        for tests in &info.tests {
            for (index, case) in tests.cases().iter().enumerate() {
                if bar.is_shown() {
                    bar.set_done(done);
                    bar.running(format!("generating {name}: {case}"));
                } else {
                    writeln!(progress, "generating {name}: {case}")
                        .map_err(|error| error.to_string())?;
                }
                done += 1;
                let input = if tests.is_fixed() {
                    let path = sources.join("gen").join(format!("{case}.in"));
                    fs::read(&path).map_err(|error| format!("{}: {error}", show_path(&path)))?
                } else {
                    run_tool(
                        &programs[&tests.name],
                        &[&index.to_string()],
                        b"",
                        &format!("gen/{} {index}", tests.name),
                    )?
                };
                matches_hash(
                    &hashes,
                    &format!("{case}.in"),
                    &input,
                    &format!("gen/{} {index}", tests.name),
                )?;
                run_tool(
                    &verifier,
                    &[],
                    &input,
                    &format!("the verifier on {case}.in"),
                )?;
                let answer = run_tool(
                    &correct,
                    &[],
                    &input,
                    &format!("sol/correct.cpp on {case}.in"),
                )?;
                matches_hash(&hashes, &format!("{case}.out"), &answer, "sol/correct.cpp")?;
                for (extension, bytes) in [("in", &input), ("out", &answer)] {
                    let path = staging.join(format!("{case}.{extension}"));
                    fs::write(&path, bytes)
                        .map_err(|error| format!("{}: {error}", show_path(&path)))?;
                }
                bytes += (input.len() + answer.len()) as u64;
            }
        }
        Ok(bytes)
    })();
    let bytes = match made {
        Ok(bytes) => bytes,
        Err(reason) => {
            let _ = fs::remove_dir_all(&staging);
            return Err(reason);
        }
    };
    // Kept for the next machine first: a copy, whole (written beside it,
    // then renamed); a cache that cannot be written is named, not fatal.
    if let Some(entry) = &entry {
        if let Err(error) = keep_in_cache(entry, &staging, &names) {
            writeln!(
                progress,
                "note: the cases not kept in the cache {}: {error}",
                show_path(entry)
            )
            .map_err(|error| error.to_string())?;
        }
    }
    let placed = put_in_place(io_tests, &names, &version, |file| {
        let from = staging.join(file);
        let bytes = fs::read(&from)?;
        fs::remove_file(&from)?;
        Ok(bytes)
    });
    let _ = fs::remove_dir_all(&staging);
    placed.map_err(|error| format!("the generated cases could not be put in place: {error}"))?;
    Ok(Generated {
        cases: names.len(),
        bytes,
        up_to_date: false,
        from_cache: None,
    })
}

/// Writes each case's files (`read` gives a file's bytes by name) into
/// `io_tests`, then its `.gitignore` if it has none, and last the list of
/// generated cases, whose presence says every case is there.
fn put_in_place(
    io_tests: &Path,
    names: &[String],
    version: &str,
    mut read: impl FnMut(&str) -> io::Result<Vec<u8>>,
) -> io::Result<()> {
    for case in names {
        for extension in ["in", "out"] {
            let file = format!("{case}.{extension}");
            let bytes = read(&file)?;
            let partial = io_tests.join(format!(".{file}.partial-{}", std::process::id()));
            fs::write(&partial, bytes)?;
            fs::rename(&partial, io_tests.join(&file))?;
        }
    }
    let ignore = io_tests.join(".gitignore");
    if !ignore.exists() {
        fs::write(&ignore, gitignore(names))?;
    }
    fs::write(
        io_tests.join(GENERATED_LIST),
        generated_list(version, names),
    )
}

/// The cache's name for the cases of sources at `version` made by this
/// machine's `g++` (its `--version` line): what the generated tests depend
/// on. Their files are checked against hash.json all the same.
fn cache_key(version: &str) -> String {
    let compiler = Command::new("g++")
        .arg("--version")
        .output()
        .map(|output| {
            String::from_utf8_lossy(&output.stdout)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .unwrap_or_default();
    let mut hasher = Sha256::new();
    hasher.update(version.as_bytes());
    hasher.update(b"\n");
    hasher.update(compiler.as_bytes());
    hasher
        .finalize()
        .iter()
        .take(16)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The bytes of the cases in the cache's `entry`: `None` when there is no
/// entry; why not, when a file is missing or not as hash.json has it (such
/// a cache is never used).
fn cached(
    entry: &Path,
    names: &[String],
    hashes: &BTreeMap<String, String>,
) -> Result<Option<u64>, String> {
    if !entry.is_dir() {
        return Ok(None);
    }
    let mut bytes = 0;
    for case in names {
        for extension in ["in", "out"] {
            let file = format!("{case}.{extension}");
            let content = fs::read(entry.join(&file)).map_err(|_| format!("{file} is missing"))?;
            if hashes.get(&file) != Some(&sha256_hex(&content)) {
                return Err(format!("{file} is not as hash.json has it"));
            }
            bytes += content.len() as u64;
        }
    }
    Ok(Some(bytes))
}

/// Copies the cases made in `staging` into the cache's `entry`, whole.
fn keep_in_cache(entry: &Path, staging: &Path, names: &[String]) -> io::Result<()> {
    let partial = entry.with_extension(format!("partial-{}", std::process::id()));
    let _ = fs::remove_dir_all(&partial);
    fs::create_dir_all(&partial)?;
    for case in names {
        for extension in ["in", "out"] {
            let file = format!("{case}.{extension}");
            fs::copy(staging.join(&file), partial.join(&file))?;
        }
    }
    let _ = fs::remove_dir_all(entry);
    fs::rename(&partial, entry)
}

/// `io-tests/NAME/.generated`: a line per case (which the judge reads), then
/// the sources' version after a `#`.
fn generated_list(version: &str, names: &[String]) -> String {
    let mut text: String = names.iter().map(|name| format!("{name}\n")).collect();
    text.push_str(&format!("# version {version}\n"));
    text
}

/// `io-tests/NAME/.gitignore`: the generated files and their list, by name,
/// so that a case of the user's own beside them stays in git.
fn gitignore(names: &[String]) -> String {
    let mut text = String::from(
        "# Generated on each machine by `scripts/import.sh --generate NAME` (Library Checker's\n# generators), never in git.\n/.generated\n/.generating-*\n",
    );
    for name in names {
        text.push_str(&format!("/{name}.in\n/{name}.out\n"));
    }
    text
}

/// Whether `bytes`, made as `made_by`, are the file `file` as `hash.json` has it.
fn matches_hash(
    hashes: &BTreeMap<String, String>,
    file: &str,
    bytes: &[u8],
    made_by: &str,
) -> Result<(), String> {
    let actual = sha256_hex(bytes);
    match hashes.get(file) {
        Some(expected) if *expected == actual => Ok(()),
        Some(expected) => Err(format!(
            "{file}, made by {made_by}, has sha256 {actual}, not hash.json's {expected}: refused, not used"
        )),
        None => Err(format!("{file}: not in hash.json")),
    }
}

/// Builds the C++ program `source` into `binary` as `generate.py` does
/// (`g++ -O2 -std=c++17 -I common`; its warnings are not made errors, which
/// a newer compiler's new warnings would make), unless it is newer than
/// the source already.
fn compile(source: &Path, include: &Path, binary: &Path) -> Result<PathBuf, String> {
    let modified = |path: &Path| {
        fs::metadata(path)
            .and_then(|metadata| metadata.modified())
            .ok()
    };
    if let (Some(built), Some(written)) = (modified(binary), modified(source)) {
        if built > written {
            return Ok(binary.to_path_buf());
        }
    }
    let output = Command::new("g++")
        .args(["-O2", "-std=c++17", "-Wno-unused-result", "-I"])
        .arg(include)
        .arg("-o")
        .arg(binary)
        .arg(source)
        .stdin(Stdio::null())
        .output()
        .map_err(|error| format!("g++, which builds its generators: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "g++ could not build {} ({}):\n{}",
            show_path(source),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim_end()
        ));
    }
    Ok(binary.to_path_buf())
}

/// Runs one of the problem's tools (`what`, for messages) on `input`: its
/// stdout, or why it failed.
fn run_tool(program: &Path, args: &[&str], input: &[u8], what: &str) -> Result<Vec<u8>, String> {
    let limits = Limits {
        stack_mb: judge::runner::tool_stack_mb(Some(TOOL_STACK_MB)),
        output_mb: Some(TOOL_OUTPUT_MB),
        ..Limits::time(TOOL_TIME)
    };
    let run =
        execute_with(program, args, input, &limits).map_err(|error| format!("{what}: {error}"))?;
    if run.timed_out(TOOL_TIME) || !run.succeeded() || run.stdout_truncated {
        return Err(format!(
            "{what} failed: {}\n{}",
            if run.stdout_truncated {
                format!("wrote more than {TOOL_OUTPUT_MB} MB")
            } else {
                run.describe_end()
            },
            String::from_utf8_lossy(&run.stderr).trim_end()
        ));
    }
    Ok(run.stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info_of(text: &str) -> Result<Info, String> {
        let dir = judge::scratch::tempdir().unwrap();
        fs::write(dir.path().join("info.toml"), text).unwrap();
        read_info(dir.path())
    }

    #[test]
    fn info_toml_gives_the_tests_solutions_and_params_as_generate_py_reads_them() {
        let info = info_of(
            "title = 'A + B'\ntimelimit = 2.0\n[[tests]]\n    name = \"example.in\"\n    number = 2\n[[tests]]\n    name = \"random.cpp\"\n    number = 12\n[[solutions]]\n    name = \"naive.cpp\"\n    expect = \"TLE\"\n    allow_wa = true\n[[solutions]]\n    name = \"f.cpp\"\n    function = true\n[params]\n    N_MAX = 1_000_000_000\n    EPS = 1e-9\n    NAME = \"x\"\n",
        )
        .unwrap();
        assert_eq!(info.title.as_deref(), Some("A + B"));
        assert_eq!(info.time_limit_ms, 2000);
        assert_eq!(info.tests[0].cases(), ["example_00", "example_01"]);
        assert_eq!(info.tests[1].cases()[11], "random_11");
        assert!(info.tests[0].is_fixed() && !info.tests[1].is_fixed());
        assert_eq!(info.solutions[0].expect.as_deref(), Some("TLE"));
        assert_eq!(info.solutions[0].allow, ["WA"]);
        assert!(info.solutions[1].function && info.solutions[1].expect.is_none());
        assert_eq!(
            params_h(&info),
            "#define N_MAX (long long)1000000000\n#define EPS 1e-9\n#define NAME \"x\"\n"
        );
        assert_eq!(
            (info.checker.as_str(), info.verifier.as_str()),
            ("checker.cpp", "verifier.cpp")
        );
        let tables = submission_tables(&info).join("");
        assert!(tables.contains("path = \"library-checker/sol/naive.cpp\"\nexpected = \"TLE\"\nallowed = \"AC WA\"\n"), "{tables}");
        assert!(
            tables.contains("path = \"library-checker/function/f\"\nallowed = \"AC\"\n"),
            "{tables}"
        );
    }

    #[test]
    fn an_info_toml_key_not_acted_on_is_named() {
        let info = info_of(
            "timelimit = 2.0\nforum = \"https://example.com\"\n[[tests]]\n    name = \"r.cpp\"\n    number = 1\n[[solutions]]\n    name = \"w.cpp\"\n    wrong = true\n",
        )
        .unwrap();
        assert_eq!(
            info.notes,
            [
                "info.toml: forum (a link to its discussion), which generate.py does not judge by: passed over",
                "info.toml: [[solutions]] wrong (an older key generate.py no longer reads, so it changes nothing there), which generate.py does not judge by: passed over",
            ]
        );
    }

    #[test]
    fn a_malformed_info_toml_is_refused_with_its_reason() {
        let refusal = |text: &str| info_of(text).unwrap_err();
        assert!(refusal("timelimit = 2.0\n").contains("no [[tests]]"));
        assert!(refusal("[[tests]]\nname = \"a.cpp\"\nnumber = 1\n")
            .contains("timelimit: expected a positive number"));
        assert!(
            refusal("timelimit = 1\n[[tests]]\nname = \"a.py\"\nnumber = 1\n")
                .contains("a generator in C++")
        );
        assert!(
            refusal("timelimit = 1\n[[tests]]\nname = \"../a.cpp\"\nnumber = 1\n")
                .contains("each needs name")
        );
        assert!(
            refusal("timelimit = 1\n[[tests]]\nname = \"a.cpp\"\nnumber = 0\n")
                .contains("number: expected 1 to 1000")
        );
        assert!(refusal("timelimit = 1\n[[tests]]\nname = \"a.cpp\"\nnumber = 1\n[[solutions]]\nname = \"b.cpp\"\nexpect = \"MLE\"\n").contains("AC, WA, RE and TLE"));
        assert!(refusal(
            "timelimit = 1\n[[tests]]\nname = \"a.cpp\"\nnumber = 1\n[params]\nFLAG = true\n"
        )
        .contains("params.FLAG"));
        assert!(refusal("timelimit = [\n").contains("info.toml"));
    }
}
