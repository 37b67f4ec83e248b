//! Itertools in a brute force, as submissions use it: `iproduct!`, `izip!`,
//! `permutations`, `combinations`, `tuple_windows`, `sorted`, `join`.
//! Input: n, then n integers.
use itertools::{iproduct, izip, Itertools};
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i32; n],
    }
    // Small brute forces over pairs and orders.
    let close_pairs = iproduct!(0..n, 0..n)
        .filter(|&(i, j)| i < j && (a[i] - a[j]).abs() <= 1)
        .count();
    println!("close pairs {close_pairs}");
    let best_order = a
        .iter()
        .take(5)
        .permutations(a.len().min(5))
        .map(|p| {
            p.iter()
                .tuple_windows()
                .map(|(x, y)| (**x - **y).abs())
                .sum::<i32>()
        })
        .max()
        .unwrap_or(0);
    println!("best order {best_order}");
    let triples = a
        .iter()
        .combinations(3)
        .filter(|c| c.iter().copied().sum::<i32>() % 3 == 0)
        .count();
    println!("triples {triples}");
    println!("sorted {}", a.iter().sorted().join(" "));
    let shifted: Vec<i32> = izip!(&a, a.iter().skip(1), a.iter().skip(2))
        .map(|(x, y, z)| x + y + z)
        .collect();
    println!("window sums {:?}", shifted);
}
