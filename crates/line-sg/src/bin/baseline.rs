//! Input-only baseline for `scripts/bench.sh`: reads the input exactly as
//! `src/main.rs` does (the same `input!` calls) and solves nothing. It prints the
//! total length of the strips so that the reading cannot be optimised away.

use proconio::input;
use proconio::marker::Bytes;

fn main() {
    input! { t: usize }
    let mut cells = 0;
    for _ in 0..t {
        input! { strip: Bytes }
        cells += strip.len();
    }
    println!("{cells}");
}
