//! Growing each program of a problem over doubling input sizes: `<p>-gen SEED
//! SIZE` for SIZE = 1, 2, 4, ... up to the generator's largest, several seeds,
//! every program run in turn on each input (paired and interleaved, so that a
//! change in the machine's load hits them alike), until its runs near its cap.

use std::collections::hash_map::DefaultHasher;
use std::fs::{self, File};
use std::hash::Hasher;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use judge::runner::measure::{self, Outcome, OutputDigest, Sample, Streams};

/// No generator takes this long for one input unless it is broken.
const GENERATOR_CAP: Duration = Duration::from_secs(60);
use crate::stats::{median, millis};

/// What a program is to its problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Solution,
    /// Reads the input as the solution does and solves nothing.
    Baseline,
    /// The brute force.
    Naive,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Solution => "solution",
            Role::Baseline => "baseline",
            Role::Naive => "naive",
        }
    }
}

/// A program to time, and the time no run of it may pass.
#[derive(Clone, Debug)]
pub struct Program {
    pub role: Role,
    pub path: PathBuf,
    pub cap: Duration,
}

/// A problem (or a toy) to measure.
#[derive(Clone, Debug)]
pub struct Subject {
    pub name: String,
    /// `GEN SEED SIZE` prints an input; sizes above the largest mean the largest.
    pub generator: PathBuf,
    pub programs: Vec<Program>,
    /// The exponent the problem claims (`growth` in its manifest).
    pub claim: Option<f64>,
    /// The solution must print what the naive prints, token for token, on
    /// every input both ran on: false where outputs are judged otherwise (a
    /// checker, a float tolerance), so that two right answers may differ.
    pub compare_naive: bool,
}

/// How much to measure, and where to put the inputs.
#[derive(Clone, Debug)]
pub struct Settings {
    pub seeds: Vec<u64>,
    /// Runs of each program on each seed's input of each size.
    pub rounds: usize,
    pub work_dir: PathBuf,
}

/// One generator size as run: `label` is SIZE, or `max` for the largest.
#[derive(Clone, Debug)]
pub struct Size {
    pub label: String,
    /// Input bytes, one per seed.
    pub bytes: Vec<u64>,
}

/// One program's runs. It ran at the first `samples.len()` sizes;
/// `samples[size][seed]` holds one sample per round.
#[derive(Clone, Debug)]
pub struct Series {
    pub role: Role,
    pub cap: Duration,
    pub samples: Vec<Vec<Vec<Sample>>>,
    /// Why it stopped before the generator's largest size, if it did.
    pub stopped: Option<String>,
}

impl Series {
    /// Median CPU milliseconds per size it ran and seed: `[size][seed]`.
    pub fn cpu_ms(&self) -> Vec<Vec<f64>> {
        self.samples
            .iter()
            .map(|seeds| seeds.iter().map(|rounds| median_cpu_ms(rounds)).collect())
            .collect()
    }
}

/// The median CPU time of some runs, in milliseconds.
pub fn median_cpu_ms(runs: &[Sample]) -> f64 {
    median(runs.iter().map(|sample| millis(sample.cpu)))
}

/// Everything measured for one subject.
#[derive(Clone, Debug)]
pub struct Measured {
    pub seeds: Vec<u64>,
    /// Runs per program, seed and size.
    pub rounds: usize,
    pub sizes: Vec<Size>,
    pub series: Vec<Series>,
    /// Size 1 already gave the largest inputs: the generator has one size.
    pub constant_size: bool,
}

/// Runs the generator, `GEN SEED SIZE > path`, and returns the input's length
/// and hash. The input goes straight to the file: a large buffer here would
/// raise the peak memory reported for every program started after it (a
/// process started by this one begins as a copy of it).
fn generate(subject: &Subject, seed: u64, size: &str, path: &Path) -> Result<(u64, u64), String> {
    let failed = |how: String| {
        format!(
            "{}: generator {} {seed} {size} failed: {how}",
            subject.name,
            subject.generator.display()
        )
    };
    let stderr = path.with_extension("gen-stderr");
    let streams = Streams {
        // The null device (`NUL` on Windows).
        stdin: Path::new(if cfg!(windows) { "NUL" } else { "/dev/null" }),
        stdout: Some(path),
        stderr: &stderr,
    };
    match measure::run(
        &subject.generator,
        &[&seed.to_string(), size],
        streams,
        GENERATOR_CAP,
    )
    .map_err(|error| failed(error.to_string()))?
    {
        Outcome::Finished(_) => {}
        Outcome::Failed(how) => return Err(failed(how)),
        Outcome::OverCap => {
            return Err(failed(format!(
                "still running after {} s",
                GENERATOR_CAP.as_secs()
            )))
        }
    }
    let mut file =
        File::open(path).map_err(|error| failed(format!("{}: {error}", path.display())))?;
    let mut hasher = DefaultHasher::new();
    let mut buffer = vec![0; 1 << 16];
    let mut length = 0;
    loop {
        let read = file
            .read(&mut buffer)
            .map_err(|error| failed(format!("{}: {error}", path.display())))?;
        if read == 0 {
            break;
        }
        hasher.write(&buffer[..read]);
        length += read as u64;
    }
    if length == 0 {
        return Err(failed("no output".to_string()));
    }
    Ok((length, hasher.finish()))
}

/// Why a program stops growing after size `label`, where its runs took a median
/// of `wall_ms` wall time, if it does: the next doubling would pass its `cap`.
/// The largest size has no next one.
fn stop_after(label: &str, wall_ms: f64, cap: Duration, is_largest: bool) -> Option<String> {
    (!is_largest && 2.0 * wall_ms > millis(cap)).then(|| {
        format!(
            "stopped after size {label}: a median of {wall_ms:.0} ms wall time, so the next size would pass its cap of {} ms",
            cap.as_millis()
        )
    })
}

/// Measures every program of `subject` at doubling sizes; progress goes to `log`.
///
/// A program stops growing at the size where a run passes its cap (that size is
/// dropped), or after a size where its median wall time passes half its cap
/// (the next doubling would reach the cap), or, for the naive, where it fails (a
/// brute force may refuse large inputs).
///
/// # Errors
/// When the generator fails, the solution or the baseline fails on an input, or
/// a program cannot be started.
pub fn measure(
    subject: &Subject,
    settings: &Settings,
    log: &mut dyn Write,
) -> Result<Measured, String> {
    let dir = settings.work_dir.join(&subject.name);
    let io_error = |error: std::io::Error| format!("{}: {error}", subject.name);
    fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    let input = |seed: u64| dir.join(format!("seed-{seed}.in"));
    let largest = settings
        .seeds
        .iter()
        .map(|&seed| generate(subject, seed, "max", &input(seed)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut series: Vec<Series> = subject
        .programs
        .iter()
        .map(|program| Series {
            role: program.role,
            cap: program.cap,
            samples: Vec::new(),
            stopped: None,
        })
        .collect();
    let mut sizes = Vec::new();
    let mut constant_size = false;
    let stderr_file = dir.join("stderr");
    // Each run's output is kept, and its digest compared with the first
    // round's on the same input (and the solution's with the naive's), so that
    // every figure is of the whole work the program names.
    let stdout_file = dir.join("stdout");
    for doubling in 0..u64::BITS {
        let active: Vec<usize> = (0..series.len())
            .filter(|&index| series[index].stopped.is_none())
            .collect();
        if active.is_empty() {
            break;
        }
        let size = 1u64 << doubling;
        let mut inputs = Vec::new();
        let mut bytes = Vec::new();
        let mut is_largest = true;
        for (&seed, &largest) in settings.seeds.iter().zip(&largest) {
            let path = input(seed);
            let (length, hash) = generate(subject, seed, &size.to_string(), &path)?;
            is_largest &= (length, hash) == largest;
            bytes.push(length);
            inputs.push(path);
        }
        constant_size |= doubling == 0 && is_largest;
        let label = if is_largest {
            "max".to_string()
        } else {
            size.to_string()
        };

        let mut runs = vec![vec![Vec::new(); inputs.len()]; series.len()];
        let mut digests: Vec<Vec<Option<OutputDigest>>> =
            vec![vec![None; inputs.len()]; series.len()];
        let mut ended: Vec<Option<String>> = vec![None; series.len()];
        for round in 0..settings.rounds {
            for (seed_index, input) in inputs.iter().enumerate() {
                // Each program takes each place in the order in turn.
                for offset in 0..active.len() {
                    let index = active[(round + seed_index + offset) % active.len()];
                    if ended[index].is_some() {
                        continue;
                    }
                    let program = &subject.programs[index];
                    let seed = settings.seeds[seed_index];
                    let streams = Streams {
                        stdin: input,
                        stdout: Some(&stdout_file),
                        stderr: &stderr_file,
                    };
                    let on = || format!("`{} {seed} {label}`", subject.generator.display());
                    let the_program = || {
                        format!(
                            "{}: the {} {}",
                            subject.name,
                            program.role.name(),
                            program.path.display()
                        )
                    };
                    match measure::run(&program.path, &[], streams, program.cap)
                        .map_err(io_error)?
                    {
                        Outcome::Finished(sample) => {
                            let digest = OutputDigest::of_file(&stdout_file).map_err(io_error)?;
                            if digest.tokens == 0 {
                                return Err(format!(
                                    "{} printed nothing on {}",
                                    the_program(),
                                    on()
                                ));
                            }
                            match digests[index][seed_index] {
                                None => digests[index][seed_index] = Some(digest),
                                Some(first) if first != digest => {
                                    return Err(format!(
                                        "{} printed other output in round {} than in round 1 on {}: its runs did not all do the same work",
                                        the_program(),
                                        round + 1,
                                        on()
                                    ))
                                }
                                Some(_) => {}
                            }
                            runs[index][seed_index].push(sample);
                        }
                        Outcome::OverCap => {
                            ended[index] = Some(format!(
                                "over its cap of {} ms at size {label} (seed {seed})",
                                program.cap.as_millis()
                            ));
                        }
                        Outcome::Failed(how) if program.role == Role::Naive => {
                            ended[index] =
                                Some(format!("failed at size {label} (seed {seed}): {how}"));
                        }
                        Outcome::Failed(how) => {
                            return Err(format!(
                                "{}: the {} {} failed on `{} {seed} {label}`: {how}",
                                subject.name,
                                program.role.name(),
                                program.path.display(),
                                subject.generator.display(),
                            ));
                        }
                    }
                }
            }
        }

        if subject.compare_naive {
            let role_index = |role| {
                subject
                    .programs
                    .iter()
                    .position(|program| program.role == role)
            };
            if let (Some(solution), Some(naive)) =
                (role_index(Role::Solution), role_index(Role::Naive))
            {
                for (seed_index, &seed) in settings.seeds.iter().enumerate() {
                    if let (Some(fast), Some(slow)) =
                        (digests[solution][seed_index], digests[naive][seed_index])
                    {
                        if fast != slow {
                            return Err(format!(
                                "{}: the solution and the naive disagree on `{} {seed} {label}` ({} tokens against {}): judge stress finds the case",
                                subject.name,
                                subject.generator.display(),
                                fast.tokens,
                                slow.tokens
                            ));
                        }
                    }
                }
            }
        }

        let mut progress = format!("growth: {} size {label}:", subject.name);
        for &index in &active {
            let program = &mut series[index];
            if let Some(why) = ended[index].take() {
                progress += &format!(" {} stopped,", program.role.name());
                program.stopped = Some(why);
                continue;
            }
            let cpu = median(runs[index].iter().map(|rounds| median_cpu_ms(rounds)));
            // The cap is on wall time, which a loaded machine stretches.
            let wall = median(runs[index].iter().flatten().map(|run| millis(run.wall)));
            progress += &format!(" {} {cpu:.2} ms,", program.role.name());
            program.samples.push(std::mem::take(&mut runs[index]));
            program.stopped = stop_after(&label, wall, program.cap, is_largest);
        }
        let _ = writeln!(log, "{}", progress.trim_end_matches(','));
        sizes.push(Size { label, bytes });
        if is_largest {
            break;
        }
    }
    let _ = fs::remove_dir_all(&dir);
    Ok(Measured {
        seeds: settings.seeds.clone(),
        rounds: settings.rounds,
        sizes,
        series,
        constant_size,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn program(role: Role, path: &str) -> Program {
        Program {
            role,
            path: PathBuf::from(path),
            cap: Duration::from_secs(20),
        }
    }

    /// `basename SEED SIZE` is the generator: it prints SEED without the suffix
    /// SIZE. For seed 11 that is `1` at size 1 and `11` from size 2 on; for seed
    /// 12, `12`, then `1` at size 2, then `12`: both are at their largest
    /// (`max`'s input) from size 4 on. A seed of one digit prints itself at every
    /// size.
    #[cfg(unix)]
    fn subject(programs: Vec<Program>) -> Subject {
        Subject {
            name: "fake".to_string(),
            generator: PathBuf::from("/bin/basename"),
            programs,
            claim: Some(1.0),
            compare_naive: true,
        }
    }

    #[cfg(unix)]
    fn measure_in_tempdir(
        subject: &Subject,
        seeds: &[u64],
        rounds: usize,
    ) -> (Result<Measured, String>, String) {
        let dir = judge::scratch::tempdir().unwrap();
        let settings = Settings {
            seeds: seeds.to_vec(),
            rounds,
            work_dir: dir.path().to_path_buf(),
        };
        let mut log = Vec::new();
        let measured = measure(subject, &settings, &mut log);
        if measured.is_ok() {
            assert!(
                !dir.path().join(&subject.name).exists(),
                "the inputs were left behind"
            );
        }
        (measured, String::from_utf8(log).unwrap())
    }

    // Its programs are the system's true, false, yes and basename.
    #[cfg(unix)]
    #[test]
    fn sizes_double_until_every_seed_gives_its_largest_input() {
        let subject = subject(vec![
            program(Role::Solution, "/bin/cat"),
            program(Role::Baseline, "/bin/cat"),
            program(Role::Naive, "/bin/false"),
        ]);
        let (measured, log) = measure_in_tempdir(&subject, &[11, 12], 2);
        let measured = measured.unwrap();
        let labels: Vec<&str> = measured
            .sizes
            .iter()
            .map(|size| size.label.as_str())
            .collect();
        assert_eq!(labels, ["1", "2", "max"]);
        let bytes: Vec<&[u64]> = measured.sizes.iter().map(|size| &size.bytes[..]).collect();
        assert_eq!(bytes, [[2, 3], [3, 2], [3, 3]]);
        assert!(!measured.constant_size);
        // Every program that ran, once per round on each seed's input at each size.
        for series in &measured.series[..2] {
            assert_eq!(series.stopped, None);
            assert_eq!(series.samples.len(), 3);
            assert!(
                series
                    .samples
                    .iter()
                    .flatten()
                    .all(|rounds| rounds.len() == 2),
                "{series:?}"
            );
        }
        // A naive that fails stops there, without a sample.
        let naive = &measured.series[2];
        assert!(naive.samples.is_empty(), "{naive:?}");
        assert_eq!(
            naive.stopped.as_deref(),
            Some("failed at size 1 (seed 11): exit status 1")
        );
        let lines: Vec<&str> = log.lines().collect();
        assert_eq!(lines.len(), 3, "{log}");
        assert!(
            lines[0].starts_with("growth: fake size 1: solution ")
                && lines[0].ends_with(" ms, naive stopped"),
            "{log}"
        );
        assert!(
            lines[2].starts_with("growth: fake size max: solution ") && lines[2].ends_with(" ms"),
            "{log}"
        );
    }

    // Its programs are the system's true, false, yes and basename.
    #[cfg(unix)]
    #[test]
    fn a_generator_with_one_size_is_a_constant_size() {
        let mut slow = program(Role::Baseline, "/bin/yes");
        slow.cap = Duration::from_millis(50);
        let subject = subject(vec![program(Role::Solution, "/bin/cat"), slow]);
        let (measured, _) = measure_in_tempdir(&subject, &[1, 2], 1);
        let measured = measured.unwrap();
        assert!(measured.constant_size);
        assert_eq!(measured.sizes.len(), 1);
        assert_eq!(measured.sizes[0].label, "max");
        assert_eq!(measured.series[0].samples.len(), 1);
        assert_eq!(
            measured.series[1].stopped.as_deref(),
            Some("over its cap of 50 ms at size max (seed 1)")
        );
    }

    // Its programs are the system's cat, date, wc, true and basename.
    #[cfg(unix)]
    #[test]
    fn a_run_that_did_not_do_the_work_is_an_error() {
        let silent = subject(vec![
            program(Role::Solution, "/bin/cat"),
            program(Role::Baseline, "/bin/true"),
        ]);
        let (measured, _) = measure_in_tempdir(&silent, &[11], 1);
        assert_eq!(
            measured.unwrap_err(),
            "fake: the baseline /bin/true printed nothing on `/bin/basename 11 1`"
        );
        // The clock's nanoseconds: another output each run.
        let dir = judge::scratch::tempdir().unwrap();
        let clock = dir.path().join("clock");
        fs::write(&clock, "#!/bin/sh\ndate +%s%N\n").unwrap();
        let executable = <fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o755);
        fs::set_permissions(&clock, executable).unwrap();
        let changing = subject(vec![program(Role::Solution, clock.to_str().unwrap())]);
        let (measured, _) = measure_in_tempdir(&changing, &[11], 2);
        assert_eq!(
            measured.unwrap_err(),
            format!(
                "fake: the solution {} printed other output in round 2 than in round 1 on `/bin/basename 11 1`: its runs did not all do the same work",
                clock.display()
            )
        );
        let disagreeing = subject(vec![
            program(Role::Solution, "/bin/cat"),
            program(Role::Naive, "/usr/bin/wc"),
        ]);
        let (measured, _) = measure_in_tempdir(&disagreeing, &[11], 1);
        assert_eq!(
            measured.unwrap_err(),
            "fake: the solution and the naive disagree on `/bin/basename 11 1` (1 tokens against 3): judge stress finds the case"
        );
        let mut judged_otherwise = disagreeing;
        judged_otherwise.compare_naive = false;
        let (measured, _) = measure_in_tempdir(&judged_otherwise, &[11], 1);
        assert!(measured.is_ok(), "{measured:?}");
    }

    // Its programs are the system's true, false, yes and basename.
    #[cfg(unix)]
    #[test]
    fn a_failing_solution_or_generator_is_an_error() {
        let failing = subject(vec![program(Role::Solution, "/bin/false")]);
        let (measured, _) = measure_in_tempdir(&failing, &[11], 1);
        assert_eq!(
            measured.unwrap_err(),
            "fake: the solution /bin/false failed on `/bin/basename 11 1`: exit status 1"
        );
        let mut silent = subject(vec![program(Role::Solution, "/bin/true")]);
        silent.generator = PathBuf::from("/bin/true");
        let (measured, _) = measure_in_tempdir(&silent, &[11], 1);
        assert_eq!(
            measured.unwrap_err(),
            "fake: generator /bin/true 11 max failed: no output"
        );
    }

    #[test]
    fn a_program_stops_after_a_size_that_took_more_than_half_its_cap() {
        let cap = Duration::from_secs(1);
        assert_eq!(
            stop_after("4", 600.0, cap, false).as_deref(),
            Some(
                "stopped after size 4: a median of 600 ms wall time, so the next size would \
                 pass its cap of 1000 ms"
            )
        );
        assert_eq!(stop_after("4", 500.0, cap, false), None);
        assert_eq!(stop_after("4", 400.0, cap, false), None);
        // The largest size has no next.
        assert_eq!(stop_after("max", 600.0, cap, true), None);
    }
}
