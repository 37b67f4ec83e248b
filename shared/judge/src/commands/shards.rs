//! `judge verify --libs` over several machines, as a CI job matrix runs it:
//! `--shard K/N` verifies one part ([`split`]), `--report FILE` keeps what a
//! run found ([`Report`]), and `--merge REPORT...` puts the parts' reports
//! together into the lines one run would print ([`merge`]), naming a shard
//! that left no report.
//!
//! The parts are disjoint and cover every verification. They are balanced
//! by the time each verification took when it was last judged, read from a
//! report (`--times`, the last merge's), or by count when none is known;
//! the split depends on nothing else (the verifications' keys and those
//! times), so every machine computes the same one.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::commands::libraries::{
    files_table, outcome_line, record_key, Judged, Outcome, Prepared,
};
use crate::show::show_path;

/// One part of `count`: `--shard INDEX/COUNT`, INDEX from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// `K/N` with 1 ≤ K ≤ N.
    pub fn parse(text: &str) -> Option<Shard> {
        let (index, count) = text.split_once('/')?;
        let number = |text: &str| {
            (!text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()))
                .then(|| text.parse::<usize>().ok())
                .flatten()
        };
        let (index, count) = (number(index)?, number(count)?);
        (1 <= index && index <= count).then_some(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The shard (from 1) of each of `keys`, in their order, over `count`
/// shards: the verifications taken from the longest (by `millis`, a key's
/// last time; one without takes the median of those known, or 1 when none
/// is) to the shortest, ties by key, each to the shard with the least time
/// so far (ties to the first). Nothing else goes in: the same keys and
/// times give the same split on any machine.
pub fn split(keys: &[String], millis: &HashMap<String, u64>, count: usize) -> Vec<usize> {
    let mut known: Vec<u64> = keys
        .iter()
        .filter_map(|key| millis.get(key))
        .copied()
        .collect();
    known.sort_unstable();
    let default = known.get(known.len() / 2).copied().unwrap_or(1).max(1);
    let weight = |key: &String| millis.get(key).copied().unwrap_or(default).max(1);
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| {
        weight(&keys[b])
            .cmp(&weight(&keys[a]))
            .then_with(|| keys[a].cmp(&keys[b]))
    });
    let mut loads = vec![0u64; count.max(1)];
    let mut shards = vec![0; keys.len()];
    for at in order {
        let lightest = (0..loads.len())
            .min_by_key(|&shard| (loads[shard], shard))
            .expect("at least one shard");
        loads[lightest] += weight(&keys[at]);
        shards[at] = lightest + 1;
    }
    shards
}

/// What a run of `verify --libs` found, kept in a file: the shard it ran
/// (none: all of them) and, for each verification it owned, its outcome and
/// the time its judging took (none when it was not judged now and no
/// earlier time was known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub shard: Option<Shard>,
    pub entries: Vec<Entry>,
}

/// A verification in a report: its key (its path), its problem's name in
/// the workspace that ran it (none: not there), and how it went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub problem: Option<String>,
    pub judged: Judged,
}

const REPORT_HEADER: &str = "judge-verify-report 1";

impl Report {
    /// The file's text: a header (`judge-verify-report 1`, then `shard K/N`
    /// or `all`), then a line per verification, its fields separated by tabs:
    /// `KEY PROBLEM passed CASES JUDGED MILLIS`, `KEY PROBLEM failed MILLIS
    /// WHY`, `KEY PROBLEM not-imported HOW` (PROBLEM and MILLIS `-` when
    /// unknown).
    pub fn text(&self) -> String {
        let shard = self
            .shard
            .map_or_else(|| "all".to_string(), |shard| format!("shard {shard}"));
        let mut text = format!("{REPORT_HEADER}\n{shard}\n");
        for Entry {
            key,
            problem,
            judged,
        } in &self.entries
        {
            let problem = problem.as_deref().unwrap_or("-");
            let millis = judged
                .millis
                .map_or_else(|| "-".to_string(), |millis| millis.to_string());
            let line = match &judged.outcome {
                Outcome::Passed { cases, judged } => format!(
                    "{key}\t{problem}\tpassed\t{cases}\t{}\t{millis}",
                    u8::from(*judged)
                ),
                Outcome::Failed(why) => format!("{key}\t{problem}\tfailed\t{millis}\t{why}"),
                Outcome::NotImported(how) => format!("{key}\t{problem}\tnot-imported\t{how}"),
            };
            text.push_str(&line.replace('\n', " "));
            text.push('\n');
        }
        text
    }

    /// Writes the report to `path`, whole (written beside it, then renamed).
    ///
    /// # Errors
    /// When a key holds a tab or a line break, or the file cannot be written.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        if let Some(Entry { key, .. }) = self.entries.iter().find(|entry| {
            entry.key.contains(['\t', '\n', '\r'])
                || entry
                    .problem
                    .as_ref()
                    .is_some_and(|problem| problem.contains(['\t', '\n', '\r']))
        }) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{key:?}: a verification's path with a tab or a line break cannot be reported"
                ),
            ));
        }
        let partial = path.with_extension(format!("partial-{}", std::process::id()));
        fs::write(&partial, self.text())?;
        fs::rename(&partial, path)
    }

    /// Reads a report that [`Report::write`] wrote.
    ///
    /// # Errors
    /// When the file cannot be read, or is not such a report (which line).
    pub fn read(path: &Path) -> Result<Report, String> {
        let text =
            fs::read_to_string(path).map_err(|error| format!("{}: {error}", show_path(path)))?;
        let bad = |line: usize, what: &str| {
            format!(
                "{}:{line}: {what}: not a report of `judge verify --libs --report`",
                show_path(path)
            )
        };
        let mut lines = text.lines();
        if lines.next() != Some(REPORT_HEADER) {
            return Err(bad(1, "no `judge-verify-report 1` header"));
        }
        let shard = match lines.next() {
            Some("all") => None,
            Some(line) => Some(
                line.strip_prefix("shard ")
                    .and_then(Shard::parse)
                    .ok_or_else(|| bad(2, "neither `all` nor `shard K/N`"))?,
            ),
            None => return Err(bad(2, "no shard line")),
        };
        let mut entries = Vec::new();
        for (at, line) in lines.enumerate() {
            let number = at + 3;
            let not_a_line = || bad(number, "a line that is not a verification's");
            let mut parts = line.splitn(4, '\t');
            let (Some(key), Some(problem), Some(kind), Some(rest)) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(not_a_line());
            };
            let millis = |field: &str| -> Result<Option<u64>, String> {
                match field {
                    "-" => Ok(None),
                    _ => field
                        .parse()
                        .map(Some)
                        .map_err(|_| bad(number, "a time that is not a number of milliseconds")),
                }
            };
            let judged = match kind {
                "passed" => {
                    let fields: Vec<&str> = rest.split('\t').collect();
                    let [cases, judged @ ("0" | "1"), time] = fields.as_slice() else {
                        return Err(not_a_line());
                    };
                    Judged {
                        outcome: Outcome::Passed {
                            cases: cases.parse().map_err(|_| {
                                bad(number, "a count of cases that is not a number")
                            })?,
                            judged: *judged == "1",
                        },
                        millis: millis(time)?,
                    }
                }
                "failed" => {
                    let (time, why) = rest.split_once('\t').ok_or_else(not_a_line)?;
                    Judged {
                        outcome: Outcome::Failed(why.to_string()),
                        millis: millis(time)?,
                    }
                }
                "not-imported" => Judged {
                    outcome: Outcome::NotImported(rest.to_string()),
                    millis: None,
                },
                _ => return Err(not_a_line()),
            };
            entries.push(Entry {
                key: key.to_string(),
                problem: (problem != "-").then(|| problem.to_string()),
                judged,
            });
        }
        Ok(Report { shard, entries })
    }

    /// The times of the verifications it holds, by key.
    pub fn times(&self) -> HashMap<String, u64> {
        self.entries
            .iter()
            .filter_map(|entry| Some((entry.key.clone(), entry.judged.millis?)))
            .collect()
    }
}

/// The reports of a sharded run put together, for the workspace at `root`
/// whose verifications are `prepared`: the lines one run prints (a line per
/// verification, each library file with what verifies it, `N of M
/// verifications passed`), a line naming each shard without a report before
/// them, and the merged report (every entry, for the next run's `--times`).
/// A verification of a shard without a report is named so, and counts as
/// not passed.
///
/// # Errors
/// When a report cannot be read, the reports disagree on the number of
/// shards or hold one shard twice, or one names a verification the
/// workspace does not have.
pub fn merge(root: &Path, prepared: &[Prepared], reports: &[PathBuf]) -> Result<Merged, String> {
    let reports: Vec<(PathBuf, Report)> = reports
        .iter()
        .map(|path| Report::read(path).map(|report| (path.clone(), report)))
        .collect::<Result<_, _>>()?;
    let keys: Vec<String> = prepared
        .iter()
        .map(|item| record_key(root, &item.verification))
        .collect();
    let mut count = None;
    let mut present: HashMap<usize, PathBuf> = HashMap::new();
    let mut found: HashMap<String, Entry> = HashMap::new();
    for (path, report) in &reports {
        let (index, shards) = report
            .shard
            .map_or((1, 1), |shard| (shard.index, shard.count));
        if *count.get_or_insert(shards) != shards {
            return Err(format!(
                "{}: a report of {shards} shards among reports of {}",
                show_path(path),
                count.unwrap_or(shards)
            ));
        }
        if let Some(other) = present.insert(index, path.clone()) {
            return Err(format!(
                "{} and {}: both report shard {index}/{shards}",
                show_path(&other),
                show_path(path)
            ));
        }
        for entry in &report.entries {
            let key = &entry.key;
            if !keys.contains(key) {
                return Err(format!(
                    "{}: {key} is not a verification of this workspace (libs/*/examples/*.rs that say `// verify: PROBLEM`)",
                    show_path(path)
                ));
            }
            found.insert(key.clone(), entry.clone());
        }
    }
    let count = count.unwrap_or(1);
    let missing: Vec<usize> = (1..=count)
        .filter(|index| !present.contains_key(index))
        .collect();
    let mut lines = String::new();
    for index in &missing {
        lines.push_str(&format!(
            "shard {index}/{count}: no report (the shard failed or did not run)\n"
        ));
    }
    let mut outcomes = Vec::new();
    let mut problems: Vec<Option<&str>> = Vec::new();
    let mut judged = Vec::new();
    let mut entries = Vec::new();
    let mut passed = 0;
    for (item, key) in prepared.iter().zip(&keys) {
        let here = item
            .problem
            .as_ref()
            .ok()
            .map(|problem| problem.name.as_str());
        let outcome = match found.get(key) {
            Some(reported) => {
                entries.push(reported.clone());
                // The problem as the shard had it: imported there, maybe
                // not here.
                let problem = here.or(reported.problem.as_deref());
                problems.push(problem);
                lines.push_str(&outcome_line(key, problem, &reported.judged.outcome));
                reported.judged.outcome.clone()
            }
            None => {
                lines.push_str(&format!("--   {key}: in a shard that left no report\n"));
                problems.push(here);
                let outcome = Outcome::Failed("in a shard that left no report".to_string());
                judged.push(Judged {
                    outcome: outcome.clone(),
                    millis: None,
                });
                outcomes.push(outcome);
                continue;
            }
        };
        judged.push(found[key].judged.clone());
        lines.push('\n');
        passed += usize::from(matches!(outcome, Outcome::Passed { .. }));
        outcomes.push(outcome);
    }
    lines.push_str(
        &files_table(root, prepared, &outcomes, &problems).map_err(|error| error.to_string())?,
    );
    lines.push_str(&format!(
        "{passed} of {} verifications passed\n",
        prepared.len()
    ));
    let failed = outcomes
        .iter()
        .any(|outcome| matches!(outcome, Outcome::Failed(_)));
    Ok(Merged {
        lines,
        judged,
        complete: missing.is_empty() && !failed,
        report: Report {
            shard: None,
            entries,
        },
    })
}

/// What [`merge`] gives.
pub struct Merged {
    /// The lines to print.
    pub lines: String,
    /// How each verification went, in the workspace's order (one of a
    /// shard without a report: failed, so).
    pub judged: Vec<Judged>,
    /// Whether every shard reported and no verification failed.
    pub complete: bool,
    /// Every shard's entries, as one run's report.
    pub report: Report,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(count: usize) -> Vec<String> {
        (0..count)
            .map(|i| format!("libs/l/examples/e{i:02}.rs"))
            .collect()
    }

    #[test]
    fn a_shard_is_k_of_n() {
        assert_eq!(Shard::parse("2/3"), Some(Shard { index: 2, count: 3 }));
        assert_eq!(Shard::parse("1/1"), Some(Shard { index: 1, count: 1 }));
        for bad in [
            "0/3", "4/3", "3", "/3", "1/", "a/b", "1/3/4", "+1/3", " 1/3",
        ] {
            assert_eq!(Shard::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_parts_are_disjoint_cover_everything_and_are_balanced() {
        let keys = keys(10);
        let by_count = split(&keys, &HashMap::new(), 3);
        let sizes: Vec<usize> = (1..=3)
            .map(|shard| by_count.iter().filter(|&&s| s == shard).count())
            .collect();
        assert_eq!(sizes, [4, 3, 3], "{by_count:?}");
        // One long verification and nine short ones: the long one alone.
        let mut times: HashMap<String, u64> = keys.iter().map(|key| (key.clone(), 10)).collect();
        times.insert(keys[7].clone(), 1000);
        let by_time = split(&keys, &times, 2);
        assert_eq!(by_time[7], 1);
        assert!(
            by_time
                .iter()
                .enumerate()
                .all(|(at, &shard)| (at == 7) == (shard == 1)),
            "{by_time:?}"
        );
        // The same keys and times, in another order: the same shards.
        let mut reversed = keys.clone();
        reversed.reverse();
        let again = split(&reversed, &times, 2);
        for (at, key) in reversed.iter().enumerate() {
            let first = keys.iter().position(|k| k == key).unwrap();
            assert_eq!(again[at], by_time[first], "{key}");
        }
        // A verification without a time takes the median of those known.
        times.remove(&keys[0]);
        assert_eq!(split(&keys, &times, 2)[7], 1);
    }

    #[test]
    fn a_report_reads_back_as_written() {
        let dir = crate::scratch::tempdir().unwrap();
        let report = Report {
            shard: Some(Shard { index: 2, count: 3 }),
            entries: vec![
                Entry {
                    key: "libs/l/examples/a.rs".to_string(),
                    problem: Some("unionfind".to_string()),
                    judged: Judged {
                        outcome: Outcome::Passed {
                            cases: 18,
                            judged: true,
                        },
                        millis: Some(1234),
                    },
                },
                Entry {
                    key: "libs/l/examples/b.rs".to_string(),
                    problem: Some("pairsum".to_string()),
                    judged: Judged {
                        outcome: Outcome::Failed("2 of 3\tcases failed".to_string()),
                        millis: None,
                    },
                },
                Entry {
                    key: "libs/l/examples/c.rs".to_string(),
                    problem: None,
                    judged: Judged {
                        outcome: Outcome::NotImported("import it".to_string()),
                        millis: None,
                    },
                },
            ],
        };
        let path = dir.path().join("report");
        report.write(&path).unwrap();
        assert_eq!(Report::read(&path).unwrap(), report);
        assert_eq!(report.times().len(), 1);
        fs::write(&path, "judge-verify-report 1\nshard 4/3\n").unwrap();
        let error = Report::read(&path).unwrap_err();
        assert!(
            error.ends_with(
                ":2: neither `all` nor `shard K/N`: not a report of `judge verify --libs --report`"
            ),
            "{error}"
        );
        fs::write(&path, "something else\n").unwrap();
        assert!(Report::read(&path)
            .unwrap_err()
            .contains(":1: no `judge-verify-report 1` header"));
        fs::write(
            &path,
            "judge-verify-report 1\nall\nkey\t-\tpassed\tmany\t1\t5\n",
        )
        .unwrap();
        assert!(Report::read(&path)
            .unwrap_err()
            .contains(":3: a count of cases that is not a number"));
    }
}
