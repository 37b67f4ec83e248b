//! `judge bench`: each problem's solution timed at judge scale against its
//! input-only baseline (which reads the same tokens the same way and solves
//! nothing), so that what the table shows is the solving, beside the reading.
//!
//! For each problem, `PROBLEM-gen SEED SIZE` writes one input to a file; the
//! solution and the baseline each run once for their peak memory (and each
//! must print something), then `runs` times each, interleaved so that a change
//! in the machine's load hits both alike, as whole processes with stdout to a
//! file. Every timed run must print what that first run printed (the same
//! tokens: [`OutputDigest`]), so that each figure is of the whole work. The
//! table gives the medians.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::cases::problem::{program_path, Problem};
use crate::runner::measure::{self, Outcome, OutputDigest, Sample, Streams};
use crate::show::show_path;

/// How long one run may take before it is killed and counted a failure: far
/// above any judge's limit, so only a hang reaches it.
const RUN_CAP: Duration = Duration::from_secs(120);

/// The generator's size argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Size {
    /// `max`: the largest the statement allows.
    Max,
    Given(u64),
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Size::Max => f.write_str("max"),
            Size::Given(size) => write!(f, "{size}"),
        }
    }
}

/// One benchmark run's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub runs: u32,
    pub seed: u64,
    pub size: Size,
}

/// One problem's line of the table.
#[derive(Clone, Debug)]
pub struct Row {
    pub problem: String,
    pub size: Size,
    pub input_bytes: u64,
    pub cases: u64,
    pub solution: Duration,
    pub baseline: Duration,
    pub solution_peak_kib: u64,
    pub baseline_peak_kib: u64,
}

/// Benchmarks `problem`, whose binaries are in `bin_dir`, writing its input
/// and the programs' stderr into `work_dir`; progress goes to `progress`.
///
/// # Errors
/// A message when the generator or either program fails, runs past the cap,
/// prints nothing, or prints on a timed run other than on its first.
pub fn bench_problem(
    problem: &Problem,
    bin_dir: &Path,
    work_dir: &Path,
    settings: &Settings,
    progress: &mut dyn Write,
) -> Result<Row, String> {
    let name = &problem.name;
    let program = |suffix: &str| program_path(bin_dir, &format!("{name}{suffix}"));
    let (solution, baseline) = (program(""), program("-baseline"));
    let input = work_dir.join(format!("{name}.in"));
    let stderr = work_dir.join(format!("{name}.stderr"));
    let (seed, size) = (settings.seed.to_string(), settings.size.to_string());
    let _ = writeln!(
        progress,
        "bench: {name}: generating ({name}-gen {seed} {size})"
    );
    // A generator caps a size above its largest.
    let streams = Streams {
        stdin: &null_device(),
        stdout: Some(&input),
        stderr: &stderr,
    };
    finished(
        &program("-gen"),
        &input,
        measure::run(&program("-gen"), &[&seed, &size], streams, RUN_CAP),
    )?;
    let text = fs::read(&input).map_err(|error| format!("{}: {error}", show_path(&input)))?;
    let cases = if problem.single_case().map_err(|error| error.to_string())? {
        1
    } else {
        first_number(&text).ok_or_else(|| {
            format!("{}: does not start with a case count (single-case = true in the manifest if it has none)", show_path(&input))
        })?
    };

    let runs = settings.runs;
    let _ = writeln!(
        progress,
        "bench: {name}: {runs} runs each of {name} and {name}-baseline"
    );
    let solution_output = work_dir.join(format!("{name}.out"));
    let baseline_output = work_dir.join(format!("{name}-baseline.out"));
    // Each run's output is kept and its digest compared with the first run's:
    // a run that did less than the whole work (stopped early, skipped cases,
    // printed nothing) is an error, not a figure.
    let once = |binary: &Path, output: &Path| {
        let streams = Streams {
            stdin: &input,
            stdout: Some(output),
            stderr: &stderr,
        };
        let sample = finished(binary, &input, measure::run(binary, &[], streams, RUN_CAP))?;
        let digest = OutputDigest::of_file(output)
            .map_err(|error| format!("{}: {error}", show_path(output)))?;
        Ok::<_, String>((sample, digest))
    };
    let same_work = |binary: &Path, first: OutputDigest, got: OutputDigest, run: u32| {
        let printed = if got == first {
            return Ok(());
        } else if got.tokens == first.tokens {
            "other tokens than its first run".to_string()
        } else {
            format!(
                "{} tokens where its first run printed {}",
                got.tokens, first.tokens
            )
        };
        Err(format!(
            "{}: timed run {run} on {} printed {printed}: its runs did not all do the same work",
            show_path(binary),
            show_path(&input)
        ))
    };
    let (solution_first, solution_digest) = once(&solution, &solution_output)?;
    let (baseline_first, baseline_digest) = once(&baseline, &baseline_output)?;
    for (binary, digest) in [(&solution, solution_digest), (&baseline, baseline_digest)] {
        if digest.tokens == 0 {
            let _ = fs::remove_file(&solution_output);
            let _ = fs::remove_file(&baseline_output);
            return Err(format!(
                "{} printed nothing on {}",
                show_path(binary),
                show_path(&input)
            ));
        }
    }
    let mut solution_times = Vec::new();
    let mut baseline_times = Vec::new();
    let timed = (1..=runs).try_for_each(|run| {
        let (sample, digest) = once(&solution, &solution_output)?;
        same_work(&solution, solution_digest, digest, run)?;
        solution_times.push(sample.wall);
        let (sample, digest) = once(&baseline, &baseline_output)?;
        same_work(&baseline, baseline_digest, digest, run)?;
        baseline_times.push(sample.wall);
        Ok::<_, String>(())
    });
    let _ = fs::remove_file(&solution_output);
    let _ = fs::remove_file(&baseline_output);
    timed?;
    let (solution_peak, baseline_peak) = (solution_first.peak_rss_kib, baseline_first.peak_rss_kib);
    let _ = fs::remove_file(&stderr);
    Ok(Row {
        problem: name.clone(),
        size: settings.size.clone(),
        input_bytes: text.len() as u64,
        cases,
        solution: median(&mut solution_times),
        baseline: median(&mut baseline_times),
        solution_peak_kib: solution_peak,
        baseline_peak_kib: baseline_peak,
    })
}

/// The sample of a run that finished well, else why not.
fn finished(binary: &Path, input: &Path, outcome: io::Result<Outcome>) -> Result<Sample, String> {
    let binary = show_path(binary);
    match outcome {
        Ok(Outcome::Finished(sample)) => Ok(sample),
        Ok(Outcome::Failed(how)) => Err(format!("{binary} failed on {}: {how}", show_path(input))),
        Ok(Outcome::OverCap) => Err(format!(
            "{binary} ran past {} s on {}, so it was killed",
            RUN_CAP.as_secs(),
            show_path(input)
        )),
        Err(error) => Err(format!("{binary}: {error}")),
    }
}

fn null_device() -> PathBuf {
    PathBuf::from(if cfg!(windows) { "NUL" } else { "/dev/null" })
}

/// The first whitespace-separated token of `text`, as a number.
fn first_number(text: &[u8]) -> Option<u64> {
    let token = text
        .split(u8::is_ascii_whitespace)
        .find(|token| !token.is_empty())?;
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// The median (the lower middle one for an even count).
fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[(times.len() - 1) / 2]
}

/// The table's header: its two lines.
pub const TABLE_HEADER: &str = "\
| problem | gen size | input bytes | cases | solution ms | baseline ms | ratio | MB/s | cases/s | peak RSS MiB (solution / baseline) |
|---|---|---|---|---|---|---|---|---|---|";

impl Row {
    /// The row of the Markdown table under [`TABLE_HEADER`].
    pub fn markdown(&self) -> String {
        let solution_us = self.solution.as_secs_f64() * 1e6;
        let baseline_us = self.baseline.as_secs_f64() * 1e6;
        let mib = |kib: u64| format!("{:.1}", kib as f64 / 1024.0);
        format!(
            "| {} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.1} | {} | {} / {} |",
            self.problem,
            self.size,
            grouped(self.input_bytes),
            grouped(self.cases),
            solution_us / 1000.0,
            baseline_us / 1000.0,
            solution_us / baseline_us,
            self.input_bytes as f64 / solution_us,
            grouped((self.cases as f64 / (solution_us / 1e6)) as u64),
            mib(self.solution_peak_kib),
            mib(self.baseline_peak_kib),
        )
    }
}

/// `1234567` as `1,234,567`.
fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// The line above the table: when, on what machine, under what load.
pub fn machine_line(settings: &Settings) -> String {
    let mut line = utc_now();
    let cores = std::thread::available_parallelism().map_or(0, |cores| cores.get());
    let _ = write!(line, "; {cores} cores");
    // Linux's own files; elsewhere the line goes without them.
    if let Ok(cpuinfo) = fs::read_to_string("/proc/cpuinfo") {
        let model = cpuinfo.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            (key.trim() == "model name").then(|| value.trim().to_string())
        });
        if let Some(model) = model {
            let _ = write!(line, ", {model}");
        }
    }
    line.push(';');
    if let Ok(load) = fs::read_to_string("/proc/loadavg") {
        let load: Vec<&str> = load.split_whitespace().take(3).collect();
        let _ = write!(line, " load average {};", load.join(" "));
    }
    let _ = write!(
        line,
        " seed {}, median of {} runs",
        settings.seed, settings.runs
    );
    line
}

/// The time now as `YYYY-MM-DD HH:MM UTC`.
fn utc_now() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let (days, of_day) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        of_day / 3600,
        of_day % 3600 / 60
    )
}

/// The Gregorian date `days` days after 1970-01-01 (Howard Hinnant's
/// `civil_from_days`: eras of 400 years, years starting in March).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        // 2000 was a leap year, 2100 will not be.
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
        assert_eq!(civil_from_days(20_789), (2026, 12, 2));
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (1_234_567, "1,234,567"),
        ];
        for (number, text) in cases {
            assert_eq!(grouped(number), text);
        }
    }

    #[test]
    fn a_row_shows_medians_ratio_and_throughput() {
        let row = Row {
            problem: "demo".into(),
            size: Size::Max,
            input_bytes: 2_000_000,
            cases: 1000,
            solution: Duration::from_millis(20),
            baseline: Duration::from_millis(10),
            solution_peak_kib: 2048,
            baseline_peak_kib: 1024,
        };
        assert_eq!(
            row.markdown(),
            "| demo | max | 2,000,000 | 1,000 | 20.00 | 10.00 | 2.00 | 100.0 | 50,000 | 2.0 / 1.0 |"
        );
    }

    #[test]
    fn the_median_of_an_even_count_is_the_lower_middle() {
        let ms = Duration::from_millis;
        assert_eq!(median(&mut [ms(4), ms(1), ms(3), ms(2)]), ms(2));
        assert_eq!(median(&mut [ms(5), ms(1), ms(3)]), ms(3));
    }
}
