//! The generator makes what it promises: legal strips only, the exhaustive walk is
//! every legal strip of 1 to 12 cells exactly once, a seed gives one known input,
//! random inputs hold SIZE cells in the documented shapes and longest runs, a symbol
//! after an empty cell is X or O alike, and `max` is judge-scale (a 10^6-cell strip,
//! under 10^7 bytes) and runs through the submission.

use judge_check::judging::crosscheck::generated_input;
use judge_check::runner::execute;
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
fn a_seed_gives_a_known_input_of_each_shape() {
    let expected = [
        // Many short strips.
        ("5", "12\n...O...XO.\nXOX\n..\nOXO\n..O..\n.XO..O.X..OX\n.X...X.\n......\n.O...X..\nX.\n.\n.\n"),
        // A mix of short and long ones.
        ("0", "11\n.O\n.O\n..........\nX.X\nXO.XO\nOXOXOXO\nOXOXOXOXO\n.X.O.O\n...\n...O...X...\n.O\n"),
        // Few long strips.
        (
            "3",
            "6\n.....................O.....................\n.....X.....\nX\n.O\n..\n.\n",
        ),
    ];
    for (seed, input) in expected {
        let generated = generated_input(GEN, &[seed, "60"]);
        assert_eq!(String::from_utf8(generated).unwrap(), input, "seed {seed}");
    }
}

/// The length of the longest run of empty cells in `strip`.
fn longest_empty_run(strip: &[u8]) -> usize {
    strip
        .split(|&cell| cell != b'.')
        .map(<[u8]>::len)
        .max()
        .unwrap_or(0)
}

#[test]
fn long_strips_have_every_documented_longest_run() {
    // The longest run drawn per strip is 0, 1, 3, 10, 1000 or the strip's length; on
    // a strip of thousands of cells, the longest run found is that bound or near it.
    let classes = [0..=0, 1..=1, 2..=3, 4..=10, 11..=1000, 1001..=usize::MAX];
    let mut found = [false; 6];
    // Shuffled mixes and few long strips (the shapes of seeds 0 and 3).
    for seed in [0, 3, 6, 9, 10, 11] {
        let input = generated_input(GEN, &[&seed.to_string(), "1000000"]);
        for strip in strips(&input).iter().filter(|strip| strip.len() >= 5000) {
            let run = longest_empty_run(strip);
            let class = classes.iter().position(|class| class.contains(&run));
            found[class.expect("the classes cover every length")] = true;
        }
    }
    assert_eq!(found, [true; 6], "longest runs found in {classes:?}");
}

#[test]
fn a_mix_has_short_strips_before_long_ones() {
    // A mix draws each strip's cap at random, so a short strip comes before a long
    // one; with few long strips, a strip of at most 12 cells comes only at the end.
    let input = generated_input(GEN, &["0", "1000000"]);
    let strips = strips(&input);
    let first_short = strips.iter().position(|strip| strip.len() <= 12);
    let last_long = strips.iter().rposition(|strip| strip.len() > 1000);
    assert!(
        first_short.is_some() && first_short < last_long,
        "{first_short:?} {last_long:?}"
    );
}

#[test]
fn short_strips_are_drawn_up_to_4_million_cells_and_not_above() {
    let longest = |size: &str| {
        let input = generated_input(GEN, &["1", size]);
        strips(&input).iter().map(Vec::len).max().unwrap()
    };
    assert_eq!(longest("4000000"), 12, "seed 1 draws many short strips");
    assert!(
        longest("4000001") > 12,
        "only long strips above 4,000,000 cells"
    );
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
