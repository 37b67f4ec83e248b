//! Checking a problem's binary against its stored cases, one report line per
//! case: what `judge check` runs, and all that a problem's own tests link
//! (its stored cases, [`io_tests`]; its validator's and brute force's
//! assertions, [`validate`] and [`judging::crosscheck`]), so that building
//! them builds none of the judge's other commands.

pub mod io_tests;
pub mod validate;

// The layers below, under the names a problem's tests use.
pub use judge_cases as cases;
pub use judge_judging as judging;
pub use judge_runner as runner;
#[cfg(test)]
use judge_runner::scratch;
use judge_text::show;

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::cases::problem::{
    program_path, AfterRejection, CaseGroup, InputValidator, Piece, Problem, ValidatorConvention,
};
use crate::cases::suite::{discover, CaseChoice, TestCase};
use crate::judging::answer::{Checking, KattisValidator};
use crate::judging::multipass::judge_multi_pass;
use crate::judging::verdict::{
    judge_interactive, judge_kattis_interactive, megabytes, run_stderr_tail, Verdict,
};
use crate::runner::{execute, execute_with, Limits};
use crate::show::show_path;

/// Time limit of a validator on one input: validators are linear and quick.
const VALIDATOR_LIMIT: Duration = Duration::from_secs(10);

/// Counts of passed and failed cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
}

impl Summary {
    pub fn add(&mut self, other: Summary) {
        self.passed += other.passed;
        self.failed += other.failed;
    }

    /// The closing line of a run: `N passed, M failed`.
    pub fn closing_line(&self) -> String {
        format!("{} passed, {} failed", self.passed, self.failed)
    }
}

/// Whether report lines carry ANSI colours (only when writing to a terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Color,
}

impl Style {
    fn code(self, code: &str, good: bool) -> String {
        let padded = format!("{code:<4}");
        match (self, good) {
            (Style::Plain, _) => padded,
            (Style::Color, true) => format!("\x1b[1;32m{padded}\x1b[0m"),
            (Style::Color, false) => format!("\x1b[1;31m{padded}\x1b[0m"),
        }
    }
}

/// Indents report details under their verdict line.
pub fn indented(details: &str) -> String {
    details.lines().fold(String::new(), |mut text, line| {
        let _ = writeln!(text, "     {line}");
        text
    })
}

/// `s` for a count other than one.
fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

fn millis(duration: Duration) -> u128 {
    duration.as_millis()
}

/// Why `program` cannot be run, if it cannot: missing, not a file, not executable.
pub fn unusable(program: &Path) -> Option<String> {
    let shown = show_path(program);
    match fs::metadata(program) {
        Err(error) => Some(format!("{shown}: {error}")),
        Ok(metadata) if !metadata.is_file() => Some(format!("{shown} is not a file")),
        Ok(metadata) if !executable(&metadata) => Some(format!("{shown} is not executable")),
        Ok(_) => None,
    }
}

/// Whether a file may be run: on Unix, one of its execute bits is set;
/// Windows has no such bits, so every file may be tried.
#[cfg(unix)]
fn executable(metadata: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    metadata.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn executable(_: &fs::Metadata) -> bool {
    true
}

/// Reads a case file; the error names it (a dangling link, say).
fn read_case_file(path: &Path) -> io::Result<Vec<u8>> {
    fs::read(path)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", show_path(path))))
}

/// What the validator says about an input.
pub enum Validation {
    Valid,
    /// Exit status 1: the verdict INVALID with its message.
    Invalid(String),
    /// Anything else: the validator itself failed.
    Failed(String),
}

/// A validator reads one input on stdin: exit 0 if valid, exit 1 with a line
/// on stderr if not. Anything else (a crash, a timeout) is its own failure.
pub fn validate_input(validator: &Path, input: &[u8]) -> io::Result<Validation> {
    validate_within(validator, input, VALIDATOR_LIMIT)
}

fn validate_within(validator: &Path, input: &[u8], limit: Duration) -> io::Result<Validation> {
    let run = execute(validator, &[], input, limit)?;
    Ok(match run.status.and_then(|status| status.code()) {
        _ if run.timed_out(limit) => Validation::Failed(format!(
            "validator {} still running after {} ms",
            show_path(validator),
            limit.as_millis()
        )),
        Some(0) => Validation::Valid,
        Some(1) => {
            let message = run_stderr_tail(&run);
            Validation::Invalid(if message.is_empty() {
                "(the validator gave no message)".to_string()
            } else {
                message
            })
        }
        _ => Validation::Failed(format!(
            "validator {} failed: {}\n{}",
            show_path(validator),
            run.describe_end(),
            run_stderr_tail(&run)
        )),
    })
}

/// Runs a contest package's input validator on `input`: `VALIDATOR FLAGS <
/// INPUT` (the flags of the case's group, else its own). By Kattis's
/// convention exit 42 is valid, 43 invalid; by testlib's
/// (`registerValidation`) 0 is valid, 3 invalid (testlib's `_fail`, which a
/// failed read or `ensure` gives). Its message is the tail of its stdout and
/// stderr; any other end, or running past [`VALIDATOR_LIMIT`], is its failure.
/// It runs with a stack of `stack_mb`, the problem's, as judges give every
/// program of a package.
fn validate_with_input_validator(
    validator: &InputValidator,
    flags: &[String],
    input: &[u8],
    stack_mb: Option<u64>,
) -> io::Result<Validation> {
    let mut args: Vec<&str> = Vec::new();
    for arg in &validator.prepared.args {
        args.push(
            arg.to_str()
                .ok_or_else(|| io::Error::other("a path that is not UTF-8"))?,
        );
    }
    args.extend(flags.iter().map(String::as_str));
    let limits = Limits {
        stack_mb,
        ..Limits::time(VALIDATOR_LIMIT)
    };
    let run = execute_with(&validator.prepared.program, &args, input, &limits)?;
    let (valid, invalid, convention) = match validator.convention {
        ValidatorConvention::Kattis => (42, 43, "an input validator exits 42 or 43"),
        ValidatorConvention::Testlib => (
            0,
            3,
            "a testlib validator exits 0, or 3 on an invalid input",
        ),
    };
    Ok(match run.status.and_then(|status| status.code()) {
        _ if run.timed_out(VALIDATOR_LIMIT) => Validation::Failed(format!(
            "input validator {} still running after {} ms",
            validator.name,
            VALIDATOR_LIMIT.as_millis()
        )),
        Some(code) if code == valid => Validation::Valid,
        Some(code) if code == invalid => {
            let said = [&run.stdout[..], &run.stderr[..]].concat();
            let said = String::from_utf8_lossy(&said).trim().to_string();
            Validation::Invalid(format!(
                "{}: {}",
                validator.name,
                if said.is_empty() {
                    "(the validator gave no message)".to_string()
                } else {
                    crate::show::lines(said.as_bytes(), 5, false)
                        .trim_end()
                        .to_string()
                }
            ))
        }
        _ => Validation::Failed(format!(
            "input validator {} failed: {} ({convention})\n{}",
            validator.name,
            run.describe_end(),
            run_stderr_tail(&run)
        )),
    })
}

/// Runs `binary` on every stored case of `problem` under the problem's limits,
/// writing one line per case (verdict, name, wall and CPU time, peak memory) and the details
/// of each failure. With a `validator`, every input is validated first: an input
/// it rejects is the failed case `INVALID`, and a validator that is missing or
/// fails is an error. Outputs are judged as the problem says
/// ([`Problem::checking`]), its checker taken from `binary`'s folder.
/// With an `interactor`, each case is an exchange with it
/// ([`judge_interactive`]: the case's `.in` is its INPUT, the `.out` its
/// ANSWER) instead of a comparison; an interactor that fails is an error.
///
/// A missing folder, a folder with no cases, a case missing its `.in` or `.out`
/// and a binary that cannot be started are failures, never passes. Files that
/// look like cases but are skipped are listed as warnings.
///
/// # Errors
/// Only when writing to `out` fails.
pub fn check_problem(
    problem: &Problem,
    binary: &Path,
    validator: Option<&Path>,
    interactor: Option<&Path>,
    out: &mut dyn Write,
    style: Style,
) -> io::Result<Summary> {
    let checking = match problem.prepared_checking(bin_dir_of(binary)) {
        Ok(checking) => checking,
        Err(error) => {
            writeln!(out, "{}", problem.name)?;
            writeln!(out, "ERR  the output validator: {error}")?;
            return Ok(Summary {
                passed: 0,
                failed: 1,
            });
        }
    };
    let judges = Judges {
        validator,
        input_validators: &[],
        checking: &checking,
        interactor,
    };
    check_cases(problem, binary, &judges, None, out, style)
}

/// The folder of a built binary, where cargo puts every binary of its crate.
fn bin_dir_of(binary: &Path) -> &Path {
    binary.parent().unwrap_or(Path::new("."))
}

/// [`check_problem`] for a problem of the workspace, with the validator its
/// crate declares (`<problem>-validate`, beside `binary`: cargo builds every
/// binary of a crate into one folder), and for an interactive problem its
/// interactor (`<problem>-interact`, beside it too). A problem without a
/// validator is checked all the same, under a line saying that its inputs are
/// not validated.
///
/// # Errors
/// When the crate's manifest cannot be read, or writing to `out` fails.
pub fn check_workspace_problem(
    problem: &Problem,
    binary: &Path,
    out: &mut dyn Write,
    style: Style,
) -> io::Result<Summary> {
    check_workspace_cases(problem, binary, None, out, style)
}

/// [`check_workspace_problem`] on the cases `chosen` (`--case`), all of
/// them when `None`.
///
/// # Errors
/// As [`check_workspace_problem`].
pub fn check_workspace_cases(
    problem: &Problem,
    binary: &Path,
    chosen: Option<&CaseChoice>,
    out: &mut dyn Write,
    style: Style,
) -> io::Result<Summary> {
    let mut noted = Noted {
        chosen,
        ..Noted::default()
    };
    check_workspace_cases_noting(problem, binary, out, style, &mut noted)
}

/// [`check_workspace_cases`], noting in `noted` the code of each case judged
/// (see [`check_cases_noting`]).
///
/// # Errors
/// As [`check_workspace_problem`].
pub fn check_workspace_cases_noting(
    problem: &Problem,
    binary: &Path,
    out: &mut dyn Write,
    style: Style,
    noted: &mut Noted,
) -> io::Result<Summary> {
    let judged = WorkspaceJudges::of(problem, binary)?;
    let judges = Judges {
        validator: judged.validator.as_deref(),
        input_validators: &judged.input_validators,
        checking: &judged.checking,
        interactor: judged.interactor.as_deref(),
    };
    let note = (judged.validator.is_none() && judged.input_validators.is_empty())
        .then(|| unvalidated_note(&problem.name, "inputs"));
    check_cases_noting(problem, binary, &judges, note.as_deref(), out, style, noted)
}

/// What judges a problem of the workspace besides its binary, all beside it.
struct WorkspaceJudges {
    validator: Option<PathBuf>,
    input_validators: Vec<InputValidator>,
    checking: Checking,
    interactor: Option<PathBuf>,
}

impl WorkspaceJudges {
    fn of(problem: &Problem, binary: &Path) -> io::Result<WorkspaceJudges> {
        let bin_dir = bin_dir_of(binary);
        let validated = problem.pieces()?.contains(&Piece::Validate);
        Ok(WorkspaceJudges {
            validator: validated
                .then(|| program_path(bin_dir, &Piece::Validate.binary(&problem.name))),
            input_validators: problem.prepared_input_validators(bin_dir)?,
            checking: problem.prepared_checking(bin_dir)?,
            // A package's interactive problem is its output validator's.
            interactor: problem.prepared_interactor(bin_dir)?,
        })
    }
}

/// Every program [`check_workspace_problem`] runs for `problem`: `binary`,
/// then its validator, checker and interactor where it has them, and the
/// files of its output validator (built first when it is stale: see
/// [`Problem::prepared_checking`]).
///
/// # Errors
/// When the crate's manifest cannot be read.
pub fn workspace_programs(problem: &Problem, binary: &Path) -> io::Result<Vec<PathBuf>> {
    let judged = WorkspaceJudges::of(problem, binary)?;
    let checker = judged.checking.checker().map(Path::to_path_buf);
    // A package's validators' sources too: a Python one is run from them.
    let mut validator_files = Vec::new();
    let paths = [
        problem
            .output_validator
            .as_ref()
            .map(|validator| &validator.path),
        problem
            .input_validators
            .as_ref()
            .map(|validators| &validators.path),
        problem.testlib_checker.as_ref(),
        problem.testlib_interactor.as_ref(),
        problem.testlib_validator.as_ref(),
    ];
    for path in paths.into_iter().flatten().chain(&problem.include_dirs) {
        files_under(path, &mut validator_files)?;
    }
    Ok(std::iter::once(binary.to_path_buf())
        .chain(judged.validator)
        .chain(checker)
        .chain(judged.interactor)
        .chain(validator_files)
        .collect())
}

/// Every file under `path` (itself when it is one), in order.
fn files_under(path: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    if !path.is_dir() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = fs::read_dir(path)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    for entry in entries {
        files_under(&entry, files)?;
    }
    Ok(())
}

/// The line that says a problem's `inputs` are used without a validator.
pub fn unvalidated_note(problem: &str, inputs: &str) -> String {
    format!(
        "note: no validator, so the {inputs} are not validated (add one with `scripts/new-problem.sh {problem} --with validate`)"
    )
}

/// What judges a problem's cases besides its binary.
#[derive(Clone, Copy, Debug)]
pub struct Judges<'a> {
    /// Validates each input first.
    pub validator: Option<&'a Path>,
    /// A contest package's input validators (Kattis's interface), each run
    /// on each input too.
    pub input_validators: &'a [InputValidator],
    /// How outputs are judged.
    pub checking: &'a Checking,
    /// Talks to the binary instead of a comparison (an interactive problem).
    pub interactor: Option<&'a Path>,
}

/// [`check_problem`], with outputs judged by `checking` and a `note` line under
/// the problem's first line. A checker that cannot be started fails every case,
/// as a binary that cannot does; a checker that fails on a case is that case's
/// `FAIL`, never a pass.
///
/// # Errors
/// Only when writing to `out` fails.
pub fn check_cases(
    problem: &Problem,
    binary: &Path,
    judges: &Judges,
    note: Option<&str>,
    out: &mut dyn Write,
    style: Style,
) -> io::Result<Summary> {
    check_cases_noting(
        problem,
        binary,
        judges,
        note,
        out,
        style,
        &mut Noted::default(),
    )
}

/// Told of a case about to be judged: how many were judged before it, its name.
pub type OnCase<'a> = dyn Fn(usize, &str) + 'a;

/// What [`check_cases_noting`] notes of the cases it judges, and where it
/// may stop.
#[derive(Default)]
pub struct Noted<'a> {
    /// The code of each case judged, in order (`AC`, `WA`, ..., `ERR` for a
    /// case that could not be judged).
    pub verdicts: Vec<&'static str>,
    /// The name of each case judged, beside its code in `verdicts`.
    pub judged: Vec<String>,
    /// Asked after each case with its code: `true` rejects the submission
    /// there, and the judging stops as the problem's groups say
    /// ([`Problem::after_rejection`]: all of it, by default; the cases of a
    /// group that breaks, where a group above it continues), the cases
    /// skipped not run (a judge's lazy evaluation); `None` judges every case.
    pub settled: Option<&'a dyn Fn(&str) -> bool>,
    /// The cases to judge (`--case`); `None`: all of them.
    pub chosen: Option<&'a CaseChoice>,
    /// Told before each case is judged, with how many were judged before it
    /// and its name (a progress bar's step).
    pub on_case: Option<&'a OnCase<'a>>,
}

/// [`check_cases`], noting in `noted` the code of each case judged, and
/// stopping where its `settled` says; a failure before any case is judged
/// (no cases, a binary that cannot be started) notes nothing, and is counted
/// in the summary alone.
///
/// # Errors
/// Only when writing to `out` fails.
pub fn check_cases_noting(
    problem: &Problem,
    binary: &Path,
    judges: &Judges,
    note: Option<&str>,
    out: &mut dyn Write,
    style: Style,
    noted: &mut Noted,
) -> io::Result<Summary> {
    let Judges {
        validator,
        input_validators,
        checking,
        interactor,
    } = *judges;
    let mut summary = Summary::default();
    let error = |out: &mut dyn Write, summary: &mut Summary, message: String| {
        summary.failed += 1;
        writeln!(out, "{} {}", style.code("ERR", false), message.trim_end())
    };
    // Generated cases (a Library Checker problem's) are all there, or none is judged.
    if let Err(reason) = problem.generated_case_names() {
        writeln!(out, "{}", problem.name)?;
        error(out, &mut summary, reason)?;
        return Ok(summary);
    }
    let mut suite = match discover(&problem.io_tests_dir) {
        Ok(suite) => suite,
        Err(cause) => {
            writeln!(out, "{}", problem.name)?;
            error(out, &mut summary, format!("cannot read the cases: {cause}"))?;
            return Ok(summary);
        }
    };
    let all = suite.cases.len();
    if let Some(choice) = noted.chosen {
        match choice.chosen(&suite) {
            Ok(cases) => {
                let cases: Vec<TestCase> = cases.into_iter().cloned().collect();
                suite.cases = cases;
                suite
                    .orphans
                    .retain(|orphan| choice.chooses(&orphan.name()));
            }
            Err(reason) => {
                writeln!(out, "{}", problem.name)?;
                error(out, &mut summary, reason)?;
                return Ok(summary);
            }
        }
    }
    let count = suite.cases.len();
    let limits = problem.limits();
    let memory = match (limits.memory_mb, limits.stack_mb) {
        (Some(memory), Some(stack)) if stack == memory => format!(", memory and stack {memory} MB"),
        (Some(memory), Some(stack)) => format!(", memory {memory} MB, stack {stack} MB"),
        (Some(memory), None) => format!(", memory {memory} MB"),
        (None, Some(stack)) => format!(", stack {stack} MB"),
        (None, None) => String::new(),
    };
    let output = match limits.output_mb {
        Some(output) => format!(", output {output} MB"),
        None => String::new(),
    };
    let judged_by = checking.heading_note();
    let judged_by = match problem.validation_passes {
        Some(passes) => format!("{judged_by}, multi-pass: at most {passes} passes"),
        None => judged_by,
    };
    let judged_by = match problem.groups.len() {
        0 => judged_by,
        1 => format!("{judged_by}, 1 group with flags of its own"),
        groups => format!("{judged_by}, {groups} groups with flags of their own"),
    };
    let files = problem.case_io.heading_note();
    let cases = match noted.chosen {
        Some(_) => format!("{count} of {all} case{} chosen", plural(all)),
        None => format!("{count} case{}", plural(count)),
    };
    writeln!(
        out,
        "{} ({cases}, time limit {} ms{memory}{output}{files}{judged_by})",
        problem.name,
        millis(problem.time_limit)
    )?;
    if interactor.is_some() && !problem.case_io.is_stdio() {
        // Refused when the manifest is read; this is for a `Problem` built by hand.
        error(
            out,
            &mut summary,
            "an interactive problem with an input or output file: an interactor talks on stdin and stdout".to_string(),
        )?;
        summary.failed += count.saturating_sub(1);
        return Ok(summary);
    }
    if let Some(note) = note {
        writeln!(out, "{note}")?;
    }
    for skipped in &suite.skipped {
        writeln!(out, "warning: {skipped}")?;
    }
    if suite.cases.is_empty() && suite.orphans.is_empty() {
        error(
            out,
            &mut summary,
            format!("no cases in {}", show_path(&problem.io_tests_dir)),
        )?;
    }
    for orphan in &suite.orphans {
        error(out, &mut summary, format!("{}: {orphan}", orphan.name()))?;
    }
    let checker = checking.checker();
    let programs = [
        ("binary", Some(binary)),
        ("checker", checker),
        ("interactor", interactor),
    ];
    for (what, program) in programs {
        if let Some(reason) = program.and_then(unusable) {
            error(
                out,
                &mut summary,
                format!("cannot run the {what}: {reason}"),
            )?;
            summary.failed += count.saturating_sub(1);
            return Ok(summary);
        }
    }
    let validator = match validator.map(|path| (path, unusable(path))) {
        Some((_, Some(reason))) => {
            error(
                out,
                &mut summary,
                format!("no validator: {reason}; the inputs are not validated"),
            )?;
            None
        }
        Some((path, None)) => Some(path),
        None => None,
    };
    let name_width = suite
        .cases
        .iter()
        .map(|case| case.name.len())
        .max()
        .unwrap_or(0);
    // The groups whose judging a rejection ended (their cases skipped).
    let mut ended: Vec<String> = Vec::new();
    // How many codes `noted` held when the last case was looked at (it may
    // come with some from an earlier call).
    let mut judged_before = noted.verdicts.len();
    for (judged, case) in suite.cases.iter().enumerate() {
        if let Some(settled) = noted.settled {
            if noted.verdicts.len() > judged_before {
                judged_before = noted.verdicts.len();
                let last = (noted.verdicts.last()).zip(noted.judged.last());
                if let Some((_, name)) = last.filter(|(code, _)| settled(code)) {
                    match problem.after_rejection(name) {
                        AfterRejection::Ends => break,
                        AfterRejection::EndsGroup(group) => ended.push(group),
                        AfterRejection::GoesOn => {}
                    }
                }
            }
            let in_ended = |group: &String| CaseGroup::holds_name(group, &case.name);
            if ended.iter().any(in_ended) {
                continue;
            }
        }
        if let Some(on_case) = noted.on_case {
            on_case(judged, &case.name);
        }
        // A group's flags, where the case has one.
        let group = problem.group_of(&case.name);
        let group_checking = group.and_then(|group| group.checking(checking));
        let checking = group_checking.as_ref().unwrap_or(checking);
        let input_flags = group.and_then(|group| group.input_validator_flags.as_deref());
        // A multi-pass case's pass that decided, for its report.
        let mut pass_line = None;
        let result = read_case_file(&case.input).and_then(|input| {
            let expected = read_case_file(&case.output)?;
            let validations = validator
                .map(|validator| validate_input(validator, &input))
                .into_iter()
                .chain(input_validators.iter().map(|validator| {
                    let flags = input_flags.unwrap_or(&validator.flags);
                    validate_with_input_validator(
                        validator,
                        flags,
                        &input,
                        crate::runner::tool_stack_mb(limits.stack_mb),
                    )
                }));
            for validation in validations {
                match validation? {
                    Validation::Valid => {}
                    Validation::Invalid(message) => {
                        return Ok(Err(Verdict::Invalid { message }));
                    }
                    Validation::Failed(message) => {
                        return Err(io::Error::other(message));
                    }
                }
            }
            let Some(interactor) = interactor else {
                let validator = match checking {
                    Checking::Kattis {
                        program,
                        args,
                        flags,
                        time_limit,
                        stack_mb,
                    } => Some(KattisValidator {
                        program,
                        args,
                        flags,
                        time_limit: *time_limit,
                        stack_mb: *stack_mb,
                    }),
                    _ => None,
                };
                if let (Some(passes), Some(validator)) = (problem.validation_passes, &validator) {
                    // A multi-pass problem: its validator asks for the passes.
                    let judged = judge_multi_pass(
                        binary,
                        &limits,
                        validator,
                        problem.interactive,
                        &case.input,
                        &case.output,
                        passes,
                    )?;
                    pass_line = Some(format!("(pass {} of at most {passes})", judged.pass));
                    return match judged.verdict {
                        Ok(verdict) => Ok(Ok((verdict, judged.run))),
                        Err(message) => Err(io::Error::other(format!(
                            "{message}\n(pass {} of at most {passes})",
                            judged.pass
                        ))),
                    };
                }
                if let (true, Some(validator)) = (problem.interactive, &validator) {
                    // A package's interactive problem: its output validator
                    // talks to the program.
                    let judged = judge_kattis_interactive(
                        binary,
                        &limits,
                        validator,
                        &case.input,
                        &case.output,
                        None,
                    )?;
                    return match judged.verdict {
                        Ok(verdict) => Ok(Ok((verdict, judged.interaction.program))),
                        Err(message) => Err(io::Error::other(message)),
                    };
                }
                let run = problem.case_io.run(binary, &input, &limits)?;
                let verdict = checking.case_verdict(&run, &input, &expected, problem.time_limit);
                return Ok(Ok((verdict, run.execution)));
            };
            let judged =
                judge_interactive(binary, &limits, interactor, &case.input, Some(&case.output))?;
            match judged.verdict {
                // The problem's checker, if it has one, then judges the
                // interactor's OUTPUT against the ANSWER.
                Ok(Verdict::Accepted) if checking.checker().is_some() => Ok(Ok((
                    checking.judge_output(&input, &expected, &judged.output),
                    judged.interaction.program,
                ))),
                Ok(verdict) => Ok(Ok((verdict, judged.interaction.program))),
                Err(message) => Err(io::Error::other(message)),
            }
        });
        match result {
            Ok(Ok((verdict, run))) => {
                writeln!(
                    out,
                    "{} {:<name_width$} {:>6} ms  (cpu {} ms, mem {})",
                    style.code(verdict.code(), verdict.is_accepted()),
                    case.name,
                    millis(run.elapsed),
                    millis(run.cpu),
                    megabytes(run.peak_memory_kb)
                )?;
                write!(out, "{}", indented(&verdict.to_string()))?;
                if let Some(pass_line) = &pass_line {
                    write!(out, "{}", indented(pass_line))?;
                }
                if run.streams_abandoned {
                    write!(
                        out,
                        "{}",
                        indented("(its output was still open after it ended: stopped reading)")
                    )?;
                }
                if verdict.is_accepted() {
                    summary.passed += 1;
                } else {
                    summary.failed += 1;
                }
                noted.verdicts.push(verdict.code());
                noted.judged.push(case.name.clone());
            }
            Ok(Err(verdict)) => {
                summary.failed += 1;
                writeln!(out, "{} {}", style.code(verdict.code(), false), case.name)?;
                write!(out, "{}", indented(&verdict.to_string()))?;
                noted.verdicts.push(verdict.code());
                noted.judged.push(case.name.clone());
            }
            Err(cause) => {
                error(out, &mut summary, format!("{}: {cause}", case.name))?;
                noted.verdicts.push("ERR");
                noted.judged.push(case.name.clone());
            }
        }
    }
    Ok(summary)
}

/// For a problem crate's `cargo test`: checks the built binary against the
/// problem's stored cases as [`check_workspace_problem`] does (each input
/// validated first when the crate has a validator; an interactive problem's
/// cases judged by its interactor). Fails the test, showing the report
/// without a panic backtrace, unless every case passes.
///
/// # Panics
/// When the problem cannot be loaded, its validator is missing or rejects an
/// input, or any case does not pass.
///
/// # Example
/// ```no_run
/// judge_check::assert_io_tests_pass(env!("CARGO_MANIFEST_DIR"), "target/release/connect3");
/// ```
pub fn assert_io_tests_pass(manifest_dir: &str, binary: &str) {
    let problem = Problem::from_manifest_dir(Path::new(manifest_dir))
        .unwrap_or_else(|error| fail_test(format!("cannot load the problem: {error}")));
    let mut report = Vec::new();
    let summary = check_workspace_problem(&problem, Path::new(binary), &mut report, Style::Plain)
        .unwrap_or_else(|error| fail_test(format!("cannot check the problem: {error}")));
    print!("{}", String::from_utf8_lossy(&report));
    if summary.failed > 0 {
        fail_test(summary.closing_line());
    }
}

/// Fails a test with `message` on stderr, skipping the panic hook: the
/// harness's report, not a backtrace, is what the reader sees.
fn fail_test(message: String) -> ! {
    eprintln!("{message}");
    std::panic::resume_unwind(Box::new(message))
}

/// How many items a thread takes at a time from the items shared out.
const BATCH: usize = 8;

/// `f` of each item, in order, the items shared out among the cores: a few
/// at a time, to whichever thread is free (a problem with many cases costs
/// more than one with two).
pub fn on_every_core<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = threads_for(items);
    if threads <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let done = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads)
            .map(|_| scope.spawn(|| take_batches(&next, items, &f)))
            .collect();
        let mut done = take_batches(&next, items, &f);
        for other in others {
            done.extend(other.join().expect("a worker panicked"));
        }
        done
    });
    in_order(done)
}

/// `first()`, and `f` of each item as [`on_every_core`] works them out,
/// at once: `first` on the calling thread, the items on a worker for each
/// further core they would keep busy (at least one when they are more than
/// a batch, so that the two go on together even on one core), and on the
/// calling thread too once `first` is done. The caller never waits for a
/// thread to start: on a virtual machine a new thread may not run for
/// milliseconds, longer than a check that judges nothing.
pub fn on_every_core_beside<S, T: Sync, R: Send>(
    first: impl FnOnce() -> S,
    items: &[T],
    f: impl Fn(&T) -> R + Sync,
) -> (S, Vec<R>) {
    let workers = threads_for(items)
        .saturating_sub(1)
        .max(usize::from(items.len() > BATCH));
    let next = AtomicUsize::new(0);
    let (first_result, done) = std::thread::scope(|scope| {
        let others: Vec<_> = (0..workers)
            .map(|_| scope.spawn(|| take_batches(&next, items, &f)))
            .collect();
        let first_result = first();
        let mut done = take_batches(&next, items, &f);
        for other in others {
            done.extend(other.join().expect("a worker panicked"));
        }
        (first_result, done)
    });
    (first_result, in_order(done))
}

/// The threads worth starting for `items`: one for each batch, at most one
/// a core.
fn threads_for<T>(items: &[T]) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    cores.min(items.len().div_ceil(BATCH))
}

/// `f` of the items, a batch at a time from `next` on, until none are left;
/// each with its index.
fn take_batches<T, R>(next: &AtomicUsize, items: &[T], f: impl Fn(&T) -> R) -> Vec<(usize, R)> {
    let mut done = Vec::new();
    loop {
        let start = next.fetch_add(BATCH, Ordering::Relaxed);
        if start >= items.len() {
            return done;
        }
        let end = (start + BATCH).min(items.len());
        done.extend((start..end).map(|index| (index, f(&items[index]))));
    }
}

/// The results of [`take_batches`], in the items' order.
fn in_order<R>(mut done: Vec<(usize, R)>) -> Vec<R> {
    done.sort_unstable_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod on_every_core_tests {
    use super::*;

    #[test]
    fn every_item_is_done_once_and_the_results_kept_in_order() {
        for count in [0, 1, 8, 9, 100, 1001] {
            let items: Vec<usize> = (0..count).collect();
            let calls = AtomicUsize::new(0);
            let results = on_every_core(&items, |item| {
                calls.fetch_add(1, Ordering::Relaxed);
                item * 2
            });
            assert_eq!(calls.into_inner(), count);
            let expected: Vec<usize> = items.iter().map(|item| item * 2).collect();
            assert_eq!(results, expected, "{count} items");
        }
    }

    #[test]
    fn beside_every_item_is_done_once_in_order_and_first_once() {
        for count in [0, 1, 8, 9, 100, 1001] {
            let items: Vec<usize> = (0..count).collect();
            let (calls, firsts) = (AtomicUsize::new(0), AtomicUsize::new(0));
            let (first, results) = on_every_core_beside(
                || firsts.fetch_add(1, Ordering::Relaxed) + 7,
                &items,
                |item| {
                    calls.fetch_add(1, Ordering::Relaxed);
                    item * 2
                },
            );
            assert_eq!((first, firsts.into_inner()), (7, 1), "{count} items");
            assert_eq!(calls.into_inner(), count);
            let expected: Vec<usize> = items.iter().map(|item| item * 2).collect();
            assert_eq!(results, expected, "{count} items");
        }
    }

    #[test]
    fn beside_first_runs_while_the_items_are_worked_out() {
        // The first item and `first` each wait for word from the other: run
        // one after the other, in either order, the first of them would wait
        // in vain. (More items than a batch: fewer are worked out after
        // `first`, on the calling thread.)
        let wait = Duration::from_secs(10);
        let (first_started, to_item) = std::sync::mpsc::channel();
        let (item_done, to_first) = std::sync::mpsc::channel();
        let (to_item, item_done) = (
            std::sync::Mutex::new(to_item),
            std::sync::Mutex::new(item_done),
        );
        let items: Vec<usize> = (0..=BATCH).collect();
        let (heard, items_heard) = on_every_core_beside(
            move || {
                first_started.send(()).unwrap();
                to_first.recv_timeout(wait)
            },
            &items,
            |&item| {
                if item > 0 {
                    return Ok(());
                }
                let heard = to_item.lock().unwrap().recv_timeout(wait);
                item_done.lock().unwrap().send(item).unwrap();
                heard
            },
        );
        assert_eq!(heard, Ok(0));
        assert!(items_heard.iter().all(Result::is_ok), "{items_heard:?}");
    }
}

// Its validators are shell scripts.
#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::scratch::{script, tempdir};

    fn failure(validation: Validation) -> String {
        match validation {
            Validation::Failed(message) => message,
            Validation::Valid => panic!("expected a failure, got Valid"),
            Validation::Invalid(message) => panic!("expected a failure, got Invalid({message})"),
        }
    }

    #[test]
    fn a_validator_past_its_limit_is_its_own_failure_saying_so() {
        let dir = tempdir().unwrap();
        let validator = script(dir.path(), "validator", "exec sleep 10");
        let limit = Duration::from_millis(200);
        let message = failure(validate_within(&validator, b"1\n", limit).unwrap());
        assert!(
            message.starts_with("validator ") && message.ends_with(" still running after 200 ms"),
            "{message}"
        );
    }

    #[test]
    fn a_validator_that_crashes_is_its_own_failure_saying_how() {
        let dir = tempdir().unwrap();
        let validator = script(dir.path(), "validator", "echo broken >&2; exit 3");
        let message = failure(validate_input(&validator, b"1\n").unwrap());
        assert!(
            message.ends_with(" failed: exit status 3\nbroken"),
            "{message}"
        );
    }
}
