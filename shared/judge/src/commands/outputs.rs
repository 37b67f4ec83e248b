//! Writing the expected outputs of new cases from the brute force: every
//! `io-tests/<problem>/<name>.in` without a `<name>.out` is validated, solved by
//! the problem's naive, and gets its `.out` (what `oj g/o` does). An existing
//! file is never overwritten.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use crate::cases::problem::Problem;
use crate::cases::suite::{discover, Orphan};
use crate::commands::check::{unusable, validate_input, Validation};
use crate::judging::case_io::CaseIo;
use crate::judging::verdict::run_stderr_tail;
use crate::runner::Limits;
use crate::show::show_path;

/// How many outputs were written, and how many inputs were left without one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    pub written: usize,
    pub not_written: usize,
}

impl fmt::Display for Written {
    /// The closing line: `2 written, 1 not written`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} written, {} not written",
            self.written, self.not_written
        )
    }
}

/// For every input of `problem` without an output: validates it with
/// `validator` (when given), runs `naive` on it under `naive_limit` (in the
/// problem's files when it has them, as its submission runs) and writes its
/// output as the input's `.out`, one report line per input on `out`. An input
/// the validator rejects, or on which the naive fails, runs out of time,
/// prints too much or writes no output file, gets nothing and counts as not written, as does one whose
/// `.out` appears meanwhile (never overwritten). A validator that fails is
/// reported for that input.
///
/// # Errors
/// When the cases cannot be read, the naive or the validator cannot be run,
/// or writing to `out` fails.
pub fn write_outputs(
    problem: &Problem,
    naive: &Path,
    validator: Option<&Path>,
    naive_limit: Duration,
    out: &mut dyn Write,
) -> io::Result<Written> {
    for program in [Some(naive), validator].into_iter().flatten() {
        if let Some(reason) = unusable(program) {
            return Err(io::Error::new(io::ErrorKind::NotFound, reason));
        }
    }
    let suite = discover(&problem.io_tests_dir)?;
    for skipped in &suite.skipped {
        writeln!(out, "warning: {skipped}")?;
    }
    let mut result = Written::default();
    let inputs: Vec<&Path> = suite
        .orphans
        .iter()
        .filter_map(|orphan| match orphan {
            Orphan::InputWithoutOutput(input) => Some(input.as_path()),
            Orphan::OutputWithoutInput(_) => None,
        })
        .collect();
    writeln!(
        out,
        "{}: {} input{} without an output in {}",
        problem.name,
        inputs.len(),
        if inputs.len() == 1 { "" } else { "s" },
        show_path(&problem.io_tests_dir)
    )?;
    for input_path in inputs {
        let output_path = input_path.with_extension("out");
        let shown = show_path(&output_path);
        let written = write_one(
            input_path,
            &output_path,
            naive,
            validator,
            naive_limit,
            &problem.case_io,
        )?;
        match written {
            Ok(bytes) => {
                result.written += 1;
                writeln!(out, "wrote {shown} ({bytes} bytes)")?;
            }
            Err(reason) => {
                result.not_written += 1;
                writeln!(out, "not written: {shown}")?;
                for line in reason.trim_end().lines() {
                    writeln!(out, "     {line}")?;
                }
            }
        }
    }
    Ok(result)
}

/// Writes one output: the number of bytes written, or why nothing was.
fn write_one(
    input_path: &Path,
    output_path: &Path,
    naive: &Path,
    validator: Option<&Path>,
    naive_limit: Duration,
    case_io: &CaseIo,
) -> io::Result<Result<usize, String>> {
    let input = fs::read(input_path).map_err(|error| {
        io::Error::new(error.kind(), format!("{}: {error}", show_path(input_path)))
    })?;
    match validator
        .map(|validator| validate_input(validator, &input))
        .transpose()?
    {
        Some(Validation::Invalid(message)) => {
            return Ok(Err(format!("the validator rejects the input:\n{message}")))
        }
        Some(Validation::Failed(message)) => return Ok(Err(message)),
        Some(Validation::Valid) | None => {}
    }
    let case_run = case_io.run(naive, &input, &Limits::time(naive_limit))?;
    let run = &case_run.execution;
    if run.timed_out(naive_limit) {
        return Ok(Err(format!(
            "the naive was still running after {} ms",
            naive_limit.as_millis()
        )));
    }
    if !run.completed() {
        return Ok(Err(format!(
            "the naive failed: {}\n{}",
            run.describe_end(),
            run_stderr_tail(run)
        )));
    }
    if let Some(why) = case_run.answer_missing {
        return Ok(Err(format!("the naive {why}")));
    }
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(output_path);
    match file {
        Ok(mut file) => {
            file.write_all(&run.stdout).map_err(|error| {
                io::Error::new(error.kind(), format!("{}: {error}", show_path(output_path)))
            })?;
            Ok(Ok(run.stdout.len()))
        }
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
            Ok(Err("it appeared meanwhile: never overwritten".to_string()))
        }
        Err(error) => Err(io::Error::new(
            error.kind(),
            format!("{}: {error}", show_path(output_path)),
        )),
    }
}
