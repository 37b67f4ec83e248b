//! One SVG per subject: CPU time against input bytes on log-log axes, a line per
//! program through the medians over the seeds (each seed's median a dot), its
//! fitted exponent in the legend, and a dashed guide: the solution's curve if it
//! grew as claimed.

use plotters::element::DashedPathElement;
use plotters::prelude::*;

use crate::analysis::Analysis;
use crate::report::{self, exponent};
use crate::series::{median_cpu_ms, Role};
use crate::stats::median;

const WIDTH: u32 = 900;
const HEIGHT: u32 = 560;

fn colour(role: Role) -> RGBColor {
    match role {
        Role::Solution => RGBColor(31, 100, 180),
        Role::Baseline => RGBColor(120, 120, 120),
        Role::Naive => RGBColor(200, 40, 40),
    }
}

/// A tick label on a log axis: `0.5`, `20`, `1000`, without float noise.
fn number(value: f64) -> String {
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if value >= 100.0 {
        format!("{value:.0}")
    } else {
        text.to_string()
    }
}

/// `500 B`, `2 kB`, `10 MB` (decimal units, as input sizes are counted).
fn bytes_label(bytes: f64) -> String {
    match bytes {
        b if b >= 1e6 => format!("{} MB", number(b / 1e6)),
        b if b >= 1e3 => format!("{} kB", number(b / 1e3)),
        b => format!("{} B", number(b)),
    }
}

/// One program's points: per size, (median input bytes, median CPU ms over the
/// seeds) for its line, and (bytes, median CPU ms) of each seed for its dots.
struct Line {
    role: Role,
    medians: Vec<(f64, f64)>,
    seeds: Vec<(f64, f64)>,
}

fn lines(analysis: &Analysis) -> Vec<Line> {
    let sizes = &analysis.measured.sizes;
    analysis
        .measured
        .series
        .iter()
        .map(|series| {
            let mut line = Line {
                role: series.role,
                medians: Vec::new(),
                seeds: Vec::new(),
            };
            for (seeds, size) in series.samples.iter().zip(sizes) {
                let seed_ms: Vec<f64> = seeds.iter().map(|rounds| median_cpu_ms(rounds)).collect();
                let bytes = median(size.bytes.iter().map(|&bytes| bytes as f64));
                line.medians.push((bytes, median(seed_ms.iter().copied())));
                line.seeds
                    .extend(size.bytes.iter().map(|&bytes| bytes as f64).zip(seed_ms));
            }
            line
        })
        .collect()
}

/// The curve the solution would follow if it grew as claimed: its start-up plus
/// c·bytes^claim, through its time at its largest size.
fn claim_guide(analysis: &Analysis, lines: &[Line]) -> Option<Vec<(f64, f64)>> {
    let claim = analysis.claim?;
    let index = lines.iter().position(|line| line.role == Role::Solution)?;
    let Some(Ok(_)) = analysis.fits.get(index) else {
        return None;
    };
    let medians = &lines[index].medians;
    let (_, start_up) = *medians.first()?;
    let (x_last, y_last) = *medians.last()?;
    Some(
        medians
            .iter()
            .map(|&(x, _)| (x, start_up + (y_last - start_up) * (x / x_last).powf(claim)))
            .collect(),
    )
}

/// The ranges of a plot's axes, `(low, high)`.
#[derive(Debug, PartialEq)]
struct Axes {
    x: (f64, f64),
    y: (f64, f64),
}

/// The axes around `points`; `None` when every x or every y is at most 0:
/// nothing to show on log scales.
fn axes<'a>(points: impl IntoIterator<Item = &'a (f64, f64)>) -> Option<Axes> {
    let (mut x_low, mut x_high, mut y_low, mut y_high) = (f64::MAX, 0.0_f64, f64::MAX, 0.0_f64);
    for &(x, y) in points {
        x_low = x_low.min(x);
        x_high = x_high.max(x);
        y_low = y_low.min(y);
        y_high = y_high.max(y);
    }
    if x_high <= 0.0 || y_high <= 0.0 {
        return None;
    }
    Some(Axes {
        // Room around the points, and positive bounds for the log scale.
        x: ((x_low / 2.0).max(0.5), x_high * 2.0),
        // The top decade is left free for the legend.
        y: ((y_low / 1.5).max(1e-3), y_high * 12.0),
    })
}

/// The plot of `analysis` as an SVG document; `None` for a constant size, which
/// has a single point per program and no growth to show.
///
/// # Errors
/// When plotters fails to draw (its message).
pub fn svg(analysis: &Analysis) -> Result<Option<String>, String> {
    if analysis.measured.constant_size {
        return Ok(None);
    }
    let lines = lines(analysis);
    let guide = claim_guide(analysis, &lines);
    let points = lines
        .iter()
        .flat_map(|line| line.seeds.iter())
        .chain(guide.iter().flatten());
    let Some(Axes {
        x: (x_low, x_high),
        y: (y_low, y_high),
    }) = axes(points)
    else {
        return Ok(None);
    };

    let mut text = String::new();
    let failed = |error: &dyn std::fmt::Display| format!("{}: plot: {error}", analysis.name);
    {
        let root = SVGBackend::with_string(&mut text, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|error| failed(&error))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{}: CPU time against input size", analysis.name),
                ("sans-serif", 24),
            )
            .margin(20)
            .x_label_area_size(50)
            .y_label_area_size(70)
            .build_cartesian_2d((x_low..x_high).log_scale(), (y_low..y_high).log_scale())
            .map_err(|error| failed(&error))?;
        chart
            .configure_mesh()
            .x_desc("input bytes (log scale)")
            .y_desc("CPU time, ms (log scale)")
            .x_label_formatter(&|&bytes| bytes_label(bytes))
            .y_label_formatter(&|&ms| number(ms))
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .light_line_style(WHITE.mix(0.0))
            .bold_line_style(BLACK.mix(0.12))
            .draw()
            .map_err(|error| failed(&error))?;
        for (line, fit) in lines.iter().zip(&analysis.fits) {
            let colour = colour(line.role);
            let legend = match fit {
                Ok(fit) => format!("{}: {}", line.role.name(), exponent(fit)),
                Err(_) => format!("{}: not fitted", line.role.name()),
            };
            chart
                .draw_series(LineSeries::new(
                    line.medians.iter().copied(),
                    colour.stroke_width(2),
                ))
                .map_err(|error| failed(&error))?
                .label(legend)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
                });
            chart
                .draw_series(
                    line.seeds
                        .iter()
                        .map(|&point| Circle::new(point, 2, colour.mix(0.45).filled())),
                )
                .map_err(|error| failed(&error))?;
        }
        if let (Some(guide), Some(claim)) = (guide, analysis.claim) {
            let style = BLACK.mix(0.55).stroke_width(1);
            chart
                .draw_series(DashedLineSeries::new(guide, 6, 4, style))
                .map_err(|error| failed(&error))?
                .label(format!(
                    "claimed {}, start-up included",
                    report::claim(claim)
                ))
                .legend(move |(x, y)| {
                    DashedPathElement::new(vec![(x, y), (x + 24, y)], 6, 4, style)
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font(("sans-serif", 16))
            .margin(12)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK.mix(0.4))
            .draw()
            .map_err(|error| failed(&error))?;
        root.present().map_err(|error| failed(&error))?;
    }
    Ok(Some(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plot_has_its_axes_legend_and_claim() {
        let (subject, data) = crate::analysis::tests::synthetic("toy", Some(1.0), 2.0);
        let analysis = crate::analysis::analyse(&subject, data, 0.3);
        let svg = svg(&analysis).unwrap().unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        for text in [
            "toy: CPU time against input size",
            "input bytes (log scale)",
            "solution: n^2.00",
            "baseline: n^1.00",
            "claimed n^1, start-up included",
        ] {
            assert!(svg.contains(text), "{text} missing");
        }
    }

    #[test]
    fn tick_labels_are_short() {
        assert_eq!(bytes_label(1e7), "10 MB");
        assert_eq!(bytes_label(2500.0), "2.5 kB");
        assert_eq!(bytes_label(6.0), "6 B");
        assert_eq!(number(0.1), "0.1");
        assert_eq!(number(1000.0), "1000");
        assert_eq!(number(0.0020000001), "0.002");
        // From 100 up, whole numbers.
        assert_eq!(number(1234.5678), "1235");
    }

    #[test]
    fn the_axes_leave_room_around_the_points() {
        let points = [(1000.0, 2.0), (4000.0, 30.0)];
        let expected = Axes {
            x: (500.0, 8000.0),
            y: (2.0 / 1.5, 360.0),
        };
        assert_eq!(axes(&points), Some(expected));
        // Bounds stay positive for the log scales.
        let points = [(0.2, 0.0001), (10.0, 1.0)];
        let expected = Axes {
            x: (0.5, 20.0),
            y: (1e-3, 12.0),
        };
        assert_eq!(axes(&points), Some(expected));
        assert_eq!(axes(&[]), None);
        assert_eq!(axes(&[(1000.0, 0.0)]), None);
        assert_eq!(axes(&[(0.0, 5.0)]), None);
    }

    #[test]
    fn the_guide_is_the_claimed_growth_through_the_solutions_largest_size() {
        let (subject, data) = crate::analysis::tests::synthetic("toy", Some(1.0), 2.0);
        let analysis = crate::analysis::analyse(&subject, data, 0.3);
        let lines = lines(&analysis);
        let guide = claim_guide(&analysis, &lines).unwrap();
        let solution = &lines[0].medians;
        assert_eq!(guide.len(), solution.len());
        let start_up = solution[0].1;
        let (x_last, y_last) = solution[solution.len() - 1];
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs();
        // Linear above the start-up: at size 2^p, 2^p / 4096 of the largest's excess.
        for (power, &(x, y)) in guide.iter().enumerate() {
            assert_eq!(x, solution[power].0);
            let expected = start_up + (y_last - start_up) * f64::from(1 << power) / 4096.0;
            assert!(close(y, expected), "size 2^{power}: {y} against {expected}");
        }
        assert!(close(guide[12].1, y_last) && guide[12].0 == x_last);
    }

    #[test]
    fn each_program_has_its_colour() {
        let (subject, data) = crate::analysis::tests::synthetic("toy", Some(1.0), 2.0);
        let svg = svg(&crate::analysis::analyse(&subject, data, 0.3))
            .unwrap()
            .unwrap();
        for colour in ["#1F64B4", "#787878"] {
            assert!(
                svg.contains(&format!("stroke=\"{colour}\"")),
                "{colour} missing"
            );
        }
    }

    #[test]
    fn times_of_zero_are_not_plotted() {
        let (subject, mut data) = crate::analysis::tests::synthetic("toy", Some(1.0), 2.0);
        for series in &mut data.series {
            for sample in series.samples.iter_mut().flatten().flatten() {
                sample.cpu = std::time::Duration::ZERO;
            }
        }
        assert_eq!(
            svg(&crate::analysis::analyse(&subject, data, 0.3)),
            Ok(None)
        );
    }
}
