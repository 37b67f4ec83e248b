//! `#[fastout]` as so many submissions use it: a program that prints a lot
//! with print!/println! and calls a helper. Input: n, then n
//! integers; prints prefix sums, the parity of each, and a summary.
use proconio::{fastout, input};

fn describe(x: i64) -> &'static str {
    if x % 2 == 0 {
        "even"
    } else {
        "odd"
    }
}

#[fastout]
fn main() {
    input! {
        n: usize,
        a: [i64; n],
    }
    let mut prefix = 0;
    for (i, x) in a.iter().enumerate() {
        prefix += x;
        print!("{prefix}");
        if i + 1 < n {
            print!(" ");
        }
    }
    println!();
    for x in &a {
        println!("{} {}", x, describe(*x));
    }
    let positives = a.iter().filter(|&&x| x > 0).count();
    println!("positives {}", positives);
}
