//! Input-only baseline for the benchmark (`scripts/bench.sh`): reads the input
//! exactly as `src/main.rs` does (all of stdin, UTF-8 check, proconio's
//! `OnceSource`, three tokens read as `String` and parsed as numbers, then the
//! end-of-input check) and does nothing else.
//!
//! It prints the sum of the three numbers so the reading cannot be optimised away.
//! No range checks and no error messages: it is only run on valid inputs, and a
//! malformed one makes it panic (a non-zero exit the benchmark reports).

use proconio::input;
use proconio::source::once::OnceSource;
use proconio::source::Source;
use std::io::{self, Read};

fn main() {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .expect("cannot read the input");
    let text = String::from_utf8(bytes).expect("the input is not UTF-8 text");
    let mut source = OnceSource::from(text.as_str());
    let mut checksum = 0usize;
    for _ in 0..3 {
        assert!(!source.is_empty(), "the input ends early");
        input! { from &mut source, token: String }
        checksum += token.parse::<usize>().expect("not a whole number");
    }
    assert!(source.is_empty(), "unexpected text after `x a b`");
    println!("{checksum}");
}
