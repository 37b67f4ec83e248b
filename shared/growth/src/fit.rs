//! Fitting time ∝ bytes^k to one program's series.
//!
//! Every run pays a fixed start-up (loading the program, its first allocations),
//! measured as the median time on the smallest input. It is subtracted first:
//! otherwise the flat start-up pulls every exponent towards 0. Only sizes whose
//! time above start-up is at least [`MIN_EXCESS_MS`] and at least the start-up
//! itself take part, so that the subtraction's own noise (a fraction of the
//! start-up) stays a fraction of what is fitted. The exponent is the least-squares
//! slope of log(time - start-up) against log(input bytes), fitted for each seed
//! apart; the seeds' median is the result, their range its spread.
//!
//! A seed's time can fall while its input doubles when the generator changes the
//! kind of input it makes with the size (line-sg's draws only long strips above
//! 4,000,000 cells, which read several times faster per byte than short ones).
//! No growth makes time fall by a third at twice the size, so the seed's series
//! is cut there ([`Break`]) and the longer stretch is fitted.

use crate::stats::{median, slope};

/// The least time above start-up, in milliseconds, that a size needs to be fitted.
pub const MIN_EXCESS_MS: f64 = 1.0;
/// Sizes a fit needs.
pub const MIN_SIZES: usize = 3;
/// A seed's time above start-up falling below this share of the previous size's
/// is a change in the kind of input, not growth.
const FALL: f64 = 2.0 / 3.0;

/// Where one seed's time fell while its input grew.
#[derive(Clone, Debug, PartialEq)]
pub struct Break {
    pub seed: usize,
    /// The size indexes before and after the fall.
    pub before: usize,
    pub after: usize,
    /// The times there (start-up included).
    pub before_ms: f64,
    pub after_ms: f64,
}

/// A fitted exponent.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The median over the seeds.
    pub exponent: f64,
    /// The smallest and largest exponent of one seed.
    pub low: f64,
    pub high: f64,
    /// The sizes fitted (indexes into the series' sizes).
    pub sizes: Vec<usize>,
    /// Where a seed's series was cut.
    pub breaks: Vec<Break>,
}

/// Why no exponent could be fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct Unfitted(pub String);

/// Fits `cpu_ms[size][seed]` (median milliseconds) against `bytes[size][seed]`.
/// Size 0 is the smallest input, whose time is the start-up.
///
/// # Errors
/// When fewer than [`MIN_SIZES`] sizes take long enough above start-up.
pub fn fit(bytes: &[Vec<u64>], cpu_ms: &[Vec<f64>]) -> Result<Fit, Unfitted> {
    let Some(smallest) = cpu_ms.first() else {
        return Err(Unfitted("no runs".to_string()));
    };
    let start_up = median(smallest.iter().copied());
    let threshold = start_up.max(MIN_EXCESS_MS);
    let excess = |size: usize| median(cpu_ms[size].iter().copied()) - start_up;
    let sizes: Vec<usize> = (1..cpu_ms.len())
        .filter(|&size| excess(size) >= threshold)
        .collect();
    let largest_excess = (1..cpu_ms.len()).map(excess).fold(0.0, f64::max);
    let too_few = || {
        Unfitted(format!(
            "too fast to fit: {} of {MIN_SIZES} sizes needed run at least {threshold:.1} ms \
             above the {start_up:.2} ms start-up (at most {largest_excess:.2} ms above)",
            sizes.len()
        ))
    };
    if sizes.len() < MIN_SIZES {
        return Err(too_few());
    }
    let mut exponents = Vec::new();
    let mut breaks = Vec::new();
    for seed in 0..smallest.len() {
        // (ln bytes, ln excess) of each stretch between falls.
        let mut stretches: Vec<Vec<(f64, f64)>> = vec![Vec::new()];
        let mut previous: Option<(usize, f64)> = None;
        for &size in &sizes {
            let excess = cpu_ms[size][seed] - start_up;
            if excess <= 0.0 {
                continue;
            }
            if let Some((before, before_excess)) = previous {
                if excess < FALL * before_excess {
                    breaks.push(Break {
                        seed,
                        before,
                        after: size,
                        before_ms: cpu_ms[before][seed],
                        after_ms: cpu_ms[size][seed],
                    });
                    stretches.push(Vec::new());
                }
            }
            previous = Some((size, excess));
            if let Some(stretch) = stretches.last_mut() {
                stretch.push(((bytes[size][seed] as f64).ln(), excess.ln()));
            }
        }
        // The longest stretch; of equal ones, the one at larger sizes.
        let longest = stretches.iter().rev().max_by_key(|stretch| stretch.len());
        if let Some(points) = longest.filter(|points| points.len() >= MIN_SIZES) {
            exponents.extend(slope(points));
        }
    }
    if exponents.is_empty() {
        return Err(too_few());
    }
    exponents.sort_by(f64::total_cmp);
    Ok(Fit {
        exponent: median(exponents.iter().copied()),
        low: exponents[0],
        high: exponents[exponents.len() - 1],
        sizes,
        breaks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes 1, 2, 4, ... 2^20 bytes, two seeds, time = start-up + scale * bytes^k.
    fn series(start_up: f64, scale: [f64; 2], k: f64) -> (Vec<Vec<u64>>, Vec<Vec<f64>>) {
        let bytes: Vec<Vec<u64>> = (0..=20).map(|power| vec![1 << power; 2]).collect();
        let cpu_ms = bytes
            .iter()
            .map(|sizes| {
                sizes
                    .iter()
                    .zip(scale)
                    .map(|(&size, scale)| start_up + scale * (size as f64).powf(k))
                    .collect()
            })
            .collect();
        (bytes, cpu_ms)
    }

    #[test]
    fn the_start_up_is_subtracted_before_the_fit() {
        let (bytes, cpu_ms) = series(2.0, [1e-5, 2e-5], 1.0);
        let fit = fit(&bytes, &cpu_ms).unwrap();
        assert!((fit.exponent - 1.0).abs() < 1e-4, "{fit:?}");
        // 2^18 bytes is the first size at least 2 ms (the start-up) above it.
        assert_eq!(fit.sizes, vec![18, 19, 20]);
    }

    #[test]
    fn quadratic_growth_and_its_spread_over_seeds() {
        let (bytes, mut cpu_ms) = series(1.0, [1e-9, 1e-9], 2.0);
        for sizes in &mut cpu_ms {
            sizes[1] = 1.0 + (sizes[1] - 1.0) * 1.5;
        }
        // The second seed grows faster: a steeper slope there.
        let last = cpu_ms.len() - 1;
        cpu_ms[last][1] *= 2.0;
        let fit = fit(&bytes, &cpu_ms).unwrap();
        assert!((fit.low - 2.0).abs() < 1e-6, "{fit:?}");
        assert!(fit.high > 2.1, "{fit:?}");
        assert_eq!(fit.exponent, (fit.low + fit.high) / 2.0);
    }

    #[test]
    fn a_seed_whose_time_falls_is_fitted_on_its_longer_stretch() {
        let (bytes, mut cpu_ms) = series(1.0, [1e-5, 1e-5], 1.0);
        // Seed 1 is five times slower per byte up to 2^18 bytes, then as fast as seed 0.
        for sizes in &mut cpu_ms[..=18] {
            sizes[1] = 1.0 + (sizes[1] - 1.0) * 5.0;
        }
        let fit = fit(&bytes, &cpu_ms).unwrap();
        assert!(
            (fit.low - 1.0).abs() < 1e-3 && (fit.high - 1.0).abs() < 1e-3,
            "{fit:?}"
        );
        assert_eq!(fit.breaks.len(), 1, "{fit:?}");
        let cut = &fit.breaks[0];
        assert_eq!((cut.seed, cut.before, cut.after), (1, 18, 19));
        assert!(cut.before_ms > 2.0 * cut.after_ms, "{cut:?}");
    }

    #[test]
    fn a_fall_to_exactly_two_thirds_or_a_slight_rise_is_not_a_cut() {
        let bytes: Vec<Vec<u64>> = (0..5).map(|power| vec![1 << power; 2]).collect();
        // Start-up 1 ms. Seed 0's time above it falls from 3 to 2 ms (2/3, not
        // below); seed 1's rises by half a millisecond a size.
        let cpu_ms = vec![
            vec![1.0, 1.0],
            vec![2.5, 11.0],
            vec![4.0, 11.5],
            vec![3.0, 12.0],
            vec![5.0, 12.5],
        ];
        let fit = fit(&bytes, &cpu_ms).unwrap();
        assert_eq!(fit.breaks, vec![], "{fit:?}");
        assert_eq!(fit.sizes, vec![1, 2, 3, 4]);
    }

    #[test]
    fn a_program_that_never_leaves_its_start_up_is_not_fitted() {
        let (bytes, cpu_ms) = series(1.5, [1e-7, 1e-7], 1.0);
        let error = fit(&bytes, &cpu_ms).unwrap_err();
        assert!(
            error.0.starts_with("too fast to fit: 0 of 3 sizes"),
            "{error:?}"
        );
        assert_eq!(fit(&[], &[]).unwrap_err().0, "no runs");
    }
}
