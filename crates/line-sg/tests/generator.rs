//! The generator makes what it promises: legal strips only, the exhaustive walk is
//! every legal strip of 1 to 12 cells exactly once, a seed gives one known input,
//! random inputs hold SIZE cells, a symbol after an empty cell is X or O alike, and
//! `max` is judge-scale (a 10^6-cell strip, under 10^7 bytes) and runs through
//! the submission.

use judge::crosscheck::generated_input;
use judge::run::execute;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

const GEN: &str = env!("CARGO_BIN_EXE_line-sg-gen");

/// The strips of a generated input, after checking its count line matches them.
fn strips(input: &[u8]) -> Vec<Vec<u8>> {
    let text = std::str::from_utf8(input).expect("ASCII input");
    let mut lines = text.lines();
    let count: usize = lines
        .next()
        .expect("a count line")
        .parse()
        .expect("a count");
    let strips: Vec<Vec<u8>> = lines.map(|line| line.as_bytes().to_vec()).collect();
    assert_eq!(strips.len(), count, "the count line matches the strips");
    strips
}

fn is_legal(strip: &[u8]) -> bool {
    !strip.is_empty()
        && strip.iter().all(|cell| b".XO".contains(cell))
        && strip
            .windows(2)
            .all(|pair| pair[0] == b'.' || pair[0] != pair[1])
}

#[test]
fn walk_is_every_legal_strip_up_to_12_cells_once() {
    let count = generated_input(GEN, &["--count-all"]);
    assert_eq!(count, b"1\n");
    let walk = strips(&generated_input(GEN, &["--all", "0"]));
    let distinct: BTreeSet<Vec<u8>> = walk.iter().cloned().collect();
    assert_eq!(distinct.len(), walk.len(), "no strip twice");
    // Independently: every string over `.XO` of 1..=12 cells, kept when legal.
    let mut expected = BTreeSet::new();
    for len in 1..=12u32 {
        for code in 0..3usize.pow(len) {
            let strip: Vec<u8> = (0..len)
                .scan(code, |rest, _| {
                    let cell = b".XO"[*rest % 3];
                    *rest /= 3;
                    Some(cell)
                })
                .collect();
            if is_legal(&strip) {
                expected.insert(strip);
            }
        }
    }
    assert_eq!(expected.len(), 80_780);
    assert!(distinct == expected, "the walk is exactly the legal strips");
}

#[test]
fn random_inputs_are_legal_and_hold_size_cells() {
    for size in [1u64, 2, 5, 16, 100, 5000] {
        for seed in 0..40 {
            let input = generated_input(GEN, &[&seed.to_string(), &size.to_string()]);
            let strips = strips(&input);
            assert!(
                strips.iter().all(|strip| is_legal(strip)),
                "seed {seed} size {size}"
            );
            let cells: usize = strips.iter().map(Vec::len).sum();
            assert_eq!(cells as u64, size, "seed {seed} size {size}");
        }
    }
}

#[test]
fn a_seed_gives_a_known_input() {
    let input = generated_input(GEN, &["5", "30"]);
    let expected = "6\n....O....X\n.O.\n.X\nOX.\nOXOXO\n.X.OXOX\n";
    assert_eq!(String::from_utf8(input).unwrap(), expected);
}

#[test]
fn a_symbol_after_an_empty_cell_or_the_start_is_x_or_o_alike() {
    let (mut x, mut o) = (0, 0);
    for seed in 0..40 {
        for strip in strips(&generated_input(GEN, &[&seed.to_string(), "200"])) {
            let free_choices = [b'.']
                .iter()
                .chain(&strip)
                .zip(&strip)
                .filter(|(&before, _)| before == b'.');
            for (_, &symbol) in free_choices {
                x += usize::from(symbol == b'X');
                o += usize::from(symbol == b'O');
            }
        }
    }
    assert!(
        x.abs_diff(o) <= (x + o) / 10,
        "{x} X and {o} O after an empty cell"
    );
}

#[test]
fn random_inputs_cover_full_empty_and_mixed_strips() {
    let mut full = false;
    let mut empty = false;
    let mut both_borders = false;
    for seed in 0..40 {
        for strip in strips(&generated_input(GEN, &[&seed.to_string(), "200"])) {
            full |= strip.len() > 1 && !strip.contains(&b'.');
            empty |= strip.len() > 1 && strip.iter().all(|&cell| cell == b'.');
            both_borders |= strip.windows(3).any(|w| w == b"X.O" || w == b"O.X")
                && strip.windows(3).any(|w| w == b"X.X" || w == b"O.O");
        }
    }
    assert!(full && empty && both_borders);
}

#[test]
fn max_input_is_judge_scale_and_the_submission_takes_it() {
    let input = generated_input(GEN, &["1", "max"]);
    assert!(input.len() <= 10_000_000, "{} bytes", input.len());
    let strips = strips(&input);
    assert!(strips.iter().all(|strip| is_legal(strip)));
    assert!(strips.iter().all(|strip| strip.len() <= 1_000_000));
    assert!(strips.iter().any(|strip| strip.len() == 1_000_000));
    assert_eq!(strips.iter().map(Vec::len).sum::<usize>(), 9_999_000);

    let run = execute(
        Path::new(env!("CARGO_BIN_EXE_line-sg")),
        &[],
        &input,
        Duration::from_secs(60),
    )
    .expect("the submission runs");
    assert!(run.succeeded(), "{}", String::from_utf8_lossy(&run.stderr));
    let answers = String::from_utf8(run.stdout).expect("ASCII output");
    assert_eq!(answers.lines().count(), strips.len());
    for (i, line) in answers.lines().enumerate() {
        let case = format!("Case {}: ", i + 1);
        let verdict = line.strip_prefix(&case).expect("numbered in order");
        assert!(verdict == "Yes" || verdict == "No", "{line}");
    }
}
