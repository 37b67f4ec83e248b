//! Stress testing: a submission against its brute force on many generated
//! inputs until they disagree; the smallest disagreeing input found is stored
//! as a new case of the problem.
//!
//! Inputs come from the problem's `gen` binary (see [`crate::generator`]): case
//! `i` of a random run is `gen S+i K` (first seed `S`, size `K`), and a walk runs
//! `gen --all I` for every `I` of the generator's exhaustive walk. Each input is
//! judged like a stored case ([`Checking::case_verdict`]): the naive's output is
//! the expected answer (the ANSWER of a problem's checker), the submission runs
//! under the problem's time limit and the naive under a generous limit of its
//! own, both reading and writing the problem's files when it has them
//! ([`CaseIo`]: the naive is written as the submission is). A checker that fails is a tool's failure, like the naive's. Every input
//! is first checked by the problem's validator, when it has one. When the
//! generator, the validator or the naive
//! fails, that is what gets reported: the submission is not judged.
//!
//! A disagreement is re-run [`CONFIRM_RUNS`] more times on the same input
//! before anything is shrunk or stored: one that does not repeat every time is
//! reported as flaky, with the counts, and nothing is stored. Shrinking only
//! adopts smaller inputs whose verdict repeats the same way.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::cases::problem::{missing_pieces, program_path, Piece, Problem};
use crate::commands::check::{indented, unvalidated_note};
use crate::commands::progress::Progress as BarProgress;
use crate::judging::answer::Checking;
use crate::judging::case_io::CaseIo;
use crate::judging::crosscheck::{cross_check_judged, CrossCheck};
use crate::judging::verdict::{judge_interactive, run_stderr_tail, Verdict, INTERACTOR_AFTER};
use crate::runner::{execute, Execution, Limits};
use crate::show;

/// Cases of a random run when neither a case count nor a time budget is given.
pub const DEFAULT_CASES: u64 = 1000;
/// Size of random inputs when none is given: small inputs make readable failures.
pub const DEFAULT_SIZE: u64 = 10;
/// The naive's time limit when none is given: it is slow by design, but must end.
pub const DEFAULT_NAIVE_LIMIT: Duration = Duration::from_secs(10);

/// Limit for one run of the generator, and of the validator.
const GEN_LIMIT: Duration = Duration::from_secs(60);
/// A disagreement is run this many more times before it counts as repeatable.
pub const CONFIRM_RUNS: usize = 4;
/// Besides the failing seed, shrinking tries this many seeds after it.
const SHRINK_EXTRA_SEEDS: u64 = 30;
/// Shrinking tries every size up to this one; above it, sizes grow by a quarter.
const SHRINK_EVERY_SIZE_UP_TO: u64 = 32;
/// Shrinking stops after this long and keeps the smallest input found so far.
pub const SHRINK_BUDGET: Duration = Duration::from_secs(30);
/// Lines of an input or output a report shows.
const SHOWN_LINES: usize = 30;
/// Progress is written as a new line this often when not on a terminal.
const LOG_EVERY: Duration = Duration::from_secs(5);

/// The programs a stress run uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Programs {
    pub submission: PathBuf,
    /// The brute force; for an interactive problem, its interactor, which
    /// judges the submission alone.
    pub naive: PathBuf,
    pub gen: PathBuf,
    /// `None`: the generated inputs are not validated.
    pub validator: Option<PathBuf>,
    /// `naive` is an interactor.
    pub interactive: bool,
}

impl Programs {
    /// The built binaries of `problem` in `bin_dir`: `<name>`, `<name>-naive`
    /// (`<name>-interact` for an interactive problem), `<name>-gen`, and
    /// `<name>-validate` when its crate has a validator.
    ///
    /// # Errors
    /// When the crate has no naive (unless it is interactive) or no generator
    /// (the message names the command that adds them), or its manifest cannot
    /// be read.
    pub fn of(problem: &Problem, bin_dir: &Path) -> io::Result<Programs> {
        let pieces = problem.pieces()?;
        // An interactive problem's interactor takes the naive's place.
        let needed: &[Piece] = if problem.interactive {
            &[Piece::Gen]
        } else {
            &[Piece::Naive, Piece::Gen]
        };
        let missing: Vec<Piece> = needed
            .iter()
            .copied()
            .filter(|piece| !pieces.contains(piece))
            .collect();
        if !missing.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                missing_pieces(&problem.name, "judge stress", &missing),
            ));
        }
        let program = |piece: Piece| program_path(bin_dir, &piece.binary(&problem.name));
        Ok(Programs {
            submission: program_path(bin_dir, &problem.name),
            naive: if problem.interactive {
                program_path(bin_dir, &format!("{}-interact", problem.name))
            } else {
                program(Piece::Naive)
            },
            gen: program(Piece::Gen),
            validator: pieces
                .contains(&Piece::Validate)
                .then(|| program(Piece::Validate)),
            interactive: problem.interactive,
        })
    }

    /// What `naive` is, for messages.
    fn reference(&self) -> &'static str {
        if self.interactive {
            "interactor"
        } else {
            "naive"
        }
    }
}

/// Where the inputs come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inputs {
    /// `gen SEED SIZE` for SEED = `first_seed`, `first_seed + 1`, ...
    Random { first_seed: u64, size: u64 },
    /// `gen --all I` for every I below `gen --count-all`.
    Walk,
}

/// What to run and for how long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub inputs: Inputs,
    /// Stop after this many cases (`None`: no limit).
    pub max_cases: Option<u64>,
    /// Start no new case after this long (`None`: no limit).
    pub time_budget: Option<Duration>,
    /// Try no smaller input after shrinking this long ([`SHRINK_BUDGET`]).
    pub shrink_budget: Duration,
    /// The judge's limits, for the submission.
    pub submission_limits: Limits,
    pub naive_limit: Duration,
    /// How the submission's output is judged against the naive's.
    pub checking: Checking,
    /// Where the submission and the naive read and write (the problem's files).
    pub case_io: CaseIo,
}

/// The generator arguments of one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Random { seed: u64, size: u64 },
    Walk { index: u64 },
}

impl Origin {
    fn gen_args(self) -> Vec<String> {
        match self {
            Origin::Random { seed, size } => vec![seed.to_string(), size.to_string()],
            Origin::Walk { index } => vec!["--all".to_string(), index.to_string()],
        }
    }

    /// The name of a stored case made from this input: `stress-<seed>` or
    /// `stress-all-<index>`.
    pub fn case_name(self) -> String {
        match self {
            Origin::Random { seed, .. } => format!("stress-{seed}"),
            Origin::Walk { index } => format!("stress-all-{index}"),
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Random { seed, size } => write!(f, "seed {seed} size {size}"),
            Origin::Walk { index } => write!(f, "walk input {index}"),
        }
    }
}

/// How a stress run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every case agreed.
    Clean,
    /// The submission disagreed with the naive every time; the input is stored as a case.
    Disagreed,
    /// The submission disagreed, but not on every run of the same input: nothing stored.
    Flaky,
    /// The generator, the validator, the naive or the checker failed: nothing is
    /// known about the submission.
    ToolFailed,
}

/// Progress on a stream (stderr). On a terminal, a bar: how many cases of how
/// many (or, for a run with only a time budget, how many so far and the
/// budget left), the time spent and left, and the input that runs next.
/// Elsewhere (a log, CI), a line every few seconds. Either way, a closing
/// line with the rate.
pub struct Progress<'a> {
    out: &'a mut dyn Write,
    /// Whether a bar is drawn (stderr is a terminal).
    bar_shown: bool,
    bar: BarProgress,
    /// The end of `--time`, when there is one.
    deadline: Option<Instant>,
    started: Instant,
    last_shown: Instant,
}

impl<'a> Progress<'a> {
    /// Progress on `out`, drawn as a bar when `bar_shown` (the command passes
    /// [`on_terminal`](crate::commands::progress::on_terminal)).
    pub fn new(out: &'a mut dyn Write, bar_shown: bool) -> Progress<'a> {
        let now = Instant::now();
        Progress {
            out,
            bar_shown,
            bar: BarProgress::hidden(),
            deadline: None,
            started: now,
            last_shown: now,
        }
    }

    /// The run starts: `cases` of them when their number is known, for at
    /// most `budget`.
    fn start(&mut self, cases: Option<u64>, budget: Option<Duration>) {
        self.started = Instant::now();
        self.last_shown = self.started;
        self.deadline = budget.map(|budget| self.started + budget);
        self.bar = match cases {
            Some(cases) => BarProgress::new(self.bar_shown, cases, "cases"),
            None => BarProgress::counter(self.bar_shown, "cases"),
        };
    }

    fn rate(&self, done: u64, now: Instant) -> String {
        let seconds = (now - self.started).as_secs_f64();
        if seconds > 0.0 {
            format!("{:.0}/s", done as f64 / seconds)
        } else {
            "-/s".to_string()
        }
    }

    /// Notes that `done` cases are finished and `next` is about to run.
    fn update(&mut self, done: u64, next: Origin) {
        self.update_at(done, next, Instant::now());
    }

    fn update_at(&mut self, done: u64, next: Origin, now: Instant) {
        if self.bar.is_shown() {
            self.bar.set_done(done);
            let budget_left = self
                .deadline
                .map(|deadline| format!(", ~{} s of --time left", (deadline - now).as_secs()))
                .unwrap_or_default();
            self.bar.running(format!("next {next}{budget_left}"));
            return;
        }
        if now - self.last_shown < LOG_EVERY {
            return;
        }
        self.last_shown = now;
        // Progress is a courtesy: a closed stderr must not stop the run.
        let _ = writeln!(
            self.out,
            "stress: {}, {}, next {next}",
            cases(done),
            self.rate(done, now)
        );
        let _ = self.out.flush();
    }

    /// Clears the bar and writes the closing line.
    fn finish(&mut self, done: u64) {
        self.bar.clear();
        let now = Instant::now();
        let _ = writeln!(
            self.out,
            "stress: {} in {:.1} s ({})",
            cases(done),
            (now - self.started).as_secs_f64(),
            self.rate(done, now)
        );
        let _ = self.out.flush();
    }
}

/// The submission's result on an input the naive solved.
struct Failure {
    origin: Origin,
    input: Vec<u8>,
    /// The naive's output; empty for an interactive problem.
    expected: Vec<u8>,
    run: Execution,
    verdict: Verdict,
}

/// The generator, the validator, the naive or the checker failed: no verdict
/// on the submission.
enum ToolFailure {
    Gen {
        origin: Origin,
        reason: String,
    },
    Naive {
        origin: Origin,
        input: Vec<u8>,
        reason: String,
    },
    /// The validator rejected the generated input, or failed on it.
    Validator {
        origin: Origin,
        input: Vec<u8>,
        reason: String,
    },
    /// The checker failed on the submission's output.
    Checker {
        origin: Origin,
        input: Vec<u8>,
        reason: String,
    },
}

enum Check {
    Agree,
    Disagree(Box<Failure>),
    Tool(ToolFailure),
}

/// Where a stress run stored its case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// A new `.in` / `.out` pair.
    New { input: PathBuf, output: PathBuf },
    /// A stored case already has exactly this input; nothing was written.
    Existing(PathBuf),
}

/// Stores `input` and `output` in `dir` as `<name>.in` / `<name>.out`, or as
/// `<name>-2`, `<name>-3`, ... when that name is taken: an existing file is
/// never overwritten. If some `.in` in `dir` holds exactly `input`, nothing is
/// written.
///
/// # Errors
/// When `dir` cannot be created or read, or a file cannot be written.
pub fn store_case(dir: &Path, name: &str, input: &[u8], output: &[u8]) -> io::Result<Stored> {
    fs::create_dir_all(dir)?;
    let mut stored_inputs: Vec<PathBuf> = fs::read_dir(dir)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    stored_inputs.retain(|path| path.extension().is_some_and(|extension| extension == "in"));
    stored_inputs.sort();
    for path in stored_inputs {
        if fs::read(&path)? == input {
            return Ok(Stored::Existing(path));
        }
    }
    for attempt in 1.. {
        let stem = if attempt == 1 {
            name.to_string()
        } else {
            format!("{name}-{attempt}")
        };
        let input_path = dir.join(format!("{stem}.in"));
        let output_path = dir.join(format!("{stem}.out"));
        if output_path.exists() {
            continue;
        }
        // `create_new` fails rather than truncate a file that appeared meanwhile.
        match write_new(&input_path, input) {
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            result => result?,
        }
        if let Err(error) = write_new(&output_path, output) {
            let _ = fs::remove_file(&input_path);
            if error.kind() == io::ErrorKind::AlreadyExists {
                continue;
            }
            return Err(error);
        }
        return Ok(Stored::New {
            input: input_path,
            output: output_path,
        });
    }
    unreachable!("some numbered name is free")
}

fn write_new(path: &Path, contents: &[u8]) -> io::Result<()> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?
        .write_all(contents)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))
}

/// The sizes shrinking tries below `largest`, smallest first: all of the small
/// ones, then a quarter more each step.
fn shrink_sizes(largest: u64) -> Vec<u64> {
    let mut sizes: Vec<u64> = (1..=largest.min(SHRINK_EVERY_SIZE_UP_TO)).collect();
    let mut size = SHRINK_EVERY_SIZE_UP_TO;
    loop {
        size += (size / 4).max(1);
        if size >= largest {
            break;
        }
        sizes.push(size);
    }
    if largest > SHRINK_EVERY_SIZE_UP_TO {
        sizes.push(largest);
    }
    sizes
}

/// Some bytes for a report: at most [`SHOWN_LINES`] lines, each escaped and
/// cut (see [`show::lines`]), indented like the harness's report details.
fn excerpt(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "     (empty)\n".to_string();
    }
    indented(&show::lines(bytes, SHOWN_LINES, false))
}

/// `1 case`, `2 cases`.
fn cases(count: u64) -> String {
    if count == 1 {
        "1 case".to_string()
    } else {
        format!("{count} cases")
    }
}

/// One stress run over a problem's programs.
struct Stress<'a> {
    name: &'a str,
    programs: &'a Programs,
    settings: &'a Settings,
}

impl Stress<'_> {
    fn gen_command(&self, origin: Origin) -> String {
        format!("{}-gen {}", self.name, origin.gen_args().join(" "))
    }

    fn generate(&self, origin: Origin) -> io::Result<Result<Vec<u8>, ToolFailure>> {
        let args = origin.gen_args();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = execute(&self.programs.gen, &args, b"", GEN_LIMIT)?;
        if !run.completed() || run.timed_out(GEN_LIMIT) {
            return Ok(Err(ToolFailure::Gen {
                origin,
                reason: tool_failure_reason(&run, GEN_LIMIT),
            }));
        }
        let input = run.stdout;
        let Some(validator) = &self.programs.validator else {
            return Ok(Ok(input));
        };
        let check = execute(validator, &[], &input, GEN_LIMIT)?;
        if check.succeeded() && !check.timed_out(GEN_LIMIT) {
            return Ok(Ok(input));
        }
        let rejected = check.status.and_then(|status| status.code()) == Some(1);
        let reason = if rejected && !check.timed_out(GEN_LIMIT) {
            format!(
                "the validator rejects the generated input:\n{}",
                run_stderr_tail(&check)
            )
        } else {
            format!(
                "the validator failed: {}",
                tool_failure_reason(&check, GEN_LIMIT)
            )
        };
        Ok(Err(ToolFailure::Validator {
            origin,
            input,
            reason,
        }))
    }

    /// Runs the submission [`CONFIRM_RUNS`] more times on a failure's input:
    /// how many runs gave each verdict code, the failure's own run counted.
    fn confirm(&self, failure: &Failure) -> io::Result<Vec<(&'static str, usize)>> {
        let mut counts = vec![(failure.verdict.code(), 1)];
        for _ in 0..CONFIRM_RUNS {
            let limits = &self.settings.submission_limits;
            let code = if self.programs.interactive {
                match self.judge_interactive(failure.origin, failure.input.clone())? {
                    Check::Agree => "AC",
                    Check::Disagree(again) => again.verdict.code(),
                    Check::Tool(_) => "interactor failed",
                }
            } else {
                let run =
                    self.settings
                        .case_io
                        .run(&self.programs.submission, &failure.input, limits)?;
                self.settings
                    .checking
                    .case_verdict(&run, &failure.input, &failure.expected, limits.time)
                    .code()
            };
            match counts.iter_mut().find(|(seen, _)| *seen == code) {
                Some((_, count)) => *count += 1,
                None => counts.push((code, 1)),
            }
        }
        Ok(counts)
    }

    /// Judges the submission on `input` against the naive's output, like a
    /// stored case, or by the interactor of an interactive problem.
    fn judge_input(&self, origin: Origin, input: Vec<u8>) -> io::Result<Check> {
        if self.programs.interactive {
            return self.judge_interactive(origin, input);
        }
        let outcome = cross_check_judged(
            &self.programs.submission,
            &self.programs.naive,
            &input,
            &self.settings.submission_limits,
            self.settings.naive_limit,
            &self.settings.checking,
            &self.settings.case_io,
        )?;
        Ok(match outcome {
            CrossCheck::Agree => Check::Agree,
            CrossCheck::Disagree(disagreement) => {
                if let Verdict::CheckerFailed { reason } = disagreement.verdict {
                    return Ok(Check::Tool(ToolFailure::Checker {
                        origin,
                        input,
                        reason,
                    }));
                }
                Check::Disagree(Box::new(Failure {
                    origin,
                    input,
                    expected: disagreement.expected,
                    run: disagreement.run,
                    verdict: disagreement.verdict,
                }))
            }
            CrossCheck::ReferenceFailed(reason) => Check::Tool(ToolFailure::Naive {
                origin,
                input,
                reason: format!(
                    "{reason}\n(the naive's time limit is set by --naive-time-limit-ms)"
                ),
            }),
        })
    }

    /// Judges the submission's exchange with the interactor on `input` (no ANSWER).
    fn judge_interactive(&self, origin: Origin, input: Vec<u8>) -> io::Result<Check> {
        let scratch = crate::scratch::tempdir()?;
        let input_file = scratch.path().join("input");
        fs::write(&input_file, &input)?;
        let judged = judge_interactive(
            &self.programs.submission,
            &self.settings.submission_limits,
            &self.programs.naive,
            &input_file,
            None,
        )?;
        Ok(match judged.verdict {
            Ok(Verdict::Accepted) => Check::Agree,
            Ok(verdict) => Check::Disagree(Box::new(Failure {
                origin,
                input,
                expected: Vec::new(),
                run: judged.interaction.program,
                verdict,
            })),
            Err(reason) => Check::Tool(ToolFailure::Naive {
                origin,
                input,
                reason,
            }),
        })
    }

    /// Looks for a smaller input with the same verdict: smaller sizes of the
    /// failing seed, then the next few seeds at sizes up to the best one so far.
    fn shrink(
        &self,
        found: Failure,
        out: &mut dyn Write,
    ) -> io::Result<Result<Failure, ToolFailure>> {
        let Origin::Random { seed, size } = found.origin else {
            writeln!(
                out,
                "not shrunk: the walk's order decides which input comes first"
            )?;
            return Ok(Ok(found));
        };
        let started = Instant::now();
        let code = found.verdict.code();
        writeln!(
            out,
            "shrinking: smaller sizes of seed {seed}, then seeds {}..={} (same verdict {code}, fewer bytes)",
            seed.wrapping_add(1),
            seed.wrapping_add(SHRINK_EXTRA_SEEDS)
        )?;
        writeln!(out, "     {}: {} bytes", found.origin, found.input.len())?;
        let mut best = found;
        let mut tried = 0;
        'seeds: for step in 0..=SHRINK_EXTRA_SEEDS {
            let candidate_seed = seed.wrapping_add(step);
            let largest = match best.origin {
                _ if step == 0 => size.saturating_sub(1),
                Origin::Random { size, .. } => size,
                Origin::Walk { .. } => unreachable!("a random failure shrinks to random inputs"),
            };
            for candidate_size in shrink_sizes(largest) {
                if started.elapsed() > self.settings.shrink_budget {
                    writeln!(
                        out,
                        "     (stopped after {} s)",
                        self.settings.shrink_budget.as_secs()
                    )?;
                    break 'seeds;
                }
                let origin = Origin::Random {
                    seed: candidate_seed,
                    size: candidate_size,
                };
                let input = match self.generate(origin)? {
                    Ok(input) => input,
                    Err(failure) => return Ok(Err(failure)),
                };
                if input.len() >= best.input.len() {
                    continue;
                }
                tried += 1;
                match self.judge_input(origin, input)? {
                    Check::Agree => {}
                    Check::Disagree(failure) if failure.verdict.code() == code => {
                        let counts = self.confirm(&failure)?;
                        if counts.len() > 1 {
                            writeln!(
                                out,
                                "     {origin}: {} bytes, but flaky ({}): not taken",
                                failure.input.len(),
                                describe_counts(&counts)
                            )?;
                            continue;
                        }
                        writeln!(out, "     {origin}: {} bytes", failure.input.len())?;
                        best = *failure;
                        continue 'seeds;
                    }
                    Check::Disagree(_) => {}
                    Check::Tool(failure) => return Ok(Err(failure)),
                }
            }
        }
        writeln!(
            out,
            "     smaller inputs tried: {tried}, in {:.1} s",
            started.elapsed().as_secs_f64()
        )?;
        Ok(Ok(best))
    }

    fn report_disagreement(
        &self,
        failure: &Failure,
        io_tests_dir: &Path,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        writeln!(
            out,
            "input ({}, `{}`):",
            failure.origin,
            self.gen_command(failure.origin)
        )?;
        write!(out, "{}", excerpt(&failure.input))?;
        if self.programs.interactive {
            writeln!(
                out,
                "the exchange is not recorded: the submission and the interactor talk over pipes, as on a judge"
            )?;
        } else {
            match self.settings.checking {
                Checking::Checker { .. } | Checking::Kattis { .. } => {
                    writeln!(out, "naive output (the checker's answer):")?
                }
                Checking::Compare(_) => writeln!(out, "naive output (expected):")?,
            }
            write!(out, "{}", excerpt(&failure.expected))?;
            writeln!(out, "submission output:")?;
            write!(out, "{}", excerpt(&failure.run.stdout))?;
        }
        writeln!(out, "{:<4} {}", failure.verdict.code(), failure.origin)?;
        write!(out, "{}", indented(&failure.verdict.to_string()))?;
        let name = failure.origin.case_name();
        // An interactive case's .out is its ANSWER file, which stress has not got.
        let answer: &[u8] = if self.programs.interactive {
            b""
        } else {
            &failure.expected
        };
        match store_case(io_tests_dir, &name, &failure.input, answer)? {
            Stored::New { input, output } => writeln!(
                out,
                "stored as {} and {}",
                input.display(),
                output.display()
            ),
            Stored::Existing(path) => {
                writeln!(out, "already stored as {}: nothing written", path.display())
            }
        }
    }

    /// A disagreement that did not repeat on every run: shown, never stored.
    fn report_flaky(
        &self,
        failure: &Failure,
        counts: &[(&str, usize)],
        out: &mut dyn Write,
    ) -> io::Result<()> {
        writeln!(
            out,
            "FLAKY {}: the submission's verdict on this input changes from run to run ({})",
            failure.origin,
            describe_counts(counts)
        )?;
        writeln!(out, "input (`{}`):", self.gen_command(failure.origin))?;
        write!(out, "{}", excerpt(&failure.input))?;
        writeln!(out, "first failing run: {}", failure.verdict.code())?;
        write!(out, "{}", indented(&failure.verdict.to_string()))?;
        writeln!(
            out,
            "not shrunk and not stored: a stored case must fail every time \
             (look for uninitialised memory, data races, time or randomness; \
             a TLE near the limit is the machine's noise as much as the program's)"
        )
    }

    fn report_tool_failure(&self, failure: &ToolFailure, out: &mut dyn Write) -> io::Result<()> {
        let (heading, origin, input, reason, advice) = match failure {
            ToolFailure::Gen { origin, reason } => (
                "gen failed on",
                origin,
                None,
                reason,
                "fix the generator or its arguments",
            ),
            ToolFailure::Naive {
                origin,
                input,
                reason,
            } => (
                if self.programs.interactive {
                    "interactor failed on"
                } else {
                    "naive failed on"
                },
                origin,
                Some(input),
                reason,
                if self.programs.interactive {
                    "the interactor must judge every valid input"
                } else {
                    "the naive must solve every valid input"
                },
            ),
            ToolFailure::Validator {
                origin,
                input,
                reason,
            } => (
                "INVALID input from",
                origin,
                Some(input),
                reason,
                "the generator must print valid inputs only",
            ),
            ToolFailure::Checker {
                origin,
                input,
                reason,
            } => (
                "the checker failed on",
                origin,
                Some(input),
                reason,
                "the checker must judge every output",
            ),
        };
        writeln!(out, "{heading} {origin} (`{}`):", self.gen_command(*origin))?;
        write!(out, "{}", indented(reason))?;
        if let Some(input) = input {
            writeln!(out, "input:")?;
            write!(out, "{}", excerpt(input))?;
        }
        writeln!(out, "no verdict on the submission: {advice}")
    }
}

/// `WA 3 of 5 runs, AC 2 of 5 runs`.
fn describe_counts(counts: &[(&str, usize)]) -> String {
    let total: usize = counts.iter().map(|(_, count)| count).sum();
    counts
        .iter()
        .map(|(code, count)| format!("{code} {count} of {total} runs"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a tool's run failed: its status or timeout, and the tail of its stderr.
fn tool_failure_reason(run: &Execution, limit: Duration) -> String {
    let status = if run.timed_out(limit) {
        format!("still running after {} ms", limit.as_millis())
    } else {
        run.describe_end()
    };
    format!("{status}\n{}", run_stderr_tail(run))
}

/// The number of inputs of the generator's exhaustive walk.
fn walk_length(name: &str, gen: &Path) -> io::Result<u64> {
    let run = execute(gen, &["--count-all"], b"", GEN_LIMIT)?;
    let text = String::from_utf8_lossy(&run.stdout);
    let count = text.trim().parse::<u64>().ok().filter(|_| run.succeeded());
    match count {
        Some(0) => Err(io::Error::other(format!(
            "`{name}-gen --count-all` printed 0: this problem's input space has no exhaustive walk"
        ))),
        Some(count) => Ok(count),
        None => Err(io::Error::other(format!(
            "`{name}-gen --count-all` did not print a count\n{}",
            run_stderr_tail(&run)
        ))),
    }
}

/// Stress-tests problem `name`: runs the cases `settings` asks for, reporting on
/// `out` and showing progress on `progress`. On the first disagreement, shrinks
/// the input, prints it with both outputs and the verdict, and stores it with the
/// naive's output in `io_tests_dir` (see [`store_case`]). Closes with the
/// harness's `N passed, M failed`, or with why it stopped.
///
/// # Errors
/// When a program cannot be started, the generator has no walk to take, a case
/// cannot be stored, or writing to `out` fails.
pub fn stress(
    name: &str,
    programs: &Programs,
    settings: &Settings,
    io_tests_dir: &Path,
    out: &mut dyn Write,
    progress: &mut Progress,
) -> io::Result<Outcome> {
    for program in [
        Some(programs.submission.as_path()),
        Some(&programs.naive),
        Some(&programs.gen),
        programs.validator.as_deref(),
        settings.checking.checker(),
    ]
    .into_iter()
    .flatten()
    {
        if let Some(reason) = crate::commands::check::unusable(program) {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("{reason}: build it first"),
            ));
        }
    }
    let run = Stress {
        name,
        programs,
        settings,
    };
    let limit = settings.max_cases.unwrap_or(u64::MAX);
    // How many cases run, when it is known ahead.
    let mut total = settings.max_cases;
    let origins: Box<dyn Iterator<Item = Origin>> = match settings.inputs {
        Inputs::Random { first_seed, size } => {
            writeln!(
                out,
                "{name}: stress on seeds {first_seed}, {}, ... at size {size}",
                first_seed.wrapping_add(1)
            )?;
            Box::new((0..limit).map(move |i| Origin::Random {
                seed: first_seed.wrapping_add(i),
                size,
            }))
        }
        Inputs::Walk => {
            let count = walk_length(name, &programs.gen)?;
            writeln!(
                out,
                "{name}: stress on the {count} inputs of the exhaustive walk"
            )?;
            total = Some(count.min(limit));
            Box::new((0..count.min(limit)).map(|index| Origin::Walk { index }))
        }
    };
    let reference_limit = if programs.interactive {
        settings.submission_limits.time + INTERACTOR_AFTER
    } else {
        settings.naive_limit
    };
    writeln!(
        out,
        "time limit {} ms, {} {} ms{}{}{}",
        settings.submission_limits.time.as_millis(),
        programs.reference(),
        reference_limit.as_millis(),
        settings.checking.heading_note(),
        settings
            .max_cases
            .map(|count| format!(", at most {}", cases(count)))
            .unwrap_or_default(),
        settings
            .time_budget
            .map(|budget| format!(", at most {} s", budget.as_secs_f64()))
            .unwrap_or_default(),
    )?;
    if programs.validator.is_none() {
        writeln!(out, "{}", unvalidated_note(name, "generated inputs"))?;
    }
    out.flush()?;

    let started = Instant::now();
    progress.start(total, settings.time_budget);
    let mut passed = 0;
    let mut stop = "all cases ran";
    for origin in origins {
        if settings
            .time_budget
            .is_some_and(|budget| started.elapsed() >= budget)
        {
            stop = "time is up";
            break;
        }
        progress.update(passed, origin);
        let check = match run.generate(origin)? {
            Ok(input) => run.judge_input(origin, input)?,
            Err(failure) => Check::Tool(failure),
        };
        match check {
            Check::Agree => passed += 1,
            Check::Disagree(failure) => {
                progress.finish(passed + 1);
                writeln!(
                    out,
                    "{:<4} {} (`{}`) after {} passed",
                    failure.verdict.code(),
                    failure.origin,
                    run.gen_command(failure.origin),
                    cases(passed)
                )?;
                let counts = run.confirm(&failure)?;
                writeln!(
                    out,
                    "re-run on the same input: {}",
                    describe_counts(&counts)
                )?;
                if counts.len() > 1 {
                    run.report_flaky(&failure, &counts, out)?;
                    writeln!(out, "{passed} passed, 1 failed (flaky)")?;
                    return Ok(Outcome::Flaky);
                }
                let failure = match run.shrink(*failure, out)? {
                    Ok(failure) => failure,
                    Err(tool_failure) => {
                        writeln!(out, "while shrinking:")?;
                        run.report_tool_failure(&tool_failure, out)?;
                        writeln!(out, "stopped after {passed} passed: a tool failed")?;
                        return Ok(Outcome::ToolFailed);
                    }
                };
                run.report_disagreement(&failure, io_tests_dir, out)?;
                writeln!(out, "{passed} passed, 1 failed")?;
                return Ok(Outcome::Disagreed);
            }
            Check::Tool(failure) => {
                progress.finish(passed);
                run.report_tool_failure(&failure, out)?;
                writeln!(out, "stopped after {passed} passed: a tool failed")?;
                return Ok(Outcome::ToolFailed);
            }
        }
    }
    progress.finish(passed);
    writeln!(out, "{stop}")?;
    writeln!(out, "{passed} passed, 0 failed")?;
    Ok(Outcome::Clean)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::tempdir;

    const SEED: Origin = Origin::Random { seed: 7, size: 3 };

    /// Progress logged (no bar), started `ago` before `now`, last shown then too.
    fn progress_since(out: &mut Vec<u8>, now: Instant, ago: Duration) -> Progress<'_> {
        Progress {
            started: now - ago,
            last_shown: now - ago,
            ..Progress::new(out, false)
        }
    }

    #[test]
    fn progress_is_logged_once_its_interval_has_passed() {
        let now = Instant::now();
        let mut out = Vec::new();
        let mut progress = progress_since(&mut out, now, LOG_EVERY);
        progress.update_at(50, SEED, now);
        progress.update_at(60, SEED, now + LOG_EVERY - Duration::from_millis(1));
        progress.update_at(70, SEED, now + LOG_EVERY);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "stress: 50 cases, 10/s, next seed 7 size 3\n\
             stress: 70 cases, 7/s, next seed 7 size 3\n"
        );
    }

    #[test]
    fn progress_on_a_terminal_goes_to_the_bar_and_the_closing_line_to_the_stream() {
        let mut out = Vec::new();
        let mut progress = Progress::new(&mut out, true);
        progress.start(Some(10), Some(Duration::from_secs(60)));
        assert!(progress.bar.is_shown());
        let later = Instant::now() + 2 * LOG_EVERY;
        progress.update_at(1, Origin::Walk { index: 4 }, later);
        progress.finish(2);
        let log = String::from_utf8(out).unwrap();
        assert!(log.starts_with("stress: 2 cases in "), "{log}");
        assert_eq!(log.lines().count(), 1, "{log}");
    }

    #[test]
    fn progress_with_the_clock_is_shown_after_its_interval() {
        let mut out = Vec::new();
        let mut progress = progress_since(&mut out, Instant::now(), 2 * LOG_EVERY);
        progress.update(3, SEED);
        progress.update(4, SEED);
        let log = String::from_utf8(out).unwrap();
        assert!(
            log.starts_with("stress: 3 cases, 0/s, next seed 7"),
            "{log}"
        );
        assert_eq!(log.lines().count(), 1, "{log}");
    }

    #[test]
    fn no_time_elapsed_has_no_rate() {
        let now = Instant::now();
        let mut out = Vec::new();
        let progress = progress_since(&mut out, now, Duration::ZERO);
        assert_eq!(progress.rate(5, now), "-/s");
        assert_eq!(progress.rate(6, now + Duration::from_secs(2)), "3/s");
    }

    #[test]
    fn a_stored_input_without_its_output_is_passed_over_for_a_numbered_name() {
        let dir = tempdir().unwrap();
        fs::write(dir.path().join("stress-1.in"), "another input\n").unwrap();
        let stored = store_case(dir.path(), "stress-1", b"1 2\n", b"3\n").unwrap();
        let input = dir.path().join("stress-1-2.in");
        let output = dir.path().join("stress-1-2.out");
        assert_eq!(
            stored,
            Stored::New {
                input: input.clone(),
                output: output.clone()
            }
        );
        assert_eq!(fs::read(input).unwrap(), b"1 2\n");
        assert_eq!(fs::read(output).unwrap(), b"3\n");
    }

    // Its taken name is a dangling symlink.
    #[cfg(unix)]
    #[test]
    fn an_output_name_taken_meanwhile_moves_the_case_to_a_numbered_name() {
        let dir = tempdir().unwrap();
        // A dangling link does not `exist`, but no file can be created in its place.
        std::os::unix::fs::symlink("nowhere", dir.path().join("stress-1.out")).unwrap();
        let stored = store_case(dir.path(), "stress-1", b"1 2\n", b"3\n").unwrap();
        let input = dir.path().join("stress-1-2.in");
        let output = dir.path().join("stress-1-2.out");
        assert_eq!(stored, Stored::New { input, output });
        assert!(!dir.path().join("stress-1.in").exists());
    }

    #[test]
    fn a_case_that_cannot_be_written_is_an_error() {
        let dir = tempdir().unwrap();
        let error = store_case(dir.path(), "missing/stress-1", b"1 2\n", b"3\n").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn shrink_sizes_are_ascending_below_the_largest() {
        assert_eq!(shrink_sizes(0), Vec::<u64>::new());
        assert_eq!(shrink_sizes(3), vec![1, 2, 3]);
        let every: Vec<u64> = (1..=SHRINK_EVERY_SIZE_UP_TO).collect();
        assert_eq!(shrink_sizes(SHRINK_EVERY_SIZE_UP_TO), every);
        let sizes = shrink_sizes(1000);
        assert_eq!(sizes[..32], (1..=32).collect::<Vec<u64>>()[..]);
        // A quarter more each step, then the largest.
        assert_eq!(
            sizes[32..],
            [40, 50, 62, 77, 96, 120, 150, 187, 233, 291, 363, 453, 566, 707, 883, 1000]
        );
    }

    #[test]
    fn excerpt_cuts_long_text() {
        assert_eq!(excerpt(b""), "     (empty)\n");
        assert_eq!(excerpt(b"1 2\n3\n"), "     1 2\n     3\n");
        let long: String = (0..100).map(|i| format!("{i}\n")).collect();
        let shown = excerpt(long.as_bytes());
        assert_eq!(shown.lines().count(), SHOWN_LINES + 1);
        assert!(
            shown.ends_with("(70 more lines, 290 bytes in all)\n"),
            "{shown}"
        );
    }

    #[test]
    fn store_case_never_overwrites_and_skips_duplicates() {
        let dir = crate::scratch::tempdir().unwrap();
        let first = store_case(dir.path(), "stress-7", b"1\n", b"a\n").unwrap();
        assert_eq!(
            first,
            Stored::New {
                input: dir.path().join("stress-7.in"),
                output: dir.path().join("stress-7.out")
            }
        );
        assert_eq!(
            store_case(dir.path(), "stress-7", b"1\n", b"a\n").unwrap(),
            Stored::Existing(dir.path().join("stress-7.in"))
        );
        let second = store_case(dir.path(), "stress-7", b"2\n", b"b\n").unwrap();
        assert_eq!(
            second,
            Stored::New {
                input: dir.path().join("stress-7-2.in"),
                output: dir.path().join("stress-7-2.out")
            }
        );
        assert_eq!(fs::read(dir.path().join("stress-7.in")).unwrap(), b"1\n");
        assert_eq!(fs::read(dir.path().join("stress-7.out")).unwrap(), b"a\n");
        // A lone .out also takes its name.
        fs::write(dir.path().join("stress-8.out"), "x\n").unwrap();
        assert_eq!(
            store_case(dir.path(), "stress-8", b"3\n", b"c\n").unwrap(),
            Stored::New {
                input: dir.path().join("stress-8-2.in"),
                output: dir.path().join("stress-8-2.out")
            }
        );
        assert_eq!(fs::read(dir.path().join("stress-8.out")).unwrap(), b"x\n");
    }
}
