//! The submission against a second oracle: Grundy values of empty runs computed
//! straight from the mex definition (no closed form), on strips far longer than the
//! brute force can search.
//!
//! A maximal run of empty cells is an independent game: a move writes a symbol into
//! one of its cells and splits it into two runs bordered by that symbol, so
//! `grundy[len][left][right]` is the mex over every legal move of the XOR of the two
//! parts. A strip's answer is then the XOR over its runs (Sprague–Grundy).

use judge_check::runner::execute;
use judge_readers::rng::SplitMix64;
use std::path::Path;
use std::time::Duration;

const SUBMISSION: &str = env!("CARGO_BIN_EXE_line-sg");

/// The longest run shape checked on its own (random strips stay within 300 cells).
const SHAPE_LEN: usize = 1000;
/// The longest run in the table: a run of SHAPE_LEN cells has at most 2 * SHAPE_LEN
/// moves, so its value, and the probe runs built from it, stay within this.
const TABLE_LEN: usize = 2 * SHAPE_LEN + 1;

/// Borders of a run, as table indices.
const EDGE: usize = 0;
const X: usize = 1;
const O: usize = 2;

/// `table[len][left][right]`: the Grundy value of `len` empty cells between borders
/// `left` and `right` (EDGE, X or O), by the mex definition.
fn grundy_table(max_len: usize) -> Vec<[[usize; 3]; 3]> {
    let mut table = vec![[[0; 3]; 3]; max_len + 1];
    for len in 1..=max_len {
        for left in [EDGE, X, O] {
            for right in [EDGE, X, O] {
                // A run of `len` cells has at most 2 * len moves, so the mex is at most that.
                let mut reachable = vec![false; 2 * len + 2];
                for cell in 1..=len {
                    for symbol in [X, O] {
                        let touches_equal =
                            (cell == 1 && left == symbol) || (cell == len && right == symbol);
                        if !touches_equal {
                            let value =
                                table[cell - 1][left][symbol] ^ table[len - cell][symbol][right];
                            reachable[value] = true;
                        }
                    }
                }
                table[len][left][right] = reachable
                    .iter()
                    .position(|&seen| !seen)
                    .expect("the mex is within the table");
            }
        }
    }
    table
}

fn border(cell: u8) -> usize {
    match cell {
        b'X' => X,
        b'O' => O,
        _ => panic!("not a symbol: {cell}"),
    }
}

/// The expected answer for a legal strip, from the table.
fn user_wins(table: &[[[usize; 3]; 3]], strip: &[u8]) -> bool {
    let mut total = 0;
    let mut left = EDGE;
    let mut run = 0;
    for &cell in strip {
        if cell == b'.' {
            run += 1;
        } else {
            total ^= table[run][left][border(cell)];
            left = border(cell);
            run = 0;
        }
    }
    total ^= table[run][left][EDGE];
    let symbols = strip.iter().filter(|&&cell| cell != b'.').count();
    (symbols % 2 == 0) == (total != 0)
}

fn is_legal(strip: &[u8]) -> bool {
    strip.iter().all(|cell| b".XO".contains(cell))
        && strip
            .windows(2)
            .all(|pair| pair[0] == b'.' || pair[0] != pair[1])
}

/// Runs the submission on all `strips` as one input; it must print the table's answers.
fn assert_submission_agrees(table: &[[[usize; 3]; 3]], strips: &[Vec<u8>]) {
    let mut input = format!("{}\n", strips.len()).into_bytes();
    let mut expected = String::new();
    for (i, strip) in strips.iter().enumerate() {
        assert!(is_legal(strip), "the test built an illegal strip");
        input.extend_from_slice(strip);
        input.push(b'\n');
        let verdict = if user_wins(table, strip) { "Yes" } else { "No" };
        expected += &format!("Case {}: {verdict}\n", i + 1);
    }
    let run = execute(Path::new(SUBMISSION), &[], &input, Duration::from_secs(60))
        .expect("the submission runs");
    assert!(run.succeeded(), "the submission failed: {:?}", run.status);
    let got = String::from_utf8(run.stdout).expect("ASCII output");
    let expected_lines: Vec<&str> = expected.lines().collect();
    let got_lines: Vec<&str> = got.lines().collect();
    assert_eq!(got_lines.len(), expected_lines.len(), "number of answers");
    for (i, (want, have)) in expected_lines.iter().zip(&got_lines).enumerate() {
        assert_eq!(
            want,
            have,
            "strip {:?}",
            String::from_utf8_lossy(&strips[i])
        );
    }
}

/// A random legal strip of `len` cells; each cell is empty with probability
/// `empty_percent`%, else a symbol that keeps the strip legal.
fn random_strip(rng: &mut SplitMix64, len: usize, empty_percent: u64) -> Vec<u8> {
    let mut strip: Vec<u8> = Vec::with_capacity(len);
    for _ in 0..len {
        let cell = if rng.below(100) < empty_percent {
            b'.'
        } else {
            match strip.last() {
                Some(b'X') => b'O',
                Some(b'O') => b'X',
                _ if rng.below(2) == 0 => b'X',
                _ => b'O',
            }
        };
        strip.push(cell);
    }
    strip
}

#[test]
fn agrees_with_the_mex_table_on_random_strips_up_to_300_cells() {
    let table = grundy_table(TABLE_LEN);
    let mut rng = SplitMix64::new(20240501);
    let strips: Vec<Vec<u8>> = (0..20_000)
        .map(|_| {
            let len = rng.range_inclusive(1, 300) as usize;
            // From full strips to nearly empty ones, so runs of every length occur.
            let empty_percent = [0, 30, 60, 90, 97, 99, 100][rng.below(7) as usize];
            random_strip(&mut rng, len, empty_percent)
        })
        .collect();
    assert_submission_agrees(&table, &strips);
}

/// Every run shape, up to SHAPE_LEN cells: `len` empty cells between each pair of
/// borders, alone, and (when the right border is a symbol) followed by a probe run
/// of `k` cells up to the strip's end. With `k` = the shape's table value and that
/// value + 1, the table makes the strip's XOR zero and non-zero, so the submission
/// cannot agree on both unless it values the shape and the probe consistently.
#[test]
fn agrees_with_the_mex_table_on_every_single_run_shape() {
    let table = grundy_table(TABLE_LEN);
    let mut strips = Vec::new();
    let borders: [Option<u8>; 3] = [None, Some(b'X'), Some(b'O')];
    for (len, values) in table.iter().enumerate().take(SHAPE_LEN + 1) {
        for left in borders {
            for right in borders {
                let mut run = Vec::new();
                run.extend(left);
                run.extend(std::iter::repeat_n(b'.', len));
                run.extend(right);
                if run.is_empty() || !is_legal(&run) {
                    continue;
                }
                strips.push(run.clone());
                if right.is_some() {
                    let value = values[border_of(left)][border_of(right)];
                    for probe in [value, value + 1] {
                        let mut probed = run.clone();
                        probed.extend(std::iter::repeat_n(b'.', probe));
                        strips.push(probed);
                    }
                }
            }
        }
    }
    assert_submission_agrees(&table, &strips);
}

fn border_of(cell: Option<u8>) -> usize {
    cell.map_or(EDGE, border)
}

/// The table must be what the game says on short runs, where it can be checked by
/// hand: one empty cell alone, one cell between equal symbols, and between
/// different ones.
#[test]
fn table_matches_hand_checked_values() {
    let table = grundy_table(4);
    // `.`: one move, then nothing.
    assert_eq!(table[1][EDGE][EDGE], 1);
    // `X.X`: only O fits, then nothing.
    assert_eq!(table[1][X][X], 1);
    // `X.O`: nothing fits.
    assert_eq!(table[1][X][O], 0);
    // `..`: any move leaves one cell beside a symbol, worth 1: mex {1} = 0.
    assert_eq!(table[2][EDGE][EDGE], 0);
}
