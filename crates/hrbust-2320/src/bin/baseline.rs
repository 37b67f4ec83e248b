//! Input-only baseline for the benchmark (`scripts/bench.sh`): reads the input
//! exactly as `src/main.rs` does (all of stdin into bytes, tokens split on ASCII
//! whitespace, the number of cases T parsed, then per case the nine cell tokens
//! and the player to move) and does nothing else.
//!
//! Left out, because they are checking or solving rather than reading: the checks on
//! each token, the outcome table, the answers and the end-of-input check. It prints
//! the sum of the tokens' first bytes so the reading cannot be optimised away.
//! It is only run on valid inputs; a malformed one makes it panic.

use std::io::{self, Read};

/// Tokens per case.
const TOKENS_PER_CASE: usize = 10;

fn main() {
    let mut input = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut input)
        .expect("cannot read the input");
    let mut tokens = input
        .split(|byte| byte.is_ascii_whitespace())
        .filter(|token| !token.is_empty());
    let cases: usize = std::str::from_utf8(tokens.next().expect("empty input"))
        .expect("T is not UTF-8")
        .parse()
        .expect("T is not a whole number");
    let mut checksum = 0u64;
    for _ in 0..cases * TOKENS_PER_CASE {
        checksum += u64::from(tokens.next().expect("the input ends early")[0]);
    }
    println!("{checksum}");
}
