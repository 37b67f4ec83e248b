//! The generator prints an input for each seed, small and judge-scale, and the same
//! input for the same arguments.

use judge_check::judging::crosscheck::generated_input;

const GEN: &str = env!("CARGO_BIN_EXE_@NAME@-gen");

#[test]
fn each_seed_gives_one_input_at_each_size() {
    for size in ["1", "max"] {
        for seed in 0..4 {
            let seed = seed.to_string();
            let input = generated_input(GEN, &[&seed, size]);
            assert!(!input.is_empty(), "`gen {seed} {size}` printed nothing");
            assert_eq!(input, generated_input(GEN, &[&seed, size]), "`gen {seed} {size}` twice");
        }
    }
}
