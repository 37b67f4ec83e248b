//! A problem of the workspace: its crate, its stored cases and its judge's limits.
//!
//! The limits live in the crate's manifest:
//!
//! ```toml
//! [package.metadata.judge]
//! time-limit-ms = 500
//! memory-limit-mb = 512
//! stack-limit-mb = 64       # optional: the memory limit when absent, as DOMjudge does
//! output-limit-mb = 8       # optional: past it OLE; 256 when absent
//! input-validators = "input_validators"  # optional: a contest package's ([`InputValidators`])
//! interactive = true        # optional: judged by an interactor, `<problem>-interact`
//! validation-passes = 3     # optional: multi-pass, at most 3 passes ([`crate::judging::multipass`])
//! on-reject = "continue"    # optional: verify goes on past a rejected case ([`Problem::after_rejection`])
//! template = "templates/main.rs"  # written by `judge new`: the user's template main.rs came from
//! url = "https://www.acmicpc.net/problem/14952"
//! growth = 1
//! single-case = true       # optional: an input is one case, not a count and cases
//! input-file = "in.txt"    # optional: the program reads this file, not stdin
//! output-file = "out.txt"  # optional: the program writes this file, not stdout
//! input-pattern = "x_.*input[.]txt"  # optional: a downloaded input's name ([`downloads`])
//! answer-file = "x_output.txt"       # optional: the answer `judge run --latest` writes
//!
//! [[package.metadata.judge.group]]  # optional, one per group ([`CaseGroup`])
//! cases = "secret-group1"           # this case, and the cases under it: secret-group1-...
//! validator-flags = "float_tolerance 1e-4"  # for them, instead of the problem's
//! input-validator-flags = "nFive=1"         # for them, instead of the problem's
//! on-reject = "break"                       # for them (and groups under them), instead of the problem's
//! ```
//!
//! `input-file` and `output-file` are for the older judges' problems whose
//! program reads and writes named files in its working folder (see
//! [`crate::judging::case_io`]); each is optional, and either may be given
//! alone. Each is a plain file name: not empty, no `/` or `\`, not `.` or
//! `..`, no NUL; the two differ. An interactive problem has neither (no judge
//! combines them).
//!
//! `growth` (optional) is the exponent k of the cost the crate's README claims,
//! time ∝ (input size)^k; `judge bench --growth` measures it ([`growth_claim`]).
//!
//! How outputs are judged (see [`crate::judging::answer`]) is `compare = "lines"` (the
//! default), `compare = "tokens"`, `compare = "float"` with `float-error = 1e-6`
//! (the default bound), `compare = "kattis"` with `validator-flags =
//! "float_tolerance 1e-6"` (the Kattis format's default output validator and
//! its flags, as a problem.yaml gives them), `output-validator = "PATH"` (a
//! contest package's own validator with Kattis's interface, a file or folder
//! of the crate, given `validator-flags`: see [`OutputValidator`]), or
//! `checker = true`: the problem's checker binary `<name>-check`
//! (`src/bin/check.rs`) decides.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::judging::answer::{Checking, VALIDATION_TIME};
use crate::judging::case_io::CaseIo;
use crate::judging::compare::{DefaultValidator, Mode};
use crate::programs::{Prepared, Sources};
use crate::runner::{tool_stack_mb, Limits};

const JUDGE_TABLE: &str = "package.metadata.judge";
/// The tables of [`CaseGroup`]s, `[[package.metadata.judge.group]]`.
const GROUP_TABLE: &str = "package.metadata.judge.group";
/// The keys of a group's table.
const GROUP_KEYS: [&str; 4] = [
    "cases",
    "validator-flags",
    "input-validator-flags",
    "on-reject",
];
/// The tables of [`ListedSubmission`]s, `[[package.metadata.judge.submission]]`.
const SUBMISSION_TABLE: &str = "package.metadata.judge.submission";
/// The keys of a submission's table.
const SUBMISSION_KEYS: [&str; 3] = ["path", "expected", "allowed"];
/// The tables of entry points, `[[package.metadata.judge.entry-point]]`: a
/// program's `path` (from the crate) and the `entry-point` it starts at, as a
/// package's `submissions.json` or `submissions.yaml` names it.
const ENTRY_TABLE: &str = "package.metadata.judge.entry-point";
/// The keys of an entry point's table.
const ENTRY_KEYS: [&str; 2] = ["path", "entry-point"];

/// A program a problem may have beside its submission: a `[[bin]]` of its crate
/// named `<problem>-<word>`, added by `scripts/new-problem.sh NAME --with <word>`.
/// A problem has only the pieces it was given; the tools use what exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// The brute force the submission is compared with.
    Naive,
    /// The input generator (`judge_readers::generator`).
    Gen,
    /// The input validator (`judge_readers::validate`).
    Validate,
    /// Reads the input as the submission does and solves nothing: the benchmark's baseline.
    Baseline,
}

impl Piece {
    pub const ALL: [Piece; 4] = [Piece::Naive, Piece::Gen, Piece::Validate, Piece::Baseline];

    /// The piece's word for `--with`, also its binary's suffix.
    pub fn word(self) -> &'static str {
        match self {
            Piece::Naive => "naive",
            Piece::Gen => "gen",
            Piece::Validate => "validate",
            Piece::Baseline => "baseline",
        }
    }

    /// The name of problem `problem`'s binary of this piece.
    pub fn binary(self, problem: &str) -> String {
        format!("{problem}-{}", self.word())
    }
}

/// The program that cargo builds from the binary `name` into `bin_dir`:
/// `bin_dir/name`, `name.exe` on Windows.
pub fn program_path(bin_dir: &Path, name: &str) -> PathBuf {
    bin_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// Why a tool cannot run on `problem` without the `missing` pieces, and the
/// command that adds them.
pub fn missing_pieces(problem: &str, tool: &str, missing: &[Piece]) -> String {
    let words: Vec<&str> = missing.iter().map(|piece| piece.word()).collect();
    format!(
        "{problem} has no {}, which {tool} needs: add {} with `scripts/new-problem.sh {problem} --with {}` and write {}",
        words.join(" and no "),
        if missing.len() == 1 { "it" } else { "them" },
        words.join(","),
        if missing.len() == 1 { "it" } else { "them" },
    )
}

/// A problem crate under `crates/<name>` with its cases in `io-tests/<name>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// The crate's name, also its binary's name and its io-tests folder's name.
    pub name: String,
    pub manifest_dir: PathBuf,
    pub io_tests_dir: PathBuf,
    /// The judge's own time limit.
    pub time_limit: Duration,
    /// The judge's memory limit (peak resident memory); `None`: not limited.
    pub memory_limit_mb: Option<u64>,
    /// The main thread's stack; `None`: as large as the memory limit.
    pub stack_limit_mb: Option<u64>,
    /// Stdout past which a run is OLE; `None`: the runner's
    /// [`OUTPUT_CAP`](crate::runner::OUTPUT_CAP).
    pub output_limit_mb: Option<u64>,
    /// Judged by an interactor talking to the submission (testlib's convention)
    /// instead of by comparing its output.
    pub interactive: bool,
    /// A multi-pass problem's most passes (`validation-passes`, at least 2):
    /// its output validator may ask for the program to run again
    /// ([`crate::judging::multipass`]); `None`, one pass.
    pub validation_passes: Option<u32>,
    /// `template = "PATH"`: the user's template its `main.rs` was made from
    /// (`judge new`), named when it does not build.
    pub template: Option<String>,
    /// `on-reject = "continue"` (a package's `data/testdata.yaml` says so):
    /// after a rejected case, `verify` goes on with the next of the
    /// problem's groups, as problemtools does; `break` (the default), it
    /// stops ([`Problem::after_rejection`]).
    pub on_reject_continue: bool,
    pub url: Option<String>,
    /// How outputs are compared, unless `checker` is set.
    pub compare: Mode,
    /// Whether the problem's checker `<name>-check` judges outputs.
    pub checker: bool,
    /// A contest package's own output validator (Kattis's interface), which
    /// then judges outputs.
    pub output_validator: Option<OutputValidator>,
    /// A contest package's input validators (Kattis's interface: exit 42 for
    /// a valid input), each run on every input.
    pub input_validators: Option<InputValidators>,
    /// The files its programs read and write instead of stdin and stdout.
    pub case_io: CaseIo,
    /// Cases judged with flags of their own (a contest package's test data
    /// groups), in file order.
    pub groups: Vec<CaseGroup>,
    /// A checker with testlib's interface in C or C++, a file or folder of
    /// the crate built by the judge (`testlib-checker = "PATH"`), which then
    /// judges outputs.
    pub testlib_checker: Option<PathBuf>,
    /// An interactor with testlib's interface in C or C++ (`interactor
    /// input output [answer]`, exit 0 AC, 1 WA, 2 PE), a file or folder of the
    /// crate built by the judge (`testlib-interactor = "PATH"`), in place of
    /// `<name>-interact`; with `interactive = true`.
    pub testlib_interactor: Option<PathBuf>,
    /// An input validator with testlib's interface (`registerValidation`:
    /// exit 0 for a valid input), a file or folder of the crate built by the
    /// judge (`testlib-validator = "PATH"`), run on every input.
    pub testlib_validator: Option<PathBuf>,
    /// Folders of the crate where its C and C++ programs also find headers
    /// (`include-dirs = "PATH ..."`): a Library Checker problem's `common/`.
    pub include_dirs: Vec<PathBuf>,
    /// What makes its cases (`generated-cases = "library-checker"`): they are
    /// generated on each machine by `judge import --generate NAME`, ignored by
    /// git, and listed in `io-tests/NAME/.generated` once made.
    pub generated_cases: Option<String>,
}

/// An example submission the manifest lists with what it must get, as a
/// Library Checker problem's `info.toml` or a Polygon package's tags say:
/// a `[[package.metadata.judge.submission]]` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedSubmission {
    /// `path`: its file or folder, from the crate.
    pub path: PathBuf,
    /// `expected`: verdicts' codes of which some case must get one; empty:
    /// none is needed.
    pub expected: Vec<String>,
    /// `allowed`: the codes every case's verdict must be among (`expected`'s
    /// too).
    pub allowed: Vec<String>,
}

/// What `io-tests/NAME/.generated` lists: the generated cases, written last
/// by their generation, so that its presence says they are all there.
pub const GENERATED_LIST: &str = ".generated";

/// Cases whose validators are given flags of their own, as a contest
/// package's test data group gives them (`testdata.yaml`, `test_group.yaml`):
/// a `[[package.metadata.judge.group]]` table. A case belongs to the group
/// with the longest `cases` that is its name or that its name is under
/// (`cases` and a `-`, as `io-tests/` names a package's groups), and to
/// none when there is none: then the problem's own flags are its.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseGroup {
    /// `cases`: the case of this name, and those named under it.
    pub cases: String,
    /// Its `validator-flags`, for `compare = "kattis"`: the default
    /// validator with them, instead of the problem's.
    pub compare: Option<Mode>,
    /// Its `validator-flags`, for an `output-validator`: given them,
    /// instead of the problem's.
    pub validator_flags: Option<Vec<String>>,
    /// Its `input-validator-flags`: each input validator is given them,
    /// instead of the problem's.
    pub input_validator_flags: Option<Vec<String>>,
    /// Its `on-reject`: `Some(true)` for `"continue"`, `Some(false)` for
    /// `"break"`; `None`, the setting of the group it is under (a test data
    /// group inherits its parent's, as in problemtools).
    pub on_reject_continue: Option<bool>,
}

/// What judging a submission does after a rejected case, as problemtools'
/// test data groups say with `on_reject` ([`Problem::after_rejection`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterRejection {
    /// Every group up to the problem breaks: judging ends.
    Ends,
    /// The cases of this group (`cases`) are judged no more; the group
    /// above it continues with its next.
    EndsGroup(String),
    /// The case's own group continues: judging goes on.
    GoesOn,
}

/// The group of the case `name` among `groups`: the one with the longest
/// `cases` that holds it ([`CaseGroup::holds`]).
pub fn group_of<'a>(groups: &'a [CaseGroup], name: &str) -> Option<&'a CaseGroup> {
    groups
        .iter()
        .filter(|group| group.holds(name))
        .max_by_key(|group| group.cases.len())
}

impl CaseGroup {
    /// Whether the case `name` is this group's `cases` or under it.
    pub fn holds(&self, name: &str) -> bool {
        CaseGroup::holds_name(&self.cases, name)
    }

    /// Whether the case `name` is the group `cases` or under it (`cases-...`).
    pub fn holds_name(cases: &str, name: &str) -> bool {
        name.strip_prefix(cases)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('-'))
    }

    /// How its cases are judged where the problem judges by `checking`: with
    /// this group's validator flags; `None` when it gives none (or `checking`
    /// takes no flags), so `checking` as it is.
    pub fn checking(&self, checking: &Checking) -> Option<Checking> {
        match checking {
            Checking::Compare(Mode::Kattis(_)) => self.compare.map(Checking::Compare),
            Checking::Kattis {
                program,
                args,
                time_limit,
                stack_mb,
                ..
            } => self.validator_flags.as_ref().map(|flags| Checking::Kattis {
                program: program.clone(),
                args: args.clone(),
                flags: flags.clone(),
                time_limit: *time_limit,
                stack_mb: *stack_mb,
            }),
            Checking::Compare(_) | Checking::Checker { .. } => None,
        }
    }
}

/// An output validator with Kattis's interface, in C, C++ or Python
/// ([`crate::programs`]): `output-validator = "PATH"` (a file or
/// folder of the crate) and its `validator-flags`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputValidator {
    pub path: PathBuf,
    pub flags: Vec<String>,
}

/// A contest package's input validators: `input-validators = "PATH"`, a
/// folder of the crate holding them (each file or folder in it one program,
/// as problemtools takes them) or one program's file, given
/// `input-validator-flags`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputValidators {
    pub path: PathBuf,
    pub flags: Vec<String>,
}

/// An input validator made ready to run, with its name for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputValidator {
    pub name: String,
    pub prepared: Prepared,
    pub flags: Vec<String>,
    pub convention: ValidatorConvention,
}

/// How an input validator says an input is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValidatorConvention {
    /// Kattis's: exit 42 valid, 43 invalid.
    Kattis,
    /// testlib's `registerValidation`: exit 0 valid, 3 (its `_fail`, which a
    /// failed read or `ensure` gives) invalid.
    Testlib,
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

impl Problem {
    /// The limits the submission runs under.
    pub fn limits(&self) -> Limits {
        Limits {
            time: self.time_limit,
            memory_mb: self.memory_limit_mb,
            stack_mb: self.stack_limit_mb.or(self.memory_limit_mb),
            output_mb: self.output_limit_mb,
        }
    }

    /// Loads `crates/<name>` of the workspace at `root`.
    ///
    /// # Errors
    /// When the manifest is missing, has no `[package.metadata.judge]` with a
    /// positive `time-limit-ms`, or has a line in `[package]` or that table
    /// which [`Manifest`] does not read (the error names the line).
    pub fn load(root: &Path, name: &str) -> io::Result<Problem> {
        Problem::from_manifest_dir(&root.join("crates").join(name))
    }

    /// Loads the problem whose crate is at `manifest_dir` (as in
    /// `env!("CARGO_MANIFEST_DIR")`); the workspace is two folders up.
    ///
    /// # Errors
    /// As [`Problem::load`].
    ///
    /// # Example
    /// ```
    /// let root = judge_runner::scratch::tempdir().unwrap();
    /// let crate_dir = root.path().join("crates/demo");
    /// std::fs::create_dir_all(&crate_dir).unwrap();
    /// let manifest = "[package]\nname = \"demo\"\n[package.metadata.judge]\ntime-limit-ms = 500\n";
    /// std::fs::write(crate_dir.join("Cargo.toml"), manifest).unwrap();
    /// let problem = judge_cases::problem::Problem::from_manifest_dir(&crate_dir).unwrap();
    /// assert_eq!(problem.time_limit.as_millis(), 500);
    /// assert!(problem.io_tests_dir.ends_with("io-tests/demo"));
    /// ```
    pub fn from_manifest_dir(manifest_dir: &Path) -> io::Result<Problem> {
        let (manifest_path, manifest) = read_manifest(manifest_dir)?;
        let name = manifest
            .string("package", "name")?
            .ok_or_else(|| invalid(format!("{}: no package name", manifest_path.display())))?;
        if !manifest.has_table(JUDGE_TABLE) {
            return Err(invalid(format!(
                "{}: no [{JUDGE_TABLE}] table",
                manifest_path.display()
            )));
        }
        let time_limit_ms = manifest
            .integer(JUDGE_TABLE, "time-limit-ms")?
            .filter(|&ms| ms > 0)
            .ok_or_else(|| {
                invalid(format!(
                    "{}: [{JUDGE_TABLE}] needs a positive integer time-limit-ms",
                    manifest_path.display()
                ))
            })?;
        let case_io = case_io(&manifest)
            .map_err(|error| invalid(format!("{}: {error}", manifest_path.display())))?;
        let interactive = manifest
            .boolean(JUDGE_TABLE, "interactive")?
            .unwrap_or(false);
        if interactive && !case_io.is_stdio() {
            return Err(invalid(format!(
                "{}: interactive = true with input-file or output-file: an interactive program talks on stdin and stdout, no judge gives it files too",
                manifest_path.display()
            )));
        }
        let root = manifest_dir
            .parent()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."));
        let output_validator = match manifest.string(JUDGE_TABLE, "output-validator")? {
            None => None,
            Some(path) => {
                let decides_too = manifest.string(JUDGE_TABLE, "compare")?.is_some()
                    || manifest.number(JUDGE_TABLE, "float-error")?.is_some()
                    || manifest.boolean(JUDGE_TABLE, "checker")? == Some(true);
                if decides_too {
                    return Err(invalid(format!(
                        "{}: output-validator decides alone: remove compare, float-error and checker",
                        manifest_path.display(),
                    )));
                }
                let flags = manifest.string(JUDGE_TABLE, "validator-flags")?;
                Some(OutputValidator {
                    path: manifest_dir.join(path),
                    flags: flags
                        .unwrap_or_default()
                        .split_whitespace()
                        .map(str::to_string)
                        .collect(),
                })
            }
        };
        let words = |key: &str| -> io::Result<Vec<String>> {
            Ok(manifest
                .string(JUDGE_TABLE, key)?
                .unwrap_or_default()
                .split_whitespace()
                .map(str::to_string)
                .collect())
        };
        let input_validators = match manifest.string(JUDGE_TABLE, "input-validators")? {
            None => None,
            Some(path) => Some(InputValidators {
                path: manifest_dir.join(path),
                flags: words("input-validator-flags")?,
            }),
        };
        let path_key = |key: &str| -> io::Result<Option<PathBuf>> {
            Ok(manifest
                .string(JUDGE_TABLE, key)?
                .map(|path| manifest_dir.join(path)))
        };
        let testlib_checker = path_key("testlib-checker")?;
        let testlib_interactor = path_key("testlib-interactor")?;
        if testlib_interactor.is_some() && !interactive {
            return Err(invalid(format!(
                "{}: testlib-interactor talks to the program of an interactive problem: add interactive = true",
                manifest_path.display(),
            )));
        }
        let testlib_validator = path_key("testlib-validator")?;
        if testlib_checker.is_some() {
            let decides_too = manifest.string(JUDGE_TABLE, "compare")?.is_some()
                || manifest.number(JUDGE_TABLE, "float-error")?.is_some()
                || manifest.boolean(JUDGE_TABLE, "checker")? == Some(true)
                || output_validator.is_some();
            if decides_too {
                return Err(invalid(format!(
                    "{}: testlib-checker decides alone: remove compare, float-error, checker and output-validator",
                    manifest_path.display(),
                )));
            }
        }
        let validation_passes = match manifest.integer(JUDGE_TABLE, "validation-passes")? {
            None => None,
            Some(passes) if !(2..=1000).contains(&passes) => {
                return Err(invalid(format!(
                    "{}: validation-passes = {passes}: a multi-pass problem's most passes, 2 to 1000",
                    manifest_path.display()
                )))
            }
            Some(_) if output_validator.is_none() => {
                return Err(invalid(format!(
                    "{}: validation-passes: a multi-pass problem's output-validator asks for the passes, and there is none",
                    manifest_path.display()
                )))
            }
            Some(_) if !case_io.is_stdio() => {
                return Err(invalid(format!(
                    "{}: validation-passes with input-file or output-file: a pass's input is the validator's nextpass.in, given on stdin",
                    manifest_path.display()
                )))
            }
            Some(passes) => Some(passes as u32),
        };
        let on_reject_continue = match manifest.string(JUDGE_TABLE, "on-reject")?.as_deref() {
            None | Some("break") => false,
            Some("continue") => true,
            Some(other) => {
                return Err(invalid(format!(
                    "{}: on-reject = {other:?}: \"break\" (the default) or \"continue\"",
                    manifest_path.display()
                )))
            }
        };
        let compare = match output_validator {
            Some(_) => Mode::Lines,
            None => compare_mode(&manifest)
                .map_err(|error| invalid(format!("{}: {error}", manifest_path.display())))?,
        };
        let groups = case_groups(
            &manifest,
            compare,
            output_validator.is_some(),
            input_validators.is_some() || testlib_validator.is_some(),
        )
        .map_err(|error| invalid(format!("{}: {error}", manifest_path.display())))?;
        Ok(Problem {
            manifest_dir: manifest_dir.to_path_buf(),
            io_tests_dir: root.join("io-tests").join(&name),
            time_limit: Duration::from_millis(time_limit_ms),
            memory_limit_mb: positive(&manifest, "memory-limit-mb")?,
            stack_limit_mb: positive(&manifest, "stack-limit-mb")?,
            output_limit_mb: positive(&manifest, "output-limit-mb")?,
            interactive,
            validation_passes,
            on_reject_continue,
            template: manifest.string(JUDGE_TABLE, "template")?,
            url: manifest.string(JUDGE_TABLE, "url")?,
            compare,
            checker: manifest.boolean(JUDGE_TABLE, "checker")?.unwrap_or(false),
            output_validator,
            input_validators,
            case_io,
            groups,
            testlib_checker,
            testlib_interactor,
            testlib_validator,
            include_dirs: words("include-dirs")?
                .into_iter()
                .map(|dir| manifest_dir.join(dir))
                .collect(),
            generated_cases: manifest.string(JUDGE_TABLE, "generated-cases")?,
            name,
        })
    }

    /// The submissions its manifest lists (`[[package.metadata.judge.submission]]`),
    /// in file order.
    ///
    /// # Errors
    /// When the manifest cannot be read, or a table lacks `path` or has a key
    /// it does not know.
    pub fn listed_submissions(&self) -> io::Result<Vec<ListedSubmission>> {
        let (manifest_path, manifest) = read_manifest(&self.manifest_dir)?;
        let mut listed = Vec::new();
        for (table, line) in manifest.array_of_tables(SUBMISSION_TABLE) {
            let at = |message: String| {
                invalid(format!(
                    "{}: line {line}: [[{SUBMISSION_TABLE}]]: {message}",
                    manifest_path.display()
                ))
            };
            if let Some(entry) =
                (table.entries.iter()).find(|entry| !SUBMISSION_KEYS.contains(&&*entry.1))
            {
                return Err(at(format!(
                    "{} is not one of its keys, {}",
                    entry.1,
                    SUBMISSION_KEYS.join(", ")
                )));
            }
            let path = (table.string(SUBMISSION_TABLE, "path")?)
                .filter(|path| !path.is_empty())
                .ok_or_else(|| at("needs path = \"FILE\", from the crate".to_string()))?;
            let codes = |key: &str| -> io::Result<Vec<String>> {
                Ok((table.string(SUBMISSION_TABLE, key)?)
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect())
            };
            listed.push(ListedSubmission {
                path: self.manifest_dir.join(path),
                expected: codes("expected")?,
                allowed: codes("allowed")?,
            });
        }
        Ok(listed)
    }

    /// The generated cases, when it has them and they are made: the names
    /// `io-tests/NAME/.generated` lists. `Ok(None)` for a problem whose cases
    /// are not generated.
    ///
    /// # Errors
    /// When they are not made on this machine, or one is missing: the reason,
    /// with the command that makes them.
    pub fn generated_case_names(&self) -> Result<Option<Vec<String>>, String> {
        let Some(by) = &self.generated_cases else {
            return Ok(None);
        };
        let again = format!(
            "`scripts/import.sh --generate {}` makes them again (from its crate's {by} sources; they are never in git)",
            self.name
        );
        let list = self.io_tests_dir.join(GENERATED_LIST);
        let text = fs::read_to_string(&list).map_err(|_| {
            format!(
                "the generated cases of {} are not made on this machine: {again}",
                self.name
            )
        })?;
        // A line per case; `#` starts the maker's own notes.
        let names: Vec<String> = (text.lines())
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(str::to_string)
            .collect();
        for name in &names {
            for extension in ["in", "out"] {
                let file = self.io_tests_dir.join(format!("{name}.{extension}"));
                if !file.is_file() {
                    return Err(format!(
                        "{} is missing of the generated cases of {}: {again}",
                        crate::show::show_path(&file),
                        self.name
                    ));
                }
            }
        }
        Ok(Some(names))
    }

    /// A problem that no manifest describes (`judge test`'s folder of cases,
    /// a test's fixture): its cases in `io_tests_dir`, compared line by line
    /// under `time_limit` and no other limit, and nothing else.
    pub fn plain(
        name: &str,
        manifest_dir: &Path,
        io_tests_dir: &Path,
        time_limit: Duration,
    ) -> Problem {
        Problem {
            name: name.to_string(),
            manifest_dir: manifest_dir.to_path_buf(),
            io_tests_dir: io_tests_dir.to_path_buf(),
            time_limit,
            memory_limit_mb: None,
            stack_limit_mb: None,
            output_limit_mb: None,
            interactive: false,
            validation_passes: None,
            on_reject_continue: false,
            template: None,
            url: None,
            compare: Mode::Lines,
            checker: false,
            output_validator: None,
            input_validators: None,
            case_io: CaseIo::default(),
            groups: Vec::new(),
            testlib_checker: None,
            testlib_interactor: None,
            testlib_validator: None,
            include_dirs: Vec::new(),
            generated_cases: None,
        }
    }

    /// The group of the case `name` ([`CaseGroup`]), if it has one.
    pub fn group_of(&self, name: &str) -> Option<&CaseGroup> {
        group_of(&self.groups, name)
    }

    /// What judging does once the case `name` is rejected. Its groups that
    /// set `on-reject`, nearest first, then the problem: a group that breaks
    /// stops its own judging and is a rejected item of the group above it;
    /// the first that continues goes on with its next item. So the cases
    /// skipped are those of the outermost group that breaks below the first
    /// that continues (a group without a setting takes its parent's, so
    /// only the groups that set one decide).
    pub fn after_rejection(&self, name: &str) -> AfterRejection {
        let mut chain: Vec<(&str, bool)> = (self.groups.iter())
            .filter(|group| group.holds(name))
            .filter_map(|group| Some((group.cases.as_str(), group.on_reject_continue?)))
            .collect();
        chain.sort_by_key(|(cases, _)| std::cmp::Reverse(cases.len()));
        chain.push(("", self.on_reject_continue));
        let mut breaking = None;
        for (cases, continues) in chain {
            if continues {
                return match breaking {
                    None => AfterRejection::GoesOn,
                    Some(group) => AfterRejection::EndsGroup(group),
                };
            }
            breaking = Some(cases.to_string());
        }
        AfterRejection::Ends
    }

    /// The pieces its crate's manifest declares, in [`Piece::ALL`] order.
    ///
    /// # Errors
    /// When the manifest cannot be read, or a `[[bin]]` name is not a plain string.
    pub fn pieces(&self) -> io::Result<Vec<Piece>> {
        let (_, manifest) = read_manifest(&self.manifest_dir)?;
        let bins = manifest.strings("bin", "name")?;
        Ok(Piece::ALL
            .into_iter()
            .filter(|piece| bins.contains(&piece.binary(&self.name)))
            .collect())
    }

    /// Which of `needed` its crate's manifest does not declare, in `needed`'s order.
    ///
    /// # Errors
    /// As [`Problem::pieces`].
    pub fn lacking(&self, needed: &[Piece]) -> io::Result<Vec<Piece>> {
        let pieces = self.pieces()?;
        Ok(needed
            .iter()
            .copied()
            .filter(|piece| !pieces.contains(piece))
            .collect())
    }

    /// The names of the binaries its crate's manifest declares (`[[bin]]`), in
    /// file order.
    ///
    /// # Errors
    /// As [`Problem::pieces`].
    pub fn binaries(&self) -> io::Result<Vec<String>> {
        let (_, manifest) = read_manifest(&self.manifest_dir)?;
        manifest.strings("bin", "name")
    }

    /// Whether an input is one case (`single-case = true`) rather than a case
    /// count followed by the cases.
    ///
    /// # Errors
    /// As [`Problem::pieces`], or when `single-case` is not a boolean.
    pub fn single_case(&self) -> io::Result<bool> {
        let (_, manifest) = read_manifest(&self.manifest_dir)?;
        Ok(manifest
            .boolean(JUDGE_TABLE, "single-case")?
            .unwrap_or(false))
    }

    /// How this problem's outputs are judged, its checker (if any) taken from
    /// `bin_dir`, the folder of its built binaries.
    pub fn checking(&self, bin_dir: &Path) -> Checking {
        let checker = if self.testlib_checker.is_some() {
            Checking::checker_program(self.testlib_checker_binary(bin_dir))
        } else if self.checker {
            Checking::checker_program(program_path(bin_dir, &format!("{}-check", self.name)))
        } else {
            return Checking::Compare(self.compare);
        };
        // A stack as large as the submission's, as judges give every program.
        checker.with_stack(tool_stack_mb(self.limits().stack_mb))
    }

    /// Its input validators, each made ready to run (built into `bin_dir` as
    /// `<name>-input-validator-N` when it is C or C++); none without
    /// `input-validators`.
    ///
    /// # Errors
    /// When a validator's sources cannot be found or it cannot be built.
    pub fn prepared_input_validators(&self, bin_dir: &Path) -> io::Result<Vec<InputValidator>> {
        let mut prepared = Vec::new();
        if let Some(path) = &self.testlib_validator {
            let binary = program_path(bin_dir, &format!("{}-testlib-validator", self.name));
            prepared.push(InputValidator {
                name: crate::show::show_path(path.strip_prefix(&self.manifest_dir).unwrap_or(path)),
                prepared: self.sources(path)?.prepare(&binary)?,
                flags: Vec::new(),
                convention: ValidatorConvention::Testlib,
            });
        }
        let Some(validators) = &self.input_validators else {
            return Ok(prepared);
        };
        let mut programs = Vec::new();
        if validators.path.is_dir() {
            // A folder of programs, each file or folder in it one.
            for entry in fs::read_dir(&validators.path)? {
                let path = entry?.path();
                if !path
                    .file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with('.'))
                {
                    programs.push(path);
                }
            }
            programs.sort();
        } else {
            programs.push(validators.path.clone());
        }
        for (index, path) in programs.iter().enumerate() {
            let binary = program_path(
                bin_dir,
                &format!("{}-input-validator-{}", self.name, index + 1),
            );
            prepared.push(InputValidator {
                name: crate::show::show_path(path.strip_prefix(&self.manifest_dir).unwrap_or(path)),
                prepared: self.sources(path)?.prepare(&binary)?,
                flags: validators.flags.clone(),
                convention: ValidatorConvention::Kattis,
            });
        }
        Ok(prepared)
    }

    /// The program of its crate at `path`, its headers also looked for in
    /// its `include-dirs`.
    ///
    /// # Errors
    /// As [`Sources::find`].
    pub fn sources(&self, path: &Path) -> io::Result<Sources> {
        let sources = Sources::find(path)?.including(&self.include_dirs);
        match self.entry_point(path)? {
            Some(entry) => sources.entering(&entry),
            None => Ok(sources),
        }
    }

    /// The entry point the manifest names for the program at `path`
    /// (`[[package.metadata.judge.entry-point]]`), if any.
    ///
    /// # Errors
    /// When the manifest cannot be read, or a table lacks `path` or
    /// `entry-point` or has a key it does not know.
    pub fn entry_point(&self, path: &Path) -> io::Result<Option<String>> {
        let (manifest_path, manifest) = read_manifest(&self.manifest_dir)?;
        for (table, line) in manifest.array_of_tables(ENTRY_TABLE) {
            let at = |message: String| {
                invalid(format!(
                    "{}: line {line}: [[{ENTRY_TABLE}]]: {message}",
                    manifest_path.display()
                ))
            };
            if let Some(entry) =
                (table.entries.iter()).find(|entry| !ENTRY_KEYS.contains(&&*entry.1))
            {
                return Err(at(format!(
                    "{} is not one of its keys, {}",
                    entry.1,
                    ENTRY_KEYS.join(", ")
                )));
            }
            let value = |key: &str| -> io::Result<String> {
                (table.string(ENTRY_TABLE, key)?)
                    .filter(|value| !value.is_empty())
                    .ok_or_else(|| at(format!("needs {key} = \"...\"")))
            };
            let (program, entry) = (value("path")?, value("entry-point")?);
            if self.manifest_dir.join(program.trim_end_matches('/')) == path {
                return Ok(Some(entry));
            }
        }
        Ok(None)
    }

    /// The interactor that talks to its program, if it is interactive: its
    /// testlib interactor made ready (built into `bin_dir` as
    /// `<name>-testlib-interactor`), else its crate's `<name>-interact`; none
    /// for a contest package's, whose output validator talks to the program.
    ///
    /// # Errors
    /// When the testlib interactor cannot be built, or is not C or C++.
    pub fn prepared_interactor(&self, bin_dir: &Path) -> io::Result<Option<PathBuf>> {
        if let Some(path) = &self.testlib_interactor {
            let binary = program_path(bin_dir, &format!("{}-testlib-interactor", self.name));
            let prepared = self.sources(path)?.prepare(&binary)?;
            if !prepared.args.is_empty() {
                return Err(invalid(format!(
                    "testlib-interactor {}: an interactor in C or C++, which testlib is",
                    crate::show::show_path(path)
                )));
            }
            return Ok(Some(prepared.program));
        }
        Ok((self.interactive && self.output_validator.is_none())
            .then(|| program_path(bin_dir, &format!("{}-interact", self.name))))
    }

    /// Where its testlib checker is built.
    fn testlib_checker_binary(&self, bin_dir: &Path) -> PathBuf {
        program_path(bin_dir, &format!("{}-testlib-checker", self.name))
    }

    /// [`checking`](Self::checking), or its output validator made ready to
    /// run (built into `bin_dir` as `<name>-output-validator` when it is C or
    /// C++ and a source is newer than that).
    ///
    /// # Errors
    /// When the validator's sources cannot be found or it cannot be built.
    pub fn prepared_checking(&self, bin_dir: &Path) -> io::Result<Checking> {
        if let Some(path) = &self.testlib_checker {
            let prepared = self
                .sources(path)?
                .prepare(&self.testlib_checker_binary(bin_dir))?;
            if !prepared.args.is_empty() {
                return Err(invalid(format!(
                    "testlib-checker {}: a checker in C or C++, which testlib is",
                    crate::show::show_path(path)
                )));
            }
            return Ok(Checking::checker_program(prepared.program)
                .with_stack(tool_stack_mb(self.limits().stack_mb)));
        }
        let Some(validator) = &self.output_validator else {
            return Ok(self.checking(bin_dir));
        };
        let prepared = self.sources(&validator.path)?.prepare(&program_path(
            bin_dir,
            &format!("{}-output-validator", self.name),
        ))?;
        Ok(Checking::Kattis {
            program: prepared.program,
            args: prepared.args,
            flags: validator.flags.clone(),
            time_limit: VALIDATION_TIME,
            stack_mb: tool_stack_mb(self.limits().stack_mb),
        })
    }
}

/// The `compare` and `float-error` keys.
fn compare_mode(manifest: &Manifest) -> io::Result<Mode> {
    let name = manifest.string(JUDGE_TABLE, "compare")?;
    let float_error = manifest.number(JUDGE_TABLE, "float-error")?;
    if name.is_some() && manifest.boolean(JUDGE_TABLE, "checker")? == Some(true) {
        return Err(invalid(
            "compare and checker = true: the checker decides, remove compare".to_string(),
        ));
    }
    let flags = manifest.string(JUDGE_TABLE, "validator-flags")?;
    let name = name.as_deref().unwrap_or(match (float_error, &flags) {
        (Some(_), _) => "float",
        (None, Some(_)) => "kattis",
        (None, None) => "lines",
    });
    match (Mode::parse(name, float_error).map_err(invalid)?, flags) {
        (Mode::Kattis(_), Some(flags)) => DefaultValidator::parse(&flags)
            .map(Mode::Kattis)
            .map_err(|error| invalid(format!("validator-flags = \"{flags}\": {error}"))),
        (_, Some(_)) => Err(invalid(format!(
            "validator-flags are the flags of compare = \"kattis\", not of {name}"
        ))),
        (mode, None) => Ok(mode),
    }
}

/// The `[[package.metadata.judge.group]]` tables, given how the problem
/// judges outputs (`compare`, or its own validator) and whether it has input
/// validators.
fn case_groups(
    manifest: &Manifest,
    compare: Mode,
    own_validator: bool,
    input_validators: bool,
) -> io::Result<Vec<CaseGroup>> {
    let words = |text: String| text.split_whitespace().map(str::to_string).collect();
    let mut groups: Vec<CaseGroup> = Vec::new();
    for (table, line) in manifest.array_of_tables(GROUP_TABLE) {
        let at = |message: String| invalid(format!("line {line}: [[{GROUP_TABLE}]]: {message}"));
        if let Some(entry) = (table.entries.iter()).find(|entry| !GROUP_KEYS.contains(&&*entry.1)) {
            return Err(invalid(format!(
                "line {}: {} in [[{GROUP_TABLE}]]: its keys are {}",
                entry.3,
                entry.1,
                GROUP_KEYS.join(", ")
            )));
        }
        let cases = (table.string(GROUP_TABLE, "cases")?)
            .filter(|cases| !cases.is_empty())
            .ok_or_else(|| {
                at("needs cases = \"NAME\": the case NAME and the cases under it, NAME-...".into())
            })?;
        if groups.iter().any(|group| group.cases == cases) {
            return Err(at(format!("cases = \"{cases}\" is another group's too")));
        }
        let flags = table.string(GROUP_TABLE, "validator-flags")?;
        let compare = match (&flags, compare) {
            (Some(flags), Mode::Kattis(_)) if !own_validator => Some(Mode::Kattis(
                DefaultValidator::parse(flags)
                    .map_err(|error| at(format!("validator-flags = \"{flags}\": {error}")))?,
            )),
            (Some(_), _) if !own_validator => return Err(at(
                "validator-flags are the flags of compare = \"kattis\" or of an output-validator"
                    .into(),
            )),
            _ => None,
        };
        let input_validator_flags = table.string(GROUP_TABLE, "input-validator-flags")?;
        if input_validator_flags.is_some() && !input_validators {
            return Err(at(
                "input-validator-flags are the flags of input-validators, which it has not".into(),
            ));
        }
        let on_reject_continue = match table.string(GROUP_TABLE, "on-reject")?.as_deref() {
            None => None,
            Some("break") => Some(false),
            Some("continue") => Some(true),
            Some(other) => {
                return Err(at(format!(
                    "on-reject = {other:?}: \"break\" or \"continue\""
                )))
            }
        };
        groups.push(CaseGroup {
            cases,
            compare,
            validator_flags: flags.filter(|_| own_validator).map(words),
            input_validator_flags: input_validator_flags.map(words),
            on_reject_continue,
        });
    }
    Ok(groups)
}

/// The `input-file` and `output-file` keys.
fn case_io(manifest: &Manifest) -> io::Result<CaseIo> {
    let case_io = CaseIo {
        input_file: file_name(manifest, "input-file")?,
        output_file: file_name(manifest, "output-file")?,
    };
    if case_io.input_file.is_some() && case_io.input_file == case_io.output_file {
        return Err(invalid(
            "input-file and output-file name the same file: the input would be taken for the answer"
                .to_string(),
        ));
    }
    Ok(case_io)
}

/// A file name of the program's working folder: one plain name, so that it
/// cannot reach outside the scratch folder the program runs in. (A backslash,
/// a separator on Windows, is refused by the string reader already, as an
/// escape; it is checked here all the same.)
fn file_name(manifest: &Manifest, key: &str) -> io::Result<Option<String>> {
    let Some(name) = manifest.string(JUDGE_TABLE, key)? else {
        return Ok(None);
    };
    let plain =
        !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0']);
    if plain {
        return Ok(Some(name));
    }
    let (raw, line) = manifest.raw(JUDGE_TABLE, key).unwrap_or_default();
    Err(invalid(format!(
        "line {line}: {key} = {raw}: expected a plain file name (not empty, no / or \\, not . or .., no NUL)"
    )))
}

/// The `growth` of the crate at `manifest_dir`: the exponent k its README claims
/// for time against input size (1 for linear), or `None` when it claims none.
///
/// # Errors
/// When the manifest cannot be read, or `growth` is not a non-negative number.
pub fn growth_claim(manifest_dir: &Path) -> io::Result<Option<f64>> {
    let (manifest_path, manifest) = read_manifest(manifest_dir)?;
    manifest
        .number(JUDGE_TABLE, "growth")
        .map_err(|error| invalid(format!("{}: {error}", manifest_path.display())))
}

/// Where a problem whose judge hands its input out as a file to download
/// (Meta Hacker Cup) finds it, and what the answer to upload is called:
/// `input-pattern` (a regular expression the whole file name matches, as
/// Competitive Companion sends it: `leapfrog_ch__.*input[.]txt`) and
/// `answer-file` (default `output.txt`), which `judge run NAME --latest DIR`
/// reads and writes. Its samples are judged on stdin and stdout as any
/// problem's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Downloads {
    pub input_pattern: String,
    pub answer_file: String,
}

/// The [`Downloads`] of the crate at `manifest_dir`, `None` without an
/// `input-pattern`.
///
/// # Errors
/// When the manifest cannot be read, or `answer-file` is not a plain file name.
pub fn downloads(manifest_dir: &Path) -> io::Result<Option<Downloads>> {
    let (manifest_path, manifest) = read_manifest(manifest_dir)?;
    let in_manifest = |error: io::Error| invalid(format!("{}: {error}", manifest_path.display()));
    let Some(input_pattern) = manifest
        .string(JUDGE_TABLE, "input-pattern")
        .map_err(in_manifest)?
    else {
        return Ok(None);
    };
    let answer_file = file_name(&manifest, "answer-file")
        .map_err(in_manifest)?
        .unwrap_or_else(|| "output.txt".to_string());
    Ok(Some(Downloads {
        input_pattern,
        answer_file,
    }))
}

/// The manifest of the crate at `manifest_dir`, with its path for messages.
fn read_manifest(manifest_dir: &Path) -> io::Result<(PathBuf, Manifest)> {
    let manifest_path = manifest_dir.join("Cargo.toml");
    let text = fs::read_to_string(&manifest_path).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!("{}: {error}", manifest_path.display()),
        )
    })?;
    let manifest = Manifest::parse(&text)
        .map_err(|error| invalid(format!("{}: {error}", manifest_path.display())))?;
    Ok((manifest_path, manifest))
}

/// An optional limit in MiB: when present, a whole number from 1 to [`MAX_MB`].
fn positive(manifest: &Manifest, key: &str) -> io::Result<Option<u64>> {
    match manifest.integer(JUDGE_TABLE, key)? {
        Some(mb) if !(1..=MAX_MB).contains(&mb) => Err(invalid(format!(
            "[{JUDGE_TABLE}] {key} = {mb}: expected 1 to {MAX_MB} (MiB)"
        ))),
        mb => Ok(mb),
    }
}

/// The largest memory or stack limit taken, in MiB (1 TiB).
pub const MAX_MB: u64 = 1 << 20;

/// The names of the problem crates under `<root>/crates` (its folders with a
/// `Cargo.toml`), sorted.
///
/// # Errors
/// When `<root>/crates` cannot be read.
pub fn problem_names(root: &Path) -> io::Result<Vec<String>> {
    let mut names = crate_folders(root)?;
    names.retain(|name| is_problem(root, name));
    Ok(names)
}

/// The names of the folders under `<root>/crates` (or links to them),
/// sorted: each a problem when [`is_problem`] says so. Listed without a look
/// into each, which `judge check` spares a problem it finds unchanged.
///
/// # Errors
/// When `<root>/crates` cannot be read.
pub fn crate_folders(root: &Path) -> io::Result<Vec<String>> {
    let crates = root.join("crates");
    let mut names = Vec::new();
    for entry in fs::read_dir(&crates)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", crates.display())))?
    {
        let entry = entry?;
        if !entry.file_type()?.is_file() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    Ok(names)
}

/// Whether the folder `<root>/crates/<name>` is a problem: it has a `Cargo.toml`.
pub fn is_problem(root: &Path, name: &str) -> bool {
    root.join("crates").join(name).join("Cargo.toml").is_file()
}

/// The `key = value` lines of a Cargo manifest's tables, read just far enough
/// for the harness: whole-line keys with an integer, a boolean or a plain
/// string. A full TOML parser would double a cold build of the harness.
///
/// A line of `[package.metadata.judge]` that is not `key = value`, and a value
/// the harness asks for that is not of its kind, are errors naming the line.
#[derive(Debug, Default)]
pub struct Manifest {
    /// (table, key, raw value, line number, header), in file order; the
    /// header is the index in `tables` of the table's header line, which
    /// tells the tables of an array (`[[table]]`) apart.
    entries: Vec<(String, String, String, usize, usize)>,
    /// Each table header's name and line, in file order.
    tables: Vec<(String, usize)>,
}

impl Manifest {
    /// Splits `text` into tables and `key = value` lines.
    ///
    /// # Errors
    /// A table header that does not close, or a line that is not `key = value`.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let mut manifest = Manifest::default();
        let mut table = String::new();
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(header) = line.strip_prefix('[') {
                let header = header
                    .split('#')
                    .next()
                    .unwrap_or_default()
                    .trim_end()
                    .strip_suffix(']')
                    .ok_or_else(|| format!("line {number}: a table header without `]`"))?;
                table = header
                    .trim_matches(|c| c == '[' || c == ']')
                    .trim()
                    .to_string();
                manifest.tables.push((table.clone(), number));
                continue;
            }
            // Elsewhere a value may span lines (an array); the harness's own tables
            // must be plain `key = value` lines.
            let (key, value) = match line.split_once('=') {
                Some((key, value)) => (key.trim(), value.trim()),
                None if [JUDGE_TABLE, GROUP_TABLE, SUBMISSION_TABLE].contains(&table.as_str()) => {
                    return Err(format!(
                        "line {number}: expected `key = value` in [{table}]"
                    ))
                }
                None => continue,
            };
            let header = manifest.tables.len().wrapping_sub(1);
            manifest.entries.push((
                table.clone(),
                key.to_string(),
                value.to_string(),
                number,
                header,
            ));
        }
        Ok(manifest)
    }

    fn has_table(&self, table: &str) -> bool {
        self.tables.iter().any(|(name, _)| name == table)
    }

    /// Each table of the array `[[table]]`, in file order, as a manifest of
    /// its own (read with the same `table`), with the line of its header.
    fn array_of_tables(&self, table: &str) -> Vec<(Manifest, usize)> {
        self.tables
            .iter()
            .enumerate()
            .filter(|(_, (name, _))| name == table)
            .map(|(header, (name, line))| {
                let manifest = Manifest {
                    entries: (self.entries.iter())
                        .filter(|entry| entry.4 == header)
                        .map(|entry| {
                            (
                                entry.0.clone(),
                                entry.1.clone(),
                                entry.2.clone(),
                                entry.3,
                                0,
                            )
                        })
                        .collect(),
                    tables: vec![(name.clone(), *line)],
                };
                (manifest, *line)
            })
            .collect()
    }

    fn raw(&self, table: &str, key: &str) -> Option<(&str, usize)> {
        self.entries
            .iter()
            .find(|entry| entry.0 == table && entry.1 == key)
            .map(|entry| (entry.2.as_str(), entry.3))
    }

    /// `key`'s value in `[table]`: a plain integer such as `500` or `1_000`.
    ///
    /// # Errors
    /// When the value is there but is not such an integer.
    pub fn integer(&self, table: &str, key: &str) -> io::Result<Option<u64>> {
        let Some((raw, line)) = self.raw(table, key) else {
            return Ok(None);
        };
        let value = without_comment(raw);
        let digits: String = value.chars().filter(|&c| c != '_').collect();
        match digits.parse() {
            Ok(number) if value.starts_with(|c: char| c.is_ascii_digit()) => Ok(Some(number)),
            _ => Err(invalid(format!(
                "line {line}: {key} = {raw}: expected a whole number"
            ))),
        }
    }

    /// `key`'s value in `[table]`: `true` or `false`.
    ///
    /// # Errors
    /// When the value is there but is neither.
    pub fn boolean(&self, table: &str, key: &str) -> io::Result<Option<bool>> {
        let Some((raw, line)) = self.raw(table, key) else {
            return Ok(None);
        };
        match without_comment(raw) {
            "true" => Ok(Some(true)),
            "false" => Ok(Some(false)),
            _ => Err(invalid(format!(
                "line {line}: {key} = {raw}: expected true or false"
            ))),
        }
    }

    /// `key`'s value in `[table]`: a non-negative integer or decimal such as `1`,
    /// `1.5` or `2_000.0`.
    ///
    /// # Errors
    /// When the value is there but is not such a number.
    pub fn number(&self, table: &str, key: &str) -> io::Result<Option<f64>> {
        let Some((raw, line)) = self.raw(table, key) else {
            return Ok(None);
        };
        let value = without_comment(raw);
        let digits: String = value.chars().filter(|&c| c != '_').collect();
        // Digits first: no sign, no `inf` or `nan`.
        match digits.parse::<f64>() {
            Ok(number) if number.is_finite() && value.starts_with(|c: char| c.is_ascii_digit()) => {
                Ok(Some(number))
            }
            _ => Err(invalid(format!(
                "line {line}: {key} = {raw}: expected a number such as 1 or 1.5"
            ))),
        }
    }

    /// `key`'s value in `[table]`: a string in double quotes without escapes.
    ///
    /// # Errors
    /// When the value is there but is not such a string.
    pub fn string(&self, table: &str, key: &str) -> io::Result<Option<String>> {
        self.raw(table, key)
            .map(|(raw, line)| unquoted(key, raw, line))
            .transpose()
    }

    /// `key`'s value in every `[table]` (or `[[table]]`) that has it, in file order:
    /// strings as [`Manifest::string`] reads them.
    ///
    /// # Errors
    /// When a value is not such a string.
    pub fn strings(&self, table: &str, key: &str) -> io::Result<Vec<String>> {
        self.entries
            .iter()
            .filter(|entry| entry.0 == table && entry.1 == key)
            .map(|entry| unquoted(key, &entry.2, entry.3))
            .collect()
    }
}

/// A string value in double quotes without escapes, as its text.
fn unquoted(key: &str, raw: &str, line: usize) -> io::Result<String> {
    raw.strip_prefix('"')
        .and_then(|rest| rest.split_once('"'))
        .filter(|(inside, after)| {
            !inside.contains('\\') && {
                let after = after.trim_start();
                after.is_empty() || after.starts_with('#')
            }
        })
        .map(|(inside, _)| inside.to_string())
        .ok_or_else(|| {
            invalid(format!(
                "line {line}: {key} = {raw}: expected a string in double quotes, without escapes"
            ))
        })
}

/// A value without a trailing `# comment`.
fn without_comment(raw: &str) -> &str {
    raw.split('#').next().unwrap_or_default().trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"[package]
name = "demo" # the crate
edition.workspace = true
keywords = [
    "game",
]

[package.metadata.judge]
time-limit-ms = 1_500   # the judge's
memory-limit-mb = 256
url = "https://example.com/problem#a"
single-case = true
growth = 1.5 # n^1.5

[[bin]]
name = "demo-naive"
"#;

    #[test]
    fn reads_the_judge_table_and_the_package_name() {
        let manifest = Manifest::parse(MANIFEST).unwrap();
        assert_eq!(
            manifest.string("package", "name").unwrap().as_deref(),
            Some("demo")
        );
        assert_eq!(
            manifest.integer(JUDGE_TABLE, "time-limit-ms").unwrap(),
            Some(1500)
        );
        assert_eq!(
            manifest.integer(JUDGE_TABLE, "memory-limit-mb").unwrap(),
            Some(256)
        );
        assert_eq!(
            manifest.string(JUDGE_TABLE, "url").unwrap().as_deref(),
            Some("https://example.com/problem#a")
        );
        assert_eq!(manifest.number(JUDGE_TABLE, "growth").unwrap(), Some(1.5));
        assert_eq!(manifest.integer(JUDGE_TABLE, "absent").unwrap(), None);
        assert_eq!(
            manifest.boolean(JUDGE_TABLE, "single-case").unwrap(),
            Some(true)
        );
        assert_eq!(manifest.boolean(JUDGE_TABLE, "interactive").unwrap(), None);
        let wrong = Manifest::parse("[package.metadata.judge]\ninteractive = yes\n").unwrap();
        assert!(wrong.boolean(JUDGE_TABLE, "interactive").is_err());
        assert!(manifest.has_table("bin"));
    }

    #[test]
    fn a_value_of_the_wrong_kind_names_its_line() {
        let manifest =
            Manifest::parse("[package.metadata.judge]\ntime-limit-ms = \"500\"\nurl = 5\n")
                .unwrap();
        let error = manifest.integer(JUDGE_TABLE, "time-limit-ms").unwrap_err();
        assert!(
            error.to_string().starts_with("line 2: time-limit-ms"),
            "{error}"
        );
        let error = manifest.string(JUDGE_TABLE, "url").unwrap_err();
        assert!(error.to_string().starts_with("line 3: url"), "{error}");
        let negative = Manifest::parse("[package.metadata.judge]\ntime-limit-ms = -5\n").unwrap();
        assert!(negative.integer(JUDGE_TABLE, "time-limit-ms").is_err());
    }

    fn load_judge_table(lines: &str) -> io::Result<Problem> {
        let root = crate::scratch::tempdir().unwrap();
        let crate_dir = root.path().join("crates/demo");
        fs::create_dir_all(&crate_dir).unwrap();
        let manifest =
            format!("[package]\nname = \"demo\"\n[{JUDGE_TABLE}]\ntime-limit-ms = 500\n{lines}");
        fs::write(crate_dir.join("Cargo.toml"), manifest).unwrap();
        Problem::from_manifest_dir(&crate_dir)
    }

    #[test]
    fn reads_how_outputs_are_judged() {
        let problem = load_judge_table("").unwrap();
        assert_eq!((problem.compare, problem.checker), (Mode::Lines, false));
        assert_eq!(
            problem.checking(Path::new("bin")),
            Checking::Compare(Mode::Lines)
        );
        let tokens = load_judge_table("compare = \"tokens\"\n").unwrap();
        assert_eq!(tokens.compare, Mode::Tokens);
        let float = load_judge_table("compare = \"float\"\nfloat-error = 1e-9 # abs or rel\n");
        assert_eq!(float.unwrap().compare, Mode::Float { error: 1e-9 });
        let default_bound = load_judge_table("compare = \"float\"\n").unwrap();
        assert_eq!(default_bound.compare, Mode::Float { error: 1e-6 });
        let kattis = load_judge_table("compare = \"kattis\"\n").unwrap();
        assert_eq!(kattis.compare, Mode::Kattis(DefaultValidator::default()));
        let flags = "validator-flags = \"case_sensitive float_relative_tolerance 1e-4\"\n";
        let kattis = load_judge_table(flags).unwrap();
        assert_eq!(
            kattis.compare,
            Mode::Kattis(DefaultValidator {
                case_sensitive: true,
                relative: Some(1e-4),
                ..DefaultValidator::default()
            })
        );
        let checker = load_judge_table("checker = true\n").unwrap();
        assert_eq!(
            checker.checking(Path::new("bin")),
            Checking::checker_program(PathBuf::from(format!(
                "bin/demo-check{}",
                std::env::consts::EXE_SUFFIX
            )))
        );
        for (lines, message) in [
            ("compare = \"exact\"\n", "unknown comparison `exact`"),
            (
                "compare = \"tokens\"\nfloat-error = 1e-6\n",
                "only for float",
            ),
            ("compare = \"float\"\nfloat-error = 0\n", "positive number"),
            (
                "float-error = \"1e-6\"\n",
                "expected a number such as 1 or 1.5",
            ),
            ("checker = 1\n", "expected true or false"),
            (
                "validator-flags = \"float_tolerance\"\n",
                "validator-flags = \"float_tolerance\": float_tolerance needs a number",
            ),
            (
                "compare = \"tokens\"\nvalidator-flags = \"case_sensitive\"\n",
                "not of tokens",
            ),
            (
                "checker = true\ncompare = \"float\"\n",
                "the checker decides",
            ),
        ] {
            let error = load_judge_table(lines).unwrap_err().to_string();
            assert!(error.contains(message), "{lines:?}: {error}");
        }
    }

    const GROUP: &str = "[[package.metadata.judge.group]]";

    #[test]
    fn a_case_takes_the_flags_of_its_nearest_group() {
        let problem = load_judge_table(&format!(
            "validator-flags = \"float_tolerance 1e-6\"\ninput-validators = \"iv\"\n\
             input-validator-flags = \"all\"\n\
             {GROUP}\ncases = \"secret\" # all secret cases\nvalidator-flags = \"case_sensitive\"\n\
             [[bin]]\nname = \"demo-naive\"\n\
             {GROUP}\n# its subtask\ncases = \"secret-g1\"\ninput-validator-flags = \"nFive=1\"\n"
        ))
        .unwrap();
        assert_eq!(problem.groups.len(), 2);
        let (secret, g1) = (&problem.groups[0], &problem.groups[1]);
        assert_eq!(secret.cases, "secret");
        let sensitive = DefaultValidator {
            case_sensitive: true,
            ..DefaultValidator::default()
        };
        assert_eq!(secret.compare, Some(Mode::Kattis(sensitive)));
        assert_eq!(
            (&secret.validator_flags, &secret.input_validator_flags),
            (&None, &None)
        );
        assert_eq!((g1.compare, &g1.validator_flags), (None, &None));
        assert_eq!(g1.input_validator_flags, Some(vec!["nFive=1".to_string()]));
        // The longest group a name is, or is under, with a `-` between.
        for (case, group) in [
            ("sample-1", None),
            ("secret", Some(0)),
            ("secret-01", Some(0)),
            ("secret-g1", Some(1)),
            ("secret-g1-01", Some(1)),
            ("secret-g10-01", Some(0)),
            ("secrets-01", None),
        ] {
            let found = problem.group_of(case);
            assert_eq!(found, group.map(|index| &problem.groups[index]), "{case}");
        }
        // A group's flags replace the problem's where they are given.
        let default = Checking::Compare(problem.compare);
        assert_eq!(
            secret.checking(&default),
            Some(Checking::Compare(Mode::Kattis(sensitive)))
        );
        assert_eq!(g1.checking(&default), None);
        assert_eq!(secret.checking(&Checking::Compare(Mode::Lines)), None);
        let checker = Checking::checker_program(PathBuf::from("check"));
        assert_eq!(secret.checking(&checker), None);
    }

    #[test]
    fn a_rejection_ends_the_groups_that_break_up_to_the_first_that_continues() {
        use AfterRejection::{Ends, EndsGroup, GoesOn};
        // problemtools' tree: data/ continues, secret/ breaks, secret/g1/
        // continues, secret/g2/ says nothing (so breaks, as secret/ does).
        let problem = load_judge_table(&format!(
            "on-reject = \"continue\"\n\
             {GROUP}\ncases = \"secret\"\non-reject = \"break\"\n\
             {GROUP}\ncases = \"secret-g1\"\non-reject = \"continue\"\n\
             {GROUP}\ncases = \"secret-g2-05\"\n"
        ))
        .unwrap();
        for (case, after) in [
            ("sample-1", GoesOn),
            ("secret-01", EndsGroup("secret".into())),
            ("secret-g1-01", GoesOn),
            ("secret-g2-01", EndsGroup("secret".into())),
            ("secret-g2-05", EndsGroup("secret".into())),
        ] {
            assert_eq!(problem.after_rejection(case), after, "{case}");
        }
        // The default: every group breaks, up to the problem.
        let breaking = load_judge_table(&format!(
            "{GROUP}\ncases = \"secret-g1\"\non-reject = \"break\"\n"
        ))
        .unwrap();
        assert_eq!(breaking.after_rejection("secret-g1-01"), Ends);
        assert_eq!(breaking.after_rejection("sample-1"), Ends);
        // A group that continues inside a problem that breaks.
        let inner = load_judge_table(&format!(
            "{GROUP}\ncases = \"secret\"\non-reject = \"continue\"\n\
             {GROUP}\ncases = \"secret-g1\"\non-reject = \"break\"\n"
        ))
        .unwrap();
        assert_eq!(
            inner.after_rejection("secret-g1-01"),
            EndsGroup("secret-g1".into())
        );
        assert_eq!(inner.after_rejection("secret-01"), GoesOn);
        assert_eq!(inner.after_rejection("sample-1"), Ends);
        let error = load_judge_table(&format!("{GROUP}\ncases = \"a\"\non-reject = \"go\"\n"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("on-reject = \"go\": \"break\" or \"continue\""),
            "{error}"
        );
    }

    #[test]
    fn a_testlib_checker_decides_alone_and_its_programs_find_the_include_dirs() {
        let problem = load_judge_table(
            "testlib-checker = \"lc/checker.cpp\"\ntestlib-validator = \"lc/verifier.cpp\"\ninclude-dirs = \"lc/common more\"\n",
        )
        .unwrap();
        let crate_dir = &problem.manifest_dir;
        assert_eq!(
            problem.testlib_checker,
            Some(crate_dir.join("lc/checker.cpp"))
        );
        assert_eq!(
            problem.testlib_validator,
            Some(crate_dir.join("lc/verifier.cpp"))
        );
        assert_eq!(
            problem.include_dirs,
            [crate_dir.join("lc/common"), crate_dir.join("more")]
        );
        assert_eq!(
            problem.checking(Path::new("bin")),
            Checking::checker_program(program_path(Path::new("bin"), "demo-testlib-checker"))
        );
        // With a memory limit, the checker's stack is as large.
        let limited = Problem {
            memory_limit_mb: Some(256),
            ..problem.clone()
        };
        assert_eq!(
            limited.checking(Path::new("bin")),
            Checking::checker_program(program_path(Path::new("bin"), "demo-testlib-checker"))
                .with_stack(Some(256))
        );
        for other in [
            "compare = \"tokens\"",
            "checker = true",
            "output-validator = \"ov\"",
        ] {
            let error =
                load_judge_table(&format!("testlib-checker = \"c.cpp\"\n{other}\n")).unwrap_err();
            assert!(
                error.to_string().contains("testlib-checker decides alone"),
                "{other}: {error}"
            );
        }
    }

    #[test]
    fn an_entry_point_table_names_where_a_program_starts() {
        let dir = crate::scratch::tempdir().unwrap();
        let crate_dir = dir.path().join("crates/demo");
        fs::create_dir_all(crate_dir.join("submissions/accepted/two")).unwrap();
        for file in ["main.py", "words.py"] {
            fs::write(crate_dir.join("submissions/accepted/two").join(file), "").unwrap();
        }
        let manifest = |tables: &str| {
            let text = format!("[package]\nname = \"demo\"\n[package.metadata.judge]\ntime-limit-ms = 500\n{tables}");
            fs::write(crate_dir.join("Cargo.toml"), text).unwrap();
            Problem::from_manifest_dir(&crate_dir).unwrap()
        };
        let folder = crate_dir.join("submissions/accepted/two");
        let problem = manifest("[[package.metadata.judge.entry-point]]\npath = \"submissions/accepted/two/\"\nentry-point = \"words.py\"\n");
        assert_eq!(
            problem.entry_point(&folder).unwrap().as_deref(),
            Some("words.py")
        );
        assert_eq!(
            problem.sources(&folder).unwrap().entry.as_deref(),
            Some("words.py")
        );
        assert_eq!(problem.entry_point(&crate_dir.join("other")).unwrap(), None);
        let problem =
            manifest("[[package.metadata.judge.entry-point]]\npath = \"x\"\nfile = \"y\"\n");
        let error = problem.entry_point(&folder).unwrap_err().to_string();
        assert!(
            error.contains("file is not one of its keys, path, entry-point"),
            "{error}"
        );
    }

    #[test]
    fn a_multi_pass_problem_has_an_output_validator_and_two_passes_or_more() {
        let problem =
            load_judge_table("output-validator = \"ov\"\nvalidation-passes = 3\n").unwrap();
        assert_eq!(problem.validation_passes, Some(3));
        assert_eq!(load_judge_table("").unwrap().validation_passes, None);
        for (table, message) in [
            (
                "output-validator = \"ov\"\nvalidation-passes = 1\n",
                "validation-passes = 1: a multi-pass problem's most passes, 2 to 1000",
            ),
            (
                "validation-passes = 2\n",
                "validation-passes: a multi-pass problem's output-validator asks for the passes, and there is none",
            ),
            (
                "output-validator = \"ov\"\nvalidation-passes = 2\ninput-file = \"in.txt\"\n",
                "validation-passes with input-file or output-file",
            ),
        ] {
            let error = load_judge_table(table).unwrap_err();
            assert!(error.to_string().contains(message), "{table}: {error}");
        }
    }

    #[test]
    fn listed_submissions_say_what_they_must_get() {
        let root = crate::scratch::tempdir().unwrap();
        let crate_dir = root.path().join("crates/demo");
        fs::create_dir_all(&crate_dir).unwrap();
        let write = |tables: &str| {
            let manifest = format!(
                "[package]\nname = \"demo\"\n[{JUDGE_TABLE}]\ntime-limit-ms = 500\n{tables}"
            );
            fs::write(crate_dir.join("Cargo.toml"), manifest).unwrap();
            Problem::from_manifest_dir(&crate_dir)
                .unwrap()
                .listed_submissions()
        };
        let listed = write(&format!(
            "[[{SUBMISSION_TABLE}]]\npath = \"sol/naive.cpp\"\nexpected = \"TLE\"\nallowed = \"AC WA\"\n[[{SUBMISSION_TABLE}]]\npath = \"sol/correct.cpp\"\nallowed = \"AC\"\n"
        ))
        .unwrap();
        assert_eq!(
            listed,
            [
                ListedSubmission {
                    path: crate_dir.join("sol/naive.cpp"),
                    expected: vec!["TLE".to_string()],
                    allowed: vec!["AC".to_string(), "WA".to_string()],
                },
                ListedSubmission {
                    path: crate_dir.join("sol/correct.cpp"),
                    expected: Vec::new(),
                    allowed: vec!["AC".to_string()],
                }
            ]
        );
        let error = write(&format!("[[{SUBMISSION_TABLE}]]\nexpected = \"WA\"\n")).unwrap_err();
        assert!(
            error.to_string().contains("needs path = \"FILE\""),
            "{error}"
        );
        let error = write(&format!(
            "[[{SUBMISSION_TABLE}]]\npath = \"a.cpp\"\nexpect = \"WA\"\n"
        ))
        .unwrap_err();
        assert!(
            error
                .to_string()
                .contains("expect is not one of its keys, path, expected, allowed"),
            "{error}"
        );
    }

    #[test]
    fn generated_cases_are_all_there_or_the_judge_says_how_to_make_them() {
        let root = crate::scratch::tempdir().unwrap();
        let crate_dir = root.path().join("crates/demo");
        fs::create_dir_all(&crate_dir).unwrap();
        let manifest = format!(
            "[package]\nname = \"demo\"\n[{JUDGE_TABLE}]\ntime-limit-ms = 500\ngenerated-cases = \"library-checker\"\n"
        );
        fs::write(crate_dir.join("Cargo.toml"), manifest).unwrap();
        let problem = Problem::from_manifest_dir(&crate_dir).unwrap();
        let io_tests = &problem.io_tests_dir;
        fs::create_dir_all(io_tests).unwrap();
        let error = problem.generated_case_names().unwrap_err();
        assert!(
            error.starts_with("the generated cases of demo are not made on this machine: `scripts/import.sh --generate demo` makes them again"),
            "{error}"
        );
        fs::write(io_tests.join(GENERATED_LIST), "a_00\nb_00\n# version 1\n").unwrap();
        for file in ["a_00.in", "a_00.out", "b_00.in"] {
            fs::write(io_tests.join(file), "").unwrap();
        }
        let error = problem.generated_case_names().unwrap_err();
        assert!(
            error.contains("b_00.out is missing of the generated cases of demo"),
            "{error}"
        );
        fs::write(io_tests.join("b_00.out"), "").unwrap();
        assert_eq!(
            problem.generated_case_names(),
            Ok(Some(vec!["a_00".to_string(), "b_00".to_string()]))
        );
        let plain = Problem::plain("plain", &crate_dir, io_tests, Duration::from_secs(1));
        assert_eq!(plain.generated_case_names(), Ok(None));
    }

    #[test]
    fn a_group_gives_an_output_validator_its_flags() {
        let problem = load_judge_table(&format!(
            "output-validator = \"ov\"\nvalidator-flags = \"mode 1\"\n\
             {GROUP}\ncases = \"secret-big\"\nvalidator-flags = \"mode 2 big\"\n"
        ))
        .unwrap();
        let group = &problem.groups[0];
        assert_eq!(group.compare, None);
        let flags = |words: &[&str]| words.iter().map(|word| word.to_string()).collect();
        assert_eq!(group.validator_flags, Some(flags(&["mode", "2", "big"])));
        let own = Checking::Kattis {
            program: PathBuf::from("ov"),
            args: vec!["main.py".into()],
            flags: flags(&["mode", "1"]),
            time_limit: VALIDATION_TIME,
            stack_mb: Some(64),
        };
        assert_eq!(
            group.checking(&own),
            Some(Checking::Kattis {
                program: PathBuf::from("ov"),
                args: vec!["main.py".into()],
                flags: flags(&["mode", "2", "big"]),
                time_limit: VALIDATION_TIME,
                stack_mb: Some(64),
            })
        );
        let without = CaseGroup {
            validator_flags: None,
            ..group.clone()
        };
        assert_eq!(without.checking(&own), None);
    }

    #[test]
    fn a_bad_group_is_refused_naming_its_line() {
        for (lines, message) in [
            (
                format!("{GROUP}\nvalidator-flags = \"case_sensitive\"\n"),
                "line 5: [[package.metadata.judge.group]]: needs cases = \"NAME\"",
            ),
            (format!("{GROUP}\ncases = \"\"\n"), "line 5: [[package.metadata.judge.group]]: needs cases"),
            (
                format!("{GROUP}\ncases = \"secret\"\nvalidator_flags = \"x\"\n"),
                "line 7: validator_flags in [[package.metadata.judge.group]]: its keys are cases, validator-flags, input-validator-flags, on-reject",
            ),
            (format!("{GROUP}\ncases = secret\n"), "line 6: cases = secret: expected a string"),
            (
                format!("{GROUP}\ncases = \"a\"\n{GROUP}\ncases = \"a\"\n"),
                "line 7: [[package.metadata.judge.group]]: cases = \"a\" is another group's too",
            ),
            (
                format!("{GROUP}\ncases = \"a\"\nvalidator-flags = \"x\"\n"),
                "validator-flags are the flags of compare = \"kattis\" or of an output-validator",
            ),
            (
                format!("compare = \"kattis\"\n{GROUP}\ncases = \"a\"\nvalidator-flags = \"float_tolerance\"\n"),
                "line 6: [[package.metadata.judge.group]]: validator-flags = \"float_tolerance\": float_tolerance needs a number",
            ),
            (
                format!("{GROUP}\ncases = \"a\"\ninput-validator-flags = \"x\"\n"),
                "input-validator-flags are the flags of input-validators, which it has not",
            ),
            (format!("{GROUP}\ncases\n"), "line 6: expected `key = value` in [package.metadata.judge.group]"),
        ] {
            let error = load_judge_table(&lines).unwrap_err().to_string();
            assert!(error.contains(message), "{lines:?}: {error}");
        }
    }

    #[test]
    fn reads_the_files_a_program_reads_and_writes() {
        let stdio = load_judge_table("").unwrap();
        assert!(stdio.case_io.is_stdio());
        let both = load_judge_table("input-file = \"a.in\"\noutput-file = \"a.out\" # judge's\n");
        let both = both.unwrap().case_io;
        assert_eq!(both.input_file.as_deref(), Some("a.in"));
        assert_eq!(both.output_file.as_deref(), Some("a.out"));
        let error = load_judge_table("output-file = 5\n")
            .unwrap_err()
            .to_string();
        assert!(
            error.ends_with(
                "line 5: output-file = 5: expected a string in double quotes, without escapes"
            ),
            "{error}"
        );
    }

    #[test]
    fn growth_is_a_whole_or_decimal_number() {
        let read = |value: &str| {
            Manifest::parse(&format!("[package.metadata.judge]\ngrowth = {value}\n"))
                .unwrap()
                .number(JUDGE_TABLE, "growth")
                .map_err(|error| error.to_string())
        };
        assert_eq!(read("1"), Ok(Some(1.0)));
        assert_eq!(read("2.0 # quadratic"), Ok(Some(2.0)));
        assert_eq!(read("1_000"), Ok(Some(1000.0)));
        for bad in ["-1", "\"1\"", "inf", "nan", ".5", "1.5.2", "n^2"] {
            let error = read(bad).unwrap_err();
            assert!(
                error.starts_with(&format!("line 2: growth = {bad}: expected a number")),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn a_judge_line_without_a_value_is_an_error() {
        let error = Manifest::parse("[package.metadata.judge]\ntime-limit-ms 500\n").unwrap_err();
        assert_eq!(
            error,
            "line 2: expected `key = value` in [package.metadata.judge]"
        );
        assert!(Manifest::parse("[package\nname = \"x\"\n").is_err());
    }

    #[test]
    fn pieces_are_the_declared_bins_of_the_problem() {
        let root = crate::scratch::tempdir().unwrap();
        let crate_dir = root.path().join("crates/demo");
        fs::create_dir_all(&crate_dir).unwrap();
        let with_naive = MANIFEST.replace("demo-naive", "demo-validate")
            + "[[bin]]\nname = \"demo-naive\"\n[[bin]]\nname = \"other-gen\"\n";
        fs::write(crate_dir.join("Cargo.toml"), with_naive).unwrap();
        let problem = Problem::load(root.path(), "demo").unwrap();
        assert_eq!(problem.pieces().unwrap(), [Piece::Naive, Piece::Validate]);
        assert_eq!(
            missing_pieces("demo", "judge stress", &[Piece::Gen]),
            "demo has no gen, which judge stress needs: add it with \
             `scripts/new-problem.sh demo --with gen` and write it"
        );
        assert_eq!(
            missing_pieces("demo", "bench", &[Piece::Gen, Piece::Baseline]),
            "demo has no gen and no baseline, which bench needs: add them with \
             `scripts/new-problem.sh demo --with gen,baseline` and write them"
        );
    }

    #[test]
    fn reads_the_limits_and_where_the_cases_are() {
        let problem = load_judge_table(
            "memory-limit-mb = 256\ninteractive = true\nurl = \"https://example.com/1\" # a\n",
        )
        .unwrap();
        assert_eq!(problem.name, "demo");
        assert!(
            problem.io_tests_dir.ends_with("io-tests/demo"),
            "{problem:?}"
        );
        assert!(problem.manifest_dir.ends_with("crates/demo"), "{problem:?}");
        assert_eq!(
            problem.io_tests_dir.parent().unwrap(),
            problem
                .manifest_dir
                .parent()
                .unwrap()
                .parent()
                .unwrap()
                .join("io-tests")
        );
        assert_eq!(problem.time_limit, Duration::from_millis(500));
        assert!(problem.interactive);
        assert_eq!(problem.url.as_deref(), Some("https://example.com/1"));
        assert_eq!(
            problem.limits(),
            Limits {
                time: Duration::from_millis(500),
                memory_mb: Some(256),
                stack_mb: Some(256),
                output_mb: None,
            },
            "the stack is as large as the memory limit"
        );
        let stack = load_judge_table("memory-limit-mb = 256\nstack-limit-mb = 8\n").unwrap();
        assert_eq!(stack.limits().stack_mb, Some(8));
        let output = load_judge_table("output-limit-mb = 8\n").unwrap();
        assert_eq!(output.limits().output_mb, Some(8));
        assert_eq!(output.limits().output_cap(), 8 << 20);
        assert!(!stack.interactive);
        let unlimited = load_judge_table("").unwrap();
        assert_eq!(
            (unlimited.memory_limit_mb, unlimited.limits().stack_mb),
            (None, None)
        );
    }

    #[test]
    fn a_limit_is_from_one_mib_to_one_tib() {
        for mb in [1, MAX_MB] {
            let problem =
                load_judge_table(&format!("memory-limit-mb = {mb}\nstack-limit-mb = {mb}\n"));
            let problem = problem.unwrap();
            assert_eq!(
                (problem.memory_limit_mb, problem.stack_limit_mb),
                (Some(mb), Some(mb))
            );
        }
        for (key, mb) in [
            ("memory-limit-mb", 0),
            ("stack-limit-mb", MAX_MB + 1),
            ("output-limit-mb", 0),
        ] {
            let error = load_judge_table(&format!("{key} = {mb}\n")).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("[package.metadata.judge] {key} = {mb}: expected 1 to 1048576 (MiB)")
            );
        }
    }

    #[test]
    fn a_manifest_without_what_the_judge_needs_is_refused() {
        let root = crate::scratch::tempdir().unwrap();
        let crate_dir = root.path().join("crates/demo");
        fs::create_dir_all(&crate_dir).unwrap();
        let path = crate_dir.join("Cargo.toml").display().to_string();
        let error = Problem::from_manifest_dir(&crate_dir).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert!(
            error.to_string().starts_with(&format!("{path}: ")),
            "{error}"
        );
        for (manifest, message) in [
            (
                "[package.metadata.judge]\ntime-limit-ms = 5\n",
                "no package name",
            ),
            (
                "[package]\nname = \"demo\"\n",
                "no [package.metadata.judge] table",
            ),
            (
                "[package]\nname = \"demo\"\n[package.metadata.judge]\ntime-limit-ms = 0\n",
                "[package.metadata.judge] needs a positive integer time-limit-ms",
            ),
            (
                "[package]\nname = \"demo\"\n[package.metadata.judge]\n",
                "[package.metadata.judge] needs a positive integer time-limit-ms",
            ),
            ("[package\n", "line 1: a table header without `]`"),
        ] {
            fs::write(crate_dir.join("Cargo.toml"), manifest).unwrap();
            let error = Problem::from_manifest_dir(&crate_dir).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("{path}: {message}"),
                "{manifest:?}"
            );
        }
        fs::write(
            crate_dir.join("Cargo.toml"),
            "[package.metadata.judge]\ngrowth = x\n",
        )
        .unwrap();
        assert_eq!(
            growth_claim(&crate_dir).unwrap_err().to_string(),
            format!("{path}: line 2: growth = x: expected a number such as 1 or 1.5")
        );
    }

    #[test]
    fn values_are_read_strictly() {
        let manifest = Manifest::parse(
            "[package.metadata.judge] # the judge's\n\
             a = +5\nb = 1e999\nc = \"x\" y\nd = \"x\\\\y\"\ne = \"x\" # note\n\
             f = 5 # five\ng = false\n[[ bin ]]\nname = \"one\"\n[[bin]]\nname = \"two\"\n",
        )
        .unwrap();
        fn error<T: std::fmt::Debug>(result: io::Result<T>) -> String {
            result.unwrap_err().to_string()
        }
        assert_eq!(
            error(manifest.integer(JUDGE_TABLE, "a")),
            "line 2: a = +5: expected a whole number"
        );
        assert_eq!(
            error(manifest.number(JUDGE_TABLE, "b")),
            "line 3: b = 1e999: expected a number such as 1 or 1.5"
        );
        let not_a_string = |key: &str, line: usize, raw: &str| {
            format!(
                "line {line}: {key} = {raw}: expected a string in double quotes, without escapes"
            )
        };
        assert_eq!(
            error(manifest.string(JUDGE_TABLE, "c")),
            not_a_string("c", 4, "\"x\" y")
        );
        assert_eq!(
            error(manifest.string(JUDGE_TABLE, "d")),
            not_a_string("d", 5, "\"x\\\\y\"")
        );
        assert_eq!(
            manifest.string(JUDGE_TABLE, "e").unwrap().as_deref(),
            Some("x")
        );
        assert_eq!(manifest.integer(JUDGE_TABLE, "f").unwrap(), Some(5));
        assert_eq!(manifest.number(JUDGE_TABLE, "f").unwrap(), Some(5.0));
        assert_eq!(manifest.boolean(JUDGE_TABLE, "g").unwrap(), Some(false));
        assert_eq!(manifest.strings("bin", "name").unwrap(), ["one", "two"]);
        assert_eq!(
            manifest.strings("package", "name").unwrap(),
            Vec::<String>::new()
        );
        assert!(!manifest.has_table("package"));
    }

    #[test]
    fn problem_names_are_the_crates_sorted() {
        let root = crate::scratch::tempdir().unwrap();
        for (name, is_crate) in [("zeta", true), ("alpha", true), ("notes", false)] {
            let dir = root.path().join("crates").join(name);
            fs::create_dir_all(&dir).unwrap();
            if is_crate {
                fs::write(dir.join("Cargo.toml"), "").unwrap();
            }
        }
        fs::write(root.path().join("crates/README.md"), "").unwrap();
        assert_eq!(problem_names(root.path()).unwrap(), ["alpha", "zeta"]);
        assert_eq!(
            crate_folders(root.path()).unwrap(),
            ["alpha", "notes", "zeta"]
        );
        assert!(is_problem(root.path(), "alpha") && !is_problem(root.path(), "notes"));
        let error = problem_names(&root.path().join("none")).unwrap_err();
        let shown = format!("{}: ", Path::new("none").join("crates").display());
        assert!(error.to_string().contains(&shown), "{error}");
    }

    #[test]
    fn every_problem_of_the_workspace_loads() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
        let names = problem_names(&root).unwrap();
        assert!(!names.is_empty());
        for name in names {
            let problem = Problem::load(&root, &name).unwrap();
            assert_eq!(problem.name, name);
            assert!(problem.time_limit > Duration::ZERO);
            growth_claim(&problem.manifest_dir).unwrap();
        }
    }
}
