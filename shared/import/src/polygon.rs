//! Polygon packages (Codeforces Polygon, the format of Codeforces Gym and
//! many olympiads): `problem.xml`, `files/` (testlib, generators, the
//! validator, the checker, an interactor), `solutions/` tagged by what they
//! must get, `tests/`. A Standard package holds only the manual tests; a full
//! one (Linux or Windows) every test and answer. What is read:
//!
//! - each `<testset>` (`tests`, and `pretests` where there is one): its
//!   tests in order, test `i` at `input-path-pattern` with `i` (`tests/%02d`),
//!   its answer at `answer-path-pattern`, its group and points, the groups'
//!   points and policies; the time and memory limits of `tests`;
//! - a test the package holds is copied (CRLF read as LF, as judges read a
//!   Windows-made package); a generated one it lacks is made by its `cmd`
//!   (`gen -n 10 5`: the executable of `files/` whose name is `gen`, in C,
//!   C++ or Python, run with those arguments, the test its stdout; with
//!   `from-file`, the file of that name it writes); an answer it lacks is
//!   the `main` solution's output (an interactive problem's: what the
//!   interactor writes while it talks to the main solution);
//! - the validator is run on every input (`--testset NAME --group G`, as
//!   Polygon runs it), and refuses the import when it rejects one;
//! - the checker (`files/check.cpp`, a `std::` one's source too) and an
//!   interactor are built by the judge; the validator checks every input of
//!   every later check too;
//! - every solution is listed with what its tag says it must get, for
//!   `judge verify`. Windows' `.exe` files and `doall.bat` are never used.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::Path;
use std::time::Duration;

use judge::cases::programs::{Language, Prepared, Sources};
use judge::commands::new::{create, is_valid_name, NewProblem};
use judge::commands::progress::{on_terminal, Progress};
use judge::judging::case_io::CaseIo;
use judge::judging::verdict::judge_interactive;
use judge::runner::{execute_in, execute_with, Limits};
use judge::scratch::tempdir;
use judge::show::show_path;

use crate::cases::{write_into, Found};
use crate::package::Opened;
use crate::{crate_name, Stop};

/// Where the package's files and solutions go in the problem's crate.
pub const SOURCES: &str = "polygon";
/// How long a generator, the validator or the main solution may run while
/// the tests are made.
const TOOL_TIME: Duration = Duration::from_secs(60);

/// A program of the package: its path in it and Polygon's type
/// (`cpp.g++17`, `python.3`, `java11`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub path: String,
    pub kind: String,
}

/// A `<test>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// `method="generated"`: its command line, `gen 10 5`.
    pub cmd: Option<String>,
    pub sample: bool,
    pub group: Option<String>,
    pub points: f64,
    /// `from-file`: the file its generator writes it to.
    pub from_file: Option<String>,
}

/// A `<group>` of a testset.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub name: String,
    pub points: f64,
    /// `complete-group` (every test must pass) or `each-test`.
    pub policy: String,
    pub dependencies: Vec<String>,
}

/// A `<testset>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Testset {
    pub name: String,
    pub time_limit_ms: u64,
    pub memory_mb: u64,
    pub input_pattern: String,
    pub answer_pattern: String,
    pub tests: Vec<Test>,
    pub groups: Vec<Group>,
}

/// What the importer takes from `problem.xml`.
#[derive(Clone, Debug, PartialEq)]
pub struct Package {
    pub short_name: Option<String>,
    pub title: Option<String>,
    pub input_file: Option<String>,
    pub output_file: Option<String>,
    pub testsets: Vec<Testset>,
    /// `<executables>` by name (a source's file name without its extension,
    /// as a test's `cmd` names it).
    pub executables: BTreeMap<String, Source>,
    /// The checker's source, and its name (`std::wcmp.cpp` for a built-in one).
    pub checker: Option<(Source, Option<String>)>,
    pub interactor: Option<Source>,
    pub validators: Vec<Source>,
    /// Each solution's tag and source, in order.
    pub solutions: Vec<(String, Source)>,
    /// The elements and attributes it holds that the importer does not act
    /// on, each named ([`unread`]).
    pub notes: Vec<String>,
}

type Node<'a, 'input> = roxmltree::Node<'a, 'input>;

/// What the importer reads of `problem.xml`: an element's path, the child
/// elements and the attributes it acts on.
const READ: [(&str, &[&str], &[&str]); 9] = [
    (
        "problem",
        &["names", "judging", "files", "assets"],
        &["short-name"],
    ),
    ("judging", &["testset"], &["input-file", "output-file"]),
    (
        "testset",
        &[
            "time-limit",
            "memory-limit",
            "test-count",
            "input-path-pattern",
            "answer-path-pattern",
            "tests",
            "groups",
        ],
        &["name"],
    ),
    ("files", &["executables", "resources"], &[]),
    (
        "assets",
        &["checker", "interactor", "validators", "solutions"],
        &[],
    ),
    (
        "test",
        &[],
        &["method", "cmd", "sample", "group", "points", "from-file"],
    ),
    ("groups", &["group"], &[]),
    (
        "group",
        &["dependencies"],
        &["name", "points", "points-policy"],
    ),
    ("dependency", &[], &["group"]),
];

/// What each element the importer passes over is, where it is known.
const PASSED: [(&str, &str); 13] = [
    ("statements", "the statement"),
    ("tutorials", "the editorial"),
    ("properties", "Polygon's settings for its own tools"),
    ("stresses", "Polygon's stress tests"),
    ("tags", "the problem's tags"),
    ("documents", "documents"),
    ("materials", "materials for contestants"),
    ("cpu-name", "the machine its limits were set on"),
    ("cpu-speed", "the machine its limits were set on"),
    ("run-count", "how many times Polygon runs a solution on a test"),
    ("treat-points-from-checker-as-percent", "how Polygon scales a checker's points (full points here are what the checker gives the answer)"),
    ("visualizer", "a picture of a test"),
    ("feedback-policy", "what a contestant is shown of a group's tests"),
];

/// The notes on what `problem` (the root) holds that the importer does not
/// act on: elements and attributes of those it reads ([`READ`]).
fn unread(problem: Node<'_, '_>) -> Vec<String> {
    let mut notes = Vec::new();
    for node in problem.descendants().filter(Node::is_element) {
        let name = node.tag_name().name();
        let Some((_, elements, attributes)) = READ.iter().find(|(known, ..)| *known == name) else {
            continue;
        };
        let what = |key: &str| {
            PASSED
                .iter()
                .find(|(known, _)| *known == key)
                .map(|(_, what)| format!(" ({what})"))
                .unwrap_or_default()
        };
        for child in node.children().filter(Node::is_element) {
            let child = child.tag_name().name();
            if !elements.contains(&child) {
                notes.push(format!(
                    "problem.xml: <{name}> <{child}>{}, which changes no verdict here: passed over",
                    what(child)
                ));
            }
        }
        for attribute in node.attributes() {
            let key = attribute.name();
            if !attributes.contains(&key) {
                notes.push(format!(
                    "problem.xml: <{name} {key}>{}, which changes no verdict here: passed over",
                    what(key)
                ));
            }
        }
    }
    notes.sort();
    notes.dedup();
    notes
}

/// The first child element of `node` named `name`.
fn child<'a, 'input>(node: Node<'a, 'input>, name: &str) -> Option<Node<'a, 'input>> {
    node.children().find(|child| child.has_tag_name(name))
}

/// The child elements of `node` named `name`, in order.
fn children<'a, 'input>(node: Node<'a, 'input>, name: &str) -> Vec<Node<'a, 'input>> {
    node.children()
        .filter(|child| child.has_tag_name(name))
        .collect()
}

/// An element's text, trimmed.
fn text_of(node: Option<Node<'_, '_>>) -> Option<String> {
    node.and_then(|node| node.text())
        .map(|text| text.trim().to_string())
}

fn refused(message: String) -> Stop {
    Stop::Refused(message)
}

/// Reads `problem.xml` at the package's top `root`.
///
/// # Errors
/// A file that is not XML, or lacks what a package has (a testset with its
/// limits and patterns), with the reason.
pub fn read(root: &Path) -> Result<Package, String> {
    let path = root.join("problem.xml");
    let text =
        fs::read_to_string(&path).map_err(|error| format!("{}: {error}", show_path(&path)))?;
    let document = roxmltree::Document::parse(&text)
        .map_err(|error| format!("{}: {error}", show_path(&path)))?;
    let at = |message: String| format!("{}: {message}", show_path(&path));
    let problem = document.root_element();
    if !problem.has_tag_name("problem") {
        return Err(at("its root element is not <problem>".to_string()));
    }
    let source_of = |node: Node<'_, '_>, what: &str| -> Result<Source, String> {
        let source = child(node, "source").ok_or_else(|| at(format!("{what}: no <source>")))?;
        let path = source.attribute("path").unwrap_or_default().to_string();
        if path.is_empty()
            || path.starts_with('/')
            || path.split(['/', '\\']).any(|part| part == "..")
        {
            return Err(at(format!(
                "{what}: its source path {path:?} is not a file of the package"
            )));
        }
        Ok(Source {
            path,
            kind: source.attribute("type").unwrap_or_default().to_string(),
        })
    };
    let judging = child(problem, "judging").ok_or_else(|| at("no <judging>".to_string()))?;
    let file_name = |name: &str| {
        judging
            .attribute(name)
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_string)
    };
    let mut testsets = Vec::new();
    for testset in children(judging, "testset") {
        let name = testset.attribute("name").unwrap_or_default().to_string();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(at(format!(
                "a <testset> named {name:?}: expected a plain name (tests, pretests)"
            )));
        }
        let number = |element: &str| -> Result<u64, String> {
            text_of(child(testset, element))
                .and_then(|text| text.parse().ok())
                .filter(|&value| value > 0)
                .ok_or_else(|| {
                    at(format!(
                        "testset {name}: <{element}> is not a positive whole number"
                    ))
                })
        };
        let pattern = |element: &str| -> Result<String, String> {
            let pattern = text_of(child(testset, element))
                .ok_or_else(|| at(format!("testset {name}: no <{element}>")))?;
            printf_path(&pattern, 1)
                .map(|_| pattern.clone())
                .ok_or_else(|| {
                    at(format!(
                        "testset {name}: <{element}> {pattern:?}: expected one %d, as tests/%02d"
                    ))
                })
        };
        let mut tests = Vec::new();
        for test in child(testset, "tests")
            .map(|tests| children(tests, "test"))
            .unwrap_or_default()
        {
            let generated = test.attribute("method") == Some("generated");
            let cmd = test
                .attribute("cmd")
                .map(str::trim)
                .filter(|cmd| !cmd.is_empty())
                .map(str::to_string);
            if generated && cmd.is_none() {
                return Err(at(format!(
                    "testset {name}: test {} is generated by no cmd",
                    tests.len() + 1
                )));
            }
            tests.push(Test {
                cmd: cmd.filter(|_| generated),
                sample: matches!(test.attribute("sample"), Some("true" | "1" | "yes")),
                group: test
                    .attribute("group")
                    .map(str::trim)
                    .filter(|group| !group.is_empty())
                    .map(str::to_string),
                points: test
                    .attribute("points")
                    .and_then(|points| points.parse().ok())
                    .unwrap_or(0.0),
                from_file: test.attribute("from-file").map(str::to_string),
            });
        }
        let declared = number("test-count")? as usize;
        if declared != tests.len() {
            return Err(at(format!(
                "testset {name}: <test-count> says {declared}, but it lists {} tests",
                tests.len()
            )));
        }
        let mut groups = Vec::new();
        for group in child(testset, "groups")
            .map(|groups| children(groups, "group"))
            .unwrap_or_default()
        {
            groups.push(Group {
                name: group.attribute("name").unwrap_or_default().to_string(),
                points: group
                    .attribute("points")
                    .and_then(|points| points.parse().ok())
                    .unwrap_or(0.0),
                policy: group
                    .attribute("points-policy")
                    .unwrap_or("complete-group")
                    .to_string(),
                dependencies: child(group, "dependencies")
                    .map(|node| children(node, "dependency"))
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|dependency| dependency.attribute("group").map(str::to_string))
                    .collect(),
            });
        }
        testsets.push(Testset {
            time_limit_ms: number("time-limit")?,
            memory_mb: (number("memory-limit")? >> 20).max(1),
            input_pattern: pattern("input-path-pattern")?,
            answer_pattern: pattern("answer-path-pattern")?,
            tests,
            groups,
            name,
        });
    }
    if !testsets.iter().any(|testset| testset.name == "tests") {
        return Err(at(
            "no <testset name=\"tests\">: its tests and limits".to_string()
        ));
    }
    let mut executables = BTreeMap::new();
    if let Some(list) = child(problem, "files").and_then(|files| child(files, "executables")) {
        for executable in children(list, "executable") {
            let source = source_of(executable, "an executable")?;
            let stem = Path::new(&source.path)
                .file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
                .unwrap_or_default();
            executables.insert(stem, source);
        }
    }
    let assets = child(problem, "assets");
    let checker = match assets.and_then(|assets| child(assets, "checker")) {
        None => None,
        Some(node) => {
            let name = node.attribute("name").map(str::to_string);
            let source = source_of(node, "its checker").map_err(|_| {
                at(format!(
                    "its checker{} has no source in the package: a Polygon checker is built from its source",
                    name.as_deref().map(|name| format!(" {name}")).unwrap_or_default()
                ))
            })?;
            Some((source, name))
        }
    };
    let interactor = assets
        .and_then(|assets| child(assets, "interactor"))
        .map(|node| source_of(node, "its interactor"))
        .transpose()?;
    let mut validators = Vec::new();
    if let Some(list) = assets.and_then(|assets| child(assets, "validators")) {
        for validator in children(list, "validator") {
            validators.push(source_of(validator, "a validator")?);
        }
    }
    let mut solutions = Vec::new();
    if let Some(list) = assets.and_then(|assets| child(assets, "solutions")) {
        for solution in children(list, "solution") {
            let tag = solution.attribute("tag").unwrap_or_default().to_string();
            solutions.push((tag, source_of(solution, "a solution")?));
        }
    }
    // The English name, else the first.
    let names = child(problem, "names")
        .map(|names| children(names, "name"))
        .unwrap_or_default();
    let title = names
        .iter()
        .find(|name| name.attribute("language") == Some("english"))
        .or(names.first())
        .and_then(|name| name.attribute("value"))
        .map(str::to_string);
    Ok(Package {
        short_name: problem.attribute("short-name").map(str::to_string),
        title,
        input_file: file_name("input-file"),
        output_file: file_name("output-file"),
        testsets,
        executables,
        checker,
        interactor,
        validators,
        solutions,
        notes: unread(problem),
    })
}

/// `pattern` (C's printf, one `%d`, `%2d` or `%02d`) with `number` in it.
pub fn printf_path(pattern: &str, number: usize) -> Option<String> {
    let start = pattern.find('%')?;
    let rest = &pattern[start + 1..];
    let spec_len = rest.find('d')?;
    let spec = &rest[..spec_len];
    let (zero, width) = match spec.strip_prefix('0') {
        Some(width) => (true, width),
        None => (false, spec),
    };
    let width: usize = if width.is_empty() {
        0
    } else {
        width.parse().ok()?
    };
    let after = &rest[spec_len + 1..];
    if after.contains('%') {
        return None;
    }
    let number = if zero {
        format!("{number:0width$}")
    } else {
        format!("{number:width$}")
    };
    Some(format!("{}{number}{after}", &pattern[..start]))
}

/// What each tag says its solution must get: (some case one of, every case
/// one of). `None`: not judged (`do-not-run`, or a tag Polygon has not).
/// Polygon checks each test's verdict against the tag; a presentation error
/// is a wrong answer here, and `failed` a runtime error, as polygon-cli maps
/// it. A checker's points (testlib's `quitp`, or its partially correct
/// result) are no rejection there: Polygon has no tag for a partial
/// solution, which passes its verification tagged `accepted` and fails it
/// tagged `rejected` (Codeforces/polygon-issue-tracking#545, "Partial
/// correct is not Correct. When I set it Incorrect, it can't pass the
/// verification."). So wherever a tag allows OK, it allows points too.
pub fn expectation(tag: &str) -> Option<(&'static str, &'static str)> {
    Some(match tag {
        "main" | "accepted" => ("", "AC PTS PC"),
        "wrong-answer" | "presentation-error" => ("WA", "AC PTS PC WA"),
        "time-limit-exceeded" => ("TLE", "AC PTS PC TLE"),
        "memory-limit-exceeded" => ("MLE", "AC PTS PC MLE"),
        "time-limit-exceeded-or-accepted" => ("", "AC PTS PC TLE"),
        "time-limit-exceeded-or-memory-limit-exceeded" => ("TLE MLE", "AC PTS PC TLE MLE"),
        "rejected" | "incorrect" => ("WA RE MLE TLE OLE", "AC PTS PC WA RE MLE TLE OLE"),
        "failed" => ("RE MLE", "AC PTS PC RE MLE"),
        _ => return None,
    })
}

/// The start of the names of a group's cases: `TESTSET-GROUP` (the
/// group's name with `_` for what a file name had better not hold), or
/// `TESTSET` for tests in no group.
fn group_prefix(testset: &str, group: Option<&str>) -> String {
    match group {
        Some(group) => {
            let plain: String = group
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '_' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            format!("{testset}-{plain}")
        }
        None => testset.to_string(),
    }
}

/// A case's name: its group's prefix and its number (two digits at least,
/// as many as the testset's last number needs).
fn case_name(testset: &str, group: Option<&str>, number: usize, count: usize) -> String {
    let width = count.to_string().len().max(2);
    format!("{}-{number:0width$}", group_prefix(testset, group))
}

/// A test file as a judge on Linux reads it: CRLF line ends as LF.
fn with_lf(bytes: Vec<u8>) -> Vec<u8> {
    if !bytes.contains(&b'\r') {
        return bytes;
    }
    let mut out = Vec::with_capacity(bytes.len());
    for (index, &byte) in bytes.iter().enumerate() {
        if !(byte == b'\r' && bytes.get(index + 1) == Some(&b'\n')) {
            out.push(byte);
        }
    }
    out
}

/// The program of the package at `path` (from its top `root`), made ready
/// to run: built into `build` under `name` when compiled, its headers found
/// beside it and in `files/`.
fn prepared(root: &Path, source: &Source, build: &Path, name: &str) -> Result<Prepared, String> {
    let path = root.join(&source.path);
    let sources = Sources::find(&path)
        .map_err(|error| format!("{}: {error}", source.path))?
        .including(&[root.join("files")]);
    sources
        .prepare(&build.join(name))
        .map_err(|error| format!("{}: {error}", source.path))
}

/// The arguments of a prepared program, as strings, then `more`.
fn arguments(program: &Prepared, more: &[String]) -> Result<Vec<String>, String> {
    let mut args: Vec<String> = Vec::new();
    for arg in &program.args {
        args.push(arg.to_str().ok_or("a path that is not UTF-8")?.to_string());
    }
    args.extend(more.iter().cloned());
    Ok(args)
}

/// What a program of the package may use while it makes the tests (a
/// generator, the validator, the main solution, the interactor): a tool's
/// time, and a stack as large as the testset's memory limit, as Polygon and
/// every judge give a solution, so that a deep recursion that runs there
/// runs here (the system's 8 MB would crash it, and the import would blame
/// the package).
fn tool_limits(testset: &Testset) -> Limits {
    Limits {
        stack_mb: judge::runner::tool_stack_mb(Some(testset.memory_mb)),
        ..Limits::time(TOOL_TIME)
    }
}

/// Runs a tool of the package (`what`, for messages) under `limits`: its
/// stdout.
fn run_tool(
    program: &Prepared,
    more: &[String],
    input: &[u8],
    limits: &Limits,
    what: &str,
) -> Result<Vec<u8>, String> {
    let args = arguments(program, more)?;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = execute_with(&program.program, &args, input, limits)
        .map_err(|error| format!("{what}: {error}"))?;
    if run.timed_out(TOOL_TIME) || !run.succeeded() {
        return Err(format!(
            "{what} failed: {}\n{}",
            run.describe_end(),
            String::from_utf8_lossy(&run.stderr).trim_end()
        ));
    }
    Ok(run.stdout)
}

/// Runs the main solution on `input` as a judge runs a submission, in a
/// folder of its own, reading and writing the files `case_io` names
/// (`<judging input-file output-file>`), else stdin and stdout: its answer.
fn run_main(
    program: &Prepared,
    case_io: &CaseIo,
    input: &[u8],
    limits: &Limits,
    what: &str,
) -> Result<Vec<u8>, String> {
    let args = arguments(program, &[])?;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = case_io
        .run_with_args(&program.program, &args, input, limits)
        .map_err(|error| format!("{what}: {error}"))?;
    let execution = run.execution;
    if execution.timed_out(TOOL_TIME) || !execution.succeeded() {
        return Err(format!(
            "{what} failed: {}\n{}",
            execution.describe_end(),
            String::from_utf8_lossy(&execution.stderr).trim_end()
        ));
    }
    if let Some(missing) = run.answer_missing {
        return Err(format!("{what}: it {missing}"));
    }
    if execution.stdout_truncated {
        return Err(format!(
            "{what}: its answer is longer than {} MiB",
            limits.output_cap() >> 20
        ));
    }
    Ok(execution.stdout)
}

/// `judge import PACKAGE` of a Polygon package, opened.
pub fn import(
    root: &Path,
    opened: &Opened,
    name: Option<&str>,
    time_limit_ms: Option<u64>,
) -> Result<(), Stop> {
    let package = read(&opened.root).map_err(refused)?;
    let name = name.map_or_else(
        || crate_name(package.short_name.as_deref().unwrap_or(&opened.given_name)),
        str::to_string,
    );
    if !is_valid_name(&name) {
        return Err(refused(format!(
            "{name:?}: a problem's name is lowercase letters, digits and dashes, starting with a letter (--name NAME)"
        )));
    }
    if root.join("crates").join(&name).exists() || root.join("io-tests").join(&name).exists() {
        return Err(refused(format!(
            "{name} is in the workspace already: nothing imported (--name NAME makes it under another name)"
        )));
    }
    let Some((checker, checker_name)) = &package.checker else {
        return Err(refused(
            "problem.xml names no checker: a Polygon problem is judged by its checker".to_string(),
        ));
    };
    let package_root = &opened.root;
    for (what, source) in std::iter::once(("its checker", checker)).chain(
        package
            .interactor
            .iter()
            .map(|source| ("its interactor", source)),
    ) {
        let found = Sources::find(&package_root.join(&source.path))
            .map_err(|error| refused(format!("{what}: {error}")))?;
        if !matches!(found.language, Language::C | Language::Cpp) {
            return Err(refused(format!(
                "{what} {}: in {}, where this judge builds testlib's checkers and interactors in C or C++",
                source.path, source.kind
            )));
        }
    }
    let main = package
        .solutions
        .iter()
        .find(|(tag, _)| tag == "main")
        .map(|(_, source)| source)
        .ok_or_else(|| refused("no solution tagged main: it writes the answers".to_string()))?;
    // Built afresh for each import (a build folder kept between imports
    // would take another package's older sources for unchanged ones).
    let scratch_build = tempdir().map_err(|error| refused(error.to_string()))?;
    let build = scratch_build.path();
    let validator = package
        .validators
        .first()
        .map(|source| prepared(package_root, source, build, "validator"))
        .transpose()
        .map_err(refused)?;
    let interactor = package
        .interactor
        .as_ref()
        .map(|source| prepared(package_root, source, build, "interactor"))
        .transpose()
        .map_err(refused)?;
    let made = tempdir().map_err(|error| refused(error.to_string()))?;
    let mut found = Vec::new();
    let mut main_program = None;
    // The main solution reads and writes the files the problem names.
    let case_io = CaseIo {
        input_file: package.input_file.clone(),
        output_file: package.output_file.clone(),
    };
    let mut generators: BTreeMap<String, Prepared> = BTreeMap::new();
    // A generator run that writes several tests (from-file), by command.
    let mut written_by: BTreeMap<String, judge::scratch::ScratchDir> = BTreeMap::new();
    let mut samples = 0;
    // On a terminal, a bar over the tests says which is made.
    let tests = package.testsets.iter().map(|testset| testset.tests.len());
    let bar = Progress::new(on_terminal(), tests.sum::<usize>() as u64, "tests");
    let mut done = 0;
    for testset in &package.testsets {
        let limits = tool_limits(testset);
        let count = testset.tests.len();
        for (index, test) in testset.tests.iter().enumerate() {
            let number = index + 1;
            let case = case_name(&testset.name, test.group.as_deref(), number, count);
            let input_path =
                printf_path(&testset.input_pattern, number).expect("checked when read");
            let what = match &test.cmd {
                Some(cmd) => format!("test {number} of {} (`{cmd}`)", testset.name),
                None => format!("test {number} of {} ({input_path})", testset.name),
            };
            bar.set_done(done);
            bar.running(what.clone());
            done += 1;
            let input = match (fs::read(package_root.join(&input_path)), &test.cmd) {
                (Ok(bytes), _) => with_lf(bytes),
                (Err(_), None) => {
                    return Err(refused(format!(
                        "{what}: a manual test the package does not hold"
                    )));
                }
                (Err(_), Some(cmd)) => {
                    let words: Vec<String> = cmd.split_whitespace().map(str::to_string).collect();
                    let generator_name = &words[0];
                    let source = package.executables.get(generator_name).ok_or_else(|| {
                        refused(format!(
                            "{what}: no executable {generator_name} in problem.xml's <executables>"
                        ))
                    })?;
                    if !generators.contains_key(generator_name) {
                        let program = prepared(
                            package_root,
                            source,
                            build,
                            &format!("gen-{generator_name}"),
                        )
                        .map_err(refused)?;
                        generators.insert(generator_name.clone(), program);
                    }
                    let generator = &generators[generator_name];
                    match &test.from_file {
                        None => run_tool(generator, &words[1..], b"", &limits, &what)
                            .map_err(refused)?,
                        Some(file) => {
                            if !written_by.contains_key(cmd) {
                                let folder =
                                    tempdir().map_err(|error| refused(error.to_string()))?;
                                let args = arguments(generator, &words[1..]).map_err(refused)?;
                                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                                let run = execute_in(
                                    &generator.program,
                                    &args,
                                    b"",
                                    &limits,
                                    folder.path(),
                                )
                                .map_err(|error| refused(format!("{what}: {error}")))?;
                                if !run.succeeded() {
                                    return Err(refused(format!(
                                        "{what} failed: {}",
                                        run.describe_end()
                                    )));
                                }
                                written_by.insert(cmd.clone(), folder);
                            }
                            let path = written_by[cmd].path().join(file);
                            fs::read(&path).map_err(|_| {
                                refused(format!("{what}: the generator wrote no file {file}"))
                            })?
                        }
                    }
                }
            };
            if let Some(validator) = &validator {
                let mut flags = vec!["--testset".to_string(), testset.name.clone()];
                if let Some(group) = &test.group {
                    flags.extend(["--group".to_string(), group.clone()]);
                }
                run_tool(validator, &flags, &input, &limits, "the validator").map_err(
                    |reason| {
                        refused(format!(
                            "{what}: its validator rejects it: {}",
                            reason.trim_start_matches("the validator failed: ")
                        ))
                    },
                )?;
            }
            let answer_path =
                printf_path(&testset.answer_pattern, number).expect("checked when read");
            let answer = match fs::read(package_root.join(&answer_path)) {
                Ok(bytes) => with_lf(bytes),
                Err(_) => {
                    if main_program.is_none() {
                        main_program =
                            Some(prepared(package_root, main, build, "main").map_err(refused)?);
                    }
                    let main_program = main_program.as_ref().expect("just made");
                    let input_file = made.path().join(format!("{case}.in"));
                    fs::write(&input_file, &input).map_err(|error| refused(error.to_string()))?;
                    match &interactor {
                        None => run_main(
                            main_program,
                            &case_io,
                            &input,
                            &limits,
                            &format!("the main solution on {what}"),
                        )
                        .map_err(refused)?,
                        Some(interactor) => {
                            let program = main_program
                                .as_one_file(&build.join("main-run"))
                                .map_err(|error| refused(error.to_string()))?;
                            let judged = judge_interactive(
                                &program,
                                &limits,
                                &interactor.program,
                                &input_file,
                                None,
                            )
                            .map_err(|error| {
                                refused(format!(
                                    "the main solution with the interactor on {what}: {error}"
                                ))
                            })?;
                            if judged.verdict != Ok(judge::judging::verdict::Verdict::Accepted) {
                                return Err(refused(format!(
                                    "the main solution with the interactor on {what}: not accepted ({:?})",
                                    judged.verdict
                                )));
                            }
                            judged.output
                        }
                    }
                }
            };
            let (input_file, answer_file) = (
                made.path().join(format!("{case}.in")),
                made.path().join(format!("{case}.out")),
            );
            fs::write(&input_file, &input)
                .and_then(|()| fs::write(&answer_file, &answer))
                .map_err(|error| refused(error.to_string()))?;
            samples += usize::from(test.sample);
            found.push(Found {
                name: case,
                input: input_file,
                answer: answer_file,
            });
        }
    }
    let tests = package
        .testsets
        .iter()
        .find(|testset| testset.name == "tests")
        .expect("checked when read");
    let time_limit_ms = time_limit_ms.unwrap_or(tests.time_limit_ms);
    let mut judge_keys = vec![
        format!(
            "# From the Polygon package {}: its files and solutions in {SOURCES}/.",
            package
                .short_name
                .as_deref()
                .unwrap_or(&opened.given_name)
                .replace(['\n', '\r'], " ")
        ),
        format!(
            "# Its checker{}, built by the judge.\ntestlib-checker = \"{SOURCES}/{}\"",
            checker_name
                .as_deref()
                .map(|name| format!(" ({name})"))
                .unwrap_or_default(),
            checker.path
        ),
        format!("include-dirs = \"{SOURCES}/files\""),
    ];
    if let Some(source) = package.validators.first() {
        judge_keys.push(format!("testlib-validator = \"{SOURCES}/{}\"", source.path));
    }
    if let Some(source) = &package.interactor {
        judge_keys.push(format!(
            "interactive = true\ntestlib-interactor = \"{SOURCES}/{}\"",
            source.path
        ));
    }
    let mut tables = Vec::new();
    if !package.validators.is_empty() {
        for testset in &package.testsets {
            tables.push(format!(
                "# The validator's arguments, as Polygon gives them.\n[[package.metadata.judge.group]]\ncases = \"{}\"\ninput-validator-flags = \"--testset {}\"\n",
                testset.name, testset.name
            ));
            let mut groups: Vec<&str> = testset
                .tests
                .iter()
                .filter_map(|test| test.group.as_deref())
                .collect();
            groups.dedup();
            groups.sort();
            groups.dedup();
            for group in groups {
                tables.push(format!(
                    "[[package.metadata.judge.group]]\ncases = \"{}\"\ninput-validator-flags = \"--testset {} --group {group}\"\n",
                    group_prefix(&testset.name, Some(group)),
                    testset.name
                ));
            }
        }
    }
    let mut not_listed = Vec::new();
    for (tag, source) in &package.solutions {
        if source.kind.starts_with("python.2") || source.kind.starts_with("pythonx.2") {
            not_listed.push(format!(
                "{} ({}): Python 2, which this judge does not run",
                source.path, source.kind
            ));
            continue;
        }
        match expectation(tag) {
            Some((expected, allowed)) => {
                let mut table = format!(
                    "# Tagged {tag}.\n[[package.metadata.judge.submission]]\npath = \"{SOURCES}/{}\"\n",
                    source.path
                );
                if !expected.is_empty() {
                    table.push_str(&format!("expected = \"{expected}\"\n"));
                }
                table.push_str(&format!("allowed = \"{allowed}\"\n"));
                tables.push(table);
            }
            None => not_listed.push(format!(
                "{} (tagged {tag}): its tag says it is not run",
                source.path
            )),
        }
    }
    let spec = NewProblem {
        url: None,
        time_limit_ms: Some(time_limit_ms),
        memory_limit_mb: Some(tests.memory_mb),
        input_file: package.input_file.clone(),
        output_file: package.output_file.clone(),
        judge_keys,
        judge_tables: tables,
        ..NewProblem::named(&name)
    };
    let created = create(root, &spec).map_err(|error| refused(error.to_string()))?;
    let crate_dir = root.join("crates").join(&name);
    let copied = copy_sources(package_root, &crate_dir.join(SOURCES), &package)
        .and_then(|()| write_into(&root.join("io-tests").join(&name), &found));
    if let Err(error) = copied {
        // Made now, so removed whole: nothing is left of a failed import.
        let _ = fs::remove_dir_all(&crate_dir);
        let _ = fs::remove_dir_all(root.join("io-tests").join(&name));
        return Err(refused(format!(
            "{name}: the package could not be copied in ({error}): nothing imported"
        )));
    }
    println!(
        "made {name}{} from {}: {} case{} ({samples} sample{}), time limit {time_limit_ms} ms ({}), memory {} MB, judged by its checker ({SOURCES}/{}){}{}",
        package.title.as_deref().map(|title| format!(" ({title})")).unwrap_or_default(),
        show_path(package_root),
        found.len(),
        if found.len() == 1 { "" } else { "s" },
        if samples == 1 { "" } else { "s" },
        if time_limit_ms == tests.time_limit_ms { "problem.xml" } else { "--time-limit-ms" },
        tests.memory_mb,
        checker.path,
        package.validators.first().map(|source| format!(", inputs validated by {SOURCES}/{}", source.path)).unwrap_or_default(),
        package.interactor.as_ref().map(|source| format!(", interactive with {SOURCES}/{}", source.path)).unwrap_or_default(),
    );
    for testset in &package.testsets {
        if testset.groups.is_empty() {
            continue;
        }
        let groups: Vec<String> = testset
            .groups
            .iter()
            .map(|group| {
                format!(
                    "{} ({} points, {}{})",
                    group.name,
                    group.points,
                    if group.policy == "each-test" {
                        "each test's"
                    } else {
                        "all or nothing"
                    },
                    if group.dependencies.is_empty() {
                        String::new()
                    } else {
                        format!(", after {}", group.dependencies.join(", "))
                    }
                )
            })
            .collect();
        println!(
            "the groups of {}, each in its cases' names ({}-GROUP-NN): {}",
            testset.name,
            testset.name,
            groups.join("; ")
        );
        println!("note: points are shown, not added up: each case is judged pass or fail");
    }
    println!(
        "its {} solutions are listed in crates/{name}/Cargo.toml with what their tags say they must get: scripts/verify.sh {name} judges them",
        package.solutions.len() - not_listed.len()
    );
    for solution in not_listed {
        println!("note: {solution}: not listed");
    }
    for note in &package.notes {
        println!("note: {note}");
    }
    if package.validators.len() > 1 {
        println!(
            "note: only its first validator is run ({})",
            package.validators[0].path
        );
    }
    if let Some(Err(cargo)) = created.lock {
        println!(
            "note: Cargo.lock not updated ({cargo}): cargo adds the problem on its next build"
        );
    }
    println!("write crates/{name}/src/main.rs, then scripts/check.sh {name}");
    Ok(())
}

/// Copies what the problem's crate keeps of the package: `problem.xml`, its
/// `files/` and each program problem.xml names, never a Windows binary.
fn copy_sources(from: &Path, to: &Path, package: &Package) -> io::Result<()> {
    let mut files: Vec<String> = vec!["problem.xml".to_string()];
    let files_dir = from.join("files");
    if files_dir.is_dir() {
        for entry in fs::read_dir(&files_dir)? {
            let path = entry?.path();
            if path.is_file() {
                files.push(format!(
                    "files/{}",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ));
            }
        }
    }
    let named = package
        .executables
        .values()
        .chain(package.checker.iter().map(|(source, _)| source))
        .chain(&package.interactor)
        .chain(&package.validators)
        .chain(package.solutions.iter().map(|(_, source)| source));
    files.extend(named.map(|source| source.path.clone()));
    files.sort();
    files.dedup();
    for file in files {
        let extension = Path::new(&file)
            .extension()
            .and_then(|extension| extension.to_str())
            .map(str::to_ascii_lowercase);
        if matches!(extension.as_deref(), Some("exe" | "jar" | "dll" | "bat")) {
            continue;
        }
        let source = from.join(&file);
        let target = to.join(&file);
        if let Some(folder) = target.parent() {
            fs::create_dir_all(folder)?;
        }
        fs::copy(&source, &target)
            .map_err(|error| io::Error::new(error.kind(), format!("{file}: {error}")))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_problem_xml_holds_and_is_not_acted_on_is_named() {
        let xml = r#"<problem revision="7" short-name="demo">
  <names><name language="english" value="Demo"/></names>
  <statements/>
  <judging cpu-name="Intel" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <groups>
        <group name="1" points="10" points-policy="complete-group" feedback-policy="icpc">
          <dependencies><dependency group="0"/></dependencies>
        </group>
      </groups>
    </testset>
  </judging>
</problem>"#;
        let document = roxmltree::Document::parse(xml).unwrap();
        assert_eq!(
            unread(document.root_element()),
            [
                "problem.xml: <group feedback-policy> (what a contestant is shown of a group's tests), which changes no verdict here: passed over",
                "problem.xml: <judging cpu-name> (the machine its limits were set on), which changes no verdict here: passed over",
                "problem.xml: <problem revision>, which changes no verdict here: passed over",
                "problem.xml: <problem> <statements> (the statement), which changes no verdict here: passed over",
            ]
        );
    }

    #[test]
    fn a_path_pattern_is_printfs() {
        assert_eq!(printf_path("tests/%02d", 7).as_deref(), Some("tests/07"));
        assert_eq!(printf_path("tests/%02d", 519).as_deref(), Some("tests/519"));
        assert_eq!(
            printf_path("tests/%02d.a", 3).as_deref(),
            Some("tests/03.a")
        );
        assert_eq!(printf_path("tests/%d", 12).as_deref(), Some("tests/12"));
        assert_eq!(printf_path("tests/%3d", 5).as_deref(), Some("tests/  5"));
        assert_eq!(printf_path("tests/01", 1), None);
        assert_eq!(printf_path("tests/%02d/%02d", 1), None);
    }

    #[test]
    fn a_tag_says_what_its_solution_must_get() {
        assert_eq!(expectation("main"), Some(("", "AC PTS PC")));
        assert_eq!(
            expectation("time-limit-exceeded-or-accepted"),
            Some(("", "AC PTS PC TLE"))
        );
        assert_eq!(expectation("wrong-answer"), Some(("WA", "AC PTS PC WA")));
        // Points are no rejection (polygon-issue-tracking#545).
        assert_eq!(
            expectation("rejected").map(|(some, _)| some),
            Some("WA RE MLE TLE OLE")
        );
        assert_eq!(expectation("do-not-run"), None);
    }

    #[test]
    fn a_case_is_named_by_its_testset_group_and_number() {
        assert_eq!(case_name("tests", Some("g1"), 3, 7), "tests-g1-03");
        assert_eq!(case_name("tests", None, 12, 120), "tests-012");
        assert_eq!(
            case_name("pretests", Some("sub task"), 1, 2),
            "pretests-sub_task-01"
        );
    }

    #[test]
    fn crlf_is_read_as_lf() {
        assert_eq!(with_lf(b"3\r\n1 2 3\r\n".to_vec()), b"3\n1 2 3\n");
        assert_eq!(with_lf(b"a\rb\n".to_vec()), b"a\rb\n");
    }
}
