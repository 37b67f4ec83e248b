//! Input-only baseline for `scripts/bench.sh`: reads the input exactly as
//! `src/main.rs` does (the same proconio calls) and solves nothing. It prints the
//! sum of all cells so that the reading cannot be optimised away.

use proconio::{input, read_value};

fn main() {
    // T through read_value!: in proconio 0.5.0 only that reads stdin whole (release
    // builds); the input! calls below then share it instead of reading line by line.
    let t = read_value!(usize);
    let mut checksum = 0;
    for _ in 0..t {
        input! { cells: [usize; 9] }
        checksum += cells.iter().sum::<usize>();
    }
    println!("{checksum}");
}
