//! The submission against the naive brute force: all 64 inputs of the exhaustive
//! walk, which is the whole input space, then a few seeded random ones (which only
//! exercise the generator's random path; they repeat inputs of the walk).

#[test]
fn agrees_with_naive_on_every_input() {
    judge::crosscheck::assert_agree_on_generated(
        env!("CARGO_BIN_EXE_connect3-gen"),
        env!("CARGO_BIN_EXE_connect3"),
        env!("CARGO_BIN_EXE_connect3-naive"),
        8,
        1,
    );
}

#[test]
fn the_walk_is_the_whole_input_space() {
    let gen = env!("CARGO_BIN_EXE_connect3-gen");
    let count = judge::crosscheck::generated_input(gen, &["--count-all"]);
    assert_eq!(String::from_utf8_lossy(&count).trim(), "64");
    let mut inputs: Vec<String> = (0..64)
        .map(|index| {
            let text = judge::crosscheck::generated_input(gen, &["--all", &index.to_string()]);
            String::from_utf8(text).expect("gen prints text")
        })
        .collect();
    inputs.sort();
    inputs.dedup();
    let mut expected: Vec<String> = Vec::new();
    for x in 1..=4 {
        for a in 1..=4 {
            for b in 1..=4 {
                expected.push(format!("{x}\n{a} {b}\n"));
            }
        }
    }
    expected.sort();
    assert_eq!(inputs, expected);
}

/// Mirroring the board left to right maps the games for (x, a, b) one to one onto
/// those for (5 - x, a, 5 - b), so their counts must match. A check of the built
/// submission that needs no brute force.
#[test]
fn mirrored_inputs_have_equal_counts() {
    let answer = |x: u32, a: u32, b: u32| {
        let input = format!("{x}\n{a} {b}\n");
        let run = judge::run::execute(
            std::path::Path::new(env!("CARGO_BIN_EXE_connect3")),
            &[],
            input.as_bytes(),
            std::time::Duration::from_secs(10),
        )
        .expect("the submission runs");
        assert!(run.succeeded(), "input {input:?}");
        String::from_utf8(run.stdout).expect("the answer is text")
    };
    for x in 1..=4 {
        for a in 1..=4 {
            for b in 1..=4 {
                assert_eq!(
                    answer(x, a, b),
                    answer(5 - x, a, 5 - b),
                    "x={x} a={a} b={b}"
                );
            }
        }
    }
}
