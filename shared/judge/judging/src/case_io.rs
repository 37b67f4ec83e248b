//! How a problem's program is given a case and gives its answer: on stdin
//! and stdout, or, as older judges have it (and Competitive Companion's
//! `input.type = "file"`), in named files of its working folder: it reads
//! `NAME.in` there and writes `NAME.out` there. Every run of a problem's own
//! program on a case (its submission, its naive) is made by [`CaseIo::run`].

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::runner::{execute_in, Execution, Limits};
use crate::scratch;

/// Where a problem's program reads its input and writes its answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaseIo {
    /// The file of its working folder it reads the input from; `None`: stdin.
    pub input_file: Option<String>,
    /// The file of its working folder it writes its answer to; `None`: stdout.
    pub output_file: Option<String>,
}

/// A program's run on one case.
#[derive(Debug)]
pub struct CaseRun {
    /// The run. With an output file, its `stdout` is that file's content, at
    /// most its output cap ([`Limits::output_cap`]) (`stdout_truncated` when it held more): what
    /// the program printed on stdout is ignored, as its judge ignores it.
    pub execution: Execution,
    /// Why there is no answer to judge: its output file is missing or cannot
    /// be read (`wrote no NAME.out`).
    pub answer_missing: Option<String>,
}

impl CaseIo {
    /// Stdin and stdout, no files.
    pub fn is_stdio(&self) -> bool {
        self.input_file.is_none() && self.output_file.is_none()
    }

    /// `, reads NAME.in, writes NAME.out` for a report's heading; nothing for
    /// stdin and stdout.
    pub fn heading_note(&self) -> String {
        let reads = self.input_file.iter().map(|name| format!(", reads {name}"));
        let writes = self
            .output_file
            .iter()
            .map(|name| format!(", writes {name}"));
        reads.chain(writes).collect()
    }

    /// Runs `program` on `input` under `limits` as its judge does: in a
    /// fresh scratch folder (removed afterwards), so that a file it writes
    /// lands nowhere of the user's, as judges start a program in a folder of
    /// its own. With a file on either side, that folder holds the input
    /// file, its stdin then empty; its answer is then its output file's
    /// content (see [`CaseRun::execution`]).
    ///
    /// # Errors
    /// When the program cannot be started, or the scratch folder or the
    /// input file cannot be written.
    pub fn run(&self, program: &Path, input: &[u8], limits: &Limits) -> io::Result<CaseRun> {
        self.run_with_args(program, &[], input, limits)
    }

    /// [`CaseIo::run`] of `program ARGS` (a package's program started by an
    /// interpreter: `python3 main.py`).
    ///
    /// # Errors
    /// As [`CaseIo::run`].
    pub fn run_with_args(
        &self,
        program: &Path,
        args: &[&str],
        input: &[u8],
        limits: &Limits,
    ) -> io::Result<CaseRun> {
        let folder = scratch::tempdir()?;
        if self.is_stdio() {
            return Ok(CaseRun {
                execution: execute_in(program, args, input, limits, folder.path())?,
                answer_missing: None,
            });
        }
        let stdin = match &self.input_file {
            Some(name) => {
                std::fs::write(folder.path().join(name), input)?;
                &b""[..]
            }
            None => input,
        };
        let mut execution = execute_in(program, args, stdin, limits, folder.path())?;
        let Some(name) = &self.output_file else {
            return Ok(CaseRun {
                execution,
                answer_missing: None,
            });
        };
        let answer_missing = match read_capped(&folder.path().join(name), limits.output_cap()) {
            Ok((answer, over_cap)) => {
                execution.stdout = answer;
                // The runner sets it for a flood of stdout (then killed);
                // the file past the cap is an output limit all the same.
                execution.stdout_truncated |= over_cap;
                None
            }
            Err(error) => {
                execution.stdout.clear();
                Some(match error.kind() {
                    io::ErrorKind::NotFound => format!("wrote no {name}"),
                    _ => format!("cannot read the {name} it wrote: {error}"),
                })
            }
        };
        Ok(CaseRun {
            execution,
            answer_missing,
        })
    }
}

/// A file's first `cap` bytes, and whether it held more.
fn read_capped(path: &Path, cap: usize) -> io::Result<(Vec<u8>, bool)> {
    let mut bytes = Vec::new();
    File::open(path)?
        .take(cap as u64 + 1)
        .read_to_end(&mut bytes)?;
    let over_cap = bytes.len() > cap;
    bytes.truncate(cap);
    Ok((bytes, over_cap))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_past_the_cap_is_cut_there_and_says_so() {
        let dir = scratch::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        std::fs::write(&path, b"123\n").unwrap();
        assert_eq!(read_capped(&path, 4).unwrap(), (b"123\n".to_vec(), false));
        assert_eq!(read_capped(&path, 3).unwrap(), (b"123".to_vec(), true));
    }

    #[test]
    fn the_heading_names_the_files() {
        assert_eq!(CaseIo::default().heading_note(), "");
        let both = CaseIo {
            input_file: Some("a.in".into()),
            output_file: Some("a.out".into()),
        };
        assert_eq!(both.heading_note(), ", reads a.in, writes a.out");
    }
}
