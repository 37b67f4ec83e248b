//! What a subject's measurements say: each program's fitted exponent, and the
//! solution's against the exponent its problem claims.

use crate::fit::{fit, Fit, Unfitted};
use crate::series::{Measured, Role, Subject};

/// The solution's exponent against the claim.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The generator has one size.
    ConstantSize,
    /// The problem claims no `growth`.
    NoClaim,
    /// The solution's exponent could not be fitted.
    Unmeasured,
    /// At most the claim plus the tolerance.
    Within { claim: f64, measured: f64 },
    /// Above the claim by more than the tolerance.
    Flagged { claim: f64, measured: f64 },
}

impl Verdict {
    pub fn is_flagged(&self) -> bool {
        matches!(self, Verdict::Flagged { .. })
    }
}

/// One subject, measured and fitted.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub name: String,
    pub claim: Option<f64>,
    pub tolerance: f64,
    pub measured: Measured,
    /// Per series (same order): its exponent, or why there is none. Empty for a
    /// constant size.
    pub fits: Vec<Result<Fit, Unfitted>>,
    pub verdict: Verdict,
}

impl Analysis {
    /// The fit of the program with `role`, if it was measured.
    pub fn fit_of(&self, role: Role) -> Option<&Result<Fit, Unfitted>> {
        let index = self
            .measured
            .series
            .iter()
            .position(|series| series.role == role)?;
        self.fits.get(index)
    }
}

/// Fits every series of `measured` and judges the solution's exponent against
/// the subject's claim, allowing `tolerance` above it.
pub fn analyse(subject: &Subject, measured: Measured, tolerance: f64) -> Analysis {
    let fits: Vec<_> = if measured.constant_size {
        Vec::new()
    } else {
        measured
            .series
            .iter()
            .map(|series| {
                let bytes = &measured.sizes[..series.samples.len()];
                let bytes: Vec<Vec<u64>> = bytes.iter().map(|size| size.bytes.clone()).collect();
                fit(&bytes, &series.cpu_ms())
            })
            .collect()
    };
    let mut analysis = Analysis {
        name: subject.name.clone(),
        claim: subject.claim,
        tolerance,
        measured,
        fits,
        verdict: Verdict::NoClaim,
    };
    analysis.verdict = if analysis.measured.constant_size {
        Verdict::ConstantSize
    } else {
        match (subject.claim, analysis.fit_of(Role::Solution)) {
            (None, _) => Verdict::NoClaim,
            (Some(claim), Some(Ok(fit))) if fit.exponent > claim + tolerance => Verdict::Flagged {
                claim,
                measured: fit.exponent,
            },
            (Some(claim), Some(Ok(fit))) => Verdict::Within {
                claim,
                measured: fit.exponent,
            },
            (Some(_), _) => Verdict::Unmeasured,
        }
    };
    analysis
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::series::{Program, Series, Size};
    use judge::runner::measure::Sample;
    use std::path::PathBuf;
    use std::time::Duration;

    /// A subject claiming `claim`, and measurements of a solution whose time is
    /// 1 ms + c·bytes^k (and a linear baseline), at 1 kB to 4 MB, two seeds.
    pub(crate) fn synthetic(name: &str, claim: Option<f64>, k: f64) -> (Subject, Measured) {
        let program = |role| Program {
            role,
            path: PathBuf::from("/nonexistent"),
            cap: Duration::from_secs(5),
        };
        let subject = Subject {
            name: name.to_string(),
            generator: PathBuf::from("/nonexistent"),
            programs: vec![program(Role::Solution), program(Role::Baseline)],
            claim,
            compare_naive: true,
        };
        let sizes: Vec<Size> = (0..13)
            .map(|power| Size {
                label: (1u64 << power).to_string(),
                bytes: vec![1000 << power, 1010 << power],
            })
            .collect();
        let series = |role, k: f64, scale: f64| Series {
            role,
            cap: Duration::from_secs(5),
            samples: sizes
                .iter()
                .map(|size| {
                    size.bytes
                        .iter()
                        .map(|&bytes| {
                            let ms = 1.0 + scale * (bytes as f64).powf(k);
                            vec![Sample {
                                cpu: Duration::from_secs_f64(ms / 1000.0),
                                wall: Duration::from_secs_f64(ms / 1000.0),
                                peak_rss_kib: 2048 + bytes / 1024,
                            }]
                        })
                        .collect()
                })
                .collect(),
            stopped: None,
        };
        let measured = Measured {
            seeds: vec![1, 2],
            rounds: 1,
            series: vec![
                series(Role::Solution, k, 1e-5_f64.powf(k)),
                series(Role::Baseline, 1.0, 1e-5),
            ],
            sizes,
            constant_size: false,
        };
        (subject, measured)
    }

    #[test]
    fn a_quadratic_solution_claiming_linear_growth_is_flagged() {
        let (subject, measured) = synthetic("toy", Some(1.0), 2.0);
        let analysis = analyse(&subject, measured, 0.3);
        let Verdict::Flagged { claim, measured } = analysis.verdict else {
            panic!("{:?}", analysis.verdict)
        };
        assert_eq!(claim, 1.0);
        assert!((measured - 2.0).abs() < 0.05, "{measured}");
    }

    #[test]
    fn a_linear_solution_is_within_its_claim() {
        let (subject, measured) = synthetic("toy", Some(1.0), 1.0);
        let analysis = analyse(&subject, measured, 0.3);
        assert!(
            matches!(analysis.verdict, Verdict::Within { measured, .. } if (measured - 1.0).abs() < 0.05),
            "{:?}",
            analysis.verdict
        );
        let (subject, measured) = synthetic("toy", None, 2.0);
        assert_eq!(analyse(&subject, measured, 0.3).verdict, Verdict::NoClaim);
    }

    #[test]
    fn one_size_is_reported_as_constant_not_fitted() {
        let (subject, mut measured) = synthetic("toy", Some(1.0), 1.0);
        measured.sizes.truncate(1);
        for series in &mut measured.series {
            series.samples.truncate(1);
        }
        measured.constant_size = true;
        let analysis = analyse(&subject, measured, 0.3);
        assert_eq!(analysis.verdict, Verdict::ConstantSize);
        assert!(analysis.fits.is_empty());
    }

    #[test]
    fn an_exponent_at_exactly_the_claim_plus_the_tolerance_is_within() {
        let (subject, measured) = synthetic("toy", Some(1.5), 2.0);
        let Some(Ok(fit)) = analyse(&subject, measured.clone(), 0.3)
            .fit_of(Role::Solution)
            .cloned()
        else {
            panic!("the solution was not fitted")
        };
        // The difference of two doubles within a factor of two of each other is
        // exact, so 1.5 + tolerance is the measured exponent itself.
        let analysis = analyse(&subject, measured, fit.exponent - 1.5);
        assert_eq!(
            analysis.verdict,
            Verdict::Within {
                claim: 1.5,
                measured: fit.exponent
            }
        );
    }

    #[test]
    fn only_a_flagged_verdict_is_flagged() {
        assert!(Verdict::Flagged {
            claim: 1.0,
            measured: 2.0
        }
        .is_flagged());
        assert!(!Verdict::Within {
            claim: 1.0,
            measured: 1.0
        }
        .is_flagged());
        assert!(!Verdict::Unmeasured.is_flagged());
    }
}
