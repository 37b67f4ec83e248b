//! Input-only baseline for the benchmark (`scripts/bench.sh`): reads the input
//! exactly as `src/main.rs` does (all of stdin into bytes, proconio's `OnceSource`
//! over them, the count parsed, then one token per strip) and does nothing else.
//!
//! Left out, because they are checking or solving rather than reading: the ASCII
//! scan, the per-cell pass over each strip, the end-of-input check and the answers.
//! It prints the total length of the strips so the reading cannot be optimised away.
//! It is only run on valid inputs; a malformed one makes it panic.

use proconio::source::once::OnceSource;
use proconio::source::Source;
use std::io::{self, Read};

fn main() {
    let mut input = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut input)
        .expect("cannot read the input");
    let mut source = OnceSource::new(input.as_slice());
    let count: usize = source
        .next_token()
        .expect("empty input")
        .parse()
        .expect("the count is not a whole number");
    let mut total_cells = 0;
    for _ in 0..count {
        total_cells += source.next_token().expect("too few strips").len();
    }
    println!("{total_cells}");
}
