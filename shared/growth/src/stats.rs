//! The few statistics the measurements need.

use std::time::Duration;

/// The median of some numbers: the middle one, or the mean of the two middle
/// ones; 0 for none.
pub fn median(values: impl IntoIterator<Item = f64>) -> f64 {
    let mut values: Vec<f64> = values.into_iter().collect();
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

pub fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// The least-squares slope of `y` against `x`; `None` for fewer than two
/// distinct `x`.
pub fn slope(points: &[(f64, f64)]) -> Option<f64> {
    let count = points.len() as f64;
    let mean_x = points.iter().map(|point| point.0).sum::<f64>() / count;
    let mean_y = points.iter().map(|point| point.1).sum::<f64>() / count;
    let (mut covariance, mut variance) = (0.0, 0.0);
    for &(x, y) in points {
        covariance += (x - mean_x) * (y - mean_y);
        variance += (x - mean_x) * (x - mean_x);
    }
    (variance > 0.0).then(|| covariance / variance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median([3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median([4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median([]), 0.0);
        // Two and five values: a middle index that is not also the count's parity.
        assert_eq!(median([5.0, 1.0]), 3.0);
        assert_eq!(median([9.0, 1.0, 7.0, 3.0, 5.0]), 5.0);
    }

    #[test]
    fn millis_of_a_duration() {
        assert_eq!(millis(Duration::from_micros(1500)), 1.5);
        assert_eq!(millis(Duration::from_secs(2)), 2000.0);
    }

    #[test]
    fn slope_of_a_line_and_of_a_single_x() {
        let points: Vec<(f64, f64)> = (0..5).map(|x| (x as f64, 2.0 * x as f64 + 1.0)).collect();
        assert!((slope(&points).unwrap() - 2.0).abs() < 1e-12);
        assert_eq!(slope(&[(1.0, 1.0), (1.0, 3.0)]), None);
        assert_eq!(slope(&[]), None);
    }

    #[test]
    fn slope_of_points_far_from_the_origin_is_exact() {
        // x from 3 * 2^48 and y from 5 * 2^50, y rising by 2: the sums and means are
        // exact, and so are the centred products; products of the uncentred values
        // would need more than a double's 53 bits and lose the line.
        let points: Vec<(f64, f64)> = (0..4)
            .map(|i| {
                let i = f64::from(i);
                (3.0 * 2f64.powi(48) + i, 5.0 * 2f64.powi(50) + 2.0 * i)
            })
            .collect();
        assert_eq!(slope(&points), Some(2.0));
    }
}
