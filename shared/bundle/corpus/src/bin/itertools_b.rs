//! Itertools for summaries, as submissions use it: `tuple_combinations`,
//! `unique`, `dedup`, `minmax`, `kmerge_by`, `chunk_by` (the former group_by),
//! `join`, `sorted`. Input: n, then n integers.
use itertools::{Itertools, MinMaxResult};
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i32; n],
    }
    let pairs = a.iter().tuple_combinations().filter(|(x, y)| x < y).count();
    println!("increasing pairs {pairs}");
    println!("distinct {}", a.iter().unique().count());
    println!("runs {}", a.iter().dedup().count());
    match a.iter().minmax() {
        MinMaxResult::NoElements => println!("empty"),
        MinMaxResult::OneElement(x) => println!("one {x}"),
        MinMaxResult::MinMax(lo, hi) => println!("range {lo}..={hi}"),
    }
    let evens = a.iter().filter(|x| *x % 2 == 0).sorted();
    let odds = a.iter().filter(|x| *x % 2 != 0).sorted();
    let merged = vec![evens, odds]
        .into_iter()
        .kmerge_by(|x, y| x < y)
        .join(",");
    println!("merged {merged}");
    let signs = a
        .iter()
        .chunk_by(|x| x.signum())
        .into_iter()
        .map(|(sign, run)| format!("{}x{}", sign, run.count()))
        .join(" ");
    println!("sign runs {signs}");
}
