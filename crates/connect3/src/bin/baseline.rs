//! Input-only baseline for `scripts/bench.sh`: reads the input exactly as
//! `src/main.rs` does (the same `input!` call) and solves nothing. It prints the
//! sum of the three numbers so that the reading cannot be optimised away.

use proconio::input;
use proconio::marker::Usize1;

fn main() {
    input! { x: Usize1, a: Usize1, b: Usize1 }
    println!("{}", x + a + b);
}
