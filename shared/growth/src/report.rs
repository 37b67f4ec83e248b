//! The measurements as text: a Markdown table per subject with its exponents and
//! verdict, a summary table, and an HTML page with the plots.

use std::fmt::Write as _;

use crate::analysis::{Analysis, Verdict};
use crate::fit::{Fit, Unfitted};
use crate::series::median_cpu_ms;
use crate::series::Measured;
use crate::stats::median;

/// A table of text cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn markdown(&self) -> String {
        let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
        let mut text = line(&self.header);
        text += &line(&vec!["---".to_string(); self.header.len()]);
        for row in &self.rows {
            text += &line(row);
        }
        text
    }

    pub fn html(&self) -> String {
        let row = |cells: &[String], tag: &str| {
            let cells: String = cells
                .iter()
                .map(|cell| format!("<{tag}>{}</{tag}>", escape_html(cell)))
                .collect();
            format!("<tr>{cells}</tr>\n")
        };
        let mut text = format!("<table>\n{}", row(&self.header, "th"));
        for cells in &self.rows {
            text += &row(cells, "td");
        }
        text + "</table>\n"
    }
}

pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `n^1.01 (0.98–1.03)`: the seeds' median exponent and their range.
pub fn exponent(fit: &Fit) -> String {
    if fit.high - fit.low < 0.005 {
        format!("n^{:.2}", fit.exponent)
    } else {
        format!("n^{:.2} ({:.2}–{:.2})", fit.exponent, fit.low, fit.high)
    }
}

/// A claimed exponent as written: `n^1`, `n^1.5`.
pub fn claim(claim: f64) -> String {
    format!("n^{claim}")
}

/// A series' exponent, or a dash when it has none (the notes say why).
fn exponent_cell(fit: Option<&Result<Fit, Unfitted>>) -> String {
    match fit {
        Some(Ok(fit)) => exponent(fit),
        _ => "–".to_string(),
    }
}

/// Milliseconds with three significant digits or so.
pub fn format_ms(ms: f64) -> String {
    if ms < 10.0 {
        format!("{ms:.2}")
    } else if ms < 100.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.0}")
    }
}

/// `10,000,031`.
pub fn group_digits(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// Per size: the generator size, the median input bytes, and each program's
/// median CPU time and median peak memory.
pub fn table(analysis: &Analysis) -> Table {
    let series = &analysis.measured.series;
    let mut header = vec!["gen size".to_string(), "input bytes".to_string()];
    for program in series {
        header.push(format!("{} ms", program.role.name()));
        header.push(format!("{} MiB", program.role.name()));
    }
    let rows = analysis
        .measured
        .sizes
        .iter()
        .enumerate()
        .map(|(index, size)| {
            let bytes = median(size.bytes.iter().map(|&bytes| bytes as f64));
            let mut row = vec![size.label.clone(), group_digits(bytes.round() as u64)];
            for program in series {
                match program.samples.get(index) {
                    Some(seeds) => {
                        let cpu = median(seeds.iter().map(|rounds| median_cpu_ms(rounds)));
                        let rss = median(
                            seeds
                                .iter()
                                .flatten()
                                .map(|run| run.peak_rss_kib as f64 / 1024.0),
                        );
                        row.push(format_ms(cpu));
                        row.push(format!("{rss:.1}"));
                    }
                    None => row.extend(["–".to_string(), "–".to_string()]),
                }
            }
            row
        })
        .collect();
    Table { header, rows }
}

/// What the table does not show: why a program stopped early, why an exponent
/// is missing.
pub fn notes(analysis: &Analysis) -> Vec<String> {
    let mut notes = Vec::new();
    for (index, series) in analysis.measured.series.iter().enumerate() {
        if let Some(why) = &series.stopped {
            notes.push(format!("{}: {why}", series.role.name()));
        }
        match analysis.fits.get(index) {
            Some(Err(Unfitted(why))) => notes.push(format!("{}: {why}", series.role.name())),
            Some(Ok(fit)) => {
                let sizes = &analysis.measured.sizes;
                for cut in &fit.breaks {
                    notes.push(format!(
                        "{}: on seed {}, {} ms at size {} but {} ms at size {}: the inputs \
                         change kind there; fitted on the longer stretch",
                        series.role.name(),
                        analysis.measured.seeds[cut.seed],
                        format_ms(cut.before_ms),
                        sizes[cut.before].label,
                        format_ms(cut.after_ms),
                        sizes[cut.after].label,
                    ));
                }
            }
            None => {}
        }
    }
    notes
}

/// The verdict in words.
pub fn verdict(analysis: &Analysis) -> String {
    let tolerance = analysis.tolerance;
    match analysis.verdict {
        Verdict::ConstantSize => "constant size: no growth to measure".to_string(),
        Verdict::NoClaim => "no growth claimed".to_string(),
        Verdict::Unmeasured => {
            "claim not checked: the solution's exponent was not fitted".to_string()
        }
        Verdict::Within { claim: c, measured } => {
            format!("ok: n^{measured:.2} is within {} + {tolerance}", claim(c))
        }
        Verdict::Flagged { claim: c, measured } => format!(
            "FLAGGED: n^{measured:.2} exceeds the claimed {} by more than {tolerance}",
            claim(c)
        ),
    }
}

/// `line-sg: solution n^1.01 (0.99–1.02), baseline n^1.00, naive –; claim n^1: ok ...`
pub fn summary_line(analysis: &Analysis) -> String {
    if analysis.measured.constant_size {
        return format!("{}: {}", analysis.name, verdict(analysis));
    }
    let exponents: Vec<String> = analysis
        .measured
        .series
        .iter()
        .zip(&analysis.fits)
        .map(|(series, fit)| format!("{} {}", series.role.name(), exponent_cell(Some(fit))))
        .collect();
    format!(
        "{}: {}; {}",
        analysis.name,
        exponents.join(", "),
        verdict(analysis)
    )
}

/// How the times were taken, for the heading of a subject.
pub fn method(analysis: &Analysis) -> String {
    let Measured { seeds, rounds, .. } = &analysis.measured;
    let caps: Vec<String> = analysis
        .measured
        .series
        .iter()
        .map(|series| format!("{} {} ms", series.role.name(), series.cap.as_millis()))
        .collect();
    let claimed = analysis.claim.map_or("none".to_string(), claim);
    format!(
        "CPU time (user + system) of the whole process, median of {rounds} runs on each of \
         {} seeds' inputs (table: median over the seeds); claimed growth {claimed}; \
         caps per run: {}",
        seeds.len(),
        caps.join(", ")
    )
}

/// The whole Markdown section of one subject.
pub fn markdown(analysis: &Analysis) -> String {
    let mut text = format!("## {}\n\n{}\n\n", analysis.name, method(analysis));
    text += &table(analysis).markdown();
    text += "\n";
    for note in notes(analysis) {
        let _ = writeln!(text, "- {note}");
    }
    let _ = writeln!(text, "\n{}", summary_line(analysis));
    text
}

/// One line per subject: its exponents and verdict.
pub fn summary_table(analyses: &[Analysis]) -> Table {
    let roles = ["solution", "baseline", "naive"];
    let mut header = vec!["problem".to_string()];
    header.extend(roles.iter().map(|role| role.to_string()));
    header.extend(["claim".to_string(), "verdict".to_string()]);
    let rows = analyses
        .iter()
        .map(|analysis| {
            let mut row = vec![analysis.name.clone()];
            for role in roles {
                let index = analysis
                    .measured
                    .series
                    .iter()
                    .position(|series| series.role.name() == role);
                row.push(exponent_cell(
                    index.and_then(|index| analysis.fits.get(index)),
                ));
            }
            row.push(analysis.claim.map_or("–".to_string(), claim));
            row.push(verdict(analysis));
            row
        })
        .collect();
    Table { header, rows }
}

/// A page showing every subject: summary table, then per subject its plot
/// (`plots[i]`, a file name beside the page, if it has one), table and notes.
pub fn html_page(analyses: &[Analysis], plots: &[Option<String>]) -> String {
    let mut page = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Cost growth</title>\n<style>\n\
         body { font-family: sans-serif; margin: 2em auto; max-width: 1000px; padding: 0 1em; }\n\
         table { border-collapse: collapse; margin: 1em 0; }\n\
         th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; white-space: nowrap; }\n\
         th:first-child, td:first-child, .summary th, .summary td { text-align: left; }\n\
         .summary td:last-child { white-space: normal; }\n\
         img { max-width: 100%; border: 1px solid #eee; }\n\
         .flagged { color: #b00; font-weight: bold; }\n\
         </style>\n</head>\n<body>\n<h1>Cost growth</h1>\n\
         <p>Exponent k of time &prop; (input bytes)<sup>k</sup>, fitted after subtracting the \
         start-up time measured on the smallest input (median over seeds, their range in \
         brackets).</p>\n",
    );
    page += &format!(
        "<div class=\"summary\">\n{}</div>\n",
        summary_table(analyses).html()
    );
    for (analysis, plot) in analyses.iter().zip(plots) {
        let class = if analysis.verdict.is_flagged() {
            " class=\"flagged\""
        } else {
            ""
        };
        let _ = write!(
            page,
            "<h2 id=\"{name}\">{name}</h2>\n<p{class}>{summary}</p>\n<p>{method}</p>\n",
            name = escape_html(&analysis.name),
            summary = escape_html(&summary_line(analysis)),
            method = escape_html(&method(analysis)),
        );
        if let Some(plot) = plot {
            let _ = writeln!(
                page,
                "<img src=\"{file}\" alt=\"{name}: time against input bytes, log-log\">",
                file = escape_html(plot),
                name = escape_html(&analysis.name),
            );
        }
        page += &table(analysis).html();
        let notes = notes(analysis);
        if !notes.is_empty() {
            page += "<ul>\n";
            for note in notes {
                let _ = writeln!(page, "<li>{}</li>", escape_html(&note));
            }
            page += "</ul>\n";
        }
    }
    page + "</body>\n</html>\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyse;
    use crate::analysis::tests::synthetic;
    use crate::fit::Break;

    #[test]
    fn a_flagged_subject_says_so_in_every_form() {
        let (subject, data) = synthetic("toy <quadratic>", Some(1.0), 2.0);
        let analysis = analyse(&subject, data, 0.3);
        let text = markdown(&analysis);
        assert!(text.starts_with("## toy <quadratic>\n"), "{text}");
        assert!(
            text.contains("| gen size | input bytes | solution ms | solution MiB |"),
            "{text}"
        );
        assert!(text.contains("| 4096 | 4,116,480 |"), "{text}");
        assert!(
            summary_line(&analysis)
                .contains("FLAGGED: n^2.00 exceeds the claimed n^1 by more than 0.3"),
            "{}",
            summary_line(&analysis)
        );
        let page = html_page(&[analysis], &[Some("toy.svg".to_string())]);
        assert!(page.contains("<h2 id=\"toy &lt;quadratic&gt;\">"), "{page}");
        assert!(page.contains("<p class=\"flagged\">"), "{page}");
        assert!(page.contains("<img src=\"toy.svg\""), "{page}");
    }

    #[test]
    fn numbers_are_grouped_and_rounded() {
        assert_eq!(group_digits(10_000_031), "10,000,031");
        assert_eq!(group_digits(999), "999");
        assert_eq!(format_ms(1.234), "1.23");
        assert_eq!(format_ms(61.24), "61.2");
        assert_eq!(format_ms(283.0), "283");
        // At 10 and at 100 ms, one digit fewer after the point.
        assert_eq!(format_ms(10.0), "10.0");
        assert_eq!(format_ms(100.0), "100");
    }

    fn fit(exponent: f64, low: f64, high: f64) -> Fit {
        Fit {
            exponent,
            low,
            high,
            sizes: vec![],
            breaks: vec![],
        }
    }

    #[test]
    fn an_exponent_shows_its_range_from_a_spread_of_0_005() {
        assert_eq!(exponent(&fit(1.012, 0.98, 1.034)), "n^1.01 (0.98–1.03)");
        assert_eq!(exponent(&fit(2.0, 1.999, 2.001)), "n^2.00");
        // 0.005 - 0.0 is exactly 0.005.
        assert_eq!(exponent(&fit(0.0, 0.0, 0.005)), "n^0.00 (0.00–0.01)");
    }

    #[test]
    fn a_table_in_html_escapes_its_cells() {
        let table = Table {
            header: vec!["a".to_string(), "b".to_string()],
            rows: vec![vec!["1 < 2".to_string(), "\"&\"".to_string()]],
        };
        assert_eq!(
            table.html(),
            "<table>\n<tr><th>a</th><th>b</th></tr>\n\
             <tr><td>1 &lt; 2</td><td>&quot;&amp;&quot;</td></tr>\n</table>\n"
        );
        assert_eq!(
            table.markdown(),
            "| a | b |\n| --- | --- |\n| 1 < 2 | \"&\" |\n"
        );
    }

    #[test]
    fn each_form_shows_the_exponents_times_memory_and_method() {
        let (subject, data) = synthetic("toy", Some(1.0), 2.0);
        let analysis = analyse(&subject, data, 0.3);
        let table = table(&analysis);
        // 4,096,000 and 4,136,960 bytes: 1 + 1e-10 * bytes^2 ms for the solution,
        // 1 + 1e-5 * bytes for the baseline, 2048 + bytes / 1024 KiB for both.
        assert_eq!(
            table.rows[12],
            ["4096", "4,116,480", "1696", "5.9", "42.2", "5.9"]
        );
        assert_eq!(
            method(&analysis),
            "CPU time (user + system) of the whole process, median of 1 runs on each of 2 \
             seeds' inputs (table: median over the seeds); claimed growth n^1; caps per run: \
             solution 5000 ms, baseline 5000 ms"
        );
        assert_eq!(
            summary_line(&analysis),
            "toy: solution n^2.00, baseline n^1.00; \
             FLAGGED: n^2.00 exceeds the claimed n^1 by more than 0.3"
        );
        let summary = summary_table(&[analysis]);
        assert_eq!(
            summary.header,
            ["problem", "solution", "baseline", "naive", "claim", "verdict"]
        );
        assert_eq!(
            summary.rows,
            [[
                "toy",
                "n^2.00",
                "n^1.00",
                "–",
                "n^1",
                "FLAGGED: n^2.00 exceeds the claimed n^1 by more than 0.3"
            ]]
        );
    }

    #[test]
    fn notes_say_why_a_series_stopped_was_cut_or_was_not_fitted() {
        let (subject, data) = synthetic("toy", Some(1.0), 1.0);
        let mut analysis = analyse(&subject, data, 0.3);
        let page = html_page(&[analysis.clone()], &[None]);
        assert!(!page.contains("<ul>") && !page.contains("<img"), "{page}");
        assert!(!page.contains("class=\"flagged\""), "{page}");

        analysis.measured.series[1].stopped = Some("over its cap".to_string());
        analysis.fits[1] = Err(Unfitted("too fast".to_string()));
        let Ok(solution) = &mut analysis.fits[0] else {
            panic!("the solution was not fitted")
        };
        solution.breaks.push(Break {
            seed: 1,
            before: 3,
            after: 4,
            before_ms: 12.5,
            after_ms: 3.0,
        });
        let notes = notes(&analysis);
        assert_eq!(
            notes,
            [
                "solution: on seed 2, 12.5 ms at size 8 but 3.00 ms at size 16: the inputs \
                 change kind there; fitted on the longer stretch",
                "baseline: over its cap",
                "baseline: too fast",
            ]
        );
        assert!(
            markdown(&analysis).contains("\n- baseline: over its cap\n- baseline: too fast\n"),
            "{}",
            markdown(&analysis)
        );
        let page = html_page(&[analysis], &[None]);
        assert!(
            page.contains("<ul>\n<li>solution: on seed 2, 12.5 ms at size 8 ")
                && page.contains("<li>baseline: too fast</li>\n</ul>\n"),
            "{page}"
        );
    }

    #[test]
    fn each_verdict_in_words() {
        let (subject, data) = synthetic("toy", Some(1.0), 1.0);
        let mut analysis = analyse(&subject, data, 0.3);
        let mut said = |verdict| {
            analysis.verdict = verdict;
            super::verdict(&analysis)
        };
        assert_eq!(
            said(Verdict::ConstantSize),
            "constant size: no growth to measure"
        );
        assert_eq!(said(Verdict::NoClaim), "no growth claimed");
        assert_eq!(
            said(Verdict::Unmeasured),
            "claim not checked: the solution's exponent was not fitted"
        );
        assert_eq!(
            said(Verdict::Within {
                claim: 1.5,
                measured: 1.234
            }),
            "ok: n^1.23 is within n^1.5 + 0.3"
        );
    }
}
