//! The command line shared by every problem's `gen` binary, so that scripts can
//! drive any generator the same way:
//!
//! ```text
//! NAME-gen SEED SIZE     one random valid input; SIZE is at least 1 (a larger
//!                        SIZE than MAX_SIZE means MAX_SIZE) or `max`
//! NAME-gen --count-all   how many inputs the exhaustive walk has (0: not finite)
//! NAME-gen --all I       input I (0-based) of the exhaustive walk
//! ```

use std::io::{self, Write};
use std::process::ExitCode;

use crate::rng::SplitMix64;

/// A problem's input generator.
pub trait Generator {
    /// The largest size: `SIZE` = `max` asks for a judge-scale input.
    const MAX_SIZE: u64;

    /// A random valid input of the given size (its meaning is the problem's:
    /// number of cases, length of a string, ...), fully determined by `rng`.
    fn random(rng: &mut SplitMix64, size: u64) -> String;

    /// How many inputs [`Generator::exhaustive`] walks; 0 when the input space is
    /// not finite (the default).
    fn exhaustive_count() -> u64 {
        0
    }

    /// Input `index` of the walk over the whole input space.
    fn exhaustive(index: u64) -> String {
        unreachable!("no exhaustive walk, asked for input {index}")
    }
}

/// Runs the generator's command line on `std::env::args`.
pub fn generator_main<G: Generator>() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match generate::<G>(&args) {
        Ok(text) => {
            let mut stdout = io::stdout().lock();
            match stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("gen: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(message) => {
            eprintln!(
                "gen: {message}\nusage: gen SEED SIZE (SIZE from 1, capped at {}; or max) | gen --count-all | gen --all I",
                G::MAX_SIZE
            );
            ExitCode::from(2)
        }
    }
}

/// What the command line prints for `args`.
///
/// # Errors
/// A message for arguments that do not fit the usage.
///
/// # Example
/// ```
/// use judge_readers::generator::{generate, Generator};
/// use judge_readers::rng::SplitMix64;
///
/// /// Inputs of one die roll: six of them, all listed by the walk.
/// struct Die;
/// impl Generator for Die {
///     const MAX_SIZE: u64 = 1;
///     fn random(rng: &mut SplitMix64, _size: u64) -> String {
///         format!("{}\n", rng.range_inclusive(1, 6))
///     }
///     fn exhaustive_count() -> u64 {
///         6
///     }
///     fn exhaustive(index: u64) -> String {
///         format!("{}\n", index + 1)
///     }
/// }
///
/// let args = |text: &str| text.split(' ').map(String::from).collect::<Vec<_>>();
/// assert_eq!(generate::<Die>(&args("--count-all")).unwrap(), "6\n");
/// assert_eq!(generate::<Die>(&args("--all 5")).unwrap(), "6\n");
/// assert_eq!(generate::<Die>(&args("9 max")), generate::<Die>(&args("9 1")));
/// assert!(generate::<Die>(&args("--all 6")).is_err());
/// ```
pub fn generate<G: Generator>(args: &[String]) -> Result<String, String> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["--count-all"] => Ok(format!("{}\n", G::exhaustive_count())),
        ["--all", index] => {
            let index: u64 = index
                .parse()
                .map_err(|_| format!("input index {index:?} is not a whole number"))?;
            if index >= G::exhaustive_count() {
                return Err(format!(
                    "input index {index} is past the {} inputs of the walk",
                    G::exhaustive_count()
                ));
            }
            Ok(G::exhaustive(index))
        }
        [seed, size] => {
            let seed: u64 = seed
                .parse()
                .map_err(|_| format!("seed {seed:?} is not a whole number"))?;
            let size = match *size {
                "max" => G::MAX_SIZE,
                // Sizes are problem-defined; clamping lets scripts use one size for all.
                text => text
                    .parse::<u64>()
                    .ok()
                    .filter(|&size| size >= 1)
                    .map(|size| size.min(G::MAX_SIZE))
                    .ok_or_else(|| format!("size {text:?} is not a whole number from 1"))?,
            };
            Ok(G::random(&mut SplitMix64::new(seed), size))
        }
        _ => Err("wrong arguments".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prints its size, so the tests can see what the command line passed on.
    struct SizeEcho;

    impl Generator for SizeEcho {
        const MAX_SIZE: u64 = 5;

        fn random(rng: &mut SplitMix64, size: u64) -> String {
            format!("{size} {}\n", rng.below(10))
        }
    }

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn sizes_above_the_largest_are_capped() {
        let size = |text: &str| generate::<SizeEcho>(&args(text)).unwrap();
        assert!(size("1 3").starts_with("3 "));
        assert!(size("1 max").starts_with("5 "));
        assert!(size("1 1000").starts_with("5 "));
        assert_eq!(
            size("7 3"),
            size("7 3"),
            "a seed always gives the same input"
        );
    }

    #[test]
    #[should_panic(expected = "no exhaustive walk, asked for input 3")]
    fn a_generator_without_a_walk_has_no_input_of_it() {
        SizeEcho::exhaustive(3);
    }

    #[test]
    fn bad_arguments_are_refused() {
        for text in ["1 0", "1 -2", "x 3", "1", "--all 0", "--all x", "1 2 3"] {
            assert!(generate::<SizeEcho>(&args(text)).is_err(), "{text}");
        }
        assert_eq!(generate::<SizeEcho>(&args("--count-all")).unwrap(), "0\n");
    }
}
