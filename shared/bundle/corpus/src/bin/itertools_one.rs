//! What many templates do: `use itertools::Itertools;` at the top, and a
//! program that calls a single method (`join`). Input: n, then n integers;
//! prints them doubled on one line.
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i64; n],
    }
    println!("{}", a.iter().map(|x| x * 2).join(" "));
}
