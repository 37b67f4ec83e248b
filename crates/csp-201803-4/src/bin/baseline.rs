//! Input-only baseline for `scripts/bench.sh`: reads the input exactly as
//! `src/main.rs` does (the same `input!` calls) and solves nothing. It prints the
//! sum of all cells so that the reading cannot be optimised away.

use proconio::input;

fn main() {
    input! { t: usize }
    let mut checksum = 0;
    for _ in 0..t {
        input! { cells: [usize; 9] }
        checksum += cells.iter().sum::<usize>();
    }
    println!("{checksum}");
}
