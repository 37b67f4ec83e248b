//! `import --root DIR PACKAGE [--name NAME] [--time-limit-ms MS]` and
//! `import --root DIR --cases FOLDER NAME`: see `USAGE`. `cargo drill
//! import` builds it and runs it.

mod cases;
mod groups;
mod keys;
mod library_checker;
mod package;
mod polygon;
mod submissions;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use judge::cases::problem::Problem;
use judge::commands::new::{create, is_valid_name, parse_limit, NewProblem};
use judge::judging::compare::DefaultValidator;
use judge::show::show_path;
use lexopt::prelude::*;

use judge::cases::programs::Sources;
use package::Validation;

/// Where a package's own output validator goes in its crate.
const OWN_VALIDATOR: &str = "output_validator";
/// Where its input validators go.
const INPUT_VALIDATORS: &str = "input_validators";

/// How an imported problem's outputs are judged.
enum Judging {
    Default(DefaultValidator),
    /// The package's validator (a file or folder), and the flags it is given.
    Own {
        validator: PathBuf,
        flags: String,
    },
}

/// Copies the folder `from` to `to` (made), file by file, subfolders too
/// (a link as what it links to); an error names the file.
pub(crate) fn copy_folder(from: &Path, to: &Path) -> io::Result<()> {
    fn named(path: &Path) -> impl Fn(io::Error) -> io::Error + '_ {
        move |error| io::Error::new(error.kind(), format!("{}: {error}", show_path(path)))
    }
    fs::create_dir_all(to).map_err(named(to))?;
    for entry in fs::read_dir(from).map_err(named(from))? {
        let path = entry.map_err(named(from))?.path();
        let target = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_folder(&path, &target)?;
        } else {
            fs::copy(&path, &target).map_err(named(&path))?;
        }
    }
    Ok(())
}

const USAGE: &str = "\
usage: judge import PACKAGE [--name NAME] [--time-limit-ms MS]
       judge import LIBRARY-CHECKER-REPOSITORY PROBLEM [--name NAME] [--time-limit-ms MS] [--cache DIR]
       judge import --generate NAME [--cache DIR]
       judge import --cases FOLDER NAME

Makes a problem of the workspace from a problem package of the Kattis/ICPC
format, as DOMjudge and Kattis judge them (regional contests publish
theirs): PACKAGE is its folder, or a .zip or .kpp of it. The crate is the
usual scaffold (crates/NAME, main.rs to write); every case of data/sample
and data/secret goes to io-tests/NAME/, named by its path (sample-1,
secret-group1-03) with its .ans as the .out; the manifest gets the
package's limits (problem.yaml's limits.time_limit, else DOMjudge's
.timelimit or domjudge-problem.ini, else 10 s and a note; limits.memory,
default 2048 MiB; limits.output, default 8 MiB, past it OLE) and its
judging: the default output validator with validator_flags (compare =
\"kattis\"), or the package's own output validator (Kattis's interface,
in C, C++ or Python), copied into crates/NAME/output_validator and built by
the judge with the system's g++ or gcc, or run by python3. NAME defaults to
the package's name, in lowercase with dashes. Its input validators (C,
C++, Python; exit 42 for a valid input) go to crates/NAME/input_validators
and check every input, as a problem's own validator does. The flags a test
data group gives its validators (testdata.yaml, test_group.yaml, a case's
X.yaml) go to the manifest's [[package.metadata.judge.group]] tables, for
the cases of that group. An interactive
package's output validator talks to the program over pipes (its stdout the
program's stdin, and back), and its exit code decides. The package's
submissions/ go to crates/NAME/submissions, for `judge verify NAME`.

A Polygon package (problem.xml at its top; a folder or a .zip, best the
full Linux package): every test of each testset, named TESTSET-GROUP-NN,
copied when the package has it (CRLF read as LF), else made by its
generator's command line (`gen -n 10 5`: the executable of files/ named
gen, in C, C++ or Python, its stdout the test; with from-file, the file it
writes); each answer copied, else the main solution's output (an
interactive problem's: what the interactor writes); the validator run on
every input with --testset and --group, refusing the import on one it
rejects. Its files/ and solutions go to crates/NAME/polygon; its checker
(a std:: one's source too) and interactor, in C or C++, are built by the
judge (testlib-checker, testlib-interactor), its validator checks every
input (testlib-validator, with each group's arguments), the time and
memory limits are its tests testset's, and each solution is listed with
what its tag says it must get (time-limit-exceeded-or-accepted: AC or
TLE on every case; a presentation error counts as WA), for `judge verify
NAME`. Groups and points are shown, not added up; .exe files and Windows
scripts are never used.

A Library Checker problem (yosupo06/library-checker-problems): PACKAGE is
its folder (with info.toml), or the repository and the problem's name. Its
sources (info.toml, gen/, sol/, the testlib checker and verifier, the
repository's common/) are copied to crates/NAME/library-checker, and its
tests are generated here as the repository's generate.py makes them:
params.h from [params], each generator run with each seed, fixed inputs
copied, every input checked by the verifier, answers by sol/correct.cpp,
and every file's sha256 compared with hash.json (one that differs is
refused by name, and nothing is imported). The tests go to io-tests/NAME,
which git ignores by name (io-tests/NAME/.gitignore); the verifier and
checker judge as the manifest says (testlib-validator, testlib-checker),
and each solution of info.toml is listed with what it must get, for `judge
verify NAME`. The time limit is info.toml's, the memory limit 1024 MB.

--generate NAME: makes the generated tests of the Library Checker problem
NAME again (a clone of the workspace has none); nothing is done when they
are there and are as hash.json has them.

--cache DIR (a Library Checker problem, and --generate): generated tests
are kept in DIR/NAME/KEY, KEY the digest of the problem's sources (its
hash.json among them) and of g++'s version, and taken from there by the
next import or --generate that finds them, nothing generated then (a CI
job restores such a folder). A cached file is checked against hash.json
first: a cache that does not match it is never used, and is named.

--cases FOLDER NAME: adds judges' test data to the existing problem NAME:
AtCoder's layout (in/CASE.txt with out/CASE.txt, the case named CASE), or
CASE.in beside CASE.out or CASE.ans. Names are kept.

Nothing is overwritten: a problem or a case file that is there already
refuses the whole import, and a refused import writes nothing. Exits 0
when done, 2 when refused or on a mistake.";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(Stop::Refused(message)) => {
            eprintln!("import: {message}");
            ExitCode::from(2)
        }
    }
}

pub(crate) enum Stop {
    Help,
    /// A mistake, or an import that cannot be made: nothing written.
    Refused(String),
}

impl From<lexopt::Error> for Stop {
    fn from(error: lexopt::Error) -> Stop {
        Stop::Refused(format!("{error}\ntry `judge help import`"))
    }
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Refused(error.to_string())
    }
}

/// What the command line asks.
#[derive(Debug, Default)]
struct Options {
    root: Option<PathBuf>,
    /// Where built programs go (a Library Checker problem's generators).
    bin_dir: Option<PathBuf>,
    /// `--cases FOLDER`.
    cases: Option<PathBuf>,
    /// `--generate`: the operand is a problem whose cases to generate.
    generate: bool,
    /// PACKAGE, or with `--cases` or `--generate` the problem's NAME.
    operand: Option<PathBuf>,
    /// After a Library Checker repository, the problem's name in it.
    problem: Option<String>,
    /// `--cache DIR`: where a Library Checker problem's generated tests are
    /// kept and found.
    cache: Option<PathBuf>,
    name: Option<String>,
    time_limit_ms: Option<u64>,
}

fn parse(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Options, Stop> {
    let mut options = Options::default();
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => options.root = Some(parser.value()?.into()),
            // Given by `judge import`, as to every tool.
            Long("bin-dir") => options.bin_dir = Some(parser.value()?.into()),
            Long("cases") => options.cases = Some(parser.value()?.into()),
            Long("generate") => options.generate = true,
            Long("cache") => options.cache = Some(parser.value()?.into()),
            Long("name") => options.name = Some(parser.value()?.string()?),
            Long("time-limit-ms") => {
                let text = parser.value()?.string()?;
                let limit = parse_limit(&text).ok_or_else(|| {
                    Stop::Refused(format!(
                        "--time-limit-ms takes a whole number of milliseconds, not {text:?}"
                    ))
                })?;
                options.time_limit_ms = Some(limit);
            }
            Value(value) if options.operand.is_none() => options.operand = Some(value.into()),
            Value(value) if options.problem.is_none() => options.problem = Some(value.string()?),
            Short('h') | Long("help") => return Err(Stop::Help),
            _ => return Err(arg.unexpected().into()),
        }
    }
    if options.operand.is_none() {
        return Err(Stop::Refused(
            "give a PACKAGE, or --cases FOLDER NAME\ntry `judge help import`".to_string(),
        ));
    }
    if options.cases.is_some() && (options.name.is_some() || options.time_limit_ms.is_some()) {
        return Err(Stop::Refused(
            "--cases adds cases to a problem there already: --name and --time-limit-ms are for a package".to_string(),
        ));
    }
    if options.cache.is_some() && options.cases.is_some() {
        return Err(Stop::Refused(
            "--cache keeps a Library Checker problem's generated tests: not --cases".to_string(),
        ));
    }
    if options.generate
        && (options.cases.is_some() || options.name.is_some() || options.time_limit_ms.is_some())
    {
        return Err(Stop::Refused(
            "--generate NAME makes the generated cases of a problem there already: nothing else goes with it".to_string(),
        ));
    }
    if options.problem.is_some() && (options.cases.is_some() || options.generate) {
        return Err(Stop::Refused(
            "a second operand is a problem of a Library Checker repository: judge import REPOSITORY PROBLEM".to_string(),
        ));
    }
    Ok(options)
}

fn run() -> Result<(), Stop> {
    let options = parse(std::env::args_os().skip(1))?;
    let root = match &options.root {
        Some(root) => root.clone(),
        None => judge::cases::workspace::find_root(Path::new(".")).map_err(Stop::Refused)?,
    };
    let operand = options.operand.clone().expect("parse requires it");
    let bin_dir = options
        .bin_dir
        .clone()
        .unwrap_or_else(|| judge::commands::build::release_dir(&root));
    if options.generate {
        return library_checker::generate(
            &root,
            &operand.to_string_lossy(),
            &bin_dir,
            options.cache.as_deref(),
        );
    }
    if let Some(folder) = &options.cases {
        return import_cases(&root, folder, &operand.to_string_lossy());
    }
    if let Some(problem) = &options.problem {
        if !library_checker::is_repository(&operand) {
            return Err(Stop::Refused(format!(
                "{}: not a Library Checker repository (its common/ beside problem folders): judge import REPOSITORY PROBLEM takes one",
                show_path(&operand)
            )));
        }
        let folder = library_checker::find_problem(&operand, problem).map_err(Stop::Refused)?;
        return library_checker::import(
            &root,
            &folder,
            options.name.as_deref(),
            &bin_dir,
            options.time_limit_ms,
            options.cache.as_deref(),
        );
    }
    if library_checker::is_problem_folder(&operand) {
        return library_checker::import(
            &root,
            &operand,
            options.name.as_deref(),
            &bin_dir,
            options.time_limit_ms,
            options.cache.as_deref(),
        );
    }
    import_package(&root, &operand, &options)
}

/// `--cases FOLDER NAME`.
fn import_cases(root: &Path, folder: &Path, name: &str) -> Result<(), Stop> {
    let problem = Problem::load(root, name).map_err(|error| {
        Stop::Refused(format!(
            "{name}: not a problem of this workspace ({error}); make it first (scripts/new-problem.sh {name})"
        ))
    })?;
    let found = cases::in_folder(folder)?;
    cases::write_into(&problem.io_tests_dir, &found)?;
    println!(
        "added {} case{} to io-tests/{name}: {} ... {}; scripts/check.sh {name} judges them",
        found.len(),
        if found.len() == 1 { "" } else { "s" },
        found[0].name,
        found[found.len() - 1].name,
    );
    Ok(())
}

/// A crate's name made of a package's: lowercase, dashes for anything else,
/// starting with a letter.
pub(crate) fn crate_name(given: &str) -> String {
    let mut name = String::new();
    for character in given.chars() {
        if character.is_ascii_alphanumeric() {
            name.push(character.to_ascii_lowercase());
        } else if !name.ends_with('-') {
            name.push('-');
        }
    }
    let name = name.trim_matches('-').to_string();
    if name.starts_with(|first: char| first.is_ascii_lowercase()) {
        name
    } else {
        format!("problem-{name}")
    }
}

fn import_package(root: &Path, path: &Path, options: &Options) -> Result<(), Stop> {
    if options.cache.is_some() {
        return Err(Stop::Refused(format!(
            "--cache keeps a Library Checker problem's generated tests: {} is a package",
            show_path(path)
        )));
    }
    let opened = package::open(path)?;
    if opened.polygon {
        return polygon::import(
            root,
            &opened,
            options.name.as_deref(),
            options.time_limit_ms,
        );
    }
    let settings = package::settings(&opened.root)?;
    // What submissions.json and submissions.yaml say, read (or refused)
    // before anything is made.
    let metadata = submissions::read(&opened.root)?;
    // Every key not acted on, named; one that would change verdicts refused.
    let problem_yaml = package::yaml_mapping(&opened.root.join("problem.yaml"))?;
    let mut key_notes = keys::problem_yaml(&problem_yaml)?;
    let (group_notes, first_error) = keys::test_data(&opened.root.join("data"))?;
    key_notes.extend(group_notes);
    let grading_on_reject = keys::grading_on_reject(&problem_yaml)?;
    // The input validators this judge runs (C, C++, Python); the others
    // (checktestdata, VIVA) are named in a note.
    let (input_validators, not_run): (Vec<&PathBuf>, Vec<&PathBuf>) = settings
        .input_validators
        .iter()
        .partition(|path| Sources::find(path).is_ok());
    // The flags of its validators, problem.yaml's and its test data groups'.
    let (legacy, own_validator) = match &settings.validation {
        Validation::Default { flags } => (flags, None),
        Validation::Custom { validator, flags } => {
            // Refused now if it is in no language this judge builds.
            Sources::find(validator)?;
            (flags, Some(validator))
        }
    };
    let (found, passed_over) = cases::in_package_data(&opened.root.join("data"))?;
    // What a judge does after a rejected case, group by group.
    let on_reject = groups::on_reject(&opened.root.join("data"), &found, grading_on_reject)?;
    if let Some(file) = first_error.filter(|_| on_reject.continues_anywhere()) {
        return Err(keys::first_error_refused(&file).into());
    }
    let mut plan = groups::plan(
        &opened.root.join("data"),
        &found,
        legacy,
        !input_validators.is_empty(),
        |flags| match own_validator {
            None => DefaultValidator::parse(flags).map(|_| ()),
            Some(_) => Ok(()),
        },
    )?;
    plan.tables = groups::with_on_reject(
        &opened.root.join("data"),
        std::mem::take(&mut plan.tables),
        &on_reject,
        &found,
    )?;
    let judging =
        match own_validator {
            None => Judging::Default(DefaultValidator::parse(&plan.output).map_err(|error| {
                Stop::Refused(format!("problem.yaml: validator_flags: {error}"))
            })?),
            Some(validator) => Judging::Own {
                validator: validator.clone(),
                flags: plan.output.clone(),
            },
        };
    let name = match &options.name {
        Some(name) => name.clone(),
        None => crate_name(&opened.given_name),
    };
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
    // The cases first, beside the folder they go to: a case that cannot be
    // read stops the import before the problem is made.
    let io_tests = root.join("io-tests");
    fs::create_dir_all(&io_tests)?;
    let staged = io_tests.join(format!(".{name}.import-{}", std::process::id()));
    let _ = fs::remove_dir_all(&staged);
    let staging = cases::write_into(&staged, &found);
    if let Err(error) = staging {
        let _ = fs::remove_dir_all(&staged);
        return Err(error.into());
    }
    let mut judge_keys = vec![
        format!(
            "# From the problem package {} (Kattis/ICPC format).",
            opened.given_name.replace(['\n', '\r'], " ")
        ),
        format!("output-limit-mb = {}", settings.output_mb),
    ];
    if settings.interactive {
        judge_keys.push(
            "# Its output validator talks to the program over pipes.\ninteractive = true"
                .to_string(),
        );
    }
    if on_reject.root_continues {
        judge_keys.push(
            "# data/ says on_reject: continue: after a rejected case, judging goes on with its next group.\non-reject = \"continue\""
                .to_string(),
        );
    }
    if let Some(passes) = settings.validation_passes {
        judge_keys.push(format!(
            "# Multi-pass: its output validator may ask for the program to run again.\nvalidation-passes = {passes}"
        ));
    }
    if !input_validators.is_empty() {
        judge_keys.push(format!(
            "# Its input validators (Kattis's interface), as the package has them.\ninput-validators = \"{INPUT_VALIDATORS}\""
        ));
        if let Some(flags) = plan.input.as_deref().filter(|flags| !flags.is_empty()) {
            judge_keys.push(format!("input-validator-flags = \"{flags}\""));
        }
    }
    match &judging {
        Judging::Default(validator) if *validator == DefaultValidator::default() => {
            judge_keys.push("compare = \"kattis\"".to_string());
        }
        Judging::Default(validator) => {
            judge_keys.push(format!("validator-flags = \"{}\"", validator.flags()));
        }
        Judging::Own { flags, .. } => {
            judge_keys.push(format!(
                "# Its own output validator (Kattis's interface), as the package has it.\noutput-validator = \"{OWN_VALIDATOR}\""
            ));
            if !flags.is_empty() {
                judge_keys.push(format!("validator-flags = \"{flags}\""));
            }
        }
    }
    let time_limit_ms = options.time_limit_ms.unwrap_or(settings.time_limit_ms);
    let spec = NewProblem {
        time_limit_ms: Some(time_limit_ms),
        memory_limit_mb: Some(settings.memory_mb),
        judge_keys,
        judge_tables: plan
            .tables
            .iter()
            .map(group_table)
            .chain(metadata.tables())
            .collect(),
        ..NewProblem::named(&name)
    };
    let made = create(root, &spec);
    let moved = made.as_ref().ok().map(|_| {
        found.iter().try_for_each(|case| {
            for extension in ["in", "out"] {
                let file = format!("{}.{extension}", case.name);
                fs::rename(staged.join(&file), io_tests.join(&name).join(&file))?;
            }
            Ok::<(), io::Error>(())
        })
    });
    let _ = fs::remove_dir_all(&staged);
    let created = made.map_err(|error| Stop::Refused(error.to_string()))?;
    let copied = match (&moved, &judging) {
        (Some(Ok(())), Judging::Own { validator, .. }) => {
            let into = root.join("crates").join(&name).join(OWN_VALIDATOR);
            if validator.is_dir() {
                copy_folder(validator, &into)
            } else {
                fs::create_dir_all(&into).and_then(|()| {
                    let file = validator.file_name().unwrap_or_default();
                    fs::copy(validator, into.join(file)).map(|_| ())
                })
            }
        }
        _ => Ok(()),
    };
    let copied = copied.and_then(|()| {
        if moved.as_ref().is_some_and(Result::is_ok) {
            let into = root.join("crates").join(&name).join(INPUT_VALIDATORS);
            input_validators.iter().try_for_each(|program| {
                let target = into.join(program.file_name().unwrap_or_default());
                if program.is_dir() {
                    copy_folder(program, &target)
                } else {
                    fs::create_dir_all(&into).and_then(|()| fs::copy(program, &target).map(|_| ()))
                }
            })
        } else {
            Ok(())
        }
    });
    // The example submissions, for `judge verify`.
    let submissions = opened.root.join("submissions");
    let copied = copied.and_then(|()| {
        if moved.as_ref().is_some_and(Result::is_ok) && submissions.is_dir() {
            copy_folder(
                &submissions,
                &root.join("crates").join(&name).join("submissions"),
            )
        } else {
            Ok(())
        }
    });
    if let (Some(Err(error)), _) | (_, Err(error)) = (moved, copied) {
        // Made now, so removed whole: nothing is left of a failed import.
        let _ = fs::remove_dir_all(root.join("crates").join(&name));
        let _ = fs::remove_dir_all(io_tests.join(&name));
        return Err(Stop::Refused(format!(
            "{name}: the package could not be copied in ({error}): nothing imported"
        )));
    }
    let samples = found
        .iter()
        .filter(|case| case.name.starts_with("sample-"))
        .count();
    let limit_source = if options.time_limit_ms.is_some() {
        "--time-limit-ms".to_string()
    } else {
        settings.time_limit_from.clone()
    };
    println!(
        "made {name}{} from {}: {} case{} ({samples} sample{}), time limit {time_limit_ms} ms ({limit_source}), memory {} MB, output {} MB, judged by {}",
        settings
            .title
            .as_deref()
            .map(|title| format!(" ({title})"))
            .unwrap_or_default(),
        show_path(path),
        found.len(),
        if found.len() == 1 { "" } else { "s" },
        if samples == 1 { "" } else { "s" },
        settings.memory_mb,
        settings.output_mb,
        match &judging {
            Judging::Default(validator) if *validator == DefaultValidator::default() =>
                "the default output validator".to_string(),
            Judging::Default(validator) =>
                format!("the default output validator ({})", validator.flags()),
            Judging::Own { .. } =>
                format!("its own output validator (crates/{name}/{OWN_VALIDATOR})"),
        },
    );
    let with_flags = (plan.tables.iter())
        .filter(|table| table.validator_flags.is_some() || table.input_validator_flags.is_some())
        .count();
    if with_flags > 0 {
        println!(
            "{with_flags} groups with flags of their own (from {}): [[package.metadata.judge.group]] in crates/{name}/Cargo.toml",
            plan.read.iter().map(|file| show_path(file.strip_prefix(&opened.root).unwrap_or(file))).collect::<Vec<_>>().join(", ")
        );
    } else if !plan.read.is_empty() {
        println!(
            "flags from {}, the same for every case",
            plan.read
                .iter()
                .map(|file| show_path(file.strip_prefix(&opened.root).unwrap_or(file)))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if on_reject.continues_anywhere() {
        let mut said = vec![format!(
            "data {}",
            if on_reject.root_continues {
                "continue"
            } else {
                "break"
            }
        )];
        for (cases, continues, _) in &on_reject.groups {
            said.push(format!(
                "{cases} {}",
                if *continues { "continue" } else { "break" }
            ));
        }
        println!(
            "on_reject: {}: after a rejected case, verify goes on as these groups say (on-reject)",
            said.join(", ")
        );
    }
    if settings.interactive {
        println!("note: interactive: main.rs must read each answer as it comes and flush each query (the main.rs of `scripts/new-problem.sh NAME --interactive` shows how)");
    }
    if let Some(passes) = settings.validation_passes {
        println!("multi-pass: its output validator may ask for up to {passes} passes (validation-passes = {passes}); each pass runs the program again on the validator's nextpass.in, under the time limit");
    }
    if settings.scoring {
        println!("note: a scoring problem: each case is judged pass or fail, its group shown by its name; points are not added up");
    }
    if !input_validators.is_empty() {
        println!(
            "inputs validated by its input validators (crates/{name}/{INPUT_VALIDATORS}): {}",
            input_validators
                .iter()
                .map(|path| path
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for program in not_run {
        println!(
            "note: {}: an input validator in a language this judge does not run (checktestdata, VIVA), not imported",
            show_path(program)
        );
    }
    for note in passed_over {
        println!("note: {note}, not imported");
    }
    if let Some(Err(cargo)) = created.lock {
        println!(
            "note: Cargo.lock not updated ({cargo}): cargo adds the problem on its next build"
        );
    }
    for note in key_notes.iter().chain(&metadata.notes) {
        println!("note: {note}");
    }
    if submissions.is_dir() {
        println!("its example submissions are in crates/{name}/submissions: scripts/verify.sh {name} judges them");
    }
    println!("write crates/{name}/src/main.rs, then scripts/check.sh {name}");
    Ok(())
}

/// A group's table for the manifest.
fn group_table(table: &groups::Table) -> String {
    let mut text = format!(
        "# The settings of the package's {}.\n[[package.metadata.judge.group]]\ncases = \"{}\"\n",
        table.source, table.cases
    );
    if let Some(flags) = &table.validator_flags {
        text.push_str(&format!("validator-flags = \"{flags}\"\n"));
    }
    if let Some(flags) = &table.input_validator_flags {
        text.push_str(&format!("input-validator-flags = \"{flags}\"\n"));
    }
    if let Some(continues) = table.on_reject_continue {
        let word = if continues { "continue" } else { "break" };
        text.push_str(&format!("on-reject = \"{word}\"\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(args: &[&str]) -> Result<Options, Stop> {
        parse(args.iter().map(std::ffi::OsString::from))
    }

    fn refusal(args: &[&str]) -> String {
        match parsed(args) {
            Err(Stop::Refused(message)) => message,
            Err(Stop::Help) => panic!("{args:?}: help"),
            Ok(options) => panic!("{args:?}: {options:?}"),
        }
    }

    #[test]
    fn the_command_line_names_a_package_or_cases_and_a_problem() {
        let package = parsed(&["pkg.zip", "--name", "sum", "--time-limit-ms=1500"])
            .ok()
            .unwrap();
        assert_eq!(package.operand, Some(PathBuf::from("pkg.zip")));
        assert_eq!(
            (package.name.as_deref(), package.time_limit_ms),
            (Some("sum"), Some(1500))
        );
        let cases = parsed(&["--cases", "abc001_a", "abc001-a"]).ok().unwrap();
        assert_eq!(cases.cases, Some(PathBuf::from("abc001_a")));
        assert_eq!(cases.operand, Some(PathBuf::from("abc001-a")));
        assert!(refusal(&[]).starts_with("give a PACKAGE"));
        let library_checker = parsed(&["library-checker-problems", "unionfind"])
            .ok()
            .unwrap();
        assert_eq!(library_checker.problem.as_deref(), Some("unionfind"));
        assert!(refusal(&["a", "b", "c"]).contains("unexpected argument"));
        assert!(parsed(&["--generate", "unionfind"]).ok().unwrap().generate);
        assert!(refusal(&["--generate", "p", "--name", "q"]).contains("nothing else goes with it"));
        assert!(refusal(&["--generate", "p", "q"]).contains("a second operand is a problem"));
        assert!(refusal(&["a", "--time-limit-ms", "0"]).contains("not \"0\""));
        assert!(refusal(&["--cases", "d", "p", "--name", "q"]).contains("are for a package"));
        assert!(matches!(parsed(&["--help"]), Err(Stop::Help)));
    }

    #[test]
    fn a_crate_name_is_made_of_the_packages() {
        assert_eq!(crate_name("different"), "different");
        assert_eq!(crate_name("Hello World!"), "hello-world");
        assert_eq!(
            crate_name("nwerc2023_A-arithmetic"),
            "nwerc2023-a-arithmetic"
        );
        assert_eq!(crate_name("2023a"), "problem-2023a");
    }
}
