//! LightOJ 1401 "No More Tic-tac-toe": on a 1×N strip two players take turns
//! writing X or O into an empty cell, never next to an equal symbol; whoever cannot
//! move loses. Given a strip in mid-game (the user moves when the number of symbols
//! is even), print whether the user wins.
//!
//! The maximal runs of empty cells are independent games, so by Sprague–Grundy the
//! mover wins iff the XOR of their Grundy values is non-zero. A run is worth its
//! length between the strip's end and a symbol, 1 between equal symbols, 0 between
//! different ones, and its length mod 2 when the strip is empty (proof in the README).
//! Summed over a strip that needs only the first and last symbols and the parity
//! of the symbol count. Cost: O(N) a strip, in branch-free passes.

use proconio::input;
use proconio::marker::Bytes;
use std::fmt::Write;

/// Whether the player to move wins: the XOR of the runs' Grundy values is non-zero.
fn mover_wins(strip: &[u8], odd_symbols: bool) -> bool {
    let first = strip.iter().position(|&cell| cell != b'.');
    let last = strip.iter().rposition(|&cell| cell != b'.');
    match (first, last) {
        (Some(first), Some(last)) => {
            // The k - 1 runs between symbols: those between equal symbols are worth 1,
            // and the changes from X to O and back are even iff the ends are equal,
            // so together they are worth (k + [first symbol == last symbol]) mod 2.
            let inner = usize::from(odd_symbols != (strip[first] == strip[last]));
            // The two end runs are worth their lengths.
            first ^ (strip.len() - 1 - last) ^ inner != 0
        }
        // No symbol: one run from edge to edge.
        _ => strip.len() % 2 == 1,
    }
}

fn main() {
    input! { t: usize }
    let mut out = String::new();
    for case in 1..=t {
        input! { strip: Bytes }
        // Counting in a byte keeps the parity and lets the loop take 32 cells at a time.
        let symbols = strip.iter().fold(0u8, |count, &cell| {
            count.wrapping_add(u8::from(cell != b'.'))
        });
        let odd_symbols = symbols % 2 == 1;
        let user_wins = mover_wins(&strip, odd_symbols) != odd_symbols;
        let answer = if user_wins { "Yes" } else { "No" };
        writeln!(out, "Case {case}: {answer}").unwrap();
    }
    print!("{out}");
}
