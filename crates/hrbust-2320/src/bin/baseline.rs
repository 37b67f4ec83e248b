//! Input-only baseline for the benchmark (`scripts/bench.sh`): reads the input
//! exactly as `src/main.rs` does (all of stdin, UTF-8 (lossy when invalid), a proconio `OnceSource`,
//! then `input!` with marker types: T, per case the nine cell tokens and the player
//! to move, then the end-of-input token) and does nothing else.
//!
//! Left out, because they are checking or solving rather than reading: the checks on
//! each token, the outcome table, the answers. Its case marker returns the sum of the
//! tokens' first bytes, printed at the end so the reading cannot be optimised away.
//! It is only run on valid inputs; a malformed one makes it panic.

use proconio::input;
use proconio::source::once::OnceSource;
use proconio::source::{Readable, Source};
use std::io::{self, BufRead, Read};

/// Tokens per case: nine cells and the player to move.
const TOKENS_PER_CASE: usize = 10;

/// `input!` marker for one case: the sum of its tokens' first bytes.
struct Case;

impl Readable for Case {
    type Output = u64;

    fn read<R: BufRead, S: Source<R>>(source: &mut S) -> u64 {
        let mut sum = 0;
        for _ in 0..TOKENS_PER_CASE {
            let token = source.next_token().expect("the input ends early");
            sum += u64::from(token.as_bytes()[0]);
        }
        sum
    }
}

fn main() {
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .expect("cannot read the input");
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
    let mut source = OnceSource::new(text.as_bytes());
    input! { from &mut source, cases: usize }
    let mut checksum = 0u64;
    for _ in 0..cases {
        input! { from &mut source, case_sum: Case }
        checksum += case_sum;
    }
    assert!(
        source.next_token().is_none(),
        "unexpected token after the last case"
    );
    println!("{checksum}");
}
